#pragma once
// Errors sorted by who caused them (the CLI11 way): a programmer who built a model wrongly
// gets a ModelError; a user whose input file is wrong gets an InputError. Search failure is
// never an exception: it is an ordinary result.
#include <stdexcept>
#include <string>

#include "solve/export.hpp"

namespace solve {

/// Base of every exception libsolve throws.
class SOLVE_API Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The model was built wrongly (empty domain at creation, variable of another model, bad arity).
class SOLVE_API ModelError : public Error {
 public:
  using Error::Error;
};

/// An input file or text is malformed; the message names where (file:line:column) and what.
class SOLVE_API InputError : public Error {
 public:
  using Error::Error;
};

/// The library found itself wrong (a check of LearningOptions::verify failed): a bug to
/// report, not a fault of the model or the input.
class SOLVE_API InternalError : public Error {
 public:
  using Error::Error;
};

}  // namespace solve
