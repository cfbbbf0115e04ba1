// The exact-cover page: count or list the solutions of a problem in Knuth's format
// (solve::read_exact_cover, as xcover reads it; solutions printed as xcover prints them).
#include <sstream>
#include <string>

#include <emscripten/bind.h>

#include <solve/exact_cover.hpp>
#include <solve/exact_cover_io.hpp>

#include "reply.hpp"
#include "xcover.hpp"

namespace {

using web::Json;

solve::ExactCover read(const std::string& text) {
  std::istringstream in(text);
  return solve::read_exact_cover(in);
}

// {"count": "92", "complete": true, "seconds": 0.01, "nodes": 2056, "items": 42, "options": 92}
std::string count(const std::string& text, emscripten::val on_progress) {
  return web::reply([&] {
    const solve::ExactCover problem = read(text);
    solve::CoverOptions o;
    o.progress = web::progress_to(on_progress);
    o.progress_seconds = 0.25;
    const solve::Result r = solve::count(problem, o);
    return Json{{"count", r.count.to_string()},    {"complete", r.complete()},
                {"stop", web::stop_name(r.stop)},  {"seconds", r.stats.seconds},
                {"nodes", r.stats.nodes},          {"items", problem.num_items()},
                {"options", problem.num_options()}};
  });
}

// {"solutions": ["option\noption\n", ...], "found": 3, "complete": false}: at most `max`.
std::string list(const std::string& text, int max) {
  return web::reply([&] {
    const solve::ExactCover problem = read(text);
    solve::CoverOptions o;
    o.limits.max_solutions = std::uint64_t(max > 0 ? max : 1);
    Json solutions = Json::array();
    const solve::Result r = solve::search(problem, o, [&](std::span<const int> options) {
      solutions.push_back(xcover::format_solution(problem, options));
      return true;
    });
    return Json{{"solutions", solutions},
                {"found", solutions.size()},
                {"complete", r.complete()},
                {"seconds", r.stats.seconds}};
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(xcover) {
  emscripten::function("xcoverCount", &count);
  emscripten::function("xcoverList", &list);
}
