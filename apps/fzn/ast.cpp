#include "ast.hpp"

#include <algorithm>

namespace fzn {

std::vector<std::int64_t> IntSet::values() const {
  std::vector<std::int64_t> out;
  if (is_range) {
    for (std::int64_t v = lo; v <= hi; ++v) {
      out.push_back(v);
      if (v == hi) break;  // hi may be INT64_MAX
    }
    return out;
  }
  out = elems;
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::uint64_t IntSet::size() const {
  if (is_range) {
    if (lo > hi) return 0;
    const std::uint64_t width = std::uint64_t(hi) - std::uint64_t(lo);
    return width == UINT64_MAX ? width : width + 1;
  }
  return values().size();
}

Expr Expr::item(std::size_t k) const {
  if (!items.empty()) return items[k];
  Expr e;
  e.pos = pos;
  if (b) {
    e.kind = Kind::boolean;
    e.b = ints[k] != 0;
  } else {
    e.kind = Kind::integer;
    e.i = ints[k];
  }
  return e;
}

bool IntSet::contains(std::int64_t v) const {
  if (is_range) return lo <= v && v <= hi;
  return std::find(elems.begin(), elems.end(), v) != elems.end();
}

}  // namespace fzn
