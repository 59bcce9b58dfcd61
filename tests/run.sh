#!/bin/sh
# tests/run.sh [--full | --all] [--compiler-only] [--no-corpus-scripts] — the test suite, in stages.
#
# `make check` (no option), the quick part, meant to finish in minutes on two shared cores:
#   1. unit tests: each tests/unit/*.c compiled with the rts/ sources and run
#   2. `$WEFT test tests examples`: the -- == blocks of every program, on the interpreter, then
#      on each compiled backend in $WEFT_CHECK_BACKENDS (default: c,multicore; empty to skip;
#      multicore with every parallel region on all threads: --thresholds=region=0)
#   3. every executable tests/scripts/*.sh but the slow ones of FULL_SCRIPTS below
#   4. tests/fuzz/run.sh, when present, and tests/fuzz/irregular.sh's smoke run (20 generated
#      irregular programs, interpreter against c and multicore)
# `make check-full` (--full), the slow whole-corpus passes the quick part leaves out:
#   5. multicore once more with --thresholds=0 (the outer-parallel versions) on 7 threads
#   6. the scripts of FULL_SCRIPTS (the AST and core IR round trips and the optimiser's passes
#      over the whole corpus)
# --all runs both; --no-corpus-scripts leaves stage 6 out (.ci/run: it runs those scripts under
# ASan + UBSan in check-asan, a stricter run of the same checks).  --compiler-only leaves out what does not run $WEFT — the unit tests and the
# scripts of NO_WEFT_SCRIPTS, whose results cannot depend on which weft is tested — for `make
# check-asan`, which runs the rest with a weft built under ASan + UBSan.
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

# Run one script; it prints its own counts (tests/scripts/lib.sh).  Its output is shown only
# when something failed, else its summary line and how long it took.
run_script() {
    start=$(date +%s)
    sh "$1" > "$TMP/script.out" 2>&1
    rc=$?
    before=$failed
    counted "$1" $rc "$TMP/script.out"
    if [ "$failed" -eq "$before" ]; then
        echo "ok   $1: $(grep -E '[0-9]+ passed, [0-9]+ failed' "$TMP/script.out" | tail -n 1 |
            sed 's/^[^ ]*: //') ($(seconds_since "$start"))"
    else
        echo "FAIL $1"
        sed 's/^/    /' "$TMP/script.out"
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
# run_scripts FULL: every executable tests/scripts/*.sh in FULL_SCRIPTS (FULL=1), or in neither
# FULL_SCRIPTS nor BACKEND_FULL_SCRIPTS (FULL=0)
run_scripts() {
    for s in tests/scripts/*.sh; do
        [ -f "$s" ] && [ -x "$s" ] || continue
        if [ "$1" = 1 ]; then listed "$s" "$FULL_SCRIPTS" || continue; else ! full_only "$s" || continue; fi
        [ -n "$compiler_only" ] && listed "$s" "$NO_WEFT_SCRIPTS" && continue
        run_script "$s"
    done
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
    # multicore: every parallel region on all threads (--thresholds region=0), as the test
    # inputs are too small to pass multicore.suff_region_work and would otherwise run their
    # regions in the calling thread alone (docs/BACKENDS.md); tests/scripts/region_work.sh
    # checks both sides of it
    for backend in $(echo "$BACKENDS" | tr ',' ' '); do
        case $backend in
            multicore) weft_test "$WEFT" test --backend="$backend" --thresholds=region=0 ;;
            *) weft_test "$WEFT" test --backend="$backend" ;;
        esac
    done
    header "scripts"
    run_scripts 0
    if [ -f tests/fuzz/run.sh ]; then
        header "fuzz"
        run_script tests/fuzz/run.sh
    fi
    if [ -f tests/fuzz/irregular.sh ]; then
        header "irregular fuzz"
        run_script tests/fuzz/irregular.sh
    fi
fi

if [ -n "$full" ]; then
    # multicore programs have two versions of each outermost map with inner parallelism
    # (docs/FLATTENING.md); the test inputs, mostly narrow, take the inner one by default, so
    # the corpus runs once more with every threshold at 0: the outer-parallel versions, and
    # with 7 threads, more than most machines' cores, so that threads steal chunks from the
    # ones the system holds back (src/backend/multicore/regions.c)
    case ",$BACKENDS," in *,multicore,*)
        weft_test env OMP_NUM_THREADS=7 "$WEFT" test --backend=multicore --thresholds=0
    esac
    if [ -n "$corpus_scripts" ]; then
        header "whole-corpus scripts"
        run_scripts 1
    fi
fi

echo
echo "tests/run.sh $*: $(seconds_since "$run_start")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
