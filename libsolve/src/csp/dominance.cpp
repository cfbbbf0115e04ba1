// The shared state store and the per-engine admission test (see dominance.hpp).
#include "csp/dominance.hpp"

#include <algorithm>
#include <mutex>
#include <unordered_map>

namespace solve::detail::csp {

// (Not in the anonymous namespace: StateStore::Shard holds maps of it, and a class with a
// member of an internal-linkage type draws -Wsubobject-linkage once a unity build includes
// this file.)
struct StateKeyHash {
  std::size_t operator()(const std::vector<std::uint32_t>& k) const noexcept {
    std::uint64_t h = 1469598103934665603ull;
    for (std::uint32_t v : k) h = (h ^ v) * 1099511628211ull;
    return std::size_t(h ^ (h >> 29));
  }
};

namespace {

/// Independent locks, so that workers recording different states rarely wait for each other.
constexpr std::size_t shard_count = 64;

}  // namespace

struct StateStore::Shard {
  using Owners = std::unordered_map<std::vector<std::uint32_t>, std::uint64_t, StateKeyHash>;
  std::mutex mutex;
  Owners recent;  // states recorded since the last change of generation
  Owners older;   // the generation before (stays empty without a bound)
  std::size_t recent_bytes = 0;
};

StateStore::StateStore(std::size_t max_bytes)
    : shards_(std::make_unique<Shard[]>(shard_count)),
      shard_bytes_(max_bytes ? std::max<std::size_t>(1, max_bytes / 2 / shard_count) : 0) {}
StateStore::~StateStore() = default;

std::uint64_t StateStore::insert(const std::vector<std::uint32_t>& key, std::uint64_t node) {
  const std::size_t h = StateKeyHash{}(key);
  Shard& s = shards_[(h >> 7) % shard_count];
  std::lock_guard lock(s.mutex);
  if (const auto old = s.older.find(key); old != s.older.end()) return old->second;
  const auto [at, fresh] = s.recent.try_emplace(key, node);
  if (!fresh) return at->second;
  if (shard_bytes_) {
    // a rough cost of one entry: the key, its vector, the owner, the hash node and bucket
    s.recent_bytes +=
        key.size() * sizeof(std::uint32_t) + sizeof(key) + sizeof(node) + 4 * sizeof(void*);
    if (s.recent_bytes > shard_bytes_) {
      s.older = std::move(s.recent);
      s.recent = {};
      s.recent_bytes = 0;
    }
  }
  return node;
}

std::shared_ptr<StateStores> make_state_stores(const Model& m) {
  auto stores = std::make_shared<StateStores>();
  for (const Model::EquivalentStates& d : m.equivalent_states())
    stores->push_back(std::make_unique<StateStore>(d.max_bytes));
  return stores;
}

Dominance::Dominance(const Model& m, std::shared_ptr<StateStores> stores)
    : stores_(std::move(stores)) {
  const auto& decls = m.equivalent_states();
  if (decls.empty()) return;
  if (!stores_) stores_ = make_state_stores(m);
  for (std::size_t i = 0; i < decls.size(); ++i)
    filters_.push_back({&decls[i], (*stores_)[i].get(), {}});
}

bool Dominance::admit(const Space& s, int level, std::uint64_t node) {
  for (Filter& f : filters_) {
    const std::vector<Var>& xs = f.decl->vars;
    // Along a path the assigned prefix only grows: start from the state owned last.
    const std::size_t owned = f.path.empty() ? 0 : f.path.back().k;
    std::size_t k = owned;
    while (k < xs.size() && s.assigned(xs[k])) ++k;
    if (k == owned) continue;  // an ancestor's state (or the root's empty prefix)
    values_.clear();
    for (std::size_t i = 0; i < k; ++i) values_.push_back(s.value(xs[i]));
    key_.clear();
    f.decl->key(values_, key_);
    key_.push_back(std::uint32_t(k));  // states of different lengths never meet
    if (f.store->insert(key_, node) != node) return false;
    f.path.push_back({level, k});
  }
  return true;
}

}  // namespace solve::detail::csp
