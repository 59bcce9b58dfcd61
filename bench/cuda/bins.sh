#!/bin/sh
# bins.sh — seed 000's two-level version on the GPU (src/flatten/bins.c): Hull-White portfolios
# (bench/hullwhite/gen.c) priced by examples/hullwhite/hullwhite.fut with weft cuda, the binned
# version (several instruments per thread block) against the outer one (one thread per
# instrument), forced by the map's threshold, in one run; every binned price checked against
# the outer version's (relative 1e-9).  Prints a table: shape, n, both medians (ms, -t of the
# entry call over RUNS runs), their ratio, and the default choice's time.
# With THREADS=N also weft multicore at N threads on the same portfolios (its prices checked
# too) and the default version's speed-up over it.  Nodes per second: tree width times steps
# summed over the portfolio (as bench/hullwhite/bench.sh), over the default version's time.
# Writes OUT/bins.json (docs/BENCH.md's format: one benchmark per size, a dataset per shape, the
# outer version as baseline) and its charts in OUT/charts (bench/chart.c).
# With FLAT=1 also the map's third version, flattened by seed 004's rules (both thresholds
# forced), its prices checked too.
# Settings: SHAPES (uniform random skewed1 skewed5 finegrid), SIZES (10000), RUNS (5),
# THREADS (none), FLAT (none), WEFT (bin/weft), OUT (build/bins-bench).  Needs a GPU (the device tool).
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
SHAPES=${SHAPES:-uniform random skewed1 skewed5 finegrid}
SIZES=${SIZES:-10000}
RUNS=${RUNS:-5}
THREADS=${THREADS:-}
OUT=${OUT:-build/bins-bench}
mkdir -p "$OUT"
nvidia-smi -L
cc -O2 -std=c11 -o "$OUT/gen" bench/hullwhite/gen.c -lm || exit 2
"$WEFT" cuda examples/hullwhite/hullwhite.fut -o "$OUT/hw" > /dev/null || exit 2
[ -z "$THREADS" ] || "$WEFT" multicore examples/hullwhite/hullwhite.fut -o "$OUT/hw-mc" > /dev/null || exit 2
# the thresholds that guard the binned map's outer version: the two flatten.c makes just
# before the binned map's own (suff_bins_par), the work's balance then n, all at the head of
# the version choice; the outer version is forced with both at 0, the bins with n's out of reach
plan=$("$WEFT" dev --print=seg --target=cuda examples/hullwhite/hullwhite.fut | grep '^threshold "')
param=$(echo "$plan" | awk '/suff_bins_par/ { print prev; exit } { prev = $0 }' | sed 's/^threshold "\([^"]*\)".*/\1/')
bparam=$(echo "$plan" | awk '/suff_bins_par/ { print prev2; exit } { prev2 = prev; prev = $0 }' | sed 's/^threshold "\([^"]*\)".*/\1/')
# and the one that chooses between the binned map and its flattened version (seed 004's rules)
fparam=$("$WEFT" dev --print=seg --target=cuda examples/hullwhite/hullwhite.fut |
    awk '/^threshold "[^"]*suff_bins_par/ { sub(/^threshold "/, ""); sub(/".*/, ""); print; exit }')
echo "thresholds: $bparam and $param (outer), $fparam (bins)"
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# time VARIANT ARGS...: the median entry time in ms, results in $OUT/VARIANT.out
exe=hw
time_it() {
    v=$1
    shift
    "$OUT/$exe" "$@" -r "$RUNS" -t "$OUT/$v.t" < "$in" > "$OUT/$v.out" 2> "$OUT/$v.err" || { echo "FAIL $v: $(head -c 300 "$OUT/$v.err")" >&2; echo "-"; return; }
    median < "$OUT/$v.t" | awk '{ printf "%.2f", $1 / 1000 }'
}
# nodes FILE: tree width times steps, summed (jmax as in the spec and examples/hullwhite); the
# lines are split into one value a line first (a gsub over a line of 10^5 values is quadratic in mawk)
nodes() {
    for k in 3 4 5; do sed -n "${k}p" "$1" | tr -d '[] ' | tr ',' '\n' | sed 's/[if][0-9]*$//' > "$OUT/nodes.$k"; done
    paste -d ' ' "$OUT/nodes.3" "$OUT/nodes.4" "$OUT/nodes.5" |
        awk '{ spy = $1; h = $2; a = $3; dt = 1 / spy; jm = int(0.184 / (1 - exp(-a * dt))) + 1; m = jm < h ? jm : h
               s += (2 * m + 1) * h } END { printf "%.3g", s }'
}
json=
jsep=
# add SIZE SHAPE VARIANT MS: one result of OUT/bins.json ("-": failed)
add() {
    us=$(echo "$4" | awk '{ if ($1 == "-") print 0; else printf "%.0f", $1 * 1000 }')
    ok=$([ "$4" = - ] && echo false || echo true)
    json="$json$jsep{\"dataset\": \"$2\", \"variant\": \"$3\", \"median_us\": $us, \"validated\": $ok}"
    jsep=", "
}
printf '%-9s %7s %10s %10s %10s %8s %10s %9s %10s %8s\n' shape n outer_ms bins_ms flat_ms speedup default_ms Mnodes/s cpu_ms gpu/cpu
bad=0
for shape in $SHAPES; do
    for n in $SIZES; do
        in="$OUT/$shape-$n.in"
        [ -s "$in" ] || "$OUT/gen" "$shape" "$n" > "$in"
        top=$(time_it top --param $param=0 --param $bparam=0)
        bin=$(time_it bins --param $param=1000000000000)
        flat=-
        [ -z "${FLAT:-}" ] || flat=$(time_it flat --param $param=1000000000000 --param $fparam=1000000000000)
        def=$(time_it default)
        cpu=-
        if [ -n "$THREADS" ]; then
            exe=hw-mc
            cpu=$(time_it cpu --num-threads "$THREADS")
            exe=hw
            awk -v abs=0 -v rel=1e-9 -f bench/baselines/compare.awk "$OUT/cpu.out" "$OUT/top.out" > "$OUT/cmp" 2>&1 ||
                { echo "FAIL $shape $n: multicore prices differ: $(cat "$OUT/cmp")"; bad=$((bad + 1)); }
        fi
        for v in bins default; do
            if ! awk -v abs=0 -v rel=1e-9 -f bench/baselines/compare.awk "$OUT/$v.out" "$OUT/top.out" > "$OUT/cmp" 2>&1; then
                echo "FAIL $shape $n: the $v version's prices differ from the outer version's: $(cat "$OUT/cmp")"
                bad=$((bad + 1))
            fi
        done
        add "$n" "$shape" outer "$top"
        add "$n" "$shape" bins "$bin"
        add "$n" "$shape" default "$def"
        [ -z "$THREADS" ] || add "$n" "$shape" "multicore-$THREADS" "$cpu"
        if [ -n "${FLAT:-}" ] && [ "$flat" != - ] &&
            ! awk -v abs=0 -v rel=1e-9 -f bench/baselines/compare.awk "$OUT/flat.out" "$OUT/top.out" > "$OUT/cmp" 2>&1; then
            echo "FAIL $shape $n: flattened prices differ from the outer version's: $(cat "$OUT/cmp")"
            bad=$((bad + 1))
        fi
        [ -z "${FLAT:-}" ] || add "$n" "$shape" flattened "$flat"
        printf '%-9s %7s %10s %10s %10s %8s %10s %9s %10s %8s\n' "$shape" "$n" "$top" "$bin" "$flat" \
            "$(echo "$top $bin" | awk '{ if ($2 == "-" || $1 == "-") print "-"; else printf "%.2fx", $1 / $2 }')" "$def" \
            "$(echo "$(nodes "$in") $def" | awk '{ if ($2 == "-") print "-"; else printf "%.0f", $1 / $2 / 1000 }')" "$cpu" \
            "$(echo "$cpu $def" | awk '{ if ($1 == "-" || $2 == "-") print "-"; else printf "%.1fx", $1 / $2 }')"
    done
    benches="${benches:-}${benches:+, }{\"name\": \"hullwhite-bins-n$n\", \"baseline\": \"outer\", \"results\": [$json]}"
    json=
    jsep=
done
printf '{"benchmarks": [%s]}\n' "$benches" > "$OUT/bins.json"
cc -std=c11 -O2 -o "$OUT/chart" bench/chart.c -lm && "$OUT/chart" "$OUT/bins.json" "$OUT/charts" && echo "charts: $OUT/charts/index.html"
echo "bins: $bad failed"
[ "$bad" = 0 ]
