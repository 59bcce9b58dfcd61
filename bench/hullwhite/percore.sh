#!/bin/sh
# percore.sh — Hull-White per core (issue 29, item 4): weft multicore at each thread count of
# THREADS_LIST against the one-threaded C baseline (bench/baselines/hullwhite.c), run after run in
# turn (weft, baseline, weft, baseline, ...) so that a machine whose speed drifts slows both alike.
# Portfolios of bench/hullwhite/gen.c (SHAPES, N instruments, seed 1).  Per shape and thread
# count: the medians of the runs (µs, each program's own timing of the computation, -t), the
# median of the runs' ratios baseline / weft (the speed-up over the baseline), that speed-up over
# the threads (per core: issue 29 asks >= 1 at 1 thread, >= 0.9 at 2), and weft's nodes per
# second per core (the sum over the instruments of tree width 2 min(jmax, h) + 1 times steps h,
# as bench.sh counts them, over weft's median and the threads; QuantLib prices about 1.6 Mnodes/s
# on one core, docs/APPS.md).  weft's prices are checked against the baseline's (relative 1e-9).
# Settings: SHAPES ("random uniform skewed1 skewed5"), N (1000), THREADS_LIST ("1 2"), RUNS (5),
# WEFT (bin/weft), OUT (build/hullwhite-percore).
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
SHAPES=${SHAPES:-random uniform skewed1 skewed5}
N=${N:-1000}
THREADS_LIST=${THREADS_LIST:-1 2}
RUNS=${RUNS:-5}
OUT=${OUT:-build/hullwhite-percore}
mkdir -p "$OUT"
cc -O2 -std=c11 -o "$OUT/gen" bench/hullwhite/gen.c -lm
cc -O3 -march=native -std=c11 -o "$OUT/baseline" bench/baselines/hullwhite.c -lm
"$WEFT" multicore examples/hullwhite/hullwhite.fut -o "$OUT/hullwhite" > /dev/null
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# nodes FILE: gen's lines 3-5 are spy, steps and a (one array a line)
nodes() {
    sed -n '3,5p' "$1" | tr -d '[]' | sed 's/[if][0-9]*//g' | awk -F', ' '
        NR == 1 { for (i = 1; i <= NF; i++) s[i] = $i }  NR == 2 { for (i = 1; i <= NF; i++) h[i] = $i }
        NR == 3 { for (i = 1; i <= NF; i++) { j = int(0.184 / (1 - exp(-$i / s[i]))) + 1
                                              m = j < h[i] ? j : h[i]; n += (2 * m + 1) * h[i] } }
        END { printf "%.0f\n", n }'
}
# same A B: the two files' [n]f64 prices agree within 1e-9 relative
same() {
    tr -s '[], ' '\n' < "$1" | sed 's/f64$//' | grep . > "$OUT/a.col"
    tr -s '[], ' '\n' < "$2" | sed 's/f64$//' | grep . > "$OUT/b.col"
    paste "$OUT/a.col" "$OUT/b.col" | awk '{ d = $1 - $2; d = d < 0 ? -d : d; m = $2 < 0 ? -$2 : $2
        if (d > 1e-9 * (m > 1 ? m : 1)) bad++ } END { exit NR == 0 || bad > 0 }'
}
status=0
printf '%-8s %7s %12s %12s %9s %9s %16s\n' shape threads weft_us c_us c/weft per_core "Mnodes/s/core"
for shape in $SHAPES; do
    in=$OUT/$shape-$N.in
    [ -f "$in" ] || "$OUT/gen" "$shape" "$N" 1 > "$in"
    total=$(nodes "$in")
    for t in $THREADS_LIST; do
        : > "$OUT/w.t"; : > "$OUT/c.t"; : > "$OUT/r.t"
        r=0
        while [ $r -lt "$RUNS" ]; do
            "$OUT/hullwhite" --num-threads "$t" -t "$OUT/one.t" < "$in" > "$OUT/w.out"
            w=$(cat "$OUT/one.t")
            "$OUT/baseline" -t "$OUT/one.t" < "$in" > "$OUT/c.out" 2> /dev/null
            c=$(cat "$OUT/one.t")
            echo "$w" >> "$OUT/w.t"; echo "$c" >> "$OUT/c.t"; echo "$c $w" | awk '{ print $1 / $2 }' >> "$OUT/r.t"
            r=$((r + 1))
        done
        same "$OUT/w.out" "$OUT/c.out" || { echo "percore: $shape: weft's prices differ from the baseline's"; status=1; }
        w=$(median < "$OUT/w.t") c=$(median < "$OUT/c.t") ratio=$(median < "$OUT/r.t")
        printf '%-8s %7s %12s %12s %9.2f %9.2f %16.1f\n' "$shape" "$t" "$w" "$c" "$ratio" \
            "$(echo "$ratio $t" | awk '{ print $1 / $2 }')" "$(echo "$total $w $t" | awk '{ print $1 / $2 / $3 }')"
    done
done
echo "(N=$N instruments, seed 1; medians of $RUNS runs taken in turn with the baseline's; c/weft: the median of the runs' ratios)"
exit $status
