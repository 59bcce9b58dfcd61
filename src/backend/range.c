/* range.c — what the emitter knows about the values of i64 variables, so that it can
 * leave out the bounds checks that cannot fail.
 *
 * Facts come from the structure of the code: a for-loop index lies in [0, bound), so does the
 * index of a SOAC iteration (an element of an unbuilt iota) and each index of a segop's point;
 * a constant is itself; adding or subtracting a constant shifts a range.  Upper bounds are
 * linear in one variable (x < n + c), and variables defined as another plus a constant
 * (`let m = n - 1`) are followed back to their base, so that `for i < n - 1 do ... a[i + 1]`
 * with `a: [n]t` needs no check.  Inside an iteration over [0, n + c) the iteration runs, so
 * n + c >= 1 there: a constant index 0 into an array of n elements needs no check either.
 * Core names are unique in a function, so a variable's fact holds wherever it is in scope; the
 * facts "this loop runs" are pushed and popped around the iterations that emit them.
 * Array extents are taken from the core types (as fs_check_inputs does): a variable of type
 * [n]t has n elements; a slice view x = a[c:e:1] with a constant c, whose type has no size,
 * has e - c rows (its slice was checked), so the ends of a jagged array's rows, offsets[1:n+1],
 * are indexed unchecked below n.
 *
 * In the branches of an if on `x == k` or `x != k`, with k the lowest value of x's range, x is
 * k in one branch and above k in the other: `map (\d -> if d == 0 then w[0] else w[d - 1]) (iota
 * n)` with `w: [n]t` needs no check.
 *
 * An index into an array that is the same in every iteration of a SOAC (`map (\x r -> x ^ r[k])
 * xs rows`: k and the rows' extent are the same throughout) is checked once before the loop
 * when the statements before it in the lambda cannot fail (the first iteration would report the
 * same error), and known inside (fr_hoist_checks).
 */
#include "emit.h"

/* lo <= x < hi */
typedef struct {
    int64_t lo;
    FLin hi;
} FRange;

/* Offsets beyond this are not tracked (no overflow in the sums below). */
#define FR_MAX_OFF ((int64_t)1 << 40)

static bool small(int64_t c) { return c > -FR_MAX_OFF && c < FR_MAX_OFF; }

void fr_reset(FGen *g) {
    g->ranges = (OMap){0};
    g->lins = (OMap){0};
    g->extents = (OMap){0};
    g->tests = (OMap){0};
    g->runs.len = 0;
}

/* var as base + off, following the variables defined as another plus a constant. */
static FLin lin_var(FGen *g, const char *var) {
    FLin *l = omap_get(&g->lins, var);
    return l ? *l : (FLin){var, 0};
}

static bool lin_of_atom(FGen *g, CAtom a, FLin *out) {
    if (a.kind == CA_VAR) {
        *out = lin_var(g, a.var);
        return true;
    }
    if (a.prim != PRIM_I64 || !small(a.ival))
        return false;
    *out = (FLin){NULL, a.ival};
    return true;
}

static bool range_of_atom(FGen *g, CAtom a, FRange *out) {
    if (a.kind == CA_CONST) {
        if (a.prim != PRIM_I64 || !small(a.ival))
            return false;
        *out = (FRange){a.ival, {NULL, a.ival + 1}};
        return true;
    }
    FRange *r = omap_get(&g->ranges, a.var);
    if (r)
        *out = *r;
    return r != NULL;
}

static void put_range(FGen *g, const char *var, FRange r) {
    FRange *p = xmalloc(sizeof *p);
    *p = r;
    omap_put(&g->ranges, var, p);
}

void fr_index(FGen *g, const char *var, CAtom bound) {
    FLin hi;
    if (lin_of_atom(g, bound, &hi))
        put_range(g, var, (FRange){0, hi});
}

void fr_enter(FGen *g, CAtom bound) {
    FLin b = {NULL, 0}; /* unknown: a fact that proves nothing */
    lin_of_atom(g, bound, &b);
    vec_push(&g->runs, b);
}

void fr_leave(FGen *g) { g->runs.len--; }

/* `x == k` or `x != k`: the comparison, kept for the ifs on it (fr_branch). */
typedef struct {
    const char *x;
    int64_t k;
    bool eq;
} FTest;

static void note_test(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    CAtom a = e->args.data[0], b = e->args.data[1];
    if (a.kind == CA_CONST) {
        CAtom t = a;
        a = b;
        b = t;
    }
    if (a.kind != CA_VAR || b.kind != CA_CONST || !small(b.ival))
        return;
    FTest *t = xmalloc(sizeof *t);
    *t = (FTest){a.var, b.ival, e->op == COP_EQ};
    omap_put(&g->tests, s->pat.data[0].name, t);
}

void fr_op(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (s->pat.len == 1 && e->kind == CE_ATOM) { /* a copy of an i64 variable: its facts */
        CAtom a = e->args.data[0];
        if (a.kind != CA_VAR || s->pat.data[0].type.rank || s->pat.data[0].type.prim != PRIM_I64)
            return;
        FLin *l = xmalloc(sizeof *l);
        *l = lin_var(g, a.var);
        omap_put(&g->lins, s->pat.data[0].name, l);
        FRange r;
        if (range_of_atom(g, a, &r))
            put_range(g, s->pat.data[0].name, r);
        return;
    }
    if (s->pat.len == 1 && e->kind == CE_OP && e->prim == PRIM_I64 && (e->op == COP_EQ || e->op == COP_NE))
        note_test(g, s);
    if (s->pat.len != 1 || e->kind != CE_OP || e->prim != PRIM_I64 || (e->op != COP_ADD && e->op != COP_SUB))
        return;
    const char *x = s->pat.data[0].name;
    CAtom a = e->args.data[0], b = e->args.data[1];
    omap_put(&g->lins, x, NULL);
    omap_put(&g->ranges, x, NULL);
    if (a.kind == CA_CONST && b.kind == CA_CONST)
        return;
    if (e->op == COP_SUB && a.kind == CA_CONST) { /* c - v: only a constant range flips */
        FRange r;
        if (small(a.ival) && range_of_atom(g, b, &r) && !r.hi.base)
            put_range(g, x, (FRange){a.ival - (r.hi.off - 1), {NULL, a.ival - r.lo + 1}});
        return;
    }
    if (a.kind == CA_CONST) { /* c + v */
        CAtom t = a;
        a = b;
        b = t;
    }
    if (b.kind != CA_CONST || b.prim != PRIM_I64 || !small(b.ival))
        return;
    int64_t c = e->op == COP_ADD ? b.ival : -b.ival;
    FLin l = lin_var(g, a.var);
    if (small(l.off + c)) {
        FLin *p = xmalloc(sizeof *p);
        *p = (FLin){l.base, l.off + c};
        omap_put(&g->lins, x, p);
    }
    FRange r;
    if (range_of_atom(g, a, &r) && small(r.lo + c) && small(r.hi.off + c))
        put_range(g, x, (FRange){r.lo + c, {r.hi.base, r.hi.off + c}});
}

/* Whether hi <= d is known. */
static bool below(FGen *g, FLin hi, FLin d) {
    if (hi.base == d.base)
        return hi.off <= d.off;
    if (hi.base || !d.base)
        return false;
    /* a constant against base + off: an iteration over [0, base + k) runs here, so base >= 1 - k */
    for (int i = 0; i < g->runs.len; i++) {
        FLin run = g->runs.data[i];
        if (run.base == d.base && 1 - run.off + d.off >= hi.off)
            return true;
    }
    return false;
}

static bool dim_eq(CDim a, CDim b) {
    if (a.kind != b.kind)
        return false;
    return a.kind == CDIM_CONST ? a.value == b.value : a.kind == CDIM_VAR && a.var == b.var;
}

bool fr_in_bounds(FGen *g, CAtom idx, CDim dim) {
    FRange r;
    FLin d;
    for (int i = 0; i < g->checked.len; i++)
        if (catom_eq(g->checked.data[i].idx, idx) && dim_eq(g->checked.data[i].dim, dim))
            return true;
    if (!range_of_atom(g, idx, &r) || r.lo < 0)
        return false;
    switch (dim.kind) {
    case CDIM_CONST: d = (FLin){NULL, dim.value}; break;
    case CDIM_VAR: d = lin_var(g, dim.var); break;
    default: return false;
    }
    return below(g, r.hi, d);
}

void fr_view(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (s->pat.len != 1 || e->kind != CE_INDEX || e->slice.len == 0)
        return;
    CIndex ix = e->slice.data[0];
    FLin end;
    if (!ix.is_slice || ix.start.kind != CA_CONST || !small(ix.start.ival) || ix.stride.kind != CA_CONST ||
        ix.stride.ival != 1 || !lin_of_atom(g, ix.end, &end) || !small(end.off - ix.start.ival))
        return;
    FLin *p = xmalloc(sizeof *p);
    *p = (FLin){end.base, end.off - ix.start.ival};
    omap_put(&g->extents, s->pat.data[0].name, p);
}

bool fr_in_extent(FGen *g, CAtom idx, const char *var, int j, CDim dim) {
    if (fr_in_bounds(g, idx, dim))
        return true;
    FLin *ext = j == 0 && dim.kind != CDIM_CONST && dim.kind != CDIM_VAR ? omap_get(&g->extents, var) : NULL;
    FRange r;
    return ext && range_of_atom(g, idx, &r) && r.lo >= 0 && below(g, r.hi, *ext);
}

FBranch fr_branch(FGen *g, CAtom cond, bool then) {
    FBranch saved = {NULL, NULL};
    FTest *t = cond.kind == CA_VAR ? omap_get(&g->tests, cond.var) : NULL;
    FRange r;
    if (!t || !range_of_atom(g, catom_var(t->x), &r) || r.lo != t->k)
        return saved;
    saved = (FBranch){t->x, omap_get(&g->ranges, t->x)};
    if (then == t->eq) /* x == k here */
        put_range(g, t->x, (FRange){t->k, {NULL, t->k + 1}});
    else
        put_range(g, t->x, (FRange){t->k + 1, r.hi});
    return saved;
}

void fr_branch_end(FGen *g, FBranch b) {
    if (b.var)
        omap_put(&g->ranges, b.var, b.range);
}

/* Whether var is bound by the lambda: a parameter, or a statement of its body before stm i. */
static bool bound_in(const CLambda *lam, int i, const char *var) {
    for (int k = 0; k < lam->params.len; k++)
        if (lam->params.data[k].name == var)
            return true;
    for (int j = 0; j < i; j++)
        for (int k = 0; k < lam->body->stms.data[j].pat.len; k++)
            if (lam->body->stms.data[j].pat.data[k].name == var)
                return true;
    return false;
}

/* Statement i of the lambda of screma e (an index) checked before the loop over w iterations,
 * if its indices and the extents it is checked against are the same in every iteration. */
static bool hoist_index(FGen *g, const CExp *e, int i, const char *w) {
    const CLambda *lam = e->lam;
    const CStm *s = &lam->body->stms.data[i];
    const CExp *x = s->exp;
    CAtom a = x->args.data[0];
    int k = x->slice.len;
    if (a.kind != CA_VAR || k == 0)
        return false;
    for (int j = 0; j < k; j++) {
        CIndex ix = x->slice.data[j];
        if (ix.is_slice || (ix.start.kind == CA_VAR && bound_in(lam, i, ix.start.var)))
            return false;
    }
    /* the array: from outside the lambda, or the parameter fed the rows of an input */
    const char *base;
    int from;
    CType t;
    if (!bound_in(lam, i, a.var)) {
        base = fg_atom(g, a);
        from = 0;
        t = fg_var(g, a.var)->type;
    } else {
        int m = 0;
        while (m < lam->params.len && lam->params.data[m].name != a.var)
            m++;
        if (m == lam->params.len || m >= e->arrays.len || e->arrays.data[m].kind != CA_VAR ||
            omap_has(&g->lazy_iotas, e->arrays.data[m].var))
            return false;
        base = fg_atom(g, e->arrays.data[m]);
        from = 1;
        t = lam->params.data[m].type;
    }
    if (t.rank < k)
        return false;
    StrBuf cond = {0}, list = {0}, sh = {0};
    sb_puts(&cond, "0");
    sb_puts(&list, "");
    sb_puts(&sh, "");
    int checked = 0;
    for (int j = 0; j < k; j++) {
        CAtom ix = x->slice.data[j].start;
        sb_printf(&list, "%s%s", j ? ", " : "", fg_atom(g, ix));
        if (!fr_in_bounds(g, ix, t.dims[j])) {
            sb_printf(&cond, " || (uint64_t)(%s) >= (uint64_t)%s.n[%d]", fg_atom(g, ix), base, from + j);
            checked++;
        }
    }
    for (int j = 0; j < t.rank; j++)
        sb_printf(&sh, "%s%s.n[%d]", j ? ", " : "", base, from + j);
    if (checked) {
        fg_line(g, "if (%s > 0 && (%s)) {", w, cond.data);
        fg_line(g, "    int64_t ix_[] = {%s}, sh_[] = {%s};", list.data, sh.data);
        fg_line(g, "    WF_FAIL(wf_oob(ctx, %s, %d, ix_, %d, sh_));", c_loc(x->loc), k, t.rank);
        fg_line(g, "}");
    }
    for (int j = 0; j < k; j++)
        vec_push(&g->checked, ((FChecked){x->slice.data[j].start, t.dims[j]}));
    return true;
}

int fr_hoist_checks(FGen *g, const CExp *e, const char *w) {
    int mark = g->checked.len;
    const CLambda *lam = e->lam;
    if (!lam || g->device)
        return mark;
    for (int i = 0; i < lam->body->stms.len; i++) {
        const CExp *x = lam->body->stms.data[i].exp;
        if (x->kind == CE_ATOM || x->kind == CE_SIZE || (x->kind == CE_OP && !scalar_may_fail(x->op, x->prim)))
            continue;
        if (x->kind != CE_INDEX || !hoist_index(g, e, i, w))
            break;
    }
    return mark;
}

void fr_unhoist(FGen *g, int mark) { g->checked.len = mark; }
