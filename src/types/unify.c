/* unify.c — unification of types, with the constraints of overloaded variables.
 *
 * A T_VAR may carry constraints:
 *   prims  — it must become one of these primitive types (numeric literals, operators);
 *   eq     — it must become an equality type (no functions inside);
 *   fields — it must become a record (or tuple) with at least these fields (projection r.a
 *            on a value whose type is not yet known).
 *   unlifted — it must not become a function type (UNLIFTED_NOFUN: an `if`'s result, a loop
 *            parameter) nor, with UNLIFTED_VALUE, a size-lifted type parameter (an array
 *            element, a non-lifted type parameter 't instantiated): Futhark's liftedness.
 * Linking a variable checks and transfers its constraints and lowers the levels of the
 * variables of the other side (for generalisation).  Sizes tc_unify loosely: only two different
 * constants are a mismatch, and only in strict mode; two different size names (Futhark's rigid
 * sizes) are checked at run time, as docs/LANGUAGE.md "Sizes" says.  The binders of
 * `let [k] p = e` take the first size they meet while p meets e's type (tc_flex_begin /
 * tc_flex_end), so that a binder nothing determines can be reported.
 * On failure tc_unify() returns false and leaves a detail in tc_unify_why; callers report the error
 * with the location and construct they know about.
 */
#include <stdlib.h>
#include <string.h>

#include "check_int.h"

const char *tc_unify_why;

bool tc_size_same(Size *a, Size *b) {
    a = size_prune(a);
    b = size_prune(b);
    if (a == b)
        return true;
    if (a->kind != b->kind)
        return false;
    if (a->kind == SIZE_CONST)
        return a->value == b->value;
    if (a->kind == SIZE_NAME)
        return a->name == b->name;
    if (a->kind == SIZE_EXPR && a->fn == b->fn && a->op == b->op && a->n == b->n) {
        for (int i = 0; i < a->n; i++)
            if (!tc_size_same(a->args[i], b->args[i]))
                return false;
        return true;
    }
    return false;
}

/* The size binders being bound (let [k] ...) and the size each has met so far (or NULL). */
static NameVec flex_names;
static Vec(Size *) flex_sizes;

void tc_flex_begin(const char *name) {
    vec_push(&flex_names, name);
    vec_push(&flex_sizes, NULL);
}

Size *tc_flex_met(int i) { return i < flex_sizes.len ? flex_sizes.data[i] : NULL; }

void tc_flex_end(void) {
    flex_names.len = 0;
    flex_sizes.len = 0;
}

static int flex_index(Size *s) {
    if (s->kind == SIZE_NAME)
        for (int i = flex_names.len - 1; i >= 0; i--)
            if (flex_names.data[i] == s->name)
                return i;
    return -1;
}

static bool unify_size(Size *a, Size *b, bool strict);

/* A binder k of `let [k]` meets size s: k takes s, or must equal what it took before. */
static bool bind_flex(int i, Size *s, bool strict) {
    if (!flex_sizes.data[i]) {
        flex_sizes.data[i] = s;
        return true;
    }
    return unify_size(flex_sizes.data[i], s, strict);
}

/* s pruned, but for a chain of size variables that ends unknown (a variable that met []): its
 * last variable, so that what a later unification gives it reaches every size linked to it. */
static Size *prune_open(Size *s) {
    Size *last = NULL;
    for (Size *t = s; t && t->kind == SIZE_VAR; t = t->link)
        last = t;
    Size *p = size_prune(s);
    return last && (!last->link || p->kind == SIZE_ANY) ? last : p;
}

/* Whether size variable v occurs in s (binding v to s would make a cycle). */
static bool size_occurs(const Size *v, Size *s) {
    for (Size *t = s; t; t = t->kind == SIZE_VAR ? t->link : NULL) /* v itself, or linked to */
        if (t == v)
            return true;
    s = size_prune(s);
    for (int i = 0; s->kind == SIZE_EXPR && i < s->n; i++)
        if (size_occurs(v, s->args[i]))
            return true;
    return false;
}

/* Size variable v bound to s; to an unknown size where s mentions v (n = n + 1: a size that
 * changes, e.g. a loop parameter's that grows, is not one size). */
static bool bind_size_var(Size *v, Size *s) {
    v->link = size_occurs(v, s) ? size_any() : s;
    return true;
}

static bool size_has_unknown(Size *s) {
    s = size_prune(s);
    if (s->kind == SIZE_ANY || s->kind == SIZE_VAR)
        return true;
    for (int i = 0; s->kind == SIZE_EXPR && i < s->n; i++)
        if (size_has_unknown(s->args[i]))
            return true;
    return false;
}

/* s as base + offset: the constant added to (or taken from) it, peeled off; base NULL for a
 * constant. */
static Size *size_offset(Size *s, int64_t *off) {
    *off = 0;
    for (;;) {
        s = size_prune(s);
        if (s->kind == SIZE_CONST) {
            *off += s->value;
            return NULL;
        }
        if (s->kind != SIZE_EXPR || s->fn || (s->op != BIN_ADD && s->op != BIN_SUB))
            return s;
        Size *l = size_prune(s->args[0]), *r = size_prune(s->args[1]);
        if (r->kind == SIZE_CONST) {
            *off += s->op == BIN_ADD ? r->value : -r->value;
            s = l;
        } else if (l->kind == SIZE_CONST && s->op == BIN_ADD) {
            *off += l->value;
            s = r;
        } else {
            return s;
        }
    }
}

/* Two sizes that can never be equal: the same known size plus different constants (n and
 * n + 1, n + 1 and n + 2), as Futhark's rigid sizes reject them too.  Sizes with unknown
 * parts (an unknown operand, a size variable) are not compared. */
static bool sizes_differ(Size *a, Size *b) {
    int64_t oa, ob;
    Size *ba = size_offset(a, &oa), *bb = size_offset(b, &ob);
    if (!ba || !bb || oa == ob)
        return false;
    return (ba->kind == SIZE_NAME || ba->kind == SIZE_EXPR) && tc_size_same(ba, bb) && !size_has_unknown(ba);
}

static bool unify_size(Size *a, Size *b, bool strict) {
    a = prune_open(a);
    b = prune_open(b);
    if (a == b)
        return true;
    if (strict && sizes_differ(a, b)) {
        tc_unify_why = xsprintf("Sizes \"%s\" and \"%s\" do not match: they differ by a constant", size_words(a),
                                size_words(b));
        return false;
    }
    int fa = flex_index(a), fb = flex_index(b);
    if (fa >= 0 && fb < 0)
        return bind_flex(fa, b, strict);
    if (fb >= 0 && fa < 0)
        return bind_flex(fb, a, strict);
    if (a->kind == SIZE_VAR)
        return bind_size_var(a, b);
    if (b->kind == SIZE_VAR)
        return bind_size_var(b, a);
    if (a->kind == SIZE_EXPR && b->kind == SIZE_EXPR && a->fn == b->fn && a->op == b->op && a->n == b->n) {
        for (int i = 0; i < a->n; i++)
            if (!unify_size(a->args[i], b->args[i], strict))
                return false;
        return true;
    }
    if (strict && a->kind == SIZE_CONST && b->kind == SIZE_CONST && a->value != b->value) {
        tc_unify_why = xsprintf("sizes %lld and %lld differ", (long long)a->value, (long long)b->value);
        return false;
    }
    return true;
}

static bool occurs(Type *v, Type *t) {
    t = type_prune(t);
    if (t == v)
        return true;
    switch (t->kind) {
    case T_ARRAY:
        return occurs(v, t->elem);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
    case T_VAR:
        for (int i = 0; i < t->elems.len; i++)
            if (occurs(v, t->elems.data[i]))
                return true;
        return false;
    case T_ARROW:
        return occurs(v, t->param) || occurs(v, t->ret);
    default:
        return false;
    }
}

/* A type parameter of a local function in t that is bound deeper than level (a variable of
 * that level cannot name it: it is out of the variable's scope), or NULL. */
static Type *param_deeper_than(Type *t, int level) {
    t = type_prune(t);
    switch (t->kind) {
    case T_PARAM:
        return t->level > level && t->level > 1 ? t : NULL;
    case T_ARRAY:
        return param_deeper_than(t->elem, level);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
    case T_VAR:
        for (int i = 0; i < t->elems.len; i++) {
            Type *p = param_deeper_than(t->elems.data[i], level);
            if (p)
                return p;
        }
        return NULL;
    case T_ARROW: {
        Type *p = param_deeper_than(t->param, level);
        return p ? p : param_deeper_than(t->ret, level);
    }
    default:
        return NULL;
    }
}

static void lower_levels(Type *t, int level) {
    t = type_prune(t);
    switch (t->kind) {
    case T_VAR:
        if (t->level > level)
            t->level = level;
        for (int i = 0; i < t->elems.len; i++)
            lower_levels(t->elems.data[i], level);
        break;
    case T_ARRAY:
        lower_levels(t->elem, level);
        break;
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            lower_levels(t->elems.data[i], level);
        break;
    case T_ARROW:
        lower_levels(t->param, level);
        lower_levels(t->ret, level);
        break;
    default:
        break;
    }
}

bool tc_require_prims(Type *t, unsigned mask) {
    t = type_prune(t);
    if (t->kind == T_PRIM)
        return (PRIM_BIT(t->prim) & mask) != 0;
    if (t->kind != T_VAR || t->fields.len)
        return false;
    unsigned m = t->prims ? (t->prims & mask) : mask;
    if (!m)
        return false;
    t->prims = m;
    return true;
}

bool tc_require_eq(Type *t) {
    t = type_prune(t);
    switch (t->kind) {
    case T_ARROW:
        tc_unify_why = "functions cannot be compared";
        return false;
    case T_VAR:
        t->eq = true;
        for (int i = 0; i < t->elems.len; i++)
            if (!tc_require_eq(t->elems.data[i]))
                return false;
        return true;
    case T_ARRAY:
        return tc_require_eq(t->elem);
    case T_PARAM: /* Futhark has no equality constraint on type parameters */
        tc_unify_why = xsprintf("the type parameter '%s does not support equality", t->name);
        return false;
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (!tc_require_eq(t->elems.data[i]))
                return false;
        return true;
    default:
        return true;
    }
}

/* A lifted type parameter, in words, or NULL if p (a T_PARAM) may be what level asks. */
static const char *lifted_param(Type *p, int level) {
    if (p->lift == '^')
        return xsprintf("the lifted type parameter '^%s (which might contain functions)", p->name);
    if (p->lift == '~' && level >= UNLIFTED_VALUE)
        return xsprintf("the size-lifted type parameter '~%s (whose sizes may differ from value to value)", p->name);
    return NULL;
}

bool tc_require_unlifted(Type *t, int level, const char *ctx) {
    t = type_prune(t);
    switch (t->kind) {
    case T_ARROW:
        tc_unify_why = xsprintf("%s may not be of function type (\"%s\" is functional)", ctx, type_str(t));
        return false;
    case T_PARAM: {
        const char *what = lifted_param(t, level);
        if (what)
            tc_unify_why = xsprintf("%s may not be of %s", ctx, what);
        return !what;
    }
    case T_VAR:
        if (t->unlifted < level) {
            t->unlifted = (char)level;
            t->unlifted_ctx = ctx;
        }
        for (int i = 0; i < t->elems.len; i++)
            if (!tc_require_unlifted(t->elems.data[i], level, ctx))
                return false;
        return true;
    case T_ARRAY:
        return tc_require_unlifted(t->elem, level, ctx);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (!tc_require_unlifted(t->elems.data[i], level, ctx))
                return false;
        return true;
    default:
        return true;
    }
}

Type *tc_field_of(Type *t, const char *f) {
    t = type_prune(t);
    if (t->kind == T_RECORD || t->kind == T_TUPLE) {
        int i = type_field_index(t, f);
        return i < 0 ? NULL : t->elems.data[i];
    }
    if (t->kind != T_VAR || t->prims || t->sum)
        return NULL;
    for (int i = 0; i < t->fields.len; i++)
        if (t->fields.data[i] == f)
            return t->elems.data[i];
    Type *ft = type_var(0, t->level);
    vec_push(&t->fields, f);
    vec_push(&t->elems, ft);
    return ft;
}

/* The payload of constructor c of t: t a sum type, or a variable that then gets the
 * constraint to have c (with a payload of n fresh types).  NULL if t cannot have c. */
Type *tc_ctor_of(Type *t, const char *c, int n) {
    t = type_prune(t);
    if (t->kind == T_SUM) {
        int i = type_ctor_index(t, c);
        return i < 0 || type_prune(t->elems.data[i])->elems.len != n ? NULL : t->elems.data[i];
    }
    if (t->kind != T_VAR || t->prims || (t->fields.len && !t->sum))
        return NULL;
    for (int i = 0; i < t->fields.len; i++)
        if (t->fields.data[i] == c)
            return type_prune(t->elems.data[i])->elems.len == n ? t->elems.data[i] : NULL;
    Type **ps = xmalloc(sizeof *ps * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        ps[i] = type_var(0, t->level);
    t->sum = true;
    vec_push(&t->fields, c);
    vec_push(&t->elems, type_tuple(n, ps));
    return t->elems.data[t->elems.len - 1];
}

/* v's constructor constraints hold of t. */
static bool bind_ctors(Type *v, Type *t, bool strict) {
    for (int i = 0; i < v->fields.len; i++) {
        Type *vp = type_prune(v->elems.data[i]);
        Type *tp = tc_ctor_of(t, v->fields.data[i], vp->elems.len);
        if (!tp) {
            tc_unify_why = xsprintf("Unshared constructors: it has no constructor #%s of %d argument(s)",
                                    v->fields.data[i], vp->elems.len);
            return false;
        }
        if (!tc_unify(tp, vp, strict))
            return false;
    }
    return true;
}

/* Link variable v to t (t is not v), checking v's constraints. */
static bool bind_var(Type *v, Type *t, bool strict) {
    if (occurs(v, t)) {
        tc_unify_why = "the type would be infinite (Occurs check)";
        return false;
    }
    Type *escaping = param_deeper_than(t, v->level);
    if (escaping) {
        tc_unify_why = xsprintf("the type parameter \"%s\" would escape its scope (a scope-violation): a type "
                                "from outside the function that binds it cannot be \"%s\"",
                                escaping->name, escaping->name);
        return false;
    }
    if (v->unlifted && !tc_require_unlifted(t, v->unlifted, v->unlifted_ctx))
        return false;
    if (v->sum) {
        if (!bind_ctors(v, t, strict) || (v->eq && !tc_require_eq(t)))
            return false;
        v->link = t;
        lower_levels(t, v->level);
        return true;
    }
    if (t->kind == T_VAR && t->sum) { /* a record constraint cannot meet a sum constraint */
        if (v->fields.len || v->prims)
            return false;
        v->link = t;
        if (t->level > v->level)
            t->level = v->level;
        if (v->eq && !tc_require_eq(t))
            return false;
        return true;
    }
    if (t->kind == T_VAR) {
        if (v->prims && !tc_require_prims(t, v->prims))
            return false;
        if (v->eq && !tc_require_eq(t))
            return false;
        if (v->fields.len && t->prims)
            return false;
        v->link = t;
        if (t->level > v->level)
            t->level = v->level;
        for (int i = 0; i < v->fields.len; i++) {
            Type *ft = tc_field_of(t, v->fields.data[i]);
            if (!tc_unify(ft, v->elems.data[i], strict))
                return false;
        }
        lower_levels(t, t->level);
        return true;
    }
    if (v->prims && !tc_require_prims(t, v->prims))
        return false;
    if (v->eq && !tc_require_eq(t))
        return false;
    for (int i = 0; i < v->fields.len; i++) {
        Type *ft = tc_field_of(t, v->fields.data[i]);
        if (!ft) {
            tc_unify_why = xsprintf("Cannot unify record type: it has no field '%s'", v->fields.data[i]);
            return false;
        }
        if (!tc_unify(ft, v->elems.data[i], strict))
            return false;
    }
    v->link = t;
    lower_levels(t, v->level);
    return true;
}

static bool has_field(Type *t, const char *name) {
    for (int i = 0; i < t->fields.len; i++)
        if (!strcmp(t->fields.data[i], name))
            return true;
    return false;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Why two sum or record types differ: the constructors (fields) only one has, sorted. */
static const char *unshared(Type *a, Type *b) {
    Vec(const char *) names = {0};
    Type *ts[2] = {a, b};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < ts[k]->fields.len; i++)
            if (!has_field(ts[1 - k], ts[k]->fields.data[i]))
                vec_push(&names, ts[k]->fields.data[i]);
    if (names.len)
        qsort(names.data, (size_t)names.len, sizeof(const char *), cmp_str);
    StrBuf sb = {0};
    bool sum = a->kind == T_SUM;
    for (int i = 0; i < names.len; i++)
        sb_printf(&sb, "%s%s%s", i ? ", " : "", sum ? "#" : "", names.data[i]);
    return xsprintf("%s: %s.", sum ? "Unshared constructors" : "unshared fields", sb.data ? sb.data : "");
}

static bool unify_elems(Type *a, Type *b, bool strict) {
    if (a->kind == T_SUM) {
        for (int i = 0; i < a->fields.len; i++)
            if (type_ctor_index(b, a->fields.data[i]) < 0) {
                tc_unify_why = unshared(a, b);
                return false;
            }
        for (int i = 0; i < b->fields.len; i++)
            if (type_ctor_index(a, b->fields.data[i]) < 0) {
                tc_unify_why = unshared(a, b);
                return false;
            }
    }
    if (a->kind == T_RECORD && a->elems.len != b->elems.len) {
        tc_unify_why = unshared(a, b);
        return false;
    }
    if (a->elems.len != b->elems.len)
        return false;
    for (int i = 0; i < a->elems.len; i++) {
        if (a->kind != T_TUPLE && strcmp(a->fields.data[i], b->fields.data[i])) {
            tc_unify_why = unshared(a, b);
            return false;
        }
        if (!tc_unify(a->elems.data[i], b->elems.data[i], strict))
            return false;
    }
    return true;
}

bool tc_unify(Type *a, Type *b, bool strict) {
    a = type_prune(a);
    b = type_prune(b);
    if (a == b)
        return true;
    if (a->kind == T_VAR)
        return bind_var(a, b, strict);
    if (b->kind == T_VAR)
        return bind_var(b, a, strict);
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case T_PRIM:
        return a->prim == b->prim;
    case T_ARRAY:
        return unify_size(a->dim, b->dim, strict) && tc_unify(a->elem, b->elem, strict);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        return unify_elems(a, b, strict);
    case T_ARROW:
        return tc_unify(a->param, b->param, strict) && tc_unify(a->ret, b->ret, strict);
    case T_PARAM:
        return a->name == b->name;
    case T_VAR:
        break;
    }
    return false;
}

Type *tc_join(Type *a, Type *b) {
    a = type_prune(a);
    b = type_prune(b);
    if (a == b || a->kind != b->kind)
        return a;
    switch (a->kind) {
    case T_ARRAY: {
        Type *elem = tc_join(a->elem, b->elem);
        bool same = tc_size_same(a->dim, b->dim);
        if (same && elem == type_prune(a->elem))
            return a;
        Type *t = type_array(elem, same ? a->dim : size_any());
        t->unique = a->unique && b->unique;
        return t;
    }
    case T_TUPLE:
    case T_RECORD:
    case T_SUM: {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(a->elems.len + 1));
        bool changed = false;
        for (int i = 0; i < a->elems.len; i++) {
            es[i] = tc_join(a->elems.data[i], b->elems.data[i]);
            changed |= es[i] != type_prune(a->elems.data[i]);
        }
        if (!changed)
            return a;
        if (a->kind == T_TUPLE)
            return type_tuple(a->elems.len, es);
        if (a->kind == T_SUM)
            return type_sum(a->elems.len, a->fields.data, es);
        return type_record(a->elems.len, a->fields.data, es);
    }
    default:
        return a;
    }
}
