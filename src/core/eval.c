/* eval.c — a small, deliberately naive evaluator of the core IR, for testing the optimiser:
 * `weft dev --print=core|opt|jagged --run PROG.fut` (`--after=PASS` with opt) reads the
 * entry point's arguments from stdin like `weft run` and prints its results the same way.
 * tests/scripts/core_passes.sh compares its output before and after optimisation with the
 * interpreter's.  Written independently of src/interp: values are boxed trees (an array is a
 * vector of element values, so jagged arrays need nothing special) and every array operation
 * copies.  Scalar operators are src/scalar's scalar_eval, as in the interpreter and the
 * constant folder: the C that compiled programs run.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../rts/flat_views.h"
#include "../../rts/values.h"
#include "ir.h"

typedef struct V V;
struct V {
    PrimType prim;
    int rank; /* 0: a scalar in i or f */
    int64_t i;
    double f;
    int64_t n; /* arrays: n elements of rank - 1 */
    V **el;
    bool shared; /* stored in some array: an update must copy it (else it updates in place) */
};

typedef struct {
    const CProg *prog;
    OMap env; /* name -> V * (names are unique in a function; calls get a fresh E) */
} E;

static V *eval_exp(E *e, const CExp *x, int *nres, V ***res);
static void eval_body(E *e, const CBody *b, V **out);

static _Noreturn void fail(Loc loc, const char *msg) { rt_error_at(loc, "%s", msg); }

static V *scalar_i(PrimType p, int64_t v) {
    V *r = xmalloc(sizeof *r);
    r->prim = p;
    r->i = v;
    return r;
}

static V *scalar_f(PrimType p, double v) {
    V *r = xmalloc(sizeof *r);
    r->prim = p;
    r->f = p == PRIM_F64 ? v : scalar_float_value(scalar_float(p, v)); /* rounded to f32, f16 */
    return r;
}

static V *new_array(PrimType p, int rank, int64_t n) {
    V *r = xmalloc(sizeof *r);
    r->prim = p;
    r->rank = rank;
    r->n = n;
    r->el = xmalloc((size_t)(n ? n : 1) * sizeof(V *));
    return r;
}

static void set_el(V *a, int64_t i, V *v) {
    v->shared = true;
    a->el[i] = v;
}

static V *shallow(const V *a) {
    V *r = new_array(a->prim, a->rank, a->n);
    memcpy(r->el, a->el, (size_t)a->n * sizeof(V *));
    return r;
}

static V *atom(E *e, CAtom a) {
    if (a.kind == CA_CONST)
        return prim_is_float(a.prim) ? scalar_f(a.prim, a.fval) : scalar_i(a.prim, a.ival);
    V *v = omap_get(&e->env, a.var);
    if (!v)
        die("core eval: %s unbound", a.var);
    return v;
}

static int64_t ai(E *e, CAtom a) { return atom(e, a)->i; }

static void bind(E *e, const char *name, V *v) { omap_put(&e->env, name, v); }

/* The size parameters that the dimensions of a function's parameter of type t name, from its
 * argument v (regular: the first row's extents; 0 below an empty dimension). */
static void bind_size_params(E *e, CType t, V *v) {
    for (int k = 0; k < t.rank; k++) {
        if (t.dims[k].kind == CDIM_VAR && !omap_has(&e->env, t.dims[k].var))
            bind(e, t.dims[k].var, scalar_i(PRIM_I64, v ? v->n : 0));
        v = v->n ? v->el[0] : NULL;
    }
}

/* ---- scalars: src/scalar's evaluation, the compiled programs' C ---- */

static Scalar scalar_of(const V *v) {
    switch (v->prim) {
    case PRIM_F32: return scalar_f32((float)v->f);
    case PRIM_F64: return scalar_f64(v->f);
    case PRIM_F16: return scalar_float(PRIM_F16, v->f);
    default: return scalar_int(v->prim, v->i);
    }
}

static V *of_scalar(Scalar s) {
    switch (s.prim) {
    case PRIM_F32: return scalar_f(s.prim, (double)s.as.f32);
    case PRIM_F64: return scalar_f(s.prim, s.as.f64);
    case PRIM_F16: return scalar_f(s.prim, scalar_float_value(s));
    default: return scalar_i(s.prim, s.as.i);
    }
}

static V *eval_op(E *e, const CExp *x) {
    Scalar a[3], r;
    for (int i = 0; i < x->args.len && i < 3; i++)
        a[i] = scalar_of(atom(e, x->args.data[i]));
    if (!scalar_eval(x->op, x->prim, x->prim2, a, &r))
        fail(x->loc, scalar_fail_message(x->op));
    return of_scalar(r);
}

/* ---- arrays ---- */

static V *copy_deep(const V *a) {
    if (!a->rank)
        return (V *)a; /* scalars are never mutated */
    V *r = new_array(a->prim, a->rank, a->n);
    for (int64_t i = 0; i < a->n; i++)
        set_el(r, i, copy_deep(a->el[i]));
    return r;
}

/* a[slice from dimension k on] */
static V *index_from(E *e, const CExp *x, const V *a, int k) {
    if (k == x->slice.len)
        return (V *)a;
    const CIndex *ix = &x->slice.data[k];
    if (!ix->is_slice) {
        int64_t i = ai(e, ix->start);
        if (i < 0 || i >= a->n)
            rt_error_at(x->loc, "index %lld out of bounds for array of %lld elements", (long long)i,
                        (long long)a->n);
        return index_from(e, x, a->el[i], k + 1);
    }
    int64_t s = ai(e, ix->start), en = ai(e, ix->end), d = ai(e, ix->stride);
    if (!wf_slice_ok(s, en, d, a->n)) /* the compiled code's rule (Futhark's) */
        rt_error_at(x->loc, "invalid slice %lld:%lld:%lld of array of %lld elements", (long long)s,
                    (long long)en, (long long)d, (long long)a->n);
    int64_t n = wf_slice_len(s, en, d);
    V *r = new_array(a->prim, a->rank, n);
    for (int64_t i = 0; i < n; i++)
        set_el(r, i, index_from(e, x, a->el[s + i * d], k + 1));
    /* a slice keeps its dimension; a plain index below it drops one per element */
    int drop = 0;
    for (int q = k + 1; q < x->slice.len; q++)
        drop += !x->slice.data[q].is_slice;
    r->rank = a->rank - drop;
    return r;
}

/* a with a[slice from k] = v; returns the new value (a is copied along the path) */
static V *update_from(E *e, const CExp *x, const V *a, int k, V *v) {
    if (k == x->slice.len)
        return v;
    const CIndex *ix = &x->slice.data[k];
    /* the updated array is consumed: reuse its spine unless another array holds it */
    V *r = a->shared ? shallow(a) : (V *)a;
    if (!ix->is_slice) {
        int64_t i = ai(e, ix->start);
        if (i < 0 || i >= a->n)
            rt_error_at(x->loc, "index %lld out of bounds for array of %lld elements", (long long)i,
                        (long long)a->n);
        set_el(r, i, update_from(e, x, a->el[i], k + 1, v));
        return r;
    }
    int64_t s = ai(e, ix->start), en = ai(e, ix->end), d = ai(e, ix->stride);
    if (!wf_slice_ok(s, en, d, a->n)) /* the compiled code's rule (Futhark's) */
        rt_error_at(x->loc, "invalid slice in update");
    int64_t n = wf_slice_len(s, en, d);
    if (v->n != n)
        rt_error_at(x->loc, "update: slice of %lld elements, value of %lld", (long long)n, (long long)v->n);
    for (int64_t i = 0; i < n; i++)
        set_el(r, s + i * d, update_from(e, x, a->el[s + i * d], k + 1, v->el[i]));
    return r;
}

/* element at a multi-index (rearrange) */
static V *at(const V *a, const int64_t *idx, int k) {
    for (int i = 0; i < k; i++)
        a = a->el[idx[i]];
    return (V *)a;
}

static void shape_of(const V *a, int64_t *sh, int k) {
    for (int i = 0; i < k; i++) {
        sh[i] = a->n;
        if (i + 1 < k)
            a = a->n ? a->el[0] : a;
    }
}

static V *build_perm(const V *a, const int *perm, int k, const int64_t *sh, int64_t *src, int level) {
    /* result dimension `level` is source dimension perm[level] */
    if (level == k)
        return at(a, src, k);
    int64_t n = sh[perm[level]];
    V *r = new_array(a->prim, a->rank - level, n);
    for (int64_t i = 0; i < n; i++) {
        src[perm[level]] = i;
        set_el(r, i, build_perm(a, perm, k, sh, src, level + 1));
    }
    return r;
}

static V *lambda(E *e, const CLambda *l, V **args, V **out) {
    for (int i = 0; i < l->params.len; i++)
        bind(e, l->params.data[i].name, args[i]);
    eval_body(e, l->body, out);
    return NULL;
}

static V *replicate(int64_t n, V *v) {
    V *r = new_array(v->prim, v->rank + 1, n);
    for (int64_t i = 0; i < n; i++)
        set_el(r, i, v);
    return r;
}

static V *one(V *v, int *nres, V ***res) {
    *nres = 1;
    *res = xmalloc(sizeof(V *));
    (*res)[0] = v;
    return v;
}

static int nes_count(const COperatorVec *ops) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    return n;
}

/* out-of-range-ignoring element write, for scatter */
static V *write_at(V *a, const int64_t *idx, int r, V *v, bool *ok) {
    if (!r)
        return v;
    if (idx[0] < 0 || idx[0] >= a->n) {
        *ok = false;
        return a;
    }
    if (r == 1) {
        set_el(a, idx[0], v);
        return a;
    }
    V *inner = write_at(shallow(a->el[idx[0]]), idx + 1, r - 1, v, ok);
    if (*ok)
        set_el(a, idx[0], inner);
    return a;
}

static V *soac(E *e, const CExp *x, int *nres, V ***res) {
    int64_t w = ai(e, x->args.data[0]);
    int na = x->arrays.len;
    V **ins = xmalloc((size_t)(na + 1) * sizeof(V *));
    for (int k = 0; k < na; k++) {
        ins[k] = atom(e, x->arrays.data[k]);
        if (ins[k]->n != w)
            rt_error_at(x->loc, "SOAC input of %lld elements, width %lld", (long long)ins[k]->n, (long long)w);
    }
    const CLambda *l = x->lam;
    int nl = l->ret.len;
    V **args = xmalloc((size_t)(na + 1) * sizeof(V *));
    V **lo = xmalloc((size_t)(nl + 1) * sizeof(V *));
    if (x->kind == CE_SCREMA) {
        int ns = nes_count(&x->scans), nr = nes_count(&x->reds);
        *nres = ns + nr + (nl - ns - nr);
        *res = xmalloc((size_t)(*nres + 1) * sizeof(V *));
        V **acc = xmalloc((size_t)(ns + nr + 1) * sizeof(V *));
        int q = 0;
        for (int o = 0; o < x->scans.len; o++)
            for (int k = 0; k < x->scans.data[o].nes.len; k++)
                acc[q++] = atom(e, x->scans.data[o].nes.data[k]);
        for (int o = 0; o < x->reds.len; o++)
            for (int k = 0; k < x->reds.data[o].nes.len; k++)
                acc[q++] = atom(e, x->reds.data[o].nes.data[k]);
        for (int k = 0; k < ns; k++)
            (*res)[k] = new_array(PRIM_NONE, 0, w);
        for (int k = ns + nr; k < nl; k++)
            (*res)[k] = new_array(PRIM_NONE, 0, w);
        for (int64_t i = 0; i < w; i++) {
            for (int k = 0; k < na; k++)
                args[k] = ins[k]->el[i];
            lambda(e, l, args, lo);
            int base = 0;
            for (int pass = 0; pass < 2; pass++) {
                const COperatorVec *ops = pass ? &x->reds : &x->scans;
                for (int o = 0; o < ops->len; o++) {
                    const COperator *op = &ops->data[o];
                    int k = op->nes.len;
                    V **oa = xmalloc((size_t)(2 * k) * sizeof(V *));
                    for (int t = 0; t < k; t++) {
                        oa[t] = acc[base + t];
                        oa[k + t] = lo[base + t];
                    }
                    lambda(e, op->lam, oa, acc + base);
                    if (!pass)
                        for (int t = 0; t < k; t++)
                            set_el((*res)[base + t], i, acc[base + t]);
                    base += k;
                }
            }
            for (int k = ns + nr; k < nl; k++)
                set_el((*res)[k], i, lo[k]);
        }
        for (int k = ns; k < ns + nr; k++)
            (*res)[k] = acc[k];
        return NULL;
    }
    if (x->kind == CE_FILTER) {
        int parts = x->partition ? 2 : 1;
        *nres = na * parts;
        *res = xmalloc((size_t)(*nres) * sizeof(V *));
        for (int k = 0; k < *nres; k++)
            (*res)[k] = new_array(PRIM_NONE, 0, w);
        int64_t nt = 0, nf = 0;
        for (int64_t i = 0; i < w; i++) {
            for (int k = 0; k < na; k++)
                args[k] = ins[k]->el[i];
            lambda(e, l, args, lo);
            bool keep = lo[0]->i != 0;
            if (!keep && !x->partition)
                continue;
            for (int k = 0; k < na; k++)
                set_el((*res)[keep ? k : na + k], keep ? nt : nf, ins[k]->el[i]);
            keep ? nt++ : nf++;
        }
        for (int k = 0; k < *nres; k++)
            (*res)[k]->n = k < na ? nt : nf;
        return NULL;
    }
    /* scatter, hist */
    int nd = x->dests.len;
    *nres = nd;
    *res = xmalloc((size_t)nd * sizeof(V *));
    for (int k = 0; k < nd; k++) {
        V *d = atom(e, x->dests.data[k]);
        (*res)[k] = d->shared ? shallow(d) : d; /* consumed: written in place */
    }
    int r = nl - nd;
    for (int64_t i = 0; i < w; i++) {
        for (int k = 0; k < na; k++)
            args[k] = ins[k]->el[i];
        lambda(e, l, args, lo);
        int64_t idx[WF_MAX_RANK];
        for (int k = 0; k < r; k++)
            idx[k] = lo[k]->i;
        if (x->kind == CE_SCATTER) {
            for (int k = 0; k < nd; k++) {
                bool ok = true;
                (*res)[k] = write_at((*res)[k], idx, r, lo[r + k], &ok);
            }
            continue;
        }
        int64_t b = idx[0];
        if (b < 0 || b >= (*res)[0]->n)
            continue;
        const COperator *op = &x->reds.data[0];
        V **oa = xmalloc((size_t)(2 * nd) * sizeof(V *));
        V **nv = xmalloc((size_t)nd * sizeof(V *));
        for (int k = 0; k < nd; k++) {
            oa[k] = (*res)[k]->el[b];
            oa[nd + k] = lo[1 + k];
        }
        lambda(e, op->lam, oa, nv);
        for (int k = 0; k < nd; k++)
            set_el((*res)[k], b, nv[k]);
    }
    return NULL;
}

static void fix_types(V **res, int n, const CParamVec *pat) {
    /* SOAC results were built untyped: take prim and rank from the pattern */
    for (int k = 0; k < n && k < pat->len; k++)
        if (res[k]->rank || pat->data[k].type.rank) {
            res[k]->prim = pat->data[k].type.prim;
            res[k]->rank = pat->data[k].type.rank;
        }
}

static V *eval_exp(E *e, const CExp *x, int *nres, V ***res) {
    const CAtom *a = x->args.data;
    switch (x->kind) {
    case CE_ATOM: return one(atom(e, a[0]), nres, res);
    case CE_OP: return one(eval_op(e, x), nres, res);
    case CE_TUNING: /* a #[param]: never set here (weft run without --tuning) */
        *nres = 2;
        *res = xmalloc(2 * sizeof(V *));
        (*res)[0] = scalar_i(PRIM_BOOL, 0);
        (*res)[1] = scalar_i(PRIM_I64, 0);
        return (*res)[0];
    case CE_IF: {
        const CBody *b = atom(e, a[0])->i ? x->body : x->body2;
        *nres = b->result.len;
        *res = xmalloc((size_t)(*nres + 1) * sizeof(V *));
        eval_body(e, b, *res);
        return NULL;
    }
    case CE_LOOP: {
        int n = x->params.len;
        V **cur = xmalloc((size_t)(n + 1) * sizeof(V *));
        for (int i = 0; i < n; i++)
            cur[i] = atom(e, a[i]);
        for (int64_t it = 0;; it++) {
            for (int i = 0; i < n; i++)
                bind(e, x->params.data[i].name, cur[i]);
            if (x->cond) {
                if (!atom(e, catom_var(x->cond))->i)
                    break;
            } else {
                if (it >= ai(e, x->bound))
                    break;
                bind(e, x->index, scalar_i(PRIM_I64, it));
            }
            V **next = xmalloc((size_t)(n + 1) * sizeof(V *));
            eval_body(e, x->body, next);
            cur = next;
        }
        *nres = n;
        *res = cur;
        return NULL;
    }
    case CE_INDEX: return one(index_from(e, x, atom(e, a[0]), 0), nres, res);
    case CE_UPDATE: return one(update_from(e, x, atom(e, a[0]), 0, atom(e, a[1])), nres, res);
    case CE_SIZE: {
        V *v = atom(e, a[0]);
        for (int k = 0; k < x->dim; k++)
            v = v->n ? v->el[0] : v;
        return one(scalar_i(PRIM_I64, v->n), nres, res);
    }
    case CE_IOTA: {
        int64_t n = ai(e, a[0]);
        if (n < 0)
            rt_error_at(x->loc, "iota of negative size");
        V *r = new_array(PRIM_I64, 1, n);
        for (int64_t i = 0; i < n; i++)
            set_el(r, i, scalar_i(PRIM_I64, i));
        return one(r, nres, res);
    }
    case CE_REPLICATE: {
        int64_t n = ai(e, a[0]);
        if (n < 0)
            rt_error_at(x->loc, "replicate of negative size");
        return one(replicate(n, atom(e, a[1])), nres, res);
    }
    case CE_REARRANGE: {
        V *v = atom(e, a[0]);
        int k = x->perm.len;
        int64_t sh[WF_MAX_RANK], src[WF_MAX_RANK];
        shape_of(v, sh, k);
        for (int i = 0; i < k; i++)
            if (!sh[i])
                return one(v->n ? v : v, nres, res); /* empty: nothing to move */
        return one(build_perm(v, x->perm.data, k, sh, src, 0), nres, res);
    }
    case CE_FLATTEN: {
        V *v = atom(e, a[0]);
        int64_t n = 0;
        for (int64_t i = 0; i < v->n; i++)
            n += v->el[i]->n;
        V *r = new_array(v->prim, v->rank - 1, n);
        n = 0;
        for (int64_t i = 0; i < v->n; i++)
            for (int64_t j = 0; j < v->el[i]->n; j++)
                set_el(r, n++, v->el[i]->el[j]);
        return one(r, nres, res);
    }
    case CE_UNFLATTEN: {
        int64_t n = ai(e, a[0]), m = ai(e, a[1]);
        V *v = atom(e, a[2]);
        if (n < 0 || m < 0 || n * m != v->n)
            rt_error_at(x->loc, "cannot unflatten an array of %lld elements to [%lld][%lld]",
                        (long long)v->n, (long long)n, (long long)m);
        V *r = new_array(v->prim, v->rank + 1, n);
        for (int64_t i = 0; i < n; i++) {
            set_el(r, i, new_array(v->prim, v->rank, m));
            for (int64_t j = 0; j < m; j++)
                set_el(r->el[i], j, v->el[i * m + j]);
        }
        return one(r, nres, res);
    }
    case CE_CONCAT: {
        int64_t n = 0;
        for (int k = 0; k < x->args.len; k++)
            n += atom(e, a[k])->n;
        V *f = atom(e, a[0]);
        V *r = new_array(f->prim, f->rank, n);
        n = 0;
        for (int k = 0; k < x->args.len; k++) {
            V *v = atom(e, a[k]);
            for (int64_t i = 0; i < v->n; i++)
                set_el(r, n++, v->el[i]);
        }
        return one(r, nres, res);
    }
    case CE_COPY: return one(copy_deep(atom(e, a[0])), nres, res);
    case CE_ROTATE: {
        int64_t rr = ai(e, a[0]);
        V *v = atom(e, a[1]);
        V *r = new_array(v->prim, v->rank, v->n);
        for (int64_t i = 0; i < v->n; i++) {
            int64_t j = ((i + rr) % v->n + v->n) % v->n;
            set_el(r, i, v->el[j]);
        }
        return one(r, nres, res);
    }
    case CE_ARRAY: {
        V *r = new_array(x->type.prim, x->type.rank + 1, x->args.len);
        for (int k = 0; k < x->args.len; k++)
            set_el(r, k, atom(e, a[k]));
        return one(r, nres, res);
    }
    case CE_ASSERT:
        if (!atom(e, a[0])->i) {
            int64_t vals[16];
            int nv = 0;
            for (int k = 1; k < x->args.len && nv < 16; k++)
                vals[nv++] = atom(e, a[k])->i;
            rt_error_at(x->loc, "%s", cassert_text(x->msg ? x->msg : "assertion failed", vals, nv, false, NULL));
        }
        *nres = 0;
        *res = NULL;
        return NULL;
    case CE_APPLY: {
        const CFun *f = NULL;
        for (int i = 0; i < e->prog->funs.len; i++)
            if (e->prog->funs.data[i]->name == x->fname)
                f = e->prog->funs.data[i];
        if (!f)
            die("core eval: no function %s", x->fname);
        E sub = {e->prog, {0}};
        for (int i = 0; i < f->params.len; i++) {
            V *v = atom(e, a[i]);
            bind(&sub, f->params.data[i].name, v);
            bind_size_params(&sub, f->params.data[i].type, v);
        }
        *nres = f->ret.len;
        *res = xmalloc((size_t)(*nres + 1) * sizeof(V *));
        eval_body(&sub, f->body, *res);
        return NULL;
    }
    case CE_SCREMA: case CE_SCATTER: case CE_HIST: case CE_FILTER:
        return soac(e, x, nres, res);
    default: die("core eval: expression kind %d", (int)x->kind);
    }
}

static void eval_body(E *e, const CBody *b, V **out) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        int n = 0;
        V **res = NULL;
        eval_exp(e, st->exp, &n, &res);
        if (n != st->pat.len)
            die("core eval: %d results for %d names", n, st->pat.len);
        fix_types(res, n, &st->pat);
        for (int k = 0; k < n; k++)
            bind(e, st->pat.data[k].name, res[k]);
    }
    for (int k = 0; k < b->result.len; k++)
        out[k] = atom(e, b->result.data[k]);
}

/* ---- input and output ---- */

static V *from_wf(const wf_value *w, int k, int64_t *off) {
    if (k == w->rank) {
        PrimType p = (PrimType)w->prim;
        const char *d = (const char *)w->data + (size_t)*off * wf_prim_size(w->prim);
        ++*off;
        switch (p) {
        case PRIM_I8: return scalar_i(p, *(const int8_t *)d);
        case PRIM_I16: return scalar_i(p, *(const int16_t *)d);
        case PRIM_I32: return scalar_i(p, *(const int32_t *)d);
        case PRIM_I64: return scalar_i(p, *(const int64_t *)d);
        case PRIM_U8: return scalar_i(p, *(const uint8_t *)d);
        case PRIM_U16: return scalar_i(p, *(const uint16_t *)d);
        case PRIM_U32: return scalar_i(p, *(const uint32_t *)d);
        case PRIM_U64: return scalar_i(p, *(const int64_t *)d);
        case PRIM_F32: return scalar_f(p, *(const float *)d);
        case PRIM_F64: return scalar_f(p, *(const double *)d);
        case PRIM_F16: return scalar_f(p, scalar_float_value((Scalar){PRIM_F16, {.u = *(const uint16_t *)d}}));
        default: return scalar_i(p, *(const uint8_t *)d != 0);
        }
    }
    V *r = new_array((PrimType)w->prim, w->rank - k, w->shape[k]);
    for (int64_t i = 0; i < w->shape[k]; i++)
        set_el(r, i, from_wf(w, k + 1, off));
    return r;
}

/* Rows lo..hi of level `level` of a jagged value's parts (values.h) as nested arrays. */
static V *from_jagged(const wf_value *parts, int rank, int levels, int level, int64_t lo, int64_t hi) {
    V *r = new_array((PrimType)parts[levels].prim, rank - level, hi - lo);
    for (int64_t i = lo; i < hi; i++) {
        if (level < levels) {
            const int64_t *o = parts[level].data;
            set_el(r, i - lo, from_jagged(parts, rank, levels, level + 1, o[i], o[i + 1]));
            continue;
        }
        const wf_value *d = &parts[levels];
        int64_t per = 1;
        for (int k = 1; k < d->rank; k++)
            per *= d->shape[k];
        int64_t off = i * per;
        set_el(r, i - lo, from_wf(d, 1, &off));
    }
    return r;
}

/* The jagged levels of a parameter's type: its innermost `[]` after the outer dimension. */
static int param_levels(CType t) {
    int L = 0;
    for (int k = 1; k < t.rank; k++)
        if (t.dims[k].kind == CDIM_ANY)
            L = k;
    return L;
}

static void print_v(FILE *out, const V *v, PrimType prim, int rank) {
    if (!rank) {
        union { int8_t i8; int16_t i16; int32_t i32; int64_t i64; float f32; double f64; uint8_t b; uint16_t h; } u;
        switch (prim) {
        case PRIM_I8: case PRIM_U8: u.i8 = (int8_t)v->i; break;
        case PRIM_I16: case PRIM_U16: u.i16 = (int16_t)v->i; break;
        case PRIM_I32: case PRIM_U32: u.i32 = (int32_t)v->i; break;
        case PRIM_F32: u.f32 = (float)v->f; break;
        case PRIM_F64: u.f64 = v->f; break;
        case PRIM_F16: u.h = (uint16_t)scalar_float(PRIM_F16, v->f).as.u; break;
        case PRIM_BOOL: u.b = (uint8_t)(v->i != 0); break;
        default: u.i64 = v->i; break;
        }
        wf_write_scalar_text(out, (wf_prim)prim, &u);
        return;
    }
    if (!v->n) {
        fputs("empty([0]", out);
        for (int i = 1; i < rank; i++)
            fputs("[0]", out); /* inner sizes of empty arrays are not kept */
        fprintf(out, "%s)", prim_name(prim));
        return;
    }
    fputc('[', out);
    for (int64_t i = 0; i < v->n; i++) {
        if (i)
            fputs(", ", out);
        print_v(out, v->el[i], prim, rank - 1);
    }
    fputc(']', out);
}

/* The entry point: the one named want, else main, else the last one. */
int core_eval_entry(const CProg *p, const char *want, FILE *in, FILE *out) {
    const CFun *f = NULL;
    for (int i = 0; i < p->funs.len; i++) {
        const CFun *g = p->funs.data[i];
        if (!g->is_entry)
            continue;
        if (want && *want ? !strcmp(g->name, want) : !f || !strcmp(g->name, "main"))
            f = g;
    }
    if (!f && want && *want)
        fatal("core eval: no entry point '%s'", want);
    if (!f)
        fatal("core eval: no entry point");
    E e = {p, {0}};
    wf_reader *r = wf_reader_new(in);
    for (int i = 0; i < f->params.len; i++) {
        CType t = f->params.data[i].type;
        wf_value w = {0};
        int L = param_levels(t);
        if (L) { /* rows of different lengths (docs/EXECUTABLES.md "Jagged arrays") */
            wf_value parts[WF_MAX_RANK + 1];
            if (wf_read_jagged(r, (wf_prim)t.prim, t.rank, L, parts))
                fatal("core eval: argument %d: %s", i + 1, wf_reader_error(r));
            bind(&e, f->params.data[i].name, from_jagged(parts, t.rank, L, 0, 0, parts[0].shape[0] - 1));
            if (t.dims[0].kind == CDIM_VAR && !omap_has(&e.env, t.dims[0].var))
                bind(&e, t.dims[0].var, scalar_i(PRIM_I64, parts[0].shape[0] - 1));
            for (int k = 0; k <= L; k++)
                wf_value_free(&parts[k]);
            continue;
        }
        if (wf_read_value(r, (wf_prim)t.prim, t.rank, &w))
            fatal("core eval: argument %d: %s", i + 1, wf_reader_error(r));
        int64_t off = 0;
        bind(&e, f->params.data[i].name, from_wf(&w, 0, &off));
        for (int k = 0; k < t.rank; k++)
            if (t.dims[k].kind == CDIM_VAR && !omap_has(&e.env, t.dims[k].var))
                bind(&e, t.dims[k].var, scalar_i(PRIM_I64, w.shape[k]));
        wf_value_free(&w);
    }
    V **res = xmalloc((size_t)(f->ret.len + 1) * sizeof(V *));
    eval_body(&e, f->body, res);
    for (int k = 0; k < f->ret.len; k++) {
        print_v(out, res[k], f->ret.data[k].prim, f->ret.data[k].rank);
        fputc('\n', out);
    }
    return 0;
}
