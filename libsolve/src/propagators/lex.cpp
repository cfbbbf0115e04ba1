// xs <=lex ys (or <lex): walk the prefix of positions fixed equal; at the first other
// position q, x_q <= y_q must hold on bounds. If q is already decided (x_q < y_q surely) the
// constraint is entailed; if the whole sequence is fixed equal, strict fails and non-strict
// is entailed. Pruning x_q/y_q can fix them equal, so the walk repeats until it stops moving.
//
// Reasons: a position p of the prefix is equal because x_p >= v >= y_p (x_p <= y_p holds
// there, or the order is broken); x_q and y_q are pruned by each other's bound, one apart when
// strict and every later position is equal in the same way. Each position after one that
// pruned is a step of its own (the prefix its reason names is in the step's domains).
#include <algorithm>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraint.hpp"
#include "solve/error.hpp"
#include "solve/ordering.hpp"

namespace solve::detail {

namespace {

class Lex : public CloneableConstraint<Lex> {
 public:
  Lex(std::vector<Var> xs, std::vector<Var> ys, bool strict) : strict_(strict), n_(xs.size()) {
    scope_ = std::move(xs);
    scope_.insert(scope_.end(), ys.begin(), ys.end());
  }

  std::span<const Var> scope() const override { return scope_; }
  std::string_view name() const override { return strict_ ? "lex_less" : "lex_less_equal"; }
  bool check(std::span<const int> v) const override {
    const auto xs = v.first(n_), ys = v.subspan(n_);
    return strict_ ? std::lexicographical_compare(xs.begin(), xs.end(), ys.begin(), ys.end())
                   : !std::lexicographical_compare(ys.begin(), ys.end(), xs.begin(), xs.end());
  }

  PropStatus propagate(Space& s) override {
    // a position that the prunings at the one before fixed equal begins a step of its own
    // (Space::begin_step()): its reason names that prefix, which the call's start lacked
    bool pruned = false;
    for (std::size_t q = 0; q < n_; ++q) {
      const Var x = scope_[q], y = scope_[n_ + q];
      if (pruned) s.begin_step();
      pruned = false;
      if (s.assigned(x) && s.assigned(y) && s.value(x) == s.value(y)) continue;
      if (s.max(x) < s.min(y)) return PropStatus::entailed;
      // The rest after q can only help when x_q == y_q is still possible.
      const Event ex = s.set_max(x, s.max(y));
      if (ex == Event::failed) return PropStatus::failed;
      const Event ey = s.set_min(y, s.min(x));
      if (ey == Event::failed) return PropStatus::failed;
      pruned = ex != Event::none || ey != Event::none;
      if (s.assigned(x) && s.assigned(y) && s.value(x) == s.value(y)) continue;
      if (strict_ && tail_fixed_equal(s, q + 1)) {
        // Equality at q would make the sequences equal: x_q < y_q.
        if (s.set_max(x, s.max(y) - 1) == Event::failed) return PropStatus::failed;
        if (s.set_min(y, s.min(x) + 1) == Event::failed) return PropStatus::failed;
        return s.max(x) < s.min(y) ? PropStatus::entailed : PropStatus::fixpoint;
      }
      return s.max(x) < s.min(y) ? PropStatus::entailed : PropStatus::fixpoint;
    }
    return strict_ ? PropStatus::failed : PropStatus::entailed;
  }

  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      std::size_t q = 0;  // the first position not forced equal
      while (q < n_ && equal_at(before, q)) ++q;
      auto name_equal = [&](std::size_t from, std::size_t to) {
        for (std::size_t p = from; p < to; ++p) {
          r.add(Literal::ge(scope_[p], before.min(scope_[p])));
          r.add(Literal::le(scope_[n_ + p], before.max(scope_[n_ + p])));
        }
      };
      // a position of the prefix that the call made equal (x_p >= v >= y_p did not fix them):
      // x_p at most y_p's maximum, y_p at least x_p's minimum, after the positions before it
      for (std::size_t p = 0; pruned && p < q; ++p) {
        const Var xp = scope_[p], yp = scope_[n_ + p];
        const std::size_t mark = r.size();
        if (xp == pruned->var && below(before, *pruned, before.max(yp), r)) {
          r.add(Literal::le(yp, before.max(yp)));
          return name_equal(0, p), true;
        }
        r.truncate(mark);
        if (yp == pruned->var && above(before, *pruned, before.min(xp), r)) {
          r.add(Literal::ge(xp, before.min(xp)));
          return name_equal(0, p), true;
        }
        r.truncate(mark);
      }
      name_equal(0, q);
      if (q == n_) return strict_ && !pruned;  // equal sequences: only strict fails
      const Var x = scope_[q], y = scope_[n_ + q];
      bool tail = strict_;  // x_q == y_q would make the sequences equal
      for (std::size_t p = q + 1; p < n_ && tail; ++p) tail = equal_at(before, p);
      if (!pruned) {
        if (before.min(x) + (tail ? 1 : 0) <= before.max(y)) return false;
        r.add(Literal::ge(x, before.min(x)));
        r.add(Literal::le(y, before.max(y)));
        if (tail) name_equal(q + 1, n_);
        return true;
      }
      // x_q below y_q's maximum (minus one when tail), or y_q above x_q's minimum
      for (const int gap : {0, 1}) {
        if (gap == 1 && !tail) break;
        const std::size_t mark = r.size();
        bool done = false;
        if (x == pruned->var) {
          done = below(before, *pruned, std::int64_t(before.max(y)) - gap, r);
          if (done) r.add(Literal::le(y, before.max(y)));
          else r.truncate(mark);
        }
        if (!done && y == pruned->var) {
          done = above(before, *pruned, std::int64_t(before.min(x)) + gap, r);
          if (done) r.add(Literal::ge(x, before.min(x)));
          else r.truncate(mark);
        }
        if (!done) continue;
        if (gap == 1) name_equal(q + 1, n_);
        return true;
      }
      return false;
    });
  }

 private:
  /// Position p is equal once the prefix is: x_p >= v >= y_p.
  bool equal_at(const Space& before, std::size_t p) const {
    return before.min(scope_[p]) == before.max(scope_[n_ + p]);
  }
  /// True when l on a variable at most hi follows (with its holes, named); an equality needs
  /// the variable's minimum too.
  static bool below(const Space& before, const Literal& l, std::int64_t hi, Reason& r) {
    if (l.kind != Literal::Kind::eq) return follows_from_max(before, hi, l, r);
    if (before.min(l.var) != l.value) return false;
    r.add(Literal::ge(l.var, l.value));
    return follows_from_max(before, hi, Literal::le(l.var, l.value), r);
  }
  /// The same for a variable at least lo.
  static bool above(const Space& before, const Literal& l, std::int64_t lo, Reason& r) {
    if (l.kind != Literal::Kind::eq) return follows_from_min(before, lo, l, r);
    if (before.max(l.var) != l.value) return false;
    r.add(Literal::le(l.var, l.value));
    return follows_from_min(before, lo, Literal::ge(l.var, l.value), r);
  }

  bool tail_fixed_equal(const Space& s, std::size_t from) const {
    for (std::size_t q = from; q < n_; ++q) {
      const Var x = scope_[q], y = scope_[n_ + q];
      if (!s.assigned(x) || !s.assigned(y) || s.value(x) != s.value(y)) return false;
    }
    return true;
  }

  std::vector<Var> scope_;  // xs then ys
  bool strict_;
  std::size_t n_;
};

void post_lex(Model& m, std::span<const Var> xs, std::span<const Var> ys, bool strict) {
  if (xs.size() != ys.size()) throw ModelError("lex: sequences of different sizes");
  for (Var x : xs) m.check(x);
  for (Var y : ys) m.check(y);
  m.post(std::make_unique<Lex>(std::vector<Var>(xs.begin(), xs.end()),
                               std::vector<Var>(ys.begin(), ys.end()), strict));
}

}  // namespace

}  // namespace solve::detail

namespace solve {

void lex_less_equal(Model& m, std::span<const Var> xs, std::span<const Var> ys) {
  detail::post_lex(m, xs, ys, false);
}

void lex_less(Model& m, std::span<const Var> xs, std::span<const Var> ys) {
  detail::post_lex(m, xs, ys, true);
}

}  // namespace solve
