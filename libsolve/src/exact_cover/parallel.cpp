// Splitting the tree into prefixes and running them on a pool of workers (see parallel.hpp).
#include "exact_cover/parallel.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace solve::detail::cover {
namespace {

/// Enough subproblems per worker that uneven subtrees still even out.
constexpr std::size_t prefixes_per_thread = 8;

/// The shallowest depth with enough prefixes (dry runs: nothing reported, nothing counted).
int split_depth(Engine& root, std::size_t target) {
  std::size_t previous = 0;
  for (int depth = 1;; ++depth) {
    Prefixes p;
    p.depth = depth;
    root.run(&p, true);
    // Zero prefixes: the tree ends above this depth, one pass then does everything.
    if (p.size() >= target || p.size() == 0) return depth;
    // A long chain of forced choices still grows the depth; stop once it is silly.
    if (depth >= 64 && p.size() <= previous) return depth;
    previous = p.size();
  }
}

/// A total weight that workers add to from several threads (fixed point, 2^-48 units).
class Done {
 public:
  void add(double w) { units_.fetch_add(std::uint64_t(w * scale), std::memory_order_relaxed); }
  double get() const { return double(units_.load(std::memory_order_relaxed)) / scale; }

 private:
  static constexpr double scale = double(std::uint64_t(1) << 48);
  std::atomic<std::uint64_t> units_{0};
};

}  // namespace

void run_parallel(Engine& root, Control& control, int threads, Stats& stats) {
  Prefixes split;
  split.depth = split_depth(root, prefixes_per_thread * std::size_t(threads));
  // The real pass down to that depth: solutions above it are reported, nodes counted.
  root.reset_stats();
  root.run(&split, false);
  stats = root.stats();

  std::atomic<std::size_t> next{0};
  Done done;
  std::mutex mutex;
  std::condition_variable finished_cv;
  int finished = 0;
  std::vector<Stats> worker_stats(static_cast<std::size_t>(threads));
  auto work = [&](std::size_t w) {
    auto engine = root.clone();
    for (;;) {
      const std::size_t k = next.fetch_add(1, std::memory_order_relaxed);
      if (k >= split.size() || control.stopped()) break;
      for (int o : split[k]) engine->push(o);
      engine->run();
      for (std::size_t d = split[k].size(); d-- > 0;) engine->pop();
      done.add(split.weights[k]);
    }
    worker_stats[w] = engine->stats();
    std::lock_guard lock(mutex);
    ++finished;
    finished_cv.notify_all();
  };
  std::vector<std::thread> pool;
  for (int w = 0; w < threads; ++w) pool.emplace_back(work, std::size_t(w));
  {
    const auto interval = std::chrono::duration<double>(std::max(control.options().progress_seconds, 0.01));
    std::unique_lock lock(mutex);
    while (!finished_cv.wait_for(lock, interval, [&] { return finished == threads; }))
      if (control.options().progress) control.report_progress(done.get());
  }
  for (auto& t : pool) t.join();
  for (const Stats& s : worker_stats) stats += s;
}

}  // namespace solve::detail::cover
