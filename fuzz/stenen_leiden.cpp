// Fuzzes the reader of the Leiden format ("Stenen leggen": S, then per stone m n and m rows of
// X and '.').
// seeds: puzzles/stenen tests/data/stenen/bad
// sources: tests/stenen/brute_force.cpp
//
// Oracles beyond "no crash" (stenen_oracle.hpp): a file read within the statement's limits
// reads the same without them; the stones written back read the same; on boards of the stones'
// area (up to 30 cells) every method gives the same counts in every counting, equal to the
// brute force up to 16 cells, and every solution found or listed is a cover.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stenen_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  stenen::fuzz::check_puzzle_text(std::string_view(reinterpret_cast<const char*>(data), size),
                                  stenen::Format::leiden);
  return 0;
}
