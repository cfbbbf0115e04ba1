# Run by CTest (test install_consume): install the libsolve just built into a fresh prefix,
# build tests/install/consumer against that prefix as an outside project, and run it.
# Arguments (-D): BUILD_DIR, CONSUMER_DIR, WORK_DIR, GENERATOR, CXX_COMPILER, BUILD_TYPE,
# FLAGS (compile and link flags the library was built with that a consumer must repeat,
# e.g. the sanitizers; may be empty), PROGRAMS (the front-ends built; may be empty), MAN_PAGES
# (true when they were made).
foreach(arg BUILD_DIR CONSUMER_DIR WORK_DIR GENERATOR CXX_COMPILER BUILD_TYPE)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "consume.cmake: -D${arg}=... missing")
  endif()
endforeach()

# step(NAME COMMAND...): run a command, stop the test with its output when it fails.
function(step name)
  message(STATUS "${name}: ${ARGN}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${out}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

step(install ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}" --config "${BUILD_TYPE}")
# Every front-end that was built is installed and runs from the prefix (PROGRAMS: their names).
string(REPLACE "," ";" PROGRAMS "${PROGRAMS}")
foreach(program IN LISTS PROGRAMS)
  step(${program} "${prefix}/bin/${program}" --version)
  if(NOT step_output MATCHES "^${program} [0-9]+\\.[0-9]+\\.[0-9]+")
    message(FATAL_ERROR "${prefix}/bin/${program} --version printed: ${step_output}")
  endif()
  if(NOT EXISTS "${prefix}/share/bash-completion/completions/${program}")
    message(FATAL_ERROR "no bash completion installed for ${program}")
  endif()
  if(MAN_PAGES AND NOT program STREQUAL "xcover-mpi" AND NOT EXISTS "${prefix}/share/man/man1/${program}.1")
    message(FATAL_ERROR "no man page installed for ${program}")
  endif()
endforeach()
# Only the prefix may be searched: no package registry, no source or build tree of libsolve.
step(configure ${CMAKE_COMMAND} -S "${CONSUMER_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
     -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
     -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
     "-DCMAKE_CXX_FLAGS=${FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${FLAGS}")
step(build ${CMAKE_COMMAND} --build "${WORK_DIR}/build")
step(run "${WORK_DIR}/build/app")
message("${step_output}")

# The package must have been found in the prefix, not somewhere else on the machine.
file(STRINGS "${WORK_DIR}/build/CMakeCache.txt" found REGEX "^libsolve_DIR:")
string(FIND "${found}" "${prefix}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "libsolve was not taken from ${prefix}: ${found}")
endif()
