#pragma once
// Helpers shared by the builtin families: posting over terms (a variable or a constant) with
// libsolve's propagators, constants folded in so that no variable is created (what a Native
// must guarantee, builtins.hpp).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <span>
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

/// A truth decided while translating: nothing when it holds, the empty clause otherwise
/// (false, also inside a reification).
void post_truth(solve::Model& m, bool holds);
/// a rel b.
void compare_terms(solve::Model& m, Term a, solve::Rel rel, Term b);
/// sum(coefs[i] * xs[i]) rel rhs. ModelError when a coefficient needs more than 32 bits.
void linear_terms(solve::Model& m, std::span<const std::int64_t> coefs, std::span<const Term> xs,
                  solve::Rel rel, Term rhs);
/// Some of pos is true (not 0) or some of neg is false (0).
void clause_terms(solve::Model& m, std::span<const Term> pos, std::span<const Term> neg);
/// x is in the set (member) or not in it.
void in_set_term(solve::Model& m, Term x, const IntSet& set, bool member = true);
/// The values of a set constant that x's initial domain holds (at most its size).
std::vector<int> values_in_domain(const solve::Model& m, solve::Var x, const IntSet& set);

}  // namespace fzn::builtins
