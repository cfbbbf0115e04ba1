#pragma once
// The candidates of every cell (a bitset of digits) and the deductions of each difficulty
// level, run to their fixpoint. This is the grader's and the generator's engine: a bitset per
// cell instead of a libsolve model, because the generator grades a puzzle a few hundred times
// while it removes clues.
//
// The engine has three modes, each pruning exactly what libsolve's propagation level of the
// same name prunes at the root of the model of model.hpp (tests/futoshiki/grade_test.cpp
// checks this against libsolve):
//   forward  Propagation::forward  a single candidate leaves its row and column, and bounds
//                                  the cells it shares a sign with;
//   arc      Propagation::arc      + bounds along every sign (a < b: max a < max b, min b > min a);
//   domain   Propagation::domain   + every row and column domain-consistent (Hall sets), by
//                                  Regin's matching argument on a bitset graph.
// The difficulty levels are built on them (deductions_of): a person finds a hidden single (a
// digit with one place left in a row or column) as easily as a naked one, so
//   easy     forward + hidden singles;
//   tricky   arc + hidden singles;
//   hard     domain (its Hall sets include the hidden singles: a Hall set of one digit);
//   extreme  domain + singleton consistency: a digit whose trial placement makes the hard
//            level fail is removed, until no trial removes one.
// Every deduction is sound, so a fixpoint with one candidate per cell is the only solution.
#include <cstdint>
#include <vector>

#include "difficulty.hpp"
#include "puzzle.hpp"

namespace futoshiki {

/// True when the candidate set d holds exactly one digit.
inline bool single(std::uint64_t d) { return d != 0 && (d & (d - 1)) == 0; }

/// The engine's propagation modes, named after the libsolve level each one equals at the root.
enum class Mode { forward, arc, domain };

/// The deductions of a run: a mode, hidden singles on top of it (a digit with one cell left in
/// a row or column goes there; two digits with the same one cell, or a digit with none, is a
/// contradiction), and trials over the domain mode.
struct Deductions {
  Mode mode = Mode::forward;
  bool hidden_singles = false;
  bool trials = false;
};

/// What a difficulty level deduces (the table above).
Deductions deductions_of(Difficulty level);

class Candidates {
 public:
  /// Largest side the bitsets hold.
  static constexpr int max_n = 64;
  /// The candidates of p's cells: its given, or every digit. Throws solve::InputError when
  /// p.n > max_n.
  explicit Candidates(const Puzzle& p);

  /// Keeps only the candidates of cell in keep (bit d-1: digit d); false once a cell has none.
  bool restrict(int cell, std::uint64_t keep) { return set(cell, keep); }
  /// Prunes to the fixpoint of the deductions; false once they find a contradiction (a cell
  /// with no candidate left, or a digit with no cell left in a line).
  bool reach(Deductions rules);
  bool reach(Difficulty level) { return reach(deductions_of(level)); }
  /// True when every cell has a single candidate.
  bool solved() const;
  bool failed() const { return failed_; }
  /// Bit d-1 set when digit d is a candidate of cell (row-major index).
  std::uint64_t at(int cell) const { return dom_[std::size_t(cell)]; }
  /// The grid of a solved state (n*n digits, row-major).
  std::vector<int> grid() const;
  int size() const { return n_; }

 private:
  struct Sign {
    int lo, hi;  // cell lo < cell hi
  };
  bool set(int cell, std::uint64_t keep);   // dom &= keep; false on failure
  bool forward();                           // Mode::forward: from the singletons not yet spread
  bool chains();                            // Mode::arc: bounds on every sign; false on failure
  bool hall(int start, int step);           // Mode::domain: one line domain-consistent
  bool hidden_single(int start, int step);  // one line's hidden singles
  bool fixpoint(Deductions rules);          // without the trials
  bool trials();                            // extreme

  int n_ = 0;
  std::uint64_t all_ = 0;
  std::vector<std::uint64_t> dom_;
  std::vector<Sign> signs_;
  std::vector<std::vector<int>> signs_of_;  // per cell: indices into signs_
  std::vector<int> queue_;                  // cells that became singletons, not yet spread
  std::vector<char> spread_;                // per cell: its single digit was spread
  std::vector<std::uint64_t> saved_dom_;    // trials(): the state before a trial
  std::vector<char> saved_spread_;
  std::uint64_t rows_dirty_ = ~std::uint64_t{0};  // lines to filter for Hall sets
  std::uint64_t cols_dirty_ = ~std::uint64_t{0};
  std::uint64_t rows_unscanned_ = ~std::uint64_t{0};  // lines to scan for hidden singles
  std::uint64_t cols_unscanned_ = ~std::uint64_t{0};
  bool changed_ = false;  // some set() removed something
  bool failed_ = false;
};

/// The weakest level whose deductions solve p, nullopt when none does (or when they find a
/// contradiction: *contradiction is then set when given).
std::optional<Difficulty> solving_level(const Puzzle& p, bool* contradiction = nullptr);
/// True when level's deductions solve p.
bool solved_at(const Puzzle& p, Difficulty level);
/// True when the mode alone (no hidden singles, no trials) solves p: what libsolve's level of
/// the same name does at the root.
bool solved_by(const Puzzle& p, Mode mode);

}  // namespace futoshiki
