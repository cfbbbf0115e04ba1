// Constraints over values far apart must not allocate over the span of values: libsolve's
// Regin filter once took n x span bits (all_different([x, 5, 1999999999]): 21 GB) and
// binary_table width(x) x width(y) bits. This executable counts every byte allocated through
// operator new (replaced below) and checks the peak of each search stays small, and that the
// answers are right.
#include <catch2/catch.hpp>

#include <malloc.h>

#include <atomic>
#include <climits>
#include <cstdlib>
#include <new>
#include <vector>

#include <solve/solve.hpp>

namespace {
std::atomic<std::size_t> g_live{0}, g_peak{0};

void* counted(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  const std::size_t live = g_live += malloc_usable_size(p);
  for (std::size_t peak = g_peak; live > peak && !g_peak.compare_exchange_weak(peak, live);) {
  }
  return p;
}
void uncounted(void* p) {
  if (!p) return;
  g_live -= malloc_usable_size(p);
  std::free(p);
}
}  // namespace

// (every form that pairs with the plain delete, nothrow included: Catch uses it, and AddressSanitizer
// reports an operator new of its own freed by ours)
void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted(n);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { uncounted(p); }
void operator delete[](void* p) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t) noexcept { uncounted(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { uncounted(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { uncounted(p); }

using namespace solve;

namespace {
const Propagation kLevels[] = {Propagation::none, Propagation::forward, Propagation::arc,
                               Propagation::domain};
constexpr std::size_t kMiB = std::size_t(1) << 20;

/// Bytes allocated at the peak of f() beyond what was live before it.
template <class F>
std::size_t peak_of(F&& f) {
  const std::size_t before = g_live;
  g_peak = before;
  f();
  return g_peak - before;
}

std::uint64_t count_at(const Model& m, Propagation p) {
  SearchOptions o;
  o.propagation = p;
  return count(m, o).stats.solutions;
}
}  // namespace

TEST_CASE("all_different over a span of 2^31 values counts right in small memory",
          "[memory][regin]") {
  Model m;
  const Var x = m.add_var(0, 7, "x");
  const Var five = m.add_var(5, 5), far = m.add_var(1999999999, 1999999999);
  all_different(m, std::vector<Var>{x, five, far});
  Model m2;  // three variables, two of them near 2^31, one near 0
  const Var a = m2.add_var(0, 3), b = m2.add_var(1999999000, 1999999003), c = m2.add_var(0, 1);
  all_different(m2, std::vector<Var>{a, b, c});
  Model m3;  // near both ends of int, 70 variables (the multi-word matching)
  std::vector<Var> xs;
  for (int i = 0; i < 35; ++i) xs.push_back(m3.add_var(INT_MIN, INT_MIN + 36));
  for (int i = 0; i < 35; ++i) xs.push_back(m3.add_var(INT_MAX - 35, INT_MAX));
  all_different(m3, xs);
  SearchOptions o;
  o.propagation = Propagation::domain;
  for (Propagation p : kLevels) {
    INFO("level " << int(p));
    CHECK(peak_of([&] { CHECK(count_at(m, p) == 7); }) < 4 * kMiB);
    CHECK(peak_of([&] { CHECK(count_at(m2, p) == 24); }) < 4 * kMiB);
  }
  CHECK(peak_of([&] {
          const auto s = solve_first(m3, o);
          REQUIRE(s);
          CHECK(is_solution(m3, s->values()));
        }) < 4 * kMiB);
}

TEST_CASE("all_different whose matching graph would pass 2^26 bits propagates values instead",
          "[memory][regin]") {
  // 2000 variables of 40 values each, spread over 4 million: 80 000 distinct values, a graph
  // of 2000 x 80 000 bits (dense over the span: 2000 x 4 million)
  Model m;
  std::vector<Var> xs;
  for (int i = 0; i < 2000; ++i) {
    std::vector<int> d;
    for (int k = 0; k < 40; ++k) d.push_back(i * 2000 + k * 50);
    xs.push_back(m.add_var(d));
  }
  all_different(m, xs);
  SearchOptions o;
  o.propagation = Propagation::domain;
  o.var_order = VarOrder::input;
  o.limits.max_nodes = 300;  // (Regin comes back once the domains shrink below the bound: slow)
  Result r;
  CHECK(peak_of([&] { CHECK(!solve_first(m, o, &r)); }) < 16 * kMiB);
  CHECK(r.stop == StopReason::node_limit);
}

TEST_CASE("binary_table over two wide domains counts right in small memory", "[memory][table]") {
  Model m;  // dense supports would take 10^6 x 10^6 bits per side
  const int values[] = {0, 1000000};
  const Var x = m.add_var(values), y = m.add_var(values);
  binary_table(m, x, y, {{0, 1000000}, {1000000, 0}, {5, 5}});
  for (Propagation p : kLevels) {
    INFO("level " << int(p));
    CHECK(peak_of([&] { CHECK(count_at(m, p) == 2); }) < 4 * kMiB);
  }
}

TEST_CASE("table whose columns have as many values as tuples counts in small memory",
          "[memory][table]") {
  // compact-table with dense supports would take (values x tuples) bits per column:
  // 3 x 20000^2 bits = 150 MB; sparse, O(arity x tuples)
  constexpr int n = 20000;
  Model m;
  const std::vector<Var> xs{m.add_var(0, n - 1), m.add_var(0, n - 1), m.add_var(0, 2 * n)};
  std::vector<std::vector<int>> tuples;
  for (int t = 0; t < n; ++t) tuples.push_back({t, (t * 7919) % n, 2 * t + (t % 3 == 0)});
  table(m, xs, tuples);
  linear(m, std::vector<int>{1}, std::vector<Var>{xs[0]}, Rel::lt, 100);
  // (below arc the engine would enumerate the 20000 x 40001 pairs through check())
  for (Propagation p : {Propagation::arc, Propagation::domain}) {
    INFO("level " << int(p));
    CHECK(peak_of([&] { CHECK(count_at(m, p) == 100); }) < 16 * kMiB);
  }
}
