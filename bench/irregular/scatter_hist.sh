#!/bin/sh
# scatter_hist.sh — the flattened scatter and hist inside irregular maps against their
# outer-parallel versions on the CPU (issue 21, items 3 and 4; docs/FLATTENING.md "Scatter and
# hist"): bench/irregular/rowhist.fut (a 16-bin histogram per row) and rowscatter.fut (each row
# reversed by a scatter) on rows from gen.c (uniform, skewed, power-law, spike), timed as
#   C                    the hand-written sequential C baseline (base/NAME.c): the reference
#                        every other output is compared with
#   c                    weft c
#   mcT-outer, mcT-flat  weft multicore at T threads (1 and THREADS), the outer-parallel version
#                        forced (the executable's --thresholds outer_par=0) or the flattened
#                        one (--thresholds outer_par=10^12)
#   mcT                  the same with the default thresholds (chose: the version they took)
# and prints one table per program: times in ms (medians of ROUNDS rounds x RUNS runs, every
# variant in turn each round, so that a shared machine's load falls on all alike), and the
# paired ratios flat/outer at 1 and THREADS threads and default/best at THREADS threads (the
# median over the rounds of the ratio within each round; issue 21's goals: flat/outer within
# 1.25 on uniform rows, below 1 on skewed ones at 2 threads; dflt/best within 1.25).
#
# Settings (environment): WEFT (bin/weft), THREADS (2), RUNS (5), ROUNDS (3), LIMIT (300 s per
# process), BENCHES ("rowhist rowscatter"), SIZE (bench: 16M elements; test: tiny, for
# tests/scripts/irregular_bench.sh), BUILD (build: results in BUILD/bench-scatter-hist, the
# inputs shared with bench/irregular/run.sh in BUILD/bench-irregular/data).  Writes
# OUT/scatter_hist.txt and OUT/scatter_hist.md (Markdown, for docs/PERFORMANCE.md).  Exit
# status 1 when a variant fails, times out or gives a wrong result.
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
THREADS=${THREADS:-2}
RUNS=${RUNS:-5}
ROUNDS=${ROUNDS:-3}
LIMIT=${LIMIT:-300}
SIZE=${SIZE:-bench}
BENCHES=${BENCHES:-rowhist rowscatter}
OUT=${BUILD:-build}/bench-scatter-hist
DATA=${BUILD:-build}/bench-irregular/data
. bench/irregular/lib.sh
bench_setup

variants() {
    echo "C||$BIN/$bench"
    echo "c||$BIN/$bench-c"
    for t in 1 "$THREADS"; do
        echo "mc$t-outer||$BIN/$bench-multicore --num-threads $t --thresholds outer_par=0"
        echo "mc$t-flat||$BIN/$bench-multicore --num-threads $t --thresholds outer_par=$HUGE"
        echo "mc$t||$BIN/$bench-multicore --num-threads $t -L"
    done
}

N=$THREADS
FMT='%-9s %7s %7s %9s %8s %7s %9s %8s %7s %-6s %10s %10s %9s\n'
open_tables scatter_hist "Flattened scatter and hist against the outer-parallel versions" \
    "THREADS=$THREADS RUNS=$RUNS ROUNDS=$ROUNDS SIZE=$SIZE sh bench/irregular/scatter_hist.sh" bench/irregular/scatter_hist.sh

for bench in $BENCHES; do
    src=$(program "$bench")
    build_cpu "$bench" || continue
    printf '\n== %s: %s\n' "$bench" "$src" | tee -a "$OUT/$table.txt"
    printf '\n#### %s: %s\n' "$bench" "$src" >> "$OUT/$table.md"
    table_header "$FMT" dataset C c mc1-outer mc1-flat mc1 "mc$N-outer" "mc$N-flat" "mc$N" chose \
        flat/outer1 "flat/outer$N" dflt/best
    datasets "$bench" > "$T/datasets"
    while read -r ds args; do
        # shellcheck disable=SC2086
        in=$(input "$bench" $args)
        new_dataset
        variants > "$T/variants"
        run_rounds "$ROUNDS"
        best_of "mc$N-outer" "mc$N-flat"
        table_row "$FMT" "$ds" "$(cell C)" "$(cell c)" "$(cell mc1-outer)" "$(cell mc1-flat)" "$(cell mc1)" \
            "$(cell "mc$N-outer")" "$(cell "mc$N-flat")" "$(cell "mc$N")" "$(chose_cell "mc$N")" \
            "$(ratio mc1-flat mc1-outer)" "$(ratio "mc$N-flat" "mc$N-outer")" "$(ratio "mc$N" best)"
    done < "$T/datasets"
done
[ ! -f "$T/notes" ] || { echo; cat "$T/notes"; } >> "$OUT/$table.txt"
[ ! -f "$T/notes" ] || { echo; sed 's/^ *//' "$T/notes"; } >> "$OUT/$table.md"
rm -f "$T/notes"
echo "   $OUT/$table.txt, $OUT/$table.md"
exit $status
