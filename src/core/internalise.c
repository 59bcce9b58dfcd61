/* internalise.c — from the checked AST to the core IR (DESIGN.md step 4).
 *
 * The internaliser is a partial evaluator over compile-time values (IVal):
 *  - a source value of primitive or array-of-primitive type is one atom (IV_ATOM);
 *  - a tuple or record is an IV_TUPLE of its components (records in the sorted field order of
 *    their type); an array of tuples is a tuple of arrays (the leaves carry the array dims);
 *  - the unit value () (and {}) is a placeholder bool, false: it holds no data, but an array of
 *    units must know its length, which its placeholder leaf [n]bool carries through every
 *    construction that walks leaves.  Entry points take and give () as nothing, as the
 *    interpreter does (entry_param, entry_results);
 *  - a function value is a compile-time closure (IV_FUN): a declaration, local function,
 *    lambda, operator section, partial application or composition, with its environment.
 * Every call is inlined, so the result is monomorphic and first-order: a higher-order
 * argument becomes the explicit lambda of the SOAC it ends up in.  Only entry points become
 * core functions, and the definitions that call themselves (directly or through others): one
 * function per argument shape, called by CE_APPLY (see "recursive definitions" below).  Prelude
 * functions with `intrinsics.NAME` bodies become core constructs (intrinsic()); the rest of the
 * prelude is inlined like user code.  Locations inside prelude code called from the user's
 * file are reported at the user's call site, as the interpreter does.
 *
 * Sizes: the internaliser computes each result's type bottom-up with ir.c's rules
 * (cexp_types), so a dimension names a variable only where the core program guarantees it.
 * Sizes that leave their scope (a lambda's result, an if's branch, a loop iteration that changes
 * them) become [] (ANY).
 */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../types/types.h"
#include "ir.h"

typedef struct IVal IVal;
typedef struct Clo Clo;
typedef struct Env Env;

typedef enum { IV_ATOM, IV_TUPLE, IV_FUN } IVKind;

struct IVal {
    IVKind kind;
    CAtom atom; /* IV_ATOM */
    CType type; /* IV_ATOM */
    int n;      /* IV_TUPLE */
    IVal **elems;
    Clo *fun; /* IV_FUN */
};

typedef enum { CL_DECL, CL_LETFUN, CL_LAMBDA, CL_SECTION, CL_PARTIAL, CL_COMPOSE, CL_HOLE } CloKind;

/* The inlining of one definition's body, called from the code of `caller` (NULL: an entry
 * point's body).  Code written in a body runs in its frame, wherever it is applied. */
typedef struct Frame Frame;
struct Frame {
    Decl *decl;
    Frame *caller;
};

struct Clo {
    CloKind kind;
    int arity;
    Frame *frame; /* the frame of the code that made the closure */
    Decl *decl;  /* CL_DECL */
    Expr *e;     /* CL_LETFUN, CL_LAMBDA, CL_SECTION */
    Type *type;  /* CL_HOLE: the hole's function type */
    Env *env;
    IVal *extra; /* CL_SECTION: the operand given with the section; SEC_FUN: also fn */
    IVal *fn;    /* CL_SECTION SEC_FUN: the function; CL_PARTIAL: the function; CL_COMPOSE: first */
    IVal *fn2;   /* CL_COMPOSE: second */
    IVal **args; /* CL_PARTIAL */
    int nargs;
    IVal **sizes; /* CL_DECL, CL_LETFUN: its size parameters as the use inferred them (NULL: unknown),
                     or NULL */
};

/* Values, and the types the type parameters of the functions being inlined stand for (named
 * 't: a name no value has). */
struct Env {
    const char *name;
    IVal *val;
    Type *type; /* a type parameter's binding */
    Env *next;
};

/* A core function made for a recursive definition, at one specialisation: the shapes and leaf
 * types of its arguments (key).  ret is the shape of its results. */
typedef struct {
    Decl *decl;
    const char *key;
    CFun *fun;
    IVal *ret;
    bool done;         /* its body is complete */
    CAtomVec captured; /* then: the caller's variables its function arguments use, passed last */
} RecFun;

/* What one internalisation learned for the next: the definitions that are called recursively
 * (each is made a core function instead of being inlined), and where to start again when a
 * new one is found. */
typedef struct {
    Vec(Decl *) decls;
    jmp_buf again;
} Recursive;

typedef struct {
    Program *prog;
    const char *user_file;
    Recursive *rec;
    Vec(RecFun) recfuns;
    CBody *cur;    /* statements are appended here */
    CScope tys;    /* every variable ever created -> its type */
    CScope vis;    /* variables visible at the current point */
    int counter;
    Loc call_loc;  /* when inside prelude code called from the user's file: that call */
    Frame *frame;  /* the frame of the code being internalised */
    bool entry_args; /* checking an entry point's arguments: size errors say so (ENTRY_SIZES_NOTE) */
    Vec(CThreshold) params; /* the program's #[param(NAME)]s (CThreshold.user) */
    CBody *top;      /* the body of the entry point being made: #[param] reads go first in it */
    OMap reads;      /* in that entry point: NAME -> its read (a Tuning) */
    OMap tuning_vars; /* the variables of reads -> their parameter's NAME */
    bool coerce_fails; /* a coercion's outermost size differs from a constant it must be: it always
                          fails (coerce_array), and what follows it is never reached */
} I;

/* A #[param(NAME)] read at the top of an entry point (tuning_read): whether the run sets it, and its value. */
typedef struct {
    CAtom set, value;
} Tuning;

static Tuning *tuning_read(I *in, const char *name, Loc loc);

static Env *env_bind(Env *env, const char *name, IVal *v) {
    Env *e = xmalloc(sizeof *e);
    e->name = name;
    e->val = v;
    e->next = env;
    return e;
}

static IVal *env_find(Env *env, const char *name) {
    for (; env; env = env->next)
        if (env->name == name)
            return env->val;
    return NULL;
}

static _Noreturn void unsupported(Loc loc, const char *what) {
    error_at(loc, "core: %s is not supported by the internaliser yet", what);
}

static Loc L(I *in, Loc loc) { return in->call_loc.file ? in->call_loc : loc; }

/* Entering code written at `code`, called from `call`: prelude code called from the user's
 * file reports the call's location; code of the user's file (a lambda or function passed to a
 * prelude function such as map) reports its own again.  Returns the call_loc to restore. */
static Loc enter_code(I *in, Loc code, Loc call) {
    Loc saved = in->call_loc;
    if (code.file == in->user_file)
        in->call_loc = (Loc){NULL, 0, 0};
    else if (!in->call_loc.file && call.file == in->user_file)
        in->call_loc = call;
    return saved;
}

/* ---- values ---- */

static IVal *iv_atom(CAtom a, CType t) {
    IVal *v = xmalloc(sizeof *v);
    v->kind = IV_ATOM;
    v->atom = a;
    v->type = t;
    return v;
}

static IVal *iv_tuple(int n) {
    IVal *v = xmalloc(sizeof *v);
    v->kind = IV_TUPLE;
    v->n = n;
    v->elems = xmalloc(sizeof(IVal *) * (size_t)(n ? n : 1));
    return v;
}

static IVal *unit_value(void) { return iv_atom(catom_bool(false), ctype_prim(PRIM_BOOL)); }

static bool is_unit_type(Type *t) {
    t = type_prune(t);
    return (t->kind == T_TUPLE || t->kind == T_RECORD) && t->elems.len == 0;
}

static IVal *iv_fun(Clo *c) {
    IVal *v = xmalloc(sizeof *v);
    v->kind = IV_FUN;
    v->fun = c;
    return v;
}

static Clo *clo_new(I *in, CloKind k, int arity) {
    Clo *c = xmalloc(sizeof *c);
    c->kind = k;
    c->arity = arity;
    c->frame = in->frame;
    return c;
}

static void flat(IVal *v, CAtomVec *atoms, CTypeVec *types, Loc loc) {
    switch (v->kind) {
    case IV_ATOM:
        vec_push(atoms, v->atom);
        if (types)
            vec_push(types, v->type);
        return;
    case IV_TUPLE:
        for (int i = 0; i < v->n; i++)
            flat(v->elems[i], atoms, types, loc);
        return;
    case IV_FUN: unsupported(loc, "a function value in a data position (if, loop, array)");
    }
}

/* A value shaped like tmpl with the leaves taken from atoms/types in order. */
static IVal *rebuild(IVal *tmpl, const CAtom *atoms, const CType *types, int *pos) {
    if (tmpl->kind == IV_TUPLE) {
        IVal *t = iv_tuple(tmpl->n);
        for (int i = 0; i < tmpl->n; i++)
            t->elems[i] = rebuild(tmpl->elems[i], atoms, types, pos);
        return t;
    }
    IVal *r = iv_atom(atoms[*pos], types[*pos]);
    (*pos)++;
    return r;
}

static IVal *first_leaf(IVal *v, Loc loc) {
    while (v->kind == IV_TUPLE) {
        if (v->n == 0)
            unsupported(loc, "an array of empty tuples");
        v = v->elems[0];
    }
    if (v->kind != IV_ATOM)
        unsupported(loc, "an array of functions");
    return v;
}

/* ---- emitting statements ---- */

static const char *fresh(I *in, const char *base) {
    if (!base || !*base)
        base = "t";
    size_t n = strlen(base);
    /* strip a previous _N suffix so that names stay short */
    const char *u = strrchr(base, '_');
    if (u && u[1]) {
        const char *d = u + 1;
        while (*d >= '0' && *d <= '9')
            d++;
        if (!*d)
            n = (size_t)(u - base);
    }
    return intern(xsprintf("%.*s_%d", (int)n, base, ++in->counter));
}

static void declare(I *in, const char *name, CType t) {
    cscope_put(&in->tys, name, t);
    cscope_put(&in->vis, name, t);
}

static CType type_of(I *in, CAtom a) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType t;
    if (!cscope_get(&in->tys, a.var, &t))
        die("internalise: %s has no type", a.var);
    return t;
}

/* Dimensions that name variables not visible here become []. */
static CType clean(I *in, CType t) {
    CType r = ctype_copy(t);
    for (int i = 0; i < r.rank; i++)
        if (r.dims[i].kind == CDIM_VAR && !cscope_get(&in->vis, r.dims[i].var, NULL))
            r.dims[i] = cdim_any();
    return r;
}

/* Bind the results of e (types given, or from the typing rules) to fresh variables. */
static CAtomVec emit_typed(I *in, CExp *e, const CTypeVec *types, const char *base) {
    CParamVec pat = {0};
    CAtomVec out = {0};
    for (int i = 0; i < types->len; i++) {
        CParam p = {fresh(in, base), types->data[i]};
        p.type.unique = false;
        vec_push(&pat, p);
        vec_push(&out, catom_var(p.name));
    }
    cbody_let(in->cur, pat, e);
    for (int i = 0; i < pat.len; i++)
        declare(in, pat.data[i].name, pat.data[i].type);
    return out;
}

static CAtomVec emit(I *in, CExp *e, const char *base) {
    CTypeVec ts = {0};
    const char *err = cexp_types(e, cscope_lookup, &in->tys, &ts);
    if (err)
        die("internalise produced an ill-typed expression: %s", err);
    return emit_typed(in, e, &ts, base);
}

static CAtom emit1(I *in, CExp *e, const char *base) {
    CAtomVec v = emit(in, e, base);
    if (v.len != 1)
        die("emit1: %d results", v.len);
    return v.data[0];
}

static CExp *mk(CExpKind k, Loc loc, int n, const CAtom *args) {
    CExp *e = cexp_new(k, loc);
    for (int i = 0; i < n; i++)
        vec_push(&e->args, args[i]);
    return e;
}

static CAtom op(I *in, COp o, PrimType p, Loc loc, int n, ...) {
    CExp *e = cexp_new(CE_OP, loc);
    e->op = o;
    e->prim = p;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        vec_push(&e->args, va_arg(ap, CAtom));
    va_end(ap);
    return emit1(in, e, core_ops[o].name);
}

static CAtom convert(I *in, CAtom a, PrimType from, PrimType to, Loc loc) {
    if (from == to)
        return a;
    CExp *e = cexp_new(CE_OP, loc);
    e->op = COP_CONVERT;
    e->prim = from;
    e->prim2 = to;
    vec_push(&e->args, a);
    return emit1(in, e, "conv");
}

static CAtom i64c(int64_t v) { return catom_int(PRIM_I64, v); }

/* The extent of dimension k of an array atom. */
static CAtom dim_atom(I *in, CAtom arr, int k, Loc loc) {
    CType t = type_of(in, arr);
    if (k >= t.rank)
        die("dim_atom: rank");
    CDim d = t.dims[k];
    if (d.kind == CDIM_CONST)
        return i64c(d.value);
    if (d.kind == CDIM_VAR && cscope_get(&in->vis, d.var, NULL))
        return catom_var(d.var);
    CExp *e = cexp_new(CE_SIZE, loc);
    e->dim = k;
    vec_push(&e->args, arr);
    return emit1(in, e, "n");
}

/* An assert of c; msg shows the values vals[0..n), one %lld each (the sizes of a mismatch). */
static void emit_assert_showing(I *in, CAtom c, const char *msg, Loc loc, int n, const CAtom *vals) {
    if (c.kind == CA_CONST && c.ival)
        return;
    CExp *e = mk(CE_ASSERT, loc, 1, &c);
    for (int i = 0; i < n; i++)
        vec_push(&e->args, vals[i]);
    e->msg = msg;
    CParamVec none = {0};
    cbody_let(in->cur, none, e);
}

static void emit_assert(I *in, CAtom c, const char *msg, Loc loc) { emit_assert_showing(in, c, msg, loc, 0, NULL); }

/* A run-time check that two arrays have the same outer size, unless known statically. */
static void same_size(I *in, CAtom a, CAtom b, Loc loc) {
    CType ta = type_of(in, a), tb = type_of(in, b);
    if (cdim_eq(ta.dims[0], tb.dims[0]) && ta.dims[0].kind != CDIM_ANY)
        return;
    CAtom ns[2] = {dim_atom(in, a, 0, loc), dim_atom(in, b, 0, loc)};
    CAtom c = op(in, COP_EQ, PRIM_I64, loc, 2, ns[0], ns[1]);
    emit_assert_showing(in, c, "size mismatch: arrays of %lld and %lld elements", loc, 2, ns);
}

/* ---- source types ---- */

static CDim src_dim(Size *s, Env *env) {
    s = size_prune(s);
    if (s->kind == SIZE_CONST)
        return cdim_const(s->value);
    if (s->kind == SIZE_NAME) {
        IVal *v = env_find(env, s->name);
        if (v && v->kind == IV_ATOM && v->atom.kind == CA_VAR && v->type.rank == 0 &&
            v->type.prim == PRIM_I64)
            return cdim_var(v->atom.var);
        if (v && v->kind == IV_ATOM && v->atom.kind == CA_CONST)
            return cdim_const(v->atom.ival);
    }
    return cdim_any();
}

/* The leaf types of a source type under the given outer dimensions. */
/* The type a type parameter stands for in the function being inlined (see bind_tparams), or
 * NULL. */
static Type *tparam_type(Env *env, const char *name) {
    const char *key = intern(xsprintf("'%s", name));
    for (; env; env = env->next)
        if (env->name == key)
            return env->type;
    return NULL;
}

/* t with its type parameters (T_PARAM) replaced by what they stand for in env. */
static Type *src_type(Type *t, Env *env) {
    t = type_prune(t);
    if (t->kind == T_PARAM) {
        Type *b = tparam_type(env, t->name);
        return b ? b : t;
    }
    return t;
}

static void src_leaves(Type *t, Env *env, CDim *dims, int rank, CTypeVec *out, Loc loc) {
    t = src_type(t, env);
    switch (t->kind) {
    case T_PRIM: vec_push(out, ctype_array(t->prim, rank, dims)); return;
    case T_ARRAY: {
        CDim d2[64];
        if (rank >= 63)
            unsupported(loc, "an array of rank > 63");
        if (rank)
            memcpy(d2, dims, sizeof(CDim) * (size_t)rank);
        d2[rank] = src_dim(t->dim, env);
        src_leaves(t->elem, env, d2, rank + 1, out, loc);
        return;
    }
    case T_SUM: /* the constructor's index, then every constructor's payload */
        vec_push(out, ctype_array(PRIM_U8, rank, dims));
        /* fall through */
    case T_TUPLE:
    case T_RECORD:
        if (is_unit_type(t)) /* its placeholder */
            vec_push(out, ctype_array(PRIM_BOOL, rank, dims));
        for (int i = 0; i < t->elems.len; i++)
            src_leaves(t->elems.data[i], env, dims, rank, out, loc);
        return;
    default: unsupported(loc, "a value of function or polymorphic type here");
    }
}

typedef Vec(bool) BoolVec;

/* For each leaf of t (src_leaves' order), whether it is a unit's placeholder (units), and
 * whether it is part of a unique array, `*[]t` (uniques, when given; under: t is inside one). */
static void leaf_flags(Type *t, Env *env, bool under, BoolVec *units, BoolVec *uniques) {
    t = src_type(t, env);
    while (t->kind == T_ARRAY) {
        under = under || t->unique;
        t = src_type(t->elem, env);
    }
    int n = 0;
    if (t->kind == T_SUM) {
        vec_push(units, false); /* the constructor's index */
        n++;
    }
    if (t->kind != T_TUPLE && t->kind != T_RECORD && t->kind != T_SUM) {
        vec_push(units, false);
        n++;
    } else if (is_unit_type(t)) {
        vec_push(units, true);
        n++;
    }
    for (int i = 0; uniques && i < n; i++)
        vec_push(uniques, under);
    if (t->kind == T_TUPLE || t->kind == T_RECORD || t->kind == T_SUM)
        for (int i = 0; i < t->elems.len; i++)
            leaf_flags(t->elems.data[i], env, under, units, uniques);
}

static void unit_leaves(Type *t, Env *env, BoolVec *out) { leaf_flags(t, env, false, out, NULL); }

/* A value of source type t whose leaves are the given atoms (shape only from t); a unit is
 * one leaf, its placeholder (as src_leaves lists it). */
static IVal *src_shape(Type *t, Env *env, Loc loc) {
    t = src_type(t, env);
    while (t->kind == T_ARRAY)
        t = src_type(t->elem, env);
    if ((t->kind == T_TUPLE || t->kind == T_RECORD || t->kind == T_SUM) && !is_unit_type(t)) {
        int tag = t->kind == T_SUM; /* a sum type's value: its constructor's index first */
        IVal *v = iv_tuple(tag + t->elems.len);
        if (tag)
            v->elems[0] = iv_atom(catom_int(PRIM_I64, 0), ctype_prim(PRIM_I64));
        for (int i = 0; i < t->elems.len; i++)
            v->elems[tag + i] = src_shape(t->elems.data[i], env, loc);
        return v;
    }
    if (t->kind != T_PRIM && !is_unit_type(t))
        unsupported(loc, "a value of function or polymorphic type here");
    return iv_atom(catom_int(PRIM_I64, 0), ctype_prim(PRIM_I64));
}

/* Fresh variables (declared) shaped like tmpl, with the given types. */
static IVal *fresh_like(I *in, IVal *tmpl, const CTypeVec *types, const char *base, CParamVec *params) {
    CAtomVec atoms = {0};
    for (int i = 0; i < types->len; i++) {
        CParam p = {fresh(in, base), types->data[i]};
        p.type.unique = false;
        vec_push(&atoms, catom_var(p.name));
        declare(in, p.name, p.type);
        if (params)
            vec_push(params, p);
    }
    int pos = 0;
    return rebuild(tmpl, atoms.data, types->data, &pos);
}

/* ---- expressions ---- */

static IVal *ie(I *in, Env *env, Expr *e);
static IVal *apply(I *in, IVal *f, int n, IVal **args, Loc loc);

static CAtom ie_atom(I *in, Env *env, Expr *e) {
    IVal *v = ie(in, env, e);
    if (v->kind != IV_ATOM)
        unsupported(e->loc, "a non-scalar value here");
    return v->atom;
}

static PrimType prim_of_expr(Expr *e) {
    Type *t = type_prune(e->type);
    return t && t->kind == T_PRIM ? t->prim : PRIM_NONE;
}

static CAtom to_i64(I *in, CAtom a, Loc loc) {
    CType t = type_of(in, a);
    if (t.prim == PRIM_I64)
        return a;
    if (a.kind == CA_CONST && prim_is_int(a.prim))
        return i64c(a.ival);
    return convert(in, a, t.prim, PRIM_I64, loc);
}

static void bind_pat(I *in, Env **env, Pat *p, IVal *v) {
    switch (p->kind) {
    case P_ID: *env = env_bind(*env, p->name, v); return;
    case P_WILDCARD: return;
    case P_ASCRIBE: bind_pat(in, env, p->inner, v); return;
    case P_TUPLE:
        if (p->elems.len == 0) /* (): a unit's placeholder, nothing to bind */
            return;
        if (p->elems.len == 1 && v->kind != IV_TUPLE) {
            bind_pat(in, env, p->elems.data[0], v);
            return;
        }
        if (v->kind != IV_TUPLE || v->n != p->elems.len)
            die("tuple pattern does not match its value");
        for (int i = 0; i < p->elems.len; i++)
            bind_pat(in, env, p->elems.data[i], v->elems[i]);
        return;
    case P_RECORD: {
        if (p->elems.len == 0)
            return;
        if (v->kind != IV_TUPLE)
            die("record pattern does not match its value");
        Type *t = type_prune(p->type);
        for (int i = 0; i < p->elems.len; i++) {
            int k = type_field_index(t, p->fields.data[i]);
            if (k < 0 || k >= v->n)
                die("record pattern field");
            bind_pat(in, env, p->elems.data[i], v->elems[k]);
        }
        return;
    }
    case P_CONSTR: { /* the payload of p's constructor (the only one, or the one a case tests) */
        int k = type_ctor_index(src_type(p->type, *env), p->name);
        for (int i = 0; i < p->elems.len; i++)
            bind_pat(in, env, p->elems.data[i], v->elems[1 + k]->elems[i]);
        return;
    }
    case P_LITERAL: return;
    }
}

/* A core body built by f; returns the value of the source expression. */
typedef struct {
    CBody *saved;
    int mark;
} Sub;

static Sub sub_begin(I *in, CBody *b) {
    Sub s = {in->cur, cscope_mark(&in->vis)};
    in->cur = b;
    return s;
}

static void sub_end(I *in, Sub s) {
    in->cur = s.saved;
    cscope_pop(&in->vis, s.mark);
}

/* Lambda from a closure applied to nparts values shaped like tmpls[i] with leaf types
 * types[i]; *res receives the result shape (leaves typed as the lambda's return types). */
static CLambda *mk_lambda(I *in, IVal *f, int nparts, IVal **tmpls, CTypeVec *types, IVal **res,
                          Loc loc) {
    CLambda *lam = clambda_new();
    lam->body = cbody_new();
    Sub s = sub_begin(in, lam->body);
    IVal *args[8];
    if (nparts > 8)
        die("mk_lambda: too many parts");
    for (int i = 0; i < nparts; i++)
        args[i] = fresh_like(in, tmpls[i], &types[i], "x", &lam->params);
    IVal *r = apply(in, f, nparts, args, loc);
    CTypeVec rt = {0};
    flat(r, &lam->body->result, &rt, loc);
    sub_end(in, s);
    for (int i = 0; i < rt.len; i++)
        vec_push(&lam->ret, clean(in, rt.data[i]));
    int pos = 0;
    *res = rebuild(r, lam->body->result.data, lam->ret.data, &pos);
    return lam;
}

/* The identity lambda on the elements of arrays. */
static CLambda *id_lambda(I *in, const CTypeVec *elems) {
    CLambda *lam = clambda_new();
    lam->body = cbody_new();
    for (int i = 0; i < elems->len; i++) {
        CParam p = {fresh(in, "x"), ctype_copy(elems->data[i])};
        vec_push(&lam->params, p);
        declare(in, p.name, p.type);
        vec_push(&lam->body->result, catom_var(p.name));
        vec_push(&lam->ret, p.type);
    }
    return lam;
}

/* The leaf types of the elements of an array value, and its shape. */
static void elems_of(I *in, IVal *arr, CAtomVec *atoms, CTypeVec *elem_types, Loc loc) {
    CTypeVec ts = {0};
    flat(arr, atoms, &ts, loc);
    for (int i = 0; i < ts.len; i++) {
        if (ts.data[i].rank < 1)
            unsupported(loc, "a SOAC over a non-array");
        vec_push(elem_types, clean(in, ctype_elem(ts.data[i])));
    }
}

static CAtom width_of(I *in, IVal *arr, Loc loc) {
    return dim_atom(in, first_leaf(arr, loc)->atom, 0, loc);
}

static IVal *values_from(I *in, IVal *tmpl, CAtomVec atoms) {
    CTypeVec ts = {0};
    for (int i = 0; i < atoms.len; i++)
        vec_push(&ts, type_of(in, atoms.data[i]));
    int pos = 0;
    return rebuild(tmpl, atoms.data, ts.data, &pos);
}

/* Arrays of a map's results, shaped like the lambda's result shape res. */
static IVal *soac_map(I *in, IVal *f, int narr, IVal **arrs, Loc loc) {
    CAtom w = width_of(in, arrs[0], loc);
    CExp *e = mk(CE_SCREMA, loc, 1, &w);
    CTypeVec types[8] = {{0}};
    for (int i = 0; i < narr; i++) {
        elems_of(in, arrs[i], &e->arrays, &types[i], loc);
        if (i)
            same_size(in, first_leaf(arrs[0], loc)->atom, first_leaf(arrs[i], loc)->atom, loc);
    }
    IVal *res;
    e->lam = mk_lambda(in, f, narr, arrs, types, &res, loc);
    return values_from(in, res, emit(in, e, "map"));
}

static IVal *intrinsic(I *in, Decl *d, IVal **a, Loc loc);

/* The sizes a call's parameter (and return) type expressions name, as the interpreter's
 * check_texp finds them: the first occurrence of a size parameter binds it; a later one, a name
 * bound outside (a value parameter n in xs: [n]i32) and a constant become run-time checks. */
#define MAX_CALL_SIZES 32
typedef struct {
    const TypeParamVec *tps; /* the callee's size parameters (or a let's sizes), or NULL */
    NameVec exist;           /* the sizes of enclosing ?[k]. quantifiers: fresh as well */
    int n;
    const char *names[MAX_CALL_SIZES];
    CAtom vals[MAX_CALL_SIZES];
    /* the values of the parameters typed by a bare type parameter t: a later one must have
     * the first one's array sizes (pair 't (x: t) (y: t) called with arrays of 1 and 2) */
    int ntyped;
    const char *tnames[MAX_CALL_SIZES];
    IVal *tvals[MAX_CALL_SIZES];
    /* size expressions ([n*2]) are checked once every size of the binding is known: the
     * expressions, the arrays and dimensions they must equal, where */
    int ndeferred;
    Expr *dexprs[MAX_CALL_SIZES];
    CAtom darrs[MAX_CALL_SIZES];
    int ddepths[MAX_CALL_SIZES];
    Loc dlocs[MAX_CALL_SIZES];
} CallSizes;

/* A size the type binds afresh at its first occurrence (rather than one bound outside). */
static bool is_fresh_size(const CallSizes *sc, const char *name) {
    if (sc->tps)
        for (int i = 0; i < sc->tps->len; i++)
            if (sc->tps->data[i].is_size && sc->tps->data[i].name == name)
                return true;
    for (int i = 0; i < sc->exist.len; i++)
        if (sc->exist.data[i] == name)
            return true;
    return false;
}

/* An assert that dimension depth of arr is want, unless that is known statically.  An inner
 * dimension of an empty array is not checked (its rows' shape is not known everywhere, as in
 * the interpreter).  msg shows the two sizes (two %lld): the array's first when have_first,
 * else the wanted one first. */
static void check_dim_is(I *in, CAtom arr, int depth, CAtom want, const char *msg, bool have_first, Loc loc) {
    CDim have = type_of(in, arr).dims[depth], w = cdim_of_atom(want);
    if (have.kind != CDIM_ANY && cdim_eq(have, w))
        return;
    CAtom n = dim_atom(in, arr, depth, loc);
    if (n.kind == CA_CONST && want.kind == CA_CONST && n.ival == want.ival)
        return;
    CAtom ok = op(in, COP_EQ, PRIM_I64, loc, 2, n, want);
    for (int k = 0; k < depth; k++)
        ok = op(in, COP_OR, PRIM_BOOL, loc, 2, ok, op(in, COP_EQ, PRIM_I64, loc, 2, dim_atom(in, arr, k, loc), i64c(0)));
    CAtom shown[2] = {have_first ? n : want, have_first ? want : n};
    emit_assert_showing(in, ok, in->entry_args ? xsprintf("%s%s", msg, ENTRY_SIZES_NOTE) : msg, loc, 2, shown);
}

static void call_size(I *in, CallSizes *sc, Env *env, const char *name, CAtom arr, int depth, Loc loc) {
    for (int i = 0; i < sc->n; i++)
        if (sc->names[i] == name) {
            check_dim_is(in, arr, depth, sc->vals[i],
                         xsprintf("size mismatch: size %s is %%lld here, but %%lld elsewhere", name), true, loc);
            return;
        }
    if (!is_fresh_size(sc, name)) {
        IVal *s = env_find(env, name);
        if (s && s->kind == IV_ATOM && s->type.rank == 0 && prim_is_int(s->type.prim)) {
            check_dim_is(in, arr, depth, to_i64(in, s->atom, loc),
                         xsprintf("size mismatch: expected size %s = %%lld, got an array of %%lld elements", name),
                         false, loc);
            return;
        }
    }
    if (sc->n == MAX_CALL_SIZES)
        unsupported(loc, "so many sizes in one call");
    sc->names[sc->n] = name;
    sc->vals[sc->n++] = dim_atom(in, arr, depth, loc);
}

/* b has a's outer array sizes, leaf by leaf.  Inner ones are left alone: an inner [] may be
 * jagged here, and the interpreter cannot tell (src/interp/eval.c same_shapes, the same rule). */
static void same_shapes(I *in, const char *name, IVal *a, IVal *b, Loc loc) {
    if (a->kind == IV_TUPLE && b->kind == IV_TUPLE && a->n == b->n) {
        for (int i = 0; i < a->n; i++)
            same_shapes(in, name, a->elems[i], b->elems[i], loc);
        return;
    }
    if (a->kind == IV_ATOM && b->kind == IV_ATOM && a->type.rank > 0 && b->type.rank > 0)
        check_dim_is(in, b->atom, 0, dim_atom(in, a->atom, 0, loc),
                     xsprintf("size mismatch: two arguments of type %s have %%lld and %%lld elements", name),
                     false, loc);
}

/* A parameter typed by a bare type parameter: the first binds its shape, a later one is checked. */
static void call_type_param(I *in, CallSizes *sc, const char *name, IVal *v, Loc loc) {
    for (int i = 0; i < sc->ntyped; i++)
        if (sc->tnames[i] == name) {
            same_shapes(in, name, sc->tvals[i], v, loc);
            return;
        }
    if (sc->ntyped < MAX_CALL_SIZES) {
        sc->tnames[sc->ntyped] = name;
        sc->tvals[sc->ntyped++] = v;
    }
}

/* The value of a size expression [n*m], in env with the sizes bound so far. */
static CAtom size_expr_value(I *in, CallSizes *sc, Env *env, Expr *e, Loc loc) {
    for (int i = 0; i < sc->n; i++)
        env = env_bind(env, sc->names[i], iv_atom(sc->vals[i], ctype_prim(PRIM_I64)));
    return to_i64(in, ie_atom(in, env, e), loc);
}

/* The position of a record type expression's field i in its value: fields sorted by name, as
 * the checker's record types are (src/types/types.c type_record). */
static int record_field_position(const TypeExp *t, int i) {
    int k = 0;
    for (int j = 0; j < t->fields.len; j++)
        k += strcmp(t->fields.data[j], t->fields.data[i]) < 0;
    return k;
}

static void call_sizes_texp(I *in, CallSizes *sc, Env *env, TypeExp *t, IVal *v, int depth, Loc loc) {
    if (!t || !v || v->kind == IV_FUN)
        return;
    if (t->expanded) {
        call_sizes_texp(in, sc, env, t->expanded, v, depth, loc);
        return;
    }
    switch (t->kind) {
    case TE_UNIQUE: call_sizes_texp(in, sc, env, t->elem, v, depth, loc); return;
    case TE_EXIST: { /* ?[k].t: k is bound afresh here, and only here */
        int n = sc->exist.len;
        for (int i = 0; i < t->fields.len; i++)
            vec_push(&sc->exist, t->fields.data[i]);
        call_sizes_texp(in, sc, env, t->elem, v, depth, loc);
        sc->exist.len = n;
        int kept = 0;
        for (int i = 0; i < sc->n; i++) {
            bool bound_here = false;
            for (int j = 0; j < t->fields.len; j++)
                bound_here |= sc->names[i] == t->fields.data[j];
            if (!bound_here) {
                sc->names[kept] = sc->names[i];
                sc->vals[kept++] = sc->vals[i];
            }
        }
        sc->n = kept;
        return;
    }
    case TE_ARRAY: {
        IVal *leaf = first_leaf(v, loc);
        if (!leaf || leaf->kind != IV_ATOM || leaf->type.rank <= depth)
            return;
        if (t->dim.kind == DIM_CONST)
            check_dim_is(in, leaf->atom, depth, i64c(t->dim.value),
                         "size mismatch: expected an array of %lld elements, got %lld", false, loc);
        else if (t->dim.kind == DIM_NAME)
            call_size(in, sc, env, t->dim.name, leaf->atom, depth, loc);
        else if (t->dim.kind == DIM_EXPR) {
            if (sc->ndeferred == MAX_CALL_SIZES)
                unsupported(loc, "so many size expressions in one binding");
            sc->dexprs[sc->ndeferred] = t->dim.expr;
            sc->darrs[sc->ndeferred] = leaf->atom;
            sc->ddepths[sc->ndeferred] = depth;
            sc->dlocs[sc->ndeferred++] = loc;
        }
        call_sizes_texp(in, sc, env, t->elem, v, depth + 1, loc);
        return;
    }
    case TE_TUPLE:
        if (v->kind == IV_TUPLE && v->n == t->elems.len)
            for (int i = 0; i < t->elems.len; i++)
                call_sizes_texp(in, sc, env, t->elems.data[i], v->elems[i], depth, loc);
        return;
    case TE_RECORD:
        if (v->kind == IV_TUPLE && v->n == t->elems.len)
            for (int i = 0; i < t->elems.len; i++)
                call_sizes_texp(in, sc, env, t->elems.data[i], v->elems[record_field_position(t, i)], depth, loc);
        return;
    case TE_NAME:
        if (depth == 0 && ast_plain_type_param(sc->tps, t))
            call_type_param(in, sc, t->name, v, loc);
        return;
    default: return;
    }
}

static void call_sizes_pat(I *in, CallSizes *sc, Env *env, Pat *p, IVal *v, Loc loc) {
    if (p->kind == P_ASCRIBE) {
        call_sizes_texp(in, sc, env, p->texp, v, 0, loc);
        call_sizes_pat(in, sc, env, p->inner, v, loc);
    } else if (p->kind == P_TUPLE && p->elems.len == 1 && v->kind != IV_TUPLE) {
        call_sizes_pat(in, sc, env, p->elems.data[0], v, loc);
    } else if (p->kind == P_TUPLE && v->kind == IV_TUPLE && v->n == p->elems.len) {
        for (int i = 0; i < p->elems.len; i++)
            call_sizes_pat(in, sc, env, p->elems.data[i], v->elems[i], loc);
    } else if (p->kind == P_RECORD && v->kind == IV_TUPLE) {
        for (int i = 0; i < p->elems.len; i++) {
            int k = type_field_index(type_prune(p->type), p->fields.data[i]);
            if (k >= 0 && k < v->n)
                call_sizes_pat(in, sc, env, p->elems.data[i], v->elems[k], loc);
        }
    }
}

/* The size expressions call_sizes_texp deferred, now that the binding's sizes are known. */
static void check_deferred(I *in, CallSizes *sc, Env *env) {
    for (int i = 0; i < sc->ndeferred; i++)
        check_dim_is(in, sc->darrs[i], sc->ddepths[i], size_expr_value(in, sc, env, sc->dexprs[i], sc->dlocs[i]),
                     "size mismatch: expected an array of %lld elements, got %lld", false, sc->dlocs[i]);
    sc->ndeferred = 0;
}

/* Bind the sizes sc found (they are in scope of the body that follows). */
static Env *bind_call_sizes(I *in, CallSizes *sc, Env *env) {
    check_deferred(in, sc, env);
    for (int i = 0; i < sc->n; i++)
        env = env_bind(env, sc->names[i], iv_atom(sc->vals[i], ctype_prim(PRIM_I64)));
    return env;
}

/* The size parameters a call gives that no parameter's array does (unflatten's n and m), into
 * sc: the use inferred them (sizes, per size parameter; NULL where unknown). */
static void preset_sizes(CallSizes *sc, const PatVec *params, const TypeParamVec *tps, IVal **sizes) {
    for (int i = 0, k = 0; sizes && tps && i < tps->len; i++) {
        if (!tps->data[i].is_size)
            continue;
        const char *name = tps->data[i].name;
        IVal *v = sizes[k];
        if (v && v->kind == IV_ATOM && !v->type.rank && prim_is_int(v->type.prim) &&
            !ast_size_bound_by_params(params, name) && sc->n < MAX_CALL_SIZES) {
            sc->names[sc->n] = name;
            sc->vals[sc->n++] = v->atom;
        }
        k++;
    }
}

/* Inline a function body with its parameters bound to args: the sizes its parameters name are
 * bound (and checked) at the call (loc), its result is checked against its return type ret. */
/* The source type of a value (its leaves' primitive types and their dimensions below the
 * outer `drop`), or NULL for a function. */
static Type *ival_type(IVal *v, int drop) {
    if (v->kind == IV_FUN)
        return NULL;
    if (v->kind == IV_TUPLE) {
        Type **es = xmalloc(sizeof *es * (size_t)(v->n + 1));
        for (int i = 0; i < v->n; i++)
            if (!(es[i] = ival_type(v->elems[i], drop)))
                return NULL;
        return type_tuple(v->n, es);
    }
    Type *t = type_prim(v->type.prim);
    for (int k = v->type.rank - 1; k >= drop; k--) {
        CDim d = v->type.dims[k];
        t = type_array(t, d.kind == CDIM_CONST ? size_const(d.value) : size_any());
    }
    return t;
}

/* Bind the type parameters that the parameter type pt mentions to what they stand for in the
 * argument v (under `depth` array dimensions): an empty array literal [] of type []t inside a
 * polymorphic function needs t's shape. */
static Env *bind_tparams(Env *env, Type *pt, IVal *v, int depth) {
    pt = type_prune(pt);
    if (!pt || !v)
        return env;
    switch (pt->kind) {
    case T_PARAM: {
        const char *key = intern(xsprintf("'%s", pt->name));
        Type *t = ival_type(v, depth);
        if (t) {
            env = env_bind(env, key, NULL);
            env->type = t;
        }
        return env;
    }
    case T_ARRAY: return bind_tparams(env, pt->elem, v, depth + 1);
    case T_TUPLE:
    case T_RECORD:
        if (v->kind == IV_TUPLE && v->n == pt->elems.len)
            for (int i = 0; i < v->n; i++)
                env = bind_tparams(env, pt->elems.data[i], v->elems[i], depth);
        return env;
    default: return env;
    }
}

static IVal *fill_empty_rows(I *in, Env *env, TypeExp *t, IVal *v, Loc loc);

static IVal *inline_body(I *in, Env *env, const PatVec *params, const TypeParamVec *tps, TypeExp *ret,
                         Expr *body, IVal **args, IVal **sizes, Loc loc) {
    CallSizes sc = {.tps = tps};
    preset_sizes(&sc, params, tps, sizes);
    Loc cl = L(in, loc);
    for (int i = 0; i < params->len; i++) {
        call_sizes_pat(in, &sc, env, params->data[i], args[i], cl);
        env = bind_tparams(env, params->data[i]->type, args[i], 0);
        bind_pat(in, &env, params->data[i], args[i]);
    }
    env = bind_call_sizes(in, &sc, env);
    IVal *r = ie(in, env, body);
    if (ret) {
        sc.tps = NULL;
        call_sizes_texp(in, &sc, env, ret, r, 0, L(in, ret->loc));
        check_deferred(in, &sc, env);
        r = fill_empty_rows(in, env, ret, r, L(in, ret->loc));
    }
    return r;
}

static IVal *binop(I *in, BinOp o, IVal *a, IVal *b, Type *lt, Loc loc);
static IVal *index_value(I *in, Env *env, IVal *arr, DimIndexVec *idx, Loc loc);

static IVal *project(IVal *v, Type *t, const char *field, Loc loc) {
    t = type_prune(t);
    int k = type_field_index(t, field);
    if (k < 0 || v->kind != IV_TUPLE || k >= v->n)
        unsupported(loc, "this projection");
    return v->elems[k];
}

static IVal *call_section(I *in, Clo *c, IVal **args, Loc loc) {
    Expr *e = c->e;
    switch (e->section) {
    case SEC_OP: return binop(in, e->op, args[0], args[1], type_prune(e->type)->param, loc);
    case SEC_LEFT: return binop(in, e->op, c->extra, args[0], e->lhs->type, loc);
    case SEC_RIGHT: return binop(in, e->op, args[0], c->extra, type_prune(e->type)->param, loc);
    case SEC_FIELD: {
        IVal *v = args[0];
        Type *t = type_prune(e->type)->param;
        for (int i = 0; i < e->fields.len; i++) {
            v = project(v, t, e->fields.data[i], loc);
            t = type_prune(t);
            int k = type_field_index(t, e->fields.data[i]);
            t = t->elems.data[k];
        }
        return v;
    }
    case SEC_INDEX: return index_value(in, c->env, args[0], &e->idx, loc);
    case SEC_FUN: {
        IVal *two[2];
        if (e->lhs) {
            two[0] = c->extra;
            two[1] = args[0];
        } else if (e->rhs) {
            two[0] = args[0];
            two[1] = c->extra;
        } else {
            two[0] = args[0];
            two[1] = args[1];
        }
        return apply(in, c->fn, 2, two, loc);
    }
    }
    die("bad section");
}

/* ---- recursive definitions: core functions ----
 * Inlining terminates unless a definition's body calls it again: through the frames of the
 * code making the call (not those of functions it was passed to: map's body runs a lambda
 * that calls map without recursion).  When a call finds its definition among those frames, the
 * definitions of the cycle become core functions (the first-order ones, or all when none is)
 * and the internalisation starts again; their calls are then CE_APPLY of one function per
 * definition and argument shape (a polymorphic definition used at two types is two functions;
 * a function argument is specialised on: the body applies that very closure, and the caller's
 * variables it reads become parameters), everything else is inlined as before. */
enum { MAX_INLINE_DEPTH = 10000 };

static bool first_order(Decl *d) {
    for (int i = 0; i < d->params.len; i++)
        if (type_has_arrow(d->params.data[i]->type))
            return false;
    return true;
}

static bool is_recursive(I *in, Decl *d) {
    for (int i = 0; i < in->rec->decls.len; i++)
        if (in->rec->decls.data[i] == d)
            return true;
    return false;
}

/* Before inlining d: when d is already being inlined in the frames of this call, the
 * first-order definitions of that cycle (or all of them, when none is) are marked recursive and
 * the internalisation starts again (core_internalise). */
static void check_recursion(I *in, Decl *d, Loc loc) {
    int depth = 0;
    for (Frame *f = in->frame; f; f = f->caller, depth++) {
        if (f->decl != d)
            continue;
        bool any_first_order = false;
        for (Frame *g = in->frame; g != f->caller; g = g->caller)
            any_first_order |= first_order(g->decl);
        for (Frame *g = in->frame; g != f->caller; g = g->caller)
            if ((first_order(g->decl) || !any_first_order) && !is_recursive(in, g->decl))
                vec_push(&in->rec->decls, g->decl);
        longjmp(in->rec->again, 1);
    }
    if (depth > MAX_INLINE_DEPTH)
        error_at(L(in, loc), "calls nested more than %d deep: too deep to inline", MAX_INLINE_DEPTH);
}

/* The specialisation of a call's arguments: their shapes and leaf types (ranks, and which inner
 * dimensions may be jagged; not sizes). */
static void shape_key(StrBuf *sb, IVal *v) {
    switch (v->kind) {
    case IV_ATOM: /* [][]i32 with its inner dimensions jagged or not: [][?]i32 */
        for (int k = 0; k < v->type.rank; k++)
            sb_puts(sb, k && v->type.dims[k].kind == CDIM_ANY ? "[?]" : "[]");
        sb_printf(sb, "%s,", prim_name(v->type.prim));
        return;
    case IV_TUPLE:
        sb_putc(sb, '(');
        for (int i = 0; i < v->n; i++)
            shape_key(sb, v->elems[i]);
        sb_putc(sb, ')');
        return;
    case IV_FUN: /* the very closure (a definition: the definition), passed on by the recursive calls */
        if (v->fun->kind == CL_DECL && !v->fun->sizes)
            sb_printf(sb, "D%p,", (void *)v->fun->decl);
        else
            sb_printf(sb, "F%p,", (void *)v->fun);
        return;
    }
}

/* The size parameters and parameters of a core function, as the caller's atoms: each size is
 * the extent of an argument's dimension, each scalar parameter the argument itself. */
static void callee_names(I *in, CFun *f, const CAtomVec *args, OMap *out, Loc loc) {
    for (int i = 0; i < f->params.len; i++) {
        CType t = f->params.data[i].type;
        CAtom *a = xmalloc(sizeof *a);
        *a = args->data[i];
        omap_put(out, f->params.data[i].name, a);
        for (int k = 0; k < t.rank; k++)
            if (t.dims[k].kind == CDIM_VAR && !omap_has(out, t.dims[k].var)) {
                CAtom *n = xmalloc(sizeof *n);
                *n = dim_atom(in, args->data[i], k, loc);
                omap_put(out, t.dims[k].var, n);
            }
    }
}

static IVal *inline_body(I *in, Env *env, const PatVec *params, const TypeParamVec *tps, TypeExp *ret,
                         Expr *body, IVal **args, IVal **sizes, Loc loc);
static const char *pat_base(Pat *p);

/* The type of a parameter of f for an argument of type t: each dimension a new size parameter
 * (but for inner ones that may be jagged: passed as their parts). */
static CType param_type(I *in, CFun *f, CType t) {
    t = ctype_copy(t);
    t.unique = false;
    for (int k = 0; k < t.rank; k++) {
        if (k && t.dims[k].kind == CDIM_ANY)
            continue;
        const char *n = fresh(in, "d");
        vec_push(&f->sizes, n);
        declare(in, n, ctype_prim(PRIM_I64));
        t.dims[k] = cdim_var(n);
    }
    return t;
}

/* The parameters of function f for d's parameters given args: every dimension a size parameter
 * of its own (but for inner ones that may be jagged), a unique array parameter (*[]t) unique;
 * a function argument is no parameter: the function is specialised on that closure. */
static IVal **rec_params(I *in, CFun *f, Decl *d, IVal **args, Loc loc) {
    IVal **params = xmalloc(sizeof *params * (size_t)(d->params.len + 1));
    for (int i = 0; i < d->params.len; i++) {
        if (args[i]->kind == IV_FUN) { /* specialised on: no core parameter */
            params[i] = args[i];
            continue;
        }
        CAtomVec atoms = {0};
        CTypeVec types = {0};
        flat(args[i], &atoms, &types, loc);
        for (int j = 0; j < types.len; j++)
            types.data[j] = param_type(in, f, types.data[j]);
        int first = f->params.len;
        params[i] = fresh_like(in, args[i], &types, pat_base(d->params.data[i]), &f->params);
        Type *pt = type_prune(d->params.data[i]->type);
        if (pt && pt->kind == T_ARRAY && pt->unique && f->params.len == first + 1)
            f->params.data[first].type.unique = true;
    }
    return params;
}

/* Whether name is a parameter or size parameter of f (what its return types may name). */
static bool names_param(const CFun *f, const char *name) {
    for (int i = 0; i < f->sizes.len; i++)
        if (f->sizes.data[i] == name)
            return true;
    for (int i = 0; i < f->params.len; i++)
        if (f->params.data[i].name == name)
            return true;
    return false;
}

/* f's return types (into f->ret) and their shape: d's return type under the sizes and type
 * parameters that its parameters (params) give, a size that is no parameter's being []. */
static IVal *rec_ret(I *in, CFun *f, Decl *d, IVal **params) {
    CallSizes sc = {.tps = &d->tparams};
    Env *env = NULL;
    for (int i = 0; i < d->params.len; i++) {
        call_sizes_pat(in, &sc, env, d->params.data[i], params[i], d->loc);
        env = bind_tparams(env, d->params.data[i]->type, params[i], 0);
        bind_pat(in, &env, d->params.data[i], params[i]);
    }
    env = bind_call_sizes(in, &sc, env);
    Type *rt = d->type;
    for (int i = 0; i < d->params.len; i++)
        rt = type_prune(rt)->ret;
    src_leaves(rt, env, NULL, 0, &f->ret, d->loc);
    for (int i = 0; i < f->ret.len; i++)
        for (int k = 0; k < f->ret.data[i].rank; k++)
            if (f->ret.data[i].dims[k].kind == CDIM_VAR && !names_param(f, f->ret.data[i].dims[k].var))
                f->ret.data[i].dims[k] = cdim_any();
    return src_shape(rt, env, d->loc);
}

/* The body's results r as f's: of its return types, their sizes checked where the body does
 * not give them. */
static void rec_results(I *in, CFun *f, Decl *d, IVal *r) {
    CTypeVec types = {0};
    flat(r, &f->body->result, &types, d->loc);
    if (types.len != f->ret.len)
        die("rec_results: %s returns %d values, its type %d", d->name, types.len, f->ret.len);
    for (int i = 0; i < f->ret.len; i++) {
        CType want = f->ret.data[i];
        if (types.data[i].prim != want.prim || types.data[i].rank != want.rank)
            unsupported(d->loc, "a recursive function whose result's type differs from its declared one");
        for (int k = 0; k < want.rank; k++)
            if (want.dims[k].kind != CDIM_ANY)
                check_dim_is(in, f->body->result.data[i], k, cdim_atom(want.dims[k]),
                             "size mismatch: the result has %lld elements where its type says %lld", true,
                             d->ret ? d->ret->loc : d->loc);
    }
}

/* The variables f's body reads but does not bind: what its function arguments capture of the
 * caller's values (closure conversion: they become f's last parameters, under the same names). */
static CAtomVec free_vars(const CFun *f) {
    OMap uses = {0}, bound = {0};
    opt_count_body(f->body, &uses);
    for (int i = 0; i < f->params.len; i++)
        omap_put(&bound, f->params.data[i].name, (void *)1);
    for (int i = 0; i < f->sizes.len; i++)
        omap_put(&bound, f->sizes.data[i], (void *)1);
    for (int i = 0; i < f->body->stms.len; i++) {
        CStm *s = &f->body->stms.data[i];
        for (int k = 0; k < s->pat.len; k++)
            omap_put(&bound, s->pat.data[k].name, (void *)1);
        opt_bound_exp(s->exp, &bound);
    }
    CAtomVec out = {0};
    for (int i = 0; i < uses.cap; i++)
        if (uses.keys[i] && !omap_has(&bound, uses.keys[i]))
            vec_push(&out, catom_var(uses.keys[i]));
    return out;
}

/* Appends extra to the arguments of every call of fname in b. */
static void add_call_args(CBody *b, const char *fname, const CAtomVec *extra) {
    for (int i = 0; i < b->stms.len; i++) {
        CExp *e = b->stms.data[i].exp;
        if (e->kind == CE_APPLY && e->fname == fname)
            for (int k = 0; k < extra->len; k++)
                vec_push(&e->args, extra->data[k]);
        CBody **bs;
        int nb = cexp_bodies(e, &bs);
        for (int k = 0; k < nb; k++)
            add_call_args(bs[k], fname, extra);
        free(bs);
    }
}

/* The function of in->recfuns[self] complete: the variables of the caller its body reads become
 * its last parameters (each dimension a size parameter), and the calls made so far (in its body
 * and in the functions made while it was) pass them. */
static void capture(I *in, int self) {
    RecFun *rf = &in->recfuns.data[self];
    CFun *f = rf->fun;
    rf->captured = free_vars(f);
    for (int i = 0; i < rf->captured.len; i++) {
        const char *v = rf->captured.data[i].var;
        vec_push(&f->params, ((CParam){v, param_type(in, f, type_of(in, rf->captured.data[i]))}));
    }
    for (int i = self; i < in->recfuns.len; i++)
        add_call_args(in->recfuns.data[i].fun->body, f->name, &rf->captured);
    rf->done = true;
}

enum { MAX_SPECIALISATIONS = 32 };

/* The core function of recursive definition d applied to args, made on the first call of this
 * shape (rec_params, rec_ret), in a scope of its own. */
static RecFun *rec_function(I *in, Decl *d, IVal **args, Loc loc) {
    StrBuf key = {0};
    for (int i = 0; i < d->params.len; i++)
        shape_key(&key, args[i]);
    int made = 0;
    for (int i = 0; i < in->recfuns.len; i++) {
        if (in->recfuns.data[i].decl == d && !strcmp(in->recfuns.data[i].key, key.data))
            return &in->recfuns.data[i];
        made += in->recfuns.data[i].decl == d;
    }
    if (made == MAX_SPECIALISATIONS)
        error_at(loc, "the recursive function '%s' would be specialised more than %d times (a function "
                      "argument that changes from one call to the next?): not supported on compiled backends",
                 d->name, MAX_SPECIALISATIONS);
    CFun *f = cfun_new(fresh(in, d->name), d->loc);
    f->body = cbody_new();
    CBody *saved_cur = in->cur;
    CScope saved_vis = in->vis;
    Loc saved_call = in->call_loc;
    Frame *saved_frame = in->frame;
    in->cur = f->body;
    in->vis = (CScope){0};
    in->call_loc = (Loc){NULL, 0, 0};
    Frame *frame = xmalloc(sizeof *frame);
    frame->decl = d;
    frame->caller = NULL;
    in->frame = frame;
    IVal **params = rec_params(in, f, d, args, loc);
    IVal *shape = rec_ret(in, f, d, params);
    vec_push(&in->recfuns, ((RecFun){d, key.data, f, shape, false, {0}})); /* before the body: it may call f */
    int self = in->recfuns.len - 1;
    rec_results(in, f, d, inline_body(in, NULL, &d->params, &d->tparams, d->ret, d->body, params, NULL, d->loc));
    capture(in, self);
    in->cur = saved_cur;
    in->vis = saved_vis;
    in->call_loc = saved_call;
    in->frame = saved_frame;
    return &in->recfuns.data[self];
}

/* A call of recursive definition d: the sizes its parameters' types name are checked here, at
 * the call, then its function is applied. */
static IVal *rec_call(I *in, Decl *d, IVal **args, Loc loc) {
    if (d->tparams.len)
        for (int i = 0; i < d->tparams.len; i++)
            if (d->tparams.data[i].is_size && !ast_size_bound_by_params(&d->params, d->tparams.data[i].name))
                error_at(L(in, loc), "the recursive function '%s' has a size parameter %s that no parameter gives: "
                                     "not supported on compiled backends", d->name, d->tparams.data[i].name);
    CallSizes sc = {.tps = &d->tparams};
    Env *env = NULL;
    for (int i = 0; i < d->params.len; i++) {
        call_sizes_pat(in, &sc, env, d->params.data[i], args[i], L(in, loc));
        bind_pat(in, &env, d->params.data[i], args[i]);
    }
    bind_call_sizes(in, &sc, env);
    RecFun *rf = rec_function(in, d, args, L(in, loc));
    CFun *f = rf->fun;
    CExp *e = mk(CE_APPLY, L(in, loc), 0, NULL);
    e->fname = f->name;
    for (int i = 0; i < d->params.len; i++)
        if (args[i]->kind != IV_FUN)
            flat(args[i], &e->args, NULL, loc);
    for (int i = 0; rf->done && i < rf->captured.len; i++) { /* else capture() adds them */
        const char *tuning = omap_get(&in->tuning_vars, rf->captured.data[i].var);
        if (tuning) /* made for another entry point: this one reads the parameter too */
            tuning_read(in, tuning, L(in, loc));
        vec_push(&e->args, rf->captured.data[i]);
    }
    OMap names = {0};
    callee_names(in, f, &e->args, &names, L(in, loc));
    CTypeVec rt = {0};
    for (int i = 0; i < f->ret.len; i++) {
        CType t = ctype_copy(f->ret.data[i]);
        for (int k = 0; k < t.rank; k++) {
            CAtom *a = t.dims[k].kind == CDIM_VAR ? omap_get(&names, t.dims[k].var) : NULL;
            if (t.dims[k].kind == CDIM_VAR)
                t.dims[k] = a ? cdim_of_atom(*a) : cdim_any();
        }
        vec_push(&rt, t);
    }
    CAtomVec res = emit_typed(in, e, &rt, d->name);
    int pos = 0;
    return rebuild(rf->ret, res.data, rt.data, &pos);
}

static IVal *apply_closure(I *in, IVal *f, int n, IVal **args, Loc loc);
static IVal *hole_value(I *in, Env *env, Type *t, Loc loc);

/* Apply f in the frame of the code that made it. */
static IVal *apply(I *in, IVal *f, int n, IVal **args, Loc loc) {
    if (f->kind != IV_FUN)
        die("apply of a non-function");
    Frame *saved = in->frame;
    in->frame = f->fun->frame;
    IVal *r = apply_closure(in, f, n, args, loc);
    in->frame = saved;
    return r;
}

static IVal *apply_closure(I *in, IVal *f, int n, IVal **args, Loc loc) {
    Clo *c = f->fun;
    if (n < c->arity) {
        Clo *p = clo_new(in, CL_PARTIAL, c->arity - n);
        p->fn = f;
        p->args = args;
        p->nargs = n;
        return iv_fun(p);
    }
    if (n > c->arity) {
        IVal *g = apply(in, f, c->arity, args, loc);
        return apply(in, g, n - c->arity, args + c->arity, loc);
    }
    switch (c->kind) {
    case CL_PARTIAL: {
        IVal **all = xmalloc(sizeof(IVal *) * (size_t)(c->nargs + n));
        if (c->nargs)
            memcpy(all, c->args, sizeof(IVal *) * (size_t)c->nargs);
        if (n)
            memcpy(all + c->nargs, args, sizeof(IVal *) * (size_t)n);
        return apply(in, c->fn, c->nargs + n, all, loc);
    }
    case CL_COMPOSE: {
        IVal *x = apply(in, c->fn, 1, args, loc);
        return apply(in, c->fn2, 1, &x, loc);
    }
    case CL_SECTION: return call_section(in, c, args, loc);
    case CL_HOLE: return hole_value(in, c->env, c->type->ret, loc);
    case CL_LAMBDA:
    case CL_LETFUN: {
        Loc saved = enter_code(in, c->e->loc, loc);
        IVal *r = c->kind == CL_LAMBDA
                      ? inline_body(in, c->env, &c->e->params, NULL, c->e->texp, c->e->body, args, NULL, loc)
                      : inline_body(in, c->env, &c->e->params, &c->e->tparams, c->e->texp, c->e->lhs, args,
                                    c->sizes, loc);
        in->call_loc = saved;
        return r;
    }
    case CL_DECL: {
        Decl *d = c->decl;
        if (is_recursive(in, d))
            return rec_call(in, d, args, loc);
        check_recursion(in, d, loc);
        Frame *frame = xmalloc(sizeof *frame);
        frame->decl = d;
        frame->caller = in->frame;
        in->frame = frame;
        Loc saved = enter_code(in, d->loc, loc);
        IVal *r;
        Expr *b = d->body;
        if (b && b->kind == E_VAR && b->qual && !strcmp(b->qual, "intrinsics"))
            r = intrinsic(in, d, args, L(in, loc));
        else
            r = inline_body(in, c->env, &d->params, &d->tparams, d->ret, b, args, c->sizes, loc);
        in->call_loc = saved;
        in->frame = frame->caller;
        return r;
    }
    }
    die("bad closure");
}

/* ---- operators ---- */

static IVal *scalar(CAtom a, PrimType p) { return iv_atom(a, ctype_prim(p)); }

/* Structural equality of two values of the same type (scalars, tuples; not arrays yet). */
static CAtom equal(I *in, IVal *a, IVal *b, Loc loc) {
    if (a->kind == IV_TUPLE) {
        CAtom r = catom_bool(true);
        for (int i = 0; i < a->n; i++) {
            CAtom c = equal(in, a->elems[i], b->elems[i], loc);
            r = (r.kind == CA_CONST) ? c : op(in, COP_AND, PRIM_BOOL, loc, 2, r, c);
        }
        return r;
    }
    if (a->kind != IV_ATOM)
        unsupported(loc, "== on functions");
    if (a->type.rank == 0)
        return op(in, COP_EQ, a->type.prim, loc, 2, a->atom, b->atom);
    /* arrays: same length, and then all elements equal (recursively) */
    CAtom na = dim_atom(in, a->atom, 0, loc), nb = dim_atom(in, b->atom, 0, loc);
    CAtom same = op(in, COP_EQ, PRIM_I64, loc, 2, na, nb);
    CBody *tb = cbody_new(), *eb = cbody_new();
    vec_push(&eb->result, catom_bool(false));
    Sub s = sub_begin(in, tb);
    CExp *m = mk(CE_SCREMA, loc, 1, &na);
    vec_push(&m->arrays, a->atom);
    vec_push(&m->arrays, b->atom);
    CLambda *lam = clambda_new();
    lam->body = cbody_new();
    Sub s2 = sub_begin(in, lam->body);
    IVal *xy[2];
    for (int i = 0; i < 2; i++) {
        CParam p = {fresh(in, "x"), clean(in, ctype_elem((i ? b : a)->type))};
        declare(in, p.name, p.type);
        vec_push(&lam->params, p);
        xy[i] = iv_atom(catom_var(p.name), p.type);
    }
    vec_push(&lam->body->result, equal(in, xy[0], xy[1], loc));
    vec_push(&lam->ret, ctype_prim(PRIM_BOOL));
    sub_end(in, s2);
    m->lam = lam;
    CLambda *and = clambda_new();
    and->body = cbody_new();
    Sub s3 = sub_begin(in, and->body);
    CAtom pq[2];
    for (int i = 0; i < 2; i++) {
        CParam p = {fresh(in, "b"), ctype_prim(PRIM_BOOL)};
        declare(in, p.name, p.type);
        vec_push(&and->params, p);
        pq[i] = catom_var(p.name);
    }
    vec_push(&and->body->result, op(in, COP_AND, PRIM_BOOL, loc, 2, pq[0], pq[1]));
    vec_push(&and->ret, ctype_prim(PRIM_BOOL));
    sub_end(in, s3);
    COperator o = {and, {0}, true};
    vec_push(&o.nes, catom_bool(true));
    vec_push(&m->reds, o);
    vec_push(&tb->result, emit1(in, m, "alleq"));
    sub_end(in, s);
    CExp *x = mk(CE_IF, loc, 1, &same);
    x->body = tb;
    x->body2 = eb;
    CTypeVec ts = {0};
    vec_push(&ts, ctype_prim(PRIM_BOOL));
    return emit_typed(in, x, &ts, "eq").data[0];
}

static IVal *concat_values(I *in, IVal *a, IVal *b, Loc loc) {
    CAtomVec xa = {0}, xb = {0}, out = {0};
    flat(a, &xa, NULL, loc);
    flat(b, &xb, NULL, loc);
    for (int i = 0; i < xa.len; i++) {
        CAtom two[2] = {xa.data[i], xb.data[i]};
        vec_push(&out, emit1(in, mk(CE_CONCAT, loc, 2, two), "cat"));
    }
    return values_from(in, a, out);
}

static IVal *binop(I *in, BinOp o, IVal *a, IVal *b, Type *lt, Loc loc) {
    if (o == BIN_CONCAT)
        return concat_values(in, a, b, loc);
    if (o == BIN_COMPOSE_FWD || o == BIN_COMPOSE_BWD) {
        Clo *c = clo_new(in, CL_COMPOSE, 1);
        c->fn = o == BIN_COMPOSE_FWD ? a : b;
        c->fn2 = o == BIN_COMPOSE_FWD ? b : a;
        return iv_fun(c);
    }
    if (o == BIN_EQ || o == BIN_NEQ) {
        if (a->kind != IV_ATOM || a->type.rank) { /* tuples, arrays */
            CAtom r = equal(in, a, b, loc);
            if (o == BIN_NEQ)
                r = op(in, COP_NOT, PRIM_BOOL, loc, 1, r);
            return scalar(r, PRIM_BOOL);
        }
    }
    if (a->kind != IV_ATOM || b->kind != IV_ATOM || a->type.rank || b->type.rank)
        unsupported(loc, xsprintf("operator %s on non-scalars", binop_name(o)));
    PrimType p = a->type.prim;
    COp c = binop_scalar_op(o);
    if (c == COP_COUNT)
        unsupported(loc, xsprintf("operator %s", binop_name(o)));
    CAtom r = op(in, c, p, loc, 2, a->atom, b->atom);
    return scalar(r, scalar_result_type(c, p, PRIM_NONE));
}

/* ---- #[param(NAME)] e: a tuning parameter, e where the run does not set it ---- */

/* The NAME of #[param(NAME)] among e's attributes, or NULL. */
static const char *tuning_attr(Expr *e) {
    for (int i = 0; i < e->attrs.len; i++) {
        const Attr *a = e->attrs.data[i];
        if (!strcmp(a->name, "param") && a->args.len == 1)
            return a->args.data[0]->name;
    }
    return NULL;
}

/* The read of parameter name in the current entry point, made at its top on first use: a
 * run-time constant, which GPU kernels and parallel regions get as any value from outside, and
 * the functions of recursive definitions as captured arguments (capture), so that it is always
 * read on the host.  Its variables are named after the parameter (fresh names end in _N, these
 * do not), the same in every entry point, where a function made for one is called from another. */
static Tuning *tuning_read(I *in, const char *name, Loc loc) {
    Tuning *t = omap_get(&in->reads, name);
    if (t)
        return t;
    int k = 0;
    while (k < in->params.len && in->params.data[k].name != name)
        k++;
    if (k == in->params.len)
        vec_push(&in->params, ((CThreshold){name, 0, true}));
    CExp *x = cexp_new(CE_TUNING, loc);
    x->dim = k;
    x->msg = name;
    CParamVec pat = {0};
    vec_push(&pat, ((CParam){intern(xsprintf("tuning_set__%s", name)), ctype_prim(PRIM_BOOL)}));
    vec_push(&pat, ((CParam){intern(xsprintf("tuning__%s", name)), ctype_prim(PRIM_I64)}));
    CBody *top = in->top;
    cbody_let(top, pat, x); /* then moved first */
    CStm read = top->stms.data[top->stms.len - 1];
    memmove(top->stms.data + 1, top->stms.data, (size_t)(top->stms.len - 1) * sizeof *top->stms.data);
    top->stms.data[0] = read;
    t = xmalloc(sizeof *t);
    t->set = catom_var(pat.data[0].name);
    t->value = catom_var(pat.data[1].name);
    for (int i = 0; i < 2; i++) {
        cscope_put(&in->tys, pat.data[i].name, pat.data[i].type);
        omap_put(&in->tuning_vars, pat.data[i].name, (void *)name);
    }
    omap_put(&in->reads, name, t);
    return t;
}

/* #[param(NAME)] e, of an integer type: `if set then value else e`, the value converted to e's
 * type (src/interp/eval.c's tuning_param). */
static IVal *tuning_param(I *in, Env *env, Expr *e) {
    Type *ty = type_prune(src_type(e->lhs->type, env));
    PrimType p = ty && ty->kind == T_PRIM ? ty->prim : PRIM_NONE;
    if (!prim_is_int(p))
        error_at(L(in, e->loc), "#[param(%s)] on a value of type %s: a tuning parameter is an integer",
                 tuning_attr(e), type_str(ty));
    Tuning *t = tuning_read(in, tuning_attr(e), L(in, e->loc));
    CBody *tb = cbody_new(), *eb = cbody_new();
    Sub s = sub_begin(in, tb);
    vec_push(&tb->result, convert(in, t->value, PRIM_I64, p, e->loc));
    sub_end(in, s);
    s = sub_begin(in, eb);
    vec_push(&eb->result, ie_atom(in, env, e->lhs));
    sub_end(in, s);
    CExp *x = mk(CE_IF, e->loc, 1, &t->set);
    x->body = tb;
    x->body2 = eb;
    CTypeVec ts = {0};
    vec_push(&ts, ctype_prim(p));
    return scalar(emit_typed(in, x, &ts, tuning_attr(e)).data[0], p);
}

/* && and ||: the right operand is evaluated only when needed. */
static IVal *short_circuit(I *in, Env *env, Expr *e) {
    CAtom l = ie_atom(in, env, e->lhs);
    CBody *rb = cbody_new();
    Sub s = sub_begin(in, rb);
    CAtom r = ie_atom(in, env, e->rhs);
    vec_push(&rb->result, r);
    sub_end(in, s);
    COp o = e->op == BIN_AND ? COP_AND : COP_OR;
    if (rb->stms.len == 0)
        return scalar(op(in, o, PRIM_BOOL, e->loc, 2, l, r), PRIM_BOOL);
    CBody *other = cbody_new();
    vec_push(&other->result, catom_bool(e->op == BIN_OR));
    CExp *x = mk(CE_IF, e->loc, 1, &l);
    x->body = e->op == BIN_AND ? rb : other;
    x->body2 = e->op == BIN_AND ? other : rb;
    CTypeVec ts = {0};
    vec_push(&ts, ctype_prim(PRIM_BOOL));
    return scalar(emit_typed(in, x, &ts, "cond").data[0], PRIM_BOOL);
}

/* ---- indexing ---- */

/* The explicit core index list for a source index list on array a0. */
static CIndexVec slice_of(I *in, Env *env, CAtom a0, DimIndexVec *idx, Loc loc) {
    CIndexVec sl = {0};
    for (int k = 0; k < idx->len; k++) {
        DimIndex *d = &idx->data[k];
        CIndex ix = {0};
        if (!d->is_slice) {
            ix.start = to_i64(in, ie_atom(in, env, d->start), loc);
            vec_push(&sl, ix);
            continue;
        }
        ix.is_slice = true;
        ix.stride = d->stride ? to_i64(in, ie_atom(in, env, d->stride), loc) : i64c(1);
        CAtom st = d->start ? to_i64(in, ie_atom(in, env, d->start), loc) : (CAtom){0};
        CAtom en = d->end ? to_i64(in, ie_atom(in, env, d->end), loc) : (CAtom){0};
        if (!d->start || !d->end) {
            CAtom n = dim_atom(in, a0, k, loc);
            CAtom s0, e0; /* defaults for a positive and a negative stride */
            if (ix.stride.kind == CA_CONST && ix.stride.ival >= 0) {
                s0 = i64c(0);
                e0 = n;
            } else if (ix.stride.kind == CA_CONST) {
                s0 = op(in, COP_SUB, PRIM_I64, loc, 2, n, i64c(1));
                e0 = i64c(-1);
            } else {
                CAtom neg = op(in, COP_LT, PRIM_I64, loc, 2, ix.stride, i64c(0));
                CAtom last = op(in, COP_SUB, PRIM_I64, loc, 2, n, i64c(1));
                s0 = op(in, COP_SELECT, PRIM_I64, loc, 3, neg, last, i64c(0));
                e0 = op(in, COP_SELECT, PRIM_I64, loc, 3, neg, i64c(-1), n);
            }
            if (!d->start)
                st = s0;
            if (!d->end)
                en = e0;
        }
        ix.start = st;
        ix.end = en;
        vec_push(&sl, ix);
    }
    return sl;
}

static IVal *index_value(I *in, Env *env, IVal *arr, DimIndexVec *idx, Loc loc) {
    CIndexVec sl = slice_of(in, env, first_leaf(arr, loc)->atom, idx, loc);
    CAtomVec xs = {0}, out = {0};
    flat(arr, &xs, NULL, loc);
    for (int i = 0; i < xs.len; i++) {
        CExp *e = mk(CE_INDEX, loc, 1, &xs.data[i]);
        e->slice = sl;
        vec_push(&out, emit1(in, e, "ix"));
    }
    return values_from(in, arr, out);
}

static IVal *update_value(I *in, Env *env, Expr *e) {
    IVal *arr = ie(in, env, e->lhs);
    CIndexVec sl = slice_of(in, env, first_leaf(arr, e->loc)->atom, &e->idx, L(in, e->loc));
    CAtomVec xs = {0}, vs = {0}, out = {0};
    flat(arr, &xs, NULL, e->loc);
    IVal *v = ie(in, env, e->rhs);
    flat(v, &vs, NULL, e->loc);
    for (int i = 0; i < xs.len; i++) {
        CAtom two[2] = {xs.data[i], vs.data[i]};
        CExp *u = mk(CE_UPDATE, L(in, e->loc), 2, two);
        u->slice = sl;
        vec_push(&out, emit1(in, u, "upd"));
    }
    return values_from(in, arr, out);
}

/* ---- if, loops ---- */

/* One branch of an if or a match: its body, value and leaf types. */
typedef struct {
    CBody *body;
    IVal *val;
    CTypeVec types;
} Branch;

static Branch branch_of(I *in, Env *env, Expr *e) {
    Branch b = {cbody_new(), NULL, {0}};
    Sub s = sub_begin(in, b.body);
    b.val = ie(in, env, e);
    flat(b.val, &b.body->result, &b.types, e->loc);
    sub_end(in, s);
    return b;
}

/* if c then a else b: the sizes the branches disagree on are unknown. */
static IVal *emit_if(I *in, CAtom c, Branch *a, Branch *b, Loc loc) {
    CTypeVec ts = {0};
    for (int i = 0; i < a->types.len; i++) {
        CType t = clean(in, a->types.data[i]), u = clean(in, b->types.data[i]);
        for (int k = 0; k < t.rank; k++)
            if (!cdim_eq(t.dims[k], u.dims[k]))
                t.dims[k] = cdim_any();
        vec_push(&ts, t);
    }
    CExp *x = mk(CE_IF, loc, 1, &c);
    x->body = a->body;
    x->body2 = b->body;
    CAtomVec r = emit_typed(in, x, &ts, "r");
    int pos = 0;
    return rebuild(a->val, r.data, ts.data, &pos);
}

static IVal *if_value(I *in, Env *env, Expr *e) {
    CAtom c = ie_atom(in, env, e->cond);
    Branch a = branch_of(in, env, e->lhs), b = branch_of(in, env, e->rhs);
    return emit_if(in, c, &a, &b, e->loc);
}

/* ---- sum types: a value is a tuple of its constructor's index (u8) and every constructor's
 * payload (the others' blank), so that the backends see only tuples ---- */

/* The blank value of type t (zeros, arrays of zeros of t's sizes where known, else empty): the
 * payload of the constructors a sum type's value does not have. */
static IVal *blank_value(I *in, Env *env, Type *t, Loc loc) {
    CTypeVec leaves = {0};
    src_leaves(t, env, NULL, 0, &leaves, loc);
    CAtomVec atoms = {0};
    for (int i = 0; i < leaves.len; i++) {
        CType lt = leaves.data[i];
        CAtom x = prim_is_float(lt.prim) ? catom_float(lt.prim, 0) : catom_int(lt.prim, 0);
        for (int k = lt.rank - 1; k >= 0; k--) {
            CDim d = lt.dims[k];
            CAtom n = d.kind == CDIM_CONST ? i64c(d.value) : d.kind == CDIM_VAR ? catom_var(d.var) : i64c(0);
            CAtom two[2] = {n, x};
            x = emit1(in, mk(CE_REPLICATE, loc, 2, two), "blank");
        }
        vec_push(&atoms, x);
    }
    return values_from(in, src_shape(t, env, loc), atoms);
}

/* What a typed hole of type t stands for once its assertion has failed: blank values, or for a
 * function type a function that returns them (never run, but its uses must internalise). */
static IVal *hole_value(I *in, Env *env, Type *t, Loc loc) {
    t = src_type(t, env);
    if (t->kind != T_ARROW)
        return blank_value(in, env, t, loc);
    Clo *c = clo_new(in, CL_HOLE, 1);
    c->type = t;
    c->env = env;
    return iv_fun(c);
}

/* The payload of a constructor a sum value does not have: blank data, and for a function (a
 * lifted sum type's, `#foo (i32 -> i32)`) a hole that is never called (such a value comes from
 * no if or loop, as in Futhark, so its constructor is known here and a match takes its case). */
static IVal *absent_payload(I *in, Env *env, Type *t, Loc loc) {
    t = src_type(t, env);
    if (t->kind == T_ARROW)
        return hole_value(in, env, t, loc);
    if ((t->kind == T_TUPLE || t->kind == T_RECORD) && type_has_arrow(t)) {
        IVal *v = iv_tuple(t->elems.len);
        for (int i = 0; i < t->elems.len; i++)
            v->elems[i] = absent_payload(in, env, t->elems.data[i], loc);
        return v;
    }
    return blank_value(in, env, t, loc);
}

/* #c args of sum type t. */
static IVal *constr_value(I *in, Env *env, Expr *e) {
    Type *t = src_type(e->type, env);
    int k = type_ctor_index(t, e->name);
    if (k < 0)
        unsupported(e->loc, "a constructor of this type");
    IVal *v = iv_tuple(1 + t->elems.len);
    v->elems[0] = scalar(catom_int(PRIM_U8, k), PRIM_U8);
    for (int i = 0; i < t->elems.len; i++) {
        if (i != k) {
            v->elems[1 + i] = absent_payload(in, env, t->elems.data[i], e->loc);
            continue;
        }
        if (e->args.len == 0) { /* no payload: a unit, its placeholder */
            v->elems[1 + i] = unit_value();
            continue;
        }
        IVal *payload = iv_tuple(e->args.len);
        for (int j = 0; j < e->args.len; j++)
            payload->elems[j] = ie(in, env, e->args.data[j]);
        v->elems[1 + i] = payload;
    }
    return v;
}

static CAtom and_atoms(I *in, CAtom a, CAtom b, Loc loc) {
    if (a.kind == CA_CONST)
        return a.ival ? b : a;
    if (b.kind == CA_CONST)
        return b.ival ? a : b;
    return op(in, COP_AND, PRIM_BOOL, loc, 2, a, b);
}

static CAtom equal(I *in, IVal *a, IVal *b, Loc loc);

/* Whether v (of p's type) matches pattern p: a bool. */
static CAtom pat_test(I *in, Env *env, Pat *p, IVal *v, Loc loc) {
    switch (p->kind) {
    case P_ASCRIBE: return pat_test(in, env, p->inner, v, loc);
    case P_LITERAL: return equal(in, v, ie(in, env, p->lit), loc);
    case P_CONSTR: {
        int k = type_ctor_index(src_type(p->type, env), p->name);
        CAtom c = op(in, COP_EQ, PRIM_U8, loc, 2, v->elems[0]->atom, catom_int(PRIM_U8, k));
        for (int i = 0; i < p->elems.len; i++)
            c = and_atoms(in, c, pat_test(in, env, p->elems.data[i], v->elems[1 + k]->elems[i], loc), loc);
        return c;
    }
    case P_TUPLE:
    case P_RECORD: {
        if (p->kind == P_TUPLE && p->elems.len == 1 && v->kind != IV_TUPLE)
            return pat_test(in, env, p->elems.data[0], v, loc);
        CAtom c = catom_bool(true);
        for (int i = 0; i < p->elems.len; i++) {
            int f = p->kind == P_TUPLE ? i : type_field_index(src_type(p->type, env), p->fields.data[i]);
            c = and_atoms(in, c, pat_test(in, env, p->elems.data[i], v->elems[f], loc), loc);
        }
        return c;
    }
    default: return catom_bool(true);
    }
}

/* The cases of a match from k on, for its scrutinee's value v: if case k's pattern matches,
 * its body, else the rest (the last case matches whatever is left: matches are exhaustive). */
static IVal *match_from(I *in, Env *env, Expr *e, IVal *v, int k) {
    Pat *p = e->cases.data[k];
    Env *benv = env;
    bind_pat(in, &benv, p, v);
    CAtom c = k == e->cases.len - 1 ? catom_bool(true) : pat_test(in, env, p, v, e->loc);
    if (c.kind == CA_CONST && c.ival)
        return ie(in, benv, e->elems.data[k]);
    Branch a = branch_of(in, benv, e->elems.data[k]);
    Branch b = {cbody_new(), NULL, {0}};
    Sub s = sub_begin(in, b.body);
    b.val = match_from(in, env, e, v, k + 1);
    flat(b.val, &b.body->result, &b.types, e->loc);
    sub_end(in, s);
    return emit_if(in, c, &a, &b, e->loc);
}

/* Current values of a loop pattern's variables (`loop x do ...`). */
static IVal *pat_value(Env *env, Pat *p) {
    switch (p->kind) {
    case P_ID: {
        IVal *v = env_find(env, p->name);
        if (!v)
            die("loop variable not in scope");
        return v;
    }
    case P_ASCRIBE: return pat_value(env, p->inner);
    case P_TUPLE: {
        if (p->elems.len == 1)
            return pat_value(env, p->elems.data[0]);
        IVal *t = iv_tuple(p->elems.len);
        for (int i = 0; i < p->elems.len; i++)
            t->elems[i] = pat_value(env, p->elems.data[i]);
        return t;
    }
    default: unsupported(p->loc, "this loop pattern");
    }
}

/* A loop parameter written with sizes (`loop (xs: [n]i32) = ...`): the initial value and every
 * iteration's result are checked against them at run time, the sizes the pattern binds itself
 * ((k, xs: [k]i32)) taken from the value (the interpreter's words and place, eval.c). */
static void check_loop_param(I *in, Env *env, Pat *p, IVal *v) {
    if (!ast_pat_has_ascription(p))
        return;
    Env *penv = env;
    bind_pat(in, &penv, p, v);
    CallSizes sc = {0};
    call_sizes_pat(in, &sc, penv, p, v, L(in, p->loc));
    (void)bind_call_sizes(in, &sc, penv);
}

static IVal *loop_value(I *in, Env *env, Expr *e) {
    IVal *init = e->init ? ie(in, env, e->init) : pat_value(env, e->pat);
    check_loop_param(in, env, e->pat, init);
    CAtomVec inits = {0};
    CTypeVec itypes = {0};
    flat(init, &inits, &itypes, e->loc);
    CAtom bound = {0};
    IVal *xs = NULL;
    PrimType ivar_prim = PRIM_I64;
    if (e->loop == LOOP_FOR) {
        bound = ie_atom(in, env, e->cond);
        ivar_prim = type_of(in, bound).prim;
        bound = to_i64(in, bound, e->loc);
    } else if (e->loop == LOOP_FOR_IN) {
        xs = ie(in, env, e->cond);
        bound = width_of(in, xs, e->loc);
    } else {
        Env *e0 = env;
        bind_pat(in, &e0, e->pat, init);
        vec_push(&inits, ie_atom(in, e0, e->cond));
        vec_push(&itypes, ctype_prim(PRIM_BOOL));
    }
    const char *base = e->pat->kind == P_ID ? e->pat->name : "p";
    CTypeVec ptypes = {0};
    for (int i = 0; i < itypes.len; i++) {
        CType t = ctype_copy(itypes.data[i]);
        t.unique = false;
        vec_push(&ptypes, t);
    }
    for (int attempt = 0;; attempt++) {
        CExp *x = cexp_new(CE_LOOP, e->loc);
        x->args = inits;
        x->body = cbody_new();
        Sub s = sub_begin(in, x->body);
        CAtomVec patoms = {0};
        for (int i = 0; i < ptypes.len; i++) {
            CParam p = {fresh(in, base), ptypes.data[i]};
            vec_push(&x->params, p);
            declare(in, p.name, p.type);
            vec_push(&patoms, catom_var(p.name));
        }
        int pos = 0;
        IVal *pv = rebuild(init, patoms.data, ptypes.data, &pos);
        Env *benv = env;
        bind_pat(in, &benv, e->pat, pv);
        if (e->loop == LOOP_WHILE) {
            x->cond = x->params.data[x->params.len - 1].name;
        } else {
            x->index = fresh(in, e->loop == LOOP_FOR ? e->loop_var : "i");
            x->bound = bound;
            declare(in, x->index, ctype_prim(PRIM_I64));
            if (e->loop == LOOP_FOR) {
                CAtom iv = convert(in, catom_var(x->index), PRIM_I64, ivar_prim, e->loc);
                benv = env_bind(benv, e->loop_var, scalar(iv, ivar_prim));
            } else {
                DimIndexVec none = {0};
                (void)none;
                CAtomVec leaves = {0}, out = {0};
                flat(xs, &leaves, NULL, e->loc);
                for (int i = 0; i < leaves.len; i++) {
                    CExp *ix = mk(CE_INDEX, e->loc, 1, &leaves.data[i]);
                    CIndex one = {.start = catom_var(x->index)};
                    vec_push(&ix->slice, one);
                    vec_push(&out, emit1(in, ix, "x"));
                }
                bind_pat(in, &benv, e->loop_pat, values_from(in, xs, out));
            }
        }
        IVal *r = ie(in, benv, e->body);
        check_loop_param(in, env, e->pat, r);
        CTypeVec rtypes = {0};
        flat(r, &x->body->result, &rtypes, e->loc);
        if (e->loop == LOOP_WHILE) {
            Env *cenv = env;
            bind_pat(in, &cenv, e->pat, r);
            CAtom c = ie_atom(in, cenv, e->cond);
            vec_push(&x->body->result, c);
            vec_push(&rtypes, ctype_prim(PRIM_BOOL));
        }
        sub_end(in, s);
        bool changed = false;
        for (int i = 0; i < ptypes.len; i++)
            for (int k = 0; k < ptypes.data[i].rank; k++)
                if (ptypes.data[i].dims[k].kind != CDIM_ANY &&
                    !cdim_eq(ptypes.data[i].dims[k], rtypes.data[i].dims[k])) {
                    ptypes.data[i].dims[k] = cdim_any();
                    changed = true;
                }
        if (changed && attempt < 8)
            continue;
        CAtomVec res = emit_typed(in, x, &ptypes, base);
        int p2 = 0;
        return rebuild(init, res.data, ptypes.data, &p2);
    }
}

/* ---- ranges ---- */

static IVal *range_value(I *in, Env *env, Expr *e) {
    Loc loc = e->loc;
    CAtom a = ie_atom(in, env, e->lhs), b = ie_atom(in, env, e->rhs);
    PrimType p = type_of(in, a).prim;
    CAtom s = to_i64(in, a, loc), en = to_i64(in, b, loc), step, second = s;
    if (e->mid) {
        second = to_i64(in, ie_atom(in, env, e->mid), loc);
        step = op(in, COP_SUB, PRIM_I64, loc, 2, second, s);
    } else
        step = i64c(e->range == RANGE_DOWNTO_EXCL ? -1 : 1);
    CAtom ok, count;
    CAtom pos = op(in, COP_GT, PRIM_I64, loc, 2, step, i64c(0));
    CAtom neg = op(in, COP_LT, PRIM_I64, loc, 2, step, i64c(0));
    switch (e->range) {
    case RANGE_UPTO_EXCL: {
        ok = op(in, COP_AND, PRIM_BOOL, loc, 2, pos, op(in, COP_LE, PRIM_I64, loc, 2, s, en));
        CAtom d = op(in, COP_SUB, PRIM_I64, loc, 2, en, s);
        d = op(in, COP_ADD, PRIM_I64, loc, 2, d, op(in, COP_SUB, PRIM_I64, loc, 2, step, i64c(1)));
        count = op(in, COP_QUOT, PRIM_I64, loc, 2, d, op(in, COP_MAX, PRIM_I64, loc, 2, step, i64c(1)));
        break;
    }
    case RANGE_DOWNTO_EXCL: {
        ok = op(in, COP_AND, PRIM_BOOL, loc, 2, neg, op(in, COP_GE, PRIM_I64, loc, 2, s, en));
        CAtom ms = op(in, COP_NEG, PRIM_I64, loc, 1, step);
        CAtom d = op(in, COP_SUB, PRIM_I64, loc, 2, s, en);
        d = op(in, COP_ADD, PRIM_I64, loc, 2, d, op(in, COP_SUB, PRIM_I64, loc, 2, ms, i64c(1)));
        count = op(in, COP_QUOT, PRIM_I64, loc, 2, d, op(in, COP_MAX, PRIM_I64, loc, 2, ms, i64c(1)));
        break;
    }
    default: {
        CAtom up = op(in, COP_AND, PRIM_BOOL, loc, 2, pos, op(in, COP_LE, PRIM_I64, loc, 2, s, en));
        CAtom down = op(in, COP_AND, PRIM_BOOL, loc, 2, neg, op(in, COP_GE, PRIM_I64, loc, 2, s, en));
        ok = op(in, COP_OR, PRIM_BOOL, loc, 2, up, down);
        CAtom nz = op(in, COP_SELECT, PRIM_I64, loc, 3, ok, step, i64c(1));
        CAtom d = op(in, COP_SUB, PRIM_I64, loc, 2, en, s);
        count = op(in, COP_ADD, PRIM_I64, loc, 2, op(in, COP_QUOT, PRIM_I64, loc, 2, d, nz), i64c(1));
        break;
    }
    }
    /* Futhark's message, as the interpreter's: "Range 1..0...5 is invalid." */
    const char *rop = e->range == RANGE_UPTO_EXCL ? "..<" : e->range == RANGE_DOWNTO_EXCL ? "..>" : "...";
    CAtom shown[3] = {s, second, en};
    if (e->mid)
        emit_assert_showing(in, ok, xsprintf("Range %%lld..%%lld%s%%lld is invalid.", rop), loc, 3, shown);
    else
        emit_assert_showing(in, ok, xsprintf("Range %%lld%s%%lld is invalid.", rop), loc, 2,
                            (CAtom[2]){s, en});
    CAtom io = emit1(in, mk(CE_IOTA, loc, 1, &count), "iota");
    CExp *m = mk(CE_SCREMA, loc, 1, &count);
    vec_push(&m->arrays, io);
    CLambda *lam = clambda_new();
    lam->body = cbody_new();
    Sub sb = sub_begin(in, lam->body);
    CParam ip = {fresh(in, "i"), ctype_prim(PRIM_I64)};
    declare(in, ip.name, ip.type);
    vec_push(&lam->params, ip);
    CAtom v = op(in, COP_ADD, PRIM_I64, loc, 2, s, op(in, COP_MUL, PRIM_I64, loc, 2, catom_var(ip.name), step));
    v = convert(in, v, PRIM_I64, p, loc);
    vec_push(&lam->body->result, v);
    vec_push(&lam->ret, ctype_prim(p));
    sub_end(in, sb);
    m->lam = lam;
    CAtom r = emit1(in, m, "range");
    return iv_atom(r, type_of(in, r));
}

/* ---- literals and aggregates ---- */

static IVal *array_value(I *in, Env *env, Expr *e) {
    Type *t = type_prune(e->type);
    if (e->elems.len == 0) {
        CTypeVec leaves = {0};
        src_leaves(t->elem, env, NULL, 0, &leaves, e->loc);
        CAtomVec out = {0};
        for (int i = 0; i < leaves.len; i++) {
            CExp *x = cexp_new(CE_ARRAY, e->loc);
            x->type = leaves.data[i];
            vec_push(&out, emit1(in, x, "arr"));
        }
        return values_from(in, src_shape(t->elem, env, e->loc), out);
    }
    Vec(CAtomVec) cols = {0};
    CTypeVec types = {0};
    IVal *first = NULL;
    for (int j = 0; j < e->elems.len; j++) {
        IVal *v = ie(in, env, e->elems.data[j]);
        CAtomVec xs = {0};
        CTypeVec ts = {0};
        flat(v, &xs, &ts, e->loc);
        if (!j) {
            first = v;
            for (int i = 0; i < xs.len; i++) {
                CAtomVec c = {0};
                vec_push(&cols, c);
                vec_push(&types, ctype_copy(ts.data[i]));
            }
        }
        for (int i = 0; i < xs.len; i++) {
            vec_push(&cols.data[i], xs.data[i]);
            for (int k = 0; k < types.data[i].rank; k++)
                if (!cdim_eq(types.data[i].dims[k], ts.data[i].dims[k]))
                    types.data[i].dims[k] = cdim_any();
        }
    }
    CAtomVec out = {0};
    for (int i = 0; i < cols.len; i++) {
        CExp *x = cexp_new(CE_ARRAY, e->loc);
        x->type = types.data[i];
        x->type.unique = false;
        x->args = cols.data[i];
        vec_push(&out, emit1(in, x, "arr"));
    }
    return values_from(in, first, out);
}

static IVal *literal(Expr *e) {
    PrimType p = e->prim != PRIM_NONE ? e->prim : prim_of_expr(e);
    switch (e->kind) {
    case E_INT:
        if (p == PRIM_NONE)
            p = PRIM_I32;
        if (p == PRIM_F16)
            return scalar(catom_float(p, scalar_float_value(scalar_float(p, (double)(int64_t)e->ival))), p);
        if (prim_is_float(p))
            return scalar(catom_float(p, (double)(int64_t)e->ival), p);
        return scalar(catom_int(p, prim_wrap(p, e->ival)), p);
    case E_FLOAT:
        if (p == PRIM_NONE)
            p = PRIM_F64;
        return scalar(catom_float(p, p == PRIM_F64 ? e->fval : scalar_float_value(scalar_float(p, e->fval))), p);
    case E_BOOL: return scalar(catom_bool(e->ival != 0), PRIM_BOOL);
    default:
        if (p == PRIM_NONE)
            p = PRIM_U8;
        return scalar(catom_int(p, prim_wrap(p, e->ival)), p);
    }
}

static IVal *string_value(I *in, Expr *e) {
    int64_t n = e->ival ? (int64_t)e->ival : (int64_t)strlen(e->str);
    CExp *x = cexp_new(CE_ARRAY, e->loc);
    x->type = ctype_prim(PRIM_U8);
    for (int64_t i = 0; i < n; i++)
        vec_push(&x->args, catom_int(PRIM_U8, (unsigned char)e->str[i]));
    CAtom r = emit1(in, x, "str");
    return iv_atom(r, type_of(in, r));
}

static IVal *record_update(IVal *v, Type *t, NameVec *path, int k, IVal *nv, Loc loc) {
    if (k == path->len)
        return nv;
    t = type_prune(t);
    int idx = type_field_index(t, path->data[k]);
    if (idx < 0 || v->kind != IV_TUPLE)
        unsupported(loc, "this record update");
    IVal *c = iv_tuple(v->n);
    if (v->n)
        memcpy(c->elems, v->elems, sizeof(IVal *) * (size_t)v->n);
    c->elems[idx] = record_update(v->elems[idx], t->elems.data[idx], path, k + 1, nv, loc);
    return c;
}

/* e :> t — checks of the dimensions t names (constants, sizes in scope, size expressions): one
 * assert per array nest of t, which on failure shows the value's shape and t's with its sizes
 * evaluated, in Futhark's words (`value of shape [2][2] cannot match shape of type
 * "[1][4]i32"`; the interpreter's, src/interp/eval.c, check_coerce).  An inner dimension of an
 * empty array is not checked (see check_dim_is). */

#define MAX_COERCE_RANK 16

static TypeExp *texp_core(TypeExp *t) {
    while (t && (t->expanded || t->kind == TE_UNIQUE))
        t = t->expanded ? t->expanded : t->elem;
    return t;
}

/* The size a dimension of the coercion's type asks for; false: any. */
static bool coerce_want(I *in, Env *env, const DimExp *d, CAtom *want, Loc loc) {
    if (d->kind == DIM_CONST) {
        *want = i64c(d->value);
        return true;
    }
    if (d->kind == DIM_NAME) {
        IVal *s = env_find(env, d->name);
        if (!s || s->kind != IV_ATOM || s->type.rank != 0)
            return false;
        *want = to_i64(in, s->atom, loc);
        return true;
    }
    if (d->kind == DIM_EXPR) {
        *want = to_i64(in, ie_atom(in, env, d->expr), loc);
        return true;
    }
    return false;
}

static Type *strip_dims(Type *t, int r) {
    t = t ? type_prune(t) : NULL;
    for (int k = 0; k < r && t && t->kind == T_ARRAY; k++)
        t = type_prune(t->elem);
    return t;
}

static void coerce_texp(I *in, Env *env, TypeExp *t, Type *ty, IVal *v, int depth, Loc loc);

static void coerce_array(I *in, Env *env, TypeExp *t, Type *ty, IVal *v, int depth, Loc loc) {
    CAtom want[MAX_COERCE_RANK];
    bool known[MAX_COERCE_RANK];
    int r = 0;
    TypeExp *el = t;
    for (; el && el->kind == TE_ARRAY && r < MAX_COERCE_RANK; el = texp_core(el->elem), r++)
        known[r] = coerce_want(in, env, &el->dim, &want[r], loc);
    CAtomVec leaves = {0};
    flat(v, &leaves, NULL, loc);
    CAtom ok = {.kind = CA_CONST, .ival = 1};
    bool checked = false;
    int shown_leaf = -1;
    for (int i = 0; i < leaves.len; i++) {
        int rank = type_of(in, leaves.data[i]).rank;
        if (rank <= depth)
            continue;
        if (shown_leaf < 0)
            shown_leaf = i;
        for (int k = 0; k < r && depth + k < rank; k++) {
            if (!known[k])
                continue;
            CDim have = type_of(in, leaves.data[i]).dims[depth + k];
            if (have.kind != CDIM_ANY && cdim_eq(have, cdim_of_atom(want[k])))
                continue;
            CAtom n = dim_atom(in, leaves.data[i], depth + k, loc);
            if (n.kind == CA_CONST && want[k].kind == CA_CONST && n.ival == want[k].ival)
                continue;
            if (n.kind == CA_CONST && want[k].kind == CA_CONST && depth + k == 0)
                in->coerce_fails = true;
            CAtom dim_ok = op(in, COP_EQ, PRIM_I64, loc, 2, n, want[k]);
            for (int j = 0; j < depth + k; j++)
                dim_ok = op(in, COP_OR, PRIM_BOOL, loc, 2, dim_ok,
                            op(in, COP_EQ, PRIM_I64, loc, 2, dim_atom(in, leaves.data[i], j, loc), i64c(0)));
            ok = checked ? op(in, COP_AND, PRIM_BOOL, loc, 2, ok, dim_ok) : dim_ok;
            checked = true;
        }
    }
    if (checked) {
        CAtom shown[2 * MAX_COERCE_RANK];
        int nshown = 0;
        StrBuf msg = {0}, type = {0};
        sb_puts(&msg, "size mismatch: value of shape ");
        int rank = type_of(in, leaves.data[shown_leaf]).rank;
        for (int k = 0; k < r && depth + k < rank; k++) {
            sb_puts(&msg, "[%lld]");
            shown[nshown++] = dim_atom(in, leaves.data[shown_leaf], depth + k, loc);
        }
        for (int k = 0; k < r; k++) {
            if (known[k] && want[k].kind == CA_CONST) {
                sb_printf(&type, "[%lld]", (long long)want[k].ival);
            } else if (known[k]) {
                sb_puts(&type, "[%lld]");
                shown[nshown++] = want[k];
            } else {
                sb_puts(&type, "[]");
            }
        }
        Type *et = strip_dims(ty, r);
        if (et) {
            StrBuf es = {0};
            type_print(&es, et);
            for (const char *c = es.data; c && *c; c++) /* a format string: no stray % */
                if (*c != '%')
                    sb_putc(&type, *c);
        }
        sb_printf(&msg, " cannot match shape of type \"%s\"", type.data ? type.data : "");
        emit_assert_showing(in, ok, msg.data, loc, nshown, shown);
    }
    coerce_texp(in, env, el, strip_dims(ty, r), v, depth + r, loc);
}

/* An empty array returned at a type whose inner sizes the checker could not name (the
 * `[0][s.0][s.1]()` of `def unit (s: (i64, i64)) : unit [s.0] [s.1] = []`) takes them from that
 * type, as the interpreter's fill_empty does: no rows, each of the sizes the type computes. */
static IVal *fill_empty_rows(I *in, Env *env, TypeExp *t, IVal *v, Loc loc) {
    t = texp_core(t);
    while (t && t->kind == TE_EXIST)
        t = texp_core(t->elem);
    if (!t || !v)
        return v;
    if (t->kind == TE_TUPLE && v->kind == IV_TUPLE && v->n == t->elems.len) {
        IVal *r = iv_tuple(v->n);
        for (int i = 0; i < v->n; i++)
            r->elems[i] = fill_empty_rows(in, env, t->elems.data[i], v->elems[i], loc);
        return r;
    }
    if (t->kind != TE_ARRAY || v->kind != IV_ATOM || v->type.rank < 2 || v->type.rank > MAX_COERCE_RANK)
        return v;
    CType ty = v->type;
    bool unknown = false;
    for (int k = 1; k < ty.rank; k++)
        unknown |= ty.dims[k].kind == CDIM_ANY;
    if (ty.dims[0].kind != CDIM_CONST || ty.dims[0].value != 0 || !unknown)
        return v;
    CAtom want[MAX_COERCE_RANK];
    TypeExp *el = texp_core(t->elem);
    for (int k = 1; k < ty.rank; k++, el = texp_core(el->elem)) {
        if (!el || el->kind != TE_ARRAY)
            return v;
        if (ty.dims[k].kind == CDIM_CONST)
            want[k] = i64c(ty.dims[k].value);
        else if (ty.dims[k].kind == CDIM_VAR)
            want[k] = catom_var(ty.dims[k].var);
        else if (!coerce_want(in, env, &el->dim, &want[k], loc))
            return v;
    }
    CAtom x = prim_is_float(ty.prim) ? catom_float(ty.prim, 0) : catom_int(ty.prim, 0);
    for (int k = ty.rank - 1; k >= 0; k--) {
        CAtom two[2] = {k ? want[k] : i64c(0), x};
        x = emit1(in, mk(CE_REPLICATE, loc, 2, two), k ? "blank" : "empty");
    }
    return iv_atom(x, type_of(in, x));
}

static void coerce_texp(I *in, Env *env, TypeExp *t, Type *ty, IVal *v, int depth, Loc loc) {
    t = texp_core(t);
    if (!t || !v || v->kind == IV_FUN)
        return;
    ty = ty ? type_prune(ty) : NULL;
    switch (t->kind) {
    case TE_EXIST: coerce_texp(in, env, t->elem, ty, v, depth, loc); return; /* its sizes: any */
    case TE_ARRAY: coerce_array(in, env, t, ty, v, depth, loc); return;
    case TE_TUPLE:
        if (v->kind == IV_TUPLE && v->n == t->elems.len)
            for (int i = 0; i < t->elems.len; i++)
                coerce_texp(in, env, t->elems.data[i], ty && ty->kind == T_TUPLE ? ty->elems.data[i] : NULL,
                            v->elems[i], depth, loc);
        return;
    case TE_RECORD: /* the value's fields are in the type's (sorted) order */
        if (v->kind == IV_TUPLE && ty && ty->kind == T_RECORD && v->n == ty->elems.len) {
            for (int i = 0; i < t->elems.len; i++) {
                int k = type_field_index(ty, t->fields.data[i]);
                if (k >= 0)
                    coerce_texp(in, env, t->elems.data[i], ty->elems.data[k], v->elems[k], depth, loc);
            }
        } else if (v->kind == IV_TUPLE && v->n == t->elems.len) {
            for (int i = 0; i < t->elems.len; i++)
                coerce_texp(in, env, t->elems.data[i], NULL, v->elems[record_field_position(t, i)], depth, loc);
        }
        return;
    default: return;
    }
}

/* The value of a size in env, or NULL when it is unknown there.  A size expression may call a
 * function on variables of any type ([length xs - 1]). */
static IVal *size_value(I *in, Env *env, Size *s, Loc loc) {
    s = size_prune(s);
    switch (s->kind) {
    case SIZE_CONST: return scalar(i64c(s->value), PRIM_I64);
    case SIZE_NAME: return env_find(env, s->name);
    case SIZE_EXPR: {
        IVal **args = xmalloc(sizeof *args * (size_t)(s->n + 1));
        for (int i = 0; i < s->n; i++)
            if (!(args[i] = size_value(in, env, s->args[i], loc)))
                return NULL;
        if (!s->fn) {
            for (int i = 0; i < 2; i++) {
                if (args[i]->kind != IV_ATOM || args[i]->type.rank || !prim_is_int(args[i]->type.prim))
                    return NULL;
                args[i] = scalar(to_i64(in, args[i]->atom, loc), PRIM_I64);
            }
            return binop(in, s->op, args[0], args[1], NULL, loc);
        }
        Clo *c = clo_new(in, CL_DECL, s->fn->params.len);
        c->decl = s->fn;
        return apply(in, iv_fun(c), s->n, args, loc);
    }
    default: return NULL;
    }
}

/* The size parameters (tparams) of a function with parameters params as the use inferred them
 * (NULL where unknown); NULL unless one of them is no parameter's array size (unflatten's n
 * and m, a size of a constant). */
static IVal **use_sizes(I *in, Env *env, const TypeParamVec *tparams, const PatVec *params, Expr *use) {
    bool inferred = false;
    int nsizes = 0;
    for (int i = 0; i < tparams->len; i++)
        if (tparams->data[i].is_size) {
            nsizes++;
            inferred |= !ast_size_bound_by_params(params, tparams->data[i].name);
        }
    if (!inferred || !use || use->size_args.len < nsizes) /* generalised sizes follow (types/subst.c) */
        return NULL;
    IVal **sizes = xmalloc(sizeof *sizes * (size_t)(nsizes + 1));
    for (int i = 0; i < nsizes; i++)
        sizes[i] = size_value(in, env, use->size_args.data[i], use->loc);
    return sizes;
}

/* t with the type parameters that env binds replaced at any depth (a copy where it changes), or
 * NULL when t still holds a parameter env does not bind or an unsolved type variable. */
static Type *subst_tparams(Type *t, Env *env) {
    t = type_prune(t);
    switch (t->kind) {
    case T_PRIM: return t;
    case T_PARAM: {
        Type *b = tparam_type(env, t->name);
        return b ? subst_tparams(b, NULL) : NULL;
    }
    case T_ARRAY: {
        Type *e = subst_tparams(t->elem, env);
        if (!e)
            return NULL;
        Type *c = xmalloc(sizeof *c);
        *c = *t;
        c->elem = e;
        return c;
    }
    case T_TUPLE:
    case T_RECORD:
    case T_SUM: {
        Type *c = xmalloc(sizeof *c);
        *c = *t;
        c->elems.data = NULL;
        c->elems.len = c->elems.cap = 0;
        for (int i = 0; i < t->elems.len; i++) {
            Type *e = subst_tparams(t->elems.data[i], env);
            if (!e)
                return NULL;
            vec_push(&c->elems, e);
        }
        return c;
    }
    default: return NULL;
    }
}

/* Bindings of type parameters of a definition's type `generic` from the type it has at a use
 * (`inst`, in the caller's env): what its arguments cannot give, a parameter only in its result
 * (`def empty 'a (n: i64) = [] : [0]a`) or only in a function parameter's result. */
static Env *inst_tparams(Env *out, Type *generic, Type *inst, Env *caller) {
    generic = type_prune(generic);
    inst = inst ? type_prune(inst) : NULL;
    if (!inst)
        return out;
    if (generic->kind == T_PARAM) {
        Type *t = subst_tparams(inst, caller);
        if (t) {
            out = env_bind(out, intern(xsprintf("'%s", generic->name)), NULL);
            out->type = t;
        }
        return out;
    }
    if (generic->kind != inst->kind)
        return out;
    switch (generic->kind) {
    case T_ARRAY: return inst_tparams(out, generic->elem, inst->elem, caller);
    case T_ARROW:
        out = inst_tparams(out, generic->param, inst->param, caller);
        return inst_tparams(out, generic->ret, inst->ret, caller);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < generic->elems.len && i < inst->elems.len; i++)
            out = inst_tparams(out, generic->elems.data[i], inst->elems.data[i], caller);
        return out;
    default: return out;
    }
}

/* A closure of the top-level definition d as used at `use` (its inferred sizes evaluated, the
 * types its type parameters stand for there in env). */
static IVal *decl_closure(I *in, Env *env, Decl *d, Expr *use) {
    Clo *c = clo_new(in, CL_DECL, d->params.len);
    c->decl = d;
    c->sizes = use_sizes(in, env, &d->tparams, &d->params, use);
    if (use && use->inst && d->type && d->tparams.len)
        c->env = inst_tparams(NULL, d->type, use->inst, env);
    return iv_fun(c);
}

/* A local function (let f [n] ...) as used at `use`: a copy that knows the sizes the use
 * inferred, when it has size parameters no parameter gives. */
static IVal *letfun_use(I *in, Env *env, IVal *f, Expr *use) {
    if (f->kind != IV_FUN || f->fun->kind != CL_LETFUN)
        return f;
    IVal **sizes = use_sizes(in, env, &f->fun->e->tparams, &f->fun->e->params, use);
    if (!sizes)
        return f;
    Clo *c = xmalloc(sizeof *c);
    *c = *f->fun;
    c->sizes = sizes;
    return iv_fun(c);
}

/* The top-level definition a variable (or a SEC_FUN section's function) names, as the type
 * checker resolved it, or NULL for a local name. */
static Decl *global_of(const Expr *e) {
    const Binding *b = e->binding;
    return b && b->kind == BIND_DEF ? b->decl : NULL;
}

static IVal *var_value(I *in, Env *env, Expr *e) {
    Decl *d = global_of(e);
    if (!d) {
        IVal *v = env_find(env, e->name);
        if (v)
            return letfun_use(in, env, v, e);
    }
    if (!d)
        unsupported(e->loc, xsprintf("the name %s%s%s here", e->qual ? e->qual : "", e->qual ? "." : "",
                                     e->name));
    if (d->params.len == 0) { /* a constant, sized by the use (def iiota [n] : [n]i64) */
        Loc saved = enter_code(in, d->loc, e->loc);
        IVal *r = inline_body(in, NULL, &d->params, &d->tparams, d->ret, d->body, NULL,
                              use_sizes(in, env, &d->tparams, &d->params, e), e->loc);
        in->call_loc = saved;
        return r;
    }
    return decl_closure(in, env, d, e);
}

static IVal *section_value(I *in, Env *env, Expr *e) {
    Clo *c = clo_new(in, CL_SECTION, 1);
    c->e = e;
    c->env = env;
    switch (e->section) {
    case SEC_OP: c->arity = 2; break;
    case SEC_LEFT: c->extra = ie(in, env, e->lhs); break;
    case SEC_RIGHT: c->extra = ie(in, env, e->rhs); break;
    case SEC_FIELD:
    case SEC_INDEX: break;
    case SEC_FUN: {
        Decl *d = global_of(e);
        IVal *f = d ? decl_closure(in, env, d, e) : env_find(env, e->name);
        if (!f)
            unsupported(e->loc, "this backtick section");
        c->fn = f;
        if (e->lhs)
            c->extra = ie(in, env, e->lhs);
        else if (e->rhs)
            c->extra = ie(in, env, e->rhs);
        else
            c->arity = 2;
        break;
    }
    }
    return iv_fun(c);
}

static IVal *ie(I *in, Env *env, Expr *e) {
    switch (e->kind) {
    case E_INT:
    case E_FLOAT:
    case E_BOOL:
    case E_CHAR: return literal(e);
    case E_STRING: return string_value(in, e);
    case E_VAR: return var_value(in, env, e);
    case E_TUPLE: {
        if (e->elems.len == 0)
            return unit_value();
        if (e->elems.len == 1)
            return ie(in, env, e->elems.data[0]);
        IVal *t = iv_tuple(e->elems.len);
        for (int i = 0; i < e->elems.len; i++)
            t->elems[i] = ie(in, env, e->elems.data[i]);
        return t;
    }
    case E_RECORD: {
        if (e->elems.len == 0)
            return unit_value();
        Type *t = type_prune(e->type);
        IVal *r = iv_tuple(e->elems.len);
        for (int i = 0; i < e->elems.len; i++) {
            int k = type_field_index(t, e->fields.data[i]);
            if (k < 0 || k >= r->n)
                die("record field");
            r->elems[k] = ie(in, env, e->elems.data[i]);
        }
        return r;
    }
    case E_ARRAY: return array_value(in, env, e);
    case E_RANGE: return range_value(in, env, e);
    case E_PROJECT: return project(ie(in, env, e->lhs), e->lhs->type, e->fields.data[0], e->loc);
    case E_INDEX: return index_value(in, env, ie(in, env, e->lhs), &e->idx, L(in, e->loc));
    case E_APPLY: {
        IVal *f = ie(in, env, e->lhs);
        IVal **args = xmalloc(sizeof(IVal *) * (size_t)e->args.len);
        for (int i = 0; i < e->args.len; i++)
            args[i] = ie(in, env, e->args.data[i]);
        if (f->kind != IV_FUN)
            unsupported(e->loc, "application of a non-function");
        return apply(in, f, e->args.len, args, e->loc);
    }
    case E_BINOP:
        if (e->op == BIN_AND || e->op == BIN_OR)
            return short_circuit(in, env, e);
        {
            IVal *a = ie(in, env, e->lhs), *b = ie(in, env, e->rhs);
            return binop(in, e->op, a, b, e->lhs->type, L(in, e->loc));
        }
    case E_NEG:
    case E_NOT: {
        CAtom a = ie_atom(in, env, e->lhs);
        PrimType p = type_of(in, a).prim;
        return scalar(op(in, e->kind == E_NEG ? COP_NEG : COP_NOT, p, e->loc, 1, a), p);
    }
    case E_SECTION: return section_value(in, env, e);
    case E_LAMBDA: {
        Clo *c = clo_new(in, CL_LAMBDA, e->params.len);
        c->e = e;
        c->env = env;
        return iv_fun(c);
    }
    case E_LET: {
        IVal *v = ie(in, env, e->lhs);
        if (e->tparams.len || e->pat->kind == P_ASCRIBE) { /* let [n] (xs: [n]t) = ... */
            CallSizes sc = {.tps = &e->tparams};
            call_sizes_pat(in, &sc, env, e->pat, v, L(in, e->loc));
            env = bind_call_sizes(in, &sc, env);
        }
        bind_pat(in, &env, e->pat, v);
        return ie(in, env, e->body);
    }
    case E_LETFUN: {
        Clo *c = clo_new(in, CL_LETFUN, e->params.len);
        c->e = e;
        c->env = env;
        if (e->params.len == 0) /* a local constant */
            return ie(in, env_bind(env, e->name, ie(in, env, e->lhs)), e->body);
        return ie(in, env_bind(env, e->name, iv_fun(c)), e->body);
    }
    case E_IF: return if_value(in, env, e);
    case E_LOOP: return loop_value(in, env, e);
    case E_UPDATE: return update_value(in, env, e);
    case E_RECUPDATE:
        return record_update(ie(in, env, e->lhs), e->lhs->type, &e->fields, 0, ie(in, env, e->rhs), e->loc);
    case E_COERCE: {
        IVal *v = ie(in, env, e->lhs);
        bool outer = in->coerce_fails;
        in->coerce_fails = false;
        coerce_texp(in, env, e->texp, e->type, v, 0, L(in, e->loc));
        bool fails = in->coerce_fails;
        in->coerce_fails = outer;
        /* `iota 9 :> [8]i64` fails here; the value after it is a placeholder of the type written,
         * as after a hole, so that the (unreachable) code after it has consistent sizes */
        return fails ? hole_value(in, env, e->type, e->loc) : v;
    }
    case E_ATTR:
        return tuning_attr(e) ? tuning_param(in, env, e) : ie(in, env, e->lhs);
    case E_ASCRIBE:
    case E_OPEN:
    case E_PAREN: return ie(in, env, e->lhs);
    case E_ASSERT:
        emit_assert(in, ie_atom(in, env, e->cond), xsprintf("Assertion is false: %s", e->str), L(in, e->loc));
        return ie(in, env, e->body);
    case E_HOLE: /* Futhark's run-time error */
        emit_assert(in, catom_bool(false), xsprintf("Reached hole of type %s.", type_str(src_type(e->type, env))),
                    L(in, e->loc));
        return hole_value(in, env, e->type, e->loc);
    case E_CONSTR: return constr_value(in, env, e);
    case E_MATCH: return match_from(in, env, e, ie(in, env, e->lhs), 0);
    }
    unsupported(e->loc, "this expression");
}

/* ---- intrinsics ---- */

static PrimType result_prim(Decl *d) {
    Type *t = type_prune(d->type);
    while (t && t->kind == T_ARROW)
        t = type_prune(t->ret);
    return t && t->kind == T_PRIM ? t->prim : PRIM_NONE;
}

static IVal *per_leaf(I *in, IVal *v, CExpKind k, int npre, CAtom *pre, Loc loc, const char *base) {
    CAtomVec xs = {0}, out = {0};
    flat(v, &xs, NULL, loc);
    for (int i = 0; i < xs.len; i++) {
        CExp *e = mk(k, loc, npre, pre);
        vec_push(&e->args, xs.data[i]);
        vec_push(&out, emit1(in, e, base));
    }
    return values_from(in, v, out);
}

/* reduce / scan: op on pairs of elements shaped like xs's elements. */
static COperator mk_operator(I *in, IVal *f, IVal *ne, IVal *xs, IVal **res, Loc loc) {
    CAtomVec arrs = {0};
    CTypeVec et = {0};
    elems_of(in, xs, &arrs, &et, loc);
    IVal *tm[2] = {ne, ne};
    CTypeVec ts[2] = {et, et};
    COperator o = {0};
    o.lam = mk_lambda(in, f, 2, tm, ts, res, loc);
    flat(ne, &o.nes, NULL, loc);
    return o;
}

static IVal *reduce_scan(I *in, IVal **a, bool scan, bool comm, Loc loc) {
    IVal *xs = a[2], *res;
    CAtom w = width_of(in, xs, loc);
    CExp *e = mk(CE_SCREMA, loc, 1, &w);
    COperator o = mk_operator(in, a[0], a[1], xs, &res, loc);
    o.comm = comm;
    CTypeVec et = {0};
    elems_of(in, xs, &e->arrays, &et, loc);
    e->lam = id_lambda(in, &et);
    vec_push(scan ? &e->scans : &e->reds, o);
    return values_from(in, a[1], emit(in, e, scan ? "scan" : "red"));
}

static IVal *scatter_hist(I *in, IVal *dest, IVal *is, IVal *vs, IVal *f, IVal *ne, Loc loc) {
    CAtom w = width_of(in, is, loc);
    same_size(in, first_leaf(is, loc)->atom, first_leaf(vs, loc)->atom, loc);
    CExp *e = mk(f ? CE_HIST : CE_SCATTER, loc, 1, &w);
    flat(dest, &e->dests, NULL, loc);
    CTypeVec et = {0};
    elems_of(in, is, &e->arrays, &et, loc);
    elems_of(in, vs, &e->arrays, &et, loc);
    e->lam = id_lambda(in, &et);
    if (f) {
        IVal *res;
        vec_push(&e->reds, mk_operator(in, f, ne, vs, &res, loc));
        e->reds.data[0].comm = true;
    }
    return values_from(in, dest, emit(in, e, f ? "hist" : "scat"));
}

static IVal *filter_value(I *in, IVal *p, IVal *xs, bool partition, Loc loc) {
    CAtom w = width_of(in, xs, loc);
    CExp *e = mk(CE_FILTER, loc, 1, &w);
    e->partition = partition;
    CTypeVec et = {0};
    elems_of(in, xs, &e->arrays, &et, loc);
    IVal *res;
    e->lam = mk_lambda(in, p, 1, &xs, &et, &res, loc);
    CAtomVec r = emit(in, e, "filt");
    if (!partition)
        return values_from(in, xs, r);
    int n = r.len / 2;
    CAtomVec r1 = {r.data, n, n}, r2 = {r.data + n, n, n};
    IVal *t = iv_tuple(2);
    t->elems[0] = values_from(in, xs, r1);
    t->elems[1] = values_from(in, xs, r2);
    return t;
}

static IVal *intrinsic(I *in, Decl *d, IVal **a, Loc loc) {
    const char *n = d->body->name;
    CAtom x;
    if (!strcmp(n, "map"))
        return soac_map(in, a[0], 1, &a[1], loc);
    if (!strcmp(n, "reduce") || !strcmp(n, "reduce_comm"))
        return reduce_scan(in, a, false, n[6] == '_', loc);
    if (!strcmp(n, "scan"))
        return reduce_scan(in, a, true, false, loc);
    if (!strcmp(n, "filter") || !strcmp(n, "partition"))
        return filter_value(in, a[0], a[1], n[0] == 'p', loc);
    if (!strcmp(n, "scatter") || !strcmp(n, "scatter_2d"))
        return scatter_hist(in, a[0], a[1], a[2], NULL, NULL, loc);
    if (!strcmp(n, "hist")) {
        CAtom k = a[2]->atom;
        IVal *dest = per_leaf(in, a[1], CE_REPLICATE, 1, &k, loc, "bins");
        return scatter_hist(in, dest, a[3], a[4], a[0], a[1], loc);
    }
    if (!strcmp(n, "reduce_by_index"))
        return scatter_hist(in, a[0], a[3], a[4], a[1], a[2], loc);
    if (!strcmp(n, "iota")) { /* Futhark's iota n is the range 0..1..<n, and fails as one */
        CAtom size = a[0]->atom;
        if (size.kind != CA_CONST || size.ival < 0)
            emit_assert_showing(in, op(in, COP_LE, PRIM_I64, loc, 2, i64c(0), size), "Range 0..1..<%lld is invalid.",
                                loc, 1, &size);
        x = emit1(in, mk(CE_IOTA, loc, 1, &size), "iota");
        return iv_atom(x, type_of(in, x));
    }
    if (!strcmp(n, "replicate"))
        return per_leaf(in, a[1], CE_REPLICATE, 1, &a[0]->atom, loc, "rep");
    if (!strcmp(n, "length"))
        return scalar(width_of(in, a[0], loc), PRIM_I64);
    if (!strcmp(n, "copy")) {
        CAtomVec xs = {0}, out = {0};
        flat(a[0], &xs, NULL, loc);
        for (int i = 0; i < xs.len; i++)
            vec_push(&out, type_of(in, xs.data[i]).rank ? emit1(in, mk(CE_COPY, loc, 1, &xs.data[i]), "copy")
                                                         : xs.data[i]);
        return values_from(in, a[0], out);
    }
    if (!strcmp(n, "transpose")) {
        CAtomVec xs = {0}, out = {0};
        flat(a[0], &xs, NULL, loc);
        for (int i = 0; i < xs.len; i++) {
            CExp *e = mk(CE_REARRANGE, loc, 1, &xs.data[i]);
            vec_push(&e->perm, 1);
            vec_push(&e->perm, 0);
            vec_push(&out, emit1(in, e, "tr"));
        }
        return values_from(in, a[0], out);
    }
    if (!strcmp(n, "flatten"))
        return per_leaf(in, a[0], CE_FLATTEN, 0, NULL, loc, "flat");
    if (!strcmp(n, "unflatten")) {
        CAtom nm[2] = {a[0]->atom, a[1]->atom};
        return per_leaf(in, a[2], CE_UNFLATTEN, 2, nm, loc, "unflat");
    }
    if (!strcmp(n, "concat"))
        return concat_values(in, a[0], a[1], loc);
    if (!strcmp(n, "rotate"))
        return per_leaf(in, a[1], CE_ROTATE, 1, &a[0]->atom, loc, "rot");
    if (!strcmp(n, "zip")) {
        same_size(in, first_leaf(a[0], loc)->atom, first_leaf(a[1], loc)->atom, loc);
        IVal *t = iv_tuple(2);
        t->elems[0] = a[0];
        t->elems[1] = a[1];
        return t;
    }
    if (!strcmp(n, "manifest") || !strcmp(n, "opaque"))
        return a[0];
    if (!strcmp(n, "convert") || !strcmp(n, "to_bits") || !strcmp(n, "from_bits")) {
        PrimType from = a[0]->type.prim, to = result_prim(d);
        if (n[0] == 'c')
            return scalar(convert(in, a[0]->atom, from, to, loc), to);
        CExp *e = mk(CE_OP, loc, 1, &a[0]->atom);
        e->op = COP_BITCAST;
        e->prim = from;
        e->prim2 = to;
        return scalar(emit1(in, e, "bits"), to);
    }
    int m = core_op_lookup(n);
    if (m >= 0 && a[0]->kind == IV_ATOM) {
        CExp *e = cexp_new(CE_OP, loc);
        e->op = (COp)m;
        e->prim = a[0]->type.prim;
        for (int i = 0; i < core_ops[m].arity; i++)
            vec_push(&e->args, a[i]->atom);
        CAtom r = emit1(in, e, n);
        /* popc/clz/ctz count in the operand's type in core; the source returns i32 */
        if (m == COP_POPC || m == COP_CLZ || m == COP_CTZ)
            r = convert(in, r, e->prim, PRIM_I32, loc);
        return iv_atom(r, type_of(in, r));
    }
    unsupported(loc, xsprintf("the intrinsic %s", n));
}

/* ---- entry points ---- */

/* An entry point's parameter: its dimensions are unknown but for the size parameters, which the
 * executable binds from the inputs' shapes (checking that they agree); a constant dimension
 * becomes a size parameter of its own (so that [n][3]t stays rectangular, not jagged), and the
 * sizes the parameter's type declares are checked in the body (entry). */
static IVal *entry_param(I *in, Type *t, Env *sizes, const char *base, CParamVec *params, NameVec *size_params,
                         Loc loc) {
    CTypeVec leaves = {0};
    BoolVec units = {0}, uniques = {0};
    src_leaves(t, sizes, NULL, 0, &leaves, loc);
    leaf_flags(t, sizes, false, &units, &uniques);
    CAtomVec atoms = {0};
    for (int i = 0; i < leaves.len; i++) {
        if (units.data[i] && leaves.data[i].rank)
            error_at(loc, "an entry point's parameter cannot hold an array of () values: they have no data format");
        if (units.data[i]) { /* no parameter: the interpreter reads nothing for () */
            vec_push(&atoms, catom_bool(false));
            continue;
        }
        for (int k = 0; k < leaves.data[i].rank; k++)
            if (leaves.data[i].dims[k].kind == CDIM_CONST) { /* a size parameter of its own */
                const char *n = fresh(in, "d");
                vec_push(size_params, n);
                declare(in, n, ctype_prim(PRIM_I64));
                leaves.data[i].dims[k] = cdim_var(n);
            }
        CParam p = {fresh(in, base), leaves.data[i]};
        p.type.unique = uniques.data[i] && p.type.rank > 0; /* consumed as Futhark's caller hands it over */
        vec_push(&atoms, catom_var(p.name));
        declare(in, p.name, p.type);
        vec_push(params, p);
    }
    int pos = 0;
    return rebuild(src_shape(t, NULL, loc), atoms.data, leaves.data, &pos);
}

/* An entry parameter of type t, read as one array per component where t holds arrays of
 * tuples or records (v: its leaves): run-time checks that the components of each such array
 * have the same outer sizes, depth of them (the arrays around the tuple).  The reader checks
 * only each array by itself, and the program indexes all components by the first one's size. */
static void same_component_sizes(I *in, Type *t, IVal *v, int depth, Loc loc) {
    t = type_prune(t);
    if (t->kind == T_ARRAY) {
        same_component_sizes(in, t->elem, v, depth + 1, loc);
        return;
    }
    if ((t->kind != T_TUPLE && t->kind != T_RECORD) || v->kind != IV_TUPLE)
        return;
    if (depth > 0) {
        CAtomVec leaves = {0};
        flat(v, &leaves, NULL, loc);
        for (int j = 1; j < leaves.len; j++)
            for (int k = 0; k < depth; k++)
                check_dim_is(in, leaves.data[j], k, dim_atom(in, leaves.data[0], k, loc),
                             "size mismatch: the components of an array of tuples or records have different "
                             "lengths (%lld and %lld)", true, loc);
    }
    for (int i = 0; i < t->elems.len && i < v->n; i++)
        same_component_sizes(in, t->elems.data[i], v->elems[i], depth, loc);
}

static const char *pat_base(Pat *p) {
    while (p->kind == P_ASCRIBE)
        p = p->inner;
    return p->kind == P_ID ? p->name : "arg";
}

static CFun *entry(I *in, Decl *d) {
    CFun *f = cfun_new(d->name, d->loc);
    f->is_entry = true;
    f->body = cbody_new();
    in->cur = f->body;
    in->top = f->body;
    in->reads = (OMap){0};
    in->vis = (CScope){0};
    Env *env = NULL;
    for (int i = 0; i < d->tparams.len; i++)
        if (d->tparams.data[i].is_size) {
            const char *n = fresh(in, d->tparams.data[i].name);
            vec_push(&f->sizes, n);
            declare(in, n, ctype_prim(PRIM_I64));
            env = env_bind(env, d->tparams.data[i].name, scalar(catom_var(n), PRIM_I64));
        }
    Env *sizes = env;
    CallSizes sc = {0};
    in->entry_args = true;
    for (int i = 0; i < d->params.len; i++) {
        Pat *p = d->params.data[i];
        IVal *v = entry_param(in, p->type, sizes, pat_base(p), &f->params, &f->sizes, d->loc);
        same_component_sizes(in, p->type, v, 0, d->loc);
        call_sizes_pat(in, &sc, env, p, v, d->loc);
        bind_pat(in, &env, p, v);
    }
    check_deferred(in, &sc, env);
    in->entry_args = false;
    int mark = cscope_mark(&in->vis);
    IVal *r = ie(in, env, d->body);
    if (d->ret) {
        CallSizes rc = {0};
        call_sizes_texp(in, &rc, env, d->ret, r, 0, d->ret->loc);
        check_deferred(in, &rc, env);
    }
    CAtomVec res = {0};
    CTypeVec rt = {0};
    BoolVec units = {0};
    flat(r, &res, &rt, d->loc);
    unit_leaves(d->body->type, env, &units);
    cscope_pop(&in->vis, mark);
    for (int i = 0; i < rt.len; i++)
        if (!units.data[i]) { /* a unit's placeholder is no result: the interpreter prints nothing for () */
            vec_push(&f->body->result, res.data[i]);
            vec_push(&f->ret, clean(in, rt.data[i]));
        }
    return f;
}

static bool is_entry(Program *prog, int first_user, int i) {
    Decl *d = prog->decls.data[i];
    return d->kind == D_DEF && i >= first_user && !d->qual && d->loc.file == prog->file &&
           (d->is_entry || !strcmp(d->name, "main"));
}

/* One internalisation of the program, knowing the recursive definitions found so far. */
static CProg *internalise_entries(I *in, Program *prog, int first_user) {
    CProg *p = xmalloc(sizeof *p);
    for (int i = first_user; i < prog->decls.len; i++)
        if (is_entry(prog, first_user, i)) {
            Decl *d = prog->decls.data[i];
            if (d->tparams.len && !d->tparams.data[0].is_size) {
                bool poly = false;
                for (int k = 0; k < d->tparams.len; k++)
                    poly |= !d->tparams.data[k].is_size;
                if (poly)
                    continue; /* a polymorphic main cannot be an entry point */
            }
            vec_push(&p->funs, entry(in, d));
        }
    /* the entry points first, in order; the functions of recursive definitions after them */
    for (int i = 0; i < in->recfuns.len; i++)
        vec_push(&p->funs, in->recfuns.data[i].fun);
    for (int i = 0; i < in->params.len; i++)
        vec_push(&p->thresholds, in->params.data[i]);
    return p;
}

CProg *core_internalise(Program *prog, int first_user) {
    Recursive *rec = xmalloc(sizeof *rec);
    I *volatile in = NULL;
    setjmp(rec->again); /* a recursive definition found: again, with it a function */
    in = xmalloc(sizeof *in);
    in->prog = prog;
    in->user_file = prog->file;
    in->rec = rec;
    return internalise_entries(in, prog, first_user);
}
