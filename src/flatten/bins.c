/* bins.c — seed 000's two-level flattening in fast memory, derived (docs/FLATTENING.md, "Bins").
 *
 * A map at the top of a nest whose body runs inner SOACs of a width that varies per element
 * (at its top level, or inside for-loops of per-element counts and ifs of per-element
 * conditions) gets a version in which one GPU thread block runs a bin of elements at once:
 * each element has threads of its own (its width, at most the block), its inner SOACs become
 * block segops over those threads (arrays in shared memory), and the control flow that
 * differs between the elements of a bin is made uniform, because the block's threads meet at
 * barriers:
 *
 *   loop p = x for i < h do B   runs to the largest h of the bin (the kernel's business); B's
 *                               block segops are masked by `i < h`, its other statements
 *                               guarded by an if per run, the carried values selected
 *   if c then B1 else B2        both branches run, masked by c and !c; the results selected
 *
 * Masks compose (a loop in a branch: c && i < h).  The meaning of the body is unchanged: a
 * mask is true wherever the original would have run the code.  bins_inspector writes the map
 * that computes each element's width and loop count before the kernel; the run time packs the
 * bins from them (rts/flat_dev.cuh wfd_run_bin_map).
 */
#include "flatten.h"

struct BinsMatch {
    const CExp *map;
    CAtom width, count; /* of an element, as the lambda's body computes them */
    Vec(CStm) slice;    /* the top-level statements they need */
};

static bool exp_has_soac(const CExp *e);

static bool has_soac(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_has_soac(b->stms.data[i].exp))
            return true;
    return false;
}

/* A screma at e's level: e itself, or in the bodies of its loops and ifs. */
static bool exp_has_soac(const CExp *e) {
    if (e->kind == CE_SCREMA)
        return true;
    if (e->kind == CE_LOOP)
        return has_soac(e->body);
    if (e->kind == CE_IF)
        return has_soac(e->body) || has_soac(e->body2);
    return false;
}

static bool scalar_results(const CLambda *l) {
    for (int i = 0; i < l->ret.len; i++)
        if (l->ret.data[i].rank)
            return false;
    return true;
}

bool block_level_ok(const CBody *b, bool counted, bool (*soac_ok)(const CExp *e, void *arg), void *arg) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        switch (e->kind) {
        case CE_SCREMA:
            if (!coperators_scalar(&e->scans) || !coperators_scalar(&e->reds) || e->offsets.len || !soac_ok(e, arg))
                return false; /* (rows concatenated by offsets: not a block segop's results) */
            break;
        case CE_LOOP:
            if (counted && has_soac(e->body) && !e->index)
                return false;
            if (!block_level_ok(e->body, counted, soac_ok, arg))
                return false;
            break;
        case CE_IF:
            if (!block_level_ok(e->body, counted, soac_ok, arg) || !block_level_ok(e->body2, counted, soac_ok, arg))
                return false;
            break;
        case CE_SCATTER:
        case CE_HIST:
        case CE_FILTER:
        case CE_SEGOP: return false;
        default: break;
        }
    }
    return true;
}

/* In a bin, a screma's results are scalars (block segop outputs of one element per point). */
static bool bin_soac_ok(const CExp *e, void *arg) {
    (void)arg;
    return scalar_results(e->lam);
}

static const CExp *first_soac(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        if (e->kind == CE_SCREMA)
            return e;
        const CExp *x = e->kind == CE_LOOP || e->kind == CE_IF ? first_soac(e->body) : NULL;
        if (!x && e->kind == CE_IF)
            x = first_soac(e->body2);
        if (x)
            return x;
    }
    return NULL;
}

/* The index of the top-level statement of b binding v, or -1. */
static int binder(const CBody *b, const char *v) {
    for (int i = 0; i < b->stms.len; i++)
        for (int j = 0; j < b->stms.data[i].pat.len; j++)
            if (b->stms.data[i].pat.data[j].name == v)
                return i;
    return -1;
}

/* The top-level statements of b the atoms need, in order, into m->slice; false when one of
 * them is not cheap (irregular.c's measure: the inspector runs them all again, one thread per
 * element, and the bin's threads each run them too; a width that a sequential loop computes
 * is left to the outer version). */
static bool slice(BinsMatch *m, const CBody *b, const CAtom *need, int n) {
    OMap live = {0};
    for (int k = 0; k < n; k++)
        if (need[k].kind == CA_VAR)
            omap_put(&live, need[k].var, (void *)1);
    bool *keep = xmalloc(sizeof *keep * ((size_t)b->stms.len + 1));
    for (int i = b->stms.len - 1; i >= 0; i--) {
        const CStm *s = &b->stms.data[i];
        for (int j = 0; j < s->pat.len && !keep[i]; j++)
            keep[i] = omap_has(&live, s->pat.data[j].name);
        if (!keep[i])
            continue;
        if (!irr_cheap(s->exp) && s->exp->kind != CE_INDEX)
            return false;
        opt_count_exp(s->exp, &live);
    }
    for (int i = 0; i < b->stms.len; i++)
        if (keep[i])
            vec_push(&m->slice, b->stms.data[i]);
    return true;
}

/* A variable of the lambda's body, or a constant: what the inspector can compute. */
static bool computable(const CLambda *lam, CAtom a) {
    if (a.kind == CA_CONST)
        return true;
    if (binder(lam->body, a.var) >= 0)
        return true;
    for (int i = 0; i < lam->params.len; i++)
        if (lam->params.data[i].name == a.var)
            return true;
    return false;
}

BinsMatch *bins_match(const CExp *e) {
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len || e->offsets.len)
        return NULL;
    const CBody *b = e->lam->body;
    const CExp *first = first_soac(b);
    if (!first || !block_level_ok(b, true, bin_soac_ok, NULL))
        return NULL;
    BinsMatch *m = xmalloc(sizeof *m);
    m->map = e;
    m->width = first->args.data[0];
    if (m->width.kind != CA_VAR || !computable(e->lam, m->width)) /* a width known outside: e_middle's */
        return NULL;
    m->count = cb_i64(0);
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *x = b->stms.data[i].exp;
        if (x->kind == CE_LOOP && has_soac(x->body)) {
            if (computable(e->lam, x->bound))
                m->count = x->bound;
            break;
        }
    }
    CAtom need[2] = {m->width, m->count};
    return slice(m, b, need, 2) ? m : NULL;
}

/* The operator (x, y) -> x OP y over i64, with its neutral element. */
static COperator i64_operator(CBuild *b, COp op) {
    COperator o = {cb_op_lambda(b, op, PRIM_I64), {0}, true};
    vec_push(&o.nes, cb_i64(0));
    return o;
}

/* 100 times the mean of total over n elements over the largest, 0 when there is none. */
static CAtom mean_over_largest(CBuild *b, CAtom n, CAtom total, CAtom largest) {
    CAtom at_least_1[2];
    for (int k = 0; k < 2; k++) {
        CAtom x = k ? largest : n;
        at_least_1[k] = cb_select(b, cb_op2(b, COP_LT, PRIM_I64, x, cb_i64(1)), cb_i64(1), x);
    }
    CAtom mean100 = cb_op2(b, COP_QUOT, PRIM_I64, cb_mul(b, total, cb_i64(100)), at_least_1[0]);
    return cb_op2(b, COP_QUOT, PRIM_I64, mean100, at_least_1[1]);
}

/* One pass over the elements: each one's width and count (the map's results), and its work,
 * width times count, summed and its largest (two reductions) for the balance. */
void bins_inspector(BinsMatch *m, CBuild *b, CAtom *widths, CAtom *counts, CAtom *balance) {
    const CExp *e = m->map;
    CLambda tmp = *e->lam;
    tmp.ret = (CTypeVec){0};
    for (int k = 0; k < 4; k++)
        vec_push(&tmp.ret, ctype_prim(PRIM_I64));
    tmp.body = cbody_new();
    for (int i = 0; i < m->slice.len; i++)
        vec_push(&tmp.body->stms, m->slice.data[i]);
    CBuild in = cb_nested(b);
    in.body = tmp.body;
    CAtom work = cb_mul(&in, m->width, m->count);
    CAtom rs[4] = {work, work, m->width, m->count};
    for (int k = 0; k < 4; k++)
        vec_push(&tmp.body->result, rs[k]);
    CLambda *lam = core_clone_lambda(&tmp);
    CExp *x = cb_exp(b, CE_SCREMA);
    vec_push(&x->args, e->args.data[0]);
    for (int i = 0; i < e->arrays.len; i++)
        vec_push(&x->arrays, e->arrays.data[i]);
    vec_push(&x->reds, i64_operator(b, COP_ADD));
    vec_push(&x->reds, i64_operator(b, COP_MAX));
    x->lam = lam;
    const char *names[4] = {"work", "largest", "widths", "counts"};
    CParamVec pat = {0};
    for (int k = 0; k < 4; k++) {
        CType t = ctype_prim(PRIM_I64);
        if (k >= 2)
            t = ctype_outer(cdim_of_atom(e->args.data[0]), t);
        vec_push(&pat, ((CParam){opt_fresh(names[k]), t}));
    }
    cb_let_pat(b, pat, x);
    *widths = catom_var(pat.data[2].name);
    *counts = catom_var(pat.data[3].name);
    *balance = mean_over_largest(b, e->args.data[0], catom_var(pat.data[0].name), catom_var(pat.data[1].name));
}

/* ------------------------------------------------------------------ block segops */

static void let1(CBody *out, const char *name, CType t, CExp *e) {
    CParamVec pat = {0};
    vec_push(&pat, ((CParam){name, t}));
    cbody_let(out, pat, e);
}

static SegKind soac_kind(const CExp *e) { return e->scans.len ? SEG_SCAN : e->reds.len ? SEG_RED : SEG_MAP; }

CStm block_segop(const CStm *s, const OMap *iotas) {
    const CExp *e = s->exp;
    CExp *b = cexp_new(CE_SEGOP, e->loc);
    b->seg = soac_kind(e);
    b->level = SEG_BLOCK;
    b->scans = e->scans;
    b->reds = e->reds;
    const char *ltid = opt_fresh("ltid");
    vec_push(&b->params, ((CParam){ltid, ctype_prim(PRIM_I64)}));
    vec_push(&b->args, e->args.data[0]);
    CBody *body = cbody_new();
    for (int k = 0; k < e->lam->params.len; k++) {
        CAtom arr = e->arrays.data[k];
        CExp *x;
        if (iotas && arr.kind == CA_VAR && omap_has(iotas, arr.var)) { /* iota w [ltid] is ltid */
            x = cexp_new(CE_ATOM, e->loc);
            vec_push(&x->args, catom_var(ltid));
        } else {
            x = cexp_new(CE_INDEX, e->loc);
            vec_push(&x->args, arr);
            vec_push(&x->slice, ((CIndex){false, catom_var(ltid), {0}, {0}}));
        }
        let1(body, e->lam->params.data[k].name, e->lam->params.data[k].type, x);
    }
    for (int i = 0; i < e->lam->body->stms.len; i++)
        vec_push(&body->stms, e->lam->body->stms.data[i]);
    body->result = e->lam->body->result;
    b->body = body;
    return (CStm){s->pat, b};
}

/* ------------------------------------------------------------------ masks */

typedef struct {
    OMap *types;
    const OMap *iotas;
    Loc loc;
    /* the loop whose body is being masked (NULL: none): a guarded value that is its body's
     * result r falls back to the carried parameter r, so that the loop needs no choice of
     * its own there (and an array updated in place stays unique); merged: those results */
    const CExp *loop;
    OMap *merged;
} Mk;

static bool unmasked(CAtom act) { return act.kind == CA_CONST; }

static CBuild at(Mk *k, CBody *out) { return (CBuild){out, k->loc, k->types}; }

/* act && c (c when act is none) */
static CAtom both(Mk *k, CBody *out, CAtom act, CAtom c) {
    CBuild b = at(k, out);
    return unmasked(act) ? c : cb_op2(&b, COP_AND, PRIM_BOOL, act, c);
}

/* c ? x : y for a scalar or an array */
static CAtom choose(Mk *k, CBody *out, CAtom c, CAtom x, CAtom y) {
    CBuild b = at(k, out);
    if (cb_type(&b, x.kind == CA_CONST ? y : x).rank == 0)
        return cb_select(&b, c, x, y);
    CBuild t = cb_nested(&b), e = cb_nested(&b);
    return cb_if(&b, c, &t, x, &e, y, "sel");
}

/* A value of type t that nothing reads: zero, or an empty array. */
static CAtom dummy(CBuild *b, CType t) {
    CAtom z = t.prim == PRIM_BOOL ? catom_bool(false)
              : prim_is_float(t.prim) ? catom_float(t.prim, 0)
                                      : catom_int(t.prim, 0);
    for (int d = 0; d < t.rank; d++)
        z = cb_replicate(b, cb_i64(0), z);
    return z;
}

static void mask_body(Mk *k, CBody *b, CAtom act);

/* The place of v among the results of b when b is the body of the loop being masked and v is
 * one of them (the first), else -1. */
static int carried_result(const Mk *k, const CBody *b, const char *v) {
    if (!k->loop || b != k->loop->body)
        return -1;
    for (int r = 0; r < b->result.len; r++)
        if (b->result.data[r].kind == CA_VAR && b->result.data[r].var == v)
            return r;
    return -1;
}

/* The statements b[i..j) under an if on act: those whose values b[j..] and b's results read
 * are its results (fresh names, substituted there), nothing else when act is false. */
static void guard_run(Mk *k, CBody *b, int i, int j, CAtom act, CBody *out) {
    CBody *then = cbody_new(), *els = cbody_new();
    CBuild eb = at(k, els);
    CParamVec pat = {0};
    OMap subst = {0};
    for (int s = i; s < j; s++)
        vec_push(&then->stms, b->stms.data[s]);
    CParamVec live = opt_liveouts(b, i, j);
    for (int p = 0; p < live.len; p++) {
        CParam v = live.data[p];
        int r = carried_result(k, b, v.name);
        CType t = v.type;
        if (t.rank && r < 0) { /* a dummy: any size */
            t.dims = xmalloc(sizeof *t.dims * (size_t)t.rank);
            for (int d = 0; d < t.rank; d++)
                t.dims[d] = cdim_any();
        }
        CParam nv = {opt_fresh(v.name), t};
        cb_note(&eb, nv.name, t);
        vec_push(&pat, nv);
        vec_push(&then->result, catom_var(v.name));
        vec_push(&els->result, r >= 0 ? catom_var(k->loop->params.data[r].name) : dummy(&eb, t));
        if (r >= 0)
            omap_put(k->merged, nv.name, (void *)1);
        CAtom *a = xmalloc(sizeof *a);
        *a = catom_var(nv.name);
        omap_put(&subst, v.name, a);
    }
    for (int s = j; s < b->stms.len; s++) {
        opt_subst_exp(b->stms.data[s].exp, &subst);
        for (int p = 0; p < b->stms.data[s].pat.len; p++)
            opt_subst_type(&b->stms.data[s].pat.data[p].type, &subst);
    }
    for (int r = 0; r < b->result.len; r++)
        if (b->result.data[r].kind == CA_VAR && omap_has(&subst, b->result.data[r].var))
            b->result.data[r] = *(CAtom *)omap_get(&subst, b->result.data[r].var);
    CExp *e = cexp_new(CE_IF, k->loc);
    vec_push(&e->args, act);
    e->body = then;
    e->body2 = els;
    cbody_let(out, pat, e);
}

/* A screma as block segops (two when it has scans and reductions), masked by act. */
static void push_block(Mk *k, const CStm *s, CAtom act, CBody *out) {
    CStm parts[2];
    int n = 1;
    parts[0] = *s;
    if (s->exp->scans.len && s->exp->reds.len) {
        cb_split_screma(s, &parts[0], &parts[1]);
        n = 2;
    }
    for (int p = 0; p < n; p++) {
        CStm bs = block_segop(&parts[p], k->iotas);
        if (!unmasked(act)) {
            bs.exp->masked = true;
            bs.exp->mask = act;
        }
        vec_push(&out->stms, bs);
    }
}

/* A for-loop around block segops: its body masked by act && i < n, the carried values kept
 * where the mask is false (the kernel runs it to the bin's largest n). */
static void mask_loop(Mk *k, CStm s, CAtom act, CBody *out) {
    CExp *e = s.exp;
    CBody *pre = cbody_new();
    CBuild pb = at(k, pre);
    CAtom live = cb_op2(&pb, COP_LT, PRIM_I64, catom_var(e->index), e->bound);
    CAtom act2 = both(k, pre, act, live);
    const CExp *outer = k->loop;
    OMap *outer_merged = k->merged, merged = {0};
    k->loop = e;
    k->merged = &merged;
    mask_body(k, e->body, act2);
    k->loop = outer;
    k->merged = outer_merged;
    for (int r = 0; r < e->body->result.len; r++) {
        CAtom x = e->body->result.data[r];
        if (x.kind == CA_VAR && omap_has(&merged, x.var))
            continue; /* already the parameter where act2 is false */
        e->body->result.data[r] = choose(k, e->body, act2, x, catom_var(e->params.data[r].name));
    }
    for (int i = 0; i < e->body->stms.len; i++)
        vec_push(&pre->stms, e->body->stms.data[i]);
    e->body->stms = pre->stms;
    vec_push(&out->stms, s);
}

/* An if around block segops: both branches, masked by act && c and act && !c, then the
 * results chosen by c. */
static void mask_if(Mk *k, CStm s, CAtom act, CBody *out) {
    CExp *e = s.exp;
    CAtom c = e->args.data[0];
    CBuild ob = at(k, out);
    CAtom notc = c.kind == CA_CONST ? catom_bool(!c.ival) : cb_op(&ob, COP_NOT, PRIM_BOOL, &c, 1);
    CAtom a1 = both(k, out, act, c), a2 = both(k, out, act, notc);
    mask_body(k, e->body, a1);
    mask_body(k, e->body2, a2);
    for (int i = 0; i < e->body->stms.len; i++)
        vec_push(&out->stms, e->body->stms.data[i]);
    for (int i = 0; i < e->body2->stms.len; i++)
        vec_push(&out->stms, e->body2->stms.data[i]);
    for (int p = 0; p < s.pat.len; p++) {
        CAtom v = choose(k, out, c, e->body->result.data[p], e->body2->result.data[p]);
        CExp *x = cexp_new(CE_ATOM, k->loc);
        vec_push(&x->args, v);
        let1(out, s.pat.data[p].name, s.pat.data[p].type, x);
    }
}

/* Body b at block level, uniform across a bin: act is its mask (a true constant: none). */
static void mask_body(Mk *k, CBody *b, CAtom act) {
    CBody *out = cbody_new();
    int i = 0;
    while (i < b->stms.len) {
        CStm s = b->stms.data[i];
        CExp *e = s.exp;
        if (e->kind == CE_SCREMA) {
            push_block(k, &s, act, out);
            i++;
        } else if (e->kind == CE_LOOP && exp_has_soac(e)) {
            mask_loop(k, s, act, out);
            i++;
        } else if (e->kind == CE_IF && exp_has_soac(e)) {
            mask_if(k, s, act, out);
            i++;
        } else if (unmasked(act)) {
            vec_push(&out->stms, s);
            i++;
        } else if (e->kind == CE_IOTA) { /* read as the block segops' index: never guarded, never
                                            built (dropped below), its size 0 where masked */
            CBuild ob = at(k, out);
            e->args.data[0] = cb_select(&ob, act, e->args.data[0], cb_i64(0));
            vec_push(&out->stms, s);
            i++;
        } else {
            int j = i;
            while (j < b->stms.len && !exp_has_soac(b->stms.data[j].exp) && b->stms.data[j].exp->kind != CE_IOTA)
                j++;
            guard_run(k, b, i, j, act, out);
            i = j;
        }
    }
    b->stms = out->stms;
    if (!unmasked(act))
        opt_drop_dead_iotas(b);
}

void bins_blockify(CLambda *lam, OMap *types, const OMap *iotas, Loc loc) {
    Mk k = {types, iotas, loc, NULL, NULL};
    mask_body(&k, lam->body, catom_bool(true));
}
