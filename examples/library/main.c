/* main.c — a C program using the library `weft c --library portfolio.fut -o build/portfolio`
 * makes (see the Makefile: its flags come from build/portfolio.pc through pkg-config).
 *
 * It prices call payoffs on a regular array and values a jagged one — clients holding different
 * numbers of positions, made from its flat parts (offsets and data) — then checks every result
 * against the same computation written here in plain C loops.  Prints "ok" and exits 0, or
 * names each mismatch and exits 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "portfolio.h"

enum { SPOTS = 1000, CLIENTS = 100 };

static int failures;

static void expect(int ok, const char *what, long i) {
    if (!ok && failures++ < 10)
        printf("FAIL: %s (at %ld)\n", what, i);
}

static int close_to(double got, double want) { return fabs(got - want) <= 1e-9 * (1 + fabs(want)); }

/* A deterministic pseudo-random number in [0, 1). */
static double next(unsigned long *state) {
    *state = *state * 6364136223846793005ul + 1442695040888963407ul;
    return (double)(*state >> 11) / 9007199254740992.0;
}

static void fail_with(struct weft_context *ctx, const char *call) {
    printf("FAIL: %s: %s\n", call, weft_context_error(ctx));
    exit(1);
}

/* payoffs: max(s - strike, 0) for each spot, and their mean. */
static void check_payoffs(struct weft_context *ctx, unsigned long *seed) {
    static double spots[SPOTS];
    const double strike = 100;
    for (int i = 0; i < SPOTS; i++)
        spots[i] = 50 + 100 * next(seed);
    struct weft_f64_1d *in = weft_new_f64_1d(ctx, spots, SPOTS), *pay = NULL;
    double mean = 0;
    if (!in || weft_entry_payoffs(ctx, &pay, &mean, in, strike))
        fail_with(ctx, "payoffs");
    const double *p = weft_data_f64_1d(ctx, pay);
    expect(weft_shape_f64_1d(ctx, pay)[0] == SPOTS, "payoffs: the length", 0);
    double sum = 0;
    for (int i = 0; i < SPOTS; i++) {
        double want = spots[i] > strike ? spots[i] - strike : 0;
        expect(p[i] == want, "payoffs: a payoff", i);
        sum += want;
    }
    expect(close_to(mean, sum / SPOTS), "payoffs: the mean", 0);
    weft_free_f64_1d(ctx, pay);
    weft_free_f64_1d(ctx, in);
}

/* values and totals on a jagged array: client c holds c % 7 positions (some none). */
static void check_portfolios(struct weft_context *ctx, unsigned long *seed) {
    int64_t offsets[CLIENTS + 1];
    offsets[0] = 0;
    for (int c = 0; c < CLIENTS; c++)
        offsets[c + 1] = offsets[c] + c % 7;
    int64_t n = offsets[CLIENTS];
    double *qty = malloc(sizeof *qty * (size_t)n), *price = malloc(sizeof *price * (size_t)n);
    for (int64_t i = 0; i < n; i++) {
        qty[i] = (double)(1 + (int)(10 * next(seed)));
        price[i] = 10 + 90 * next(seed);
    }
    struct weft_f64_2d_j1 *q = weft_new_f64_2d_j1(ctx, CLIENTS, offsets, qty);
    struct weft_f64_2d_j1 *pr = weft_new_f64_2d_j1(ctx, CLIENTS, offsets, price);
    struct weft_f64_2d_j1 *val = NULL, *running = NULL;
    struct weft_f64_1d *total = NULL;
    if (!q || !pr || weft_entry_values(ctx, &val, q, pr) || weft_entry_totals(ctx, &total, &running, val))
        fail_with(ctx, "values, totals");

    /* The results' parts: each row's offsets into its data (a row of the result may start
     * anywhere in the data, so only the lengths are compared with the input's). */
    int64_t count = 0, shape[1];
    const int64_t *vo = weft_offsets_f64_2d_j1(ctx, val, 1, &count);
    const double *vd = weft_data_f64_2d_j1(ctx, val, shape);
    expect(count == CLIENTS + 1, "values: the offsets' count", count);
    const int64_t *ro = weft_offsets_f64_2d_j1(ctx, running, 1, &count);
    const double *rd = weft_data_f64_2d_j1(ctx, running, shape);
    const double *t = weft_data_f64_1d(ctx, total);
    for (int c = 0; c < CLIENTS; c++) {
        int64_t len = offsets[c + 1] - offsets[c];
        expect(vo[c + 1] - vo[c] == len && ro[c + 1] - ro[c] == len, "a row's length", c);
        double acc = 0;
        for (int64_t k = 0; k < len; k++) {
            double v = qty[offsets[c] + k] * price[offsets[c] + k];
            acc += v;
            expect(vd[vo[c] + k] == v, "values: a position's value", c);
            expect(close_to(rd[ro[c] + k], acc), "totals: a running total", c);
        }
        expect(close_to(t[c], acc), "totals: a client's total", c);
    }
    weft_free_f64_2d_j1(ctx, q);
    weft_free_f64_2d_j1(ctx, pr);
    weft_free_f64_2d_j1(ctx, val);
    weft_free_f64_2d_j1(ctx, running);
    weft_free_f64_1d(ctx, total);
    free(qty);
    free(price);
}

/* Rows of different lengths cannot be multiplied position by position: a clean error. */
static void check_mismatch(struct weft_context *ctx) {
    const int64_t two[3] = {0, 1, 2}, uneven[3] = {0, 2, 2};
    const double data[2] = {1, 2};
    struct weft_f64_2d_j1 *a = weft_new_f64_2d_j1(ctx, 2, two, data), *b = weft_new_f64_2d_j1(ctx, 2, uneven, data);
    struct weft_f64_2d_j1 *out = NULL;
    expect(a && b && weft_entry_values(ctx, &out, a, b) != 0 && !out, "values: rows of different lengths fail", 0);
    expect(weft_context_error(ctx) != NULL, "values: an error message", 0);
    weft_free_f64_2d_j1(ctx, a);
    weft_free_f64_2d_j1(ctx, b);
}

int main(void) {
    struct weft_context *ctx = weft_context_new();
    if (!ctx) {
        printf("FAIL: weft_context_new\n");
        return 1;
    }
    unsigned long seed = 2024;
    check_payoffs(ctx, &seed);
    check_portfolios(ctx, &seed);
    check_mismatch(ctx);
    weft_context_free(ctx);
    if (!failures)
        printf("ok\n");
    return failures != 0;
}
