/* test_mc.c — unit tests of rts/mc.h: every primitive against a sequential reference, on awkward
 * sizes, thread counts 1-4, int / float / struct element types and non-commutative operators.
 * Prints "N passed, N failed"; exit status 1 on any failure.  tests/scripts/rts_multicore.sh
 * builds it twice: with the default tuning and with tiny blocks (-DWF_MC_SEQ_MIN=0
 * -DWF_MC_BLOCK_BYTES=256) so that small inputs take the parallel paths too.
 */
#include "../../../rts/mc.h"

#include <math.h>
#include <stdio.h>

static int passed, failed;
#define CHECK(cond, ...)                                                                         \
    do {                                                                                         \
        if (cond) {                                                                              \
            passed++;                                                                            \
        } else {                                                                                 \
            failed++;                                                                            \
            if (failed <= 30) {                                                                  \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                                      \
                printf(__VA_ARGS__);                                                             \
                printf("\n");                                                                    \
            }                                                                                    \
        }                                                                                        \
    } while (0)

/* ---- deterministic random numbers ---- */
static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* ---- element types and operators ---- */
static inline int32_t add_i32(const void *c, int32_t a, int32_t b) { (void)c; return (int32_t)((uint32_t)a + (uint32_t)b); }
static inline float add_f32(const void *c, float a, float b) { (void)c; return a + b; }
static inline int64_t max_i64(const void *c, int64_t a, int64_t b) { (void)c; return a > b ? a : b; }

typedef struct { uint32_t a, b, c, d; } mat2; /* 2x2 matrix product mod 2^32: non-commutative */
static inline mat2 mul_mat2(const void *ctx, mat2 x, mat2 y) {
    (void)ctx;
    mat2 r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
    return r;
}
static const mat2 mat2_id = {1, 0, 0, 1};
static int mat2_eq(mat2 x, mat2 y) { return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d; }
static mat2 mat2_rand(void) { mat2 m = {rnd() % 5, rnd() % 5, rnd() % 5, rnd() % 5}; return m; }

typedef struct { uint32_t a, b; } lin; /* x -> a*x + b; composition "first then second" */
static inline lin comp_lin(const void *ctx, lin f, lin g) {
    (void)ctx;
    lin r = {f.a * g.a, f.b * g.a + g.b};
    return r;
}
static const lin lin_id = {1, 0};
static int lin_eq(lin x, lin y) { return x.a == y.a && x.b == y.b; }

/* The MAP variants: element i is k * src[i], k read from ctx (a fused map with a free variable). */
typedef struct { int32_t k; } addk_ctx;
static inline int32_t add_ctx(const void *c, int32_t a, int32_t b) {
    (void)c;
    return (int32_t)((uint32_t)a + (uint32_t)b);
}
#define LOAD_TIMES_K(ctx, src, i) ((int32_t)((uint32_t)(src)[i] * (uint32_t)((const addk_ctx *)(ctx))->k))

WF_MC_SCAN_DEFINE(scan_i32, int32_t, add_i32)
WF_MC_SCAN_DEFINE(scan_f32, float, add_f32)
WF_MC_SCAN_DEFINE(scan_mat2, mat2, mul_mat2)
WF_MC_SCAN_DEFINE(scan_lin, lin, comp_lin)
#define VADD(ctx, a, b) ((a) + (b))
#define VMUL(ctx, a, b) ((a) * (b))
WF_MC_SCAN_VEC_DEFINE(vscan_u32, uint32_t, VADD) /* unsigned: wraps without UB */
WF_MC_SCAN_VEC_DEFINE(vscan_f32, float, VADD)
WF_MC_SCAN_VEC_DEFINE(vscan_u64, uint64_t, VMUL)
WF_MC_SCAN_MAP_DEFINE(scan_k, int32_t, add_ctx, const int32_t *, LOAD_TIMES_K)
WF_MC_REDUCE_DEFINE(red_i32, int32_t, add_i32)
WF_MC_REDUCE_DEFINE(red_f32, float, add_f32)
WF_MC_REDUCE_DEFINE(red_mat2, mat2, mul_mat2)
WF_MC_REDUCE_DEFINE(red_lin, lin, comp_lin)
WF_MC_REDUCE_MAP_DEFINE(red_k, int32_t, add_ctx, const int32_t *, LOAD_TIMES_K)
WF_MC_SEGSCAN_DEFINE(sscan_i32, int32_t, add_i32)
WF_MC_SEGSCAN_DEFINE(sscan_f32, float, add_f32)
WF_MC_SEGSCAN_DEFINE(sscan_mat2, mat2, mul_mat2)
WF_MC_SEGREDUCE_DEFINE(sred_i32, int32_t, add_i32)
WF_MC_SEGREDUCE_DEFINE(sred_f32, float, add_f32)
WF_MC_SEGREDUCE_DEFINE(sred_mat2, mat2, mul_mat2)
WF_MC_HIST_DEFINE(hist_i32, int32_t, add_i32)
WF_MC_HIST_DEFINE(hist_f32, float, add_f32)
WF_MC_HIST_DEFINE(hist_max64, int64_t, max_i64)
typedef struct { int32_t cnt; float sum; } cs; /* 8 bytes, 4-aligned: LOCKED even if ATOMIC asked */
static inline cs add_cs(const void *c, cs x, cs y) { (void)c; cs r = {x.cnt + y.cnt, x.sum + y.sum}; return r; }
WF_MC_HIST_DEFINE(hist_cs, cs, add_cs)
WF_MC_HIST_DEFINE(hist_mat2, mat2, mul_mat2) /* not commutative: used with one bin value per bin only */
#define IS_EVEN(ctx, x) (((x) & 1) == 0)
#define MAT_PRED(ctx, m) ((m).a > (m).d)
WF_MC_PARTITION_DEFINE(part_i32, int32_t, IS_EVEN)
WF_MC_PARTITION_DEFINE(part_mat2, mat2, MAT_PRED)
WF_MC_SCATTER_DEFINE(scat_i32, int32_t)
WF_MC_SCATTER_DEFINE(scat_mat2, mat2)

static const int64_t sizes[] = {0, 1, 2, 3, 7, 8, 9, 255, 256, 257, 1023, 1024, 1025, 4095, 4096, 4097,
                                16383, 16384, 16385,
#ifndef TEST_QUICK /* sanitizer builds: small sizes, tiny blocks */
                                65535, 65536, 65537, (1 << 20) + 3
#endif
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))
#define MAXN ((1 << 20) + 3)

static float f32_val(void) { return (float)((int)(rnd() % 17) - 8) / 8.0f; } /* dyadic: sums exact */
static int feq(float a, float b) { return fabsf(a - b) <= 1e-5f * (1.0f + fabsf(b)); }

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) { printf("out of memory\n"); exit(2); }
    return p;
}

/* ---------------------------------------------------------------- scan and reduce */
static void test_scan_reduce(void) {
    int32_t *xi = xmalloc(sizeof(int32_t) * MAXN), *yi = xmalloc(sizeof(int32_t) * MAXN);
    float *xf = xmalloc(sizeof(float) * MAXN), *yf = xmalloc(sizeof(float) * MAXN);
    mat2 *xm = xmalloc(sizeof(mat2) * MAXN), *ym = xmalloc(sizeof(mat2) * MAXN);
    lin *xl = xmalloc(sizeof(lin) * MAXN), *yl = xmalloc(sizeof(lin) * MAXN);
    for (int64_t i = 0; i < MAXN; i++) {
        xi[i] = (int32_t)(rnd() >> 1) - (1 << 15);
        xf[i] = f32_val();
        xm[i] = mat2_rand();
        xl[i].a = rnd() % 7; xl[i].b = rnd() % 11;
    }
    for (int si = 0; si < NSIZES; si++) {
        int64_t n = sizes[si];
        for (int nt = 1; nt <= 4; nt++) {
            for (int incl = 0; incl <= 1; incl++) {
                /* i32 */
                int32_t tot = -1, acc = 0, r = -1;
                CHECK(scan_i32(nt, NULL, 0, incl, n, xi, yi, &tot) == 0, "scan_i32 ret");
                int bad = -1;
                for (int64_t i = 0; i < n; i++) {
                    int32_t nx = add_i32(NULL, acc, xi[i]);
                    if (yi[i] != (incl ? nx : acc) && bad < 0) bad = (int)i;
                    acc = nx;
                }
                CHECK(bad < 0 && tot == acc, "scan_i32 n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                /* vectorised variant */
                memset(yi, 0, sizeof(int32_t) * (size_t)n);
                tot = -1;
                {
                    uint32_t ut = 0;
                    CHECK(vscan_u32(nt, NULL, 0, incl, n, (const uint32_t *)xi, (uint32_t *)yi, &ut) == 0, "vscan ret");
                    tot = (int32_t)ut;
                }
                bad = -1;
                for (int64_t i = 0, a = 0; i < n; i++) {
                    int32_t nx = add_i32(NULL, (int32_t)a, xi[i]);
                    if (yi[i] != (incl ? nx : (int32_t)a) && bad < 0) bad = (int)i;
                    a = nx;
                }
                CHECK(bad < 0 && tot == acc, "vscan_i32 n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                {
                    uint64_t *xu = (uint64_t *)ym, *yu = (uint64_t *)yl, ua = 1, ut = 0; /* scratch */
                    for (int64_t i = 0; i < n; i++) xu[i] = 2 * (uint64_t)xi[i] + 1;
                    vscan_u64(nt, NULL, 1, incl, n, xu, yu, &ut);
                    bad = -1;
                    for (int64_t i = 0; i < n; i++) {
                        uint64_t nx = ua * xu[i];
                        if (yu[i] != (incl ? nx : ua) && bad < 0) bad = (int)i;
                        ua = nx;
                    }
                    CHECK(bad < 0 && ut == ua, "vscan_u64 n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                }
                /* in place */
                memcpy(yi, xi, sizeof(int32_t) * (size_t)n);
                scan_i32(nt, NULL, 0, incl, n, yi, yi, NULL);
                acc = 0; bad = -1;
                for (int64_t i = 0; i < n; i++) {
                    int32_t nx = add_i32(NULL, acc, xi[i]);
                    if (yi[i] != (incl ? nx : acc) && bad < 0) bad = (int)i;
                    acc = nx;
                }
                CHECK(bad < 0, "scan_i32 in place n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                /* f32 */
                float facc = 0;
                scan_f32(nt, NULL, 0, incl, n, xf, yf, NULL);
                bad = -1;
                for (int64_t i = 0; i < n; i++) {
                    float nx = facc + xf[i];
                    if (!feq(yf[i], incl ? nx : facc) && bad < 0) bad = (int)i;
                    facc = nx;
                }
                CHECK(bad < 0, "scan_f32 n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                vscan_f32(nt, NULL, 0, incl, n, xf, yf, NULL);
                bad = -1;
                {
                    float fa = 0;
                    for (int64_t i = 0; i < n; i++) {
                        float nx = fa + xf[i];
                        if (!feq(yf[i], incl ? nx : fa) && bad < 0) bad = (int)i;
                        fa = nx;
                    }
                }
                CHECK(bad < 0, "vscan_f32 n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                /* mat2 (non-commutative), neutral = identity */
                mat2 macc = mat2_id, mtot = mat2_rand();
                scan_mat2(nt, NULL, mat2_id, incl, n, xm, ym, &mtot);
                bad = -1;
                for (int64_t i = 0; i < n; i++) {
                    mat2 nx = mul_mat2(NULL, macc, xm[i]);
                    if (!mat2_eq(ym[i], incl ? nx : macc) && bad < 0) bad = (int)i;
                    macc = nx;
                }
                CHECK(bad < 0 && mat2_eq(mtot, macc), "scan_mat2 n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                /* linear-function composition */
                lin lacc = lin_id;
                scan_lin(nt, NULL, lin_id, incl, n, xl, yl, NULL);
                bad = -1;
                for (int64_t i = 0; i < n; i++) {
                    lin nx = comp_lin(NULL, lacc, xl[i]);
                    if (!lin_eq(yl[i], incl ? nx : lacc) && bad < 0) bad = (int)i;
                    lacc = nx;
                }
                CHECK(bad < 0, "scan_lin n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                /* fused map with a context */
                addk_ctx k = {3};
                scan_k(nt, &k, 0, incl, n, xi, yi, NULL);
                acc = 0; bad = -1;
                for (int64_t i = 0; i < n; i++) {
                    int32_t nx = (int32_t)((uint32_t)acc + 3u * (uint32_t)xi[i]);
                    if (yi[i] != (incl ? nx : acc) && bad < 0) bad = (int)i;
                    acc = nx;
                }
                CHECK(bad < 0, "scan_k n=%lld nt=%d incl=%d at %d", (long long)n, nt, incl, bad);
                if (incl) continue;
                /* reduce, same references */
                CHECK(red_i32(nt, NULL, 0, n, xi, &r) == 0, "red ret");
                int32_t ri = 0;
                for (int64_t i = 0; i < n; i++) ri = add_i32(NULL, ri, xi[i]);
                CHECK(r == ri, "red_i32 n=%lld nt=%d", (long long)n, nt);
                float rf = -99;
                red_f32(nt, NULL, 0, n, xf, &rf);
                CHECK(feq(rf, facc), "red_f32 n=%lld nt=%d %g %g", (long long)n, nt, rf, facc);
                mat2 rm = mat2_rand();
                red_mat2(nt, NULL, mat2_id, n, xm, &rm);
                CHECK(mat2_eq(rm, macc), "red_mat2 n=%lld nt=%d", (long long)n, nt);
                lin rl = {7, 7};
                red_lin(nt, NULL, lin_id, n, xl, &rl);
                CHECK(lin_eq(rl, lacc), "red_lin n=%lld nt=%d", (long long)n, nt);
                red_k(nt, &k, 0, n, xi, &r);
                CHECK(r == acc, "red_k n=%lld nt=%d", (long long)n, nt);
            }
        }
    }
    free(xi); free(yi); free(xf); free(yf); free(xm); free(ym); free(xl); free(yl);
}

/* ---------------------------------------------------------------- segmented scan / reduce */
/* Segment layouts for n elements: kind 0 one segment, 1 two long ones, 2 many short (0..5 long,
 * with empty ones), 3 ~100 long, 4 every element its own segment, 5 leading and trailing empties. */
static int64_t make_segments(int kind, int64_t n, int64_t *off) {
    int64_t ns = 0;
    off[ns++] = 0;
    if (kind == 5) { off[ns++] = 0; off[ns++] = 0; }
    int64_t pos = 0;
    while (pos < n) {
        int64_t len;
        switch (kind) {
        case 0: len = n; break;
        case 1: len = n / 2 + 1; break;
        case 2: len = rnd() % 6; break;
        case 3: len = 50 + rnd() % 100; break;
        case 4: len = 1; break;
        default: len = 1 + rnd() % 1000; break;
        }
        if (pos + len > n) len = n - pos;
        pos += len;
        off[ns++] = pos;
    }
    if (kind == 5) { off[ns++] = n; off[ns++] = n; }
    return ns - 1;
}

static void test_segmented(void) {
    int32_t *xi = xmalloc(sizeof(int32_t) * MAXN), *yi = xmalloc(sizeof(int32_t) * MAXN);
    float *xf = xmalloc(sizeof(float) * MAXN), *yf = xmalloc(sizeof(float) * MAXN);
    mat2 *xm = xmalloc(sizeof(mat2) * MAXN), *ym = xmalloc(sizeof(mat2) * MAXN);
    int64_t *off = xmalloc(sizeof(int64_t) * (MAXN + 8));
    bool *flags = xmalloc(MAXN);
    int32_t *ri = xmalloc(sizeof(int32_t) * (MAXN + 8));
    float *rf = xmalloc(sizeof(float) * (MAXN + 8));
    mat2 *rm = xmalloc(sizeof(mat2) * (MAXN + 8));
    for (int64_t i = 0; i < MAXN; i++) { xi[i] = (int32_t)(rnd() % 1000); xf[i] = f32_val(); xm[i] = mat2_rand(); }
    for (int si = 0; si < NSIZES; si++) {
        int64_t n = sizes[si];
        for (int kind = 0; kind < 6; kind++) {
            int64_t nseg = make_segments(kind, n, off);
            for (int64_t i = 0; i < n; i++) flags[i] = false;
            for (int64_t s = 0; s < nseg; s++)
                if (off[s] < off[s + 1]) flags[off[s]] = true;
            for (int nt = 1; nt <= 4; nt++) {
                for (int incl = 0; incl <= 1; incl++) {
                    for (int use_off = 0; use_off <= 1; use_off++) {
                        int rc = use_off ? sscan_i32_offsets(nt, NULL, 0, incl, nseg, off, xi, yi)
                                         : sscan_i32_flags(nt, NULL, 0, incl, n, xi, flags, yi);
                        int bad = -1;
                        int32_t acc = 0;
                        for (int64_t i = 0; i < n; i++) {
                            if (flags[i]) acc = 0;
                            int32_t nx = acc + xi[i];
                            if (yi[i] != (incl ? nx : acc) && bad < 0) bad = (int)i;
                            acc = nx;
                        }
                        CHECK(rc == 0 && bad < 0, "sscan_i32 n=%lld kind=%d nt=%d incl=%d off=%d at %d",
                              (long long)n, kind, nt, incl, use_off, bad);
                    }
                    sscan_f32_flags(nt, NULL, 0, incl, n, xf, flags, yf);
                    int bad = -1;
                    float facc = 0;
                    for (int64_t i = 0; i < n; i++) {
                        if (flags[i]) facc = 0;
                        float nx = facc + xf[i];
                        if (!feq(yf[i], incl ? nx : facc) && bad < 0) bad = (int)i;
                        facc = nx;
                    }
                    CHECK(bad < 0, "sscan_f32 n=%lld kind=%d nt=%d incl=%d at %d", (long long)n, kind, nt, incl, bad);
                    sscan_mat2_offsets(nt, NULL, mat2_id, incl, nseg, off, xm, ym);
                    bad = -1;
                    mat2 macc = mat2_id;
                    for (int64_t i = 0; i < n; i++) {
                        if (flags[i]) macc = mat2_id;
                        mat2 nx = mul_mat2(NULL, macc, xm[i]);
                        if (!mat2_eq(ym[i], incl ? nx : macc) && bad < 0) bad = (int)i;
                        macc = nx;
                    }
                    CHECK(bad < 0, "sscan_mat2 n=%lld kind=%d nt=%d incl=%d at %d", (long long)n, kind, nt, incl, bad);
                }
                /* segmented reduce */
                for (int64_t s = 0; s < nseg; s++) { ri[s] = -7; rf[s] = -7; rm[s] = mat2_rand(); }
                int rc = sred_i32(nt, NULL, 0, nseg, off, xi, ri);
                rc |= sred_f32(nt, NULL, 0, nseg, off, xf, rf);
                rc |= sred_mat2(nt, NULL, mat2_id, nseg, off, xm, rm);
                int bad = -1;
                for (int64_t s = 0; s < nseg && bad < 0; s++) {
                    int32_t a = 0;
                    float fa = 0;
                    mat2 ma = mat2_id;
                    for (int64_t i = off[s]; i < off[s + 1]; i++) {
                        a += xi[i];
                        fa += xf[i];
                        ma = mul_mat2(NULL, ma, xm[i]);
                    }
                    if (ri[s] != a || !feq(rf[s], fa) || !mat2_eq(rm[s], ma)) bad = (int)s;
                }
                CHECK(rc == 0 && bad < 0, "sred n=%lld kind=%d nseg=%lld nt=%d at seg %d", (long long)n, kind,
                      (long long)nseg, nt, bad);
            }
        }
    }
    free(xi); free(yi); free(xf); free(yf); free(xm); free(ym); free(off); free(flags);
    free(ri); free(rf); free(rm);
}

/* ---------------------------------------------------------------- histogram */
static void test_hist(void) {
    const int64_t nbins_list[] = {1, 3, 100, 4096, 1 << 18};
    const int64_t ns[] = {0, 1, 1000, 16385, 300000};
    int64_t *idx = xmalloc(sizeof(int64_t) * 300000);
    int32_t *vi = xmalloc(sizeof(int32_t) * 300000);
    float *vf = xmalloc(sizeof(float) * 300000);
    int64_t *v64 = xmalloc(sizeof(int64_t) * 300000);
    cs *vc = xmalloc(sizeof(cs) * 300000);
    int32_t *hi = xmalloc(sizeof(int32_t) * (1 << 18)), *ref = xmalloc(sizeof(int32_t) * (1 << 18));
    float *hf = xmalloc(sizeof(float) * (1 << 18)), *reff = xmalloc(sizeof(float) * (1 << 18));
    int64_t *h64 = xmalloc(sizeof(int64_t) * (1 << 18)), *ref64 = xmalloc(sizeof(int64_t) * (1 << 18));
    cs *hc = xmalloc(sizeof(cs) * (1 << 18)), *refc = xmalloc(sizeof(cs) * (1 << 18));
    for (int a = 0; a < 5; a++) {
        for (int b = 0; b < 5; b++) {
            int64_t nb = nbins_list[a], n = ns[b];
            for (int64_t i = 0; i < n; i++) {
                uint32_t r = rnd();
                idx[i] = r % 50 == 0 ? -1 - (int64_t)(r % 3) : r % 50 == 1 ? nb + (r % 3) : (int64_t)(rnd() % nb);
                vi[i] = (int32_t)(rnd() % 100);
                vf[i] = f32_val();
                v64[i] = (int64_t)rnd() * 12345 - ((int64_t)1 << 40);
                vc[i].cnt = 1; vc[i].sum = vf[i];
            }
            for (int64_t k = 0; k < nb; k++) {
                ref[k] = (int32_t)k; reff[k] = 0.5f; ref64[k] = INT64_MIN + (int64_t)k;
                refc[k].cnt = 0; refc[k].sum = 0;
            }
            for (int64_t i = 0; i < n; i++) {
                int64_t k = idx[i];
                if (k < 0 || k >= nb) continue;
                ref[k] += vi[i]; reff[k] += vf[i]; ref64[k] = ref64[k] > v64[i] ? ref64[k] : v64[i];
                refc[k].cnt++; refc[k].sum += vf[i];
            }
            for (int mode = WF_MC_HIST_AUTO; mode <= WF_MC_HIST_LOCKED; mode++) {
                for (int nt = 1; nt <= 4; nt++) {
                    for (int64_t k = 0; k < nb; k++) {
                        hi[k] = (int32_t)k; hf[k] = 0.5f; h64[k] = INT64_MIN + (int64_t)k;
                        hc[k].cnt = 0; hc[k].sum = 0;
                    }
                    int rc = hist_i32(nt, NULL, 0, mode, nb, hi, n, idx, vi);
                    rc |= hist_f32(nt, NULL, 0.0f, mode, nb, hf, n, idx, vf);
                    rc |= hist_max64(nt, NULL, INT64_MIN, mode, nb, h64, n, idx, v64);
                    cs z = {0, 0};
                    rc |= hist_cs(nt, NULL, z, mode, nb, hc, n, idx, vc);
                    int bad = -1;
                    for (int64_t k = 0; k < nb && bad < 0; k++)
                        if (hi[k] != ref[k] || !feq(hf[k], reff[k]) || h64[k] != ref64[k] ||
                            hc[k].cnt != refc[k].cnt || !feq(hc[k].sum, refc[k].sum))
                            bad = (int)k;
                    CHECK(rc == 0 && bad < 0, "hist nbins=%lld n=%lld mode=%d nt=%d at bin %d", (long long)nb,
                          (long long)n, mode, nt, bad);
                }
            }
        }
    }
    /* 16-byte struct, every mode: each bin receives at most one value (operator not commutative) */
    {
        int64_t nb = 70000, n = 40000;
        mat2 *hm = xmalloc(sizeof(mat2) * (size_t)nb), *vm = xmalloc(sizeof(mat2) * (size_t)n);
        for (int64_t i = 0; i < n; i++) { idx[i] = i % 2 ? 2 * i : -5; vm[i] = mat2_rand(); }
        for (int mode = WF_MC_HIST_AUTO; mode <= WF_MC_HIST_LOCKED; mode++) {
            for (int nt = 1; nt <= 4; nt++) {
                for (int64_t k = 0; k < nb; k++) hm[k] = mat2_id;
                hist_mat2(nt, NULL, mat2_id, mode, nb, hm, n, idx, vm);
                int bad = -1;
                for (int64_t i = 0; i < n; i++)
                    if (idx[i] >= 0 && idx[i] < nb && !mat2_eq(hm[idx[i]], vm[i]) && bad < 0) bad = (int)i;
                CHECK(bad < 0, "hist_mat2 mode=%d nt=%d at %d", mode, nt, bad);
            }
        }
        free(hm); free(vm);
    }
    free(idx); free(vi); free(vf); free(v64); free(vc); free(hi); free(ref); free(hf); free(reff);
    free(h64); free(ref64); free(hc); free(refc);
}

/* ---------------------------------------------------------------- partition, filter, scatter */
static void test_partition_scatter(void) {
    int32_t *x = xmalloc(sizeof(int32_t) * MAXN), *y = xmalloc(sizeof(int32_t) * MAXN);
    int32_t *ref = xmalloc(sizeof(int32_t) * MAXN);
    mat2 *xm = xmalloc(sizeof(mat2) * MAXN), *ym = xmalloc(sizeof(mat2) * MAXN), *rm = xmalloc(sizeof(mat2) * MAXN);
    int64_t *idx = xmalloc(sizeof(int64_t) * MAXN);
    for (int64_t i = 0; i < MAXN; i++) { x[i] = (int32_t)rnd(); xm[i] = mat2_rand(); }
    for (int si = 0; si < NSIZES; si++) {
        int64_t n = sizes[si];
        int64_t nt_ref = 0, k = 0;
        for (int64_t i = 0; i < n; i++) if (IS_EVEN(0, x[i])) ref[k++] = x[i];
        nt_ref = k;
        for (int64_t i = 0; i < n; i++) if (!IS_EVEN(0, x[i])) ref[k++] = x[i];
        int64_t km = 0;
        for (int64_t i = 0; i < n; i++) if (MAT_PRED(0, xm[i])) rm[km++] = xm[i];
        int64_t ntm_ref = km;
        for (int64_t i = 0; i < n; i++) if (!MAT_PRED(0, xm[i])) rm[km++] = xm[i];
        /* a permutation with out-of-range indices mixed in */
        for (int64_t i = 0; i < n; i++) idx[i] = i % 7 == 3 ? -1 - i : i % 7 == 5 ? n + i : n - 1 - i;
        for (int nt = 1; nt <= 4; nt++) {
            int64_t cnt = -1;
            int rc = part_i32(nt, NULL, n, x, y, &cnt);
            CHECK(rc == 0 && cnt == nt_ref && memcmp(y, ref, sizeof(int32_t) * (size_t)n) == 0,
                  "partition n=%lld nt=%d", (long long)n, nt);
            memset(y, 0, sizeof(int32_t) * (size_t)n);
            rc = part_i32_filter(nt, NULL, n, x, y, &cnt);
            CHECK(rc == 0 && cnt == nt_ref && memcmp(y, ref, sizeof(int32_t) * (size_t)cnt) == 0,
                  "filter n=%lld nt=%d", (long long)n, nt);
            rc = part_mat2(nt, NULL, n, xm, ym, &cnt);
            int bad = -1;
            for (int64_t i = 0; i < n && bad < 0; i++) if (!mat2_eq(ym[i], rm[i])) bad = (int)i;
            CHECK(rc == 0 && cnt == ntm_ref && bad < 0, "partition mat2 n=%lld nt=%d at %d", (long long)n, nt, bad);
            /* scatter */
            for (int64_t i = 0; i < n; i++) y[i] = -1;
            scat_i32(nt, y, n, n, idx, x);
            bad = -1;
            for (int64_t j = 0; j < n && bad < 0; j++) {
                int64_t i = n - 1 - j; /* the only writer of j, if its index was in range */
                int32_t want = (i % 7 == 3 || i % 7 == 5) ? -1 : x[i];
                if (y[j] != want) bad = (int)j;
            }
            CHECK(bad < 0, "scatter n=%lld nt=%d at %d", (long long)n, nt, bad);
            for (int64_t i = 0; i < n; i++) ym[i] = mat2_id;
            scat_mat2(nt, ym, n, n, idx, xm);
            bad = -1;
            for (int64_t j = 0; j < n && bad < 0; j++) {
                int64_t i = n - 1 - j;
                mat2 want = (i % 7 == 3 || i % 7 == 5) ? mat2_id : xm[i];
                if (!mat2_eq(ym[j], want)) bad = (int)j;
            }
            CHECK(bad < 0, "scatter mat2 n=%lld nt=%d at %d", (long long)n, nt, bad);
        }
    }
    free(x); free(y); free(ref); free(xm); free(ym); free(rm); free(idx);
}

/* ---------------------------------------------------------------- streaming vector scan */
/* The vector scan with non-temporal stores (forced on) into outputs at every alignment from 4 to
 * 64 bytes: 16- and 32-byte streaming stores are chosen by the alignment of the block's
 * quarters, so each must give the same sums as the plain stores. */
static void test_vscan_streaming(void) {
    const int64_t n_max = (1 << 18) + 37;
    uint32_t *x = xmalloc(sizeof(uint32_t) * (size_t)n_max);
    uint32_t *base = aligned_alloc(64, sizeof(uint32_t) * (size_t)(n_max + 64) / 64 * 64); /* a multiple of 64 */
    if (!base) { printf("out of memory\n"); exit(2); }
    for (int64_t i = 0; i < n_max; i++) x[i] = rnd();
    const int64_t ns[] = {1, 255, 4097, 65536 + 3, n_max};
    wf_mc_set_stream_bytes(0);
    for (int off = 0; off < 16; off++)
        for (int k = 0; k < (int)(sizeof ns / sizeof ns[0]); k++)
            for (int nt = 1; nt <= 3; nt += 2)
                for (int incl = 0; incl <= 1; incl++) {
                    int64_t n = ns[k];
                    uint32_t *y = base + off, tot = 0, acc = 0;
                    vscan_u32(nt, NULL, 0, incl, n, x, y, &tot);
                    int64_t bad = -1;
                    for (int64_t i = 0; i < n && bad < 0; i++) {
                        uint32_t nx = acc + x[i];
                        if (y[i] != (incl ? nx : acc)) bad = i;
                        acc = nx;
                    }
                    CHECK(bad < 0 && tot == acc, "streaming vscan_u32 n=%lld nt=%d incl=%d offset %d bytes: at %lld",
                          (long long)n, nt, incl, 4 * off, (long long)bad);
                }
    wf_mc_set_stream_bytes(-1);
    free(x);
    free(base);
}

int main(void) {
    test_scan_reduce();
    test_vscan_streaming();
    test_segmented();
    test_hist();
    test_partition_scatter();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
