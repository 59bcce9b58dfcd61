/* lifetime.c — where the variables of a body die (the emitter releases owned arrays there).
 *
 * For each variable bound by a body — its parameters and the patterns of its statements — the
 * last statement that uses it, directly or inside a nested body.  A view (an atom, an index, a
 * rearrange, a reshape) shares its base's memory, so the base lives as long as its views: a
 * backward scan extends the base's last use to its views' last uses.  (An update's result shares
 * memory with the array it consumes too, but takes it over: the consumed name is dead.)  Uses in
 * the body's results count as the last index (stms.len).
 */
#include "memory.h"

static void set_last(FLife *l, const char *v, int at) {
    intptr_t cur = omap_int(&l->last, v);
    if (cur && cur < at + 2)
        omap_put(&l->last, v, (void *)(intptr_t)(at + 2));
}

/* The array a view statement shares memory with, or NULL. */
static const char *view_base(const CStm *s) {
    const CExp *e = s->exp;
    if (s->pat.len != 1 || s->pat.data[0].type.rank == 0)
        return NULL;
    CAtom a;
    switch (e->kind) {
    case CE_ATOM:
    case CE_INDEX:
    case CE_REARRANGE:
    case CE_FLATTEN: a = e->args.data[0]; break;
    case CE_UNFLATTEN: a = e->args.data[2]; break;
    default: return NULL;
    }
    return a.kind == CA_VAR ? a.var : NULL;
}

FLife *flife_body(const CBody *b, const CParam *params, int nparams) {
    FLife *l = xmalloc(sizeof *l);
    int n = b->stms.len;
    l->nstms = n;
    for (int i = 0; i < nparams; i++)
        omap_put(&l->last, params[i].name, (void *)(intptr_t)1);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < b->stms.data[i].pat.len; j++)
            omap_put(&l->last, b->stms.data[i].pat.data[j].name, (void *)(intptr_t)1);
    for (int i = 0; i < b->result.len; i++)
        if (b->result.data[i].kind == CA_VAR)
            set_last(l, b->result.data[i].var, n);
    for (int i = n - 1; i >= 0; i--) {
        const CStm *s = &b->stms.data[i];
        const char *base = view_base(s);
        if (base && omap_has(&l->last, base)) {
            int v = flife_last(l, s->pat.data[0].name);
            if (v >= 0)
                set_last(l, base, v);
        }
        OMap uses = {0};
        opt_count_exp(s->exp, &uses);
        for (int k = 0; k < uses.cap; k++)
            if (uses.keys[k])
                set_last(l, uses.keys[k], i);
    }
    return l;
}

int flife_last(const FLife *l, const char *var) { return (int)omap_int(&l->last, var) - 2; }
