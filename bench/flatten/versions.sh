#!/bin/sh
# versions.sh — incremental flattening measured (docs/FLATTENING.md, seed 001 §5): each program
# is timed on each dataset with every single version forced, with the default thresholds, and
# tuned by `weft autotune` on training datasets, all in one run:
#
#   outer   WEFT_THRESHOLDS=0: always the outer-parallel version (e_top), i.e. moderate flattening
#   middle  matmul only: both outer maps parallel, each dot product sequential
#           (main.suff_outer_par_0 = 10^12, the other outer_par thresholds 0, no block-level
#           version: intra_par thresholds 10^12)
#   block   cuda only: WEFT_THRESHOLDS=outer_par=10^12,intra_par=0: the block-level version
#           (e_middle: one thread block per point, the inner parallelism over its threads)
#           wherever it fits, else flattened
#   inner   WEFT_THRESHOLDS=10^12: always the inner-parallel versions (e_flat, fully flattened)
#   default the compiled-in thresholds
#   tuned   --tuning from `weft autotune` on the training datasets below
#
# Programs and datasets:
#   matmul         seed 001 Figure 2: 2^n x 2^m by 2^m x 2^n, m = K - 2n, n = 0..10; tuned on
#                  K = KTRAIN (default 20), applied to K (default 25)
#   locvolcalib    FinPar small/medium/large (seed 001 Figures 6-7); tuned on the same three
#   optionpricing  seed 001's D1 (2^20 paths, 5 dates: FinPar medium) and D2 (500 paths, 367
#                  dates: FinPar large with its path count set to 500); tuned on both
#
# OUT/processes.tsv lists every process's median (program, dataset, variant, medians).
# Every result is compared with the default thresholds' (which the test suite validates; matmul
# exactly, the FinPar programs within their tolerances).  Prints one table (median of RUNS runs,
# µs; t/best is the tuned time over the best single version), writes OUT/versions.tsv,
# OUT/versions.json (docs/BENCH.md's format, the tuned variant as baseline) and one SVG chart
# per program in OUT/charts (bench/chart.c).  A version whose runs take more than LIMIT seconds
# is shown as ">LIMITs".
# Settings: BACKEND (multicore | cuda), RUNS (5; a process whose RUNS runs take less than MIN_MS
# (300) milliseconds in all runs again with as many as fill it, at most 400 and at most as many
# as take RETIME_S (5) seconds of wall-clock time), PROCESSES (median: a variant's time is the
# median of its processes' medians; min: the fastest process's, for machines whose processes
# run either fast or slow as a whole), REPEAT (1: rounds
# of one process per variant, each variant's time the median of its processes' medians), THREADS (2, multicore), K (25), KTRAIN (20),
# NMAX (10), LIMIT (60), TUNE (1; 0 skips tuning), WEFT (bin/weft), OUT (build/bench-versions),
# PROGS ("matmul locvolcalib optionpricing"), LVC_SIZES ("small medium large": LocVolCalib's
# datasets, for training and timing).
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
BACKEND=${BACKEND:-multicore}
RUNS=${RUNS:-5}
REPEAT=${REPEAT:-1}
PROCESSES=${PROCESSES:-median}
THREADS=${THREADS:-2}
K=${K:-25}
KTRAIN=${KTRAIN:-20}
NMAX=${NMAX:-10}
TUNE=${TUNE:-1}
OUT=${OUT:-build/bench-versions}
PROGS=${PROGS:-matmul locvolcalib optionpricing}
LVC_SIZES=${LVC_SIZES:-small medium large}
DATA=data/finpar
HUGE=1000000000000
LIMIT=${LIMIT:-60}
MIN_MS=${MIN_MS:-300}
RETIME_S=${RETIME_S:-5}
mkdir -p "$OUT"
status=0
case $BACKEND in
multicore) THREAD_ARGS="--num-threads $THREADS" TUNE_ARGS="--num-threads=$THREADS" ;;
cuda) THREAD_ARGS= TUNE_ARGS= ;;
*) echo "versions: BACKEND must be multicore or cuda"; exit 2 ;;
esac
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# with_train PROG COPY FILE...: COPY is PROG with its test block replaced by `train` inputs
with_train() {
    src=$1 copy=$2; shift 2
    { sed '/^-- ==$/,/^[^-]/{/^--/d}' "$src"; echo '-- =='; for f in "$@"; do echo "-- train input @ $f"; done; } > "$copy"
}

# tune COPY: weft autotune on COPY's training datasets -> COPY.tuning (the run's summary kept)
tune() {
    TUNING=$1.tuning
    if [ "$TUNE" = 1 ]; then
        # shellcheck disable=SC2086
        "$WEFT" autotune --backend="$BACKEND" $TUNE_ARGS \
            --runs="$RUNS" --timeout="$LIMIT" "$1" > "$1.autotune.log" 2>&1 || { cat "$1.autotune.log"; status=1; }
        grep -E 'program runs|^  ' "$1.autotune.log" || :
    fi
}

# run_one EXE INPUT LABEL ENV-ASSIGNMENT ARGS...: one process of the variant LABEL (RUNS timed
# runs; again with as many as fill MIN_MS, at most 400, when they take less, as weft autotune
# does — and at most as many as the first process's wall-clock time per run fits into
# RETIME_S seconds: a run also copies its inputs, which the timed part leaves out): its median
# (µs) appended to OUT/tm_LABEL, its output in OUT/LABEL.out; a process past LIMIT seconds
# marks the variant timed out (OUT/to_LABEL) and it is not run again.
run_one() {
    exe=$1 in=$2 label=$3 envset=$4; shift 4
    [ ! -f "$OUT/to_$label" ] || return 0
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    if ! env $envset timeout "$LIMIT" "$exe" $BIN $THREAD_ARGS -r "$RUNS" -t "$OUT/t" "$@" < "$in" > "$OUT/$label.out"; then
        touch "$OUT/to_$label"
        return 0
    fi
    wall_us=$((($(date +%s%N) - start) / 1000))
    runs=$(median < "$OUT/t" | awk -v r="$RUNS" -v ms="$MIN_MS" -v wall="$wall_us" -v budget="$RETIME_S" '{
        n = $1 * r < ms * 1000 ? int(ms * 1000 / ($1 > 1 ? $1 : 1)) + 1 : 0
        fit = int(budget * 1e6 / ((wall > 1 ? wall : 1) / (r + 1)))
        n = n > fit ? fit : n
        print (n > 400 ? 400 : n) }')
    # shellcheck disable=SC2086
    if [ "$runs" -gt "$RUNS" ] && ! env $envset timeout "$LIMIT" "$exe" $BIN $THREAD_ARGS -r "$runs" -t "$OUT/t" "$@" < "$in" > "$OUT/$label.out"; then
        touch "$OUT/to_$label"
        return 0
    fi
    median < "$OUT/t" >> "$OUT/tm_$label"
}

# result LABEL: the median of the variant's process medians (µs), or ">LIMITs"
result() {
    if [ -f "$OUT/to_$1" ]; then echo ">${LIMIT}s"
    elif [ "$PROCESSES" = min ]; then sort -n "$OUT/tm_$1" | head -n 1
    else median < "$OUT/tm_$1"; fi
}

json_sep=
json_result() { # json_result DATASET VARIANT TIME
    case $3 in -|'>'*) return ;; esac
    printf '%s{"dataset": "%s", "variant": "%s", "median_us": %s, "validated": %s}' "$json_sep" "$1" "$2" "$3" \
        "$(matches "$2" && echo true || echo false)" >> "$OUT/results.part"
    json_sep=", "
}

matches() { # matches LABEL: the version's result is the default thresholds' (matmul: binary, exactly)
    case $prog in
    matmul) cmp -s "$OUT/default.out" "$OUT/$1.out" ;;
    locvolcalib) awk -v abs=1e-4 -v rel=1e-4 -f bench/baselines/compare.awk "$OUT/$1.out" "$OUT/default.out" > /dev/null ;;
    *) awk -v abs=1e-6 -v rel=2e-3 -f bench/baselines/compare.awk "$OUT/$1.out" "$OUT/default.out" > /dev/null ;;
    esac
}

same() { # same TIME LABEL: unless it timed out, the version's result is the reference's (the default thresholds')
    case $1 in *s|-) return 0 ;; esac
    matches "$2" || { echo "versions: $prog $ds: $2 result differs"; status=1; }
}

row() { # row PROG DATASET EXE INPUT [MIDDLE-ARGS]
    prog=$1 ds=$2 exe=$3 in=$4; shift 4
    rm -f "$OUT"/tm_* "$OUT"/to_*
    # REPEAT rounds, each one process of every variant in turn: a drift of the machine's speed
    # (clocks, temperature, other load) falls on all variants alike
    round=0
    while [ "$round" -lt "$REPEAT" ]; do
        run_one "$exe" "$in" default "WEFT_THRESHOLDS="
        run_one "$exe" "$in" outer "WEFT_THRESHOLDS=0"
        run_one "$exe" "$in" inner "WEFT_THRESHOLDS=$HUGE"
        [ "$BACKEND" != cuda ] || run_one "$exe" "$in" block "WEFT_THRESHOLDS=outer_par=$HUGE,intra_par=0"
        [ $# -eq 0 ] || run_one "$exe" "$in" middle "WEFT_THRESHOLDS=outer_par=0,intra_par=$HUGE" "$@"
        [ ! -f "$TUNING" ] || run_one "$exe" "$in" tuned "WEFT_THRESHOLDS=" --tuning "$TUNING"
        round=$((round + 1))
    done
    for f in "$OUT"/tm_*; do # every process's median, for other statistics
        [ ! -f "$f" ] || printf '%s\t%s\t%s\t%s\n' "$prog" "$ds" "${f##*/tm_}" "$(tr '\n' ' ' < "$f")" >> "$OUT/processes.tsv"
    done
    dflt=$(result default)
    outer=$(result outer)
    same "$outer" outer
    inner=$(result inner)
    same "$inner" inner
    block=-
    if [ "$BACKEND" = cuda ]; then
        block=$(result block)
        same "$block" block
    fi
    middle=-
    if [ $# -gt 0 ]; then
        middle=$(result middle)
        same "$middle" middle
    fi
    tuned=-
    if [ -f "$TUNING" ]; then
        tuned=$(result tuned)
        same "$tuned" tuned
    fi
    best=$(printf '%s\n' "$outer" "$inner" "$middle" "$block" | grep -v '^[->]' | sort -n | head -n 1)
    printf '%-14s %-26s %12s %12s %12s %12s %12s %12s %8s\n' "$prog" "$ds" "$outer" "$middle" "$block" "$inner" "$dflt" \
        "$tuned" "$(echo "$tuned $dflt $best" | awk '{ t = $1 == "-" ? $2 : $1; printf "%.2f", t / $3 }')"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$BACKEND" "$prog" "$ds" "$outer" "$middle" "$block" "$inner" "$dflt" \
        "$tuned" >> "$OUT/versions.tsv"
    json_result "$ds" outer "$outer"
    json_result "$ds" middle "$middle"
    json_result "$ds" block "$block"
    json_result "$ds" inner "$inner"
    json_result "$ds" default "$dflt"
    json_result "$ds" tuned "$tuned"
}

begin_chart() { : > "$OUT/results.part"; json_sep=; }
end_chart() { # end_chart NAME
    printf '%s{"name": "%s", "baseline": "tuned", "results": [%s]}' "$charts_sep" "$1" "$(cat "$OUT/results.part")" >> "$OUT/benchmarks.part"
    charts_sep=",
"
}

printf 'backend\tprogram\tdataset\touter\tmiddle\tblock\tinner\tdefault\ttuned\n' > "$OUT/versions.tsv"
: > "$OUT/processes.tsv"
: > "$OUT/benchmarks.part"
charts_sep=
printf '%-14s %-26s %12s %12s %12s %12s %12s %12s %8s\n' program dataset outer middle block inner default tuned "t/best"
for prog in $PROGS; do
    begin_chart
    BIN=
    [ "$prog" != matmul ] || BIN=-b
    case $prog in
    matmul)
        cc -O2 -std=c11 -o "$OUT/gen_matmul" bench/flatten/gen_matmul.c
        train=
        n=0
        while [ "$n" -le "$NMAX" ] && [ $((2 * n)) -le "$KTRAIN" ]; do
            [ -f "$OUT/mm-$KTRAIN-$n.in" ] || "$OUT/gen_matmul" $n $((KTRAIN - 2 * n)) > "$OUT/mm-$KTRAIN-$n.in"
            train="$train mm-$KTRAIN-$n.in"
            n=$((n + 1))
        done
        # shellcheck disable=SC2086
        with_train bench/flatten/matmul.fut "$OUT/matmul.fut" $train
        tune "$OUT/matmul.fut"
        "$WEFT" "$BACKEND" "$OUT/matmul.fut" -o "$OUT/matmul" > /dev/null
        n=0
        while [ "$n" -le "$NMAX" ] && [ $((2 * n)) -le "$K" ]; do
            m=$((K - 2 * n))
            [ -f "$OUT/mm-$K-$n.in" ] || "$OUT/gen_matmul" $n $m > "$OUT/mm-$K-$n.in"
            row matmul "n=$n m=$m" "$OUT/matmul" "$OUT/mm-$K-$n.in" --param main.suff_outer_par_0=$HUGE
            n=$((n + 1))
        done
        end_chart "matmul-k$K-$BACKEND" ;;
    locvolcalib)
        train=
        for size in $LVC_SIZES; do train="$train $(pwd)/$DATA/LocVolCalib-$size.in"; done
        # shellcheck disable=SC2086
        with_train examples/finpar/locvolcalib.fut "$OUT/locvolcalib.fut" $train
        tune "$OUT/locvolcalib.fut"
        "$WEFT" "$BACKEND" "$OUT/locvolcalib.fut" -o "$OUT/locvolcalib" > /dev/null
        for size in $LVC_SIZES; do
            row locvolcalib "$size" "$OUT/locvolcalib" "$DATA/LocVolCalib-$size.in"
        done
        end_chart "locvolcalib-$BACKEND" ;;
    optionpricing)
        sed '2s/.*/500i32/' "$DATA/OptionPricing-large.in" > "$OUT/op-d2.in"
        cp "$DATA/OptionPricing-medium.in" "$OUT/op-d1.in"
        with_train examples/finpar/optionpricing.fut "$OUT/optionpricing.fut" op-d1.in op-d2.in
        tune "$OUT/optionpricing.fut"
        "$WEFT" "$BACKEND" "$OUT/optionpricing.fut" -o "$OUT/optionpricing" > /dev/null
        row optionpricing "D1 (2^20 paths, 5 dates)" "$OUT/optionpricing" "$OUT/op-d1.in"
        row optionpricing "D2 (500 paths, 367 dates)" "$OUT/optionpricing" "$OUT/op-d2.in"
        if [ -f "$TUNING" ]; then
            for d in d1 d2; do
                echo "optionpricing $d, tuned: $("$OUT/optionpricing" -b $THREAD_ARGS --tuning "$TUNING" -L < "$OUT/op-$d.in" 2>&1 > /dev/null | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
            done
        fi
        end_chart "optionpricing-$BACKEND" ;;
    *) echo "versions: unknown program $prog"; exit 2 ;;
    esac
done
{ echo '{"benchmarks": ['; cat "$OUT/benchmarks.part"; echo ']}'; } > "$OUT/versions.json"
rm -f "$OUT/benchmarks.part" "$OUT/results.part"
cc -O2 -std=c11 -o "$OUT/chart" bench/chart.c -lm && "$OUT/chart" "$OUT/versions.json" "$OUT/charts" || status=1
echo "($BACKEND; µs, median of $RUNS runs (more when they take under $MIN_MS ms)$( [ "$REPEAT" -gt 1 ] && echo " in each of $REPEAT processes, $PROCESSES of those")$( [ "$BACKEND" = multicore ] && echo " at $THREADS threads"); t/best: tuned, or default without tuning, over the best single version)"
exit $status
