#!/bin/sh
# irregular_bench.sh — issue 21's benchmark tools (bench/irregular) stay honest:
#   1. gen is deterministic and wrote the committed inputs listed in bench/irregular/data.list,
#      and each C baseline, sequential and with OpenMP at 1, 3 and 7 threads (more threads than
#      rows, rows across every split), reproduces their committed outputs — the expected outputs
#      of the programs' test blocks (sinmap within 1e-9: the OpenMP sums associate differently);
#   2. the element-balanced baselines on edge cases (empty rows, no rows, wrapping sums) agree
#      with the interpreter;
#   3. bench/irregular's programs pass their test blocks on interp, c and multicore, and on
#      multicore with the outer-parallel versions and the flattened ones forced
#      (weft test --thresholds=0, 10^12); the seed 004 demos of examples/flatten and the scatter,
#      hist, pairs and filter tests of tests/irregular with the flattened ones forced (make check
#      runs them with the defaults and outer);
#      The flattened scatter and hist again with the fused version's limits lowered
#      (WF_SEGHIST_FILL, WF_SEGHIST_PRIV), every region parallel: its rarer paths;
#   4. bench/irregular/run.sh runs end to end on tiny inputs of segsum, and scatter_hist.sh on
#      tiny inputs of rowhist and rowscatter (every variant validated against the C baseline).
# REGEN=1 rewrites the committed files of data.list instead of checking them.
. "$(dirname "$0")/lib.sh"
case $T in /*) ;; *) T=$PWD/$T ;; esac
make -s -C bench/irregular OUT="$T" > "$T/make.log" 2>&1 || { cat "$T/make.log"; fail "bench/irregular does not build"; summary; }
tol() { case $1 in sinmap) echo "1e-9 1e-9" ;; *) echo "0 0" ;; esac; }

# 1. the committed data
grep -v '^#' bench/irregular/data.list > "$T/list"
while read -r path base args; do
    # shellcheck disable=SC2086
    check "gen $args" "$T/gen" $args > "$T/in" || continue
    if [ "${REGEN:-0}" = 1 ]; then
        cp "$T/in" "$path.in" && "$T/$base" < "$path.in" > "$path.out" && pass || fail "regenerating $path"
        continue
    fi
    check "gen $args does not give $path.in" cmp -s "$T/in" "$path.in"
    "$T/$base" < "$path.in" > "$T/out" && "$T/gen" cmp "$T/out" "$path.out" 0 0 && pass ||
        fail "$base (sequential) on $path.in does not give $path.out"
    [ -x "$T/$base-omp" ] || continue
    for n in 1 3 7; do
        # shellcheck disable=SC2046
        OMP_NUM_THREADS=$n "$T/$base-omp" < "$path.in" > "$T/out" && "$T/gen" cmp "$T/out" "$path.out" $(tol "$base") &&
            pass || fail "$base (OpenMP, $n threads) on $path.in does not give $path.out"
    done
done < "$T/list"
[ "${REGEN:-0}" = 1 ] && summary

# 2. edge cases of the element-balanced split, against the interpreter
cat > "$T/id.fut" <<'FUT'
entry rows (xss: [][]i32) : [][]i32 = xss
entry widths (ns: []i64) : []i64 = ns
FUT
check_edges() { # BASELINE PROGRAM ENTRY VALUE...
    base=$1 prog=$2 entry=$3; shift 3
    for v in "$@"; do
        echo "$v" | "$WEFT" run "$T/id.fut" -e "$entry" -b > "$T/in" || { fail "weft run: $v"; continue; }
        "$WEFT" run "$prog" -b < "$T/in" > "$T/ref" || { fail "weft run $prog: $v"; continue; }
        for n in 1 2 3 7 16; do
            # shellcheck disable=SC2046
            OMP_NUM_THREADS=$n "$T/$base-omp" < "$T/in" > "$T/out" && "$T/gen" cmp "$T/out" "$T/ref" $(tol "$base") &&
                pass || fail "$base-omp, $n threads, on $v"
        done
        "$T/$base" < "$T/in" > "$T/out" && "$T/gen" cmp "$T/out" "$T/ref" $(tol "$base") && pass || fail "$base on $v"
    done
}
if [ -x "$T/segsum-omp" ]; then
    check_edges segsum bench/irregular/segsum.fut rows 'empty([0][0]i32)' '[[], [], []]' '[[7]]' \
        '[[], [5], [], [], [6, 7, 8, 9, 10, 11, 12], [], []]' '[[2147483647, 1], [-2147483648, -1], [3, 4]]' \
        '[[1], [2], [3], [4], [5], [6], [7], [8], [9]]'
    check_edges rowhist bench/irregular/rowhist.fut rows 'empty([0][0]i32)' '[[], [], []]' '[[7]]' \
        '[[], [5], [], [], [6, 7, 8, 9, 10, 11, 12, 15, 15], [], []]' '[[1], [2], [3], [4], [5], [6], [7], [8], [9]]'
    # (rows of different lengths: weft run writes a jagged result of equal rows as a regular one)
    check_edges rowscatter bench/irregular/rowscatter.fut rows '[[], [5], [], [6, 7, 8, 9, 10, 11, 12, 15, 15], []]' \
        '[[1, 2], [3], [4, 5, 6], [7], [8, 9, 10, 11], [12], [13, 14]]'
    check_edges sinmap bench/irregular/sinmap.fut widths 'empty([0]i64)' '[0, 0, 0]' '[5, 0, 0, 0, 0, 0, 0, 9]' \
        '[1, 2, 3, 4, 5, 6, 7, 8]'
fi

# 3. the programs' test blocks, every version
"$WEFT" test --backend=interp,c,multicore bench/irregular > "$T/test.out" 2>&1 || cat "$T/test.out"
add_counts "$T/test.out"
for run in "0 bench/irregular" "1000000000000 bench/irregular examples/flatten tests/irregular/hist_rows.fut \
    tests/irregular/scatter_rows.fut tests/irregular/pairs_in_map.fut tests/irregular/filter_two_soacs.fut"; do
    # shellcheck disable=SC2086
    set -- $run
    n=$1; shift
    "$WEFT" test --backend=multicore --thresholds="$n" "$@" > "$T/test.out" 2>&1 || cat "$T/test.out"
    add_counts "$T/test.out"
done

# the fused flattened scatter and hist's rarer paths on these small inputs, their limits lowered
# (rts/flat.h): shared rows filled by all threads, hist rows of more bins than a private copy
"$WEFT" test --backend=multicore --cc="cc -O1 -DWF_SEGHIST_FILL=0 -DWF_SEGHIST_PRIV=2" \
    --thresholds=outer_par=1099511627776,region_work=0 tests/irregular/hist_rows.fut tests/irregular/scatter_rows.fut \
    bench/irregular/rowhist.fut bench/irregular/rowscatter.fut > "$T/seghist.out" 2>&1 || cat "$T/seghist.out"
add_counts "$T/seghist.out"

# 4. the benchmark script, on tiny inputs
SIZE=test RUNS=1 ROUNDS=1 BENCHES=segsum BUILD="$T/build" WEFT="$WEFT" sh bench/irregular/run.sh > "$T/run.out" 2>&1 &&
    pass || { cat "$T/run.out"; fail "SIZE=test bench/irregular/run.sh"; }
check "bench/irregular/run.sh printed no row for the spike dataset" grep -q '^spike ' "$T/run.out"
SIZE=test RUNS=1 ROUNDS=1 BUILD="$T/build" WEFT="$WEFT" sh bench/irregular/scatter_hist.sh > "$T/sh.out" 2>&1 &&
    pass || { cat "$T/sh.out"; fail "SIZE=test bench/irregular/scatter_hist.sh"; }
check "bench/irregular/scatter_hist.sh printed no row for rowscatter's skewed rows" \
    sh -c 'sed -n "/== rowscatter/,\$p" "$1" | grep -q "^skewed "' - "$T/sh.out"
summary
