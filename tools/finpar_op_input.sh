#!/bin/sh
# finpar_op_input.sh ORIG.input.data — FinPar's OptionPricing input (its own text format, as in
# data/finpar/orig/) written in weft's text format for examples/finpar/optionpricing.fut,
# with every number as FinPar printed it.  The Futhark-format datasets (data/finpar/*.in)
# hold the reals rounded to six decimals: large's drifts (about 3e-5) lose up to 3 % of their
# value that way, which moves its price by 0.0046, ten times FinPar's tolerance.
#
# The header is six integers (contract, iterations, dates, underlyings, models, Sobol bits),
# then nine bracketed arrays: direction vectors [dates*unds][bits], md_c [models][unds][unds],
# md_vols and md_drifts [models][dates][unds], md_starts [models][unds], md_detvals
# [models][K], md_discts [models][L], bb_inds [3][dates] and bb_data [3][dates].
set -eu
[ $# = 1 ] && [ -r "$1" ] || { echo "usage: finpar_op_input.sh ORIG.input.data" >&2; exit 2; }
sed 's://.*$::; s/\[/ [ /g; s/\]/ ] /g; s/,/ /g' "$1" | tr -s ' \t' '\n\n' | awk -v file="$1" '
function fail(msg) { print "finpar_op_input.sh: " file ": " msg > "/dev/stderr"; bad = 1; exit 2 }
# the values of group g from position *at, as nested arrays of the dimensions d[k..nd]
function emit(g, k, nd, d, suffix,    i, s) {
    if (k > nd) return val[g, at++] suffix
    s = "["
    for (i = 0; i < d[k]; i++) s = s (i ? ", " : "") emit(g, k + 1, nd, d, suffix)
    return s "]"
}
function array(g, suffix, a, b, c,    d, nd, n, i, empty) {
    d[1] = a; d[2] = b; nd = 2
    if (c != "") { d[3] = c; nd = 3 }
    n = 1
    for (i = 1; i <= nd; i++) n *= d[i]
    if (n != count[g]) fail(name[g] " holds " count[g] " numbers, not " n)
    if (n == 0) {
        empty = "empty("
        for (i = 1; i <= nd; i++) empty = empty "[" d[i] "]"
        return empty suffix ")"
    }
    at = 0
    return emit(g, 1, nd, d, suffix)
}
/^$/ { next }
$0 == "[" { if (depth++ == 0) { groups++; count[groups] = 0 } next }
$0 == "]" { if (--depth < 0) fail("unbalanced ]"); next }
/^-?[0-9.]+([eE][-+]?[0-9]+)?$/ {
    if (depth == 0) { if (nhead >= 6) fail("a number outside the arrays after the header"); head[++nhead] = $0; next }
    val[groups, count[groups]++] = $0
    next
}
{ fail("unexpected token \"" $0 "\"") }
END {
    if (bad) exit 2
    split("direction vectors,md_c,md_vols,md_drifts,md_starts,md_detvals,md_discts,bb_inds,bb_data", name, ",")
    if (nhead != 6 || groups != 9 || depth != 0) fail("expected 6 header numbers and 9 arrays, got " nhead " and " groups)
    T = head[3]; U = head[4]; M = head[5]; B = head[6]
    if (M <= 0 || count[6] % M || count[7] % M) fail("the pricers or discounts do not split over " M " models")
    out = out head[1] "i32" "\n"
    out = out head[2] "i32" "\n"
    out = out array(1, "i32", T * U, B) "\n"
    out = out array(2, "f32", M, U, U) "\n"
    out = out array(3, "f32", M, T, U) "\n"
    out = out array(4, "f32", M, T, U) "\n"
    out = out array(5, "f32", M, U) "\n"
    out = out array(6, "f32", M, count[6] / M) "\n"
    out = out array(7, "f32", M, count[7] / M) "\n"
    out = out array(8, "i32", 3, T) "\n"
    out = out array(9, "f32", 3, T) "\n"
    printf "%s", out # written only when every check passed
}'
