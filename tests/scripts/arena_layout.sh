#!/bin/sh
# arena_layout.sh — weft cuda's per-thread arrays (rts/flat_dev.cuh wfd_point, docs/BACKENDS.md
# "Kernels"): a launch of many threads interleaves its threads' array data word by word, so a
# fresh array in device code is row-major with evenly spaced elements, its innermost stride from
# wfd_step.  Checks, without a GPU: (1) the view arithmetic that layout relies on
# (rts/flat_views.h wf_is_uniform, wf_copy_step), as a C program against independently computed
# addresses; (2) in `weft cuda --no-cc` output, that kernels' fresh arrays take that stride and
# are filled through it (no element written at a bare position), and that launches hand the
# kernels their arena slots.
. "$(dirname "$0")/lib.sh"

cat > "$T/views.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#define WF_HD
#include "flat_views.h"
static int bad;
static void expect(int cond, const char *what) {
    if (!cond) {
        printf("FAIL %s\n", what);
        bad++;
    }
}
int main(void) {
    /* [3][4] elements 5 apart (a thread's array in an arena of 5 interleaved threads) */
    int64_t n[2] = {3, 4}, s[2] = {20, 5};
    expect(wf_is_uniform(2, n, s), "evenly spaced [3][4] is uniform");
    int64_t st[2] = {5, 15}; /* its transpose's strides, as [4][3] */
    int64_t nt[2] = {4, 3};
    expect(!wf_is_uniform(2, nt, st), "a transpose is not uniform");
    int64_t ns[2] = {3, 2}, ss[2] = {20, 10}; /* every other column */
    expect(wf_is_uniform(2, ns, ss), "every other column of a dense-by-5 array is uniform (step 10)");
    int64_t nc[2] = {3, 2}, sc[2] = {20, 5}; /* the first two columns */
    expect(!wf_is_uniform(2, nc, sc), "two of four columns are not uniform");
    /* copy the transpose of a dense [3][4] into memory 3 apart */
    double src[12], dst[40];
    for (int i = 0; i < 12; i++)
        src[i] = i + 0.5;
    for (int i = 0; i < 40; i++)
        dst[i] = -1;
    int64_t tn[2] = {4, 3}, ts[2] = {1, 4};
    wf_copy_step(dst, 3, src, 2, tn, ts, sizeof(double));
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 3; i++)
            expect(dst[(j * 3 + i) * 3] == src[i * 4 + j], "wf_copy_step puts element (j, i) at 3 * (3j + i)");
    for (int k = 0; k < 36; k++)
        if (k % 3)
            expect(dst[k] == -1, "wf_copy_step writes nothing between the elements");
    printf("%d bad\n", bad);
    return bad != 0;
}
C
if $CC -std=c11 -Wall -Wextra -Werror -Irts -o "$T/views" "$T/views.c" 2> "$T/err"; then
    pass
    "$T/views" > "$T/views.out"
    check "the view arithmetic: $(grep FAIL "$T/views.out" | head -3)" grep -q "^0 bad$" "$T/views.out"
else
    fail "views.c does not build: $(head -5 "$T/err")"
fi

# per-thread arrays: a map whose points build, scan, reverse and index arrays of their own
cat > "$T/rows.fut" <<'F'
entry main (n: i64) : []f64 =
  map (\i -> let xs = map (\j -> f64.i64 (i * j + 1)) (iota 8)
             let ys = scan (+) 0 xs
             let zs = reverse (concat ys [f64.i64 i])
             in reduce (+) 0 (map2 (*) zs (replicate 9 2)) + zs[3]) (iota n)
F
check "weft cuda rows.fut" "$WEFT" cuda --no-cc "$T/rows.fut" -o "$T/rows" || summary
# the kernels: everything after the runtime's last line
sed -n '/---- the program.s GPU regions ----/,$p' "$T/rows.cu" > "$T/kernels.cu"
check "rows.fut: no GPU regions in the output" test -s "$T/kernels.cu"
allocs=$(grep -c '\.m = wf_\(blk_new_el\|slot_get\|scratch_get\)(ctx, ' "$T/kernels.cu")
steps=$(grep -c '\.s\[[0-9]*\] = wfd_step(ctx, ' "$T/kernels.cu")
check "rows.fut: the kernels allocate no arrays" test "$allocs" -gt 0
check "rows.fut: $allocs fresh arrays, $steps strides from wfd_step" test "$allocs" = "$steps"
# the fresh arrays (not the kernels' outputs, which the host allocates dense): none written at
# a bare position
grep -o '[a-z0-9_]*\.m = wf_\(blk_new_el\|slot_get\|scratch_get\)(ctx, ' "$T/kernels.cu" | sed 's/\.m = .*//' | sort -u > "$T/fresh"
bare=$(while read -r v; do grep -m1 "$v\.p\[[a-z0-9_]*\] = " "$T/kernels.cu"; done < "$T/fresh")
check "rows.fut: a fresh array written at a bare position: $bare" test -z "$bare"
check_not "rows.fut: a dense copy into a fresh array in a kernel" grep -q 'wf_copy_dense(' "$T/kernels.cu"
check "rows.fut: the launcher does not hand over its arena slots" grep -q 's\.arena_slots = max_threads;' "$T/kernels.cu"
summary
