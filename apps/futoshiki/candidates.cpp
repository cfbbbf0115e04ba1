#include "candidates.hpp"

#include <bit>
#include <optional>

#include <fmt/format.h>

#include <solve/error.hpp>

namespace futoshiki {
namespace {

// Digits below / above the digit of bit b (bit b stands for digit b+1).
std::uint64_t bits_below(int b) { return b <= 0 ? 0 : (std::uint64_t{1} << b) - 1; }
std::uint64_t bits_above(int b, std::uint64_t all) {
  return b >= 63 ? 0 : all & ~((std::uint64_t{2} << b) - 1);
}

}  // namespace

Deductions deductions_of(Difficulty level) {
  switch (level) {
    case Difficulty::easy: return {Mode::forward, true, false};
    case Difficulty::tricky: return {Mode::arc, true, false};
    case Difficulty::hard:
      return {Mode::domain, false, false};  // Hall sets hold the hidden singles
    case Difficulty::extreme: return {Mode::domain, false, true};
  }
  return {};
}

Candidates::Candidates(const Puzzle& p) : n_(p.n) {
  if (n_ > max_n)
    throw solve::InputError(
        fmt::format("grading handles puzzles up to {0}x{0}; this one is {1}x{1}", max_n, n_));
  all_ = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
  rows_dirty_ = cols_dirty_ = rows_unscanned_ = cols_unscanned_ = all_;
  const std::size_t cells = std::size_t(n_ * n_);
  dom_.assign(cells, all_);
  spread_.assign(cells, 0);
  signs_of_.resize(cells);
  auto add = [&](Relation rel, int a, int b) {
    if (rel == Relation::none) return;
    const Sign s = rel == Relation::less ? Sign{a, b} : Sign{b, a};
    signs_of_[std::size_t(a)].push_back(int(signs_.size()));
    signs_of_[std::size_t(b)].push_back(int(signs_.size()));
    signs_.push_back(s);
  };
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c + 1 < n_; ++c) add(p.right_of(r, c), r * n_ + c, r * n_ + c + 1);
  for (int r = 0; r + 1 < n_; ++r)
    for (int c = 0; c < n_; ++c) add(p.below(r, c), r * n_ + c, (r + 1) * n_ + c);
  for (int i = 0; i < n_ * n_; ++i)
    if (p.givens[std::size_t(i)] != 0) set(i, std::uint64_t{1} << (p.givens[std::size_t(i)] - 1));
  if (n_ == 1) set(0, all_);
}

bool Candidates::set(int cell, std::uint64_t keep) {
  std::uint64_t& d = dom_[std::size_t(cell)];
  const std::uint64_t now = d & keep;
  if (now == d) {
    if (single(d) && !spread_[std::size_t(cell)]) {  // a given: spread once
      spread_[std::size_t(cell)] = 1;
      queue_.push_back(cell);
    }
    return true;
  }
  d = now;
  changed_ = true;
  rows_dirty_ |= std::uint64_t{1} << (cell / n_);
  cols_dirty_ |= std::uint64_t{1} << (cell % n_);
  rows_unscanned_ |= std::uint64_t{1} << (cell / n_);
  cols_unscanned_ |= std::uint64_t{1} << (cell % n_);
  if (now == 0) return !(failed_ = true);
  if (single(now) && !spread_[std::size_t(cell)]) {
    spread_[std::size_t(cell)] = 1;
    queue_.push_back(cell);
  }
  return true;
}

bool Candidates::forward() {
  while (!queue_.empty() && !failed_) {
    const int cell = queue_.back();
    queue_.pop_back();
    const std::uint64_t v = dom_[std::size_t(cell)];
    const int b = std::countr_zero(v);
    const int r = cell / n_, c = cell % n_;
    for (int k = 0; k < n_ && !failed_; ++k) {
      if (k != c) set(r * n_ + k, ~v);
      if (k != r && !failed_) set(k * n_ + c, ~v);
    }
    for (const int si : signs_of_[std::size_t(cell)]) {
      if (failed_) break;
      const Sign s = signs_[std::size_t(si)];
      if (s.lo == cell) set(s.hi, bits_above(b, all_));
      else set(s.lo, bits_below(b));
    }
  }
  return !failed_;
}

bool Candidates::chains() {
  for (const Sign& s : signs_) {
    const int hi_max = 63 - std::countl_zero(dom_[std::size_t(s.hi)]);
    if (!set(s.lo, bits_below(hi_max))) return false;
    const int lo_min = std::countr_zero(dom_[std::size_t(s.lo)]);
    if (!set(s.hi, bits_above(lo_min, all_))) return false;
  }
  return true;
}

// Regin's filter for n cells taking n digits (a permutation): with a perfect matching M,
// digit v stays a candidate of cell x when v = M(x) or an alternating cycle runs through
// (x, v): from v's mate one reaches digit M(x), a digit leading to the candidates of its mate.
bool Candidates::hall(int start, int step) {
  const int n = n_;
  std::uint64_t d[max_n];
  for (int i = 0; i < n; ++i) d[i] = dom_[std::size_t(start + i * step)];
  int mate_of_value[max_n], value_of[max_n];
  for (int i = 0; i < n; ++i) mate_of_value[i] = value_of[i] = -1;
  // augmenting paths, depth-first with a visited set of digits
  for (int x = 0; x < n; ++x) {
    std::uint64_t seen = 0;
    // iterative DFS: stack of (cell, remaining candidates)
    int stack_cell[max_n + 1];
    std::uint64_t stack_left[max_n + 1];
    int via[max_n + 1];  // digit taken to reach the next level
    int top = 0;
    stack_cell[0] = x;
    stack_left[0] = d[x];
    bool found = false;
    while (top >= 0 && !found) {
      const std::uint64_t left = stack_left[top] & ~seen;
      if (left == 0) {
        --top;
        continue;
      }
      const int v = std::countr_zero(left);
      seen |= std::uint64_t{1} << v;
      stack_left[top] = left & (left - 1);
      via[top] = v;
      if (mate_of_value[v] < 0) {
        for (int k = top; k >= 0; --k) {  // flip the path
          mate_of_value[via[k]] = stack_cell[k];
          value_of[stack_cell[k]] = via[k];
        }
        found = true;
      } else {
        ++top;
        stack_cell[top] = mate_of_value[v];
        stack_left[top] = d[mate_of_value[v]];
      }
    }
    if (!found) return !(failed_ = true);
  }
  std::uint64_t reach[max_n];  // digits reachable from digit a
  for (int a = 0; a < n; ++a) reach[a] = d[mate_of_value[a]];
  for (int k = 0; k < n; ++k)
    for (int a = 0; a < n; ++a)
      if ((reach[a] >> k) & 1u) reach[a] |= reach[k];
  for (int x = 0; x < n; ++x) {
    const std::uint64_t mine = std::uint64_t{1} << value_of[x];
    std::uint64_t keep = mine;
    for (std::uint64_t left = d[x] & ~mine; left; left &= left - 1) {
      const int v = std::countr_zero(left);
      if (reach[v] & mine) keep |= std::uint64_t{1} << v;
    }
    if (keep != d[x] && !set(start + x * step, keep)) return false;
  }
  return true;
}

// The digits of one line with a single cell left go there. A digit with no cell, or two
// digits with the same single cell, is a contradiction.
bool Candidates::hidden_single(int start, int step) {
  std::uint64_t once = 0, more = 0;  // digits seen in at least one cell, in two or more
  for (int i = 0; i < n_; ++i) {
    const std::uint64_t d = dom_[std::size_t(start + i * step)];
    more |= once & d;
    once |= d;
  }
  if (once != all_) return !(failed_ = true);
  const std::uint64_t only = once & ~more;
  for (int i = 0; only && i < n_; ++i) {
    const int cell = start + i * step;
    const std::uint64_t d = dom_[std::size_t(cell)], mine = d & only;
    if (!mine || single(d)) continue;
    if (!single(mine)) return !(failed_ = true);
    if (!set(cell, mine)) return false;
  }
  return true;
}

bool Candidates::fixpoint(Deductions rules) {
  for (;;) {
    if (!forward()) return false;
    changed_ = false;
    if (rules.mode != Mode::forward) {
      if (!chains()) return false;
      if (!queue_.empty()) continue;
    }
    if (rules.mode == Mode::domain) {
      // only the lines that lost a candidate since their last filtering (the filter is
      // idempotent: its own removals leave its line at its fixpoint)
      while ((rows_dirty_ | cols_dirty_) && queue_.empty()) {
        if (rows_dirty_) {
          const int r = std::countr_zero(rows_dirty_);
          if (!hall(r * n_, 1)) return false;
          rows_dirty_ &= ~(std::uint64_t{1} << r);
        } else {
          const int c = std::countr_zero(cols_dirty_);
          if (!hall(c, n_)) return false;
          cols_dirty_ &= ~(std::uint64_t{1} << c);
        }
      }
    } else if (rules.hidden_singles) {
      // the lines that lost a candidate since their last scan, until one places a digit
      while ((rows_unscanned_ | cols_unscanned_) && queue_.empty()) {
        if (rows_unscanned_) {
          const int r = std::countr_zero(rows_unscanned_);
          rows_unscanned_ &= ~(std::uint64_t{1} << r);
          if (!hidden_single(r * n_, 1)) return false;
        } else {
          const int c = std::countr_zero(cols_unscanned_);
          cols_unscanned_ &= ~(std::uint64_t{1} << c);
          if (!hidden_single(c, n_)) return false;
        }
      }
    }
    if (!changed_ && queue_.empty()) return true;
  }
}

bool Candidates::trials() {
  for (bool again = true; again;) {
    again = false;
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const std::uint64_t d = dom_[std::size_t(cell)];
      if (single(d)) continue;
      for (std::uint64_t left = d; left; left &= left - 1) {
        const std::uint64_t v = left & (~left + 1);
        if (!(dom_[std::size_t(cell)] & v)) continue;
        // the trial runs on this state and is undone (cheaper than a copy of the signs)
        saved_dom_ = dom_;
        saved_spread_ = spread_;
        const bool holds = set(cell, v) && fixpoint(deductions_of(Difficulty::hard));
        dom_.swap(saved_dom_);
        spread_.swap(saved_spread_);
        queue_.clear();
        rows_dirty_ = cols_dirty_ = rows_unscanned_ = cols_unscanned_ =
            0;  // back at the hard fixpoint
        failed_ = false;
        if (holds) continue;
        if (!set(cell, ~v) || !fixpoint(deductions_of(Difficulty::hard))) return false;
        again = true;
        if (solved()) return true;
      }
    }
  }
  return true;
}

bool Candidates::reach(Deductions rules) {
  if (failed_) return false;
  if (!fixpoint(rules)) return false;
  if (rules.trials && !solved()) return trials();
  return true;
}

bool Candidates::solved() const {
  if (failed_) return false;
  for (const std::uint64_t d : dom_)
    if (!single(d)) return false;
  return true;
}

std::vector<int> Candidates::grid() const {
  std::vector<int> g;
  g.reserve(dom_.size());
  for (const std::uint64_t d : dom_) g.push_back(single(d) ? std::countr_zero(d) + 1 : 0);
  return g;
}

std::optional<Difficulty> solving_level(const Puzzle& p, bool* contradiction) {
  Candidates state(p);
  if (contradiction) *contradiction = false;
  for (const Difficulty level : all_difficulties) {
    // each level goes on from the fixpoint of the one before: its deductions include them
    if (!state.reach(level)) {
      if (contradiction) *contradiction = true;
      return std::nullopt;
    }
    if (state.solved()) return level;
  }
  return std::nullopt;
}

bool solved_at(const Puzzle& p, Difficulty level) {
  Candidates state(p);
  return state.reach(level) && state.solved();
}

bool solved_by(const Puzzle& p, Mode mode) {
  Candidates state(p);
  return state.reach(Deductions{mode, false, false}) && state.solved();
}

}  // namespace futoshiki
