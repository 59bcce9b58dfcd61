/* test_values.c — unit tests of rts/values.c: the typed reader, the writers and the trees.
 *
 * Built by tests/run.sh as  cc -std=c11 tests/unit/test_values.c rts/values.c -lm:
 * rts: values.c
 * CHECK (check.h) records one pass or one failure; the program prints
 * "test_values: N passed, N failed" and exits non-zero on any failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../rts/values.h"
#include "check.h"

/* ---- helpers ---- */

static int read_str(const char *text, wf_prim p, int rank, wf_value *v, char *err, size_t errn) {
    wf_reader *r = wf_reader_from_string(text, strlen(text));
    int rc = wf_read_value(r, p, rank, v);
    if (err)
        snprintf(err, errn, "%s", rc ? wf_reader_error(r) : "");
    wf_reader_free(r);
    return rc;
}

/* Read text as (p, rank) and write it back as text; "ERROR: msg" on failure.  Caller frees. */
static char *text_trip(const char *text, wf_prim p, int rank) {
    wf_value v;
    char err[512];
    if (read_str(text, p, rank, &v, err, sizeof err)) {
        char *s = malloc(strlen(err) + 8);
        sprintf(s, "ERROR: %s", err);
        return s;
    }
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    wf_write_text(f, &v);
    fclose(f);
    wf_value_free(&v);
    return out;
}

static int text_is(const char *text, wf_prim p, int rank, const char *want) {
    char *got = text_trip(text, p, rank);
    int ok = !strcmp(got, want);
    if (!ok)
        fprintf(stderr, "  '%s' read as %s rank %d wrote '%s', want '%s'\n", text, wf_prim_name(p), rank, got, want);
    free(got);
    return ok;
}

/* The read fails and its message contains want. */
static int error_has(const char *text, wf_prim p, int rank, const char *want) {
    wf_value v;
    char err[512];
    if (!read_str(text, p, rank, &v, err, sizeof err)) {
        fprintf(stderr, "  '%s' read as %s rank %d succeeded; wanted error '%s'\n", text, wf_prim_name(p), rank, want);
        wf_value_free(&v);
        return 0;
    }
    if (!strstr(err, want)) {
        fprintf(stderr, "  '%s': error '%s' lacks '%s'\n", text, err, want);
        return 0;
    }
    return 1;
}

static int binary_trip(const wf_value *v) {
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    wf_write_binary(f, v);
    fclose(f);
    wf_reader *r = wf_reader_from_string(buf, n);
    wf_value w;
    int ok = wf_read_value(r, v->prim, v->rank, &w) == 0;
    if (ok) {
        ok = w.rank == v->rank && w.prim == v->prim && wf_value_count(&w) == wf_value_count(v);
        for (int i = 0; ok && i < v->rank; i++)
            ok = w.shape[i] == v->shape[i];
        ok = ok && !memcmp(w.data, v->data, (size_t)wf_value_count(v) * wf_prim_size(v->prim));
        ok = ok && wf_reader_at_end(r);
        wf_value_free(&w);
    } else {
        fprintf(stderr, "  binary round trip: %s\n", wf_reader_error(r));
    }
    wf_reader_free(r);
    free(buf);
    return ok;
}

/* Read text, then check the binary round trip of the value. */
static int text_binary_trip(const char *text, wf_prim p, int rank) {
    wf_value v;
    if (read_str(text, p, rank, &v, NULL, 0))
        return 0;
    int ok = binary_trip(&v);
    wf_value_free(&v);
    return ok;
}

static int trees(const char *text, wf_tree ***out) {
    wf_reader *r = wf_reader_from_string(text, strlen(text));
    int n = wf_read_trees(r, out);
    if (n < 0)
        fprintf(stderr, "  trees('%s'): %s\n", text, wf_reader_error(r));
    wf_reader_free(r);
    return n;
}

static void free_trees(wf_tree **t, int n) {
    for (int i = 0; i < n; i++)
        wf_tree_free(t[i]);
    free(t);
}

/* Compare one expected and one actual value; why_want: NULL for equal, else a substring of why. */
static int cmp_is(const char *exp, const char *act, const char *why_want) {
    wf_tree **e, **a;
    int ne = trees(exp, &e), na = trees(act, &a);
    int ok = 0;
    if (ne == 1 && na == 1) {
        char why[256];
        bool eq = wf_tree_equal(e[0], a[0], why, sizeof why);
        ok = why_want ? (!eq && strstr(why, why_want) != NULL) : eq;
        if (!ok)
            fprintf(stderr, "  compare '%s' vs '%s': %s (%s)\n", exp, act, eq ? "equal" : "differ", eq ? "" : why);
    }
    if (ne >= 0)
        free_trees(e, ne);
    if (na >= 0)
        free_trees(a, na);
    return ok;
}

/* ---- tests ---- */

static void test_scalars(void) {
    CHECK(text_is("1", WF_I32, 0, "1i32"));
    CHECK(text_is("1i32", WF_I32, 0, "1i32"));
    CHECK(text_is("-3i8", WF_I8, 0, "-3i8"));
    CHECK(text_is("7u16", WF_U16, 0, "7u16"));
    CHECK(text_is("3", WF_U64, 0, "3u64"));
    CHECK(text_is("-2", WF_I16, 0, "-2i16"));
    CHECK(text_is("2.5", WF_F64, 0, "2.5f64"));
    CHECK(text_is("2.5f32", WF_F32, 0, "2.5f32"));
    CHECK(text_is("1e-3f64", WF_F64, 0, "0.001f64"));
    CHECK(text_is("1.5E+2", WF_F32, 0, "150.0f32"));
    CHECK(text_is("1", WF_F32, 0, "1.0f32"));
    CHECK(text_is("3f64", WF_F64, 0, "3.0f64"));
    CHECK(text_is("0x1F", WF_I32, 0, "31i32"));
    CHECK(text_is("0xffu8", WF_U8, 0, "255u8"));
    CHECK(text_is("-0x10", WF_I8, 0, "-16i8"));
    CHECK(text_is("0b1010_1010u8", WF_U8, 0, "170u8"));
    CHECK(text_is("0x10", WF_F32, 0, "16.0f32"));
    CHECK(error_has("0x", WF_I32, 0, "found '0x'"));
    CHECK(error_has("0b102", WF_I32, 0, "found '0b102'"));
    CHECK(text_is("1_000_000", WF_I64, 0, "1000000i64"));
    CHECK(text_is("true", WF_BOOL, 0, "true"));
    CHECK(text_is("false", WF_BOOL, 0, "false"));
    CHECK(text_is("f32.nan", WF_F32, 0, "f32.nan"));
    CHECK(text_is("f64.inf", WF_F64, 0, "f64.inf"));
    CHECK(text_is("-f32.inf", WF_F32, 0, "-f32.inf"));
    CHECK(text_is("0.1f32", WF_F32, 0, "0.1f32"));
    CHECK(text_is("0.1", WF_F64, 0, "0.1f64"));
    CHECK(text_is("1e20", WF_F64, 0, "1e+20f64"));
    CHECK(text_is("3.4028235e38f32", WF_F32, 0, "3.4028235e+38f32"));
    /* f16: the shortest text that reads back (3 to 5 digits), rounded to half on reading */
    CHECK(text_is("1.5f16", WF_F16, 0, "1.5f16"));
    CHECK(text_is("1", WF_F16, 0, "1.0f16"));
    CHECK(text_is("0.1f16", WF_F16, 0, "0.1f16"));           /* 0x2e66, 0.0999755859375 */
    CHECK(text_is("0.0999755859375", WF_F16, 0, "0.1f16"));
    CHECK(text_is("3.14159", WF_F16, 0, "3.14f16"));          /* 3.140625 */
    CHECK(text_is("65504f16", WF_F16, 0, "6.55e+04f16"));
    CHECK(text_is("65519", WF_F16, 0, "6.55e+04f16"));        /* below the tie with 2^16 */
    CHECK(text_is("65520", WF_F16, 0, "f16.inf"));
    CHECK(text_is("5.960464477539063e-08", WF_F16, 0, "5.96e-08f16")); /* 2^-24 */
    CHECK(text_is("2.9802322387695312e-08", WF_F16, 0, "0.0f16"));    /* 2^-25: the tie, to 0 */
    CHECK(text_is("-0.0f16", WF_F16, 0, "-0.0f16"));
    CHECK(text_is("f16.nan", WF_F16, 0, "f16.nan"));
    CHECK(text_is("-f16.inf", WF_F16, 0, "-f16.inf"));
    CHECK(text_is("[2049, 2051]", WF_F16, 1, "[2048.0f16, 2052.0f16]")); /* ties to even */
    CHECK(error_has("1.0f32", WF_F16, 0, "expected an f16 value but found '1.0f32'"));
}

static void test_extremes(void) {
    CHECK(text_is("-9223372036854775808i64", WF_I64, 0, "-9223372036854775808i64"));
    CHECK(text_is("9223372036854775807", WF_I64, 0, "9223372036854775807i64"));
    CHECK(text_is("18446744073709551615u64", WF_U64, 0, "18446744073709551615u64"));
    CHECK(text_is("-128i8", WF_I8, 0, "-128i8"));
    CHECK(text_is("127i8", WF_I8, 0, "127i8"));
    CHECK(text_is("255u8", WF_U8, 0, "255u8"));
    CHECK(text_is("-32768i16", WF_I16, 0, "-32768i16"));
    CHECK(text_is("4294967295u32", WF_U32, 0, "4294967295u32"));
    CHECK(text_is("-2147483648", WF_I32, 0, "-2147483648i32"));
    CHECK(text_is("-0.0", WF_F64, 0, "-0.0f64"));
    CHECK(text_is("-0.0f32", WF_F32, 0, "-0.0f32"));
    CHECK(text_is("1e-45f32", WF_F32, 0, "1.4013e-45f32"));
    CHECK(text_is("4.9406564584124654e-324", WF_F64, 0, "4.94065645841247e-324f64"));
    CHECK(text_is("2.2250738585072014e-308", WF_F64, 0, "2.2250738585072014e-308f64"));
    CHECK(text_is("1.7976931348623157e308", WF_F64, 0, "1.7976931348623157e+308f64"));
    /* Text round trips of every written form. */
    const char *forms[] = {"-9223372036854775808i64", "1.4013e-45f32", "-0.0f64", "f64.nan", "-f64.inf",
                           "0.30000000000000004f64", "1.2345679e+08f32", "16777216.0f32"};
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        wf_prim p = strstr(forms[i], "f32") ? WF_F32 : strstr(forms[i], "f64") ? WF_F64 : WF_I64;
        CHECK(text_is(forms[i], p, 0, forms[i]));
    }
    wf_value v;
    CHECK(read_str("-0.0", WF_F64, 0, &v, NULL, 0) == 0 && signbit(*(double *)v.data));
    wf_value_free(&v);
}

static void test_arrays(void) {
    /* strings as []u8: their bytes ('a' is 97, '"' 34, newline 10); rows of a [][]u8 */
    CHECK(text_is("\"a\\\"b\\n\"", WF_U8, 1, "[97u8, 34u8, 98u8, 10u8]"));
    CHECK(text_is("[\"ab\", \"cd\"]", WF_U8, 2, "[[97u8, 98u8], [99u8, 100u8]]"));
    CHECK(text_is("\"\"", WF_U8, 1, "empty([0]u8)"));
    CHECK(error_has("\"ab", WF_U8, 1, "a string without its closing"));
    CHECK(error_has("\"a\\qb\"", WF_U8, 1, "unknown escape in a string"));
    CHECK(error_has("\"ab\"", WF_I32, 1, "expected an array of type []i32"));
    CHECK(text_is("[1, 2, 3]", WF_I32, 1, "[1i32, 2i32, 3i32]"));
    CHECK(text_is("[[1], [2]]", WF_I32, 2, "[[1i32], [2i32]]"));
    CHECK(text_is("[[1.5f32, 2], [3, 4]]", WF_F32, 2, "[[1.5f32, 2.0f32], [3.0f32, 4.0f32]]"));
    CHECK(text_is("[true,false]", WF_BOOL, 1, "[true, false]"));
    CHECK(text_is("[-128, 127, 0]", WF_I8, 1, "[-128i8, 127i8, 0i8]"));
    CHECK(text_is("[[-1, 2], [3, -32768]]", WF_I16, 2, "[[-1i16, 2i16], [3i16, -32768i16]]"));
    CHECK(text_is("[-2147483648, 2147483647]", WF_I32, 1, "[-2147483648i32, 2147483647i32]"));
    CHECK(text_is("[-9223372036854775808, 9223372036854775807]", WF_I64, 1,
                  "[-9223372036854775808i64, 9223372036854775807i64]"));
    CHECK(text_is("[255, 65535]", WF_U16, 1, "[255u16, 65535u16]"));
    CHECK(text_is("[4294967295]", WF_U32, 1, "[4294967295u32]"));
    CHECK(text_is("[18446744073709551615, 0]", WF_U64, 1, "[18446744073709551615u64, 0u64]"));
    CHECK(text_is("[1.5, -0.25]", WF_F64, 1, "[1.5f64, -0.25f64]"));
    CHECK(text_is("[[[1u8]]]", WF_U8, 3, "[[[1u8]]]"));
    CHECK(text_is("  -- leading comment\n [1, -- one\n  2 -- two\n ] -- trailing", WF_I64, 1, "[1i64, 2i64]"));
    CHECK(text_is("[1,2,]", WF_I32, 1, "ERROR: line 1, col 6: expected an i32 value but found ']'"));
    /* Empty arrays of every rank. */
    CHECK(text_is("empty([0]i32)", WF_I32, 1, "empty([0]i32)"));
    CHECK(text_is("empty([2][0]f32)", WF_F32, 2, "empty([2][0]f32)"));
    CHECK(text_is("empty([0][3]i32)", WF_I32, 2, "empty([0][3]i32)"));
    CHECK(text_is("empty([0][0][0]bool)", WF_BOOL, 3, "empty([0][0][0]bool)"));
    CHECK(text_is("empty( [1] [0] [4] u16 )", WF_U16, 3, "empty([1][0][4]u16)"));
    CHECK(text_is("[]", WF_I32, 1, "empty([0]i32)"));
    CHECK(text_is("[[], []]", WF_I32, 2, "empty([2][0]i32)"));
}

static void test_many_values(void) {
    const char *text = "1i32 [2.5, 3] -- c\n true b";
    wf_reader *r = wf_reader_from_string(text, strlen(text));
    wf_value v;
    CHECK(wf_read_value(r, WF_I32, 0, &v) == 0 && *(int32_t *)v.data == 1);
    wf_value_free(&v);
    CHECK(wf_read_value(r, WF_F64, 1, &v) == 0 && v.shape[0] == 2 && ((double *)v.data)[1] == 3.0);
    wf_value_free(&v);
    CHECK(!wf_reader_at_end(r));
    CHECK(wf_read_value(r, WF_BOOL, 0, &v) == 0 && *(uint8_t *)v.data == 1);
    wf_value_free(&v);
    CHECK(wf_read_value(r, WF_BOOL, 0, &v) != 0 && strstr(wf_reader_error(r), "truncated"));
    wf_reader_free(r);
    r = wf_reader_from_string(" -- nothing\n ", 13);
    CHECK(wf_reader_at_end(r));
    CHECK(wf_read_value(r, WF_I32, 0, &v) != 0 && strstr(wf_reader_error(r), "found end of input"));
    wf_reader_free(r);
}

static void test_binary(void) {
    CHECK(text_binary_trip("42i8", WF_I8, 0));
    CHECK(text_binary_trip("[1, -2, 3]", WF_I16, 1));
    CHECK(text_binary_trip("[[1, 2], [3, 4]]", WF_I32, 2));
    CHECK(text_binary_trip("[-9223372036854775808, 9223372036854775807]", WF_I64, 1));
    CHECK(text_binary_trip("[255, 0]", WF_U8, 1));
    CHECK(text_binary_trip("[65535]", WF_U16, 1));
    CHECK(text_binary_trip("[[[4294967295]]]", WF_U32, 3));
    CHECK(text_binary_trip("18446744073709551615", WF_U64, 0));
    CHECK(text_binary_trip("[1.5, f32.nan, -f32.inf, -0.0, 1e-45]", WF_F32, 1));
    CHECK(text_binary_trip("[[4.9e-324, f64.inf]]", WF_F64, 2));
    CHECK(text_binary_trip("[1.5, f16.nan, -f16.inf, -0.0, 6e-8, 65504]", WF_F16, 1));
    CHECK(text_binary_trip("[true, false, true]", WF_BOOL, 1));
    CHECK(text_binary_trip("empty([0]i32)", WF_I32, 1));
    CHECK(text_binary_trip("empty([3][0]f64)", WF_F64, 2));
    CHECK(text_binary_trip("empty([0][0][0]bool)", WF_BOOL, 3));

    /* Hand-made: b 2 1 " i32" dim=2, data 1 2. */
    static const unsigned char good[] = {'b', 2, 1, ' ', 'i', '3', '2', 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
    wf_value v;
    wf_reader *r = wf_reader_from_string((const char *)good, sizeof good);
    CHECK(wf_read_value(r, WF_I32, 1, &v) == 0 && v.shape[0] == 2 && ((int32_t *)v.data)[1] == 2);
    wf_value_free(&v);
    wf_reader_free(r);
    /* The same, after a comment: binary values are detected per value. */
    unsigned char mixed[64] = "1 -- x\n ";
    memcpy(mixed + 8, good, sizeof good);
    r = wf_reader_from_string((const char *)mixed, 8 + sizeof good);
    CHECK(wf_read_value(r, WF_I32, 0, &v) == 0);
    wf_value_free(&v);
    CHECK(wf_read_value(r, WF_I32, 1, &v) == 0 && ((int32_t *)v.data)[0] == 1);
    wf_value_free(&v);
    CHECK(wf_reader_at_end(r));
    wf_reader_free(r);

    struct { size_t len; wf_prim p; int rank; const char *msg; } bad[] = {
        {sizeof good - 1, WF_I32, 1, "truncated data"},
        {10, WF_I32, 1, "truncated shape"},
        {4, WF_I32, 1, "truncated header"},
        {sizeof good, WF_I32, 2, "expected type [][]i32 but found []i32"},
        {sizeof good, WF_F32, 1, "expected type []f32 but found []i32"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        r = wf_reader_from_string((const char *)good, bad[i].len);
        int rc = wf_read_value(r, bad[i].p, bad[i].rank, &v);
        CHECK(rc != 0 && strstr(wf_reader_error(r), bad[i].msg));
        if (rc == 0)
            wf_value_free(&v);
        wf_reader_free(r);
    }
    unsigned char badname[sizeof good];
    memcpy(badname, good, sizeof good);
    memcpy(badname + 3, " x32", 4);
    r = wf_reader_from_string((const char *)badname, sizeof badname);
    CHECK(wf_read_value(r, WF_I32, 1, &v) != 0 && strstr(wf_reader_error(r), "unknown type name ' x32'"));
    wf_reader_free(r);
    badname[1] = 1;
    r = wf_reader_from_string((const char *)badname, sizeof badname);
    CHECK(wf_read_value(r, WF_I32, 1, &v) != 0 && strstr(wf_reader_error(r), "version 1"));
    wf_reader_free(r);
}

static void test_errors(void) {
    CHECK(error_has("\n\n      true", WF_F32, 0, "line 3, col 7: expected an f32 value but found 'true'"));
    CHECK(error_has("[[1,2,3,4],\n [1,2,3]]", WF_I32, 2, "line 2, col 2: irregular array: row 2 has 3 elements, row 1 has 4"));
    CHECK(error_has("[[1],[2,3]]", WF_I32, 2, "irregular array: row 2 has 2 elements, row 1 has 1"));
    CHECK(error_has("[[], [1]]", WF_I32, 2, "irregular array"));
    CHECK(error_has("[1, 2]", WF_I32, 2, "expected an array of type []i32 but found '1'"));
    CHECK(error_has("[1, 2]", WF_I32, 0, "expected an i32 value but found '['"));
    CHECK(error_has("5", WF_I32, 1, "line 1, col 1: expected an array of type []i32 but found '5'"));
    CHECK(error_has("2.5", WF_I32, 0, "expected an i32 value but found '2.5'"));
    CHECK(error_has("1i64", WF_I32, 0, "found '1i64'"));
    CHECK(error_has("1.0f64", WF_F32, 0, "expected an f32 value but found '1.0f64'"));
    CHECK(error_has("1", WF_BOOL, 0, "expected a bool value but found '1'"));
    CHECK(error_has("300", WF_U8, 0, "literal '300' is out of range for u8"));
    CHECK(text_is("128i8", WF_I8, 0, "-128i8"));             /* a suffixed literal wraps, as in Futhark */
    CHECK(text_is("-271733879u32", WF_U32, 0, "4023233417u32"));
    CHECK(text_is("-1u64", WF_U64, 0, "18446744073709551615u64"));
    CHECK(error_has("-1", WF_U64, 0, "out of range for u64"));
    CHECK(error_has("99999999999999999999", WF_I64, 0, "out of range"));
    CHECK(error_has("18446744073709551616u64", WF_U64, 0, "out of range"));
    CHECK(error_has("2147483648", WF_I32, 0, "out of range"));
    CHECK(error_has("hello", WF_I32, 0, "found 'hello'"));
    CHECK(error_has("1x", WF_I32, 0, "found '1x'"));
    CHECK(error_has("1.", WF_F64, 0, "found '1.'"));
    CHECK(error_has("1e", WF_F64, 0, "found '1e'"));
    CHECK(error_has("1i33", WF_I32, 0, "found '1i33'"));
    CHECK(error_has("1.5i32", WF_I32, 0, "found '1.5i32'"));
    CHECK(error_has("@", WF_I32, 0, "found '@'"));
    CHECK(error_has("[1 2]", WF_I32, 1, "line 1, col 4: expected ',' or ']' but found '2'"));
    CHECK(error_has("[1, 2", WF_I32, 1, "found 'end of input'"));
    CHECK(error_has("empty([0]i32)", WF_I32, 2, "expected a value of type [][]i32 but found an empty array of type []i32"));
    CHECK(error_has("empty([0]f32)", WF_I32, 1, "empty array of type []f32"));
    CHECK(error_has("empty([2]i32)", WF_I32, 1, "zero dimension"));
    CHECK(error_has("empty([0]int)", WF_I32, 1, "expected a type name"));
    CHECK(error_has("empty(", WF_I32, 1, "expected a type name"));
    char big[400];
    memset(big, '1', sizeof big - 1);
    big[sizeof big - 1] = 0;
    CHECK(error_has(big, WF_I64, 0, "expected an i64 value"));
}

/* Reading from a FILE, across many buffer refills. */
static void test_file_reader(void) {
    FILE *f = tmpfile();
    if (!f) {
        CHECK(!"tmpfile");
        return;
    }
    const int n = 400000;
    fputs("[", f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%d", i ? ", " : "", i - n / 2);
    fputs("] ", f);
    wf_value big = {0};
    big.prim = WF_F64;
    big.rank = 1;
    big.shape[0] = n;
    big.data = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        ((double *)big.data)[i] = i * 0.5;
    wf_write_binary(f, &big);
    fputs(" [1,\n2]", f);
    rewind(f);
    wf_reader *r = wf_reader_new(f);
    wf_value v;
    int ok = wf_read_value(r, WF_I32, 1, &v) == 0;
    CHECK(ok && v.shape[0] == n && ((int32_t *)v.data)[0] == -n / 2 && ((int32_t *)v.data)[n - 1] == n / 2 - 1);
    if (ok)
        wf_value_free(&v);
    ok = wf_read_value(r, WF_F64, 1, &v) == 0;
    CHECK(ok && v.shape[0] == n && !memcmp(v.data, big.data, sizeof(double) * (size_t)n));
    if (ok)
        wf_value_free(&v);
    ok = wf_read_value(r, WF_I8, 1, &v) == 0;
    CHECK(ok && v.shape[0] == 2);
    if (ok)
        wf_value_free(&v);
    CHECK(wf_reader_at_end(r));
    wf_reader_free(r);
    wf_value_free(&big);
    fclose(f);
}

static void test_trees(void) {
    CHECK(cmp_is("[1, 2]", "[1i32, 2i32]", NULL));
    CHECK(cmp_is("1", "1u8", NULL));
    CHECK(cmp_is("1", "1.0f32", NULL));
    CHECK(cmp_is("2.5", "2.5f32", NULL));
    CHECK(cmp_is("1i32", "1i32", NULL));
    CHECK(cmp_is("1i32", "1i64", "type differs"));
    CHECK(cmp_is("2.5", "2i32", "type differs"));
    CHECK(cmp_is("1.0f32", "1.001f32", NULL));
    CHECK(cmp_is("1000.0f32", "1001.5f32", NULL));
    CHECK(cmp_is("1000.0f32", "1003.0f32", "expected 1000.0f32 but got 1003.0f32"));
    CHECK(cmp_is("0.0", "0.001f64", NULL));
    CHECK(cmp_is("[1000.0, 0.001]", "[1000.0f64, 1.5f64]", NULL)); /* tolerance is per value */
    CHECK(cmp_is("[1000.0, 0.001]", "[1000.0f64, 2.5f64]", "at [1]: expected 0.001 but got 2.5f64"));
    CHECK(cmp_is("[-1000.0f32]", "[-1001.0f32]", NULL));
    CHECK(cmp_is("[f32.inf, 1f32]", "[f32.inf, 1.01f32]", "at [1]"));
    CHECK(cmp_is("0.0", "0.01f64", "expected 0.0 but got 0.01f64"));
    CHECK(cmp_is("f32.nan", "f32.nan", NULL));
    CHECK(cmp_is("f32.nan", "1f32", "expected f32.nan"));
    CHECK(cmp_is("f64.inf", "f64.inf", NULL));
    CHECK(cmp_is("f64.inf", "-f64.inf", "expected f64.inf but got -f64.inf"));
    CHECK(cmp_is("-1", "18446744073709551615u64", "expected -1 but got 18446744073709551615u64"));
    CHECK(cmp_is("18446744073709551615", "18446744073709551615u64", NULL));
    CHECK(cmp_is("true", "true", NULL));
    CHECK(cmp_is("true", "false", "expected true but got false"));
    CHECK(cmp_is("true", "1", "type differs"));
    CHECK(cmp_is("[[1], [2, 3], []]", "[[1i64], [2i64, 3i64], empty([0]i64)]", NULL));
    CHECK(cmp_is("[[1], [2, 3]]", "[[1i64], [2i64, 4i64]]", "at [1][1]: expected 3 but got 4i64"));
    CHECK(cmp_is("[[1], [2, 3]]", "[[1i64], [2i64]]", "at [1]: expected 2 elements but got 1"));
    CHECK(cmp_is("[1]", "1i32", "expected an array but got 1i32"));
    CHECK(cmp_is("1", "[1i32]", "expected 1 but got an array"));
    CHECK(cmp_is("empty([0]i32)", "empty([0]i32)", NULL));
    CHECK(cmp_is("empty([2][0]i32)", "[[], []]", NULL));
    CHECK(cmp_is("empty([0]i32)", "empty([0]f32)", "expected empty([0]i32) but got empty([0]f32)"));
    CHECK(cmp_is("empty([0][2]i32)", "empty([0]i32)", "expected empty([0][2]i32) but got empty([0]i32)"));
    /* arrays without elements keep every size, however large */
    CHECK(cmp_is("empty([0][3]i32)", "empty([0][2]i32)", "expected empty([0][3]i32) but got empty([0][2]i32)"));
    CHECK(cmp_is("empty([0][3]i32)", "empty([0][3]i32)", NULL));
    CHECK(cmp_is("empty([4611686018427387904][0]f64)", "empty([4611686018427387904][0]f64)", NULL));
    CHECK(cmp_is("empty([4611686018427387904][0]f64)", "empty([4611686018427387904][1][0]f64)", "but got empty([4611686018427387904][1][0]f64)"));
    CHECK(cmp_is("[[], [], []]", "empty([2][0]i32)", "expected 3 elements but got 2"));
    CHECK(cmp_is("empty([2][0]i32)", "[[], [], []]", "expected 2 elements but got 3"));
    CHECK(cmp_is("[]", "empty([0][3]i32)", NULL)); /* the literal does not say */
    CHECK(cmp_is("[[1]]", "empty([1][0]i32)", "at [0]: expected 1 elements but got 0"));
    CHECK(cmp_is("[1]", "empty([1][0]i32)", "got an array without elements, expected a value in it"));

    /* Several values, binary mixed with text, and printing. */
    wf_tree **t;
    int n = trees("1 [2.5f32] empty([0][1]bool)", &t);
    CHECK(n == 3);
    if (n >= 0)
        free_trees(t, n);
    static const unsigned char bin[] = {'b', 2, 0, ' ', 'i', '3', '2', 7, 0, 0, 0};
    /* in text and in binary: [2^62][2^62][0], whose other sizes overflow any product */
    static const unsigned char huge_bin[] = {'b', 2, 3, ' ', 'f', '6', '4', 0, 0, 0, 0, 0, 0, 0, 0x40,
                                             0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0, 0};
    const char *huge_text = "empty([4611686018427387904][4611686018427387904][0]f64)";
    for (int bin = 0; bin < 2; bin++) {
        wf_reader *hr = bin ? wf_reader_from_string((const char *)huge_bin, sizeof huge_bin)
                            : wf_reader_from_string(huge_text, strlen(huge_text));
        n = wf_read_trees(hr, &t);
        wf_reader_free(hr);
        CHECK(n == 1);
        if (n == 1) {
            char *out = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&out, &len);
            wf_tree_print(f, t[0]);
            fclose(f);
            CHECK(!strcmp(out, huge_text));
            free(out);
            free_trees(t, n);
        }
    }
    char text[64] = "[1, [2]] ";
    memcpy(text + 9, bin, sizeof bin);
    wf_reader *r = wf_reader_from_string(text, 9 + sizeof bin);
    n = wf_read_trees(r, &t);
    wf_reader_free(r);
    CHECK(n == 2);
    if (n == 2) {
        char *out = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);
        wf_tree_print(f, t[0]);
        fputc(' ', f);
        wf_tree_print(f, t[1]);
        fclose(f);
        CHECK(!strcmp(out, "[1, [2]] 7i32"));
        free(out);
        free_trees(t, n);
    }
    r = wf_reader_from_string("[1, 2", 5);
    CHECK(wf_read_trees(r, &t) == -1 && strstr(wf_reader_error(r), "expected ',' or ']'"));
    wf_reader_free(r);
    r = wf_reader_from_string("1 ]", 3);
    CHECK(wf_read_trees(r, &t) == -1 && strstr(wf_reader_error(r), "line 1, col 3: expected a value but found ']'"));
    wf_reader_free(r);
    r = wf_reader_from_string("99999999999999999999u8", 22); /* 300u8 is 44u8, but this has 67 bits */
    CHECK(wf_read_trees(r, &t) == -1 && strstr(wf_reader_error(r), "out of range for u8"));
    wf_reader_free(r);
}

/* What tests/fuzz/fuzz_values.c found (tests/fuzz/regressions/values/). */
static void test_fuzz_findings(void) {
    /* A binary header claiming 2^40 elements in a short string: an error, not a 4 TB malloc. */
    static const unsigned char huge[] = {'b', 2, 1, ' ', 'i', '3', '2', 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0};
    wf_reader *r = wf_reader_from_string((const char *)huge, sizeof huge);
    wf_value v;
    CHECK(wf_read_value(r, WF_I32, 1, &v) != 0 && strstr(wf_reader_error(r), "truncated data (expected 1099511627776"));
    wf_reader_free(r);
    wf_tree **trees;
    r = wf_reader_from_string((const char *)huge, sizeof huge);
    CHECK(wf_read_trees(r, &trees) < 0 && strstr(wf_reader_error(r), "truncated data"));
    wf_reader_free(r);
    /* The same from a FILE, where the reader cannot know what is left: memory grows with the
     * bytes that arrive (it was a 4 TB malloc, "out of memory" or worse). */
    FILE *f = tmpfile();
    if (f && fwrite(huge, 1, sizeof huge, f) == sizeof huge) {
        rewind(f);
        r = wf_reader_new(f);
        CHECK(wf_read_value(r, WF_I32, 1, &v) != 0 &&
              strstr(wf_reader_error(r), "truncated data (expected 1099511627776 elements of type i32, "
                                         "4398046511104 bytes; the input ends 4398046511100 bytes short)"));
        wf_reader_free(r);
    } else {
        CHECK(!"tmpfile");
    }
    if (f)
        fclose(f);
    /* A jagged value of 2^31 + 1 rows in 40 bytes (jagged-huge-rows): its 16 GB of lengths were
     * allocated before reading them. */
    static const unsigned char rows[] = {'b', 3, 2, 1, ' ', 'u', '1', '6', 1, 0, 0, 0x80, 0, 0, 0, 0,
                                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    r = wf_reader_from_string((const char *)rows, sizeof rows);
    CHECK(wf_read_trees(r, &trees) < 0 &&
          strstr(wf_reader_error(r), "truncated lengths of jagged level 1 (expected 2147483649 rows; the input ends "
                                     "17179869176 bytes short)"));
    wf_reader_free(r);
    /* A row of 2^40 rows without elements ([][][0]i16): valid, read in constant memory, and as a
     * tree one node of that shape (it made 2^40 nodes). */
    static const unsigned char none[] = {'b', 3, 3, 1, ' ', 'i', '1', '6', 1, 0, 0, 0, 0, 0, 0, 0,
                                         0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    wf_value parts[3];
    r = wf_reader_from_string((const char *)none, sizeof none);
    int ok = wf_read_jagged(r, WF_I16, 3, 1, parts) == 0;
    CHECK(ok && parts[0].shape[0] == 2 && ((int64_t *)parts[0].data)[1] == (int64_t)1 << 40 &&
          parts[1].rank == 2 && parts[1].shape[0] == (int64_t)1 << 40 && parts[1].shape[1] == 0);
    if (ok)
        for (int k = 0; k < 2; k++)
            wf_value_free(&parts[k]);
    wf_reader_free(r);
    r = wf_reader_from_string((const char *)none, sizeof none);
    ok = wf_read_trees(r, &trees) == 1;
    CHECK(ok && trees[0]->len == 1 && trees[0]->elems[0]->shape && trees[0]->elems[0]->empty_rank == 2 &&
          trees[0]->elems[0]->shape[0] == (int64_t)1 << 40 && trees[0]->elems[0]->shape[1] == 0);
    if (ok)
        free_trees(trees, 1);
    wf_reader_free(r);
    /* An array without elements for a jagged type: its rows cost 8 bytes each, so a shape alone
     * may declare at most 2^24 of them at a jagged level (jagged-empty-huge-rows: 2^26 rows in
     * 61 bytes). */
    static const char *const shaped[] = {"empty([4][0]i32)", "empty([16777217][0]i32)", "empty([2][8388609][0]i32)"};
    for (int i = 0; i < 3; i++) {
        r = wf_reader_from_string(shaped[i], strlen(shaped[i]));
        int levels = i == 2 ? 2 : 1;
        ok = wf_read_jagged(r, WF_I32, levels + 1, levels, parts) == 0;
        if (i == 0) {
            const int64_t *o = parts[0].data;
            CHECK(ok && parts[0].shape[0] == 5 && o[0] == 0 && o[4] == 0 && parts[1].shape[0] == 0);
        } else {
            CHECK(!ok && strstr(wf_reader_error(r), "may have at most 16777216 rows at each jagged level"));
        }
        if (ok)
            for (int k = 0; k <= levels; k++)
                wf_value_free(&parts[k]);
        wf_reader_free(r);
    }
    /* Brackets nested 100000 deep: untyped reading (weft test's expected outputs) overflowed the
     * stack; no value has a rank above WF_MAX_RANK. */
    size_t n = 100000;
    char *deep = malloc(n + 1);
    memset(deep, '[', n);
    deep[n] = 0;
    r = wf_reader_from_string(deep, n);
    CHECK(wf_read_trees(r, &trees) < 0 && strstr(wf_reader_error(r), "line 1, col 17: arrays nested deeper than 16"));
    wf_reader_free(r);
    free(deep);
    CHECK(cmp_is("[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]", "[[[[[[[[[[[[[[[[1i32]]]]]]]]]]]]]]]]", NULL)); /* 16 is fine */
}

int main(void) {
    test_scalars();
    test_extremes();
    test_arrays();
    test_many_values();
    test_binary();
    test_errors();
    test_file_reader();
    test_trees();
    test_fuzz_findings();
    printf("test_values: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
