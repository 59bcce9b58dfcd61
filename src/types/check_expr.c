/* check_expr.c — type inference for expressions (except applications and operators, which
 * live in check_apply.c).
 *
 * tc_check_expr(e, hint) infers e's type, sets e->type and returns it.  The hint is the type the
 * context expects; it is only used to type lambda parameters before their body is checked
 * (so that `map (\r -> r.a) rs` knows r is a record) and never replaces a real check.
 * Scopes: every binder restores the environment when its body is done, and sizes named by
 * the variables it bound are forgotten in the result type (they would be out of scope):
 * `map (\i -> iota i) xs : [n][]i64`.
 */
#include <string.h>

#include "check_int.h"

static Type *fresh(void) { return type_var(0, tc_level); }

_Noreturn void tc_type_mismatch(Loc loc, const char *what, Type *expected, Type *got) {
    error_at(loc, "%s: expected %s but got %s%s%s", what, type_str(expected), type_str(got),
             tc_unify_why ? " (" : "", tc_unify_why ? xsprintf("%s)", tc_unify_why) : "");
}

void tc_expect_type(Expr *e, Type *got, Type *expected, const char *what) {
    tc_unify_why = NULL;
    if (!tc_unify(expected, got, true))
        tc_type_mismatch(e->loc, what, expected, got);
}

/* Leave a scope opened at m: forget the sizes named by its bindings in t. */
static Type *leave_scope(Mark m, Type *t) {
    NameVec names = {0};
    tc_env_names_since(m, &names);
    tc_env_restore(m);
    return names.len ? tc_forget_sizes(t, &names, false) : t;
}

static Type *check_var(Expr *e) {
    Binding *b = tc_env_lookup(e->qual, e->name);
    if (!b && !e->qual) /* a function defined later (mutual recursion) */
        b = tc_forward_ref(e->name, e->loc);
    if (!b && e->qual) {
        /* r.a parsed as a qualified name: a field of the variable r */
        Binding *rb = tc_env_lookup(NULL, e->qual);
        if (rb) {
            Expr *r = expr_new(E_VAR, e->loc);
            r->name = e->qual;
            r->builtin = -1;
            const char *f = e->name;
            e->kind = E_PROJECT;
            e->lhs = r;
            e->qual = NULL;
            e->name = NULL;
            e->fields = (NameVec){0};
            vec_push(&e->fields, f);
            return tc_check_expr(e, NULL);
        }
    }
    if (!b) {
        if (e->qual)
            error_at(e->loc, "Unknown name \"%s.%s\"", e->qual, e->name);
        error_at(e->loc, "Unknown name \"%s\"", e->name);
    }
    if (b->kind == BIND_LOCAL && e->name[0] == '_' && !e->qual)
        error_at(e->loc, "\"%s\" may not be used: a name prefixed with an underscore is one that goes unused",
                 e->name);
    e->binding = b;
    e->builtin = -1;
    e->size_args.len = 0;
    Type *t = tc_instantiate(b, e);
    if (b->tvars.len || b->svars.len)
        e->inst = t;
    return t;
}

static Type *check_tuple(Expr *e) {
    int n = e->elems.len;
    Type **es = xmalloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        es[i] = tc_check_expr(e->elems.data[i], NULL);
    return type_tuple(n, es);
}

static Type *check_record(Expr *e) {
    int n = e->elems.len;
    Type **es = xmalloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (e->fields.data[j] == e->fields.data[i])
                error_at(e->elems.data[i]->loc, "Duplicate field '%s' in record: previously defined at %d:%d",
                         e->fields.data[i], e->elems.data[j]->loc.line, e->elems.data[j]->loc.col);
        es[i] = tc_check_expr(e->elems.data[i], NULL);
    }
    return type_record(n, e->fields.data, es);
}

static Type *check_array(Expr *e) {
    int n = e->elems.len;
    if (n == 0)
        return type_array(fresh(), size_const(0));
    Type *t = tc_check_expr(e->elems.data[0], NULL);
    for (int i = 1; i < n; i++) {
        Expr *x = e->elems.data[i];
        Type *xt = tc_check_expr(x, NULL);
        tc_unify_why = NULL;
        if (!tc_unify(t, xt, false))
            error_at(x->loc, "array elements must have the same type: the first is %s but this one is %s",
                     type_str(t), type_str(xt));
        t = tc_join(t, xt);
    }
    tc_unify_why = NULL;
    if (!tc_require_unlifted(t, UNLIFTED_VALUE, "an array element"))
        error_at(e->loc, "Cannot create array with elements of lifted type %s: %s", type_str(t), tc_unify_why);
    return type_array(t, size_const(n));
}

static Type *check_string(Expr *e) {
    return type_array(type_prim(PRIM_U8), size_const((int64_t)e->ival));
}

static void check_int_operand(Expr *x, Type *t, const char *what) {
    if (!tc_require_prims(t, MASK_INT))
        error_at(x->loc, "%s must be an integer, but has type %s", what, type_str(t));
}

static Type *check_range(Expr *e) {
    Type *t = tc_check_expr(e->lhs, NULL);
    check_int_operand(e->lhs, t, "the start of a range");
    if (e->mid)
        tc_expect_type(e->mid, tc_check_expr(e->mid, NULL), t, "the second element of a range");
    tc_expect_type(e->rhs, tc_check_expr(e->rhs, NULL), t, "the end of a range");
    Size *s = size_any();
    if (e->range == RANGE_UPTO_EXCL && !e->mid && e->lhs->kind == E_INT && e->lhs->ival == 0 &&
        type_is_prim(t, PRIM_I64))
        s = tc_size_of_expr(e->rhs); /* 0..<e: [e], where e is a size (a name, constant, n + 1) */
    return type_array(t, s);
}

static Type *project(Type *t, const char *f, Loc loc) {
    Type *pt = type_prune(t);
    Type *ft = tc_field_of(pt, f);
    if (!ft) {
        if (pt->kind == T_RECORD || pt->kind == T_TUPLE)
            error_at(loc, "type %s has no field '%s'", type_str(pt), f);
        error_at(loc, "cannot access field '%s' of a value of type %s", f, type_str(pt));
    }
    return ft;
}

/* The module path (M, M.N) an expression written as a name or projections names, or NULL
 * when it is a value (a local variable shadows a module of the same name). */
static const char *module_path(Expr *e) {
    const char *path = NULL;
    if (e->kind == E_VAR && !e->qual) {
        Binding *b = tc_env_lookup_any(e->name);
        return b && b->kind == BIND_MODULE ? e->name : NULL;
    }
    if (e->kind == E_VAR)
        path = intern(xsprintf("%s.%s", e->qual, e->name));
    else if (e->kind == E_PROJECT && (path = module_path(e->lhs)))
        path = intern(xsprintf("%s.%s", path, e->fields.data[0]));
    return path && tc_lookup_module(path) ? path : NULL;
}

static Type *check_var(Expr *e);

static Type *check_project(Expr *e) {
    const char *m = module_path(e->lhs);
    if (m) { /* M.x: the member x of module M, a qualified name */
        const char *f = e->fields.data[0];
        e->kind = E_VAR;
        e->qual = m;
        e->name = f;
        e->lhs = NULL;
        e->fields = (NameVec){0};
        return check_var(e);
    }
    Type *t = tc_check_expr(e->lhs, NULL);
    return project(t, e->fields.data[0], e->loc);
}

/* An index or a slice bound: any integer type, as in Futhark; a literal whose type is still
 * open (xs[0], xs[i+1] with i a literal-typed variable) is an i64. */
/* An index of unknown type is an i64; one already known to be a number (a literal, a 'for'
 * loop's counter) stays open to any integer type, which the rest of the code may fix
 * (loop xs for i < 10 do xs with [i] = i, xs: []i32) as in Futhark. */
static void check_index_operand(Expr *x) {
    Type *t = type_prune(tc_check_expr(x, NULL));
    if (t->kind == T_VAR && !t->fields.len && t->prims && tc_require_prims(t, MASK_INT))
        return;
    if (t->kind == T_VAR && !t->fields.len) {
        tc_expect_type(x, t, type_prim(PRIM_I64), "an index");
        return;
    }
    if (!tc_require_prims(t, MASK_INT))
        error_at(x->loc, "an index must be an integer, but this has type %s", type_str(t));
}

/* The type of t[idx...]; shared by indexing, in-place updates and index sections. */
Type *tc_index_type(Type *t, DimIndexVec *idx, Loc loc) {
    int n = idx->len;
    Type *pt = type_prune(t);
    if (pt->kind == T_VAR && !pt->prims && !pt->fields.len) {
        Type *a = fresh();
        for (int i = 0; i < n; i++)
            a = type_array(a, size_var());
        tc_unify(pt, a, false);
        pt = type_prune(pt);
    }
    if (type_rank(pt) < n)
        error_at(loc, "cannot index a value of type %s with %d index%s", type_str(pt), n,
                 n == 1 ? "" : "es");
    Vec(Size *) kept = {0};
    Type *cur = pt;
    for (int i = 0; i < n; i++) {
        DimIndex *d = &idx->data[i];
        Expr *parts[3] = {d->start, d->end, d->stride};
        for (int k = 0; k < 3; k++)
            if (parts[k])
                check_index_operand(parts[k]);
        cur = type_prune(cur);
        if (d->is_slice)
            vec_push(&kept, (d->start || d->end || d->stride) ? size_any() : cur->dim);
        cur = cur->elem;
    }
    Type *r = cur;
    for (int i = kept.len - 1; i >= 0; i--)
        r = type_array(r, kept.data[i]);
    return r;
}

static Type *check_lambda(Expr *e, Type *hint) {
    Mark m = tc_env_mark();
    NameVec seen = {0};
    int n = e->params.len;
    Type **ps = xmalloc(sizeof(Type *) * (size_t)(n + 1));
    Type *h = hint ? type_prune(hint) : NULL;
    for (int i = 0; i < n; i++) {
        Type *expect = NULL;
        if (h && h->kind == T_ARROW) {
            expect = type_prune(h->param);
            h = type_prune(h->ret);
        } else {
            h = NULL;
        }
        /* An expected type only guides inference: the parameter's own pattern decides. */
        Type *pt = tc_check_pat(e->params.data[i], NULL, &seen, true);
        if (expect)
            tc_unify(pt, expect, false);
        ps[i] = pt;
    }
    Type *rt = tc_check_expr(e->body, h);
    if (e->texp)
        tc_expect_type(e->body, rt, tc_texp_to_type(e->texp), "the lambda's body");
    rt = leave_scope(m, rt);
    for (int i = n - 1; i >= 0; i--)
        rt = type_arrow(ps[i], rt);
    return rt;
}

/* The sizes of `let [n] p = e` (and of a loop's pattern): i64 variables in the pattern's scope. */
static void bind_size_binders(TypeParamVec *sizes) {
    for (int i = 0; i < sizes->len; i++) {
        TypeParam *tp = &sizes->data[i];
        for (int j = 0; j < i; j++)
            if (sizes->data[j].name == tp->name)
                error_at(tp->loc, "duplicate size '%s'", tp->name);
        Binding *b = tc_env_bind_local(tp->name, type_prim(PRIM_I64), tp->loc);
        b->is_size = true;
    }
}

/* Does a size of t outside its function types mention name?  (A size of a function's parameter
 * or result is not one a value has: nothing could bind it.) */
static bool value_size_mentions(Type *t, const char *name) {
    t = type_prune(t);
    if (!t || t->kind == T_ARROW)
        return false;
    if (t->kind == T_ARRAY)
        return size_mentions(t->dim, name) || value_size_mentions(t->elem, name);
    for (int i = 0; i < t->elems.len; i++)
        if (value_size_mentions(t->elems.data[i], name))
            return true;
    return false;
}

static Type *check_let(Expr *e) {
    Type *rt = tc_check_expr(e->lhs, NULL);
    Mark m = tc_env_mark();
    bind_size_binders(&e->tparams);
    NameVec seen = {0};
    Type *pt = tc_check_pat(e->pat, NULL, &seen, false);
    tc_check_size_names_distinct(&e->tparams, &seen);
    tc_unify_why = NULL;
    for (int i = 0; i < seen.len; i++) /* let (k, xs: [k]t) = ...: k is what the value gives */
        tc_flex_begin(seen.data[i]);
    int first_binder = seen.len;
    for (int i = 0; i < e->tparams.len; i++) {
        TypeParam *tp = &e->tparams.data[i];
        if (!type_mentions_size(pt, tp->name))
            error_at(tp->loc, "Size [%s] unused in the pattern: no type in it has the size %s, "
                     "so nothing binds it", tp->name, tp->name);
        if (!value_size_mentions(pt, tp->name))
            error_at(tp->loc, "Cannot bind [%s]: the pattern has it only inside a function type (%s), and a "
                     "function has no size to take", tp->name, type_str(pt));
        tc_flex_begin(tp->name);
    }
    bool ok = tc_unify(pt, rt, true);
    if (ok)
        for (int i = 0; i < e->tparams.len; i++)
            if (!tc_flex_met(first_binder + i))
                error_at(e->tparams.data[i].loc, "Ambiguous size \"%s\": the type of the bound value "
                         "has no size where the pattern has %s, so nothing determines it",
                         e->tparams.data[i].name, e->tparams.data[i].name);
    tc_flex_end();
    if (!ok)
        tc_type_mismatch(e->lhs->loc, "the bound value cannot match the pattern", pt, rt);
    Type *bt = tc_check_expr(e->body, NULL);
    return leave_scope(m, bt);
}

static Type *check_letfun(Expr *e) {
    Binding *b = xmalloc(sizeof *b);
    b->kind = BIND_LETFUN;
    b->name = e->name;
    b->loc = e->loc;
    b->fun = e;
    Mark m = tc_env_mark();
    b->type = tc_check_function(&e->tparams, &e->params, e->texp, e->lhs, b, false);
    tc_env_restore(m);
    tc_env_push(b);
    Type *t = tc_check_expr(e->body, NULL);
    tc_env_restore(m);
    return t;
}

/* The result of an if or a match, or a loop parameter, may not be a function (Futhark's rule:
 * which function it is must be known statically). */
static void require_first_order(Expr *e, Type *t, const char *what) {
    tc_unify_why = NULL;
    if (!tc_require_unlifted(t, UNLIFTED_NOFUN, what))
        error_at(e->loc, "%s", tc_unify_why);
}

static Type *check_if(Expr *e) {
    tc_expect_type(e->cond, tc_check_expr(e->cond, NULL), type_prim(PRIM_BOOL), "the condition of 'if'");
    Type *a = tc_check_expr(e->lhs, NULL);
    Type *b = tc_check_expr(e->rhs, NULL);
    tc_unify_why = NULL;
    if (!tc_unify(a, b, false))
        error_at(e->rhs->loc, "Cannot unify the types of the branches of 'if': %s and %s%s%s",
                 type_str(a), type_str(b), tc_unify_why ? ": " : "", tc_unify_why ? tc_unify_why : "");
    require_first_order(e, a, "the result of 'if'");
    return tc_join(a, b);
}

/* The value a loop starts from when written `loop x do ...` (no initialiser). */
static Type *implicit_init(Pat *p) {
    switch (p->kind) {
    case P_ID: {
        Binding *b = tc_env_lookup(NULL, p->name);
        if (!b)
            error_at(p->loc, "Unknown name \"%s\"", p->name);
        return tc_instantiate(b, NULL);
    }
    case P_ASCRIBE:
        return implicit_init(p->inner);
    case P_TUPLE: {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(p->elems.len + 1));
        for (int i = 0; i < p->elems.len; i++)
            es[i] = implicit_init(p->elems.data[i]);
        return type_tuple(p->elems.len, es);
    }
    default:
        error_at(p->loc, "a loop without an initial value needs variables as its parameter");
    }
}

/* The parts of a loop's pattern with a type written (loop (xs: [n]t) = ...) keep that type:
 * the body's result must unify with it (element types, constant sizes; a size name against
 * another size is not checked, docs/LANGUAGE.md), while a size named by a variable of the
 * pattern itself ((k, xs: [k]t)) may take another value each iteration. */
static void check_loop_annots(Pat *p, Type *bt, Loc loc) {
    bt = type_prune(bt);
    switch (p->kind) {
    case P_ASCRIBE:
        tc_unify_why = NULL;
        if (!tc_unify(p->type, bt, true))
            tc_type_mismatch(loc, "the loop body's result", p->type, bt);
        check_loop_annots(p->inner, bt, loc);
        break;
    case P_TUPLE:
        if (bt->kind == T_TUPLE && bt->elems.len == p->elems.len)
            for (int i = 0; i < p->elems.len; i++)
                check_loop_annots(p->elems.data[i], bt->elems.data[i], loc);
        break;
    case P_RECORD:
        if (bt->kind == T_RECORD)
            for (int i = 0; i < p->elems.len; i++) {
                int k = type_field_index(bt, p->fields.data[i]);
                if (k >= 0)
                    check_loop_annots(p->elems.data[i], bt->elems.data[k], loc);
            }
        break;
    default:
        break;
    }
}

static Type *check_loop(Expr *e) {
    Type *it = e->init ? tc_check_expr(e->init, NULL) : implicit_init(e->pat);
    Mark m = tc_env_mark();
    /* The parameter keeps the initial value's type, but constant sizes may change between
     * iterations (loop xs = [1] ... xs ++ xs): they are forgotten. */
    NameVec seen = {0};
    Type *pt = tc_check_pat(e->pat, NULL, &seen, false);
    tc_unify_why = NULL;
    for (int i = 0; i < seen.len; i++) /* (k, xs: [k]t): k is what the initial value gives */
        tc_flex_begin(seen.data[i]);
    bool ok = tc_unify(pt, it, true);
    tc_flex_end();
    if (!ok)
        tc_type_mismatch(e->init ? e->init->loc : e->pat->loc, "the loop's initial value", pt, it);
    Type *param_t = tc_forget_sizes(pt, NULL, true);
    require_first_order(e, param_t, "a loop parameter");
    switch (e->loop) {
    case LOOP_FOR: {
        Type *nt = tc_check_expr(e->cond, NULL);
        check_int_operand(e->cond, nt, "the bound of a 'for' loop");
        tc_env_bind_local(e->loop_var, nt, e->loop_var_loc);
        break;
    }
    case LOOP_FOR_IN: {
        Type *xt = type_prune(tc_check_expr(e->cond, NULL));
        if (xt->kind == T_VAR)
            tc_unify(xt, type_array(fresh(), size_var()), false);
        xt = type_prune(xt);
        if (xt->kind != T_ARRAY)
            error_at(e->cond->loc, "'for ... in' needs an array, but this has type %s", type_str(xt));
        tc_check_pat(e->loop_pat, xt->elem, NULL, false);
        break;
    }
    case LOOP_WHILE:
        tc_expect_type(e->cond, tc_check_expr(e->cond, NULL), type_prim(PRIM_BOOL),
                    "the condition of a 'while' loop");
        break;
    }
    Type *bt = tc_check_expr(e->body, NULL);
    tc_unify_why = NULL;
    if (!tc_unify(param_t, bt, false))
        error_at(e->body->loc, "the loop body has type %s but the loop parameter has type %s",
                 type_str(bt), type_str(param_t));
    for (int i = 0; i < seen.len; i++)
        tc_flex_begin(seen.data[i]);
    check_loop_annots(e->pat, bt, e->body->loc);
    tc_flex_end();
    return leave_scope(m, param_t);
}

static Type *check_update(Expr *e) {
    Type *t = tc_check_expr(e->lhs, NULL);
    Type *et = tc_index_type(t, &e->idx, e->lhs->loc);
    Type *vt = tc_check_expr(e->rhs, NULL);
    tc_expect_type(e->rhs, vt, et, "the value written by 'with'");
    return type_copy_unique(t, false);
}

static Type *check_recupdate(Expr *e) {
    Type *t = tc_check_expr(e->lhs, NULL);
    Type *ft = t;
    for (int i = 0; i < e->fields.len; i++)
        ft = project(ft, e->fields.data[i], e->lhs->loc);
    Type *vt = tc_check_expr(e->rhs, NULL);
    tc_unify_why = NULL;
    if (!tc_unify(ft, vt, true))
        error_at(e->rhs->loc, "the new value of record field \"%s\" has type %s, but the field has type %s",
                 e->fields.data[e->fields.len - 1], type_str(vt), type_str(ft));
    return t;
}

static Type *check_ascribe(Expr *e) {
    Type *want = tc_texp_to_type(e->texp);
    Type *t = tc_check_expr(e->lhs, want);
    tc_expect_type(e->lhs, t, want, "Expression does not have expected type of its ascription");
    return t;
}

/* e :> t: like an ascription, but sizes are checked at run time; the result has t's sizes. */
static Type *check_coerce(Expr *e) {
    Type *want = tc_texp_to_type(e->texp);
    Type *t = tc_check_expr(e->lhs, want);
    Type *loose = tc_forget_sizes(want, NULL, true);
    tc_unify_why = NULL;
    if (!tc_unify(loose, t, false))
        tc_type_mismatch(e->lhs->loc, "the size coercion", want, t);
    return want;
}

/* #c a b: a value of a sum type with at least the constructor c (with a payload of a's and
 * b's types); which sum type, the context decides. */
static Type *check_constr(Expr *e) {
    Type *t = fresh();
    Type *payload = type_prune(tc_ctor_of(t, e->name, e->args.len));
    for (int i = 0; i < e->args.len; i++)
        tc_expect_type(e->args.data[i], tc_check_expr(e->args.data[i], NULL), payload->elems.data[i],
                       xsprintf("argument %d of #%s", i + 1, e->name));
    return t;
}

/* match x case p -> e ...: every case's pattern matches x's type, and the cases' values have one
 * type (sizes they disagree on are unknown, as for if).  Exhaustiveness is checked once the
 * types are known (tc_resolve_expr). */
static Type *check_match(Expr *e, Type *hint) {
    Type *st = tc_check_expr(e->lhs, NULL);
    Type *rt = NULL;
    for (int i = 0; i < e->cases.len; i++) {
        Mark m = tc_env_mark();
        NameVec seen = {0};
        tc_check_pat(e->cases.data[i], st, &seen, false);
        Type *bt = leave_scope(m, tc_check_expr(e->elems.data[i], hint));
        if (!rt) {
            rt = bt;
            continue;
        }
        tc_unify_why = NULL;
        if (!tc_unify(rt, bt, false))
            error_at(e->elems.data[i]->loc, "the cases of 'match' have different types: %s and %s%s%s",
                     type_str(rt), type_str(bt), tc_unify_why ? ": " : "", tc_unify_why ? tc_unify_why : "");
        rt = tc_join(rt, bt);
    }
    if (rt)
        require_first_order(e, rt, "the result of 'match'");
    return rt;
}

static Type *check_literal(Expr *e) {
    switch (e->kind) {
    case E_INT:
        if (e->prim != PRIM_NONE)
            return type_prim(e->prim);
        return type_var(MASK_NUM, tc_level);
    case E_FLOAT:
        if (e->prim != PRIM_NONE)
            return type_prim(e->prim);
        return type_var(MASK_FLOAT, tc_level);
    case E_BOOL:
        return type_prim(PRIM_BOOL);
    case E_CHAR:
        return type_prim(PRIM_U8);
    default:
        return check_string(e);
    }
}

static Type *infer(Expr *e, Type *hint) {
    switch (e->kind) {
    case E_INT:
    case E_FLOAT:
    case E_BOOL:
    case E_CHAR:
    case E_STRING:
        return check_literal(e);
    case E_VAR:
        return check_var(e);
    case E_TUPLE:
        return check_tuple(e);
    case E_RECORD:
        return check_record(e);
    case E_ARRAY:
        return check_array(e);
    case E_RANGE:
        return check_range(e);
    case E_PROJECT:
        return check_project(e);
    case E_INDEX:
        return tc_index_type(tc_check_expr(e->lhs, NULL), &e->idx, e->loc);
    case E_APPLY:
        return tc_check_apply(e);
    case E_BINOP:
        if (tc_user_op(e))
            return tc_check_apply(e);
        return tc_check_binop(e);
    case E_NEG: {
        Type *t = tc_check_expr(e->lhs, NULL);
        if (!tc_require_prims(t, MASK_NUM))
            error_at(e->lhs->loc, "unary '-' needs a number, but this has type %s", type_str(t));
        return t;
    }
    case E_NOT: {
        Type *t = tc_check_expr(e->lhs, NULL);
        if (!tc_require_prims(t, MASK_INT | PRIM_BIT(PRIM_BOOL)))
            error_at(e->lhs->loc, "'!' needs a bool or an integer, but this has type %s", type_str(t));
        return t;
    }
    case E_SECTION:
        return tc_check_section(e);
    case E_LAMBDA:
        return check_lambda(e, hint);
    case E_LET:
        return check_let(e);
    case E_LETFUN:
        return check_letfun(e);
    case E_IF:
        return check_if(e);
    case E_LOOP:
        return check_loop(e);
    case E_UPDATE:
        return check_update(e);
    case E_RECUPDATE:
        return check_recupdate(e);
    case E_ASCRIBE:
        return check_ascribe(e);
    case E_COERCE:
        return check_coerce(e);
    case E_ATTR:
    case E_PAREN:
        return tc_check_expr(e->lhs, hint);
    case E_OPEN: { /* M.(e): e with M's members in scope; then just (e) */
        Mark m = tc_env_mark();
        tc_open_module(e->name, e->loc);
        Type *t = tc_check_expr(e->lhs, hint);
        tc_env_restore(m);
        e->kind = E_PAREN;
        return t;
    }
    case E_ASSERT:
        tc_expect_type(e->cond, tc_check_expr(e->cond, NULL), type_prim(PRIM_BOOL), "the condition of 'assert'");
        return tc_check_expr(e->body, hint);
    case E_CONSTR:
        return check_constr(e);
    case E_MATCH:
        return check_match(e, hint);
    case E_HOLE: /* any type: what its use asks for */
        return hint ? hint : fresh();
    }
    die("tc_check_expr: bad kind %d", (int)e->kind);
}

Type *tc_check_expr(Expr *e, Type *hint) {
    Type *t = infer(e, hint);
    e->type = t;
    return t;
}
