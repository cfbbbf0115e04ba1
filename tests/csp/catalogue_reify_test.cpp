// The constraint catalogue, reification of every family (b <=> C, b => C), of Boolean constraints
// (their own reified forms), nested, and through a negated view, against brute force. Every
// propagation level, several orders and both branchings must find exactly the assignments the
// definition accepts (catalogue.hpp).
#include "catalogue.hpp"

#include "test_scale.hpp"

using namespace catalogue;

TEST_CASE("reification of every kind of constraint against brute force", "[catalogue][reify]") {
  agree_on_random(505, 250, 80, [](Random& r) {
    const int n = r.pick(2, 4);
    Instance in = base_instance(r, n + 1, 0, -2, 3);
    in.domains[std::size_t(n)] = Values{0, 1};  // the last variable is the Boolean
    const std::size_t b = std::size_t(n);
    Spec inner;
    switch (r.pick(0, 3)) {
      case 0: inner = random_linear(r, std::size_t(n)); break;
      case 1: inner = random_basic(r, std::size_t(n)); break;
      case 2: inner = random_arith(r, std::size_t(n)); break;
      default: inner = random_element_or_count(r, std::size_t(n));
    }
    const Reification how = r.pick(0, 2) ? Reification::equivalent : Reification::implies;
    in.specs.push_back(reified(inner, b, how));
    if (r.pick(0, 1)) in.specs.push_back(random_basic(r, std::size_t(n)));
    return in;
  });
}

TEST_CASE("reification of Boolean constraints against brute force (a clause's own reified forms)",
          "[catalogue][reify][boolean]") {
  agree_on_random(606, 200, 60, [](Random& r) {
    Instance in = base_instance(r, r.pick(3, 5), 5, 0, 1);
    std::vector<std::size_t> bools;
    for (std::size_t i = 0; i < in.domains.size(); ++i) bools.push_back(i);
    const std::size_t b = bools.back();  // may also appear inside the constraint
    const Reification how = r.pick(0, 2) ? Reification::equivalent : Reification::implies;
    in.specs.push_back(reified(random_boolean(r, bools), b, how));
    if (r.pick(0, 1)) in.specs.push_back(random_boolean(r, bools));
    return in;
  });
}

TEST_CASE("reification nests, and a Boolean view is a negated literal", "[catalogue][reify]") {
  Random r(606);
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    Instance in = base_instance(r, 4, 0, -2, 3);
    in.domains[2] = in.domains[3] = Values{0, 1};
    const Spec inner = random_basic(r, 2);
    const Spec once = reified(inner, 2, Reification::equivalent);
    in.specs.push_back({"<=> (" + once.what + ")",
                        [=](Model& m, const std::vector<Var>& xs) {
                          reify(m, negation(xs[3]), [&](Model& sub) { once.post(sub, xs); });
                        },
                        [=](const Values& a) { return once.holds(a) == (a[3] == 0); }});
    agree(in, round);
  }
}
