/* jagged.c — the represent pass: jagged arrays as flat data (docs/FLATTENING.md, "The flat
 * representation of a jagged array").
 *
 * After the optimiser, every variable whose type is jagged (an inner dimension `[]`) becomes
 * its parts: one offsets array per jagged level (i64, one entry more than the rows of the level
 * above, absolute positions in the level below) and the flat data.  Every statement that takes
 * or makes a jagged value is rewritten on the parts; everything later in the pipeline sees
 * regular arrays only.  The rules (one function each below):
 *
 *   index        a row is a view (offsets sliced, data shared); an element is the data at the
 *                position the offsets give, after a bounds check that names the whole index
 *   map          a jagged input is read row by row (its start and end offsets are two inputs;
 *                in a lambda, for a value made outside it, the row index is the input and the
 *                offsets are read by it: they stay free, and the nest can be flattened through);
 *                a result whose rows vary in size gets the rows' sizes first — the *size slice*
 *                of the lambda, the statements the sizes need and nothing else — their
 *                exclusive scan is its offsets, and the map writes its rows one after the other
 *                (a concatenated map result, CExp.offsets); a jagged row is several such
 *                results: the lengths of each of its levels, and its data
 *   flatten, unflatten, size, update, loops, ifs, entry points: on the parts
 *   calls        a jagged parameter or result of a function (of a recursive definition) is
 *                passed as its parts
 *   rearrange    a run-time check that the value is regular, then a reshape of the data
 *   concat, copy, rotate, array literals of jagged rows: on the parts, the operands' offsets
 *                shifted and their data concatenated (concat_parts); replicate: on the parts,
 *                position by position (replicate_rep)
 *   filter of rows, row slices with a stride: rewritten as maps over the rows (desugar below),
 *                then represented as maps (whose rows, views, the flattener copies
 *                element-wise: flatten.c, concats_as_maps); a filter of rows of rows: its
 *                kept rows gathered on the parts (gather_rep)
 *   array literals of regular rows: on the parts, the rows concatenated (lower_literal_rows);
 *                in a map, the rows' lengths are scalar results (literal_result), so that the
 *                flattener can make the concatenation element-wise (flatten.c)
 *
 * A variable keeps its name while it is regular; a value the rules prove regular although its
 * type says `[]` (a map whose rows all have one size known outside it) gets a regular type
 * with that size named.  Entry points record how their parameters and results are passed
 * (CFun.ext_params, ext_ret) for the harness.
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

#define MAX_LEVELS 16

/* A jagged value: offsets O1..OL and the data; type is the jagged type it stands for. */
typedef struct {
    int levels;
    CAtom offs[MAX_LEVELS];
    CAtom data;
    CType type;
    int depth; /* the SOAC lambdas around the statement that made it (J.depth then) */
    /* an array literal of rows made it (lower_literal_rows): its rows' lengths, nlens scalars,
     * and its data is exactly those rows (one level, not a view); else NULL */
    const CAtom *lens;
    int nlens;
} Rep;

/* A value of the input program during the pass: a regular atom, or a jagged one's parts. */
typedef struct {
    CAtom atom; /* rep == NULL */
    Rep *rep;
} Val;

typedef struct {
    CProg *prog;
    OMap reps;  /* variable of the input program -> Rep * */
    OMap types; /* every variable (the input's and the new ones) -> CType * */
    int depth;      /* the SOAC lambdas around the statement being represented */
    OMap fun_types; /* function -> its CFun before the pass: the types of its parameters and
                       results say which of them calls pass as their parts */
} J;

static void lower_body(J *j, const CBody *in, CBuild *b, Val **results);

/* ------------------------------------------------------------------ types */

/* The innermost dimension `[]` after the outer one (0: the type is not jagged). */
int jagged_levels(CType t) {
    int L = 0;
    for (int k = 1; k < t.rank; k++)
        if (t.dims[k].kind == CDIM_ANY)
            L = k;
    return L;
}

static CType offsets_type(void) { return ctype_array(PRIM_I64, 1, (CDim[]){cdim_any()}); }

/* [total] ++ the dimensions after level L */
static CType data_type(CType t, int L) {
    CType d = ctype_array(t.prim, t.rank - L, t.dims + L);
    d.dims[0] = cdim_any();
    d.unique = t.unique;
    return d;
}

static CType type_of(J *j, CAtom a) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType *t = omap_get(&j->types, a.var);
    if (!t)
        die("represent: no type for %s", a.var);
    return *t;
}

static void note(J *j, const char *name, CType t) {
    CType *p = xmalloc(sizeof *p);
    *p = t;
    omap_put(&j->types, name, p);
}

/* ------------------------------------------------------------------ values */

static Val regular(CAtom a) { return (Val){a, NULL}; }
static Val jagged(Rep *r) { return (Val){{0}, r}; }

static Val val_of(J *j, CAtom a) {
    Rep *r = a.kind == CA_VAR ? omap_get(&j->reps, a.var) : NULL;
    return r ? jagged(r) : regular(a);
}

/* A Rep of fresh, not yet bound part names for a value of jagged type t. */
/* A jagged value made at the current statement (its parts filled in by the caller). */
static Rep *rep_new(J *j) {
    Rep *r = xmalloc(sizeof *r);
    r->depth = j->depth;
    return r;
}

static Rep *fresh_rep(J *j, const char *base, CType t) {
    Rep *r = rep_new(j);
    r->levels = jagged_levels(t);
    if (r->levels >= MAX_LEVELS)
        die("represent: more than %d jagged levels", MAX_LEVELS);
    r->type = t;
    for (int k = 0; k < r->levels; k++) {
        const char *n = opt_fresh(xsprintf("%s_o%d", base, k + 1));
        note(j, n, offsets_type());
        r->offs[k] = catom_var(n);
    }
    const char *d = opt_fresh(xsprintf("%s_d", base));
    note(j, d, data_type(t, r->levels));
    r->data = catom_var(d);
    return r;
}

static void rep_params(J *j, const Rep *r, CParamVec *out) {
    for (int k = 0; k < r->levels; k++)
        vec_push(out, ((CParam){r->offs[k].var, type_of(j, r->offs[k])}));
    vec_push(out, ((CParam){r->data.var, type_of(j, r->data)}));
}

static void rep_atoms(const Rep *r, CAtomVec *out) {
    for (int k = 0; k < r->levels; k++)
        vec_push(out, r->offs[k]);
    vec_push(out, r->data);
}

/* The number of rows at level k (0: the outer dimension) of r: its offsets' size minus one. */
static CAtom rows_at(CBuild *b, const Rep *r, int k) {
    return cb_sub(b, cb_size(b, r->offs[k], 0), cb_i64(1));
}

/* the row count of the outer dimension */
static CAtom outer_rows(CBuild *b, const Rep *r) { return rows_at(b, r, 0); }

/* ------------------------------------------------------------------ conversions */

static CLambda *lambda1(CBuild *b, CType pt, CAtom (*fn)(CBuild *, CAtom, void *), void *arg) {
    CBuild in = cb_nested(b);
    CParam p = cb_param(&in, "i", pt);
    CParamVec ps = {0};
    vec_push(&ps, p);
    CAtomVec res = {0};
    vec_push(&res, fn(&in, catom_var(p.name), arg));
    return cb_lambda(ps, &in, res);
}

static CAtom times(CBuild *b, CAtom i, void *m) { return cb_mul(b, i, *(CAtom *)m); }

/* [0, m, 2m, ..., rows*m]: the offsets of rows rows of m each */
static CAtom even_offsets(CBuild *b, CAtom rows, CAtom m) {
    CAtom n1 = cb_add(b, rows, cb_i64(1));
    CAtom idx = cb_iota(b, n1);
    return cb_map(b, n1, &idx, 1, lambda1(b, ctype_prim(PRIM_I64), times, &m), NULL);
}

/* A regular value x as a jagged value of type t (same rank): evenly spaced offsets. */
static Rep *rep_of_regular(J *j, CBuild *b, CAtom x, CType t) {
    Rep *r = rep_new(j);
    r->type = t;
    r->levels = jagged_levels(t);
    CAtom rows = cb_size(b, x, 0);
    CAtom flat = x;
    for (int k = 0; k < r->levels; k++) {
        CAtom m = cb_size(b, x, k + 1);
        r->offs[k] = even_offsets(b, rows, m);
        rows = cb_mul(b, rows, m);
        flat = cb_flatten(b, flat);
    }
    r->data = flat;
    return r;
}

/* The span of each level of r: level 0 is its rows 0..rows; level k+1 the positions that level
 * k's rows cover (r may be a view: a row of a bigger value, whose deeper offsets are shared). */
typedef struct {
    CAtom lo[MAX_LEVELS + 1], hi[MAX_LEVELS + 1];
} Spans;

static Spans spans_of(CBuild *b, const Rep *r) {
    Spans sp;
    sp.lo[0] = cb_i64(0);
    sp.hi[0] = outer_rows(b, r);
    for (int k = 0; k < r->levels; k++) {
        sp.lo[k + 1] = cb_known_index1(b, r->offs[k], sp.lo[k]);
        sp.hi[k + 1] = cb_known_index1(b, r->offs[k], sp.hi[k]);
    }
    return sp;
}

/* The lengths of the rows of level k within [lo, hi): O[lo+1..hi] - O[lo..hi-1]. */
static CAtom level_lengths(CBuild *b, const Rep *r, int k, CAtom lo, CAtom hi) {
    CAtom rows = cb_sub(b, hi, lo);
    CAtom ins[2] = {cb_known_slice(b, r->offs[k], lo, hi),
                    cb_known_slice(b, r->offs[k], cb_add(b, lo, cb_i64(1)), cb_add(b, hi, cb_i64(1)))};
    CBuild in = cb_nested(b);
    CParam s = cb_param(&in, "s", ctype_prim(PRIM_I64)), e = cb_param(&in, "e", ctype_prim(PRIM_I64));
    CParamVec ps = {0};
    vec_push(&ps, s);
    vec_push(&ps, e);
    CAtomVec res = {0};
    vec_push(&res, cb_sub(&in, catom_var(e.name), catom_var(s.name)));
    return cb_map(b, rows, ins, 2, cb_lambda(ps, &in, res), NULL);
}

/* \(i, len) -> if len == want then rows else i : the first row whose length differs */
static CAtom first_unlike(CBuild *b, CAtom lens, CAtom want, CAtom rows) {
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64)), l = cb_param(&in, "len", ctype_prim(PRIM_I64));
    CParamVec ps = {0};
    vec_push(&ps, i);
    vec_push(&ps, l);
    CAtom same = cb_op2(&in, COP_EQ, PRIM_I64, catom_var(l.name), want);
    CAtomVec res = {0};
    vec_push(&res, cb_select(&in, same, rows, catom_var(i.name)));
    CAtom ins[2] = {cb_iota(b, rows), lens};
    CAtom which = cb_map(b, rows, ins, 2, cb_lambda(ps, &in, res), NULL);
    return cb_reduce(b, COP_MIN, PRIM_I64, rows, which);
}

/* A jagged value as a regular array, after a run-time check that every row of each level has
 * the length of the first (what: the operation that needs it, for the message). */
static CAtom regular_of_rep(J *j, CBuild *b, const Rep *r, const char *what) {
    Spans sp = spans_of(b, r);
    CAtom dims[MAX_LEVELS + 1];
    dims[0] = sp.hi[0];
    for (int k = 0; k < r->levels; k++) {
        CAtom rows = cb_sub(b, sp.hi[k], sp.lo[k]);
        CAtom lens = level_lengths(b, r, k, sp.lo[k], sp.hi[k]);
        CAtom any = cb_op2(b, COP_LT, PRIM_I64, cb_i64(0), rows);
        CAtom first = cb_index1(b, r->offs[k], sp.lo[k]);
        CAtom second = cb_index1(b, r->offs[k], cb_select(b, any, cb_add(b, sp.lo[k], cb_i64(1)), sp.lo[k]));
        CAtom len0 = cb_sub(b, second, first);
        CAtom bad = first_unlike(b, lens, len0, rows); /* rows when every row has len0 */
        CAtom ok = cb_op2(b, COP_EQ, PRIM_I64, bad, rows);
        CAtom at = cb_add(b, sp.lo[k], cb_select(b, ok, cb_i64(0), bad));
        CAtom after = cb_select(b, ok, at, cb_add(b, at, cb_i64(1)));
        CAtom badlen = cb_sub(b, cb_index1(b, r->offs[k], after), cb_index1(b, r->offs[k], at));
        CAtom vals[3] = {bad, badlen, len0};
        cb_assert(b, ok, xsprintf("%s of an irregular array (row {0} has {1} elements, row 0 has {2})", what), vals, 3);
        dims[k + 1] = len0;
    }
    CAtom x = cb_slice(b, r->data, sp.lo[r->levels], sp.hi[r->levels]);
    CAtom rows[MAX_LEVELS + 1];
    rows[0] = dims[0];
    for (int k = 1; k <= r->levels; k++)
        rows[k] = cb_mul(b, rows[k - 1], dims[k]);
    for (int k = r->levels; k >= 1; k--)
        x = cb_unflatten(b, rows[k - 1], dims[k], x);
    (void)j;
    return x;
}

/* r, of fewer levels than type t has, as a value of t: the leading dimensions of its data
 * become levels of evenly spaced offsets over the whole data (which the offsets above index,
 * r being a view or not).  A map whose rows the rules proved regular (rows of one array from
 * outside it) has fewer levels than its type says, `[n][][]t` for rows of `[m][5]t`. */
static Rep *deepen_rep(CBuild *b, const Rep *r, CType t) {
    Rep *d = xmalloc(sizeof *d);
    *d = *r;
    d->lens = NULL;
    d->type = t;
    while (d->levels < jagged_levels(t)) {
        CAtom m = cb_size(b, d->data, 1);
        d->offs[d->levels++] = even_offsets(b, cb_size(b, d->data, 0), m);
        d->data = cb_flatten(b, d->data);
    }
    return d;
}

/* v as a jagged value of type t. */
static Rep *to_rep(J *j, CBuild *b, Val v, CType t) {
    if (v.rep) {
        if (v.rep->levels < jagged_levels(t))
            return deepen_rep(b, v.rep, t);
        if (v.rep->levels != jagged_levels(t))
            die("represent: a value of %d levels where %d are expected", v.rep->levels, jagged_levels(t));
        return v.rep;
    }
    return rep_of_regular(j, b, v.atom, t);
}

/* The value as the atoms a result of type t is passed as: its parts if t is jagged. */
static void val_atoms(J *j, CBuild *b, Val v, CType t, CAtomVec *out) {
    if (jagged_levels(t))
        rep_atoms(to_rep(j, b, v, t), out);
    else if (v.rep)
        vec_push(out, regular_of_rep(j, b, v.rep, "a regular use"));
    else
        vec_push(out, v.atom);
}

/* The parameters a value of type t bound under name becomes: itself, or its fresh parts
 * (recorded as name's representation). */
static void bind_params(J *j, CParam p, CParamVec *out) {
    if (!jagged_levels(p.type)) {
        note(j, p.name, p.type);
        vec_push(out, p);
        return;
    }
    Rep *r = fresh_rep(j, p.name, p.type);
    omap_put(&j->reps, p.name, r);
    rep_params(j, r, out);
}

/* ------------------------------------------------------------------ indexing */

/* Bounds of the path of plain indices idx[0..n) into r, walking the levels: at each level the
 * position and its row's [start, end).  ok: every index so far in range; where one is not,
 * the walk continues with row 0, so that the message names a shape (as the interpreter's). */
typedef struct {
    CAtom ok;
    CAtom lo, hi;            /* the positions the path's value spans at the level reached */
    CAtom shape[MAX_LEVELS]; /* the length of each level along the path */
} Walk;

static Walk walk_path(CBuild *b, const Rep *r, const CAtom *idx, int n) {
    Walk w;
    w.ok = catom_bool(true);
    w.lo = cb_i64(0);
    w.hi = outer_rows(b, r);
    for (int k = 0; k < n && k <= r->levels; k++) {
        CAtom len = cb_sub(b, w.hi, w.lo);
        w.shape[k] = len;
        CAtom in = cb_in_range(b, idx[k], len);
        w.ok = w.ok.kind == CA_CONST ? in : cb_op2(b, COP_AND, PRIM_BOOL, w.ok, in);
        CAtom pos = cb_add(b, w.lo, cb_select(b, w.ok, idx[k], cb_i64(0)));
        if (k == r->levels) { /* an index into the data */
            w.lo = pos;
            w.hi = cb_add(b, pos, cb_i64(1));
            break;
        }
        /* pos + 1 may be one past the last row when the level is empty */
        CAtom last = rows_at(b, r, k);
        CAtom next = cb_add(b, pos, cb_i64(1));
        CAtom nextc = cb_select(b, cb_op2(b, COP_LT, PRIM_I64, last, next), last, next);
        /* in range whatever the indices: pos and nextc lie in [0, rows of level k] (a jagged
         * value's offsets are non-decreasing and within the level below: the readers, the C
         * library's wf_jagged_valid and every jagged.c construction keep them so) */
        w.lo = cb_known_index1(b, r->offs[k], pos);
        w.hi = cb_known_index1(b, r->offs[k], nextc);
    }
    return w;
}

/* The shape of the type after the jagged levels (regular dimensions) as atoms. */
static int tail_shape(CBuild *b, const Rep *r, CAtom *out) {
    int n = 0;
    for (int k = r->levels + 1; k < r->type.rank; k++)
        out[n++] = cb_size(b, r->data, k - r->levels);
    return n;
}

static const char *index_message(int nidx, int rank) {
    StrBuf sb = {0};
    sb_puts(&sb, "Index [");
    for (int k = 0; k < nidx; k++)
        sb_printf(&sb, "%s{%d}", k ? ", " : "", k);
    sb_puts(&sb, "] out of bounds for array of shape ");
    for (int k = 0; k < rank; k++)
        sb_printf(&sb, "[{%d}]", nidx + k);
    sb_putc(&sb, '.');
    return sb.data;
}

/* x[idx] for plain indices (n of them) into a jagged value: a row (a view) or an element,
 * after one check of the whole index whose message names every index and the shape along the
 * path (as the interpreter's does). */
static Val index_plain(J *j, CBuild *b, const Rep *r, const CAtom *idx, int n, bool in_range) {
    Walk w = walk_path(b, r, idx, n);
    int walked = n <= r->levels + 1 ? n : r->levels + 1;
    CAtom tail[MAX_LEVELS];
    int nt = tail_shape(b, r, tail);
    for (int k = r->levels + 1; k < n; k++) /* indices into the regular dimensions after the levels */
        w.ok = cb_op2(b, COP_AND, PRIM_BOOL, w.ok, cb_in_range(b, idx[k], tail[k - r->levels - 1]));
    CAtom vals[3 * MAX_LEVELS];
    int nv = 0;
    for (int k = 0; k < n; k++)
        vals[nv++] = idx[k];
    for (int k = 0; k < walked; k++)
        vals[nv++] = w.shape[k];
    int dims = walked;
    if (walked == r->levels + 1)
        for (int k = 0; k < nt; k++, dims++)
            vals[nv++] = tail[k];
    if (!in_range)
        cb_assert(b, w.ok, index_message(n, dims), vals, nv);
    if (n == r->levels) /* a row of the last level: a view of the data, [lo, hi) within it */
        return regular(cb_known_slice(b, r->data, w.lo, w.hi));
    if (n < r->levels) { /* the levels below n, over the span [lo, hi) of level n */
        Rep *row = rep_new(j);
        row->type = ctype_array(r->type.prim, r->type.rank - n, r->type.dims + n);
        row->levels = r->levels - n;
        row->offs[0] = cb_known_slice(b, r->offs[n], w.lo, cb_add(b, w.hi, cb_i64(1)));
        for (int k = 1; k < row->levels; k++)
            row->offs[k] = r->offs[n + k];
        row->data = r->data;
        return jagged(row);
    }
    CAtom didx[MAX_LEVELS + 1];
    didx[0] = w.lo;
    int nd = 1;
    for (int k = r->levels + 1; k < n; k++)
        didx[nd++] = idx[k];
    return regular(cb_index(b, r->data, didx, nd));
}

/* ------------------------------------------------------------------ desugaring into maps */

/* Some operations on jagged values are written as maps over the rows (in the input program's
 * terms, jagged types and all) and then represented like the program's own maps: the map rule
 * does the work.  A RowFn builds, into the lambda's body, the row for index i. */
typedef CAtom (*RowFn)(J *j, CBuild *in, CAtom i, void *arg);

static void lower_stm(J *j, const CStm *s, CBuild *b);

/* let out = map (\i -> fn(i)) (iota n), of the input type result */
static void desugar_rows(J *j, CBuild *b, CParam out, CAtom n, RowFn fn, void *arg) {
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom row = fn(j, &in, catom_var(i.name), arg);
    CLambda *lam = clambda_new();
    vec_push(&lam->params, i);
    lam->body = in.body;
    vec_push(&lam->body->result, row);
    vec_push(&lam->ret, ctype_elem(out.type));
    CAtom idx = cb_iota(b, n);
    CExp *e = cb_exp(b, CE_SCREMA);
    vec_push(&e->args, n);
    vec_push(&e->arrays, idx);
    e->lam = lam;
    CStm st = {{0}, e};
    vec_push(&st.pat, out);
    note(j, out.name, out.type);
    lower_stm(j, &st, b);
}

/* index x [i] in the input's terms */
static CAtom row_of(J *j, CBuild *in, CAtom x, CAtom i) {
    CType t = type_of(j, x);
    CExp *e = cb_exp(in, CE_INDEX);
    vec_push(&e->args, x);
    vec_push(&e->slice, ((CIndex){false, i, {0}, {0}}));
    return cb_let(in, "row", ctype_elem(t), e);
}

/* size 0 x in the input's terms, represented */
static CAtom outer_size(J *j, CBuild *b, CAtom x) {
    Val v = val_of(j, x);
    return v.rep ? outer_rows(b, v.rep) : cb_size(b, x, 0);
}

/* concat: row i of the k operands, picked by comparing i with their running row counts */
typedef struct {
    const CAtom *xs;
    CAtom *starts; /* the first row of each operand in the result */
    int n;
    CType row;
} Concat;

static CAtom concat_row(J *j, CBuild *in, CAtom i, void *arg) {
    Concat *c = arg;
    /* if i < starts[1] then x0[i] else if i < starts[2] then x1[i - starts[1]] else ... */
    CAtom result = {0};
    CBody *cur = in->body;
    CBuild at = *in;
    for (int k = 0; k < c->n; k++) {
        at.body = cur;
        if (k == c->n - 1) {
            CAtom r = row_of(j, &at, c->xs[k], cb_sub(&at, i, c->starts[k]));
            vec_push(&cur->result, r);
            break;
        }
        CAtom lt = cb_op2(&at, COP_LT, PRIM_I64, i, c->starts[k + 1]);
        CExp *e = cb_exp(&at, CE_IF);
        vec_push(&e->args, lt);
        e->body = cbody_new();
        e->body2 = cbody_new();
        CBuild then = at;
        then.body = e->body;
        vec_push(&e->body->result, row_of(j, &then, c->xs[k], cb_sub(&then, i, c->starts[k])));
        CAtom r = cb_let(&at, "pick", c->row, e);
        if (k == 0)
            result = r;
        else
            vec_push(&cur->result, r);
        cur = e->body2;
    }
    return result;
}

/* ------------------------------------------------------------------ concatenation on the parts */

/* Jagged values, each of its rows and rows of rows (a jagged value's copy, its rotation, a
 * concatenation of several and an array literal of jagged rows), are written on the parts:
 * the values' offsets, each shifted to where the value starts in the result, and their data
 * concatenated.  No row is copied in a thread of its own: a concatenation of arrays is one
 * copy per operand at the top level, and in a map one map over every position of the result
 * where the flattener flattens it (flatten.c, concats_as_maps). */

static CAtom plus(CBuild *b, CAtom o, void *shift) { return cb_add(b, o, *(CAtom *)shift); }

/* xs[0..n), each of L levels, one after the other: the offsets of each level into offs[0..L),
 * the data into *data.  A value may be a view: only its span of each level is taken. */
static void concat_parts(J *j, CBuild *b, Rep *const *xs, int n, int L, CType t, CAtom *offs, CAtom *data) {
    Spans *sp = xmalloc(sizeof *sp * (size_t)n);
    for (int s = 0; s < n; s++)
        sp[s] = spans_of(b, xs[s]);
    CAtom *pieces = xmalloc(sizeof *pieces * (size_t)(n + 1));
    for (int k = 0; k < L; k++) {
        CAtom before = cb_i64(0); /* the rows of level k + 1 of the values before s */
        for (int s = 0; s < n; s++) {
            CAtom rows = cb_sub(b, sp[s].hi[k], sp[s].lo[k]);
            CAtom starts = cb_slice(b, xs[s]->offs[k], sp[s].lo[k], sp[s].hi[k]);
            CAtom shift = cb_sub(b, before, sp[s].lo[k + 1]);
            pieces[s] = cb_map(b, rows, &starts, 1, lambda1(b, ctype_prim(PRIM_I64), plus, &shift), NULL);
            before = cb_add(b, before, cb_sub(b, sp[s].hi[k + 1], sp[s].lo[k + 1]));
        }
        CExp *last = cb_exp(b, CE_ARRAY);
        last->type = ctype_prim(PRIM_I64);
        vec_push(&last->args, before);
        pieces[n] = cb_let(b, "end", ctype_array(PRIM_I64, 1, (CDim[]){cdim_const(1)}), last);
        CExp *cat = cb_exp(b, CE_CONCAT);
        for (int s = 0; s <= n; s++)
            vec_push(&cat->args, pieces[s]);
        offs[k] = cb_let(b, "offs", offsets_type(), cat);
    }
    CExp *cat = cb_exp(b, CE_CONCAT);
    for (int s = 0; s < n; s++)
        vec_push(&cat->args, cb_slice(b, xs[s]->data, sp[s].lo[L], sp[s].hi[L]));
    *data = cb_let(b, "data", data_type(t, L), cat);
    (void)j;
}

/* The jagged value of type t that concat_parts makes of xs[0..n) (of t's levels each). */
static Rep *concat_reps(J *j, CBuild *b, Rep *const *xs, int n, CType t) {
    Rep *r = rep_new(j);
    r->type = t;
    r->levels = jagged_levels(t);
    concat_parts(j, b, xs, n, r->levels, t, r->offs, &r->data);
    return r;
}

/* Rows lo..hi of r, a view (its outer offsets sliced, the rest shared). */
static Rep *rows_view(CBuild *b, const Rep *r, CAtom lo, CAtom hi) {
    Rep *v = xmalloc(sizeof *v);
    *v = *r;
    v->lens = NULL;
    v->offs[0] = cb_slice(b, r->offs[0], lo, cb_add(b, hi, cb_i64(1)));
    return v;
}

/* replicate k v of a jagged v: k rows of v's rows each, and below, v's span of each level k
 * times, written position by position (a map over the result's offsets or data, each position
 * reading v at its place modulo v's span): no row copied in a thread of its own. */
typedef struct {
    CAtom len, lo, src; /* v's span of the level (its length, its start) and the array read */
    CAtom next, last, total; /* offsets: the next level's span, the last entry's position, its value */
} Repeat;

/* position p of data repeated: src[lo + p mod len] */
static CAtom repeat_elem(CBuild *b, CAtom p, void *arg) {
    Repeat *r = arg;
    return cb_index1(b, r->src, cb_add(b, r->lo, cb_op2(b, COP_MOD, PRIM_I64, p, r->len)));
}

/* entry p of offsets repeated: the total at the last entry (the only one where len is 0), else
 * (p / len) * the next level's span + src[lo + p mod len] - src[lo] */
static CAtom repeat_offset(CBuild *b, CAtom p, void *arg) {
    Repeat *r = arg;
    CBuild at_end = cb_nested(b), inside = cb_nested(b);
    CAtom q = cb_op2(&inside, COP_QUOT, PRIM_I64, p, r->len);
    CAtom i = cb_op2(&inside, COP_MOD, PRIM_I64, p, r->len);
    CAtom o = cb_index1(&inside, r->src, cb_add(&inside, r->lo, i));
    CAtom first = cb_index1(&inside, r->src, r->lo);
    CAtom off = cb_add(&inside, cb_mul(&inside, q, r->next), cb_sub(&inside, o, first));
    return cb_if(b, cb_op2(b, COP_EQ, PRIM_I64, p, r->last), &at_end, r->total, &inside, off, "off");
}

/* n, or 1 where it is 0: a divisor (no position reads a level of no rows) */
static CAtom nonzero(CBuild *b, CAtom n) { return cb_select(b, cb_op2(b, COP_EQ, PRIM_I64, n, cb_i64(0)), cb_i64(1), n); }

static Rep *replicate_rep(J *j, CBuild *b, CAtom k, const Rep *v, CType t) {
    Spans sp = spans_of(b, v);
    Rep *r = rep_new(j);
    r->type = t;
    r->levels = jagged_levels(t);
    r->offs[0] = even_offsets(b, k, sp.hi[0]);
    for (int m = 0; m < v->levels; m++) {
        CAtom len = cb_sub(b, sp.hi[m], sp.lo[m]), next = cb_sub(b, sp.hi[m + 1], sp.lo[m + 1]);
        CAtom last = cb_mul(b, k, len); /* the entries before the total */
        Repeat rp = {nonzero(b, len), sp.lo[m], v->offs[m], next, last, cb_mul(b, k, next)};
        CAtom n1 = cb_add(b, last, cb_i64(1));
        CAtom idx = cb_iota(b, n1);
        r->offs[m + 1] = cb_map(b, n1, &idx, 1, lambda1(b, ctype_prim(PRIM_I64), repeat_offset, &rp), NULL);
    }
    int L = v->levels;
    CAtom len = cb_sub(b, sp.hi[L], sp.lo[L]);
    CAtom total = cb_mul(b, k, len);
    Repeat rp = {nonzero(b, len), sp.lo[L], v->data, {0}, {0}, {0}};
    CAtom idx = cb_iota(b, total);
    CAtom d = cb_map(b, total, &idx, 1, lambda1(b, ctype_prim(PRIM_I64), repeat_elem, &rp), NULL);
    CExp *e = cb_exp(b, CE_ATOM); /* typed [] like every jagged value's data */
    vec_push(&e->args, d);
    r->data = cb_let(b, "data", data_type(t, r->levels), e);
    return r;
}

/* concat of jagged values (concat_reps) */
static void lower_concat_parts(J *j, CBuild *b, const CStm *s) {
    CParam out = s->pat.data[0];
    int n = s->exp->args.len;
    Rep **xs = xmalloc(sizeof *xs * (size_t)n);
    for (int k = 0; k < n; k++)
        xs[k] = to_rep(j, b, val_of(j, s->exp->args.data[k]), out.type);
    omap_put(&j->reps, out.name, concat_reps(j, b, xs, n, out.type));
}

/* copy: the value concatenated alone (its span only, offsets from 0, the data copied) */
static void lower_copy_parts(J *j, CBuild *b, const CStm *s) {
    Rep *x = to_rep(j, b, val_of(j, s->exp->args.data[0]), s->pat.data[0].type);
    omap_put(&j->reps, s->pat.data[0].name, concat_reps(j, b, &x, 1, s->pat.data[0].type));
}

/* rotate r x: rows k.. then rows ..k of x, k = r mod its rows (0 without rows) */
static void lower_rotate_parts(J *j, CBuild *b, const CStm *s) {
    Rep *x = to_rep(j, b, val_of(j, s->exp->args.data[1]), s->pat.data[0].type);
    CAtom n = outer_rows(b, x);
    CAtom none = cb_op2(b, COP_EQ, PRIM_I64, n, cb_i64(0));
    CAtom k = cb_op2(b, COP_MOD, PRIM_I64, s->exp->args.data[0], cb_select(b, none, cb_i64(1), n));
    Rep *halves[2] = {rows_view(b, x, k, n), rows_view(b, x, cb_i64(0), k)};
    omap_put(&j->reps, s->pat.data[0].name, concat_reps(j, b, halves, 2, s->pat.data[0].type));
}

/* an array literal of jagged rows [x0, x1, ...]: outer offsets the running row counts, the
 * levels below the rows' concatenated (concat_parts) */
static void lower_literal_jagged(J *j, CBuild *b, const CStm *s) {
    CParam out = s->pat.data[0];
    CType row = ctype_elem(out.type);
    int n = s->exp->args.len;
    Rep **xs = xmalloc(sizeof *xs * (size_t)n);
    CExp *o = cb_exp(b, CE_ARRAY);
    o->type = ctype_prim(PRIM_I64);
    CAtom before = cb_i64(0);
    vec_push(&o->args, before);
    for (int k = 0; k < n; k++) {
        xs[k] = to_rep(j, b, val_of(j, s->exp->args.data[k]), row);
        before = cb_add(b, before, outer_rows(b, xs[k]));
        vec_push(&o->args, before);
    }
    Rep *r = rep_new(j);
    r->type = out.type;
    r->levels = jagged_levels(out.type);
    r->offs[0] = cb_let(b, "offs", ctype_array(PRIM_I64, 1, (CDim[]){cdim_const(n + 1)}), o);
    concat_parts(j, b, xs, n, r->levels - 1, row, r->offs + 1, &r->data);
    omap_put(&j->reps, out.name, r);
}

static void lower_concat(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    Concat c = {e->args.data, xmalloc(sizeof(CAtom) * (size_t)(e->args.len + 1)), e->args.len,
                ctype_elem(s->pat.data[0].type)};
    c.starts[0] = cb_i64(0);
    for (int k = 0; k < c.n; k++)
        c.starts[k + 1] = cb_add(b, c.starts[k], outer_size(j, b, e->args.data[k]));
    desugar_rows(j, b, s->pat.data[0], c.starts[c.n], concat_row, &c);
}

static CAtom copy_row(J *j, CBuild *in, CAtom i, void *arg) {
    CAtom r = row_of(j, in, *(CAtom *)arg, i);
    CType t = type_of(j, r);
    CExp *e = cb_exp(in, CE_COPY);
    vec_push(&e->args, r);
    return cb_let(in, "copy", t, e);
}

typedef struct {
    CAtom x, r, n;
} Rotate;

static CAtom rotate_row(J *j, CBuild *in, CAtom i, void *arg) {
    Rotate *rt = arg;
    CAtom k = cb_op2(in, COP_MOD, PRIM_I64, cb_add(in, i, rt->r), rt->n);
    return row_of(j, in, rt->x, k);
}

static CAtom same_row(J *j, CBuild *in, CAtom i, void *arg) { return *(CAtom *)arg; }

static CAtom gather_row(J *j, CBuild *in, CAtom i, void *arg) {
    const CAtom *xi = arg; /* x, then the indices: rows of x (a filter's), no check */
    CAtom r = row_of(j, in, xi[0], cb_index1(in, xi[1], i));
    in->body->stms.data[in->body->stms.len - 1].exp->in_range = true;
    return r;
}

/* array literal: row i is element i */
typedef struct {
    const CAtomVec *elems;
    CType row;
} Literal;

static CAtom literal_row(J *j, CBuild *in, CAtom i, void *arg) {
    Literal *l = arg;
    CAtomVec starts = {0};
    for (int k = 0; k <= l->elems->len; k++)
        vec_push(&starts, cb_i64(k));
    /* a chain of ifs on i, like concat's over singletons */
    CBody *cur = in->body;
    CBuild at = *in;
    CAtom first = {0};
    for (int k = 0; k < l->elems->len; k++) {
        at.body = cur;
        if (k == l->elems->len - 1) {
            vec_push(&cur->result, l->elems->data[k]);
            break;
        }
        CExp *e = cb_exp(&at, CE_IF);
        vec_push(&e->args, cb_op2(&at, COP_EQ, PRIM_I64, i, cb_i64(k)));
        e->body = cbody_new();
        e->body2 = cbody_new();
        vec_push(&e->body->result, l->elems->data[k]);
        CAtom r = cb_let(&at, "pick", l->row, e);
        if (k == 0)
            first = r;
        else
            vec_push(&cur->result, r);
        cur = e->body2;
    }
    return l->elems->len == 1 ? l->elems->data[0] : first;
}

/* An array literal of rows that are regular arrays, of one jagged level ([k][]t): not
 * desugared into a map over its k rows (which, in a map, made each element's rows one after
 * the other in scratch arrays, then copied them: allocations and a copy per row per element)
 * but written on the parts.  Its offsets are the running sums of the rows' lengths,
 * [0, n0, n0+n1, ...]; its data the rows concatenated (`concat` of one row: a copy), a copy
 * per row where it runs sequentially, which the flattener makes one map over all the positions
 * of the result where it flattens (flatten.c, concats_as_maps): in a map, one element-wise step
 * over every element's rows.  A map's result keeps the rows' lengths as scalars
 * (literal_result). */

/* Whether the literal s is one of regular rows into one jagged level (lower_literal_rows). */
static bool literal_of_regular_rows(J *j, const CStm *s) {
    if (jagged_levels(s->pat.data[0].type) != 1)
        return false;
    for (int k = 0; k < s->exp->args.len; k++)
        if (val_of(j, s->exp->args.data[k]).rep)
            return false;
    return true;
}

static void lower_literal_rows(J *j, CBuild *b, const CStm *s) {
    const CAtomVec *elems = &s->exp->args;
    int k = elems->len;
    CAtom *rows = xmalloc(sizeof *rows * (size_t)k), *starts = xmalloc(sizeof *starts * (size_t)(k + 1));
    starts[0] = cb_i64(0);
    for (int m = 0; m < k; m++) {
        rows[m] = val_of(j, elems->data[m]).atom;
        starts[m + 1] = cb_add(b, starts[m], cb_size(b, rows[m], 0));
    }
    Rep *r = rep_new(j);
    r->type = s->pat.data[0].type;
    r->levels = 1;
    CExp *o = cb_exp(b, CE_ARRAY);
    o->type = ctype_prim(PRIM_I64);
    for (int m = 0; m <= k; m++)
        vec_push(&o->args, starts[m]);
    r->offs[0] = cb_let(b, "offs", ctype_array(PRIM_I64, 1, (CDim[]){cdim_const(k + 1)}), o);
    CExp *cat = cb_exp(b, CE_CONCAT); /* of one row: a copy */
    for (int m = 0; m < k; m++)
        vec_push(&cat->args, rows[m]);
    /* typed [] like every jagged value's data: a row's view takes its type from it */
    r->data = cb_let(b, "data", data_type(r->type, 1), cat);
    CAtom *lens = xmalloc(sizeof *lens * (size_t)k);
    for (int m = 0; m < k; m++)
        lens[m] = cb_sub(b, starts[m + 1], starts[m]);
    r->lens = lens;
    r->nlens = k;
    omap_put(&j->reps, s->pat.data[0].name, r);
}

/* ------------------------------------------------------------------ statements */

/* Bind the input-level name p to v. */
static void bind_val(J *j, CBuild *b, CParam p, Val v) {
    if (v.rep && jagged_levels(p.type)) {
        omap_put(&j->reps, p.name, v.rep);
        return;
    }
    CAtom a = v.rep ? regular_of_rep(j, b, v.rep, "a regular use") : v.atom;
    CExp *e = cb_exp(b, CE_ATOM);
    vec_push(&e->args, a);
    CParamVec pat = {0};
    CType t = a.kind == CA_CONST ? ctype_prim(a.prim) : type_of(j, a);
    t.unique = p.type.unique;
    vec_push(&pat, ((CParam){p.name, jagged_levels(p.type) || !t.rank ? t : p.type}));
    cb_let_pat(b, pat, e);
}

/* A statement whose operands are regular, kept; its pattern's types recomputed from the
 * operands where the input's say jagged (the value is regular: its rows came out equal). */
static void keep(J *j, CBuild *b, const CStm *s, CExp *e) {
    CTypeVec ts = {0};
    bool typed = !(e->kind == CE_IF || e->kind == CE_LOOP || e->kind == CE_APPLY || e->kind == CE_SEGOP ||
                   e->kind == CE_ASSERT) &&
                 !cexp_types(e, cb_lookup, b, &ts);
    CParamVec pat = {0};
    for (int i = 0; i < s->pat.len; i++) {
        CParam p = s->pat.data[i];
        if (jagged_levels(p.type)) {
            if (!typed || i >= ts.len)
                die("represent: cannot type %s", p.name);
            CType t = ts.data[i];
            t.unique = p.type.unique;
            p.type = t;
        }
        vec_push(&pat, p);
    }
    cb_let_pat(b, pat, e);
}

static bool jagged_operands(J *j, const CAtomVec *v) {
    for (int i = 0; i < v->len; i++)
        if (val_of(j, v->data[i]).rep)
            return true;
    return false;
}

static CExp *shallow(const CExp *e) {
    CExp *r = xmalloc(sizeof *r);
    *r = *e;
    return r;
}

/* Represent the statements of an input-level body built on the fly into b. */
static void lower_input(J *j, CBuild *b, const CBody *in) {
    for (int i = 0; i < in->stms.len; i++)
        lower_stm(j, &in->stms.data[i], b);
}

/* Elements of the slice s:e:d (rts/flat_views.h wf_slice_len, for d != 0) */
static CAtom slice_len(CBuild *b, CAtom s, CAtom e, CAtom d) {
    CAtom up = cb_op2(b, COP_LT, PRIM_I64, cb_i64(0), d);
    CAtom span = cb_select(b, up, cb_sub(b, e, s), cb_sub(b, s, e));
    CAtom step = cb_select(b, up, d, cb_sub(b, cb_i64(0), d));
    CAtom q = cb_op2(b, COP_QUOT, PRIM_I64, cb_sub(b, cb_add(b, span, step), cb_i64(1)), step);
    return cb_select(b, cb_op2(b, COP_LT, PRIM_I64, cb_i64(0), span), q, cb_i64(0));
}

/* a row of a strided slice: x[start + k * stride][rest] */
typedef struct {
    CAtom x;
    CIndex s0;
    CIndexVec rest;
    CType row;
} Slice;

static CAtom slice_row(J *j, CBuild *in, CAtom k, void *arg) {
    Slice *sl = arg;
    CAtom i = cb_add(in, sl->s0.start, cb_mul(in, k, sl->s0.stride));
    CAtom row = row_of(j, in, sl->x, i);
    if (!sl->rest.len)
        return row;
    CExp *ix = cb_exp(in, CE_INDEX);
    vec_push(&ix->args, row);
    ix->slice = sl->rest;
    return cb_let(in, "part", sl->row, ix);
}

static void lower_index(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    Val x = val_of(j, e->args.data[0]);
    if (!x.rep) {
        keep(j, b, s, shallow(e));
        return;
    }
    const Rep *r = x.rep;
    int n = e->slice.len;
    bool plain = true;
    for (int k = 0; k < n; k++)
        plain = plain && !e->slice.data[k].is_slice;
    CParam p = s->pat.data[0];
    if (plain) {
        CAtom idx[3 * MAX_LEVELS];
        for (int k = 0; k < n && k < 3 * MAX_LEVELS; k++)
            idx[k] = e->slice.data[k].start;
        bind_val(j, b, p, index_plain(j, b, r, idx, n, s->exp->in_range));
        return;
    }
    const CIndex *s0 = &e->slice.data[0];
    bool rest = n > 1;
    if (s0->is_slice && !rest && s0->stride.kind == CA_CONST && s0->stride.ival == 1) {
        /* rows start..end: the outer offsets sliced (one entry more), the rest shared */
        CAtom rows = outer_rows(b, r);
        CAtom okl = cb_op2(b, COP_LE, PRIM_I64, cb_i64(0), s0->start);
        CAtom okm = cb_op2(b, COP_LE, PRIM_I64, s0->start, s0->end);
        CAtom okh = cb_op2(b, COP_LE, PRIM_I64, s0->end, rows);
        CAtom ok = cb_op2(b, COP_AND, PRIM_BOOL, okl, cb_op2(b, COP_AND, PRIM_BOOL, okm, okh));
        CAtom vals[3] = {s0->start, s0->end, rows};
        cb_assert(b, ok, "Index [{0}:{1}] out of bounds for array of shape [{2}].", vals, 3);
        Rep *v = xmalloc(sizeof *v);
        *v = *r;
        v->lens = NULL;
        v->type = p.type;
        v->offs[0] = cb_slice(b, r->offs[0], s0->start, cb_add(b, s0->end, cb_i64(1)));
        bind_val(j, b, p, jagged(v));
        return;
    }
    /* x[i, rest] = (x[i])[rest]; x[a:b:d, rest] = map (\k -> x[a + k*d][rest]) (iota len) */
    CBuild in = cb_nested(b);
    CIndexVec tail = {0};
    for (int k = 1; k < n; k++)
        vec_push(&tail, e->slice.data[k]);
    if (!s0->is_slice) {
        CAtom row = row_of(j, &in, e->args.data[0], s0->start);
        CExp *ix = cb_exp(&in, CE_INDEX);
        vec_push(&ix->args, row);
        ix->slice = tail;
        CStm st = {{0}, ix};
        vec_push(&st.pat, p);
        note(j, p.name, p.type);
        vec_push(&in.body->stms, st);
        lower_input(j, b, in.body);
        return;
    }
    Slice sl = {e->args.data[0], *s0, tail, ctype_elem(p.type)};
    desugar_rows(j, b, p, slice_len(b, s0->start, s0->end, s0->stride), slice_row, &sl);
}


/* size k x: the outer rows, the length of the first row of a level, or a dimension after them */
static void lower_size(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    Val x = val_of(j, e->args.data[0]);
    if (!x.rep) {
        keep(j, b, s, shallow(e));
        return;
    }
    const Rep *r = x.rep;
    CAtom v;
    if (e->dim == 0) {
        v = outer_rows(b, r);
    } else if (e->dim <= r->levels) {
        CAtom zeros[MAX_LEVELS] = {0};
        for (int k = 0; k < MAX_LEVELS; k++)
            zeros[k] = cb_i64(0);
        Walk w = walk_path(b, r, zeros, e->dim);
        v = cb_sub(b, w.hi, w.lo);
    } else {
        v = cb_size(b, r->data, e->dim - r->levels);
    }
    bind_val(j, b, s->pat.data[0], regular(v));
}

/* flatten: the two outer dimensions as one */
static void lower_flatten(J *j, CBuild *b, const CStm *s) {
    Val x = val_of(j, s->exp->args.data[0]);
    if (!x.rep) {
        keep(j, b, s, shallow(s->exp));
        return;
    }
    const Rep *r = x.rep;
    CAtom rows = outer_rows(b, r);
    if (r->levels == 1) { /* the data of the rows */
        CAtom lo = cb_known_index1(b, r->offs[0], cb_i64(0)), hi = cb_known_index1(b, r->offs[0], rows);
        bind_val(j, b, s->pat.data[0], regular(cb_known_slice(b, r->data, lo, hi)));
        return;
    }
    /* the rows of level 2 that the outer rows span become the outer rows */
    Rep *f = xmalloc(sizeof *f);
    f->type = s->pat.data[0].type;
    f->levels = r->levels - 1;
    CAtom lo = cb_known_index1(b, r->offs[0], cb_i64(0)), hi = cb_known_index1(b, r->offs[0], rows);
    f->offs[0] = cb_known_slice(b, r->offs[1], lo, cb_add(b, hi, cb_i64(1)));
    for (int k = 1; k < f->levels; k++)
        f->offs[k] = r->offs[k + 1];
    f->data = r->data;
    if (!jagged_levels(f->type)) /* the result's type says regular: check it */
        bind_val(j, b, s->pat.data[0], regular(regular_of_rep(j, b, f, "flatten")));
    else
        bind_val(j, b, s->pat.data[0], jagged(f));
}

/* unflatten n m x, x jagged: a level of m rows each in front */
static void lower_unflatten(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    Val x = val_of(j, e->args.data[2]);
    if (!x.rep) {
        keep(j, b, s, shallow(e));
        return;
    }
    CAtom n = e->args.data[0], m = e->args.data[1];
    const Rep *r = x.rep;
    CAtom rows = outer_rows(b, r);
    CAtom vals[3] = {n, m, rows};
    cb_assert(b, cb_op2(b, COP_EQ, PRIM_I64, cb_mul(b, n, m), rows),
              "cannot unflatten an array of {2} rows into [{0}][{1}]", vals, 3);
    Rep *u = xmalloc(sizeof *u);
    u->type = s->pat.data[0].type;
    u->levels = r->levels + 1;
    /* x's rows are positions 0.. of its first offsets array: m of them per new row */
    u->offs[0] = even_offsets(b, n, m);
    for (int k = 0; k < r->levels; k++)
        u->offs[k + 1] = r->offs[k];
    u->data = r->data;
    bind_val(j, b, s->pat.data[0], jagged(u));
}

/* rearrange: a regular array's transposition; of a jagged value, after checking it is regular */
static void lower_rearrange(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    Val x = val_of(j, e->args.data[0]);
    if (!x.rep) {
        keep(j, b, s, shallow(e));
        return;
    }
    CExp *r = shallow(e);
    r->args = (CAtomVec){0};
    vec_push(&r->args, regular_of_rep(j, b, x.rep, "transpose"));
    keep(j, b, s, r);
}

typedef struct {
    CAtom x, i, v;
    CType row;
} Update;

static CAtom update_row(J *j, CBuild *in, CAtom k, void *arg) {
    Update *u = arg;
    CExp *e = cb_exp(in, CE_IF);
    vec_push(&e->args, cb_op2(in, COP_EQ, PRIM_I64, k, u->i));
    e->body = cbody_new();
    e->body2 = cbody_new();
    vec_push(&e->body->result, u->v);
    CBuild other = *in;
    other.body = e->body2;
    vec_push(&e->body2->result, row_of(j, &other, u->x, k));
    return cb_let(in, "row", u->row, e);
}

/* update x [a:b:d, rest] = v, x jagged: in the input's terms
 *   ks = (iota rows)[a:b:d]                   (the slice's checks and length, as for any array)
 *   assert (size v == size ks)
 *   x' = map (\i -> let k = (i - a) / d in
 *                   if (i - a) % d == 0 && 0 <= k < size ks
 *                   then (copy x[i] with [rest] = v[k])   (v[k] itself when rest is empty)
 *                   else x[i]) (iota rows)
 * and those represented: every row of x' is x's or a new one, of any length. */
typedef struct {
    CAtom x, v, a, d, len;
    CIndexVec rest;
    CType row;
} SliceUpdate;

static CAtom slice_update_row(J *j, CBuild *in, CAtom i, void *arg) {
    SliceUpdate *u = arg;
    CAtom off = cb_sub(in, i, u->a);
    CAtom k = cb_op2(in, COP_QUOT, PRIM_I64, off, u->d);
    CAtom exact = cb_op2(in, COP_EQ, PRIM_I64, cb_op2(in, COP_REM, PRIM_I64, off, u->d), cb_i64(0));
    CAtom inside = cb_op2(in, COP_AND, PRIM_BOOL, cb_op2(in, COP_LE, PRIM_I64, cb_i64(0), k),
                          cb_op2(in, COP_LT, PRIM_I64, k, u->len));
    CExp *e = cb_exp(in, CE_IF);
    vec_push(&e->args, cb_op2(in, COP_AND, PRIM_BOOL, exact, inside));
    e->body = cbody_new();
    e->body2 = cbody_new();
    CBuild yes = *in, no = *in;
    yes.body = e->body;
    no.body = e->body2;
    CAtom row = row_of(j, &yes, u->v, k);
    if (u->rest.len) {
        CType t = u->row;
        t.unique = true;
        CExp *cp = cb_exp(&yes, CE_COPY);
        vec_push(&cp->args, row_of(j, &yes, u->x, i));
        CExp *up = cb_exp(&yes, CE_UPDATE);
        vec_push(&up->args, cb_let(&yes, "row", t, cp));
        vec_push(&up->args, row);
        up->slice = u->rest;
        row = cb_let(&yes, "row", t, up);
    }
    vec_push(&e->body->result, row);
    vec_push(&e->body2->result, row_of(j, &no, u->x, i));
    return cb_let(in, "row", u->row, e);
}

static void lower_update_slice(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    const CIndex *s0 = &e->slice.data[0];
    CAtom rows = outer_rows(b, val_of(j, e->args.data[0]).rep);
    CExp *ix = cb_exp(b, CE_INDEX);
    vec_push(&ix->args, cb_iota(b, rows));
    vec_push(&ix->slice, *s0);
    CDim any = cdim_any();
    CAtom ks = cb_let(b, "ks", ctype_array(PRIM_I64, 1, &any), ix);
    SliceUpdate u = {e->args.data[0], e->args.data[1], s0->start, {0}, cb_size(b, ks, 0), {0},
                     ctype_elem(s->pat.data[0].type)};
    CAtom vals[2] = {u.len, outer_size(j, b, u.v)};
    cb_assert(b, cb_op2(b, COP_EQ, PRIM_I64, vals[0], vals[1]),
              "size mismatch: the slice has {0} elements but the value has {1}", vals, 2);
    /* a stride of 0 has failed the slice's check; 1 keeps the division defined where it is not run */
    u.d = cb_select(b, cb_op2(b, COP_EQ, PRIM_I64, s0->stride, cb_i64(0)), cb_i64(1), s0->stride);
    for (int k = 1; k < e->slice.len; k++)
        vec_push(&u.rest, e->slice.data[k]);
    desugar_rows(j, b, s->pat.data[0], rows, slice_update_row, &u);
}

/* update x [i, rest] = v, x jagged, i an index: in the input's terms
 *   row = x[i]; row' = update (copy row) [rest] = v; x' = update x [i] = row'
 * and those represented (the last by the row rule below). */
static void lower_update_in_row(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    CAtom x = e->args.data[0];
    CBuild in = cb_nested(b);
    CType row_t = ctype_elem(type_of(j, x));
    CAtom row = row_of(j, &in, x, e->slice.data[0].start);
    row_t.unique = true;
    CExp *cp = cb_exp(&in, CE_COPY);
    vec_push(&cp->args, row);
    CAtom fresh = cb_let(&in, "row", row_t, cp);
    CExp *inner = cb_exp(&in, CE_UPDATE);
    vec_push(&inner->args, fresh);
    vec_push(&inner->args, e->args.data[1]);
    for (int k = 1; k < e->slice.len; k++)
        vec_push(&inner->slice, e->slice.data[k]);
    CAtom upd = cb_let(&in, "row", row_t, inner);
    CExp *outer = cb_exp(&in, CE_UPDATE);
    vec_push(&outer->args, x);
    vec_push(&outer->args, upd);
    vec_push(&outer->slice, ((CIndex){false, e->slice.data[0].start, {0}, {0}}));
    CStm st = {{0}, outer};
    vec_push(&st.pat, s->pat.data[0]);
    note(j, s->pat.data[0].name, s->pat.data[0].type);
    vec_push(&in.body->stms, st);
    lower_input(j, b, in.body);
}

/* update x [idx] = v, x jagged */
static void lower_update(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    Val x = val_of(j, e->args.data[0]);
    if (!x.rep) {
        CExp *u = shallow(e);
        Val v = val_of(j, e->args.data[1]);
        if (v.rep) {
            u->args = (CAtomVec){0};
            vec_push(&u->args, e->args.data[0]);
            vec_push(&u->args, regular_of_rep(j, b, v.rep, "an update"));
        }
        keep(j, b, s, u);
        return;
    }
    const Rep *r = x.rep;
    int n = e->slice.len;
    bool plain = true;
    for (int k = 0; k < n; k++)
        plain = plain && !e->slice.data[k].is_slice;
    if (plain && n > r->levels) {
        /* an element (or a row of the regular dimensions) of the data, in place */
        CAtom idx[3 * MAX_LEVELS] = {{0}};
        for (int k = 0; k < n; k++)
            idx[k] = e->slice.data[k].start;
        Walk w = walk_path(b, r, idx, r->levels + 1);
        CAtom vals[2 * MAX_LEVELS];
        int nv = 0;
        for (int k = 0; k < n; k++)
            vals[nv++] = idx[k];
        for (int k = 0; k <= r->levels; k++)
            vals[nv++] = w.shape[k];
        cb_assert(b, w.ok, index_message(n, r->levels + 1), vals, nv);
        CExp *u = cb_exp(b, CE_UPDATE);
        vec_push(&u->args, r->data);
        vec_push(&u->slice, ((CIndex){false, w.lo, {0}, {0}}));
        for (int k = r->levels + 1; k < n; k++)
            vec_push(&u->slice, e->slice.data[k]);
        Val v = val_of(j, e->args.data[1]);
        vec_push(&u->args, v.rep ? regular_of_rep(j, b, v.rep, "an update") : v.atom);
        Rep *nr = xmalloc(sizeof *nr);
        *nr = *r;
        nr->lens = NULL;
        nr->data = cb_let(b, "upd", type_of(j, r->data), u);
        bind_val(j, b, s->pat.data[0], jagged(nr));
        return;
    }
    if (n > 1 && !e->slice.data[0].is_slice) {
        lower_update_in_row(j, b, s);
        return;
    }
    if (e->slice.data[0].is_slice) {
        lower_update_slice(j, b, s);
        return;
    }
    /* a row (what the cases above leave: one plain index): rebuilt, each row the old one or
     * (at i) the new value */
    CAtom rows = outer_rows(b, r);
    CAtom i = e->slice.data[0].start;
    CAtom vals[2] = {i, rows};
    cb_assert(b, cb_in_range(b, i, rows), "Index [{0}] out of bounds for array of shape [{1}].", vals, 2);
    Update up = {e->args.data[0], i, e->args.data[1], ctype_elem(s->pat.data[0].type)};
    desugar_rows(j, b, s->pat.data[0], rows, update_row, &up);
}

/* ------------------------------------------------------------------ types of the input */

static void collect_body(J *j, const CBody *b);

static void collect_params(J *j, const CParamVec *ps) {
    for (int i = 0; i < ps->len; i++)
        note(j, ps->data[i].name, ps->data[i].type);
}

static void collect_lambda(J *j, const CLambda *l) {
    if (!l)
        return;
    collect_params(j, &l->params);
    collect_body(j, l->body);
}

static void collect_body(J *j, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *e = s->exp;
        collect_params(j, &s->pat);
        if (e->kind == CE_LOOP) {
            collect_params(j, &e->params);
            if (e->index)
                note(j, e->index, ctype_prim(PRIM_I64));
        }
        if (e->kind == CE_SEGOP)
            collect_params(j, &e->params);
        if (e->body)
            collect_body(j, e->body);
        if (e->body2)
            collect_body(j, e->body2);
        collect_lambda(j, e->lam);
        for (int k = 0; k < e->scans.len; k++)
            collect_lambda(j, e->scans.data[k].lam);
        for (int k = 0; k < e->reds.len; k++)
            collect_lambda(j, e->reds.data[k].lam);
    }
}

/* ------------------------------------------------------------------ if and loop */

/* A body's results as the atoms of values of the types ts. */
static void results_as(J *j, CBuild *b, Val *vals, const CParamVec *pat, CAtomVec *out) {
    for (int i = 0; i < pat->len; i++)
        val_atoms(j, b, vals[i], pat->data[i].type, out);
}

static CBody *lower_branch(J *j, CBuild *b, const CBody *in, const CParamVec *pat) {
    CBuild nb = cb_nested(b);
    Val *vals;
    lower_body(j, in, &nb, &vals);
    results_as(j, &nb, vals, pat, &nb.body->result);
    return nb.body;
}

/* The pattern (of parts) a statement binding pat becomes. */
static CParamVec lower_pat(J *j, const CParamVec *pat) {
    CParamVec out = {0};
    for (int i = 0; i < pat->len; i++)
        bind_params(j, pat->data[i], &out);
    return out;
}

static void lower_if(J *j, CBuild *b, const CStm *s) {
    CExp *e = shallow(s->exp);
    e->body = lower_branch(j, b, s->exp->body, &s->pat);
    e->body2 = lower_branch(j, b, s->exp->body2, &s->pat);
    cb_let_pat(b, lower_pat(j, &s->pat), e);
}

static void lower_loop(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    CExp *ne = shallow(e);
    ne->args = (CAtomVec){0};
    for (int i = 0; i < e->params.len; i++)
        val_atoms(j, b, val_of(j, e->args.data[i]), e->params.data[i].type, &ne->args);
    ne->params = lower_pat(j, &e->params);
    ne->body = lower_branch(j, b, e->body, &e->params);
    cb_let_pat(b, lower_pat(j, &s->pat), ne);
}

/* ------------------------------------------------------------------ SOACs */

/* The inputs of a SOAC (into ne, the new expression, and params, the new lambda's parameters,
 * whose body in begins): a regular input as it is; a jagged one as the start and end offsets
 * of its rows (or, in a lambda, for a value made outside it, its row indices and two reads of
 * its offsets), the lambda's parameter bound to the row (a view) at the start of its body. */
static void soac_inputs(J *j, CBuild *b, const CExp *e, CExp *ne, CBuild *in, CParamVec *params) {
    CAtom w = e->args.data[0];
    for (int k = 0; k < e->arrays.len; k++) {
        CParam p = e->lam->params.data[k];
        Val v = val_of(j, e->arrays.data[k]);
        if (!v.rep) {
            vec_push(&ne->arrays, v.atom);
            if (jagged_levels(p.type)) { /* its rows came out regular */
                p.type = ctype_elem(type_of(j, v.atom));
                note(j, p.name, p.type);
            }
            vec_push(params, p);
            continue;
        }
        const Rep *r = v.rep;
        CAtom rows = outer_rows(b, r);
        CAtom vals[2] = {rows, w};
        cb_assert(b, cb_op2(b, COP_EQ, PRIM_I64, rows, w),
                  "size mismatch: an input of {0} elements to a SOAC of width {1}", vals, 2);
        CAtom s0, e0;
        if (r->depth < j->depth) {
            /* made outside the lambda this SOAC is in: its rows' bounds read by row index from
             * the offsets, which stay free in the nest (slices made here would be bound in it,
             * and the flattener could not extend the nest through this SOAC) */
            vec_push(&ne->arrays, cb_iota(b, w));
            CParam pi = cb_param(in, "row", ctype_prim(PRIM_I64));
            vec_push(params, pi);
            CAtom i = catom_var(pi.name);
            s0 = cb_known_index1(in, r->offs[0], i);
            e0 = cb_known_index1(in, r->offs[0], cb_add(in, i, cb_i64(1)));
        } else {
            vec_push(&ne->arrays, cb_known_slice(b, r->offs[0], cb_i64(0), w));
            vec_push(&ne->arrays, cb_known_slice(b, r->offs[0], cb_i64(1), cb_add(b, w, cb_i64(1))));
            CParam ps = cb_param(in, "start", ctype_prim(PRIM_I64)), pe = cb_param(in, "end", ctype_prim(PRIM_I64));
            vec_push(params, ps);
            vec_push(params, pe);
            s0 = catom_var(ps.name);
            e0 = catom_var(pe.name);
        }
        /* row i's bounds and its view: in range, w being the rows (checked above) and a jagged
         * value's offsets non-decreasing within the level below (walk_path) */
        if (r->levels == 1) {
            CExp *ix = cb_exp(in, CE_INDEX);
            ix->in_range = true;
            vec_push(&ix->args, r->data);
            vec_push(&ix->slice, ((CIndex){true, s0, e0, cb_i64(1)}));
            CParamVec pat = {0};
            vec_push(&pat, ((CParam){p.name, type_of(j, r->data)}));
            cb_let_pat(in, pat, ix);
            continue;
        }
        Rep *row = rep_new(j);
        row->depth = j->depth + 1; /* made in the lambda */
        row->type = ctype_elem(r->type);
        row->levels = r->levels - 1;
        row->offs[0] = cb_known_slice(in, r->offs[1], s0, cb_add(in, e0, cb_i64(1)));
        for (int l = 1; l < row->levels; l++)
            row->offs[l] = r->offs[l + 1];
        row->data = r->data;
        omap_put(&j->reps, p.name, row);
    }
}

/* An operator (reduce, scan, hist) with its lambda represented; accumulators must be regular. */
static COperatorVec lower_ops(J *j, CBuild *b, const COperatorVec *ops, Loc loc) {
    COperatorVec out = {0};
    for (int o = 0; o < ops->len; o++) {
        COperator op = ops->data[o];
        for (int k = 0; k < op.lam->params.len; k++)
            if (jagged_levels(op.lam->params.data[k].type))
                error_at(loc, "an operator on jagged values (a reduction or scan whose elements are jagged arrays) is not supported");
        for (int k = 0; k < op.nes.len; k++)
            if (val_of(j, op.nes.data[k]).rep)
                error_at(loc, "a neutral element that is a jagged array is not supported");
        CBuild in = cb_nested(b);
        Val *vals;
        lower_body(j, op.lam->body, &in, &vals);
        CLambda *l = clambda_new();
        l->params = op.lam->params;
        l->body = in.body;
        for (int k = 0; k < op.lam->ret.len; k++)
            val_atoms(j, &in, vals[k], op.lam->ret.data[k], &l->body->result);
        l->ret = op.lam->ret;
        op.lam = l;
        vec_push(&out, op);
    }
    return out;
}

static int ops_count(const COperatorVec *ops) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    return n;
}

/* t with every dimension `[]` named by the size of the array x of that type */
static CType named_type(CBuild *b, CAtom x, CType t) {
    CType r = ctype_copy(t);
    for (int k = 0; k < t.rank; k++)
        if (t.dims[k].kind == CDIM_ANY) {
            CAtom n = cb_size(b, x, k);
            r.dims[k] = cdim_of_atom(n);
        }
    return r;
}

/* How a map result of the new lambda is written. */
typedef enum { OUT_PLAIN, OUT_CONCAT, OUT_LEVELS, OUT_LITERAL } OutKind;

typedef struct {
    OutKind kind;
    CParam out;        /* the input's pattern element */
    int first;         /* its first result of the new lambda */
    int nres;          /* results of the new lambda (OUT_LEVELS: levels + 1, OUT_LITERAL: rows + 1) */
    int first_size;    /* its first size (OUT_CONCAT: 1, OUT_LEVELS: nres) */
    CType row;         /* OUT_PLAIN, OUT_CONCAT: the row's type */
    int levels;        /* OUT_LEVELS: the levels of the row; OUT_LITERAL: its rows */
} MapOut;

typedef struct {
    CAtomVec results;  /* of the new lambda */
    CTypeVec rets;
    CAtomVec sizes;    /* in the new lambda's body: the sizes of the concatenated results */
} MapBuild;

static bool variant_dim(CDim d, const OMap *inner) {
    return d.kind == CDIM_ANY || (d.kind == CDIM_VAR && omap_has(inner, d.var));
}

static void push_result(MapBuild *mb, CAtom a, CType t) {
    vec_push(&mb->results, a);
    vec_push(&mb->rets, t);
}

/* A jagged row rr: its levels' lengths and its data, each concatenated; the sizes are their
 * lengths. */
static void levels_result(CBuild *in, const Rep *rr, MapBuild *mb, MapOut *mo) {
    Spans sp = spans_of(in, rr);
    mo->kind = OUT_LEVELS;
    mo->levels = rr->levels;
    mo->first = mb->results.len;
    mo->nres = rr->levels + 1;
    mo->first_size = mb->sizes.len;
    for (int k = 0; k < rr->levels; k++) {
        CAtom lens = level_lengths(in, rr, k, sp.lo[k], sp.hi[k]);
        push_result(mb, lens, offsets_type());
        vec_push(&mb->sizes, cb_sub(in, sp.hi[k], sp.lo[k]));
    }
    CAtom data = cb_known_slice(in, rr->data, sp.lo[rr->levels], sp.hi[rr->levels]);
    CType dt = ctype_copy(cb_type(in, data));
    dt.dims[0] = cdim_any();
    push_result(mb, data, dt);
    vec_push(&mb->sizes, cb_sub(in, sp.hi[rr->levels], sp.lo[rr->levels]));
}

/* A row that an array literal of k rows made (Rep.lens): its k rows' lengths as plain scalar
 * results, and its data, whole, concatenated.  The lambda keeps no statement for the row's
 * offsets, so that the map reads as an irregular nest once the flattener has made the
 * concatenation a map of a width that varies per element (flatten.c, concats_as_maps): the
 * map's result as it is, which irregular.c writes element-wise. */
static void literal_result(CBuild *in, const Rep *rr, MapBuild *mb, MapOut *mo) {
    mo->kind = OUT_LITERAL;
    mo->levels = rr->nlens;
    mo->first = mb->results.len;
    mo->nres = rr->nlens + 1;
    for (int m = 0; m < rr->nlens; m++)
        push_result(mb, rr->lens[m], ctype_prim(PRIM_I64));
    mo->first_size = mb->sizes.len;
    CType dt = ctype_copy(cb_type(in, rr->data));
    dt.dims[0] = cdim_any();
    dt.unique = false;
    push_result(mb, rr->data, dt);
    vec_push(&mb->sizes, cb_size(in, rr->data, 0));
}

/* element i of arrays xs[m], the m of them at lo..hi-1 that m picks (a search over m) */
static CAtom pick_row(CBuild *in, const CAtom *xs, CAtom m, CAtom i, int lo, int hi) {
    if (hi - lo == 1)
        return cb_index1(in, xs[lo], i);
    int mid = (lo + hi) / 2;
    CBuild left = cb_nested(in), right = cb_nested(in);
    CAtom x = pick_row(&left, xs, m, i, lo, mid);
    CAtom y = pick_row(&right, xs, m, i, mid, hi);
    return cb_if(in, cb_op2(in, COP_LT, PRIM_I64, m, cb_i64(mid)), &left, x, &right, y, "len");
}

/* The lengths of the rows of a map's OUT_LITERAL result, in order: k columns of w lengths,
 * interleaved by one map over the w * k rows. */
static CAtom interleave_lens(CBuild *b, CAtom w, const CAtom *cols, int k) {
    CAtom n = cb_mul(b, w, cb_i64(k));
    CBuild in = cb_nested(b);
    CParam q = cb_param(&in, "q", ctype_prim(PRIM_I64));
    CAtom i = cb_op2(&in, COP_DIV, PRIM_I64, catom_var(q.name), cb_i64(k));
    CAtom m = cb_sub(&in, catom_var(q.name), cb_mul(&in, i, cb_i64(k)));
    CParamVec ps = {0};
    vec_push(&ps, q);
    CAtomVec res = {0};
    vec_push(&res, pick_row(&in, cols, m, i, 0, k));
    CAtom idx = cb_iota(b, n);
    return cb_map(b, n, &idx, 1, cb_lambda(ps, &in, res), NULL);
}

/* Decide how the map result v (declared row type dt, input pattern element out) is written. */
static MapOut map_result(J *j, CBuild *in, Val v, CParam out, const OMap *inner, MapBuild *mb) {
    MapOut mo = {0};
    mo.out = out;
    if (v.rep && v.rep->lens && jagged_levels(out.type) == 2) {
        literal_result(in, v.rep, mb, &mo);
        return mo;
    }
    if (v.rep) {
        levels_result(in, v.rep, mb, &mo);
        return mo;
    }
    CType at = v.atom.kind == CA_CONST ? ctype_prim(v.atom.prim) : type_of(j, v.atom);
    bool tail_variant = false;
    for (int k = 1; k < at.rank; k++)
        tail_variant = tail_variant || variant_dim(at.dims[k], inner);
    mo.first = mb->results.len;
    mo.nres = 1;
    if (at.rank == 0 || (!variant_dim(at.dims[0], inner) && !tail_variant)) {
        mo.kind = OUT_PLAIN;
        mo.row = at;
        push_result(mb, v.atom, at);
        return mo;
    }
    if (!tail_variant) {
        mo.kind = OUT_CONCAT;
        mo.row = ctype_copy(at);
        mo.row.dims[0] = cdim_any(); /* the row's size is the lambda's own */
        mo.first_size = mb->sizes.len;
        push_result(mb, v.atom, mo.row);
        vec_push(&mb->sizes, at.dims[0].kind == CDIM_ANY ? cb_size(in, v.atom, 0) : cdim_atom(at.dims[0]));
        return mo;
    }
    /* rows whose inner sizes vary too: the row as a jagged value of its own */
    CType jt = ctype_copy(at);
    for (int k = 1; k < jt.rank; k++)
        if (variant_dim(jt.dims[k], inner))
            jt.dims[k] = cdim_any();
    levels_result(in, rep_of_regular(j, in, v.atom, jt), mb, &mo);
    return mo;
}

/* The names bound at the top of a lambda (its parameters and statements). */
static void top_names(const CParamVec *params, const CBody *body, OMap *out) {
    for (int i = 0; i < params->len; i++)
        omap_put(out, params->data[i].name, (void *)1);
    for (int i = 0; i < body->stms.len; i++)
        for (int k = 0; k < body->stms.data[i].pat.len; k++)
            omap_put(out, body->stms.data[i].pat.data[k].name, (void *)1);
}

static CLambda *make_lambda(CParamVec params, CBody *body, CAtomVec results, CTypeVec rets) {
    CLambda *l = clambda_new();
    l->params = params;
    l->body = body;
    l->body->result = results;
    l->ret = rets;
    return l;
}

/* ------------------------------------------------------------------ scans whose elements grow */

/* The statements of lambda l (a copy with fresh names) at the end of in, its parameters bound
 * to args; its results into res (input-level). */
static void inline_lambda(J *j, CBuild *in, const CLambda *l, const CAtom *args, CAtomVec *res) {
    CLambda *c = core_clone_lambda(l);
    collect_lambda(j, c);
    for (int k = 0; k < c->params.len; k++) {
        CExp *a = cb_exp(in, CE_ATOM);
        vec_push(&a->args, args[k]);
        CParamVec pat = {0};
        vec_push(&pat, c->params.data[k]);
        cb_let_pat(in, pat, a);
    }
    for (int k = 0; k < c->body->stms.len; k++)
        vec_push(&in->body->stms, c->body->stms.data[k]);
    for (int k = 0; k < c->body->result.len; k++)
        vec_push(res, c->body->result.data[k]);
}

/* Whether every array result of operator op provably has the shape of its accumulator: each
 * dimension of the result's type a constant, a variable from outside, or the size of a
 * parameter (what `map2 f acc x` gives).  Otherwise (`(++)`) the elements of a scan may grow. */
static bool op_keeps_shape(const COperator *op) {
    OMap sizes = {0}, inner = {0};
    const CBody *b = op->lam->body;
    top_names(&op->lam->params, b, &inner);
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        if (s->exp->kind == CE_SIZE && s->exp->args.data[0].kind == CA_VAR)
            for (int k = 0; k < op->lam->params.len; k++)
                if (op->lam->params.data[k].name == s->exp->args.data[0].var)
                    omap_put(&sizes, s->pat.data[0].name, (void *)1);
    }
    for (int r = 0; r < b->result.len; r++) {
        CAtom a = b->result.data[r];
        if (a.kind != CA_VAR)
            continue;
        CType t = {0};
        bool found = false;
        for (int i = 0; i < b->stms.len && !found; i++)
            for (int k = 0; k < b->stms.data[i].pat.len; k++)
                if (b->stms.data[i].pat.data[k].name == a.var) {
                    t = b->stms.data[i].pat.data[k].type;
                    found = true;
                }
        if (!found)
            continue; /* a parameter: its own shape */
        for (int d = 0; d < t.rank; d++) {
            CDim dim = t.dims[d];
            if (dim.kind == CDIM_ANY || (dim.kind == CDIM_VAR && omap_has(&inner, dim.var) && !omap_has(&sizes, dim.var)))
                return false;
        }
    }
    return true;
}

/* Loop lp (with params) over the elements of screma e: its index, its bound, and in body the
 * map lambda applied to the inputs' rows at the index, its results into xs. */
static void loop_over_elements(J *j, CExp *lp, CParamVec params, const CExp *e, CBuild *body, CAtomVec *xs) {
    lp->params = params;
    lp->index = opt_fresh("i");
    note(j, lp->index, ctype_prim(PRIM_I64));
    lp->bound = e->args.data[0];
    CAtom *elems = xmalloc(sizeof *elems * (size_t)(e->arrays.len + 1));
    for (int q = 0; q < e->arrays.len; q++)
        elems[q] = row_of(j, body, e->arrays.data[q], catom_var(lp->index));
    inline_lambda(j, body, e->lam, elems, xs);
}

/* scan op ne (map f xs) whose elements may grow: a loop that keeps every accumulator, in the
 * input's terms (the result is jagged), then represented like the program's own loops. */
static void lower_scan_loop(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    if (e->reds.len || e->scans.len != 1 || e->lam->ret.len != e->scans.data[0].nes.len)
        error_at(e->loc, "a scan whose array elements change size, combined with other operators or map results, is not supported");
    const COperator *op = &e->scans.data[0];
    int k = op->nes.len;
    CExp *lp = cb_exp(b, CE_LOOP);
    CParamVec params = {0};
    CBuild body = cb_nested(b);
    for (int q = 0; q < k; q++) { /* the accumulators */
        CParam p = cb_param(b, "acc", op->lam->ret.data[q]);
        vec_push(&params, p);
        vec_push(&lp->args, op->nes.data[q]);
    }
    for (int q = 0; q < k; q++) { /* the scan's outputs so far: no rows yet */
        CType ot = s->pat.data[q].type;
        CParam p = cb_param(b, "scanned", ot);
        CExp *z = cb_exp(b, CE_ARRAY);
        z->type = ctype_elem(ot);
        CType zt = ctype_copy(ot);
        zt.dims[0] = cdim_const(0);
        CAtom empty = cb_let(b, "none", zt, z);
        vec_push(&params, p);
        vec_push(&lp->args, empty);
    }
    CAtomVec xs = {0}, accs = {0};
    loop_over_elements(j, lp, params, e, &body, &xs);
    CAtom *opargs = xmalloc(sizeof *opargs * (size_t)(2 * k + 1));
    for (int q = 0; q < k; q++) {
        opargs[q] = catom_var(params.data[q].name);
        opargs[k + q] = xs.data[q];
    }
    inline_lambda(j, &body, op->lam, opargs, &accs);
    for (int q = 0; q < k; q++)
        vec_push(&body.body->result, accs.data[q]);
    for (int q = 0; q < k; q++) {
        CType ot = params.data[k + q].type;
        CExp *one = cb_exp(&body, CE_ARRAY);
        one->type = ctype_elem(ot);
        vec_push(&one->args, accs.data[q]);
        CType t1 = ctype_copy(ot);
        t1.dims[0] = cdim_const(1);
        CAtom single = cb_let(&body, "one", t1, one);
        CAtom parts[2] = {catom_var(params.data[k + q].name), single};
        CExp *cat = cb_exp(&body, CE_CONCAT);
        vec_push(&cat->args, parts[0]);
        vec_push(&cat->args, parts[1]);
        vec_push(&body.body->result, cb_let(&body, "grown", ot, cat));
    }
    lp->body = body.body;
    CStm ls = {{0}, lp};
    for (int q = 0; q < k; q++) {
        CParam p = cb_param(b, "acc_final", op->lam->ret.data[q]);
        vec_push(&ls.pat, p);
    }
    for (int q = 0; q < k; q++)
        vec_push(&ls.pat, s->pat.data[q]);
    lower_stm(j, &ls, b);
}

/* reduce op ne (map f xs) whose accumulators may grow (`reduce (++) []`): a sequential loop
 * folding the elements in order (a valid order for an associative operator), so that no target
 * needs per-thread accumulators of one fixed shape. */
static void lower_reduce_loop(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    int k = ops_count(&e->reds);
    CExp *lp = cb_exp(b, CE_LOOP);
    CParamVec params = {0};
    CBuild body = cb_nested(b);
    for (int o = 0; o < e->reds.len; o++)
        for (int q = 0; q < e->reds.data[o].nes.len; q++) {
            vec_push(&params, cb_param(b, "acc", e->reds.data[o].lam->ret.data[q]));
            vec_push(&lp->args, e->reds.data[o].nes.data[q]);
        }
    CAtomVec xs = {0};
    loop_over_elements(j, lp, params, e, &body, &xs);
    for (int o = 0, at = 0; o < e->reds.len; o++) {
        const COperator *op = &e->reds.data[o];
        int m = op->nes.len;
        CAtom *opargs = xmalloc(sizeof *opargs * (size_t)(2 * m + 1));
        for (int q = 0; q < m; q++) {
            opargs[q] = catom_var(params.data[at + q].name);
            opargs[m + q] = xs.data[at + q];
        }
        CAtomVec accs = {0};
        inline_lambda(j, &body, op->lam, opargs, &accs);
        for (int q = 0; q < m; q++)
            vec_push(&body.body->result, accs.data[q]);
        at += m;
    }
    lp->body = body.body;
    CStm ls = {{0}, lp};
    for (int q = 0; q < k; q++) {
        CParam p = s->pat.data[q];
        p.type = params.data[q].type; /* the operator's shape, not the neutral element's */
        vec_push(&ls.pat, p);
    }
    lower_stm(j, &ls, b);
}

static bool ops_keep_shape(const COperatorVec *ops) {
    for (int o = 0; o < ops->len; o++)
        if (!op_keeps_shape(&ops->data[o]) && !coperators_scalar(ops))
            return false;
    return true;
}

static void lower_screma(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    if (!ops_keep_shape(&e->scans)) {
        lower_scan_loop(j, b, s);
        return;
    }
    if (!ops_keep_shape(&e->reds) && !e->scans.len && e->lam->ret.len == ops_count(&e->reds)) {
        lower_reduce_loop(j, b, s);
        return;
    }
    CAtom w = e->args.data[0];
    CExp *ne = cb_exp(b, CE_SCREMA);
    vec_push(&ne->args, w);
    CBuild in = cb_nested(b);
    CParamVec params = {0};
    soac_inputs(j, b, e, ne, &in, &params);
    Val *vals;
    j->depth++;
    lower_body(j, e->lam->body, &in, &vals);
    j->depth--;
    ne->scans = lower_ops(j, b, &e->scans, e->loc);
    ne->reds = lower_ops(j, b, &e->reds, e->loc);
    int nscan = ops_count(&e->scans), nops = nscan + ops_count(&e->reds);
    MapBuild mb = {0};
    for (int i = 0; i < nops; i++) {
        CAtomVec one = {0};
        val_atoms(j, &in, vals[i], e->lam->ret.data[i], &one);
        push_result(&mb, one.data[0], e->lam->ret.data[i]);
    }
    OMap inner = {0};
    int nmap = e->lam->ret.len - nops;
    MapOut *outs = xmalloc(sizeof *outs * (size_t)(nmap + 1));
    top_names(&params, in.body, &inner);
    for (int i = 0; i < nmap; i++)
        outs[i] = map_result(j, &in, vals[nops + i], s->pat.data[nops + i], &inner, &mb);
    /* the sizes of the concatenated results: a map of the lambda's size slice (a copy that
     * keeps only what the sizes need, once the cleanup passes have run), then their offsets */
    CAtom *offs = xmalloc(sizeof *offs * (size_t)(mb.sizes.len + 1));
    if (mb.sizes.len) {
        CTypeVec its = {0};
        for (int i = 0; i < mb.sizes.len; i++)
            vec_push(&its, ctype_prim(PRIM_I64));
        CLambda *sizes = core_clone_lambda(make_lambda(params, in.body, mb.sizes, its));
        CAtom *lens = xmalloc(sizeof *lens * (size_t)(mb.sizes.len + 1));
        cb_map(b, w, ne->arrays.data, ne->arrays.len, sizes, lens);
        for (int i = 0; i < mb.sizes.len; i++)
            offs[i] = cb_offsets(b, lens[i]);
    }
    ne->lam = make_lambda(params, in.body, mb.results, mb.rets);
    /* the new pattern: the operators' results, then one variable per result of the lambda */
    CParamVec pat = {0};
    for (int i = 0; i < nops; i++) {
        CParam p = s->pat.data[i];
        CAtom ne_atom = {0};
        int at = i;
        const COperatorVec *ops = i < nscan ? &e->scans : &e->reds;
        int base = i < nscan ? 0 : nscan;
        for (int o = 0; o < ops->len; o++) { /* the neutral element of result i */
            int n = ops->data[o].nes.len;
            if (at - base < n) {
                ne_atom = ops->data[o].nes.data[at - base];
                break;
            }
            base += n;
        }
        CType acc = ne_atom.kind == CA_VAR ? named_type(b, ne_atom, type_of(j, ne_atom)) : ctype_prim(p.type.prim);
        acc.unique = false;
        p.type = i < nscan ? ctype_outer(cdim_of_atom(w), acc) : acc;
        vec_push(&pat, p);
    }
    bool any_concat = false;
    CAtomVec offsets = {0};
    CParam *made = xmalloc(sizeof *made * (size_t)(mb.results.len + 1));
    for (int i = 0; i < nmap; i++) {
        MapOut *mo = &outs[i];
        for (int r = 0; r < mo->nres; r++) {
            CType rt = mb.rets.data[mo->first + r];
            CParam p;
            if (mo->kind == OUT_PLAIN) {
                p = (CParam){mo->out.name, ctype_outer(cdim_of_atom(w), rt)};
                vec_push(&offsets, cb_i64(0));
            } else if (mo->kind == OUT_LITERAL && r < mo->levels) { /* a row's length */
                p = (CParam){opt_fresh(xsprintf("%s_len", mo->out.name)), ctype_outer(cdim_of_atom(w), rt)};
                vec_push(&offsets, cb_i64(0));
            } else {
                p = (CParam){opt_fresh(xsprintf("%s_flat", mo->out.name)), ctype_outer(cdim_any(), ctype_elem(rt))};
                vec_push(&offsets, offs[mo->first_size + (mo->kind == OUT_LITERAL ? 0 : r)]);
                any_concat = true;
            }
            made[mo->first + r] = p;
            vec_push(&pat, p);
        }
    }
    if (any_concat)
        ne->offsets = offsets;
    cb_let_pat(b, pat, ne);
    /* the input's names: plain results are theirs already; the others become jagged values */
    for (int i = 0; i < nmap; i++) {
        MapOut *mo = &outs[i];
        if (mo->kind == OUT_PLAIN)
            continue;
        Rep *r = rep_new(j);
        r->type = mo->out.type;
        if (mo->kind == OUT_CONCAT) {
            r->levels = 1;
            r->offs[0] = offs[mo->first_size];
            r->data = catom_var(made[mo->first].name);
        } else if (mo->kind == OUT_LITERAL) { /* k rows per element, their lengths interleaved */
            int k = mo->levels;
            CAtom *cols = xmalloc(sizeof *cols * (size_t)k);
            for (int m = 0; m < k; m++)
                cols[m] = catom_var(made[mo->first + m].name);
            r->levels = 2;
            r->offs[0] = even_offsets(b, w, cb_i64(k));
            r->offs[1] = cb_offsets(b, interleave_lens(b, w, cols, k));
            r->data = catom_var(made[mo->first + k].name);
        } else { /* level 1: the rows of each element; level k+1: the lengths of level k */
            r->levels = mo->levels + 1;
            r->offs[0] = offs[mo->first_size];
            for (int k = 0; k < mo->levels; k++)
                r->offs[k + 1] = cb_offsets(b, catom_var(made[mo->first + k].name));
            r->data = catom_var(made[mo->first + mo->levels].name);
        }
        r->type = ctype_copy(mo->out.type);
        while (jagged_levels(r->type) < r->levels) /* dimensions the input's type named */
            r->type.dims[jagged_levels(r->type) + 1] = cdim_any();
        bind_val(j, b, mo->out, jagged(r));
    }
}

/* scatter, hist: regular destinations; the lambda represented */
static void lower_scatter_hist(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    CExp *ne = shallow(e);
    ne->dests = (CAtomVec){0};
    for (int i = 0; i < e->dests.len; i++) { /* a destination is regular (checked at run time) */
        Val d = val_of(j, e->dests.data[i]);
        vec_push(&ne->dests, d.rep ? regular_of_rep(j, b, d.rep, e->kind == CE_HIST ? "a histogram" : "a scatter") : d.atom);
    }
    ne->arrays = (CAtomVec){0};
    CBuild in = cb_nested(b);
    CParamVec params = {0};
    soac_inputs(j, b, e, ne, &in, &params);
    Val *vals;
    j->depth++;
    lower_body(j, e->lam->body, &in, &vals);
    j->depth--;
    CAtomVec results = {0};
    for (int i = 0; i < e->lam->ret.len; i++)
        val_atoms(j, &in, vals[i], e->lam->ret.data[i], &results);
    CTypeVec rets = {0};
    for (int i = 0; i < results.len; i++)
        vec_push(&rets, results.data[i].kind == CA_CONST ? ctype_prim(results.data[i].prim) : cb_type(&in, results.data[i]));
    ne->lam = make_lambda(params, in.body, results, rets);
    if (e->kind == CE_HIST)
        ne->reds = lower_ops(j, b, &e->reds, e->loc);
    keep(j, b, s, ne);
}

/* filter or partition of regular arrays: the predicate represented */
static void lower_filter_plain(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    CExp *ne = shallow(e);
    ne->arrays = (CAtomVec){0};
    CBuild in = cb_nested(b);
    CParamVec params = {0};
    soac_inputs(j, b, e, ne, &in, &params);
    Val *vals;
    j->depth++;
    lower_body(j, e->lam->body, &in, &vals);
    j->depth--;
    CAtomVec results = {0};
    val_atoms(j, &in, vals[0], e->lam->ret.data[0], &results);
    ne->lam = make_lambda(params, in.body, results, e->lam->ret);
    keep(j, b, s, ne);
}

/* Rows of a jagged value gathered on the parts (a filter's kept rows of rows): level by level,
 * the rows' starts and lengths read at their positions, the lengths' offsets (cb_offsets), and
 * the positions of the level below those rows cover — a map over the rows whose rows are the
 * ranges start .. start + length, laid out by those offsets, which the flattener makes one
 * segmap over every position (irregular.c) — then the data read at the last level's positions
 * (a map).  No row is copied in a thread of its own where the nest is flattened. */

static CAtom start_at(CBuild *b, CAtom i, void *o) { return cb_index1(b, *(CAtom *)o, i); }

static CAtom length_at(CBuild *b, CAtom i, void *o) {
    CAtom offs = *(CAtom *)o;
    return cb_sub(b, cb_index1(b, offs, cb_add(b, i, cb_i64(1))), cb_index1(b, offs, i));
}

/* map over positions pos (n of them) of fn */
static CAtom map_positions(CBuild *b, CAtom n, CAtom pos, CAtom (*fn)(CBuild *, CAtom, void *), void *arg) {
    return cb_map(b, n, &pos, 1, lambda1(b, ctype_prim(PRIM_I64), fn, arg), NULL);
}

/* the ranges starts[i] .. starts[i] + lens[i] of the n rows one after the other, by offsets offs */
static CAtom ranges(CBuild *b, CAtom n, CAtom starts, CAtom lens, CAtom offs) {
    CBuild in = cb_nested(b);
    CParam s = cb_param(&in, "s", ctype_prim(PRIM_I64)), l = cb_param(&in, "l", ctype_prim(PRIM_I64));
    CAtom io = cb_iota(&in, catom_var(l.name));
    CAtom st = catom_var(s.name);
    CAtom row = cb_map(&in, catom_var(l.name), &io, 1, lambda1(&in, ctype_prim(PRIM_I64), plus, &st), NULL);
    CParamVec ps = {0};
    vec_push(&ps, s);
    vec_push(&ps, l);
    CAtomVec res = {0};
    vec_push(&res, row);
    CLambda *lam = cb_lambda(ps, &in, res);
    lam->ret.data[0] = offsets_type(); /* a concatenated result: rows of any size */
    CExp *e = cb_exp(b, CE_SCREMA);
    vec_push(&e->args, n);
    vec_push(&e->arrays, starts);
    vec_push(&e->arrays, lens);
    e->lam = lam;
    vec_push(&e->offsets, offs);
    return cb_let(b, "pos", offsets_type(), e);
}

static CAtom data_at(CBuild *b, CAtom p, void *d) { return cb_index1(b, *(CAtom *)d, p); }

/* rows idx[0..m) of x, a value of type t */
static Rep *gather_rep(J *j, CBuild *b, const Rep *x, CAtom idx, CAtom m, CType t) {
    Rep *r = rep_new(j);
    r->type = t;
    r->levels = x->levels;
    CAtom pos = idx, n = m;
    for (int k = 0; k < x->levels; k++) {
        CAtom o = x->offs[k];
        CAtom starts = map_positions(b, n, pos, start_at, &o);
        CAtom lens = map_positions(b, n, pos, length_at, &o);
        r->offs[k] = cb_offsets(b, lens);
        CAtom total = cb_index1(b, r->offs[k], n);
        pos = ranges(b, n, starts, lens, r->offs[k]);
        n = total;
    }
    CAtom d = x->data;
    CAtom data = map_positions(b, n, pos, data_at, &d);
    CExp *e = cb_exp(b, CE_ATOM); /* typed [] like every jagged value's data */
    vec_push(&e->args, data);
    r->data = cb_let(b, "data", data_type(t, r->levels), e);
    return r;
}

/* filter or partition with jagged inputs: the indices kept (and rejected), then gathers of the
 * rows (maps, in the input's terms) */
static void lower_filter_rows(J *j, CBuild *b, const CStm *s) {
    const CExp *e = s->exp;
    CAtom w = e->args.data[0];
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CLambda *pred = core_clone_lambda(e->lam);
    collect_lambda(j, pred);
    for (int k = 0; k < e->arrays.len; k++) {
        CAtom row = row_of(j, &in, e->arrays.data[k], catom_var(i.name));
        CExp *a = cb_exp(&in, CE_ATOM);
        vec_push(&a->args, row);
        CParamVec pat = {0};
        vec_push(&pat, pred->params.data[k]);
        cb_let_pat(&in, pat, a);
    }
    for (int k = 0; k < pred->body->stms.len; k++)
        vec_push(&in.body->stms, pred->body->stms.data[k]);
    CLambda *l = clambda_new();
    vec_push(&l->params, i);
    l->body = in.body;
    l->body->result = pred->body->result;
    l->ret = pred->ret;
    CExp *f = cb_exp(b, CE_FILTER);
    f->partition = e->partition;
    vec_push(&f->args, w);
    vec_push(&f->arrays, cb_iota(b, w));
    f->lam = l;
    CType it = ctype_array(PRIM_I64, 1, (CDim[]){cdim_any()});
    CParam keep_p = {opt_fresh("kept"), it}, rej_p = {opt_fresh("rejected"), it};
    CStm fs = {{0}, f};
    vec_push(&fs.pat, keep_p);
    if (e->partition)
        vec_push(&fs.pat, rej_p);
    note(j, keep_p.name, it);
    note(j, rej_p.name, it);
    lower_stm(j, &fs, b);
    int n = e->arrays.len;
    for (int pass = 0; pass < (e->partition ? 2 : 1); pass++) {
        CAtom idx = catom_var(pass ? rej_p.name : keep_p.name);
        CAtom count = cb_size(b, idx, 0);
        for (int k = 0; k < n; k++) {
            CParam out = s->pat.data[pass * n + k];
            Val x = val_of(j, e->arrays.data[k]);
            if (x.rep && jagged_levels(out.type) >= 2) { /* rows of rows: gathered on the parts */
                note(j, out.name, out.type);
                omap_put(&j->reps, out.name, gather_rep(j, b, to_rep(j, b, x, out.type), idx, count, out.type));
                continue;
            }
            CAtom xi[2] = {e->arrays.data[k], idx};
            desugar_rows(j, b, out, count, gather_row, xi);
        }
    }
}

/* ------------------------------------------------------------------ statements */

static bool jagged_pat(const CParamVec *pat) {
    for (int i = 0; i < pat->len; i++)
        if (jagged_levels(pat->data[i].type))
            return true;
    return false;
}

/* A call of a function of a recursive definition: a parameter or result of jagged type is
 * passed as its parts (a regular argument given evenly spaced offsets), a regular parameter's
 * argument as the regular array it must be (checked at run time where it is jagged). */
static void lower_apply(J *j, CBuild *b, const CStm *s) {
    const CFun *f = omap_get(&j->fun_types, s->exp->fname);
    if (!f)
        die("represent: a call of an unknown function %s", s->exp->fname);
    CExp *e = shallow(s->exp);
    e->args = (CAtomVec){0};
    for (int i = 0; i < s->exp->args.len; i++)
        val_atoms(j, b, val_of(j, s->exp->args.data[i]), f->params.data[i].type, &e->args);
    CParamVec pat = {0};
    for (int i = 0; i < s->pat.len; i++) {
        CParam p = s->pat.data[i];
        if (jagged_levels(f->ret.data[i])) {
            Rep *r = fresh_rep(j, p.name, p.type);
            omap_put(&j->reps, p.name, r);
            rep_params(j, r, &pat);
        } else {
            vec_push(&pat, p);
        }
    }
    cb_let_pat(b, pat, e);
}

static void lower_stm(J *j, const CStm *s, CBuild *outer) {
    const CExp *e = s->exp;
    CBuild bb = *outer;
    bb.loc = e->loc;
    CBuild *b = &bb;
    switch (e->kind) {
    case CE_ATOM: {
        Val v = val_of(j, e->args.data[0]);
        if (v.rep || jagged_pat(&s->pat))
            bind_val(j, b, s->pat.data[0], v);
        else
            keep(j, b, s, shallow(e));
        return;
    }
    case CE_INDEX: lower_index(j, b, s); return;
    case CE_UPDATE: lower_update(j, b, s); return;
    case CE_SIZE: lower_size(j, b, s); return;
    case CE_FLATTEN: lower_flatten(j, b, s); return;
    case CE_UNFLATTEN: lower_unflatten(j, b, s); return;
    case CE_REARRANGE: lower_rearrange(j, b, s); return;
    case CE_CONCAT:
        if (jagged_pat(&s->pat))
            lower_concat_parts(j, b, s);
        else if (jagged_operands(j, &e->args))
            lower_concat(j, b, s);
        else
            keep(j, b, s, shallow(e));
        return;
    case CE_COPY: {
        CAtom x = e->args.data[0];
        if (val_of(j, x).rep && jagged_pat(&s->pat))
            lower_copy_parts(j, b, s);
        else if (val_of(j, x).rep)
            desugar_rows(j, b, s->pat.data[0], outer_size(j, b, x), copy_row, &x);
        else
            keep(j, b, s, shallow(e));
        return;
    }
    case CE_ROTATE: {
        Rotate rt = {e->args.data[1], e->args.data[0], outer_size(j, b, e->args.data[1])};
        if (val_of(j, rt.x).rep && jagged_pat(&s->pat))
            lower_rotate_parts(j, b, s);
        else if (val_of(j, rt.x).rep)
            desugar_rows(j, b, s->pat.data[0], rt.n, rotate_row, &rt);
        else
            keep(j, b, s, shallow(e));
        return;
    }
    case CE_REPLICATE: {
        CAtom v = e->args.data[1];
        if (val_of(j, v).rep && jagged_pat(&s->pat)) {
            CType t = s->pat.data[0].type;
            omap_put(&j->reps, s->pat.data[0].name,
                     replicate_rep(j, b, e->args.data[0], to_rep(j, b, val_of(j, v), ctype_elem(t)), t));
        } else if (val_of(j, v).rep)
            desugar_rows(j, b, s->pat.data[0], e->args.data[0], same_row, &v);
        else
            keep(j, b, s, shallow(e));
        return;
    }
    case CE_ARRAY:
        if (jagged_pat(&s->pat) && e->args.len > 0 && literal_of_regular_rows(j, s)) {
            lower_literal_rows(j, b, s);
        } else if (jagged_pat(&s->pat) && e->args.len > 0 && jagged_levels(ctype_elem(s->pat.data[0].type))) {
            lower_literal_jagged(j, b, s);
        } else if (jagged_pat(&s->pat) && e->args.len > 0) {
            Literal l = {&e->args, e->type};
            desugar_rows(j, b, s->pat.data[0], cb_i64(e->args.len), literal_row, &l);
        } else if (jagged_pat(&s->pat)) { /* empty: no rows, no data */
            Rep *r = fresh_rep(j, s->pat.data[0].name, s->pat.data[0].type);
            CAtomVec zero = {0};
            vec_push(&zero, cb_i64(0));
            for (int k = 0; k < r->levels; k++) {
                CExp *z = cb_exp(b, CE_ARRAY);
                z->type = ctype_prim(PRIM_I64);
                z->args = zero;
                r->offs[k] = cb_let(b, "offs", ctype_array(PRIM_I64, 1, (CDim[]){cdim_const(1)}), z);
            }
            CExp *d = cb_exp(b, CE_ARRAY);
            d->type = ctype_elem(data_type(r->type, r->levels));
            r->data = cb_let(b, "data", ctype_outer(cdim_const(0), d->type), d);
            omap_put(&j->reps, s->pat.data[0].name, r);
        } else {
            keep(j, b, s, shallow(e));
        }
        return;
    case CE_IF: lower_if(j, b, s); return;
    case CE_LOOP: lower_loop(j, b, s); return;
    case CE_SCREMA: lower_screma(j, b, s); return;
    case CE_SCATTER:
    case CE_HIST: lower_scatter_hist(j, b, s); return;
    case CE_FILTER:
        if (jagged_operands(j, &e->arrays))
            lower_filter_rows(j, b, s);
        else
            lower_filter_plain(j, b, s);
        return;
    case CE_APPLY: lower_apply(j, b, s); return;
    case CE_SEGOP: die("represent: segment IR before flattening");
    default: keep(j, b, s, shallow(e)); return;
    }
}

static void lower_body(J *j, const CBody *in, CBuild *b, Val **results) {
    for (int i = 0; i < in->stms.len; i++)
        lower_stm(j, &in->stms.data[i], b);
    Val *vals = xmalloc(sizeof *vals * (size_t)(in->result.len + 1));
    for (int i = 0; i < in->result.len; i++)
        vals[i] = val_of(j, in->result.data[i]);
    *results = vals;
}

/* ------------------------------------------------------------------ functions */

/* Whether size variable n names a dimension of a regular parameter. */
static bool size_of_regular_param(const CFun *f, const char *n) {
    for (int i = 0; i < f->params.len; i++) {
        CType t = f->params.data[i].type;
        if (jagged_levels(t))
            continue;
        for (int k = 0; k < t.rank; k++)
            if (t.dims[k].kind == CDIM_VAR && t.dims[k].var == n)
                return true;
    }
    return false;
}

/* t with its dimensions named by a size in dropped (bound in the body now, from a jagged
 * parameter's rows: `[n][]i32` and a result `[n]i64`) unknown: the body's statements are not in
 * scope of the function's type. */
static CType without_sizes(CType t, const OMap *dropped) {
    bool any = false;
    for (int k = 0; k < t.rank; k++)
        any |= t.dims[k].kind == CDIM_VAR && omap_has(dropped, t.dims[k].var);
    if (!any)
        return t;
    t = ctype_copy(t);
    for (int k = 0; k < t.rank; k++)
        if (t.dims[k].kind == CDIM_VAR && omap_has(dropped, t.dims[k].var))
            t.dims[k] = cdim_any();
    return t;
}

static void lower_fun(J *j, CFun *f) {
    collect_params(j, &f->params);
    for (int i = 0; i < f->sizes.len; i++)
        note(j, f->sizes.data[i], ctype_prim(PRIM_I64));
    collect_body(j, f->body);
    CBuild b = {cbody_new(), f->loc, &j->types};
    CParamVec params = {0};
    NameVec sizes = {0};
    OMap dropped = {0};
    for (int i = 0; i < f->params.len; i++) {
        CParam p = f->params.data[i];
        int L = jagged_levels(p.type);
        vec_push(&f->ext_params, ((CExtern){p.type, L}));
        bind_params(j, p, &params);
        if (!L)
            continue;
        /* sizes of a jagged parameter: its rows; the harness cannot bind them from its parts */
        Rep *r = omap_get(&j->reps, p.name);
        CDim d = p.type.dims[0];
        if (d.kind != CDIM_VAR)
            continue;
        CAtom rows = outer_rows(&b, r);
        if (size_of_regular_param(f, d.var) || omap_has(&dropped, d.var)) {
            CAtom vals[2] = {rows, catom_var(d.var)};
            cb_assert(&b, cb_op2(&b, COP_EQ, PRIM_I64, rows, catom_var(d.var)),
                      xsprintf("size mismatch: size %s is {1} elsewhere, but an argument has {0} rows%s", d.var,
                               f->is_entry ? ENTRY_SIZES_NOTE : ""),
                      vals, 2);
        } else {
            omap_put(&dropped, d.var, (void *)1);
            CExp *a = cb_exp(&b, CE_ATOM);
            vec_push(&a->args, rows);
            CParamVec pat = {0};
            vec_push(&pat, ((CParam){d.var, ctype_prim(PRIM_I64)}));
            cb_let_pat(&b, pat, a);
        }
    }
    for (int i = 0; i < f->sizes.len; i++)
        if (!omap_has(&dropped, f->sizes.data[i]))
            vec_push(&sizes, f->sizes.data[i]);
    Val *vals;
    lower_body(j, f->body, &b, &vals);
    CTypeVec ret = {0};
    for (int i = 0; i < f->ret.len; i++) {
        CType t = without_sizes(f->ret.data[i], &dropped);
        if (f->is_entry && !vals[i].rep && jagged_levels(t) && vals[i].atom.kind == CA_VAR) {
            /* regular after all (replicate n xs): given as the rectangular array it is, so that
             * its shape survives when it has no rows */
            t = ctype_copy(type_of(j, vals[i].atom));
            for (int k = 0; k < t.rank; k++) /* what the body names is not in scope outside it */
                if (t.dims[k].kind == CDIM_VAR)
                    t.dims[k] = cdim_any();
            t.unique = f->ret.data[i].unique;
        }
        int L = jagged_levels(t); /* a function's jagged result is its parts, whatever the value */
        if (L && !vals[i].rep && f->is_entry)
            L = 0;
        vec_push(&f->ext_ret, ((CExtern){t, L}));
        int before = b.body->result.len;
        if (L)
            val_atoms(j, &b, vals[i], t, &b.body->result);
        else
            vec_push(&b.body->result, vals[i].rep ? regular_of_rep(j, &b, vals[i].rep, "a regular result") : vals[i].atom);
        for (int k = before; k < b.body->result.len; k++) {
            CAtom a = b.body->result.data[k];
            CType rt = !L ? t : a.kind == CA_VAR ? cb_type(&b, a) : ctype_prim(a.prim);
            if (L) {
                rt = ctype_copy(rt);
                rt.dims[0] = cdim_any();
            }
            vec_push(&ret, rt);
        }
    }
    f->params = params;
    f->sizes = sizes;
    f->ret = ret;
    f->body = b.body;
}

void jagged_represent(CProg *p) {
    J j = {p, {0}, {0}, 0, {0}};
    for (int i = 0; i < p->funs.len; i++) { /* the convention of calls, before any is lowered */
        CFun *before = xmalloc(sizeof *before);
        *before = *p->funs.data[i];
        omap_put(&j.fun_types, before->name, before);
    }
    for (int i = 0; i < p->funs.len; i++)
        lower_fun(&j, p->funs.data[i]);
}
