/* cuda_scan.cuh — weft cuda's scan of a plain array with a built-in operator (+, *, min, max,
 * and, or, xor on one scalar type): `scan op ne xs`, the commonest scan, with nothing fused
 * into it.  Pasted into OUT.cu; src/backend/cuda/kernels.c calls wfs_scan for the segscans that
 * are exactly that.  (Other scans go through cuda_kernels.cuh's general single-pass scan.)
 *
 * One pass over the data, decoupled look-back (Merrill & Garland); one launch per call, nothing
 * else on the device.  Each block takes a tile from an atomic counter (so tiles start in order)
 * and each of its warps a run of 32 x V 16-byte vectors of the tile: lane l loads vectors l,
 * l + 32, ... of the run, so every load and store of the warp is 512 contiguous bytes.  A lane
 * scans each of its vectors in registers; the warp scans the vectors' totals row by row with
 * shuffles, carrying each row's total into the next; the block folds the warps' totals.  Warp 0
 * then finds the tile's prefix from its predecessors' published values, 32 tiles at a time,
 * newest first — a tile publishes its aggregate at once and its inclusive prefix as soon as it
 * knows it, packed with its status in one 64-bit word for types of up to 4 bytes (one atomic
 * read, no fences) — and every element gets its prefix before the vector stores.
 *
 * The tile words and the counter (the context's: rts/cuda_kernels.cuh wfk_cu_state) are kept
 * from call to call and never reset: a word carries the number of the call that wrote it (its
 * epoch), so words of earlier calls read as "nothing yet", and the counter only grows (a
 * call's tiles are its tickets minus the tickets handed out before it).  They are zeroed once,
 * when allocated, when a type of another word layout is scanned, and when the epochs run out.
 */
#include <stdint.h>

/* The tuning (bench/cuda/scan_variants.sh; docs/PERFORMANCE.md): */
#ifndef WFS_BLOCK
#define WFS_BLOCK 128 /* threads per block */
#endif
#ifndef WFS_ITEMS
#define WFS_ITEMS 24 /* elements per thread, rounded up to whole 16-byte vectors */
#endif
#ifndef WFS_SLEEP_MAX
#define WFS_SLEEP_MAX 256 /* the look-back's longest back-off, ns */
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

/* What a tile publishes, tagged (epoch << 2 | status): status 1 its aggregate, 2 its inclusive
 * prefix.  read() waits for a tag of the current epoch (tags of earlier calls are smaller). */
template <class T, bool PACK = (sizeof(T) <= 4)>
struct wfs_tile;

template <class T>
struct wfs_tile<T, true> {
    unsigned long long word; /* the tag in the high half, the value's bits in the low */
    __device__ void publish(T v, unsigned tag) {
        unsigned bits = 0;
        memcpy(&bits, &v, sizeof(T));
        atomicExch(&word, ((unsigned long long)tag << 32) | bits);
    }
    __device__ unsigned read(T *v, unsigned epoch4) const {
        unsigned long long w;
        for (unsigned ns = 8; (unsigned)((w = *(volatile unsigned long long *)&word) >> 32) <= epoch4;
             ns = ns < WFS_SLEEP_MAX ? 2 * ns : ns)
            __nanosleep(ns);
        unsigned bits = (unsigned)w;
        memcpy(v, &bits, sizeof(T));
        return (unsigned)(w >> 32) & 3;
    }
};

template <class T>
struct wfs_tile<T, false> {
    unsigned tag;
    T agg, incl;
    __device__ void publish(T v, unsigned tg) {
        if ((tg & 3) == 2)
            *(volatile T *)&incl = v;
        else
            *(volatile T *)&agg = v;
        __threadfence();
        atomicExch(&tag, tg);
    }
    __device__ unsigned read(T *v, unsigned epoch4) const {
        unsigned tg;
        for (unsigned ns = 8; (tg = *(volatile unsigned *)&tag) <= epoch4; ns = ns < WFS_SLEEP_MAX ? 2 * ns : ns)
            __nanosleep(ns);
        __threadfence();
        *v = (tg & 3) == 2 ? *(volatile const T *)&incl : *(volatile const T *)&agg;
        return tg & 3;
    }
};

template <class T>
__device__ __forceinline__ T wfs_shfl(T v, int d, bool up) {
    if constexpr (sizeof(T) == 8) {
        unsigned long long u;
        memcpy(&u, &v, 8);
        u = up ? __shfl_up_sync(0xffffffffu, u, d) : __shfl_sync(0xffffffffu, u, d);
        memcpy(&v, &u, 8);
        return v;
    } else if constexpr (sizeof(T) == 4) {
        return up ? __shfl_up_sync(0xffffffffu, v, d) : __shfl_sync(0xffffffffu, v, d);
    } else {
        int u = (int)v;
        u = up ? __shfl_up_sync(0xffffffffu, u, d) : __shfl_sync(0xffffffffu, u, d);
        return (T)u;
    }
}

/* Inclusive scan across the warp (lane order). */
template <class T, int OP>
__device__ __forceinline__ T wfs_warp_scan(T x, int lane) {
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
        T y = wfs_shfl(x, d, true);
        if (lane >= d)
            x = wfs_op<T, OP>(y, x);
    }
    return x;
}

/* Elements per 16-byte vector, vectors per thread, elements per tile. */
template <class T>
struct wfs_shape {
    static constexpr int PER = 16 / (int)sizeof(T);
    static constexpr int V = (WFS_ITEMS + PER - 1) / PER;
    static constexpr int WARP_N = 32 * V * PER;
    static constexpr int TILE = WFS_BLOCK / 32 * WARP_N;
};

template <class T, int OP>
__global__ void __launch_bounds__(WFS_BLOCK) wfs_scan_kernel(const T *in, T *out, int64_t n, T ne,
                                                             wfs_tile<T> *tiles, unsigned long long *counter,
                                                             unsigned long long ticket0, unsigned epoch4, bool vec) {
    typedef wfs_shape<T> S;
    constexpr int PER = S::PER, V = S::V, WARPS = WFS_BLOCK / 32;
    __shared__ long long tile_sh;
    __shared__ T warp_tot[WARPS];
    __shared__ T prefix_sh;
    int t = (int)threadIdx.x, lane = t & 31, warp = t >> 5;
    if (t == 0)
        tile_sh = (long long)(atomicAdd(counter, 1ULL) - ticket0);
    __syncthreads();
    int64_t tile = tile_sh, base = tile * S::TILE + (int64_t)warp * S::WARP_N; /* the warp's run */
    /* x[k]: vector k * 32 + lane of the run */
    T x[V][PER];
    bool full = vec && base + S::WARP_N <= n;
    if (full) {
        const int4 *p = (const int4 *)(in + base) + lane;
#pragma unroll
        for (int k = 0; k < V; k++) {
            int4 v = __ldcs(p + 32 * k); /* streaming: read once */
            memcpy(x[k], &v, 16);
        }
    } else {
#pragma unroll
        for (int k = 0; k < V; k++)
#pragma unroll
            for (int e = 0; e < PER; e++) {
                int64_t i = base + (int64_t)(32 * k + lane) * PER + e;
                x[k][e] = i < n ? in[i] : ne;
            }
    }
    /* each vector in registers; then, row by row, the vectors' totals across the warp: pre[k],
     * the run's elements before vector k * 32 + lane */
#pragma unroll
    for (int k = 0; k < V; k++)
#pragma unroll
        for (int e = 1; e < PER; e++)
            x[k][e] = wfs_op<T, OP>(x[k][e - 1], x[k][e]);
    T pre[V], carry = ne;
#pragma unroll
    for (int k = 0; k < V; k++) {
        T s = wfs_warp_scan<T, OP>(x[k][PER - 1], lane);
        T up = wfs_shfl(s, 1, true);
        pre[k] = lane > 0 ? wfs_op<T, OP>(carry, up) : carry;
        carry = wfs_op<T, OP>(carry, wfs_shfl(s, 31, false));
    }
    if (lane == 31)
        warp_tot[warp] = carry;
    __syncthreads();
    /* the block's elements before this warp's run, and the tile's aggregate */
    T before = ne, agg = ne;
#pragma unroll
    for (int w = 0; w < WARPS; w++) {
        if (w == warp)
            before = agg;
        agg = wfs_op<T, OP>(agg, warp_tot[w]);
    }
    /* the tile's prefix */
    if (warp == 0) {
        T prefix = ne;
        if (tile == 0) {
            if (lane == 0)
                tiles[0].publish(agg, epoch4 | 2);
        } else {
            if (lane == 0)
                tiles[tile].publish(agg, epoch4 | 1);
            bool have = false;
            for (int64_t end = tile;; end -= 32) {
                int64_t j = end - 32 + lane;
                T v = ne;
                unsigned st = 0;
                if (j >= 0)
                    st = tiles[j].read(&v, epoch4);
                unsigned incl = __ballot_sync(0xffffffffu, st == 2);
                int first = incl ? 31 - __clz((int)incl) : 0; /* the newest inclusive prefix */
                /* fold lanes first..31 in order: a scan across the warp, read at lane 31 */
                T u = wfs_warp_scan<T, OP>(lane >= first ? v : ne, lane);
                T win = wfs_shfl(u, 31, false);
                prefix = have ? wfs_op<T, OP>(win, prefix) : win;
                have = true;
                if (incl || end <= 32)
                    break;
            }
            if (lane == 0)
                tiles[tile].publish(wfs_op<T, OP>(prefix, agg), epoch4 | 2);
        }
        if (lane == 0)
            prefix_sh = prefix;
    }
    __syncthreads();
    T p = wfs_op<T, OP>(prefix_sh, before);
#pragma unroll
    for (int k = 0; k < V; k++) {
        T q = wfs_op<T, OP>(p, pre[k]);
#pragma unroll
        for (int e = 0; e < PER; e++)
            x[k][e] = wfs_op<T, OP>(q, x[k][e]);
    }
    if (full) {
        int4 *o = (int4 *)(out + base) + lane;
#pragma unroll
        for (int k = 0; k < V; k++) {
            int4 v;
            memcpy(&v, x[k], 16);
            __stcs(o + 32 * k, v);
        }
    } else {
#pragma unroll
        for (int k = 0; k < V; k++)
#pragma unroll
            for (int e = 0; e < PER; e++) {
                int64_t i = base + (int64_t)(32 * k + lane) * PER + e;
                if (i < n)
                    out[i] = x[k][e];
            }
    }
}

/* The scan of in[0, n) into out (both device pointers).  Returns a cudaError_t. */
template <class T, int OP>
static int wfs_scan(const wfk_launch *L, const T *in, T *out, int64_t n, T ne) {
    if (n <= 0)
        return 0;
    decltype(wfk_cu(L)->scan) &g = wfk_cu(L)->scan; /* the tile words and the counter */
    int64_t tiles = (n + wfs_shape<T>::TILE - 1) / wfs_shape<T>::TILE;
    size_t bytes = 16 + sizeof(wfs_tile<T>) * (size_t)tiles;
    if (bytes > g.bytes) {
        if (g.p)
            cudaFree(g.p);
        g = {};
        if (cudaMalloc((void **)&g.p, bytes) != cudaSuccess)
            return (int)cudaErrorMemoryAllocation;
        g.bytes = bytes;
    }
    if (g.layout != sizeof(wfs_tile<T>) || g.epoch == (1u << 30) - 1) {
        cudaError_t e = cudaMemsetAsync(g.p, 0, g.bytes, L->stream);
        if (e != cudaSuccess)
            return (int)e;
        g.epoch = 0;
        g.ticket = 0;
        g.layout = sizeof(wfs_tile<T>);
    }
    g.epoch++;
    unsigned long long ticket0 = g.ticket;
    g.ticket += (unsigned long long)tiles;
    bool vec = ((uintptr_t)in % 16 == 0) && ((uintptr_t)out % 16 == 0);
    wfs_scan_kernel<T, OP><<<(unsigned)tiles, WFS_BLOCK, 0, L->stream>>>(
        in, out, n, ne, (wfs_tile<T> *)(g.p + 16), (unsigned long long *)g.p, ticket0, g.epoch << 2, vec);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        g.layout = 0; /* the counter's value is not known */
    return (int)e;
}
