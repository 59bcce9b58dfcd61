/* rows.c — before flattening: a map whose rows are made directly by `iota w` or `replicate w v`
 * of a width w that varies per element (`map (\i -> iota i) xs`), or by a concatenation of
 * rows (`map2 (\a b -> a ++ b) xss yss`), makes each row by an inner map over `iota w` instead
 * (`map (\j -> j)`, `map (\_ -> v)`, `map (\j -> if j < n a then a[j] else b[j - n a])`), so
 * that irregular.c flattens it by elements like any inner SOAC of per-element width
 * (docs/FLATTENING.md, "Rows made by iota, replicate or concat").  Unrewritten, each row is
 * written by the thread of its element: one giant row among small ones is one thread's work.
 * The optimiser would fold the inner map back into the iota, so this runs at the start of
 * flatten_prog, after it.  Only rows the map returns as they are (used by no other statement)
 * of scalars, at the host level of a function (its top-level statements, and those of its
 * top-level loops and branches), where irregular.c looks; a concatenation's operands bound
 * inside the map's lambda.
 */
#include "flatten.h"
#include "../util.h"

#include <stdlib.h>
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

/* Whether statement st is `iota w` or `replicate w v` of a scalar v: a row generated. */
static bool generator(const CStm *st) {
    const CExp *x = st->exp;
    return st->pat.len == 1 && (x->kind == CE_IOTA || (x->kind == CE_REPLICATE && st->pat.data[0].type.rank == 1));
}

/* A part of a row: `size` elements (a read's: the array's), each its index in the part (an
 * iota), one value v (a replicate) or read from the array v. */
typedef enum { PART_IOTA, PART_VALUE, PART_READ } PartKind;
typedef struct {
    PartKind kind;
    CAtom size, v;
} Part;

static Part part_of_generator(const CExp *x) {
    if (x->kind == CE_IOTA)
        return (Part){PART_IOTA, x->args.data[0], {0}};
    return (Part){PART_VALUE, x->args.data[0], x->args.data[1]};
}

/* Part k's element at j (offs[k] <= j < offs[k + 1]), bound into in.  A read keeps its bounds
 * check: one known in range could be hoisted out of its branch (the generators turn an if of
 * cheap, unfailing branches into a select), and j is in range only inside it. */
static CAtom part_elem(CBuild *in, const Part *p, CAtom off, CAtom j) {
    if (p->kind == PART_VALUE)
        return p->v;
    CAtom local = cb_sub(in, j, off);
    return p->kind == PART_IOTA ? local : cb_index1(in, p->v, local);
}

/* The element at j of parts k.. of n (offs[k]: where part k starts), bound into in: part k's
 * when j < offs[k + 1] (read only in that branch), else the next parts'. */
static CAtom row_elem(CBuild *in, const Part *parts, int k, int n, const CAtom *offs, CAtom j) {
    if (k == n - 1)
        return part_elem(in, &parts[k], offs[k], j);
    CBuild then = cb_nested(in), els = cb_nested(in);
    CAtom here = cb_op2(in, COP_LT, PRIM_I64, j, offs[k + 1]);
    CAtom v = part_elem(&then, &parts[k], offs[k], j);
    CAtom rest = row_elem(&els, parts, k + 1, n, offs, j);
    return cb_if(in, here, &then, v, &els, rest, "elem");
}

/* The types of l's parameters and of everything its body binds at the top, for the builders. */
static OMap lambda_types(const CLambda *l) {
    OMap types = {0};
    for (int k = 0; k < l->params.len; k++)
        omap_put(&types, l->params.data[k].name, (void *)&l->params.data[k].type);
    for (int i = 0; i < l->body->stms.len; i++)
        for (int k = 0; k < l->body->stms.data[i].pat.len; k++)
            omap_put(&types, l->body->stms.data[i].pat.data[k].name, (void *)&l->body->stms.data[i].pat.data[k].type);
    return types;
}

/* Statement s of lambda l, `let r = ...` of the n parts, as their offsets, `let io = iota total`
 * and `let r = map (\j -> if j < o1 then part 0 at j else if j < o2 then part 1 at j - o1 ...)
 * io`; the statements marked in drop go. */
static void row_as_map(CLambda *l, int s, const Part *parts, int n, const bool *drop) {
    CBody *b = l->body;
    CStm old = b->stms.data[s];
    OMap types = lambda_types(l);
    CBuild pre = {cbody_new(), old.exp->loc, &types};
    CAtom *offs = xmalloc(sizeof *offs * (size_t)(n + 1));
    offs[0] = cb_i64(0);
    for (int k = 0; k < n; k++) {
        CAtom size = parts[k].kind == PART_READ ? cb_size(&pre, parts[k].v, 0) : parts[k].size;
        offs[k + 1] = k == 0 ? size : cb_add(&pre, offs[k], size);
    }
    CAtom io = cb_iota(&pre, offs[n]);
    CBuild in = cb_nested(&pre);
    CParam j = cb_param(&in, "j", ctype_prim(PRIM_I64));
    CParamVec params = {0};
    vec_push(&params, j);
    CAtomVec result = {0};
    vec_push(&result, row_elem(&in, parts, 0, n, offs, catom_var(j.name)));
    CLambda *lam = clambda_new();
    lam->params = params;
    lam->body = in.body;
    lam->body->result = result;
    vec_push(&lam->ret, ctype_elem(old.pat.data[0].type));
    CExp *map = cexp_new(CE_SCREMA, old.exp->loc);
    vec_push(&map->args, offs[n]);
    vec_push(&map->arrays, io);
    map->lam = lam;
    cbody_let(pre.body, old.pat, map);
    CBody *nb = cbody_new();
    for (int i = 0; i < b->stms.len; i++) {
        if (i == s)
            for (int q = 0; q < pre.body->stms.len; q++)
                vec_push(&nb->stms, pre.body->stms.data[q]);
        else if (!drop[i])
            vec_push(&nb->stms, b->stms.data[i]);
    }
    nb->result = b->result;
    l->body = nb;
    free(offs);
}

/* The statement of b before `upto` that binds var alone, or -1. */
static int binder(const CBody *b, int upto, const char *var) {
    for (int i = 0; i < upto; i++)
        if (b->stms.data[i].pat.len == 1 && !strcmp(b->stms.data[i].pat.data[0].name, var))
            return i;
    return -1;
}

/* Statement s of b, a concatenation, as its parts: an operand bound by a generator used only
 * here is that generator's part (its statement marked in drop), any other a read of it. */
static void concat_parts(const CBody *b, int s, Part *parts, bool *drop) {
    const CExp *x = b->stms.data[s].exp;
    OMap uses = {0};
    for (int i = 0; i < b->stms.len; i++)
        if (i != s)
            opt_count_exp(b->stms.data[i].exp, &uses);
    for (int r = 0; r < b->result.len; r++)
        if (b->result.data[r].kind == CA_VAR)
            omap_put(&uses, b->result.data[r].var, (void *)1);
    for (int k = 0; k < x->args.len; k++) {
        CAtom a = x->args.data[k];
        int at = binder(b, s, a.var);
        if (at >= 0 && generator(&b->stms.data[at]) && !omap_has(&uses, a.var)) {
            parts[k] = part_of_generator(b->stms.data[at].exp);
            drop[at] = true;
        } else {
            parts[k] = (Part){PART_READ, {0}, a};
        }
    }
}

/* Whether statement s of lambda l is a concatenation of rows of scalars bound inside l, which
 * the map returns as it is. */
static bool concat_row(const CLambda *l, int s, const OMap *bound) {
    const CBody *b = l->body;
    const CStm *st = &b->stms.data[s];
    const CExp *x = st->exp;
    if (x->kind != CE_CONCAT || st->pat.len != 1 || st->pat.data[0].type.rank != 1 || x->args.len < 2 ||
        used_elsewhere(b, s, st->pat.data[0].name))
        return false;
    for (int k = 0; k < x->args.len; k++)
        if (!bound_inside(bound, x->args.data[k]))
            return false;
    return true;
}

/* The rows of map e's lambda made by iota, replicate or concat, rewritten. */
static void map_rows(CExp *e) {
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len)
        return;
    CBody *b = e->lam->body;
    OMap bound = {0};
    for (int k = 0; k < e->lam->params.len; k++)
        omap_put(&bound, e->lam->params.data[k].name, (void *)1);
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        bool one = generator(st) && bound_inside(&bound, st->exp->args.data[0]) &&
                   !used_elsewhere(b, i, st->pat.data[0].name);
        if (!one && !concat_row(e->lam, i, &bound)) {
            for (int k = 0; k < st->pat.len; k++)
                omap_put(&bound, st->pat.data[k].name, (void *)1);
            continue;
        }
        int n = one ? 1 : st->exp->args.len;
        Part *parts = xmalloc(sizeof *parts * (size_t)n);
        bool *drop = calloc((size_t)b->stms.len, sizeof *drop);
        if (one)
            parts[0] = part_of_generator(st->exp);
        else
            concat_parts(b, i, parts, drop);
        row_as_map(e->lam, i, parts, n, drop);
        free(parts);
        free(drop);
        map_rows(e); /* again, over the new body (the rewritten rows match nothing any more) */
        return;
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
