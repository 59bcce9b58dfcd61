#!/bin/sh
# intra_check.sh — on a machine with an NVIDIA GPU (the device tool): the block-level versions
# (seed 001's e_middle; src/backend/cuda/block.c).  (1) the flattening tests and FinPar on
# weft cuda against the interpreter / reference outputs (TESTS), with the default thresholds and
# with the block-level versions wherever they fit; (2) compute-sanitizer memcheck and
# racecheck on tests/flatten/intra.fut's block kernels; (3) LocVolCalib and OptionPricing on
# their FinPar datasets with the default thresholds, with every block-level version turned off
# (suff_intra_par_K = 2^40: the flattened versions), and with only block-level versions below
# the outer level (suff_outer_par_K = 2^40 except ..._0, suff_intra_par_K = 0): medians of RUNS,
# each result checked against the FinPar reference (bench/baselines/compare.awk; relative 1e-4,
# OptionPricing 2e-3 as in shared/specs).
# Settings: RUNS (5), SIZES ("small medium large"), PARTS ("tests sanitizer time"), TESTS.
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
OUT=${OUT:-build/intra-check}
RUNS=${RUNS:-5}
SIZES=${SIZES:-small medium large}
PARTS=${PARTS:-tests sanitizer time}
DATA=${DATA:-data/finpar}
TESTS=${TESTS:-tests/flatten examples/finpar}
INTRA=outer_par=1099511627776,intra_par=0
mkdir -p "$OUT"
status=0
nvidia-smi --query-gpu=name --format=csv,noheader
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
case " $PARTS " in *" tests "*)
    "$WEFT" test --backend=cuda -j"$(nproc)" $TESTS 2>&1 | tail -n 15 || status=1
    echo "the same, block-level versions wherever they fit (--thresholds=$INTRA):"
    "$WEFT" test --backend=cuda -j"$(nproc)" --thresholds="$INTRA" $TESTS 2>&1 | tail -n 15 || status=1 ;;
esac
case " $PARTS " in *" sanitizer "*)
    CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
    if [ -z "$CS" ]; then
        echo "intra_check: compute-sanitizer not found"
    else
        "$WEFT" cuda tests/flatten/intra.fut -o "$OUT/intra" > /dev/null || status=1
        for tool in memcheck racecheck; do
            if echo "3i64 40i64 3i32" | "$CS" --tool "$tool" --error-exitcode 3 --log-file "$OUT/intra.$tool" \
                "$OUT/intra" -e affine > "$OUT/intra.$tool.out"; then
                echo "sanitizer $tool intra: $(grep 'ERROR SUMMARY\|RACECHECK SUMMARY' "$OUT/intra.$tool" | tr -s '= ' ' ')"
            else
                echo "sanitizer $tool intra: FAILED"; tail -n 30 "$OUT/intra.$tool"; status=1
            fi
        done
    fi ;;
esac
case " $PARTS " in *" time "*)
    for prog in locvolcalib optionpricing; do
        "$WEFT" cuda examples/finpar/$prog.fut -o "$OUT/$prog" > /dev/null || { status=1; continue; }
        "$OUT/$prog" --print-params > "$OUT/$prog.params"
        sed -n 's/^\(.*suff_intra_par_[0-9]*\).*/\1=1099511627776/p' "$OUT/$prog.params" > "$OUT/$prog.flat.tuning"
        { sed -n 's/^\(.*suff_intra_par_[0-9]*\).*/\1=0/p' "$OUT/$prog.params"
          sed -n 's/^\(.*suff_outer_par_[0-9]*\).*/\1=1099511627776/p' "$OUT/$prog.params" | grep -v 'par_0='; } > "$OUT/$prog.intra.tuning"
        case $prog in locvolcalib) P=LocVolCalib REL=1e-4 ;; *) P=OptionPricing REL=2e-3 ;; esac
        for size in $SIZES; do
            line="$prog $size"
            for v in default flat intra; do
                t=""
                [ $v = default ] || t="--tuning $OUT/$prog.$v.tuning"
                # shellcheck disable=SC2086
                if "$OUT/$prog" $t -r "$RUNS" -t "$OUT/t" < "$DATA/$P-$size.in" > "$OUT/$prog.$v.out" 2> "$OUT/err"; then
                    ok=ok
                    awk -v abs=1e-4 -v rel="$REL" -f bench/baselines/compare.awk "$OUT/$prog.$v.out" "$DATA/$P-$size.out" \
                        > /dev/null || { ok=WRONG; status=1; }
                    line="$line $v=$(median < "$OUT/t")us($ok)"
                else
                    line="$line $v=FAILED($(head -c 200 "$OUT/err"))"; status=1
                fi
            done
            echo "$line"
        done
    done ;;
esac
exit $status
