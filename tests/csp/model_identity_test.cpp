// A Var belongs to the model that made it: another model refuses it (ModelError) wherever it
// takes one, a copy accepts its original's variables, a move carries the identity over.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include <solve/solve.hpp>

using namespace solve;

namespace {

/// The message of the ModelError that f throws ("" when it throws none).
template <class F>
std::string model_error(F&& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return {};
}

bool says_foreign(const std::string& message) {
  return message.find("another model") != std::string::npos;
}

}  // namespace

TEST_CASE("a Var of another model is refused wherever a model takes one", "[model][identity]") {
  Model a, b;
  const Var x = a.add_var(0, 3, "x"), y = a.add_var(0, 3, "y");
  const Var u = b.add_var(0, 3, "u");  // index 0, like x: in range for a, still foreign
  REQUIRE(u.id == x.id);
  CHECK(x.model != u.model);

  CHECK(says_foreign(model_error([&] { less(a, x, u); })));
  CHECK(says_foreign(model_error([&] { less(a, u + 1, y); })));  // a view keeps its model
  CHECK(says_foreign(model_error([&] { all_different(a, std::vector<Var>{x, y, 2 * u}); })));
  CHECK(says_foreign(model_error([&] { linear(a, std::vector<Var>{x, -u}, Rel::le, 2); })));
  CHECK(says_foreign(model_error([&] { a.branch(std::vector<Var>{y, u}); })));
  CHECK(says_foreign(model_error([&] { a.minimize(u); })));
  CHECK(says_foreign(model_error([&] { a.maximize(negation(u)); })));
  CHECK(says_foreign(model_error([&] { a.check(u); })));
  CHECK(says_foreign(model_error([&] { (void)a.name(u); })));
  CHECK(says_foreign(model_error([&] { (void)a.initial_domain(u); })));
  CHECK(model_error([&] { less(a, x, u); }).find("post: variable x0") == 0);
  CHECK(a.num_constraints() == 0);  // nothing half-posted

  // the model's own Vars, and Vars written by hand (checked by index only), are fine
  CHECK(model_error([&] { less(a, x, y); }).empty());
  CHECK(model_error([&] { less(a, Var{1}, x + 1); }).empty());
  CHECK_THROWS_AS(less(a, x, Var{2}), ModelError);  // out of range
}

TEST_CASE("a solution refuses a Var of another model", "[model][identity][search]") {
  Model a, b;
  const Var x = a.add_var(1, 2), y = a.add_var(1, 2);
  const Var u = b.add_var(5, 5);
  not_equal(a, x, y);
  const auto s = solve_first(a);
  REQUIRE(s);
  CHECK((*s)[x] + (*s)[y] == 3);
  CHECK((*s)[3 * x - 1] == 3 * (*s)[x] - 1);
  CHECK((*s)[Var{1}] == (*s)[y]);
  CHECK(says_foreign(model_error([&] { (void)(*s)[u]; })));
  CHECK(says_foreign(model_error([&] { (void)(*s)[u + 1]; })));
  // a solution made by hand has no model: any Var in range reads it
  const Solution plain({7, 8});
  CHECK(plain[u] == 7);
  CHECK(plain == Solution(std::vector<int>{7, 8}, a));

  // every thread's solutions know the model
  int read = 0;
  SearchOptions two;
  two.threads = 2;
  search(a, two, [&](const Solution& t) {
    read += t[x] + t[y];
    CHECK_THROWS_AS(t[u], ModelError);
    return true;
  });
  CHECK(read == 6);
}

TEST_CASE("the trace hook is given the model's own Vars", "[model][identity][search]") {
  Model m;
  const std::vector<Var> q = m.add_vars(3, 0, 2);
  all_different(m, q);
  int decisions = 0;
  SearchOptions o;
  o.var_order = VarOrder::input;
  o.trace = [&](const TraceEvent& e) {
    if (e.kind != TraceEvent::Kind::decide) return;
    ++decisions;
    CHECK(e.var == q[std::size_t(e.var.id)]);
  };
  CHECK(count(m, o).stats.solutions == 6);
  CHECK(decisions > 0);
}

TEST_CASE("a copy accepts the Vars of its original, and each then grows on its own",
          "[model][identity]") {
  Model original;
  const Var x = original.add_var(0, 2), y = original.add_var(0, 2);
  less(original, x, y);

  Model copy = original;
  CHECK(copy.identity().id != original.identity().id);
  less_equal(copy, y, x + 2);  // the original's Vars, views included, post into the copy
  copy.branch(std::vector<Var>{y, x});
  copy.minimize(y);
  const auto s = solve_first(copy);
  REQUIRE(s);
  CHECK((*s)[x] < (*s)[y]);  // and read its solutions
  CHECK(count(original).stats.solutions == 3);
  CHECK(count(copy).stats.solutions == 3);

  const Var late_in_copy = copy.add_var(0, 1);
  const Var late_in_original = original.add_var(0, 1);
  REQUIRE(late_in_copy.id == late_in_original.id);
  CHECK(says_foreign(model_error([&] { less(original, x, late_in_copy); })));
  CHECK(says_foreign(model_error([&] { less(copy, x, late_in_original); })));
  CHECK(says_foreign(model_error([&] { (void)(*s)[late_in_original]; })));
  CHECK(model_error([&] { less(copy, x, late_in_copy); }).empty());

  // a copy of a copy accepts both generations; assignment makes a copy too
  Model grandchild(copy);
  CHECK(model_error([&] { less(grandchild, x, late_in_copy); }).empty());
  CHECK(says_foreign(model_error([&] { less(grandchild, x, late_in_original); })));
  Model assigned;
  const Var own = assigned.add_var(0, 1);
  assigned = original;
  CHECK(model_error([&] { less(assigned, x, late_in_original); }).empty());
  CHECK(says_foreign(model_error([&] { less(assigned, own, x); })));
}

TEST_CASE("a move carries the identity, the moved-from model starts afresh", "[model][identity]") {
  Model a;
  const Var x = a.add_var(0, 3), y = a.add_var(0, 3);
  const std::uint32_t id = a.identity().id;
  Model b = std::move(a);
  CHECK(b.identity().id == id);
  CHECK(model_error([&] { less(b, x, y); }).empty());
  CHECK(a.num_vars() == 0);  // NOLINT(bugprone-use-after-move): specified state
  CHECK(a.identity().id != id);
  const Var z = a.add_var(0, 3);
  CHECK(says_foreign(model_error([&] { less(b, x, z); })));
  CHECK(says_foreign(model_error([&] { less(a, z, x); })));

  Model c;
  c = std::move(b);
  CHECK(c.identity().id == id);
  CHECK(model_error([&] { less(c, y, x); }).empty());
}

TEST_CASE("Var stays a small value type", "[model][identity]") {
  // id, scale, offset, model: 16 bytes (12 before the model's identity; see docs/library.md)
  STATIC_REQUIRE(sizeof(Var) == 16);
  STATIC_REQUIRE(std::is_trivially_copyable_v<Var>);
}
