/* cuda_scan.cuh — weft cuda's scan of a plain array with a built-in operator (+, *, min, max,
 * and, or, xor on one scalar type): `scan op ne xs`, the commonest scan, with nothing fused
 * into it.  Pasted into OUT.cu; src/backend/flat/fcuda.c calls wfs_scan for the segscans that
 * are exactly that.  (Other scans go through cuda_kernels.cuh's general single-pass scan.)
 *
 * One pass over the data, decoupled look-back (Merrill & Garland): each block takes tiles in
 * order from an atomic counter; a thread loads WFS_ITEMS consecutive elements with 16-byte
 * vector loads, scans them in registers, the warp scans the threads' totals with shuffles, the
 * block the warps' totals; warp 0 then finds the tile's prefix from its predecessors' published
 * values, 32 tiles at a time, newest first — a tile publishes its aggregate at once and its
 * inclusive prefix as soon as it knows it, packed with its status in one 64-bit word for
 * 32-bit types (one atomic read, no fences) — and the thread adds the prefix and stores its
 * elements with vector stores.  So the input is read once and the output written once.
 */
#include <stdint.h>

#ifndef WFS_BLOCK
#define WFS_BLOCK 256
#endif
#ifndef WFS_ITEMS
#define WFS_ITEMS 16
#endif
#ifndef WFS_SLEEP_MAX
#define WFS_SLEEP_MAX 256
#endif

template <class T, int OP>
__device__ __forceinline__ T wfs_op(T a, T b) {
    if constexpr (OP == 0)
        return a + b;
    else if constexpr (OP == 1)
        return a * b;
    else if constexpr (OP == 2)
        return a < b ? a : b;
    else if constexpr (OP == 3)
        return a > b ? a : b;
    else if constexpr (OP == 4)
        return a & b;
    else if constexpr (OP == 5)
        return a | b;
    else
        return a ^ b;
}

/* What a tile publishes: status 0 nothing yet, 1 its aggregate, 2 its inclusive prefix. */
template <class T, bool PACK = (sizeof(T) == 4)>
struct wfs_tile;

template <class T>
struct wfs_tile<T, true> {
    unsigned long long word; /* status in the high half, the value's bits in the low */
    __device__ void publish(T v, unsigned status) {
        unsigned bits;
        memcpy(&bits, &v, 4);
        atomicExch(&word, ((unsigned long long)status << 32) | bits);
    }
    __device__ unsigned read(T *v) const {
        unsigned long long w;
        for (unsigned ns = 8; ((w = *(volatile unsigned long long *)&word) >> 32) == 0; ns = ns < WFS_SLEEP_MAX ? 2 * ns : ns)
            __nanosleep(ns);
        unsigned bits = (unsigned)w;
        memcpy(v, &bits, 4);
        return (unsigned)(w >> 32);
    }
};

template <class T>
struct wfs_tile<T, false> {
    int status;
    T agg, incl;
    __device__ void publish(T v, unsigned st) {
        if (st == 2)
            *(volatile T *)&incl = v;
        else
            *(volatile T *)&agg = v;
        __threadfence();
        atomicExch(&status, (int)st);
    }
    __device__ unsigned read(T *v) const {
        int st;
        for (unsigned ns = 8; (st = *(volatile int *)&status) == 0; ns = ns < WFS_SLEEP_MAX ? 2 * ns : ns)
            __nanosleep(ns);
        __threadfence();
        *v = st == 2 ? *(volatile const T *)&incl : *(volatile const T *)&agg;
        return (unsigned)st;
    }
};

template <class T>
__device__ __forceinline__ T wfs_shfl_up(T v, int d) {
    if constexpr (sizeof(T) == 8) {
        unsigned long long u;
        memcpy(&u, &v, 8);
        u = __shfl_up_sync(0xffffffffu, u, d);
        memcpy(&v, &u, 8);
        return v;
    } else if constexpr (sizeof(T) == 4) {
        return __shfl_up_sync(0xffffffffu, v, d);
    } else {
        int u = (int)v;
        u = __shfl_up_sync(0xffffffffu, u, d);
        return (T)u;
    }
}

/* Inclusive scan across the warp (lane order). */
template <class T, int OP>
__device__ __forceinline__ T wfs_warp_scan(T x, int lane) {
    for (int d = 1; d < 32; d *= 2) {
        T y = wfs_shfl_up(x, d);
        if (lane >= d)
            x = wfs_op<T, OP>(y, x);
    }
    return x;
}

template <class T, int OP>
__global__ void __launch_bounds__(WFS_BLOCK) wfs_scan_kernel(const T *in, T *out, int64_t n, T ne,
                                                             wfs_tile<T> *tiles, unsigned long long *counter,
                                                             bool vec) {
    constexpr int TILE = WFS_BLOCK * WFS_ITEMS;
    __shared__ long long tile_sh;
    __shared__ T warp_tot[WFS_BLOCK / 32];
    __shared__ T prefix_sh;
    int t = (int)threadIdx.x, lane = t & 31, warp = t >> 5;
    if (t == 0)
        tile_sh = (long long)atomicAdd(counter, 1ULL);
    __syncthreads();
    int64_t tile = tile_sh, base = tile * TILE + (int64_t)t * WFS_ITEMS;
    T x[WFS_ITEMS];
    bool full = base + WFS_ITEMS <= n;
    if (full && vec) {
        constexpr int PER = 16 / (int)sizeof(T);
        const int4 *p = (const int4 *)(in + base);
#pragma unroll
        for (int k = 0; k < WFS_ITEMS / PER; k++) {
            int4 v = __ldcs(p + k);
            memcpy(&x[k * PER], &v, 16);
        }
    } else {
#pragma unroll
        for (int k = 0; k < WFS_ITEMS; k++)
            x[k] = base + k < n ? in[base + k] : ne;
    }
    /* the thread's elements, then its total across the warp and the block */
#pragma unroll
    for (int k = 1; k < WFS_ITEMS; k++)
        x[k] = wfs_op<T, OP>(x[k - 1], x[k]);
    T tot = wfs_warp_scan<T, OP>(x[WFS_ITEMS - 1], lane);
    if (lane == 31)
        warp_tot[warp] = tot;
    __syncthreads();
    if (warp == 0) {
        T w = lane < WFS_BLOCK / 32 ? warp_tot[lane] : ne;
        w = wfs_warp_scan<T, OP>(w, lane);
        if (lane < WFS_BLOCK / 32)
            warp_tot[lane] = w;
    }
    __syncthreads();
    T before = ne; /* the block's elements before this thread's */
    T excl = wfs_shfl_up(tot, 1);
    if (lane > 0)
        before = excl;
    if (warp > 0)
        before = lane > 0 ? wfs_op<T, OP>(warp_tot[warp - 1], before) : warp_tot[warp - 1];
    /* the tile's prefix */
    if (warp == 0) {
        T agg = warp_tot[WFS_BLOCK / 32 - 1];
        T prefix = ne;
        if (tile == 0) {
            if (lane == 0)
                tiles[0].publish(agg, 2);
        } else {
            if (lane == 0)
                tiles[tile].publish(agg, 1);
            bool have = false;
            for (int64_t end = tile;; end -= 32) {
                int64_t j = end - 32 + lane;
                T v = ne;
                unsigned st = 2;
                if (j >= 0)
                    st = tiles[j].read(&v);
                else
                    v = ne;
                unsigned incl = __ballot_sync(0xffffffffu, j >= 0 && st == 2);
                int first = incl ? 31 - __clz((int)incl) : 0; /* the newest inclusive prefix */
                /* fold lanes first..31 in order: a scan across the warp, read at lane 31 */
                T u = lane >= first ? v : ne;
                u = wfs_warp_scan<T, OP>(u, lane);
                T win = __shfl_sync(0xffffffffu, u, 31);
                prefix = have ? wfs_op<T, OP>(win, prefix) : win;
                have = true;
                if (incl || end <= 32)
                    break;
            }
            if (lane == 0)
                tiles[tile].publish(wfs_op<T, OP>(prefix, agg), 2);
        }
        if (lane == 0)
            prefix_sh = prefix;
    }
    __syncthreads();
    if (tile > 0 || t > 0) {
        T pre = tile > 0 ? (t > 0 ? wfs_op<T, OP>(prefix_sh, before) : prefix_sh) : before;
#pragma unroll
        for (int k = 0; k < WFS_ITEMS; k++)
            x[k] = wfs_op<T, OP>(pre, x[k]);
    }
    if (tile == 0 && t == 0) {
#pragma unroll
        for (int k = 0; k < WFS_ITEMS; k++)
            x[k] = wfs_op<T, OP>(ne, x[k]); /* the scan starts from the neutral element, as a fold */
    }
    if (full && vec) {
        constexpr int PER = 16 / (int)sizeof(T);
        int4 *p = (int4 *)(out + base);
#pragma unroll
        for (int k = 0; k < WFS_ITEMS / PER; k++) {
            int4 v;
            memcpy(&v, &x[k * PER], 16);
            __stcs(p + k, v);
        }
    } else {
#pragma unroll
        for (int k = 0; k < WFS_ITEMS; k++)
            if (base + k < n)
                out[base + k] = x[k];
    }
}

/* The scan of in[0, n) into out (both device pointers); the scratch (tile states and the
 * counter) from cuda_kernels.cuh's wfk_scratch.  Returns a cudaError_t. */
template <class T, int OP>
static int wfs_scan(const T *in, T *out, int64_t n, T ne) {
    if (n <= 0)
        return 0;
    constexpr int TILE = WFS_BLOCK * WFS_ITEMS;
    int64_t tiles = (n + TILE - 1) / TILE;
    size_t state = (sizeof(wfs_tile<T>) * (size_t)tiles + 15) & ~(size_t)15;
    char *scratch = (char *)wfk_scratch(state + 16);
    if (!scratch)
        return (int)cudaErrorMemoryAllocation;
    cudaError_t e = cudaMemsetAsync(scratch, 0, state + 16);
    if (e != cudaSuccess)
        return (int)e;
    bool vec = ((uintptr_t)in % 16 == 0) && ((uintptr_t)out % 16 == 0);
    wfs_scan_kernel<T, OP><<<(unsigned)tiles, WFS_BLOCK>>>(in, out, n, ne, (wfs_tile<T> *)scratch,
                                                           (unsigned long long *)(scratch + state), vec);
    return (int)cudaGetLastError();
}
