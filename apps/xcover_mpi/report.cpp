#include "report.hpp"

#include <ostream>

#include <fmt/format.h>

#include "common/exit_status.hpp"
#include "common/report.hpp"
#include "ledger.hpp"

namespace xcover_mpi {

namespace {

std::string format_stats(const Outcome& o) {
  const bool cut = o.stop != solve::StopReason::exhausted;
  Tally all = o.total;
  if (cut) {  // what the stopped parts found is part of the (partial) figures
    all.count += o.partial.count;
    all.stats += o.partial.stats;
    all.stats.solutions = all.count.saturated_u64();
  }
  solve::Stats shown = all.stats;
  shown.seconds = o.seconds;
  std::string out =
      cli::format_stats(shown, o.stop, cli::Counters::exact_cover, all.count.to_string());
  if (const solve::MemoStats& m = all.memo; m.lookups > 0)
    out += fmt::format(
        "memo hits: {} of {} lookups ({:.1f}%)\nmemo stores: {} ({} evictions, {:.1f} MiB the "
        "largest)\n",
        m.hits, m.lookups, 100 * m.hit_rate(), m.stores, m.evictions, double(m.bytes) / (1 << 20));
  out += fmt::format("parts: {} counted of {} (asked {}; {} from the checkpoint)\n", o.total.parts,
                     o.parts, o.asked, o.resumed);
  out += fmt::format("split seconds: {:.6f}\npart seconds: {:.6f} (added up)\n", o.split_seconds,
                     all.stats.seconds);
  if (o.handed_again > 0)
    out += fmt::format("parts handed out again: {} (their rank fell silent)\n", o.handed_again);
  for (std::size_t r = 0; r < o.by_rank.size(); ++r)
    out += fmt::format("rank {}: {} parts, {} solutions, {} nodes, {:.3f} s\n", r,
                       o.by_rank[r].parts, o.by_rank[r].count.to_string(), o.by_rank[r].stats.nodes,
                       o.by_rank[r].stats.seconds);
  return out;
}

}  // namespace

int report(const Outcome& o, bool stats, std::ostream& out, std::ostream& err) {
  if (stats) err << format_stats(o);
  if (o.stop == solve::StopReason::exhausted) {
    out << "solutions: " << o.total.count.to_string() << '\n';
    return o.total.count > 0 ? cli::answered : cli::no_solution;
  }
  const solve::BigCount found = o.total.count + o.partial.count;
  err << cli::stopped_message(
             "xcover-mpi", o.stop,
             fmt::format("after {} solutions, {} of {} parts counted; the count is incomplete",
                         found.to_string(), o.total.parts, o.parts))
      << '\n';
  err << "xcover-mpi: parts not counted: " << format_indices(o.not_done) << '\n';
  if (!o.checkpoint.empty())
    err << fmt::format("xcover-mpi: {} holds the {} parts counted; go on with --resume {}\n",
                       o.checkpoint, o.total.parts, o.checkpoint);
  else err << "xcover-mpi: (with --checkpoint FILE the parts counted would have been kept)\n";
  return cli::stopped;
}

int report_split_stopped(solve::StopReason stop, std::size_t asked, double seconds,
                         const std::string& file, bool resumed, std::ostream& err) {
  err << cli::stopped_message(
             "xcover-mpi", stop,
             fmt::format("while splitting the problem into {} parts, after {:.1f} s: nothing was "
                         "counted",
                         asked, seconds))
      << '\n';
  if (resumed)
    err << fmt::format("xcover-mpi: {} is as it was; go on with --resume {}\n", file, file);
  else if (!file.empty())
    err << fmt::format("xcover-mpi: {} was not created (it is made once the split is done)\n",
                       file);
  return cli::stopped;
}

}  // namespace xcover_mpi
