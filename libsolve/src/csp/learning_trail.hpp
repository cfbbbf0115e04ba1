#pragma once
// The learning trail (issue 24, docs/notes/lcg-design.md §1): every domain change of the
// search, with its cause and the domain it replaced, so that conflict analysis can ask who
// made a literal true and rebuild the domains a propagator call started from. The undo trail
// (store.hpp) saves a domain once per level and cannot say either.
//
// Kept only when a search asks for learning (the Store then holds a pointer to it): the store
// records a change before each domain operation that removes something, the kernel counts and
// names the propagator call running, the search announces each decision.
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "solve/explain.hpp"

namespace solve::detail::csp {

class LearningTrail {
 public:
  /// Who made a change: a decision, or a propagator (its index in the kernel, >= 0).
  static constexpr std::int32_t kDecision = -1;

  struct Change {
    std::int32_t var;
    std::int32_t cause;      // kDecision or a propagator index
    std::uint32_t call;      // position of the first change of the call that made it
    std::int32_t prev;       // the previous change of var, -1 for none
    int old_min, old_max;    // the domain before the change: its summary ...
    int old_size;
    std::uint32_t words;     // ... and its words, in words_
    int level;               // the learning level: the number of decisions at or before it
  };
  /// The decision that opened a learning level and the position of its first change.
  struct Decision {
    std::uint32_t at;     // changes before it belong to lower levels
    std::uint32_t depth;  // the store level it was made on (pop() takes it back with it)
    Literal literal;
  };

  /// For the kernel that counts its propagator calls in *calls and names the one running in
  /// *running: a change belongs to the call running when it is recorded, read from there (the
  /// kernel's loop pays one store per call, not a test).
  LearningTrail(int num_vars, const std::int32_t* running, const std::uint64_t* calls)
      : last_(std::size_t(num_vars), -1), of_var_(std::size_t(num_vars)), running_(running),
        calls_(calls) {}

  // ---- recording ----
  /// A decision begins a learning level: literal is what it makes true. Its changes are the
  /// ones recorded until the next propagator call.
  void decide(Literal literal) {
    cause_ = kDecision;
    call_ = std::uint32_t(changes_.size());
    call_id_ = *calls_;
    decisions_.push_back({call_, std::uint32_t(marks_.size()), literal});
  }
  /// Records that variable var is about to change from the domain given (called by the store).
  void record(std::int32_t var, int min, int max, int size, std::span<const std::uint64_t> words) {
    sync();
    // after a pop(), a change comes from a decision or a new propagator call, never from the
    // call that ran before the pop (whose first change may have been undone)
    assert(call_ <= changes_.size());
    const std::size_t at = changes_.size();
    changes_.push_back({var, cause_, call_, last_[std::size_t(var)], min, max, size,
                        std::uint32_t(words_.size()), int(decisions_.size())});
    words_.insert(words_.end(), words.begin(), words.end());
    last_[std::size_t(var)] = std::int32_t(at);
    of_var_[std::size_t(var)].push_back(std::int32_t(at));
  }
  /// The running call begins a new step (Space::begin_step()): its changes from here on are
  /// explained against the domains of this position, as if a new call began.
  void begin_step() {
    sync();
    call_ = std::uint32_t(changes_.size());
  }
  /// The running call (or the decision) failed: what conflict analysis starts from.
  void fail() {
    sync();
    conflict_ = {cause_, call_, true};
  }
  /// Store levels: push() marks, pop() undoes every change and decision since the mark.
  void push() { marks_.push_back(std::uint32_t(changes_.size())); }
  void pop();

  // ---- reading (conflict analysis) ----
  struct Conflict {
    std::int32_t cause = kDecision;
    std::uint32_t call = 0;
    bool pending = false;
  };
  /// The last failure, until take_conflict().
  const Conflict& conflict() const { return conflict_; }
  void take_conflict() { conflict_.pending = false; }
  std::span<const Change> changes() const { return changes_; }
  std::span<const Decision> decisions() const { return decisions_; }
  /// The newest change of variable var, -1 when it has none.
  std::int32_t last(std::int32_t var) const { return last_[std::size_t(var)]; }
  /// The changes of variable var, oldest first (kept as the trail grows and shrinks, so that
  /// conflict analysis can binary-search them without listing them for each failure).
  std::span<const std::int32_t> changes_of(std::int32_t var) const {
    return of_var_[std::size_t(var)];
  }
  /// The domain a change replaced, as words of the variable's layout.
  std::span<const std::uint64_t> old_words(std::uint32_t change, std::uint32_t nwords) const {
    return {words_.data() + changes_[change].words, nwords};
  }
  /// The learning level of change k: the number of decisions at or before it.
  int level_of(std::uint32_t change) const { return changes_[change].level; }
  /// The number of changes at the bottom of the trail that no pop() has taken back since the
  /// last call (what the analysis derived from them still holds); counts afresh from here.
  /// Also makes undone() the variables of the changes taken back since the last call.
  std::uint32_t take_kept() {
    const std::uint32_t kept = kept_;
    kept_ = std::uint32_t(changes_.size());
    undone_.swap(undone_taken_);
    undone_.clear();
    undone_all_taken_ = undone_all_;
    undone_all_ = false;
    return kept;
  }
  /// The variables of the changes that pop() took back before the last take_kept() (some
  /// more than once); nullopt when there were more of them than variables.
  std::optional<std::span<const std::int32_t>> undone() const {
    if (undone_all_taken_) return std::nullopt;
    return std::span<const std::int32_t>(undone_taken_);
  }

 private:
  std::vector<Change> changes_;
  std::vector<std::uint64_t> words_;
  std::vector<std::int32_t> last_;  // per variable: its newest change
  std::vector<std::vector<std::int32_t>> of_var_;  // per variable: its changes, oldest first
  std::vector<Decision> decisions_;
  std::vector<std::uint32_t> marks_;
  std::uint32_t kept_ = 0;  // the fewest changes since take_kept()
  // the variables of the changes taken back since take_kept() (and before it, for undone()),
  // or all of them: more than there are variables
  std::vector<std::int32_t> undone_, undone_taken_;
  bool undone_all_ = false, undone_all_taken_ = false;
  /// A propagator call began since the last change: the changes from here are its own.
  void sync() {
    if (*calls_ == call_id_) return;
    call_id_ = *calls_;
    cause_ = *running_;
    call_ = std::uint32_t(changes_.size());
  }
  const std::int32_t* running_;
  const std::uint64_t* calls_;
  std::uint64_t call_id_ = 0;  // *calls_ when the running call (or decision) began
  std::int32_t cause_ = kDecision;
  std::uint32_t call_ = 0;
  Conflict conflict_;
};

}  // namespace solve::detail::csp
