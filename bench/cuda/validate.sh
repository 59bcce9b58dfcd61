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
# Each step runs one `weft test` per program, JOBS at a time, and starts none after its time
# budget (T1, T2, T3 seconds; 0: not run), each program limited to PER seconds (150): a step cut
# short still reports every program that finished (a single `weft test` compiles all its
# programs before it runs a case, and prints nothing when it is killed).  Logs in OUT (default
# build/validate): NAME.log (the step's FAIL lines, programs timed out and not started, and its
# summary) and NAME.d/ (one log per program).  Exit status 1 when any case failed.
# Settings: JOBS (nproc), T1 (300), T2 (90), T3 (200), PER, IRREGULAR (step 1's paths), CORPUS,
# SANITIZE, SMOKE (1; 0: no step 0), WEFT (bin/weft), BACKEND (cuda; another backend runs the
# same steps without a GPU, to try the script).  Device time goes mostly to nvcc: with
# bench/cuda/nvcc_cache.sh the programs can be built beforehand on a machine without a GPU, and
# WEFT_NVCC="nvcc -O1 -Xptxas -O1" builds them faster.
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
OUT=${OUT:-build/validate}
JOBS=${JOBS:-$(nproc)}
IRREGULAR=${IRREGULAR:-tests/irregular tests/flatten examples/flatten examples/hullwhite}
CORPUS=${CORPUS:-tests/programs tests/runtime tests/language tests/backend_c tests/builtins examples/scan examples/library}
SANITIZE=${SANITIZE:-tests/programs/jagged_scan.fut tests/irregular/inrange.fut examples/flatten/csr_spmv.fut examples/flatten/quicksort.fut}
mkdir -p "$OUT"
status=0
BACKEND=${BACKEND:-cuda}
PER=${PER:-150}
[ "$BACKEND" != cuda ] || nvidia-smi -L
big=1000000000000
# step NAME BUDGET "PATHS" OPTIONS...: one `weft test OPTIONS PROGRAM` per program of PATHS
# (files, or folders searched for .fut files) into OUT/NAME.d, none started after BUDGET seconds
step() {
    name=$1 budget=$2 paths=$3
    shift 3
    [ "$budget" -gt 0 ] || return 0
    dir=$OUT/$name.d
    rm -rf "$dir"
    mkdir -p "$dir"
    t0=$(date +%s)
    printf '%s\n' "$@" > "$dir/opts" # one option a line: --wrap's command has spaces
    cat > "$dir/run.sh" <<'W'
prog=$1
if [ "$(date +%s)" -ge "$DEADLINE" ]; then
    echo "$prog" >> "$DIR/not-started"
    exit 0
fi
set --
while IFS= read -r o; do
    set -- "$@" "$o"
done < "$DIR/opts"
log=$DIR/$(echo "$prog" | tr / _).log
timeout "$PER" "$WEFT" test -v -j 1 --backend="$BACKEND" "$@" "$prog" > "$log" 2>&1
echo "validate: exit status $?" >> "$log"
W
    for p in $paths; do
        if [ -d "$p" ]; then find "$p" -name '*.fut'; else echo "$p"; fi
    done | sort | DIR=$dir DEADLINE=$((t0 + budget)) PER=$PER WEFT=$WEFT BACKEND=$BACKEND xargs -P "$JOBS" -n 1 sh "$dir/run.sh"
    p=0 f=0 timed=0
    for log in "$dir"/*.log; do
        [ -f "$log" ] || continue
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
        if grep -q '^validate: exit status 124$' "$log"; then
            timed=$((timed + 1))
            echo "validate: timed out after ${PER}s: $log"
        elif [ -z "$line" ]; then
            f=$((f + 1))
            echo "FAIL validate: no summary from weft test: $log"
        fi
        if [ -n "$line" ]; then
            p=$((p + ${line%% passed*}))
            line=${line#*passed, }
            f=$((f + ${line%% failed*}))
        fi
        grep -E '^FAIL' "$log"
    done > "$OUT/$name.log"
    [ -f "$dir/not-started" ] && sed 's/^/validate: not started: /' "$dir/not-started" >> "$OUT/$name.log"
    started=$(ls "$dir" | grep -c '\.log$')
    echo "$name: $p passed, $f failed ($started programs in $(($(date +%s) - t0))s, $timed timed out, $(cat "$dir/not-started" 2>/dev/null | wc -l) not started)" |
        tee -a "$OUT/$name.log"
    grep -E '^FAIL|^validate: timed' "$OUT/$name.log" | head -n 40
    [ "$f" -eq 0 ] && [ "$timed" -eq 0 ] || status=1
}
# a first look: one small directory
[ "${SMOKE:-1}" = 0 ] || step smoke 90 tests/flatten --timeout=30
# shellcheck disable=SC2086
step irregular "${T1:-300}" "$IRREGULAR" --timeout=40 --thresholds=default --thresholds=$big --thresholds=outer_par=$big
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
if [ -n "$CS" ]; then
    # shellcheck disable=SC2086
    for tool in memcheck racecheck; do
        step "sanitize-$tool" "${T2:-90}" "$SANITIZE" --timeout=40 --thresholds=outer_par=$big \
            --wrap="$CS --tool $tool --error-exitcode 97 --log-file /dev/stderr"
    done
else
    echo "validate: no compute-sanitizer, step 2 skipped"
fi
# shellcheck disable=SC2086
step corpus "${T3:-200}" "$CORPUS" --timeout=40
exit $status
