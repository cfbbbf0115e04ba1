#include "tile_xml.hpp"

#include <fmt/core.h>
#include <pugixml.hpp>

#include <algorithm>
#include <sstream>

#include <solve/error.hpp>

namespace carcassonne {

namespace {

// The attribute for each side (north, east, south, west).
constexpr const char* side_attribute[4] = {"top", "right", "bottom", "left"};

/// "name:line:col" of a byte offset in text. Linear in the offset: call it only for the
/// message of an error, never per element.
std::string where(const std::string& name, const std::string& text, std::ptrdiff_t offset) {
  const auto end =
      text.begin() + std::clamp<std::ptrdiff_t>(offset, 0, std::ptrdiff_t(text.size()));
  const auto line = 1 + std::count(text.begin(), end, '\n');
  const auto last_nl = std::find(std::make_reverse_iterator(end), text.rend(), '\n');
  const auto col = 1 + std::distance(last_nl.base(), end);
  return fmt::format("{}:{}:{}", name, line, col);
}

}  // namespace

std::vector<Tile> read_tiles_xml(const std::string& text, const std::string& name) {
  pugi::xml_document doc;
  const pugi::xml_parse_result ok = doc.load_buffer(text.data(), text.size());
  if (!ok)
    throw solve::InputError(
        fmt::format("{}: bad XML: {}", where(name, text, ok.offset), ok.description()));
  const pugi::xml_node root = doc.document_element();
  for (pugi::xml_node extra = root.next_sibling(); extra; extra = extra.next_sibling())
    if (extra.type() == pugi::node_element)  // pugixml accepts several; XML does not
      throw solve::InputError(fmt::format("{}: <{}> after the root element <tiles>",
                                          where(name, text, extra.offset_debug() - 1),
                                          extra.name()));
  if (std::string_view(root.name()) != "tiles")
    throw solve::InputError(fmt::format("{}: the root element must be <tiles>, not <{}>",
                                        where(name, text, root.offset_debug() - 1), root.name()));
  std::vector<Tile> tiles;
  for (const pugi::xml_node node : root.children()) {
    if (node.type() != pugi::node_element) continue;
    const auto fail = [&](const std::string& what) {
      throw solve::InputError(
          fmt::format("{}: {}", where(name, text, node.offset_debug() - 1), what));
    };  // at the '<'
    if (std::string_view(node.name()) != "tile")
      fail(fmt::format("unexpected element <{}> (expected <tile>)", node.name()));
    Tile t;
    for (int side = 0; side < 4; ++side) {
      const pugi::xml_attribute a = node.attribute(side_attribute[side]);
      if (!a) fail(fmt::format("<tile> without attribute '{}'", side_attribute[side]));
      const auto e = parse_edge(a.value(), true);
      if (!e)
        fail(fmt::format("{}=\"{}\": expected field, road or city", side_attribute[side],
                         a.value()));
      t.edges[std::size_t(side)] = *e;
    }
    if (tiles.size() == max_xml_tiles)
      fail(fmt::format("too many tiles (at most {})", max_xml_tiles));
    tiles.push_back(t);
  }
  if (tiles.empty()) throw solve::InputError(fmt::format("{}: no tiles", name));
  return tiles;
}

std::vector<Tile> read_tiles_xml_file(const std::string& path) {
  const cli::TextFile file = cli::read_text_file(path, xml_limits);
  return read_tiles_xml(file.text, file.name);
}

std::string write_tiles_xml(const std::vector<Tile>& tiles,
                            const std::vector<const Placement*>& placed,
                            const std::string& comment) {
  pugi::xml_document doc;
  auto decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  if (!comment.empty())
    doc.append_child(pugi::node_comment).set_value((" " + comment + " ").c_str());
  pugi::xml_node root = doc.append_child("tiles");
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Placement* p = i < placed.size() ? placed[i] : nullptr;
    const Tile t = p ? oriented(tiles[i], *p) : tiles[i];
    pugi::xml_node node = root.append_child("tile");
    for (int side : {west, east, north, south}) {  // the seed's attribute order
      const Edge e = t[side];
      node.append_attribute(side_attribute[side]) =
          e == Edge::pasture ? "field" : edge_name(e).data();
    }
    if (p) {
      node.append_attribute("positionX") = p->col;
      node.append_attribute("positionY") = p->row;
    }
  }
  std::ostringstream out;
  doc.save(out, "  ");
  return out.str();
}

}  // namespace carcassonne
