/* check_apply.c — function application, binary operators and operator sections.
 *
 * Application: a chain f a b c (also written (f a) b, or built by |>) is checked as one call.
 * The function's type gives every parameter type first; then the arguments that are not
 * function literals are checked, and only then the lambdas and sections, with their expected
 * parameter types as hints.  So in `map (\r -> r.x) rs` the lambda sees rs's element type.
 * A named parameter (n: i64) -> [n]t gets a size from its argument: a variable names the
 * size, a literal gives a constant, arithmetic on sizes a size expression (iota (n*m) has
 * type [n*m]i64), anything else an unknown size.
 *
 * Operators are overloaded as in Futhark: arithmetic on numbers, bitwise on integers,
 * comparisons on primitive types, == on equality types, && || on bool, ++ on arrays, and
 * >-> <-< compose functions.  Both operands have the same type.
 */
#include "check_int.h"

static Type *fresh(void) { return type_var(0, tc_level); }

static Expr *strip_parens(Expr *e) {
    while (e->kind == E_PAREN || e->kind == E_ATTR)
        e = e->lhs;
    return e;
}

static const char *fun_desc(Expr *f) {
    f = strip_parens(f);
    if (f->kind == E_VAR)
        return f->qual ? xsprintf("'%s.%s'", f->qual, f->name) : xsprintf("'%s'", f->name);
    return "the function";
}

/* The function and argument i (0-based) as the "Cannot apply" messages name them: a variable
 * by its name in double quotes, anything else by what it is. */
static const char *apply_fun_desc(Expr *f) {
    f = strip_parens(f);
    if (f->kind == E_VAR)
        return f->qual ? xsprintf("\"%s.%s\"", f->qual, f->name) : xsprintf("\"%s\"", f->name);
    return "function";
}

static const char *apply_arg_desc(Expr *a, int i) {
    a = strip_parens(a);
    if (a->kind == E_VAR && !a->qual)
        return xsprintf("\"%s\" (argument %d)", a->name, i + 1);
    return xsprintf("argument %d", i + 1);
}

static bool is_fun_literal(Expr *a) {
    a = strip_parens(a);
    return a->kind == E_LAMBDA || a->kind == E_SECTION;
}

static void bind_param_size(Size *ps, Expr *arg) {
    ps = size_prune(ps);
    if (ps && ps->kind == SIZE_VAR)
        ps->link = tc_size_of_expr(arg);
}

/* s with the size old (the node itself, before links are followed) or the name old_name
 * replaced by to. */
static Size *replace_size(Size *s, Size *old, const char *old_name, Size *to) {
    if (s == old)
        return to;
    if (s->kind == SIZE_VAR && s->link)
        return replace_size(s->link, old, old_name, to);
    if (s->kind == SIZE_NAME && s->name == old_name)
        return to;
    if (s->kind != SIZE_EXPR)
        return s;
    Size **args = xmalloc((size_t)(s->n + 1) * sizeof *args);
    bool changed = false;
    for (int i = 0; i < s->n; i++) {
        args[i] = replace_size(s->args[i], old, old_name, to);
        changed |= args[i] != s->args[i];
    }
    if (!changed)
        return s;
    Size *r = xmalloc(sizeof *r);
    *r = *s;
    r->args = args;
    return r;
}

static Type *replace_in_type(Type *t, Size *old, const char *old_name, Size *to) {
    t = type_prune(t);
    Type *r;
    switch (t->kind) {
    case T_ARRAY: {
        Size *d = replace_size(t->dim, old, old_name, to);
        Type *e = replace_in_type(t->elem, old, old_name, to);
        if (d == t->dim && e == type_prune(t->elem))
            return t;
        r = type_array(e, d);
        break;
    }
    case T_TUPLE:
    case T_RECORD:
    case T_SUM: {
        bool changed = false;
        Type **es = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++) {
            es[i] = replace_in_type(t->elems.data[i], old, old_name, to);
            changed |= es[i] != type_prune(t->elems.data[i]);
        }
        if (!changed)
            return t;
        r = t->kind == T_TUPLE  ? type_tuple(t->elems.len, es)
            : t->kind == T_SUM ? type_sum(t->elems.len, t->fields.data, es)
                               : type_record(t->elems.len, t->fields.data, es);
        break;
    }
    case T_ARROW: {
        Type *p = replace_in_type(t->param, old, old_name, to);
        Type *q = t->param_name == old_name ? t->ret : replace_in_type(t->ret, old, old_name, to);
        if (p == type_prune(t->param) && q == type_prune(t->ret))
            return t;
        r = type_arrow(p, q);
        r->param_name = t->param_name;
        r->param_size = t->param_size;
        break;
    }
    default:
        return t;
    }
    r->unique = t->unique;
    return r;
}

/* A function type with a named parameter ((k: i64) -> [k]t) as one call sees it: k a fresh
 * size, which the argument gives.  Each call gets its own, also when the function is not a
 * variable instantiated at its use (a record's field, a parameter). */
static Type *fresh_named_arrow(Type *t) {
    if (!t->param_name)
        return t;
    Size *ps = size_var();
    Type *r = type_arrow(t->param, replace_in_type(t->ret, t->param_size, t->param_name, ps));
    r->param_name = t->param_name;
    r->param_size = ps;
    r->unique = t->unique;
    return r;
}

typedef struct {
    Expr *arg;
    Type *param;
    Type *arrow;
} ArgSlot;

/* Whether a function of type at, which consumes its argument (*t -> ...), is passed where the
 * parameter's type (ep, before unification) wants one that does not: a type parameter's
 * instance or a type written without *.  Futhark rejects it: the callee may use its argument
 * again after the call. */
bool tc_consumer_for_nonconsumer(Type *ep, Type *at) {
    ep = type_prune(ep);
    at = type_prune(at);
    if (ep->kind != T_ARROW || at->kind != T_ARROW)
        return false;
    Type *want = type_prune(ep->param);
    if (type_prune(at->param)->unique && !want->unique)
        return true;
    return tc_consumer_for_nonconsumer(ep->ret, at->ret);
}

/* A function whose result may alias something (not unique) passed where the parameter's type
 * promises a unique result (() -> *[n]t): the callee would consume what it returns. */
static bool shared_result_for_unique(Type *ep, Type *at) {
    ep = type_prune(ep);
    at = type_prune(at);
    if (ep->kind != T_ARROW || at->kind != T_ARROW)
        return false;
    Type *er = type_prune(ep->ret), *ar = type_prune(at->ret);
    if (er->kind == T_ARROW)
        return shared_result_for_unique(er, ar);
    return er->unique && ar->kind != T_VAR && !ar->unique && type_has_array(ar);
}

/* Is the argument a function whose result type is written (a def or local function with a
 * return type, a lambda with one)?  An inferred result is not marked unique even where it is
 * fresh, so only a written one says "not unique". */
static bool result_written(Expr *a) {
    while (a->kind == E_PAREN)
        a = a->lhs;
    if (a->kind == E_LAMBDA)
        return a->texp != NULL;
    Binding *b = a->kind == E_VAR ? a->binding : NULL;
    if (!b)
        return false;
    if (b->kind == BIND_DEF)
        return b->decl && b->decl->ret;
    return b->kind == BIND_LETFUN && b->fun && b->fun->texp;
}

static void check_arg(ArgSlot *s, int i, Expr *f) {
    Type *at = tc_check_expr(s->arg, s->param);
    if (result_written(s->arg) && shared_result_for_unique(s->param, at))
        error_at(s->arg->loc, "Cannot apply %s to %s: its type (%s) returns a result that is not unique, but the parameter's type (%s) "
                 "returns a unique one", apply_fun_desc(f), apply_arg_desc(s->arg, i), type_str(at),
                 type_str(s->param));
    if (tc_consumer_for_nonconsumer(s->param, at))
        error_at(s->arg->loc, "Cannot apply %s to %s: a consuming function (%s) may not be passed where the "
                 "parameter's type (%s) does not consume its argument", apply_fun_desc(f), apply_arg_desc(s->arg, i),
                 type_str(at), type_str(s->param));
    tc_unify_why = NULL;
    if (!tc_unify(s->param, at, true))
        error_at(s->arg->loc, "Cannot apply %s to %s: expected %s but got %s%s%s", apply_fun_desc(f),
                 apply_arg_desc(s->arg, i), type_str(s->param), type_str(at), tc_unify_why ? " — " : "", tc_unify_why ? tc_unify_why : "");
    if (s->arrow->param_size)
        bind_param_size(s->arrow->param_size, s->arg);
}

Type *tc_check_apply(Expr *e) {
    /* the chain of application (and parenthesis) nodes, outermost first */
    Vec(Expr *) chain = {0};
    Expr *f = e;
    for (;;) {
        if (f->kind == E_APPLY) {
            vec_push(&chain, f);
            f = f->lhs;
        } else if (f->kind == E_PAREN && strip_parens(f)->kind == E_APPLY) {
            vec_push(&chain, f);
            f = f->lhs;
        } else {
            break;
        }
    }
    Vec(ArgSlot) args = {0};
    Vec(int) upto = {0}; /* per chain node (innermost first): number of args applied */
    for (int k = chain.len - 1; k >= 0; k--) {
        Expr *c = chain.data[k];
        if (c->kind == E_APPLY)
            for (int i = 0; i < c->args.len; i++)
                vec_push(&args, ((ArgSlot){c->args.data[i], NULL, NULL}));
        vec_push(&upto, args.len);
    }

    Type *cur = tc_check_expr(f, NULL);
    Type **after = xmalloc(sizeof(Type *) * (size_t)(args.len + 1));
    after[0] = cur;
    for (int i = 0; i < args.len; i++) {
        Type *t = type_prune(cur);
        if (t->kind == T_VAR) {
            Type *arrow = type_arrow(fresh(), fresh());
            tc_unify_why = NULL;
            if (!tc_unify(t, arrow, false))
                error_at(f->loc, "%s has type %s and cannot be applied%s%s", fun_desc(f), type_str(t),
                         tc_unify_why ? ": " : "", tc_unify_why ? tc_unify_why : "");
            t = arrow;
        }
        if (t->kind != T_ARROW) {
            if (i == 0)
                error_at(f->loc, "Cannot apply %s as function: it has type %s",
                         strip_parens(f)->kind == E_VAR ? apply_fun_desc(f) : "expression", type_str(t));
            error_at(args.data[i].arg->loc, "too many arguments: %s takes %d argument%s", fun_desc(f), i,
                     i == 1 ? "" : "s");
        }
        t = fresh_named_arrow(t);
        args.data[i].param = t->param;
        args.data[i].arrow = t;
        cur = t->ret;
        after[i + 1] = cur;
    }
    for (int i = 0; i < args.len; i++)
        if (!is_fun_literal(args.data[i].arg))
            check_arg(&args.data[i], i, f);
    for (int i = 0; i < args.len; i++)
        if (is_fun_literal(args.data[i].arg))
            check_arg(&args.data[i], i, f);

    for (int k = chain.len - 1, j = 0; k >= 0; k--, j++) {
        Expr *c = chain.data[k];
        c->type = after[upto.data[j]];
    }
    return after[args.len];
}

/* ---- operators ---- */

typedef enum { OPC_ARITH, OPC_BITS, OPC_EQ, OPC_CMP, OPC_LOGIC, OPC_CONCAT, OPC_FWD, OPC_BWD } OpClass;

static OpClass op_class(BinOp op) {
    switch (op) {
    case BIN_ADD: case BIN_SUB: case BIN_MUL: case BIN_DIV: case BIN_MOD:
    case BIN_QUOT: case BIN_REM: case BIN_POW:
        return OPC_ARITH;
    case BIN_BAND: case BIN_BOR: case BIN_BXOR: case BIN_SHL: case BIN_SHR: case BIN_USHR:
        return OPC_BITS;
    case BIN_EQ: case BIN_NEQ:
        return OPC_EQ;
    case BIN_LT: case BIN_LE: case BIN_GT: case BIN_GE:
        return OPC_CMP;
    case BIN_AND: case BIN_OR:
        return OPC_LOGIC;
    case BIN_CONCAT:
        return OPC_CONCAT;
    case BIN_COMPOSE_FWD:
        return OPC_FWD;
    default:
        return OPC_BWD;
    }
}

static const char *mask_desc(unsigned mask) {
    if (mask == MASK_NUM)
        return "numbers";
    if (mask == MASK_INT)
        return "integers";
    return "primitive values";
}

static void same_operands(BinOp op, Type *lt, Type *rt, Loc rloc) {
    tc_unify_why = NULL;
    if (!tc_unify(lt, rt, true))
        error_at(rloc, "the operands of '%s' must have the same type, but the left is %s and the right is %s",
                 binop_name(op), type_str(lt), type_str(rt));
}

static void need_fun(BinOp op, Type *t, Type *want, Loc loc, const char *side) {
    tc_unify_why = NULL;
    if (!tc_unify(want, t, true))
        error_at(loc, "the %s operand of '%s' must be a function of type %s, but has type %s", side,
                 binop_name(op), type_str(want), type_str(t));
}

/* Check the operand types of op; lloc/rloc point at the operands (or at the section). */
static Type *operands(BinOp op, Type *lt, Type *rt, Loc lloc, Loc rloc) {
    const char *on = binop_name(op);
    OpClass c = op_class(op);
    switch (c) {
    case OPC_ARITH:
    case OPC_BITS:
    case OPC_CMP: {
        unsigned mask = c == OPC_ARITH ? MASK_NUM : c == OPC_BITS ? MASK_INT : MASK_PRIM;
        if (!tc_require_prims(lt, mask))
            error_at(lloc, "\"%s\" works on %s, but the left operand has type %s", on, mask_desc(mask),
                     type_str(lt));
        if (!tc_require_prims(rt, mask))
            error_at(rloc, "\"%s\" works on %s, but the right operand has type %s", on,
                     mask_desc(mask), type_str(rt));
        same_operands(op, lt, rt, rloc);
        return c == OPC_CMP ? type_prim(PRIM_BOOL) : lt;
    }
    case OPC_EQ:
        same_operands(op, lt, rt, rloc);
        tc_unify_why = NULL;
        if (!tc_require_eq(lt))
            error_at(lloc, "\"%s\" cannot compare values of type %s%s%s", on, type_str(lt),
                     tc_unify_why ? ": " : "", tc_unify_why ? tc_unify_why : "");
        return type_prim(PRIM_BOOL);
    case OPC_LOGIC: {
        Type *b = type_prim(PRIM_BOOL);
        if (!tc_unify(b, lt, true))
            error_at(lloc, "\"%s\" works on bool, but the left operand has type %s", on, type_str(lt));
        if (!tc_unify(b, rt, true))
            error_at(rloc, "\"%s\" works on bool, but the right operand has type %s", on, type_str(rt));
        return b;
    }
    case OPC_CONCAT: {
        Type *elem = fresh();
        if (!tc_unify(type_array(elem, size_var()), lt, false))
            error_at(lloc, "'++' works on arrays, but the left operand has type %s", type_str(lt));
        Type *lp = type_prune(lt);
        Type *relem = fresh();
        if (!tc_unify(type_array(relem, size_var()), rt, false))
            error_at(rloc, "'++' works on arrays, but the right operand has type %s", type_str(rt));
        Type *rp = type_prune(rt);
        tc_unify_why = NULL;
        if (!tc_unify(elem, relem, false))
            error_at(rloc, "the operands of '++' must have the same element type, but the left is %s and the right is %s",
                     type_str(lt), type_str(rt));
        Size *a = size_prune(lp->dim), *b = size_prune(rp->dim);
        Size *s = a->kind == SIZE_CONST && b->kind == SIZE_CONST ? size_const(a->value + b->value)
                                                                : size_binop_open(BIN_ADD, a, b);
        return type_array(tc_join(elem, relem), s);
    }
    case OPC_FWD:
    case OPC_BWD: {
        Type *a = fresh(), *b = fresh(), *cc = fresh();
        Type *first = type_arrow(a, b), *second = type_arrow(b, cc);
        if (c == OPC_FWD) {
            need_fun(op, lt, first, lloc, "left");
            need_fun(op, rt, second, rloc, "right");
        } else {
            need_fun(op, lt, second, lloc, "left");
            need_fun(op, rt, first, rloc, "right");
        }
        return type_arrow(a, cc);
    }
    }
    return lt;
}

Type *tc_check_binop(Expr *e) {
    Type *lt = tc_check_expr(e->lhs, NULL);
    Type *rt = tc_check_expr(e->rhs, NULL);
    return operands(e->op, lt, rt, e->lhs->loc, e->rhs->loc);
}

Type *tc_binop_fun_type(BinOp op) {
    Type *lt = fresh(), *rt = fresh();
    Loc nowhere = {0};
    Type *res = operands(op, lt, rt, nowhere, nowhere);
    return type_arrow(lt, type_arrow(rt, res));
}

static Type *check_fun_section(Expr *e) {
    Binding *b = tc_env_lookup(e->qual, e->name);
    if (!b && e->qual)
        error_at(e->loc, "Unknown name \"%s.%s\"", e->qual, e->name);
    if (!b)
        error_at(e->loc, "Unknown name \"%s\"", e->name);
    e->binding = b;
    e->size_args.len = 0;
    Type *ft = tc_instantiate(b, e);
    if (!e->lhs && !e->rhs)
        return ft;
    Type *a = fresh(), *bb = fresh(), *c = fresh();
    tc_unify_why = NULL;
    if (!tc_unify(type_arrow(a, type_arrow(bb, c)), ft, true))
        error_at(e->loc, "'%s' has type %s and is not a function of two arguments", e->name,
                 type_str(ft));
    if (e->lhs) {
        tc_expect_type(e->lhs, tc_check_expr(e->lhs, a), a, xsprintf("the left operand of '%s'", e->name));
        return type_arrow(bb, c);
    }
    tc_expect_type(e->rhs, tc_check_expr(e->rhs, bb), bb, xsprintf("the right operand of '%s'", e->name));
    return type_arrow(a, c);
}

/* A built-in operator that a user-defined one of the same name shadows (def (+) ... or an
 * `open` of a module that defines it): e becomes a call of that function (E_BINOP -> E_APPLY,
 * an operator section -> a SEC_FUN section).  && and || are never user-defined. */
bool tc_user_op(Expr *e) {
    BinOp op = e->op;
    if (op == BIN_AND || op == BIN_OR)
        return false;
    const char *name = intern(binop_name(op));
    if (!tc_env_lookup(NULL, name))
        return false;
    Expr *f = expr_new(E_VAR, e->loc);
    f->name = name;
    if (e->kind == E_BINOP) {
        e->kind = E_APPLY;
        vec_push(&e->args, e->lhs);
        vec_push(&e->args, e->rhs);
        e->lhs = f;
        e->rhs = NULL;
    } else {
        e->section = SEC_FUN;
        e->name = name;
    }
    return true;
}

Type *tc_check_section(Expr *e) {
    if ((e->section == SEC_OP || e->section == SEC_LEFT || e->section == SEC_RIGHT) && tc_user_op(e))
        return tc_check_section(e);
    switch (e->section) {
    case SEC_OP: {
        Type *lt = fresh(), *rt = fresh();
        Type *res = operands(e->op, lt, rt, e->loc, e->loc);
        return type_arrow(lt, type_arrow(rt, res));
    }
    case SEC_LEFT: {
        Type *lt = tc_check_expr(e->lhs, NULL), *rt = fresh();
        Type *res = operands(e->op, lt, rt, e->lhs->loc, e->loc);
        return type_arrow(rt, res);
    }
    case SEC_RIGHT: {
        Type *lt = fresh(), *rt = tc_check_expr(e->rhs, NULL);
        Type *res = operands(e->op, lt, rt, e->loc, e->rhs->loc);
        return type_arrow(lt, res);
    }
    case SEC_FIELD: {
        Type *r = fresh(), *t = r;
        for (int i = 0; i < e->fields.len; i++) {
            t = tc_field_of(t, e->fields.data[i]);
            if (!t)
                error_at(e->loc, "cannot access field '%s'", e->fields.data[i]);
        }
        return type_arrow(r, t);
    }
    case SEC_INDEX: {
        Type *a = fresh();
        return type_arrow(a, tc_index_type(a, &e->idx, e->loc));
    }
    case SEC_FUN:
        return check_fun_section(e);
    }
    die("tc_check_section: bad kind");
}
