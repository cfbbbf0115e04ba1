// The store: bitset domains in one flat array and the trail that restores them. Views are
// mapped to their variable here (value -> (value - offset) / scale), once, so that the raw
// operations below only ever see the variable's own values.
#include "solve/space.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>

#include "csp/arith.hpp"
#include "csp/learning_trail.hpp"
#include "csp/store.hpp"
#include "solve/error.hpp"

namespace solve {

namespace {
constexpr unsigned kWordBits = 64;

/// The variable's value u with scale * u + offset == v, false when there is none.
bool unview(Var x, std::int64_t v, std::int64_t& u) {
  u = v - x.offset;
  if (x.scale == 1) return true;
  if (u % x.scale != 0) return false;
  u /= x.scale;
  return true;
}
}  // namespace

namespace {
std::atomic<std::uint64_t> next_store_id{1};
}

Space::Space() : id_(next_store_id.fetch_add(1, std::memory_order_relaxed)) {}

void Space::trail_word(std::uint64_t& word) { store().word_trail_.push_back({&word, word}); }

bool Space::learning() const { return store().learning_ != nullptr; }

void Space::begin_step() {
  if (detail::csp::LearningTrail* t = store().learning_) t->begin_step();
}

detail::csp::Store& Space::store() { return static_cast<detail::csp::Store&>(*this); }
const detail::csp::Store& Space::store() const {
  return static_cast<const detail::csp::Store&>(*this);
}

// ---- reading ----

int Space::next_value(Var x, int v) const {
  const std::int64_t n = std::int64_t(v) - x.offset;
  if (x.scale > 0) {
    const int u = next_raw(x.id, detail::floor_div(n, x.scale));
    return u == INT_MAX ? INT_MAX : int(x.apply(u));
  }
  const int u = prev_raw(x.id, detail::ceil_div(n, x.scale));  // a < 0: the order is reversed
  return u == INT_MIN ? INT_MAX : int(x.apply(u));
}

int Space::prev_value(Var x, int v) const {
  const std::int64_t n = std::int64_t(v) - x.offset;
  if (x.scale > 0) {
    const int u = prev_raw(x.id, detail::ceil_div(n, x.scale));
    return u == INT_MIN ? INT_MIN : int(x.apply(u));
  }
  const int u = next_raw(x.id, detail::floor_div(n, x.scale));
  return u == INT_MAX ? INT_MIN : int(x.apply(u));
}

int Space::next_raw(int id, std::int64_t u) const {
  const Info& d = info_[std::size_t(id)];
  if (u >= d.max) return INT_MAX;
  if (u < d.min) return d.min;
  const unsigned i = unsigned(u - d.lo) + 1;
  unsigned w = i >> 6;
  std::uint64_t bits = words_[d.off + w] & (~std::uint64_t{0} << (i & 63));
  while (!bits) bits = words_[d.off + ++w];
  return d.lo + int(w * 64 + unsigned(std::countr_zero(bits)));
}

int Space::prev_raw(int id, std::int64_t u) const {
  const Info& d = info_[std::size_t(id)];
  if (u <= d.min) return INT_MIN;
  if (u > d.max) return d.max;
  const unsigned i = unsigned(u - d.lo) - 1;
  unsigned w = i >> 6;
  std::uint64_t bits = words_[d.off + w] & (~std::uint64_t{0} >> (63 - (i & 63)));
  while (!bits) bits = words_[d.off + --w];
  return d.lo + int(w * 64 + 63 - unsigned(std::countl_zero(bits)));
}

bool Space::scaled_contains(Var x, int v) const {
  std::int64_t u;
  if (!unview(x, v, u)) return false;
  const Info& d = info_[x.id];
  if (u < d.min || u > d.max) return false;
  const unsigned i = unsigned(u - d.lo);
  return (words_[d.off + (i >> 6)] >> (i & 63)) & 1u;
}

std::uint64_t Space::scaled_word_at(Var x, std::int64_t lo) const {
  std::uint64_t w = 0;
  for (int i = 0; i < 64; ++i) {
    const std::int64_t v = lo + i;
    if (v >= INT_MIN && v <= INT_MAX && scaled_contains(x, int(v))) w |= std::uint64_t{1} << i;
  }
  return w;
}

std::int64_t Space::layout_end(int id) const { return store().declared_max_[std::size_t(id)]; }

int Space::scaled_base(Var x) const {
  return int(x.apply(x.scale > 0 ? info_[x.id].lo : layout_end(x.id)));
}

std::span<const std::uint64_t> Space::scaled_bits(Var x) const {
  const Info& d = info_[x.id];
  const std::int64_t a = x.scale < 0 ? -std::int64_t(x.scale) : x.scale;
  const std::int64_t width = a * (layout_end(x.id) - d.lo) + 1;
  store().view_words_.assign(std::size_t((width + kWordBits - 1) / kWordBits), 0);
  const std::int64_t lo = base(x);
  for_each_value(x.base(), [&](int u) {
    const std::int64_t i = x.apply(u) - lo;
    store().view_words_[std::size_t(i >> 6)] |= std::uint64_t{1} << (i & 63);
  });
  return store().view_words_;
}

// ---- shrinking, through views ----

Event Space::scaled_remove(Var x, int v) {
  std::int64_t u;
  return unview(x, v, u) ? remove_raw(x.id, u) : Event::none;
}

Event Space::scaled_assign(Var x, int v) {
  std::int64_t u;
  return unview(x, v, u) ? assign_raw(x.id, u) : empty_raw(x.id);
}

Event Space::scaled_set_min(Var x, std::int64_t lo) {
  const std::int64_t n = clamp(lo) - x.offset;
  return x.scale > 0 ? set_min_raw(x.id, detail::ceil_div(n, x.scale))
                     : set_max_raw(x.id, detail::floor_div(n, x.scale));
}

Event Space::scaled_set_max(Var x, std::int64_t hi) {
  const std::int64_t n = clamp(hi) - x.offset;
  return x.scale > 0 ? set_max_raw(x.id, detail::floor_div(n, x.scale))
                     : set_min_raw(x.id, detail::ceil_div(n, x.scale));
}

Event Space::keep_only(Var x, std::span<const int> values) {
  const Info& d = info_[x.id];
  store().mask_words_.assign(d.nwords, 0);
  for (int v : values) {
    std::int64_t u;
    if (!unview(x, v, u) || u < d.min || u > d.max) continue;
    const std::uint64_t i = std::uint64_t(u - d.lo);
    store().mask_words_[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  return intersect_raw(x.id, store().mask_words_);
}

Event Space::scaled_intersect(Var x, std::span<const std::uint64_t> mask) {
  const Info& d = info_[x.id];
  const std::int64_t lo = base(x);
  store().mask_words_.assign(d.nwords, 0);
  for_each_value(x.base(), [&](int u) {
    const std::uint64_t i = std::uint64_t(x.apply(u) - lo);
    if ((i >> 6) < mask.size() && ((mask[i >> 6] >> (i & 63)) & 1u)) {
      const unsigned k = unsigned(u - d.lo);
      store().mask_words_[k >> 6] |= std::uint64_t{1} << (k & 63);
    }
  });
  return intersect_raw(x.id, store().mask_words_);
}

// ---- shrinking the variable itself ----

void Space::recount(Info& d) {
  int size = 0;
  int first = -1, last = -1;
  for (unsigned w = 0; w < d.nwords; ++w) {
    const std::uint64_t bits = words_[d.off + w];
    if (!bits) continue;
    size += std::popcount(bits);
    if (first < 0) first = int(w * 64 + unsigned(std::countr_zero(bits)));
    last = int(w * 64 + 63 - unsigned(std::countl_zero(bits)));
  }
  d.size = size;
  if (size == 0) {
    d.max = d.min;  // emptied: see remove_raw
    return;
  }
  d.min = d.lo + first;
  d.max = d.lo + last;
}

// After a bound moved to lo or hi inside [min, max]: a domain without holes keeps none, and
// its summary follows without a count (bounds of start times, the usual case in scheduling;
// std::popcount is a library call on plain x86-64)
void Space::set_bound_summary(Info& d, int lo, int hi) {
  if (d.size == d.max - d.min + 1) {
    d.min = lo;
    d.max = hi;
    d.size = hi - lo + 1;
  } else {
    recount(d);
  }
}

// The test inline, the trailing out of line: a change repeated within a level (most of them)
// then costs no register saves for the path it does not take.
inline void Space::save(int id) {
  if (info_[std::size_t(id)].stamp != epoch_) save_slow(id);
}

void Space::save_slow(int id) {
  Info& d = info_[std::size_t(id)];
  detail::csp::Store& st = store();
  if (st.learning_) {
    // Learning records every change: its stamp then never equals the epoch, so that each
    // change comes here, and the epoch with the top bit set says the level saved it already.
    // Without learning the test above is all a repeated change costs.
    st.record_change(id);
    const std::uint64_t saved = epoch_ | (std::uint64_t{1} << 63);
    if (d.stamp == saved) return;
    d.stamp = saved;
  } else {
    d.stamp = epoch_;
  }
  st.trail_.push_back({id, d.size, d.min, d.max, std::uint32_t(st.trail_words_.size())});
  st.trail_words_.insert(st.trail_words_.end(), words_.begin() + d.off,
                         words_.begin() + d.off + d.nwords);
}

Event Space::after_change(int id, int old_min, int old_max) {
  Info& d = info_[std::size_t(id)];
  detail::csp::Store& st = store();
  ++st.updates_;
  Event e;
  if (d.size == 0) {
    failed_ = true;
    e = Event::failed;
  } else if (d.size == 1) {
    e = Event::assigned;
  } else {
    e = d.min != old_min || d.max != old_max ? Event::bounds : Event::domain;
  }
  if (d.pending == Event::none) st.modified_.push_back(id);
  if (e > d.pending) d.pending = e;
  return e;
}

Event Space::remove_raw(int id, std::int64_t u) {
  Info& d = info_[std::size_t(id)];
  if (u < d.min || u > d.max) return Event::none;
  const unsigned i = unsigned(u - d.lo);
  const std::uint64_t bit = std::uint64_t{1} << (i & 63);
  if (!(words_[d.off + (i >> 6)] & bit)) return Event::none;
  save(id);
  words_[d.off + (i >> 6)] &= ~bit;
  const int old_min = d.min, old_max = d.max;
  --d.size;
  if (d.size == 0) {
    // An empty domain keeps bounds inside its layout, min == max: what min() and max()
    // give back then (undefined, but read) stays a value of the variable, so that no view
    // of it leaves int. (min - 1 overflowed for a domain starting at INT_MIN.)
    d.max = d.min;
  } else if (u == d.min) {
    d.min = next_raw(id, u);
  } else if (u == d.max) {
    d.max = prev_raw(id, u);
  }
  return after_change(id, old_min, old_max);
}

Event Space::empty_raw(int id) {
  Info& d = info_[std::size_t(id)];
  save(id);
  const int old_min = d.min, old_max = d.max;
  std::fill(words_.begin() + d.off, words_.begin() + d.off + d.nwords, 0);
  d.size = 0;
  d.max = d.min;  // see remove_raw
  return after_change(id, old_min, old_max);
}

Event Space::assign_raw(int id, std::int64_t u) {
  Info& d = info_[std::size_t(id)];
  if (d.size == 1 && d.min == u) return Event::none;
  if (u < d.min || u > d.max) return empty_raw(id);
  const unsigned i = unsigned(u - d.lo);
  const std::uint64_t bit = std::uint64_t{1} << (i & 63);
  if (!(words_[d.off + (i >> 6)] & bit)) return empty_raw(id);
  save(id);
  const int old_min = d.min, old_max = d.max;
  std::fill(words_.begin() + d.off, words_.begin() + d.off + d.nwords, 0);
  words_[d.off + (i >> 6)] = bit;
  d.size = 1;
  d.min = d.max = int(u);
  return after_change(id, old_min, old_max);
}

Event Space::set_min_raw(int id, std::int64_t lo) {
  Info& d = info_[std::size_t(id)];
  if (lo <= d.min) return Event::none;
  if (lo > d.max) return empty_raw(id);
  save(id);
  const int old_min = d.min, old_max = d.max;
  const unsigned i = unsigned(lo - d.lo);
  for (unsigned w = 0; w < (i >> 6); ++w) words_[d.off + w] = 0;
  words_[d.off + (i >> 6)] &= ~std::uint64_t{0} << (i & 63);
  set_bound_summary(d, int(lo), old_max);
  return after_change(id, old_min, old_max);
}

Event Space::set_max_raw(int id, std::int64_t hi) {
  Info& d = info_[std::size_t(id)];
  if (hi >= d.max) return Event::none;
  if (hi < d.min) return empty_raw(id);
  save(id);
  const int old_min = d.min, old_max = d.max;
  const unsigned i = unsigned(hi - d.lo);
  words_[d.off + (i >> 6)] &= ~std::uint64_t{0} >> (63 - (i & 63));
  for (unsigned w = (i >> 6) + 1; w < d.nwords; ++w) words_[d.off + w] = 0;
  set_bound_summary(d, old_min, int(hi));
  return after_change(id, old_min, old_max);
}

Event Space::intersect_raw(int id, std::span<const std::uint64_t> mask) {
  Info& d = info_[std::size_t(id)];
  bool changes = false;
  for (unsigned w = 0; w < d.nwords && !changes; ++w) {
    const std::uint64_t m = w < mask.size() ? mask[w] : 0;
    changes = words_[d.off + w] & ~m;
  }
  if (!changes) return Event::none;
  save(id);
  const int old_min = d.min, old_max = d.max;
  for (unsigned w = 0; w < d.nwords; ++w) words_[d.off + w] &= w < mask.size() ? mask[w] : 0;
  recount(d);
  return after_change(id, old_min, old_max);
}

}  // namespace solve

namespace solve::detail::csp {

// ---- the engine's side ----

Var Store::add_var(int lo, int hi, std::span<const int> values) {
  if (lo > hi) throw ModelError("variable with an empty domain");
  const long long width = static_cast<long long>(hi) - lo + 1;
  if (width > (1 << 26)) throw ModelError("variable domain wider than 2^26 values");
  Info d{};
  d.lo = lo;
  d.off = std::uint32_t(words_.size());
  d.nwords = std::uint32_t((width + kWordBits - 1) / kWordBits);
  words_.resize(words_.size() + d.nwords, 0);
  if (values.empty()) {
    for (long long i = 0; i < width; ++i)
      words_[d.off + std::size_t(i / 64)] |= std::uint64_t{1} << (i % 64);
  } else {
    for (int v : values) {
      if (v < lo || v > hi) throw ModelError("value outside the declared range");
      const unsigned i = unsigned(v - lo);
      words_[d.off + (i >> 6)] |= std::uint64_t{1} << (i & 63);
    }
  }
  d.stamp = 0;
  d.pending = Event::none;
  recount(d);
  if (d.size == 0) throw ModelError("variable with an empty domain");
  info_.push_back(d);
  declared_max_.push_back(hi);
  return Var{std::int32_t(info_.size() - 1)};
}

void Store::record_change(int id) {
  const Info& d = info_[std::size_t(id)];
  learning_->record(id, d.min, d.max, d.size, {words_.data() + d.off, d.nwords});
}

void Store::overwrite(std::int32_t id, std::span<const std::uint64_t> words) {
  Info& d = info_[std::size_t(id)];
  std::copy(words.begin(), words.end(), words_.begin() + d.off);
  recount(d);
}

void Store::push_level() {
  if (learning_) learning_->push();
  level_marks_.push_back(std::uint32_t(trail_.size()));
  word_marks_.push_back(std::uint32_t(word_trail_.size()));
  ++epoch_;
}

void Store::pop_level() {
  assert(!level_marks_.empty());
  if (learning_) learning_->pop();
  const std::uint32_t mark = level_marks_.back();
  level_marks_.pop_back();
  while (trail_.size() > mark) {
    const TrailEntry& e = trail_.back();
    Info& d = info_[std::size_t(e.var)];
    std::copy_n(trail_words_.begin() + e.word_start, d.nwords, words_.begin() + d.off);
    d.size = e.size;
    d.min = e.min;
    d.max = e.max;
    trail_words_.resize(e.word_start);
    trail_.pop_back();
  }
  // newest first: a word saved twice on one level (before and after a child level) gets
  // the value it had when the level opened
  const std::uint32_t word_mark = word_marks_.back();
  word_marks_.pop_back();
  for (std::size_t k = word_trail_.size(); k-- > word_mark;)
    *word_trail_[k].word = word_trail_[k].value;
  word_trail_.resize(word_mark);
  ++epoch_;
  failed_ = false;
  clear_modified();
}

void Store::clear_modified() {
  for (std::int32_t id : modified_) info_[std::size_t(id)].pending = Event::none;
  modified_.clear();
}

}  // namespace solve::detail::csp
