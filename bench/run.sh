#!/bin/sh
# run.sh — `make bench`: what weft can be timed on today, each against its baseline in the same run.
#   1. interpreter speed: a 10^7-iteration scalar loop (bench/interp_loop.fut);
#   2. compiled FinPar: OptionPricing and LocVolCalib (examples/finpar) on the FinPar datasets,
#      timed by `weft bench --json` on each backend of BENCH_BACKENDS (validated against the .out
#      files), side by side with the hand-written sequential C baselines (bench/baselines,
#      validated too) and FinPar's own C/OpenMP figures (published numbers from the specs, not
#      measured here); plus the compiler's own time on OptionPricing (`weft c --no-cc`);
#   3. the multicore runtime primitives (bench/scan): scan of 2^27 i32 vs memcpy, segmented and
#      struct-operator scans, at 2 threads; then the same scan written in weft and compiled by
#      weft multicore (bench/scan/compiled.sh), against memcpy measured in the same run;
#   4. seed 002's scan programs (examples/scan, bench/scan/apps.sh) on weft c and multicore;
#   5. Hull-White portfolios (bench/hullwhite/bench.sh): weft multicore vs the C baseline (and
#      QuantLib when its headers are installed); with a GPU (`nvidia-smi -L`), bench/cuda/bins.sh:
#      weft cuda's outer and binned versions and weft multicore, its chart per size in
#      $BUILD/bins-bench/charts;
#   6. irregular nested parallelism (issue 21, bench/irregular/run.sh): segmented sums over
#      jagged rows, the skewed sin-map and seed 004's demos on weft c and multicore (outer and
#      flattened versions forced, and the defaults) against hand-written C and C/OpenMP.
#   7. InterestCalib (bench/interestcalib/bench.sh): weft multicore vs FinPar's own OpenMP build
#      (compiled from a FinPar checkout named by FINPAR_SRC, skipped without it), interleaved,
#      and the versions of weft's program.
# Every result also goes to $BUILD/bench/results.json (format: docs/BENCH.md), drawn at the end
# by bench/chart.c as one SVG per benchmark in $BUILD/bench/charts/ (index.html lists them).
# Times are medians of RUNS runs (default 5).  Settings (environment):
#   RUNS=5  BENCH_BACKENDS="c multicore" (+ cuda when `nvidia-smi -L` succeeds; BENCH_BACKEND=X
#   is the old one-backend override)  THREADS=2  BENCH_SIZES="small medium large"
#   SCAN_LOG2N=27  SCAN_APPS_SIZES="1048576 16777216"  HW_SIZES=1000  IC_SIZES=small  IC_RUNS=3
#   IRREGULAR_ROUNDS=1  IRREGULAR_BENCHES (bench/irregular/run.sh's BENCHES; "none" skips §6)
#   FINPAR_SRC (a FinPar checkout, for section 7)
# e.g. `BENCH_BACKENDS=c BENCH_SIZES=small RUNS=2 make bench` for a quick look.
# Exit status 1 when any result fails its validation (or a step fails).
set -eu
WEFT=${WEFT:-bin/weft}
RUNS=${RUNS:-5}
if [ -n "${BENCH_BACKENDS:-}" ]; then
    BACKENDS=$BENCH_BACKENDS
elif [ -n "${BENCH_BACKEND:-}" ]; then
    BACKENDS=$BENCH_BACKEND
else
    BACKENDS="c multicore"
    if nvidia-smi -L > /dev/null 2>&1; then BACKENDS="$BACKENDS cuda"; fi
fi
THREADS=${THREADS:-2}
SIZES=${BENCH_SIZES:-small medium large}
SCAN_LOG2N=${SCAN_LOG2N:-27}
DATA=${DATA:-data/finpar}
BUILD=${BUILD:-build}
OUT=$BUILD/bench
mkdir -p "$OUT"
status=0

# ---- results.json: every section appends to two TSV files, written out as JSON at the end
BENCHES=$OUT/benchmarks.tsv   # name <TAB> baseline variant ("" for none)
RESULTS=$OUT/results.tsv      # benchmark dataset variant median_us peak_bytes validated [runs [published]]
: > "$BENCHES"
: > "$RESULTS"
# bench_decl NAME BASELINE: a benchmark of results.json and the variant its ratios are taken against
bench_decl() { printf '%s\t%s\n' "$1" "$2" >> "$BENCHES"; }
# result BENCHMARK DATASET VARIANT MEDIAN_US PEAK_BYTES VALIDATED [RUNS [PUBLISHED]]: one result;
# MEDIAN_US and PEAK_BYTES empty or "-" for none, VALIDATED true, false or null, RUNS "1, 2, 3"
result() {
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "${7:-}" "${8:-false}" >> "$RESULTS"
}
# write_json: results.json from the two TSV files (docs/BENCH.md)
write_json() {
    machine="$(uname -n) ($(uname -sm), $(nproc 2> /dev/null || echo '?') cores, \
$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -1))"
    awk -F '\t' -v machine="$machine" -v date="$(date -u +%Y-%m-%dT%H:%M:%SZ)" -v runs="$RUNS" \
        -v threads="$THREADS" -v backends="$BACKENDS" '
        function str(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
        function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ ? s : "null" }
        function bool(s) { return s == "true" || s == "false" ? s : "null" }
        function list(s) { return s ~ /^[0-9.]+(, *[0-9.]+)*$/ ? "[" s "]" : "[]" }
        function bench(name, b) { if (!(name in base)) { order[++n] = name; base[name] = b } }
        FILENAME == ARGV[1] { bench($1, $2); next }
        {
            bench($1, "")
            r = sprintf("{\"dataset\": %s, \"variant\": %s, \"median_us\": %s, \"runs\": %s, \"peak_bytes\": %s, \"validated\": %s%s}",
                        str($2), str($3), num($4), list($7), num($5), bool($6), $8 == "true" ? ", \"published\": true" : "")
            res[$1] = res[$1] (res[$1] == "" ? "" : ",\n    ") r
        }
        END {
            printf "{\"machine\": %s, \"date\": %s, \"runs\": %s, \"threads\": %s,\n", str(machine), str(date), num(runs), num(threads)
            nb = split(backends, bs, " ")
            printf " \"backends\": ["
            for (i = 1; i <= nb; i++) printf "%s%s", (i > 1 ? ", " : ""), str(bs[i])
            printf "],\n \"benchmarks\": ["
            for (i = 1; i <= n; i++) {
                b = order[i]
                printf "%s\n  {\"name\": %s, \"unit\": \"us\", \"baseline\": %s, \"results\": [%s%s%s]}", (i > 1 ? "," : ""),
                       str(b), base[b] == "" ? "null" : str(base[b]), res[b] == "" ? "" : "\n    ", res[b], res[b] == "" ? "" : "\n  "
            }
            printf "\n]}\n"
        }' "$BENCHES" "$RESULTS" > "$OUT/results.json"
}

now() { date +%s.%N; }
# median_time CMD...: run CMD RUNS times (stdin from $INPUT), print the median wall time in seconds;
# the last run's output is left in $OUT/last.out, its exit status in $OUT/last.rc
median_time() {
    i=0; : > "$OUT/times"
    while [ $i -lt "$RUNS" ]; do
        t0=$(now); rc=0; "$@" < "$INPUT" > "$OUT/last.out" 2>&1 || rc=$?; t1=$(now)
        echo "$rc" > "$OUT/last.rc"
        echo "$t1 - $t0" | awk '{ printf "%.6f\n", $1 - $3 }' >> "$OUT/times"
        i=$((i + 1))
    done
    median < "$OUT/times"
}
# median: the median of the numbers on stdin, one a line
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# us SECONDS: the same time in µs, rounded; seconds_runs: $OUT/times as "us, us, ..."
us() { echo "$1" | awk '{ printf "%.0f", $1 * 1e6 }'; }
seconds_runs() { awk '{ printf "%s%.0f", (NR > 1 ? ", " : ""), $1 * 1e6 }' "$OUT/times"; }

echo "== 1. interpreter: 10^7 scalar loop iterations (bench/interp_loop.fut)"
echo 10000000i64 > "$OUT/interp_loop.in"
INPUT=$OUT/interp_loop.in
t=$(median_time "$WEFT" run bench/interp_loop.fut)
ok=true
[ "$(cat "$OUT/last.rc")" = 0 ] && [ "$(cat "$OUT/last.out")" = 19999999i64 ] || { ok=false; status=1; }
echo "   median of $RUNS: $t s  ($(echo "$t" | awk '{ printf "%.0f", 1e7 / $1 / 1e6 }') M iterations/s)$([ $ok = true ] || echo '  FAIL: wrong result')"
bench_decl "interpreter" ""
result "interpreter" "10^7 loop iterations" "weft run (interpreter)" "$(us "$t")" "" "$ok" "$(seconds_runs)"

# ---- 2. compiled FinPar

# FinPar's C/OpenMP times in seconds on a 2-core machine (gcc -O3), 1 and 2 threads: the tables
# "Sizes and a peer's time" of ../shared/specs/optionpricing.md and ../shared/specs/locvolcalib.md.
finpar_seconds() { # PROGRAM SIZE THREADS
    case "$1-$2" in
        OptionPricing-small) set -- "$3" 0.43 0.22 ;;
        OptionPricing-medium) set -- "$3" 0.41 0.21 ;;
        OptionPricing-large) set -- "$3" 3.45 1.82 ;;
        LocVolCalib-small) set -- "$3" 1.89 1.06 ;;
        LocVolCalib-medium) set -- "$3" 3.71 2.02 ;;
        LocVolCalib-large) set -- "$3" 61.8 35.3 ;;
        *) echo "-"; return ;;
    esac
    case $1 in 1) echo "$2" ;; 2) echo "$3" ;; *) echo "-" ;; esac
}

# json_field JSON DATASET FIELD: a field of one dataset of `weft bench --json` (one dataset a line)
json_field() {
    grep -F "\"$2\": {\"runtimes\"" "$1" | sed -n "s/.*\"$3\": \\([^,}]*\\).*/\\1/p" | head -1
}
# json_runs JSON DATASET: the runtimes of one dataset, "1, 2, 3"
json_runs() {
    grep -F "\"$2\": {\"runtimes\"" "$1" | sed -n 's/.*"runtimes": \[\([^]]*\)\].*/\1/p' | head -1
}

# compare A B ABS REL: every number of file A within ABS + REL*|b| of B's (bench/baselines/compare.awk)
compare() { awk -v abs="$3" -v rel="$4" -f bench/baselines/compare.awk "$1" "$2" > /dev/null; }

# baseline PROG SIZE ABS REL: median µs of the hand-written C on one dataset ("FAIL" if wrong);
# its run times are left in $OUT/base.t
baseline() {
    lower=$(echo "$1" | tr 'A-Z' 'a-z')
    rm -f "$OUT/base.t"
    if ! "$OUT/$lower" -t "$OUT/base.t" -r "$RUNS" -p f32 < "$DATA/$1-$2.in" > "$OUT/base.out" 2> /dev/null ||
        ! compare "$OUT/base.out" "$DATA/$1-$2.out" "$3" "$4"; then
        echo FAIL
        return
    fi
    median < "$OUT/base.t" | awk '{ printf "%.0f", $1 }'
}

ratio() { echo "$1 $2" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2f", $1 / $2; exit } { printf "-" }'; }

# weft_bench NAME FILE BACKEND [ENTRY]: `weft bench` on the chosen FinPar sizes into
# $OUT/NAME-BACKEND.json, of entry point ENTRY on the CPU backends (cuda: the default, main)
weft_bench() {
    sel=""
    for s in $SIZES; do sel="$sel --dataset=finpar/$1-$s.in"; done
    thr="--num-threads=$THREADS" ent=${4:+--entry=$4}
    [ "$3" != cuda ] || { thr=""; ent=""; }
    rm -f "$OUT/$1-$3.json"
    echo "   -- weft bench --backend=$3${thr:+ $thr}${ent:+ $ent} --runs=$RUNS $2"
    # shellcheck disable=SC2086
    if ! "$WEFT" bench --backend="$3" $thr $ent --runs="$RUNS" --json="$OUT/$1-$3.json" \
            $sel "$2" > "$OUT/$1-$3.log" 2>&1; then
        sed 's/^/      /' "$OUT/$1-$3.log"
        status=1
    fi
}

# weft_row NAME SIZE BACKEND TB TFUS: one table row and one result for weft on BACKEND
weft_row() {
    j=$OUT/$1-$3.json tw=FAIL bytes=- ok=false runs=
    d=$( [ -f "$j" ] && grep -o "\"[^\"]*finpar/$1-$2.in\"" "$j" | head -1 | tr -d '"' || true)
    if [ -n "$d" ]; then
        tw=$(json_field "$j" "$d" median_us | awk '{ printf "%.0f", $1 }')
        ok=$(json_field "$j" "$d" validated)
        bytes=$(json_field "$j" "$d" bytes)
        runs=$(json_runs "$j" "$d")
    fi
    [ "$ok" = true ] || ok=false
    result "$1" "$2" "weft $3" "$tw" "$bytes" "$ok" "$runs"
    [ "$ok" = true ] || { tw=FAIL; status=1; }
    printf '   %-22s %-9s %11s %11s %11s %9s %9s %9s\n' "$1-$2" "$3" "$tw" "$4" "$5" \
        "$(ratio "$tw" "$4")" "$(ratio "$tw" "$5")" \
        "$(echo "$bytes" | awk '$1 ~ /^[0-9]/ { printf "%.1f", $1 / 1048576; exit } { print "-" }')"
}

# bench_program NAME FILE ABS REL [ENTRY]: weft bench on each backend (ENTRY on the CPU ones),
# then per size the C baseline,
# FinPar's published figure and one table row per backend
bench_program() {
    bench_decl "$1" "C baseline"
    for b in $BACKENDS; do weft_bench "$1" "$2" "$b" "${5:-}"; done
    for s in $SIZES; do
        [ -f "$DATA/$1-$s.in" ] || { echo "   $1-$s: no dataset $DATA/$1-$s.in"; status=1; continue; }
        tb=$(baseline "$1" "$s" "$3" "$4")
        tf=$(finpar_seconds "$1" "$s" "$THREADS")
        tfus=$(echo "$tf" | awk '$1 + 0 > 0 { printf "%.0f", $1 * 1e6; exit } { print "-" }')
        for b in $BACKENDS; do weft_row "$1" "$s" "$b" "$tb" "$tfus"; done
        if [ "$tb" = FAIL ]; then
            status=1
            result "$1" "$s" "C baseline" "" "" false
        else
            result "$1" "$s" "C baseline" "$tb" "" true "$(awk '{ printf "%s%.0f", (NR > 1 ? ", " : ""), $1 }' "$OUT/base.t")"
        fi
        [ "$tfus" = - ] || result "$1" "$s" "FinPar OpenMP (published)" "$tfus" "" null "" true
    done
}

echo "== 2. compiled FinPar: weft on $BACKENDS ($THREADS threads) vs hand-written C (sequential) vs FinPar C/OpenMP ($THREADS threads)"
echo "   median of $RUNS runs in µs; goal: weft/FinPar <= 0.9; FinPar figures are published numbers (specs), not measured"
case $OUT in /*) make -s -C bench/baselines OUT="$OUT" > /dev/null ;; *) make -s -C bench/baselines OUT="$(pwd)/$OUT" > /dev/null ;; esac
printf '   %-22s %-9s %11s %11s %11s %9s %9s %9s\n' dataset backend "weft" "C" "FinPar-omp" "weft/C" "weft/FP" "peak MiB"
bench_program OptionPricing examples/finpar/optionpricing.fut 0 0.002 main_batched
bench_program LocVolCalib examples/finpar/locvolcalib.fut 1e-5 0

echo "== 2b. compile time: weft c --no-cc examples/finpar/optionpricing.fut (median of $RUNS; goal <= 0.5 s)"
INPUT=/dev/null
t=$(median_time "$WEFT" c examples/finpar/optionpricing.fut --no-cc -o "$OUT/optionpricing-nocc")
ok=true
[ "$(cat "$OUT/last.rc")" = 0 ] || { ok=false; status=1; }
echo "   $t s$([ $ok = true ] || echo '  FAIL: the compilation failed')"
bench_decl "compile time" ""
result "compile time" "optionpricing.fut" "weft c --no-cc" "$(us "$t")" "" "$ok" "$(seconds_runs)"

echo "== 3. multicore runtime primitives (bench/scan, 2 threads, n = 2^$SCAN_LOG2N)"
sh bench/scan/run.sh --threads 2 --log2n "$SCAN_LOG2N"
# scan_bench's JSON: one primitive a line; timed only (their correctness: tests/unit, rts_multicore.sh)
bench_decl "scan primitives" ""
sed -n 's/^ *{"name": "\([^"]*\)", "median_ms": \([0-9.]*\),.*/\1\t\2/p' "$OUT/scan.json" |
    while IFS='	' read -r prim ms; do
        result "scan primitives" "$prim" "rts/mc.h (2 threads)" "$(echo "$ms" | awk '{ printf "%.0f", $1 * 1000 }')" "" null
    done
echo "== 3b. the scan compiled by weft multicore (bench/scan/scan_i32.fut) vs memcpy, same run"
bench_decl "scan" "hand-written C (rts/mc.h)"
RESULTS_TSV=$RESULTS LOG2N=$SCAN_LOG2N WEFT=$WEFT THREADS=$THREADS sh bench/scan/compiled.sh || status=1
echo "== 4. seed 002's scan programs (examples/scan) on c and multicore (bench/scan/apps.sh)"
bench_decl "scan apps" "weft c"
RESULTS_TSV=$RESULTS SIZES=${SCAN_APPS_SIZES:-1048576 16777216} WEFT=$WEFT THREADS=$THREADS RUNS=$RUNS \
    sh bench/scan/apps.sh || status=1
echo "== 5. Hull-White portfolios (bench/hullwhite/bench.sh, N = ${HW_SIZES:-1000})"
bench_decl "Hull-White" "C baseline"
RESULTS_TSV=$RESULTS SIZES=${HW_SIZES:-1000} WEFT=$WEFT THREADS=$THREADS RUNS=$RUNS OUT=$BUILD/hullwhite-bench \
    sh bench/hullwhite/bench.sh || status=1
if nvidia-smi -L > /dev/null 2>&1; then
    echo "== 5b. Hull-White portfolios on the GPU: outer, binned (seed 000) and $THREADS threads (bench/cuda/bins.sh)"
    SIZES=${HW_SIZES:-1000} SHAPES="uniform random skewed1 skewed5" RUNS=$RUNS THREADS=$THREADS WEFT=$WEFT \
        OUT=$BUILD/bins-bench sh bench/cuda/bins.sh || status=1
fi

if [ "${IRREGULAR_BENCHES:-}" != none ]; then
    echo "== 6. irregular nested parallelism (bench/irregular/run.sh, $THREADS threads)"
    irregular=${IRREGULAR_BENCHES:-segsum sinmap quicksort spmv rank_search sparse_dense primes quickhull}
    for b in $irregular; do bench_decl "irregular $b" "C"; done
    RESULTS_TSV=$RESULTS WEFT=$WEFT THREADS=$THREADS RUNS=$RUNS ROUNDS=${IRREGULAR_ROUNDS:-1} BUILD=$BUILD \
        BENCHES=$irregular sh bench/irregular/run.sh || status=1
fi

echo "== 7. InterestCalib (bench/interestcalib/bench.sh, FinPar ${IC_SIZES:-small})"
bench_decl "InterestCalib" "FinPar OpenMP ($THREADS threads)"
RESULTS_TSV=$RESULTS SIZES=${IC_SIZES:-small} RUNS=${IC_RUNS:-3} WEFT=$WEFT THREADS=$THREADS DATA=$DATA \
    OUT=$BUILD/interestcalib-bench sh bench/interestcalib/bench.sh || status=1

echo "== results"
write_json
echo "   $OUT/results.json"
CC=${CC:-cc}
if $CC -std=c11 -O2 -Wall -Wextra -Werror -o "$OUT/chart" bench/chart.c -lm &&
    "$OUT/chart" "$OUT/results.json" "$OUT/charts"; then
    echo "   charts: $OUT/charts/index.html"
else
    echo "   FAIL: bench/chart.c could not draw $OUT/results.json"
    status=1
fi
exit $status
