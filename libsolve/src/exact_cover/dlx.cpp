// Dancing links: building the structure, the list operations and the search loop
// (see dlx.hpp for the layout).
#include "exact_cover/dlx.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "exact_cover/memo_table.hpp"
#include "exact_cover/shape.hpp"

namespace solve::detail::cover {

Dlx::Dlx(const ExactCover& problem, Control& control) : Dlx(problem, control, problem.has_multiplicities()) {}

Dlx::Dlx(const ExactCover& problem, Control& control, bool multi) : Engine(control), multi_(multi) {
  const CoverOptions& opt = control.options();
  item_choice_ = opt.item_choice;
  tracing_ = bool(opt.trace);
  pruning_ = bool(opt.prune);
  if (!multi && needs_multiplicities(problem))
    throw std::logic_error("Dlx: this problem needs Algorithm M");

  // Internal numbers: primary items first (so the ring of open items is in id order). Without
  // Algorithm M, 0:1 items are secondary.
  const auto primary = [&](int i) { return multi ? problem.is_primary(i) : covered_once(problem, i); };
  const int n = problem.num_items();
  n_items_ = n;
  std::vector<std::int32_t> internal(static_cast<std::size_t>(n));
  item_id_.assign(std::size_t(n) + 2, -1);
  std::int32_t k = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < n; ++i)
      if (primary(i) == (pass == 0)) {
        internal[std::size_t(i)] = ++k;
        item_id_[std::size_t(k)] = i;
      }
  std::int32_t n1 = 0;
  for (int i = 0; i < n; ++i) n1 += primary(i);
  n_primary_ = n1;

  // Two rings: 0 -> 1 .. n1 (primary), n+1 -> n1+1 .. n (secondary).
  cl_.assign(std::size_t(n) + 2, Item{0, 0});
  auto ring = [&](std::int32_t head, std::int32_t lo, std::int32_t hi) {
    std::int32_t prev = head;
    for (std::int32_t i = lo; i <= hi; ++i) {
      cl_[std::size_t(prev)].next = i;
      cl_[std::size_t(i)].prev = prev;
      prev = i;
    }
    cl_[std::size_t(prev)].next = head;
    cl_[std::size_t(head)].prev = prev;
  };
  ring(0, 1, n1);
  ring(n + 1, n1 + 1, n);
  item_colour_.assign(std::size_t(n) + 2, 0);

  nd_.reserve(std::size_t(n) + 2 + std::size_t(problem.num_options()) * 5);
  for (std::int32_t i = 0; i <= n; ++i) nd_.push_back({i, i, 0, 0});
  nd_.push_back({0, 0, 0, 0});  // the first spacer
  std::int32_t spacer = n + 1;
  for (int o = 0; o < problem.num_options(); ++o) {
    const auto first = std::int32_t(nd_.size());
    option_node_.push_back(first);
    for (const ItemColour& ic : problem.option(o)) {
      const std::int32_t i = internal[std::size_t(ic.item)];
      const auto x = std::int32_t(nd_.size());
      nd_.push_back({nd_[std::size_t(i)].up, i, i, ic.colour});
      nd_[std::size_t(nd_[std::size_t(i)].up)].down = x;
      nd_[std::size_t(i)].up = x;
      ++nd_[std::size_t(i)].top;
    }
    nd_[std::size_t(spacer)].down = std::int32_t(nd_.size()) - 1;
    spacer = std::int32_t(nd_.size());
    nd_.push_back({first, 0, -(o + 1), 0});
  }
  option_of_.assign(nd_.size(), -1);
  for (std::size_t x = nd_.size(); x-- > std::size_t(n) + 1;)
    option_of_[x] = nd_[x].top <= 0 ? -nd_[x].top - 1 : option_of_[x + 1];
  for (std::size_t x = std::size_t(n) + 1; x < nd_.size(); ++x)
    if (nd_[x].top <= 0) option_of_[x] = -1;

  // Every choice of X and C covers a primary item, so there are at most n1 levels. A level of
  // M takes one of the bound of its item, or closes the item: at most min(hi, options) + 1 each.
  std::size_t levels = std::size_t(n1) + 1;
  if (multi) {
    bound_.assign(std::size_t(n) + 2, 0);
    slack_ = bound_;
    for (std::int32_t i = 1; i <= n1; ++i) {
      const ItemBounds b = problem.bounds(item_id_[std::size_t(i)]);
      bound_[std::size_t(i)] = b.hi;
      slack_[std::size_t(i)] = b.hi - b.lo;
      levels += std::size_t(std::min(b.hi, nd_[std::size_t(i)].top));
    }
    first_tweak_.assign(levels, 0);
    degree_ = branch_ = first_tweak_;
  }
  choice_.assign(levels, 0);
  item_ = choice_;
  chosen_ = choice_;
}

Dlx::~Dlx() = default;

std::unique_ptr<Engine> Dlx::clone() const {
  if (memo_) throw std::logic_error("Dlx: a memoising engine is not cloned (it runs alone)");
  auto e = std::make_unique<Dlx>(*this);
  e->reset_stats();
  return e;
}

// ---- list operations (Algorithm C) ----

void Dlx::hide(std::int32_t p) {
  for (std::int32_t q = p + 1; q != p;) {
    Node& n = nd_[std::size_t(q)];
    if (n.top <= 0) {
      q = n.up;  // a spacer: back to the first node of this option
    } else {
      if (n.colour >= 0) {  // purified nodes stay: their option agrees with the colour
        nd_[std::size_t(n.up)].down = n.down;
        nd_[std::size_t(n.down)].up = n.up;
        --nd_[std::size_t(n.top)].top;
        ++stats_.updates;
      }
      ++q;
    }
  }
}

void Dlx::unhide(std::int32_t p) {
  for (std::int32_t q = p - 1; q != p;) {
    Node& n = nd_[std::size_t(q)];
    if (n.top <= 0) {
      q = n.down;  // a spacer: on to the last node of this option
    } else {
      if (n.colour >= 0) {
        nd_[std::size_t(n.up)].down = q;
        nd_[std::size_t(n.down)].up = q;
        ++nd_[std::size_t(n.top)].top;
      }
      --q;
    }
  }
}

// Takes item i out of its ring (Algorithm M alone does this without covering it: an item that
// takes no more options, every option of its list tweaked off already).
void Dlx::deactivate(std::int32_t i) {
  const Item c = cl_[std::size_t(i)];
  cl_[std::size_t(c.prev)].next = c.next;
  cl_[std::size_t(c.next)].prev = c.prev;
}

void Dlx::reactivate(std::int32_t i) {
  const Item c = cl_[std::size_t(i)];
  cl_[std::size_t(c.prev)].next = i;
  cl_[std::size_t(c.next)].prev = i;
}

void Dlx::cover(std::int32_t i) {
  for (std::int32_t p = nd_[std::size_t(i)].down; p != i; p = nd_[std::size_t(p)].down) hide(p);
  deactivate(i);
}

void Dlx::uncover(std::int32_t i) {
  reactivate(i);
  for (std::int32_t p = nd_[std::size_t(i)].up; p != i; p = nd_[std::size_t(p)].up) unhide(p);
}

void Dlx::purify(std::int32_t p) {
  const std::int32_t c = nd_[std::size_t(p)].colour, i = nd_[std::size_t(p)].top;
  item_colour_[std::size_t(i)] = c;
  for (std::int32_t q = nd_[std::size_t(i)].down; q != i; q = nd_[std::size_t(q)].down) {
    if (nd_[std::size_t(q)].colour == c) nd_[std::size_t(q)].colour = -1;
    else hide(q);
  }
}

void Dlx::unpurify(std::int32_t p) {
  const std::int32_t c = nd_[std::size_t(p)].colour, i = nd_[std::size_t(p)].top;
  item_colour_[std::size_t(i)] = 0;
  for (std::int32_t q = nd_[std::size_t(i)].up; q != i; q = nd_[std::size_t(q)].up) {
    if (nd_[std::size_t(q)].colour < 0) nd_[std::size_t(q)].colour = c;
    else unhide(q);
  }
}

// A node with colour -1 belongs to an item whose colour is already fixed the same way:
// nothing to do for it.
void Dlx::commit(std::int32_t p, std::int32_t j) {
  const std::int32_t c = nd_[std::size_t(p)].colour;
  if (c == 0) cover(j);
  else if (c > 0) purify(p);
}

void Dlx::uncommit(std::int32_t p, std::int32_t j) {
  const std::int32_t c = nd_[std::size_t(p)].colour;
  if (c == 0) uncover(j);
  else if (c > 0) unpurify(p);
}

// With Multi (Algorithm M) a primary item of the option takes one of its bound instead, and
// is covered when none is left.
template <bool Multi>
void Dlx::commit_others(std::int32_t x) {
  for (std::int32_t p = x + 1; p != x;) {
    const std::int32_t j = nd_[std::size_t(p)].top;
    if (j <= 0) {
      p = nd_[std::size_t(p)].up;
      continue;
    }
    if (!Multi || j > n_primary_) commit(p, j);
    else if (--bound_[std::size_t(j)] == 0) cover(j);
    ++p;
  }
}

template <bool Multi>
void Dlx::uncommit_others(std::int32_t x) {
  for (std::int32_t p = x - 1; p != x;) {
    const std::int32_t j = nd_[std::size_t(p)].top;
    if (j <= 0) {
      p = nd_[std::size_t(p)].down;
      continue;
    }
    if (!Multi || j > n_primary_) uncommit(p, j);
    else if (bound_[std::size_t(j)]++ == 0) uncover(j);
    --p;
  }
}

template void Dlx::commit_others<true>(std::int32_t);
template void Dlx::uncommit_others<true>(std::int32_t);

std::int32_t Dlx::choose() const {
  if (item_choice_ == ItemChoice::first) return cl_[0].next;
  std::int32_t best = 0, best_len = std::numeric_limits<std::int32_t>::max();
  for (std::int32_t i = cl_[0].next; i != 0; i = cl_[std::size_t(i)].next) {
    const std::int32_t len = nd_[std::size_t(i)].top;
    if (len < best_len) {
      best = i;
      best_len = len;
      if (len == 0) break;
    }
  }
  return best;
}

// ---- the search loop ----

bool Dlx::count_node() {
  ++stats_.nodes;
  if (++since_poll_ < budget_) return true;
  budget_ = control_->poll(since_poll_, progress_here_ ? this : nullptr);
  since_poll_ = 0;
  if (budget_ == 0) stopping_ = true;
  return !stopping_;
}

Dlx::Phase Dlx::solution(bool quiet) {
  if (memo_) {
    memo_solution();
  } else if (!quiet) {
    if (tracing_) control_->options().trace({CoverTraceEvent::Kind::solution, level_, -1, -1});
    if (!control_->solution(chosen_options())) stopping_ = true;
  }
  return Phase::backup;
}

void Dlx::record_prefix(Prefixes& split) const {
  double w = 1;
  for (int k = base_; k < level_; ++k)
    w /= multi_ ? std::max(1, degree_[std::size_t(k)]) : nd_[std::size_t(item_[std::size_t(k)])].top;
  split.options.insert(split.options.end(), chosen_.begin() + base_, chosen_.begin() + level_);
  split.weights.push_back(w);
}

std::span<const int> Dlx::chosen_options() {
  const auto levels = std::span<const int>(chosen_).first(std::size_t(level_));
  if (!multi_) return levels;
  compact_.clear();
  for (int o : levels)
    if (o >= 0) compact_.push_back(o);
  return compact_;
}

void Dlx::trace(CoverTraceEvent::Kind kind, std::size_t l) const {
  control_->options().trace({kind, int(l) + 1, item_id_[std::size_t(item_[l])], chosen_[l]});
}

Dlx::Phase Dlx::forward(Prefixes* split, bool quiet) {
  const auto l = std::size_t(level_);
  if (cl_[0].next == 0) return solution(quiet);  // every primary item covered
  if (split && level_ - base_ == split->depth) {
    record_prefix(*split);
    return Phase::backup;
  }
  if (memo_ && memo_lookup()) return Phase::backup;
  if (multi_) return branch_multi();
  const std::int32_t i = choose();
  cover(i);
  item_[l] = i;
  choice_[l] = nd_[std::size_t(i)].down;
  return Phase::advance;
}

Dlx::Phase Dlx::advance(bool quiet) {
  const auto l = std::size_t(level_);
  const std::int32_t x = choice_[l], i = item_[l];
  if (x == i || stopping_ || (!quiet && !count_node())) {  // C7: no option left for i
    uncover(i);
    if (memo_) memo_leave();
    return Phase::backup;
  }
  commit_others<false>(x);
  chosen_[l] = option_of_[std::size_t(x)];
  ++level_;
  if (std::uint32_t(level_) > stats_.max_depth) stats_.max_depth = std::uint32_t(level_);
  if (tracing_) trace(CoverTraceEvent::Kind::choose, l);
  if (pruning_ && !control_->options().prune(std::span<const int>(chosen_).first(std::size_t(level_)))) {
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

Dlx::Phase Dlx::recover() {
  const auto l = std::size_t(level_);
  const std::int32_t x = choice_[l];
  if (tracing_) trace(CoverTraceEvent::Kind::backtrack, l);
  uncommit_others<false>(x);
  choice_[l] = nd_[std::size_t(x)].down;
  return Phase::advance;
}

void Dlx::run(Prefixes* split, bool quiet) {
  base_ = level_;
  stopping_ = false;
  since_poll_ = 0;
  budget_ = std::numeric_limits<std::uint64_t>::max();
  if (!quiet && (budget_ = control_->poll(0, nullptr)) == 0) return;
  Phase phase = Phase::forward;
  while (phase != Phase::done) {
    switch (phase) {
      case Phase::forward: phase = forward(split, quiet); break;
      case Phase::advance: phase = multi_ ? advance_multi(quiet) : advance(quiet); break;
      case Phase::backup: phase = backup(); break;
      case Phase::recover: phase = multi_ ? recover_multi() : recover(); break;
      case Phase::done: break;
    }
  }
}

void Dlx::push(int o) {
  if (multi_) return push_multi(o);
  const std::uint64_t updates = stats_.updates;
  const std::int32_t i = choose();
  std::int32_t x = option_node_.at(std::size_t(o));
  while (nd_[std::size_t(x)].top > 0 && nd_[std::size_t(x)].top != i) ++x;
  if (i == 0 || nd_[std::size_t(x)].top != i) throw std::logic_error("Dlx::push: option does not fit");
  cover(i);
  commit_others<false>(x);
  const auto l = std::size_t(level_++);
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
}

double Dlx::done() const {
  // Knuth's estimate: level k has tried option j of its m, each weighing 1/m of the level above.
  double done = 0, weight = 1;
  if (multi_) {  // the lists shrink as M tweaks them: count the branches instead
    for (int k = base_; k < level_; ++k) {
      weight /= std::max(1, degree_[std::size_t(k)]);
      done += std::max(0, branch_[std::size_t(k)] - 1) * weight;
    }
    return done;
  }
  for (int k = base_; k < level_; ++k) {
    const auto i = item_[std::size_t(k)];
    int pos = 0;
    for (std::int32_t p = nd_[std::size_t(i)].down; p != choice_[std::size_t(k)]; p = nd_[std::size_t(p)].down)
      ++pos;
    weight /= nd_[std::size_t(i)].top;
    done += pos * weight;
  }
  return done;
}

std::string Dlx::sanity_check() const {
  const auto at = [](std::int32_t x) { return std::to_string(x); };
  for (std::int32_t head : {std::int32_t(0), n_items_ + 1}) {
    for (std::int32_t i = cl_[std::size_t(head)].next; i != head; i = cl_[std::size_t(i)].next) {
      if (cl_[std::size_t(cl_[std::size_t(i)].next)].prev != i) return "item ring broken after " + at(i);
      std::int32_t len = 0;
      for (std::int32_t p = nd_[std::size_t(i)].down; p != i; p = nd_[std::size_t(p)].down) {
        if (p <= n_items_ || std::size_t(p) >= nd_.size()) return "item " + at(i) + ": bad link " + at(p);
        if (nd_[std::size_t(nd_[std::size_t(p)].down)].up != p) return "node " + at(p) + ": down/up disagree";
        if (nd_[std::size_t(p)].top != i) return "node " + at(p) + " on the list of item " + at(i);
        if (++len > nd_[std::size_t(i)].top) break;
      }
      if (len != nd_[std::size_t(i)].top)
        return "item " + at(i) + ": length " + at(nd_[std::size_t(i)].top) + ", list has " + at(len);
    }
  }
  return {};
}

}  // namespace solve::detail::cover
