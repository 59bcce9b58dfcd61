#!/bin/sh
# validate.sh — the test corpus on weft cuda, on a machine with a GPU (the device tool), in one
# run that fits a device call:
#   0. a first look: tests/flatten (90 s at most);
#   1. the irregular and flattening programs (tests/irregular, tests/flatten, examples/flatten,
#      examples/hullwhite) with three threshold settings from one compilation each: the
#      executable's defaults, every threshold huge (the outermost parallel versions) and
#      outer_par huge (the flattened and binned versions forced);
#   2. compute-sanitizer memcheck and racecheck on a sample of them (SANITIZE, flattened forced);
#   3. the rest of the corpus with the default thresholds (CORPUS).
# Each step stops at its time budget (T1, T2, T3 seconds; 0: not run) so the whole stays inside
# one call; a step cut short says so, and its log lists each file passed, in order.  Logs in OUT
# (default build/validate): smoke.log, irregular.log, sanitize-*.log, corpus.log.  Exit status 1 when any case failed.
# Settings: JOBS (nproc), T1 (300), T2 (90), T3 (200), IRREGULAR (step 1's paths), CORPUS, SANITIZE,
# SMOKE (1; 0: no step 0), WEFT (bin/weft).  Device time goes mostly to nvcc: with
# bench/cuda/nvcc_cache.sh the programs can be built beforehand on a machine without a GPU.
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
OUT=${OUT:-build/validate}
JOBS=${JOBS:-$(nproc)}
IRREGULAR=${IRREGULAR:-tests/irregular tests/flatten examples/flatten examples/hullwhite}
CORPUS=${CORPUS:-tests/programs tests/runtime tests/language tests/backend_c tests/builtins examples/scan examples/library}
SANITIZE=${SANITIZE:-tests/irregular/jagged_scan.fut tests/irregular/inrange.fut examples/flatten/csr_spmv.fut examples/flatten/quicksort.fut}
mkdir -p "$OUT"
status=0
nvidia-smi -L
big=1000000000000
# step NAME BUDGET ARGS...: weft test ARGS into OUT/NAME.log within BUDGET seconds
step() {
    name=$1 budget=$2
    shift 2
    [ "$budget" -gt 0 ] || return 0
    t0=$(date +%s)
    timeout "$budget" "$WEFT" test -v -j "$JOBS" --backend=cuda "$@" > "$OUT/$name.log" 2>&1
    rc=$?
    echo "validate: $name took $(($(date +%s) - t0))s" >> "$OUT/$name.log"
    [ $rc -eq 124 ] && echo "validate: $name cut short at ${budget}s" >> "$OUT/$name.log"
    [ $rc -eq 0 ] || status=1
    echo "$name: $(grep -E '^[0-9]+ passed|cut short' "$OUT/$name.log" | tail -n 1) ($(grep -c '^ok ' "$OUT/$name.log") files ok, $(tail -n 1 "$OUT/$name.log"))"
    grep -E '^FAIL' "$OUT/$name.log" | head -n 40
}
# a first look: one small directory
[ "${SMOKE:-1}" = 0 ] || step smoke 90 --timeout=30 tests/flatten
# shellcheck disable=SC2086
step irregular "${T1:-300}" --timeout=40 --thresholds=default --thresholds=$big --thresholds=outer_par=$big \
    $IRREGULAR
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
if [ -n "$CS" ]; then
    # shellcheck disable=SC2086
    for tool in memcheck racecheck; do
        step "sanitize-$tool" "${T2:-90}" --timeout=40 --thresholds=outer_par=$big \
            --wrap="$CS --tool $tool --error-exitcode 97 --log-file /dev/stderr" $SANITIZE
    done
else
    echo "validate: no compute-sanitizer, step 2 skipped"
fi
# shellcheck disable=SC2086
step corpus "${T3:-200}" --timeout=40 $CORPUS
exit $status
