#pragma once
// What circuit, subcircuit and inverse mean (written apart from the propagators) and random
// successor variables, for the graph tests (globals_graph_test.cpp against brute force,
// explanation_graph_test.cpp for the reasons).
#include <algorithm>
#include <set>
#include <vector>

#include <solve/solve.hpp>

#include "random_model.hpp"

namespace graphs {

using namespace solve;
using random_model::Random;
using random_model::Values;

// ---- what the constraints mean, written apart from the propagators ----

/// The successor values v (node i is base + i) form one cycle through every node.
inline bool is_circuit(const Values& v, int base) {
  const int n = int(v.size());
  std::vector<int> seen(std::size_t(n), 0);
  int at = 0;
  for (int step = 0; step < n; ++step) {
    if (seen[std::size_t(at)]) return false;
    seen[std::size_t(at)] = 1;
    const int next = v[std::size_t(at)] - base;
    if (next < 0 || next >= n) return false;
    at = next;
  }
  return at == 0;
}

/// The nodes with v[i] != base + i form one cycle (of >= 2 nodes), or there are none.
inline bool is_subcircuit(const Values& v, int base) {
  const int n = int(v.size());
  std::vector<int> in;
  for (int i = 0; i < n; ++i) {
    if (v[std::size_t(i)] - base < 0 || v[std::size_t(i)] - base >= n) return false;
    if (v[std::size_t(i)] - base != i) in.push_back(i);
  }
  if (in.empty()) return true;
  std::set<int> seen;
  int at = in[0];
  for (std::size_t step = 0; step < in.size(); ++step) {
    if (!seen.insert(at).second) return false;
    at = v[std::size_t(at)] - base;
    if (v[std::size_t(at)] - base == at) return false;  // stepped onto a node that is out
  }
  return at == in[0] && seen.size() == in.size();
}

/// f[i] == base_g + j <=> g[j] == base_f + i, f the first nf values.
inline bool is_inverse(const Values& v, std::size_t nf, int base_f, int base_g) {
  const std::size_t ng = v.size() - nf;
  for (std::size_t i = 0; i < nf; ++i)
    for (std::size_t j = 0; j < ng; ++j)
      if ((v[i] == base_g + int(j)) != (v[nf + j] == base_f + int(i))) return false;
  for (std::size_t i = 0; i < nf; ++i)
    if (v[i] < base_g || v[i] >= base_g + int(ng)) return false;
  for (std::size_t j = 0; j < ng; ++j)
    if (v[nf + j] < base_f || v[nf + j] >= base_f + int(nf)) return false;
  return true;
}

/// n successor variables: domains within base - 1 .. base + n (a value past each end now and
/// then), each with holes; a variable seen through an offset view (x + c) now and then, and
/// now and then node 1 is the variable of node 0 seen through another offset (so that
/// pruning one node prunes another).
struct Successors {
  std::vector<Values> domains;  // of the model's variables
  std::vector<int> offsets;     // node i sees variable var_of[i] + offsets[i]
  std::vector<std::size_t> var_of;
  int base = 0;

  Successors(Random& r, int n, bool self) {
    base = r.pick(-2, 2);
    for (int i = 0; i < n; ++i) {
      Values d = r.domain(base - (r.pick(0, 5) == 0), base + n - 1 + (r.pick(0, 5) == 0));
      if (self && r.pick(0, 1) && std::find(d.begin(), d.end(), base + i) == d.end()) {
        d.push_back(base + i);
        std::sort(d.begin(), d.end());
      }
      const int c = r.pick(0, 3) == 0 ? r.pick(-2, 2) : 0;
      if (i == 1 && r.pick(0, 5) == 0) {  // node 0's variable, one more or less
        offsets.push_back(offsets[0] + (r.pick(0, 1) ? 1 : -1));
        var_of.push_back(0);
        continue;
      }
      for (int& v : d) v -= c;
      domains.push_back(d);
      offsets.push_back(c);
      var_of.push_back(domains.size() - 1);
    }
  }
  std::vector<Var> vars(const std::vector<Var>& xs) const {
    std::vector<Var> out;
    for (std::size_t i = 0; i < offsets.size(); ++i) out.push_back(xs[var_of[i]] + offsets[i]);
    return out;
  }
  Values seen(const Values& a) const {
    Values out;
    for (std::size_t i = 0; i < offsets.size(); ++i) out.push_back(a[var_of[i]] + offsets[i]);
    return out;
  }
};

}  // namespace graphs
