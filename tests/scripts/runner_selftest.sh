#!/bin/sh
# runner_selftest.sh — `weft test` must report deliberate failures correctly.
# Copies tests/runner/fail/*.fut (disabled in the main run) without their `tags { disable }`,
# runs `$WEFT test` on them and checks the counts and the failure messages.
. "$(dirname "$0")/lib.sh"
TMP=$T

for f in tests/runner/fail/*.fut; do
    grep -v '^-- tags { disable }$' "$f" > "$TMP/$(basename "$f")"
done
"$WEFT" test --timeout=2 "$TMP" > "$TMP/out" 2>&1
check "weft test exited 0 despite failures" [ $? -ne 0 ]
expect() { check "missing in the output: $1" grep -qF -- "$1" "$TMP/out"; }
expect "wrong.fut:3: entry main, case #1 (interp)"
expect "actual:   2i32"
expect "at [2]: expected 5 but got 4i32"
expect "expected 2 values but got 1"
expect "the program succeeded but an error was expected"
expect "expected 1010.0f32 but got 1000.0f32"
expect "exit status 2"
expect "timed out after 2 s"
expect "compilation succeeded but an error was expected"
expect "expected 'input' but found 'outptu'"
expect "2 passed, 9 failed"
# --thresholds given twice: each compiled case runs once per spec, and a failure names its spec
if command -v cc > /dev/null; then
    "$WEFT" test --backend=c --thresholds=0 --thresholds=outer_par=1000 --thresholds=default "$TMP/wrong.fut" > "$TMP/out2" 2>&1
    check "a failure with --thresholds=0 not named" grep -qF "wrong.fut:3: entry main, case #1 (c, --thresholds=0)" "$TMP/out2"
    check "a failure with the second --thresholds not named" grep -qF "(c, --thresholds=outer_par=1000)" "$TMP/out2"
    check "a failure with the default thresholds not named" grep -qF "(c, --thresholds=default)" "$TMP/out2"
    cat "$TMP/out2" >> "$TMP/out"
fi
[ "$checks_failed" -eq 0 ] || cat "$TMP/out"
summary
