#!/bin/sh
# finpar_interestcalib.sh — InterestCalib (examples/finpar/interestcalib.fut) under FinPar's own
# validation rule (docs/INTERESTCALIB.md, "What a correct result is"), applied by the C baseline
# (bench/baselines/interestcalib.c --ref), and the baseline's independent check (--verify: the
# result's genome priced again, its likelihood and prices compared):
#   1. the rule itself: FinPar's reference passes against itself; a likelihood 1.5 above or 0.6
#      below it, or one quote's calibrated price moved off, fails;
#   2. the interpreter on the reduced datasets of examples/finpar/data, against the baseline's
#      outputs (the baseline reproduces FinPar's references digit for digit);
#   3. weft multicore on FinPar's small dataset against FinPar's reference, at 2 threads.
# Medium and large (= medium) take minutes: `make bench` validates them the same way.
. "$(dirname "$0")/lib.sh"
ORIG=data/finpar/orig
[ -d "$ORIG" ] || { fail "no $ORIG (FinPar's datasets, part of the repository)"; summary; }
PROG=examples/finpar/interestcalib.fut
B=$T/interestcalib
${CC:-cc} -std=c11 -O2 -o "$B" bench/baselines/interestcalib.c -lm || { fail "the baseline does not compile"; summary; }

# valid INPUT RESULT REF WANT: the rule on RESULT against REF must say WANT (valid/invalid)
valid() {
    rc=0
    "$B" --verify "$2" --ref "$3" < "$1" > /dev/null 2> "$T/why" || rc=$?
    case "$4-$rc" in
        valid-0 | invalid-3) pass ;;
        *) fail "$2 against $3: expected $4, exit status $rc: $(cat "$T/why")" ;;
    esac
}
# rule RESULT REF WANT: FinPar's rule alone (no --verify: FinPar prints six decimals, too few to
# price its genome again to the prices it printed)
rule() {
    rc=0
    "$B" --rule "$1" "$2" > /dev/null 2> "$T/why" || rc=$?
    case "$3-$rc" in
        valid-0 | invalid-3) pass ;;
        *) fail "the rule on $1 against $2: expected $3, exit status $rc: $(cat "$T/why")" ;;
    esac
}

REF=$ORIG/InterestCalib-Small.output.data
rule "$REF" "$REF" valid
# FinPar's layout: six lines "value // comment", then the rows
awk 'NR == 6 { $1 = $1 + 1.5 } { print }' "$REF" > "$T/above.data"
awk 'NR == 6 { $1 = $1 - 0.6 } { print }' "$REF" > "$T/below.data"
awk 'NR == 6 { $1 = $1 - 0.4 } { print }' "$REF" > "$T/close.data"
# quote 0 (line 9: [ 74.172585 , 115.320470 , 35.681337  ]): calibrated price 20 instead of 74,
# its log-likelihood 1.6 below the reference's
awk 'NR == 9 { sub(/74\.172585/, "20.0") } { print }' "$REF" > "$T/quote.data"
rule "$T/above.data" "$REF" invalid
rule "$T/below.data" "$REF" invalid
rule "$T/close.data" "$REF" valid
rule "$T/quote.data" "$REF" invalid

for f in examples/finpar/data/interestcalib-*-s*.in; do
    "$WEFT" run "$PROG" < "$f" > "$T/interp.out" || { fail "weft run $PROG < $f"; continue; }
    valid "$f" "$T/interp.out" "${f%.in}.out" valid
done

"$WEFT" multicore "$PROG" -o "$T/ic" || { fail "weft multicore $PROG"; summary; }
"$B" --dump < "$ORIG/InterestCalib-Small.input.data" > "$T/small.in"
if "$T/ic" --num-threads 2 < "$T/small.in" > "$T/small.out"; then
    valid "$T/small.in" "$T/small.out" "$ORIG/InterestCalib-Small.output.data" valid
else
    fail "the multicore program on FinPar's small dataset"
fi
summary
