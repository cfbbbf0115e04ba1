# Run by CTest (tests subproject_options, install_fetchcontent, install_fetchcontent_git): a
# parent project that takes libsolve's sources (PROJECT_DIR: tests/install/parent with
# add_subdirectory, or tests/install/fetch with FetchContent) is configured, built and run.
# Arguments (-D): PROJECT_DIR, WORK_DIR, GENERATOR, CXX_COMPILER, SOURCE_DIR (this checkout),
# BUILD_TYPE (the parent's; may be empty), LAUNCHER (a compiler launcher such as ccache; may be
# empty), GIT (a git executable: fetch SOURCE_DIR's HEAD commit through a file:// URL instead
# of the directory; configure only), BUILD (OFF: configure only).
foreach(arg PROJECT_DIR WORK_DIR GENERATOR CXX_COMPILER SOURCE_DIR)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "subbuild.cmake: -D${arg}=... missing")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/step.cmake)

set(args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
if(BUILD_TYPE)
  list(APPEND args -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
endif()
if(LAUNCHER)
  list(APPEND args -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
if(GIT)
  # The committed state of the checkout (what a user's FetchContent would get), cloned afresh.
  step(commit ${GIT} -C "${SOURCE_DIR}" rev-parse HEAD)
  string(STRIP "${step_output}" commit)
  list(APPEND args "-DLIBSOLVE_GIT_URL=file://${SOURCE_DIR}" -DLIBSOLVE_GIT_TAG=${commit})
  file(REMOVE_RECURSE "${WORK_DIR}")
else()
  list(APPEND args -DLIBSOLVE_SOURCE_DIR=${SOURCE_DIR})
endif()

# --fresh: a new cache each run (what a first configure does); the objects stay, so a rerun
# only rebuilds what changed.
step(configure ${CMAKE_COMMAND} --fresh -S "${PROJECT_DIR}" -B "${WORK_DIR}" -G "${GENERATOR}" ${args})
set(untyped_message "libsolve: the parent project sets no CMAKE_BUILD_TYPE")
string(FIND "${step_output}" "${untyped_message}" at)
if(BUILD_TYPE AND at GREATER -1)
  message(FATAL_ERROR "the parent sets CMAKE_BUILD_TYPE=${BUILD_TYPE}, yet libsolve said:\n${step_output}")
elseif(NOT BUILD_TYPE AND at EQUAL -1)
  message(FATAL_ERROR "no build type, and libsolve did not say so ('${untyped_message}'):\n${step_output}")
endif()
if(GIT)
  file(GLOB fetched "${WORK_DIR}/_deps/libsolve-src/libsolve/src/csp/model.cpp")
  if(NOT fetched)
    message(FATAL_ERROR "FetchContent did not clone libsolve into ${WORK_DIR}/_deps/libsolve-src")
  endif()
endif()

if(NOT BUILD_TYPE)
  # libsolve's objects at -O2, the parent's own at the compiler's default (no -O at all).
  file(READ "${WORK_DIR}/compile_commands.json" commands)
  string(JSON n LENGTH "${commands}")
  math(EXPR last "${n} - 1")
  set(library_objects 0)
  foreach(i RANGE ${last})
    string(JSON file GET "${commands}" ${i} file)
    string(JSON command GET "${commands}" ${i} command)
    if(file MATCHES "/libsolve/src/.*\\.cpp$")
      math(EXPR library_objects "${library_objects} + 1")
      if(NOT command MATCHES " -O2( |$)")
        message(FATAL_ERROR "libsolve compiled without -O2 under an untyped parent:\n${command}")
      endif()
    elseif(file MATCHES "/consumer/main\\.cpp$" AND command MATCHES " -O[0-9s]")
      message(FATAL_ERROR "the parent's own code got an optimisation flag:\n${command}")
    endif()
  endforeach()
  if(library_objects EQUAL 0)
    message(FATAL_ERROR "no libsolve source in ${WORK_DIR}/compile_commands.json")
  endif()
endif()

if(NOT BUILD STREQUAL "OFF")
  step(build ${CMAKE_COMMAND} --build "${WORK_DIR}" --target app)
  step(run "${WORK_DIR}/app")
  message("${step_output}")
  if(NOT step_output MATCHES "as expected")
    message(FATAL_ERROR "the program did not give the expected answers")
  endif()
endif()
