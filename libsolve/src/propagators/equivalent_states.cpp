// skip_equivalent_states: dominance detection over prefix states (see symmetry.hpp).
//
// Soundness rests on depth-first order: a state met before the current node is either the
// state of an ancestor of the node (its subtree is still open: never prune) or belongs to a
// finished subtree (prune). The prefix values of the last state recorded tell the two apart:
// every node below an ancestor A shares A's prefix values, so a node whose prefix equals the
// recorded one up to its length is on the open path; any other node with a known key is in
// a finished subtree. (Comparing values, not keys: keys of two symmetric nodes are equal.)
//
// Bounded memory (max_bytes > 0): two generations of states. New states go into recent_; when
// it holds half the budget it becomes older_ and the previous older_ is dropped. Pruning only
// ever uses states that were really met earlier, so forgetting some keeps the search sound.
#include <algorithm>
#include <unordered_set>

#include "solve/constraint.hpp"
#include "solve/symmetry.hpp"

namespace solve::detail {

namespace {

struct KeyHash {
  std::size_t operator()(const std::vector<std::uint32_t>& k) const noexcept {
    std::uint64_t h = 1469598103934665603ull;
    for (std::uint32_t v : k) h = (h ^ v) * 1099511628211ull;
    return std::size_t(h ^ (h >> 29));
  }
};

class EquivalentStates : public CloneableConstraint<EquivalentStates> {
 public:
  EquivalentStates(std::vector<Var> xs, StateKey key, std::size_t max_bytes)
      : xs_(std::move(xs)), key_fn_(std::move(key)), max_bytes_(max_bytes) {}

  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "skip_equivalent_states"; }
  /// Every assignment is allowed: what this prunes depends on the order of the search.
  bool check(std::span<const int>) const override { return true; }
  bool wakes_on_assignment_only() const override { return true; }

  PropStatus propagate(Space& s) override {
    values_.clear();
    while (values_.size() < xs_.size() && s.assigned(xs_[values_.size()]))
      values_.push_back(s.value(xs_[values_.size()]));
    const std::size_t k = values_.size();
    if (k == 0) return PropStatus::fixpoint;
    if (k <= path_.size() && std::equal(values_.begin(), values_.end(), path_.begin()))
      return PropStatus::fixpoint;  // this node's state or an ancestor's: still open
    key_.clear();
    key_fn_(values_, key_);
    key_.push_back(std::uint32_t(k));  // states of different lengths never meet
    if (older_.contains(key_) || !recent_.insert(key_).second) return PropStatus::failed;
    path_ = values_;
    if (max_bytes_ > 0) {
      // a rough cost of one entry: the key, its vector, the hash node and bucket
      recent_bytes_ += key_.size() * sizeof(std::uint32_t) + sizeof(key_) + 4 * sizeof(void*);
      if (recent_bytes_ > max_bytes_ / 2) {
        older_ = std::move(recent_);
        recent_ = {};
        recent_bytes_ = 0;
      }
    }
    return PropStatus::fixpoint;
  }

 private:
  using Table = std::unordered_set<std::vector<std::uint32_t>, KeyHash>;
  std::vector<Var> xs_;
  StateKey key_fn_;
  std::size_t max_bytes_;  // 0: keep every state
  std::vector<int> path_;  // prefix values of the last state recorded
  Table recent_;           // states recorded since the last change of generation
  Table older_;            // the generation before (stays empty without a bound)
  std::size_t recent_bytes_ = 0;
  std::vector<int> values_;          // scratch
  std::vector<std::uint32_t> key_;   // scratch
};

}  // namespace

}  // namespace solve::detail

namespace solve {

void skip_equivalent_states(Model& m, std::span<const Var> xs, StateKey key, std::size_t max_bytes) {
  for (Var x : xs) m.check(x);
  m.post(std::make_unique<detail::EquivalentStates>(std::vector<Var>(xs.begin(), xs.end()),
                                                    std::move(key), max_bytes));
}

}  // namespace solve
