// Dancing links: building the structure, the list operations and the search loop
// (see dlx.hpp for the layout).
#include "exact_cover/dlx.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "exact_cover/memo_table.hpp"
#include "exact_cover/scarce.hpp"
#include "exact_cover/shape.hpp"

namespace solve::detail::cover {

Dlx::Dlx(const ExactCover& problem, const CoverOptions& opt, const CoverCallback& on_solution,
         Control& control)
    : Dlx(problem, opt, on_solution, control, problem.has_multiplicities()) {}

Dlx::Dlx(const ExactCover& problem, const CoverOptions& opt, const CoverCallback& on_solution,
         Control& control, bool multi)
    : LevelStack(opt, on_solution, control) {
  multi_ = multi;
  item_choice_ = opt.item_choice;
  tracing_ = bool(opt.trace);
  pruning_ = bool(opt.prune);
  colours_ = problem.has_colours();
  if (!multi && needs_multiplicities(problem))
    throw std::logic_error("Dlx: this problem needs Algorithm M");

  // Internal numbers 1 .. n, primary items first (so the ring of open items is in id order).
  const int n = problem.num_items();
  n_items_ = n;
  const std::size_t slots = std::size_t(n) + 2;  // items 1 .. n and the two ring heads
  const std::vector<std::int32_t> internal = number_items(problem, 1, slots, n_primary_);
  const std::int32_t n1 = n_primary_;

  // Two rings: 0 -> 1 .. n1 (primary), n+1 -> n1+1 .. n (secondary).
  cl_.assign(slots, Item{0, 0});
  auto ring = [&](std::int32_t head, std::int32_t lo, std::int32_t hi) {
    std::int32_t prev = head;
    for (std::int32_t i = lo; i <= hi; ++i) {
      link(prev).next = i;
      link(i).prev = prev;
      prev = i;
    }
    link(prev).next = head;
    link(head).prev = prev;
  };
  ring(0, 1, n1);
  ring(n + 1, n1 + 1, n);
  item_colour_.assign(slots, 0);

  // Exactly: a header per item, the first spacer, and per option its nodes and a spacer (a
  // vector that doubles holds its old and its new array at once: 17.5 M options of three items
  // took 1.9 GB, issue 22).
  std::size_t entries = 0;
  for (int o = 0; o < problem.num_options(); ++o) entries += problem.option(o).size();
  nd_.reserve(slots + entries + std::size_t(problem.num_options()));
  option_node_.reserve(std::size_t(problem.num_options()));
  for (std::int32_t i = 0; i <= n; ++i) nd_.push_back({i, i, 0, 0});
  nd_.push_back({0, 0, 0, 0});  // the first spacer
  std::int32_t spacer = n + 1;
  for (int o = 0; o < problem.num_options(); ++o) {
    const auto first = std::int32_t(nd_.size());
    option_node_.push_back(first);
    for (const ItemColour& ic : problem.option(o)) {
      const std::int32_t i = internal[std::size_t(ic.item)];
      const auto x = std::int32_t(nd_.size());
      nd_.push_back({node(i).up, i, i, ic.colour});
      node(node(i).up).down = x;
      node(i).up = x;
      ++node(i).top;
    }
    node(spacer).down = std::int32_t(nd_.size()) - 1;
    spacer = std::int32_t(nd_.size());
    nd_.push_back({first, 0, -(o + 1), 0});
  }

  // Every choice of X and C covers a primary item, so there are at most n1 levels. A level of
  // M takes one of the bound of its item, or closes the item: at most min(hi, options) + 1 each.
  std::size_t levels = std::size_t(n1) + 1;
  if (multi) {
    bound_.assign(slots, 0);
    slack_ = bound_;
    for (std::int32_t i = 1; i <= n1; ++i) {
      const ItemBounds b = problem.bounds(item_id_[std::size_t(i)]);
      bound_[i] = b.hi;
      slack_[i] = b.hi - b.lo;
      levels += std::size_t(std::min(b.hi, node(i).top));
    }
    first_tweak_.assign(levels, 0);
    degree_ = first_tweak_;
  }
  choice_.assign(levels, 0);
  item_ = limit_ = chosen_ = empty_after_cover_ = choice_;
  // Counting empty lists costs hide a test per update and each node a few stores, and saves
  // choose the part of its scan after the first item of length 1. A cover hides about (list
  // length) x (option size - 1) nodes; the scan is up to n1 items. Measured (callgrind,
  // --engine dlx --choice mrv, instructions of the whole run): sudoku-ai-escargot (324
  // items, ~27 nodes a cover) 4.65 M -> 3.51 M; counting on queens-12 (24 items, ~26) +9 %,
  // on pentomino-3x20 (72, ~100s) +5 %, on domino-8x8 (64 items, ~4; first 10^6 nodes) +6.6 %:
  // there the scan is short, and those do not count.
  const double option_size =
      problem.num_options() ? double(nd_.size() - slots) / problem.num_options() - 1 : 0;
  const double list_length =
      n ? double(nd_.size() - slots - std::size_t(problem.num_options())) / n : 0;
  track_empty_ = !multi && !colours_ && item_choice_ != ItemChoice::first && n1 >= 200 &&
                 n1 > 4 * list_length * (option_size - 1);
  if (track_empty_) recount_empty();
  if (!multi && item_choice_ == ItemChoice::first && opt.scarce_lookahead)
    for (const int i : scarce_items(problem)) watched_.push_back(internal[std::size_t(i)]);
}

Dlx::~Dlx() = default;

std::unique_ptr<SearchEngine> Dlx::clone() const {
  if (memo_) throw std::logic_error("Dlx: a memoising engine is not cloned (it runs alone)");
  auto e = std::make_unique<Dlx>(*this);
  e->stats_ = {};
  return e;
}

// ---- list operations (Algorithm C) ----

namespace {

// Algorithm X's list operations inlined for the problems that keep the count of empty lists
// (many primary items, short lists: a sudoku; see the constructor). There a cover hides about
// one option (sudoku-ai-escargot: 5 512 covers, 17 571 updates), so the calls per item of the
// option taken and their register saves were a good part of the work. No colours: every node
// of a hidden option other than p lies on the list of an open item (covering an item hides
// all its options), so each one is unlinked and counted. The updates are summed in a register
// and returned for one add to the statistics per option taken. On the other shapes the calls
// stay: inlined there too, queens-12 took 4.4 % fewer instructions and pentomino-3x20 2.4 %,
// but domino-8x8 (options of two items) 1.9 % more.
using Node = Dlx::Node;
using Item = Dlx::Item;

[[gnu::always_inline]] inline std::uint64_t hide_x(Node* nd, std::int32_t p, std::int32_t& empty,
                                                   std::int32_t n_primary) {
  std::uint64_t updates = 0;
  for (std::int32_t q = p + 1; q != p;) {
    const Node& n = nd[q];
    if (n.top <= 0) {
      q = n.up;  // a spacer: back to the first node of this option
      continue;
    }
    nd[n.up].down = n.down;
    nd[n.down].up = n.up;
    if (--nd[n.top].top == 0) empty += n.top <= n_primary;  // as Dlx::hide
    ++updates;
    ++q;
  }
  return updates;
}

[[gnu::always_inline]] inline void unhide_x(Node* nd, std::int32_t p) {
  for (std::int32_t q = p - 1; q != p;) {
    const Node& n = nd[q];
    if (n.top <= 0) {
      q = n.down;  // a spacer: on to the last node of this option
      continue;
    }
    nd[n.up].down = q;
    nd[n.down].up = q;
    ++nd[n.top].top;
    --q;
  }
}

// Dlx::cover<false, true> and Dlx::uncover<false>.
[[gnu::always_inline]] inline std::uint64_t cover_x(Node* nd, Item* cl, std::int32_t i,
                                                    std::int32_t& empty, std::int32_t n_primary) {
  std::uint64_t updates = 0;
  for (std::int32_t p = nd[i].down; p != i; p = nd[p].down)
    updates += hide_x(nd, p, empty, n_primary);
  const Item c = cl[i];
  cl[c.prev].next = c.next;
  cl[c.next].prev = c.prev;
  if (nd[i].top == 0) empty -= i <= n_primary;  // as Dlx::cover
  return updates;
}

[[gnu::always_inline]] inline void uncover_x(Node* nd, Item* cl, std::int32_t i) {
  const Item c = cl[i];
  cl[c.prev].next = i;
  cl[c.next].prev = i;
  for (std::int32_t p = nd[i].up; p != i; p = nd[p].up) unhide_x(nd, p);
}

// Dlx::commit_others<false, false, true> and Dlx::uncommit_others<false, false>: covers (takes
// back) every item of x's option but x's own; adds the updates to `updates` and returns the
// option's id, read off the spacer the walk passes (as Dlx::commit_others).
std::int32_t commit_x(Node* nd, Item* cl, std::int32_t x, std::int32_t& empty,
                      std::int32_t n_primary, std::uint64_t& total) {
  std::int32_t option = -1;
  std::uint64_t updates = 0;
  for (std::int32_t p = x + 1; p != x;) {
    const std::int32_t j = nd[p].top;
    if (j <= 0) {
      option = -j - 1;
      p = nd[p].up;
      continue;
    }
    updates += cover_x(nd, cl, j, empty, n_primary);
    ++p;
  }
  total += updates;
  return option;
}

void uncommit_x(Node* nd, Item* cl, std::int32_t x) {
  for (std::int32_t p = x - 1; p != x;) {
    const std::int32_t j = nd[p].top;
    if (j <= 0) {
      p = nd[p].down;
      continue;
    }
    uncover_x(nd, cl, j);
    --p;
  }
}

}  // namespace

template <bool Colours, bool Empties>
void Dlx::hide(std::int32_t p) {
  for (std::int32_t q = p + 1; q != p;) {
    Node& n = node(q);
    if (n.top <= 0) {
      q = n.up;  // a spacer: back to the first node of this option
    } else {
      if (!Colours || n.colour >= 0) {  // purified nodes stay: their option agrees with the colour
        node(n.up).down = n.down;
        node(n.down).up = n.up;
        // The items of an option still on a list are open (covering one hides the option).
        const std::int32_t left = --node(n.top).top;
        if (Empties && left == 0) empty_items_ += n.top <= n_primary_;
        ++stats_.updates;
      }
      ++q;
    }
  }
}

template <bool Colours>
void Dlx::unhide(std::int32_t p) {
  for (std::int32_t q = p - 1; q != p;) {
    Node& n = node(q);
    if (n.top <= 0) {
      q = n.down;  // a spacer: on to the last node of this option
    } else {
      if (!Colours || n.colour >= 0) {
        node(n.up).down = q;
        node(n.down).up = q;
        ++node(n.top).top;
      }
      --q;
    }
  }
}

// Takes item i out of its ring (Algorithm M alone does this without covering it: an item that
// takes no more options, every option of its list tweaked off already).
void Dlx::deactivate(std::int32_t i) {
  const Item c = link(i);
  link(c.prev).next = c.next;
  link(c.next).prev = c.prev;
}

void Dlx::reactivate(std::int32_t i) {
  const Item c = link(i);
  link(c.prev).next = i;
  link(c.next).prev = i;
}

template <bool Colours, bool Empties>
void Dlx::cover(std::int32_t i) {
  for (std::int32_t p = node(i).down; p != i; p = node(p).down) hide<Colours, Empties>(p);
  deactivate(i);
  // An empty list here: MRV chose a dead end, or the option taken emptied the list of one of
  // its other items (hiding its own nodes from them), which then cannot be covered twice.
  if (Empties && node(i).top == 0) empty_items_ -= i <= n_primary_;
}

template <bool Colours, bool Empties>
void Dlx::cover_level(std::size_t l, std::int32_t i) {
  if constexpr (!Colours && Empties)
    stats_.updates += cover_x(nd_.data(), cl_.data(), i, empty_items_, n_primary_);
  else cover<Colours, Empties>(i);
  if (Empties) empty_after_cover_[l] = empty_items_;
}

void Dlx::track_empty_lists() {
  if (multi_ || colours_ || item_choice_ == ItemChoice::first || level_ != 0) return;
  track_empty_ = true;
  recount_empty();
}

void Dlx::recount_empty() {
  empty_items_ = 0;
  for (std::int32_t i = cl_[0].next; i != 0; i = link(i).next) empty_items_ += node(i).top == 0;
}

template <bool Colours>
void Dlx::uncover(std::int32_t i) {
  reactivate(i);
  for (std::int32_t p = node(i).up; p != i; p = node(p).up) unhide<Colours>(p);
}

template void Dlx::hide<true>(std::int32_t);
template void Dlx::unhide<true>(std::int32_t);
template void Dlx::cover<true>(std::int32_t);
template void Dlx::uncover<true>(std::int32_t);

void Dlx::purify(std::int32_t p) {
  const std::int32_t c = node(p).colour, i = node(p).top;
  item_colour_[i] = c;
  for (std::int32_t q = node(i).down; q != i; q = node(q).down) {
    if (node(q).colour == c) node(q).colour = -1;
    else hide(q);
  }
}

void Dlx::unpurify(std::int32_t p) {
  const std::int32_t c = node(p).colour, i = node(p).top;
  item_colour_[i] = 0;
  for (std::int32_t q = node(i).up; q != i; q = node(q).up) {
    if (node(q).colour < 0) node(q).colour = c;
    else unhide(q);
  }
}

// A node with colour -1 belongs to an item whose colour is already fixed the same way:
// nothing to do for it.
template <bool Colours, bool Empties>
void Dlx::commit(std::int32_t p, std::int32_t j) {
  if (!Colours) return cover<false, Empties>(j);
  const std::int32_t c = node(p).colour;
  if (c == 0) cover(j);
  else if (c > 0) purify(p);
}

template <bool Colours>
void Dlx::uncommit(std::int32_t p, std::int32_t j) {
  if (!Colours) return uncover<false>(j);
  const std::int32_t c = node(p).colour;
  if (c == 0) uncover(j);
  else if (c > 0) unpurify(p);
}

// With Multi (Algorithm M) a primary item of the option takes one of its bound instead, and
// is covered when none is left.
template <bool Multi, bool Colours, bool Empties>
std::int32_t Dlx::commit_others(std::int32_t x) {
  std::int32_t option = -1;
  for (std::int32_t p = x + 1; p != x;) {
    const std::int32_t j = node(p).top;
    if (j <= 0) {  // the spacer after the option: its top is -(option + 1)
      option = -j - 1;
      p = node(p).up;
      continue;
    }
    if (!Multi || j > n_primary_) commit<Colours, Empties>(p, j);
    else if (--bound_[j] == 0) cover(j);
    ++p;
  }
  return option;
}

template <bool Multi, bool Colours>
void Dlx::uncommit_others(std::int32_t x) {
  for (std::int32_t p = x - 1; p != x;) {
    const std::int32_t j = node(p).top;
    if (j <= 0) {
      p = node(p).down;
      continue;
    }
    if (!Multi || j > n_primary_) uncommit<Colours>(p, j);
    else if (bound_[j]++ == 0) uncover(j);
    --p;
  }
}

template std::int32_t Dlx::commit_others<true, true>(std::int32_t);
template void Dlx::uncommit_others<true, true>(std::int32_t);

std::int32_t Dlx::choose() const {
  if (item_choice_ == ItemChoice::first) {
    // A scarce open item without options ends the node (scarce.hpp): branch on it. An item
    // is open while the item before it in the ring still links to it.
    for (const std::int32_t i : watched_)
      if (node(i).top == 0 && link(link(i).prev).next == i) return i;
    return cl_[0].next;
  }
  // The open item with the fewest options, the first in the ring (lowest id) among equals. No
  // list is shorter than 0, and none shorter than 1 while no open item is empty: the scan stops
  // there with the item a full scan would choose (the ring is in id order). Stopping at 1 with
  // an empty item further on would branch where the full scan finds a dead end: other node
  // counts. (sudoku-ai-escargot: the full scan was 1.56 M of the run's 4.65 M instructions.)
  const std::int32_t shortest = track_empty_ && empty_items_ == 0 ? 1 : 0;
  std::int32_t best = 0, best_len = std::numeric_limits<std::int32_t>::max();
  for (std::int32_t i = cl_[0].next; i != 0; i = link(i).next) {
    const std::int32_t len = node(i).top;
    if (len < best_len) {
      best = i;
      best_len = len;
      if (len <= shortest) break;
    }
  }
  return best;
}

// ---- the search loop ----

bool Dlx::solution() {
  if (memo_) {
    memo_solution();
    return true;
  }
  if (tracing_) opt_->trace({CoverTraceEvent::Kind::solution, level_, -1, -1});
  return report(chosen_options());
}

template <bool Colours, bool Empties>
Dlx::Phase Dlx::forward() {
  const auto l = std::size_t(level_);
  if (cl_[0].next == 0) {  // every primary item covered
    if (!solution()) stopping_ = true;
    return Phase::backup;
  }
  if (memo_ && memo_lookup()) return Phase::backup;
  if (multi_) return branch_multi();
  const std::int32_t i = choose();
  cover_level<Colours, Empties>(l, i);
  item_[l] = i;
  choice_[l] = node(i).down;
  limit_[l] = i;
  return Phase::advance;
}

template <bool Colours, bool Empties>
Dlx::Phase Dlx::advance() {
  const auto l = std::size_t(level_);
  const std::int32_t x = choice_[l], i = item_[l];
  if (x == limit_[l] || stopping_ || !count_node()) {  // C7: no option left for i
    if constexpr (!Colours && Empties) uncover_x(nd_.data(), cl_.data(), i);
    else uncover<Colours>(i);
    if (Empties) restore_empty(l, false);
    if (memo_) memo_leave();
    return Phase::backup;
  }
  if constexpr (!Colours && Empties)
    chosen_[l] = commit_x(nd_.data(), cl_.data(), x, empty_items_, n_primary_, stats_.updates);
  else chosen_[l] = commit_others<false, Colours, Empties>(x);
  ++level_;
  if (std::uint32_t(level_) > stats_.max_depth) stats_.max_depth = std::uint32_t(level_);
  if (tracing_) trace(CoverTraceEvent::Kind::choose, l);
  if (pruning_ && !opt_->prune(std::span<const int>(chosen_).first(std::size_t(level_)))) {
    --level_;
    return Phase::recover;
  }
  return Phase::forward;
}

Dlx::Phase Dlx::backup() {
  if (level_ == base_) return Phase::done;
  --level_;
  return Phase::recover;
}

template <bool Colours, bool Empties>
Dlx::Phase Dlx::recover() {
  const auto l = std::size_t(level_);
  const std::int32_t x = choice_[l];
  if (tracing_) trace(CoverTraceEvent::Kind::backtrack, l);
  if constexpr (!Colours && Empties) uncommit_x(nd_.data(), cl_.data(), x);
  else uncommit_others<false, Colours>(x);
  if (Empties) restore_empty(l, true);
  choice_[l] = node(x).down;
  return Phase::advance;
}

void Dlx::run(const Work& w, Worker& worker) {
  for (int o : w.path) push(o);
  resumed_from_ = 0;
  Phase phase = Phase::forward;
  if (!start_run(worker)) {
    phase = Phase::done;
  } else if (!w.tail.empty()) {
    resume(w.tail[0], w.tail[1]);
    phase = Phase::advance;
  }
  // Algorithm M and colours take the general list operations; X on a problem without colours
  // its own copy of the loop, without the colour tests.
  if (colours_ || multi_) loop<true, false>(phase);
  else if (track_empty_) loop<false, true>(phase);
  else loop<false, false>(phase);
  for (std::size_t k = w.path.size(); k-- > 0;) pop();
}

template <bool Colours, bool Empties>
void Dlx::loop(Phase phase) {
  while (phase != Phase::done) {
    switch (phase) {
      case Phase::forward: phase = forward<Colours, Empties>(); break;
      case Phase::advance: phase = multi_ ? advance_multi() : advance<Colours, Empties>(); break;
      case Phase::backup: phase = backup(); break;
      case Phase::recover: phase = multi_ ? recover_multi() : recover<Colours, Empties>(); break;
      case Phase::done: break;
    }
  }
}

// Resume a level cut by a donation: the same item the donor branched on (the position is the
// same), its alternatives from node `from` up to `to`. Its choice was counted there.
void Dlx::resume(std::int32_t from, std::int32_t to) {
  const std::uint64_t updates = stats_.updates;
  if (multi_) {
    resume_multi(from, to);
  } else {
    const auto l = std::size_t(level_);
    const std::int32_t i = choose();
    if (i == 0 || node(from).top != i) throw std::logic_error("Dlx::run: work does not fit");
    cover(i);
    item_[l] = i;
    choice_[l] = from;
    if (track_empty_) {
      recount_empty();
      empty_after_cover_[l] = empty_items_;
    }
    limit_[l] = to;
  }
  resumed_from_ = from;
  stats_.updates = updates;
}

std::int32_t Dlx::count_from(int l, std::int32_t x) const {
  const std::int32_t i = item_[std::size_t(l)], limit = limit_[std::size_t(l)];
  std::int32_t n = 0;
  for (; x != i && before_limit(x, limit); x = node(x).down) ++n;
  return n + (x == i && limit == 0);  // M: the "no more options" branch
}

bool Dlx::donate(Work& w) {
  if (memo_) return false;  // one worker counts it all (the memo is not shared)
  // Levels base_ .. level_ are open (level_: the option being taken now); level k has tried
  // its options up to choice_[k], the rest are untried. (With Algorithm M the list of an item
  // that stays open may have lost nodes to the levels below: they are skipped in the counts,
  // which are then estimates, but every node reached lies in the level's list, in order, and
  // limits are compared by position: the two ranges still partition the level's alternatives.)
  double weight = 1;
  for (int k = base_; k <= level_; ++k) {
    const auto l = std::size_t(k);
    const std::int32_t x = choice_[l], i = item_[l];
    const std::int32_t untried = x == i ? 0 : count_from(k, node(x).down);  // M: last branch
    const std::int32_t size = std::max(1, count_from(k, first_of(k)));
    if (untried == 0) {
      weight /= size;
      continue;
    }
    // Keep the first half (rounded down), give the rest.
    std::int32_t mid = node(x).down;
    for (std::int32_t j = 0; j < untried / 2; ++j) mid = node(mid).down;
    const std::int32_t given = untried - untried / 2;
    w.path.assign(chosen_.begin(), chosen_.begin() + k);
    w.tail = {mid, limit_[l]};
    w.weight = weight * given / size;
    limit_[l] = mid;
    return true;
  }
  return false;
}

void Dlx::push(int o) {
  if (multi_) return push_multi(o);
  const std::uint64_t updates = stats_.updates;
  const std::int32_t i = choose();
  std::int32_t x = option_node_.at(std::size_t(o));
  while (node(x).top > 0 && node(x).top != i) ++x;
  if (i == 0 || node(x).top != i) throw std::logic_error("Dlx::push: option does not fit");
  const auto l = std::size_t(level_++);
  cover(i);
  if (track_empty_) {
    recount_empty();
    empty_after_cover_[l] = empty_items_;
  }
  commit_others<false>(x);
  if (track_empty_) recount_empty();
  item_[l] = i;
  choice_[l] = x;
  chosen_[l] = o;
  stats_.updates = updates;
}

void Dlx::pop() {
  if (multi_) return pop_multi();
  const auto l = std::size_t(--level_);
  uncommit_others<false>(choice_[l]);
  uncover(item_[l]);
  if (track_empty_) restore_empty(l, false);
}

double Dlx::done() const {
  // Knuth's estimate: level k has tried alternative j of its m, each weighing 1/m of the level
  // above. (Algorithm M: tweaked nodes keep their links, so the walk from the level's first
  // node still passes every alternative tried.)
  double done = 0, weight = 1;
  for (int k = base_; k <= level_ && k < int(choice_.size()); ++k) {
    const auto l = std::size_t(k);
    const std::int32_t first = first_of(k), size = count_from(k, first), i = item_[l];
    if (size <= 0) break;
    std::int32_t pos = 0;
    for (std::int32_t p = first; p != i && p != choice_[l] && before_limit(p, limit_[l]);
         p = node(p).down)
      ++pos;
    weight /= size;
    done += std::min(pos, size - 1) * weight;
  }
  return done;
}

std::string Dlx::sanity_check() const {
  const auto at = [](std::int32_t x) { return std::to_string(x); };
  for (std::int32_t head : {std::int32_t(0), n_items_ + 1}) {
    for (std::int32_t i = link(head).next; i != head; i = link(i).next) {
      if (link(link(i).next).prev != i) return "item ring broken after " + at(i);
      std::int32_t len = 0;
      for (std::int32_t p = node(i).down; p != i; p = node(p).down) {
        if (p <= n_items_ || std::size_t(p) >= nd_.size())
          return "item " + at(i) + ": bad link " + at(p);
        if (node(node(p).down).up != p) return "node " + at(p) + ": down/up disagree";
        if (node(p).top != i) return "node " + at(p) + " on the list of item " + at(i);
        if (++len > node(i).top) break;
      }
      if (len != node(i).top)
        return "item " + at(i) + ": length " + at(node(i).top) + ", list has " + at(len);
    }
  }
  if (track_empty_) {  // the count choose relies on
    std::int32_t empty = 0;
    for (std::int32_t i = cl_[0].next; i != 0; i = link(i).next) empty += node(i).top == 0;
    if (empty != empty_items_)
      return "open empty items: " + at(empty) + ", counted " + at(empty_items_);
  }
  return {};
}

}  // namespace solve::detail::cover
