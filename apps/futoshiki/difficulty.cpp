#include "difficulty.hpp"

namespace futoshiki {

std::string_view to_string(Difficulty d) {
  switch (d) {
    case Difficulty::easy: return "easy";
    case Difficulty::tricky: return "tricky";
    case Difficulty::hard: return "hard";
    case Difficulty::extreme: return "extreme";
  }
  return "?";
}

std::optional<Difficulty> difficulty_from_string(std::string_view name) {
  for (const Difficulty d : all_difficulties)
    if (to_string(d) == name) return d;
  return std::nullopt;
}

}  // namespace futoshiki
