#pragma once
// Helpers shared by the futoshiki tests: reading grids from files, running the binary.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace futoshiki::test {

inline std::string puzzles_dir() { return std::string(SOLVE_PUZZLES_DIR) + "/futoshiki"; }
inline std::string data_dir() { return std::string(SOLVE_TESTDATA_DIR) + "/futoshiki"; }

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

/// The numbers of a text, in order; lines starting with '#' are skipped. Each further block
/// of n*n numbers is one grid (published outputs, .sol files, our own output).
inline std::vector<std::vector<int>> grids_in(const std::string& text, int n) {
  std::vector<std::vector<int>> grids;
  std::vector<int> cur;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("#")) continue;
    std::istringstream words(line);
    int v = 0;
    while (words >> v) {
      cur.push_back(v);
      if (int(cur.size()) == n * n) grids.push_back(std::move(cur)), cur.clear();
    }
  }
  return grids;
}

}  // namespace futoshiki::test
