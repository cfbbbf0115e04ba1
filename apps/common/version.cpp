#include "common/version.hpp"

namespace cli {

namespace detail {
extern const char* const version;  // version_info.cpp, written at build time
extern const char* const commit;
}  // namespace detail

std::string version_text(std::string_view program) {
  std::string out(program);
  out += ' ';
  out += detail::version;
  out += " (libsolve";
  if (*detail::commit != '\0') {
    out += ", commit ";
    out += detail::commit;
  }
  out += ')';
  return out;
}

}  // namespace cli
