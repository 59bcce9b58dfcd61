/* cuda_irregular.cuh — irregular segops on the GPU (src/backend/cuda/kernels.c; docs/FLATTENING.md,
 * "Irregular nests"): a segop over (i < segs, j < seg O) whose segments differ in length runs by
 * its flat points, in tiles of blockDim x items consecutive points, so that one segment of a
 * million points and a million segments of one point cost the same.  Pasted into OUT.cu after
 * flat_dev.cuh.
 *
 * Segmaps and segscans: a tile finds the segment of its first point with a 32-way search by one
 * warp, then every point's segment from flags: the segments starting in the tile mark their
 * first points, a max-scan carries the marks forward (wfg_tile_segments).  A segscan is one
 * single-pass segmented scan with decoupled look-back (cuda_kernels.cuh's machinery) over pairs
 * (value, "a segment starts here"): the operator lifted to pairs restarts at a segment start, so
 * it stays associative and operands are never reordered.  A segred runs by runs instead (each
 * thread folds its consecutive points in registers; "segred: by runs" below), over the same
 * pairs for the carries between runs and tiles, the tiles' carries by a second kernel.
 *
 * The spec S (generated) has, beyond the args:
 *   int64_t w, segs                      the total points and the segments
 *   int64_t off(s)                       O[s]
 *   int irun(ctx, seg, j0, n, i0, sink)  the body at the points (seg, j0 + r), flat indices i0 + r,
 *                                        r < n: map results into the outputs, the operators'
 *                                        operands to sink(r, Acc); what depends on the segment
 *                                        only is evaluated once
 *   scan_op, scan_ne                     the operator (cuda_kernels.cuh's conventions)
 *   scan_store(i, Acc), seg_store(seg, Acc)
 */

#ifndef WFG_BATCH
#define WFG_BATCH 8 /* points whose bodies S::irun evaluates before folding them */
#endif

/* The segment of point p: the last s with O[s] <= p (past the empty ones), by the 32 lanes of a
 * warp together.  Each lane probes one of 32 evenly spaced segments and a ballot keeps the span
 * between the last probe at or before p and the next, so a million segments take 4 rounds of
 * loads, not 20. */
template <class S>
__device__ static int64_t wfg_warp_segment(const S &s, int64_t p) {
    int lane = (int)threadIdx.x & 31;
    int64_t lo = 0, hi = s.segs - 1; /* O[lo] <= p; the answer lies in [lo, hi] */
    while (lo < hi) {
        int64_t m = lo + ((hi - lo) * (lane + 1) + 31) / 32; /* in (lo, hi]; lane 31 probes hi */
        unsigned ok = __ballot_sync(0xffffffffu, s.off(m) <= p);
        int k = ok ? 31 - __clz((int)ok) : -1; /* the probes at or before p are a prefix */
        int64_t below = __shfl_sync(0xffffffffu, m, k < 0 ? 0 : k);
        int64_t above = __shfl_sync(0xffffffffu, m, k < 31 ? k + 1 : 31);
        if (k >= 0)
            lo = below;
        if (k < 31)
            hi = above - 1;
    }
    return lo;
}

/* The segment of the tile's first point base into *seg0 (warp 0), then a barrier. */
template <class S>
__device__ static void wfg_first_segment(const S &s, int64_t base, int64_t *seg0) {
    if (threadIdx.x < 32) {
        int64_t seg = wfg_warp_segment(s, base);
        if (threadIdx.x == 0)
            *seg0 = seg;
    }
    __syncthreads();
}

/* Each point j < n of the tile [base, base + n) gets its segment, less seg0, in sg[wfk_pad(j)]
 * (every thread owns the run [t * items, (t + 1) * items)): each segment that starts inside the
 * tile marks its first point (of several starting at the same point, the empty ones before the
 * last, the largest wins), then a max-scan carries the marks forward — seed 004's segment
 * indices from flags, over the tile's points and segments instead of a search per point. */
template <class S>
__device__ static void wfg_tile_segments(const S &s, int64_t base, int n, int items, int64_t seg0, int *sg) {
    __shared__ int wmax[32];
    int t = (int)threadIdx.x, bs = (int)blockDim.x, lane = t & 31, warp = t >> 5, nwarps = bs >> 5;
    for (int j = t; j < n; j += bs)
        sg[wfk_pad(j)] = 0;
    __syncthreads();
    for (int64_t e = seg0 + 1 + t; e < s.segs; e += bs) {
        int64_t pos = s.off(e) - base; /* > 0: O[e] > base past seg0 */
        if (pos >= n)
            break;
        atomicMax(&sg[wfk_pad((int)pos)], (int)(e - seg0));
    }
    __syncthreads();
    int lo = t * items, hi = lo + items < n ? lo + items : n, m = 0;
    for (int j = lo; j < hi; j++) {
        m = max(m, sg[wfk_pad(j)]);
        sg[wfk_pad(j)] = m;
    }
    int x = m;
    for (int d = 1; d < 32; d *= 2) {
        int y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d)
            x = max(x, y);
    }
    if (lane == 31)
        wmax[warp] = x;
    __syncthreads();
    if (warp == 0) {
        int z = lane < nwarps ? wmax[lane] : 0;
        for (int d = 1; d < 32; d *= 2) {
            int y = __shfl_up_sync(0xffffffffu, z, d);
            if (lane >= d)
                z = max(z, y);
        }
        if (lane < nwarps)
            wmax[lane] = z;
    }
    __syncthreads();
    int before = __shfl_up_sync(0xffffffffu, x, 1);
    int pre = max(lane > 0 ? before : 0, warp > 0 ? wmax[warp - 1] : 0);
    for (int j = lo; j < hi; j++)
        sg[wfk_pad(j)] = max(sg[wfk_pad(j)], pre);
    __syncthreads();
}

/* Shared memory for the segments of a tile of n points. */
static inline size_t wfg_sg_bytes(int64_t n) {
    return sizeof(int) * (size_t)(n + n / 32 + 1);
}

/* The body at every point j < n of the tile [base, base + n) (S::irun), its operands handed to
 * put(j, O[its segment], Acc * or NULL when the body failed — the failure is recorded).  A tile
 * of long segments runs by pieces: each thread its run [t * items, (t + 1) * items), a
 * segment's piece at a time, so that what depends on the segment only is evaluated once a
 * piece; a tile of short segments runs by points, thread t at points t, t + blockDim, ... so
 * that neighbouring threads read neighbouring points. */
#define WFG_PIECE_POINTS 8 /* the tile's points per segment from which it runs by pieces */
template <class S, class Put>
__device__ static void wfg_points(wfk_ctx *ctx, const S &s, int64_t base, int n, int items, int64_t seg0, const int *sg,
                                  Put put) {
    int t = (int)threadIdx.x, bs = (int)blockDim.x;
    int nsegs = sg[wfk_pad(n - 1)] + 1; /* the segments with points in the tile */
    if ((int64_t)nsegs * WFG_PIECE_POINTS <= n) {
        int lo = t * items, hi = lo + items < n ? lo + items : n;
        for (int q = lo; q < hi;) {
            int64_t seg = seg0 + sg[wfk_pad(q)], j0 = s.off(seg), first = base + q;
            int cnt = (int)(s.off(seg + 1) - first < hi - q ? s.off(seg + 1) - first : hi - q);
            auto sink = [&](int r, const typename S::Acc &v) { put(q + r, j0, &v); };
            if (s.irun(ctx, seg, first - j0, cnt, first, sink))
                for (int r = 0; r < cnt; r++)
                    put(q + r, j0, (const typename S::Acc *)NULL);
            q += cnt;
        }
        return;
    }
    for (int k = 0; k < items; k++) {
        int j = k * bs + t;
        if (j >= n)
            continue;
        int64_t seg = seg0 + sg[wfk_pad(j)], j0 = s.off(seg);
        auto sink = [&](int, const typename S::Acc &v) { put(j, j0, &v); };
        if (s.irun(ctx, seg, base + j - j0, 1, base + j, sink))
            put(j, j0, (const typename S::Acc *)NULL);
    }
}

/* ---- segmap ---- */

template <class S>
__global__ void wfg_map_kernel(wfk_ctx *ctx, S s, int items) {
    extern __shared__ unsigned char wfk_smem[];
    int *sg = (int *)wfk_smem;
    __shared__ int64_t seg0_sh;
    int t = (int)threadIdx.x;
    int64_t tile_n = (int64_t)blockDim.x * items;
    for (int64_t base = (int64_t)blockIdx.x * tile_n; base < s.w; base += (int64_t)gridDim.x * tile_n) {
        int n = s.w - base < tile_n ? (int)(s.w - base) : (int)tile_n;
        wfg_first_segment(s, base, &seg0_sh);
        int64_t seg0 = seg0_sh;
        wfg_tile_segments(s, base, n, items, seg0, sg);
        wfg_points(ctx, s, base, n, items, seg0, sg, [](int, int64_t, const typename S::Acc *) {});
        __syncthreads();
    }
}

/* ---- segscan and segred ---- */

template <class T>
struct wfg_pair {
    T v;
    int start; /* a segment starts at a point of the range the pair sums up */
};

/* The operator lifted to pairs: b restarts the sum when a segment starts in it. */
template <class S>
struct wfg_lift {
    S s;
    __device__ int scan_op(wfk_ctx *ctx, const wfg_pair<typename S::Acc> &a, const wfg_pair<typename S::Acc> &b,
                           wfg_pair<typename S::Acc> *r) const {
        if (b.start) {
            *r = b;
            return 0;
        }
        r->start = a.start;
        return s.scan_op(ctx, a.v, b.v, &r->v);
    }
};

/* ---- segred: by runs ----
 *
 * Each thread walks its run of consecutive points [t * items, (t + 1) * items) of the tile a
 * segment's piece at a time (S::irun: what depends on the segment only is evaluated once a
 * piece), folding the points in registers.  A segment that starts and ends inside the run is
 * stored at once; the one the run starts in the middle of (its head) waits for the carry: the
 * fold of everything before the run since that segment's start, a block scan of the runs' tails
 * (value, "a segment starts in the run") gives it inside the tile, and a second kernel the
 * carries between tiles (wfg_red_carry_kernel, no look-back).  The empty segments
 * at a position are stored by the thread whose point ends the segment before them (those before
 * point 0 by point 0's).  Every point is read once, by one thread, and no point goes through
 * shared memory. */

/* The offsets of a tile's segments lo .. hi + 1 staged in shared memory (sh; NULL when they do
 * not fit), the others read from O. */
struct wfg_offs {
    const int64_t *sh;
    int64_t lo, hi;
    template <class S>
    __device__ int64_t at(const S &s, int64_t seg) const {
        return sh && seg >= lo && seg <= hi + 1 ? sh[seg - lo] : s.off(seg);
    }
};

/* The segment of point p: the last s in [lo, hi] with O[s] <= p, given O[lo] <= p. */
template <class S>
__device__ static int64_t wfg_segment_at(const S &s, const wfg_offs &o, int64_t p, int64_t lo, int64_t hi) {
    while (lo < hi) {
        int64_t m = lo + (hi - lo + 1) / 2;
        if (o.at(s, m) <= p)
            lo = m;
        else
            hi = m - 1;
    }
    return lo;
}

/* A thread's walk over its run: the tail (fold since the run's last segment start, and whether
 * one starts in the run) and the head segment waiting for the carry. */
template <class S>
struct wfg_walk {
    wfg_pair<typename S::Acc> tail;
    typename S::Acc head;
    int64_t head_seg; /* -1: none */
};

/* The empty segments from seg on that end at p (start there and are empty) get the neutral
 * element; the first segment past them. */
template <class S>
__device__ static int64_t wfg_past_empty(const S &s, const wfg_offs &o, int64_t seg, int64_t p, bool store = true) {
    for (; seg < s.segs && o.at(s, seg + 1) == p; seg++)
        if (store)
            s.seg_store(seg, s.scan_ne());
    return seg;
}

template <class S>
__device__ static wfg_walk<S> wfg_red_run(wfk_ctx *ctx, const S &s, const wfg_offs &o, int64_t p, int64_t end) {
    typedef typename S::Acc A;
    wfg_walk<S> r;
    r.tail.v = s.scan_ne();
    r.tail.start = 0;
    r.head_seg = -1;
    int64_t seg = wfg_segment_at(s, o, p, o.lo, o.hi);
    if (p == 0)
        for (int64_t e = 0; e < seg; e++) /* empty segments before point 0 */
            s.seg_store(e, s.scan_ne());
    int64_t start = o.at(s, seg), next = o.at(s, seg + 1);
    bool open = start < p; /* the run starts in the middle of segment seg: its head */
    r.tail.start = !open;
    A acc = s.scan_ne();
    auto fold = [&](int, const A &v) {
        A x;
        if (!s.scan_op(ctx, acc, v, &x))
            acc = x;
    };
    for (;;) {
        int64_t stop = next < end ? next : end;
        (void)s.irun(ctx, seg, p - start, (int)(stop - p), p, fold); /* a failure is recorded; go on */
        p = stop;
        if (p < next)
            break; /* the run ends inside segment seg */
        if (open) {
            r.head = acc;
            r.head_seg = seg;
            open = false;
        } else {
            s.seg_store(seg, acc);
        }
        acc = s.scan_ne();
        seg = wfg_past_empty(s, o, seg + 1, p);
        if (p >= end || seg >= s.segs)
            break;
        start = p;
        next = o.at(s, seg + 1);
        r.tail.start = 1;
    }
    r.tail.v = acc;
    return r;
}

/* ---- segred: striped pieces ----
 *
 * A thread's run reads its 64 consecutive points: a warp's load touches 32 lines, one word of
 * each.  When the operators commute exactly (S::comm: integer +, *, min, max, and, or, xor, as
 * kernels.c finds them) and a warp's 32 runs hold few segments (long ones), the warp walks its
 * points together instead, a segment's piece at a time: lane l folds the piece's points l,
 * l + 32, ... (S::irun with a stride of 32: every load is 32 neighbouring words), and a butterfly
 * of shuffles folds the lanes' values.  The warp's walk is a run's (wfg_walk, held by lane 0;
 * the other lanes' are empty), so the carries go on as for runs. */
#ifndef WFG_STRIPE_SEGS
#define WFG_STRIPE_SEGS 4 /* a warp's points stripe when they lie in at most this many segments */
#endif

/* x of every lane folded, in every lane (S's operators commute). */
template <class S>
__device__ static typename S::Acc wfg_warp_fold(wfk_ctx *ctx, const S &s, typename S::Acc x) {
    for (int d = 16; d > 0; d /= 2) {
        typename S::Acc y = wfk_shfl_xor(x, d), r;
        if (!s.scan_op(ctx, x, y, &r))
            x = r;
    }
    return x;
}

/* Whether the points [p, end) lie in at most WFG_STRIPE_SEGS segments (empty ones counted). */
template <class S>
__device__ static bool wfg_few_segments(const S &s, const wfg_offs &o, int64_t p, int64_t end) {
    int64_t first = wfg_segment_at(s, o, p, o.lo, o.hi);
    return wfg_segment_at(s, o, end - 1, first, o.hi) - first < WFG_STRIPE_SEGS;
}

/* The warp's walk over [p, end), all 32 lanes together (p and end the same in every lane). */
template <class S>
__device__ static wfg_walk<S> wfg_red_stripes(wfk_ctx *ctx, const S &s, const wfg_offs &o, int64_t p, int64_t end) {
    typedef typename S::Acc A;
    int lane = (int)threadIdx.x & 31;
    wfg_walk<S> r;
    r.head_seg = -1;
    int64_t seg = wfg_segment_at(s, o, p, o.lo, o.hi);
    if (p == 0 && lane == 0)
        for (int64_t e = 0; e < seg; e++) /* empty segments before point 0 */
            s.seg_store(e, s.scan_ne());
    int64_t start = o.at(s, seg), next = o.at(s, seg + 1);
    bool open = start < p;
    r.tail.start = !open;
    A acc = s.scan_ne();
    auto fold = [&](int, const A &v) {
        A x;
        if (!s.scan_op(ctx, acc, v, &x))
            acc = x;
    };
    for (;;) {
        int64_t stop = next < end ? next : end, mine = stop - p - lane;
        if (mine > 0) /* this lane's points p + lane, p + lane + 32, ... before stop */
            (void)s.irun(ctx, seg, p + lane - start, (int)((mine + 31) / 32), p + lane, fold, 32);
        p = stop;
        if (p < next)
            break; /* the walk ends inside segment seg */
        A total = wfg_warp_fold(ctx, s, acc);
        if (open) {
            r.head = total;
            r.head_seg = seg;
            open = false;
        } else if (lane == 0) {
            s.seg_store(seg, total);
        }
        acc = s.scan_ne();
        seg = wfg_past_empty(s, o, seg + 1, p, lane == 0);
        if (p >= end || seg >= s.segs)
            break;
        start = p;
        next = o.at(s, seg + 1);
        r.tail.start = 1;
    }
    r.tail.v = wfg_warp_fold(ctx, s, acc);
    return r;
}

/* tseg[k]: the segment of point min(k * tile, w - 1), k <= tiles (one thread each). */
template <class S>
__global__ void wfg_tile_segs_kernel(S s, int64_t tile, int64_t tiles, int64_t *tseg) {
    int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (k > tiles)
        return;
    int64_t p = k * tile < s.w - 1 ? k * tile : s.w - 1;
    wfg_offs o = {NULL, 1, 0};
    tseg[k] = wfg_segment_at(s, o, p, 0, s.segs - 1);
}

/* A tile of the segred: its runs walked, their tails scanned across the block, and every head
 * whose carry lies inside the tile stored.  The one head whose segment started before the tile
 * (the tile's first segment, when it ends in the tile) is left in the tile's pending slot
 * (pend_seg[tile], -1 when none; its fold so far in pend_val[tile]) and the tile's total goes
 * to agg[tile]: no tile waits for another (a look-back would hold every later block while one
 * tile of short segments is still walking), and wfg_red_carry_kernel finishes the heads. */
template <class S>
__global__ void wfg_red_kernel(wfk_ctx *ctx, S s, int items, wfg_pair<typename S::Acc> *agg, int64_t *pend_seg,
                               typename S::Acc *pend_val, const int64_t *tseg, int staged) {
    typedef wfg_pair<typename S::Acc> P;
    extern __shared__ unsigned char wfk_smem[];
    __shared__ P win[32];
    __shared__ P warp_sh[32]; /* each warp's last inclusive tail */
    wfg_lift<S> L = {s};
    int t = (int)threadIdx.x, bs = (int)blockDim.x, tile_n = bs * items;
    int64_t tile = blockIdx.x, base = tile * tile_n;
    int n = s.w - base < tile_n ? (int)(s.w - base) : tile_n;
    /* the tile's segments' offsets, into shared memory when they fit */
    wfg_offs o = {(const int64_t *)wfk_smem, tseg[tile], tseg[tile + 1]};
    if (o.hi - o.lo + 2 <= staged) {
        for (int64_t k = t; k < o.hi - o.lo + 2; k += bs)
            ((int64_t *)wfk_smem)[k] = s.off(o.lo + k);
    } else {
        o.sh = NULL;
    }
    __syncthreads();
    P ne = {s.scan_ne(), 0};
    int lo = t * items, hi = lo + items < n ? lo + items : n;
    wfg_walk<S> w;
    w.tail = ne;
    w.head_seg = -1;
    if constexpr (S::comm) {
        int wlo = (t & ~31) * items, whi = wlo + 32 * items < n ? wlo + 32 * items : n; /* the warp's runs */
        if (wlo < whi && wfg_few_segments(s, o, base + wlo, base + whi)) {
            wfg_walk<S> ww = wfg_red_stripes(ctx, s, o, base + wlo, base + whi);
            if ((t & 31) == 0)
                w = ww;
            hi = lo; /* no run of its own */
        }
    }
    if (lo < hi)
        w = wfg_red_run(ctx, s, o, base + lo, base + hi);
    /* the carries inside the tile: the runs' tails scanned */
    P x = wfk_block_scan(ctx, L, w.tail, win, ne);
    P before = wfk_shfl_up(x, 1); /* the runs before this one, in the warp */
    if ((t & 31) == 31)
        warp_sh[t >> 5] = x;
    if (t == bs - 1)
        agg[tile] = x;
    __syncthreads();
    if (w.head_seg < 0)
        return;
    P carry = ne;
    if ((t & 31) == 0)
        before = t == 0 ? ne : warp_sh[(t >> 5) - 1];
    if (t > 0)
        carry = before;
    typename S::Acc v;
    if (s.scan_op(ctx, carry.v, w.head, &v))
        v = w.head;
    if (tile > 0 && !carry.start) { /* the head's segment started before the tile */
        pend_seg[tile] = w.head_seg;
        pend_val[tile] = v;
    } else {
        s.seg_store(w.head_seg, v);
    }
}

/* The pending heads of a segred's tiles (one block): each thread folds the totals of its range
 * of tiles, the block scans those folds, and each thread walks its range again with the prefix
 * of everything before each tile, completing the tile's pending head with it. */
template <class S>
__global__ void wfg_red_carry_kernel(wfk_ctx *ctx, S s, int64_t tiles, const wfg_pair<typename S::Acc> *agg,
                                     const int64_t *pend_seg, const typename S::Acc *pend_val) {
    typedef wfg_pair<typename S::Acc> P;
    __shared__ P win[32];
    wfg_lift<S> L = {s};
    P ne = {s.scan_ne(), 0}, r;
    int t = (int)threadIdx.x, bs = (int)blockDim.x;
    int64_t per = (tiles + bs - 1) / bs, lo = t * per, hi = lo + per < tiles ? lo + per : tiles;
    P part = ne;
    for (int64_t k = lo; k < hi; k++)
        if (!L.scan_op(ctx, part, agg[k], &r))
            part = r;
    P x = wfk_block_scan(ctx, L, part, win, ne);
    P pre = wfk_shfl_up(x, 1);
    if ((t & 31) == 0)
        pre = t == 0 ? ne : win[(t >> 5) - 1];
    for (int64_t k = lo; k < hi; k++) {
        if (pend_seg[k] >= 0) {
            typename S::Acc v;
            if (s.scan_op(ctx, pre.v, pend_val[k], &v))
                v = pend_val[k];
            s.seg_store(pend_seg[k], v);
        }
        if (!L.scan_op(ctx, pre, agg[k], &r))
            pre = r;
    }
}

template <class S>
__global__ void wfg_scan_kernel(wfk_ctx *ctx, S s, int items, wfk_tile<wfg_pair<typename S::Acc>> *st,
                                unsigned long long *counter) {
    typedef wfg_pair<typename S::Acc> P;
    extern __shared__ unsigned char wfk_smem[];
    wfg_lift<S> L = {s};
    int t = (int)threadIdx.x, bs = (int)blockDim.x, tile_n = bs * items;
    P *buf = (P *)wfk_smem;                 /* wfk_pad(tile_n) pairs */
    P *tot = buf + wfk_pad(tile_n) + 1;     /* bs run totals, then the tile's prefix */
    P *win = tot + bs + 1;                  /* the look-back window: 32 pairs */
    int *sg = (int *)(win + 32);            /* each point's segment, less seg0 (wfk_pad) */
    __shared__ long long tile_sh;
    __shared__ int64_t seg0_sh;
    if (t == 0)
        tile_sh = (long long)atomicAdd(counter, 1ULL);
    __syncthreads();
    int64_t tile = tile_sh, base = tile * tile_n;
    int n = s.w - base < tile_n ? (int)(s.w - base) : tile_n;
    wfg_first_segment(s, base, &seg0_sh);
    int64_t seg0 = seg0_sh;
    wfg_tile_segments(s, base, n, items, seg0, sg);
    P ne = {s.scan_ne(), 0};
    /* 1. the points of the tile into buf (wfg_points) */
    int lo = t * items, hi = lo + items < n ? lo + items : n;
    wfg_points(ctx, s, base, n, items, seg0, sg, [&](int j, int64_t j0, const typename S::Acc *v) {
        P p = ne;
        if (v)
            p.v = *v;
        p.start = base + j == j0;
        buf[wfk_pad(j)] = p;
    });
    __syncthreads();
    /* 2. each thread scans its run */
    P run = ne;
    for (int j = lo; j < hi; j++) {
        P r;
        if (j == lo) {
            r = buf[wfk_pad(j)];
            if (j == 0 && tile == 0 && !r.start && L.scan_op(ctx, ne, r, &r)) /* from the neutral element */
                r = buf[0];
        } else if (L.scan_op(ctx, run, buf[wfk_pad(j)], &r)) {
            r = run;
        }
        run = r;
        buf[wfk_pad(j)] = r;
    }
    tot[t] = run;
    __syncthreads();
    /* 3. inclusive scan of the run totals */
    P x = wfk_block_scan(ctx, L, run, win, ne);
    tot[t] = x;
    __syncthreads();
    /* the tile's prefix: look back, or publish tile 0's inclusive prefix */
    int last = (n + items - 1) / items;
    if (t < 32) {
        if (tile > 0) {
            P prefix = wfk_look_back(ctx, L, st, tile, tot[last - 1], win);
            if (t == 0)
                tot[bs] = prefix;
        } else if (t == 0) {
            wfk_publish<wfg_lift<S>>(st, 0, tot[last - 1], 2);
        }
    }
    __syncthreads();
    /* 4. each run gets the prefix of everything before it */
    if (lo < hi && (t > 0 || tile > 0)) {
        P pre;
        if (t == 0)
            pre = tot[bs];
        else if (tile == 0 || L.scan_op(ctx, tot[bs], tot[t - 1], &pre))
            pre = tot[t - 1];
        for (int j = lo; j < hi; j++) {
            P r;
            if (!L.scan_op(ctx, pre, buf[wfk_pad(j)], &r))
                buf[wfk_pad(j)] = r;
        }
    }
    __syncthreads();
    /* 5. store, coalesced */
    for (int k = 0; k < items; k++) {
        int j = k * bs + t;
        if (j >= n)
            continue;
        s.scan_store(base + j, buf[wfk_pad(j)].v);
    }
}

/* Every segment the neutral element (a segred with no points at all). */
template <class S>
__global__ void wfg_fill_kernel(S s) {
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < s.segs; e += stride)
        s.seg_store(e, s.scan_ne());
}

/* ---- launching ---- */

#define WFG_MAP_ITEMS 4

template <class S>
static int wfg_run_map(const wfk_launch *L, const S &s) {
    if (s.w == 0)
        return 0;
    int bs = L->block_size;
    int64_t tile = (int64_t)bs * WFG_MAP_ITEMS, blocks = (s.w + tile - 1) / tile;
    if (blocks > (1 << 20))
        blocks = 1 << 20;
    wfg_map_kernel<S><<<(unsigned)blocks, bs, wfg_sg_bytes(tile), L->stream>>>((wfk_ctx *)L->err, s, WFG_MAP_ITEMS);
    return (int)cudaGetLastError();
}

/* The look-back's state for the tiles of tile points each (zeroed), the tile counter after it,
 * then extra bytes, in *scratch; the state's size in *state_bytes; 0 or a CUDA error. */
template <class P>
static int wfg_look_back_state(const wfk_launch *L, int64_t w, int64_t tile, size_t extra, size_t *state_bytes,
                               char **scratch) {
    int64_t tiles = (w + tile - 1) / tile;
    size_t state = (sizeof(wfk_tile<P>) * (size_t)tiles + 15) & ~(size_t)15;
    *scratch = (char *)wfk_scratch(L, state + 16 + extra);
    if (!*scratch)
        return (int)cudaErrorMemoryAllocation;
    *state_bytes = state;
    return (int)cudaMemsetAsync(*scratch, 0, state + 16, L->stream);
}

#ifndef WFG_CARRY_THREADS
#define WFG_CARRY_THREADS 1024 /* the one block of wfg_red_carry_kernel */
#endif

#ifndef WFG_RED_ITEMS
#define WFG_RED_ITEMS 64 /* points per thread of a segred (H200: 64 beat 16 and 32 on long rows, 128 lost) */
#endif

/* Bytes of n objects of type T, rounded up to 16 (the next region's alignment). */
template <class T>
static size_t wfg_region(int64_t n) {
    return (sizeof(T) * (size_t)n + 15) & ~(size_t)15;
}

template <class S>
static int wfg_run_red(const wfk_launch *L, const S &s) {
    typedef typename S::Acc A;
    typedef wfg_pair<A> P;
    int bs = L->block_size;
    if (s.w == 0) {
        if (s.segs > 0) {
            int64_t blocks = (s.segs + bs - 1) / bs;
            wfg_fill_kernel<S><<<(unsigned)(blocks < (1 << 20) ? blocks : (1 << 20)), bs, 0, L->stream>>>(s);
        }
        return (int)cudaGetLastError();
    }
    int64_t tile = (int64_t)bs * WFG_RED_ITEMS, tiles = (s.w + tile - 1) / tile;
    /* scratch: the tiles' totals, their pending heads (segment, value), each tile's first
     * segment (tseg, one more) */
    size_t at_seg = wfg_region<P>(tiles), at_val = at_seg + wfg_region<int64_t>(tiles);
    size_t at_tseg = at_val + wfg_region<A>(tiles), bytes = at_tseg + wfg_region<int64_t>(tiles + 1);
    char *scratch = (char *)wfk_scratch(L, bytes);
    if (!scratch)
        return (int)cudaErrorMemoryAllocation;
    P *agg = (P *)scratch;
    int64_t *pend_seg = (int64_t *)(scratch + at_seg), *tseg = (int64_t *)(scratch + at_tseg);
    A *pend_val = (A *)(scratch + at_val);
    int e = (int)cudaMemsetAsync(pend_seg, 0xff, sizeof(int64_t) * (size_t)tiles, L->stream); /* -1: none */
    if (e)
        return e;
    wfg_tile_segs_kernel<S><<<(unsigned)((tiles + 1 + 255) / 256), 256, 0, L->stream>>>(s, tile, tiles, tseg);
    /* a tile's segments' offsets staged in shared memory: up to one per 4 points */
    int staged = (int)(tile / 4 + 2);
    size_t smem = sizeof(int64_t) * (size_t)staged;
    if (smem > 48 * 1024) {
        cudaError_t ce = cudaFuncSetAttribute(wfg_red_kernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (ce != cudaSuccess)
            return (int)ce;
    }
    wfg_red_kernel<S><<<(unsigned)tiles, bs, smem, L->stream>>>((wfk_ctx *)L->err, s, WFG_RED_ITEMS, agg, pend_seg,
                                                                pend_val, tseg, staged);
    if (tiles > 1)
        wfg_red_carry_kernel<S><<<1, WFG_CARRY_THREADS, 0, L->stream>>>((wfk_ctx *)L->err, s, tiles, agg, pend_seg,
                                                                        pend_val);
    return (int)cudaGetLastError();
}

template <class S>
static int wfg_run_scan(const wfk_launch *L, const S &s) {
    typedef wfg_pair<typename S::Acc> P;
    int bs = L->block_size;
    if (s.w == 0)
        return 0;
    int items = wfk_scan_items(sizeof(P) + sizeof(int), bs);
    int64_t tile = (int64_t)bs * items;
    size_t state;
    char *scratch;
    int err = wfg_look_back_state<P>(L, s.w, tile, 0, &state, &scratch);
    if (err)
        return err;
    size_t smem = sizeof(P) * (size_t)(tile + tile / 32 + 1 + bs + 1 + 32) + wfg_sg_bytes(tile);
    if (smem > 48 * 1024) {
        cudaError_t e = cudaFuncSetAttribute(wfg_scan_kernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess)
            return (int)e;
    }
    wfg_scan_kernel<S><<<(unsigned)((s.w + tile - 1) / tile), bs, smem, L->stream>>>(
        (wfk_ctx *)L->err, s, items, (wfk_tile<P> *)scratch, (unsigned long long *)(scratch + state));
    return (int)cudaGetLastError();
}
