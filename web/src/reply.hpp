#pragma once
// What every binding returns to JavaScript: one JSON text (the worker parses it). Bad input is
// an answer too, {"error": "line 3: ..."}, not an exception across the language boundary.
#include <exception>
#include <string>

#include <emscripten/val.h>

#include <solve/error.hpp>
#include <solve/limits.hpp>

#include "common/json.hpp"

namespace web {

using cli::Json;

/// Runs make_reply and returns its JSON text; a thrown InputError or ModelError becomes
/// {"error": message}, anything else {"error": "internal error: ..."}.
template <typename F>
std::string reply(F&& make_reply) {
  try {
    return Json(make_reply()).dump();
  } catch (const solve::InputError& e) {
    return Json{{"error", e.what()}}.dump();
  } catch (const solve::ModelError& e) {
    return Json{{"error", e.what()}}.dump();
  } catch (const std::exception& e) {
    return Json{{"error", std::string("internal error: ") + e.what()}}.dump();
  }
}

/// A progress hook that hands libsolve's progress to a JavaScript function(done, solutions,
/// nodes, seconds) (the worker posts it to the page); none when the function is undefined.
solve::ProgressHook progress_to(const emscripten::val& on_progress);

/// "exhausted", "node_limit", ... for the page.
const char* stop_name(solve::StopReason stop);

}  // namespace web
