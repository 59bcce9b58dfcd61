#!/bin/sh
# library_example.sh — examples/library through its own Makefile, as a user would build it:
# `make check` there generates portfolio.{h,c,pc} with `weft c --library` (then multicore),
# builds main.c with the flags pkg-config reads from portfolio.pc, and runs it (main.c checks
# every result against plain C loops, a jagged array among them).  Then the .pc itself: its
# flags, its source variable, a folder moved with its files; and the Makefile's fallback
# without pkg-config (the flags docs/LIBRARY.md gives).
. "$(dirname "$0")/lib.sh"

ex=examples/library
flags="-O2 -std=c11 -Wall -Wextra -Werror"
for backend in c multicore; do
    if make -s -C $ex check WEFT="$WEFT" BACKEND=$backend OUT="$T/$backend" CC="$CC" CFLAGS="$flags" \
        > "$T/$backend.log" 2>&1 && grep -qx ok "$T/$backend.log"; then
        pass
    else
        fail "make check BACKEND=$backend: $(cat "$T/$backend.log")"
    fi
done
grep -q -- '-fopenmp' "$T/multicore/portfolio.pc" && pass || fail "multicore's .pc has no -fopenmp"
check_not "c's .pc asks for OpenMP" grep -q -- '-fopenmp' "$T/c/portfolio.pc"

if command -v pkg-config > /dev/null 2>&1; then
    mv "$T/c" "$T/moved"
    cflags=$(echo $(PKG_CONFIG_PATH="$T/moved" pkg-config --cflags portfolio))
    source=$(PKG_CONFIG_PATH="$T/moved" pkg-config --variable=source portfolio)
    [ "$cflags" = "-I$T/moved -ffp-contract=off" ] && pass || fail "pkg-config --cflags: '$cflags'"
    [ "$source" = "$T/moved/portfolio.c" ] && pass || fail "pkg-config --variable=source: '$source'"
    [ "$(echo $(PKG_CONFIG_PATH="$T/moved" pkg-config --libs portfolio))" = "-lm" ] && pass || fail "pkg-config --libs"
else
    echo "library_example: pkg-config not installed: its checks skipped"
fi
if make -s -C $ex check WEFT="$WEFT" OUT="$T/nopc" CC="$CC" CFLAGS="$flags" PKG_CONFIG=false \
    > "$T/nopc.log" 2>&1 && grep -qx ok "$T/nopc.log"; then
    pass
else
    fail "make check without pkg-config: $(cat "$T/nopc.log")"
fi
summary
