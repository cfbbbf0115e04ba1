#include "puzzle_reader.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "solve/error.hpp"

namespace carcassonne {

namespace {

[[noreturn]] void fail(const std::string& name, std::size_t line, const std::string& what) {
  throw solve::InputError(fmt::format("{}:{}: {}", name, line, what));
}

/// Reads the next line (without its '\n') into text, refusing lines and inputs beyond the
/// limits before storing them. False at the end of the input.
bool next_line(std::istream& in, std::string& text, const std::string& name, std::size_t line,
               std::size_t& bytes) {
  text.clear();
  std::streambuf* buf = in.rdbuf();
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) return !text.empty();
    if (++bytes > max_puzzle_bytes)
      throw solve::InputError(fmt::format("{}: file too large (more than {} KiB)", name, max_puzzle_bytes >> 10));
    if (c == '\n') return true;
    if (text.size() == max_line_length)
      fail(name, line, fmt::format("line too long (more than {} characters)", max_line_length));
    text += char(c);
  }
}

}  // namespace

std::vector<Tile> read_puzzle(std::istream& in, const std::string& name) {
  std::vector<Tile> tiles;
  std::string text;
  std::size_t bytes = 0;
  for (std::size_t line = 1; next_line(in, text, name, line, bytes); ++line) {
    if (line == 1 && text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);  // a UTF-8 byte order mark
    for (char& c : text)
      if (c == '\r' || c == '\t') c = ' ';
    std::istringstream words(text);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    if (w[0] != "tile") fail(name, line, fmt::format("unknown keyword '{}' (expected 'tile')", w[0]));
    if (w.size() != 5)
      fail(name, line, fmt::format("a tile has 4 edges (north east south west), found {}", w.size() - 1));
    Tile t;
    for (int s = 0; s < 4; ++s) {
      const auto e = parse_edge(w[std::size_t(s) + 1]);
      if (!e)
        fail(name, line, fmt::format("unknown edge label '{}' (expected pasture, road or city)",
                                     w[std::size_t(s) + 1]));
      t.edges[std::size_t(s)] = *e;
    }
    if (!legal(t))
      fail(name, line, fmt::format("illegal tile '{} {} {} {}' ({} road(s) with {} city edge(s){})",
                                   w[1], w[2], w[3], w[4], t.count(Edge::road), t.count(Edge::city),
                                   t.count(Edge::road) == 2 ? " on opposite sides" : ""));
    if (int(tiles.size()) == max_tiles)
      fail(name, line, fmt::format("too many tiles (at most {})", max_tiles));
    tiles.push_back(t);
  }
  if (tiles.empty()) throw solve::InputError(fmt::format("{}: no tiles", name));
  return tiles;
}

std::vector<Tile> read_puzzle_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw solve::InputError(fmt::format("{}: is a directory", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw solve::InputError(fmt::format("{}: cannot open file", path));
  auto tiles = read_puzzle(in, path);
  if (in.bad()) throw solve::InputError(fmt::format("{}: read error", path));
  return tiles;
}

}  // namespace carcassonne
