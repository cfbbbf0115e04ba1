// The stenen page: a board for a stone set (the samples of puzzles/stenen), a position made
// of moves, and the count and the solutions from that position (apps/stenen's solver, drawn by
// its board_svg). The page keeps the moves as text, in stenen's notation "(row,col,stone,orient)"
// (move.hpp), and sends them with every request: the bindings keep no state.
#include <atomic>
#include <string>
#include <vector>

#include <emscripten/bind.h>

#include "board.hpp"
#include "move.hpp"
#include "puzzle.hpp"
#include "reply.hpp"
#include "solver.hpp"
#include "svg.hpp"

namespace {

using web::Json;

// The board sizes a Leiden stone set fits (rows x cols = its area, sides 2..20; check_board
// agrees), or the cap_puzzle file's own board.
Json board_sizes(const stenen::Puzzle& p) {
  Json sizes = Json::array();
  if (p.format == stenen::Format::cap_puzzle) {
    sizes.push_back({p.rows, p.cols});
    return sizes;
  }
  for (int rows = 2; rows <= 20; ++rows) {
    if (p.area() % rows != 0) continue;
    const int cols = p.area() / rows;
    try {
      stenen::check_board(p, rows, cols);
      sizes.push_back({rows, cols});
    } catch (const solve::InputError&) {
      // a board the stones do not fit: not offered
    }
  }
  return sizes;
}

// {"stones": [{"number", "name", "size", "orientations": [{"rows", "cols", "cells": [[r, c]...],
// "distinct"}]}], "sizes": [[rows, cols]...], "format": "leiden" | "cap_puzzle"}.
std::string load(const std::string& text, const std::string& name) {
  return web::reply([&] {
    const stenen::Puzzle p = stenen::parse_puzzle(text, name);
    Json stones = Json::array();
    for (const stenen::Stone& s : p.stones) {
      Json orientations = Json::array();
      for (int o = 0; o < stenen::num_orientations; ++o) {
        const stenen::Shape& shape = s.orientation[std::size_t(o)];
        Json cells = Json::array();
        for (const stenen::Cell& c : shape.cells) cells.push_back({c.row, c.col});
        orientations.push_back({{"rows", shape.rows},
                                {"cols", shape.cols},
                                {"cells", cells},
                                {"distinct", s.distinct(o)}});
      }
      stones.push_back({{"number", s.number},
                        {"name", s.name()},
                        {"size", s.size()},
                        {"orientations", orientations}});
    }
    return Json{{"stones", stones},
                {"sizes", board_sizes(p)},
                {"format", p.format == stenen::Format::leiden ? "leiden" : "cap_puzzle"}};
  });
}

// The board after the moves; the first illegal move throws an InputError with its reason.
// The Board points into the Puzzle beside it: a Position is built in place and never moved.
struct Position {
  Position(const std::string& text, int rows, int cols, const std::string& moves)
      : puzzle(stenen::parse_puzzle(text, "stones")),
        board((stenen::check_board(puzzle, rows, cols), puzzle), rows, cols) {
    for (const stenen::Move& m : stenen::parse_moves(moves, puzzle))
      if (auto why = board.place(m))
        throw solve::InputError("illegal move " + stenen::to_string(m, &puzzle) + ": " + *why);
  }
  Position(const Position&) = delete;
  Position& operator=(const Position&) = delete;

  stenen::Puzzle puzzle;
  stenen::Board board;
};

Json position_json(const Position& pos) {
  Json used = Json::array();
  for (const stenen::Stone& s : pos.puzzle.stones) used.push_back(pos.board.used(s.number));
  return Json{
      {"grid", pos.board.grid()},
      {"used", used},
      {"empty", pos.board.empty_cells()},
      {"svg", stenen::board_svg(pos.puzzle, pos.board.rows(), pos.board.cols(), pos.board.grid())}};
}

// {"grid", "used", "empty", "svg"}, or {"error": "illegal move (0,0,1,2): ..."}.
std::string show(const std::string& text, int rows, int cols, const std::string& moves) {
  return web::reply([&] {
    const Position pos(text, rows, cols, moves);
    return position_json(pos);
  });
}

stenen::Counting counting(const std::string& name) {
  if (name == "identical") return stenen::Counting::identical;
  if (name == "unique") return stenen::Counting::unique;
  return stenen::Counting::labelled;
}

// {"solutions": "176", "unique": "12" (cap_puzzle), "complete", "positions", "seconds"}.
std::string count(const std::string& text, int rows, int cols, const std::string& moves,
                  const std::string& how, emscripten::val on_progress) {
  return web::reply([&] {
    const Position pos(text, rows, cols, moves);
    stenen::RunOptions o;
    o.counting = counting(how);
    o.progress = web::progress_to(on_progress);
    const stenen::CountResult r = stenen::count_solutions(pos.board, o);
    Json out{{"solutions", r.solutions.to_string()},
             {"complete", r.complete},
             {"positions", r.positions},
             {"seconds", r.seconds}};
    if (r.unique) out["unique"] = r.unique->to_string();
    return out;
  });
}

// {"boards": [svg...], "complete"}: the first `max` solutions from the position.
std::string list(const std::string& text, int rows, int cols, const std::string& moves,
                 const std::string& how, int max) {
  return web::reply([&] {
    const Position pos(text, rows, cols, moves);
    std::atomic<bool> enough{false};
    stenen::RunOptions o;
    o.counting = counting(how);
    o.cancel = &enough;  // raised once `max` boards are in: the search stops soon after
    Json boards = Json::array();
    const stenen::CountResult r =
        stenen::list_solutions(pos.board, o, [&](const std::vector<int>& grid) {
          if (int(boards.size()) >= max) return;
          boards.push_back(stenen::board_svg(pos.puzzle, rows, cols, grid));
          if (int(boards.size()) >= max) enough = true;
        });
    return Json{{"boards", boards}, {"complete", r.complete && !enough}};
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(stenen) {
  emscripten::function("stenenLoad", &load);
  emscripten::function("stenenShow", &show);
  emscripten::function("stenenCount", &count);
  emscripten::function("stenenList", &list);
}
