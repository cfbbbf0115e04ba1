#include "csp/branching.hpp"

#include <algorithm>

namespace solve::detail::csp {

namespace {

/// The candidate `order` prefers among those `each` lists as (variable, rank), ties going to
/// the smaller rank (creation order, or the position in a branch group); -1 when none.
template <class Each>
int best_of(PropagationKernel& e, VarOrder order, Each&& each) {
  const Space& s = e.space();
  int best = -1, best_rank = 0;
  if (order == VarOrder::dom_wdeg) {
    // minimise size / wdeg, compared exactly as size_a * wdeg_b < size_b * wdeg_a
    std::uint64_t best_size = 0, best_w = 1;
    each([&](int i, int rank) {
      const std::uint64_t size = std::uint64_t(s.size(Var{i}));
      const std::uint64_t w = std::max<std::uint64_t>(e.weighted_degree(i), 1);
      const std::uint64_t lhs = size * best_w, rhs = best_size * w;
      if (best < 0 || lhs < rhs || (lhs == rhs && rank < best_rank)) {
        best = i, best_rank = rank;
        best_size = size;
        best_w = w;
      }
    });
    return best;
  }
  if (order == VarOrder::mrv_degree) {
    // smallest domain, then the degree (computed only on ties), then the rank
    int best_size = 0, best_degree = -1;
    each([&](int i, int rank) {
      const int size = s.size(Var{i});
      if (best < 0 || size < best_size) {
        best = i, best_rank = rank;
        best_size = size;
        best_degree = -1;
      } else if (size == best_size) {
        if (best_degree < 0) best_degree = e.degree(best);
        const int d = e.degree(i);
        if (d > best_degree || (d == best_degree && rank < best_rank)) {
          best = i, best_rank = rank;
          best_degree = d;
        }
      }
    });
    return best;
  }
  // one number to minimise; the key is chosen outside the loop
  auto smallest = [&](auto key) {
    std::int64_t best_key = 0;
    each([&](int i, int rank) {
      const std::int64_t k = key(Var{i});
      if (best < 0 || k < best_key || (k == best_key && rank < best_rank)) {
        best = i, best_rank = rank;
        best_key = k;
      }
    });
    return best;
  };
  switch (order) {
    case VarOrder::mrv: return smallest([&](Var x) { return std::int64_t(s.size(x)); });
    case VarOrder::largest_domain: return smallest([&](Var x) { return -std::int64_t(s.size(x)); });
    case VarOrder::smallest_value: return smallest([&](Var x) { return std::int64_t(s.min(x)); });
    case VarOrder::largest_value: return smallest([&](Var x) { return -std::int64_t(s.max(x)); });
    case VarOrder::degree: return smallest([&](Var x) { return -std::int64_t(e.degree(x.id)); });
    default: return smallest([](Var) { return std::int64_t{0}; });  // input: the rank alone
  }
}

}  // namespace

int select_variable(PropagationKernel& e, VarOrder order) {
  if (order == VarOrder::input) return e.first_open();
  return best_of(e, order, [&](auto&& f) { e.for_each_open([&](int i) { f(i, i); }); });
}

BranchChoice choose(PropagationKernel& e, VarOrder var, ValOrder val) {
  const int at = e.open_group();
  if (at < 0) return {select_variable(e, var), val};
  const Model::BranchGroup& g = e.groups()[std::size_t(at)];
  if (g.var == VarOrder::input) return {g.vars[std::size_t(e.group_cursor())].id, g.val};
  const Space& s = e.space();
  const int x = best_of(e, g.var, [&](auto&& f) {
    for (std::size_t k = 0; k < g.vars.size(); ++k)
      if (!s.assigned(g.vars[k])) f(g.vars[k].id, int(k));
  });
  return {x, g.val};
}

void order_values(const Space& s, Var x, ValOrder order, std::uint64_t& rng, std::vector<int>& out) {
  const std::size_t first = out.size();
  s.for_each_value(x, [&](int v) { out.push_back(v); });
  if (order == ValOrder::descending) {
    std::reverse(out.begin() + std::ptrdiff_t(first), out.end());
  } else if (order == ValOrder::median) {
    // the median value (the lower of two) first, the others ascending
    const std::size_t mid = first + (out.size() - first - 1) / 2;
    std::rotate(out.begin() + std::ptrdiff_t(first), out.begin() + std::ptrdiff_t(mid),
                out.begin() + std::ptrdiff_t(mid) + 1);
  } else if (order == ValOrder::random) {
    // Fisher-Yates with xorshift64*: reproducible from the seed on every platform
    for (std::size_t i = out.size() - 1; i > first; --i) {
      rng ^= rng >> 12;
      rng ^= rng << 25;
      rng ^= rng >> 27;
      const std::uint64_t r = rng * 2685821657736338717ULL;
      const std::size_t j = first + std::size_t(r % (i - first + 1));
      std::swap(out[i], out[j]);
    }
  }
}

}  // namespace solve::detail::csp
