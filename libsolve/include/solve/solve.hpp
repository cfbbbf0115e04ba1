#pragma once
// Umbrella header: everything of the CSP half.
#include "solve/binary_table.hpp"
#include "solve/constraint.hpp"
#include "solve/constraints.hpp"
#include "solve/counting.hpp"
#include "solve/error.hpp"
#include "solve/model.hpp"
#include "solve/ordering.hpp"
#include "solve/search.hpp"
#include "solve/space.hpp"
#include "solve/stats.hpp"
#include "solve/symmetry.hpp"
#include "solve/types.hpp"
