// xcover-mpi without MPI: checkpoint files, the coordinator's ledger, the messages, the part
// counter and the final report.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

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
  return (std::filesystem::temp_directory_path() /
          (std::string(name) + "-" + std::to_string(::getpid())))
      .string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

// The parts of a checkpoint's text, in file order.
std::vector<PartResult> parts_of(std::string_view text, const CheckpointExpect* expect = nullptr) {
  std::vector<PartResult> out;
  parse_checkpoint(text, "f", expect, [&](const PartResult& r) { out.push_back(r); });
  return out;
}

TEST_CASE("checkpoint: written, read back, damaged", "[xcover_mpi]") {
  const CheckpointHeader h{0x0123456789abcdefu, 4242, 64, 70};
  const std::uint64_t key = done_key(h);
  std::string text =
      format_header(h) + format_done(result(3, 12), key) + format_done(result(69, 0), key);
  CHECK(text.starts_with("xcover-mpi checkpoint 2\nproblem 0123456789abcdef 4242\nparts 64 70 "));
  CHECK(text.find("\ndone 3 12 121 7 5 0.250000 0 0 0 0 ") != std::string::npos);
  Checkpoint c = parse_checkpoint(text, "f");
  CHECK(c.header == h);
  CHECK(c.total.parts == 2);
  CHECK(c.total.count == 12);
  CHECK(c.total.stats.nodes == 121 + 1);
  CHECK(c.done.size() == 70);
  CHECK(c.done[3]);
  CHECK(c.done[69]);
  CHECK_FALSE(c.done[4]);
  const std::vector<PartResult> rs = parts_of(text);
  REQUIRE(rs.size() == 2);
  CHECK(rs[0].index == 3);
  CHECK(rs[0].count == 12);
  CHECK(rs[0].stats.nodes == 121);
  CHECK(rs[1].count == 0);
  CHECK(c.valid_bytes == text.size());
  CHECK_FALSE(c.dropped_tail);

  // A run killed while writing a line: that line goes, the rest stays.
  c = parse_checkpoint(text + "done 5 1", "f");
  CHECK(c.dropped_tail);
  CHECK(c.valid_bytes == text.size());
  CHECK(c.total.parts == 2);

  // Counts beyond 2^64 survive.
  PartResult big = result(1, 0);
  big.count = solve::BigCount::from_limbs(std::vector<std::uint64_t>{5, 7});
  CHECK(parts_of(format_header(h) + format_done(big, key))[0].count == big.count);

  CHECK_THROWS_WITH(parse_checkpoint("hello\n", "cp"),
                    "cp:1: not an xcover-mpi checkpoint (no 'xcover-mpi checkpoint 2' line)");
  CHECK_THROWS_WITH(parse_checkpoint("", "cp"),
                    "cp:1: not an xcover-mpi checkpoint (no 'xcover-mpi checkpoint 2' line)");
  CHECK_THROWS_WITH(
      parse_checkpoint("xcover-mpi checkpoint 1\nproblem 9adaaf7ec1ec6be5 921\n", "cp"),
      Catch::Matchers::StartsWith("cp:1: a checkpoint of format 1, which has no check sums"));
  CHECK_THROWS_WITH(parse_checkpoint("xcover-mpi checkpoint 2\nproblem zz 1\n", "cp"),
                    "cp:2: expected 'problem HASH BYTES'");
  CHECK_THROWS_WITH(parse_checkpoint("xcover-mpi checkpoint 2\nproblem ab 1\nparts 1\n", "cp"),
                    "cp:3: expected 'parts ASKED MADE CHECK'");
  CHECK_THROWS_WITH(parse_checkpoint("xcover-mpi checkpoint 2\nproblem ab 1\n", "cp"),
                    "cp:3: expected 'parts ASKED MADE CHECK'");
  const std::string head = format_header(h);
  const auto bad_line = [&](const std::string& lines) {
    return parse_checkpoint(head + lines, "cp");
  };
  // A line with its check: only a writer with a bug (or a forger) makes these.
  const auto checked = [&](const std::string& line) {
    return fmt::format("{} {:016x}\n", line, line_check(key, line));
  };
  CHECK_THROWS_WITH(bad_line(checked("done 70 1 1 1 1 0.5 0 0 0 0")),
                    "cp:4: part 70 of 70: past the last part");
  CHECK_THROWS_WITH(bad_line(checked("done 1 -1 1 1 1 0.5 0 0 0 0")),
                    "cp:4: the count '-1' is not a whole number of at most 4096 digits");
  CHECK_THROWS_WITH(bad_line(checked("done 1 1 1 1 1 nan 0 0 0 0")),
                    "cp:4: the time 'nan' is not a number of seconds");
  CHECK_THROWS_WITH(bad_line("done 1 1 1\n"),
                    Catch::Matchers::StartsWith("cp:4: expected 'done INDEX COUNT"));
  CHECK_THROWS_WITH(bad_line(format_done(result(2, 1), key) + format_done(result(2, 1), key)),
                    "cp:5: part 2 is there twice");
  CHECK_THROWS_WITH(bad_line(checked("done 1 1 x 1 1 0.5 0 0 0 0")),
                    "cp:4: the node count 'x' is not a whole number");
  CHECK_THROWS_WITH(bad_line(checked("done 1 1 1 1 99999999999 0.5 0 0 0 0")),
                    "cp:4: the depth 99999999999 is too large");
}

TEST_CASE("checkpoint: an edited, damaged or moved line is refused", "[xcover_mpi]") {
  const CheckpointHeader h{0x9adaaf7ec1ec6be5u, 921, 20, 20};
  const std::string head = format_header(h);
  const std::string line = format_done(result(0, 5), done_key(h));
  CHECK(parts_of(head + line).size() == 1);
  const std::string mismatch = "the check sum does not match the line";
  // Issue 22, item 1: a count edited to a million was added in.
  std::string edited = line;
  edited.replace(edited.find(" 5 "), 3, " 1000000 ");
  CHECK_THROWS_WITH(parse_checkpoint(head + line + edited, "cp"),
                    Catch::Matchers::StartsWith("cp:5: " + mismatch));
  // Every single byte changed, and the check itself, anywhere on the line.
  for (std::size_t k = 0; k + 1 < line.size(); ++k) {
    std::string damaged = line;
    damaged[k] = damaged[k] == '1' ? '2' : '1';
    INFO(damaged);
    CHECK_THROWS_AS(parse_checkpoint(head + damaged, "cp"), solve::InputError);
  }
  // A line of another problem, or of another split of this one.
  const CheckpointHeader other_problem{0x9adaaf7ec1ec6be6u, 921, 20, 20},
      other_split{0x9adaaf7ec1ec6be5u, 921, 30, 31};
  CHECK_THROWS_WITH(
      parse_checkpoint(head + format_done(result(0, 5), done_key(other_problem)), "cp"),
      Catch::Matchers::StartsWith("cp:4: " + mismatch));
  CHECK_THROWS_WITH(parse_checkpoint(head + format_done(result(0, 5), done_key(other_split)), "cp"),
                    Catch::Matchers::StartsWith("cp:4: " + mismatch));
  // The parts line has its check too.
  std::string parts = head;
  parts.replace(parts.find("parts 20 20"), 11, "parts 20 12");
  CHECK_THROWS_WITH(parse_checkpoint(parts, "cp"),
                    Catch::Matchers::StartsWith("cp:3: " + mismatch));
}

TEST_CASE("checkpoint: the header is bounded and checked before the parts", "[xcover_mpi]") {
  const CheckpointExpect queens{0x9adaaf7ec1ec6be5u, 921, 0, 92};
  // Issue 22, item 4: 'parts 100000000 12' with the right hash (and here a right check).
  CHECK_THROWS_WITH(
      parse_checkpoint(format_header({queens.problem_hash, 921, 100000000, 12}), "cp", &queens),
      "cp:3: 100000000 parts asked: out of bounds (--split takes 1 to 1000000)");
  CHECK_THROWS_WITH(
      parse_checkpoint(format_header({queens.problem_hash, 921, 0, 0}), "cp", &queens),
      "cp:3: 0 parts asked: out of bounds (--split takes 1 to 1000000)");
  CHECK_THROWS_WITH(
      parse_checkpoint(format_header({queens.problem_hash, 921, 20, 113}), "cp", &queens),
      "cp:3: 113 parts made of 20 asked: more than a split of this problem can give (at most 112)");
  CHECK(parse_checkpoint(format_header({queens.problem_hash, 921, 20, 112}), "cp", &queens)
            .header.parts == 112);
  CheckpointExpect split30 = queens;
  split30.split = 30;
  CHECK_THROWS_WITH(
      parse_checkpoint(format_header({queens.problem_hash, 921, 20, 20}), "cp", &split30),
      "cp: made with --split 20; give that or no --split to go on with it");
  CHECK_THROWS_WITH(parse_checkpoint(format_header({1, 921, 20, 20}), "cp", &queens),
                    Catch::Matchers::StartsWith(
                        "cp: a checkpoint of another problem (its text has 921 bytes, hash "
                        "0000000000000001; this one 921 bytes, hash 9adaaf7ec1ec6be5)"));
  // The size: at most a line of the longest kind per part (and a cut one) after the header.
  const CheckpointHeader h{queens.problem_hash, 921, 2, 2};
  const std::string head = format_header(h);
  const std::string most = head + std::string(3 * (max_checkpoint_line + 1), 'x');
  CHECK_THROWS_WITH(
      parse_checkpoint(most + "x", "cp", &queens),
      fmt::format("cp: {} bytes: more than a checkpoint of 2 parts can hold (at most {})",
                  most.size() + 1, most.size()));
  // Lines are bounded (no newline in 100 KB of garbage: refused after the first 4.5 KiB).
  CHECK_THROWS_WITH(parse_checkpoint(head + std::string(max_checkpoint_line + 1, 'x'), "cp"),
                    "cp:4: line longer than 4608 bytes: not a checkpoint line");
}

TEST_CASE("checkpoint file: created once, locked, reopened without its cut line", "[xcover_mpi]") {
  const std::string path = temp_path("xcover-mpi-test.ckpt");
  std::filesystem::remove(path);
  const CheckpointHeader h{1, 2, 3, 4};
  const CheckpointExpect expect{1, 2, 0, 1};
  const std::string in_use =
      "checkpoint " + path +
      " is in use by another run (it holds a lock on the file); wait for that run to end";
  {
    CheckpointFile w = CheckpointFile::create(path, h);
    w.append(result(0, 5));
    Checkpoint read;
    CHECK_THROWS_WITH(CheckpointFile::resume(path, expect, read), in_use);  // issue 22, item 6
  }
  CHECK_THROWS_WITH(
      CheckpointFile::create(path, h),
      path + ": exists; go on with its count with --resume " + path + ", or remove it");
  std::ofstream(path, std::ios::app) << "done 1 2";  // killed while writing
  Checkpoint c;
  {
    CheckpointFile w = CheckpointFile::resume(path, expect, c);
    CHECK(c.dropped_tail);
    Checkpoint again;
    CHECK_THROWS_WITH(CheckpointFile::resume(path, expect, again), in_use);
    w.open_to_append(c.valid_bytes);
    w.append(result(2, 6));
    w.sync();
  }
  std::vector<PartResult> rs;
  {
    CheckpointFile r =
        CheckpointFile::resume(path, expect, c, [&](const PartResult& r) { rs.push_back(r); });
  }
  CHECK_FALSE(c.dropped_tail);
  REQUIRE(rs.size() == 2);
  CHECK(rs[1].index == 2);
  CHECK(slurp(path) == format_header(h) + format_done(result(0, 5), done_key(h)) +
                           format_done(result(2, 6), done_key(h)));
  CHECK_THROWS_WITH(
      CheckpointFile::check_new(path),
      path + ": exists; go on with its count with --resume " + path + ", or remove it");
  CHECK_THROWS_WITH(CheckpointFile::check_new(path + "/x"),
                    Catch::Matchers::StartsWith(path + "/x: cannot write"));
  std::filesystem::remove(path);
  CheckpointFile::check_new(path);  // (creates nothing)
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK_THROWS_WITH(CheckpointFile::resume(path, expect, c),
                    Catch::Matchers::StartsWith(path + ": cannot open: No such file"));
  CHECK_THROWS_WITH(CheckpointFile::resume("/tmp", expect, c),
                    "/tmp: not a regular file (a checkpoint is one)");
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
  CHECK(parse_count("18446744073709551616") ==
        solve::BigCount::from_limbs(std::vector<std::uint64_t>{0, 1}));
  CHECK_FALSE(parse_count(""));
  CHECK_FALSE(parse_count("1e5"));
  CHECK_FALSE(parse_count(std::string(4097, '1')));
  CHECK(parse_count("000") == solve::BigCount(0));
  // Written and read back: numbers of 1 to 4096 digits (19 digits at a time into 64-bit limbs).
  std::mt19937_64 random(7);
  for (std::size_t digits : {1, 18, 19, 20, 38, 39, 40, 100, 1000, 4096}) {
    std::string text(1, char('1' + random() % 9));
    while (text.size() < digits) text += char('0' + random() % 10);
    const auto n = parse_count(text);
    REQUIRE(n);
    CHECK(n->to_string() == text);
  }
  CHECK(parse_count("18446744073709551615") == solve::BigCount(~std::uint64_t(0)));
}

TEST_CASE("part counter: counts a part on its own thread, stops when asked", "[xcover_mpi]") {
  const auto p =
      solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) + "/exact-cover/queens-8.dlx");
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

  const auto hard = solve::read_exact_cover_file(std::string(SOLVE_PUZZLES_DIR) +
                                                 "/exact-cover/pentomino-6x10-all.dlx");
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
        "xcover-mpi: stopped by the time limit (--timeout) after 8 solutions, 2 of 5 parts "
        "counted; the count is incomplete\n"
        "xcover-mpi: parts not counted: 2-4\n"
        "xcover-mpi: cp holds the 2 parts counted; go on with --resume cp\n");
  o.stop = solve::StopReason::exhausted;
  o.not_done.clear();
  err.str("");
  CHECK(report(o, true, out, err) == 0);
  CHECK(out.str() == "solutions: 7\n");
  CHECK(err.str().starts_with("solutions: 7\nnodes: 72\nupdates: 14\nmax depth: 5\n"));
  CHECK(err.str().find("parts: 2 counted of 5 (asked 4; 1 from the checkpoint)\n") !=
        std::string::npos);
  CHECK(err.str().find("rank 1: 1 parts, 4 solutions, 41 nodes, 0.250 s\n") != std::string::npos);
  Outcome none;
  out.str("");
  CHECK(report(none, false, out, err) == 1);
  CHECK(out.str() == "solutions: 0\n");
}
