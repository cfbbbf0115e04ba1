#include "run.hpp"

#include <memory>
#include <optional>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include <solve/search.hpp>

#include "output.hpp"

namespace fzn {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// `-s`: one `%%%mzn-stat: name=value` line per figure, then `%%%mzn-stat-end`.
void print_statistics(std::ostream& out, const Program& p, const solve::Result& r, double init_time,
                      std::optional<std::int64_t> objective) {
  const solve::Stats& s = r.stats;
  out << fmt::format("%%%mzn-stat: initTime={:.6f}\n", init_time);
  out << fmt::format("%%%mzn-stat: solveTime={:.6f}\n", s.seconds);
  out << fmt::format("%%%mzn-stat: solutions={}\n", s.solutions);
  out << fmt::format("%%%mzn-stat: variables={}\n", p.model.num_vars());
  out << fmt::format("%%%mzn-stat: propagators={}\n", p.model.num_constraints());
  out << fmt::format("%%%mzn-stat: propagations={}\n", s.propagations);
  out << fmt::format("%%%mzn-stat: nodes={}\n", s.nodes);
  out << fmt::format("%%%mzn-stat: failures={}\n", s.failures);
  out << fmt::format("%%%mzn-stat: peakDepth={}\n", s.max_depth);
  if (s.restarts) out << fmt::format("%%%mzn-stat: restarts={}\n", s.restarts);
  if (s.neighbourhoods) out << fmt::format("%%%mzn-stat: neighbourhoods={}\n", s.neighbourhoods);
  if (s.nogoods) out << fmt::format("%%%mzn-stat: nogoods={}\n", s.nogoods);
  if (s.reasons) {  // how often a propagator fell back to its scope's domains (docs/minizinc.md)
    out << fmt::format("%%%mzn-stat: reasons={}\n", s.reasons);
    out << fmt::format("%%%mzn-stat: scopeReasons={}\n", s.scope_reasons);
  }
  if (objective) out << fmt::format("%%%mzn-stat: objective={}\n", *objective);
  out << "%%%mzn-stat-end\n";
}

/// The free search (-f): Luby restarts of 100 failures with phase saving, and for an
/// optimisation LNS around the best solution; with -p the workers of an optimisation are a
/// portfolio (odd ones by activity, see solve::SearchOptions::threads).
void free_search(solve::SearchOptions& s, bool optimisation) {
  s.restart = {solve::RestartPolicy::Kind::luby, 100, 1.5};
  s.phase_saving = true;
  s.lns.enabled = optimisation;
}

/// The learning search's branching and restarts: the ones given (--learning-branching,
/// --restart), else by default the annotation's order when it names one (as Chuffed), else
/// toggle (the model's order, then activity and the model's order in turn at each restart),
/// with the annotation's restarts or Luby x 100 failures. Measured against Chuffed's (the
/// annotation's order without restarts, activity without one) and hybrids on the second
/// selection: docs/notes/2026-11-27-learning-policy.md; once the learnt clauses propagated
/// fully and the reasons stopped naming whole scopes, the annotation's order with Luby
/// restarts proved 16 optima where toggle proved 15 (docs/notes/2026-11-27-learning-reasons.md).
void learning_policy(solve::SearchOptions& s, const Program& p, const RunOptions& o) {
  if (o.learning_branching) s.learning.branching = *o.learning_branching;
  else if (p.search.from_annotation) s.learning.branching = solve::LearningOptions::Branching::model;
  // as given, `none` included (the default would read a restart-free SearchOptions as Luby)
  if (o.restart) s.learning.restart = *o.restart;
}

solve::SearchOptions search_options(const Program& p, const RunOptions& o, bool optimisation) {
  solve::SearchOptions s;
  s.var_order = p.search.var_order;
  s.val_order = p.search.val_order;
  s.seed = o.seed;
  s.threads = o.threads;
  s.learning = o.learning;
  if (p.search.restart) s.restart = *p.search.restart;
  // a model that names no search of its own is searched freely, as with -f
  const bool unannotated = !p.search.from_annotation && !p.search.restart;
  if (o.free_search || unannotated) free_search(s, optimisation);
  if (o.restart) s.restart = *o.restart;
  learning_policy(s, p, o);
  // satisfaction on threads: the tree shared by work stealing (restarts would make a portfolio)
  if (!optimisation && o.threads > 1) s.restart.kind = solve::RestartPolicy::Kind::none;
  s.limits.cancel = o.cancel;
  s.limits.max_nodes = o.node_limit;
  if (o.time_limit > 0) {
    // what is left of the limit after reading and translating (at least a moment)
    s.limits.max_seconds = std::max(o.time_limit - seconds_since(o.started), 1e-3);
  }
  return s;
}

/// A limit or interrupt (not the solution limit we set, not our callback) cut the search.
bool cut_short(const solve::Result& r) {
  return r.stop == solve::StopReason::time_limit || r.stop == solve::StopReason::cancelled ||
         r.stop == solve::StopReason::node_limit;
}

/// The end of a run, satisfaction or optimisation alike: the status line (`complete` when
/// the search proved its answer, else what a limit leaves), the statistics with the number
/// of solutions printed (`found`), and the exit status.
RunStatus finish(const Program& p, const RunOptions& o, std::ostream& out, double init_time,
                 const solve::Result& r, std::uint64_t found, bool complete,
                 std::optional<std::int64_t> objective) {
  RunStatus status = RunStatus::solved;
  if (complete) {
    out << (found ? search_complete : unsatisfiable);
    status = found ? RunStatus::complete : RunStatus::unsatisfiable;
  } else if (cut_short(r)) {
    if (!found) out << unknown;
    status = RunStatus::limited;
  }
  if (o.statistics) {
    solve::Result shown = r;
    shown.stats.solutions = found;
    print_statistics(out, p, shown, init_time, objective);
  }
  return status;
}

RunStatus satisfy(Program& p, const RunOptions& o, std::ostream& out, double init_time) {
  solve::SearchOptions s = search_options(p, o, false);
  const std::uint64_t wanted = o.max_solutions ? *o.max_solutions : (o.all ? 0 : 1);  // 0: all
  // one solution: the first is printed whatever it is, and the library may restart for it
  if (wanted == 1) s.limits.max_solutions = 1;
  // Unless --learning is given, a satisfaction problem runs without learning. On both
  // MiniZinc selections the search without it solved more of them (2026-11-27, 20 s: first
  // selection 90 against 86, second 19 against 18, pentominoes 04 in 6.1 s where learning
  // made 1,485 nodes in 20 s; docs/notes/2026-11-27-first-selection-learning.md). And the
  // learning search blocks each solution by a clause kept to the end, so an enumeration (-a)
  // would hold memory for every solution found.
  if (!o.learning_given) s.learning.use = solve::Learning::off;
  // libsolve enumerates every variable, FlatZinc asks for distinct outputs: a solution that
  // differs from an earlier one only in variables that are not output (say b in b -> c,
  // with c true) is skipped. The limit then counts printed solutions, in the callback. What
  // must be remembered for that (Program::duplicates): nothing when every variable is
  // printed, the last text when the printed variables are decided first (one thread), else
  // every text printed.
  const bool consecutive = p.duplicates == Duplicates::consecutive && o.threads == 1;
  const bool remember_all = p.duplicates != Duplicates::none && !consecutive;
  std::unordered_set<std::string> printed;
  std::string last;
  std::uint64_t found = 0;
  const solve::Result r = solve::search(p.model, s, [&](const solve::Solution& sol) {
    std::string text = format_solution(p, sol);
    if (consecutive) {
      if (found && text == last) return true;
      out << text << solution_end << std::flush;
      last = std::move(text);
    } else if (remember_all) {
      if (printed.contains(text)) return true;
      out << text << solution_end << std::flush;
      printed.insert(std::move(text));
    } else {
      out << text << solution_end << std::flush;
    }
    ++found;
    return wanted == 0 || found < wanted;
  });
  return finish(p, o, out, init_time, r, found, r.complete(), std::nullopt);
}

RunStatus optimise(Program& p, const RunOptions& o, std::ostream& out, double init_time) {
  // libsolve's branch and bound: each solution it reports is better than the ones before
  const bool constant = p.objective.fixed;
  if (!constant) {
    if (p.goal == SolveItem::Goal::minimize) p.model.minimize(p.objective.var);
    else p.model.maximize(p.objective.var);
  }
  solve::SearchOptions s = search_options(p, o, !constant);
  const bool print_each = o.all || o.intermediate;
  std::uint64_t found = 0;
  std::optional<std::int64_t> best;
  std::string best_text;  // printed at the end when improving solutions are not
  const solve::Result r = solve::search(p.model, s, [&](const solve::Solution& sol) {
    ++found;
    best = value_of(p.objective, sol);
    if (print_each) out << format_solution(p, sol) << solution_end << std::flush;
    else best_text = format_solution(p, sol);
    if (o.max_solutions && *o.max_solutions && found >= *o.max_solutions) return false;
    return !constant;  // a constant objective: the first solution is optimal
  });
  if (found && !print_each) out << best_text << solution_end;
  // Exhausted, or stopped by the callback because the objective is constant: optimal.
  const bool proved = r.complete() || (r.stop == solve::StopReason::by_callback && constant);
  return finish(p, o, out, init_time, r, found, proved, best);  // found: improving solutions
}

}  // namespace

RunStatus run(Program& program, const RunOptions& options, std::ostream& out) {
  const double init_time = seconds_since(options.started);
  RunStatus status;
  if (program.unsatisfiable) {
    out << unsatisfiable;
    if (options.statistics)
      print_statistics(out, program, solve::Result{}, init_time, std::nullopt);
    status = RunStatus::unsatisfiable;
  } else if (program.goal == SolveItem::Goal::satisfy) {
    status = satisfy(program, options, out, init_time);
  } else {
    status = optimise(program, options, out, init_time);
  }
  out << std::flush;
  return status;
}

}  // namespace fzn
