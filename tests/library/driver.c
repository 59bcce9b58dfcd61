/* driver.c — calls the library that `weft c --library tests/library/lib.fut -o DIR/lib` writes
 * (tests/scripts/c_library.sh): values and shapes of both results of `pairs`, the run-time error
 * of `pick`, a context that keeps working after a failure, and every object freed (ASan).
 * With the argument `nofail` the failing calls are left out: generated code does not release
 * its arrays when it fails (WF_FAIL returns at once), so only that run is checked for leaks.
 * Prints "ok" and exits 0, or names each failed check and exits 1. */
#include <stdio.h>
#include <string.h>

#include "lib.h"

static int failures;

static void check(int cond, const char *what) {
    if (!cond) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

static void test_pairs(struct weft_context *ctx) {
    const double xs[3] = {1.0, 2.5, -4.0};
    struct weft_f64_1d *in = weft_new_f64_1d(ctx, xs, 3);
    check(in != NULL, "weft_new_f64_1d");
    check(weft_shape_f64_1d(ctx, in)[0] == 3, "shape of the input");
    struct weft_f64_2d *out = NULL;
    double sum = 0;
    check(weft_entry_pairs(ctx, &out, &sum, in, 3) == 0, "weft_entry_pairs returns 0");
    check(weft_context_error(ctx) == NULL, "no error after pairs");
    check(out != NULL, "pairs: an array result");
    if (out) {
        const int64_t *sh = weft_shape_f64_2d(ctx, out);
        check(sh[0] == 3 && sh[1] == 2, "pairs: shape [3][2]");
        double got[6];
        const double want[6] = {3.0, 4.0, 7.5, 5.5, -12.0, -1.0};
        check(weft_values_f64_2d(ctx, out, got) == 0, "weft_values_f64_2d");
        check(memcmp(got, want, sizeof got) == 0, "pairs: values");
        check(memcmp(weft_data_f64_2d(ctx, out), want, sizeof want) == 0, "pairs: weft_data_f64_2d, no copy");
        check(weft_free_f64_2d(ctx, out) == 0, "weft_free_f64_2d");
    }
    check(sum == -0.5, "pairs: the sum");
    check(weft_free_f64_1d(ctx, in) == 0, "weft_free_f64_1d");
}

static void test_empty(struct weft_context *ctx) {
    struct weft_f64_1d *in = weft_new_f64_1d(ctx, NULL, 0);
    struct weft_f64_2d *out = NULL;
    double sum = 1;
    check(weft_entry_pairs(ctx, &out, &sum, in, 7) == 0, "pairs on an empty array");
    check(out && weft_shape_f64_2d(ctx, out)[0] == 0 && weft_shape_f64_2d(ctx, out)[1] == 2,
          "pairs: empty result of shape [0][2]");
    check(sum == 0, "pairs: empty sum");
    weft_free_f64_2d(ctx, out);
    weft_free_f64_1d(ctx, in);
}

static void test_pick(struct weft_context *ctx, int fail) {
    const int64_t xs[2] = {10, 20};
    struct weft_i64_1d *in = weft_new_i64_1d(ctx, xs, 2);
    int64_t r = 0;
    check(weft_entry_pick(ctx, &r, in, 1) == 0 && r == 40, "pick in bounds");
    if (!fail) {
        weft_free_i64_1d(ctx, in);
        return;
    }
    check(weft_entry_pick(ctx, &r, in, 5) != 0, "pick out of bounds fails");
    const char *err = weft_context_error(ctx);
    check(err != NULL, "an error message after the failure");
    if (err) {
        printf("expected error: %s\n", err);
        check(strstr(err, "lib.fut:10:41: Error: Index [5] out of bounds for array of shape [2].") != NULL,
              "the message names the location, index and shape");
    }
    check(weft_entry_pick(ctx, &r, in, 0) == 0 && r == 20, "the context works after a failure");
    check(weft_context_error(ctx) == NULL, "the error is cleared by the next call");
    check(weft_entry_pick(ctx, &r, NULL, 0) != 0, "a NULL input fails");
    weft_free_i64_1d(ctx, in);
}

/* A jagged array built from its flat parts and read back as them: rows [1 2 3] [] [4 5]. */
static void test_jagged(struct weft_context *ctx, int fail) {
    const int64_t offsets[4] = {0, 3, 3, 5};
    const int32_t data[5] = {1, 2, 3, 4, 5};
    struct weft_i32_2d_j1 *in = weft_new_i32_2d_j1(ctx, 3, offsets, data);
    check(in != NULL, "weft_new_i32_2d_j1");
    struct weft_i32_2d_j1 *out = NULL;
    check(weft_entry_prefix_rows(ctx, &out, in) == 0 && out, "prefix_rows");
    int64_t count = 0, shape[1] = {0};
    const int64_t *o = out ? weft_offsets_i32_2d_j1(ctx, out, 1, &count) : NULL;
    const int32_t *d = out ? weft_data_i32_2d_j1(ctx, out, shape) : NULL;
    check(o && count == 4 && o[1] - o[0] == 3 && o[2] - o[1] == 0 && o[3] - o[2] == 2, "prefix_rows: the row lengths");
    check(d && shape[0] >= o[3] && d[o[0]] == 1 && d[o[0] + 1] == 3 && d[o[0] + 2] == 6 && d[o[2]] == 4 &&
              d[o[2] + 1] == 9,
          "prefix_rows: the data");
    check(weft_offsets_i32_2d_j1(ctx, out, 2, &count) == NULL && weft_context_error(ctx) != NULL,
          "no level 2 of a one-level array");
    weft_free_i32_2d_j1(ctx, out);
    weft_free_i32_2d_j1(ctx, in);
    if (!fail)
        return;
    const int64_t bad[4] = {0, 3, 2, 5};
    check(weft_new_i32_2d_j1(ctx, 3, bad, data) == NULL, "decreasing offsets are refused");
    const char *err = weft_context_error(ctx);
    check(err && strstr(err, "decrease") != NULL, "the message says the offsets decrease");
}

int main(int argc, char **argv) {
    struct weft_context *ctx = weft_context_new();
    if (!ctx) {
        printf("FAIL: weft_context_new\n");
        return 1;
    }
    setvbuf(stdout, NULL, _IONBF, 0); /* nothing lost when a sanitizer ends the process */
    weft_context_set_threads(ctx, 2);
    test_pairs(ctx);
    test_empty(ctx);
    test_pick(ctx, !(argc > 1 && strcmp(argv[1], "nofail") == 0));
    test_jagged(ctx, !(argc > 1 && strcmp(argv[1], "nofail") == 0));
    weft_context_free(ctx);
    if (failures == 0)
        printf("ok\n");
    return failures != 0;
}
