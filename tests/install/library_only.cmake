# Included by the parent projects of tests/install (parent/, fetch/) once libsolve is added:
# a project that takes libsolve's sources gets the library target and nothing else (the
# apps, tests and bench targets default to PROJECT_IS_TOP_LEVEL), and its build type is its own.
if(NOT TARGET solve::solve)
  message(FATAL_ERROR "libsolve gave no target solve::solve")
endif()
foreach(target futoshiki xcover stenen carcassonne csp_test dlx_test bench)
  if(TARGET ${target})
    message(FATAL_ERROR "libsolve made the target ${target}: the options SOLVE_BUILD_* and "
                        "SOLVE_BENCH_TARGETS must default to OFF in a subproject")
  endif()
endforeach()
if(NOT "${CMAKE_BUILD_TYPE}" STREQUAL "${PARENT_BUILD_TYPE}")
  message(FATAL_ERROR "libsolve changed the parent's build type to '${CMAKE_BUILD_TYPE}'")
endif()
