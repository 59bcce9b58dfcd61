#!/bin/sh
# Builds the hand-written C baselines (bench/baselines) and validates them on the
# FinPar small and medium datasets against FinPar's double-precision references
# (data/finpar/orig/*.output.data), with the tolerances of the specs:
#   OptionPricing  |price - ref| <= 0.0005
#   LocVolCalib    |res - ref|   <= 1e-5   (element-wise)
# It also checks the Futhark-format .out files (f32, 0.2 % relative tolerance) and
# the reduced datasets of examples/finpar/data (whose .out files were made by
# these baselines; InterestCalib's full datasets take minutes: tests/scripts/
# finpar_interestcalib.sh and `make bench` validate them), and the matmul
# baseline's loop orders against each other.  Uses $CC.
. "$(dirname "$0")/lib.sh"
DATA=${DATA:-data/finpar}
OUT=${BUILD:-build}/baselines
mkdir -p "$OUT" || exit 2
for p in optionpricing locvolcalib interestcalib; do
    check "build $p" $CC -std=c11 -Wall -Wextra -O3 -o "$OUT/$p" bench/baselines/$p.c -lm || summary
done

# compare A B ABS REL: every number of file A within ABS + REL*|b| of B's (bench/baselines/compare.awk)
compare() { awk -v abs="$3" -v rel="$4" -f bench/baselines/compare.awk "$1" "$2"; }

compare_check() { # name result reference abs rel
    printf '%-44s ' "$1"
    if compare "$2" "$3" "$4" "$5"; then echo "  ok"; pass; else echo "  FAIL"; fail "$1"; fi
}

[ -d "$DATA" ] || fail "no $DATA (FinPar's datasets, part of the repository)"
for s in small:Small medium:Medium; do
    [ -d "$DATA" ] || break
    lo=${s%%:*}; up=${s##*:}
    "$OUT/optionpricing" -t "$T/t" < "$DATA/OptionPricing-$lo.in" > "$T/op-$lo" 2>/dev/null &&
        pass || fail "optionpricing $lo"
    compare_check "OptionPricing-$lo vs FinPar (0.0005) $(cat "$T/t")us" "$T/op-$lo" "$DATA/orig/OptionPricing-$up.output.data" 0.0005 0
    compare_check "OptionPricing-$lo vs .out (0.2%)" "$T/op-$lo" "$DATA/OptionPricing-$lo.out" 0 0.002
    "$OUT/locvolcalib" -t "$T/t" < "$DATA/LocVolCalib-$lo.in" > "$T/lv-$lo" 2>/dev/null &&
        pass || fail "locvolcalib $lo"
    compare_check "LocVolCalib-$lo vs FinPar (1e-5) $(cat "$T/t")us" "$T/lv-$lo" "$DATA/orig/LocVolCalib-$up.output.data" 1e-5 0
    compare_check "LocVolCalib-$lo vs .out (1e-5)" "$T/lv-$lo" "$DATA/LocVolCalib-$lo.out" 1e-5 0
done

# The reduced datasets of the Futhark programs.
for f in examples/finpar/data/*.in; do
    [ -f "$f" ] || continue
    case $(basename "$f") in
        optionpricing-*) prog=optionpricing ;;
        locvolcalib-*) prog=locvolcalib ;;
        interestcalib-*) prog=interestcalib ;;
        *) continue ;;
    esac
    "$OUT/$prog" < "$f" > "$T/r" 2>/dev/null || { fail "$prog $f"; continue; }
    compare_check "$(basename "$f") (f32 rounding)" "$T/r" "${f%.in}.out" 0 1e-7
done

# matmul (bench/cliffs/matmul.sh's baseline): the tiled and i-k-j orders give the textbook i-j-k
# nest's sum, at sizes that are and are not multiples of the tiles, f32 and f64.
check "build matmul" $CC -std=c11 -Wall -Wextra -O3 -o "$OUT/matmul" bench/baselines/matmul.c || summary
for n in 67 256; do
    for p in f32 f64; do
        want=$("$OUT/matmul" -n $n -p $p -v ijk)
        for v in tiled ikj; do
            [ "$("$OUT/matmul" -n $n -p $p -v $v)" = "$want" ] && pass || fail "matmul -v $v -n $n -p $p: not the i-j-k sum $want"
        done
    done
done
summary
