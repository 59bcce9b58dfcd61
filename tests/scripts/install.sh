#!/bin/sh
# install.sh — `make install` and `make uninstall` with PREFIX and DESTDIR (the Makefile): the
# installed weft, run from a directory with no source tree around and with the source tree's
# bin/ off PATH, checks, interprets, and compiles and runs a program with the c and multicore
# backends (the prelude and the runtime are embedded in it) and runs its test block; the manual
# pages and the documentation are where man and users look; uninstall leaves no file behind.
# The weft installed is $WEFT (make's -o keeps make from rebuilding it); the man pages are
# written into this test's temporary directory.
. "$(dirname "$0")/lib.sh"
command -v make > /dev/null 2>&1 || { echo "install: no make, skipped"; summary; }
ROOT=$PWD
DEST=$T/dest
PREFIX=/opt/weft-test
I=$DEST$PREFIX
# make_target TARGET: make TARGET, staged into DEST
make_target() {
    make -s -o "$WEFT" BIN="$WEFT" BUILD="$T/build" PREFIX="$PREFIX" DESTDIR="$DEST" "$1" > "$T/make.log" 2>&1
}

make_target install && pass || { fail "make install: $(tail -n 5 "$T/make.log")"; summary; }
[ -x "$I/bin/weft" ] && cmp -s "$I/bin/weft" "$WEFT" && pass || fail "no $PREFIX/bin/weft, or not the weft built"
for page in $("$WEFT" man --list); do
    [ -s "$I/share/man/man1/$page.1" ] && pass || fail "no manual page $PREFIX/share/man/man1/$page.1"
done
for doc in README.md ARCHITECTURE.md LANGUAGE.md; do
    [ -s "$I/share/doc/weft/$doc" ] && pass || fail "no $PREFIX/share/doc/weft/$doc"
done
[ -z "$(find "$DEST" -type f ! -path "$I/bin/*" ! -path "$I/share/man/man1/*" ! -path "$I/share/doc/weft/*")" ] &&
    pass || fail "files installed elsewhere: $(find "$DEST" -type f | head -n 3)"

# A program compiled far from the source tree, with only the installed weft on PATH.
mkdir -p "$T/work"
cat > "$T/work/sumsq.fut" << 'EOF'
def sqr (x: i32) = x * x
-- ==
-- input { [1, 2, 3] } output { 14 }
-- input { [4, -5] } output { 41 }
entry main (xs: []i32) : i32 = reduce (+) 0 (map sqr xs)
EOF
path=$I/bin:$(printf '%s\n' "$PATH" | tr ':' '\n' | grep -vxF "$ROOT/bin" | grep -vxF "bin" | paste -sd: -)
(
    cd "$T/work" || exit 2
    PATH=$path
    export PATH
    [ "$(command -v weft)" = "$I/bin/weft" ] || { echo "FAIL install: weft on PATH is $(command -v weft)"; exit 1; }
    weft check sumsq.fut || { echo "FAIL install: weft check"; exit 1; }
    out=$(echo '[1, 2, 3]' | weft run sumsq.fut)
    [ "$out" = 14i32 ] || { echo "FAIL install: weft run gave '$out'"; exit 1; }
    for backend in c multicore; do
        weft "$backend" sumsq.fut -o "sumsq-$backend" || { echo "FAIL install: weft $backend"; exit 1; }
        out=$(echo '[3, 4]' | "./sumsq-$backend")
        [ "$out" = 25i32 ] || { echo "FAIL install: the $backend executable gave '$out'"; exit 1; }
    done
    weft test --backend=interp,c,multicore sumsq.fut > test.log 2>&1
    tail -n 1 test.log | grep -qx '6 passed, 0 failed' || { echo "FAIL install: weft test: $(tail -n 3 test.log)"; exit 1; }
) > "$T/work.log" 2>&1 && pass || fail "the installed weft, away from the source tree: $(grep FAIL "$T/work.log" | head -n 3)"

if command -v man > /dev/null 2>&1; then
    MANPATH=$I/share/man man -w weft-bench > "$T/where" 2>&1 && [ "$(cat "$T/where")" = "$I/share/man/man1/weft-bench.1" ] &&
        pass || fail "man does not find weft-bench(1) under $PREFIX/share/man: $(cat "$T/where")"
fi

make_target uninstall && pass || fail "make uninstall: $(tail -n 5 "$T/make.log")"
[ -z "$(find "$DEST" ! -type d)" ] && pass || fail "left after make uninstall: $(find "$DEST" ! -type d | head -n 5)"
[ ! -d "$I/share/doc/weft" ] && pass || fail "make uninstall left $PREFIX/share/doc/weft"
summary
