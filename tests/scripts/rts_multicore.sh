#!/bin/sh
# rts_multicore.sh — build and run the unit tests of rts/mc.h (tests/unit/mc/*.c).
# Each test is built in five configurations: OpenMP with default tuning, OpenMP with tiny
# blocks (so small inputs take the parallel paths), the same with non-temporal stores forced
# on, OpenMP with -march=native (AVX: 32-byte streaming stores), and without OpenMP (sequential).
# `--sanitize` builds it instead under ASan+UBSan (gcc) and, where clang and libomp are installed
# (Debian: libomp-14-dev), ThreadSanitizer (gcc's libgomp gives TSan false positives): .ci/run's
# TSan stage, after make check has run the five.
# The counts are the unit tests' own checks (their "N passed, N failed" lines), summed.
. "$(dirname "$0")/lib.sh"
OUT=$T
BASE="-std=c11 -O2 -Wall -Wextra -Werror"

run() { # name, compiler, flags...
    name=$1; cc=$2; shift 2
    for src in tests/unit/mc/*.c; do
        exe=$OUT/$(basename "$src" .c)_$name
        if ! $cc "$@" -o "$exe" "$src" -lm; then
            fail "build $name: $src"; continue
        fi
        printf '%-28s ' "$(basename "$src" .c) [$name]:"
        "$exe" > "$exe.log" 2>&1
        rc=$?
        tail -n 40 "$exe.log"
        add_counts "$exe.log"
        if [ $rc -ne 0 ]; then fail "$(basename "$src" .c) [$name]: exit status $rc"; fi
    done
}

if [ "${1:-}" != "--sanitize" ]; then
    run omp "$CC" $BASE -fopenmp
    run omp-small "$CC" $BASE -fopenmp -DWF_MC_SEQ_MIN=0 -DWF_MC_BLOCK_BYTES=256
    run omp-stream "$CC" $BASE -fopenmp -DWF_MC_SEQ_MIN=0 -DWF_MC_BLOCK_BYTES=512 -DWF_MC_STREAM_BYTES=0 \
        -DWF_MC_STREAM_GENERIC=1
    # -march=native: with AVX, the vector scan streams 32 bytes per store
    run omp-native "$CC" $BASE -fopenmp -march=native -DWF_MC_SEQ_MIN=0 -DWF_MC_BLOCK_BYTES=4096
    run seq "$CC" $BASE -Wpedantic
else
    OMP_NUM_THREADS=4 run asan "$CC" $BASE -O1 -g -fopenmp -fsanitize=address,undefined \
        -fno-omit-frame-pointer -fno-sanitize-recover=all -DTEST_QUICK -DWF_MC_SEQ_MIN=0 -DWF_MC_BLOCK_BYTES=1024
    if command -v clang >/dev/null 2>&1 && echo 'int main(void){return 0;}' |
        clang -fopenmp -x c - -o "$OUT/omp_probe" 2>/dev/null; then
        TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1 ${TSAN_OPTIONS:-}" run tsan clang $BASE -O1 -g -fopenmp \
            -fsanitize=thread -DTEST_QUICK -DWF_MC_SEQ_MIN=0 -DWF_MC_BLOCK_BYTES=1024
    else
        echo "skip tsan: clang with -fopenmp (libomp) not available"
    fi
fi
summary
