#pragma once
// The difficulty levels of a Futoshiki puzzle, named by the reasoning a solver (a person, or
// libsolve at one propagation level) needs to fill it in without guessing (docs/futoshiki.md).
#include <optional>
#include <string_view>

namespace futoshiki {

/// Weakest first; each level's reasoning includes the one before (candidates.hpp: how each
/// one is built on libsolve's propagation levels).
enum class Difficulty {
  easy,    ///< forward checking (a placed digit leaves its row and column, and bounds its signed
           ///< neighbours) and hidden singles (a digit with one cell left in a row or column)
  tricky,  ///< + the inequality chains: bounds pass along the signs (arc consistency on the signs)
  hard,    ///< + Hall sets of k >= 2: k cells of a line holding k digits between them
           ///< (domain-consistent all_different)
  extreme,  ///< + one trial: a digit whose placement leads to a contradiction at the hard level is removed
};

inline constexpr Difficulty all_difficulties[] = {Difficulty::easy, Difficulty::tricky,
                                                  Difficulty::hard, Difficulty::extreme};

/// "easy", "tricky", "hard", "extreme".
std::string_view to_string(Difficulty d);
/// The level of a name as to_string writes it, nullopt for any other text.
std::optional<Difficulty> difficulty_from_string(std::string_view name);

}  // namespace futoshiki
