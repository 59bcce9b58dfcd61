/* cgen_soac.c — SOACs of the core IR as sequential C loops (the sequential C backend).
 *
 *   screma w xs scan.. reduce.. map f   one loop: f, then each scan operator (storing its running
 *                                       value), each reduce operator, then the map results
 *   scatter / hist                      the destinations are made unique (moved or copied), then
 *                                       written element by element; out-of-range indices skipped
 *   filter / partition                  outputs allocated with w elements, shrunk to the count
 * Lambdas are inlined (cg_lambda); their parameters borrow the elements of the inputs.
 * Each iteration of an outermost SOAC runs in an arena scope (wfa.h): what it allocates is
 * bump-allocated and dropped at once; results leaving it (map results, accumulators, values
 * scattered or binned) are exported to the heap first.
 */
#include <string.h>

#include "cgen.h"
#include "kgen.h"

/* out[i] = v, where v is a borrowed C expression of type t (arrays take a reference). */
static void store(CGen *g, const char *out, CType t, const char *i, const char *v) {
    if (t.rank)
        cg_line(g, "WFA_ROW(%s, %s) = wfa_ref(%s);", out, i, v);
    else
        cg_line(g, "WFA_AT(%s, %s, %s) = %s;", c_prim(t.prim), out, i, v);
}

static void alloc_out(CGen *g, const CParam *p, const char *w, const char *loc) {
    StrBuf dims = {0};
    cg_inner_dims(g, p->type, &dims);
    cg_line(g, "if (!(%s = wfa_new(ctx, %d, %d, %s, %s, %s))) WF_FAIL(1);", c_name(p->name), p->type.rank,
            c_esz(p->type.prim), w, dims.data, loc);
}

static const char **decl_tmps(CGen *g, const CTypeVec *ts, const char *base) {
    const char **names = xmalloc(sizeof *names * (size_t)(ts->len + 1));
    for (int i = 0; i < ts->len; i++) {
        names[i] = cg_fresh(g, base);
        cg_line(g, "%s %s WF_U = %s;", cg_ctype(ts->data[i]), names[i], ts->data[i].rank ? "NULL" : "0");
    }
    return names;
}

static void unref_tmps(CGen *g, const CTypeVec *ts, const char **names) {
    for (int i = 0; i < ts->len; i++)
        if (ts->data[i].rank)
            cg_line(g, "wfa_unref(ctx, %s);", names[i]);
}

/* ---- arena scopes (wfa.h): one around each iteration of an outermost SOAC ---- */

/* Open a scope unless one is open; returns its mark's C name, or NULL. */
static const char *scope_begin(CGen *g) {
    if (g->scope)
        return NULL;
    const char *m = cg_fresh(g, "mk");
    cg_line(g, "wf_mark %s = wf_arena_begin();", m);
    g->scope++;
    return m;
}

static void scope_end(CGen *g, const char *mark) {
    if (!mark)
        return;
    cg_line(g, "wf_arena_end(%s);", mark);
    g->scope--;
}

/* Values leaving the scope: arrays are exported to the heap (the variables own them). */
static void export_vars(CGen *g, const char *mark, CType t, const char *v, const char *loc) {
    if (mark && t.rank)
        cg_line(g, "if (!(%s = wfa_export(ctx, %s, %s))) WF_FAIL(1);", v, v, loc);
}

/* The borrowed elements at index i of the SOAC's input arrays. */
static const char **input_elems(CGen *g, const CAtomVec *arrays, const char *i) {
    const char **args = xmalloc(sizeof *args * (size_t)(arrays->len + 1));
    for (int k = 0; k < arrays->len; k++) {
        CAtom a = arrays->data[k];
        if (a.kind == CA_VAR && omap_has(&g->lazy_iota, a.var))
            args[k] = i;
        else if (g->kernel) /* weft cuda device code: kernel arrays */
            args[k] = kg_elem(g, a.var, i);
        else
            args[k] = cg_elem(g, cg_atom(g, a), ctype_elem(cg_atom_type(g, a)), i);
    }
    return args;
}

/* acc = op(acc, xs): accs are owned variables; xs borrowed expressions. */
static void apply_op(CGen *g, const COperator *op, const char **accs, const char **xs) {
    int k = op->nes.len;
    const char **args = xmalloc(sizeof *args * (size_t)(2 * k + 1));
    for (int j = 0; j < k; j++) {
        args[j] = accs[j];
        args[k + j] = xs[j];
    }
    cg_line(g, "{");
    g->indent++;
    const char **nx = decl_tmps(g, &op->lam->ret, "acc");
    cg_lambda(g, op->lam, args, nx);
    for (int j = 0; j < k; j++) {
        if (op->lam->ret.data[j].rank)
            cg_line(g, "wfa_unref(ctx, %s);", accs[j]);
        cg_line(g, "%s = %s;", accs[j], nx[j]);
    }
    g->indent--;
    cg_line(g, "}");
}

/* ---- screma ---- */

typedef struct {
    const CStm *s;
    const CExp *e;
    const char *w, *loc;
    int nscan, nacc;    /* scan accumulators come first, then reduce accumulators */
    CType *acc_types;
} Screma;

static Screma screma_info(CGen *g, const CStm *s, const char *loc) {
    Screma sc = {s, s->exp, cg_fresh(g, "w"), loc, 0, 0, NULL};
    for (int j = 0; j < sc.e->scans.len; j++)
        sc.nscan += sc.e->scans.data[j].nes.len;
    sc.nacc = sc.nscan;
    for (int j = 0; j < sc.e->reds.len; j++)
        sc.nacc += sc.e->reds.data[j].nes.len;
    sc.acc_types = xmalloc(sizeof *sc.acc_types * (size_t)(sc.nacc + 1));
    int a = 0;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &sc.e->reds : &sc.e->scans;
        for (int j = 0; j < ops->len; j++)
            for (int l = 0; l < ops->data[j].nes.len; l++)
                sc.acc_types[a++] = ops->data[j].lam->params.data[l].type;
    }
    return sc;
}

/* The operator owning accumulator a, and the index of its first accumulator. */
static const COperator *acc_op(const Screma *sc, int a, int *first) {
    int base = 0;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &sc->e->reds : &sc->e->scans;
        for (int j = 0; j < ops->len; j++) {
            int k = ops->data[j].nes.len;
            if (a < base + k) {
                *first = base;
                return &ops->data[j];
            }
            base += k;
        }
    }
    die("acc_op: %d", a);
}

/* Fresh owned accumulators initialised with the neutral elements. */
static const char **decl_accs(CGen *g, const Screma *sc) {
    const char **accs = xmalloc(sizeof *accs * (size_t)(sc->nacc + 1));
    for (int a = 0; a < sc->nacc; a++) {
        int first;
        const COperator *op = acc_op(sc, a, &first);
        accs[a] = cg_fresh(g, "acc");
        CAtom ne = op->nes.data[a - first];
        if (g->scope && sc->acc_types[a].rank) { /* a private copy: no count traffic on a shared block */
            cg_line(g, "wfa *%s WF_U = wfa_copy(ctx, %s, %s);", accs[a], cg_atom(g, ne), sc->loc);
            cg_line(g, "if (!%s) WF_FAIL(1);", accs[a]);
        } else {
            cg_decl_init(g, sc->acc_types[a], accs[a], cg_atom(g, ne));
        }
    }
    return accs;
}

/* accs[a] = op(accs[a], xs[a]) for the accumulators [0, n), operator by operator (n is
 * nscan or nacc: scan operators come first). */
static void apply_ops(CGen *g, const Screma *sc, int n, const char **accs, const char **xs) {
    for (int a = 0; a < n;) {
        int first;
        const COperator *op = acc_op(sc, a, &first);
        apply_op(g, op, accs + a, xs + a);
        a += op->nes.len;
    }
}

/* One iteration (index i): the map lambda, the operators into accs, the stores.  arena: in an
 * arena scope of its own unless one is open (false: the inner-parallel version, versions.c,
 * whose inner SOACs open their own). */
static void screma_iteration(CGen *g, const Screma *sc, const char **accs, const char *i, bool arena) {
    const CStm *s = sc->s;
    const CLambda *f = sc->e->lam;
    g->depth++;
    const char **r = decl_tmps(g, &f->ret, "r");
    const char *mark = arena ? scope_begin(g) : NULL;
    cg_lambda(g, f, input_elems(g, &sc->e->arrays, i), r);
    /* reduce accumulators of array type keep their heap block for the next value, if unique */
    const char **old = xmalloc(sizeof *old * (size_t)(sc->nacc + 1));
    for (int k = 0; k < sc->nacc; k++) {
        old[k] = mark && k >= sc->nscan && sc->acc_types[k].rank ? cg_fresh(g, "old") : NULL;
        if (old[k])
            cg_line(g, "wfa *%s = wfa_ref(%s);", old[k], accs[k]);
    }
    apply_ops(g, sc, sc->nacc, accs, r);
    if (mark) {
        for (int k = 0; k < sc->nacc; k++) {
            if (old[k])
                cg_line(g, "if (!(%s = wfa_export_reuse(ctx, %s, %s, %s))) WF_FAIL(1);", accs[k], accs[k], old[k],
                        sc->loc);
            else
                export_vars(g, mark, f->ret.data[k], accs[k], sc->loc);
            if (f->ret.data[k].rank) { /* operands of the operators: dead */
                cg_line(g, "wfa_unref(ctx, %s);", r[k]);
                cg_line(g, "%s = NULL;", r[k]);
            }
        }
        for (int k = sc->nacc; k < s->pat.len; k++)
            export_vars(g, mark, f->ret.data[k], r[k], sc->loc);
    }
    scope_end(g, mark);
    for (int k = 0; k < sc->nscan; k++)
        store(g, c_name(s->pat.data[k].name), ctype_elem(s->pat.data[k].type), i, accs[k]);
    for (int k = sc->nacc; k < s->pat.len; k++)
        store(g, c_name(s->pat.data[k].name), ctype_elem(s->pat.data[k].type), i, r[k]);
    unref_tmps(g, &f->ret, r);
    g->depth--;
}

static void alloc_outputs(CGen *g, const Screma *sc) {
    for (int k = 0; k < sc->s->pat.len; k++)
        if (k < sc->nscan || k >= sc->nacc)
            alloc_out(g, &sc->s->pat.data[k], sc->w, sc->loc);
}

/* Reduce results into the pattern; outputs' shapes; scan accumulators released. */
static void screma_finish(CGen *g, const Screma *sc, const char **accs) {
    const CStm *s = sc->s;
    for (int k = 0; k < s->pat.len; k++) {
        if (k < sc->nscan || k >= sc->nacc) {
            if (s->pat.data[k].type.rank > 1)
                cg_line(g, "wfa_fix_shape(%s);", c_name(s->pat.data[k].name));
        } else {
            cg_line(g, "%s = %s;", c_name(s->pat.data[k].name), accs[k]);
        }
    }
    for (int k = 0; k < sc->nscan; k++)
        if (sc->acc_types[k].rank)
            cg_line(g, "wfa_unref(ctx, %s);", accs[k]);
}

static void emit_screma_seq(CGen *g, const Screma *sc, bool arena) {
    const char **accs = decl_accs(g, sc);
    alloc_outputs(g, sc);
    const char *i = cg_fresh(g, "i");
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, sc->w, i);
    g->indent++;
    screma_iteration(g, sc, accs, i, arena);
    g->indent--;
    cg_line(g, "}");
    screma_finish(g, sc, accs);
}

/* ---- parallel regions (weft multicore): OpenMP, one contiguous chunk of the iterations per
 * thread, so operators need only be associative.  Failures inside a region cannot `return`:
 * WF_FAIL is redefined to record the failure and leave the thread's chunk. */

/* A parallel region being emitted: the C names of its failure flag and exit label. */
typedef struct {
    const char *fail, *out;
} Region;

static Region par_begin(CGen *g, const char *nt) {
    Region r = {cg_fresh(g, "fail"), cg_fresh(g, "par_out")};
    cg_line(g, "int %s = 0;", r.fail);
    cg_line(g, "#undef WF_FAIL");
    cg_line(g, "#define WF_FAIL(e) do { (void)(e); __atomic_store_n(&%s, 1, __ATOMIC_RELAXED); goto %s; } while (0)",
            r.fail, r.out);
    cg_line(g, "#pragma omp parallel num_threads(%s)", nt);
    cg_line(g, "{");
    g->indent++;
    g->par++;
    return r;
}

static void par_end(CGen *g, Region r) {
    cg_line(g, "%s: __attribute__((unused));", r.out);
    cg_line(g, "wf_mem_sync(ctx);");
    g->par--;
    g->indent--;
    cg_line(g, "}");
    cg_line(g, "#undef WF_FAIL");
    cg_line(g, "#define WF_FAIL(e) return (e)");
    cg_line(g, "if (%s) return 1;", r.fail);
}

/* this thread's chunk [lo, hi) of w iterations over nt threads */
static void par_chunk(CGen *g, const char *w, const char *nt, const char *lo, const char *hi) {
    cg_line(g, "int t_ = omp_get_thread_num();");
    cg_line(g, "int64_t %s = %s * t_ / %s, %s = %s * (t_ + 1) / %s;", lo, w, nt, hi, w, nt);
}

/* ---- scans of scalars with a built-in operator: rts/mc.h's vectorised scan ---- */

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

/* `scan OP ne xs` alone (map lambda the identity, one scalar input, one output): a call of a
 * WF_MC_SCAN_VEC_DEFINE instance (integers as their unsigned type: wrapping arithmetic). */
static bool emit_scan_mc(CGen *g, const Screma *sc) {
    const CExp *e = sc->e;
    const CLambda *f = e->lam;
    if (sc->nscan != 1 || sc->nacc != 1 || sc->s->pat.len != 1 || e->arrays.len != 1 || f->params.len != 1 ||
        f->body->stms.len != 0 || f->body->result.len != 1 || f->body->result.data[0].kind != CA_VAR ||
        f->body->result.data[0].var != f->params.data[0].name || e->arrays.data[0].kind != CA_VAR ||
        omap_has(&g->lazy_iota, e->arrays.data[0].var))
        return false;
    CType t = sc->acc_types[0];
    if (t.rank != 0 || t.prim == PRIM_BOOL || f->params.data[0].type.rank != 0)
        return false;
    const char *op = simple_op(&e->scans.data[0], t.prim);
    if (!op)
        return false;
    static const char *const utype[] = {"uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint8_t", "uint16_t",
                                        "uint32_t", "uint64_t", "float", "double", "bool"};
    const char *U = utype[t.prim];
    const char *name = cg_fresh(g, "wf_mcscan");
    sb_printf(g->decls, "#define %s_op(ctx, a, b) ((a) %s (b))\nWF_MC_SCAN_VEC_DEFINE(%s, %s, %s_op)\n", name, op,
              name, U, name);
    alloc_outputs(g, sc);
    const char *out = c_name(sc->s->pat.data[0].name), *in = cg_atom(g, e->arrays.data[0]);
    cg_line(g, "if (%s(ctx->num_threads, NULL, (%s)%s, 1, %s, (const %s *)%s->data, (%s *)%s->data, NULL))", name, U,
            cg_atom(g, e->scans.data[0].nes.data[0]), sc->w, U, in, U, out);
    cg_line(g, "    WF_FAIL(wf_error(ctx, %s, \"out of memory (scan scratch space)\"));", sc->loc);
    return true;
}

/* Phase 1: each thread runs its chunk of the iterations into its own accumulators, left in
 * slots[a][thread] (chunk totals). */
static const char **par_chunks(CGen *g, const Screma *sc, const char *nt) {
    const char **slots = xmalloc(sizeof *slots * (size_t)(sc->nacc + 1));
    for (int a = 0; a < sc->nacc; a++) {
        slots[a] = cg_fresh(g, "slot");
        cg_line(g, "%s %s[%s];", cg_ctype(sc->acc_types[a]), slots[a], nt);
        if (sc->acc_types[a].rank)
            cg_line(g, "memset(%s, 0, sizeof %s);", slots[a], slots[a]);
    }
    Region region = par_begin(g, nt);
    const char *lo = cg_fresh(g, "lo"), *hi = cg_fresh(g, "hi"), *i = cg_fresh(g, "i");
    par_chunk(g, sc->w, nt, lo, hi);
    const char **accs = decl_accs(g, sc);
    cg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    screma_iteration(g, sc, accs, i, true);
    g->indent--;
    cg_line(g, "}");
    for (int a = 0; a < sc->nacc; a++)
        cg_line(g, "%s[t_] = %s;", slots[a], accs[a]);
    par_end(g, region);
    return slots;
}

/* Phase 2, sequential: the chunk totals combined in chunk order into tot (the reduce results);
 * pre[a][t] is the scan accumulator before chunk t (each chunk's prefix). */
static void combine_chunks(CGen *g, const Screma *sc, const char *nt, const char **slots, const char **tot,
                           const char **pre) {
    for (int a = 0; a < sc->nscan; a++) {
        pre[a] = cg_fresh(g, "pre");
        cg_line(g, "%s %s[%s];", cg_ctype(sc->acc_types[a]), pre[a], nt);
    }
    const char *t = cg_fresh(g, "t");
    cg_line(g, "for (int %s = 0; %s < %s; %s++) {", t, t, nt, t);
    g->indent++;
    for (int a = 0; a < sc->nscan; a++)
        cg_line(g, sc->acc_types[a].rank ? "%s[%s] = wfa_ref(%s);" : "%s[%s] = %s;", pre[a], t, tot[a]);
    const char **xs = xmalloc(sizeof *xs * (size_t)(sc->nacc + 1));
    for (int a = 0; a < sc->nacc; a++)
        xs[a] = xsprintf("%s[%s]", slots[a], t);
    apply_ops(g, sc, sc->nacc, tot, xs);
    for (int a = 0; a < sc->nacc; a++)
        if (sc->acc_types[a].rank)
            cg_line(g, "wfa_unref(ctx, %s);", xs[a]);
    g->indent--;
    cg_line(g, "}");
}

/* Phase 3 (scans only): out[i] = prefix (+) out[i] in every chunk but the first; then the
 * prefixes are released. */
static void fix_up_scans(CGen *g, const Screma *sc, const char *nt, const char **pre) {
    const CStm *s = sc->s;
    Region region = par_begin(g, nt);
    const char *lo = cg_fresh(g, "lo"), *hi = cg_fresh(g, "hi"), *i = cg_fresh(g, "i");
    par_chunk(g, sc->w, nt, lo, hi);
    cg_line(g, "if (t_ > 0) for (int64_t %s = %s; %s < %s; %s++) {", i, lo, i, hi, i);
    g->indent++;
    g->depth++;
    const char *mark = scope_begin(g);
    const char **cur = xmalloc(sizeof *cur * (size_t)(sc->nscan + 1));
    const char **old = xmalloc(sizeof *old * (size_t)(sc->nscan + 1));
    for (int a = 0; a < sc->nscan; a++) {
        CType et = ctype_elem(s->pat.data[a].type);
        cur[a] = cg_fresh(g, "cur");
        old[a] = cg_elem(g, c_name(s->pat.data[a].name), et, i);
        cg_decl_init(g, et, cur[a], xsprintf("%s[t_]", pre[a]));
    }
    apply_ops(g, sc, sc->nscan, cur, old);
    for (int a = 0; a < sc->nscan; a++) {
        CType et = ctype_elem(s->pat.data[a].type);
        export_vars(g, mark, et, cur[a], sc->loc);
        if (et.rank)
            cg_line(g, "wfa_unref(ctx, %s);", old[a]);
        cg_line(g, "%s = %s;", old[a], cur[a]);
    }
    scope_end(g, mark);
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    par_end(g, region);
    const char *t = cg_fresh(g, "t");
    for (int a = 0; a < sc->nscan; a++)
        if (sc->acc_types[a].rank)
            cg_line(g, "for (int %s = 0; %s < %s; %s++) wfa_unref(ctx, %s[%s]);", t, t, nt, t, pre[a], t);
}

static void emit_screma_par(CGen *g, const Screma *sc) {
    if (emit_scan_mc(g, sc))
        return;
    const char *nt = cg_fresh(g, "nt");
    cg_line(g, "int %s = wf_mc_threads(ctx, %s);", nt, sc->w);
    alloc_outputs(g, sc);
    const char **slots = par_chunks(g, sc, nt);
    const char **tot = decl_accs(g, sc);
    const char **pre = xmalloc(sizeof *pre * (size_t)(sc->nscan + 1));
    combine_chunks(g, sc, nt, slots, tot, pre);
    if (sc->nscan > 0)
        fix_up_scans(g, sc, nt, pre);
    screma_finish(g, sc, tot);
}

/* ---- incremental flattening (versions.c): an outermost screma with inner parallelism gets
 * two versions, picked at run time by a threshold on its width ---- */

static const char *screma_kind(const Screma *sc) {
    return sc->nscan ? "segscan" : sc->nacc ? "segred" : "segmap";
}

static void emit_screma_versions(CGen *g, const Screma *sc) {
    CVersions *v = g->ver;
    if (!cg_body_has_par(sc->e->lam->body) || v->nested >= CG_MAX_VERSION_NESTING) {
        cg_plan(g, "%s at %.*s: parallel%s", screma_kind(sc), (int)strlen(sc->loc) - 2, sc->loc + 1,
                cg_body_has_par(sc->e->lam->body) ? ", inner parallelism sequential (nesting limit)" : "");
        emit_screma_par(g, sc);
        return;
    }
    int k = cg_threshold(g, "suff_outer_par", CG_SUFF_OUTER_PAR_DEFAULT);
    cg_plan(g, "%s at %.*s: two versions", screma_kind(sc), (int)strlen(sc->loc) - 2, sc->loc + 1);
    v->plan_depth++;
    cg_plan(g, "if %s <= width: parallel over the outer iterations, inner parallelism sequential", v->names.data[k]);
    cg_plan(g, "else: the outer iterations in sequence, inner parallelism:");
    cg_line(g, "if (wf_cmp_le(ctx, %d, %s)) { /* %s */", k, sc->w, v->names.data[k]);
    g->indent++;
    v->quiet++; /* the plan has said what this version is */
    emit_screma_par(g, sc);
    v->quiet--;
    g->indent--;
    cg_line(g, "} else { /* the outer iterations in sequence, their inner SOACs parallel */");
    g->indent++;
    v->plan_depth++;
    v->nested++;
    emit_screma_seq(g, sc, false);
    v->nested--;
    v->plan_depth -= 2;
    g->indent--;
    cg_line(g, "}");
}

static void emit_screma(CGen *g, const CStm *s, const char *loc) {
    Screma sc = screma_info(g, s, loc);
    cg_line(g, "{");
    g->indent++;
    cg_line(g, "int64_t %s = %s;", sc.w, cg_atom(g, s->exp->args.data[0]));
    /* weft cuda: a GPU region, possibly with this host version as its fallback */
    KgResult gpu = g->cuda && !g->scope && !g->kernel ? kg_screma(g, s, sc.w, loc) : KG_NONE;
    if (gpu != KG_DONE) {
        g->indent += gpu == KG_FALLBACK;
        if (g->multicore && !g->scope && !g->par)
            emit_screma_versions(g, &sc);
        else
            emit_screma_seq(g, &sc, true);
        if (gpu == KG_FALLBACK) {
            g->indent--;
            cg_line(g, "}");
        }
    }
    g->indent--;
    cg_line(g, "}");
}

static void emit_scatter(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const CLambda *f = e->lam;
    int nd = e->dests.len, r = f->ret.len - nd;
    for (int d = 0; d < nd; d++)
        cg_take_unique(g, c_name(s->pat.data[d].name), e->dests.data[d], loc);
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    cg_line(g, "int64_t %s = %s;", w, cg_atom(g, e->args.data[0]));
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    const char **res = decl_tmps(g, &f->ret, "r");
    const char *mark = scope_begin(g);
    cg_lambda(g, f, input_elems(g, &e->arrays, i), res);
    for (int d = 0; d < nd; d++)
        export_vars(g, mark, f->ret.data[r + d], res[r + d], loc);
    scope_end(g, mark);
    StrBuf ix = {0};
    for (int k = 0; k < r; k++)
        sb_printf(&ix, "%s%s", k ? ", " : "", res[k]);
    cg_line(g, "int64_t ix_[] = {%s};", ix.data);
    for (int d = 0; d < nd; d++) {
        const char *x = c_name(s->pat.data[d].name);
        CType vt = f->ret.data[r + d];
        cg_line(g, "if (wfa_inb(%s, %d, ix_)) {", x, r);
        g->indent++;
        cg_line(g, "void *p_ = wfa_elem_w(ctx, &%s, %d, ix_, %s);", x, r, loc);
        cg_line(g, "if (!p_) WF_FAIL(1);");
        if (vt.rank) {
            cg_line(g, "wfa *old_ = *(wfa **)p_;");
            cg_line(g, "*(wfa **)p_ = wfa_ref(%s);", res[r + d]);
            cg_line(g, "wfa_unref(ctx, old_);");
        } else {
            cg_line(g, "*(%s *)p_ = %s;", c_prim(vt.prim), res[r + d]);
        }
        g->indent--;
        cg_line(g, "}");
    }
    unref_tmps(g, &f->ret, res);
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    g->indent--;
    cg_line(g, "}");
}

static void emit_hist(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const CLambda *f = e->lam;
    const COperator *op = &e->reds.data[0];
    int nd = e->dests.len;
    for (int d = 0; d < nd; d++)
        cg_take_unique(g, c_name(s->pat.data[d].name), e->dests.data[d], loc);
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    cg_line(g, "int64_t %s = %s;", w, cg_atom(g, e->args.data[0]));
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    const char **res = decl_tmps(g, &f->ret, "r");
    const char *mark = scope_begin(g);
    cg_lambda(g, f, input_elems(g, &e->arrays, i), res);
    const char *x0 = c_name(s->pat.data[0].name);
    cg_line(g, "if (%s >= 0 && %s < %s->shape[0]) {", res[0], res[0], x0);
    g->indent++;
    const char **accs = xmalloc(sizeof *accs * (size_t)(nd + 1));
    for (int d = 0; d < nd; d++) {
        CType et = ctype_elem(s->pat.data[d].type);
        accs[d] = cg_fresh(g, "acc");
        cg_decl_init(g, et, accs[d], cg_elem(g, c_name(s->pat.data[d].name), et, res[0]));
    }
    apply_op(g, op, accs, res + 1);
    for (int d = 0; d < nd; d++) {
        CType et = ctype_elem(s->pat.data[d].type);
        const char *x = c_name(s->pat.data[d].name);
        export_vars(g, mark, et, accs[d], loc);
        if (et.rank) {
            cg_line(g, "wfa_unref(ctx, WFA_ROW(%s, %s));", x, res[0]);
            cg_line(g, "WFA_ROW(%s, %s) = %s;", x, res[0], accs[d]);
        } else {
            cg_line(g, "WFA_AT(%s, %s, %s) = %s;", c_prim(et.prim), x, res[0], accs[d]);
        }
    }
    g->indent--;
    cg_line(g, "}");
    unref_tmps(g, &f->ret, res);
    scope_end(g, mark);
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    g->indent--;
    cg_line(g, "}");
}

static void emit_filter(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    int n = e->arrays.len;
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    const char *c1 = cg_fresh(g, "c"), *c2 = cg_fresh(g, "c");
    cg_line(g, "int64_t %s = %s, %s WF_U = 0, %s WF_U = 0;", w, cg_atom(g, e->args.data[0]), c1, c2);
    for (int k = 0; k < s->pat.len; k++) {
        const char *in = cg_atom(g, e->arrays.data[k % n]);
        cg_line(g, "if (!(%s = wfa_new(ctx, %s->rank, %s->esz, %s, %s->shape + 1, %s))) WF_FAIL(1);",
                c_name(s->pat.data[k].name), in, in, w, in, loc);
    }
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    cg_line(g, "bool keep_ = false;");
    const char *dest = "keep_";
    const char **elems = input_elems(g, &e->arrays, i);
    const char *mark = scope_begin(g);
    cg_lambda(g, e->lam, elems, &dest);
    scope_end(g, mark);
    cg_line(g, "if (keep_) {");
    for (int k = 0; k < n; k++) {
        g->indent++;
        store(g, c_name(s->pat.data[k].name), ctype_elem(cg_atom_type(g, e->arrays.data[k])), c1, elems[k]);
        g->indent--;
    }
    cg_line(g, "    %s++;", c1);
    if (e->partition) {
        cg_line(g, "} else {");
        for (int k = 0; k < n; k++) {
            g->indent++;
            store(g, c_name(s->pat.data[n + k].name), ctype_elem(cg_atom_type(g, e->arrays.data[k])), c2, elems[k]);
            g->indent--;
        }
        cg_line(g, "    %s++;", c2);
    }
    cg_line(g, "}");
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    for (int k = 0; k < s->pat.len; k++) {
        const char *x = c_name(s->pat.data[k].name);
        cg_line(g, "%s->shape[0] = %s;", x, k < n ? c1 : c2);
        if (s->pat.data[k].type.rank > 1)
            cg_line(g, "wfa_fix_shape(%s);", x);
    }
    g->indent--;
    cg_line(g, "}");
}

void cg_soac(CGen *g, const CStm *s) {
    const char *loc = c_loc(s->exp->loc);
    switch (s->exp->kind) {
    case CE_SCREMA: emit_screma(g, s, loc); return;
    case CE_SCATTER: emit_scatter(g, s, loc); return;
    case CE_HIST: emit_hist(g, s, loc); return;
    case CE_FILTER: emit_filter(g, s, loc); return;
    default: die("cg_soac: kind %d", (int)s->exp->kind);
    }
}
