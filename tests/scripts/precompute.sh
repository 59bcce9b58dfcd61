# precompute.sh — the per-element work of maps inside loops, computed once before the loop on the
# CPU targets (src/opt/precompute.c), read from `weft dev --print=jagged`: in
# tests/core/opt_precompute.fut the exp of the index and the three sqrts of the unrolled loop are
# made into arrays before the loop (for weft c and multicore; not for weft cuda, whose exp stays in
# the loop), and the guarded division, index and while-loop (which may fail or not end) stay in
# the loop; in
# examples/hullwhite/hullwhite.fut both the forward and the backward induction read precomputed
# arrays.  tests/core/opt_precompute.fut checks the results on every backend.  Needs no C compiler.
. "$(dirname "$0")/lib.sh"
PROG=tests/core/opt_precompute.fut

# first LINE_PATTERN FILE: the number of the first line matching LINE_PATTERN (0: none)
first() { awk -v p="$1" '$0 ~ p { print NR; found = 1; exit } END { if (!found) print 0 }' "$2"; }

for t in c multicore cuda; do
    check "weft dev --print=jagged --target=$t $PROG" "$WEFT" dev --print=jagged --target=$t "$PROG" > "$T/$t.txt" || continue
    loop=$(first '= loop \\(' "$T/$t.txt")
    exp=$(first 'exp f64' "$T/$t.txt")
    pre=$(($(grep -o 'pre_[a-z0-9]*: \[w_[0-9]*\]f64' "$T/$t.txt" | wc -l)))
    if [ $t = cuda ]; then
        [ "$pre" = 0 ] && [ "$exp" -gt "$loop" ] && pass || fail "cuda: per-element work was precomputed"
        continue
    fi
    [ "$loop" -gt 0 ] && [ "$exp" -gt 0 ] && [ "$exp" -lt "$loop" ] && pass || fail "$t: the exp of the index is still computed in the loop"
    [ "$(grep -c 'let pre_' "$T/$t.txt")" = 1 ] && [ "$pre" = 4 ] && pass ||
        fail "$t: not one map of four precomputed arrays (the exp and the three sqrts)"
    [ "$(first 'sqrt f64' "$T/$t.txt")" -lt "$loop" ] && [ "$(grep -c 'sqrt f64' "$T/$t.txt")" = 3 ] && pass ||
        fail "$t: the sqrts of the unrolled loop are not all before the loop"
    [ "$(first 'div i64 10i64' "$T/$t.txt")" -gt "$loop" ] && [ "$(first 'index ks_' "$T/$t.txt")" -gt "$loop" ] && pass ||
        fail "$t: the guarded division or index (which may fail) moved out of the loop"
    [ "$(first 'while' "$T/$t.txt")" -gt "$loop" ] && pass || fail "$t: the guarded while-loop moved out of the loop"
done
check "weft dev --print=jagged examples/hullwhite/hullwhite.fut" "$WEFT" dev --print=jagged examples/hullwhite/hullwhite.fut > "$T/hw.txt"
[ "$(grep -c 'let pre_' "$T/hw.txt")" = 3 ] && pass || fail "hullwhite: not three precomputing maps (the sum's exp, the probabilities of the forward and of the backward induction)"
summary
