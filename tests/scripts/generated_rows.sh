#!/bin/sh
# generated_rows.sh — a map whose rows are made directly by iota, replicate or a concatenation,
# of a per-element width (src/flatten/rows.c), gets a version flattened by elements: in
# `weft dev --print=seg` of tests/irregular/generated_rows.fut (which runs the program on every
# backend), each such entry has a segmap over the points of its rows (`< seg O`) beside the one
# row per thread, for the CPU and the GPU.  Before rows.c only a thread per row wrote them.
. "$(dirname "$0")/lib.sh"
PROG=tests/irregular/generated_rows.fut

for target in multicore cuda; do
    "$WEFT" dev --print=seg --target=$target "$PROG" > "$T/seg" 2>&1
    check "$target: dev --print=seg" [ -s "$T/seg" ]
    for e in iotas odd_rows reps pairs cats joins appended; do
        awk -v e="$e" '/^entry / { on = ($2 == e) } on' "$T/seg" > "$T/plan"
        check "$target: $e's rows are not written by elements" \
            grep -q 'segmap grid (gtid_[a-z0-9_]* < [a-z0-9_]*, gtid_[a-z0-9_]* < seg ' "$T/plan"
    done
done
summary
