// The benchmark peer for docs/examples/golomb.cpp: the shortest Golomb ruler with Gecode 6.2
// (Debian libgecode-dev), the same model: marks m[0] = 0 < m[1] < ..., a difference variable
// per pair (at least 1 + 2 + ... + k for k consecutive gaps) tied by a linear equation,
// distinct over the differences (domain consistency, as ours at the default level), the
// first gap below the last (no mirror images), marks branched in order, smallest value
// first, branch and bound on the last mark.
//
//   gecode_golomb MARKS
//
// stdout: "golomb N: marks...  length L, optimal (F failures, T s)". Exit 0, or 2 on bad usage.
#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

class Golomb : public Gecode::IntMinimizeSpace {
 public:
  explicit Golomb(int n) : m_(*this, n, 0, n * n) {
    Gecode::rel(*this, m_[0], Gecode::IRT_EQ, 0);
    for (int i = 0; i + 1 < n; ++i) Gecode::rel(*this, m_[i], Gecode::IRT_LE, m_[i + 1]);
    Gecode::IntVarArgs d;
    Gecode::IntVar first, last;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const int k = j - i;
        Gecode::IntVar x(*this, k * (k + 1) / 2, n * n);
        Gecode::IntArgs a({1, -1, -1});
        Gecode::IntVarArgs xs;
        xs << m_[j] << m_[i] << x;
        Gecode::linear(*this, a, xs, Gecode::IRT_EQ, 0);
        if (i == 0 && j == 1) first = x;
        if (i == n - 2 && j == n - 1) last = x;
        d << x;
      }
    Gecode::distinct(*this, d, Gecode::IPL_DOM);
    if (n > 2) Gecode::rel(*this, first, Gecode::IRT_LE, last);
    Gecode::branch(*this, m_, Gecode::INT_VAR_NONE(), Gecode::INT_VAL_MIN());
  }
  Golomb(Golomb& other) : Gecode::IntMinimizeSpace(other) { m_.update(*this, other.m_); }
  Gecode::Space* copy() override { return new Golomb(*this); }
  Gecode::IntVar cost() const override { return m_[m_.size() - 1]; }
  void print() const {
    for (int i = 0; i < m_.size(); ++i) std::printf(" %d", m_[i].val());
  }

 private:
  Gecode::IntVarArray m_;
};

}  // namespace

int main(int argc, char** argv) {
  const int n = argc == 2 ? std::atoi(argv[1]) : 0;
  if (n < 2 || n > 14) {
    std::fprintf(stderr, "usage: gecode_golomb MARKS (2..14)\n");
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  auto root = std::make_unique<Golomb>(n);
  Gecode::BAB<Golomb> engine(root.get());
  std::unique_ptr<Golomb> best;
  while (std::unique_ptr<Golomb> s{engine.next()}) best = std::move(s);
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!best) return 1;
  std::printf("golomb %d:", n);
  best->print();
  std::printf("  length %d, optimal (%lu failures, %.3f s)\n", best->cost().val(),
              static_cast<unsigned long>(engine.statistics().fail), secs);
  return 0;
}
