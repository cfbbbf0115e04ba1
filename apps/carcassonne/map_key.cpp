#include "map_key.hpp"

#include <algorithm>

namespace carcassonne {

namespace {

// Cells sorted by (row, col), each with the code of the oriented tile lying there; the
// input index is dropped, which makes duplicates interchangeable.
MapKey picture(const std::vector<Tile>& tiles, const Layout& normalised) {
  MapKey k;
  k.reserve(tiles.size());
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Placement& p = normalised.placements[i];
    k.push_back(std::uint32_t(p.row) << 20 | std::uint32_t(p.col) << 8 |
                std::uint32_t(oriented(tiles[i], p).code()));
  }
  std::sort(k.begin(), k.end());
  return k;
}

}  // namespace

MapKey map_key(const std::vector<Tile>& tiles, const Layout& layout, bool turns_equal) {
  Layout l = layout.normalised();
  MapKey best = picture(tiles, l);
  if (!turns_equal) return best;
  for (int q = 1; q < 4; ++q) {
    l = l.turned();
    best = std::min(best, picture(tiles, l));
  }
  return best;
}

std::size_t MapKeyHash::operator()(const MapKey& k) const noexcept {
  std::uint64_t h = 1469598103934665603ull;
  for (std::uint32_t v : k) h = (h ^ v) * 1099511628211ull;
  return std::size_t(h);
}

}  // namespace carcassonne
