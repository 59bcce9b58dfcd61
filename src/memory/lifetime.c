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

/* The lifetimes of b's variables, its parameters params[0..n) included; bases[k] (when bases and
 * bases[k] are not NULL) is the parameter that parameter k is a view of, bound before it. */
static FLife *lifetimes(const CBody *b, const CParam *params, const char *const *bases, int nparams) {
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
    for (int k = nparams - 1; k >= 0 && bases; k--) {
        int v = flife_last(l, params[k].name);
        if (bases[k] && v >= 0)
            set_last(l, bases[k], v);
    }
    return l;
}

FLife *flife_body(const CBody *b, const CParam *params, int nparams) { return lifetimes(b, params, NULL, nparams); }

FLife *flife_branch(const CBody *b, const FHanded *h) { return lifetimes(b, h->vars.data, h->bases, h->vars.len); }

/* The index in h of the variable named v, or -1. */
static int handed_index(const FHanded *h, const char *v) {
    for (int k = 0; k < h->vars.len; k++)
        if (h->vars.data[k].name == v)
            return k;
    return -1;
}

static void hand_if_last(FHanded *h, const FLife *l, CParam p, int at) {
    if (p.type.rank && flife_last(l, p.name) == at)
        vec_push(&h->vars, p);
}

FHanded *flife_handed(const CBody *b, const CParam *params, const char *const *param_bases, int nparams, const FLife *l,
                      int at) {
    FHanded *h = xmalloc(sizeof *h);
    *h = (FHanded){{0}, NULL};
    for (int i = 0; i < nparams; i++)
        hand_if_last(h, l, params[i], at);
    for (int i = 0; i < at; i++)
        for (int j = 0; j < b->stms.data[i].pat.len; j++)
            hand_if_last(h, l, b->stms.data[i].pat.data[j], at);
    h->bases = xmalloc(sizeof *h->bases * (size_t)(h->vars.len + 1));
    for (int k = 0; k < h->vars.len; k++)
        h->bases[k] = NULL;
    for (int i = 0; i < nparams && param_bases; i++) { /* a branch's parameters: views of each other */
        int k = handed_index(h, params[i].name);
        if (k >= 0 && param_bases[i] && handed_index(h, param_bases[i]) >= 0)
            h->bases[k] = param_bases[i];
    }
    for (int i = 0; i < at; i++) {
        const CStm *s = &b->stms.data[i];
        const char *base = view_base(s);
        int k = base ? handed_index(h, s->pat.data[0].name) : -1;
        if (k >= 0 && handed_index(h, base) >= 0)
            h->bases[k] = base;
    }
    return h;
}

int flife_last(const FLife *l, const char *var) { return (int)omap_int(&l->last, var) - 2; }
