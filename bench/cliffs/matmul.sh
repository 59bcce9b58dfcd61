#!/bin/sh
# matmul.sh — matrix multiplication as maps of dot products (issue 24, item 3;
# bench/cliffs/matmul.fut) against the hand-written tiled C of bench/baselines/matmul.c, built
# with weft's own C flags (cc -O3 -march=native -ffp-contract=off).  N x N by N x N, f32 and f64:
# the baseline, weft c, and weft multicore at 1 and 2 threads.  The machine may be shared, so
# the four are interleaved: ROUNDS rounds, each running every variant once for RUNS timed runs
# (the executables' -r/-t: the product alone, inputs excluded); a variant's time is the median
# of its rounds' medians.  Checks each result's sum against the baseline's (exact: small
# integers) and exits 1 when one is wrong or a weft variant (c, multicore at 1 or 2 threads) is
# more than GOAL times the baseline.
# Settings (environment): WEFT=bin/weft  N=512  RUNS=5  ROUNDS=3  GOAL=1.5  PRECS="f32 f64"
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
N=${N:-512}
RUNS=${RUNS:-5}
ROUNDS=${ROUNDS:-3}
GOAL=${GOAL:-1.5}
PRECS=${PRECS:-f32 f64}
T=$(mktemp -d "${TMPDIR:-/tmp}/weft-matmul-XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cc -std=c11 -O3 -march=native -ffp-contract=off -o "$T/base" bench/baselines/matmul.c || exit 1
"$WEFT" c -o "$T/weft-c" bench/cliffs/matmul.fut || exit 1
"$WEFT" multicore -o "$T/weft-mc" bench/cliffs/matmul.fut || exit 1
median() { sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
# sum_of FILE: the sum of the numbers of a printed weft array
sum_of() { sed 's/f[36][24]//g' "$1" | tr -c '0-9.\n-' ' ' | awk '{ for (i = 1; i <= NF; i++) s += $i } END { printf "%.0f\n", s }'; }
# run VARIANT PREC: one process of RUNS timed runs; appends its median (µs) to T/VARIANT-PREC
run() {
    case $1 in
    base) "$T/base" -n "$N" -p "$2" -r "$RUNS" -t "$T/times" > "$T/out" ;;
    c) "$T/weft-c" -e "$2" -r "$RUNS" -t "$T/times" < "$T/in-$2" > "$T/out" ;;
    mc1) "$T/weft-mc" -e "$2" -r "$RUNS" -t "$T/times" --num-threads 1 < "$T/in-$2" > "$T/out" ;;
    mc2) "$T/weft-mc" -e "$2" -r "$RUNS" -t "$T/times" --num-threads 2 < "$T/in-$2" > "$T/out" ;;
    esac || { echo "$1 $2: failed"; status=1; return; }
    median < "$T/times" >> "$T/$1-$2"
    if [ "$1" = base ]; then cp "$T/out" "$T/want-$2"; else sum_of "$T/out" > "$T/got"; fi
    [ "$1" = base ] || cmp -s "$T/got" "$T/want-$2" || { echo "$1 $2: WRONG (sum $(cat "$T/got"), want $(cat "$T/want-$2"))"; status=1; }
}
status=0
for p in $PRECS; do
    "$T/base" -n "$N" -p "$p" --dump > "$T/in-$p" || exit 1
    for r in $(seq "$ROUNDS"); do
        for v in base c mc1 mc2; do run $v "$p"; done
    done
    base=$(median < "$T/base-$p")
    for v in base c mc1 mc2; do
        ms=$(median < "$T/$v-$p")
        printf 'matmul %s n=%s  %-20s %8.1f ms  %5.2fx the baseline\n' "$p" "$N" \
            "$(case $v in base) echo 'C tiled' ;; c) echo 'weft c' ;; mc1) echo 'weft multicore -t1' ;; mc2) echo 'weft multicore -t2' ;; esac)" \
            "$(echo "$ms" | awk '{ print $1 / 1000 }')" "$(awk -v a="$ms" -v b="$base" 'BEGIN { print a / b }')"
        if [ "$v" != base ] && ! awk -v a="$ms" -v b="$base" -v g="$GOAL" 'BEGIN { exit !(a <= g * b) }'; then
            echo "matmul $p: $v is over $GOAL times the baseline"
            status=1
        fi
    done
done
exit $status
