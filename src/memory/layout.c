/* layout.c — which array variables of a function may be strided views (the others are dense).
 *
 * Every view carries valid strides, so reading them is always correct; but where the generator
 * knows an array is dense (row-major and contiguous) it indexes with the extents instead, which
 * lets the C compiler see unit strides and vectorise.  An array is strided when it is a
 * transpose (rearrange), a slice that skips elements or cuts inner dimensions, a row or alias
 * of a strided array, or an if/loop/accumulator value that may be one of those; the array
 * parameters of a function that is not an entry point, and the array results of its calls.  Everything
 * freshly allocated is dense, and reshapes (flatten, unflatten) copy strided inputs so their
 * results are dense.
 *
 * The analysis walks the function until nothing changes: loop parameters and accumulators
 * become strided when a later iteration may make them so.
 */
#include "memory.h"

typedef struct {
    OMap *strided;
    bool changed;
} Walk;

static bool is_strided(Walk *w, CAtom a) { return a.kind == CA_VAR && omap_has(w->strided, a.var); }

static void mark(Walk *w, const char *v) {
    if (!omap_has(w->strided, v)) {
        omap_put(w->strided, v, (void *)1);
        w->changed = true;
    }
}

static void mark_if(Walk *w, const char *v, bool cond) {
    if (cond)
        mark(w, v);
}

/* Whether index a[slice] of a dense array is dense: plain indices, then at most one slice with
 * stride 1 as the last index (the dimensions after it are taken whole). */
static bool dense_slice(const CIndexVec *sl) {
    for (int k = 0; k < sl->len; k++) {
        CIndex x = sl->data[k];
        if (!x.is_slice)
            continue;
        if (k != sl->len - 1)
            return false;
        return x.stride.kind == CA_CONST && x.stride.ival == 1;
    }
    return true;
}

static void walk_body(Walk *w, const CBody *b);

static void walk_lambda_params(Walk *w, const CLambda *lam, const CAtomVec *arrays) {
    for (int k = 0; k < arrays->len && k < lam->params.len; k++)
        mark_if(w, lam->params.data[k].name, lam->params.data[k].type.rank > 0 && is_strided(w, arrays->data[k]));
}

/* Operator lambdas: accumulator parameter j is strided when its neutral element or the
 * operator's result j may be; element parameter j when the value fed in (elems[j]) may be. */
static void walk_operator(Walk *w, const COperator *op, const CAtom *elems) {
    int k = op->nes.len;
    const CLambda *lam = op->lam;
    for (int j = 0; j < k; j++) {
        CAtom r = lam->body->result.data[j];
        mark_if(w, lam->params.data[j].name, is_strided(w, op->nes.data[j]) || is_strided(w, r));
        if (elems)
            mark_if(w, lam->params.data[k + j].name, is_strided(w, elems[j]));
    }
    walk_body(w, lam->body);
}

static void walk_screma(Walk *w, const CStm *s) {
    const CExp *e = s->exp;
    walk_lambda_params(w, e->lam, &e->arrays);
    walk_body(w, e->lam->body);
    const CAtom *res = e->lam->body->result.data;
    int at = 0, out = 0;
    for (int i = 0; i < e->scans.len; i++) {
        walk_operator(w, &e->scans.data[i], res + at);
        at += e->scans.data[i].nes.len;
        out += e->scans.data[i].nes.len; /* scan outputs are fresh arrays */
    }
    for (int i = 0; i < e->reds.len; i++) {
        const COperator *op = &e->reds.data[i];
        walk_operator(w, op, res + at);
        for (int j = 0; j < op->nes.len; j++) /* the result is the accumulator */
            mark_if(w, s->pat.data[out + j].name, omap_has(w->strided, op->lam->params.data[j].name));
        at += op->nes.len;
        out += op->nes.len;
    }
}

static void walk_exp(Walk *w, const CStm *s) {
    const CExp *e = s->exp;
    const char *x = s->pat.len ? s->pat.data[0].name : NULL;
    switch (e->kind) {
    case CE_ATOM:
        if (x)
            mark_if(w, x, is_strided(w, e->args.data[0]));
        return;
    case CE_INDEX:
        if (x && s->pat.data[0].type.rank > 0)
            mark_if(w, x, is_strided(w, e->args.data[0]) || !dense_slice(&e->slice));
        return;
    case CE_UPDATE:
        mark_if(w, x, is_strided(w, e->args.data[0]));
        return;
    case CE_REARRANGE: {
        bool ident = true;
        for (int i = 0; i < e->perm.len; i++)
            ident &= e->perm.data[i] == i;
        mark_if(w, x, !ident || is_strided(w, e->args.data[0]));
        return;
    }
    case CE_IF:
        walk_body(w, e->body);
        walk_body(w, e->body2);
        for (int i = 0; i < s->pat.len; i++)
            mark_if(w, s->pat.data[i].name,
                    is_strided(w, e->body->result.data[i]) || is_strided(w, e->body2->result.data[i]));
        return;
    case CE_LOOP:
        for (int i = 0; i < e->params.len; i++)
            mark_if(w, e->params.data[i].name,
                    is_strided(w, e->args.data[i]) || is_strided(w, e->body->result.data[i]));
        walk_body(w, e->body);
        for (int i = 0; i < s->pat.len; i++)
            mark_if(w, s->pat.data[i].name, omap_has(w->strided, e->params.data[i].name));
        return;
    case CE_SCREMA: walk_screma(w, s); return;
    case CE_SEGOP: {
        walk_body(w, e->body);
        const COperatorVec *ops = e->seg == SEG_SCAN ? &e->scans : &e->reds;
        int at = 0;
        for (int o = 0; o < ops->len; o++) {
            walk_operator(w, &ops->data[o], e->body->result.data + at);
            for (int j = 0; j < ops->data[o].nes.len; j++) /* over one dimension: the accumulator */
                if (e->seg == SEG_RED && e->params.len == 1)
                    mark_if(w, s->pat.data[at + j].name,
                            omap_has(w->strided, ops->data[o].lam->params.data[j].name));
            at += ops->data[o].nes.len;
        }
        return;
    }
    case CE_SCATTER:
        walk_lambda_params(w, e->lam, &e->arrays);
        walk_body(w, e->lam->body);
        for (int i = 0; i < s->pat.len; i++)
            mark_if(w, s->pat.data[i].name, is_strided(w, e->dests.data[i]));
        return;
    case CE_HIST: {
        walk_lambda_params(w, e->lam, &e->arrays);
        walk_body(w, e->lam->body);
        /* the operator combines a bin (a row of a destination) with a value */
        const COperator *op = &e->reds.data[0];
        int k = op->nes.len;
        for (int j = 0; j < k; j++) {
            mark_if(w, op->lam->params.data[j].name,
                    op->lam->params.data[j].type.rank > 0 && is_strided(w, e->dests.data[j]));
            mark_if(w, op->lam->params.data[k + j].name, is_strided(w, e->lam->body->result.data[1 + j]));
        }
        walk_body(w, op->lam->body);
        for (int i = 0; i < s->pat.len; i++)
            mark_if(w, s->pat.data[i].name, is_strided(w, e->dests.data[i]));
        return;
    }
    case CE_FILTER:
        walk_lambda_params(w, e->lam, &e->arrays);
        walk_body(w, e->lam->body);
        return;
    case CE_APPLY: /* the function may return a view of an argument, strided or not */
        for (int i = 0; i < s->pat.len; i++)
            mark_if(w, s->pat.data[i].name, s->pat.data[i].type.rank > 0);
        return;
    default: return; /* fresh arrays or scalars */
    }
}

static void walk_body(Walk *w, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        walk_exp(w, &b->stms.data[i]);
}

void flayout_fun(const CFun *f, OMap *out) {
    Walk w = {out, true};
    if (!f->is_entry) /* a function's callers may pass it any view */
        for (int i = 0; i < f->params.len; i++)
            mark_if(&w, f->params.data[i].name, f->params.data[i].type.rank > 0);
    while (w.changed) {
        w.changed = false;
        walk_body(&w, f->body);
    }
}
