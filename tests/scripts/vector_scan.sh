# vector_scan.sh — which scans `weft multicore` hands to rts/mc.h's vectorised scan, read from
# `weft multicore --no-cc` output: a top-level `scan op ne xs` of a dense scalar array with a
# built-in operator (the flattener makes it a one-dimensional segscan whose body only reads
# xs) calls a WF_MC_SCAN_VEC_DEFINE instance; a scan with a map fused into it, a scan of a
# column (strided) and a scan with a lambda operator do not, and neither does `weft c`.  The
# results of the vectorised scans are checked by tests/backend_c/mc_scan.fut.
. "$(dirname "$0")/lib.sh"
calls() { grep -c '^WF_MC_SCAN_VEC_DEFINE' "$1"; }

cat > "$T/plain.fut" <<'F'
entry main (xs: []i32) (ys: []f64) : ([]i32, []f64) = (scan (+) 0 xs, scan (*) 1.0 ys)
F
cat > "$T/other.fut" <<'F'
entry fused (xs: []i32) : []i32 = scan (+) 0 (map (* 2) xs)
entry column [n] (xss: [n][2]i32) : [n]i32 = scan (+) 0 (transpose xss)[1]
entry lambda (xs: []i32) : []i32 = scan (\a b -> i32.max a b) i32.lowest xs
F
"$WEFT" multicore --no-cc "$T/plain.fut" -o "$T/plain" && pass || fail "weft multicore plain.fut"
[ "$(calls "$T/plain.c")" = 2 ] && pass || fail "the two top-level scans do not call the vectorised scan"
"$WEFT" c --no-cc "$T/plain.fut" -o "$T/plain-c" && pass || fail "weft c plain.fut"
[ "$(calls "$T/plain-c.c")" = 0 ] && pass || fail "weft c calls the multicore scan"
"$WEFT" multicore --no-cc "$T/other.fut" -o "$T/other" && pass || fail "weft multicore other.fut"
[ "$(calls "$T/other.c")" = 0 ] && pass || fail "a fused map, a column or a lambda operator went to the vectorised scan"
summary
