#!/bin/sh
# rts_runtime.sh — the executable harness (rts/runtime.c): builds tests/unit/runtime/toy.c, a
# hand-written "generated program", against rts/runtime.c + rts/values.c, once with warnings as
# errors and once with ASan+UBSan (leak detection on), and checks every command-line flag by
# running it: outputs, -t files, -b round trips, errors and exit statuses, tuning parameters, -h.
# Also builds tests/unit/test_runtime.c under the sanitizers.  Exit status 0 when all is well.
. "$(dirname "$0")/lib.sh"
OUT=$T
FLAGS="-std=c11 -Wall -Wextra -Werror -Wpedantic -Wshadow -Wmissing-prototypes -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g"
SAN="-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
SRC="rts/runtime.c rts/values.c"

# run RC STDIN ARGS...: run the program with STDIN as its input, expect exit status RC;
# stdout and stderr land in $OUT/out and $OUT/err.
run() {
    want=$1; input=$2; shift 2
    printf '%s' "$input" | "$EXE" "$@" > "$OUT/out" 2> "$OUT/err"
    got=$?
    if [ "$got" -eq "$want" ]; then
        pass
    else
        fail "[$build] toy $*: exit status $got, expected $want"
        sed 's/^/    stderr: /' "$OUT/err" | head -n 5
    fi
}
out_is() { # expected stdout
    printf '%s\n' "$1" > "$OUT/want"
    check "[$build] stdout: expected '$1', got '$(cat "$OUT/out")'" cmp -s "$OUT/want" "$OUT/out"
}
err_has() { # substring of stderr
    check "[$build] stderr lacks '$1': $(head -c 400 "$OUT/err")" grep -qF -- "$1" "$OUT/err"
}
err_empty() {
    check_not "[$build] unexpected stderr: $(head -c 400 "$OUT/err")" [ -s "$OUT/err" ]
}
out_empty() {
    check_not "[$build] unexpected stdout: $(head -c 400 "$OUT/out")" [ -s "$OUT/out" ]
}
lines_of_ints() { # file, count
    n=$(grep -cE '^[0-9]+$' "$1")
    total=$(wc -l < "$1")
    [ "$n" -eq "$2" ] && [ "$total" -eq "$2" ] && pass || fail "[$build] $1: expected $2 lines of integers, got: $(cat "$1")"
}

flags_tests() {
    # plain runs, entry selection
    run 0 '[1, 2, 3]' ; out_is '6i32'; err_empty
    run 0 '[1i32, -2i32] -- comment' -e main; out_is '-1i32'
    run 0 '[1, 2] 5' -e pair; out_is '[6i64, 7i64]
2i64'
    run 0 '[1, 2] 5' --entry-point pair; out_is '[6i64, 7i64]
2i64'
    run 0 '[1, 2] 5' --entry-point=pair; out_is '[6i64, 7i64]
2i64'
    run 0 '[1, 2] 5' -epair; out_is '[6i64, 7i64]
2i64'
    run 0 'empty([0]i32)'; out_is '0i32'
    run 0 '[[1.5, 2], [3, 4]]' -e ident; out_is '[[1.5f32, 2.0f32], [3.0f32, 4.0f32]]'
    run 0 '[4]' -n -- ; out_empty
    run 1 '[4]' -- -n; err_has "unexpected argument '-n'"
    # -r and -t
    run 0 '[1, 2] 5' -e pair -r 3 -t "$OUT/times"; out_is '[6i64, 7i64]
2i64'
    lines_of_ints "$OUT/times" 3
    run 0 '[4]' -r5 --write-runtime-to="$OUT/times"; out_is '4i32'; lines_of_ints "$OUT/times" 5
    run 0 '[4]' -t "$OUT/times"; lines_of_ints "$OUT/times" 1
    run 0 '[4]' --runs 2 -n -t "$OUT/times"; out_empty; lines_of_ints "$OUT/times" 2
    # -n, -b and binary input
    run 0 '[4]' -n; out_empty
    run 0 '[4]' --no-print-result; out_empty
    run 0 '[[1.5, 2], [3, 4]]' -e ident -bn; out_empty
    run 0 '[[1.5, 2], [3, -4.25]]' -e ident -b; cp "$OUT/out" "$OUT/bin"
    check "[$build] -b output does not start with 'b'" [ "$(head -c 1 "$OUT/bin")" = b ]
    "$EXE" -e ident < "$OUT/bin" > "$OUT/out" 2> "$OUT/err" && pass || fail "[$build] cannot read -b output back"
    out_is '[[1.5f32, 2.0f32], [3.0f32, -4.25f32]]'
    run 0 '[1, 2] 5' -e pair --binary-output; cp "$OUT/out" "$OUT/bin2"
    "$EXE" -e pair < "$OUT/bin2" > "$OUT/out" 2> "$OUT/err" && pass || fail "[$build] cannot read -b pair output back"
    out_is '[8i64, 9i64]
2i64'
    # other flags
    run 0 '[4]' --num-threads 4; out_is '4i32'
    run 0 '[4]' -D --debugging; out_is '4i32'
    run 0 '[4]' -n --print-peak-mem; err_has 'peak_mem_bytes=8'; err_has 'max_rss_bytes='
    run 0 '1000000' -e alloc -n --print-peak-mem; err_has 'peak_mem_bytes=1000008'
    # help
    run 0 '' -h; err_empty; out_has_help
    run 0 '' --help; out_has_help
    # tuning parameters
    run 0 '' --print-params; out_is 'main.suff_par_1=32768
pair.threshold=100'
    run 0 '' --param pair.threshold=5 --print-params; out_is 'main.suff_par_1=32768
pair.threshold=5'
    printf -- '-- tuned by hand\nmain.suff_par_1 = 7  -- a comment\n\npair.threshold=0\r\n' > "$OUT/tuning"
    run 0 '' --tuning "$OUT/tuning" --print-params; out_is 'main.suff_par_1=7
pair.threshold=0'
    run 0 '' --tuning "$OUT/tuning" --param main.suff_par_1=9 --print-params; out_is 'main.suff_par_1=9
pair.threshold=0'
    run 0 '' --param main.suff_par_1=9 --tuning "$OUT/tuning" --print-params; out_is 'main.suff_par_1=7
pair.threshold=0'
    run 0 '[1, 2, 3]' -L; out_is '6i32'; err_has 'Compared main.suff_par_1 <= 3: false.'
    run 0 '[1, 2, 3]' --log --param main.suff_par_1=3; out_is '6i32'; err_has 'Compared main.suff_par_1 <= 3: true.'
    run 0 '[1, 2, 3]' -L -r 2; err_has 'Run 2:'
    run 0 '[1, 2, 3]' --param main.suff_par_1=3; err_empty
    run 1 '' --param nope=3; err_has "unknown tuning parameter 'nope'"; err_has 'main.suff_par_1, pair.threshold'
    run 1 '' --param main.suff_par_1=x; err_has 'non-negative integer'
    run 1 '' --param main.suff_par_1=-1; err_has 'non-negative integer'
    run 1 '' --param main.suff_par_1; err_has 'expected name=value'
    printf 'main.suff_par_1=1\nbogus=2\n' > "$OUT/tuning"
    run 1 '' --tuning "$OUT/tuning"; err_has "tuning:2: error: unknown tuning parameter 'bogus'"
    run 1 '' --tuning "$OUT/missing"; err_has 'cannot open tuning file'
    # usage errors
    run 1 '[4]' --frob; err_has "unknown option '--frob'"; out_empty
    run 1 '[4]' -x; err_has "unknown option '-x'"
    run 1 '[4]' -r 0; err_has 'positive integer'
    run 1 '[4]' -r abc; err_has 'positive integer'
    run 1 '[4]' -r; err_has 'needs an argument'
    run 1 '[4]' --runs; err_has 'needs an argument'
    run 1 '[4]' --num-threads 0; err_has 'positive integer'
    run 1 '[4]' --binary-output=yes; err_has 'takes no argument'
    run 1 '[4]' input.txt; err_has "unexpected argument 'input.txt'"
    run 1 '[4]' -e nope; err_has "no entry point 'nope'"; err_has 'main, pair, index, ident, alloc'
    run 1 '[4]' -t "$OUT/no/such/dir/t"; err_has 'cannot open'
    # input errors
    run 1 '[1, 2'; err_has 'argument 1 of 1'; err_has 'expected []i32'; out_empty
    run 1 '[1.5]'; err_has 'argument 1 of 1'
    run 1 '[[1]]'; err_has 'argument 1 of 1'
    run 1 ''; err_has 'argument 1 of 1'
    run 1 '[1] [2]'; err_has 'more input follows'; out_empty
    run 1 '[1, 2]' -e pair; err_has 'argument 2 of 2'; err_has 'expected i64'
    run 1 '[1, 2] true' -e pair; err_has 'argument 2 of 2'
    # run-time errors
    run 2 '[1.0, 2.0] 5' -e index; out_empty
    [ "$(cat "$OUT/err")" = 'toy.fut:8:5-9: Error: index [5] out of bounds for array of shape [2]' ] &&
        pass || fail "[$build] index error message: $(cat "$OUT/err")"
    run 0 '[1.0, 2.0] 1' -e index; out_is '2.0f64'
    run 2 '[1.0, 2.0] -1' -e index -r 3 -t "$OUT/times"; err_has 'index [-1] out of bounds'
    run 2 '4611686018427387904' -e alloc; err_has 'toy.fut:14:3: Error: out of memory'
}

out_has_help() {
    for s in '--entry-point NAME' '-t, --write-runtime-to FILE' '--runs N' '--binary-output' \
        '--no-print-result' '--num-threads N' '--tuning FILE' '--param NAME=VALUE' '--print-params' \
        '--log' '--debugging' '--print-peak-mem' 'main : []i32 -> i32' \
        'pair : *[]i64 -> i64 -> ([]i64, i64)' 'ident : [][]f32 -> [][]f32'; do
        check "[$build] help lacks '$s'" grep -qF -- "$s" "$OUT/out"
    done
}

build=plain
EXE=$OUT/toy
if $CC $FLAGS -O2 -o "$EXE" tests/unit/runtime/toy.c $SRC -lm; then
    flags_tests
else
    fail "[$build] toy.c does not compile"
fi

build=asan
EXE=$OUT/toy_asan
if $CC $FLAGS $SAN -o "$EXE" tests/unit/runtime/toy.c $SRC -lm; then
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:exitcode=99 flags_tests
    if $CC $FLAGS $SAN -o "$OUT/unit_asan" tests/unit/test_runtime.c $SRC -lm; then
        ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:exitcode=99 "$OUT/unit_asan" > "$OUT/unit.out" 2>&1 &&
            pass || { fail "[$build] test_runtime under ASan"; cat "$OUT/unit.out"; }
    else
        fail "[$build] test_runtime.c does not compile with sanitizers"
    fi
else
    fail "[$build] toy.c does not compile with sanitizers"
fi

# Jagged results: a hand-written entry returning a triangle [n][]i64 (row i holds 0..i-1, so row 0
# is empty) as its two parts (offsets, then the flat data; wf_type.levels = 1) and n as i32;
# printed as nested brackets and in binary version 3, released once.
cat > "$OUT/jag.c" <<'EOC'
#include "runtime.h"
static const wf_type params[] = {{WF_I64, 0, false, 0}};
static const wf_type results[] = {{WF_I64, 2, false, 1}, {WF_I32, 0, false, 0}};
static int f(wf_ctx *ctx, const wf_value *args, wf_value *res) {
    int64_t n = *(const int64_t *)args[0].data, rows = n + 1, total = n * (n - 1) / 2;
    if (wf_value_alloc(ctx, &res[0], WF_I64, 1, &rows, "jag.fut:1:1")) return 1;
    if (wf_value_alloc(ctx, &res[1], WF_I64, 1, &total, "jag.fut:1:1")) return 1;
    int64_t *offs = res[0].data, *data = res[1].data, k = 0;
    for (int64_t i = 0; i < n; i++) {
        offs[i] = k;
        for (int64_t j = 0; j < i; j++) data[k++] = j;
    }
    offs[n] = k;
    if (wf_value_alloc(ctx, &res[2], WF_I32, 0, NULL, NULL)) return 1;
    *(int32_t *)res[2].data = (int32_t)n;
    return 0;
}
static const wf_entry entries[] = {{"main", 1, params, 2, results, f}};
static const wf_program program = {entries, 1, NULL, 0, NULL, NULL, NULL, NULL, NULL};
int main(int argc, char **argv) { return wf_main(argc, argv, &program); }
EOC
build=jagged
EXE=$OUT/jag
if $CC $FLAGS $SAN -Irts -o "$EXE" "$OUT/jag.c" $SRC -lm; then
    export ASAN_OPTIONS=detect_leaks=1:exitcode=99
    run 0 '3i64'; out_is '[empty([0]i64), [0i64], [0i64, 1i64]]
3i32'; err_empty
    run 0 '3i64' -r 4 --print-peak-mem; out_is '[empty([0]i64), [0i64], [0i64, 1i64]]
3i32'; err_has 'peak_mem_bytes='
    run 0 '2i64' -n; out_empty; err_empty
    run 0 '3i64' -b; err_empty
    # version 3: 'b' 3, rank 2, levels 1, " i64", then rows 3 (i64)
    check "[$build] binary jagged header" [ "$(head -c 16 "$OUT/out" | od -An -tx1 | tr -d ' \n')" = 62030201206936340300000000000000 ]
    unset ASAN_OPTIONS
else
    fail "[$build] jag.c does not compile with sanitizers"
fi

summary
