// ExactCover: the problem description (items, colours, options) and its validation.
#include <algorithm>
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
  std::string n(name);
  if (n.empty()) throw ModelError("empty colour name");
  auto [it, added] = colour_ids_.emplace(n, num_colours() + 1);
  if (added) colour_names_.push_back(std::move(n));
  return it->second;
}

std::optional<int> ExactCover::find_item(std::string_view name) const {
  auto it = item_ids_.find(std::string(name));
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
  const std::string what = "option " + std::to_string(num_options()) + ": ";
  if (items.empty()) throw ModelError(what + "no items");
  for (std::size_t k = 0; k < items.size(); ++k) {
    const ItemColour ic = items[k];
    if (ic.item < 0 || ic.item >= num_items())
      throw ModelError(what + "unknown item id " + std::to_string(ic.item));
    const auto& decl = items_[std::size_t(ic.item)];
    if (ic.colour != 0) {
      if (decl.primary) throw ModelError(what + "colour on primary item '" + decl.name + "'");
      if (ic.colour < 0 || ic.colour > num_colours())
        throw ModelError(what + "unknown colour id " + std::to_string(ic.colour));
    }
    for (std::size_t j = 0; j < k; ++j)
      if (items[j].item == ic.item) throw ModelError(what + "item '" + decl.name + "' twice");
  }
  option_items_.insert(option_items_.end(), items.begin(), items.end());
  option_start_.push_back(int(option_items_.size()));
  has_colours_ = has_colours_ || std::any_of(items.begin(), items.end(),
                                             [](const ItemColour& ic) { return ic.colour != 0; });
  return num_options() - 1;
}

}  // namespace solve
