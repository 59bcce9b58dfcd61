/* count.c — a filter whose kept elements nobody reads, only their number (`size 0` of its
 * results), becomes a count: a reduction (+) over its predicate as 0 or 1,
 *
 *   let ys = filter w (xs) p ... let n = size 0 ys   =>   let c = redomap (+) 0 (\x -> select (p x) 1 0) xs
 *                                                        ... let n = c
 *
 * which runs without writing the elements (and, on the CPU, without a branch: the C compiler
 * vectorises it).  The represent pass makes such filters: the size slice of a map whose rows are
 * a filter's results (a lifted quicksort's three filters per call, docs/FLATTENING.md "Function
 * lifting") computes the rows' sizes before the map writes them.  Part of core_cleanup.
 */
#include "opt.h"

typedef struct {
    OMap uses;  /* every use of a variable (opt_count_body) */
    OMap sized; /* its uses as `size 0 v` */
    OMap to;    /* a counted filter's result -> the count (CAtom *) */
    OMap types; /* the builder's (cb_*) notes */
} K;

static void count_sized(K *k, CBody *b);

static void count_sized_lambda(K *k, CLambda *l) {
    if (l)
        count_sized(k, l->body);
}

static void count_sized_exp(K *k, CExp *e) {
    if (e->kind == CE_SIZE && e->dim == 0 && e->args.data[0].kind == CA_VAR)
        omap_add(&k->sized, e->args.data[0].var, 1);
    if (e->body)
        count_sized(k, e->body);
    if (e->body2)
        count_sized(k, e->body2);
    count_sized_lambda(k, e->lam);
    for (int j = 0; j < e->scans.len; j++)
        count_sized_lambda(k, e->scans.data[j].lam);
    for (int j = 0; j < e->reds.len; j++)
        count_sized_lambda(k, e->reds.data[j].lam);
}

static void count_sized(K *k, CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        count_sized_exp(k, b->stms.data[i].exp);
}

/* Whether statement st is a filter (not a partition) of rank-1 results whose only uses are
 * `size 0` of them. */
static bool only_sized(K *k, const CStm *st) {
    const CExp *e = st->exp;
    if (e->kind != CE_FILTER || e->partition || !st->pat.len)
        return false;
    for (int j = 0; j < st->pat.len; j++) {
        const char *v = st->pat.data[j].name;
        if (st->pat.data[j].type.rank != 1 || omap_int(&k->uses, v) != omap_int(&k->sized, v))
            return false;
    }
    return true;
}

/* st (a filter) rewritten in place as the count of its kept elements. */
static void to_count(K *k, CStm *st) {
    CExp *e = st->exp;
    CBuild lb = {e->lam->body, e->loc, &k->types};
    CAtom keep = e->lam->body->result.data[0];
    CAtom one = cb_select(&lb, keep, cb_i64(1), cb_i64(0));
    e->lam->body->result.data[0] = one;
    e->lam->ret.data[0] = ctype_prim(PRIM_I64);
    e->kind = CE_SCREMA;
    COperator o = {cb_op_lambda(&lb, COP_ADD, PRIM_I64), {0}, true};
    vec_push(&o.nes, cb_i64(0));
    vec_push(&e->reds, o);
    const char *c = opt_fresh("count");
    for (int j = 0; j < st->pat.len; j++) {
        CAtom *a = xmalloc(sizeof *a);
        *a = catom_var(c);
        omap_put(&k->to, st->pat.data[j].name, a);
    }
    st->pat.len = 0;
    vec_push(&st->pat, ((CParam){c, ctype_prim(PRIM_I64)}));
}

static void rewrite(K *k, CBody *b);

static void rewrite_lambda(K *k, CLambda *l) {
    if (l)
        rewrite(k, l->body);
}

static void rewrite(K *k, CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        CStm *st = &b->stms.data[i];
        CExp *e = st->exp;
        if (only_sized(k, st)) {
            to_count(k, st);
            continue;
        }
        if (e->kind == CE_SIZE && e->args.data[0].kind == CA_VAR) {
            CAtom *c = omap_get(&k->to, e->args.data[0].var);
            if (c) {
                e->kind = CE_ATOM;
                e->args.data[0] = *c;
                continue;
            }
        }
        if (e->body)
            rewrite(k, e->body);
        if (e->body2)
            rewrite(k, e->body2);
        rewrite_lambda(k, e->lam);
        for (int j = 0; j < e->scans.len; j++)
            rewrite_lambda(k, e->scans.data[j].lam);
        for (int j = 0; j < e->reds.len; j++)
            rewrite_lambda(k, e->reds.data[j].lam);
    }
}

void core_count_filters(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *f = p->funs.data[i];
        K k = {0};
        opt_count_body(f->body, &k.uses);
        count_sized(&k, f->body);
        rewrite(&k, f->body);
    }
}
