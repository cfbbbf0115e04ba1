// Boolean constraints. A literal is a variable or a view (negation(x) = 1 - x); it is true
// when it is 1 and false once 1 has left its domain.
//
// clause keeps two watched literals that are not false: a run costs O(1) until a watch turns
// false, and the watches need no undo on backtracking (a false literal only becomes open
// again, which keeps a watch valid). bool_or and parity recount on each run.
#include "solve/boolean.hpp"

#include <memory>
#include <vector>

#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/constraints.hpp"

namespace solve {
namespace detail {
namespace {

bool is_true(const Space& s, Var x) { return s.assigned(x) && s.value(x) == 1; }
bool is_false(const Space& s, Var x) { return !s.contains(x, 1); }

/// Appends [x != 1] (x false) for every literal of xs but `skip`; false when one of them was
/// not false in `before`.
bool add_false(const Space& before, std::span<const Var> xs, const Var* skip, Reason& r) {
  for (const Var& x : xs) {
    if (&x == skip) continue;
    if (!is_false(before, x)) return false;
    r.add(Literal::ne(x, 1));
  }
  return true;
}

/// The literal of xs that `pruned` is about, when the call set it to `value` (every pruned
/// literal on it follows from x == value); nullptr otherwise.
const Var* set_to(std::span<const Var> xs, const Literal& pruned, int value) {
  for (const Var& x : xs)
    if (x == pruned.var && pruned.satisfied_by(value)) return &x;
  return nullptr;
}

/// At least one literal is true.
class Clause final : public CloneableConstraint<Clause> {
 public:
  explicit Clause(std::vector<Var> lits) : lits_(std::move(lits)) {}
  std::span<const Var> scope() const override { return lits_; }
  std::string_view name() const override { return "clause"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }
  bool check(std::span<const int> v) const override {
    for (int x : v)
      if (x == 1) return true;
    return false;
  }
  Entailment entailment(const Space& s) const override {
    bool open = false;
    for (Var x : lits_) {
      if (!s.assigned(x)) open = true;
      else if (s.value(x) == 1) return Entailment::entailed;
    }
    return open ? Entailment::unknown : Entailment::disentailed;
  }
  /// b <=> the clause is bool_or over the literals; b => the clause is the clause with not b.
  std::unique_ptr<Constraint> reified(Var b, Reification how) const override;

  PropStatus propagate(Space& s) override {
    const std::size_t n = lits_.size();
    if (n == 1)
      return s.assign(lits_[0], 1) == Event::failed ? PropStatus::failed : PropStatus::entailed;
    for (int k = 0; k < 2; ++k) {
      std::size_t& w = watch_[k];
      const std::size_t other = watch_[1 - k];
      if (!is_false(s, lits_[w])) continue;
      std::size_t j = 0;
      while (j < n && (j == other || is_false(s, lits_[j]))) ++j;
      if (j < n) {
        w = j;
        continue;
      }
      // every literal but the other watch is false: it must be true
      return s.assign(lits_[other], 1) == Event::failed ? PropStatus::failed : PropStatus::entailed;
    }
    return is_true(s, lits_[watch_[0]]) || is_true(s, lits_[watch_[1]]) ? PropStatus::entailed
                                                                        : PropStatus::fixpoint;
  }
  // A literal is set true because every other one is false; a failure because all are.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) return add_false(before, lits_, nullptr, r);
      for (const Var& x : lits_) {
        if (!(x == pruned->var && pruned->satisfied_by(1))) continue;
        const std::size_t mark = r.size();
        if (add_false(before, lits_, &x, r)) return true;
        r.truncate(mark);
      }
      return false;
    });
  }

 private:
  std::vector<Var> lits_;  // at least 1
  std::size_t watch_[2] = {0, 1};
};

/// r <=> some x of xs is true. Scope: xs..., r.
class BoolOr final : public CloneableConstraint<BoolOr> {
 public:
  BoolOr(std::vector<Var> xs, Var r) : vars_(std::move(xs)) { vars_.push_back(r); }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "bool_or"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }
  bool check(std::span<const int> v) const override {
    bool any = false;
    for (std::size_t i = 0; i + 1 < v.size(); ++i) any = any || v[i] == 1;
    return v.back() == (any ? 1 : 0);
  }

  PropStatus propagate(Space& s) override {
    const std::size_t n = vars_.size() - 1;
    const Var r = vars_[n];
    if (is_false(s, r)) {
      for (std::size_t i = 0; i < n; ++i)
        if (s.remove(vars_[i], 1) == Event::failed) return PropStatus::failed;
      return PropStatus::entailed;
    }
    std::size_t open = 0, last = n;
    for (std::size_t i = 0; i < n; ++i) {
      if (is_true(s, vars_[i]))
        return s.assign(r, 1) == Event::failed ? PropStatus::failed : PropStatus::entailed;
      if (!is_false(s, vars_[i])) ++open, last = i;
    }
    if (open == 0)
      return s.assign(r, 0) == Event::failed ? PropStatus::failed : PropStatus::entailed;
    if (open == 1 && is_true(s, r))
      return s.assign(vars_[last], 1) == Event::failed ? PropStatus::failed : PropStatus::entailed;
    return PropStatus::fixpoint;
  }
  // r false takes 1 from every x; a true x sets r; all xs false clear r; r true with one x
  // open sets it. A failure: r false and an x true, or r true and every x false.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const std::span<const Var> xs = std::span<const Var>(vars_).first(vars_.size() - 1);
    const Var out = vars_.back();
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (!pruned) {
        if (is_false(before, out)) {
          for (const Var& x : xs)
            if (is_true(before, x))
              return r.add(Literal::ne(out, 1)), r.add(Literal::eq(x, 1)), true;
          return false;
        }
        return is_true(before, out) &&
               (r.add(Literal::eq(out, 1)), add_false(before, xs, nullptr, r));
      }
      if (pruned->var == out) {
        if (pruned->satisfied_by(0)) return add_false(before, xs, nullptr, r);
        if (!pruned->satisfied_by(1)) return false;
        for (const Var& x : xs)
          if (is_true(before, x)) return r.add(Literal::eq(x, 1)), true;
        return false;
      }
      if (const Var* x = set_to(xs, *pruned, 1); x && is_true(before, out))
        return r.add(Literal::eq(out, 1)), add_false(before, xs, x, r);
      // 1 left an x because r is false
      return is_false(before, out) &&
             explain_by_removals(before, *pruned, r, [&](int w, Reason& r) {
               return w == 1 && (r.add(Literal::ne(out, 1)), true);
             });
    });
  }

 private:
  std::vector<Var> vars_;
};

/// The number of xs equal to 1 is odd (odd_) or even.
class Parity final : public CloneableConstraint<Parity> {
 public:
  Parity(std::vector<Var> xs, bool odd) : xs_(std::move(xs)), odd_(odd) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "parity"; }
  Wake wakes_on(Propagation) const override { return Wake::assigned; }
  bool check(std::span<const int> v) const override {
    bool odd = false;
    for (int x : v) odd ^= x == 1;
    return odd == odd_;
  }

  PropStatus propagate(Space& s) override {
    bool odd = false;
    const Var* open = nullptr;
    for (const Var& x : xs_) {
      if (!s.assigned(x)) {
        if (open) return PropStatus::fixpoint;
        open = &x;
      } else {
        odd ^= s.value(x) == 1;
      }
    }
    if (!open) return odd == odd_ ? PropStatus::entailed : PropStatus::failed;
    return s.assign(*open, odd == odd_ ? 0 : 1) == Event::failed ? PropStatus::failed
                                                                 : PropStatus::entailed;
  }
  // The last open x takes its value from the others' (a failure: from all of them).
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      for (const Var& x : xs_) {
        if (pruned && x == pruned->var) continue;
        if (!before.assigned(x)) return false;
        r.add(Literal::eq(x, before.value(x)));
      }
      return true;
    });
  }

 private:
  std::vector<Var> xs_;
  bool odd_;
};

std::unique_ptr<Constraint> Clause::reified(Var b, Reification how) const {
  if (how == Reification::equivalent) return std::make_unique<BoolOr>(lits_, b);
  std::vector<Var> lits = lits_;
  lits.push_back(solve::negation(b));
  return std::make_unique<Clause>(std::move(lits));
}

std::vector<Var> with(std::span<const Var> xs, Var r) {
  std::vector<Var> v(xs.begin(), xs.end());
  v.push_back(r);
  return v;
}

}  // namespace
}  // namespace detail

void clause(Model& m, std::span<const Var> pos, std::span<const Var> neg) {
  std::vector<Var> lits(pos.begin(), pos.end());
  for (Var x : neg) lits.push_back(negation(x));
  detail::restrict_to_booleans(m, lits);
  if (lits.empty()) m.post(detail::make_false());
  else m.post(std::make_unique<detail::Clause>(std::move(lits)));
}

void bool_or(Model& m, std::span<const Var> xs, Var r) {
  std::vector<Var> vars = detail::with(xs, r);
  detail::restrict_to_booleans(m, vars);
  vars.pop_back();
  m.post(std::make_unique<detail::BoolOr>(std::move(vars), r));
}

void bool_and(Model& m, std::span<const Var> xs, Var r) {
  std::vector<Var> negated;  // r <=> all xs  is  not r <=> some not x
  for (Var x : xs) negated.push_back(negation(x));
  bool_or(m, negated, negation(r));
}

void bool_xor(Model& m, std::span<const Var> xs, Var r) { parity(m, detail::with(xs, r), false); }

void parity(Model& m, std::span<const Var> xs, bool odd) {
  detail::restrict_to_booleans(m, xs);
  m.post(std::make_unique<detail::Parity>(std::vector<Var>(xs.begin(), xs.end()), odd));
}

void bool_not(Model& m, Var a, Var b) {
  const Var both[] = {a, b};
  detail::restrict_to_booleans(m, both);
  equal(m, b, negation(a));
}

}  // namespace solve
