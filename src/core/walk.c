/* walk.c — helpers shared by the optimiser's passes and later stages (ir.h, "walk.c"): a name map, a visitor over the
 * variable uses of expressions, use counting, substitution, and the questions the passes ask
 * of an expression (may it fail? allocate? what does it consume?).
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"


/* ---- the visitor ---- */

void owalk_type(OWalk *w, CType *t) {
    if (!w->dim)
        return;
    for (int i = 0; i < t->rank; i++)
        if (t->dims[i].kind == CDIM_VAR)
            w->dim(w, &t->dims[i]);
}

static void walk_atoms(OWalk *w, CAtomVec *v) {
    for (int i = 0; i < v->len; i++)
        if (v->data[i].kind == CA_VAR)
            w->atom(w, &v->data[i]);
}

static void walk_atom(OWalk *w, CAtom *a) {
    if (a->kind == CA_VAR)
        w->atom(w, a);
}

static void walk_params(OWalk *w, CParamVec *ps) {
    for (int i = 0; i < ps->len; i++)
        owalk_type(w, &ps->data[i].type);
}

void owalk_lambda(OWalk *w, CLambda *l) {
    walk_params(w, &l->params);
    for (int i = 0; i < l->ret.len; i++)
        owalk_type(w, &l->ret.data[i]);
    owalk_body(w, l->body);
}

static void walk_ops(OWalk *w, COperatorVec *ops) {
    for (int i = 0; i < ops->len; i++) {
        walk_atoms(w, &ops->data[i].nes);
        owalk_lambda(w, ops->data[i].lam);
    }
}

void owalk_exp(OWalk *w, CExp *e) {
    walk_atoms(w, &e->args);
    walk_atoms(w, &e->offsets);
    if ((e->kind == CE_SEGOP || e->kind == CE_SCATTER || e->kind == CE_HIST) && e->irregular)
        walk_atom(w, &e->segs);
    if (e->kind == CE_SEGOP && e->binned) {
        walk_atom(w, &e->bins[0]);
        walk_atom(w, &e->bins[1]);
    }
    if (e->kind == CE_SEGOP && e->masked)
        walk_atom(w, &e->mask);
    for (int i = 0; i < e->slice.len; i++) {
        CIndex *ix = &e->slice.data[i];
        walk_atom(w, &ix->start);
        if (ix->is_slice) {
            walk_atom(w, &ix->end);
            walk_atom(w, &ix->stride);
        }
    }
    if (e->kind == CE_ARRAY)
        owalk_type(w, &e->type);
    if (e->kind == CE_LOOP) {
        walk_params(w, &e->params);
        if (!e->cond)
            walk_atom(w, &e->bound);
    }
    if (e->body)
        owalk_body(w, e->body);
    if (e->body2)
        owalk_body(w, e->body2);
    walk_atoms(w, &e->arrays);
    walk_atoms(w, &e->dests);
    walk_ops(w, &e->scans);
    walk_ops(w, &e->reds);
    if (e->lam)
        owalk_lambda(w, e->lam);
}

void owalk_body(OWalk *w, CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        walk_params(w, &b->stms.data[i].pat);
        owalk_exp(w, b->stms.data[i].exp);
    }
    walk_atoms(w, &b->result);
}

/* ---- use counts ---- */

static void count_atom(OWalk *w, CAtom *a) { omap_add(w->ctx, a->var, 1); }
static void count_dim(OWalk *w, CDim *d) { omap_add(w->ctx, d->var, 1); }

void opt_count_body(CBody *b, OMap *counts) {
    OWalk w = {count_atom, count_dim, counts};
    owalk_body(&w, b);
}

void opt_count_exp(CExp *e, OMap *counts) {
    OWalk w = {count_atom, count_dim, counts};
    owalk_exp(&w, e);
}

/* ---- substitution ---- */

static CAtom resolve(const OMap *s, CAtom a) {
    for (int guard = 0; a.kind == CA_VAR && guard < 1000; guard++) {
        CAtom *to = omap_get(s, a.var);
        if (!to)
            break;
        a = *to;
    }
    return a;
}

static void subst_atom(OWalk *w, CAtom *a) { *a = resolve(w->ctx, *a); }

static void subst_dim(OWalk *w, CDim *d) {
    CAtom a = resolve(w->ctx, catom_var(d->var));
    if (a.kind == CA_VAR)
        d->var = a.var;
    else
        *d = cdim_const(a.ival);
}

/* Types may share their dims arrays; that is harmless, as a substitution holds in the whole
 * function (names are unique). */
void opt_subst_type(CType *t, const OMap *subst) {
    OWalk w = {subst_atom, subst_dim, (void *)subst};
    owalk_type(&w, t);
}

void opt_subst_exp(CExp *e, const OMap *subst) {
    if (!subst->len)
        return;
    OWalk w = {subst_atom, subst_dim, (void *)subst};
    owalk_exp(&w, e);
}

void opt_subst_body(CBody *b, const OMap *subst) {
    if (!subst->len)
        return;
    OWalk w = {subst_atom, subst_dim, (void *)subst};
    owalk_body(&w, b);
}

/* ---- does a statement read a name? ---- */

typedef struct {
    const OMap *names;
    bool found;
} Reads;

static void reads_atom(OWalk *w, CAtom *a) {
    Reads *r = w->ctx;
    r->found = r->found || (a->kind == CA_VAR && omap_has(r->names, a->var));
}

static void reads_dim(OWalk *w, CDim *d) {
    Reads *r = w->ctx;
    r->found = r->found || omap_has(r->names, d->var);
}

bool opt_stm_reads(CStm *st, const OMap *names) {
    Reads r = {names, false};
    OWalk w = {reads_atom, reads_dim, &r};
    for (int i = 0; i < st->pat.len; i++)
        owalk_type(&w, &st->pat.data[i].type);
    owalk_exp(&w, st->exp);
    return r.found;
}

/* ---- bound names ---- */

static void bound_params(const CParamVec *ps, OMap *bound) {
    for (int i = 0; i < ps->len; i++)
        omap_put(bound, ps->data[i].name, (void *)1);
}

static void bound_body(CBody *b, OMap *bound);

static void bound_lambda(CLambda *l, OMap *bound) {
    bound_params(&l->params, bound);
    bound_body(l->body, bound);
}

static void bound_body(CBody *b, OMap *bound) {
    for (int i = 0; i < b->stms.len; i++) {
        bound_params(&b->stms.data[i].pat, bound);
        opt_bound_exp(b->stms.data[i].exp, bound);
    }
}

void opt_bound_exp(CExp *e, OMap *bound) {
    if (e->kind == CE_LOOP) {
        bound_params(&e->params, bound);
        if (e->index)
            omap_put(bound, e->index, (void *)1);
    }
    if (e->body)
        bound_body(e->body, bound);
    if (e->body2)
        bound_body(e->body2, bound);
    for (int i = 0; i < e->scans.len; i++)
        bound_lambda(e->scans.data[i].lam, bound);
    for (int i = 0; i < e->reds.len; i++)
        bound_lambda(e->reds.data[i].lam, bound);
    if (e->lam)
        bound_lambda(e->lam, bound);
}

/* ---- may an expression allocate? ---- */

static bool exp_may_allocate(const CExp *e, const CParamVec *pat) {
    if (e->kind == CE_APPLY) /* a function of a recursive definition may, whatever it returns */
        return true;
    bool view = e->kind == CE_ATOM || e->kind == CE_INDEX || e->kind == CE_REARRANGE || e->kind == CE_SIZE;
    for (int j = 0; j < pat->len && !view; j++)
        if (pat->data[j].type.rank)
            return true;
    CBody **bs;
    int nb = cexp_bodies(e, &bs);
    bool r = false;
    for (int i = 0; i < nb && !r; i++)
        r = opt_body_may_allocate(bs[i]);
    free(bs);
    return r;
}

bool opt_body_may_allocate(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_may_allocate(b->stms.data[i].exp, &b->stms.data[i].pat))
            return true;
    return false;
}

/* ---- may an expression fail? ---- */

static bool body_may_fail(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (opt_may_fail(b->stms.data[i].exp))
            return true;
    return false;
}

static bool ops_may_fail(const COperatorVec *ops) {
    for (int i = 0; i < ops->len; i++)
        if (body_may_fail(ops->data[i].lam->body))
            return true;
    return false;
}

bool opt_may_fail(const CExp *e) {
    switch (e->kind) {
    case CE_ATOM:
    case CE_SIZE:
    case CE_REARRANGE:
    case CE_COPY:
    case CE_ROTATE:
    case CE_ARRAY:
        return false;
    case CE_OP:
        if (!scalar_may_fail(e->op, e->prim))
            return false;
        return e->args.data[1].kind != CA_CONST || (e->op == COP_POW ? e->args.data[1].ival < 0 : e->args.data[1].ival == 0);
    case CE_INDEX:
        return !e->in_range;
    case CE_IOTA:
    case CE_REPLICATE: /* a negative size fails */
        return e->args.data[0].kind != CA_CONST || e->args.data[0].ival < 0;
    case CE_IF:
        return body_may_fail(e->body) || body_may_fail(e->body2);
    case CE_LOOP:
        return body_may_fail(e->body);
    case CE_SCREMA:
    case CE_FILTER:
    case CE_SCATTER: /* writes out of bounds are dropped */
    case CE_HIST:
        return body_may_fail(e->lam->body) || ops_may_fail(&e->scans) || ops_may_fail(&e->reds);
    default:
        return true; /* index, update, flatten, unflatten, concat, assert, apply */
    }
}

bool opt_stm_may_fail(const CStm *st) {
    if (st->exp->kind == CE_CONCAT && st->pat.len == 1 && st->pat.data[0].type.rank == 1)
        return false; /* rows of scalars: no inner sizes to differ */
    return opt_may_fail(st->exp);
}

/* ---- consumption ---- */

static void consumed_body(CBody *b, OMap *out) {
    for (int i = 0; i < b->stms.len; i++)
        opt_consumed_exp(b->stms.data[i].exp, out);
}

static void mark(const CAtom *a, OMap *out) {
    if (a->kind == CA_VAR)
        omap_put(out, a->var, (void *)1);
}

void opt_consumed_exp(CExp *e, OMap *out) {
    switch (e->kind) {
    case CE_UPDATE: mark(&e->args.data[0], out); break;
    case CE_SCATTER:
    case CE_HIST:
        for (int i = 0; i < e->dests.len; i++)
            mark(&e->dests.data[i], out);
        break;
    case CE_LOOP:
        for (int i = 0; i < e->params.len; i++)
            if (e->params.data[i].type.rank)
                mark(&e->args.data[i], out);
        break;
    default: break;
    }
    CBody **bs;
    int nb = cexp_bodies(e, &bs);
    for (int i = 0; i < nb; i++)
        consumed_body(bs[i], out);
    free(bs);
}

/* ---- names and counts ---- */

static int fresh_counter;

int opt_fresh_mark(void) { return fresh_counter; }

void opt_fresh_rewind(int mark) { fresh_counter = mark; }

const char *opt_fresh(const char *base) {
    int counter = fresh_counter;
    size_t n = strlen(base);
    /* strip a previous _oN or _N suffix so names stay short */
    const char *us = strrchr(base, '_');
    if (us && us > base)
        n = (size_t)(us - base);
    fresh_counter = ++counter;
    return intern(xsprintf("%.*s_o%d", (int)n, base, counter));
}

static void counts_body(const CBody *b, int *stms, int *soacs);

static void counts_lambda(const CLambda *l, int *stms, int *soacs) { counts_body(l->body, stms, soacs); }

static void counts_body(const CBody *b, int *stms, int *soacs) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        ++*stms;
        if (e->kind == CE_SCREMA || e->kind == CE_SCATTER || e->kind == CE_HIST || e->kind == CE_FILTER)
            ++*soacs;
        if (e->body)
            counts_body(e->body, stms, soacs);
        if (e->body2)
            counts_body(e->body2, stms, soacs);
        if (e->lam)
            counts_lambda(e->lam, stms, soacs);
        for (int j = 0; j < e->scans.len; j++)
            counts_lambda(e->scans.data[j].lam, stms, soacs);
        for (int j = 0; j < e->reds.len; j++)
            counts_lambda(e->reds.data[j].lam, stms, soacs);
    }
}

void opt_counts(const CProg *p, int *stms, int *soacs) {
    *stms = *soacs = 0;
    for (int i = 0; i < p->funs.len; i++)
        counts_body(p->funs.data[i]->body, stms, soacs);
}

/* ---- aliases ---- */

typedef struct Alias {
    const char *from;
    struct Alias *next;
} Alias;

static void alias_add(OMap *src, const char *name, const CAtom *from) {
    if (!from || from->kind != CA_VAR)
        return;
    Alias *a = xmalloc(sizeof *a);
    a->from = from->var;
    a->next = omap_get(src, name);
    omap_put(src, name, a);
}

/* name -> the names its value may share memory with (views, copies by name, if/loop results,
 * results of calls) */
static void alias_body(CBody *b, OMap *src) {
    for (int i = 0; i < b->stms.len; i++) {
        CStm *st = &b->stms.data[i];
        CExp *e = st->exp;
        switch (e->kind) {
        case CE_ATOM: case CE_INDEX: case CE_REARRANGE: case CE_FLATTEN:
            alias_add(src, st->pat.data[0].name, &e->args.data[0]);
            break;
        case CE_ROTATE: alias_add(src, st->pat.data[0].name, &e->args.data[1]); break;
        case CE_UNFLATTEN: alias_add(src, st->pat.data[0].name, &e->args.data[2]); break;
        case CE_IF:
        case CE_LOOP:
            for (int k = 0; k < st->pat.len; k++) {
                alias_add(src, st->pat.data[k].name, &e->body->result.data[k]);
                if (e->kind == CE_IF)
                    alias_add(src, st->pat.data[k].name, &e->body2->result.data[k]);
                else
                    alias_add(src, st->pat.data[k].name, &e->args.data[k]);
            }
            break;
        case CE_APPLY: /* a function may return (a view of) an argument */
            for (int k = 0; k < st->pat.len; k++)
                for (int a = 0; a < e->args.len; a++)
                    alias_add(src, st->pat.data[k].name, &e->args.data[a]);
            break;
        default: break;
        }
        if (e->body)
            alias_body(e->body, src);
        if (e->body2)
            alias_body(e->body2, src);
        if (e->lam)
            alias_body(e->lam->body, src);
    }
}

void opt_consumed_body(CBody *b, OMap *out) {
    for (int i = 0; i < b->stms.len; i++)
        opt_consumed_exp(b->stms.data[i].exp, out);
    opt_alias_closure(b, out);
}

void opt_alias_closure(CBody *b, OMap *out) {
    OMap src = {0};
    alias_body(b, &src);
    /* what a consumed name may share memory with is consumed too */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < out->cap; i++) {
            if (!out->keys[i])
                continue;
            for (Alias *a = omap_get(&src, out->keys[i]); a; a = a->next)
                if (!omap_has(out, a->from)) {
                    omap_put(out, a->from, (void *)1);
                    more = true;
                }
        }
    }
}

/* ---- iotas that need not be built ---- */

/* Counts, per variable, its uses as a screma/scatter/hist input in b (not filter: it keeps
 * the elements). */
static void count_soac_inputs(const CBody *b, OMap *m) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        if (e->kind == CE_SCREMA || e->kind == CE_SCATTER || e->kind == CE_HIST)
            for (int k = 0; k < e->arrays.len; k++)
                if (e->arrays.data[k].kind == CA_VAR)
                    omap_add(m, e->arrays.data[k].var, 1);
        CBody **bs;
        int nb = cexp_bodies(e, &bs);
        for (int k = 0; k < nb; k++)
            count_soac_inputs(bs[k], m);
        free(bs);
    }
}

static void collect_iotas(const CBody *b, const OMap *uses, const OMap *inputs, OMap *lazy) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        if (s->exp->kind == CE_IOTA && omap_int(uses, s->pat.data[0].name) == omap_int(inputs, s->pat.data[0].name))
            omap_put(lazy, s->pat.data[0].name, (void *)1);
        CBody **bs;
        int nb = cexp_bodies(s->exp, &bs);
        for (int k = 0; k < nb; k++)
            collect_iotas(bs[k], uses, inputs, lazy);
        free(bs);
    }
}

void opt_lazy_iotas(const CFun *f, OMap *out) {
    OMap uses = {0}, inputs = {0};
    opt_count_body(f->body, &uses);
    count_soac_inputs(f->body, &inputs);
    collect_iotas(f->body, &uses, &inputs, out);
}

/* ---- removing statements ---- */

void opt_remove_marked(CBody *b, const bool *gone) {
    int n = 0;
    for (int i = 0; i < b->stms.len; i++)
        if (!gone[i])
            b->stms.data[n++] = b->stms.data[i];
    b->stms.len = n;
}

/* ---- dead iotas ---- */

void opt_drop_dead_iotas(CBody *b) {
    OMap uses = {0};
    opt_count_body(b, &uses);
    Vec(CStm) kept = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CStm s = b->stms.data[i];
        if (s.exp->kind != CE_IOTA || omap_has(&uses, s.pat.data[0].name)) {
            vec_push(&kept, s);
            continue;
        }
        CAtom n = s.exp->args.data[0];
        if (n.kind == CA_CONST && n.ival >= 0)
            continue;
        CExp *ge = cexp_new(CE_OP, s.exp->loc);
        ge->op = COP_GE;
        ge->prim = PRIM_I64;
        vec_push(&ge->args, n);
        vec_push(&ge->args, catom_int(PRIM_I64, 0));
        const char *ok = opt_fresh("iota_ok");
        CParamVec pat = {0};
        vec_push(&pat, ((CParam){ok, ctype_prim(PRIM_BOOL)}));
        vec_push(&kept, ((CStm){pat, ge}));
        CExp *as = cexp_new(CE_ASSERT, s.exp->loc);
        vec_push(&as->args, catom_var(ok));
        as->msg = "negative size";
        vec_push(&kept, ((CStm){(CParamVec){0}, as}));
    }
    b->stms.data = kept.data;
    b->stms.len = kept.len;
    b->stms.cap = kept.cap;
}

/* ---- live-outs ---- */

/* The variables bound by stms[i..j) that stms[j..n) or the body's results read. */
CParamVec opt_liveouts(const CBody *body, int i, int j) {
    OMap later = {0};
    for (int k = j; k < body->stms.len; k++)
        opt_count_exp(body->stms.data[k].exp, &later);
    for (int k = 0; k < body->result.len; k++)
        if (body->result.data[k].kind == CA_VAR)
            omap_add(&later, body->result.data[k].var, 1);
    CParamVec live = {0};
    for (int k = i; k < j; k++) {
        const CStm *t = &body->stms.data[k];
        for (int q = 0; q < t->pat.len; q++)
            if (omap_has(&later, t->pat.data[q].name))
                vec_push(&live, t->pat.data[q]);
    }
    return live;
}
