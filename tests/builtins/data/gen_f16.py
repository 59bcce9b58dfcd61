# gen_f16.py — prints the input/output lines of tests/builtins/f16_arith.fut (python3 gen_f16.py)
# and writes data/f16_values.in (the binary input of tests/builtins/f16_values.fut).
# Independent model of f16 for the expected outputs: Python's struct 'e' (correctly rounded
# double -> binary16, ties to even), double arithmetic (exact for + - * of halves; / and sqrt
# rounded once to double, which rounds to half as the exact quotient would: 53 >= 2*11+2).
import struct, math
def h(x):        # double -> half bits
    try:
        return struct.unpack('<H', struct.pack('<e', x))[0]
    except OverflowError:
        return 0x7c00 if x > 0 else 0xfc00
def hv(b):       # half bits -> double
    return struct.unpack('<e', struct.pack('<H', b))[0]
def isnan_b(b): return (b & 0x7c00) == 0x7c00 and (b & 0x3ff) != 0
QNAN = 0x7e00
def op(f, a, b):
    x, y = hv(a), hv(b)
    if math.isnan(x) or math.isnan(y): return None
    try:
        r = f(x, y)
    except ZeroDivisionError:
        if x == 0 or math.isnan(x): return None
        r = math.copysign(math.inf, x) * math.copysign(1, y)
    if isinstance(r, float) and math.isnan(r): return None
    return h(r)
def add(x, y):
    if math.isinf(x) and math.isinf(y) and x != y: return math.nan
    return x + y
def sub(x, y): return add(x, -y)
def mul(x, y):
    if (math.isinf(x) and y == 0) or (math.isinf(y) and x == 0): return math.nan
    return x * y
def div(x, y):
    if math.isinf(x) and math.isinf(y): return math.nan
    return x / y
def fmin(x, y): return y if math.isnan(x) else x if math.isnan(y) else (y if y < x else x)
def fmax(x, y): return y if math.isnan(x) else x if math.isnan(y) else (y if y > x else x)

def u16(b): return '%du16' % b
def nanfix(b):  # NaN results: compared through isnan (payloads are not specified)
    return b

# --- arith: bits of a+b a-b a*b a/b, min, max, -a, isnan of each
cases = [
    (0x3c00, 0x1000),  # 1 + 2^-11: a tie, to even (1.0)
    (0x3c01, 0x1000),  # (1+2^-10) + 2^-11: a tie, to even (1+2^-9)
    (0x3c00, 0x3c00),
    (0x7bff, 0x4c00),  # 65504 + 16 = 65520: the tie with 2^16, to infinity
    (0x7bff, 0x4800),  # 65504 + 8: to 65504
    (0x0001, 0x3800),  # 2^-24 * 0.5 = 2^-25: a tie, to 0 ; 2^-24 / 0.5
    (0x0003, 0x3800),  # 3*2^-24 * 0.5: a tie, to 2*2^-24
    (0x3c00, 0x4200),  # 1/3
    (0x5640, 0x5a40),  # 100 * 200 = 20000 (exact? 20000 = 0x74e2) ; 100/200
    (0x7a00, 0x7a00),  # 49152 + 49152 = inf ; * = inf
    (0x0000, 0x0000),  # 0/0 = nan
    (0x7c00, 0x7c00),  # inf - inf = nan
    (0x8000, 0x0000),  # -0 + 0 = 0 ; min/max of zeros: the first
    (0x7e00, 0x3c00),  # nan op 1 ; min/max give 1
    (0x03ff, 0x0001),  # the largest subnormal + 2^-24 = 2^-14 (normal)
    (0x3555, 0x3555),  # 0.333 * 0.333
]
lines = []
for a, b in cases:
    rs = [op(add, a, b), op(sub, a, b), op(mul, a, b), op(div, a, b)]
    mn = a if isnan_b(b) else b if isnan_b(a) else (b if hv(b) < hv(a) else a)
    mx = a if isnan_b(b) else b if isnan_b(a) else (b if hv(b) > hv(a) else a)
    neg = a ^ 0x8000
    outs = [(u16(0) if r is None else u16(r)) for r in rs] + [u16(mn), u16(mx), u16(neg)]
    nans = ['true' if r is None else 'false' for r in rs]
    lines.append('-- input { %s %s } output { [%s] [%s] }' % (u16(a), u16(b), ', '.join(outs), ', '.join(nans)))
print('\n'.join(lines))

# --- compare: == != < <= > >=
print()
for a, b in [(0x3c00, 0x4000), (0x4000, 0x3c00), (0x3c00, 0x3c00), (0x8000, 0x0000), (0x7e00, 0x7e00), (0x7e00, 0x3c00), (0xfc00, 0x7c00), (0x0001, 0x0000)]:
    x, y = hv(a), hv(b)
    r = [x == y, x != y, x < y, x <= y, x > y, x >= y]
    print('-- input { %s %s } output { [%s] }' % (u16(a), u16(b), ', '.join('true' if v else 'false' for v in r)))

# --- from f64 (rounded once), from i32, from f32
print()
for d in [1 + 2**-11 + 2**-40, 1 + 2**-11, 65519.99, 65520.0, -1e10, 2**-25, 2**-25 + 2**-60, 0.1, -0.0, 5.960464477539063e-08]:
    print('-- input { %r } output { %s }' % (d, u16(h(d))))
print()
for i in [2049, 2051, 65519, 65520, -4097, 0, 7]:
    print('-- input { %di32 } output { %s }' % (i, u16(h(float(i)))))
print()
# i32.f16, i64.f16, u8.f16 (truncating), f32.f16, f64.f16 exactness
for b in [0xc380, 0x7bff, 0x3bff, 0xbc00, 0x5640]:
    x = hv(b)
    print('-- input { %s } output { %di32 %di64 %r }' % (u16(b), int(x), int(x), x))

# --- data/f16_values.in: a [10]f16 and a scalar f16 in Futhark's binary format ('b', version 2,
# rank, " f16", dims as i64, then 2 bytes per element, little-endian binary16)
import os
vals = [1.5, -2.0, 0.1, 65504.0, -0.0, 2**-24, 3.0, 0.25, 1000.0, -1000.0]
data = b'b' + bytes([2, 1]) + b' f16' + struct.pack('<q', len(vals)) + b''.join(struct.pack('<e', v) for v in vals)
data += b'b' + bytes([2, 0]) + b' f16' + struct.pack('<e', 0.5)
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'f16_values.in'), 'wb').write(data)
