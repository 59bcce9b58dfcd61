#!/bin/sh
# cuda_library.sh — `weft cuda --library` without a GPU: examples/library/portfolio.fut as a CUDA
# library (OUT.c, OUT.cu, OUT.h, OUT.pc); its host part and the two programs that use it
# (examples/library/main.c, tests/library/cuda_driver.c: device memory in and out) compile
# with -Wall -Wextra -Werror, and nvcc links them with the kernels for sm_90.  Running them
# needs a GPU: bench/cuda/library.sh.  Skipped (no checks) without nvcc.
. "$(dirname "$0")/lib.sh"

if ! command -v nvcc > /dev/null 2>&1; then
    echo "cuda_library: nvcc not found, skipped"
    summary
fi
check "weft cuda --library" "$WEFT" cuda --library examples/library/portfolio.fut -o "$T/portfolio" || summary
for f in c cu h pc; do
    check "portfolio.$f missing" [ -f "$T/portfolio.$f" ]
done
for fn in weft_context_new_device weft_context_sync weft_new_device_f64_1d weft_values_device_f64_1d \
    weft_new_f64_2d_j1 weft_data_f64_1d; do
    check "portfolio.h declares $fn" grep -q "$fn(" "$T/portfolio.h"
done
check "portfolio.pc: nvcc's flags" grep -qx 'nvccflags=--fmad=false -Xcompiler -ffp-contract=off' "$T/portfolio.pc"
# (the runtime pasted into portfolio.c has functions this program does not use)
warn="-Xcompiler -std=c11,-Wall,-Wextra,-Werror"
check "nvcc -c portfolio.c (-Werror)" nvcc $warn,-Wno-unused-function -c -o "$T/portfolio.o" "$T/portfolio.c"
for src in examples/library/main.c tests/library/cuda_driver.c; do
    check "nvcc -c $src (-Werror)" nvcc $warn -I"$T" -c -o "$T/$(basename "$src" .c).o" "$src"
done
check "nvcc: the kernels, and the programs linked" nvcc --fmad=false --gpu-architecture=sm_90 -o "$T/main" \
    "$T/portfolio.cu" "$T/main.o" "$T/portfolio.o" -lm &&
    check "the driver linked" nvcc --gpu-architecture=sm_90 -o "$T/driver" "$T/portfolio.cu" "$T/cuda_driver.o" \
        "$T/portfolio.o" -lm
summary
