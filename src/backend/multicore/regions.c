/* regions.c — the multicore target (target_multicore): the segops of the flattened program (src/flatten)
 * and the SOACs left at the top level, as OpenMP parallel regions.
 *
 * Only code on the host runs regions: a segop's body (and everything in a lambda) runs
 * sequentially in its thread (emit_soac.c), with the thread's own slots, so threads never share a
 * block they write.  The versions of incremental flattening are ordinary ifs on thresholds in
 * the program (CE_THRESHOLD: wf_cmp_le, logged with -L).  The iterations are cut into
 * contiguous chunks, several per thread (wf_chunks); each thread takes its own share in order,
 * then steals the others' remaining chunks (a thread slowed down by irregular iterations, or
 * by a machine that lends its cores to others, does fewer).  Each chunk has its own
 * accumulators and the chunk totals are combined in chunk order, so operators need only be
 * associative and the result does not depend on which thread took which chunk:
 *
 *   segmap   the space (all its dimensions, as one index) cut into chunks; each thread writes
 *            its chunks' points' results (a segmap over rows of a map of dot products, such as
 *            matmul's: each chunk's rows in nest.c's blocked loops);
 *   segred   over one dimension: each chunk folded into its own accumulators, the chunk totals
 *            combined in chunk order by the calling thread.  Over several: with at least as
 *            many segments as threads, whole segments per chunk; with fewer, the segments one
 *            after the other, each reduced in parallel;
 *   segscan  likewise; with scalar accumulators, chained (thread_chained: each chunk's prefix
 *            folded and applied as soon as the chunk before it has its own, in one region);
 *            with array accumulators, each chunk scanned from the neutral element in
 *            parallel, the chunk totals scanned in order and a second region applies each
 *            chunk's prefix to its elements.  A top-level scan of scalars with a built-in
 *            operator and no other work calls rts/mc.h's vectorised single-pass scan instead.
 *
 * scatter and hist keep one chunk per thread (static).  scatter: each thread writes its
 * chunk's values (with duplicate indices, which write wins is unspecified); hist of scalar
 * bins: privatised when every thread's copy of the bins fits WF_HIST_PRIV_BYTES (each thread
 * folds its chunk into its own bins, then the threads fold the copies into the destination bin
 * by bin, in thread order), else, with one destination, combined atomically (a fetch-and-op or
 * a compare-and-swap loop); other hists and filter run sequentially (emit_soac.c).
 * Irregular segops (segments of varying length) are segmented.c's.  Every region first weighs
 * its work (region_threads: points times the inner widths known before it); below the tuning
 * parameter multicore.suff_region_work it gets one thread and runs in the calling thread (the
 * pragma's if clause), as waking the team would cost more than the region.  A map or reduction
 * whose work cannot be weighed before it runs is probed instead (region_probe): the calling
 * thread runs it alone within multicore.suff_region_us, and the team only the rest.  A failure
 * inside a region records the error, skips the rest of the thread's chunks (the WF_FAIL of
 * region code jumps to its end) and makes the function fail after the region.
 */
#include <string.h>

#include "regions.h"

bool fp_parallel(FGen *g, const CStm *s) {
    CExpKind k = s->exp->kind;
    return !g->par && g->lam == 0 &&
           (k == CE_SCREMA || k == CE_SEGOP || k == CE_SCATTER || k == CE_HIST);
}

/* ---- the work of a region: in parallel, or in the calling thread ---- */

/* The tuning parameter below which a region's work runs in the calling thread alone (rts/flat.h
 * wf_region_threads), and its default: about what waking a sleeping team and gathering it again
 * costs, in iterations of a simple loop (docs/PERFORMANCE.md, "Small parallel regions"). */
#define REGION_WORK_PARAM "multicore.suff_region_work"
#define REGION_WORK_DEFAULT 32768
/* The time (microseconds) the calling thread spends alone on a region whose work is unknown
 * before it wakes the team (region_probe): about what a wake-up costs. */
#define PROBE_PARAM "multicore.suff_region_us"
#define PROBE_DEFAULT 50

/* Whether atom a is a constant, or a variable from outside the body whose top-level statements
 * before it bound bound[0..nb) and whose parameters are params[0..np). */
static bool known_outside(CAtom a, const CParam *params, int np, const CBody *b, int before) {
    if (a.kind == CA_CONST)
        return true;
    for (int i = 0; i < np; i++)
        if (params[i].name == a.var)
            return false;
    for (int i = 0; i < before; i++)
        for (int j = 0; j < b->stms.data[i].pat.len; j++)
            if (b->stms.data[i].pat.data[j].name == a.var)
                return false;
    return true;
}

static bool unknown_work(const CBody *b, const OMap *inside);

static bool exp_unknown_work(const CExp *x, const OMap *inside) {
    bool soac = x->kind == CE_SCREMA || x->kind == CE_SEGOP || x->kind == CE_SCATTER || x->kind == CE_HIST ||
                x->kind == CE_FILTER;
    if (x->kind == CE_LOOP && !x->index)
        return true; /* a while loop */
    CAtom width = soac ? x->args.data[0] : x->bound;
    if ((soac || x->kind == CE_LOOP) && width.kind == CA_VAR && omap_has(inside, width.var))
        return true;
    return (x->lam && unknown_work(x->lam->body, inside)) || (x->body && unknown_work(x->body, inside)) ||
           (x->body2 && unknown_work(x->body2, inside));
}

/* Whether an iteration of a region may do work of a size only it computes: a while loop, or a
 * SOAC or for-loop (at any depth) whose width is bound inside the region (inside). */
static bool unknown_work(const CBody *b, const OMap *inside) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_unknown_work(b->stms.data[i].exp, inside))
            return true;
    return false;
}

/* Each iteration's work as far as it is known before the region: 1 plus the widths of the
 * SOACs, segops and for-loops at the top of its body that come from outside it (a C
 * expression of type double); unbounded (always parallel) when an iteration may do work of a
 * size it computes itself (a loop per element: examples/hullwhite). */
static bool region_work_unknown(const CStm *s) {
    const CExp *e = s->exp;
    OMap inside = {0};
    opt_bound_exp((CExp *)e, &inside);
    const CBody *body = e->kind == CE_SEGOP ? e->body : e->lam ? e->lam->body : NULL;
    return body && unknown_work(body, &inside);
}

static const char *inner_work(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (region_work_unknown(s))
        return "1e300";
    const CBody *b = e->kind == CE_SEGOP ? e->body : e->lam ? e->lam->body : NULL;
    const CParam *params = e->kind == CE_SEGOP ? e->params.data : e->lam ? e->lam->params.data : NULL;
    int np = e->kind == CE_SEGOP ? e->params.len : e->lam ? e->lam->params.len : 0;
    StrBuf sum = {0};
    sb_puts(&sum, "1.0");
    for (int i = 0; b && i < b->stms.len; i++) {
        const CExp *x = b->stms.data[i].exp;
        bool soac = x->kind == CE_SCREMA || x->kind == CE_SEGOP || x->kind == CE_SCATTER || x->kind == CE_HIST ||
                    x->kind == CE_FILTER;
        CAtom width = soac ? x->args.data[0] : x->bound;
        if ((soac || (x->kind == CE_LOOP && x->index)) && known_outside(width, params, np, b, i))
            sb_printf(&sum, " + (double)%s", fg_atom(g, width));
    }
    return sum.data;
}

/* regions.h; the parameter is added to the program's table on first use. */
const char *region_threads(FGen *g, const CStm *s, const char *w, const char *points) {
    const char *nt = fg_fresh(g, "nt");
    int param = fg_target_param(g, REGION_WORK_PARAM, REGION_WORK_DEFAULT);
    fg_line(g, "int %s = wf_region_threads(ctx, %d, %s, (double)%s * (%s));", nt, param, w, points,
            inner_work(g, s));
    return nt;
}

/* regions.h */
void region_probe(FGen *g, const CStm *s, Chunks *c, bool by_chunks) {
    c->probe = NULL;
    c->probe_chunks = by_chunks;
    if (!region_work_unknown(s))
        return;
    c->probe = fg_fresh(g, "probe");
    int param = fg_target_param(g, PROBE_PARAM, PROBE_DEFAULT);
    fg_line(g, "wf_probe %s = wf_probe_start(ctx, %d, %s, %s, %s, %s);", c->probe, param, c->nt,
            by_chunks ? "true" : "false", by_chunks ? c->nc : c->w, c_loc(s->exp->loc));
}

/* ---- regions ---- */

Region region_begin(FGen *g, const char *nt, const char *probe) {
    Region r = {fg_fresh(g, "fail"), fg_fresh(g, "par_out"), nt, probe, g->out};
    fg_line(g, "int %s = 0;", r.fail);
    fg_line(g, "#undef WF_FAIL");
    fg_line(g, "#define WF_FAIL(e) do { (void)(e); __atomic_store_n(&%s, 1, __ATOMIC_RELAXED); goto %s; } while (0)",
            r.fail, r.out);
    g->out = xmalloc(sizeof *g->out);
    *g->out = (StrBuf){0};
    fg_line(g, "{");
    g->indent++;
    g->par++;
    return r;
}

void region_end(FGen *g, Region r) {
    fg_line(g, "%s: __attribute__((unused));", r.out);
    fg_line(g, "wf_mem_sync(ctx);");
    g->par--;
    g->indent--;
    fg_line(g, "}");
    StrBuf *code = g->out;
    g->out = r.host;
    const char *fp = fp_firstprivate(g, code->data ? code->data : "");
    if (!r.probe) {
        fg_line(g, "#pragma omp parallel num_threads(%s) if(%s > 1)%s", r.nt, r.nt, fp);
        sb_puts(g->out, code->data ? code->data : "");
    } else { /* the calling thread's pass, then maybe the team's */
        fg_line(g, "for (;;) {");
        fg_line(g, "#pragma omp parallel num_threads(%s) if(%s > 1 && !%s.on)%s", r.nt, r.nt, r.probe, fp);
        sb_puts(g->out, code->data ? code->data : "");
        fg_line(g, "if (%s || !wf_probe_again(ctx, &%s)) break;", r.fail, r.probe);
        fg_line(g, "}");
    }
    fg_line(g, "#undef WF_FAIL");
    fg_line(g, "#define WF_FAIL(e) return (e)");
    fg_fail(g, r.fail, "1");
}

/* this thread's chunk [lo, hi) of w iterations over nt threads */
static void chunk(FGen *g, const char *w, const char *nt, const char *lo, const char *hi) {
    fg_line(g, "int t_ = omp_get_thread_num();");
    fg_line(g, "int64_t %s = %s * t_ / %s, %s = %s * (t_ + 1) / %s;", lo, w, nt, hi, w, nt);
}

Chunks chunks_decl(FGen *g, const char *w, const char *nt, int per_thread) {
    Chunks c = {w, nt, fg_fresh(g, "nc"), fg_fresh(g, "ctr"), NULL, NULL, false};
    const char *q = fg_fresh(g, "q");
    fg_line(g, "int64_t %s = wf_chunks(%s, %s, %d), %s[%s];", c.nc, w, nt, per_thread, c.ctr, nt);
    fg_line(g, "for (int %s = 0; %s < %s; %s++)", q, q, nt, q);
    fg_line(g, "    %s[%s] = (int64_t)%s * %s / %s;", c.ctr, q, q, c.nc, nt);
    return c;
}

/* chunks_begin of a region with a probe: the ranges from wf_probe_next */
static void probe_chunks_begin(FGen *g, Chunks c, const char *ci, const char *lo, const char *hi) {
    const char *v = fg_fresh(g, "v"), *o = fg_fresh(g, "o"), *end = fg_fresh(g, "end");
    fg_line(g, "for (int %s = 0; %s < %s && !%s.over; %s++) {", v, v, c.nt, c.probe, v);
    g->indent++;
    fg_line(g, "int %s = (omp_get_thread_num() + %s) %% %s;", o, v, c.nt);
    const char *base = c.base ? c.base : "0";
    if (c.probe_chunks) { /* whole chunks, as chunks_begin */
        fg_line(g, "int64_t %s = (int64_t)(%s + 1) * %s / %s, %s;", end, o, c.nc, c.nt, ci);
        fg_line(g, "while (wf_probe_next_chunk(&%s, &%s[%s], %s, &%s)) {", c.probe, c.ctr, o, end, ci);
        g->indent++;
        fg_line(g, "int64_t %s = %s + %s * %s / %s, %s = %s + %s * (%s + 1) / %s;", lo, base, c.w, ci, c.nc, hi, base,
                c.w, ci, c.nc);
        return;
    }
    fg_line(g, "int64_t %s = (int64_t)(%s + 1) * %s / %s, %s = -1, %s, %s;", end, o, c.nc, c.nt, ci, lo, hi);
    fg_line(g, "(void)%s;", ci);
    fg_line(g, "while (wf_probe_next(&%s, &%s[%s], %s, %s, %s, &%s, &%s)) {", c.probe, c.ctr, o, end, c.nc, base, lo,
            hi);
    g->indent++;
}

void chunks_begin(FGen *g, Chunks c, const char *ci, const char *lo, const char *hi) {
    if (c.probe) {
        probe_chunks_begin(g, c, ci, lo, hi);
        return;
    }
    const char *v = fg_fresh(g, "v"), *o = fg_fresh(g, "o"), *end = fg_fresh(g, "end");
    fg_line(g, "for (int %s = 0; %s < %s; %s++) {", v, v, c.nt, v);
    g->indent++;
    fg_line(g, "int %s = (omp_get_thread_num() + %s) %% %s;", o, v, c.nt);
    fg_line(g, "int64_t %s = (int64_t)(%s + 1) * %s / %s, %s;", end, o, c.nc, c.nt, ci);
    fg_line(g, "while ((%s = __atomic_fetch_add(&%s[%s], 1, __ATOMIC_RELAXED)) < %s) {", ci, c.ctr, o, end);
    g->indent++;
    const char *base = c.base ? xsprintf("%s + ", c.base) : "";
    fg_line(g, "int64_t %s = %s%s * %s / %s, %s = %s%s * (%s + 1) / %s;", lo, base, c.w, ci, c.nc, hi, base, c.w, ci,
            c.nc);
}

void chunks_end(FGen *g, Chunks c) {
    if (c.probe)
        fg_line(g, "wf_probe_after(&%s);", c.probe);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
}

/* ---- reductions and scans over one dimension, in parallel ---- */

/* What is reduced or scanned: the iteration at index i into accumulators accs, and where the
 * scan outputs' element i lies. */
typedef struct Par Par;
struct Par {
    const CStm *s;
    const char *w, *nt, *loc;
    COperatorVec ops;   /* scans, then reduces */
    int nscan, nacc;    /* accumulators: the scans' first */
    CType *acc_types;
    const char **tot;   /* per accumulator: the C array of the chunk totals */
    void (*iteration)(FGen *g, const Par *p, const char *i, const char **accs);
    const char **outer; /* segop: the indices of the segment (nouter of them) */
    int nouter;
    const char *base;   /* the first iteration, when only [base, base + w) runs here (an MPI rank's part) */
    Chunks chunks;      /* of the region (phase 1), and fix_chunks of phase 3 */
    Chunks fix_chunks;
    const char *state, *claim; /* chained scans: the chunks' states (1 scanned, 2 done) and claims */
};

static void par_ops(Par *p, const COperatorVec *scans, const COperatorVec *reds) {
    for (int o = 0; o < scans->len; o++) {
        vec_push(&p->ops, scans->data[o]);
        p->nscan += scans->data[o].nes.len;
    }
    for (int o = 0; o < reds->len; o++)
        vec_push(&p->ops, reds->data[o]);
    p->nacc = p->nscan;
    for (int o = 0; o < reds->len; o++)
        p->nacc += reds->data[o].nes.len;
    p->acc_types = xmalloc(sizeof *p->acc_types * (size_t)(p->nacc + 1));
    int a = 0;
    for (int o = 0; o < p->ops.len; o++)
        for (int j = 0; j < p->ops.data[o].nes.len; j++)
            p->acc_types[a++] = p->ops.data[o].lam->ret.data[j];
}

/* The scan output a's element i (of the current segment) as a destination expression: an
 * element (scalars) or a row view's name. */
static const char *scan_elem(FGen *g, const Par *p, int a, const char *i) {
    const char *var = p->s->pat.data[a].name, *x = c_name(var);
    const char **idx = xmalloc(sizeof *idx * (size_t)(p->nouter + 2));
    for (int j = 0; j < p->nouter; j++)
        idx[j] = p->outer[j];
    idx[p->nouter] = i;
    CType et = p->acc_types[a];
    if (et.rank == 0)
        return fg_elem(g, x, var, idx, p->nouter + 1);
    const char *row = fg_fresh(g, "srow");
    fg_row_view(g, row, et, x, var, idx, p->nouter + 1);
    return row;
}

/* acc = op(acc, x) for the operators whose accumulators lie in [from, to) (0, nscan: the
 * scans; nscan, nacc: the reductions), accumulators accs and values xs (C names). */
static void apply_ops(FGen *g, const Par *p, int from, int to, const char **accs, const char **xs) {
    int at = 0;
    for (int o = 0; o < p->ops.len; o++) {
        if (at >= from && at < to)
            fs_apply_op(g, &p->ops.data[o], accs + at, xs + at);
        at += p->ops.data[o].nes.len;
    }
}

/* Chunk ci, iterations [lo, hi), into accumulators of its own (from the neutral elements),
 * left in tot[a][ci]. */
static void chunk_fold(FGen *g, const Par *p, const char *ci, const char *lo, const char *hi) {
    const char *i = fg_fresh(g, "i");
    const char **accs = fs_decl_accs(g, &p->ops);
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    g->iter++;
    p->iteration(g, p, i, accs);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    for (int a = 0; a < p->nacc; a++)
        fg_line(g, "%s[%s] = %s;", p->tot[a], ci, accs[a]);
}

/* The thread's part of phase 1: each chunk it takes into accumulators of its own, left in
 * tot[a][chunk]. */
static void thread_chunk(FGen *g, void *arg) {
    const Par *p = arg;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *ci = fg_fresh(g, "c");
    chunks_begin(g, p->chunks, ci, lo, hi);
    chunk_fold(g, p, ci, lo, hi);
    chunks_end(g, p->chunks);
}

/* The scan outputs' element i = pre (+) element i, for every scan accumulator a, pre[a] its
 * prefix (a C expression). */
static void fix_up_elem(FGen *g, const Par *p, const char *i, const char **pre) {
    int at = 0;
    for (int o = 0; o < p->ops.len && at < p->nscan; o++) {
        const COperator *op = &p->ops.data[o];
        int k = op->nes.len;
        const char **acc = xmalloc(sizeof *acc * (size_t)(k + 1)), **cur = xmalloc(sizeof *cur * (size_t)(k + 1));
        fg_line(g, "{");
        g->indent++;
        for (int j = 0; j < k; j++) {
            CType et = p->acc_types[at + j];
            acc[j] = fg_fresh(g, "pre");
            fg_line(g, "%s %s = %s;", fg_ctype(g, et), acc[j], pre[at + j]);
            if (et.rank) /* a private copy: the operator may update it in place */
                fa_copy_fresh(g, acc[j], NULL, et, false, p->loc);
            cur[j] = scan_elem(g, p, at + j, i);
        }
        fs_apply_op(g, op, acc, cur);
        for (int j = 0; j < k; j++) {
            CType et = p->acc_types[at + j];
            if (et.rank == 0) {
                fg_line(g, "%s = %s;", cur[j], acc[j]);
                continue;
            }
            fa_check_shape(g, acc[j], cur[j], et.rank, "a scan's element", p->loc);
            fg_copy_into(g, cur[j], et.rank, NULL, acc[j], et);
            fg_release(g, acc[j]);
        }
        g->indent--;
        fg_line(g, "}");
        at += k;
    }
}

/* Phase 3 of scans, one thread's part: out[i] = pre (+) out[i] in the chunks it takes (not the
 * first), pre = tot[c - 1], the prefix of the chunks before chunk c. */
static void thread_fix_up(FGen *g, void *arg) {
    const Par *p = arg;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *i = fg_fresh(g, "i"), *ci = fg_fresh(g, "c");
    chunks_begin(g, p->fix_chunks, ci, lo, hi);
    fg_line(g, "if (%s > 0) for (int64_t %s = %s; %s < %s; %s++) {", ci, i, lo, i, hi, i);
    g->indent++;
    g->iter++;
    const char **pre = xmalloc(sizeof *pre * (size_t)(p->nscan + 1));
    for (int a = 0; a < p->nscan; a++)
        pre[a] = xsprintf("%s[%s - 1]", p->tot[a], ci);
    fix_up_elem(g, p, i, pre);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    chunks_end(g, p->fix_chunks);
}

/* A chained scan, one thread's part (the scans' accumulators are scalars).  The threads take
 * the chunks in order from one counter (chunks.ctr) and scan each from the neutral elements
 * into tot[a][c] (phase 1, as thread_chunk).  A chunk c is then "done" (state[c] = 2) once its
 * scans' tot[a][c] are the inclusive prefixes tot[a][c - 1] (+) tot[a][c], after which the
 * prefix tot[a][c - 1] is applied to its outputs, still in the cache when its own thread does
 * it.  Whoever comes second does that for chunk c: its own thread, finding chunk c - 1 done
 * when it has scanned chunk c (state[c] = 1), or the thread that makes chunk c - 1 done,
 * finding chunk c scanned; the exchange on claim[c] makes it one of them (sequentially
 * consistent stores and loads: at least one of the two sees the other's state).  So no thread
 * ever waits for another: a thread descheduled in the middle of a chunk delays only the prefixes
 * after it, and a failing thread leaves the others to finish.  The prefixes are folded in chunk
 * order, as in the three-phase scan: the results do not depend on which thread took which
 * chunk. */
static void thread_chained(FGen *g, void *arg) {
    const Par *p = arg;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *i = fg_fresh(g, "i"), *ci = fg_fresh(g, "c"),
               *j = fg_fresh(g, "j");
    const char *nc = p->chunks.nc, *w = p->w, *st = p->state, *claim = p->claim;
    const char *base = p->base ? xsprintf("%s + ", p->base) : "";
    fg_line(g, "int64_t %s;", ci);
    fg_line(g, "while ((%s = __atomic_fetch_add(&%s, 1, __ATOMIC_RELAXED)) < %s) {", ci, p->chunks.ctr, nc);
    g->indent++;
    fg_line(g, "int64_t %s = %s%s * %s / %s, %s = %s%s * (%s + 1) / %s;", lo, base, w, ci, nc, hi, base, w, ci, nc);
    fg_line(g, "{");
    g->indent++;
    chunk_fold(g, p, ci, lo, hi);
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "if (%s > 0) {", ci);
    fg_line(g, "    __atomic_store_n(&%s[%s], 1, __ATOMIC_SEQ_CST);", st, ci);
    fg_line(g, "    if (__atomic_load_n(&%s[%s - 1], __ATOMIC_SEQ_CST) != 2 || __atomic_exchange_n(&%s[%s], 1, __ATOMIC_SEQ_CST))",
            st, ci, claim, ci);
    fg_line(g, "        continue; /* chunk %s - 1's thread will do it */", ci);
    fg_line(g, "}");
    /* chunk j's predecessor is done: j, then the chunks after it that are scanned already */
    fg_line(g, "for (int64_t %s = %s;; ) {", j, ci);
    g->indent++;
    fg_line(g, "if (%s > 0) {", j);
    g->indent++;
    const char *jlo = fg_fresh(g, "lo"), *jhi = fg_fresh(g, "hi");
    fg_line(g, "int64_t %s = %s%s * %s / %s, %s = %s%s * (%s + 1) / %s;", jlo, base, w, j, nc, jhi, base, w, j, nc);
    const char **pre = xmalloc(sizeof *pre * (size_t)(p->nscan + 1)), **acc = xmalloc(sizeof *acc * (size_t)(p->nscan + 1)),
               **xs = xmalloc(sizeof *xs * (size_t)(p->nscan + 1));
    for (int a = 0; a < p->nscan; a++) {
        const char *t = fg_ctype(g, p->acc_types[a]);
        pre[a] = fg_fresh(g, "pre");
        acc[a] = fg_fresh(g, "incl");
        fg_line(g, "%s %s = %s[%s - 1], %s = %s;", t, pre[a], p->tot[a], j, acc[a], pre[a]);
        xs[a] = xsprintf("%s[%s]", p->tot[a], j);
    }
    apply_ops(g, p, 0, p->nscan, acc, xs);
    for (int a = 0; a < p->nscan; a++)
        fg_line(g, "%s = %s;", xs[a], acc[a]);
    fg_line(g, "__atomic_store_n(&%s[%s], 2, __ATOMIC_SEQ_CST);", st, j);
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, jlo, i, jhi, i);
    g->indent++;
    g->iter++;
    fix_up_elem(g, p, i, pre);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "} else {");
    fg_line(g, "    __atomic_store_n(&%s[0], 2, __ATOMIC_SEQ_CST);", st);
    fg_line(g, "}");
    fg_line(g, "if (++%s == %s || __atomic_load_n(&%s[%s], __ATOMIC_SEQ_CST) != 1 || __atomic_exchange_n(&%s[%s], 1, __ATOMIC_SEQ_CST))",
            j, nc, st, j, claim, j);
    fg_line(g, "    break;");
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
}

/* Whether p's scans can be chained (thread_chained): there are some, and their accumulators
 * are scalars (array accumulators keep the three phases: a chunk's rows need not fit the
 * cache). */
static bool chained_scan(const Par *p) {
    for (int a = 0; a < p->nscan; a++)
        if (p->acc_types[a].rank)
            return false;
    return p->nscan > 0;
}

/* Chunks per thread: fewer when an accumulator is an array (each chunk has its own copy). */
static int chunks_per_thread(const Par *p) {
    for (int a = 0; a < p->nacc; a++)
        if (p->acc_types[a].rank)
            return 4;
    return 16;
}

/* Before the region of a chained scan: its chunks, the counter they are taken from, their
 * states and claims (thread_chained). */
static Chunks chained_decl(FGen *g, Par *p) {
    Chunks c = {p->w, p->nt, fg_fresh(g, "nc"), fg_fresh(g, "next"), NULL, NULL, false};
    p->state = fg_fresh(g, "state");
    p->claim = fg_fresh(g, "claim");
    int bytes = 0; /* of the scans' outputs per iteration */
    for (int a = 0; a < p->nscan; a++)
        bytes += c_esz(p->acc_types[a].prim);
    fg_line(g, "int64_t %s = wf_scan_chunks(%s, %s, %d), %s = 0;", c.nc, p->w, p->nt, bytes, c.ctr);
    fg_line(g, "unsigned char %s[%s], %s[%s];", p->state, c.nc, p->claim, c.nc);
    fg_line(g, "memset(%s, 0, (size_t)%s);", p->state, c.nc);
    fg_line(g, "memset(%s, 0, (size_t)%s);", p->claim, c.nc);
    return c;
}

/* The reduction or scan of p over [0, w) in parallel, leaving the reductions' results in
 * fresh C variables (returned, one per accumulator; scans' entries are NULL). */
static const char **region_reduce(FGen *g, Par *p) {
    bool chained = chained_scan(p);
    p->tot = xmalloc(sizeof *p->tot * (size_t)(p->nacc + 1));
    p->chunks = chained ? chained_decl(g, p) : chunks_decl(g, p->w, p->nt, chunks_per_thread(p));
    p->chunks.base = p->base;
    for (int a = 0; a < p->nacc; a++) {
        p->tot[a] = fg_fresh(g, "tot");
        fg_line(g, "%s %s[%s];", fg_ctype(g, p->acc_types[a]), p->tot[a], p->chunks.nc);
    }
    /* a reduction's chunks probed (a scan's fix-up region cuts the same chunks: not probed) */
    p->chunks.probe = NULL;
    if (!chained && !p->nscan)
        region_probe(g, p->s, &p->chunks, true);
    Region r = region_begin(g, p->nt, p->chunks.probe);
    fg_slot_scope(g, chained ? thread_chained : thread_chunk, p);
    region_end(g, r);
    /* The chunk totals in order: acc becomes the reduce results; for scans not chained,
     * tot[t] becomes the prefix of the chunks up to t (a copy when it is an array: the
     * operators may update acc in place). */
    const char **acc = xmalloc(sizeof *acc * (size_t)(p->nacc + 1)), **xs = xmalloc(sizeof *xs * (size_t)(p->nacc + 1));
    int from = chained ? p->nscan : 0;
    for (int a = 0; a < from; a++)
        acc[a] = NULL;
    if (from == p->nacc)
        return acc; /* chained scans only: nothing left */
    for (int a = from; a < p->nacc; a++) {
        acc[a] = fg_fresh(g, "all");
        fg_line(g, "%s %s = %s[0];", fg_ctype(g, p->acc_types[a]), acc[a], p->tot[a]);
        if (a < p->nscan && p->acc_types[a].rank)
            fa_copy_fresh(g, acc[a], NULL, p->acc_types[a], false, p->loc);
    }
    const char *t = fg_fresh(g, "t");
    fg_line(g, "for (int64_t %s = 1; %s < %s; %s++) {", t, t, p->chunks.nc, t);
    g->indent++;
    g->iter++;
    for (int a = from; a < p->nacc; a++)
        xs[a] = xsprintf("%s[%s]", p->tot[a], t);
    apply_ops(g, p, from, p->nacc, acc, xs);
    for (int a = from; a < p->nacc; a++) {
        if (p->acc_types[a].rank)
            fg_release(g, xs[a]);
        if (a >= p->nscan)
            continue;
        fg_line(g, "%s = %s;", xs[a], acc[a]);
        if (p->acc_types[a].rank)
            fa_copy_fresh(g, xs[a], NULL, p->acc_types[a], false, p->loc);
    }
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    if (p->nscan && !chained) {
        fg_line(g, "if (%s > 1) {", p->chunks.nc);
        g->indent++;
        p->fix_chunks = chunks_decl(g, p->w, p->nt, chunks_per_thread(p));
        Region r2 = region_begin(g, p->nt, NULL);
        fg_slot_scope(g, thread_fix_up, p);
        region_end(g, r2);
        g->indent--;
        fg_line(g, "}");
        for (int a = 0; a < p->nscan; a++) {
            if (!p->acc_types[a].rank)
                continue;
            fg_line(g, "for (int64_t %s = 0; %s < %s; %s++)", t, t, p->chunks.nc, t);
            fg_line(g, "    wf_unref(ctx, %s[%s].m);", p->tot[a], t);
            fg_release(g, acc[a]);
        }
        for (int a = 0; a < p->nscan; a++)
            acc[a] = NULL;
    }
    return acc;
}

/* ---- SOACs left at the top level: screma ---- */

static void screma_iteration(FGen *g, const Par *p, const char *i, const char **accs) {
    fs_screma_iteration(g, p->s, i, accs);
}

/* The C operator of a simple scan (fs_simple_op_code's +, *, &, |, ^), or NULL. */
static const char *simple_op(const COperator *op) {
    switch (fs_simple_op_code(op)) {
    case 0: return "+";
    case 1: return "*";
    case 4: return "&";
    case 5: return "|";
    case 6: return "^";
    default: return NULL;
    }
}

/* Whether rts/mc.h's vectorised scan can run `scan op` over array atom arr: a simple operator
 * on scalars other than bool, and an array that exists (not a lazy iota) and is dense. */
static bool vector_scan_fits(FGen *g, const COperator *op, CAtom arr) {
    CType t = op->lam->ret.data[0];
    return arr.kind == CA_VAR && !omap_has(&g->lazy_iotas, arr.var) && fg_var(g, arr.var)->layout == LAYOUT_DENSE &&
           t.rank == 0 && t.prim != PRIM_BOOL && simple_op(op);
}

/* The call of a WF_MC_SCAN_VEC_DEFINE instance scanning arr into s's one output (integers as
 * their unsigned type: wrapping arithmetic); vector_scan_fits holds. */
static void vector_scan(FGen *g, const CStm *s, CAtom arr, const char *w, const char *loc) {
    const COperator *op = &s->exp->scans.data[0];
    static const char *const utype[] = {"uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint8_t", "uint16_t",
                                        "uint32_t", "uint64_t", "float", "double", "bool", "uint16_t"};
    const char *U = utype[op->lam->ret.data[0].prim];
    const char *name = fg_fresh(g, "wf_mcscan");
    sb_printf(g->types, "#define %s_op(ctx, a, b) ((a) %s (b))\nWF_MC_SCAN_VEC_DEFINE(%s, %s, %s_op)\n", name,
              simple_op(op), name, U, name);
    const char *nt = region_threads(g, s, w, w);
    fg_fail(g,
            xsprintf("%s(%s, NULL, (%s)%s, 1, %s, (const %s *)%s.p, (%s *)%s.p, NULL)", name, nt, U,
                     fg_atom(g, op->nes.data[0]), w, U, fg_atom(g, arr), U, c_name(s->pat.data[0].name)),
            xsprintf("wf_error(ctx, %s, \"out of memory (scan scratch space)\")", loc));
}

/* `scan OP ne xs` alone (identity map, one dense scalar input, one output). */
static bool screma_vector_scan(FGen *g, const CStm *s, const char *w, const char *loc) {
    const CExp *e = s->exp;
    const CLambda *f = e->lam;
    if (e->scans.len != 1 || e->reds.len || s->pat.len != 1 || e->arrays.len != 1 || f->params.len != 1 ||
        f->body->stms.len != 0 || f->body->result.len != 1 || f->body->result.data[0].kind != CA_VAR ||
        f->body->result.data[0].var != f->params.data[0].name ||
        !vector_scan_fits(g, &e->scans.data[0], e->arrays.data[0]))
        return false;
    fs_screma_outputs(g, s, w, loc);
    vector_scan(g, s, e->arrays.data[0], w, loc);
    return true;
}

/* A segscan of one dimension whose body only reads an array at the segment index
 * (`segscan (i < w) op { index xs [i] }`, what the flattener makes of a top-level
 * `scan op ne xs`), when the vectorised scan fits.  Its outputs are allocated already. */
static bool segop_vector_scan(FGen *g, const CStm *s, const char *w, const char *loc) {
    const CExp *e = s->exp;
    const CBody *b = e->body;
    if (e->seg != SEG_SCAN || e->params.len != 1 || e->scans.len != 1 || s->pat.len != 1 || b->stms.len != 1 ||
        b->result.len != 1 || b->result.data[0].kind != CA_VAR)
        return false;
    const CStm *ix = &b->stms.data[0];
    const CExp *x = ix->exp;
    if (x->kind != CE_INDEX || ix->pat.len != 1 || b->result.data[0].var != ix->pat.data[0].name ||
        x->slice.len != 1 || x->slice.data[0].is_slice || x->slice.data[0].start.kind != CA_VAR ||
        x->slice.data[0].start.var != e->params.data[0].name ||
        !vector_scan_fits(g, &e->scans.data[0], x->args.data[0]))
        return false;
    vector_scan(g, s, x->args.data[0], w, loc);
    return true;
}

static void region_screma(FGen *g, const CStm *s, const char *w, const char *nt, const char *loc) {
    Par p = {s, w, nt, loc, {0}, 0, 0, NULL, NULL, screma_iteration, NULL, 0, NULL, {0}, {0}, NULL, NULL};
    par_ops(&p, &s->exp->scans, &s->exp->reds);
    fs_screma_outputs(g, s, w, loc);
    if (p.nacc == 0) { /* a map: the chunks only */
        p.chunks = chunks_decl(g, w, nt, chunks_per_thread(&p));
        region_probe(g, s, &p.chunks, false);
        Region r = region_begin(g, nt, p.chunks.probe);
        fg_slot_scope(g, thread_chunk, &p);
        region_end(g, r);
        return;
    }
    const char **acc = region_reduce(g, &p);
    for (int a = p.nscan; a < p.nacc; a++) {
        fg_line(g, "%s = %s;", c_name(s->pat.data[a].name), acc[a]);
        fg_bind(g, s->pat.data[a].name, s->pat.data[a].type, OWN_OWNED);
    }
}

static void fp_screma(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc), *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_check_inputs(g, e, w, loc);
    if (screma_vector_scan(g, s, w, loc))
        return;
    region_screma(g, s, w, region_threads(g, s, w, w), loc);
}

/* ---- segops ---- */

typedef struct {
    const CStm *s;
    const char **w, *total, *nt;
    int k;          /* dimensions run as one flat index */
    const char **fixed; /* the other (outer) indices, fixed around the region, or NULL */
    int nfixed;
    Chunks chunks;
} Flat;

/* The thread's points of a segmap (or the whole segments of a segred / segscan): the chunks
 * of the flat index it takes, the multi-index kept as an odometer. */
static void thread_flat(FGen *g, void *arg) {
    const Flat *q = arg;
    const CExp *e = q->s->exp;
    int k = q->k;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *f = fg_fresh(g, "f"), *ci = fg_fresh(g, "c");
    chunks_begin(g, q->chunks, ci, lo, hi);
    bool blocked = e->seg == SEG_MAP && fn_segmap_rows_begin(g, q->s, lo, hi);
    const char **idx = xmalloc(sizeof *idx * (size_t)(k + 2));
    fg_line(g, "int64_t rest_ = %s;", lo);
    for (int j = k - 1; j >= 0; j--) {
        idx[j] = fg_fresh(g, "i");
        fg_line(g, "int64_t %s = %s > 0 ? rest_ %% %s : 0;", idx[j], q->w[j], q->w[j]);
        fg_line(g, "rest_ = %s > 0 ? rest_ / %s : 0;", q->w[j], q->w[j]);
    }
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", f, lo, f, hi, f);
    g->indent++;
    g->iter++;
    if (e->seg == SEG_MAP) {
        fs_segop_point(g, q->s, idx, NULL);
    } else { /* whole segments: idx are the outer indices */
        int kk = e->params.len;
        const char **all = xmalloc(sizeof *all * (size_t)(kk + 1));
        for (int j = 0; j < kk - 1; j++)
            all[j] = idx[j];
        all[kk - 1] = fg_fresh(g, "i");
        fg_line(g, "{");
        g->indent++;
        const char **accs = fs_decl_accs(g, fs_seg_ops(e));
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", all[kk - 1], all[kk - 1], q->w[kk - 1], all[kk - 1]);
        g->indent++;
        fs_segop_point(g, q->s, all, accs);
        g->indent--;
        fg_line(g, "}");
        fs_segop_finish(g, q->s, all, accs);
        g->indent--;
        fg_line(g, "}");
    }
    /* the next point */
    for (int j = k - 1; j >= 0; j--) {
        fg_line(g, "%sif (++%s < %s) continue;", j < k - 1 ? "" : "", idx[j], q->w[j]);
        fg_line(g, "%s = 0;", idx[j]);
    }
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    if (blocked)
        fn_interchange_end(g);
    chunks_end(g, q->chunks);
}

static void segop_iteration(FGen *g, const Par *p, const char *i, const char **accs) {
    const char **idx = xmalloc(sizeof *idx * (size_t)(p->nouter + 2));
    for (int j = 0; j < p->nouter; j++)
        idx[j] = p->outer[j];
    idx[p->nouter] = i;
    fs_segop_point(g, p->s, idx, accs);
}

/* The segmap, or the segments of a segred / segscan, over a flat index in parallel. */
static void region_flat(FGen *g, const CStm *s, const char **w, int k) {
    Flat q = {s, w, fg_fresh(g, "total"), NULL, k, NULL, 0, {0}};
    StrBuf total = {0}, points = {0}; /* the flat index's, and the segop's (whole segments too) */
    sb_puts(&total, "1");
    for (int j = 0; j < k; j++)
        sb_printf(&total, " * %s", w[j]);
    sb_puts(&points, total.data);
    for (int j = k; j < s->exp->params.len; j++)
        sb_printf(&points, " * %s", w[j]);
    fg_line(g, "int64_t %s = %s;", q.total, total.data);
    MpiPart part = mpi_part(g, s, q.total);
    q.nt = region_threads(g, s, part.n, points.data);
    /* no accumulators across points (a segred's whole segments have their own) */
    q.chunks = chunks_decl(g, part.n, q.nt, 16);
    q.chunks.base = part.lo;
    region_probe(g, s, &q.chunks, false);
    Region r = region_begin(g, q.nt, q.chunks.probe);
    fg_slot_scope(g, thread_flat, &q);
    region_end(g, r);
    mpi_gather_rows(g, s, part, k);
}

/* A segred / segscan over the innermost dimension of the segment at outer (nouter indices): the
 * parallel reduction of its elements. */
static void segment_reduce(FGen *g, const CStm *s, const char **w, const char **outer, int nouter, const char *loc) {
    const CExp *e = s->exp;
    Par p = {s, w[nouter], NULL, loc, {0}, 0, 0, NULL, NULL, segop_iteration, outer, nouter, NULL, {0}, {0}, NULL, NULL};
    COperatorVec none = {0};
    par_ops(&p, e->seg == SEG_SCAN ? &e->scans : &none, e->seg == SEG_RED ? &e->reds : &none);
    /* a whole reduction or scan: each MPI rank its part, the parts' results combined in rank order */
    MpiPart part = nouter == 0 ? mpi_part_fold(g, s, &p.ops, p.w) : mpi_whole(p.w);
    p.w = part.n;
    p.base = part.lo;
    p.nt = region_threads(g, s, p.w, p.w);
    const char **acc = region_reduce(g, &p);
    if (e->seg == SEG_RED)
        mpi_combine(g, part, &p.ops, acc, loc);
    else
        mpi_scan_carry(g, s, part, &p.ops);
    mpi_gather_rows(g, s, part, 1);
    if (e->seg == SEG_RED)
        fs_segop_finish(g, s, outer, acc);
}

static void fp_segop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (e->irregular) {
        fp_irregular_segop(g, s);
        return;
    }
    int k = e->params.len;
    const char *loc = c_loc(e->loc);
    const char **w = fs_segop_widths(g, e, loc);
    fs_segop_outputs(g, s, w, loc);
    if (e->seg == SEG_MAP) {
        region_flat(g, s, w, k);
        return;
    }
    if (k == 1) {
        if (!segop_vector_scan(g, s, w[0], loc))
            segment_reduce(g, s, w, NULL, 0, loc);
        return;
    }
    /* several segments: whole segments per thread when there are enough of them */
    StrBuf segs = {0};
    sb_puts(&segs, "1");
    for (int j = 0; j < k - 1; j++)
        sb_printf(&segs, " * %s", w[j]);
    fg_line(g, "if (%s >= wf_threads(ctx, INT64_MAX)) {", segs.data);
    g->indent++;
    region_flat(g, s, w, k - 1);
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    const char **outer = xmalloc(sizeof *outer * (size_t)(k + 1));
    for (int j = 0; j < k - 1; j++) {
        outer[j] = fg_fresh(g, "o");
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", outer[j], outer[j], w[j], outer[j]);
        g->indent++;
        g->iter++;
    }
    segment_reduce(g, s, w, outer, k - 1, loc);
    for (int j = 0; j < k - 1; j++) {
        g->iter--;
        g->indent--;
        fg_line(g, "}");
    }
    g->indent--;
    fg_line(g, "}");
}

/* ---- scatter and hist ---- */

typedef struct {
    const CStm *s;
    const char *w, *nt, *nbins;
    const char **priv; /* privatised hist: per destination, nt rows of nbins bins */
} Scat;

/* The thread's chunk of a scatter, or of a hist combining atomically. */
static void thread_scatter(FGen *g, void *arg) {
    const Scat *q = arg;
    const CExp *e = q->s->exp;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *i = fg_fresh(g, "i");
    chunk(g, q->w, q->nt, lo, hi);
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    g->iter++;
    fr_enter(g, e->args.data[0]);
    if (e->kind == CE_SCATTER) {
        g->scatter_shared = true;
        fs_scatter_iteration(g, q->s, i);
        g->scatter_shared = false;
    } else {
        g->hist_atomic = true;
        fs_hist_iteration(g, q->s, i);
        g->hist_atomic = false;
    }
    fr_leave(g);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

/* A privatised hist, phase 1: the thread's chunk into its own row of bins (from the neutral
 * elements). */
static void thread_hist_private(FGen *g, void *arg) {
    const Scat *q = arg;
    const CExp *e = q->s->exp;
    const COperator *op = &e->reds.data[0];
    int nd = e->dests.len;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *i = fg_fresh(g, "i"), *b = fg_fresh(g, "b");
    chunk(g, q->w, q->nt, lo, hi);
    const char **mine = xmalloc(sizeof *mine * (size_t)(nd + 1)), **bins = xmalloc(sizeof *bins * (size_t)(nd + 1));
    for (int j = 0; j < nd; j++) {
        mine[j] = fg_fresh(g, "mine");
        fg_line(g, "%s *%s = %s + (int64_t)t_ * %s;", c_prim(op->lam->ret.data[j].prim), mine[j], q->priv[j], q->nbins);
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) %s[%s] = %s;", b, b, q->nbins, b, mine[j], b,
                fg_atom(g, op->nes.data[j]));
    }
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    g->iter++;
    fr_enter(g, e->args.data[0]);
    const char *bin, **vals;
    fs_hist_values(g, q->s, i, &bin, &vals);
    fg_line(g, "if ((uint64_t)%s < (uint64_t)%s) {", bin, q->nbins);
    g->indent++;
    for (int j = 0; j < nd; j++)
        bins[j] = xsprintf("%s[%s]", mine[j], bin);
    fs_hist_combine(g, op, bins, vals);
    g->indent--;
    fg_line(g, "}");
    fr_leave(g);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

/* Phase 2: each thread folds the threads' rows, in thread order, into its part of the bins. */
static void thread_hist_merge(FGen *g, void *arg) {
    const Scat *q = arg;
    const CExp *e = q->s->exp;
    const COperator *op = &e->reds.data[0];
    int nd = e->dests.len;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *b = fg_fresh(g, "b"), *t = fg_fresh(g, "t");
    chunk(g, q->nbins, q->nt, lo, hi);
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", b, lo, b, hi, b);
    g->indent++;
    fg_line(g, "for (int %s = 0; %s < %s; %s++) {", t, t, q->nt, t);
    g->indent++;
    g->iter++;
    const char **bins = xmalloc(sizeof *bins * (size_t)(nd + 1)), **vals = xmalloc(sizeof *vals * (size_t)(nd + 1));
    for (int j = 0; j < nd; j++) {
        const char *dvar = q->s->pat.data[j].name;
        bins[j] = fg_elem(g, c_name(dvar), dvar, &b, 1);
        vals[j] = xsprintf("%s[(int64_t)%s * %s + %s]", q->priv[j], t, q->nbins, b);
    }
    fs_hist_combine(g, op, bins, vals);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
}

static void fp_scatter_hist(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc), *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_check_inputs(g, e, w, loc);
    fs_take_dests(g, s, loc);
    Scat q = {s, w, NULL, NULL, NULL};
    if (e->kind == CE_SCATTER) {
        q.nt = region_threads(g, s, w, w);
        Region r = region_begin(g, q.nt, NULL);
        fg_slot_scope(g, thread_scatter, &q);
        region_end(g, r);
        return;
    }
    int nd = e->dests.len;
    if (!fs_hist_scalar(e)) { /* bins that are arrays: one thread */
        fs_scatter_hist_loop(g, s, w);
        return;
    }
    /* Privatised when every thread's copy of the bins fits (and there are at least as many
     * values as bins), else atomic (one destination), else sequential. */
    const COperator *op = &e->reds.data[0];
    const char *nt = q.nt = region_threads(g, s, w, w);
    q.nbins = fg_fresh(g, "nbins");
    fg_line(g, "int64_t %s = %s.n[0];", q.nbins, c_name(s->pat.data[0].name));
    StrBuf bytes = {0};
    sb_puts(&bytes, "0");
    for (int j = 0; j < nd; j++)
        sb_printf(&bytes, " + %d", c_esz(op->lam->ret.data[j].prim));
    fg_line(g, "if (%s > 1 && %s >= %s && %s * (int64_t)%s * (%s) <= WF_HIST_PRIV_BYTES) {", nt, w, q.nbins, q.nbins,
            nt, bytes.data);
    g->indent++;
    q.priv = xmalloc(sizeof *q.priv * (size_t)(nd + 1));
    for (int j = 0; j < nd; j++) {
        const char *T = c_prim(op->lam->ret.data[j].prim);
        q.priv[j] = fg_fresh(g, "priv");
        fg_line(g, "%s *%s = malloc(sizeof(%s) * (size_t)(%s * %s + 1));", T, q.priv[j], T, q.nbins, nt);
    }
    for (int j = 0; j < nd; j++) /* a failure frees nothing: the process exits with it */
        fg_fail(g, xsprintf("!%s", q.priv[j]), xsprintf("wf_error(ctx, %s, \"out of memory (histogram)\")", loc));
    Region r1 = region_begin(g, nt, NULL);
    fg_slot_scope(g, thread_hist_private, &q);
    region_end(g, r1);
    Region r2 = region_begin(g, nt, NULL);
    fg_slot_scope(g, thread_hist_merge, &q);
    region_end(g, r2);
    for (int j = 0; j < nd; j++)
        fg_line(g, "free(%s);", q.priv[j]);
    g->indent--;
    if (nd == 1) {
        fg_line(g, "} else if (%s > 1) {", nt);
        g->indent++;
        Region r = region_begin(g, nt, NULL);
        fg_slot_scope(g, thread_scatter, &q);
        region_end(g, r);
        g->indent--;
    }
    fg_line(g, "} else {");
    g->indent++;
    fs_scatter_hist_loop(g, s, w);
    g->indent--;
    fg_line(g, "}");
}

void fp_soac(FGen *g, const CStm *s) {
    fg_line(g, "{");
    g->indent++;
    if (s->exp->kind == CE_SEGOP)
        fp_segop(g, s);
    else if (s->exp->kind == CE_SCATTER || s->exp->kind == CE_HIST)
        fp_scatter_hist(g, s);
    else
        fp_screma(g, s);
    g->indent--;
    fg_line(g, "}");
}

const Target target_multicore = {"multicore", FLATTEN_CPU, true,  false, false, fp_parallel, fp_soac, NULL, NULL, NULL,
                                 "wf_flat_result", "NULL, NULL, NULL, NULL, NULL", false, NULL};

/* weft multicore --mpi: host segops split across MPI ranks (../mpi_split.c, docs/MPI.md) */
const Target target_multicore_mpi = {"multicore", FLATTEN_CPU, true, false, false, fp_parallel, fp_soac, NULL, NULL,
                                     NULL, "wf_flat_result", "wf_mpi_init, wf_mpi_fini, wf_mpi_sync, wf_mpi_stage, NULL",
                                     true, "wf_mpi_main"};
