// The Futoshiki page: read a puzzle in the course's format, solve it (and say whether the
// solution is unique), and, where apps/futoshiki has them (generate.hpp, hint.hpp), generate
// a puzzle of a chosen difficulty and give a hint. The page sends puzzles as text and gets
// them back as {"n", "givens", "right", "down"} (signs as "<", ">", "^", "v" or "").
#include <cstdint>
#include <string>

#include <emscripten/bind.h>

#include <solve/search.hpp>

#include "model.hpp"
#include "puzzle.hpp"
#include "reply.hpp"

#if __has_include("generate.hpp") && __has_include("hint.hpp") && __has_include("grade.hpp")
#include "generate.hpp"
#include "grade.hpp"
#include "hint.hpp"
#define WEB_FUTOSHIKI_GENERATOR 1
#else
#define WEB_FUTOSHIKI_GENERATOR 0
#endif

namespace {

using web::Json;

Json puzzle_json(const futoshiki::Puzzle& p) {
  const auto signs = [](const std::vector<futoshiki::Relation>& relations, const char* less, const char* greater) {
    Json out = Json::array();
    for (futoshiki::Relation r : relations)
      out.push_back(r == futoshiki::Relation::less ? less : r == futoshiki::Relation::greater ? greater : "");
    return out;
  };
  return Json{{"n", p.n}, {"givens", p.givens}, {"right", signs(p.right, "<", ">")}, {"down", signs(p.down, "^", "v")}};
}

// {"puzzle": {...}}, or {"error": "puzzle:3:4: ..."}.
std::string parse(const std::string& text) {
  return web::reply([&] { return Json{{"puzzle", puzzle_json(futoshiki::parse_puzzle(text, "puzzle"))}}; });
}

// {"status": "unique" | "several" | "none", "solution": [n*n values] (when there is one)}.
std::string solve_puzzle(const std::string& text) {
  return web::reply([&] {
    const futoshiki::Puzzle p = futoshiki::parse_puzzle(text, "puzzle");
    const futoshiki::FutoshikiModel fm = futoshiki::build_model(p);
    solve::SearchOptions o;
    o.limits.max_solutions = 2;  // a second one decides uniqueness
    std::vector<int> first;
    int found = 0;
    solve::search(fm.model, o, [&](const solve::Solution& s) {
      if (found++ == 0) first = fm.grid(s);
      return true;
    });
    Json out{{"status", found == 0 ? "none" : found == 1 ? "unique" : "several"}};
    if (found > 0) out["solution"] = first;
    return out;
  });
}

#if WEB_FUTOSHIKI_GENERATOR
futoshiki::Difficulty difficulty(const std::string& name) {
  if (name == "easy") return futoshiki::Difficulty::easy;
  if (name == "tricky") return futoshiki::Difficulty::tricky;
  if (name == "hard") return futoshiki::Difficulty::hard;
  if (name == "extreme") return futoshiki::Difficulty::extreme;
  throw solve::InputError("unknown difficulty " + name);
}

const char* difficulty_name(futoshiki::Difficulty d) {
  switch (d) {
    case futoshiki::Difficulty::easy: return "easy";
    case futoshiki::Difficulty::tricky: return "tricky";
    case futoshiki::Difficulty::hard: return "hard";
    case futoshiki::Difficulty::extreme: return "extreme";
  }
  return "?";
}

// {"puzzle": {...}}. The seed comes as a double: JavaScript numbers hold integers to 2^53.
std::string generate(int size, const std::string& level, double seed) {
  return web::reply([&] {
    try {
      return Json{{"puzzle", puzzle_json(futoshiki::generate(size, difficulty(level), std::uint64_t(seed)))}};
    } catch (const futoshiki::NoPuzzle& e) {
      return Json{{"error", e.what()}};
    }
  });
}

// {"row", "col", "value", "reason"} (rows and columns from 0), or {"none": true}.
std::string hint(const std::string& text) {
  return web::reply([&] {
    const std::optional<futoshiki::Hint> h = futoshiki::hint(futoshiki::parse_puzzle(text, "puzzle"));
    if (!h) return Json{{"none", true}};
    return Json{{"row", h->row}, {"col", h->col}, {"value", h->value}, {"reason", h->reason}};
  });
}

// {"solvable", "unique", "level" (or null: none of the four)}.
std::string grade(const std::string& text) {
  return web::reply([&] {
    const futoshiki::Grade g = futoshiki::grade(futoshiki::parse_puzzle(text, "puzzle"));
    return Json{{"solvable", g.solvable}, {"unique", g.unique},
                {"level", g.level ? Json(difficulty_name(*g.level)) : Json()}};
  });
}
#else
const std::string unavailable =
    Json{{"error", "not available: this build has no Futoshiki generator (apps/futoshiki/generate.hpp)"}}.dump();
std::string generate(int, const std::string&, double) { return unavailable; }
std::string hint(const std::string&) { return unavailable; }
std::string grade(const std::string&) { return unavailable; }
#endif

bool has_generator() { return WEB_FUTOSHIKI_GENERATOR; }

}  // namespace

EMSCRIPTEN_BINDINGS(futoshiki) {
  emscripten::function("futoshikiParse", &parse);
  emscripten::function("futoshikiSolve", &solve_puzzle);
  emscripten::function("futoshikiGenerate", &generate);
  emscripten::function("futoshikiHint", &hint);
  emscripten::function("futoshikiGrade", &grade);
  emscripten::function("futoshikiHasGenerator", &has_generator);
}
