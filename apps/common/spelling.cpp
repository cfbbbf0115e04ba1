#include "common/spelling.hpp"

#include <algorithm>
#include <numeric>

#include <CLI/CLI.hpp>

namespace cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: d[i][j] for prefixes a[0,i) and b[0,j).
  std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  std::iota(prev.begin(), prev.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + change});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::optional<std::string> nearest(std::string_view word,
                                   const std::vector<std::string>& candidates) {
  const std::size_t allowed = word.size() >= 6 ? 2 : 1;
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  bool tie = false;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    // A word no longer than the edits it needs is any word: "ab" is one edit from "a".
    if (d >= c.size() || d >= word.size()) continue;
    if (d < best_distance) {
      best = c;
      best_distance = d;
      tie = false;
    } else if (d == best_distance && best && *best != c) {
      tie = true;
    }
  }
  if (tie) return std::nullopt;
  return best;
}

namespace {

// The long names of app's options and of its subcommands' options, without dashes.
void long_names(const CLI::App& app, std::vector<std::string>& out) {
  for (const CLI::Option* o : app.get_options())
    for (const std::string& n : o->get_lnames()) out.push_back(n);
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    long_names(*sub, out);
}

std::vector<std::string> long_names(const CLI::App& app) {
  std::vector<std::string> out;
  long_names(app, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool has(const std::vector<std::string>& names, const std::string& n) {
  return std::binary_search(names.begin(), names.end(), n);
}

std::string swapped_dashes(std::string n) {
  for (char& c : n) c = c == '-' ? '_' : c == '_' ? '-' : c;
  return n;
}

// Splits "--name=value" into "name" and "=value" (dashes given).
std::pair<std::string, std::string> name_and_rest(const std::string& arg, std::size_t dashes) {
  const std::size_t eq = arg.find('=');
  if (eq == std::string::npos) return {arg.substr(dashes), ""};
  return {arg.substr(dashes, eq - dashes), arg.substr(eq)};
}

}  // namespace

std::vector<std::string> known_spellings(const CLI::App& app, std::vector<std::string> args,
                                         bool single_dash) {
  const std::vector<std::string> names = long_names(app);
  for (std::string& a : args) {
    if (a == "--") break;
    if (a.size() < 3 || a[0] != '-') continue;
    const std::size_t dashes = a[1] == '-' ? 2 : 1;
    if (dashes == 1 && !single_dash) continue;
    const auto [name, rest] = name_and_rest(a, dashes);
    if (name.size() < 2) continue;  // "-x": a short option
    for (const std::string& n : {name, swapped_dashes(name)})
      if (has(names, n)) {
        a = "--" + n + rest;
        break;
      }
  }
  return args;
}

std::optional<std::string> did_you_mean(const CLI::App& app, const std::vector<std::string>& args) {
  const std::vector<std::string> names = long_names(app);
  const CLI::App* at = &app;  // the subcommand the words so far have chosen
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a.size() > 2 && a.starts_with("--")) {
      const std::string name = name_and_rest(a, 2).first;
      if (has(names, name)) continue;
      if (const auto n = nearest(name, names))
        return "unknown option '--" + name + "': did you mean '--" + *n + "'?";
      continue;
    }
    if (a.empty() || a[0] == '-') continue;
    std::vector<std::string> subs;
    for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; })) {
      if (sub->check_name(a)) {
        at = sub;
        subs.clear();
        break;
      }
      subs.push_back(sub->get_name());
    }
    if (subs.empty()) continue;
    if (const auto n = nearest(a, subs))
      return "unknown command '" + a + "': did you mean '" + *n + "'?";
  }
  return std::nullopt;
}

}  // namespace cli
