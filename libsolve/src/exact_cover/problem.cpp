// ExactCover: the problem description (items, colours, options) and its validation.
#include <algorithm>
#include <bit>
#include <cstring>
#include <iterator>
#include <limits>
#include <ranges>
#include <string>

#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {
namespace {

// The name index's hash: a few loads per name (the reader looks up every item of every option:
// FNV-1a a byte at a time was 40 k instructions in reading a sudoku, a loop over the bytes
// after the last whole word still 34 k, and std::hash's murmur, a call and a setup per name, a
// sixth of the reading). Up to 8 bytes, short_key(): the first, middle and last byte (up to 3)
// or the first four and the last four, which cover the name and so tell apart two names of
// one length. Longer, words multiplied in by an odd constant and then the last eight bytes.
// The slot is the high bits of the hash times an odd constant (Fibonacci hashing): a
// product's low bits see only the low bits of the name's bytes.

[[gnu::always_inline]] inline std::uint64_t word(const char* s, std::size_t bytes) {
  std::uint64_t w = 0;
  std::memcpy(&w, s, bytes);  // 4 or 8: a load (little- or big-endian alike for equality)
  return w;
}

[[gnu::always_inline]] inline std::uint64_t short_key(std::string_view name) {
  const char* const s = name.data();
  const std::size_t n = name.size();
  const auto byte = [s](std::size_t at) {
    return std::uint64_t(static_cast<unsigned char>(s[at]));
  };
  if (n == 0) return 0;
  if (n <= 3) return byte(0) << 16 | byte(n / 2) << 8 | byte(n - 1);
  return word(s, 4) << 32 | word(s + n - 4, 4);
}

[[gnu::always_inline]] inline std::uint64_t name_hash(std::string_view name) {
  constexpr std::uint64_t odd = 0x9fb21c651e98df25u;
  const std::size_t n = name.size();
  std::uint64_t h = n * odd;
  if (n <= 8) return h ^ short_key(name);
  for (std::size_t k = 0; k + 8 < n; k += 8) h = (h ^ word(name.data() + k, 8)) * odd;
  return h ^ word(name.data() + n - 8, 8);
}

[[gnu::always_inline]] inline bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.size() <= 8 ? short_key(a) == short_key(b) : a == b);
}

}  // namespace

[[gnu::always_inline]] inline std::size_t ExactCover::name_slot(std::string_view name) const {
  const std::size_t mask = name_slots_.size() - 1;
  std::size_t s = std::size_t((name_hash(name) * 0x9e3779b97f4a7c15u) >> name_shift_);
  for (;; s = (s + 1) & mask) {
    const std::int32_t id = name_slots_[s];
    if (id < 0 || same_name(items_[std::size_t(id)].name, name)) return s;
  }
}

int ExactCover::add_item(std::string_view name, bool primary, ItemBounds bounds) {
  const int id = num_items();
  std::string n(name);
  if (n.empty()) n.append("#").append(std::to_string(id));  // (not "#" + ...: GCC 12 -Wrestrict)
  if (2 * (items_.size() + 1) > name_slots_.size()) {  // at most half full: double, place again
    name_slots_.assign(name_slots_.empty() ? 64 : 2 * name_slots_.size(), -1);
    name_shift_ = 64 - std::countr_zero(name_slots_.size());
    for (std::size_t i = 0; i < items_.size(); ++i)
      name_slots_[name_slot(items_[i].name)] = std::int32_t(i);
  }
  const std::size_t slot = name_slot(n);
  if (name_slots_[slot] >= 0) throw ModelError("item '" + n + "' declared twice");
  items_.push_back({std::move(n), primary, bounds});
  name_slots_[slot] = id;
  if (primary) ++num_primary_;
  has_multiplicities_ = has_multiplicities_ || (primary && bounds != ItemBounds{});
  return id;
}

int ExactCover::add_primary(std::string_view name) { return add_item(name, true, {1, 1}); }

int ExactCover::add_secondary(std::string_view name) { return add_item(name, false, {0, 1}); }

int ExactCover::add_primary(std::string_view name, int lo, int hi) {
  if (lo < 0 || hi < 1 || lo > hi)
    throw ModelError("item '" + std::string(name) + "': bounds " + std::to_string(lo) + ":" +
                     std::to_string(hi) + " (need 0 <= lo <= hi and hi >= 1)");
  return add_item(name, true, {lo, hi});
}

int ExactCover::colour(std::string_view name) {
  if (name.empty()) throw ModelError("empty colour name");
  if (auto it = colour_ids_.find(name); it != colour_ids_.end()) return it->second;
  colour_names_.emplace_back(name);
  colour_ids_.emplace(colour_names_.back(), num_colours());
  return num_colours();
}

std::optional<int> ExactCover::find_item(std::string_view name) const {
  if (name_slots_.empty()) return std::nullopt;
  const std::int32_t id = name_slots_[name_slot(name)];
  if (id < 0) return std::nullopt;
  return id;
}

static_assert(std::random_access_iterator<OptionItems::iterator> &&
              std::ranges::random_access_range<OptionItems> &&
              std::ranges::sized_range<OptionItems>);

void ExactCover::out_of_range(const char* what, int id) {
  throw ModelError(std::string(what) + " " + std::to_string(id) + " out of range");
}

OptionItems ExactCover::option(int o) const {
  if (o < 0 || o >= num_options())
    throw ModelError("option " + std::to_string(o) + " out of range");
  const auto b = std::size_t(option_start_[std::size_t(o)]);
  const auto e = std::size_t(option_start_[std::size_t(o) + 1]);
  return OptionItems(option_items_.data() + b, has_colours_ ? option_colours_.data() + b : nullptr,
                     e - b);
}

int ExactCover::add_option(std::span<const int> items) {
  std::vector<ItemColour> v;
  v.reserve(items.size());
  for (int i : items) v.push_back({i, 0});
  return add_option(std::span<const ItemColour>(v));
}

int ExactCover::add_option(std::span<const ItemColour> items) {
  const auto what = [&] { return "option " + std::to_string(num_options()) + ": "; };
  if (items.empty()) throw ModelError(what() + "no items");
  if (items.size() > std::size_t(std::numeric_limits<int>::max()) - option_items_.size())
    throw ModelError(what() + "more than INT_MAX items in all options");
  if (item_mark_.size() < items_.size()) item_mark_.resize(items_.size(), 0);
  if (++mark_round_ == 0) {  // wrapped round: forget every old mark
    std::fill(item_mark_.begin(), item_mark_.end(), 0);
    mark_round_ = 1;
  }
  for (const ItemColour ic : items) {
    if (ic.item < 0 || ic.item >= num_items())
      throw ModelError(what() + "unknown item id " + std::to_string(ic.item));
    const auto& decl = items_[std::size_t(ic.item)];
    if (ic.colour != 0) {
      if (decl.primary) throw ModelError(what() + "colour on primary item '" + decl.name + "'");
      if (ic.colour < 0 || ic.colour > num_colours())
        throw ModelError(what() + "unknown colour id " + std::to_string(ic.colour));
    }
    std::uint32_t& mark = item_mark_[std::size_t(ic.item)];
    if (mark == mark_round_) throw ModelError(what() + "item '" + decl.name + "' twice");
    mark = mark_round_;
  }
  // The first colour: every item before it had none.
  if (!has_colours_ && std::any_of(items.begin(), items.end(),
                                   [](const ItemColour& ic) { return ic.colour != 0; })) {
    option_colours_.assign(option_items_.size(), 0);
    has_colours_ = true;
  }
  for (const ItemColour ic : items) option_items_.push_back(ic.item);
  if (has_colours_)
    for (const ItemColour ic : items) option_colours_.push_back(ic.colour);
  option_start_.push_back(std::int32_t(option_items_.size()));
  return num_options() - 1;
}

}  // namespace solve
