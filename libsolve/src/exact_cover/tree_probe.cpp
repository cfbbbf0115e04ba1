// Random-path estimates of the search tree (see tree_probe.hpp).
#include "exact_cover/tree_probe.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "exact_cover/shape.hpp"

namespace solve::detail::cover {
namespace {

/// The bitset engine's lists skip most options that no longer fit (precomputed lists per
/// pattern of frequent items, runs of one piece): the share of those it still tests when it
/// branches on an item's list, and (dead_tested_mrv) when MRV counts the lists of the open
/// items to choose one. Fitted to the engine's option tests (stats.updates), the probe taking
/// 4 x 5 000 MRV paths: with 0.05 the scan's estimate is 0.96 of pentomino-6x10-sym's 123 M
/// tests, 1.11 of pentomino-5x8-choose8-mcc's 23.6 M, 1.33 of pentomino-3x20's 4.28 M, 0.58 of
/// queens-12's 6.10 M; with 0.25 for both it was 2.2-2.6 times the pentominoes' counts.
constexpr double dead_tested = 0.25, dead_tested_mrv = 0.05;

/// splitmix64: a tiny generator whose sequence depends on the seed alone.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % std::uint64_t(n)); }
};

}  // namespace

/// The problem as the probe walks it: option lists per item, and the state of one path.
class TreeProbe::Walk {
 public:
  explicit Walk(const ExactCover& p) : n_(p.num_items()) {
    // Flat arrays (one allocation each, not one list per item): building them is part of the
    // probe's cost, which must stay small next to a search of a few thousand nodes.
    shut0_.resize(std::size_t(n_));
    for (int i = 0; i < n_; ++i) shut0_[std::size_t(i)] = !covered_once(p, i);
    std::vector<int> len(std::size_t(n_) + 1, 0);
    first_len_.assign(std::size_t(n_), 0);
    start_.resize(std::size_t(p.num_options()) + 1);
    for (int o = 0; o < p.num_options(); ++o)
      start_[std::size_t(o) + 1] = start_[std::size_t(o)] + int(p.option(o).size());
    items_.resize(std::size_t(start_.back()));
    for (int o = 0; o < p.num_options(); ++o) {
      int lowest = n_;
      ItemColour* out = items_.data() + start_[std::size_t(o)];
      for (const ItemColour& ic : p.option(o)) {
        *out++ = ic;
        ++len[std::size_t(ic.item) + 1];
        if (!shut0_[std::size_t(ic.item)]) lowest = std::min(lowest, ic.item);
      }
      if (lowest < n_) ++first_len_[std::size_t(lowest)];
    }
    live0_.assign(len.begin() + 1, len.end());
    for (int i = 0; i < n_; ++i) len[std::size_t(i) + 1] += len[std::size_t(i)];
    list_start_ = len;
    lists_.resize(items_.size());
    for (int o = 0; o < p.num_options(); ++o)
      for (int k = start_[std::size_t(o)]; k < start_[std::size_t(o) + 1]; ++k) {
        const ItemColour ic = items_[std::size_t(k)];
        lists_[std::size_t(len[std::size_t(ic.item)]++)] = {o, ic.colour};
      }
  }

  TreeEstimate run(ItemChoice rule, const ProbeOptions& opt) {
    TreeEstimate sum;
    Random random{opt.seed};
    int paths = 0;
    while (paths < opt.paths && sum.steps < opt.max_steps) {
      path(rule, opt.tests, std::max(opt.max_steps, opt.max_path_steps) - sum.steps, random, sum);
      ++paths;
    }
    if (paths > 0) {
      sum.nodes /= paths;
      sum.updates /= paths;
      sum.scans /= paths;
      sum.tests /= paths;
    }
    sum.paths = paths;
    return sum;
  }

 private:
  struct Entry {
    int option, colour;
  };

  void reset() {
    dead_.assign(start_.size() - 1, 0);
    live_ = live0_;
    shut_ = shut0_;
    covered_.assign(std::size_t(n_), 0);
    colour_.assign(std::size_t(n_), 0);
  }

  /// Item i's options (all of them; dead_ tells which are gone).
  std::span<const Entry> list(int i) const {
    return {lists_.data() + list_start_[std::size_t(i)],
            lists_.data() + list_start_[std::size_t(i) + 1]};
  }

  /// Option o goes (hidden by dancing links): returns the list updates that takes.
  double kill(int o) {
    dead_[std::size_t(o)] = 1;
    const int b = start_[std::size_t(o)], e = start_[std::size_t(o) + 1];
    for (int k = b; k < e; ++k) --live_[std::size_t(items_[std::size_t(k)].item)];
    steps_ += e - b;
    return e - b - 1;
  }

  /// Covers item i (its live options go); returns the updates.
  double cover(int i) {
    shut_[std::size_t(i)] = covered_[std::size_t(i)] = 1;
    double u = 0;
    const auto l = list(i);
    for (const Entry& x : l)
      if (!dead_[std::size_t(x.option)]) u += kill(x.option);
    steps_ += double(l.size());
    return u;
  }

  /// Fixes colour c on secondary item i: the options that disagree go.
  double purify(int i, int c) {
    colour_[std::size_t(i)] = c;
    double u = 0;
    const auto l = list(i);
    for (const Entry& x : l)
      if (!dead_[std::size_t(x.option)] && x.colour != c) u += kill(x.option);
    steps_ += double(l.size());
    return u;
  }

  void path(ItemChoice rule, bool want_tests, double budget, Random& random, TreeEstimate& sum) {
    reset();
    steps_ = 0;
    double weight = 1;  // the estimated number of nodes at this depth
    int from = 0;       // first-item rule: where the scan for the lowest open item starts
    for (;;) {
      // Choose as the engines do: lowest open item, or fewest live options (ties: lowest).
      // shut_: covered, or not an item to cover (one test per item: this scan is most of
      // the probe's work on deep trees such as a sudoku's).
      int item = -1, best = std::numeric_limits<int>::max(), open = 0;
      double tests = 0;
      if (rule == ItemChoice::first) {
        // Items only close on the way down: the lowest open one is at or after the last.
        for (int j = from; j < n_; ++j)
          if (!shut_[std::size_t(j)]) {
            item = from = j;
            ++open;
            break;
          }
      } else if (want_tests) {
        for (int j = 0; j < n_; ++j) {
          if (shut_[std::size_t(j)]) continue;
          ++open;
          const int live = live_[std::size_t(j)];
          // The bitset engine counts a list until it passes the best count so far.
          const double len = double(list_start_[std::size_t(j) + 1] - list_start_[std::size_t(j)]);
          const int seen = std::min(live, best);
          tests += seen * (1 + dead_tested_mrv * (len - live) / std::max(live, 1));
          if (live < best) {
            best = live;
            item = j;
          }
        }
      } else {
        for (int j = 0; j < n_; ++j) {
          if (shut_[std::size_t(j)]) continue;
          ++open;
          const int live = live_[std::size_t(j)];
          if (live < best) {
            best = live;
            item = j;
          }
        }
      }
      steps_ += open;
      if (item < 0) break;          // a solution
      if (steps_ >= budget) break;  // cut off (ProbeOptions::max_path_steps)
      const int d = live_[std::size_t(item)];
      const auto l = list(item);
      const double len =
          rule == ItemChoice::first ? first_len_[std::size_t(item)] : double(l.size());
      tests += d + dead_tested * std::max(0.0, len - d);
      if (rule != ItemChoice::first) sum.scans += weight * open;
      sum.tests += weight * tests;
      choices_.clear();
      for (const Entry& x : l)
        if (!dead_[std::size_t(x.option)]) choices_.push_back(x.option);
      sum.updates += weight * cover(item);
      if (d == 0) break;  // a dead end
      weight *= d;
      sum.nodes += weight;
      const int o = choices_[std::size_t(random.below(d))];
      double u = 0;
      for (int k = start_[std::size_t(o)]; k < start_[std::size_t(o) + 1]; ++k) {
        const ItemColour ic = items_[std::size_t(k)];
        if (ic.item == item || covered_[std::size_t(ic.item)]) continue;
        if (!shut0_[std::size_t(ic.item)] || ic.colour == 0) u += cover(ic.item);
        else if (colour_[std::size_t(ic.item)] != ic.colour) u += purify(ic.item, ic.colour);
      }
      sum.updates += weight * u;
    }
    sum.steps += steps_;
  }

  int n_;
  std::vector<char> shut0_;        // per item: not one to cover exactly once (never chosen)
  std::vector<ItemColour> items_;  // every option's items, one after the other
  std::vector<int> start_;         // option o is items_[start_[o] .. start_[o + 1])
  std::vector<Entry> lists_;       // item i's options, in order: lists_[list_start_[i] ..
  std::vector<int> list_start_;    // list_start_[i + 1])
  std::vector<int> first_len_;     // per item: options whose lowest primary item it is
  std::vector<int> live0_;
  // One path's state.
  std::vector<char> dead_, covered_, shut_;  // shut_: covered or shut0_ (what the scan skips)
  std::vector<int> live_, colour_;
  std::vector<int> choices_;
  double steps_ = 0;
};

TreeProbe::TreeProbe(const ExactCover& problem) : walk_(std::make_unique<Walk>(problem)) {}
TreeProbe::~TreeProbe() = default;

TreeEstimate TreeProbe::estimate(ItemChoice rule, const ProbeOptions& options) {
  return walk_->run(rule, options);
}

TreeEstimate estimate_tree(const ExactCover& problem, ItemChoice rule,
                           const ProbeOptions& options) {
  return TreeProbe(problem).estimate(rule, options);
}

}  // namespace solve::detail::cover
