#pragma once
// Learning from failure on the command line: --learning on|off for every front-end whose
// search is libsolve's CSP engine (solve::SearchOptions::learning: each dead end explained,
// its reason kept as a nogood clause, the search backjumping; issue 24), and the programs'
// defaults, all here so that switching one is a single edit.
#include <cstdint>
#include <string>

// CLI11's types only named (see run.hpp); the callers include CLI/CLI.hpp.
namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace solve {
enum class Learning : std::uint8_t;  // solve/search.hpp
}  // namespace solve

namespace cli {

/// Whether each program learns when --learning is not given. fzn-libsolve learns for an
/// optimisation: on the second MiniZinc selection (20 s, 2026-11-27, one run) learning found
/// the best objective on 22 of 26 against 15 without (docs/benchmarks.md). It runs a
/// satisfaction problem without learning all the same (apps/fzn/run.cpp says why).
/// The puzzle programs keep the faster mode, off: `scripts/bench learning` measures both
/// (docs/notes/learning-bench.md: QCP 1.7 to 19.6 times slower on, carcassonne squares 170 to
/// 336 times).
namespace learning_default {
inline constexpr bool fzn = true;           ///< fzn-libsolve (and minizinc --solver libsolve)
inline constexpr bool futoshiki = false;    ///< futoshiki solving a puzzle
inline constexpr bool carcassonne = false;  ///< carcassonne square
}  // namespace learning_default

/// --learning on|off, bound to `on` (given default_on first, which --help shows); any other
/// word is a usage error (exit 2): "--learning: yes not in {on,off}".
CLI::Option* add_learning(CLI::App& app, bool& on, bool default_on, const std::string& help);
/// The same bound to a library setting: on or off, never solve::Learning::automatic (a
/// program says which mode it runs in).
CLI::Option* add_learning(CLI::App& app, solve::Learning& use, bool default_on,
                          const std::string& help);

/// The help text of --learning for a puzzle program (fzn-libsolve says more).
inline const char* const learning_help =
    "Learn from failures: explain each dead end, keep its reason as a nogood clause and "
    "backjump (issue 24; experimental): on or off. The answers are the same; nodes and time "
    "differ";

}  // namespace cli
