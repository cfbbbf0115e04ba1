#pragma once
// Helpers shared by the fzn-libsolve tests: where the data is, reading files, the .fzn files.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fzn::test {

inline std::string data_dir() { return std::string(SOLVE_TESTDATA_DIR) + "/fzn"; }

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

/// The files of a directory with that extension, sorted.
inline std::vector<std::string> files(const std::string& dir, const std::string& ext) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

/// The expected error of a malformed file: its first line reads "% error: LINE:COL: text".
inline std::string expected_error(const std::string& path) {
  std::ifstream in(path);
  std::string first;
  std::getline(in, first);
  const std::string tag = "% error: ";
  return first.starts_with(tag) ? first.substr(tag.size()) : std::string();
}

}  // namespace fzn::test
