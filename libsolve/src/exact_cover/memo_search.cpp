// Memoised counting: the entry point behind count() with CoverOptions::memo (memo_search.hpp).
#include "exact_cover/memo_search.hpp"

#include <cstdint>

#include "exact_cover/bitset_engine.hpp"
#include "exact_cover/dlx.hpp"
#include "exact_cover/memo_counter.hpp"
#include "exact_cover/shape.hpp"
#include "search/driver.hpp"
#include "solve/error.hpp"

namespace solve::detail::cover {

Result memo_count(const ExactCover& problem, const CoverOptions& options, const CoverPlan& plan,
                  const CoverCallback& on_solution) {
  // A memo hit stands for many solutions at once: nothing can see them one by one.
  if (on_solution)
    throw ModelError("memoised counting gives a count only: use count(), not search()");
  if (options.prune)
    throw ModelError("memoised counting cannot use a prune hook (the counts depend on the path)");
  if (options.limits.max_solutions)
    throw ModelError("memoised counting has no solution limit (use max_nodes or max_seconds)");
  if (options.memo_mb == 0) throw ModelError("memoised counting needs memo_mb >= 1");

  Control control(options.limits, false, options.progress, options.progress_seconds);
  // A bound past the address space is no bound (the table stops growing where memory ends).
  const std::size_t bytes = options.memo_mb > (SIZE_MAX >> 20) ? SIZE_MAX : options.memo_mb << 20;
  // One thread: the subtrees of parallel workers would not share their memo. The engine is the
  // one the plain search would take; the driver runs it as any other (limits, progress).
  Result r;
  const CoverOptions run_options = cover::planned(options, plan);
  if (run_options.engine == CoverEngine::bitset) {
    std::vector<bool> primary(std::size_t(problem.num_items()));
    for (int i = 0; i < problem.num_items(); ++i)
      primary[std::size_t(i)] = covered_once(problem, i);
    MemoCounter memo(bytes, bitset_key_words(problem), count_words(problem, primary, false),
                     std::size_t(problem.num_primary()) + 1);
    auto engine = make_bitset_engine(problem, run_options, on_solution, control, &memo);
    r = run_search(*engine, control, 1);
    r.count = memo.total();
    r.memo = memo.stats();
  } else {
    Dlx engine(problem, run_options, on_solution, control, plan.multiplicities);
    engine.enable_memo(problem, bytes);
    r = run_search(engine, control, 1);
    r.count = engine.memo_count();
    r.memo = engine.memo_stats();
  }
  r.stats.solutions = r.count.saturated_u64();
  r.plan = plan;
  r.plan->memo = true;
  return r;
}

}  // namespace solve::detail::cover
