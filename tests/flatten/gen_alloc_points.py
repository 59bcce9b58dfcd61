# models of tests/flatten/alloc_points.fut's entries, written from their meaning
def body(x, y):
    k = (x + y) % 7 + 1
    a = []
    s = 0
    for i in range(k):
        s += i * x + y
        a.append(s)
    return a[k - 1] - a[0], a[k // 2] * (1 if k % 2 else -1)

def red(xs, ys):
    return [sum(body(x, y)[0] for y in ys) for x in xs]

def red_pair(xs, ys):
    out = []
    for x in xs:
        t, m = 0, -2**63
        for y in ys:
            v, w = body(x, y)
            t += v
            m = max(m, w)
        out.append((t, m))
    return out

def scan(xs, ys):
    out = []
    for x in xs:
        row, (a1, b1) = [], (1, 0)
        for y in ys:
            v = body(x, y)[0]
            a2, b2 = (1 if v % 2 == 0 else -1), v
            a1, b1 = a1 * a2, a2 * b1 + b2   # affine maps composed: associative, not commutative
            row.append(b1)
        out.append(row)
    return out

def fmt(v):
    return "[" + ", ".join("%di64" % e for e in v) + "]"

cases = [([1, 2, 3], [0, 5, 9, 14]), ([7], [3]), (list(range(-3, 9)), list(range(0, 40, 3))), ([], [1, 2]), ([4, 5], [])]
for xs, ys in cases:
    i = "{ %s %s }" % (fmt(xs) if xs else "empty([0]i64)", fmt(ys) if ys else "empty([0]i64)")
    r = red(xs, ys)
    p = red_pair(xs, ys)
    sc = scan(xs, ys)
    print("RED", i, "{ %s }" % (fmt(r) if xs else "empty([0]i64)"))
    print("PAIR", i, "{ %s %s }" % ((fmt([a for a, _ in p]), fmt([b for _, b in p])) if xs else ("empty([0]i64)", "empty([0]i64)")))
    if xs and ys:
        sco = "[" + ", ".join(fmt(r) for r in sc) + "]"
    else:
        sco = "empty([%d][%d]i64)" % (len(xs), len(ys))
    print("SCAN", i, "{ %s }" % sco)
