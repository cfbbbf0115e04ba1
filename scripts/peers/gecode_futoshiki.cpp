// The benchmark peer for `futoshiki`: the same puzzle format solved with Gecode 6.2 (Debian
// libgecode-dev), modelled the usual Gecode way so the comparison is with the tool as
// people use it, not with a handicapped copy of ours.
//
// Problem: an N x N Latin square with some cells given and inequalities between neighbours.
// Variables: x[r][c] in 1..N. Constraints: distinct (domain consistency) on every row and
// column, a rel per inequality, rel(EQ) per given. Branching: smallest domain first, then the
// smallest value. Uniqueness: search on for a second solution.
//
//   gecode_futoshiki [--unique] [--stats] [--timeout SECONDS] FILE
//
// stdout: the solution (N rows), then with --unique "Unique." / "Not unique." / "Unknown.".
// stderr with --stats: "nodes: N", "failures: F", "time: T ms" lines, as futoshiki prints
// them (T: posting the model + search, the file read excluded).
// Exit status: 0 solved, 1 no solution, 2 bad input or usage, 3 time limit before an answer.
#include <gecode/int.hh>
#include <gecode/search.hh>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Puzzle {
  int n = 0;
  std::vector<int> given;          // n*n, 0 = blank
  std::vector<std::string> right;  // n*(n-1): relation of (r,c) to (r,c+1): "0", "<", ">"
  std::vector<std::string> below;  // (n-1)*n: relation of (r,c) to (r+1,c): "0", "^", "v"
};

[[noreturn]] void bad_input(const std::string& file, const std::string& what) {
  std::fprintf(stderr, "%s: %s\n", file.c_str(), what.c_str());
  std::exit(2);
}

// N is the number of tokens on the first non-blank line; then the three blocks follow as
// whitespace-separated tokens (the files have CRLF, trailing blanks, missing final newline).
Puzzle read_puzzle(const std::string& file) {
  std::ifstream in(file);
  if (!in) bad_input(file, "cannot open");
  std::vector<std::string> tokens;
  std::string line;
  Puzzle p;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w;
    int on_line = 0;
    while (words >> w) tokens.push_back(w), ++on_line;
    if (p.n == 0) p.n = on_line;
  }
  const int n = p.n;
  if (n < 2 || std::size_t(n * n + 2 * n * (n - 1)) != tokens.size())
    bad_input(file, "expected N rows of N digits, N rows of N-1 and N-1 rows of N symbols");
  std::size_t t = 0;
  for (int i = 0; i < n * n; ++i, ++t) {
    char* end = nullptr;
    const long v = std::strtol(tokens[t].c_str(), &end, 10);
    if (*end != '\0' || v < 0 || v > n) bad_input(file, "bad cell '" + tokens[t] + "'");
    p.given.push_back(int(v));
  }
  for (int i = 0; i < n * (n - 1); ++i, ++t) {
    if (tokens[t] != "0" && tokens[t] != "<" && tokens[t] != ">")
      bad_input(file, "bad row symbol '" + tokens[t] + "'");
    p.right.push_back(tokens[t]);
  }
  for (int i = 0; i < (n - 1) * n; ++i, ++t) {
    if (tokens[t] != "0" && tokens[t] != "^" && tokens[t] != "v")
      bad_input(file, "bad column symbol '" + tokens[t] + "'");
    p.below.push_back(tokens[t]);
  }
  return p;
}

class Futoshiki : public Gecode::Space {
 public:
  explicit Futoshiki(const Puzzle& p) : n_(p.n), x_(*this, p.n * p.n, 1, p.n) {
    using namespace Gecode;
    for (int r = 0; r < n_; ++r) {
      IntVarArgs row, col;
      for (int c = 0; c < n_; ++c) row << at(r, c), col << at(c, r);
      distinct(*this, row, IPL_DOM);
      distinct(*this, col, IPL_DOM);
    }
    for (int i = 0; i < n_ * n_; ++i)
      if (p.given[std::size_t(i)] != 0) rel(*this, x_[i], IRT_EQ, p.given[std::size_t(i)]);
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c + 1 < n_; ++c) {
        const std::string& s = p.right[std::size_t(r * (n_ - 1) + c)];
        if (s != "0") rel(*this, at(r, c), s == "<" ? IRT_LE : IRT_GR, at(r, c + 1));
      }
    for (int r = 0; r + 1 < n_; ++r)
      for (int c = 0; c < n_; ++c) {
        const std::string& s = p.below[std::size_t(r * n_ + c)];
        if (s != "0") rel(*this, at(r, c), s == "^" ? IRT_LE : IRT_GR, at(r + 1, c));
      }
    branch(*this, x_, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Futoshiki(Futoshiki& other) : Gecode::Space(other), n_(other.n_) { x_.update(*this, other.x_); }
  Gecode::Space* copy() override { return new Futoshiki(*this); }

  void print() const {
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c)
        std::printf("%d%c", x_[r * n_ + c].val(), c + 1 < n_ ? ' ' : '\n');
  }

 private:
  Gecode::IntVar at(int r, int c) const { return x_[r * n_ + c]; }
  int n_;
  Gecode::IntVarArray x_;
};

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: gecode_futoshiki [--unique] [--stats] [--timeout SECONDS] FILE\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  bool unique = false, stats = false;
  double timeout = 0;
  std::string file;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--unique") unique = true;
    else if (a == "--stats") stats = true;
    else if (a == "--timeout" && i + 1 < argc) timeout = std::atof(argv[++i]);
    else if (a.starts_with("-") || !file.empty()) usage();
    else file = a;
  }
  if (file.empty()) usage();

  const Puzzle puzzle = read_puzzle(file);
  const auto start = std::chrono::steady_clock::now();
  auto root = std::make_unique<Futoshiki>(puzzle);

  Gecode::Search::Options o;
  std::unique_ptr<Gecode::Search::Stop> stop;
  if (timeout > 0) {
    stop = std::make_unique<Gecode::Search::TimeStop>(static_cast<unsigned long>(timeout * 1000));
    o.stop = stop.get();
  }
  Gecode::DFS<Futoshiki> engine(root.get(), o);
  std::unique_ptr<Futoshiki> first(engine.next());
  std::unique_ptr<Futoshiki> second(first && unique ? engine.next() : nullptr);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool stopped = engine.stopped();

  int status = 0;
  if (first) {
    first->print();
    if (unique) std::puts(second ? "Not unique." : stopped ? "Unknown." : "Unique.");
  } else if (stopped) {
    std::puts("Timeout.");
    status = 3;
  } else {
    std::puts("No solution.");
    status = 1;
  }
  if (stats) {
    const Gecode::Search::Statistics s = engine.statistics();
    std::fprintf(stderr, "nodes: %lu\nfailures: %lu\ntime: %.3f ms\n",
                 static_cast<unsigned long>(s.node), static_cast<unsigned long>(s.fail),
                 seconds * 1e3);
  }
  return status;
}
