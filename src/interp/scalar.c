/* scalar.c — arithmetic on primitive values with Futhark's semantics.
 *
 *  - Integer arithmetic wraps at the type's width (computed in 64 bits, then renormalised).
 *  - Signed `/` and `%` round toward negative infinity; `//` and `%%` truncate toward zero.
 *    Unsigned types use unsigned division.  Division or modulo by zero is a run-time error.
 *  - Shifts by at least the width give 0 (or -1 for `>>` of a negative signed value).
 *    `>>` is arithmetic on signed types; `>>>` is always logical.
 *  - f32 operations are done in float, so every operation rounds to single precision.
 *  - Conversions truncate floats toward zero; NaN and out-of-range values convert to 0 / the
 *    wrapped value of the truncated 64-bit integer (undefined in Futhark, defined here).
 */
#include <math.h>
#include <string.h>

#include "internal.h"
#include "../../rts/wf_scalar.h"

static bool p_signed(PrimType p) { return p <= PRIM_I64; }
static bool p_unsigned(PrimType p) { return p >= PRIM_U8 && p <= PRIM_U64; }
static bool p_float(PrimType p) { return p == PRIM_F32 || p == PRIM_F64; }
static int p_bits(PrimType p) {
    static const int bits[] = {8, 16, 32, 64, 8, 16, 32, 64, 32, 64, 1};
    return bits[p];
}

bool prim_as_bool(Value v) { return v.as.i != 0; }

static Value cmp_result(BinOp op, int c) {
    switch (op) {
    case BIN_EQ: return v_bool(c == 0);
    case BIN_NEQ: return v_bool(c != 0);
    case BIN_LT: return v_bool(c < 0);
    case BIN_LE: return v_bool(c <= 0);
    case BIN_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

static bool is_cmp(BinOp op) {
    return op == BIN_EQ || op == BIN_NEQ || op == BIN_LT || op == BIN_LE || op == BIN_GT || op == BIN_GE;
}

static int64_t floor_div(int64_t x, int64_t y) {
    if (y == -1)
        return (int64_t)(0 - (uint64_t)x); /* wraps for INT64_MIN */
    int64_t q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0)))
        q--;
    return q;
}

static int64_t floor_mod(int64_t x, int64_t y) {
    if (y == -1)
        return 0;
    int64_t r = x % y;
    if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
    return r;
}

static uint64_t int_pow(uint64_t base, uint64_t e) {
    uint64_t r = 1;
    while (e) {
        if (e & 1)
            r *= base;
        base *= base;
        e >>= 1;
    }
    return r;
}

static Value int_binop(BinOp op, Value a, Value b, Loc loc) {
    PrimType p = a.prim;
    bool sg = p_signed(p);
    int bits = p_bits(p);
    uint64_t x = a.as.u, y = b.as.u;
    int64_t sx = a.as.i, sy = b.as.i;
    if (is_cmp(op)) {
        int c = sg ? (sx < sy ? -1 : sx > sy) : (x < y ? -1 : x > y);
        return cmp_result(op, c);
    }
    switch (op) {
    case BIN_ADD: return v_prim_i(p, (int64_t)(x + y));
    case BIN_SUB: return v_prim_i(p, (int64_t)(x - y));
    case BIN_MUL: return v_prim_i(p, (int64_t)(x * y));
    case BIN_DIV:
    case BIN_MOD:
    case BIN_QUOT:
    case BIN_REM:
        if (y == 0)
            interp_error(loc, "division by zero");
        if (!sg)
            return v_prim_i(p, (int64_t)((op == BIN_DIV || op == BIN_QUOT) ? x / y : x % y));
        if (op == BIN_DIV)
            return v_prim_i(p, floor_div(sx, sy));
        if (op == BIN_MOD)
            return v_prim_i(p, floor_mod(sx, sy));
        if (sy == -1)
            return v_prim_i(p, op == BIN_QUOT ? (int64_t)(0 - x) : 0);
        return v_prim_i(p, op == BIN_QUOT ? sx / sy : sx % sy);
    case BIN_POW:
        if (sg && sy < 0)
            return v_prim_i(p, sx == 1 ? 1 : sx == -1 ? ((sy & 1) ? -1 : 1) : 0);
        return v_prim_i(p, (int64_t)int_pow(x, y));
    case BIN_BAND: return v_prim_i(p, (int64_t)(x & y));
    case BIN_BOR: return v_prim_i(p, (int64_t)(x | y));
    case BIN_BXOR: return v_prim_i(p, (int64_t)(x ^ y));
    case BIN_SHL:
        return v_prim_i(p, (sg && sy < 0) || y >= (uint64_t)bits ? 0 : (int64_t)(x << y));
    case BIN_SHR:
        if ((sg && sy < 0) || y >= (uint64_t)bits)
            return v_prim_i(p, sg && sx < 0 ? -1 : 0);
        return sg ? v_prim_i(p, sx >> y) : v_prim_i(p, (int64_t)(x >> y));
    case BIN_USHR: {
        if ((sg && sy < 0) || y >= (uint64_t)bits)
            return v_prim_i(p, 0);
        uint64_t m = bits == 64 ? x : x & ((UINT64_C(1) << bits) - 1);
        return v_prim_i(p, (int64_t)(m >> y));
    }
    default: die("int_binop: operator %d", (int)op);
    }
}

static Value f32_binop(BinOp op, float x, float y) {
    if (is_cmp(op)) {
        switch (op) {
        case BIN_EQ: return v_bool(x == y);
        case BIN_NEQ: return v_bool(x != y);
        case BIN_LT: return v_bool(x < y);
        case BIN_LE: return v_bool(x <= y);
        case BIN_GT: return v_bool(x > y);
        default: return v_bool(x >= y);
        }
    }
    switch (op) {
    case BIN_ADD: return v_f32(x + y);
    case BIN_SUB: return v_f32(x - y);
    case BIN_MUL: return v_f32(x * y);
    case BIN_DIV: return v_f32(x / y);
    case BIN_MOD: case BIN_REM: return v_f32(fmodf(x, y));
    case BIN_QUOT: return v_f32(truncf(x / y));
    case BIN_POW: return v_f32(powf(x, y));
    default: die("f32_binop: operator %d", (int)op);
    }
}

static Value f64_binop(BinOp op, double x, double y) {
    if (is_cmp(op)) {
        switch (op) {
        case BIN_EQ: return v_bool(x == y);
        case BIN_NEQ: return v_bool(x != y);
        case BIN_LT: return v_bool(x < y);
        case BIN_LE: return v_bool(x <= y);
        case BIN_GT: return v_bool(x > y);
        default: return v_bool(x >= y);
        }
    }
    switch (op) {
    case BIN_ADD: return v_f64(x + y);
    case BIN_SUB: return v_f64(x - y);
    case BIN_MUL: return v_f64(x * y);
    case BIN_DIV: return v_f64(x / y);
    case BIN_MOD: case BIN_REM: return v_f64(fmod(x, y));
    case BIN_QUOT: return v_f64(trunc(x / y));
    case BIN_POW: return v_f64(pow(x, y));
    default: die("f64_binop: operator %d", (int)op);
    }
}

static Value bool_binop(BinOp op, bool x, bool y) {
    switch (op) {
    case BIN_AND: case BIN_BAND: return v_bool(x && y);
    case BIN_OR: case BIN_BOR: return v_bool(x || y);
    case BIN_BXOR: return v_bool(x != y);
    default: return cmp_result(op, (int)x - (int)y);
    }
}

Value scalar_binop(BinOp op, Value a, Value b, Loc loc) {
    if (a.kind != VK_PRIM || b.kind != VK_PRIM)
        die("scalar_binop: non-scalar operand to %s", binop_name(op));
    if (a.prim != b.prim) /* only when literals were left untyped: widen to the other side */
        b = scalar_convert(b, a.prim);
    switch (a.prim) {
    case PRIM_F32: return f32_binop(op, a.as.f32, b.as.f32);
    case PRIM_F64: return f64_binop(op, a.as.f64, b.as.f64);
    case PRIM_BOOL: return bool_binop(op, a.as.i != 0, b.as.i != 0);
    default: return int_binop(op, a, b, loc);
    }
}

Value scalar_neg(Value a) {
    switch (a.prim) {
    case PRIM_F32: return v_f32(-a.as.f32);
    case PRIM_F64: return v_f64(-a.as.f64);
    case PRIM_BOOL: return v_bool(!a.as.i);
    default: return v_prim_i(a.prim, (int64_t)(0 - a.as.u));
    }
}

Value scalar_not(Value a) {
    if (a.prim == PRIM_BOOL)
        return v_bool(!a.as.i);
    return v_prim_i(a.prim, (int64_t)~a.as.u);
}

static int64_t float_to_int(double d, bool to_unsigned) {
    if (isnan(d) || isinf(d))
        return 0;
    d = trunc(d);
    if (to_unsigned && d >= 9223372036854775808.0)
        return d >= 18446744073709551616.0 ? 0 : (int64_t)(uint64_t)d;
    if (d >= 9223372036854775808.0 || d < -9223372036854775808.0)
        return 0;
    return (int64_t)d;
}

Value scalar_convert(Value v, PrimType to) {
    PrimType from = v.prim;
    if (from == to)
        return v;
    if (to == PRIM_BOOL) {
        if (from == PRIM_F32)
            return v_bool(v.as.f32 != 0);
        if (from == PRIM_F64)
            return v_bool(v.as.f64 != 0);
        return v_bool(v.as.u != 0);
    }
    if (from == PRIM_F32 || from == PRIM_F64) {
        double d = from == PRIM_F32 ? (double)v.as.f32 : v.as.f64;
        if (to == PRIM_F32)
            return v_f32((float)d);
        if (to == PRIM_F64)
            return v_f64(d);
        return v_prim_i(to, float_to_int(d, p_unsigned(to)));
    }
    /* from an integer or bool */
    if (to == PRIM_F32)
        return v_f32(p_unsigned(from) ? (float)v.as.u : (float)v.as.i);
    if (to == PRIM_F64)
        return v_f64(p_unsigned(from) ? (double)v.as.u : (double)v.as.i);
    return v_prim_i(to, v.as.i);
}

Value scalar_to_bits(Value v) {
    if (v.prim == PRIM_F32) {
        uint32_t u;
        memcpy(&u, &v.as.f32, 4);
        return v_prim_i(PRIM_U32, u);
    }
    if (v.prim == PRIM_F64) {
        uint64_t u;
        memcpy(&u, &v.as.f64, 8);
        return v_prim_i(PRIM_U64, (int64_t)u);
    }
    return v; /* integers: their own bits */
}

Value scalar_from_bits(Value v, PrimType to) {
    if (to == PRIM_F32) {
        uint32_t u = (uint32_t)v.as.u;
        float f;
        memcpy(&f, &u, 4);
        return v_f32(f);
    }
    if (to == PRIM_F64) {
        double d;
        memcpy(&d, &v.as.u, 8);
        return v_f64(d);
    }
    return v_prim_i(to, v.as.i);
}

/* ---- math builtins ---- */

/* name, arity */
#define MATH_FUNS(X)                                                                              \
    X(SQRT, "sqrt", 1) X(CBRT, "cbrt", 1) X(EXP, "exp", 1) X(LOG, "log", 1) X(LOG2, "log2", 1)    \
    X(LOG10, "log10", 1) X(LOG1P, "log1p", 1) X(SIN, "sin", 1) X(COS, "cos", 1) X(TAN, "tan", 1)  \
    X(ASIN, "asin", 1) X(ACOS, "acos", 1) X(ATAN, "atan", 1) X(SINH, "sinh", 1)                   \
    X(COSH, "cosh", 1) X(TANH, "tanh", 1) X(ASINH, "asinh", 1) X(ACOSH, "acosh", 1)               \
    X(ATANH, "atanh", 1) X(FLOOR, "floor", 1) X(CEIL, "ceil", 1) X(ROUND, "round", 1)             \
    X(TRUNC, "trunc", 1) X(FABS, "fabs", 1) X(ERF, "erf", 1) X(ERFC, "erfc", 1)                   \
    X(GAMMA, "gamma", 1) X(LGAMMA, "lgamma", 1) X(ATAN2, "atan2", 2) X(HYPOT, "hypot", 2)         \
    X(POW, "pow", 2) X(FMIN, "fmin", 2) X(FMAX, "fmax", 2) X(COPYSIGN, "copysign", 2)             \
    X(FMA, "fma", 3) X(ISNAN, "isnan", 1) X(ISINF, "isinf", 1) X(POPC, "popc", 1)                 \
    X(CLZ, "clz", 1) X(CTZ, "ctz", 1) X(MUL_HI, "mul_hi", 2)

enum {
#define X(k, s, n) M_##k,
    MATH_FUNS(X)
#undef X
    M_COUNT
};

static const struct {
    const char *name;
    int arity;
} math_table[] = {
#define X(k, s, n) {s, n},
    MATH_FUNS(X)
#undef X
};

int scalar_math_lookup(const char *name) {
    for (int i = 0; i < M_COUNT; i++)
        if (!strcmp(math_table[i].name, name))
            return i;
    return -1;
}

int scalar_math_arity(int id) { return math_table[id].arity; }

static Value int_bits_fun(int id, Value a, Value b) {
    PrimType p = a.prim;
    int bits = p_bits(p);
    uint64_t x = bits == 64 ? a.as.u : a.as.u & ((UINT64_C(1) << bits) - 1);
    switch (id) {
    case M_POPC: return v_prim_i(PRIM_I32, __builtin_popcountll(x));
    case M_CLZ: return v_prim_i(PRIM_I32, x == 0 ? bits : __builtin_clzll(x) - (64 - bits));
    case M_CTZ: return v_prim_i(PRIM_I32, x == 0 ? bits : __builtin_ctzll(x));
    default: break;
    }
    /* mul_hi */
    if (bits == 64) {
        if (p_signed(p))
            return v_prim_i(p, (int64_t)(((__int128)a.as.i * (__int128)b.as.i) >> 64));
        return v_prim_i(p, (int64_t)(((unsigned __int128)a.as.u * (unsigned __int128)b.as.u) >> 64));
    }
    if (p_signed(p))
        return v_prim_i(p, (a.as.i * b.as.i) >> bits);
    return v_prim_i(p, (int64_t)((a.as.u * b.as.u) >> bits));
}

#define UN(K, ff, fd) \
    case M_##K: return f32 ? v_f32(ff(a[0].as.f32)) : v_f64(fd(a[0].as.f64));
#define BIN(K, ff, fd) \
    case M_##K: return f32 ? v_f32(ff(a[0].as.f32, a[1].as.f32)) : v_f64(fd(a[0].as.f64, a[1].as.f64));

Value scalar_math(int id, const Value *a, Loc loc) {
    (void)loc;
    if (id == M_POPC || id == M_CLZ || id == M_CTZ || id == M_MUL_HI)
        return int_bits_fun(id, a[0], a[id == M_MUL_HI ? 1 : 0]);
    if (!p_float(a[0].prim))
        die("math builtin %s applied to %s", math_table[id].name, prim_name(a[0].prim));
    bool f32 = a[0].prim == PRIM_F32;
    switch (id) {
    UN(SQRT, sqrtf, sqrt) UN(CBRT, cbrtf, cbrt) UN(EXP, expf, wf_exp64) UN(LOG, logf, log)
    UN(LOG2, log2f, log2) UN(LOG10, log10f, log10) UN(LOG1P, log1pf, log1p)
    UN(SIN, sinf, sin) UN(COS, cosf, cos) UN(TAN, tanf, tan) UN(ASIN, asinf, asin)
    UN(ACOS, acosf, acos) UN(ATAN, atanf, atan) UN(SINH, sinhf, sinh) UN(COSH, coshf, cosh)
    UN(TANH, tanhf, tanh) UN(ASINH, asinhf, asinh) UN(ACOSH, acoshf, acosh)
    UN(ATANH, atanhf, atanh) UN(FLOOR, floorf, floor) UN(CEIL, ceilf, ceil)
    UN(ROUND, rintf, rint) UN(TRUNC, truncf, trunc) UN(FABS, fabsf, fabs) UN(ERF, erff, erf)
    UN(ERFC, erfcf, erfc) UN(GAMMA, tgammaf, tgamma) UN(LGAMMA, lgammaf, lgamma)
    BIN(ATAN2, atan2f, atan2) BIN(HYPOT, hypotf, hypot) BIN(POW, powf, pow)
    BIN(FMIN, fminf, fmin) BIN(FMAX, fmaxf, fmax) BIN(COPYSIGN, copysignf, copysign)
    case M_FMA:
        return f32 ? v_f32(fmaf(a[0].as.f32, a[1].as.f32, a[2].as.f32))
                   : v_f64(fma(a[0].as.f64, a[1].as.f64, a[2].as.f64));
    case M_ISNAN: return v_bool(f32 ? isnan(a[0].as.f32) : isnan(a[0].as.f64));
    case M_ISINF: return v_bool(f32 ? isinf(a[0].as.f32) : isinf(a[0].as.f64));
    default: die("scalar_math: id %d", id);
    }
}
