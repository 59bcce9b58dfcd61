#!/bin/sh
# lifted.sh — function lifting measured (docs/FLATTENING.md, "Function lifting"): the recursive
# quicksort of bench/irregular/lifted.fut, its lifted version (one batch per recursion level,
# flattened) against the original (one thread per call), side by side:
#   c            weft c (no lifting: the original, sequential)
#   mcT-orig     weft multicore at T threads, the original forced (ENTRY.suff_outer_par_K = 0)
#   mcT-lifted   the lifted version forced (ENTRY.suff_outer_par_K = 10^12)
#   mcT-lift-out the same with the outer versions inside it (every FUN_lifted.suff_outer_par_K
#                at 0: each level's maps one thread per call, never flattened)
#   mcT-dflt     the default thresholds
# for T in THREADS_LIST, on two datasets: one call on N random i32 (sort_one) and the same
# N cut into ROWS rows, one call each (sort_rows).  Each variant is one process of RUNS timed
# runs (`-r RUNS -t FILE`, after one untimed warm-up; reading the input is not timed); ROUNDS
# rounds run every variant in turn, so that the load of a shared machine falls on all alike.
# A time is the median (ms) of all runs of all rounds, with the lowest and highest; every output
# is compared with weft c's.  Settings (environment): WEFT (bin/weft), N (2000000), ROWS (200),
# RUNS (3), ROUNDS (3), THREADS_LIST ("1 2"), OUT (build/bench-lifted).
set -eu
cd "$(dirname "$0")/../.."
WEFT=${WEFT:-bin/weft}
N=${N:-2000000}
ROWS=${ROWS:-200}
RUNS=${RUNS:-3}
ROUNDS=${ROUNDS:-3}
THREADS_LIST=${THREADS_LIST:-1 2}
OUT=${OUT:-build/bench-lifted}
HUGE=1000000000000
mkdir -p "$OUT/bin"
case $OUT in /*) abs=$OUT ;; *) abs=$PWD/$OUT ;; esac
make -s -C bench/irregular OUT="$abs/bin" > /dev/null
"$WEFT" c -o "$OUT/lc" bench/irregular/lifted.fut
"$WEFT" multicore -o "$OUT/lm" bench/irregular/lifted.fut
"$OUT/bin/gen" i32 "$N" 1 > "$OUT/one.in"
{ printf '%si64 ' "$ROWS"; cat "$OUT/one.in"; } > "$OUT/rows.in"

# param ENTRY: the name of the threshold that chooses ENTRY's lifted version
param() { "$OUT/lm" --print-params | sed -n "s/^\\($1\\.suff_outer_par_[0-9]*\\)=.*/\\1/p"; }

# inner: --param settings putting every threshold inside the lifted function at 0
inner() { "$OUT/lm" --print-params | sed -n 's/^\(.*_lifted\.suff_outer_par_[0-9]*\)=.*/--param \1=0/p' | tr '\n' ' '; }

# variants ENTRY: "LABEL|COMMAND ARGUMENTS" lines
variants() {
    p=$(param "$1")
    echo "c|$OUT/lc -e $1"
    for t in $THREADS_LIST; do
        echo "mc$t-orig|$OUT/lm -e $1 --num-threads $t --param $p=0"
        echo "mc$t-lifted|$OUT/lm -e $1 --num-threads $t --param $p=$HUGE"
        echo "mc$t-lift-out|$OUT/lm -e $1 --num-threads $t --param $p=$HUGE $(inner)"
        echo "mc$t-dflt|$OUT/lm -e $1 --num-threads $t"
    done
}

T=$OUT/tmp
rm -rf "$T"
mkdir -p "$T"
status=0
for ds in one rows; do
    entry=sort_$ds
    variants "$entry" > "$T/variants"
    round=1
    while [ "$round" -le "$ROUNDS" ]; do
        while IFS='|' read -r label cmd; do
            # shellcheck disable=SC2086
            if ! $cmd -b -r "$RUNS" -t "$T/t" < "$OUT/$ds.in" > "$T/out.$label" 2> "$T/err"; then
                echo "$ds $label: FAILED: $(head -c 300 "$T/err")" >&2
                status=1
                continue
            fi
            cat "$T/t" >> "$T/all.$ds.$label"
            if [ "$label" != c ] && ! cmp -s "$T/out.$label" "$T/out.c"; then
                echo "$ds $label: WRONG (differs from weft c)" >&2
                status=1
            fi
        done < "$T/variants"
        round=$((round + 1))
    done
done

# med FILE: "median (low-high)" in ms of the microsecond lines of FILE
med() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.0f (%.0f-%.0f)", v[int((NR + 1) / 2)] / 1000, v[1] / 1000, v[NR] / 1000 }'; }

{
    echo "lifted.sh: qsort of N=$N random i32; one = one call, rows = $ROWS rows of N/$ROWS; $ROUNDS rounds x $RUNS runs; ms: median (min-max)"
    echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '%-12s %-26s %-26s\n' variant one rows
    for label in $(cut -d'|' -f1 "$T/variants"); do
        a=-; b=-
        [ ! -s "$T/all.one.$label" ] || a=$(med "$T/all.one.$label")
        [ ! -s "$T/all.rows.$label" ] || b=$(med "$T/all.rows.$label")
        printf '%-12s %-26s %-26s\n' "$label" "$a" "$b"
    done
} | tee "$OUT/lifted.txt"
exit $status
