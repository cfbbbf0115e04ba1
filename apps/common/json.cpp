#include "common/json.hpp"

#include <cmath>

namespace cli {

namespace {

constexpr std::uint64_t max_exact_double = (std::uint64_t(1) << 53) - 1;

// One line of JSON; bytes that are not UTF-8 (a file or item name) become U+FFFD, not an error.
std::string dumped(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

Json json_count(const solve::BigCount& n) {
  if (n.fits_u64() && n.saturated_u64() <= max_exact_double) return n.saturated_u64();
  return n.to_string();
}

const char* stop_name(solve::StopReason stop) {
  using R = solve::StopReason;
  switch (stop) {
    case R::exhausted: return "exhausted";
    case R::solution_limit: return "solution_limit";
    case R::node_limit: return "node_limit";
    case R::time_limit: return "time_limit";
    case R::cancelled: return "cancelled";
    case R::by_callback: return "by_callback";
  }
  return "exhausted";
}

Json json_stats(const solve::Stats& s, solve::StopReason stop, Counters counters) {
  Json j = Json::object();
  j["nodes"] = s.nodes;
  if (counters == Counters::csp) {
    j["failures"] = s.failures;
    j["propagations"] = s.propagations;
  } else {
    j["updates"] = s.updates;
  }
  j["max_depth"] = s.max_depth;
  j["seconds"] = std::round(s.seconds * 1e6) / 1e6;  // microseconds, as --stats prints them
  j["stop"] = stop_name(stop);
  return j;
}

const char* status_name(int exit_status) {
  switch (exit_status) {
    case 0: return "solved";
    case 1: return "no_solution";
    default: return "stopped";
  }
}

JsonAnswer::JsonAnswer(std::ostream& out, std::string_view program, Json input,
                       std::string_view mode)
    : out_(out) {
  head_["program"] = std::string(program);
  head_["input"] = std::move(input);
  head_["mode"] = std::string(mode);
}

void JsonAnswer::open() {
  if (opened_) return;
  opened_ = true;
  out_ << "{\n";
  for (const auto& [key, value] : head_.items())
    out_ << "  " << dumped(key) << ": " << dumped(value) << ",\n";
  out_ << "  \"solutions\": [";
}

bool JsonAnswer::solution(const Json& object) {
  open();
  out_ << (solutions_ == 0 ? "\n    " : ",\n    ") << dumped(object);
  ++solutions_;
  return out_.good();
}

void JsonAnswer::finish(int exit_status, const Json& count, bool complete, const Json& extra,
                        const Json& stats) {
  open();
  out_ << (solutions_ == 0 ? "],\n" : "\n  ],\n");
  Json tail = Json::object();
  tail["status"] = status_name(exit_status);
  tail["count"] = count;
  tail["complete"] = complete;
  if (extra.is_object())
    for (const auto& [key, value] : extra.items()) tail[key] = value;
  tail["stats"] = stats;
  std::size_t left = tail.size();
  for (const auto& [key, value] : tail.items())
    out_ << "  " << dumped(key) << ": " << dumped(value) << (--left > 0 ? ",\n" : "\n");
  out_ << "}\n";
}

}  // namespace cli
