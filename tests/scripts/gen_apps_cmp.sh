# gen_apps_cmp.sh — bench/scan/gen_apps.c's `cmp`, which bench/scan/apps.sh uses to check that
# weft c and weft multicore agree: f64 arrays are compared normwise (each difference against the
# largest magnitude of the arrays, 1e-9), so an element that cancels to near zero in a scan
# associated differently passes, and a difference of 1e-6 of the largest value fails.
. "$(dirname "$0")/lib.sh"
cc -std=c11 -O2 -Wall -Wextra -Werror -o "$T/gen_apps" bench/scan/gen_apps.c -lm && pass || { fail "build gen_apps"; summary; }
cat > "$T/pair.fut" <<'F'
entry main (big: f64) (small: f64) : []f64 = [big, small, -big]
F
"$WEFT" c "$T/pair.fut" -o "$T/pair" > /dev/null && pass || { fail "weft c pair.fut"; summary; }
out() { echo "$1 $2" | "$T/pair" -b > "$T/$3" && pass || fail "running pair.fut on $1 $2"; }
out 1000.0f64 1e-12f64 a
out 1000.0f64 2e-12f64 near_zero   # relative to its element 0.5, normwise 1e-15
out 1000.0f64 0.001f64 far         # normwise 1e-6
"$T/gen_apps" cmp "$T/a" "$T/a" && pass || fail "an array differs from itself"
"$T/gen_apps" cmp "$T/a" "$T/near_zero" 2> /dev/null && pass || fail "a difference of 1e-15 of the largest value failed"
"$T/gen_apps" cmp "$T/a" "$T/far" 2> "$T/far.err" && fail "a difference of 1e-6 of the largest value passed" || pass
grep -q "differ (relative 1e-06)" "$T/far.err" && pass || fail "unexpected message: $(cat "$T/far.err")"
summary
