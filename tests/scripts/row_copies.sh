#!/bin/sh
# row_copies.sh — rows of several layouts copied element-wise (src/flatten/flatten.c
# split_by_offsets): in tests/irregular/views_by_offsets.fut (which runs the program), the map
# that ends the flattened else branch returns the new values, the rows' lengths and the rows'
# data, each concatenated by offsets of its own; the offsets of the rows' data must drive a
# segmap over every element (`< seg O`), not only the map's own thread per row.  Before the
# split no such segmap existed.  quickhull (examples/flatten) has the same shape.
. "$(dirname "$0")/lib.sh"

for f in tests/irregular/views_by_offsets.fut examples/flatten/quickhull.fut; do
    "$WEFT" dev --print=seg --target=cuda "$f" > "$T/seg" 2>&1
    # the else branch's maps over its edges (`< sub_...`) with several offsets: their last
    # offsets array is the rows' data
    last=$(grep -E 'segmap grid \(gtid_[a-z0-9]+ < sub_[a-z0-9]+\) concat \(map_[a-z0-9]+(, map_[a-z0-9]+)+\)' "$T/seg" |
        sed 's/.*, \(map_[a-z0-9]*\))$/\1/' | sort -u)
    check "$f: the else branch's map of several layouts found" [ -n "$last" ]
    for o in $last; do
        check "$f: the rows of $o copied element-wise" grep -q "< seg $o " "$T/seg"
    done
done
summary
