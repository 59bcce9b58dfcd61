#!/bin/sh
# bench.sh — Hull-White portfolios (examples/hullwhite): weft multicore at THREADS threads vs the
# sequential C baseline (bench/baselines/hullwhite.c) and QuantLib (one thread, ql_check's
# timing of tree building and rollback per instrument), in one run.  Portfolios from
# bench/hullwhite/gen.c, shape SHAPE (default random: h ~ U{12..1200}, w ~ U{7..511}), seed 1.
# Every weft result is checked against the C baseline (relative 1e-9) and against QuantLib
# (ql_check's bounds) when QuantLib prices the whole portfolio; QuantLib prices at most
# QL_MAX instruments (default 1000) — beyond that its time is the first QL_MAX instruments'
# time scaled by the portfolio's node count over theirs (an extrapolation, marked "~").
# Nodes per second: the sum over instruments of tree width (2 jmax + 1, jmax as in the spec)
# times time steps h, over the median time.  Settings: SIZES ("1000 10000 100000"), RUNS (5),
# THREADS (2), SHAPE, QL_MAX, WEFT (bin/weft), OUT (build/hullwhite-bench), RESULTS_TSV (a file:
# one line per result appended, tab-separated: benchmark "Hull-White", dataset "N=n", variant,
# median µs, peak bytes, validated; bench/run.sh's results.json), BACKEND (multicore, or cuda on a
# machine with a GPU: then THREADS is unused), BASELINE (1; 0 skips the C baseline, whose
# single-threaded runs dominate the time at 1e5 instruments; weft's results are then checked
# against weft multicore's instead).
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
SIZES=${SIZES:-1000 10000 100000}
RUNS=${RUNS:-5}
THREADS=${THREADS:-2}
SHAPE=${SHAPE:-random}
QL_MAX=${QL_MAX:-1000}
BACKEND=${BACKEND:-multicore}
BASELINE=${BASELINE:-1}
case $BACKEND in multicore) TARGS="--num-threads $THREADS" ;; cuda) TARGS= ;; *) echo "bench: BACKEND must be multicore or cuda"; exit 2 ;; esac
OUT=${OUT:-build/hullwhite-bench}
mkdir -p "$OUT"
status=0
# result DATASET VARIANT MEDIAN_US PEAK_BYTES VALIDATED: one line of RESULTS_TSV
result() { [ -z "${RESULTS_TSV:-}" ] || printf 'Hull-White\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$RESULTS_TSV"; }
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
cc -O2 -std=c11 -o "$OUT/gen" bench/hullwhite/gen.c -lm
cc -O3 -march=native -std=c11 -o "$OUT/baseline" bench/baselines/hullwhite.c -lm
"$WEFT" "$BACKEND" examples/hullwhite/hullwhite.fut -o "$OUT/hullwhite" > /dev/null
[ "$BASELINE" = 1 ] || [ "$BACKEND" = multicore ] || "$WEFT" multicore examples/hullwhite/hullwhite.fut -o "$OUT/hullwhite-mc" > /dev/null
ql=0
if echo '#include <ql/quantlib.hpp>' | g++ -std=c++17 -fsyntax-only -x c++ - > /dev/null 2>&1; then
    g++ -O2 -std=c++17 -o "$OUT/ql_check" bench/hullwhite/ql_check.cpp -lQuantLib && ql=1
fi
# nodes FILE: sum of (2 jmax + 1) * h over the instruments (0 without QuantLib: ql_check computes it)
nodes() { if [ $ql = 1 ]; then "$OUT/ql_check" --nodes "$1"; else echo 0; fi; }
printf '%-8s %14s %14s %14s %10s %10s %14s\n' N weft_us c_us quantlib_us c/weft ql/weft "weft Mnodes/s"
for n in $SIZES; do
    in=$OUT/$SHAPE-$n.in
    [ -f "$in" ] || "$OUT/gen" "$SHAPE" "$n" 1 > "$in"
    # shellcheck disable=SC2086
    "$OUT/hullwhite" $TARGS -r "$RUNS" -t "$OUT/w.t" --print-peak-mem < "$in" > "$OUT/w.out" 2> "$OUT/w.err"
    ok=true ql_ok=null
    if [ "$BASELINE" = 1 ]; then
        "$OUT/baseline" -r "$RUNS" -t "$OUT/c.t" < "$in" > "$OUT/c.out" 2> /dev/null
        c=$(median < "$OUT/c.t")
    else # the reference: weft multicore (itself checked against the baseline at the smaller sizes)
        c=-
        if [ "$BACKEND" = multicore ]; then cp "$OUT/w.out" "$OUT/c.out"; else "$OUT/hullwhite-mc" < "$in" > "$OUT/c.out"; fi
    fi
    w=$(median < "$OUT/w.t")
    # the C baseline prints the same [n]f64 format: compare within 1e-9 relative
    if ! tr -s '[], ' '\n' < "$OUT/w.out" | sed 's/f64$//' | grep . > "$OUT/w.col" ||
       ! tr -s '[], ' '\n' < "$OUT/c.out" | sed 's/f64$//' | grep . > "$OUT/c.col" ||
       ! paste "$OUT/w.col" "$OUT/c.col" | awk '{ d = $1 - $2; if (d < 0) d = -d; m = $2 < 0 ? -$2 : $2; if (d > 1e-9 * (m > 1 ? m : 1)) bad++ } END { exit bad > 0 }'; then
        echo "bench: N=$n: weft differs from the C baseline (or weft multicore)"; status=1 ok=false
    fi
    q=- mark=
    if [ $ql = 1 ]; then
        if [ "$n" -le "$QL_MAX" ]; then
            ql_ok=true
            OMP_NUM_THREADS=1 "$OUT/ql_check" "$in" "$OUT/w.out" > "$OUT/ql.log" || { echo "bench: N=$n: QuantLib check failed"; tail -n 3 "$OUT/ql.log"; status=1 ok=false ql_ok=false; }
            q=$(awk '/^quantlib_us/ { print $2 }' "$OUT/ql.log")
        else
            s=$OUT/$SHAPE-$n-head.in
            "$OUT/gen" "$SHAPE" "$QL_MAX" 1 > "$s"
            "$OUT/hullwhite" < "$s" > "$OUT/s.out"
            ql_ok=true
            OMP_NUM_THREADS=1 "$OUT/ql_check" "$s" "$OUT/s.out" > "$OUT/ql.log" || status=1 ql_ok=false
            qs=$(awk '/^quantlib_us/ { print $2 }' "$OUT/ql.log")
            q=$(echo "$qs $(nodes "$in") $(nodes "$s")" | awk '{ printf "%.0f", $1 * $2 / $3 }') mark="~"
        fi
    fi
    # the C baseline is the reference here: checked (against QuantLib, through weft) only with QuantLib
    result "N=$n" "weft $BACKEND" "$w" "$(sed -n 's/^peak_mem_bytes=//p' "$OUT/w.err")" "$ok"
    [ "$BASELINE" = 0 ] || result "N=$n" "C baseline" "$c" "" "$([ "$ql_ok" = null ] && echo null || { [ $ok = true ] && echo true || echo false; })"
    [ $ql = 0 ] || result "N=$n" "QuantLib (1 thread${mark:+, extrapolated})" "$q" "" "$ql_ok"
    printf '%-8s %14s %14s %14s %10s %10s %14s\n' "$n" "$w" "$c" "$mark$q" \
        "$(echo "$c $w" | awk '{ if ($1 == "-") print "-"; else printf "%.2f", $1 / $2 }')" \
        "$(echo "$q $w" | awk '{ if ($1 == "-") print "-"; else printf "%.1f", $1 / $2 }')" \
        "$(echo "$(nodes "$in") $w" | awk '{ printf "%.1f", $1 / $2 }')"
done
echo "(µs, medians of $RUNS runs; weft $BACKEND$([ "$BACKEND" = multicore ] && echo " at $THREADS threads"); C baseline and QuantLib one thread; shape $SHAPE)"
exit $status
