/* cuda_rt.h — the host side of weft cuda's runtime beneath rts/flat_cuda.h: pasted into the
 * generated OUT.c (plain C, compiled by the host compiler through nvcc).
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

static struct {
    wfk_launch launch;
    wfk_block *free_blocks, *used;
    int n_free, cap_free, n_used, cap_used;
    cudaEvent_t ev_start, ev_stop;
    wfk_region_time *times;
    int n_times;
} wfk_g;

/* Provided by OUT.cu: frees its scratch memory. */
void wfk_cu_release(void);

static int wfk_check(wf_ctx *ctx, cudaError_t e, const char *loc) {
    if (e == cudaSuccess)
        return 0;
    return wf_error(ctx, loc, "CUDA error: %s", cudaGetErrorString(e));
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

static void wfk_pool_trim(void) {
    for (int i = 0; i < wfk_g.n_free; i++)
        cudaFree(wfk_g.free_blocks[i].ptr);
    wfk_g.n_free = 0;
}

/* A device block of at least `bytes` (a free block of up to twice the size is reused). */
static void *wfk_alloc(wf_ctx *ctx, size_t bytes, const char *loc) {
    /* whole 16-byte units: a compare-and-swap on an element of 1 or 2 bytes works on the
     * aligned 4-byte word around it (rts/flat_dev.cuh wfd_cas_small) */
    bytes = (bytes + 15) & ~(size_t)15;
    if (bytes == 0)
        bytes = 16;
    for (int i = 0; i < wfk_g.n_free; i++) {
        wfk_block b = wfk_g.free_blocks[i];
        if (b.bytes >= bytes && b.bytes <= 2 * bytes) {
            wfk_g.free_blocks[i] = wfk_g.free_blocks[--wfk_g.n_free];
            wfk_push(&wfk_g.used, &wfk_g.n_used, &wfk_g.cap_used, b);
            return b.ptr;
        }
    }
    void *p = NULL;
    cudaError_t e = cudaMalloc(&p, bytes);
    if (e != cudaSuccess) {
        cudaGetLastError();
        wfk_pool_trim();
        e = cudaMalloc(&p, bytes);
    }
    if (wfk_check(ctx, e, loc))
        return NULL;
    wfk_push(&wfk_g.used, &wfk_g.n_used, &wfk_g.cap_used, (wfk_block){p, bytes});
    return p;
}

static void wfk_release(void *p) {
    for (int i = wfk_g.n_used - 1; i >= 0; i--) {
        if (wfk_g.used[i].ptr == p) {
            wfk_push(&wfk_g.free_blocks, &wfk_g.n_free, &wfk_g.cap_free, wfk_g.used[i]);
            wfk_g.used[i] = wfk_g.used[--wfk_g.n_used];
            return;
        }
    }
}

/* ---- the harness's hooks (wf_program) ---- */

/* The program's (src/backend/emit.c): whether its kernels may call recursive functions.  Then
 * each device thread gets a stack of WFD_RECURSION_STACK bytes (rts/flat_views.h) for their calls
 * (rts/flat_dev.cuh wf_too_deep), instead of the default 1 KiB. */
static bool wfk_has_recursion(void);

static int wfk_init(wf_ctx *ctx) {
    int n = 0;
    if (wfk_check(ctx, cudaGetDeviceCount(&n), "cuda") != 0)
        return 1;
    if (n == 0)
        return wf_error(ctx, "cuda", "no CUDA device");
    if (ctx->device >= n)
        return wf_error(ctx, "cuda", "no CUDA device %d (there are %d)", ctx->device, n);
    if (wfk_check(ctx, cudaSetDevice(ctx->device), "cuda"))
        return 1;
    if (wfk_has_recursion() && wfk_check(ctx, cudaDeviceSetLimit(cudaLimitStackSize, WFD_RECURSION_STACK), "cuda"))
        return 1;
    wfk_g.launch.block_size = ctx->default_block_size > 0 ? ctx->default_block_size : 256;
    void *err = NULL;
    if (wfk_check(ctx, cudaMalloc(&err, 512 + sizeof(int)), "cuda") ||
        wfk_check(ctx, cudaMemset(err, 0, 512 + sizeof(int)), "cuda"))
        return 1;
    wfk_g.launch.err = err;
    if (ctx->profiling &&
        (wfk_check(ctx, cudaEventCreate(&wfk_g.ev_start), "cuda") || wfk_check(ctx, cudaEventCreate(&wfk_g.ev_stop), "cuda")))
        return 1;
    return 0;
}

static void wfk_print_profile(wf_ctx *ctx) {
    if (!ctx->profiling)
        return;
    for (int i = 0; i < wfk_g.n_times; i++)
        if (wfk_g.times[i].calls)
            fprintf(stderr, "gpu region %d (%s): %lld calls, %.3f ms on the device\n", i, wfk_g.times[i].loc,
                    (long long)wfk_g.times[i].calls, wfk_g.times[i].ms);
}

static void wfk_fini(wf_ctx *ctx) {
    wfk_print_profile(ctx);
    free(wfk_g.times);
    if (wfk_g.ev_start) {
        cudaEventDestroy(wfk_g.ev_start);
        cudaEventDestroy(wfk_g.ev_stop);
    }
    wfk_pool_trim();
    for (int i = 0; i < wfk_g.n_used; i++)
        cudaFree(wfk_g.used[i].ptr);
    wfk_g.n_used = 0;
    free(wfk_g.used);
    free(wfk_g.free_blocks);
    if (wfk_g.launch.err)
        cudaFree(wfk_g.launch.err);
    wfk_cu_release();
}

static int wfk_sync(wf_ctx *ctx) { return wfk_check(ctx, cudaDeviceSynchronize(), "cuda"); }

/* Before the launch of region `region` (-P: its start event). */
static void wfk_begin(wf_ctx *ctx) {
    if (ctx->profiling)
        cudaEventRecord(wfk_g.ev_start, 0);
}

static void wfk_account(int region, const char *loc) {
    float ms = 0;
    cudaEventSynchronize(wfk_g.ev_stop);
    cudaEventElapsedTime(&ms, wfk_g.ev_start, wfk_g.ev_stop);
    if (region >= wfk_g.n_times) {
        wfk_region_time *t = realloc(wfk_g.times, sizeof *t * (size_t)(region + 1));
        if (!t)
            return;
        memset(t + wfk_g.n_times, 0, sizeof *t * (size_t)(region + 1 - wfk_g.n_times));
        wfk_g.times = t;
        wfk_g.n_times = region + 1;
    }
    wfk_g.times[region].loc = loc;
    wfk_g.times[region].calls++;
    wfk_g.times[region].ms += ms;
}

/* The kernels' own failures so far: waits for the device, then reads the error slot. */
static int wfk_errors(wf_ctx *ctx, const char *loc) {
    int rc = (int)cudaDeviceSynchronize();
    if (rc != 0)
        return wfk_check(ctx, (cudaError_t)rc, loc);
    int flag = 0;
    if (wfk_check(ctx, cudaMemcpy(&flag, wfk_g.launch.err, sizeof flag, cudaMemcpyDeviceToHost), loc))
        return 1;
    if (flag == 0)
        return 0;
    struct {
        int flag;
        char loc[128];
        char msg[384];
    } e;
    if (wfk_check(ctx, cudaMemcpy(&e, wfk_g.launch.err, sizeof e, cudaMemcpyDeviceToHost), loc))
        return 1;
    e.loc[sizeof e.loc - 1] = e.msg[sizeof e.msg - 1] = 0;
    cudaMemset(wfk_g.launch.err, 0, sizeof flag);
    return wf_error(ctx, e.loc, "%s", e.msg);
}

/* After the launch of region `region` (rc: its cudaError_t): launch errors, then the kernels'
 * own failures. */
static int wfk_finish(wf_ctx *ctx, int rc, int region, const char *loc) {
    if (rc == 0 && ctx->profiling) {
        cudaEventRecord(wfk_g.ev_stop, 0);
        wfk_account(region, loc);
    }
    if (rc != 0)
        return wfk_check(ctx, (cudaError_t)rc, loc);
    return wfk_errors(ctx, loc);
}
