// The level stack dancing links and sparse sets share (engine.hpp). Out of line: inlined into
// the engines' search phases they cost sparse sets 3 % more instructions on queens-12 (the
// phases grew past what the compiler inlines into the loop).
#include "exact_cover/engine.hpp"

namespace solve::detail::cover {

std::span<const int> LevelStack::chosen_options() {
  const auto levels = std::span<const int>(chosen_).first(std::size_t(level_));
  if (!multi_) return levels;
  compact_.clear();
  for (int o : levels)
    if (o >= 0) compact_.push_back(o);
  return compact_;
}

void LevelStack::trace(CoverTraceEvent::Kind kind, std::size_t l) const {
  opt_->trace({kind, int(l) + 1, item_id_[std::size_t(item_[l])], chosen_[l]});
}

}  // namespace solve::detail::cover
