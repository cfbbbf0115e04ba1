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
#include "common/spelling.hpp"
#include "common/version.hpp"

namespace cli {

std::optional<int> parse(CLI::App& app, int argc, const char* const* argv) {
  return parse(app, std::vector<std::string>(argv + std::min(argc, 1), argv + argc));
}

std::optional<int> parse(CLI::App& app, std::vector<std::string> args, bool single_dash) {
  if (app.get_option_no_throw("--version") == nullptr)
    app.set_version_flag("--version", version_text(app.get_name()), "Print the version and exit");
  args = known_spellings(app, std::move(args), single_dash);
  const std::vector<std::string> words = args;
  std::reverse(args.begin(), args.end());  // CLI11 takes a vector last-first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    // --help and --version are ParseErrors that exit 0.
    if (app.exit(e) == 0) return answered;
    if (const auto hint = did_you_mean(app, words))
      std::cerr << app.get_name() << ": " << *hint << '\n';
    return bad_input;
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
        << (e ? std::strerror(e) : "") << '\n'
        << std::flush;
    std::clearerr(stdout);  // reported once, even when guards are nested
    std::cout.clear();
  }
  return ok;
}

}  // namespace

int guarded(std::string_view program, const std::function<int()>& body) noexcept {
  return guarded(program, body, std::cerr);
}

int guarded(std::string_view program, const std::function<int()>& body,
            std::ostream& err) noexcept {
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
