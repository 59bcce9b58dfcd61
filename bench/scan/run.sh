#!/bin/sh
# bench/scan/run.sh — build and run the multicore scan benchmark (rts/mc.h).
#   sh bench/scan/run.sh [scan_bench options: --threads N --log2n K --reps R]
# Writes the table to stdout and JSON to ${BUILD:-build}/bench/scan.json.
set -eu
cd "$(dirname "$0")/../.."
CC=${CC:-cc}
OUT=${BUILD:-build}/bench
mkdir -p "$OUT"
$CC -std=c11 -O3 -march=native -Wall -Wextra -Werror -fopenmp -o "$OUT/scan_bench" bench/scan/scan_bench.c
exec "$OUT/scan_bench" --json "$OUT/scan.json" "$@"
