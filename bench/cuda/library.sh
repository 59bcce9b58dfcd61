#!/bin/sh
# library.sh — `weft cuda --library` on a machine with an NVIDIA GPU (the device tool; there is no
# GPU on the development VM, where tests/scripts/cuda_library.sh only builds the same things):
#   1. examples/library/portfolio.fut as a CUDA library, with examples/library/main.c — the same
#      program as the C library's, its results checked against plain C;
#   2. tests/library/cuda_driver.c, the device functions: a context on DEVICE, an array from
#      device memory, a result into device memory, weft_context_sync;
#   3. tests/library/chain.fut with tests/library/chain_driver.c: entry calls chained with the
#      intermediate arrays left on the device (weft_context_transfers shows no copy until
#      weft_values_* asks), a unique parameter, a 2-D intermediate, a failing call, two contexts
#      at once (on DEVICE and DEVICE2: the second GPU when there are two, else DEVICE again),
#      each value checked against plain C; then the same driver built with `weft c --library`
#      and the two runs' results compared (cmp: the inputs make every result exact);
#   4. compute-sanitizer memcheck on (2) and (3) when it is installed.
# Ends with "library: N passed, M failed".
# Settings: WEFT (bin/weft), ARCH (sm_90), DEVICE (0), DEVICE2, OUT (build/cuda-library).
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
ARCH=${ARCH:-sm_90}
DEVICE=${DEVICE:-0}
OUT=${OUT:-build/cuda-library}
mkdir -p "$OUT"
nvidia-smi -L
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ -z "${DEVICE2:-}" ]; then
    DEVICE2=$DEVICE
    [ "$gpus" -gt 1 ] && DEVICE2=$(( (DEVICE + 1) % gpus ))
fi
echo "contexts on devices $DEVICE and $DEVICE2"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL library: $*"; failed=$((failed + 1)); }
nvflags="--fmad=false -Xcompiler -ffp-contract=off"
# build EXE LIB PROG: PROG with OUT/LIB.c and OUT/LIB.cu
build() {
    if nvcc -O2 $nvflags --gpu-architecture="$ARCH" -I"$OUT" -o "$OUT/$1" "$3" "$OUT/$2.c" "$OUT/$2.cu" -lm; then
        ok
    else
        bad "nvcc $3"
        return 1
    fi
}
# run EXE ARGS...: it must print "ok" and exit 0
run() {
    exe=$1
    shift
    "$OUT/$exe" "$@" > "$OUT/$exe.log" 2>&1 && grep -qx ok "$OUT/$exe.log" && ok || bad "$exe $*: $(cat "$OUT/$exe.log")"
}
"$WEFT" cuda --library examples/library/portfolio.fut -o "$OUT/portfolio" || bad "weft cuda --library portfolio.fut"
"$WEFT" cuda --library tests/library/chain.fut -o "$OUT/chain" || bad "weft cuda --library chain.fut"
build main portfolio examples/library/main.c && run main
build cuda_driver portfolio tests/library/cuda_driver.c && run cuda_driver "$DEVICE"
build chain_driver chain tests/library/chain_driver.c && run chain_driver "$DEVICE" "$DEVICE2" "$OUT/chain_cuda.txt"
# the C library's results, the reference
mkdir -p "$OUT/c"
if "$WEFT" c --library tests/library/chain.fut -o "$OUT/c/chain" &&
    cc -O2 -std=c11 -ffp-contract=off -I"$OUT/c" -o "$OUT/c/chain_driver" tests/library/chain_driver.c "$OUT/c/chain.c" -lm &&
    "$OUT/c/chain_driver" 0 0 "$OUT/chain_c.txt" > "$OUT/c/chain.log" 2>&1 && grep -qx ok "$OUT/c/chain.log"; then
    ok
    cmp "$OUT/chain_c.txt" "$OUT/chain_cuda.txt" && ok || bad "chain: the cuda library's results differ from the c library's"
else
    bad "chain_driver with weft c --library: $(cat "$OUT/c/chain.log" 2>/dev/null)"
fi
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
if [ -n "$CS" ]; then
    for exe in cuda_driver chain_driver; do
        [ -x "$OUT/$exe" ] || continue
        "$CS" --tool memcheck --leak-check full --error-exitcode 3 "$OUT/$exe" "$DEVICE" "$DEVICE2" > "$OUT/memcheck-$exe.log" 2>&1 &&
            ok || bad "memcheck $exe: $(tail -n 20 "$OUT/memcheck-$exe.log")"
    done
else
    echo "library: compute-sanitizer not found, no memcheck"
fi
echo "library: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
