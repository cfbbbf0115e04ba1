// xcover-mpi without MPI: checkpoint files, the coordinator's ledger, the messages, the part
// counter and the final report.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <solve/error.hpp>
#include <solve/exact_cover_io.hpp>

#include "checkpoint.hpp"
#include "common/output.hpp"
#include "ledger.hpp"
#include "part_counter.hpp"
#include "protocol.hpp"
#include "report.hpp"

namespace {

using namespace xcover_mpi;

PartResult result(std::size_t index, std::uint64_t count) {
  PartResult r;
  r.index = index;
  r.count = count;
  r.stats.solutions = count;
  r.stats.nodes = 10 * count + 1;
  r.stats.updates = 7;
  r.stats.max_depth = 5;
  r.stats.seconds = 0.25;
  return r;
}

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string(name) + "-" + std::to_string(::getpid()))).string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("checkpoint: written, read back, damaged", "[xcover_mpi]") {
  const CheckpointHeader h{0x0123456789abcdefu, 4242, 64, 70};
  std::string text = format_header(h) + format_done(result(3, 12)) + format_done(result(69, 0));
  CHECK(text.starts_with("xcover-mpi checkpoint 1\nproblem 0123456789abcdef 4242\nparts 64 70\ndone 3 12 121 7 5 0.250000 0 0 0 0\n"));
  Checkpoint c = parse_checkpoint(text, "f");
  CHECK(c.header == h);
  REQUIRE(c.done.size() == 2);
  CHECK(c.done[0].index == 3);
  CHECK(c.done[0].count == 12);
  CHECK(c.done[0].stats.nodes == 121);
  CHECK(c.done[1].count == 0);
  CHECK(c.valid_bytes == text.size());
  CHECK_FALSE(c.dropped_tail);

  // A run killed while writing a line: that line goes, the rest stays.
  c = parse_checkpoint(text + "done 5 1", "f");
  CHECK(c.dropped_tail);
  CHECK(c.valid_bytes == text.size());
  CHECK(c.done.size() == 2);

  // Counts beyond 2^64 survive.
  PartResult big = result(1, 0);
  big.count = solve::BigCount::from_limbs(std::vector<std::uint64_t>{5, 7});
  CHECK(parse_checkpoint(format_header(h) + format_done(big), "f").done[0].count == big.count);

  CHECK_THROWS_WITH(parse_checkpoint("hello\n", "cp"),
                    "cp:1: not an xcover-mpi checkpoint (no 'xcover-mpi checkpoint 1' line)");
  CHECK_THROWS_WITH(parse_checkpoint("xcover-mpi checkpoint 1\nproblem zz 1\n", "cp"),
                    "cp:2: expected 'problem HASH BYTES'");
  CHECK_THROWS_WITH(parse_checkpoint("xcover-mpi checkpoint 1\nproblem ab 1\nparts 1\n", "cp"),
                    "cp:3: expected 'parts ASKED MADE'");
  const std::string head = format_header(h);
  const auto bad_line = [&](const std::string& lines) { return parse_checkpoint(head + lines, "cp"); };
  CHECK_THROWS_WITH(bad_line("done 70 1 1 1 1 0.5 0 0 0 0\n"), "cp:4: part 70 of 70: past the last part");
  CHECK_THROWS_WITH(bad_line("done 1 -1 1 1 1 0.5 0 0 0 0\n"),
                    "cp:4: the count '-1' is not a whole number of at most 4096 digits");
  CHECK_THROWS_WITH(bad_line("done 1 1 1 1 1 nan 0 0 0 0\n"), "cp:4: the time 'nan' is not a number of seconds");
  CHECK_THROWS_WITH(bad_line("done 1 1 1\n"), Catch::Matchers::StartsWith("cp:4: expected 'done INDEX COUNT"));
  CHECK_THROWS_WITH(bad_line(format_done(result(2, 1)) + format_done(result(2, 1))), "cp:5: part 2 is there twice");
  CHECK_THROWS_WITH(bad_line("done 1 1 x 1 1 0.5 0 0 0 0\n"), "cp:4: the node count 'x' is not a whole number");
  CHECK_THROWS_WITH(bad_line("done 1 1 1 1 99999999999 0.5 0 0 0 0\n"), "cp:4: the depth 99999999999 is too large");
}

TEST_CASE("checkpoint file: created once, reopened without its cut line", "[xcover_mpi]") {
  const std::string path = temp_path("xcover-mpi-test.ckpt");
  std::filesystem::remove(path);
  const CheckpointHeader h{1, 2, 3, 4};
  {
    CheckpointWriter w = CheckpointWriter::create(path, h);
    w.append(result(0, 5));
  }
  CHECK_THROWS_WITH(CheckpointWriter::create(path, h),
                    path + ": exists; go on with its count with --resume " + path + ", or remove it");
  std::ofstream(path, std::ios::app) << "done 1 2";  // killed while writing
  Checkpoint c = read_checkpoint(path);
  CHECK(c.dropped_tail);
  {
    CheckpointWriter w = CheckpointWriter::reopen(path, c.valid_bytes);
    w.append(result(2, 6));
  }
  c = read_checkpoint(path);
  CHECK_FALSE(c.dropped_tail);
  REQUIRE(c.done.size() == 2);
  CHECK(c.done[1].index == 2);
  CHECK(slurp(path) == format_header(h) + format_done(result(0, 5)) + format_done(result(2, 6)));
  CHECK_THROWS_WITH(check_new_checkpoint(path), path + ": exists; go on with its count with --resume " + path + ", or remove it");
  CHECK_THROWS_WITH(check_new_checkpoint(path + "/x"), Catch::Matchers::StartsWith(path + "/x: cannot write"));
  std::filesystem::remove(path);
  check_new_checkpoint(path);  // (creates nothing)
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK_THROWS_AS(CheckpointWriter::reopen(path, 0), cli::WriteError);
  CHECK_THROWS_AS(read_checkpoint(path), solve::InputError);
  CHECK(fingerprint("") == 0xcbf29ce484222325u);
  CHECK(fingerprint("a") != fingerprint("b"));
}

TEST_CASE("ledger: parts in order, silent ranks' parts handed out again", "[xcover_mpi]") {
  Ledger l(6, 3);
  l.mark_done(1);
  CHECK(l.done() == 1);
  CHECK(l.hand_out(0, 0) == 0u);
  CHECK(l.hand_out(1, 0) == 2u);  // 1 was done before
  CHECK(l.hand_out(2, 0) == 3u);
  CHECK(l.held(1) == 2u);
  CHECK(l.fraction_done() == 0);
  l.heard(1, 5, 0.5);
  CHECK(l.fraction_done() == Approx(0.5 / 5));
  CHECK(l.finished(0, 0, 6));
  CHECK(l.fraction_done() == Approx(1.5 / 5));
  // Rank 2 says nothing for 10 s: its part 3 comes back first, rank 0 is never silent.
  const auto back = l.take_back_silent(10, 9);
  REQUIRE(back.size() == 1);
  CHECK(back[0] == std::pair<int, std::size_t>{2, 3});
  CHECK_FALSE(l.held(2));
  CHECK(l.hand_out(0, 10) == 3u);
  // Rank 2 was only slow: its result counts, rank 0's copy is dropped.
  CHECK(l.finished(2, 3, 11));
  CHECK_FALSE(l.finished(0, 3, 12));
  CHECK(l.not_done() == std::vector<std::size_t>{2, 4, 5});
  l.gave_up(1);  // stopped early: part 2 goes back to the front
  CHECK(l.hand_out(2, 12) == 2u);
  CHECK(l.hand_out(1, 12) == 4u);
  CHECK(l.hand_out(0, 12) == 5u);
  CHECK_FALSE(l.hand_out(0, 12));
  CHECK(l.finished(1, 4, 13));
  CHECK(l.finished(2, 2, 13));
  CHECK(l.finished(0, 5, 13));
  CHECK(l.all_done());
  CHECK(format_indices({1, 2, 3, 5, 7, 8}) == "1-3, 5, 7-8");
  CHECK(format_indices({1, 3, 5, 7}, 2) == "1, 3, ...");
  CHECK(format_indices({}).empty());
}

TEST_CASE("messages: every kind survives the trip", "[xcover_mpi]") {
  PartResult r = result(9, 0);
  r.count = solve::BigCount::from_limbs(std::vector<std::uint64_t>{1, 2, 3});
  r.stop = solve::StopReason::time_limit;
  r.memo.hits = 4;
  const PartResult back = decode_result(encode(r));
  CHECK(back.index == 9);
  CHECK(back.count == r.count);
  CHECK(back.stop == r.stop);
  CHECK(back.memo.hits == 4);
  CHECK(back.stats.seconds == 0.25);
  CHECK_THROWS(decode_result(std::vector<std::uint64_t>(3, 0)));

  const PartOrder order{17, {{1, 4, 9}, {2}}, 2.5};
  const PartOrder o2 = decode_order(encode(order));
  CHECK(o2.index == 17);
  CHECK(o2.part == order.part);
  CHECK(o2.max_seconds == 2.5);
  std::vector<std::uint64_t> w = encode(order);
  w[1] = 1000;  // more ids than words
  CHECK_THROWS(decode_order(w));

  CHECK(decode_news(encode_news(3, 0.25)) == 0.25);
  CHECK(decode_text(encode_text("rank 2: out of memory")) == "rank 2: out of memory");
  CHECK(decode_text(encode_text("")).empty());
  CHECK(parse_count("0") == solve::BigCount(0));
  CHECK(parse_count("18446744073709551616") == solve::BigCount::from_limbs(std::vector<std::uint64_t>{0, 1}));
  CHECK_FALSE(parse_count(""));
  CHECK_FALSE(parse_count("1e5"));
}

TEST_CASE("part counter: counts a part on its own thread, stops when asked", "[xcover_mpi]") {
  const auto p = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/queens-8.dlx");
  const auto parts = solve::split_cover(p, 10);
  PartCounter counter(p, {});
  solve::BigCount total;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    counter.start(k, parts[k], 0);
    CHECK(counter.busy());
    std::optional<PartResult> r;
    while (!(r = counter.wait(0.01))) {
    }
    CHECK_FALSE(counter.busy());
    CHECK(r->index == k);
    CHECK(r->complete());
    CHECK(r->stats.max_depth >= parts[k].forced.size());
    total += r->count;
  }
  CHECK(total == 92);

  const auto hard = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/pentomino-6x10-all.dlx");
  PartCounter slow(hard, {});
  slow.start(0, {}, 0);
  slow.cancel();
  const std::optional<PartResult> r = slow.wait(60);
  REQUIRE(r);
  CHECK(r->stop == solve::StopReason::cancelled);
}

TEST_CASE("report: the count, or what was not counted", "[xcover_mpi]") {
  Outcome o;
  o.asked = 4;
  o.parts = 5;
  o.total.add(result(0, 3));
  o.total.add(result(1, 4));
  o.resumed = 1;
  o.by_rank = {Tally{}, Tally{}};
  o.by_rank[1].add(result(1, 4));
  std::ostringstream out, err;
  o.stop = solve::StopReason::time_limit;
  o.partial.add(result(2, 1));
  o.not_done = {2, 3, 4};
  o.checkpoint = "cp";
  CHECK(report(o, false, out, err) == 3);
  CHECK(out.str().empty());
  CHECK(err.str() ==
        "xcover-mpi: stopped by the time limit (--timeout) after 8 solutions, 2 of 5 parts counted; the count is incomplete\n"
        "xcover-mpi: parts not counted: 2-4\n"
        "xcover-mpi: cp holds the 2 parts counted; go on with --resume cp\n");
  o.stop = solve::StopReason::exhausted;
  o.not_done.clear();
  err.str("");
  CHECK(report(o, true, out, err) == 0);
  CHECK(out.str() == "solutions: 7\n");
  CHECK(err.str().starts_with("solutions: 7\nnodes: 72\nupdates: 14\nmax depth: 5\n"));
  CHECK(err.str().find("parts: 2 counted of 5 (asked 4; 1 from the checkpoint)\n") != std::string::npos);
  CHECK(err.str().find("rank 1: 1 parts, 4 solutions, 41 nodes, 0.250 s\n") != std::string::npos);
  Outcome none;
  out.str("");
  CHECK(report(none, false, out, err) == 1);
  CHECK(out.str() == "solutions: 0\n");
}
