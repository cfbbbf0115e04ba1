// Public entry points of the exact-cover search (temporary simple engine; dancing links next).
#include <algorithm>
#include <chrono>
#include <functional>

#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {
namespace {

struct Simple {
  const ExactCover& p;
  const CoverOptions& opt;
  const CoverCallback& cb;
  std::vector<int> count;  // times each item is covered
  std::vector<int> colour;
  std::vector<int> chosen;
  CoverResult r;
  bool stop = false;

  bool fits(int o) const {
    for (auto ic : p.option(o)) {
      if (p.is_primary(ic.item) || ic.colour == 0) {
        if (count[ic.item] > 0) return false;
      } else if (count[ic.item] > 0 && colour[ic.item] != ic.colour) {
        return false;
      }
    }
    return true;
  }
  void apply(int o, int d) {
    for (auto ic : p.option(o)) {
      count[ic.item] += d;
      if (ic.colour != 0) colour[ic.item] = ic.colour;
    }
  }
  void run() {
    if (stop) return;
    int item = -1;
    for (int i = 0; i < p.num_items(); ++i)
      if (p.is_primary(i) && count[i] == 0) { item = i; break; }
    if (item < 0) {
      ++r.stats.solutions;
      if (cb && !cb(chosen)) { stop = true; r.stop = StopReason::by_callback; }
      if (opt.max_solutions && r.stats.solutions >= opt.max_solutions) {
        stop = true; r.stop = StopReason::solution_limit;
      }
      return;
    }
    for (int o = 0; o < p.num_options() && !stop; ++o) {
      auto items = p.option(o);
      if (std::none_of(items.begin(), items.end(), [&](auto ic) { return ic.item == item; })) continue;
      if (!fits(o)) continue;
      ++r.stats.nodes;
      apply(o, 1);
      chosen.push_back(o);
      if (!opt.prune || opt.prune(chosen)) run();
      chosen.pop_back();
      apply(o, -1);
    }
  }
};

}  // namespace

CoverResult search(const ExactCover& problem, const CoverOptions& options,
                   const CoverCallback& on_solution) {
  Simple s{problem, options, on_solution, std::vector<int>(std::size_t(problem.num_items())),
           std::vector<int>(std::size_t(problem.num_items())), {}, {}};
  s.run();
  return s.r;
}

std::optional<std::vector<int>> solve_first(const ExactCover& problem, const CoverOptions& options,
                                            CoverResult* result) {
  std::optional<std::vector<int>> out;
  CoverResult r = search(problem, options, [&](std::span<const int> chosen) {
    out.emplace(chosen.begin(), chosen.end());
    std::sort(out->begin(), out->end());
    return false;
  });
  if (r.stop == StopReason::by_callback) r.stop = StopReason::solution_limit;
  if (result) *result = r;
  return out;
}

CoverResult count(const ExactCover& problem, const CoverOptions& options) {
  return search(problem, options, nullptr);
}

bool is_solution(const ExactCover& problem, std::span<const int> options) {
  std::vector<int> times(std::size_t(problem.num_items())), colour(std::size_t(problem.num_items()));
  for (int o : options) {
    if (o < 0 || o >= problem.num_options()) return false;
    for (const ItemColour& ic : problem.option(o)) {
      const auto i = std::size_t(ic.item);
      if (times[i] > 0 && (ic.colour == 0 || colour[i] != ic.colour)) return false;
      ++times[i];
      colour[i] = ic.colour;
    }
  }
  for (int i = 0; i < problem.num_items(); ++i)
    if (problem.is_primary(i) && times[std::size_t(i)] != 1) return false;
  return true;
}

}  // namespace solve
