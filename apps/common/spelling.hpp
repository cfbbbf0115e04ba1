#pragma once
// What a user types that is almost right: option spellings that differ only in '-' against '_'
// (or one dash for two, where a front-end takes that), and "did you mean" for a misspelt
// option or subcommand. Used by cli::parse (run.hpp); separate so that tests reach it without
// a process.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace cli {

/// The edit distance of a and b counting an exchange of two neighbouring letters as one
/// (optimal string alignment): "sovle" -> "solve" is 1.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate nearest to word, when it is near enough to be what was meant (at most one
/// edit for short words, two from six letters on, never a whole different word); nullopt
/// otherwise or when two candidates are equally near.
std::optional<std::string> nearest(std::string_view word,
                                   const std::vector<std::string>& candidates);

/// args (without the program name) with each option written in the spelling app knows:
/// "--all-solutions" for "--all_solutions" and the other way round, and, when single_dash,
/// "-all_solutions" for "--all_solutions" (the course's spelling). Everything after a lone
/// "--" and every word that names no option is left as it is.
std::vector<std::string> known_spellings(const CLI::App& app, std::vector<std::string> args,
                                         bool single_dash);

/// "did you mean ..." for the first word of args that is neither an option nor a subcommand
/// of app but is near one; nullopt when there is none.
std::optional<std::string> did_you_mean(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace cli
