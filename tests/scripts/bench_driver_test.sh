#!/usr/bin/env bash
# scripts/bench without running a benchmark: it lists every suite of scripts/bench.d, each suite
# prints its usage and refuses an unknown option (exit 2), a missing peer folder that was named
# is an error, and missing reference inputs skip the suite (exit 0) before anything is built.
# Usage: bench_driver_test.sh SOURCE-DIR
set -u
root=${1:?the source directory}
bench=$root/scripts/bench
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

list=$("$bench") || fail "scripts/bench: exit $?"
for suite in "$root"/scripts/bench.d/*; do
  name=$(basename "$suite")
  grep -q "^  $name " <<<"$list" || fail "scripts/bench does not list $name"
  help=$("$bench" "$name" --help) || fail "$name --help: exit $?"
  grep -q "scripts/bench $name" <<<"$help" || fail "$name --help does not show 'scripts/bench $name'"
  err=$("$bench" "$name" --no-such-option 2>&1 >/dev/null)
  status=$?
  ((status == 2)) || fail "$name --no-such-option: exit $status, not 2"
  grep -q "^bench $name: unknown option '--no-such-option'" <<<"$err" || fail "$name --no-such-option said: $err"
done
"$bench" no-such-suite >/dev/null 2>&1
status=$?
((status == 2)) || fail "scripts/bench no-such-suite: exit $status, not 2"

err=$("$bench" peers --peers "$root/no-such-folder" 2>&1)
status=$?
((status == 2)) || fail "peers --peers MISSING: exit $status, not 2"
grep -q "no folder" <<<"$err" || fail "peers --peers MISSING said: $err"

out=$("$bench" futoshiki --reference "$root/no-such-folder" 2>&1)
status=$?
((status == 0)) || fail "futoshiki without reference sets: exit $status, not 0"
grep -q "^bench futoshiki: skipped: no reference sets" <<<"$out" || fail "futoshiki without reference sets said: $out"

((failures == 0)) && echo "scripts/bench: every check passed"
exit $((failures > 0))
