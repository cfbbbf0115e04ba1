// Fuzzes the reader of cap_puzzle files ([columns,rows], then per piece (columns,rows)[L] and
// rows of 0/1 digits; pieces may be in parts, padded with empty rows and columns, and leave
// cells empty).
// seeds: puzzles/cap_puzzle tests/data/stenen
// sources: tests/stenen/brute_force.cpp
//
// Oracles beyond "no crash" (stenen_oracle.hpp): a file read within the statement's limits
// reads the same without them; the pieces written back (trimmed) read the same; on boards of
// up to 30 cells every method gives the same counts (solutions and unique, labelled and with
// congruent pieces alike), equal to the brute force up to 16 cells, and every solution found or
// listed is a cover.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stenen_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  stenen::fuzz::check_puzzle_text(std::string_view(reinterpret_cast<const char*>(data), size),
                                  stenen::Format::cap_puzzle);
  return 0;
}
