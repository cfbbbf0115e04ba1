#pragma once
// The words of the command line for an enum: one table per enum, shared by every front-end that
// offers it (--propagation in futoshiki, --engine in xcover and xcover-mpi, ...), for parsing
// and for printing (xcover --stats "engine: dlx"). one_of<Enum>() binds an option to the enum:
//
//   app.add_option("--engine", opts.engine, "...")->transform(cli::one_of<solve::CoverEngine>())
//       ->type_name("TEXT")->default_str("auto");
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <solve/exact_cover.hpp>  // CoverEngine, ItemChoice
#include <solve/search.hpp>       // LearningOptions::Branching
#include <solve/types.hpp>        // Propagation, VarOrder, ValOrder, Branching

// CLI11's types only named (see run.hpp); the callers of one_of include CLI/CLI.hpp.
namespace CLI {
class Validator;
}  // namespace CLI

namespace cli {

template <class Enum>
using NameTable = std::vector<std::pair<std::string, Enum>>;

/// The words for Enum's values that a command line takes, in the order help texts list them.
/// Defined for the library's enums below; a front-end defines its own enums' (stenen's Twins).
template <class Enum>
const NameTable<Enum>& names();

template <>
const NameTable<solve::Propagation>& names();  ///< none, forward, arc, domain
template <>
const NameTable<solve::VarOrder>& names();  ///< input, mrv, mrv_degree, dom_wdeg
template <>
const NameTable<solve::ValOrder>& names();  ///< ascending, descending, random
template <>
const NameTable<solve::Branching>& names();  ///< values, refutation
template <>
const NameTable<solve::CoverEngine>& names();  ///< auto, dlx, bitset, sparse
template <>
const NameTable<solve::ItemChoice>& names();  ///< auto, mrv, first
template <>
const NameTable<solve::LearningOptions::Branching>& names();  ///< toggle, activity, model

/// The word for e, or "?" for a value the command line does not offer.
template <class Enum>
std::string_view name(Enum e) {
  for (const auto& [word, value] : names<Enum>())
    if (value == e) return word;
  return "?";
}

/// A validator over (word, value as a number) pairs: CLI::CheckedTransformer's mapping with
/// CLI::IsMember's messages, the words only (not the numbers): "foo not in {auto,dlx}".
/// (Validator is CLI::Validator, a template parameter so that this header needs no CLI11.)
template <class Validator = CLI::Validator>
Validator one_of_words(const std::vector<std::pair<std::string, std::string>>& words);
template <>
CLI::Validator one_of_words(const std::vector<std::pair<std::string, std::string>>& words);

/// For add_option(..., Enum&, ...)->transform(one_of<Enum>()): a word of names<Enum>() becomes
/// its value; anything else is a usage error "--opt: WORD not in {a,b,c}", listed in --help.
template <class Enum, class Validator = CLI::Validator>
Validator one_of() {
  std::vector<std::pair<std::string, std::string>> words;
  for (const auto& [word, value] : names<Enum>())
    words.emplace_back(word, std::to_string(int(value)));
  return one_of_words<Validator>(words);
}

}  // namespace cli
