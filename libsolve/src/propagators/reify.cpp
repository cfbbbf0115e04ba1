// Reification over any constraint: a wrapper that runs the constraint, its negation, or its
// entailment test depending on b; a conjunction for post functions that add several
// constraints; and the capture that turns a post function into constraint objects.
#include "solve/reify.hpp"

#include <memory>
#include <vector>

#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {

namespace detail {

/// Collects what Model::post receives while it lives (nests: restores the previous target).
class Capture {
 public:
  explicit Capture(Model& m) : m_(m), previous_(m.capture_) { m.capture_ = &taken_; }
  ~Capture() { m_.capture_ = previous_; }
  Capture(const Capture&) = delete;
  Capture& operator=(const Capture&) = delete;
  std::vector<std::unique_ptr<Constraint>> take() { return std::move(taken_); }

 private:
  Model& m_;
  std::vector<std::unique_ptr<Constraint>>* previous_;
  std::vector<std::unique_ptr<Constraint>> taken_;
};

namespace {

Entailment flip(Entailment e) {
  return e == Entailment::entailed      ? Entailment::disentailed
         : e == Entailment::disentailed ? Entailment::entailed
                                        : Entailment::unknown;
}

/// Several constraints that hold together (what one post function added).
class Conjunction final : public Constraint {
 public:
  explicit Conjunction(std::vector<std::unique_ptr<Constraint>> parts) : parts_(std::move(parts)) {
    for (const auto& p : parts_) {
      const auto sc = p->scope();
      vars_.insert(vars_.end(), sc.begin(), sc.end());
      wake_ = std::min(wake_, p->wakes_on(Propagation::domain));
    }
  }
  Conjunction(const Conjunction& o) : vars_(o.vars_), wake_(o.wake_) {
    for (const auto& p : o.parts_) parts_.push_back(p->clone());
  }
  std::unique_ptr<Constraint> clone() const override {
    return std::make_unique<Conjunction>(*this);
  }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "conjunction"; }
  Wake wakes_on(Propagation) const override { return wake_; }
  bool check(std::span<const int> v) const override {
    std::size_t at = 0;
    for (const auto& p : parts_) {
      const std::size_t n = p->scope().size();
      if (!p->check(v.subspan(at, n))) return false;
      at += n;
    }
    return true;
  }
  Entailment entailment(const Space& s) const override {
    bool all = true;
    for (const auto& p : parts_) {
      const Entailment e = p->entailment(s);
      if (e == Entailment::disentailed) return e;
      all = all && e == Entailment::entailed;
    }
    return all ? Entailment::entailed : Entailment::unknown;
  }
  PropStatus propagate(Space& s) override {
    bool all = true;
    for (const auto& p : parts_) {
      const PropStatus st = p->propagate(s);
      if (st == PropStatus::failed || s.failed()) return PropStatus::failed;
      all = all && st == PropStatus::entailed;
    }
    // one part's pruning may let another prune: the engine reruns it if anything changed
    return all ? PropStatus::entailed : PropStatus::changed;
  }

 private:
  std::vector<std::unique_ptr<Constraint>> parts_;
  std::vector<Var> vars_;
  Wake wake_ = Wake::assigned;
};

/// b <=> c, or b => c. Scope: c's scope, then b.
class Reified final : public Constraint {
 public:
  Reified(std::unique_ptr<Constraint> c, Var b, Reification how) : c_(std::move(c)), how_(how) {
    if (how_ == Reification::equivalent) neg_ = c_->negation();
    const auto sc = c_->scope();
    vars_.assign(sc.begin(), sc.end());
    vars_.push_back(b);
  }
  Reified(const Reified& o)
      : c_(o.c_->clone()), neg_(o.neg_ ? o.neg_->clone() : nullptr), how_(o.how_), vars_(o.vars_) {}
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<Reified>(*this); }
  std::span<const Var> scope() const override { return vars_; }
  std::string_view name() const override { return "reified"; }
  Wake wakes_on(Propagation p) const override {
    const Wake w = c_->wakes_on(p);
    return neg_ ? std::min(w, neg_->wakes_on(p)) : w;
  }
  bool check(std::span<const int> v) const override {
    const int b = v.back();
    if (b != 0 && b != 1) return false;
    const bool holds = c_->check(v.first(v.size() - 1));
    return how_ == Reification::equivalent ? holds == (b == 1) : b == 0 || holds;
  }
  Entailment entailment(const Space& s) const override {
    const Var b = vars_.back();
    if (!s.assigned(b)) return Constraint::entailment(s);
    if (s.value(b) == 1) return c_->entailment(s);
    return how_ == Reification::implies ? Entailment::entailed : flip(c_->entailment(s));
  }
  std::unique_ptr<Constraint> negation() const override {  // not (b <=> c)  is  (1 - b) <=> c
    if (how_ != Reification::equivalent) return nullptr;
    return std::make_unique<Reified>(c_->clone(), negation_of(vars_.back()), how_);
  }

  PropStatus propagate(Space& s) override {
    const Var b = vars_.back();
    if (s.assigned(b)) {
      if (s.value(b) == 1) return c_->propagate(s);
      if (how_ == Reification::implies) return PropStatus::entailed;
      if (neg_) return neg_->propagate(s);
      const Entailment e = c_->entailment(s);
      return e == Entailment::entailed      ? PropStatus::failed
             : e == Entailment::disentailed ? PropStatus::entailed
                                            : PropStatus::fixpoint;
    }
    switch (c_->entailment(s)) {
      case Entailment::entailed:
        if (how_ == Reification::implies) return PropStatus::entailed;
        return s.assign(b, 1) == Event::failed ? PropStatus::failed : PropStatus::entailed;
      case Entailment::disentailed:
        return s.assign(b, 0) == Event::failed ? PropStatus::failed : PropStatus::entailed;
      case Entailment::unknown: break;
    }
    return PropStatus::fixpoint;
  }
  // With b fixed, the call was the constraint's (or its negation's): b's value and that one's
  // reason. With b open, b took the value whose other side failed: c's failure reason sets b
  // to 0, the negation's sets it to 1 (the reasons that a call of theirs would have given).
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const Var b = vars_.back();
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (before.assigned(b)) {
        const int v = before.value(b);
        const Constraint* ran = v == 1                            ? c_.get()
                                : how_ == Reification::equivalent ? neg_.get()
                                                                  : nullptr;
        if (!ran || (v != 0 && v != 1)) return false;
        r.add(Literal::eq(b, v));
        ran->explain(before, pruned, r);
        return true;
      }
      if (!pruned || pruned->var != b) return false;
      if (pruned->satisfied_by(0) && !pruned->satisfied_by(1))
        return c_->entailment(before) == Entailment::disentailed &&
               (c_->explain(before, std::nullopt, r), true);
      if (pruned->satisfied_by(1) && !pruned->satisfied_by(0) && neg_)
        return c_->entailment(before) == Entailment::entailed &&
               (neg_->explain(before, std::nullopt, r), true);
      return false;
    });
  }

 private:
  static Var negation_of(Var b) { return solve::negation(b); }

  std::unique_ptr<Constraint> c_, neg_;
  Reification how_;
  std::vector<Var> vars_;
};

}  // namespace
}  // namespace detail

void reify(Model& m, Var b, std::unique_ptr<Constraint> c, Reification how) {
  if (!c) throw ModelError("reify: null constraint");
  detail::restrict_to_booleans(m, {&b, 1});
  for (Var x : c->scope()) m.check(x);
  if (auto fast = c->reified(b, how)) m.post(std::move(fast));
  else m.post(std::make_unique<detail::Reified>(std::move(c), b, how));
}

void reify(Model& m, Var b, const std::function<void(Model&)>& post, Reification how) {
  const int vars_before = m.num_vars();
  std::vector<std::unique_ptr<Constraint>> cs;
  {
    detail::Capture capture(m);
    post(m);
    cs = capture.take();
  }
  if (m.num_vars() != vars_before && how == Reification::equivalent)
    throw ModelError(
        "reify: the constraint added variables; only Reification::implies is sound then");
  if (cs.empty()) {  // nothing to hold: always true
    if (how == Reification::equivalent) fix(m, b, 1);
    return;
  }
  reify(
      m, b,
      cs.size() == 1 ? std::move(cs.front()) : std::make_unique<detail::Conjunction>(std::move(cs)),
      how);
}

}  // namespace solve
