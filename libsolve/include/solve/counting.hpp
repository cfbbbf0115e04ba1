#pragma once
// Counting constraints: how many variables take a value from a set. Built on the public
// Constraint interface (constraint.hpp) like any user constraint.
//
//   // at most 3 of the cells hold tile type 7 (values 28..31 = its four turns):
//   solve::among(m, cells, std::vector<int>{28, 29, 30, 31}, 0, 3);
#include <span>
#include <vector>

#include "solve/export.hpp"
#include "solve/model.hpp"

namespace solve {

/// lo <= |{ i : xs[i] in values }| <= hi. Throws ModelError when lo > hi or values is empty.
/// Propagation: bounds on the count (variables that surely/possibly take a value of the set);
/// when the bound is reached, the others are forced out of / into the set.
SOLVE_API void among(Model& m, std::span<const Var> xs, std::span<const int> values, int lo,
                     int hi);

/// n == |{ i : xs[i] in values }| (the count a variable). Bounds on the count as above, the
/// count kept between the sure and the possible numbers.
SOLVE_API void among(Model& m, std::span<const Var> xs, std::span<const int> values, Var n);

/// n == |{ i : xs[i] == value }|.
SOLVE_API void occurrences(Model& m, std::span<const Var> xs, int value, Var n);
/// n == |{ i : xs[i] == y }| with y a variable: per value of y, bounds on its count; y loses
/// the values whose count cannot be n.
SOLVE_API void occurrences(Model& m, std::span<const Var> xs, Var y, Var n);

/// n == the number of distinct values taken by xs. n lies between the fewest values that meet
/// every domain's hull [min, max] (at least the number of distinct assigned values; no
/// matching) and the size of the union of the domains; when n's max is the number of distinct
/// assigned values, the open variables must reuse assigned values. O(total domain size +
/// n log n) per run.
SOLVE_API void nvalue(Model& m, std::span<const Var> xs, Var n);

/// One group of values and how many variables may take a value of it.
struct ValueCount {
  std::vector<int> values;
  int lo = 0;
  int hi = 0;
};

/// Global cardinality over value groups: for every group g, g.lo <= |{ i : xs[i] in g.values }|
/// <= g.hi. Groups must not share values (ModelError). One propagator for all groups: bounds
/// on each group's count as among() does, in a single pass over the variables (no matching
/// across groups).
SOLVE_API void global_cardinality(Model& m, std::span<const Var> xs,
                                  std::span<const ValueCount> groups);

}  // namespace solve
