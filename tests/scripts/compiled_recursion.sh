#!/bin/sh
# compiled_recursion.sh — the compiled backends inline every call, so a recursive function is
# reported, at the recursive call, as not yet supported there (not a crash of the internaliser,
# which recursed without end): tests/language/recursion.fut on c, multicore and cuda.  The
# interpreter runs the same program (its -- == block).
. "$(dirname "$0")/lib.sh"
prog=tests/language/recursion.fut
for be in c multicore cuda; do
    if "$WEFT" $be --no-cc "$prog" -o "$T/rec" > "$T/out" 2>&1; then
        fail "weft $be accepted a recursive program"
        continue
    fi
    check "weft $be: $(head -n 1 "$T/out")" \
        grep -q "recursion.fut:[0-9]*:[0-9]*: error: recursion ('[a-z_]*' calls itself.*) is not yet supported on compiled backends" "$T/out"
done
summary
