# Writes the man page of one front-end with help2man, from its own --help and --version, so
# the page says what the program says. A subcommand's --help goes in a section of its own.
# Arguments (-D): HELP2MAN, PROGRAM (the executable), NAME (the program's name), SUMMARY
# (a line for the NAME section), SUBCOMMANDS (comma-separated, may be empty), OUT.
set(include_file "${OUT}.include")
set(text "")
string(REPLACE "," ";" SUBCOMMANDS "${SUBCOMMANDS}")
if(SUBCOMMANDS)
  string(APPEND text "[COMMANDS]\n")
  foreach(sub IN LISTS SUBCOMMANDS)
    execute_process(COMMAND "${PROGRAM}" ${sub} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${NAME} ${sub} --help failed (${rc})")
    endif()
    # roff: the help text as it is (no filling), with its backslashes and leading dots escaped.
    string(REPLACE "\\" "\\e" help "${help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
    string(APPEND text ".SS \"${NAME} ${sub}\"\n.nf\n${help}.fi\n")
  endforeach()
endif()
string(APPEND text "[SEE ALSO]\nThe guides in the docs/ folder of libsolve's sources.\n")
file(WRITE "${include_file}" "${text}")
execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr "--name=${SUMMARY}"
                        "--include=${include_file}" "--output=${OUT}" "${PROGRAM}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed for ${NAME} (${rc}): ${err}")
endif()
