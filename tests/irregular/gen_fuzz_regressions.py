#!/usr/bin/env python3
"""Writes the `-- ==` blocks of tests/irregular/loop_over_hist.fut and concat_loop_reduce.fut,
two findings of the irregular fuzzer (tests/fuzz/irregular.sh) made regression tests.  The
expected outputs come from the plain Python models below, written from the programs' meaning,
not from weft.  Run it from the repository root after changing a model or a dataset:

    python3 tests/irregular/gen_fuzz_regressions.py
"""
import random
import re

I32 = 1 << 32


def wrap32(x):
    x %= I32
    return x - I32 if x >= 1 << 31 else x


def fut_i32s(xs):
    return "[" + ", ".join(f"{x}i32" for x in xs) + "]" if xs else "empty([0]i32)"


def fut_i64s(xs):
    return "[" + ", ".join(f"{x}i64" for x in xs) + "]" if xs else "empty([0]i64)"


def fut_rows32(rows, width):
    if not rows or width == 0:
        return f"empty([{len(rows)}][{width}]i32)"
    return "[" + ", ".join(fut_i32s(r) for r in rows) + "]"


def fut_jagged32(rows):
    if not rows:
        return "empty([0][0]i32)"
    return "[" + ", ".join(fut_i32s(r) for r in rows) + "]"


# loop_over_hist.fut: per row xs, a histogram of width k & 7 (bin v mod 8, 2 per value; bins
# out of range dropped), then length xs % 5 steps adding the step's index to every bin.
def loop_hist_row(xs, k):
    w = k & 7
    h = [0] * w
    for v in xs:
        b = v % 8  # i64 `%` rounds down, as Python's
        if 0 <= b < w:
            h[b] = wrap32(h[b] + 2)
    for i in range(len(xs) % 5):
        h = [wrap32(y + i) for y in h]
    return h


def loop_hist_sums(xss, k):
    return [wrap32(sum(loop_hist_row(xs, k))) for xs in xss]


def loop_hist_rows(xss, k):
    return [loop_hist_row(xs, k) for xs in xss]


# concat_loop_reduce.fut: per n, the sum of [0, 1, 2] and, for each i1 < n, the sum of the row
# [1, ..., i1] (iota i1 plus one, once).
def concat_loop(ns):
    return [wrap32(3 + sum(sum(y + 1 for y in range(i1)) for i1 in range(n))) for n in ns]


def jagged_input(rng, rows, longest, lo, hi):
    return [[rng.randint(lo, hi) for _ in range(rng.randint(0, longest))] for _ in range(rows)]


def block(entry, cases):
    out = ["-- ==", f"-- entry: {entry}"]
    for inp, res in cases:
        out.append(f"-- input {{ {inp} }}")
        out.append(f"-- output {{ {res} }}")
    return "\n".join(out) + "\n"


def rewrite(path, blocks):
    """Replaces each `-- ==` block (up to the next blank line) by the next of blocks."""
    text = open(path).read()
    parts = re.split(r"(?m)^-- ==\n(?:--.*\n)*", text)
    assert len(parts) == len(blocks) + 1, path
    out = parts[0]
    for b, rest in zip(blocks, parts[1:]):
        out += b + rest
    open(path, "w").write(out)


def main():
    rng = random.Random(1064)
    hist_data = [([[1, 2, 3], [4, 5]], 6), ([[1, 2, 3], [4, 5]], 0), ([], 5), ([[], [7], []], 7),
                 (jagged_input(rng, 23, 9, -20, 20), 13), (jagged_input(rng, 40, 30, -100, 100), 5)]
    sums, rows = [], []
    for xss, k in hist_data:
        inp = f"{fut_jagged32(xss)} {k}i32"
        sums.append((inp, fut_i32s(loop_hist_sums(xss, k))))
        if xss:  # the interpreter knows no inner size of an empty result (docs/ARCHITECTURE.md)
            rows.append((inp, fut_rows32(loop_hist_rows(xss, k), k & 7)))
    rewrite("tests/irregular/loop_over_hist.fut", [block("sums", sums), block("rows", rows)])
    ns_data = [[0, 1, 2, 3, 7], [], [0, 0], [rng.randint(0, 30) for _ in range(25)]]
    cat = [(fut_i64s(ns), fut_i32s(concat_loop(ns))) for ns in ns_data]
    rewrite("tests/irregular/concat_loop_reduce.fut", [block("main", cat)])


if __name__ == "__main__":
    main()
