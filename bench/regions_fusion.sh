#!/bin/sh
# regions_fusion.sh — what fusing adjacent segops into one OpenMP region would save (issue 24
# item 2, docs/PERFORMANCE.md "Parallel regions at 1 and 2 threads"): bench/baselines/
# regions_fusion.c's rounds of S dependent parallel loops, one region per loop (weft multicore
# today) against one region per round with barriers between the loops (fused), at 1 and 2
# threads, with the executables' wait policy (OMP_WAIT_POLICY=passive, docs/EXECUTABLES.md), on
# a quiet machine and beside one busy neighbour (`yes` on the second CPU), pinned like
# bench/regions.sh.
#
#   sh bench/regions_fusion.sh
#
# Prints one tab-separated line per measurement: load  threads  W  regions  fused  fused/regions
# (microseconds per loop, each the median of its repeats, the two alternating; the median of
# the repeats' ratios).  Settings (environment): WIDTHS (default "0 32768 65536": the
# loops' iterations; quicksort's parallel regions do 2^15-2^16 work), CPUS (default 0,1), LOADS
# (default "quiet busy"), ARGS (default "-s 25 -n 40 -k 7": loops per round, rounds, repeats).
set -eu
cd "$(dirname "$0")/.." || exit 2
WIDTHS=${WIDTHS:-0 32768 65536}
CPUS=${CPUS:-0,1}
LOADS=${LOADS:-quiet busy}
ARGS=${ARGS:--s 25 -n 40 -k 7}
T=$(mktemp -d "${TMPDIR:-/tmp}/weft-fusion-XXXXXX")
busy=
busy_stop() {
    [ -n "$busy" ] || return 0
    kill "$busy"
    wait "$busy" 2> /dev/null || true
    busy=
}
trap 'busy_stop; rm -rf "$T"' EXIT
cc -std=c11 -O2 -fopenmp -o "$T/fusion" bench/baselines/regions_fusion.c
PIN=
if command -v taskset > /dev/null 2>&1; then PIN="taskset -c $CPUS"; fi
export OMP_WAIT_POLICY=passive
unset GOMP_SPINCOUNT KMP_BLOCKTIME OMP_NUM_THREADS
for load in $LOADS; do
    if [ "$load" = busy ]; then
        if [ -n "$PIN" ]; then taskset -c "${CPUS#*,}" yes > /dev/null & else yes > /dev/null & fi
        busy=$!
        sleep 0.2
    fi
    for w in $WIDTHS; do
        for t in 1 2; do
            printf '%s\t' "$load"
            # shellcheck disable=SC2086
            $PIN "$T/fusion" -w "$w" -t $t $ARGS
        done
    done
    busy_stop
done
