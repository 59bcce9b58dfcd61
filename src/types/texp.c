/* texp.c — type expressions (syntax) to semantic types.
 *
 * Names resolve to primitive types, type parameters in scope, or type aliases (parametric
 * aliases are applied by substituting their parameters).  A size [n] must name a size
 * parameter or a variable in scope (usually an i64 parameter); [] is an unknown size.  A size
 * expression [n*m] is checked as an i64 expression; statically it is an unknown size, and the
 * interpreter and the internaliser check it where the type is a parameter's, a return type or a
 * coercion.  In a named arrow parameter (n: i64) -> [n]t, n is in scope in the result; in an
 * existential type ?[k].[k]t, k is in scope in t and stands for an unknown size.
 */
#include "check_int.h"

static NameVec existentials; /* the sizes of the enclosing ?[k]. quantifiers */

void tc_texp_reset(void) { existentials.len = 0; }

static bool is_existential(const char *name) {
    for (int i = existentials.len - 1; i >= 0; i--)
        if (existentials.data[i] == name)
            return true;
    return false;
}

Size *tc_size_of_expr(Expr *e) {
    while (e->kind == E_PAREN || e->kind == E_ATTR)
        e = e->lhs;
    Binding *b = e->kind == E_VAR ? e->binding : NULL;
    switch (e->kind) {
    case E_VAR:
        if (!e->qual && !is_existential(e->name) && b && b->kind == BIND_LOCAL)
            return size_name(e->name);
        if (b && b->kind == BIND_DEF && b->decl && !b->decl->params.len && !b->svars.len &&
            type_is_prim(b->type, PRIM_I64)) /* a top-level constant ([Size.n]t): a call of it */
            return size_call(b->decl, 0, NULL);
        return size_any();
    case E_INT:
        return size_const((int64_t)e->ival);
    case E_BINOP:
        if (!size_is_arith(e->op))
            return size_any();
        return size_binop(e->op, tc_size_of_expr(e->lhs), tc_size_of_expr(e->rhs));
    case E_APPLY: {
        Binding *fb = e->lhs->kind == E_VAR ? e->lhs->binding : NULL;
        if (!fb || fb->kind != BIND_DEF || !fb->decl || fb->decl->params.len != e->args.len)
            return size_any();
        Size **args = xmalloc((size_t)(e->args.len + 1) * sizeof *args);
        for (int i = 0; i < e->args.len; i++)
            args[i] = tc_size_of_expr(e->args.data[i]);
        return size_call(fb->decl, e->args.len, args);
    }
    default:
        return size_any();
    }
}

/* A size expression only reads: a call in it may not pass a variable to a unique (consuming)
 * parameter (Futhark's rule; the size is evaluated wherever the type is used). */
static void no_consumption(Expr *e) {
    if (e->kind == E_APPLY) {
        Type *ft = type_prune(e->lhs->type);
        for (int i = 0; i < e->args.len && ft && ft->kind == T_ARROW; i++, ft = type_prune(ft->ret)) {
            Expr *a = e->args.data[i];
            while (a->kind == E_PAREN)
                a = a->lhs;
            if (type_prune(ft->param)->unique && a->kind == E_VAR)
                error_at(a->loc, "\"%s\" is not consumable here: a size expression may not consume a value "
                         "(argument %d goes to a unique parameter)", a->name, i + 1);
        }
    }
    ast_each_child(e, no_consumption);
}

static Size *dim_to_size(DimExp *d) {
    if (d->kind == DIM_NAME) { /* a top-level constant ([three]t) is a size expression: its value */
        Binding *b = tc_env_lookup(NULL, d->name);
        if (b && b->kind == BIND_DEF && !is_existential(d->name)) {
            Expr *e = expr_new(E_VAR, d->loc);
            e->name = d->name;
            d->kind = DIM_EXPR;
            d->expr = e;
        }
    }
    switch (d->kind) {
    case DIM_ANY:
        return size_any();
    case DIM_CONST:
        return size_const(d->value);
    case DIM_NAME: {
        Binding *b = tc_env_lookup(NULL, d->name);
        if (!b)
            error_at(d->loc, "unknown size '%s'", d->name);
        if (!tc_unify(b->type, type_prim(PRIM_I64), true)) /* a name used as a size is an i64 */
            error_at(d->loc, "the size \"%s\" must be an i64, but has type %s", d->name, type_str(b->type));
        return is_existential(d->name) ? size_any() : size_name(d->name);
    }
    case DIM_EXPR:
        tc_expect_type(d->expr, tc_check_expr(d->expr, NULL), type_prim(PRIM_I64), "a size");
        no_consumption(d->expr);
        tc_resolve_expr(d->expr);
        return tc_size_of_expr(d->expr);
    }
    return size_any();
}

/* ---- aliases expanded in type expressions (TypeExp.expanded) ----
 * The interpreter and the internaliser read sizes from type expressions (a parameter's [n] binds
 * n); through an alias (xs: vec [n]) they follow its expansion. */

static TypeExp *subst_texp(const TypeExp *t, const TypeEntry *te, const TypeExp *use);

static DimExp subst_dim(const DimExp *d, const TypeEntry *te, const TypeExp *use) {
    if (d->kind == DIM_NAME)
        for (int i = 0; i < te->sparams.len && i < use->dim_args.len; i++)
            if (te->sparams.data[i] == d->name)
                return use->dim_args.data[i];
    return *d;
}

static TypeExp *subst_texp(const TypeExp *t, const TypeEntry *te, const TypeExp *use) {
    if (!t)
        return NULL;
    if (t->kind == TE_NAME && !t->qual)
        for (int i = 0; i < te->tparams.len && i < use->elems.len; i++)
            if (te->tparams.data[i]->name == t->name)
                return use->elems.data[i];
    TypeExp *c = xmalloc(sizeof *c);
    *c = *t;
    c->dim = subst_dim(&t->dim, te, use);
    c->elem = subst_texp(t->elem, te, use);
    c->ret = subst_texp(t->ret, te, use);
    c->expanded = subst_texp(t->expanded, te, use);
    c->elems = (TypeExpVec){0};
    for (int i = 0; i < t->elems.len; i++)
        vec_push(&c->elems, subst_texp(t->elems.data[i], te, use));
    c->dim_args.data = NULL;
    c->dim_args.len = c->dim_args.cap = 0;
    for (int i = 0; i < t->dim_args.len; i++)
        vec_push(&c->dim_args, subst_dim(&t->dim_args.data[i], te, use));
    return c;
}

static Type *apply_alias(TypeEntry *te, TypeExp *t) {
    int ntypes = t->kind == TE_APPLY ? t->elems.len : 0;
    int nsizes = t->kind == TE_APPLY ? t->dim_args.len : 0;
    if (ntypes != te->tparams.len || nsizes != te->sparams.len)
        error_at(t->loc, "type '%s' expects %d type and %d size argument(s) but got %d and %d",
                 te->name, te->tparams.len, te->sparams.len, ntypes, nsizes);
    Subst su = {0};
    for (int i = 0; i < nsizes; i++) { /* first: a constant's name ([k]) becomes its expression here */
        vec_push(&su.sfrom, te->sparams.data[i]);
        vec_push(&su.sto, dim_to_size(&t->dim_args.data[i]));
    }
    if (te->texp) /* the expansion the interpreter and internaliser read, with those arguments */
        t->expanded = subst_texp(te->texp, te, t);
    if (!ntypes && !nsizes)
        return te->type;
    for (int i = 0; i < ntypes; i++) {
        vec_push(&su.tfrom, te->tparams.data[i]);
        vec_push(&su.tto, tc_texp_to_type(t->elems.data[i]));
    }
    return tc_subst_type(te->type, &su);
}

static _Noreturn void unknown_type(TypeExp *t) {
    if (t->qual)
        error_at(t->loc, "Unknown type \"%s.%s\"", t->qual, t->name);
    error_at(t->loc, "Unknown type \"%s\"", t->name);
}

Type *tc_texp_to_type(TypeExp *t) {
    switch (t->kind) {
    case TE_NAME: {
        if (t->prim != PRIM_NONE)
            return type_prim(t->prim);
        PrimType p = prim_from_name(t->name);
        if (p != PRIM_NONE)
            return type_prim(p);
        TypeEntry *te = tc_env_lookup_type(t->qual, t->name);
        if (!te)
            unknown_type(t);
        if (te->is_param)
            return te->type;
        return apply_alias(te, t);
    }
    case TE_APPLY: {
        TypeEntry *te = tc_env_lookup_type(t->qual, t->name);
        if (!te)
            unknown_type(t);
        if (te->is_param)
            error_at(t->loc, "type parameter '%s' takes no arguments", t->name);
        return apply_alias(te, t);
    }
    case TE_ARRAY: {
        Type *et = tc_texp_to_type(t->elem);
        tc_unify_why = NULL;
        if (!tc_require_unlifted(et, UNLIFTED_NOFUN, "an array element"))
            error_at(t->loc, "Cannot create array with elements of lifted type %s: %s", type_str(et), tc_unify_why);
        return type_array(et, dim_to_size(&t->dim));
    }
    case TE_TUPLE: {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++)
            es[i] = tc_texp_to_type(t->elems.data[i]);
        return type_tuple(t->elems.len, es);
    }
    case TE_RECORD: {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++) {
            for (int j = 0; j < i; j++)
                if (t->fields.data[j] == t->fields.data[i])
                    error_at(t->elems.data[i]->loc, "Duplicate field '%s' in record type",
                             t->fields.data[i]);
            es[i] = tc_texp_to_type(t->elems.data[i]);
        }
        return type_record(t->elems.len, t->fields.data, es);
    }
    case TE_UNIQUE:
        return type_copy_unique(tc_texp_to_type(t->elem), true);
    case TE_SUM: {
        /* As in Futhark, whose tag is a u8 (and so is weft's at entry points): 256 at most. */
        if (t->elems.len > 256)
            error_at(t->loc, "A sum type may have at most 256 constructors; this one has %d", t->elems.len);
        Type **ps = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++) {
            for (int j = 0; j < i; j++)
                if (t->fields.data[j] == t->fields.data[i])
                    error_at(t->elems.data[i]->loc, "Duplicate constructor #%s in sum type", t->fields.data[i]);
            ps[i] = tc_texp_to_type(t->elems.data[i]);
        }
        return type_sum(t->elems.len, t->fields.data, ps);
    }
    case TE_EXIST: {
        Mark m = tc_env_mark();
        int n = existentials.len;
        for (int i = 0; i < t->fields.len; i++) {
            vec_push(&existentials, t->fields.data[i]);
            tc_env_bind_local(t->fields.data[i], type_prim(PRIM_I64), t->loc)->is_size = true;
        }
        Type *r = tc_texp_to_type(t->elem);
        existentials.len = n;
        tc_env_restore(m);
        return r;
    }
    case TE_ARROW: {
        Type *p = tc_texp_to_type(t->elem);
        Mark m = tc_env_mark();
        if (t->name)
            tc_env_bind_local(t->name, p, t->loc);
        Type *r = type_arrow(p, tc_texp_to_type(t->ret));
        tc_env_restore(m);
        r->param_name = t->name;
        return r;
    }
    }
    die("tc_texp_to_type: bad kind %d", (int)t->kind);
}
