#!/bin/sh
# ast_roundtrip.sh — the AST printer's output must parse back to the same tree.
#
# For every tests/**/*.fut, examples/**/*.fut and prelude/*.fut that parses, print its AST
# (`weft dev --print=ast`), parse the printed text and print it again: the two prints
# must be identical.  Files that do not parse (negative tests) are skipped.
# Usage: WEFT=path/to/weft sh tests/scripts/ast_roundtrip.sh   (default WEFT=bin/weft)
# Exit status 0 if everything round-trips, 1 otherwise (the failures are listed).

WEFT=${WEFT:-bin/weft}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/weft-roundtrip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

pass=0
fail=0
skip=0
failures=""
for f in $(find "$root/tests" "$root/examples" "$root/prelude" -name '*.fut' 2>/dev/null | sort); do
    if ! "$WEFT" dev --print=ast "$f" >"$tmp/p1.fut" 2>/dev/null; then
        skip=$((skip + 1))
        continue
    fi
    if "$WEFT" dev --print=ast "$tmp/p1.fut" >"$tmp/p2.fut" 2>"$tmp/err" &&
        cmp -s "$tmp/p1.fut" "$tmp/p2.fut"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        failures="$failures $f"
        echo "FAIL: $f" >&2
        head -5 "$tmp/err" >&2
        diff "$tmp/p1.fut" "$tmp/p2.fut" | head -10 >&2
    fi
done
echo "ast_roundtrip: $pass passed, $fail failed, $skip skipped (did not parse)"
[ "$fail" -eq 0 ]
