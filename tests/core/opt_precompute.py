# opt_precompute.py — the expected outputs of tests/core/opt_precompute.fut, computed without weft:
# the same loops written out in Python (floor division as weft's `/` on integers).  Prints one
# line per input: w, h, ks, then the two outputs in weft's text format.
import math
def run(w, h, ks):
    m = w // 2
    xs = [1.0] * w  # the inputs' xs0
    total = 0.0
    for i in range(h):
        s = 0.0
        for j in range(w):
            s += xs[j] * math.exp(-(j - m) * 0.1)
        ys = []
        for t in range(w):
            acc = 0.0
            for d in range(3):
                j = t + d - 1
                if not (j < 0 or j >= w):
                    acc = acc + xs[j] * math.sqrt(j * j + t + 1) / 3.0
            ys.append(acc)
        zs = []
        for j in range(w):
            if j == m:
                z = ys[j]
            else:
                z = ys[j] + math.exp(10 // (j - m)) / 100.0 / (i + 1)
            if j < len(ks):
                z = z + math.exp(ks[j]) / 1000.0
            if j <= 3:
                z = z + 3.0  # the while-loop counts from j up to 3
            zs.append(z)
        xs = zs
        total = total + s
    return xs, total
for w, h, ks in [(7, 4, [3, -2, 1]), (6, 0, [5]), (1, 3, [0, 1]), (9, 6, [])]:
    xs, t = run(w, h, ks)
    print(w, h, ks, "[" + ", ".join(repr(x) + "f64" for x in xs) + "]", repr(t) + "f64")
