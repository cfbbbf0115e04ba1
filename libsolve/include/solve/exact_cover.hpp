#pragma once
// Exact cover with colours and multiplicities (Knuth's XCC and MCC): a problem is a set of
// items and a list of options, each option a set of items. A solution is a set of options that
// covers every primary item exactly once (or, when the item has bounds lo:hi, between lo and hi
// times) and every secondary item at most once -- or, when options give a secondary item a
// colour, any number of times provided all those options agree on its colour.
//
// Stands alone: nothing of the CSP half is needed here.
//
//   solve::ExactCover p;
//   int a = p.add_primary("a"), b = p.add_primary("b"), c = p.add_primary("c");
//   p.add_option({a, b});
//   p.add_option({c});
//   p.add_option({a, b, c});
//   solve::count(p).stats.solutions;          // 2 (a solve::Result)
//   solve::search(p, {}, [&](std::span<const int> chosen) {
//     for (int o : chosen) use(p.option(o));   // option ids, in the order they were chosen
//     return true;                             // false stops the search
//   });
//
// Three engines answer the same calls: dancing links (Algorithm X, C for colours, M for
// multiplicities), sparse sets (Knuth's "dancing cells": X, C and M, the same tree), and a
// bitset engine for small problems without colours or multiplicities (CoverOptions::engine;
// by default the engine and item choice are planned from an estimate of the tree, shape.cpp).
// count() can also memoise (CoverOptions::memo). Their search loops:
// libsolve/src/exact_cover/dlx.cpp (dlx_multi.cpp for M, dlx_memo.cpp for the memo),
// sparse.cpp and bitset_engine.cpp; limits, threads and statistics: the driver both halves
// share, libsolve/src/search/.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "solve/big_count.hpp"
#include "solve/cover_plan.hpp"
#include "solve/export.hpp"
#include "solve/limits.hpp"
#include "solve/stats.hpp"

namespace solve {

/// One item of an option, with the colour it asks of a secondary item (0: no colour).
struct ItemColour {
  int item = -1;
  int colour = 0;
  friend bool operator==(const ItemColour&, const ItemColour&) = default;
};

/// How many times a primary item must be covered (Knuth's multiplicities): lo <= times <= hi.
struct ItemBounds {
  int lo = 1;
  int hi = 1;
  friend bool operator==(const ItemBounds&, const ItemBounds&) = default;
};

/// The items of one option (ExactCover::option): a random-access range of ItemColour values,
/// read from the problem's flat arrays (item ids, and colours only when some option has one),
/// valid until an item or option is added. Iterated like a container:
///   for (const solve::ItemColour& ic : problem.option(o)) ...   // ic.item, ic.colour
///   problem.option(o).size(), problem.option(o)[k]
class OptionItems {
 public:
  class iterator {
   public:
    using iterator_concept = std::random_access_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // yields values, not references
    using value_type = ItemColour;
    using difference_type = std::ptrdiff_t;
    using reference = ItemColour;
    iterator() = default;
    iterator(const std::int32_t* item, const std::int32_t* colour) : item_(item), colour_(colour) {}
    ItemColour operator*() const { return {*item_, colour_ ? *colour_ : 0}; }
    ItemColour operator[](difference_type k) const { return *(*this + k); }
    iterator& operator++() { return *this += 1; }
    iterator operator++(int) {
      iterator t = *this;
      ++*this;
      return t;
    }
    iterator& operator--() { return *this -= 1; }
    iterator operator--(int) {
      iterator t = *this;
      --*this;
      return t;
    }
    iterator& operator+=(difference_type k) {
      item_ += k;
      if (colour_) colour_ += k;
      return *this;
    }
    iterator& operator-=(difference_type k) { return *this += -k; }
    friend iterator operator+(iterator i, difference_type k) { return i += k; }
    friend iterator operator+(difference_type k, iterator i) { return i += k; }
    friend iterator operator-(iterator i, difference_type k) { return i -= k; }
    friend difference_type operator-(const iterator& a, const iterator& b) {
      return a.item_ - b.item_;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.item_ == b.item_; }
    friend auto operator<=>(const iterator& a, const iterator& b) { return a.item_ <=> b.item_; }

   private:
    const std::int32_t* item_ = nullptr;
    const std::int32_t* colour_ = nullptr;  // null: no colours in the problem
  };

  OptionItems(const std::int32_t* items, const std::int32_t* colours, std::size_t size)
      : items_(items), colours_(colours), size_(size) {}
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  iterator begin() const { return {items_, colours_}; }
  iterator end() const { return begin() + std::ptrdiff_t(size_); }
  ItemColour operator[](std::size_t k) const { return {items_[k], colours_ ? colours_[k] : 0}; }
  ItemColour front() const { return (*this)[0]; }
  ItemColour back() const { return (*this)[size_ - 1]; }

 private:
  const std::int32_t* items_;
  const std::int32_t* colours_;
  std::size_t size_;
};

/// An exact-cover problem: items and options. A description only; searching it never changes
/// it, so one problem can be searched many times, even at once from several threads.
class SOLVE_API ExactCover {
 public:
  /// A new item that every solution covers exactly once; returns its id (0, 1, 2, ...).
  /// Names are optional ("" gives "#<id>") but must be distinct; throws ModelError otherwise.
  int add_primary(std::string_view name = {});
  /// A new item covered at most once (or by options that agree on its colour).
  int add_secondary(std::string_view name = {});
  /// A primary item covered between lo and hi times (Knuth's MCC, dlx3's "lo:hi|name"):
  /// 0 <= lo <= hi, hi >= 1 (ModelError otherwise). 1:1 is add_primary(name). Unlike a
  /// secondary item, a 0:1 item makes an option choosable on its own (see docs/exact-cover.md).
  int add_primary(std::string_view name, int lo, int hi);

  /// The id of a colour name, created on first use (ids 1, 2, ...; 0 means "no colour").
  int colour(std::string_view name);

  /// A new option over the given items (any order); returns its id (0, 1, 2, ...). Takes time
  /// linear in its size. Throws ModelError when it is empty, names an unknown item, or names an
  /// item twice, or when the options would hold more than INT_MAX items in all.
  int add_option(std::span<const int> items);
  int add_option(std::initializer_list<int> items) {
    return add_option(std::span<const int>(items.begin(), items.size()));
  }
  /// A new option whose secondary items may carry colours. A colour on a primary item, or a
  /// colour id not made by colour(), throws ModelError.
  int add_option(std::span<const ItemColour> items);
  int add_option(std::initializer_list<ItemColour> items) {
    return add_option(std::span<const ItemColour>(items.begin(), items.size()));
  }

  int num_items() const { return int(items_.size()); }
  int num_primary() const { return num_primary_; }
  int num_options() const { return int(option_start_.size()) - 1; }
  int num_colours() const { return int(colour_names_.size()); }
  bool has_colours() const { return has_colours_; }
  // The item and colour accessors throw ModelError for an id out of range.
  bool is_primary(int item) const { return item_decl(item).primary; }
  /// The bounds of an item: 1:1 for plain primary items, 0:1 for secondary ones.
  ItemBounds bounds(int item) const { return item_decl(item).bounds; }
  /// True when some primary item has bounds other than 1:1.
  bool has_multiplicities() const { return has_multiplicities_; }
  const std::string& item_name(int item) const { return item_decl(item).name; }
  /// The item with this name, or nullopt.
  std::optional<int> find_item(std::string_view name) const;
  /// The name of colour id c (1 ... num_colours()).
  const std::string& colour_name(int c) const {
    if (c < 1 || c > num_colours()) out_of_range("colour", c);
    return colour_names_[std::size_t(c - 1)];
  }
  /// The items of option o, in the order given.
  OptionItems option(int o) const;

 private:
  struct ItemDecl {
    std::string name;
    bool primary;
    ItemBounds bounds;
  };
  const ItemDecl& item_decl(int item) const {
    if (item < 0 || item >= num_items()) out_of_range("item", item);
    return items_[std::size_t(item)];
  }
  [[noreturn]] static void out_of_range(const char* what, int id);
  /// Hashes std::string and std::string_view alike: lookups by name allocate nothing.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  using NameIds = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;
  int add_item(std::string_view name, bool primary, ItemBounds bounds);
  /// The slot of name_slots_ that holds the item called `name`, or the free slot where it goes.
  std::size_t name_slot(std::string_view name) const;

  std::vector<ItemDecl> items_;
  int num_primary_ = 0;
  // Item ids by name: open addressing over a power-of-two table, at most half full, with a
  // hash of a few loads for short names (problem.cpp). An unordered_map of the names took
  // about 70 bytes per item, and 1.6 s to index a million (stenen's 1000x1000 board).
  std::vector<std::int32_t> name_slots_;  // an item id, or -1: free
  int name_shift_ = 64;                   // 64 - log2(name_slots_.size())
  std::vector<std::string> colour_names_;
  NameIds colour_ids_;
  // add_option's duplicate test in linear time: item i is in the option being added when
  // item_mark_[i] == mark_round_ (a new round per call, so nothing needs clearing).
  std::vector<std::uint32_t> item_mark_;
  std::uint32_t mark_round_ = 0;
  // Every option's items, one after the other: option o is [option_start_[o],
  // option_start_[o+1]). Colours in a parallel array, empty until some option has one (4 bytes
  // per item, not 8: 17.5 M options of three items, read from 100 MB, took 1.9 GB, issue 22).
  std::vector<std::int32_t> option_items_;
  std::vector<std::int32_t> option_colours_;
  std::vector<std::int32_t> option_start_{0};
  bool has_colours_ = false;
  bool has_multiplicities_ = false;
};

/// What the trace hook is told (either engine; tracing forces one thread).
struct CoverTraceEvent {
  enum class Kind {
    choose,     ///< option `option` chosen to cover item `item` at level `depth` (option -1:
                ///< item `item` takes no more options, a branch of multiplicities only)
    backtrack,  ///< option `option` at level `depth` taken back
    solution,   ///< every primary item covered; depth = number of options chosen
  };
  Kind kind;
  int depth;   ///< 1 for the first choice
  int item;    ///< the item branched on (choose, backtrack); -1 for solution
  int option;  ///< the option (choose, backtrack); -1 for solution
};

/// What the position prune hook (CoverOptions::prune_position) is shown of a node.
struct CoverPosition {
  std::span<const int> chosen;  ///< the options chosen so far, in choice order (last = newest)
  /// The items of the chosen options, (num_items() + 63) / 64 words: bit i % 64 of word i / 64
  /// is set when some chosen option has item i (primary or secondary). Valid during the call.
  std::span<const std::uint64_t> covered;
};

/// Everything a search can be told; the defaults are the fastest general setting.
struct CoverOptions {
  ItemChoice item_choice = ItemChoice::automatic;
  CoverEngine engine = CoverEngine::automatic;
  Limits limits;  ///< solutions, nodes (options chosen), seconds, cancel flag (none by default)
  /// With ItemChoice::first: before branching, look whether a scarce open item -- one with at
  /// most an eighth of the median item's options -- has no option left, and if so end the node
  /// there (it is a dead end: MRV would branch on that item). A symmetry breaker that keeps one
  /// piece to a corner makes such an item: pentomino-6x10-sym, 20.1 M nodes -> 2.6 M. Every
  /// engine looks at the same items, so nodes agree between engines either way; it changes the
  /// node count, never the solutions. Items with multiplicities (Algorithm M) are not watched.
  bool scarce_lookahead = true;
  /// Worker threads. With more than one the workers share the tree by work stealing; counts
  /// and statistics of a complete search are the same for every value (the order of solutions
  /// is not). Result::busy_seconds says how long each worker searched.
  int threads = 1;
  /// Called after each choice with the options chosen so far (last = newest); return false to
  /// reject that partial solution (the option is taken back and the next one tried).
  /// Called exactly once per node counted in stats.nodes, for every number of threads (but
  /// for the "no more options" branches of multiplicities: nodes that choose no option).
  /// With threads > 1 it is called from several threads at once: keep it a pure function.
  std::function<bool(std::span<const int> chosen)> prune;
  /// The prune hook shown the covered items as well (CoverPosition), for a hook that would
  /// otherwise rebuild them from `chosen` at every node: the same calls and contract as prune.
  /// Set prune or prune_position, not both (ModelError). The bitset engine hands over the words
  /// it searches with (no cost per node); dancing links and sparse sets build them from
  /// `chosen` (a pass over the chosen options' items per node).
  std::function<bool(const CoverPosition&)> prune_position;
  /// Called at every choice, backtrack and solution. Setting it forces one thread.
  std::function<void(const CoverTraceEvent&)> trace;
  /// Called about every progress_seconds from the thread that called search/count, with
  /// solve::Progress (nodes: options chosen so far).
  ProgressHook progress;
  double progress_seconds = 0.5;
  /// count() only: remember the number of solutions of each subproblem met (the items still
  /// open, with their remaining multiplicities and colours) and reuse it when it comes again
  /// (DXZ, Nishino et al., AAAI 2017). Dancing links, one thread; no prune hook, solution
  /// callback or limits.max_solutions (ModelError). The count is exact at any size (Result::count).
  bool memo = false;
  /// Memory for the memo table in MiB; when it is full, the entries that saved least work go.
  std::size_t memo_mb = 256;
  /// count() without memo: when the tree estimate puts the plain search at 10^5 nodes or more,
  /// first try a memoised count for at most memo_trial_share of the estimated nodes (a memo
  /// node costs about 12 plain ones: the trial takes at most about 5 % of the plain search).
  /// If it finishes, that is the count (Result::plan.memo); else the plain search runs, with
  /// what is left of limits.max_seconds. Only where the memo may run (no prune hook, trace or
  /// limits.max_solutions) and the plan was estimated (not with multiplicities). The
  /// domino tilings of 8x8 take 30 thousand memo nodes against 10 million plain ones.
  bool memo_trial = true;
  double memo_trial_share = 0.004;
};

/// The plan search(), count() and solve_first() follow for these options (CoverPlan,
/// solve/cover_plan.hpp; takes the time of the estimate, a small fraction of the search's; the
/// same answer every time). for_count: the plan of count(), which may try a memoised count
/// first (CoverOptions::memo_trial). What ran is also in Result::plan.
SOLVE_API CoverPlan plan(const ExactCover& problem, const CoverOptions& options = {},
                         bool for_count = false);

// A search ends with a solve::Result: stats.nodes = options chosen, stats.updates = list
// removals (dlx) or mask tests (bitset); Result::count the exact count, Result::memo what the
// memo table did. Progress reports count options chosen so far as nodes.

/// Called for each solution with the chosen option ids (in choice order); return false to
/// stop. With threads > 1 calls are serialised (never two at once) but come from workers.
using CoverCallback = std::function<bool(std::span<const int> options)>;

/// Calls on_solution for every solution (until it returns false or a limit is reached).
SOLVE_API Result search(const ExactCover& problem, const CoverOptions& options,
                        const CoverCallback& on_solution);
/// The first solution found (option ids, ascending), or nullopt. The result goes to *result.
SOLVE_API std::optional<std::vector<int>> solve_first(const ExactCover& problem,
                                                      const CoverOptions& options = {},
                                                      Result* result = nullptr);
/// Counts solutions (result.count, result.stats.solutions); result.complete() tells if the count
/// is exact (else it is the number found before the limit).
SOLVE_API Result count(const ExactCover& problem, const CoverOptions& options = {});

/// True when the option ids form a solution of the problem (for tests and tools).
SOLVE_API bool is_solution(const ExactCover& problem, std::span<const int> options);

}  // namespace solve
