# runner_checks.sh — `weft test` refuses what it cannot honestly run and compares exactly:
# unknown or empty backend names are errors (not skipped cases), repeated --backend lists add up; arrays without elements are
# compared with every size (empty([0][3]i32) is not empty([0][2]i32)); an `error:` case passes
# only on a run-time error (exit status 2), not when the program does not type-check; a
# program that does not compile fails each of its cases but is reported once.
. "$(dirname "$0")/lib.sh"
for list in bogus "" "c," "interp,,c"; do
    "$WEFT" test --backend="$list" tests/runner/values.fut > "$T/out" 2>&1
    rc=$?
    [ $rc = 1 ] && grep -q -e "unknown backend 'bogus'" -e "an empty backend name" "$T/out" && pass ||
        fail "--backend=$list: exit status $rc: $(cat "$T/out")"
done

# counts FILE BACKENDS: the "N passed, N failed" line of weft test
counts() { f=$1 be=$2; shift 2; "$WEFT" test --backend="$be" "$@" "$f" > "$T/out" 2>&1; tail -n 1 "$T/out"; }

# --backend repeated: the lists add up, each backend once
"$WEFT" test --backend=interp --backend=c --backend=interp tests/runner/values.fut > "$T/out" 2>&1
both=$("$WEFT" test --backend=interp,c tests/runner/values.fut 2>&1 | tail -n 1)
one=$("$WEFT" test --backend=interp tests/runner/values.fut 2>&1 | tail -n 1)
[ "$(tail -n 1 "$T/out")" = "$both" ] && [ "$both" != "$one" ] && pass ||
    fail "--backend=interp --backend=c --backend=interp: $(tail -n 1 "$T/out"), expected $both (interp alone: $one)"

cat > "$T/empty_dims.fut" <<'F'
-- ==
-- input { 0i64 } output { empty([0][3]i32) }
-- input { 0i64 } output { empty([0][2]i32) }
-- input { 0i64 } output { [] }
entry main (n: i64) : [][]i32 = replicate n (replicate 2 0i32)
F
got=$(counts "$T/empty_dims.fut" interp,c,multicore)
[ "$got" = "6 passed, 3 failed" ] && pass || fail "empty_dims.fut: $got, expected 6 passed, 3 failed: $(cat "$T/out")"
grep -q "expected empty(\[0\]\[3\]i32) but got empty(\[0\]\[2\]i32)" "$T/out" && pass || fail "empty_dims.fut: no message naming both shapes"

cat > "$T/type_error.fut" <<'F'
-- ==
-- input { 1 } error: .
def main (x: i32) : i32 = x + true
F
got=$(counts "$T/type_error.fut" interp)
[ "$got" = "0 passed, 1 failed" ] && pass || fail "type_error.fut: $got, expected 0 passed, 1 failed: $(cat "$T/out")"
grep -q "exit status 1, but a run-time error (exit status 2) was expected" "$T/out" && pass ||
    fail "type_error.fut: no message saying a run-time error was expected: $(cat "$T/out")"

cat > "$T/no_cc.fut" <<'F'
-- ==
-- input { 1 } output { 2 }
-- input { 2 } output { 3 }
entry main (x: i32) : i32 = x + 1

-- ==
-- entry: g
-- input { 3 } output { 4 }
entry g (x: i32) : i32 = x + 1
F
got=$(counts "$T/no_cc.fut" c --cc=false)
[ "$got" = "0 passed, 3 failed" ] && pass || fail "no_cc.fut: $got, expected 0 passed, 3 failed: $(cat "$T/out")"
[ "$(grep -c "compilation failed" "$T/out")" = 1 ] && pass || fail "no_cc.fut: the compile failure is not printed once: $(cat "$T/out")"

# `no_BACKEND input`: the case is skipped on that backend only (a wrong expected output shows
# whether it ran); Futhark's words for backends weft lacks skip nothing
cat > "$T/not_on.fut" <<'F'
-- ==
-- no_c input { 2 } output { 30 }
-- no_python no_multicore input { 5 } output { 6 }
entry main (x: i32) : i32 = x + 1
F
got=$(counts "$T/not_on.fut" c)
[ "$got" = "1 passed, 0 failed, 1 skipped" ] && pass || fail "not_on.fut on c: $got: $(cat "$T/out")"
got=$(counts "$T/not_on.fut" interp)
[ "$got" = "1 passed, 1 failed" ] && pass || fail "not_on.fut on interp: $got, expected the no_c case to run and fail"
got=$(counts "$T/not_on.fut" multicore)
[ "$got" = "0 passed, 1 failed, 1 skipped" ] && pass || fail "not_on.fut on multicore: $got: $(cat "$T/out")"
"$WEFT" test --list --backend=c "$T/not_on.fut" > "$T/out" 2>&1
grep -q "skipped (no_c)" "$T/out" && pass || fail "not_on.fut: --list does not say why: $(cat "$T/out")"
summary
