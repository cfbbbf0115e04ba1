// Conflict analysis to the first unique implication point (see conflict.hpp).
#include "csp/conflict.hpp"

#include <algorithm>
#include <bit>
#include <climits>

#include "csp/arith.hpp"

namespace solve::detail::csp {

namespace {

using Kind = Literal::Kind;

/// l as a literal on its plain variable; nullopt when it holds for every value of the
/// variable (a view's [a * x + c != v] with v - c not a multiple of a, a bound beyond int).
/// `never` is set when it holds for none.
std::optional<Literal> on_variable(const Literal& l, bool& never) {
  never = false;
  const Var x = l.var;
  const Var plain{x.id};
  if (!x.is_view()) return Literal{plain, l.kind, l.value};
  const std::int64_t n = std::int64_t(l.value) - x.offset, a = x.scale;
  auto bound = [&](Kind k, std::int64_t v) -> std::optional<Literal> {
    if (k == Kind::le ? v >= INT_MAX : v <= INT_MIN) return std::nullopt;
    if (k == Kind::le ? v < INT_MIN : v > INT_MAX) {
      never = true;
      return std::nullopt;
    }
    return Literal{plain, k, int(v)};
  };
  switch (l.kind) {
    case Kind::le: return a > 0 ? bound(Kind::le, floor_div(n, a)) : bound(Kind::ge, ceil_div(n, a));
    case Kind::ge: return a > 0 ? bound(Kind::ge, ceil_div(n, a)) : bound(Kind::le, floor_div(n, a));
    case Kind::eq:
      if (n % a != 0) {
        never = true;
        return std::nullopt;
      }
      return Literal::eq(plain, int(n / a));
    case Kind::ne:
      if (n % a != 0) return std::nullopt;
      return Literal::ne(plain, int(n / a));
  }
  return std::nullopt;
}

/// l (on a plain variable) as explain() is asked it: on its variable as the scope has it,
/// plainly when it can, else through the first view of it (all_different over views names
/// the pruned literal by its position in the scope: asked on the plain variable it found
/// none and gave the scope's whole domains). l itself when the variable is not in the scope
/// or the view's value would leave int.
Literal in_scope(const Literal& l, std::span<const Var> scope) {
  const Var* view = nullptr;
  for (const Var& x : scope) {
    if (x == l.var) return l;
    if (x.id == l.var.id && !view) view = &x;
  }
  if (!view) return l;
  const std::int64_t v = view->apply(l.value);
  if (v < INT_MIN || v > INT_MAX) return l;
  Kind kind = l.kind;
  if (view->scale < 0 && kind == Kind::le) kind = Kind::ge;
  else if (view->scale < 0 && kind == Kind::ge) kind = Kind::le;
  return Literal{*view, kind, int(v)};
}

}  // namespace

ConflictAnalysis::ConflictAnalysis(const Model& m, Propagation level) {
  // the kernel's layout (kernel.cpp adds the variables the same way)
  for (int i = 0; i < m.num_vars(); ++i) {
    const std::vector<int>& d = m.initial_domain(Var{i});
    before_.add_var(d.front(), d.back(), d);
  }
  before_.set_propagation(level);
  var_stamp_.assign(std::size_t(m.num_vars()), 0);
}

bool ConflictAnalysis::holds(const Literal& l, const Domain& d) {
  if (d.size == 0) return true;  // a failed domain satisfies everything
  switch (l.kind) {
    case Kind::le: return d.max <= l.value;
    case Kind::ge: return d.min >= l.value;
    case Kind::eq: return d.size == 1 && d.min == l.value;
    case Kind::ne: {
      if (l.value < d.min || l.value > d.max) return true;
      const unsigned i = unsigned(std::int64_t(l.value) - d.lo);
      return !((d.words[i >> 6] >> (i & 63)) & 1u);
    }
  }
  return false;
}

ConflictAnalysis::Domain ConflictAnalysis::current(std::int32_t id) const {
  const Store& s = kernel_->space();
  const Var x{id};
  return {s.min(x), s.max(x), s.size(x), s.base(x), s.bits(x).data()};
}

ConflictAnalysis::Domain ConflictAnalysis::old(std::uint32_t change) const {
  const LearningTrail::Change& c = trail_->changes()[change];
  const Var x{c.var};
  const auto nwords = std::uint32_t(before_.bits(x).size());
  return {c.old_min, c.old_max, c.old_size, before_.base(x), trail_->old_words(change, nwords).data()};
}

std::int32_t ConflictAnalysis::defining_change(const Literal& l, Domain& after) {
  // the oldest change after which l holds (domains only shrink along the trail, so l holds in
  // the old domains of the newest changes and not in those of the older ones: a binary search
  // of the variable's changes, which the trail keeps listed; a default reason names a domain's
  // holes one by one, and walking the changes for each was most of an analysis)
  after = current(l.var.id);
  if (!holds(l, after)) return kNotTrue;
  const std::span<const std::int32_t> chain = trail_->changes_of(l.var.id);  // oldest first
  std::size_t lo = 0, hi = chain.size();  // l holds in old(chain[i]) for i >= hi, not below lo
  const std::uint32_t* removed = nullptr;
  std::size_t nwords = 0;
  if (l.kind == Kind::ne && chain.size() > 1) {
    nwords = before_.bits(Var{l.var.id}).size();
    // (a domain of one word has few changes: a binary search is as cheap)
    if (nwords > 1) removed = removals(l.var.id, chain, nwords);
  }
  const std::int64_t bit = std::int64_t(l.value) - after.lo;
  if (removed && bit >= 0 && bit < std::int64_t(nwords) * 64)
    lo = removed[bit];
  else
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (holds(l, old(std::uint32_t(chain[mid])))) hi = mid;
      else lo = mid + 1;
    }
  if (lo < chain.size()) after = old(std::uint32_t(chain[lo]));
  return lo == 0 ? kAtRoot : chain[lo - 1];
}

const std::uint32_t* ConflictAnalysis::removals(std::int32_t id,
                                               std::span<const std::int32_t> chain,
                                               std::size_t nwords) {
  // worth it for a variable asked for many of its values (a default reason names each hole of
  // a large domain): built once the binary searches have cost about what the table costs
  // (a rough count of instructions for each), at most twice the best choice in hindsight
  const auto v = std::size_t(id);
  if (removal_stamp_.size() <= v) {
    removal_stamp_.resize(var_stamp_.size(), 0);
    removal_begin_.resize(var_stamp_.size(), 0);
    removal_asked_.resize(var_stamp_.size(), 0);
  }
  if (removal_stamp_[v] != analysis_stamp_) {
    removal_stamp_[v] = analysis_stamp_;
    removal_asked_[v] = 0;
    removal_begin_[v] = kNoTable;
  }
  if (removal_begin_[v] != kNoTable) return removal_pool_.data() + removal_begin_[v];
  if (chain.size() < 2) return nullptr;
  const std::size_t table_cost = nwords * (128 + 25 * chain.size());
  const std::size_t search_cost = 12 * std::size_t(std::bit_width(chain.size()));
  if (++removal_asked_[v] * search_cost < table_cost) return nullptr;
  // per bit of the layout: the first position i on the chain whose domain (old(chain[i]), or
  // the current one at the end) lacks its value, as the binary search would find it (a value
  // the current domain has is never asked: its != does not hold)
  const auto begin = removal_pool_.size();
  removal_pool_.resize(begin + 64 * nwords, 0);
  removal_begin_[v] = std::uint32_t(begin);
  std::uint32_t* table = removal_pool_.data() + begin;
  auto member = [&](const Domain& d, std::size_t w) {  // the word of the values d holds
    if (d.size == 0) return std::uint64_t{0};
    std::uint64_t word = d.words[w];
    const std::int64_t first = std::int64_t(d.lo) + 64 * std::int64_t(w);  // value of bit 0
    const std::int64_t below = std::int64_t(d.min) - first, above = std::int64_t(d.max) - first;
    if (below >= 64 || above < 0) return std::uint64_t{0};
    if (below > 0) word &= ~std::uint64_t{0} << below;
    if (above < 63) word &= ~std::uint64_t{0} >> (63 - above);
    return word;
  };
  Domain was = old(std::uint32_t(chain[0]));
  for (std::size_t i = 1; i <= chain.size(); ++i) {
    const Domain now = i < chain.size() ? old(std::uint32_t(chain[i])) : current(id);
    for (std::size_t w = 0; w < nwords; ++w)
      for (std::uint64_t gone = member(was, w) & ~member(now, w); gone; gone &= gone - 1)
        table[64 * w + std::size_t(std::countr_zero(gone))] = std::uint32_t(i);
    was = now;
  }
  return table;
}

Literal ConflictAnalysis::made_true(const Literal& l, const Domain& after) {
  // in the terms explain() is asked (the explanation test's): a bound the change moved, a value
  // it removed, an assignment
  switch (l.kind) {
    case Kind::ge: return Literal::ge(l.var, after.min);
    case Kind::le: return Literal::le(l.var, after.max);
    case Kind::ne:
      if (l.value < after.min) return Literal::ge(l.var, after.min);
      if (l.value > after.max) return Literal::le(l.var, after.max);
      return l;
    case Kind::eq: return l;
  }
  return l;
}

ConflictAnalysis::Added ConflictAnalysis::add(Literal given) {
  bool never = false;
  const std::optional<Literal> l = on_variable(given, never);
  if (!l) return never ? Added::not_true : Added::dropped;
  std::uint64_t& stamp = var_stamp_[std::size_t(l->var.id)];
  if (stamp == analysis_stamp_) {  // (else no item of this analysis is on the variable)
    const Seen& seen = seen_slot(*l);
    if (seen.stamp == analysis_stamp_ && items_[seen.item].in_set) return Added::yes;
  }
  Domain after;
  const std::int32_t k = defining_change(*l, after);
  if (k == kNotTrue) return Added::not_true;
  if (k == kAtRoot) return Added::dropped;  // true before the first change
  const int level = trail_->level_of(std::uint32_t(k));
  if (level == 0) return Added::dropped;  // made true before any decision: by the model alone
  // a wipe-out is no pruning to explain (a failure's reason holds before it)
  if (after.size == 0) return Added::not_true;
  const auto item = std::uint32_t(items_.size());
  items_.push_back({*l, made_true(*l, after), std::uint32_t(k), level, -1, true});
  stamp = analysis_stamp_;
  mark_seen(*l, item);
  link(item);
  return Added::yes;
}

void ConflictAnalysis::link(std::uint32_t item) {
  const Item& it = items_[item];
  if (by_change_.size() <= it.change) by_change_.resize(trail_->changes().size());
  if (by_level_.size() <= std::size_t(it.level)) by_level_.resize(std::size_t(it.level) + 1);
  ChangeItems& c = by_change_[it.change];
  if (c.stamp != analysis_stamp_ || c.count == 0) {
    c = {analysis_stamp_, std::int32_t(item), std::int32_t(item), 0};
    newest_.push_back(it.change);
    std::push_heap(newest_.begin(), newest_.end());
  } else {
    items_[std::size_t(c.tail)].next = std::int32_t(item);
    c.tail = std::int32_t(item);
  }
  ++c.count;
  LevelItems& v = by_level_[std::size_t(it.level)];
  if (v.stamp != analysis_stamp_) v = {analysis_stamp_, 0};
  ++v.count;
}

std::size_t ConflictAnalysis::hash(const Literal& l) {
  std::uint64_t h = (std::uint64_t(std::uint32_t(l.var.id)) << 32) ^ std::uint32_t(l.value);
  h ^= std::uint64_t(l.kind) << 30;  // (the multiplication carries bits up only)
  h *= 0x9E3779B97F4A7C15ull;
  return std::size_t(h ^ (h >> 29));
}

ConflictAnalysis::Seen& ConflictAnalysis::seen_slot(const Literal& l) {
  const std::size_t mask = seen_.size() - 1;
  for (std::size_t i = hash(l) & mask;; i = (i + 1) & mask) {
    Seen& e = seen_[i];
    if (e.stamp != analysis_stamp_ || e.literal == l) return e;
  }
}

void ConflictAnalysis::mark_seen(const Literal& l, std::uint32_t item) {
  if (seen_.empty() || 2 * (seen_count_ + 1) > seen_.size()) {
    // grow (the stamp of the entries of older analyses is stale: they are free slots)
    std::vector<Seen> old(std::max<std::size_t>(1024, 2 * seen_.size()));
    old.swap(seen_);
    seen_count_ = 0;
    for (const Seen& e : old)
      if (e.stamp == analysis_stamp_) {
        seen_slot(e.literal) = e;
        ++seen_count_;
      }
  }
  Seen& e = seen_slot(l);
  if (e.stamp != analysis_stamp_) ++seen_count_;
  e = {l, item, analysis_stamp_};
}

bool ConflictAnalysis::add_all(std::span<const Literal> reason) {
  for (const Literal& l : reason)
    if (add(l) == Added::not_true) return false;
  return true;
}

ConflictAnalysis::CachedReason ConflictAnalysis::reason_of(std::uint32_t k, const Literal& pruned) {
  if (cache_stamp_.size() <= k) {
    cache_stamp_.resize(trail_->changes().size(), 0);
    cache_head_.resize(trail_->changes().size(), -1);
  }
  if (cache_stamp_[k] != generation_) {
    cache_stamp_[k] = generation_;
    cache_head_[k] = -1;
  }
  for (std::int32_t e = cache_head_[k]; e >= 0; e = cached_[std::size_t(e)].next)
    if (cached_[std::size_t(e)].pruned == pruned) return cached_[std::size_t(e)];
  const LearningTrail::Change& c = trail_->changes()[k];
  explain_call(c.cause, c.call, pruned);
  const auto begin = std::uint32_t(cached_literals_.size());
  cached_literals_.insert(cached_literals_.end(), reason_.literals().begin(),
                          reason_.literals().end());
  cached_.push_back({pruned, begin, std::uint32_t(cached_literals_.size()), cache_head_[k]});
  cache_head_[k] = std::int32_t(cached_.size() - 1);
  return cached_.back();
}

void ConflictAnalysis::forget(std::uint32_t kept) {
  // the changes below `kept` are the ones the reasons were asked of: their calls found the
  // same domains, so explain() would say the same
  if (cache_stamp_.size() > kept) {
    cache_stamp_.resize(kept);
    cache_head_.resize(kept);
  }
  if (rebuilt_at_ > kept) rebuilt_ = false;
  if (kept == 0) whole_ = false;  // (maybe another trail)
  if (whole_ && whole_at_ > kept) {
    // every domain at whole_at_ is the one at kept but for the variables that the changes
    // taken back (from kept on) changed: rewritten, before_ holds every domain at kept
    const std::optional<std::span<const std::int32_t>> undone = trail_->undone();
    whole_ = undone && undone->size() + dirty_.size() <= var_stamp_.size();
    if (whole_) {
      for (const std::int32_t id : *undone) rebuild_var(id, kept);
      for (const std::int32_t id : dirty_) rebuild_var(id, kept);
      dirty_.clear();
      whole_at_ = kept;
    }
  }
  // the entries of forgotten changes stay in cached_ until it is cleared: when it outgrows
  // what the trail's changes could use
  if (kept == 0 || cached_literals_.size() > (std::size_t{1} << 16) + 16 * std::size_t(kept)) {
    ++generation_;
    cached_.clear();
    cached_literals_.clear();
    rebuilt_ = false;
  }
}

void ConflictAnalysis::explain_call(std::int32_t cause, std::uint32_t at,
                                    std::optional<Literal> pruned) {
  const Constraint& con = kernel_->constraint(cause);
  const bool narrow = cause == store_index_ && store_;
  rebuild(cause, at, narrow);
  reason_.clear();
  auto explain = [&] {
    if (kernel_->runs_by_check(cause)) add_scope(before_, con.scope(), reason_);
    else con.explain(before_, pruned ? std::optional(in_scope(*pruned, con.scope())) : pruned,
                     reason_);
  };
  explain();
  ++reasons_;
  scope_reasons_ += reason_.names_scope();
  if (!narrow) return;
  // a clause's reason names variables with literals; anything else is the default reason
  // (the whole scope), which needs every domain
  for (const Literal& l : reason_.literals())
    if (store_->literals().slot_of(l.var.id) == kNoId) {
      rebuild(cause, at, false);
      reason_.clear();
      explain();
      return;
    }
}

void ConflictAnalysis::rebuild_var(std::int32_t id, std::uint32_t at) {
  // the first change of the variable at or after `at` holds its domain then; none: it is
  // unchanged since
  const std::span<const std::int32_t> chain = trail_->changes_of(id);  // oldest first
  const auto first = std::lower_bound(chain.begin(), chain.end(), std::int32_t(at));
  const std::int32_t found = first == chain.end() ? -1 : *first;
  const Var x{id};
  const Store& s = kernel_->space();
  before_.overwrite(id, found < 0 ? s.bits(x)
                                  : trail_->old_words(std::uint32_t(found),
                                                      std::uint32_t(s.bits(x).size())));
}

void ConflictAnalysis::rebuild(std::int32_t cause, std::uint32_t at, bool narrow) {
  // Two ways to hold the domains: every variable's at whole_at_ (whole_; but for the ones in
  // dirty_), moved to another position by rewriting the variables changed in between (the
  // calls a 1UIP walk explains are near each other on the trail, and most are of another
  // propagator than the last); or only the scope's at rebuilt_at_ (rebuilt_, for the same
  // propagator and as widely: narrow, only the variables with literals), written over the
  // whole ones when that is cheaper, and listed in dirty_ to be rewritten when they are
  // needed again.
  const std::size_t num_vars = var_stamp_.size();
  const std::span<const Var> scope = kernel_->constraint(cause).scope();
  const std::size_t width = narrow ? store_->literals().num_slots() : scope.size();
  const bool covers = rebuilt_ && rebuilt_cause_ == cause && (narrow || !rebuilt_narrow_);
  if (covers && rebuilt_at_ == at) return;
  if (whole_) {
    const std::uint32_t from = std::min(at, whole_at_), to = std::max(at, whole_at_);
    if (dirty_.size() + (to - from) <= width) {
      for (const std::int32_t id : dirty_) rebuild_var(id, at);
      dirty_.clear();
      rebuilt_ = false;
      whole_at_ = at;
      for (std::uint32_t k = from; k < to; ++k) rebuild_var(trail_->changes()[k].var, at);
      return;
    }
  } else if (2 * width >= num_vars) {  // about as cheap to rebuild them all
    whole_ = true;
    whole_at_ = at;
    dirty_.clear();
    rebuilt_ = false;
    for (std::size_t id = 0; id < num_vars; ++id) rebuild_var(std::int32_t(id), at);
    return;
  }
  if (whole_ && dirty_.size() + width > num_vars) whole_ = false;  // (bounds dirty_)
  auto write = [&](std::int32_t id) {
    rebuild_var(id, at);
    if (whole_) dirty_.push_back(id);
  };
  const std::uint32_t from = std::min(at, rebuilt_at_), to = std::max(at, rebuilt_at_);
  if (covers && to - from < width) {
    // another step of the same propagator (Space::begin_step(): a clause store's chain), or
    // a call near the last: the domains differ only in the variables changed between the two
    // positions (others than the ones needed are rewritten too, which explain() does not read)
    rebuilt_at_ = at;
    for (std::uint32_t k = from; k < to; ++k) write(trail_->changes()[k].var);
    return;
  }
  rebuilt_ = true;
  rebuilt_cause_ = cause;
  rebuilt_at_ = at;
  rebuilt_narrow_ = narrow;
  if (narrow) {
    const LiteralTable& table = store_->literals();
    for (std::uint32_t k = 0; k < table.num_slots(); ++k) write(table.slot_var(k).id);
    return;
  }
  for (const Var y : scope) write(y.id);
}

void ConflictAnalysis::take(std::uint32_t k, bool pruned) {
  // k is the newest change with items (the heap's top), its items are listed in the order
  // they were added
  taken_.clear();
  ChangeItems& c = by_change_[k];
  for (std::int32_t i = c.head; i >= 0; i = items_[std::size_t(i)].next) {
    Item& it = items_[std::size_t(i)];
    taken_.push_back(pruned ? it.pruned : it.literal);
    it.in_set = false;
    --by_level_[std::size_t(it.level)].count;
  }
  c.count = 0;
  if (!newest_.empty() && newest_.front() == k) {
    std::pop_heap(newest_.begin(), newest_.end());
    newest_.pop_back();
  }
}

bool ConflictAnalysis::expand(std::uint32_t k) {
  take(k, true);  // first: their reasons are added to the same vector
  for (const Literal& p : taken_) {
    const CachedReason reason = reason_of(k, p);
    const std::size_t n = items_.size();
    if (!add_all(std::span(cached_literals_).subspan(reason.begin, reason.end - reason.begin)))
      return false;
    for (std::size_t i = n; i < items_.size(); ++i)
      if (items_[i].change >= k) return false;  // a reason must hold before the call
  }
  return true;
}

bool ConflictAnalysis::replace_by_decision(std::uint32_t k) {
  const LearningTrail::Decision& d = trail_->decisions()[std::size_t(trail_->level_of(k)) - 1];
  const Domain was = old(k);
  const std::int32_t x = trail_->changes()[k].var;
  take(k, false);
  reason_.clear();
  if (d.literal.kind == Kind::ne) {
    // refuting v: a bound or an assignment it implies needs the old domain's values around v
    const int v = d.literal.value;
    auto holes = [&](std::int64_t from, std::int64_t to) {  // [x != h] for h in (from, to)
      for (std::int64_t h = from + 1; h < to; ++h) {
        const Literal ne = Literal::ne(Var{x}, int(h));
        if (holds(ne, was)) reason_.add(ne);
      }
    };
    for (const Literal& l : taken_) {
      if (l.kind == Kind::ne) continue;  // l is d itself
      if (l.kind != Kind::le) {          // ge or eq: v was the minimum
        reason_.add(Literal::ge(Var{x}, was.min));
        holes(v, l.value);
      }
      if (l.kind != Kind::ge) {  // le or eq: v was the maximum
        reason_.add(Literal::le(Var{x}, was.max));
        holes(l.value, v);
      }
    }
  }
  if (!add_all(reason_.literals())) return false;
  return add(d.literal) == Added::yes;
}

bool ConflictAnalysis::implied(const Literal& l, std::size_t skip) const {
  // only the items on l's variable can imply it (grouped by minimise())
  const auto v = std::size_t(l.var.id);
  if (group_stamp_[v] != minimisation_) return false;  // none on its variable
  for (std::uint32_t g = group_begin_[v]; g < group_end_[v]; ++g) {
    const std::uint32_t i = by_var_[g];
    if (i == skip || dropped_[i]) continue;
    const Literal& m = items_[i].literal;
    switch (m.kind) {
      case Kind::eq:
        if (l.satisfied_by(m.value)) return true;
        break;
      case Kind::ge:
        if (l.follows_from_min(m.value)) return true;
        break;
      case Kind::le:
        if (l.follows_from_max(m.value)) return true;
        break;
      case Kind::ne:
        if (l == m) return true;
        break;
    }
  }
  return false;
}

bool ConflictAnalysis::follows(const Literal& l, std::size_t skip, int depth) {
  if (implied(l, skip)) return true;
  Domain after;
  const std::int32_t k = defining_change(l, after);
  if (k == kAtRoot) return true;
  if (k < 0 || after.size == 0) return false;
  const int level = trail_->level_of(std::uint32_t(k));
  if (level == 0) return true;  // made true before any decision: by the model alone
  // a level with no literal in the nogood is unlikely to be derived from them (MiniSat's
  // abstraction of levels): give up early
  if (depth == 0 || !((levels_seen_ >> (level & 63)) & 1u)) return false;
  // a change whose reason did not follow once in this minimisation is not tried again (it
  // might with more depth left, or for another literal of the change: missing a drop is safe)
  if (failed_[std::size_t(k)] == minimisation_) return false;
  if (reason_follows(std::uint32_t(k), made_true(l, after), skip, depth - 1)) return true;
  failed_[std::size_t(k)] = minimisation_;
  return false;
}

bool ConflictAnalysis::reason_follows(std::uint32_t k, const Literal& pruned, std::size_t skip,
                                      int depth) {
  const LearningTrail::Change& c = trail_->changes()[k];
  if (c.cause == LearningTrail::kDecision || kernel_->runs_by_check(c.cause)) return false;
  const CachedReason reason = reason_of(k, pruned);
  // by index: the deeper calls append to cached_literals_
  for (std::uint32_t i = reason.begin; i < reason.end; ++i) {
    bool never = false;
    const std::optional<Literal> l = on_variable(cached_literals_[i], never);
    if (never) return false;
    if (l && !follows(*l, skip, depth)) return false;
  }
  return true;
}

void ConflictAnalysis::minimise() {
  ++minimisation_;
  if (failed_.size() < trail_->changes().size()) failed_.resize(trail_->changes().size(), 0);
  int top = 0;
  levels_seen_ = 0;
  for (const Item& it : items_) {
    top = std::max(top, it.level);
    levels_seen_ |= std::uint64_t{1} << (it.level & 63);
  }
  // the items grouped by variable (implied() looks at one variable's), and a drop is a mark
  // (erasing one item at a time moved the rest: quadratic in a large nogood)
  // (a counting sort: how many per variable, where each variable's begin, the items there)
  if (group_stamp_.size() < var_stamp_.size()) {
    group_stamp_.resize(var_stamp_.size(), 0);
    group_begin_.resize(var_stamp_.size(), 0);
    group_end_.resize(var_stamp_.size(), 0);
  }
  group_vars_.clear();
  for (const Item& it : items_) {
    const auto v = std::size_t(it.literal.var.id);
    if (group_stamp_[v] != minimisation_) {
      group_stamp_[v] = minimisation_;
      group_end_[v] = 0;
      group_vars_.push_back(std::int32_t(v));
    }
    ++group_end_[v];
  }
  std::uint32_t total = 0;
  for (const std::int32_t v : group_vars_) {
    group_begin_[std::size_t(v)] = total;
    total += group_end_[std::size_t(v)];
    group_end_[std::size_t(v)] = group_begin_[std::size_t(v)];
  }
  by_var_.resize(items_.size());
  for (std::uint32_t i = 0; i < items_.size(); ++i)
    by_var_[group_end_[std::size_t(items_[i].literal.var.id)]++] = i;
  dropped_.assign(items_.size(), 0);
  for (std::size_t i = 0; i < items_.size(); ++i) {
    const Item& it = items_[i];
    if (it.level < top && reason_follows(it.change, it.pruned, i, kMinimiseDepth))
      dropped_[i] = 1;
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < items_.size(); ++i)
    if (!dropped_[i]) items_[kept++] = items_[i];
  items_.resize(kept);
}

bool ConflictAnalysis::analyse(PropagationKernel& kernel) {
  LearningTrail* trail = kernel.learning();
  if (!trail || !trail->conflict().pending) return false;
  const LearningTrail::Conflict conflict = trail->conflict();
  trail->take_conflict();
  kernel_ = &kernel;
  trail_ = trail;
  items_.clear();
  newest_.clear();
  removal_pool_.clear();
  ++analysis_stamp_;
  seen_count_ = 0;
  reason_.clear();
  const std::uint32_t kept = trail->take_kept();
  forget(cached_trail_ == trail ? kept : 0);
  cached_trail_ = trail;
  if (conflict.cause == LearningTrail::kDecision) return false;  // the kernel's failures only
  explain_call(conflict.cause, conflict.call, std::nullopt);
  if (!add_all(reason_.literals())) return false;
  // resolve the newest change of the highest level until it is the only one of its level
  // (the newest change with items is the top of a heap of changes, and each change lists its
  // items: scanning the set for it, and taking its items out, was quadratic in the set's size)
  for (;;) {
    while (!newest_.empty() && by_change_[newest_.front()].count == 0) {  // taken already
      std::pop_heap(newest_.begin(), newest_.end());
      newest_.pop_back();
    }
    if (newest_.empty()) break;
    const std::uint32_t newest = newest_.front();
    ChangeItems& items = by_change_[newest];
    // levels grow along the trail: the newest change's is the highest
    const int top = items_[std::size_t(items.head)].level;
    // every item of the top level is newest's
    const bool alone = by_level_[std::size_t(top)].count == items.count;
    std::size_t count = items.count;
    bool all_ge = true, all_le = true;
    for (std::int32_t i = items.head; i >= 0; i = items_[std::size_t(i)].next) {
      const Item& it = items_[std::size_t(i)];
      all_ge = all_ge && it.literal.kind == Kind::ge;
      all_le = all_le && it.literal.kind == Kind::le;
    }
    const bool decision = trail->changes()[newest].cause == LearningTrail::kDecision;
    if (alone && count > 1 && (all_ge || all_le)) {
      // one variable's bound twice (or more): the strongest implies the others
      int best = all_ge ? INT_MIN : INT_MAX;
      for (std::int32_t i = items.head; i >= 0; i = items_[std::size_t(i)].next) {
        const int v = items_[std::size_t(i)].literal.value;
        best = all_ge ? std::max(best, v) : std::min(best, v);
      }
      for (std::int32_t i = items.head; i >= 0; i = items_[std::size_t(i)].next) {
        Item& it = items_[std::size_t(i)];
        if (it.literal.value == best) {
          items.head = items.tail = i;
        } else {
          it.in_set = false;
          --by_level_[std::size_t(top)].count;
        }
      }
      items_[std::size_t(items.head)].next = -1;
      items.count = 1;
      count = 1;
    }
    if (alone && count == 1) break;
    if (decision) {
      if (!replace_by_decision(newest)) return false;
      if (!alone) return false;  // a decision is the oldest change of its level
      break;
    }
    if (!expand(newest)) return false;
  }
  // the items left, in the order they were added
  std::size_t left = 0;
  for (std::size_t i = 0; i < items_.size(); ++i)
    if (items_[i].in_set) items_[left++] = items_[i];
  items_.resize(left);
  minimise();
  literals_.clear();
  levels_.clear();
  level_ = 0;
  asserting_ = 0;
  for (const Item& it : items_) {
    if (it.level > level_) {
      level_ = it.level;
      asserting_ = literals_.size();
    }
    literals_.push_back(it.literal);
    levels_.push_back(it.level);
  }
  return true;
}

Nogood ConflictAnalysis::nogood() const {
  return Nogood{literals_, levels_, level_, asserting_};
}

}  // namespace solve::detail::csp
