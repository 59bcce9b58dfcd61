#!/bin/sh
# device_check.sh — on a machine with an NVIDIA GPU (the device tool): (1) compute-sanitizer
# memcheck and racecheck on weft cuda's primitives (bench/cuda's map+scan, tuple scans, 2x2
# matrix scan, segmented reduce, on awkward sizes), (2) OptionPricing and LocVolCalib on their
# FinPar datasets with weft cuda (validated by weft bench) and weft multicore on all CPU cores,
# side by side.  Writes the JSON of weft bench into OUT (default build/device-check).
# Settings: RUNS (3), THREADS (nproc), SIZES (dataset names, default "small medium large"),
# PROGS (default "optionpricing locvolcalib"; empty: the sanitizer part only).
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
OUT=${OUT:-build/device-check}
RUNS=${RUNS:-3}
THREADS=${THREADS:-$(nproc)}
SIZES=${SIZES:-small medium large}
mkdir -p "$OUT"
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer /usr/local/cuda*/compute-sanitizer/compute-sanitizer 2>/dev/null | head -n 1)
cc -O2 -o "$OUT/gen" bench/cuda/gen.c || exit 2
"$OUT/gen" i32 1000003 > "$OUT/i32.in"
"$OUT/gen" f32 65537 0.5 > "$OUT/f32.in"
"$OUT/gen" seg 1001 37 > "$OUT/seg.in"
if [ -z "$CS" ]; then
    echo "device_check: compute-sanitizer not found, sanitizer part skipped"
else
    for pi in scan_i32:i32 poly:f32 mat2:i32 segred:seg; do
        prog=${pi%%:*} in=${pi#*:}
        "$WEFT" cuda "bench/cuda/$prog.fut" -o "$OUT/$prog" > "$OUT/$prog.cc" 2>&1 || { cat "$OUT/$prog.cc"; status=1; continue; }
        for tool in memcheck racecheck; do
            if "$CS" --tool "$tool" --error-exitcode 3 --log-file "$OUT/$prog.$tool" "$OUT/$prog" -b < "$OUT/$in.in" > /dev/null; then
                echo "sanitizer $tool $prog: $(grep 'ERROR SUMMARY\|RACECHECK SUMMARY' "$OUT/$prog.$tool" | tr -s '= ' ' ')"
            else
                echo "sanitizer $tool $prog: FAILED"; tail -n 20 "$OUT/$prog.$tool"; status=1
            fi
        done
    done
fi
for prog in ${PROGS-optionpricing locvolcalib}; do
    for size in $SIZES; do
        for be in cuda multicore; do
            "$WEFT" bench --backend=$be --num-threads="$THREADS" --runs="$RUNS" --timeout=400 --dataset="-$size.in" \
                --json="$OUT/$prog-$size-$be.json" "examples/finpar/$prog.fut" 2>&1 | grep -E "dataset|Results|FAIL|rror" || status=1
        done
    done
done
exit $status
