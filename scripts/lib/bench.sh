# What every benchmark suite (scripts/bench.d/NAME, run as `scripts/bench NAME`) does the same
# way: its messages, --help, building what it times, finding the peers, calling hyperfine and
# reading its medians back. Sourced after lib/common.sh (root, jobs, say, build, beside_checkout).

suite=$(basename "$0")
export SOLVE_JOBS=$jobs

# bench_usage: the suite's header comment (from its second line to the first line that is not
# a comment), without the '# '.
bench_usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; }

# bench_error MESSAGE: "bench NAME: MESSAGE" on stderr, exit 2 (a usage error, a missing tool).
bench_error() {
  echo "bench $suite: $*" >&2
  exit 2
}

# bench_unknown OPTION: the message for an option the suite does not take.
bench_unknown() { bench_error "unknown option '$1' (try scripts/bench $suite --help)"; }

# bench_skip MESSAGE: what the suite cannot time here and why; exit 0 (nothing failed).
bench_skip() {
  echo "bench $suite: skipped: $*"
  exit 0
}

# bench_need TOOL...: exit with a message unless every TOOL is installed.
bench_need() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || bench_error "needs $tool (scripts/setup --bench)"
  done
}

# bench_dir DIR: DIR made absolute (created when missing), for --build-dir.
bench_dir() {
  [[ -n ${1:-} ]] || bench_error "--build-dir needs a folder"
  mkdir -p "$1" && (cd "$1" && pwd) || exit 2
}

# bench_build DIR TARGET... [-- CMAKE-ARGS...]: a Release build of the targets in DIR (configured
# first when it is not, or when CMAKE-ARGS are given), its output kept out of the tables.
bench_build() {
  local dir=$1 args=() targets=()
  shift
  while (($#)) && [[ $1 != -- ]]; do targets+=("$1"); shift; done
  (($#)) && shift && args=("$@")
  if [[ ! -f $dir/build.ninja ]] || ((${#args[@]})); then
    cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${args[@]}" >/dev/null ||
      { echo "bench $suite: cannot configure $dir" >&2; exit 1; }
  fi
  cmake --build "$dir" --target "${targets[@]}" -j "$jobs" >/dev/null ||
    { echo "bench $suite: cannot build ${targets[*]} in $dir" >&2; exit 1; }
}

# bench_peers GIVEN: the folder of the peers' binaries (Knuth's programs, pentomino-count):
# GIVEN (--peers), else $SOLVE_PEERS, else ../peers-bin beside the checkout. Prints nothing
# when that folder does not exist; an error when it was named (GIVEN or SOLVE_PEERS).
bench_peers() {
  local dir=${1:-${SOLVE_PEERS:-}}
  if [[ -n $dir ]]; then
    [[ -d $dir ]] || bench_error "no folder $dir (--peers / SOLVE_PEERS)"
  else
    dir=$(beside_checkout peers-bin)
    [[ -d $dir ]] || return 0
  fi
  (cd "$dir" && pwd)
}

# bench_gecode OUT SOURCE LIBS...: compiles the Gecode peer SOURCE (scripts/peers/*.cpp) into
# OUT when it is missing or older; false, with a note, when Gecode is not installed.
bench_gecode() {
  local out=$1 src=$2
  shift 2
  if [[ ! -f /usr/include/gecode/kernel.hh ]]; then
    echo "bench $suite: Gecode is not installed (scripts/setup --bench): no Gecode peer" >&2
    return 1
  fi
  [[ -x $out && ! $src -nt $out ]] && return 0
  mkdir -p "$(dirname "$out")" &&
    g++ -std=c++20 -O2 -DNDEBUG -o "$out" "$src" "${@/#/-l}" -lpthread
}

# bench_hyperfine JSON HYPERFINE-ARGS...: one quiet hyperfine call whose results go to JSON;
# on failure, its first line of error and status 1.
bench_hyperfine() {
  local json=$1 err
  shift
  err=$(hyperfine --style none --export-json "$json" "$@" 2>&1 >/dev/null) ||
    { echo "bench $suite: hyperfine failed: $(head -n 1 <<<"$err")" >&2; return 1; }
}

# bench_median JSON [I]: "MEDIAN USER CPU" of result I (default 0) of JSON, in seconds: the
# median wall time, the mean user time and the mean CPU time (user + system).
bench_median() {
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]
print("%.6g %.6g %.6g" % (r["median"], r["user"], r["user"] + r["system"]))' "$1" "${2:-0}"
}

# bench_ratio X Y: Y / X with two decimals ("?" when X is 0 or not a number).
bench_ratio() { python3 -c "print(f'{$2 / $1:.2f}')" 2>/dev/null || echo "?"; }

# bench_table JSON EXE NAME UNIT: a Markdown table of the medians (and min, max, mean user) of
# every command of JSON, in UNIT (s or ms), EXE's path shortened to NAME.
bench_table() {
  python3 - "$@" <<'PY'
import json, statistics, sys
path, exe, name, unit = sys.argv[1:]
k = 1000 if unit == "ms" else 1
print(f"| command | median [{unit}] | min [{unit}] | max [{unit}] | user [{unit}] |")
print("|:---|---:|---:|---:|---:|")
for r in json.load(open(path))["results"]:
    t = [k * x for x in r["times"]]
    digits = 1 if unit == "ms" else 3
    print(f"| `{r['command'].replace(exe, name)}` | {statistics.median(t):.{digits}f} | {min(t):.{digits}f} "
          f"| {max(t):.{digits}f} | {k * r['user']:.{digits}f} |")
PY
}

# bench_machine: one line on when and where: date, commit (and local changes), cores, load.
bench_machine() {
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')$(
    git -C "$root" diff --quiet HEAD -- 2>/dev/null || echo ' (with local changes)'), $(nproc) cores," \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
}
