#!/bin/sh
# compiled_sanitizers.sh asan|tsan — the compiled backends under sanitizers (run by .ci/run, not
# by make check: it compiles every program again with instrumentation, which takes minutes).
#   asan: `weft test --backend=c` with gcc -fsanitize=address,undefined (leaks too)
#   tsan: `weft test --backend=multicore` with clang -fsanitize=thread (needs libomp; the
#         OpenMP runtime itself is not instrumented, hence ignore_noninstrumented_modules)
# on tests/programs, tests/irregular and tests/backend_c.  Prints weft test's "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
DIRS="tests/programs tests/irregular tests/backend_c"
case "${1:-}" in
asan)
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$WEFT" test --backend=c --cc="cc -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined" $DIRS
    ;;
tsan)
    TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1" \
        "$WEFT" test --backend=multicore --cc="clang -O1 -g -fsanitize=thread" $DIRS
    ;;
*)
    echo "usage: $0 asan|tsan" >&2
    exit 2
    ;;
esac
