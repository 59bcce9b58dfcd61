/* mc.h — weft's multicore runtime primitives: C11 "templates" instantiated per element type and
 * operator by the generated multicore C (and by tests/unit/mc, bench/scan).
 *
 * Every primitive is a macro WF_MC_<PRIM>_DEFINE(name, T, OP, ...) that defines `static inline`
 * functions specialised to T and OP, so the operator is inlined into the hot loops (no function
 * pointer per element).  Conventions, shared by all primitives (docs/RTS.md has the full list):
 *   - OP(ctx, a, b) is an expression of type T computing a (+) b, with a the earlier operand;
 *     it must be associative, and commutative only where a primitive says so (histogram).
 *     ctx is the `const void *ctx` argument of the call, passed through untouched, so an
 *     operator may read free variables from it.  OP may be a function or a macro.
 *   - ne is the neutral element, a run-time value of type T.
 *   - nthreads is the number of threads to use; <= 0 means omp_get_max_threads().  Work is split
 *     statically in index order, so results do not depend on scheduling (floats included) for a
 *     given thread count.  Without -fopenmp everything runs sequentially.
 *   - Functions return 0, or -1 when scratch memory could not be allocated (outputs then undefined).
 *
 * Scans use a cache-blocked two-pass scheme: the input is cut into super-blocks of nthreads
 * blocks of WF_MC_BLOCK_BYTES; per super-block each thread reduces its block, one barrier, then
 * each thread scans its block (still in its cache) starting from the carry plus the totals of
 * the threads before it.  So the input is read from memory once and the output written once.
 * Inside a block, both passes run WF_MC_ILP (4) independent chains over 4 contiguous quarters,
 * hiding the operator's latency without reordering operands (non-commutative operators work).
 */
#ifndef WF_MC_H
#define WF_MC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#if defined(__SSE2__)
#include <immintrin.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- tuning constants (may be overridden before including this header) ---- */
#ifndef WF_MC_BLOCK_BYTES
#define WF_MC_BLOCK_BYTES (64 * 1024) /* per-thread block of a scan super-block */
#endif
#ifndef WF_MC_STREAM_GENERIC
#define WF_MC_STREAM_GENERIC 0 /* 1: element-wise scans stream too (movnti); measured worse on Intel */
#endif
#ifndef WF_MC_SEQ_MIN
#define WF_MC_SEQ_MIN 16384 /* fewer elements than this: run sequentially */
#endif
#ifndef WF_MC_HIST_PRIV_BYTES
#define WF_MC_HIST_PRIV_BYTES (512 * 1024) /* histograms up to this size are privatised */
#endif
#ifndef WF_MC_HIST_LOCKS
#define WF_MC_HIST_LOCKS 4096 /* striped locks of the locked histogram (power of two) */
#endif

/* Everything here is static; unused instantiations must not warn (clang warns even for inline). */
#define WF_MC_FN static inline __attribute__((unused))

/* ---- threads ---- */
#ifdef _OPENMP
#define WF_MC_OMP(x) _Pragma(#x)
WF_MC_FN int wf_mc_num_threads(int requested) {
    return requested > 0 ? requested : omp_get_max_threads();
}
WF_MC_FN int wf_mc_tid(void) { return omp_get_thread_num(); }
WF_MC_FN int wf_mc_team(void) { return omp_get_num_threads(); }
#else
#define WF_MC_OMP(x)
WF_MC_FN int wf_mc_num_threads(int requested) { (void)requested; return 1; }
WF_MC_FN int wf_mc_tid(void) { return 0; }
WF_MC_FN int wf_mc_team(void) { return 1; }
#endif

/* Thread t of nt gets [lo, hi) of [0, n): contiguous, in order, sizes differing by at most 1. */
WF_MC_FN int64_t wf_mc_split(int64_t n, int t, int nt) {
    return n / nt * t + n % nt * t / nt; /* = floor(n * t / nt) without overflow */
}

/* Length of the first three quarters of a block of len elements (the last takes the rest).
 * Slightly less than len / 4, so that the quarters are not a multiple of 4 KiB apart: loads of
 * one chain would falsely alias the stores of another (x86 "4K aliasing").  Keeps 64-byte
 * multiples for small T, so the vector scan's streaming stores stay aligned. */
WF_MC_FN int64_t wf_mc_quarter(int64_t len, size_t size) {
    int64_t m = len / 4, skew = (int64_t)((64 + size - 1) / size);
    return m > 8 * skew ? m - skew : m;
}

/* Largest scan block in elements (see the drivers: max(256, WF_MC_BLOCK_BYTES / sizeof(T))). */
#define WF_MC__SEG_LOCAL (WF_MC_BLOCK_BYTES > 256 ? WF_MC_BLOCK_BYTES : 256)

/* Threads worth using for n elements: 1 under WF_MC_SEQ_MIN, else the requested count. */
WF_MC_FN int wf_mc_threads_for(int nthreads, int64_t n) {
    int nt = wf_mc_num_threads(nthreads);
    return n < WF_MC_SEQ_MIN ? 1 : nt;
}

/* Spin until *flag is nonzero (acquire) and return it; yields now and then so that an
 * oversubscribed machine still makes progress. */
WF_MC_FN int wf_mc_wait_nonzero(int *flag) {
    int f;
    for (unsigned spins = 0; (f = __atomic_load_n(flag, __ATOMIC_ACQUIRE)) == 0; spins++) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
        if ((spins & 127) == 127) sched_yield();
    }
    return f;
}

/* *p = *v (size bytes); with nts, as non-temporal stores (x86-64: movnti) where aligned. */
WF_MC_FN void wf_mc_put(void *p, const void *v, size_t size, int nts) {
#if defined(__SSE2__) && defined(__x86_64__)
    if (nts && size % 8 == 0 && ((uintptr_t)p & 7) == 0) {
        for (size_t k = 0; k < size; k += 8) {
            long long w;
            memcpy(&w, (const char *)v + k, 8);
            _mm_stream_si64((long long *)(void *)((char *)p + k), w);
        }
        return;
    }
    if (nts && size % 4 == 0 && ((uintptr_t)p & 3) == 0) {
        for (size_t k = 0; k < size; k += 4) {
            int w;
            memcpy(&w, (const char *)v + k, 4);
            _mm_stream_si32((int *)(void *)((char *)p + k), w);
        }
        return;
    }
#else
    (void)nts;
#endif
    memcpy(p, v, size);
}

WF_MC_FN void wf_mc_sfence(void) {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

/* Scans whose output is at least this many bytes write it with non-temporal stores.  Measured:
 * on an AMD EPYC (Zen) VM they raised a 2-thread i32 scan from 0.64x to 0.8x of memcpy; on an
 * Intel Xeon VM they lowered it from 0.63x to 0.42x.  So the default is 64 MiB on AMD and never
 * elsewhere; -DWF_MC_STREAM_BYTES=N fixes it at compile time, wf_mc_set_stream_bytes at run time. */
static __attribute__((unused)) int64_t wf_mc_stream_bytes_ = -1;
WF_MC_FN void wf_mc_set_stream_bytes(int64_t bytes) { wf_mc_stream_bytes_ = bytes; }
WF_MC_FN int64_t wf_mc_stream_bytes(void) {
#ifdef WF_MC_STREAM_BYTES
    return (int64_t)(WF_MC_STREAM_BYTES);
#else
    if (wf_mc_stream_bytes_ < 0) {
        int64_t v = INT64_MAX;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        unsigned a = 0, b = 0, c = 0, d = 0;
        __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0u), "c"(0u));
        if (b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u) v = (int64_t)64 << 20; /* AuthenticAMD */
#endif
        wf_mc_stream_bytes_ = v;
    }
    return wf_mc_stream_bytes_;
#endif
}

/* Element accessors used by the array instantiations. */
#define WF_MC_LOAD_IDX(ctx, src, i) ((src)[i])
#define WF_MC_STORE_IDX(ctx, dst, i, v, nts) wf_mc_put(&(dst)[i], &(v), sizeof(v), nts)
#define WF_MC_STORE_EX_IDX(ctx, dst, i, acc, x, ne, nts) wf_mc_put(&(dst)[i], &(acc), sizeof(acc), nts)
#define WF_MC_PREFETCH_IDX(ctx, src, i) __builtin_prefetch(&(src)[i])
#define WF_MC_PREFETCH_NONE(ctx, src, i) ((void)0)

/* ======================================================================================
 * Block helpers: reduce and scan of [lo, hi) with 4 chains over contiguous quarters.
 * WF_MC__BLOCK_DEFINE(name, T, OP, SRC_T, LOAD, DST_T, STORE_IN, STORE_EX) defines
 *   name##_red4(ctx, ne, src, lo, hi, s[4])          s[k] = reduction of quarter k
 *   name##_scan4(ctx, ne, incl, src, dst, lo, hi, s, carry)  scan using those sums
 * LOAD(ctx, src, i) yields element i as a T; STORE_IN(ctx, dst, i, acc, nts) stores an inclusive
 * result; STORE_EX(ctx, dst, i, acc, x, ne, nts) stores an exclusive one (acc before x); nts
 * asks for non-temporal stores (outputs larger than the caches).
 * ====================================================================================== */
#define WF_MC__BLOCK_DEFINE(name, T, OP, SRC_T, LOAD, DST_T, STORE_IN, STORE_EX, PREFETCH)       \
    WF_MC_FN void name##_red4(const void *ctx, T ne, SRC_T src, int64_t lo, int64_t hi,    \
                                   T s[4]) {                                                     \
        (void)ctx;                                                                               \
        int64_t m = wf_mc_quarter(hi - lo, sizeof(T));                                              \
        const int64_t a = lo, b = lo + m, c = lo + 2 * m, d = lo + 3 * m;                        \
        T s0 = ne, s1 = ne, s2 = ne, s3 = ne;                                                    \
        for (int64_t j = 0; j < m; j++) {                                                        \
            s0 = OP(ctx, s0, LOAD(ctx, src, a + j));                                             \
            s1 = OP(ctx, s1, LOAD(ctx, src, b + j));                                             \
            s2 = OP(ctx, s2, LOAD(ctx, src, c + j));                                             \
            s3 = OP(ctx, s3, LOAD(ctx, src, d + j));                                             \
        }                                                                                        \
        for (int64_t i = d + m; i < hi; i++) s3 = OP(ctx, s3, LOAD(ctx, src, i));                \
        s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3;                                              \
    }                                                                                            \
    WF_MC_FN __attribute__((always_inline)) void name##_scan4b(                             \
        const void *ctx, T ne, const int incl, SRC_T src, DST_T dst, int64_t lo, int64_t hi,     \
        const T s[4], T carry, int64_t pf, int64_t pf_end, const int nts) {                      \
        (void)ctx; (void)ne; (void)src; (void)dst;                                               \
        int64_t m = wf_mc_quarter(hi - lo, sizeof(T));                                              \
        const int64_t a = lo, b = lo + m, c = lo + 2 * m, d = lo + 3 * m;                        \
        T p0 = carry;                                                                            \
        T p1 = OP(ctx, p0, s[0]);                                                                \
        T p2 = OP(ctx, p1, s[1]);                                                                \
        T p3 = OP(ctx, p2, s[2]);                                                                \
        const int64_t pf_step = sizeof(T) >= 64 ? 1 : 64 / (int64_t)sizeof(T);                 \
        if (incl) {                                                                              \
            for (int64_t j0 = 0; j0 < m; j0 += 64) {                                             \
                const int64_t j1 = m - j0 < 64 ? m : j0 + 64;                                    \
                for (int64_t q = 0; q < 256 && pf < pf_end; q += pf_step, pf += pf_step)         \
                    PREFETCH(ctx, src, pf);                                                      \
                for (int64_t j = j0; j < j1; j++) {                                              \
                    p0 = OP(ctx, p0, LOAD(ctx, src, a + j)); STORE_IN(ctx, dst, a + j, p0, nts);    \
                    p1 = OP(ctx, p1, LOAD(ctx, src, b + j)); STORE_IN(ctx, dst, b + j, p1, nts);    \
                    p2 = OP(ctx, p2, LOAD(ctx, src, c + j)); STORE_IN(ctx, dst, c + j, p2, nts);    \
                    p3 = OP(ctx, p3, LOAD(ctx, src, d + j)); STORE_IN(ctx, dst, d + j, p3, nts);    \
                }                                                                                \
            }                                                                                    \
            for (int64_t i = d + m; i < hi; i++) {                                               \
                p3 = OP(ctx, p3, LOAD(ctx, src, i)); STORE_IN(ctx, dst, i, p3, nts);                \
            }                                                                                    \
        } else {                                                                                 \
            for (int64_t j0 = 0; j0 < m; j0 += 64) {                                             \
                const int64_t j1 = m - j0 < 64 ? m : j0 + 64;                                    \
                for (int64_t q = 0; q < 256 && pf < pf_end; q += pf_step, pf += pf_step)         \
                    PREFETCH(ctx, src, pf);                                                      \
                for (int64_t j = j0; j < j1; j++) {                                              \
                    T x0 = LOAD(ctx, src, a + j), x1 = LOAD(ctx, src, b + j);                    \
                    T x2 = LOAD(ctx, src, c + j), x3 = LOAD(ctx, src, d + j);                    \
                    STORE_EX(ctx, dst, a + j, p0, x0, ne, nts); p0 = OP(ctx, p0, x0);               \
                    STORE_EX(ctx, dst, b + j, p1, x1, ne, nts); p1 = OP(ctx, p1, x1);               \
                    STORE_EX(ctx, dst, c + j, p2, x2, ne, nts); p2 = OP(ctx, p2, x2);               \
                    STORE_EX(ctx, dst, d + j, p3, x3, ne, nts); p3 = OP(ctx, p3, x3);               \
                }                                                                                \
            }                                                                                    \
            for (int64_t i = d + m; i < hi; i++) {                                               \
                T x = LOAD(ctx, src, i);                                                         \
                STORE_EX(ctx, dst, i, p3, x, ne, nts); p3 = OP(ctx, p3, x);                         \
            }                                                                                    \
        }                                                                                        \
    }                                                                                            \
    WF_MC_FN void name##_scan4(const void *ctx, T ne, int incl, SRC_T src, DST_T dst,      \
                                    int64_t lo, int64_t hi, const T s[4], T carry,               \
                                    int64_t pf, int64_t pf_end, int stream) {                    \
        stream = stream && WF_MC_STREAM_GENERIC;                                                 \
        if (incl && stream) name##_scan4b(ctx, ne, 1, src, dst, lo, hi, s, carry, pf, pf_end, 1); \
        else if (incl) name##_scan4b(ctx, ne, 1, src, dst, lo, hi, s, carry, pf, pf_end, 0);     \
        else if (stream) name##_scan4b(ctx, ne, 0, src, dst, lo, hi, s, carry, pf, pf_end, 1);   \
        else name##_scan4b(ctx, ne, 0, src, dst, lo, hi, s, carry, pf, pf_end, 0);               \
        if (stream) wf_mc_sfence();                                                              \
    }

/* ======================================================================================
 * Scan core.  name(nthreads, ctx, ne, inclusive, n, src, dst, total) scans n elements;
 * *total (if not NULL) receives the reduction of all of them (ne when n == 0).
 * In-place use (src and dst the same array) is allowed.
 * ====================================================================================== */
#define WF_MC__SCAN_CORE_DEFINE(name, T, OP, SRC_T, LOAD, DST_T, STORE_IN, STORE_EX, PREFETCH)   \
    WF_MC__BLOCK_DEFINE(name, T, OP, SRC_T, LOAD, DST_T, STORE_IN, STORE_EX, PREFETCH)           \
    WF_MC__SCAN_DRIVER_DEFINE(name, T, OP, SRC_T, DST_T, name##_scan4)

/* The driver: name(...) over blocks, with SCAN4 as the in-block scan. */
#define WF_MC__SCAN_DRIVER_DEFINE(name, T, OP, SRC_T, DST_T, SCAN4)                              \
    struct name##_desc { int flag; T agg, inc; char pad[64]; };                                  \
    WF_MC_FN T name##_fold4(const void *ctx, const T s[4]) {                                \
        (void)ctx;                                                                               \
        T r = OP(ctx, s[0], s[1]);                                                               \
        r = OP(ctx, r, s[2]);                                                                    \
        return OP(ctx, r, s[3]);                                                                 \
    }                                                                                            \
    WF_MC_FN int name(int nthreads, const void *ctx, T ne, int incl, int64_t n,            \
                           SRC_T src, DST_T dst, T *total) {                                     \
        int64_t blk = WF_MC_BLOCK_BYTES / (int64_t)sizeof(T);                                    \
        if (blk < 256) blk = 256;                                                                \
        int nt = wf_mc_threads_for(nthreads, n);                                                 \
        const int stream = (double)n * sizeof(T) >= (double)wf_mc_stream_bytes();                \
        if (nt <= 1 || n <= 0) {                                                                 \
            T carry = ne, s[4];                                                                  \
            for (int64_t lo = 0; lo < n; lo += blk) {                                            \
                int64_t hi = n - lo < blk ? n : lo + blk;                                        \
                name##_red4(ctx, ne, src, lo, hi, s);                                            \
                SCAN4(ctx, ne, incl, src, dst, lo, hi, s, carry, 0, 0, stream);                  \
                carry = OP(ctx, carry, name##_fold4(ctx, s));                                    \
            }                                                                                    \
            if (total) *total = carry;                                                           \
            return 0;                                                                            \
        }                                                                                        \
        const int64_t nblk = (n + blk - 1) / blk;                                                \
        struct name##_desc *desc = calloc((size_t)nblk, sizeof(struct name##_desc));             \
        if (!desc) return -1;                                                                    \
        WF_MC_OMP(omp parallel num_threads(nt))                                                  \
        {                                                                                        \
            const int t = wf_mc_tid(), tn = wf_mc_team();                                        \
            T s[4];                                                                              \
            for (int64_t g = t; g < nblk; g += tn) {                                             \
                const int64_t lo = g * blk, hi = n - lo < blk ? n : lo + blk;                    \
                name##_red4(ctx, ne, src, lo, hi, s);                                            \
                const T agg = name##_fold4(ctx, s);                                              \
                T pre = ne;                                                                      \
                if (g == 0) {                                                                    \
                    desc[g].inc = agg;                                                           \
                    __atomic_store_n(&desc[g].flag, 2, __ATOMIC_RELEASE);                        \
                } else {                                                                         \
                    desc[g].agg = agg;                                                           \
                    __atomic_store_n(&desc[g].flag, 1, __ATOMIC_RELEASE);                        \
                    for (int64_t j = g - 1; j >= 0; j--) { /* decoupled look-back */             \
                        int f = wf_mc_wait_nonzero(&desc[j].flag);                               \
                        if (f == 2) { pre = OP(ctx, desc[j].inc, pre); break; }                  \
                        pre = OP(ctx, desc[j].agg, pre);                                         \
                    }                                                                            \
                    desc[g].inc = OP(ctx, pre, agg);                                             \
                    __atomic_store_n(&desc[g].flag, 2, __ATOMIC_RELEASE);                        \
                }                                                                                \
                const int64_t nlo = (g + tn) * blk;                                              \
                const int64_t nhi = nlo >= n ? nlo : n - nlo < blk ? n : nlo + blk;              \
                SCAN4(ctx, ne, incl, src, dst, lo, hi, s, pre, nlo, nhi, stream);                \
            }                                                                                    \
        }                                                                                        \
        if (total) *total = desc[nblk - 1].inc;                                                  \
        free(desc);                                                                              \
        return 0;                                                                                \
    }

/* ---- scan over arrays: name(nthreads, ctx, ne, inclusive, n, in, out, total) ---- */
#define WF_MC_SCAN_DEFINE(name, T, OP)                                                           \
    WF_MC__SCAN_CORE_DEFINE(name, T, OP, const T *, WF_MC_LOAD_IDX, T *, WF_MC_STORE_IDX,        \
                            WF_MC_STORE_EX_IDX, WF_MC_PREFETCH_IDX)

/* ---- vectorised scan over arrays of a scalar type T (integer or floating point) ----
 * WF_MC_SCAN_VEC_DEFINE(name, T, OP): same function as WF_MC_SCAN_DEFINE, but OP must also
 * work on GCC/clang vectors of 8 T (e.g. #define ADD(ctx, a, b) ((a) + (b)); also -, *, &, |,
 * ^).  Each block quarter is scanned 8 elements at a time: an in-register prefix (three shifts
 * filling with ne), then the carry of the quarter is added in.  Eight lanes rather than four:
 * on one thread the scan of 2^26 i32 is bound by these instructions (4 lanes: 0.81x memcpy,
 * 8 lanes: 0.90x; docs/PERFORMANCE.md, ninth session).  Needs __builtin_shufflevector
 * (gcc >= 12, clang). */
/* Vector stores, non-temporal (bypassing the cache, no read for ownership) when nts is nonzero:
 * worth it only for outputs much larger than the caches (WF_MC_STREAM_BYTES).  nts is the
 * alignment every store address is known to have (0, 16, 32 or 64: WF_MC__ALIGNMENT): with AVX
 * and 32-byte alignment a 32-byte vector goes out in one store, not two.  Measured (2 threads,
 * 2^27 i32, docs/PERFORMANCE.md, tenth session): 0.80x -> 0.85-0.90x memcpy. */
#define WF_MC__ALIGNMENT(p) ((uintptr_t)(p) & 63 ? ((uintptr_t)(p) & 31 ? ((uintptr_t)(p) & 15 ? 0 : 16) : 32) : 64)
#if defined(__SSE2__)
#if defined(__AVX__)
#define WF_MC__VSTORE_NT256(p, v, nts)                                                           \
    if ((nts) >= 32 && sizeof(v) % 32 == 0) {                                                    \
        __m256i w_[sizeof(v) >= 32 ? sizeof(v) / 32 : 1];                                        \
        memcpy(w_, &(v), sizeof(v));                                                             \
        for (unsigned k_ = 0; 32 * k_ < sizeof(v); k_++)                                         \
            _mm256_stream_si256((__m256i *)(void *)((char *)(p) + 32 * k_), w_[k_]);             \
    } else
#else
#define WF_MC__VSTORE_NT256(p, v, nts)
#endif
#define WF_MC__VSTORE(p, v, nts)                                                                 \
    do {                                                                                         \
        WF_MC__VSTORE_NT256(p, v, nts)                                                           \
        if ((nts) && sizeof(v) % 16 == 0) { /* vectors of 4 u8 or i16 are stored plainly */ \
            __m128i h_[sizeof(v) >= 16 ? sizeof(v) / 16 : 1];                                    \
            memcpy(h_, &(v), sizeof(v));                                                         \
            for (unsigned k_ = 0; 16 * k_ < sizeof(v); k_++)                                     \
                _mm_stream_si128((__m128i *)(void *)((char *)(p) + 16 * k_), h_[k_]);            \
        } else {                                                                                 \
            memcpy((p), &(v), sizeof(v));                                                        \
        }                                                                                        \
    } while (0)
#define WF_MC__SFENCE(nts) do { if (nts) _mm_sfence(); } while (0)
#else
#define WF_MC__VSTORE(p, v, nts) memcpy((p), &(v), sizeof(v))
#define WF_MC__SFENCE(nts) ((void)(nts))
#endif

/* y = inclusive scan of the 8 lanes of x, with the carry vector c in front.  A macro: vectors
 * wider than the target's registers must not cross function boundaries (-Wpsabi). */
#define WF_MC__VSCAN(OP, y, x, nev, c)                                                           \
    do {                                                                                         \
        y = OP(ctx, __builtin_shufflevector(x, nev, 8, 0, 1, 2, 3, 4, 5, 6), x);                 \
        y = OP(ctx, __builtin_shufflevector(y, nev, 8, 9, 0, 1, 2, 3, 4, 5), y);                 \
        y = OP(ctx, __builtin_shufflevector(y, nev, 8, 9, 10, 11, 0, 1, 2, 3), y);               \
        y = OP(ctx, c, y);                                                                       \
    } while (0)
/* the exclusive scan from the inclusive one y: c's lane in front, y's last lane dropped */
#define WF_MC__VSHIFT_IN(y, c) __builtin_shufflevector(y, c, 8, 0, 1, 2, 3, 4, 5, 6)
/* an initialiser of 8 lanes equal to x */
#define WF_MC__BCAST8(x) {(x), (x), (x), (x), (x), (x), (x), (x)}
/* every lane the last lane of y (the next carry) */
#define WF_MC__VLAST(y) __builtin_shufflevector(y, y, 7, 7, 7, 7, 7, 7, 7, 7)
#define WF_MC_SCAN_VEC_DEFINE(name, T, OP)                                                       \
    WF_MC__BLOCK_DEFINE(name, T, OP, const T *, WF_MC_LOAD_IDX, T *, WF_MC_STORE_IDX,            \
                        WF_MC_STORE_EX_IDX, WF_MC_PREFETCH_IDX)                                  \
    typedef T name##_v __attribute__((vector_size(8 * sizeof(T))));                              \
    WF_MC_FN void name##_vscan4(const void *ctx, T ne, int incl, const T *src, T *dst,     \
                                     int64_t lo, int64_t hi, const T s[4], T carry,              \
                                     int64_t pf, int64_t pf_end, int stream) {                   \
        (void)ctx;                                                                               \
        int64_t m = wf_mc_quarter(hi - lo, sizeof(T)), m8 = m / 8 * 8;                           \
        const int64_t q0 = lo, q1 = lo + m, q2 = lo + 2 * m, q3 = lo + 3 * m;                    \
        T p[4];                                                                                  \
        p[0] = carry;                                                                            \
        p[1] = OP(ctx, p[0], s[0]);                                                              \
        p[2] = OP(ctx, p[1], s[1]);                                                              \
        p[3] = OP(ctx, p[2], s[2]);                                                              \
        const name##_v nev = WF_MC__BCAST8(ne);                                                  \
        name##_v c0 = WF_MC__BCAST8(p[0]), c1 = WF_MC__BCAST8(p[1]);                             \
        name##_v c2 = WF_MC__BCAST8(p[2]), c3 = WF_MC__BCAST8(p[3]);                             \
        const int64_t pf_step = sizeof(T) >= 64 ? 1 : 64 / (int64_t)sizeof(T);                 \
        /* the stores' common alignment: every store is 8 elements past a quarter's start */     \
        const int nts = stream ? WF_MC__ALIGNMENT(((uintptr_t)(dst + q0) | (uintptr_t)(dst + q1) | \
                                                   (uintptr_t)(dst + q2) | (uintptr_t)(dst + q3)) \
                                                  | (uintptr_t)(8 * sizeof(T))) : 0;             \
        for (int64_t j = 0; j < m8; j += 8) {                                                   \
            /* prefetch as many elements of this thread's next block as this step scans;       \
             * bursts of 64 prefetches per 4 KiB measured 10 % slower (2 threads, tenth session) */ \
            for (int64_t q = 0; q < 32 && pf < pf_end; q += pf_step, pf += pf_step)                \
                __builtin_prefetch(&src[pf]);                                                    \
            name##_v x0, x1, x2, x3, y0, y1, y2, y3;                                             \
            memcpy(&x0, src + q0 + j, sizeof x0);                                                \
            memcpy(&x1, src + q1 + j, sizeof x1);                                                \
            memcpy(&x2, src + q2 + j, sizeof x2);                                                \
            memcpy(&x3, src + q3 + j, sizeof x3);                                                \
            WF_MC__VSCAN(OP, y0, x0, nev, c0);                                                  \
            WF_MC__VSCAN(OP, y1, x1, nev, c1);                                                  \
            WF_MC__VSCAN(OP, y2, x2, nev, c2);                                                  \
            WF_MC__VSCAN(OP, y3, x3, nev, c3);                                                  \
            if (incl) {                                                                          \
                WF_MC__VSTORE(dst + q0 + j, y0, nts);                                              \
                WF_MC__VSTORE(dst + q1 + j, y1, nts);                                              \
                WF_MC__VSTORE(dst + q2 + j, y2, nts);                                              \
                WF_MC__VSTORE(dst + q3 + j, y3, nts);                                              \
            } else {                                                                             \
                x0 = WF_MC__VSHIFT_IN(y0, c0);                                                   \
                x1 = WF_MC__VSHIFT_IN(y1, c1);                                                   \
                x2 = WF_MC__VSHIFT_IN(y2, c2);                                                   \
                x3 = WF_MC__VSHIFT_IN(y3, c3);                                                   \
                WF_MC__VSTORE(dst + q0 + j, x0, nts);                                              \
                WF_MC__VSTORE(dst + q1 + j, x1, nts);                                              \
                WF_MC__VSTORE(dst + q2 + j, x2, nts);                                              \
                WF_MC__VSTORE(dst + q3 + j, x3, nts);                                              \
            }                                                                                    \
            c0 = WF_MC__VLAST(y0);                                                               \
            c1 = WF_MC__VLAST(y1);                                                               \
            c2 = WF_MC__VLAST(y2);                                                               \
            c3 = WF_MC__VLAST(y3);                                                               \
        }                                                                                        \
        WF_MC__SFENCE(nts);                                                                      \
        p[0] = c0[0]; p[1] = c1[0]; p[2] = c2[0]; p[3] = c3[0];                                  \
        const int64_t qb[4] = {q0, q1, q2, q3};                                                  \
        for (int k = 0; k < 4; k++) { /* the rest of each quarter, then the block's tail */      \
            int64_t e = k == 3 ? hi : qb[k] + m;                                                 \
            T a = p[k];                                                                          \
            for (int64_t i = qb[k] + m8; i < e; i++) {                                           \
                T x = src[i];                                                                    \
                if (incl) { a = OP(ctx, a, x); dst[i] = a; }                                     \
                else { dst[i] = a; a = OP(ctx, a, x); }                                          \
            }                                                                                    \
        }                                                                                        \
    }                                                                                            \
    WF_MC__SCAN_DRIVER_DEFINE(name, T, OP, const T *, T *, name##_vscan4)

/* ---- scan of a fused map: element i is LOAD(ctx, src, i) for a src of type SRC_T ---- */
#define WF_MC_SCAN_MAP_DEFINE(name, T, OP, SRC_T, LOAD)                                          \
    WF_MC__SCAN_CORE_DEFINE(name, T, OP, SRC_T, LOAD, T *, WF_MC_STORE_IDX, WF_MC_STORE_EX_IDX,  \
                            WF_MC_PREFETCH_NONE)


/* ======================================================================================
 * Reduce.  name(nthreads, ctx, ne, n, in, result): *result = ne (+) in[0] (+) ... (+) in[n-1].
 * WF_MC_REDUCE_MAP_DEFINE reduces LOAD(ctx, src, i) instead of in[i] (a fused map).
 * ====================================================================================== */
#define WF_MC__REDUCE_CORE_DEFINE(name, T, OP, SRC_T, LOAD)                                      \
    WF_MC__BLOCK_DEFINE(name##_b, T, OP, SRC_T, LOAD, T *, WF_MC_STORE_IDX, WF_MC_STORE_EX_IDX,  \
                        WF_MC_PREFETCH_NONE)                                                     \
    struct name##_slot { T v; char pad[64]; };                                                   \
    WF_MC_FN T name##_fold4(const void *ctx, const T s[4]) {                                \
        (void)ctx;                                                                               \
        T r = OP(ctx, s[0], s[1]);                                                               \
        r = OP(ctx, r, s[2]);                                                                    \
        return OP(ctx, r, s[3]);                                                                 \
    }                                                                                            \
    WF_MC_FN int name(int nthreads, const void *ctx, T ne, int64_t n, SRC_T src,           \
                           T *result) {                                                          \
        int nt = wf_mc_threads_for(nthreads, n);                                                 \
        T s[4];                                                                                  \
        if (nt <= 1) {                                                                           \
            name##_b_red4(ctx, ne, src, 0, n > 0 ? n : 0, s);                                    \
            *result = OP(ctx, ne, name##_fold4(ctx, s));                                         \
            return 0;                                                                            \
        }                                                                                        \
        struct name##_slot *part = malloc(sizeof(struct name##_slot) * (size_t)nt);              \
        *result = ne;                                                                            \
        if (!part) return -1;                                                                    \
        int used = nt;                                                                           \
        WF_MC_OMP(omp parallel num_threads(nt))                                                  \
        {                                                                                        \
            const int t = wf_mc_tid(), tn = wf_mc_team();                                        \
            T ls[4];                                                                             \
            name##_b_red4(ctx, ne, src, wf_mc_split(n, t, tn), wf_mc_split(n, t + 1, tn), ls);   \
            part[t].v = name##_fold4(ctx, ls);                                                   \
            if (t == 0) used = tn;                                                               \
        }                                                                                        \
        T r = ne;                                                                                \
        for (int u = 0; u < used; u++) r = OP(ctx, r, part[u].v);                                \
        free(part);                                                                              \
        *result = r;                                                                             \
        return 0;                                                                                \
    }
#define WF_MC_REDUCE_DEFINE(name, T, OP) WF_MC__REDUCE_CORE_DEFINE(name, T, OP, const T *, WF_MC_LOAD_IDX)
#define WF_MC_REDUCE_MAP_DEFINE(name, T, OP, SRC_T, LOAD) WF_MC__REDUCE_CORE_DEFINE(name, T, OP, SRC_T, LOAD)

/* ======================================================================================
 * Segmented scan.  WF_MC_SEGSCAN_DEFINE(name, T, OP) defines
 *   name##_flags(nthreads, ctx, ne, inclusive, n, in, flags, out)
 *       flags[i] true: a segment starts at i (element 0 always starts one).
 *   name##_offsets(nthreads, ctx, ne, inclusive, nseg, offsets, in, out)
 *       segment s is [offsets[s], offsets[s+1]); nseg + 1 offsets, nondecreasing, offsets[0]
 *       = 0; n = offsets[nseg].  Empty segments are allowed.
 * It is the scan machinery above over (flag, value) pairs with the lifted operator
 * (f1,a) (+) (f2,b) = (f1|f2, f2 ? b : a (+) b), so long and short segments run equally well.
 * The offsets form builds each block's flags on the stack from the offsets: no n-byte array.
 * ====================================================================================== */
#define WF_MC_SEGSCAN_DEFINE(name, T, OP)                                                        \
    typedef struct { T v; unsigned char f; } name##_fv;                                          \
    /* flags, or (flags == NULL) segment offsets */                                              \
    struct name##_src { const T *in; const bool *flags; const int64_t *off; int64_t nseg; };     \
    WF_MC_FN name##_fv name##_lop(const void *ctx, name##_fv a, name##_fv b) {              \
        name##_fv r;                                                                             \
        T ab = OP(ctx, a.v, b.v);                                                                \
        r.v = b.f ? b.v : ab;                                                                    \
        r.f = a.f | b.f;                                                                         \
        return r;                                                                                \
    }                                                                                            \
    WF_MC__BLOCK_DEFINE(name##_p, T, OP, const T *, WF_MC_LOAD_IDX, T *, WF_MC_STORE_IDX,        \
                        WF_MC_STORE_EX_IDX, WF_MC_PREFETCH_NONE)                                 \
    /* reduction of x[lo, hi) starting from the first element (ne when empty) */                 \
    WF_MC_FN T name##_preduce(const void *ctx, T ne, const T *x, int64_t lo, int64_t hi) {       \
        if (hi - lo < 64) {                                                                      \
            T r = ne;                                                                            \
            for (int64_t i = lo; i < hi; i++) r = OP(ctx, r, x[i]);                              \
            return r;                                                                            \
        }                                                                                        \
        T q[4];                                                                                  \
        name##_p_red4(ctx, ne, x, lo, hi, q);                                                    \
        T r = OP(ctx, q[0], q[1]);                                                               \
        r = OP(ctx, r, q[2]);                                                                    \
        return OP(ctx, r, q[3]);                                                                 \
    }                                                                                            \
    /* block reduce: per quarter, (any flag, reduction from its last flag to its end) */         \
    WF_MC_FN void name##_core_red4(const void *ctx, name##_fv ne, struct name##_src src,         \
                                   int64_t lo, int64_t hi, name##_fv s[4]) {                     \
        int64_t m = wf_mc_quarter(hi - lo, sizeof(T));                                              \
        for (int k = 0; k < 4; k++) {                                                            \
            int64_t a = lo + k * m, e = k == 3 ? hi : a + m;                                     \
            int64_t last = src.flags ? wf_mc_last_flag(src.flags, a, e)                          \
                                     : wf_mc_last_offset(src.off, src.nseg, a, e);               \
            s[k].f = last >= 0;                                                                  \
            s[k].v = name##_preduce(ctx, ne.v, src.in, last >= 0 ? last : a, e);                 \
        }                                                                                        \
    }                                                                                            \
    /* block scan; flag of element i is fl[i - fb] */                                            \
    WF_MC_FN __attribute__((always_inline)) void name##_core_scan4b(                             \
        const void *ctx, name##_fv ne, const int incl, const T *x, const bool *fl, int64_t fb,   \
        T *dst, int64_t lo, int64_t hi, const name##_fv s[4], name##_fv carry, int64_t pf,       \
        int64_t pf_end, const int nts) {                                                         \
        (void)ctx;                                                                               \
        int64_t m = wf_mc_quarter(hi - lo, sizeof(T));                                           \
        const int64_t a = lo, b = lo + m, c = lo + 2 * m, d = lo + 3 * m;                        \
        name##_fv c1 = name##_lop(ctx, carry, s[0]);                                             \
        name##_fv c2 = name##_lop(ctx, c1, s[1]);                                                \
        name##_fv c3 = name##_lop(ctx, c2, s[2]);                                                \
        T p0 = carry.v, p1 = c1.v, p2 = c2.v, p3 = c3.v;                                         \
        const int64_t pf_step = sizeof(T) >= 64 ? 1 : 64 / (int64_t)sizeof(T);                 \
        for (int64_t j0 = 0; j0 < m; j0 += 64) {                                                 \
            const int64_t j1 = m - j0 < 64 ? m : j0 + 64;                                        \
            for (int64_t q = 0; q < 256 && pf < pf_end; q += pf_step, pf += pf_step) {           \
                __builtin_prefetch(&x[pf]);                                                      \
                if (fb == 0 && (q & 63) == 0) __builtin_prefetch(&fl[pf]);                       \
            }                                                                                    \
            for (int64_t j = j0; j < j1; j++) {                                                  \
                T e0 = fl[a + j - fb] ? ne.v : p0, e1 = fl[b + j - fb] ? ne.v : p1;              \
                T e2 = fl[c + j - fb] ? ne.v : p2, e3 = fl[d + j - fb] ? ne.v : p3;              \
                p0 = OP(ctx, e0, x[a + j]);                                                      \
                p1 = OP(ctx, e1, x[b + j]);                                                      \
                p2 = OP(ctx, e2, x[c + j]);                                                      \
                p3 = OP(ctx, e3, x[d + j]);                                                      \
                wf_mc_put(&dst[a + j], incl ? &p0 : &e0, sizeof(T), nts);                        \
                wf_mc_put(&dst[b + j], incl ? &p1 : &e1, sizeof(T), nts);                        \
                wf_mc_put(&dst[c + j], incl ? &p2 : &e2, sizeof(T), nts);                        \
                wf_mc_put(&dst[d + j], incl ? &p3 : &e3, sizeof(T), nts);                        \
            }                                                                                    \
        }                                                                                        \
        for (int64_t i = d + m; i < hi; i++) {                                                   \
            T e = fl[i - fb] ? ne.v : p3;                                                        \
            p3 = OP(ctx, e, x[i]);                                                               \
            wf_mc_put(&dst[i], incl ? &p3 : &e, sizeof(T), nts);                                 \
        }                                                                                        \
    }                                                                                            \
    WF_MC_FN void name##_core_scan4(const void *ctx, name##_fv ne, int incl,                     \
                                    struct name##_src src, T *dst, int64_t lo, int64_t hi,       \
                                    const name##_fv s[4], name##_fv carry, int64_t pf,           \
                                    int64_t pf_end, int stream) {                                \
        stream = stream && WF_MC_STREAM_GENERIC;                                                 \
        const bool *fl = src.flags;                                                              \
        int64_t fb = 0;                                                                          \
        bool local[WF_MC__SEG_LOCAL];                                                            \
        if (!fl) { /* offsets: this block's flags, on the stack (a block has <= blk elements) */ \
            memset(local, 0, (size_t)(hi - lo));                                                 \
            for (int64_t g = wf_mc_lower_bound(src.off, 0, src.nseg, lo);                        \
                 g < src.nseg && src.off[g] < hi; g++)                                           \
                local[src.off[g] - lo] = true;                                                   \
            fl = local;                                                                          \
            fb = lo;                                                                             \
        }                                                                                        \
        if (incl && stream) name##_core_scan4b(ctx, ne, 1, src.in, fl, fb, dst, lo, hi, s, carry, pf, pf_end, 1); \
        else if (incl) name##_core_scan4b(ctx, ne, 1, src.in, fl, fb, dst, lo, hi, s, carry, pf, pf_end, 0); \
        else if (stream) name##_core_scan4b(ctx, ne, 0, src.in, fl, fb, dst, lo, hi, s, carry, pf, pf_end, 1); \
        else name##_core_scan4b(ctx, ne, 0, src.in, fl, fb, dst, lo, hi, s, carry, pf, pf_end, 0); \
        if (stream) wf_mc_sfence();                                                              \
    }                                                                                            \
    WF_MC__SCAN_DRIVER_DEFINE(name##_core, name##_fv, name##_lop, struct name##_src, T *,        \
                              name##_core_scan4)                                                 \
    WF_MC_FN int name##_flags(int nthreads, const void *ctx, T ne, int incl, int64_t n,    \
                                   const T *in, const bool *flags, T *out) {                     \
        name##_fv lne;                                                                           \
        lne.v = ne;                                                                              \
        lne.f = 0;                                                                               \
        struct name##_src src = {in, flags, NULL, 0};                                            \
        return name##_core(nthreads, ctx, lne, incl, n, src, out, NULL);                         \
    }                                                                                            \
    WF_MC_FN int name##_offsets(int nthreads, const void *ctx, T ne, int incl,             \
                                     int64_t nseg, const int64_t *offsets, const T *in, T *out) { \
        int64_t n = nseg > 0 ? offsets[nseg] : 0;                                                \
        name##_fv lne;                                                                           \
        lne.v = ne;                                                                              \
        lne.f = 0;                                                                               \
        struct name##_src src = {in, NULL, offsets, nseg};                                       \
        return name##_core(nthreads, ctx, lne, incl, n, src, out, NULL);                         \
    }

/* First index s in [lo, hi) with a[s] >= key, or hi. */
WF_MC_FN int64_t wf_mc_lower_bound(const int64_t *a, int64_t lo, int64_t hi, int64_t key) {
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (a[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* Index of the last nonzero flag in [lo, hi), or -1; 8 bytes at a time. */
WF_MC_FN int64_t wf_mc_last_flag(const bool *fl, int64_t lo, int64_t hi) {
    int64_t i = hi;
    while (i - lo >= 8) {
        uint64_t w;
        memcpy(&w, fl + i - 8, 8);
        if (w) break;
        i -= 8;
    }
    for (int64_t k = i - 1; k >= lo; k--)
        if (fl[k]) return k;
    return -1;
}

/* Start of the last segment starting in [lo, hi) (nondecreasing off[0..nseg)), or -1. */
WF_MC_FN int64_t wf_mc_last_offset(const int64_t *off, int64_t nseg, int64_t lo, int64_t hi) {
    int64_t s = wf_mc_lower_bound(off, 0, nseg, hi) - 1;
    return s >= 0 && off[s] >= lo ? off[s] : -1;
}

/* ======================================================================================
 * Segmented reduce.  WF_MC_SEGREDUCE_DEFINE(name, T, OP) defines
 *   name(nthreads, ctx, ne, nseg, offsets, in, out): out[s] = ne (+) reduction of segment s,
 *   segments as in name##_offsets above (empty ones give ne).
 * Threads split the elements, not the segments: each reduces the segments starting in its
 * range directly and leaves at most two partial pieces (the segment running in from the left,
 * the one running out to the right), combined in order afterwards.  So many short segments and
 * a few long ones are both split evenly.
 * ====================================================================================== */
#define WF_MC_SEGREDUCE_DEFINE(name, T, OP)                                                      \
    WF_MC__BLOCK_DEFINE(name##_b, T, OP, const T *, WF_MC_LOAD_IDX, T *, WF_MC_STORE_IDX,        \
                        WF_MC_STORE_EX_IDX, WF_MC_PREFETCH_NONE)                                 \
    struct name##_piece { int64_t head_seg, tail_seg; int head_done; T head, tail;               \
                          char pad[64]; };                                                       \
    WF_MC_FN T name##_range(const void *ctx, T ne, const T *in, int64_t lo, int64_t hi) {   \
        if (hi - lo < 64) {                                                                      \
            T r = ne;                                                                            \
            for (int64_t i = lo; i < hi; i++) r = OP(ctx, r, in[i]);                             \
            return r;                                                                            \
        }                                                                                        \
        T s[4];                                                                                  \
        name##_b_red4(ctx, ne, in, lo, hi, s);                                                   \
        T r = OP(ctx, s[0], s[1]);                                                               \
        r = OP(ctx, r, s[2]);                                                                    \
        return OP(ctx, r, s[3]);                                                                 \
    }                                                                                            \
    WF_MC_FN void name##_part(const void *ctx, T ne, int64_t nseg, const int64_t *off,      \
                                   const T *in, T *out, int64_t lo, int64_t hi, int last,        \
                                   struct name##_piece *pc) {                                    \
        pc->head_seg = pc->tail_seg = -1;                                                        \
        pc->head_done = 0;                                                                       \
        int64_t s = wf_mc_lower_bound(off, 0, nseg, lo);                                         \
        int64_t s_end = last ? nseg : wf_mc_lower_bound(off, s, nseg, hi);                       \
        if (s > 0 && lo < hi && (s == nseg || off[s] > lo)) { /* segment s-1 runs in */          \
            int64_t e = s == nseg || off[s] > hi ? hi : off[s];                                  \
            pc->head_seg = s - 1;                                                                \
            pc->head = name##_range(ctx, ne, in, lo, e);                                         \
            pc->head_done = off[s] <= hi;                                                        \
        }                                                                                        \
        for (; s < s_end; s++) {                                                                 \
            int64_t b = off[s], e = off[s + 1];                                                  \
            if (e <= hi) {                                                                       \
                out[s] = OP(ctx, ne, name##_range(ctx, ne, in, b, e));                           \
            } else {                                                                             \
                pc->tail_seg = s;                                                                \
                pc->tail = name##_range(ctx, ne, in, b, hi);                                     \
            }                                                                                    \
        }                                                                                        \
    }                                                                                            \
    WF_MC_FN int name(int nthreads, const void *ctx, T ne, int64_t nseg,                   \
                           const int64_t *off, const T *in, T *out) {                            \
        if (nseg <= 0) return 0;                                                                 \
        const int64_t n = off[nseg];                                                             \
        int nt = wf_mc_threads_for(nthreads, n > nseg ? n : nseg);                               \
        struct name##_piece *pc = malloc(sizeof(struct name##_piece) * (size_t)nt);              \
        if (!pc) return -1;                                                                      \
        int used = nt;                                                                           \
        WF_MC_OMP(omp parallel num_threads(nt))                                                  \
        {                                                                                        \
            const int t = wf_mc_tid(), tn = wf_mc_team();                                        \
            name##_part(ctx, ne, nseg, off, in, out, wf_mc_split(n, t, tn),                      \
                        wf_mc_split(n, t + 1, tn), t == tn - 1, &pc[t]);                         \
            if (t == 0) used = tn;                                                               \
        }                                                                                        \
        int64_t pend = -1;                                                                       \
        T acc = ne;                                                                              \
        for (int u = 0; u < used; u++) {                                                         \
            if (pc[u].head_seg >= 0) {                                                           \
                acc = OP(ctx, acc, pc[u].head);                                                  \
                if (pc[u].head_done) { out[pend] = acc; pend = -1; }                             \
            }                                                                                    \
            if (pc[u].tail_seg >= 0) { pend = pc[u].tail_seg; acc = OP(ctx, ne, pc[u].tail); }   \
        }                                                                                        \
        free(pc);                                                                                \
        return 0;                                                                                \
    }

/* ======================================================================================
 * Histogram (reduce_by_index).  WF_MC_HIST_DEFINE(name, T, OP) defines
 *   name(nthreads, ctx, ne, mode, nbins, hist, n, idx, vals):
 *       for each i with 0 <= idx[i] < nbins: hist[idx[i]] = hist[idx[i]] (+) vals[i].
 *   OP must be associative and commutative (updates are applied in no particular order).
 * mode: WF_MC_HIST_AUTO picks by size; PRIVATE gives each thread its own copy of the bins,
 * merged at the end (small histograms); ATOMIC updates bins with compare-and-swap loops on
 * the bit pattern (T of 4 or 8 bytes, naturally aligned: any operator); LOCKED guards bins
 * with WF_MC_HIST_LOCKS striped spin locks (any T).  ATOMIC on other types falls back to LOCKED.
 * ====================================================================================== */
/* words that may alias any T, for the compare-and-swap loops */
typedef uint32_t wf_mc_u32a __attribute__((may_alias));
typedef uint64_t wf_mc_u64a __attribute__((may_alias));
enum { WF_MC_HIST_AUTO, WF_MC_HIST_PRIVATE, WF_MC_HIST_ATOMIC, WF_MC_HIST_LOCKED };

WF_MC_FN void wf_mc_lock(unsigned char *l) {
    for (unsigned spins = 1; __atomic_test_and_set(l, __ATOMIC_ACQUIRE); spins++) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
        if ((spins & 127) == 0) sched_yield();
    }
}
WF_MC_FN void wf_mc_unlock(unsigned char *l) { __atomic_clear(l, __ATOMIC_RELEASE); }

#define WF_MC_HIST_DEFINE(name, T, OP)                                                           \
    WF_MC_FN int name##_mode(int mode, int nt, int64_t nbins, int64_t n) {                  \
        int can_atomic = (sizeof(T) == 4 || sizeof(T) == 8) && _Alignof(T) == sizeof(T);         \
        if (mode == WF_MC_HIST_AUTO) {                                                           \
            if ((double)nbins * sizeof(T) <= WF_MC_HIST_PRIV_BYTES && nbins * (int64_t)nt <= n)  \
                mode = WF_MC_HIST_PRIVATE;                                                       \
            else                                                                                 \
                mode = can_atomic ? WF_MC_HIST_ATOMIC : WF_MC_HIST_LOCKED;                       \
        }                                                                                        \
        if (mode == WF_MC_HIST_ATOMIC && !can_atomic) mode = WF_MC_HIST_LOCKED;                  \
        return mode;                                                                             \
    }                                                                                            \
    WF_MC_FN int name(int nthreads, const void *ctx, T ne, int mode, int64_t nbins,        \
                           T *hist, int64_t n, const int64_t *idx, const T *vals) {              \
        (void)ctx;                                                                               \
        int nt = wf_mc_threads_for(nthreads, n);                                                 \
        if (nt <= 1) {                                                                           \
            for (int64_t i = 0; i < n; i++) {                                                    \
                int64_t b = idx[i];                                                              \
                if (b >= 0 && b < nbins) hist[b] = OP(ctx, hist[b], vals[i]);                    \
            }                                                                                    \
            return 0;                                                                            \
        }                                                                                        \
        mode = name##_mode(mode, nt, nbins, n);                                                  \
        if (mode == WF_MC_HIST_PRIVATE) {                                                        \
            T *priv = malloc(sizeof(T) * (size_t)nbins * (size_t)nt + 1);                        \
            if (!priv) return -1;                                                                \
            WF_MC_OMP(omp parallel num_threads(nt))                                              \
            {                                                                                    \
                const int t = wf_mc_tid(), tn = wf_mc_team();                                    \
                T *h = priv + (size_t)t * (size_t)nbins;                                         \
                for (int64_t b = 0; b < nbins; b++) h[b] = ne;                                   \
                for (int64_t i = wf_mc_split(n, t, tn); i < wf_mc_split(n, t + 1, tn); i++) {    \
                    int64_t b = idx[i];                                                          \
                    if (b >= 0 && b < nbins) h[b] = OP(ctx, h[b], vals[i]);                      \
                }                                                                                \
                WF_MC_OMP(omp barrier)                                                           \
                for (int64_t b = wf_mc_split(nbins, t, tn); b < wf_mc_split(nbins, t + 1, tn);   \
                     b++) {                                                                      \
                    T r = hist[b];                                                               \
                    for (int u = 0; u < tn; u++) r = OP(ctx, r, priv[(size_t)u * nbins + b]);    \
                    hist[b] = r;                                                                 \
                }                                                                                \
            }                                                                                    \
            free(priv);                                                                          \
            return 0;                                                                            \
        }                                                                                        \
        if (mode == WF_MC_HIST_ATOMIC) {                                                         \
            WF_MC_OMP(omp parallel for num_threads(nt) schedule(static))                         \
            for (int64_t i = 0; i < n; i++) {                                                    \
                int64_t b = idx[i];                                                              \
                if (b < 0 || b >= nbins) continue;                                               \
                if (sizeof(T) == 4) {                                                            \
                    wf_mc_u32a *w = (wf_mc_u32a *)(void *)&hist[b];                              \
                    union { T t; uint32_t w; } o, u;                                             \
                    o.w = __atomic_load_n(w, __ATOMIC_RELAXED);                                  \
                    do {                                                                         \
                        u.t = OP(ctx, o.t, vals[i]);                                             \
                    } while (!__atomic_compare_exchange_n(w, &o.w, u.w, 1, __ATOMIC_RELAXED,     \
                                                          __ATOMIC_RELAXED));                    \
                } else {                                                                         \
                    wf_mc_u64a *w = (wf_mc_u64a *)(void *)&hist[b];                              \
                    union { T t; uint64_t w; } o, u;                                             \
                    o.w = __atomic_load_n(w, __ATOMIC_RELAXED);                                  \
                    do {                                                                         \
                        u.t = OP(ctx, o.t, vals[i]);                                             \
                    } while (!__atomic_compare_exchange_n(w, &o.w, u.w, 1, __ATOMIC_RELAXED,     \
                                                          __ATOMIC_RELAXED));                    \
                }                                                                                \
            }                                                                                    \
            return 0;                                                                            \
        }                                                                                        \
        unsigned char *locks = calloc(WF_MC_HIST_LOCKS, 64);                                     \
        if (!locks) return -1;                                                                   \
        WF_MC_OMP(omp parallel for num_threads(nt) schedule(static))                             \
        for (int64_t i = 0; i < n; i++) {                                                        \
            int64_t b = idx[i];                                                                  \
            if (b < 0 || b >= nbins) continue;                                                   \
            unsigned char *l = locks + 64 * ((uint64_t)b & (WF_MC_HIST_LOCKS - 1));              \
            wf_mc_lock(l);                                                                       \
            hist[b] = OP(ctx, hist[b], vals[i]);                                                 \
            wf_mc_unlock(l);                                                                     \
        }                                                                                        \
        free(locks);                                                                             \
        return 0;                                                                                \
    }

/* ======================================================================================
 * Partition and filter (stable).  WF_MC_PARTITION_DEFINE(name, T, PRED) defines
 *   name(nthreads, ctx, n, in, out, ntrue): out = elements with PRED true, then those with it
 *       false, each group in input order; *ntrue = size of the first group.
 *   name##_filter(nthreads, ctx, n, in, out, ntrue): only the first group.
 * PRED(ctx, x) is an int-valued expression; it is evaluated twice per element.
 * ====================================================================================== */
#define WF_MC_PARTITION_DEFINE(name, T, PRED)                                                    \
    struct name##_slot { int64_t c; char pad[64]; };                                             \
    WF_MC_FN int name##_gen(int nthreads, const void *ctx, int64_t n, const T *in,         \
                                 T *out, int64_t *ntrue, int keep_false) {                       \
        (void)ctx;                                                                               \
        int nt = wf_mc_threads_for(nthreads, n);                                                 \
        struct name##_slot *cnt = malloc(sizeof(struct name##_slot) * (size_t)(nt + 1));         \
        if (!cnt) return -1;                                                                     \
        WF_MC_OMP(omp parallel num_threads(nt))                                                  \
        {                                                                                        \
            const int t = wf_mc_tid(), tn = wf_mc_team();                                        \
            const int64_t lo = wf_mc_split(n, t, tn), hi = wf_mc_split(n, t + 1, tn);            \
            int64_t c = 0;                                                                       \
            for (int64_t i = lo; i < hi; i++) c += PRED(ctx, in[i]) != 0;                        \
            cnt[t].c = c;                                                                        \
            WF_MC_OMP(omp barrier)                                                               \
            int64_t tot = 0, pt = 0;                                                             \
            for (int u = 0; u < tn; u++) { if (u == t) pt = tot; tot += cnt[u].c; }              \
            int64_t pf = tot + (lo - pt); /* falses before lo: lo - pt */                        \
            if (keep_false) {                                                                    \
                for (int64_t i = lo; i < hi; i++) {                                              \
                    if (PRED(ctx, in[i])) out[pt++] = in[i]; else out[pf++] = in[i];             \
                }                                                                                \
            } else {                                                                             \
                for (int64_t i = lo; i < hi; i++)                                                \
                    if (PRED(ctx, in[i])) out[pt++] = in[i];                                     \
            }                                                                                    \
            if (t == tn - 1) cnt[nt].c = tot;                                                    \
        }                                                                                        \
        if (ntrue) *ntrue = cnt[nt].c;                                                           \
        free(cnt);                                                                               \
        return 0;                                                                                \
    }                                                                                            \
    WF_MC_FN int name(int nthreads, const void *ctx, int64_t n, const T *in, T *out,       \
                           int64_t *ntrue) {                                                     \
        return name##_gen(nthreads, ctx, n, in, out, ntrue, 1);                                  \
    }                                                                                            \
    WF_MC_FN int name##_filter(int nthreads, const void *ctx, int64_t n, const T *in,      \
                                    T *out, int64_t *ntrue) {                                    \
        return name##_gen(nthreads, ctx, n, in, out, ntrue, 0);                                  \
    }

/* ======================================================================================
 * Scatter.  WF_MC_SCATTER_DEFINE(name, T) defines
 *   name(nthreads, dst, dst_n, n, idx, vals): dst[idx[i]] = vals[i] where 0 <= idx[i] < dst_n.
 *   With duplicate indices, which write wins is unspecified (as in Futhark).
 * ====================================================================================== */
#define WF_MC_SCATTER_DEFINE(name, T)                                                            \
    WF_MC_FN int name(int nthreads, T *dst, int64_t dst_n, int64_t n, const int64_t *idx,  \
                           const T *vals) {                                                      \
        int nt = wf_mc_threads_for(nthreads, n);                                                 \
        (void)nt;                                                                                \
        WF_MC_OMP(omp parallel for num_threads(nt) schedule(static))                             \
        for (int64_t i = 0; i < n; i++) {                                                        \
            int64_t j = idx[i];                                                                  \
            if (j >= 0 && j < dst_n) dst[j] = vals[i];                                           \
        }                                                                                        \
        return 0;                                                                                \
    }

#endif /* WF_MC_H */
