#include "instructor_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace carcassonne::test {

namespace {

Layout parse_solution_line(const std::string& line) {
  Layout l;
  std::size_t at = line.find('(');
  while (at != std::string::npos) {
    Placement p;
    int degrees = 0;
    if (std::sscanf(line.c_str() + at, "(%d,%d,%d)", &p.row, &p.col, &degrees) != 3)
      throw std::runtime_error("bad Solution line: " + line);
    p.turn = degrees / 90;
    l.placements.push_back(p);
    at = line.find('(', at + 1);
  }
  return l;
}

}  // namespace

OutputFile parse_output(const std::string& text) {
  OutputFile out;
  std::istringstream in(text);
  std::string line;
  Block* current = nullptr;
  while (std::getline(in, line)) {
    if (line.rfind("Solution: ", 0) == 0) {
      out.blocks.push_back({parse_solution_line(line), {}});
      current = &out.blocks.back();
    } else if (line.empty()) {
      current = nullptr;
    } else if (line.rfind("Found ", 0) == 0) {
      out.found = std::stoi(line.substr(6));
    } else if (line == "No Solutions.") {
      out.none = true;
    } else if (current) {
      current->board.push_back(line);
    } else {
      throw std::runtime_error("unexpected line: " + line);
    }
  }
  return out;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace carcassonne::test
