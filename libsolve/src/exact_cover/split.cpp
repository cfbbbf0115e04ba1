// Cutting an exact-cover problem into parts (solve/cover_split.hpp), with the public
// ExactCover API only: a part is worked out from scratch each time from its forced and
// excluded options, so no engine state is involved.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <queue>
#include <string>

#include "solve/cover_split.hpp"
#include "solve/error.hpp"

namespace solve {
namespace {

// The state of a secondary item under the forced options (ItemState::covered).
constexpr int item_free = -1;  // no forced option has it
                               // 0: a forced option has it without colour (no one else may)
                               // c > 0: forced options gave it colour c (others must agree)

// What the forced and excluded options of a part leave of the problem.
struct Residual {
  bool empty = false;        ///< no solution: the forced options clash or an item cannot be met
  std::vector<int> covered;  ///< primary item: times the forced options cover it; secondary: above
  std::vector<int> left;     ///< per item: possible options that hold it
  std::vector<int>
      alive;  ///< the possible options (neither forced nor excluded, no clash), ascending
};

// Marks the part's option ids in state (1 forced, 2 excluded); ModelError for a bad id.
void mark_options(std::vector<char>& state, std::span<const int> ids, char mark) {
  for (const int o : ids) {
    if (o < 0 || std::size_t(o) >= state.size())
      throw ModelError("cover part: option " + std::to_string(o) + " out of range");
    if (state[std::size_t(o)] != 0)
      throw ModelError("cover part: option " + std::to_string(o) + " given twice");
    state[std::size_t(o)] = mark;
  }
}

Residual residual(const ExactCover& p, const CoverPart& part) {
  const auto n = std::size_t(p.num_items());
  Residual r;
  r.covered.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i)
    if (!p.is_primary(int(i))) r.covered[i] = item_free;
  std::vector<char> state(std::size_t(p.num_options()), 0);
  mark_options(state, part.forced, 1);
  mark_options(state, part.excluded, 2);

  for (const int o : part.forced)
    for (const auto [item, colour] : p.option(o)) {
      int& c = r.covered[std::size_t(item)];
      if (p.is_primary(item)) {
        if (++c > p.bounds(item).hi) r.empty = true;
      } else if (c == item_free) {
        c = colour;
      } else if (c == 0 || colour != c) {  // taken, or taken in another colour
        r.empty = true;
      }
    }
  if (r.empty) return r;

  r.left.assign(n, 0);
  for (int o = 0; o < p.num_options(); ++o) {
    if (state[std::size_t(o)] != 0) continue;
    bool possible = true, any_primary = false;
    for (const auto [item, colour] : p.option(o)) {
      const int c = r.covered[std::size_t(item)];
      if (p.is_primary(item)) {
        any_primary = true;
        possible = possible && c < p.bounds(item).hi;
      } else {
        possible = possible && (c == item_free || (colour != 0 && colour == c));
      }
    }
    // An option without a primary item is never part of a solution (as in Knuth's programs).
    if (!possible || !any_primary) continue;
    r.alive.push_back(o);
    for (const ItemColour ic : p.option(o)) ++r.left[std::size_t(ic.item)];
  }
  for (std::size_t i = 0; i < n; ++i)
    if (p.is_primary(int(i)) && p.bounds(int(i)).lo - r.covered[i] > r.left[i]) r.empty = true;
  return r;
}

// The item to cut a part on: among the open primary items (options left, room for another),
// the one with fewest options left, an item that needs exactly one more option before any
// other (its options are then disjoint alternatives); -1 when there is none.
struct Cut {
  int item = -1;
  bool alternatives = false;
};

Cut choose_cut(const ExactCover& p, const Residual& r) {
  Cut best;
  int best_left = 0;
  for (int i = 0; i < p.num_items(); ++i) {
    const int left = r.left[std::size_t(i)];
    if (!p.is_primary(i) || left == 0) continue;
    const ItemBounds b = p.bounds(i);
    const int covered = r.covered[std::size_t(i)];
    const bool alternatives = b.hi - covered == 1 && b.lo - covered == 1;
    if (best.item < 0 || alternatives > best.alternatives ||
        (alternatives == best.alternatives && left < best_left)) {
      best = {i, alternatives};
      best_left = left;
    }
  }
  return best;
}

bool holds(const ExactCover& p, int option, int item) {
  const auto items = p.option(option);
  return std::any_of(items.begin(), items.end(), [&](ItemColour ic) { return ic.item == item; });
}

// ids (ascending) with o added in its place.
std::vector<int> with(std::vector<int> ids, int o) {
  ids.insert(std::lower_bound(ids.begin(), ids.end(), o), o);
  return ids;
}

// path with one more branch at its end.
std::vector<int> then(std::vector<int> path, int branch) {
  path.push_back(branch);
  return path;
}

// A part of the split being made.
struct Node {
  CoverPart part;
  std::vector<int> path;   // the branch taken at each cut from the whole problem
  std::size_t size = 0;    // options left (what the biggest-first order compares)
  std::uint64_t made = 0;  // creation order, for ties
  bool cut = false;        // replaced by its children
};

// Whether a split must stop (split_cover with Limits): the cancel flag or the time limit.
class SplitPoll {
 public:
  explicit SplitPoll(const Limits* limits)
      : limits_(limits), start_(std::chrono::steady_clock::now()) {}
  bool stop() {
    if (!limits_ || reason_ != StopReason::exhausted) return reason_ != StopReason::exhausted;
    if (limits_->cancel && limits_->cancel->load(std::memory_order_relaxed)) {
      reason_ = StopReason::cancelled;
    } else if (limits_->max_seconds > 0 &&
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >=
                   limits_->max_seconds) {
      reason_ = StopReason::time_limit;
    }
    return reason_ != StopReason::exhausted;
  }
  StopReason reason() const { return reason_; }

 private:
  const Limits* limits_;
  std::chrono::steady_clock::time_point start_;
  StopReason reason_ = StopReason::exhausted;
};

// The split; an empty list as soon as poll says stop (before each part made).
std::vector<CoverPart> split(const ExactCover& problem, std::size_t parts, SplitPoll& poll) {
  std::vector<Node> nodes;
  const auto bigger_later = [&](std::size_t a, std::size_t b) {  // heap order: biggest on top
    if (nodes[a].size != nodes[b].size) return nodes[a].size < nodes[b].size;
    return nodes[a].made > nodes[b].made;
  };
  std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(bigger_later)> queue(
      bigger_later);
  std::size_t leaves = 0;
  const auto add = [&](CoverPart part, std::vector<int> path) {
    if (poll.stop()) return;
    const Residual r = residual(problem, part);
    if (r.empty) return;
    nodes.push_back({std::move(part), std::move(path), r.alive.size(), nodes.size(), false});
    ++leaves;
    if (nodes.back().size > 0) queue.push(nodes.size() - 1);
  };
  add({}, {});

  while (leaves < parts && !queue.empty() && !poll.stop()) {
    const std::size_t at = queue.top();
    queue.pop();
    const CoverPart part = nodes[at].part;
    const std::vector<int> path = nodes[at].path;
    const Residual r = residual(problem, part);
    const Cut cut = choose_cut(problem, r);
    if (cut.item < 0) continue;  // nothing to cut on (cannot happen with options left)
    nodes[at].cut = true;
    --leaves;
    int branch = 0;
    for (const int o : r.alive) {
      if (!holds(problem, o, cut.item)) continue;
      if (poll.stop()) return {};
      add({with(part.forced, o), part.excluded}, then(path, branch++));
      if (!cut.alternatives) {  // multiplicities: o in, then o out
        add({part.forced, with(part.excluded, o)}, then(path, branch++));
        break;
      }
    }
  }

  if (poll.reason() != StopReason::exhausted) return {};  // (a part was left out)
  std::vector<const Node*> ends;
  for (const Node& node : nodes)
    if (!node.cut) ends.push_back(&node);
  std::sort(ends.begin(), ends.end(),
            [](const Node* a, const Node* b) { return a->path < b->path; });
  std::vector<CoverPart> out;
  out.reserve(ends.size());
  for (const Node* node : ends) out.push_back(node->part);
  return out;
}

}  // namespace

std::vector<CoverPart> split_cover(const ExactCover& problem, std::size_t parts) {
  SplitPoll never(nullptr);
  return split(problem, parts, never);
}

CoverSplit split_cover(const ExactCover& problem, std::size_t parts, const Limits& limits) {
  SplitPoll poll(&limits);
  CoverSplit out{split(problem, parts, poll), StopReason::exhausted};
  if (poll.reason() != StopReason::exhausted) out = {{}, poll.reason()};
  return out;
}

PartProblem part_problem(const ExactCover& problem, const CoverPart& part) {
  const Residual r = residual(problem, part);
  PartProblem out;
  if (r.empty) {
    out.problem.add_primary();
    out.empty = true;
    return out;
  }
  std::vector<int> id(std::size_t(problem.num_items()), -1);  // original item -> new item
  for (int i = 0; i < problem.num_items(); ++i) {
    const int left = r.left[std::size_t(i)];
    if (left == 0) continue;  // no option has it: done with (the bounds were checked)
    const std::string& name = problem.item_name(i);
    if (!problem.is_primary(i)) {
      id[std::size_t(i)] = out.problem.add_secondary(name);
      continue;
    }
    const ItemBounds b = problem.bounds(i);
    const int covered = r.covered[std::size_t(i)];
    const int lo = std::max(0, b.lo - covered), hi = b.hi - covered;
    id[std::size_t(i)] =
        lo == 1 && hi == 1 ? out.problem.add_primary(name) : out.problem.add_primary(name, lo, hi);
  }
  for (int c = 1; c <= problem.num_colours(); ++c)
    out.problem.colour(problem.colour_name(c));  // same ids
  std::vector<ItemColour> items;
  for (const int o : r.alive) {
    items.clear();
    for (const ItemColour ic : problem.option(o))
      items.push_back({id[std::size_t(ic.item)], ic.colour});
    out.problem.add_option(std::span<const ItemColour>(items));
    out.options.push_back(o);
  }
  return out;
}

}  // namespace solve
