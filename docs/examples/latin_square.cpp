// A complete libsolve program: a 4x4 Latin square whose first row increases and whose
// diagonal sums to 10, the last through a user-defined constraint. Built and run by the test
// suite (tests/csp), so this example always compiles against the current API.
#include <cstdio>
#include <vector>

#include <solve/solve.hpp>

// A user constraint: the variables sum to `total`. It prunes only by checking complete
// assignments and by bounds, which the constraint checklist (solve/constraint.hpp) allows.
class SumEquals final : public solve::CloneableConstraint<SumEquals> {
 public:
  SumEquals(std::vector<solve::Var> xs, int total) : xs_(std::move(xs)), total_(total) {}
  std::span<const solve::Var> scope() const override { return xs_; }
  std::string_view name() const override { return "sum_equals"; }

  solve::PropStatus propagate(solve::Space& s) override {
    int lo = 0, hi = 0;
    for (solve::Var x : xs_) {
      lo += s.min(x);
      hi += s.max(x);
    }
    if (total_ < lo || total_ > hi) return solve::PropStatus::failed;
    if (lo == hi) return solve::PropStatus::entailed;  // all assigned, and lo == total
    // each variable lies between total - (the others' maxima) and total - (the others' minima)
    bool moved = false;
    for (solve::Var x : xs_) {
      const solve::Event up = s.restrict_max(x, total_ - (lo - s.min(x)));
      const solve::Event down = s.restrict_min(x, total_ - (hi - s.max(x)));
      if (up == solve::Event::failed || down == solve::Event::failed) return solve::PropStatus::failed;
      moved = moved || up != solve::Event::none || down != solve::Event::none;
    }
    // bounds that moved change the others' sums: ask to be run again
    return moved ? solve::PropStatus::changed : solve::PropStatus::fixpoint;
  }

 private:
  std::vector<solve::Var> xs_;
  int total_;
};

int main() {
  constexpr int n = 4;
  solve::Model m;
  std::vector<solve::Var> cell;  // row-major
  for (int i = 0; i < n * n; ++i) cell.push_back(m.add_var(1, n));
  auto at = [&](int r, int c) { return cell[std::size_t(r * n + c)]; };

  for (int r = 0; r < n; ++r) {
    std::vector<solve::Var> row, col;
    for (int c = 0; c < n; ++c) {
      row.push_back(at(r, c));
      col.push_back(at(c, r));
    }
    solve::all_different(m, row);
    solve::all_different(m, col);
  }
  for (int c = 0; c + 1 < n; ++c) solve::less(m, at(0, c), at(0, c + 1));
  std::vector<solve::Var> diagonal;
  for (int i = 0; i < n; ++i) diagonal.push_back(at(i, i));
  m.post(std::make_unique<SumEquals>(diagonal, 10));

  // First solution, with the default (fastest) settings.
  solve::Result r;
  if (auto s = solve::solve_first(m, {}, &r)) {
    for (int row = 0; row < n; ++row)
      std::printf("%d %d %d %d\n", (*s)[at(row, 0)], (*s)[at(row, 1)], (*s)[at(row, 2)], (*s)[at(row, 3)]);
  }
  // Count all solutions with forward checking and the textbook heuristic.
  solve::SearchOptions course;
  course.propagation = solve::Propagation::forward;
  course.var_order = solve::VarOrder::mrv_degree;
  const solve::Result all = solve::count(m, course);
  std::printf("solutions: %llu (nodes %llu, %s)\n", static_cast<unsigned long long>(all.stats.solutions),
              static_cast<unsigned long long>(all.stats.nodes), solve::to_string(all.stop));
  return all.stats.solutions == 4 ? 0 : 1;  // 4, by brute force; the test suite checks it
}
