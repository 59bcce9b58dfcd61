/* range.c — what the flat generator knows about the values of i64 variables, so that it can
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
 * [n]t has n elements.
 */
#include "fgen.h"

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

void fr_op(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
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

bool fr_in_bounds(FGen *g, CAtom idx, CDim dim) {
    FRange r;
    FLin d;
    if (!range_of_atom(g, idx, &r) || r.lo < 0)
        return false;
    switch (dim.kind) {
    case CDIM_CONST: d = (FLin){NULL, dim.value}; break;
    case CDIM_VAR: d = lin_var(g, dim.var); break;
    default: return false;
    }
    return below(g, r.hi, d);
}
