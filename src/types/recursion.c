/* recursion.c — Futhark's restrictions on a recursive top-level function, checked once its
 * body is: what makes a recursive function compilable by specialisation on its function
 * arguments (one version per definition, lambda or section passed in, not one per call).
 *
 *   - its result is first-order: no function in the result type (`def add n : i64 -> i64`
 *     recursing returns a new closure per level; write the function's argument as a parameter);
 *   - where it has higher-order parameters (of a function type, or of a lifted type parameter
 *     '^a, which may be one), every reference to it in its own body is a call with all its
 *     arguments, and each higher-order argument is the parameter itself, passed unchanged.
 *
 * A first-order recursive function may still be partially applied in its own body (weft's
 * compiled backends handle that; Futhark's tests only exercise the higher-order case).
 * Mutual recursion (weft only) is not restricted here. */
#include "check_int.h"

static bool type_is_higher_order(Type *t) {
    t = type_prune(t);
    if (!t)
        return false;
    switch (t->kind) {
    case T_ARROW:
        return true;
    case T_PARAM:
        return t->lift == '^';
    case T_ARRAY:
        return type_is_higher_order(t->elem);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (type_is_higher_order(t->elems.data[i]))
                return true;
        return false;
    default:
        return false;
    }
}

/* The name a parameter pattern binds when it is a plain name (x, or (x: t)); NULL otherwise. */
static const Pat *param_name_pat(const Pat *p) {
    while (p && p->kind == P_ASCRIBE)
        p = p->inner;
    return p && p->kind == P_ID ? p : NULL;
}

static Binding *rec_fn;            /* the function whose body is walked */
static const PatVec *rec_params;   /* its parameters */
static Type **rec_param_types;     /* their types */

static bool is_self(const Expr *e) {
    while (e && e->kind == E_PAREN)
        e = e->lhs;
    return e && e->kind == E_VAR && e->binding == rec_fn;
}

/* Is the argument the parameter p itself (its binding made at p's location)? */
static bool is_param_itself(const Expr *arg, const Pat *p) {
    while (arg && arg->kind == E_PAREN)
        arg = arg->lhs;
    if (!arg || arg->kind != E_VAR || !p || arg->qual)
        return false;
    const Binding *b = arg->binding;
    return b && b->name == p->name && b->loc.line == p->loc.line && b->loc.col == p->loc.col &&
           b->loc.file == p->loc.file;
}

static void check_self_call(Expr *call) {
    int n = rec_params->len;
    if (call->args.len < n)
        error_at(call->loc, "Recursive application of \"%s\" is not fully saturated: it gives %d of its %d "
                 "arguments, and a recursive function with a higher-order parameter must be called with all "
                 "of them", rec_fn->name, call->args.len, n);
    for (int i = 0; i < n; i++) {
        if (!type_is_higher_order(rec_param_types[i]))
            continue;
        const Pat *p = param_name_pat(rec_params->data[i]);
        if (!is_param_itself(call->args.data[i], p))
            error_at(call->args.data[i]->loc, "The higher-order argument %d of the recursive call of \"%s\" "
                     "must be passed unchanged: the parameter%s%s%s itself", i + 1, rec_fn->name,
                     p ? " \"" : "", p ? p->name : "", p ? "\"" : "");
    }
}

static void walk(Expr *e) {
    if (e->kind == E_APPLY && is_self(e->lhs)) {
        check_self_call(e);
        for (int i = 0; i < e->args.len; i++)
            walk(e->args.data[i]);
        return;
    }
    if (is_self(e))
        error_at(e->loc, "\"%s\" is recursive and has a higher-order parameter: in its own body it may only "
                 "be referenced in a saturated application (all its arguments given)", rec_fn->name);
    ast_each_child(e, walk);
}

static bool mentions_self(Expr *e);
static bool found_self;
static void find_self(Expr *e) {
    if (found_self)
        return;
    if (e->kind == E_VAR && e->binding == rec_fn)
        found_self = true;
    else
        ast_each_child(e, find_self);
}
static bool mentions_self(Expr *e) {
    found_self = false;
    find_self(e);
    return found_self;
}

void tc_check_recursion(Binding *b, const PatVec *params, Type **param_types, Type *result, Expr *body) {
    rec_fn = b;
    rec_params = params;
    rec_param_types = param_types;
    if (mentions_self(body)) {
        if (type_is_higher_order(result))
            error_at(b->loc, "The result of the recursive function \"%s\" is not first-order (%s): a recursive "
                     "function may not return a function; make the function's argument a parameter instead",
                     b->name, type_str(result));
        bool higher_order = false;
        for (int i = 0; i < params->len; i++)
            higher_order |= type_is_higher_order(param_types[i]);
        if (higher_order)
            walk(body);
    }
    rec_fn = NULL;
}
