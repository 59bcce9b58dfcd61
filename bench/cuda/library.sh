#!/bin/sh
# library.sh — `weft cuda --library` on a machine with an NVIDIA GPU (the device tool; there is no
# GPU on the development VM, where tests/scripts/cuda_library.sh only builds the same things):
# examples/library/portfolio.fut as a CUDA library, then (1) examples/library/main.c with it —
# the same program as the C library's, its results checked against plain C — and (2)
# tests/library/cuda_driver.c, the device functions: a context on DEVICE, an array from device
# memory, a result into device memory, weft_context_sync.  Also compute-sanitizer memcheck on
# (2) when it is installed.  Ends with "library: N passed, M failed".
# Settings: WEFT (bin/weft), ARCH (sm_90), DEVICE (0), OUT (build/cuda-library).
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
ARCH=${ARCH:-sm_90}
DEVICE=${DEVICE:-0}
OUT=${OUT:-build/cuda-library}
mkdir -p "$OUT"
nvidia-smi -L
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL library: $*"; failed=$((failed + 1)); }
"$WEFT" cuda --library examples/library/portfolio.fut -o "$OUT/portfolio" || bad "weft cuda --library"
nvflags="$(PKG_CONFIG_PATH=$OUT pkg-config --variable=nvccflags portfolio 2>/dev/null || echo --fmad=false -Xcompiler -ffp-contract=off)"
for prog in examples/library/main.c tests/library/cuda_driver.c; do
    exe=$OUT/$(basename "$prog" .c)
    if nvcc -O2 $nvflags --gpu-architecture="$ARCH" -I"$OUT" -o "$exe" "$prog" "$OUT/portfolio.c" "$OUT/portfolio.cu" -lm; then
        ok
        "$exe" "$DEVICE" > "$exe.log" 2>&1 && grep -qx ok "$exe.log" && ok || bad "$prog: $(cat "$exe.log")"
    else
        bad "nvcc $prog"
    fi
done
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
if [ -n "$CS" ] && [ -x "$OUT/cuda_driver" ]; then
    "$CS" --tool memcheck --error-exitcode 3 "$OUT/cuda_driver" "$DEVICE" > "$OUT/memcheck.log" 2>&1 && ok ||
        bad "memcheck: $(tail -n 20 "$OUT/memcheck.log")"
fi
echo "library: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
