/* rows.c — before flattening: a map whose rows are made directly by `iota w` or `replicate w v`
 * of a width w that varies per element (`map (\i -> iota i) xs`) makes each row by an inner map
 * over `iota w` instead (`map (\j -> j)`, `map (\_ -> v)`), so that irregular.c flattens it by
 * elements like any inner SOAC of per-element width (docs/FLATTENING.md, "Irregular nests").
 * Unrewritten, each row is written by the thread of its element: one giant row among small ones
 * is one thread's work.  The optimiser would fold the inner map back into the iota, so this
 * runs at the start of flatten_prog, after it.  Only rows the map returns as they are (used by
 * no other statement) of scalars, at the host level of a function (its top-level statements,
 * and those of its top-level loops and branches), where irregular.c looks.
 */
#include "flatten.h"
#include "../util.h"

#include <string.h>

/* Whether atom a is a variable the lambda binds (a parameter, or a statement of its body). */
static bool bound_inside(const OMap *bound, CAtom a) { return a.kind == CA_VAR && omap_has(bound, a.var); }

/* Whether b's statements other than statement s use var, or its result lists it twice. */
static bool used_elsewhere(const CBody *b, int s, const char *var) {
    for (int i = 0; i < b->stms.len; i++) {
        if (i == s)
            continue;
        OMap uses = {0};
        opt_count_exp(b->stms.data[i].exp, &uses);
        if (omap_has(&uses, var))
            return true;
    }
    int n = 0;
    for (int r = 0; r < b->result.len; r++)
        n += b->result.data[r].kind == CA_VAR && !strcmp(b->result.data[r].var, var);
    return n != 1;
}

/* `let r = iota w` or `replicate w v` (v a scalar) as `let io = iota w; let r = map f io`. */
static void row_as_map(CBody *b, int s) {
    CStm old = b->stms.data[s];
    const CExp *x = old.exp;
    CAtom w = x->args.data[0];
    CDim d = cdim_of_atom(w);
    CParamVec iopat = {0};
    vec_push(&iopat, ((CParam){opt_fresh("iota"), ctype_array(PRIM_I64, 1, &d)}));
    CExp *io = cexp_new(CE_IOTA, x->loc);
    vec_push(&io->args, w);
    CLambda *lam = clambda_new();
    CParam j = {opt_fresh("j"), ctype_prim(PRIM_I64)};
    vec_push(&lam->params, j);
    lam->body = cbody_new();
    CAtom elem = x->kind == CE_IOTA ? catom_var(j.name) : x->args.data[1];
    vec_push(&lam->body->result, elem);
    vec_push(&lam->ret, ctype_elem(old.pat.data[0].type));
    CExp *map = cexp_new(CE_SCREMA, x->loc);
    vec_push(&map->args, w);
    vec_push(&map->arrays, catom_var(iopat.data[0].name));
    map->lam = lam;
    CStm first = {iopat, io}, second = {old.pat, map};
    vec_push(&b->stms, second); /* room for one more; then statements s + 1 .. move up by one */
    memmove(&b->stms.data[s + 2], &b->stms.data[s + 1], sizeof *b->stms.data * (size_t)(b->stms.len - s - 2));
    b->stms.data[s] = first;
    b->stms.data[s + 1] = second;
}

/* The rows of map e's lambda made by iota or replicate, rewritten. */
static void map_rows(CExp *e) {
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len)
        return;
    CBody *b = e->lam->body;
    OMap bound = {0};
    for (int k = 0; k < e->lam->params.len; k++)
        omap_put(&bound, e->lam->params.data[k].name, (void *)1);
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *x = s->exp;
        bool row = (x->kind == CE_IOTA || (x->kind == CE_REPLICATE && s->pat.data[0].type.rank == 1)) &&
                   s->pat.len == 1 && bound_inside(&bound, x->args.data[0]) &&
                   !used_elsewhere(b, i, s->pat.data[0].name);
        if (row) {
            row_as_map(b, i);
            i++; /* past the new iota */
        }
        for (int k = 0; k < b->stms.data[i].pat.len; k++)
            omap_put(&bound, b->stms.data[i].pat.data[k].name, (void *)1);
    }
}

static void host_rows(CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        CExp *e = b->stms.data[i].exp;
        map_rows(e);
        if ((e->kind == CE_IF || e->kind == CE_LOOP) && e->body)
            host_rows(e->body);
        if (e->kind == CE_IF && e->body2)
            host_rows(e->body2);
    }
}

void flatten_rows_as_maps(CFun *fun) { host_rows(fun->body); }
