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
# (bench/irregular/sinmap.fut), rowhist and rowscatter (bench/irregular: a hist and a scatter per
# row, uniform and skewed rows), and seed 004's demos in examples/flatten: quicksort, spmv
# (csr_spmv), rank_search, sparse_dense, primes, quickhull.
#
# Columns: c/C = weft c over the C baseline; speed-up = weft c over mcN (the default); flat/outer
# = mcN-flat over mcN-outer; dflt/best = mcN over the faster of mcN-outer and mcN-flat (per
# round; issue 21's goal: within 1.25); mcN/omp = mcN over C-ompN; chose = the version the
# default thresholds took at THREADS threads (the comparisons of one run, from -L).
#
# Settings (environment): WEFT (bin/weft), THREADS (2), RUNS (5), ROUNDS (3), LIMIT (300: seconds
# per process; a variant past it is not run again), BENCHES ("segsum sinmap rowhist rowscatter
# quicksort spmv rank_search sparse_dense primes quickhull"), SIZE (bench: sized for a 2-core machine; large:
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
BENCHES=${BENCHES:-segsum sinmap rowhist rowscatter quicksort spmv rank_search sparse_dense primes quickhull}
OUT=${BUILD:-build}/bench-irregular
DATA=$OUT/data
. bench/irregular/lib.sh
bench_setup

# variants: the variants of the current benchmark (lib.sh)
variants() {
    echo "C||$BIN/$bench"
    [ ! -x "$BIN/$bench-omp" ] || echo "C-omp$THREADS|OMP_NUM_THREADS=$THREADS|$BIN/$bench-omp"
    echo "c||$BIN/$bench-c"
    weft_variants mc1 "$BIN/$bench-multicore" --num-threads 1
    weft_variants "mc$THREADS" "$BIN/$bench-multicore" --num-threads "$THREADS"
}

N=$THREADS
FMT='%-14s %8s %8s %8s %9s %9s %8s %9s %9s %8s %-6s %5s %8s %10s %9s %7s\n'
open_tables irregular "Irregular nested parallelism (issue 21)" \
    "THREADS=$THREADS RUNS=$RUNS ROUNDS=$ROUNDS SIZE=$SIZE sh bench/irregular/run.sh" bench/irregular/run.sh

for bench in $BENCHES; do
    src=$(program "$bench")
    build_cpu "$bench" || continue
    params "$BIN/$bench-multicore" > "$T/params"
    title="$bench: $src, entry main, thresholds: $(tr '\n' ' ' < "$T/params" | sed 's/ $//')"
    [ -s "$T/params" ] || title="$bench: $src, entry main, no tuning parameters (one version)"
    printf '\n== %s\n' "$title" | tee -a "$OUT/$table.txt"
    printf '\n### %s\n' "$title" >> "$OUT/$table.md"
    table_header "$FMT" dataset C "C-omp$N" c mc1-outer mc1-flat mc1 "mc$N-outer" "mc$N-flat" "mc$N" chose \
        c/C speed-up flat/outer dflt/best "mc$N/omp"
    datasets "$bench" > "$T/datasets"
    while read -r ds args; do
        # shellcheck disable=SC2086
        in=$(input "$bench" $args)
        new_dataset
        variants > "$T/variants"
        run_rounds "$ROUNDS"
        best_of "mc$N-outer" "mc$N-flat"
        table_row "$FMT" "$ds" "$(cell C)" "$(cell "C-omp$N")" "$(cell c)" "$(cell mc1-outer)" "$(cell mc1-flat)" \
            "$(cell mc1)" "$(cell "mc$N-outer")" "$(cell "mc$N-flat")" "$(cell "mc$N")" "$(chose_cell "mc$N")" \
            "$(ratio c C)" "$(ratio c "mc$N")" "$(ratio "mc$N-flat" "mc$N-outer")" "$(ratio "mc$N" best)" \
            "$(ratio "mc$N" "C-omp$N")"
        [ -z "${RESULTS_TSV:-}" ] || while IFS='|' read -r label envset cmd; do
            ok=true runs=
            [ ! -f "$T/bad.$label" ] || ok=false
            [ ! -f "$T/all.$label" ] || runs=$(tr '\n' ',' < "$T/all.$label" | sed 's/,$//; s/,/, /g')
            printf 'irregular %s\t%s\t%s\t%s\t\t%s\t%s\n' "$bench" "$ds" "$label" "$(time_us "$label")" "$ok" "$runs" >> "$RESULTS_TSV"
        done < "$T/variants"
    done < "$T/datasets"
done
[ ! -f "$T/notes" ] || { echo; cat "$T/notes"; } >> "$OUT/$table.txt"
[ ! -f "$T/notes" ] || { echo; sed 's/^ *//' "$T/notes"; } >> "$OUT/$table.md"
rm -f "$T/notes"

if [ -n "${DOCS:-}" ]; then
    if grep -q '^<!-- irregular:begin -->$' "$DOCS" && grep -q '^<!-- irregular:end -->$' "$DOCS"; then
        awk -v md="$OUT/$table.md" '
            /^<!-- irregular:begin -->$/ { print; while ((getline l < md) > 0) print l; skip = 1; next }
            /^<!-- irregular:end -->$/ { skip = 0 }
            !skip' "$DOCS" > "$T/docs" && cat "$T/docs" > "$DOCS"
        echo "   the tables written to $DOCS"
    else
        echo "   FAIL: $DOCS has no lines <!-- irregular:begin --> and <!-- irregular:end -->"
        status=1
    fi
fi
echo "   $OUT/$table.txt, $OUT/$table.md"
exit $status
