// The benchmark peer for docs/examples/queens.cpp: N-queens counted with Gecode 6.2 (Debian
// libgecode-dev), the model of Gecode's own example: three distinct constraints (value
// propagation, as ours at Propagation::arc) over q, q + i and q - i, smallest domain first,
// smallest value first, depth-first search over every solution.
//
//   gecode_queens N
//
// stdout: "N-queens: C solutions (F failures, T s)". Exit 0, or 2 on bad usage.
#include <gecode/int.hh>
#include <gecode/search.hh>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

class Queens : public Gecode::Space {
 public:
  explicit Queens(int n) : q_(*this, n, 0, n - 1) {
    Gecode::IntArgs up(n), down(n);
    for (int i = 0; i < n; ++i) {
      up[i] = i;
      down[i] = -i;
    }
    Gecode::distinct(*this, q_, Gecode::IPL_VAL);
    Gecode::distinct(*this, up, q_, Gecode::IPL_VAL);
    Gecode::distinct(*this, down, q_, Gecode::IPL_VAL);
    Gecode::branch(*this, q_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
  }
  Queens(Queens& other) : Gecode::Space(other) { q_.update(*this, other.q_); }
  Gecode::Space* copy() override { return new Queens(*this); }

 private:
  Gecode::IntVarArray q_;
};

}  // namespace

int main(int argc, char** argv) {
  const int n = argc == 2 ? std::atoi(argv[1]) : 0;
  if (n < 1 || n > 20) {
    std::fprintf(stderr, "usage: gecode_queens N (1..20)\n");
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  auto root = std::make_unique<Queens>(n);
  Gecode::DFS<Queens> engine(root.get());
  unsigned long long count = 0;
  while (std::unique_ptr<Queens> s{engine.next()}) ++count;
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("%d-queens: %llu solutions (%lu failures, %.3f s)\n", n, count,
              static_cast<unsigned long>(engine.statistics().fail), secs);
  return 0;
}
