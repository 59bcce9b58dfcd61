/* flat_views.h — the array views of generated code (rts/flat.h on the host, rts/flat_dev.cuh in CUDA
 * kernels): one struct per element type and rank, made by WFV_DEFINE — the pointer to element
 * [0, ..., 0], the block it lies in, the extents n[] and the strides s[] in elements — and the
 * arithmetic on them that does not depend on where the memory is: sizes, strides, copies,
 * slices.  WF_HD (wf_scalar.h) makes each function callable on the device too.
 */
#ifndef WF_FLAT_VIEWS_H
#define WF_FLAT_VIEWS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "wf_scalar.h"

#ifndef WF_MAX_RANK
#define WF_MAX_RANK 16
#endif

typedef struct wf_blk wf_blk;

/* The stack of a CUDA thread whose kernel calls recursive functions: weft cuda asks for it
 * (rts/cuda_rt.h wfk_init) and the device's depth check measures against it (rts/flat_dev.cuh
 * wf_too_deep); here because both sides include this file. */
#define WFD_RECURSION_STACK ((size_t)32 << 10)

/* ---- views ---- */

#define WFV_DEFINE(NAME, T, R)                                                                   \
    typedef struct {                                                                             \
        T *p;                                                                                    \
        wf_blk *m;                                                                               \
        int64_t n[R], s[R];                                                                      \
    } NAME;

/* Bytes of n elements of esz bytes (n = the product of the extents), or SIZE_MAX on overflow. */
WF_HD static inline size_t wf_bytes(int64_t n, size_t esz) {
    if (n < 0 || (uint64_t)n > SIZE_MAX / 2 / (esz ? esz : 1))
        return SIZE_MAX;
    return (size_t)n * esz;
}

/* Row-major strides of extents n[0..r). */
WF_HD static inline void wf_dense_strides(int r, const int64_t *n, int64_t *s) {
    int64_t acc = 1;
    for (int k = r - 1; k >= 0; k--) {
        s[k] = acc;
        acc *= n[k];
    }
}

WF_HD static inline bool wf_is_dense(int r, const int64_t *n, const int64_t *s) {
    int64_t acc = 1;
    for (int k = r - 1; k >= 0; k--) {
        if (n[k] != 1 && s[k] != acc)
            return false;
        acc *= n[k];
    }
    return true;
}

/* The elements of extents n[0..r): their product, computed without a branch (it runs at
 * every allocation and copy, in inner loops too).  Wrapping unsigned arithmetic: a zero extent
 * gives 0 however large the others (an array without elements may have a huge shape), and
 * shapes of arrays that exist do not overflow. */
WF_HD static inline int64_t wf_count(int r, const int64_t *n) {
    uint64_t c = 1;
    for (int k = 0; k < r; k++)
        c *= (uint64_t)n[k];
    return (int64_t)c;
}

/* The same for an array about to be allocated, whose extents may multiply past INT64_MAX:
 * then INT64_MAX, for which wf_bytes says SIZE_MAX and the allocation fails at its location;
 * 0 when an extent is 0, whatever the product of the others. */
WF_HD static inline int64_t wf_count_alloc(int r, const int64_t *n) {
    int64_t c = 1;
    bool zero = false, over = false;
    for (int k = 0; k < r; k++) {
        zero |= n[k] == 0;
#ifdef __CUDA_ARCH__
        over |= n[k] > 0 && c > INT64_MAX / n[k];
        c = (int64_t)((uint64_t)c * (uint64_t)n[k]);
#else /* no division */
        over |= __builtin_mul_overflow(c, n[k], &c);
#endif
    }
    return zero ? 0 : over ? INT64_MAX : c;
}

/* Copy the view (src, extents n, strides s, rank r >= 1, elements of esz bytes) into memory
 * at dst whose row-major elements are step elements apart (1: dense).  The two must not
 * overlap. */
WF_HD static inline __attribute__((unused)) void wf_copy_step(void *dst, int64_t step, const void *src, int r,
                                                        const int64_t *n, const int64_t *s, size_t esz) {
    int64_t count = wf_count(r, n);
    if (count == 0)
        return;
    if (step == 1 && wf_is_dense(r, n, s)) {
        memcpy(dst, src, (size_t)count * esz);
        return;
    }
    int64_t idx[WF_MAX_RANK] = {0};
    char *d = (char *)dst;
    const char *base = (const char *)src;
    int64_t last = n[r - 1], ls = s[r - 1], ds = step * (int64_t)esz;
    for (;;) {
        int64_t off = 0;
        for (int k = 0; k < r - 1; k++)
            off += idx[k] * s[k];
        const char *row = base + off * (int64_t)esz;
        switch (esz) {
        case 8:
            for (int64_t j = 0; j < last; j++, d += ds)
                memcpy(d, row + j * ls * 8, 8);
            break;
        case 4:
            for (int64_t j = 0; j < last; j++, d += ds)
                memcpy(d, row + j * ls * 4, 4);
            break;
        default:
            for (int64_t j = 0; j < last; j++, d += ds)
                memcpy(d, row + j * ls * (int64_t)esz, esz);
        }
        int k = r - 2;
        while (k >= 0 && ++idx[k] == n[k])
            idx[k--] = 0;
        if (k < 0)
            return;
    }
}

/* Copy the view into dense memory at dst (as wf_copy_step). */
WF_HD static inline __attribute__((unused)) void wf_copy_dense(void *dst, const void *src, int r, const int64_t *n,
                                                         const int64_t *s, size_t esz) {
    wf_copy_step(dst, 1, src, r, n, s, esz);
}

/* Whether the view's elements are evenly spaced in row-major order: strides the dense ones
 * times its innermost (weft cuda's fresh arrays in a thread's arena are, rts/flat_dev.cuh). */
WF_HD static inline bool wf_is_uniform(int r, const int64_t *n, const int64_t *s) {
    int64_t acc = s[r - 1];
    for (int k = r - 1; k >= 0; k--) {
        if (n[k] != 1 && s[k] != acc)
            return false;
        acc *= n[k];
    }
    return true;
}

/* Copy between two views of the same extents, either layout (the destination is written
 * element by element in row-major order; the two must not overlap). */
WF_HD static inline __attribute__((unused)) void wf_copy_view(void *dst, const int64_t *ds, const void *src, int r,
                                                        const int64_t *n, const int64_t *s, size_t esz) {
    if (wf_is_dense(r, n, ds)) {
        wf_copy_dense(dst, src, r, n, s, esz);
        return;
    }
    int64_t count = wf_count(r, n);
    int64_t idx[WF_MAX_RANK] = {0};
    for (int64_t c = 0; c < count; c++) {
        int64_t so = 0, dof = 0;
        for (int k = 0; k < r; k++) {
            so += idx[k] * s[k];
            dof += idx[k] * ds[k];
        }
        memcpy((char *)dst + dof * (int64_t)esz, (const char *)src + so * (int64_t)esz, esz);
        for (int k = r - 1; k >= 0 && ++idx[k] == n[k]; k--)
            idx[k] = 0;
    }
}

/* Elements of the slice s:e:d (-1 for a zero stride). */
WF_HD static inline int64_t wf_slice_len(int64_t s, int64_t e, int64_t d) {
    if (d > 0)
        return e > s ? (e - s + d - 1) / d : 0;
    if (d < 0)
        return s > e ? (s - e - d - 1) / -d : 0;
    return -1;
}

/* Whether the slice s:e:d is valid on an extent len (Futhark's rule): the stride is not zero, the
 * bounds are in the stride's order (s <= e going up, e <= s going down), and every index the
 * slice takes is in range; an empty slice (s == e) is always valid, so a[7:9:2] of 8 elements
 * is [a[7]] and a[5:5] of 3 elements is empty. */
WF_HD static inline bool wf_slice_ok(int64_t s, int64_t e, int64_t d, int64_t len) {
    if (d == 0 || (d > 0 ? e < s : e > s))
        return false;
    int64_t m = wf_slice_len(s, e, d);
    int64_t last = s + (m - 1) * d;
    return m == 0 || (s >= 0 && s < len && last >= 0 && last < len);
}

#endif
