/* check.c — the type checker's declarations (module.c walks a program's declarations and
 * modules), functions (top-level and local), and the final walk that resolves every type
 * annotation in the AST.
 *
 * A function is checked one let-level deeper; afterwards its unconstrained type variables
 * become type parameters (let-polymorphism, as in Futhark).  Overloaded variables (from
 * literals and operators) are not generalised: they are solved by later uses in the same
 * top-level declaration or defaulted (i32, f64) when the declaration is done.
 * A def whose body is `intrinsics.NAME` is trusted: only its signature is checked.
 */
#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <string.h>

#include "check_int.h"

static bool is_intrinsic(Expr *body) {
    return body && body->kind == E_VAR && body->qual && !strcmp(body->qual, "intrinsics");
}

static void bind_tparams(TypeParamVec *tps, Binding *b) {
    for (int i = 0; i < tps->len; i++) {
        TypeParam *tp = &tps->data[i];
        for (int j = 0; j < i; j++)
            if (tps->data[j].name == tp->name)
                error_at(tp->loc, "duplicate type parameter \"%s\": it is also bound at %d:%d", tp->name,
                         tps->data[j].loc.line, tps->data[j].loc.col);
        if (tp->is_size) {
            Binding *sb = tc_env_bind_local(tp->name, type_prim(PRIM_I64), tp->loc);
            sb->is_size = true;
            if (b)
                vec_push(&b->svars, tp->name);
        } else {
            TypeEntry *te = xmalloc(sizeof *te);
            te->name = tp->name;
            te->type = type_param(tp->name);
            te->type->lift = tp->lifted ? '^' : tp->size_lifted ? '~' : 0;
            te->type->level = tc_level; /* its scope: no variable of an outer level may become it */
            te->lift = te->type->lift;
            te->is_param = true;
            tc_env_push_type(te);
            if (b)
                vec_push(&b->tvars, te->type);
        }
    }
}

/* A size parameter takes its value from the arguments or, when it is a size of the result
 * only (rep's [n] in *[n]t), from the type the call site gives the result; one that neither
 * mentions could never be known at a call (as in Futhark, an error). */
static void check_size_params_used(TypeParamVec *tparams, PatVec *params, Type **ps, int n, Type *rt) {
    for (int i = 0; i < tparams->len; i++) {
        TypeParam *tp = &tparams->data[i];
        if (!tp->is_size)
            continue;
        /* an inner pattern's type may name it where an outer one does not: (_, xs: [n]t): (i32, []t) */
        bool used = (rt && type_mentions_size(rt, tp->name)) || ast_size_bound_by_params(params, tp->name);
        for (int j = 0; j < n && !used; j++)
            used = type_mentions_size(ps[j], tp->name);
        if (!used && n == 0)
            error_at(tp->loc, "size parameter [%s] of a size-polymorphic value binding (one without "
                              "parameters): its value cannot be known at a use",
                     tp->name);
        if (!used)
            error_at(tp->loc, "size parameter [%s] is not the size of any parameter's array (it is used only "
                              "non-constructively), so its value cannot be known at a call",
                     tp->name);
    }
}

/* The type of a function of parameters of types ps and result rt. */
static Type *provisional_type(Type **ps, PatVec *params, Type *rt) {
    for (int i = params->len - 1; i >= 0; i--) {
        rt = type_arrow(ps[i], rt);
        rt->param_name = tc_pat_simple_name(params->data[i]);
    }
    return rt;
}

/* A top-level function is in scope of itself where its name is new and an identifier: as in
 * Futhark, a definition that reuses an earlier name (entry map1 xs = map1 f xs) calls that one,
 * and an operator's body (def (+) (a: v2) (b: v2) = {x = a.x + b.x, ...}) the builtin one.  The
 * prelude's namespace members (def (i32.+), b->qual "i32") are not in scope unqualified. */
static bool self_in_scope(Binding *b, int nparams) {
    if (!b || b->kind != BIND_DEF || !nparams || b->qual)
        return false;
    if (!isalpha((unsigned char)b->name[0]) && b->name[0] != '_')
        return false;
    return !tc_env_lookup(NULL, b->name);
}

/* ---- anonymous sizes of a return type, filled in from the body ----
 * As in Futhark, a `[]` in a function's return type is a size to infer, not necessarily an
 * existential one: where the body's type has there a size that only the function's parameters
 * determine (a constant, a parameter, a size parameter, an expression of those), the function
 * returns that size (`def r (l: i64) (x: []i32) : []i32 = take l x` returns `[l]i32`, so
 * `unflatten (r (a*b) xs)` is `[a][b]i32`); a size of a local variable stays existential. */

static bool pat_binds_value(const Pat *p, const char *name) {
    if (!p)
        return false;
    if (p->kind == P_ID && p->name == name)
        return true;
    for (int i = 0; i < p->elems.len; i++)
        if (pat_binds_value(p->elems.data[i], name))
            return true;
    return pat_binds_value(p->inner, name);
}

static bool size_of_signature(Size *s, const TypeParamVec *tparams, const PatVec *params) {
    s = size_prune(s);
    switch (s->kind) {
    case SIZE_CONST:
        return true;
    case SIZE_NAME:
        for (int i = 0; i < tparams->len; i++)
            if (tparams->data[i].is_size && tparams->data[i].name == s->name)
                return true;
        for (int i = 0; i < params->len; i++)
            if (pat_binds_value(params->data[i], s->name))
                return true;
        return ast_size_bound_by_params(params, s->name);
    case SIZE_EXPR:
        for (int i = 0; i < s->n; i++)
            if (!size_of_signature(s->args[i], tparams, params))
                return false;
        return true;
    default:
        return false;
    }
}

/* rt with its anonymous sizes replaced by bt's where bt's are of the signature (a copy along
 * the changed paths; rt itself is left alone). */
static Type *with_body_sizes(Type *rt, Type *bt, const TypeParamVec *tparams, const PatVec *params) {
    rt = type_prune(rt);
    bt = type_prune(bt);
    if (rt->kind != bt->kind)
        return rt;
    if (rt->kind == T_ARRAY) {
        Size *d = rt->dim;
        if (size_prune(d)->kind == SIZE_ANY && size_of_signature(bt->dim, tparams, params))
            d = size_prune(bt->dim);
        Type *elem = with_body_sizes(rt->elem, bt->elem, tparams, params);
        if (d == rt->dim && elem == rt->elem)
            return rt;
        Type *t = type_array(elem, d);
        t->unique = rt->unique;
        return t;
    }
    if ((rt->kind == T_TUPLE || rt->kind == T_RECORD) && rt->elems.len == bt->elems.len) {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(rt->elems.len + 1));
        bool changed = false;
        for (int i = 0; i < rt->elems.len; i++) {
            es[i] = with_body_sizes(rt->elems.data[i], bt->elems.data[i], tparams, params);
            changed |= es[i] != rt->elems.data[i];
        }
        if (!changed)
            return rt;
        Type *t = rt->kind == T_TUPLE ? type_tuple(rt->elems.len, es)
                                      : type_record(rt->elems.len, (const char **)rt->fields.data, es);
        t->unique = rt->unique;
        return t;
    }
    return rt;
}

/* A recursive use of a top-level function, inside its own body, sees it with the type its
 * parameters and result have so far (monomorphic, as in Futhark, but for its explicit type
 * and size parameters). */
Type *tc_check_function(TypeParamVec *tparams, PatVec *params, TypeExp *ret, Expr *body, Binding *b,
                     bool trusted) {
    Mark m = tc_env_mark();
    tc_level++;
    bind_tparams(tparams, b);
    NameVec seen = {0};
    int n = params->len;
    Type **ps = xmalloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        if (trusted && params->data[i]->kind != P_ASCRIBE)
            error_at(params->data[i]->loc, "a parameter of an intrinsic needs a type");
        ps[i] = tc_check_pat(params->data[i], NULL, &seen, true);
    }
    tc_check_size_names_distinct(tparams, &seen);
    Type *rt = ret ? tc_texp_to_type(ret) : NULL;
    check_size_params_used(tparams, params, ps, n, rt);
    if (trusted) {
        if (!rt)
            error_at(body->loc, "an intrinsic needs a return type");
        body->type = rt;
        body->binding = NULL;
        body->builtin = -1;
    } else {
        bool self_visible = self_in_scope(b, n);
        if (self_visible) {
            if (!rt)
                rt = type_var(0, tc_level);
            b->type = provisional_type(ps, params, rt);
            tc_env_push(b);
        }
        Type *bt = tc_check_expr(body, rt);
        if (rt && tc_consumer_for_nonconsumer(rt, bt))
            error_at(body->loc, "Function body does not have expected type %s: it is a consuming function (%s), "
                     "which the declared type does not allow", type_str(rt), type_str(bt));
        if (rt) {
            tc_expect_type(body, bt, rt, "Function body does not have expected type");
            rt = with_body_sizes(rt, bt, tparams, params);
        } else
            rt = bt;
        if (self_visible)
            tc_check_recursion(b, params, ps, rt, body);
    }
    rt = provisional_type(ps, params, rt);
    tc_level--;
    /* As in Futhark, a local function's inferred types are not generalised (its uses share
     * them: its types/inference5); its explicit type parameters make it polymorphic. */
    tc_gen_types = b->kind != BIND_LETFUN;
    tc_generalise(rt, b);
    tc_gen_types = true;
    tc_env_restore(m);
    return rt;
}

/* ---- resolution of all annotations ---- */

static void resolve_pat(Pat *p) {
    if (!p)
        return;
    p->type = tc_resolve_type(p->type);
    for (int i = 0; i < p->elems.len; i++)
        resolve_pat(p->elems.data[i]);
    resolve_pat(p->inner);
    if (p->lit)
        tc_resolve_expr(p->lit);
}

/* A pattern that binds (let, parameter, loop) must match every value of its type. */
static void resolve_binder(Pat *p) {
    resolve_pat(p);
    tc_check_irrefutable(p);
}

/* The type parameters and parameter patterns of the function a binding names, when its use
 * instantiated size variables (b->svars); false otherwise. */
static bool size_params_of(const Binding *b, const TypeParamVec **tps, const PatVec **params) {
    if (!b || !b->svars.len)
        return false;
    *tps = b->decl ? &b->decl->tparams : b->fun ? &b->fun->tparams : NULL;
    *params = b->decl ? &b->decl->params : b->fun ? &b->fun->params : NULL;
    return *tps != NULL;
}

/* A use of a function whose size parameter is not the size of any of its parameters' arrays
 * (unflatten's n and m, in [n*m]t): the use must determine it, as its value is passed from
 * there. */
static void check_inferred_sizes(Expr *e) {
    Binding *b = e->binding;
    const TypeParamVec *tps;
    const PatVec *params;
    if (!size_params_of(b, &tps, &params))
        return;
    for (int i = 0, k = 0; i < tps->len && k < e->size_args.len; i++) {
        if (!tps->data[i].is_size)
            continue;
        const char *n = tps->data[i].name;
        if (size_prune(e->size_args.data[k++])->kind == SIZE_ANY && !ast_size_bound_by_params(params, n))
            error_at(e->loc, "Ambiguous size: the size [%s] of '%s' (an instantiated size parameter of \"%s\") "
                             "cannot be inferred here: give the argument a type with that size (a coercion "
                             ":> [...]) or the result a type annotation",
                     n, b->name, b->name);
    }
}

/* ---- sizes a call leaves open, solved from an argument's length ----
 * A size parameter of a call that nothing in the definition determined (unflatten's n in
 * `unflatten xs` when a later use gave m only) is solved from an argument whose parameter's
 * outer size is n*s, s*n, n+s or s+n with s known at the call: n = d / s (or d - s), d the
 * argument's outer size (`length x` when its type does not say).  The call's check of that
 * parameter's size tests the rest (d not a multiple of s: a run-time size mismatch). */

static Decl *prelude_length; /* the prelude's `length`, for sizes `length x` */
static Decl *prelude_i64_max; /* the prelude's `i64.max`, for solved sizes never negative */

/* n from d = n*s (d / s) or d = n+s (d - s), d and s sizes: 0 where d / s divides by 0 (d == 0
 * makes n = 0 right; another d fails the call's check n*s == d) and where d - s is negative
 * (the check fails then). */
static Size *size_inverse(BinOp op, Size *d, Size *s) {
    Size *zero = size_const(0), *one = size_const(1), *args[2];
    if (!prelude_i64_max)
        return op == BIN_MUL ? size_binop(BIN_DIV, d, s) : size_binop(BIN_SUB, d, s);
    if (op == BIN_MUL) {
        args[0] = s;
        args[1] = one;
        return size_binop(BIN_DIV, d, size_call(prelude_i64_max, 2, args));
    }
    args[0] = size_binop(BIN_SUB, d, s);
    args[1] = zero;
    return size_call(prelude_i64_max, 2, args);
}

/* The size variable behind s (the last in its chain of links), or NULL when s is solved. */
static Size *open_size(Size *s) {
    Size *last = NULL;
    while (s && s->kind == SIZE_VAR) {
        last = s;
        s = s->link;
    }
    return !s || s->kind == SIZE_ANY ? last : NULL;
}

static bool size_known(Size *s) {
    s = size_prune(s);
    if (s->kind == SIZE_VAR || s->kind == SIZE_ANY)
        return false;
    for (int i = 0; s->kind == SIZE_EXPR && i < s->n; i++)
        if (!size_known(s->args[i]))
            return false;
    return true;
}

static const PatVec *def_params; /* the parameters of the definition being solved */

static bool pat_binds_at(Pat *p, const char *name, Loc loc) {
    if (!p)
        return false;
    if (p->kind == P_ID && p->name == name && p->loc.line == loc.line && p->loc.col == loc.col &&
        p->loc.file == loc.file)
        return true;
    for (int i = 0; i < p->elems.len; i++)
        if (pat_binds_at(p->elems.data[i], name, loc))
            return true;
    return pat_binds_at(p->inner, name, loc);
}

/* `length a` when a is a parameter of the definition (in scope in all of its body, so the
 * size means the same wherever the type goes), else NULL. */
static Size *param_length(Expr *a) {
    while (a->kind == E_PAREN || a->kind == E_ATTR)
        a = a->lhs;
    Binding *b = a->kind == E_VAR && !a->qual ? a->binding : NULL;
    if (!b || b->kind != BIND_LOCAL || !prelude_length || !def_params)
        return NULL;
    bool found = false;
    for (int i = 0; i < def_params->len && !found; i++)
        found = pat_binds_at(def_params->data[i], a->name, b->loc);
    if (!found)
        return NULL;
    Size *x = size_name(a->name);
    return size_call(prelude_length, 1, &x);
}

/* The outer size of argument a: its type's, else `length a` for a variable; NULL if neither. */
static Size *arg_outer_size(Expr *a) {
    Type *t = type_prune(a->type);
    if (!t || t->kind != T_ARRAY)
        return NULL;
    if (size_known(t->dim))
        return t->dim;
    return param_length(a);
}

/* The call's value of size parameter `name` in the callee's parameter type (NULL: not known). */
static Size *call_size_of(Size *s, const TypeParamVec *tps, Expr *use) {
    s = size_prune(s);
    if (s->kind == SIZE_NAME)
        for (int i = 0, k = 0; i < tps->len && k < use->size_args.len; i++) {
            if (!tps->data[i].is_size)
                continue;
            if (tps->data[i].name == s->name)
                return size_known(use->size_args.data[k]) ? use->size_args.data[k] : NULL;
            k++;
        }
    return s->kind == SIZE_CONST ? s : NULL;
}

/* `length a` for any local variable a (in scope at the call, maybe not where the call's type
 * goes: the caller gives it to that call only), else NULL. */
static Size *local_length(Expr *a) {
    while (a->kind == E_PAREN || a->kind == E_ATTR)
        a = a->lhs;
    Binding *b = a->kind == E_VAR && !a->qual ? a->binding : NULL;
    if (!b || b->kind != BIND_LOCAL || !prelude_length)
        return NULL;
    Size *x = size_name(a->name);
    return size_call(prelude_length, 1, &x);
}

static Size *name_argument(Expr *app, Expr *arg);

static bool solve_from_param(Size *var, Size **slot, const char *name, Type *pt, Expr *arg, const TypeParamVec *tps,
                             Expr *use, Expr *app) {
    pt = type_prune(pt);
    if (!pt || pt->kind != T_ARRAY)
        return false;
    Size *d = size_prune(pt->dim);
    if (d->kind != SIZE_EXPR || d->fn || (d->op != BIN_MUL && d->op != BIN_ADD))
        return false;
    for (int side = 0; side < 2; side++) {
        Size *me = size_prune(d->args[side]), *other = d->args[1 - side];
        if (me->kind != SIZE_NAME || me->name != name || size_mentions(other, name))
            continue;
        Size *o = call_size_of(other, tps, use), *len = arg_outer_size(arg);
        if (o && len) {
            var->link = size_inverse(d->op, len, o);
            return true;
        }
        if (o && (len = local_length(arg))) { /* this call's size only; elsewhere it stays unknown */
            *slot = size_inverse(d->op, len, o);
            return true;
        }
        if (o && (len = name_argument(app, arg))) { /* an expression: bound to a name first */
            *slot = size_inverse(d->op, len, o);
            return true;
        }
        return false;
    }
    return false;
}

/* A size parameter that is some parameter's outer size, given by an argument that is a
 * parameter of the definition of unknown size (xs: []t): it is `length xs`. */
static void name_from_param(Size *var, const char *name, const PatVec *params, Expr **args, int nargs) {
    for (int j = 0; j < params->len && j < nargs; j++) {
        Type *pt = type_prune(params->data[j]->type);
        if (!pt || pt->kind != T_ARRAY)
            continue;
        Size *d = size_prune(pt->dim);
        if (d->kind != SIZE_NAME || d->name != name)
            continue;
        Size *len = param_length(args[nargs - 1 - j]);
        if (len)
            var->link = len;
        return;
    }
}

/* An argument of app's chain that a size needs the length of, but that is no variable
 * (`f (\_ -> 0) (filter p xs)`): it is bound first, `let arg1' = filter p xs in f (\_ -> 0)
 * arg1'` (app becomes that let), and its length is `length arg1'`. */
static Size *name_argument(Expr *app, Expr *arg) {
    static int counter;
    Expr **slot = NULL;
    for (Expr *c = app; c && !slot; c = c->lhs) {
        if (c->kind != E_APPLY && c->kind != E_PAREN && c->kind != E_ATTR)
            break;
        for (int i = 0; c->kind == E_APPLY && i < c->args.len; i++)
            if (c->args.data[i] == arg)
                slot = &c->args.data[i];
    }
    if (!slot || !prelude_length)
        return NULL;
    const char *name = intern(xsprintf("arg%d'", ++counter));
    Binding *b = xmalloc(sizeof *b);
    b->kind = BIND_LOCAL;
    b->name = name;
    b->type = arg->type;
    b->loc = arg->loc;
    Expr *x = expr_new(E_VAR, arg->loc);
    x->name = name;
    x->binding = b;
    x->type = arg->type;
    *slot = x;
    Expr *call = expr_new(E_APPLY, app->loc);
    *call = *app;
    Pat *p = pat_new(P_ID, arg->loc);
    p->name = name;
    p->type = arg->type;
    app->kind = E_LET;
    app->args.data = NULL;
    app->args.len = app->args.cap = 0;
    app->pat = p;
    app->lhs = arg;
    app->body = call;
    Size *v = size_name(name);
    return size_call(prelude_length, 1, &v);
}

/* A size parameter that is the outer size of a parameter of the function a call's result is
 * (f [n] (g: [n]t -> t) : [n]t -> i64, applied to two arguments): the length of that argument. */
static bool solve_from_result(Size *var, Size **slot, const char *name, Binding *b, int nparams, Expr *app,
                              Expr **args, int nargs) {
    Type *rt = b->decl ? type_prune(b->decl->type) : NULL;
    for (int j = 0; j < nparams && rt && rt->kind == T_ARROW; j++)
        rt = type_prune(rt->ret);
    for (int j = nparams; j < nargs && rt && rt->kind == T_ARROW; j++, rt = type_prune(rt->ret)) {
        Type *pt = type_prune(rt->param);
        Size *d = pt->kind == T_ARRAY ? size_prune(pt->dim) : NULL;
        if (!d || d->kind != SIZE_NAME || d->name != name)
            continue;
        Expr *arg = args[nargs - 1 - j];
        Size *len = arg_outer_size(arg);
        if (len) {
            var->link = len;
            return true;
        }
        len = local_length(arg);
        if (!len)
            len = name_argument(app, arg);
        if (len)
            *slot = len;
        return len != NULL;
    }
    return false;
}

static void solve_call_sizes(Expr *app) {
    Vec(Expr *) args = {0};
    Expr *f = app;
    while (f->kind == E_APPLY || f->kind == E_PAREN || f->kind == E_ATTR) {
        if (f->kind == E_APPLY)
            for (int i = f->args.len - 1; i >= 0; i--)
                vec_push(&args, f->args.data[i]);
        f = f->lhs;
    }
    Binding *b = f->kind == E_VAR ? f->binding : NULL;
    const TypeParamVec *tps;
    const PatVec *params;
    if (!size_params_of(b, &tps, &params))
        return;
    for (bool progress = true; progress;) { /* one solved size may give another's known side */
        progress = false;
        for (int i = 0, k = 0; i < tps->len && k < f->size_args.len; i++) {
            if (!tps->data[i].is_size)
                continue;
            Size *var = open_size(f->size_args.data[k++]);
            if (!var)
                continue;
            if (ast_size_bound_by_params(params, tps->data[i].name)) {
                name_from_param(var, tps->data[i].name, params, args.data, args.len);
                continue;
            }
            for (int j = 0; j < params->len && j < args.len; j++)
                if (solve_from_param(var, &f->size_args.data[k - 1], tps->data[i].name, params->data[j]->type,
                                     args.data[args.len - 1 - j], tps, f, app)) {
                    if (app->kind != E_APPLY)
                        return; /* app is a let now (name_argument) */
                    progress = true;
                    break;
                }
            if (!progress && solve_from_result(var, &f->size_args.data[k - 1], tps->data[i].name, b, params->len,
                                               app, args.data, args.len)) {
                if (app->kind != E_APPLY)
                    return; /* app is a let now: its chain (and args) moved into it */
                progress = true;
            }
        }
    }
}

static void solve_sizes_walk(Expr *e) {
    if (!e)
        return;
    ast_each_child(e, solve_sizes_walk); /* inner calls first: their sizes are the outer's arguments' */
    if (e->kind == E_APPLY)
        solve_call_sizes(e);
}

/* An unsuffixed literal takes the type its context gives it; a value that type cannot hold is an
 * error, as in Futhark (`def x : i8 = 128`).  `negated`: the literal is the operand of a unary
 * minus (-128 is an i8).  A suffixed literal was checked by the parser. */
static void check_literal_range(Expr *lit, bool negated) {
    Type *t = type_prune(lit->type);
    if (lit->prim != PRIM_NONE || !t || t->kind != T_PRIM)
        return;
    PrimType p = t->prim;
    if (lit->kind == E_FLOAT || (lit->kind == E_INT && prim_is_float(p))) {
        double v = lit->kind == E_FLOAT ? lit->fval : (double)lit->ival;
        if (!(v <= prim_float_max(p)))
            error_at(lit->loc, "literal %s%g out of bounds for its inferred type %s", negated ? "-" : "", v,
                     prim_name(p));
        return;
    }
    if (lit->kind != E_INT || prim_is_float(p) || p == PRIM_BOOL)
        return;
    int bits = prim_bits(p);
    uint64_t limit = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (prim_is_signed(p) && !lit->bit_pattern)
        limit = (UINT64_C(1) << (bits - 1)) - (negated ? 0 : 1);
    if (lit->ival > limit || (negated && !prim_is_signed(p) && lit->ival != 0))
        error_at(lit->loc, "integer literal %s%" PRIu64 " out of bounds for its inferred type %s", negated ? "-" : "",
                 lit->ival, prim_name(p));
}

/* ---- sum types that only constructors give ----
 * As in Futhark, the type of `#bar 12` is open (any sum type with a constructor #bar of an
 * integer payload) until something fixes it: a type annotation, a parameter's or the result's
 * type.  A definition's own type keeps such a type (it becomes the sum of the constructors
 * seen), but one left open inside the body is ambiguous (Futhark's "Type is ambiguous"). */

static Vec(Type *) sums_of_def; /* the open sum types in the definition's type */
static bool check_open_sums;    /* resolving a definition's body */

static void collect_open_sums(Type *t) {
    t = type_prune(t);
    if (!t)
        return;
    if (t->kind == T_VAR && t->sum)
        vec_push(&sums_of_def, t);
    if (t->kind == T_ARRAY)
        collect_open_sums(t->elem);
    if (t->kind == T_ARROW) {
        collect_open_sums(t->param);
        collect_open_sums(t->ret);
    }
    for (int i = 0; t->kind != T_ARRAY && i < t->elems.len; i++)
        collect_open_sums(t->elems.data[i]);
}

static Type *open_sum_in(Type *t) {
    t = type_prune(t);
    if (!t)
        return NULL;
    if (t->kind == T_VAR && t->sum) {
        for (int i = 0; i < sums_of_def.len; i++)
            if (sums_of_def.data[i] == t)
                return NULL;
        return t;
    }
    Type *r = NULL;
    if (t->kind == T_ARRAY)
        r = open_sum_in(t->elem);
    if (t->kind == T_ARROW && !(r = open_sum_in(t->param)))
        r = open_sum_in(t->ret);
    for (int i = 0; !r && t->kind != T_ARRAY && i < t->elems.len; i++)
        r = open_sum_in(t->elems.data[i]);
    return r;
}

static void check_not_open_sum(Expr *e) {
    Type *v = check_open_sums ? open_sum_in(e->type) : NULL;
    if (!v)
        return;
    char *cs = xsprintf("#%s", v->fields.data[0]);
    for (int i = 1; i < v->fields.len; i++)
        cs = xsprintf("%s, #%s", cs, v->fields.data[i]);
    error_at(e->loc, "Type is ambiguous: a sum type with the constructor%s %s, but nothing says which; "
             "add a type annotation", v->fields.len > 1 ? "s" : "", cs);
}

void tc_resolve_expr(Expr *e) {
    if (!e)
        return;
    if (e->kind == E_NEG && e->lhs && (e->lhs->kind == E_INT || e->lhs->kind == E_FLOAT) &&
        e->lhs->prim == PRIM_NONE) {
        e->lhs->type = tc_resolve_type(e->lhs->type);
        check_literal_range(e->lhs, true);
        if (e->lhs->type && e->lhs->type->kind == T_PRIM)
            e->lhs->prim = e->lhs->type->prim; /* checked: not again as an unnegated literal */
    }
    for (int i = 0; i < e->size_args.len; i++)
        e->size_args.data[i] = tc_resolve_size(e->size_args.data[i]);
    check_inferred_sizes(e);
    ast_each_child(e, tc_resolve_expr);
    resolve_binder(e->pat);
    resolve_binder(e->loop_pat);
    for (int i = 0; i < e->params.len; i++)
        resolve_binder(e->params.data[i]);
    for (int i = 0; i < e->cases.len; i++)
        resolve_pat(e->cases.data[i]);
    check_not_open_sum(e);
    e->type = tc_resolve_type(e->type);
    if (e->inst)
        e->inst = tc_resolve_type(e->inst);
    if (e->kind == E_MATCH)
        tc_check_exhaustive(e);
    if ((e->kind == E_INT || e->kind == E_FLOAT) && e->type && e->type->kind == T_PRIM) {
        check_literal_range(e, false);
        e->prim = e->type->prim;
    }
}

/* ---- declarations ---- */

static bool has_param(Type *t) {
    t = type_prune(t);
    switch (t->kind) {
    case T_PARAM:
        return true;
    case T_ARRAY:
        return has_param(t->elem);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (has_param(t->elems.data[i]))
                return true;
        return false;
    case T_ARROW:
        return has_param(t->param) || has_param(t->ret);
    default:
        return false;
    }
}

static void check_entry(Decl *d, Binding *b) {
    const char *name = d->qual ? xsprintf("%s.%s", d->qual, d->name) : d->name;
    if (b->tvars.len || has_param(d->type))
        error_at(d->loc, "Entry point functions may not be polymorphic: '%s' has type %s", name,
                 type_str(d->type));
    for (int i = 0; i < d->params.len; i++)
        if (type_has_arrow(d->params.data[i]->type))
            error_at(d->params.data[i]->loc,
                     "Entry point functions may not be higher-order: '%s' takes a function as a parameter", name);
    Type *r = d->type;
    for (int i = 0; i < d->params.len; i++)
        r = type_prune(r)->ret;
    if (type_has_arrow(r))
        error_at(d->loc, "Entry point functions may not be higher-order: '%s' returns a functional value", name);
    for (int i = 0; i < d->tparams.len; i++) /* no call site gives an entry point its sizes */
        if (d->tparams.data[i].is_size && !ast_size_bound_by_params(&d->params, d->tparams.data[i].name))
            error_at(d->tparams.data[i].loc, "Entry point size parameter [%s] is not the size of any "
                                             "parameter's array (it is used only non-constructively), so its "
                                             "value cannot be known when the entry point is called",
                     d->tparams.data[i].name);
}

/* The type of d's body: d's type after its parameters. */
static Type *body_type(Decl *d) {
    Type *t = type_prune(d->type);
    for (int i = 0; i < d->params.len; i++)
        t = type_prune(t->ret);
    return t;
}

/* An entry point written point-free (`entry main = map f`, `entry scale k = map (*k)`): the
 * parameters of the function its body gives become its own, as `entry main x0 = (map f) x0`
 * (every later stage reads an entry point's parameters from its patterns). */
static void eta_expand(Decl *d) {
    Type *t = body_type(d);
    Expr *app = expr_new(E_APPLY, d->body->loc);
    app->lhs = d->body;
    for (int i = d->params.len; t->kind == T_ARROW; i++, t = type_prune(t->ret)) {
        Pat *p = pat_new(P_ID, d->loc);
        p->name = intern(xsprintf("arg%d'", i));
        p->type = t->param;
        Binding *b = xmalloc(sizeof *b);
        b->kind = BIND_LOCAL;
        b->name = p->name;
        b->type = t->param;
        b->loc = d->loc;
        b->is_param = true;
        Expr *x = expr_new(E_VAR, d->loc);
        x->name = p->name;
        x->binding = b;
        x->type = t->param;
        vec_push(&d->params, p);
        vec_push(&app->args, x);
    }
    app->type = t;
    d->body = app;
}

/* A definition's binding, with the type its annotations give (every parameter and the result
 * annotated): what a use before the definition (mutual recursion) sees.  NULL if some
 * annotation is missing. */
Binding *tc_signature(Decl *d) {
    if (!d->ret)
        return NULL;
    for (int i = 0; i < d->params.len; i++)
        if (d->params.data[i]->kind != P_ASCRIBE)
            return NULL;
    Binding *b = xmalloc(sizeof *b);
    b->kind = BIND_DEF;
    b->name = d->name;
    b->loc = d->loc;
    b->decl = d;
    Mark m = tc_env_mark();
    tc_level++;
    bind_tparams(&d->tparams, b);
    NameVec seen = {0};
    Type **ps = xmalloc(sizeof(Type *) * (size_t)(d->params.len + 1));
    for (int i = 0; i < d->params.len; i++)
        ps[i] = tc_check_pat(ast_clone_pat(d->params.data[i]), NULL, &seen, true);
    Type *rt = provisional_type(ps, &d->params, tc_texp_to_type(ast_clone_texp(d->ret)));
    tc_level--;
    tc_generalise(rt, b);
    tc_env_restore(m);
    b->type = tc_resolve_type(rt);
    return b;
}

/* A definition's type may not keep a record whose fields only its uses name (def f x = x.l):
 * Futhark has no row polymorphism, so which record it is is ambiguous. */
static void check_no_open_record(Type *t, Decl *d) {
    t = type_prune(t);
    if (t->kind == T_VAR && t->fields.len && !t->sum && !t->prims)
        error_at(d->loc, "the type of \"%s\" is ambiguous: a value of it has the field \"%s\", but no type "
                 "says which record (or tuple) it is; write the type", d->name, t->fields.data[0]);
    if (t->kind == T_ARRAY)
        check_no_open_record(t->elem, d);
    if (t->kind == T_ARROW) {
        check_no_open_record(t->param, d);
        check_no_open_record(t->ret, d);
    }
    if (t->kind == T_TUPLE || t->kind == T_RECORD || t->kind == T_SUM)
        for (int i = 0; i < t->elems.len; i++)
            check_no_open_record(t->elems.data[i], d);
}

Binding *tc_check_def(Decl *d, bool entry, Binding *pre) {
    Binding *b = pre ? pre : xmalloc(sizeof *b);
    b->kind = BIND_DEF;
    b->name = d->name;
    b->loc = d->loc;
    b->decl = d;
    b->tvars.len = b->svars.len = 0;
    bool trusted = is_intrinsic(d->body);
    tc_gen_sizes = !entry && !trusted;
    Type *t = tc_check_function(&d->tparams, &d->params, d->ret, d->body, b, trusted);
    tc_gen_sizes = false;
    if (trusted && d->body->name == intern("length") && d->name == intern("length") && !d->qual)
        prelude_length = d;
    if (d->qual == intern("i64") && d->name == intern("max") && d->params.len == 2 && d->loc.file &&
        strstr(d->loc.file, "prelude"))
        prelude_i64_max = d;
    check_no_open_record(t, d);
    if (!trusted) {
        def_params = &d->params;
        solve_sizes_walk(d->body);
        def_params = NULL;
        sums_of_def.len = 0;
        collect_open_sums(t);
        check_open_sums = true;
        tc_resolve_expr(d->body);
        check_open_sums = false;
    }
    for (int i = 0; i < d->params.len; i++)
        resolve_binder(d->params.data[i]);
    d->type = tc_resolve_type(t);
    b->type = d->type;
    if (entry) {
        if (body_type(d)->kind == T_ARROW)
            eta_expand(d);
        check_entry(d, b);
    }
    if (!trusted)
        tc_consume_check_decl(d);
    return b;
}

/* A type abbreviation's parameters have distinct names, and each size parameter is a size of
 * the type it stands for (Futhark's rule: otherwise nothing could ever determine it). */
static void check_type_params(Decl *d, Type *t) {
    for (int i = 0; i < d->tparams.len; i++) {
        TypeParam *tp = &d->tparams.data[i];
        for (int j = 0; j < i; j++)
            if (d->tparams.data[j].name == tp->name)
                error_at(tp->loc, "the parameter '%s' of type '%s' repeats a name bound previously, at line %d",
                         tp->name, d->name, d->tparams.data[j].loc.line);
        if (tp->is_size && !type_mentions_size(t, tp->name))
            error_at(tp->loc, "Size parameter \"[%s]\" of type '%s' is unused: no size of the "
                     "type it stands for is %s", tp->name, d->name, tp->name);
    }
}

/* A type abbreviation declared without ^ or ~ stands for a type with no functions and no
 * unknown sizes, so its definition cannot name a lifted type (Futhark's rule). */
static void check_unlifted_texp(Decl *d, TypeExp *t) {
    if (!t)
        return;
    if ((t->kind == TE_NAME || t->kind == TE_APPLY) && t->prim == PRIM_NONE) {
        TypeEntry *te = tc_env_lookup_type(t->qual, t->name);
        if (te && te->lift)
            error_at(t->loc, "the type \"%s\" is %slifted, so '%s' (declared with 'type', not 'type%c') "
                     "cannot use it.  Non-lifted type abbreviations may not contain %s.", t->name,
                     te->lift == '~' ? "size-" : "", d->name, te->lift,
                     te->lift == '~' ? "size-lifted types" : "functions");
    }
    if (t->kind == TE_EXIST || t->kind == TE_ARROW)
        return; /* errors of their own, not checked here */
    check_unlifted_texp(d, t->elem);
    for (int i = 0; i < t->elems.len; i++)
        check_unlifted_texp(d, t->elems.data[i]);
}

/* An anonymous size ([]) in a function parameter's type inside t, or NULL: an abbreviation
 * cannot say which size that is (nothing constructs it; Futhark's rule: name it with a size
 * parameter of the abbreviation, type^ t [n] = [n]bool -> bool). */
static const TypeExp *anonymous_param_size(const TypeExp *t, bool in_param) {
    if (!t)
        return NULL;
    if (in_param && t->kind == TE_ARRAY && t->dim.kind == DIM_ANY)
        return t;
    for (int i = 0; in_param && t->kind == TE_APPLY && i < t->dim_args.len; i++)
        if (t->dim_args.data[i].kind == DIM_ANY)
            return t;
    if (t->kind == TE_ARROW) {
        const TypeExp *a = anonymous_param_size(t->elem, true);
        return a ? a : anonymous_param_size(t->ret, in_param);
    }
    const TypeExp *a = anonymous_param_size(t->elem, in_param);
    for (int i = 0; !a && i < t->elems.len; i++)
        a = anonymous_param_size(t->elems.data[i], in_param);
    return a;
}

TypeEntry *tc_check_type_decl(Decl *d) {
    TypeEntry *te = xmalloc(sizeof *te);
    te->name = d->name;
    te->qual = d->qual;
    Mark m = tc_env_mark();
    for (int i = 0; i < d->tparams.len; i++) {
        TypeParam *tp = &d->tparams.data[i];
        if (tp->is_size) {
            tc_env_bind_local(tp->name, type_prim(PRIM_I64), tp->loc);
            vec_push(&te->sparams, tp->name);
        } else {
            TypeEntry *pe = xmalloc(sizeof *pe);
            pe->name = tp->name;
            pe->type = type_param(tp->name);
            pe->is_param = true;
            pe->lift = tp->lifted ? '^' : tp->size_lifted ? '~' : 0;
            pe->type->lift = pe->lift;
            tc_env_push_type(pe);
            vec_push(&te->tparams, pe->type);
        }
    }
    te->type = tc_texp_to_type(d->ret);
    te->texp = d->ret;
    te->lift = d->lift;
    const TypeExp *anon = anonymous_param_size(d->ret, false);
    if (anon)
        error_at(anon->loc, "the type '%s' has an anonymous size ([]) in a function parameter's type, which "
                 "nothing could determine: name it with a size parameter of '%s'", d->name, d->name);
    check_type_params(d, te->type);
    if (!d->lift)
        check_unlifted_texp(d, d->ret);
    tc_env_restore(m);
    return te;
}
