#!/bin/sh
# run.sh — issue 21's irregular benchmarks on the CPU (part of `make bench`, bench/run.sh §6):
# each program on inputs from gen.c, timed as
#   C          the hand-written sequential C baseline (base/NAME.c)
#   C-ompN     the same built with -fopenmp, at THREADS threads
#   c          weft c
#   mc1-outer, mc1-flat, mc1     weft multicore at 1 thread: the outer-parallel versions forced
#                                (every tuning parameter of the entry at 0), the flattened ones
#                                forced (at 10^12), the default thresholds
#   mcN-outer, mcN-flat, mcN     the same at THREADS threads
# (an entry without tuning parameters has no versions: its outer/flat columns are "-").
# Every variant is one process of RUNS timed runs (the executables' `-r RUNS -t FILE`: one
# untimed warm-up run first; only the computation is timed, not reading the input); ROUNDS
# rounds run every variant in turn, so that the load of a shared machine falls on all alike.
# A time is the median of all runs of all rounds; a ratio is the median over the rounds of the
# ratio of the two variants' medians in that round (paired).  Every variant's output is compared
# with the C baseline's (gen cmp: integers exactly, floats within the benchmark's tolerance).
#
# Programs: segsum (bench/irregular/segsum.fut: uniform, skewed, powerlaw, spike rows), sinmap
# (bench/irregular/sinmap.fut), and seed 004's demos in examples/flatten: quicksort, spmv
# (csr_spmv), rank_search, sparse_dense, primes, quickhull.
#
# Columns: c/C = weft c over the C baseline; speed-up = weft c over mcN (the default); flat/outer
# = mcN-flat over mcN-outer; dflt/best = mcN over the faster of mcN-outer and mcN-flat (per
# round; issue 21's goal: within 1.25); mcN/omp = mcN over C-ompN; chose = the version the
# default thresholds took at THREADS threads (the comparisons of one run, from -L).
#
# Settings (environment): WEFT (bin/weft), THREADS (2), RUNS (5), ROUNDS (3), LIMIT (300: seconds
# per process; a variant past it is not run again), BENCHES ("segsum sinmap quicksort spmv
# rank_search sparse_dense primes quickhull"), SIZE (bench: sized for a 2-core machine; large:
# issue 21's sizes (quicksort of 10^7, 481M i32 of skewed rows, ...); test: tiny, for
# tests/scripts/irregular_bench.sh), BUILD (build: results in BUILD/bench-irregular, the inputs
# kept in BUILD/bench-irregular/data between runs), DOCS (a file, e.g. docs/PERFORMANCE.md: the
# tables replace what lies between its lines `<!-- irregular:begin -->` and
# `<!-- irregular:end -->`), RESULTS_TSV (a file: one line per result appended for bench/run.sh's
# results.json, docs/BENCH.md).  Writes OUT/irregular.txt (the tables) and OUT/irregular.md
# (the same in Markdown).  Exit status 1 when a variant fails, times out or gives a wrong result.
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
THREADS=${THREADS:-2}
RUNS=${RUNS:-5}
ROUNDS=${ROUNDS:-3}
LIMIT=${LIMIT:-300}
SIZE=${SIZE:-bench}
BENCHES=${BENCHES:-segsum sinmap quicksort spmv rank_search sparse_dense primes quickhull}
OUT=${BUILD:-build}/bench-irregular
DATA=$OUT/data
HUGE=1000000000000
mkdir -p "$OUT/bin" "$DATA"
case $OUT in /*) ABS_OUT=$OUT ;; *) ABS_OUT=$PWD/$OUT ;; esac
make -s -C bench/irregular OUT="$ABS_OUT/bin" > /dev/null
GEN=$OUT/bin/gen
status=0
T=$OUT/tmp
mkdir -p "$T"

# ---- the programs: program file, C baseline, float tolerance (absolute, relative)
program() {
    case $1 in
    segsum) echo bench/irregular/segsum.fut ;;
    sinmap) echo bench/irregular/sinmap.fut ;;
    spmv) echo examples/flatten/csr_spmv.fut ;;
    *) echo "examples/flatten/$1.fut" ;;
    esac
}
tolerance() { case $1 in sinmap) echo "1e-6 1e-9" ;; *) echo "0 0" ;; esac; }

# datasets BENCH: one line per dataset, "NAME GEN-ARGUMENTS..." for the chosen SIZE
datasets() {
    case $SIZE-$1 in
    test-segsum) printf '%s\n' "uniform jagged uniform rows=1000 1" "skewed jagged skewed rows=500 2" \
        "powerlaw jagged powerlaw rows=5000 3" "spike jagged spike elems=20000 4" ;;
    bench-segsum) printf '%s\n' "uniform jagged uniform elems=32000000 1" "skewed jagged skewed elems=32000000 2" \
        "powerlaw jagged powerlaw rows=6000000 3" "spike jagged spike elems=32000000 4" ;;
    large-segsum) printf '%s\n' "uniform jagged uniform elems=268435456 1" "skewed jagged skewed rows=4000000 2" \
        "powerlaw jagged powerlaw rows=6000000 3" "spike jagged spike elems=268435456 4" ;;
    test-sinmap) echo "x0.002 sinmap 0.002" ;;
    bench-sinmap) echo "x0.2 sinmap 0.2" ;;
    large-sinmap) echo "x1 sinmap 1" ;;
    test-quicksort) echo "n=5000 i32 5000 1" ;;
    bench-quicksort) echo "n=2.5e5 i32 250000 1" ;;
    large-quicksort) echo "n=1e7 i32 10000000 1" ;;
    test-spmv) echo "powerlaw-20k csr powerlaw elems=20000 5000 1" ;;
    bench-spmv | large-spmv) echo "powerlaw-10M csr powerlaw elems=10000000 2000000 1" ;;
    test-rank_search) echo "powerlaw-20k ranks powerlaw elems=20000 1" ;;
    bench-rank_search | large-rank_search) echo "powerlaw-10M ranks powerlaw elems=10000000 1" ;;
    test-sparse_dense) echo "powerlaw-5k-p4 csrdense powerlaw elems=5000 1000 4 1" ;;
    bench-sparse_dense | large-sparse_dense) echo "powerlaw-2M-p16 csrdense powerlaw elems=2000000 100000 16 1" ;;
    test-primes) echo "n=1e5 i64 100000" ;;
    bench-primes) echo "n=3e7 i64 30000000" ;;
    large-primes) echo "n=1e8 i64 100000000" ;;
    test-quickhull) echo "disc-20k points 20000 1" ;;
    bench-quickhull) echo "disc-4M points 4000000 1" ;;
    large-quickhull) echo "disc-10M points 10000000 1" ;;
    *) echo "run.sh: no datasets for $1 at SIZE=$SIZE" >&2; return 1 ;;
    esac
}

# input NAME GEN-ARGUMENTS...: the path of the generated input (made when absent or older than gen)
input() {
    f=$DATA/$(echo "$*" | tr ' =' '_-').in
    if [ ! -s "$f" ] || [ "$GEN" -nt "$f" ]; then
        shift
        "$GEN" "$@" > "$f.tmp" && mv "$f.tmp" "$f"
    fi
    echo "$f"
}

# build BENCH: OUT/bin/BENCH-c and BENCH-mc, rebuilt when older than the program or weft
build() {
    src=$(program "$1")
    for b in c:c mc:multicore; do
        exe=$OUT/bin/$1-${b%%:*}
        if [ ! -x "$exe" ] || [ "$src" -nt "$exe" ] || [ "$WEFT" -nt "$exe" ]; then
            "$WEFT" "${b#*:}" "$src" -o "$exe" > "$T/build.log" 2>&1 || { cat "$T/build.log"; return 1; }
        fi
    done
}

# params EXE: the tuning parameters of entry main, one a line
params() { "$1" --print-params | sed -n 's/^\(main\.[^=]*\)=.*/\1/p'; }
# param_args VALUE: --param NAME=VALUE for every parameter in $T/params
param_args() { while read -r p; do printf ' --param %s=%s' "$p" "$1"; done < "$T/params"; }

# variants: the variants of the current benchmark, one a line: "LABEL|ENV|COMMAND ARGUMENTS"
variants() {
    echo "C||$OUT/bin/$bench"
    [ ! -x "$OUT/bin/$bench-omp" ] || echo "C-omp$THREADS|OMP_NUM_THREADS=$THREADS|$OUT/bin/$bench-omp"
    echo "c||$OUT/bin/$bench-c"
    for n in 1 "$THREADS"; do
        if [ -s "$T/params" ]; then
            echo "mc$n-outer||$OUT/bin/$bench-mc --num-threads $n$(param_args 0)"
            echo "mc$n-flat||$OUT/bin/$bench-mc --num-threads $n$(param_args $HUGE)"
        fi
        echo "mc$n||$OUT/bin/$bench-mc --num-threads $n -L"
    done
}

# run_variant LABEL ENV COMMAND: one process of RUNS timed runs on $in: its median appended to
# $T/r.LABEL (one line per round), every run to $T/all.LABEL; the output of the first round is
# checked against the baseline's ($T/ref.out, made by the first variant, C).  A failure or a
# time-out marks the variant ($T/bad.LABEL) and it is not run again.
run_variant() {
    label=$1 envset=$2; shift 2
    [ ! -f "$T/bad.$label" ] || return 0
    rc=0
    # shellcheck disable=SC2086,SC2048
    env $envset timeout "$LIMIT" $* -b -r "$RUNS" -t "$T/t" < "$in" > "$T/out" 2> "$T/err" || rc=$?
    if [ $rc -ne 0 ]; then
        if [ $rc -eq 124 ]; then echo ">${LIMIT}s" > "$T/bad.$label"; else echo "FAIL" > "$T/bad.$label"; fi
        echo "   FAIL: $bench $ds $label: exit status $rc: $*" | tee -a "$T/notes"
        tail -n 3 "$T/err" | sed 's/^/      /'
        status=1
        return 0
    fi
    median < "$T/t" >> "$T/r.$label"
    cat "$T/t" >> "$T/all.$label"
    case $label in mc$THREADS) chose < "$T/err" > "$T/chose" ;; esac
    if [ "$label" = C ]; then
        [ -f "$T/ref.out" ] || cp "$T/out" "$T/ref.out"
    elif [ ! -f "$T/checked.$label" ]; then
        touch "$T/checked.$label"
        # shellcheck disable=SC2046
        if ! "$GEN" cmp "$T/out" "$T/ref.out" $(tolerance "$bench") 2> "$T/cmp"; then
            echo "WRONG" > "$T/bad.$label"
            echo "   FAIL: $bench $ds $label: the output differs from the C baseline's: $(cat "$T/cmp")" | tee -a "$T/notes"
            status=1
        fi
    fi
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# chose: from -L's log of the default variant, which version its thresholds took (one run's worth)
chose() {
    awk -v runs="$RUNS" '/^Compared main\./ { if ($NF == "true.") o++; else f++ }
        END { n = o + f; if (n == 0) { print "-"; exit }
              if (f == 0) print "outer"; else if (o == 0) print "flat"
              else printf "%d/%d-outer\n", o / (runs + 1), n / (runs + 1) }'
}

# cell LABEL: the variant's median in ms (or why it has none)
cell() {
    if [ -f "$T/bad.$1" ]; then cat "$T/bad.$1"
    elif [ ! -f "$T/all.$1" ]; then echo "-"
    else median < "$T/all.$1" | awk '{ ms = $1 / 1000; printf(ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : "%.2f", ms) }'
    fi
}

# ratio A B: the median over rounds of A's median / B's ("-" when either has no time); B may be
# "best", the faster of mcN-outer and mcN-flat in each round
ratio() {
    for x in "$1" "$2"; do [ ! -f "$T/bad.$x" ] || { echo "-"; return; }; done
    [ -f "$T/r.$1" ] && [ -f "$T/r.$2" ] || { echo "-"; return; }
    paste "$T/r.$1" "$T/r.$2" | awk '$1 > 0 && $2 > 0 { print $1 / $2 }' | median |
        awk '$1 == "-" { print; exit } { printf "%.2f", $1 }'
}

# best_of A B: $T/r.best, each round's faster of A and B
best_of() {
    rm -f "$T/r.best"
    [ -f "$T/r.$1" ] && [ -f "$T/r.$2" ] && [ ! -f "$T/bad.$1" ] && [ ! -f "$T/bad.$2" ] || return 0
    paste "$T/r.$1" "$T/r.$2" | awk '{ print ($1 < $2 ? $1 : $2) }' > "$T/r.best"
}

N=$THREADS
COLUMNS="dataset C C-omp$N c mc1-outer mc1-flat mc1 mc$N-outer mc$N-flat mc$N chose c/C speed-up flat/outer dflt/best mc$N/omp"
row_fmt='%-14s %8s %8s %8s %9s %9s %8s %9s %9s %8s %-6s %5s %8s %10s %9s %7s\n'
machine="$(uname -n), $(nproc 2> /dev/null || echo '?') cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -1)"
load=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo '?')
{
    echo "Irregular nested parallelism (issue 21), $(date -u +%Y-%m-%d), $machine, load average $load at the start"
    echo "Command: THREADS=$THREADS RUNS=$RUNS ROUNDS=$ROUNDS SIZE=$SIZE sh bench/irregular/run.sh"
    echo "Times in ms: medians of $ROUNDS rounds x $RUNS runs; ratios: medians over the rounds (paired)"
} > "$OUT/irregular.txt"
{
    echo "Measured $(date -u +%Y-%m-%d) on $machine (load average $load at the start)."
    echo "Command: \`THREADS=$THREADS RUNS=$RUNS ROUNDS=$ROUNDS SIZE=$SIZE sh bench/irregular/run.sh\`."
    echo "Times in ms, medians of $ROUNDS rounds x $RUNS runs; ratios are medians over the rounds of the"
    echo "ratio within each round (paired).  Columns: bench/irregular/run.sh's header."
} > "$OUT/irregular.md"
cat "$OUT/irregular.txt"

for bench in $BENCHES; do
    src=$(program "$bench")
    build "$bench" || { echo "   FAIL: $bench: weft could not build $src"; status=1; continue; }
    params "$OUT/bin/$bench-mc" > "$T/params"
    title="$bench: $src, entry main, thresholds: $(tr '\n' ' ' < "$T/params" | sed 's/ $//')"
    [ -s "$T/params" ] || title="$bench: $src, entry main, no tuning parameters (one version)"
    printf '\n== %s\n' "$title" | tee -a "$OUT/irregular.txt"
    # shellcheck disable=SC2086
    printf "$row_fmt" $COLUMNS | tee -a "$OUT/irregular.txt"
    printf '\n### %s\n\n| %s |\n|%s\n' "$title" "$(echo "$COLUMNS" | sed 's/ / | /g')" \
        "$(echo "$COLUMNS" | sed 's/[^ ]*/---|/g; s/ //g')" >> "$OUT/irregular.md"
    datasets "$bench" > "$T/datasets"
    while read -r ds args; do
        # shellcheck disable=SC2086
        in=$(input "$bench" $args)
        rm -f "$T"/r.* "$T"/all.* "$T"/bad.* "$T"/checked.* "$T/ref.out" "$T/chose"
        round=0
        while [ $round -lt "$ROUNDS" ]; do
            variants > "$T/variants"
            while IFS='|' read -r label envset cmd; do
                # shellcheck disable=SC2086
                run_variant "$label" "$envset" $cmd < /dev/null
            done < "$T/variants"
            round=$((round + 1))
        done
        best_of "mc$N-outer" "mc$N-flat"
        cells="$ds $(cell C) $(cell "C-omp$N") $(cell c) $(cell mc1-outer) $(cell mc1-flat) $(cell mc1) \
$(cell "mc$N-outer") $(cell "mc$N-flat") $(cell "mc$N") $(cat "$T/chose" 2> /dev/null || echo -) \
$(ratio c C) $(ratio c "mc$N") $(ratio "mc$N-flat" "mc$N-outer") $(ratio "mc$N" best) $(ratio "mc$N" "C-omp$N")"
        # shellcheck disable=SC2086
        printf "$row_fmt" $cells | tee -a "$OUT/irregular.txt"
        echo "| $(echo "$cells" | sed 's/ / | /g') |" >> "$OUT/irregular.md"
        if [ -n "${RESULTS_TSV:-}" ]; then
            while IFS='|' read -r label envset cmd; do
                ok=true t=- runs=
                [ ! -f "$T/bad.$label" ] || ok=false
                if [ -f "$T/all.$label" ]; then
                    t=$(median < "$T/all.$label")
                    runs=$(tr '\n' ',' < "$T/all.$label" | sed 's/,$//; s/,/, /g')
                fi
                printf 'irregular %s\t%s\t%s\t%s\t\t%s\t%s\n' "$bench" "$ds" "$label" "$t" "$ok" "$runs" >> "$RESULTS_TSV"
            done < "$T/variants"
        fi
    done < "$T/datasets"
done
[ ! -f "$T/notes" ] || { echo; cat "$T/notes"; } >> "$OUT/irregular.txt"
[ ! -f "$T/notes" ] || { echo; sed 's/^ *//' "$T/notes"; } >> "$OUT/irregular.md"
rm -f "$T/notes"

if [ -n "${DOCS:-}" ]; then
    if grep -q '^<!-- irregular:begin -->$' "$DOCS" && grep -q '^<!-- irregular:end -->$' "$DOCS"; then
        awk -v md="$OUT/irregular.md" '
            /^<!-- irregular:begin -->$/ { print; while ((getline l < md) > 0) print l; skip = 1; next }
            /^<!-- irregular:end -->$/ { skip = 0 }
            !skip' "$DOCS" > "$T/docs" && cat "$T/docs" > "$DOCS"
        echo "   the tables written to $DOCS"
    else
        echo "   FAIL: $DOCS has no lines <!-- irregular:begin --> and <!-- irregular:end -->"
        status=1
    fi
fi
echo "   $OUT/irregular.txt, $OUT/irregular.md"
exit $status
