/* build.c — writing core IR from C (ir.h, "build.c"): the passes that generate new code (the
 * represent pass for jagged arrays, the flattener) append statements to a body through these
 * helpers instead of assembling CExp nodes by hand.  Every new variable gets a fresh name
 * (opt_fresh) and its type is recorded in the builder's type map, so that later helpers (and
 * the pass) can ask for it.  Integer arithmetic on constants is folded on the spot.
 */
#include <string.h>

#include "ir.h"

static void note_type(CBuild *b, const char *name, CType t) {
    if (!b->types)
        return;
    CType *p = xmalloc(sizeof *p);
    *p = t;
    omap_put(b->types, name, p);
}

CType cb_type(CBuild *b, CAtom a) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType *t = b->types ? omap_get(b->types, a.var) : NULL;
    if (!t)
        die("build: no type for %s", a.var);
    return *t;
}

void cb_note(CBuild *b, const char *name, CType t) { note_type(b, name, t); }

CExp *cb_exp(CBuild *b, CExpKind kind) { return cexp_new(kind, b->loc); }

void cb_let_pat(CBuild *b, CParamVec pat, CExp *e) {
    for (int i = 0; i < pat.len; i++)
        note_type(b, pat.data[i].name, pat.data[i].type);
    cbody_let(b->body, pat, e);
}

CAtom cb_let(CBuild *b, const char *base, CType t, CExp *e) {
    CParamVec pat = {0};
    const char *n = opt_fresh(base);
    vec_push(&pat, ((CParam){n, t}));
    cb_let_pat(b, pat, e);
    return catom_var(n);
}

CAtom cb_atom(CBuild *b, const char *base, CAtom a) {
    CExp *e = cb_exp(b, CE_ATOM);
    vec_push(&e->args, a);
    return cb_let(b, base, cb_type(b, a), e);
}

CAtom cb_i64(int64_t v) { return catom_int(PRIM_I64, v); }

static bool is_const(CAtom a, int64_t v) { return a.kind == CA_CONST && a.ival == v; }

CAtom cb_op(CBuild *b, COp op, PrimType p, const CAtom *args, int n) {
    CExp *e = cb_exp(b, CE_OP);
    e->op = op;
    e->prim = p;
    for (int i = 0; i < n; i++)
        vec_push(&e->args, args[i]);
    PrimType rt = (core_ops[op].flags & OPF_PRED) ? PRIM_BOOL : p;
    if (op == COP_SELECT)
        e->prim = p;
    return cb_let(b, core_ops[op].name, ctype_prim(rt), e);
}

CAtom cb_op2(CBuild *b, COp op, PrimType p, CAtom x, CAtom y) {
    CAtom a[2] = {x, y};
    return cb_op(b, op, p, a, 2);
}

CAtom cb_add(CBuild *b, CAtom x, CAtom y) {
    if (is_const(x, 0))
        return y;
    if (is_const(y, 0))
        return x;
    if (x.kind == CA_CONST && y.kind == CA_CONST)
        return cb_i64(x.ival + y.ival);
    return cb_op2(b, COP_ADD, PRIM_I64, x, y);
}

CAtom cb_sub(CBuild *b, CAtom x, CAtom y) {
    if (is_const(y, 0))
        return x;
    if (x.kind == CA_CONST && y.kind == CA_CONST)
        return cb_i64(x.ival - y.ival);
    if (x.kind == CA_VAR && y.kind == CA_VAR && x.var == y.var)
        return cb_i64(0);
    return cb_op2(b, COP_SUB, PRIM_I64, x, y);
}

CAtom cb_mul(CBuild *b, CAtom x, CAtom y) {
    if (is_const(x, 1))
        return y;
    if (is_const(y, 1))
        return x;
    if (is_const(x, 0) || is_const(y, 0))
        return cb_i64(0);
    if (x.kind == CA_CONST && y.kind == CA_CONST)
        return cb_i64(x.ival * y.ival);
    return cb_op2(b, COP_MUL, PRIM_I64, x, y);
}

CAtom cb_select(CBuild *b, CAtom c, CAtom x, CAtom y) {
    CAtom a[3] = {c, x, y};
    return cb_op(b, COP_SELECT, x.kind == CA_CONST ? x.prim : cb_type(b, x).prim, a, 3);
}

/* 0 <= i < n, as one unsigned comparison */
CAtom cb_in_range(CBuild *b, CAtom i, CAtom n) {
    CAtom lo = cb_op2(b, COP_LE, PRIM_I64, cb_i64(0), i);
    CAtom hi = cb_op2(b, COP_LT, PRIM_I64, i, n);
    return cb_op2(b, COP_AND, PRIM_BOOL, lo, hi);
}

CAtom cb_index(CBuild *b, CAtom arr, const CAtom *idx, int n) {
    CType at = cb_type(b, arr);
    CExp *e = cb_exp(b, CE_INDEX);
    vec_push(&e->args, arr);
    for (int k = 0; k < n; k++)
        vec_push(&e->slice, ((CIndex){false, idx[k], {0}, {0}}));
    CType t = ctype_array(at.prim, at.rank - n, at.dims + n);
    return cb_let(b, n == at.rank ? "el" : "row", t, e);
}

CAtom cb_index1(CBuild *b, CAtom arr, CAtom i) { return cb_index(b, arr, &i, 1); }

CAtom cb_slice(CBuild *b, CAtom arr, CAtom start, CAtom end) {
    CType at = cb_type(b, arr);
    CExp *e = cb_exp(b, CE_INDEX);
    vec_push(&e->args, arr);
    vec_push(&e->slice, ((CIndex){true, start, end, cb_i64(1)}));
    CType t = ctype_copy(at);
    t.unique = false;
    t.dims[0] = is_const(start, 0) ? cdim_of_atom(end) : cdim_any();
    return cb_let(b, "slice", t, e);
}

/* The statement that bound the atom a builder helper just returned, marked as known in range
 * (CExp.in_range): no check, and dead code elimination may drop it. */
static CAtom known(CBuild *b, CAtom a) {
    b->body->stms.data[b->body->stms.len - 1].exp->in_range = true;
    return a;
}

CAtom cb_known_index1(CBuild *b, CAtom arr, CAtom i) { return known(b, cb_index1(b, arr, i)); }

CAtom cb_known_slice(CBuild *b, CAtom arr, CAtom start, CAtom end) { return known(b, cb_slice(b, arr, start, end)); }

CAtom cb_size(CBuild *b, CAtom arr, int k) {
    CType at = cb_type(b, arr);
    if (k < at.rank && at.dims[k].kind == CDIM_CONST)
        return cb_i64(at.dims[k].value);
    if (k < at.rank && at.dims[k].kind == CDIM_VAR)
        return catom_var(at.dims[k].var);
    CExp *e = cb_exp(b, CE_SIZE);
    e->dim = k;
    vec_push(&e->args, arr);
    return cb_let(b, "n", ctype_prim(PRIM_I64), e);
}

CAtom cb_iota(CBuild *b, CAtom n) {
    CExp *e = cb_exp(b, CE_IOTA);
    vec_push(&e->args, n);
    CDim d = cdim_of_atom(n);
    return cb_let(b, "iota", ctype_array(PRIM_I64, 1, &d), e);
}

CAtom cb_replicate(CBuild *b, CAtom n, CAtom v) {
    CExp *e = cb_exp(b, CE_REPLICATE);
    vec_push(&e->args, n);
    vec_push(&e->args, v);
    return cb_let(b, "rep", ctype_outer(cdim_of_atom(n), cb_type(b, v)), e);
}

CAtom cb_concat(CBuild *b, const CAtom *xs, int n) {
    CExp *e = cb_exp(b, CE_CONCAT);
    for (int i = 0; i < n; i++)
        vec_push(&e->args, xs[i]);
    CTypeVec ts = {0};
    const char *err = cexp_types(e, cb_lookup, b, &ts);
    if (err)
        die("build: concat: %s", err);
    return cb_let(b, "cat", ts.data[0], e);
}

/* the element at position p of the concatenation of xs[lo..hi), starts[lo] <= p < starts[hi] */
static CAtom concat_elem(CBuild *in, CAtom p, const CAtom *xs, const CAtom *starts, int lo, int hi) {
    if (hi - lo == 1)
        return cb_index1(in, xs[lo], cb_sub(in, p, starts[lo]));
    int mid = (lo + hi) / 2;
    CBuild left = cb_nested(in), right = cb_nested(in);
    CAtom x = concat_elem(&left, p, xs, starts, lo, mid);
    CAtom y = concat_elem(&right, p, xs, starts, mid, hi);
    return cb_if(in, cb_op2(in, COP_LT, PRIM_I64, p, starts[mid]), &left, x, &right, y, "elem");
}

CExp *cb_concat_map(CBuild *b, const CAtom *xs, int n, CAtom *total) {
    CAtom *starts = xmalloc(sizeof *starts * (size_t)(n + 1));
    starts[0] = cb_i64(0);
    for (int k = 0; k < n; k++)
        starts[k + 1] = cb_add(b, starts[k], cb_size(b, xs[k], 0));
    CBuild in = cb_nested(b);
    CParam p = cb_param(&in, "p", ctype_prim(PRIM_I64));
    CParamVec ps = {0};
    vec_push(&ps, p);
    CAtomVec res = {0};
    vec_push(&res, concat_elem(&in, catom_var(p.name), xs, starts, 0, n));
    CExp *e = cb_exp(b, CE_SCREMA);
    vec_push(&e->args, starts[n]);
    vec_push(&e->arrays, cb_iota(b, starts[n]));
    e->lam = cb_lambda(ps, &in, res);
    *total = starts[n];
    return e;
}

CAtom cb_copy(CBuild *b, CAtom x) {
    CExp *e = cb_exp(b, CE_COPY);
    vec_push(&e->args, x);
    CType t = ctype_copy(cb_type(b, x));
    t.unique = false;
    return cb_let(b, "copy", t, e);
}

CAtom cb_flatten(CBuild *b, CAtom x) {
    CExp *e = cb_exp(b, CE_FLATTEN);
    vec_push(&e->args, x);
    CTypeVec ts = {0};
    const char *err = cexp_types(e, cb_lookup, b, &ts);
    if (err)
        die("build: flatten: %s", err);
    return cb_let(b, "flat", ts.data[0], e);
}

CAtom cb_unflatten(CBuild *b, CAtom n, CAtom m, CAtom x) {
    CExp *e = cb_exp(b, CE_UNFLATTEN);
    vec_push(&e->args, n);
    vec_push(&e->args, m);
    vec_push(&e->args, x);
    CType t = ctype_outer(cdim_of_atom(n), ctype_outer(cdim_of_atom(m), ctype_elem(cb_type(b, x))));
    return cb_let(b, "unflat", t, e);
}

void cb_assert(CBuild *b, CAtom cond, const char *msg, const CAtom *vals, int nvals) {
    if (cond.kind == CA_CONST && cond.ival)
        return;
    CExp *e = cb_exp(b, CE_ASSERT);
    vec_push(&e->args, cond);
    for (int i = 0; i < nvals; i++)
        vec_push(&e->args, vals[i]);
    e->msg = msg;
    cbody_let(b->body, (CParamVec){0}, e);
}

bool cb_lookup(void *ctx, const char *var, CType *out) {
    CBuild *b = ctx;
    CType *t = b->types ? omap_get(b->types, var) : NULL;
    if (!t)
        return false;
    *out = *t;
    return true;
}

CBuild cb_nested(CBuild *b) { return (CBuild){cbody_new(), b->loc, b->types}; }

CLambda *cb_lambda(CParamVec params, CBuild *inner, CAtomVec result) {
    CLambda *l = clambda_new();
    l->params = params;
    l->body = inner->body;
    l->body->result = result;
    for (int i = 0; i < result.len; i++)
        vec_push(&l->ret, cb_type(inner, result.data[i]));
    return l;
}

CParam cb_param(CBuild *b, const char *base, CType t) {
    CParam p = {opt_fresh(base), t};
    note_type(b, p.name, t);
    return p;
}

CAtom cb_map(CBuild *b, CAtom w, const CAtom *arrays, int n, CLambda *lam, CAtom *results) {
    CExp *e = cb_exp(b, CE_SCREMA);
    vec_push(&e->args, w);
    for (int i = 0; i < n; i++)
        vec_push(&e->arrays, arrays[i]);
    e->lam = lam;
    CParamVec pat = {0};
    for (int j = 0; j < lam->ret.len; j++)
        vec_push(&pat, ((CParam){opt_fresh("map"), ctype_outer(cdim_of_atom(w), lam->ret.data[j])}));
    cb_let_pat(b, pat, e);
    for (int j = 0; results && j < pat.len; j++)
        results[j] = catom_var(pat.data[j].name);
    return catom_var(pat.data[0].name);
}

/* \a b -> a OP b over one scalar type */
CLambda *cb_op_lambda(CBuild *b, COp op, PrimType p) {
    CBuild in = cb_nested(b);
    CParamVec ps = {0};
    CParam x = cb_param(&in, "x", ctype_prim(p)), y = cb_param(&in, "y", ctype_prim(p));
    vec_push(&ps, x);
    vec_push(&ps, y);
    CAtomVec res = {0};
    vec_push(&res, cb_op2(&in, op, p, catom_var(x.name), catom_var(y.name)));
    return cb_lambda(ps, &in, res);
}

static CLambda *identity_lambda(CBuild *b, CType t) {
    CBuild in = cb_nested(b);
    CParamVec ps = {0};
    CParam x = cb_param(&in, "x", t);
    vec_push(&ps, x);
    CAtomVec res = {0};
    vec_push(&res, catom_var(x.name));
    return cb_lambda(ps, &in, res);
}

CAtom cb_reduce(CBuild *b, COp op, PrimType p, CAtom ne, CAtom xs) {
    CExp *e = cb_exp(b, CE_SCREMA);
    vec_push(&e->args, cb_size(b, xs, 0));
    vec_push(&e->arrays, xs);
    COperator o = {cb_op_lambda(b, op, p), {0}, (core_ops[op].flags & OPF_COMM) != 0};
    vec_push(&o.nes, ne);
    vec_push(&e->reds, o);
    e->lam = identity_lambda(b, ctype_prim(p));
    return cb_let(b, "red", ctype_prim(p), e);
}

CAtom cb_if(CBuild *b, CAtom cond, CBuild *then, CAtom x, CBuild *els, CAtom y, const char *base) {
    CType t = cb_type(b, x.kind == CA_CONST ? y : x);
    vec_push(&then->body->result, x);
    vec_push(&els->body->result, y);
    CExp *e = cb_exp(b, CE_IF);
    vec_push(&e->args, cond);
    e->body = then->body;
    e->body2 = els->body;
    return cb_let(b, base, t, e);
}

CAtom cb_offsets(CBuild *b, CAtom lens) {
    CAtom n = cb_size(b, lens, 0);
    CExp *e = cb_exp(b, CE_SCREMA);
    vec_push(&e->args, n);
    vec_push(&e->arrays, lens);
    COperator o = {cb_op_lambda(b, COP_ADD, PRIM_I64), {0}, true};
    vec_push(&o.nes, cb_i64(0));
    vec_push(&e->scans, o);
    e->lam = identity_lambda(b, ctype_prim(PRIM_I64));
    CDim d = cdim_of_atom(n);
    CAtom incl = cb_let(b, "scan", ctype_array(PRIM_I64, 1, &d), e);
    /* map (\i -> if i == 0 then 0 else incl[i - 1]) (iota (n + 1)): a map, which the flattener
     * makes parallel on every target (a concatenation would be host code on the GPU) */
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CBuild first = cb_nested(&in), rest = cb_nested(&in);
    CAtom first_off = cb_i64(0);
    CAtom rest_off = cb_index1(&rest, incl, cb_sub(&rest, catom_var(i.name), cb_i64(1)));
    CAtom is_first = cb_op2(&in, COP_EQ, PRIM_I64, catom_var(i.name), cb_i64(0));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtomVec res = {0};
    vec_push(&res, cb_if(&in, is_first, &first, first_off, &rest, rest_off, "off"));
    CAtom idx = cb_iota(b, cb_add(b, n, cb_i64(1)));
    return cb_map(b, cb_add(b, n, cb_i64(1)), &idx, 1, cb_lambda(ps, &in, res), NULL);
}

void cb_scatter_places(CBuild *b, CAtom n, CAtom size, CAtom place, const CAtomVec *xs, const CParamVec *pat) {
    CExp *x = cb_exp(b, CE_SCATTER);
    vec_push(&x->args, n);
    vec_push(&x->arrays, place);
    CBuild in = cb_nested(b);
    CParamVec ps = {0};
    CAtomVec res = {0};
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    vec_push(&ps, i);
    vec_push(&res, catom_var(i.name));
    for (int k = 0; k < xs->len; k++) {
        CType t = ctype_elem(cb_type(b, xs->data[k]));
        vec_push(&x->dests, cb_replicate(b, size, catom_of_scalar((Scalar){.prim = t.prim})));
        vec_push(&x->arrays, xs->data[k]);
        CParam v = cb_param(&in, "x", t);
        vec_push(&ps, v);
        vec_push(&res, catom_var(v.name));
    }
    x->lam = cb_lambda(ps, &in, res);
    cb_let_pat(b, *pat, x);
}

CAtom cb_last(CBuild *b, CAtom xs) {
    CAtom n = cb_size(b, xs, 0);
    return cb_index1(b, xs, cb_sub(b, n, cb_i64(1)));
}

int coperators_results(const COperatorVec *ops) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    return n;
}

/* A screma with both scans and reductions as two: the scans with the map results, and the
 * reductions (a copy of the lambda, returning their inputs only). */
void cb_split_screma(const CStm *s, CStm *scan, CStm *red) {
    const CExp *e = s->exp;
    int nscan = coperators_results(&e->scans), nred = coperators_results(&e->reds);
    CExp *a = cexp_new(CE_SCREMA, e->loc), *b = cexp_new(CE_SCREMA, e->loc);
    *a = *e;
    *b = *e;
    a->reds = (COperatorVec){0};
    b->scans = (COperatorVec){0};
    CLambda *la = clambda_new(), *lb = core_clone_lambda(e->lam);
    CAtomVec bres = lb->body->result;
    la->params = e->lam->params;
    la->body = cbody_new();
    la->body->stms = e->lam->body->stms;
    lb->ret = (CTypeVec){0};
    lb->body->result = (CAtomVec){0};
    CParamVec pa = {0}, pb = {0};
    for (int j = 0; j < e->lam->ret.len; j++) {
        if (j >= nscan && j < nscan + nred) {
            vec_push(&lb->ret, e->lam->ret.data[j]);
            vec_push(&lb->body->result, bres.data[j]);
            vec_push(&pb, s->pat.data[j]);
        } else {
            vec_push(&la->ret, e->lam->ret.data[j]);
            vec_push(&la->body->result, e->lam->body->result.data[j]);
            vec_push(&pa, s->pat.data[j]);
        }
    }
    a->lam = la;
    b->lam = lb;
    *scan = (CStm){pa, a};
    *red = (CStm){pb, b};
}
