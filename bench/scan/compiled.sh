#!/bin/sh
# bench/scan/compiled.sh — the scan of 2^LOG2N i32 compiled by weft (bench/scan/scan_i32.fut,
# `weft multicore`) against memcpy of the same bytes, both at THREADS threads, in one run.
# memcpy is scan_bench's "memcpy (N threads)" (bench/scan/scan_bench.c); the scan time is the
# executable's -t figure (the entry call alone), median of RUNS runs after a warm-up.
#   THREADS=2 LOG2N=27 RUNS=7 sh bench/scan/compiled.sh
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
THREADS=${THREADS:-2}
LOG2N=${LOG2N:-27}
RUNS=${RUNS:-7}
OUT=${BUILD:-build}/bench
mkdir -p "$OUT"
n=$((1 << LOG2N))
"$WEFT" multicore bench/scan/scan_i32.fut -o "$OUT/scan_i32"
echo "${n}i64" | "$OUT/scan_i32" -e gen -b > "$OUT/scan_i32.in"
"$OUT/scan_i32" -e main -b --num-threads "$THREADS" -r "$RUNS" -t "$OUT/scan_i32.times" \
    < "$OUT/scan_i32.in" > /dev/null
rm -f "$OUT/scan_i32.in"
scan_us=$(sort -n "$OUT/scan_i32.times" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
cc -std=c11 -O3 -march=native -Wall -Wextra -Werror -fopenmp -o "$OUT/scan_bench" bench/scan/scan_bench.c
memcpy_ms=$("$OUT/scan_bench" --threads "$THREADS" --log2n "$LOG2N" | awk '/^memcpy \(N threads\)/ { print $4 }')
awk -v s="$scan_us" -v m="$memcpy_ms" -v n="$n" -v t="$THREADS" 'BEGIN {
    gb = 2 * 4 * n / 1e9
    printf "compiled scan (+) of %d i32, %d threads: %.2f ms (%.1f GB/s); memcpy %.2f ms (%.1f GB/s): %.2f x memcpy (goal >= 0.75)\n",
           n, t, s / 1000, gb / (s / 1e6), m, gb / (m / 1e3), m / (s / 1000)
}'
