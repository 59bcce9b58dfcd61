#!/bin/sh
# c_library.sh — `weft c --library`: generate tests/library/lib.fut's library (lib.c + lib.h),
# build tests/library/driver.c against it with -Werror, run it, then again under
# ASan+UBSan (the failing calls without leak checking: generated code does not release its
# arrays on failure; every other call with it).  Prints "c_library: ok" or what failed.
cd "$(dirname "$0")/../.." || exit 1
WEFT=${WEFT:-bin/weft}
CC=${CC:-cc}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
fail() { echo "c_library: FAIL: $*"; status=1; }

"$WEFT" c --library tests/library/lib.fut -o "$dir/lib" || { echo "c_library: FAIL: weft c --library"; exit 1; }
[ -f "$dir/lib.h" ] && [ -f "$dir/lib.c" ] || { echo "c_library: FAIL: lib.c / lib.h missing"; exit 1; }
if grep -q '^int main(' "$dir/lib.c"; then fail "lib.c has a main"; fi

flags="-std=c11 -Wall -Wextra -Werror -Wmissing-prototypes -I$dir"
if $CC $flags -O2 -o "$dir/plain" tests/library/driver.c "$dir/lib.c" -lm; then
    "$dir/plain" > "$dir/plain.log" 2>&1 || fail "driver (-O2): $(cat "$dir/plain.log")"
else
    fail "build with -O2"
fi
san="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
if $CC $flags $san -o "$dir/san" tests/library/driver.c "$dir/lib.c" -lm; then
    ASAN_OPTIONS=detect_leaks=0 "$dir/san" > "$dir/san.log" 2>&1 || fail "driver (ASan+UBSan): $(cat "$dir/san.log")"
    "$dir/san" nofail > "$dir/leak.log" 2>&1 || fail "driver nofail (ASan+UBSan, leaks): $(cat "$dir/leak.log")"
else
    fail "build with $san"
fi
[ $status -eq 0 ] && echo "c_library: ok"
exit $status
