# gen_segred_tiles.py — the cases of tests/irregular/segred_tiles.fut, computed by a plain loop
# over each row (the affine maps v -> a*v + b composed left to right, in i32 arithmetic);
# for commuting, the sums and maxima of the rows' values; `python3 gen_segred_tiles.py rows`,
# `... commuting` and `... checksum` print each entry's test block.
def row(r, n):
    a, b = 1, 0
    for j in range(n):
        x = (r * 7 + j * 13) % 5
        a2, b2 = (1 if x % 2 == 0 else -1), x
        a, b = a * a2, a2 * b + b2
    return b
def wrap(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >= (1 << (bits - 1)) else v
def rows(lens):
    return [wrap(row(r, n), 32) for r, n in enumerate(lens)]
def lens_of(n):  # as the checksum entry builds them
    return [20000 + 3 * i if i % 97 == 5 else (i * 7) % 13 for i in range(n)]
def commuting(lens):
    sums, maxs = [], []
    for r, n in enumerate(lens):
        xs = [(r * 7 + j * 13) % 1000 - 500 for j in range(n)]
        sums.append(wrap(sum(xs), 32))
        maxs.append(max(xs) if xs else -2147483648)
    return sums, maxs
ROWS = [[40000, 0, 3, 100000, 0, 0, 1, 70000, 16384, 16383, 16385, 2, 0], [300000], [0, 0, 65536, 0], [1, 2, 3, 4, 5]]
import sys
if sys.argv[1] == "commuting":
  print("-- ==")
  print("-- entry: commuting")
  for c in ROWS + [[2048, 2047, 2049, 1, 4096, 600, 700, 0, 800, 5000, 0, 0, 3000]]:
    sums, maxs = commuting(c)
    print("-- input { [" + ", ".join("%di64" % n for n in c) + "] }")
    print("-- output { [" + ", ".join("%di32" % x for x in sums) + "] [" + ", ".join("%di32" % x for x in maxs) + "] }")
elif sys.argv[1] == "rows":
  print("-- ==")
  print("-- entry: rows")
  for c in ROWS:
    print("-- input { [" + ", ".join("%di64" % n for n in c) + "] }")
    print("-- output { [" + ", ".join("%di32" % x for x in rows(c)) + "] }")
else:
  print("-- ==")
  print("-- entry: checksum")
  for n in [3000, 1, 0]:
    lens = lens_of(n)
    s = wrap(sum(v * (r + 1) for r, v in enumerate(rows(lens))), 64)
    print("-- input { %di64 }" % n)
    print("-- output { %di64 %di64 }" % (s, sum(lens)))
