// A model is a list of variable declarations and constraints; searches clone the constraints.
#include "solve/model.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <utility>

#include "solve/error.hpp"

namespace solve {

namespace {

/// A new model identity: 1, 2, 3, ... (0, which stands for "no model", is skipped when the
/// counter wraps after 2^32 models; identities then repeat, which only weakens the check).
std::uint32_t next_identity() noexcept {
  static std::atomic<std::uint32_t> counter{0};
  std::uint32_t id = counter.fetch_add(1, std::memory_order_relaxed) + 1;
  while (id == 0) id = counter.fetch_add(1, std::memory_order_relaxed) + 1;
  return id;
}

}  // namespace

Model::Model() { identity_.id = next_identity(); }

Model::Model(const Model& other)
    : vars_(other.vars_),
      objective_(other.objective_),
      branching_(other.branching_),
      equivalent_states_(other.equivalent_states_) {
  // A new identity that still accepts every Var the original (and its own originals) made.
  identity_.id = next_identity();
  identity_.ancestors.reserve(other.identity_.ancestors.size() + 1);
  identity_.ancestors = other.identity_.ancestors;
  identity_.ancestors.push_back({other.identity_.id, other.num_vars()});
  constraints_.reserve(other.constraints_.size());
  for (const auto& c : other.constraints_) constraints_.push_back(c->clone());
}

Model& Model::operator=(const Model& other) {
  if (this != &other) {
    Model copy(other);
    *this = std::move(copy);
  }
  return *this;
}

// The move constructor is the move assignment into an empty model (identity 0 until then).
Model::Model(Model&& other) noexcept { *this = std::move(other); }

Model& Model::operator=(Model&& other) noexcept {
  if (this != &other) {
    identity_ = std::move(other.identity_);
    vars_ = std::move(other.vars_);
    constraints_ = std::move(other.constraints_);
    capture_ = std::exchange(other.capture_, nullptr);
    objective_ = std::move(other.objective_);
    branching_ = std::move(other.branching_);
    equivalent_states_ = std::move(other.equivalent_states_);
    other.vars_.clear();
    other.constraints_.clear();
    other.objective_.reset();
    other.branching_.clear();
    other.equivalent_states_.clear();
    other.identity_ = detail::ModelIdentity{next_identity(), {}};
  }
  return *this;
}

Model::~Model() = default;

Var Model::add_var(int lo, int hi, std::string name) {
  if (lo > hi)
    throw ModelError("add_var: empty domain [" + std::to_string(lo) + ", " + std::to_string(hi) +
                     "]");
  if (static_cast<long long>(hi) - lo >= (1 << 26))
    throw ModelError("add_var: domain wider than 2^26 values");
  VarDecl d;
  d.values.reserve(std::size_t(hi - lo + 1));
  for (std::int64_t v = lo; v <= hi; ++v) d.values.push_back(int(v));  // (hi may be INT_MAX)
  d.name = std::move(name);
  vars_.push_back(std::move(d));
  return Var{std::int32_t(vars_.size() - 1), 1, 0, identity_.id};
}

Var Model::add_var(std::span<const int> values, std::string name) {
  if (values.empty()) throw ModelError("add_var: empty domain");
  VarDecl d;
  d.values.assign(values.begin(), values.end());
  std::sort(d.values.begin(), d.values.end());
  d.values.erase(std::unique(d.values.begin(), d.values.end()), d.values.end());
  if (static_cast<long long>(d.values.back()) - d.values.front() >= (1 << 26))
    throw ModelError("add_var: domain wider than 2^26 values");
  d.name = std::move(name);
  vars_.push_back(std::move(d));
  return Var{std::int32_t(vars_.size() - 1), 1, 0, identity_.id};
}

std::vector<Var> Model::add_vars(int n, int lo, int hi, const std::string& prefix) {
  std::vector<Var> xs;
  xs.reserve(std::size_t(std::max(n, 0)));
  for (int i = 0; i < n; ++i)
    xs.push_back(
        add_var(lo, hi, prefix.empty() ? std::string{} : prefix + "[" + std::to_string(i) + "]"));
  return xs;
}

void Model::foreign(Var x, const char* what) const {
  throw ModelError(std::string(what) + ": variable x" + std::to_string(x.id) +
                   " belongs to another model (model " + std::to_string(x.model) +
                   ", not this model " + std::to_string(identity_.id) +
                   " or one it was copied from)");
}

void Model::check(Var x) const { check(x, nullptr); }

void Model::check(Var x, const char* what) const {
  if (!identity_.accepts(x)) foreign(x, what ? what : "check");
  if (x.id < 0 || x.id >= num_vars())
    throw ModelError((what ? std::string(what) + ": " : std::string()) + "variable x" +
                     std::to_string(x.id) + " does not belong to this model (it has " +
                     std::to_string(num_vars()) + " variables)");
  if (!x.is_view()) return;
  if (x.scale == 0) throw ModelError("view of " + name(x.base()) + " with a factor 0");
  const std::vector<int>& d = vars_[std::size_t(x.id)].values;
  const std::int64_t a = x.apply(d.front()), b = x.apply(d.back());
  if (std::min(a, b) < INT_MIN || std::max(a, b) > INT_MAX)
    throw ModelError("view " + name(x) + ": its values do not fit an int");
  if ((x.scale < -1 || x.scale > 1) && std::max(a, b) - std::min(a, b) >= (1 << 26))
    throw ModelError("view " + name(x) + ": spread over more than 2^26 values");
}

void Model::post(std::unique_ptr<Constraint> c) {
  if (!c) throw ModelError("post: null constraint");
  for (Var x : c->scope()) check(x, "post");
  (capture_ ? *capture_ : constraints_).push_back(std::move(c));
}

void Model::minimize(Var obj) {
  check(obj, "minimize");
  objective_ = Objective{obj, false};
}

void Model::maximize(Var obj) {
  check(obj, "maximize");
  objective_ = Objective{obj, true};
}

void Model::branch(std::span<const Var> xs, VarOrder var, ValOrder val) {
  for (Var x : xs) {
    check(x, "branch");
    if (x.is_view()) throw ModelError("branch: " + name(x) + " is a view; branch on its variable");
  }
  branching_.push_back({std::vector<Var>(xs.begin(), xs.end()), var, val});
}

void Model::skip_equivalent_states(EquivalentStates declaration) {
  for (Var x : declaration.vars) check(x, "skip_equivalent_states");
  equivalent_states_.push_back(std::move(declaration));
}

std::string Model::name(Var x) const {
  if (!identity_.accepts(x)) foreign(x, "name");
  if (x.id < 0 || x.id >= num_vars())
    throw ModelError("variable x" + std::to_string(x.id) + " does not belong to this model");
  const std::string& n = vars_[std::size_t(x.id)].name;
  std::string out;  // built in steps: GCC 12 warns (-Wrestrict) on "x" + string
  if (x.scale == -1) out += "-";
  else if (x.scale != 1) out += std::to_string(x.scale) + "*";
  if (n.empty()) {
    out += "x";
    out += std::to_string(x.id);
  } else {
    out += n;
  }
  if (x.offset > 0) out += "+";
  if (x.offset != 0) out += std::to_string(x.offset);
  return out;
}

}  // namespace solve
