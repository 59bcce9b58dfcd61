#!/bin/sh
# bench.sh — InterestCalib (examples/finpar/interestcalib.fut, docs/INTERESTCALIB.md) on FinPar's
# datasets: weft multicore at THREADS threads side by side with FinPar's own OpenMP build at the
# same threads, runs interleaved (weft, FinPar, weft, FinPar, ...), medians of RUNS; then the
# versions of weft's program (default thresholds, WEFT_THRESHOLDS=0: every outer-parallel version,
# WEFT_THRESHOLDS=2^40: every inner-parallel one) on the first size, also interleaved.
#
# FinPar's build: its sources (a FinPar checkout, FINPAR_SRC; never part of this repository) are
# copied into OUT/finpar and compiled with FinPar's flags (g++ -O3 -fopenmp) in double precision
# (KerConsts.h WITH_FLOAT 0: the configuration that made FinPar's references and validates
# against them; the shipped float one does not compile with g++ >= 6 and fails on medium,
# docs/INTERESTCALIB.md).  Two variants: "FinPar OpenMP" as written, whose Brent loop always
# runs its 1000 steps, and "FinPar OpenMP, Brent stops" with the loop left at convergence, as
# weft's program and the C baseline do (same roots, same results).  FinPar's time is the
# one it prints (the search, parsing excluded); weft's is its -t time (the same span).
# Without FINPAR_SRC the FinPar columns are skipped.
#
# Every weft result is validated by the C baseline: its genome priced again (--verify) and
# FinPar's rule against FinPar's reference (--ref); FinPar's runs by their own "VALID" line.
# Large is not run: FinPar's large input is its medium input (docs/INTERESTCALIB.md).
# Settings: SIZES (small), RUNS (3), THREADS (2), FINPAR_SRC, WEFT (bin/weft), CC, CXX,
# DATA (data/finpar), OUT (build/interestcalib-bench), RESULTS_TSV (bench/run.sh's
# results file: benchmark, dataset, variant, median µs, peak bytes, validated, runs).
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
SIZES=${SIZES:-small}
RUNS=${RUNS:-3}
THREADS=${THREADS:-2}
DATA=${DATA:-data/finpar}
OUT=${OUT:-build/interestcalib-bench}
FINPAR_SRC=${FINPAR_SRC:-}
mkdir -p "$OUT"
status=0
result() { [ -z "${RESULTS_TSV:-}" ] || printf 'InterestCalib\t%s\t%s\t%s\t\t%s\t%s\n' "$@" >> "$RESULTS_TSV"; }
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
runs_list() { awk '{ printf "%s%.0f", (NR > 1 ? ", " : ""), $1 }' "$1"; }
ratio() { echo "$1 $2" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2f", $1 / $2; exit } { printf "-" }'; }

${CC:-cc} -std=c11 -O3 -o "$OUT/baseline" bench/baselines/interestcalib.c -lm
"$WEFT" multicore examples/finpar/interestcalib.fut -o "$OUT/ic" > /dev/null

# FinPar's OpenMP build, double precision; $OUT/finpar/SwapCalib and SwapCalib-brent
finpar=0
if [ -n "$FINPAR_SRC" ]; then
    if [ -f "$FINPAR_SRC/InterestCalib/CppOpenMP/SwapCalib.cpp" ]; then
        rm -rf "$OUT/finpar"
        mkdir -p "$OUT/finpar"
        cp -r "$FINPAR_SRC/include" "$FINPAR_SRC/InterestCalib" "$OUT/finpar/"
        sed -i 's/^#define WITH_FLOAT 1/#define WITH_FLOAT 0/' "$OUT/finpar/InterestCalib/includeC/KerConsts.h"
        src=$OUT/finpar/InterestCalib
        build() { # OUTPUT: FinPar's Makefile's command line (its warnings in OUT/finpar/build.log)
            ${CXX:-g++} -DENABLE_OPENMP -fopenmp -O3 -I"$OUT/finpar/include" -I"$src/includeC" \
                -o "$1" "$src/CppOpenMP/SwapCalib.cpp" 2>> "$OUT/finpar/build.log" ||
                { cat "$OUT/finpar/build.log"; exit 1; }
        }
        build "$OUT/finpar/SwapCalib"
        # Brent's loop: leave at convergence instead of idling through the remaining steps
        sed -i 's/        if ( fb != 0.0 \&\& fabs(b-a) >= tol ) {/        if ( !(fb != 0.0 \&\& fabs(b-a) >= tol) ) break; {/' "$src/includeC/MathModule.h"
        grep -q 'tol) ) break; {' "$src/includeC/MathModule.h" || { echo "bench: could not patch FinPar's Brent loop"; exit 1; }
        build "$OUT/finpar/SwapCalib-brent"
        finpar=1
    else
        echo "bench: FINPAR_SRC=$FINPAR_SRC holds no InterestCalib/CppOpenMP/SwapCalib.cpp"
        status=1
    fi
else
    echo "   (FINPAR_SRC unset: FinPar's OpenMP build skipped; FINPAR_SRC=path/to/finpar checkout)"
fi

# weft_run INPUT REF TIMES [ENV]: one run of weft's program at THREADS threads, validated;
# appends its µs to TIMES; false when the run or its validation fails
weft_run() {
    env ${4:-WEFT_THRESHOLDS=} "$OUT/ic" --num-threads "$THREADS" -t "$OUT/w.t" < "$1" > "$OUT/w.out" &&
        cat "$OUT/w.t" >> "$3" &&
        "$OUT/baseline" --verify "$OUT/w.out" --ref "$2" < "$1" > /dev/null 2> "$OUT/verify.log" ||
        { echo "bench: weft ${4:-} on $1: $(cat "$OUT/verify.log" 2> /dev/null)"; return 1; }
}
# finpar_run BINARY INPUT.data OUTPUT.data TIMES: one run of FinPar's build, by its own validation
finpar_run() {
    cat "$2" "$3" | OMP_NUM_THREADS=$THREADS "$1" > "$OUT/f.out" 2> /dev/null || true
    grep -q '^1[[:space:]]*// VALID' "$OUT/f.out" || { echo "bench: $1: not VALID"; return 1; }
    sed -n 's|^\([0-9]*\)[[:space:]]*// Runtime in microseconds.*|\1|p' "$OUT/f.out" >> "$4"
}

echo "   weft multicore vs FinPar's OpenMP build (double), $THREADS threads, median of $RUNS interleaved runs, µs"
printf '   %-8s %12s %12s %12s %9s %9s\n' size weft FinPar "FinPar-brent" weft/FP weft/FP-b
for s in $SIZES; do
    S=$(echo "$s" | sed 's/^./\U&/')
    orig_in=$DATA/orig/InterestCalib-$S.input.data ref=$DATA/orig/InterestCalib-$S.output.data
    [ -f "$orig_in" ] || { echo "bench: no $orig_in"; status=1; continue; }
    in=$OUT/$s.in
    "$OUT/baseline" --dump < "$orig_in" > "$in"
    : > "$OUT/weft.times"; : > "$OUT/fp.times"; : > "$OUT/fpb.times"
    ok=true fok=true fbok=true
    r=0
    while [ $r -lt "$RUNS" ]; do
        weft_run "$in" "$ref" "$OUT/weft.times" || { ok=false; status=1; }
        if [ $finpar = 1 ]; then
            finpar_run "$OUT/finpar/SwapCalib" "$orig_in" "$ref" "$OUT/fp.times" || { fok=false; status=1; }
            finpar_run "$OUT/finpar/SwapCalib-brent" "$orig_in" "$ref" "$OUT/fpb.times" || { fbok=false; status=1; }
        fi
        r=$((r + 1))
    done
    w=$(median < "$OUT/weft.times") f=- fb=-
    result "$s" "weft multicore ($THREADS threads)" "$w" "$ok" "$(runs_list "$OUT/weft.times")"
    if [ $finpar = 1 ]; then
        f=$(median < "$OUT/fp.times") fb=$(median < "$OUT/fpb.times")
        result "$s" "FinPar OpenMP ($THREADS threads)" "$f" "$fok" "$(runs_list "$OUT/fp.times")"
        result "$s" "FinPar OpenMP, Brent stops ($THREADS threads)" "$fb" "$fbok" "$(runs_list "$OUT/fpb.times")"
    fi
    printf '   %-8s %12s %12s %12s %9s %9s\n' "$s" "$w" "$f" "$fb" "$(ratio "$w" "$f")" "$(ratio "$w" "$fb")"
done

# the versions of the program on the first size
s=${SIZES%% *}
S=$(echo "$s" | sed 's/^./\U&/')
echo "   versions of weft's program on $s ($THREADS threads, median of $RUNS interleaved runs, µs)"
for v in default outer inner; do : > "$OUT/v-$v"; echo true > "$OUT/v-$v.ok"; done
r=0
while [ $r -lt "$RUNS" ]; do
    for v in default:WEFT_THRESHOLDS= outer:WEFT_THRESHOLDS=0 inner:WEFT_THRESHOLDS=1099511627776; do
        weft_run "$OUT/$s.in" "$DATA/orig/InterestCalib-$S.output.data" "$OUT/v-${v%%:*}" "${v#*:}" ||
            { echo false > "$OUT/v-${v%%:*}.ok"; status=1; }
    done
    r=$((r + 1))
done
for v in default outer inner; do
    printf '   %-8s %12s\n' "$v" "$(median < "$OUT/v-$v")"
    result "$s" "weft multicore, $v versions ($THREADS threads)" "$(median < "$OUT/v-$v")" "$(cat "$OUT/v-$v.ok")" "$(runs_list "$OUT/v-$v")"
done
exit $status
