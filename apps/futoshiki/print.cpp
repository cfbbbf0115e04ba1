#include "print.hpp"

#include <fmt/format.h>

namespace futoshiki {

std::string format_grid(int n, std::span<const int> grid) {
  std::string out;
  out.reserve(grid.size() * 3);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += ' ';
      out += std::to_string(grid[std::size_t(r * n + c)]);
    }
    out += '\n';
  }
  return out;
}

cli::Json grid_json(int n, std::span<const int> grid) {
  cli::Json rows = cli::Json::array();
  for (int r = 0; r < n; ++r) rows.push_back(grid.subspan(std::size_t(r * n), std::size_t(n)));
  return {{"grid", std::move(rows)}};
}

std::string format_trace(const solve::Model& m, const solve::TraceEvent& e) {
  using Kind = solve::TraceEvent::Kind;
  const std::string indent(std::size_t(e.depth > 0 ? 2 * (e.depth - 1) : 0), ' ');
  switch (e.kind) {
    case Kind::decide: return fmt::format("{}{} = {}\n", indent, m.name(e.var), e.value);
    case Kind::fail: return fmt::format("{}{} = {} fails\n", indent, m.name(e.var), e.value);
    case Kind::backtrack: return fmt::format("{}backtrack from {}\n", indent, m.name(e.var));
    case Kind::solution: return fmt::format("{}solution\n", indent);
  }
  return {};
}

}  // namespace futoshiki
