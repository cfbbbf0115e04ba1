# cmake -DCMD=prog -DARGS="a;b" -DSTATUS=n [-DREGEX=re] [-DOUT=re] [-DERR=re] -P expect.cmake
# Runs prog with the arguments (CMD may be a list: "mpirun;-n;2;prog"); fails unless it exits
# with status n, its standard output followed by its standard error matches REGEX, its
# standard output alone OUT, its standard error alone ERR (each when given).
execute_process(COMMAND ${CMD} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
macro(fail what)
  message(FATAL_ERROR "${what}\nstdout:\n${out}\nstderr:\n${err}")
endmacro()
if(NOT status EQUAL STATUS)
  fail("exit status ${status}, expected ${STATUS}")
endif()
if(DEFINED REGEX AND NOT "${out}${err}" MATCHES "${REGEX}")
  fail("output does not match '${REGEX}'")
endif()
if(DEFINED OUT AND NOT "${out}" MATCHES "${OUT}")
  fail("standard output does not match '${OUT}'")
endif()
if(DEFINED ERR AND NOT "${err}" MATCHES "${ERR}")
  fail("standard error does not match '${ERR}'")
endif()
