# finpar_reference.sh — OptionPricing (examples/finpar/optionpricing.fut, weft multicore, both
# entry points: main and main_batched) on FinPar's own datasets (data/finpar/orig,
# converted by tools/finpar_op_input.sh with every digit kept) against FinPar's reference
# prices, under FinPar's rule
# |price - reference| <= 0.0005 (shared/specs/optionpricing.md).  The Futhark-format .in files
# round the reals to six decimals, which moves large's price by 0.0046; their .out files are
# checked by `weft test` under Futhark's tolerance.  Also: the converter on malformed files (no
# output, exit 2, a message naming the file and the fault).
. "$(dirname "$0")/lib.sh"
ORIG=data/finpar/orig
[ -d "$ORIG" ] || { fail "no $ORIG (FinPar's datasets, part of the repository)"; summary; }

"$WEFT" multicore examples/finpar/optionpricing.fut -o "$T/op" && pass || { fail "weft multicore examples/finpar/optionpricing.fut"; summary; }
for s in Small Medium Large; do
    if ! sh tools/finpar_op_input.sh "$ORIG/OptionPricing-$s.input.data" > "$T/$s.in"; then
        fail "$s: the conversion failed"
        continue
    fi
    # FinPar's [ r1, ... ] // comment, one number per line
    sed 's://.*$::' "$ORIG/OptionPricing-$s.output.data" | tr -d '[]' | tr ', ' '\n\n' | grep . > "$T/$s.ref"
    for e in main main_batched; do
        "$T/op" -e $e < "$T/$s.in" > "$T/$s.out" && pass || { fail "$s: the run of $e failed"; continue; }
        # [p1f32, ...], one number per line
        tr -d '[]' < "$T/$s.out" | tr ',' '\n' | sed 's/f32//; s/ //g' > "$T/$s.got"
        if ! paste "$T/$s.got" "$T/$s.ref" | awk '
                NF != 2 { bad = 1 }
                NF == 2 { d = $1 - $2; if (d < 0) d = -d; if (d > 0.0005) bad = 1; printf "%s vs %s; ", $1, $2 }
                END { exit bad }' > "$T/$s.cmp"; then
            fail "$s, $e: $(cat "$T/$s.cmp") (FinPar's tolerance 0.0005)"
        fi
    done
done

# malformed files: no output, exit 2, a message naming the file and what is wrong
bad() { # NAME CONTENTS MESSAGE
    printf "$2" > "$T/$1"
    sh tools/finpar_op_input.sh "$T/$1" > "$T/$1.out" 2> "$T/$1.err" && fail "$1: converted" || pass
    check_not "$1: wrote output" [ -s "$T/$1.out" ]
    grep -qxF "finpar_op_input.sh: $T/$1: $3" "$T/$1.err" && pass || fail "$1: unexpected message: $(cat "$T/$1.err")"
}
bad truncated.data '1 // contract\n8 // iterations\n[ [ 1, 2\n' 'expected 6 header numbers and 9 arrays, got 2 and 1'
bad short.data '1\n8\n1\n1\n1\n30\n[1]\n[1]\n[1]\n[1]\n[1]\n[]\n[1]\n[1]\n[1]\n' 'direction vectors holds 1 numbers, not 30'
bad token.data '1\n8\n1\n1\n1\n30\n[x]\n' 'unexpected token "x"'
summary
