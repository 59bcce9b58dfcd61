#!/bin/sh
# jagged_io.sh — jagged arrays at the boundary (docs/EXECUTABLES.md, "Jagged arrays"): the
# binary encoding (version 3) written by every backend reads back on every backend and gives
# the text of the nested value; malformed jagged inputs (truncated, bad lengths) and an
# irregular value for a regular parameter are clear errors with exit status 1.
. "$(dirname "$0")/lib.sh"
cat > "$T/j.fut" <<'FUT'
entry tri (n: i64) : [][]i64 = map (\i -> map (* 3) (iota i)) (iota n)
entry deep (n: i64) : [][][]i32 = map (\i -> map (\j -> map i32.i64 (iota j)) (iota i)) (iota n)
entry same (m: [][]i64) : [][]i64 = m
entry same3 (m: [][][]i32) : [][][]i32 = m
entry regular [n][k] (m: [n][k]i64) : i64 = n * k
FUT
"$WEFT" c "$T/j.fut" -o "$T/jc" && pass || fail "weft c"
"$WEFT" multicore "$T/j.fut" -o "$T/jm" && pass || fail "weft multicore"
run() { # BACKEND ENTRY [-b]: stdin to stdout
    b=$1; e=$2; shift 2
    case $b in
    interp) "$WEFT" run "$T/j.fut" -e "$e" "$@" ;;
    c) "$T/jc" -e "$e" "$@" ;;
    multicore) "$T/jm" -e "$e" "$@" ;;
    esac
}
want_tri='[empty([0]i64), [0i64], [0i64, 3i64], [0i64, 3i64, 6i64]]'
for w in interp c multicore; do
    echo 4 | run $w tri -b > "$T/tri.$w" && pass || fail "$w: tri -b"
    echo 4 | run $w deep -b > "$T/deep.$w" && pass || fail "$w: deep -b"
    for r in interp c multicore; do
        got=$(run $r same < "$T/tri.$w")
        [ "$got" = "$want_tri" ] && pass || fail "binary from $w read by $r: $got"
        got=$(run $r same3 < "$T/deep.$w" | run $r same3)
        want=$(echo 4 | run interp deep)
        [ "$got" = "$want" ] && pass || fail "3-level binary from $w read by $r: $got, want $want"
    done
    n=$(wc -c < "$T/tri.interp")
    head -c "$n" "$T/tri.$w" | cmp -s "$T/tri.interp" - && pass || fail "$w writes other bytes than the interpreter"
done
# malformed inputs: exit status 1 and a message naming the problem
head -c 30 "$T/tri.c" > "$T/trunc"
printf 'b\003\002\001 i64\002\000\000\000\000\000\000\000\377\377\377\377\377\377\377\377\001\000\000\000\000\000\000\000' > "$T/neg"
for r in interp c multicore; do
    run $r same < "$T/trunc" > "$T/out" 2> "$T/err"
    [ $? = 1 ] && grep -q 'truncated' "$T/err" && pass || fail "$r: truncated binary: $(cat "$T/err")"
    run $r same < "$T/neg" > "$T/out" 2> "$T/err"
    [ $? = 1 ] && grep -q 'bad length' "$T/err" && pass || fail "$r: negative length: $(cat "$T/err")"
    echo '[[1, 2], [3]]' | run $r regular > "$T/out" 2> "$T/err"
    [ $? = 1 ] && grep -q 'irregular array' "$T/err" && pass || fail "$r: irregular value for [n][k]: $(cat "$T/err")"
    echo '[[1, 2], [3, 4, 5' | run $r same > "$T/out" 2> "$T/err"
    [ $? = 1 ] && grep -q 'expected' "$T/err" && pass || fail "$r: unterminated text: $(cat "$T/err")"
done
summary
