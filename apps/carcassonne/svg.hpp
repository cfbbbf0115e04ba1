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
/// Writes svg_picture to a file. Throws cli::WriteError when it cannot be written (check the
/// path first with cli::check_writable, before a long search).
void write_svg_file(const std::string& path, const std::vector<Tile>& tiles, const Layout& layout,
                    const std::vector<int>& numbers = {});

}  // namespace carcassonne
