#!/usr/bin/env bash
# The bash completion (share/bash-completion/libsolve) against the programs just built:
# subcommands (futoshiki's generate, grade, hint too), a subcommand's options, carcassonne's
# square, file names.
# Arguments: the completion file, then the folders of the programs.
set -u
source "$1"
shift
for d in "$@"; do PATH=$d:$PATH; done
failed=0
# expect "WORDS..." "EXPECTED": completing the last of WORDS gives EXPECTED (space-separated).
expect() {
  read -r -a COMP_WORDS <<<"$1"
  [[ $1 == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _libsolve_complete
  if [[ "${COMPREPLY[*]}" != "$2" ]]; then
    echo "completing '$1': got '${COMPREPLY[*]}', expected '$2'"
    failed=1
  fi
}
expect "stenen so" "solve"
expect "stenen solve --ti" "--timeout"
expect "stenen count --iden" "--identical"
expect "futoshiki --cou" "--count"
expect "futoshiki gen" "generate"
expect "futoshiki generate --diff" "--difficulty"
expect "futoshiki grade --js" "--json"
expect "xcover --vers" "--version"
expect "carcassonne squ" "square"
expect "carcassonne square --no-r" "--no-rotations"
cd "$(mktemp -d)" && touch only-file.txt
expect "futoshiki only-f" "only-file.txt"
((failed == 0)) && echo "completion: all cases passed"
exit $failed
