/* scalar.h — the primitive types and the scalar operators, written once.
 *
 * One table (SCALAR_OPS, SCALAR_MATH, SCALAR_CONVERSIONS) gives each operator its name in the
 * core IR, its arity, its properties and its C: a C expression for each class of operand type
 * (signed and unsigned integers, f32, f64, bool; f16 takes f32's, see PC_F16).  That C is both what the backends emit
 * (scalar_c_expr, called by src/backend/cexpr.c) and what the compiler evaluates
 * (scalar_eval: scalar.c compiles the same expressions, each operand held in its C type), so
 * the interpreter, the core evaluator and the constant folder compute what compiled programs
 * compute, to the bit.  Where the C is more than an operator it calls the helpers of
 * rts/wf_scalar.h (host and device), which the compiler includes too.
 *
 * The C of an operator is a template over
 *   x, y, z   the operands (of the operator's operand type; select's x is the bool)
 *   T         the operands' C type
 *   W, SG     the operands' width in bits and whether they are signed integers
 *   U, UNS    convert and bitcast: the result's C type, and whether it is an unsigned integer
 * NONE where the operator is not defined on that class: the verifier rejects such uses.
 *
 * The semantics are Futhark's: integer arithmetic wraps; signed `div`/`mod` round towards
 * minus infinity, `quot`/`rem` towards zero; integer division by zero and a signed integer `**`
 * of a negative exponent fail (scalar_eval says so, the emitters test the operand first); shifts by a negative amount or by the width or more
 * give 0 (-1 for `shr` of a negative signed value); f32 arithmetic rounds to single precision
 * after each operation, f16 to half; float to integer truncates, and NaN, infinities and values beyond the
 * 64-bit range give 0, other out-of-range values the 64-bit result wrapped (rts wf_f2i).
 * Math functions are C's; f64.exp is rts wf_exp64 (on the device CUDA's exp).
 */
#ifndef WEFT_SCALAR_H
#define WEFT_SCALAR_H

#include <stdbool.h>
#include <stdint.h>

/* ======== primitive types ======== */

/* X(ID, name, C type, bits, class), in this order everywhere (the rts uses the same order).
 * bits: the width; a bool's 8 is its storage (no operator depends on a bool's width).  f16,
 * added last, is held as its IEEE binary16 bits (uint16_t) and computed in float: see PC_F16. */
#define PRIM_TYPES(X)                                                                        \
    X(I8, "i8", int8_t, 8, SINT) X(I16, "i16", int16_t, 16, SINT)                            \
    X(I32, "i32", int32_t, 32, SINT) X(I64, "i64", int64_t, 64, SINT)                        \
    X(U8, "u8", uint8_t, 8, UINT) X(U16, "u16", uint16_t, 16, UINT)                          \
    X(U32, "u32", uint32_t, 32, UINT) X(U64, "u64", uint64_t, 64, UINT)                      \
    X(F32, "f32", float, 32, F32) X(F64, "f64", double, 64, F64) X(BOOL, "bool", bool, 8, BOOL) \
    X(F16, "f16", uint16_t, 16, F16)

typedef enum {
#define X(k, s, c, b, cl) PRIM_##k,
    PRIM_TYPES(X)
#undef X
    PRIM_COUNT,
    PRIM_NONE = -1 /* e.g. an unsuffixed literal */
} PrimType;

/* The classes of primitive types: an operator has one C expression per class. */
/* PC_F16 has no C of its own: an operator on f16 is its f32 C on the operands widened to float
 * (rts wf_h2f), its result rounded to half (wf_f2h) unless it is a bool; select picks the bits.
 * For + - * / and sqrt that is the correctly rounded half result; math functions are float's,
 * rounded (libm's or CUDA's: OPF_LIBM as on f32). */
typedef enum { PC_SINT, PC_UINT, PC_F32, PC_F64, PC_BOOL, PC_F16, PC_COUNT } PrimClass;

const char *prim_name(PrimType t);      /* "i32" ...; "?" for PRIM_NONE */
PrimType prim_from_name(const char *s); /* PRIM_NONE if s is not a primitive type name */
PrimClass prim_class(PrimType t);
bool prim_is_int(PrimType t); /* signed or unsigned integer */
bool prim_is_signed(PrimType t);
bool prim_is_float(PrimType t);
int prim_bits(PrimType t);
int prim_bytes(PrimType t);
double prim_float_max(PrimType t); /* the largest finite value of float type t */
const char *prim_c_type(PrimType t); /* int32_t, double, bool, ... */
/* v as a value of integer or bool type t: signed types sign-extended to 64 bits, unsigned ones
 * zero-extended, bools 0/1 (how every evaluator holds integers). */
int64_t prim_wrap(PrimType t, uint64_t v);

/* ======== operators ======== */

/* Properties of an operator.  The operand types it allows are the classes it has C for. */
enum {
    OPF_PRED = 1,   /* result is bool */
    OPF_COMM = 2,   /* commutative (floats: see scalar_commutative) */
    OPF_ASSOC = 4,  /* associative (exactly, on integers and bools; floats only up to rounding) */
    OPF_FAIL = 8,   /* fails on integers (a zero divisor; pow: a signed negative exponent):
                       carries a location (scalar_may_fail) */
    OPF_CONV = 16,  /* two types: from, to (its C is in SCALAR_CONVERSIONS) */
    OPF_LIBM = 32,  /* on floats, computed by the math library (libm, CUDA's), whose results are
                       not the same everywhere: never evaluated at compile time */
};

/* X(ID, name, arity, flags, C on signed integers, unsigned integers, f32, f64, bool) */
#define SCALAR_OPS(X)                                                                         \
    /* arithmetic (source + - * / % // %% **) */                                              \
    X(ADD, "add", 2, OPF_COMM | OPF_ASSOC, ((T)((uint64_t)x + (uint64_t)y)),                  \
      ((T)((uint64_t)x + (uint64_t)y)), (x + y), (x + y), NONE)                               \
    X(SUB, "sub", 2, 0, ((T)((uint64_t)x - (uint64_t)y)), ((T)((uint64_t)x - (uint64_t)y)),   \
      (x - y), (x - y), NONE)                                                                 \
    X(MUL, "mul", 2, OPF_COMM | OPF_ASSOC, ((T)((uint64_t)x * (uint64_t)y)),                  \
      ((T)((uint64_t)x * (uint64_t)y)), (x * y), (x * y), NONE)                               \
    X(DIV, "div", 2, OPF_FAIL, ((T)wf_fdiv64(x, y)), ((T)((uint64_t)x / (uint64_t)y)),        \
      (x / y), (x / y), NONE)                                                                 \
    X(MOD, "mod", 2, OPF_FAIL, ((T)wf_fmod64(x, y)), ((T)((uint64_t)x % (uint64_t)y)),        \
      fmodf(x, y), fmod(x, y), NONE)                                                          \
    X(QUOT, "quot", 2, OPF_FAIL, ((T)wf_quot64(x, y)), ((T)((uint64_t)x / (uint64_t)y)),      \
      truncf(x / y), trunc(x / y), NONE)                                                      \
    X(REM, "rem", 2, OPF_FAIL, ((T)wf_rem64(x, y)), ((T)((uint64_t)x % (uint64_t)y)),         \
      fmodf(x, y), fmod(x, y), NONE)                                                          \
    X(POW, "pow", 2, OPF_LIBM | OPF_FAIL, ((T)wf_spow(x, y)), ((T)wf_upow(x, y)), powf(x, y), pow(x, y), \
      NONE)                                                                                   \
    /* on floats C's fmin/fmax: a NaN operand gives the other one, of two zeros the first */ \
    X(MIN, "min", 2, OPF_COMM | OPF_ASSOC | OPF_LIBM, (x < y ? x : y), (x < y ? x : y),       \
      wf_fmin32(x, y), wf_fmin64(x, y), NONE)                                                 \
    X(MAX, "max", 2, OPF_COMM | OPF_ASSOC | OPF_LIBM, (x > y ? x : y), (x > y ? x : y),       \
      wf_fmax32(x, y), wf_fmax64(x, y), NONE)                                                 \
    /* bits and logic (on bool logical, not short-circuit) */                                 \
    X(AND, "and", 2, OPF_COMM | OPF_ASSOC, ((T)(x & y)), ((T)(x & y)), NONE, NONE, (x && y))  \
    X(OR, "or", 2, OPF_COMM | OPF_ASSOC, ((T)(x | y)), ((T)(x | y)), NONE, NONE, (x || y))    \
    X(XOR, "xor", 2, OPF_COMM | OPF_ASSOC, ((T)(x ^ y)), ((T)(x ^ y)), NONE, NONE, (x != y))  \
    X(SHL, "shl", 2, 0, ((T)wf_shl((int64_t)x, (int64_t)y, W, SG)),                           \
      ((T)wf_shl((int64_t)x, (int64_t)y, W, SG)), NONE, NONE, NONE)                           \
    /* arithmetic on signed types, logical on unsigned ones */                                \
    X(SHR, "shr", 2, 0, ((T)wf_shr((int64_t)x, (int64_t)y, W, SG)),                           \
      ((T)wf_shr((int64_t)x, (int64_t)y, W, SG)), NONE, NONE, NONE)                           \
    /* always logical */                                                                      \
    X(USHR, "ushr", 2, 0, ((T)wf_ushr((int64_t)x, (int64_t)y, W, SG)),                        \
      ((T)wf_ushr((int64_t)x, (int64_t)y, W, SG)), NONE, NONE, NONE)                          \
    /* comparisons */                                                                         \
    X(EQ, "eq", 2, OPF_PRED | OPF_COMM, (x == y), (x == y), (x == y), (x == y), (x == y))     \
    X(NE, "ne", 2, OPF_PRED | OPF_COMM, (x != y), (x != y), (x != y), (x != y), (x != y))     \
    X(LT, "lt", 2, OPF_PRED, (x < y), (x < y), (x < y), (x < y), (x < y))                     \
    X(LE, "le", 2, OPF_PRED, (x <= y), (x <= y), (x <= y), (x <= y), (x <= y))                \
    X(GT, "gt", 2, OPF_PRED, (x > y), (x > y), (x > y), (x > y), (x > y))                     \
    X(GE, "ge", 2, OPF_PRED, (x >= y), (x >= y), (x >= y), (x >= y), (x >= y))                \
    /* unary; not: logical on bool, the complement on integers */                             \
    X(NEG, "neg", 1, 0, ((T)(0 - (uint64_t)x)), ((T)(0 - (uint64_t)x)), (-x), (-x), NONE)     \
    X(NOT, "not", 1, 0, ((T)~x), ((T)~x), NONE, NONE, (!x))                                   \
    /* select t c x y: c is bool (the template's x), x and y of type t (its y and z) */       \
    X(SELECT, "select", 3, 0, (x ? y : z), (x ? y : z), (x ? y : z), (x ? y : z), (x ? y : z)) \
    /* conversions: convert follows the source language; bitcast keeps the bits */            \
    X(CONVERT, "convert", 1, OPF_CONV, CONV, CONV, CONV, CONV, CONV)                          \
    X(BITCAST, "bitcast", 1, OPF_CONV, CONV, CONV, CONV, CONV, CONV)                          \
    /* tests and bit counts of the prelude; popc, clz and ctz count in the operand's type */  \
    X(ISNAN, "isnan", 1, OPF_PRED, NONE, NONE, (isnan(x) != 0), (isnan(x) != 0), NONE)        \
    X(ISINF, "isinf", 1, OPF_PRED, NONE, NONE, (isinf(x) != 0), (isinf(x) != 0), NONE)        \
    X(POPC, "popc", 1, 0, wf_popc((uint64_t)x, W), wf_popc((uint64_t)x, W), NONE, NONE, NONE) \
    X(CLZ, "clz", 1, 0, wf_clz((uint64_t)x, W), wf_clz((uint64_t)x, W), NONE, NONE, NONE)     \
    X(CTZ, "ctz", 1, 0, wf_ctz((uint64_t)x, W), wf_ctz((uint64_t)x, W), NONE, NONE, NONE)     \
    X(MUL_HI, "mul_hi", 2, 0, ((T)wf_mul_hi((int64_t)x, (int64_t)y, W, SG)),                  \
      ((T)wf_mul_hi((int64_t)x, (int64_t)y, W, SG)), NONE, NONE, NONE)

/* The math functions of the prelude (`f64.sqrt x` is `intrinsics.sqrt`), on floats only:
 * X(ID, name, arity, flags, C function on f32, on f64).  tools/gen_prelude.sh reads this list
 * (one row per line) to write the prelude's definitions. */
#define SCALAR_MATH(X)                                  \
    X(SQRT, "sqrt", 1, 0, sqrtf, sqrt)                  \
    X(CBRT, "cbrt", 1, OPF_LIBM, cbrtf, cbrt)           \
    X(EXP, "exp", 1, OPF_LIBM, expf, wf_exp64)          \
    X(LOG, "log", 1, OPF_LIBM, logf, log)               \
    X(LOG2, "log2", 1, OPF_LIBM, log2f, log2)           \
    X(LOG10, "log10", 1, OPF_LIBM, log10f, log10)       \
    X(LOG1P, "log1p", 1, OPF_LIBM, log1pf, log1p)       \
    X(SIN, "sin", 1, OPF_LIBM, sinf, sin)               \
    X(COS, "cos", 1, OPF_LIBM, cosf, cos)               \
    X(TAN, "tan", 1, OPF_LIBM, tanf, tan)               \
    X(ASIN, "asin", 1, OPF_LIBM, asinf, asin)           \
    X(ACOS, "acos", 1, OPF_LIBM, acosf, acos)           \
    X(ATAN, "atan", 1, OPF_LIBM, atanf, atan)           \
    X(SINH, "sinh", 1, OPF_LIBM, sinhf, sinh)           \
    X(COSH, "cosh", 1, OPF_LIBM, coshf, cosh)           \
    X(TANH, "tanh", 1, OPF_LIBM, tanhf, tanh)           \
    X(ASINH, "asinh", 1, OPF_LIBM, asinhf, asinh)       \
    X(ACOSH, "acosh", 1, OPF_LIBM, acoshf, acosh)       \
    X(ATANH, "atanh", 1, OPF_LIBM, atanhf, atanh)       \
    X(FLOOR, "floor", 1, 0, floorf, floor)              \
    X(CEIL, "ceil", 1, 0, ceilf, ceil)                  \
    X(ROUND, "round", 1, 0, rintf, rint)                \
    X(TRUNC, "trunc", 1, 0, truncf, trunc)              \
    X(ABS, "abs", 1, 0, fabsf, fabs)                    \
    X(ERF, "erf", 1, OPF_LIBM, erff, erf)               \
    X(ERFC, "erfc", 1, OPF_LIBM, erfcf, erfc)           \
    X(GAMMA, "gamma", 1, OPF_LIBM, tgammaf, tgamma)     \
    X(LGAMMA, "lgamma", 1, OPF_LIBM, lgammaf, lgamma)   \
    X(ATAN2, "atan2", 2, OPF_LIBM, atan2f, atan2)       \
    X(HYPOT, "hypot", 2, OPF_LIBM, hypotf, hypot)       \
    X(COPYSIGN, "copysign", 2, 0, copysignf, copysign)  \
    X(FMA, "fma", 3, 0, fmaf, fma)

/* convert and bitcast from a type F to a type U: X(op, case, C); the first row of the
 * operator whose case holds for (F, U) gives the C (scalar.c conv_case_holds).  To f16 every
 * value goes through double, which holds each integer up to 2^53 and each f32 exactly (all
 * larger ones become infinity), so that it is rounded once; the bits of an f16 bitcast as
 * they are (OTHER). */
#define SCALAR_CONVERSIONS(X)                                   \
    X(CONVERT, F16_TO_BOOL, (wf_h2f(x) != 0))                   \
    X(CONVERT, F16_TO_INT, ((U)wf_f2i((double)wf_h2f(x), UNS))) \
    X(CONVERT, F16_SAME, (x))                                   \
    X(CONVERT, FROM_F16, ((U)wf_h2f(x)))                        \
    X(CONVERT, TO_F16, wf_d2h((double)x))                       \
    X(CONVERT, TO_BOOL, (x != 0))                               \
    X(CONVERT, FLOAT_TO_INT, ((U)wf_f2i((double)x, UNS)))       \
    X(CONVERT, OTHER, ((U)x))                                   \
    X(BITCAST, SAME, (x))                                       \
    X(BITCAST, FROM_F32, ((U)wf_f32_bits(x)))                   \
    X(BITCAST, FROM_F64, ((U)wf_f64_bits(x)))                   \
    X(BITCAST, TO_F32, wf_bits_f32((uint32_t)x))                \
    X(BITCAST, TO_F64, wf_bits_f64((uint64_t)x))                \
    X(BITCAST, OTHER, ((U)x))

/* The operators of the core IR (`add i32 x y`, docs/CORE.md): SCALAR_OPS, then SCALAR_MATH. */
typedef enum {
#define X(k, s, n, f, ...) COP_##k,
    SCALAR_OPS(X) SCALAR_MATH(X)
#undef X
    COP_COUNT
} COp;

typedef struct {
    const char *name;
    int arity;
    unsigned flags;
} COpInfo;
extern const COpInfo core_ops[COP_COUNT];

/* Whether op can fail on operands of type t (then it carries a location): integer division
 * by zero, a signed integer's negative exponent. */
static inline bool scalar_may_fail(COp op, PrimType t) {
    return (core_ops[op].flags & OPF_FAIL) && prim_is_int(t) && (op != COP_POW || prim_is_signed(t));
}

/* The run-time error of an operation that failed. */
static inline const char *scalar_fail_message(COp op) {
    return op == COP_POW ? "negative exponent" : "division by zero";
}
int core_op_lookup(const char *name); /* -1 if none */

/* Whether op is defined on operands of type t (convert and bitcast: on every type). */
bool scalar_op_defined(COp op, PrimType t);
/* The result type of op on operands of type t (t2: the result type of convert and bitcast). */
PrimType scalar_result_type(COp op, PrimType t, PrimType t2);
/* The C expression of op on operands of type t (t2 as above) whose C expressions are
 * args[0..arity).  The result has op's C type, or a type the caller converts to it (popc's
 * int, a comparison's int): assign or cast it to the result type. */
char *scalar_c_expr(COp op, PrimType t, PrimType t2, const char *const *args);

/* ======== evaluation ======== */

/* A value of a primitive type: integers in i, sign- or zero-extended by their type
 * (prim_wrap), bools 0/1 in i, floats in f32 or f64, an f16 as its bits in u. */
typedef struct {
    PrimType prim;
    union {
        int64_t i;
        uint64_t u;
        float f32;
        double f64;
    } as;
} Scalar;

Scalar scalar_int(PrimType t, int64_t v); /* wrapped to t (integers and bool) */
Scalar scalar_bool(bool b);
Scalar scalar_f32(float f);
Scalar scalar_f64(double f);
Scalar scalar_float(PrimType t, double f); /* t: f16, f32 (rounds f) or f64 */
double scalar_float_value(Scalar s);       /* s of a float type, as a double (exact) */

/* Evaluates op on args[0..arity) (of type t; select's first one bool; t2 as above) into *out,
 * computing what the C of scalar_c_expr computes.  False when it fails: an integer division by
 * zero (*out is then unset).  op must be defined on t.  (Inline: the interpreter's hot path.) */
typedef bool ScalarEvalFn(COp op, PrimType t2, const Scalar *args, Scalar *out);
extern ScalarEvalFn *const scalar_eval_type[PRIM_COUNT]; /* scalar.c: one per type */
_Noreturn void scalar_eval_bad_type(PrimType t);
static inline bool scalar_eval(COp op, PrimType t, PrimType t2, const Scalar *args, Scalar *out) {
    if ((unsigned)t >= PRIM_COUNT)
        scalar_eval_bad_type(t);
    return scalar_eval_type[t](op, t2, args, out);
}
/* Whether op gives the same result with its operands swapped, on type t: OPF_COMM, but not
 * min and max on floats, which of two zeros give the one in a given position (NaN payloads
 * aside, as everywhere). */
bool scalar_commutative(COp op, PrimType t);
/* Whether the compiler may evaluate op on t ahead of run time: false for OPF_LIBM on floats. */
bool scalar_foldable(COp op, PrimType t);

#endif
