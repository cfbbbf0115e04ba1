// The clause database of learning (csp/clause_store.hpp, csp/literal_table.hpp): literal
// normalisation, random CNFs over small integer variables against brute force (every level,
// 1 and 4 threads), every reason checked by brute force (explanation_check.hpp), learnt
// clauses added in the middle of a search by a small driver, and reduce() keeping reasons.
#include "explanation_check.hpp"
#include "globals_agree.hpp"
#include "random_cnf.hpp"

#include <array>
#include <map>
#include <set>
#include <thread>

#include "csp/clause_store.hpp"
#include "csp/learning_trail.hpp"

namespace {

using namespace solve;
using random_cnf::brute_force;
using random_cnf::Clause;
using random_cnf::Cnf;
using random_cnf::describe;
using random_cnf::holds;
using random_cnf::make_store;
using random_cnf::random_clause;
using random_cnf::random_cnf;
using random_cnf::random_literal;
using random_model::Random;
using random_model::Values;
using solve::detail::csp::ClauseStore;
using solve::detail::csp::kNoId;
using solve::detail::csp::LearningTrail;
using solve::detail::csp::LiteralTable;
using solve::detail::csp::LitId;
using solve::detail::csp::negate;
using solve::detail::csp::Truth;
using Store = solve::detail::csp::Store;

TEST_CASE("literal table: views normalised, constants folded, one literal per Boolean",
          "[clauses]") {
  LiteralTable t;
  const Var x{0}, b{1};
  t.declare(x, -3, 8);
  t.declare(b, 0, 1);
  using Kind = LiteralTable::Lookup::Kind;
  const LitId le2 = t.find_or_add(Literal::le(x, 2)).id;
  CHECK(t.find_or_add(Literal::le(2 * x + 1, 6)).id == le2);   // 2x + 1 <= 6: x <= 2
  CHECK(t.find_or_add(Literal::ge(-x, -2)).id == le2);         // -x >= -2: x <= 2
  CHECK(t.find_or_add(Literal::ge(x, 3)).id == negate(le2));   // x >= 3: not x <= 2
  CHECK(t.find_or_add(Literal::le(-1 * x, -3)).id == negate(le2));
  CHECK(t.find_or_add(Literal::eq(2 * x + 1, 4)).kind == Kind::always_false);
  CHECK(t.find_or_add(Literal::ne(2 * x + 1, 4)).kind == Kind::always_true);
  CHECK(t.find_or_add(Literal::le(x, 8)).kind == Kind::always_true);
  CHECK(t.find_or_add(Literal::le(x, -4)).kind == Kind::always_false);
  CHECK(t.find_or_add(Literal::eq(x, 9)).kind == Kind::always_false);
  const LitId eq3 = t.find_or_add(Literal::eq(x + 1, 4)).id;
  CHECK(t.find_or_add(Literal::ne(x, 3)).id == negate(eq3));
  CHECK(t.literal(eq3) == Literal::eq(x, 3));
  CHECK(t.literal(negate(le2)) == Literal::ge(x, 3));
  // a Boolean: [b == 1], [b >= 1], [b <= 0], [b == 0] are one atom
  const LitId b1 = t.find_or_add(Literal::eq(b, 1)).id;
  CHECK(t.find_or_add(Literal::ge(b, 1)).id == b1);
  CHECK(t.find_or_add(Literal::le(b, 0)).id == negate(b1));
  CHECK(t.find_or_add(Literal::eq(b, 0)).id == negate(b1));
  CHECK(t.find_or_add(Literal::eq(negation(b), 1)).id == negate(b1));
  CHECK(t.num_atoms() == 3);
  // the table of x is sorted: values 2 and 3
  REQUIRE(t.entries(t.slot_of(0)).size() == 2);
  CHECK(t.entries(t.slot_of(0))[0].value == 2);
  // truth from the domains
  Store s;
  s.add_var(-3, 8, {});
  s.add_var(0, 1, {});
  CHECK(t.truth(s, le2) == Truth::open);
  s.set_max(x, 2);
  CHECK(t.truth(s, le2) == Truth::yes);
  CHECK(t.truth(s, eq3) == Truth::no);
  CHECK(t.truth(s, negate(eq3)) == Truth::yes);
  s.assign(b, 0);
  CHECK(t.truth(s, b1) == Truth::no);
}

TEST_CASE("clauses: a clause over a variable outside the scope is a ModelError", "[clauses]") {
  ClauseStore cs({Var{0}, Var{2}});
  CHECK(cs.add_clause(std::vector<Literal>{Literal::le(Var{0}, 1), Literal::eq(Var{2}, 3)}));
  CHECK_THROWS_AS(cs.add_clause(std::vector<Literal>{Literal::le(Var{2}, 0), Literal::le(Var{1}, 1)}),
                  ModelError);
  CHECK(cs.literals().num_atoms() == 2);  // nothing made for the clause thrown out
  CHECK_THROWS_AS(cs.add_clause(std::vector<Literal>{Literal::le(Var{5}, 1)}), ModelError);
  CHECK(cs.num_clauses() == 1);
}

TEST_CASE("clauses: random CNFs agree with brute force at every level, 1 and 4 threads",
          "[clauses][threads]") {
  Random r(2401);
  int with_solutions = 0, without = 0;
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    const Cnf f = random_cnf(r);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, f.domains);
    m.post(make_store(f, xs));
    const std::set<Values> expected = brute_force(f);
    (expected.empty() ? without : with_solutions) += 1;
    globals_test::agree(m, expected, {1, 4}, describe(f));
  }
  CHECK(with_solutions > 0);
  CHECK(without > 0);
}

/// The literals a call made true on x: each value gone, the bounds moved, an assignment
/// (`kept`: the values left after the call, ascending).
std::vector<Literal> pruned_literals(const Space& before, Var x, const Values& kept) {
  std::vector<Literal> out;
  std::size_t k = 0;
  before.for_each_value(x, [&](int v) {
    while (k < kept.size() && kept[k] < v) ++k;
    if (k == kept.size() || kept[k] != v) out.push_back(Literal::ne(x, v));
  });
  if (kept.front() != before.min(x)) out.push_back(Literal::ge(x, kept.front()));
  if (kept.back() != before.max(x)) out.push_back(Literal::le(x, kept.back()));
  if (kept.size() == 1 && before.size(x) > 1) out.push_back(Literal::eq(x, kept.front()));
  return out;
}

TEST_CASE("clauses: beside other constraints (all_different of the first two variables)",
          "[clauses][threads]") {
  Random r(2404);
  for (int round = 0; round < test_scale::rounds(60); ++round) {
    const Cnf f = random_cnf(r);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, f.domains);
    m.post(make_store(f, xs));
    all_different(m, std::vector<Var>{xs[0], xs[1]});
    std::set<Values> expected;
    for (const Values& a : brute_force(f))
      if (a[0] != a[1]) expected.insert(a);
    globals_test::agree(m, expected, {1, 4}, describe(f));
  }
}

/// The domain of every variable of s at trail position `at` of the call that is running: the
/// domain its first change from there replaced, or the one it has now.
std::vector<Values> domains_at(const Store& s, const LearningTrail& trail, std::uint32_t at) {
  std::vector<Values> out(std::size_t(s.num_vars()));
  for (int i = 0; i < s.num_vars(); ++i) {
    const Var x{i};
    std::int32_t first = -1;
    for (std::int32_t k = trail.last(i); k >= 0 && std::uint32_t(k) >= at;
         k = trail.changes()[std::size_t(k)].prev)
      first = k;
    if (first < 0) {
      s.for_each_value(x, [&](int v) { out[std::size_t(i)].push_back(v); });
      continue;
    }
    const auto words = trail.old_words(std::uint32_t(first), std::uint32_t(s.bits(x).size()));
    for (std::size_t b = 0; b < 64 * words.size(); ++b)
      if ((words[b >> 6] >> (b & 63)) & 1u) out[std::size_t(i)].push_back(s.base(x) + int(b));
  }
  return out;
}

TEST_CASE("clauses: every reason, step after step, checked by brute force", "[clauses]") {
  // A call follows chains of unit clauses: each pruning is a step (Space::begin_step()),
  // explained on the domains the step began with, which the learning trail gives back (as
  // conflict analysis rebuilds them).
  Random r(2402);
  int reasons = 0, failures = 0, defaults = 0;  // defaults: the scope's domains given
  int chained = 0;                              // steps after the first of their call
  explanation_check::Tallies tallies;
  for (int round = 0; round < test_scale::rounds(600); ++round) {
    const Cnf f = random_cnf(r);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, f.domains);
    const std::unique_ptr<ClauseStore> cs = make_store(f, xs);
    const std::string what = describe(f);
    Store s;
    for (const Values& d : f.domains) {  // random sub-domains, as explanation_check does
      Values sub;
      for (int v : d)
        if (r.pick(0, 2) > 0) sub.push_back(v);
      if (sub.empty()) sub.push_back(d.front());
      s.add_var(sub.front(), sub.back(), sub);
    }
    const std::int32_t running = 0;
    std::uint64_t calls = 0;
    LearningTrail trail(s.num_vars(), &running, &calls);
    s.set_learning(&trail);
    Reason reason;
    auto explain = [&](const Store& before, std::optional<Literal> pruned) {
      reason.clear();
      cs->explain(before, pruned, reason);
      explanation_check::check_reason(m, *cs, before, pruned, reason, what);
      ++reasons;
      Reason whole;
      add_scope(before, cs->scope(), whole);
      const auto r_lits = reason.literals(), w_lits = whole.literals();
      if (std::equal(r_lits.begin(), r_lits.end(), w_lits.begin(), w_lits.end())) ++defaults;
      explanation_check::Tally& t = tallies.by_name["clauses"];
      ++t.reasons;
      t.literals += reason.size();
      t.scope_literals += whole.size();
    };
    auto store_of = [](const std::vector<Values>& ds) {
      auto b = std::make_unique<Store>();
      for (const Values& d : ds) b->add_var(d.front(), d.back(), d);
      return b;
    };
    for (int call = 0; call < 10; ++call) {
      s.push_level();
      const auto from = std::uint32_t(trail.changes().size());
      ++calls;
      const PropStatus st = cs->propagate(s);
      const bool failed = st == PropStatus::failed || s.failed();
      if (failed) trail.fail();
      // the steps: where each began (a change's `call`), and the failure's
      std::vector<std::uint32_t> starts;
      for (std::size_t k = from; k < trail.changes().size(); ++k)
        if (starts.empty() || trail.changes()[k].call != starts.back())
          starts.push_back(trail.changes()[k].call);
      if (failed && (starts.empty() || trail.conflict().call != starts.back()))
        starts.push_back(trail.conflict().call);
      chained += starts.empty() ? 0 : int(starts.size()) - 1;
      for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::unique_ptr<Store> before = store_of(domains_at(s, trail, starts[i]));
        if (failed && i + 1 == starts.size()) {
          explain(*before, std::nullopt);
          break;
        }
        const std::vector<Values> after = i + 1 < starts.size()
                                              ? domains_at(s, trail, starts[i + 1])
                                              : domains_at(s, trail, UINT32_MAX);
        for (std::size_t v = 0; v < xs.size(); ++v)
          for (const Literal& l : pruned_literals(*before, xs[v], after[v])) explain(*before, l);
      }
      if (failed) {
        ++failures;
        break;
      }
      if (st == PropStatus::fixpoint && starts.empty()) break;
    }
  }
  tallies.print("clause_store");
  CHECK(reasons >= test_scale::scaled(500));
  CHECK(defaults == 0);
  CHECK(failures >= test_scale::scaled(50));
  CHECK(chained >= test_scale::scaled(40));  // chains followed in one call: 61 in a full run
  // smaller than the default reason (the scope's domains)
  CHECK(tallies.total().literals * 5 < tallies.total().scope_literals);  // full run: 604 / 6,612
}

/// A depth-first search over a Store with the store's clauses alone, which adds learnt
/// clauses on the way (random clauses that every solution satisfies), bumps and reduces them.
/// A clause of cs without a true literal and with fewer than two open ones in s (none at the
/// store's fixpoint).
std::optional<detail::csp::ClauseRef> unit_or_false(const ClauseStore& cs, const Store& s) {
  std::optional<detail::csp::ClauseRef> found;
  cs.for_each_clause([&](detail::csp::ClauseRef c) {
    int open = 0;
    for (const LitId l : cs.clause(c)) {
      const Truth v = cs.literals().truth(s, l);
      if (v == Truth::yes) return;
      open += v == Truth::open;
    }
    if (open < 2 && !found) found = c;
  });
  return found;
}

struct LearningDriver {
  const Cnf& f;
  const std::set<Values>& solutions;
  Random& r;
  Store s;
  ClauseStore& cs;
  std::set<Values> found;
  int added = 0, units = 0, conflicts = 0, reduced = 0, reasons_kept = 0, conflict_clauses = 0;
  int fixpoints = 0;  // propagate() calls that ended at a fixpoint (checked complete)

  bool propagate() {
    for (;;) {
      const PropStatus st = cs.propagate(s);
      if (st == PropStatus::failed || s.failed()) {
        if (const auto c = cs.last_conflict(); c != kNoId) {  // found before any pruning
          for (const LitId l : cs.clause(c)) REQUIRE(cs.literals().truth(s, l) == Truth::no);
          ++conflict_clauses;
        }
        return false;
      }
      if (st == PropStatus::fixpoint) {
        // at the store's fixpoint every clause holds or has two open literals: one unit or
        // false here is a propagation missed (a clause settled onto a false watch of a lower
        // level than its true literal was unit again after the pop() that reopened it)
        REQUIRE(!unit_or_false(cs, s));
        ++fixpoints;
        return true;
      }
    }
  }
  // a literal false in the current domains, when x has one
  std::optional<Literal> false_literal(int i) {
    const Var x{i};
    const Values& d = f.domains[std::size_t(i)];
    std::vector<Literal> options;
    if (s.min(x) > d.front()) options.push_back(Literal::le(x, s.min(x) - 1));
    if (s.max(x) < d.back()) options.push_back(Literal::ge(x, s.max(x) + 1));
    for (const int w : d)
      if (!s.contains(x, w)) options.push_back(Literal::eq(x, w));
    if (s.assigned(x)) options.push_back(Literal::ne(x, s.value(x)));
    if (options.empty()) return std::nullopt;
    return options[std::size_t(r.pick(0, int(options.size()) - 1))];
  }
  // a random clause that no solution violates: random literals, or mostly false ones (a
  // nogood of the node, unit or false at once)
  std::optional<Clause> implied_clause() {
    const int n = int(f.domains.size());
    for (int tries = 0; tries < 20; ++tries) {
      Clause c;
      const int mode = r.pick(0, 3);
      if (mode == 0) {
        c = random_clause(r, n);
      } else if (mode >= 2) {
        // the node's nogood: some variable outside its domain (false now); with mode 3, one
        // open variable x's part replaced by [x != v]: unit when it holds
        const int open = mode == 3 ? r.pick(0, n - 1) : -1;
        for (int i = 0; i < n; ++i) {
          const Var x{i};
          if (i == open && !s.assigned(x)) {
            Values vs;
            s.for_each_value(x, [&](int v) { vs.push_back(v); });
            c.push_back(Literal::ne(x, vs[std::size_t(r.pick(0, int(vs.size()) - 1))]));
            continue;
          }
          const Values& d = f.domains[std::size_t(i)];
          if (s.min(x) > d.front()) c.push_back(Literal::le(x, s.min(x) - 1));
          if (s.max(x) < d.back()) c.push_back(Literal::ge(x, s.max(x) + 1));
          for (const int w : d)
            if (w > s.min(x) && w < s.max(x) && !s.contains(x, w)) c.push_back(Literal::eq(x, w));
        }
      } else {
        for (int k = r.pick(1, 3); k > 0; --k)
          if (const auto l = false_literal(r.pick(0, n - 1))) c.push_back(*l);
        if (r.pick(0, 1) == 0) c.push_back(random_literal(r, n));
      }
      bool ok = true;
      for (const Values& a : solutions) ok = ok && holds(c, a);
      if (ok) return c;
    }
    return std::nullopt;
  }
  void reduce_keeping_reasons() {
    // the literals true now whose reason is a clause (its others false)
    std::vector<std::pair<LitId, std::vector<LitId>>> reasons;
    std::size_t short_learnt = 0;
    cs.for_each_clause([&](auto c) {
      if (cs.is_learnt(c) && cs.clause(c).size() <= 2) ++short_learnt;
    });
    const LiteralTable& t = cs.literals();
    for (LitId l = 0; l < 2 * t.num_atoms(); ++l) {
      const auto c = cs.reason_of(l);
      if (c == kNoId || cs.clause(c)[0] != l || t.truth(s, l) != Truth::yes) continue;
      const auto lits = cs.clause(c);
      reasons.push_back({l, {lits.begin(), lits.end()}});
    }
    reduced += int(cs.reduce(s, 0));
    for (const auto& [l, lits] : reasons) {
      const auto c = cs.reason_of(l);
      REQUIRE(c != kNoId);
      const auto now = cs.clause(c);
      REQUIRE(std::vector<LitId>(now.begin(), now.end()) == lits);
      ++reasons_kept;
    }
    std::size_t short_after = 0;
    cs.for_each_clause([&](auto c) {
      if (cs.is_learnt(c) && cs.clause(c).size() <= 2) ++short_after;
    });
    REQUIRE(short_after == short_learnt);
  }
  void search() {
    if (!propagate()) return;
    const std::size_t n = f.domains.size();
    std::size_t open = n;
    for (std::size_t i = 0; i < n && open == n; ++i)
      if (!s.assigned(Var{int(i)})) open = i;
    if (open == n) {
      Values a;
      for (std::size_t i = 0; i < n; ++i) a.push_back(s.value(Var{int(i)}));
      found.insert(a);
      return;
    }
    const Var x{int(open)};
    Values values;
    s.for_each_value(x, [&](int v) { values.push_back(v); });
    for (const int v : values) {
      s.push_level();
      s.assign(x, v);
      // propagation skipped now and then: the next call catches up with every change, and
      // nodes without solutions that the clauses would have seen get learnt clauses false at once
      if (r.pick(0, 2) == 0 || propagate()) {
        if (r.pick(0, 2) == 0)
          if (const auto c = implied_clause()) {
            ++added;
            const ClauseStore::Added how = cs.add_learnt(s, *c);
            if (how == ClauseStore::Added::unit) ++units;
            if (how == ClauseStore::Added::conflict) ++conflicts;
          }
        cs.for_each_clause([&](auto c) {
          if (cs.is_learnt(c) && r.pick(0, 3) == 0) cs.bump_activity(c);
        });
        cs.decay_activity();
        if (r.pick(0, 4) == 0) reduce_keeping_reasons();
        search();
      }
      s.pop_level();
    }
  }
};

TEST_CASE("clauses: learnt clauses added mid-search never remove a solution nor miss a "
          "propagation, reduce keeps reasons", "[clauses]") {
  Random r(2403);
  int added = 0, units = 0, conflicts = 0, reduced = 0, reasons_kept = 0, conflict_clauses = 0;
  int fixpoints = 0;
  for (int round = 0; round < test_scale::rounds(400); ++round) {
    const Cnf f = random_cnf(r, true);
    const std::set<Values> expected = brute_force(f);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, f.domains);
    const std::unique_ptr<ClauseStore> cs = make_store(f, xs);
    LearningDriver d{f, expected, r, {}, *cs, {}};
    for (const Values& dom : f.domains) d.s.add_var(dom.front(), dom.back(), dom);
    d.search();
    INFO(describe(f));
    REQUIRE(d.found == expected);
    added += d.added;
    units += d.units;
    conflicts += d.conflicts;
    reduced += d.reduced;
    reasons_kept += d.reasons_kept;
    conflict_clauses += d.conflict_clauses;
    fixpoints += d.fixpoints;
  }
  CHECK(fixpoints >= test_scale::scaled(3000));
  // a full run: 6,825 added, 19 unit and 18 false at once, 1,386 deleted, 6,725 reasons kept,
  // 345 clauses found false
  CHECK(added >= test_scale::scaled(3000));
  CHECK(units >= test_scale::scaled(8));
  CHECK(conflicts >= test_scale::scaled(8));
  CHECK(reduced >= test_scale::scaled(500));
  CHECK(reasons_kept >= test_scale::scaled(3000));
  CHECK(conflict_clauses >= test_scale::scaled(100));
}

/// A search over a Store with the store's clauses alone that learns as a backjumping search
/// does: at a node it makes a clause that no solution violates, of literals false at the node
/// (each of the level where it became false) and one open literal; it backjumps to the highest
/// of those levels, adds the clause there with the levels (add_learnt(s, lits, levels)) and
/// propagates. Decisions (an assignment, a value removed, a bound), failures, pop()s to random
/// levels and reduce() in between. Checked by brute force: every propagate() (no solution in
/// the domains lost; failed only when none is there; else no clause unit or false, the store's
/// fixpoint), and the domains after every pop() (no clause unit or false: the two watches of
/// each clause survive the pop). Workers run on threads: what went wrong goes to `wrong`.
struct LevelDriver {
  const Cnf& f;
  std::set<Values> solutions;  // of the CNF and the clauses learnt
  Random r;
  std::unique_ptr<Constraint> owned;  // a clone of the round's store
  ClauseStore& cs;
  Store s;
  std::vector<std::vector<Values>> snaps;  // snaps[d]: the domains when level d + 1 began
  std::string wrong;
  int added = 0, backjumps = 0, pops = 0, checks = 0;

  LevelDriver(const Cnf& cnf, const std::set<Values>& sols, std::uint32_t seed,
              const ClauseStore& store)
      : f(cnf), solutions(sols), r(seed), owned(store.clone()),
        cs(static_cast<ClauseStore&>(*owned)) {
    for (const Values& d : f.domains) s.add_var(d.front(), d.back(), d);
  }
  std::vector<Values> domains() const {
    std::vector<Values> ds(f.domains.size());
    for (std::size_t i = 0; i < ds.size(); ++i)
      s.for_each_value(Var{int(i)}, [&](int v) { ds[i].push_back(v); });
    return ds;
  }
  std::size_t within() const {
    std::size_t n = 0;
    for (const Values& a : solutions) {
      bool in = true;
      for (std::size_t i = 0; i < a.size() && in; ++i) in = s.contains(Var{int(i)}, a[i]);
      n += in;
    }
    return n;
  }
  static std::string show(const Literal& l) {
    const char* k[] = {"<=", ">=", "==", "!="};
    return "x" + std::to_string(l.var.id) + k[int(l.kind)] + std::to_string(l.value);
  }
  void fail(const std::string& why) {
    if (wrong.empty()) wrong = why + " at depth " + std::to_string(s.depth());
  }
  // no clause unit or false in the domains now
  void check_fixpoint(const char* after) {
    ++checks;
    const std::optional<detail::csp::ClauseRef> c = unit_or_false(cs, s);
    if (!c) return;
    std::string what = std::string("a clause unit or false after ") + after + ":";
    for (const LitId l : cs.clause(*c)) what += " " + show(cs.literals().literal(l));
    fail(what + (cs.is_learnt(*c) ? " (learnt)" : " (the model's)"));
  }
  bool propagate() {
    const std::size_t before = within();
    const PropStatus st = cs.propagate(s);
    if (st == PropStatus::failed || s.failed()) {
      if (before != 0) fail("a failure with solutions in the domains");
      return false;
    }
    if (within() != before) fail("a solution lost by propagate()");
    check_fixpoint("propagate()");
    return true;
  }
  void push() {
    snaps.push_back(domains());
    s.push_level();
  }
  void pop_to(std::size_t depth) {
    while (snaps.size() > depth) {
      s.pop_level();
      snaps.pop_back();
    }
  }
  // the first level where literal l (on a plain variable) is false; -1: not false now
  int level_of(const Literal& l) const {
    auto is_false = [&](const std::vector<Values>& ds) {
      for (const int v : ds[std::size_t(l.var.id)])
        if (l.satisfied_by(v)) return false;
      return true;
    };
    for (std::size_t d = 0; d < snaps.size(); ++d)
      if (is_false(snaps[d])) return int(d);
    return is_false(domains()) ? int(snaps.size()) : -1;
  }
  // learns at the node: a clause of some of the literals false at the node (of random levels)
  // and one open literal; the solutions it removes leave `solutions` (the learnt clauses are
  // constraints of their own here: what is checked is that the store propagates all of them).
  // Says whether it learnt, and whether the propagation after failed.
  enum class Learnt { none, open, failed };
  Learnt learn() {
    const std::vector<Values> ds = domains();
    std::vector<int> open;
    for (std::size_t i = 0; i < ds.size(); ++i)
      if (ds[i].size() > 1) open.push_back(int(i));
    if (open.empty()) return Learnt::none;
    Clause c;  // some of the node's domains as false literals
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const Var y{int(i)};
      const Values& d = f.domains[i];
      if (ds[i].front() > d.front()) c.push_back(Literal::le(y, ds[i].front() - 1));
      if (ds[i].back() < d.back()) c.push_back(Literal::ge(y, ds[i].back() + 1));
      for (const int w : d)
        if (w > ds[i].front() && w < ds[i].back() && !s.contains(y, w))
          c.push_back(Literal::eq(y, w));
    }
    std::erase_if(c, [&](const Literal&) { return r.pick(0, 2) == 0; });
    std::vector<int> levels;
    int jump = 0;
    for (const Literal& l : c) {
      levels.push_back(level_of(l));
      jump = std::max(jump, levels.back());
    }
    // the open literal: a value of an open variable (not it, or it), or a bound between two
    const int i = open[std::size_t(r.pick(0, int(open.size()) - 1))];
    const Values& d = ds[std::size_t(i)];
    const int k = r.pick(0, int(d.size()) - 2);
    const Var x{i};
    const Literal asserting = std::array{Literal::ne(x, d[std::size_t(k)]),
                                         Literal::eq(x, d[std::size_t(k)]),
                                         Literal::le(x, d[std::size_t(k)]),
                                         Literal::ge(x, d[std::size_t(k) + 1])}[r.pick(0, 3)];
    c.push_back(asserting);
    levels.push_back(int(snaps.size()) + 1);  // the failure's level, above the others
    std::erase_if(solutions, [&](const Values& a) { return !holds(c, a); });
    if (std::size_t(jump) < snaps.size()) ++backjumps;
    pop_to(std::size_t(jump));
    check_fixpoint("a backjump");
    ++added;
    const ClauseStore::Added how = cs.add_learnt(s, c, levels);
    if (how != ClauseStore::Added::unit) fail("a learnt clause not unit after the backjump");
    if (!propagate()) return Learnt::failed;
    bool made = true;
    s.for_each_value(x, [&](int v) { made = made && asserting.satisfied_by(v); });
    if (!made) fail("the asserting literal not made true");
    return Learnt::open;
  }
  void decide() {
    std::vector<int> open;
    for (std::size_t i = 0; i < f.domains.size(); ++i)
      if (!s.assigned(Var{int(i)})) open.push_back(int(i));
    const Var x{open[std::size_t(r.pick(0, int(open.size()) - 1))]};
    Values vs;
    s.for_each_value(x, [&](int v) { vs.push_back(v); });
    const int v = vs[std::size_t(r.pick(0, int(vs.size()) - 1))];
    push();
    switch (r.pick(0, 3)) {
      case 0: s.assign(x, v); break;
      case 1: s.remove(x, v); break;
      case 2: s.set_max(x, v == vs.back() ? v - 1 : v); break;
      default: s.set_min(x, v == vs.front() ? v + 1 : v); break;
    }
    if (!propagate()) {
      pop_to(snaps.size() - 1);
      check_fixpoint("the pop() of a failure");
    }
  }
  void run(int steps) {
    if (!propagate()) return;  // the root
    for (int step = 0; step < steps && wrong.empty(); ++step) {
      bool all = true;
      for (std::size_t i = 0; i < f.domains.size(); ++i) all = all && s.assigned(Var{int(i)});
      const int what = r.pick(0, 9);
      if (!snaps.empty() && (all || what < 1)) {
        ++pops;
        pop_to(std::size_t(r.pick(0, int(snaps.size()) - 1)));
        check_fixpoint("a pop()");
      } else if (const Learnt l = what < 6 ? learn() : Learnt::none; l != Learnt::none) {
        if (l == Learnt::open) continue;
        if (snaps.empty()) return;  // failed at the root: no solution left
        pop_to(snaps.size() - 1);
        check_fixpoint("the pop() of a failure");
      } else if (what == 6 && r.pick(0, 3) == 0) {
        cs.reduce(s, 0);
        check_fixpoint("reduce()");
      } else if (!all) {
        decide();
      }
    }
  }
};

TEST_CASE("clauses: learnt clauses with levels added after a backjump keep two watches "
          "through pop() to any level, every call checked by brute force, 1 and 4 threads",
          "[clauses][threads]") {
  Random r(2405);
  int added = 0, backjumps = 0, pops = 0, checks = 0;
  for (int round = 0; round < test_scale::rounds(150); ++round) {
    Cnf f;  // looser than random_cnf(r, true): deeper nodes, values without solutions
    for (int i = 0; i < 5; ++i) f.domains.push_back(r.domain(-2, 3));
    for (int c = r.pick(4, 12); c > 0; --c) f.clauses.push_back(random_clause(r, 5, false));
    const std::set<Values> expected = brute_force(f);
    Model m;
    const std::vector<Var> xs = random_model::add_vars(m, f.domains);
    const std::unique_ptr<ClauseStore> cs = make_store(f, xs);
    for (const int threads : {1, 4}) {
      std::vector<std::unique_ptr<LevelDriver>> drivers;
      for (int w = 0; w < threads; ++w)
        drivers.push_back(std::make_unique<LevelDriver>(
            f, expected, std::uint32_t(round * 8 + w + threads), *cs));
      std::vector<std::thread> workers;
      for (auto& d : drivers) workers.emplace_back([&d] { d->run(80); });
      for (std::thread& t : workers) t.join();
      for (const auto& d : drivers) {
        INFO(describe(f) << " with " << threads << " threads: " << d->wrong);
        REQUIRE(d->wrong.empty());
        added += d->added;
        backjumps += d->backjumps;
        pops += d->pops;
        checks += d->checks;
      }
    }
  }
  // a full run: 5,485 added, 655 backjumps, 1,862 pops, 17,880 checks
  CHECK(added >= test_scale::scaled(2500));
  CHECK(backjumps >= test_scale::scaled(300));
  CHECK(pops >= test_scale::scaled(800));
  CHECK(checks >= test_scale::scaled(5000));
}

}  // namespace
