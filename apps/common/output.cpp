#include "common/output.hpp"

#include <fcntl.h>
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

OutputFile::Buffer::Buffer() { setp(data_, data_ + sizeof data_); }

bool OutputFile::Buffer::flush_all() {
  const char* at = pbase();
  while (at < pptr() && error == 0) {
    const ssize_t n = ::write(fd, at, std::size_t(pptr() - at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) error = n < 0 ? errno : EIO;
    else at += n;
  }
  setp(data_, data_ + sizeof data_);  // after a failure the rest is dropped: the file is bad
  return error == 0;
}

OutputFile::Buffer::int_type OutputFile::Buffer::overflow(int_type c) {
  if (!flush_all()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
  return traits_type::not_eof(c);
}

OutputFile::OutputFile(const std::string& path) : path_(path) {
  buffer_.fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (buffer_.fd < 0) cannot_write(path_, std::strerror(errno));
}

OutputFile::~OutputFile() {
  if (buffer_.fd >= 0) ::close(buffer_.fd);
}

void OutputFile::close() {
  const bool flushed = buffer_.flush_all();  // a full disk shows here at the latest
  const int fd = buffer_.fd;
  buffer_.fd = -1;
  if (::close(fd) != 0 && buffer_.error == 0) buffer_.error = errno;
  if (!flushed || buffer_.error != 0) cannot_write(path_, std::strerror(buffer_.error));
}

void write_file(const std::string& path, std::string_view text) {
  OutputFile file(path);
  file.stream().write(text.data(), std::streamsize(text.size()));
  file.close();
}

}  // namespace cli
