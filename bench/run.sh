#!/bin/sh
# run.sh — `make bench`: what weft can be timed on today, each against its baseline in the same run.
#   1. interpreter speed: a 10^7-iteration scalar loop (bench/interp_loop.fut);
#   2. the reference interpreter vs the hand-written C baselines on the reduced FinPar datasets
#      (the same inputs, so the ratio is the interpreter's slowdown);
#   3. the multicore runtime primitives (bench/scan): scan of 2^27 i32 vs memcpy, segmented and
#      struct-operator scans, at 2 threads.
# Times are medians of RUNS runs (default 5). Set RUNS=1 for a quick look.
set -eu
WEFT=${WEFT:-bin/weft}
RUNS=${RUNS:-5}
OUT=${BUILD:-build}/bench
mkdir -p "$OUT"

now() { date +%s.%N; }
# median_time CMD...: run CMD RUNS times (stdin from $INPUT), print the median wall time in seconds
median_time() {
    i=0; : > "$OUT/times"
    while [ $i -lt "$RUNS" ]; do
        t0=$(now); "$@" < "$INPUT" > /dev/null 2>&1; t1=$(now)
        echo "$t1 - $t0" | awk '{ printf "%.6f\n", $1 - $3 }' >> "$OUT/times"
        i=$((i + 1))
    done
    sort -n "$OUT/times" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

echo "== 1. interpreter: 10^7 scalar loop iterations (bench/interp_loop.fut)"
echo 10000000i64 > "$OUT/interp_loop.in"
INPUT=$OUT/interp_loop.in
t=$(median_time "$WEFT" run bench/interp_loop.fut)
echo "   median of $RUNS: $t s  ($(echo "$t" | awk '{ printf "%.0f", 1e7 / $1 / 1e6 }') M iterations/s)"

echo "== 2. interpreter vs hand-written C on the reduced FinPar datasets (median of $RUNS)"
make -s -C bench/baselines OUT="$(pwd)/$OUT" > /dev/null
printf '   %-40s %10s %10s %10s\n' dataset "weft (s)" "C (s)" "ratio"
for d in examples/finpar/data/*.in; do
    name=$(basename "$d" .in)
    prog=${name%%-*}
    INPUT=$d
    tw=$(median_time "$WEFT" run "examples/finpar/$prog.fut")
    tc=$(median_time "$OUT/$prog" -p f32)
    printf '   %-40s %10.3f %10.4f %10.0fx\n' "$name" "$tw" "$tc" "$(echo "$tw $tc" | awk '{ print $1 / $2 }')"
done

echo "== 3. multicore runtime primitives (bench/scan, 2 threads)"
sh bench/scan/run.sh --threads 2
