#!/bin/sh
# run.sh — the fuzz smoke run of `make check`: FUZZ_COUNT mutants (default 2000) of the test
# corpus through `weft check` and `weft run`; fails on any crash.  FUZZ_SEED picks the mutants.
# Ends with fuzz.c's "fuzz: N passed, M failed" (one check per mutant).
set -e
WEFT=${WEFT:-bin/weft}
CC=${CC:-cc}
mkdir -p build
$CC -std=c11 -O2 -Wall -Wextra -Werror -o build/fuzz tests/fuzz/fuzz.c
files=$(find tests examples -name '*.fut' ! -path 'tests/fuzz/*' | sort)
exec build/fuzz "$WEFT" "${FUZZ_SEED:-1}" "${FUZZ_COUNT:-2000}" $files
