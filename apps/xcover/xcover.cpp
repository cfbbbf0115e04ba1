#include "xcover.hpp"

#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include <solve/exact_cover_io.hpp>

#include "common/interrupt.hpp"
#include "common/names.hpp"
#include "common/options.hpp"
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

cli::Json solution_json(const solve::ExactCover& problem, std::span<const int> options) {
  std::vector<int> sorted(options.begin(), options.end());
  std::sort(sorted.begin(), sorted.end());
  cli::Json list = cli::Json::array();
  for (int o : sorted) {
    cli::Json items = cli::Json::array();
    for (const solve::ItemColour& ic : problem.option(o))
      items.push_back(ic.colour == 0
                          ? problem.item_name(ic.item)
                          : problem.item_name(ic.item) + ":" + problem.colour_name(ic.colour));
    list.push_back({{"id", o}, {"items", std::move(items)}});
  }
  return {{"options", std::move(list)}};
}

namespace {

// Read within text_limits (bounded memory, a directory or a read error reported), then parsed.
solve::ExactCover read_input(const std::string& input) {
  cli::TextFile file = cli::read_text_file(input, text_limits);
  std::istringstream text(std::move(file.text));
  return solve::read_exact_cover(text, file.name);
}

// The shared statistics, with the exact count (it may exceed 64 bits) and the memo's figures.
std::string format_stats(const solve::Result& r) {
  std::string out =
      cli::format_stats(r.stats, r.stop, cli::Counters::exact_cover, r.count.to_string());
  if (const solve::MemoStats& m = r.memo; m.lookups > 0)
    out += fmt::format(
        "memo hits: {} of {} lookups ({:.1f}%)\nmemo stores: {} ({} evictions, {:.1f} MiB)\n",
        m.hits, m.lookups, 100 * m.hit_rate(), m.stores, m.evictions, double(m.bytes) / (1 << 20));
  return out;
}

// The plan that ran (Result::plan): engine and item choice, and what else it decided.
std::string format_plan(const solve::CoverPlan& p) {
  std::string out = fmt::format("engine: {}\nchoice: {}{}\n", cli::name(p.engine),
                                cli::name(p.item_choice), p.probed ? " (estimated)" : "");
  if (p.multiplicities) out += "multiplicities: Algorithm M\n";
  if (p.memo_trial_nodes > 0)
    out += fmt::format("memo trial: {} nodes, {}\n", p.memo_trial_nodes,
                       p.memo ? "counted" : "dropped");
  else if (p.memo) out += "memo: on\n";
  return out;
}

std::string format_trace(const solve::ExactCover& p, const solve::CoverTraceEvent& e) {
  using Kind = solve::CoverTraceEvent::Kind;
  const std::string indent(std::size_t(std::max(0, e.depth - 1)) * 2, ' ');
  switch (e.kind) {
    case Kind::choose:  // option -1: the item takes no more options (multiplicities)
      if (e.option < 0) return fmt::format("{}{}: no more options\n", indent, p.item_name(e.item));
      return fmt::format("{}{}: {}\n", indent, p.item_name(e.item),
                         solve::format_option(p, e.option));
    case Kind::backtrack:
      if (e.option < 0)
        return fmt::format("{}undo no more options for {}\n", indent, p.item_name(e.item));
      return fmt::format("{}undo {}\n", indent, solve::format_option(p, e.option));
    case Kind::solution: return fmt::format("{}solution\n", indent);
  }
  return {};
}

int solve_and_print(const Settings& s, std::ostream& out, std::ostream& err) {
  const solve::ExactCover problem = read_input(s.input);
  solve::CoverOptions opts = s.search;
  if (opts.memo) opts.memo_mb = cli::memo_mb_in_memory(opts.memo_mb, "xcover", err);
  if (s.mode == Mode::first) opts.limits.max_solutions = 1;
  if (s.trace)
    opts.trace = [&](const solve::CoverTraceEvent& e) { err << format_trace(problem, e); };
  cli::ProgressLine progress(s.progress);
  opts.progress = progress.hook();
  opts.progress_seconds = 1;
  const cli::InterruptGuard ctrl_c;
  opts.limits.cancel = &cli::cancel_flag();

  std::optional<cli::JsonAnswer> json;
  if (s.json)
    json.emplace(out, "xcover", s.input,
                 s.mode == Mode::all     ? "all"
                 : s.mode == Mode::count ? "count"
                                         : "first");
  // The first solution, as text or JSON; `any` says whether there was one (the empty set of
  // options is a solution when every primary item has lower bound 0, and its text is empty).
  std::string first;
  cli::Json first_json;
  bool any = false;
  const auto on_solution = [&](std::span<const int> chosen) {
    if (s.mode == Mode::all) {
      if (json) {
        json->solution(solution_json(problem, chosen));
      } else {
        if (any) out << '\n';
        out << format_solution(problem, chosen);
      }
      any = true;
      return out.good();  // a failed write stops the search
    }
    if (!any) {
      if (json) first_json = solution_json(problem, chosen);
      else first = format_solution(problem, chosen);
    }
    any = true;
    return true;
  };
  // A count takes no callback: the workers then tally alone, without a lock per solution (and
  // a memoised count sees no solution one by one).
  const solve::Result result = s.mode == Mode::count || opts.memo
                                   ? solve::count(problem, opts)
                                   : solve::search(problem, opts, on_solution);
  progress.clear();
  // What ran: the automatic choices resolved, and whether a memo trial finished the count.
  const solve::CoverPlan plan = result.plan.value_or(solve::CoverPlan{});
  if (s.stats) err << format_stats(result) << format_plan(plan);

  const solve::BigCount& found = result.count;
  // A limit or Ctrl-C cuts the answer short, unless the one solution asked for is there; the
  // solution limit does not (but leaves a list or count incomplete).
  const bool cut = cli::cut_short(result.stop) && !(s.mode == Mode::first && any);
  const int status = cut ? cli::stopped : any || found > 0 ? cli::answered : cli::no_solution;
  if (json) {
    if (s.mode == Mode::first && any) json->solution(first_json);
    cli::Json stats = cli::json_stats(result.stats, result.stop, cli::Counters::exact_cover);
    stats["engine"] = cli::name(plan.engine);
    stats["choice"] = cli::name(plan.item_choice);
    if (const solve::MemoStats& m = result.memo; m.lookups > 0) {
      stats["memo_lookups"] = m.lookups;
      stats["memo_hits"] = m.hits;
      stats["memo_stores"] = m.stores;
      stats["memo_evictions"] = m.evictions;
    }
    const bool complete =
        !cut && (s.mode == Mode::first || result.stop != solve::StopReason::solution_limit);
    json->finish(status, cli::json_count(found), complete, nullptr, stats);
  } else if (!cut) {
    if (s.mode == Mode::count) out << "solutions: " << found.to_string() << '\n';
    if (s.mode == Mode::first) out << first;
  }
  if (cut)
    err << cli::stopped_message(
               "xcover", result.stop,
               fmt::format("after {} solutions; the {} is incomplete", found.to_string(),
                           s.mode == Mode::count ? "count" : "list"))
        << '\n';
  return status;
}

}  // namespace

int run(const Settings& settings, std::ostream& out, std::ostream& err) {
  return cli::guarded(
      "xcover", [&] { return solve_and_print(settings, out, err); }, err);
}

}  // namespace xcover
