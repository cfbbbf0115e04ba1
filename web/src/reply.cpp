#include "reply.hpp"

namespace web {

solve::ProgressHook progress_to(const emscripten::val& on_progress) {
  if (on_progress.isUndefined() || on_progress.isNull()) return {};
  return [on_progress](const solve::Progress& p) {
    on_progress(p.done, double(p.solutions), double(p.nodes), p.seconds);
  };
}

const char* stop_name(solve::StopReason stop) {
  switch (stop) {
    case solve::StopReason::exhausted: return "exhausted";
    case solve::StopReason::solution_limit: return "solution_limit";
    case solve::StopReason::node_limit: return "node_limit";
    case solve::StopReason::time_limit: return "time_limit";
    case solve::StopReason::cancelled: return "cancelled";
    case solve::StopReason::by_callback: return "by_callback";
  }
  return "unknown";
}

}  // namespace web
