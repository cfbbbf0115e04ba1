// SEND + MORE = MONEY: distinct digits, no leading zero, one linear equation.
// Prints every solution and exits 0 when the only one is 9567 + 1085 = 10652.
// Built and run by the test suite (tests/csp).
#include <cstdio>
#include <vector>

#include <solve/solve.hpp>

int main() {
  solve::Model m;
  const solve::Var s = m.add_var(1, 9, "S"), e = m.add_var(0, 9, "E"), n = m.add_var(0, 9, "N"),
                   d = m.add_var(0, 9, "D"), mm = m.add_var(1, 9, "M"), o = m.add_var(0, 9, "O"),
                   r = m.add_var(0, 9, "R"), y = m.add_var(0, 9, "Y");
  const std::vector<solve::Var> letters{s, e, n, d, mm, o, r, y};
  solve::all_different(m, letters);
  //   1000 S + 100 E + 10 N + D  +  1000 M + 100 O + 10 R + E  ==  10000 M + 1000 O + 100 N + 10 E + Y
  const std::vector<int> a{1000, 100, 10, 1, 1000, 100, 10, 1, -10000, -1000, -100, -10, -1};
  const std::vector<solve::Var> xs{s, e, n, d, mm, o, r, e, mm, o, n, e, y};
  solve::linear(m, a, xs, solve::Rel::eq, 0);

  int found = 0;
  bool right = false;
  const solve::Result res = solve::search(m, {}, [&](const solve::Solution& v) {
    auto word = [&](std::vector<solve::Var> w) {
      int x = 0;
      for (solve::Var c : w) x = 10 * x + v[c];
      return x;
    };
    const int send = word({s, e, n, d}), more = word({mm, o, r, e}), money = word({mm, o, n, e, y});
    std::printf("%d + %d = %d\n", send, more, money);
    right = send == 9567 && more == 1085 && money == 10652;
    ++found;
    return true;
  });
  std::printf("solutions: %d (%llu nodes)\n", found,
              static_cast<unsigned long long>(res.stats.nodes));
  return res.complete() && found == 1 && right ? 0 : 1;
}
