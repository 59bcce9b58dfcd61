/* fpar.c — weft multicore on the flat backend: outermost SOACs as OpenMP parallel regions.
 *
 * An outermost SOAC — one at the top level of a function, in its top-level loops and branches,
 * or inside the sequential outer loop of an inner version (below) — runs its iterations in
 * parallel; everything inside its lambdas runs sequentially in the thread (fsoac.c), with the
 * thread's own slots, so threads never share a block they write.  Each thread takes one
 * contiguous chunk of the iterations, so operators need only be associative:
 *
 *   map      each thread writes its chunk's rows of the outputs;
 *   reduce   each thread folds its chunk into its own accumulators; the chunk totals are then
 *            combined in chunk order by the calling thread;
 *   scan     each thread scans its chunk from the neutral element into the output; the chunk
 *            totals are scanned in order; a second region applies each chunk's prefix to its
 *            elements (every chunk but the first).  A scan of scalars with a built-in
 *            operator and no other work calls rts/mc.h's vectorised single-pass scan instead.
 *
 * scatter, hist and filter run sequentially (fsoac.c).
 *
 * Incremental flattening (docs/FLATTENING.md): when the SOAC's lambda has parallelism of its
 * own, it gets two versions, picked at run time by a threshold FUN.suff_outer_par_K against the
 * width: the region above, or the outer iterations in sequence with their inner SOACs parallel
 * (versioned again when they nest, up to VER_MAX_NESTING).
 *
 * A failure inside a region records the error, skips the rest of the thread's chunk (the
 * WF_FAIL of region code jumps to its end) and makes the function fail after the region.
 */
#include <string.h>

#include "fgen.h"

bool fp_parallel(FGen *g, const CStm *s) {
    return g->multicore && !g->par && g->lam == 0 && s->exp->kind == CE_SCREMA;
}

/* ---- regions ---- */

typedef struct {
    const char *fail, *out; /* the failure flag and the label at the end of the thread's code */
} Region;

static Region region_begin(FGen *g, const char *nt) {
    Region r = {fg_fresh(g, "fail"), fg_fresh(g, "par_out")};
    fg_line(g, "int %s = 0;", r.fail);
    fg_line(g, "#undef WF_FAIL");
    fg_line(g, "#define WF_FAIL(e) do { (void)(e); __atomic_store_n(&%s, 1, __ATOMIC_RELAXED); goto %s; } while (0)",
            r.fail, r.out);
    fg_line(g, "#pragma omp parallel num_threads(%s)", nt);
    fg_line(g, "{");
    g->indent++;
    g->par++;
    return r;
}

static void region_end(FGen *g, Region r) {
    fg_line(g, "%s: __attribute__((unused));", r.out);
    fg_line(g, "wf_mem_sync(ctx);");
    g->par--;
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "#undef WF_FAIL");
    fg_line(g, "#define WF_FAIL(e) return (e)");
    fg_fail(g, r.fail, "1");
}

/* this thread's chunk [lo, hi) of w iterations over nt threads */
static void chunk(FGen *g, const char *w, const char *nt, const char *lo, const char *hi) {
    fg_line(g, "int t_ = omp_get_thread_num();");
    fg_line(g, "int64_t %s = %s * t_ / %s, %s = %s * (t_ + 1) / %s;", lo, w, nt, hi, w, nt);
}

/* ---- screma ---- */

typedef struct {
    const CStm *s;
    const CExp *e;
    const char *w, *nt, *loc;
    COperatorVec ops; /* scans, then reduces */
    int nscan, nacc;  /* accumulators: the scans' first */
    CType *acc_types;
    const char **tot; /* per accumulator: the C array of the chunk totals */
} Par;

static Par par_info(FGen *g, const CStm *s) {
    Par p = {s, s->exp, fg_fresh(g, "w"), fg_fresh(g, "nt"), c_loc(s->exp->loc), {0}, 0, 0, NULL, NULL};
    for (int o = 0; o < p.e->scans.len; o++) {
        vec_push(&p.ops, p.e->scans.data[o]);
        p.nscan += p.e->scans.data[o].nes.len;
    }
    for (int o = 0; o < p.e->reds.len; o++)
        vec_push(&p.ops, p.e->reds.data[o]);
    p.nacc = p.nscan;
    for (int o = 0; o < p.e->reds.len; o++)
        p.nacc += p.e->reds.data[o].nes.len;
    p.acc_types = xmalloc(sizeof *p.acc_types * (size_t)(p.nacc + 1));
    int a = 0;
    for (int o = 0; o < p.ops.len; o++)
        for (int j = 0; j < p.ops.data[o].nes.len; j++)
            p.acc_types[a++] = p.ops.data[o].lam->ret.data[j];
    return p;
}

/* acc = op(acc, x) for all operators, accumulators accs and values xs (C names). */
static void apply_all(FGen *g, const Par *p, int upto, const char **accs, const char **xs) {
    int at = 0;
    for (int o = 0; o < p->ops.len && at < upto; o++) {
        fs_apply_op(g, &p->ops.data[o], accs + at, xs + at);
        at += p->ops.data[o].nes.len;
    }
}

/* The thread's part of phase 1: its chunk into its own accumulators, left in tot[a][t_]. */
static void thread_chunk(FGen *g, void *arg) {
    const Par *p = arg;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *i = fg_fresh(g, "i");
    chunk(g, p->w, p->nt, lo, hi);
    const char **accs = fs_decl_accs(g, &p->ops);
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    g->iter++;
    fs_screma_iteration(g, p->s, i, accs);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    for (int a = 0; a < p->nacc; a++)
        fg_line(g, "%s[t_] = %s;", p->tot[a], accs[a]);
}

/* Phase 3 of scans, one thread's part: out[i] = pre (+) out[i] in its chunk (not the first),
 * pre = tot[t_ - 1], the prefix of the chunks before it. */
static void thread_fix_up(FGen *g, void *arg) {
    const Par *p = arg;
    const CStm *s = p->s;
    const char *lo = fg_fresh(g, "lo"), *hi = fg_fresh(g, "hi"), *i = fg_fresh(g, "i");
    chunk(g, p->w, p->nt, lo, hi);
    fg_line(g, "if (t_ > 0) for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    g->iter++;
    int at = 0;
    for (int o = 0; o < p->e->scans.len; o++) {
        const COperator *op = &p->e->scans.data[o];
        int k = op->nes.len;
        const char **acc = xmalloc(sizeof *acc * (size_t)(k + 1)), **cur = xmalloc(sizeof *cur * (size_t)(k + 1));
        fg_line(g, "{");
        g->indent++;
        for (int j = 0; j < k; j++) {
            CType et = p->acc_types[at + j];
            const char *out = c_name(s->pat.data[at + j].name);
            acc[j] = fg_fresh(g, "pre");
            fg_line(g, "%s %s = %s[t_ - 1];", fg_ctype(g, et), acc[j], p->tot[at + j]);
            if (et.rank) /* a private copy: the operator may update it in place */
                fa_copy_fresh(g, acc[j], NULL, et, false, p->loc);
            cur[j] = fg_fresh(g, "cur");
            if (et.rank == 0) {
                fg_line(g, "%s %s = %s.p[%s];", c_prim(et.prim), cur[j], out, i);
                continue;
            }
            fg_line(g, "%s %s = {%s.p + (%s) * %s.s[0], NULL, {0}, {0}};", fg_ctype(g, et), cur[j], out, i, out);
            for (int d = 0; d < et.rank; d++) {
                fg_line(g, "%s.n[%d] = %s.n[%d];", cur[j], d, out, d + 1);
                fg_line(g, "%s.s[%d] = %s.s[%d];", cur[j], d, out, d + 1);
            }
        }
        fs_apply_op(g, op, acc, cur);
        for (int j = 0; j < k; j++) {
            CType et = p->acc_types[at + j];
            const char *out = c_name(s->pat.data[at + j].name);
            if (et.rank == 0) {
                fg_line(g, "%s.p[%s] = %s;", out, i, acc[j]);
                continue;
            }
            fa_check_shape(g, acc[j], cur[j], et.rank, "a scan's element", p->loc);
            fg_line(g, "wf_copy_dense(%s.p, %s.p, %d, %s.n, %s.s, %d);", cur[j], acc[j], et.rank, acc[j], acc[j],
                    c_esz(et.prim));
            fg_release(g, acc[j]);
        }
        g->indent--;
        fg_line(g, "}");
        at += k;
    }
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

/* The operator of a simple scan, `+` etc., or NULL: op's lambda is \(a, b) -> a OP b. */
static const char *simple_op(const COperator *op, PrimType t) {
    const CLambda *l = op->lam;
    if (op->nes.len != 1 || l->params.len != 2 || l->body->stms.len != 1 || l->body->result.len != 1)
        return NULL;
    const CStm *s = &l->body->stms.data[0];
    const CExp *e = s->exp;
    if (e->kind != CE_OP || e->args.len != 2 || e->args.data[0].kind != CA_VAR || e->args.data[1].kind != CA_VAR ||
        e->args.data[0].var != l->params.data[0].name || e->args.data[1].var != l->params.data[1].name ||
        l->body->result.data[0].kind != CA_VAR || l->body->result.data[0].var != s->pat.data[0].name)
        return NULL;
    bool fl = t == PRIM_F32 || t == PRIM_F64;
    switch (e->op) {
    case COP_ADD: return "+";
    case COP_MUL: return "*";
    case COP_AND: return fl ? NULL : "&";
    case COP_OR: return fl ? NULL : "|";
    case COP_XOR: return fl ? NULL : "^";
    default: return NULL;
    }
}

/* `scan OP ne xs` alone (identity map, one scalar input, one output): rts/mc.h's vectorised
 * scan (integers as their unsigned type: wrapping arithmetic). */
static bool vector_scan(FGen *g, const Par *p) {
    const CExp *e = p->e;
    const CLambda *f = e->lam;
    if (p->nscan != 1 || p->nacc != 1 || p->s->pat.len != 1 || e->arrays.len != 1 || f->params.len != 1 ||
        f->body->stms.len != 0 || f->body->result.len != 1 || f->body->result.data[0].kind != CA_VAR ||
        f->body->result.data[0].var != f->params.data[0].name || omap_has(&g->lazy_iotas, e->arrays.data[0].var))
        return false;
    CType t = p->acc_types[0];
    if (t.rank != 0 || t.prim == PRIM_BOOL || fg_var(g, e->arrays.data[0].var)->layout != LAYOUT_DENSE)
        return false;
    const char *op = simple_op(&e->scans.data[0], t.prim);
    if (!op)
        return false;
    static const char *const utype[] = {"uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint8_t", "uint16_t",
                                        "uint32_t", "uint64_t", "float", "double", "bool"};
    const char *U = utype[t.prim];
    const char *name = fg_fresh(g, "wf_mcscan");
    sb_printf(g->types, "#define %s_op(ctx, a, b) ((a) %s (b))\nWF_MC_SCAN_VEC_DEFINE(%s, %s, %s_op)\n", name, op, name,
              U, name);
    fs_screma_outputs(g, p->s, p->w, p->loc);
    const char *out = c_name(p->s->pat.data[0].name), *in = fg_atom(g, e->arrays.data[0]);
    fg_fail(g,
            xsprintf("%s(ctx->num_threads, NULL, (%s)%s, 1, %s, (const %s *)%s.p, (%s *)%s.p, NULL)", name, U,
                     fg_atom(g, e->scans.data[0].nes.data[0]), p->w, U, in, U, out),
            xsprintf("wf_error(ctx, %s, \"out of memory (scan scratch space)\")", p->loc));
    return true;
}

static void region_screma(FGen *g, const Par *p) {
    const CStm *s = p->s;
    fs_screma_outputs(g, s, p->w, p->loc);
    Par q = *p;
    q.tot = xmalloc(sizeof *q.tot * (size_t)(p->nacc + 1));
    for (int a = 0; a < p->nacc; a++) {
        q.tot[a] = fg_fresh(g, "tot");
        fg_line(g, "%s %s[%s];", fg_ctype(g, p->acc_types[a]), q.tot[a], p->nt);
    }
    Region r = region_begin(g, p->nt);
    fg_slot_scope(g, thread_chunk, &q);
    region_end(g, r);
    /* The chunk totals in order: acc becomes the reduce results; for scans, tot[t] becomes the
     * prefix of the chunks up to t (a copy when it is an array: the operators may update acc
     * in place). */
    const char **acc = xmalloc(sizeof *acc * (size_t)(p->nacc + 1)), **xs = xmalloc(sizeof *xs * (size_t)(p->nacc + 1));
    for (int a = 0; a < p->nacc; a++) {
        acc[a] = fg_fresh(g, "all");
        fg_line(g, "%s %s = %s[0];", fg_ctype(g, p->acc_types[a]), acc[a], q.tot[a]);
        if (a < p->nscan && p->acc_types[a].rank)
            fa_copy_fresh(g, acc[a], NULL, p->acc_types[a], false, p->loc);
    }
    const char *t = fg_fresh(g, "t");
    fg_line(g, "for (int %s = 1; %s < %s; %s++) {", t, t, p->nt, t);
    g->indent++;
    g->iter++;
    for (int a = 0; a < p->nacc; a++)
        xs[a] = xsprintf("%s[%s]", q.tot[a], t);
    apply_all(g, p, p->nacc, acc, xs);
    for (int a = 0; a < p->nacc; a++) {
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
    if (p->nscan) {
        fg_line(g, "if (%s > 1) {", p->nt);
        g->indent++;
        Region r2 = region_begin(g, p->nt);
        fg_slot_scope(g, thread_fix_up, &q);
        region_end(g, r2);
        g->indent--;
        fg_line(g, "}");
        for (int a = 0; a < p->nscan; a++) {
            if (!p->acc_types[a].rank)
                continue;
            fg_line(g, "for (int %s = 0; %s < %s; %s++)", t, t, p->nt, t);
            fg_line(g, "    wf_unref(ctx, %s[%s].m);", q.tot[a], t);
            fg_release(g, acc[a]);
        }
    }
    for (int a = p->nscan; a < p->nacc; a++) {
        const char *x = c_name(s->pat.data[a].name);
        fg_line(g, "%s = %s;", x, acc[a]);
        fg_bind(g, s->pat.data[a].name, s->pat.data[a].type, OWN_OWNED);
    }
}

/* The inner version: the outer iterations in sequence, each one's SOACs outermost again. */
static void inner_version(FGen *g, const CStm *s) {
    int saved_lam = g->lam;
    g->open_lambda = true;
    g->ver->nested++;
    g->ver->plan_depth++;
    fs_soac(g, s);
    g->ver->plan_depth--;
    g->ver->nested--;
    g->open_lambda = false;
    g->lam = saved_lam;
}

static const char *soac_kind(const Par *p) {
    if (p->e->scans.len)
        return "segscan";
    if (p->e->reds.len)
        return "segred";
    return "segmap";
}

void fp_soac(FGen *g, const CStm *s) {
    Par p = par_info(g, s);
    fg_line(g, "{");
    g->indent++;
    fg_line(g, "int64_t %s = %s;", p.w, fg_atom(g, p.e->args.data[0]));
    fs_check_inputs(g, p.e, p.w, p.loc);
    const char *where = xsprintf("%.*s", (int)strlen(p.loc) - 2, p.loc + 1);
    if (vector_scan(g, &p)) {
        ver_plan(g->ver, "%s at %s: parallel (vectorised scan)", soac_kind(&p), where);
    } else if (!ver_body_has_par(p.e->lam->body) || g->ver->nested >= VER_MAX_NESTING) {
        ver_plan(g->ver, "%s at %s: parallel%s", soac_kind(&p), where,
                 ver_body_has_par(p.e->lam->body) ? ", inner parallelism sequential (nesting limit)" : "");
        fg_line(g, "int %s = wf_threads(ctx, %s);", p.nt, p.w);
        region_screma(g, &p);
    } else {
        int k = ver_threshold(g->ver, g->fun, "suff_outer_par", VER_SUFF_OUTER_PAR_DEFAULT);
        ver_plan(g->ver, "%s at %s: two versions", soac_kind(&p), where);
        g->ver->plan_depth++;
        ver_plan(g->ver, "if %s <= width: parallel over the outer iterations, inner parallelism sequential",
                 g->ver->names.data[k]);
        ver_plan(g->ver, "else: the outer iterations in sequence, inner parallelism:");
        fg_line(g, "if (wf_cmp_le(ctx, %d, %s)) { /* %s */", k, p.w, g->ver->names.data[k]);
        g->indent++;
        fg_line(g, "int %s = wf_threads(ctx, %s);", p.nt, p.w);
        region_screma(g, &p);
        g->indent--;
        fg_line(g, "} else { /* the outer iterations in sequence, their inner SOACs parallel */");
        g->indent++;
        /* the same pattern variables are bound again by the other version */
        for (int j = 0; j < s->pat.len; j++)
            omap_put(&g->vars, s->pat.data[j].name, NULL);
        inner_version(g, s);
        g->indent--;
        fg_line(g, "}");
        g->ver->plan_depth--;
    }
    g->indent--;
    fg_line(g, "}");
}

const char *fp_param_table(FGen *g) { return ver_param_table(g->ver, g->out); }
