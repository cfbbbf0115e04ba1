#pragma once
// Whether two exact-cover problems are the same up to item and colour ids: the check of
// write_exact_cover + read_exact_cover (the writer puts primary items first, so ids may change).
// Shared by the round-trip tests and the Knuth-format fuzz harness.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <solve/exact_cover.hpp>

namespace testing {

/// Option o's items as a sorted list of (item name, colour name or "").
inline std::vector<std::pair<std::string, std::string>> option_names(const solve::ExactCover& p,
                                                                     int o) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const solve::ItemColour& ic : p.option(o))
    out.emplace_back(p.item_name(ic.item), ic.colour ? p.colour_name(ic.colour) : std::string());
  std::sort(out.begin(), out.end());
  return out;
}

/// The same item names, each with the same primary/secondary status and bounds; as many
/// colours; option o of each with the same (item name, colour name) pairs.
inline bool same_by_name(const solve::ExactCover& a, const solve::ExactCover& b) {
  if (a.num_items() != b.num_items() || a.num_primary() != b.num_primary() ||
      a.num_options() != b.num_options() || a.num_colours() != b.num_colours())
    return false;
  for (int i = 0; i < a.num_items(); ++i) {
    const auto j = b.find_item(a.item_name(i));
    if (!j || a.is_primary(i) != b.is_primary(*j) || a.bounds(i) != b.bounds(*j)) return false;
  }
  for (int o = 0; o < a.num_options(); ++o)
    if (option_names(a, o) != option_names(b, o)) return false;
  return true;
}

}  // namespace testing
