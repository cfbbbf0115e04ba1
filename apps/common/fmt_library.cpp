// fmt's compiled part, built here from the installed fmt headers (Debian ships fmt as a shared
// library only). Linked statically, it lets the front-ends run without libfmt.so, and with
// SOLVE_STATIC_RUNTIME without libstdc++.so too: loading those two costs a front-end about
// 1.6 M instructions in the dynamic loader before main (apps/CMakeLists.txt).
#include <fmt/format-inl.h>

// The two locale helpers fmt's headers use but leave to the compiled library to instantiate.
FMT_BEGIN_NAMESPACE
namespace detail {
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
}  // namespace detail
FMT_END_NAMESPACE
