/* test_scalar.c — unit tests of src/scalar: the operators only the compiler emits (select, min
 * and max on integers, xor on bool, conversions to and from bool, bitcasts between integers),
 * which tests/scripts/scalar_semantics.sh cannot reach from the source; division by zero; the
 * C text of the operators; and the table itself (every operator defined on some type, its C
 * free of placeholders on every type it is defined on, none on the others).  Expected values
 * worked out by hand.
 *
 * Built by tests/run.sh as  cc -std=c11 tests/unit/test_scalar.c rts/values.c -lm  (it
 * includes src/util.c and src/scalar/scalar.c):
 * rts: values.c
 * CHECK (check.h) records one pass or one failure; the program prints
 * "test_scalar: N passed, N failed" and exits non-zero on any failure.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../src/scalar/scalar.c"
#include "../../src/util.c"
#include "check.h"

static Scalar eval1(COp op, PrimType t, PrimType t2, Scalar a) {
    Scalar r;
    CHECK(scalar_eval(op, t, t2, &a, &r));
    return r;
}

static Scalar eval2(COp op, PrimType t, Scalar a, Scalar b) {
    Scalar args[2] = {a, b}, r = {PRIM_NONE, {0}};
    CHECK(scalar_eval(op, t, PRIM_NONE, args, &r));
    return r;
}

static Scalar eval3(COp op, PrimType t, Scalar a, Scalar b, Scalar c) {
    Scalar args[3] = {a, b, c}, r = {PRIM_NONE, {0}};
    CHECK(scalar_eval(op, t, PRIM_NONE, args, &r));
    return r;
}

/* Same type and bits. */
static bool same(Scalar a, Scalar b) {
    if (a.prim != b.prim)
        return false;
    if (a.prim == PRIM_F32)
        return memcmp(&a.as.f32, &b.as.f32, 4) == 0;
    return a.as.u == b.as.u;
}

static Scalar i(PrimType t, int64_t v) { return scalar_int(t, v); }

static void test_select(void) {
    for (int t = 0; t < PRIM_COUNT; t++) {
        Scalar a = t == PRIM_F32 ? scalar_f32(1.5f) : t == PRIM_F64 ? scalar_f64(-0.0) : i((PrimType)t, 1);
        Scalar b = t == PRIM_F32 ? scalar_f32(-2.0f) : t == PRIM_F64 ? scalar_f64(0.0) : i((PrimType)t, 0);
        CHECK(same(eval3(COP_SELECT, (PrimType)t, scalar_bool(true), a, b), a));
        CHECK(same(eval3(COP_SELECT, (PrimType)t, scalar_bool(false), a, b), b));
    }
}

static void test_int_min_max(void) {
    CHECK(same(eval2(COP_MIN, PRIM_I8, i(PRIM_I8, -1), i(PRIM_I8, 1)), i(PRIM_I8, -1)));
    CHECK(same(eval2(COP_MIN, PRIM_U8, i(PRIM_U8, 255), i(PRIM_U8, 1)), i(PRIM_U8, 1)));
    CHECK(same(eval2(COP_MAX, PRIM_I16, i(PRIM_I16, -32768), i(PRIM_I16, 0)), i(PRIM_I16, 0)));
    CHECK(same(eval2(COP_MAX, PRIM_U16, i(PRIM_U16, 65535), i(PRIM_U16, 0)), i(PRIM_U16, 65535)));
    CHECK(same(eval2(COP_MIN, PRIM_I32, i(PRIM_I32, INT32_MIN), i(PRIM_I32, INT32_MAX)), i(PRIM_I32, INT32_MIN)));
    CHECK(same(eval2(COP_MAX, PRIM_U32, i(PRIM_U32, 0x80000000), i(PRIM_U32, 1)), i(PRIM_U32, 0x80000000)));
    CHECK(same(eval2(COP_MAX, PRIM_I64, i(PRIM_I64, INT64_MIN), i(PRIM_I64, -1)), i(PRIM_I64, -1)));
    CHECK(same(eval2(COP_MIN, PRIM_U64, i(PRIM_U64, -1), i(PRIM_U64, 2)), i(PRIM_U64, 2)));
}

static void test_bool(void) {
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            CHECK(same(eval2(COP_XOR, PRIM_BOOL, scalar_bool(a), scalar_bool(b)), scalar_bool(a != b)));
            CHECK(same(eval2(COP_AND, PRIM_BOOL, scalar_bool(a), scalar_bool(b)), scalar_bool(a && b)));
            CHECK(same(eval2(COP_OR, PRIM_BOOL, scalar_bool(a), scalar_bool(b)), scalar_bool(a || b)));
        }
    CHECK(same(eval1(COP_NOT, PRIM_BOOL, PRIM_NONE, scalar_bool(true)), scalar_bool(false)));
    /* to bool: x != 0 (NaN too); from bool: 0 or 1 */
    CHECK(same(eval1(COP_CONVERT, PRIM_F64, PRIM_BOOL, scalar_f64(NAN)), scalar_bool(true)));
    CHECK(same(eval1(COP_CONVERT, PRIM_F32, PRIM_BOOL, scalar_f32(-0.0f)), scalar_bool(false)));
    CHECK(same(eval1(COP_CONVERT, PRIM_U8, PRIM_BOOL, i(PRIM_U8, 0)), scalar_bool(false)));
    CHECK(same(eval1(COP_CONVERT, PRIM_I64, PRIM_BOOL, i(PRIM_I64, INT64_MIN)), scalar_bool(true)));
    CHECK(same(eval1(COP_CONVERT, PRIM_BOOL, PRIM_I32, scalar_bool(true)), i(PRIM_I32, 1)));
    CHECK(same(eval1(COP_CONVERT, PRIM_BOOL, PRIM_U64, scalar_bool(true)), i(PRIM_U64, 1)));
    CHECK(same(eval1(COP_CONVERT, PRIM_BOOL, PRIM_F64, scalar_bool(true)), scalar_f64(1.0)));
    CHECK(same(eval1(COP_CONVERT, PRIM_BOOL, PRIM_F32, scalar_bool(false)), scalar_f32(0.0f)));
}

static void test_bitcast(void) {
    CHECK(same(eval1(COP_BITCAST, PRIM_I32, PRIM_U32, i(PRIM_I32, -1)), i(PRIM_U32, 4294967295)));
    CHECK(same(eval1(COP_BITCAST, PRIM_U64, PRIM_I64, i(PRIM_U64, -1)), i(PRIM_I64, -1)));
    CHECK(same(eval1(COP_BITCAST, PRIM_I8, PRIM_U8, i(PRIM_I8, -128)), i(PRIM_U8, 128)));
    CHECK(same(eval1(COP_BITCAST, PRIM_U16, PRIM_I16, i(PRIM_U16, 65535)), i(PRIM_I16, -1)));
    CHECK(same(eval1(COP_BITCAST, PRIM_I32, PRIM_F32, i(PRIM_I32, 0x3f800000)), scalar_f32(1.0f)));
    CHECK(same(eval1(COP_BITCAST, PRIM_F64, PRIM_I64, scalar_f64(-0.0)), i(PRIM_I64, INT64_MIN)));
    /* the same type keeps every bit, a NaN's payload included */
    Scalar nan = eval1(COP_BITCAST, PRIM_U32, PRIM_F32, i(PRIM_U32, 0x7fc12345));
    CHECK(same(eval1(COP_BITCAST, PRIM_F32, PRIM_F32, nan), nan));
    CHECK(same(eval1(COP_BITCAST, PRIM_F32, PRIM_U32, nan), i(PRIM_U32, 0x7fc12345)));
}

static void test_division_by_zero(void) {
    Scalar args[2] = {i(PRIM_I32, 1), i(PRIM_I32, 0)}, r;
    for (COp op = COP_DIV; op <= COP_REM; op++) {
        CHECK(!scalar_eval(op, PRIM_I32, PRIM_NONE, args, &r));
        args[0] = i(PRIM_U8, 1), args[1] = i(PRIM_U8, 0);
        CHECK(!scalar_eval(op, PRIM_U8, PRIM_NONE, args, &r));
        args[0] = i(PRIM_I32, 1), args[1] = i(PRIM_I32, 0);
    }
    /* floats do not fail */
    CHECK(same(eval2(COP_DIV, PRIM_F64, scalar_f64(1.0), scalar_f64(0.0)), scalar_f64(INFINITY)));
    CHECK(isnan(eval2(COP_MOD, PRIM_F32, scalar_f32(1.0f), scalar_f32(0.0f)).as.f32));
}

static bool c_is(COp op, PrimType t, PrimType t2, const char *a, const char *b, const char *want) {
    const char *args[3] = {a, b, "c"};
    char *got = scalar_c_expr(op, t, t2, args);
    if (strcmp(got, want))
        fprintf(stderr, "%s %s: got %s, want %s\n", core_ops[op].name, prim_name(t), got, want);
    return !strcmp(got, want);
}

static void test_c_text(void) {
    CHECK(c_is(COP_MIN, PRIM_I32, PRIM_NONE, "a", "b", "(a < b ? a : b)"));
    CHECK(c_is(COP_MIN, PRIM_F64, PRIM_NONE, "a", "b", "wf_fmin64(a, b)"));
    CHECK(c_is(COP_MAX, PRIM_F32, PRIM_NONE, "a", "b", "wf_fmax32(a, b)"));
    CHECK(c_is(COP_ADD, PRIM_I8, PRIM_NONE, "a", "b", "((int8_t)((uint64_t)a + (uint64_t)b))"));
    CHECK(c_is(COP_DIV, PRIM_I32, PRIM_NONE, "a + 1", "f(b)", "((int32_t)wf_fdiv64((a + 1), f(b)))"));
    CHECK(c_is(COP_DIV, PRIM_U16, PRIM_NONE, "a", "b", "((uint16_t)((uint64_t)a / (uint64_t)b))"));
    CHECK(c_is(COP_SHR, PRIM_U8, PRIM_NONE, "a", "b", "((uint8_t)wf_shr((int64_t)a, (int64_t)b, 8, false))"));
    CHECK(c_is(COP_EXP, PRIM_F32, PRIM_NONE, "a", "b", "expf(a)"));
    CHECK(c_is(COP_FMA, PRIM_F64, PRIM_NONE, "a", "b", "fma(a, b, c)"));
    CHECK(c_is(COP_SELECT, PRIM_BOOL, PRIM_NONE, "a", "b", "(a ? b : c)"));
    CHECK(c_is(COP_CONVERT, PRIM_F64, PRIM_U8, "a", "b", "((uint8_t)wf_f2i((double)a, true))"));
    CHECK(c_is(COP_CONVERT, PRIM_I32, PRIM_BOOL, "a", "b", "(a != 0)"));
    CHECK(c_is(COP_BITCAST, PRIM_F32, PRIM_F32, "a", "b", "(a)"));
    CHECK(c_is(COP_BITCAST, PRIM_U64, PRIM_F64, "0x1p3", "b", "wf_bits_f64((uint64_t)0x1p3)"));
}

/* Every operator is defined on some type; where it is, its C names no placeholder. */
static void test_table(void) {
    const char *args[3] = {"a", "b", "c"};
    for (int op = 0; op < COP_COUNT; op++) {
        int defined = 0;
        for (int t = 0; t < PRIM_COUNT; t++) {
            if (!scalar_op_defined((COp)op, (PrimType)t))
                continue;
            defined++;
            PrimType t2 = (core_ops[op].flags & OPF_CONV) ? (PrimType)((t + 3) % PRIM_COUNT) : PRIM_NONE;
            if (op == COP_BITCAST)
                t2 = (PrimType)t;
            const char *c = scalar_c_expr((COp)op, (PrimType)t, t2, args);
            bool clean = true;
            for (const char *p = c; *p; p++) {
                bool start = p == c || !ident_char(p[-1]);
                size_t n = 0;
                while (ident_char(p[n]))
                    n++;
                if (start && n)
                    for (const char *const *w = (const char *const[]){"x", "y", "z", "T", "U", "W", "SG", "UNS", "NONE", "CONV", NULL}; *w; w++)
                        clean = clean && !(strlen(*w) == n && !strncmp(p, *w, n));
            }
            if (!clean)
                fprintf(stderr, "%s on %s: %s\n", core_ops[op].name, prim_name((PrimType)t), c);
            CHECK(clean);
        }
        if (!defined)
            fprintf(stderr, "%s: defined on no type\n", core_ops[op].name);
        CHECK(defined > 0);
    }
    CHECK(!scalar_op_defined(COP_SQRT, PRIM_I32) && !scalar_op_defined(COP_SHL, PRIM_F64) &&
          !scalar_op_defined(COP_ADD, PRIM_BOOL) && scalar_op_defined(COP_LT, PRIM_BOOL));
    CHECK(scalar_result_type(COP_LT, PRIM_F32, PRIM_NONE) == PRIM_BOOL);
    CHECK(scalar_result_type(COP_POPC, PRIM_U16, PRIM_NONE) == PRIM_U16);
    CHECK(scalar_result_type(COP_CONVERT, PRIM_U16, PRIM_F32) == PRIM_F32);
    CHECK(!scalar_commutative(COP_MIN, PRIM_F64) && scalar_commutative(COP_MIN, PRIM_I32));
    CHECK(!scalar_foldable(COP_SIN, PRIM_F64) && scalar_foldable(COP_SQRT, PRIM_F32) && scalar_foldable(COP_POW, PRIM_I64));
    CHECK(core_op_lookup("mul_hi") == COP_MUL_HI && core_op_lookup("fabs") < 0);
}

static void test_prims(void) {
    CHECK(prim_bits(PRIM_BOOL) == 8 && prim_bits(PRIM_U16) == 16 && prim_bytes(PRIM_F64) == 8);
    CHECK(!strcmp(prim_c_type(PRIM_U32), "uint32_t") && prim_from_name("f32") == PRIM_F32);
    CHECK(prim_wrap(PRIM_I8, 0x80) == -128 && prim_wrap(PRIM_U8, (uint64_t)-1) == 255 && prim_wrap(PRIM_BOOL, 4) == 1);
}

int main(void) {
    test_select();
    test_int_min_max();
    test_bool();
    test_bitcast();
    test_division_by_zero();
    test_c_text();
    test_table();
    test_prims();
    printf("test_scalar: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
