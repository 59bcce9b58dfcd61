/* count.c — a filter whose kept elements nobody reads, only their number (`size 0` of its
 * results), becomes a count: a reduction (+) over its predicate as 0 or 1,
 *
 *   let ys = filter w (xs) p ... let n = size 0 ys   =>   let c = redomap (+) 0 (\x -> select (p x) 1 0) xs
 *                                                        ... let n = c
 *
 * which runs without writing the elements (and, on the CPU, without a branch: the C compiler
 * vectorises it).  Counts over the same arrays in one body are one reduction (a pass over the
 * arrays for all of them: a quicksort's three filters per call), where the later ones read
 * nothing bound between them.  The represent pass makes such filters: the size slice of a map whose rows are
 * a filter's results (a lifted quicksort's three filters per call, docs/FLATTENING.md "Function
 * lifting") computes the rows' sizes before the map writes them.  Part of core_cleanup.
 */
#include <stdlib.h>

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

/* Whether atom vectors a and b are the same atoms. */
static bool same_atoms(const CAtomVec *a, const CAtomVec *b) {
    if (a->len != b->len)
        return false;
    for (int i = 0; i < a->len; i++) {
        CAtom x = a->data[i], y = b->data[i];
        if (x.kind != y.kind || (x.kind == CA_VAR ? x.var != y.var : x.ival != y.ival))
            return false;
    }
    return true;
}

/* Count `to` (a later statement) merged into count `into`: its parameters bound to into's,
 * its statements and results after into's, its operator after into's. */
static void merge_count(CStm *into, const CStm *to) {
    CExp *e = into->exp;
    const CExp *f = to->exp;
    CBody *b = e->lam->body;
    CAtomVec res = b->result;
    for (int i = 0; i < f->lam->params.len; i++) {
        CExp *cp = cexp_new(CE_ATOM, f->loc);
        vec_push(&cp->args, catom_var(e->lam->params.data[i].name));
        CParamVec pat = {0};
        vec_push(&pat, f->lam->params.data[i]);
        cbody_let(b, pat, cp);
    }
    for (int i = 0; i < f->lam->body->stms.len; i++)
        vec_push(&b->stms, f->lam->body->stms.data[i]);
    for (int i = 0; i < f->lam->body->result.len; i++)
        vec_push(&res, f->lam->body->result.data[i]);
    b->result = res;
    for (int i = 0; i < f->lam->ret.len; i++)
        vec_push(&e->lam->ret, f->lam->ret.data[i]);
    for (int i = 0; i < f->reds.len; i++)
        vec_push(&e->reds, f->reds.data[i]);
    for (int i = 0; i < to->pat.len; i++)
        vec_push(&into->pat, to->pat.data[i]);
}

/* The counts of body b (stms made by to_count, at is_count[i]) over the same width and arrays
 * as an earlier one merged into it when nothing bound between them is read by the later one. */
static void merge_counts(CBody *b, const bool *is_count) {
    bool *gone = xmalloc(sizeof *gone * (size_t)(b->stms.len + 1));
    for (int i = 0; i < b->stms.len; i++)
        gone[i] = false;
    for (int i = 0; i < b->stms.len; i++) {
        if (!is_count[i] || gone[i])
            continue;
        OMap between = {0}; /* names bound by count i and after it */
        for (int q = 0; q < b->stms.data[i].pat.len; q++)
            omap_put(&between, b->stms.data[i].pat.data[q].name, (void *)1);
        for (int j = i + 1; j < b->stms.len; j++) {
            CStm *sj = &b->stms.data[j];
            if (is_count[j] && !gone[j] && sj->exp->args.data[0].kind == b->stms.data[i].exp->args.data[0].kind &&
                same_atoms(&sj->exp->args, &b->stms.data[i].exp->args) &&
                same_atoms(&sj->exp->arrays, &b->stms.data[i].exp->arrays)) {
                OMap reads = {0};
                opt_count_exp(sj->exp, &reads);
                bool free = true;
                for (int q = 0; q < reads.cap && free; q++)
                    free = !(reads.keys[q] && omap_has(&between, reads.keys[q]));
                if (free) {
                    merge_count(&b->stms.data[i], sj);
                    gone[j] = true;
                    continue;
                }
            }
            for (int q = 0; q < sj->pat.len; q++)
                omap_put(&between, sj->pat.data[q].name, (void *)1);
            opt_bound_exp(sj->exp, &between);
        }
    }
    opt_remove_marked(b, gone);
    free(gone);
}

static void rewrite(K *k, CBody *b);

static void rewrite_lambda(K *k, CLambda *l) {
    if (l)
        rewrite(k, l->body);
}

static void rewrite(K *k, CBody *b) {
    bool *is_count = xmalloc(sizeof *is_count * (size_t)(b->stms.len + 1));
    int counts = 0;
    for (int i = 0; i < b->stms.len; i++) {
        CStm *st = &b->stms.data[i];
        CExp *e = st->exp;
        is_count[i] = only_sized(k, st);
        if (is_count[i]) {
            to_count(k, st);
            counts++;
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
    if (counts > 1)
        merge_counts(b, is_count);
    free(is_count);
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
