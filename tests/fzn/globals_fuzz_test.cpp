// The oracle of the globals fuzz (fuzz/fzn_globals_oracle.hpp) over fixed inputs, so that every
// test run checks each global of fuzz/fzn_global_signatures.hpp against its relation without
// libFuzzer: the solutions of the native post equal those of the builtin's test (searched with
// learning on for about half the inputs), and so do the optima of those with an objective.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "fzn_globals_oracle.hpp"
#include "test_scale.hpp"

namespace {

/// 64 bytes of input: the first picks the signature row, the rest from a splitmix64 stream.
std::vector<std::uint8_t> input(std::uint64_t seed, std::size_t row) {
  std::vector<std::uint8_t> bytes{std::uint8_t(row)};
  std::uint64_t state = seed;
  while (bytes.size() < 64) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    bytes.push_back(std::uint8_t(z ^ (z >> 31)));
  }
  return bytes;
}

}  // namespace

TEST_CASE("globals fuzz: every global's native post has the solutions of its relation",
          "[fzn][globals]") {
  const auto table = fzn::fuzz::signatures();
  const int rounds = test_scale::rounds(40);
  for (std::size_t row = 0; row < table.size(); ++row) {
    for (int seed = 0; seed < rounds; ++seed) {
      const std::vector<std::uint8_t> bytes = input(std::uint64_t(seed), row);
      INFO(table[row].name << ", seed " << seed);
      CHECK(fzn::fuzz::check_globals_input(bytes.data(), bytes.size()) == "");
    }
  }
}

TEST_CASE("globals fuzz: the first byte picks the signature row, and the text names it",
          "[fzn][globals]") {
  const auto table = fzn::fuzz::signatures();
  for (std::size_t row = 0; row < table.size(); ++row) {
    const std::vector<std::uint8_t> bytes = input(7, row);
    fzn::fuzz::Choices choices(bytes.data(), bytes.size());
    const std::string text = fzn::fuzz::draw_instance(choices);
    INFO(text);
    CHECK(text.find("constraint " + std::string(table[row].name) + "(") != std::string::npos);
  }
  // No input at all still draws an instance (every choice 0).
  fzn::fuzz::Choices none(nullptr, 0);
  CHECK(fzn::fuzz::draw_instance(none).find("constraint " + std::string(table[0].name)) !=
        std::string::npos);
}

TEST_CASE("globals fuzz: the inputs draw objectives and learning on as well as off",
          "[fzn][globals][learning]") {
  // what check_globals_input draws after the instance: the learning byte
  const auto table = fzn::fuzz::signatures();
  int learning = 0, objective = 0, both = 0, all = 0;
  for (std::size_t row = 0; row < table.size(); ++row) {
    for (int seed = 0; seed < 40; ++seed, ++all) {
      const std::vector<std::uint8_t> bytes = input(std::uint64_t(seed), row);
      fzn::fuzz::Choices choices(bytes.data(), bytes.size());
      const std::string text = fzn::fuzz::draw_instance(choices);
      const bool learns = choices.below(2) == 1;
      const bool optimises = text.find("solve satisfy;") == std::string::npos;
      learning += learns;
      objective += optimises;
      both += learns && optimises;
    }
  }
  INFO(all << " inputs: " << learning << " learning, " << objective << " objectives, " << both
           << " both");
  CHECK(learning > all / 4);
  CHECK(objective > all / 3);
  CHECK(both > all / 10);
}
