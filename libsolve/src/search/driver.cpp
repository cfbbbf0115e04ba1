// One thread or a pool of workers with work stealing (see driver.hpp).
#include "search/driver.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

namespace solve::detail {

/// A share of the tree that several threads add to (fixed point, 2^-52 units). (Not in the
/// anonymous namespace: Pool holds it, and a class with a member of an internal-linkage type
/// draws -Wsubobject-linkage once a unity build includes this file.)
class PoolShare {
 public:
  void add(double w) {
    units_.fetch_add(std::uint64_t(std::max(w, 0.0) * scale), std::memory_order_relaxed);
  }
  void set(double w) {
    units_.store(std::uint64_t(std::max(w, 0.0) * scale), std::memory_order_relaxed);
  }
  double get() const { return double(units_.load(std::memory_order_relaxed)) / scale; }

 private:
  static constexpr double scale = double(std::uint64_t(1) << 52);
  std::atomic<std::uint64_t> units_{0};
};

namespace {

using Clock = std::chrono::steady_clock;

/// Nodes between two polls while a worker waits for work.
constexpr std::uint64_t hungry_interval = 32;

#if defined(__cpp_lib_jthread)
using JoiningThread = std::jthread;
#else
/// A thread joined when it goes, where the standard library has no std::jthread (emscripten's
/// libc++ 14, web/).
class JoiningThread {
 public:
  template <typename F>
  explicit JoiningThread(F&& f) : thread_(std::forward<F>(f)) {}
  JoiningThread(JoiningThread&&) noexcept = default;
  JoiningThread& operator=(JoiningThread&&) = delete;
  ~JoiningThread() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
};
#endif

}  // namespace

class Pool {
 public:
  Pool(SearchEngine& root, Control& control, int threads)
      : root_(root), control_(control), threads_(threads), slots_(std::size_t(threads)) {}

  Result run();
  /// Someone is idle and no work is queued for them.
  bool hungry() const { return wanted_.load(std::memory_order_relaxed) > 0; }
  /// From a busy worker's poll: gives part of its work to the queue; false: nothing to give.
  bool offer(Worker& w);
  /// From a busy worker's poll: publishes its share done (for the progress hook).
  void publish(Worker& w);

 private:
  struct Slot {
    Stats stats;
    double busy = 0;
    PoolShare done;  // weight x estimate of the running work
  };
  void work(std::size_t id);
  void update_wanted() { wanted_.store(idle_ - int(queue_.size()), std::memory_order_relaxed); }

  SearchEngine& root_;
  Control& control_;
  const int threads_;
  std::vector<Slot> slots_;
  PoolShare finished_;  // total weight of the work searched to the end

  std::mutex mutex_;  // guards the queue and the idle count
  std::condition_variable cv_;
  std::deque<Work> queue_{Work{}};
  int idle_ = 0;
  bool over_ = false;
  std::atomic<int> wanted_{0};
  std::atomic<int> running_{0};
};

/// The wall time between two polls that paced() aims at: a time limit or Ctrl-C is seen
/// within about this much of its time, whatever a node costs.
constexpr double poll_pace = 0.01;

std::uint64_t Worker::paced(std::uint64_t budget, std::uint64_t nodes) {
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - polled_).count();
  polled_ = now;
  if (nodes > 0) {
    // down at once to what fits, up by doubling at most: a fast first interval (the root
    // propagated, nothing else) says little of the nodes after it
    const double fit = seconds > 0 ? poll_pace * double(nodes) / seconds : double(budget);
    const double up = 2 * double(pace_);
    pace_ = std::max<std::uint64_t>(1, std::uint64_t(std::min({fit, up, double(budget)})));
  }
  return std::min(budget, pace_);
}

std::uint64_t Worker::poll(std::uint64_t nodes, std::uint64_t solutions) {
  std::uint64_t budget = control_.poll(nodes, solutions, engine_.poll_interval());
  if (budget == 0) return 0;
  budget = paced(budget, nodes);
  if (pool_) {
    // While someone waits and this engine has nothing to give yet (all its levels are down
    // to their last alternative), look again soon rather than a whole interval later.
    if (pool_->hungry() && !pool_->offer(*this)) budget = std::min(budget, hungry_interval);
    if (control_.wants_progress()) pool_->publish(*this);
  } else if (control_.progress_due()) {
    control_.report_progress(engine_.done());
  }
  return budget;
}

std::uint64_t Worker::start() {
  std::uint64_t budget = control_.poll(0, 0, engine_.poll_interval());
  if (budget == 0) return 0;
  budget = paced(budget, 0);
  // Idle workers wait for this one's first poll: make it come soon.
  return pool_ && pool_->hungry() ? std::min(budget, hungry_interval) : budget;
}

bool Pool::offer(Worker& w) {
  Work give;
  if (!w.engine_.donate(give)) return false;
  give.weight *= w.weight_;
  w.weight_ -= give.weight;
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(give));
  update_wanted();
  cv_.notify_one();
  return true;
}

void Pool::publish(Worker& w) { slots_[w.slot_].done.set(w.weight_ * w.engine_.done()); }

void Pool::work(std::size_t id) {
  Slot& slot = slots_[id];
  const std::unique_ptr<SearchEngine> engine = root_.clone();
  Worker worker(control_, *engine, this);
  worker.slot_ = id;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (over_ || control_.stopped()) break;
    if (!queue_.empty()) {
      Work w = std::move(queue_.front());
      queue_.pop_front();
      update_wanted();
      lock.unlock();
      worker.weight_ = w.weight;
      const auto t0 = Clock::now();
      engine->run(w, worker);
      slot.busy += std::chrono::duration<double>(Clock::now() - t0).count();
      finished_.add(worker.weight_);
      slot.done.set(0);
      lock.lock();
      continue;
    }
    ++idle_;
    update_wanted();
    if (idle_ == threads_) break;  // nobody is searching and nothing is queued: done
    cv_.wait(lock, [&] { return over_ || !queue_.empty() || control_.stopped(); });
    --idle_;
    update_wanted();
  }
  over_ = true;  // (a stop, or the end: either way everybody leaves)
  cv_.notify_all();
  lock.unlock();
  slot.stats = engine->stats();
  --running_;
}

Result Pool::run() {
  running_ = threads_;
  std::vector<JoiningThread> pool;
  pool.reserve(std::size_t(threads_));
  for (int t = 0; t < threads_; ++t) pool.emplace_back([this, t] { work(std::size_t(t)); });
  if (control_.wants_progress()) {
    const auto interval = std::chrono::milliseconds(10);
    while (running_.load() > 0) {
      std::this_thread::sleep_for(interval);
      if (!control_.progress_due()) continue;
      double done = finished_.get();
      for (const Slot& s : slots_) done += s.done.get();
      control_.report_progress(done);
    }
  }
  pool.clear();  // joins
  Result r;
  for (const Slot& s : slots_) {
    r.stats += s.stats;
    r.busy_seconds.push_back(s.busy);
  }
  return r;
}

Result run_search(SearchEngine& root, Control& control, int threads) {
  Result r;
  if (threads <= 1) {
    Worker worker(control, root);
    root.run(Work{}, worker);
    r.stats = root.stats();
  } else {
    Pool pool(root, control, threads);
    r = pool.run();
  }
  r.stats.solutions += control.delivered();
  r.count = r.stats.solutions;
  r.stats.seconds = control.seconds();
  r.stop = control.stopped() ? control.reason() : StopReason::exhausted;
  // The last report of a complete search says that all of it is done (the estimates before
  // may stop short of 1: shares are summed in fixed point, rounded down).
  if (r.stop == StopReason::exhausted && control.wants_progress()) control.report_progress(1.0);
  return r;
}

}  // namespace solve::detail
