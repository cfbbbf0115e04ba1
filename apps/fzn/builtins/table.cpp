// The dispatch table: every family's entries, looked up by name and arity.
#include <unordered_map>

#include <fmt/format.h>

#include <solve/error.hpp>

#include "builtins.hpp"

namespace fzn {
namespace {

using Table = std::unordered_multimap<std::string_view, const Builtin*>;

Table build() {
  Table t;
  for (auto family :
       {int_builtins(), bool_builtins(), linear_builtins(), globals_builtins(),
        values_builtins(),
        scheduling_builtins(),
        graph_builtins(),
        automaton_builtins(), packing_builtins(),
        reif_builtins()})
    for (const Builtin& b : family) t.emplace(b.name, &b);
  return t;
}

}  // namespace

const Builtin* find_builtin(std::string_view name, std::size_t arity, std::size_t* other_arity) {
  static const Table table = build();
  const auto [first, last] = table.equal_range(name);
  for (auto it = first; it != last; ++it) {
    if (it->second->arity == arity) return it->second;
    if (other_arity) *other_arity = it->second->arity;
  }
  return nullptr;
}

void post_relation(const Call& call, MakeCheck relation) {
  CheckScope scope;
  CheckFn check = relation(call, scope);
  call.ctx().post_checked(scope, call.name(), std::move(check));
}

void post_constraint(Context& ctx, const ConstraintItem& item) {
  const Call call(ctx, item);
  std::size_t other = 0;
  const Builtin* b = find_builtin(item.name, item.args.size(), &other);
  if (!b) {
    if (other) call.fail(fmt::format("expects {} arguments, found {}", other, item.args.size()));
    ctx.fail(item.pos, fmt::format("not supported yet: {}", item.name));
  }
  try {
    if (b->native) b->native(call, ctx.model());
    else b->post(call);
  } catch (const solve::ModelError& e) {
    // libsolve cannot take it (32-bit values, 64-bit sums): the relation's test can, on what
    // was posted so far (every part a poster posts is implied by the relation)
    if (!b->relation) call.fail(e.what());
    post_relation(call, b->relation);
  }
}

void post_constraint_by_relation(Context& ctx, const ConstraintItem& item) {
  const Builtin* b = find_builtin(item.name, item.args.size());
  if (!b || !b->relation) return post_constraint(ctx, item);
  post_relation(Call(ctx, item), b->relation);
}

}  // namespace fzn
