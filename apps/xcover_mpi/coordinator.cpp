#include "coordinator.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include <solve/cover_split.hpp>
#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>

#include "checkpoint.hpp"
#include "common/exit_status.hpp"
#include "common/interrupt.hpp"
#include "common/progress.hpp"
#include "ledger.hpp"
#include "mpi_link.hpp"
#include "part_counter.hpp"
#include "report.hpp"
#include "xcover.hpp"

namespace xcover_mpi {

namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Input {
  std::string text;
  solve::ExactCover problem;
};

// Reads and parses the problem as xcover does, then shares its text with the workers; when
// that fails they are told so (and end), and the error goes on to cli::guarded.
Input load(const std::string& path) {
  std::optional<Input> in;
  try {
    cli::TextFile file = cli::read_text_file(path, xcover::text_limits);
    std::istringstream text(file.text);
    solve::ExactCover problem = solve::read_exact_cover(text, file.name);
    in = Input{std::move(file.text), std::move(problem)};
  } catch (...) {
    share_text(std::nullopt);
    throw;
  }
  share_text(in->text);
  return std::move(*in);
}

// Sends `stop` to every worker once: when told, or at the latest when it goes out of scope
// (an error in rank 0 must not leave the workers waiting for ever).
class WorkerStopper {
 public:
  explicit WorkerStopper(int ranks) : ranks_(ranks) {}
  ~WorkerStopper() { stop(); }
  WorkerStopper(const WorkerStopper&) = delete;
  WorkerStopper& operator=(const WorkerStopper&) = delete;
  void stop() {
    if (std::exchange(stopped_, true)) return;
    const std::uint64_t lost = finalize_skipped() ? 1 : 0;
    for (int r = 1; r < ranks_; ++r)
      send(r, Tag::stop, {&lost, 1});  // (a dead rank cannot answer: no matter)
  }

 private:
  int ranks_;
  bool stopped_ = false;
};

// The parts, the checkpoint read (--resume) and the one written.
struct Plan {
  std::vector<solve::CoverPart> parts;
  std::size_t asked = 0;
  std::optional<Checkpoint> resumed;
  std::optional<CheckpointFile> file;
  double split_seconds = 0;
  solve::StopReason stop =
      solve::StopReason::exhausted;  ///< the split was stopped (nothing to count)
};

// The checkpoint read (and locked) or checked, then the split (stopped by --timeout, counted
// from `start`, or a signal), then the checkpoint written.
Plan make_plan(const Settings& s, int ranks, const Input& in, double start, std::ostream& err) {
  Plan plan;
  const CheckpointExpect expect{fingerprint(in.text), in.text.size(), s.split,
                                std::size_t(in.problem.num_options())};
  if (!s.resume.empty()) {
    plan.resumed.emplace();
    plan.file.emplace(CheckpointFile::resume(s.resume, expect, *plan.resumed));
    plan.asked = plan.resumed->header.asked;
  } else {
    plan.asked = s.split != 0 ? s.split : parts_per_rank * std::size_t(ranks);
    if (!s.checkpoint.empty()) CheckpointFile::check_new(s.checkpoint);  // before a long split
  }
  solve::Limits limits{.cancel = &cli::cancel_flag()};
  if (const double max = s.search.limits.max_seconds; max > 0)
    limits.max_seconds = std::max(1e-9, max - (now_seconds() - start));
  const double split_start = now_seconds();
  solve::CoverSplit split = solve::split_cover(in.problem, plan.asked, limits);
  plan.split_seconds = now_seconds() - split_start;
  plan.stop = split.stop;
  if (plan.stop != solve::StopReason::exhausted) return plan;
  plan.parts = std::move(split.parts);
  if (plan.resumed) {
    if (plan.resumed->header.parts != plan.parts.size())
      throw solve::InputError(
          fmt::format("{}: says the split gave {} parts, it now gives {} (another version of "
                      "libsolve?); the parts it holds cannot be trusted",
                      s.resume, plan.resumed->header.parts, plan.parts.size()));
    if (plan.resumed->dropped_tail)
      err << fmt::format(
          "xcover-mpi: {}: its incomplete last line is dropped (the run that wrote it was killed "
          "while writing)\n",
          s.resume);
    plan.file->open_to_append(plan.resumed->valid_bytes);
  } else if (!s.checkpoint.empty()) {
    const CheckpointHeader header{expect.problem_hash, expect.problem_bytes, plan.asked,
                                  plan.parts.size()};
    plan.file.emplace(CheckpointFile::create(s.checkpoint, header));
  }
  return plan;
}

// The rounds of rank 0: hand parts out, take results in, until every part is counted or a
// limit or signal stops the run.
class Coordinator {
 public:
  Coordinator(const Settings& s, int ranks, const solve::ExactCover& problem, Plan& plan,
              WorkerStopper& stopper, Outcome& outcome, std::ostream& err, double start)
      : s_(s),
        ranks_(ranks),
        stopper_(stopper),
        plan_(plan),
        outcome_(outcome),
        err_(err),
        ledger_(plan.parts.size(), ranks),
        idle_(std::size_t(ranks), false),
        local_(problem, s.search),
        progress_(s.progress),
        start_(start) {
    outcome_.by_rank.assign(std::size_t(ranks), Tally{});
    if (plan.resumed) {
      for (std::size_t p = 0; p < plan.resumed->done.size(); ++p)
        if (plan.resumed->done[p]) ledger_.mark_done(p);
      outcome_.total = plan.resumed->total;
    }
    outcome_.resumed = outcome_.total.parts;
  }

  void run() {
    Backoff backoff;
    while (!ledger_.all_done() && !stopped()) {
      bool news = false;
      if (!local_.busy())
        if (const auto p = ledger_.hand_out(0, now_seconds()))
          local_.start(*p, plan_.parts[*p], seconds_left());
      while (const std::optional<Message> m = poll()) {
        take(*m);
        news = true;
      }
      hand_out_to_idle();
      for (const auto& [rank, part] : ledger_.take_back_silent(now_seconds(), s_.lost_after)) {
        progress_.clear();
        err_ << fmt::format(
            "xcover-mpi: rank {} silent for {} s: its part {} is handed out again\n", rank,
            s_.lost_after, part);
        ++outcome_.handed_again;
        skip_finalize();
      }
      show_progress();
      if (news) backoff.reset();
      if (local_.busy()) {  // wait for the local part, or a while
        if (std::optional<PartResult> r = local_.wait(news ? 0 : backoff.next()))
          record(0, std::move(*r));
      } else if (!news) {
        backoff.pause();
      }
    }
    progress_.clear();
    stopper_.stop();
    finish();
  }

 private:
  bool stopped() {
    if (outcome_.stop == solve::StopReason::exhausted) {
      if (cli::cancel_flag()) outcome_.stop = solve::StopReason::cancelled;
      if (s_.search.limits.max_seconds > 0 &&
          now_seconds() - start_ >= s_.search.limits.max_seconds)
        outcome_.stop = solve::StopReason::time_limit;
    }
    return outcome_.stop != solve::StopReason::exhausted;
  }

  double seconds_left() const {
    if (s_.search.limits.max_seconds <= 0) return 0;
    return std::max(1e-3, s_.search.limits.max_seconds - (now_seconds() - start_));
  }

  void take(const Message& m) {
    const auto rank = std::size_t(m.from);
    if (m.from <= 0 || m.from >= ranks_) return;
    switch (m.tag) {
      case Tag::ready: idle_[rank] = true; break;
      case Tag::done:
        record(m.from, decode_result(m.words));
        idle_[rank] = true;
        break;
      case Tag::news: ledger_.heard(m.from, now_seconds(), decode_news(m.words)); break;
      case Tag::failed:
        throw std::runtime_error(fmt::format("rank {}: {}", m.from, decode_text(m.words)));
      default: break;
    }
  }

  void hand_out_to_idle() {
    if (stopped()) return;
    for (int r = 1; r < ranks_; ++r) {
      if (!idle_[std::size_t(r)]) continue;
      const auto p = ledger_.hand_out(r, now_seconds());
      if (!p) return;
      idle_[std::size_t(r)] = false;
      send(r, Tag::part, encode(PartOrder{*p, plan_.parts[*p], seconds_left()}));
    }
  }

  void record(int rank, PartResult r) {
    if (!r.complete()) {  // stopped early: what it found is a partial figure
      ledger_.gave_up(rank);
      if (outcome_.stop == solve::StopReason::exhausted) outcome_.stop = r.stop;
      outcome_.partial.add(r);
      return;
    }
    if (!ledger_.finished(rank, r.index, now_seconds()))
      return;  // counted twice: the first result stands
    if (plan_.file) plan_.file->append(r);
    outcome_.by_rank[std::size_t(rank)].add(r);
    outcome_.total.add(r);
  }

  // After the last round: the local part is stopped; after a time limit the workers' partial
  // results are waited for a little (after a signal there may be no time: mpirun kills soon).
  void finish() {
    local_.cancel();
    if (std::optional<PartResult> r = local_.wait(1e9); r && !ledger_.all_done())
      record(0, std::move(*r));
    if (outcome_.stop == solve::StopReason::time_limit) {
      const double until = now_seconds() + 5;
      while (busy_workers() > 0 && now_seconds() < until) {
        if (const std::optional<Message> m = poll()) {
          if (m->tag == Tag::done) record(m->from, decode_result(m->words));
          if (m->tag == Tag::done || m->tag == Tag::failed) idle_[std::size_t(m->from)] = true;
        } else {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
      }
    }
    if (plan_.file) plan_.file->sync();
    outcome_.not_done = ledger_.not_done();
    outcome_.seconds = now_seconds() - start_;
  }

  int busy_workers() const {
    int n = 0;
    for (int r = 1; r < ranks_; ++r) n += ledger_.held(r).has_value() && !idle_[std::size_t(r)];
    return n;
  }

  void show_progress() {
    const double now = now_seconds();
    if (!progress_.enabled() || now - last_shown_ < 1 || now - start_ < 1) return;
    last_shown_ = now;
    const double done = ledger_.fraction_done();
    progress_.show(fmt::format("{} of {} parts, {} solutions, {:.0f} s{}", ledger_.done(),
                               ledger_.parts(), outcome_.total.count.to_string(), now - start_,
                               cli::time_left(now - start_, done)));
  }

  const Settings& s_;
  int ranks_;
  WorkerStopper& stopper_;
  Plan& plan_;
  Outcome& outcome_;
  std::ostream& err_;
  Ledger ledger_;
  std::vector<bool> idle_;  // workers that asked and got nothing yet
  PartCounter local_;       // rank 0 counts parts too
  cli::ProgressLine progress_;
  double start_;
  double last_shown_ = 0;
};

}  // namespace

int run_coordinator(const Settings& settings, int ranks, std::ostream& out, std::ostream& err) {
  const double start = now_seconds();  // --timeout counts from here, the split included
  const cli::InterruptGuard signals(
      false);  // Ctrl-C, SIGTERM stop the split too; mpirun and Slurm may both signal
  const Input in = load(settings.input);
  WorkerStopper stopper(ranks);  // from the moment the workers have the problem
  Plan plan = make_plan(settings, ranks, in, start, err);
  if (plan.stop != solve::StopReason::exhausted) {
    const std::string& file = settings.resume.empty() ? settings.checkpoint : settings.resume;
    return report_split_stopped(plan.stop, plan.asked, now_seconds() - start, file,
                                !settings.resume.empty(), err);
  }
  Outcome outcome;
  outcome.asked = plan.asked;
  outcome.parts = plan.parts.size();
  outcome.split_seconds = plan.split_seconds;
  if (plan.file) outcome.checkpoint = plan.file->path();
  Coordinator(settings, ranks, in.problem, plan, stopper, outcome, err, start).run();
  return report(outcome, settings.stats, out, err);
}

}  // namespace xcover_mpi
