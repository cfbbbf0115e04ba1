#include "solve/stats.hpp"

namespace solve {

const char* to_string(StopReason r) {
  switch (r) {
    case StopReason::exhausted: return "exhausted";
    case StopReason::solution_limit: return "solution limit";
    case StopReason::node_limit: return "node limit";
    case StopReason::time_limit: return "time limit";
    case StopReason::cancelled: return "cancelled";
    case StopReason::by_callback: return "stopped by callback";
  }
  return "unknown";
}

}  // namespace solve
