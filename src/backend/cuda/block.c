/* block.c — weft cuda: segops at block level (seed 001's e_middle, made by src/flatten/
 * flatten.c).  In a kernel where one thread block runs each point of a grid segmap, every
 * thread of the block runs the point's code (kernels.c's block kernels); a block segop spreads its
 * one dimension over the block's B threads:
 *
 *   segmap   thread t runs the points t, t + B, ...: neighbouring threads, neighbouring elements;
 *   segred   thread t folds a run of consecutive points into its accumulators, then the B
 *            partial results are folded in shared memory by a tree whose pairs keep their
 *            order (operators need not commute), and every thread reads the result;
 *   segscan  thread t scans its run, the B run totals are scanned in shared memory
 *            (Hillis-Steele, operands in order), and thread t puts the total of the runs before
 *            it in front of each element of its run.
 *
 * In a bin (seed 000: the segmap is binned, src/flatten/bins.c) each point has threads of its
 * own, bslotn_ of them from thread bslot0_, and bj_ is a thread's place among them: the same
 * code with bj_ for threadIdx.x and bslotn_ for blockDim.x (a block kernel of one point has
 * bslot0_ = 0, bslotn_ = blockDim.x); the trees and scans stay within a point's threads, their
 * steps (barriers) the same for all.  A masked segop computes no point where its mask is false.
 * A point's arrays and scratch live in its own part of the block's memory (rts/flat_dev.cuh
 * wfb_enter): its threads allocate alike, the other points' need not.
 *
 * The outputs are allocated in block memory (rts/flat_dev.cuh: the block's shared memory while
 * it lasts): every thread runs the same allocations, so all get the same addresses, while each
 * block header stays private to its thread.  Such blocks are never updated in place (the code
 * between segops runs in every thread: an update makes a private copy).  A barrier comes after
 * a segop's outputs are allocated (earlier readers of memory a slot reuses are done) and after
 * the segop (its results visible to all); a thread that fails leaves the kernel, and the others
 * leave at their next barrier (wfb_sync).
 */
#include "cuda.h"

static void block_sync(FGen *g) { fg_fail(g, "wfb_sync(ctx)", "1"); }

/* A barrier between the steps of a tree or scan of scalar operators: nothing between the
 * barrier checked before the steps and the one checked after them allocates, so nobody needs
 * to look for a thread that failed (the check costs an atomic read a warp). */
static void block_step(FGen *g) { fg_line(g, "__syncthreads();"); }

/* The operands' C types, one per accumulator. */
static const char **operand_types(const COperatorVec *ops, int n) {
    const char **ts = xmalloc(sizeof *ts * (size_t)(n + 1));
    int at = 0;
    for (int o = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++)
            ts[at++] = c_prim(ops->data[o].lam->ret.data[j].prim);
    return ts;
}

/* lhs = op(lhs, rhs) for every operator (lhs, rhs: C names of the operands, in order). */
static void apply_ops(FGen *g, const COperatorVec *ops, const char **lhs, const char **rhs) {
    int at = 0;
    for (int o = 0; o < ops->len; o++) {
        fs_apply_op(g, &ops->data[o], lhs + at, rhs + at);
        at += ops->data[o].nes.len;
    }
}

/* Fresh C variables of the operand types. */
static const char **decl_operands(FGen *g, const char **types, int n, const char *base) {
    const char **v = xmalloc(sizeof *v * (size_t)(n + 1));
    for (int j = 0; j < n; j++) {
        v[j] = fg_fresh(g, base);
        fg_line(g, "%s %s = 0;", types[j], v[j]);
    }
    return v;
}

/* Shared scratch of one operand per thread for each accumulator, holding every thread's accs
 * once the barrier is passed; returns the mark that releases it (ctx->bbump = mark). */
static const char *shared_accs(FGen *g, const char **types, int n, const char **accs, const char **sc) {
    const char *mark = fg_fresh(g, "bmark");
    fg_line(g, "char *%s = ctx->bbump;", mark);
    for (int j = 0; j < n; j++) {
        sc[j] = fg_fresh(g, "bsc");
        fg_line(g, "%s *%s = (%s *)wfb_scratch(ctx, (size_t)bslotn_ * sizeof(%s));", types[j], sc[j], types[j],
                types[j]);
        fg_line(g, "if (!%s) WF_FAIL(1);", sc[j]);
    }
    for (int j = 0; j < n; j++)
        fg_line(g, "if (bj_ < bslotn_) %s[bj_] = %s;", sc[j], accs[j]);
    block_sync(g);
    return mark;
}

/* The accumulators of all threads folded in order; every thread ends with the result. */
static void block_reduce(FGen *g, const COperatorVec *ops, const char **accs, int n) {
    const char **types = operand_types(ops, n);
    const char **sc = xmalloc(sizeof *sc * (size_t)(n + 1));
    const char *mark = shared_accs(g, types, n, accs, sc);
    fg_line(g, "for (unsigned st_ = 1; st_ < blockDim.x; st_ *= 2) {");
    g->indent++;
    fg_line(g, "if ((bj_ & (2 * st_ - 1)) == 0 && bj_ + st_ < bslotn_) {");
    g->indent++;
    const char **a = decl_operands(g, types, n, "ba"), **b = decl_operands(g, types, n, "bb");
    for (int j = 0; j < n; j++)
        fg_line(g, "%s = %s[bj_]; %s = %s[bj_ + st_];", a[j], sc[j], b[j], sc[j]);
    apply_ops(g, ops, a, b);
    for (int j = 0; j < n; j++)
        fg_line(g, "%s[bj_] = %s;", sc[j], a[j]);
    g->indent--;
    fg_line(g, "}");
    block_step(g);
    g->indent--;
    fg_line(g, "}");
    for (int j = 0; j < n; j++)
        fg_line(g, "%s = %s[0];", accs[j], sc[j]);
    block_sync(g); /* everyone has read the result before the scratch is reused */
    fg_line(g, "ctx->bbump = %s;", mark);
}

/* After each thread scanned its run lo..hi (its totals in accs): the totals scanned across the
 * threads, and the runs before thread t put in front of its elements in the outputs. */
static void block_scan(FGen *g, const CStm *s, const char **accs, int n, const char *lo, const char *hi) {
    const COperatorVec *ops = &s->exp->scans;
    const char **types = operand_types(ops, n);
    const char **sc = xmalloc(sizeof *sc * (size_t)(n + 1));
    const char *mark = shared_accs(g, types, n, accs, sc);
    fg_line(g, "for (unsigned st_ = 1; st_ < blockDim.x; st_ *= 2) {");
    g->indent++;
    const char **a = decl_operands(g, types, n, "ba"), **b = decl_operands(g, types, n, "bb");
    fg_line(g, "bool has_ = bj_ >= st_ && bj_ < bslotn_;");
    fg_line(g, "if (has_) {");
    for (int j = 0; j < n; j++)
        fg_line(g, "    %s = %s[bj_ - st_]; %s = %s[bj_];", a[j], sc[j], b[j], sc[j]);
    fg_line(g, "}");
    block_step(g);
    fg_line(g, "if (has_) {");
    g->indent++;
    apply_ops(g, ops, a, b);
    for (int j = 0; j < n; j++)
        fg_line(g, "%s[bj_] = %s;", sc[j], a[j]);
    g->indent--;
    fg_line(g, "}");
    block_step(g);
    g->indent--;
    fg_line(g, "}");
    /* the carry in front of this thread's run */
    fg_line(g, "if (bj_ > 0 && bj_ < bslotn_) {");
    g->indent++;
    const char **carry = decl_operands(g, types, n, "carry");
    for (int j = 0; j < n; j++)
        fg_line(g, "%s = %s[bj_ - 1];", carry[j], sc[j]);
    const char *i = fg_fresh(g, "i");
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    const char **x = decl_operands(g, types, n, "bx"), **y = decl_operands(g, types, n, "by");
    for (int j = 0; j < n; j++)
        fg_line(g, "%s = %s; %s = %s;", x[j], carry[j], y[j], fg_fresh_elem(g, c_name(s->pat.data[j].name), 1, i));
    apply_ops(g, ops, x, y);
    for (int j = 0; j < n; j++)
        fg_line(g, "%s = %s;", fg_fresh_elem(g, c_name(s->pat.data[j].name), 1, i), x[j]);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    block_sync(g);
    fg_line(g, "ctx->bbump = %s;", mark);
}

/* The points of the block segop s run by this thread: the body of each in one thread. */
static void thread_points(FGen *g, const CStm *s, const char *i, const char **accs) {
    int saved = g->block;
    g->block = 0;
    g->iter++;
    fs_segop_point(g, s, &i, accs);
    g->iter--;
    g->block = saved;
}

void fb_segop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    fg_line(g, "{");
    g->indent++;
    const char *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    const char *on = e->masked ? fg_atom(g, e->mask) : "true";
    fg_fail(g, xsprintf("%s && %s < 0", on, w), xsprintf("wf_negative_size(ctx, %s, %s)", loc, w));
    if (e->masked)
        fg_line(g, "if (!%s) %s = 0;", on, w);
    g->blockmem = true;
    fs_segop_outputs(g, s, &w, loc);
    g->blockmem = false;
    block_sync(g);
    const char *i = fg_fresh(g, "i");
    if (e->seg == SEG_MAP) {
        fg_line(g, "for (int64_t %s = bj_; bj_ < bslotn_ && %s < %s; %s += bslotn_) {", i, i, w, i);
        g->indent++;
        thread_points(g, s, i, NULL);
        g->indent--;
        fg_line(g, "}");
        block_sync(g);
    } else {
        const COperatorVec *ops = fs_seg_ops(e);
        int n = fs_ops_results(ops);
        const char **accs = fs_decl_accs(g, ops);
        const char *run = fg_fresh(g, "run"), *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi");
        fg_line(g, "int64_t %s = (%s + bslotn_ - 1) / bslotn_;", run, w);
        fg_line(g, "int64_t %s = bj_ < bslotn_ && %s * bj_ < %s ? %s * bj_ : %s;", lo, run, w, run, w);
        fg_line(g, "int64_t %s = %s + %s < %s ? %s + %s : %s;", hi, lo, run, w, lo, run, w);
        fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
        g->indent++;
        thread_points(g, s, i, accs);
        g->indent--;
        fg_line(g, "}");
        if (e->seg == SEG_RED) {
            block_reduce(g, ops, accs, n);
            fs_segop_finish(g, s, &i, accs);
        } else {
            block_scan(g, s, accs, n, lo, hi);
        }
    }
    g->indent--;
    fg_line(g, "}");
}
