#include "source_map.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "common/text_file.hpp"

namespace fzn {

namespace {

// A paths file has a line per FlatZinc variable and constraint, each a few hundred bytes.
constexpr cli::TextLimits paths_limits{std::size_t(1) << 30, std::size_t(1) << 20,
                                       "a MiniZinc paths file"};

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const std::size_t end = s.find(sep, at);
    out.push_back(s.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return out;
    at = end + 1;
  }
}

// Files of MiniZinc's library and of a solver's: a place there says nothing to the user.
bool library_file(std::string_view file) {
  return file.find("/minizinc/std/") != std::string_view::npos ||
         file.find("/minizinc/libsolve/") != std::string_view::npos ||
         file.find("/share/minizinc/") != std::string_view::npos;
}

// The innermost segment of the path that lies in one of the user's files, as "file:line:col".
std::string place_of(std::string_view path) {
  std::string place;
  for (std::string_view segment : split(path, ';')) {
    const auto fields = split(segment, '|');
    if (fields.size() < 3 || fields[0].empty() || library_file(fields[0])) continue;
    int line = 0, col = 0;
    const auto [p1, e1] =
        std::from_chars(fields[1].data(), fields[1].data() + fields[1].size(), line);
    const auto [p2, e2] =
        std::from_chars(fields[2].data(), fields[2].data() + fields[2].size(), col);
    if (e1 != std::errc{} || e2 != std::errc{} || line <= 0) continue;
    place = fmt::format("{}:{}:{}", fields[0], line, col);
  }
  return place;
}

}  // namespace

SourceMap SourceMap::parse(std::string_view text) {
  SourceMap map;
  for (std::string_view line : split(text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto fields = split(line, '\t');
    if (fields.size() < 3 || fields[0].empty()) continue;
    Entry e{std::string(fields[1]), place_of(fields[2])};
    std::size_t number = 0;
    const auto [end, ec] =
        std::from_chars(fields[0].data(), fields[0].data() + fields[0].size(), number);
    if (ec == std::errc{} && end == fields[0].data() + fields[0].size()) {
      e.nice.clear();
      map.constraints_[number] = std::move(e);
    } else {
      map.names_[std::string(fields[0])] = std::move(e);
    }
  }
  return map;
}

SourceMap SourceMap::read(const std::string& path) {
  return parse(cli::read_text_file(path, paths_limits).text);
}

std::string SourceMap::explain(const Model& model, std::string_view message) const {
  // "FILE:LINE:COL: what": the .fzn place ends at the third ':' that a space follows.
  const std::size_t colon = message.find(": ");
  if (colon == std::string_view::npos) return std::string(message);
  const std::string_view fzn_place = message.substr(0, colon), what = message.substr(colon + 2);
  const auto parts = split(fzn_place, ':');
  if (parts.size() < 3) return std::string(message);
  std::uint64_t line = 0;
  const std::string_view line_text = parts[parts.size() - 2];
  if (std::from_chars(line_text.data(), line_text.data() + line_text.size(), line).ec !=
      std::errc{})
    return std::string(message);

  // The item that starts last at or before the line: a declaration or constraint number k.
  const Entry* item = nullptr;
  std::uint64_t best = 0;
  for (const Decl& d : model.decls)
    if (d.pos.line <= line && d.pos.line >= best)
      if (const auto it = names_.find(d.name); it != names_.end())
        item = &it->second, best = d.pos.line;
  for (std::size_t k = 0; k < model.constraints.size(); ++k)
    if (const std::uint64_t at = model.constraints[k].pos.line; at <= line && at >= best) {
      const auto it = constraints_.find(k);
      item = it == constraints_.end() ? nullptr : &it->second;
      best = at;
    }

  // Quoted FlatZinc names in the text become the model's names.
  std::string told;
  for (std::size_t at = 0; at < what.size();) {
    const std::size_t open = what.find('\'', at);
    const std::size_t close = open == std::string_view::npos ? open : what.find('\'', open + 1);
    if (close == std::string_view::npos) {
      told += what.substr(at);
      break;
    }
    told += what.substr(at, open + 1 - at);
    const std::string name(what.substr(open + 1, close - open - 1));
    const auto it = names_.find(name);
    told += it != names_.end() && !it->second.nice.empty() ? it->second.nice : name;
    told += '\'';
    at = close + 1;
  }
  if (!item || item->place.empty())
    return told == what ? std::string(message) : fmt::format("{}: {}", fzn_place, told);
  return fmt::format("{}: {} (FlatZinc {})", item->place, told, fzn_place);
}

}  // namespace fzn
