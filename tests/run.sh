#!/bin/sh
# tests/run.sh — everything `make check` runs, in stages:
#   1. unit tests: each tests/unit/*.c compiled with the rts/ sources and run
#   2. `$WEFT test tests examples`: the -- == blocks of every program, on the interpreter, then
#      on each compiled backend in $WEFT_CHECK_BACKENDS (default: c,multicore; empty to skip),
#      and multicore once more with WEFT_THRESHOLDS=0 (the outer-parallel versions) on 7 threads
#   3. each executable tests/scripts/*.sh (exit 0 = one pass, else one failure)
#   4. tests/fuzz/run.sh, when present (same convention)
# It sums the "N passed, N failed" of every stage, prints the total as its last line and exits
# non-zero when anything failed.  WEFT defaults to bin/weft; CC to cc.
cd "$(dirname "$0")/.." || exit 1
WEFT=${WEFT:-bin/weft}
case $WEFT in /*) ;; *) WEFT=$PWD/$WEFT ;; esac
export WEFT
# Under `make check-asan` the compiler's by-design allocations (never freed before exit) would
# turn every run into a LeakSanitizer failure; memory errors are still reported.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export ASAN_OPTIONS
CC=${CC:-cc}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/weft-check-XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT INT TERM

passed=0
failed=0

header() { printf '\n=== %s ===\n' "$1"; }

# Add the counts of the last line of file $1 that contains "N passed, N failed" (perhaps after a
# name: "test_values: N passed, N failed"); a stage that printed no such line is one failure.
add_counts() {
    line=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $1: no \"N passed, N failed\" line"
        failed=$((failed + 1))
        return
    fi
    p=$(echo "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\2/')
    f=$(echo "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\3/')
    passed=$((passed + p))
    failed=$((failed + f))
}

# Run one script; exit 0 is a pass.  Its output is shown only when it fails.
run_script() {
    if sh "$1" > "$TMP/script.out" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $1"
    else
        failed=$((failed + 1))
        echo "FAIL $1"
        sed 's/^/    /' "$TMP/script.out"
    fi
}

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
    add_counts "$TMP/$name.out"
    if [ $rc -ne 0 ] && ! grep -qE ' [1-9][0-9]* failed' "$TMP/$name.out"; then
        echo "FAIL $src: exit status $rc"
        failed=$((failed + 1))
    fi
done

header "test programs: $WEFT test tests examples"
dirs=""
for d in tests examples; do [ -d "$d" ] && dirs="$dirs $d"; done
if [ ! -x "$WEFT" ]; then
    echo "FAIL: $WEFT is not an executable (build it first)"
    failed=$((failed + 1))
else
    "$WEFT" test $dirs > "$TMP/test.out" 2>&1
    cat "$TMP/test.out"
    add_counts "$TMP/test.out"
    for backend in $(echo "${WEFT_CHECK_BACKENDS-c,multicore}" | tr ',' ' '); do
        header "compiled programs: $WEFT test --backend=$backend tests examples"
        "$WEFT" test --backend="$backend" $dirs > "$TMP/test-$backend.out" 2>&1
        cat "$TMP/test-$backend.out"
        add_counts "$TMP/test-$backend.out"
    done
    # multicore programs have two versions of each outermost map with inner parallelism
    # (docs/FLATTENING.md); the test inputs, mostly narrow, take the inner one by default, so
    # the corpus runs once more with every threshold at 0: the outer-parallel versions, and
    # with 7 threads, more than most machines' cores, so that threads steal chunks from the
    # ones the system holds back (src/backend/multicore/regions.c)
    case ",${WEFT_CHECK_BACKENDS-c,multicore}," in *,multicore,*)
        header "compiled programs, outer versions, 7 threads: WEFT_THRESHOLDS=0 OMP_NUM_THREADS=7 $WEFT test --backend=multicore tests examples"
        WEFT_THRESHOLDS=0 OMP_NUM_THREADS=7 "$WEFT" test --backend=multicore $dirs > "$TMP/test-outer.out" 2>&1
        cat "$TMP/test-outer.out"
        add_counts "$TMP/test-outer.out"
    esac
fi

header "scripts"
for s in tests/scripts/*.sh; do
    [ -f "$s" ] && [ -x "$s" ] && run_script "$s"
done

if [ -f tests/fuzz/run.sh ]; then
    header "fuzz"
    run_script tests/fuzz/run.sh
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
