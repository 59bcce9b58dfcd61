#!/bin/sh
# demo.sh — `make demo`: price FinPar's OptionPricing with weft.
# Compiles examples/finpar/optionpricing.fut with the multicore backend (C + OpenMP) and prices
# FinPar's small dataset (European call, 2^23 Monte Carlo iterations); prints weft's price,
# FinPar's reference price, and the time of the pricing (the entry call, without I/O, as the
# executable's -t reports it) and of the whole run.
# BACKEND=c uses the sequential backend; THREADS=N sets the threads (default: all cores).
# The CPU backends run the program's entry point main_batched, cuda its main (the program's
# header says why).
set -e
WEFT=${WEFT:-bin/weft}
BACKEND=${BACKEND:-multicore}
OUT=${BUILD:-build}/demo
DATA=data/finpar/OptionPricing-small
mkdir -p "$OUT"
if [ ! -f "$DATA.in" ]; then
    echo "demo: $DATA.in is missing (the FinPar datasets live in data/finpar)" >&2
    exit 1
fi
echo "OptionPricing, FinPar small dataset (European call, 2^23 Monte Carlo iterations)"
echo "  compiling with weft $BACKEND ..."
"$WEFT" "$BACKEND" examples/finpar/optionpricing.fut -o "$OUT/optionpricing"
set -- -e main_batched
[ "$BACKEND" != cuda ] || set -- -e main
if [ -n "${THREADS:-}" ]; then set -- "$@" --num-threads "$THREADS"; fi
start=$(date +%s.%N)
price=$("$OUT/optionpricing" "$@" -t "$OUT/time" < "$DATA.in")
end=$(date +%s.%N)
echo "  weft price:       $price"
ref=data/finpar/orig/OptionPricing-Small.output.data
echo "  FinPar reference: $(sed -e 's/[][]//g' -e 's|//.*||' "$ref" | tr -d ' \n')  ($ref)"
echo "  pricing time:     $(awk '{ printf "%.3f", $1 / 1e6 }' "$OUT/time") s (entry call, $BACKEND backend)"
echo "  whole run:        $(awk "BEGIN { printf \"%.3f\", $end - $start }") s (including reading the input)"
