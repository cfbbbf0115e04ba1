// The reasons of lex_less / lex_less_equal and of the small value globals (all_different_except,
// value_precede_chain, arg_max / arg_min, member) are true reasons, checked against brute force
// by explanation_check.hpp, and smaller than the domains of their scope.
#include "explanation_check.hpp"

#include <set>

using namespace explanation_check;

namespace {

/// Under `percent` % of the literals of the scope's domains (the default reason's).
bool smaller(const Tally& t, std::size_t percent = 60) {
  return t.literals * 100 < t.scope_literals * percent;
}

/// n variables over [lo, hi] (holes at random), the first n of the instance.
catalogue::Instance variables(Random& r, std::size_t n, int lo, int hi) {
  catalogue::Instance in;
  for (std::size_t i = 0; i < n; ++i) in.domains.push_back(r.domain(lo, hi));
  return in;
}

/// The entries of a scope: the variable each takes, as a view (a, c) of it.
struct Entries {
  std::vector<std::size_t> at;
  std::vector<std::pair<int, int>> view;
  Entries(Random& r, std::size_t count, std::size_t vars, bool views) {
    for (std::size_t k = 0; k < count; ++k) {
      at.push_back(r.var(vars));
      view.push_back(views ? r.view() : std::pair{1, 0});
    }
  }
  std::vector<Var> of(const std::vector<Var>& xs) const {
    std::vector<Var> v;
    for (std::size_t k = 0; k < at.size(); ++k)
      v.push_back(view[k].first * xs[at[k]] + view[k].second);
    return v;
  }
  std::vector<int> values(const Values& a) const {
    std::vector<int> v;
    for (std::size_t k = 0; k < at.size(); ++k)
      v.push_back(view[k].first * a[at[k]] + view[k].second);
    return v;
  }
};

/// lex_less or lex_less_equal over two sequences of 1 to 4 entries of six variables over
/// [-1, 3] (a variable may stand in both, a view now and then).
catalogue::Instance random_lex(Random& r) {
  catalogue::Instance in = variables(r, 6, -1, 3);
  const std::size_t n = std::size_t(r.pick(1, 4));
  const bool strict = r.pick(0, 1);
  const bool views = r.pick(0, 3) == 0;
  const Entries xs(r, n, 6, views), ys(r, n, 6, views);
  in.specs.push_back({strict ? "lex_less" : "lex_less_equal",
                      [=](Model& m, const std::vector<Var>& v) {
                        if (strict) lex_less(m, xs.of(v), ys.of(v));
                        else lex_less_equal(m, xs.of(v), ys.of(v));
                      },
                      [=](const Values& a) {
                        return strict ? xs.values(a) < ys.values(a) : xs.values(a) <= ys.values(a);
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of lex are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(41, 1500, random_lex);
  all.print("lex");
  for (const char* name : {"lex_less", "lex_less_equal"}) {
    INFO(name);
    CHECK(all.of(name).reasons > test_scale::scaled(200));
    CHECK(smaller(all.of(name)));
  }
}

namespace {

/// member(xs, y): 1 to 4 entries of five variables over [-2, 3], y the sixth variable.
catalogue::Instance random_member(Random& r) {
  catalogue::Instance in = variables(r, 6, -2, 3);
  const Entries xs(r, std::size_t(r.pick(1, 4)), 5, r.pick(0, 3) == 0);
  in.specs.push_back({"member",
                      [=](Model& m, const std::vector<Var>& v) { member(m, xs.of(v), v[5]); },
                      [=](const Values& a) {
                        const std::vector<int> x = xs.values(a);
                        return std::find(x.begin(), x.end(), a[5]) != x.end();
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of member are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(42, 1000, random_member);
  all.print("member");
  CHECK(all.of("member").reasons > test_scale::scaled(200));
  CHECK(smaller(all.of("member")));
}

namespace {

/// all_different_except over 2 to 5 entries of five variables over [-1, 3], S = {0} or up to
/// two values.
catalogue::Instance random_except(Random& r) {
  catalogue::Instance in = variables(r, 5, -1, 3);
  const Entries xs(r, std::size_t(r.pick(2, 5)), 5, r.pick(0, 3) == 0);
  std::vector<int> except{0};
  if (r.pick(0, 1)) {
    except.clear();
    for (int k = r.pick(0, 2); k > 0; --k) except.push_back(r.pick(-1, 3));
  }
  in.specs.push_back(
      {"all_different_except",
       [=](Model& m, const std::vector<Var>& v) { all_different_except(m, xs.of(v), except); },
       [=](const Values& a) {
         std::set<int> seen;
         for (int x : xs.values(a))
           if (std::find(except.begin(), except.end(), x) == except.end() && !seen.insert(x).second)
             return false;
         return true;
       }});
  return in;
}

}  // namespace

TEST_CASE("reasons of all_different_except are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(43, 1500, random_except);
  all.print("all_different_except");
  CHECK(all.of("all_different_except").reasons > test_scale::scaled(200));
  CHECK(smaller(all.of("all_different_except")));
}

namespace {

/// arg_max or arg_min over 1 to 4 entries of five variables over [-2, 3], the index (base -1
/// to 2) the sixth variable.
catalogue::Instance random_arg(Random& r) {
  catalogue::Instance in = variables(r, 5, -2, 3);
  const std::size_t n = std::size_t(r.pick(1, 4));
  const bool max = r.pick(0, 1);
  const int base = r.pick(-1, 2);
  in.domains.push_back(r.domain(base - 1, base + int(n)));
  const Entries xs(r, n, 5, r.pick(0, 3) == 0);
  in.specs.push_back({max ? "arg_max" : "arg_min",
                      [=](Model& m, const std::vector<Var>& v) {
                        if (max) arg_max(m, xs.of(v), v[5], base);
                        else arg_min(m, xs.of(v), v[5], base);
                      },
                      [=](const Values& a) {
                        const std::vector<int> x = xs.values(a);
                        std::size_t best = 0;
                        for (std::size_t k = 1; k < n; ++k)
                          if (max ? x[k] > x[best] : x[k] < x[best]) best = k;
                        return a[5] == base + int(best);
                      }});
  return in;
}

}  // namespace

TEST_CASE("reasons of arg_max are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(44, 1500, random_arg);
  all.print("arg_max");
  CHECK(all.of("arg_max").reasons > test_scale::scaled(200));
  CHECK(smaller(all.of("arg_max")));
}

namespace {

/// value_precede_chain of 2 to 4 values of [0, 4] over 1 to 6 entries of six variables over
/// [-1, 4].
catalogue::Instance random_precede(Random& r) {
  catalogue::Instance in = variables(r, 6, -1, 4);
  std::vector<int> chain = {0, 1, 2, 3, 4};
  std::shuffle(chain.begin(), chain.end(), r.rng);
  chain.resize(std::size_t(r.pick(2, 4)));
  const Entries xs(r, std::size_t(r.pick(1, 6)), 6, r.pick(0, 3) == 0);
  in.specs.push_back(
      {"value_precede_chain",
       [=](Model& m, const std::vector<Var>& v) { value_precede_chain(m, chain, xs.of(v)); },
       [=](const Values& a) {
         std::size_t q = 0;  // c_1 .. c_q seen
         for (int x : xs.values(a)) {
           const auto at = std::find(chain.begin(), chain.end(), x);
           if (at == chain.end()) continue;
           const std::size_t j = std::size_t(at - chain.begin()) + 1;
           if (j > q + 1) return false;
           q = std::max(q, j);
         }
         return true;
       }});
  return in;
}

}  // namespace

TEST_CASE("reasons of value_precede_chain are true and smaller than the scope's domains") {
  const Tallies all = explain_instances(45, 1500, random_precede);
  all.print("value_precede_chain");
  CHECK(all.of("value_precede_chain").reasons > test_scale::scaled(200));
  CHECK(smaller(all.of("value_precede_chain")));
}
