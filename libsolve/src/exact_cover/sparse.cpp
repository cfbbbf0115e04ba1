// The sparse-set engine: building the sets, the set operations with their trail, the item
// choice and the search loop (see sparse.hpp). Replaying paths and sharing work with other
// threads are in sparse_split.cpp.
#include "exact_cover/sparse.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "exact_cover/scarce.hpp"
#include "exact_cover/shape.hpp"

namespace solve::detail::cover {

Sparse::Sparse(const ExactCover& problem, const CoverOptions& opt, const CoverCallback& on_solution,
               Control& control, bool multi)
    : LevelStack(opt, on_solution, control), item_choice_(opt.item_choice) {
  multi_ = multi;
  tracing_ = bool(opt.trace);
  pruning_ = bool(opt.prune);
  if (!multi && needs_multiplicities(problem))
    throw std::logic_error("Sparse: this problem needs Algorithm M");

  // Internal numbers as Dlx's (primary items first, in id order), from 0.
  const int n = problem.num_items();
  n_items_ = n;
  const std::vector<std::int32_t> internal = number_items(problem, 0, std::size_t(n), n_primary_);

  // Nodes option by option, each option closed by a spacer; then each item's set in option order.
  // The arrays by node are reserved exactly (vectors that double hold their old and new arrays
  // at once), colours only when the problem has some (issue 22: memory per option).
  items_.assign(std::size_t(n), Item{0, 0, 0, 0});
  std::size_t nodes = 0;
  for (int o = 0; o < problem.num_options(); ++o) nodes += problem.option(o).size() + 1;
  const bool colours = problem.has_colours();
  nd_.reserve(nodes);
  first_.reserve(nodes);
  option_of_.reserve(nodes);
  if (colours) colour_.reserve(nodes);
  option_first_.reserve(std::size_t(problem.num_options()));
  for (int o = 0; o < problem.num_options(); ++o) {
    const auto first = std::int32_t(nd_.size());
    option_first_.push_back(first);
    for (const ItemColour& ic : problem.option(o)) {
      const std::int32_t i = internal[std::size_t(ic.item)];
      nd_.push_back({i, 0});
      if (colours) colour_.push_back(ic.colour);
      first_.push_back(first);
      ++items_[i].end;
      option_of_.push_back(o);
    }
    nd_.push_back({-1, first});
    if (colours) colour_.push_back(0);
    first_.push_back(-1);
    option_of_.push_back(-1);
  }
  std::int32_t start = 0;
  for (Item& it : items_) {
    it.start = start;
    start += it.end;
    it.end = it.start;
  }
  set_.assign(std::size_t(start), 0);
  for (std::size_t x = 0; x < nd_.size(); ++x) {
    if (nd_[x].item < 0) continue;
    Item& it = items_[nd_[x].item];
    nd_[x].loc = it.end++;
    set_[nd_[x].loc] = std::int32_t(x);
  }
  primary_.resize(std::size_t(n_primary_));
  primary_pos_.assign(std::size_t(n), -1);
  for (std::int32_t i = 0; i < n_primary_; ++i) primary_[i] = primary_pos_[i] = i;
  open_primary_ = n_primary_;

  // Every removal in effect is one node off a set, with at most one (item, size) pair before
  // it: the trail never grows past these (hide writes a pair at the top before it knows
  // whether to keep it: the last two places). Without M, also: an item is saved at most once
  // after each mark (its stamp), with two marks a level (level_mark_, branch_mark_), and once
  // before the first; the trail takes the smaller bound. (The first alone took
  // 8 bytes per item of an option: 84 of the 461 MB of a 50 MB file of sudoku options. An M
  // level tweaks each option tried off its item after an undo and before the next mark: an
  // item may be saved once per option tried there.)
  std::size_t levels = std::size_t(n_primary_) + 1;
  if (multi)
    for (std::int32_t i = 0; i < n_primary_; ++i)
      levels += std::size_t(std::min(problem.bounds(item_id_[std::size_t(i)]).hi, len(i)));
  const std::size_t pairs =
      multi ? set_.size() : std::min(set_.size(), std::size_t(n) * (2 * levels + 1));
  trail_.assign(2 * pairs + 2, 0);
  closed_.assign(std::size_t(n) + 1, 0);
  std::int32_t widest = 0;
  for (const Item& it : items_) widest = std::max(widest, it.end - it.start);
  scratch_.assign(std::size_t(widest) + 1, 0);
  sweep_ = scratch_;

  // Levels: as Dlx (X, C: one per primary item; M: each item min(hi, options) + 1 more; above).
  if (multi) {
    bound_.assign(std::size_t(n), 0);
    slack_ = bound_;
    for (std::int32_t i = 0; i < n_primary_; ++i) {
      const ItemBounds b = problem.bounds(item_id_[std::size_t(i)]);
      bound_[i] = b.hi;
      slack_[i] = b.hi - b.lo;
    }
  }
  item_.assign(levels, 0);
  choice_ = limit_ = chosen_ = tried_ = size0_ = from_ = item_;
  exact_.assign(levels, 1);
  level_mark_.assign(levels, Mark{});
  branch_mark_ = level_mark_;
  compact_.reserve(levels);
  if (!multi && item_choice_ == ItemChoice::first && opt.scarce_lookahead)
    for (const int i : scarce_items(problem)) watched_.push_back(internal[std::size_t(i)]);
}

std::unique_ptr<SearchEngine> Sparse::clone() const {
  auto e = std::make_unique<Sparse>(*this);
  e->stats_ = {};
  return e;
}

// ---- set operations ----

// Removes every node of x's option from its open item's set: a swap with the item's last
// active node and end - 1 (one update), the end saved first if this is its first change
// since the last mark. The hot loop of the engine. With Check (the commit of a chosen
// option), an open primary item left with no option sets dead_ unless it is one of the
// chosen option's own items (they lose their options by design: they are covered next).
// The nodes are visited from x + 1 to the spacer, then from the option's first node to x - 1
// (and x itself with Self): an option has each item once, so the order changes no set.
template <bool Check, bool Self>
[[gnu::always_inline]] inline void Sparse::hide(std::int32_t x) {
  Node* const nd = nd_.data();
  Item* const items = items_.data();
  std::int32_t* const set = set_.data();
  std::int32_t* const trail = trail_.data();
  std::uint32_t top = trail_top_;  // in a register: most changes save (sudoku: nearly all)
  const std::uint32_t stamp = mark_stamp_;
  const auto remove = [&](Node* n) {  // one register for node q
    const std::int32_t k = n->item;
    Item& it = items[k];
    const std::uint32_t was = it.stamp;
    if (was == closed_stamp) return;
    // The end goes on the trail always, and stays there if it was not saved since the mark:
    // stores instead of a branch that goes either way (a third of MacMahon's updates save).
    trail[top] = k;
    trail[top + 1] = it.end;
    top += was != stamp ? 2 : 0;
    it.stamp = stamp;
    const std::int32_t last = --it.end, p = n->loc, y = set[last];
    set[p] = y;
    nd[y].loc = p;
    set[last] = std::int32_t(n - nd);
    n->loc = last;
    if (Check && last == it.start && k < n_primary_) [[unlikely]]
      dead_ = dead_ || !in_committed(k);
  };
  Node* const self = nd + x;
  Node* n = self + 1;
  for (; n->item >= 0; ++n) remove(n);
  for (n = nd + n->loc; n != self; ++n) remove(n);
  if (Self) remove(self);
  trail_top_ = top;
}

void Sparse::close(std::int32_t i) {
  items_[i].stamp = closed_stamp;
  closed_[closed_top_++] = i;
  if (i >= n_primary_) return;
  // Swap i behind the open primary items; undo() only has to restore the count.
  const std::int32_t p = primary_pos_[i], last = --open_primary_, j = primary_[last];
  primary_[p] = j;
  primary_pos_[j] = p;
  primary_[last] = i;
  primary_pos_[i] = last;
}

bool Sparse::in_committed(std::int32_t k) const {
  for (std::int32_t q = first_[committed_]; nd_[q].item >= 0; ++q)
    if (nd_[q].item == k) return true;
  return false;
}

template <bool Check>
void Sparse::cover(std::int32_t i) {
  close(i);
  const Item& it = items_[i];
  for (std::int32_t p = it.start, end = it.end; p < end; ++p) hide<Check, false>(set_[p]);
}

// The options that agree with colour c stay (and nothing removes them from i any more: i is
// closed, so choosing one of them later leaves i alone). The others are listed first, without
// a branch on the colour (it goes either way), then hidden: i is closed, its set stays as is.
template <bool Check>
void Sparse::purify(std::int32_t i, std::int32_t c) {
  close(i);
  const Item& it = items_[i];
  const std::int32_t* const set = set_.data();
  const std::int32_t* const colour = colour_.data();
  std::int32_t* const other = sweep_.data();
  std::size_t n = 0;
  for (std::int32_t p = it.start, end = it.end; p < end; ++p) {
    const std::int32_t x = set[p];
    other[n] = x;
    n += colour[x] != c;
  }
  for (std::size_t k = 0; k < n; ++k) hide<Check, false>(other[k]);
}

// Every other item of an active option is open, or secondary and purified to the option's
// colour already (then nothing is to be done). The items are taken in dancing links' order,
// from the one after x round to the one before: the order changes no set, only the count of
// updates (an option hidden by one item is not hidden again by the next).
//
// With Check (X and C under MRV) the commit stops after the first item whose covering leaves
// another open primary item with no option (dead_, as Knuth's ssxcc does): MRV would choose
// that item in the child, which fails at once. (Under the first-item rule the child may branch
// on other items first: stopping there would cut nodes, and dancing links' tree with them.)
// Stopping between items, never inside one, keeps the count of updates independent of the
// order of the sets (clones differ there; threads must count the same updates).
template <bool Multi, bool Check>
[[gnu::always_inline]] inline void Sparse::commit_others(std::int32_t x) {
  const auto commit = [&](std::int32_t q) {
    const std::int32_t j = nd_[q].item;
    if (!open(j)) return;
    if (Multi && j < n_primary_) {
      if (--bound_[j] == 0) cover<false>(j);
    } else if (colour_.empty() || colour_[q] == 0) {  // empty: no colours
      cover<Check>(j);
    } else {
      purify<Check>(j, colour_[q]);
    }
  };
  committed_ = x;
  for (std::int32_t q = x + 1; nd_[q].item >= 0 && !dead_; ++q) commit(q);
  for (std::int32_t q = first_[x]; q != x && !dead_; ++q) commit(q);
}

template <bool Multi>
void Sparse::uncommit_others(std::int32_t x) {
  if constexpr (Multi)
    for (std::int32_t q = first_[x]; nd_[q].item >= 0; ++q)
      if (q != x && nd_[q].item < n_primary_) ++bound_[nd_[q].item];
}

Sparse::Mark Sparse::mark() {
  const Mark m{trail_top_, closed_top_, open_primary_};
  new_stamp();
  return m;
}

// Updates are counted here rather than in hide (a read-modify-write of memory per update):
// every removal is one end - 1 of an open item whose end was saved since the last mark, and
// the removals undone restore the ends, so each trail entry taken back counts its saved end
// minus the end it restores from (an item saved in several marks: the differences add up).
// Every path is undone when run() returns, so the count is complete then.
void Sparse::undo(const Mark& m) {
  Item* const items = items_.data();
  const std::int32_t* const trail = trail_.data();
  std::uint64_t removed = 0;
  for (std::uint32_t top = trail_top_; top > m.trail;) {
    top -= 2;
    Item& it = items[trail[top]];
    removed += std::uint32_t(trail[top + 1] - it.end);
    it.end = trail[top + 1];
  }
  stats_.updates += removed;
  trail_top_ = m.trail;
  // A reopened item's stamp matches no mark: its next change saves its size.
  for (std::uint32_t top = closed_top_; top > m.closed;) items[closed_[--top]].stamp = 0;
  closed_top_ = m.closed;
  open_primary_ = m.open_primary;
  // Sizes saved since the mark are gone from the trail: the next change must save again.
  new_stamp();
}

std::uint64_t Sparse::removed_since(const Mark& m) const {
  // No mark since m: each item is on the trail once at most above m.trail.
  std::uint64_t removed = 0;
  for (std::uint32_t top = m.trail; top < trail_top_; top += 2)
    removed += std::uint32_t(trail_[top + 1] - items_[trail_[top]].end);
  return removed;
}

void Sparse::new_stamp() {
  if (++mark_stamp_ != closed_stamp) return;
  for (Item& it : items_)  // after 2^32 stamps: no stale stamp may match a new one
    if (it.stamp != closed_stamp) it.stamp = 0;
  mark_stamp_ = 1;
}

// ---- item choice (Dlx's rules; ties by the lowest id) ----

std::int32_t Sparse::first_open(std::size_t l) const {
  // Going down no item reopens, so the first open item is never before the one above chose.
  std::int32_t i = l > 0 ? item_[l - 1] : 0;
  while (i < n_primary_ && !open(i)) ++i;
  return i;
}

std::int32_t Sparse::choose(std::size_t l) const {
  if (item_choice_ == ItemChoice::first) {
    for (const std::int32_t i : watched_)  // a scarce open item without options ends the node
      if (len(i) == 0 && open(i)) return i;
    return first_open(l);
  }
  // (length, id) as one key, its minimum without a branch (which way a comparison goes is
  // data, and mispredicted often); ids and lengths are below 2^31.
  std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
  const std::int32_t* const primary = primary_.data();
  const Item* const items = items_.data();
  for (std::int32_t k = 0; k < open_primary_; ++k) {
    const std::int32_t i = primary[k], n = items[i].end - items[i].start;
    if (n == 0) return i;  // no option: the level ends at once, whichever item it is
    best = std::min(best, std::uint64_t(std::uint32_t(n)) << 32 | std::uint32_t(i));
  }
  return open_primary_ > 0 ? std::int32_t(std::uint32_t(best)) : -1;
}

// Knuth's rule for M (Dlx::choose_multi): fewest branches, then less slack, then the longer
// list, then the lowest id. An item with no branch ends the level at once, whichever it is.
std::int32_t Sparse::choose_multi(std::size_t l) const {
  if (item_choice_ == ItemChoice::first) return first_open(l);
  std::int32_t best = -1, best_t = std::numeric_limits<std::int32_t>::max(), best_s = 0,
               best_len = 0;
  for (std::int32_t k = 0; k < open_primary_; ++k) {
    const auto i = std::size_t(primary_[k]);
    const std::int32_t n = items_[i].end - items_[i].start,
                       t = n + 1 - std::max(bound_[i] - slack_[i], 0);
    if (t > best_t) continue;
    const std::int32_t s = std::min(slack_[i], bound_[i]);
    if (t < best_t || s < best_s ||
        (s == best_s && (n > best_len || (n == best_len && std::int32_t(i) < best)))) {
      best = std::int32_t(i);
      best_t = t;
      best_s = s;
      best_len = n;
      if (t <= 0) break;
    }
  }
  return best;
}

std::int32_t Sparse::next_in_order(std::int32_t i, std::int32_t from, std::int32_t to) const {
  const Item& it = items_[i];
  std::int32_t best = -1;
  for (std::int32_t p = it.start, end = it.end; p < end; ++p) {
    const std::int32_t x = set_[p], key = first_[x];
    if (key >= from && key < to) {
      best = x;
      to = key;
    }
  }
  return best;
}

// An M level whose item stays open: tweak off the options before key `to`, as the branches
// before it did (push, resume; here, where hide() is inline) (an item that is covered keeps its set, and the order alone skips them).
void Sparse::tweak_before(std::size_t l, std::int32_t to) {
  const std::int32_t i = item_[l];
  if (bound_[i] == 0) return;
  for (std::int32_t y; (y = next_in_order(i, 0, to)) >= 0;) hide<false, true>(y);
}

// ---- the search loop ----

// Opens level l on item i: X, C cover it; M uses one of its bound and covers it when none is
// left. A level runs through i's set as it is now (it stays so while i is closed) unless i
// stays open or may take no more options: then in option order, up to the "no more options"
// branch (key nd_.size()) when i may stop here.
void Sparse::enter(std::size_t l, std::int32_t i) {
  level_mark_[l] = mark();
  item_[l] = i;
  const auto ii = std::size_t(i);
  const bool last = !multi_ || --bound_[ii] == 0;
  if (last) cover<false>(i);
  exact_[l] = last && (!multi_ || slack_[ii] == 0);
  if (exact_[l]) {
    choice_[l] = items_[ii].start;
    limit_[l] = items_[ii].end;
    return;
  }
  const bool may_stop = slack_[ii] > bound_[ii];
  choice_[l] = -1;
  from_[l] = 0;
  limit_[l] = std::int32_t(nd_.size()) + may_stop;
  tried_[l] = 0;
  size0_[l] = len(i) + may_stop;
}

Sparse::Phase Sparse::forward() {
  const auto l = std::size_t(level_);
  if (open_primary_ == 0) {  // every primary item covered
    if (tracing_) opt_->trace({CoverTraceEvent::Kind::solution, level_, -1, -1});
    if (!report(chosen_options())) stopping_ = true;
    return Phase::backup;
  }
  enter(l, multi_ ? choose_multi(l) : choose(l));
  return Phase::advance;
}

// Chooses node x at level l (an M level: x = -2 is "no more options"); the level's option is
// tweaked off its item first when the item stays open.
void Sparse::take(std::size_t l, std::int32_t x) {
  if (x == -2) {
    branch_mark_[l] = mark();
    if (bound_[item_[l]] != 0) close(item_[l]);
    chosen_[l] = -1;
    return;
  }
  if (!exact_[l] && bound_[item_[l]] != 0) hide<false, true>(x);  // off i too: i is open
  branch_mark_[l] = mark();
  if (multi_) commit_others<true, false>(x);
  else if (item_choice_ == ItemChoice::mrv) commit_others<false, true>(x);
  else commit_others<false, false>(x);
  chosen_[l] = option_of_[x];
}

void Sparse::untake(std::size_t l) {
  const std::int32_t x = exact_[l] ? set_[choice_[l]] : choice_[l];
  if (multi_ && x >= 0) uncommit_others<true>(x);
  undo(branch_mark_[l]);
}

// After take(): one level down, unless the prune hook rejects the partial solution or the
// commit found the child dead. A dead child is still a node, with its depth, trace and prune
// call, as in dancing links (the same tree and hooks; only fewer updates).
Sparse::Phase Sparse::descend(std::size_t l) {
  ++level_;
  if (std::uint32_t(level_) > stats_.max_depth) stats_.max_depth = std::uint32_t(level_);
  if (tracing_) trace(CoverTraceEvent::Kind::choose, l);
  const bool rejected = pruning_ && chosen_[l] >= 0 && !opt_->prune(chosen_options());
  if (rejected || dead_) {
    dead_ = false;
    --level_;
    return Phase::recover;
  }
  return Phase::forward;
}

Sparse::Phase Sparse::advance() {
  const auto l = std::size_t(level_);
  if (choice_[l] == limit_[l] || stopping_ || !count_node()) return leave();
  take(l, set_[choice_[l]]);
  return descend(l);
}

// An M level in option order: the next option from from_[l] on, else "no more options" when
// the level's range ends after it; not when the item has fewer options left than it needs.
Sparse::Phase Sparse::advance_multi() {
  const auto l = std::size_t(level_);
  const auto i = std::size_t(item_[l]);
  if (stopping_ || len(item_[l]) <= bound_[i] - slack_[i]) return leave();
  const auto end = std::int32_t(nd_.size());
  std::int32_t x = next_in_order(item_[l], from_[l], std::min(limit_[l], end));
  if (x < 0) {
    if (limit_[l] <= end || from_[l] > end) return leave();
    x = -2;
  }
  choice_[l] = x;
  from_[l] = (x >= 0 ? first_[x] : end) + 1;
  ++tried_[l];
  if (!count_node()) return leave();
  take(l, x);
  return descend(l);
}

Sparse::Phase Sparse::recover() {
  const auto l = std::size_t(level_);
  if (tracing_) trace(CoverTraceEvent::Kind::backtrack, l);
  untake(l);
  if (exact_[l]) ++choice_[l];
  else if (choice_[l] == -2) return leave();  // "no more options" was the last branch
  return Phase::advance;
}

Sparse::Phase Sparse::leave() {
  const auto l = std::size_t(level_);
  undo(level_mark_[l]);
  if (multi_) ++bound_[item_[l]];
  return Phase::backup;
}

void Sparse::run(const Work& w, Worker& worker) {
  for (int o : w.path) push(o);
  Phase phase = Phase::forward;
  if (!start_run(worker)) {
    phase = Phase::done;
  } else if (!w.tail.empty()) {
    resume(w.tail);
    phase = Phase::advance;
  }
  while (phase != Phase::done) {
    switch (phase) {
      case Phase::forward: phase = forward(); break;
      case Phase::advance: phase = exact_[std::size_t(level_)] ? advance() : advance_multi(); break;
      case Phase::backup:
        if (level_ == base_) {
          phase = Phase::done;
        } else {
          --level_;
          phase = recover();
        }
        break;
      case Phase::recover: phase = recover(); break;
      case Phase::done: break;
    }
  }
  for (std::size_t k = w.path.size(); k-- > 0;) pop();
}

}  // namespace solve::detail::cover
