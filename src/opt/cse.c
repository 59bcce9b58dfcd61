/* cse.c — common subexpression elimination.  A forward walk keeps, per scope, the expressions
 * computed so far (keyed by their printed form); a later statement computing the same
 * expression is dropped and its names are substituted by the earlier ones.  Nested bodies see
 * the expressions of the scopes around them, never the other way round.
 *
 * Only expressions without nested bodies that do not allocate fresh, consumable memory take
 * part: scalar operators, size, index, iota, replicate, rearrange, flatten, unflatten, rotate,
 * array literals, and asserts (a repeated assert of the same condition is dropped).
 */
#include <string.h>

#include "opt.h"

typedef struct {
    OMap subst;    /* name -> CAtom * */
    OMap consumed; /* names consumed anywhere in the function: not shared */
} C;

static void cse_body(C *c, CBody *b, const OMap *outer);

static OMap copy_map(const OMap *m) {
    OMap n = {0};
    for (int i = 0; i < m->cap; i++)
        if (m->keys[i])
            omap_put(&n, m->keys[i], m->vals[i]);
    return n;
}

static void key_atom(StrBuf *sb, CAtom a) {
    sb_putc(sb, ' ');
    core_print_atom(sb, a);
}

/* The key of an expression, or NULL when it does not take part. */
static const char *key_of(C *c, const CStm *st) {
    const CExp *e = st->exp;
    StrBuf sb = {0};
    switch (e->kind) {
    case CE_OP: case CE_SIZE: case CE_INDEX: case CE_IOTA: case CE_REPLICATE: case CE_REARRANGE:
    case CE_FLATTEN: case CE_UNFLATTEN: case CE_ROTATE: case CE_ARRAY: case CE_ASSERT:
        break;
    default: return NULL;
    }
    for (int i = 0; i < st->pat.len; i++)
        if (omap_has(&c->consumed, st->pat.data[i].name))
            return NULL;
    sb_printf(&sb, "%d %d %d %d %d", (int)e->kind, (int)e->op, (int)e->prim, (int)e->prim2, e->dim);
    if (e->kind == CE_ARRAY)
        core_print_type(&sb, e->type);
    for (int i = 0; i < e->perm.len; i++)
        sb_printf(&sb, " p%d", e->perm.data[i]);
    if (e->kind == CE_OP && e->args.len == 2 && scalar_commutative(e->op, e->prim)) {
        StrBuf x = {0}, y = {0};
        key_atom(&x, e->args.data[0]);
        key_atom(&y, e->args.data[1]);
        bool swap = strcmp(x.data, y.data) > 0;
        sb_puts(&sb, swap ? y.data : x.data);
        sb_puts(&sb, swap ? x.data : y.data);
    } else {
        for (int i = 0; i < e->args.len; i++)
            key_atom(&sb, e->args.data[i]);
    }
    for (int i = 0; i < e->slice.len; i++) {
        const CIndex *ix = &e->slice.data[i];
        sb_puts(&sb, ix->is_slice ? " [s" : " [i");
        key_atom(&sb, ix->start);
        if (ix->is_slice) {
            key_atom(&sb, ix->end);
            key_atom(&sb, ix->stride);
        }
    }
    return intern(sb.data);
}

static void cse_lambda(C *c, CLambda *l, const OMap *avail) { cse_body(c, l->body, avail); }

static void cse_body(C *c, CBody *b, const OMap *outer) {
    OMap avail = copy_map(outer);
    Vec(CStm) out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CStm st = b->stms.data[i];
        CExp *e = st.exp;
        opt_subst_exp(e, &c->subst);
        for (int j = 0; j < st.pat.len; j++)
            opt_subst_type(&st.pat.data[j].type, &c->subst);
        const char *k = key_of(c, &st);
        if (k) {
            CStm *prev = omap_get(&avail, k);
            if (prev && prev->pat.len == st.pat.len) {
                for (int j = 0; j < st.pat.len; j++) {
                    CAtom *a = xmalloc(sizeof *a);
                    *a = catom_var(prev->pat.data[j].name);
                    omap_put(&c->subst, st.pat.data[j].name, a);
                }
                continue;
            }
            CStm *keep = xmalloc(sizeof *keep);
            *keep = st;
            omap_put(&avail, k, keep);
        }
        if (e->body)
            cse_body(c, e->body, &avail);
        if (e->body2)
            cse_body(c, e->body2, &avail);
        for (int j = 0; j < e->scans.len; j++)
            cse_lambda(c, e->scans.data[j].lam, &avail);
        for (int j = 0; j < e->reds.len; j++)
            cse_lambda(c, e->reds.data[j].lam, &avail);
        if (e->lam)
            cse_lambda(c, e->lam, &avail);
        vec_push(&out, st);
    }
    b->stms.data = out.data;
    b->stms.len = out.len;
    b->stms.cap = out.cap;
    opt_subst_body(b, &c->subst);
}

void core_cse(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *f = p->funs.data[i];
        C c = {0};
        opt_consumed_body(f->body, &c.consumed);
        OMap none = {0};
        cse_body(&c, f->body, &none);
    }
}
