/* simplify.c — the simplifier: constant folding, copy propagation, algebraic identities,
 * `if` on constant conditions, asserts proven true, sizes known from types, for-loops that run
 * zero times, constant indices into array literals of scalars (a table of coefficients read
 * at fixed positions is its elements, not an array built in memory).
 *
 * One forward walk per function.  Names are unique in a function, so a variable found equal to
 * an atom is recorded in a substitution that holds everywhere after its definition, and its
 * statement is dropped.  Folding computes what the compiled program would (scalar_eval of
 * src/scalar, the C the backends emit); what depends on the math library (OPF_LIBM), NaN
 * results and operations that would fail (division by zero stays, with its location) are
 * left to run time.
 */
#include <math.h>
#include <string.h>

#include "opt.h"

typedef struct {
    CScope types; /* every name bound so far in the function */
    OMap subst;   /* name -> CAtom * */
    OMap consumed; /* names the function consumes, with their aliases (opt_consumed_body) */
    OMap literals; /* name -> CExp * of its one-dimensional array literal of scalars */
} S;

static void simp_body(S *s, CBody *b);

static void bind(S *s, const char *name, CType t) { cscope_put(&s->types, name, t); }

static void bind_params(S *s, CParamVec *ps) {
    for (int i = 0; i < ps->len; i++) {
        opt_subst_type(&ps->data[i].type, &s->subst);
        bind(s, ps->data[i].name, ps->data[i].type);
    }
}

static void equate(S *s, const char *name, CAtom a) {
    CAtom *p = xmalloc(sizeof *p);
    *p = a;
    omap_put(&s->subst, name, p);
}

static void simp_lambda(S *s, CLambda *l) {
    bind_params(s, &l->params);
    simp_body(s, l->body);
}

/* ---- constant folding ---- */

static bool cmp_result(COp op, int c, bool *out) {
    switch (op) {
    case COP_EQ: *out = c == 0; return true;
    case COP_NE: *out = c != 0; return true;
    case COP_LT: *out = c < 0; return true;
    case COP_LE: *out = c <= 0; return true;
    case COP_GT: *out = c > 0; return true;
    case COP_GE: *out = c >= 0; return true;
    default: return false;
    }
}

/* An operator on constants, evaluated as the compiled program would evaluate it
 * (scalar_eval).  Not when the result depends on the math library, when the operation fails
 * (a division by zero stays, with its location), or when the result is a NaN (a constant
 * cannot say which one). */
static bool fold(const CExp *e, CAtom *out) {
    if (!scalar_foldable(e->op, e->prim))
        return false;
    Scalar a[3], r;
    for (int i = 0; i < e->args.len && i < 3; i++)
        a[i] = catom_scalar(e->args.data[i]);
    if (!scalar_eval(e->op, e->prim, e->prim2, a, &r))
        return false;
    if (prim_is_float(r.prim) && isnan(scalar_float_value(r)))
        return false;
    *out = catom_of_scalar(r);
    return true;
}

static bool is_const(CAtom a, int64_t v) {
    if (a.kind != CA_CONST)
        return false;
    if (prim_is_float(a.prim))
        return a.fval == (double)v;
    return a.ival == v;
}

/* all ones: -1 on integers, true on bool */
static bool is_ones(CAtom a) {
    if (a.kind != CA_CONST || prim_is_float(a.prim))
        return false;
    return a.prim == PRIM_BOOL ? a.ival == 1 : prim_wrap(a.prim, UINT64_MAX) == a.ival;
}

/* An operator to an atom: folding when every operand is a constant, else identities. */
static bool simp_op(CExp *e, CAtom *out) {
    COp op = e->op;
    PrimType p = e->prim;
    CAtom *a = e->args.data;
    int n = e->args.len;
    bool allc = true;
    for (int i = 0; i < n; i++)
        allc = allc && a[i].kind == CA_CONST;
    if (op == COP_SELECT) {
        if (a[0].kind == CA_CONST) {
            *out = a[0].ival ? a[1] : a[2];
            return true;
        }
        if (catom_eq(a[1], a[2])) {
            *out = a[1];
            return true;
        }
        return false;
    }
    if (allc)
        return fold(e, out);
    if (op == COP_CONVERT && p == e->prim2) {
        *out = a[0];
        return true;
    }
    if (n != 2)
        return false;
    bool fl = prim_is_float(p);
    CAtom x = a[0], y = a[1];
    if (!fl && catom_eq(x, y)) { /* the same variable twice */
        bool b;
        if (cmp_result(op, 0, &b)) {
            *out = catom_bool(b);
            return true;
        }
        switch (op) {
        case COP_AND: case COP_OR: case COP_MIN: case COP_MAX: *out = x; return true;
        case COP_XOR: case COP_SUB:
            *out = p == PRIM_BOOL ? catom_bool(false) : catom_int(p, 0);
            return true;
        default: break;
        }
    }
    if (fl) {
        /* exact for every x (NaN included): x - 0, x * 1, x / 1 */
        if ((op == COP_SUB && y.kind == CA_CONST && y.fval == 0 && !signbit(y.fval)) ||
            ((op == COP_MUL || op == COP_DIV) && is_const(y, 1))) {
            *out = x;
            return true;
        }
        if (op == COP_MUL && is_const(x, 1)) {
            *out = y;
            return true;
        }
        return false;
    }
    bool cx = x.kind == CA_CONST, cy = y.kind == CA_CONST;
    switch (op) {
    case COP_ADD:
    case COP_OR:
    case COP_XOR:
        if (cy && is_const(y, 0)) { *out = x; return true; }
        if (cx && is_const(x, 0)) { *out = y; return true; }
        if (op == COP_OR && (is_ones(x) || is_ones(y))) { *out = is_ones(x) ? x : y; return true; }
        return false;
    case COP_SUB:
    case COP_SHL:
    case COP_SHR:
    case COP_USHR:
        if (cy && is_const(y, 0)) { *out = x; return true; }
        return false;
    case COP_MUL:
        if (cy && is_const(y, 1)) { *out = x; return true; }
        if (cx && is_const(x, 1)) { *out = y; return true; }
        if (is_const(x, 0) || is_const(y, 0)) { *out = catom_int(p, 0); return true; }
        return false;
    case COP_AND:
        if (is_ones(y)) { *out = x; return true; }
        if (is_ones(x)) { *out = y; return true; }
        if (is_const(x, 0) || is_const(y, 0)) {
            *out = p == PRIM_BOOL ? catom_bool(false) : catom_int(p, 0);
            return true;
        }
        return false;
    case COP_DIV:
    case COP_QUOT:
        if (cy && is_const(y, 1)) { *out = x; return true; }
        return false;
    default: return false;
    }
}

/* ---- statements ---- */

static bool body_is_const_bool(const CBody *b, bool v) {
    return !b->stms.len && b->result.len == 1 && b->result.data[0].kind == CA_CONST &&
           b->result.data[0].prim == PRIM_BOOL && b->result.data[0].ival == v;
}

/* Binds the statement's pattern to atoms (the statement disappears). */
static void equate_pat(S *s, CStm *st, const CAtom *as) {
    for (int i = 0; i < st->pat.len; i++)
        equate(s, st->pat.data[i].name, as[i]);
}

/* The parameter of lam that atom a is, or -1. */
static int param_index(const CLambda *lam, CAtom a) {
    for (int k = 0; a.kind == CA_VAR && k < lam->params.len; k++)
        if (!strcmp(lam->params.data[k].name, a.var))
            return k;
    return -1;
}

/* A map whose lambda returns some of its parameters unchanged: its results are its inputs
 * (not when either is consumed: the result would share the input's memory). */
static bool identity_map(const S *s, const CExp *e, const CStm *st) {
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len || e->lam->body->stms.len)
        return false;
    for (int j = 0; j < st->pat.len; j++) {
        int k = param_index(e->lam, e->lam->body->result.data[j]);
        if (k < 0 || omap_has(&s->consumed, st->pat.data[j].name))
            return false;
        CAtom in = e->arrays.data[k];
        if (in.kind != CA_VAR || omap_has(&s->consumed, in.var))
            return false;
    }
    return true;
}

/* index xs [k] of an array literal of scalars xs at a constant k inside it: that element.  A
 * name is bound once, and an array consumed cannot be read after, so the literal's elements
 * are xs's wherever xs is read. */
static bool literal_element(const S *s, const CExp *e, const CStm *st, CAtom *out) {
    if (e->slice.len != 1 || e->slice.data[0].is_slice || st->pat.len != 1 || st->pat.data[0].type.rank)
        return false;
    CAtom xs = e->args.data[0], k = e->slice.data[0].start;
    if (xs.kind != CA_VAR || k.kind != CA_CONST)
        return false;
    const CExp *lit = omap_get(&s->literals, xs.var);
    if (!lit || k.ival < 0 || k.ival >= lit->args.len)
        return false;
    *out = lit->args.data[k.ival];
    return true;
}

static void simp_body(S *s, CBody *b) {
    Vec(CStm) out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CStm st = b->stms.data[i];
        CExp *e = st.exp;
        opt_subst_exp(e, &s->subst);
        for (int j = 0; j < st.pat.len; j++)
            opt_subst_type(&st.pat.data[j].type, &s->subst);
        CAtom a;
        switch (e->kind) {
        case CE_ATOM:
            if (st.pat.len == 1) {
                equate(s, st.pat.data[0].name, e->args.data[0]);
                continue;
            }
            break;
        case CE_OP:
            if (st.pat.len == 1 && simp_op(e, &a)) {
                equate(s, st.pat.data[0].name, a);
                continue;
            }
            break;
        case CE_SIZE: {
            CType t;
            if (e->args.data[0].kind == CA_VAR && cscope_get(&s->types, e->args.data[0].var, &t) &&
                e->dim < t.rank) {
                CDim d = t.dims[e->dim];
                if (d.kind == CDIM_CONST) {
                    equate(s, st.pat.data[0].name, catom_int(PRIM_I64, d.value));
                    continue;
                }
                if (d.kind == CDIM_VAR && cscope_get(&s->types, d.var, NULL)) {
                    equate(s, st.pat.data[0].name, catom_var(d.var));
                    continue;
                }
            }
            break;
        }
        case CE_ARRAY:
            if (st.pat.len == 1 && st.pat.data[0].type.rank == 1)
                omap_put(&s->literals, st.pat.data[0].name, e);
            break;
        case CE_INDEX:
            if (literal_element(s, e, &st, &a)) {
                equate(s, st.pat.data[0].name, a);
                continue;
            }
            break;
        case CE_ASSERT:
            if (e->args.data[0].kind == CA_CONST && e->args.data[0].ival)
                continue;
            break;
        case CE_IF: {
            CAtom c = e->args.data[0];
            if (c.kind == CA_CONST) {
                CBody *br = c.ival ? e->body : e->body2;
                simp_body(s, br);
                for (int j = 0; j < br->stms.len; j++)
                    vec_push(&out, br->stms.data[j]);
                equate_pat(s, &st, br->result.data);
                continue;
            }
            simp_body(s, e->body);
            simp_body(s, e->body2);
            if (st.pat.len == 1 && st.pat.data[0].type.prim == PRIM_BOOL && !st.pat.data[0].type.rank &&
                body_is_const_bool(e->body, true) && body_is_const_bool(e->body2, false)) {
                equate(s, st.pat.data[0].name, c);
                continue;
            }
            if (!e->body->stms.len && !e->body2->stms.len) {
                bool same = true;
                for (int j = 0; j < e->body->result.len; j++)
                    same = same && catom_eq(e->body->result.data[j], e->body2->result.data[j]);
                if (same) {
                    equate_pat(s, &st, e->body->result.data);
                    continue;
                }
            }
            break;
        }
        case CE_LOOP:
            if (!e->cond && e->bound.kind == CA_CONST && e->bound.ival <= 0) {
                equate_pat(s, &st, e->args.data);
                continue;
            }
            bind_params(s, &e->params);
            if (e->index)
                bind(s, e->index, ctype_prim(PRIM_I64));
            simp_body(s, e->body);
            break;
        default:
            for (int j = 0; j < e->scans.len; j++)
                simp_lambda(s, e->scans.data[j].lam);
            for (int j = 0; j < e->reds.len; j++)
                simp_lambda(s, e->reds.data[j].lam);
            if (e->lam)
                simp_lambda(s, e->lam);
            if (identity_map(s, e, &st)) { /* map (\x y -> x) xs ys is xs */
                for (int j = 0; j < st.pat.len; j++)
                    equate(s, st.pat.data[j].name, e->arrays.data[param_index(e->lam, e->lam->body->result.data[j])]);
                continue;
            }
            break;
        }
        for (int j = 0; j < st.pat.len; j++)
            bind(s, st.pat.data[j].name, st.pat.data[j].type);
        vec_push(&out, st);
    }
    b->stms.data = out.data;
    b->stms.len = out.len;
    b->stms.cap = out.cap;
    opt_subst_body(b, &s->subst); /* the result */
}

void core_simplify(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        CFun *f = p->funs.data[i];
        S s = {0};
        for (int j = 0; j < f->sizes.len; j++)
            bind(&s, f->sizes.data[j], ctype_prim(PRIM_I64));
        bind_params(&s, &f->params);
        opt_consumed_body(f->body, &s.consumed);
        simp_body(&s, f->body);
        for (int j = 0; j < f->ret.len; j++)
            opt_subst_type(&f->ret.data[j], &s.subst);
    }
}
