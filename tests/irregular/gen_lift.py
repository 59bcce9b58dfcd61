#!/usr/bin/env python3
"""Writes the `-- ==` blocks of tests/irregular/lift_recursion.fut (function lifting).  The
expected outputs come from the plain Python models below, written from the programs' meaning,
not from weft.  Run it from the repository root after changing a model or a dataset:

    python3 tests/irregular/gen_lift.py
"""
import random

FILE = "tests/irregular/lift_recursion.fut"


def i32s(xs):
    return "[" + ", ".join(f"{x}i32" for x in xs) + "]" if xs else "empty([0]i32)"


def i64s(xs):
    return "[" + ", ".join(f"{x}i64" for x in xs) + "]" if xs else "empty([0]i64)"


def rows(rs, elem):
    if not rs:
        return f"empty([0][0]{'i32' if elem is i32s else 'i64'})"
    return "[" + ", ".join(elem(r) for r in rs) + "]"


def qsort(xs):
    if len(xs) <= 1:
        return xs
    p = xs[0]
    return qsort([x for x in xs if x < p]) + [x for x in xs if x == p] + qsort([x for x in xs if x > p])


def halves(xs):
    n = len(xs)
    if n <= 2:
        return sum(x * x for x in xs)
    return halves(xs[: n // 2]) + halves(xs[n // 2:])


def depth(xs):
    if len(xs) <= 1:
        return 0
    p = xs[0]
    return 1 + max(depth([x for x in xs if x < p]), depth([x for x in xs if x > p]))


def bsearch(xs, lo, hi, x):
    """the first index in [lo, hi) of sorted xs whose element is >= x (hi if none)"""
    if lo >= hi:
        return lo
    mid = (lo + hi) // 2
    if xs[mid] < x:
        return bsearch(xs, mid + 1, hi, x)
    return bsearch(xs, lo, mid, x)


def steps(n):
    """Collatz steps to 1"""
    k = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        k += 1
    return k


def rand_rows(rng, n, maxlen, lo, hi):
    return [[rng.randint(lo, hi) for _ in range(rng.randint(0, maxlen))] for _ in range(n)]


def main():
    rng = random.Random(4)
    row_sets = [
        [[3, 1, 2], [5, -1, 5, 0, 5, -7, 2], [], [42], [2, 2, 2, 2], [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]],
        [],
        [[]],
        [[9, 8, 7, 7, 8, 9, 0]],
        [[], [], [1], []],
        rand_rows(rng, 40, 60, -20, 20),
        rand_rows(rng, 25, 300, -1000, 1000),
    ]
    blocks = []
    b = ["-- ==", "-- entry: sort_rows"]
    for rs in row_sets:
        b.append(f"-- input {{ {rows(rs, i32s)} }}")
        b.append(f"-- output {{ {rows([qsort(r) for r in rs], i32s)} }}")
    blocks.append(b)
    b = ["-- ==", "-- entry: sum_halves"]
    for rs in row_sets:
        rs64 = [[x for x in r] for r in rs]
        b.append(f"-- input {{ {rows(rs64, i64s)} }}")
        b.append(f"-- output {{ {i64s([halves(r) for r in rs64])} }}")
    blocks.append(b)
    b = ["-- ==", "-- entry: sort_depths"]
    for rs in row_sets:
        b.append(f"-- input {{ {rows(rs, i32s)} }}")
        b.append(f"-- output {{ {i64s([depth(r) for r in rs])} }}")
    blocks.append(b)
    b = ["-- ==", "-- entry: searches"]
    for xs, qs in [([1, 3, 3, 5, 9], [0, 1, 2, 3, 4, 5, 9, 10]), ([], [1, 2]), ([7], []),
                   (sorted(rng.randint(-50, 50) for _ in range(100)), [rng.randint(-60, 60) for _ in range(64)])]:
        b.append(f"-- input {{ {i32s(xs)} {i32s(qs)} }}")
        b.append(f"-- output {{ {i64s([bsearch(xs, 0, len(xs), q) for q in qs])} }}")
    blocks.append(b)
    b = ["-- ==", "-- entry: collatz"]
    for ns in [[1, 2, 3, 6, 7, 27, 97, 871], [], [1], [rng.randint(1, 10**6) for _ in range(50)]]:
        b.append(f"-- input {{ {i64s(ns)} }}")
        b.append(f"-- output {{ {i64s([steps(n) for n in ns])} }}")
    blocks.append(b)
    b = ["-- ==", "-- entry: sort_one"]
    for xs in [[3, 1, 2], [], [5], [4, 4, 4], list(range(20)), [rng.randint(-9, 9) for _ in range(500)]]:
        b.append(f"-- input {{ {i32s(xs)} }}")
        b.append(f"-- output {{ {i32s(qsort(xs))} }}")
    blocks.append(b)
    text = open(FILE).read()
    head = text[: text.index("-- ==")]
    code = text[text.index("\ndef ") + 1:]
    with open(FILE, "w") as f:
        f.write(head)
        f.write("\n\n".join("\n".join(b) for b in blocks))
        f.write("\n\n")
        f.write(code)


main()
