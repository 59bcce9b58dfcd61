#!/bin/sh
# literal_index.sh — array literals read at constant positions (src/opt/simplify.c): in the
# optimised core of tests/programs/literal_table.fut (which runs the programs), horner's table of
# coefficients is gone (its reads are its elements), mixed keeps its table only for the read at a
# computed index, and outside keeps the read outside the literal (it must fail at run time).
. "$(dirname "$0")/lib.sh"

"$WEFT" dev --print=opt tests/programs/literal_table.fut > "$T/opt" 2>&1
fun() { awk -v f="$1" '/^(entry|fun) / { on = ($2 == f) } on' "$T/opt"; }
fun horner > "$T/horner"
fun mixed > "$T/mixed"
fun outside > "$T/outside"
check "horner's function printed" grep -q "^entry horner" "$T/horner"
check_not "horner: its coefficients are not an array" grep -qE "= array |= index " "$T/horner"
check "mixed: one index left, at the computed position" [ "$(grep -c "= index " "$T/mixed")" = 1 ]
check "mixed: the index left is at tab[i % 4]" grep -qE "= index arr_[0-9]+ \[mod_" "$T/mixed"
check "outside: the read at 5 is kept" grep -qE "= index arr_[0-9]+ \[5i64\]" "$T/outside"
check "outside: the read at 1 is gone" [ "$(grep -c "= index " "$T/outside")" = 1 ]
summary
