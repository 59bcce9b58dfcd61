#!/bin/sh
# regions.sh — what parallel regions cost (issue 24 item 2, docs/PERFORMANCE.md "Parallel regions
# at 1 and 2 threads"): every example program's datasets of its -- == blocks that `make check`
# runs (not those tagged compiled) and a larger quicksort (200000 values), built by each weft given, timed at
# 1 and 2 threads, on a quiet machine and beside one busy neighbour (`yes` on the second CPU).
#
#   sh bench/regions.sh WEFT...      (e.g. bin/weft, or a build of an older commit beside it)
#
# Prints one tab-separated line per measurement:
#   weft  variant  load(quiet|busy)  program  entry  dataset  median_us(1 thread)  median_us(2 threads)  2/1
#   [the machine before it: QUIET_WAIT]
# Settings (environment): RUNS (default 7: timed runs after one warm-up; the median is quoted),
# CPUS (default 0,1: the two CPUs every executable is pinned to with taskset, when there is one;
# the busy neighbour runs on the second), LOADS (default "quiet busy"), OUT (default a temporary
# directory: executables and generated inputs), VARIANTS (default "runtime": as built, with the
# runtime's own wait policy, the environment's OMP_WAIT_POLICY, GOMP_SPINCOUNT and KMP_BLOCKTIME
# unset; each other word is measured in turn too: an option of the executables (--NAME=VALUE,
# e.g. --param=multicore.suff_region_work=0) or a setting of the environment (NAME=VALUE, e.g.
# GOMP_SPINCOUNT=10000); a variant an executable rejects is left out of its lines), QUIET_WAIT
# (default 0: seconds each measurement waits at most for a quiet moment, the CPUs 90 % idle over
# half a second apart from the busy neighbour, on a machine shared with others; the last column
# then says how long it waited and whether it found one), CASES_MATCHING (default all: only the cases whose line matches this extended regular
# expression).
set -eu
RUNS=${RUNS:-7}
VARIANTS=${VARIANTS:-runtime}
CASES_MATCHING=${CASES_MATCHING:-}
QUIET_WAIT=${QUIET_WAIT:-0}
CPUS=${CPUS:-0,1}
LOADS=${LOADS:-quiet busy}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/weft-regions-XXXXXX")}
mkdir -p "$OUT"
unset OMP_WAIT_POLICY GOMP_SPINCOUNT KMP_BLOCKTIME OMP_NUM_THREADS
PIN=
if command -v taskset > /dev/null 2>&1; then PIN="taskset -c $CPUS"; fi
SECOND=${CPUS#*,}

# The cases: program, entry, dataset (relative to the program's folder, or in $OUT)
CASES="examples/flatten/quicksort.fut main data/quicksort-5000.in
examples/flatten/quicksort.fut main data/quicksort-gen20000.in
examples/flatten/quicksort.fut main @qs200000.in
examples/flatten/quickhull.fut main data/quickhull-4000.in
examples/flatten/quickhull.fut main data/quickhull-disc5000.in
examples/flatten/primes.fut main data/primes-40000.in
examples/flatten/primes.fut main data/primes-100003.in
examples/flatten/csr_spmv.fut main data/csr_spmv-600x500.in
examples/flatten/csr_spmv.fut main data/csr_spmv-powerlaw8000.in
examples/flatten/rank_search.fut main data/rank_search-m400.in
examples/flatten/rank_search.fut main data/rank_search-powerlaw10000.in
examples/flatten/sparse_dense.fut main data/sparse_dense-200x300x8.in
examples/finpar/optionpricing.fut main data/optionpricing-small-4096.in
examples/finpar/optionpricing.fut main data/optionpricing-medium-4096.in
examples/finpar/optionpricing.fut main data/optionpricing-large-64.in
examples/finpar/locvolcalib.fut main data/locvolcalib-small-o8-y64-t6.in
examples/finpar/locvolcalib.fut main data/locvolcalib-medium-o3-t4.in
examples/finpar/locvolcalib.fut main data/locvolcalib-large-o2-x128-y128-t4.in
examples/finpar/interestcalib.fut main data/interestcalib-small-s14-g6-i3.in
examples/finpar/interestcalib.fut main data/interestcalib-medium-s14-g8-i12.in
examples/hullwhite/hullwhite.fut main data/ref108.in
examples/hullwhite/hullwhite.fut main data/mixed16.in"

for n in 200000; do
    awk -v n=$n 'BEGIN { srand(7); printf "["; for (i = 0; i < n; i++) printf "%s%di32", i ? ", " : "", int(rand() * 2000000000) - 1000000000; print "]" }' > "$OUT/qs$n.in"
done

CASES=$(echo "$CASES" | grep -E -- "$CASES_MATCHING")

# cpu_busy: the CPUs' busy share over half a second, in % of one CPU ("user nice system" of /proc/stat)
cpu_busy() {
    a=$(awk '/^cpu / { print $2 + $3 + $4 }' /proc/stat)
    sleep 0.5
    b=$(awk '/^cpu / { print $2 + $3 + $4 }' /proc/stat)
    echo $(((b - a) * 2)) # clock ticks of 10 ms over 0.5 s
}
# quiet LOAD: wait up to QUIET_WAIT seconds until the CPUs are quiet (beside the busy neighbour:
# one CPU's worth of it allowed); prints "quiet after Ns" or "busy (N %)"
quiet() {
    [ "$QUIET_WAIT" -gt 0 ] || return 0
    allowed=10
    [ "$1" = busy ] && allowed=110
    waited=0
    while :; do
        b=$(cpu_busy)
        [ "$b" -le "$allowed" ] && { echo "quiet after ${waited}s"; return; }
        [ "$waited" -ge "$QUIET_WAIT" ] && { echo "busy ($b %)"; return; }
        waited=$((waited + 1))
        sleep 0.5
    done
}

# median EXE INPUT ENTRY THREADS VARIANT: the median of RUNS timed runs, in microseconds
median() {
    setting= option=
    case $5 in runtime) ;; --*) option=$5 ;; *) setting=$5 ;; esac
    env $setting $PIN "$1" -e "$3" --num-threads "$4" $option -n -r "$RUNS" -t "$OUT/times" < "$2" > /dev/null 2>&1 ||
        { echo -; return; }
    sort -n "$OUT/times" | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

k=0
for weft in "$@"; do # the executables, built side by side
    k=$((k + 1))
    for prog in $(echo "$CASES" | awk '{ print $1 }' | uniq); do
        exe=$OUT/w$k-$(basename "$prog" .fut)
        "$weft" multicore "$prog" -o "$exe" > "$exe.log" 2>&1 || { cat "$exe.log"; exit 1; } &
    done
done
wait
# busy_start LOAD / busy_stop: one busy neighbour (`yes`) on the second CPU while LOAD is busy
busy=
busy_start() {
    [ "$1" = busy ] || return 0
    if [ -n "$PIN" ]; then taskset -c "$SECOND" yes > /dev/null & else yes > /dev/null & fi
    busy=$!
    sleep 0.2
}
busy_stop() {
    [ -n "$busy" ] || return 0
    kill "$busy"
    wait "$busy" 2> /dev/null || true
    busy=
}
trap busy_stop EXIT
echo "$CASES" | while read -r prog entry data; do
    case $data in @*) input=$OUT/${data#@} ;; *) input=$(dirname "$prog")/$data ;; esac
    for load in $LOADS; do
        busy_start "$load"
        k=0
        for weft in "$@"; do
            k=$((k + 1))
            exe=$OUT/w$k-$(basename "$prog" .fut)
            for variant in $VARIANTS; do
                q=$(quiet "$load")
                t1=$(median "$exe" "$input" "$entry" 1 "$variant")
                t2=$(median "$exe" "$input" "$entry" 2 "$variant")
                [ "$t1" != - ] && [ "$t2" != - ] || continue # a variant this build does not take
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$weft" "$variant" "$load" "$(basename "$prog")" "$entry" \
                    "$(basename "$data")" "$t1" "$t2" "$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.2f", b / a }')" "$q"
            done
        done
        busy_stop
    done
done
