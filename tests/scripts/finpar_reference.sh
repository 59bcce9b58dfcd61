# finpar_reference.sh — OptionPricing (examples/finpar/optionpricing.fut, weft multicore) on
# FinPar's own datasets (shared/data/finpar/orig, converted by tools/finpar_op_input.sh with
# every digit kept) against FinPar's reference prices, under FinPar's rule
# |price - reference| <= 0.0005 (shared/specs/optionpricing.md).  The Futhark-format .in files
# round the reals to six decimals, which moves large's price by 0.0046; their .out files are
# checked by `weft test` under Futhark's tolerance.  Also: the converter's message on a
# malformed file.
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
ORIG=../shared/data/finpar/orig
[ -d "$ORIG" ] || { echo "finpar_reference: no $ORIG, skipped"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL finpar_reference: $*"; fails=$((fails + 1)); }

"$WEFT" multicore examples/finpar/optionpricing.fut -o "$T/op" || { echo "FAIL finpar_reference: compile"; exit 1; }
for s in Small Medium Large; do
    if ! sh tools/finpar_op_input.sh "$ORIG/OptionPricing-$s.input.data" > "$T/$s.in"; then
        fail "$s: the conversion failed"
        continue
    fi
    "$T/op" < "$T/$s.in" > "$T/$s.out" || { fail "$s: the run failed"; continue; }
    # [p1f32, ...] against FinPar's [ r1, ... ] // comment
    tr -d '[]' < "$T/$s.out" | tr ',' '\n' | sed 's/f32//; s/ //g' > "$T/$s.got"
    sed 's://.*$::' "$ORIG/OptionPricing-$s.output.data" | tr -d '[]' | tr ', ' '\n\n' | grep . > "$T/$s.ref"
    if ! paste "$T/$s.got" "$T/$s.ref" | awk '
            NF != 2 { bad = 1 }
            NF == 2 { d = $1 - $2; if (d < 0) d = -d; if (d > 0.0005) bad = 1; printf "%s vs %s; ", $1, $2 }
            END { exit bad }' > "$T/$s.cmp"; then
        fail "$s: $(cat "$T/$s.cmp") (FinPar's tolerance 0.0005)"
    fi
done

printf '1 // contract\n8 // iterations\n[ [ 1, 2\n' > "$T/bad.data"
sh tools/finpar_op_input.sh "$T/bad.data" > /dev/null 2> "$T/bad.err" && fail "a malformed file converted"
grep -q '^finpar_op_input.sh: expected 6 header numbers and 9 arrays, got 2 and 1$' "$T/bad.err" ||
    fail "malformed file: unexpected message: $(cat "$T/bad.err")"
[ $fails = 0 ] && echo "finpar_reference: ok"
exit $fails
