/* cexpr.c — C names, types, constants and scalar operator expressions shared by the C-emitting
 * backends (cexpr.h).
 */
#include <math.h>

#include "cexpr.h"

const char *c_name(const char *var) {
    StrBuf sb = {0};
    sb_puts(&sb, "v_");
    for (const char *p = var; *p; p++) {
        char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')
            sb_putc(&sb, c);
        else
            sb_printf(&sb, "_%02x", (unsigned char)c);
    }
    return sb.data;
}

const char *c_prim(PrimType p) {
    static const char *const names[] = {"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
                                        "uint32_t", "uint64_t", "float", "double", "bool"};
    return names[p];
}

int c_esz(PrimType p) {
    static const int sz[] = {1, 2, 4, 8, 1, 2, 4, 8, 4, 8, 1};
    return sz[p];
}

static int c_bits(PrimType p) { return c_esz(p) * 8; }
static bool p_signed(PrimType p) { return p <= PRIM_I64; }
static bool p_unsigned(PrimType p) { return p >= PRIM_U8 && p <= PRIM_U64; }
static bool p_float(PrimType p) { return p == PRIM_F32 || p == PRIM_F64; }

const char *c_loc(Loc loc) {
    if (!loc.file)
        return "NULL";
    StrBuf sb = {0};
    sb_putc(&sb, '"');
    for (const char *p = loc.file; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_putc(&sb, '\\');
        if ((unsigned char)*p < 32)
            sb_printf(&sb, "\\%03o", (unsigned char)*p);
        else
            sb_putc(&sb, *p);
    }
    sb_printf(&sb, ":%d:%d\"", loc.line, loc.col);
    return sb.data;
}

const char *c_string(const char *s) {
    StrBuf sb = {0};
    sb_putc(&sb, '"');
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_putc(&sb, '\\');
        if ((unsigned char)*p < 32 || *p == '?')
            sb_printf(&sb, "\\%03o", (unsigned char)*p);
        else
            sb_putc(&sb, *p);
    }
    sb_putc(&sb, '"');
    return sb.data;
}

const char *c_const(CAtom a) {
    switch (a.prim) {
    case PRIM_BOOL: return a.ival ? "true" : "false";
    case PRIM_F32:
    case PRIM_F64: {
        const char *t = a.prim == PRIM_F32 ? "float" : "double";
        if (a.fval != a.fval)
            return xsprintf("((%s)NAN)", t);
        if (isinf(a.fval))
            return xsprintf(a.fval > 0 ? "((%s)INFINITY)" : "(-(%s)INFINITY)", t);
        return xsprintf("((%s)%a)", t, a.fval);
    }
    case PRIM_I64:
        if (a.ival == INT64_MIN)
            return "INT64_MIN";
        return xsprintf("INT64_C(%lld)", (long long)a.ival);
    case PRIM_U64: return xsprintf("UINT64_C(%llu)", (unsigned long long)a.ival);
    default: return xsprintf("((%s)%lldLL)", c_prim(a.prim), (long long)a.ival);
    }
}


static const char *math_name(COp op) {
    switch (op) {
    case COP_SQRT: return "sqrt";
    case COP_CBRT: return "cbrt";
    case COP_LOG: return "log";
    case COP_LOG2: return "log2";
    case COP_LOG10: return "log10";
    case COP_LOG1P: return "log1p";
    case COP_SIN: return "sin";
    case COP_COS: return "cos";
    case COP_TAN: return "tan";
    case COP_ASIN: return "asin";
    case COP_ACOS: return "acos";
    case COP_ATAN: return "atan";
    case COP_SINH: return "sinh";
    case COP_COSH: return "cosh";
    case COP_TANH: return "tanh";
    case COP_ASINH: return "asinh";
    case COP_ACOSH: return "acosh";
    case COP_ATANH: return "atanh";
    case COP_FLOOR: return "floor";
    case COP_CEIL: return "ceil";
    case COP_ROUND: return "rint";
    case COP_TRUNC: return "trunc";
    case COP_FABS: return "fabs";
    case COP_ERF: return "erf";
    case COP_ERFC: return "erfc";
    case COP_GAMMA: return "tgamma";
    case COP_LGAMMA: return "lgamma";
    case COP_ATAN2: return "atan2";
    case COP_HYPOT: return "hypot";
    case COP_COPYSIGN: return "copysign";
    case COP_FMA: return "fma";
    default: return NULL;
    }
}

const char *c_op_expr(const CExp *e, const char *const *args, const char **divisor) {
    PrimType p = e->prim;
    const char *T = c_prim(p);
    const char *a = e->args.len > 0 ? args[0] : "";
    const char *b = e->args.len > 1 ? args[1] : "";
    const char *c = e->args.len > 2 ? args[2] : "";
    *divisor = NULL;
    bool fl = p_float(p), f32 = p == PRIM_F32, sg = p_signed(p);
    int bits = p == PRIM_BOOL ? 1 : c_bits(p);
    const char *sfx = f32 ? "f" : "";
    /* x != x (NaN tests) without -Wtautological-compare.  Only where a warning can come: on
     * floats `x + 0` is a real addition (it turns -0.0 into 0.0), and in `x * x` it lengthened
     * every square's chain of dependent operations by one addition. */
    bool compare = e->op == COP_EQ || e->op == COP_NE || e->op == COP_LT || e->op == COP_LE || e->op == COP_GT ||
                   e->op == COP_GE;
    if (e->args.len > 1 && catom_eq(e->args.data[0], e->args.data[1]) && (compare || !fl))
        b = xsprintf("(%s + 0)", b);
    switch (e->op) {
    case COP_ADD:
    case COP_SUB:
    case COP_MUL: {
        const char *o = e->op == COP_ADD ? "+" : e->op == COP_SUB ? "-" : "*";
        if (fl)
            return xsprintf("(%s %s %s)", a, o, b);
        return xsprintf("((%s)((uint64_t)(%s) %s (uint64_t)(%s)))", T, a, o, b);
    }
    case COP_DIV:
    case COP_MOD:
    case COP_QUOT:
    case COP_REM:
        if (fl) {
            if (e->op == COP_DIV)
                return xsprintf("(%s / %s)", a, b);
            if (e->op == COP_QUOT)
                return xsprintf("trunc%s(%s / %s)", sfx, a, b);
            return xsprintf("fmod%s(%s, %s)", sfx, a, b);
        }
        *divisor = b;
        if (!sg)
            return xsprintf("((%s)((uint64_t)(%s) %s (uint64_t)(%s)))", T, a,
                            e->op == COP_DIV || e->op == COP_QUOT ? "/" : "%", b);
        return xsprintf("((%s)wf_%s64((int64_t)(%s), (int64_t)(%s)))", T,
                        e->op == COP_DIV ? "fdiv" : e->op == COP_MOD ? "fmod" : e->op == COP_QUOT ? "quot" : "rem", a,
                        b);
    case COP_POW:
        if (fl)
            return xsprintf("pow%s(%s, %s)", sfx, a, b);
        if (sg)
            return xsprintf("((%s)wf_spow((int64_t)(%s), (int64_t)(%s)))", T, a, b);
        return xsprintf("((%s)wf_upow((uint64_t)(%s), (uint64_t)(%s)))", T, a, b);
    case COP_MIN:
    case COP_MAX:
        if (fl && p == PRIM_F64) /* inline: C compilers call libm's fmin */
            return xsprintf("wf_f%s64(%s, %s)", e->op == COP_MIN ? "min" : "max", a, b);
        if (fl)
            return xsprintf("f%s%s(%s, %s)", e->op == COP_MIN ? "min" : "max", sfx, a, b);
        return xsprintf("(%s %s %s ? %s : %s)", a, e->op == COP_MIN ? "<" : ">", b, a, b);
    case COP_AND:
    case COP_OR:
    case COP_XOR:
        if (p == PRIM_BOOL)
            return xsprintf("(%s %s %s)", a, e->op == COP_AND ? "&&" : e->op == COP_OR ? "||" : "!=", b);
        return xsprintf("((%s)(%s %s %s))", T, a, e->op == COP_AND ? "&" : e->op == COP_OR ? "|" : "^", b);
    case COP_SHL:
    case COP_SHR:
    case COP_USHR:
        return xsprintf("((%s)wf_%s((int64_t)(%s), (int64_t)(%s), %d, %s))", T,
                        e->op == COP_SHL ? "shl" : e->op == COP_SHR ? "shr" : "ushr", a, b, bits, sg ? "true" : "false");
    case COP_EQ: return xsprintf("(%s == %s)", a, b);
    case COP_NE: return xsprintf("(%s != %s)", a, b);
    case COP_LT: return xsprintf("(%s < %s)", a, b);
    case COP_LE: return xsprintf("(%s <= %s)", a, b);
    case COP_GT: return xsprintf("(%s > %s)", a, b);
    case COP_GE: return xsprintf("(%s >= %s)", a, b);
    case COP_NEG:
        if (fl)
            return xsprintf("(-%s)", a);
        if (p == PRIM_BOOL)
            return xsprintf("(!%s)", a);
        return xsprintf("((%s)(0 - (uint64_t)(%s)))", T, a);
    case COP_NOT:
        if (p == PRIM_BOOL)
            return xsprintf("(!%s)", a);
        return xsprintf("((%s)~(%s))", T, a);
    case COP_SELECT: return xsprintf("(%s ? %s : %s)", a, b, c);
    case COP_CONVERT: {
        PrimType q = e->prim2;
        const char *Q = c_prim(q);
        if (q == PRIM_BOOL)
            return xsprintf("(%s != 0)", a);
        if (p_float(p) && !p_float(q))
            return xsprintf("((%s)wf_f2i((double)(%s), %s))", Q, a, p_unsigned(q) ? "true" : "false");
        return xsprintf("((%s)(%s))", Q, a);
    }
    case COP_BITCAST: {
        PrimType q = e->prim2;
        const char *Q = c_prim(q);
        if (p == PRIM_F32)
            return xsprintf("((%s)wf_f32_bits(%s))", Q, a);
        if (p == PRIM_F64)
            return xsprintf("((%s)wf_f64_bits(%s))", Q, a);
        if (q == PRIM_F32)
            return xsprintf("wf_bits_f32((uint32_t)(%s))", a);
        if (q == PRIM_F64)
            return xsprintf("wf_bits_f64((uint64_t)(%s))", a);
        return xsprintf("((%s)(%s))", Q, a);
    }
    case COP_ISNAN: return xsprintf("(isnan(%s) != 0)", a);
    case COP_ISINF: return xsprintf("(isinf(%s) != 0)", a);
    case COP_POPC: return xsprintf("wf_popc((uint64_t)(%s), %d)", a, bits);
    case COP_CLZ: return xsprintf("wf_clz((uint64_t)(%s), %d)", a, bits);
    case COP_CTZ: return xsprintf("wf_ctz((uint64_t)(%s), %d)", a, bits);
    case COP_MUL_HI:
        return xsprintf("((%s)wf_mul_hi((int64_t)(%s), (int64_t)(%s), %d, %s))", T, a, b, bits, sg ? "true" : "false");
    case COP_EXP:
        if (!f32) /* wf_scalar.h: inline, half of libm's time */
            return xsprintf("wf_exp64(%s)", a);
        return xsprintf("expf(%s)", a); /* libm's: as fast */
    default: {
        const char *m = math_name(e->op);
        if (!m)
            die("cgen: operator %d", (int)e->op);
        int ar = core_ops[e->op].arity;
        if (ar == 1)
            return xsprintf("%s%s(%s)", m, sfx, a);
        if (ar == 2)
            return xsprintf("%s%s(%s, %s)", m, sfx, a, b);
        return xsprintf("%s%s(%s, %s, %s)", m, sfx, a, b, c);
    }
    }
}

const char *c_assert_error(const CExp *e, const char *loc, const char *const *vals) {
    const char *msg = e->msg ? e->msg : "assertion failed";
    if (e->args.len == 1)
        return xsprintf("wf_error(ctx, %s, \"%%s\", %s)", loc ? loc : "NULL", c_string(msg));
    StrBuf sb = {0};
    sb_printf(&sb, "wf_error(ctx, %s, %s", loc ? loc : "NULL", c_string(msg));
    for (int i = 1; i < e->args.len; i++)
        sb_printf(&sb, ", (long long)(%s)", vals[i - 1]);
    sb_putc(&sb, ')');
    return sb.data;
}
