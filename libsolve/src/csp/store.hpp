#pragma once
// The engine's side of the store: creating variables, search levels with the trail that
// undoes them, and the record of which variables changed (and how strongly) since the
// engine last looked. Propagators get the Space base class and cannot reach any of this.
#include <cstdint>
#include <span>
#include <vector>

#include "solve/space.hpp"

namespace solve::detail::csp {

class LearningTrail;

class Store : public Space {
 public:
  Store() = default;
  /// Adds a variable with domain [lo, hi], or only the given values of it when not empty.
  Var add_var(int lo, int hi, std::span<const int> values);
  void set_propagation(Propagation p) { level_ = p; }
  /// Opens a new search level: later changes are undone by pop_level().
  void push_level();
  /// Undoes every change since the matching push_level().
  void pop_level();
  /// Number of open levels.
  int depth() const { return int(level_marks_.size()); }
  /// Variables modified since the last clear_modified(), each listed once.
  std::span<const std::int32_t> modified() const { return modified_; }
  /// The strongest event of variable id since the last clear_modified().
  Event pending(std::int32_t id) const { return info_[std::size_t(id)].pending; }
  void clear_modified();
  /// Calls f(id) for every variable changed since the last push_level() (each once: a domain
  /// is trailed once per level), from the trail: nothing to record on the way.
  template <class F>
  void for_each_changed_in_level(F&& f) const {
    const std::size_t from = level_marks_.empty() ? 0 : level_marks_.back();
    for (std::size_t k = from; k < trail_.size(); ++k) f(trail_[k].var);
  }
  /// Counts domain operations that removed something (for statistics).
  std::uint64_t updates() const { return updates_; }
  /// From now on, every domain change is also recorded on `trail` (null: no more), with the
  /// domain it replaces; its levels follow push_level() and pop_level() (learning_trail.hpp).
  void set_learning(LearningTrail* trail) { learning_ = trail; }
  /// Replaces variable id's domain by `words` (its layout), without trail or event: for a
  /// scratch store that shows the domains of an earlier moment (conflict analysis).
  void overwrite(std::int32_t id, std::span<const std::uint64_t> words);

 private:
  friend class solve::Space;  // its operations trail, record and use the scratch (space.cpp)
  struct TrailEntry {
    std::int32_t var;
    int size, min, max;
    std::uint32_t word_start;  // in trail_words_
  };
  std::vector<int> declared_max_;  // per variable: largest initial value
  std::vector<TrailEntry> trail_;
  std::vector<std::uint64_t> trail_words_;
  std::vector<std::uint32_t> level_marks_;  // trail_.size() at each push_level
  // propagators' words saved by save_word(), and word_trail_.size() at each push_level
  struct SavedWord {
    std::uint64_t* word;
    std::uint64_t value;
  };
  std::vector<SavedWord> word_trail_;
  std::vector<std::uint32_t> word_marks_;
  std::vector<std::int32_t> modified_;
  mutable std::vector<std::uint64_t> view_words_;  // scratch of scaled_bits()
  std::vector<std::uint64_t> mask_words_;          // scratch of keep_only() and intersect()
  std::uint64_t updates_ = 0;
  LearningTrail* learning_ = nullptr;
  void record_change(int id);  // Space::save()'s call when learning
};

}  // namespace solve::detail::csp
