# Run by CTest (tests install_consume and install_pkgconfig): install the libsolve just built
# into a fresh prefix, build tests/install/consumer against that prefix as an outside project,
# and run it.
#   MODE=cmake      (install_consume) find_package(libsolve) in the consumer's CMakeLists.txt;
#                   also runs every front-end installed;
#   MODE=pkgconfig  (install_pkgconfig) one compiler command with the flags of
#                   `pkg-config --cflags --libs libsolve`, no CMake in the consumer.
# Arguments (-D): MODE, BUILD_DIR, CONSUMER_DIR, WORK_DIR, GENERATOR, CXX_COMPILER, BUILD_TYPE,
# CXX_STANDARD_FLAG (-std=c++20), SHARED (ON when libsolve was built shared), FLAGS (compile
# and link flags the library was built with that a consumer must repeat, e.g. the sanitizers;
# may be empty), PROGRAMS (the front-ends built; may be empty), MAN_PAGES (true when their
# man pages were made).
foreach(arg MODE BUILD_DIR CONSUMER_DIR WORK_DIR GENERATOR CXX_COMPILER BUILD_TYPE)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "consume.cmake: -D${arg}=... missing")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/step.cmake)

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
set(app "${WORK_DIR}/build/app")

step(install ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}" --config "${BUILD_TYPE}")

if(MODE STREQUAL "cmake")
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
  # The package must have been found in the prefix, not somewhere else on the machine.
  file(STRINGS "${WORK_DIR}/build/CMakeCache.txt" found REGEX "^libsolve_DIR:")
  string(FIND "${found}" "${prefix}/" at)
  if(NOT at GREATER -1)
    message(FATAL_ERROR "libsolve was not taken from ${prefix}: ${found}")
  endif()
elseif(MODE STREQUAL "pkgconfig")
  find_program(PKG_CONFIG pkg-config REQUIRED)
  file(GLOB_RECURSE pc_files "${prefix}/*/libsolve.pc")
  list(LENGTH pc_files n)
  if(NOT n EQUAL 1 OR NOT pc_files MATCHES "/pkgconfig/libsolve.pc$")
    message(FATAL_ERROR "expected one <libdir>/pkgconfig/libsolve.pc under ${prefix}, found: ${pc_files}")
  endif()
  get_filename_component(pc_dir "${pc_files}" DIRECTORY)
  # Only the prefix's file: PKG_CONFIG_LIBDIR replaces the system's search path.
  set(pkg_config ${CMAKE_COMMAND} -E env PKG_CONFIG_LIBDIR=${pc_dir} PKG_CONFIG_PATH= ${PKG_CONFIG})
  step(pkg-config ${pkg_config} --cflags --libs libsolve)
  string(STRIP "${step_output}" pc_flags)
  if(NOT pc_flags MATCHES "-I${prefix}/include( |$)" OR NOT pc_flags MATCHES "-lsolve" OR
     NOT pc_flags MATCHES "-pthread")
    message(FATAL_ERROR "pkg-config --cflags --libs libsolve: ${pc_flags}")
  endif()
  step(version ${pkg_config} --modversion libsolve)
  message(STATUS "libsolve ${step_output}")
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  separate_arguments(extra_flags UNIX_COMMAND "${FLAGS}")
  file(MAKE_DIRECTORY "${WORK_DIR}/build")
  # As a Makefile would: c++ -std=c++20 main.cpp $(pkg-config --cflags --libs libsolve)
  step(compile ${CXX_COMPILER} ${CXX_STANDARD_FLAG} ${extra_flags} "${CONSUMER_DIR}/main.cpp" ${pc_flags}
       -o "${app}")
else()
  message(FATAL_ERROR "consume.cmake: MODE must be cmake or pkgconfig, not '${MODE}'")
endif()

if(SHARED)
  # A shared libsolve: the program must load the one in the prefix, under its soname.
  file(GLOB sonames "${prefix}/*/libsolve.so.[0-9]*.[0-9]*")
  list(FILTER sonames EXCLUDE REGEX "\\.so\\.[0-9]+\\.[0-9]+\\.[0-9]+$")
  if(NOT sonames)
    message(FATAL_ERROR "no libsolve.so.<major>.<minor> in ${prefix}")
  endif()
  get_filename_component(libdir "${sonames}" DIRECTORY)
  step(ldd ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${libdir} ldd "${app}")
  if(NOT step_output MATCHES "libsolve\\.so\\.[0-9]+\\.[0-9]+ => ${libdir}/")
    message(FATAL_ERROR "${app} does not load libsolve.so from ${libdir}:\n${step_output}")
  endif()
  step(run ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${libdir} "${app}")
else()
  step(run "${app}")
endif()
message("${step_output}")
