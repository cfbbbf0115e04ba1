#include "grade.hpp"

#include <solve/search.hpp>

#include "candidates.hpp"
#include "model.hpp"

namespace futoshiki {

std::optional<Grade> grade(const Puzzle& p, double max_seconds, const std::atomic<bool>* cancel) {
  bool contradiction = false;
  const std::optional<Difficulty> level = solving_level(p, &contradiction);
  if (level) return Grade{true, true, level};  // sound deductions leave only the solution
  if (contradiction) return Grade{false, false, std::nullopt};
  // beyond extreme: the solver tells how many solutions there are (0, 1 or more)
  const FutoshikiModel fm = build_model(p);
  solve::SearchOptions o;
  o.limits.max_solutions = 2;
  o.limits.max_seconds = max_seconds;
  o.limits.cancel = cancel;
  const solve::Result r = solve::count(fm.model, o);
  if (r.stop != solve::StopReason::exhausted && r.stop != solve::StopReason::solution_limit)
    return std::nullopt;
  return Grade{r.stats.solutions >= 1, r.stats.solutions == 1, std::nullopt};
}

Grade grade(const Puzzle& p) { return *grade(p, 0, nullptr); }

std::vector<std::vector<int>> some_solutions(const Puzzle& p, int most) {
  const FutoshikiModel fm = build_model(p);
  solve::SearchOptions o;
  o.limits.max_solutions = std::uint64_t(most);
  std::vector<std::vector<int>> out;
  solve::search(fm.model, o, [&](const solve::Solution& s) {
    out.push_back(fm.grid(s));
    return true;
  });
  return out;
}

}  // namespace futoshiki
