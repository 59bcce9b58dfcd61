/* chain_driver.c — arrays that stay in the library between entry calls, on tests/library/chain.fut:
 * built against `weft cuda --library` (bench/cuda/library.sh runs it on a GPU;
 * tests/scripts/cuda_library.sh only builds it) and against `weft c --library` (the same checks,
 * and the reference for the comparison of the two).
 *
 *   chain_driver [DEVICE [DEVICE2 [DUMP]]]
 *
 * Two contexts at once (made with weft_config_*: on DEVICE and DEVICE2, both 0 by default), each
 * running the chain scale -> smooth -> total with the intermediate arrays passed as they come
 * (with weft cuda, weft_context_transfers shows that they stay on the device until
 * weft_values_* asks for them), a unique parameter (the caller's array unchanged), a 2-D
 * intermediate, a failing call and the context working on after it; then the two contexts'
 * calls interleaved.  Every value is checked against plain C; the inputs are multiples of 1/2
 * so that every result is exact, whatever the order of the additions.  DUMP: a file to write
 * the results to, compared by library.sh with the C library's.  Prints "ok" and exits 0, or
 * names each failed check and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"

enum { N = 1 << 20, ROWS = 300, COLS = 200 };

static int failures;

static void check(int cond, const char *what) {
    if (!cond && failures++ < 20)
        printf("FAIL: %s\n", what);
}

static double xs[N], want_zs[N];
static double want_total;

static void expected(void) {
    static double ys[N];
    for (int i = 0; i < N; i++) {
        xs[i] = (i % 97) * 0.5;
        ys[i] = xs[i] * 3 + 1;
    }
    want_total = 0;
    for (int i = 0; i < N; i++) {
        want_zs[i] = (ys[i] + ys[(i + 1) % N]) / 2;
        want_total += want_zs[i];
    }
}

/* Bytes the context copied between host and device so far (weft cuda; 0 elsewhere). */
static int64_t copied(struct weft_context *ctx, int to_host) {
#ifdef WEFT_BACKEND_CUDA
    int64_t d = 0, h = 0;
    weft_context_transfers(ctx, &d, &h);
    return to_host ? h : d;
#else
    (void)ctx;
    (void)to_host;
    return 0;
#endif
}

static int same(const double *got, const double *want, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if (got[i] != want[i])
            return 0;
    return 1;
}

/* scale, smooth, total: the intermediates passed on as they come.  Returns zs (the caller frees
 * it) and its total. */
static struct weft_f64_1d *chain(struct weft_context *ctx, double *total) {
    struct weft_f64_1d *x = weft_new_f64_1d(ctx, xs, N), *y = NULL, *z = NULL;
    check(x && weft_entry_scale(ctx, &y, x, 3.0) == 0, "scale");
    int64_t up = copied(ctx, 0), down = copied(ctx, 1);
    check(weft_entry_smooth(ctx, &z, y) == 0, "smooth");
    check(weft_entry_total(ctx, total, z) == 0, "total");
    /* the two calls moved no array: a few bytes of failure checks at most */
    check(copied(ctx, 0) - up < 4096 && copied(ctx, 1) - down < 4096, "smooth and total copied no array");
    check(*total == want_total, "total: the value");
    weft_free_f64_1d(ctx, x);
    weft_free_f64_1d(ctx, y);
    return z;
}

static void run(struct weft_context *ctx, FILE *dump) {
    double total = 0;
    struct weft_f64_1d *z = chain(ctx, &total);
    static double got[N];
    int64_t down = copied(ctx, 1);
    check(z && weft_values_f64_1d(ctx, z, got) == 0 && same(got, want_zs, N), "smooth: the values");
#ifdef WEFT_BACKEND_CUDA
    check(copied(ctx, 1) - down >= (int64_t)sizeof got, "weft_values_f64_1d copied the array to the host");
#else
    (void)down;
#endif
    check(z && weft_shape_f64_1d(ctx, z)[0] == N, "smooth: the shape");
    const double *data = z ? weft_data_f64_1d(ctx, z) : NULL;
    check(data && same(data, want_zs, N), "weft_data_f64_1d");

    /* a unique parameter: bump may overwrite its argument, never the caller's array */
    struct weft_f64_1d *b = NULL;
    static double bumped[N];
    check(weft_entry_bump(ctx, &b, z) == 0, "bump");
    check(b && weft_values_f64_1d(ctx, b, bumped) == 0 && bumped[0] == want_zs[0] + 1 &&
              same(bumped + 1, want_zs + 1, N - 1), "bump: the values");
    check(weft_values_f64_1d(ctx, z, got) == 0 && same(got, want_zs, N), "bump left its argument as it was");

    /* a 2-D intermediate */
    static double rx[ROWS], cy[COLS], rs[ROWS], want_rs[ROWS];
    for (int i = 0; i < ROWS; i++)
        rx[i] = (i % 13) * 0.5;
    for (int j = 0; j < COLS; j++)
        cy[j] = (j % 7) * 0.5 - 1;
    for (int i = 0; i < ROWS; i++) {
        want_rs[i] = 0;
        for (int j = 0; j < COLS; j++)
            want_rs[i] += rx[i] * cy[j];
    }
    struct weft_f64_1d *a = weft_new_f64_1d(ctx, rx, ROWS), *c = weft_new_f64_1d(ctx, cy, COLS), *r = NULL;
    struct weft_f64_2d *m = NULL;
    check(weft_entry_outer(ctx, &m, a, c) == 0, "outer");
    check(m && weft_shape_f64_2d(ctx, m)[0] == ROWS && weft_shape_f64_2d(ctx, m)[1] == COLS, "outer: the shape");
    check(weft_entry_rowsums(ctx, &r, m) == 0, "rowsums");
    check(r && weft_values_f64_1d(ctx, r, rs) == 0 && same(rs, want_rs, ROWS), "rowsums: the values");

    /* a failing call, then the context works on */
    double v = 0;
    check(weft_entry_at(ctx, &v, z, N) != 0, "at: out of bounds fails");
    const char *e = weft_context_error(ctx);
    check(e && strstr(e, "chain.fut:") && strstr(e, "out of bounds"), "at: the message");
    check(weft_entry_at(ctx, &v, z, 5) == 0 && v == want_zs[5], "at after a failure");
    check(weft_context_sync(ctx) == 0, "weft_context_sync");

    if (dump) {
        fprintf(dump, "%.17g\n", total);
        for (int i = 0; i < N; i += 997)
            fprintf(dump, "%.17g %.17g\n", got[i], bumped[i]);
        for (int i = 0; i < ROWS; i++)
            fprintf(dump, "%.17g\n", rs[i]);
    }
    weft_free_f64_1d(ctx, z);
    weft_free_f64_1d(ctx, b);
    weft_free_f64_1d(ctx, a);
    weft_free_f64_1d(ctx, c);
    weft_free_f64_1d(ctx, r);
    weft_free_f64_2d(ctx, m);
}

static struct weft_context *context_on(int device) {
    struct weft_config *cfg = weft_config_new();
    if (!cfg)
        return NULL;
    weft_config_set_device(cfg, device);
    struct weft_context *ctx = weft_context_new_config(cfg);
    weft_config_free(cfg);
    if (!ctx)
        printf("FAIL: a context on device %d\n", device);
    return ctx;
}

int main(int argc, char **argv) {
    int dev1 = argc > 1 ? atoi(argv[1]) : 0, dev2 = argc > 2 ? atoi(argv[2]) : dev1;
    FILE *dump = argc > 3 ? fopen(argv[3], "w") : NULL;
    expected();
    struct weft_context *c1 = context_on(dev1), *c2 = context_on(dev2);
    if (!c1 || !c2)
        return 1;
    run(c1, dump);
    run(c2, NULL);
    /* the two contexts' calls interleaved, their arrays side by side */
    double t1 = 0, t2 = 0;
    struct weft_f64_1d *x1 = weft_new_f64_1d(c1, xs, N), *x2 = weft_new_f64_1d(c2, xs, N);
    struct weft_f64_1d *y1 = NULL, *y2 = NULL, *z1 = NULL, *z2 = NULL;
    check(weft_entry_scale(c1, &y1, x1, 3.0) == 0 && weft_entry_scale(c2, &y2, x2, 3.0) == 0, "scale, twice");
    check(weft_entry_smooth(c2, &z2, y2) == 0 && weft_entry_smooth(c1, &z1, y1) == 0, "smooth, twice");
    check(weft_entry_total(c1, &t1, z1) == 0 && weft_entry_total(c2, &t2, z2) == 0, "total, twice");
    check(t1 == want_total && t2 == want_total, "interleaved: the totals");
    static double got[N];
    check(weft_values_f64_1d(c2, z2, got) == 0 && same(got, want_zs, N), "interleaved: the second context's values");
    struct weft_f64_1d *arrays1[] = {x1, y1, z1}, *arrays2[] = {x2, y2, z2};
    for (int i = 0; i < 3; i++) {
        weft_free_f64_1d(c1, arrays1[i]);
        weft_free_f64_1d(c2, arrays2[i]);
    }
    weft_context_free(c1);
    weft_context_free(c2);
    if (dump)
        fclose(dump);
    if (!failures)
        printf("ok\n");
    return failures != 0;
}
