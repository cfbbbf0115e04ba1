// fzn-libsolve as minizinc and users see it: the checked-in models answer as their .expect
// files say (solution counts, optima, status lines), golden outputs match, the FlatZinc flags
// do what the specification says, and errors give exit status 2 with a message.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "../common/front_end_checks.hpp"
#include "../common/program.hpp"  // apps/fzn has a program.hpp of its own
#include "common.hpp"
#include "common/learning.hpp"

namespace t = fzn::test;

namespace {

using Run = test::ProgramRun;
std::string quoted(const std::string& s) { return test::shell_quoted(s); }

/// Runs `prefix fzn-libsolve args` (args already quoted where needed); `redirect` replaces
/// the default capture of standard output.
Run run(const std::string& args, const std::string& prefix = "", const std::string& redirect = "") {
  return test::run_shell(prefix + quoted(FZN_BIN) + " " + args +
                         (redirect.empty() ? "" : " " + redirect));
}

std::string model(const std::string& name) { return quoted(t::data_dir() + "/" + name + ".fzn"); }

/// The reproducers (tests/data/fzn/edge).
std::string edge(const std::string& name) { return t::data_dir() + "/edge/" + name + ".fzn"; }

/// Writes a scratch FlatZinc file; its quoted path.
std::string scratch_model(const std::string& name, const std::string& text) {
  return quoted(test::scratch_file(name, text));
}

/// n pigeons in n - 1 holes with pairwise int_ne: exponential for a search without global
/// reasoning, so limits are reached.
std::string hard_model() {
  const int n = 14;
  std::string text;
  for (int i = 0; i < n; ++i) text += fmt::format("var 1..{}: p{};\n", n - 1, i);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) text += fmt::format("constraint int_ne(p{}, p{});\n", i, j);
  return scratch_model("hard.fzn", text + "solve satisfy;\n");
}

int count_lines(const std::string& text, const std::string& line) {
  int n = 0;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l)) n += l == line;
  return n;
}

/// The last line of a text.
std::string last_line(const std::string& text) {
  std::string s = text;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const auto nl = s.rfind('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

/// The value of `%%%mzn-stat: name=value`, or "".
std::string stat(const std::string& out, const std::string& name) {
  const std::string key = "%%%mzn-stat: " + name + "=";
  const auto at = out.find(key);
  if (at == std::string::npos) return {};
  const auto from = at + key.size();
  return out.substr(from, out.find('\n', from) - from);
}

/// "key: value" lines of an .expect file ('#' lines are comments).
std::map<std::string, std::string> expectations(const std::string& path) {
  std::map<std::string, std::string> kv;
  std::istringstream in(t::slurp(path));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(':');
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    kv[line.substr(0, colon)] = value;
  }
  return kv;
}

const std::string complete = "==========";
const std::string sep = "----------";

}  // namespace

TEST_CASE("every checked-in model answers as its .expect file says", "[fzn][cli]") {
  auto paths = t::files(t::data_dir(), ".expect");
  for (const std::string& p : t::files(t::data_dir() + "/globals", ".expect")) paths.push_back(p);
  REQUIRE(paths.size() >= 14);  // globals/: one small model per native global
  for (const std::string& path : paths) {
    const auto kv = expectations(path);
    const std::string fzn = path.substr(0, path.size() - 7) + ".fzn";
    INFO(fzn);
    const Run r = run(kv.at("args") + " -s " + quoted(fzn));
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    if (kv.count("solutions")) CHECK(count_lines(r.out, sep) == std::stoi(kv.at("solutions")));
    if (kv.count("objective")) CHECK(stat(r.out, "objective") == kv.at("objective"));
    CHECK(count_lines(r.out, kv.at("status")) == 1);
    CHECK(last_line(r.out) == "%%%mzn-stat-end");
  }
}

TEST_CASE("golden outputs of the puzzles with one solution", "[fzn][cli]") {
  for (const char* name : {"send-more", "futoshiki"}) {
    INFO(name);
    const Run r = run(model(name));
    CHECK(r.status == 0);
    CHECK(r.out == t::slurp(t::data_dir() + "/" + name + ".out"));
  }
}

TEST_CASE("option -n stops after N solutions, without the search-complete line", "[fzn][cli]") {
  const Run r = run("-n 3 " + model("queens"));
  CHECK(count_lines(r.out, sep) == 3);
  CHECK(count_lines(r.out, complete) == 0);
  const Run first = run(model("queens"));
  CHECK(count_lines(first.out, sep) == 1);
  CHECK(count_lines(first.out, complete) == 0);
  // more than there are: all of them, and the search completes
  const Run all = run("-a -n 1000 " + model("queens"));
  CHECK(count_lines(all.out, sep) == 92);
  CHECK(count_lines(all.out, complete) == 1);
}

TEST_CASE("optimisation prints the best solution, or every improving one with -i or -a",
          "[fzn][cli]") {
  const Run best = run(model("golomb"));
  CHECK(count_lines(best.out, sep) == 1);
  CHECK(best.out.find("mark = array1d(1..6, [0, 1, 4, 10, 12, 17]);") != std::string::npos);
  CHECK(count_lines(best.out, complete) == 1);
  for (const char* flag : {"-i", "-a"}) {
    INFO(flag);
    const Run each = run(std::string(flag) + " " + model("golomb"));
    CHECK(count_lines(each.out, sep) > 1);
    CHECK(last_line(each.out) == complete);
    // the last solution printed is the optimum
    const auto last_mark = each.out.rfind("mark = ");
    CHECK(each.out.substr(last_mark, each.out.find('\n', last_mark) - last_mark) ==
          "mark = array1d(1..6, [0, 1, 4, 10, 12, 17]);");
  }
}

TEST_CASE("threads and free search give the same answers", "[fzn][cli]") {
  CHECK(count_lines(run("-a -p 2 " + model("queens")).out, sep) == 92);
  CHECK(count_lines(run("-a -f " + model("latin-square")).out, sep) == 576);
  CHECK(stat(run("-s -p 2 " + model("golomb")).out, "objective") == "17");
  CHECK(stat(run("-s -f -r 7 " + model("knapsack-01")).out, "objective") == "101");
}

TEST_CASE("free search (restarts, LNS) and its portfolio prove the same optima", "[fzn][cli]") {
  for (int threads = 1; threads <= 4; ++threads) {
    INFO("threads " << threads);
    const std::string p = fmt::format("-s -f -p {} -r {} ", threads, threads + 3);
    const Run golomb = run(p + model("golomb"));
    CHECK(stat(golomb.out, "objective") == "17");
    CHECK(count_lines(golomb.out, complete) == 1);
    const Run knapsack = run(p + model("knapsack-01"));
    CHECK(stat(knapsack.out, "objective") == "101");
    CHECK(count_lines(knapsack.out, complete) == 1);
  }
  // a satisfaction problem with -f: restarts for one solution, every solution without them
  CHECK(count_lines(run("-f " + model("queens")).out, sep) == 1);
  CHECK(count_lines(run("-a -f -p 2 " + model("queens")).out, sep) == 92);
}

TEST_CASE("restart annotations are read as Gecode reads them", "[fzn][cli]") {
  const std::string body =
      "var 0..9: x :: output_var;\nvar 0..9: y :: output_var;\n"
      "constraint int_lin_le([3, 5], [x, y], 23);\n";
  for (const char* ann : {"restart_luby(3)", "restart_geometric(1.5, 2)", "restart_constant(50)",
                          "restart_none"}) {
    INFO(ann);
    const std::string m =
        scratch_model("restart.fzn", body + "solve :: " + ann + " maximize x;\n");
    const Run r = run("-v -s " + m);
    CHECK(stat(r.out, "objective") == "7");
    CHECK(count_lines(r.out, complete) == 1);
    CHECK(r.err.find("not followed") == std::string::npos);
  }
  const Run linear = run(
      "-v " + scratch_model("restart.fzn", body + "solve :: restart_linear(4) maximize x;\n"));
  CHECK(linear.err.find("not followed: restart_linear") != std::string::npos);
}

TEST_CASE("statistics are %%%mzn-stat lines ending with %%%mzn-stat-end", "[fzn][cli]") {
  const Run r = run("-s " + model("pigeons"));
  CHECK(r.out.starts_with("=====UNSATISFIABLE=====\n"));
  for (const char* name :
       {"nodes", "failures", "solutions", "variables", "propagators", "solveTime", "initTime"})
    CHECK(!stat(r.out, name).empty());
  CHECK(last_line(r.out) == "%%%mzn-stat-end");
}

TEST_CASE("a time limit before any solution prints =====UNKNOWN=====", "[fzn][cli]") {
  const std::string hard = hard_model();
  const Run r = run("-t 300 " + hard);
  CHECK(r.status == 0);  // minizinc takes any other status as a solver failure
  CHECK(r.out == "=====UNKNOWN=====\n");
  CHECK(run("--exit-codes -t 300 " + hard).status == 3);
  CHECK(run("--exit-codes " + model("pigeons")).status == 1);
  CHECK(run("--exit-codes " + model("queens")).status == 0);
}

TEST_CASE("a node limit stops the search as a time limit does, after exactly N nodes",
          "[fzn][cli]") {
  const std::string hard = hard_model();
  for (const char* learning : {"on", "off"}) {
    const Run r = run(std::string("-s --learning ") + learning + " --node-limit 300 " + hard);
    CHECK(r.status == 0);
    CHECK(r.out.starts_with("=====UNKNOWN=====\n"));
    CHECK(stat(r.out, "nodes") == "300");
  }
  CHECK(run("--exit-codes --node-limit 300 " + hard).status == 3);
  CHECK(run("--exit-codes --node-limit 0 " + model("queens")).status == 0);  // 0: no limit
  CHECK(run("--node-limit -5 " + model("queens")).status == 2);
}

TEST_CASE("an interrupt stops the search like a time limit", "[fzn][cli]") {
  // --foreground: else timeout signals the program and then its own process group, which the
  // program is in: two SIGINTs, and a second one ends it at once (as a second Ctrl-C should).
  const Run r = run(hard_model(), "timeout --foreground --preserve-status -s INT 0.5 ");
  CHECK(r.status == 0);
  CHECK(r.out == "=====UNKNOWN=====\n");
}

TEST_CASE("standard input is read with '-'", "[fzn][cli]") {
  const Run r = run("-a - <" + model("magic-square"));
  CHECK(count_lines(r.out, sep) == 8);
}

TEST_CASE("errors: exit status 2, a message on stderr, nothing on stdout", "[fzn][cli]") {
  const Run bad = run(quoted(t::data_dir() + "/bad/undeclared.fzn"));
  CHECK(bad.status == 2);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("undeclared.fzn:2:19: int_eq: argument 1: 'x' is not declared") !=
        std::string::npos);
  const Run missing = run(quoted(t::data_dir() + "/no-such-file.fzn"));
  CHECK(missing.status == 2);
  CHECK(missing.err.find("cannot open") != std::string::npos);
  CHECK(run("--no-such-option " + model("queens")).status == 2);
  CHECK(run("").status == 2);
  const Run full = run(model("queens"), "", ">/dev/full");
  CHECK(full.status == 2);
  CHECK(full.err.find("standard output: write failed") != std::string::npos);  // as every front-end
}

// ---- issue 22 ("Trust, round two") ----

TEST_CASE("domains and constants at the 32- and 64-bit edges answer without overflow",
          "[fzn][cli]") {
  // Under UBSan these were reports: Space::recount's lo - 1 with lo = INT_MIN (int_abs on
  // -2^31..-2^31+8), linear's -c with c = INT64_MIN (int_eq(z, -2^63), int_plus(2^63-1, 1, z)).
  for (const char* name : {"abs32", "eq-min", "plus-ovf"}) {
    INFO(name);
    const Run r = run("-a " + quoted(edge(name)));
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == "=====UNSATISFIABLE=====\n");
  }
}

TEST_CASE("a variable annotated output_var several times prints once", "[fzn][cli]") {
  const Run r = run("-a " + quoted(edge("dup-ann")));
  CHECK(r.status == 0);
  CHECK(r.out == "x = 1;\n----------\nx = 2;\n----------\nx = 3;\n----------\n==========\n");
}

TEST_CASE("reading refuses what is not text at once, through apps/common's reader", "[fzn][cli]") {
  // /dev/zero was read whole first: 1.05 GB and 10 s before the size message
  test::check_unreadable_inputs(
      {FZN_BIN, [](const std::string& file) { return std::vector<std::string>{file}; }});
  const Run zero = run("/dev/zero");
  CHECK(zero.status == 2);
  CHECK(zero.max_rss_kb < test::memory_bound_kb(zero));
}

TEST_CASE(
    "option -t, -n, -r and -p: 0 means no limit for -t and -n, bad values get a short message",
    "[fzn][cli]") {
  CHECK(count_lines(run("-t 0 " + model("queens")).out, sep) == 1);
  // A negative time limit is no limit, as fzn-gecode and fzn-chuffed take it.
  const Run negative = run("-t -5 -a " + model("queens"));
  CHECK(negative.status == 0);
  CHECK(count_lines(negative.out, sep) == 92);
  CHECK(count_lines(negative.out, complete) == 1);
  const Run all = run("-n 0 " + model("queens"));  // no limit: every solution
  CHECK(count_lines(all.out, sep) == 92);
  CHECK(count_lines(all.out, complete) == 1);
  CHECK(run("-r 18446744073709551615 -t 1000000000000 " + model("queens")).status == 0);
  for (const char* bad :
       {"-t -1.5", "-t 1.5", "-t 1000000000001", "-t ''", "-n -1", "-n 18446744073709551616", "-r -1",
        "-r 18446744073709551616", "-r 1e3", "-p 0", "-p 257"}) {
    INFO(bad);
    const Run r = run(std::string(bad) + " " + model("queens"));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    const std::string first_line = r.err.substr(0, r.err.find('\n'));
    CHECK(first_line.find("expected a whole number") != std::string::npos);
    CHECK(first_line.size() < 120);
  }
}

namespace {

/// A chain of int_ne over n variables, all printed (the vars1e6.fzn at n = 10^6).
std::string chain_model(int n) {
  const std::string path = test::scratch_dir() + fmt::format("/chain{}.fzn", n);
  std::ofstream out(path);
  for (int i = 0; i < n; ++i) out << fmt::format("var 1..2: x{} :: output_var;\n", i);
  for (int i = 0; i + 1 < n; ++i) out << fmt::format("constraint int_ne(x{}, x{});\n", i, i + 1);
  out << "solve satisfy;\n";
  return path;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("option -t and Ctrl-C hold while the model is read and translated", "[fzn][cli]") {
  // -t 1000 on a 67 MB model ran 18 s, and SIGINT took 13 s: neither was looked at before the
  // search. 400 000 variables (27 MB) take seconds to read and translate.
  const std::string big = chain_model(400'000);
  auto start = std::chrono::steady_clock::now();
  const Run limited = run("--exit-codes -t 200 " + quoted(big));
  const double limited_s = seconds_since(start);
  CHECK(limited.status == 3);
  CHECK(limited.out == "=====UNKNOWN=====\n");
  CHECK(limited_s < 2);
  CHECK(run("-t 200 " + quoted(big)).status ==
        0);  // minizinc's convention: the status line says it

  test::ProgramOptions o;
  o.signal_after = 0.3;
  start = std::chrono::steady_clock::now();
  const Run interrupted = test::run_program(FZN_BIN, {"--exit-codes", big}, o);
  const double interrupted_s = seconds_since(start);
  CHECK(interrupted.killed_by == 0);
  CHECK(interrupted.status == 3);
  CHECK(interrupted.out == "=====UNKNOWN=====\n");
  CHECK(interrupted_s < 2);

  // a pipe that brings nothing: the limit ends the wait
  start = std::chrono::steady_clock::now();
  const Run waiting =
      test::run_shell("(sleep 5 &) | " + quoted(FZN_BIN) + " --exit-codes -t 300 -");
  CHECK(waiting.status == 3);
  CHECK(waiting.out == "=====UNKNOWN=====\n");
  CHECK(seconds_since(start) < 3);
}

TEST_CASE("option -a keeps no text of the solutions printed when every variable is printed",
          "[fzn][cli]") {
  // alldiff11.fzn has 39.9 M solutions: -a held 385 MB after 2.9 M of them, growing linearly
  test::ProgramOptions o;
  o.stdout_path = "/dev/null";
  o.signal_after = 3;
  const Run r = test::run_program(FZN_BIN, {"-a", edge("alldiff11")}, o);
  CHECK(r.status == 0);
  CHECK(r.max_rss_kb < test::memory_bound_kb(r));
}

TEST_CASE("solutions that differ only in variables not printed are printed once", "[fzn][cli]") {
  // y is not printed and is decided first by the annotation: the printed x comes first anyway,
  // so each repeat follows its original and only the last text is kept
  const std::string text =
      "var 1..3: x :: output_var;\nvar 1..3: y;\nconstraint int_le(x, y);\n"
      "solve :: int_search([y, x], input_order, indomain_max, complete) satisfy;\n";
  const std::string path = scratch_model("projection.fzn", text);
  for (const char* flags : {"-a", "-a -p 2", "-a -f", "-n 0"}) {
    INFO(flags);
    const Run r = run(std::string(flags) + " " + path);
    CHECK(count_lines(r.out, sep) == 3);
    for (const char* line : {"x = 1;", "x = 2;", "x = 3;"}) CHECK(count_lines(r.out, line) == 1);
  }
  CHECK(count_lines(run("-n 2 " + path).out, sep) == 2);
}

TEST_CASE("option --paths: errors in the words of the MiniZinc model", "[fzn][cli]") {
  // wide.fzn/wide.paths: what minizinc made of paths/wide.mzn (paths made relative).
  const std::string dir = t::data_dir() + "/paths/";
  const Run plain = run(quoted(dir + "wide.fzn"));
  CHECK(plain.status == 2);
  CHECK_THAT(plain.err,
             Catch::Contains("wide.fzn:2:1: 'X_INTRODUCED_0_': domain 1..100000000 is wider"));
  const Run told = run("--paths " + quoted(dir + "wide.paths") + " " + quoted(dir + "wide.fzn"));
  CHECK(told.status == 2);
  CHECK_THAT(told.err, Catch::StartsWith("wide.mzn:1:34: 'q[1]': domain 1..100000000 is wider"));
  CHECK_THAT(told.err, Catch::Contains("(FlatZinc " + dir + "wide.fzn:2:1)"));
  // A paths file that does not know the item leaves the message as it was.
  const Run unknown =
      run("--paths " + scratch_model("other.paths", "x\tx\tother.mzn|1|1|1|1|id|x;\n") + " " +
          quoted(dir + "wide.fzn"));
  CHECK(unknown.err == plain.err);
  CHECK(run("--paths /nonexistent.paths " + quoted(dir + "wide.fzn")).status == 2);
}

TEST_CASE("float variables are refused in the words of the MiniZinc model", "[fzn][cli]") {
  // float.fzn/float.paths: what minizinc made of paths/float.mzn, an array of two float
  // variables (the FlatZinc names are X_INTRODUCED_*; the model's are speed[1], speed[2]).
  const std::string dir = t::data_dir() + "/paths/";
  const Run plain = run(quoted(dir + "float.fzn"));
  CHECK(plain.status == 2);
  CHECK(plain.out.empty());
  CHECK_THAT(plain.err,
             Catch::Contains("float.fzn:2:1: 'X_INTRODUCED_0_': float variables are not supported"));
  const Run told = run("--paths " + quoted(dir + "float.paths") + " " + quoted(dir + "float.fzn"));
  CHECK(told.status == 2);
  CHECK(told.out.empty());
  CHECK_THAT(told.err,
             Catch::StartsWith("float.mzn:2:32: 'speed[1]': float variables are not supported"));
}

// ---- issue 24: learning from failure ----

TEST_CASE("options of learning: the same answers with learning on and off, in every branching",
          "[fzn][cli][learning]") {
  for (const char* flags :
       {"--learning off", "--learning on", "--learning on --vsids", "--learning on --toggle-vsids",
        "--learning on --learning-branching model --learnts-mb 1",
        "--learning on --learning-branching activity -p 2", "--learning on --learning-verify"}) {
    INFO(flags);
    const std::string f = std::string(flags) + " ";
    const Run queens = run(f + "-a " + model("queens"));
    CHECK(queens.status == 0);
    CHECK(count_lines(queens.out, sep) == 92);
    CHECK(count_lines(queens.out, complete) == 1);
    const Run golomb = run(f + "-s " + model("golomb"));
    CHECK(stat(golomb.out, "objective") == "17");
    CHECK(count_lines(golomb.out, complete) == 1);
    CHECK(run(f + model("pigeons")).out == "=====UNSATISFIABLE=====\n");
  }
}

TEST_CASE("statistics of learning: nogoods, reasons and the reasons that named a whole scope",
          "[fzn][cli][learning]") {
  const Run on = run("-s --learning on " + model("golomb"));
  CHECK(stat(on.out, "objective") == "17");
  const std::string nogoods = stat(on.out, "nogoods"), reasons = stat(on.out, "reasons"),
                    scope = stat(on.out, "scopeReasons");
  REQUIRE(!nogoods.empty());
  REQUIRE(!reasons.empty());
  REQUIRE(!scope.empty());
  // as many nogoods as failures below the root: one per conflict analysed
  CHECK(std::stoull(nogoods) > 0);
  CHECK(std::stoull(nogoods) <= std::stoull(stat(on.out, "failures")));
  CHECK(std::stoull(reasons) >= std::stoull(nogoods));  // every analysis asks one at least
  CHECK(std::stoull(scope) <= std::stoull(reasons));
  // without learning there is nothing to report
  const Run off = run("-s --learning off " + model("golomb"));
  CHECK(stat(off.out, "nogoods").empty());
  CHECK(stat(off.out, "reasons").empty());
}

TEST_CASE("options of learning: bad values and contradictory flags exit 2 with a short message",
          "[fzn][cli][learning]") {
  for (const char* bad :
       {"--learning maybe", "--learning ''", "--learning", "--learnts-mb 0", "--learnts-mb -1",
        "--learnts-mb 1048577", "--learning-branching vsids", "--vsids --toggle-vsids",
        "--vsids --learning-branching model", "--toggle-vsids --learning-branching toggle",
        "--restart sometimes", "--restart luby --restart-scale 0", "--restart-scale 5",
        "--restart-base 2", "--restart geometric --restart-base 0.5",
        "--restart geometric --restart-base nan", "--restart geometric --restart-base inf",
        "--restart geometric --restart-base x"}) {
    INFO(bad);
    const Run r = run(std::string(bad) + " " + model("queens"));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.substr(0, r.err.find('\n')).size() < 120);
  }
  CHECK_THAT(run("--learning maybe " + model("queens")).err,
             Catch::StartsWith("--learning: maybe not in {on,off}"));
  CHECK_THAT(run("--restart sometimes " + model("queens")).err,
             Catch::StartsWith("--restart: sometimes not in {none,luby,geometric,constant}"));
}

TEST_CASE("restarts as --restart tells: either search restarts so, with the same optima", "[fzn][cli][learning]") {
  // knapsack-01 has no search annotation, rcpsp-01 one (without restarts)
  for (const char* restart :
       {"--restart none", "--restart luby --restart-scale 1", "--restart constant --restart-scale 3",
        "--restart geometric --restart-scale 2 --restart-base 1.2"}) {
    const std::string f = fmt::format("-s --learning on {} ", restart);
    INFO(f);
    const bool none = std::string(restart) == "--restart none";
    const Run k = run(f + model("knapsack-01"));
    const Run r = run(f + model("lcg/rcpsp-01"));
    CHECK(stat(k.out, "objective") == "101");
    CHECK(stat(r.out, "objective") == "68");
    for (const Run* each : {&k, &r}) {
      CHECK(count_lines(each->out, complete) == 1);
      CHECK(stat(each->out, "restarts").empty() == none);  // every few failures, or never
    }
  }
  // the frame search too (golomb: annotated, no restarts of its own)
  const Run golomb = run("-s --learning off --restart luby --restart-scale 1 " + model("golomb"));
  CHECK(stat(golomb.out, "objective") == "17");
  CHECK(stat(golomb.out, "restarts") != "");
  CHECK(count_lines(golomb.out, complete) == 1);
}

TEST_CASE("the learning search's default: the annotation's order (else toggle), Luby x 100",
          "[fzn][cli][learning]") {
  // measured against Chuffed's policy and others: docs/notes/2026-11-27-learning-policy.md and
  // 2026-11-27-learning-reasons.md
  for (const auto& [name, branching] : {std::pair{"lcg/rcpsp-01", "model"},  // annotated
                                        std::pair{"knapsack-01", "toggle"}}) {
    INFO(name);
    const Run given = run("-s --learning on " + model(name));
    const Run told = run(fmt::format("-s --learning on --learning-branching {} --restart luby "
                                     "--restart-scale 100 ",
                                     branching) +
                         model(name));
    for (const char* figure : {"nodes", "failures", "restarts", "objective"})
      CHECK(stat(given.out, figure) == stat(told.out, figure));
  }
  // under its annotation (which names no restarts) rcpsp-01 restarts all the same
  CHECK(stat(run("-s --learning on " + model("lcg/rcpsp-01")).out, "restarts") != "");
}

TEST_CASE("options of learning: a satisfaction problem runs without learning unless told",
          "[fzn][cli][learning]") {
  // the same work: the default searches as --learning off does, and --learning on otherwise
  const std::string hard = hard_model();
  const auto figures = [&](const std::string& flags) {
    const Run r = run("-s --node-limit 2000 " + flags + hard);
    CHECK(r.status == 0);
    return stat(r.out, "failures") + "/" + stat(r.out, "restarts");
  };
  const std::string by_default = figures("");
  CHECK(by_default == figures("--learning off "));
  CHECK(by_default != figures("--learning on "));
}

TEST_CASE("options of learning: --help explains them and shows the one default",
          "[fzn][cli][learning]") {
  const Run help = run("--help");
  CHECK(help.status == 0);
  const std::string shown = cli::learning_default::fzn ? "=on" : "=off";
  CHECK_THAT(help.out, Catch::Contains("--learning TEXT:{on,off}" + shown));
  for (const char* option :
       {"--learnts-mb N=50", "--learning-branching TEXT:{toggle,activity,model}", "--vsids",
        "Default: model when the annotations name an order, else toggle",
        "--toggle-vsids", "--learning-verify", "nogood", "VSIDS",
        "--restart KIND:{none,luby,geometric,constant}", "--restart-scale N=100",
        "--restart-base F"})
    CHECK_THAT(help.out, Catch::Contains(option));
}
