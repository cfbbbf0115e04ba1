// The packing family, native in the mznlib (share/minizinc/libsolve/fzn_diffn*.mzn):
// diffn and diffn_nonstrict, posted with solve::diffn / solve::diffn_nonstrict; their test is
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

constexpr Builtin table_[] = {
    {"fzn_diffn", 4, post_diffn<true>, nullptr, diffn<true>},
    {"fzn_diffn_nonstrict", 4, post_diffn<false>, nullptr, diffn<false>},
};

}  // namespace
}  // namespace fzn::builtins

namespace fzn {
std::span<const Builtin> packing_builtins() { return builtins::table_; }
}  // namespace fzn
