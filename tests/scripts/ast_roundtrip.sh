#!/bin/sh
# ast_roundtrip.sh — the AST printer's output must parse back to the same tree.
#
# For every tests/**/*.fut, examples/**/*.fut and prelude/*.fut that parses, print its AST
# (`weft dev --print=ast`), parse the printed text and print it again: the two prints
# must be identical (one check per file).  Files that do not parse (negative tests) are skipped.
# A whole-corpus pass: `make check-full` runs it, not `make check` (tests/run.sh).
. "$(dirname "$0")/lib.sh"

skipped=0
for f in $(find tests examples prelude -name '*.fut' 2>/dev/null | sort); do
    if ! "$WEFT" dev --print=ast "$f" >"$T/p1.fut" 2>/dev/null; then
        skipped=$((skipped + 1))
        continue
    fi
    if "$WEFT" dev --print=ast "$T/p1.fut" >"$T/p2.fut" 2>"$T/err" &&
        cmp -s "$T/p1.fut" "$T/p2.fut"; then
        pass
    else
        fail "$f"
        head -5 "$T/err"
        diff "$T/p1.fut" "$T/p2.fut" | head -10
    fi
done
echo "ast_roundtrip: $skipped files skipped (did not parse)"
summary
