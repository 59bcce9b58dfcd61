# interchange.sh — which nests weft c and weft multicore run as interchanged loops (issue 24,
# item 3; src/backend/nest.c), read from `--no-cc` output: in tests/backend_c/interchange.fut,
# the maps of dot products (f32, f64 through two transposes, i32, a non-commutative operator
# with an if) are interchanged (not in their unit-width versions; in weft c, mm64's two maps
# together, and its inner map again in their plain loops' fallback; in weft multicore, mm64's
# segmap over rows in blocks of rows per chunk), and the nests whose
# products read the map's index (withj) or may fail (divides), and a matrix-vector product over
# dense rows (matvec: its plain loops walk along them), keep their loops.  That file
# checks the results of both kinds on every backend.  Needs no C compiler.
. "$(dirname "$0")/lib.sh"
PROG=tests/backend_c/interchange.fut

# interchanged FILE ENTRY: the interchanged nests in ENTRY's function of the generated FILE.
interchanged() {
    k=$(sed -n "s/.*{\"$2\", [0-9]*, entry_\([0-9]*\)_params.*/\1/p" "$1")
    [ -n "$k" ] || { echo "no entry $2 in $1" >&2; echo -1; return; }
    awk -v f="entry_${k}_body(" 'index($0, "static int ") == 1 { on = index($0, f) > 0 }
        on && /a dot product per element/ { n++ } END { print n + 0 }' "$1"
}

for be in c multicore; do
    check "weft $be --no-cc $PROG" "$WEFT" $be --no-cc "$PROG" -o "$T/x-$be" || continue
    for entry in mm32 mm64 mmi32 lastnz; do
        [ "$(interchanged "$T/x-$be.c" $entry)" -ge 1 ] &&
            pass || fail "$be: $entry's map of dot products is not interchanged"
    done
    grep -q 'if (w_[0-9]* >= 8 && v_tr_[0-9]*\.s\[0\] < v_tr_[0-9]*\.s\[1\]) {' "$T/x-$be.c" &&
        pass || fail "$be: no run-time test of the width and the strides before the interchanged loops"
    if [ $be = c ]; then # mm64's two maps over rows of views: blocked together (rows and columns)
        [ "$(interchanged "$T/x-$be.c" mm64)" = 2 ] && grep -q 'for (int64_t i0_[0-9]* = 0; i0_[0-9]* < w_[0-9]*; i0_[0-9]* += 16) {' "$T/x-$be.c" &&
            pass || fail "c: mm64's two maps are not interchanged together, in blocks of rows"
    else # mm64's segmap over rows of an array: each chunk of rows [lo, hi) in blocks of rows
        grep -q 'for (int64_t i0_[0-9]* = lo_[0-9]*; i0_[0-9]* < hi_[0-9]*; i0_[0-9]* += 16) {' "$T/x-$be.c" &&
            pass || fail "multicore: mm64's segmap over rows does not run its chunks in blocks of rows"
    fi
    for entry in withj divides matvec; do
        [ "$(interchanged "$T/x-$be.c" $entry)" = 0 ] && pass || fail "$be: $entry was interchanged"
    done
done
summary
