// The learning trail (see learning_trail.hpp).
#include "csp/learning_trail.hpp"

#include <algorithm>
#include <cassert>

namespace solve::detail::csp {

void LearningTrail::pop() {
  assert(!marks_.empty());
  const std::uint32_t mark = marks_.back();
  marks_.pop_back();
  if (changes_.size() > mark) {
    for (std::size_t k = changes_.size(); k-- > mark;) {
      const auto var = std::size_t(changes_[k].var);
      last_[var] = changes_[k].prev;
      of_var_[var].pop_back();
      if (!undone_all_) {
        if (undone_.size() < last_.size()) undone_.push_back(std::int32_t(var));
        else undone_all_ = true;
      }
    }
    words_.resize(changes_[mark].words);
    changes_.resize(mark);
    kept_ = std::min(kept_, mark);
  }
  while (!decisions_.empty() && decisions_.back().depth > marks_.size()) decisions_.pop_back();
  conflict_.pending = false;
}


}  // namespace solve::detail::csp
