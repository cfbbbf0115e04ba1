#pragma once
// A vector indexed by the engines' int32 numbers (nodes, items, places in a set) as well as
// by size_t: the hot loops read v[x] rather than v[std::size_t(x)]. An index of another type
// (unsigned, 64-bit) is ambiguous and does not compile: convert it where it comes from.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace solve::detail::cover {

template <class T>
class IndexVector : public std::vector<T> {
  using Base = std::vector<T>;

 public:
  using Base::Base;
  using Base::operator[];
  T& operator[](std::int32_t i) { return Base::operator[](std::size_t(i)); }
  const T& operator[](std::int32_t i) const { return Base::operator[](std::size_t(i)); }
};

}  // namespace solve::detail::cover
