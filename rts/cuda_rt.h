/* cuda_rt.h — the host side of weft cuda's runtime beneath rts/flat_cuda.h: pasted into the
 * generated OUT.c (plain C, compiled by the host compiler through nvcc).
 *
 * Everything a context needs is in its wfk_state (ctx->backend, made by the init hook): its
 * device, its stream (every kernel and copy of the context goes on it), its memory pool, the
 * error slot, and flat_cuda.h's arenas, transposed copies and transfers; OUT.cu's side is the
 * wfk_cu_state it made.  There is no global state, so several contexts, on one device or on
 * several, live in one process (the library, docs/LIBRARY.md); wfk_select makes a context's
 * device the calling thread's current one before the context does any work.
 *
 * Device blocks come from a pool that reuses freed blocks of similar size (cudaMalloc is slow).
 * Every CUDA call is checked; a failure is reported with the source location of the region.
 * A kernel's own failures (bounds, division by zero, asserts) are recorded in a wfk_ctx in
 * device memory (rts/cuda_kernels.cuh) and reported after the launch, with their source
 * location.  The harness's hooks (init, fini, sync) and -P's profile of the GPU regions.
 */
#include <cuda_runtime_api.h>

/* The state shared with the generated launchers in OUT.cu (same layout there). */
typedef struct {
    void *err;      /* wfk_ctx in device memory */
    int block_size;
    cudaStream_t stream;
    void *cu;       /* OUT.cu's wfk_cu_state */
} wfk_launch;

typedef struct {
    void *ptr;
    size_t bytes;
} wfk_block;

/* -P: per GPU region, its launches and their device time (cudaEvents around each). */
typedef struct {
    const char *loc;
    int64_t calls;
    double ms;
} wfk_region_time;

/* flat_cuda.h: a staged argument's or a pending result's data and its device copy. */
typedef struct {
    void *host;   /* an argument's data, or a result's */
    size_t bytes;
    void *dev;    /* its device copy */
    bool borrowed; /* the device copy belongs to a library array: never released here */
    bool host_stale; /* an argument's host data is not current (a library array on the device) */
} wfc_transfer;

/* flat_cuda.h: a transposed copy of a view of block b, dropped when b changes. */
typedef struct {
    wf_blk *b;
    void *dev;
    size_t bytes;
    int64_t off, n0, n1, s0, s1;
} wfc_tcopy;

/* One context's CUDA state (ctx->backend). */
typedef struct {
    wfk_launch launch;
    wfk_block *free_blocks, *used; /* the pool */
    int n_free, cap_free, n_used, cap_used;
    cudaEvent_t ev_start, ev_stop;
    wfk_region_time *times;
    int n_times;
    /* flat_cuda.h's: */
    char *arena;              /* the points' arenas */
    size_t arena_cap;
    int64_t resident;         /* threads the device holds at once (0: not asked yet) */
    unsigned long long *wanted;
    int64_t *arena_seen;      /* per region: the arena bytes its points last needed (0: none yet) */
    int n_arena_seen;
    bool pending;             /* kernels launched whose failures have not been looked at */
    wfc_tcopy *tcopies;       /* transposed copies */
    int n_tcopies, cap_tcopies;
    wfc_transfer *in, *out;   /* staged inputs not yet adopted by a block; results to download */
    int n_in, cap_in, n_out, cap_out;
    bool timing;              /* between stage and collect: results may wait for collect */
    int64_t to_device, to_host; /* bytes wfk_copy moved each way (the library reports them) */
} wfk_state;

static wfk_state *wfk_st(wf_ctx *ctx) { return (wfk_state *)ctx->backend; }

/* Provided by OUT.cu: a context's device-side state, made on the current device, and its
 * release. */
void *wfk_cu_new(void);
void wfk_cu_release(void *cu);

static int wfk_check(wf_ctx *ctx, cudaError_t e, const char *loc) {
    if (e == cudaSuccess)
        return 0;
    return wf_error(ctx, loc, "CUDA error: %s", cudaGetErrorString(e));
}

/* A copy of bytes bytes on the context's stream, finished when it returns (kind: cudaMemcpyKind). */
static int wfk_copy(wf_ctx *ctx, void *dst, const void *src, size_t bytes, int kind, const char *loc) {
    wfk_state *st = wfk_st(ctx);
    cudaStream_t q = st->launch.stream;
    st->to_device += kind == cudaMemcpyHostToDevice ? (int64_t)bytes : 0;
    st->to_host += kind == cudaMemcpyDeviceToHost ? (int64_t)bytes : 0;
    if (wfk_check(ctx, cudaMemcpyAsync(dst, src, bytes, (enum cudaMemcpyKind)kind, q), loc))
        return 1;
    return wfk_check(ctx, cudaStreamSynchronize(q), loc);
}

static void wfk_push(wfk_block **v, int *n, int *cap, wfk_block b) {
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *v = realloc(*v, sizeof **v * (size_t)*cap);
        if (!*v)
            abort();
    }
    (*v)[(*n)++] = b;
}

static void wfk_pool_trim(wfk_state *st) {
    for (int i = 0; i < st->n_free; i++)
        cudaFree(st->free_blocks[i].ptr);
    st->n_free = 0;
}

/* A device block of at least `bytes` (a free block of up to twice the size is reused). */
static void *wfk_alloc(wf_ctx *ctx, size_t bytes, const char *loc) {
    /* whole 16-byte units: a compare-and-swap on an element of 1 or 2 bytes works on the
     * aligned 4-byte word around it (rts/flat_dev.cuh wfd_cas_small) */
    bytes = (bytes + 15) & ~(size_t)15;
    if (bytes == 0)
        bytes = 16;
    wfk_state *st = wfk_st(ctx);
    for (int i = 0; i < st->n_free; i++) {
        wfk_block b = st->free_blocks[i];
        if (b.bytes >= bytes && b.bytes <= 2 * bytes) {
            st->free_blocks[i] = st->free_blocks[--st->n_free];
            wfk_push(&st->used, &st->n_used, &st->cap_used, b);
            return b.ptr;
        }
    }
    void *p = NULL;
    cudaError_t e = cudaMalloc(&p, bytes);
    if (e != cudaSuccess) {
        cudaGetLastError();
        wfk_pool_trim(st);
        e = cudaMalloc(&p, bytes);
    }
    if (wfk_check(ctx, e, loc))
        return NULL;
    wfk_push(&st->used, &st->n_used, &st->cap_used, (wfk_block){p, bytes});
    return p;
}

/* Gives block p (from wfk_alloc) back to the pool. */
static void wfk_release(wf_ctx *ctx, void *p) {
    wfk_state *st = wfk_st(ctx);
    for (int i = st->n_used - 1; i >= 0; i--) {
        if (st->used[i].ptr == p) {
            wfk_push(&st->free_blocks, &st->n_free, &st->cap_free, st->used[i]);
            st->used[i] = st->used[--st->n_used];
            return;
        }
    }
}

/* ---- the harness's hooks (wf_program) ---- */

/* The program's (src/backend/emit.c): whether its kernels may call recursive functions.  Then
 * each device thread gets a stack of WFD_RECURSION_STACK bytes (rts/flat_views.h) for their calls
 * (rts/flat_dev.cuh wf_too_deep), instead of the default 1 KiB. */
static bool wfk_has_recursion(void);

/* Makes the context's device the calling thread's current one (the CUDA runtime keeps it per
 * thread; every context's work starts here). */
static int wfk_select(wf_ctx *ctx) { return wfk_check(ctx, cudaSetDevice(ctx->device), "cuda"); }

static int wfk_init(wf_ctx *ctx) {
    int n = 0;
    if (wfk_check(ctx, cudaGetDeviceCount(&n), "cuda") != 0)
        return 1;
    if (n == 0)
        return wf_error(ctx, "cuda", "no CUDA device");
    if (ctx->device < 0 || ctx->device >= n)
        return wf_error(ctx, "cuda", "no CUDA device %d (there are %d)", ctx->device, n);
    wfk_state *st = calloc(1, sizeof *st);
    if (!st)
        return wf_error(ctx, "cuda", "out of memory");
    ctx->backend = st;
    if (wfk_select(ctx))
        return 1;
    if (wfk_has_recursion() && wfk_check(ctx, cudaDeviceSetLimit(cudaLimitStackSize, WFD_RECURSION_STACK), "cuda"))
        return 1;
    st->launch.block_size = ctx->default_block_size > 0 ? ctx->default_block_size : 256;
    /* a blocking stream: it waits for, and is waited for by, the legacy default stream */
    if (wfk_check(ctx, cudaStreamCreate(&st->launch.stream), "cuda"))
        return 1;
    if (!(st->launch.cu = wfk_cu_new()))
        return wf_error(ctx, "cuda", "out of memory");
    void *err = NULL;
    if (wfk_check(ctx, cudaMalloc(&err, 512 + sizeof(int)), "cuda") ||
        wfk_check(ctx, cudaMemset(err, 0, 512 + sizeof(int)), "cuda"))
        return 1;
    st->launch.err = err;
    if (ctx->profiling && (wfk_check(ctx, cudaEventCreate(&st->ev_start), "cuda") ||
                           wfk_check(ctx, cudaEventCreate(&st->ev_stop), "cuda")))
        return 1;
    return 0;
}

/* -P's profile, once (wfc_fini prints it before it frees the arenas' sizes). */
static void wfk_print_profile(wf_ctx *ctx) {
    wfk_state *st = wfk_st(ctx);
    if (!ctx->profiling || !st)
        return;
    ctx->profiling = false;
    for (int i = 0; i < st->n_times; i++) {
        if (!st->times[i].calls)
            continue;
        fprintf(stderr, "gpu region %d (%s): %lld calls, %.3f ms on the device", i, st->times[i].loc,
                (long long)st->times[i].calls, st->times[i].ms);
        if (i < st->n_arena_seen && st->arena_seen[i])
            fprintf(stderr, ", arenas of %lld bytes a point", (long long)st->arena_seen[i]);
        fputc('\n', stderr);
    }
}

/* Frees the context's CUDA state (also after a failed init: whatever it made). */
static void wfk_fini(wf_ctx *ctx) {
    wfk_state *st = wfk_st(ctx);
    if (!st)
        return;
    cudaSetDevice(ctx->device);
    wfk_print_profile(ctx);
    free(st->times);
    if (st->ev_start)
        cudaEventDestroy(st->ev_start);
    if (st->ev_stop)
        cudaEventDestroy(st->ev_stop);
    wfk_pool_trim(st);
    for (int i = 0; i < st->n_used; i++)
        cudaFree(st->used[i].ptr);
    free(st->used);
    free(st->free_blocks);
    if (st->launch.err)
        cudaFree(st->launch.err);
    wfk_cu_release(st->launch.cu);
    if (st->launch.stream)
        cudaStreamDestroy(st->launch.stream);
    free(st);
    ctx->backend = NULL;
}

static int wfk_sync(wf_ctx *ctx) { return wfk_check(ctx, cudaStreamSynchronize(wfk_st(ctx)->launch.stream), "cuda"); }

/* Before the launch of region `region` (-P: its start event). */
static void wfk_begin(wf_ctx *ctx) {
    if (ctx->profiling)
        cudaEventRecord(wfk_st(ctx)->ev_start, wfk_st(ctx)->launch.stream);
}

static void wfk_account(wfk_state *st, int region, const char *loc) {
    float ms = 0;
    cudaEventSynchronize(st->ev_stop);
    cudaEventElapsedTime(&ms, st->ev_start, st->ev_stop);
    if (region >= st->n_times) {
        wfk_region_time *t = realloc(st->times, sizeof *t * (size_t)(region + 1));
        if (!t)
            return;
        memset(t + st->n_times, 0, sizeof *t * (size_t)(region + 1 - st->n_times));
        st->times = t;
        st->n_times = region + 1;
    }
    st->times[region].loc = loc;
    st->times[region].calls++;
    st->times[region].ms += ms;
}

/* The kernels' own failures so far: waits for the context's stream, then reads the error slot. */
static int wfk_errors(wf_ctx *ctx, const char *loc) {
    void *slot = wfk_st(ctx)->launch.err;
    int rc = (int)cudaStreamSynchronize(wfk_st(ctx)->launch.stream);
    if (rc != 0)
        return wfk_check(ctx, (cudaError_t)rc, loc);
    int flag = 0;
    if (wfk_copy(ctx, &flag, slot, sizeof flag, cudaMemcpyDeviceToHost, loc))
        return 1;
    if (flag == 0)
        return 0;
    struct {
        int flag;
        char loc[128];
        char msg[384];
    } e;
    if (wfk_copy(ctx, &e, slot, sizeof e, cudaMemcpyDeviceToHost, loc))
        return 1;
    e.loc[sizeof e.loc - 1] = e.msg[sizeof e.msg - 1] = 0;
    cudaMemsetAsync(slot, 0, sizeof flag, wfk_st(ctx)->launch.stream);
    return wf_error(ctx, e.loc, "%s", e.msg);
}

/* After the launch of region `region` (rc: its cudaError_t): launch errors, then the kernels'
 * own failures. */
static int wfk_finish(wf_ctx *ctx, int rc, int region, const char *loc) {
    if (rc == 0 && ctx->profiling) {
        cudaEventRecord(wfk_st(ctx)->ev_stop, wfk_st(ctx)->launch.stream);
        wfk_account(wfk_st(ctx), region, loc);
    }
    if (rc != 0)
        return wfk_check(ctx, (cudaError_t)rc, loc);
    return wfk_errors(ctx, loc);
}
