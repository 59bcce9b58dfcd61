/* segmented.c — weft multicore: an irregular segop (docs/FLATTENING.md, "Irregular nests") as
 * one region over the flat space of its points, load-balanced by points, not by segments: one
 * segment of a million points and a million segments of one cost the same.
 *
 * The total points are cut into chunks (regions.h: several per thread, stolen when a thread
 * falls behind).  A chunk [lo, hi) finds the segment holding lo by a binary search in the
 * offsets, then walks: the rest of that segment (its *head*, begun in an earlier chunk), then
 * the segments that begin in the chunk (empty ones too), the last perhaps running on past hi
 * (its *tail*).  Segments wholly inside the chunk are finished there; a head and a tail are
 * partial:
 *
 *   segmap   nothing to combine: every point writes its results;
 *   segred   each partial folded into accumulators of its own, kept per chunk; after the
 *            region the calling thread combines the pieces of each segment in chunk order (so
 *            operators need only be associative) and writes them, and the neutral element for
 *            the empty segments at the very end;
 *   segscan  every chunk scans its points from the neutral element; after the region the
 *            carries into the chunks' heads are folded in chunk order, and a second region
 *            applies them to the heads' points.
 *
 * Accumulators are scalars (irregular.c makes nothing else).
 *
 * A segmap fused with the scatter or hist it feeds (emit.h seg_into: the flattened scatter and
 * hist, docs/FLATTENING.md "Scatter and hist") writes each point into the destination as it
 * comes, under the consumer's rows promise (segment i writes row i only): a segment wholly in
 * its chunk fills its row (the fused replicates) and updates it plainly; a head or tail shares
 * its row with other chunks, filled before the chunks' region, and is written with
 * relaxed atomic stores (scatter) or folded into a private copy of a short row merged
 * atomically after, or atomically point by point (hist).
 */
#include "regions.h"

/* The pieces a chunk leaves: per accumulator, a C array of nc values for heads and tails, and
 * the segment (or -1) of each. */
typedef struct {
    const CStm *s;
    const CExp *e;
    const COperatorVec *ops;
    int nacc;
    const char *n, *total, *nt, *O;  /* C expressions: segments, points, threads, offsets view */
    Chunks ch;
    const char *hseg, *tseg, *hend;  /* head and tail segments of each chunk; where its head ends */
    const char **hacc, **tacc;       /* per accumulator */
    const char *pre_lo, *pre_hi, *npre, *pre_total; /* fused replicates: the rows filled first */
    NameVec *chunk_arrays;           /* the C arrays of chunk_array, freed after the segop */
} Seg;

static CType acc_type(const Seg *q, int a) {
    for (int o = 0; o < q->ops->len; o++) {
        if (a < q->ops->data[o].nes.len)
            return q->ops->data[o].lam->ret.data[a];
        a -= q->ops->data[o].nes.len;
    }
    die("segmented: an accumulator out of range");
}

static const char *off(const Seg *q, const char *i) { return xsprintf("%s.p[(%s) * %s.s[0]]", q->O, i, q->O); }

/* The loop over the points [from, to) of segment seg, after the segment's own statements (pre
 * of them). */
static void point_loop(FGen *g, const Seg *q, const char *seg, const char *from, const char *to, const char **accs,
                       int pre) {
    const char *f = fg_fresh(g, "f"), *j = fg_fresh(g, "j"), *start = fg_fresh(g, "start");
    fg_line(g, "int64_t %s = %s;", start, off(q, seg));
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", f, from, f, to, f);
    g->indent++;
    fg_line(g, "int64_t %s = %s - %s;", j, f, start);
    const char *idx[2] = {seg, j};
    const char *saved = g->seg_flat;
    g->seg_flat = f;
    fs_segop_point_from(g, q->s, idx, accs, pre);
    g->seg_flat = saved;
    g->indent--;
    fg_line(g, "}");
}

/* A fused hist's (g->seg_into) points of segment seg.  Where the chunk holds the whole segment,
 * the row's bins are this thread's alone (the hist's rows promise): plain updates.  A partial
 * piece shares its row with other chunks: folded into a private copy of the row (a short row),
 * merged atomically after, or (a long row) each point atomically. */
static void hist_points(FGen *g, const Seg *q, const char *seg, const char *from, const char *to, const char *partial,
                        int pre) {
    const CExp *h = g->seg_into->exp;
    const COperator *op = &h->reds.data[0];
    const char *dvar = g->seg_into->pat.data[0].name;
    const char *T = c_prim(op->lam->ret.data[0].prim), *R = fg_atom(g, h->segs);
    const char *lo = fg_fresh(g, "rlo"), *n = fg_fresh(g, "rn"), *priv = fg_fresh(g, "rpriv"), *k = fg_fresh(g, "k");
    fg_line(g, "if (%s) {", partial);
    g->indent++;
    if (fg_atom_type(g, h->segs).rank) {
        fg_line(g, "int64_t %s = %s.p[(%s) * %s.s[0]];", lo, R, seg, R);
        fg_line(g, "int64_t %s = %s.p[(%s + 1) * %s.s[0]] - %s;", n, R, seg, R, lo);
    } else {
        fg_line(g, "int64_t %s = (%s) * %s, %s = %s;", lo, seg, R, n, R);
    }
    fg_line(g, "if (%s <= WF_SEGHIST_PRIV) {", n);
    g->indent++;
    fg_line(g, "%s %s[WF_SEGHIST_PRIV];", T, priv);
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) %s[%s] = %s;", k, k, n, k, priv, k, fg_atom(g, op->nes.data[0]));
    g->seg_priv = priv, g->seg_priv_lo = lo, g->seg_priv_n = n;
    point_loop(g, q, seg, from, to, NULL, pre);
    g->seg_priv = g->seg_priv_lo = g->seg_priv_n = NULL;
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", k, k, n, k);
    g->indent++;
    const char *at = xsprintf("%s + %s", lo, k);
    fg_line(g, "if ((uint64_t)(%s) < (uint64_t)%s.n[0])", at, c_name(dvar));
    g->indent++;
    fs_hist_atomic(g, op, fg_elem(g, c_name(dvar), dvar, &at, 1), xsprintf("%s[%s]", priv, k));
    g->indent -= 2;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    g->hist_atomic = true;
    point_loop(g, q, seg, from, to, NULL, pre);
    g->hist_atomic = false;
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    point_loop(g, q, seg, from, to, NULL, pre);
    g->indent--;
    fg_line(g, "}");
}

/* The points [from, to) of segment seg, into accs (a segred or segscan) or not (segmap): what
 * depends on the segment only (its row's bounds and slice) once, then the loop over the points.
 * partial: whether other chunks hold points of the segment too (C). */
static void points(FGen *g, const Seg *q, const char *seg, const char *from, const char *to, const char **accs,
                   const char *partial) {
    fg_line(g, "if (%s < %s) {", from, to);
    g->indent++;
    int pre = fs_segop_segment(g, q->s, seg);
    if (g->seg_into && g->seg_into->exp->kind == CE_HIST) {
        hist_points(g, q, seg, from, to, partial, pre);
    } else if (g->seg_into) { /* a scatter: relaxed atomic stores where other chunks write the row
                                 (anywhere, without the rows promise) */
        fg_line(g, "if (%s) {", g->seg_into->exp->irregular ? partial : "1");
        g->indent++;
        g->scatter_shared = true;
        point_loop(g, q, seg, from, to, accs, pre);
        g->scatter_shared = false;
        g->indent--;
        fg_line(g, "} else {");
        g->indent++;
        point_loop(g, q, seg, from, to, accs, pre);
        g->indent--;
        fg_line(g, "}");
    } else {
        point_loop(g, q, seg, from, to, accs, pre);
    }
    g->indent--;
    fg_line(g, "}");
}

static void store_accs(FGen *g, const Seg *q, const char **arrays, const char *ci, const char **accs) {
    for (int a = 0; a < q->nacc; a++)
        fg_line(g, "%s[%s] = %s;", arrays[a], ci, accs[a]);
}

static const char *chunk_array(FGen *g, const Seg *q, const char *ctype, const char *loc);

/* The fused replicates' rows that no chunk holds whole (a segment cut by a chunk boundary, the
 * empty segments at the very end, which no chunk sees): before the region, their bounds. */
static void shared_rows(FGen *g, Seg *q, const char *loc) {
    q->pre_lo = chunk_array(g, q, "int64_t", loc);
    q->pre_hi = chunk_array(g, q, "int64_t", loc);
    q->npre = fg_fresh(g, "npre");
    q->pre_total = fg_fresh(g, "pretot");
    const char *c = fg_fresh(g, "c"), *p = fg_fresh(g, "p"), *a = fg_fresh(g, "a"), *b = fg_fresh(g, "b");
    const char *last = fg_fresh(g, "last"), *rlo, *rhi;
    fg_line(g, "int64_t %s = 0, %s = 0, %s = -1;", q->npre, q->pre_total, last);
    fg_line(g, "for (int64_t %s = 1; %s <= %s; %s++) {", c, c, q->ch.nc, c);
    g->indent++;
    /* boundary p: the segment with O[s] < p < O[s+1]; at the end (p = total), the empty
     * segments from the first with O[s] = total */
    fg_line(g, "int64_t %s = %s * %s / %s;", p, q->total, c, q->ch.nc);
    fg_line(g, "int64_t %s = 0, %s = %s;", a, b, q->n);
    fg_line(g, "while (%s < %s) { int64_t m_ = %s + (%s - %s) / 2; if (%s < %s) %s = m_ + 1; else %s = m_; }", a, b, a, b,
            a, off(q, "m_"), p, a, b);
    fg_line(g, "if (%s == %s) {", c, q->ch.nc);
    g->indent++;
    fg_line(g, "if (%s < %s) {", a, q->n);
    g->indent++;
    fs_into_row(g, a, &rlo, &rhi);
    fg_line(g, "%s[%s] = %s;", q->pre_lo, q->npre, rlo);
    fs_into_row(g, xsprintf("%s - 1", q->n), &rlo, &rhi);
    fg_line(g, "%s[%s++] = %s;", q->pre_hi, q->npre, rhi);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "} else if (%s > 0 && %s > %s && %s - 1 != %s) {", a, off(q, a), p, a, last);
    g->indent++;
    fg_line(g, "%s = %s - 1;", last, a);
    fs_into_row(g, last, &rlo, &rhi);
    fg_line(g, "%s[%s] = %s;", q->pre_lo, q->npre, rlo);
    fg_line(g, "%s[%s++] = %s;", q->pre_hi, q->npre, rhi);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) %s += %s[%s] - %s[%s];", c, c, q->npre, c, q->pre_total, q->pre_hi, c,
            q->pre_lo, c);
}

/* Those rows filled, the thread's equal share of them (in a region of its own), or all of them
 * (the calling thread). */
static void fill_shared_rows(FGen *g, const Seg *q, bool shared) {
    const char *t = fg_fresh(g, "t"), *nth = fg_fresh(g, "nth"), *a = fg_fresh(g, "a"), *b = fg_fresh(g, "b");
    const char *base = fg_fresh(g, "base"), *k = fg_fresh(g, "k"), *x = fg_fresh(g, "x"), *y = fg_fresh(g, "y");
    fg_line(g, "{");
    g->indent++;
    if (shared)
        fg_line(g, "int64_t %s = omp_get_thread_num(), %s = omp_get_num_threads();", t, nth);
    else
        fg_line(g, "int64_t %s = 0, %s = 1;", t, nth);
    fg_line(g, "int64_t %s = %s * %s / %s, %s = %s * (%s + 1) / %s, %s = 0;", a, q->pre_total, t, nth, b, q->pre_total, t,
            nth, base);
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", k, k, q->npre, k);
    g->indent++;
    fg_line(g, "int64_t %s = %s > %s ? %s : %s;", x, a, base, a, base);
    fg_line(g, "int64_t %s = %s < %s + %s[%s] - %s[%s] ? %s : %s + %s[%s] - %s[%s];", y, b, base, q->pre_hi, k, q->pre_lo,
            k, b, base, q->pre_hi, k, q->pre_lo, k);
    fs_into_fill(g, xsprintf("%s[%s] + %s - %s", q->pre_lo, k, x, base), xsprintf("%s[%s] + %s - %s", q->pre_lo, k, y, base));
    fg_line(g, "%s += %s[%s] - %s[%s];", base, q->pre_hi, k, q->pre_lo, k);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
}

static void thread_fill(FGen *g, void *arg) { fill_shared_rows(g, arg, true); }

/* Before the region of the points: the shared rows filled, by the calling thread when they are
 * short (the rows cut by the chunks of short segments), else by all (one long row). */
static void fill_before(FGen *g, const Seg *q) {
    fg_line(g, "if (%s <= WF_SEGHIST_FILL) {", q->pre_total);
    g->indent++;
    fill_shared_rows(g, q, false);
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    Region r = region_begin(g, q->nt, NULL);
    fg_slot_scope(g, thread_fill, (void *)q);
    region_end(g, r);
    g->indent--;
    fg_line(g, "}");
}

/* One thread's chunks: the walk described at the top. */
static void thread_walk(FGen *g, void *arg) {
    const Seg *q = arg;
    const char *ci = fg_fresh(g, "c"), *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi");
    const char *i = fg_fresh(g, "s"), *a = fg_fresh(g, "a"), *b = fg_fresh(g, "b"), *e = fg_fresh(g, "e");
    bool red = q->e->seg != SEG_MAP;
    chunks_begin(g, q->ch, ci, lo, hi);
    /* the first segment beginning at or after lo (binary search in O[0..n]) */
    fg_line(g, "int64_t %s = 0, %s = %s;", a, b, q->n);
    fg_line(g, "while (%s < %s) { int64_t m_ = %s + (%s - %s) / 2; if (%s < %s) %s = m_ + 1; else %s = m_; }", a, b, a, b,
            a, off(q, "m_"), lo, a, b);
    fg_line(g, "int64_t %s = %s;", i, a);
    if (red) {
        fg_line(g, "%s[%s] = -1;", q->hseg, ci);
        fg_line(g, "%s[%s] = -1;", q->tseg, ci);
    }
    /* the head: the rest of the segment that began before lo */
    fg_line(g, "if (%s > 0 && %s > %s) {", i, off(q, i), lo);
    g->indent++;
    const char *h = fg_fresh(g, "h");
    fg_line(g, "int64_t %s = %s - 1;", h, i);
    fg_line(g, "int64_t %s = %s < %s ? %s : %s;", e, off(q, i), hi, off(q, i), hi);
    fg_line(g, "{");
    g->indent++;
    const char **accs = red ? fs_decl_accs(g, q->ops) : NULL;
    points(g, q, h, lo, e, accs, "1");
    if (red) {
        fg_line(g, "%s[%s] = %s;", q->hseg, ci, h);
        store_accs(g, q, q->hacc, ci, accs);
        if (q->e->seg == SEG_SCAN)
            fg_line(g, "%s[%s] = %s;", q->hend, ci, e);
    }
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    /* the segments that begin in the chunk; the last may run on past hi */
    fg_line(g, "for (; %s < %s && %s < %s; %s++) {", i, q->n, off(q, i), hi, i);
    g->indent++;
    fg_line(g, "int64_t %s = %s < %s ? %s : %s;", e, off(q, xsprintf("%s + 1", i)), hi, off(q, xsprintf("%s + 1", i)), hi);
    if (q->npre) { /* a segment wholly in the chunk (or empty): its row filled here, in cache */
        const char *rlo, *rhi;
        fs_into_row(g, i, &rlo, &rhi);
        fg_line(g, "if (%s <= %s) {", off(q, xsprintf("%s + 1", i)), hi);
        g->indent++;
        fs_into_fill(g, rlo, rhi);
        g->indent--;
        fg_line(g, "}");
    }
    accs = red ? fs_decl_accs(g, q->ops) : NULL;
    points(g, q, i, off(q, i), e, accs, xsprintf("%s > %s", off(q, xsprintf("%s + 1", i)), hi));
    if (q->e->seg == SEG_RED) {
        fg_line(g, "if (%s <= %s) {", off(q, xsprintf("%s + 1", i)), hi);
        g->indent++;
        const char *idx[1] = {i};
        fs_segop_finish(g, q->s, idx, accs);
        g->indent--;
        fg_line(g, "} else {");
        g->indent++;
        fg_line(g, "%s[%s] = %s;", q->tseg, ci, i);
        store_accs(g, q, q->tacc, ci, accs);
        g->indent--;
        fg_line(g, "}");
    } else if (q->e->seg == SEG_SCAN) {
        fg_line(g, "if (%s > %s) {", off(q, xsprintf("%s + 1", i)), hi);
        fg_line(g, "    %s[%s] = %s;", q->tseg, ci, i);
        for (int k = 0; k < q->nacc; k++)
            fg_line(g, "    %s[%s] = %s;", q->tacc[k], ci, accs[k]);
        fg_line(g, "}");
    }
    g->indent--;
    fg_line(g, "}");
    chunks_end(g, q->ch);
}

/* A C array of nc values of type t, allocated before the region (freed after the segop by
 * free_chunk_arrays). */
static const char *chunk_array(FGen *g, const Seg *q, const char *ctype, const char *loc) {
    const char *v = fg_fresh(g, "part");
    fg_line(g, "%s *%s = wf_alloc(ctx, sizeof(%s) * (size_t)(%s > 0 ? %s : 1), %s);", ctype, v, ctype, q->ch.nc, q->ch.nc,
            loc);
    fg_fail(g, xsprintf("!%s", v), "1");
    vec_push(q->chunk_arrays, v);
    return v;
}

static void free_chunk_arrays(FGen *g, const Seg *q) {
    for (int i = 0; i < q->chunk_arrays->len; i++)
        fg_line(g, "wf_free(ctx, %s);", q->chunk_arrays->data[i]);
}

/* acc = op(acc, x) over every accumulator */
static void combine(FGen *g, const Seg *q, const char **acc, const char **x) {
    int at = 0;
    for (int o = 0; o < q->ops->len; o++) {
        fs_apply_op(g, &q->ops->data[o], acc + at, x + at);
        at += q->ops->data[o].nes.len;
    }
}

static const char **elems(FGen *g, const char **arrays, int n, const char *i) {
    const char **v = xmalloc(sizeof *v * (size_t)(n + 1));
    for (int a = 0; a < n; a++)
        v[a] = xsprintf("%s[%s]", arrays[a], i);
    (void)g;
    return v;
}

/* After a segred's region: the pieces of each segment combined in chunk order, then written;
 * the empty segments at the end (which no chunk saw) get the neutral elements. */
static void finish_reduce(FGen *g, const Seg *q) {
    const char *cur = fg_fresh(g, "cur"), *c = fg_fresh(g, "c");
    fg_line(g, "{");
    g->indent++;
    const char **accs = fs_decl_accs(g, q->ops);
    fg_line(g, "int64_t %s = -1;", cur);
    const char *idx[1] = {cur};
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", c, c, q->ch.nc, c);
    g->indent++;
    for (int side = 0; side < 2; side++) {
        const char *seg = side ? q->tseg : q->hseg;
        const char **arr = side ? q->tacc : q->hacc;
        fg_line(g, "if (%s[%s] >= 0) {", seg, c);
        g->indent++;
        fg_line(g, "if (%s[%s] != %s) {", seg, c, cur);
        g->indent++;
        fg_line(g, "if (%s >= 0) {", cur);
        g->indent++;
        fs_segop_finish(g, q->s, idx, accs);
        g->indent--;
        fg_line(g, "}");
        fg_line(g, "%s = %s[%s];", cur, seg, c);
        for (int a = 0; a < q->nacc; a++)
            fg_line(g, "%s = %s[%s];", accs[a], arr[a], c);
        g->indent--;
        fg_line(g, "} else {");
        g->indent++;
        combine(g, q, accs, elems(g, arr, q->nacc, c));
        g->indent--;
        fg_line(g, "}");
        g->indent--;
        fg_line(g, "}");
    }
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "if (%s >= 0) {", cur);
    g->indent++;
    fs_segop_finish(g, q->s, idx, accs);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    /* trailing empty segments: their offsets equal the total */
    const char *t = fg_fresh(g, "s");
    fg_line(g, "for (int64_t %s = %s - 1; %s >= 0 && %s == %s; %s--) {", t, q->n, t, off(q, t), q->total, t);
    g->indent++;
    const char **ne = fs_decl_accs(g, q->ops);
    const char *tidx[1] = {t};
    fs_segop_finish(g, q->s, tidx, ne);
    g->indent--;
    fg_line(g, "}");
}

typedef struct {
    const Seg *q;
    const char *carry_seg;
    const char **carry;
    Chunks ch; /* the same chunks as the first region's, with counters of their own */
} Apply;

/* The second region of a segscan: each chunk's carry applied to its head's points. */
static void thread_apply(FGen *g, void *arg) {
    const Apply *ap = arg;
    const Seg *q = ap->q;
    const char *ci = fg_fresh(g, "c"), *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *f = fg_fresh(g, "f");
    chunks_begin(g, ap->ch, ci, lo, hi);
    fg_line(g, "(void)%s;", hi);
    fg_line(g, "if (%s[%s] < 0) continue;", ap->carry_seg, ci);
    fg_line(g, "for (int64_t %s = %s; %s < %s[%s]; %s++) {", f, lo, f, q->hend, ci, f);
    g->indent++;
    int at = 0;
    for (int o = 0; o < q->ops->len; o++) {
        const COperator *op = &q->ops->data[o];
        const char **acc = xmalloc(sizeof *acc * (size_t)(op->nes.len + 1));
        const char **x = xmalloc(sizeof *x * (size_t)(op->nes.len + 1));
        for (int k = 0; k < op->nes.len; k++) {
            CParam out = q->s->pat.data[at + k];
            acc[k] = fg_fresh(g, "v");
            fg_line(g, "%s %s = %s[%s];", fg_ctype(g, acc_type(q, at + k)), acc[k], ap->carry[at + k], ci);
            const char *fi[1] = {f};
            x[k] = fg_elem(g, c_name(out.name), out.name, fi, 1);
        }
        fs_apply_op(g, op, acc, x);
        for (int k = 0; k < op->nes.len; k++)
            fg_line(g, "%s = %s;", x[k], acc[k]);
        at += op->nes.len;
    }
    g->indent--;
    fg_line(g, "}");
    chunks_end(g, ap->ch);
}

/* After a segscan's first region: the carry into each chunk's head (the fold of its segment's
 * earlier pieces, in chunk order), then the second region that applies them. */
static void finish_scan(FGen *g, const Seg *q, const char *loc) {
    Apply ap = {q, chunk_array(g, q, "int64_t", loc), xmalloc(sizeof(char *) * (size_t)(q->nacc + 1)), {0}};
    for (int a = 0; a < q->nacc; a++)
        ap.carry[a] = chunk_array(g, q, fg_ctype(g, acc_type(q, a)), loc);
    const char *run = fg_fresh(g, "run"), *c = fg_fresh(g, "c");
    fg_line(g, "{");
    g->indent++;
    const char **accs = fs_decl_accs(g, q->ops);
    fg_line(g, "int64_t %s = -1;", run);
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", c, c, q->ch.nc, c);
    g->indent++;
    fg_line(g, "%s[%s] = -1;", ap.carry_seg, c);
    fg_line(g, "if (%s[%s] >= 0 && %s[%s] == %s) {", q->hseg, c, q->hseg, c, run);
    g->indent++;
    fg_line(g, "%s[%s] = %s;", ap.carry_seg, c, run);
    for (int a = 0; a < q->nacc; a++)
        fg_line(g, "%s[%s] = %s;", ap.carry[a], c, accs[a]);
    combine(g, q, accs, elems(g, q->hacc, q->nacc, c));
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "if (%s[%s] >= 0) {", q->tseg, c);
    g->indent++;
    fg_line(g, "%s = %s[%s];", run, q->tseg, c);
    for (int a = 0; a < q->nacc; a++)
        fg_line(g, "%s = %s[%s];", accs[a], q->tacc[a], c);
    g->indent--;
    fg_line(g, "} else if (%s[%s] < 0) {", q->hseg, c);
    fg_line(g, "    %s = -1;", run);
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    ap.ch = chunks_decl(g, q->total, q->nt, 16);
    Region r = region_begin(g, q->nt, NULL);
    fg_slot_scope(g, thread_apply, &ap);
    region_end(g, r);
}

void fp_irregular_segop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    const char **w = fs_segop_widths(g, e, loc);
    const CStm *into = g->seg_into; /* a scatter or hist the points go straight into */
    if (into) {
        fs_into_begin(g, s, loc);
    } else {
        fs_segop_outputs(g, s, w, loc);
    }
    NameVec chunk_arrays = {0};
    Seg q = {s, e, fs_seg_ops(e), fs_ops_results(fs_seg_ops(e)), w[0], w[1], NULL, fg_atom(g, e->segs),
             {0}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, &chunk_arrays};
    /* a segmap or segred: each MPI rank its part of the points */
    MpiPart part = e->seg != SEG_SCAN ? mpi_part(g, s, q.total) : mpi_whole(q.total);
    q.nt = region_threads(g, s, part.n, part.n);
    q.ch = chunks_decl(g, part.n, q.nt, 16);
    q.ch.base = part.lo;
    if (e->seg != SEG_MAP) {
        q.hseg = chunk_array(g, &q, "int64_t", loc);
        q.tseg = chunk_array(g, &q, "int64_t", loc);
        q.hend = chunk_array(g, &q, "int64_t", loc);
        q.hacc = xmalloc(sizeof *q.hacc * (size_t)(q.nacc + 1));
        q.tacc = xmalloc(sizeof *q.tacc * (size_t)(q.nacc + 1));
        for (int a = 0; a < q.nacc; a++) {
            q.hacc[a] = chunk_array(g, &q, fg_ctype(g, acc_type(&q, a)), loc);
            q.tacc[a] = chunk_array(g, &q, fg_ctype(g, acc_type(&q, a)), loc);
        }
        fg_line(g, "for (int64_t c_ = 0; c_ < %s; c_++) %s[c_] = %s[c_] = -1;", q.ch.nc, q.hseg, q.tseg);
    }
    if (into && g->seg_nreps) {
        shared_rows(g, &q, loc);
        fill_before(g, &q);
    }
    Region r = region_begin(g, q.nt, NULL);
    fg_slot_scope(g, thread_walk, &q);
    region_end(g, r);
    mpi_gather_rows(g, s, part, 1);
    if (e->seg == SEG_RED) {
        finish_reduce(g, &q);
        mpi_segments(g, s, part, q.O, q.n);
    }
    else if (e->seg == SEG_SCAN)
        finish_scan(g, &q, loc);
    free_chunk_arrays(g, &q);
}
