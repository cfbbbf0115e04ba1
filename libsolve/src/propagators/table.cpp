// table (extensional constraint): the values of the scope form one of the allowed tuples.
// Generalised arc consistency by scanning the tuples still valid (GAC-scheme); below arc the
// engine checks and forward-checks through check().
#include <algorithm>
#include <memory>
#include <vector>

#include "solve/binary_table.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

class Table final : public CloneableConstraint<Table> {
 public:
  Table(std::vector<Var> xs, std::vector<int> flat)
      : xs_(std::move(xs)), tuples_(std::move(flat)) {}
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "table"; }
  bool check(std::span<const int> v) const override {
    for (std::size_t t = 0; t < tuples_.size(); t += xs_.size())
      if (std::equal(v.begin(), v.end(), tuples_.begin() + std::ptrdiff_t(t))) return true;
    return false;
  }

  PropStatus propagate(Space& s) override {
    const std::size_t arity = xs_.size();
    // supported_ holds, per variable, a bitset over its current domain layout
    offsets_.resize(arity + 1);
    offsets_[0] = 0;
    for (std::size_t i = 0; i < arity; ++i) offsets_[i + 1] = offsets_[i] + s.bits(xs_[i]).size();
    supported_.assign(offsets_[arity], 0);
    bool any = false;
    for (std::size_t t = 0; t < tuples_.size(); t += arity) {
      bool valid = true;
      for (std::size_t i = 0; i < arity && valid; ++i) valid = s.contains(xs_[i], tuples_[t + i]);
      if (!valid) continue;
      any = true;
      for (std::size_t i = 0; i < arity; ++i) {
        const unsigned bit = unsigned(tuples_[t + i] - s.base(xs_[i]));
        supported_[offsets_[i] + (bit >> 6)] |= std::uint64_t{1} << (bit & 63);
      }
    }
    if (!any) return PropStatus::failed;
    bool all_assigned = true, pruned = false;
    for (std::size_t i = 0; i < arity; ++i) {
      const std::span<const std::uint64_t> mask(supported_.data() + offsets_[i],
                                                offsets_[i + 1] - offsets_[i]);
      const Event e = s.intersect(xs_[i], mask);
      if (e == Event::failed) return PropStatus::failed;
      pruned = pruned || e != Event::none;
      all_assigned = all_assigned && s.assigned(xs_[i]);
    }
    if (all_assigned) return PropStatus::entailed;
    // pruning one variable can invalidate tuples that supported another: run again
    return pruned ? PropStatus::changed : PropStatus::fixpoint;
  }

 private:
  std::vector<Var> xs_;
  std::vector<int> tuples_;  // flat, arity values per tuple
  std::vector<std::size_t> offsets_;
  std::vector<std::uint64_t> supported_;
};

}  // namespace
}  // namespace detail

void table(Model& m, std::span<const Var> xs, std::vector<std::vector<int>> allowed) {
  std::vector<int> flat;
  flat.reserve(allowed.size() * xs.size());
  for (const auto& t : allowed) {
    if (t.size() != xs.size())
      throw ModelError("table: tuple of size " + std::to_string(t.size()) + " for " +
                       std::to_string(xs.size()) + " variables");
    flat.insert(flat.end(), t.begin(), t.end());
  }
  if (xs.size() == 2) {  // the bitset version revises far faster (see binary_table.hpp)
    std::vector<std::pair<int, int>> pairs;
    pairs.reserve(allowed.size());
    for (const auto& t : allowed) pairs.emplace_back(t[0], t[1]);
    binary_table(m, xs[0], xs[1], pairs);
    return;
  }
  if (xs.empty()) {
    if (allowed.empty())
      throw ModelError("table: no variables and no tuple (unsatisfiable by construction)");
    return;
  }
  m.post(std::make_unique<detail::Table>(std::vector<Var>(xs.begin(), xs.end()), std::move(flat)));
}

}  // namespace solve
