// Unary set membership: x in S, x not in S; and the constraint that always fails. Each
// decides itself at the root (entailed after one run), so they cost nothing during search and
// run at every level (propagates_from() == none).
#include <algorithm>
#include <memory>
#include <vector>

#include "propagators/basic.hpp"
#include "propagators/explain_removals.hpp"
#include "solve/constraints.hpp"

namespace solve {
namespace detail {
namespace {

class InSet final : public CloneableConstraint<InSet> {
 public:
  InSet(Var x, std::vector<int> values, bool member)
      : var_{x}, values_(std::move(values)), member_(member) {}
  std::span<const Var> scope() const override { return {&var_, 1}; }
  std::string_view name() const override { return member_ ? "in_set" : "not_in_set"; }
  bool check(std::span<const int> v) const override {
    return std::binary_search(values_.begin(), values_.end(), v[0]) == member_;
  }
  Entailment entailment(const Space& s) const override {
    bool any_in = false, any_out = false;
    s.for_each_value(var_, [&](int v) { (check({&v, 1}) ? any_in : any_out) = true; });
    return !any_out  ? Entailment::entailed
           : !any_in ? Entailment::disentailed
                     : Entailment::unknown;
  }
  std::unique_ptr<Constraint> negation() const override {
    return std::make_unique<InSet>(var_, values_, !member_);
  }
  Propagation propagates_from() const override { return Propagation::none; }

  PropStatus propagate(Space& s) override {
    if (member_) {
      if (s.keep_only(var_, values_) == Event::failed) return PropStatus::failed;
    } else {
      for (int v : values_)
        if (s.remove(var_, v) == Event::failed) return PropStatus::failed;
    }
    return PropStatus::entailed;
  }
  // A value outside S (inside, for not in S) goes by the constraint alone; a bound names the
  // holes it passes.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      return pruned && explain_by_removals(before, *pruned, r, [&](int w, Reason&) {
               return std::binary_search(values_.begin(), values_.end(), w) != member_;
             });
    });
  }

 private:
  Var var_;
  std::vector<int> values_;  // sorted, distinct
  bool member_;
};

class False final : public CloneableConstraint<False> {
 public:
  std::span<const Var> scope() const override { return {}; }
  std::string_view name() const override { return "false"; }
  bool check(std::span<const int>) const override { return false; }
  Entailment entailment(const Space&) const override { return Entailment::disentailed; }
  Propagation propagates_from() const override { return Propagation::none; }
  PropStatus propagate(Space&) override { return PropStatus::failed; }
};

}  // namespace

std::vector<int> sorted_set(std::span<const int> values) {
  std::vector<int> v(values.begin(), values.end());
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::unique_ptr<Constraint> make_in_set(Var x, std::vector<int> values, bool member) {
  return std::make_unique<InSet>(x, std::move(values), member);
}
std::unique_ptr<Constraint> make_false() { return std::make_unique<False>(); }

void restrict_to_booleans(Model& m, std::span<const Var> xs) {
  for (Var x : xs) {
    m.check(x);
    for (int u : m.initial_domain(x))
      if (const auto v = x.apply(u); v != 0 && v != 1) {
        m.post(make_in_set(x, {0, 1}, true));
        break;
      }
  }
}

}  // namespace detail

void in_set(Model& m, Var x, std::span<const int> values) {
  m.post(detail::make_in_set(x, detail::sorted_set(values), true));
}

void not_in_set(Model& m, Var x, std::span<const int> values) {
  m.post(detail::make_in_set(x, detail::sorted_set(values), false));
}

}  // namespace solve
