/* flatten.c — moderate and incremental flattening (seed 001, rules G0-G9; docs/FLATTENING.md).
 *
 * A SOAC at the top level of a function is translated in an empty map-nest context.  A map
 * pushes a level onto the context (its index, width, and its lambda's parameters bound to the
 * rows of its inputs) and its body is translated in the larger context:
 *
 *   G2  a body without inner parallelism: one segmap over the whole context (reduce and scan:
 *       segred / segscan, reducing or scanning the innermost dimension);
 *   G3  a body with inner parallelism: versions, chosen at run time by a threshold on the
 *       context's parallelism Par (the product of its widths):
 *         if Par >= FUN.suff_outer_par_K           e_top:    one segop, the inner parallelism
 *                                                            sequential
 *         else if Par(e_middle) >= FUN.suff_intra_par_K and its block fits
 *                                                  e_middle: one block per point, the body's
 *                                                            SOACs spread over the block's
 *                                                            threads (GPU only; below)
 *         else                                     e_flat:   the body distributed (below),
 *                                                            recursively
 *   G6  distribution: the body's statements are cut into groups — each statement with
 *       parallelism of its own, and the runs of other statements between them; every group
 *       becomes its own segop over the context, its results manifested as arrays expanded by
 *       the context's widths, which the later groups read back by indexing with the indices;
 *   G7  a sequential loop whose count is invariant to the context, with parallelism in its body,
 *       is interchanged with the context: the loop runs on the host over expanded arrays, its
 *       body distributed in the context;
 *   G8  an if whose condition is invariant to the context, with parallelism in a branch, goes
 *       to the host and both branches are distributed in the context;
 *   G9  a reduction with inner parallelism in its map: e_top a segred with a sequential body,
 *       e_flat the map distributed, then a segred over its results;
 *   e_middle (GPU): a map whose body's SOACs (at its top level, in its loops and ifs) all have
 *       widths known outside the map and scalar operators gets a third version: a segmap over
 *       the nest whose points run one per thread block, those SOACs turned into block segops
 *       (segmap/segred/segscan block over one dimension; src/backend/cuda/block.c), guarded by
 *       Par times the widest of them against FUN.suff_intra_par_K and that width <= 1024.
 *
 * A segop's body starts by binding what it reads: the context's lambda parameters (rows of
 * the levels' inputs; the index itself for an iota input) and the expanded arrays of earlier
 * groups, indexed by the segop's indices.  Versions are clones with fresh names (clone.c), so
 * every variable stays bound once.  SOACs that cannot be segops here — a width that varies
 * inside the nest (irregular, but for irregular.c's shapes at the top of a nest), scatter,
 * hist, filter, screma mixing scans and reductions — run sequentially inside the enclosing
 * segop, or stay as they are at the top level.  A concatenation or copy of arrays of scalars
 * in the body of a map at the top of a nest (an array literal of rows, src/flatten/jagged.c),
 * and a view the map returns as a row of a result whose rows vary (a filter of rows of a
 * jagged array), becomes a map over the positions of its result first (concats_as_maps), so
 * that the nest is irregular.c's: the rows copied element-wise (on the GPU, a concatenation
 * at the top level too).
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

/* Versioned maps nest at most this deep (each level: an outer version, one segop, beside the
 * flattened one; the code grows by one copy of the rest per level).  4: quickhull's map over
 * the edges is binned (1), its if split by rule 8 (2), and the else branch's filters (3) leave
 * the concatenation of their rows (4) to be flattened in turn. */
#define MAX_VERSION_NESTING 4
#define SUFF_OUTER_CPU 16    /* enough outer parallelism for the cores of a big CPU */
#define SUFF_OUTER_GPU 32768 /* enough threads to fill a GPU */
/* An irregular map on the GPU: the outer version keeps total/longest threads busy, and needs
 * about half of an H200's 270k resident threads to beat the flattened one: on an H200, segsum's
 * skewed rows (total/longest 32000) ran 2.96 ms flattened against 3.19 outer, its uniform rows
 * (1.35e6) 1.58 against 0.79 (docs/PERFORMANCE.md, issue 21). */
#define SUFF_IRREGULAR_GPU 131072
/* A binned map's elements that make its bins worth more than its flattened version: any
 * number.  One bin of a block runs one element's steps without leaving the kernel, where the
 * flattened version launches kernels for each of its loop's steps; only tuning finds
 * portfolios of a few elements too wide for a block each that the latter serves better. */
#define SUFF_BINS_GPU 0
/* A binned map whose elements are many and alike enough (bins_balance: their mean work over
 * the largest, in percent) takes its outer version.  On an H200 (docs/PERFORMANCE.md, issue 29)
 * with the outer version launched as a heavy map (blocks of 64, rts/flat_dev.cuh), a Hull-White
 * portfolio of identical instruments (balance 100) ran outer in 187 ms at 10^3 and 3000
 * instruments (the time of one instrument's steps) and 233 ms at 10^4, binned in 62, 138 and
 * 399 ms (linear in the instruments): even at about 4000; a random portfolio (balance ~25)
 * ran 2.06x slower outer at 10^4 (a warp waits for its widest), skewed ones 10x-66x. */
#define SUFF_OUTER_BINNED_GPU 4096
#define SUFF_BALANCE_BINNED_GPU 80
#define SUFF_INTRA_GPU 33554432 /* blocks times threads; high: measured block-level versions often lose (docs/FLATTENING.md) */
#define MAX_BLOCK_THREADS 1024

typedef struct {
    const char *index; /* unused: every segop names its own indices */
    CAtom width;
    CParamVec params;  /* bound to the rows of arrays */
    CAtomVec arrays;
} Level;

typedef struct {
    const char *name; /* the expanded array (a host variable) */
    int depth;        /* how many levels it is expanded by */
    CType type;       /* of the variable it expands */
} Expanded;

typedef struct {
    Vec(Level) levels;
    OMap expanded; /* variable -> Expanded * */
    OMap bound;    /* every variable bound inside the nest: not invariant */
} Ctx;

typedef struct {
    CProg *prog;
    const CFun *fun;
    FlattenTarget target;
    int nesting;  /* versioned maps around the current one */
    int no_bins;  /* inside the flattened sibling of a binned map: no bins (again) */
    OMap iotas;   /* variables bound by iota */
    OMap types;   /* every variable of the function -> CType * */
    OMap defs;    /* every variable bound alone -> the CExp * binding it */
} F;

/* ------------------------------------------------------------------ helpers */

static bool body_par(const CBody *b);

static bool exp_par(const CExp *e) {
    switch (e->kind) {
    case CE_SCREMA: return true;
    case CE_IF: return body_par(e->body) || body_par(e->body2);
    case CE_LOOP: return body_par(e->body);
    default: return false;
    }
}

static bool body_par(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_par(b->stms.data[i].exp))
            return true;
    return false;
}

static int depth(const Ctx *c) { return c->levels.len; }

static bool invariant(const Ctx *c, CAtom a) { return a.kind == CA_CONST || !omap_has(&c->bound, a.var); }

/* Whether values of type t can be expanded by the nest into a regular array: every dimension
 * known and the same at every point of the nest. */
static bool expandable(const Ctx *c, CType t) {
    for (int i = 0; i < t.rank; i++)
        if (t.dims[i].kind == CDIM_ANY || (t.dims[i].kind == CDIM_VAR && omap_has(&c->bound, t.dims[i].var)))
            return false;
    return true;
}

static bool pat_expandable(const Ctx *c, const CParamVec *pat) {
    for (int i = 0; i < pat->len; i++)
        if (!expandable(c, pat->data[i].type))
            return false;
    return true;
}

static void mark_bound(Ctx *c, const char *v) { omap_put(&c->bound, v, (void *)1); }

/* At depth 0 nothing is inside a nest: what a host statement binds is invariant to every nest
 * after it (a map over the total points of an irregular nest, whose total an earlier segred
 * computes, is a parallel statement of its own). */
static void mark_pat(Ctx *c, const CParamVec *pat) {
    if (depth(c) == 0)
        return;
    for (int i = 0; i < pat->len; i++)
        mark_bound(c, pat->data[i].name);
}

static CType type_of(F *f, CAtom a) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType *t = omap_get(&f->types, a.var);
    if (!t)
        die("flatten: no type for %s", a.var);
    return *t;
}

/* t with the widths of the first d levels of c in front. */
static CType expand_type(const Ctx *c, int d, CType t) {
    CType r = ctype_copy(t);
    r.unique = false;
    for (int k = d - 1; k >= 0; k--)
        r = ctype_outer(cdim_of_atom(c->levels.data[k].width), r);
    return r;
}

/* The pattern a statement at depth(c) binds on the host: fresh names of the expanded types (at
 * depth 0: pat itself). */
static CParamVec expand_pat(Ctx *c, const CParamVec *pat) {
    int d = depth(c);
    if (d == 0)
        return *pat;
    CParamVec out = {0};
    for (int i = 0; i < pat->len; i++) {
        CParam p = pat->data[i];
        vec_push(&out, ((CParam){opt_fresh(p.name), expand_type(c, d, p.type)}));
    }
    return out;
}

/* Record xs as the expansions of pat's variables (after the statement binding them). */
static void record(Ctx *c, const CParamVec *pat, const CParamVec *xs) {
    int d = depth(c);
    if (d == 0)
        return;
    for (int i = 0; i < pat->len; i++) {
        Expanded *e = xmalloc(sizeof *e);
        *e = (Expanded){xs->data[i].name, d, pat->data[i].type};
        omap_put(&c->expanded, pat->data[i].name, e);
    }
}

/* The same names as pat, renamed (another version binds the same things). */
static CParamVec rename_pat(const CParamVec *pat) {
    CParamVec out = {0};
    for (int i = 0; i < pat->len; i++)
        vec_push(&out, ((CParam){opt_fresh(pat->data[i].name), pat->data[i].type}));
    return out;
}

static CAtomVec pat_atoms(const CParamVec *pat) {
    CAtomVec out = {0};
    for (int i = 0; i < pat->len; i++)
        vec_push(&out, catom_var(pat->data[i].name));
    return out;
}

static void let1(CBody *out, const char *name, CType t, CExp *e) {
    CParamVec pat = {0};
    vec_push(&pat, ((CParam){name, t}));
    cbody_let(out, pat, e);
}

/* index arr [i0, ..., i(n-1)] */
static CExp *index_exp(CAtom arr, const char **idx, int n, Loc loc) {
    CExp *e = cexp_new(CE_INDEX, loc);
    vec_push(&e->args, arr);
    for (int k = 0; k < n; k++) {
        CIndex x = {false, catom_var(idx[k]), {0}, {0}};
        vec_push(&e->slice, x);
    }
    return e;
}

static CExp *atom_exp(CAtom a, Loc loc) {
    CExp *e = cexp_new(CE_ATOM, loc);
    vec_push(&e->args, a);
    return e;
}

/* A host variable holding the product of the widths of c's first d levels. */
static CAtom par_of(Ctx *c, int d, CBody *out, Loc loc) {
    CAtom acc = catom_int(PRIM_I64, 1);
    for (int k = 0; k < d; k++) {
        CAtom w = c->levels.data[k].width;
        if (acc.kind == CA_CONST && acc.ival == 1) {
            acc = w;
            continue;
        }
        CExp *m = cexp_new(CE_OP, loc);
        m->op = COP_MUL;
        m->prim = PRIM_I64;
        vec_push(&m->args, acc);
        vec_push(&m->args, w);
        const char *n = opt_fresh("par");
        let1(out, n, ctype_prim(PRIM_I64), m);
        acc = catom_var(n);
    }
    return acc;
}

static int new_threshold(F *f, const char *kind, int64_t dflt) {
    int k = f->prog->thresholds.len;
    CThreshold t = {xsprintf("%s.%s_%d", f->fun->name, kind, k), dflt, false};
    vec_push(&f->prog->thresholds, t);
    return k;
}

/* let NAME: bool = threshold "FUN.KIND_K" par, for a new threshold K defaulting to dflt; returns NAME. */
static const char *threshold_guard(F *f, const char *kind, int64_t dflt, CAtom par, CBody *out, Loc loc) {
    int k = new_threshold(f, kind, dflt);
    CExp *th = cexp_new(CE_THRESHOLD, loc);
    th->dim = k;
    th->msg = f->prog->thresholds.data[k].name;
    vec_push(&th->args, par);
    const char *cond = opt_fresh("suff");
    let1(out, cond, ctype_prim(PRIM_BOOL), th);
    return cond;
}

/* ------------------------------------------------------------------ manifesting a segop */

/* The statements that bind, at the start of a segop over the first d levels of c (with the
 * indices idx), the variables of the nest that body reads: expanded arrays indexed by the
 * indices, then the levels' parameters (rows of their inputs, or the index for an iota input).
 * Every binding gets a fresh name, recorded in subst for the body. */
static void bindings(F *f, Ctx *c, int d, const CBody *body, const char **idx, OMap *subst, CBody *out, Loc loc) {
    OMap need = {0};
    opt_count_body((CBody *)body, &need);
    for (int j = d - 1; j >= 0; j--) {
        Level *L = &c->levels.data[j];
        for (int k = 0; k < L->params.len; k++)
            if (omap_has(&need, L->params.data[k].name) && L->arrays.data[k].kind == CA_VAR)
                omap_put(&need, L->arrays.data[k].var, (void *)1);
    }
    for (int k = 0; k < need.cap; k++) {
        if (!need.keys[k])
            continue;
        Expanded *x = omap_get(&c->expanded, need.keys[k]);
        if (!x || x->depth > d)
            continue;
        const char *v = opt_fresh(need.keys[k]);
        let1(out, v, x->type, index_exp(catom_var(x->name), idx, x->depth, loc));
        CAtom *a = xmalloc(sizeof *a);
        *a = catom_var(v);
        omap_put(subst, need.keys[k], a);
    }
    for (int j = 0; j < d; j++) {
        Level *L = &c->levels.data[j];
        for (int k = 0; k < L->params.len; k++) {
            CParam p = L->params.data[k];
            CAtom arr = L->arrays.data[k];
            if (!omap_has(&need, p.name))
                continue;
            const char *v = opt_fresh(p.name);
            if (arr.kind == CA_VAR && omap_has(&f->iotas, arr.var)) {
                let1(out, v, p.type, atom_exp(catom_var(idx[j]), loc));
            } else {
                CAtom *r = arr.kind == CA_VAR ? omap_get(subst, arr.var) : NULL;
                let1(out, v, p.type, index_exp(r ? *r : arr, &idx[j], 1, loc));
            }
            CAtom *a = xmalloc(sizeof *a);
            *a = catom_var(v);
            omap_put(subst, p.name, a);
        }
    }
}

static void manifest_concat(F *f, Ctx *c, int d, SegKind kind, const COperatorVec *ops, CBody *group, CParamVec pat,
                            const CAtomVec *offsets, CBody *out, Loc loc);

/* let pat = segop KIND over the first d levels of c, running group's statements per point and
 * returning its results (for segred/segscan, the first feed ops).  The group's statements are
 * moved into the segop (renamed to the bindings' fresh names in place). */
static void manifest(F *f, Ctx *c, int d, SegKind kind, const COperatorVec *ops, CBody *group, CParamVec pat,
                     CBody *out, Loc loc) {
    manifest_concat(f, c, d, kind, ops, group, pat, NULL, out, loc);
}

/* On the GPU a reduction or scan over several levels whose points allocate arrays (a quote
 * priced per point, say) runs in two segops: a segmap computing each point's operands (and map
 * results), its points given arenas as any segmap's, then the reduction or scan of the stored
 * operands, which allocates nothing.  As one segop it could not be a kernel (kernels.c gives
 * no arenas to the points of a reduction over several dimensions) and would run on the host. */
static bool operands_first(F *f, int d, SegKind kind, const CAtomVec *offsets, const CBody *group) {
    return f->target == FLATTEN_GPU && kind != SEG_MAP && d >= 2 && !offsets && opt_body_may_allocate(group);
}

/* The type of a result of group: bound by one of its statements, a level's parameter, an
 * expanded value read back at the point, or known to f. */
static CType group_result_type(F *f, Ctx *c, const CBody *group, CAtom a) {
    if (a.kind != CA_VAR)
        return type_of(f, a);
    for (int i = 0; i < group->stms.len; i++)
        for (int j = 0; j < group->stms.data[i].pat.len; j++)
            if (!strcmp(group->stms.data[i].pat.data[j].name, a.var))
                return group->stms.data[i].pat.data[j].type;
    for (int k = 0; k < c->levels.len; k++)
        for (int j = 0; j < c->levels.data[k].params.len; j++)
            if (!strcmp(c->levels.data[k].params.data[j].name, a.var))
                return c->levels.data[k].params.data[j].type;
    Expanded *x = omap_get(&c->expanded, a.var);
    return x ? x->type : type_of(f, a);
}

static void manifest_operands_first(F *f, Ctx *c, int d, SegKind kind, const COperatorVec *ops, CBody *group,
                                    CParamVec pat, CBody *out, Loc loc) {
    int nops = coperators_results(ops);
    CParamVec mpat = {0};
    CTypeVec ts = {0};
    for (int j = 0; j < nops; j++) {
        vec_push(&ts, group_result_type(f, c, group, group->result.data[j]));
        vec_push(&mpat, ((CParam){opt_fresh("operand"), expand_type(c, d, ts.data[j])}));
        CType *t = xmalloc(sizeof *t);
        *t = mpat.data[j].type;
        omap_put(&f->types, mpat.data[j].name, t);
    }
    for (int j = nops; j < pat.len; j++)
        vec_push(&mpat, pat.data[j]);
    manifest_concat(f, c, d, SEG_MAP, NULL, group, mpat, NULL, out, loc);
    CBody *g = cbody_new();
    CParamVec opat = {0};
    for (int j = 0; j < nops; j++) { /* each operand read back at its point */
        const char *v = opt_fresh("elem");
        Expanded *x = xmalloc(sizeof *x);
        *x = (Expanded){mpat.data[j].name, d, ts.data[j]};
        omap_put(&c->expanded, v, x);
        vec_push(&g->result, catom_var(v));
        vec_push(&opat, pat.data[j]);
    }
    manifest_concat(f, c, d, kind, ops, g, opat, NULL, out, loc);
}

/* manifest, the map results concatenated by offsets (CExp.offsets) where given */
static void manifest_concat(F *f, Ctx *c, int d, SegKind kind, const COperatorVec *ops, CBody *group, CParamVec pat,
                            const CAtomVec *offsets, CBody *out, Loc loc) {
    if (operands_first(f, d, kind, offsets, group)) {
        manifest_operands_first(f, c, d, kind, ops, group, pat, out, loc);
        return;
    }
    CExp *e = cexp_new(CE_SEGOP, loc);
    if (offsets)
        e->offsets = *offsets;
    e->seg = kind;
    e->level = SEG_GRID;
    const char **idx = xmalloc(sizeof *idx * (size_t)(d + 1));
    for (int j = 0; j < d; j++) {
        idx[j] = opt_fresh("gtid");
        vec_push(&e->params, ((CParam){idx[j], ctype_prim(PRIM_I64)}));
        vec_push(&e->args, c->levels.data[j].width);
    }
    if (kind == SEG_RED)
        e->reds = *ops;
    else if (kind == SEG_SCAN)
        e->scans = *ops;
    CBody *b = cbody_new();
    OMap subst = {0};
    bindings(f, c, d, group, idx, &subst, b, loc);
    opt_subst_body(group, &subst);
    for (int i = 0; i < group->stms.len; i++)
        vec_push(&b->stms, group->stms.data[i]);
    b->result = group->result;
    e->body = b;
    cbody_let(out, pat, e);
}

/* An atom's expansion over all of c: its expanded array when it has one of that depth, else a
 * segmap that replicates (or copies) it. */
static CAtom expanded_atom(F *f, Ctx *c, CAtom a, CBody *out, Loc loc) {
    int d = depth(c);
    Expanded *x = a.kind == CA_VAR ? omap_get(&c->expanded, a.var) : NULL;
    if (x && x->depth == d)
        return catom_var(x->name);
    CBody *g = cbody_new();
    vec_push(&g->result, a);
    CParamVec pat = {0};
    vec_push(&pat, ((CParam){opt_fresh(a.kind == CA_VAR ? a.var : "rep"), expand_type(c, d, type_of(f, a))}));
    manifest(f, c, d, SEG_MAP, NULL, g, pat, out, loc);
    return catom_var(pat.data[0].name);
}

/* ------------------------------------------------------------------ the rules */

static void nest_stm(F *f, Ctx *c, const CStm *s, CBody *out);
static CAtomVec distribute(F *f, Ctx *c, const CBody *body, CBody *out);

static CBody *host_body(F *f, const CBody *b) {
    Ctx c = {0};
    CBody *out = cbody_new();
    for (int i = 0; i < b->stms.len; i++)
        nest_stm(f, &c, &b->stms.data[i], out);
    out->result = b->result;
    return out;
}

static SegKind soac_kind(const CExp *e) { return e->scans.len ? SEG_SCAN : e->reds.len ? SEG_RED : SEG_MAP; }

static const COperatorVec *soac_ops(const CExp *e) { return e->scans.len ? &e->scans : &e->reds; }

/* Whether the statement is one distribution keeps apart, to flatten it further. */
static bool par_stm(const Ctx *c, const CStm *s) {
    const CExp *e = s->exp;
    if (depth(c) > 0 && !pat_expandable(c, &s->pat))
        return false;
    switch (e->kind) {
    case CE_SCREMA: /* operators that vary per element stay in the element's thread (irr_ops_use) */
        return invariant(c, e->args.data[0]) && !irr_ops_use(&e->scans, &c->bound) && !irr_ops_use(&e->reds, &c->bound);
    case CE_LOOP: {
        if (!e->index || !invariant(c, e->bound) || !body_par(e->body))
            return false;
        for (int i = 0; i < e->params.len; i++)
            if (!expandable(c, e->params.data[i].type))
                return false;
        return true;
    }
    case CE_IF: return invariant(c, e->args.data[0]) && (body_par(e->body) || body_par(e->body2));
    default: return false;
    }
}

/* G2 / e_top: the SOAC as one segop over c + its level, its lambda's body per point. */
static void soac_segop(F *f, Ctx *c, const CExp *e, const CLambda *lam, const COperatorVec *ops, CParamVec pat,
                       CBody *out) {
    Level L = {NULL, e->args.data[0], lam->params, e->arrays};
    vec_push(&c->levels, L);
    manifest_concat(f, c, depth(c), soac_kind(e), ops, lam->body, pat, e->offsets.len ? &e->offsets : NULL, out, e->loc);
    c->levels.len--;
}

/* e_flat: the lambda's body distributed in c + its level; a reduction or scan (G9) then runs
 * over the expanded results. */
static void soac_flat(F *f, Ctx *c, const CStm *s, CParamVec pat, CBody *out) {
    const CExp *e = s->exp;
    Level L = {NULL, e->args.data[0], e->lam->params, e->arrays};
    for (int i = 0; i < L.params.len; i++)
        mark_bound(c, L.params.data[i].name);
    vec_push(&c->levels, L);
    int d = depth(c);
    CAtomVec ys = distribute(f, c, e->lam->body, out);
    SegKind kind = soac_kind(e);
    if (kind == SEG_MAP) {
        for (int j = 0; j < pat.len; j++)
            let1(out, pat.data[j].name, pat.data[j].type, atom_exp(ys.data[j], e->loc));
    } else {
        const COperatorVec *ops = soac_ops(e);
        int nops = coperators_results(ops);
        /* the operators over the expanded values, read back per point */
        CBody *g = cbody_new();
        CParamVec opat = {0};
        for (int j = 0; j < nops; j++) {
            const char *v = opt_fresh("elem");
            Expanded *x = xmalloc(sizeof *x);
            *x = (Expanded){ys.data[j].var, d, e->lam->ret.data[j]};
            if (ys.data[j].kind != CA_VAR)
                die("flatten: an expanded value that is not a variable");
            omap_put(&c->expanded, v, x);
            vec_push(&g->result, catom_var(v));
            vec_push(&opat, pat.data[j]);
        }
        manifest(f, c, d, kind, ops, g, opat, out, e->loc);
        for (int j = nops; j < pat.len; j++)
            let1(out, pat.data[j].name, pat.data[j].type, atom_exp(ys.data[j], e->loc));
    }
    c->levels.len--;
}

/* ------------------------------------------------------------------ e_middle (GPU) */

/* Every variable bound inside lam: its parameters, its statements' patterns and what their
 * bodies and lambdas bind. */
static void lambda_bound(const CLambda *lam, OMap *out) {
    for (int i = 0; i < lam->params.len; i++)
        omap_put(out, lam->params.data[i].name, (void *)1);
    for (int i = 0; i < lam->body->stms.len; i++) {
        const CStm *s = &lam->body->stms.data[i];
        for (int j = 0; j < s->pat.len; j++)
            omap_put(out, s->pat.data[j].name, (void *)1);
        opt_bound_exp(s->exp, out);
    }
}


typedef struct {
    const Ctx *c;
    const OMap *inner; /* bound inside the map's lambda */
    CAtomVec *widths;
} IntraWidths;

/* e_middle: a block segop's width invariant to the nest and to the map's lambda (known on the
 * host), collected. */
static bool intra_width_ok(const CExp *e, void *arg) {
    IntraWidths *iw = arg;
    CAtom w = e->args.data[0];
    if (w.kind == CA_VAR && (omap_has(&iw->c->bound, w.var) || omap_has(iw->inner, w.var)))
        return false;
    vec_push(iw->widths, w);
    return true;
}

/* Whether body b can run at block level with its widths known on the host (block_level_ok;
 * collected in widths).  Their lambdas run in one thread each. */
static bool intra_ok(const Ctx *c, const OMap *inner, const CBody *b, CAtomVec *widths) {
    IntraWidths iw = {c, inner, widths};
    return block_level_ok(b, false, intra_width_ok, &iw);
}

/* The block-level form of a (cloned) body that intra_ok accepted: its scremas become block
 * segops, in its loops and ifs too; everything else runs in every thread of the block. */
static void blockify(CBody *b) {
    Vec(CStm) out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CStm s = b->stms.data[i];
        CExp *e = s.exp;
        if (e->kind == CE_SCREMA && e->scans.len && e->reds.len) {
            CStm a, r;
            cb_split_screma(&s, &a, &r);
            vec_push(&out, block_segop(&a, NULL));
            vec_push(&out, block_segop(&r, NULL));
        } else if (e->kind == CE_SCREMA) {
            vec_push(&out, block_segop(&s, NULL));
        } else {
            if (e->kind == CE_LOOP || e->kind == CE_IF)
                blockify(e->body);
            if (e->kind == CE_IF)
                blockify(e->body2);
            vec_push(&out, s);
        }
    }
    b->stms.data = out.data;
    b->stms.len = out.len;
    b->stms.cap = out.cap;
}

/* let name: t = OP a b (on the host) */
static CAtom host_op(CBody *out, COp op, PrimType prim, CType t, CAtom a, CAtom b, const char *base, Loc loc) {
    CExp *m = cexp_new(CE_OP, loc);
    m->op = op;
    m->prim = prim;
    vec_push(&m->args, a);
    vec_push(&m->args, b);
    const char *n = opt_fresh(base);
    let1(out, n, t, m);
    return catom_var(n);
}

/* e_middle: the map over c + this level, one block per point, the body of lam (a clone of its
 * lambda, made before e_flat renamed the original in place) at block level; or NULL when the
 * body does not fit that form.  *cond becomes the guard, computed into out:
 * Par(e_middle) >= FUN.suff_intra_par_K, where Par(e_middle) is outer_par (the points of c +
 * this level: one block each) times the block's threads (the widest block-level SOAC), and
 * those threads at most MAX_BLOCK_THREADS (its arrays go to shared memory while they fit). */
static CBody *soac_middle(F *f, Ctx *c, const CExp *e, CLambda *lam, CAtom outer_par, CParamVec pat, CAtom *cond,
                          CBody *out) {
    OMap inner = {0};
    lambda_bound(lam, &inner);
    CAtomVec widths = {0};
    if (!intra_ok(c, &inner, lam->body, &widths) || widths.len == 0)
        return NULL;
    CAtom intra = widths.data[0];
    for (int i = 1; i < widths.len; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = catom_eq(widths.data[j], widths.data[i]);
        if (!seen)
            intra = host_op(out, COP_MAX, PRIM_I64, ctype_prim(PRIM_I64), intra, widths.data[i], "intra", e->loc);
    }
    /* Par(e_middle): the blocks (the points of c + this level) times their threads */
    CAtom par = host_op(out, COP_MUL, PRIM_I64, ctype_prim(PRIM_I64), outer_par, intra, "par", e->loc);
    const char *suff = threshold_guard(f, "suff_intra_par", SUFF_INTRA_GPU, par, out, e->loc);
    CAtom fits = host_op(out, COP_LE, PRIM_I64, ctype_prim(PRIM_BOOL), intra, catom_int(PRIM_I64, MAX_BLOCK_THREADS),
                         "fits", e->loc);
    *cond = host_op(out, COP_AND, PRIM_BOOL, ctype_prim(PRIM_BOOL), catom_var(suff), fits, "intra_ok", e->loc);
    blockify(lam->body);
    CBody *mid = cbody_new();
    CParamVec mpat = rename_pat(&pat);
    soac_segop(f, c, e, lam, NULL, mpat, mid);
    mid->result = pat_atoms(&mpat);
    return mid;
}

/* Whether e_flat would find anything to distribute in the SOAC's body: a statement with
 * parallelism of its own in c + the SOAC's level (an inner SOAC of invariant width, a loop or if
 * G7 / G8 take).  When none is, e_flat would be e_top again (irregular inner parallelism: it
 * runs sequentially in either), so no versions are made. */
static bool distributable(Ctx *c, const CExp *e) {
    Level L = {NULL, e->args.data[0], e->lam->params, e->arrays};
    for (int i = 0; i < L.params.len; i++)
        mark_bound(c, L.params.data[i].name);
    vec_push(&c->levels, L);
    bool found = false;
    const CBody *b = e->lam->body;
    for (int i = 0; i < b->stms.len && !found; i++) {
        found = par_stm(c, &b->stms.data[i]);
        mark_pat(c, &b->stms.data[i].pat);
    }
    c->levels.len--;
    return found;
}

static void collect(F *f, const CBody *b);

/* let pat = if cond then the map s as one segop (each element's inner parallelism in its
 * thread) else other (a body binding fresh names, its results pat's). */
/* let pat = if cond then yes else no: two versions, each binding fresh names as its results. */
static void let_versions(CBody *out, CParamVec pat, const char *cond, CBody *yes, CBody *no, Loc loc) {
    CExp *v = cexp_new(CE_IF, loc);
    vec_push(&v->args, catom_var(cond));
    v->body = yes;
    v->body2 = no;
    cbody_let(out, pat, v);
}

static void outer_or(F *f, Ctx *c, const CStm *s, const char *cond, CBody *other, CParamVec pat, CBody *out) {
    const CExp *e = s->exp;
    CBody *top = cbody_new();
    CParamVec tpat = rename_pat(&pat);
    soac_segop(f, c, e, core_clone_lambda(e->lam), soac_ops(e), tpat, top);
    top->result = pat_atoms(&tpat);
    let_versions(out, pat, cond, top, other, e->loc);
}

/* let pat = if cond then the map s as one segop (each element's inner parallelism in its
 * thread) else fl, host statements of its flattened version binding fpat, flattened in turn (a
 * filter's offsets and rest, an if's sides, a loop's body: maps, maybe irregular nests again). */
static void outer_or_flat(F *f, Ctx *c, const CStm *s, const char *cond, CBody *fl, CParamVec fpat, CParamVec pat,
                          CBody *out) {
    CBody *flat = cbody_new();
    collect(f, fl);
    f->nesting++;
    for (int i = 0; i < fl->stms.len; i++)
        nest_stm(f, c, &fl->stms.data[i], flat);
    f->nesting--;
    opt_drop_dead_iotas(flat);
    flat->result = pat_atoms(&fpat);
    outer_or(f, c, s, cond, flat, pat, out);
}

/* An irregular map at the top level (irregular.c): if the outer version keeps enough threads
 * busy (the total work over the largest element's, times what a flattened point costs more on
 * the CPU, >= FUN.suff_outer_par_K) it, else the map flattened by elements. */
static void nest_irregular(F *f, Ctx *c, const CStm *s, IrrMatch *m, CParamVec pat, CBody *out) {
    const CExp *e = s->exp;
    /* the segment descriptor (widths, offsets, the largest width) is itself parallel work:
     * flattened like the program's own statements, not left to run on the host */
    CBody *pre = cbody_new();
    CBuild host = {pre, e->loc, &f->types};
    CAtom par = irr_prepare(m, &host, &f->iotas);
    collect(f, pre); /* its types, and its iota (read through the segmap's index, never built) */
    for (int i = 0; i < pre->stms.len; i++)
        nest_stm(f, c, &pre->stms.data[i], out);
    int64_t cost = f->target == FLATTEN_GPU ? 1 : irr_cpu_cost(m);
    if (cost > 1)
        par = host_op(out, COP_MUL, PRIM_I64, ctype_prim(PRIM_I64), par, catom_int(PRIM_I64, cost), "par", e->loc);
    const char *cond = threshold_guard(f, "suff_outer_par", f->target == FLATTEN_GPU ? SUFF_IRREGULAR_GPU : SUFF_OUTER_CPU,
                                       par, out, e->loc);
    CBody *fl = cbody_new();
    CParamVec fpat = rename_pat(&pat);
    CBuild fb = {fl, e->loc, &f->types};
    irr_flatten(m, &fb, &f->iotas, fpat);
    outer_or_flat(f, c, s, cond, fl, fpat, pat, out);
}

/* A map whose body runs an if with a per-element condition or a loop with per-element counts,
 * with parallelism inside (irr_control.c, seed 004's rules 8 and 9): if the elements are enough
 * for one thread each (n >= FUN.suff_outer_par_K) the outer version, else the elements split by
 * the condition (packed by activity, each iteration) and each side flattened in turn. */
static void nest_control(F *f, Ctx *c, const CStm *s, IrrCtl *m, CParamVec pat, CBody *out) {
    const CExp *e = s->exp;
    CBody *pre = cbody_new();
    CBuild host = {pre, e->loc, &f->types};
    CAtom per_unit = irr_control_prepare(m, &host, &f->iotas);
    collect(f, pre);
    for (int i = 0; i < pre->stms.len; i++)
        nest_stm(f, c, &pre->stms.data[i], out);
    const char *cond = threshold_guard(f, "suff_outer_par", f->target == FLATTEN_GPU ? SUFF_OUTER_GPU : SUFF_OUTER_CPU,
                                       e->args.data[0], out, e->loc);
    if (per_unit.kind == CA_VAR && per_unit.var) { /* a loop: or too little work per host iteration */
        const char *few = threshold_guard(f, "suff_outer_par", 1, per_unit, out, e->loc);
        cond = host_op(out, COP_OR, PRIM_BOOL, ctype_prim(PRIM_BOOL), catom_var(cond), catom_var(few), "suff", e->loc).var;
    }
    CBody *fl = cbody_new();
    CParamVec fpat = rename_pat(&pat);
    CBuild fb = {fl, e->loc, &f->types};
    irr_control_flatten(m, &fb, &f->iotas, fpat);
    outer_or_flat(f, c, s, cond, fl, fpat, pat, out);
}

static void collect_lambda(F *f, const CLambda *l);

/* The binned version of map s (bins.c): one block per bin of elements (packed by the run
 * time from the inspector's widths and counts), each element's inner SOACs over its own
 * threads; binding bpat. */
static CBody *binned_version(F *f, Ctx *c, const CStm *s, CAtom widths, CAtom counts, CParamVec bpat) {
    const CExp *e = s->exp;
    CBody *bin = cbody_new();
    CLambda *lam = core_clone_lambda(e->lam);
    collect_lambda(f, lam);
    bins_blockify(lam, &f->types, &f->iotas, e->loc);
    opt_drop_dead_iotas(lam->body);
    soac_segop(f, c, e, lam, NULL, bpat, bin);
    CExp *seg = bin->stms.data[bin->stms.len - 1].exp;
    seg->binned = true;
    seg->bins[0] = widths;
    seg->bins[1] = counts;
    bin->result = pat_atoms(&bpat);
    return bin;
}

/* Map s flattened as if bins did not take it (irr_split.c, irr_control.c, irregular.c: seed
 * 004's rules, their own versions inside), binding fpat. */
static CBody *unbinned_version(F *f, Ctx *c, const CStm *s, CParamVec fpat) {
    CExp *e = xmalloc(sizeof *e);
    *e = *s->exp;
    e->lam = core_clone_lambda(s->exp->lam);
    CBody *one = cbody_new(), *fl = cbody_new();
    cbody_let(one, fpat, e);
    collect(f, one);
    f->no_bins++;
    f->nesting++;
    nest_stm(f, c, &one->stms.data[0], fl);
    f->nesting--;
    f->no_bins--;
    opt_drop_dead_iotas(fl);
    fl->result = pat_atoms(&fpat);
    return fl;
}

/* Seed 000 (bins.c), three versions, after the inspector (each element's width and loop
 * count, a map of its own): if the elements are many (n >= FUN.suff_outer_par_K) and alike
 * (bins_balance >= FUN.suff_outer_par_K') the outer version, else if they are enough for bins
 * (n >= FUN.suff_bins_par_K; by default always) the map binned, else flattened by seed 004's
 * rules (what `weft autotune` may pick where a few elements are too wide for a block each). */
static void nest_binned(F *f, Ctx *c, const CStm *s, BinsMatch *m, CParamVec pat, CBody *out) {
    const CExp *e = s->exp;
    CBody *pre = cbody_new();
    CBuild pb = {pre, e->loc, &f->types};
    CAtom widths, counts, balance;
    bins_inspector(m, &pb, &widths, &counts, &balance);
    collect(f, pre);
    for (int i = 0; i < pre->stms.len; i++)
        nest_stm(f, c, &pre->stms.data[i], out);
    const char *alike = threshold_guard(f, "suff_outer_par", SUFF_BALANCE_BINNED_GPU, balance, out, e->loc);
    const char *many = threshold_guard(f, "suff_outer_par", SUFF_OUTER_BINNED_GPU, e->args.data[0], out, e->loc);
    const char *cond =
        host_op(out, COP_AND, PRIM_BOOL, ctype_prim(PRIM_BOOL), catom_var(many), catom_var(alike), "suff", e->loc).var;
    const char *binned = threshold_guard(f, "suff_bins_par", SUFF_BINS_GPU, e->args.data[0], out, e->loc);
    CParamVec ipat = rename_pat(&pat);
    CBody *inner = cbody_new();
    let_versions(inner, ipat, binned, binned_version(f, c, s, widths, counts, rename_pat(&pat)),
                 unbinned_version(f, c, s, rename_pat(&pat)), e->loc);
    inner->result = pat_atoms(&ipat);
    outer_or(f, c, s, cond, inner, pat, out);
}

/* The binned version's match of screma e at the top of the nest on the GPU (bins.c), or NULL. */
static BinsMatch *bins_of(F *f, Ctx *c, const CExp *e) {
    if (f->target != FLATTEN_GPU || f->no_bins || depth(c) != 0 || f->nesting >= MAX_VERSION_NESTING)
        return NULL;
    return bins_match(e);
}

/* A screma whose width is invariant to c: G2, or G3 / G9 versions. */
static void nest_soac(F *f, Ctx *c, const CStm *s, CBody *out) {
    const CExp *e = s->exp;
    CParamVec pat = expand_pat(c, &s->pat);
    record(c, &s->pat, &pat);
    mark_pat(c, &s->pat);
    IrrMatch *irr = depth(c) == 0 && f->nesting < MAX_VERSION_NESTING ? irr_match(e, &f->types, &f->defs) : NULL;
    if (irr) {
        nest_irregular(f, c, s, irr, pat, out);
        return;
    }
    BinsMatch *bins = bins_of(f, c, e);
    if (bins) {
        nest_binned(f, c, s, bins, pat, out);
        return;
    }
    IrrCtl *ctl = depth(c) == 0 && f->nesting < MAX_VERSION_NESTING ? irr_control_match(e) : NULL;
    if (ctl) {
        nest_control(f, c, s, ctl, pat, out);
        return;
    }
    if (!body_par(e->lam->body) || f->nesting >= MAX_VERSION_NESTING || !distributable(c, e) || e->offsets.len) {
        soac_segop(f, c, e, e->lam, soac_ops(e), pat, out);
        return;
    }
    /* G3: if Par(c + this level) >= threshold then e_top else e_flat */
    Level probe = {"", e->args.data[0], {0}, {0}};
    vec_push(&c->levels, probe);
    CAtom par = par_of(c, depth(c), out, e->loc);
    c->levels.len--;
    const char *cond = threshold_guard(f, "suff_outer_par", f->target == FLATTEN_GPU ? SUFF_OUTER_GPU : SUFF_OUTER_CPU,
                                       par, out, e->loc);

    CBody *top = cbody_new();
    CParamVec tpat = rename_pat(&pat);
    CLambda *lam = core_clone_lambda(e->lam);
    COperatorVec ops = {0};
    for (int i = 0; i < soac_ops(e)->len; i++) {
        COperator o = soac_ops(e)->data[i];
        o.lam = core_clone_lambda(o.lam);
        vec_push(&ops, o);
    }
    soac_segop(f, c, e, lam, &ops, tpat, top);
    top->result = pat_atoms(&tpat);

    CLambda *mlam = f->target == FLATTEN_GPU && soac_kind(e) == SEG_MAP ? core_clone_lambda(e->lam) : NULL;
    CBody *flat = cbody_new();
    CParamVec fpat = rename_pat(&pat);
    f->nesting++;
    soac_flat(f, c, s, fpat, flat);
    f->nesting--;
    opt_drop_dead_iotas(flat);
    flat->result = pat_atoms(&fpat);

    /* G3 on the GPU: else if Par(e_middle) >= suff_intra_par and it fits then e_middle */
    CBody *mid = NULL, *rest = cbody_new();
    CAtom mcond = {0};
    if (mlam)
        mid = soac_middle(f, c, e, mlam, par, pat, &mcond, rest);
    if (mid) {
        CParamVec rpat = rename_pat(&pat);
        CExp *m = cexp_new(CE_IF, e->loc);
        vec_push(&m->args, mcond);
        m->body = mid;
        m->body2 = flat;
        cbody_let(rest, rpat, m);
        rest->result = pat_atoms(&rpat);
    }

    CExp *v = cexp_new(CE_IF, e->loc);
    vec_push(&v->args, catom_var(cond));
    v->body = top;
    v->body2 = mid ? rest : flat;
    cbody_let(out, pat, v);
}

/* G7: a loop with parallelism in its body, interchanged with the nest: a host loop over the
 * expanded loop parameters, its body distributed in the nest. */
static void nest_loop(F *f, Ctx *c, const CStm *s, CBody *out) {
    const CExp *e = s->exp;
    CExp *l = cexp_new(CE_LOOP, e->loc);
    for (int i = 0; i < e->params.len; i++) {
        CParam p = e->params.data[i];
        CAtom init = expanded_atom(f, c, e->args.data[i], out, e->loc);
        CParam pe = {opt_fresh(p.name), expand_type(c, depth(c), p.type)};
        vec_push(&l->params, pe);
        vec_push(&l->args, init);
    }
    for (int i = 0; i < e->params.len; i++) {
        Expanded *x = xmalloc(sizeof *x);
        *x = (Expanded){l->params.data[i].name, depth(c), e->params.data[i].type};
        omap_put(&c->expanded, e->params.data[i].name, x);
        mark_bound(c, e->params.data[i].name);
    }
    l->index = e->index;
    l->bound = e->bound;
    CBody *b = cbody_new();
    b->result = distribute(f, c, e->body, b);
    l->body = b;
    CParamVec pat = expand_pat(c, &s->pat);
    record(c, &s->pat, &pat);
    mark_pat(c, &s->pat);
    cbody_let(out, pat, l);
}

/* G8: an if with an invariant condition and parallelism in a branch goes to the host. */
static void nest_if(F *f, Ctx *c, const CStm *s, CBody *out) {
    const CExp *e = s->exp;
    CExp *v = cexp_new(CE_IF, e->loc);
    vec_push(&v->args, e->args.data[0]);
    v->body = cbody_new();
    v->body->result = distribute(f, c, e->body, v->body);
    v->body2 = cbody_new();
    v->body2->result = distribute(f, c, e->body2, v->body2);
    CParamVec pat = expand_pat(c, &s->pat);
    record(c, &s->pat, &pat);
    mark_pat(c, &s->pat);
    cbody_let(out, pat, v);
}


/* A statement at depth(c), translated into host statements binding its pattern (expanded). */
/* A redomap whose map part is an irregular nest (a reduction over per-row reductions, as in
 * `let sums = map (\n -> reduce ...) ls in reduce (+) 0 sums` fused) as two: the map, which
 * irregular.c flattens, its reduction inputs kept as arrays; then the reduction over them. */
static bool unfuse_irregular(F *f, const CStm *s, CStm *map, CStm *red) {
    const CExp *e = s->exp;
    if (e->kind != CE_SCREMA || !e->reds.len || e->scans.len || !coperators_scalar(&e->reds))
        return false;
    int nred = coperators_results(&e->reds);
    CExp *a = cexp_new(CE_SCREMA, e->loc), *b = cexp_new(CE_SCREMA, e->loc);
    *a = *e;
    a->reds = (COperatorVec){0};
    if (e->offsets.len) { /* the reductions' inputs become ordinary map results, first */
        a->offsets = (CAtomVec){0};
        for (int j = 0; j < coperators_results(&e->reds); j++)
            vec_push(&a->offsets, catom_int(PRIM_I64, 0));
        for (int j = 0; j < e->offsets.len; j++)
            vec_push(&a->offsets, e->offsets.data[j]);
    }
    IrrMatch *m = irr_match(a, &f->types, &f->defs);
    if (!m)
        return false;
    CDim w = cdim_of_atom(e->args.data[0]);
    CParamVec pa = {0}, pb = {0};
    CLambda *id = clambda_new();
    id->body = cbody_new();
    for (int j = 0; j < e->lam->ret.len; j++) {
        if (j >= nred) {
            vec_push(&pa, s->pat.data[j]);
            continue;
        }
        CParam in = {opt_fresh("redin"), ctype_outer(w, e->lam->ret.data[j])};
        CParam x = {opt_fresh("x"), e->lam->ret.data[j]};
        CType *t = xmalloc(sizeof *t * 2);
        t[0] = in.type;
        t[1] = x.type;
        omap_put(&f->types, in.name, &t[0]);
        omap_put(&f->types, x.name, &t[1]);
        vec_push(&pa, in);
        vec_push(&pb, s->pat.data[j]);
        vec_push(&id->params, x);
        vec_push(&id->ret, x.type);
        vec_push(&id->body->result, catom_var(x.name));
        vec_push(&b->arrays, catom_var(in.name));
    }
    b->kind = CE_SCREMA;
    b->loc = e->loc;
    vec_push(&b->args, e->args.data[0]);
    b->reds = e->reds;
    b->lam = id;
    *map = (CStm){pa, a};
    *red = (CStm){pb, b};
    return true;
}

/* Whether statement x of a map's body is a concatenation of arrays of scalars. */
static bool scalar_concat(const CStm *x) {
    return x->exp->kind == CE_CONCAT && x->pat.len == 1 && x->pat.data[0].type.rank == 1;
}

/* Whether statement x copies an array of scalars: a concatenation, or a copy (of one row). */
static bool scalar_copy(const CStm *x) {
    return scalar_concat(x) || (x->exp->kind == CE_COPY && x->pat.len == 1 && x->pat.data[0].type.rank == 1);
}

/* Whether result k of map e is one whose rows vary (an offsets array, CExp.offsets) and is a
 * view of an array of scalars that its body makes (a row of a jagged value: jagged.c's
 * gather of a filter's kept rows, a program's own map returning rows): the map writes it row
 * by row, a copy of the row in the element's thread.  Only for rows of one level, whose
 * results share one offsets array (a tuple's arrays); a deeper row's lengths are an irregular
 * map of their own. */
static bool view_result(const CExp *e, int k) {
    if (!e->offsets.len || e->scans.len || e->reds.len || e->offsets.data[k].kind != CA_VAR)
        return false;
    for (int m = 0; m < e->offsets.len; m++)
        if (e->offsets.data[m].kind == CA_VAR && strcmp(e->offsets.data[m].var, e->offsets.data[k].var))
            return false;
    CAtom r = e->lam->body->result.data[k];
    if (r.kind != CA_VAR)
        return false;
    const CBody *b = e->lam->body;
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *x = &b->stms.data[i];
        if (x->pat.len == 1 && !strcmp(x->pat.data[0].name, r.var))
            return x->exp->kind == CE_INDEX && x->pat.data[0].type.rank == 1;
    }
    return false;
}

/* Map s with every copy of a row of scalars in its body — a concatenation of arrays of
 * scalars at the top of its body (an array literal of rows in a map, jagged.c
 * lower_literal_rows, and the program's own `++`), a copy of one, and a result whose rows vary
 * that is a view (view_result: a filter of rows) — as a map over the positions of the row
 * (cb_concat_map; a view is a concatenation of one array), into *out; false when there is none.  That map's width varies per element, so
 * the nest is irregular.c's (or irr_split.c's, which cuts at it): flattened, the rows of every
 * element are one element-wise step (a segmap over every position of the result, each point
 * finding its row, its place in it and the row's source), where the copy would copy each
 * element's rows in one thread. */
static bool concats_as_maps(F *f, const CStm *s, CStm *out) {
    const CExp *e = s->exp;
    const CBody *b = e->lam->body;
    int found = 0;
    for (int i = 0; i < b->stms.len; i++)
        found += scalar_copy(&b->stms.data[i]);
    for (int k = 0; k < b->result.len && k < e->offsets.len; k++)
        found += view_result(e, k);
    if (!found)
        return false;
    CExp *ne = xmalloc(sizeof *ne);
    *ne = *e;
    ne->lam = clambda_new();
    ne->lam->params = e->lam->params;
    ne->lam->ret = e->lam->ret;
    CBuild nb = {cbody_new(), e->loc, &f->types};
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *x = &b->stms.data[i];
        if (!scalar_copy(x)) {
            vec_push(&nb.body->stms, *x);
            continue;
        }
        nb.loc = x->exp->loc;
        CAtom total;
        CExp *m = cb_concat_map(&nb, x->exp->args.data, x->exp->args.len, &total);
        cbody_let(nb.body, x->pat, m);
    }
    nb.body->result = (CAtomVec){0};
    for (int k = 0; k < b->result.len; k++) {
        CAtom r = b->result.data[k];
        if (k < e->offsets.len && view_result(e, k)) {
            CAtom total;
            CExp *m = cb_concat_map(&nb, &r, 1, &total);
            CDim w = cdim_of_atom(total);
            r = cb_let(&nb, "row", ctype_array(cb_type(&nb, r).prim, 1, &w), m);
        }
        vec_push(&nb.body->result, r);
    }
    ne->lam->body = nb.body;
    collect(f, nb.body);
    *out = (CStm){s->pat, ne};
    return true;
}

/* Whether a map's body is cheap enough to run once per group of results (split_by_offsets):
 * scalar code, views, sizes and SOACs of a constant width; no loop, no wider SOAC. */
static bool cheap_body(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *x = b->stms.data[i].exp;
        switch (x->kind) {
        case CE_ATOM: case CE_OP: case CE_INDEX: case CE_SIZE: case CE_ARRAY: case CE_ASSERT: case CE_IOTA:
            break;
        case CE_SCREMA:
            if (x->args.data[0].kind != CA_CONST || x->args.data[0].ival > 8 || !cheap_body(x->lam->body))
                return false;
            break;
        case CE_IF:
            if (!cheap_body(x->body) || !cheap_body(x->body2))
                return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

/* Map s whose results are concatenated by several offsets arrays (CExp.offsets) and which
 * returns a view as one of them, its body cheap: as one map per offsets array (the results
 * not concatenated with the first), each with a fresh copy of the body, in *outs (*n of them);
 * false when s is not such a map.  concats_as_maps takes views only from a map whose
 * concatenated results share one offsets array, so this lets each group's views be copied
 * element-wise: quickhull's else branch returns its new vertices, their rows' lengths and
 * the rows, each with offsets of its own, and copied every edge's rows in the edge's thread. */
static bool split_by_offsets(F *f, const CStm *s, CStm *outs, int *n) {
    const CExp *e = s->exp;
    if (e->kind != CE_SCREMA || !e->offsets.len || e->scans.len || e->reds.len || !cheap_body(e->lam->body))
        return false;
    const char *groups[16];
    int ng = 0, views = 0;
    for (int k = 0; k < e->offsets.len; k++) {
        CAtom o = e->offsets.data[k];
        if (o.kind != CA_VAR)
            continue;
        int g = 0;
        while (g < ng && strcmp(groups[g], o.var))
            g++;
        if (g == ng) {
            if (ng == 16)
                return false;
            groups[ng++] = o.var;
        }
        CAtom r = e->lam->body->result.data[k];
        for (int i = 0; r.kind == CA_VAR && i < e->lam->body->stms.len; i++) {
            const CStm *x = &e->lam->body->stms.data[i];
            if (x->pat.len == 1 && !strcmp(x->pat.data[0].name, r.var))
                views += x->exp->kind == CE_INDEX && x->pat.data[0].type.rank == 1;
        }
    }
    if (ng < 2 || !views)
        return false;
    for (int g = 0; g < ng; g++) {
        CExp *ne = xmalloc(sizeof *ne);
        *ne = *e;
        CLambda *lam = core_clone_lambda(e->lam);
        ne->lam = lam;
        ne->offsets = (CAtomVec){0};
        CParamVec pat = {0};
        CAtomVec res = {0};
        CTypeVec ret = {0};
        for (int k = 0; k < e->lam->body->result.len; k++) {
            CAtom o = k < e->offsets.len ? e->offsets.data[k] : catom_int(PRIM_I64, 0);
            bool mine = o.kind == CA_VAR ? !strcmp(o.var, groups[g]) : g == 0;
            if (!mine)
                continue;
            vec_push(&pat, s->pat.data[k]);
            vec_push(&res, lam->body->result.data[k]);
            vec_push(&ret, lam->ret.data[k]);
            vec_push(&ne->offsets, o);
        }
        lam->body->result = res;
        lam->ret = ret;
        irr_prune(lam->body);
        collect_lambda(f, lam);
        outs[g] = (CStm){pat, ne};
    }
    *n = ng;
    return true;
}

static void nest_stm(F *f, Ctx *c, const CStm *s, CBody *out) {
    const CExp *e = s->exp;
    int d = depth(c);
    CStm um, ur, cm;
    CStm groups[16];
    int ngroups = 0;
    if (d == 0 && f->nesting < MAX_VERSION_NESTING && split_by_offsets(f, s, groups, &ngroups)) {
        for (int g = 0; g < ngroups; g++)
            nest_stm(f, c, &groups[g], out);
        return;
    }
    if (d == 0 && f->nesting < MAX_VERSION_NESTING && e->kind == CE_SCREMA && concats_as_maps(f, s, &cm)) {
        nest_stm(f, c, &cm, out);
        return;
    }
    if (d == 0 && f->nesting < MAX_VERSION_NESTING && unfuse_irregular(f, s, &um, &ur)) {
        nest_stm(f, c, &um, out);
        nest_stm(f, c, &ur, out);
        return;
    }
    if (d == 0 && f->nesting < MAX_VERSION_NESTING && e->kind == CE_SCREMA && !irr_match(e, &f->types, &f->defs) &&
        !bins_of(f, c, e)) { /* a map the bins take stays whole (G0) */
        CBody *pieces = cbody_new();
        CBuild pb = {pieces, e->loc, &f->types};
        if (irr_split(s, &pb, &f->iotas)) {
            collect(f, pieces);
            for (int i = 0; i < pieces->stms.len; i++)
                nest_stm(f, c, &pieces->stms.data[i], out);
            return;
        }
    }
    if (d == 0 && f->target == FLATTEN_GPU && e->kind == CE_FILTER) { /* a compaction of kernels */
        CBody *pieces = cbody_new();
        CBuild pb = {pieces, e->loc, &f->types};
        if (compact_filter(s, &pb)) {
            collect(f, pieces);
            for (int i = 0; i < pieces->stms.len; i++)
                nest_stm(f, c, &pieces->stms.data[i], out);
            return;
        }
    }
    if (e->kind == CE_SCREMA && e->scans.len && e->reds.len && invariant(c, e->args.data[0]) &&
        (d == 0 || pat_expandable(c, &s->pat))) {
        CStm a, b;
        cb_split_screma(s, &a, &b);
        nest_stm(f, c, &a, out);
        nest_stm(f, c, &b, out);
        return;
    }
    if (e->kind == CE_SCREMA && par_stm(c, s)) {
        nest_soac(f, c, s, out);
        return;
    }
    if (d > 0 && par_stm(c, s)) {
        if (e->kind == CE_LOOP)
            nest_loop(f, c, s, out);
        else
            nest_if(f, c, s, out);
        return;
    }
    if (d == 0 && f->target == FLATTEN_GPU && scalar_concat(s)) {
        /* on the GPU a concatenation would be host code (the arrays brought to the host):
         * one segmap over the result's positions instead (an array literal of rows, jagged.c) */
        CBody *m = cbody_new();
        CBuild mb = {m, e->loc, &f->types};
        CAtom total;
        cbody_let(m, s->pat, cb_concat_map(&mb, e->args.data, e->args.len, &total));
        collect(f, m);
        for (int i = 0; i < m->stms.len; i++)
            nest_stm(f, c, &m->stms.data[i], out);
        return;
    }
    if (d == 0) { /* host code: control flow keeps its bodies on the host */
        CExp *h = s->exp;
        if (e->kind == CE_LOOP || e->kind == CE_IF) {
            h = cexp_new(e->kind, e->loc);
            *h = *e;
            h->body = host_body(f, e->body);
            if (e->body2)
                h->body2 = host_body(f, e->body2);
        }
        cbody_let(out, s->pat, h);
        return;
    }
    /* sequential inside the nest */
    CBody *g = cbody_new();
    vec_push(&g->stms, *s);
    g->result = pat_atoms(&s->pat);
    CParamVec pat = expand_pat(c, &s->pat);
    mark_pat(c, &s->pat);
    manifest(f, c, d, SEG_MAP, NULL, g, pat, out, e->loc);
    record(c, &s->pat, &pat);
}

/* Whether s can move to the host: an iota of an invariant size (its elements do not depend on
 * the nest; reading it through the nest's indices costs nothing). */
static bool hoistable(const Ctx *c, const CStm *s) {
    return s->exp->kind == CE_IOTA && invariant(c, s->exp->args.data[0]);
}

/* G5: a transposition of an array the nest has expanded (or of an invariant one) is a
 * transposition of the expanded array, on the host: a view, no segop. */
static bool view_stm(const Ctx *c, const CStm *s) {
    if (s->exp->kind != CE_REARRANGE || s->exp->args.data[0].kind != CA_VAR)
        return false;
    const char *y = s->exp->args.data[0].var;
    Expanded *x = omap_get(&c->expanded, y);
    return (x && x->depth == depth(c)) || invariant(c, s->exp->args.data[0]);
}

static void nest_view(Ctx *c, const CStm *s, CBody *out) {
    const CExp *e = s->exp;
    Expanded *x = omap_get(&c->expanded, e->args.data[0].var);
    if (!x) { /* invariant: the statement itself, on the host */
        cbody_let(out, s->pat, s->exp);
        return;
    }
    int d = depth(c);
    CExp *r = cexp_new(CE_REARRANGE, e->loc);
    vec_push(&r->args, catom_var(x->name));
    for (int k = 0; k < d; k++)
        vec_push(&r->perm, k);
    for (int k = 0; k < e->perm.len; k++)
        vec_push(&r->perm, d + e->perm.data[k]);
    CParamVec pat = expand_pat(c, &s->pat);
    cbody_let(out, pat, r);
    record(c, &s->pat, &pat);
}

/* G6: the body in nest c, cut into groups; returns its results expanded over all of c.  A cut
 * before a statement with parallelism needs every value crossing it to be expandable (a value
 * whose size varies inside the nest cannot be an array of the nest's shape): otherwise that
 * statement stays in the group and runs sequentially. */
static CAtomVec distribute(F *f, Ctx *c, const CBody *body, CBody *out) {
    int d = depth(c);
    Loc loc = body->stms.len ? body->stms.data[0].exp->loc : (Loc){0};
    /* invariant iotas first, to the host (everything the body binds is inside the nest) */
    CBody *rest = cbody_new();
    for (int i = 0; i < body->stms.len; i++) {
        const CStm *s = &body->stms.data[i];
        bool h = hoistable(c, s);
        mark_pat(c, &s->pat);
        if (h)
            cbody_let(out, s->pat, s->exp);
        else
            vec_push(&rest->stms, *s);
    }
    rest->result = body->result;
    int n = rest->stms.len;
    for (int i = 0; i < n;) {
        const CStm *s = &rest->stms.data[i];
        if (par_stm(c, s)) {
            nest_stm(f, c, s, out);
            i++;
            continue;
        }
        if (view_stm(c, s)) {
            nest_view(c, s, out);
            i++;
            continue;
        }
        int j = i + 1;
        for (; j < n; j++) {
            for (int k = i; k < j; k++)
                mark_pat(c, &rest->stms.data[k].pat);
            if (!par_stm(c, &rest->stms.data[j]) && !view_stm(c, &rest->stms.data[j]))
                continue;
            CParamVec live = opt_liveouts(rest, i, j);
            if (pat_expandable(c, &live))
                break;
        }
        for (int k = i; k < j; k++)
            mark_pat(c, &rest->stms.data[k].pat);
        CBody *g = cbody_new();
        for (int k = i; k < j; k++)
            vec_push(&g->stms, rest->stms.data[k]);
        CParamVec live = opt_liveouts(rest, i, j);
        g->result = pat_atoms(&live);
        CParamVec pat = expand_pat(c, &live);
        manifest(f, c, d, SEG_MAP, NULL, g, pat, out, rest->stms.data[i].exp->loc);
        record(c, &live, &pat);
        i = j;
    }
    CAtomVec res = {0};
    for (int k = 0; k < body->result.len; k++)
        vec_push(&res, expanded_atom(f, c, body->result.data[k], out, loc));
    return res;
}

/* ------------------------------------------------------------------ the program */

static void collect(F *f, const CBody *b);

static void collect_params(F *f, const CParamVec *ps) {
    for (int i = 0; i < ps->len; i++) {
        CType *t = xmalloc(sizeof *t);
        *t = ps->data[i].type;
        omap_put(&f->types, ps->data[i].name, t);
    }
}

static void collect_lambda(F *f, const CLambda *l) {
    if (!l)
        return;
    collect_params(f, &l->params);
    collect(f, l->body);
}

/* The types of every variable, the iotas, and what binds each variable bound alone. */
static void collect(F *f, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *e = s->exp;
        collect_params(f, &s->pat);
        if (s->pat.len == 1)
            omap_put(&f->defs, s->pat.data[0].name, (void *)e);
        if (e->kind == CE_IOTA)
            omap_put(&f->iotas, s->pat.data[0].name, (void *)1);
        collect_params(f, &e->params);
        if (e->index) {
            CType *t = xmalloc(sizeof *t);
            *t = ctype_prim(PRIM_I64);
            omap_put(&f->types, e->index, t);
        }
        if (e->body)
            collect(f, e->body);
        if (e->body2)
            collect(f, e->body2);
        collect_lambda(f, e->lam);
        for (int k = 0; k < e->scans.len; k++)
            collect_lambda(f, e->scans.data[k].lam);
        for (int k = 0; k < e->reds.len; k++)
            collect_lambda(f, e->reds.data[k].lam);
    }
}

/* Removes the host iotas nothing reads any more (their elements became the indices), keeping
 * the failure of a negative size. */
void flatten_prog(CProg *p, FlattenTarget target) {
    if (target == FLATTEN_NONE)
        return;
    for (int i = 0; i < p->funs.len; i++) {
        CFun *fun = p->funs.data[i];
        if (!fun->is_entry && !fun->host) /* a function of a recursive definition runs in the thread calling it */
            continue;
        flatten_rows_as_maps(fun);
        F f = {p, fun, target, 0, 0, {0}, {0}, {0}};
        collect_params(&f, &fun->params);
        for (int k = 0; k < fun->sizes.len; k++) {
            CType *t = xmalloc(sizeof *t);
            *t = ctype_prim(PRIM_I64);
            omap_put(&f.types, fun->sizes.data[k], t);
        }
        collect(&f, fun->body);
        fun->body = host_body(&f, fun->body);
        opt_drop_dead_iotas(fun->body);
    }
}

/* ------------------------------------------------------------------ reports */

static int64_t body_paths(const CBody *b);

static int64_t stm_paths(const CExp *e) {
    switch (e->kind) {
    case CE_IF: return body_paths(e->body) + body_paths(e->body2); /* at most 2 * MAX_PATHS */
    case CE_LOOP:
    case CE_SEGOP: return body_paths(e->body);
    default: return 1;
    }
}

#define MAX_PATHS (INT64_C(1) << 40) /* counts saturate there */

static int64_t body_paths(const CBody *b) {
    int64_t n = 1;
    for (int i = 0; i < b->stms.len; i++) {
        int64_t k = stm_paths(b->stms.data[i].exp);
        if (k > MAX_PATHS / n)
            return MAX_PATHS;
        n *= k;
    }
    return n;
}

int64_t flatten_paths(const CFun *f) { return body_paths(f->body); }
