#include "common/output.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace cli {

namespace {

[[noreturn]] void cannot_write(const std::string& path, const std::string& why) {
  throw WriteError(fmt::format("{}: cannot write: {}", path, why));
}

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

void check_writable(const std::string& path) {
  if (path.empty()) cannot_write(path, "empty file name");
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) cannot_write(path, "is a directory");
    if (::access(path.c_str(), W_OK) != 0) cannot_write(path, std::strerror(errno));
    return;
  }
  if (errno != ENOENT) cannot_write(path, std::strerror(errno));
  const std::string folder = folder_of(path);
  if (::stat(folder.c_str(), &st) != 0) cannot_write(path, std::strerror(errno));
  if (!S_ISDIR(st.st_mode)) cannot_write(path, folder + " is not a directory");
  if (::access(folder.c_str(), W_OK | X_OK) != 0) cannot_write(path, std::strerror(errno));
}

OutputFile::OutputFile(const std::string& path) : path_(path) {
  errno = 0;
  out_.open(path, std::ios::binary | std::ios::trunc);
  if (!out_) cannot_write(path_, errno ? std::strerror(errno) : "cannot open");
}

void OutputFile::close() {
  errno = 0;
  if (out_.is_open()) out_.close();  // flushes: a full disk shows here at the latest
  if (!out_) cannot_write(path_, errno ? std::strerror(errno) : "write failed");
}

void write_file(const std::string& path, std::string_view text) {
  OutputFile file(path);
  file.stream().write(text.data(), std::streamsize(text.size()));
  file.close();
}

}  // namespace cli
