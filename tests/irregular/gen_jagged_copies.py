#!/usr/bin/env python3
"""Writes tests/irregular/jagged_copies.fut: the operations on jagged values that copy rows —
a filter of rows (seed 004 quicksort's `nonempty`), `++`/concat, `copy`, `rotate`, `replicate`
and array literals of jagged rows — on rows of i32, of pairs, of records, and on values of two
jagged levels ([][][]i32), at the top level and inside a map (src/flatten/jagged.c,
concat_parts and replicate_rep; src/flatten/flatten.c, concats_as_maps).  The expected outputs
come from the plain Python models below, written from the operations' meaning, not from weft.
Run it from the repository root after changing a model or a dataset:

    python3 tests/irregular/gen_jagged_copies.py
"""
import random

PATH = "tests/irregular/jagged_copies.fut"

HEADER = """\
-- Operations that copy the rows of jagged values (src/flatten/jagged.c, concat_parts and
-- replicate_rep: on the parts; src/flatten/flatten.c, concats_as_maps: a filter's rows as one
-- map over every position): a filter of rows (quicksort's nonempty, and one by the rows'
-- sums), `++`, `copy` of a view, `rotate` (negative, zero, past the end), `replicate`, an
-- array literal of jagged rows, rows of pairs and of records, values of two jagged levels
-- ([][][]i32), and `++`/`rotate` inside a map.  Datasets: a few rows, empty rows among others,
-- every row empty, no rows, one giant row among empty ones, many random rows.  Outputs from
-- tests/irregular/gen_jagged_copies.py (Python models of the operations' meaning).
"""

PROGRAM = """\
entry nonempty (rows: [][]i32) : [][]i32 = filter (\\r -> length r > 0) rows

entry even_sums (rows: [][]i32) : [][]i32 = filter (\\r -> i32.sum r % 2 == 0) rows

entry cat (rows: [][]i32) : [][]i32 = rows ++ filter (\\r -> length r > 1) rows ++ rows

entry copy_tail (rows: [][]i32) : [][]i32 = copy (drop 1 rows)

entry rot (k: i64) (rows: [][]i32) : [][]i32 = rotate k rows

entry rep (k: i64) (rows: [][]i32) : [][][]i32 = replicate k (filter (\\r -> length r != 1) rows)

entry lit (rows: [][]i32) : [][][]i32 = [rows, filter (\\r -> length r > 1) rows, drop 1 rows]

entry pairs (rows: [][]i32) : ([][]i32, [][]f64) =
  let ps = map (\\r -> map (\\x -> (x, f64.i32 x * 0.5)) r) rows
  let r = filter (\\r -> length r != 1) ps ++ rotate 1 ps
  in (map (\\row -> map (.0) row) r, map (\\row -> map (.1) row) r)

entry records (rows: [][]i32) : ([][]i32, [][]bool) =
  let rs = map (\\r -> map (\\x -> {v = x, pos = x > 0}) r) rows
  let r = copy (rotate (-1) (filter (\\r -> length r > 0) rs))
  in (map (\\row -> map (.v) row) r, map (\\row -> map (.pos) row) r)

entry deep (k: i64) (rows: [][]i32) : ([][][]i32, [][][]i32) =
  let d = map (\\r -> map (\\x -> replicate (i64.i32 (i32.abs x % 3)) x) r) rows
  let f = filter (\\r -> length r > 0) d
  in (rotate k (f ++ d), copy (drop 1 f))

entry in_map (rows: [][]i32) : []i64 =
  map (\\r -> let a = map (\\x -> iota (i64.i32 (i32.abs x % 4))) r
             let b = rotate 1 a ++ a
             in i64.sum (map (\\row -> i64.sum row + length row) b) + length b) rows
"""


def nonempty(rows):
    return [r for r in rows if len(r) > 0]


def even_sums(rows):
    return [r for r in rows if sum(r) % 2 == 0]


def cat(rows):
    return rows + [r for r in rows if len(r) > 1] + rows


def rotate(k, xs):
    if not xs:
        return []
    k %= len(xs)  # Python's % is floored, like Futhark's rotate
    return xs[k:] + xs[:k]


def rep(k, rows):
    return [[r for r in rows if len(r) != 1] for _ in range(k)]


def lit(rows):
    return [rows, [r for r in rows if len(r) > 1], rows[1:]]


def pairs(rows):
    ps = [[(x, x * 0.5) for x in r] for r in rows]
    r = [p for p in ps if len(p) != 1] + rotate(1, ps)
    return [[a for a, _ in row] for row in r], [[b for _, b in row] for row in r]


def records(rows):
    rs = [[(x, x > 0) for x in r] for r in rows]
    r = rotate(-1, [x for x in rs if len(x) > 0])
    return [[v for v, _ in row] for row in r], [[p for _, p in row] for row in r]


def deep(k, rows):
    d = [[[x] * (abs(x) % 3) for x in r] for r in rows]
    f = [r for r in d if len(r) > 0]
    return rotate(k, f + d), f[1:]


def in_map(rows):
    out = []
    for r in rows:
        a = [list(range(abs(x) % 4)) for x in r]
        b = rotate(1, a) + a
        out.append(sum(sum(row) + len(row) for row in b) + len(b))
    return out


def i32s(xs):
    return "[" + ", ".join(f"{x}i32" for x in xs) + "]" if xs else "empty([0]i32)"


def f64s(xs):
    return "[" + ", ".join(f"{float(x)!r}f64" for x in xs) + "]" if xs else "empty([0]f64)"


def bools(xs):
    return "[" + ", ".join("true" if x else "false" for x in xs) + "]" if xs else "empty([0]bool)"


def i64s(xs):
    return "[" + ", ".join(f"{x}i64" for x in xs) + "]" if xs else "empty([0]i64)"


def nested(rows, one_row, empty):
    return "[" + ", ".join(one_row(r) for r in rows) + "]" if rows else empty


def jag(rows):
    return nested(rows, i32s, "empty([0][0]i32)")


def jag2(rows):
    return nested(rows, jag, "empty([0][0][0]i32)")


def datasets():
    rnd = random.Random(7)
    small = [[3, -1, 4], [0], [-2, -2, 7, 8], [5]]
    with_empty = [[], [1, -1, 0, 2], [], [], [-3, 8, -3, 0, 0, 4], [], [6]]
    all_empty = [[], [], []]
    none = []
    giant = [[] for _ in range(30)] + [[rnd.randint(-50, 50) for _ in range(1000)]] + [[] for _ in range(30)]
    many = [[rnd.randint(-50, 50) for _ in range(rnd.choice([0, 0, 1, 2, 3, 5, 8, 13, 40]))] for _ in range(120)]
    return [small, with_empty, all_empty, none, giant, many]


def block(entry, cases):
    lines = ["-- ==", f"-- entry: {entry}"]
    for inp, out in cases:
        lines.append(f"-- input {{ {inp} }}")
        lines.append(f"-- output {{ {out} }}")
    return "\n".join(lines) + "\n"


def main():
    sets = datasets()
    ins = [jag(r) for r in sets]
    both = list(zip(ins, sets))
    ks = [-1, 0, 2, 7, 1, -5]
    blocks = [
        block("nonempty", [(i, jag(nonempty(r))) for i, r in both]),
        block("even_sums", [(i, jag(even_sums(r))) for i, r in both]),
        block("cat", [(i, jag(cat(r))) for i, r in both]),
        # copy_tail: not no rows (drop 1 of no rows is out of bounds)
        block("copy_tail", [(i, jag(r[1:])) for i, r in both if r]),
        block("rot", [(f"{k}i64 {i}", jag(rotate(k, r))) for k, (i, r) in zip(ks, both)]),
        # rep: k > 0 and some row kept (an empty replicated value's rows keep no width)
        block("rep", [(f"{k}i64 {i}", jag2(rep(k, r))) for k, (i, r) in zip([2, 1, 3, 1, 2, 3], both)
                      if r and any(len(x) != 1 for x in r)]),
        block("lit", [(i, jag2(lit(r))) for i, r in both if len(r) > 1]),
        block("pairs", [(i, jag(pairs(r)[0]) + " " + nested(pairs(r)[1], f64s, "empty([0][0]f64)")) for i, r in both]),
        block("records", [(i, jag(records(r)[0]) + " " + nested(records(r)[1], bools, "empty([0][0]bool)"))
                          for i, r in both]),
        block("deep", [(f"{k}i64 {i}", jag2(deep(k, r)[0]) + " " + jag2(deep(k, r)[1]))
                       for k, (i, r) in zip(ks, both) if len(nonempty(r)) > 1]),
        block("in_map", [(i, i64s(in_map(r))) for i, r in both]),
    ]
    text = HEADER + "\n" + "\n".join(blocks) + "\n" + PROGRAM
    open(PATH, "w").write(text)


if __name__ == "__main__":
    main()
