/* scan_bench.c — times rts/mc.h primitives against memcpy bandwidth, in one run.
 *
 *   scan_bench [--threads N] [--log2n K] [--reps R] [--json FILE] [--only SUBSTRING[|SUBSTRING...]]
 *
 * Defaults: 2 threads, 2^27 elements of i32 (512 MiB), 7 repetitions after one warm-up; each
 * figure is the median.  The baseline is memcpy of the same 512 MiB done by N threads (each
 * copies its half); GB/s counts bytes read + bytes written of the data arrays (flags and
 * offsets excluded); "x memcpy" = that bandwidth / memcpy's.  "copy, streaming stores" is the
 * same copy with non-temporal stores, the ceiling of anything that writes its output once.
 * Struct scans use as many elements as fill the same 512 MiB.  Reduce reads only, so its ratio
 * compares read-only bandwidth with copy bandwidth.
 */
#define _POSIX_C_SOURCE 200809L
#include "../../rts/mc.h"

#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int32_t add_i32(const void *c, int32_t a, int32_t b) { (void)c; return (int32_t)((uint32_t)a + (uint32_t)b); }
/* polynomial evaluation at x by a scan: element a_i -> (a_i, x); (p,y) (+) (q,z) = (p*z + q, y*z) */
typedef struct { float p, y; } poly;
static inline poly op_poly(const void *c, poly a, poly b) { (void)c; poly r = {a.p * b.y + b.p, a.y * b.y}; return r; }
/* 2x2 integer matrix product mod 2^32 (Fibonacci by matrix powers) */
typedef struct { uint32_t a, b, c, d; } mat2;
static inline mat2 op_mat2(const void *ctx, mat2 x, mat2 y) {
    (void)ctx;
    mat2 r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
    return r;
}

#define VADD(ctx, a, b) ((a) + (b))
WF_MC_SCAN_DEFINE(scan_i32, int32_t, add_i32)
WF_MC_SCAN_VEC_DEFINE(vscan_i32, int32_t, VADD)
WF_MC_SCAN_DEFINE(scan_poly, poly, op_poly)
WF_MC_SCAN_DEFINE(scan_mat2, mat2, op_mat2)
WF_MC_REDUCE_DEFINE(reduce_i32, int32_t, add_i32)
WF_MC_SEGSCAN_DEFINE(segscan_i32, int32_t, add_i32)
WF_MC_SEGREDUCE_DEFINE(segred_i32, int32_t, add_i32)
WF_MC_HIST_DEFINE(hist_i32, int32_t, add_i32)

static int nthreads = 2, reps = 7;
static int64_t N;
static char *src, *dst; /* 512 MiB each (for the default size) */
static bool *flags100, *flags1e5;
static int64_t *off100, *off1e5, nseg100, nseg1e5, *hidx;

static void par_copy(void) {
    int nt = wf_mc_num_threads(nthreads);
    size_t bytes = (size_t)N * 4;
    (void)nt;
    WF_MC_OMP(omp parallel num_threads(nt))
    {
        int t = wf_mc_tid(), tn = wf_mc_team();
        size_t lo = (size_t)wf_mc_split((int64_t)bytes, t, tn), hi = (size_t)wf_mc_split((int64_t)bytes, t + 1, tn);
        memcpy(dst + lo, src + lo, hi - lo);
    }
}

/* The same copy with non-temporal (streaming) stores, as the vector scan writes large outputs:
 * where glibc's memcpy does not stream (it leaves that to sizes above a threshold it derives from
 * the cache sizes), a scan can outrun it, and this is the fairer ceiling. */
static void par_stream_copy(void) {
    int nt = wf_mc_num_threads(nthreads);
    size_t bytes = (size_t)N * 4;
    (void)nt;
    WF_MC_OMP(omp parallel num_threads(nt))
    {
        int t = wf_mc_tid(), tn = wf_mc_team();
        size_t lo = (size_t)wf_mc_split((int64_t)(bytes / 64), t, tn) * 64;
        size_t hi = t + 1 == tn ? bytes : (size_t)wf_mc_split((int64_t)(bytes / 64), t + 1, tn) * 64;
        size_t i = lo;
#if defined(__AVX__)
        for (; i + 64 <= hi; i += 64) {
            __m256i a = _mm256_load_si256((const __m256i *)(const void *)(src + i));
            __m256i b = _mm256_load_si256((const __m256i *)(const void *)(src + i + 32));
            _mm256_stream_si256((__m256i *)(void *)(dst + i), a);
            _mm256_stream_si256((__m256i *)(void *)(dst + i + 32), b);
        }
        _mm_sfence();
#elif defined(__SSE2__)
        for (; i + 64 <= hi; i += 64)
            for (int k = 0; k < 64; k += 16)
                _mm_stream_si128((__m128i *)(void *)(dst + i + k),
                                 _mm_load_si128((const __m128i *)(const void *)(src + i + k)));
        _mm_sfence();
#endif
        memcpy(dst + i, src + i, hi - i);
    }
}

static int which;
static void run_one(void) {
    int rc = 0;
    int32_t r = 0;
    switch (which) {
    case 0: par_copy(); break;
    case 1: memcpy(dst, src, (size_t)N * 4); break;
    case 15: par_stream_copy(); break;
    case 2: rc = scan_i32(nthreads, NULL, 0, 1, N, (const int32_t *)src, (int32_t *)dst, NULL); break;
    case 3: rc = scan_i32(nthreads, NULL, 0, 0, N, (const int32_t *)src, (int32_t *)dst, NULL); break;
    case 4: rc = reduce_i32(nthreads, NULL, 0, N, (const int32_t *)src, &r); *(volatile int32_t *)dst = r; break;
    case 5: rc = segscan_i32_flags(nthreads, NULL, 0, 1, N, (const int32_t *)src, flags100, (int32_t *)dst); break;
    case 6: rc = segscan_i32_flags(nthreads, NULL, 0, 1, N, (const int32_t *)src, flags1e5, (int32_t *)dst); break;
    case 7: rc = segscan_i32_offsets(nthreads, NULL, 0, 1, nseg100, off100, (const int32_t *)src, (int32_t *)dst); break;
    case 8: rc = segred_i32(nthreads, NULL, 0, nseg100, off100, (const int32_t *)src, (int32_t *)dst); break;
    case 9: rc = segred_i32(nthreads, NULL, 0, nseg1e5, off1e5, (const int32_t *)src, (int32_t *)dst); break;
    case 10: {
        poly ne = {0, 1};
        rc = scan_poly(nthreads, NULL, ne, 1, N / 2, (const poly *)src, (poly *)dst, NULL);
        break;
    }
    case 11: {
        mat2 id = {1, 0, 0, 1};
        rc = scan_mat2(nthreads, NULL, id, 1, N / 4, (const mat2 *)src, (mat2 *)dst, NULL);
        break;
    }
    case 13: rc = vscan_i32(nthreads, NULL, 0, 1, N, (const int32_t *)src, (int32_t *)dst, NULL); break;
    case 14: rc = vscan_i32(nthreads, NULL, 0, 0, N, (const int32_t *)src, (int32_t *)dst, NULL); break;
    case 12: memset(dst, 0, 256 * 4); rc = hist_i32(nthreads, NULL, 0, WF_MC_HIST_AUTO, 256, (int32_t *)dst, N / 2, hidx, (const int32_t *)src); break;
    }
    if (rc) { fprintf(stderr, "primitive failed (out of memory)\n"); exit(1); }
}

/* name contains one of the '|'-separated substrings of pattern */
static bool matches(const char *name, const char *pattern) {
    for (const char *p = pattern;;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        for (const char *s = name; *s; s++)
            if (!strncmp(s, p, len)) return true;
        if (!bar) return false;
        p = bar + 1;
    }
}

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median_time(int w) {
    which = w;
    run_one(); /* warm-up */
    double t[64];
    for (int i = 0; i < reps; i++) {
        double t0 = now();
        run_one();
        t[i] = now() - t0;
    }
    qsort(t, (size_t)reps, sizeof(double), cmp_d);
    return t[reps / 2];
}

int main(int argc, char **argv) {
    int log2n = 27;
    const char *json = NULL, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc) nthreads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--log2n") && i + 1 < argc) log2n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else { fprintf(stderr, "usage: %s [--threads N] [--log2n K] [--reps R] [--json FILE] [--only SUBSTRING[|SUBSTRING...]]\n", argv[0]); return 2; }
    }
    if (reps < 1) reps = 1;
    if (reps > 64) reps = 64;
    N = (int64_t)1 << log2n;
    size_t bytes = ((size_t)N * 4 + 63) / 64 * 64; /* cache-line aligned, as weft's runtime allocates */
    src = aligned_alloc(64, bytes);
    dst = aligned_alloc(64, bytes);
    flags100 = malloc((size_t)N);
    flags1e5 = malloc((size_t)N);
    off100 = malloc(sizeof(int64_t) * (size_t)(N / 50 + 2));
    off1e5 = malloc(sizeof(int64_t) * (size_t)(N / 50000 + 2));
    hidx = malloc(sizeof(int64_t) * (size_t)(N / 2));
    if (!src || !dst || !flags100 || !flags1e5 || !off100 || !off1e5 || !hidx) { fprintf(stderr, "out of memory\n"); return 1; }
    /* inputs: small integers (i32 and, reinterpreted, the struct arrays), segments of random
     * lengths around 100 and 10^5; first touch by the same thread split as the primitives */
    int nt = wf_mc_num_threads(nthreads);
    (void)nt;
    WF_MC_OMP(omp parallel for num_threads(nt) schedule(static))
    for (int64_t i = 0; i < N; i++) {
        uint32_t h = (uint32_t)i * 2654435761u;
        ((int32_t *)src)[i] = (int32_t)(h >> 28);
        ((int32_t *)dst)[i] = 0;
        flags100[i] = flags1e5[i] = false;
        if (i < N / 2) hidx[i] = (int64_t)((h >> 8) & 255);
    }
    WF_MC_OMP(omp parallel for num_threads(nt) schedule(static))
    for (int64_t i = 0; i < N / 2; i++) { /* poly elements (a_i, x) with x = 1: values stay finite */
        ((poly *)src)[i].y = 1.0f;
        ((poly *)src)[i].p = (float)(i & 3);
    }
    uint64_t st = 12345;
    int64_t pos = 0;
    nseg100 = 0;
    while (pos < N) { off100[nseg100++] = pos; flags100[pos] = true; st = st * 6364136223846793005ull + 1; pos += 50 + (int64_t)((st >> 33) % 101); }
    off100[nseg100] = N;
    pos = 0;
    nseg1e5 = 0;
    while (pos < N) { off1e5[nseg1e5++] = pos; flags1e5[pos] = true; st = st * 6364136223846793005ull + 1; pos += 50000 + (int64_t)((st >> 33) % 100001); }
    off1e5[nseg1e5] = N;

    struct { const char *name; int w; double bytes; } tests[] = {
        {"memcpy (N threads)", 0, 8.0 * N},
        {"memcpy (1 call)", 1, 8.0 * N},
        {"copy, streaming stores", 15, 8.0 * N},
        {"scan i32 inclusive (vec)", 13, 8.0 * N},
        {"scan i32 exclusive (vec)", 14, 8.0 * N},
        {"scan i32 inclusive", 2, 8.0 * N},
        {"scan i32 exclusive", 3, 8.0 * N},
        {"reduce i32", 4, 4.0 * N},
        {"segscan i32 flags ~100", 5, 8.0 * N},
        {"segscan i32 flags ~1e5", 6, 8.0 * N},
        {"segscan i32 offsets ~100", 7, 8.0 * N},
        {"segreduce i32 ~100", 8, 4.0 * N + 4.0 * (double)nseg100},
        {"segreduce i32 ~1e5", 9, 4.0 * N + 4.0 * (double)nseg1e5},
        {"scan poly pair f32", 10, 8.0 * N},
        {"scan 2x2 matrix u32", 11, 8.0 * N},
        {"histogram i32 256 bins", 12, 4.0 * N + 8.0 * (double)(N / 2)},
    };
    int nt_ = (int)(sizeof tests / sizeof tests[0]);
    double med[32], base = 0;
    char load[64] = "?";
    FILE *lf = fopen("/proc/loadavg", "r");
    if (lf) { if (!fgets(load, sizeof load, lf)) strcpy(load, "?"); fclose(lf); load[strcspn(load, "\n")] = 0; }
    printf("threads %d, n = 2^%d i32, median of %d, load average before: %s\n", nthreads, log2n, reps, load);
    printf("%-26s %10s %9s %10s\n", "primitive", "ms", "GB/s", "x memcpy");
    for (int i = 0; i < nt_; i++) {
        med[i] = -1;
        if (i > 0 && only && !matches(tests[i].name, only)) continue; /* memcpy is always timed */
        if (tests[i].w == 15) memset(dst, 0xa5, (size_t)N * 4); /* so the check below means something */
        med[i] = median_time(tests[i].w);
        if (tests[i].w == 15 && memcmp(dst, src, (size_t)N * 4)) {
            fprintf(stderr, "the streaming copy is wrong\n");
            return 1;
        }
        double gbs = tests[i].bytes / med[i] / 1e9;
        if (i == 0) base = gbs;
        printf("%-26s %10.2f %9.1f %10.2f\n", tests[i].name, med[i] * 1e3, gbs, gbs / base);
        fflush(stdout);
    }
    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) { perror(json); return 1; }
        fprintf(f, "{\"benchmark\": \"scan\", \"threads\": %d, \"log2n\": %d, \"reps\": %d, \"loadavg\": \"%s\",\n \"results\": [\n",
                nthreads, log2n, reps, load);
        int first = 1;
        for (int i = 0; i < nt_; i++) {
            if (med[i] < 0) continue;
            double gbs = tests[i].bytes / med[i] / 1e9;
            fprintf(f, "%s", first ? "" : ",\n");
            first = 0;
            fprintf(f, "  {\"name\": \"%s\", \"median_ms\": %.3f, \"gbps\": %.2f, \"ratio_memcpy\": %.3f}", tests[i].name,
                    med[i] * 1e3, gbs, gbs / base);
        }
        fprintf(f, "\n ]}\n");
        fclose(f);
    }
    free(src); free(dst); free(flags100); free(flags1e5); free(off100); free(off1e5); free(hidx);
    return 0;
}
