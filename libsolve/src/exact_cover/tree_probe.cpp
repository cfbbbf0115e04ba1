// Random-path estimates of the search tree (see tree_probe.hpp).
#include "exact_cover/tree_probe.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include "exact_cover/shape.hpp"

namespace solve::detail::cover {
namespace {

/// The bitset engine's lists skip most options that no longer fit (precomputed lists per
/// pattern of frequent items, runs of one piece): the share of those it still tests.
constexpr double dead_tested = 0.25;

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
    primary_.resize(std::size_t(n_));
    for (int i = 0; i < n_; ++i) primary_[std::size_t(i)] = covered_once(p, i);
    lists_.resize(std::size_t(n_));
    first_len_.assign(std::size_t(n_), 0);
    start_.push_back(0);
    for (int o = 0; o < p.num_options(); ++o) {
      int lowest = n_;
      for (const ItemColour& ic : p.option(o)) {
        items_.push_back(ic);
        lists_[std::size_t(ic.item)].push_back({o, ic.colour});
        if (primary_[std::size_t(ic.item)]) lowest = std::min(lowest, ic.item);
      }
      start_.push_back(int(items_.size()));
      if (lowest < n_) ++first_len_[std::size_t(lowest)];
    }
    live0_.resize(std::size_t(n_));
    for (int i = 0; i < n_; ++i) live0_[std::size_t(i)] = int(lists_[std::size_t(i)].size());
  }

  TreeEstimate run(ItemChoice rule, const ProbeOptions& opt) {
    TreeEstimate sum;
    Random random{opt.seed};
    int paths = 0;
    while (paths < opt.paths && sum.steps < opt.max_steps) {
      path(rule, random, sum);
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
    covered_.assign(std::size_t(n_), 0);
    colour_.assign(std::size_t(n_), 0);
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
    covered_[std::size_t(i)] = 1;
    double u = 0;
    for (const Entry& x : lists_[std::size_t(i)])
      if (!dead_[std::size_t(x.option)]) u += kill(x.option);
    steps_ += double(lists_[std::size_t(i)].size());
    return u;
  }

  /// Fixes colour c on secondary item i: the options that disagree go.
  double purify(int i, int c) {
    colour_[std::size_t(i)] = c;
    double u = 0;
    for (const Entry& x : lists_[std::size_t(i)])
      if (!dead_[std::size_t(x.option)] && x.colour != c) u += kill(x.option);
    steps_ += double(lists_[std::size_t(i)].size());
    return u;
  }

  void path(ItemChoice rule, Random& random, TreeEstimate& sum) {
    reset();
    steps_ = 0;
    double weight = 1;  // the estimated number of nodes at this depth
    for (;;) {
      // Choose as the engines do: lowest open item, or fewest live options (ties: lowest).
      int item = -1, best = std::numeric_limits<int>::max(), open = 0;
      double tests = 0;
      for (int j = 0; j < n_; ++j) {
        if (!primary_[std::size_t(j)] || covered_[std::size_t(j)]) continue;
        ++open;
        const int live = live_[std::size_t(j)];
        if (rule == ItemChoice::first) {
          item = j;
          break;
        }
        // The bitset engine counts a list until it passes the best count so far.
        const double len = double(lists_[std::size_t(j)].size());
        const int seen = std::min(live, best);
        tests += seen * (1 + dead_tested * (len - live) / std::max(live, 1));
        if (live < best) {
          best = live;
          item = j;
        }
      }
      steps_ += open;
      if (item < 0) break;  // a solution
      const int d = live_[std::size_t(item)];
      const double len = rule == ItemChoice::first ? first_len_[std::size_t(item)] : double(lists_[std::size_t(item)].size());
      tests += d + dead_tested * std::max(0.0, len - d);
      if (rule != ItemChoice::first) sum.scans += weight * open;
      sum.tests += weight * tests;
      choices_.clear();
      for (const Entry& x : lists_[std::size_t(item)])
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
        if (primary_[std::size_t(ic.item)] || ic.colour == 0) u += cover(ic.item);
        else if (colour_[std::size_t(ic.item)] != ic.colour) u += purify(ic.item, ic.colour);
      }
      sum.updates += weight * u;
    }
    sum.steps += steps_;
  }

  int n_;
  std::vector<char> primary_;
  std::vector<ItemColour> items_;          // every option's items, one after the other
  std::vector<int> start_;                 // option o is items_[start_[o] .. start_[o + 1])
  std::vector<std::vector<Entry>> lists_;  // per item: its options, in order
  std::vector<int> first_len_;             // per item: options whose lowest primary item it is
  std::vector<int> live0_;
  // One path's state.
  std::vector<char> dead_, covered_;
  std::vector<int> live_, colour_;
  std::vector<int> choices_;
  double steps_ = 0;
};

TreeProbe::TreeProbe(const ExactCover& problem) : walk_(std::make_unique<Walk>(problem)) {}
TreeProbe::~TreeProbe() = default;

TreeEstimate TreeProbe::estimate(ItemChoice rule, const ProbeOptions& options) {
  return walk_->run(rule, options);
}

TreeEstimate estimate_tree(const ExactCover& problem, ItemChoice rule, const ProbeOptions& options) {
  return TreeProbe(problem).estimate(rule, options);
}

}  // namespace solve::detail::cover
