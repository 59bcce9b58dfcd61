#!/bin/sh
# check_quantlib.sh — `make check-quantlib`: weft's Hull-White pricer (examples/hullwhite) against
# QuantLib (bench/hullwhite/ql_check.cpp, linked with Debian's libquantlib0-dev): the spec's
# reference cases priced by QuantLib (ql_check --ref), then generated portfolios
# (bench/hullwhite/gen.c: random, skewed 5 %, fine grid, small; fixed seeds) priced by weft
# multicore and by QuantLib's lattices, compared instrument by instrument: weft against the
# spec's tree on QuantLib's lattice within 1e-6, that lattice with QuantLib's branching against
# HullWhite::tree within 1e-12 (ql_check.cpp).  Prints "N passed, N failed"; exit 1 on any
# failure; skips cleanly without QuantLib.  Settings: WEFT (bin/weft), OUT (build/hullwhite).
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
OUT=${OUT:-build/hullwhite}
mkdir -p "$OUT"
if ! echo '#include <ql/quantlib.hpp>' | g++ -std=c++17 -fsyntax-only -x c++ - > /dev/null 2>&1; then
    echo "check_quantlib: skipped: QuantLib not installed (apt-get install libquantlib0-dev)"
    echo "0 passed, 0 failed"
    exit 0
fi
passed=0 failed=0
count() { # count LOG: add its "N passed, N failed" line, or one failure
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
    passed=$((passed + ${line%% passed*}))
    f=${line#*passed, }; failed=$((failed + ${f%% failed*}))
}
if ! g++ -O2 -std=c++17 -o "$OUT/ql_check" bench/hullwhite/ql_check.cpp -lQuantLib > "$OUT/build.log" 2>&1 ||
   ! cc -O2 -std=c11 -o "$OUT/gen" bench/hullwhite/gen.c -lm >> "$OUT/build.log" 2>&1 ||
   ! "$WEFT" multicore examples/hullwhite/hullwhite.fut -o "$OUT/hullwhite" >> "$OUT/build.log" 2>&1; then
    cat "$OUT/build.log"
    echo "0 passed, 1 failed"
    exit 1
fi
export OMP_NUM_THREADS=1
"$OUT/ql_check" --ref > "$OUT/ref.log" 2>&1
cat "$OUT/ref.log"; count "$OUT/ref.log"
# the portfolios side by side (QuantLib's lattices are one thread each), their results in order
PORTFOLIOS="random:300:7 skewed5:200:11 finegrid:60:13 small:300:23"
for p in $PORTFOLIOS; do
    kind=${p%%:*} rest=${p#*:}
    n=${rest%%:*} seed=${rest#*:}
    (
        "$OUT/gen" "$kind" "$n" "$seed" > "$OUT/$kind.in"
        if ! OMP_NUM_THREADS=2 "$OUT/hullwhite" < "$OUT/$kind.in" > "$OUT/$kind.weft" 2> "$OUT/$kind.err"; then
            { echo "FAIL $kind: weft's pricer failed"; cat "$OUT/$kind.err"; echo "0 passed, 1 failed"; } > "$OUT/$kind.log"
            exit
        fi
        "$OUT/ql_check" "$OUT/$kind.in" "$OUT/$kind.weft" > "$OUT/$kind.log" 2>&1
    ) &
done
wait
for p in $PORTFOLIOS; do
    kind=${p%%:*}
    grep -v '^[0-9]* passed' "$OUT/$kind.log"; count "$OUT/$kind.log"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
