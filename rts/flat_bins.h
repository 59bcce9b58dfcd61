/* flat_bins.h — the packing of a binned segmap's points into thread blocks (seed 000's
 * inspector; src/flatten/bins.c makes the segmap, rts/flat_dev.cuh wfd_run_bin_map runs it):
 * plain C on the host, so that tests/unit/test_bins.c can check it without a GPU.
 *
 * The points go in decreasing order of their loop counts (the loops of a bin run to its
 * largest count, so points of alike counts go together; a counting sort while the counts are
 * small), then are packed in that order, first fit among the last WFB_WINDOW bins opened,
 * into blocks of bs threads, each point taking max(1, min(width, bs)) of them: a narrow point
 * fills a gap a wider one left a few bins back, while the counts in a bin stay close (next fit
 * would leave the gap; first fit over all bins would put points of small counts in bins of
 * large ones).  perm[k] is the k-th point of the bins' order (bin by bin, each in the order
 * its points came), slot[k] its first thread in its block (bits 0-15) and its threads (bits
 * 16-31), start[b] the first k of bin b (start[bins] = n).  Returns the bins; -1 when memory
 * runs out.  count may be NULL (the points' order is kept); bs is at most 32768.
 */
#ifndef WEFT_RTS_FLAT_BINS_H
#define WEFT_RTS_FLAT_BINS_H

#include <stdint.h>
#include <stdlib.h>

/* qsort's order for the large counts: by decreasing count, then by index (stable); the counts
 * are the calling thread's (contexts on several threads may pack at once) */
#ifdef __cplusplus
static thread_local const int64_t *wfb_sort_counts;
#else
static _Thread_local const int64_t *wfb_sort_counts;
#endif
static int wfb_by_count(const void *x, const void *y) {
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    int64_t ca = wfb_sort_counts[a], cb = wfb_sort_counts[b];
    return ca != cb ? (ca < cb ? 1 : -1) : (a > b) - (a < b);
}

/* The open bins a point may join: the last ones opened. */
#define WFB_WINDOW 16

/* Packs the points in perm's order (wfb_pack): each into the first of the last WFB_WINDOW
 * bins with room, else a new one; then perm, slot and start rearranged bin by bin. */
static __attribute__((unused)) int64_t wfb_first_fit(int64_t n, const int64_t *width, int bs, int64_t *perm, int32_t *slot,
                             int64_t *start) {
    int64_t *bin = (int64_t *)malloc((size_t)(n + 1) * sizeof *bin);
    int64_t *fill = (int64_t *)malloc((size_t)(n + 1) * sizeof *fill);
    int64_t *order = (int64_t *)malloc((size_t)(n + 1) * sizeof *order);
    int32_t *at = (int32_t *)malloc((size_t)(n + 1) * sizeof *at);
    if (!bin || !fill || !order || !at) {
        free(bin), free(fill), free(order), free(at);
        return -1;
    }
    int64_t bins = 0;
    for (int64_t k = 0; k < n; k++) {
        int64_t w = width[perm[k]];
        int32_t t = w < 1 ? 1 : w > bs ? bs : (int32_t)w;
        int64_t b = bins;
        for (int64_t c = bins > WFB_WINDOW ? bins - WFB_WINDOW : 0; c < bins && b == bins; c++)
            if (fill[c] + t <= bs)
                b = c;
        if (b == bins)
            fill[bins++] = 0;
        bin[k] = b;
        at[k] = (int32_t)fill[b] | (t << 16);
        fill[b] += t;
    }
    /* bin by bin, each bin's points in the order they came (a counting sort by bin) */
    for (int64_t b = 0; b <= bins; b++)
        start[b] = 0;
    for (int64_t k = 0; k < n; k++)
        start[bin[k] + 1]++;
    for (int64_t b = 1; b <= bins; b++)
        start[b] += start[b - 1];
    for (int64_t b = 0; b < bins; b++)
        fill[b] = start[b];
    for (int64_t k = 0; k < n; k++) {
        int64_t to = fill[bin[k]]++;
        order[to] = perm[k];
        slot[to] = at[k];
    }
    for (int64_t k = 0; k < n; k++)
        perm[k] = order[k];
    start[bins] = n;
    free(bin), free(fill), free(order), free(at);
    return bins;
}

static __attribute__((unused)) int64_t wfb_pack(int64_t n, const int64_t *width, const int64_t *count, int bs,
                                                int64_t *perm, int32_t *slot, int64_t *start) {
    int64_t top = 0;
    for (int64_t i = 0; count && i < n; i++)
        top = count[i] > top ? count[i] : top;
    for (int64_t i = 0; i < n; i++)
        perm[i] = i;
    if (count && top > 0 && top < (1 << 22)) {
        int64_t *at = (int64_t *)calloc((size_t)top + 2, sizeof *at);
        if (!at)
            return -1;
        for (int64_t i = 0; i < n; i++)
            at[top - (count[i] < 0 ? 0 : count[i]) + 1]++;
        for (int64_t c = 1; c <= top + 1; c++)
            at[c] += at[c - 1];
        for (int64_t i = 0; i < n; i++)
            perm[at[top - (count[i] < 0 ? 0 : count[i])]++] = i;
        free(at);
    } else if (count && top > 0) {
        wfb_sort_counts = count;
        qsort(perm, (size_t)n, sizeof *perm, wfb_by_count);
    }
    return wfb_first_fit(n, width, bs, perm, slot, start);
}

#endif
