#include "common/names.hpp"

#include <CLI/CLI.hpp>

namespace cli {

template <>
const NameTable<solve::Propagation>& names() {
  static const NameTable<solve::Propagation> table{{"none", solve::Propagation::none},
                                                   {"forward", solve::Propagation::forward},
                                                   {"arc", solve::Propagation::arc},
                                                   {"domain", solve::Propagation::domain}};
  return table;
}

template <>
const NameTable<solve::VarOrder>& names() {
  static const NameTable<solve::VarOrder> table{{"input", solve::VarOrder::input},
                                                {"mrv", solve::VarOrder::mrv},
                                                {"mrv_degree", solve::VarOrder::mrv_degree},
                                                {"dom_wdeg", solve::VarOrder::dom_wdeg}};
  return table;
}

template <>
const NameTable<solve::ValOrder>& names() {
  static const NameTable<solve::ValOrder> table{{"ascending", solve::ValOrder::ascending},
                                                {"descending", solve::ValOrder::descending},
                                                {"random", solve::ValOrder::random}};
  return table;
}

template <>
const NameTable<solve::Branching>& names() {
  static const NameTable<solve::Branching> table{{"values", solve::Branching::values},
                                                 {"refutation", solve::Branching::refutation}};
  return table;
}

template <>
const NameTable<solve::CoverEngine>& names() {
  static const NameTable<solve::CoverEngine> table{{"auto", solve::CoverEngine::automatic},
                                                   {"dlx", solve::CoverEngine::dlx},
                                                   {"bitset", solve::CoverEngine::bitset},
                                                   {"sparse", solve::CoverEngine::sparse}};
  return table;
}

template <>
const NameTable<solve::ItemChoice>& names() {
  static const NameTable<solve::ItemChoice> table{{"auto", solve::ItemChoice::automatic},
                                                  {"mrv", solve::ItemChoice::mrv},
                                                  {"first", solve::ItemChoice::first}};
  return table;
}

template <>
const NameTable<solve::LearningOptions::Branching>& names() {
  using B = solve::LearningOptions::Branching;
  static const NameTable<B> table{
      {"toggle", B::toggle}, {"activity", B::activity}, {"model", B::model}};
  return table;
}

template <>
CLI::Validator one_of_words(const std::vector<std::pair<std::string, std::string>>& words) {
  std::string set = "{";
  for (const auto& [word, value] : words) set += (set.size() > 1 ? "," : "") + word;
  set += '}';
  const CLI::CheckedTransformer to_value(words);
  return CLI::Validator(
      [words, to_value, set](std::string& input) -> std::string {
        // CheckedTransformer alone would also take the numbers, and its message lists them.
        for (const auto& entry : words)
          if (entry.first == input) return to_value(input);
        return input + " not in " + set;
      },
      set);
}

}  // namespace cli
