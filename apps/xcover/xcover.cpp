#include "xcover.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include <solve/exact_cover_io.hpp>

#include "common/interrupt.hpp"
#include "common/progress.hpp"
#include "common/report.hpp"
#include "common/run.hpp"

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

namespace {

// Read within text_limits (bounded memory, a directory or a read error reported), then parsed.
solve::ExactCover read_input(const std::string& input) {
  cli::TextFile file = cli::read_text_file(input, text_limits);
  std::istringstream text(std::move(file.text));
  return solve::read_exact_cover(text, file.name);
}

std::string format_trace(const solve::ExactCover& p, const solve::CoverTraceEvent& e) {
  using Kind = solve::CoverTraceEvent::Kind;
  const std::string indent(std::size_t(std::max(0, e.depth - 1)) * 2, ' ');
  switch (e.kind) {
    case Kind::choose:
      return fmt::format("{}{}: {}\n", indent, p.item_name(e.item), solve::format_option(p, e.option));
    case Kind::backtrack:
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
  cli::ProgressLine progress(s.progress);
  opts.progress = progress.cover_hook();
  opts.progress_seconds = 1;
  const cli::InterruptGuard ctrl_c;
  opts.cancel = &cli::cancel_flag();

  std::string first;
  const solve::CoverResult result = solve::search(problem, opts, [&](std::span<const int> chosen) {
    if (s.mode == Mode::all) {
      if (!first.empty()) out << '\n';
      first = format_solution(problem, chosen);
      out << first;
      return out.good();  // a failed write stops the search
    }
    if (first.empty()) first = format_solution(problem, chosen);
    return true;
  });
  progress.clear();
  if (s.stats) err << cli::format_stats(result.stats, result.stop, cli::Engine::exact_cover);

  const std::uint64_t found = result.stats.solutions;
  // A limit or Ctrl-C cuts the answer short; the solution limit does not.
  if (cli::cut_short(result.stop)) {
    if (s.mode == Mode::first && found > 0) {  // the one solution asked for is there
      out << first;
      return cli::answered;
    }
    err << cli::stopped_message("xcover", result.stop,
                                fmt::format("after {} solutions; the {} is incomplete", found,
                                            s.mode == Mode::count ? "count" : "list"))
        << '\n';
    return cli::stopped;
  }
  if (s.mode == Mode::count) out << "solutions: " << found << '\n';
  if (s.mode == Mode::first) out << first;
  return found > 0 ? cli::answered : cli::no_solution;
}

}  // namespace

int run(const Settings& settings, std::ostream& out, std::ostream& err) {
  return cli::guarded("xcover", [&] { return solve_and_print(settings, out, err); }, err);
}

}  // namespace xcover
