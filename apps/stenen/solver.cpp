#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

namespace stenen {

namespace {

ModelOptions model_options(const Board& position, const RunOptions& o, bool for_count) {
  ModelOptions m;
  m.method = o.method;
  m.counting = o.counting;
  // Counting with the fast method always goes through the board's symmetry: one placement of
  // the breaker per orbit, each solution weighted by its orbit's size (exact, |G| times less
  // work). cap_puzzle counts report the count up to symmetry as well.
  m.symmetric = for_count && (position.puzzle().format == Format::cap_puzzle || o.method == Method::fast);
  return m;
}

solve::CoverOptions cover_options(const Model& model, const RunOptions& o) {
  solve::CoverOptions c = model.cover_options();
  const std::uint64_t cells = std::max<std::uint64_t>(model.placement_cells(), 1);
  c.threads = int(std::clamp<std::uint64_t>(max_worker_cells / cells, 1, std::uint64_t(std::max(o.threads, 1))));
  c.progress = o.progress;
  c.max_seconds = o.max_seconds;
  c.max_nodes = o.max_nodes;
  c.cancel = o.cancel;
  return c;
}

/// Options chosen, less the placements refused only for putting interchangeable stones out of
/// order. Never below 0: a split parallel search may call the prune hook on placements it does
/// not count as nodes (issue 7 item 4; the library's to fix, this only keeps it from wrapping).
std::uint64_t positions_examined(const solve::CoverResult& r, const Model& model) {
  const std::uint64_t refused = model.order_rejections();
  return r.stats.nodes > refused ? r.stats.nodes - refused : 0;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void SymmetryTally::add(std::span<const int> chosen) {
  const auto& group = model_.symmetries();
  std::vector<int> stab;
  if (model_.breaker() >= 0) {
    for (int o : chosen)
      if (model_.placement(o).piece == model_.breaker()) stab = model_.stabiliser(o);
  } else {
    stab.resize(group.size());
    std::iota(stab.begin(), stab.end(), 0);
  }
  const std::uint64_t orbit = group.size() / stab.size();
  all_ += orbit;
  std::uint64_t fix = 1;  // the identity
  if (stab.size() > 1) {
    const std::vector<int> grid = model_.grid(chosen);
    for (int g : stab)
      if (g != 0 && invariant(grid, model_.class_of_stone(), group[std::size_t(g)].image)) ++fix;
  }
  unique_times_group_ += fix * orbit;
}

CountResult count_solutions(const Board& position, const RunOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const Model model(position, model_options(position, o, true));
  CountResult out;
  solve::CoverResult r;
  SymmetryTally tally(model);
  if (model.pieces().empty()) {
    tally.add({});  // the position is already complete
  } else if (model.symmetries().size() > 1) {
    r = solve::search(model.problem(), cover_options(model, o), [&](std::span<const int> chosen) {
      tally.add(chosen);
      return true;
    });
  } else {
    r = solve::count(model.problem(), cover_options(model, o));
  }
  const bool tallied = model.pieces().empty() || model.symmetries().size() > 1;
  const std::uint64_t all = tallied ? tally.all() : r.stats.solutions;
  const std::uint64_t unique = tallied ? tally.unique() : all;
  const bool leiden = position.puzzle().format == Format::leiden;
  out.solutions = leiden && o.counting == Counting::unique ? unique : all;
  if (!leiden) out.unique = unique;
  out.positions = positions_examined(r, model);
  out.complete = r.complete();
  out.stop = r.stop;
  out.seconds = since(t0);
  return out;
}

CountResult list_solutions(const Board& position, const RunOptions& o,
                           const std::function<void(const std::vector<int>&)>& on_board) {
  const auto t0 = std::chrono::steady_clock::now();
  const Model model(position, ModelOptions{o.method, o.counting, o.counting == Counting::unique});
  const auto& group = model.symmetries();
  CountResult out;
  const auto take = [&](std::span<const int> chosen) {
    const std::vector<int> grid = model.grid(chosen);
    std::vector<int> stab;
    for (int c : chosen)
      if (model.placement(c).piece == model.breaker()) stab = model.stabiliser(c);
    if (model.breaker() < 0)
      for (std::size_t g = 0; g < group.size(); ++g) stab.push_back(int(g));
    // One board per orbit of the stabiliser: the one with the least key.
    const std::vector<int> key = board_key(grid, model.class_of_stone());
    for (int g : stab)
      if (g != 0 && board_key(transformed(grid, group[std::size_t(g)].image), model.class_of_stone()) < key)
        return true;
    ++out.solutions;
    on_board(grid);
    return true;
  };
  solve::CoverResult r;
  if (model.pieces().empty())
    take({});
  else
    r = solve::search(model.problem(), cover_options(model, o), take);
  out.positions = positions_examined(r, model);
  out.complete = r.complete();
  out.stop = r.stop;
  out.seconds = since(t0);
  return out;
}

SolveResult find_solution(const Board& position, const RunOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const Model model(position, model_options(position, o, false));
  SolveResult out;
  solve::CoverResult r;
  std::optional<std::vector<int>> chosen;
  if (model.pieces().empty())
    chosen.emplace();
  else
    chosen = solve::solve_first(model.problem(), cover_options(model, o), &r);
  if (chosen) {
    out.grid = model.grid(*chosen);
    out.moves = model.moves(*chosen);
    const int cols = position.cols();
    std::stable_sort(out.moves.begin(), out.moves.end(), [&](const Move& a, const Move& b) {
      const auto first = [&](const Move& m) {
        const Cell c = position.puzzle().stones[std::size_t(m.stone - 1)].orientation[std::size_t(m.orient)].cells[0];
        return (m.row + c.row) * cols + m.col + c.col;
      };
      return first(a) < first(b);
    });
  }
  out.positions = positions_examined(r, model);
  out.stop = r.stop;
  out.seconds = since(t0);
  return out;
}

}  // namespace stenen
