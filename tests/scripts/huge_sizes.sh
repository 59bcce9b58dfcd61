# huge_sizes.sh — arrays without elements of huge shape in bounded memory (1 GB of address space
# here): compiled programs (weft c, weft multicore) take empty([4611686018427387904][0]f64) and
# work on it (tests/runtime/huge_empty.fut checks the results); the interpreter, which keeps
# every row, refuses such an input at once with a message instead of growing without bound (it
# grew to 5.6 GB in 15 s); a size that overflows is a located error, not a crash.
# Binary inputs whose header declares more elements (or jagged rows) than the input holds are
# "truncated" errors with exit status 1 before any allocation of the declared size (rts/values.c
# allocated it first: found by fuzz_values, tests/fuzz/regressions/values/jagged-huge-rows),
# while a real binary value larger than the reader's 1 MB chunks still reads back whole.
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
# Declared sizes against the bytes present, on the interpreter and a compiled program (the same reader).
cat > "$T/decl.fut" <<'F'
entry total (xs: []i32) : i64 = i64.sum (map i64.i32 xs)
entry rows [n][m] (xs: [n][m]f64) : (i64, i64) = (n, m)
entry jag (xs: [][]u16) : i64 = length xs
entry jag2 (xs: [][][]i32) : i64 = length xs
entry jag3 [k] (xs: [][][k]i32) : i64 = length xs
entry count (n: i64) : []i32 = map i32.i64 (iota n)
F
"$WEFT" c "$T/decl.fut" -o "$T/decl" > "$T/cc.err" 2>&1 && pass || fail "weft c decl.fut: $(cat "$T/cc.err")"
# expect_error ENTRY WHAT MESSAGE: both ways of running ENTRY on $T/in (WHAT) in 1 GB exit with
# status 1 and MESSAGE
expect_error() {
    weft_limited "$WEFT" run "$T/decl.fut" -e "$1" < "$T/in"
    rc=$?
    [ $rc = 1 ] && grep -qF "$3" "$T/err" && pass || fail "weft run -e $1, $2: exit status $rc: $(cat "$T/err")"
    limited "$T/decl" -e "$1" < "$T/in"
    rc=$?
    [ $rc = 1 ] && grep -qF "$3" "$T/err" && pass || fail "weft c -e $1, $2: exit status $rc: $(cat "$T/err")"
}
i64_1g='\000\000\000\100\000\000\000\000' # 2^30 as 8 little-endian bytes
printf "b\002\001 i32$i64_1g\001\000\000\000\002\000\000\000" > "$T/in"
expect_error total "2^30 elements of i32 (4 GB) declared, 8 bytes present" \
    "binary value: truncated data (expected 1073741824 elements of type i32, 4294967296 bytes; the input ends 4294967288 bytes short)"
tail -c +3 tests/fuzz/regressions/values/jagged-huge-rows > "$T/in" # without fuzz_values.c's two bytes
expect_error jag "the fuzz finding: 2^31 + 1 jagged rows (16 GB of lengths) in 40 bytes" \
    "binary value: truncated lengths of jagged level 1 (expected 2147483649 rows; the input ends"
printf "b\003\002\001 u16\002\000\000\000\000\000\000\000$i64_1g\000\000\000\000\000\000\000\000" > "$T/in"
expect_error jag "two jagged rows of 2^30 and 0 elements, none present" \
    "binary value: truncated data (expected 1073741824 elements of type u16"
# arrays without elements for jagged parameters: 8 bytes of offsets per row, so no more rows
# than MAX_SHAPED_EMPTY_ROWS (2^24) at a jagged level when only a shape declares them
echo 'empty([2][4611686018427387904][0]i32)' > "$T/in"
expect_error jag2 "2 x 2^62 jagged rows without elements" \
    "an array without elements given by its shape may have at most 16777216 rows at each jagged level"
printf 'b\002\002 u16\001\000\000\001\000\000\000\000\000\000\000\000\000\000\000\000' > "$T/in"
expect_error jag "binary: 2^24 + 1 jagged rows without elements" \
    "an array without elements given by its shape may have at most 16777216 rows at each jagged level"
echo 'empty([16777216][4611686018427387904][0]i32)' > "$T/in"
expect_error jag3 "2^24 jagged rows of 2^62 rows each" \
    "a jagged value with 16777216 x 4611686018427387904 rows at level 2 is too large"
got=$(echo 'empty([16777216][0]u16)' | limited "$T/decl" -e jag && cat "$T/out")
[ "$got" = 16777216i64 ] && pass || fail "weft c: 2^24 jagged rows without elements: $got $(cat "$T/err")"
# binary without elements: a huge shape, no data, and nothing allocated for it
printf 'b\002\002 f64\000\000\000\000\000\000\000\100\000\000\000\000\000\000\000\000' > "$T/in"
limited "$T/decl" -e rows < "$T/in"
rc=$?
[ $rc = 0 ] && [ "$(cat "$T/out")" = "4611686018427387904i64
0i64" ] && pass || fail "weft c, binary empty([4611686018427387904][0]f64): exit status $rc: $(cat "$T/out" "$T/err")"
# a binary value of 10^6 elements (4 MB, several of the reader's chunks) through a pipe reads whole
n=1000000
"$T/decl" -e count -b > "$T/big" <<E
$n
E
for how in interp c; do
    if [ $how = interp ]; then got=$(cat "$T/big" | "$WEFT" run "$T/decl.fut" -e total); else got=$(cat "$T/big" | "$T/decl" -e total); fi
    [ "$got" = "$((n * (n - 1) / 2))i64" ] && pass || fail "$how: the sum of a 4 MB binary value: $got"
done
# a product of sizes that overflows: replicate (2^40) (replicate (2^24) 1) crashed weft c
cat > "$T/overflow.fut" <<'F'
entry big (n: i64) (m: i64) : f64 = let a = replicate n (replicate m 1f64) in a[n - 1, m - 1]
F
"$WEFT" c "$T/overflow.fut" -o "$T/overflow" > "$T/cc.err" 2>&1 && pass || fail "weft c overflow.fut: $(cat "$T/cc.err")"
echo "1099511627776i64 16777216i64" | limited "$T/overflow" -e big
rc=$?
[ $rc = 2 ] && grep -q "overflow.fut:1:45: Error: out of memory: an array larger than the address space" "$T/err" && pass ||
    fail "overflow.fut: exit status $rc: $(cat "$T/err")"
summary
