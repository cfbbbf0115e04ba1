# cmake -DCMD=prog -DARGS="a;b" -DSTATUS=n -DREGEX=re -P expect.cmake
# Runs prog with the arguments; fails unless it exits with status n and its standard output
# followed by its standard error matches re.
execute_process(COMMAND ${CMD} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${STATUS}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match '${REGEX}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
