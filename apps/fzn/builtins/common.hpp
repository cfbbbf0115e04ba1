#pragma once
// Helpers shared by the builtin families.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include <solve/model.hpp>

#include "../builtins.hpp"

namespace fzn::builtins {

/// Arithmetic on FlatZinc's 64-bit constants without overflow.
__extension__ typedef __int128 Wide;

inline bool fits_int(std::int64_t v) { return v >= INT_MIN && v <= INT_MAX; }

/// Membership in a set constant, O(log n) for listed sets.
class SetTest {
 public:
  explicit SetTest(const IntSet& s) : range_(s.is_range), lo_(s.lo), hi_(s.hi) {
    if (!range_) values_ = s.values();
  }
  bool operator()(std::int64_t v) const {
    if (range_) return lo_ <= v && v <= hi_;
    return std::binary_search(values_.begin(), values_.end(), v);
  }

 private:
  bool range_;
  std::int64_t lo_, hi_;
  std::vector<std::int64_t> values_;
};

/// Posts a binary relation with libsolve's own propagator when both sides are variables,
/// through its test otherwise (a constant side makes it unary: a domain restriction).
inline void post_binary_or_checked(const Call& c, void (*binary)(solve::Model&, solve::Var, solve::Var),
                                   MakeCheck relation) {
  const Term a = c.term(0), b = c.term(1);
  if (!a.fixed && !b.fixed) binary(c.ctx().model(), a.var, b.var);
  else post_relation(c, relation);
}

}  // namespace fzn::builtins
