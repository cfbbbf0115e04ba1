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
#include "exact_cover/scarce.hpp"
#include "exact_cover/shape.hpp"
#include "solve/error.hpp"

namespace solve::detail::cover {
namespace {

/// At most this many items split an item's list (2^5 = 32 precomputed lists per item).
constexpr int max_split = 5;
/// Memory the precomputed lists may take before fewer split items are used.
constexpr std::size_t max_table_bytes = std::size_t(32) << 20;

template <int W>
class BitsetEngine final : public CoverSearch {
 public:
  using Mask = std::array<std::uint64_t, W>;

  BitsetEngine(const ExactCover& problem, const CoverOptions& opt, const CoverCallback& on_solution,
               Control& control, MemoCounter* memo)
      : CoverSearch(opt, on_solution, control),
        tables_(std::make_shared<Tables>(problem, opt.item_choice, opt.scarce_lookahead)),
        memo_(memo) {
    tracing_ = bool(opt.trace);
    // One hook (search.cpp keeps the one this engine reads): prune_position, or prune.
    position_ = bool(opt.prune_position);
    pruning_ = position_ || bool(opt.prune);
    first_ = opt.item_choice == ItemChoice::first;
    const auto levels = std::size_t(problem.num_primary()) + 1;
    saved_.resize(levels);
    lv_.resize(levels);
    chosen_.resize(levels);
  }

  std::unique_ptr<SearchEngine> clone() const override {
    if (memo_)
      throw std::logic_error("bitset engine: a memoising engine is not cloned (it runs alone)");
    auto e = std::make_unique<BitsetEngine>(*this);
    e->stats_ = {};
    return e;
  }

  void run(const Work& w, Worker& worker) override {
    for (int o : w.path) push(o);
    worker_ = &worker;
    // One copy of the loop per setting, so the common one (first item, no hooks) carries no
    // dead branches and keeps its state in registers; a position prune hook alone (stenen)
    // has its own, without the trace tests (three a position) and the run skip.
    const bool hooks = tracing_ || pruning_, position_only = position_ && !tracing_;
    const std::int32_t* tail = w.tail.empty() ? nullptr : w.tail.data();
    if (memo_) first_ ? search<true, true, true>(tail) : search<false, true, true>(tail);
    else if (position_only)
      first_ ? search<true, true, false, true>(tail) : search<false, true, false, true>(tail);
    else if (first_) hooks ? search<true, true>(tail) : search<true, false>(tail);
    else hooks ? search<false, true>(tail) : search<false, false>(tail);
    for (std::size_t k = w.path.size(); k-- > 0;) pop();
  }

  // The search loop, Knuth style: one function, labelled phases, the state in locals so the
  // compiler keeps it in registers (a third faster than phase functions on member state).
  // Each copy is a function of its own (noinline): inlined together into run(), the four
  // shared one register allocation and spilled the list pointer (3-6% more instructions).
  // tail: {from, to} to resume the first level at list positions [from, to) (a donation).
  // With Memo the tree is walked the same way, but a node whose mask of covered items is in
  // the memo takes its count from there, and solutions only add up (memo_counter.hpp).
  // Position: the only hook is prune_position (Hooks true, no trace).
  template <bool First, bool Hooks, bool Memo = false, bool Position = false>
  [[gnu::noinline]] void search(const std::int32_t* tail) {
    const Tables& t = *tables_;
    const Entry* const list = t.list.data();
    Level* const lv = lv_.data();
    int* const chosen = chosen_.data();
    Mask used = used_;
    int l = base_ = level_;
    std::uint64_t nodes = 0, updates = 0;
    std::uint64_t left = poll_.start(*worker_, stats_.solutions);
    std::int32_t p = 0;
    if (left == 0) goto done;
    if (tail) {
      p = resume(tail);
      goto advance;
    }

  forward : {  // every primary item covered? else choose an item
    int i = first_open(used);
    if (i < 0) {
      if (Memo) {
        memo_->solution(std::size_t(l));
        goto backup;
      }
      if (Hooks && !Position && tracing_) opt_->trace({CoverTraceEvent::Kind::solution, l, -1, -1});
      if (!solution(l)) goto stop;
      goto backup;
    }
    if (Memo) {
      std::copy(used.begin(), used.end(), memo_->key(std::size_t(l)));
      if (memo_->lookup(std::size_t(l), stats_.nodes + nodes)) goto backup;
    }
    if (!First) i = fewest_options(used, updates);
    else if (const int d = dead_scarce_item(used, updates); d >= 0) {  // branch on it: no option
      lv[l] = Level{d, 0, 0, 0};
      p = 0;
      goto advance;
    }
    lv[l].item = i;
    std::tie(lv[l].lo, lv[l].end) = list_of(i, used);
    p = lv[l].lo;
  }
  advance:  // try the options of level l's list from position p on
    for (;; ++updates) {
      if (p >= lv[l].end) {
        if (Memo) memo_->leave(std::size_t(l), stats_.nodes + nodes, false);
        goto backup;
      }
      const Entry& e = list[p];
      if (disjoint(e.mask, used)) break;
      // The position-hook copy steps one entry at a time: on stenen's lists the run skip was
      // rarely taken, and its test cost more time than the entries it saved (3-6 % of stenen2
      // 6x10's and 5x12's user time); keyed on items that do get covered, its branch
      // mispredicted more (docs/notes/stenen-symmetry.md, st12).
      p = !Position && has(used, e.key) ? e.run_end : p + 1;
    }
    ++updates;
    lv[l].pos = p;
    ++nodes;
    if (--left == 0) {
      level_ = l;
      stats_.nodes += nodes;
      stats_.updates += updates;
      left = poll_.poll(nodes, stats_.solutions);
      nodes = updates = 0;
      if (left == 0) goto stop;
    }
    add(used, list[p].mask);
    chosen[l] = list[p].option;
    ++l;
    if (std::uint32_t(l) > stats_.max_depth) stats_.max_depth = std::uint32_t(l);
    if (Hooks && !Position && tracing_)
      opt_->trace({CoverTraceEvent::Kind::choose, l, lv[l - 1].item, chosen[l - 1]});
    if (Hooks && (Position ? !opt_->prune_position(
                                 CoverPosition{std::span<const int>(chosen, std::size_t(l)), used})
                           : pruning_ && !prune(l, used))) {
      --l;
      goto recover;
    }
    goto forward;

  backup:  // back to the level above, or done
    if (l == base_) goto done;
    --l;
  recover:  // take back level l's option (it was disjoint from the rest: XOR undoes it)
    p = lv[l].pos;
    if (Hooks && !Position && tracing_)
      opt_->trace({CoverTraceEvent::Kind::backtrack, l + 1, lv[l].item, chosen[l]});
    remove(used, list[p].mask);
    ++p;
    goto advance;

  stop:        // a limit or the callback: unwind to the starting position
    if (Memo)  // the counts of the unfinished nodes pass up, partial
      for (int k = l; k >= base_; --k) memo_->leave(std::size_t(k), 0, true);
    while (l > base_) remove(used, list[lv[--l].pos].mask);
  done:
    stats_.nodes += nodes;
    stats_.updates += updates;
    level_ = l;
    used_ = used;
  }

  /// The prune hook on the l options chosen, which cover `used`: prune_position when set (it
  /// reads the mask itself; search.cpp gives the other engines a prune hook that builds it).
  bool prune(int l, const Mask& used) const {
    const std::span<const int> chosen = std::span<const int>(chosen_).first(std::size_t(l));
    if (position_) return opt_->prune_position(CoverPosition{chosen, used});
    return opt_->prune(chosen);
  }

  /// Every primary item is covered by the l options chosen: report() out of the loop's way.
  [[gnu::noinline]] bool solution(int l) {
    return report(std::span<const int>(chosen_).first(std::size_t(l)));
  }

  /// Opens level level_ on the item the giver of the work branched on (same position, same
  /// choice: counted there), over list positions [tail[0], tail[1]); returns the first.
  [[gnu::noinline]] std::int32_t resume(const std::int32_t* tail) {
    std::uint64_t uncounted = 0;
    const int i = first_ ? first_open(used_) : fewest_options(used_, uncounted);
    if (i < 0) throw std::logic_error("bitset engine: work does not fit");
    lv_[std::size_t(level_)] = Level{i, tail[0], tail[0], tail[1]};
    return tail[0];
  }

  bool donate(Work& w) override {
    if (memo_) return false;  // one worker counts it all (the memo is not shared)
    // Levels base_ .. level_ are open (level_: the option being taken now); the untried
    // options of a level are the entries after its pos that fit the items covered above it.
    // Give the second half of them.
    double weight = 1;
    Mask used = used_;  // (as at the start of the run: the search keeps its mask in a local)
    const Entry* list = tables_->list.data();
    for (int k = base_; k <= level_; ++k) {
      Level& v = lv_[std::size_t(k)];
      const std::int32_t size = std::max(1, v.end - v.lo);
      std::int32_t untried = 0;
      for (std::int32_t p = v.pos + 1; p < v.end; ++p) untried += disjoint(list[p].mask, used);
      if (untried > 0) {
        std::int32_t mid = v.pos + 1;
        for (std::int32_t kept = 0; kept < untried / 2; ++mid)
          kept += disjoint(list[mid].mask, used);
        while (!disjoint(list[mid].mask, used)) ++mid;
        w.path.assign(chosen_.begin(), chosen_.begin() + k);
        w.tail = {mid, v.end};
        w.weight = weight * (v.end - mid) / size;
        v.end = mid;
        return true;
      }
      weight /= size;
      add(used, list[v.pos].mask);
    }
    return false;
  }

  /// Chooses option o at the current position (no hooks, no statistics).
  void push(int o) {
    const auto l = std::size_t(level_++);
    saved_[l] = used_;
    lv_[l].item = -1;
    chosen_[l] = o;
    add(used_, tables_->masks[std::size_t(o)]);
  }

  void pop() { used_ = saved_[std::size_t(--level_)]; }

  double done() const override {
    double done = 0, weight = 1;
    for (int k = base_; k <= level_ && k < int(lv_.size()); ++k) {
      const Level& v = lv_[std::size_t(k)];
      weight /= std::max(1, v.end - v.lo);
      done += (v.pos - v.lo) * weight;
    }
    return done;
  }

 private:
  /// One option in a list, with its mask at hand and the run it belongs to.
  struct Entry {
    Mask mask;
    std::int32_t option;
    std::int32_t run_end;  // first position after the run
    // An item every option of the run has besides the list's, else the list's own item (open
    // whenever the list is scanned: no run skip, and no test for "none" in the scan).
    std::uint32_t key;
  };

  static void set(Mask& m, int bit) { m[std::size_t(bit) / 64] |= std::uint64_t(1) << (bit % 64); }
  static bool has(const Mask& m, std::uint32_t bit) { return (m[bit / 64] >> (bit % 64)) & 1; }
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
    int split_width = 0;                                     // K
    std::vector<std::array<std::int32_t, max_split>> split;  // per item: its K split items
    std::vector<Entry> list;                                 // every precomputed list
    std::vector<std::int32_t> start;  // list (item i, pattern q) = [start[i*2^K+q], start[...+1])

    // First-item rule: the scarce items (scarce.hpp) and the masks of their options, item
    // scarce[k]'s in scarce_masks[scarce_start[k] .. scarce_start[k + 1]).
    std::vector<int> scarce;
    std::vector<std::int32_t> scarce_start;
    std::vector<Mask> scarce_masks;

    Tables(const ExactCover& problem, ItemChoice choice, bool lookahead) {
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
      for (split_width = max_split;; --split_width) {
        choose_split_items(lists);
        if (split_width == 0 || table_size(lists) * sizeof(Entry) <= max_table_bytes) break;
      }
      build(lists);
      if (choice == ItemChoice::first && lookahead) scarce = scarce_items(problem);
      scarce_start.push_back(0);
      for (const int i : scarce) {
        for (int o = 0; o < problem.num_options(); ++o)
          if (has(masks[std::size_t(o)], i)) scarce_masks.push_back(masks[std::size_t(o)]);
        scarce_start.push_back(std::int32_t(scarce_masks.size()));
      }
    }

    /// For each item, the split_width items that occur in most of its options (the item
    /// itself pads: it is open whenever the list is used, so its bit is always 0).
    void choose_split_items(const std::vector<std::vector<std::int32_t>>& lists) {
      const int n = int(lists.size());
      split.assign(lists.size(), {});
      std::vector<int> freq(lists.size());
      for (int i = 0; i < n; ++i) {
        std::fill(freq.begin(), freq.end(), 0);
        for (std::int32_t o : lists[std::size_t(i)])  // the option's items, bit by bit
          for (int w = 0; w < W; ++w)
            for (std::uint64_t b = masks[std::size_t(o)][std::size_t(w)]; b; b &= b - 1)
              ++freq[std::size_t(w * 64 + std::countr_zero(b))];
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

    /// The split items of s that option o has, bit b for s[b]: the option is in the list of
    /// pattern q when it has none of q's (q & pattern == 0). Computed once per option and list
    /// instead of a mask test per option and pattern (a fifth of a short stenen run).
    unsigned pattern(std::int32_t o, const std::array<std::int32_t, max_split>& s) const {
      unsigned m = 0;
      for (int b = 0; b < split_width; ++b)
        m |= unsigned(has(masks[std::size_t(o)], std::uint32_t(s[std::size_t(b)]))) << b;
      return m;
    }

    /// Entries of every list: an option with k of the split items is in 2^(K-k) of them.
    std::size_t table_size(const std::vector<std::vector<std::int32_t>>& lists) const {
      std::size_t total = 0;
      for (std::size_t i = 0; i < lists.size(); ++i)
        for (std::int32_t o : lists[i])
          total += std::size_t(1) << (split_width - std::popcount(pattern(o, split[i])));
      return total;
    }

    void build(const std::vector<std::vector<std::int32_t>>& lists) {
      list.reserve(table_size(lists));
      start.reserve((lists.size() << split_width) + 1);
      start.push_back(0);
      std::vector<unsigned> patterns;
      for (std::size_t i = 0; i < lists.size(); ++i) {
        patterns.clear();
        for (std::int32_t o : lists[i]) patterns.push_back(pattern(o, split[i]));
        for (unsigned q = 0; q < (1u << split_width); ++q) {
          const auto from = std::int32_t(list.size());
          for (std::size_t k = 0; k < patterns.size(); ++k)
            if ((patterns[k] & q) == 0) {
              const std::int32_t o = lists[i][k];
              list.push_back({masks[std::size_t(o)], o, 0, 0});
            }
          start.push_back(std::int32_t(list.size()));
          mark_runs(from, std::int32_t(list.size()), int(i));
        }
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
          for (int w = 0; w < W; ++w)
            next[std::size_t(w)] &= list[std::size_t(q)].mask[std::size_t(w)];
          if (next == Mask{}) break;
          common = next;
        }
        int key = -1;
        for (int w = 0; w < W && key < 0; ++w)
          if (common[std::size_t(w)]) key = w * 64 + std::countr_zero(common[std::size_t(w)]);
        if (key < 0) key = own;
        for (std::int32_t r = p; r < q; ++r) {
          list[std::size_t(r)].run_end = q;
          list[std::size_t(r)].key = key;
        }
        p = q;
      }
    }
  };

  /// Where the list of item i for the current covered items lies in tables_->list. (Always
  /// inlined: left out of line, it cost the first-item search 15% more instructions.)
  [[gnu::always_inline]] std::pair<std::int32_t, std::int32_t> list_of(int i,
                                                                       const Mask& used) const {
    const Tables& t = *tables_;
    const auto& s = t.split[std::size_t(i)];
    unsigned q = 0;
    for (int b = 0; b < max_split; ++b)
      q |= unsigned(has(used, std::uint32_t(s[std::size_t(b)])))
           << b;  // padding: the item itself, open
    const std::size_t k = (std::size_t(i) << t.split_width) + q;
    return {t.start[k], t.start[k + 1]};
  }

  /// First option in list positions [p, end) disjoint from used, or end; counts the steps.
  std::int32_t scan(std::int32_t p, std::int32_t end, const Mask& used,
                    std::uint64_t& steps) const {
    const Entry* list = tables_->list.data();
    for (; p < end; ++steps) {
      const Entry& e = list[p];
      if (disjoint(e.mask, used)) break;
      p = has(used, e.key) ? e.run_end : p + 1;
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

  /// A scarce open item that no option fits any more (the first-item rule ends the node on
  /// it: scarce.hpp), or -1; counts the option tests.
  int dead_scarce_item(const Mask& used, std::uint64_t& steps) const {
    const Tables& t = *tables_;
    for (std::size_t k = 0; k < t.scarce.size(); ++k) {
      const int i = t.scarce[k];
      if (has(used, i)) continue;
      bool fits = false;
      for (std::int32_t q = t.scarce_start[k]; q < t.scarce_start[k + 1] && !fits; ++q, ++steps)
        fits = disjoint(t.scarce_masks[std::size_t(q)], used);
      if (!fits) return i;
    }
    return -1;
  }

  /// The open primary item with fewest fitting options (lowest id on ties); some is open.
  int fewest_options(const Mask& used, std::uint64_t& steps) const {
    int best = -1;
    std::int32_t best_count = std::numeric_limits<std::int32_t>::max();
    for (int w = 0; w < W; ++w) {
      for (std::uint64_t open = tables_->primary[std::size_t(w)] & ~used[std::size_t(w)]; open;
           open &= open - 1) {
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
  bool first_ = false, tracing_ = false, pruning_ = false, position_ = false;
  Mask used_{};  // the items covered

  // Level l branches on lv_[l].item over list positions [lo, end) and is at pos (pushed
  // levels: item -1, and the mask before them in saved_). One array of structs, not four
  // arrays: the search loop keeps one pointer in a register instead of four.
  struct Level {
    std::int32_t item, pos, lo, end;
  };
  std::vector<Mask> saved_;
  std::vector<Level> lv_;
  std::vector<std::int32_t> chosen_;
  int level_ = 0, base_ = 0;
  Worker* worker_ = nullptr;
  PollBudget poll_;
};

}  // namespace

std::unique_ptr<CoverSearch> make_bitset_engine(const ExactCover& problem,
                                                const CoverOptions& options,
                                                const CoverCallback& on_solution, Control& control,
                                                MemoCounter* memo) {
  if (problem.has_colours()) throw ModelError("the bitset engine does not take colours");
  if (needs_multiplicities(problem))
    throw ModelError(
        "the bitset engine does not take multiplicities (item bounds other than 1:1 and 0:1)");
  const int n = problem.num_items();
  if (n <= 64)
    return std::make_unique<BitsetEngine<1>>(problem, options, on_solution, control, memo);
  if (n <= 128)
    return std::make_unique<BitsetEngine<2>>(problem, options, on_solution, control, memo);
  if (n <= 192)
    return std::make_unique<BitsetEngine<3>>(problem, options, on_solution, control, memo);
  if (n <= bitset_max_items)
    return std::make_unique<BitsetEngine<4>>(problem, options, on_solution, control, memo);
  throw ModelError("the bitset engine takes at most " + std::to_string(bitset_max_items) +
                   " items, this problem has " + std::to_string(n));
}

}  // namespace solve::detail::cover
