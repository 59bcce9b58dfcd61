#!/bin/sh
# irregular.sh — issue 21's benchmarks on the GPU machine (needs nvcc and a GPU), all in one run:
#   1. segsum (bench/irregular/segsum.fut, i32 sums of the rows of a jagged [][]i32) on the
#      issue's inputs from bench/irregular/gen.c: power-law rows (6M rows, Pareto 1.2 capped at
#      10^6: ~32M i32), skewed rows (4M rows, 1 % 5000..15000 and 99 % 1..40: ~481M i32) and
#      uniform rows (1..199: 2^28 i32) — weft cuda with the default thresholds, the outer-parallel
#      version forced and the flattened one forced, against cub::DeviceSegmentedReduce::Sum and
#      a device-to-device memcpy of the values (bench/cuda/cub_segsum.cu, the data on the device);
#   2. the skewed sin-map (bench/irregular/sinmap.fut: one width of 4.5e7 among 5e4 of 100);
#   3. seed 004's demos (examples/flatten): spmv (10^7 non-zeros in power-law rows), quicksort
#      (QS_N i32), sparse_dense, primes, rank_search, quickhull;
# and for each, on the CPU: weft multicore on THREADS threads (default, outer, flat), weft c and
# the hand-written C baselines (sequential; OpenMP at THREADS threads).  Every output is compared
# with the sequential C baseline's (CUB's too).  Times: medians of RUNS runs of one process each
# (the executables' -t; weft cuda's excludes the copies to and from the device, as CUB's and
# memcpy's, which are CUDA events on data already there); the default weft cuda variant of
# segsum and sinmap runs once more with -P -r 5, its per-region device times in
# OUT/irregular-prof/ (totals over 6 calls: the warm-up's, which loads each kernel, and 5 runs).
#
# GPU table: CUB/cuda (issue 21's goal: >= 10 on power-law rows, >= 3 skewed, >= 5 uniform);
# cuda GB/s (values, offsets and sums over the time) and bw/memcpy, that over memcpy's GB/s
# (values read and written; goal >= 0.5); c/cuda (speed-up over weft c).  CPU table: c/C,
# speed-up (weft c over mcN) and eff (speed-up / N; goal >= 0.8), flat/outer, dflt/best (the
# default over the faster single version; goal <= 1.25), mcN/omp.  "chose" is the version the
# default thresholds took (from -L).
#
# It stops starting benchmarks once BUDGET seconds (420) have passed, so that the whole run,
# builds included (in parallel), stays within about 8 minutes; the skipped ones are listed.
# Writes OUT/irregular-gpu.txt and OUT/irregular-gpu.md (the tables) and the profiles; the
# inputs and executables go to WORK (default /tmp/weft-irregular; several GB, kept out of OUT).
# Settings: RUNS (5), THREADS (nproc), LIMIT (40: seconds per process; a slower variant shows
# >40s and is not run again), BUDGET (420), BENCHES ("segsum sinmap spmv quicksort sparse_dense
# primes rank_search quickhull"), NVCC (nvcc: CUB's compiler), QS_N (10^6: weft c needs ~5 s per run there), SIZE (gpu; test:
# tiny inputs, to try the script), ARCH (sm_90), WEFT, BUILD (OUT = BUILD/bench-cuda), WORK.
set -eu
RUNS=${RUNS:-5}
. bench/cuda/common.sh
START=$(date +%s)
THREADS=${THREADS:-$(nproc)}
LIMIT=${LIMIT:-40}
BUDGET=${BUDGET:-420}
QS_N=${QS_N:-1000000}
BENCHES=${BENCHES:-segsum sinmap spmv quicksort sparse_dense primes rank_search quickhull}
SIZE=${SIZE:-gpu}
WORK=${WORK:-${TMPDIR:-/tmp}/weft-irregular}
BIN=$WORK/bin
DATA=$WORK/data
T=$WORK/tmp
GEN=$BIN/gen
mkdir -p "$BIN" "$DATA" "$T" "$OUT/irregular-prof"
. bench/irregular/lib.sh

# ---- builds, all at once: the C tools first, then (in parallel) the inputs, CUB and every
# program on cuda, multicore and c
echo "== building (logs in $BIN)"
make -s -C bench/irregular OUT="$BIN" -j "$THREADS" > "$BIN/make.log" 2>&1 || { cat "$BIN/make.log"; exit 1; }
for bench in $BENCHES; do
    datasets "$bench" > "$T/datasets.$bench"
    while read -r ds args; do
        # shellcheck disable=SC2086
        input "$bench" $args > /dev/null &
    done < "$T/datasets.$bench"
done
${NVCC:-nvcc} -O3 --gpu-architecture="$ARCH" -o "$BIN/cub_segsum" bench/cuda/cub_segsum.cu > "$BIN/cub_segsum.log" 2>&1 &
for bench in $BENCHES; do
    build_weft "$bench" cuda --cuda-arch "$ARCH" > /dev/null &
    build_weft "$bench" multicore > /dev/null &
    build_weft "$bench" c > /dev/null &
done
wait
for x in cub_segsum $(for b in $BENCHES; do echo "$b-cuda $b-multicore $b-c"; done); do
    [ -x "$BIN/$x" ] || { echo "   FAIL: $x did not build:"; sed 's/^/      /' "$BIN/$x.log"; status=1; }
done
echo "   $(($(date +%s) - START)) s"

variants() {
    echo "C||$BIN/$bench"
    [ ! -x "$BIN/$bench-omp" ] || echo "C-omp$THREADS|OMP_NUM_THREADS=$THREADS|$BIN/$bench-omp"
    echo "c||$BIN/$bench-c"
    weft_variants "mc$THREADS" "$BIN/$bench-multicore" --num-threads "$THREADS"
    weft_variants cuda "$BIN/$bench-cuda"
    if [ "$bench" = segsum ]; then
        echo "cub||$BIN/cub_segsum segsum"
        echo "memcpy||$BIN/cub_segsum memcpy"
    fi
}

# jagged_size FILE: "rows elements" of a [][]i32 in binary version 3
jagged_size() {
    rows=$(od -An -t d8 -j 8 -N 8 "$1" | tr -d ' ')
    echo "$rows $((($(wc -c < "$1") - 16 - 8 * rows) / 4))"
}
# gbs BYTES LABEL: GB/s of a variant that moves BYTES; quotient A B: A / B
gbs() { echo "$1 $(time_us "$2")" | awk '$2 + 0 > 0 { printf "%.0f", $1 / ($2 * 1000); exit } { print "-" }'; }
quotient() { echo "$1 $2" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2f", $1 / $2; exit } { print "-" }'; }

N=$THREADS
GPU_FMT='%-13s %9s %10s %8s %8s %10s %10s %8s %-6s %7s %7s %8s %9s %7s\n'
CPU_FMT='%-13s %8s %8s %8s %10s %10s %8s %-6s %5s %8s %5s %10s %9s %7s\n'
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2> /dev/null | head -n 1 || echo '?')
table=irregular-gpu
{
    echo "Irregular nested parallelism (issue 21) on $device and its host ($(machine)), $(date -u +%Y-%m-%d)"
    echo "Command: RUNS=$RUNS THREADS=$THREADS QS_N=$QS_N SIZE=$SIZE sh bench/cuda/irregular.sh; times in ms, medians of $RUNS runs"
} > "$OUT/$table.txt"
{
    echo "Measured $(date -u +%Y-%m-%d) on $device and its host ($(machine))."
    echo "Command: \`RUNS=$RUNS THREADS=$THREADS QS_N=$QS_N SIZE=$SIZE sh bench/cuda/irregular.sh\`; times in ms, medians of $RUNS runs."
} > "$OUT/$table.md"
cat "$OUT/$table.txt"
skipped=
for bench in $BENCHES; do
    [ -x "$BIN/$bench-cuda" ] && [ -x "$BIN/$bench-multicore" ] && [ -x "$BIN/$bench-c" ] || continue
    params "$BIN/$bench-multicore" > "$T/params"
    printf '\n== %s: %s, thresholds: %s\n' "$bench" "$(program "$bench")" "$(tr '\n' ' ' < "$T/params")" | tee -a "$OUT/$table.txt"
    printf '\n### %s (%s)\n' "$bench" "$(program "$bench")" >> "$OUT/$table.md"
    table_header "$GPU_FMT" "[GPU]dataset" rows elements memcpy CUB cuda-outer cuda-flat cuda chose \
        CUB/cuda "GB/s" "memGB/s" bw/memcpy c/cuda
    : > "$T/cpu_rows"
    while read -r ds args; do
        if [ $(($(date +%s) - START)) -gt "$BUDGET" ]; then skipped="$skipped $bench:$ds"; continue; fi
        # shellcheck disable=SC2086
        in=$(input "$bench" $args)
        new_dataset
        variants > "$T/variants"
        run_rounds 1
        case $bench in segsum | sinmap) "$BIN/$bench-cuda" -P -r 5 -n < "$in" 2> "$OUT/irregular-prof/$bench-$ds.txt" || : ;; esac
        rows=- elems=- gpu_gbs=- mem_gbs=-
        if [ "$bench" = segsum ]; then
            set -- $(jagged_size "$in")
            rows=$1 elems=$2
            gpu_gbs=$(gbs $((4 * elems + 12 * rows + 8)) cuda)
            mem_gbs=$(gbs $((8 * elems)) memcpy)
        fi
        table_row "$GPU_FMT" "$ds" "$rows" "$elems" "$(cell memcpy)" "$(cell cub)" "$(cell cuda-outer)" \
            "$(cell cuda-flat)" "$(cell cuda)" "$(chose_cell cuda)" "$(ratio cub cuda)" "$gpu_gbs" "$mem_gbs" \
            "$(quotient "$gpu_gbs" "$mem_gbs")" "$(ratio c cuda)"
        best_of "mc$N-outer" "mc$N-flat"
        sp=$(ratio c "mc$N")
        echo "$ds $(cell C) $(cell "C-omp$N") $(cell c) $(cell "mc$N-outer") $(cell "mc$N-flat") $(cell "mc$N") \
$(chose_cell "mc$N") $(ratio c C) $sp $(quotient "$sp" "$N") $(ratio "mc$N-flat" "mc$N-outer") $(ratio "mc$N" best) \
$(ratio "mc$N" "C-omp$N")" >> "$T/cpu_rows"
    done < "$T/datasets.$bench"
    [ -s "$T/cpu_rows" ] || continue
    table_header "$CPU_FMT" "[CPU]dataset" C "C-omp$N" c "mc$N-outer" "mc$N-flat" "mc$N" chose \
        c/C speed-up eff flat/outer dflt/best "mc$N/omp"
    while read -r line; do
        # shellcheck disable=SC2086
        table_row "$CPU_FMT" $line
    done < "$T/cpu_rows"
done
[ -z "$skipped" ] || echo "skipped (past BUDGET=$BUDGET s):$skipped" | tee -a "$OUT/$table.txt" "$OUT/$table.md"
[ ! -f "$T/notes" ] || { echo; cat "$T/notes"; } | tee -a "$OUT/$table.txt" >> "$OUT/$table.md"
rm -f "$T/notes"
echo "   $(($(date +%s) - START)) s in all; $OUT/$table.txt, $OUT/$table.md, $OUT/irregular-prof/"
exit $status
