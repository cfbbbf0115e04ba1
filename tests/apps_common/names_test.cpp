// cli::names and cli::one_of (apps/common/names.hpp): the words of enum options.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/names.hpp"

namespace {

// The words of a table, and that name() gives each word back for its value.
template <class Enum>
std::vector<std::string> words_and_round_trip() {
  std::vector<std::string> words;
  for (const auto& [word, value] : cli::names<Enum>()) {
    CHECK(cli::name(value) == word);
    words.push_back(word);
  }
  return words;
}

// Parses "--opt WORD" into an option bound to an Enum through one_of; "" when it is taken,
// else CLI11's message.
template <class Enum>
std::string parse(Enum& value, const std::string& word) {
  CLI::App app{"test"};
  app.add_option("--opt", value)->transform(cli::one_of<Enum>());
  try {
    app.parse(std::vector<std::string>{word, "--opt"});  // last first
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("each enum option has one table of words, in the order the docs list them",
          "[apps_common]") {
  using V = std::vector<std::string>;
  CHECK(words_and_round_trip<solve::Propagation>() == V{"none", "forward", "arc", "domain"});
  CHECK(words_and_round_trip<solve::VarOrder>() == V{"input", "mrv", "mrv_degree", "dom_wdeg"});
  CHECK(words_and_round_trip<solve::ValOrder>() == V{"ascending", "descending", "random"});
  CHECK(words_and_round_trip<solve::Branching>() == V{"values", "refutation"});
  CHECK(words_and_round_trip<solve::CoverEngine>() == V{"auto", "dlx", "bitset", "sparse"});
  CHECK(words_and_round_trip<solve::ItemChoice>() == V{"auto", "mrv", "first"});
  CHECK(cli::name(solve::VarOrder::degree) == "?");  // FlatZinc's, not a command-line word
}

TEST_CASE("one_of: a word becomes its value, anything else, numbers too, is refused by name",
          "[apps_common]") {
  solve::CoverEngine engine = solve::CoverEngine::automatic;
  CHECK(parse(engine, "sparse").empty());
  CHECK(engine == solve::CoverEngine::sparse);
  CHECK(parse(engine, "dlx").empty());
  CHECK(engine == solve::CoverEngine::dlx);
  CHECK(parse(engine, "foo") == "--opt: foo not in {auto,dlx,bitset,sparse}");
  CHECK(parse(engine, "2") ==
        "--opt: 2 not in {auto,dlx,bitset,sparse}");  // CheckedTransformer took it
  CHECK(engine == solve::CoverEngine::dlx);
  solve::Propagation propagation = solve::Propagation::arc;
  CHECK(parse(propagation, "none").empty());
  CHECK(propagation == solve::Propagation::none);
}
