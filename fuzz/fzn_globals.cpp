// Fuzzes fzn-libsolve's global builtins in their FlatZinc form: the input bytes pick a global
// of fuzz/fzn_global_signatures.hpp and draw a small instance of it; the solutions with
// libsolve's propagators must be those of the builtin's relation (fuzz/fzn_globals_oracle.hpp).
// tests/fzn/globals_fuzz_test.cpp runs the same oracle over fixed inputs in every test run.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fzn_globals_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string failure = fzn::fuzz::check_globals_input(data, size);
  if (!failure.empty()) {
    std::fprintf(stderr, "oracle failed: %s\n", failure.c_str());
    std::abort();
  }
  return 0;
}
