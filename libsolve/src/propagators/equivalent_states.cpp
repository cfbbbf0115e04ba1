// skip_equivalent_states: the model only records the declaration; the search does the work
// (csp/dominance.hpp), because the states met belong to one search and all its workers.
#include "csp/dominance.hpp"
#include "solve/constraint.hpp"
#include "solve/symmetry.hpp"

namespace solve::detail {

namespace {

/// The declaration, carried by the model as a constraint that constrains nothing: it has no
/// scope (no variable wakes it) and is entailed from the root on.
class EquivalentStates : public CloneableConstraint<EquivalentStates> {
 public:
  explicit EquivalentStates(std::shared_ptr<const StateDeclaration> d) : decl_(std::move(d)) {}

  std::span<const Var> scope() const override { return {}; }
  std::string_view name() const override { return "skip_equivalent_states"; }
  PropStatus propagate(Space&) override { return PropStatus::entailed; }
  /// Every assignment is allowed: what the search prunes for it depends on its order.
  bool check(std::span<const int>) const override { return true; }
  const StateDeclaration& declaration() const { return *decl_; }

 private:
  std::shared_ptr<const StateDeclaration> decl_;  // shared by the copies
};

}  // namespace

std::vector<const StateDeclaration*> state_declarations(const Model& m) {
  std::vector<const StateDeclaration*> out;
  for (const auto& c : m.constraints())
    if (const auto* e = dynamic_cast<const EquivalentStates*>(c.get())) out.push_back(&e->declaration());
  return out;
}

}  // namespace solve::detail

namespace solve {

void skip_equivalent_states(Model& m, std::span<const Var> xs, StateKey key, std::size_t max_bytes) {
  for (Var x : xs) m.check(x);
  m.post(std::make_unique<detail::EquivalentStates>(std::make_shared<const detail::StateDeclaration>(
      detail::StateDeclaration{std::vector<Var>(xs.begin(), xs.end()), std::move(key), max_bytes})));
}

}  // namespace solve
