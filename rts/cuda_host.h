/* cuda_host.h — the host side of weft's CUDA backend: pasted by `weft cuda` into the generated
 * OUT.c (plain C, compiled by the host compiler through nvcc) after wfa.h, which the driver
 * precedes with `#define WFA_DEV_DROP(ctx, a) wfk_drop(a)` and a declaration of wfk_drop.
 *
 * Arrays live on the host as in the C backends (wfa.h); a GPU region uploads the arrays it
 * reads once — the dense copy is kept in wfa.dev until the array is freed or written in place
 * (WFA_DEV_DROP) — and its outputs are computed on the device and copied back.  The device
 * memory pool, error checks and the harness's hooks are in cuda_rt.h.
 */
#include "cuda_rt.h"

static void wfk_drop(wfa *a) {
    if (a->dev) {
        wfk_release(a->dev);
        a->dev = NULL;
    }
}

/* ---- arrays ---- */

static int64_t wfk_count(const wfa *a) {
    int64_t n = 1;
    for (int k = 0; k < a->rank; k++)
        n *= a->shape[k];
    return n;
}

/* Is a regular (so it has a dense device copy)? */
static bool wfk_dense_ok(const wfa *a) { return a->rank == 1 || wfa_regular(a, a->shape); }

/* The device copy of a (regular), uploaded on first use. */
static const void *wfk_dev(wf_ctx *ctx, wfa *a, const char *loc) {
    if (a->dev)
        return a->dev;
    size_t bytes = (size_t)wfk_count(a) * (size_t)a->esz;
    void *d = wfk_alloc(ctx, bytes, loc);
    if (!d)
        return NULL;
    const void *src = a->data;
    char *tmp = NULL;
    if (a->rank > 1) {
        tmp = wf_alloc(ctx, bytes ? bytes : 1, loc);
        if (!tmp) {
            wfk_release(d);
            return NULL;
        }
        wfa_to_dense(a, tmp);
        src = tmp;
    }
    int rc = bytes ? wfk_check(ctx, cudaMemcpy(d, src, bytes, cudaMemcpyHostToDevice), loc) : 0;
    if (tmp)
        wf_free(ctx, tmp);
    if (rc) {
        wfk_release(d);
        return NULL;
    }
    if (a->kind == WFA_ARENA) /* not kept: arena arrays are never released one by one */
        return d;
    a->dev = d;
    return d;
}

/* A device block for the fresh rank-1 output array a (its host copy filled by wfk_fetch). */
static void *wfk_out(wf_ctx *ctx, wfa *a, const char *loc) {
    void *d = wfk_alloc(ctx, (size_t)a->shape[0] * (size_t)a->esz, loc);
    a->dev = d;
    return d;
}

static int wfk_fetch(wf_ctx *ctx, wfa *a, const char *loc) {
    size_t bytes = (size_t)a->shape[0] * (size_t)a->esz;
    if (bytes == 0)
        return 0;
    return wfk_check(ctx, cudaMemcpy(a->data, a->dev, bytes, cudaMemcpyDeviceToHost), loc);
}

