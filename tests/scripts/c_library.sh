#!/bin/sh
# c_library.sh — `weft c --library`: generate tests/library/lib.fut's library (lib.c + lib.h),
# build tests/library/driver.c against it with -Werror, run it, then again under
# ASan+UBSan (the failing calls without leak checking: generated code does not release its
# arrays on failure; every other call with it); then tests/library/chain_driver.c against the c
# and the multicore library.
. "$(dirname "$0")/lib.sh"

check "weft c --library" "$WEFT" c --library tests/library/lib.fut -o "$T/lib" || summary
check "lib.h missing" [ -f "$T/lib.h" ] && check "lib.c missing" [ -f "$T/lib.c" ] || summary
check_not "lib.c has a main" grep -q '^int main(' "$T/lib.c"

flags="-std=c11 -Wall -Wextra -Werror -Wmissing-prototypes -I$T"
if check "build with -O2" $CC $flags -O2 -o "$T/plain" tests/library/driver.c "$T/lib.c" -lm; then
    "$T/plain" > "$T/plain.log" 2>&1 && pass || fail "driver (-O2): $(cat "$T/plain.log")"
fi
san="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
if check "build with $san" $CC $flags $san -o "$T/san" tests/library/driver.c "$T/lib.c" -lm; then
    ASAN_OPTIONS=detect_leaks=0 "$T/san" > "$T/san.log" 2>&1 && pass || fail "driver (ASan+UBSan): $(cat "$T/san.log")"
    ASAN_OPTIONS=detect_leaks=1 "$T/san" nofail > "$T/leak.log" 2>&1 && pass || fail "driver nofail (ASan+UBSan, leaks): $(cat "$T/leak.log")"
fi
# tests/library/chain_driver.c, portable across backends (bench/cuda/library.sh runs it on
# weft cuda): chained calls, two contexts made with weft_config_*, weft_context_sync
for backend in c multicore; do
    omp=
    [ "$backend" = multicore ] && omp=-fopenmp
    mkdir -p "$T/$backend"
    if check "weft $backend --library chain.fut" "$WEFT" $backend --library tests/library/chain.fut -o "$T/$backend/chain" &&
        check "build chain_driver.c ($backend)" $CC -std=c11 -Wall -Wextra -Werror -O2 -ffp-contract=off $omp \
            -I"$T/$backend" -o "$T/$backend/driver" tests/library/chain_driver.c "$T/$backend/chain.c" -lm; then
        "$T/$backend/driver" > "$T/$backend/log" 2>&1 && grep -qx ok "$T/$backend/log" && pass ||
            fail "chain_driver ($backend): $(cat "$T/$backend/log")"
    fi
done
summary
