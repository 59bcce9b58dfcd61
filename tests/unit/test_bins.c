/* test_bins.c — unit tests of rts/flat_bins.h, the inspector's packing of a binned segmap
 * (seed 000): every point once; bins in decreasing order of loop count (a bin's first point
 * has its largest count); each bin's slots one after the other within the block; a point's
 * slot max(1, min(width, bs)); a point as wide as the block alone in its bin; first fit in the
 * window (a bin is opened only when its first point fits none of the WFB_WINDOW bins before
 * it: fills only grow, so it fits none of them at the end either).
 * rts: values.c
 */
#include <stdint.h>
#include <stdlib.h>

#include "../../rts/flat_bins.h"
#include "check.h"

/* xorshift64*, deterministic */
static uint64_t st = 0x9E3779B97F4A7C15ULL;
static int64_t rnd(int64_t n) {
    st ^= st >> 12;
    st ^= st << 25;
    st ^= st >> 27;
    return (int64_t)((st * 2685821657736338717ULL) >> 11) % n;
}

/* the properties above for one packing of n points */
static void check_packing(int64_t n, const int64_t *width, const int64_t *count, int bs) {
    int64_t *perm = malloc(sizeof *perm * (size_t)(n + 1));
    int32_t *slot = malloc(sizeof *slot * (size_t)(n + 1));
    int64_t *start = malloc(sizeof *start * (size_t)(n + 2));
    char *seen = calloc((size_t)n + 1, 1);
    int64_t bins = wfb_pack(n, width, count, bs, perm, slot, start);
    CHECK(bins >= (n > 0) && bins <= n);
    CHECK(start[bins] == n && (bins == 0 || start[0] == 0));
    int ok_once = 1, ok_order = 1, ok_slots = 1, ok_width = 1, ok_alone = 1, ok_first_fit = 1;
    int64_t *fill = calloc((size_t)bins + 1, sizeof *fill);
    for (int64_t k = 0; k < n; k++) {
        if (perm[k] < 0 || perm[k] >= n || seen[perm[k]])
            ok_once = 0;
        else
            seen[perm[k]] = 1;
        int64_t w = width[perm[k]], t = slot[k] >> 16;
        if (t != (w < 1 ? 1 : w > bs ? bs : w))
            ok_width = 0;
    }
    for (int64_t b = 0; b < bins; b++) {
        int64_t at = 0, first = count ? count[perm[start[b]]] : 0;
        for (int64_t k = start[b]; k < start[b + 1]; k++) {
            if ((slot[k] & 0xffff) != at)
                ok_slots = 0;
            at += slot[k] >> 16;
            if ((slot[k] >> 16) == bs && start[b + 1] - start[b] != 1)
                ok_alone = 0;
            if (count && count[perm[k]] > first && count[perm[k]] > 0)
                ok_order = 0;
        }
        if (count && b > 0 && first > count[perm[start[b - 1]]] && first > 0)
            ok_order = 0;
        if (at > bs || start[b + 1] <= start[b])
            ok_slots = 0;
        fill[b] = at;
    }
    for (int64_t b = 1; b < bins; b++)
        for (int64_t c = b > WFB_WINDOW ? b - WFB_WINDOW : 0; c < b; c++)
            if (fill[c] + (slot[start[b]] >> 16) <= bs)
                ok_first_fit = 0;
    free(fill);
    CHECK(ok_once);
    CHECK(ok_order);
    CHECK(ok_slots);
    CHECK(ok_width);
    CHECK(ok_alone);
    CHECK(ok_first_fit);
    free(perm);
    free(slot);
    free(start);
    free(seen);
}

int main(void) {
    /* hand-made: widths 0, equal to the block, above it; counts with ties and zeros */
    int64_t w1[] = {3, 0, 256, 300, 1, 255, 2, 100};
    int64_t c1[] = {5, 0, 9, 2, 5, 7, 0, 9};
    check_packing(8, w1, c1, 256);
    check_packing(8, w1, NULL, 256);
    int64_t p[8], s[9];
    int32_t sl[8];
    CHECK(wfb_pack(8, w1, c1, 256, p, sl, s) > 0 && c1[p[0]] == 9);
    CHECK(wfb_pack(0, w1, c1, 256, p, sl, s) == 0 && s[0] == 0);
    /* a gap filled: next fit packs 200 | 200 50 | 50, first fit 200 50 | 200 50 */
    int64_t w2[] = {200, 200, 50, 50}, c2[] = {4, 3, 2, 1};
    check_packing(4, w2, c2, 256);
    CHECK(wfb_pack(4, w2, c2, 256, p, sl, s) == 2 && p[0] == 0 && p[1] == 2 && p[2] == 1 && p[3] == 3);
    /* random portfolios: small counts (counting sort) and huge ones (qsort) */
    for (int r = 0; r < 20; r++) {
        int64_t n = 1 + rnd(3000);
        int64_t *w = malloc(sizeof *w * (size_t)n), *c = malloc(sizeof *c * (size_t)n);
        int64_t big = r % 2 ? (int64_t)1 << 40 : 1200;
        for (int64_t i = 0; i < n; i++) {
            w[i] = rnd(r % 3 ? 520 : 2000);
            c[i] = rnd(big);
        }
        check_packing(n, w, c, r % 4 ? 256 : 1024);
        free(w);
        free(c);
    }
    printf("test_bins: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
