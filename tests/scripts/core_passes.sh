#!/bin/sh
# core_passes.sh — the optimiser (src/opt/passes.c) on every program core_roundtrip.sh handles:
#  1. `weft dev --print=core-opt` verifies the core IR after every pass; the printed result must
#     parse back, verify and print identically (`--print=core-parse`);
#  2. for programs whose first test block has an inline `-- input { ... }` (on its entry
#     point: dev -e tells the evaluator which): the core evaluator (src/core/eval.c) on the
#     optimised program (`--print=opt --run`) must print what the interpreter (`weft run`)
#     prints; on a difference the unoptimised core (`--print=core --run`) is shown too.  Inner sizes of empty arrays are not compared (the
#     evaluator does not keep them).
# A whole-corpus pass: `make check-full` runs it, not `make check` (tests/run.sh).
. "$(dirname "$0")/lib.sh"
TMP=$T

norm() { sed -E 's/empty\(\[0\](\[[0-9]+\])*/empty([0]/g' "$1"; }

# Programs whose core form means something else than the source (not the optimiser's doing):
KNOWN_DIFFERENT="
"

ran=0
known=0
for f in $(find tests examples -name '*.fut' -not -path 'tests/errors/*' | sort); do
    if "$WEFT" dev --print=core-opt "$f" > "$TMP/a.core" 2> "$TMP/err" &&
        "$WEFT" dev --print=core-parse "$TMP/a.core" > "$TMP/b.core" 2>> "$TMP/err" &&
        cmp -s "$TMP/a.core" "$TMP/b.core"; then
        pass
    elif ! "$WEFT" dev --print=core "$f" > /dev/null 2>&1; then
        continue # not a program the internaliser handles (core_roundtrip.sh)
    else
        fail "$f: $(head -c 300 "$TMP/err" | head -n 3)"
        continue
    fi
    # the first test block's first inline input (and its entry point, if it names one)
    awk '/^-- ==/ { blocks++ } blocks == 1 && /^-- entry:/ { print $3 > "/dev/stderr" }
         blocks == 1 && !on && /^-- input \{/ { on = 1; sub(/^-- input \{/, "") }
         on { line = $0; sub(/^--/, "", line); if (line ~ /\}/) { sub(/\}.*$/, "", line); print line; exit } print line }' \
        "$f" > "$TMP/in" 2> "$TMP/entry"
    entry=$(head -n 1 "$TMP/entry")
    [ -s "$TMP/in" ] || continue
    "$WEFT" run "$f" ${entry:+-e "$entry"} < "$TMP/in" > "$TMP/want" 2> /dev/null || continue
    ran=$((ran + 1))
    if "$WEFT" dev --print=opt --run ${entry:+-e "$entry"} "$f" < "$TMP/in" > "$TMP/got" 2> "$TMP/err" &&
        [ "$(norm "$TMP/got")" = "$(norm "$TMP/want")" ]; then
        pass
    elif echo "$KNOWN_DIFFERENT" | grep -qx "$f"; then
        known=$((known + 1))
    else
        # before optimisation too? (then the evaluator or the internaliser is to blame)
        "$WEFT" dev --print=core --run ${entry:+-e "$entry"} "$f" < "$TMP/in" > "$TMP/got0" 2>&1
        fail "$f: optimised core evaluates differently from weft run: $(head -c 200 "$TMP/err")"
        echo "  weft run:        $(head -c 200 "$TMP/want")"
        echo "  core, optimised: $(head -c 200 "$TMP/got")"
        echo "  core:            $(head -c 200 "$TMP/got0")"
    fi
done
echo "core passes: $ran programs run on the core evaluator after optimisation, $known known different"
summary
