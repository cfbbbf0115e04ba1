// The Futoshiki page: read a puzzle in the course's format, solve it (and say whether the
// solution is unique), grade it, generate one of a chosen difficulty, give a hint. The page sends puzzles as text and gets
// them back as {"n", "givens", "right", "down"} (signs as "<", ">", "^", "v" or "").
#include <cstdint>
#include <optional>
#include <string>

#include <emscripten/bind.h>

#include <solve/search.hpp>

#include "difficulty.hpp"
#include "generate.hpp"
#include "grade.hpp"
#include "hint.hpp"
#include "model.hpp"
#include "puzzle.hpp"
#include "reply.hpp"

namespace {

using web::Json;

Json puzzle_json(const futoshiki::Puzzle& p) {
  const auto signs = [](const std::vector<futoshiki::Relation>& relations, const char* less,
                        const char* greater) {
    Json out = Json::array();
    for (futoshiki::Relation r : relations)
      out.push_back(r == futoshiki::Relation::less      ? less
                    : r == futoshiki::Relation::greater ? greater
                                                        : "");
    return out;
  };
  return Json{{"n", p.n},
              {"givens", p.givens},
              {"right", signs(p.right, "<", ">")},
              {"down", signs(p.down, "^", "v")}};
}

// {"puzzle": {...}}, or {"error": "puzzle:3:4: ..."}.
std::string parse(const std::string& text) {
  return web::reply([&] {
    return Json{{"puzzle", puzzle_json(futoshiki::parse_puzzle(text, "puzzle"))}};
  });
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

futoshiki::Difficulty difficulty(const std::string& name) {
  if (const std::optional<futoshiki::Difficulty> d = futoshiki::difficulty_from_string(name))
    return *d;
  throw solve::InputError("unknown difficulty " + name);
}

// {"puzzle": {...}}. The seed comes as a double: JavaScript numbers hold integers to 2^53.
std::string generate(int size, const std::string& level, double seed) {
  return web::reply([&] {
    try {
      return Json{{"puzzle",
                   puzzle_json(futoshiki::generate(size, difficulty(level), std::uint64_t(seed)))}};
    } catch (const futoshiki::NoPuzzle& e) {
      return Json{{"error", e.what()}};
    }
  });
}

// {"row", "col", "value", "reason"} (rows and columns from 0), or {"none": true}.
std::string hint(const std::string& text) {
  return web::reply([&] {
    const std::optional<futoshiki::Hint> h =
        futoshiki::hint(futoshiki::parse_puzzle(text, "puzzle"));
    if (!h) return Json{{"none", true}};
    return Json{{"row", h->row}, {"col", h->col}, {"value", h->value}, {"reason", h->reason}};
  });
}

// {"solvable", "unique", "level" (or null: none of the four)}.
std::string grade(const std::string& text) {
  return web::reply([&] {
    const futoshiki::Grade g = futoshiki::grade(futoshiki::parse_puzzle(text, "puzzle"));
    return Json{{"solvable", g.solvable},
                {"unique", g.unique},
                {"level", g.level ? Json(std::string(futoshiki::to_string(*g.level))) : Json()}};
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(futoshiki) {
  emscripten::function("futoshikiParse", &parse);
  emscripten::function("futoshikiSolve", &solve_puzzle);
  emscripten::function("futoshikiGenerate", &generate);
  emscripten::function("futoshikiHint", &hint);
  emscripten::function("futoshikiGrade", &grade);
}
