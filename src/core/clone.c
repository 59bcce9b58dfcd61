/* clone.c — a deep copy of a body, lambda or expression with every variable it binds renamed to a
 * fresh name (opt_fresh), so that the copy can live in the same function as the original: the
 * flattener (src/flatten) emits several versions of the same code.  Uses of the renamed
 * variables, in atoms and in the dimensions of types, follow; free variables are kept.
 */
#include <string.h>

#include "ir.h"

typedef struct {
    OMap names; /* old name -> new name */
} Cl;

static const char *use(Cl *c, const char *v) {
    const char *n = omap_get(&c->names, v);
    return n ? n : v;
}

static const char *binder(Cl *c, const char *v) {
    const char *n = opt_fresh(v);
    omap_put(&c->names, v, (void *)n);
    return n;
}

static CAtom atom(Cl *c, CAtom a) {
    if (a.kind == CA_VAR)
        a.var = use(c, a.var);
    return a;
}

static CAtomVec atoms(Cl *c, const CAtomVec *v) {
    CAtomVec out = {0};
    for (int i = 0; i < v->len; i++)
        vec_push(&out, atom(c, v->data[i]));
    return out;
}

static CType type(Cl *c, CType t) {
    CType r = ctype_copy(t);
    for (int i = 0; i < r.rank; i++)
        if (r.dims[i].kind == CDIM_VAR)
            r.dims[i].var = use(c, r.dims[i].var);
    return r;
}

/* Parameters are binders: types first (they may only name outer variables), then names. */
static CParamVec params(Cl *c, const CParamVec *ps) {
    CParamVec out = {0};
    for (int i = 0; i < ps->len; i++)
        vec_push(&out, ((CParam){ps->data[i].name, type(c, ps->data[i].type)}));
    for (int i = 0; i < out.len; i++)
        out.data[i].name = binder(c, out.data[i].name);
    return out;
}

static CBody *body(Cl *c, const CBody *b);

static CLambda *lambda(Cl *c, const CLambda *l) {
    CLambda *r = clambda_new();
    r->params = params(c, &l->params);
    for (int i = 0; i < l->ret.len; i++)
        vec_push(&r->ret, type(c, l->ret.data[i]));
    r->body = body(c, l->body);
    return r;
}

static COperatorVec operators(Cl *c, const COperatorVec *ops) {
    COperatorVec out = {0};
    for (int i = 0; i < ops->len; i++) {
        COperator o = ops->data[i];
        o.nes = atoms(c, &o.nes);
        o.lam = lambda(c, o.lam);
        vec_push(&out, o);
    }
    return out;
}

static CExp *expr(Cl *c, const CExp *e) {
    CExp *r = cexp_new(e->kind, e->loc);
    *r = *e;
    r->args = atoms(c, &e->args);
    r->slice = (CIndexVec){0};
    for (int i = 0; i < e->slice.len; i++) {
        CIndex x = e->slice.data[i];
        x.start = atom(c, x.start);
        x.end = atom(c, x.end);
        x.stride = atom(c, x.stride);
        vec_push(&r->slice, x);
    }
    r->perm.data = NULL;
    r->perm.len = r->perm.cap = 0;
    for (int i = 0; i < e->perm.len; i++)
        vec_push(&r->perm, e->perm.data[i]);
    r->type = type(c, e->type);
    r->arrays = atoms(c, &e->arrays);
    r->dests = atoms(c, &e->dests);
    r->offsets = atoms(c, &e->offsets);
    if (e->irregular)
        r->segs = atom(c, e->segs);
    if (e->binned) {
        r->bins[0] = atom(c, e->bins[0]);
        r->bins[1] = atom(c, e->bins[1]);
    }
    if (e->masked)
        r->mask = atom(c, e->mask);
    r->scans = operators(c, &e->scans);
    r->reds = operators(c, &e->reds);
    r->lam = e->lam ? lambda(c, e->lam) : NULL;
    if (e->kind == CE_LOOP) {
        r->bound = atom(c, e->bound);
        r->params = params(c, &e->params);
        if (e->index)
            r->index = binder(c, e->index);
        if (e->cond)
            r->cond = use(c, e->cond);
    } else {
        r->params = params(c, &e->params); /* segop indices */
    }
    r->body = e->body ? body(c, e->body) : NULL;
    r->body2 = e->body2 ? body(c, e->body2) : NULL;
    return r;
}

static CBody *body(Cl *c, const CBody *b) {
    CBody *r = cbody_new();
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        CExp *e = expr(c, s->exp);
        CParamVec pat = params(c, &s->pat);
        cbody_let(r, pat, e);
    }
    r->result = atoms(c, &b->result);
    return r;
}

CBody *core_clone_body(const CBody *b) {
    Cl c = {0};
    return body(&c, b);
}

CLambda *core_clone_lambda(const CLambda *l) {
    Cl c = {0};
    return lambda(&c, l);
}
