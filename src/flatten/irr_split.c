/* irr_split.c — distribution of an irregular map with several inner SOACs (seed 004's
 * flattening of a statement sequence in a map: each statement of the body gets the map's
 * context of its own).  irregular.c flattens a map whose body runs one inner SOAC of a width
 * that varies per element; a body that runs a reduction and then more parallel work that
 * reads it,
 *
 *     map (\x -> let p = prefix(x)             -- cheap statements (irregular.c's prefix)
 *                let r = reduce ... (w(p))      -- an inner SOAC with scalar results only
 *                in rest(p, r)) xs              -- anything, more inner SOACs included
 *
 * is cut after the reduction into two maps over the same elements,
 *
 *     rs = map (\x -> let p = prefix(x) in reduce ...) xs
 *     map (\x r -> let p = prefix(x) in rest(p, r)) xs rs
 *
 * the prefix recomputed in the second (it is cheap by construction: no value of the element
 * is ever replicated), the reduction's results passed as arrays of one value per element.
 * The first map is irregular.c's shape; the second is split again when it has the same form,
 * and otherwise keeps its own versions.  The map's concatenated results (represent pass) stay
 * the second map's.
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

/* Whether atom a is bound inside the lambda (its parameters and statements). */
static bool bound_in(const OMap *bound, CAtom a) { return a.kind == CA_VAR && omap_has(bound, a.var); }

/* The index of the first inner SOAC of the map lambda's body whose width varies per element,
 * after cheap statements only, with scalar operators and at least one reduction (whose results
 * are scalars); -1 when there is none. */
static int first_reduction(const CLambda *lam) {
    const CBody *b = lam->body;
    OMap bound = {0};
    for (int i = 0; i < lam->params.len; i++)
        omap_put(&bound, lam->params.data[i].name, (void *)1);
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *x = s->exp;
        if (x->kind == CE_SCREMA && bound_in(&bound, x->args.data[0]))
            return x->reds.len && coperators_scalar(&x->reds) && coperators_scalar(&x->scans) && !x->offsets.len ? i : -1;
        if (!irr_cheap(x))
            return -1;
        for (int k = 0; k < s->pat.len; k++)
            omap_put(&bound, s->pat.data[k].name, (void *)1);
    }
    return -1;
}

/* The body of the lambda with its statement s, a screma with scans and reductions, as two: the
 * reductions at s, then the scans (cb_split_screma); otherwise the body itself. */
static CBody *reduction_first(const CBody *b, int s) {
    const CStm *S = &b->stms.data[s];
    if (!S->exp->scans.len)
        return (CBody *)b;
    CStm scan, red;
    cb_split_screma(S, &scan, &red);
    CBody *c = cbody_new();
    for (int i = 0; i < b->stms.len; i++) {
        if (i == s) {
            vec_push(&c->stms, red);
            vec_push(&c->stms, scan);
        } else {
            vec_push(&c->stms, b->stms.data[i]);
        }
    }
    c->result = b->result;
    return c;
}

/* Whether the body after statement s runs parallel work: an inner SOAC anywhere after it, in
 * the branches of an if or the body of a loop too (irr_control.c's rules 8 and 9; the cut is
 * worth making only then). */
static bool parallel_after(const CBody *b, int s) {
    for (int i = s + 1; i < b->stms.len; i++)
        if (irr_runs_parallel(b->stms.data[i].exp))
            return true;
    return false;
}

static void note_type(OMap *types, const char *name, CType t) {
    CType *p = xmalloc(sizeof *p);
    *p = t;
    omap_put(types, name, p);
}

bool irr_split(const CStm *st, OMap *types, CStm *first, CStm *rest) {
    const CExp *e = st->exp;
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len)
        return false;
    int s = first_reduction(e->lam);
    if (s < 0)
        return false;
    CLambda whole = *e->lam;
    whole.body = reduction_first(e->lam->body, s);
    const CLambda *lam = &whole;
    if (!parallel_after(lam->body, s))
        return false;
    const CStm *S = &lam->body->stms.data[s];
    CDim w = cdim_of_atom(e->args.data[0]);
    /* the first map: the prefix and the reduction, its results one value per element */
    CLambda head = {lam->params, {0}, cbody_new()};
    for (int i = 0; i <= s; i++)
        vec_push(&head.body->stms, lam->body->stms.data[i]);
    for (int k = 0; k < S->pat.len; k++) {
        vec_push(&head.body->result, catom_var(S->pat.data[k].name));
        vec_push(&head.ret, S->pat.data[k].type);
    }
    CExp *a = cexp_new(CE_SCREMA, e->loc);
    vec_push(&a->args, e->args.data[0]);
    a->arrays = e->arrays;
    a->lam = core_clone_lambda(&head);
    CParamVec pa = {0};
    for (int k = 0; k < S->pat.len; k++) {
        CParam r = {opt_fresh(S->pat.data[k].name), ctype_outer(w, S->pat.data[k].type)};
        note_type(types, r.name, r.type);
        vec_push(&pa, r);
    }
    /* the second: the prefix again, the reduction's results as parameters, the rest */
    CLambda *tail = clambda_new();
    tail->body = cbody_new();
    tail->params = (CParamVec){0};
    for (int k = 0; k < lam->params.len; k++)
        vec_push(&tail->params, lam->params.data[k]);
    tail->ret = lam->ret;
    for (int k = 0; k < S->pat.len; k++)
        vec_push(&tail->params, S->pat.data[k]);
    for (int i = 0; i < lam->body->stms.len; i++)
        if (i != s)
            vec_push(&tail->body->stms, lam->body->stms.data[i]);
    tail->body->result = lam->body->result;
    CExp *b = cexp_new(CE_SCREMA, e->loc);
    *b = *e;
    b->arrays = (CAtomVec){0};
    for (int k = 0; k < e->arrays.len; k++)
        vec_push(&b->arrays, e->arrays.data[k]);
    for (int k = 0; k < pa.len; k++)
        vec_push(&b->arrays, catom_var(pa.data[k].name));
    b->lam = tail;
    *first = (CStm){pa, a};
    *rest = (CStm){st->pat, b};
    return true;
}
