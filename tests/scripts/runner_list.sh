#!/bin/sh
# runner_list.sh — `weft test --list` parses test blocks as intended (no program is run).
cd "$(dirname "$0")/../.." || exit 1
WEFT=${WEFT:-bin/weft}
out=$("$WEFT" test --list --backend=interp tests/runner 2>&1)
status=0
expect() {
    if ! printf '%s\n' "$out" | grep -qF -- "$1"; then
        echo "runner_list: missing: $1"
        status=1
    fi
}
expect "values.fut:4: interp entry id_i32 case #1: input 1 -> output 1"
expect "values.fut:6: interp entry id_i32 case #3: skipped (compiled only)"
expect "values.fut:12: interp entry id_arr case #3: input [ -- a comment inside the values 4, 5 ] -> output [4i32, 5i32]"
expect "values.fut:18: interp entry id_mat case #1: input [[1.5f32, 2f32], [3f32, 4f32]] -> output [[1.5f32, 2f32], [3f32, 4f32]]"
expect "values.fut:30: interp entry sum case #1: input @ tests/runner/data/sum.in -> output @ tests/runner/data/sum.out"
expect "values.fut:34: interp entry id3 case #1 \"named case\": input 1.0 -> output 1.0f64"
expect "errors.fut:5: interp entry fail case #2: input 7i64 -> error: ^.*index \\[7\\]"
expect "errors.fut:12: interp entry main case #1: skipped (auto output)"
expect "errors.fut:13: interp entry main case #2: skipped (script input)"
expect "compile_error.fut:3: compile error: expected bool but got i32"
expect "skip tests/runner/fail/wrong.fut: disabled"
# value cases: 20, 3 skipped on interp; disabled files: 11 cases (an unknown backend is an
# error: runner_checks.sh)
expect "0 passed, 0 failed, 14 skipped"
[ $status -eq 0 ] || printf '%s\n' "$out"
exit $status
