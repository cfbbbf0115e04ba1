#pragma once
// Reasons of table constraints: a tuple is out because one of its values is: a literal per
// tuple that excludes it, shared between tuples (a bound of a column excludes every tuple whose
// value lies beyond it, [x != w] every tuple with w in that column).
#include <cstddef>
#include <span>
#include <vector>

#include "solve/explain.hpp"
#include "solve/space.hpp"

namespace solve::detail {

class TupleCover {
 public:
  /// Literals on the columns xs (their domains in `before`), appended to r.
  TupleCover(const Space& before, std::span<const Var> xs, Reason& r)
      : before_(before), xs_(xs), r_(r), named_(xs.size()) {}

  /// Makes the reason exclude tuple t (a value per column) by a column other than `skip`:
  /// true when a literal already named does, or one that holds in `before` is added (a bound
  /// when the value lies beyond it, else [x != value]); false when every column but skip
  /// still has its value.
  bool exclude(std::span<const int> t, std::size_t skip) {
    for (std::size_t j = 0; j < xs_.size(); ++j)
      if (j != skip && excluded(j, t[j])) return true;
    for (std::size_t j = 0; j < xs_.size(); ++j) {  // a bound first: it may serve many tuples
      if (j == skip) continue;
      const Var x = xs_[j];
      if (t[j] < before_.min(x)) {
        named_[j].ge = true;
        r_.add(Literal::ge(x, before_.min(x)));
        return true;
      }
      if (t[j] > before_.max(x)) {
        named_[j].le = true;
        r_.add(Literal::le(x, before_.max(x)));
        return true;
      }
    }
    for (std::size_t j = 0; j < xs_.size(); ++j)
      if (j != skip && !before_.contains(xs_[j], t[j])) {
        named_[j].ne.push_back(t[j]);
        r_.add(Literal::ne(xs_[j], t[j]));
        return true;
      }
    return false;
  }

  /// Names both bounds of column j (its value when it has one), once: every tuple with a value
  /// beyond them is out. For reasons that enumerate tuples within the bounds only.
  void name_bounds(std::size_t j) {
    Named& n = named_[j];
    if (n.ge && n.le) return;
    const Var x = xs_[j];
    if (before_.assigned(x) && !n.ge && !n.le) {
      r_.add(Literal::eq(x, before_.value(x)));
    } else {
      if (!n.ge) r_.add(Literal::ge(x, before_.min(x)));
      if (!n.le) r_.add(Literal::le(x, before_.max(x)));
    }
    n.ge = n.le = true;
  }

 private:
  /// The literals named on one column: its bounds, and values it lacks.
  struct Named {
    bool ge = false, le = false;
    std::vector<int> ne;
  };
  /// True when a literal named on column j excludes the value v.
  bool excluded(std::size_t j, int v) const {
    const Named& n = named_[j];
    if ((n.ge && v < before_.min(xs_[j])) || (n.le && v > before_.max(xs_[j]))) return true;
    for (int w : n.ne)
      if (w == v) return true;
    return false;
  }

  const Space& before_;
  std::span<const Var> xs_;
  Reason& r_;
  std::vector<Named> named_;
};

}  // namespace solve::detail
