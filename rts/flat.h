/* flat.h — arrays of generated programs (src/backend, docs/BACKENDS.md): every regular
 * array is a view into a reference-counted memory block.  Pasted into generated programs after
 * runtime.h; plain C11, no exit().
 *
 *  - wf_blk: a block of memory.  rc counts the variables (and slots) holding it; the data is a
 *    wf_alloc block, so a result can be handed to the harness without a copy.  Blocks made
 *    outside parallel regions of a multicore program are `shared`: their counts change
 *    atomically, since the threads of a region may take references to them.  Every live block
 *    is on its context's list (ctx->blocks), so that a failed entry call can free what it held.
 *  - Views: one struct per element type and rank, made by WFV_DEFINE: the element pointer p
 *    (element [0, ..., 0]), the block m it lies in (NULL: memory that outlives the program's
 *    use of it — constants, the entry's inputs), the extents n[] and the strides s[] in
 *    elements.  Strides are always valid; the code generator uses the extents instead where it
 *    knows the layout is row-major (dense).
 *  - Slots: an allocation site inside a loop or a SOAC iteration keeps its blocks in a slot, so
 *    that an iteration reuses the memory of the previous ones instead of allocating: a block
 *    is reused when the slot holds the only reference to it (rc == 1) and it is big enough.
 *    Every block of a slot is made by its one allocation site, with the site's `shared` (a
 *    constant in the generated call): the fast paths of a private site read no flag.
 */
#ifndef WF_FLAT_H
#define WF_FLAT_H

#include <stdbool.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "wf_scalar.h"
#include "flat_views.h"

#define WF_U __attribute__((unused))
/* What generated code does on a failure (e: the result of wf_error, or 1): return it; parallel
 * regions redefine it to record the failure and leave the region. */
#define WF_FAIL(e) return (e)

typedef struct wf_blk wf_blk;
struct wf_blk {
    int64_t rc;
    bool shared;        /* rc changes atomically */
    bool in_slot;       /* one of the references is a slot's (see below) */
    bool external;      /* data belongs to someone else (the harness's inputs): not freed */
    size_t cap;         /* bytes of data */
    void *data;         /* wf_alloc'ed */
    wf_blk *prev, *next; /* the context's list of live blocks */
#ifdef WF_CUDA
    void *dev;          /* weft cuda (rts/flat_cuda.h): the device copy, or NULL */
    bool host_ok, dev_ok; /* which copies hold the current contents */
    bool dev_borrowed;  /* dev belongs to a library array (an argument): not released */
#endif
};

#ifdef WF_CUDA
static void wfc_drop(wf_ctx *ctx, wf_blk *b); /* rts/flat_cuda.h: releases the device copy */
static void wfc_adopt_staged(wf_ctx *ctx, wf_blk *b); /* rts/flat_cuda.h: the device copy staged for b's data */
#endif

static inline void wf_blk_list_lock(wf_ctx *ctx) {
    while (__atomic_test_and_set(&ctx->blocks.lock, __ATOMIC_ACQUIRE)) {
    }
}
static inline void wf_blk_list_unlock(wf_ctx *ctx) { __atomic_clear(&ctx->blocks.lock, __ATOMIC_RELEASE); }

/* A new block of bytes (rc = 1); NULL with the error recorded when memory runs out. */
static inline __attribute__((unused)) wf_blk *wf_blk_new(wf_ctx *ctx, size_t bytes, bool shared, const char *loc) {
    wf_blk *b = malloc(sizeof *b);
    if (!b) {
        wf_error(ctx, loc, "out of memory");
        return NULL;
    }
    b->data = wf_alloc(ctx, bytes ? bytes : 1, loc);
    if (!b->data) {
        free(b);
        return NULL;
    }
    b->rc = 1;
    b->shared = shared;
    b->in_slot = false;
    b->external = false;
#ifdef WF_CUDA
    b->dev = NULL;
    b->host_ok = true;
    b->dev_ok = false;
    b->dev_borrowed = false;
#endif
    b->cap = bytes;
    wf_blk_list_lock(ctx);
    wf_blk *head = ctx->blocks.head;
    b->prev = NULL;
    b->next = head;
    if (head)
        head->prev = b;
    ctx->blocks.head = b;
    wf_blk_list_unlock(ctx);
    return b;
}

static __attribute__((unused, noinline)) void wf_blk_free(wf_ctx *ctx, wf_blk *b) {
    wf_blk_list_lock(ctx);
    if (b->prev)
        b->prev->next = b->next;
    else
        ctx->blocks.head = b->next;
    if (b->next)
        b->next->prev = b->prev;
    wf_blk_list_unlock(ctx);
#ifdef WF_CUDA
    wfc_drop(ctx, b);
#endif
    if (!b->external)
        wf_free(ctx, b->data);
    free(b);
}

/* A block for data someone else owns (rc 1): the entry's inputs, so that they can have device
 * copies.  Freeing it frees the header only. */
static inline __attribute__((unused)) wf_blk *wf_blk_wrap(wf_ctx *ctx, void *data, size_t bytes, const char *loc) {
    wf_blk *b = malloc(sizeof *b);
    if (!b) {
        wf_error(ctx, loc, "out of memory");
        return NULL;
    }
    memset(b, 0, sizeof *b);
    b->rc = 1;
    b->external = true;
    b->cap = bytes;
    b->data = data;
#ifdef WF_CUDA
    b->host_ok = true;
    wfc_adopt_staged(ctx, b);
#endif
    wf_blk_list_lock(ctx);
    b->next = ctx->blocks.head;
    if (b->next)
        b->next->prev = b;
    ctx->blocks.head = b;
    wf_blk_list_unlock(ctx);
    return b;
}

/* Takes b off the list and frees its header, leaving its data to whoever took it. */
static inline __attribute__((unused)) void wf_blk_forget(wf_ctx *ctx, wf_blk *b) {
    wf_blk_list_lock(ctx);
    if (b->prev)
        b->prev->next = b->next;
    else
        ctx->blocks.head = b->next;
    if (b->next)
        b->next->prev = b->prev;
    wf_blk_list_unlock(ctx);
    free(b);
}

/* Frees every block still on the list (after a failed entry call; returns how many). */
static inline __attribute__((unused)) int64_t wf_blk_free_all(wf_ctx *ctx) {
    int64_t n = 0;
    while (ctx->blocks.head) {
        wf_blk_free(ctx, ctx->blocks.head);
        n++;
    }
    return n;
}

static inline int64_t wf_blk_rc(const wf_blk *b) {
    return b->shared ? __atomic_load_n(&b->rc, __ATOMIC_ACQUIRE) : b->rc;
}
static __attribute__((unused, noinline)) void wf_ref_shared(wf_blk *b) {
    __atomic_add_fetch(&b->rc, 1, __ATOMIC_RELAXED);
}
static __attribute__((unused, noinline)) void wf_unref_shared(wf_ctx *ctx, wf_blk *b) {
    if (__atomic_sub_fetch(&b->rc, 1, __ATOMIC_ACQ_REL) == 0)
        wf_blk_free(ctx, b);
}
static inline __attribute__((always_inline)) void wf_ref(wf_blk *b) {
    if (!b)
        return;
    if (__builtin_expect(b->shared, 0))
        wf_ref_shared(b);
    else
        b->rc++;
}
static inline __attribute__((always_inline)) void wf_unref(wf_ctx *ctx, wf_blk *b) {
    if (!b)
        return;
    if (__builtin_expect(b->shared, 0))
        wf_unref_shared(ctx, b);
    else if (--b->rc == 0)
        wf_blk_free(ctx, b);
}
/* Whether the holder of one reference to b may write it in place: nobody else holds it (a
 * slot's reference does not count: the slot only keeps the block for reuse), and it is not a
 * library array's lent to the entry (weft cuda, rts/flat_cuda.h wfc_lib_arg). */
static inline bool wf_blk_unique(const wf_blk *b) {
#ifdef WF_CUDA
    if (b && b->dev_borrowed)
        return false;
#endif
    return b && wf_blk_rc(b) == 1 + b->in_slot;
}

/* ---- recursion ----
 * The functions of recursive definitions (src/backend/emit.c) take their call depth (1 for a
 * call from an entry point or a parallel region's iteration) and check, before each call they
 * make, that it leaves the thread's stack room: the outermost call on a thread notes where the
 * stack was, and a call more than the room below that fails with "recursion too deep" at its
 * location instead of overflowing the stack.  The room is 3/4 of the stack limit (`ulimit -s`:
 * the main thread's stack, and on Linux every other thread's by default, OpenMP's workers
 * included), or 6 MiB where there is no limit; WF_STACK_ROOM (bytes) sets it instead. */
#include <sys/resource.h>

static _Thread_local uintptr_t wf_stack_top, wf_stack_room;

static __attribute__((unused, noinline)) uintptr_t wf_stack_room_of_limit(void) {
#ifdef WF_STACK_ROOM
    return (uintptr_t)(WF_STACK_ROOM);
#else
    struct rlimit r;
    if (getrlimit(RLIMIT_STACK, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
        return (uintptr_t)6 << 20;
    return (uintptr_t)(r.rlim_cur / 4 * 3);
#endif
}

/* The depth a function hands its callees (the device counts differently: rts/flat_dev.cuh). */
static inline __attribute__((unused)) int64_t wf_deeper(int64_t depth) { return depth + 1; }

static inline __attribute__((unused, always_inline)) bool wf_too_deep(int64_t depth) {
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    if (depth <= 1) {
        wf_stack_top = sp;
        if (!wf_stack_room)
            wf_stack_room = wf_stack_room_of_limit();
        return false;
    }
    return wf_stack_top > sp && wf_stack_top - sp > wf_stack_room;
}

/* ---- threads ---- */
#ifdef _OPENMP
#include <omp.h>
/* Threads for a parallel loop of w iterations: --num-threads, else OpenMP's default. */
static inline __attribute__((unused)) int wf_threads(wf_ctx *ctx, int64_t w) {
    int nt = ctx->num_threads > 0 ? ctx->num_threads : omp_get_max_threads();
    if (nt > w)
        nt = w > 0 ? (int)w : 1;
    return nt;
}
/* Threads for a parallel region over w iterations doing `work` in all (the iterations times
 * what is known of each one's inner widths): 1, the calling thread alone, when the work is
 * below the tuning parameter `param` (multicore.suff_region_work: waking the team costs more
 * than it saves), else wf_threads.  The work is compared rounded down to a power of two, so
 * that a program's runs compare the parameter with few values and weft autotune has few
 * settings to try (exact for a power-of-two setting); compared (and logged under -L) only when
 * there is more than one thread to choose. */
static inline __attribute__((unused)) int wf_region_threads(wf_ctx *ctx, int param, int64_t w, double work) {
    int nt = wf_threads(ctx, w);
    if (nt <= 1)
        return nt;
    /* at most 2^61: a parameter of 2^62 (the tuner's largest) keeps every region in one thread */
    int64_t pow2 = work < 1 ? 0 : work >= 0x1p61 ? INT64_C(1) << 61 : INT64_C(1) << (63 - __builtin_clzll((uint64_t)work));
    return wf_cmp_le(ctx, param, pow2) ? nt : 1;
}
/* A region whose work the compiler could not bound (src/backend/multicore/regions.c, its
 * probe: an iteration runs a loop, or SOACs over widths it computes itself) is run first by the
 * calling thread alone (the region's pragma with if(0)) until it is done or the tuning
 * parameter multicore.suff_region_us is spent; only then is the region run again by the team,
 * over what is left.  A map's pass takes its first iterations in steps that double, and the
 * team the iterations left, cut into chunks; a reduction's pass takes whole chunks (each has
 * its own accumulator), and the team the chunks left.  A small region so costs no team's
 * wake-up, a big one at most about three budgets (a reduction: a budget and a chunk) in one
 * thread. */
typedef struct {
    bool on;        /* the calling thread's pass */
    bool over;      /* that pass has spent its budget with work left */
    bool chunks;    /* a reduction's: w is the chunks, done those the pass took */
    int64_t done;   /* iterations [0, done) of [0, w) are done (or running, in the pass) */
    int64_t step, w, t0, budget;
    const char *loc; /* the region's source location (the -L log) */
} wf_probe;
static inline __attribute__((unused)) wf_probe wf_probe_start(wf_ctx *ctx, int param, int nt, bool chunks,
                                                              int64_t w, const char *loc) {
    wf_probe p = {nt > 1, false, chunks, 0, 1, w, 0, 0, loc};
    if (p.on) {
        p.t0 = wf_time_us();
        p.budget = wf_param(ctx, param);
    }
    return p;
}
/* A map's next range [*lo, *hi) of iterations (those of a rank from base) for the thread: in
 * the probe's pass its next step; else the next chunk below end from the thread's counter
 * *ctr, the iterations left after the pass [done, w) cut into nc chunks. */
static inline __attribute__((unused)) bool wf_probe_next(wf_probe *p, int64_t *ctr, int64_t end, int64_t nc,
                                                         int64_t base, int64_t *lo, int64_t *hi) {
    if (p->on) {
        if (p->over || p->done >= p->w)
            return false;
        *lo = base + p->done;
        p->done = p->w - p->done > p->step ? p->done + p->step : p->w;
        *hi = base + p->done;
        return true;
    }
    int64_t c = __atomic_fetch_add(ctr, 1, __ATOMIC_RELAXED);
    if (c >= end)
        return false;
    int64_t left = p->w - p->done;
    *lo = base + p->done + left * c / nc;
    *hi = base + p->done + left * (c + 1) / nc;
    return true;
}
/* A reduction's next chunk *ci below end from the thread's counter *ctr (the pass's too, until
 * its budget is spent). */
static inline __attribute__((unused)) bool wf_probe_next_chunk(wf_probe *p, int64_t *ctr, int64_t end, int64_t *ci) {
    if (p->on && p->over)
        return false;
    int64_t c = __atomic_fetch_add(ctr, 1, __ATOMIC_RELAXED);
    if (c >= end)
        return false;
    if (p->on)
        p->done++;
    *ci = c;
    return true;
}
/* After a step or chunk of the pass: the next step twice as long; the pass over when its
 * budget is spent with work left. */
static inline __attribute__((unused)) void wf_probe_after(wf_probe *p) {
    if (!p->on)
        return;
    p->step = p->step > (INT64_C(1) << 61) ? p->step : 2 * p->step;
    if (p->done < p->w && wf_time_us() - p->t0 > p->budget)
        p->over = true;
}
/* After the region: whether it runs again, by the team, over what the pass left (logged under
 * -L). */
static inline __attribute__((unused)) bool wf_probe_again(wf_ctx *ctx, wf_probe *p) {
    if (!p->on)
        return false;
    if (ctx->logging)
        fprintf(ctx->log_file, "Region at %s: %" PRId64 " of %" PRId64 " %s in the calling thread%s.\n", p->loc,
                p->done, p->w, p->chunks ? "chunks" : "iterations", p->over ? ", the rest by the team" : "");
    if (!p->over)
        return false;
    p->on = p->over = false;
    return true;
}
/* Chunks of a parallel loop of w iterations over nt threads (src/backend/multicore/regions.c: each
 * thread takes its share, then steals the others' remaining ones): per_thread per thread, at
 * most one per iteration, at least one (a loop of no iterations has one, empty: its
 * reductions' totals are the neutral elements). */
static inline __attribute__((unused)) int64_t wf_chunks(int64_t w, int nt, int per_thread) {
    int64_t nc = nt <= 1 ? 1 : (int64_t)nt * per_thread;
    if (nc > w)
        nc = w;
    return nc < 1 ? 1 : nc;
}
/* Chunks of a chained scan (multicore/regions.c: the threads take the chunks in order; a chunk's inclusive
 * prefix is folded as soon as the chunk before it has its own, and applied to the chunk's
 * outputs, most often while they are still in the cache) of w iterations, each writing `bytes`
 * bytes of scan outputs, over nt threads: about WF_SCAN_CHUNK_BYTES of outputs each (fewer
 * chunks would no longer fit the cache; more would cost each its start and its prefix), at
 * least 4 per thread, at most WF_SCAN_CHUNKS_MAX (their totals are arrays on the stack), at most
 * one per iteration, at least one. */
#define WF_SCAN_CHUNK_BYTES ((int64_t)128 << 10)
#define WF_SCAN_CHUNKS_MAX ((int64_t)16384)
static inline __attribute__((unused)) int64_t wf_scan_chunks(int64_t w, int nt, int bytes) {
    if (nt <= 1)
        return 1;
    int64_t per = WF_SCAN_CHUNK_BYTES / (bytes > 0 ? bytes : 1);
    int64_t nc = w / (per > 0 ? per : 1);
    if (nc < (int64_t)nt * 4)
        nc = (int64_t)nt * 4;
    if (nc > WF_SCAN_CHUNKS_MAX)
        nc = WF_SCAN_CHUNKS_MAX;
    if (nc > w)
        nc = w;
    return nc < 1 ? 1 : nc;
}
/* A hist is privatised (a copy of the bins per thread) up to this many bytes of copies. */
#define WF_HIST_PRIV_BYTES ((int64_t)8 << 20)
/* A flattened hist's row (weft multicore, src/backend/multicore/segmented.c) that a chunk holds
 * only part of is folded into a private copy of the row, on the thread's stack, up to this many
 * bins; longer rows are updated atomically. */
#ifndef WF_SEGHIST_PRIV
#define WF_SEGHIST_PRIV 1024
#endif
/* A flattened scatter's or hist's rows that several chunks write are filled before them by the
 * calling thread up to this many elements, else by all the threads. */
#ifndef WF_SEGHIST_FILL
#define WF_SEGHIST_FILL 65536
#endif
#endif

/* ---- atomics (hist combining into bins that other threads update too) ---- */

/* wf_atomic_read_T(p): *p read atomically; wf_cas_T(p, &old, new): *p = new if *p still holds
 * old (compared bit for bit), else old = *p; true when it wrote. */
#define WF_ATOMIC_DEFINE(name, T)                                                                    \
    static inline __attribute__((unused)) T wf_atomic_read_##name(T *p) {                           \
        T v;                                                                                         \
        __atomic_load(p, &v, __ATOMIC_RELAXED);                                                      \
        return v;                                                                                    \
    }                                                                                                \
    static inline __attribute__((unused)) bool wf_cas_##name(T *p, T *old, T v) {                    \
        return __atomic_compare_exchange(p, old, &v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED);      \
    }
WF_ATOMIC_DEFINE(i8, int8_t)
WF_ATOMIC_DEFINE(i16, int16_t)
WF_ATOMIC_DEFINE(i32, int32_t)
WF_ATOMIC_DEFINE(i64, int64_t)
WF_ATOMIC_DEFINE(u8, uint8_t)
WF_ATOMIC_DEFINE(u16, uint16_t)
WF_ATOMIC_DEFINE(u32, uint32_t)
WF_ATOMIC_DEFINE(u64, uint64_t)
WF_ATOMIC_DEFINE(f32, float)
WF_ATOMIC_DEFINE(f64, double)
WF_ATOMIC_DEFINE(bool, bool)
WF_ATOMIC_DEFINE(f16, uint16_t)

/* ---- slots ---- */

/* Two blocks: enough for a value carried from one iteration to the next (the new one is
 * built while the old one is alive).  lim: every block the slot holds has room for fewer than
 * lim elements of its site's type (0 while it holds none), so that the fast paths compare the
 * count asked for with it and need no byte count. */
typedef struct {
    wf_blk *b[2];
    int64_t lim;
} wf_slot;

/* After a block of s changed: the elements (of esz bytes) the smallest held block has room for. */
static inline void wf_slot_set_lim(wf_slot *s, size_t esz) {
    uint64_t lim = 0;
    for (int i = 0; i < 2; i++)
        if (s->b[i]) {
            uint64_t n = s->b[i]->cap / (esz ? esz : 1) + 1;
            if (!lim || n < lim)
                lim = n;
        }
    s->lim = lim > INT64_MAX ? INT64_MAX : (int64_t)lim;
}

static __attribute__((unused, noinline)) wf_blk *wf_slot_refill(wf_ctx *ctx, wf_slot *s, size_t bytes, bool shared,
                                                             const char *loc) {
    int victim = !s->b[0] ? 0 : !s->b[1] ? 1 : wf_blk_rc(s->b[0]) == 1 ? 0 : wf_blk_rc(s->b[1]) == 1 ? 1 : 0;
    wf_blk *old = s->b[victim];
    if (old) {
        old->in_slot = false;
        wf_unref(ctx, old);
    }
    /* a little slack, so that slowly growing sizes do not allocate every time */
    size_t cap = bytes + bytes / 8;
    s->b[victim] = wf_blk_new(ctx, cap, shared, loc);
    if (s->b[victim])
        s->b[victim]->in_slot = true;
    return s->b[victim];
}

/* Scratch use of a slot: one block, which the caller uses without a reference of its own (the
 * variable dies within the iteration).  A new one when someone else still holds it.  n: the
 * elements (of esz bytes) asked for; NULL with the error recorded when memory runs out. */
static __attribute__((unused, noinline)) wf_blk *wf_scratch_take_slow(wf_ctx *ctx, wf_slot *s, int64_t n, size_t esz,
                                                                       bool shared, const char *loc) {
    size_t bytes = wf_bytes(n, esz);
    wf_blk *b = s->b[0];
    if (!(b && b->cap >= bytes && wf_blk_rc(b) == 1)) {
        if (b) {
            b->in_slot = false;
            wf_unref(ctx, b);
        }
        b = s->b[0] = wf_blk_new(ctx, bytes + bytes / 8, shared, loc);
        if (b)
            b->in_slot = true;
    }
    wf_slot_set_lim(s, esz);
    return b;
}

static inline __attribute__((unused, always_inline)) wf_blk *wf_scratch_take(wf_ctx *ctx, wf_slot *s, int64_t n,
                                                                              size_t esz, bool shared,
                                                                              const char *loc) {
    /* lim > 0: b[0] is there */
    if (__builtin_expect(!shared && (uint64_t)n < (uint64_t)s->lim && s->b[0]->rc == 1, 1))
        return s->b[0];
    return wf_scratch_take_slow(ctx, s, n, esz, shared, loc);
}

/* A block for n elements of esz bytes that only the slot holds, with a reference for the caller
 * (rc 2), or NULL (error recorded). */
static __attribute__((unused, noinline)) wf_blk *wf_slot_take_slow(wf_ctx *ctx, wf_slot *s, int64_t n, size_t esz,
                                                                    bool shared, const char *loc) {
    size_t bytes = wf_bytes(n, esz);
    wf_blk *b = s->b[0];
    if (!(b && b->cap >= bytes && wf_blk_rc(b) == 1)) {
        b = s->b[1];
        if (!(b && b->cap >= bytes && wf_blk_rc(b) == 1)) {
            b = wf_slot_refill(ctx, s, bytes, shared, loc);
            wf_slot_set_lim(s, esz);
            if (!b)
                return NULL;
        }
    }
    wf_ref(b);
    return b;
}

static inline __attribute__((always_inline)) wf_blk *wf_slot_take(wf_ctx *ctx, wf_slot *s, int64_t n, size_t esz,
                                                                   bool shared, const char *loc) {
    /* a value carried across iterations alternates between the two blocks */
    if (__builtin_expect(!shared && (uint64_t)n < (uint64_t)s->lim, 1)) {
        wf_blk *b = s->b[0];
        if (__builtin_expect(b && b->rc == 1, 1)) {
            b->rc = 2;
            return b;
        }
        b = s->b[1];
        if (__builtin_expect(b && b->rc == 1, 1)) {
            b->rc = 2;
            return b;
        }
    }
    return wf_slot_take_slow(ctx, s, n, esz, shared, loc);
}

static inline __attribute__((unused)) void wf_slot_free(wf_ctx *ctx, wf_slot *s) {
    for (int i = 0; i < 2; i++)
        if (s->b[i]) {
            s->b[i]->in_slot = false;
            wf_unref(ctx, s->b[i]);
            s->b[i] = NULL;
        }
    s->lim = 0;
}

/* Whether an entry's result (p, n, s) is the whole of block m, m held by it alone: then the
 * block's data becomes the result as it is. */
static inline __attribute__((unused)) bool wf_flat_result_whole(const wf_blk *m, const void *p, int rank,
                                                                const int64_t *n, const int64_t *s) {
    return m && wf_blk_rc(m) == 1 && !m->in_slot && !m->external && p == m->data && wf_is_dense(rank, n, s);
}

/* An entry point's array result: hands the data of block m to the harness when the result is
 * all of it, dense and held by nobody else; copies it into a new block otherwise.  Consumes the
 * caller's reference to m.  Returns 0, or 1 with the error recorded. */
static inline __attribute__((unused)) int wf_flat_result(wf_ctx *ctx, wf_value *res, int prim, int rank, void *p,
                                                         wf_blk *m, const int64_t *n, const int64_t *s) {
    if (wf_flat_result_whole(m, p, rank, n, s)) {
        res->prim = (wf_prim)prim;
        res->rank = rank;
        for (int k = 0; k < rank; k++)
            res->shape[k] = n[k];
        res->data = m->data;
#ifdef WF_CUDA
        wfc_drop(ctx, m);
#endif
        wf_blk_forget(ctx, m);
        return 0;
    }
    if (wf_value_alloc(ctx, res, (wf_prim)prim, rank, n, NULL)) {
        wf_unref(ctx, m);
        return 1;
    }
    wf_copy_dense(res->data, p, rank, n, s, wf_prim_size((wf_prim)prim));
    wf_unref(ctx, m);
    return 0;
}

/* ---- run-time errors (the interpreter's messages, which are Futhark's) ---- */

/* The reporters are out of line and cold: a check in a hot loop costs a compare and a branch. */
#define WF_COLD __attribute__((unused, noinline, cold))

static inline __attribute__((unused)) int wf_shape_str(char *buf, size_t len, int r, const int64_t *n) {
    size_t at = 0;
    for (int k = 0; k < r && at + 24 < len; k++)
        at += (size_t)snprintf(buf + at, len - at, "[%lld]", (long long)n[k]);
    return (int)at;
}

/* Index [i, j] out of bounds for array of shape [n][m].  (Futhark's words: the shape of the
 * indexed dimensions) */
static WF_COLD int wf_oob(wf_ctx *ctx, const char *loc, int k, const int64_t *idx, int r, const int64_t *n) {
    char buf[512], sh[256];
    size_t at = (size_t)snprintf(buf, sizeof buf, "Index [");
    for (int i = 0; i < k && at + 40 < sizeof buf; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%lld", i ? ", " : "", (long long)idx[i]);
    wf_shape_str(sh, sizeof sh, k < r ? k : r, n);
    return wf_error(ctx, loc, "%s] out of bounds for array of shape %s.", buf, sh);
}

/* A slice spec holds 4 numbers per index: is_slice, start, end, stride. */
static WF_COLD int wf_slice_bad(wf_ctx *ctx, const char *loc, int k, const int64_t *spec, int r, const int64_t *n) {
    char buf[512], sh[256];
    size_t at = (size_t)snprintf(buf, sizeof buf, "Index [");
    for (int i = 0; i < k && at + 80 < sizeof buf; i++) {
        const int64_t *x = spec + 4 * i;
        if (x[0] && x[3] != 1)
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%lld:%lld:%lld", i ? ", " : "", (long long)x[1],
                                   (long long)x[2], (long long)x[3]);
        else if (x[0])
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%lld:%lld", i ? ", " : "", (long long)x[1],
                                   (long long)x[2]);
        else
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%lld", i ? ", " : "", (long long)x[1]);
    }
    wf_shape_str(sh, sizeof sh, k < r ? k : r, n);
    return wf_error(ctx, loc, "%s] out of bounds for array of shape %s.", buf, sh);
}

/* Copies on paths that seldom run (an updated array that is not unique): out of line.  n and s
 * are copies of the view's extents and strides, so that the view's address does not escape. */
static WF_COLD void wf_copy_cold(void *dst, const void *src, int r, const int64_t *n, const int64_t *s, size_t esz) {
    wf_copy_dense(dst, src, r, n, s, esz);
}
static WF_COLD void wf_copy1_cold(void *dst, const void *src, int64_t n, int64_t s, size_t esz) {
    wf_copy_dense(dst, src, 1, &n, &s, esz);
}

static WF_COLD int wf_negative_size(wf_ctx *ctx, const char *loc, int64_t n) {
    return wf_error(ctx, loc, "negative size %lld", (long long)n);
}

static WF_COLD int wf_shape_mismatch(wf_ctx *ctx, const char *loc, const char *what, int r, const int64_t *got,
                                     const int64_t *want) {
    char a[256], b[256];
    wf_shape_str(a, sizeof a, r, got);
    wf_shape_str(b, sizeof b, r, want);
    return wf_error(ctx, loc, "size mismatch: %s of shape %s where %s was expected", what, a, b);
}

#endif
