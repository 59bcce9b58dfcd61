#!/bin/sh
# compiled_sanitizers.sh asan|tsan — the compiled backends under sanitizers (run by .ci/run, not
# by make check: it compiles every program again with instrumentation, which takes minutes).
#   asan: `weft test --backend=c` with gcc -O0 -fsanitize=address,undefined (leaks too; -O0
#         compiles in half -O1's time and hides no error from the sanitizers), and
#         --backend=multicore the same way on tests/irregular (its segmented operations' own
#         buffers: the irregular fuzzer found them leaking)
#   tsan: `weft test --backend=multicore` with clang -fsanitize=thread (needs libomp; the
#         OpenMP runtime itself is not instrumented, hence ignore_noninstrumented_modules), every
#         region parallel (--thresholds=region=0: the tests' small inputs would otherwise run
#         their regions in the calling thread, docs/BACKENDS.md)
# on tests/programs, tests/irregular and tests/backend_c.  Prints weft test's "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
DIRS="tests/programs tests/irregular tests/backend_c"
case "${1:-}" in
asan)
    # c on every folder, then multicore on tests/irregular: both summaries, then their sum
    tmp=$(mktemp) || exit 2
    p=0 f=0
    for run in "c $DIRS" "multicore tests/irregular"; do
        # shellcheck disable=SC2086
        set -- $run
        backend=$1
        shift
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
            "$WEFT" test --backend="$backend" --cc="cc -O0 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined" \
            "$@" > "$tmp" 2>&1
        sed "s/^\([0-9]* passed, [0-9]* failed\)/$backend: \1/" "$tmp"
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp" | tail -n 1)
        [ -n "$line" ] || line="0 passed, 1 failed"
        p=$((p + ${line%% passed*}))
        line=${line#*passed, }
        f=$((f + ${line%% failed*}))
    done
    rm -f "$tmp"
    echo "$p passed, $f failed"
    [ "$f" -eq 0 ]
    ;;
tsan)
    TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1" \
        "$WEFT" test --backend=multicore --cc="clang -O1 -g -fsanitize=thread" --thresholds=region=0 $DIRS
    ;;
*)
    echo "usage: $0 asan|tsan" >&2
    exit 2
    ;;
esac
