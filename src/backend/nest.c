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
 * invariant inputs are one scalar per k, and the C compiler vectorises it.  A map over rows A[i]
 * whose lambda is just such a map (matmul: `map (\a -> map (\x -> dot a x) xs) as`, in weft c)
 * is interchanged as a whole, in blocks of FN_ROWS rows by FN_COLUMNS columns: each k's
 * elements of the X rows then serve the block's rows from the first-level cache instead of
 * coming from memory once per row.  So is a segmap over rows whose body takes rows A[i] of
 * arrays from outside and then makes its result by such a map (weft multicore's outer map),
 * over the rows of each chunk a thread takes (multicore/regions.c).  Where that walk
 * would be the worse one (a row input laid out by rows, as in a matrix-vector product) or the
 * map has fewer than FN_MIN_COLUMNS columns, the plain loops run (decided at run time from the
 * strides, or at compile time when the layout is known).  Every out[j] still folds its
 * elements in increasing k from the neutral element, so the results are the interpreter's to
 * the bit, whatever op is (no reassociation, no commutation).  The lambdas cannot fail, so no
 * error is reported in a different order either.
 */
#include "emit.h"

/* Columns of the map (and rows of the outer map) per block of the interchanged loops: the
 * block's outputs stay in the first-level cache while every k folds into them, and each k's
 * elements of the map's rows, read once from memory, serve every row of the block. */
#define FN_COLUMNS 256
#define FN_ROWS 16
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

/* A map of dot products being interchanged: the map (its lambda's parameters the rows X[j]) and,
 * for two levels, the rows A[i] of the level around it: the parameters of an outer map's
 * lambda (matmul in weft c), or the rows a segmap's body takes by its index (weft multicore). */
typedef struct {
    bool two;          /* two levels */
    CParamVec rows;    /* the outer level's rows A[i]: variables of rank 1... */
    CAtomVec row_of;   /* ...and the arrays A from outside they are rows of */
    const CExp *map;
    const CExp *dot;   /* the map lambda's reduce-map */
    CParamVec bound;   /* the variables of both levels: parameters, indices, rows */
} Nest;

/* The parameter of lam that input a of the reduce-map is, or -1. */
static int row_param(const CLambda *lam, CAtom a) {
    for (int q = 0; q < lam->params.len; q++)
        if (lam->params.data[q].name == a.var)
            return q;
    return -1;
}

/* The outer level's row that input a of the reduce-map is, or -1. */
static int outer_row(const Nest *n, CAtom a) {
    for (int r = 0; r < n->rows.len; r++)
        if (n->rows.data[r].name == a.var)
            return r;
    return -1;
}

/* Whether xs is a rank-2 array from outside whose rows (of type t) are m long by their type. */
static bool row_input(FGen *g, const Nest *n, CAtom xs, CType t, CDim m) {
    return xs.kind == CA_VAR && !omap_has(&g->lazy_iotas, xs.var) && outside(g, xs, &n->bound) && t.rank == 1 &&
           cdim_eq(t.dims[0], m);
}

/* Whether map (map only, over rows) has a dot product as its lambda that the interchanged loops
 * compute with the same checks: every input of the reduce-map a row of the map's inputs, of the
 * outer level's, or an array from outside, each of the reduce-map's width by its type (so no size
 * check is moved), no unbuilt iota among them.  Fills n->map, n->dot and n->bound (after the
 * outer level's variables already there). */
static bool interchangeable(FGen *g, const CStm *map, Nest *n) {
    const CExp *e = map->exp;
    CAtom o;
    if (g->device || e->kind != CE_SCREMA || e->scans.len || e->reds.len || map->pat.len != 1 ||
        e->lam->ret.len != 1 || e->lam->ret.data[0].rank || cexp_concat(e, 0, &o) ||
        e->lam->body->stms.len != 1)
        return false;
    n->map = e;
    for (int q = 0; q < e->lam->params.len; q++)
        vec_push(&n->bound, e->lam->params.data[q]);
    n->dot = fn_dot_product(g, e->lam->body, &n->bound);
    if (!n->dot || (n->two && !outside(g, e->args.data[0], &n->bound)))
        return false;
    CDim m = cdim_of_atom(n->dot->args.data[0]);
    if (m.kind == CDIM_ANY)
        return false;
    for (int k = 0; k < n->dot->arrays.len; k++) {
        CAtom a = n->dot->arrays.data[k];
        if (a.kind != CA_VAR || omap_has(&g->lazy_iotas, a.var))
            return false;
        int q = row_param(e->lam, a), r = outer_row(n, a);
        bool ok = q >= 0   ? row_input(g, n, e->arrays.data[q], e->lam->params.data[q].type, m)
                  : r >= 0 ? row_input(g, n, n->row_of.data[r], n->rows.data[r].type, m)
                           : outside(g, a, &n->bound) && fg_var(g, a.var)->type.rank == 1 &&
                                 cdim_eq(fg_var(g, a.var)->type.dims[0], m);
        if (!ok)
            return false;
    }
    return true;
}

/* Whether body b (of the outer level, whose rows n->rows are bound already) is one
 * interchangeable map of dot products making its one result, a row of the outer level's output
 * out (of its width by their types), whose inputs are of its width by their types (so no size
 * check is moved). */
static bool inner_map(FGen *g, const CBody *b, CParam out, Nest *n) {
    const CStm *inner = &b->stms.data[b->stms.len - 1];
    if (b->result.len != 1 || b->result.data[0].kind != CA_VAR || inner->pat.len != 1 ||
        inner->pat.data[0].name != b->result.data[0].var || inner->exp->kind != CE_SCREMA ||
        out.type.rank != 2 || !cdim_eq(out.type.dims[1], cdim_of_atom(inner->exp->args.data[0])))
        return false;
    n->two = true;
    if (!interchangeable(g, inner, n))
        return false;
    CDim wj = cdim_of_atom(inner->exp->args.data[0]);
    for (int q = 0; q < inner->exp->arrays.len; q++) {
        CAtom a = inner->exp->arrays.data[q];
        if (a.kind != CA_VAR || !outside(g, a, &n->bound) ||
            (!omap_has(&g->lazy_iotas, a.var) && !cdim_eq(fg_var(g, a.var)->type.dims[0], wj)))
            return false;
    }
    return true;
}

/* Whether screma s is a map (over rows A[i]) whose lambda is one interchangeable map of dot
 * products making its row: then n describes both. */
static bool two_levels(FGen *g, const CStm *s, Nest *n) {
    const CExp *e = s->exp;
    CAtom o;
    if (g->device || e->kind != CE_SCREMA || e->scans.len || e->reds.len || s->pat.len != 1 ||
        e->lam->ret.len != 1 || e->lam->ret.data[0].rank != 1 || cexp_concat(e, 0, &o) ||
        e->lam->body->stms.len != 1)
        return false;
    for (int q = 0; q < e->lam->params.len; q++) {
        vec_push(&n->rows, e->lam->params.data[q]);
        vec_push(&n->row_of, e->arrays.data[q]);
        vec_push(&n->bound, e->lam->params.data[q]);
    }
    return inner_map(g, e->lam->body, s->pat.data[0], n);
}

/* Whether statement x of a segmap's body binds row gtid of a rank-2 array from outside the
 * segmap, of the segmap's width w by its type (so that the index cannot fail). */
static bool segmap_row(FGen *g, const CStm *x, const char *gtid, CDim w) {
    const CExp *e = x->exp;
    if (e->kind != CE_INDEX || x->pat.len != 1 || x->pat.data[0].type.rank != 1 || e->slice.len != 1 ||
        e->slice.data[0].is_slice || e->slice.data[0].start.kind != CA_VAR || e->slice.data[0].start.var != gtid)
        return false;
    CAtom xs = e->args.data[0];
    if (xs.kind != CA_VAR || !omap_get(&g->vars, xs.var))
        return false;
    CType t = fg_var(g, xs.var)->type;
    return t.rank == 2 && cdim_eq(t.dims[0], w);
}

/* Whether segop s is a segmap over one dimension whose body takes rows of arrays from outside at
 * its index (segmap_row) and then makes its one result by one interchangeable map of dot
 * products (matmul's outer map in weft multicore): then n describes both. */
static bool segmap_of_rows(FGen *g, const CStm *s, Nest *n) {
    const CExp *e = s->exp;
    CAtom o;
    if (g->device || e->kind != CE_SEGOP || e->seg != SEG_MAP || e->params.len != 1 || e->irregular || e->binned ||
        e->masked || s->pat.len != 1 || cexp_concat(e, 0, &o) || e->body->stms.len < 1)
        return false;
    const char *gtid = e->params.data[0].name;
    vec_push(&n->bound, e->params.data[0]);
    for (int i = 0; i < e->body->stms.len - 1; i++) {
        const CStm *x = &e->body->stms.data[i];
        if (!segmap_row(g, x, gtid, cdim_of_atom(e->args.data[0])))
            return false;
        vec_push(&n->rows, x->pat.data[0]);
        vec_push(&n->row_of, x->exp->args.data[0]);
        vec_push(&n->bound, x->pat.data[0]);
    }
    return inner_map(g, e->body, s->pat.data[0], n);
}

/* The reduce-map's input a at column k of the rows i (outer) and j (the map's): X[j][k] for a
 * row of X, A[i][k] for a row of A, a[k] for an array from outside. */
static const char *dot_input(FGen *g, const Nest *n, CAtom a, const char *i, const char *j, const char *k) {
    int q = row_param(n->map->lam, a), r = outer_row(n, a);
    if (q < 0 && r < 0)
        return fg_elem(g, fg_atom(g, a), a.var, &k, 1);
    CAtom xs = q >= 0 ? n->map->arrays.data[q] : n->row_of.data[r];
    const char *idx[2] = {q >= 0 ? j : i, k};
    return fg_elem(g, fg_atom(g, xs), xs.var, idx, 2);
}

/* Declares the reduce-map's inputs that are the same for every j as constants, into args: the
 * rows of A (inside the loop over i) when of_a, else the arrays from outside. */
static void invariant_inputs(FGen *g, const Nest *n, const char **args, const char *i, const char *k, bool of_a) {
    for (int q = 0; q < n->dot->arrays.len; q++) {
        CAtom a = n->dot->arrays.data[q];
        if (row_param(n->map->lam, a) >= 0 || (outer_row(n, a) >= 0) != of_a)
            continue;
        args[q] = fg_fresh(g, "a");
        fg_line(g, "const %s %s = %s;", c_prim(n->dot->lam->params.data[q].type.prim), args[q],
                dot_input(g, n, a, i, NULL, k));
    }
}

/* for (int64_t v = lo; v < hi; v++) { */
static void loop_begin(FGen *g, const char *v, const char *lo, const char *hi) {
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) {", v, lo, v, hi, v);
    g->indent++;
}

static void loop_end(FGen *g) {
    g->indent--;
    fg_line(g, "}");
}

/* for (int64_t v0 = lo; v0 < hi; v0 += size) { const int64_t v1 = min(v0 + size, hi); */
static void block_begin(FGen *g, const char *v0, const char *v1, const char *lo, const char *hi, int size) {
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s += %d) {", v0, lo, v0, hi, v0, size);
    g->indent++;
    fg_line(g, "const int64_t %s = %s - %s < %d ? %s : %s + %d;", v1, hi, v0, size, hi, v0, size);
}

/* acc = op(acc, f(inputs at (i, j, k))): the fold of one element into its output. */
static void fold_element(FGen *g, const Nest *n, const char **args, const char *acc, const char *i, const char *j,
                         const char *k) {
    const COperator *op = &n->dot->reds.data[0];
    for (int q = 0; q < n->dot->arrays.len; q++)
        if (row_param(n->map->lam, n->dot->arrays.data[q]) >= 0)
            args[q] = dot_input(g, n, n->dot->arrays.data[q], i, j, k);
    const char *v = fg_fresh(g, "v"), *nacc = fg_fresh(g, "nacc");
    fg_line(g, "%s %s, %s;", c_prim(n->dot->lam->ret.data[0].prim), v, nacc);
    FDest dv = {DEST_VAR, v}, da = {DEST_VAR, nacc};
    fg_lambda(g, n->dot->lam, args, &dv, true);
    const char *oargs[2] = {acc, v};
    fg_lambda(g, op->lam, oargs, &da, true);
    fg_line(g, "%s = %s;", acc, nacc);
}

/* The interchanged loops into out (the C name of the allocated output: [w] of one level, rows
 * [lo, hi) of [wi][w] of two): blocks of rows (two levels) and of columns, each initialised to
 * the neutral element, then for every k, every row of the block, every column of the block, the
 * element folded in. */
static void emit_interchanged(FGen *g, const Nest *n, const char *out, const char *lo, const char *hi,
                              const char *w) {
    const char *m = fg_fresh(g, "m"), *k = fg_fresh(g, "k"), *j0 = fg_fresh(g, "j0"), *j1 = fg_fresh(g, "j1");
    const char *j = fg_fresh(g, "j"), *i0 = fg_fresh(g, "i0"), *i1 = fg_fresh(g, "i1");
    const char *i = n->two ? fg_fresh(g, "i") : NULL;
    /* the output is dense (fs_alloc_output, fs_segop_outputs) */
    const char *acc = n->two ? xsprintf("%s.p[(%s) * %s.s[0] + %s]", out, i, out, j) : xsprintf("%s.p[%s]", out, j);
    fg_line(g, "int64_t %s = %s; /* a dot product per element: k outside, the map's index inside */", m,
            fg_atom(g, n->dot->args.data[0]));
    if (n->two)
        block_begin(g, i0, i1, lo, hi, FN_ROWS);
    block_begin(g, j0, j1, "0", w, FN_COLUMNS);
    if (n->two)
        loop_begin(g, i, i0, i1);
    fg_line(g, "for (int64_t %s = %s; %s < %s; %s++)", j, j0, j, j1, j);
    fg_line(g, "    %s = %s;", acc, fg_atom(g, n->dot->reds.data[0].nes.data[0]));
    if (n->two)
        loop_end(g);
    loop_begin(g, k, "0", m);
    g->iter++;
    const char **args = xmalloc(sizeof *args * (size_t)(n->dot->arrays.len + 1));
    invariant_inputs(g, n, args, i, k, false);
    if (n->two) {
        loop_begin(g, i, i0, i1);
        invariant_inputs(g, n, args, i, k, true);
    }
    loop_begin(g, j, j0, j1);
    fold_element(g, n, args, acc, i, j, k);
    loop_end(g);
    if (n->two)
        loop_end(g);
    g->iter--;
    loop_end(g);
    loop_end(g);
    if (n->two)
        loop_end(g);
}

/* The C condition under which the interchanged loops read better than the plain ones: enough
 * columns, and every row input X read down its columns faster than along its rows (X.s[0] <
 * X.s[1], as in a transposed matrix); NULL where that cannot hold, some X being dense (laid out
 * by rows: the plain loops walk along them, as in a matrix-vector product). */
static const char *worth_it(FGen *g, const Nest *n, const char *w) {
    StrBuf sb = {0};
    sb_printf(&sb, "%s >= %d", w, FN_MIN_COLUMNS);
    for (int k = 0; k < n->dot->arrays.len; k++) {
        int q = row_param(n->map->lam, n->dot->arrays.data[k]);
        if (q < 0)
            continue;
        const char *xs = n->map->arrays.data[q].var;
        if (fg_dense(g, xs))
            return NULL;
        const char *v = fg_atom(g, n->map->arrays.data[q]);
        sb_printf(&sb, " && %s.s[0] < %s.s[1]", v, v);
    }
    return sb.data;
}

/* Whether width is read as 1 here (a unit-width version: one column, nothing to interchange). */
static bool unit_width(FGen *g, CAtom width) {
    return g->unit && width.kind == CA_VAR && omap_has(g->unit, width.var);
}

/* `if (worth it) { the interchanged loops of rows [lo, hi) } else {`, when worth_it can hold. */
static bool interchange_begin(FGen *g, const Nest *n, const CStm *s, const char *lo, const char *hi,
                              const char *w) {
    if (unit_width(g, n->map->args.data[0]))
        return false;
    const char *wj = n->two ? fg_atom(g, n->map->args.data[0]) : w;
    const char *cond = worth_it(g, n, wj);
    if (!cond)
        return false;
    fg_line(g, "if (%s) {", cond);
    g->indent++;
    emit_interchanged(g, n, c_name(s->pat.data[0].name), lo, hi, wj);
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    return true;
}

bool fn_interchange_begin(FGen *g, const CStm *s, const char *w) {
    if (unit_width(g, s->exp->args.data[0]))
        return false;
    Nest n = {0};
    if (!two_levels(g, s, &n)) {
        n = (Nest){0};
        if (!interchangeable(g, s, &n))
            return false;
    }
    return interchange_begin(g, &n, s, "0", w, w);
}

bool fn_segmap_rows_begin(FGen *g, const CStm *s, const char *lo, const char *hi) {
    Nest n = {0};
    return segmap_of_rows(g, s, &n) && interchange_begin(g, &n, s, lo, hi, NULL);
}

void fn_interchange_end(FGen *g) {
    g->indent--;
    fg_line(g, "}");
}
