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

/// Whether each program learns when --learning is not given. Off while the learning search is
/// experimental. Issue 24: fzn-libsolve is to learn by default once learning pays there; the
/// puzzle programs keep whichever mode is faster, which `scripts/bench learning` measures.
namespace learning_default {
inline constexpr bool fzn = false;          ///< fzn-libsolve (and minizinc --solver libsolve)
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
