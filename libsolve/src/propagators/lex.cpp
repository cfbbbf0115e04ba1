// xs <=lex ys (or <lex): walk the prefix of positions fixed equal; at the first other
// position q, x_q <= y_q must hold on bounds. If q is already decided (x_q < y_q surely) the
// constraint is entailed; if the whole sequence is fixed equal, strict fails and non-strict
// is entailed. Pruning x_q/y_q can fix them equal, so the walk repeats until it stops moving.
#include <algorithm>
#include <vector>

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
    for (std::size_t q = 0; q < n_; ++q) {
      const Var x = scope_[q], y = scope_[n_ + q];
      if (s.assigned(x) && s.assigned(y) && s.value(x) == s.value(y)) continue;
      if (s.max(x) < s.min(y)) return PropStatus::entailed;
      // The rest after q can only help when x_q == y_q is still possible.
      if (s.set_max(x, s.max(y)) == Event::failed) return PropStatus::failed;
      if (s.set_min(y, s.min(x)) == Event::failed) return PropStatus::failed;
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

 private:
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
