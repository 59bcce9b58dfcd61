/* dce.c — dead code elimination: statements whose results are unused, loop parameters nothing
 * reads, results of `if` nobody uses, map results of screma nobody uses, and lambda parameters
 * (with their input arrays) of screma, scatter and hist that the lambda ignores.
 *
 * Use counts are per function (names are unique); a backward walk removes a dead statement and
 * takes its uses off the counts, so that what only it used dies in the same walk.  A statement
 * that may fail at run time (opt_may_fail: indexing, division by a non-constant, asserts...) is
 * kept even when dead, so that a failing program still fails as the interpreter's does.
 */
#include "opt.h"

typedef struct {
    OMap counts;
    bool changed;
} D;

static void uncount_atom(OWalk *w, CAtom *a) { omap_add(w->ctx, a->var, -1); }
static void uncount_dim(OWalk *w, CDim *d) { omap_add(w->ctx, d->var, -1); }

static void uncount_exp(D *d, CExp *e) {
    OWalk w = {uncount_atom, uncount_dim, &d->counts};
    owalk_exp(&w, e);
}

static void uncount1(D *d, CAtom a) {
    if (a.kind == CA_VAR)
        omap_add(&d->counts, a.var, -1);
}

static bool used(D *d, const char *name) { return omap_int(&d->counts, name) > 0; }

static void dce_body(D *d, CBody *b);

static void remove_param(CParamVec *v, int i) {
    for (int j = i; j + 1 < v->len; j++)
        v->data[j] = v->data[j + 1];
    v->len--;
}

static void remove_atom(CAtomVec *v, int i) {
    for (int j = i; j + 1 < v->len; j++)
        v->data[j] = v->data[j + 1];
    v->len--;
}

static void remove_type(CTypeVec *v, int i) {
    for (int j = i; j + 1 < v->len; j++)
        v->data[j] = v->data[j + 1];
    v->len--;
}

static void uncount_type(D *d, CType *t) {
    OWalk w = {uncount_atom, uncount_dim, &d->counts};
    owalk_type(&w, t);
}

/* Loop parameters read by nothing but their own next value, whose results are unused. */
static void dead_loop_params(D *d, CStm *st) {
    CExp *e = st->exp;
    for (int j = e->params.len - 1; j >= 0 && e->params.len > 1; j--) {
        const char *p = e->params.data[j].name;
        CAtom r = e->body->result.data[j];
        intptr_t self = r.kind == CA_VAR && r.var == p;
        if (used(d, st->pat.data[j].name) || p == e->cond || omap_int(&d->counts, p) - self > 0)
            continue;
        uncount1(d, e->args.data[j]);
        uncount1(d, r);
        uncount_type(d, &e->params.data[j].type);
        uncount_type(d, &st->pat.data[j].type);
        remove_param(&e->params, j);
        remove_atom(&e->args, j);
        remove_atom(&e->body->result, j);
        remove_param(&st->pat, j);
        d->changed = true;
    }
}

static void dead_if_results(D *d, CStm *st) {
    CExp *e = st->exp;
    for (int j = st->pat.len - 1; j >= 0 && st->pat.len > 1; j--) {
        if (used(d, st->pat.data[j].name))
            continue;
        uncount1(d, e->body->result.data[j]);
        uncount1(d, e->body2->result.data[j]);
        uncount_type(d, &st->pat.data[j].type);
        remove_atom(&e->body->result, j);
        remove_atom(&e->body2->result, j);
        remove_param(&st->pat, j);
        d->changed = true;
    }
}

static int nes_count(const COperatorVec *ops) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    return n;
}

/* screma: unused per-element map results. */
static void dead_map_results(D *d, CStm *st) {
    CExp *e = st->exp;
    int first = nes_count(&e->scans) + nes_count(&e->reds);
    for (int j = st->pat.len - 1; j >= first && st->pat.len > 1; j--) {
        if (used(d, st->pat.data[j].name))
            continue;
        uncount1(d, e->lam->body->result.data[j]);
        uncount_type(d, &st->pat.data[j].type);
        uncount_type(d, &e->lam->ret.data[j]);
        remove_atom(&e->lam->body->result, j);
        remove_type(&e->lam->ret, j);
        remove_param(&st->pat, j);
        if (e->offsets.len) {
            uncount1(d, e->offsets.data[j - first]);
            remove_atom(&e->offsets, j - first);
        }
        d->changed = true;
    }
}

/* screma, scatter, hist: lambda parameters the lambda ignores, and their arrays. */
static void dead_lambda_params(D *d, CExp *e) {
    CLambda *l = e->lam;
    for (int j = l->params.len - 1; j >= 0 && l->params.len > 1; j--) {
        if (used(d, l->params.data[j].name))
            continue;
        uncount1(d, e->arrays.data[j]);
        uncount_type(d, &l->params.data[j].type);
        remove_atom(&e->arrays, j);
        remove_param(&l->params, j);
        d->changed = true;
    }
}

static bool all_dead(D *d, const CStm *st) {
    for (int i = 0; i < st->pat.len; i++)
        if (used(d, st->pat.data[i].name))
            return false;
    return true;
}

static void dce_lambda(D *d, CLambda *l) { dce_body(d, l->body); }

static void dce_body(D *d, CBody *b) {
    int keep = b->stms.len;
    CStm *s = b->stms.data;
    /* backwards; kept statements are compacted towards the end, then moved down */
    for (int i = b->stms.len - 1; i >= 0; i--) {
        CStm st = s[i];
        CExp *e = st.exp;
        if (all_dead(d, &st) && !opt_stm_may_fail(&st)) {
            uncount_exp(d, e);
            for (int j = 0; j < st.pat.len; j++)
                uncount_type(d, &st.pat.data[j].type);
            d->changed = true;
            continue;
        }
        switch (e->kind) {
        case CE_LOOP: dead_loop_params(d, &st); break;
        case CE_IF: dead_if_results(d, &st); break;
        case CE_SCREMA: dead_map_results(d, &st); /* fall through */
        case CE_SCATTER:
        case CE_HIST: dead_lambda_params(d, e); break;
        default: break;
        }
        if (e->body)
            dce_body(d, e->body);
        if (e->body2)
            dce_body(d, e->body2);
        for (int j = 0; j < e->scans.len; j++)
            dce_lambda(d, e->scans.data[j].lam);
        for (int j = 0; j < e->reds.len; j++)
            dce_lambda(d, e->reds.data[j].lam);
        if (e->lam)
            dce_lambda(d, e->lam);
        s[--keep] = st;
    }
    int n = b->stms.len - keep;
    for (int i = 0; i < n; i++)
        s[i] = s[keep + i];
    b->stms.len = n;
}

void core_dce(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *f = p->funs.data[i];
        for (int round = 0; round < 10; round++) {
            D d = {0};
            opt_count_body(f->body, &d.counts);
            dce_body(&d, f->body);
            if (!d.changed)
                break;
        }
    }
}
