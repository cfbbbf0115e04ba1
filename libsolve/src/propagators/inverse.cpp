// inverse: f[i] == base_g + j exactly when g[j] == base_f + i. Domain consistent channelling:
// a pass over f keeps j in f[i] only while i is in g[j], a pass over g the other way round;
// after both every value left has its partner (the second pass removes only values whose
// partner is already gone), so one call reaches the fixpoint. all_different on f and on g is
// posted beside it (the channelling alone would find a clash of two f[i] only once g[j] has
// lost one of them).
#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"
#include "solve/graph.hpp"

namespace solve {
namespace detail {
namespace {

class Inverse final : public CloneableConstraint<Inverse> {
 public:
  Inverse(std::vector<Var> f, std::vector<Var> g, int base_f, int base_g)
      : nf_(f.size()), base_f_(base_f), base_g_(base_g), xs_(std::move(f)) {
    xs_.insert(xs_.end(), g.begin(), g.end());
    std::vector<std::int32_t> ids;
    for (Var x : xs_) ids.push_back(x.id);
    std::sort(ids.begin(), ids.end());
    repeated_ = std::adjacent_find(ids.begin(), ids.end()) != ids.end();
  }
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "inverse"; }
  bool check(std::span<const int> v) const override {
    const std::size_t ng = v.size() - nf_;
    for (std::size_t i = 0; i < nf_; ++i) {
      const std::int64_t j = v[i] - std::int64_t(base_g_);
      if (j < 0 || j >= std::int64_t(ng) ||
          v[nf_ + std::size_t(j)] - std::int64_t(base_f_) != std::int64_t(i))
        return false;
    }
    for (std::size_t j = 0; j < ng; ++j) {
      const std::int64_t i = v[nf_ + j] - std::int64_t(base_f_);
      if (i < 0 || i >= std::int64_t(nf_) ||
          v[std::size_t(i)] - std::int64_t(base_g_) != std::int64_t(j))
        return false;
    }
    return true;
  }

  PropStatus propagate(Space& s) override {
    bool pruned = false;
    const std::span<const Var> f(xs_.data(), nf_), g(xs_.data() + nf_, xs_.size() - nf_);
    if (!channel(s, f, g, base_f_, base_g_, pruned) || !channel(s, g, f, base_g_, base_f_, pruned))
      return PropStatus::failed;
    // a variable named twice (views of it): the second pass may have pruned what the first
    // read, so run again before deciding anything
    if (repeated_ && pruned) return PropStatus::changed;
    bool all_assigned = true;
    for (Var x : xs_) all_assigned = all_assigned && s.assigned(x);
    return all_assigned ? PropStatus::entailed : PropStatus::fixpoint;
  }

  // a[i] loses base_b + j because b[j] lacks base_a + i (or j is no index): that literal
  // of the call's start (a variable named twice, whose partner lost it in the same call,
  // falls back to the scope); a failure: a variable every value of which is lost so.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    explain_or_scope(*this, before, r, [&](Reason& r) {
      if (pruned)
        return explain_by_removals(before, *pruned, r,
                                   [&](int w, Reason& r) { return lost(before, pruned->var, w, r); });
      for (const Var x : xs_) {
        const std::size_t mark = r.size();
        add_domain(before, x, r);
        bool all = true;
        before.for_each_value(x, [&](int w) { all = all && lost(before, x, w, r); });
        if (all) return true;
        r.truncate(mark);
      }
      return false;
    });
  }

 private:
  /// Names why the scope entry x loses w (at one of the entries of its variable); false when
  /// the partner still had it in `before` at each.
  bool lost(const Space& before, Var x, int w, Reason& r) const {
    return at_some_entry(xs_, x, w, [&](std::size_t p, int v) { return lost_at(before, p, v, r); });
  }
  /// Names why entry p loses w: w is no index of the other array, or its partner lacks p.
  bool lost_at(const Space& before, std::size_t p, int w, Reason& r) const {
    const bool in_f = p < nf_;
    const std::int64_t i = in_f ? std::int64_t(p) : std::int64_t(p - nf_);
    const std::int64_t j = std::int64_t(w) - (in_f ? base_g_ : base_f_);
    if (j < 0 || j >= std::int64_t(in_f ? xs_.size() - nf_ : nf_)) return true;
    const Var partner = xs_[in_f ? nf_ + std::size_t(j) : std::size_t(j)];
    const std::int64_t me = i + (in_f ? base_f_ : base_g_);
    if (!reachable(partner, me)) return true;
    if (before.contains(partner, int(me))) return false;
    r.add(Literal::ne(partner, int(me)));
    return true;
  }


  /// Keeps in a[i] (a's entries stand for base_a + i) the values base_b + j with base_a + i in
  /// b[j].
  bool channel(Space& s, std::span<const Var> a, std::span<const Var> b, int base_a, int base_b,
               bool& pruned) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      drop_.clear();
      const int me = int(std::int64_t(base_a) + std::int64_t(i));
      s.for_each_value(a[i], [&](int v) {
        const std::int64_t j = std::int64_t(v) - base_b;
        if (j < 0 || j >= std::int64_t(b.size()) || !s.contains(b[std::size_t(j)], me))
          drop_.push_back(v);
      });
      for (int v : drop_) {
        const Event e = s.remove(a[i], v);
        if (e == Event::failed) return false;
        pruned = pruned || e != Event::none;
      }
    }
    return true;
  }

  std::size_t nf_;
  int base_f_, base_g_;
  std::vector<Var> xs_;  // f, then g
  bool repeated_ = false;
  std::vector<int> drop_;  // scratch: values to remove
};

}  // namespace
}  // namespace detail

void inverse(Model& m, std::span<const Var> f, std::span<const Var> g, int base_f, int base_g) {
  for (Var x : f) m.check(x);
  for (Var x : g) m.check(x);
  if (std::int64_t(base_f) + std::int64_t(f.size()) > INT_MAX ||
      std::int64_t(base_g) + std::int64_t(g.size()) > INT_MAX)
    throw ModelError("inverse: an index set reaches past the largest int");
  if (f.empty() && g.empty()) return;
  all_different(m, f);
  all_different(m, g);
  m.post(std::make_unique<detail::Inverse>(std::vector<Var>(f.begin(), f.end()),
                                           std::vector<Var>(g.begin(), g.end()), base_f, base_g));
}

}  // namespace solve
