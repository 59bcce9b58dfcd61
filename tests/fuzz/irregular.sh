#!/bin/sh
# irregular.sh — the differential fuzzer of irregular nested parallelism: programs from
# tests/fuzz/gen_irregular.c, each run on the interpreter (the reference) and then, through a
# `-- ==` block holding the interpreter's results, by `weft test` on the compiled backends with
# several threshold settings from one compilation: the executable's defaults, every region
# parallel (region=0), the outer-parallel versions (0) and the flattened ones forced
# (outer_par=10^12 with region=0).  A disagreement, a crash, a compile error on a program the
# type checker accepted, an interpreter failure other than a run-time error (exit 2) or a
# generated program the checker rejects is a failure.
#
#   sh tests/fuzz/irregular.sh [SEED [COUNT]]     (defaults 1 and 20: the smoke run of make check)
#
# IRR_BACKENDS (default c,multicore), IRR_CC (weft test --cc, e.g. "cc -fsanitize=address,undefined"),
# IRR_KEEP=DIR (keep the programs there; default: a temporary directory, removed), IRR_J (weft
# test -j, default 2).  The failing programs are copied to IRR_FINDINGS (default
# build/irrfuzz-findings).  Ends with "irregular: N passed, M failed" (one check per program).
# A seed whose program hits a known unfixed finding (a note in tests/fuzz/regressions/irregular/
# whose first line names the seed) is skipped with a line that names the note.
cd "$(dirname "$0")/../.." || exit 1
WEFT=${WEFT:-bin/weft}
case $WEFT in /*) ;; *) WEFT=$PWD/$WEFT ;; esac
CC=${CC:-cc}
seed=${1:-1}
count=${2:-20}
backends=${IRR_BACKENDS:-c,multicore}
findings=${IRR_FINDINGS:-build/irrfuzz-findings}
mkdir -p build "$findings"
$CC -std=c11 -O2 -Wall -Wextra -Werror -o build/gen_irregular tests/fuzz/gen_irregular.c || exit 1
if [ -n "$IRR_KEEP" ]; then
    dir=$IRR_KEEP
    mkdir -p "$dir"
else
    dir=$(mktemp -d "${TMPDIR:-/tmp}/weft-irrfuzz-XXXXXX") || exit 1
    trap 'rm -rf "$dir"' EXIT INT TERM
fi
OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
export OMP_WAIT_POLICY

passed=0 failed=0 skipped_inputs=0 skipped_empty=0
finding() { # finding FILE MESSAGE
    echo "FAIL $1: $2"
    cp "$1" "$findings/" 2>/dev/null
    failed=$((failed + 1))
}

# known_finding SEED: the note in tests/fuzz/regressions/irregular/ of an unfixed finding that
# this seed's program hits (its first line says "seed N"), or nothing
known_finding() {
    grep -l "^-- UNFIXED (irregular fuzzer, seed $1[ ,)]" tests/fuzz/regressions/irregular/*.txt 2>/dev/null | head -n 1
}

# 1. generate and run on the interpreter; the programs with at least one input go to weft test
s=$seed
end=$((seed + count))
while [ "$s" -lt "$end" ]; do
    p=$dir/irr$s.fut
    if [ -n "$(known_finding "$s")" ]; then
        echo "seed $s: skipped, a known unfixed finding: $(known_finding "$s")"
        s=$((s + 1))
        continue
    fi
    build/gen_irregular "$s" > "$dir/gen.out"
    grep -v '^--input: ' "$dir/gen.out" > "$p"
    if ! "$WEFT" check "$p" > "$dir/check.err" 2>&1; then
        finding "$p" "the type checker rejects a generated program: $(head -n 1 "$dir/check.err")"
        s=$((s + 1))
        continue
    fi
    echo "-- ==" >> "$p"
    cases=0 bad=
    grep '^--input: ' "$dir/gen.out" | sed 's/^--input: //' > "$dir/inputs"
    while IFS= read -r input; do
        printf '%s\n' "$input" | timeout 30 "$WEFT" run "$p" > "$dir/run.out" 2> "$dir/run.err"
        rc=$?
        case $rc in
            0) # the interpreter knows the inner sizes of an empty array only where they were
               # given (docs/ARCHITECTURE.md, "The interpreter"): such results are left out
               if grep -qE 'empty\(\[[0-9]+\]\[' "$dir/run.out"; then
                   skipped_empty=$((skipped_empty + 1))
               else
                   echo "-- input { $input } output { $(tr '\n' ' ' < "$dir/run.out")}" >> "$p.cases"
                   cases=$((cases + 1))
               fi ;;
            2) skipped_inputs=$((skipped_inputs + 1)) ;;
            *) bad="interpreter exit $rc on { $input }: $(head -n 1 "$dir/run.err")" ;;
        esac
    done < "$dir/inputs"
    if [ -n "$bad" ]; then
        finding "$p" "$bad"
        rm -f "$p" "$p.cases"
    elif [ "$cases" -eq 0 ]; then
        rm -f "$p" "$p.cases"
    else
        cat "$p.cases" >> "$p"
        rm -f "$p.cases"
    fi
    s=$((s + 1))
done

# 2. the compiled backends against the interpreter's results
if ls "$dir"/irr*.fut > /dev/null 2>&1; then
    set -- --backend="$backends" --thresholds=default --thresholds=region=0 --thresholds=0 \
        --thresholds=outer_par=1000000000000,region=0 -j "${IRR_J:-2}"
    [ -n "$IRR_CC" ] && set -- "$@" --cc="$IRR_CC"
    OMP_NUM_THREADS=${OMP_NUM_THREADS:-3} "$WEFT" test "$@" "$dir" > "$dir/test.out" 2>&1
    # weft test prints a FAIL line per failing case, naming the file
    for p in "$dir"/irr*.fut; do
        if grep -q "$(basename "$p")" "$dir/test.out"; then
            finding "$p" "$(grep "$(basename "$p")" "$dir/test.out" | head -n 1)"
        else
            passed=$((passed + 1))
        fi
    done
    if ! grep -qE '[0-9]+ passed, 0 failed' "$dir/test.out" && [ "$failed" -eq 0 ]; then
        cat "$dir/test.out"
        failed=$((failed + 1))
    fi
fi
echo "($skipped_inputs inputs skipped: run-time errors on the interpreter; $skipped_empty:"\
    "empty arrays of several dimensions in the results)"
echo "irregular: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
