# cmake -DRUN="mpirun;--oversubscribe;..." -DNP=-np -DPROG=xcover-mpi -DFILE=problem -DCOUNT=n -DCKPT=file -P resume.cmake
# A run whose rank 1 dies (--die-after 2): mpirun ends it, rank 0 says which parts were not
# counted; the checkpoint's last line is then cut in half, as by a kill while writing; a run
# with --resume on two ranks finishes the count, and one more on one rank finds all done.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status ${status} PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
  message(STATUS "${what}: exit status ${status}\nstdout:\n${out}\nstderr:\n${err}")
endfunction()

file(REMOVE ${CKPT})
run("killed" ${RUN} ${NP} 3 ${PROG} --count --checkpoint ${CKPT} --die-after 2 ${FILE})
if(status EQUAL 0 OR NOT err MATCHES "parts not counted: [0-9]" OR NOT err MATCHES "go on with --resume")
  message(FATAL_ERROR "the killed run did not say which parts were not counted")
endif()
file(READ ${CKPT} text)
string(REGEX MATCHALL "\ndone " lines "${text}")
list(LENGTH lines done)
if(done LESS 2)
  message(FATAL_ERROR "the checkpoint holds ${done} parts, expected at least 2 (rank 0 counts on)")
endif()
string(LENGTH "${text}" size)
math(EXPR size "${size} - 5")
string(SUBSTRING "${text}" 0 ${size} text)
file(WRITE ${CKPT} "${text}")

run("resumed" ${RUN} ${NP} 2 ${PROG} --count --stats --resume ${CKPT} ${FILE})
if(NOT status EQUAL 0 OR NOT out STREQUAL "solutions: ${COUNT}\n" OR NOT err MATCHES "incomplete last line is dropped"
   OR NOT err MATCHES "from the checkpoint")
  message(FATAL_ERROR "the resumed run did not finish the count")
endif()
run("resumed again" ${RUN} ${NP} 1 ${PROG} --count --stats --resume ${CKPT} ${FILE})
string(REGEX MATCH "parts: ([0-9]+) counted of ([0-9]+) \\(asked [0-9]+; ([0-9]+) from" parts "${err}")
if(NOT status EQUAL 0 OR NOT out STREQUAL "solutions: ${COUNT}\n" OR NOT parts OR NOT CMAKE_MATCH_1 EQUAL CMAKE_MATCH_3)
  message(FATAL_ERROR "a run on a finished checkpoint did not give the count from it alone")
endif()
