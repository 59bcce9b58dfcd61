/* plan.c — the memory plan of a program (memory.h): for each function its strided arrays
 * (layout.c), its iotas never built, the arrays of its iterations that may outlive them
 * (escape.c) and, for every body, where each variable dies (lifetime.c).  The emitter reads it;
 * `weft dev --print=mem` prints it.
 *
 * Iteration bodies escape as their kind says: a loop's results and an operator's new
 * accumulators are carried to the next iteration; the results of a map, scatter, hist or filter
 * lambda and of a segop's body are written out (copied, or built in place) before it ends.
 */
#include <string.h>

#include "memory.h"

typedef struct {
    const CBody *body;
    const CParam *params;
    int nparams;
    const FLife *life;
} Life;

/* The arrays the if at statement at of a body (known by its lifetimes) hands over. */
typedef struct {
    const FLife *life;
    int at;
    const FHanded *handed;
} Handover;

struct MemFun {
    const CFun *fun;
    OMap layouts, lazy_iotas, escapes;
    Vec(Life) lives;
    Vec(Handover) handovers;
};

static void walk_body(MemFun *mf, const CBody *b, const CParam *params, int np);

static void walk_lambda(MemFun *mf, const CLambda *l, bool results_escape) {
    if (!l)
        return;
    fesc_body(l->body, results_escape, &mf->escapes);
    walk_body(mf, l->body, l->params.data, l->params.len);
}

static void walk_ops(MemFun *mf, const COperatorVec *ops) {
    for (int i = 0; i < ops->len; i++)
        walk_lambda(mf, ops->data[i].lam, true);
}

/* Statement at of a body whose lifetimes are life. */
static void walk_exp(MemFun *mf, const CExp *e, const FLife *life, int at) {
    switch (e->kind) {
    case CE_IF: {
        const FHanded *h = memory_handed(mf, life, at);
        walk_body(mf, e->body, h->vars.data, h->vars.len);
        walk_body(mf, e->body2, h->vars.data, h->vars.len);
        return;
    }
    case CE_LOOP:
        fesc_body(e->body, true, &mf->escapes);
        walk_body(mf, e->body, e->params.data, e->params.len);
        return;
    case CE_SEGOP:
        fesc_body(e->body, false, &mf->escapes);
        walk_body(mf, e->body, NULL, 0);
        walk_ops(mf, &e->scans);
        walk_ops(mf, &e->reds);
        return;
    case CE_SCREMA:
    case CE_SCATTER:
    case CE_HIST:
    case CE_FILTER:
        walk_lambda(mf, e->lam, false);
        walk_ops(mf, &e->scans);
        walk_ops(mf, &e->reds);
        return;
    default: return;
    }
}

static void walk_body(MemFun *mf, const CBody *b, const CParam *params, int np) {
    const FLife *life = memory_lifetimes(mf, b, params, np);
    for (int i = 0; i < b->stms.len; i++)
        walk_exp(mf, b->stms.data[i].exp, life, i);
}

static MemFun *plan_fun(const CFun *f) {
    MemFun *mf = xmalloc(sizeof *mf);
    *mf = (MemFun){f, {0}, {0}, {0}, {0}, {0}};
    flayout_fun(f, &mf->layouts);
    opt_lazy_iotas(f, &mf->lazy_iotas);
    walk_body(mf, f->body, NULL, 0);
    return mf;
}

MemPlan *memory_plan(const CProg *p) {
    MemPlan *m = xmalloc(sizeof *m);
    *m = (MemPlan){{0}};
    for (int i = 0; i < p->funs.len; i++)
        vec_push(&m->funs, plan_fun(p->funs.data[i]));
    return m;
}

MemFun *memory_fun(const MemPlan *m, const CFun *f, OMap *layouts, OMap *lazy_iotas, OMap *escapes) {
    for (int i = 0; i < m->funs.len; i++) {
        MemFun *mf = m->funs.data[i];
        if (mf->fun == f) {
            *layouts = mf->layouts;
            *lazy_iotas = mf->lazy_iotas;
            *escapes = mf->escapes;
            return mf;
        }
    }
    die("memory: no plan for function %s", f->name);
}

/* The handover whose arrays are params (the parameters of a branch), or NULL. */
static const FHanded *branch_params(const MemFun *mf, const CParam *params) {
    for (int i = 0; i < mf->handovers.len && params; i++)
        if (mf->handovers.data[i].handed->vars.data == params)
            return mf->handovers.data[i].handed;
    return NULL;
}

const FLife *memory_lifetimes(MemFun *mf, const CBody *b, const CParam *params, int nparams) {
    for (int i = 0; i < mf->lives.len; i++) {
        Life *l = &mf->lives.data[i];
        if (l->body == b && l->params == params && l->nparams == nparams)
            return l->life;
    }
    const FHanded *h = branch_params(mf, params);
    Life l = {b, params, nparams, h ? flife_branch(b, h) : flife_body(b, params, nparams)};
    vec_push(&mf->lives, l);
    return l.life;
}

const FHanded *memory_handed(MemFun *mf, const FLife *life, int at) {
    for (int i = 0; i < mf->handovers.len; i++)
        if (mf->handovers.data[i].life == life && mf->handovers.data[i].at == at)
            return mf->handovers.data[i].handed;
    const Life *owner = NULL;
    for (int i = 0; i < mf->lives.len && !owner; i++)
        if (mf->lives.data[i].life == life)
            owner = &mf->lives.data[i];
    if (!owner)
        die("memory: lifetimes of an unknown body");
    const FHanded *given = branch_params(mf, owner->params); /* owner a branch: what its if handed it */
    Handover h = {life, at,
                  flife_handed(owner->body, owner->params, given ? given->bases : NULL, owner->nparams, life, at)};
    vec_push(&mf->handovers, h);
    return h.handed;
}

/* ---- printing ---- */

/* The names of map m, sorted (the map's order depends on its hash). */
static void print_names(FILE *out, const char *what, const OMap *m) {
    Vec(const char *) names = {0};
    for (int k = 0; k < m->cap; k++)
        if (m->keys[k] && m->vals[k])
            vec_push(&names, m->keys[k]);
    for (int i = 1; i < names.len; i++)
        for (int j = i; j > 0 && strcmp(names.data[j - 1], names.data[j]) > 0; j--) {
            const char *t = names.data[j];
            names.data[j] = names.data[j - 1];
            names.data[j - 1] = t;
        }
    fprintf(out, "  %s:", what);
    for (int i = 0; i < names.len; i++)
        fprintf(out, " %s", names.data[i]);
    fprintf(out, "%s\n", names.len ? "" : " (none)");
}

/* Whether the if at statement at of the body whose lifetimes are life hands var over. */
static bool handed_over(const MemFun *mf, const FLife *life, int at, const char *var) {
    for (int i = 0; i < mf->handovers.len; i++) {
        const Handover *h = &mf->handovers.data[i];
        for (int k = 0; h->life == life && h->at == at && k < h->handed->vars.len; k++)
            if (h->handed->vars.data[k].name == var)
                return true;
    }
    return false;
}

/* A body's lifetimes: after which statement each of its variables dies (its first pattern
 * names the statement), or "results" / "unused", or into which if's branches it passes. */
static void print_life(FILE *out, const MemFun *mf, const Life *life) {
    const CBody *b = life->body;
    const FLife *l = life->life;
    for (int k = 0; k < l->last.cap; k++) {
        const char *v = l->last.keys[k];
        if (!v)
            continue;
        int at = flife_last(l, v);
        const char *stm = at >= 0 && at < b->stms.len && b->stms.data[at].pat.len ? b->stms.data[at].pat.data[0].name
                                                                                     : "an assertion";
        fprintf(out, "    %s ", v);
        if (at == -1)
            fprintf(out, "dies unused\n");
        else if (at == b->stms.len)
            fprintf(out, "dies in the results\n");
        else if (handed_over(mf, l, at, v))
            fprintf(out, "passes into the branches of %s\n", stm);
        else
            fprintf(out, "dies after %s\n", stm);
    }
}

void memory_print(FILE *out, const CProg *p, const MemPlan *m) {
    for (int i = 0; i < m->funs.len; i++) {
        MemFun *mf = m->funs.data[i];
        fprintf(out, "fun %s\n", mf->fun->name);
        print_names(out, "strided", &mf->layouts);
        print_names(out, "iotas not built", &mf->lazy_iotas);
        print_names(out, "escape their iteration", &mf->escapes);
        for (int k = 0; k < mf->lives.len; k++) {
            const Life *l = &mf->lives.data[k];
            const CBody *b = l->body;
            fprintf(out, "  body %d (%d statements%s", k, b->stms.len, l->nparams ? ", parameters" : "");
            for (int j = 0; j < l->nparams; j++)
                fprintf(out, " %s", l->params[j].name);
            fprintf(out, "):\n");
            print_life(out, mf, l);
        }
    }
    (void)p;
}
