// Binary relations between two variables: x + c <= y (less, less_equal), x != y, x == y;
// and the unary x == v.
#include <array>
#include <climits>
#include <cstdint>
#include <memory>

#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/constraints.hpp"

namespace solve {
namespace detail {
namespace {

/// What the domains say about x == y: entailed when both are the same single value,
/// disentailed when the domains do not meet.
Entailment equal_entailment(const Space& s, const std::array<Var, 2>& v) {
  if (s.assigned(v[0]) && s.assigned(v[1]))
    return s.value(v[0]) == s.value(v[1]) ? Entailment::entailed : Entailment::disentailed;
  if (s.max(v[0]) < s.min(v[1]) || s.max(v[1]) < s.min(v[0])) return Entailment::disentailed;
  const Var small = s.size(v[0]) <= s.size(v[1]) ? v[0] : v[1], other = small == v[0] ? v[1] : v[0];
  for (int a = s.min(small); a != INT_MAX; a = s.next_value(small, a))
    if (s.contains(other, a)) return Entailment::unknown;
  return Entailment::disentailed;
}

Entailment negated_entailment(const Space& s, const std::array<Var, 2>& v) {
  const Entailment e = equal_entailment(s, v);
  return e == Entailment::entailed      ? Entailment::disentailed
         : e == Entailment::disentailed ? Entailment::entailed
                                        : Entailment::unknown;
}

/// x + offset <= y. Bounds reasoning is arc consistency for this relation; woken by an
/// assignment only (at forward) it is forward checking, so it runs from that level up.
class LessOffset final : public CloneableConstraint<LessOffset> {
 public:
  LessOffset(Var x, Var y, int offset) : vars_{x, y}, offset_(offset) {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return offset_ == 1 ? "less" : "less_equal"; }
  bool check(std::span<const int> v) const override { return std::int64_t(v[0]) + offset_ <= v[1]; }
  Entailment entailment(const Space& s) const override {
    if (std::int64_t(s.max(vars_[0])) + offset_ <= s.min(vars_[1])) return Entailment::entailed;
    if (std::int64_t(s.min(vars_[0])) + offset_ > s.max(vars_[1])) return Entailment::disentailed;
    return Entailment::unknown;
  }
  std::unique_ptr<Constraint> negation()
      const override {  // not (x + c <= y)  <=>  y + (1 - c) <= x
    return std::make_unique<LessOffset>(vars_[1], vars_[0], 1 - offset_);
  }
  Wake wakes_on(Propagation) const override { return Wake::bounds; }
  Propagation propagates_from() const override { return Propagation::forward; }

  PropStatus propagate(Space& s) override {
    const Var x = vars_[0], y = vars_[1];
    s.set_max(x, std::int64_t(s.max(y)) - offset_);
    if (!s.failed()) s.set_min(y, std::int64_t(s.min(x)) + offset_);
    if (s.failed()) return PropStatus::failed;
    return std::int64_t(s.max(x)) + offset_ <= s.min(y) ? PropStatus::entailed
                                                        : PropStatus::fixpoint;
  }
  // x's maximum comes from y's, y's minimum from x's; a failure from both.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var x = vars_[0], y = vars_[1];
    const std::int64_t x_max = std::int64_t(before.max(y)) - offset_;
    const std::int64_t y_min = std::int64_t(before.min(x)) + offset_;
    if (!pruned) return r.add(Literal::le(y, before.max(y))), r.add(Literal::ge(x, before.min(x)));
    if (pruned->var == x && follows_from_max(before, x_max, *pruned, r))
      return r.add(Literal::le(y, before.max(y)));
    if (pruned->var == y && follows_from_min(before, y_min, *pruned, r))
      return r.add(Literal::ge(x, before.min(x)));
    Constraint::explain(before, pruned, r);
  }

 private:
  std::array<Var, 2> vars_;
  int offset_;
};

/// x != y: only an assigned side can prune the other, so the propagator is forward checking
/// already and runs from that level up.
class NotEqual final : public CloneableConstraint<NotEqual> {
 public:
  NotEqual(Var x, Var y) : vars_{x, y} {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "not_equal"; }
  bool check(std::span<const int> v) const override { return v[0] != v[1]; }
  Entailment entailment(const Space& s) const override { return negated_entailment(s, vars_); }
  std::unique_ptr<Constraint> negation() const override;
  Wake wakes_on(Propagation) const override { return Wake::assigned; }
  Propagation propagates_from() const override { return Propagation::forward; }

  PropStatus propagate(Space& s) override {
    const Var x = vars_[0], y = vars_[1];
    if (s.assigned(x)) {
      s.remove(y, s.value(x));
      return settle(s, PropStatus::entailed);
    }
    if (s.assigned(y)) {
      s.remove(x, s.value(y));
      return settle(s, PropStatus::entailed);
    }
    return PropStatus::fixpoint;
  }
  // x != v because y == v (or the other way round); a bound or a value that this removal
  // left, with x's domain around v; a failure: both sides the same value
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var x = vars_[0], y = vars_[1];
    if (!pruned) {
      if (before.assigned(x) && before.assigned(y) && before.value(x) == before.value(y)) {
        r.add(Literal::eq(x, before.value(x)));
        return r.add(Literal::eq(y, before.value(y)));
      }
    } else if (pruned->var == x || pruned->var == y) {
      const Var other = pruned->var == x ? y : x;
      const std::size_t mark = r.size();
      if (explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
            if (!before.assigned(other) || before.value(other) != w) return false;
            r.add(Literal::eq(other, w));
            return true;
          }))
        return;
      r.truncate(mark);
    }
    Constraint::explain(before, pruned, r);
  }

 private:
  std::array<Var, 2> vars_;
};

/// x == y: domains intersected (forward checking when one side is assigned, hence from
/// forward up).
class Equal final : public CloneableConstraint<Equal> {
 public:
  Equal(Var x, Var y) : vars_{x, y} {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "equal"; }
  bool check(std::span<const int> v) const override { return v[0] == v[1]; }
  Entailment entailment(const Space& s) const override { return equal_entailment(s, vars_); }
  std::unique_ptr<Constraint> negation() const override {
    return std::make_unique<NotEqual>(vars_[0], vars_[1]);
  }
  Propagation propagates_from() const override { return Propagation::forward; }

  PropStatus propagate(Space& s) override {
    const Var x = vars_[0], y = vars_[1];
    keep_common(s, x, y);
    if (!s.failed()) keep_common(s, y, x);
    if (s.failed()) return PropStatus::failed;
    return s.assigned(x) && s.assigned(y) ? PropStatus::entailed : PropStatus::fixpoint;
  }
  // x's literal because y's domain lacked the values against it (or the other way round):
  // y's own literal of the same kind when it held ([y == v], [y != v], a bound), else y's
  // bounds and holes over those values
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    if (!pruned && explain_disjoint(before, r)) return;
    if (pruned && (pruned->var == vars_[0] || pruned->var == vars_[1])) {
      const Var other = pruned->var == vars_[0] ? vars_[1] : vars_[0];
      const Literal same{other, pruned->kind, pruned->value};
      if (same.holds_in(before)) return r.add(same);
      if (explain_by_other(before, *pruned, other, r)) return;
    }
    Constraint::explain(before, pruned, r);
  }

 private:
  /// A failure (or the disentailment a reification asks about): one side's value missing
  /// from the other, or bounds apart; false for other disjoint domains.
  bool explain_disjoint(const Space& before, Reason& r) const {
    for (int k = 0; k < 2; ++k) {
      const Var a = vars_[k], b = vars_[1 - k];
      if (before.assigned(a) && !before.contains(b, before.value(a))) {
        r.add(Literal::eq(a, before.value(a)));
        return r.add(Literal::ne(b, before.value(a))), true;
      }
      if (before.max(a) < before.min(b)) {
        r.add(Literal::le(a, before.max(a)));
        return r.add(Literal::ge(b, before.min(b))), true;
      }
    }
    return false;
  }
  /// Every value against `pruned` is missing from one side in `before`: below the higher of
  /// the two minima, above the lower of the two maxima (that bound named), or a hole of
  /// `other` or of the pruned side itself within both ranges (a small range only). The pruned
  /// side's own holes and bounds count: they were what kept it from the values `other` has
  /// (x {-2 -1 1 3}, y + 1 {0 1 2 4}: [x >= 1] does not follow from [y + 1 >= 0] alone,
  /// x = y + 1 = 0 satisfies both; wrong UNSAT answers with learning on langford l_3_17 and
  /// l_3_18, whose x - y = 2 is posted as x == y + 2)
  static bool explain_by_other(const Space& before, const Literal& pruned, Var other, Reason& r) {
    constexpr std::int64_t kSmall = 64;
    const Var x = pruned.var;
    const std::int64_t lo = std::max(before.min(x), before.min(other));
    const std::int64_t hi = std::min(before.max(x), before.max(other));
    if (hi - lo >= kSmall) return false;
    const std::size_t mark = r.size();
    for (std::int64_t w = lo; w <= hi; ++w) {
      const int v = int(w);
      if (pruned.satisfied_by(v)) continue;
      if (!before.contains(other, v)) r.add(Literal::ne(other, v));
      else if (!before.contains(x, v)) r.add(Literal::ne(x, v));
      else return r.truncate(mark), false;
    }
    // values against `pruned` below lo, above hi
    const std::int64_t v = pruned.value;
    bool below = true, above = true;
    switch (pruned.kind) {
      case Literal::Kind::le: below = v + 1 < lo; break;
      case Literal::Kind::ge: above = v - 1 > hi; break;
      case Literal::Kind::eq: break;
      case Literal::Kind::ne: below = v < lo, above = v > hi; break;
    }
    if (below) {
      if (before.min(other) >= before.min(x)) r.add(Literal::ge(other, before.min(other)));
      else r.add(Literal::ge(x, before.min(x)));
    }
    if (above) {
      if (before.max(other) <= before.max(x)) r.add(Literal::le(other, before.max(other)));
      else r.add(Literal::le(x, before.max(x)));
    }
    return true;
  }
  /// Removes from a every value that b lacks.
  static void keep_common(Space& s, Var a, Var b) {
    for (int v = s.min(a); v != INT_MAX && !s.failed(); v = s.next_value(a, v))
      if (!s.contains(b, v)) s.remove(a, v);
  }
  std::array<Var, 2> vars_;
};

/// x == v. Decided at the root at every level (it costs nothing during search).
class Fix final : public CloneableConstraint<Fix> {
 public:
  Fix(Var x, int v) : var_{x}, value_(v) {}
  std::span<const Var> scope() const override { return var_; }
  std::string_view name() const override { return "fix"; }
  bool check(std::span<const int> v) const override { return v[0] == value_; }
  std::unique_ptr<Constraint> negation() const override {
    return make_in_set(var_[0], {value_}, false);
  }
  std::unique_ptr<Constraint> reified(Var b, Reification how) const override;
  Propagation propagates_from() const override { return Propagation::none; }
  Entailment entailment(const Space& s) const override {
    if (!s.contains(var_[0], value_)) return Entailment::disentailed;
    return s.assigned(var_[0]) ? Entailment::entailed : Entailment::unknown;
  }
  PropStatus propagate(Space& s) override {
    s.assign(var_[0], value_);
    return settle(s, PropStatus::entailed);
  }
  // every pruning is implied by the constraint alone; a failure by v's absence
  void explain(const Space&, std::optional<Literal> pruned, Reason& r) const override {
    if (!pruned) r.add(Literal::ne(var_[0], value_));
  }

 private:
  std::array<Var, 1> var_;
  int value_;
};

/// b <=> (x == v), or b => (x == v): the most common reification, without the general wrapper.
class ReifiedFix final : public CloneableConstraint<ReifiedFix> {
 public:
  ReifiedFix(Var x, int v, Var b, Reification how) : vars_{x, b}, value_(v), how_(how) {}
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "reified_fix"; }
  bool check(std::span<const int> v) const override {
    if (v[1] != 0 && v[1] != 1) return false;
    return how_ == Reification::equivalent ? (v[0] == value_) == (v[1] == 1)
                                           : v[1] == 0 || v[0] == value_;
  }

  PropStatus propagate(Space& s) override {
    const Var x = vars_[0], b = vars_[1];
    if (s.assigned(b)) {
      if (s.value(b) == 1) s.assign(x, value_);
      else if (how_ == Reification::equivalent) s.remove(x, value_);
      return settle(s, PropStatus::entailed);
    }
    if (!s.contains(x, value_))
      return s.assign(b, 0) == Event::failed ? PropStatus::failed : PropStatus::entailed;
    if (!s.assigned(x)) return PropStatus::fixpoint;
    if (how_ == Reification::implies) return PropStatus::entailed;
    return s.assign(b, 1) == Event::failed ? PropStatus::failed : PropStatus::entailed;
  }
  // b fixed decides x (a failure: x against b); x decides b.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var x = vars_[0], b = vars_[1];
    explain_or_scope(*this, before, r, [&](Reason& r) {
      const bool equivalent = how_ == Reification::equivalent;
      if (before.assigned(b)) {
        const int v = before.value(b);
        if (v != 1 && !(v == 0 && equivalent)) return false;
        r.add(Literal::eq(b, v));
        if (!pruned) return r.add(v == 1 ? Literal::ne(x, value_) : Literal::eq(x, value_)), true;
        if (pruned->var != x) return false;
        if (v == 1) return pruned->satisfied_by(value_);  // b alone sets x
        return explain_by_removals(before, *pruned, r, [&](int w, Reason&) { return w == value_; });
      }
      if (!pruned || pruned->var != b) return false;
      if (pruned->satisfied_by(0) && !pruned->satisfied_by(1) && !before.contains(x, value_))
        return r.add(Literal::ne(x, value_)), true;
      if (pruned->satisfied_by(1) && !pruned->satisfied_by(0) && equivalent && before.assigned(x) &&
          before.value(x) == value_)
        return r.add(Literal::eq(x, value_)), true;
      return false;
    });
  }

 private:
  std::array<Var, 2> vars_;
  int value_;
  Reification how_;
};

std::unique_ptr<Constraint> Fix::reified(Var b, Reification how) const {
  return std::make_unique<ReifiedFix>(var_[0], value_, b, how);
}

std::unique_ptr<Constraint> NotEqual::negation() const {
  return std::make_unique<Equal>(vars_[0], vars_[1]);
}

}  // namespace

std::unique_ptr<Constraint> make_less_offset(Var x, Var y, int offset) {
  return std::make_unique<LessOffset>(x, y, offset);
}
std::unique_ptr<Constraint> make_equal(Var x, Var y) { return std::make_unique<Equal>(x, y); }
std::unique_ptr<Constraint> make_not_equal(Var x, Var y) {
  return std::make_unique<NotEqual>(x, y);
}

}  // namespace detail

void less(Model& m, Var x, Var y) { m.post(std::make_unique<detail::LessOffset>(x, y, 1)); }
void less_equal(Model& m, Var x, Var y) { m.post(std::make_unique<detail::LessOffset>(x, y, 0)); }
void not_equal(Model& m, Var x, Var y) { m.post(std::make_unique<detail::NotEqual>(x, y)); }
void equal(Model& m, Var x, Var y) { m.post(std::make_unique<detail::Equal>(x, y)); }
void fix(Model& m, Var x, int v) { m.post(std::make_unique<detail::Fix>(x, v)); }

}  // namespace solve
