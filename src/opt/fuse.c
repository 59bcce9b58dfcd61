/* fuse.c — SOAC fusion in one body at a time (a producer and a consumer in the same body;
 * fusing across a lambda or loop boundary would repeat the producer's work per iteration).
 *
 * Vertical: a producer `ys = screma w (xs) map f` (a pure map) whose results feed the input
 * arrays of a later consumer of width w — a screma (map, reduce, scan: the redomap/scanomap
 * forms), a scatter or a hist — becomes part of the consumer's map lambda: f's statements run
 * first and the consumer's parameters for ys are f's results.  When some ys are also used after
 * the consumer and the consumer is a screma, they become extra map results of the fused screma
 * (computed once, not twice); a producer with any other use is left alone.  Nothing between
 * producer and consumer may consume what the producer reads (in-place updates).
 *
 * Horizontal: two screma of the same width that read a common array and do not depend on each
 * other become one (operators and results concatenated, shared inputs read once), at the place
 * of the first, provided the second uses nothing bound in between.  Vertical fusion runs to a
 * fixed point first, so that horizontal fusion does not hide producer/consumer pairs.
 */
#include "opt.h"

typedef struct {
    CBody *fbody; /* the function's body: aliases */
    OMap counts;  /* uses in the function */
    int vertical, horizontal;
} F;

static void count_into(OWalk *w, CAtom *a) { omap_add(w->ctx, a->var, 1); }
static void count_dim_into(OWalk *w, CDim *d) { omap_add(w->ctx, d->var, 1); }

/* uses of names in statement st (pattern types and expression) */
static void uses_stm(CStm *st, OMap *out) {
    OWalk w = {count_into, count_dim_into, out};
    for (int i = 0; i < st->pat.len; i++)
        owalk_type(&w, &st->pat.data[i].type);
    owalk_exp(&w, st->exp);
}

/* Concatenated results (CExp.offsets) are not fused: their rows are not elements. */
static bool is_map(const CExp *e) { return e->kind == CE_SCREMA && !e->scans.len && !e->reds.len && !e->offsets.len; }

static int nes_count(const COperatorVec *ops) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    return n;
}

static void equate(OMap *s, const char *name, CAtom a) {
    CAtom *p = xmalloc(sizeof *p);
    *p = a;
    omap_put(s, name, p);
}

/* Does anything in stms [from, to) consume a name that the producer uses? */
static bool consumes_between(F *f, CBody *b, int from, int to, CStm *prod) {
    OMap cons = {0};
    for (int k = from; k < to; k++)
        opt_consumed_exp(b->stms.data[k].exp, &cons);
    if (!cons.len)
        return false;
    opt_alias_closure(f->fbody, &cons);
    OMap u = {0};
    uses_stm(prod, &u);
    for (int i = 0; i < u.cap; i++)
        if (u.keys[i] && omap_has(&cons, u.keys[i]))
            return true;
    return false;
}

/* Try to fuse producer b->stms[i] into consumer b->stms[j]. */
static bool try_vertical(F *f, CBody *b, int i, int j) {
    CStm *ps = &b->stms.data[i], *cs = &b->stms.data[j];
    CExp *p = ps->exp, *c = cs->exp;
    if (!is_map(p) || !(c->kind == CE_SCREMA || c->kind == CE_SCATTER || c->kind == CE_HIST) || c->offsets.len)
        return false;
    if (!catom_eq(p->args.data[0], c->args.data[0]))
        return false;
    OMap in_arrays = {0}, in_c = {0}, between = {0};
    for (int k = 0; k < c->arrays.len; k++)
        if (c->arrays.data[k].kind == CA_VAR)
            omap_add(&in_arrays, c->arrays.data[k].var, 1);
    uses_stm(cs, &in_c);
    for (int k = i + 1; k < j; k++)
        uses_stm(&b->stms.data[k], &between);
    bool feeds = false;
    Vec(int) kept = {0}; /* producer results still needed after the consumer */
    for (int m = 0; m < ps->pat.len; m++) {
        const char *y = ps->pat.data[m].name;
        intptr_t arr = omap_int(&in_arrays, y), all = omap_int(&f->counts, y);
        if (omap_int(&in_c, y) != arr || omap_int(&between, y))
            return false; /* used in the consumer's lambda or before it */
        feeds = feeds || arr > 0;
        if (all > arr) {
            if (c->kind != CE_SCREMA)
                return false;
            vec_push(&kept, m);
        }
    }
    if (!feeds || consumes_between(f, b, i + 1, j + 1, ps)) /* the consumer too (scatter, hist) */
        return false;

    /* The fused lambda: the consumer's parameters for other arrays, then the producer's. */
    CLambda *pl = p->lam, *cl = c->lam;
    OMap subst = {0};
    CLambda *nl = clambda_new();
    CAtomVec arrays = {0};
    for (int k = 0; k < c->arrays.len; k++) {
        CAtom a = c->arrays.data[k];
        int m = -1;
        for (int q = 0; a.kind == CA_VAR && q < ps->pat.len; q++)
            if (ps->pat.data[q].name == a.var)
                m = q;
        if (m >= 0) {
            equate(&subst, cl->params.data[k].name, pl->body->result.data[m]);
            continue;
        }
        vec_push(&nl->params, cl->params.data[k]);
        vec_push(&arrays, a);
    }
    for (int k = 0; k < pl->params.len; k++) {
        vec_push(&nl->params, pl->params.data[k]);
        vec_push(&arrays, p->arrays.data[k]);
    }
    opt_subst_body(cl->body, &subst);
    for (int k = 0; k < cl->ret.len; k++)
        opt_subst_type(&cl->ret.data[k], &subst);
    nl->body = cbody_new();
    for (int k = 0; k < pl->body->stms.len; k++)
        vec_push(&nl->body->stms, pl->body->stms.data[k]);
    for (int k = 0; k < cl->body->stms.len; k++)
        vec_push(&nl->body->stms, cl->body->stms.data[k]);
    nl->body->result = cl->body->result;
    nl->ret = cl->ret;
    for (int k = 0; k < kept.len; k++) {
        int m = kept.data[k];
        vec_push(&nl->body->result, pl->body->result.data[m]);
        vec_push(&nl->ret, pl->ret.data[m]);
        vec_push(&cs->pat, ps->pat.data[m]);
    }
    c->lam = nl;
    c->arrays = arrays;
    /* the producer goes */
    for (int k = i; k + 1 < b->stms.len; k++)
        b->stms.data[k] = b->stms.data[k + 1];
    b->stms.len--;
    f->vertical++;
    return true;
}

/* Append the results of one screma's lambda in the order of its kind: lo..hi of src. */
static void append_range(CLambda *dst, const CLambda *src, int lo, int hi) {
    for (int k = lo; k < hi; k++) {
        vec_push(&dst->body->result, src->body->result.data[k]);
        vec_push(&dst->ret, src->ret.data[k]);
    }
}

static void append_pat(CParamVec *dst, const CParamVec *src, int lo, int hi) {
    for (int k = lo; k < hi; k++)
        vec_push(dst, src->data[k]);
}

static bool try_horizontal(F *f, CBody *b, int i, int j) {
    CStm *ps = &b->stms.data[i], *cs = &b->stms.data[j];
    CExp *p = ps->exp, *c = cs->exp;
    if (p->kind != CE_SCREMA || c->kind != CE_SCREMA || !catom_eq(p->args.data[0], c->args.data[0]) ||
        p->offsets.len || c->offsets.len)
        return false;
    bool shared = false;
    for (int k = 0; k < c->arrays.len; k++)
        for (int q = 0; q < p->arrays.len; q++)
            shared = shared || catom_eq(c->arrays.data[k], p->arrays.data[q]);
    if (!shared)
        return false;
    /* the consumer may use nothing bound by statements i..j-1 */
    OMap u = {0};
    uses_stm(cs, &u);
    for (int k = i; k < j; k++) {
        CStm *s = &b->stms.data[k];
        for (int q = 0; q < s->pat.len; q++)
            if (omap_has(&u, s->pat.data[q].name))
                return false;
    }
    CLambda *pl = p->lam, *cl = c->lam;
    CLambda *nl = clambda_new();
    nl->body = cbody_new();
    OMap subst = {0};
    CAtomVec arrays = {0};
    for (int k = 0; k < pl->params.len; k++) {
        vec_push(&nl->params, pl->params.data[k]);
        vec_push(&arrays, p->arrays.data[k]);
    }
    for (int k = 0; k < cl->params.len; k++) {
        int q = -1;
        for (int r = 0; r < p->arrays.len; r++)
            if (catom_eq(c->arrays.data[k], p->arrays.data[r]))
                q = r;
        if (q >= 0) {
            equate(&subst, cl->params.data[k].name, catom_var(pl->params.data[q].name));
            continue;
        }
        vec_push(&nl->params, cl->params.data[k]);
        vec_push(&arrays, c->arrays.data[k]);
    }
    opt_subst_body(cl->body, &subst);
    for (int k = 0; k < cl->ret.len; k++)
        opt_subst_type(&cl->ret.data[k], &subst);
    for (int k = 0; k < pl->body->stms.len; k++)
        vec_push(&nl->body->stms, pl->body->stms.data[k]);
    for (int k = 0; k < cl->body->stms.len; k++)
        vec_push(&nl->body->stms, cl->body->stms.data[k]);
    int ps1 = nes_count(&p->scans), pr1 = ps1 + nes_count(&p->reds), pm1 = pl->ret.len;
    int cs1 = nes_count(&c->scans), cr1 = cs1 + nes_count(&c->reds), cm1 = cl->ret.len;
    CParamVec pat = {0};
    append_range(nl, pl, 0, ps1);
    append_range(nl, cl, 0, cs1);
    append_range(nl, pl, ps1, pr1);
    append_range(nl, cl, cs1, cr1);
    append_range(nl, pl, pr1, pm1);
    append_range(nl, cl, cr1, cm1);
    append_pat(&pat, &ps->pat, 0, ps1);
    append_pat(&pat, &cs->pat, 0, cs1);
    append_pat(&pat, &ps->pat, ps1, pr1);
    append_pat(&pat, &cs->pat, cs1, cr1);
    append_pat(&pat, &ps->pat, pr1, pm1);
    append_pat(&pat, &cs->pat, cr1, cm1);
    for (int k = 0; k < c->scans.len; k++)
        vec_push(&p->scans, c->scans.data[k]);
    for (int k = 0; k < c->reds.len; k++)
        vec_push(&p->reds, c->reds.data[k]);
    p->lam = nl;
    p->arrays = arrays;
    ps->pat = pat;
    for (int k = j; k + 1 < b->stms.len; k++)
        b->stms.data[k] = b->stms.data[k + 1];
    b->stms.len--;
    f->horizontal++;
    return true;
}

/* One fusion somewhere in b (nested bodies first); true if one happened. */
static bool fuse_once(F *f, CBody *b, bool horizontal) {
    for (int j = 0; j < b->stms.len; j++) {
        CExp *e = b->stms.data[j].exp;
        if ((e->body && fuse_once(f, e->body, horizontal)) || (e->body2 && fuse_once(f, e->body2, horizontal)) ||
            (e->lam && fuse_once(f, e->lam->body, horizontal)))
            return true;
        for (int k = 0; k < e->scans.len; k++)
            if (fuse_once(f, e->scans.data[k].lam->body, horizontal))
                return true;
        for (int k = 0; k < e->reds.len; k++)
            if (fuse_once(f, e->reds.data[k].lam->body, horizontal))
                return true;
        for (int i = j - 1; i >= 0; i--)
            if (horizontal ? try_horizontal(f, b, i, j) : try_vertical(f, b, i, j))
                return true;
    }
    return false;
}

void core_fuse(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *fn = p->funs.data[i];
        for (int h = 0; h < 2; h++)
            for (;;) {
                F f = {.fbody = fn->body};
                opt_count_body(fn->body, &f.counts);
                if (!fuse_once(&f, fn->body, h))
                    break;
            }
    }
}
