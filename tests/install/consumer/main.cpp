// 4-queens through the installed libsolve: one queen per column, q[c] = its row.
// Rows differ (all_different); diagonals are a user constraint, so the public extension
// point (solve::Constraint) is exercised across the library boundary too, and so are an
// exception (a Var of another model) and the exact-cover half (the same count as a cover).
// Prints one line per propagation level and exits 1 unless every count is 2.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include <solve/exact_cover.hpp>
#include <solve/solve.hpp>

namespace {

/// Queens in columns a and b (distance apart) are not on a common diagonal.
class OffDiagonal : public solve::CloneableConstraint<OffDiagonal> {
 public:
  OffDiagonal(solve::Var a, solve::Var b, int distance) : scope_{a, b}, distance_(distance) {}

  std::span<const solve::Var> scope() const override { return scope_; }
  std::string_view name() const override { return "off_diagonal"; }

  solve::PropStatus propagate(solve::Space& s) override {
    const solve::Var a = scope_[0], b = scope_[1];
    if (s.assigned(a) && s.assigned(b)) {
      const int gap = s.value(a) - s.value(b);
      return gap == distance_ || gap == -distance_ ? solve::PropStatus::failed
                                                   : solve::PropStatus::entailed;
    }
    // One side known: the other loses the two diagonal rows (pruning is allowed at any level).
    if (s.assigned(a)) return forbid(s, b, s.value(a));
    if (s.assigned(b)) return forbid(s, a, s.value(b));
    return solve::PropStatus::fixpoint;
  }

 private:
  solve::PropStatus forbid(solve::Space& s, solve::Var x, int row) const {
    if (s.remove(x, row - distance_) == solve::Event::failed ||
        s.remove(x, row + distance_) == solve::Event::failed)
      return solve::PropStatus::failed;
    return solve::PropStatus::entailed;
  }

  solve::Var scope_[2];
  int distance_;
};

}  // namespace

int main() {
  constexpr int n = 4;
  solve::Model m;
  const std::vector<solve::Var> q = m.add_vars(n, 0, n - 1, "q");
  solve::all_different(m, q);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) m.post(std::make_unique<OffDiagonal>(q[i], q[j], j - i));

  bool ok = true;
  for (solve::Propagation p : {solve::Propagation::none, solve::Propagation::forward,
                               solve::Propagation::arc, solve::Propagation::domain}) {
    const solve::Result r = solve::count(m, {.propagation = p});
    std::printf("propagation %d: %llu solutions, %llu nodes\n", int(p),
                static_cast<unsigned long long>(r.stats.solutions),
                static_cast<unsigned long long>(r.stats.nodes));
    ok = ok && r.complete() && r.stats.solutions == 2;
  }

  const auto first = solve::solve_first(m);
  ok = ok && first && solve::is_solution(m, first->values());
  if (first) {
    std::printf("first:");
    for (solve::Var x : q) std::printf(" %d", (*first)[x]);
    std::printf("\n");
  }

  // A ModelError thrown in the library is caught here (its type crosses a shared library).
  solve::Model other;
  const solve::Var foreign = other.add_var(0, n - 1);
  bool refused = false;
  try {
    solve::less(m, q[0], foreign);
  } catch (const solve::ModelError& e) {
    refused = true;
    std::printf("refused: %s\n", e.what());
  }
  ok = ok && refused;

  // 4-queens as an exact cover: rows and columns primary, diagonals secondary.
  solve::ExactCover cover;
  std::vector<int> row, col, up, down;
  for (int i = 0; i < n; ++i) {
    row.push_back(cover.add_primary());
    col.push_back(cover.add_primary());
  }
  for (int i = 0; i < 2 * n - 1; ++i) {
    up.push_back(cover.add_secondary());
    down.push_back(cover.add_secondary());
  }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) cover.add_option({row[r], col[c], up[r + c], down[r - c + n - 1]});
  const solve::Result covers = solve::count(cover);
  std::printf("exact cover: %s solutions\n", covers.count.to_string().c_str());
  ok = ok && covers.complete() && covers.count == solve::BigCount(2);

  std::puts(ok ? "4-queens: 2 solutions, as expected" : "4-queens: WRONG");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
