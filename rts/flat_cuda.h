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
 */

static void wfc_tcopy_drop(wf_blk *b);

static void wfc_drop(wf_blk *b) {
    wfc_tcopy_drop(b);
    if (b->dev) {
        wfk_release(b->dev);
        b->dev = NULL;
    }
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
        if (b->cap && wfk_check(ctx, cudaMemcpy(b->dev, b->data, b->cap, cudaMemcpyHostToDevice), loc))
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

static void wfc_dev_wrote(wf_blk *b) {
    wfc_tcopy_drop(b);
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
    if (b->cap && wfk_check(ctx, cudaMemcpy(b->data, b->dev, b->cap, cudaMemcpyDeviceToHost), "cuda"))
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
    return wfk_check(ctx, cudaMemcpy(p, wfc_translate(b, b->dev, p), bytes, cudaMemcpyDeviceToHost), "cuda");
}

static void wfc_host_wrote(wf_blk *b) {
    if (b) {
        wfc_tcopy_drop(b);
        b->dev_ok = false;
    }
}

/* The device address of host element pointer p inside block b, whose device copy is d. */
static void *wfc_translate(const wf_blk *b, void *d, const void *p) {
    return (char *)d + ((const char *)p - (const char *)b->data);
}

/* ---- launching ---- */

typedef int (*wfc_launch_fn)(const wfk_launch *L, const void *args, void *out, char *arena, int64_t arena_bytes,
                             int64_t max_threads, unsigned long long *wanted);

static int wfc_errors(wf_ctx *ctx, const char *loc);

static struct {
    char *arena;
    size_t arena_cap;
    unsigned long long *wanted;
    bool pending; /* kernels launched whose failures have not been looked at */
} wfc_g;

/* The failures of the kernels launched so far (they run asynchronously). */
static int wfc_errors(wf_ctx *ctx, const char *loc) {
    if (!wfc_g.pending)
        return 0;
    wfc_g.pending = false;
    return wfk_errors(ctx, loc);
}

/* The harness's sync hook: wait for the device, report failures. */
static int wfc_sync(wf_ctx *ctx) {
    wfc_g.pending = true;
    return wfc_errors(ctx, "cuda");
}

/* Device memory for the arenas: at most a quarter of the device's memory, at most 2 GiB. */
static size_t wfc_arena_budget(void) {
    size_t free_b = 0, total = 0;
    if (cudaMemGetInfo(&free_b, &total) != cudaSuccess)
        return (size_t)256 << 20;
    size_t b = free_b / 4;
    return b > ((size_t)2 << 30) ? (size_t)2 << 30 : b;
}

/* Run launcher fn of region `region` with the kernel arguments args (reduction results to the
 * host at out); bytes: the arena each point starts with (0: its points allocate nothing). */
static int wfc_launch(wf_ctx *ctx, int region, const char *loc, int64_t bytes, wfc_launch_fn fn, const void *args,
                      void *out) {
    if (!wfc_g.wanted && wfk_check(ctx, cudaMalloc((void **)&wfc_g.wanted, sizeof *wfc_g.wanted), loc))
        return 1;
    if (bytes == 0 && !out && !ctx->profiling) { /* no arenas, nothing back: do not wait */
        int rc = fn(&wfk_g.launch, args, out, NULL, 0, INT64_MAX, wfc_g.wanted);
        if (rc)
            return wfk_check(ctx, (cudaError_t)rc, loc);
        wfc_g.pending = true;
        return 0;
    }
    if (wfc_errors(ctx, loc))
        return 1;
    for (;;) {
        int64_t max_threads = INT64_MAX;
        if (bytes > 0) {
            size_t budget = wfc_arena_budget();
            max_threads = (int64_t)(budget / (size_t)bytes);
            if (max_threads < 256)
                return wf_error(ctx, loc, "out of device memory: a point of this kernel needs %lld bytes",
                                (long long)bytes);
            size_t need = (size_t)max_threads * (size_t)bytes;
            if (need > wfc_g.arena_cap) {
                if (wfc_g.arena)
                    cudaFree(wfc_g.arena);
                wfc_g.arena = NULL;
                wfc_g.arena_cap = 0;
                if (wfk_check(ctx, cudaMalloc((void **)&wfc_g.arena, need), loc))
                    return 1;
                wfc_g.arena_cap = need;
            }
        }
        if (wfk_check(ctx, cudaMemset(wfc_g.wanted, 0, sizeof *wfc_g.wanted), loc))
            return 1;
        wfk_begin(ctx);
        int rc = fn(&wfk_g.launch, args, out, bytes > 0 ? wfc_g.arena : NULL, bytes, max_threads, wfc_g.wanted);
        if (wfk_finish(ctx, rc, region, loc))
            return 1;
        unsigned long long wanted = 0;
        if (wfk_check(ctx, cudaMemcpy(&wanted, wfc_g.wanted, sizeof wanted, cudaMemcpyDeviceToHost), loc))
            return 1;
        if (wanted == 0)
            return 0;
        bytes = (int64_t)wanted > 2 * bytes ? (int64_t)wanted : 2 * bytes; /* again, with more */
    }
}

static void wfc_release(void) {
    if (wfc_g.arena)
        cudaFree(wfc_g.arena);
    if (wfc_g.wanted)
        cudaFree(wfc_g.wanted);
    wfc_g.arena = NULL;
    wfc_g.wanted = NULL;
    wfc_g.arena_cap = 0;
}

/* ---- coalescing: transposed copies ---- */

int wfd_transpose(const void *src, int64_t n0, int64_t n1, int64_t s0, int64_t s1, int esz, void *dst);

/* One transposed copy per block, of the view it was made for; dropped when the block changes. */
typedef struct {
    wf_blk *b;
    void *dev;
    size_t bytes;
    int64_t off, n0, n1, s0, s1;
} wfc_tcopy;

static struct {
    wfc_tcopy *v;
    int n, cap;
} wfc_t;

static void wfc_tcopy_drop(wf_blk *b) {
    for (int i = 0; i < wfc_t.n; i++)
        if (wfc_t.v[i].b == b) {
            wfk_release(wfc_t.v[i].dev);
            wfc_t.v[i] = wfc_t.v[--wfc_t.n];
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
    int64_t off = (const char *)p - (const char *)b->data;
    for (int i = 0; i < wfc_t.n; i++) {
        wfc_tcopy *c = &wfc_t.v[i];
        if (c->b == b && c->off == off && c->n0 == n[0] && c->n1 == n[1] && c->s0 == s[0] && c->s1 == s[1])
            return c->dev;
    }
    size_t bytes = (size_t)(n[0] * n[1]) * (size_t)esz;
    void *t = wfk_alloc(ctx, bytes ? bytes : 1, loc);
    if (!t)
        return NULL;
    if (wfk_check(ctx, (cudaError_t)wfd_transpose((char *)d + off, n[0], n[1], s[0], s[1], esz, t), loc))
        return NULL;
    if (wfc_t.n == wfc_t.cap) {
        wfc_t.cap = wfc_t.cap ? 2 * wfc_t.cap : 16;
        wfc_t.v = realloc(wfc_t.v, sizeof *wfc_t.v * (size_t)wfc_t.cap);
        if (!wfc_t.v)
            abort();
    }
    wfc_t.v[wfc_t.n++] = (wfc_tcopy){b, t, bytes, off, n[0], n[1], s[0], s[1]};
    return t;
}

/* ---- the timed call's inputs and results (the harness's stage and collect hooks) ----
 * As Futhark's benchmarks time an entry point: the arguments are on the device before the
 * clock starts (stage), and the results are copied to the host after it stops (collect). */

typedef struct {
    void *host;   /* an argument's data, or a result's */
    size_t bytes;
    void *dev;    /* its device copy */
} wfc_transfer;

static struct {
    wfc_transfer *in, *out; /* staged inputs not yet adopted by a block; results to download */
    int n_in, cap_in, n_out, cap_out;
    bool timing;            /* between stage and collect: results may wait for collect */
} wfc_io;

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
static void wfc_io_clear(void) {
    for (int i = 0; i < wfc_io.n_in; i++)
        wfk_release(wfc_io.in[i].dev);
    for (int i = 0; i < wfc_io.n_out; i++)
        wfk_release(wfc_io.out[i].dev);
    wfc_io.n_in = wfc_io.n_out = 0;
    wfc_io.timing = false;
}

/* The harness's stage hook: a device copy of every array argument. */
static int wfc_stage(wf_ctx *ctx, const wf_value *args, int n) {
    wfc_io_clear();
    for (int i = 0; i < n; i++) {
        size_t bytes = (size_t)wf_value_count(&args[i]) * wf_prim_size(args[i].prim);
        if (args[i].rank == 0 || bytes == 0)
            continue;
        void *d = wfk_alloc(ctx, bytes, "cuda");
        if (!d)
            return 1;
        if (wfk_check(ctx, cudaMemcpy(d, args[i].data, bytes, cudaMemcpyHostToDevice), "cuda")) {
            wfk_release(d);
            return 1;
        }
        wfc_io_push(&wfc_io.in, &wfc_io.n_in, &wfc_io.cap_in, (wfc_transfer){args[i].data, bytes, d});
    }
    wfc_io.timing = true;
    return 0;
}

/* wf_blk_wrap's block for an argument takes the argument's staged device copy, current. */
static void wfc_adopt_staged(wf_blk *b) {
    for (int i = 0; i < wfc_io.n_in; i++)
        if (wfc_io.in[i].host == b->data && wfc_io.in[i].bytes == b->cap) {
            b->dev = wfc_io.in[i].dev;
            b->dev_ok = true;
            wfc_io.in[i] = wfc_io.in[--wfc_io.n_in];
            return;
        }
}

/* An entry's array result (wf_flat_result): a block handed over whole whose current copy is on
 * the device keeps that copy for the collect hook when the harness is timing the call; else the
 * host copy is made current now. */
static int wfc_result(wf_ctx *ctx, wf_value *res, int prim, int rank, void *p, wf_blk *m, const int64_t *n,
                      const int64_t *s) {
    if (wfc_io.timing && wf_flat_result_whole(m, p, rank, n, s) && !m->host_ok && m->dev_ok && m->dev) {
        wfc_io_push(&wfc_io.out, &wfc_io.n_out, &wfc_io.cap_out, (wfc_transfer){m->data, m->cap, m->dev});
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
    int rc = wfc_errors(ctx, "cuda");
    for (int i = 0; i < wfc_io.n_out && !rc; i++)
        rc = wfk_check(ctx, cudaMemcpy(wfc_io.out[i].host, wfc_io.out[i].dev, wfc_io.out[i].bytes,
                                       cudaMemcpyDeviceToHost), "cuda");
    wfc_io_clear();
    return rc;
}

static void wfc_fini(wf_ctx *ctx) {
    wfc_io_clear();
    free(wfc_io.in);
    free(wfc_io.out);
    wfc_release();
    while (wfc_t.n)
        wfc_tcopy_drop(wfc_t.v[0].b);
    free(wfc_t.v);
    wfk_fini(ctx);
}
