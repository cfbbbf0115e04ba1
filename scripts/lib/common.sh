# Sourced by scripts/run, scripts/test, scripts/fuzz and the bench-* scripts: where the tree is,
# what lies beside it, and how to build it.
# Build directories: build/ (Release) and build-sanitize/ (ASan + UBSan), both Ninja.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
jobs=${SOLVE_JOBS:-2}  # the reference machine has 2 cores

# say TEXT...: a visible step marker with the seconds since the script started.
say() { printf '\n==> [%4ds] %s\n' "$SECONDS" "$*"; }

# build DIR TYPE [CMAKE-ARGS...]: configure DIR (cheap when already configured) and build
# every target in it, or only the targets listed in $targets (space-separated) when set.
build() {
  local dir=$1 type=$2
  shift 2
  say "configure + build ${dir#"$root"/} ($type${*:+ $*})"
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" &&
    cmake --build "$dir" -j "$jobs" ${targets:+--target $targets}
}

# beside_checkout NAME: the path of NAME beside the checkout (../NAME, e.g. ../shared); from a
# linked git worktree without ../NAME, the path beside the main checkout, which may
# not exist.
beside_checkout() {
  local dir=$root/.. common
  if [[ ! -e $dir/$1 ]] && common=$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null); then
    dir=$common/../..
  fi
  (cd "$dir" && echo "$PWD/$1")
}
