#!/bin/sh
# variants of the plain scan (rts/cuda_scan.cuh): elements per thread, block size, back-off.
# Run after bench/cuda/run.sh (its input); on a machine with a GPU.
set -e
bin/weft cuda bench/cuda/scan_i32.fut -o build/sv --no-cc
IN=build/bench-cuda/i32.in
for v in "24 128 256" "16 128 256" "32 128 256" "16 256 256" "24 256 256" "32 256 256" "16 512 256" "24 128 64"; do
  set -- $v
  nvcc -O3 --gpu-architecture=sm_90 -DWFS_ITEMS=$1 -DWFS_BLOCK=$2 -DWFS_SLEEP_MAX=$3 -o build/sv_$1_$2_$3 build/sv.cu build/sv.c -lm 2>&1 | grep -i error || true
  build/sv_$1_$2_$3 -b -r 10 -P < $IN > /dev/null 2> build/sv.prof
  echo "items $1 block $2 sleep $3: $(awk '/^gpu region/ { calls += $(NF - 6); ms += $(NF - 4) } END { printf "%.4f ms", ms / calls }' build/sv.prof)"
done
