// Memoised counting: the entry point behind count() with CoverOptions::memo (memo_search.hpp).
#include "exact_cover/memo_search.hpp"

#include "exact_cover/control.hpp"
#include "exact_cover/dlx.hpp"
#include "exact_cover/shape.hpp"
#include "solve/error.hpp"

namespace solve::detail::cover {

CoverResult memo_count(const ExactCover& problem, const CoverOptions& options, const CoverCallback& on_solution) {
  // A memo hit stands for many solutions at once: nothing can see them one by one.
  if (on_solution) throw ModelError("memoised counting gives a count only: use count(), not search()");
  if (options.prune) throw ModelError("memoised counting cannot use a prune hook (the counts depend on the path)");
  if (options.max_solutions) throw ModelError("memoised counting has no solution limit (use max_nodes or max_seconds)");
  if (options.memo_mb == 0) throw ModelError("memoised counting needs memo_mb >= 1");

  Control control(options, on_solution);
  // One thread: the subtrees of parallel workers would not share their memo.
  Dlx engine(problem, control, needs_multiplicities(problem));
  engine.enable_memo(options.memo_mb << 20);
  engine.set_progress_here(true);
  engine.run();
  CoverResult r;
  r.stats = engine.stats();
  r.count = engine.memo_count();
  r.stats.solutions = r.count.saturated_u64();
  r.stats.seconds = control.seconds();
  r.stop = control.stopped() ? control.reason() : StopReason::exhausted;
  r.memo = engine.memo_stats();
  return r;
}

}  // namespace solve::detail::cover
