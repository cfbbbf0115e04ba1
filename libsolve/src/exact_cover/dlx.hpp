#pragma once
// Dancing links, Knuth's way (TAOCP 7.2.2.1, Algorithms X and C; his programs dlx1/dlx2):
// flat arrays with int32 links, one 16-byte node per (option, item) pair, spacer nodes between
// options, and an explicit search loop in four phases -- forward, advance, backup, recover --
// over a stack of chosen nodes instead of recursion.
//
// Layout. Items are numbered 1..N inside (primary ones first, in id order, then secondary);
// nd_[i] is the header of item i and its `top` field holds the list length. After the
// headers come the options, each followed by a spacer whose `top` is <= 0, `up` points to the
// first node of the option before it and `down` to the last node of the option after it, so
// an option can be walked round without links of its own. cl_ links the open primary items
// into a ring headed by 0 (and the secondary ones into a ring headed by N + 1).
// Colours: `colour` > 0 on a node gives its secondary item that colour; a node whose option
// already agrees with the colour fixed for its item is marked -1 (purified) instead of hidden.
#include <cstdint>
#include <string>
#include <vector>

#include "exact_cover/engine.hpp"
#include "solve/exact_cover.hpp"

namespace solve::detail::cover {

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

  Dlx(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution, Control& control);

  std::unique_ptr<SearchEngine> clone() const override;
  void run(const Work& w, Worker& worker) override;
  bool donate(Work& w) override;
  double done() const override;
  /// Chooses option o at the current position, as the search would (no hooks, no statistics).
  void push(int o);
  /// Takes back the last push.
  void pop();

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
  /// Covers / purifies every item of x's option except x's own (already covered).
  void commit_others(std::int32_t x);
  void uncommit_others(std::int32_t x);
  /// The open primary item to branch on (0 when none is open).
  std::int32_t choose() const;
  /// Counts one node and polls the worker when due; false when the search must stop.
  bool count_node();
  /// Alternatives of level l from node x on (up to the level's limit).
  std::int32_t count_from(int l, std::int32_t x) const;
  /// The first alternative of level l: its item's first node (the list of a covered item
  /// does not change), unless the run resumed that level at another node.
  std::int32_t first_of(int l) const {
    return l == base_ && resumed_from_ ? resumed_from_ : nd_[std::size_t(item_[std::size_t(l)])].down;
  }

  // The search phases; each returns the next phase.
  Phase forward();   // C2-C4: solution? else choose an item, cover it
  Phase advance();   // C5: try the next option of the level's item
  Phase backup();    // C8: back to the level above
  Phase recover();   // C6: take the level's option back

  std::vector<Node> nd_;
  std::vector<Item> cl_;
  std::vector<std::int32_t> option_of_;    // option id of each node (-1 headers, spacers)
  std::vector<std::int32_t> option_node_;  // first node of each option
  std::int32_t n_items_ = 0;               // N
  ItemChoice item_choice_ = ItemChoice::mrv;
  bool tracing_ = false;
  bool pruning_ = false;

  // The search state: level l has chosen node choice_[l] in the list of item item_[l]; its
  // alternatives run from first_of(l) up to (not including) limit_[l]: the item's header,
  // unless a donation cut the range. (Only the limit is stored per level: three more stores
  // per node cost 5% on sudoku with the first-item rule.)
  std::vector<std::int32_t> choice_, item_, chosen_, limit_;
  std::int32_t resumed_from_ = 0;  // the first node of the base level of a resumed run (0: none)
  int level_ = 0;   // number of options chosen (pushed ones included)
  int base_ = 0;    // level where the current run started
  bool stopping_ = false;
  std::uint64_t since_poll_ = 0, budget_ = 0, polled_solutions_ = 0;
  Worker* worker_ = nullptr;
  std::vector<int> item_id_;  // internal item number -> problem item id
};

}  // namespace solve::detail::cover
