// ExactCover: the problem description (items, colours, options) and its validation.
#include <algorithm>
#include <limits>
#include <string>

#include "solve/error.hpp"
#include "solve/exact_cover.hpp"

namespace solve {

int ExactCover::add_item(std::string_view name, bool primary, ItemBounds bounds) {
  const int id = num_items();
  std::string n(name);
  if (n.empty()) n.append("#").append(std::to_string(id));  // (not "#" + ...: GCC 12 -Wrestrict)
  if (!item_ids_.emplace(n, id).second) throw ModelError("item '" + n + "' declared twice");
  items_.push_back({std::move(n), primary, bounds});
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
  auto it = item_ids_.find(name);
  if (it == item_ids_.end()) return std::nullopt;
  return it->second;
}

std::span<const ItemColour> ExactCover::option(int o) const {
  if (o < 0 || o >= num_options()) throw ModelError("option " + std::to_string(o) + " out of range");
  const auto b = std::size_t(option_start_[std::size_t(o)]);
  const auto e = std::size_t(option_start_[std::size_t(o) + 1]);
  return std::span<const ItemColour>(option_items_).subspan(b, e - b);
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
  option_items_.insert(option_items_.end(), items.begin(), items.end());
  option_start_.push_back(int(option_items_.size()));
  has_colours_ = has_colours_ || std::any_of(items.begin(), items.end(),
                                             [](const ItemColour& ic) { return ic.colour != 0; });
  return num_options() - 1;
}

}  // namespace solve
