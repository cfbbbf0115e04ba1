#include "puzzle_reader.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <sstream>

#include <solve/error.hpp>

namespace carcassonne {

namespace {

[[noreturn]] void fail(const std::string& name, std::size_t line, const std::string& what) {
  throw solve::InputError(fmt::format("{}:{}: {}", name, line, what));
}

}  // namespace

std::vector<Tile> read_puzzle(std::string_view input, const std::string& name) {
  std::vector<Tile> tiles;
  std::size_t line = 0;
  while (!input.empty()) {
    ++line;
    const std::size_t end = std::min(input.find('\n'), input.size());
    std::string text(input.substr(0, end));
    input.remove_prefix(std::min(end + 1, input.size()));
    for (char& c : text)
      if (c == '\r' || c == '\t') c = ' ';
    std::istringstream words(text);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    if (w[0] != "tile")
      fail(name, line, fmt::format("unknown keyword '{}' (expected 'tile')", w[0]));
    if (w.size() != 5)
      fail(name, line,
           fmt::format("a tile has 4 edges (north east south west), found {}", w.size() - 1));
    Tile t;
    for (int s = 0; s < 4; ++s) {
      const auto e = parse_edge(w[std::size_t(s) + 1]);
      if (!e)
        fail(name, line,
             fmt::format("unknown edge label '{}' (expected pasture, road or city)",
                         w[std::size_t(s) + 1]));
      t.edges[std::size_t(s)] = *e;
    }
    if (!legal(t))
      fail(name, line,
           fmt::format("illegal tile '{} {} {} {}' ({} road(s) with {} city edge(s){})", w[1], w[2],
                       w[3], w[4], t.count(Edge::road), t.count(Edge::city),
                       t.count(Edge::road) == 2 ? " on opposite sides" : ""));
    if (int(tiles.size()) == max_tiles)
      fail(name, line, fmt::format("too many tiles (at most {})", max_tiles));
    tiles.push_back(t);
  }
  if (tiles.empty()) throw solve::InputError(fmt::format("{}: no tiles", name));
  return tiles;
}

std::vector<Tile> read_puzzle_file(const std::string& path) {
  const cli::TextFile file = cli::read_text_file(path, text_limits);
  return read_puzzle(file.text, file.name);
}

}  // namespace carcassonne
