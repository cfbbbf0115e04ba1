#include "csp/branching.hpp"

#include <algorithm>

namespace solve::detail::csp {

namespace {

// Both take the variable's id, not a Var: a Var built in a loop and passed by value in
// registers went through the stack (two narrow stores, one wide load), a failed
// store-to-load forward on every call of the selection loop.
/// For unassigned variable id: the constraints (not entailed) on it that have another
/// unassigned variable, each counted once per unassigned neighbour: its degree in the
/// binary constraint graph. O(constraints on it): each constraint knows its open variables.
int degree(const PropagationKernel& k, std::int32_t id) {
  int deg = 0;  // the others open in constraint p are open_in(p) - 1 (distinct variables)
  for (const std::int32_t p : k.constraints_on(id))
    if (!k.entailed(p)) deg += k.open_in(p) - 1;
  return deg;
}
/// For unassigned variable id: the sum of failure weights of the constraints on it with
/// another unassigned variable.
std::uint64_t weighted_degree(const PropagationKernel& k, std::int32_t id) {
  std::uint64_t w = 0;
  for (const std::int32_t p : k.constraints_on(id))
    if (!k.entailed(p) && k.open_in(p) >= 2) w += k.weight(p);
  return w;
}

/// The candidate `order` prefers among those `each` lists as (variable, rank), ties going to
/// the smaller rank (creation order, or the position in a branch group); -1 when none.
template <class Each>
int best_of(const PropagationKernel& e, VarOrder order, Each&& each) {
  const Space& s = e.space();
  int best = -1, best_rank = 0;
  if (order == VarOrder::dom_wdeg) {
    // minimise size / wdeg, compared exactly as size_a * wdeg_b < size_b * wdeg_a
    std::uint64_t best_size = 0, best_w = 1;
    each([&](int i, int rank) {
      const std::uint64_t size = std::uint64_t(s.size(Var{i}));
      const std::uint64_t w = std::max<std::uint64_t>(weighted_degree(e, i), 1);
      const std::uint64_t lhs = size * best_w, rhs = best_size * w;
      if (best < 0 || lhs < rhs || (lhs == rhs && rank < best_rank)) {
        best = i, best_rank = rank;
        best_size = size;
        best_w = w;
      }
    });
    return best;
  }
  if (order == VarOrder::activity) {
    // maximise activity / size, compared as act_a * size_b > act_b * size_a
    double best_act = 0;
    std::uint64_t best_size = 1;
    each([&](int i, int rank) {
      const std::uint64_t size = std::uint64_t(s.size(Var{i}));
      const double act = e.activity(i);
      const double lhs = act * double(best_size), rhs = best_act * double(size);
      if (best < 0 || lhs > rhs || (lhs == rhs && rank < best_rank)) {
        best = i, best_rank = rank;
        best_size = size;
        best_act = act;
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
        if (best_degree < 0) best_degree = degree(e, best);
        const int d = degree(e, i);
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
    case VarOrder::degree: return smallest([&](Var x) { return -std::int64_t(degree(e, x.id)); });
    default: return smallest([](Var) { return std::int64_t{0}; });  // input: the rank alone
  }
}

}  // namespace

Brancher::Brancher(const Model& model, int num_vars)
    : open_(std::size_t(num_vars)), groups_(model.branching()) {
  for (int i = 0; i < num_vars; ++i) open_[std::size_t(i)] = i;
  n_open_ = std::uint32_t(num_vars);
}

int Brancher::open_group(const Space& s) {
  while (group_ < int(groups_.size())) {
    const std::vector<Var>& xs = groups_[std::size_t(group_)].vars;
    while (group_pos_ < int(xs.size()) && s.assigned(xs[std::size_t(group_pos_)])) ++group_pos_;
    if (group_pos_ < int(xs.size())) return group_;
    ++group_;
    group_pos_ = 0;
  }
  return -1;
}

int Brancher::first_open(const Space& s) {
  const int n = s.num_vars();
  while (first_open_ < n && s.assigned(Var{first_open_})) ++first_open_;
  return first_open_ < n ? first_open_ : -1;
}

int Brancher::select_variable(const PropagationKernel& k, VarOrder order) {
  if (order == VarOrder::input) return first_open(k.space());
  if (!tie_.empty())
    return best_of(k, order, [&](auto&& f) {
      for_each_open(k.space(), [&](int i) { f(i, tie_[std::size_t(i)]); });
    });
  return best_of(k, order, [&](auto&& f) { for_each_open(k.space(), [&](int i) { f(i, i); }); });
}

void Brancher::draw_ties(std::uint64_t& rng) {
  if (tie_.empty()) {
    tie_.resize(open_.size());
    for (std::size_t i = 0; i < tie_.size(); ++i) tie_[i] = std::int32_t(i);
  }
  for (std::size_t i = tie_.size(); i-- > 1;) std::swap(tie_[i], tie_[next_random(rng) % (i + 1)]);
}

BranchChoice Brancher::choose(const PropagationKernel& k, VarOrder var, ValOrder val) {
  const Space& s = k.space();
  const int at = open_group(s);
  if (at < 0) return {select_variable(k, var), val};
  const Model::BranchGroup& g = groups_[std::size_t(at)];
  if (g.var == VarOrder::input) return {g.vars[std::size_t(group_pos_)].id, g.val};
  const int x = best_of(k, g.var, [&](auto&& f) {
    for (std::size_t i = 0; i < g.vars.size(); ++i)
      if (!s.assigned(g.vars[i]))
        f(g.vars[i].id, tie_.empty() ? int(i) : tie_[std::size_t(g.vars[i].id)]);
  });
  return {x, g.val};
}

std::uint64_t next_random(std::uint64_t& rng) {
  // xorshift64*: reproducible from the seed on every platform
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 2685821657736338717ULL;
}

void order_values(const Space& s, Var x, ValOrder order, std::uint64_t& rng,
                  std::vector<int>& out) {
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
    // Fisher-Yates
    for (std::size_t i = out.size() - 1; i > first; --i) {
      const std::size_t j = first + std::size_t(next_random(rng) % (i - first + 1));
      std::swap(out[i], out[j]);
    }
  }
}

}  // namespace solve::detail::csp
