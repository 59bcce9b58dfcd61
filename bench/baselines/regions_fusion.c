/* Regions against barriers — what fusing adjacent segops into one OpenMP region would save
 * (issue 24, item 2; bench/regions_fusion.sh, docs/PERFORMANCE.md "Parallel regions at 1 and 2
 * threads").
 *
 * A round is S parallel loops of W iterations one after the other, each reading the previous
 * one's output (as a flattened program's adjacent segops do).  Two ways to run them:
 *   regions  one `#pragma omp parallel` per loop (what weft multicore emits: a region per host
 *            segop; the team is woken and gathered S times a round);
 *   fused    one region per round, a `#pragma omp barrier` between the loops (the team woken
 *            once; every loop still waits for every thread).
 * Each thread takes its static share of each loop (what a weft thread does when none steals).
 * The two alternate, REPEATS times each, so that both see the same neighbours on a shared
 * machine.  Prints threads, W, and the time per loop of each (the median over its repeats, in
 * microseconds) with the median of the repeats' ratios fused / regions.
 *
 * Usage: regions_fusion [-w W] [-s S] [-n ROUNDS] [-k REPEATS] [-t THREADS]
 */
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

/* out[i] = f(in[i]) for i in this thread's share of [0, w) */
static void share(const double *in, double *out, int64_t w) {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int64_t i = w * t / nt; i < w * (t + 1) / nt; i++)
        out[i] = in[i] * 0.999 + 1.0;
}

/* One round of s loops over a (s + 1 rows of w); fused or one region per loop. */
static void round_of(double *a, int64_t w, int s, int nt, int fused) {
    if (fused) {
#pragma omp parallel num_threads(nt) if (nt > 1)
        for (int k = 0; k < s; k++) {
            share(a + k * w, a + (k + 1) * w, w);
#pragma omp barrier
        }
        return;
    }
    for (int k = 0; k < s; k++) {
#pragma omp parallel num_threads(nt) if (nt > 1)
        share(a + k * w, a + (k + 1) * w, w);
    }
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The median of x[0..n) (sorted in place). */
static double median(double *x, int n) {
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return x[n / 2];
}

/* Microseconds per loop of ROUNDS rounds, fused or not. */
static double time_rounds(double *a, int64_t w, int s, int rounds, int nt, int fused) {
    double t0 = now_us();
    for (int k = 0; k < rounds; k++)
        round_of(a, w, s, nt, fused);
    return (now_us() - t0) / ((double)rounds * s);
}

int main(int argc, char **argv) {
    int64_t w = 32768;
    int s = 25, rounds = 40, repeats = 7, nt = 2, ok = 1;
    for (int i = 1; i < argc; i += 2) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (v && !strcmp(argv[i], "-w"))
            w = atoll(v);
        else if (v && !strcmp(argv[i], "-s"))
            s = atoi(v);
        else if (v && !strcmp(argv[i], "-n"))
            rounds = atoi(v);
        else if (v && !strcmp(argv[i], "-k"))
            repeats = atoi(v);
        else if (v && !strcmp(argv[i], "-t"))
            nt = atoi(v);
        else
            ok = 0;
    }
    if (!ok || w < 0 || s < 1 || rounds < 1 || repeats < 1 || nt < 1) {
        fprintf(stderr, "usage: regions_fusion [-w W] [-s S] [-n ROUNDS] [-k REPEATS] [-t THREADS]\n");
        return 1;
    }
    double *a = calloc((size_t)(w * (s + 1) + 1), sizeof *a);
    double *t[2], *ratio = malloc(sizeof *ratio * (size_t)repeats);
    t[0] = malloc(sizeof *t[0] * (size_t)repeats);
    t[1] = malloc(sizeof *t[1] * (size_t)repeats);
    if (!a || !t[0] || !t[1] || !ratio) {
        fprintf(stderr, "regions_fusion: out of memory\n");
        return 1;
    }
    round_of(a, w, s, nt, 0); /* the team started, the pages touched */
    for (int r = 0; r < repeats; r++) {
        for (int fused = 0; fused < 2; fused++)
            t[fused][r] = time_rounds(a, w, s, rounds, nt, fused);
        ratio[r] = t[1][r] / t[0][r];
    }
    printf("%d\t%lld\t%.2f\t%.2f\t%.2f\n", nt, (long long)w, median(t[0], repeats), median(t[1], repeats),
           median(ratio, repeats));
    free(a);
    free(t[0]);
    free(t[1]);
    free(ratio);
    return 0;
}
