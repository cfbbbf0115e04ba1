#include "common/run.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>
#include <solve/error.hpp>

#include "common/exit_status.hpp"
#include "common/output.hpp"

namespace cli {

std::optional<int> parse(CLI::App& app, int argc, const char* const* argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? answered : bad_input;  // --help is a ParseError that exits 0
  }
  return std::nullopt;
}

std::optional<int> parse(CLI::App& app, std::vector<std::string> args) {
  std::reverse(args.begin(), args.end());  // CLI11 takes a vector last-first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? answered : bad_input;
  }
  return std::nullopt;
}

namespace {

// Writes "<program>: <what>\n" (or just what, when it already starts with a place) on
// stderr, after whatever standard output holds, so the two appear in order on a terminal.
void say(std::ostream& err, std::string_view program, std::string_view what,
         bool prefixed) noexcept {
  std::cout.flush();
  if (prefixed) err << program << ": ";
  err << what << '\n' << std::flush;
}

// Flushes standard output; on failure reports it and returns false.
bool flushed(std::ostream& err, std::string_view program) noexcept {
  errno = 0;
  std::cout.flush();  // std::cout writes through stdout (sync_with_stdio): this calls fflush
  const bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good();
  if (!ok) {
    const int e = errno;  // 0 when the write that failed was an earlier one
    err << program << ": standard output: write failed" << (e ? ": " : "")
        << (e ? std::strerror(e) : "") << '\n' << std::flush;
    std::clearerr(stdout);  // reported once, even when guards are nested
    std::cout.clear();
  }
  return ok;
}

}  // namespace

int guarded(std::string_view program, const std::function<int()>& body) noexcept {
  return guarded(program, body, std::cerr);
}

int guarded(std::string_view program, const std::function<int()>& body, std::ostream& err) noexcept {
  int status = internal;
  try {
    try {
      status = body();
    } catch (const solve::InputError& e) {  // "FILE:LINE:COL: what" or "--moves: what"
      say(err, program, e.what(), false);
      status = bad_input;
    } catch (const WriteError& e) {  // "PATH: cannot write: why"
      say(err, program, e.what(), false);
      status = bad_input;
    } catch (const solve::ModelError& e) {  // a combination the library refuses
      say(err, program, e.what(), true);
      status = bad_input;
    } catch (const CLI::Error& e) {  // a check of the arguments made after parsing
      say(err, program, e.what(), true);
      status = e.get_exit_code() == 0 ? answered : bad_input;
    } catch (const std::bad_alloc&) {
      say(err, program, "internal error: out of memory (std::bad_alloc)", true);
      status = internal;
    } catch (const std::exception& e) {
      say(err, program, std::string("internal error: ") + e.what(), true);
      status = internal;
    }
  } catch (...) {  // not a std::exception, or building a message above failed
    say(err, program, "internal error: unexpected exception", true);
    status = internal;
  }
  if (!flushed(err, program) && status != internal) status = bad_input;
  return status;
}

}  // namespace cli
