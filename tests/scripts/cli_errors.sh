# cli_errors.sh — malformed input outside what a test block can hold: a NUL byte in the source
# is rejected at its location (the lexer would stop at it and silently drop the rest of the
# program); a directory given as the program says so (not "Input/output error"); an option
# without its value says that, not "unknown option"; an entry point taking an array of ()
# values is refused (the interpreter crashed on it).
. "$(dirname "$0")/lib.sh"
# expect_error WANT CMD...: CMD exits 1 and its stderr contains WANT
expect_error() {
    want=$1
    shift
    "$@" > "$T/out" 2> "$T/err"
    rc=$?
    [ $rc = 1 ] && pass || fail "$*: exit status $rc, expected 1"
    grep -qF -- "$want" "$T/err" && pass || fail "$*: stderr lacks '$want': $(cat "$T/err")"
}
printf 'def main (x: i32) : i32 =\n  x\000 + 1\n' > "$T/nul.fut"
expect_error "nul.fut:2:4: error: a NUL byte in the source" "$WEFT" check "$T/nul.fut"
expect_error "    2 |   x" "$WEFT" run "$T/nul.fut"
printf 'def main (x: i32) : i32 = x -- \000 a comment\n' > "$T/nul_comment.fut"
expect_error "nul_comment.fut:1:32: error: a NUL byte" "$WEFT" c "$T/nul_comment.fut"
mkdir "$T/dir.fut"
expect_error "cannot read '$T/dir.fut': Is a directory" "$WEFT" check "$T/dir.fut"
expect_error "cannot read '$T/dir.fut': Is a directory" "$WEFT" c "$T/dir.fut"
for cmd in c multicore cuda; do
    expect_error "$cmd: option '-o' needs a value" "$WEFT" $cmd tests/runtime/loop_for.fut -o
done
expect_error "c: option '--cc' needs a value" "$WEFT" c tests/runtime/loop_for.fut --cc
expect_error "run: option '-e' needs a value" "$WEFT" run tests/runtime/loop_for.fut -e
expect_error "test: option '-j' needs a value" "$WEFT" test tests/runtime/loop_for.fut -j
expect_error "autotune: option '-o' needs a value" "$WEFT" autotune tests/runtime/loop_for.fut -o
# an entry point cannot take an array of () values (no data gives its length)
printf 'entry f (xs: []()) (y: i32) : i64 = length xs + i64.i32 y\n' > "$T/units.fut"
echo 1 | expect_error "parameter 1 of entry point f has no data format" "$WEFT" run "$T/units.fut" -e f
expect_error "units.fut:1:1: error: an entry point's parameter cannot hold an array of () values" "$WEFT" c "$T/units.fut"
summary
