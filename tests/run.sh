#!/bin/sh
# tests/run.sh [--full | --all] [--compiler-only] [--no-corpus-scripts] — the test suite, in stages.
#
# `make check` (no option), the quick part, meant to finish in minutes on two shared cores:
#   1. unit tests: each tests/unit/*.c compiled with the rts/ sources and run
#   2. `$WEFT test tests examples`: the -- == blocks of every program, on the interpreter, then
#      on each compiled backend in $WEFT_CHECK_BACKENDS (default: c,multicore; empty to skip).
#      Each multicore executable runs every case twice, on 7 threads, more than most machines'
#      cores, so that threads steal chunks from the ones the system holds back
#      (src/backend/multicore/regions.c): with --thresholds=region=0, every parallel region on
#      all threads (the test inputs are too small to pass multicore.suff_region_work and would
#      otherwise run their regions in the calling thread, docs/BACKENDS.md), and with
#      --thresholds=0, the outer-parallel versions of each outermost map with inner parallelism
#      (docs/FLATTENING.md; the mostly narrow test inputs take the inner one by default)
#   3. every executable tests/scripts/*.sh but the slow ones of FULL_SCRIPTS below, then
#   4. tests/fuzz/run.sh, when present, and tests/fuzz/irregular.sh's smoke run (20 generated
#      irregular programs, interpreter against c and multicore); the scripts of 3 and 4 run
#      side by side, $WEFT_CHECK_JOBS at a time (default: the CPUs, at most 8), their results
#      shown in order when all are done
# `make check-full` (--full), the slow whole-corpus passes the quick part leaves out:
#   5. the scripts of FULL_SCRIPTS (the AST and core IR round trips and the optimiser's passes
#      over the whole corpus), side by side as in 3
# --all runs both; --no-corpus-scripts leaves stage 5 out.  --compiler-only leaves out what does
# not run $WEFT — the unit tests and the scripts of NO_WEFT_SCRIPTS, whose results cannot depend
# on which weft is tested — and the scripts of CC_BOUND_SCRIPTS, whose minutes go to the C
# compiler and the programs (weft's part of them, code generation, the corpus covers), for
# `make check-asan`, which runs the rest with a weft built under ASan + UBSan.
# Each stage prints "N passed, N failed" (a script through tests/scripts/lib.sh's summary; one
# that prints none counts as one failure) and its seconds; the last line is their sum, and the
# exit status is non-zero when anything failed.
# WEFT defaults to bin/weft; CC to cc.
cd "$(dirname "$0")/.." || exit 1
quick=1 full= compiler_only= corpus_scripts=1
for option in "$@"; do
    case $option in
        --full) quick= full=1 ;;
        --all) quick=1 full=1 ;;
        --compiler-only) compiler_only=1 ;;
        --no-corpus-scripts) corpus_scripts= ;;
        *) echo "usage: sh tests/run.sh [--full | --all] [--compiler-only] [--no-corpus-scripts]" >&2; exit 2 ;;
    esac
done
FULL_SCRIPTS="ast_roundtrip core_roundtrip core_passes"
# scripts run by a make target of their own, never here: the whole corpus under MPI on 1, 2 and
# 3 ranks (`make check-mpi-corpus`, about an hour on 2 cores: more than CI's budget)
BACKEND_FULL_SCRIPTS="mpi_corpus"
NO_WEFT_SCRIPTS="baselines bench_chart rts_multicore rts_runtime"
CC_BOUND_SCRIPTS="irregular_bench compiled_recursion mpi finpar_interestcalib finpar_reference scalar_semantics cuda_library"
WEFT=${WEFT:-bin/weft}
case $WEFT in /*) ;; *) WEFT=$PWD/$WEFT ;; esac
export WEFT
# Under `make check-asan` the compiler's by-design allocations (never freed before exit) would
# turn every run into a LeakSanitizer failure; memory errors are still reported.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export ASAN_OPTIONS
# OpenMP threads that spin while they wait take the CPU from the other executables and compilers
# running beside them (weft test -j2, on cores other jobs share): the multicore passes took a
# fifth to a third longer on the 2-core VM that way.  So they sleep, unless OMP_WAIT_POLICY says
# otherwise; results do not depend on it.
OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
export OMP_WAIT_POLICY
CC=${CC:-cc}
BACKENDS=${WEFT_CHECK_BACKENDS-c,multicore}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/weft-check-XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM

passed=0
failed=0
run_start=$(date +%s)

header() { printf '\n=== %s ===\n' "$1"; }

# Add the counts of the last line of file $1 that contains "N passed, N failed" (perhaps after a
# name: "test_values: N passed, N failed"); a stage that printed no such line is one failure.
# Returns 1 when it counted a failure.
add_counts() {
    line=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $2: no \"N passed, N failed\" line"
        failed=$((failed + 1))
        return 1
    fi
    p=$(echo "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\2/')
    f=$(echo "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\3/')
    passed=$((passed + p))
    failed=$((failed + f))
    [ "$f" -eq 0 ]
}

# counted NAME RC OUTPUT: add OUTPUT's counts; a non-zero RC with no failure counted is one more
counted() {
    if add_counts "$3" "$1" && [ "$2" -ne 0 ]; then
        echo "FAIL $1: exit status $2"
        failed=$((failed + 1))
    fi
}

seconds_since() { echo "$(($(date +%s) - $1)) s"; }

# Run scripts side by side (xargs -P), each one's output, exit status and seconds kept in
# $TMP/scripts; started in the order given (the long ones first, to keep both cores busy).
SCRIPT_JOBS=${WEFT_CHECK_JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$SCRIPT_JOBS" -gt 8 ] && SCRIPT_JOBS=8
start_scripts() {
    [ $# -gt 0 ] || return 0
    mkdir -p "$TMP/scripts"
    printf '%s\n' "$@" | xargs -P "$SCRIPT_JOBS" -I{} sh -c '
        out=$2/$(echo "$1" | tr / _); start=$(date +%s)
        sh "$1" > "$out.out" 2>&1; echo $? > "$out.rc"; echo $(($(date +%s) - start)) > "$out.sec"' \
        sh {} "$TMP/scripts"
}

# Report one script that start_scripts ran: its summary line and seconds, or its whole output
# when something failed.
report_script() {
    out=$TMP/scripts/$(echo "$1" | tr / _)
    rc=$(cat "$out.rc" 2>/dev/null || echo 1)
    before=$failed
    counted "$1" "$rc" "$out.out"
    if [ "$failed" -eq "$before" ]; then
        echo "ok   $1: $(grep -E '[0-9]+ passed, [0-9]+ failed' "$out.out" | tail -n 1 |
            sed 's/^[^ ]*: //') ($(cat "$out.sec") s)"
    else
        echo "FAIL $1"
        sed 's/^/    /' "$out.out"
    fi
}

# weft_test COMMAND...: `COMMAND tests examples` (a `weft test` command line), shown and counted
weft_test() {
    header "$* tests examples"
    start=$(date +%s)
    "$@" $dirs > "$TMP/test.out" 2>&1
    rc=$?
    cat "$TMP/test.out"
    counted "$*" $rc "$TMP/test.out"
    echo "($(seconds_since "$start"))"
}

listed() { # listed SCRIPT LIST: is SCRIPT's name in LIST?
    case " $2 " in *" $(basename "$1" .sh) "*) return 0 ;; esac
    return 1
}
full_only() { listed "$1" "$FULL_SCRIPTS $BACKEND_FULL_SCRIPTS"; }
# The scripts that take minutes on two cores, started first
LONG_SCRIPTS="irregular_bench compiled_recursion mpi core_passes core_roundtrip ast_roundtrip"
# scripts FULL: every executable tests/scripts/*.sh in FULL_SCRIPTS (FULL=1), or in neither
# FULL_SCRIPTS nor BACKEND_FULL_SCRIPTS (FULL=0), in alphabetical order
scripts() {
    for s in tests/scripts/*.sh; do
        [ -f "$s" ] && [ -x "$s" ] || continue
        if [ "$1" = 1 ]; then listed "$s" "$FULL_SCRIPTS" || continue; else ! full_only "$s" || continue; fi
        [ -n "$compiler_only" ] && listed "$s" "$NO_WEFT_SCRIPTS $CC_BOUND_SCRIPTS" && continue
        echo "$s"
    done
}
long_first() { # the scripts named, those of LONG_SCRIPTS first
    for s in "$@"; do listed "$s" "$LONG_SCRIPTS" && echo "$s"; done
    for s in "$@"; do listed "$s" "$LONG_SCRIPTS" || echo "$s"; done
}

unit_tests() {
    header "unit tests"
    for src in tests/unit/*.c; do
        [ -f "$src" ] || continue
        name=$(basename "$src" .c)
        # A line " * rts: a.c b.c" in the test names the rts/ files it needs; default: all of them.
        deps=$(sed -n -E 's/^ \* rts: (.*)$/\1/p' "$src" | head -n 1)
        if [ -n "$deps" ]; then
            deps=$(for d in $deps; do printf 'rts/%s ' "$d"; done)
        else
            deps=$(ls rts/*.c)
        fi
        if ! $CC -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g \
                -o "$TMP/$name" "$src" $deps -lm > "$TMP/$name.cc" 2>&1; then
            echo "FAIL $src: does not compile"
            sed 's/^/    /' "$TMP/$name.cc"
            failed=$((failed + 1))
            continue
        fi
        "$TMP/$name" > "$TMP/$name.out" 2>&1
        rc=$?
        cat "$TMP/$name.out"
        counted "$src" $rc "$TMP/$name.out"
    done
}

dirs=""
for d in tests examples; do [ -d "$d" ] && dirs="$dirs $d"; done
if [ ! -x "$WEFT" ]; then
    echo "FAIL: $WEFT is not an executable (build it first)"
    echo "0 passed, 1 failed"
    exit 1
fi

if [ -n "$quick" ]; then
    [ -n "$compiler_only" ] || unit_tests
    weft_test "$WEFT" test
    for backend in $(echo "$BACKENDS" | tr ',' ' '); do
        case $backend in
            multicore) weft_test env OMP_NUM_THREADS=7 "$WEFT" test --backend="$backend" \
                           --thresholds=region=0 --thresholds=0 ;;
            *) weft_test "$WEFT" test --backend="$backend" ;;
        esac
    done
fi

# the scripts, all stages' side by side
fuzz=""
pool=""
if [ -n "$quick" ]; then
    for f in tests/fuzz/run.sh tests/fuzz/irregular.sh; do [ -f "$f" ] && fuzz="$fuzz $f"; done
    pool="$(scripts 0) $fuzz"
fi
[ -n "$full" ] && [ -n "$corpus_scripts" ] && pool="$pool $(scripts 1)"
# shellcheck disable=SC2046,SC2086
start_scripts $(long_first $pool)
if [ -n "$quick" ]; then
    header "scripts"
    for s in $(scripts 0); do report_script "$s"; done
    for f in $fuzz; do
        case $f in *irregular.sh) header "irregular fuzz" ;; *) header "fuzz" ;; esac
        report_script "$f"
    done
fi
if [ -n "$full" ] && [ -n "$corpus_scripts" ]; then
    header "whole-corpus scripts"
    for s in $(scripts 1); do report_script "$s"; done
fi

echo
echo "tests/run.sh $*: $(seconds_since "$run_start")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
