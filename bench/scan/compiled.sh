#!/bin/sh
# bench/scan/compiled.sh — the scan of 2^LOG2N i32 compiled by weft (bench/scan/scan_i32.fut,
# `weft multicore`) against memcpy of the same bytes, both at THREADS threads.
# ROUNDS rounds (default 5), each: the compiled scan (the executable's -t figure, the entry
# call alone, median of RUNS = 7 runs after a warm-up: the first two or three runs of a process
# are 10-40 % slower than the rest), then memcpy and the hand-written scan
# (bench/scan/scan_bench.c's "memcpy (N threads)" and "scan i32 inclusive (vec)"), and a copy with
# streaming stores (the ceiling for a scan that writes its output once; reported beside).  Each
# round's ratio pairs figures taken seconds apart, so a slow spell of the machine moves both;
# the reported ratio is the median of the rounds' ratios, the times the medians of the rounds.
# The first round's result is checked element by element against the prefix sums of gen's
# values (a small C checker built here), and its peak memory read from --print-peak-mem.
#   THREADS=2 LOG2N=27 ROUNDS=5 RUNS=7 sh bench/scan/compiled.sh
# RESULTS_TSV=FILE appends benchmark, dataset, variant, median µs, peak bytes, validated
# (tab-separated, bench/run.sh's results.json) for weft multicore, the hand-written C scan and memcpy.
# Exit status 1 when the result is wrong.
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
THREADS=${THREADS:-2}
LOG2N=${LOG2N:-27}
RUNS=${RUNS:-7}
ROUNDS=${ROUNDS:-5}
OUT=${BUILD:-build}/bench
mkdir -p "$OUT"
n=$((1 << LOG2N))
"$WEFT" multicore bench/scan/scan_i32.fut -o "$OUT/scan_i32"
echo "${n}i64" | "$OUT/scan_i32" -e gen -b > "$OUT/scan_i32.in"
# scan_check N: stdin is [N]i32 in Futhark's binary format, the inclusive prefix sums of gen N
cat > "$OUT/scan_check.c" <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : -1, dim = -1, i = 0;
    unsigned char h[7];
    if (fread(h, 1, 7, stdin) != 7 || h[0] != 'b' || h[2] != 1 || memcmp(h + 3, " i32", 4) ||
        fread(&dim, 8, 1, stdin) != 1 || dim != n) { puts("not an [n]i32 of the right n"); return 1; }
    int32_t buf[4096], acc = 0;
    size_t k;
    while ((k = fread(buf, 4, 4096, stdin)) > 0)
        for (size_t j = 0; j < k; j++, i++) {
            acc += (int32_t)(i % 1000) - 500;
            if (buf[j] != acc) { printf("wrong at %lld\n", (long long)i); return 1; }
        }
    if (i != n) { puts("too short"); return 1; }
    return 0;
}
C
cc -std=c11 -O2 -Wall -Wextra -Werror -o "$OUT/scan_check" "$OUT/scan_check.c"
cc -std=c11 -O3 -march=native -Wall -Wextra -Werror -fopenmp -o "$OUT/scan_bench" bench/scan/scan_bench.c
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ok=true
rm -f "$OUT/scan_rounds"
for r in $(seq "$ROUNDS"); do
    if [ "$r" = 1 ]; then
        "$OUT/scan_i32" -e main -b --num-threads "$THREADS" -r "$RUNS" -t "$OUT/scan_i32.times" --print-peak-mem \
            < "$OUT/scan_i32.in" 2> "$OUT/scan_i32.err" | "$OUT/scan_check" "$n" || ok=false
    else
        "$OUT/scan_i32" -e main -b --num-threads "$THREADS" -r "$RUNS" -t "$OUT/scan_i32.times" \
            < "$OUT/scan_i32.in" > /dev/null
    fi
    "$OUT/scan_bench" --threads "$THREADS" --log2n "$LOG2N" --only "scan i32 inclusive (vec)|copy, streaming" > "$OUT/scan_bench.out"
    # one line per round: scan µs (median of the round's runs), memcpy ms, hand-written scan ms,
    # streaming copy ms
    echo "$(median < "$OUT/scan_i32.times") $(awk '/^memcpy \(N threads\)/ { print $4 }' "$OUT/scan_bench.out")" \
        "$(awk '/^scan i32 inclusive \(vec\)/ { print $5 }' "$OUT/scan_bench.out")" \
        "$(awk '/^copy, streaming stores/ { print $4 }' "$OUT/scan_bench.out")" >> "$OUT/scan_rounds"
done
rm -f "$OUT/scan_i32.in"
peak=$(sed -n 's/^peak_mem_bytes=//p' "$OUT/scan_i32.err")
scan_us=$(awk '{ print $1 }' "$OUT/scan_rounds" | median)
memcpy_ms=$(awk '{ print $2 }' "$OUT/scan_rounds" | median)
cscan_ms=$(awk '{ print $3 }' "$OUT/scan_rounds" | median)
stream_ms=$(awk '{ print $4 }' "$OUT/scan_rounds" | median)
sratio=$(awk '{ print $4 / ($1 / 1000) }' "$OUT/scan_rounds" | median)
ratio=$(awk '{ print $2 / ($1 / 1000) }' "$OUT/scan_rounds" | median)
rounds=$(awk '{ printf "%s%.2f", (NR > 1 ? " " : ""), $2 / ($1 / 1000) }' "$OUT/scan_rounds")
if [ -n "${RESULTS_TSV:-}" ]; then
    d="2^$LOG2N i32"
    printf 'scan\t%s\t%s\t%s\t%s\t%s\n' "$d" "weft multicore" "$scan_us" "$peak" "$ok" \
        "$d" "hand-written C (rts/mc.h)" "$(echo "$cscan_ms" | awk '{ printf "%.0f", $1 * 1000 }')" "" null \
        "$d" "memcpy (N threads)" "$(echo "$memcpy_ms" | awk '{ printf "%.0f", $1 * 1000 }')" "" null \
        "$d" "copy, streaming stores" "$(echo "$stream_ms" | awk '{ printf "%.0f", $1 * 1000 }')" "" null >> "$RESULTS_TSV"
fi
awk -v s="$scan_us" -v m="$memcpy_ms" -v n="$n" -v t="$THREADS" -v q="$ratio" -v rs="$rounds" \
    -v c="$stream_ms" -v sq="$sratio" 'BEGIN {
    gb = 2 * 4 * n / 1e9
    printf "compiled scan (+) of %d i32, %d threads: %.2f ms (%.1f GB/s); memcpy %.2f ms (%.1f GB/s): %.2f x memcpy (goal >= 0.75; rounds: %s)\n",
           n, t, s / 1000, gb / (s / 1e6), m, gb / (m / 1e3), q, rs
    printf "  against a copy with streaming stores, %.2f ms (%.1f GB/s): %.2f x\n", c, gb / (c / 1e3), sq
}'
[ $ok = true ] || { echo "compiled scan: WRONG result"; exit 1; }
