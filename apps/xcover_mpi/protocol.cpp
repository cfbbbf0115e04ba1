#include "protocol.hpp"

#include <bit>
#include <cstring>
#include <stdexcept>

namespace xcover_mpi {

namespace {

[[noreturn]] void malformed(const char* what, std::size_t words) {
  throw std::runtime_error(std::string("a '") + what + "' message of " + std::to_string(words) +
                           " words is malformed");
}

// Appends n, then the n ids.
void put_ids(std::vector<std::uint64_t>& w, const std::vector<int>& ids) {
  w.push_back(ids.size());
  for (const int id : ids) w.push_back(std::uint64_t(id));
}

// Reads what put_ids wrote at w[at...]; advances at.
std::vector<int> take_ids(std::span<const std::uint64_t> w, std::size_t& at) {
  if (at >= w.size() || w[at] > w.size() - at - 1) malformed("part", w.size());
  std::vector<int> ids;
  const std::size_t n = std::size_t(w[at++]);
  for (std::size_t k = 0; k < n; ++k) {
    if (w[at] > std::uint64_t(INT32_MAX)) malformed("part", w.size());
    ids.push_back(int(w[at++]));
  }
  return ids;
}

}  // namespace

std::vector<std::uint64_t> encode(const PartOrder& order) {
  std::vector<std::uint64_t> w{order.index};
  put_ids(w, order.part.forced);
  put_ids(w, order.part.excluded);
  w.push_back(std::bit_cast<std::uint64_t>(order.max_seconds));
  return w;
}

PartOrder decode_order(std::span<const std::uint64_t> w) {
  PartOrder order;
  if (w.empty()) malformed("part", 0);
  order.index = std::size_t(w[0]);
  std::size_t at = 1;
  order.part.forced = take_ids(w, at);
  order.part.excluded = take_ids(w, at);
  if (at + 1 != w.size()) malformed("part", w.size());
  order.max_seconds = std::bit_cast<double>(w[at]);
  return order;
}

std::vector<std::uint64_t> encode_news(std::size_t index, double part_done) {
  return {index, std::bit_cast<std::uint64_t>(part_done)};
}

double decode_news(std::span<const std::uint64_t> w) {
  if (w.size() != 2) return 0;
  const double done = std::bit_cast<double>(w[1]);
  return done >= 0 && done <= 1 ? done : 0;
}

std::vector<std::uint64_t> encode_text(std::string_view text) {
  std::vector<std::uint64_t> w(1 + (text.size() + 7) / 8, 0);
  w[0] = text.size();
  std::memcpy(w.data() + 1, text.data(), text.size());
  return w;
}

std::string decode_text(std::span<const std::uint64_t> w) {
  if (w.empty() || w[0] > (w.size() - 1) * 8) return "(a malformed message)";
  std::string text(static_cast<std::size_t>(w[0]), '\0');
  std::memcpy(text.data(), w.data() + 1, text.size());
  return text;
}

}  // namespace xcover_mpi
