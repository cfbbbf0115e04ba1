#pragma once
// Sparse sets in the spirit of Knuth's "dancing cells" (his program ssxcc; TAOCP 7.2.2.3):
// Algorithms X and C, and M for multiplicities, with the search tree of dancing links (dlx.hpp).
//
// Layout. Items are numbered 0..N-1 inside (primary ones first, in id order, then secondary).
// set_ holds, for each item i, the nodes of its options in set_[start .. start + size): the
// first `size` of them are the options still active for i; the ones after were removed, the
// latest removed first. A node is one (option, item) pair; the nodes of an option lie next to
// each other in nd_ and end with a spacer (item < 0). nd_[x].loc is the place of node x in its
// item's set, so removing x is a swap with the last active node and end - 1 -- one *update*
// (the counterpart of dancing links' unlinking of one node). Undo restores sizes (ends) only:
// the removed nodes still sit right after the active ones, in removal order.
//
// Trail. Before an item's size changes for the first time since the last mark, (item, size)
// goes on the trail (an item's stamp tells whether it was saved already, or that the item is
// closed: one load and compare per node in the hot loop); taking a mark back
// restores those sizes, the count of open primary items, and the items closed since the mark.
// It also counts the updates (each size restored less the size it replaces): the hot loop
// keeps no count.
// Only open items are kept up to date: an item that is covered or purified keeps the set it
// had then (nothing reads it until it is open again, and then the set is right again).
//
// Item choice as dancing links', tie-breaks by id, so the trees and node counts are the same
// (the updates are fewer: with MRV an option's commit stops at a dead end, see commit_others):
// MRV scans the open primary items (a sparse set too, in any order) for (length, id); the
// first-item rule scans ids upward from the item of the level above (an item never reopens on
// the way down). Options are tried in set order (X, C; the order of the options is no part of
// the tree) or, at the levels of Algorithm M where it matters (each option tried is taken off
// the item for the later branches, and which ones are off shapes the subtrees), in option order.
//
// Work for other threads (Work::tail): {0, option ids...} for a level that runs through its
// set, {1, from, to} for an Algorithm M level: the options whose first node lies in
// [from, to), the "no more options" branch with key nd_.size() (set order is this engine's
// private history; option ids and node numbers are the same in every clone).
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "exact_cover/engine.hpp"
#include "exact_cover/index_vector.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

class Sparse final : public LevelStack {
 public:
  /// `multi`: Algorithm M with every bound as given (as Dlx); else X and C (0:1 items are
  /// secondary; the problem must not need multiplicities).
  Sparse(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution,
         Control& control, bool multi);

  std::unique_ptr<SearchEngine> clone() const override;
  void run(const Work& w, Worker& worker) override;
  bool donate(Work& w) override;
  double done() const override;

 private:
  // The two fields of the hot loop, 8 bytes a node; the colour and the option's first node
  // are read once per option hidden or swept (colour_, first_), not per update.
  struct Node {
    std::int32_t item;  ///< internal item, < 0 for a spacer
    std::int32_t loc;   ///< place in set_ (spacer: the first node of its option)
  };
  struct Item {
    std::int32_t start, end;  ///< set_[start .. end): active options
    std::uint32_t stamp;      ///< mark_stamp_ when the size was last saved; closed_stamp:
                              ///< covered, purified or closed (one load tells both)
    std::int32_t unused;
  };
  static constexpr std::uint32_t closed_stamp = 0xffffffffu;
  bool open(std::int32_t i) const { return items_[std::size_t(i)].stamp != closed_stamp; }
  struct Mark {
    std::uint32_t trail, closed;  // trail_.size(), closed_ count at the mark
    std::int32_t open_primary;    // open_primary_ at the mark
  };
  enum class Phase { forward, advance, backup, recover, done };

  // ---- set operations (sparse_ops in sparse.cpp) ----
  // Check: in the commit of option committed_ (X, C, MRV); sets dead_ (see commit_others).
  // Self: x's own item is open and loses x too; else it is the closed item being swept, and
  // its node is not visited (as Knuth's ssxcc: from x + 1 round to x - 1).
  template <bool Check, bool Self>
  void hide(std::int32_t x);   // x's option off the set of every open item
  void close(std::int32_t i);  // item i no longer open (no set changes)
  template <bool Check>
  void cover(std::int32_t i);  // close i, hide every option left in it
  template <bool Check>
  void purify(std::int32_t i, std::int32_t c);  // close i, hide its options of other colours
  bool in_committed(std::int32_t k) const;      // k is an item of committed_'s option
  /// Covers / purifies the other items of x's option; with Multi a primary item takes one of
  /// its bound instead, covered when none is left.
  template <bool Multi, bool Check>
  void commit_others(std::int32_t x);
  template <bool Multi>
  void uncommit_others(std::int32_t x);  // the bounds only: the trail does the rest
  Mark mark();
  void undo(const Mark& m);  // counts the updates taken back (all of them: see sparse.cpp)
  std::uint64_t removed_since(const Mark& m) const;  // updates since m, one mark ago at most
  void new_stamp();

  // ---- choice ----
  std::int32_t choose(std::size_t l) const;
  std::int32_t choose_multi(std::size_t l) const;
  std::int32_t first_open(std::size_t l) const;
  std::int32_t len(std::int32_t i) const {
    return items_[std::size_t(i)].end - items_[std::size_t(i)].start;
  }
  /// The active node of item i with the smallest key (first node) in [from, to); -1: none.
  std::int32_t next_in_order(std::int32_t i, std::int32_t from, std::int32_t to) const;
  /// The node of option o in item i; -1 when i is not in o.
  std::int32_t node_of(int o, std::int32_t i) const;

  // ---- search ----
  void enter(std::size_t l, std::int32_t i);  // opens level l on item i (M: uses one of its bound)
  Phase forward();
  Phase advance();
  Phase advance_multi();
  Phase recover();
  Phase leave();                             // the level's alternatives are done
  void take(std::size_t l, std::int32_t x);  // chooses node x (-2, M: no more options)
  void untake(std::size_t l);
  Phase descend(std::size_t l);
  void push(int o);
  void pop();
  void tweak_before(std::size_t l, std::int32_t to);
  void resume(const std::vector<std::int32_t>& tail);

  IndexVector<Node> nd_;
  IndexVector<std::int32_t>
      colour_;  // per node: 0 none, > 0 a colour (secondary items); empty: no colours
  IndexVector<std::int32_t> first_;  // per node: the first node of its option (spacer: -1)
  std::vector<std::int32_t> sweep_;  // purify: the options of other colours, then hidden
  IndexVector<Item> items_;
  IndexVector<std::int32_t> set_;
  IndexVector<std::int32_t> option_of_;              // option id of each node's option (-1: spacer)
  std::vector<std::int32_t> option_first_;           // first node of each option
  IndexVector<std::int32_t> primary_, primary_pos_;  // open primary items first (sparse set)
  std::int32_t open_primary_ = 0, n_primary_ = 0, n_items_ = 0;
  IndexVector<std::int32_t> bound_, slack_;  // M: per item, options it may still take, hi - lo

  // Trail: (item, size) pairs, and the items closed, newest last.
  std::vector<std::int32_t> trail_, closed_;
  std::uint32_t trail_top_ = 0, closed_top_ = 0;
  std::uint32_t mark_stamp_ = 1;

  // Per level l: the item; whether the level runs through the item's set (exact_: X, C, and
  // M when the item takes this one option more) or in option order (M); the alternative being
  // tried (exact: a place in set_; else a node, -2 for "no more options", -1 none yet); the
  // end of the alternatives (exact: a place in set_; else a key); the next key (from_); the
  // option chosen (-1: none); branches tried and the level's size (M, for done()); the marks
  // taken before the level's item was entered and before its option was taken.
  std::vector<std::int32_t> choice_, limit_, from_, tried_, size0_;  // (item_, chosen_: LevelStack)
  std::vector<std::uint8_t> exact_;
  std::vector<Mark> level_mark_, branch_mark_;
  std::vector<std::int32_t> scratch_;  // donate(): keys of a level's untried alternatives
  ItemChoice item_choice_ = ItemChoice::mrv;
  // The option being committed (a node), and whether its commit left an open primary item
  // outside it with no option: the child is a dead end (X, C; reset by descend, push).
  std::int32_t committed_ = 0;
  bool dead_ = false;
  std::vector<std::int32_t> watched_;  // first-item rule: the scarce items (scarce.hpp), internal
};

}  // namespace solve::detail::cover
