// The level stack dancing links and sparse sets share (engine.hpp). Out of line: inlined into
// the engines' search phases they cost sparse sets 3 % more instructions on queens-12 (the
// phases grew past what the compiler inlines into the loop).
#include "exact_cover/engine.hpp"

#include "exact_cover/shape.hpp"

namespace solve::detail::cover {

std::span<const int> LevelStack::chosen_options() {
  const auto levels = std::span<const int>(chosen_).first(std::size_t(level_));
  if (!multi_) return levels;
  compact_.clear();
  for (int o : levels)
    if (o >= 0) compact_.push_back(o);
  return compact_;
}

std::vector<std::int32_t> LevelStack::number_items(const ExactCover& problem, std::int32_t first,
                                                   std::size_t slots, std::int32_t& primary) {
  const auto is_primary = [&](int i) {
    return multi_ ? problem.is_primary(i) : covered_once(problem, i);
  };
  const int n = problem.num_items();
  std::vector<std::int32_t> internal(std::size_t(n), 0);
  item_id_.assign(slots, -1);
  std::int32_t k = first;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < n; ++i)
      if (is_primary(i) == (pass == 0)) {
        internal[std::size_t(i)] = k;
        item_id_[std::size_t(k++)] = i;
      }
  primary = 0;
  for (int i = 0; i < n; ++i) primary += is_primary(i);
  return internal;
}

void LevelStack::trace(CoverTraceEvent::Kind kind, std::size_t l) const {
  opt_->trace({kind, int(l) + 1, item_id_[std::size_t(item_[l])], chosen_[l]});
}

}  // namespace solve::detail::cover
