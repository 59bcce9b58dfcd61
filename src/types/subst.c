/* subst.c — copying types under substitutions: instantiation of type schemes, generalisation
 * of local and top-level functions, forgetting sizes that go out of scope, and the final
 * resolution of a type into a variable-free one (with Futhark's defaults for leftovers:
 * integer-like overloads become i32, float overloads f64, unknown sizes []).
 */
#include <stdlib.h>

#include "check_int.h"

/* A size expression with each operand replaced by f(operand). */
static Size *map_size_expr(Size *s, Size *(*f)(Size *, void *), void *cx) {
    Size **args = xmalloc((size_t)(s->n + 1) * sizeof *args);
    bool changed = false;
    for (int i = 0; i < s->n; i++) {
        args[i] = f(s->args[i], cx);
        changed |= args[i] != s->args[i];
    }
    if (!changed)
        return s;
    return s->fn ? size_call(s->fn, s->n, args) : size_binop(s->op, args[0], args[1]);
}

static Size *subst_size_cx(Size *s, void *cx) {
    Subst *su = cx;
    s = size_prune(s);
    if (s->kind == SIZE_NAME)
        for (int i = su->sfrom.len - 1; i >= 0; i--)
            if (su->sfrom.data[i] == s->name)
                return su->sto.data[i];
    if (s->kind == SIZE_EXPR)
        return map_size_expr(s, subst_size_cx, su);
    return s;
}

static Size *subst_size(Size *s, Subst *su) { return subst_size_cx(s, su); }

Type *tc_subst_type(Type *t, Subst *su) {
    t = type_prune(t);
    Type *r = NULL;
    switch (t->kind) {
    case T_PRIM:
    case T_VAR:
        return t;
    case T_PARAM:
        for (int i = 0; i < su->tfrom.len; i++)
            if (su->tfrom.data[i]->name == t->name)
                return t->unique ? type_copy_unique(su->tto.data[i], true) : su->tto.data[i];
        return t;
    case T_ARRAY:
        r = type_array(tc_subst_type(t->elem, su), subst_size(t->dim, su));
        break;
    case T_TUPLE:
    case T_RECORD:
    case T_SUM: {
        r = xmalloc(sizeof *r);
        *r = *t;
        r->elems.data = NULL;
        r->elems.len = r->elems.cap = 0;
        for (int i = 0; i < t->elems.len; i++)
            vec_push(&r->elems, tc_subst_type(t->elems.data[i], su));
        break;
    }
    case T_ARROW: {
        Type *p = tc_subst_type(t->param, su);
        int n = su->sfrom.len;
        Size *ps = NULL;
        if (t->param_name && su->fresh_param_sizes) {
            ps = size_var();
            vec_push(&su->sfrom, t->param_name);
            vec_push(&su->sto, ps);
        }
        r = type_arrow(p, tc_subst_type(t->ret, su));
        r->param_name = t->param_name;
        r->param_size = ps;
        su->sfrom.len = su->sto.len = n;
        break;
    }
    }
    r->unique = t->unique;
    return r;
}

Type *tc_instantiate(Binding *b, Expr *use) {
    if (!b->tvars.len && !b->svars.len && !b->decl && !b->fun)
        return b->type;
    Subst su = {0};
    su.fresh_param_sizes = true;
    for (int i = 0; i < b->tvars.len; i++) {
        Type *p = b->tvars.data[i], *v = type_var(0, tc_level);
        if (p->lift != '^') { /* 't: a value type; '~t: no function */
            v->unlifted = p->lift == '~' ? UNLIFTED_NOFUN : UNLIFTED_VALUE;
            v->unlifted_ctx = p->lift == '~'
                ? xsprintf("the type parameter '~%s of \"%s\", which is size-lifted,", p->name, b->name)
                : xsprintf("the type parameter '%s of \"%s\", which is not lifted (the type of an array element),",
                           p->name, b->name);
        }
        vec_push(&su.tfrom, p);
        vec_push(&su.tto, v);
    }
    for (int i = 0; i < b->svars.len; i++) {
        Size *s = size_var();
        vec_push(&su.sfrom, b->svars.data[i]);
        vec_push(&su.sto, s);
        if (use)
            vec_push(&use->size_args, s);
    }
    return tc_subst_type(b->type, &su);
}

bool tc_gen_sizes;
bool tc_gen_types = true;

/* Unsolved sizes of a generalised type are unknown, but for those of a top-level function's
 * parameters (tc_gen_sizes): as in Futhark, these become size parameters of its own
 * (`def twice f xs = map f (map f xs)` is size-polymorphic: its result has its argument's
 * size), named n' with a number. */
static void gen_size(Size *s, Binding *b, bool in_param) {
    s = size_prune(s);
    if (s->kind == SIZE_VAR) {
        if (in_param && tc_gen_sizes && b && b->kind == BIND_DEF) {
            static int counter;
            const char *name = intern(xsprintf("n%d'", ++counter));
            s->link = size_name(name);
            vec_push(&b->svars, name);
        } else {
            s->link = size_any();
        }
    }
    for (int i = 0; s->kind == SIZE_EXPR && i < s->n; i++)
        gen_size(s->args[i], b, in_param);
}

static void gen_walk_in(Type *t, Binding *b, bool in_param);

static void gen_walk(Type *t, Binding *b) { gen_walk_in(t, b, false); }

static void gen_walk_in(Type *t, Binding *b, bool in_param) {
    t = type_prune(t);
    switch (t->kind) {
    case T_VAR:
        if (tc_gen_types && t->level > tc_level && !t->prims && !t->fields.len) {
            if (t->eq) /* Futhark's type parameters support no equality: the type is ambiguous */
                error_at(b->loc, "the type of \"%s\" is ambiguous: a value compared with == (or !=) "
                         "would have a type parameter's type, which does not support equality; "
                         "write its type", b->name);
            Type *p = type_param(intern(xsprintf("t%d", t->id)));
            p->lift = t->unlifted == UNLIFTED_VALUE ? 0 : t->unlifted == UNLIFTED_NOFUN ? '~' : '^';
            t->link = p;
            vec_push(&b->tvars, p);
        }
        break;
    case T_ARRAY:
        gen_size(t->dim, b, in_param);
        gen_walk_in(t->elem, b, in_param);
        break;
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            gen_walk_in(t->elems.data[i], b, in_param);
        break;
    case T_ARROW:
        gen_walk_in(t->param, b, true);
        gen_walk_in(t->ret, b, in_param);
        break;
    default:
        break;
    }
}

/* Lower every variable in t to the current level: it is not generalised. */
static void freeze(Type *t) {
    t = type_prune(t);
    if (t->kind == T_VAR && t->level > tc_level)
        t->level = tc_level;
    if (t->kind == T_ARRAY)
        freeze(t->elem);
    if (t->kind == T_ARROW) {
        freeze(t->param);
        freeze(t->ret);
    }
    for (int i = 0; t->kind != T_ARRAY && i < t->elems.len; i++)
        freeze(t->elems.data[i]);
}

/* A variable with a field or constructor constraint stays one variable (it is not generalised:
 * the uses share it, `let f v = v.0` then f (x, y)), so the types of its fields do too. */
static void freeze_constrained(Type *t) {
    t = type_prune(t);
    switch (t->kind) {
    case T_VAR:
        if (t->fields.len)
            for (int i = 0; i < t->elems.len; i++)
                freeze(t->elems.data[i]);
        break;
    case T_ARRAY:
        freeze_constrained(t->elem);
        break;
    case T_ARROW:
        freeze_constrained(t->param);
        freeze_constrained(t->ret);
        break;
    default:
        for (int i = 0; i < t->elems.len; i++)
            freeze_constrained(t->elems.data[i]);
        break;
    }
}

void tc_generalise(Type *t, Binding *b) {
    freeze_constrained(t);
    gen_walk(t, b);
}

static bool names_size(Size *s, NameVec *names) {
    for (int i = 0; names && i < names->len; i++)
        if (size_mentions(s, names->data[i]))
            return true;
    return false;
}

/* s, a size expression mentioning names going out of scope, with each of them (each operand
 * that mentions one) an unknown size open to what it meets: `[k + n]`, k a `let`'s filter
 * size, leaves as `[? + n]`, so that `f`'s `[a + b]` learns b = n from it and a from the
 * argument's length (as Futhark's fresh existential size for k does: its types/ext9). */
static Size *forget_in_expr(Size *s, NameVec *names) {
    s = size_prune(s);
    if (!names_size(s, names))
        return s;
    if (s->kind != SIZE_EXPR) {
        Size *v = size_var();
        v->link = size_any();
        return v;
    }
    Size *r = xmalloc(sizeof *r);
    *r = *s;
    r->args = xmalloc((size_t)(s->n + 1) * sizeof *r->args);
    for (int i = 0; i < s->n; i++)
        r->args[i] = forget_in_expr(s->args[i], names);
    return r;
}

Type *tc_forget_sizes(Type *t, NameVec *names, bool consts) {
    t = type_prune(t);
    Type *r;
    switch (t->kind) {
    case T_ARRAY: {
        Size *s = size_prune(t->dim);
        bool drop = (consts && (s->kind == SIZE_CONST || s->kind == SIZE_EXPR));
        bool partly = !drop && s->kind == SIZE_EXPR && names_size(s, names);
        drop |= !partly && names_size(s, names);
        Type *e = tc_forget_sizes(t->elem, names, consts);
        if (!drop && !partly && e == type_prune(t->elem))
            return t;
        r = type_array(e, drop ? size_any() : partly ? forget_in_expr(s, names) : s);
        break;
    }
    case T_TUPLE:
    case T_RECORD:
    case T_SUM: {
        bool changed = false;
        Type **es = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++) {
            es[i] = tc_forget_sizes(t->elems.data[i], names, consts);
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
        Type *p = tc_forget_sizes(t->param, names, consts);
        Type *q = tc_forget_sizes(t->ret, names, consts);
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

static PrimType default_prim(unsigned mask) {
    if (mask & PRIM_BIT(PRIM_I32))
        return PRIM_I32;
    if (mask & PRIM_BIT(PRIM_F64))
        return PRIM_F64;
    for (int p = 0; p < PRIM_COUNT; p++)
        if (mask & PRIM_BIT(p))
            return (PrimType)p;
    return PRIM_I32;
}

/* Give an unsolved variable its default. */
static void default_var(Type *v) {
    if (v->prims) {
        v->link = type_prim(default_prim(v->prims));
        return;
    }
    if (v->sum) { /* a sum type of exactly the constructors it was seen with */
        v->link = type_sum(v->fields.len, v->fields.data, v->elems.data);
        v->fields.len = 0;
        return;
    }
    if (v->fields.len) {
        /* all-numeric fields 0..k-1: a tuple; otherwise a record of exactly those fields */
        bool tuple = true;
        for (int i = 0; i < v->fields.len && tuple; i++) {
            const char *f = v->fields.data[i];
            tuple = f[0] >= '0' && f[0] <= '9';
        }
        Type *t;
        if (tuple) {
            int n = 0;
            for (int i = 0; i < v->fields.len; i++)
                if (atoi(v->fields.data[i]) + 1 > n)
                    n = atoi(v->fields.data[i]) + 1;
            Type **es = xmalloc(sizeof(Type *) * (size_t)(n + 1));
            for (int i = 0; i < n; i++)
                es[i] = type_unit();
            for (int i = 0; i < v->fields.len; i++)
                es[atoi(v->fields.data[i])] = v->elems.data[i];
            t = type_tuple(n, es);
        } else {
            t = type_record(v->fields.len, v->fields.data, v->elems.data);
        }
        v->fields.len = 0;
        v->link = t;
        return;
    }
    v->link = type_unit();
}

static Size *resolve_size_cx(Size *s, void *cx) {
    (void)cx;
    return tc_resolve_size(s);
}

Size *tc_resolve_size(Size *s) {
    s = size_prune(s);
    if (s->kind == SIZE_VAR) {
        s->link = size_any();
        return size_any();
    }
    if (s->kind == SIZE_EXPR)
        return map_size_expr(s, resolve_size_cx, NULL);
    return s;
}

Type *tc_resolve_type(Type *t) {
    t = type_prune(t);
    if (!t)
        return NULL;
    if (t->kind == T_VAR) {
        default_var(t);
        return tc_resolve_type(t);
    }
    Type *r;
    switch (t->kind) {
    case T_PRIM:
    case T_PARAM:
        return t;
    case T_ARRAY:
        r = type_array(tc_resolve_type(t->elem), tc_resolve_size(t->dim));
        break;
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        r = xmalloc(sizeof *r);
        *r = *t;
        r->elems.data = NULL;
        r->elems.len = r->elems.cap = 0;
        for (int i = 0; i < t->elems.len; i++)
            vec_push(&r->elems, tc_resolve_type(t->elems.data[i]));
        break;
    case T_ARROW:
        r = type_arrow(tc_resolve_type(t->param), tc_resolve_type(t->ret));
        r->param_name = t->param_name;
        break;
    default:
        return t;
    }
    r->unique = t->unique;
    return r;
}
