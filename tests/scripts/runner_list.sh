#!/bin/sh
# runner_list.sh — `weft test --list` parses test blocks as intended (no program is run).
. "$(dirname "$0")/lib.sh"
"$WEFT" test --list --backend=interp tests/runner > "$T/out" 2>&1
expect() { check "missing: $1" grep -qF -- "$1" "$T/out"; }
expect "values.fut:4: interp entry id_i32 case #1: input 1 -> output 1"
expect "values.fut:6: interp entry id_i32 case #3: skipped (compiled only)"
expect "values.fut:12: interp entry id_arr case #3: input [ -- a comment inside the values 4, 5 ] -> output [4i32, 5i32]"
expect "values.fut:18: interp entry id_mat case #1: input [[1.5f32, 2f32], [3f32, 4f32]] -> output [[1.5f32, 2f32], [3f32, 4f32]]"
expect "values.fut:30: interp entry sum case #1: input @ tests/runner/data/sum.in -> output @ tests/runner/data/sum.out"
expect "values.fut:34: interp entry id3 case #1 \"named case\": input 1.0 -> output 1.0f64"
expect "errors.fut:5: interp entry fail case #2: input 7i64 -> error: ^.*Index \\[7\\]"
expect "errors.fut:12: interp entry main case #1: skipped (auto output)"
expect "errors.fut:13: interp entry main case #2: skipped (script input)"
expect "compile_error.fut:3: compile error: expected bool but got i32"
expect "skip tests/runner/fail/wrong.fut: disabled"
# value cases: 20, 3 skipped on interp; disabled files: 11 cases (an unknown backend is an
# error: runner_checks.sh)
expect "0 passed, 0 failed, 14 skipped"
[ "$checks_failed" -eq 0 ] || cat "$T/out"
summary
