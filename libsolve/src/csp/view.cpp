// Views (x + c, a * x): plain arithmetic on the handle, checked for 32-bit overflow. Whether
// the view's values fit an int is checked against the domain when it is posted (Model::check).
#include <cstdint>
#include <string>

#include "solve/error.hpp"
#include "solve/types.hpp"

namespace solve {

namespace {
std::int32_t narrow(std::int64_t v, const char* what) {
  if (v < INT32_MIN || v > INT32_MAX)
    throw ModelError(std::string("view: ") + what + " overflows 32 bits");
  return std::int32_t(v);
}
}  // namespace

Var operator+(Var x, int c) {
  return Var{x.id, x.scale, narrow(std::int64_t(x.offset) + c, "offset"), x.model};
}
Var operator+(int c, Var x) { return x + c; }
Var operator-(Var x, int c) {
  return Var{x.id, x.scale, narrow(std::int64_t(x.offset) - c, "offset"), x.model};
}
Var operator-(Var x) { return -1 * x; }

Var operator*(int a, Var x) {
  if (a == 0) throw ModelError("view: a factor of 0 makes a constant, not a view");
  return Var{x.id, narrow(std::int64_t(a) * x.scale, "factor"),
             narrow(std::int64_t(a) * x.offset, "offset"), x.model};
}
Var operator*(Var x, int a) { return a * x; }

Var negation(Var b) { return -b + 1; }

}  // namespace solve
