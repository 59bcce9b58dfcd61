/* scalar.c — the primitive types, and the operator table of scalar.h turned into the two
 * things it is for: the C text of an operator (scalar_c_expr, for the emitters) and its
 * evaluation (scalar_eval, for the interpreter, the core evaluator and the constant folder).
 *
 * Evaluation compiles the table's C here: for each primitive type, one function holds the
 * operands in the type's C variables x, y, z and has one case per operator whose body is the
 * template of the type's class, expanded by the preprocessor from the same table row that
 * scalar_c_expr turns into text.  So an operator computes here exactly what the C it emits
 * computes in the generated program, helpers of rts/wf_scalar.h included.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "../../rts/wf_scalar.h"
#include "../util.h"
#include "scalar.h"

/* ======== primitive types ======== */

static const struct {
    const char *name;
    const char *c_type;
    int bits;
    PrimClass cls;
} prims[PRIM_COUNT] = {
#define X(k, s, c, b, cl) {s, #c, b, PC_##cl},
    PRIM_TYPES(X)
#undef X
};

static bool is_prim(PrimType t) { return t >= 0 && t < PRIM_COUNT; }

const char *prim_name(PrimType t) { return is_prim(t) ? prims[t].name : "?"; }

PrimType prim_from_name(const char *s) {
    for (int i = 0; i < PRIM_COUNT; i++)
        if (!strcmp(prims[i].name, s))
            return (PrimType)i;
    return PRIM_NONE;
}

PrimClass prim_class(PrimType t) {
    if (!is_prim(t))
        die("prim_class: no primitive type (%d)", (int)t);
    return prims[t].cls;
}

bool prim_is_int(PrimType t) { return is_prim(t) && prims[t].cls <= PC_UINT; }
bool prim_is_signed(PrimType t) { return is_prim(t) && prims[t].cls == PC_SINT; }
bool prim_is_float(PrimType t) { return is_prim(t) && (prims[t].cls == PC_F32 || prims[t].cls == PC_F64 || prims[t].cls == PC_F16); }
int prim_bits(PrimType t) { return is_prim(t) ? prims[t].bits : 0; }
int prim_bytes(PrimType t) { return prim_bits(t) / 8; }
double prim_float_max(PrimType t) { return t == PRIM_F16 ? 65504.0 : t == PRIM_F32 ? (double)FLT_MAX : DBL_MAX; }
const char *prim_c_type(PrimType t) { return is_prim(t) ? prims[t].c_type : "?"; }

int64_t prim_wrap(PrimType t, uint64_t v) {
    switch (t) {
    case PRIM_I8: return (int8_t)v;
    case PRIM_I16: return (int16_t)v;
    case PRIM_I32: return (int32_t)v;
    case PRIM_U8: return (uint8_t)v;
    case PRIM_U16: return (uint16_t)v;
    case PRIM_U32: return (uint32_t)v;
    case PRIM_BOOL: return v != 0;
    default: return (int64_t)v;
    }
}

/* ======== the operator table ======== */

const COpInfo core_ops[COP_COUNT] = {
#define X(k, s, n, f, ...) {s, n, f},
    SCALAR_OPS(X) SCALAR_MATH(X)
#undef X
};

int core_op_lookup(const char *name) {
    for (int i = 0; i < COP_COUNT; i++)
        if (!strcmp(core_ops[i].name, name))
            return i;
    return -1;
}

/* The C templates of each operator by class, as text ("NONE": not defined; "CONV": in
 * conv_rules).  A math function's is its C function applied to the operands. */
#define MATH_ARGS_1 "(x)"
#define MATH_ARGS_2 "(x, y)"
#define MATH_ARGS_3 "(x, y, z)"
static const char *const op_c[COP_COUNT][PC_COUNT] = {
#define X(k, s, n, f, si, ui, f32, f64, b) [COP_##k] = {#si, #ui, #f32, #f64, #b, #f32},
    SCALAR_OPS(X)
#undef X
#define X(k, s, n, f, cf, cd) [COP_##k] = {"NONE", "NONE", #cf MATH_ARGS_##n, #cd MATH_ARGS_##n, "NONE", #cf MATH_ARGS_##n},
    SCALAR_MATH(X)
#undef X
};

/* The cases of SCALAR_CONVERSIONS. */
typedef enum {
    CC_F16_TO_BOOL, CC_F16_TO_INT, CC_F16_SAME, CC_FROM_F16, CC_TO_F16,
    CC_TO_BOOL, CC_FLOAT_TO_INT, CC_OTHER, CC_SAME, CC_FROM_F32, CC_FROM_F64, CC_TO_F32, CC_TO_F64
} ConvCase;

static bool conv_case_holds(ConvCase c, PrimType from, PrimType to) {
    switch (c) {
    case CC_F16_TO_BOOL: return from == PRIM_F16 && to == PRIM_BOOL;
    case CC_F16_TO_INT: return from == PRIM_F16 && prim_is_int(to);
    case CC_F16_SAME: return from == PRIM_F16 && to == PRIM_F16;
    case CC_FROM_F16: return from == PRIM_F16;
    case CC_TO_F16: return to == PRIM_F16;
    case CC_TO_BOOL: return to == PRIM_BOOL;
    case CC_FLOAT_TO_INT: return prim_is_float(from) && prim_is_int(to);
    case CC_OTHER: return true;
    case CC_SAME: return from == to;
    case CC_FROM_F32: return from == PRIM_F32;
    case CC_FROM_F64: return from == PRIM_F64;
    case CC_TO_F32: return to == PRIM_F32;
    case CC_TO_F64: return to == PRIM_F64;
    }
    return false;
}

typedef enum {
#define X(op, c, e) CONV_##op##_##c,
    SCALAR_CONVERSIONS(X)
#undef X
    CONV_COUNT
} ConvRule;

static const struct {
    COp op;
    ConvCase when;
    const char *c;
} conv_rules[CONV_COUNT] = {
#define X(op, c, e) {COP_##op, CC_##c, #e},
    SCALAR_CONVERSIONS(X)
#undef X
};

static ConvRule find_conv_rule(COp op, PrimType from, PrimType to) {
    for (int r = 0; r < CONV_COUNT; r++)
        if (conv_rules[r].op == op && conv_case_holds(conv_rules[r].when, from, to))
            return (ConvRule)r;
    die("conv_rule: no rule for %s %s %s", core_ops[op].name, prim_name(from), prim_name(to));
}

/* The rule of convert or bitcast from `from` to `to`, found once (the interpreter asks often). */
static ConvRule conv_rule(COp op, PrimType from, PrimType to) {
    static signed char known[2][PRIM_COUNT][PRIM_COUNT]; /* rule + 1; 0: not yet found */
    if (!is_prim(from) || !is_prim(to))
        die("conv_rule: %s from %d to %d", core_ops[op].name, (int)from, (int)to);
    signed char *r = &known[op == COP_BITCAST][from][to];
    if (!*r)
        *r = (signed char)(find_conv_rule(op, from, to) + 1);
    return (ConvRule)(*r - 1);
}

bool scalar_op_defined(COp op, PrimType t) {
    return is_prim(t) && op >= 0 && op < COP_COUNT && strcmp(op_c[op][prims[t].cls], "NONE") != 0;
}

PrimType scalar_result_type(COp op, PrimType t, PrimType t2) {
    if (core_ops[op].flags & OPF_CONV)
        return t2;
    return (core_ops[op].flags & OPF_PRED) ? PRIM_BOOL : t;
}

bool scalar_commutative(COp op, PrimType t) {
    return (core_ops[op].flags & OPF_COMM) && !(prim_is_float(t) && (op == COP_MIN || op == COP_MAX));
}

bool scalar_foldable(COp op, PrimType t) { return !(prim_is_float(t) && (core_ops[op].flags & OPF_LIBM)); }

/* ======== C text ======== */

static bool ident_char(char c) {
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether C expression s needs no parentheses as an operand: a name or number, a call, or
 * parenthesised as a whole. */
static bool c_primary(const char *s) {
    size_t i = 0;
    while (ident_char(s[i]) || s[i] == '.')
        i++;
    if (!s[i])
        return i > 0;
    if (s[i] != '(')
        return false;
    int depth = 0;
    for (; s[i]; i++) {
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth == 0)
            return s[i + 1] == '\0';
    }
    return false;
}

/* Template tmpl with the operands args (of type t; t2 as in scalar_c_expr) put in. */
static char *expand_template(const char *tmpl, COp op, PrimType t, PrimType t2, const char *const *args) {
    StrBuf sb = {0};
    for (const char *p = tmpl; *p;) {
        if (!ident_char(*p)) {
            sb_putc(&sb, *p++);
            continue;
        }
        const char *start = p;
        while (ident_char(*p))
            p++;
        size_t n = (size_t)(p - start);
        const char *word = xstrndup(start, n);
        int arg = n == 1 && *start >= 'x' && *start <= 'z' ? *start - 'x' : -1;
        if (*start >= '0' && *start <= '9')
            sb_puts(&sb, word); /* a number: 0x... is no operand */
        else if (arg >= 0 && arg < core_ops[op].arity)
            sb_printf(&sb, c_primary(args[arg]) ? "%s" : "(%s)", args[arg]);
        else if (!strcmp(word, "T"))
            sb_puts(&sb, prim_c_type(t));
        else if (!strcmp(word, "U"))
            sb_puts(&sb, prim_c_type(t2));
        else if (!strcmp(word, "W"))
            sb_printf(&sb, "%d", prim_bits(t));
        else if (!strcmp(word, "SG"))
            sb_puts(&sb, prim_is_signed(t) ? "true" : "false");
        else if (!strcmp(word, "UNS"))
            sb_puts(&sb, prim_class(t2) == PC_UINT ? "true" : "false");
        else
            sb_puts(&sb, word);
    }
    return sb.data;
}

/* op on f16 (PC_F16): f32's C on the operands widened to float, the result rounded to half. */
static char *half_c_expr(COp op, const char *const *args) {
    if (op == COP_SELECT)
        return expand_template(op_c[op][PC_BOOL], op, PRIM_F16, PRIM_F16, args);
    const char *wide[3];
    for (int i = 0; i < core_ops[op].arity; i++)
        wide[i] = xsprintf("wf_h2f(%s)", args[i]);
    char *e = expand_template(op_c[op][PC_F32], op, PRIM_F32, PRIM_F32, wide);
    return (core_ops[op].flags & OPF_PRED) ? e : xsprintf("wf_f2h(%s)", e);
}

char *scalar_c_expr(COp op, PrimType t, PrimType t2, const char *const *args) {
    bool conv = core_ops[op].flags & OPF_CONV;
    const char *tmpl = conv ? conv_rules[conv_rule(op, t, t2)].c : op_c[op][prim_class(t)];
    if (!strcmp(tmpl, "NONE"))
        die("scalar_c_expr: %s is not defined on %s", core_ops[op].name, prim_name(t));
    if (!conv && prim_class(t) == PC_F16)
        return half_c_expr(op, args);
    return expand_template(tmpl, op, t, t2, args);
}

/* ======== evaluation ======== */

Scalar scalar_int(PrimType t, int64_t v) { return (Scalar){t, {.i = prim_wrap(t, (uint64_t)v)}}; }
Scalar scalar_bool(bool b) { return (Scalar){PRIM_BOOL, {.i = b}}; }
Scalar scalar_f32(float f) { return (Scalar){PRIM_F32, {.f32 = f}}; }
Scalar scalar_f64(double f) { return (Scalar){PRIM_F64, {.f64 = f}}; }
Scalar scalar_float(PrimType t, double f) {
    if (t == PRIM_F16)
        return (Scalar){PRIM_F16, {.u = wf_d2h(f)}};
    return t == PRIM_F32 ? scalar_f32((float)f) : scalar_f64(f);
}

double scalar_float_value(Scalar s) {
    switch (s.prim) {
    case PRIM_F16: return wf_h2f((uint16_t)s.as.u);
    case PRIM_F32: return s.as.f32;
    case PRIM_F64: return s.as.f64;
    default: die("scalar_float_value: %s is no float type", prim_name(s.prim));
    }
}

/* A result of C type T (or U) as a Scalar of type P of class cl (an integer of its type is
 * sign- or zero-extended by the conversion to 64 bits). */
#define STORE_SINT(P, v) ((Scalar){P, {.i = (int64_t)(v)}})
#define STORE_UINT(P, v) ((Scalar){P, {.u = (uint64_t)(v)}})
#define STORE_F32(P, v) scalar_f32(v)
#define STORE_F64(P, v) scalar_f64(v)
#define STORE_BOOL(P, v) scalar_bool(v)
#define STORE_F16(P, v) ((Scalar){P, {.u = (uint16_t)(v)}})

/* An operand of a class as a value of the C type T (select's bool condition too, in .i). */
#define LOAD_SINT(s) ((T)(s).as.i)
#define LOAD_UINT(s) ((T)(s).as.i)
#define LOAD_BOOL(s) ((T)(s).as.i)
#define LOAD_F32(s) ((s).prim == PRIM_F32 ? (s).as.f32 : (T)(s).as.i)
#define LOAD_F64(s) ((s).prim == PRIM_F64 ? (s).as.f64 : (T)(s).as.i)
#define LOAD_F16(s) ((T)(s).as.u)

/* The template of an operator not defined on the class, and convert's and bitcast's (their C
 * is in SCALAR_CONVERSIONS): never run. */
static _Noreturn void undefined_op(COp op, PrimType t) {
    die("scalar_eval: %s is not defined on %s", op >= 0 && op < COP_COUNT ? core_ops[op].name : "?", prim_name(t));
}
#define NONE (undefined_op(op, P), 0)
#define CONV NONE

/* One case per operator: the template of the class of the function's type. */
#define CASE_SINT(k, s, n, f, si, ui, f32, f64, b) case COP_##k: v = (T)si; break;
#define CASE_UINT(k, s, n, f, si, ui, f32, f64, b) case COP_##k: v = (T)ui; break;
#define CASE_F32(k, s, n, f, si, ui, f32, f64, b) case COP_##k: v = (T)f32; break;
#define CASE_F64(k, s, n, f, si, ui, f32, f64, b) case COP_##k: v = (T)f64; break;
#define CASE_BOOL(k, s, n, f, si, ui, f32, f64, b) case COP_##k: v = (T)b; break;
#define CASE_F16(k, s, n, f, si, ui, f32, f64, b) /* eval_half */
#define MATH_CALL_1(fn) fn(x)
#define MATH_CALL_2(fn) fn(x, y)
#define MATH_CALL_3(fn) fn(x, y, z)
#define MATH_SINT(k, s, n, f, cf, cd)
#define MATH_UINT(k, s, n, f, cf, cd)
#define MATH_F32(k, s, n, f, cf, cd) case COP_##k: v = (T)MATH_CALL_##n(cf); break;
#define MATH_F64(k, s, n, f, cf, cd) case COP_##k: v = (T)MATH_CALL_##n(cd); break;
#define MATH_BOOL(k, s, n, f, cf, cd)
#define MATH_F16(k, s, n, f, cf, cd)

/* convert_from_int, ...: x converted by a rule to the type `to`.  The operand is held in the
 * widest C type of its class: C's conversions depend only on the value, which that type holds
 * exactly (a bool as 0 or 1). */
#define CONV_RULE(op, c, e) case CONV_##op##_##c: v = e; break;
#define CONV_TO(P, s, CT, bits, cl)                                                        \
    case PRIM_##P: {                                                                       \
        typedef CT U;                                                                      \
        const bool UNS = PC_##cl == PC_UINT;                                               \
        (void)UNS;                                                                         \
        U v;                                                                               \
        switch (rule) {                                                                    \
            SCALAR_CONVERSIONS(CONV_RULE)                                                  \
        default: die("convert: rule %d", (int)rule);                                       \
        }                                                                                  \
        return STORE_##cl(PRIM_##P, v);                                                    \
    }
#define CONV_FROM(NAME, XT)                                                                \
    static Scalar NAME(ConvRule rule, XT x, PrimType to) {                                 \
        switch (to) {                                                                      \
            PRIM_TYPES(CONV_TO)                                                            \
        default: break;                                                                    \
        }                                                                                  \
        die("convert: to type %d", (int)to);                                               \
    }
CONV_FROM(convert_from_int, int64_t)
CONV_FROM(convert_from_uint, uint64_t)
CONV_FROM(convert_from_f32, float)
CONV_FROM(convert_from_f64, double)

/* Not inlined into the eval_ functions below: they stay lean for the other operators. */
__attribute__((noinline)) static Scalar convert(COp op, PrimType from, PrimType to, Scalar a) {
    ConvRule rule = conv_rule(op, from, to);
    switch (prim_class(from)) {
    case PC_UINT: return convert_from_uint(rule, a.as.u, to);
    case PC_F16: return convert_from_uint(rule, a.as.u, to); /* the bits, as the C's x */
    case PC_F32: return convert_from_f32(rule, a.as.f32, to);
    case PC_F64: return convert_from_f64(rule, a.as.f64, to);
    default: return convert_from_int(rule, a.as.i, to);
    }
}

static bool eval_half(COp op, PrimType t2, const Scalar *a, Scalar *out);

/* eval_I8, ..., eval_BOOL: op on operands of one type (t2: convert's and bitcast's result
 * type); false where the operation fails (scalar_may_fail). */
#define EVAL_TYPE(PT, s, CT, bits, cl)                                                     \
    static bool eval_##PT(COp op, PrimType t2, const Scalar *a, Scalar *out) {             \
        const PrimType P = PRIM_##PT;                                                      \
        if (core_ops[op].flags & OPF_CONV) {                                               \
            *out = convert(op, P, t2, a[0]);                                               \
            return true;                                                                   \
        }                                                                                  \
        if (PC_##cl == PC_F16)                                                             \
            return eval_half(op, t2, a, out);                                              \
        typedef CT T;                                                                      \
        const int W = bits;                                                                \
        const bool SG = PC_##cl == PC_SINT;                                                \
        (void)W, (void)SG;                                                                 \
        int n = core_ops[op].arity;                                                        \
        T x = LOAD_##cl(a[0]), y = n > 1 ? LOAD_##cl(a[1]) : 0, z = n > 2 ? LOAD_##cl(a[2]) : 0, v; \
        (void)x, (void)y, (void)z; /* f16: eval_half */                                    \
        if (scalar_may_fail(op, P) && (op == COP_POW ? a[1].as.i < 0 : y == 0))           \
            return false;                                                                  \
        switch (op) {                                                                      \
            SCALAR_OPS(CASE_##cl)                                                          \
            SCALAR_MATH(MATH_##cl)                                                         \
        default: die("scalar_eval: operator %d on %s", (int)op, s);                         \
        }                                                                                  \
        *out = (core_ops[op].flags & OPF_PRED) ? scalar_bool(v != 0) : STORE_##cl(P, v);  \
        return true;                                                                       \
    }
PRIM_TYPES(EVAL_TYPE)

/* op on f16 operands (not convert, bitcast): what half_c_expr's C computes. */
static bool eval_half(COp op, PrimType t2, const Scalar *a, Scalar *out) {
    if (op == COP_SELECT) {
        *out = a[0].as.i ? a[1] : a[2];
        return true;
    }
    Scalar wide[3];
    for (int i = 0; i < core_ops[op].arity; i++)
        wide[i] = scalar_f32(wf_h2f((uint16_t)a[i].as.u));
    Scalar r;
    bool ok = eval_F32(op, t2, wide, &r);
    *out = (core_ops[op].flags & OPF_PRED) ? r : (Scalar){PRIM_F16, {.u = wf_f2h(r.as.f32)}};
    return ok;
}

ScalarEvalFn *const scalar_eval_type[PRIM_COUNT] = {
#define X(k, s, c, b, cl) eval_##k,
    PRIM_TYPES(X)
#undef X
};

_Noreturn void scalar_eval_bad_type(PrimType t) { die("scalar_eval: no primitive type (%d)", (int)t); }
