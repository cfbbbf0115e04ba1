// table (extensional constraint): the values of the scope form one of the allowed tuples.
// Generalised arc consistency by compact-table (Demeulenaere et al., CP 2016): the tuples
// still valid form a reversible sparse bitset (its words trailed through Space::save_word,
// once per search level); each (variable, value) has the bitset of the tuples that carry it,
// kept dense while that costs at most 4 times the sparse form (its non-zero words only), else
// sparse: memory O(arity x tuples) however many distinct values.
// A call first removes from the valid tuples those that lost a value since the last call
// (through the values removed when they are few, from the values left otherwise), then keeps
// each value that still meets a valid tuple (a residue: the word where it met one last time).
// Below arc the engine checks and forward-checks through check().
#include <algorithm>
#include <memory>
#include <vector>

#include "propagators/explain_removals.hpp"
#include "propagators/tuple_reason.hpp"
#include "solve/binary_table.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"

namespace solve {
namespace detail {
namespace {

/// What every copy of one table shares (never changed after construction).
struct TableData {
  std::size_t arity = 0;
  std::vector<int> tuples;  // flat, arity values per tuple (check())
  std::size_t words = 0;    // words of a bitset over the tuples
  // column i's distinct values: values[value_start[i] .. value_start[i + 1]), ascending;
  // value number k (over all columns) has the tuples of its support words, entries
  // support_start[k] .. support_start[k + 1]: word support_word[e] is support_bits[e]
  // (ascending words, zero words left out)
  std::vector<int> values;
  std::vector<std::uint32_t> value_start;
  std::vector<std::uint32_t> support_start, support_word;
  std::vector<std::uint64_t> support_bits;
  // the same dense, when small enough: value k's words dense[k * words .. (k + 1) * words)
  std::vector<std::uint64_t> dense;
  // column i's present-set (which of its values are left) is a bitset over its values:
  // present words [present_start[i], present_start[i + 1])
  std::vector<std::uint32_t> present_start;
  bool repeated = false;  // the scope names a variable twice

  TableData(std::span<const Var> xs, std::vector<int> flat) : arity(xs.size()), tuples(flat) {
    const std::size_t n = arity ? tuples.size() / arity : 0;
    words = (n + 63) / 64;
    value_start.push_back(0);
    present_start.push_back(0);
    for (std::size_t i = 0; i < arity; ++i) {
      std::vector<int> column;
      for (std::size_t t = 0; t < n; ++t) column.push_back(tuples[t * arity + i]);
      std::sort(column.begin(), column.end());
      column.erase(std::unique(column.begin(), column.end()), column.end());
      values.insert(values.end(), column.begin(), column.end());
      value_start.push_back(std::uint32_t(values.size()));
      present_start.push_back(present_start.back() + std::uint32_t((column.size() + 63) / 64));
    }
    // each value's words in tuple order, so ascending
    std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>> rows(values.size());
    for (std::size_t t = 0; t < n; ++t)
      for (std::size_t i = 0; i < arity; ++i) {
        const auto first = values.begin() + value_start[i];
        const auto last = values.begin() + value_start[i + 1];
        auto& row = rows[std::size_t(std::lower_bound(first, last, tuples[t * arity + i]) -
                                     values.begin())];
        const std::uint32_t w = std::uint32_t(t / 64);
        if (row.empty() || row.back().first != w) row.emplace_back(w, 0);
        row.back().second |= std::uint64_t{1} << (t % 64);
      }
    support_start.push_back(0);
    for (const auto& row : rows) {
      for (const auto& [w, bits] : row) {
        support_word.push_back(w);
        support_bits.push_back(bits);
      }
      support_start.push_back(std::uint32_t(support_word.size()));
    }
    if (values.size() * words <= 4 * support_word.size() + 8192) {
      dense.assign(values.size() * words, 0);
      for (std::size_t k = 0; k < values.size(); ++k)
        for (std::uint32_t e = support_start[k]; e < support_start[k + 1]; ++e)
          dense[k * words + support_word[e]] = support_bits[e];
    }
    std::vector<std::int32_t> ids;
    for (Var x : xs) ids.push_back(x.id);
    std::sort(ids.begin(), ids.end());
    repeated = std::adjacent_find(ids.begin(), ids.end()) != ids.end();
  }
};

class CompactTable final : public CloneableConstraint<CompactTable> {
 public:
  CompactTable(std::vector<Var> xs, std::vector<int> flat)
      : xs_(std::move(xs)), data_(std::make_shared<const TableData>(xs_, std::move(flat))) {
    const TableData& d = *data_;
    residue_.assign(d.values.size(), 0);
    tuples_.assign(d.words, 0);
    tuple_stamps_.assign(d.words, 0);
    index_.resize(d.words);
    present_.assign(d.present_start.back(), 0);
    present_stamps_.assign(present_.size(), 0);
    left_.assign(d.arity, 0);
    left_stamps_.assign(d.arity, 0);
    mask_.assign(d.words, 0);
  }
  std::span<const Var> scope() const override { return xs_; }
  std::string_view name() const override { return "table"; }
  bool check(std::span<const int> v) const override {
    const std::vector<int>& tuples = data_->tuples;
    for (std::size_t t = 0; t < tuples.size(); t += xs_.size())
      if (std::equal(v.begin(), v.end(), tuples.begin() + std::ptrdiff_t(t))) return true;
    return false;
  }

  PropStatus propagate(Space& s) override {
    if (s.id() != store_) reset(s.id());
    const TableData& d = *data_;
    std::size_t changed = 0, last_changed = 0;
    for (std::size_t i = 0; i < d.arity; ++i) {
      const std::uint64_t size = std::uint64_t(s.size(xs_[i]));
      if (left_[i] == size) continue;  // no value of this column left since the last call
      ++changed;
      last_changed = i;
      if (left_[i] == kUnknown ? !first_sync(s, i) : !update(s, i, size)) return PropStatus::failed;
      if (limit_ == 0) return PropStatus::failed;
    }
    bool all_assigned = true;
    for (std::size_t i = 0; i < d.arity; ++i) {
      if (s.assigned(xs_[i])) continue;  // every valid tuple has its value
      all_assigned = false;
      // pruning only this column removed tuples of other values only: its own keep support
      if (changed == 1 && last_changed == i && !d.repeated) continue;
      if (!filter(s, i)) return PropStatus::failed;
    }
    // one column's pruning removed values of another column of the same variable: the valid
    // tuples do not know it yet (not even when every variable is assigned now)
    if (d.repeated)
      for (std::size_t i = 0; i < d.arity; ++i)
        if (left_[i] != std::uint64_t(s.size(xs_[i]))) return PropStatus::changed;
    if (all_assigned) return PropStatus::entailed;
    // removing values without support invalidates no tuple: a fixpoint
    return PropStatus::fixpoint;
  }
  // [x != v]: every tuple with x = v lost a value elsewhere, named per tuple (shared bounds
  // and [y != w] literals, tuple_reason.hpp); a failure: every tuple lost one. From the
  // domains the call began with, so a value lost through a repeated variable's second column
  // falls back to the scope.
  void explain(const Space& before, std::optional<Literal> pruned, Reason& r) const override {
    const std::vector<int>& tuples = data_->tuples;
    const std::size_t n = xs_.size();
    explain_or_scope(*this, before, r, [&](Reason& r) {
      TupleCover cover(before, xs_, r);
      if (!pruned) {
        for (std::size_t t = 0; t < tuples.size(); t += n)
          if (!cover.exclude(std::span<const int>(tuples).subspan(t, n), n)) return false;
        return true;
      }
      const auto column = std::find(xs_.begin(), xs_.end(), pruned->var);
      if (column == xs_.end()) return false;
      const std::size_t i = std::size_t(column - xs_.begin());
      return explain_by_removals(before, *pruned, r, [&](int v, Reason&) {
        for (std::size_t t = 0; t < tuples.size(); t += n)
          if (tuples[t + i] == v && !cover.exclude(std::span<const int>(tuples).subspan(t, n), i))
            return false;
        return true;
      });
    });
  }

 private:
  static constexpr std::uint64_t kUnknown = ~std::uint64_t{0};

  /// The state of a search that has not pruned the table yet: every tuple valid, no column
  /// synchronised (left_ unknown), nothing trailed.
  void reset(std::uint64_t store) {
    store_ = store;
    const TableData& d = *data_;
    std::fill(tuples_.begin(), tuples_.end(), ~std::uint64_t{0});
    const std::size_t n = d.arity ? d.tuples.size() / d.arity : 0;
    if (n % 64) tuples_.back() = (std::uint64_t{1} << (n % 64)) - 1;
    for (std::size_t w = 0; w < index_.size(); ++w) index_[w] = std::uint32_t(w);
    limit_ = d.words;
    std::fill(left_.begin(), left_.end(), kUnknown);
    std::fill(tuple_stamps_.begin(), tuple_stamps_.end(), 0);
    std::fill(present_stamps_.begin(), present_stamps_.end(), 0);
    std::fill(left_stamps_.begin(), left_stamps_.end(), 0);
    limit_stamp_ = 0;
  }

  /// The tuples of value number k in word w (0 when none).
  std::uint64_t support_at(std::size_t k, std::uint32_t w) const {
    const TableData& d = *data_;
    const auto first = d.support_word.begin() + d.support_start[k];
    const auto last = d.support_word.begin() + d.support_start[k + 1];
    const auto at = std::lower_bound(first, last, w);
    return at != last && *at == w ? d.support_bits[std::size_t(at - d.support_word.begin())] : 0;
  }
  /// Calls f(word, bits) for the words of value number k that are non-zero in the valid
  /// tuples, until f returns true; true then. Through the value's own words, or through the
  /// valid tuples' words when these are fewer (a search each).
  template <class F>
  bool any_support_word(std::size_t k, F&& f) const {
    const TableData& d = *data_;
    if (!d.dense.empty()) {
      const std::uint64_t* row = d.dense.data() + k * d.words;
      for (std::uint64_t j = 0; j < limit_; ++j)
        if (const std::uint64_t bits = row[index_[j]]; bits && f(index_[j], bits)) return true;
      return false;
    }
    const std::uint32_t first = d.support_start[k], last = d.support_start[k + 1];
    if (last - first <= limit_) {
      for (std::uint32_t e = first; e < last; ++e)
        if (tuples_[d.support_word[e]] && f(d.support_word[e], d.support_bits[e])) return true;
      return false;
    }
    for (std::uint64_t j = 0; j < limit_; ++j)
      if (const std::uint64_t bits = support_at(k, index_[j]); bits && f(index_[j], bits))
        return true;
    return false;
  }
  bool present(std::size_t i, std::size_t j) const {
    return (present_[data_->present_start[i] + j / 64] >> (j % 64)) & 1u;
  }
  void set_present(Space& s, std::size_t i, std::size_t j, bool on) {
    std::uint64_t& w = present_[data_->present_start[i] + j / 64];
    s.save_word(w, present_stamps_[data_->present_start[i] + j / 64]);
    const std::uint64_t bit = std::uint64_t{1} << (j % 64);
    w = on ? w | bit : w & ~bit;
  }
  void set_left(Space& s, std::size_t i, std::uint64_t n) {
    s.save_word(left_[i], left_stamps_[i]);
    left_[i] = n;
  }

  /// mask_ |= the tuples of value number k, over the words still non-zero (the others stay
  /// zero in mask_: intersect_with_mask() clears only those).
  void add_to_mask(std::size_t k) {
    any_support_word(k, [&](std::uint32_t w, std::uint64_t bits) {
      mask_[w] |= bits;
      return false;
    });
  }
  /// The valid tuples &= mask_ (or &= ~mask_), trailing the words that change and moving the
  /// words that become zero past the limit.
  void intersect_with_mask(Space& s, bool complement) {
    for (std::uint64_t j = limit_; j-- > 0;) {
      const std::uint32_t w = index_[j];
      const std::uint64_t kept = tuples_[w] & (complement ? ~mask_[w] : mask_[w]);
      mask_[w] = 0;
      if (kept == tuples_[w]) continue;
      s.save_word(tuples_[w], tuple_stamps_[w]);
      tuples_[w] = kept;
      if (kept) continue;
      s.save_word(limit_, limit_stamp_);
      --limit_;
      std::swap(index_[j], index_[limit_]);
    }
  }

  /// Column i the first time in this search branch: drop the variable's values that no tuple
  /// has, keep the tuples of the values left, and record them as the column's present-set.
  bool first_sync(Space& s, std::size_t i) {
    const TableData& d = *data_;
    const Var x = xs_[i];
    std::uint64_t left = 0;
    for (std::size_t k = d.value_start[i]; k < d.value_start[i + 1]; ++k) {
      const std::size_t j = k - d.value_start[i];
      const bool in = s.contains(x, d.values[k]);
      set_present(s, i, j, in);
      if (!in) continue;
      ++left;
      add_to_mask(k);
    }
    intersect_with_mask(s, false);
    if (left < std::uint64_t(s.size(x))) {  // values no tuple has
      const auto first = d.values.begin() + d.value_start[i];
      const auto last = d.values.begin() + d.value_start[i + 1];
      drop_.clear();
      s.for_each_value(x, [&](int v) {
        if (!std::binary_search(first, last, v)) drop_.push_back(v);
      });
      for (int v : drop_)
        if (s.remove(x, v) == Event::failed) return false;
    }
    set_left(s, i, left);
    return true;
  }

  /// Column i lost values since the last call: remove their tuples, through the values
  /// removed when they are fewer than those left, else through the values left.
  bool update(Space& s, std::size_t i, std::uint64_t size) {
    const TableData& d = *data_;
    const Var x = xs_[i];
    const bool by_delta = left_[i] - size < size;
    for (std::size_t k = d.value_start[i]; k < d.value_start[i + 1]; ++k) {
      const std::size_t j = k - d.value_start[i];
      if (!present(i, j)) continue;
      const bool in = s.contains(x, d.values[k]);
      if (!in) set_present(s, i, j, false);
      if (in != by_delta) add_to_mask(k);
    }
    intersect_with_mask(s, by_delta);
    set_left(s, i, size);
    return true;
  }

  /// Removes column i's values that no valid tuple has.
  bool filter(Space& s, std::size_t i) {
    const TableData& d = *data_;
    const Var x = xs_[i];
    std::uint64_t left = left_[i];
    for (std::size_t k = d.value_start[i]; k < d.value_start[i + 1]; ++k) {
      const std::size_t j = k - d.value_start[i];
      if (!present(i, j)) continue;
      if (d.repeated && !s.contains(x, d.values[k])) continue;  // gone through another column
      const std::uint32_t r = residue_[k];  // a word where the value met a valid tuple
      if (tuples_[r] & (d.dense.empty() ? support_at(k, r) : d.dense[k * d.words + r])) continue;
      const bool found = any_support_word(k, [&](std::uint32_t w, std::uint64_t bits) {
        if (!(tuples_[w] & bits)) return false;
        residue_[k] = w;
        return true;
      });
      if (found) continue;
      if (s.remove(x, d.values[k]) == Event::failed) return false;
      set_present(s, i, j, false);
      --left;
    }
    if (left != left_[i]) set_left(s, i, left);
    return true;
  }

  std::vector<Var> xs_;
  std::shared_ptr<const TableData> data_;
  std::vector<std::uint32_t> residue_;  // per value number: a word where it met a valid tuple
                                        // (a hint, checked before use: not trailed)
  // reversible state (Space::save_word), each word with its stamp
  std::vector<std::uint64_t> tuples_, tuple_stamps_;     // the valid tuples
  std::uint64_t limit_ = 0, limit_stamp_ = 0;            // words index_[0 .. limit_) are non-zero
  std::vector<std::uint64_t> present_, present_stamps_;  // per column: its values left
  std::vector<std::uint64_t> left_, left_stamps_;        // per column: how many (kUnknown: not yet)
  // index_ is a permutation of the words, the non-zero ones first: it needs no trail, since
  // backtracking restores limit_ and the words before it are then the non-zero ones again
  std::vector<std::uint32_t> index_;
  std::uint64_t store_ = 0;          // Space::id() of the search this state belongs to
  std::vector<std::uint64_t> mask_;  // scratch, zero between uses
  std::vector<int> drop_;            // scratch of first_sync()
};

}  // namespace
}  // namespace detail

void table(Model& m, std::span<const Var> xs, std::vector<std::vector<int>> allowed) {
  std::vector<int> flat;
  flat.reserve(allowed.size() * xs.size());
  for (const auto& t : allowed) {
    if (t.size() != xs.size())
      throw ModelError("table: tuple of size " + std::to_string(t.size()) + " for " +
                       std::to_string(xs.size()) + " variables");
    flat.insert(flat.end(), t.begin(), t.end());
  }
  if (xs.size() == 2) {  // the bitset version revises far faster (see binary_table.hpp)
    std::vector<std::pair<int, int>> pairs;
    pairs.reserve(allowed.size());
    for (const auto& t : allowed) pairs.emplace_back(t[0], t[1]);
    binary_table(m, xs[0], xs[1], pairs);
    return;
  }
  if (xs.empty()) {
    if (allowed.empty())
      throw ModelError("table: no variables and no tuple (unsatisfiable by construction)");
    return;
  }
  m.post(std::make_unique<detail::CompactTable>(std::vector<Var>(xs.begin(), xs.end()),
                                                std::move(flat)));
}

}  // namespace solve
