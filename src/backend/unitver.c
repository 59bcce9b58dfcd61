/* unitver.c — unit-width versions of loop nests in the emitted C.
 *
 * A loop nest that runs once per iteration of something (a SOAC in a loop body, in a lambda,
 * in a parallel region's chunk) often has widths that are variables from outside it, and on
 * some inputs they are all 1: OptionPricing's small dataset has one date, one underlying and
 * one model, so each Monte Carlo iteration is a dozen nests of one element each.  Their
 * loops then cost more than their work: loop set-up, the vector loop's checks, offsets and
 * views.  Such a nest is emitted twice,
 *
 *     if (T == 1 && U == 1) { the nest, T and U read as the constant 1 } else { the nest }
 *
 * and in the first the C compiler sees constant widths: loops of one iteration disappear,
 * offsets fold, and the nest becomes straight-line code.  (Measured on OptionPricing small:
 * 624 M -> 333 M instructions per million paths, docs/PERFORMANCE.md.)
 *
 * The widths considered are those of the nest's SOACs and segops (map, reduce, scan,
 * scatter, hist, filter; not loop counts, not replicate counts) that are i64 variables bound
 * outside the nest.  Only the outermost nest of an iteration is versioned (inner nests are
 * emitted once in each version), so code grows at most twofold; only host code is (kernels
 * keep their size).  fg_atom reads the variables in g->unit as 1.
 */
#include "emit.h"

typedef struct {
    Vec(const char *) widths; /* variables used as widths (repeats included) */
    OMap bound;               /* names bound inside the nest */
} Nest;

static void nest_body(Nest *n, const CBody *b);

static void nest_bind_params(Nest *n, const CParamVec *ps) {
    for (int i = 0; i < ps->len; i++)
        omap_put(&n->bound, ps->data[i].name, (void *)1);
}

static void nest_lambda(Nest *n, const CLambda *l) {
    if (!l)
        return;
    nest_bind_params(n, &l->params);
    nest_body(n, l->body);
}

static void nest_width(Nest *n, CAtom w) {
    if (w.kind == CA_VAR)
        vec_push(&n->widths, w.var);
}

static void nest_exp(Nest *n, const CExp *e) {
    switch (e->kind) {
    case CE_SCREMA:
    case CE_SCATTER:
    case CE_HIST:
    case CE_FILTER:
        nest_width(n, e->args.data[0]);
        break;
    case CE_SEGOP:
        for (int i = 0; i < e->args.len; i++)
            nest_width(n, e->args.data[i]);
        nest_bind_params(n, &e->params);
        break;
    case CE_LOOP:
        nest_bind_params(n, &e->params);
        if (e->index)
            omap_put(&n->bound, e->index, (void *)1);
        break;
    default:
        break;
    }
    nest_lambda(n, e->lam);
    for (int i = 0; i < e->scans.len; i++)
        nest_lambda(n, e->scans.data[i].lam);
    for (int i = 0; i < e->reds.len; i++)
        nest_lambda(n, e->reds.data[i].lam);
    if (e->body)
        nest_body(n, e->body);
    if (e->body2)
        nest_body(n, e->body2);
}

static void nest_body(Nest *n, const CBody *b) {
    if (!b)
        return;
    for (int i = 0; i < b->stms.len; i++) {
        nest_bind_params(n, &b->stms.data[i].pat);
        nest_exp(n, b->stms.data[i].exp);
    }
}

/* The widths of s's nest that can be tested before it: i64 variables bound outside it. */
static void nest_unit_vars(FGen *g, const CStm *s, OMap *unit, StrBuf *cond) {
    Nest n = {0};
    nest_exp(&n, s->exp);
    for (int i = 0; i < n.widths.len; i++) {
        const char *v = n.widths.data[i];
        FVar *fv = omap_get(&g->vars, v);
        if (omap_has(unit, v) || omap_has(&n.bound, v) || !fv || fv->type.rank || fv->type.prim != PRIM_I64)
            continue;
        omap_put(unit, v, (void *)1);
        sb_printf(cond, "%s%s == 1", cond->len ? " && " : "", c_name(v));
    }
}

void fu_soac(FGen *g, const CStm *s) {
    if (g->unit_done || g->iter == 0 || g->device || g->block) {
        fs_soac(g, s);
        return;
    }
    OMap unit = {0};
    StrBuf cond = {0};
    nest_unit_vars(g, s, &unit, &cond);
    if (!cond.len) {
        fs_soac(g, s);
        return;
    }
    g->unit_done = true;
    fg_line(g, "if (%s) { /* every width 1: straight-line code */", cond.data);
    g->indent++;
    g->unit = &unit;
    fs_soac(g, s);
    g->unit = NULL;
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    fs_soac(g, s);
    g->indent--;
    fg_line(g, "}");
    g->unit_done = false;
}
