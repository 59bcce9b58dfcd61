#!/bin/sh
# bench_cmd.sh — `weft bench`: times tests/bench/tiny.fut (two datasets, two skipped), checks the
# JSON it writes, that a wrong expected output fails the run (exit 1), and the usage errors.
# Uses sh, grep and awk only.
. "$(dirname "$0")/lib.sh"
TMP=$T
# expect TEXT FILE: FILE contains the line fragment TEXT
expect() { check "missing in $(basename "$2"): $1" grep -qF -- "$1" "$2"; }

# 1. two datasets timed and validated; the nobench and random cases are skipped
"$WEFT" bench --runs=2 --json="$TMP/tiny.json" tests/bench/tiny.fut > "$TMP/tiny.out" 2>&1 &&
    pass || fail "tiny.fut: exit status $? (expected 0)"
expect 'Results for tests/bench/tiny.fut:main (using c, 2 runs):' "$TMP/tiny.out"
expect 'dataset #0 ("[1.5f32, 2f32, 3f32]"):  median ' "$TMP/tiny.out"
expect 'dataset data/tiny.in:  median ' "$TMP/tiny.out"
check "tiny.fut: expected 2 datasets" [ "$(grep -c '^dataset ' "$TMP/tiny.out")" -eq 2 ]
j=$TMP/tiny.json
expect '{"tests/bench/tiny.fut:main": {"datasets": {' "$j"
expect '"#0 (\"[1.5f32, 2f32, 3f32]\")": {"runtimes": [' "$j"
expect '"compile_seconds": ' "$j"
# each dataset: two runtimes, bytes > 0, validated
awk '/"runtimes": / {
        n++
        if (!match($0, /"runtimes": \[[0-9]+, [0-9]+\], "bytes": [1-9][0-9]*, "median_us": [0-9.]+, "validated": true}/))
            { print "bad dataset line: " $0; bad = 1 }
     }
     END { if (n != 2) { print "expected 2 datasets in the JSON, found " n; bad = 1 }; exit bad }' "$j" > "$TMP/awk.out" &&
    pass || fail "JSON shape: $(cat "$TMP/awk.out")"
check "JSON: compile_seconds is not a number" \
    awk '/compile_seconds/ && !/"compile_seconds": [0-9]+\.[0-9]+}}$/ { bad = 1 } END { exit bad }' "$j"
# braces balance (a cheap well-formedness check)
check "JSON: unbalanced braces" awk '{ o += gsub(/{/, "{"); c += gsub(/}/, "}") } END { exit o != c }' "$j"

# 2. a wrong expected output: reported, other datasets still timed, exit status 1
cat > "$TMP/wrong.fut" <<'FUT'
-- ==
-- entry: twice
-- "right" input { 3i64 } output { 6i64 }
-- "wrong" input { 4i64 } output { 9i64 }

entry twice (x: i64): i64 = x * 2
FUT
"$WEFT" bench --runs=1 --json="$TMP/wrong.json" "$TMP/wrong.fut" > "$TMP/wrong.out" 2>&1
rc=$?
check "wrong.fut: exit status $rc (expected 1)" [ $rc -eq 1 ]
expect 'dataset right:  median ' "$TMP/wrong.out"
expect 'dataset wrong:  FAILED' "$TMP/wrong.out"
expect 'expected 9i64 but got 8i64' "$TMP/wrong.out"
expect '"wrong": {"runtimes": [' "$TMP/wrong.json"
expect '"validated": false, "error": "expected: 9i64\u000a  actual:   8i64\u000a  expected 9i64 but got 8i64"}' "$TMP/wrong.json"

# 3. usage errors: one line, exit status 1
err() { # err EXPECTED ARGS...
    want=$1
    shift
    "$WEFT" bench "$@" > "$TMP/err.out" 2>&1
    rc=$?
    check "bench $*: exit status $rc (expected 1)" [ $rc -eq 1 ]
    expect "$want" "$TMP/err.out"
}
err "weft: error: bench: unknown option '--frob'" --frob tests/bench/tiny.fut
err "weft: error: bench: cannot read tests/bench/nosuch.fut: No such file or directory" tests/bench/nosuch.fut
err "weft: error: bench: tests/bench/none.fut has no benchmarkable dataset" tests/bench/none.fut
err "weft: error: bench: tests/bench/tiny.fut has no benchmarkable dataset for entry nosuch" --entry=nosuch tests/bench/tiny.fut
err "weft: error: bench: bad number of runs '0'" --runs=0 tests/bench/tiny.fut
err "weft: error: bench: no program given" --runs=2
err "weft nosuchbackend failed (exit status 1): weft: error: unknown command 'nosuchbackend'" --backend=nosuchbackend tests/bench/tiny.fut
summary
