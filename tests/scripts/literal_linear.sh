# literal_linear.sh — type-checking an array literal takes time linear in its length: each
# element's type variable was linked to the next, and every look-up walked the chain (20k
# elements took 1.0 s, 40k 3.9 s, 200k over 30 s).  200k floats, 200k integers and a
# 400x500 nested literal must each check within 20 s on a loaded machine (about 1 s when linear;
# the quadratic checker needed minutes).
. "$(dirname "$0")/lib.sh"
awk 'BEGIN { printf "entry f (x: f64) : []f64 = ["; for (i = 0; i < 200000; i++) printf "%s%d.5", i ? ", " : "", i; print "]" }' > "$T/floats.fut"
awk 'BEGIN { printf "entry f (x: i64) : []i64 = ["; for (i = 0; i < 200000; i++) printf "%s%d", i ? ", " : "", i; print "]" }' > "$T/ints.fut"
awk 'BEGIN { printf "entry f (x: i32) : [][]i32 = ["; for (i = 0; i < 400; i++) { printf "%s[", i ? ", " : ""; for (j = 0; j < 500; j++) printf "%s%d", j ? ", " : "", j; printf "]" } print "]" }' > "$T/nested.fut"
for f in floats ints nested; do
    timeout 20 "$WEFT" check "$T/$f.fut" > "$T/out" 2>&1
    rc=$?
    [ $rc = 0 ] && pass || fail "$f.fut: exit status $rc (124: over 20 s): $(head -c 300 "$T/out")"
done
echo 0 | timeout 20 "$WEFT" run -e f "$T/nested.fut" > "$T/out" 2>&1 && [ "$(grep -o ', 499i32\]' "$T/out" | wc -l)" = 400 ] && pass ||
    fail "nested.fut: wrong result: $(head -c 300 "$T/out")"
summary
