/* flat_cuda.h — weft cuda's host side (src/backend/cuda/kernels.c): pasted into
 * OUT.c after rts/flat.h (compiled with WF_CUDA) and rts/cuda_rt.h.
 *
 * Every block may have a device copy (wf_blk.dev) and records which copies are current:
 * the host code of the program reads and writes host memory — before a statement the blocks it
 * reads are made current on the host (wfc_host), after it the blocks it wrote are marked stale
 * on the device (wfc_host_wrote); a kernel reads device copies (wfc_dev, uploading when stale)
 * and writes its outputs on the device only (wfc_dev_out, then wfc_dev_wrote).  So data moves
 * only when the other side needs it: a loop of kernels over device arrays copies nothing.
 *
 * Kernels whose points allocate arrays get arenas (rts/flat_dev.cuh): wfc_launch runs a kernel
 * with arenas of a guessed size and, when a point asked for more, again with bigger ones.
 * The state all this keeps is the context's (rts/cuda_rt.h wfk_state).
 */

static void wfc_tcopy_drop(wf_ctx *ctx, wf_blk *b);

static void wfc_drop(wf_ctx *ctx, wf_blk *b) {
    wfc_tcopy_drop(ctx, b);
    if (b->dev && !b->dev_borrowed)
        wfk_release(ctx, b->dev);
    b->dev = NULL;
    b->dev_borrowed = false;
    b->dev_ok = false;
}

/* The device copy of b, current (uploaded when stale); NULL with the error recorded. */
static void *wfc_dev(wf_ctx *ctx, wf_blk *b, const char *loc) {
    if (!b) {
        wf_error(ctx, loc, "internal error: a kernel input without a block");
        return NULL;
    }
    if (!b->dev && !(b->dev = wfk_alloc(ctx, b->cap ? b->cap : 1, loc)))
        return NULL;
    if (!b->dev_ok) {
        if (b->cap && wfk_copy(ctx, b->dev, b->data, b->cap, cudaMemcpyHostToDevice, loc))
            return NULL;
        b->dev_ok = true;
    }
    return b->dev;
}

/* A device block for b that a kernel overwrites: no upload. */
static void *wfc_dev_out(wf_ctx *ctx, wf_blk *b, const char *loc) {
    if (!b->dev && !(b->dev = wfk_alloc(ctx, b->cap ? b->cap : 1, loc)))
        return NULL;
    return b->dev;
}

static void wfc_dev_wrote(wf_ctx *ctx, wf_blk *b) {
    wfc_tcopy_drop(ctx, b);
    b->dev_ok = true;
    b->host_ok = false;
}

static int wfc_errors(wf_ctx *ctx, const char *loc);
static void *wfc_translate(const wf_blk *b, void *d, const void *p);

/* Make the host copy of b current.  Returns 0, or 1 with the error recorded. */
static int wfc_host(wf_ctx *ctx, wf_blk *b) {
    if (!b || b->host_ok)
        return 0;
    if (wfc_errors(ctx, "cuda")) /* the data is what a failed kernel left */
        return 1;
    if (b->cap && wfk_copy(ctx, b->data, b->dev, b->cap, cudaMemcpyDeviceToHost, "cuda"))
        return 1;
    b->host_ok = true;
    return 0;
}

/* Make the element of `bytes` bytes at host address p inside block b current on the host, and
 * only it: a scalar read of a device array (an offset, a count) copies one element, not the
 * array.  The block's host copy stays stale.  Returns 0, or 1 with the error recorded. */
static int wfc_host_elem(wf_ctx *ctx, wf_blk *b, void *p, size_t bytes) {
    if (!b || b->host_ok || !b->dev_ok || !b->dev)
        return wfc_host(ctx, b);
    if (wfc_errors(ctx, "cuda"))
        return 1;
    return wfk_copy(ctx, p, wfc_translate(b, b->dev, p), bytes, cudaMemcpyDeviceToHost, "cuda");
}

static void wfc_host_wrote(wf_ctx *ctx, wf_blk *b) {
    if (b) {
        wfc_tcopy_drop(ctx, b);
        b->dev_ok = false;
    }
}

/* The device address of host element pointer p inside block b, whose device copy is d. */
static void *wfc_translate(const wf_blk *b, void *d, const void *p) {
    return (char *)d + ((const char *)p - (const char *)b->data);
}

/* dst's n elements from dstp (dense) := the n elements of esz bytes at srcp in src, stride
 * elements apart: a copy the program makes before updating an array in place.  Made on the
 * device when src is current only there (the copy stays there, for the kernels after it,
 * and nothing crosses the bus), else on the host.  Returns 0, or 1 with the error recorded. */
static WF_U int wfc_copy1(wf_ctx *ctx, wf_blk *dst, void *dstp, wf_blk *src, const void *srcp, int64_t n,
                          int64_t stride, size_t esz) {
    if (n <= 0)
        return 0;
    if (!src || src->host_ok || !src->dev_ok || !src->dev || stride < 1) {
        if (wfc_host(ctx, src))
            return 1;
        wf_copy1_cold(dstp, srcp, n, stride, esz);
        wfc_host_wrote(ctx, dst);
        return 0;
    }
    void *d = wfc_dev_out(ctx, dst, "cuda");
    if (!d)
        return 1;
    const void *from = wfc_translate(src, src->dev, srcp);
    void *to = wfc_translate(dst, d, dstp);
    cudaStream_t q = wfk_st(ctx)->launch.stream;
    cudaError_t rc = stride == 1 ? cudaMemcpyAsync(to, from, (size_t)n * esz, cudaMemcpyDeviceToDevice, q)
                                 : cudaMemcpy2DAsync(to, esz, from, (size_t)stride * esz, esz, (size_t)n,
                                                     cudaMemcpyDeviceToDevice, q);
    if (wfk_check(ctx, rc, "cuda"))
        return 1;
    wfc_dev_wrote(ctx, dst);
    return 0;
}

/* ---- launching ---- */

typedef int (*wfc_launch_fn)(const wfk_launch *L, const void *args, void *out, char *arena, int64_t arena_bytes,
                             int64_t max_threads, unsigned long long *wanted);

/* The failures of the kernels launched so far (they run asynchronously). */
static int wfc_errors(wf_ctx *ctx, const char *loc) {
    if (!wfk_st(ctx)->pending)
        return 0;
    wfk_st(ctx)->pending = false;
    return wfk_errors(ctx, loc);
}

/* The harness's sync hook: wait for the device, report failures. */
static int wfc_sync(wf_ctx *ctx) {
    wfk_st(ctx)->pending = true;
    return wfc_errors(ctx, "cuda");
}

/* Device memory for the arenas of points of `bytes` each: a quarter of the free memory, at most
 * 2 GiB; when that holds fewer than WFC_ARENA_THREADS points (a point needs megabytes: few large
 * points, e.g. one thread per segment of an outer version), three quarters of the free memory. */
#define WFC_ARENA_THREADS 4096
#define WFC_ARENA_KEPT ((size_t)2 << 30) /* a bigger arena is freed after its launch */
static size_t wfc_arena_budget(int64_t bytes) {
    size_t free_b = 0, total = 0;
    if (cudaMemGetInfo(&free_b, &total) != cudaSuccess)
        return (size_t)256 << 20;
    size_t b = free_b / 4;
    b = b > WFC_ARENA_KEPT ? WFC_ARENA_KEPT : b;
    if (b / (size_t)bytes < WFC_ARENA_THREADS)
        b = free_b / 4 * 3;
    return b;
}

/* The threads the device holds at once (its multiprocessors times their threads). */
static int64_t wfc_resident_threads(wfk_state *st) {
    if (st->resident == 0) {
        int dev = 0, sms = 0, per_sm = 0;
        if (cudaGetDevice(&dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev) != cudaSuccess)
            sms = 0;
        st->resident = sms > 0 && per_sm > 0 ? (int64_t)sms * per_sm : INT64_MAX;
    }
    return st->resident;
}

/* The rows of a chunked reduction's per-thread totals (src/backend/cuda/kernels.c): a row for
 * each thread the device holds at once, at least WFC_CHUNK_THREADS, at most one a point, and
 * no more than WFC_CHUNK_BYTES of totals in all (the host copies and folds them).  Fewer
 * rows than the device holds left most of it idle: 16384 rows of a kernel of 256-thread
 * blocks filled 64 of an H200's 132 multiprocessors.  The kernel runs the rows on the threads
 * its arenas allow (wfd_run_chunks), so the rows need not fit at once. */
#define WFC_CHUNK_THREADS 16384
#define WFC_CHUNK_BYTES ((int64_t)64 << 20)
static int64_t wfc_chunk_threads(wf_ctx *ctx, int64_t points, int64_t acc_bytes) {
    int64_t nt = wfc_resident_threads(wfk_st(ctx));
    if (acc_bytes > 0 && nt > WFC_CHUNK_BYTES / acc_bytes)
        nt = WFC_CHUNK_BYTES / acc_bytes;
    if (nt < WFC_CHUNK_THREADS)
        nt = WFC_CHUNK_THREADS;
    if (nt > points)
        nt = points;
    return nt < 1 ? 1 : nt;
}

/* The arena bytes region's points needed at its last launch (0: not launched yet), and noting
 * them: a region launched again (every iteration of a loop, say) starts with what its points
 * needed, not with the generator's guess, which would run the kernel twice every time; unless
 * those arenas are too big for a quarter of the threads the device holds (a call with a giant
 * row must not leave every later call with few threads). */
static int64_t wfc_arena_seen(const wfk_state *st, int region) {
    return region >= 0 && region < st->n_arena_seen ? st->arena_seen[region] : 0;
}
static void wfc_arena_note(wfk_state *st, int region, int64_t bytes) {
    if (region < 0)
        return;
    if (region >= st->n_arena_seen) {
        int n = region + 16;
        int64_t *v = (int64_t *)realloc(st->arena_seen, sizeof *v * (size_t)n);
        if (!v)
            return; /* only a hint */
        for (int i = st->n_arena_seen; i < n; i++)
            v[i] = 0;
        st->arena_seen = v;
        st->n_arena_seen = n;
    }
    st->arena_seen[region] = bytes;
}

/* Run launcher fn of region `region` with the kernel arguments args (reduction results to the
 * host at out); bytes: the arena each point starts with (0: its points allocate nothing), or
 * what they needed at the region's last launch when that was more. */
static int wfc_launch(wf_ctx *ctx, int region, const char *loc, int64_t bytes, wfc_launch_fn fn, const void *args,
                      void *out) {
    wfk_state *st = wfk_st(ctx);
    if (!st->wanted && wfk_check(ctx, cudaMalloc((void **)&st->wanted, sizeof *st->wanted), loc))
        return 1;
    if (bytes == 0 && !out && !ctx->profiling) { /* no arenas, nothing back: do not wait */
        int rc = fn(&st->launch, args, out, NULL, 0, INT64_MAX, st->wanted);
        if (rc)
            return wfk_check(ctx, (cudaError_t)rc, loc);
        st->pending = true;
        return 0;
    }
    if (wfc_errors(ctx, loc))
        return 1;
    int64_t seen = wfc_arena_seen(st, region);
    if (bytes > 0 && seen > bytes && (int64_t)(wfc_arena_budget(2 * seen) / (size_t)(2 * seen)) >= wfc_resident_threads(st) / 4)
        bytes = seen; /* (not arenas so big that they would leave most threads out: those of one call) */
    bytes = (bytes + 15) & ~(int64_t)15; /* every thread's arena 16-aligned (flat_dev.cuh wfd_point) */
    for (;;) {
        int64_t max_threads = INT64_MAX;
        if (bytes > 0) {
            /* each thread's arena: its headers' zone and its part of the data's (flat_dev.cuh wfd_point) */
            max_threads = (int64_t)(wfc_arena_budget(2 * bytes) / (size_t)(2 * bytes));
            if (max_threads > wfc_resident_threads(st)) /* more would only wait their turn */
                max_threads = wfc_resident_threads(st);
            if (max_threads < 32) /* a warp (rts/flat_dev.cuh wfd_fit_block) */
                return wf_error(ctx, loc, "out of device memory: a point of this kernel needs %lld bytes",
                                (long long)bytes);
            size_t need = (size_t)max_threads * (size_t)bytes * 2;
            if (need > st->arena_cap) {
                if (st->arena)
                    cudaFree(st->arena);
                st->arena = NULL;
                st->arena_cap = 0;
                if (wfk_check(ctx, cudaMalloc((void **)&st->arena, need), loc))
                    return 1;
                st->arena_cap = need;
            }
        }
        if (wfk_check(ctx, cudaMemsetAsync(st->wanted, 0, sizeof *st->wanted, st->launch.stream), loc))
            return 1;
        wfk_begin(ctx);
        int rc = fn(&st->launch, args, out, bytes > 0 ? st->arena : NULL, bytes, max_threads, st->wanted);
        if (wfk_finish(ctx, rc, region, loc))
            return 1;
        unsigned long long wanted = 0;
        if (wfk_copy(ctx, &wanted, st->wanted, sizeof wanted, cudaMemcpyDeviceToHost, loc))
            return 1;
        if (wanted == 0) {
            if (bytes > 0)
                wfc_arena_note(st, region, bytes);
            if (st->arena_cap > WFC_ARENA_KEPT) { /* the memory of few large points: back to the pool's use */
                cudaFree(st->arena);
                st->arena = NULL;
                st->arena_cap = 0;
            }
            return 0;
        }
        bytes = (int64_t)wanted > 2 * bytes ? (int64_t)wanted : 2 * bytes; /* again, with more */
        bytes = (bytes + 15) & ~(int64_t)15;
    }
}

static void wfc_release(wfk_state *st) {
    if (st->arena)
        cudaFree(st->arena);
    if (st->wanted)
        cudaFree(st->wanted);
    free(st->arena_seen);
    st->arena = NULL;
    st->wanted = NULL;
    st->arena_seen = NULL;
    st->n_arena_seen = 0;
    st->arena_cap = 0;
}

/* ---- coalescing: transposed copies ---- */

int wfd_transpose(const wfk_launch *L, const void *src, int64_t n0, int64_t n1, int64_t s0, int64_t s1, int esz,
                  void *dst);

/* One transposed copy per block (wfc_tcopy), of the view it was made for; dropped when the
 * block changes. */
static void wfc_tcopy_drop(wf_ctx *ctx, wf_blk *b) {
    wfk_state *st = wfk_st(ctx);
    for (int i = 0; i < st->n_tcopies; i++)
        if (st->tcopies[i].b == b) {
            wfk_release(ctx, st->tcopies[i].dev);
            st->tcopies[i] = st->tcopies[--st->n_tcopies];
            i--;
        }
}

/* The device address of a column-major copy of the rank-2 view (p, n, s) of block *bp. */
static void *wfc_dev_transposed(wf_ctx *ctx, wf_blk **bp, const void *p, const int64_t *n, const int64_t *s, int esz,
                                const char *loc) {
    wf_blk *b = *bp;
    void *d = wfc_dev(ctx, b, loc);
    if (!d)
        return NULL;
    wfk_state *st = wfk_st(ctx);
    int64_t off = (const char *)p - (const char *)b->data;
    for (int i = 0; i < st->n_tcopies; i++) {
        wfc_tcopy *c = &st->tcopies[i];
        if (c->b == b && c->off == off && c->n0 == n[0] && c->n1 == n[1] && c->s0 == s[0] && c->s1 == s[1])
            return c->dev;
    }
    size_t bytes = (size_t)(n[0] * n[1]) * (size_t)esz;
    void *t = wfk_alloc(ctx, bytes ? bytes : 1, loc);
    if (!t)
        return NULL;
    if (wfk_check(ctx, (cudaError_t)wfd_transpose(&st->launch, (char *)d + off, n[0], n[1], s[0], s[1], esz, t), loc))
        return NULL;
    if (st->n_tcopies == st->cap_tcopies) {
        st->cap_tcopies = st->cap_tcopies ? 2 * st->cap_tcopies : 16;
        st->tcopies = realloc(st->tcopies, sizeof *st->tcopies * (size_t)st->cap_tcopies);
        if (!st->tcopies)
            abort();
    }
    st->tcopies[st->n_tcopies++] = (wfc_tcopy){b, t, bytes, off, n[0], n[1], s[0], s[1]};
    return t;
}

/* ---- the timed call's inputs and results (the harness's stage and collect hooks) ----
 * As Futhark's benchmarks time an entry point: the arguments are on the device before the
 * clock starts (stage), and the results are copied to the host after it stops (collect). */

static void wfc_io_push(wfc_transfer **v, int *n, int *cap, wfc_transfer x) {
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = realloc(*v, sizeof **v * (size_t)*cap);
        if (!*v)
            abort();
    }
    (*v)[(*n)++] = x;
}

/* Device copies that no block adopted (an argument the entry did not use), and those of results
 * a failed call left behind, go back to the pool. */
static void wfc_io_clear(wf_ctx *ctx) {
    wfk_state *st = wfk_st(ctx);
    for (int i = 0; i < st->n_in; i++)
        if (!st->in[i].borrowed)
            wfk_release(ctx, st->in[i].dev);
    for (int i = 0; i < st->n_out; i++)
        wfk_release(ctx, st->out[i].dev);
    st->n_in = st->n_out = 0;
    st->timing = false;
}

/* The harness's stage hook: a device copy of every array argument. */
static int wfc_stage(wf_ctx *ctx, const wf_value *args, int n) {
    wfk_state *st = wfk_st(ctx);
    wfc_io_clear(ctx);
    for (int i = 0; i < n; i++) {
        size_t bytes = (size_t)wf_value_count(&args[i]) * wf_prim_size(args[i].prim);
        if (args[i].rank == 0 || bytes == 0)
            continue;
        void *d = wfk_alloc(ctx, bytes, "cuda");
        if (!d)
            return 1;
        if (wfk_copy(ctx, d, args[i].data, bytes, cudaMemcpyHostToDevice, "cuda")) {
            wfk_release(ctx, d);
            return 1;
        }
        wfc_io_push(&st->in, &st->n_in, &st->cap_in, (wfc_transfer){args[i].data, bytes, d, false, false});
    }
    st->timing = true;
    return 0;
}

/* wf_blk_wrap's block for an argument takes the argument's staged device copy, current (a
 * borrowed one stays its owner's: the block never writes it, its argument not being unique). */
static void wfc_adopt_staged(wf_ctx *ctx, wf_blk *b) {
    wfk_state *st = wfk_st(ctx);
    for (int i = 0; i < st->n_in; i++)
        if (st->in[i].host == b->data && st->in[i].bytes == b->cap) {
            b->dev = st->in[i].dev;
            b->dev_borrowed = st->in[i].borrowed;
            b->host_ok = !st->in[i].host_stale;
            b->dev_ok = true;
            st->in[i] = st->in[--st->n_in];
            return;
        }
}

/* An entry's array result (wf_flat_result): a block handed over whole with a current device
 * copy keeps that copy for the collect hook (to download when the host's is stale) or for the
 * library (wfc_lib_result) when the harness is timing the call; else the host copy is made
 * current now. */
static int wfc_result(wf_ctx *ctx, wf_value *res, int prim, int rank, void *p, wf_blk *m, const int64_t *n,
                      const int64_t *s) {
    wfk_state *st = wfk_st(ctx);
    if (st->timing && wf_flat_result_whole(m, p, rank, n, s) && m->dev_ok && m->dev && !m->dev_borrowed) {
        wfc_io_push(&st->out, &st->n_out, &st->cap_out, (wfc_transfer){m->data, m->cap, m->dev, false, !m->host_ok});
        m->dev = NULL; /* the pending download owns it now */
        m->dev_ok = false;
        m->host_ok = true; /* once collected */
    } else if (wfc_host(ctx, m)) {
        return 1;
    }
    return wf_flat_result(ctx, res, prim, rank, p, m, n, s);
}

/* The harness's collect hook, after the clock: the results' downloads. */
static int wfc_collect(wf_ctx *ctx) {
    wfk_state *st = wfk_st(ctx);
    int rc = wfc_errors(ctx, "cuda");
    for (int i = 0; i < st->n_out && !rc; i++)
        if (st->out[i].host_stale)
            rc = wfk_copy(ctx, st->out[i].host, st->out[i].dev, st->out[i].bytes, cudaMemcpyDeviceToHost, "cuda");
    wfc_io_clear(ctx);
    return rc;
}

/* ---- arrays of the library API (src/driver/library.c, docs/LIBRARY.md) ----
 * A library array keeps its value in host memory (v.data, wf_alloc'ed: the host address its
 * argument's block is known by) and in a block of the context's device pool (dev); host_ok and
 * dev_ok say which copies are current.  An entry call hands an argument's device copy to the
 * entry (wfc_lib_arg: borrowed when the parameter is not unique, else a copy) and takes its
 * results' device copies (wfc_lib_result): arrays stay on the device from call to call, and
 * move to the host only when the user reads them. */
typedef struct {
    wf_value v;
    void *dev;
    bool host_ok, dev_ok;
} wfc_array;

static WF_U size_t wfc_array_bytes(const wfc_array *a) {
    return (size_t)wf_value_count(&a->v) * wf_prim_size(a->v.prim);
}

/* An entry call's staging begins: its arguments come one by one (wfc_lib_arg). */
static WF_U void wfc_lib_begin(wf_ctx *ctx) {
    wfc_io_clear(ctx);
    wfk_st(ctx)->timing = true;
}

/* Its transfers end: what no block adopted, and what no result took, goes back to the pool. */
static WF_U void wfc_lib_end(wf_ctx *ctx) { wfc_io_clear(ctx); }

/* Makes a's device copy current (uploads the host copy when stale).  0, or 1 with the error. */
static WF_U int wfc_lib_dev(wf_ctx *ctx, wfc_array *a) {
    size_t bytes = wfc_array_bytes(a);
    if (a->dev_ok || bytes == 0)
        return 0;
    if (!a->dev && !(a->dev = wfk_alloc(ctx, bytes, "cuda")))
        return 1;
    if (wfk_copy(ctx, a->dev, a->v.data, bytes, cudaMemcpyHostToDevice, "cuda"))
        return 1;
    a->dev_ok = true;
    return 0;
}

/* Makes a's host copy current (downloads the device copy when stale). */
static WF_U int wfc_lib_host(wf_ctx *ctx, wfc_array *a) {
    size_t bytes = wfc_array_bytes(a);
    if (a->host_ok || bytes == 0)
        return 0;
    if (wfk_copy(ctx, a->v.data, a->dev, bytes, cudaMemcpyDeviceToHost, "cuda"))
        return 1;
    a->host_ok = true;
    return 0;
}

/* a's values into out: host memory (to_dev false) or device memory, from its current copy. */
static WF_U int wfc_lib_values(wf_ctx *ctx, const wfc_array *a, void *out, bool to_dev) {
    size_t bytes = wfc_array_bytes(a);
    if (bytes == 0)
        return 0;
    bool from_dev = a->dev_ok && !(a->host_ok && !to_dev);
    int kind = from_dev ? (to_dev ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost)
                        : (to_dev ? cudaMemcpyHostToDevice : cudaMemcpyHostToHost);
    if (kind == cudaMemcpyHostToHost) {
        memcpy(out, a->v.data, bytes);
        return 0;
    }
    return wfk_copy(ctx, out, from_dev ? a->dev : a->v.data, bytes, kind, "cuda");
}

/* A new array from src (device memory when src_dev, else host memory; NULL: left undefined),
 * of the shape of a (whose v.data is allocated, uninitialised): the copy goes where src is. */
static WF_U int wfc_lib_fill(wf_ctx *ctx, wfc_array *a, const void *src, bool src_dev) {
    size_t bytes = wfc_array_bytes(a);
    a->host_ok = !src_dev;
    a->dev_ok = false;
    if (!src_dev || bytes == 0) {
        if (src && bytes)
            memcpy(a->v.data, src, bytes);
        a->host_ok = true;
        return 0;
    }
    if (!(a->dev = wfk_alloc(ctx, bytes, "cuda")))
        return 1;
    if (wfk_copy(ctx, a->dev, src, bytes, cudaMemcpyDeviceToDevice, "cuda"))
        return 1;
    a->dev_ok = true;
    return 0;
}

/* Frees a's copies (not a). */
static WF_U void wfc_lib_release(wf_ctx *ctx, wfc_array *a) {
    if (a->dev)
        wfk_release(ctx, a->dev);
    wf_free(ctx, a->v.data);
    a->dev = a->v.data = NULL;
    a->host_ok = a->dev_ok = false;
}

/* Argument arg of an entry call from array in: its device copy made current and staged for the
 * argument's block, with in's host buffer as its address (*borrowed: arg->data is in's, not
 * to be freed) when the parameter is not unique; a fresh copy (host buffer uninitialised, the
 * device copy current) when it is, since the entry may then overwrite it. */
static WF_U int wfc_lib_arg(wf_ctx *ctx, wf_value *arg, wfc_array *in, bool unique, bool *borrowed) {
    *borrowed = false;
    size_t bytes = wfc_array_bytes(in);
    if (wfc_lib_dev(ctx, in))
        return 1;
    if (!unique || bytes == 0) {
        if (bytes == 0 && wf_value_alloc(ctx, arg, in->v.prim, in->v.rank, in->v.shape, NULL))
            return 1;
        if (bytes == 0)
            return 0;
        *arg = in->v;
        *borrowed = true;
        wfc_io_push(&wfk_st(ctx)->in, &wfk_st(ctx)->n_in, &wfk_st(ctx)->cap_in,
                    (wfc_transfer){arg->data, bytes, in->dev, true, !in->host_ok});
        return 0;
    }
    if (wf_value_alloc(ctx, arg, in->v.prim, in->v.rank, in->v.shape, NULL))
        return 1;
    void *d = wfk_alloc(ctx, bytes, "cuda");
    if (!d || wfk_copy(ctx, d, in->dev, bytes, cudaMemcpyDeviceToDevice, "cuda")) {
        if (d)
            wfk_release(ctx, d);
        return 1;
    }
    wfc_io_push(&wfk_st(ctx)->in, &wfk_st(ctx)->n_in, &wfk_st(ctx)->cap_in,
                (wfc_transfer){arg->data, bytes, d, false, true});
    return 0;
}

/* Array result res of an entry call into out: its data, and the device copy that wfc_result
 * left pending for it when the result was on the device (its host copy may be stale). */
static WF_U void wfc_lib_result(wf_ctx *ctx, wfc_array *out, const wf_value *res) {
    wfk_state *st = wfk_st(ctx);
    out->v = *res;
    out->dev = NULL;
    out->dev_ok = false;
    out->host_ok = true;
    for (int i = 0; i < st->n_out; i++)
        if (st->out[i].host == res->data) {
            out->dev = st->out[i].dev;
            out->dev_ok = true;
            out->host_ok = !st->out[i].host_stale;
            st->out[i] = st->out[--st->n_out];
            return;
        }
}

static void wfc_fini(wf_ctx *ctx) {
    wfk_state *st = wfk_st(ctx);
    if (st) {
        cudaSetDevice(ctx->device);
        wfc_io_clear(ctx);
        free(st->in);
        free(st->out);
        wfk_print_profile(ctx);
        wfc_release(st);
        while (st->n_tcopies)
            wfc_tcopy_drop(ctx, st->tcopies[0].b);
        free(st->tcopies);
    }
    wfk_fini(ctx);
}
