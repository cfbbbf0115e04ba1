#include "xcover.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <vector>

#include <fmt/format.h>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>

namespace xcover {

std::string format_solution(const solve::ExactCover& problem, std::span<const int> options) {
  std::vector<int> sorted(options.begin(), options.end());
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (int o : sorted) {
    out += solve::format_option(problem, o);
    out += '\n';
  }
  return out;
}

std::string format_stats(const solve::CoverResult& r) {
  const solve::Stats& s = r.stats;
  std::string out = fmt::format("solutions: {}\nnodes: {}\nupdates: {}\nmax depth: {}\nseconds: {:.3f}\nstopped: {}\n",
                                r.count.to_string(), s.nodes, s.updates, s.max_depth, s.seconds, solve::to_string(r.stop));
  if (const solve::MemoStats& m = r.memo; m.lookups > 0)
    out += fmt::format("memo hits: {} of {} lookups ({:.1f}%)\nmemo stores: {} ({} evictions, {:.1f} MiB)\n", m.hits,
                       m.lookups, 100 * m.hit_rate(), m.stores, m.evictions, double(m.bytes) / (1 << 20));
  return out;
}

namespace {

solve::ExactCover read_input(const std::string& input) {
  if (input != "-") return solve::read_exact_cover_file(input);
  return solve::read_exact_cover(std::cin, "<stdin>");
}

std::string format_trace(const solve::ExactCover& p, const solve::CoverTraceEvent& e) {
  using Kind = solve::CoverTraceEvent::Kind;
  const std::string indent(std::size_t(std::max(0, e.depth - 1)) * 2, ' ');
  switch (e.kind) {
    case Kind::choose:  // option -1: the item takes no more options (multiplicities)
      if (e.option < 0) return fmt::format("{}{}: no more options\n", indent, p.item_name(e.item));
      return fmt::format("{}{}: {}\n", indent, p.item_name(e.item), solve::format_option(p, e.option));
    case Kind::backtrack:
      if (e.option < 0) return fmt::format("{}undo no more options for {}\n", indent, p.item_name(e.item));
      return fmt::format("{}undo {}\n", indent, solve::format_option(p, e.option));
    case Kind::solution:
      return fmt::format("{}solution\n", indent);
  }
  return {};
}

int solve_and_print(const Settings& s, std::ostream& out, std::ostream& err) {
  const solve::ExactCover problem = read_input(s.input);
  solve::CoverOptions opts = s.search;
  if (s.mode == Mode::first) opts.max_solutions = 1;
  if (s.trace) opts.trace = [&](const solve::CoverTraceEvent& e) { err << format_trace(problem, e); };
  bool progress_shown = false;
  if (s.progress) {
    // Shown only once the search has run a second (the first report comes after 1 s).
    opts.progress_seconds = 1;
    opts.progress = [&](const solve::CoverProgress& p) {
      err << fmt::format("\r{:6.2f}% done, {} solutions, {} nodes, {:.0f} s ", 100 * p.done, p.solutions,
                         p.nodes, p.seconds)
          << std::flush;
      progress_shown = true;
    };
  }

  // The first solution's text; `any` says whether there was one (the empty set of options is a
  // solution when every primary item has lower bound 0, and its text is empty).
  std::string first;
  bool any = false;
  const auto on_solution = [&](std::span<const int> chosen) {
    if (s.mode == Mode::all) {
      if (any) out << '\n';
      out << format_solution(problem, chosen);
    } else if (!any) {
      first = format_solution(problem, chosen);
    }
    any = true;
    return true;
  };
  // A memoised count sees no solution one by one.
  const solve::CoverResult result = opts.memo ? solve::count(problem, opts) : solve::search(problem, opts, on_solution);
  if (progress_shown) err << "\r\033[K" << std::flush;  // clear the progress line
  if (s.stats) err << format_stats(result);

  const solve::BigCount& found = result.count;
  // A limit the user set on time or nodes cuts the answer short; a solution limit does not.
  const bool cut = !result.complete() && result.stop != solve::StopReason::solution_limit;
  if (cut) {
    err << fmt::format("xcover: {} reached after {} solutions; the answer is incomplete\n",
                       solve::to_string(result.stop), found.to_string());
    if (s.mode == Mode::first && found > 0) out << first;
    return s.mode == Mode::first && found > 0 ? Exit::found : Exit::limit_reached;
  }
  if (s.mode == Mode::count) out << "solutions: " << found.to_string() << '\n';
  if (s.mode == Mode::first) out << first;
  return found > 0 ? Exit::found : Exit::none;
}

}  // namespace

int run(const Settings& settings, std::ostream& out, std::ostream& err) {
  try {
    return solve_and_print(settings, out, err);
  } catch (const solve::InputError& e) {  // "FILE:LINE: what"
    err << e.what() << '\n';
    return Exit::bad_input;
  } catch (const solve::ModelError& e) {  // e.g. --engine bitset on a problem with colours
    err << "xcover: " << e.what() << '\n';
    return Exit::bad_input;
  } catch (const std::exception& e) {
    err << "xcover: internal error: " << e.what() << '\n';
    return Exit::internal;
  }
}

}  // namespace xcover
