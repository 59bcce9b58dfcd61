/* gen_apps.c — benchmark inputs for seed 002's scan programs (examples/scan, bench/scan/apps.sh)
 * in Futhark's binary data format, deterministic (xorshift from a fixed seed), and a comparer:
 *   gen_apps PROGRAM N        the input of PROGRAM's benchmark entry with N elements:
 *       prefix_sum  [N]i32 in 0..15              radix_sort  [N]u32, any bits
 *       seq_align   [N]i32 in -100..100          poly_eval   [N]f64 in [-1, 1), x = 0.999
 *       linrec      [N]f64 a in [-0.9, 0.9), [N]f64 b in [-1, 1)
 *       fib_matrix  N (i64)                      bigint_add  [2][N]u8 decimal digits
 *   gen_apps cmp A B          compare two binary outputs: identical bytes, or the same
 *                             shapes with f64 values within 1e-9 of the largest magnitude
 *                             among them (normwise); exit 0 if so
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static double uniform(void) { return (double)(next() >> 11) / 9007199254740992.0; } /* [0, 1) */

static void header(int rank, const char *type, const int64_t *dims) {
    putchar('b');
    putchar(2);
    putchar(rank);
    fwrite(type, 1, 4, stdout);
    fwrite(dims, 8, (size_t)rank, stdout);
}

static void f64s(int64_t n, double lo, double hi) {
    header(1, " f64", &n);
    for (int64_t i = 0; i < n; i++) {
        double v = lo + (hi - lo) * uniform();
        fwrite(&v, 8, 1, stdout);
    }
}

static int generate(const char *prog, int64_t n) {
    if (!strcmp(prog, "prefix_sum") || !strcmp(prog, "seq_align")) {
        header(1, " i32", &n);
        for (int64_t i = 0; i < n; i++) {
            int32_t v = !strcmp(prog, "prefix_sum") ? (int32_t)(next() & 15) : (int32_t)(next() % 201) - 100;
            fwrite(&v, 4, 1, stdout);
        }
    } else if (!strcmp(prog, "radix_sort")) {
        header(1, " u32", &n);
        for (int64_t i = 0; i < n; i++) {
            uint32_t v = (uint32_t)next();
            fwrite(&v, 4, 1, stdout);
        }
    } else if (!strcmp(prog, "poly_eval")) {
        f64s(n, -1, 1);
        double x = 0.999;
        header(0, " f64", NULL);
        fwrite(&x, 8, 1, stdout);
    } else if (!strcmp(prog, "linrec")) {
        f64s(n, -0.9, 0.9);
        f64s(n, -1, 1);
    } else if (!strcmp(prog, "fib_matrix")) {
        header(0, " i64", NULL);
        fwrite(&n, 8, 1, stdout);
    } else if (!strcmp(prog, "bigint_add")) {
        int64_t dims[2] = {2, n};
        header(2, "  u8", dims);
        for (int64_t i = 0; i < 2 * n; i++)
            putchar((int)(next() % 10));
    } else {
        fprintf(stderr, "gen_apps: unknown program '%s'\n", prog);
        return 2;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

static unsigned char *slurp_bin(const char *path, long *len) {
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0 || (*len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "gen_apps: cannot read %s\n", path);
        exit(2);
    }
    unsigned char *b = malloc((size_t)*len + 1);
    if (!b || fread(b, 1, (size_t)*len, f) != (size_t)*len) {
        fprintf(stderr, "gen_apps: cannot read %s\n", path);
        exit(2);
    }
    fclose(f);
    return b;
}

/* Identical, or one f64 value (array or scalar) each, every element within 1e-9 of the largest
 * magnitude in the two: normwise, since a scan associated differently errs relative to the
 * running values, not to an element that happens to cancel to near zero. */
static int compare(const char *pa, const char *pb) {
    long la, lb;
    unsigned char *a = slurp_bin(pa, &la), *b = slurp_bin(pb, &lb);
    if (la == lb && memcmp(a, b, (size_t)la) == 0)
        return 0;
    if (la != lb || la < 7 || memcmp(a, b, 7) != 0 || memcmp(a + 3, " f64", 4) != 0) {
        fprintf(stderr, "gen_apps: %s and %s differ\n", pa, pb);
        return 1;
    }
    long head = 7 + 8 * (long)a[2];
    double scale = 1e-300, worst = 0;
    for (long off = head; off + 8 <= la; off += 8) {
        double x, y;
        memcpy(&x, a + off, 8);
        memcpy(&y, b + off, 8);
        scale = fmax(scale, fmax(fabs(x), fabs(y)));
    }
    for (long off = head; off + 8 <= la; off += 8) {
        double x, y;
        memcpy(&x, a + off, 8);
        memcpy(&y, b + off, 8);
        worst = fmax(worst, fabs(x - y) / scale);
    }
    if (worst > 1e-9) {
        fprintf(stderr, "gen_apps: %s and %s differ (relative %g)\n", pa, pb, worst);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "cmp"))
        return compare(argv[2], argv[3]);
    if (argc != 3) {
        fprintf(stderr, "usage: gen_apps PROGRAM N | gen_apps cmp A B\n");
        return 2;
    }
    return generate(argv[1], strtoll(argv[2], NULL, 10));
}
