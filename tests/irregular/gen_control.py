#!/usr/bin/env python3
"""Writes the `-- ==` blocks of tests/irregular/if_in_map.fut, if_rows_in_map.fut,
loop_in_map.fut and loop_rows_in_map.fut: seed 004's rules 8 (an if with a per-element
condition) and 9 (a loop with per-element counts) inside maps.  The expected outputs come from
the plain Python models below, written from the programs' meaning, not from weft.  Run it from
the repository root after changing a model or a dataset:

    python3 tests/irregular/gen_control.py
"""
import random
import re

I64 = 1 << 64


def wrap(x):
    """i64 two's complement wrap-around, as the compiled programs compute."""
    x %= I64
    return x - I64 if x >= 1 << 63 else x


def fut_i64s(xs):
    return "[" + ", ".join(f"{x}i64" for x in xs) + "]" if xs else "empty([0]i64)"


def fut_i32s(xs):
    return "[" + ", ".join(f"{x}i32" for x in xs) + "]" if xs else "empty([0]i32)"


def fut_f64(x):
    return repr(float(x)) + "f64"


def fut_f64s(xs):
    return "[" + ", ".join(fut_f64(x) for x in xs) + "]" if xs else "empty([0]f64)"


def fut_rows(rows, one, empty_inner):
    if not rows:
        return f"empty([0][0]{empty_inner})"
    return "[" + ", ".join(one(r) for r in rows) + "]"


def fut_pairs(ps):
    if not ps:
        return "empty([0]i64) empty([0]i64)"
    return fut_i64s([a for a, _ in ps]) + " " + fut_i64s([b for _, b in ps])


# ------------------------------------------------------------------ rule 8: if in a map

def affine(p, q):
    """The composition of x -> a1*x + b1 then x -> a2*x + b2: associative, not commutative."""
    (a1, b1), (a2, b2) = p, q
    return (wrap(a1 * a2), wrap(b1 * a2 + b2))


def parity(xs):
    out = []
    for i in xs:
        if i % 2 == 0:
            out.append(wrap(sum(j * 3 for j in range(i))))
        else:
            p = 1
            for j in range(2 * i):
                p = wrap(p * (j % 3 + 1))
            out.append(p)
    return out


def long_rows(rows):
    out = []
    for r in rows:
        if len(r) > 3:
            out.append(wrap32(sum(r)))
        else:
            out.append(r[0] if r else 0)
    return out


def wrap32(x):
    x %= 1 << 32
    return x - (1 << 32) if x >= 1 << 31 else x


def compose(ns):
    """(affine composition of the row k -> (k % 5 + 1, k), its length) where n is even, else
    (the row's sum of squares, the count of its multiples of 3)."""
    out = []
    for n in ns:
        if n % 2 == 0:
            acc = (1, 0)
            for k in range(n):
                acc = affine(acc, (k % 5 + 1, k))
            out.append(acc)
        else:
            out.append((wrap(sum(k * k for k in range(n))), sum(1 for k in range(n) if k % 3 == 0)))
    return out


def after_reduce(rows):
    """s = sum r; where s > 10 the product of x % 7 + 1 over r, else s."""
    out = []
    for r in rows:
        s = wrap(sum(r))
        if s > 10:
            p = 1
            for x in r:
                p = wrap(p * (x % 7 + 1))
            out.append(p)
        else:
            out.append(s)
    return out


def if_rows(rows):
    """Even-length rows: each element plus 1; odd-length ones: the inclusive scan of x - 1."""
    out = []
    for r in rows:
        if len(r) % 2 == 0:
            out.append([wrap32(x + 1) for x in r])
        else:
            acc, s = 0, []
            for x in r:
                acc = wrap32(acc + x - 1)
                s.append(acc)
            out.append(s)
    return out


def if_counts(ns):
    """n % 3 == 0: the row iota n scaled by 2; else iota (n + 1) reversed."""
    out = []
    for n in ns:
        out.append([2 * k for k in range(n)] if n % 3 == 0 else [n - k for k in range(n + 1)])
    return out


# ------------------------------------------------------------------ rule 9: loop in a map

def tri(xs):
    """loop acc = 0 for k < i do acc + sum (map (\\j -> j*k) (iota (k+1)))"""
    out = []
    for i in xs:
        acc = 0
        for k in range(i):
            acc = wrap(acc + sum(j * k for j in range(k + 1)))
        out.append(acc)
    return out


def horner(pairs):
    """(n, c): loop (acc: (a, b)) = (1, 0) for k < c do acc composed with the affine
    composition of the row j -> (j % 3 + 1, j + k) over j < n (non-commutative both ways)."""
    out = []
    for n, c in pairs:
        acc = (1, 0)
        for k in range(c):
            r = (1, 0)
            for j in range(n):
                r = affine(r, (j % 3 + 1, j + k))
            acc = affine(acc, r)
        out.append(acc)
    return out


def smooth(ws, hs):
    """loop (row: [w]f64) = replicate w 1 for k < h do map (\\j -> row[j] * 0.5 + f64 (k + j))"""
    out = []
    for w, h in zip(ws, hs):
        row = [1.0] * w
        for k in range(h):
            row = [row[j] * 0.5 + float(k + j) for j in range(w)]
        out.append(row)
    return out


def shift(ws, hs):
    """(the row's sum, the row) after h rounds of: row[j] = row[(j + 1) % w] * 3 + k, starting from
    iota w; the sum by the suffix, a reduction over the loop's row."""
    sums, rows = [], []
    for w, h in zip(ws, hs):
        row = list(range(w))
        for k in range(h):
            row = [wrap(row[(j + 1) % w] * 3 + k) for j in range(w)]
        rows.append(row)
        sums.append(wrap(sum(row)))
    return sums, rows


def record(ws, hs):
    """out[k % w] = sum of j * j + k over j < k, for k < h, from a row of w zeros."""
    out = []
    for w, h in zip(ws, hs):
        row = [0] * w
        for k in range(h):
            row[k % w] = wrap(sum(j * j + k for j in range(k)))
        out.append(row)
    return out


def bump(ws, hs):
    """s = sum row; row[k % w] = s; row = map (x % 1000 + k), for k < h, from iota w."""
    out = []
    for w, h in zip(ws, hs):
        row = list(range(w))
        for k in range(h):
            s = wrap(sum(row))
            row[k % w] = s
            row = [x % 1000 + k for x in row]
        out.append(row)
    return out


# ------------------------------------------------------------------ cuts (irr_split.c)

def mirror(ws):
    out = []
    for w in ws:
        qd = [j * j + w for j in range(w)]
        out.append([wrap(qd[j] * 2 - qd[w - 1 - j]) for j in range(w)])
    return out


def scan_back(ws):
    """The affine composition of (j % 3 + 1, s[w - 1 - j]) over j < w, s the inclusive scan of
    j % 5 - 2."""
    out = []
    for w in ws:
        s, acc = [], 0
        for j in range(w):
            acc += j % 5 - 2
            s.append(acc)
        r = (1, 0)
        for j in range(w):
            r = affine(r, (j % 3 + 1, s[w - 1 - j]))
        out.append(r)
    return out


def search_then_sum(ns):
    out = []
    for n in ns:
        lo = 0
        while lo * lo < n:
            lo += 1
        out.append(wrap(sum(j * lo for j in range(n))))
    return out


# ------------------------------------------------------------------ datasets

def skewed(n, big, seed):
    """n elements, all 0 but one of count big in the middle."""
    xs = [0] * n
    xs[n // 2] = big
    return xs


def block(inp, out):
    return f"-- input {{ {inp} }}\n-- output {{ {out} }}\n"


def write(path, blocks_by_entry):
    """Replaces the `-- ==` blocks of path (one per entry, in order) with the given ones."""
    text = open(path).read()
    parts = re.split(r"(?m)^-- ==\n(-- entry: \w+\n)(?:-- (?:compiled )?(?:input|output) .*\n)*", text)
    assert len(parts) == 2 * len(blocks_by_entry) + 1, path
    out = parts[0]
    for k, body in enumerate(blocks_by_entry):
        out += "-- ==\n" + parts[1 + 2 * k] + body + parts[2 + 2 * k]
    open(path, "w").write(out)


def main():
    rnd = random.Random(89)
    root = "tests/irregular/"

    # if_in_map.fut: parity, long_rows, compose
    xs_sets = [[0, 1, 2, 3, 4, 5, 10, 7], [], [2, 4, 6, 8], [1, 3, 5, 7, 9], skewed(40, 3000, 1),
               [rnd.randrange(0, 60) for _ in range(50)]]
    b1 = "".join(block(fut_i64s(xs), fut_i64s(parity(xs))) for xs in xs_sets)
    row_sets = [[[1, 2, 3, 4], [], [7], [5, 6, 7], [10, -20, 30, -40, 50]], [], [[], [], []],
                [[1, 2, 3, 4, 5]] * 3, [[] for _ in range(30)] + [[rnd.randrange(-99, 99) for _ in range(2000)]] + [[] for _ in range(30)],
                [[rnd.randrange(-99, 99) for _ in range(rnd.randrange(0, 9))] for _ in range(40)]]
    b2 = "".join(block(fut_rows(rs, fut_i32s, "i32"), fut_i32s(long_rows(rs))) for rs in row_sets)
    ns_sets = [[0, 1, 2, 3, 4, 7, 8], [], [2, 4, 6], [1, 3, 5], skewed(33, 5000, 2),
               [rnd.randrange(0, 40) for _ in range(45)]]
    b3 = "".join(block(fut_i64s(ns), fut_pairs(compose(ns))) for ns in ns_sets)
    b4 = "".join(block(fut_rows(rs, fut_i64s, "i64"), fut_i64s(after_reduce(rs))) for rs in row_sets)
    write(root + "if_in_map.fut", [b1, b2, b3, b4])

    # if_rows_in_map.fut: if_rows, if_counts
    r_sets = [[[1, 2], [3, 4, 5], [], [6], [7, 8, 9, 10]], [], [[], []], [[1, 1]] * 4, [[2, 3, 4]] * 3,
              [[] for _ in range(20)] + [[rnd.randrange(-50, 50) for _ in range(1501)]] + [[] for _ in range(20)],
              [[rnd.randrange(-50, 50) for _ in range(rnd.randrange(0, 7))] for _ in range(35)]]
    c1 = "".join(block(fut_rows(rs, fut_i32s, "i32"), fut_rows(if_rows(rs), fut_i32s, "i32")) for rs in r_sets)
    n_sets = [[0, 1, 2, 3, 6, 5], [], [3, 6, 9], [1, 2, 4], skewed(25, 2400, 3), [rnd.randrange(0, 25) for _ in range(30)]]
    c2 = "".join(block(fut_i64s(ns), fut_rows(if_counts(ns), fut_i64s, "i64")) for ns in n_sets)
    write(root + "if_rows_in_map.fut", [c1, c2])

    # loop_in_map.fut: tri, horner
    t_sets = [[0, 1, 2, 3, 4, 5, 10], [], [0, 0, 0], skewed(50, 300, 4), [rnd.randrange(0, 30) for _ in range(40)]]
    d1 = "".join(block(fut_i64s(xs), fut_i64s(tri(xs))) for xs in t_sets)
    p_sets = [[(3, 2), (0, 4), (5, 0), (2, 7), (4, 1)], [], [(3, 0), (0, 0)], [(0, 0)] * 20 + [(7, 400)] + [(3, 0)] * 20,
              [(rnd.randrange(0, 12), rnd.randrange(0, 12)) for _ in range(40)]]
    d2 = "".join(block(fut_pairs(ps), fut_pairs(horner(ps))) for ps in p_sets)
    write(root + "loop_in_map.fut", [d1, d2])

    # cut_rows.fut: mirror, scan_back, search_then_sum
    w_sets = [[3, 0, 1, 5, 2], [], [0, 0, 0], skewed(30, 2000, 5), [rnd.randrange(0, 20) for _ in range(40)]]
    f1 = "".join(block(fut_i64s(ws), fut_rows(mirror(ws), fut_i64s, "i64")) for ws in w_sets)
    f2 = "".join(block(fut_i64s(ws), fut_pairs(scan_back(ws))) for ws in w_sets)
    f3 = "".join(block(fut_i64s(ws), fut_i64s(search_then_sum(ws))) for ws in w_sets)
    write(root + "cut_rows.fut", [f1, f2, f3])

    # loop_rows_in_map.fut: smooth, shift
    wh_sets = [([3, 0, 2, 4], [2, 5, 0, 1]), ([], []), ([0, 0], [3, 0]), ([5, 5, 5], [3, 3, 3]),
               ([2] * 25 + [1000] + [3] * 25, [0] * 25 + [40] + [0] * 25),
               ([rnd.randrange(0, 9) for _ in range(30)], [rnd.randrange(0, 9) for _ in range(30)])]
    e1 = "".join(block(fut_i64s(ws) + " " + fut_i64s(hs), fut_rows(smooth(ws, hs), fut_f64s, "f64")) for ws, hs in wh_sets)
    e2 = ""
    for ws, hs in wh_sets:
        sums, rows = shift(ws, hs)
        e2 += block(fut_i64s(ws) + " " + fut_i64s(hs), fut_i64s(sums) + " " + fut_rows(rows, fut_i64s, "i64"))
    # record and bump: a row of width 0 only with a count of 0 (k % w)
    pos_sets = [([3, 1, 2, 4], [2, 5, 0, 9]), ([], []), ([0, 0, 3], [0, 0, 0]), ([5, 5, 5], [7, 7, 7]),
                ([2] * 25 + [900] + [3] * 25, [0] * 25 + [1500] + [0] * 25),
                ([rnd.randrange(1, 9) for _ in range(30)], [rnd.randrange(0, 12) for _ in range(30)])]
    e3 = "".join(block(fut_i64s(ws) + " " + fut_i64s(hs), fut_rows(record(ws, hs), fut_i64s, "i64")) for ws, hs in pos_sets)
    e4 = "".join(block(fut_i64s(ws) + " " + fut_i64s(hs), fut_rows(bump(ws, hs), fut_i64s, "i64")) for ws, hs in pos_sets)
    write(root + "loop_rows_in_map.fut", [e1, e2, e3, e4])


if __name__ == "__main__":
    main()
