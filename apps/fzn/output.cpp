#include "output.hpp"

#include <fmt/format.h>

namespace fzn {
namespace {

void append_value(std::string& out, bool is_bool, std::int64_t v) {
  if (is_bool) out += v ? "true" : "false";
  else out += fmt::format("{}", v);
}

}  // namespace

std::string format_solution(const Program& program, const solve::Solution& solution) {
  std::string out;
  for (const OutputItem& o : program.outputs) {
    out += o.name;
    out += " = ";
    if (!o.is_array) {
      append_value(out, o.is_bool, value_of(o.items.front(), solution));
    } else {
      out += fmt::format("array{}d(", o.dims.size());
      for (const auto& [lo, hi] : o.dims) out += fmt::format("{}..{}, ", lo, hi);
      out += '[';
      for (std::size_t i = 0; i < o.items.size(); ++i) {
        if (i) out += ", ";
        append_value(out, o.is_bool, value_of(o.items[i], solution));
      }
      out += "])";
    }
    out += ";\n";
  }
  return out;
}

}  // namespace fzn
