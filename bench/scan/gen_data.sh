#!/bin/sh
# gen_data.sh — benchmark inputs for seed 002's scan programs (examples/scan), deterministic.
#   sh bench/scan/gen_data.sh DIR N [PROGRAM...]
# writes DIR/PROGRAM-N.in for each PROGRAM (default all seven) with N elements, in Futhark's
# binary data format (what every weft executable reads on stdin, docs/EXECUTABLES.md; `weft run`
# reads it too). The values come from bench/scan/gen_apps.c (compiled here with cc into
# DIR/gen_apps), an xorshift generator restarted from a fixed seed for every file, so a file
# depends only on PROGRAM and N:
#   prefix_sum [N]i32 in 0..15            radix_sort [N]u32, all 32 bits random
#   seq_align  [N]i32 in -100..100        poly_eval  [N]f64 in [-1, 1) and x = 0.999
#   linrec     [N]f64 in [-0.9, 0.9) and [N]f64 in [-1, 1)
#   fib_matrix N (one i64)                bigint_add [2][N]u8, decimal digits
# Each is the input of the program's benchmark entry (bench/scan/apps.sh). A file that exists
# and is newer than the generator is kept. N up to 2^27 (134217728): the largest file is
# linrec's, 16 N bytes (2 GiB at 2^27).
set -eu
if [ $# -lt 2 ]; then
    echo "usage: sh bench/scan/gen_data.sh DIR N [PROGRAM...]" >&2
    exit 2
fi
dir=$1; n=$2; shift 2
case $n in
    ''|*[!0-9]*) echo "gen_data.sh: N must be a non-negative integer, not '$n'" >&2; exit 2 ;;
esac
if [ "$n" -gt 134217728 ]; then
    echo "gen_data.sh: N = $n is more than 2^27" >&2
    exit 2
fi
[ $# -gt 0 ] || set -- prefix_sum radix_sort seq_align poly_eval linrec fib_matrix bigint_add
src=$(dirname "$0")/gen_apps.c
mkdir -p "$dir"
gen=$dir/gen_apps
if [ ! -x "$gen" ] || [ "$src" -nt "$gen" ]; then
    ${CC:-cc} -O2 -o "$gen" "$src" -lm
fi
for prog in "$@"; do
    f=$dir/$prog-$n.in
    if [ -s "$f" ] && [ "$f" -nt "$gen" ]; then
        continue
    fi
    "$gen" "$prog" "$n" > "$f.tmp"
    mv "$f.tmp" "$f"
done
