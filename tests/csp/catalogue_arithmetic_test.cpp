// The constraint catalogue, times, divide, modulo, power, abs, min, max, minimum, maximum against
// brute force, on small domains (domain-consistent there) and large ones (bounds first). Every
// propagation level, several orders and both branchings must find exactly the assignments the
// definition accepts (catalogue.hpp).
#include "catalogue.hpp"

using namespace catalogue;

TEST_CASE("arithmetic against brute force", "[catalogue][arithmetic]") {
  agree_on_random(202, 200, 40, [](Random& r) {
    Instance in = base_instance(r, r.pick(2, 4), 0, -3, 4);
    for (int k = r.pick(1, 2); k > 0; --k) in.specs.push_back(random_arith(r, in.domains.size()));
    return in;
  });
}

TEST_CASE("arithmetic on large domains uses bounds and stays exact", "[catalogue][arithmetic]") {
  // 201 x 101 value pairs: above the pair limit, so the bounds path runs first
  for (int op = 0; op < 4; ++op) {
    Instance in;
    Values wide, mid, small;
    for (int v = -100; v <= 100; ++v) wide.push_back(v);
    for (int v = -50; v <= 50; ++v) mid.push_back(v);
    for (int v = -6; v <= 9; ++v) small.push_back(v);
    in.domains = {wide, mid, small};
    Spec s{"",
           [op](Model& m, const std::vector<Var>& xs) {
             if (op == 0) times(m, xs[0], xs[1], xs[2]);
             if (op == 1) divide(m, xs[0], xs[1], xs[2]);
             if (op == 2) modulo(m, xs[0], xs[1], xs[2]);
             if (op == 3) power(m, xs[1], xs[2], xs[0]);
           },
           [op](const Values& a) {
             const auto v = op == 3 ? arith(3, a[1], a[2]) : arith(op, a[0], a[1]);
             return v && *v == (op == 3 ? a[0] : a[2]);
           }};
    in.specs.push_back(s);
    const auto expected = brute_force(in);
    Model m;
    std::vector<Var> xs;
    for (const auto& d : in.domains) xs.push_back(m.add_var(d));
    s.post(m, xs);
    for (auto p : {Propagation::forward, Propagation::domain}) {
      SearchOptions o;
      o.propagation = p;
      INFO("op " << op << " propagation " << int(p));
      CHECK(count(m, o).stats.solutions == expected.size());
    }
  }
}
