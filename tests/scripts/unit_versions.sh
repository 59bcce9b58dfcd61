# unit_versions.sh — the unit-width versions of loop nests (src/backend/unitver.c), read
# from `weft c --no-cc` / `weft multicore --no-cc` output: a nest inside an iteration whose
# widths come from outside it gets `if (u == 1 && t == 1)` with its loops as blocks; a width
# bound inside the nest is not tested; a nest outside any iteration gets no version.  The results of
# both versions are checked by tests/backend_c/unit_widths.fut.  Needs no C compiler.
. "$(dirname "$0")/lib.sh"
versions() { grep -c 'every width 1' "$1.c"; }

cat > "$T/nest.fut" <<'F'
entry main [u] [t] (n: i64) (xs: [u][t]f64) : [n]f64 =
  map (\k -> reduce (+) 0.0 (map (\r -> reduce (+) 0.0 (map (+ f64.i64 k) r)) xs)) (iota n)
F
cat > "$T/inner.fut" <<'F'
entry main (n: i64) (m: i64) : [n]i64 =
  map (\j -> reduce (+) 0 (map (\k -> reduce (+) 0 (iota (k % 3))) (iota (m + j)))) (iota n)
F
cat > "$T/top.fut" <<'F'
entry main [t] (xs: [t]f64) : f64 = reduce (+) 0.0 (map (* 2.0) xs)
F
for be in c multicore; do
    "$WEFT" $be --no-cc "$T/nest.fut" -o "$T/nest-$be" && pass || fail "weft $be nest.fut"
    [ "$(versions "$T/nest-$be")" -ge 1 ] && pass || fail "$be: the nest over u and t has no unit version"
    grep -q 'if (v_u_[0-9]* == 1 && v_t_[0-9]* == 1) {' "$T/nest-$be.c" &&
        pass || fail "$be: the unit version does not test both widths"
    grep -q 'const int64_t i_[0-9]* = 0; (void)w_[0-9]*; /\* the width is 1 \*/' "$T/nest-$be.c" &&
        pass || fail "$be: the unit version's loops are not blocks"
    "$WEFT" $be --no-cc "$T/inner.fut" -o "$T/inner-$be" && pass || fail "weft $be inner.fut"
    grep -q 'if (v_add_[0-9o]* == 1) {' "$T/inner-$be.c" &&
        pass || fail "$be: the nest over m + j has no unit version testing that width alone"
    [ "$(grep 'every width 1' "$T/inner-$be.c" | grep 'v_add_' | grep -c 'v_mod_')" = 0 ] &&
        pass || fail "$be: a width bound inside the nest (k % 3) is tested before it"
    "$WEFT" $be --no-cc "$T/top.fut" -o "$T/top-$be" && pass || fail "weft $be top.fut"
    [ "$(versions "$T/top-$be")" = 0 ] && pass || fail "$be: a nest outside any iteration got a unit version"
done
summary
