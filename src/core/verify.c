/* verify.c — the core IR checker, run after every pass (QBE's ssacheck in spirit).
 *
 * Checks, per function: every variable is bound before use and exactly once in the function;
 * every dimension variable is an i64 in scope; operand types agree with each expression's
 * typing rule (ir.c cexp_types); the declared pattern types agree with the expression's;
 * lambdas have the arity and types their SOAC implies (arrays, neutral elements, operators);
 * bodies return what their context expects.  Size agreement is checked up to what is known
 * statically: two different constant dimensions disagree, everything else is left to run time.
 * Uniqueness (consumption) is not checked yet.
 */
#include <string.h>

#include "ir.h"

typedef struct {
    const CProg *prog;
    const CFun *fun;
    const char *what;
    CScope scope;   /* in scope now */
    CScope defined; /* ever bound in this function */
    int errors;
    const char *where; /* first name of the statement being checked */
} V;

static void verr(V *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void verr(V *v, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "weft: core verify (after %s): in %s%s%s: ", v->what, v->fun->name,
            v->where ? ", at " : "", v->where ? v->where : "");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    v->errors++;
}

static char *tstr(CType t) {
    StrBuf sb = {0};
    core_print_type(&sb, t);
    return sb.data;
}

static void check_type(V *v, CType t) {
    for (int i = 0; i < t.rank; i++) {
        if (t.dims[i].kind != CDIM_VAR)
            continue;
        CType d;
        if (!cscope_get(&v->scope, t.dims[i].var, &d))
            verr(v, "size %s is not in scope", t.dims[i].var);
        else if (d.rank || d.prim != PRIM_I64)
            verr(v, "size %s is not an i64", t.dims[i].var);
    }
}

static void bind(V *v, const char *name, CType t) {
    if (cscope_get(&v->defined, name, NULL))
        verr(v, "%s is bound twice", name);
    cscope_put(&v->defined, name, t);
    cscope_put(&v->scope, name, t);
}

static CType atype(V *v, CAtom a) {
    bool ok = true;
    CType t = catom_type(a, cscope_lookup, &v->scope, &ok);
    if (!ok)
        verr(v, "%s is not in scope", a.var);
    return t;
}

static void want(V *v, CType got, CType expected, const char *what) {
    if (got.prim == PRIM_NONE)
        return; /* already reported */
    if (!ctype_compat(got, expected))
        verr(v, "%s has type %s, expected %s", what, tstr(got), tstr(expected));
}

static void body(V *v, const CBody *b, const CTypeVec *expected, const char *what);

/* The body's results against the expected types, in the scope after its statements. */
static void results(V *v, const CBody *b, const CTypeVec *expected, const char *what) {
    if (b->result.len != expected->len) {
        verr(v, "%s returns %d values, expected %d", what, b->result.len, expected->len);
        return;
    }
    for (int i = 0; i < b->result.len; i++)
        want(v, atype(v, b->result.data[i]), expected->data[i], what);
}

/* A lambda whose parameters must have types params (NULL: any) and whose results ret (NULL:
 * any); its declared return types' sizes must be in scope outside it. */
static void lambda(V *v, const CLambda *l, const CTypeVec *params, const CTypeVec *ret,
                   const char *what) {
    for (int i = 0; i < l->ret.len; i++)
        check_type(v, l->ret.data[i]);
    int mark = cscope_mark(&v->scope);
    if (params && params->len != l->params.len)
        verr(v, "%s takes %d parameters, expected %d", what, l->params.len, params->len);
    for (int i = 0; i < l->params.len; i++) {
        check_type(v, l->params.data[i].type);
        if (params && i < params->len)
            want(v, l->params.data[i].type, params->data[i], what);
        bind(v, l->params.data[i].name, l->params.data[i].type);
    }
    if (ret) {
        if (ret->len != l->ret.len)
            verr(v, "%s returns %d values, expected %d", what, l->ret.len, ret->len);
        else
            for (int i = 0; i < ret->len; i++)
                want(v, l->ret.data[i], ret->data[i], what);
    }
    body(v, l->body, &l->ret, what);
    cscope_pop(&v->scope, mark);
}

static CTypeVec elem_types(V *v, const CAtomVec *arrays, CAtom w) {
    CTypeVec out = {0};
    for (int i = 0; i < arrays->len; i++) {
        CType t = atype(v, arrays->data[i]);
        if (t.prim == PRIM_NONE)
            t = ctype_array(PRIM_I64, 1, (CDim[]){cdim_any()});
        if (t.rank < 1) {
            verr(v, "a SOAC input is not an array");
            t = ctype_outer(cdim_any(), t);
        }
        if (t.dims[0].kind == CDIM_CONST && w.kind == CA_CONST && t.dims[0].value != w.ival)
            verr(v, "a SOAC input has outer size %lld, not the width %lld",
                 (long long)t.dims[0].value, (long long)w.ival);
        vec_push(&out, ctype_elem(t));
    }
    return out;
}

/* op: a lambda of 2k parameters and k results, k = len(nes); returns the element types. */
static CTypeVec operator(V *v, const COperator *o, const char *what) {
    CTypeVec ts = {0}, twice = {0};
    for (int i = 0; i < o->nes.len; i++)
        vec_push(&ts, atype(v, o->nes.data[i]));
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < ts.len; i++)
            vec_push(&twice, ts.data[i]);
    lambda(v, o->lam, &twice, &ts, what);
    return ts;
}

/* The offsets of concatenated map results: none, or one atom per map result (nmap of them),
 * each a constant (an ordinary result) or an i64 array. */
static void concat_offsets(V *v, const CExp *e, int nmap) {
    if (!e->offsets.len)
        return;
    if (e->offsets.len != nmap)
        verr(v, "concat lists %d offsets for %d map results", e->offsets.len, nmap);
    for (int i = 0; i < e->offsets.len; i++) {
        CAtom o = e->offsets.data[i];
        if (o.kind != CA_VAR)
            continue;
        CType t = atype(v, o);
        if (t.prim != PRIM_NONE && (t.rank != 1 || t.prim != PRIM_I64))
            verr(v, "the offsets %s of a concatenated result must be a one-dimensional i64 array", o.var);
    }
}

static void soac(V *v, const CExp *e) {
    CAtom w = e->args.data[0];
    CTypeVec elems = elem_types(v, &e->arrays, w);
    switch (e->kind) {
    case CE_SCREMA: {
        CTypeVec opin = {0};
        for (int i = 0; i < e->scans.len; i++) {
            CTypeVec t = operator(v, &e->scans.data[i], "a scan operator");
            for (int j = 0; j < t.len; j++)
                vec_push(&opin, t.data[j]);
        }
        for (int i = 0; i < e->reds.len; i++) {
            CTypeVec t = operator(v, &e->reds.data[i], "a reduce operator");
            for (int j = 0; j < t.len; j++)
                vec_push(&opin, t.data[j]);
        }
        lambda(v, e->lam, &elems, NULL, "the map lambda");
        concat_offsets(v, e, e->lam->ret.len - opin.len);
        if (e->lam->ret.len < opin.len)
            verr(v, "the map lambda returns %d values; its operators take %d", e->lam->ret.len, opin.len);
        else
            for (int i = 0; i < opin.len; i++)
                want(v, e->lam->ret.data[i], opin.data[i], "an operator input from the map lambda");
        return;
    }
    case CE_SCATTER:
    case CE_HIST: {
        CTypeVec dts = {0};
        for (int i = 0; i < e->dests.len; i++) {
            CType t = atype(v, e->dests.data[i]);
            if (t.prim != PRIM_NONE)
                vec_push(&dts, t);
        }
        if (dts.len != e->dests.len)
            return;
        lambda(v, e->lam, &elems, NULL, "the map lambda");
        int r = e->lam->ret.len - e->dests.len;
        if (e->kind == CE_HIST && r != 1)
            verr(v, "a hist lambda returns one bin index and one value per destination");
        if (r < 1) {
            verr(v, "the lambda returns too few values for its destinations");
            return;
        }
        for (int i = 0; i < r; i++)
            want(v, e->lam->ret.data[i], ctype_prim(PRIM_I64), "an index");
        CTypeVec vals = {0};
        for (int i = 0; i < dts.len; i++) {
            CType t = dts.data[i];
            if (t.rank < r) {
                verr(v, "a destination has fewer than %d dimensions", r);
                return;
            }
            CType el = ctype_array(t.prim, t.rank - r, t.dims + r);
            want(v, e->lam->ret.data[r + i], el, "a value");
            vec_push(&vals, el);
        }
        if (e->irregular) {
            CType st = atype(v, e->segs);
            if (st.prim != PRIM_NONE && (st.rank > 1 || st.prim != PRIM_I64))
                verr(v, "the rows of a scatter or hist are an i64 row size or an i64 array of offsets");
        }
        if (e->kind == CE_HIST) {
            if (e->reds.len != 1)
                verr(v, "hist has one operator");
            else {
                CTypeVec t = operator(v, &e->reds.data[0], "the hist operator");
                for (int i = 0; i < t.len && i < vals.len; i++)
                    want(v, t.data[i], vals.data[i], "a neutral element");
                if (t.len != vals.len)
                    verr(v, "the hist operator has %d neutral elements for %d destinations", t.len, vals.len);
            }
        }
        return;
    }
    case CE_FILTER: {
        CTypeVec ret = {0};
        vec_push(&ret, ctype_prim(PRIM_BOOL));
        lambda(v, e->lam, &elems, &ret, "the predicate");
        return;
    }
    default: return;
    }
}

/* A segop: its space (indices bound in the body, widths i64), its operators, and its body's
 * results against the pattern with the space's dimensions taken off (k of them; k - 1 for the
 * results of segred's operators). */
static void segop(V *v, const CExp *e, const CTypeVec *pat) {
    int k = e->params.len;
    if (k < 1 || e->args.len != k) {
        verr(v, "a segop needs a space of at least one dimension");
        return;
    }
    if ((e->seg == SEG_MAP) != (e->scans.len == 0 && e->reds.len == 0) ||
        (e->seg == SEG_RED && e->scans.len) || (e->seg == SEG_SCAN && e->reds.len))
        verr(v, "a segop's operators do not fit its kind");
    for (int i = 0; i < k; i++)
        want(v, atype(v, e->args.data[i]), ctype_prim(PRIM_I64), "a segop width");
    if (e->irregular) {
        if (k < 2)
            verr(v, "an irregular segop needs an outer dimension");
        CType st = atype(v, e->segs);
        if (st.prim != PRIM_NONE && (st.rank != 1 || st.prim != PRIM_I64))
            verr(v, "the segments of an irregular segop must be a one-dimensional i64 array");
    }
    if (e->binned && (k != 1 || e->level != SEG_GRID || e->seg != SEG_MAP))
        verr(v, "only a one-dimensional grid segmap is binned");
    for (int i = 0; e->binned && i < 2; i++) {
        CType bt = atype(v, e->bins[i]);
        if (bt.prim != PRIM_NONE && !(bt.prim == PRIM_I64 && (bt.rank == 1 || e->bins[i].kind == CA_CONST)))
            verr(v, "the bins of a segmap must be i64 arrays");
    }
    if (e->masked) {
        if (e->level != SEG_BLOCK)
            verr(v, "only a block segop is masked");
        want(v, atype(v, e->mask), ctype_prim(PRIM_BOOL), "a segop's mask");
    }
    CTypeVec opin = {0};
    const COperatorVec *ops = e->seg == SEG_SCAN ? &e->scans : &e->reds;
    for (int i = 0; i < ops->len; i++) {
        CTypeVec t = operator(v, &ops->data[i], "a segop operator");
        for (int j = 0; j < t.len; j++)
            vec_push(&opin, t.data[j]);
    }
    concat_offsets(v, e, pat->len - opin.len);
    CTypeVec expected = {0};
    for (int j = 0; j < pat->len; j++) {
        CType t = pat->data[j];
        if (cexp_concat(e, j - opin.len, NULL)) { /* rows of any size, one after the other */
            if (t.rank < 1)
                verr(v, "a concatenated segop result must be an array");
            else
                vec_push(&expected, ctype_outer(cdim_any(), ctype_elem(t)));
            continue;
        }
        int drop = j < opin.len && e->seg == SEG_RED ? k - 1 : e->irregular ? 1 : k;
        if (t.rank < drop) {
            verr(v, "segop result %d has fewer dimensions than its space", j);
            return;
        }
        for (int d = 0; d < drop && !e->irregular; d++)
            if (!cdim_eq(t.dims[d], cdim_of_atom(e->args.data[d])) && t.dims[d].kind != CDIM_ANY &&
                cdim_of_atom(e->args.data[d]).kind != CDIM_ANY)
                verr(v, "segop result %d has dimension %d unlike the space", j, d);
        CType el = ctype_array(t.prim, t.rank - drop, t.dims + drop);
        if (j < opin.len)
            want(v, el, opin.data[j], "a segop operator's result");
        vec_push(&expected, el);
    }
    int mark = cscope_mark(&v->scope);
    for (int i = 0; i < k; i++)
        bind(v, e->params.data[i].name, ctype_prim(PRIM_I64));
    body(v, e->body, &expected, "a segop body");
    cscope_pop(&v->scope, mark);
}

static void stm(V *v, const CStm *s) {
    const CExp *e = s->exp;
    v->where = s->pat.len ? s->pat.data[0].name : "()";
    CTypeVec pat = {0};
    for (int i = 0; i < s->pat.len; i++) {
        check_type(v, s->pat.data[i].type);
        vec_push(&pat, s->pat.data[i].type);
    }
    switch (e->kind) {
    case CE_IF: {
        want(v, atype(v, e->args.data[0]), ctype_prim(PRIM_BOOL), "the condition");
        body(v, e->body, &pat, "the then branch");
        body(v, e->body2, &pat, "the else branch");
        break;
    }
    case CE_LOOP: {
        if (e->args.len != e->params.len)
            verr(v, "a loop has %d parameters and %d initial values", e->params.len, e->args.len);
        CTypeVec ps = {0};
        for (int i = 0; i < e->params.len; i++) {
            check_type(v, e->params.data[i].type);
            vec_push(&ps, e->params.data[i].type);
            if (i < e->args.len)
                want(v, atype(v, e->args.data[i]), e->params.data[i].type, "an initial loop value");
        }
        if (e->index)
            want(v, atype(v, e->bound), ctype_prim(PRIM_I64), "the loop bound");
        int mark = cscope_mark(&v->scope);
        for (int i = 0; i < e->params.len; i++)
            bind(v, e->params.data[i].name, e->params.data[i].type);
        if (e->index) {
            bind(v, e->index, ctype_prim(PRIM_I64));
        } else {
            CType c;
            bool found = false;
            for (int i = 0; i < e->params.len; i++)
                if (e->params.data[i].name == e->cond) {
                    c = e->params.data[i].type;
                    found = true;
                }
            if (!found)
                verr(v, "the while condition %s is not a loop parameter", e->cond);
            else
                want(v, c, ctype_prim(PRIM_BOOL), "the while condition");
        }
        body(v, e->body, &ps, "the loop body");
        cscope_pop(&v->scope, mark);
        break;
    }
    case CE_SEGOP: segop(v, e, &pat); break;
    case CE_APPLY: {
        const CFun *f = NULL;
        for (int i = 0; i < v->prog->funs.len; i++)
            if (v->prog->funs.data[i]->name == e->fname)
                f = v->prog->funs.data[i];
        if (!f) {
            verr(v, "apply of an unknown function %s", e->fname);
            break;
        }
        if (f->params.len != e->args.len)
            verr(v, "%s takes %d arguments, not %d", f->name, f->params.len, e->args.len);
        for (int i = 0; i < e->args.len && i < f->params.len; i++)
            want(v, atype(v, e->args.data[i]), f->params.data[i].type, "an argument");
        CTypeVec rt = {0};
        for (int i = 0; i < f->ret.len; i++) { /* sizes of the callee mean nothing here */
            CType t = ctype_copy(f->ret.data[i]);
            for (int k = 0; k < t.rank; k++)
                if (t.dims[k].kind == CDIM_VAR)
                    t.dims[k] = cdim_any();
            vec_push(&rt, t);
        }
        if (rt.len != pat.len)
            verr(v, "%s returns %d values, the pattern has %d", f->name, rt.len, pat.len);
        for (int i = 0; i < rt.len && i < pat.len; i++)
            want(v, pat.data[i], rt.data[i], "a result");
        break;
    }
    default: {
        CTypeVec got = {0};
        const char *err = cexp_types(e, cscope_lookup, &v->scope, &got);
        if (err) {
            verr(v, "%s", err);
            break;
        }
        if (e->kind >= CE_SCREMA)
            soac(v, e);
        if (e->kind == CE_THRESHOLD && (e->dim < 0 || e->dim >= v->prog->thresholds.len))
            verr(v, "a threshold the program does not declare");
        if (e->kind == CE_TUNING && (e->dim < 0 || e->dim >= v->prog->thresholds.len || !v->prog->thresholds.data[e->dim].user))
            verr(v, "a #[param] the program does not declare");
        if (got.len != pat.len) {
            verr(v, "the expression has %d results, the pattern %d", got.len, pat.len);
            break;
        }
        for (int i = 0; i < got.len; i++)
            want(v, got.data[i], pat.data[i], xsprintf("result %d", i));
    }
    }
    v->where = s->pat.len ? s->pat.data[0].name : "()";
    for (int i = 0; i < s->pat.len; i++)
        bind(v, s->pat.data[i].name, s->pat.data[i].type);
}

static void body(V *v, const CBody *b, const CTypeVec *expected, const char *what) {
    int mark = cscope_mark(&v->scope);
    const char *saved = v->where;
    for (int i = 0; i < b->stms.len; i++)
        stm(v, &b->stms.data[i]);
    v->where = saved;
    results(v, b, expected, what);
    cscope_pop(&v->scope, mark);
}

int core_verify(const CProg *p, const char *what) {
    int errors = 0;
    for (int i = 0; i < p->funs.len; i++) {
        const CFun *f = p->funs.data[i];
        V v = {.prog = p, .fun = f, .what = what};
        for (int j = 0; j < i; j++)
            if (p->funs.data[j]->name == f->name)
                verr(&v, "a second function named %s", f->name);
        for (int j = 0; j < f->sizes.len; j++)
            bind(&v, f->sizes.data[j], ctype_prim(PRIM_I64));
        for (int j = 0; j < f->params.len; j++)
            bind(&v, f->params.data[j].name, f->params.data[j].type);
        for (int j = 0; j < f->params.len; j++)
            check_type(&v, f->params.data[j].type);
        for (int j = 0; j < f->ret.len; j++)
            check_type(&v, f->ret.data[j]);
        body(&v, f->body, &f->ret, "the function body");
        errors += v.errors;
    }
    return errors;
}
