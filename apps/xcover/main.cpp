// xcover: solves an exact-cover problem in Knuth's text format (docs/exact-cover.md).
// Only the command line lives here; reading, searching and printing are in xcover_core.
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "common/names.hpp"
#include "common/options.hpp"
#include "common/run.hpp"
#include "xcover.hpp"

int main(int argc, char** argv) {
  return cli::guarded("xcover", [&] {
    xcover::Settings s;
    CLI::App app{
        "Solves an exact-cover problem (items, options; secondary items, colours, multiplicities) "
        "given in\n"
        "Knuth's text format, as read by his dlx/ssxcc programs (docs/exact-cover.md).",
        "xcover"};
    app.footer(std::string(cli::exit_status_help) + "\nA problem file may have " +
               cli::size_text(xcover::text_limits.max_bytes) + ", a line " +
               cli::size_text(xcover::text_limits.max_line) + ".");
    app.add_option("file", s.input, "Problem file ('-' for standard input)")
        ->required()
        ->type_name("FILE");
    bool all = false, count = false, no_progress = false;
    auto* all_flag =
        app.add_flag("--all", all, "Print every solution, with a blank line between two");
    auto* count_flag = app.add_flag("--count", count, "Print 'solutions: N'")->excludes(all_flag);
    auto* memo_flag =
        app.add_flag(
               "--memo", s.search.memo,
               "With --count: remember the count of each subproblem met and reuse it (one thread;\n"
               "exact at any size). Without it a long count tries the memo briefly first")
            ->needs(count_flag);
    bool no_memo = false;
    app.add_flag("--no-memo", no_memo,
                 "With --count: never the memo (no brief memoised try before a long count)")
        ->needs(count_flag)
        ->excludes(memo_flag);
    cli::add_memo_mb(
        app, s.search.memo_mb,
        "Memory for --memo in MiB (then the least useful entries go; at most half the\n"
        "physical memory)");
    app.add_flag("--json", s.json, "Print the answer as one JSON object (docs/json.md)");
    app.add_flag("--stats", s.stats,
                 "Print statistics on standard error (nodes, updates, seconds)");
    app.add_flag("--trace", s.trace,
                 "Print every choice and backtrack on standard error (one thread)");
    app.add_flag("--no-progress", no_progress,
                 "Never show the progress line (shown on a terminal after 1 s)");
    app.add_option("--threads", s.search.threads, "Worker threads")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    app.add_option("--engine", s.search.engine,
                   "auto: the engine a quick estimate of the search tree expects to be fastest\n"
                   "(bitset only without colours and with at most 256 items); dlx;\n"
                   "bitset; sparse: sparse sets (dancing cells), the tree of dlx")
        ->transform(cli::one_of<solve::CoverEngine>())
        ->type_name("TEXT")
        ->default_str("auto");
    app.add_option("--choice", s.search.item_choice,
                   "Item to branch on: auto (estimated per problem, with the engine; first with\n"
                   "--memo), mrv (fewest options left) or first (lowest open item); --stats tells "
                   "which ran")
        ->transform(cli::one_of<solve::ItemChoice>())
        ->type_name("TEXT")
        ->default_str("auto");
    bool no_lookahead = false;
    app.add_flag("--no-lookahead", no_lookahead,
                 "With the first-item rule, walk its plain tree: no look-ahead at the items\n"
                 "with few options (docs/exact-cover.md)");
    app.add_option("--max-solutions", s.search.limits.max_solutions,
                   "Stop after N solutions (--all, --count); an answer, exit 0")
        ->type_name("N")
        ->check(cli::whole_number(1));
    cli::add_max_nodes(app, s.search.limits.max_nodes);
    cli::add_timeout(app, s.search.limits.max_seconds);
    if (const auto status = cli::parse(app, argc, argv)) return *status;

    s.search.scarce_lookahead = !no_lookahead;
    s.search.memo_trial = !no_memo;
    if (all) s.mode = xcover::Mode::all;
    if (count) s.mode = xcover::Mode::count;
    s.progress = !no_progress && !s.trace;
    return xcover::run(s, std::cout, std::cerr);
  });
}
