#include "common/options.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <ostream>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <solve/exact_cover.hpp>

namespace cli {

CLI::Validator whole_number(std::uint64_t lo) {
  return CLI::Validator(
      [lo](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo)
          return fmt::format("expected a whole number >= {}, got '{}'", lo, text);
        return {};
      },
      "");  // no description: the type name N says it in --help
}

CLI::Validator seconds_between(double lo, double hi, const std::string& note) {
  return CLI::Validator(
      [lo, hi, note](std::string& text) -> std::string {
        double v = 0;
#if defined(__cpp_lib_to_chars)
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        const bool number = !text.empty() && ec == std::errc() && end == text.data() + text.size();
#else
        // emscripten's libc++ 14 (web/, which never parses a command line) has from_chars for
        // integers only
        char* end = nullptr;
        v = std::strtod(text.c_str(), &end);
        const bool number =
            !text.empty() && text.front() != ' ' && end == text.c_str() + text.size();
#endif
        // from_chars reads "nan" and "inf" as numbers: refuse them here (nan fails every comparison)
        if (!number || !std::isfinite(v) || !(v >= lo && v <= hi))
          return fmt::format("expected a number of seconds from {:g} to {:g}{}, got '{}'", lo, hi,
                             note, text);
        return {};
      },
      "");
}

CLI::Option* add_timeout(CLI::App& app, double& seconds, const std::string& help) {
  return app.add_option("--timeout", seconds, help)
      ->type_name("SECONDS")
      ->check(seconds_between(0, max_timeout, " (0: no limit)"));
}

CLI::Option* add_max_nodes(CLI::App& app, std::uint64_t& nodes, const std::string& help) {
  return app.add_option("--max-nodes", nodes, help)->type_name("N")->check(whole_number(0));
}

CLI::Option* add_memo_mb(CLI::App& app, std::size_t& mb, const std::string& help) {
  mb = solve::CoverOptions{}.memo_mb;
  return app.add_option("--memo-mb", mb, help)
      ->type_name("MB")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 20))
      ->capture_default_str();
}

std::size_t memo_mb_in_memory(std::size_t mb, std::string_view program, std::ostream& err) {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return mb;  // not known: as asked
  const std::size_t half =
      std::max<std::size_t>(1, (std::size_t(pages) * std::size_t(page) >> 20) / 2);
  if (mb <= half) return mb;
  err << fmt::format(
      "{}: --memo-mb {} is more than half of this machine's memory ({} MiB): the memo "
      "table stays within {} MiB\n",
      program, mb, 2 * half, half);
  return half;
}

}  // namespace cli
