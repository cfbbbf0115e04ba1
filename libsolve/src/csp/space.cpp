// The store: bitset domains in one flat array and the trail that restores them.
#include "solve/space.hpp"

#include <algorithm>
#include <cassert>

#include "solve/error.hpp"

namespace solve {

namespace {
constexpr unsigned kWordBits = 64;
}  // namespace

Var Space::add_var(int lo, int hi, std::span<const int> values) {
  if (lo > hi) throw ModelError("variable with an empty domain");
  const long long width = static_cast<long long>(hi) - lo + 1;
  if (width > (1 << 26)) throw ModelError("variable domain wider than 2^26 values");
  Info d{};
  d.lo = lo;
  d.off = std::uint32_t(words_.size());
  d.nwords = std::uint32_t((width + kWordBits - 1) / kWordBits);
  words_.resize(words_.size() + d.nwords, 0);
  if (values.empty()) {
    for (long long i = 0; i < width; ++i) words_[d.off + std::size_t(i / 64)] |= std::uint64_t{1} << (i % 64);
  } else {
    for (int v : values) {
      if (v < lo || v > hi) throw ModelError("value outside the declared range");
      const unsigned i = unsigned(v - lo);
      words_[d.off + (i >> 6)] |= std::uint64_t{1} << (i & 63);
    }
  }
  d.stamp = 0;
  d.in_modified = false;
  recount(d);
  if (d.size == 0) throw ModelError("variable with an empty domain");
  info_.push_back(d);
  return Var{std::int32_t(info_.size() - 1)};
}

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
  d.min = size ? d.lo + first : d.lo;
  d.max = size ? d.lo + last : d.lo - 1;
}

int Space::next_value(Var x, int v) const {
  const Info& d = info_[x.id];
  if (v >= d.max) return INT_MAX;
  if (v < d.min) return d.min;
  unsigned i = unsigned(v - d.lo) + 1;
  unsigned w = i >> 6;
  std::uint64_t bits = words_[d.off + w] & (~std::uint64_t{0} << (i & 63));
  while (!bits) bits = words_[d.off + ++w];
  return d.lo + int(w * 64 + unsigned(std::countr_zero(bits)));
}

int Space::prev_value(Var x, int v) const {
  const Info& d = info_[x.id];
  if (v <= d.min) return INT_MIN;
  if (v > d.max) return d.max;
  unsigned i = unsigned(v - d.lo) - 1;
  unsigned w = i >> 6;
  std::uint64_t bits = words_[d.off + w] & (~std::uint64_t{0} >> (63 - (i & 63)));
  while (!bits) bits = words_[d.off + --w];
  return d.lo + int(w * 64 + 63 - unsigned(std::countl_zero(bits)));
}

void Space::save(int id) {
  Info& d = info_[std::size_t(id)];
  if (d.stamp == epoch_) return;
  d.stamp = epoch_;
  trail_.push_back({id, d.size, d.min, d.max, std::uint32_t(trail_words_.size())});
  trail_words_.insert(trail_words_.end(), words_.begin() + d.off, words_.begin() + d.off + d.nwords);
}

Event Space::after_change(int id) {
  Info& d = info_[std::size_t(id)];
  ++updates_;
  if (!d.in_modified) {
    d.in_modified = true;
    modified_.push_back(id);
  }
  if (d.size == 0) {
    failed_ = true;
    return Event::failed;
  }
  return d.size == 1 ? Event::assigned : Event::domain;
}

Event Space::remove(Var x, int v) {
  if (!contains(x, v)) return Event::none;
  save(x.id);
  Info& d = info_[x.id];
  const unsigned i = unsigned(v - d.lo);
  words_[d.off + (i >> 6)] &= ~(std::uint64_t{1} << (i & 63));
  --d.size;
  if (d.size == 0) {
    d.max = d.min - 1;
  } else if (v == d.min) {
    d.min = next_value(x, v);
  } else if (v == d.max) {
    d.max = prev_value(x, v);
  }
  return after_change(x.id);
}

Event Space::assign(Var x, int v) {
  Info& d = info_[x.id];
  if (d.size == 1 && d.min == v) return Event::none;
  save(x.id);
  const bool had = contains(x, v);
  std::fill(words_.begin() + d.off, words_.begin() + d.off + d.nwords, 0);
  if (had) {
    const unsigned i = unsigned(v - d.lo);
    words_[d.off + (i >> 6)] = std::uint64_t{1} << (i & 63);
    d.size = 1;
    d.min = d.max = v;
  } else {
    d.size = 0;
    d.max = d.min - 1;
  }
  return after_change(x.id);
}

Event Space::restrict_min(Var x, int lo) {
  Info& d = info_[x.id];
  if (lo <= d.min) return Event::none;
  save(x.id);
  if (lo > d.max) {
    std::fill(words_.begin() + d.off, words_.begin() + d.off + d.nwords, 0);
  } else {
    const unsigned i = unsigned(lo - d.lo);
    for (unsigned w = 0; w < (i >> 6); ++w) words_[d.off + w] = 0;
    words_[d.off + (i >> 6)] &= ~std::uint64_t{0} << (i & 63);
  }
  recount(d);
  return after_change(x.id);
}

Event Space::restrict_max(Var x, int hi) {
  Info& d = info_[x.id];
  if (hi >= d.max) return Event::none;
  save(x.id);
  if (hi < d.min) {
    std::fill(words_.begin() + d.off, words_.begin() + d.off + d.nwords, 0);
  } else {
    const unsigned i = unsigned(hi - d.lo);
    words_[d.off + (i >> 6)] &= ~std::uint64_t{0} >> (63 - (i & 63));
    for (unsigned w = (i >> 6) + 1; w < d.nwords; ++w) words_[d.off + w] = 0;
  }
  recount(d);
  return after_change(x.id);
}

Event Space::intersect(Var x, std::span<const std::uint64_t> mask) {
  Info& d = info_[x.id];
  bool changes = false;
  for (unsigned w = 0; w < d.nwords; ++w) {
    const std::uint64_t m = w < mask.size() ? mask[w] : 0;
    if (words_[d.off + w] & ~m) changes = true;
  }
  if (!changes) return Event::none;
  save(x.id);
  for (unsigned w = 0; w < d.nwords; ++w) words_[d.off + w] &= w < mask.size() ? mask[w] : 0;
  recount(d);
  return after_change(x.id);
}

void Space::push_level() {
  level_marks_.push_back(std::uint32_t(trail_.size()));
  ++epoch_;
}

void Space::pop_level() {
  assert(!level_marks_.empty());
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
  ++epoch_;
  failed_ = false;
  clear_modified();
}

void Space::clear_modified() {
  for (std::int32_t id : modified_) info_[std::size_t(id)].in_modified = false;
  modified_.clear();
}

}  // namespace solve
