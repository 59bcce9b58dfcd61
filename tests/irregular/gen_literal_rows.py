#!/usr/bin/env python3
"""Writes tests/irregular/literal_rows.fut: array literals of jagged rows (`[lt, eq, gt]`, rows
of a size that varies per element) inside irregular maps, the way seed 004's quicksort and
quickhull build their segments (docs/FLATTENING.md, "Array literals of rows"), and `++` of rows
in a map.  The expected outputs come from the plain Python models below, written from the
programs' meaning, not from weft.  Run it from the repository root after changing a model or a
dataset:

    python3 tests/irregular/gen_literal_rows.py
"""
import random

PATH = "tests/irregular/literal_rows.fut"

HEADER = """\
-- Array literals of jagged rows inside irregular maps (src/flatten/jagged.c,
-- lower_literal_rows; src/flatten/flatten.c, concats_as_maps): three filters of a row made
-- into a [3][]i32 per element (quicksort's split), five rows with repeats (the search over the
-- rows' starts), one row, rows of pairs (a tuple: two arrays), rows whose elements are arrays
-- ([][][2]i32), rows of sizes known at compile time (their data typed `[]` all the same), a
-- literal outside any map, and `++` of rows in a map.  Datasets: a few rows,
-- empty rows among others, every row empty, no rows, one giant row among empty ones, many
-- random rows (rows2: not no rows, which the interpreter types without their [2]).  Outputs from tests/irregular/gen_literal_rows.py (Python models of the
-- programs' meaning).
"""

PROGRAM = """\
entry split3 (rows: [][]i32) : [][]i32 =
  flatten (map (\\s -> let p = if length s == 0 then 0 else s[length s / 2]
                      in [filter (< p) s, filter (== p) s, filter (> p) s]) rows)

entry five (rows: [][]i32) : [][]i32 =
  flatten (map (\\s -> let a = filter (> 0) s
                      let c = filter (< 0) s
                      in [a, map (* 2) s, a, c, filter (== 0) s]) rows)

entry one (rows: [][]i32) : [][]i32 =
  flatten (map (\\s -> [filter (\\x -> x % 2 == 0) s]) rows)

entry pairs (rows: [][]i32) : ([][]i32, [][]f64) =
  let r = flatten (map (\\s -> let a = filter (> 0) s
                              let b = filter (<= 0) s
                              in [zip b (map (\\x -> f64.i32 x * 0.5) b),
                                  zip a (map (\\x -> f64.i32 x + 0.25) a)]) rows)
  in (map (\\row -> map (.0) row) r, map (\\row -> map (.1) row) r)

entry rows2 (rows: [][]i32) : [][][2]i32 =
  flatten (map (\\s -> [map (\\x -> [x, x + 1]) (filter (> 0) s),
                       map (\\x -> [x, -x]) (filter (< 0) s)]) rows)

entry top (xs: []i32) (ys: []i32) : [][]i32 = [xs, ys, filter (> 0) xs]

entry fixed (xs: []i32) : ([][]i32, []i64) =
  let r = flatten (map (\\x -> [[x, x + 1, x + 2], [x]]) xs)
  in (r, map length [[1, 2, 3], [4], [5, 6]])

entry append (rows: [][]i32) : [][]i32 =
  map (\\s -> filter (> 0) s ++ filter (< 0) s ++ [7]) rows
"""


def mid_pivot(s):
    return 0 if not s else s[len(s) // 2]


def split3(rows):
    out = []
    for s in rows:
        p = mid_pivot(s)
        out += [[x for x in s if x < p], [x for x in s if x == p], [x for x in s if x > p]]
    return out


def five(rows):
    out = []
    for s in rows:
        a = [x for x in s if x > 0]
        c = [x for x in s if x < 0]
        out += [a, [2 * x for x in s], a, c, [x for x in s if x == 0]]
    return out


def one(rows):
    return [[x for x in s if x % 2 == 0] for s in rows]


def pairs(rows):
    ints, floats = [], []
    for s in rows:
        a = [x for x in s if x > 0]
        b = [x for x in s if x <= 0]
        ints += [b, a]
        floats += [[x * 0.5 for x in b], [x + 0.25 for x in a]]
    return ints, floats


def rows2(rows):
    out = []
    for s in rows:
        out += [[[x, x + 1] for x in s if x > 0], [[x, -x] for x in s if x < 0]]
    return out


def append(rows):
    return [[x for x in s if x > 0] + [x for x in s if x < 0] + [7] for s in rows]


def i32s(xs):
    return "[" + ", ".join(f"{x}i32" for x in xs) + "]" if xs else "empty([0]i32)"


def f64s(xs):
    return "[" + ", ".join(f"{float(x)!r}f64" for x in xs) + "]" if xs else "empty([0]f64)"


def pairs2(xs):
    return "[" + ", ".join(f"[{a}i32, {b}i32]" for a, b in xs) + "]" if xs else "empty([0][2]i32)"


def nested(rows, one_row, empty):
    return "[" + ", ".join(one_row(r) for r in rows) + "]" if rows else empty


def datasets():
    rnd = random.Random(4)
    small = [[3, -1, 4, 1, -5, 9, 2, 6], [0], [-2, -2, 7], [5, 5, 5, 5]]
    with_empty = [[], [1, -1, 0, 2], [], [], [-3, 8, -3, 0, 0, 4], []]
    all_empty = [[], [], []]
    none = []
    giant = [[] for _ in range(20)] + [[rnd.randint(-50, 50) for _ in range(700)]] + [[] for _ in range(20)]
    many = [[rnd.randint(-50, 50) for _ in range(rnd.choice([0, 0, 1, 2, 3, 5, 8, 13, 40]))] for _ in range(80)]
    return [small, with_empty, all_empty, none, giant, many]


def block(entry, cases):
    lines = ["-- ==", f"-- entry: {entry}"]
    for inp, out in cases:
        lines.append(f"-- input {{ {inp} }}")
        lines.append(f"-- output {{ {out} }}")
    return "\n".join(lines) + "\n"


def main():
    sets = datasets()
    rows_in = [nested(rows, i32s, "empty([0][0]i32)") for rows in sets]
    jag = lambda rows: nested(rows, i32s, "empty([0][0]i32)")
    blocks = [
        block("split3", [(i, jag(split3(r))) for i, r in zip(rows_in, sets)]),
        block("five", [(i, jag(five(r))) for i, r in zip(rows_in, sets)]),
        block("one", [(i, jag(one(r))) for i, r in zip(rows_in, sets)]),
        block("pairs", [(i, jag(pairs(r)[0]) + " " + nested(pairs(r)[1], f64s, "empty([0][0]f64)"))
                        for i, r in zip(rows_in, sets)]),
        # no rows: the interpreter's empty result forgets its [2] (docs/ARCHITECTURE.md)
        block("rows2", [(i, nested(rows2(r), pairs2, "empty([0][0][2]i32)")) for i, r in zip(rows_in, sets) if r]),
        block("append", [(i, jag(append(r))) for i, r in zip(rows_in, sets)]),
    ]
    rnd = random.Random(5)
    tops = [([1, -2, 3], []), ([], []), ([], [4, 5]), ([rnd.randint(-9, 9) for _ in range(500)], [0] * 7)]
    blocks.append(block("top", [(f"{i32s(x)} {i32s(y)}", jag([x, y, [v for v in x if v > 0]])) for x, y in tops]))
    fixed = [[], [5], [rnd.randint(-9, 9) for _ in range(40)]]
    blocks.append(block("fixed", [(i32s(xs), jag([r for x in xs for r in ([x, x + 1, x + 2], [x])]) + " [3i64, 1i64, 2i64]")
                                  for xs in fixed]))
    text = HEADER + "\n" + "\n".join(blocks) + "\n" + PROGRAM
    open(PATH, "w").write(text)


if __name__ == "__main__":
    main()
