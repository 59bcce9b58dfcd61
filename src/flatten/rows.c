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

/* ---- concatenations ---- */

/* The statement of b before `upto` that binds var alone, or -1. */
static int binder(const CBody *b, int upto, const char *var) {
    for (int i = 0; i < upto; i++)
        if (b->stms.data[i].pat.len == 1 && !strcmp(b->stms.data[i].pat.data[0].name, var))
            return i;
    return -1;
}

/* Whether the statement binding var (at k >= 0) is an iota or a replicate of a scalar whose
 * only use is the concatenation at statement s: its elements are then written directly. */
static bool generated(const CBody *b, int k, int s, const char *var) {
    if (k < 0)
        return false;
    const CExp *x = b->stms.data[k].exp;
    if (x->kind != CE_IOTA && !(x->kind == CE_REPLICATE && b->stms.data[k].pat.data[0].type.rank == 1))
        return false;
    OMap uses = {0};
    for (int i = 0; i < b->stms.len; i++)
        if (i != s)
            opt_count_exp(b->stms.data[i].exp, &uses);
    for (int r = 0; r < b->result.len; r++)
        if (b->result.data[r].kind == CA_VAR && !strcmp(b->result.data[r].var, var))
            return false;
    return !omap_has(&uses, var);
}

/* Operand k's element at j (offs[k] <= j < offs[k + 1]), bound into in: its index j - offs[k]
 * for an iota, the value of a replicate, else a read.  The read keeps its bounds check: one
 * known in range could be hoisted out of its branch (the generators turn an if of cheap,
 * unfailing branches into a select), and j is in range only inside it. */
static CAtom operand_elem(CBuild *in, const CBody *b, const CExp *x, int s, int k, const CAtom *offs, CAtom j) {
    const char *var = x->args.data[k].var;
    int at = binder(b, s, var);
    if (generated(b, at, s, var) && b->stms.data[at].exp->kind == CE_REPLICATE)
        return b->stms.data[at].exp->args.data[1];
    CAtom local = cb_sub(in, j, offs[k]);
    if (generated(b, at, s, var))
        return local;
    return cb_index1(in, x->args.data[k], local);
}

/* The element at j of the concatenation's operands k.. (offs[k]: where operand k starts),
 * bound into in: operand k's element when j < offs[k + 1], else the next operands'. */
static CAtom concat_elem(CBuild *in, const CBody *b, const CExp *x, int s, int k, const CAtom *offs, CAtom j) {
    if (k == x->args.len - 1)
        return operand_elem(in, b, x, s, k, offs, j);
    CBuild then = cb_nested(in), els = cb_nested(in);
    CAtom here = cb_op2(in, COP_LT, PRIM_I64, j, offs[k + 1]);
    CAtom v = operand_elem(&then, b, x, s, k, offs, j); /* read only where j lies in operand k */
    CAtom rest = concat_elem(&els, b, x, s, k + 1, offs, j);
    return cb_if(in, here, &then, v, &els, rest, "cat");
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

/* `let r = concat x1 .. xk` as the operands' sizes, their offsets, `let io = iota total` and
 * `let r = map (\j -> if j < o1 then x1[j] else if j < o2 then x2[j - o1] ...) io` (an iota or
 * replicate operand used only here gives its element directly, and its statement goes). */
static void concat_as_map(CLambda *l, int s) {
    CBody *b = l->body;
    CStm old = b->stms.data[s];
    const CExp *x = old.exp;
    OMap types = lambda_types(l);
    CBuild pre = {cbody_new(), x->loc, &types};
    int n = x->args.len;
    CAtom *offs = xmalloc(sizeof *offs * (size_t)(n + 1));
    offs[0] = cb_i64(0);
    for (int k = 0; k < n; k++)
        offs[k + 1] = k == 0 ? cb_size(&pre, x->args.data[0], 0) : cb_add(&pre, offs[k], cb_size(&pre, x->args.data[k], 0));
    CAtom io = cb_iota(&pre, offs[n]);
    CBuild in = cb_nested(&pre);
    CParam j = cb_param(&in, "j", ctype_prim(PRIM_I64));
    CParamVec params = {0};
    vec_push(&params, j);
    CAtomVec result = {0};
    vec_push(&result, concat_elem(&in, b, x, s, 0, offs, catom_var(j.name)));
    CLambda *lam = clambda_new();
    lam->params = params;
    lam->body = in.body;
    lam->body->result = result;
    vec_push(&lam->ret, ctype_elem(old.pat.data[0].type));
    CExp *map = cexp_new(CE_SCREMA, x->loc);
    vec_push(&map->args, offs[n]);
    vec_push(&map->arrays, io);
    map->lam = lam;
    cbody_let(pre.body, old.pat, map);
    /* the new statements in place of the concatenation; the generated operands' statements go */
    bool *drop = calloc((size_t)b->stms.len, sizeof *drop);
    for (int k = 0; k < n; k++) {
        int at = binder(b, s, x->args.data[k].var);
        if (generated(b, at, s, x->args.data[k].var))
            drop[at] = true;
    }
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
    free(drop);
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
        const CStm *s = &b->stms.data[i];
        const CExp *x = s->exp;
        bool row = (x->kind == CE_IOTA || (x->kind == CE_REPLICATE && s->pat.data[0].type.rank == 1)) &&
                   s->pat.len == 1 && bound_inside(&bound, x->args.data[0]) &&
                   !used_elsewhere(b, i, s->pat.data[0].name);
        if (row) {
            row_as_map(b, i);
            i++; /* past the new iota */
        } else if (concat_row(e->lam, i, &bound)) {
            concat_as_map(e->lam, i);
            map_rows(e); /* again, over the new body (its rows are done: nothing more matches) */
            return;
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
