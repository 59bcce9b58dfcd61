# segscan_rows.py — the expected outputs of tests/programs/segscan_rows.fut, computed without
# weft: the same scans written out in Python (u32 and u64 wrap-around as masks).  Prints one
# line per input: n m, then the two outputs in weft's text format.
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def elem(i, j):
    a = ((i * 31 + j * 17 + 1) | 1) & M32
    b = (i * 7 + j * 13) & M32
    return a, b


def run(n, m):
    sums, affine = 0, 0
    for i in range(n):
        s = 0
        ca, cb = 1, 0  # the identity map x -> 1*x + 0
        for j in range(m):
            a, b = elem(i, j)
            s = (s + a) & M64
            sums = (sums + s * (j + 1)) & M64
            # compose: first the maps before (ca, cb), then x -> a*x + b
            ca, cb = (ca * a) & M32, (a * cb + b) & M32
            affine = (affine + ((ca ^ cb) * (j + 1))) & M64
    return sums, affine


for n, m in [(20000, 20), (20000, 70), (100, 200), (3, 1000), (50000, 5), (0, 7), (5, 0)]:
    s, a = run(n, m)
    print(f"{n} {m} -> {s}u64 {a}u64")
