#pragma once
// Distinct solutions are distinct maps: the picture of oriented tiles, wherever it lies and
// whichever duplicate tile sits where; with rotations allowed, also however the whole map is
// turned. MapKey is a canonical form of that picture, equal for equal maps.
#include <cstdint>
#include <vector>

#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

using MapKey = std::vector<std::uint32_t>;

/// The canonical form of a layout of `tiles`; `turns_equal`: turning the whole map gives the
/// same key.
MapKey map_key(const std::vector<Tile>& tiles, const Layout& layout, bool turns_equal);

struct MapKeyHash {
  std::size_t operator()(const MapKey& k) const noexcept;
};

}  // namespace carcassonne
