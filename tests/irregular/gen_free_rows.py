# gen_free_rows.py — the cases of tests/irregular/free_rows_in_nest.fut, computed from their meaning
import random
def f64(x): return repr(float(x)) + "f64"
def arr(xs, fmt): return "[" + ", ".join(fmt(x) for x in xs) + "]" if xs else None
def main(xss, gs):
    return [sum(g * sum(x * g for x in xs) for xs in xss) for g in gs]
def scaled(xss, ws):
    # per weight w and per row: the row's maximum times w, or w when the row is empty
    return [[(max(xs) * w if xs else w) for xs in xss] for w in ws]
random.seed(5)
cases = []
cases.append(([[1.0, 2.0], [], [3.0, 4.0, 5.0]], [1.0, 2.0]))
cases.append(([[]], [3.0]))
cases.append(([[0.5] * 7, [], [], [2.0, -1.0]], [0.5, -2.0, 4.0]))
big = [[float(random.randint(-8, 8)) for _ in range(random.choice([0, 1, 3, 40]))] for _ in range(50)]
cases.append((big, [float(random.randint(-3, 3)) for _ in range(9)]))
def jag(xss):
    if all(len(r) == 0 for r in xss):
        return "empty([%d][0]f64)" % len(xss) if False else "[" + ", ".join("empty([0]f64)" for _ in xss) + "]"
    return "[" + ", ".join("[" + ", ".join(f64(x) for x in r) + "]" if r else "empty([0]f64)" for r in xss) + "]"
for xss, gs in cases:
    print("-- input { %s [%s] }" % (jag(xss), ", ".join(f64(g) for g in gs)))
    print("-- output { [%s] }" % ", ".join(f64(v) for v in main(xss, gs)))
print("\n-- ==\n-- entry: scaled")
for xss, gs in cases:
    print("-- input { %s [%s] }" % (jag(xss), ", ".join(f64(g) for g in gs)))
    out = scaled(xss, gs)
    print("-- output { [%s] }" % ", ".join("[" + ", ".join(f64(v) for v in row) + "]" for row in out))
