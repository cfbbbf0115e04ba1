#!/usr/bin/env bash
# The installed solver as MiniZinc users reach it: installs the build tree into a scratch
# prefix, then runs `minizinc --solver libsolve` on every model of tests/data/fzn/models (and
# tests/data/fzn/globals/models: the native globals of the mznlib) that has an .expect file
# and checks its answer (solution count, objective, status line).
# Exit 77 (CTest: skipped) when minizinc is not installed.
#
#   minizinc.sh BUILD_DIR DATA_DIR WORK_DIR
set -uo pipefail
build=$1 data=$2 work=$3

command -v minizinc >/dev/null || { echo "minizinc not found: skipped"; exit 77; }
prefix=$work/prefix
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
export MZN_SOLVER_PATH=$prefix/share/minizinc/solvers
solvers=$(minizinc --solvers)  # (not piped into grep -q: with pipefail, SIGPIPE would fail it)
grep -q 'org.libsolve.libsolve' <<<"$solvers" || { echo "FAIL: minizinc does not list libsolve"; exit 1; }

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
for expect in "$data"/*.expect "$data"/globals/*.expect; do
  name=$(basename "$expect" .expect)
  model=$(dirname "$expect")/models/$name.mzn
  args=$(sed -n 's/^args: *//p' "$expect")
  out=$(minizinc --solver libsolve -s $args "$model" 2>"$work/$name.err")
  rc=$?
  ((rc == 0)) || { fail "$name: minizinc exit $rc: $(head -c 300 "$work/$name.err")"; continue; }
  solutions=$(sed -n 's/^solutions: *//p' "$expect")
  if [[ -n $solutions ]]; then
    got=$(grep -cx -- '----------' <<<"$out")
    [[ $got == "$solutions" ]] || fail "$name: $got solutions, expected $solutions"
  fi
  objective=$(sed -n 's/^objective: *//p' "$expect")
  if [[ -n $objective ]]; then
    got=$(grep -o '%%%mzn-stat: objective=[-0-9]*' <<<"$out" | tail -n 1 | cut -d= -f2)
    [[ $got == "$objective" ]] || fail "$name: objective $got, expected $objective"
  fi
  status=$(sed -n 's/^status: *//p' "$expect")
  grep -qx -- "$status" <<<"$out" || fail "$name: no line '$status'"
  echo "ok: $name"
done

# The learning and restart options reach fzn-libsolve (extraFlags in libsolve.msc): the same optimum with
# learning off and on, and a bad value is fzn-libsolve's usage error.
for flags in "--learning off" "--learning on --learnts-mb 10 --learning-branching activity" "--learning on --vsids" \
  "--learning on --restart geometric --restart-scale 50 --restart-base 2" "--learning off --restart none"; do
  out=$(minizinc --solver libsolve -s $flags "$data/models/golomb.mzn" 2>&1)
  grep -q '%%%mzn-stat: objective=17' <<<"$out" && grep -qx '==========' <<<"$out" ||
    fail "golomb with $flags: $(head -c 300 <<<"$out")"
done
out=$(minizinc --solver libsolve --learning maybe "$data/models/golomb.mzn" 2>&1)
grep -q -- '--learning: maybe not in {on,off}' <<<"$out" || fail "--learning maybe: $out"

# An error is told in the model's words: its file and line, and MiniZinc's names of the
# variables (minizinc hands over its paths file: "needsPathsFile" in libsolve.msc).
out=$(minizinc --solver libsolve "$data/paths/wide.mzn" 2>&1)
grep -q "wide.mzn:1:[0-9]*: 'q\[1\]': domain 1..100000000 is wider" <<<"$out" ||
  fail "the error does not name wide.mzn and q[1]: $out"
# Float variables are refused, naming the model's variable; set variables are not (set-teams
# above runs through nosets.mzn).
out=$(minizinc --solver libsolve "$data/paths/float.mzn" 2>&1)
grep -q "float.mzn:2:32: 'speed\[1\]': float variables are not supported" <<<"$out" ||
  fail "the float error does not name float.mzn and speed[1]: $out"

((failures == 0)) || exit 1
echo "all models answered as expected through minizinc"
