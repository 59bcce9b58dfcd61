#!/bin/sh
# cuda_library.sh — `weft cuda --library`, built here without a GPU: examples/library/portfolio.fut
# and tests/library/chain.fut as CUDA libraries (OUT.c, OUT.cu, OUT.h, OUT.pc); their host parts
# and the programs that use them (examples/library/main.c, tests/library/cuda_driver.c: device
# memory in and out; tests/library/chain_driver.c: arrays kept on the device between calls, two
# contexts) compile with -Wall -Wextra -Werror, and nvcc links them with the kernels for sm_90.
# The programs run only where a GPU answers (nvidia-smi -L); bench/cuda/library.sh runs them on
# one with more checks.  Skipped (no checks) without nvcc.
. "$(dirname "$0")/lib.sh"

if ! command -v nvcc > /dev/null 2>&1; then
    echo "cuda_library: nvcc not found, skipped"
    summary
fi
check "weft cuda --library" "$WEFT" cuda --library examples/library/portfolio.fut -o "$T/portfolio" || summary
check "weft cuda --library chain.fut" "$WEFT" cuda --library tests/library/chain.fut -o "$T/chain" || summary
for f in c cu h pc; do
    check "portfolio.$f missing" [ -f "$T/portfolio.$f" ]
done
for fn in weft_context_new_device weft_context_sync weft_context_transfers weft_new_device_f64_1d \
    weft_values_device_f64_1d weft_new_f64_2d_j1 weft_data_f64_1d weft_config_set_device weft_context_new_config; do
    check "portfolio.h declares $fn" grep -q "$fn(" "$T/portfolio.h"
done
check "portfolio.h: WEFT_BACKEND_CUDA" grep -q "^#define WEFT_BACKEND_CUDA 1" "$T/portfolio.h"
check "portfolio.pc: nvcc's flags" grep -qx 'nvccflags=--fmad=false -Xcompiler -ffp-contract=off' "$T/portfolio.pc"
# (the runtime pasted into OUT.c has functions this program does not use)
warn="-Xcompiler -std=c11,-Wall,-Wextra,-Werror"
for lib in portfolio chain; do
    check "nvcc -c $lib.c (-Werror)" nvcc $warn,-Wno-unused-function -c -o "$T/$lib.o" "$T/$lib.c"
done
for src in examples/library/main.c tests/library/cuda_driver.c tests/library/chain_driver.c; do
    check "nvcc -c $src (-Werror)" nvcc $warn -I"$T" -c -o "$T/$(basename "$src" .c).o" "$src"
done
link() { # EXE LIB OBJ: the program linked with the library's host part and kernels
    check "nvcc: $1 linked with $2's kernels" nvcc --fmad=false --gpu-architecture=sm_90 -o "$T/$1" "$T/$2.cu" "$T/$3.o" \
        "$T/$2.o" -lm
}
link main portfolio main && link driver portfolio cuda_driver && link chain chain chain_driver
if nvidia-smi -L > /dev/null 2>&1; then
    for exe in main driver chain; do
        [ -x "$T/$exe" ] || continue
        "$T/$exe" > "$T/$exe.log" 2>&1 && grep -qx ok "$T/$exe.log" && pass || fail "$exe on the GPU: $(cat "$T/$exe.log")"
    done
else
    echo "cuda_library: no GPU (nvidia-smi -L), the programs built but not run"
fi
summary
