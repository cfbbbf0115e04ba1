// The reasons of the arithmetic constraints (times, divide, modulo, power, abs, min, max) are
// true reasons, checked against brute force by explanation_check.hpp, and smaller than the
// domains of their scope: small domains (times and the rest enumerate the pairs) and domains
// too large for that (times, divide and modulo narrow bounds).
#include "explanation_check.hpp"

using namespace explanation_check;

namespace {

/// Under `percent` % of the literals of the scope's domains (the default reason's).
bool smaller(const Tally& t, std::size_t percent = 60) {
  return t.literals * 100 < t.scope_literals * percent;
}

/// Five variables over [-4, 6] and one arithmetic constraint of kind `op` (-1: any) among them.
catalogue::Instance small_arith(Random& r, int op) {
  catalogue::Instance in;
  for (int i = 0; i < 5; ++i) in.domains.push_back(r.domain(-4, 6));
  in.specs.push_back(catalogue::random_arith(r, 5, op));
  return in;
}

/// z = f(x, y) for times, divide or modulo with x and y over 120 values (past the
/// propagator's limit for enumerating pairs once the checker keeps two thirds of each) and z
/// over 7 values where f can reach: the bounds of each narrow the others. (The brute force of
/// the checker walks every triple of the initial domains: z is kept short.)
catalogue::Instance large_arith(Random& r) {
  catalogue::Instance in;
  const int op = r.pick(0, 2);
  const int sign = r.pick(0, 1) ? 1 : -1;  // y's sign
  if (op == 0) {  // times: positive x, y of either sign, z within their products
    const int c = sign * r.pick(100, 3000);
    in.domains = {r.domain(1, 120), r.domain(sign > 0 ? 1 : -120, sign > 0 ? 120 : -1),
                  r.domain(c - 3, c + 3)};
  } else {  // divide and modulo: x of either sign, y on one side of 0
    const int c = r.pick(-80, 80) / (op == 1 ? 1 : 4);
    in.domains = {r.domain(-60, 60), r.domain(sign > 0 ? 1 : -120, sign > 0 ? 120 : -1),
                  r.domain(c - 3, c + 3)};
  }
  r.fresh = true;  // x, y, z: the variables 0, 1, 2
  r.used = 0;
  in.specs.push_back(catalogue::random_arith(r, 3, op));
  r.fresh = false;
  return in;
}

}  // namespace

TEST_CASE("reasons of times, divide, modulo and power are true and smaller than the domains",
          "[arith]") {
  const Tallies all =
      explain_instances(31, 600, [](Random& r) { return small_arith(r, r.pick(0, 3)); });
  all.print("arith");
  for (const char* name : {"times", "divide", "modulo", "power"}) {
    INFO(name);
    CHECK(all.of(name).reasons > test_scale::scaled(100));
    CHECK(smaller(all.of(name)));
  }
}

TEST_CASE("reasons of abs, min and max are true and smaller than the domains", "[arith]") {
  const Tallies all =
      explain_instances(32, 600, [](Random& r) { return small_arith(r, r.pick(4, 8)); });
  all.print("arith");
  for (const char* name : {"abs", "maximum"}) {
    INFO(name);
    CHECK(all.of(name).reasons > test_scale::scaled(200));
    CHECK(smaller(all.of(name)));
  }
}

TEST_CASE("reasons of times, divide and modulo on large domains are bounds", "[arith_large]") {
  const Tallies all = explain_instances(33, 15, large_arith);
  all.print("arith large");
  const Tally t = all.total();
  CHECK(t.reasons > test_scale::scaled(60));
  CHECK(smaller(t, 20));
}
