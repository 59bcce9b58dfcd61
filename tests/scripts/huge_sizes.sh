# huge_sizes.sh — arrays without elements of huge shape in bounded memory (1 GB of address space
# here): compiled programs (weft c, weft multicore) take empty([4611686018427387904][0]f64) and
# work on it (tests/runtime/huge_empty.fut checks the results); the interpreter, which keeps
# every row, refuses such an input at once with a message instead of growing without bound (it
# grew to 5.6 GB in 15 s); a size that overflows is a located error, not a crash.
. "$(dirname "$0")/lib.sh"
prog=tests/runtime/huge_empty.fut
huge='empty([4611686018427387904][0]f64)'
# limited CMD...: CMD with 1 GB of address space and 20 s; its exit status
limited() { (ulimit -v 1000000 && exec timeout 20 "$@") > "$T/out" 2> "$T/err"; }
# weft itself within the limit, unless it cannot start there: AddressSanitizer (make check-asan)
# reserves terabytes of address space first
if sh -c 'ulimit -v 1000000 && exec "$0" --help' "$WEFT" > /dev/null 2>&1; then
    weft_limited() { limited "$@"; }
else
    weft_limited() { timeout 20 "$@" > "$T/out" 2> "$T/err"; }
fi

echo "$huge" | weft_limited "$WEFT" run "$prog" -e rows
rc=$?
[ $rc = 1 ] && grep -q "argument 1 of rows: an array of shape \[4611686018427387904\]\[0\] has more rows than the interpreter can hold" "$T/err" && pass ||
    fail "weft run with $huge: exit status $rc: $(cat "$T/err")"
for be in c multicore; do
    "$WEFT" $be "$prog" -o "$T/huge-$be" > "$T/cc.err" 2>&1 || { fail "weft $be: $(cat "$T/cc.err")"; continue; }
    echo "$huge" | limited "$T/huge-$be" -e views
    rc=$?
    [ $rc = 0 ] && grep -q '^empty(\[4611686018427387902\]\[0\]f64)$' "$T/out" && pass ||
        fail "weft $be, views of $huge in 1 GB: exit status $rc: $(cat "$T/out" "$T/err")"
done
# a product of sizes that overflows: replicate (2^40) (replicate (2^24) 1) crashed weft c
cat > "$T/overflow.fut" <<'F'
entry big (n: i64) (m: i64) : f64 = let a = replicate n (replicate m 1f64) in a[n - 1, m - 1]
F
"$WEFT" c "$T/overflow.fut" -o "$T/overflow" > "$T/cc.err" 2>&1 && pass || fail "weft c overflow.fut: $(cat "$T/cc.err")"
echo "1099511627776i64 16777216i64" | limited "$T/overflow" -e big
rc=$?
[ $rc = 2 ] && grep -q "overflow.fut:1:45: error: out of memory: an array larger than the address space" "$T/err" && pass ||
    fail "overflow.fut: exit status $rc: $(cat "$T/err")"
summary
