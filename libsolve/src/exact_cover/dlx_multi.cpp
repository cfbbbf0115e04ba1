// Algorithm M of dancing links: primary items covered between lo and hi times (TAOCP
// 7.2.2.1, exact covering with multiplicities and colours; Knuth's dlx3). See dlx.hpp.
//
// Branching on item i at level l first takes one of its bound (covering i once the bound is
// used up). If i must take exactly this one more option (bound now 0, no slack) the level is
// Algorithm C's. Otherwise the level tries i's options in list order, and each option x tried
// is tweaked: taken off i's list (and, while i stays open, hidden from the other lists), so the
// later branches of this level and everything below never choose it again -- each multiset of
// options is met once. The last branch, allowed when i needs no more options, closes i.
#include <algorithm>
#include <limits>
#include <stdexcept>

#include "exact_cover/dlx.hpp"

namespace solve::detail::cover {

// ---- list operations ----

// x is the first node of its item's list: take it off (and hide its option from the others).
void Dlx::tweak(std::int32_t x, bool hide_option) {
  if (hide_option) hide(x);
  const std::int32_t i = node(x).top, d = node(x).down;
  node(i).down = d;
  node(d).up = i;
  --node(i).top;
  ++stats_.updates;
}

// Puts back every node tweaked off item i's list since `first` (they still link down to each
// other, the last one to i's current first node), then unhides their options, newest first.
void Dlx::untweak(std::int32_t first, std::int32_t i, bool unhide_options) {
  const std::int32_t z = node(i).down;
  std::int32_t y = i, k = 0;
  for (std::int32_t x = first; x != z; x = node(x).down, ++k) {
    node(x).up = y;
    y = x;
  }
  node(z).up = y;
  node(i).down = first;
  node(i).top += k;
  if (unhide_options)
    for (std::int32_t x = y; x != i; x = node(x).up) unhide(x);
}

// Knuth's choice for M: fewest branches, that is options left + 1 - options still needed
// (when fewer are left than needed the item has no branch at all: a dead end, taken at once).
// Ties: less slack (an item that must take what it is given first), then the longer list.
std::int32_t Dlx::choose_multi(std::int32_t& degree) const {
  const auto branches = [&](std::int32_t i) {
    const std::int32_t need = bound_[i] - slack_[i];
    return node(i).top + 1 - std::max(need, 0);
  };
  if (item_choice_ == ItemChoice::first) {
    const std::int32_t i = cl_[0].next;
    degree = branches(i);
    return i;
  }
  std::int32_t best = 0, best_slack = 0, best_len = 0;
  degree = std::numeric_limits<std::int32_t>::max();
  for (std::int32_t i = cl_[0].next; i != 0; i = link(i).next) {
    const std::int32_t t = branches(i);
    if (t > degree) continue;
    const std::int32_t s = std::min(slack_[i], bound_[i]), len = node(i).top;
    if (t < degree || s < best_slack || (s == best_slack && len > best_len)) {
      best = i;
      degree = t;
      best_slack = s;
      best_len = len;
      if (t <= 0) break;
    }
  }
  return best;
}

// ---- the phases ----

Dlx::Phase Dlx::branch_multi() {  // M3-M4
  const auto l = std::size_t(level_);
  const std::int32_t i = choose_multi(degree_[l]);
  item_[l] = i;
  if (--bound_[i] == 0) cover(i);
  choice_[l] = first_tweak_[l] = node(i).down;
  // The alternatives end with the "no more options" branch when i may stop here (limit 0:
  // after it), else at the item itself.
  limit_[l] = slack_[i] > bound_[i] ? 0 : i;
  return Phase::advance;
}

Dlx::Phase Dlx::advance_multi() {  // M5-M6
  const auto l = std::size_t(level_);
  const std::int32_t x = choice_[l], i = item_[l], b = bound_[i], s = slack_[i];
  const bool exact = b == 0 && s == 0;  // Algorithm C's level: no tweaks
  // No option left; or fewer left than i still needs (this one included); or the end of the
  // range a donation left this level.
  if (stopping_ || x == limit_[l] || (exact ? x == i : node(i).top <= b - s))
    return restore_multi();
  if (!count_node()) return restore_multi();
  if (!exact) {
    if (x != i) tweak(x, b != 0);
    else if (b != 0) deactivate(i);  // i takes no more options
  }
  chosen_[l] = x != i ? commit_others<true>(x) : -1;
  ++level_;
  if (std::uint32_t(level_) > stats_.max_depth) stats_.max_depth = std::uint32_t(level_);
  if (tracing_) trace(CoverTraceEvent::Kind::choose, l);
  if (x != i && pruning_ && !opt_->prune(chosen_options())) {
    --level_;
    return Phase::recover;
  }
  return Phase::forward;
}

Dlx::Phase Dlx::recover_multi() {  // M7
  const auto l = std::size_t(level_);
  const std::int32_t x = choice_[l], i = item_[l];
  if (tracing_) trace(CoverTraceEvent::Kind::backtrack, l);
  if (x == i) {  // the branch without more options for i was the last one
    if (bound_[i] != 0) reactivate(i);
    return restore_multi();
  }
  uncommit_others<true>(x);
  choice_[l] = node(x).down;  // a tweaked node still links to its successor
  return Phase::advance;
}

Dlx::Phase Dlx::restore_multi() {  // M8
  unbranch_multi(std::size_t(level_));
  if (memo_) memo_leave();
  return Phase::backup;
}

void Dlx::unbranch_multi(std::size_t l) {
  const std::int32_t i = item_[l], b = bound_[i];
  if (b != 0 || slack_[i] != 0) untweak(first_tweak_[l], i, b != 0);
  if (b == 0) uncover(i);
  ++bound_[i];
}

// ---- replaying a path (push, pop) and resuming a donated level ----

// Level l is open on its item i (branch_multi): tweaks off the options before x in i's list,
// as the branches the search tried before x did (x = i: all of them).
void Dlx::branch_to_multi(std::size_t l, std::int32_t x) {
  const std::int32_t i = item_[l], b = bound_[i];
  if (b == 0 && slack_[i] == 0) {  // an exact level tweaks nothing
    std::int32_t y = node(i).down;
    while (y != x && y != i) y = node(y).down;
    if (y != x || x == i) throw std::logic_error("Dlx: the item must take an option of its list");
    return;
  }
  for (std::int32_t y = node(i).down; y != x; y = node(i).down) {
    if (y == i) throw std::logic_error("Dlx: option not in the item's list");
    tweak(y, b != 0);
  }
}

void Dlx::push_multi(int o) {
  const std::uint64_t updates = stats_.updates;
  const auto l = std::size_t(level_);
  if (cl_[0].next == 0) throw std::logic_error("Dlx::push: no open item");
  branch_multi();
  const std::int32_t i = item_[l];
  std::int32_t x = i;
  if (o >= 0) {
    x = option_node_.at(std::size_t(o));
    while (node(x).top > 0 && node(x).top != i) ++x;
    if (node(x).top != i) {
      unbranch_multi(l);
      throw std::logic_error("Dlx::push: option does not fit");
    }
  }
  branch_to_multi(l, x);
  const std::int32_t b = bound_[i];
  if (b != 0 || slack_[i] != 0) {
    if (x != i) tweak(x, b != 0);
    else if (b != 0) deactivate(i);
  }
  if (x != i) commit_others<true>(x);
  choice_[l] = x;
  chosen_[l] = o;
  ++level_;
  stats_.updates = updates;
}

void Dlx::pop_multi() {
  const auto l = std::size_t(--level_);
  const std::int32_t x = choice_[l], i = item_[l];
  if (x == i) {
    if (bound_[i] != 0) reactivate(i);
  } else {
    uncommit_others<true>(x);
  }
  unbranch_multi(l);
}

void Dlx::resume_multi(std::int32_t from, std::int32_t to) {
  const auto l = std::size_t(level_);
  if (cl_[0].next == 0) throw std::logic_error("Dlx::run: work does not fit");
  branch_multi();
  const std::int32_t i = item_[l];
  if (from != i && node(from).top != i) throw std::logic_error("Dlx::run: work does not fit");
  if (from != i || bound_[i] != 0 || slack_[i] != 0) branch_to_multi(l, from);
  choice_[l] = from;
  limit_[l] = to;
}

}  // namespace solve::detail::cover
