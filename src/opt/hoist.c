/* hoist.c — loop-invariant code motion: a statement in the body of a loop or of a SOAC's map
 * lambda that uses nothing bound inside it moves out, just before the loop or SOAC, and from
 * there may move further out of enclosing loops and lambdas.  Nothing moves out of `if`
 * branches or operator lambdas.
 *
 * Safety: a statement that may fail (opt_may_fail) moves only out of a for-loop with a positive
 * constant trip count or a SOAC with a positive constant width (else the program could fail
 * where it did not: the loop might run zero times).  iota/replicate of a function's size
 * parameter cannot fail.  Updates, scatters and hists never move, nor does a statement whose
 * result is consumed anywhere (the moved array would be consumed once per iteration).
 */
#include "opt.h"

typedef struct {
    OMap consumed; /* names consumed somewhere in the function */
    OMap sizes;    /* the function's size parameters (non-negative) */
} H;

typedef Vec(CStm) StmVec;

static void hoist_body(H *h, CBody *b, OMap *inner, bool safe, StmVec *up);

static bool may_fail(H *h, const CExp *e) {
    if ((e->kind == CE_IOTA || e->kind == CE_REPLICATE) && e->args.data[0].kind == CA_VAR &&
        omap_has(&h->sizes, e->args.data[0].var))
        return false;
    return opt_may_fail(e);
}

static bool movable(H *h, CStm *st, bool safe) {
    CExp *e = st->exp;
    if (e->kind == CE_UPDATE || e->kind == CE_SCATTER || e->kind == CE_HIST || e->kind == CE_APPLY)
        return false;
    if (!safe && may_fail(h, e))
        return false;
    for (int i = 0; i < st->pat.len; i++)
        if (omap_has(&h->consumed, st->pat.data[i].name))
            return false;
    OMap cons = {0};
    opt_consumed_exp(e, &cons);
    return cons.len == 0;
}

static bool positive_const(CAtom a) { return a.kind == CA_CONST && a.ival > 0; }

/* The body of a loop or lambda: returns what moves out of it, in order, into up. */
static void hoist_construct(H *h, CBody *b, const CParamVec *params, const char *index, bool safe,
                            StmVec *up) {
    OMap inner = {0};
    for (int i = 0; i < params->len; i++)
        omap_put(&inner, params->data[i].name, (void *)1);
    if (index)
        omap_put(&inner, index, (void *)1);
    hoist_body(h, b, &inner, safe, up);
}

static void hoist_body(H *h, CBody *b, OMap *inner, bool safe, StmVec *up) {
    StmVec out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CStm st = b->stms.data[i];
        CExp *e = st.exp;
        StmVec cand = {0};
        if (e->kind == CE_LOOP) {
            hoist_construct(h, e->body, &e->params, e->index, !e->cond && positive_const(e->bound), &cand);
        } else if (e->kind == CE_IF) {
            hoist_body(h, e->body, NULL, false, NULL);
            hoist_body(h, e->body2, NULL, false, NULL);
        } else if (e->lam) {
            hoist_construct(h, e->lam->body, &e->lam->params, NULL, positive_const(e->args.data[0]), &cand);
        }
        vec_push(&cand, st);
        for (int j = 0; j < cand.len; j++) {
            CStm *c = &cand.data[j];
            if (inner && !opt_stm_reads(c, inner) && movable(h, c, safe)) {
                vec_push(up, *c);
                continue;
            }
            if (inner)
                for (int k = 0; k < c->pat.len; k++)
                    omap_put(inner, c->pat.data[k].name, (void *)1);
            vec_push(&out, *c);
        }
    }
    b->stms.data = out.data;
    b->stms.len = out.len;
    b->stms.cap = out.cap;
}

void core_hoist(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *f = p->funs.data[i];
        H h = {0};
        opt_consumed_body(f->body, &h.consumed);
        for (int j = 0; j < f->sizes.len; j++)
            omap_put(&h.sizes, f->sizes.data[j], (void *)1);
        hoist_body(&h, f->body, NULL, false, NULL);
    }
}
