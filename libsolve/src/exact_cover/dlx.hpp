#pragma once
// Dancing links, Knuth's way (TAOCP 7.2.2.1, Algorithms X, C and M; his programs dlx1, dlx2,
// dlx3): flat arrays with int32 links, one 16-byte node per (option, item) pair, spacer nodes
// between options, and an explicit search loop in four phases -- forward, advance, backup,
// recover -- over a stack of chosen nodes instead of recursion.
//
// Layout. Items are numbered 1..N inside (primary ones first, in id order, then secondary);
// nd_[i] is the header of item i and its `top` field holds the list length. After the
// headers come the options, each followed by a spacer whose `top` is -(o + 1) after option o
// (0 for the spacer before the first), `up` points to the
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
#include "exact_cover/index_vector.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class MemoTable;

class Dlx final : public LevelStack {
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
  Dlx(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution,
      Control& control);
  /// `multi` false: X and C, for problems without needs_multiplicities() (0:1 items become
  /// secondary); true: Algorithm M with every bound as given.
  Dlx(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution,
      Control& control, bool multi);
  ~Dlx() override;

  std::unique_ptr<SearchEngine> clone() const override;
  void run(const Work& w, Worker& worker) override;
  bool donate(Work& w) override;
  double done() const override;
  /// Chooses option o at the current position, as the search would (no hooks, no statistics);
  /// o = -1 (multiplicities): the branch that gives the chosen item no more options.
  void push(int o);
  /// Takes back the last push.
  void pop();

  /// From now on run() counts with a memo table of at most `bytes` (one thread, no donation,
  /// no solution reports: the count is memo_count()). `problem` is the one the engine was made of.
  void enable_memo(const ExactCover& problem, std::size_t bytes);
  /// The solutions counted by memoised runs.
  BigCount memo_count() const;
  MemoStats memo_stats() const;

  /// Empty when every list is consistent (links agree both ways, lengths match the lists,
  /// each node on the list of its item); otherwise the first inconsistency found.
  std::string sanity_check() const;
  /// Keeps the count of empty lists that lets the MRV scan stop early whatever the problem's
  /// shape (X without colours only; the constructor decides by the shape otherwise). For tests:
  /// the choices, and so the nodes, must be the same either way.
  void track_empty_lists();
  /// The whole link structure, so tests can check a search restores it exactly.
  const std::vector<Node>& nodes() const { return nd_; }
  const std::vector<Item>& items() const { return cl_; }

 private:
  enum class Phase { forward, advance, backup, recover, done };

  // The list operations of Algorithm C (primed versions: they respect colours). With
  // Colours false they are Algorithm X's, for problems without colours: no node is ever
  // purified there, and the colour tests left out save 17-19% of the instructions (queens-13).
  // Empties: hide and cover keep empty_items_ (the loop of X when track_empty_).
  template <bool Colours = true, bool Empties = false>
  void hide(std::int32_t p);
  template <bool Colours = true>
  void unhide(std::int32_t p);
  template <bool Colours = true, bool Empties = false>
  void cover(std::int32_t i);
  template <bool Colours = true>
  void uncover(std::int32_t i);
  void purify(std::int32_t p);
  void unpurify(std::int32_t p);
  template <bool Colours, bool Empties = false>
  void commit(std::int32_t p, std::int32_t j);
  template <bool Colours>
  void uncommit(std::int32_t p, std::int32_t j);
  /// Covers / purifies every item of x's option except x's own (already covered); with
  /// Multi, primary items take one of their bound. Returns the option's id (from the spacer
  /// after it, which the walk round the option passes: no array of options by node).
  template <bool Multi, bool Colours = true, bool Empties = false>
  std::int32_t commit_others(std::int32_t x);
  template <bool Multi, bool Colours = true>
  void uncommit_others(std::int32_t x);
  /// Takes an item out of its ring / puts it back (cover and uncover do it too).
  void deactivate(std::int32_t i);
  void reactivate(std::int32_t i);
  /// The open primary item to branch on (0 when none is open).
  std::int32_t choose() const;
  /// Covers the item level l branches on and notes empty_items_ after it.
  template <bool Colours, bool Empties>
  void cover_level(std::size_t l, std::int32_t i);
  /// Sets empty_items_ back after the level's option is taken back (covered: item still
  /// covered) or the level's item uncovered. (Under MRV an item is chosen with options only
  /// when no open item is empty: then there were none before its cover; an empty item chosen
  /// has no options, its cover hides nothing.)
  void restore_empty(std::size_t l, bool covered) {
    if (covered) empty_items_ = empty_after_cover_[l];
    else empty_items_ = node(item_[l]).top == 0 ? empty_after_cover_[l] + 1 : 0;
  }
  /// Counts empty_items_ afresh (push and resume, which do not keep it).
  void recount_empty();
  /// Every primary item covered: report the solution (C2, M2); false: stop.
  bool solution();
  /// Alternatives of level l from node x on (up to the level's limit; for Algorithm M the
  /// "no more options" branch counts as one when the limit is the end, 0).
  std::int32_t count_from(int l, std::int32_t x) const;
  /// Node x of a level's list comes before the level's limit. A list is in node order, and a
  /// walk along it may skip nodes that deeper levels have hidden (M: the item stays open), the
  /// limit among them: compare positions, not nodes.
  bool before_limit(std::int32_t x, std::int32_t limit) const {
    return limit <= n_items_ || x < limit;
  }
  /// The first alternative of level l: its item's first node when the level began (the list
  /// of a covered item does not change; M tweaks nodes off but keeps their links), unless
  /// the run resumed that level at another node.
  std::int32_t first_of(int l) const {
    if (l == base_ && resumed_from_) return resumed_from_;
    return multi_ ? first_tweak_[l] : node(item_[std::size_t(l)]).down;
  }
  /// Opens level level_ as a donor did and resumes it at node `from` up to `to` (Work::tail).
  void resume(std::int32_t from, std::int32_t to);

  // The search phases of X and C; each returns the next phase (Colours, Empties: as for hide).
  template <bool Colours, bool Empties>
  void loop(Phase phase);
  template <bool Colours, bool Empties>
  Phase forward();  // C2-C4: solution? else choose an item, cover it
  template <bool Colours, bool Empties>
  Phase advance();  // C5: try the next option of the level's item
  Phase backup();   // C8: back to the level above
  template <bool Colours, bool Empties>
  Phase recover();  // C6: take the level's option back

  // Algorithm M (dlx_multi.cpp): its own versions of the phases and list operations.
  Phase branch_multi();   // M3-M4: choose an item, use one of its bound
  Phase advance_multi();  // M5-M6: the next option (tweaked), or no more options
  Phase recover_multi();  // M7: take the level's option back
  Phase restore_multi();  // M8: give the level's item its list and bound back
  void unbranch_multi(std::size_t l);
  std::int32_t choose_multi(std::int32_t& degree) const;
  void tweak(std::int32_t x, bool hide_option);
  void untweak(std::int32_t first, std::int32_t i, bool unhide_options);
  /// Chooses item i's branch x (a node, or i: no more options) at level l as the search
  /// does, the earlier branches of the level tweaked off (push, resume).
  void branch_to_multi(std::size_t l, std::int32_t x);
  void push_multi(int o);
  void pop_multi();
  void resume_multi(std::int32_t from, std::int32_t to);

  // Memoised counting (dlx_memo.cpp).
  bool memo_lookup();    // at a node: true when its count came from the table
  void memo_leave();     // the node's subtree is done: store its count
  void memo_solution();  // the node is a solution
  void memo_key(std::uint64_t* key) const;

  // The structure's indices are int32 (as in Knuth's arrays): these read its vectors by them.
  Node& node(std::int32_t p) { return nd_[std::size_t(p)]; }
  const Node& node(std::int32_t p) const { return nd_[std::size_t(p)]; }
  Item& link(std::int32_t i) { return cl_[std::size_t(i)]; }
  const Item& link(std::int32_t i) const { return cl_[std::size_t(i)]; }

  std::vector<Node> nd_;
  std::vector<Item> cl_;
  std::vector<std::int32_t> option_node_;  // first node of each option
  std::int32_t n_items_ = 0;               // N
  std::int32_t n_primary_ = 0;             // primary items are 1 .. n_primary_
  // Open primary items with an empty list, kept when track_empty_ (choose: while it is 0 the
  // MRV scan stops at the first item of length 1). hide counts the lists it empties and cover
  // the empty item it takes out; unhide does not look (the hotter loop): backtracking sets the
  // count back from empty_after_cover_ (restore_empty).
  std::int32_t empty_items_ = 0;
  // MRV, X without colours, and many primary items for the work of a cover (constructor):
  // the scan it saves is longer than what counting costs hide.
  bool track_empty_ = false;
  ItemChoice item_choice_ = ItemChoice::mrv;
  bool colours_ = true;                      // some option gives a colour (else X's loop runs)
  IndexVector<std::int32_t> bound_, slack_;  // per item (M): options it may still take, hi - lo
  IndexVector<std::int32_t> item_colour_;    // per secondary item: the colour fixed on it (0: none)

  // The search state: level l has chosen node choice_[l] in the list of item item_[l]; its
  // alternatives run from first_of(l) up to (not including) limit_[l]: the item's header
  // (M: 0, the end, after the "no more options" branch), unless a donation cut the range.
  // (Only the limit is stored per level: three more stores per node cost 5% on sudoku with
  // the first-item rule.)
  std::vector<std::int32_t> choice_, limit_;     // (item_, chosen_: LevelStack)
  std::vector<std::int32_t> empty_after_cover_;  // empty_items_ after level l covered its item
  std::int32_t resumed_from_ = 0;  // the first node of the base level of a resumed run (0: none)
  // M: the first node tweaked at level l, and the number of branches there (for choose).
  IndexVector<std::int32_t> first_tweak_, degree_;
  std::vector<std::int32_t> watched_;  // first-item rule: the scarce items (scarce.hpp), internal

  // Memoised counting: the key layout, the table, one count being summed per level.
  struct Memo;
  std::shared_ptr<Memo> memo_;  // null unless enable_memo() (never shared: clone() refuses)
};

}  // namespace solve::detail::cover
