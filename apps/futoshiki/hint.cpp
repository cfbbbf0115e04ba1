// Hints: the deductions of candidates.hpp taken one at a time, weakest first, each removal
// remembered with the reason for it in words, until a cell the player has not filled is left
// with one digit. The steps are those of the difficulty levels, in their order:
//   easy     a digit in a row or column leaves its other cells; a sign next to a placed digit
//            bounds the other cell; then a hidden single: "row 3 needs a 5 and only r3c4 can
//            hold it";
//   tricky   a sign passes bounds: a < b and b <= 3, so a <= 2;
//   hard     the smallest Hall set of a line of two or more: k cells holding k digits between
//            them (those digits leave the line's other cells), or k digits that fit only in k
//            cells (those cells hold nothing else);
//   extreme  a digit whose trial placement makes the hard level fail is removed.
// After each step the weaker steps run again, so a hint uses the weakest reasoning it can.
#include "hint.hpp"

#include <bit>
#include <initializer_list>
#include <vector>

#include <fmt/format.h>

#include "candidates.hpp"
#include "grade.hpp"

namespace futoshiki {
namespace {

std::string cell_name(int n, int cell) { return fmt::format("r{}c{}", cell / n + 1, cell % n + 1); }

std::string digits_text(std::uint64_t bits) {
  std::vector<int> ds;
  for (; bits; bits &= bits - 1) ds.push_back(std::countr_zero(bits) + 1);
  std::string out;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    if (i > 0) out += i + 1 == ds.size() ? " and " : ", ";
    out += std::to_string(ds[i]);
  }
  return out;
}


// Hall sets of two or more are looked for among every subset of a line's open cells (or
// missing digits): on lines with more than this many, hints go without them (the hidden
// singles and the trials still apply).
constexpr int max_open = 16;

struct Line {
  std::string name;  // "row 3", "column 2"
  std::vector<int> cells;
};

class Explainer {
 public:
  explicit Explainer(const Puzzle& p) : p_(p), n_(p.n), why_(std::size_t(p.n * p.n)) {
    all_ = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
    dom_.assign(std::size_t(n_ * n_), all_);
    for (int i = 0; i < n_ * n_; ++i)
      if (p.givens[std::size_t(i)])
        dom_[std::size_t(i)] = std::uint64_t{1} << (p.givens[std::size_t(i)] - 1);
    auto add = [&](Relation rel, int a, int b) {
      if (rel == Relation::less) signs_.push_back({a, b});
      if (rel == Relation::greater) signs_.push_back({b, a});
    };
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c + 1 < n_; ++c) add(p.right_of(r, c), r * n_ + c, r * n_ + c + 1);
    for (int r = 0; r + 1 < n_; ++r)
      for (int c = 0; c < n_; ++c) add(p.below(r, c), r * n_ + c, (r + 1) * n_ + c);
    for (int i = 0; i < n_; ++i) {
      Line row{fmt::format("row {}", i + 1), {}}, col{fmt::format("column {}", i + 1), {}};
      for (int k = 0; k < n_; ++k) {
        row.cells.push_back(i * n_ + k);
        col.cells.push_back(k * n_ + i);
      }
      lines_.push_back(std::move(row));
      lines_.push_back(std::move(col));
    }
  }

  std::optional<Hint> run() {
    for (;;) {
      if (fixed_ >= 0) return made_hint();
      if (easy_step() || hidden_single_step() || tricky_step() || hard_step() || extreme_step())
        continue;
      return std::nullopt;  // beyond extreme: the caller reveals a digit
    }
  }

 private:
  struct Sign {
    int lo, hi;
  };

  // One removal: which digits left which cell, why (a phrase with "{}" where the digits
  // go), at which level, and the removals it relied on (those of the cells it read).
  struct Removal {
    int cell;
    std::uint64_t drop;
    std::string why;
    bool obvious;            // easy: from a given or an entry, needs no mention elsewhere
    std::vector<int> after;  // indices into removals_
  };

  // The removals so far of the given cells, as dependencies.
  std::vector<int> removals_of(std::initializer_list<const std::vector<int>*> cells) const {
    std::vector<int> out;
    for (const std::vector<int>* list : cells)
      for (const int cell : *list)
        out.insert(out.end(), why_[std::size_t(cell)].begin(), why_[std::size_t(cell)].end());
    return out;
  }

  // The removals of cell that took any of `digits`.
  std::vector<int> removals_dropping(int cell, std::uint64_t digits) const {
    std::vector<int> out;
    for (const int i : why_[std::size_t(cell)])
      if (removals_[std::size_t(i)].drop & digits) out.push_back(i);
    return out;
  }

  // Removes `drop` from cell with reason `why`, relying on the removals `after`; notes the
  // first open cell left with one digit. True when something was removed.
  bool remove(int cell, std::uint64_t drop, const std::string& why, bool hidden_single = false,
              std::vector<int> after = {}, bool obvious = false) {
    std::uint64_t& d = dom_[std::size_t(cell)];
    drop &= d;
    if (!drop) return false;
    d &= ~drop;
    why_[std::size_t(cell)].push_back(int(removals_.size()));
    removals_.push_back({cell, drop, why, obvious, std::move(after)});
    if (single(d) && fixed_ < 0 && !p_.givens[std::size_t(cell)]) {
      fixed_ = cell;
      fixed_by_hidden_ = hidden_single;
    }
    return true;
  }

  // easy: one placed digit spread to its row, its column and its signs.
  bool easy_step() {
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const std::uint64_t v = dom_[std::size_t(cell)];
      if (!single(v)) continue;
      const int r = cell / n_, c = cell % n_, digit = std::countr_zero(v) + 1;
      bool any = false;
      const std::string name = cell_name(n_, cell);
      for (int k = 0; k < n_; ++k) {
        if (k != c)
          any |= remove(r * n_ + k, v, fmt::format("{{}} in row {} ({} = {})", r + 1, name, digit),
                        false, {}, true);
        if (k != r)
          any |=
              remove(k * n_ + c, v, fmt::format("{{}} in column {} ({} = {})", c + 1, name, digit),
                     false, {}, true);
        if (fixed_ >= 0) return true;
      }
      for (const Sign& s : signs_) {
        if (s.lo == cell)
          any |=
              remove(s.hi, ~(all_ & ~((std::uint64_t{2} << (digit - 1)) - 1)),
                     fmt::format("{{}} too small: {} > {} = {}", cell_name(n_, s.hi), name, digit),
                     false, {}, true);
        if (s.hi == cell)
          any |=
              remove(s.lo, ~((std::uint64_t{1} << (digit - 1)) - 1),
                     fmt::format("{{}} too large: {} < {} = {}", cell_name(n_, s.lo), name, digit),
                     false, {}, true);
        if (fixed_ >= 0) return true;
      }
      if (any) return true;
    }
    return false;
  }

  // tricky: one bound passed along one sign.
  bool tricky_step() {
    for (const Sign& s : signs_) {
      const std::uint64_t lo = dom_[std::size_t(s.lo)], hi = dom_[std::size_t(s.hi)];
      if (!lo || !hi) return false;
      const int hi_max = 64 - std::countl_zero(hi), lo_min = std::countr_zero(lo) + 1;
      const std::string a = cell_name(n_, s.lo), b = cell_name(n_, s.hi);
      // relying on the removals that brought the other cell's bound where it is
      const std::uint64_t above = hi_max == 64 ? 0 : ~((std::uint64_t{1} << hi_max) - 1);
      const std::uint64_t below = (std::uint64_t{1} << (lo_min - 1)) - 1;
      const std::string max_text = hi_max == n_ ? "" : fmt::format(" and {} ≤ {}", b, hi_max);
      const std::string min_text = lo_min == 1 ? "" : fmt::format(" and {} ≥ {}", a, lo_min);
      if (remove(
              s.lo, ~((std::uint64_t{1} << (hi_max - 1)) - 1),
              fmt::format("{{}} too large: {} < {}{}, so {} ≤ {}", a, b, max_text, a, hi_max - 1),
              false, removals_dropping(s.hi, above)))
        return true;
      if (remove(
              s.hi, (std::uint64_t{2} << (lo_min - 1)) - 1,
              fmt::format("{{}} too small: {} > {}{}, so {} ≥ {}", b, a, min_text, b, lo_min + 1),
              false, removals_dropping(s.lo, below)))
        return true;
    }
    return false;
  }

  // easy: a digit with one cell left in a line (a hidden Hall set of one digit).
  bool hidden_single_step() {
    for (const Line& line : lines_)
      if (hidden_set(line, 1)) return true;
    return false;
  }

  // hard: the smallest Hall set (hidden or naked) of two or more that removes something.
  bool hard_step() {
    for (int k = 2; k < n_; ++k)
      for (const Line& line : lines_)
        if (hidden_set(line, k) || naked_set(line, k)) return true;
    return false;
  }

  std::vector<int> open_cells(const Line& line) const {
    std::vector<int> out;
    for (const int cell : line.cells)
      if (!single(dom_[std::size_t(cell)])) out.push_back(cell);
    return out;
  }

  std::string cells_text(const std::vector<int>& cells) const {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) out += i + 1 == cells.size() ? " and " : ", ";
      out += cell_name(n_, cells[i]);
    }
    return out;
  }

  // k open cells of the line whose candidates are k digits in all
  bool naked_set(const Line& line, int k) {
    const std::vector<int> open = open_cells(line);
    const int m = int(open.size());
    if (k >= m || m > max_open) return false;
    for (std::uint64_t pick = 0; pick < (std::uint64_t{1} << m); ++pick) {
      if (std::popcount(pick) != k) continue;
      std::uint64_t digits = 0;
      std::vector<int> set;
      for (int i = 0; i < m; ++i)
        if ((pick >> i) & 1u)
          digits |= dom_[std::size_t(open[std::size_t(i)])], set.push_back(open[std::size_t(i)]);
      if (std::popcount(digits) != k) continue;
      bool any = false;
      const std::string why = fmt::format("{{}} taken: in {}, {} hold {} between them (a Hall set)",
                                          line.name, cells_text(set), digits_text(digits));
      const std::vector<int> after = removals_of({&set});
      for (int i = 0; i < m; ++i)
        if (!((pick >> i) & 1u)) any |= remove(open[std::size_t(i)], digits, why, false, after);
      if (any) return true;
    }
    return false;
  }

  // k digits not yet placed in the line that fit only in k of its open cells
  bool hidden_set(const Line& line, int k) {
    const std::vector<int> open = open_cells(line);
    if (k >= int(open.size()) && k > 1) return false;
    std::uint64_t unplaced = 0;
    for (const int cell : open) unplaced |= dom_[std::size_t(cell)];
    std::vector<int> ds;
    for (std::uint64_t b = unplaced; b; b &= b - 1) ds.push_back(std::countr_zero(b));
    const int m = int(ds.size());
    if (k > 1 && m > max_open) return false;  // hidden singles (k = 1) on every line: an easy step
    // the subsets of k of the m digits in increasing order (Gosper's next-subset step)
    for (std::uint64_t pick = (std::uint64_t{1} << k) - 1;
         pick != 0 && (m == 64 || (pick >> m) == 0);) {
      const std::uint64_t low = pick & (~pick + 1), up = pick + low;
      const std::uint64_t this_pick = pick;
      pick = up == 0 ? 0 : (((up ^ pick) >> 2) / low) | up;
      std::uint64_t digits = 0;
      for (int i = 0; i < m; ++i)
        if ((this_pick >> i) & 1u) digits |= std::uint64_t{1} << ds[std::size_t(i)];
      std::vector<int> holders;
      for (const int cell : open)
        if (dom_[std::size_t(cell)] & digits) holders.push_back(cell);
      if (int(holders.size()) != k) continue;
      bool any = false;
      std::string why;
      if (k == 1)
        why = fmt::format("{{}} left out: {} needs a {} and only {} can hold it", line.name,
                          digits_text(digits), cell_name(n_, holders.front()));
      else
        why = fmt::format("{{}} left out: in {}, {} fit only in {} (a Hall set)", line.name,
                          digits_text(digits), cells_text(holders));
      std::vector<int> others;  // the open cells the digits left
      for (const int cell : open)
        if (!(dom_[std::size_t(cell)] & digits)) others.push_back(cell);
      const std::vector<int> after = removals_of({&others});
      for (const int cell : holders) any |= remove(cell, ~digits & all_, why, k == 1, after);
      if (any) return true;
    }
    return false;
  }

  // extreme: one trial placement that fails at the hard level.
  bool extreme_step() {
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const std::uint64_t d = dom_[std::size_t(cell)];
      if (single(d)) continue;
      for (std::uint64_t left = d; left; left &= left - 1) {
        const std::uint64_t v = left & (~left + 1);
        Candidates trial(p_);
        bool holds = true;
        for (int i = 0; i < n_ * n_ && holds; ++i) holds = trial.restrict(i, dom_[std::size_t(i)]);
        holds = holds && trial.restrict(cell, v) && trial.reach(Difficulty::hard);
        if (holds) continue;
        remove(cell, v,
               fmt::format("{{}} ruled out by a trial: with {} = {} the hard-level deductions "
                           "reach a contradiction",
                           cell_name(n_, cell), std::countr_zero(v) + 1));
        return true;
      }
    }
    return false;
  }

  Hint made_hint() const {
    const std::uint64_t v = dom_[std::size_t(fixed_)];
    const int digit = std::countr_zero(v) + 1;
    const std::string name = cell_name(n_, fixed_);
    Hint h{fixed_ / n_, fixed_ % n_, digit, {}};
    const std::vector<int>& own = why_[std::size_t(fixed_)];
    if (fixed_by_hidden_) {  // "row 3 needs a 5 and only r3c4 can hold it"
      const std::string& why = removals_[std::size_t(own.back())].why;
      h.reason = fmt::format("{} = {}: {}", name, digit, why.substr(why.find(": ") + 2));
    } else {
      // every other digit and why it went, digits with the same reason together
      std::vector<std::pair<std::uint64_t, std::string>> grouped;
      for (const int i : own) {
        const Removal& r = removals_[std::size_t(i)];
        bool merged = false;
        for (auto& g : grouped)
          if (g.second == r.why) g.first |= r.drop, merged = true;
        if (!merged) grouped.push_back({r.drop, r.why});
      }
      std::string parts;
      for (const auto& [drop, why] : grouped) {
        if (!parts.empty()) parts += "; ";
        parts += fmt::format(fmt::runtime(why), digits_text(drop));
      }
      h.reason = fmt::format("{} = {}, the only digit left: {}", name, digit, parts);
    }
    // the deductions in other cells this one relied on (beyond the obvious ones), in order
    std::vector<char> needed(removals_.size(), 0);
    std::vector<int> todo;
    for (const int i : own)
      todo.insert(todo.end(), removals_[std::size_t(i)].after.begin(),
                  removals_[std::size_t(i)].after.end());
    while (!todo.empty()) {
      const int i = todo.back();
      todo.pop_back();
      if (needed[std::size_t(i)]) continue;
      needed[std::size_t(i)] = 1;
      todo.insert(todo.end(), removals_[std::size_t(i)].after.begin(),
                  removals_[std::size_t(i)].after.end());
    }
    std::string before;
    for (std::size_t i = 0; i < removals_.size(); ++i) {
      const Removal& r = removals_[i];
      if (!needed[i] || r.obvious || r.cell == fixed_) continue;
      before += fmt::format("{}{}: {}", before.empty() ? "" : "; ", cell_name(n_, r.cell),
                            fmt::format(fmt::runtime(r.why), digits_text(r.drop)));
    }
    if (!before.empty()) h.reason += fmt::format(" (after {})", before);
    return h;
  }

  const Puzzle& p_;
  int n_;
  std::uint64_t all_ = 0;
  std::vector<std::uint64_t> dom_;
  std::vector<Sign> signs_;
  std::vector<Line> lines_;
  std::vector<Removal> removals_;      // every removal, in order
  std::vector<std::vector<int>> why_;  // per cell: its removals (indices into removals_)
  int fixed_ = -1;
  bool fixed_by_hidden_ = false;
};

}  // namespace

std::optional<Hint> hint(const Puzzle& p) {
  bool full = true;
  for (const int g : p.givens) full = full && g != 0;
  if (full) return std::nullopt;
  // entries that contradict the solution leave the puzzle without one
  bool contradiction = false;
  const std::optional<Difficulty> level = solving_level(p, &contradiction);
  if (contradiction) return std::nullopt;
  if (!level && some_solutions(p, 1).empty()) return std::nullopt;
  if (std::optional<Hint> h = Explainer(p).run()) return h;
  // beyond extreme: no deduction of the levels fixes a cell; the first open one is revealed
  const std::vector<std::vector<int>> solutions = some_solutions(p, 1);
  if (solutions.empty()) return std::nullopt;
  for (int i = 0; i < p.n * p.n; ++i)
    if (!p.givens[std::size_t(i)])
      return Hint{
          i / p.n, i % p.n, solutions.front()[std::size_t(i)],
          fmt::format(
              "{} = {}: no deduction up to a trial fixes a cell here; this is the solution's digit",
              cell_name(p.n, i), solutions.front()[std::size_t(i)])};
  return std::nullopt;
}

}  // namespace futoshiki
