#pragma once
// An SVG picture of a map for people who would rather look than read: pasture green, cities
// brown, roads black, abbeys as little buildings, each tile with its number (input line).
#include <string>
#include <vector>

#include "layout.hpp"
#include "tile.hpp"

namespace carcassonne {

/// The SVG document of a layout of tiles; tile i is labelled numbers[i] (default: i + 1).
std::string svg_picture(const std::vector<Tile>& tiles, const Layout& layout,
                        const std::vector<int>& numbers = {});
/// Throws solve::InputError unless `path` can be written (checked before a long search, so
/// that a bad path fails before anything is printed).
void check_writable(const std::string& path);
/// Writes svg_picture to a file. Throws solve::InputError when it cannot be written.
void write_svg_file(const std::string& path, const std::vector<Tile>& tiles, const Layout& layout,
                    const std::vector<int>& numbers = {});

}  // namespace carcassonne
