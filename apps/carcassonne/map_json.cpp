#include "map_json.hpp"

#include <string>

namespace carcassonne {

cli::Json map_json(const std::vector<Tile>& tiles, const Layout& layout,
                   const std::vector<int>& numbers) {
  const Layout l = layout.normalised();
  cli::Json placements = cli::Json::array();
  for (std::size_t i = 0; i < tiles.size() && i < l.placements.size(); ++i) {
    const Placement& p = l.placements[i];
    const Tile t = oriented(tiles[i], p);
    cli::Json edges = cli::Json::array();
    for (int side = 0; side < 4; ++side) edges.push_back(std::string(edge_name(t[side])));
    placements.push_back({{"tile", i < numbers.size() ? numbers[i] : int(i) + 1},
                          {"row", p.row},
                          {"col", p.col},
                          {"rotation", 90 * p.turn},
                          {"edges", std::move(edges)}});
  }
  return {{"rows", l.rows()}, {"cols", l.cols()}, {"placements", std::move(placements)}};
}

}  // namespace carcassonne
