#!/bin/sh
# demo.sh — `make demo`: price FinPar's OptionPricing with weft.
# Today weft runs programs in its reference interpreter, so the demo prices the small dataset with
# its Monte Carlo iterations cut to 2^12 (examples/finpar/data/); it prints weft's price, the
# price the hand-written C baseline computes for the same reduced dataset, FinPar's reference for
# the full dataset (2^23 iterations), and the time.
set -e
WEFT=${WEFT:-bin/weft}
data=examples/finpar/data/optionpricing-small-4096
echo "OptionPricing, FinPar small dataset (European call), 4096 Monte Carlo iterations"
start=$(date +%s.%N)
price=$($WEFT run examples/finpar/optionpricing.fut < $data.in)
end=$(date +%s.%N)
echo "  weft (interpreter):            $price"
echo "  C baseline, same iterations:   $(cat $data.out)"
echo "  FinPar reference (2^23 iter.): 167.05571416613"
echo "  time: $(echo "$end - $start" | bc -l 2>/dev/null || awk "BEGIN{print $end - $start}") s"
