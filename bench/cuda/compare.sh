#!/bin/sh
# compare.sh — two weft compilers side by side on the GPU machine (needs nvcc and a GPU): FinPar's
# OptionPricing and LocVolCalib (examples/finpar) built by each with weft cuda, then each
# dataset run by both in turn, twice (A B A B), each run -r RUNS; the medians of the -t times
# (µs of the entry call) and whether the two results are byte for byte the same.
#   OLD=path/to/old/weft [NEW=bin/weft] sh bench/cuda/compare.sh
# With bench/cuda/nvcc_cache.sh as WEFT_NVCC the executables can be built beforehand on a
# machine without a GPU (BUILD_ONLY=1).  Settings: OLD (required), NEW (bin/weft), PROGS
# (optionpricing locvolcalib), SIZES (small medium large), RUNS (5), OUT (build/compare).
set -u
cd "$(dirname "$0")/../.." || exit 2
NEW=${NEW:-bin/weft}
OLD=${OLD:?OLD=path of the other weft}
PROGS=${PROGS:-optionpricing locvolcalib}
SIZES=${SIZES:-small medium large}
RUNS=${RUNS:-5}
OUT=${OUT:-build/compare}
mkdir -p "$OUT"
status=0
for p in $PROGS; do
    for v in old new; do
        w=$NEW
        [ $v = old ] && w=$OLD
        "$w" cuda "examples/finpar/$p.fut" -o "$OUT/$p-$v" > "$OUT/$p-$v.log" 2>&1 &
    done
done
wait
for p in $PROGS; do
    for v in old new; do
        [ -x "$OUT/$p-$v" ] || { echo "compare: $p did not build with the $v weft:"; cat "$OUT/$p-$v.log"; exit 1; }
    done
done
[ "${BUILD_ONLY:-0}" = 1 ] && exit 0
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
printf '%-14s %-7s %12s %12s %8s %s\n' program dataset "old µs" "new µs" old/new outputs
for p in $PROGS; do
    case $p in
    optionpricing) P=OptionPricing ;;
    locvolcalib) P=LocVolCalib ;;
    *) echo "compare: no FinPar datasets for $p"; exit 2 ;;
    esac
    for s in $SIZES; do
        in=data/finpar/$P-$s.in
        rm -f "$OUT/t-old" "$OUT/t-new"
        for v in old new old new; do
            "$OUT/$p-$v" -t "$OUT/t1" -r "$RUNS" < "$in" > "$OUT/out-$v" 2> "$OUT/err-$v" ||
                { echo "compare: $p $s ($v) failed: $(tail -n 1 "$OUT/err-$v")"; status=1; }
            cat "$OUT/t1" >> "$OUT/t-$v"
        done
        o=$(median < "$OUT/t-old") n=$(median < "$OUT/t-new")
        same=same
        cmp -s "$OUT/out-old" "$OUT/out-new" || { same=DIFFERENT; status=1; }
        printf '%-14s %-7s %12s %12s %8s %s\n' "$p" "$s" "$o" "$n" "$(echo "$o $n" | awk '{ printf "%.2f", $1 / $2 }')" "$same"
    done
done
exit $status
