/* cuda_kernels.cuh — the device side of weft's CUDA backend (src/backend/cuda): pasted by
 * `weft cuda` at the top of the generated OUT.cu, before the program's kernels.
 *
 * A segop that src/backend/cuda/kernels.c runs as a kernel (docs/BACKENDS.md, "weft cuda") is
 * described by a generated "spec" struct S with
 *   typedef ... Scan, Red;                  accumulator tuples (wfk_none when absent)
 *   int64_t w;                              the number of iterations
 *   int elem(ctx, i, Scan *, Red *) const   iteration i: the map lambda; stores its map results,
 *                                           returns the operands of the scan and reduce operators
 *   int scan_op(ctx, a, b, Scan *) const, red_op(...)   the operators (any associative one: the
 *                                           kernels never reorder operands)
 *   Scan scan_ne() const, Red red_ne() const
 *   void scan_store(i, Scan) const          stores the scan results of iteration i
 * Every function returns 0, or 1 after recording a failure with wf_error (the first failure of
 * a launch is kept in a wfk_ctx in device memory; the host reports it with its location).
 *
 * The kernels:
 *   wfk_map_kernel     one thread per iteration (grid-stride)
 *   wfk_reduce_kernel  each block folds a contiguous range: operators that commute exactly
 *                      (S::comm) striped, thread t every blockDim-th element; others in order,
 *                      each warp its share tile by tile (lane runs, an ordered tree of
 *                      shuffles); the warps' folds in order at the end.  A second launch with
 *                      one block folds the per-block results
 *   wfk_scan_kernel    single-pass scan with decoupled look-back: tiles taken in order from an
 *                      atomic counter; a tile is computed coalesced into shared memory, each
 *                      thread scans its run of consecutive elements, the block scans the run
 *                      totals (warp shuffles), warp 0 finds the tile's prefix from its
 *                      predecessors' published aggregates / inclusive prefixes, 32 at a time,
 *                      and the tile is stored coalesced.
 */
#include <stdint.h>
#include <string.h>
#include <math.h>

#pragma nv_diag_suppress 177 /* unused static functions of wf_scalar.h */
#include "wf_scalar.h"

#define WF_U __attribute__((unused))
#define WF_FAIL(e) return (e)

struct wfk_none {};

/* The first failure of a launch. */
struct wfk_ctx {
    int flag;
    char loc[128];
    char msg[384];
};

__device__ static void wfk_copy_str(char *dst, const char *src, int cap) {
    int k = 0;
    for (; src && src[k] && k < cap - 1; k++)
        dst[k] = src[k];
    dst[k] = 0;
}

__device__ static int wfk_record(wfk_ctx *ctx, const char *loc, const char *msg) {
    if (atomicCAS(&ctx->flag, 0, -1) == 0) {
        wfk_copy_str(ctx->loc, loc, (int)sizeof ctx->loc);
        wfk_copy_str(ctx->msg, msg, (int)sizeof ctx->msg);
        __threadfence();
        atomicExch(&ctx->flag, 1);
    }
    return 1;
}

/* wf_error as generated scalar code calls it: a "%s" format takes its message from the first
 * argument; other formats are recorded as written (their numbers are not filled in). */
__device__ static int wf_error(wfk_ctx *ctx, const char *loc, const char *fmt) { return wfk_record(ctx, loc, fmt); }
__device__ static int wf_error(wfk_ctx *ctx, const char *loc, const char *fmt, const char *s) {
    return wfk_record(ctx, loc, fmt[0] == '%' && fmt[1] == 's' && !fmt[2] ? s : fmt);
}
template <typename A, typename... R>
__device__ static int wf_error(wfk_ctx *ctx, const char *loc, const char *fmt, A, R...) {
    return wfk_record(ctx, loc, fmt);
}

__device__ static char *wfk_put_int(char *p, char *end, long long v) {
    char tmp[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0 && p < end)
        *p++ = '-';
    while (n && p < end)
        *p++ = tmp[--n];
    return p;
}

__device__ static char *wfk_put_str(char *p, char *end, const char *s) {
    while (*s && p < end)
        *p++ = *s++;
    return p;
}

/* "Index [i, j] out of bounds for array of shape [n][m].", as the C backend (rts/flat.h) words it:
 * the shape of the indexed dimensions. */
__device__ __noinline__ static int wfk_oob(wfk_ctx *ctx, const char *loc, int n, const int64_t *idx, int rank,
                                           const int64_t *shape) {
    char buf[256];
    char *p = buf, *end = buf + sizeof buf - 1;
    p = wfk_put_str(p, end, "Index [");
    for (int k = 0; k < n; k++) {
        if (k)
            p = wfk_put_str(p, end, ", ");
        p = wfk_put_int(p, end, (long long)idx[k]);
    }
    p = wfk_put_str(p, end, "] out of bounds for array of shape ");
    for (int k = 0; k < (n < rank ? n : rank); k++) {
        p = wfk_put_str(p, end, "[");
        p = wfk_put_int(p, end, (long long)shape[k]);
        p = wfk_put_str(p, end, "]");
    }
    p = wfk_put_str(p, end, ".");
    *p = 0;
    return wfk_record(ctx, loc, buf);
}

/* ---- map ---- */

/* The points of a map kernel, grid-stride (this kernel's and rts/flat_dev.cuh's segmaps). */
template <class S>
__device__ __forceinline__ void wfk_map_points(wfk_ctx *ctx, const S &s) {
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < s.w; i += stride) {
        typename S::Scan sc;
        typename S::Red rd;
        if (s.elem(ctx, i, &sc, &rd))
            return;
    }
}

template <class S>
__global__ void wfk_map_kernel(wfk_ctx *ctx, S s) {
    wfk_map_points(ctx, s);
}

/* A shuffle of a value of any type, word by word: shfl moves one 32-bit word. */
template <class T, class F>
__device__ static T wfk_shfl_words(const T &v, F shfl) {
    constexpr int W = (int)((sizeof(T) + 3) / 4);
    int w[W];
    w[W - 1] = 0;
    memcpy(w, &v, sizeof(T));
    for (int k = 0; k < W; k++)
        w[k] = shfl(w[k]);
    T r;
    memcpy(&r, w, sizeof(T));
    return r;
}

/* __shfl_up_sync, __shfl_sync (lane src's value), __shfl_down_sync and __shfl_xor_sync of a value
 * of any type. */
template <class T>
__device__ static T wfk_shfl_up(const T &v, int d) {
    return wfk_shfl_words(v, [d](int x) { return __shfl_up_sync(0xffffffffu, x, d); });
}
template <class T>
__device__ static T wfk_shfl_idx(const T &v, int src) {
    return wfk_shfl_words(v, [src](int x) { return __shfl_sync(0xffffffffu, x, src); });
}
template <class T>
__device__ static T wfk_shfl_down(const T &v, int d) {
    return wfk_shfl_words(v, [d](int x) { return __shfl_down_sync(0xffffffffu, x, d); });
}
template <class T>
__device__ static T wfk_shfl_xor(const T &v, int d) {
    return wfk_shfl_words(v, [d](int x) { return __shfl_xor_sync(0xffffffffu, x, d); });
}

/* ---- reduce ---- */

/* Fold buf[0, n) in order into buf[0] (all threads of the block call it). */
template <class S, class T>
__device__ static void wfk_block_fold(wfk_ctx *ctx, const S &s, T *buf, int n) {
    for (int d = 1; d < n; d *= 2) {
        int t = (int)threadIdx.x;
        if (t % (2 * d) == 0 && t + d < n) {
            T r;
            if (!s.red_op(ctx, buf[t], buf[t + d], &r))
                buf[t] = r;
        }
        __syncthreads();
    }
}

/* Items per thread and tile of the reduce kernel. */
#define WFK_RED_ITEMS 8
#ifndef WFK_RED_BATCH
#define WFK_RED_BATCH 4 /* the operands a thread loads before folding them (wfk_fold_striped) */
#endif

/* Whether spec S's reduction operators commute exactly (S::comm, where the spec has one:
 * integer +, *, min, max, and, or, xor, componentwise; never floats), so that its operands may
 * be folded in any order. */
template <class S, class = void>
struct wfk_commutes {
    static constexpr bool value = false;
};
template <class S>
struct wfk_commutes<S, decltype((void)S::comm)> {
    static constexpr bool value = S::comm;
};

/* The 32 lanes' values x folded in lane order, into lane 0: an ordered tree of shuffles. */
template <class S, class T>
__device__ static T wfk_warp_reduce(wfk_ctx *ctx, const S &s, T x) {
    int lane = (int)threadIdx.x & 31;
    for (int d = 1; d < 32; d *= 2) {
        T y = wfk_shfl_down(x, d), r;
        if ((lane & (2 * d - 1)) == 0 && !s.red_op(ctx, x, y, &r))
            x = r;
    }
    return x;
}

/* x folded into acc by s's operator (acc kept when it fails: the failure is recorded). */
template <class S, class T>
__device__ static void wfk_fold_into(wfk_ctx *ctx, const S &s, T &acc, const T &x) {
    T r;
    if (!s.red_op(ctx, acc, x, &r))
        acc = r;
}

/* The warps' values (lane 0's x of every warp) folded in warp order, into thread 0, through
 * buf (one slot per warp). */
template <class S, class T>
__device__ static T wfk_warps_fold(wfk_ctx *ctx, const S &s, T x, T *buf) {
    int t = (int)threadIdx.x, warps = (int)blockDim.x / 32;
    if ((t & 31) == 0)
        buf[t >> 5] = x;
    __syncthreads();
    if (t == 0)
        for (int w = 1; w < warps; w++)
            wfk_fold_into(ctx, s, x, buf[w]);
    __syncthreads();
    return x;
}

/* Operands that commute: thread t folds iterations lo + t, lo + t + blockDim, ... (every load
 * of a warp is 32 neighbours), a batch at a time; one fold across the block at the end. */
template <class S>
__device__ static typename S::Red wfk_fold_striped(wfk_ctx *ctx, const S &s, int64_t lo, int64_t hi,
                                                   typename S::Red *buf) {
    typedef typename S::Red T;
    const int B = WFK_RED_BATCH;
    int64_t bs = blockDim.x;
    T x = s.red_ne();
    for (int64_t i0 = lo + threadIdx.x; i0 < hi; i0 += B * bs) {
        T y[B];
        bool ok[B];
#pragma unroll
        for (int k = 0; k < B; k++) {
            typename S::Scan sc;
            int64_t i = i0 + k * bs;
            ok[k] = i < hi && s.elem(ctx, i, &sc, &y[k]) == 0;
        }
#pragma unroll
        for (int k = 0; k < B; k++)
            if (ok[k])
                wfk_fold_into(ctx, s, x, y[k]);
    }
    return wfk_warps_fold(ctx, s, wfk_warp_reduce(ctx, s, x), buf);
}

/* Operands in order: warp w folds its contiguous share of [lo, hi) tile by tile (lane l a run of
 * WFK_RED_ITEMS consecutive iterations, then an ordered tree of shuffles into the warp's
 * running fold), and the warps' folds are folded in warp order: no barrier until the end. */
template <class S>
__device__ static typename S::Red wfk_fold_ordered(wfk_ctx *ctx, const S &s, int64_t lo, int64_t hi,
                                                   typename S::Red *buf) {
    typedef typename S::Red T;
    const int64_t tile = 32 * WFK_RED_ITEMS;
    int lane = (int)threadIdx.x & 31, warps = (int)blockDim.x / 32;
    int64_t share = (hi - lo + warps - 1) / warps;
    share = (share + tile - 1) / tile * tile;
    int64_t wlo = lo + (threadIdx.x >> 5) * share, whi = wlo + share < hi ? wlo + share : hi;
    T acc = s.red_ne();
    for (int64_t base = wlo; base < whi; base += tile) {
        T x = s.red_ne();
        for (int k = 0; k < WFK_RED_ITEMS; k++) {
            int64_t i = base + (int64_t)lane * WFK_RED_ITEMS + k;
            typename S::Scan sc;
            T y;
            if (i < whi && s.elem(ctx, i, &sc, &y) == 0)
                wfk_fold_into(ctx, s, x, y);
        }
        x = wfk_warp_reduce(ctx, s, x);
        if (lane == 0)
            wfk_fold_into(ctx, s, acc, x);
    }
    return wfk_warps_fold(ctx, s, acc, buf);
}

/* The block folds iterations [lo, hi) of s, in order unless its operators commute exactly
 * (buf: blockDim elements of shared memory).  The result is thread 0's; every thread must
 * call.  A block of a size that is no multiple of 32 folds tile by tile through buf. */
template <class S>
__device__ static typename S::Red wfk_block_fold_range(wfk_ctx *ctx, const S &s, int64_t lo, int64_t hi,
                                                       typename S::Red *buf) {
    typedef typename S::Red T;
    int t = (int)threadIdx.x, bs = (int)blockDim.x;
    if (bs % 32 == 0) {
        if constexpr (wfk_commutes<S>::value)
            return wfk_fold_striped(ctx, s, lo, hi, buf);
        else
            return wfk_fold_ordered(ctx, s, lo, hi, buf);
    }
    T acc = s.red_ne();
    for (int64_t base = lo; base < hi; base += (int64_t)bs * WFK_RED_ITEMS) {
        T x = s.red_ne();
        for (int k = 0; k < WFK_RED_ITEMS; k++) {
            int64_t i = base + (int64_t)t * WFK_RED_ITEMS + k;
            if (i < hi) {
                typename S::Scan sc;
                T y;
                if (s.elem(ctx, i, &sc, &y) == 0)
                    wfk_fold_into(ctx, s, x, y);
            }
        }
        buf[t] = x;
        __syncthreads();
        wfk_block_fold(ctx, s, buf, bs);
        if (t == 0)
            wfk_fold_into(ctx, s, acc, buf[0]);
        __syncthreads();
    }
    return acc;
}

/* The block folds the values in[0, n) in order; the result is thread 0's. */
template <class S>
__device__ static typename S::Red wfk_block_fold_values(wfk_ctx *ctx, const S &s, const typename S::Red *in,
                                                        int64_t n, typename S::Red *buf) {
    typedef typename S::Red T;
    int t = (int)threadIdx.x, bs = (int)blockDim.x;
    T acc = s.red_ne();
    for (int64_t base = 0; base < n; base += bs) {
        buf[t] = base + t < n ? in[base + t] : s.red_ne();
        __syncthreads();
        wfk_block_fold(ctx, s, buf, bs);
        if (t == 0) {
            T r;
            if (!s.red_op(ctx, acc, buf[0], &r))
                acc = r;
        }
        __syncthreads();
    }
    return acc;
}

/* Block b folds iterations [b*chunk, min(w, (b+1)*chunk)) into out[b]. */
template <class S>
__global__ void wfk_reduce_kernel(wfk_ctx *ctx, S s, int64_t chunk, typename S::Red *out) {
    typedef typename S::Red T;
    extern __shared__ unsigned char wfk_smem[];
    int64_t lo = (int64_t)blockIdx.x * chunk, hi = lo + chunk < s.w ? lo + chunk : s.w;
    T acc = wfk_block_fold_range(ctx, s, lo, hi, (T *)wfk_smem);
    if (threadIdx.x == 0)
        out[blockIdx.x] = acc;
}

/* The second step: one block folds in[0, n) into out[0]. */
template <class S>
__global__ void wfk_reduce_final(wfk_ctx *ctx, S s, const typename S::Red *in, int64_t n, typename S::Red *out) {
    typedef typename S::Red T;
    extern __shared__ unsigned char wfk_smem[];
    T acc = wfk_block_fold_values(ctx, s, in, n, (T *)wfk_smem);
    if (threadIdx.x == 0)
        *out = acc;
}

/* ---- scan ---- */

/* What a tile publishes for its successors: flag 0 nothing yet, 1 its aggregate (agg), 2 its
 * inclusive prefix (incl).  Values are written before the flag (with a fence) and read after
 * it, through volatile word copies that bypass the L1 cache. */
template <class T>
struct wfk_tile {
    int flag;
    T agg, incl;
};

template <class T>
__device__ static void wfk_vload(T *dst, const T *src) {
    if constexpr (sizeof(T) % 4 == 0) {
        const volatile int *s = (const volatile int *)src;
        int *d = (int *)dst;
        for (unsigned k = 0; k < sizeof(T) / 4; k++)
            d[k] = s[k];
    } else {
        const volatile char *s = (const volatile char *)src;
        char *d = (char *)dst;
        for (unsigned k = 0; k < sizeof(T); k++)
            d[k] = s[k];
    }
}
template <class T>
__device__ static void wfk_vstore(T *dst, const T *src) {
    if constexpr (sizeof(T) % 4 == 0) {
        volatile int *d = (volatile int *)dst;
        const int *s = (const int *)src;
        for (unsigned k = 0; k < sizeof(T) / 4; k++)
            d[k] = s[k];
    } else {
        volatile char *d = (volatile char *)dst;
        const char *s = (const char *)src;
        for (unsigned k = 0; k < sizeof(T); k++)
            d[k] = s[k];
    }
}

/* Shared-memory index with one pad slot per 32 elements (fewer bank conflicts when each
 * thread walks its own run). */
__device__ static inline int wfk_pad(int i) { return i + (i >> 5); }

template <class S, class T>
__device__ static void wfk_publish(wfk_tile<T> *st, int64_t tile, const T &v, int flag) {
    wfk_vstore(flag == 2 ? &st[tile].incl : &st[tile].agg, &v);
    __threadfence();
    atomicExch(&st[tile].flag, flag);
}

/* The 32 lanes' values x (those of lanes below `first` left out) folded in lane order, into
 * lane 0: a tree of shuffles, each lane 2d*k combining its run with the next lane's — 5 steps
 * instead of 31 operator applications by one lane. */
template <class S, class T>
__device__ static T wfk_warp_fold(wfk_ctx *ctx, const S &s, T x, int first) {
    int lane = (int)threadIdx.x & 31;
    bool have = lane >= first;
    for (int d = 1; d < 32; d *= 2) {
        T y = wfk_shfl_down(x, d);
        bool y_have = __shfl_down_sync(0xffffffffu, have, d) && lane + d < 32;
        if ((lane & (2 * d - 1)) == 0 && y_have) {
            T r;
            if (!have)
                x = y;
            else if (!s.scan_op(ctx, x, y, &r))
                x = r;
            have = true;
        }
    }
    return x;
}

/* The inclusive scan of x over the block's threads, in thread order (every thread calls it):
 * in each warp by shuffles, then across the warps' totals in win (32 entries of shared memory,
 * in use until the caller's next barrier); ne pads the missing warps. */
template <class S, class T>
__device__ static T wfk_block_scan(wfk_ctx *ctx, const S &s, T x, T *win, const T &ne) {
    int t = (int)threadIdx.x, lane = t & 31, warp = t >> 5, nwarps = (int)blockDim.x >> 5;
    for (int d = 1; d < 32; d *= 2) {
        T y = wfk_shfl_up(x, d), r;
        if (lane >= d && !s.scan_op(ctx, y, x, &r))
            x = r;
    }
    if (lane == 31)
        win[warp] = x;
    __syncthreads();
    if (warp == 0) {
        T z = lane < nwarps ? win[lane] : ne;
        for (int d = 1; d < 32; d *= 2) {
            T y = wfk_shfl_up(z, d), r;
            if (lane >= d && lane < nwarps && !s.scan_op(ctx, y, z, &r))
                z = r;
        }
        if (lane < nwarps)
            win[lane] = z;
    }
    __syncthreads();
    if (warp > 0) {
        T r;
        if (!s.scan_op(ctx, win[warp - 1], x, &r))
            x = r;
    }
    return x;
}

/* The exclusive prefix of tile `tile` > 0, by the 32 lanes of warp 0 (the result is lane 0's):
 * publish the tile's aggregate, then look at the predecessors 32 at a time, newest first; each
 * lane waits for its tile's flag and loads its value; the warp folds the window from the newest
 * inclusive prefix in it (or from its first tile) on, and the walk stops at a window holding an
 * inclusive prefix.  Finally the tile's inclusive prefix is published.  (win: unused, kept for
 * the callers' shared-memory layout.) */
template <class S, class T>
__device__ static T wfk_look_back(wfk_ctx *ctx, const S &s, wfk_tile<T> *st, int64_t tile, const T &agg, T *win) {
    int lane = (int)threadIdx.x & 31;
    if (lane == 0)
        wfk_publish<S>(st, tile, agg, 1);
    T prefix = agg;
    bool have = false;
    for (int64_t end = tile;; end -= 32) {
        int64_t j = end - 32 + lane;
        int f = 0;
        T x = agg;
        if (j >= 0) {
            /* a plain volatile read with a back-off: spinning with atomics floods the L2 */
            for (unsigned ns = 8; (f = *(volatile int *)&st[j].flag) == 0; ns = ns < 256 ? 2 * ns : ns)
                __nanosleep(ns);
            __threadfence();
            wfk_vload(&win[lane], f == 2 ? &st[j].incl : &st[j].agg);
            x = win[lane];
        }
        unsigned incl = __ballot_sync(0xffffffffu, f == 2);
        int first = incl ? 31 - __clz((int)incl) : end < 32 ? (int)(32 - end) : 0;
        T w = wfk_warp_fold(ctx, s, x, first);
        if (lane == 0) {
            T r;
            if (!have)
                prefix = w;
            else if (!s.scan_op(ctx, w, prefix, &r))
                prefix = r;
            have = true;
        }
        __syncwarp();
        if (incl || end <= 32)
            break;
    }
    if (lane == 0) {
        T r;
        if (s.scan_op(ctx, prefix, agg, &r))
            r = agg;
        wfk_publish<S>(st, tile, r, 2);
    }
    return prefix;
}

template <class S>
__global__ void wfk_scan_kernel(wfk_ctx *ctx, S s, int items, wfk_tile<typename S::Scan> *st,
                                unsigned long long *counter) {
    typedef typename S::Scan T;
    extern __shared__ unsigned char wfk_smem[];
    int t = (int)threadIdx.x, bs = (int)blockDim.x, tile_n = bs * items;
    T *buf = (T *)wfk_smem;                          /* wfk_pad(tile_n) elements */
    T *tot = buf + wfk_pad(tile_n) + 1;              /* bs run totals, then the tile's prefix */
    T *win = tot + bs + 1;                           /* the look-back window: 32 values */
    __shared__ long long tile_sh;
    if (t == 0)
        tile_sh = (long long)atomicAdd(counter, 1ULL);
    __syncthreads();
    int64_t tile = tile_sh, base = tile * tile_n;
    int n = s.w - base < tile_n ? (int)(s.w - base) : tile_n;
    /* 1. the iterations of the tile, coalesced */
    for (int k = 0; k < items; k++) {
        int j = k * bs + t;
        if (j < n) {
            typename S::Red rd;
            T v;
            if (s.elem(ctx, base + j, &v, &rd))
                v = s.scan_ne();
            buf[wfk_pad(j)] = v;
        }
    }
    __syncthreads();
    /* 2. each thread scans its run [t*items, (t+1)*items) */
    int lo = t * items, hi = lo + items < n ? lo + items : n;
    T run = s.scan_ne();
    for (int j = lo; j < hi; j++) {
        T r;
        if (j == 0 && tile == 0) { /* the scan starts from the neutral element, as a fold does */
            if (s.scan_op(ctx, s.scan_ne(), buf[0], &r))
                r = buf[0];
        } else if (j == lo) {
            r = buf[wfk_pad(j)];
        } else if (s.scan_op(ctx, run, buf[wfk_pad(j)], &r)) {
            r = run;
        }
        run = r;
        buf[wfk_pad(j)] = r;
    }
    tot[t] = run;
    __syncthreads();
    /* 3. inclusive scan of the run totals: in each warp by shuffles, then across the warps'
     * totals (in win, free until the look-back) */
    T x = wfk_block_scan(ctx, s, run, win, s.scan_ne());
    tot[t] = x;
    __syncthreads();
    /* the tile's prefix (warp 0): look back, or publish tile 0's inclusive prefix */
    int last = (n + items - 1) / items;
    if (t < 32) {
        if (tile > 0) {
            T prefix = wfk_look_back(ctx, s, st, tile, tot[last - 1], win);
            if (t == 0)
                tot[bs] = prefix;
        } else if (t == 0) {
            wfk_publish<S>(st, 0, tot[last - 1], 2);
        }
    }
    __syncthreads();
    /* 4. each run gets the prefix of everything before it */
    if (lo < hi && (t > 0 || tile > 0)) {
        T pre;
        if (t == 0)
            pre = tot[bs];
        else if (tile == 0 || s.scan_op(ctx, tot[bs], tot[t - 1], &pre))
            pre = tot[t - 1];
        for (int j = lo; j < hi; j++) {
            T r;
            if (!s.scan_op(ctx, pre, buf[wfk_pad(j)], &r))
                buf[wfk_pad(j)] = r;
        }
    }
    __syncthreads();
    /* 5. store, coalesced */
    for (int k = 0; k < items; k++) {
        int j = k * bs + t;
        if (j < n)
            s.scan_store(base + j, buf[wfk_pad(j)]);
    }
}

/* Items per thread of the scan kernel for elements of `bytes` bytes (shared memory ~24 KiB). */
static inline int wfk_scan_items(size_t bytes, int bs) {
    int k = (int)(24576 / ((size_t)bs * (bytes ? bytes : 1)));
    return k < 1 ? 1 : k > 16 ? 16 : k;
}

/* ---- launching (called by the generated wfk_launch_N; return a cudaError_t) ---- */

/* The state the host passes, one per context (rts/cuda_rt.h has the same declaration): the
 * kernels' error slot, the block size, the context's stream (every launch goes on it) and its
 * wfk_cu_state (below).  Nothing on this side is global: several contexts, on one device or
 * several, each have their own. */
typedef struct {
    void *err; /* wfk_ctx in device memory */
    int block_size;
    cudaStream_t stream;
    void *cu; /* struct wfk_cu_state */
} wfk_launch;

/* What a launcher of block kernels keeps between calls (rts/flat_dev.cuh wfb_run): the block
 * memory the points used last time, the device's word where they report, global memory for
 * blocks that need more than the shared memory. */
struct wfb_state {
    int64_t bytes;
    unsigned long long *stat;
    char *global;
    int64_t global_cap;
};

/* One context's device-side state, made by wfk_cu_new on the context's device. */
struct wfk_cu_state {
    void *scratch; /* wfk_scratch */
    size_t scratch_n;
    struct {                   /* cuda_scan.cuh's tile words and counter */
        char *p;               /* the counter (16 bytes), then the tile words */
        size_t bytes;
        unsigned epoch;            /* the last call's */
        unsigned long long ticket; /* the counter's value after the last call */
        size_t layout;             /* sizeof the last call's tile word; 0: zero everything first */
    } scan;
    void *bins; /* flat_dev.cuh wfd_run_bin_map's packing, on the device */
    size_t bins_cap;
    struct {           /* one per block kernel launcher (flat_dev.cuh wfb_state_for) */
        const void *key;
        wfb_state st;
    } *blocks;
    int n_blocks, cap_blocks;
    /* the device's attributes */
    int64_t smem_max;  /* the largest dynamic shared memory of a block, less 1 KiB */
    int64_t sms;       /* multiprocessors */
    int64_t sm_threads; /* threads per multiprocessor */
};

static struct wfk_cu_state *wfk_cu(const wfk_launch *L) { return (struct wfk_cu_state *)L->cu; }

/* A device attribute of the current device (at least 1). */
static int64_t wfk_device_attr(cudaDeviceAttr a) {
    int dev = 0, v = 0;
    cudaGetDevice(&dev);
    if (cudaDeviceGetAttribute(&v, a, dev) != cudaSuccess || v <= 0)
        v = 1;
    return v;
}

/* A context's device-side state, on the current device (NULL when out of memory). */
extern "C" void *wfk_cu_new(void) {
    struct wfk_cu_state *c = (struct wfk_cu_state *)calloc(1, sizeof *c);
    if (!c)
        return NULL;
    int64_t smem = wfk_device_attr(cudaDevAttrMaxSharedMemoryPerBlockOptin);
    c->smem_max = (smem > 1 ? smem : 48 * 1024) - 1024; /* the kernel's own __shared__ variables */
    c->sms = wfk_device_attr(cudaDevAttrMultiProcessorCount);
    c->sm_threads = wfk_device_attr(cudaDevAttrMaxThreadsPerMultiProcessor);
    return c;
}

/* Device scratch memory of at least n bytes (grows; kept until wfk_cu_release). */
static void *wfk_scratch(const wfk_launch *L, size_t n) {
    struct wfk_cu_state *c = wfk_cu(L);
    if (n > c->scratch_n) {
        if (c->scratch)
            cudaFree(c->scratch);
        c->scratch = NULL;
        c->scratch_n = 0;
        if (cudaMalloc(&c->scratch, n) != cudaSuccess)
            return NULL;
        c->scratch_n = n;
    }
    return c->scratch;
}

/* Frees a context's device-side state (on its device). */
extern "C" void wfk_cu_release(void *cu) {
    struct wfk_cu_state *c = (struct wfk_cu_state *)cu;
    if (!c)
        return;
    cudaFree(c->scratch);
    cudaFree(c->scan.p);
    cudaFree(c->bins);
    for (int i = 0; i < c->n_blocks; i++) {
        cudaFree(c->blocks[i].st.stat);
        cudaFree(c->blocks[i].st.global);
    }
    free(c->blocks);
    free(c);
}

template <class S>
static int wfk_run_map(const wfk_launch *L, const S &s, void *) {
    if (s.w == 0)
        return 0;
    int bs = L->block_size;
    int64_t blocks = (s.w + bs - 1) / bs;
    if (blocks > (1 << 20))
        blocks = 1 << 20;
    wfk_map_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    return (int)cudaGetLastError();
}

template <class S>
static int wfk_run_reduce(const wfk_launch *L, const S &s, void *out) {
    typedef typename S::Red T;
    int bs = L->block_size;
    int64_t tile = (int64_t)bs * WFK_RED_ITEMS;
    int64_t blocks = (s.w + tile - 1) / tile;
    if (blocks > 1024)
        blocks = 1024;
    if (blocks < 1)
        blocks = 1;
    int64_t chunk = (s.w + blocks - 1) / blocks;
    T *part = (T *)wfk_scratch(L, sizeof(T) * (size_t)(blocks + 1));
    if (!part)
        return (int)cudaErrorMemoryAllocation;
    size_t smem = sizeof(T) * (size_t)bs;
    wfk_reduce_kernel<S><<<(unsigned)blocks, bs, smem, L->stream>>>((wfk_ctx *)L->err, s, chunk, part);
    wfk_reduce_final<S><<<1, bs, smem, L->stream>>>((wfk_ctx *)L->err, s, part, blocks, part + blocks);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        return (int)e;
    e = cudaMemcpyAsync(out, part + blocks, sizeof(T), cudaMemcpyDeviceToHost, L->stream);
    return (int)(e != cudaSuccess ? e : cudaStreamSynchronize(L->stream));
}

template <class S>
static int wfk_run_scan(const wfk_launch *L, const S &s, void *) {
    typedef typename S::Scan T;
    if (s.w == 0)
        return 0;
    int bs = L->block_size;
    int items = wfk_scan_items(sizeof(T), bs);
    int64_t tile = (int64_t)bs * items;
    int64_t tiles = (s.w + tile - 1) / tile;
    size_t state = (sizeof(wfk_tile<T>) * (size_t)tiles + 15) & ~(size_t)15;
    char *scratch = (char *)wfk_scratch(L, state + 16);
    if (!scratch)
        return (int)cudaErrorMemoryAllocation;
    cudaError_t e = cudaMemsetAsync(scratch, 0, state + 16, L->stream);
    if (e != cudaSuccess)
        return (int)e;
    size_t smem = sizeof(T) * (size_t)(tile + tile / 32 + 1 + bs + 1 + 32);
    if (smem > 48 * 1024) {
        e = cudaFuncSetAttribute(wfk_scan_kernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess)
            return (int)e;
    }
    wfk_scan_kernel<S><<<(unsigned)tiles, bs, smem, L->stream>>>((wfk_ctx *)L->err, s, items, (wfk_tile<T> *)scratch,
                                                                 (unsigned long long *)(scratch + state));
    return (int)cudaGetLastError();
}
