#!/bin/sh
# inrange.sh — the flattener's element reads without bounds checks (src/flatten/irregular.c,
# `index_inrange` in the segment IR): a segmented reduce over jagged rows reads its elements
# unchecked (its index is below the row's size, the segment's width), and so the generated C
# of its inner loop has no bounds check; a zip's second row, whose size is only asserted
# equal, is still read with a check.  tests/irregular/inrange.fut runs the programs.
. "$(dirname "$0")/lib.sh"

"$WEFT" dev --print=seg bench/irregular/segsum.fut > "$T/segsum.seg" 2>&1
check "segsum: the flattened segred reads its element with index_inrange" \
    grep -qE '^ +let x_[a-z0-9_]+: i32 = index_inrange x_[a-z0-9_]+ \[gtid_' "$T/segsum.seg"
check "segsum: no element read left checked" \
    sh -c "! grep -qE ': i32 = index x_' '$T/segsum.seg'"

"$WEFT" dev --print=seg tests/irregular/inrange.fut > "$T/inrange.seg" 2>&1
# dots: in each flattened version, the first row's element unchecked, the second's checked
unchecked=$(grep -cE ': i32 = index_inrange x_' "$T/inrange.seg")
checked=$(grep -cE ': i32 = index x_' "$T/inrange.seg")
check "inrange.fut: elements read unchecked ($unchecked)" [ "$unchecked" -ge 3 ]
check "inrange.fut: the zip's second row read with a check ($checked)" [ "$checked" -ge 1 ]

# the generated C (multicore: c keeps only the outer version): no bounds check on the segment's inner index (gtid below `seg`)
inner=$(sed -n 's/.*segred grid ([a-z0-9_]* < [a-z0-9_]*, \([a-z0-9_]*\) < seg .*/\1/p' "$T/segsum.seg" | head -n 1)
"$WEFT" multicore --no-cc bench/irregular/segsum.fut -o "$T/segsum" > /dev/null 2>&1
check "segsum: the flattened segred's inner index found ($inner) and C written" [ -n "$inner" ] && [ -s "$T/segsum.c" ]
check_not "segsum: the C checks the segment's inner index $inner" grep -q "ix_\[\] = {v_$inner}" "$T/segsum.c"
# the rows' starts and ends (offsets[0:n] and offsets[1:n+1], views of n rows) are indexed
# below n unchecked (src/backend/range.c: slice views and copies of indices)
check_not "segsum: a row's start or end index checked" grep -q 'sh_\[\] = {v_slice_' "$T/segsum.c"
"$WEFT" dev --print=core-parse "$T/segsum.seg" > "$T/again.seg" 2>&1
check "segsum: index_inrange parses back" grep -q "index_inrange" "$T/again.seg"
[ "$checks_failed" -eq 0 ] || head -100 "$T/segsum.seg"
summary
