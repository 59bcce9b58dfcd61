/* clone.c — deep copies of syntax trees.
 *
 * Used where one piece of source must be checked or evaluated as separate trees: the inner
 * value of a compound update path (`a with [i].f = v` reads a[i] again), and every application
 * of a parametric module, whose body is checked once per argument (types/module.c).  A copy
 * shares only interned names and attributes (which nothing annotates).
 */
#include "ast.h"

#define COPY_VEC(dst, src)                                                                 \
    do {                                                                                   \
        (dst).data = NULL;                                                                 \
        (dst).len = (dst).cap = 0;                                                         \
        for (int i_ = 0; i_ < (src).len; i_++)                                             \
            vec_push(&(dst), (src).data[i_]);                                              \
    } while (0)

static ExprVec clone_exprs(const ExprVec *v) {
    ExprVec r = {0};
    for (int i = 0; i < v->len; i++)
        vec_push(&r, ast_clone_expr(v->data[i]));
    return r;
}

static PatVec clone_pats(const PatVec *v) {
    PatVec r = {0};
    for (int i = 0; i < v->len; i++)
        vec_push(&r, ast_clone_pat(v->data[i]));
    return r;
}

static TypeExpVec clone_texps(const TypeExpVec *v) {
    TypeExpVec r = {0};
    for (int i = 0; i < v->len; i++)
        vec_push(&r, ast_clone_texp(v->data[i]));
    return r;
}

static DimExp clone_dim(const DimExp *d) {
    DimExp r = *d;
    r.expr = d->expr ? ast_clone_expr(d->expr) : NULL;
    return r;
}

DimIndexVec ast_clone_indices(const DimIndexVec *idx) {
    DimIndexVec r = {0};
    for (int i = 0; i < idx->len; i++) {
        DimIndex d = idx->data[i];
        d.start = d.start ? ast_clone_expr(d.start) : NULL;
        d.end = d.end ? ast_clone_expr(d.end) : NULL;
        d.stride = d.stride ? ast_clone_expr(d.stride) : NULL;
        vec_push(&r, d);
    }
    return r;
}

TypeExp *ast_clone_texp(const TypeExp *t) {
    if (!t)
        return NULL;
    TypeExp *c = xmalloc(sizeof *c);
    *c = *t;
    c->dim = clone_dim(&t->dim);
    c->elem = ast_clone_texp(t->elem);
    c->ret = ast_clone_texp(t->ret);
    c->elems = clone_texps(&t->elems);
    COPY_VEC(c->fields, t->fields);
    c->dim_args.data = NULL;
    c->dim_args.len = c->dim_args.cap = 0;
    for (int i = 0; i < t->dim_args.len; i++)
        vec_push(&c->dim_args, clone_dim(&t->dim_args.data[i]));
    c->expanded = ast_clone_texp(t->expanded);
    return c;
}

Pat *ast_clone_pat(const Pat *p) {
    if (!p)
        return NULL;
    Pat *c = xmalloc(sizeof *c);
    *c = *p;
    c->elems = clone_pats(&p->elems);
    COPY_VEC(c->fields, p->fields);
    c->inner = ast_clone_pat(p->inner);
    c->texp = ast_clone_texp(p->texp);
    c->lit = p->lit ? ast_clone_expr(p->lit) : NULL;
    c->type = NULL;
    return c;
}

Expr *ast_clone_expr(const Expr *e) {
    if (!e)
        return NULL;
    Expr *c = xmalloc(sizeof *c);
    *c = *e;
    c->type = NULL;
    c->binding = NULL;
    c->inst = NULL;
    c->lhs = ast_clone_expr(e->lhs);
    c->mid = ast_clone_expr(e->mid);
    c->rhs = ast_clone_expr(e->rhs);
    c->body = ast_clone_expr(e->body);
    c->cond = ast_clone_expr(e->cond);
    c->init = ast_clone_expr(e->init);
    c->elems = clone_exprs(&e->elems);
    c->args = clone_exprs(&e->args);
    COPY_VEC(c->fields, e->fields);
    c->idx = ast_clone_indices(&e->idx);
    c->pat = ast_clone_pat(e->pat);
    c->params = clone_pats(&e->params);
    COPY_VEC(c->tparams, e->tparams);
    c->texp = ast_clone_texp(e->texp);
    c->loop_pat = ast_clone_pat(e->loop_pat);
    c->cases = clone_pats(&e->cases);
    return c;
}

static ModSpec *clone_spec(const ModSpec *sp) {
    ModSpec *c = xmalloc(sizeof *c);
    *c = *sp;
    COPY_VEC(c->tparams, sp->tparams);
    c->texp = ast_clone_texp(sp->texp);
    c->sig = ast_clone_sig(sp->sig);
    return c;
}

SigExp *ast_clone_sig(const SigExp *s) {
    if (!s)
        return NULL;
    SigExp *c = xmalloc(sizeof *c);
    *c = *s;
    c->specs.data = NULL;
    c->specs.len = c->specs.cap = 0;
    for (int i = 0; i < s->specs.len; i++)
        vec_push(&c->specs, clone_spec(s->specs.data[i]));
    c->base = ast_clone_sig(s->base);
    c->ret = ast_clone_sig(s->ret);
    COPY_VEC(c->tparams, s->tparams);
    c->texp = ast_clone_texp(s->texp);
    return c;
}

static ModParamVec clone_mod_params(const ModParamVec *ps) {
    ModParamVec r = {0};
    for (int i = 0; i < ps->len; i++) {
        ModParam p = ps->data[i];
        p.sig = ast_clone_sig(p.sig);
        vec_push(&r, p);
    }
    return r;
}

ModExp *ast_clone_mod(const ModExp *m) {
    if (!m)
        return NULL;
    ModExp *c = xmalloc(sizeof *c);
    *c = *m;
    c->decls = (DeclVec){0};
    for (int i = 0; i < m->decls.len; i++)
        vec_push(&c->decls, ast_clone_decl(m->decls.data[i]));
    c->fn = ast_clone_mod(m->fn);
    c->arg = ast_clone_mod(m->arg);
    c->body = ast_clone_mod(m->body);
    c->sig = ast_clone_sig(m->sig);
    c->params = clone_mod_params(&m->params);
    return c; /* an import's file is shared: a file is one module */
}

Decl *ast_clone_decl(const Decl *d) {
    Decl *c = xmalloc(sizeof *c);
    *c = *d;
    COPY_VEC(c->tparams, d->tparams);
    c->params = clone_pats(&d->params);
    c->ret = ast_clone_texp(d->ret);
    c->body = ast_clone_expr(d->body);
    c->type = NULL;
    c->mparams = clone_mod_params(&d->mparams);
    c->sig = ast_clone_sig(d->sig);
    c->mod = ast_clone_mod(d->mod);
    return c;
}
