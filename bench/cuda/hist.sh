#!/bin/sh
# hist.sh — weft cuda's histograms against CUB on the same GPU, in one run (needs a GPU):
# bench/cuda/hist.fut (n values, bins a hash of the index) against cub::DeviceHistogram::
# HistogramEven of the same samples (bench/cuda/cub_hist.cu), for K bins of 256 (shared-memory
# bins), 4096 (shared, the largest) and 2^20 (global atomics).  weft: device time of its GPU
# regions (-P, mean of the calls); CUB: median of RUNS event-timed calls.  The bins are compared
# with weft c's on a smaller n.  Settings: N (2^28), RUNS (10), ARCH (sm_90), WEFT, BUILD.
set -eu
. bench/cuda/common.sh
nvcc -O3 --gpu-architecture="$ARCH" -o "$OUT/cub_hist" bench/cuda/cub_hist.cu
"$WEFT" cuda bench/cuda/hist.fut -o "$OUT/hist" --cuda-arch "$ARCH"
"$WEFT" c bench/cuda/hist.fut -o "$OUT/hist-c"
printf '%-8s %10s %10s %9s  %s\n' bins "CUB ms" "weft ms" CUB/weft "bins agree with weft c (n = 10^6 + 3)"
for k in 256 4096 1048576; do
    cub=$("$OUT/cub_hist" "$k" "$N" "$RUNS")
    cub_ms=$(echo "$cub" | awk '{ print $2 }')
    echo "$k $N" | "$OUT/hist" -r "$RUNS" -P > "$OUT/hist.out" 2> "$OUT/hist.prof"
    weft_ms=$(awk '/^gpu region/ { calls += $(NF - 6); ms += $(NF - 4) } END { if (calls) printf "%.4f", ms / calls }' "$OUT/hist.prof")
    echo "$k 1000003" | "$OUT/hist" > "$OUT/hist-small.out"
    echo "$k 1000003" | "$OUT/hist-c" > "$OUT/hist-small-c.out"
    same=no
    cmp -s "$OUT/hist-small.out" "$OUT/hist-small-c.out" && same=yes
    printf '%-8s %10s %10s %9s  %s\n' "$k" "$cub_ms" "$weft_ms" "$(echo "$cub_ms $weft_ms" | awk '{ printf "%.2f", $1 / $2 }')" "$same"
    sed 's/^/    /' "$OUT/hist.prof"
done
