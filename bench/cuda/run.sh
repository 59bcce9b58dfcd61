#!/bin/sh
# run.sh — GPU benchmarks (needs nvcc and a GPU; run it on the device, docs/PERFORMANCE.md):
# weft cuda programs against CUB on the same GPU, the same inputs, in one run.
#   scan_i32.fut  vs cub::DeviceScan::InclusiveSum           (N i32)
#   poly.fut      vs cub::DeviceScan::InclusiveScan, pairs    (N f32, x = 0.5)
#   mat2.fut      vs cub::DeviceScan::InclusiveScan, 2x2 i32  (N i32)
#   segred.fut    vs cub::DeviceSegmentedReduce::Sum          (N/100 segments of 100 i32)
# weft's figure is the device time of the program's GPU region (-P: cudaEvents around its
# kernels, mean over the warm-up and RUNS runs); its end-to-end time (-t: the entry call with
# the upload of the input and the copy of the result to the host) is shown too.  CUB's is the
# median of RUNS event-timed calls on data already on the device.  The last element of each
# result is compared with CUB's, and the integer programs' whole results on 10^6 + 3 elements
# (245 tiles) with weft c's.  Settings: N (2^28), RUNS (10), ARCH (sm_90), WEFT, BUILD.
set -eu
. bench/cuda/common.sh
cc -O2 -o "$OUT/gen" bench/cuda/gen.c
nvcc -O3 --gpu-architecture="$ARCH" -o "$OUT/cub_bench" bench/cuda/cub_bench.cu
"$OUT/gen" i32 "$N" > "$OUT/i32.in"
"$OUT/gen" f32 "$N" 0.5 > "$OUT/f32.in"
"$OUT/gen" seg $((N / 100)) 100 > "$OUT/seg.in"
"$OUT/cub_bench" "$N" "$RUNS" > "$OUT/cub.txt"
cat "$OUT/cub.txt"
mem_ms=$(awk '$1 == "memcpy" { print $2 }' "$OUT/cub.txt")
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
printf '%-9s %12s %12s %10s %14s %12s %s\n' program "CUB ms" "weft ms" "CUB/weft" "memcpy/weft" "weft e2e ms" "last (weft, CUB)"
status=0
for p in scan_i32:i32:sum:d4 poly:f32:poly:f4 mat2:i32:mat2:d4 segred:seg:segsum:d4; do
    prog=${p%%:*}; rest=${p#*:}; input=${rest%%:*}; rest=${rest#*:}; cub=${rest%%:*}; fmt=${rest#*:}
    "$WEFT" cuda "bench/cuda/$prog.fut" -o "$OUT/$prog" --cuda-arch "$ARCH"
    "$OUT/$prog" -b -r "$RUNS" -t "$OUT/$prog.t" -P < "$OUT/$input.in" > "$OUT/$prog.out" 2> "$OUT/$prog.prof"
    dev_ms=$(awk '/^gpu region/ { calls += $(NF - 6); ms += $(NF - 4) } END { if (calls) printf "%.4f", ms / calls }' "$OUT/$prog.prof")
    e2e_ms=$(median < "$OUT/$prog.t" | awk '{ printf "%.2f", $1 / 1000 }')
    cub_ms=$(awk -v k="$cub" '$1 == k { print $2 }' "$OUT/cub.txt")
    last_weft=$(tail -c 5 "$OUT/$prog.out" | head -c 4 | od -An -t "$fmt" | tr -d ' ') # -b ends with a newline
    last_cub=$(awk -v k="$cub" '$1 == k { print $NF }' "$OUT/cub.txt")
    printf '%-9s %12s %12s %10s %14s %12s %s\n' "$prog" "$cub_ms" "$dev_ms" \
        "$(echo "$cub_ms $dev_ms" | awk '{ printf "%.2f", $1 / $2 }')" \
        "$(echo "$mem_ms $dev_ms" | awk '{ printf "%.2f", $1 / $2 }')" "$e2e_ms" "$last_weft, $last_cub"
    sed 's/^/    /' "$OUT/$prog.prof"
done
# whole results across many tiles, against the sequential C backend (exact: integer arithmetic)
"$OUT/gen" i32 1000003 > "$OUT/small.in"
for prog in scan_i32 mat2; do
    "$WEFT" c "bench/cuda/$prog.fut" -o "$OUT/$prog-c"
    "$OUT/$prog-c" -b < "$OUT/small.in" > "$OUT/$prog-c.out"
    "$OUT/$prog" -b < "$OUT/small.in" > "$OUT/$prog-small.out"
    if cmp -s "$OUT/$prog-c.out" "$OUT/$prog-small.out"; then
        echo "$prog: 10^6 + 3 elements, identical to weft c"
    else
        echo "$prog: 10^6 + 3 elements, DIFFERENT from weft c"
        status=1
    fi
done
exit $status
