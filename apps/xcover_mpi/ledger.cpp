#include "ledger.hpp"

#include <fmt/format.h>

namespace xcover_mpi {

Ledger::Ledger(std::size_t parts, int ranks) : done_(parts, false), ranks_(std::size_t(ranks)) {}

void Ledger::mark_done(std::size_t index) {
  if (done_.at(index)) return;
  done_[index] = true;
  ++done_count_;
  ++done_before_;
}

std::optional<std::size_t> Ledger::hand_out(int rank, double now) {
  Rank& r = ranks_.at(std::size_t(rank));
  std::optional<std::size_t> part;
  while (!part && !queue_.empty()) {
    if (!done_[queue_.front()]) part = queue_.front();
    queue_.pop_front();
  }
  while (!part && next_ < done_.size()) {
    if (!done_[next_]) part = next_;
    ++next_;
  }
  r.part = part;
  r.heard = now;
  r.part_done = 0;
  return part;
}

bool Ledger::finished(int rank, std::size_t index, double now) {
  Rank& r = ranks_.at(std::size_t(rank));
  if (r.part == index) r.part.reset();
  r.heard = now;
  r.part_done = 0;
  if (done_.at(index)) return false;
  done_[index] = true;
  ++done_count_;
  return true;
}

void Ledger::gave_up(int rank) {
  Rank& r = ranks_.at(std::size_t(rank));
  if (r.part && !done_[*r.part]) queue_.push_front(*r.part);
  r.part.reset();
  r.part_done = 0;
}

void Ledger::heard(int rank, double now, double part_done) {
  Rank& r = ranks_.at(std::size_t(rank));
  r.heard = now;
  r.part_done = part_done;
}

std::vector<std::pair<int, std::size_t>> Ledger::take_back_silent(double now, double silence) {
  std::vector<std::pair<int, std::size_t>> out;
  for (std::size_t k = 1; k < ranks_.size(); ++k) {
    Rank& r = ranks_[k];
    if (!r.part || now - r.heard <= silence) continue;
    if (!done_[*r.part]) {
      queue_.push_front(*r.part);
      out.emplace_back(int(k), *r.part);
    }
    r.part.reset();
    r.part_done = 0;
  }
  return out;
}

std::vector<std::size_t> Ledger::not_done() const {
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < done_.size(); ++p)
    if (!done_[p]) out.push_back(p);
  return out;
}

double Ledger::fraction_done() const {
  const std::size_t left_at_start = done_.size() - done_before_;
  if (left_at_start == 0) return 1;
  double done = double(done_count_ - done_before_);
  for (const Rank& r : ranks_)
    if (r.part && !done_[*r.part]) done += r.part_done;
  return done / double(left_at_start);
}

std::string format_indices(const std::vector<std::size_t>& indices, std::size_t max_runs) {
  std::string out;
  std::size_t runs = 0;
  for (std::size_t k = 0; k < indices.size();) {
    std::size_t end = k + 1;
    while (end < indices.size() && indices[end] == indices[end - 1] + 1) ++end;
    if (runs++ == max_runs) return out + ", ...";
    if (!out.empty()) out += ", ";
    out += end - k == 1 ? fmt::format("{}", indices[k])
                        : fmt::format("{}-{}", indices[k], indices[end - 1]);
    k = end;
  }
  return out;
}

}  // namespace xcover_mpi
