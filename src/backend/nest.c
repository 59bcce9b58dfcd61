/* nest.c — dot-product nests: recognised here for every target, interchanged here for the CPU
 * (issue 24, item 3), block-tiled for the GPU by cuda/tile.c.
 *
 * A dot product is a body whose result is a reduce-map `r = screma m (ins) reduce op (ne) map f`
 * with scalar lambdas that cannot fail and read nothing made by the nest.  On the CPU, a map over
 * rows whose lambda is just such a dot product,
 *
 *     out = screma w (X1..Xp) map \(x1..xp) -> screma m (ins) reduce op (ne) map f
 *
 * with every input of the reduce-map either a row xq of a rank-2 Xq or an array from outside the
 * map, reads each Xq down its columns when emitted as written (one element per row, w rows apart,
 * for every k).  The interchanged loops run k outside and the map's index j inside, folding into
 * the outputs: for each k, out[j] = op(out[j], f(ins at (j, k))) for every j of a block of
 * columns; the inner loop then walks along the rows of a transposed operand (matmul's B), the
 * invariant inputs are one scalar per k, and the C compiler vectorises it.  Where that walk
 * would be the worse one (a row input laid out by rows, as in a matrix-vector product) or the
 * map has fewer than FN_MIN_COLUMNS columns, the plain loops run (decided at run time from the
 * strides, or at compile time when the layout is known).  Every out[j] still folds its
 * elements in increasing k from the neutral element, so the results are the interpreter's to
 * the bit, whatever op is (no reassociation, no commutation).  The lambdas cannot fail, so no
 * error is reported in a different order either.
 */
#include "emit.h"

/* Columns of the map per block of the interchanged loops: the block's outputs stay in the
 * first-level cache while every k folds into them. */
#define FN_COLUMNS 512
/* Maps of fewer columns keep their loops: the interchanged loops' outputs then form a few
 * chains through memory, each element waiting for the one before (a map of one dot product of
 * 2^25 elements took 5 times as long), while the plain loops fold in a register and read
 * the few columns' elements from the same cache lines. */
#define FN_MIN_COLUMNS 8

/* Statements of scalars that cannot fail: operations, atoms and ifs of such bodies. */
static bool simple_body(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        for (int j = 0; j < s->pat.len; j++)
            if (s->pat.data[j].type.rank)
                return false;
        const CExp *x = s->exp;
        bool ok = x->kind == CE_ATOM || (x->kind == CE_OP && !opt_may_fail(x)) ||
                  (x->kind == CE_IF && simple_body(x->body) && simple_body(x->body2));
        if (!ok)
            return false;
    }
    return true;
}

bool fn_simple_lambda(const CLambda *lam) {
    for (int i = 0; i < lam->params.len; i++)
        if (lam->params.data[i].type.rank)
            return false;
    for (int i = 0; i < lam->ret.len; i++)
        if (lam->ret.data[i].rank)
            return false;
    return simple_body(lam->body);
}

/* The variables b's statements bind, its ifs' branches' included, into own. */
static void bound_by(const CBody *b, OMap *own) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        for (int j = 0; j < s->pat.len; j++)
            omap_put(own, s->pat.data[j].name, (void *)1);
        if (s->exp->kind == CE_IF) {
            bound_by(s->exp->body, own);
            bound_by(s->exp->body2, own);
        }
    }
}

static bool bound_in(const CParamVec *ps, const char *v) {
    for (int i = 0; ps && i < ps->len; i++)
        if (ps->data[i].name == v)
            return true;
    return false;
}

/* Whether the lambda reads only its parameters, its own variables and variables the generator
 * has bound outside the nest (in g->vars, none of bound). */
bool fn_lambda_closed(FGen *g, const CLambda *lam, const CParamVec *bound) {
    OMap uses = {0}, own = {0};
    opt_count_body(lam->body, &uses);
    for (int i = 0; i < lam->params.len; i++)
        omap_put(&own, lam->params.data[i].name, (void *)1);
    bound_by(lam->body, &own);
    for (int k = 0; k < uses.cap; k++) {
        const char *v = uses.keys[k];
        if (v && !omap_has(&own, v) && (bound_in(bound, v) || !omap_get(&g->vars, v)))
            return false;
    }
    return true;
}

/* An atom known outside the nest: a constant or a variable of g->vars not in bound. */
static bool outside(FGen *g, CAtom a, const CParamVec *bound) {
    return a.kind != CA_VAR || (!bound_in(bound, a.var) && omap_get(&g->vars, a.var));
}

const CExp *fn_dot_product(FGen *g, const CBody *b, const CParamVec *bound) {
    if (b->result.len != 1 || b->result.data[0].kind != CA_VAR || b->stms.len < 1)
        return NULL;
    const CStm *last = &b->stms.data[b->stms.len - 1];
    const CExp *x = last->exp;
    if (last->pat.len != 1 || last->pat.data[0].name != b->result.data[0].var ||
        last->pat.data[0].type.rank != 0 || x->kind != CE_SCREMA || x->scans.len || x->reds.len != 1 ||
        x->reds.data[0].nes.len != 1 || x->lam->ret.len != 1 || x->offsets.len)
        return NULL;
    const COperator *op = &x->reds.data[0];
    if (!outside(g, x->args.data[0], bound) || !outside(g, op->nes.data[0], bound))
        return NULL;
    if (!fn_simple_lambda(x->lam) || !fn_simple_lambda(op->lam) || !fn_lambda_closed(g, x->lam, bound) ||
        !fn_lambda_closed(g, op->lam, bound))
        return NULL;
    return x;
}

/* ---- the CPU's interchange ---- */

/* The map parameter (of lam) that input a of the reduce-map is, or -1. */
static int row_param(const CLambda *lam, CAtom a) {
    for (int q = 0; q < lam->params.len; q++)
        if (lam->params.data[q].name == a.var)
            return q;
    return -1;
}

/* Whether screma s (map only) over rows has a dot product as its lambda that the interchanged
 * loops compute with the same checks: every input of the reduce-map a row of the map's inputs
 * or an array from outside, each of the reduce-map's width by its type (so no size check is
 * moved), no unbuilt iota among them. */
static const CExp *interchangeable(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    CAtom o;
    if (g->device || e->kind != CE_SCREMA || e->scans.len || e->reds.len || s->pat.len != 1 ||
        e->lam->ret.len != 1 || e->lam->ret.data[0].rank || cexp_concat(e, 0, &o) ||
        e->lam->body->stms.len != 1)
        return NULL;
    const CExp *x = fn_dot_product(g, e->lam->body, &e->lam->params);
    if (!x)
        return NULL;
    CDim m = cdim_of_atom(x->args.data[0]);
    if (m.kind == CDIM_ANY)
        return NULL;
    for (int k = 0; k < x->arrays.len; k++) {
        CAtom a = x->arrays.data[k];
        if (a.kind != CA_VAR || omap_has(&g->lazy_iotas, a.var))
            return NULL;
        int q = row_param(e->lam, a);
        if (q >= 0 && (e->arrays.data[q].kind != CA_VAR || omap_has(&g->lazy_iotas, e->arrays.data[q].var)))
            return NULL;
        CType t = q >= 0 ? e->lam->params.data[q].type : (outside(g, a, NULL) ? fg_var(g, a.var)->type : (CType){0});
        if (t.rank != 1 || !cdim_eq(t.dims[0], m))
            return NULL;
    }
    return x;
}

/* The reduce-map x's input a at column k of the map's row j: X[j][k] for a row of X, a[k]
 * for an array from outside. */
static const char *dot_input(FGen *g, const CExp *e, CAtom a, const char *j, const char *k) {
    int q = row_param(e->lam, a);
    if (q < 0)
        return fg_elem(g, fg_atom(g, a), a.var, &k, 1);
    CAtom xs = e->arrays.data[q];
    const char *idx[2] = {j, k};
    return fg_elem(g, fg_atom(g, xs), xs.var, idx, 2);
}

/* The interchanged loops of screma s (the map over w = C name, its output allocated) whose
 * lambda's dot product is x. */
static void emit_interchanged(FGen *g, const CStm *s, const CExp *x, const char *w) {
    const CExp *e = s->exp;
    const COperator *op = &x->reds.data[0];
    const char *out = c_name(s->pat.data[0].name), *m = fg_fresh(g, "m");
    const char *j = fg_fresh(g, "j"), *j0 = fg_fresh(g, "j0"), *j1 = fg_fresh(g, "j1"), *k = fg_fresh(g, "k");
    const char *acc = xsprintf("%s.p[%s]", out, j);
    const char *ty = c_prim(x->lam->ret.data[0].prim);
    fg_line(g, "int64_t %s = %s; /* a dot product per element: k outside, the map's index inside */", m,
            fg_atom(g, x->args.data[0]));
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++)", j, j, w, j);
    fg_line(g, "    %s = %s;", acc, fg_atom(g, op->nes.data[0]));
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s += %d) {", j0, j0, w, j0, FN_COLUMNS);
    g->indent++;
    fg_line(g, "const int64_t %s = %s - %s < %d ? %s : %s + %d;", j1, w, j0, FN_COLUMNS, w, j0, FN_COLUMNS);
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", k, k, m, k);
    g->indent++;
    g->iter++;
    const char **args = xmalloc(sizeof *args * (size_t)(x->arrays.len + 1));
    for (int q = 0; q < x->arrays.len; q++) {
        CAtom a = x->arrays.data[q];
        if (row_param(e->lam, a) >= 0)
            continue;
        args[q] = fg_fresh(g, "a");
        fg_line(g, "const %s %s = %s;", c_prim(fg_var(g, a.var)->type.prim), args[q], dot_input(g, e, a, j, k));
    }
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", j, j0, j, j1, j);
    g->indent++;
    for (int q = 0; q < x->arrays.len; q++)
        if (row_param(e->lam, x->arrays.data[q]) >= 0)
            args[q] = dot_input(g, e, x->arrays.data[q], j, k);
    const char *v = fg_fresh(g, "v"), *nacc = fg_fresh(g, "nacc");
    fg_line(g, "%s %s, %s;", ty, v, nacc);
    FDest dv = {DEST_VAR, v}, da = {DEST_VAR, nacc};
    fg_lambda(g, x->lam, args, &dv, true);
    const char *oargs[2] = {acc, v};
    fg_lambda(g, op->lam, oargs, &da, true);
    fg_line(g, "%s = %s;", acc, nacc);
    g->indent--;
    fg_line(g, "}");
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
}

/* The C condition under which the interchanged loops read better than the plain ones: enough
 * columns, and every row input read down its columns faster than along its rows (X.s[0] <
 * X.s[1], as in a transposed matrix); NULL where that cannot hold, some row input being dense
 * (laid out by rows: the plain loops walk along them, as in a matrix-vector product). */
static const char *worth_it(FGen *g, const CExp *e, const CExp *x, const char *w) {
    StrBuf sb = {0};
    sb_printf(&sb, "%s >= %d", w, FN_MIN_COLUMNS);
    for (int k = 0; k < x->arrays.len; k++) {
        int q = row_param(e->lam, x->arrays.data[k]);
        if (q < 0)
            continue;
        const char *xs = e->arrays.data[q].var;
        if (fg_dense(g, xs))
            return NULL;
        const char *v = fg_atom(g, e->arrays.data[q]);
        sb_printf(&sb, " && %s.s[0] < %s.s[1]", v, v);
    }
    return sb.data;
}

bool fn_interchange_begin(FGen *g, const CStm *s, const char *w) {
    CAtom width = s->exp->args.data[0];
    if (g->unit && width.kind == CA_VAR && omap_has(g->unit, width.var))
        return false; /* a unit-width version: one column */
    const CExp *x = interchangeable(g, s);
    const char *cond = x ? worth_it(g, s->exp, x, w) : NULL;
    if (!cond)
        return false;
    fg_line(g, "if (%s) {", cond);
    g->indent++;
    emit_interchanged(g, s, x, w);
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    return true;
}

void fn_interchange_end(FGen *g) {
    g->indent--;
    fg_line(g, "}");
}
