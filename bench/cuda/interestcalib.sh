#!/bin/sh
# interestcalib.sh — InterestCalib (examples/finpar/interestcalib.fut) on the GPU machine: weft
# cuda against weft multicore on all of the machine's cores (goal: cuda >= 10x), each at its
# median of RUNS runs (-t: the entry call, parsing excluded), then the versions of the cuda
# program (default thresholds, WEFT_THRESHOLDS=0: every outer-parallel version, 2^40: every
# inner one).  Every result is validated by the C baseline (bench/baselines/interestcalib.c):
# its genome priced again (--verify) and FinPar's rule against FinPar's reference (--ref).
# With FINPAR_SRC (a FinPar checkout) it ends with bench/interestcalib/bench.sh at THREADS =
# all cores: weft multicore against FinPar's OpenMP build, interleaved (goal <= 0.9x).
# NO_RUN=1 only builds (what a machine without a GPU can check: nvcc compiles weft's output).
# Settings: SIZES (small medium; large is medium), RUNS (5), ARCH (sm_90), WEFT (bin/weft),
# BUILD (build), DATA (data/finpar), FINPAR_SRC, NO_RUN.
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
SIZES=${SIZES:-small medium}
RUNS=${RUNS:-5}
ARCH=${ARCH:-sm_90}
DATA=${DATA:-data/finpar}
OUT=${BUILD:-build}/bench-cuda/interestcalib
mkdir -p "$OUT"
PROG=examples/finpar/interestcalib.fut
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

${CC:-cc} -std=c11 -O3 -o "$OUT/baseline" bench/baselines/interestcalib.c -lm
"$WEFT" cuda "$PROG" -o "$OUT/ic-cuda" --cuda-arch "$ARCH"
"$WEFT" multicore "$PROG" -o "$OUT/ic-mc"
if [ "${NO_RUN:-0}" = 1 ]; then
    echo "interestcalib.sh: built $OUT/ic-cuda and $OUT/ic-mc (NO_RUN=1: nothing run)"
    exit 0
fi
nvidia-smi -L
CORES=$(nproc)
rm -f "$OUT/failed"

# time_run BINARY INPUT REF [ENV]: the median µs of RUNS runs of BINARY, its result validated
time_run() {
    env ${4:-WEFT_THRESHOLDS=} "$1" -r "$RUNS" -t "$OUT/t" < "$2" > "$OUT/r.out" || { echo FAIL; touch "$OUT/failed"; return; }
    if ! "$OUT/baseline" --verify "$OUT/r.out" --ref "$3" < "$2" > /dev/null 2> "$OUT/verify.log"; then
        echo "INVALID($(tail -n 1 "$OUT/verify.log"))"
        touch "$OUT/failed"
        return
    fi
    median < "$OUT/t"
}

printf '%-8s %14s %14s %10s\n' size "cuda µs" "multicore µs" "mc/cuda"
for s in $SIZES; do
    S=$(echo "$s" | sed 's/^./\U&/')
    "$OUT/baseline" --dump < "$DATA/orig/InterestCalib-$S.input.data" > "$OUT/$s.in"
    ref=$DATA/orig/InterestCalib-$S.output.data
    c=$(time_run "$OUT/ic-cuda" "$OUT/$s.in" "$ref")
    m=$(time_run "$OUT/ic-mc" "$OUT/$s.in" "$ref" "OMP_NUM_THREADS=$CORES")
    printf '%-8s %14s %14s %10s\n' "$s" "$c" "$m" "$(echo "$m $c" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.1f", $1 / $2; exit } { print "-" }')"
done
echo "(weft multicore on $CORES threads; goal: mc/cuda >= 10)"

s=${SIZES%% *}
echo "versions of the cuda program on $s (µs):"
for v in default:WEFT_THRESHOLDS= outer:WEFT_THRESHOLDS=0 inner:WEFT_THRESHOLDS=1099511627776; do
    printf '%-8s %14s\n' "${v%%:*}" "$(time_run "$OUT/ic-cuda" "$OUT/$s.in" "$DATA/orig/InterestCalib-$(echo "$s" | sed 's/^./\U&/').output.data" "${v#*:}")"
done

status=0
[ ! -f "$OUT/failed" ] || status=1
if [ -n "${FINPAR_SRC:-}" ]; then
    echo "weft multicore vs FinPar's OpenMP build on $CORES threads:"
    FINPAR_SRC=$FINPAR_SRC SIZES=$SIZES RUNS=$RUNS THREADS=$CORES WEFT=$WEFT DATA=$DATA \
        OUT=$OUT/vs-finpar sh bench/interestcalib/bench.sh || status=1
fi
exit $status
