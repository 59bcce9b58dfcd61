#!/usr/bin/env python3
"""bins_ref.py — writes tests/flatten/bins.fut's test blocks: the inputs, and the outputs computed
here, independently of weft (plain Python integers).  Run from the repository root:
python3 tests/flatten/bins_ref.py > /tmp/blocks, then paste them over the file's blocks."""
import random

P = 1000003

def loops(ns, hs):
    out = []
    for n, h in zip(ns, hs):
        row = [j * j % 17 for j in range(n)]
        for k in range(h):
            s = sum(row)
            row = [(x * 3 + s + k) % P for x in row]
        out.append(sum(row))
    return out

def branches(ns):
    out = []
    for n in ns:
        if n % 2 == 0:
            out.append(sum(j * 3 for j in range(n)))
        else:
            acc, best = 0, 0
            for j in range(n):
                acc += j
                best = max(best, acc)
            out.append(best)
    return out

def compose(ns):
    """the linear maps x -> a x + b of each point composed in order (not commutative)"""
    out_a, out_b = [], []
    for n in ns:
        a, b = 1, 0
        for j in range(n):
            a2, b2 = j % 7 + 1, j % 5
            a, b = (a2 * a) % 1009, (a2 * b + b2) % 1009
        out_a.append(a)
        out_b.append(b)
    return out_a, out_b

def nested(ns, hs):
    out = []
    for n, h in zip(ns, hs):
        xs = [j % 13 for j in range(n)]
        acc = 0
        for k in range(h):
            ys, run = [], 0
            for x in xs:
                run += x
                ys.append(run)
            t = 0
            for q in range(k % 3):
                t += max([0] + [(y + q) % 101 for y in ys])
            xs = [y % 1009 for y in ys]
            acc += t
        out.append(acc + sum(xs))
    return out

def arr(xs):
    return "[" + ", ".join("%di64" % x for x in xs) + "]" if xs else "empty([0]i64)"

def block(entry, cases):
    print("-- ==")
    print("-- entry: %s" % entry)
    for ins, outs in cases:
        print("-- input { %s }" % " ".join(arr(x) for x in ins))
        print("-- output { %s }" % " ".join(arr(x) for x in outs))
    print("")

random.seed(7)
sizes = [[3, 0, 1, 7], [0, 0], [], [5] * 20, [1500, 2, 0, 40, 2999, 256, 257, 1024, 1025],
         [random.randrange(0, 80) for _ in range(300)], [0, 0, 0, 1]]
counts = [[2, 5, 0, 1], [3, 0], [], [4] * 20, [3, 9, 2, 0, 1, 5, 6, 7, 8],
          [random.choice([0, 0, 1, 2, 3, 40]) for _ in range(300)], [1, 0, 50, 0]]
block("loops", [((n, h), (loops(n, h),)) for n, h in zip(sizes, counts)])
block("branches", [((n,), (branches(n),)) for n in sizes])
block("compose", [((n,), compose(n)) for n in sizes])
block("nested", [((n, h), (nested(n, h),)) for n, h in zip(sizes, counts)])
