#include "model.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "prune.hpp"

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
  if (options.method == Method::fast && cells_primary_) restrict_second(per_piece, cells, stab_of);
  build_problem(per_piece, cells, stab_of);
  pruner_ = std::make_shared<Pruner>(*this, options.method != Method::dumb);
}

Model::~Model() = default;

void Model::look_at_limits() const {
  since_poll_ = 0;
  const BuildLimits& l = options_.limits;
  if (l.cancel && l.cancel->load(std::memory_order_relaxed))
    throw BuildStopped{solve::StopReason::cancelled};
  if (std::chrono::steady_clock::now() >= l.deadline)
    throw BuildStopped{solve::StopReason::time_limit};
}

bool hole_stones(const ModelOptions& o, int empty_cells, int stones, int holes) {
  if (holes <= o.max_holes) return true;
  return o.method == Method::fast && o.twins == Twins::automatic &&
         empty_cells + stones + holes <= 64 && 4 * holes <= empty_cells;
}

void Model::make_pieces(const ModelOptions& o) {
  const Puzzle& puzzle = position_->puzzle();
  const std::vector<int> congruent = congruence_classes(puzzle.stones);
  const bool identical = o.counting != Counting::labelled;
  class_of_stone_.assign(puzzle.stones.size() + 1, 0);
  std::vector<std::pair<int, const Stone*>> left;  // class and stone, in number order
  int area = 0;
  for (std::size_t i = 0; i < puzzle.stones.size(); ++i) {
    const Stone& s = puzzle.stones[i];
    const int cls = identical ? congruent[i] + 1 : s.number;
    class_of_stone_[std::size_t(s.number)] = cls;
    if (position_->used(s.number)) continue;
    left.emplace_back(cls, &s);
    area += s.size();
  }
  const int holes = position_->empty_cells() - area;
  cells_primary_ = hole_stones(o, position_->empty_cells(), int(left.size()), holes);
  if (cells_primary_)
    for (int h = 0; h < holes; ++h) left.emplace_back(-1, nullptr);
  // The ordered problem: one item per empty cell and per stone or hole. It fits the bitset
  // engine when small enough and branching on the first open item (CoverEngine::automatic).
  const int bitset_items = 256;  // solve::CoverEngine::bitset's limit
  const bool first_item = cover_options().item_choice == solve::ItemChoice::first;
  ordered_ =
      o.twins == Twins::ordered || (o.twins == Twins::automatic && first_item &&
                                    position_->empty_cells() + int(left.size()) <= bitset_items);
  std::map<int, std::size_t> last_of_class;  // class -> its latest piece
  for (const auto& [cls, stone] : left) {
    const auto it = last_of_class.find(cls);
    if (it != last_of_class.end() && !ordered_) {  // one more copy of that piece
      Piece& p = pieces_[it->second];
      if (stone) p.stones.push_back(stone);
      else ++p.holes;
      continue;
    }
    pieces_.push_back(stone ? Piece{{stone}, stone->size()} : Piece{{}, 1, 1});
    if (it != last_of_class.end()) {  // ordered: link it after the class's latest piece
      pieces_[it->second].next = int(pieces_.size() - 1);
      pieces_.back().prev = int(it->second);
    }
    last_of_class[cls] = pieces_.size() - 1;
  }
}

void Model::enumerate(std::vector<std::vector<Placement>>& per_piece,
                      std::vector<std::vector<Cells>>& cells) const {
  const int rows = position_->rows(), cols = position_->cols();
  const auto& grid = position_->grid();
  per_piece.assign(pieces_.size(), {});
  cells.assign(pieces_.size(), {});
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    const Stone* s = pieces_[p].shape();
    for (int o = 0; o < num_orientations; ++o) {
      if (s ? !s->distinct(o) : o > 0) continue;
      const Shape& shape = s ? s->orientation[std::size_t(o)] : Shape{1, 1, {{0, 0}}};
      for (int r = 0; r + shape.rows <= rows; ++r)
        for (int c = 0; c + shape.cols <= cols; ++c) {
          Cells cs;  // one allocation of the right size (growing it cell by cell took four)
          cs.reserve(shape.cells.size());
          for (Cell x : shape.cells) cs.push_back((r + x.row) * cols + c + x.col);
          if (std::any_of(cs.begin(), cs.end(), [&](int i) { return grid[std::size_t(i)] != 0; }))
            continue;
          int anchor = rank(cs.front());
          for (int i : cs) anchor = std::min(anchor, rank(i));
          per_piece[p].push_back({int(p), o, r, c, anchor});
          cells[p].push_back(std::move(cs));
          poll(shape.cells.size());
        }
    }
  }
}

namespace {

/// A key of a set of cells that does not depend on their order: the sum of a mixed value per
/// cell (splitmix64's finaliser). Equal sets have equal keys; a match is then checked cell
/// by cell.
std::uint64_t set_key(const Cells& cells, const std::vector<int>* image = nullptr) {
  std::uint64_t key = 0;
  for (int c : cells) {
    std::uint64_t x = std::uint64_t(image ? (*image)[std::size_t(c)] : c) + 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    key += x ^ (x >> 31);
  }
  return key;
}

/// Scratch space of placement_images, kept from one call to the next.
struct ImageScratch {
  std::vector<std::pair<std::uint64_t, int>> slots;  // key and placement, placement -1: free
  std::vector<std::uint32_t> mark;                   // by cell: `stamp` when in the set looked at
  std::uint32_t stamp = 0;
};

/// True when `image` maps the cells `from` onto the cells `to` (each a set of distinct cells).
/// Linear in their size: the cells of `to` are marked first. (A search of `to` for each cell
/// of `from`, kept for small sets, was quadratic: a 300x300 stone took 114 s in
/// placement_images, issue 22.)
[[gnu::noinline]] bool same_marked(const Cells& from, const std::vector<int>& image,
                                   const Cells& to, ImageScratch& s) {
  if (s.mark.size() < image.size()) s.mark.resize(image.size(), 0);
  if (++s.stamp == 0) {  // wrapped round: forget every old mark
    std::fill(s.mark.begin(), s.mark.end(), 0);
    s.stamp = 1;
  }
  for (int c : to) s.mark[std::size_t(c)] = s.stamp;
  for (int c : from)
    if (s.mark[std::size_t(image[std::size_t(c)])] != s.stamp) return false;
  return true;
}

inline bool same_image(const Cells& from, const std::vector<int>& image, const Cells& to,
                       ImageScratch& s) {
  if (from.size() != to.size()) return false;
  if (to.size() > 16) return same_marked(from, image, to, s);
  // A handful of cells (the statement's stones): a scan is cheaper than marks.
  for (int c : from)
    if (std::find(to.begin(), to.end(), image[std::size_t(c)]) == to.end()) return false;
  return true;
}

/// For each placement i of a piece (its cells cs[i]) and each symmetry g, the placement that g
/// maps it to: out[i * group.size() + g]. Images are found through an open-addressing table by
/// the key of the cells, so with no allocation and few probes (a map keyed by cell vectors, a
/// new vector for each image, took a third of a 3x20 run's instructions; a binary search on
/// the keys still half of what is left of it). Linear in the cells of the placements times
/// the symmetries; poll(cells) is called as the work goes.
template <class Poll>
void placement_images(const std::vector<Cells>& cs, const std::vector<BoardSymmetry>& group,
                      ImageScratch& scratch, std::vector<int>& out, const Poll& poll) {
  auto& slots = scratch.slots;
  std::size_t mask = 1;
  while (mask < 2 * cs.size()) mask <<= 1;
  slots.assign(mask--, {0, -1});
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const std::uint64_t key = set_key(cs[i]);
    std::size_t h = std::size_t(key) & mask;
    while (slots[h].second >= 0) h = (h + 1) & mask;
    slots[h] = {key, int(i)};
    poll(cs[i].size());
  }
  out.assign(cs.size() * group.size(), -1);
  for (std::size_t i = 0; i < cs.size(); ++i) {
    for (std::size_t g = 0; g < group.size(); ++g) {
      const std::uint64_t key = set_key(cs[i], &group[g].image);
      int& j = out[i * group.size() + g];
      for (std::size_t h = std::size_t(key) & mask; slots[h].second >= 0 && j < 0;
           h = (h + 1) & mask)
        if (slots[h].first == key &&
            same_image(cs[i], group[g].image, cs[std::size_t(slots[h].second)], scratch))
          j = slots[h].second;
      if (j < 0) throw solve::ModelError("stenen: a symmetric placement is missing");
    }
    poll(2 * group.size() * cs[i].size());
  }
}

}  // namespace

void Model::choose_breaker(std::vector<std::vector<Placement>>& per_piece,
                           std::vector<std::vector<Cells>>& cells,
                           std::vector<std::vector<int>>& stab_of) {
  if (group_.size() <= 1) return;
  // Kept placements, the largest anchor kept, the piece: the least wins (the first piece on a
  // tie, whatever the order the pieces are looked at in).
  std::tuple<std::size_t, int, std::size_t> best{SIZE_MAX, INT_MAX, SIZE_MAX};
  std::vector<char> keep, best_keep;
  // The stabiliser of each placement, bit g for group_[g] (at most 8 symmetries).
  std::vector<std::uint32_t> stab, best_stab;
  ImageScratch scratch;
  std::vector<int> image;
  const auto work = [this](std::size_t cells) { poll(cells); };
  // Pieces with fewer placements first: a piece keeps at least one placement in |G| (an orbit
  // has at most |G| of them), so once a piece keeps fewer, one with more placements is not
  // looked at (stenen2's twelve pentominoes: the X alone is; it took 2.3 of 9.3 M
  // instructions of "rest" on 4x15).
  std::vector<std::size_t> order(pieces_.size());
  for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cells[a].size() < cells[b].size(); });
  const std::size_t n_group = group_.size();
  for (const std::size_t p : order) {
    if (!pieces_[p].alone()) continue;  // the breaker must have no twin
    const std::vector<Cells>& cs = cells[p];
    if ((cs.size() + n_group - 1) / n_group > std::get<0>(best)) break;
    placement_images(cs, group_, scratch, image, work);
    keep.assign(cs.size(), 1);
    stab.assign(cs.size(), 0);
    for (std::size_t i = 0; i < cs.size(); ++i) {
      for (std::size_t g = 0; g < n_group; ++g) {
        const auto j = std::size_t(image[i * n_group + g]);
        // The orbit's representative: the placement the scan meets first.
        if (std::pair{per_piece[p][j].anchor, j} < std::pair{per_piece[p][i].anchor, i})
          keep[i] = 0;
        if (j == i) stab[i] |= std::uint32_t(1) << g;
      }
    }
    // The best breaker keeps the fewest placements, then the one whose representatives the
    // scan meets soonest. (Measured against: the smallest share of its placements kept, and
    // the soonest last representative first; each lost on most of the instances.)
    std::pair<std::size_t, int> score{0, 0};
    for (std::size_t i = 0; i < keep.size(); ++i)
      if (keep[i]) score = {score.first + 1, std::max(score.second, per_piece[p][i].anchor)};
    if (const std::tuple key{score.first, score.second, p}; key < best) {
      best = key;
      breaker_ = int(p);
      best_keep.swap(keep);
      best_stab.swap(stab);
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
    stab_of.emplace_back();
    for (std::uint32_t g = best_stab[i]; g; g &= g - 1)
      stab_of.back().push_back(std::countr_zero(g));
  }
  per_piece[b] = std::move(kept);
  cells[b] = std::move(kept_cells);
}

void Model::restrict_second(const std::vector<std::vector<Placement>>& per_piece,
                            const std::vector<std::vector<Cells>>& cells,
                            const std::vector<std::vector<int>>& stab_of) {
  if (breaker_ < 0) return;
  // The breaker's placements on an axis or centre of the board: each distinct stabiliser H
  // (more than the identity) gets a secondary item, covered by those placements and by the
  // second piece's placements that are not the first of their orbit under H. With the
  // breaker at p, the second piece then keeps one placement per H-orbit, and each solution
  // stands for |Stab(p) and Stab(q)| fewer boards than the whole orbit (q the second's place).
  breaker_sym_.assign(per_piece[std::size_t(breaker_)].size(), 0);
  std::vector<std::uint32_t> masks;
  for (std::size_t i = 0; i < stab_of.size(); ++i) {
    if (stab_of[i].size() < 2) continue;
    std::uint32_t h = 0;
    for (int g : stab_of[i]) h |= std::uint32_t(1) << g;
    const auto k = std::size_t(std::find(masks.begin(), masks.end(), h) - masks.begin());
    if (k == masks.size()) masks.push_back(h);
    breaker_sym_[i] = std::uint32_t(1) << k;
  }
  if (masks.empty()) return;
  // The second piece: the one with the most placements (the restriction takes about half of
  // them away where the breaker lies on an axis). Measured against each of stenen2's eleven
  // others on 5x12, 4x15 and 3x20 (docs/notes/stenen-symmetry.md, st13).
  int y = -1;
  for (std::size_t q = 0; q < pieces_.size(); ++q)
    if (int(q) != breaker_ && pieces_[q].alone() && !pieces_[q].hole() &&
        (y < 0 || per_piece[q].size() > per_piece[std::size_t(y)].size()))
      y = int(q);
  if (y < 0) {
    breaker_sym_.clear();
    return;
  }
  second_ = y;
  sym_items_ = int(masks.size());
  const std::size_t n_group = group_.size();
  ImageScratch scratch;
  std::vector<int> image;
  const std::vector<Placement>& ps = per_piece[std::size_t(y)];
  placement_images(cells[std::size_t(y)], group_, scratch, image,
                   [this](std::size_t c) { poll(c); });
  second_sym_.assign(ps.size(), 0);
  second_stab_of_.assign(ps.size(), {});
  for (std::size_t i = 0; i < ps.size(); ++i)
    for (std::size_t g = 0; g < n_group; ++g) {
      const auto j = std::size_t(image[i * n_group + g]);
      if (j == i) second_stab_of_[i].push_back(int(g));
      // Of each orbit the placement the scan meets last is kept: the others are refused as
      // soon as the scan gets to them (keeping the first lost on every board measured).
      if (std::pair{ps[j].anchor, j} <= std::pair{ps[i].anchor, i}) continue;
      for (std::size_t k = 0; k < masks.size(); ++k)
        if (masks[k] >> g & 1) second_sym_[i] |= std::uint32_t(1) << k;
    }
}

void Model::build_problem(const std::vector<std::vector<Placement>>& per_piece,
                          const std::vector<std::vector<Cells>>& cells,
                          const std::vector<std::vector<int>>& stab_of) {
  const int rows = position_->rows(), cols = position_->cols();
  std::vector<int> cell_item(std::size_t(rows * cols), -1), by_rank(std::size_t(rows * cols));
  for (int c = 0; c < rows * cols; ++c) by_rank[std::size_t(rank(c))] = c;
  // The fast method branches on the breaker before the first empty cell: it has the fewest
  // placements (one per orbit), and placed first it cuts the board before the scan reaches
  // it. (stenen2 positions: 6x10 -17 %, 5x12 -21 %, 4x15 -41 %, 3x20 -65 %.)
  breaker_first_ = breaker_ >= 0 && options_.method == Method::fast && cells_primary_;
  int hole = 0;
  const auto piece_name = [&](const Piece& p) {
    return p.hole() ? fmt::format("hole{}", ++hole) : fmt::format("s{}", p.shape()->name());
  };
  const int breaker_item =
      breaker_first_ ? problem_.add_primary(piece_name(pieces_[std::size_t(breaker_)])) : -1;
  for (int c : by_rank) {
    if (position_->grid()[std::size_t(c)] != 0) continue;
    const std::string name = fmt::format("r{}c{}", c / cols, c % cols);
    cell_item[std::size_t(c)] =
        cells_primary_ ? problem_.add_primary(name) : problem_.add_secondary(name);
    poll(1);
  }
  std::vector<int> piece_item;
  for (const Piece& p : pieces_) {
    if (int(piece_item.size()) == breaker_ && breaker_first_) {
      piece_item.push_back(breaker_item);
      continue;
    }
    const std::string name = piece_name(p);
    piece_item.push_back(p.copies() == 1 ? problem_.add_primary(name)
                                         : problem_.add_primary(name, p.copies(), p.copies()));
  }
  const int first_sym = problem_.num_items();
  for (int k = 0; k < sym_items_; ++k) problem_.add_secondary(fmt::format("sym{}", k));
  std::vector<int> items;
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    for (std::size_t i = 0; i < per_piece[p].size(); ++i) {
      items.clear();
      for (int c : cells[p][i]) items.push_back(cell_item[std::size_t(c)]);
      items.push_back(piece_item[p]);
      if (second_ >= 0 && (int(p) == breaker_ || int(p) == second_))
        for (std::uint32_t k = (int(p) == breaker_ ? breaker_sym_ : second_sym_)[i]; k; k &= k - 1)
          items.push_back(first_sym + std::countr_zero(k));
      problem_.add_option(items);
      poll(items.size());
      placements_.push_back(per_piece[p][i]);
      option_cells_.insert(option_cells_.end(), cells[p][i].begin(), cells[p][i].end());
      option_start_.push_back(int(option_cells_.size()));
      const bool stabbed = int(p) == breaker_ || int(p) == second_;
      option_stab_.push_back(stabbed ? int(stabs_.size()) : -1);
      if (stabbed) stabs_.push_back(int(p) == breaker_ ? stab_of[i] : second_stab_of_[i]);
    }
  }
}

std::span<const int> Model::cells(int option) const {
  const auto o = std::size_t(option);
  return {option_cells_.data() + option_start_[o],
          std::size_t(option_start_[o + 1] - option_start_[o])};
}

solve::CoverOptions Model::cover_options() const {
  solve::CoverOptions c;
  // First empty cell; fewest options when cells are secondary (many may stay empty), as the
  // first open item would then just be the next stone in number order.
  c.item_choice = options_.method == Method::fast && !cells_primary_ ? solve::ItemChoice::mrv
                                                                     : solve::ItemChoice::first;
  // The positions examined are the statement's measure of the methods: the engine looks at
  // nothing the method does not (the region test already checks every stone for a place left).
  c.scarce_lookahead = false;
  // The hook that reads the engine's covered items when the pruner can (no pass over the
  // options chosen at every node), else the one given the options chosen.
  if (pruner_ && (options_.method != Method::dumb || ordered_)) {
    if (pruner_->reads_words())
      c.prune_position = [p = pruner_](const solve::CoverPosition& at) { return (*p)(at); };
    else c.prune = [p = pruner_](std::span<const int> chosen) { return (*p)(chosen); };
  }
  return c;
}

std::uint64_t Model::order_rejections() const { return pruner_->order_rejections(); }

std::vector<std::pair<const Stone*, int>> Model::stones_of(std::span<const int> chosen) const {
  // The k-th placement of a piece by first cell gets its k-th stone, in that stone's own
  // orientation numbering (congruent stones may be drawn differently in the file).
  std::vector<std::size_t> by_anchor(chosen.size());
  for (std::size_t i = 0; i < chosen.size(); ++i) by_anchor[i] = i;
  std::stable_sort(by_anchor.begin(), by_anchor.end(), [&](std::size_t a, std::size_t b) {
    return placement(chosen[a]).anchor < placement(chosen[b]).anchor;
  });
  std::vector<std::pair<const Stone*, int>> out(chosen.size(), {nullptr, 0});
  std::vector<std::size_t> used(pieces_.size(), 0);
  for (const std::size_t i : by_anchor) {
    const Placement& pl = placement(chosen[i]);
    const Piece& p = pieces_[std::size_t(pl.piece)];
    if (p.hole()) continue;
    const Stone* s = p.stones[std::min(used[std::size_t(pl.piece)]++, p.stones.size() - 1)];
    const Shape& shape = p.shape()->orientation[std::size_t(pl.orient)];
    int orient = 0;
    while (orient + 1 < num_orientations && s->orientation[std::size_t(orient)] != shape) ++orient;
    out[i] = {s, orient};
  }
  return out;
}

std::vector<int> Model::grid(std::span<const int> chosen) const {
  std::vector<int> g = position_->grid();
  const auto stones = stones_of(chosen);
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (stones[i].first)
      for (int c : cells(chosen[i])) g[std::size_t(c)] = stones[i].first->number;
  return g;
}

std::vector<Move> Model::moves(std::span<const int> chosen) const {
  std::vector<Move> out;
  const auto stones = stones_of(chosen);
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const Placement& pl = placement(chosen[i]);
    if (stones[i].first) out.push_back({pl.row, pl.col, stones[i].first->number, stones[i].second});
  }
  return out;
}

std::vector<int> Model::stabiliser(std::span<const int> chosen, bool with_second) const {
  std::vector<int> stab;
  if (breaker_ < 0) {
    for (std::size_t g = 0; g < group_.size(); ++g) stab.push_back(int(g));
    return stab;
  }
  const std::vector<int>* second = nullptr;
  for (int o : chosen) {
    if (placement(o).piece == breaker_) stab = stabiliser(o);
    if (placement(o).piece == second_ && with_second) second = &stabiliser(o);
  }
  if (second)  // both sorted
    stab.erase(std::remove_if(
                   stab.begin(), stab.end(),
                   [&](int g) { return !std::binary_search(second->begin(), second->end(), g); }),
               stab.end());
  return stab;
}

const std::vector<int>& Model::stabiliser(int option) const {
  static const std::vector<int> none;
  const int s = option_stab_[std::size_t(option)];
  return s < 0 ? none : stabs_[std::size_t(s)];
}

}  // namespace stenen
