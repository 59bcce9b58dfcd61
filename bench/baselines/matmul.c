/* Matrix multiplication — hand-written sequential C11 baseline (issue 24, item 3).
 *
 * C = A B for A a [n][n] and B a [n][n] matrix of small integers (-4..4, deterministic, the
 * same values for f32 and f64), row-major.  Three loop orders:
 *   tiled  (default) cache blocks of BI rows of A, BK columns of A (rows of B) and BJ columns of
 *          B; inside a block the i-k-j order, so the innermost loop runs along rows of B and C
 *          (contiguous, vectorisable).  Every C[i][j] still sums its products in increasing k
 *          from 0, so its result is the naive loop's to the bit.
 *   ikj    the i-k-j loop nest without blocking.
 *   ijk    the textbook nest: a dot product per element, B read down its columns.
 * Prints the sum of C's elements (exact: integers) on stdout.
 *
 * Usage: matmul [-n N] [-p f32|f64] [-v tiled|ikj|ijk] [-r RUNS] [-t FILE] [--dump]
 *   -t FILE  write the run time of each run of the product (microseconds, making the inputs
 *            excluded) to FILE, like weft's executables; -r RUNS runs it RUNS times.
 *   --dump   print A and B in Futhark's text format (the inputs of bench/cliffs/matmul.fut)
 *            and exit.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BI = 32, BK = 128, BJ = 256 };

/* The next of a deterministic sequence of integers in -4..4 (a 64-bit linear congruential
 * generator's high bits). */
static int small_int(void) {
    static uint64_t state = 1;
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((state >> 33) % 9) - 4;
}

static long min_l(long a, long b) { return a < b ? a : b; }

/* One product per element type T, named matmul_T: c = a b, every matrix n x n. */
#define DEFINE_MATMUL(T)                                                                                  \
    static void tiled_##T(long n, const T *a, const T *b, T *c) {                                         \
        for (long x = 0; x < n * n; x++)                                                                  \
            c[x] = 0;                                                                                     \
        for (long i0 = 0; i0 < n; i0 += BI)                                                               \
            for (long k0 = 0; k0 < n; k0 += BK)                                                           \
                for (long j0 = 0; j0 < n; j0 += BJ)                                                       \
                    for (long i = i0; i < min_l(i0 + BI, n); i++)                                         \
                        for (long k = k0; k < min_l(k0 + BK, n); k++) {                                   \
                            T aik = a[i * n + k];                                                         \
                            for (long j = j0; j < min_l(j0 + BJ, n); j++)                                 \
                                c[i * n + j] += aik * b[k * n + j];                                       \
                        }                                                                                 \
    }                                                                                                     \
    static void ikj_##T(long n, const T *a, const T *b, T *c) {                                           \
        for (long i = 0; i < n; i++) {                                                                    \
            for (long j = 0; j < n; j++)                                                                  \
                c[i * n + j] = 0;                                                                         \
            for (long k = 0; k < n; k++)                                                                  \
                for (long j = 0; j < n; j++)                                                              \
                    c[i * n + j] += a[i * n + k] * b[k * n + j];                                          \
        }                                                                                                 \
    }                                                                                                     \
    static void ijk_##T(long n, const T *a, const T *b, T *c) {                                           \
        for (long i = 0; i < n; i++)                                                                      \
            for (long j = 0; j < n; j++) {                                                                \
                T acc = 0;                                                                                \
                for (long k = 0; k < n; k++)                                                              \
                    acc += a[i * n + k] * b[k * n + j];                                                   \
                c[i * n + j] = acc;                                                                       \
            }                                                                                             \
    }                                                                                                     \
    static void matmul_##T(const char *v, long n, const T *a, const T *b, T *c) {                         \
        if (!strcmp(v, "ikj"))                                                                            \
            ikj_##T(n, a, b, c);                                                                          \
        else if (!strcmp(v, "ijk"))                                                                       \
            ijk_##T(n, a, b, c);                                                                          \
        else                                                                                              \
            tiled_##T(n, a, b, c);                                                                        \
    }

DEFINE_MATMUL(float)
DEFINE_MATMUL(double)

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void dump(long n, const double *a, const double *b, const char *p) {
    for (int m = 0; m < 2; m++) {
        const double *x = m ? b : a;
        putchar('[');
        for (long i = 0; i < n; i++) {
            printf("%s[", i ? ", " : "");
            for (long j = 0; j < n; j++)
                printf("%s%d%s", j ? ", " : "", (int)x[i * n + j], p);
            putchar(']');
        }
        printf("]\n");
    }
}

int main(int argc, char **argv) {
    long n = 512;
    int runs = 1, dump_only = 0;
    const char *prec = "f32", *variant = "tiled", *tfile = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) n = atol(argv[++i]);
        else if (!strcmp(argv[i], "-p") && i + 1 < argc) prec = argv[++i];
        else if (!strcmp(argv[i], "-v") && i + 1 < argc) variant = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) tfile = argv[++i];
        else if (!strcmp(argv[i], "--dump")) dump_only = 1;
        else {
            fprintf(stderr, "usage: matmul [-n N] [-p f32|f64] [-v tiled|ikj|ijk] [-r RUNS] [-t FILE] [--dump]\n");
            return 1;
        }
    }
    int f32 = !strcmp(prec, "f32");
    if (n < 0 || runs < 1 || (!f32 && strcmp(prec, "f64"))) {
        fprintf(stderr, "matmul: bad -n, -r or -p\n");
        return 1;
    }
    double *a = malloc(sizeof *a * (size_t)(n * n + 1)), *b = malloc(sizeof *b * (size_t)(n * n + 1));
    double *c = malloc(sizeof *c * (size_t)(n * n + 1));
    float *af = malloc(sizeof *af * (size_t)(n * n + 1)), *bf = malloc(sizeof *bf * (size_t)(n * n + 1));
    float *cf = malloc(sizeof *cf * (size_t)(n * n + 1));
    if (!a || !b || !c || !af || !bf || !cf) {
        fprintf(stderr, "matmul: out of memory\n");
        return 1;
    }
    for (long x = 0; x < n * n; x++)
        af[x] = (float)(a[x] = small_int());
    for (long x = 0; x < n * n; x++)
        bf[x] = (float)(b[x] = small_int());
    if (dump_only) {
        dump(n, a, b, prec);
        return 0;
    }
    FILE *tf = tfile ? fopen(tfile, "w") : NULL;
    if (tfile && !tf) {
        fprintf(stderr, "matmul: cannot write %s\n", tfile);
        return 1;
    }
    for (int r = 0; r < runs; r++) {
        double t0 = now_us();
        if (f32)
            matmul_float(variant, n, af, bf, cf);
        else
            matmul_double(variant, n, a, b, c);
        double t1 = now_us();
        if (tf)
            fprintf(tf, "%.0f\n", t1 - t0);
    }
    if (tf)
        fclose(tf);
    double sum = 0;
    for (long x = 0; x < n * n; x++)
        sum += f32 ? cf[x] : c[x];
    printf("%.0f\n", sum);
    return 0;
}
