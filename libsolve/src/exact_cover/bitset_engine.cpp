// The bitset engine (see bitset_engine.hpp): same four phases as dancing links, but a level
// saves the covered-items mask instead of undoing list updates.
#include "exact_cover/bitset_engine.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "exact_cover/memo_counter.hpp"
#include "exact_cover/shape.hpp"
#include "solve/error.hpp"

namespace solve::detail::cover {
namespace {

/// At most this many items split an item's list (2^5 = 32 precomputed lists per item).
constexpr int max_split = 5;
/// Memory the precomputed lists may take before fewer split items are used.
constexpr std::size_t max_table_bytes = std::size_t(32) << 20;

template <int W>
class BitsetEngine final : public Engine {
 public:
  using Mask = std::array<std::uint64_t, W>;

  BitsetEngine(const ExactCover& problem, Control& control, MemoCounter* memo)
      : Engine(control), tables_(std::make_shared<Tables>(problem, control.options().item_choice)), memo_(memo) {
    const CoverOptions& opt = control.options();
    tracing_ = bool(opt.trace);
    pruning_ = bool(opt.prune);
    first_ = opt.item_choice == ItemChoice::first;
    const auto levels = std::size_t(problem.num_primary()) + 1;
    saved_.resize(levels);
    item_.resize(levels);
    pos_.resize(levels);
    lo_.resize(levels);
    end_.resize(levels);
    chosen_.resize(levels);
  }

  std::unique_ptr<Engine> clone() const override {
    if (memo_) throw std::logic_error("bitset engine: a memoising engine is not cloned (it runs alone)");
    auto e = std::make_unique<BitsetEngine>(*this);
    e->reset_stats();
    return e;
  }

  // The search loop, Knuth style: one function, labelled phases, the state in locals so the
  // compiler keeps it in registers (a third faster than phase functions on member state).
  void run(Prefixes* split, bool quiet) override {
    // One copy of the loop per setting, so the common one (first item, no hooks) carries no
    // dead branches and keeps its state in registers.
    const bool hooks = tracing_ || pruning_;
    if (memo_) first_ ? search<true, true, true>(split, quiet) : search<false, true, true>(split, quiet);
    else if (first_) hooks ? search<true, true>(split, quiet) : search<true, false>(split, quiet);
    else hooks ? search<false, true>(split, quiet) : search<false, false>(split, quiet);
  }

  // With Memo the tree is walked the same way, but a node whose mask of covered items is in
  // the memo takes its count from there, and solutions only add up (memo_counter.hpp).
  template <bool First, bool Hooks, bool Memo = false>
  void search(Prefixes* split, bool quiet) {
    const Tables& t = *tables_;
    const Entry* const list = t.list.data();
    std::int32_t* const item = item_.data();
    std::int32_t* const pos = pos_.data();
    std::int32_t* const lo = lo_.data();
    std::int32_t* const end = end_.data();
    int* const chosen = chosen_.data();
    Mask used = used_;
    int l = base_ = level_;
    std::uint64_t nodes = 0, updates = 0, left = std::numeric_limits<std::uint64_t>::max();
    std::int32_t p = 0;
    if (!quiet && (left = control_->poll(0, nullptr)) == 0) return;

  forward: {  // every primary item covered? at the split depth? else choose an item
    int i = first_open(used);
    if (i < 0) {
      if (Memo) {
        memo_->solution(std::size_t(l));
      } else if (!quiet) {
        if (Hooks && tracing_) control_->options().trace({CoverTraceEvent::Kind::solution, l, -1, -1});
        if (!control_->solution(std::span<const int>(chosen_).first(std::size_t(l)))) goto stop;
      }
      goto backup;
    }
    if (split && l - base_ == split->depth) {
      double w = 1;
      for (int k = base_; k < l; ++k) w /= std::max(1, end[k] - lo[k]);
      split->options.insert(split->options.end(), chosen_.begin() + base_, chosen_.begin() + l);
      split->weights.push_back(w);
      goto backup;
    }
    if (Memo) {
      std::copy(used.begin(), used.end(), memo_->key(std::size_t(l)));
      if (memo_->lookup(std::size_t(l), stats_.nodes + nodes)) goto backup;
    }
    if (!First) i = fewest_options(used, updates);
    item[l] = i;
    std::tie(lo[l], end[l]) = list_of(i, used);
    p = lo[l];
  }
  advance:  // try the options of level l's list from position p on
    for (;; ++updates) {
      if (p >= end[l]) {
        if (Memo) memo_->leave(std::size_t(l), stats_.nodes + nodes, false);
        goto backup;
      }
      const Entry& e = list[p];
      if (disjoint(e.mask, used)) break;
      p = e.key >= 0 && has(used, e.key) ? e.run_end : p + 1;
    }
    ++updates;
    pos[l] = p;
    ++nodes;
    if (!quiet && --left == 0) {
      level_ = l;
      stats_.nodes += nodes;
      stats_.updates += updates;
      left = control_->poll(nodes, progress_here_ ? this : nullptr);
      nodes = updates = 0;
      if (left == 0) goto stop;
    }
    add(used, list[p].mask);
    chosen[l] = list[p].option;
    ++l;
    if (std::uint32_t(l) > stats_.max_depth) stats_.max_depth = std::uint32_t(l);
    if (Hooks && tracing_) control_->options().trace({CoverTraceEvent::Kind::choose, l, item[l - 1], chosen[l - 1]});
    if (Hooks && pruning_ && !control_->options().prune(std::span<const int>(chosen_).first(std::size_t(l)))) {
      --l;
      goto recover;
    }
    goto forward;

  backup:  // back to the level above, or done
    if (l == base_) goto done;
    --l;
  recover:  // take back level l's option (it was disjoint from the rest: XOR undoes it)
    p = pos[l];
    if (Hooks && tracing_) control_->options().trace({CoverTraceEvent::Kind::backtrack, l + 1, item[l], chosen[l]});
    remove(used, list[p].mask);
    ++p;
    goto advance;

  stop:  // a limit or the callback: unwind to the starting position
    if (Memo)  // the counts of the unfinished nodes pass up, partial
      for (int k = l; k >= base_; --k) memo_->leave(std::size_t(k), 0, true);
    while (l > base_) remove(used, list[pos[--l]].mask);
  done:
    stats_.nodes += nodes;
    stats_.updates += updates;
    level_ = l;
    used_ = used;
  }

  void push(int o) override {
    const auto l = std::size_t(level_++);
    saved_[l] = used_;
    item_[l] = -1;
    chosen_[l] = o;
    add(used_, tables_->masks[std::size_t(o)]);
  }

  void pop() override { used_ = saved_[std::size_t(--level_)]; }

  double done() const override {
    double done = 0, weight = 1;
    for (int k = base_; k < level_; ++k) {
      const auto l = std::size_t(k);
      weight /= std::max(1, end_[l] - lo_[l]);
      done += (pos_[l] - lo_[l]) * weight;
    }
    return done;
  }

 private:
  /// One option in a list, with its mask at hand and the run it belongs to.
  struct Entry {
    Mask mask;
    std::int32_t option;
    std::int32_t run_end;  // first position after the run
    std::int32_t key;      // an item every option of the run has besides the list's (-1: none)
  };

  static void set(Mask& m, int bit) { m[std::size_t(bit) / 64] |= std::uint64_t(1) << (bit % 64); }
  static bool has(const Mask& m, int bit) { return (m[std::size_t(bit) / 64] >> (bit % 64)) & 1; }
  static void add(Mask& m, const Mask& o) {
    for (int w = 0; w < W; ++w) m[std::size_t(w)] |= o[std::size_t(w)];
  }
  static void remove(Mask& m, const Mask& o) {
    for (int w = 0; w < W; ++w) m[std::size_t(w)] ^= o[std::size_t(w)];
  }
  static bool disjoint(const Mask& a, const Mask& b) {
    std::uint64_t x = 0;
    for (int w = 0; w < W; ++w) x |= a[std::size_t(w)] & b[std::size_t(w)];
    return x == 0;
  }

  /// What never changes during a search, shared by the clones of parallel workers.
  struct Tables {
    std::vector<Mask> masks;  // per option
    Mask primary{};
    int split_width = 0;                                   // K
    std::vector<std::array<std::int32_t, max_split>> split;  // per item: its K split items
    std::vector<Entry> list;                               // every precomputed list
    std::vector<std::int32_t> start;  // list (item i, pattern q) = [start[i*2^K+q], start[...+1])

    Tables(const ExactCover& problem, ItemChoice choice) {
      const int n = problem.num_items();
      for (int i = 0; i < n; ++i)
        if (covered_once(problem, i)) set(primary, i);  // 0:1 items are secondary (shape.hpp)
      masks.assign(std::size_t(problem.num_options()), Mask{});
      std::vector<std::vector<std::int32_t>> lists(static_cast<std::size_t>(n));
      for (int o = 0; o < problem.num_options(); ++o) {
        int lowest = n;
        for (const ItemColour& ic : problem.option(o)) {
          set(masks[std::size_t(o)], ic.item);
          if (!covered_once(problem, ic.item)) continue;
          if (choice == ItemChoice::first) lowest = std::min(lowest, ic.item);
          else lists[std::size_t(ic.item)].push_back(o);
        }
        if (choice == ItemChoice::first && lowest < n) lists[std::size_t(lowest)].push_back(o);
      }
      for (split_width = max_split; split_width > 0; --split_width) {
        choose_split_items(lists);
        if (table_size(lists) * sizeof(Entry) <= max_table_bytes) break;
      }
      choose_split_items(lists);
      build(lists);
    }

    /// For each item, the split_width items that occur in most of its options (the item
    /// itself pads: it is open whenever the list is used, so its bit is always 0).
    void choose_split_items(const std::vector<std::vector<std::int32_t>>& lists) {
      const int n = int(lists.size());
      split.assign(lists.size(), {});
      std::vector<int> freq(lists.size());
      for (int i = 0; i < n; ++i) {
        std::fill(freq.begin(), freq.end(), 0);
        for (std::int32_t o : lists[std::size_t(i)])
          for (int j = 0; j < n; ++j) freq[std::size_t(j)] += has(masks[std::size_t(o)], j);
        freq[std::size_t(i)] = 0;
        auto& s = split[std::size_t(i)];
        s.fill(i);
        for (int b = 0; b < split_width; ++b) {
          const auto best = std::max_element(freq.begin(), freq.end());
          if (*best == 0) break;
          s[std::size_t(b)] = int(best - freq.begin());
          *best = 0;
        }
      }
    }

    /// Options of the list of item i that avoid every split item in pattern q.
    template <class F>
    void for_each_in(const std::vector<std::int32_t>& l, const std::array<std::int32_t, max_split>& s,
                     unsigned q, F f) const {
      Mask blocked{};
      for (int b = 0; b < split_width; ++b)
        if (q >> b & 1) set(blocked, s[std::size_t(b)]);
      for (std::int32_t o : l)
        if (disjoint(masks[std::size_t(o)], blocked)) f(o);
    }

    std::size_t table_size(const std::vector<std::vector<std::int32_t>>& lists) const {
      std::size_t total = 0;
      for (std::size_t i = 0; i < lists.size(); ++i)
        for (unsigned q = 0; q < (1u << split_width); ++q)
          for_each_in(lists[i], split[i], q, [&](std::int32_t) { ++total; });
      return total;
    }

    void build(const std::vector<std::vector<std::int32_t>>& lists) {
      start.push_back(0);
      for (std::size_t i = 0; i < lists.size(); ++i)
        for (unsigned q = 0; q < (1u << split_width); ++q) {
          const auto from = std::int32_t(list.size());
          for_each_in(lists[i], split[i], q, [&](std::int32_t o) { list.push_back({masks[std::size_t(o)], o, 0, -1}); });
          start.push_back(std::int32_t(list.size()));
          mark_runs(from, std::int32_t(list.size()), int(i));
        }
    }

    /// Cuts list[from, to) into runs of consecutive options that share an item besides the
    /// list's own, so a scan skips a whole run with one bit test once that item is covered.
    void mark_runs(std::int32_t from, std::int32_t to, int own) {
      for (std::int32_t p = from; p < to;) {
        Mask common = list[std::size_t(p)].mask;
        common[std::size_t(own) / 64] &= ~(std::uint64_t(1) << (own % 64));
        std::int32_t q = p + 1;
        for (; q < to; ++q) {
          Mask next = common;
          for (int w = 0; w < W; ++w) next[std::size_t(w)] &= list[std::size_t(q)].mask[std::size_t(w)];
          if (next == Mask{}) break;
          common = next;
        }
        int key = -1;
        for (int w = 0; w < W && key < 0; ++w)
          if (common[std::size_t(w)]) key = w * 64 + std::countr_zero(common[std::size_t(w)]);
        for (std::int32_t r = p; r < q; ++r) {
          list[std::size_t(r)].run_end = q;
          list[std::size_t(r)].key = key;
        }
        p = q;
      }
    }
  };

  /// Where the list of item i for the current covered items lies in tables_->list.
  std::pair<std::int32_t, std::int32_t> list_of(int i, const Mask& used) const {
    const Tables& t = *tables_;
    const auto& s = t.split[std::size_t(i)];
    unsigned q = 0;
    for (int b = 0; b < t.split_width; ++b) q |= unsigned(has(used, s[std::size_t(b)])) << b;
    const std::size_t k = (std::size_t(i) << t.split_width) + q;
    return {t.start[k], t.start[k + 1]};
  }

  /// First option in list positions [p, end) disjoint from used, or end; counts the steps.
  std::int32_t scan(std::int32_t p, std::int32_t end, const Mask& used, std::uint64_t& steps) const {
    const Entry* list = tables_->list.data();
    for (; p < end; ++steps) {
      const Entry& e = list[p];
      if (disjoint(e.mask, used)) break;
      p = e.key >= 0 && has(used, e.key) ? e.run_end : p + 1;
    }
    return p;
  }

  /// Lowest open primary item, -1 when every one is covered.
  int first_open(const Mask& used) const {
    for (int w = 0; w < W; ++w) {
      const std::uint64_t open = tables_->primary[std::size_t(w)] & ~used[std::size_t(w)];
      if (open) return w * 64 + std::countr_zero(open);
    }
    return -1;
  }

  /// The open primary item with fewest fitting options (lowest id on ties); some is open.
  int fewest_options(const Mask& used, std::uint64_t& steps) const {
    int best = -1;
    std::int32_t best_count = std::numeric_limits<std::int32_t>::max();
    for (int w = 0; w < W; ++w) {
      for (std::uint64_t open = tables_->primary[std::size_t(w)] & ~used[std::size_t(w)]; open; open &= open - 1) {
        const int i = w * 64 + std::countr_zero(open);
        auto [p, e] = list_of(i, used);
        std::int32_t count = 0;
        for (; count < best_count && (p = scan(p, e, used, steps)) < e; ++p) ++count;
        if (count < best_count) {
          best = i;
          best_count = count;
          if (count == 0) return best;
        }
      }
    }
    return best;
  }

  std::shared_ptr<const Tables> tables_;
  MemoCounter* memo_ = nullptr;  // memoised counting (never cloned: it runs on one thread)
  bool first_ = false, tracing_ = false, pruning_ = false;
  Mask used_{};  // the items covered

  // Level l branches on item_[l] over list positions [lo_[l], end_[l]) and is at pos_[l]
  // (pushed levels: item -1, and the mask before them in saved_).
  std::vector<Mask> saved_;
  std::vector<std::int32_t> item_, pos_, lo_, end_, chosen_;
  int level_ = 0, base_ = 0;
};

}  // namespace

std::unique_ptr<Engine> make_bitset_engine(const ExactCover& problem, Control& control, MemoCounter* memo) {
  if (problem.has_colours()) throw ModelError("the bitset engine does not take colours");
  if (needs_multiplicities(problem))
    throw ModelError("the bitset engine does not take multiplicities (item bounds other than 1:1 and 0:1)");
  const int n = problem.num_items();
  if (n <= 64) return std::make_unique<BitsetEngine<1>>(problem, control, memo);
  if (n <= 128) return std::make_unique<BitsetEngine<2>>(problem, control, memo);
  if (n <= 192) return std::make_unique<BitsetEngine<3>>(problem, control, memo);
  if (n <= bitset_max_items) return std::make_unique<BitsetEngine<4>>(problem, control, memo);
  throw ModelError("the bitset engine takes at most " + std::to_string(bitset_max_items) +
                   " items, this problem has " + std::to_string(n));
}

}  // namespace solve::detail::cover
