/* flat_dev.cuh — the runtime of rts/flat.h inside CUDA kernels (weft cuda, src/backend/cuda/
 * kernels.c): the same names as rts/flat.h, so that the code the generator writes for a segop's
 * body compiles unchanged as a device function.  Pasted into OUT.cu after cuda_kernels.cuh.
 *
 * A point of a segop runs in one thread with a context (wfd_ctx) that holds the launch's error
 * slot and the thread's arena: a stretch of device memory where its blocks are bump-allocated.
 * The arena is reset for every point (the body's arrays die with it; its results go to the
 * outputs), and slots reuse blocks inside the point's loops as on the host, so a point needs
 * about as much memory as one iteration of each of its loops.  The arrays' data is interleaved
 * with the other threads' (wfd_point), so that a warp's accesses to its threads' arrays
 * coalesce.  When a point asks for more than
 * its arena holds, it records how much it wanted and fails; the host runs the kernel again with
 * bigger arenas (the kernels only read their inputs and write their outputs, so this is safe).
 */
#include "flat_views.h"
#include "flat_bins.h"

#pragma nv_diag_suppress 550 /* generated code sets variables it may not read */

struct wf_blk {
    int64_t rc;
    bool shared; /* on the device: the data is in block memory, shared by the block's threads */
    bool in_slot;
    size_t cap;
    void *data;
};

/* A point's context: `ctx` in the generated code. */
struct wfd_ctx {
    wfk_ctx *err;
    char *lo, *hi, *bump;        /* the thread's arena: block headers (and data of wf_blk_new) */
    char *il;                    /* the thread's word 0 of the interleaved data (below) */
    int64_t il_step, il_words, il_bump; /* bytes between its words; its words; the next free one */
    unsigned long long *wanted;  /* the most arena bytes a point asked for (device memory) */
    /* block kernels (src/backend/cuda/block.c): the block's memory, the same addresses in
     * every thread of the block (each bumps its own copy of bbump, all alike) */
    char *blo, *bhi, *bbump;
    int64_t bslotn;
    unsigned long long *bstat;   /* [0]: the most block memory a point used or asked for; [1]: asked for more */
    volatile int *bfail;         /* a thread of the block failed (it has left the kernel) */
};

#define WFD_ALIGN(n) (((n) + (size_t)15) & ~(size_t)15)

/* The arenas of a launch of at most `slots` threads, `bytes` each, are two zones of slots *
 * bytes: the threads' blocks (headers, and the data of dense arrays) one after the other, then
 * the data of interleaved arrays.  When the launch has at least WFD_IL_THREADS threads, the
 * arrays' data is interleaved word by word: word w of thread t is the second zone's word
 * w * T + t (T: the launch's threads).  An array's consecutive elements are
 * then a thread's consecutive words (one element a word), and the threads of a warp, which run
 * the same code and allocate alike, read and write their elements i side by side: coalesced.
 * (Seed 003 lays out per-thread arrays as [x/B][y][x%B] for the same reason.)  Fewer threads
 * keep their arrays dense, beside their headers: then a thread's next elements are in the
 * cache line it just read, which the first-level cache holds while it has few threads to
 * serve, and the loads wait on memory less often (OptionPricing large, 8192 threads: 66 ms
 * dense, 80 ms interleaved on an H200; LocVolCalib large: 850 ms dense, 493 interleaved). */
#ifndef WFD_IL_THREADS
#define WFD_IL_THREADS 32768
#endif
__device__ static wfd_ctx wfd_point(wfk_ctx *err, char *arena, int64_t bytes, int64_t slots,
                                    unsigned long long *wanted) {
    int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, T = (int64_t)gridDim.x * blockDim.x;
    bool il = T >= WFD_IL_THREADS && T <= slots; /* (every launcher fits its grid to the slots) */
    wfd_ctx c;
    c.err = err;
    c.lo = c.bump = arena ? arena + t * bytes : NULL;
    c.hi = arena ? c.lo + bytes : NULL;
    c.il = arena && il ? arena + slots * bytes + t * 8 : NULL;
    c.il_step = arena && il ? T * 8 : 0;
    c.il_words = arena && il ? bytes / 8 : 0;
    c.il_bump = 0;
    c.wanted = wanted;
    c.blo = c.bhi = c.bbump = NULL;
    c.bstat = NULL;
    c.bfail = NULL;
    return c;
}

/* ---- atomics (hist: the bins are shared by every thread) ---- */

/* wf_atomic_read_T(p) and wf_cas_T(p, &old, new) as on the host (rts/flat.h): a compare and
 * swap on the bits, through the aligned 32-bit word around p for types of 1 and 2 bytes. */
template <class T, class U>
__device__ static inline bool wfd_cas_word(T *p, T *old, T v) {
    U o, n;
    memcpy(&o, old, sizeof o);
    memcpy(&n, &v, sizeof n);
    U r = atomicCAS((U *)p, o, n);
    if (r == o)
        return true;
    memcpy(old, &r, sizeof r);
    return false;
}

template <class T>
__device__ static inline bool wfd_cas_small(T *p, T *old, T v) {
    uintptr_t a = (uintptr_t)p;
    unsigned int *w = (unsigned int *)(a & ~(uintptr_t)3);
    int shift = (int)(a & 3) * 8;
    unsigned int mask = ((1u << (8 * sizeof(T))) - 1) << shift;
    unsigned int ob = 0, nb = 0;
    memcpy(&ob, old, sizeof(T));
    memcpy(&nb, &v, sizeof(T));
    unsigned int word = *(volatile unsigned int *)w;
    for (;;) {
        unsigned int cur = (word & mask) >> shift;
        if (cur != ob) {
            memcpy(old, &cur, sizeof(T));
            return false;
        }
        unsigned int r = atomicCAS(w, word, (word & ~mask) | (nb << shift));
        if (r == word)
            return true;
        word = r; /* a neighbour in the word changed: try again */
    }
}

#define WFD_ATOMIC_DEFINE(name, T, CAS)                                                              \
    __device__ static inline __attribute__((unused)) T wf_atomic_read_##name(T *p) {                \
        return *(volatile T *)p;                                                                     \
    }                                                                                                \
    __device__ static inline __attribute__((unused)) bool wf_cas_##name(T *p, T *old, T v) {         \
        return CAS(p, old, v);                                                                       \
    }
WFD_ATOMIC_DEFINE(i8, int8_t, wfd_cas_small)
WFD_ATOMIC_DEFINE(i16, int16_t, wfd_cas_small)
WFD_ATOMIC_DEFINE(i32, int32_t, (wfd_cas_word<int32_t, unsigned int>))
WFD_ATOMIC_DEFINE(i64, int64_t, (wfd_cas_word<int64_t, unsigned long long>))
WFD_ATOMIC_DEFINE(u8, uint8_t, wfd_cas_small)
WFD_ATOMIC_DEFINE(u16, uint16_t, wfd_cas_small)
WFD_ATOMIC_DEFINE(u32, uint32_t, (wfd_cas_word<uint32_t, unsigned int>))
WFD_ATOMIC_DEFINE(u64, uint64_t, (wfd_cas_word<uint64_t, unsigned long long>))
WFD_ATOMIC_DEFINE(f32, float, (wfd_cas_word<float, unsigned int>))
WFD_ATOMIC_DEFINE(f64, double, (wfd_cas_word<double, unsigned long long>))
WFD_ATOMIC_DEFINE(bool, bool, wfd_cas_small)
WFD_ATOMIC_DEFINE(f16, uint16_t, wfd_cas_small)

/* *p = *p OP v with the device's own atomic, where it has one for OP (the codes of
 * fs_simple_op_code: 0 +, 1 *, 2 min, 3 max, 4 &, 5 |, 6 ^); false when it has none. */
template <class T>
__device__ static inline bool wfd_atomic_native(int, T *, T) { return false; }

template <class T, class A>
__device__ static inline bool wfd_atomic_int(int op, T *p, T v) {
    A *q = (A *)p;
    A x = (A)v;
    switch (op) {
    case 0: atomicAdd(q, x); return true;
    case 2: atomicMin(q, x); return true;
    case 3: atomicMax(q, x); return true;
    case 4: atomicAnd(q, x); return true;
    case 5: atomicOr(q, x); return true;
    case 6: atomicXor(q, x); return true;
    default: return false;
    }
}

template <>
__device__ inline bool wfd_atomic_native<int32_t>(int op, int32_t *p, int32_t v) {
    return wfd_atomic_int<int32_t, int>(op, p, v);
}
template <>
__device__ inline bool wfd_atomic_native<uint32_t>(int op, uint32_t *p, uint32_t v) {
    return wfd_atomic_int<uint32_t, unsigned int>(op, p, v);
}
template <>
__device__ inline bool wfd_atomic_native<uint64_t>(int op, uint64_t *p, uint64_t v) {
    return wfd_atomic_int<uint64_t, unsigned long long>(op, p, v);
}
template <>
__device__ inline bool wfd_atomic_native<int64_t>(int op, int64_t *p, int64_t v) {
    if (op == 2 || op == 3) { /* signed comparisons */
        if (op == 2)
            atomicMin((long long *)p, (long long)v);
        else
            atomicMax((long long *)p, (long long)v);
        return true;
    }
    return wfd_atomic_int<int64_t, unsigned long long>(op, p, v); /* two's complement */
}
template <>
__device__ inline bool wfd_atomic_native<float>(int op, float *p, float v) {
    return op == 0 && (atomicAdd(p, v), true);
}
template <>
__device__ inline bool wfd_atomic_native<double>(int op, double *p, double v) {
    return op == 0 && (atomicAdd(p, v), true);
}

/* ---- block memory (block kernels) ---- */

/* What a block kernel's launcher gives its points: block memory in shared memory (global ==
 * NULL) or in global memory (bytes per block), and where the points report their needs. */
struct wfb_mem {
    char *global;
    int64_t bytes;
    unsigned long long *stat;
};

/* A point's part of its block's memory: all of it, or in a bin (threads slot0 .. slot0 + slotn
 * of the block are the point's) as much per thread as the others get: the points of a bin
 * allocate apart, each its threads alike. */
__device__ static void wfb_enter(wfd_ctx *c, const wfb_mem *m, char *blo, volatile int *bfail, int64_t slot0,
                                 int64_t slotn) {
    int64_t per = m->bytes / blockDim.x / 16 * 16;
    c->blo = c->bbump = blo + slot0 * per;
    c->bhi = slotn == blockDim.x ? blo + m->bytes : c->blo + slotn * per;
    c->bslotn = slotn;
    c->bstat = m->stat;
    c->bfail = bfail;
}

/* Block memory ran out: the launcher runs the kernel again with more (every thread of the
 * point makes the same request; for the whole block, as many times as the point's part). */
__device__ static void wfb_short(wfd_ctx *c, size_t need) {
    unsigned long long used = (unsigned long long)(c->bbump - c->blo) + need;
    used = (used + used / 4 + 256) * ((blockDim.x + c->bslotn - 1) / c->bslotn);
    atomicMax(&c->bstat[0], used);
    c->bstat[1] = 1;
}

__device__ static void *wfb_scratch(wfd_ctx *c, size_t bytes) {
    size_t need = WFD_ALIGN(bytes ? bytes : 1);
    if ((size_t)(c->bhi - c->bbump) < need) {
        wfb_short(c, need);
        return NULL;
    }
    void *p = c->bbump;
    c->bbump += need;
    return p;
}

/* The largest v of the block's threads (every thread calls it, at the same place): a loop of
 * a bin's points runs to their largest count (src/flatten/bins.c). */
__device__ static int64_t wfb_bin_max(wfd_ctx *c, int64_t v) {
    __shared__ long long most;
    (void)c;
    __syncthreads(); /* the last call's readers are done */
    if (threadIdx.x == 0)
        most = (long long)v;
    __syncthreads();
    atomicMax(&most, (long long)v);
    __syncthreads();
    return (int64_t)most;
}

/* Whether a thread of the block has failed and left.  The flag is written and read atomically
 * (the failing thread sets it and leaves without a barrier, so nothing else orders the two),
 * one read a warp. */
__device__ static inline bool wfb_failed(volatile int *bfail) {
    unsigned warp = __activemask();
    int leader = __ffs(warp) - 1, v = 0;
    if ((int)(threadIdx.x % 32) == leader)
        v = atomicAdd((int *)bfail, 0);
    return __shfl_sync(warp, v, leader) != 0;
}

/* A barrier of the block's threads; true when one of them failed (then all leave). */
__device__ static inline bool wfb_sync(wfd_ctx *c) {
    __syncthreads();
    return wfb_failed(c->bfail);
}

/* Arena memory ran short: the launcher runs the kernel again with arenas of what was asked. */
__device__ static void wfd_short(wfd_ctx *ctx, unsigned long long used) {
    atomicMax(ctx->wanted, (used + used / 2 + 1024 + 15) & ~15ull); /* arenas stay 16-aligned */
}

/* A new block's header at the thread's bump, which has room for take bytes (the header and
 * what follows it): rc 1, its data at data (NULL: right after the header). */
__device__ static wf_blk *wfd_header(wfd_ctx *ctx, size_t take, size_t bytes, bool shared, void *data) {
    wf_blk *b = (wf_blk *)ctx->bump;
    ctx->bump += take;
    b->rc = 1;
    b->shared = shared;
    b->in_slot = false;
    b->cap = bytes;
    b->data = data ? data : (char *)b + WFD_ALIGN(sizeof(wf_blk));
    return b;
}

/* shared: the data goes to the block's memory (block kernels), the header to the thread's arena. */
__device__ static wf_blk *wf_blk_new(wfd_ctx *ctx, size_t bytes, bool shared, const char *loc) {
    (void)loc;
    if (shared && ctx->blo) {
        size_t hneed = WFD_ALIGN(sizeof(wf_blk)), dneed = WFD_ALIGN(bytes ? bytes : 1);
        if (!ctx->bump || (size_t)(ctx->hi - ctx->bump) < hneed) {
            wfd_short(ctx, (unsigned long long)(ctx->bump - ctx->lo) + hneed);
            return NULL;
        }
        if ((size_t)(ctx->bhi - ctx->bbump) < dneed) {
            wfb_short(ctx, dneed);
            return NULL;
        }
        wf_blk *b = wfd_header(ctx, hneed, bytes, true, ctx->bbump);
        ctx->bbump += dneed;
        return b;
    }
    size_t need = WFD_ALIGN(sizeof(wf_blk)) + WFD_ALIGN(bytes ? bytes : 1);
    if (!ctx->bump || (size_t)(ctx->hi - ctx->bump) < need) {
        wfd_short(ctx, (unsigned long long)(ctx->bump - ctx->lo) + need);
        return NULL;
    }
    return wfd_header(ctx, need, bytes, false, NULL);
}

/* A block for count elements of esz bytes (the generated code's arrays): in block memory when
 * shared in a block kernel, or in the thread's arena when the launch keeps arrays dense, as
 * wf_blk_new; else its header in the thread's arena and its data interleaved with the other
 * threads' (wfd_point), one element a word. */
__device__ static wf_blk *wf_blk_new_el(wfd_ctx *ctx, int64_t count, size_t esz, bool shared, const char *loc) {
    size_t bytes = wf_bytes(count, esz);
    if ((shared && ctx->blo) || !ctx->il || bytes == SIZE_MAX) /* (esz <= 8: the elements are scalars) */
        return wf_blk_new(ctx, bytes, shared, loc);
    size_t hneed = WFD_ALIGN(sizeof(wf_blk));
    int64_t words = count > 0 ? count : 1;
    if (!ctx->bump || (size_t)(ctx->hi - ctx->bump) < hneed || ctx->il_words - ctx->il_bump < words) {
        unsigned long long hused = (unsigned long long)(ctx->bump - ctx->lo) + hneed;
        unsigned long long dused = words > INT64_MAX / 16 ? ULLONG_MAX / 4 : (unsigned long long)(ctx->il_bump + words) * 8;
        wfd_short(ctx, hused > dused ? hused : dused);
        return NULL;
    }
    wf_blk *b = wfd_header(ctx, hneed, bytes, false, ctx->il + ctx->il_bump * ctx->il_step);
    ctx->il_bump += words;
    return b;
}

/* The stride in elements of esz bytes between consecutive elements of an array that
 * wf_blk_new_el made with `shared`: the innermost stride of a fresh array.  The same for every
 * array of a kind (a kernel parameter's multiple), so that the C++ compiler keeps one. */
__device__ static inline int64_t wfd_step(const wfd_ctx *ctx, bool shared, size_t esz) {
    return (shared && ctx->blo) || !ctx->il ? 1 : ctx->il_step / (int64_t)esz;
}

__device__ static inline void wf_blk_free(wfd_ctx *ctx, wf_blk *b) {
    (void)ctx;
    (void)b; /* the arena goes with the point */
}

__device__ static inline int64_t wf_blk_rc(const wf_blk *b) { return b->rc; }
__device__ static inline void wf_ref(wf_blk *b) {
    if (b)
        b->rc++;
}
__device__ static inline void wf_unref(wfd_ctx *ctx, wf_blk *b) {
    if (b && --b->rc == 0)
        wf_blk_free(ctx, b);
}
/* A block in block memory is never written in place: every thread of the block holds it. */
__device__ static inline bool wf_blk_unique(const wf_blk *b) { return b && !b->shared && b->rc == 1 + b->in_slot; }

/* ---- slots (as in rts/flat.h) ---- */

typedef struct {
    wf_blk *b[2];
} wf_slot;

/* The slots of rts/flat.h, for count elements of esz bytes (wf_blk_new_el). */
__device__ static wf_blk *wf_slot_refill(wfd_ctx *ctx, wf_slot *s, int64_t count, size_t esz, bool shared,
                                        const char *loc) {
    int victim = !s->b[0] ? 0 : !s->b[1] ? 1 : s->b[0]->rc == 1 ? 0 : s->b[1]->rc == 1 ? 1 : 0;
    wf_blk *old = s->b[victim];
    if (old) {
        old->in_slot = false;
        wf_unref(ctx, old);
    }
    s->b[victim] = wf_blk_new_el(ctx, count + count / 8, esz, shared, loc);
    if (s->b[victim])
        s->b[victim]->in_slot = true;
    return s->b[victim];
}

__device__ static inline wf_blk *wf_slot_get(wfd_ctx *ctx, wf_slot *s, int64_t count, size_t esz, bool shared,
                                             const char *loc) {
    size_t bytes = wf_bytes(count, esz);
    for (int i = 0; i < 2; i++) {
        wf_blk *b = s->b[i];
        if (b && b->cap >= bytes && b->rc == 1) {
            b->rc = 2;
            return b;
        }
    }
    wf_blk *b = wf_slot_refill(ctx, s, count, esz, shared, loc);
    if (b)
        b->rc++;
    return b;
}

__device__ static inline wf_blk *wf_scratch_get(wfd_ctx *ctx, wf_slot *s, int64_t count, size_t esz, bool shared,
                                                const char *loc) {
    wf_blk *b = s->b[0];
    if (b && b->cap >= wf_bytes(count, esz) && b->rc == 1)
        return b;
    if (b) {
        b->in_slot = false;
        wf_unref(ctx, b);
    }
    s->b[0] = wf_blk_new_el(ctx, count + count / 8, esz, shared, loc);
    if (s->b[0])
        s->b[0]->in_slot = true;
    return s->b[0];
}

__device__ static inline void wf_slot_free(wfd_ctx *ctx, wf_slot *s) {
    (void)ctx;
    s->b[0] = s->b[1] = NULL;
}

/* ---- run-time errors, with the host's messages ---- */

__device__ static char *wfd_put(char *p, char *end, long long v) { return wfk_put_int(p, end, v); }
__device__ static char *wfd_put(char *p, char *end, int v) { return wfk_put_int(p, end, v); }
__device__ static char *wfd_put(char *p, char *end, long v) { return wfk_put_int(p, end, v); }
__device__ static char *wfd_put(char *p, char *end, const char *s) { return wfk_put_str(p, end, s ? s : "(null)"); }

__device__ static char *wfd_format(char *p, char *end, const char *fmt) {
    while (*fmt && p < end) {
        if (fmt[0] == '%' && fmt[1] == '%')
            fmt++;
        *p++ = *fmt++;
    }
    return p;
}

/* printf-like, for the conversions generated code uses (%lld, %d, %s): each takes the next
 * argument in order. */
template <typename A, typename... R>
__device__ static char *wfd_format(char *p, char *end, const char *fmt, A a, R... rest) {
    while (*fmt && p < end) {
        if (fmt[0] == '%' && fmt[1] == '%') {
            *p++ = '%';
            fmt += 2;
            continue;
        }
        if (fmt[0] == '%') {
            fmt++;
            while (*fmt == 'l' || *fmt == 'z')
                fmt++;
            if (*fmt)
                fmt++;
            p = wfd_put(p, end, a);
            return wfd_format(p, end, fmt, rest...);
        }
        *p++ = *fmt++;
    }
    return p;
}

/* The failures generated code reports (wf_error, wf_oob, wf_slice_bad, wf_negative_size,
 * wf_shape_mismatch) take the point's context but pass on only its launch's record (ctx->err)
 * to a function that is not inlined: the context's address never escapes, so a point that
 * allocates nothing keeps no copy of it in local memory (every point of a reduction stored all
 * of it before a check that could fail, eight times the traffic of its loads). */
template <typename... R>
__device__ __noinline__ static int wfd_fail(wfk_ctx *err, const char *loc, const char *fmt, R... args) {
    char buf[256];
    char *p = wfd_format(buf, buf + sizeof buf - 1, fmt, args...);
    *p = 0;
    return wfk_record(err, loc, buf);
}

template <typename... R>
__device__ __forceinline__ static int wf_error(wfd_ctx *ctx, const char *loc, const char *fmt, R... args) {
    return wfd_fail(ctx->err, loc, fmt, args...);
}

/* Recursion in a kernel's thread (rts/flat.h has the host's check): a thread has no
 * thread-local variable to note where its stack began, so the outermost call (depth 1) hands
 * its callees the address of its own frame as their "depth" (wf_deeper), and every deeper call
 * checks that the stack below that address leaves room for one more frame.  The stack is what
 * weft cuda asks for (WFD_RECURSION_STACK bytes a thread, rts/cuda_rt.h wfk_init); 3/4 of it
 * may be used, the rest is the margin for the last frame and the functions it calls. */
#define WFD_STACK_ROOM (WFD_RECURSION_STACK / 4 * 3)
__device__ static inline uintptr_t wfd_frame_here(void) {
    volatile char probe = 0;
    return (uintptr_t)&probe;
}
__device__ static inline int64_t wf_deeper(int64_t depth) {
    return depth <= 1 ? (int64_t)wfd_frame_here() : depth;
}
__device__ static inline bool wf_too_deep(int64_t depth) {
    if (depth <= 1)
        return false;
    uintptr_t top = (uintptr_t)depth, sp = wfd_frame_here();
    return (top > sp ? top - sp : sp - top) > WFD_STACK_ROOM;
}

__device__ __forceinline__ static int wf_oob(wfd_ctx *ctx, const char *loc, int k, const int64_t *idx, int r,
                                             const int64_t *n) {
    return wfk_oob(ctx->err, loc, k, idx, r, n);
}

__device__ static char *wfd_shape(char *p, char *end, int r, const int64_t *n) {
    for (int k = 0; k < r; k++) {
        p = wfk_put_str(p, end, "[");
        p = wfk_put_int(p, end, (long long)n[k]);
        p = wfk_put_str(p, end, "]");
    }
    return p;
}

__device__ __noinline__ static int wfd_slice_bad(wfk_ctx *err, const char *loc, int k, const int64_t *spec, int r,
                                                const int64_t *n) {
    char buf[256];
    char *p = buf, *end = buf + sizeof buf - 1;
    p = wfk_put_str(p, end, "Index [");
    for (int i = 0; i < k; i++) {
        const int64_t *x = spec + 4 * i;
        if (i)
            p = wfk_put_str(p, end, ", ");
        p = wfk_put_int(p, end, (long long)x[1]);
        if (x[0]) {
            p = wfk_put_str(p, end, ":");
            p = wfk_put_int(p, end, (long long)x[2]);
            if (x[3] != 1) {
                p = wfk_put_str(p, end, ":");
                p = wfk_put_int(p, end, (long long)x[3]);
            }
        }
    }
    p = wfk_put_str(p, end, "] out of bounds for array of shape ");
    p = wfd_shape(p, end, k < r ? k : r, n); /* the indexed dimensions, as rts/flat.h words it */
    p = wfk_put_str(p, end, ".");
    *p = 0;
    return wfk_record(err, loc, buf);
}
__device__ __forceinline__ static int wf_slice_bad(wfd_ctx *ctx, const char *loc, int k, const int64_t *spec, int r,
                                                   const int64_t *n) {
    return wfd_slice_bad(ctx->err, loc, k, spec, r, n);
}

__device__ __forceinline__ static int wf_negative_size(wfd_ctx *ctx, const char *loc, int64_t n) {
    return wf_error(ctx, loc, "negative size %lld", (long long)n);
}

__device__ __noinline__ static int wfd_shape_mismatch(wfk_ctx *err, const char *loc, const char *what, int r,
                                                     const int64_t *got, const int64_t *want) {
    char buf[256];
    char *p = buf, *end = buf + sizeof buf - 1;
    p = wfk_put_str(p, end, "size mismatch: ");
    p = wfk_put_str(p, end, what);
    p = wfk_put_str(p, end, " of shape ");
    p = wfd_shape(p, end, r, got);
    p = wfk_put_str(p, end, " where ");
    p = wfd_shape(p, end, r, want);
    p = wfk_put_str(p, end, " was expected");
    *p = 0;
    return wfk_record(err, loc, buf);
}
__device__ __forceinline__ static int wf_shape_mismatch(wfd_ctx *ctx, const char *loc, const char *what, int r,
                                                        const int64_t *got, const int64_t *want) {
    return wfd_shape_mismatch(ctx->err, loc, what, r, got, want);
}

/* ---- kernels of the CUDA target (the single-pass scan and the reduction are
 * cuda_kernels.cuh's) ---- */

/* A segmap: grid-stride over the points; at most max_threads threads (their arenas). */
template <class S>
__global__ void wfd_map_kernel(wfk_ctx *ctx, S s) {
    wfk_map_points(ctx, s);
}

/* The same, its registers capped (at most 65536 / (WFD_LEAN_THREADS * WFD_LEAN_BLOCKS) a
 * thread) so that more of its threads are resident at once: wfd_run_heavy_map's choice for
 * few, long points. */
#define WFD_LEAN_THREADS 128
#define WFD_LEAN_BLOCKS 4
template <class S>
__global__ void __launch_bounds__(WFD_LEAN_THREADS, WFD_LEAN_BLOCKS) wfd_lean_map_kernel(wfk_ctx *ctx, S s) {
    wfk_map_points(ctx, s);
}

/* A segmap with block-level segops (src/backend/cuda/block.c): one thread block per point,
 * grid-stride over the points; its block memory at the start of dynamic shared memory (or, when
 * the points need more than the device's shared memory, in global memory).  Binned (perm not
 * NULL; seed 000, src/flatten/bins.c): block b runs the points perm[start[b] .. start[b+1]),
 * each in its own threads: slot[k] is the first thread of point perm[k] (bits 0-15) and how
 * many it has (bits 16-31); a thread past the bin's last point runs that point's code with none
 * of its work. */
template <class S>
__global__ void wfd_block_map_kernel(wfk_ctx *ctx, S s, const int64_t *perm, const int32_t *slot,
                                     const int64_t *start, int64_t nbins) {
    extern __shared__ unsigned char wfk_smem[];
    __shared__ volatile int bfail;
    if (threadIdx.x == 0)
        bfail = 0;
    __syncthreads();
    char *blo = s.bm.global ? s.bm.global + (int64_t)blockIdx.x * s.bm.bytes : (char *)wfk_smem;
    int64_t most = 0; /* the block memory its points used, for the launcher's next size */
    for (int64_t b = blockIdx.x; b < nbins; b += gridDim.x) {
        int64_t p = b, slot0 = 0, slotn = blockDim.x;
        if (perm) {
            int64_t lo = start[b], hi = start[b + 1] - 1;
            while (lo < hi) { /* the last point whose first thread is at or before this one */
                int64_t mid = (lo + hi + 1) / 2;
                if ((slot[mid] & 0xffff) <= (int32_t)threadIdx.x)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            p = perm[lo];
            slot0 = slot[lo] & 0xffff;
            slotn = slot[lo] >> 16;
        }
        int64_t used = 0;
        if (s.belem(ctx, p, blo, &bfail, &used, slot0, slotn)) {
            atomicExch((int *)&bfail, 1);
            return; /* the others leave at their next barrier */
        }
        used = (used + slotn - 1) / slotn * blockDim.x; /* the block's memory at that much per thread */
        most = used > most ? used : most;
        __syncthreads();
        if (wfb_failed(&bfail))
            return;
    }
    if (most > 0)
        atomicMax(&s.bm.stat[0], (unsigned long long)most);
}

/* The most threads a block of kernel k may have (its registers decide): a multiple of 32. */
static int wfb_kernel_threads(const void *k) {
    cudaFuncAttributes a;
    if (cudaFuncGetAttributes(&a, k) != cudaSuccess || a.maxThreadsPerBlock < 32)
        return 256;
    return a.maxThreadsPerBlock / 32 * 32;
}

/* The context's wfb_state (rts/cuda_kernels.cuh) of the launcher whose key is key (the address
 * of its kernel, plus 1 for a binned one): 48 KiB of block memory at first, as a block using
 * all of the shared memory would be the only one on its multiprocessor.  NULL when out of
 * memory. */
static wfb_state *wfb_state_for(const wfk_launch *L, const void *key) {
    struct wfk_cu_state *c = wfk_cu(L);
    for (int i = 0; i < c->n_blocks; i++)
        if (c->blocks[i].key == key)
            return &c->blocks[i].st;
    if (c->n_blocks == c->cap_blocks) {
        int cap = c->cap_blocks ? 2 * c->cap_blocks : 8;
        void *v = realloc(c->blocks, sizeof *c->blocks * (size_t)cap);
        if (!v)
            return NULL;
        c->blocks = (decltype(c->blocks))v;
        c->cap_blocks = cap;
    }
    c->blocks[c->n_blocks].key = key;
    c->blocks[c->n_blocks].st = wfb_state{48 * 1024 - 1024, NULL, NULL, 0};
    return &c->blocks[c->n_blocks++].st;
}

/* Runs launch(smem) (a block kernel k of `blocks` blocks given s's block memory) with as much
 * block memory as the points used last time, again with more while a point asked for more. */
template <class S, class Launch>
static int wfb_run(const wfk_launch *L, wfb_state *st, S &s, const void *k, int64_t blocks, Launch launch) {
    if (!st)
        return (int)cudaErrorMemoryAllocation;
    if (!st->stat && cudaMalloc((void **)&st->stat, 2 * sizeof *st->stat) != cudaSuccess)
        return (int)cudaErrorMemoryAllocation;
    for (;;) {
        s.bm.bytes = st->bytes;
        s.bm.stat = st->stat;
        s.bm.global = NULL;
        size_t smem = (size_t)st->bytes;
        if (st->bytes > wfk_cu(L)->smem_max) {
            if (blocks * st->bytes > st->global_cap) {
                if (st->global)
                    cudaFree(st->global);
                st->global_cap = 0;
                if (cudaMalloc((void **)&st->global, (size_t)(blocks * st->bytes)) != cudaSuccess)
                    return (int)cudaErrorMemoryAllocation;
                st->global_cap = blocks * st->bytes;
            }
            s.bm.global = st->global;
            smem = 0;
        } else if (smem > 48 * 1024 - 1024) {
            cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        }
        if (cudaMemsetAsync(st->stat, 0, 2 * sizeof *st->stat, L->stream) != cudaSuccess)
            return (int)cudaGetLastError();
        launch(smem);
        int rc = (int)cudaGetLastError();
        unsigned long long got[2] = {0, 0};
        if (rc || (rc = (int)cudaMemcpyAsync(got, st->stat, sizeof got, cudaMemcpyDeviceToHost, L->stream)) ||
            (rc = (int)cudaStreamSynchronize(L->stream)))
            return rc;
        int64_t used = (int64_t)got[0];
        if (!got[1]) { /* next time: what the points used (at least 1 KiB) */
            st->bytes = used < 1024 ? 1024 : (used + 15) / 16 * 16;
            return 0;
        }
        st->bytes = used > 2 * st->bytes ? (used + 15) / 16 * 16 : 2 * st->bytes;
    }
}

/* The block size bs fitted to the arenas the launcher made: no more threads in a block than
 * max_threads (whole warps; the launcher makes at least one warp's arenas). */
static int wfd_fit_block(int bs, int64_t max_threads) {
    if (bs <= max_threads)
        return bs;
    int64_t fit = max_threads / 32 * 32;
    return fit >= 32 ? (int)fit : 32;
}

/* Runs a block kernel, one point per block (48 KiB of block memory at first). */
template <class S>
static int wfd_run_block_map(const wfk_launch *L, S &s, int64_t bsize, int64_t max_threads) {
    if (s.w == 0)
        return 0;
    const void *k = (const void *)wfd_block_map_kernel<S>;
    int most = wfb_kernel_threads(k);
    int bs = bsize < most ? (int)bsize : most; /* fewer threads than points: each runs several */
    bs = wfd_fit_block(bs, max_threads);
    int64_t blocks = s.w < (1 << 20) ? s.w : (1 << 20);
    if (blocks * bs > max_threads)
        blocks = max_threads / bs > 0 ? max_threads / bs : 1;
    return wfb_run(L, wfb_state_for(L, k), s, k, blocks, [&](size_t smem) {
        wfd_block_map_kernel<S><<<(unsigned)blocks, bs, smem, L->stream>>>((wfk_ctx *)L->err, s, NULL, NULL, NULL, s.w);
    });
}

/* ---- bins (seed 000, src/flatten/bins.c) ---- */

/* Grows the device buffer *p to bytes (kept between calls: the context's wfk_cu_state). */
static int wfb_grow(void **p, size_t *cap, size_t bytes) {
    if (bytes <= *cap)
        return 0;
    if (*p)
        cudaFree(*p);
    *cap = 0;
    if (cudaMalloc(p, bytes) != cudaSuccess)
        return (int)cudaErrorMemoryAllocation;
    *cap = bytes;
    return 0;
}

/* Runs a binned segmap over s.w points of the widths and loop counts given (device arrays;
 * counts may be NULL): the packing, then the kernel, with block memory as wfd_run_block_map. */
template <class S>
static int wfd_run_bin_map(const wfk_launch *L, S &s, const int64_t *dwidth, const int64_t *dcount,
                           int64_t max_threads) {
    int64_t n = s.w;
    if (n == 0)
        return 0;
    int64_t *width = (int64_t *)malloc((size_t)n * sizeof *width);
    int64_t *count = dcount ? (int64_t *)malloc((size_t)n * sizeof *count) : NULL;
    int64_t *perm = (int64_t *)malloc((size_t)n * sizeof *perm), *start = (int64_t *)malloc((size_t)(n + 1) * sizeof *start);
    int32_t *slot = (int32_t *)malloc((size_t)n * sizeof *slot);
    int rc = 0;
    if (!width || (dcount && !count) || !perm || !start || !slot)
        rc = (int)cudaErrorMemoryAllocation;
    if (!rc)
        rc = (int)cudaMemcpyAsync(width, dwidth, (size_t)n * sizeof *width, cudaMemcpyDeviceToHost, L->stream);
    if (!rc && dcount)
        rc = (int)cudaMemcpyAsync(count, dcount, (size_t)n * sizeof *count, cudaMemcpyDeviceToHost, L->stream);
    if (!rc)
        rc = (int)cudaStreamSynchronize(L->stream);
    int64_t widest = 1;
    for (int64_t i = 0; !rc && i < n; i++)
        widest = width[i] > widest ? width[i] : widest;
    /* a block of 256 threads, more for points that want more (at most 1024 and what the
     * kernel's registers allow) */
    const void *k = (const void *)wfd_block_map_kernel<S>;
    int bs = widest <= 256 ? 256 : widest >= 1024 ? 1024 : (int)((widest + 31) / 32 * 32);
    int most = wfb_kernel_threads(k);
    bs = bs < most ? bs : most;
    bs = wfd_fit_block(bs, max_threads);
    int64_t nbins = rc ? 0 : wfb_pack(n, width, count, bs, perm, slot, start);
    if (nbins < 0)
        rc = (int)cudaErrorMemoryAllocation;
    size_t pb = (size_t)n * sizeof *perm, sb = (size_t)n * sizeof *slot, bb = (size_t)(nbins + 1) * sizeof *start;
    if (!rc)
        rc = wfb_grow(&wfk_cu(L)->bins, &wfk_cu(L)->bins_cap, pb + sb + bb + 16);
    char *dbuf = (char *)wfk_cu(L)->bins;
    int64_t *dperm = (int64_t *)dbuf, *dstart = (int64_t *)(dbuf + pb);
    int32_t *dslot = (int32_t *)(dbuf + pb + bb);
    if (!rc)
        rc = (int)cudaMemcpyAsync(dperm, perm, pb, cudaMemcpyHostToDevice, L->stream);
    if (!rc)
        rc = (int)cudaMemcpyAsync(dstart, start, bb, cudaMemcpyHostToDevice, L->stream);
    if (!rc)
        rc = (int)cudaMemcpyAsync(dslot, slot, sb, cudaMemcpyHostToDevice, L->stream);
    if (!rc)
        rc = (int)cudaStreamSynchronize(L->stream); /* before the host buffers go */
    free(width);
    free(count);
    free(perm);
    free(start);
    free(slot);
    if (rc)
        return rc;
    int64_t blocks = nbins < (1 << 20) ? nbins : (1 << 20);
    if (blocks * bs > max_threads)
        blocks = max_threads / bs > 0 ? max_threads / bs : 1;
    return wfb_run(L, wfb_state_for(L, (const char *)k + 1), s, k, blocks, [&](size_t smem) {
        wfd_block_map_kernel<S>
            <<<(unsigned)blocks, bs, smem, L->stream>>>((wfk_ctx *)L->err, s, dperm, dslot, dstart, nbins);
    });
}

/* Blocks of bs threads for a grid-stride loop over w points: one point per thread, at most 2^20
 * blocks and max_threads threads (the arenas the launcher made; bs fitted to them). */
static int64_t wfd_grid_blocks(int64_t w, int bs, int64_t max_threads) {
    int64_t blocks = (w + bs - 1) / bs;
    if (blocks > (1 << 20))
        blocks = 1 << 20;
    if (blocks * bs > max_threads)
        blocks = max_threads / bs > 0 ? max_threads / bs : 1;
    return blocks;
}

template <class S>
static int wfd_run_map(const wfk_launch *L, const S &s, int64_t max_threads) {
    if (s.w == 0)
        return 0;
    int bs = wfd_fit_block(L->block_size, max_threads);
    int64_t blocks = wfd_grid_blocks(s.w, bs, max_threads);
    wfd_map_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    return (int)cudaGetLastError();
}

/* Threads of kernel k resident on the whole device at once, in blocks of bs threads (0 when
 * the runtime cannot tell). */
static int64_t wfd_resident(const wfk_launch *L, const void *k, int bs) {
    int blocks = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, bs, 0) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return (int64_t)blocks * bs * wfk_cu(L)->sms;
}

/* A segmap whose points loop (src/backend/cuda/kernels.c): when its points fill the device only
 * a few times over, the time is that of the rounds of resident threads, each as long as a
 * point, and latency is hidden only by the warps resident.  So then: blocks of
 * WFD_HEAVY_BLOCK threads, 32 when that leaves multiprocessors without a block (the points
 * spread evenly over the multiprocessors, no half-empty last wave of big blocks), and the
 * kernel with registers capped where that makes fewer rounds (the plain kernel's registers
 * may leave most of a multiprocessor's warps unused).
 * Many rounds: as wfd_run_map. */
#define WFD_HEAVY_BLOCK 64
#define WFD_HEAVY_ROUNDS 4
template <class S>
static int wfd_run_heavy_map(const wfk_launch *L, const S &s, int64_t max_threads) {
    if (s.w == 0)
        return 0;
    static int64_t plain_cap = -1, lean_cap = -1; /* per kernel: the device's one kind of GPU */
    if (plain_cap < 0) {
        plain_cap = wfd_resident(L, (const void *)wfd_map_kernel<S>, WFD_HEAVY_BLOCK);
        lean_cap = wfd_resident(L, (const void *)wfd_lean_map_kernel<S>, WFD_HEAVY_BLOCK);
    }
    int64_t plain_rounds = plain_cap > 0 ? (s.w + plain_cap - 1) / plain_cap : WFD_HEAVY_ROUNDS + 1;
    int64_t lean_rounds = lean_cap > 0 ? (s.w + lean_cap - 1) / lean_cap : WFD_HEAVY_ROUNDS + 1;
    if (plain_rounds > WFD_HEAVY_ROUNDS || max_threads < WFD_HEAVY_BLOCK)
        return wfd_run_map(L, s, max_threads);
    int bs = (s.w + WFD_HEAVY_BLOCK - 1) / WFD_HEAVY_BLOCK < wfk_cu(L)->sms ? 32 : WFD_HEAVY_BLOCK;
    int64_t blocks = wfd_grid_blocks(s.w, bs, max_threads);
    if (lean_rounds < plain_rounds)
        wfd_lean_map_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    else
        wfd_map_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    return (int)cudaGetLastError();
}

/* A tiled segmap (src/backend/cuda/tile.c): blocks of WFD_TILE x WFD_TILE threads, each
 * block's points (i0 + threadIdx.y, j0 + threadIdx.x); s.tile() meets the block at barriers, so
 * every thread of a block calls it the same number of times (the loops are the block's).  When
 * the blocks are too few to fill the device and the rows are long, the columns are split over
 * blockIdx.z: each split folds its columns into a partial result per point (in parts), and
 * wfd_tile_finish_kernel folds the partial results in order (the operator is associative). */
#define WFD_TILE 16
#define WFD_TILE_STEP 64      /* the spec's columns per step (tile.c FT_KTILE) */
#define WFD_TILE_MIN_STEPS 4  /* a split has at least this many steps */

template <class S>
__global__ void __launch_bounds__(WFD_TILE *WFD_TILE)
    wfd_tile_kernel(wfk_ctx *ctx, S s, int64_t nbx, int64_t nby, int64_t chunk, typename S::Acc *parts) {
    extern __shared__ unsigned char wfk_smem[];
    int64_t m = s.width(), klo = (int64_t)blockIdx.z * chunk, khi = klo + chunk < m ? klo + chunk : m;
    typename S::Acc *part = parts ? parts + (int64_t)blockIdx.z * s.wd[0] * s.wd[1] : NULL;
    for (int64_t by = blockIdx.y; by < nby; by += gridDim.y)
        for (int64_t bx = blockIdx.x; bx < nbx; bx += gridDim.x)
            s.tile(ctx, by * WFD_TILE, bx * WFD_TILE, klo, khi, part, wfk_smem);
}

template <class S>
__global__ void wfd_tile_finish_kernel(wfk_ctx *ctx, S s, int64_t nparts, const typename S::Acc *parts) {
    int64_t w = s.wd[0] * s.wd[1], stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < w; i += stride)
        s.finish(ctx, i, parts, nparts);
}

/* How many splits of the columns: enough blocks for two waves of one block per multiprocessor,
 * each split at least WFD_TILE_MIN_STEPS steps long, the partial results at most 256 MiB. */
static int64_t wfd_tile_splits(const wfk_launch *L, int64_t blocks, int64_t m, int64_t points, size_t acc_size) {
    int64_t want = 2 * wfk_cu(L)->sms;
    if (blocks >= want)
        return 1;
    int64_t splits = (want + blocks - 1) / blocks, most = m / (WFD_TILE_STEP * WFD_TILE_MIN_STEPS);
    splits = splits < most ? splits : most;
    while (splits > 1 && (size_t)(splits * points) * acc_size > ((size_t)256 << 20))
        splits /= 2;
    return splits < 1 ? 1 : splits > 65535 ? 65535 : splits;
}

template <class S>
static int wfd_run_tiled(const wfk_launch *L, const S &s, int smem) {
    typedef typename S::Acc Acc;
    int64_t n0 = s.wd[0], n1 = s.wd[1], m = s.width();
    if (n0 == 0 || n1 == 0)
        return 0;
    int64_t nby = (n0 + WFD_TILE - 1) / WFD_TILE, nbx = (n1 + WFD_TILE - 1) / WFD_TILE;
    int64_t splits = wfd_tile_splits(L, nbx * nby, m, n0 * n1, sizeof(Acc));
    int64_t chunk = m > 0 ? (m + splits - 1) / splits : 1;
    chunk = (chunk + WFD_TILE_STEP - 1) / WFD_TILE_STEP * WFD_TILE_STEP;
    splits = m > 0 ? (m + chunk - 1) / chunk : 1;
    Acc *parts = NULL;
    if (splits > 1 && !(parts = (Acc *)wfk_scratch(L, sizeof(Acc) * (size_t)(splits * n0 * n1))))
        return (int)cudaErrorMemoryAllocation;
    dim3 grid((unsigned)(nbx < (1 << 30) ? nbx : (1 << 30)), (unsigned)(nby < 65535 ? nby : 65535), (unsigned)splits);
    wfd_tile_kernel<S>
        <<<grid, dim3(WFD_TILE, WFD_TILE), (size_t)smem, L->stream>>>((wfk_ctx *)L->err, s, nbx, nby, chunk, parts);
    if (splits > 1) {
        int bs = L->block_size;
        int64_t blocks = (n0 * n1 + bs - 1) / bs;
        blocks = blocks < (1 << 20) ? blocks : (1 << 20);
        wfd_tile_finish_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s, splits, parts);
    }
    return (int)cudaGetLastError();
}

/* A hist (src/backend/cuda/kernels.c): each iteration's value combined into its bin with the
 * spec's atomic combine().  In global memory, or, for histograms small enough, first into a
 * copy of the bins in the block's shared memory (from the neutral element), which the block then
 * combines into the global bins: contention stays inside the block.  The operator is
 * commutative (the language requires it), so the order of the combinations does not matter. */
template <class S>
__global__ void wfd_hist_kernel(wfk_ctx *ctx, S s) {
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < s.w; i += stride) {
        int64_t b;
        typename S::Bin v;
        if (s.elem(ctx, i, &b, &v))
            return;
        if ((uint64_t)b < (uint64_t)s.nb && s.combine(ctx, s.bin(b), v))
            return;
    }
}

template <class S>
__global__ void wfd_hist_shared_kernel(wfk_ctx *ctx, S s) {
    extern __shared__ unsigned char wfk_smem[];
    typedef typename S::Bin T;
    T *h = (T *)wfk_smem;
    for (int64_t b = threadIdx.x; b < s.nb; b += blockDim.x)
        h[b] = s.ne();
    __syncthreads();
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    bool failed = false; /* a failing thread still reaches the barrier */
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < s.w && !failed; i += stride) {
        int64_t b;
        T v;
        failed = s.elem(ctx, i, &b, &v) || ((uint64_t)b < (uint64_t)s.nb && s.combine(ctx, &h[b], v));
    }
    __syncthreads();
    for (int64_t b = threadIdx.x; b < s.nb; b += blockDim.x)
        if (s.combine(ctx, s.bin(b), h[b]))
            return;
}

/* Bins in shared memory up to this many bytes (several blocks per multiprocessor still fit). */
#define WFD_HIST_SHARED_BYTES 16384

template <class S>
static int wfd_run_hist(const wfk_launch *L, const S &s, int64_t max_threads) {
    if (s.w == 0)
        return 0;
    int bs = wfd_fit_block(L->block_size, max_threads);
    int64_t blocks = wfd_grid_blocks(s.w, bs, max_threads);
    /* whole words: wfd_cas_small works on the aligned 4-byte word around a bin */
    int64_t bytes = (s.nb * (int64_t)sizeof(typename S::Bin) + 15) / 16 * 16;
    if (bytes <= WFD_HIST_SHARED_BYTES) {
        /* each block combines its copy into the global bins once: one wave of blocks (as many
         * as the multiprocessors hold at once), with enough values per block (four per bin at
         * least) that the copies pay */
        int64_t wave = wfk_cu(L)->sms * wfk_cu(L)->sm_threads / bs;
        wave = wave > 0 ? wave : 1;
        int64_t most = s.w / (4 * (s.nb > 0 ? s.nb : 1));
        int64_t sblocks = blocks < most ? blocks : most;
        sblocks = sblocks < wave ? sblocks : wave;
        if (sblocks >= 1) {
            wfd_hist_shared_kernel<S>
                <<<(unsigned)sblocks, bs, (size_t)(bytes > 0 ? bytes : 16), L->stream>>>((wfk_ctx *)L->err, s);
            return (int)cudaGetLastError();
        }
    }
    wfd_hist_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    return (int)cudaGetLastError();
}

/* A segred / segscan over several dimensions: one thread per segment (the points of a segment
 * are consecutive flat indices), its elements in order. */
template <class S>
__global__ void wfd_segred_kernel(wfk_ctx *ctx, S s) {
    int64_t seg = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (seg >= s.segs)
        return;
    typedef typename S::Red T;
    T acc = s.red_ne();
    for (int64_t j = 0; j < s.inner; j++) {
        typename S::Scan sc;
        T y, r;
        if (s.elem(ctx, seg * s.inner + j, &sc, &y) || s.red_op(ctx, acc, y, &r))
            return;
        acc = r;
    }
    s.seg_store(seg, acc);
}

template <class S>
__global__ void wfd_segscan_kernel(wfk_ctx *ctx, S s) {
    int64_t seg = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (seg >= s.segs)
        return;
    typedef typename S::Scan T;
    T acc = s.scan_ne();
    for (int64_t j = 0; j < s.inner; j++) {
        typename S::Red rd;
        T y, r;
        if (s.elem(ctx, seg * s.inner + j, &y, &rd) || s.scan_op(ctx, acc, y, &r))
            return;
        acc = r;
        s.scan_store(seg * s.inner + j, acc);
    }
}

/* A segscan of many segments of 16 elements or more: one warp per segment (as
 * wfd_segred_warp_kernel), 32 consecutive elements at a time, scanned by shuffles in lane order
 * (lane l combines lane l - d's value in front of its own: operands are never reordered), the
 * carry of the elements before folded in front; lanes past the segment's end hold the neutral
 * element and store nothing.  A failing element leaves its error and the neutral element (the
 * warp's lanes must all reach every shuffle). */
template <class S>
__global__ void wfd_segscan_warp_kernel(wfk_ctx *ctx, S s) {
    typedef typename S::Scan T;
    int lane = (int)threadIdx.x & 31;
    int64_t warp = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int64_t nwarps = ((int64_t)gridDim.x * blockDim.x) >> 5;
    for (int64_t seg = warp; seg < s.segs; seg += nwarps) {
        T carry = s.scan_ne();
        for (int64_t base = 0; base < s.inner; base += 32) {
            int64_t j = base + lane;
            T y = s.scan_ne();
            bool ok = j < s.inner;
            if (ok) {
                typename S::Red rd;
                T v;
                ok = !s.elem(ctx, seg * s.inner + j, &v, &rd);
                if (ok)
                    y = v;
            }
            for (int d = 1; d < 32; d *= 2) {
                T other = wfk_shfl_up(y, d), r;
                if (lane >= d && !s.scan_op(ctx, other, y, &r))
                    y = r;
            }
            T r;
            if (!s.scan_op(ctx, carry, y, &r))
                y = r;
            if (ok)
                s.scan_store(seg * s.inner + j, y);
            carry = wfk_shfl_idx(y, 31);
        }
    }
}

/* A segscan with few, long segments: one block per segment, in tiles of blockDim elements:
 * each tile is scanned in shared memory (Hillis-Steele, operands in order), the carry of the
 * tiles before it folded in front. */
template <class S>
__global__ void wfd_segscan_block_kernel(wfk_ctx *ctx, S s) {
    typedef typename S::Scan T;
    extern __shared__ unsigned char wfk_smem[];
    T *buf = (T *)wfk_smem;
    int t = (int)threadIdx.x, bs = (int)blockDim.x;
    for (int64_t seg = blockIdx.x; seg < s.segs; seg += gridDim.x) {
        T carry = s.scan_ne();
        for (int64_t base = 0; base < s.inner; base += bs) {
            int64_t j = base + t;
            T v = s.scan_ne();
            if (j < s.inner) {
                typename S::Red rd;
                T y;
                if (!s.elem(ctx, seg * s.inner + j, &y, &rd))
                    v = y;
            }
            buf[t] = v;
            __syncthreads();
            for (int d = 1; d < bs; d *= 2) {
                T r = buf[t];
                if (t >= d && s.scan_op(ctx, buf[t - d], buf[t], &r))
                    r = buf[t];
                __syncthreads();
                buf[t] = r;
                __syncthreads();
            }
            T out = buf[t], r;
            if (!s.scan_op(ctx, carry, out, &r))
                out = r;
            if (j < s.inner)
                s.scan_store(seg * s.inner + j, out);
            T last = buf[bs - 1];
            __syncthreads();
            if (!s.scan_op(ctx, carry, last, &r))
                carry = r;
        }
    }
}

/* A segred with few, long segments: `parts` blocks per segment (block b folds part b % parts
 * of segment b / parts, a contiguous chunk, by wfk_block_fold_range).  With one part the block
 * stores the segment's result; with more, the parts go to out[seg * parts + part] for
 * wfd_segred_parts_kernel.  Operands are never reordered. */
template <class S>
__global__ void wfd_segred_block_kernel(wfk_ctx *ctx, S s, int64_t parts, int64_t chunk, typename S::Red *out) {
    typedef typename S::Red T;
    extern __shared__ unsigned char wfk_smem[];
    for (int64_t b = blockIdx.x; b < s.segs * parts; b += gridDim.x) {
        int64_t seg = b / parts, part = b % parts;
        int64_t lo = seg * s.inner + part * chunk, end = (seg + 1) * s.inner;
        T acc = wfk_block_fold_range(ctx, s, lo, lo + chunk < end ? lo + chunk : end, (T *)wfk_smem);
        if (threadIdx.x == 0) {
            if (parts == 1)
                s.seg_store(seg, acc);
            else
                out[b] = acc;
        }
    }
}

/* The second step of a segred in parts: block `seg` folds out[seg * parts ..] in order. */
template <class S>
__global__ void wfd_segred_parts_kernel(wfk_ctx *ctx, S s, int64_t parts, const typename S::Red *in) {
    typedef typename S::Red T;
    extern __shared__ unsigned char wfk_smem[];
    for (int64_t seg = blockIdx.x; seg < s.segs; seg += gridDim.x) {
        T acc = wfk_block_fold_values(ctx, s, in + seg * parts, parts, (T *)wfk_smem);
        if (threadIdx.x == 0)
            s.seg_store(seg, acc);
    }
}

/* Blocks a segred of few long segments aims for: enough to fill a GPU several times over. */
#define WFD_SEGRED_BLOCKS 1024

/* Few segments (fewer than a GPU's worth of threads) of some length: a block each. */
static inline bool wfd_few_long(int64_t segs, int64_t inner) { return segs < 16384 && inner >= 64; }

/* A segred over several dimensions with longer segments: one warp per segment.  The warp reads
 * 32 consecutive elements at a time (coalesced when the body reads its input along the
 * innermost index), folds them in order by a tree of shuffles (lane l combines with lane
 * l + d at step d: operands are never reordered), and lane 0 folds the result into the
 * segment's accumulator.  Lanes past the segment's end hold the neutral element. */
template <class S>
__global__ void wfd_segred_warp_kernel(wfk_ctx *ctx, S s) {
    typedef typename S::Red T;
    int lane = (int)threadIdx.x & 31;
    int64_t warp = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int64_t nwarps = ((int64_t)gridDim.x * blockDim.x) >> 5;
    for (int64_t seg = warp; seg < s.segs; seg += nwarps) {
        T acc = s.red_ne();
        for (int64_t base = 0; base < s.inner; base += 32) {
            int64_t j = base + lane;
            T y = s.red_ne();
            if (j < s.inner) {
                typename S::Scan sc;
                T v;
                if (!s.elem(ctx, seg * s.inner + j, &sc, &v))
                    y = v;
            }
            for (int d = 1; d < 32; d *= 2) {
                T other = wfk_shfl_down(y, d), r;
                if ((lane & (2 * d - 1)) == 0 && !s.red_op(ctx, y, other, &r))
                    y = r;
            }
            if (lane == 0) {
                T r;
                if (!s.red_op(ctx, acc, y, &r))
                    acc = r;
            }
        }
        if (lane == 0)
            s.seg_store(seg, acc);
    }
}

template <class S>
static int wfd_run_segred(const wfk_launch *L, const S &s) {
    if (s.segs == 0)
        return 0;
    int bs = L->block_size < 32 ? 32 : L->block_size & ~31;
    if (wfd_few_long(s.segs, s.inner)) {
        /* parts per segment: up to WFD_SEGRED_BLOCKS blocks in all, each at least one tile */
        int64_t tile = (int64_t)bs * WFK_RED_ITEMS;
        int64_t parts = (WFD_SEGRED_BLOCKS + s.segs - 1) / s.segs, tiles = (s.inner + tile - 1) / tile;
        if (parts > tiles)
            parts = tiles;
        int64_t chunk = (tiles + parts - 1) / parts * tile;
        parts = (s.inner + chunk - 1) / chunk;
        typedef typename S::Red T;
        T *part = NULL;
        if (parts > 1 && !(part = (T *)wfk_scratch(L, sizeof(T) * (size_t)(s.segs * parts))))
            return (int)cudaErrorMemoryAllocation;
        int64_t blocks = s.segs * parts < 65535 ? s.segs * parts : 65535;
        wfd_segred_block_kernel<S>
            <<<(unsigned)blocks, bs, sizeof(T) * (size_t)bs, L->stream>>>((wfk_ctx *)L->err, s, parts, chunk, part);
        if (parts > 1) {
            blocks = s.segs < 65535 ? s.segs : 65535;
            wfd_segred_parts_kernel<S>
                <<<(unsigned)blocks, bs, sizeof(T) * (size_t)bs, L->stream>>>((wfk_ctx *)L->err, s, parts, part);
        }
    } else if (s.inner >= 16) {
        int64_t blocks = (s.segs * 32 + bs - 1) / bs;
        if (blocks > (1 << 20))
            blocks = 1 << 20;
        wfd_segred_warp_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    } else {
        wfd_segred_kernel<S><<<(unsigned)((s.segs + bs - 1) / bs), bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    }
    return (int)cudaGetLastError();
}

template <class S>
static int wfd_run_segscan(const wfk_launch *L, const S &s) {
    if (s.segs == 0)
        return 0;
    int bs = L->block_size;
    if (wfd_few_long(s.segs, s.inner)) {
        int64_t blocks = s.segs < 65535 ? s.segs : 65535;
        wfd_segscan_block_kernel<S>
            <<<(unsigned)blocks, bs, sizeof(typename S::Scan) * (size_t)bs, L->stream>>>((wfk_ctx *)L->err, s);
    } else if (s.inner >= 16) {
        int wbs = bs < 32 ? 32 : bs & ~31;
        int64_t blocks = (s.segs * 32 + wbs - 1) / wbs;
        if (blocks > (1 << 20))
            blocks = 1 << 20;
        wfd_segscan_warp_kernel<S><<<(unsigned)blocks, wbs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    } else {
        wfd_segscan_kernel<S><<<(unsigned)((s.segs + bs - 1) / bs), bs, 0, L->stream>>>((wfk_ctx *)L->err, s);
    }
    return (int)cudaGetLastError();
}

/* dst[j * n0 + i] = src element (i, j) of the view (n0 x n1, strides s0, s1): the transpose a
 * kernel reads coalesced. */
template <class T>
__global__ void wfd_transpose_kernel(const T *src, int64_t n0, int64_t n1, int64_t s0, int64_t s1, T *dst) {
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t f = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; f < n0 * n1; f += stride) {
        int64_t j = f / n0, i = f % n0;
        dst[f] = src[i * s0 + j * s1];
    }
}

extern "C" int wfd_transpose(const wfk_launch *L, const void *src, int64_t n0, int64_t n1, int64_t s0, int64_t s1,
                             int esz, void *dst) {
    int64_t n = n0 * n1;
    if (n == 0)
        return 0;
    int64_t blocks = (n + 255) / 256;
    if (blocks > 65536)
        blocks = 65536;
    switch (esz) {
    case 1:
        wfd_transpose_kernel<<<(unsigned)blocks, 256, 0, L->stream>>>((const int8_t *)src, n0, n1, s0, s1,
                                                                      (int8_t *)dst);
        break;
    case 2:
        wfd_transpose_kernel<<<(unsigned)blocks, 256, 0, L->stream>>>((const int16_t *)src, n0, n1, s0, s1,
                                                                      (int16_t *)dst);
        break;
    case 4:
        wfd_transpose_kernel<<<(unsigned)blocks, 256, 0, L->stream>>>((const int32_t *)src, n0, n1, s0, s1,
                                                                      (int32_t *)dst);
        break;
    default:
        wfd_transpose_kernel<<<(unsigned)blocks, 256, 0, L->stream>>>((const int64_t *)src, n0, n1, s0, s1,
                                                                      (int64_t *)dst);
    }
    return (int)cudaGetLastError();
}

/* A reduction by chunks: row r of the totals (nt rows) holds the fold of points
 * [r*chunk, (r+1)*chunk); a thread folds rows r, r + its grid's threads, ... in turn (a fresh
 * arena for each), so that rows need not have an arena each. */
template <class S>
__global__ void wfd_chunks_kernel(wfk_ctx *ctx, S s, int64_t nt, int64_t chunk) {
    int64_t step = (int64_t)gridDim.x * blockDim.x;
    for (int64_t r = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; r < nt; r += step) {
        int64_t lo = r * chunk, hi = lo + chunk < s.w ? lo + chunk : s.w;
        s.chunk(ctx, r, lo < s.w ? lo : s.w, hi);
    }
}

template <class S>
static int wfd_run_chunks(const wfk_launch *L, const S &s, int64_t nt, int64_t max_threads) {
    int64_t threads = nt < max_threads ? nt : max_threads;
    int bs = wfd_fit_block(L->block_size, max_threads);
    int64_t chunk = nt ? (s.w + nt - 1) / nt : 0;
    if (threads < 1)
        return 0;
    int64_t blocks = (threads + bs - 1) / bs;
    if (blocks * bs > max_threads) /* no thread past the arenas */
        blocks = max_threads / bs > 0 ? max_threads / bs : 1;
    wfd_chunks_kernel<S><<<(unsigned)blocks, bs, 0, L->stream>>>((wfk_ctx *)L->err, s, nt, chunk);
    return (int)cudaGetLastError();
}
