#pragma once
// The contract between the search drivers (one thread, or a pool of workers) and an
// exact-cover engine (dancing links, bitset). An engine holds a position -- options chosen so
// far -- and searches the subtree below it depth first. Everything else (limits, hooks, the
// solution count) goes through the shared Control.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "exact_cover/control.hpp"
#include "solve/stats.hpp"

namespace solve::detail::cover {

/// Partial solutions of one depth handed out to parallel workers, with the estimated share of
/// the search tree below each (the product of 1 / branching factor along the way).
struct Prefixes {
  int depth = 0;
  std::vector<int> options;     ///< prefix k is options[k * depth, (k + 1) * depth)
  std::vector<double> weights;  ///< one per prefix
  std::size_t size() const { return weights.size(); }
  std::span<const int> operator[](std::size_t k) const {
    return std::span<const int>(options).subspan(k * std::size_t(depth), std::size_t(depth));
  }
};

class Engine {
 public:
  virtual ~Engine() = default;
  /// Another engine on the same problem at the root position, with fresh statistics.
  virtual std::unique_ptr<Engine> clone() const = 0;
  /// Searches the subtree below the current position until it is exhausted or the control
  /// says stop; the position is the same afterwards. When `split` is given, a partial solution
  /// `split->depth` choices below the position is appended to *split instead of being searched
  /// further; when `quiet`, solutions are neither reported nor polled for and the prune hook
  /// is not called (a dry run that only finds the prefixes: the hook is called once per
  /// counted node, as its users count on).
  virtual void run(Prefixes* split = nullptr, bool quiet = false) = 0;
  /// Chooses option o at the current position, as the search would (no hooks, no statistics).
  virtual void push(int o) = 0;
  /// Takes back the last push.
  virtual void pop() = 0;
  /// Estimated fraction of the subtree below the position searched so far (during run()).
  virtual double done() const = 0;

  const Stats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }
  /// Whether run() calls the progress hook itself (single-threaded search).
  void set_progress_here(bool on) { progress_here_ = on; }

 protected:
  explicit Engine(Control& control) : control_(&control) {}
  Engine(const Engine&) = default;

  Control* control_;
  Stats stats_;
  bool progress_here_ = false;
};

}  // namespace solve::detail::cover
