#include "output_file.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "solve/error.hpp"

namespace carcassonne {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what, int error) {
  throw solve::InputError(fmt::format("{}: {}{}{}", path, what, error ? ": " : "", error ? std::strerror(error) : ""));
}

}  // namespace

void check_writable(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) fail(path, "cannot write file", errno);
  std::fclose(f);
}

void write_text_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) fail(path, "cannot write file", errno);
  errno = 0;
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
  const int error = errno;
  if (std::fclose(f) != 0 || !written) fail(path, "write failed", written ? errno : error);
}

}  // namespace carcassonne
