#!/bin/sh
# versions.sh — incremental flattening on the multicore backend, measured (docs/FLATTENING.md):
# each program is timed on each dataset with every single version forced (WEFT_THRESHOLDS=0:
# always the outer-parallel version, i.e. moderate flattening; WEFT_THRESHOLDS=10^12: always
# the inner-parallel one; for matmul also the middle one, rows in sequence and each row's
# columns in parallel), with the default thresholds, and tuned (PROG.fut.tuning from `weft
# autotune`, when present).  Datasets: seed 001's Figure 2 matrix products (2^n x 2^m by
# 2^m x 2^n, m = K - 2n, K default 16: scaled down from 20 because rows are separate blocks
# today), LocVolCalib small/medium/large, OptionPricing D1 (= medium: 2^20 paths, 5 dates) and
# D2 (the large dataset with 500 paths, 367 dates).  Every result is compared with the outer
# version's.  Prints one table (median of RUNS runs, µs) and writes OUT/versions.tsv.
# A version whose runs take more than LIMIT seconds (default 60) is shown as ">60s" (forcing
# inner parallelism on OptionPricing D1 opens parallel regions over one-element arrays 2^20 times).
# Settings: RUNS (5), THREADS (2), K (16), LIMIT (60), WEFT (bin/weft), OUT (build/bench-versions),
# PROGS ("matmul locvolcalib optionpricing").
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
RUNS=${RUNS:-5}
THREADS=${THREADS:-2}
K=${K:-16}
OUT=${OUT:-build/bench-versions}
PROGS=${PROGS:-matmul locvolcalib optionpricing}
DATA=../shared/data/finpar
HUGE=1000000000000
LIMIT=${LIMIT:-60}
mkdir -p "$OUT"
status=0
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# time EXE INPUT LABEL ENV-ASSIGNMENT ARGS...: median µs (or ">LIMITs" when the runs take longer
# than LIMIT seconds in all); the result kept in OUT/LABEL.out
time_one() {
    exe=$1 in=$2 label=$3 envset=$4; shift 4
    if env $envset timeout "$LIMIT" "$exe" -b --num-threads "$THREADS" -r "$RUNS" -t "$OUT/t" "$@" < "$in" > "$OUT/$label.out"; then
        median < "$OUT/t"
    else
        cp "$OUT/outer.out" "$OUT/$label.out" 2> /dev/null || :
        echo ">${LIMIT}s"
    fi
}

row() { # row PROG DATASET EXE INPUT [MIDDLE-ARGS]
    prog=$1 ds=$2 exe=$3 in=$4; shift 4
    outer=$(time_one "$exe" "$in" outer "WEFT_THRESHOLDS=0")
    inner=$(time_one "$exe" "$in" inner "WEFT_THRESHOLDS=$HUGE")
    cmp -s "$OUT/outer.out" "$OUT/inner.out" || { echo "versions: $prog $ds: inner result differs"; status=1; }
    middle=-
    if [ $# -gt 0 ]; then
        middle=$(time_one "$exe" "$in" middle "WEFT_THRESHOLDS=0" "$@")
        cmp -s "$OUT/outer.out" "$OUT/middle.out" || { echo "versions: $prog $ds: middle result differs"; status=1; }
    fi
    dflt=$(time_one "$exe" "$in" default "WEFT_THRESHOLDS=")
    tuned=-
    if [ -f "$TUNING" ]; then
        tuned=$(time_one "$exe" "$in" tuned "WEFT_THRESHOLDS=" --tuning "$TUNING")
        cmp -s "$OUT/outer.out" "$OUT/tuned.out" || { echo "versions: $prog $ds: tuned result differs"; status=1; }
    fi
    best=$(printf '%s\n' "$outer" "$inner" "$middle" | grep -v '^[->]' | sort -n | head -n 1)
    printf '%-14s %-22s %12s %12s %12s %12s %12s %8s\n' "$prog" "$ds" "$outer" "$middle" "$inner" "$dflt" "$tuned" \
        "$(echo "$tuned $dflt $best" | awk '{ t = $1 == "-" ? $2 : $1; printf "%.2f", t / $3 }')"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$prog" "$ds" "$outer" "$middle" "$inner" "$dflt" "$tuned" >> "$OUT/versions.tsv"
}

printf 'program\tdataset\touter\tmiddle\tinner\tdefault\ttuned\n' > "$OUT/versions.tsv"
printf '%-14s %-22s %12s %12s %12s %12s %12s %8s\n' program dataset outer middle inner default tuned "t/best"
for prog in $PROGS; do
    case $prog in
    matmul)
        TUNING=bench/flatten/matmul.fut.tuning
        cc -O2 -std=c11 -o "$OUT/gen_matmul" bench/flatten/gen_matmul.c
        "$WEFT" multicore bench/flatten/matmul.fut -o "$OUT/matmul" > /dev/null
        n=0
        while [ $((2 * n)) -le "$K" ]; do
            m=$((K - 2 * n))
            [ -f "$OUT/mm-$K-$n.in" ] || "$OUT/gen_matmul" $n $m > "$OUT/mm-$K-$n.in"
            row matmul "n=$n m=$m" "$OUT/matmul" "$OUT/mm-$K-$n.in" --param main.suff_outer_par_0=$HUGE
            n=$((n + 1))
        done ;;
    locvolcalib)
        TUNING=examples/finpar/locvolcalib.fut.tuning
        "$WEFT" multicore examples/finpar/locvolcalib.fut -o "$OUT/locvolcalib" > /dev/null
        for size in small medium large; do
            row locvolcalib "$size" "$OUT/locvolcalib" "$DATA/LocVolCalib-$size.in"
        done ;;
    optionpricing)
        TUNING=examples/finpar/optionpricing.fut.tuning
        "$WEFT" multicore examples/finpar/optionpricing.fut -o "$OUT/optionpricing" > /dev/null
        sed '2s/.*/500i32/' "$DATA/OptionPricing-large.in" > "$OUT/op-d2.in"
        row optionpricing "D1 (2^20 paths, 5 dates)" "$OUT/optionpricing" "$DATA/OptionPricing-medium.in"
        row optionpricing "D2 (500 paths, 367 dates)" "$OUT/optionpricing" "$OUT/op-d2.in" ;;
    *) echo "versions: unknown program $prog"; exit 2 ;;
    esac
done
echo "(µs, median of $RUNS runs at $THREADS threads; t/best: tuned, or default without a tuning file, over the best single version)"
exit $status
