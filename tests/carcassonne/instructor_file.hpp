#pragma once
// Reads the course's published output files into solution blocks, for comparing pictures.
#include <optional>
#include <string>
#include <vector>

#include "layout.hpp"

namespace carcassonne::test {

struct Block {
  Layout layout;                   ///< from the Solution line
  std::vector<std::string> board;  ///< the picture lines under it
};

struct OutputFile {
  std::vector<Block> blocks;
  std::optional<int> found;  ///< N of "Found N Solution(s).", if present
  bool none = false;         ///< "No Solutions."
};

/// Parses course output text (our own or the instructor's).
OutputFile parse_output(const std::string& text);
std::string read_text(const std::string& path);

}  // namespace carcassonne::test
