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
 * lifting") computes the rows' sizes before the map writes them.  A partition whose two
 * parts are only sized becomes two counts (kept, rejected) in one reduction.
 *
 * First, a concatenation read only by `size 0` of it is gone, each size the sum of its
 * operands' sizes, and a partition one of whose parts is only sized is a filter of the other
 * part (its predicate negated to keep the rejected ones), the sized part's size the width less
 * the other's:
 *
 *   let abc = concat a b c ... let n = size 0 abc   =>   let n = size 0 a + size 0 b + size 0 c
 *
 * so a size slice of `[lt, eq, gt]` (the flattened quicksort's rows) counts the three parts
 * instead of copying them, and the parts' filters become counts in turn.  The size of a slice
 * known to lie inside its array (CExp.in_range: the represent pass's views) is end - start.  Part of core_cleanup.
 */
#include <stdlib.h>

#include "opt.h"

typedef struct {
    OMap uses;  /* every use of a variable (opt_count_body) */
    OMap sized; /* its uses as `size 0 v` */
    OMap to;    /* a counted filter's result -> the count (CAtom *) */
    OMap types; /* the builder's (cb_*) notes */
    bool changed; /* sized_concats rewrote something */
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

/* Whether statement st is a filter (or a partition) of rank-1 results whose only uses are
 * `size 0` of them. */
static bool only_sized(K *k, const CStm *st) {
    const CExp *e = st->exp;
    if (e->kind != CE_FILTER || !st->pat.len)
        return false;
    for (int j = 0; j < st->pat.len; j++) {
        const char *v = st->pat.data[j].name;
        if (st->pat.data[j].type.rank != 1 || omap_int(&k->uses, v) != omap_int(&k->sized, v))
            return false;
    }
    return true;
}

/* st (a filter) rewritten in place as the count of its kept elements; a partition's as the
 * counts of its kept and of its rejected elements (a reduction of two results). */
static void to_count(K *k, CStm *st) {
    CExp *e = st->exp;
    CBuild lb = {e->lam->body, e->loc, &k->types};
    CAtom keep = e->lam->body->result.data[0];
    int parts = e->partition ? 2 : 1;
    int arrays = st->pat.len / parts;
    e->lam->body->result.len = 0;
    e->lam->ret.len = 0;
    e->kind = CE_SCREMA;
    CParamVec pat = {0};
    for (int q = 0; q < parts; q++) {
        vec_push(&e->lam->body->result, cb_select(&lb, keep, cb_i64(q ? 0 : 1), cb_i64(q ? 1 : 0)));
        vec_push(&e->lam->ret, ctype_prim(PRIM_I64));
        COperator o = {cb_op_lambda(&lb, COP_ADD, PRIM_I64), {0}, true};
        vec_push(&o.nes, cb_i64(0));
        vec_push(&e->reds, o);
        const char *c = opt_fresh("count");
        for (int j = q * arrays; j < (q + 1) * arrays; j++) {
            CAtom *a = xmalloc(sizeof *a);
            *a = catom_var(c);
            omap_put(&k->to, st->pat.data[j].name, a);
        }
        vec_push(&pat, ((CParam){c, ctype_prim(PRIM_I64)}));
    }
    e->partition = false;
    st->pat = pat;
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

static void sized_concats(K *k, CBody *b, OMap *concats);

static void sized_concats_lambda(K *k, CLambda *l, OMap *concats) {
    if (l)
        sized_concats(k, l->body, concats);
}

/* `size 0 a` as a new statement of builder b. */
static CAtom size0(CBuild *b, CAtom a) {
    CExp *e = cb_exp(b, CE_SIZE);
    e->dim = 0;
    vec_push(&e->args, a);
    return cb_let(b, "n", ctype_prim(PRIM_I64), e);
}

/* Statement st (binding one i64) as `st = a`, appended to b's body. */
static void bind_atom(CBuild *b, const CStm *st, CAtom a) {
    CExp *e = cb_exp(b, CE_ATOM);
    vec_push(&e->args, a);
    cbody_let(b->body, st->pat, e);
}

/* `size 0 v` (statement st) of v, a concatenation cat, as statements of b: the operands'
 * sizes and their sum. */
static void concat_size(CBuild *b, const CStm *st, const CExp *cat) {
    CAtom sum = cb_i64(0);
    for (int j = 0; j < cat->args.len; j++)
        sum = cb_add(b, sum, size0(b, cat->args.data[j]));
    bind_atom(b, st, sum);
}

/* Whether every one of the n variables of pattern pat from the first is read only by
 * `size 0` of it (or not at all). */
static bool part_sized(K *k, const CParamVec *pat, int first, int n) {
    for (int j = first; j < first + n; j++) {
        const char *v = pat->data[j].name;
        if (pat->data[j].type.rank != 1 || omap_int(&k->uses, v) != omap_int(&k->sized, v))
            return false;
    }
    return true;
}

/* Partition st, one of whose parts is only sized, rewritten in place as a filter of the other
 * part, with statements appended to out after it binding the sized part's size (the width less
 * the kept elements) in sizes; false (nothing changed) for another statement. */
static bool one_sided(K *k, CStm *st, CBody *out, OMap *sizes) {
    CExp *e = st->exp;
    int n = st->pat.len / 2;
    if (e->kind != CE_FILTER || !e->partition || !n)
        return false;
    bool kept_sized = part_sized(k, &st->pat, 0, n), rejected_sized = part_sized(k, &st->pat, n, n);
    if (kept_sized == rejected_sized) /* both: to_count makes two counts; neither: a partition */
        return false;
    CParamVec pat = {0}, sized = {0};
    for (int j = 0; j < n; j++) {
        vec_push(&pat, st->pat.data[kept_sized ? n + j : j]);
        vec_push(&sized, st->pat.data[kept_sized ? j : n + j]);
    }
    if (kept_sized) {
        CBuild lb = {e->lam->body, e->loc, &k->types};
        CAtom keep = e->lam->body->result.data[0];
        e->lam->body->result.data[0] =
            keep.kind == CA_CONST ? catom_bool(!keep.ival) : cb_op(&lb, COP_NOT, PRIM_BOOL, &keep, 1);
    }
    e->partition = false;
    st->pat = pat;
    vec_push(&out->stms, *st);
    CBuild b = {out, e->loc, &k->types};
    CAtom rest = cb_sub(&b, e->args.data[0], size0(&b, catom_var(pat.data[0].name)));
    for (int j = 0; j < n; j++) {
        CAtom *a = xmalloc(sizeof *a);
        *a = rest;
        omap_put(sizes, sized.data[j].name, a);
    }
    return true;
}

/* Whether st is a slice known to lie inside its array (CExp.in_range) whose first index is a
 * slice of stride 1: its size 0 is end - start. */
static bool known_slice(const CStm *st) {
    const CExp *e = st->exp;
    return e->kind == CE_INDEX && e->in_range && st->pat.len == 1 && e->slice.len >= 1 && e->slice.data[0].is_slice &&
           e->slice.data[0].stride.kind == CA_CONST && e->slice.data[0].stride.ival == 1;
}

/* Body b with its concatenations read only by `size 0` gone and those sizes summed, and its
 * partitions with a part only sized filters (one_sided). */
static void sized_concats(K *k, CBody *b, OMap *concats) {
    CBody out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CStm *st = &b->stms.data[i];
        CExp *e = st->exp;
        if (e->kind == CE_SIZE && e->dim == 0 && e->args.data[0].kind == CA_VAR && st->pat.len == 1) {
            CAtom *n = omap_get(&k->to, e->args.data[0].var);
            if (n) {
                e->kind = CE_ATOM;
                e->args.data[0] = *n;
                vec_push(&out.stms, *st);
                continue;
            }
        }
        if (e->kind == CE_CONCAT && st->pat.len == 1 && e->args.len > 0) {
            const char *v = st->pat.data[0].name;
            int uses = omap_int(&k->uses, v);
            if (uses && uses == omap_int(&k->sized, v)) {
                omap_put(concats, v, e);
                k->changed = true;
                continue;
            }
        }
        const CExp *cat = e->kind == CE_SIZE && e->dim == 0 && e->args.data[0].kind == CA_VAR && st->pat.len == 1
                              ? omap_get(concats, e->args.data[0].var)
                              : NULL;
        if (cat) { /* a known slice: end - start; a concatenation: the sum of its operands' */
            CBuild cb = {&out, e->loc, &k->types};
            if (cat->kind == CE_INDEX)
                bind_atom(&cb, st, cb_sub(&cb, cat->slice.data[0].end, cat->slice.data[0].start));
            else
                concat_size(&cb, st, cat);
            k->changed = true;
            continue;
        }
        if (known_slice(st)) /* kept: dce drops it when only sized */
            omap_put(concats, st->pat.data[0].name, e);
        if (e->kind == CE_ATOM && st->pat.len == 1 && e->args.data[0].kind == CA_VAR) { /* a copy of a known slice */
            const CExp *x = omap_get(concats, e->args.data[0].var);
            if (x && x->kind == CE_INDEX)
                omap_put(concats, st->pat.data[0].name, (void *)x);
        }
        if (e->body)
            sized_concats(k, e->body, concats);
        if (e->body2)
            sized_concats(k, e->body2, concats);
        sized_concats_lambda(k, e->lam, concats);
        for (int j = 0; j < e->scans.len; j++)
            sized_concats_lambda(k, e->scans.data[j].lam, concats);
        for (int j = 0; j < e->reds.len; j++)
            sized_concats_lambda(k, e->reds.data[j].lam, concats);
        if (one_sided(k, st, &out, &k->to))
            k->changed = true;
        else
            vec_push(&out.stms, *st);
    }
    b->stms = out.stms;
}

void core_count_filters(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *f = p->funs.data[i];
        bool changed = true; /* until nothing changes: a concatenation gone may leave a part only sized */
        while (changed) {
            K c = {0};
            opt_count_body(f->body, &c.uses);
            count_sized(&c, f->body);
            OMap concats = {0};
            sized_concats(&c, f->body, &concats);
            changed = c.changed;
        }
        K k = {0};
        opt_count_body(f->body, &k.uses);
        count_sized(&k, f->body);
        rewrite(&k, f->body);
    }
}
