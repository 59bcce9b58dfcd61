#!/bin/sh
# finpar_profile.sh — where FinPar's time goes on the GPU (issue 25), on the GPU machine: for each
# dataset of OptionPricing and LocVolCalib, weft cuda's -P profile (device time, launches and
# arena bytes per region, over -r RUNS calls and the warm-up call) and Nsight Compute's counters
# of each of the first LAUNCHES kernel launches of one call (time, DRAM bytes, f32/f64
# operations, occupancy, registers, sectors per request); with FINPAR_SRC (a FinPar checkout,
# never part of this repository) also FinPar's OpenMP build (g++ -O3 -fopenmp) at 1 and 16
# threads on the same datasets.  Everything goes to OUT, and OUT.tgz (one file: the device tool
# brings back few files).  bench/cuda/kernel_table.py OUT prints the per-kernel tables.
#   [FINPAR_SRC=...] sh bench/cuda/finpar_profile.sh
# Settings: WEFT (bin/weft), OUT (build/finpar-profile), PROGS (optionpricing locvolcalib),
# SIZES (small medium large), RUNS (3), LAUNCHES (250), NCU (ncu, else /usr/local/cuda*/bin/ncu;
# none: no counters), THREADS (1 16), FINPAR_SRC.
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
OUT=${OUT:-build/finpar-profile}
PROGS=${PROGS:-optionpricing locvolcalib}
SIZES=${SIZES:-small medium large}
RUNS=${RUNS:-3}
LAUNCHES=${LAUNCHES:-250}
THREADS=${THREADS:-1 16}
NCU=${NCU:-$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2> /dev/null | head -n 1)}
mkdir -p "$OUT"
upper() { case $1 in optionpricing) echo OptionPricing ;; locvolcalib) echo LocVolCalib ;; esac; }
cap() { echo "$1" | awk '{ print toupper(substr($0, 1, 1)) substr($0, 2) }'; }
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,memory.total --format=csv > "$OUT/gpu.txt" 2>&1
for p in $PROGS; do
    "$WEFT" cuda "examples/finpar/$p.fut" -o "$OUT/$p" > "$OUT/$p.build.log" 2>&1 &
done
wait
# FinPar's OpenMP build (its sources and flags, our datasets' originals in data/finpar/orig)
if [ -n "${FINPAR_SRC:-}" ]; then
    for p in $PROGS; do
        P=$(upper "$p")
        case $p in
        optionpricing) src=OptionPricing/CppOpenMP/GenPricing.cpp ;;
        locvolcalib) src=LocVolCalib/COpenMP/VolCalibOrig.cpp ;;
        esac
        ${CXX:-g++} -DENABLE_OPENMP -fopenmp -O3 -I"$FINPAR_SRC/include" -I"$FINPAR_SRC/$P/includeC" \
            -o "$OUT/$p-finpar" "$FINPAR_SRC/$src" > "$OUT/$p-finpar.build.log" 2>&1 || continue
        for s in $SIZES; do
            d=data/finpar/orig/$P-$(cap "$s")
            for t in $THREADS; do
                r=$(cat "$d.input.data" "$d.output.data" | OMP_NUM_THREADS=$t timeout 300 "$OUT/$p-finpar" 2> /dev/null |
                    awk '/VALID/ { v = $1 } /Runtime/ { us = $1 } END { print (v == 1 ? "valid" : "INVALID"), us }')
                echo "$p $s threads=$t $r" >> "$OUT/finpar.txt"
            done
        done
    done
fi
for p in $PROGS; do
    [ -x "$OUT/$p" ] || { echo "finpar_profile: $p did not build: $(tail -n 3 "$OUT/$p.build.log")"; continue; }
    P=$(upper "$p")
    for s in $SIZES; do
        in=data/finpar/$P-$s.in
        timeout 300 "$OUT/$p" -P -r "$RUNS" -t "$OUT/t" < "$in" > "$OUT/out" 2> "$OUT/prof-$p-$s.txt"
        echo "calls: $((RUNS + 1)); times: $(tr '\n' ' ' < "$OUT/t")" >> "$OUT/prof-$p-$s.txt"
        [ -n "$NCU" ] || continue
        timeout 300 "$NCU" --csv --page raw --cache-control none --launch-count "$LAUNCHES" --metrics \
gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,\
smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,\
smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,\
smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,\
sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__block_size,launch__grid_size,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum \
            "$OUT/$p" -r 1 < "$in" > "$OUT/ncu-$p-$s.csv" 2> "$OUT/ncu-$p-$s.err"
    done
done
rm -f "$OUT/t" "$OUT/out"
tar -czf "$OUT.tgz" -C "$OUT" $(cd "$OUT" && ls | grep -E '^(prof-|ncu-|finpar.txt|gpu.txt)')
echo "finpar_profile: $OUT.tgz"
