// The sparse-set engine's side of sharing the tree (search/engine.hpp): replaying a path from
// the root (push, pop), resuming a donated level, donating, and the progress estimate. Work
// names options by id and M levels by key ranges (sparse.hpp): set order differs from clone to
// clone, ids and node numbers do not.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "exact_cover/sparse.hpp"

namespace solve::detail::cover {

namespace {
[[noreturn]] void misfit(const char* what) {
  throw std::logic_error(std::string("Sparse: ") + what);
}
}  // namespace

std::int32_t Sparse::node_of(int o, std::int32_t i) const {
  if (o < 0 || std::size_t(o) >= option_first_.size()) return -1;
  for (std::int32_t q = option_first_[std::size_t(o)]; nd_[q].item >= 0; ++q)
    if (nd_[q].item == i) return q;
  return -1;
}

// Replays one level of the path (no updates are counted: undo() counts them, and pop() takes
// them back without counting: they are the donor's).
void Sparse::push(int o) {
  const auto l = std::size_t(level_);
  if (open_primary_ == 0 || l + 1 >= item_.size()) misfit("push: no open item");
  const std::int32_t i = multi_ ? choose_multi(l) : choose(l);
  enter(l, i);
  const auto end = std::int32_t(nd_.size());
  std::int32_t x = -2;
  if (o >= 0 || !multi_) {
    x = node_of(o, i);
    const Item& it = items_[i];
    if (x < 0 || nd_[x].loc >= it.end) misfit("push: option does not fit");
    if (exact_[l]) {
      choice_[l] = nd_[x].loc;
    } else {
      tweak_before(l, first_[x]);
      choice_[l] = x;
      from_[l] = first_[x] + 1;
    }
  } else {
    if (exact_[l] || limit_[l] <= end) misfit("push: the item must take an option");
    tweak_before(l, end);
    choice_[l] = -2;
    from_[l] = end + 1;
  }
  take(l, x);
  // The donor went below this option, so it is no dead end here either: the flag cannot be
  // set; if it were, the child would still fail by its choice scan.
  dead_ = false;
  ++level_;
}

void Sparse::pop() {
  const std::uint64_t updates = stats_.updates;
  const auto l = std::size_t(--level_);
  untake(l);
  undo(level_mark_[l]);
  if (multi_) ++bound_[item_[l]];
  stats_.updates = updates;
}

// Opens the level as the donor did (the same position: the same item) and limits it to the
// alternatives the tail names; their first is counted here, as the donor never tried it.
void Sparse::resume(const std::vector<std::int32_t>& tail) {
  const auto l = std::size_t(level_);
  if (open_primary_ == 0) misfit("run: work does not fit");
  const std::int32_t i = multi_ ? choose_multi(l) : choose(l);
  enter(l, i);
  if (tail[0] == 0 && exact_[l]) {
    // The options given go to the front of i's set (closed: nothing else moves it).
    std::int32_t p = choice_[l];
    for (std::size_t k = 1; k < tail.size(); ++k, ++p) {
      const std::int32_t x = node_of(tail[k], i);
      if (x < 0 || nd_[x].loc < p || nd_[x].loc >= limit_[l]) misfit("run: work does not fit");
      const std::int32_t q = nd_[x].loc, y = set_[p];
      set_[q] = y;
      nd_[y].loc = q;
      set_[p] = x;
      nd_[x].loc = p;
    }
    limit_[l] = p;
  } else if (tail[0] == 1 && !exact_[l] && tail.size() == 3 && 0 <= tail[1] && tail[1] <= tail[2] &&
             tail[2] <= limit_[l]) {
    tweak_before(l, tail[1]);
    from_[l] = tail[1];
    limit_[l] = tail[2];
  } else {
    misfit("run: work does not fit");
  }
  // The donor counted the level's cover and tweaks; leave() will count them here when it takes
  // them back (all since the level's mark, which is the last one).
  stats_.updates -= removed_since(level_mark_[l]);
}

bool Sparse::donate(Work& w) {
  // Levels base_ .. level_ are open (level_: the alternative being taken now). A level that
  // runs through its set gives the second half of its untried places, by option id; an M
  // level the upper half of its untried keys. (An M item that stays open may have lost options
  // to the levels below: they are missing from the counts, which are estimates then, but the
  // key ranges still partition the level's alternatives.)
  double weight = 1;
  const auto end = std::int32_t(nd_.size());
  for (int k = base_; k <= level_ && k < int(item_.size()); ++k) {
    const auto l = std::size_t(k);
    const Item& it = items_[item_[l]];
    if (exact_[l]) {
      const std::int32_t size = std::max(1, limit_[l] - it.start),
                         untried = limit_[l] - choice_[l] - 1;
      if (untried <= 0) {
        weight /= size;
        continue;
      }
      const std::int32_t mid = choice_[l] + 1 + untried / 2;
      w.path.assign(chosen_.begin(), chosen_.begin() + k);
      w.tail.assign(1, 0);
      for (std::int32_t p = mid; p < limit_[l]; ++p) w.tail.push_back(option_of_[set_[p]]);
      w.weight = weight * (limit_[l] - mid) / size;
      limit_[l] = mid;
      return true;
    }
    std::size_t u = 0;
    const std::int32_t to = std::min(limit_[l], end);
    for (std::int32_t p = it.start; p < it.end; ++p) {
      const std::int32_t key = first_[set_[p]];
      if (key >= from_[l] && key < to) scratch_[u++] = key;
    }
    if (limit_[l] > end && from_[l] <= end) scratch_[u++] = end;
    const std::int32_t size = std::max(1, size0_[l]);
    if (u == 0) {
      weight /= size;
      continue;
    }
    const auto first = scratch_.begin();
    std::nth_element(first, first + std::ptrdiff_t(u / 2), first + std::ptrdiff_t(u));
    const std::int32_t mid = scratch_[u / 2];
    w.path.assign(chosen_.begin(), chosen_.begin() + k);
    w.tail = {1, mid, limit_[l]};
    w.weight = weight * double(u - u / 2) / size;
    limit_[l] = mid;
    return true;
  }
  return false;
}

double Sparse::done() const {
  // Knuth's estimate: level k has tried alternative j of its m, each weighing 1/m of the level above.
  double done = 0, weight = 1;
  for (int k = base_; k <= level_ && k < int(item_.size()); ++k) {
    const auto l = std::size_t(k);
    std::int32_t size = size0_[l], pos = tried_[l] - 1;
    if (exact_[l]) {
      const std::int32_t first = items_[item_[l]].start;
      size = limit_[l] - first;
      pos = choice_[l] - first;
    }
    if (size <= 0) break;
    weight /= size;
    done += std::clamp(pos, 0, size - 1) * weight;
  }
  return done;
}

}  // namespace solve::detail::cover
