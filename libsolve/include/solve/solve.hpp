#pragma once
// Umbrella header: everything of the CSP half.
#include "solve/constraint.hpp"
#include "solve/constraints.hpp"
#include "solve/error.hpp"
#include "solve/model.hpp"
#include "solve/search.hpp"
#include "solve/space.hpp"
#include "solve/stats.hpp"
#include "solve/types.hpp"
