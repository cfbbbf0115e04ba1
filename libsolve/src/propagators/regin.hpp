#pragma once
// Regin's domain-consistent filtering for all_different on flat bitsets
// (J.-C. Regin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994).
//
// With a matching M of every variable to a distinct value, a value v of variable j lies on
// some maximum matching iff v is free, or v = M(i) for a variable i that a free value
// reaches, or i and j are in one strongly connected component of the graph on variables
// with an edge i -> j whenever j can take M(i). Everything else is removed.
//
// Memory: the graph is two n x m bit matrices (domains, holders of each value). Values are
// indices from the smallest value while the span of values is at most 8 times the sum of the
// domain sizes; over a sparser span (all_different([x, 5, 1999999999])) they are the
// distinct values of the domains, compressed to indices. Above kMaxBits bits per matrix the
// filter declines (too_large) and the caller propagates values instead.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "solve/space.hpp"

namespace solve::detail {

class ReginFilter {
 public:
  enum class Outcome : std::uint8_t {
    filtered,   ///< every value outside all maximum matchings was removed
    failed,     ///< no matching covers every variable (the constraint fails)
    too_large,  ///< nothing done: the graph would exceed kMaxBits
  };
  /// Largest n x m of a bit matrix of the graph (8 MiB each).
  static constexpr std::uint64_t kMaxBits = std::uint64_t(1) << 26;

  /// Removes from the domains of xs every value outside all maximum matchings.
  Outcome filter(Space& s, std::span<const Var> xs);

 private:
  /// The same on single words, when there are at most 64 variables and 64 values; assigned
  /// variables are taken out of the graph first (by value propagation).
  bool filter_small(Space& s, std::span<const Var> xs);
  bool augment_small(int i, std::uint64_t& visited);

  void load(const Space& s, std::span<const Var> xs);
  /// The distinct values of the domains into values_ (ascending); false as soon as
  /// n x (their number) passes kMaxBits.
  bool collect_values(const Space& s, std::span<const Var> xs);
  void load_sparse(const Space& s, std::span<const Var> xs);
  /// Sizes the domain and holder sets for n_ variables and m_ values, all empty.
  void clear_sets();
  /// The value of index k.
  int value_at(int k) const { return values_.empty() ? lo_ + k : values_[std::size_t(k)]; }
  bool match();
  bool augment(int i);
  void mark_reached();
  void components();

  std::uint64_t* dom(int i) { return dom_.data() + std::size_t(i) * wv_; }
  std::uint64_t* vars_of(int v) { return vars_of_.data() + std::size_t(v) * wn_; }

  int n_ = 0, m_ = 0, lo_ = 0;
  std::vector<int> values_;                  // sparse spans: the value of each index (else empty)
  std::vector<std::pair<int, int>> heap_;    // scratch of collect_values: (next value, variable)
  bool hint_sparse_ = false;                 // match_var_ holds indices into an earlier values_
  std::int64_t declined_total_ = INT64_MAX;  // sum of domain sizes of the smallest graph declined
  std::size_t wv_ = 0, wn_ = 0;              // words per value set / per variable set
  std::vector<std::uint64_t> dom_;           // n x wv: domains relative to lo_
  std::vector<std::uint64_t> vars_of_;       // m x wn: variables holding each value
  std::vector<std::uint64_t> visited_, free_vals_, keep_, scc_vals_;
  std::vector<std::uint64_t> reached_;  // wn: variables a free value reaches
  std::vector<int> match_var_;          // value index matched to each variable (hint kept)
  std::vector<int> match_val_;          // variable matched to each value index, or -1
  std::vector<int> index_, low_, comp_, stack_, call_;
  std::vector<std::uint64_t> pending_;  // per call-stack frame: successors not yet visited
  std::vector<char> on_stack_;
  std::vector<std::size_t> word_pos_;  // per call-stack frame: word of pending_
  int ncomp_ = 0;
  // single-word path: domains, holders of each value, matching (value bit per variable)
  std::uint64_t sdom_[64], sholders_[64];
  int smatch_var_[64], smatch_val_[64];
  int orig_[64];  // open variable k is xs[orig_[k]]
  int last_lo_ = 0;
};

}  // namespace solve::detail
