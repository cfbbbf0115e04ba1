#include "propagators/regin.hpp"

#include <algorithm>
#include <bit>
#include <climits>

namespace solve::detail {

namespace {
/// 64 bits of `words` starting at bit `pos` (which may be negative or past the end: zeros).
std::uint64_t read64(std::span<const std::uint64_t> words, long pos) {
  const long total = long(words.size()) * 64;
  if (pos <= -64 || pos >= total) return 0;
  const long w = pos >= 0 ? pos / 64 : -1;
  const int sh = int(pos - w * 64);
  const std::uint64_t a = w >= 0 ? words[std::size_t(w)] : 0;
  const std::uint64_t b = w + 1 < long(words.size()) ? words[std::size_t(w + 1)] : 0;
  return sh == 0 ? a : (a >> sh) | (b << (64 - sh));
}

/// Exactly one bit set (without popcount: a library call on plain x86-64).
inline bool single(std::uint64_t w) { return w && !(w & (w - 1)); }
inline bool test(const std::uint64_t* set, int k) { return (set[k >> 6] >> (k & 63)) & 1u; }
inline void put(std::uint64_t* set, int k) { set[k >> 6] |= std::uint64_t{1} << (k & 63); }
}  // namespace

void ReginFilter::clear_sets() {
  wv_ = std::size_t(m_ + 63) / 64;
  wn_ = std::size_t(n_ + 63) / 64;
  dom_.assign(std::size_t(n_) * wv_, 0);
  vars_of_.assign(std::size_t(m_) * wn_, 0);
}

void ReginFilter::load(const Space& s, std::span<const Var> xs) {
  clear_sets();
  for (int i = 0; i < n_; ++i) {
    const Var x = xs[std::size_t(i)];
    const auto bits = s.bits(x);  // a scaled view's are computed on demand: read at once
    const long shift = long(lo_) - s.base(x);
    std::uint64_t* d = dom(i);
    for (std::size_t w = 0; w < wv_; ++w) {
      std::uint64_t word = read64(bits, shift + long(w) * 64);
      d[w] = word;
      while (word) {
        const int v = int(w * 64) + std::countr_zero(word);
        word &= word - 1;
        put(vars_of(v), i);
      }
    }
  }
}

bool ReginFilter::collect_values(const Space& s, std::span<const Var> xs) {
  // a k-way merge of the domains (each ascending) through a min-heap of one cursor each
  values_.clear();
  heap_.clear();
  for (int i = 0; i < n_; ++i) heap_.emplace_back(s.min(xs[std::size_t(i)]), i);
  const auto later = [](const std::pair<int, int>& a, const std::pair<int, int>& b) {
    return a.first > b.first;
  };
  std::make_heap(heap_.begin(), heap_.end(), later);
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    auto& [v, i] = heap_.back();
    if (values_.empty() || values_.back() != v) {
      if (std::uint64_t(n_) * (values_.size() + 1) > kMaxBits) return false;
      values_.push_back(v);
    }
    const Var x = xs[std::size_t(i)];
    if (v == s.max(x)) {  // (not next_value's INT_MAX: that may be a value)
      heap_.pop_back();
    } else {
      v = s.next_value(x, v);
      std::push_heap(heap_.begin(), heap_.end(), later);
    }
  }
  return true;
}

void ReginFilter::load_sparse(const Space& s, std::span<const Var> xs) {
  clear_sets();
  for (int i = 0; i < n_; ++i) {
    std::uint64_t* d = dom(i);
    auto at = values_.begin();
    s.for_each_value(xs[std::size_t(i)], [&](int v) {  // ascending: the index only moves forward
      at = std::lower_bound(at, values_.end(), v);
      const int k = int(at - values_.begin());
      put(d, k);
      put(vars_of(k), i);
    });
  }
}

bool ReginFilter::augment(int i) {
  const std::uint64_t* d = dom(i);
  for (std::size_t w = 0; w < wv_; ++w) {
    std::uint64_t cand = d[w] & ~visited_[w];
    while (cand) {
      const int v = int(w * 64) + std::countr_zero(cand);
      cand &= cand - 1;
      visited_[w] |= std::uint64_t{1} << (v & 63);
      const int owner = match_val_[std::size_t(v)];
      if (owner < 0 || augment(owner)) {
        match_var_[std::size_t(i)] = v;
        match_val_[std::size_t(v)] = i;
        return true;
      }
    }
  }
  return false;
}

bool ReginFilter::match() {
  // the previous matching, kept as values, is a hint: keep the pairs still possible
  if (int(match_var_.size()) != n_) match_var_.assign(std::size_t(n_), -1);
  match_val_.assign(std::size_t(m_), -1);
  for (int i = 0; i < n_; ++i) {
    int& mv = match_var_[std::size_t(i)];
    // re-base the remembered value (64-bit: the two bases may lie 2^32 apart)
    const std::int64_t k = mv == -1 ? -1 : std::int64_t(mv) + last_lo_ - lo_;
    if (k >= 0 && k < m_ && test(dom(i), int(k)) && match_val_[std::size_t(k)] < 0) {
      mv = int(k);
      match_val_[std::size_t(k)] = i;
    } else {
      mv = -1;
    }
  }
  last_lo_ = lo_;
  visited_.resize(wv_);
  for (int i = 0; i < n_; ++i) {
    if (match_var_[std::size_t(i)] >= 0) continue;
    std::fill(visited_.begin(), visited_.end(), 0);
    if (!augment(i)) return false;
  }
  return true;
}

void ReginFilter::mark_reached() {
  // free values, then every variable that can take one, then along i -> j edges
  free_vals_.assign(wv_, 0);
  for (int v = 0; v < m_; ++v)
    if (match_val_[std::size_t(v)] < 0) put(free_vals_.data(), v);
  reached_.assign(wn_, 0);
  stack_.clear();
  for (int j = 0; j < n_; ++j) {
    const std::uint64_t* d = dom(j);
    for (std::size_t w = 0; w < wv_; ++w)
      if (d[w] & free_vals_[w]) {
        put(reached_.data(), j);
        stack_.push_back(j);
        break;
      }
  }
  while (!stack_.empty()) {
    const int i = stack_.back();
    stack_.pop_back();
    const std::uint64_t* succ = vars_of(match_var_[std::size_t(i)]);
    for (std::size_t w = 0; w < wn_; ++w) {
      std::uint64_t fresh = succ[w] & ~reached_[w];
      reached_[w] |= fresh;
      while (fresh) {
        stack_.push_back(int(w * 64) + std::countr_zero(fresh));
        fresh &= fresh - 1;
      }
    }
  }
}

void ReginFilter::components() {
  // Tarjan, iterative; successors of i: vars_of(M(i)) without i. pending_ holds, per frame on
  // the call stack, the successor bits of the current word not yet visited.
  index_.assign(std::size_t(n_), -1);
  low_.assign(std::size_t(n_), 0);
  comp_.assign(std::size_t(n_), -1);
  on_stack_.assign(std::size_t(n_), 0);
  stack_.clear();
  call_.clear();
  pending_.clear();
  std::vector<std::size_t>& wpos = word_pos_;
  wpos.clear();
  int counter = 0;
  ncomp_ = 0;
  auto open = [&](int u) {
    index_[std::size_t(u)] = low_[std::size_t(u)] = counter++;
    stack_.push_back(u);
    on_stack_[std::size_t(u)] = 1;
    call_.push_back(u);
    wpos.push_back(0);
    pending_.push_back(vars_of(match_var_[std::size_t(u)])[0] &
                       ~(u < 64 ? std::uint64_t{1} << u : 0));
  };
  for (int root = 0; root < n_; ++root) {
    if (index_[std::size_t(root)] >= 0) continue;
    open(root);
    while (!call_.empty()) {
      const int u = call_.back();
      std::uint64_t& bits = pending_.back();
      std::size_t& w = wpos.back();
      while (!bits && ++w < wn_) {
        bits = vars_of(match_var_[std::size_t(u)])[w];
        if (u >= int(w * 64) && u < int(w * 64 + 64)) bits &= ~(std::uint64_t{1} << (u & 63));
      }
      if (bits) {
        const int v = int(w * 64) + std::countr_zero(bits);
        bits &= bits - 1;
        if (index_[std::size_t(v)] < 0) {
          open(v);
        } else if (on_stack_[std::size_t(v)]) {
          low_[std::size_t(u)] = std::min(low_[std::size_t(u)], index_[std::size_t(v)]);
        }
        continue;
      }
      call_.pop_back();
      pending_.pop_back();
      wpos.pop_back();
      if (!call_.empty()) {
        const int parent = call_.back();
        low_[std::size_t(parent)] = std::min(low_[std::size_t(parent)], low_[std::size_t(u)]);
      }
      if (low_[std::size_t(u)] == index_[std::size_t(u)]) {
        int x;
        do {
          x = stack_.back();
          stack_.pop_back();
          on_stack_[std::size_t(x)] = 0;
          comp_[std::size_t(x)] = ncomp_;
        } while (x != u);
        ++ncomp_;
      }
    }
  }
}

bool ReginFilter::augment_small(int i, std::uint64_t& visited) {
  std::uint64_t cand = sdom_[i] & ~visited;
  while (cand) {
    const int v = std::countr_zero(cand);
    cand &= cand - 1;
    visited |= std::uint64_t{1} << v;
    const int owner = smatch_val_[v];
    if (owner < 0 || augment_small(owner, visited)) {
      smatch_var_[i] = v;
      smatch_val_[v] = i;
      return true;
    }
  }
  return false;
}

bool ReginFilter::filter_small(Space& s, std::span<const Var> xs) {
  const int n_all = n_;
  std::uint64_t all_values = 0;
  for (int i = 0; i < n_all; ++i) {
    sdom_[i] = s.word_at(xs[std::size_t(i)], lo_);
    all_values |= sdom_[i];
  }
  if (std::popcount(all_values) < n_all) return false;  // pigeonhole
  // Assigned variables leave the graph: their values are removed from the others first
  // (repeated while that assigns more), so the matching only sees the open variables.
  std::uint64_t fixed_vals = 0, done = 0;
  for (bool again = true; again;) {
    again = false;
    for (int i = 0; i < n_all; ++i) {
      if (((done >> i) & 1u) || !single(sdom_[i])) continue;
      if (sdom_[i] & fixed_vals) return false;  // two variables with one value
      fixed_vals |= sdom_[i];
      done |= std::uint64_t{1} << i;
    }
    for (int j = 0; j < n_all; ++j) {
      if (((done >> j) & 1u) || !(sdom_[j] & fixed_vals)) continue;
      for (std::uint64_t drop = sdom_[j] & fixed_vals; drop; drop &= drop - 1)
        if (s.remove(xs[std::size_t(j)], lo_ + std::countr_zero(drop)) == Event::failed)
          return false;
      sdom_[j] &= ~fixed_vals;
      again = again || single(sdom_[j]);
    }
  }
  // the open variables, renumbered 0..n-1
  int n = 0;
  for (int i = 0; i < n_all; ++i)
    if (!((done >> i) & 1u)) {
      orig_[n] = i;
      sdom_[n] = sdom_[i];  // n <= i: compacting in place is safe
      ++n;
    }
  if (n == 0) return true;
  const int m = m_;
  for (int v = 0; v < m; ++v) {
    sholders_[v] = 0;
    smatch_val_[v] = -1;
  }
  std::uint64_t open_values = 0;
  for (int k = 0; k < n; ++k) {
    open_values |= sdom_[k];
    for (std::uint64_t d = sdom_[k]; d; d &= d - 1)
      sholders_[std::countr_zero(d)] |= std::uint64_t{1} << k;
  }
  if (std::popcount(open_values) < n) return false;
  // matching, starting from the previous one where it still holds
  if (int(match_var_.size()) != n_all) match_var_.assign(std::size_t(n_all), -1);
  for (int k = 0; k < n; ++k) {
    const int old = match_var_[std::size_t(orig_[k])];
    const std::int64_t v = old == -1 ? -1 : std::int64_t(old) + last_lo_ - lo_;
    if (v >= 0 && v < m && ((sdom_[k] >> v) & 1u) && smatch_val_[v] < 0) {
      smatch_var_[k] = int(v);
      smatch_val_[v] = k;
    } else {
      smatch_var_[k] = -1;
    }
  }
  for (int k = 0; k < n; ++k) {
    if (smatch_var_[k] >= 0) continue;
    std::uint64_t visited = 0;
    if (!augment_small(k, visited)) return false;
  }
  last_lo_ = lo_;
  for (int k = 0; k < n; ++k) match_var_[std::size_t(orig_[k])] = smatch_var_[k];
  std::uint64_t matched = 0;
  for (int k = 0; k < n; ++k) matched |= std::uint64_t{1} << smatch_var_[k];
  const std::uint64_t free_vals = open_values & ~matched;
  // successors of variable k: the other holders of its matched value
  std::uint64_t succ[64];
  for (int k = 0; k < n; ++k) succ[k] = sholders_[smatch_var_[k]] & ~(std::uint64_t{1} << k);
  // variables reached from a free value
  std::uint64_t reached = 0, frontier = 0;
  for (int k = 0; k < n; ++k)
    if (sdom_[k] & free_vals) frontier |= std::uint64_t{1} << k;
  while (frontier) {
    reached |= frontier;
    std::uint64_t next = 0;
    for (std::uint64_t f = frontier; f; f &= f - 1) next |= succ[std::countr_zero(f)];
    frontier = next & ~reached;
  }
  // Tarjan on <= 64 nodes with bitset successors
  int index[64], low[64], comp[64], stack[64], call[64];
  std::uint64_t pending[64];
  std::uint64_t on_stack = 0, seen = 0;
  int counter = 0, sp = 0, cp = 0, ncomp = 0;
  for (int root = 0; root < n; ++root) {
    if ((seen >> root) & 1u) continue;
    auto open = [&](int u) {
      seen |= std::uint64_t{1} << u;
      index[u] = low[u] = counter++;
      stack[sp++] = u;
      on_stack |= std::uint64_t{1} << u;
      call[cp] = u;
      pending[cp++] = succ[u];
    };
    open(root);
    while (cp > 0) {
      const int u = call[cp - 1];
      std::uint64_t& bits = pending[cp - 1];
      if (bits) {
        const int v = std::countr_zero(bits);
        bits &= bits - 1;
        if (!((seen >> v) & 1u)) open(v);
        else if ((on_stack >> v) & 1u) low[u] = std::min(low[u], index[v]);
        continue;
      }
      --cp;
      if (cp > 0) low[call[cp - 1]] = std::min(low[call[cp - 1]], low[u]);
      if (low[u] == index[u]) {
        int x;
        do {
          x = stack[--sp];
          on_stack &= ~(std::uint64_t{1} << x);
          comp[x] = ncomp;
        } while (x != u);
        ++ncomp;
      }
    }
  }
  // allowed values: free, matched to a reached variable, or matched within the component
  std::uint64_t keep_all = free_vals, comp_vals[64];
  for (int c = 0; c < ncomp; ++c) comp_vals[c] = 0;
  for (int k = 0; k < n; ++k) {
    const std::uint64_t bit = std::uint64_t{1} << smatch_var_[k];
    if ((reached >> k) & 1u) keep_all |= bit;
    comp_vals[comp[k]] |= bit;
  }
  for (int k = 0; k < n; ++k) {
    for (std::uint64_t drop = sdom_[k] & ~(keep_all | comp_vals[comp[k]]); drop; drop &= drop - 1)
      if (s.remove(xs[std::size_t(orig_[k])], lo_ + std::countr_zero(drop)) == Event::failed)
        return false;
  }
  return true;
}

ReginFilter::Outcome ReginFilter::filter(Space& s, std::span<const Var> xs) {
  n_ = int(xs.size());
  if (hint_sparse_) {  // the remembered matching names indices of another value list
    match_var_.assign(std::size_t(n_), -1);
    hint_sparse_ = false;
  }
  std::int64_t lo = INT_MAX, hi = INT_MIN, total = 0;
  for (Var x : xs) {
    lo = std::min<std::int64_t>(lo, s.min(x));
    hi = std::max<std::int64_t>(hi, s.max(x));
    total += s.size(x);
  }
  const std::int64_t span = hi - lo + 1;
  if (span < n_) return Outcome::failed;
  lo_ = int(lo);
  if (n_ <= 64 && span <= 64) {
    m_ = int(span);
    return filter_small(s, xs) ? Outcome::filtered : Outcome::failed;
  }
  if (span <= 8 * total) {  // values as offsets from lo_
    if (std::uint64_t(n_) * std::uint64_t(span) > kMaxBits) return Outcome::too_large;
    m_ = int(span);
    values_.clear();
    load(s, xs);
  } else {  // a sparse span: the values themselves, as indices
    // (a graph too large once is taken as too large again while the domains hold as many
    // values: counting the distinct ones costs a merge of every domain per run)
    if (total >= declined_total_) return Outcome::too_large;
    if (!collect_values(s, xs)) {
      declined_total_ = total;
      return Outcome::too_large;
    }
    m_ = int(values_.size());
    if (m_ < n_) return Outcome::failed;
    load_sparse(s, xs);
    match_var_.assign(std::size_t(n_), -1);
    hint_sparse_ = true;
  }
  if (!match()) return Outcome::failed;
  mark_reached();
  components();
  // values allowed to variable j: free ones, those matched to reached variables, and those
  // matched to a variable of j's component
  keep_.assign(wv_, 0);
  for (std::size_t w = 0; w < wv_; ++w) keep_[w] = free_vals_[w];
  scc_vals_.assign(std::size_t(ncomp_) * wv_, 0);
  for (int i = 0; i < n_; ++i) {
    const int v = match_var_[std::size_t(i)];
    if (test(reached_.data(), i)) put(keep_.data(), v);
    put(scc_vals_.data() + std::size_t(comp_[std::size_t(i)]) * wv_, v);
  }
  for (int j = 0; j < n_; ++j) {
    const std::uint64_t* d = dom(j);
    const std::uint64_t* own = scc_vals_.data() + std::size_t(comp_[std::size_t(j)]) * wv_;
    for (std::size_t w = 0; w < wv_; ++w) {
      std::uint64_t drop = d[w] & ~(keep_[w] | own[w]);
      while (drop) {
        const int v = int(w * 64) + std::countr_zero(drop);
        drop &= drop - 1;
        if (s.remove(xs[std::size_t(j)], value_at(v)) == Event::failed) return Outcome::failed;
      }
    }
  }
  return Outcome::filtered;
}

}  // namespace solve::detail
