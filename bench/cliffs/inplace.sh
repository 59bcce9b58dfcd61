#!/bin/sh
# inplace.sh — in-place updates under ifs inside loops (issue 24, item 1; bench/cliffs/inplace.fut)
# compiled by `weft c`: the issue's loop (goal: under 50 ms at n = 10^6; it was quadratic, 3.19 s
# at n = 160000), a guarded histogram and a Lomuto quicksort, each at n = N.  Prints the median
# of RUNS timed runs (the executable's -r/-t: the entry call alone) in ms per program, checks
# each result (toggle: the sum of the odd numbers below N, (N/2)^2 for even N; quicksort: sorted),
# and exits 1 when a result is wrong or the loop misses its goal.
# Settings (environment): WEFT=bin/weft  N=1000000 (even)  RUNS=5  GOAL_MS=50
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
N=${N:-1000000}
RUNS=${RUNS:-5}
GOAL_MS=${GOAL_MS:-50}
T=$(mktemp -d "${TMPDIR:-/tmp}/weft-inplace-XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
"$WEFT" c -o "$T/inplace" bench/cliffs/inplace.fut || exit 1
status=0
median_ms() { sort -n "$1" | awk '{ t[NR] = $1 } END { printf "%.1f", t[int((NR + 1) / 2)] / 1000 }'; }
for entry in toggle histogram quicksort; do
    got=$(echo "$N" | "$T/inplace" -e "$entry" -r "$RUNS" -t "$T/times") || { echo "$entry: failed"; status=1; continue; }
    ms=$(median_ms "$T/times")
    case $entry in
    toggle) want="$(((N / 2) * (N / 2)))i64" ;;
    quicksort) want=true ;;
    *) want=$got ;;
    esac
    verdict=ok
    [ "$got" = "$want" ] || { verdict="WRONG (got $got, want $want)"; status=1; }
    if [ "$entry" = toggle ] && ! awk -v t="$ms" -v g="$GOAL_MS" 'BEGIN { exit !(t < g) }'; then
        verdict="$verdict, over the goal of $GOAL_MS ms"
        status=1
    fi
    printf 'inplace %-10s n=%s  weft c  %8s ms  %s\n' "$entry" "$N" "$ms" "$verdict"
done
exit $status
