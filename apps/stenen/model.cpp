#include "model.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "prune.hpp"
#include "solve/error.hpp"

namespace stenen {

using Cells = std::vector<int>;

Model::Model(const Board& position, const ModelOptions& options)
    : position_(&position), options_(options) {
  const int rows = position.rows(), cols = position.cols();
  column_major_ = options.method == Method::fast && rows < cols;
  for (int c = 0; c < rows * cols; ++c)
    rank_.push_back(column_major_ ? (c % cols) * rows + c / cols : c);
  make_pieces(options);
  if (options.symmetric || options.counting == Counting::unique) {
    for (BoardSymmetry& g : board_symmetries(position.rows(), position.cols()))
      if (invariant(position.grid(), class_of_stone_, g.image)) group_.push_back(std::move(g));
  } else {
    group_ = board_symmetries(position.rows(), position.cols());
    group_.resize(1);
  }
  std::vector<std::vector<Placement>> per_piece;
  std::vector<std::vector<Cells>> cells;
  std::vector<std::vector<int>> stab_of;  // by placement of the breaker
  enumerate(per_piece, cells);
  choose_breaker(per_piece, cells, stab_of);
  build_problem(per_piece, cells, stab_of);
  bool ordering = false;
  for (const Piece& p : pieces_) ordering |= p.next >= 0;
  pruner_ = std::make_shared<Pruner>(*this, options.method != Method::dumb, ordering);
}

Model::~Model() = default;

void Model::make_pieces(const ModelOptions& o) {
  const Puzzle& puzzle = position_->puzzle();
  const std::vector<int> congruent = congruence_classes(puzzle.stones);
  const bool identical = o.counting != Counting::labelled;
  class_of_stone_.assign(puzzle.stones.size() + 1, 0);
  int left = 0;
  for (std::size_t i = 0; i < puzzle.stones.size(); ++i) {
    const Stone& s = puzzle.stones[i];
    class_of_stone_[std::size_t(s.number)] = identical ? congruent[i] + 1 : s.number;
    if (position_->used(s.number)) continue;
    pieces_.push_back({&s, s.size(), class_of_stone_[std::size_t(s.number)]});
    left += s.size();
  }
  const int holes = position_->empty_cells() - left;
  cells_primary_ = holes == 0 || holes <= o.max_holes;
  if (cells_primary_)
    for (int h = 0; h < holes; ++h) pieces_.push_back({nullptr, 1, -1});
  for (std::size_t i = 0; i < pieces_.size(); ++i)
    for (std::size_t j = i + 1; j < pieces_.size(); ++j)
      if (pieces_[j].cls == pieces_[i].cls) {
        pieces_[i].next = int(j);
        pieces_[j].prev = int(i);
        break;
      }
}

void Model::enumerate(std::vector<std::vector<Placement>>& per_piece,
                      std::vector<std::vector<Cells>>& cells) const {
  const int rows = position_->rows(), cols = position_->cols();
  const auto& grid = position_->grid();
  per_piece.assign(pieces_.size(), {});
  cells.assign(pieces_.size(), {});
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    const Stone* s = pieces_[p].stone;
    for (int o = 0; o < num_orientations; ++o) {
      if (s ? !s->distinct(o) : o > 0) continue;
      const Shape& shape = s ? s->orientation[std::size_t(o)] : Shape{1, 1, {{0, 0}}};
      for (int r = 0; r + shape.rows <= rows; ++r)
        for (int c = 0; c + shape.cols <= cols; ++c) {
          Cells cs;
          for (Cell x : shape.cells) cs.push_back((r + x.row) * cols + c + x.col);
          if (std::any_of(cs.begin(), cs.end(), [&](int i) { return grid[std::size_t(i)] != 0; }))
            continue;
          int anchor = rank(cs.front());
          for (int i : cs) anchor = std::min(anchor, rank(i));
          per_piece[p].push_back({int(p), o, r, c, anchor});
          cells[p].push_back(std::move(cs));
        }
    }
  }
}

void Model::choose_breaker(std::vector<std::vector<Placement>>& per_piece,
                           std::vector<std::vector<Cells>>& cells,
                           std::vector<std::vector<int>>& stab_of) {
  if (group_.size() <= 1) return;
  std::map<int, int> class_size;
  for (const Piece& p : pieces_) ++class_size[p.cls];
  std::pair<std::size_t, int> best{SIZE_MAX, INT_MAX};
  std::vector<char> best_keep;
  std::vector<std::vector<int>> best_stab;
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    if (class_size[pieces_[p].cls] != 1) continue;  // the breaker must have no twin
    std::map<Cells, int> index;
    for (std::size_t i = 0; i < cells[p].size(); ++i) index[cells[p][i]] = int(i);
    std::vector<char> keep(cells[p].size(), 1);
    std::vector<std::vector<int>> stab(cells[p].size());
    for (std::size_t i = 0; i < cells[p].size(); ++i) {
      for (std::size_t g = 0; g < group_.size(); ++g) {
        Cells image;
        for (int c : cells[p][i]) image.push_back(group_[g].image[std::size_t(c)]);
        std::sort(image.begin(), image.end());
        const auto it = index.find(image);
        if (it == index.end()) throw solve::ModelError("stenen: a symmetric placement is missing");
        // The orbit's representative: the placement the scan meets first.
        const auto j = std::size_t(it->second);
        if (std::pair{per_piece[p][j].anchor, j} < std::pair{per_piece[p][i].anchor, i}) keep[i] = 0;
        if (it->second == int(i)) stab[i].push_back(int(g));
      }
    }
    // The best breaker keeps the fewest placements, then the one whose representatives the
    // scan meets soonest. (Measured against: the smallest share of its placements kept, and
    // the soonest last representative first; each lost on most of the instances.)
    std::pair<std::size_t, int> score{0, 0};
    for (std::size_t i = 0; i < keep.size(); ++i)
      if (keep[i]) score = {score.first + 1, std::max(score.second, per_piece[p][i].anchor)};
    if (score < best) {
      best = score;
      breaker_ = int(p);
      best_keep = std::move(keep);
      best_stab = std::move(stab);
    }
  }
  if (breaker_ < 0) return;
  std::vector<Placement> kept;
  std::vector<Cells> kept_cells;
  const auto b = std::size_t(breaker_);
  for (std::size_t i = 0; i < best_keep.size(); ++i) {
    if (!best_keep[i]) continue;
    kept.push_back(per_piece[b][i]);
    kept_cells.push_back(std::move(cells[b][i]));
    stab_of.push_back(std::move(best_stab[i]));
  }
  per_piece[b] = std::move(kept);
  cells[b] = std::move(kept_cells);
}

void Model::build_problem(const std::vector<std::vector<Placement>>& per_piece,
                          const std::vector<std::vector<Cells>>& cells,
                          const std::vector<std::vector<int>>& stab_of) {
  const int rows = position_->rows(), cols = position_->cols();
  std::vector<int> cell_item(std::size_t(rows * cols), -1), by_rank(std::size_t(rows * cols));
  for (int c = 0; c < rows * cols; ++c) by_rank[std::size_t(rank(c))] = c;
  for (int c : by_rank) {
    if (position_->grid()[std::size_t(c)] != 0) continue;
    const std::string name = fmt::format("r{}c{}", c / cols, c % cols);
    cell_item[std::size_t(c)] = cells_primary_ ? problem_.add_primary(name) : problem_.add_secondary(name);
  }
  std::vector<int> piece_item;
  int hole = 0;
  for (const Piece& p : pieces_)
    piece_item.push_back(problem_.add_primary(p.hole() ? fmt::format("hole{}", ++hole) : fmt::format("s{}", p.stone->name())));
  std::vector<int> items;
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    for (std::size_t i = 0; i < per_piece[p].size(); ++i) {
      items.clear();
      for (int c : cells[p][i]) items.push_back(cell_item[std::size_t(c)]);
      items.push_back(piece_item[p]);
      problem_.add_option(items);
      placements_.push_back(per_piece[p][i]);
      option_cells_.insert(option_cells_.end(), cells[p][i].begin(), cells[p][i].end());
      option_start_.push_back(int(option_cells_.size()));
      option_stab_.push_back(int(p) == breaker_ ? int(stabs_.size()) : -1);
      if (int(p) == breaker_) stabs_.push_back(stab_of[i]);
    }
  }
}

std::span<const int> Model::cells(int option) const {
  const auto o = std::size_t(option);
  return {option_cells_.data() + option_start_[o], std::size_t(option_start_[o + 1] - option_start_[o])};
}

solve::CoverOptions Model::cover_options() const {
  solve::CoverOptions c;
  // First empty cell; fewest options when cells are secondary (many may stay empty), as the
  // first open item would then just be the next stone in number order.
  c.item_choice = options_.method == Method::fast && !cells_primary_ ? solve::ItemChoice::mrv
                                                                     : solve::ItemChoice::first;
  bool needed = options_.method != Method::dumb;
  for (const Piece& p : pieces_) needed |= p.next >= 0;
  if (needed) c.prune = [p = pruner_](std::span<const int> chosen) { return (*p)(chosen); };
  return c;
}

std::uint64_t Model::order_rejections() const { return pruner_->order_rejections(); }

std::vector<int> Model::grid(std::span<const int> chosen) const {
  std::vector<int> g = position_->grid();
  for (int o : chosen) {
    const Piece& p = pieces_[std::size_t(placement(o).piece)];
    if (p.hole()) continue;
    for (int c : cells(o)) g[std::size_t(c)] = p.stone->number;
  }
  return g;
}

std::vector<Move> Model::moves(std::span<const int> chosen) const {
  std::vector<Move> out;
  for (int o : chosen) {
    const Placement& pl = placement(o);
    const Piece& p = pieces_[std::size_t(pl.piece)];
    if (!p.hole()) out.push_back({pl.row, pl.col, p.stone->number, pl.orient});
  }
  return out;
}

const std::vector<int>& Model::stabiliser(int option) const {
  static const std::vector<int> none;
  const int s = option_stab_[std::size_t(option)];
  return s < 0 ? none : stabs_[std::size_t(s)];
}

}  // namespace stenen
