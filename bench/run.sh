#!/bin/sh
# run.sh — `make bench`: what weft can be timed on today, each against its baseline in the same run.
#   1. interpreter speed: a 10^7-iteration scalar loop (bench/interp_loop.fut);
#   2. compiled FinPar: OptionPricing and LocVolCalib (examples/finpar) on the FinPar datasets,
#      timed by `weft bench --json` (validated against the .out files), side by side with the
#      hand-written sequential C baselines (bench/baselines, validated too) and FinPar's own
#      C/OpenMP figures (published numbers from the specs, not measured here); plus the
#      compiler's own time on OptionPricing (`weft c --no-cc`);
#   3. the multicore runtime primitives (bench/scan): scan of 2^27 i32 vs memcpy, segmented and
#      struct-operator scans, at 2 threads; then the same scan written in weft and compiled by
#      weft multicore (bench/scan/compiled.sh), against memcpy measured in the same run;
#   4. seed 002's scan programs (examples/scan, bench/scan/apps.sh) on weft c and multicore.
# Times are medians of RUNS runs (default 5).  Settings (environment):
#   RUNS=5  BENCH_BACKEND=multicore (or c)  THREADS=2  BENCH_SIZES="small medium large"
# e.g. `BENCH_BACKEND=c BENCH_SIZES=small RUNS=2 make bench` for a quick look.
set -eu
WEFT=${WEFT:-bin/weft}
RUNS=${RUNS:-5}
BACKEND=${BENCH_BACKEND:-multicore}
THREADS=${THREADS:-2}
SIZES=${BENCH_SIZES:-small medium large}
DATA=${DATA:-../shared/data/finpar}
OUT=${BUILD:-build}/bench
mkdir -p "$OUT"
status=0

now() { date +%s.%N; }
# median_time CMD...: run CMD RUNS times (stdin from $INPUT), print the median wall time in seconds
median_time() {
    i=0; : > "$OUT/times"
    while [ $i -lt "$RUNS" ]; do
        t0=$(now); "$@" < "$INPUT" > /dev/null 2>&1; t1=$(now)
        echo "$t1 - $t0" | awk '{ printf "%.6f\n", $1 - $3 }' >> "$OUT/times"
        i=$((i + 1))
    done
    median < "$OUT/times"
}
# median: the median of the numbers on stdin, one a line
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "== 1. interpreter: 10^7 scalar loop iterations (bench/interp_loop.fut)"
echo 10000000i64 > "$OUT/interp_loop.in"
INPUT=$OUT/interp_loop.in
t=$(median_time "$WEFT" run bench/interp_loop.fut)
echo "   median of $RUNS: $t s  ($(echo "$t" | awk '{ printf "%.0f", 1e7 / $1 / 1e6 }') M iterations/s)"

# ---- 2. compiled FinPar

# FinPar's C/OpenMP times in seconds on a 2-core machine (gcc -O3), 1 and 2 threads: the tables
# "Sizes and a peer's time" of ../shared/specs/optionpricing.md and ../shared/specs/locvolcalib.md.
finpar_seconds() { # PROGRAM SIZE THREADS
    case "$1-$2" in
        OptionPricing-small) set -- "$3" 0.43 0.22 ;;
        OptionPricing-medium) set -- "$3" 0.41 0.21 ;;
        OptionPricing-large) set -- "$3" 3.45 1.82 ;;
        LocVolCalib-small) set -- "$3" 1.89 1.06 ;;
        LocVolCalib-medium) set -- "$3" 3.71 2.02 ;;
        LocVolCalib-large) set -- "$3" 61.8 35.3 ;;
        *) echo "-"; return ;;
    esac
    case $1 in 1) echo "$2" ;; 2) echo "$3" ;; *) echo "-" ;; esac
}

# json_field JSON DATASET FIELD: a field of one dataset of `weft bench --json` (one dataset a line)
json_field() {
    grep -F "\"$2\": {\"runtimes\"" "$1" | sed -n "s/.*\"$3\": \\([^,}]*\\).*/\\1/p" | head -1
}

# compare A B ABS REL: every number of file A within ABS + REL*|b| of B's (bench/baselines/compare.awk)
compare() { awk -v abs="$3" -v rel="$4" -f bench/baselines/compare.awk "$1" "$2" > /dev/null; }

# baseline PROG SIZE ABS REL: median µs of the hand-written C on one dataset ("FAIL" if wrong)
baseline() {
    lower=$(echo "$1" | tr 'A-Z' 'a-z')
    rm -f "$OUT/base.t"
    if ! "$OUT/$lower" -t "$OUT/base.t" -r "$RUNS" -p f32 < "$DATA/$1-$2.in" > "$OUT/base.out" 2> /dev/null ||
        ! compare "$OUT/base.out" "$DATA/$1-$2.out" "$3" "$4"; then
        echo FAIL
        return
    fi
    median < "$OUT/base.t" | awk '{ printf "%.0f", $1 }'
}

ratio() { echo "$1 $2" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2f", $1 / $2; exit } { printf "-" }'; }

# bench_program NAME FILE ABS REL: weft bench on the chosen FinPar sizes, then the table rows
bench_program() {
    name=$1 prog=$2
    sel=""
    for s in $SIZES; do sel="$sel --dataset=finpar/$name-$s.in"; done
    echo "   -- weft bench --backend=$BACKEND --num-threads=$THREADS --runs=$RUNS $prog"
    # shellcheck disable=SC2086
    if ! "$WEFT" bench --backend="$BACKEND" --num-threads="$THREADS" --runs="$RUNS" --json="$OUT/$name.json" \
            $sel "$prog" > "$OUT/$name.log" 2>&1; then
        sed 's/^/      /' "$OUT/$name.log"
        status=1
    fi
    [ -f "$OUT/$name.json" ] || return 0
    for s in $SIZES; do
        d=$(grep -o "\"[^\"]*finpar/$name-$s.in\"" "$OUT/$name.json" | head -1 | tr -d '"')
        [ -n "$d" ] || continue
        tw=$(json_field "$OUT/$name.json" "$d" median_us)
        ok=$(json_field "$OUT/$name.json" "$d" validated)
        bytes=$(json_field "$OUT/$name.json" "$d" bytes)
        tw=$(echo "$tw" | awk '{ printf "%.0f", $1 }')
        [ "$ok" = true ] || tw=FAIL
        tb=$(baseline "$name" "$s" "$3" "$4")
        if [ "$tb" = FAIL ]; then status=1; fi
        tf=$(finpar_seconds "$name" "$s" "$THREADS")
        tfus=$(echo "$tf" | awk '$1 + 0 > 0 { printf "%.0f", $1 * 1e6; exit } { print "-" }')
        printf '   %-22s %11s %11s %11s %9s %9s %9s\n' "$name-$s" "$tw" "$tb" "$tfus" \
            "$(ratio "$tw" "$tb")" "$(ratio "$tw" "$tfus")" \
            "$(echo "$bytes" | awk '$1 + 0 >= 0 { printf "%.1f", $1 / 1048576; exit } { print "-" }')"
    done
}

echo "== 2. compiled FinPar: weft $BACKEND ($THREADS threads) vs hand-written C (sequential) vs FinPar C/OpenMP ($THREADS threads)"
echo "   median of $RUNS runs in µs; goal: weft/FinPar <= 0.9; FinPar figures are published numbers (specs), not measured"
make -s -C bench/baselines OUT="$(pwd)/$OUT" > /dev/null
printf '   %-22s %11s %11s %11s %9s %9s %9s\n' dataset "weft" "C" "FinPar-omp" "weft/C" "weft/FP" "peak MiB"
bench_program OptionPricing examples/finpar/optionpricing.fut 0 0.002
bench_program LocVolCalib examples/finpar/locvolcalib.fut 1e-5 0

echo "== 2b. compile time: weft c --no-cc examples/finpar/optionpricing.fut (median of $RUNS; goal <= 0.5 s)"
INPUT=/dev/null
t=$(median_time "$WEFT" c examples/finpar/optionpricing.fut --no-cc -o "$OUT/optionpricing-nocc")
echo "   $t s"

echo "== 3. multicore runtime primitives (bench/scan, 2 threads)"
sh bench/scan/run.sh --threads 2
echo "== 3b. the scan compiled by weft multicore (bench/scan/scan_i32.fut) vs memcpy, same run"
WEFT=$WEFT THREADS=$THREADS sh bench/scan/compiled.sh || status=1
echo "== 4. seed 002's scan programs (examples/scan) on c and multicore (bench/scan/apps.sh)"
WEFT=$WEFT THREADS=$THREADS RUNS=$RUNS sh bench/scan/apps.sh || status=1
exit $status
