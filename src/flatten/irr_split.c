/* irr_split.c — distribution of an irregular map over its statements (seed 004's flattening
 * of a statement sequence in a map: each statement of the body gets the map's context of its
 * own).  irregular.c flattens a map whose body runs one inner SOAC of a width that varies per
 * element, irr_control.c one whose body runs an if or a loop; a body that runs more,
 *
 *     map (\x -> let p = prefix(x)             -- cheap statements (irregular.c's prefix)
 *                let r = S(p)                   -- the first statement that is not cheap
 *                in rest(p, r)) xs              -- parallel work, reading r
 *
 * is cut after S into two maps over the same elements,
 *
 *     rs = map (\x -> let p = prefix(x) in S(p)) xs
 *     map (\x r -> let p = prefix(x) in rest(p, r)) xs rs
 *
 * the prefix recomputed in the second (it is cheap by construction: no value of the element
 * is ever replicated).  S is one of
 *   - a screma of a width that varies per element with reductions only: its results one value
 *     per element (a screma with scans and reductions is split into the two first);
 *   - a sequential if or loop of scalar results (a while loop, say): one value per element;
 *   - an array literal of a fixed size (quickhull's `[p, c]`): one row of it per element;
 *   - a map or scan of a width w that varies per element: its rows, of w elements each, cross
 *     the cut flat, at the offsets of the widths, and the second map reads row i as a view of
 *     them (its bounds the offsets' slices [0, n) and [1, n], inputs like the others): seed
 *     004's jagged representation between the two.
 * The first map is irregular.c's shape (or a plain map); the second is cut again while it has
 * the same form, and otherwise keeps its own versions (irr_control.c's, irregular.c's or
 * flatten.c's).  The map's concatenated results (represent pass) stay the second map's.
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

/* How statement s crosses the cut: scalars, or rows. */
typedef enum { CUT_NONE, CUT_SCALARS, CUT_ROWS } CutKind;

/* Whether atom a is bound inside the lambda (its parameters and statements). */
static bool bound_in(const OMap *bound, CAtom a) { return a.kind == CA_VAR && omap_has(bound, a.var); }

static bool all_scalar(const CParamVec *pat) {
    for (int k = 0; k < pat->len; k++)
        if (pat->data[k].type.rank)
            return false;
    return true;
}

/* Whether every dimension of t is a constant. */
static bool const_dims(CType t) {
    for (int k = 0; k < t.rank; k++)
        if (t.dims[k].kind != CDIM_CONST)
            return false;
    return true;
}

/* How statement x (binding pat), the first of the body that is not cheap, is cut after. */
static CutKind cut_kind(const CExp *x, const CParamVec *pat, const OMap *bound) {
    if (x->kind == CE_SCREMA) {
        if (!bound_in(bound, x->args.data[0]) || !coperators_scalar(&x->reds) || !coperators_scalar(&x->scans) ||
            x->offsets.len)
            return CUT_NONE;
        if (x->reds.len)
            return CUT_SCALARS;
        for (int k = 0; k < pat->len; k++)
            if (pat->data[k].type.rank != 1)
                return CUT_NONE;
        return CUT_ROWS;
    }
    if ((x->kind == CE_LOOP || x->kind == CE_IF) && !irr_runs_parallel(x) && all_scalar(pat))
        return CUT_SCALARS;
    if (x->kind == CE_ARRAY && pat->len == 1 && const_dims(pat->data[0].type))
        return CUT_SCALARS; /* a literal of a fixed size: [n][k] between the maps */
    return CUT_NONE;
}

/* The index of the statement of the map lambda's body to cut after (the first that is not
 * cheap, when cut_kind takes it), its kind in *kind; -1 when there is none. */
static int cut_point(const CLambda *lam, CutKind *kind) {
    const CBody *b = lam->body;
    OMap bound = {0};
    for (int i = 0; i < lam->params.len; i++)
        omap_put(&bound, lam->params.data[i].name, (void *)1);
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        if (!irr_cheap(s->exp)) {
            *kind = cut_kind(s->exp, &s->pat, &bound);
            return *kind == CUT_NONE ? -1 : i;
        }
        for (int k = 0; k < s->pat.len; k++)
            omap_put(&bound, s->pat.data[k].name, (void *)1);
    }
    return -1;
}

/* The body of the lambda with its statement s, a screma with reductions and scans or map
 * results (a redomap whose mapped rows are used too), as two: the reductions at s, then the
 * scans and maps (cb_split_screma); otherwise the body itself.  The cut after s carries
 * scalars only: rows of the width of S cross it as the second map's own. */
static CBody *reduction_first(const CBody *b, int s) {
    const CStm *S = &b->stms.data[s];
    if (S->exp->kind != CE_SCREMA || !S->exp->reds.len ||
        (!S->exp->scans.len && S->pat.len == coperators_results(&S->exp->reds)))
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

/* The offsets of the rows S (statement s of the map e's lambda lam) makes: its width at every
 * element (the prefix recomputed), scanned. */
static CAtom row_offsets(const CExp *e, const CLambda *lam, int s, CBuild *b, const OMap *iotas) {
    CExp whole = *e;
    whole.lam = (CLambda *)lam;
    CAtom n = e->args.data[0];
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    OMap subst = {0};
    irr_element(&whole, &in, catom_var(i.name), s, NULL, iotas, &subst);
    CAtom w = lam->body->stms.data[s].exp->args.data[0];
    CAtom *r = w.kind == CA_VAR ? omap_get(&subst, w.var) : NULL;
    CAtomVec res = {0};
    vec_push(&res, r ? *r : w);
    in.body->result = res;
    irr_prune(in.body);
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtom all = cb_iota(b, n);
    return cb_offsets(b, cb_map(b, n, &all, 1, cb_lambda(ps, &in, res), NULL));
}

bool irr_split(const CStm *st, CBuild *b, const OMap *iotas) {
    const CExp *e = st->exp;
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len)
        return false;
    CutKind kind;
    int s = cut_point(e->lam, &kind);
    if (s < 0)
        return false;
    CLambda whole = *e->lam;
    whole.body = reduction_first(e->lam->body, s);
    const CLambda *lam = &whole;
    if (!parallel_after(lam->body, s))
        return false;
    const CStm *S = &lam->body->stms.data[s];
    CAtom n = e->args.data[0];
    CAtom offs = kind == CUT_ROWS ? row_offsets(e, lam, s, b, iotas) : (CAtom){0};
    /* the first map: the prefix and S, its results one value per element or rows at offs */
    CLambda head = {lam->params, {0}, cbody_new()};
    for (int i = 0; i <= s; i++)
        vec_push(&head.body->stms, lam->body->stms.data[i]);
    CExp *a = cb_exp(b, CE_SCREMA);
    vec_push(&a->args, n);
    a->arrays = e->arrays;
    CParamVec pa = {0};
    for (int k = 0; k < S->pat.len; k++) {
        CType t = S->pat.data[k].type;
        vec_push(&head.body->result, catom_var(S->pat.data[k].name));
        /* a row's size may be bound in the body (a statement of the prefix): the lambda
         * returns rows of any size, as the represent pass's concatenating maps do */
        vec_push(&head.ret, kind == CUT_ROWS ? ctype_outer(cdim_any(), ctype_elem(t)) : t);
        CParam r = cb_param(b, S->pat.data[k].name, kind == CUT_ROWS ? ctype_outer(cdim_any(), ctype_elem(t))
                                                                     : ctype_outer(cdim_of_atom(n), t));
        vec_push(&pa, r);
        if (kind == CUT_ROWS)
            vec_push(&a->offsets, offs);
    }
    a->lam = core_clone_lambda(&head);
    cb_let_pat(b, pa, a);
    /* the second: S's results as parameters (rows: their bounds, a view of them where S was),
     * the prefix again, the rest */
    CExp *x = cb_exp(b, CE_SCREMA);
    *x = *e;
    x->arrays = (CAtomVec){0};
    for (int k = 0; k < e->arrays.len; k++)
        vec_push(&x->arrays, e->arrays.data[k]);
    CLambda *tail = clambda_new();
    tail->body = cbody_new();
    tail->ret = lam->ret;
    for (int k = 0; k < lam->params.len; k++)
        vec_push(&tail->params, lam->params.data[k]);
    CAtom starts = {0}, ends = {0};
    if (kind == CUT_ROWS) {
        starts = cb_slice(b, offs, cb_i64(0), n);
        ends = cb_slice(b, offs, cb_i64(1), cb_add(b, n, cb_i64(1)));
    }
    for (int i = 0; i < s; i++)
        vec_push(&tail->body->stms, lam->body->stms.data[i]);
    for (int k = 0; k < S->pat.len; k++) {
        if (kind == CUT_SCALARS) {
            vec_push(&tail->params, S->pat.data[k]);
            vec_push(&x->arrays, catom_var(pa.data[k].name));
            continue;
        }
        CParam lo = {opt_fresh("start"), ctype_prim(PRIM_I64)}, hi = {opt_fresh("end"), ctype_prim(PRIM_I64)};
        vec_push(&tail->params, lo);
        vec_push(&tail->params, hi);
        vec_push(&x->arrays, starts);
        vec_push(&x->arrays, ends);
        CExp *view = cexp_new(CE_INDEX, S->exp->loc);
        vec_push(&view->args, catom_var(pa.data[k].name));
        vec_push(&view->slice, ((CIndex){true, catom_var(lo.name), catom_var(hi.name), cb_i64(1)}));
        CParamVec vp = {0};
        vec_push(&vp, S->pat.data[k]);
        cbody_let(tail->body, vp, view);
    }
    for (int i = s + 1; i < lam->body->stms.len; i++)
        vec_push(&tail->body->stms, lam->body->stms.data[i]);
    tail->body->result = lam->body->result;
    x->lam = tail;
    cb_let_pat(b, st->pat, x);
    return true;
}
