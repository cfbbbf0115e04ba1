// The packing family, native in the mznlib (share/minizinc/libsolve/fzn_diffn*.mzn):
// diffn and diffn_nonstrict, posted with solve::diffn / solve::diffn_nonstrict, and their
// k-dimensional forms (libsolve_diffn_k, libsolve_diffn_nonstrict_k); their test is
// MiniZinc's decomposition, every pair apart by one of the four relations (the fallback when
// a number does not fit libsolve's 32 bits).
#include <solve/packing.hpp>

#include "common.hpp"

namespace fzn::builtins {
namespace {

/// fzn_diffn(x, y, dx, dy) (Strict) or fzn_diffn_nonstrict.
template <bool Strict>
CheckFn diffn(const Call& c, CheckScope& s) {
  const std::vector<Slot> x = s.slots(c.terms(0)), y = s.slots(c.terms(1)),
                          dx = s.slots(c.terms(2)), dy = s.slots(c.terms(3));
  if (y.size() != x.size() || dx.size() != x.size() || dy.size() != x.size())
    c.fail("the four arrays differ in length");
  return [x, y, dx, dy](const Valuation& v) {
    for (std::size_t i = 0; i < x.size(); ++i)
      for (std::size_t j = i + 1; j < x.size(); ++j) {
        if (!Strict && (v[dx[i]] == 0 || v[dy[i]] == 0 || v[dx[j]] == 0 || v[dy[j]] == 0))
          continue;
        const Wide xi = v[x[i]], yi = v[y[i]], xj = v[x[j]], yj = v[y[j]];
        if (xi + v[dx[i]] <= xj || xj + v[dx[j]] <= xi || yi + v[dy[i]] <= yj ||
            yj + v[dy[j]] <= yi)
          continue;
        return false;
      }
    return true;
  };
}
template <bool Strict>
void post_diffn(const Call& c) {
  Context& ctx = c.ctx();
  const auto x = ctx.vars(c.terms(0)), y = ctx.vars(c.terms(1)), dx = ctx.vars(c.terms(2)),
             dy = ctx.vars(c.terms(3));
  if (Strict) solve::diffn(ctx.model(), x, y, dx, dy);  // ModelError on lengths: the test says
  else solve::diffn_nonstrict(ctx.model(), x, y, dx, dy);
}

/// libsolve_diffn_k(pos, size, k) (Strict) or libsolve_diffn_nonstrict_k: box i has origin
/// pos[i * k + a] and side size[i * k + a] on axis a (MiniZinc's diffn_k, its 2-d arrays
/// flattened row by row: the mznlib passes k).
template <bool Strict>
CheckFn diffn_k(const Call& c, CheckScope& s) {
  const std::vector<Slot> pos = s.slots(c.terms(0)), size = s.slots(c.terms(1));
  const std::int64_t k = c.integer(2);
  if (k < 1 || pos.size() != size.size() || pos.size() % std::size_t(k) != 0)
    c.fail(fmt::format("{} origins and {} sizes in {} dimensions", pos.size(), size.size(), k));
  const std::size_t d = std::size_t(k), n = pos.size() / d;
  return [pos, size, d, n](const Valuation& v) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        bool apart = false;
        for (std::size_t a = 0; a < d && !apart; ++a) {
          const Wide xi = v[pos[i * d + a]], xj = v[pos[j * d + a]];
          const std::int64_t wi = v[size[i * d + a]], wj = v[size[j * d + a]];
          apart = xi + wi <= xj || xj + wj <= xi || (!Strict && (wi == 0 || wj == 0));
        }
        if (!apart) return false;
      }
    return true;
  };
}
template <bool Strict>
void post_diffn_k(const Call& c) {
  Context& ctx = c.ctx();
  const auto pos = ctx.vars(c.terms(0)), size = ctx.vars(c.terms(1));
  const std::int64_t k = c.integer(2);
  if (k < 1 || pos.size() != size.size() || pos.size() % std::size_t(k) != 0)
    c.fail(fmt::format("{} origins and {} sizes in {} dimensions", pos.size(), size.size(), k));
  std::vector<std::vector<solve::Var>> origins, sides;
  for (std::size_t i = 0; i < pos.size(); i += std::size_t(k)) {
    origins.emplace_back(pos.begin() + std::ptrdiff_t(i), pos.begin() + std::ptrdiff_t(i + std::size_t(k)));
    sides.emplace_back(size.begin() + std::ptrdiff_t(i), size.begin() + std::ptrdiff_t(i + std::size_t(k)));
  }
  if (Strict) solve::diffn_k(ctx.model(), origins, sides);
  else solve::diffn_nonstrict_k(ctx.model(), origins, sides);
}

constexpr Builtin table_[] = {
    {"fzn_diffn", 4, post_diffn<true>, nullptr, diffn<true>},
    {"fzn_diffn_nonstrict", 4, post_diffn<false>, nullptr, diffn<false>},
    {"libsolve_diffn_k", 3, post_diffn_k<true>, nullptr, diffn_k<true>},
    {"libsolve_diffn_nonstrict_k", 3, post_diffn_k<false>, nullptr, diffn_k<false>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> packing_builtins() { return builtins::table_; }
}  // namespace fzn
