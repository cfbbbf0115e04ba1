#pragma once
// Dancing links, Knuth's way (TAOCP 7.2.2.1, Algorithms X, C and M; his programs dlx1, dlx2,
// dlx3): flat arrays with int32 links, one 16-byte node per (option, item) pair, spacer nodes
// between options, and an explicit search loop in four phases -- forward, advance, backup,
// recover -- over a stack of chosen nodes instead of recursion.
//
// Layout. Items are numbered 1..N inside (primary ones first, in id order, then secondary);
// nd_[i] is the header of item i and its `top` field holds the list length. After the
// headers come the options, each followed by a spacer whose `top` is <= 0, `up` points to the
// first node of the option before it and `down` to the last node of the option after it, so
// an option can be walked round without links of its own. cl_ links the open primary items
// into a ring headed by 0 (and the secondary ones into a ring headed by N + 1).
// Colours: `colour` > 0 on a node gives its secondary item that colour; a node whose option
// already agrees with the colour fixed for its item is marked -1 (purified) instead of hidden.
//
// Multiplicities (Algorithm M, dlx_multi.cpp): a primary item i may take bound_[i] more
// options, slack_[i] = hi - lo of them optional. Branching on i takes its options in list order;
// each option tried is "tweaked" out of i's list (and hidden elsewhere) so the later branches
// of the level never take it again, and a last branch gives i no more options at all. Without
// multiplicities the engine runs X and C and treats 0:1 items as secondary (shape.hpp).
//
// Memoised counting (dlx_memo.cpp): each node's subproblem -- the open items, their remaining
// bounds and first options left, the colours of secondary items -- is a key; its solution count
// is kept in a MemoTable and reused when the key comes again.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "exact_cover/engine.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class MemoTable;

class Dlx final : public Engine {
 public:
  struct Node {
    std::int32_t up, down;
    std::int32_t top;     ///< item (> 0), list length (headers), <= 0 (spacers)
    std::int32_t colour;  ///< 0 none, > 0 a colour, -1 purified
    friend bool operator==(const Node&, const Node&) = default;
  };
  struct Item {
    std::int32_t prev, next;
    friend bool operator==(const Item&, const Item&) = default;
  };

  /// Algorithm M when the problem has multiplicities (as Knuth's dlx3), else X and C.
  Dlx(const ExactCover& problem, Control& control);
  /// `multi` false: X and C, for problems without needs_multiplicities() (0:1 items become
  /// secondary); true: Algorithm M with every bound as given.
  Dlx(const ExactCover& problem, Control& control, bool multi);
  ~Dlx() override;

  std::unique_ptr<Engine> clone() const override;
  void run(Prefixes* split = nullptr, bool quiet = false) override;
  /// Option o, or -1 (multiplicities): the branch that gives the chosen item no more options.
  void push(int o) override;
  void pop() override;
  double done() const override;

  /// From now on run() counts with a memo table of at most `bytes` (one thread, no split, no
  /// solution reports: the count is memo_count()). `problem` is the one the engine was made of.
  void enable_memo(const ExactCover& problem, std::size_t bytes);
  /// The solutions counted by memoised runs.
  BigCount memo_count() const;
  MemoStats memo_stats() const;

  /// Empty when every list is consistent (links agree both ways, lengths match the lists,
  /// each node on the list of its item); otherwise the first inconsistency found.
  std::string sanity_check() const;
  /// The whole link structure, so tests can check a search restores it exactly.
  const std::vector<Node>& nodes() const { return nd_; }
  const std::vector<Item>& items() const { return cl_; }

 private:
  enum class Phase { forward, advance, backup, recover, done };

  // The list operations of Algorithm C (primed versions: they respect colours).
  void hide(std::int32_t p);
  void unhide(std::int32_t p);
  void cover(std::int32_t i);
  void uncover(std::int32_t i);
  void purify(std::int32_t p);
  void unpurify(std::int32_t p);
  void commit(std::int32_t p, std::int32_t j);
  void uncommit(std::int32_t p, std::int32_t j);
  /// Covers / purifies every item of x's option except x's own (already covered); with
  /// Multi, primary items take one of their bound.
  template <bool Multi>
  void commit_others(std::int32_t x);
  template <bool Multi>
  void uncommit_others(std::int32_t x);
  /// Takes an item out of its ring / puts it back (cover and uncover do it too).
  void deactivate(std::int32_t i);
  void reactivate(std::int32_t i);
  /// The open primary item to branch on (0 when none is open).
  std::int32_t choose() const;
  /// Counts one node and polls the control when due; false when the search must stop.
  bool count_node();
  /// Every primary item covered: report the solution (C2, M2). Returns the next phase.
  Phase solution(bool quiet);
  /// At the split depth: appends the choices below base_ with their weight.
  void record_prefix(Prefixes& split) const;
  /// The options chosen so far (without the "no more options" branches of Algorithm M).
  std::span<const int> chosen_options();
  void trace(CoverTraceEvent::Kind kind, std::size_t level) const;

  // The search phases of X and C; each returns the next phase.
  Phase forward(Prefixes* split, bool quiet);  // C2-C4: solution? split? else choose, cover
  Phase advance(bool quiet);                   // C5: try the next option of the level's item
  Phase backup();                              // C8: back to the level above
  Phase recover();                             // C6: take the level's option back

  // Algorithm M (dlx_multi.cpp): its own versions of the phases and list operations.
  Phase branch_multi();              // M3-M4: choose an item, use one of its bound
  Phase advance_multi(bool quiet);   // M5-M6: the next option (tweaked), or no more options
  Phase recover_multi();             // M7: take the level's option back
  Phase restore_multi();             // M8: give the level's item its list and bound back
  void unbranch_multi(std::size_t l);
  std::int32_t choose_multi(std::int32_t& degree) const;
  void tweak(std::int32_t x, bool hide_option);
  void untweak(std::int32_t first, std::int32_t i, bool unhide_options);
  void push_multi(int o);
  void pop_multi();

  // Memoised counting (dlx_memo.cpp).
  bool memo_lookup();            // at a node: true when its count came from the table
  void memo_leave();             // the node's subtree is done: store its count
  void memo_solution();          // the node is a solution
  void memo_key(std::uint64_t* key) const;

  std::vector<Node> nd_;
  std::vector<Item> cl_;
  std::vector<std::int32_t> option_of_;    // option id of each node (-1 headers, spacers)
  std::vector<std::int32_t> option_node_;  // first node of each option
  std::int32_t n_items_ = 0;               // N
  std::int32_t n_primary_ = 0;             // primary items are 1 .. n_primary_
  ItemChoice item_choice_ = ItemChoice::mrv;
  bool tracing_ = false;
  bool pruning_ = false;
  bool multi_ = false;                     // Algorithm M
  std::vector<std::int32_t> bound_, slack_;  // per item (M): options it may still take, hi - lo
  std::vector<std::int32_t> item_colour_;    // per secondary item: the colour fixed on it (0: none)

  // The search state: level l has chosen node choice_[l] in the list of item item_[l].
  std::vector<std::int32_t> choice_, item_, chosen_;
  // M: the first node tweaked at level l, the number of branches there and how many were begun.
  std::vector<std::int32_t> first_tweak_, degree_, branch_;
  std::vector<int> compact_;  // chosen_ without the -1 of "no more options" (M)
  int level_ = 0;   // number of options chosen (pushed ones included)
  int base_ = 0;    // level where the current run started
  bool stopping_ = false;
  std::uint64_t since_poll_ = 0, budget_ = 0;
  std::vector<int> item_id_;  // internal item number -> problem item id

  // Memoised counting: the key layout, the table, one count being summed per level.
  struct Memo;
  std::shared_ptr<Memo> memo_;  // null unless enable_memo() (never shared: clone() refuses)
};

}  // namespace solve::detail::cover
