#!/usr/bin/env python3
"""Writes the `-- ==` blocks of tests/irregular/hist_rows.fut, scatter_rows.fut, pairs_in_map.fut
and filter_two_soacs.fut: scatter and hist inside irregular maps, a regular map over irregular
work inside one, and two SOACs over a filtered row.  The expected outputs come from the plain Python models below, written from the
programs' meaning (Futhark's scatter and hist: writes and bins out of range dropped), not from
weft.  Run it from the repository root after changing a model or a dataset:

    python3 tests/irregular/gen_scatter.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_control import block, fut_f64s, fut_i32s, fut_i64s, fut_rows, skewed, wrap, write  # noqa: E402

I64_MIN = -(1 << 63)


def fut_i64(x):
    return f"{x}i64"


def fut_rows_of(rows, one, empty_inner, width):
    """Rows of a regular [n][width] result (empty([0][width]t) when there are none)."""
    return fut_rows(rows, one, empty_inner) if rows else f"empty([0][{width}]{empty_inner})"


def fut_pair_rows(rows, width=None):
    """Rows of pairs: the two components' arrays, as unzip gives them."""
    firsts = [[a for a, _ in r] for r in rows]
    seconds = [[b for _, b in r] for r in rows]
    if width is None:
        return fut_rows(firsts, fut_i64s, "i64") + " " + fut_rows(seconds, fut_i64s, "i64")
    return fut_rows_of(firsts, fut_i64s, "i64", width) + " " + fut_rows_of(seconds, fut_i64s, "i64", width)


def pair_block(inp, out, no_rows):
    """A case of a result of regular rows of pairs.  With no rows, the interpreter gives the
    pairs' parts the shape [0][0] (its known bug, examples/flatten/sparse_dense.fut): those cases
    are the compiled backends' only."""
    text = block(inp, out)
    return "-- compiled" + text[2:] if no_rows else text


# ------------------------------------------------------------------ hist_rows.fut

def hist(k, ne, op, bins, vals):
    out = [ne] * k
    for b, v in zip(bins, vals):
        if 0 <= b < k:
            out[b] = op(out[b], v)
    return out


def counts(k, ns):
    return [hist(k, 0, lambda a, b: a + b, [(j * 7 + n) % (k + 2) - 1 for j in range(n)],
                 [j % 5 + 1 for j in range(n)]) for n in ns]


def maxes(ns, ks):
    return [hist(k, I64_MIN, max, [(j * j) % (k + 1) for j in range(n)], [(j * 13) % 29 - n for j in range(n)])
            for n, k in zip(ns, ks)]


def sum_max(k, ns):
    def op(x, y):
        return (wrap(x[0] + y[0]), max(x[1], y[1]))
    return [hist(k, (0, I64_MIN), op, [(j * 5 + n) % (k + 1) for j in range(n)],
                 [(j, (j * 11 + n) % 17) for j in range(n)]) for n in ns]


def isums(ns, ks):
    return [hist(k, 0, lambda a, b: a + b, [(j * j + n) % (k + 1) for j in range(n)], [j % 7 for j in range(n)])
            for n, k in zip(ns, ks)]


def fsums(ns, ks):
    return [hist(k, 0.0, lambda a, b: a + b, [(j * 3 + n) % (k + 2) - 1 for j in range(n)],
                 [float(j % 5) for j in range(n)]) for n, k in zip(ns, ks)]


# ------------------------------------------------------------------ scatter_rows.fut

def scatter(dest, idxs, vals):
    """Futhark's scatter; an index written twice would leave the result unspecified (which
    write wins differs between backends), so the models never do it."""
    inside = [i for i in idxs if 0 <= i < len(dest)]
    assert len(set(inside)) == len(inside), "a scatter model writes an index twice"
    dest = list(dest)
    for i, v in zip(idxs, vals):
        if 0 <= i < len(dest):
            dest[i] = v
    return dest


def mirror(ns):
    return [scatter([0] * n, [n - 1 - 2 * j for j in range(n // 2 + 1)], [j + 1 for j in range(n // 2 + 1)])
            for n in ns]


def spread(m, ns):
    return [scatter([-1] * m, [j * 3 - 1 for j in range(n)], [j + n for j in range(n)]) for n in ns]


def tagged(ns):
    # 2j+1 modulo an odd number is one-to-one: n + 1 for even n (one write past the row), n for odd n
    return [scatter([(0, 0)] * n, [(j * 2 + 1) % (n + 1 - n % 2) for j in range(n)], [(j, n * 10 + j) for j in range(n)])
            for n in ns]


# ------------------------------------------------------------------ pairs_in_map.fut

def weighted(p, ns):
    return [[sum((x * (j + 1)) % 7 for x in range(n)) for j in range(p)] for n in ns]


def compose(p, ns):
    def one(n, j):
        a, b = 1, 0
        for x in range(n):  # (a, b) then (x % 3 + 1, (x + j) % 5)
            a2, b2 = x % 3 + 1, (x + j) % 5
            a, b = wrap(a * a2), wrap(b * a2 + b2)
        return (a, b)
    return [[one(n, j) for j in range(p)] for n in ns]


def multiples(p, ns):
    return [[sum(1 for x in range(n) if x % (j + 2) == 0) for j in range(p)] for n in ns]


# ------------------------------------------------------------------ filter_two_soacs.fut

def centre(ns):
    out = []
    for n in ns:
        ys = [x for x in range(n) if x % 3 != 1]
        s = sum(ys)
        out.append([y * 2 - s for y in ys])
    return out


def scanmax(ns):
    out = []
    for n in ns:
        ys = [v for v in (x * 7 % 11 for x in range(n)) if v % 3 != 1]
        best, acc = 0, 0
        for y in ys:
            acc += y
            best = max(best, acc - y * 3)
        out.append(best)
    return out


def twofilt(ns):
    out = []
    for n in ns:
        ys = [x for x in range(n) if x % 3 != 1]
        a = sum(1 for y in ys if y % 2 == 0)
        out.append((a, sum(y * a for y in ys)))
    return out


def main():
    rnd = random.Random(21)
    root = "tests/irregular/"
    n_sets = [[0, 5, 1, 10, 3], [], [0, 0, 0], skewed(40, 3000, 1), [rnd.randrange(0, 60) for _ in range(50)]]

    # hist_rows.fut: counts, maxes, sum_max
    h1 = ""
    for k in (3, 0, 1, 17):
        for ns in n_sets:
            h1 += block(fut_i64(k) + " " + fut_i64s(ns), fut_rows_of(counts(k, ns), fut_i32s, "i32", k))
    nk_sets = [([4, 0, 7, 2], [3, 5, 0, 1]), ([], []), ([0, 0], [0, 0]), (skewed(30, 2500, 2), [4] * 30),
               ([rnd.randrange(0, 40) for _ in range(40)], [rnd.randrange(0, 12) for _ in range(40)])]
    h2 = "".join(block(fut_i64s(ns) + " " + fut_i64s(ks), fut_rows(maxes(ns, ks), fut_i64s, "i64")) for ns, ks in nk_sets)
    h3 = ""
    for k in (4, 1, 9):
        for ns in n_sets:
            h3 += pair_block(fut_i64(k) + " " + fut_i64s(ns), fut_pair_rows(sum_max(k, ns), k), not ns and k)
    # one giant row: of many bins (above WF_SEGHIST_PRIV), of few; all empty; none; random
    wide_sets = [([3, 0, 40000, 5, 0], [4, 2, 1100, 3, 0]), ([40000], [16]), ([0, 0, 0], [1100, 5, 0]), ([], []),
                 ([rnd.randrange(0, 60) for _ in range(40)], [rnd.randrange(0, 12) for _ in range(40)])]
    h4 = "".join(block(fut_i64s(ns) + " " + fut_i64s(ks), fut_rows(isums(ns, ks), fut_i32s, "i32")) for ns, ks in wide_sets)
    h5 = "".join(block(fut_i64s(ns) + " " + fut_i64s(ks), fut_rows(fsums(ns, ks), fut_f64s, "f64")) for ns, ks in wide_sets)
    write(root + "hist_rows.fut", [h1, h2, h3, h4, h5])

    # scatter_rows.fut: mirror, spread, tagged
    s1 = "".join(block(fut_i64s(ns), fut_rows(mirror(ns), fut_i32s, "i32")) for ns in n_sets)
    s2 = ""
    for m in (8, 0, 30):
        for ns in n_sets:
            s2 += block(fut_i64(m) + " " + fut_i64s(ns), fut_rows_of(spread(m, ns), fut_i32s, "i32", m))
    s3 = ""
    for ns in n_sets:
        rows = tagged(ns)
        s3 += block(fut_i64s(ns), fut_rows([[a for a, _ in r] for r in rows], fut_i32s, "i32") + " " +
                    fut_rows([[b for _, b in r] for r in rows], fut_i64s, "i64"))
    write(root + "scatter_rows.fut", [s1, s2, s3])

    # pairs_in_map.fut: weighted, compose, multiples
    p1 = p2 = p3 = ""
    for p in (3, 0, 1, 7):
        for ns in n_sets:
            inp = fut_i64(p) + " " + fut_i64s(ns)
            p1 += block(inp, fut_rows_of(weighted(p, ns), fut_i64s, "i64", p))
            p2 += pair_block(inp, fut_pair_rows(compose(p, ns), p), not ns and p)
            p3 += block(inp, fut_rows_of(multiples(p, ns), fut_i64s, "i64", p))
    write(root + "pairs_in_map.fut", [p1, p2, p3])

    # filter_two_soacs.fut: centre, scanmax, twofilt (n = 1: a row the filter empties)
    f_sets = n_sets + [[1, 1, 2, 1], skewed(30, 4000, 3)]
    f1 = "".join(block(fut_i64s(ns), fut_rows(centre(ns), fut_i64s, "i64")) for ns in f_sets)
    f2 = "".join(block(fut_i64s(ns), fut_i64s(scanmax(ns))) for ns in f_sets)
    f3 = "".join(block(fut_i64s(ns), fut_i64s([a for a, _ in twofilt(ns)]) + " " + fut_i64s([b for _, b in twofilt(ns)]))
                 for ns in f_sets)
    write(root + "filter_two_soacs.fut", [f1, f2, f3])


if __name__ == "__main__":
    main()
