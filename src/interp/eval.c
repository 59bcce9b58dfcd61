/* eval.c — evaluation of the checked AST: expressions, patterns, function application and the
 * run-time size checks.
 *
 * Name resolution.  Before running, interp_prepare() walks every top-level definition in order
 * and records, for each E_VAR, the latest top-level definition of that name that precedes the
 * definition containing it (Futhark scoping: a user's `sum` does not change the prelude's uses of
 * `sum`).  At run time a variable is looked up in the local environment first and falls back to
 * that resolution.  Qualified names (f32.sqrt) are always top-level.
 *
 * Sizes.  Parameters and let patterns with type ascriptions are checked against the value's
 * shape: a size name bound earlier (a size parameter, or any i64 in scope) must agree, a new one
 * is bound and becomes an ordinary i64 variable in the body.  Size parameters of the function
 * being called always start unbound.  Return types and `:>` coercions are checked the same way.
 *
 * Error locations.  A run-time error inside the prelude is reported at the innermost call made
 * from the user's file, which is what the user can act on.
 */
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "internal.h"

const char *interp_user_file;
static Loc user_loc;
static bool have_user_loc;

/* Set while an entry point's arguments are bound: a size error then says so in Futhark's words
 * too ("invalid sizes"), as compiled programs do (core/internalise.c). */
static bool binding_entry_args;
static bool entry_call_pending; /* the next eval_body_with binds an entry point's arguments */

_Noreturn void interp_error(Loc loc, const char *fmt, ...) {
    if (loc.file != interp_user_file && have_user_loc)
        loc = user_loc;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fflush(stdout);
    if (binding_entry_args && !strncmp(buf, "size mismatch", 13))
        rt_error_at(loc, "%s%s", buf, ENTRY_SIZES_NOTE);
    rt_error_at(loc, "%s", buf);
}

/* ---- pointer-keyed hash maps ---- */

typedef struct {
    const void **keys;
    void **vals;
    size_t cap, len;
} PtrMap;

static size_t ptr_hash(const void *p) { return (size_t)(((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull); }

static void *pm_get(const PtrMap *m, const void *key) {
    if (!m->cap)
        return NULL;
    for (size_t i = ptr_hash(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key)
            return m->vals[i];
        if (!m->keys[i])
            return NULL;
    }
}

static void pm_put(PtrMap *m, const void *key, void *val) {
    if (2 * (m->len + 1) > m->cap) {
        PtrMap n = {0};
        n.cap = m->cap ? 2 * m->cap : 256;
        n.keys = xmalloc(n.cap * sizeof *n.keys);
        n.vals = xmalloc(n.cap * sizeof *n.vals);
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i])
                pm_put(&n, m->keys[i], m->vals[i]);
        *m = n;
    }
    size_t i = ptr_hash(key) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        m->len++;
    m->keys[i] = key;
    m->vals[i] = val;
}

static PtrMap decl_infos;  /* Decl* -> DeclInfo* */
static PtrMap record_shapes; /* Expr* (E_RECORD) -> RecordShape* */

DeclInfo *interp_decl(Decl *d) { return pm_get(&decl_infos, d); }

/* The top-level definition a variable (or a SEC_FUN section's function) names, as the type
 * checker resolved it, or NULL for a local name. */
static DeclInfo *global_of(const Expr *e) {
    const Binding *b = e->binding;
    return b && b->kind == BIND_DEF && b->decl ? pm_get(&decl_infos, b->decl) : NULL;
}

/* The primitive type at the bottom of a definition's result type, or PRIM_NONE. */
static PrimType result_prim_of(Decl *d) {
    if (d->type) {
        Type *t = type_prune(d->type);
        for (int i = 0; i < d->params.len && t && t->kind == T_ARROW; i++)
            t = type_prune(t->ret);
        if (t && t->kind == T_PRIM)
            return t->prim;
    }
    TypeExp *r = d->ret;
    while (r && r->kind == TE_UNIQUE)
        r = r->elem;
    return r && r->kind == TE_NAME ? r->prim : PRIM_NONE;
}

static DeclInfo *prepare_decl(Decl *d, int index) {
    DeclInfo *di = xmalloc(sizeof *di);
    di->decl = d;
    di->index = index;
    di->arity = d->params.len;
    di->intrinsic = -1;
    di->rprim = result_prim_of(d);
    for (int i = 0; i < d->params.len && i < 32; i++) {
        Pat *p = d->params.data[i];
        Type *t = p->type ? type_prune(p->type) : NULL;
        if ((t && t->unique) || (p->kind == P_ASCRIBE && p->texp && p->texp->kind == TE_UNIQUE))
            di->consumes |= UINT32_C(1) << i;
    }
    for (int i = 0; i < d->tparams.len; i++)
        if (d->tparams.data[i].is_size) {
            di->nsizes++;
            di->inferred |= !ast_size_bound_by_params(&d->params, d->tparams.data[i].name);
        }
    Expr *b = d->body;
    if (b && b->kind == E_VAR && b->qual && !strcmp(b->qual, "intrinsics")) {
        di->is_intrinsic = true;
        di->intrinsic = intrinsic_lookup(b->name);
    }
    return di;
}

void interp_prepare(Program *prog) {
    for (int i = 0; i < prog->decls.len; i++) {
        Decl *d = prog->decls.data[i];
        if (d->kind == D_DEF)
            pm_put(&decl_infos, d, prepare_decl(d, i));
    }
}

/* ---- environments with ownership ---- */

/* *env is owned; push a binding on top of it. */
static void bind(Env **env, const char *name, Value v) {
    Env *e = env_push(*env, name, v);
    env_release(*env);
    *env = e;
}

/* ---- sizes ---- */

#define MAX_SIZES 32
typedef struct {
    const TypeParamVec *tparams; /* type and size parameters of the function being called, or NULL */
    NameVec exist;               /* the sizes of enclosing ?[k]. quantifiers: fresh as well */
    bool shallow; /* inner sizes from the first row only: intrinsics accept jagged arrays */
    int in_array; /* check_texp is inside an array's elements */
    int n;
    const char *names[MAX_SIZES];
    int64_t vals[MAX_SIZES];
    /* the values of the parameters typed by a bare type parameter t: a later one must have
     * the first one's array sizes (pair 't (x: t) (y: t) called with arrays of 1 and 2) */
    int ntyped;
    const char *tnames[MAX_SIZES];
    Value tvals[MAX_SIZES];
    /* size expressions ([n*2]) are checked once every size of the binding is known: the
     * expressions, the lengths they must equal, where */
    int ndeferred;
    Expr *dexprs[MAX_SIZES];
    int64_t dlens[MAX_SIZES];
    Loc dlocs[MAX_SIZES];
} SizeCtx;

/* A size the type binds afresh at its first occurrence (rather than one bound outside). */
static bool is_size_param(const SizeCtx *sc, const char *name) {
    for (int i = 0; i < sc->exist.len; i++)
        if (sc->exist.data[i] == name)
            return true;
    if (!sc->tparams)
        return false;
    for (int i = 0; i < sc->tparams->len; i++)
        if (sc->tparams->data[i].is_size && sc->tparams->data[i].name == name)
            return true;
    return false;
}

/* The value of a size expression [n*m], in env with the sizes found so far. */
static int64_t size_expr_value(Expr *e, SizeCtx *sc, Env *env) {
    Env *e2 = env_retain(env);
    for (int i = 0; i < sc->n; i++)
        bind(&e2, sc->names[i], v_i64(sc->vals[i]));
    Value v = eval(e, e2);
    env_release(e2);
    return v_int(v);
}

static void check_dim(const char *name, int64_t len, SizeCtx *sc, Env *env, Loc loc) {
    for (int i = 0; i < sc->n; i++)
        if (sc->names[i] == name) {
            if (sc->vals[i] != len)
                interp_error(loc, "size mismatch: size %s is %lld here, but %lld elsewhere", name,
                             (long long)len, (long long)sc->vals[i]);
            return;
        }
    if (!is_size_param(sc, name)) {
        Value *s = env_lookup(env, name);
        if (s && s->kind == VK_PRIM) {
            if (v_int(*s) != len)
                interp_error(loc, "size mismatch: expected size %s = %lld, got an array of %lld elements",
                             name, (long long)v_int(*s), (long long)len);
            return;
        }
    }
    if (sc->n == MAX_SIZES)
        die("too many sizes in one binding");
    sc->names[sc->n] = name;
    sc->vals[sc->n++] = len;
}

/* b has a's outer array sizes, leaf by leaf.  Inner ones are left alone: an inner [] may be
 * jagged (the compiled backends skip the same, core/internalise.c same_shapes). */
static void same_shapes(const char *name, Value a, Value b, Loc loc) {
    if ((a.kind == VK_TUPLE || a.kind == VK_RECORD) && b.kind == a.kind && a.as.tup->n == b.as.tup->n) {
        for (int i = 0; i < a.as.tup->n; i++)
            same_shapes(name, a.as.tup->elems[i], b.as.tup->elems[i], loc);
        return;
    }
    if (a.kind == VK_ARRAY && b.kind == VK_ARRAY && a.as.arr->len != b.as.arr->len)
        interp_error(loc, "size mismatch: two arguments of type %s have %lld and %lld elements", name,
                     (long long)a.as.arr->len, (long long)b.as.arr->len);
}

/* A parameter typed by a bare type parameter: the first binds its shape, a later one is checked. */
static void check_type_param(SizeCtx *sc, const char *name, Value v, Loc loc) {
    for (int i = 0; i < sc->ntyped; i++)
        if (sc->tnames[i] == name) {
            same_shapes(name, sc->tvals[i], v, loc);
            return;
        }
    if (sc->ntyped < MAX_SIZES) {
        sc->tnames[sc->ntyped] = name;
        sc->tvals[sc->ntyped++] = v;
    }
}

static void check_texp(TypeExp *t, Value v, SizeCtx *sc, Env *env, Loc loc) {
    if (!t)
        return;
    if (t->expanded) {
        check_texp(t->expanded, v, sc, env, loc);
        return;
    }
    switch (t->kind) {
    case TE_UNIQUE:
        check_texp(t->elem, v, sc, env, loc);
        return;
    case TE_EXIST: { /* ?[k].t: k is bound afresh here, and only here */
        int n = sc->exist.len;
        for (int i = 0; i < t->fields.len; i++)
            vec_push(&sc->exist, t->fields.data[i]);
        check_texp(t->elem, v, sc, env, loc);
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
        if (v.kind != VK_ARRAY)
            return;
        Array *a = v.as.arr;
        if (t->dim.kind == DIM_CONST && t->dim.value != a->len)
            interp_error(loc, "size mismatch: expected an array of %lld elements, got %lld",
                         (long long)t->dim.value, (long long)a->len);
        if (t->dim.kind == DIM_NAME)
            check_dim(t->dim.name, a->len, sc, env, loc);
        if (t->dim.kind == DIM_EXPR) {
            if (sc->ndeferred == MAX_SIZES)
                die("too many size expressions in one binding");
            sc->dexprs[sc->ndeferred] = t->dim.expr;
            sc->dlens[sc->ndeferred] = a->len;
            sc->dlocs[sc->ndeferred++] = loc;
        }
        TypeExp *el = t->elem;
        while (el && el->kind == TE_UNIQUE)
            el = el->elem;
        if (a->len == 0) { /* the inner dimensions an empty array remembers (fill_empty: the others) */
            for (int k = 0; el && el->kind == TE_ARRAY && k < a->eshape_n; k++, el = el->elem)
                if (el->dim.kind == DIM_NAME)
                    check_dim(el->dim.name, array_inner_dim(a, k), sc, env, loc);
            return;
        }
        sc->in_array++;
        if (el && (el->kind == TE_ARRAY || el->kind == TE_TUPLE || el->kind == TE_RECORD))
            for (int64_t i = 0; i < (sc->shallow ? 1 : a->len); i++)
                check_texp(el, a->elems[i], sc, env, loc);
        sc->in_array--;
        return;
    }
    case TE_NAME: {
        if (!sc->in_array && ast_plain_type_param(sc->tparams, t))
            check_type_param(sc, t->name, v, loc);
        return;
    }
    case TE_TUPLE:
        if (v.kind == VK_TUPLE && v.as.tup->n == t->elems.len)
            for (int i = 0; i < t->elems.len; i++)
                check_texp(t->elems.data[i], v.as.tup->elems[i], sc, env, loc);
        return;
    case TE_RECORD:
        if (v.kind == VK_RECORD)
            for (int i = 0; i < t->elems.len; i++)
                for (int j = 0; j < v.as.tup->n; j++)
                    if (v.as.tup->fields[j] == t->fields.data[i])
                        check_texp(t->elems.data[i], v.as.tup->elems[j], sc, env, loc);
        return;
    default:
        return;
    }
}

/* The size expressions check_texp deferred, now that the binding's sizes are known. */
static void check_deferred(SizeCtx *sc, Env *env) {
    for (int i = 0; i < sc->ndeferred; i++) {
        int64_t want = size_expr_value(sc->dexprs[i], sc, env);
        if (want != sc->dlens[i])
            interp_error(sc->dlocs[i], "size mismatch: expected an array of %lld elements, got %lld",
                         (long long)want, (long long)sc->dlens[i]);
    }
    sc->ndeferred = 0;
}

/* Check v against type t (sizes, size expressions) in one go. */
static void check_type(TypeExp *t, Value v, SizeCtx *sc, Env *env, Loc loc) {
    check_texp(t, v, sc, env, loc);
    check_deferred(sc, env);
}

/* ---- e :> t ----
 * Each array nest of t against the value, every row of it; a mismatch is reported with the
 * value's shape and t's, its sizes evaluated, in Futhark's words (`value of shape [2][2] cannot
 * match shape of type "[1][4]i32"`; the compiled backends say the same, core/internalise.c).
 * As there, the inner sizes of an empty array are not checked. */

#define MAX_COERCE_RANK 16

static TypeExp *texp_core(TypeExp *t) {
    while (t && (t->expanded || t->kind == TE_UNIQUE))
        t = t->expanded ? t->expanded : t->elem;
    return t;
}

/* The size a dimension of the coercion's type asks for, -1 for any. */
static int64_t coerce_want(const DimExp *d, const NameVec *exist, Env *env) {
    switch (d->kind) {
    case DIM_CONST: return d->value;
    case DIM_NAME: {
        for (int i = 0; i < exist->len; i++)
            if (exist->data[i] == d->name)
                return -1;
        Value *v = env_lookup(env, d->name);
        return v && v->kind == VK_PRIM ? v_int(*v) : -1;
    }
    case DIM_EXPR: {
        Value v = eval(d->expr, env);
        return v.kind == VK_PRIM ? v_int(v) : -1;
    }
    default: return -1;
    }
}

static bool nest_fits(Value v, const int64_t *want, int r, int k) {
    if (k == r || v.kind != VK_ARRAY)
        return true;
    Array *a = v.as.arr;
    if (want[k] >= 0 && a->len != want[k])
        return false;
    for (int64_t i = 0; i < a->len; i++)
        if (!nest_fits(a->elems[i], want, r, k + 1))
            return false;
    return true;
}

static void check_coerce(TypeExp *t, Type *ty, Value v, NameVec *exist, Env *env, Loc loc);

/* The innermost rows of an r-deep nest: their element values, checked against el. */
static void coerce_elems(TypeExp *el, Type *ty, Value v, int r, NameVec *exist, Env *env, Loc loc) {
    if (r == 0) {
        check_coerce(el, ty, v, exist, env, loc);
        return;
    }
    if (v.kind == VK_ARRAY)
        for (int64_t i = 0; i < v.as.arr->len; i++)
            coerce_elems(el, ty, v.as.arr->elems[i], r - 1, exist, env, loc);
}

static void check_coerce_array(TypeExp *t, Type *ty, Value v, NameVec *exist, Env *env, Loc loc) {
    int64_t want[MAX_COERCE_RANK];
    int r = 0;
    for (; t && t->kind == TE_ARRAY && r < MAX_COERCE_RANK; t = texp_core(t->elem))
        want[r++] = coerce_want(&t->dim, exist, env);
    if (!nest_fits(v, want, r, 0)) {
        StrBuf shape = {0}, type = {0};
        Value row = v;
        for (int k = 0, empty_at = -1; k < r; k++) {
            int64_t n = 0;
            if (empty_at >= 0)
                n = array_inner_dim(row.as.arr, k - empty_at - 1);
            else if (row.kind == VK_ARRAY) {
                n = row.as.arr->len;
                if (n)
                    row = row.as.arr->elems[0];
                else
                    empty_at = k;
            }
            sb_printf(&shape, "[%lld]", (long long)n);
            if (want[k] >= 0)
                sb_printf(&type, "[%lld]", (long long)want[k]);
            else
                sb_puts(&type, "[]");
        }
        Type *et = type_prune(ty);
        for (int k = 0; k < r && et && et->kind == T_ARRAY; k++)
            et = type_prune(et->elem);
        if (et)
            type_print(&type, et);
        interp_error(loc, "size mismatch: value of shape %s cannot match shape of type \"%s\"", shape.data,
                     type.data);
    }
    Type *et = type_prune(ty);
    for (int k = 0; k < r && et && et->kind == T_ARRAY; k++)
        et = type_prune(et->elem);
    coerce_elems(t, et, v, r, exist, env, loc);
}

static void check_coerce(TypeExp *t, Type *ty, Value v, NameVec *exist, Env *env, Loc loc) {
    t = texp_core(t);
    if (!t)
        return;
    ty = ty ? type_prune(ty) : NULL;
    switch (t->kind) {
    case TE_EXIST: {
        int n = exist->len;
        for (int i = 0; i < t->fields.len; i++)
            vec_push(exist, t->fields.data[i]);
        check_coerce(t->elem, ty, v, exist, env, loc);
        exist->len = n;
        return;
    }
    case TE_ARRAY:
        if (v.kind == VK_ARRAY)
            check_coerce_array(t, ty, v, exist, env, loc);
        return;
    case TE_TUPLE:
        if (v.kind == VK_TUPLE && v.as.tup->n == t->elems.len)
            for (int i = 0; i < t->elems.len; i++)
                check_coerce(t->elems.data[i], ty && ty->kind == T_TUPLE ? ty->elems.data[i] : NULL,
                             v.as.tup->elems[i], exist, env, loc);
        return;
    case TE_RECORD:
        if (v.kind == VK_RECORD)
            for (int i = 0; i < t->elems.len; i++)
                for (int j = 0; j < v.as.tup->n; j++)
                    if (v.as.tup->fields[j] == t->fields.data[i]) {
                        int f = ty && ty->kind == T_RECORD ? type_field_index(ty, t->fields.data[i]) : -1;
                        check_coerce(t->elems.data[i], f >= 0 ? ty->elems.data[f] : NULL, v.as.tup->elems[j],
                                     exist, env, loc);
                    }
        return;
    default:
        return;
    }
}

/* An empty array that does not know its rows' shape ([] in a polymorphic function, `[] : [0]a`)
 * takes it from the type it is returned at ([][x]i32 with x known), as far as that type's
 * sizes are known (constants, sizes sc found, variables in env); in tuples and records too.
 * Owns v; returns it or its replacement. */
static Value fill_empty(TypeExp *t, Value v, SizeCtx *sc, Env *env) {
    while (t && (t->expanded || t->kind == TE_UNIQUE || t->kind == TE_EXIST))
        t = t->expanded ? t->expanded : t->elem;
    if (!t)
        return v;
    if (t->kind == TE_TUPLE && v.kind == VK_TUPLE && v.as.tup->n == t->elems.len && v.as.tup->rc == 1) {
        for (int i = 0; i < t->elems.len; i++)
            v.as.tup->elems[i] = fill_empty(t->elems.data[i], v.as.tup->elems[i], sc, env);
        return v;
    }
    if (t->kind == TE_RECORD && v.kind == VK_RECORD && v.as.tup->rc == 1) {
        for (int i = 0; i < t->elems.len; i++)
            for (int j = 0; j < v.as.tup->n; j++)
                if (v.as.tup->fields[j] == t->fields.data[i])
                    v.as.tup->elems[j] = fill_empty(t->elems.data[i], v.as.tup->elems[j], sc, env);
        return v;
    }
    if (t->kind != TE_ARRAY || v.kind != VK_ARRAY || v.as.arr->len != 0 || v.as.arr->eshape_n != 0)
        return v;
    int64_t dims[64];
    int k = 0;
    for (TypeExp *el = t->elem; el && k < 64; el = el->elem) {
        while (el && (el->expanded || el->kind == TE_UNIQUE))
            el = el->expanded ? el->expanded : el->elem;
        if (!el || el->kind != TE_ARRAY)
            break;
        int64_t d = -1;
        if (el->dim.kind == DIM_CONST)
            d = el->dim.value;
        else if (el->dim.kind == DIM_NAME) {
            for (int i = 0; i < sc->n && d < 0; i++)
                if (sc->names[i] == el->dim.name)
                    d = sc->vals[i];
            Value *x = d < 0 ? env_lookup(env, el->dim.name) : NULL;
            if (x && x->kind == VK_PRIM)
                d = v_int(*x);
        } else if (el->dim.kind == DIM_EXPR) /* [s.0], [n + 1]: in the scope of the return type */
            d = size_expr_value(el->dim.expr, sc, env);
        if (d < 0)
            break;
        dims[k++] = d;
    }
    if (k == 0)
        return v;
    v_release(v);
    return v_array(array_new_empty(k, dims));
}

/* After a binding: check its size expressions, then bind the sizes it found. */
static void push_sizes(Env **env, SizeCtx *sc) {
    check_deferred(sc, *env);
    for (int i = 0; i < sc->n; i++)
        bind(env, sc->names[i], v_i64(sc->vals[i]));
    sc->n = 0;
}

/* ---- patterns ---- */

static int record_field_index(Tuple *t, const char *field) {
    for (int i = 0; i < t->n; i++)
        if (t->fields[i] == field)
            return i;
    die("record has no field %s", field);
}

static void bind_pat(Env **env, Pat *p, Value v, SizeCtx *sc, Loc loc) {
    switch (p->kind) {
    case P_ID:
        bind(env, p->name, v);
        return;
    case P_WILDCARD:
        v_release(v);
        return;
    case P_TUPLE:
        if (p->elems.len == 0) {
            v_release(v);
            return;
        }
        if (p->elems.len == 1 && v.kind != VK_TUPLE) {
            bind_pat(env, p->elems.data[0], v, sc, loc);
            return;
        }
        if ((v.kind != VK_TUPLE && v.kind != VK_RECORD) || v.as.tup->n != p->elems.len)
            die("tuple pattern does not match value");
        for (int i = 0; i < p->elems.len; i++)
            bind_pat(env, p->elems.data[i], v_retain(v.as.tup->elems[i]), sc, loc);
        v_release(v);
        return;
    case P_RECORD:
        if (v.kind != VK_RECORD)
            die("record pattern does not match value");
        for (int i = 0; i < p->elems.len; i++) {
            int j = record_field_index(v.as.tup, p->fields.data[i]);
            bind_pat(env, p->elems.data[i], v_retain(v.as.tup->elems[j]), sc, loc);
        }
        v_release(v);
        return;
    case P_ASCRIBE:
        check_texp(p->texp, v, sc, *env, loc);
        bind_pat(env, p->inner, v, sc, loc);
        return;
    case P_CONSTR: /* irrefutable here: the only constructor (the checker made sure) */
        for (int i = 0; i < p->elems.len; i++)
            bind_pat(env, p->elems.data[i], v_retain(v.as.tup->elems[i]), sc, loc);
        v_release(v);
        return;
    case P_LITERAL:
        v_release(v);
        return;
    }
}

/* Does v (borrowed) match p?  The value of a case's pattern test (match). */
static bool pat_matches(Pat *p, Value v, Env *env) {
    switch (p->kind) {
    case P_ASCRIBE: return pat_matches(p->inner, v, env);
    case P_CONSTR:
        if (v.as.tup->ctor != p->name)
            return false;
        for (int i = 0; i < p->elems.len; i++)
            if (!pat_matches(p->elems.data[i], v.as.tup->elems[i], env))
                return false;
        return true;
    case P_LITERAL: {
        Value lit = eval(p->lit, env);
        bool eq = v_equal(v, lit);
        v_release(lit);
        return eq;
    }
    case P_TUPLE:
        if (p->elems.len == 1 && v.kind != VK_TUPLE)
            return pat_matches(p->elems.data[0], v, env);
        for (int i = 0; i < p->elems.len; i++)
            if (!pat_matches(p->elems.data[i], v.as.tup->elems[i], env))
                return false;
        return true;
    case P_RECORD:
        for (int i = 0; i < p->elems.len; i++)
            if (!pat_matches(p->elems.data[i], v.as.tup->elems[record_field_index(v.as.tup, p->fields.data[i])],
                             env))
                return false;
        return true;
    default: return true;
    }
}

/* The current values of a pattern's variables (`loop x do ...` without an initialiser). */
static Value pat_value(Pat *p, Env *env) {
    switch (p->kind) {
    case P_ID: {
        Value *s = env_lookup(env, p->name);
        if (!s)
            die("loop variable %s is not in scope", p->name);
        return v_retain(*s);
    }
    case P_ASCRIBE: return pat_value(p->inner, env);
    case P_TUPLE: {
        Tuple *t = tuple_new(p->elems.len);
        for (int i = 0; i < p->elems.len; i++)
            t->elems[i] = pat_value(p->elems.data[i], env);
        return v_tuple(t);
    }
    default: die("unsupported loop pattern");
    }
}

/* ---- functions ---- */

/* The value of a size in env, or VK_DEAD when it is unknown there.  A size expression may call a
 * function on variables of any type ([length xs - 1]). */
static Value eval_size(Size *s, Env *env) {
    Value dead = {.kind = VK_DEAD};
    s = size_prune(s);
    switch (s->kind) {
    case SIZE_CONST: return v_i64(s->value);
    case SIZE_NAME: {
        Value *v = env_lookup(env, s->name);
        return v && v->kind != VK_DEAD ? v_retain(*v) : dead;
    }
    case SIZE_EXPR: {
        Value args[8];
        if (s->n > 8)
            return dead;
        for (int i = 0; i < s->n; i++) {
            args[i] = eval_size(s->args[i], env);
            if (args[i].kind == VK_DEAD) {
                for (int j = 0; j < i; j++)
                    v_release(args[j]);
                return dead;
            }
        }
        if (s->fn) {
            DeclInfo *di = pm_get(&decl_infos, s->fn);
            if (di && di->arity == s->n)
                return call_decl(di, args, NULL, s->fn->loc);
        } else if (args[0].kind == VK_PRIM && args[1].kind == VK_PRIM) {
            int64_t r;
            if (size_arith(s->op, v_int(args[0]), v_int(args[1]), &r))
                return v_i64(r);
        }
        for (int i = 0; i < s->n; i++)
            v_release(args[i]);
        return dead;
    }
    default: return dead;
    }
}

/* The size parameters (tparams) of a function with parameters params, as the use inferred
 * them; NULL unless one of them is no parameter's array size (unflatten's n and m, a size of
 * a constant).  Owned; *n receives their number. */
static int64_t *inferred_sizes(const TypeParamVec *tparams, const PatVec *params, const Expr *use, Env *env,
                               int *n) {
    int nsizes = 0;
    bool inferred = false;
    for (int i = 0; i < tparams->len; i++)
        if (tparams->data[i].is_size) {
            nsizes++;
            inferred |= !ast_size_bound_by_params(params, tparams->data[i].name);
        }
    *n = nsizes;
    if (!inferred || use->size_args.len < nsizes) /* generalised sizes follow (types/subst.c) */
        return NULL;
    int64_t *sizes = xmalloc(sizeof *sizes * (size_t)(nsizes + 1));
    for (int i = 0; i < nsizes; i++) {
        Value v = eval_size(use->size_args.data[i], env);
        sizes[i] = v.kind == VK_PRIM ? v_int(v) : SIZE_UNKNOWN;
        v_release(v);
    }
    return sizes;
}

/* The size parameters of the top-level definition d as its use inferred them (see above). */
static int64_t *use_sizes(const Expr *use, DeclInfo *d, Env *env) {
    int n;
    return d && d->inferred ? inferred_sizes(&d->decl->tparams, &d->decl->params, use, env, &n) : NULL;
}

/* The size parameters a call gives that no parameter's array does, into sc. */
static void preset_sizes(SizeCtx *sc, PatVec *params, const TypeParamVec *tparams, const int64_t *sizes) {
    for (int i = 0, k = 0; sizes && i < tparams->len; i++) {
        if (!tparams->data[i].is_size)
            continue;
        const char *name = tparams->data[i].name;
        if (sizes[k] != SIZE_UNKNOWN && !ast_size_bound_by_params(params, name) && sc->n < MAX_SIZES) {
            sc->names[sc->n] = name;
            sc->vals[sc->n++] = sizes[k];
        }
        k++;
    }
}

static Value eval_body_with(PatVec *params, Expr *body, TypeExp *ret, const TypeParamVec *tparams,
                            Env *cenv, Value *args, const int64_t *sizes, Loc loc) {
    SizeCtx sc = {.tparams = tparams};
    preset_sizes(&sc, params, tparams, sizes);
    Env *env = env_retain(cenv);
    binding_entry_args = entry_call_pending;
    entry_call_pending = false;
    for (int i = 0; i < params->len; i++)
        bind_pat(&env, params->data[i], args[i], &sc, loc);
    SizeCtx rc = sc;
    rc.tparams = NULL;
    push_sizes(&env, &sc);
    binding_entry_args = false;
    Value r = eval(body, env);
    if (ret) {
        check_type(ret, r, &rc, env, ret->loc);
        r = fill_empty(ret, r, &rc, env);
    }
    env_release(env);
    return r;
}

static bool has_dims(TypeExp *t) {
    if (!t)
        return false;
    if (t->expanded)
        return has_dims(t->expanded);
    switch (t->kind) {
    case TE_ARRAY: return t->dim.kind != DIM_ANY || has_dims(t->elem);
    case TE_UNIQUE:
    case TE_EXIST: return has_dims(t->elem);
    case TE_TUPLE:
    case TE_RECORD:
        for (int i = 0; i < t->elems.len; i++)
            if (has_dims(t->elems.data[i]))
                return true;
        return false;
    default: return false;
    }
}

/* Size checks on an intrinsic's parameters (zip, scatter, map2's arrays...). */
static void check_intrinsic_params(DeclInfo *di, Value *args, Loc loc) {
    Decl *d = di->decl;
    SizeCtx sc = {.tparams = &d->tparams, .shallow = true};
    for (int i = 0; i < d->params.len; i++) {
        Pat *p = d->params.data[i];
        if (p->kind == P_ASCRIBE && has_dims(p->texp))
            check_texp(p->texp, args[i], &sc, NULL, loc);
    }
    check_deferred(&sc, NULL);
}

static Value global_value(DeclInfo *d, int64_t *sizes, Loc loc);

static char *stack_base;
static size_t stack_size;

void interp_stack_start(void *base, size_t size) {
    stack_base = base;
    stack_size = size;
}

/* The stack left is checked at every call of a definition (recursion goes through them). */
static void check_stack(Loc loc) {
    char here;
    if (stack_base && (size_t)(stack_base - &here) > stack_size - ((size_t)1 << 20))
        interp_error(loc, "recursion too deep: the interpreter's stack is exhausted");
}

Value call_decl(DeclInfo *di, Value *args, const int64_t *sizes, Loc loc) {
    check_stack(loc);
    Loc saved = user_loc;
    bool saved_have = have_user_loc;
    if (loc.file == interp_user_file) {
        user_loc = loc;
        have_user_loc = true;
    }
    Value r;
    Decl *d = di->decl;
    if (di->is_intrinsic) {
        check_intrinsic_params(di, args, loc);
        r = call_intrinsic(di, args, loc);
    } else if (di->arity == 0) {
        r = global_value(di, NULL, loc);
    } else {
        r = eval_body_with(&d->params, d->body, d->ret, &d->tparams, NULL, args, sizes, loc);
    }
    user_loc = saved;
    have_user_loc = saved_have;
    return r;
}

/* The call of an entry point (di has parameters) with the arguments read for it. */
Value call_entry(DeclInfo *di, Value *args, Loc loc) {
    entry_call_pending = !di->is_intrinsic && di->arity > 0;
    Value r = call_decl(di, args, NULL, loc);
    entry_call_pending = false;
    return r;
}

static Value global_value(DeclInfo *d, int64_t *sizes, Loc loc) {
    if (d->arity > 0) {
        Fun *f = fun_new(FN_DECL, d->arity);
        f->decl = d;
        f->sizes = sizes;
        f->nsizes = d->nsizes;
        return v_fun(f);
    }
    if (d->nsizes) { /* def iiota [n] : [n]i64 = iota n: a value per use */
        Decl *dd = d->decl;
        Value r = eval_body_with(&dd->params, dd->body, dd->ret, &dd->tparams, NULL, NULL, sizes, loc);
        free(sizes);
        return r;
    }
    free(sizes);
    if (!d->evaluated) {
        if (d->evaluating)
            interp_error(loc, "definition %s refers to itself", d->decl->name);
        d->evaluating = true;
        d->value = eval(d->decl->body, NULL);
        if (d->decl->ret) {
            SizeCtx sc = {0};
            check_type(d->decl->ret, d->value, &sc, NULL, d->decl->ret->loc);
        }
        d->evaluated = true;
    }
    return v_retain(d->value);
}

static Value apply_binop(BinOp op, Value a, Value b, Loc loc);
static Value eval_index_on(Value a, DimIndexVec *idx, Env *env, Loc loc);
static Value project(Value v, const char *field);

static Value call_section(Fun *fn, Value *args, Loc loc) {
    Expr *e = fn->expr;
    switch (e->section) {
    case SEC_OP: return apply_binop(e->op, args[0], args[1], loc);
    case SEC_LEFT: return apply_binop(e->op, v_retain(fn->extra[0]), args[0], e->loc);
    case SEC_RIGHT: return apply_binop(e->op, args[0], v_retain(fn->extra[0]), e->loc);
    case SEC_FIELD: {
        Value v = args[0];
        for (int i = 0; i < e->fields.len; i++) {
            Value w = project(v, e->fields.data[i]);
            v_release(v);
            v = w;
        }
        return v;
    }
    case SEC_INDEX: {
        Value r = eval_index_on(args[0], &e->idx, fn->env, e->loc);
        v_release(args[0]);
        return r;
    }
    case SEC_FUN: {
        Value two[2];
        if (e->lhs) {
            two[0] = v_retain(fn->extra[0]);
            two[1] = args[0];
        } else if (e->rhs) {
            two[0] = args[0];
            two[1] = v_retain(fn->extra[0]);
        } else {
            two[0] = args[0];
            two[1] = args[1];
        }
        return apply_fun(fn->extra[1], 2, two, loc);
    }
    }
    die("bad section");
}

static Value call_full(Fun *fn, Value *args, Loc loc) {
    switch (fn->kind) {
    case FN_DECL: return call_decl(fn->decl, args, fn->sizes, loc);
    case FN_LAMBDA:
        return eval_body_with(&fn->expr->params, fn->expr->body, fn->expr->texp, NULL, fn->env, args, NULL, loc);
    case FN_LETFUN:
        return eval_body_with(&fn->expr->params, fn->expr->lhs, fn->expr->texp, &fn->expr->tparams,
                              fn->env, args, fn->sizes, loc);
    case FN_SECTION: return call_section(fn, args, loc);
    case FN_COMPOSE: {
        Value mid = apply_fun(fn->extra[0], 1, args, loc);
        return apply_fun(fn->extra[1], 1, &mid, loc);
    }
    }
    die("bad function kind");
}

Value apply_fun(Value f, int n, Value *args, Loc loc) {
    if (f.kind != VK_FUN)
        die("applying a value that is not a function");
    Fun *fn = f.as.fun;
    int have = fn->nargs, need = fn->arity - have;
    if (n < need) {
        Fun *g = fun_new(fn->kind, fn->arity);
        g->decl = fn->decl;
        g->expr = fn->expr;
        if (fn->sizes) {
            g->nsizes = fn->nsizes;
            g->sizes = xmalloc(sizeof *g->sizes * (size_t)(fn->nsizes + 1));
            memcpy(g->sizes, fn->sizes, sizeof *g->sizes * (size_t)fn->nsizes);
        }
        g->env = env_retain(fn->env);
        g->extra[0] = v_retain(fn->extra[0]);
        g->extra[1] = v_retain(fn->extra[1]);
        for (int i = 0; i < have; i++)
            g->args[i] = v_retain(fn->args[i]);
        for (int i = 0; i < n; i++)
            g->args[have + i] = args[i];
        g->nargs = have + n;
        return v_fun(g);
    }
    Value small[8];
    Value *all = fn->arity <= 8 ? small : v_alloc((size_t)fn->arity * sizeof(Value));
    for (int i = 0; i < have; i++)
        all[i] = v_retain(fn->args[i]);
    for (int i = 0; i < need; i++)
        all[have + i] = args[i];
    Value r = call_full(fn, all, loc);
    if (all != small)
        free(all);
    if (n > need) {
        Value r2 = apply_fun(r, n - need, args + need, loc);
        v_release(r);
        return r2;
    }
    return r;
}

/* ---- operators ---- */

static Value concat2(Value a, Value b) {
    Array *x = a.as.arr, *y = b.as.arr, *r = array_new(x->len + y->len);
    for (int64_t i = 0; i < x->len; i++)
        r->elems[i] = v_retain(x->elems[i]);
    for (int64_t i = 0; i < y->len; i++)
        r->elems[x->len + i] = v_retain(y->elems[i]);
    v_release(a);
    v_release(b);
    return v_array(r);
}

static Value apply_binop(BinOp op, Value a, Value b, Loc loc) {
    if (a.kind == VK_PRIM && b.kind == VK_PRIM)
        return scalar_binop(op, a, b, loc);
    switch (op) {
    case BIN_CONCAT: return concat2(a, b);
    case BIN_EQ:
    case BIN_NEQ: {
        bool eq = v_equal(a, b);
        v_release(a);
        v_release(b);
        return v_bool(op == BIN_EQ ? eq : !eq);
    }
    case BIN_COMPOSE_FWD:
    case BIN_COMPOSE_BWD: {
        Fun *f = fun_new(FN_COMPOSE, 1);
        f->extra[0] = op == BIN_COMPOSE_FWD ? a : b;
        f->extra[1] = op == BIN_COMPOSE_FWD ? b : a;
        return v_fun(f);
    }
    default: die("operator %s on non-scalar values", binop_name(op));
    }
}

/* ---- indexing ---- */

typedef struct {
    bool slice, has_start, has_end, has_stride;
    int64_t start, end, stride;
} IdxVal;

#define MAX_IDX 16
typedef struct {
    IdxVal iv[MAX_IDX];
    int n;
    Loc loc;
    int64_t dims[MAX_IDX];
} IndexCtx;

static void eval_indices(IndexCtx *c, DimIndexVec *idx, Env *env, Loc loc) {
    if (idx->len > MAX_IDX)
        die("too many indices");
    c->n = idx->len;
    c->loc = loc;
    for (int i = 0; i < idx->len; i++) {
        DimIndex *d = &idx->data[i];
        IdxVal *x = &c->iv[i];
        *x = (IdxVal){.slice = d->is_slice};
        Expr *parts[3] = {d->start, d->end, d->stride};
        int64_t vals[3] = {0, 0, 0};
        for (int k = 0; k < 3; k++)
            if (parts[k]) {
                Value v = eval(parts[k], env);
                vals[k] = v_int(v);
            }
        x->has_start = d->start != NULL;
        x->has_end = d->end != NULL;
        x->has_stride = d->stride != NULL;
        x->start = vals[0];
        x->end = vals[1];
        x->stride = vals[2];
    }
}

/* Resolve a slice against a length: first index, count and stride; false if invalid.
 * Futhark's rule: the stride is not zero, the bounds are in the stride's order, and every
 * index taken is in range; an empty slice (i == j) is always valid. */
static bool slice_range(const IdxVal *x, int64_t n, int64_t *first, int64_t *count, int64_t *step) {
    int64_t s = x->has_stride ? x->stride : 1;
    if (s == 0)
        return false;
    int64_t i = x->has_start ? x->start : (s > 0 ? 0 : n - 1);
    int64_t j = x->has_end ? x->end : (s > 0 ? n : -1);
    if (s > 0 ? j < i : j > i)
        return false;
    *first = i;
    *step = s;
    *count = s > 0 ? (j - i + s - 1) / s : (i - j - s - 1) / -s;
    int64_t last = i + (*count - 1) * s;
    return *count == 0 || (i >= 0 && i < n && last >= 0 && last < n);
}

/* Index [1, 2:4] out of bounds for array of shape [3][5].  (Futhark's words: a slice is shown as
 * written, with the start it defaults to when it has neither end nor stride) */
static _Noreturn void index_error(IndexCtx *c, int level, Value here) {
    StrBuf sb = {0};
    sb_puts(&sb, "Index [");
    for (int i = 0; i < c->n; i++) {
        IdxVal *x = &c->iv[i];
        if (i)
            sb_puts(&sb, ", ");
        if (!x->slice) {
            sb_printf(&sb, "%lld", (long long)x->start);
            continue;
        }
        if (x->has_start || (!x->has_end && !x->has_stride))
            sb_printf(&sb, "%lld", (long long)(x->has_start ? x->start : x->has_stride && x->stride < 0 ? -1 : 0));
        sb_putc(&sb, ':');
        if (x->has_end)
            sb_printf(&sb, "%lld", (long long)x->end);
        if (x->has_stride)
            sb_printf(&sb, ":%lld", (long long)x->stride);
    }
    sb_puts(&sb, "] out of bounds for array of shape ");
    for (int i = 0; i < level; i++)
        sb_printf(&sb, "[%lld]", (long long)c->dims[i]);
    for (int i = level; i < c->n && here.kind == VK_ARRAY; i++) {
        sb_printf(&sb, "[%lld]", (long long)here.as.arr->len);
        if (here.as.arr->len == 0)
            break;
        here = here.as.arr->elems[0];
    }
    sb_putc(&sb, '.');
    interp_error(c->loc, "%s", sb.data);
}

static Value index_rec(IndexCtx *c, Value a, int k) {
    if (k == c->n)
        return v_retain(a);
    if (a.kind != VK_ARRAY)
        die("indexing a value that is not an array");
    Array *arr = a.as.arr;
    IdxVal *x = &c->iv[k];
    c->dims[k] = arr->len;
    if (!x->slice) {
        if (x->start < 0 || x->start >= arr->len)
            index_error(c, k, a);
        return index_rec(c, arr->elems[x->start], k + 1);
    }
    int64_t first, count, step;
    if (!slice_range(x, arr->len, &first, &count, &step))
        index_error(c, k, a);
    Array *r = array_new(count);
    for (int64_t j = 0; j < count; j++)
        r->elems[j] = index_rec(c, arr->elems[first + j * step], k + 1);
    return v_array(r);
}

static Value eval_index_on(Value a, DimIndexVec *idx, Env *env, Loc loc) {
    IndexCtx c;
    eval_indices(&c, idx, env, loc);
    return index_rec(&c, a, 0);
}

/* Evaluate e, but borrow a variable's value instead of copying a reference to it. */
static const Value *eval_borrow(Expr *e, Env *env, Value *tmp) {
    if (e->kind == E_VAR && !e->qual) {
        Value *s = env_lookup(env, e->name);
        if (s && s->kind != VK_DEAD)
            return s;
    }
    *tmp = eval(e, env);
    return tmp;
}

static Value eval_index(Expr *e, Env *env) {
    IndexCtx c;
    eval_indices(&c, &e->idx, env, e->loc);
    Value tmp = {.kind = VK_DEAD};
    const Value *a = eval_borrow(e->lhs, env, &tmp);
    Value r = index_rec(&c, *a, 0);
    v_release(tmp);
    return r;
}

/* ---- in-place updates ---- */

static Value update_rec(IndexCtx *c, Value a, int k, Value v) {
    if (a.kind != VK_ARRAY)
        die("updating a value that is not an array");
    array_make_unique(&a);
    Array *arr = a.as.arr;
    IdxVal *x = &c->iv[k];
    bool last = k + 1 == c->n;
    c->dims[k] = arr->len;
    if (!x->slice) {
        if (x->start < 0 || x->start >= arr->len)
            index_error(c, k, a);
        Value *slot = &arr->elems[x->start];
        if (last) {
            v_release(*slot);
            *slot = v;
        } else {
            *slot = update_rec(c, *slot, k + 1, v);
        }
        return a;
    }
    int64_t first, count, step;
    if (!slice_range(x, arr->len, &first, &count, &step))
        index_error(c, k, a);
    if (v.kind != VK_ARRAY || v.as.arr->len != count)
        interp_error(c->loc, "size mismatch: the slice has %lld elements but the value has %lld",
                     (long long)count, (long long)(v.kind == VK_ARRAY ? v.as.arr->len : 1));
    for (int64_t j = 0; j < count; j++) {
        Value *slot = &arr->elems[first + j * step];
        Value w = v_retain(v.as.arr->elems[j]);
        if (last) {
            v_release(*slot);
            *slot = w;
        } else {
            *slot = update_rec(c, *slot, k + 1, w);
        }
    }
    v_release(v);
    return a;
}

/* The value of the array being updated: moved out of its variable (which the update consumes). */
static Value take_consumed(Expr *e, Env *env) {
    while (e->kind == E_PAREN)
        e = e->lhs;
    if (e->kind == E_VAR && !e->qual) {
        Value *s = env_lookup(env, e->name);
        if (s && s->kind != VK_DEAD && s->kind != VK_PRIM) {
            Value v = *s;
            *s = (Value){.kind = VK_DEAD};
            return v;
        }
    }
    return eval(e, env);
}

static Value eval_update(Expr *e, Env *env) {
    IndexCtx c;
    eval_indices(&c, &e->idx, env, e->loc);
    Value v = eval(e->rhs, env);
    Value a = take_consumed(e->lhs, env);
    return update_rec(&c, a, 0, v);
}

static int field_index(Value v, const char *field) {
    if (v.kind == VK_RECORD)
        return record_field_index(v.as.tup, field);
    if (v.kind != VK_TUPLE)
        die("projection from a value that is not a tuple or record");
    int i = atoi(field);
    if (i < 0 || i >= v.as.tup->n)
        die("tuple has no field %s", field);
    return i;
}

static Value project(Value v, const char *field) { return v_retain(v.as.tup->elems[field_index(v, field)]); }

static Value recupdate_rec(Value r, NameVec *path, int k, Value v) {
    int i = field_index(r, path->data[k]);
    Tuple *t = r.as.tup;
    if (t->rc > 1) {
        Tuple *u = tuple_new(t->n);
        u->fields = t->fields;
        for (int j = 0; j < t->n; j++)
            u->elems[j] = v_retain(t->elems[j]);
        v_release(r);
        r = v_tuple(u);
        t = u;
    }
    if (k + 1 == path->len) {
        v_release(t->elems[i]);
        t->elems[i] = v;
    } else {
        t->elems[i] = recupdate_rec(t->elems[i], path, k + 1, v);
    }
    return r;
}

/* ---- records ---- */

typedef struct {
    int n;
    const char **names; /* sorted */
    int *src;           /* names[i] is elems[src[i]] of the expression */
} RecordShape;

static RecordShape *record_shape(Expr *e) {
    RecordShape *s = pm_get(&record_shapes, e);
    if (s)
        return s;
    s = xmalloc(sizeof *s);
    s->n = e->elems.len;
    s->names = xmalloc((size_t)s->n * sizeof *s->names + 1);
    s->src = xmalloc((size_t)s->n * sizeof *s->src + 1);
    for (int i = 0; i < s->n; i++) { /* insertion sort by name */
        int j = i;
        while (j > 0 && strcmp(s->names[j - 1], e->fields.data[i]) > 0) {
            s->names[j] = s->names[j - 1];
            s->src[j] = s->src[j - 1];
            j--;
        }
        s->names[j] = e->fields.data[i];
        s->src[j] = i;
    }
    pm_put(&record_shapes, e, s);
    return s;
}

static Value eval_record(Expr *e, Env *env) {
    RecordShape *s = record_shape(e);
    Value vals[64];
    if (s->n > 64)
        die("record with more than 64 fields");
    for (int i = 0; i < s->n; i++)
        vals[i] = eval(e->elems.data[i], env);
    Tuple *t = tuple_new(s->n);
    t->fields = s->names;
    for (int i = 0; i < s->n; i++)
        t->elems[i] = vals[s->src[i]];
    return v_tuple(t);
}

/* ---- literals and ranges ---- */

static PrimType literal_prim(Expr *e, PrimType dflt) {
    if (e->prim != PRIM_NONE)
        return e->prim;
    if (e->type) {
        Type *t = type_prune(e->type);
        if (t->kind == T_PRIM)
            return t->prim;
    }
    return dflt;
}

static Value eval_int(Expr *e) {
    PrimType p = literal_prim(e, PRIM_I32);
    if (p == PRIM_F32)
        return v_f32((float)(int64_t)e->ival);
    if (p == PRIM_F64 || p == PRIM_F16)
        return v_float(p, (double)(int64_t)e->ival);
    return v_prim_i(p, (int64_t)e->ival);
}

static Value eval_float(Expr *e) {
    PrimType p = literal_prim(e, PRIM_F64);
    return v_float(p, e->fval);
}

static Value eval_string(Expr *e) {
    int64_t n = e->ival ? (int64_t)e->ival : (int64_t)strlen(e->str);
    Array *a = array_new(n);
    for (int64_t i = 0; i < n; i++)
        a->elems[i] = v_prim_i(PRIM_U8, (unsigned char)e->str[i]);
    return v_array(a);
}

/* Futhark's message: "Range 1..0...5 is invalid." (the second element only when written). */
static void range_error(Expr *e, int64_t start, int64_t second, int64_t end) {
    const char *op = e->range == RANGE_UPTO_EXCL ? "..<" : e->range == RANGE_DOWNTO_EXCL ? "..>" : "...";
    const char *mid = e->mid ? xsprintf("..%lld", (long long)second) : "";
    interp_error(e->loc, "Range %lld%s%s%lld is invalid.", (long long)start, mid, op, (long long)end);
}

static Value eval_range(Expr *e, Env *env) {
    Value a = eval(e->lhs, env), b = eval(e->rhs, env);
    PrimType p = a.prim;
    int64_t start = v_int(a), end = v_int(b), step;
    if (e->mid)
        step = v_int(eval(e->mid, env)) - start;
    else
        step = e->range == RANGE_DOWNTO_EXCL ? -1 : 1;
    bool ok = step != 0;
    int64_t count = 0;
    if (ok) {
        switch (e->range) {
        case RANGE_UPTO_EXCL:
            ok = step > 0 && start <= end;
            count = ok ? (end - start + step - 1) / step : 0;
            break;
        case RANGE_DOWNTO_EXCL:
            ok = step < 0 && start >= end;
            count = ok ? (start - end + (-step) - 1) / (-step) : 0;
            break;
        case RANGE_INCL:
            ok = step > 0 ? start <= end : start >= end;
            count = ok ? (step > 0 ? (end - start) / step : (start - end) / (-step)) + 1 : 0;
            break;
        }
    }
    if (!ok)
        range_error(e, start, start + step, end);
    Array *r = array_new_at(count, e->loc);
    for (int64_t i = 0; i < count; i++)
        r->elems[i] = v_prim_i(p, start + i * step);
    return v_array(r);
}

/* ---- variables, applications, sections ---- */

/* A local function (let f [n] ...) as used at `use`: a copy that knows the sizes the use
 * inferred, when it has size parameters no parameter gives. */
static Value letfun_use(Value f, const Expr *use, Env *env) {
    const Binding *b = use->binding;
    if (!b || b->kind != BIND_LETFUN || f.kind != VK_FUN || f.as.fun->kind != FN_LETFUN || f.as.fun->nargs)
        return v_retain(f);
    Fun *fn = f.as.fun;
    int n;
    int64_t *sizes = inferred_sizes(&fn->expr->tparams, &fn->expr->params, use, env, &n);
    if (!sizes)
        return v_retain(f);
    Fun *g = fun_new(FN_LETFUN, fn->arity);
    g->expr = fn->expr;
    g->env = env_retain(fn->env);
    g->sizes = sizes;
    g->nsizes = n;
    return v_fun(g);
}

static Value eval_var(Expr *e, Env *env) {
    DeclInfo *d = global_of(e);
    if (!d) {
        Value *s = env_lookup(env, e->name);
        if (s) {
            if (s->kind == VK_DEAD)
                interp_error(e->loc, "%s is used after being consumed", e->name);
            return letfun_use(*s, e, env);
        }
        die("unknown name %s%s%s", e->qual ? e->qual : "", e->qual ? "." : "", e->name);
    }
    return global_value(d, use_sizes(e, d, env), e->loc);
}

/* An empty array made by a function (map over an empty array, say) does not know its rows'
 * shape; its static type does where the sizes are constants or variables in scope ([k][n]i32
 * with n bound).  Gives r those inner dimensions, as far as they are known, so that size
 * checks and printing see [0][n]. */
static Value shape_empty(Value r, const Type *t, Env *env) {
    if (r.kind != VK_ARRAY || r.as.arr->len != 0 || r.as.arr->eshape_n != 0 || !t)
        return r;
    t = type_prune((Type *)t);
    if (t->kind != T_ARRAY)
        return r;
    int64_t dims[64];
    int k = 0;
    for (const Type *el = type_prune(t->elem); el->kind == T_ARRAY && k < 64; el = type_prune(el->elem)) {
        const Size *d = size_prune(el->dim);
        if (d->kind == SIZE_CONST) {
            dims[k++] = d->value;
            continue;
        }
        const Value *v = d->kind == SIZE_NAME ? env_lookup(env, d->name) : NULL;
        if (!v || v->kind != VK_PRIM)
            break;
        dims[k++] = v_int(*v);
    }
    if (k == 0)
        return r;
    v_release(r);
    return v_array(array_new_empty(k, dims));
}

static Value eval_apply(Expr *e, Env *env) {
    Expr *fn = e->lhs;
    while (fn->kind == E_PAREN)
        fn = fn->lhs;
    int n = e->args.len;
    DeclInfo *d = fn->kind == E_VAR ? global_of(fn) : NULL;
    Value f = {.kind = VK_DEAD};
    if (!(d && d->arity == n && n > 0))
        f = eval(fn, env);
    Value small[8];
    Value *args = n <= 8 ? small : v_alloc((size_t)n * sizeof(Value));
    bool direct = f.kind == VK_DEAD;
    for (int i = 0; i < n; i++) /* a variable passed for a unique parameter is consumed: move it */
        args[i] = direct && i < 32 && (d->consumes >> i & 1) ? take_consumed(e->args.data[i], env)
                                                             : eval(e->args.data[i], env);
    Value r;
    if (direct) {
        int64_t *sizes = use_sizes(fn, d, env);
        r = call_decl(d, args, sizes, e->loc);
        free(sizes);
    } else {
        if (f.kind != VK_FUN)
            interp_error(e->loc, "applying a value that is not a function");
        r = apply_fun(f, n, args, e->loc);
        v_release(f);
    }
    if (args != small)
        free(args);
    return shape_empty(r, e->type, env);
}

static Value eval_section(Expr *e, Env *env) {
    int arity = 1;
    Fun *f;
    switch (e->section) {
    case SEC_OP:
        arity = 2;
        break;
    case SEC_FUN:
        arity = e->lhs || e->rhs ? 1 : 2;
        break;
    default: break;
    }
    f = fun_new(FN_SECTION, arity);
    f->expr = e;
    f->env = env_retain(env);
    if (e->section == SEC_LEFT || (e->section == SEC_FUN && e->lhs))
        f->extra[0] = eval(e->lhs, env);
    else if (e->section == SEC_RIGHT || (e->section == SEC_FUN && e->rhs))
        f->extra[0] = eval(e->rhs, env);
    if (e->section == SEC_FUN) {
        DeclInfo *d = global_of(e);
        Value *s = d ? NULL : env_lookup(env, e->name);
        if (s)
            f->extra[1] = v_retain(*s);
        else if (d)
            f->extra[1] = global_value(d, use_sizes(e, d, env), e->loc);
        else
            die("unknown function %s", e->name);
    }
    return v_fun(f);
}

/* ---- loops ---- */

static Value loop_step(Expr *e, Env *env, Value v, const char *ivar, Value ival, Pat *ipat) {
    Env *e2 = env_retain(env);
    SizeCtx sc = {0};
    bind_pat(&e2, e->pat, v, &sc, e->pat->loc);
    push_sizes(&e2, &sc);
    if (ivar)
        bind(&e2, ivar, ival);
    else if (ipat)
        bind_pat(&e2, ipat, ival, &sc, ipat->loc);
    Value r = eval(e->body, e2);
    env_release(e2);
    return r;
}

/* A for loop's value, before the first iteration and after the last, has the types its
 * parameter is written with (`loop (xs: [n]i32) = ...`): the sizes are checked at run time,
 * as every iteration's start checks them (bind_pat). */
static void check_loop_value(Expr *e, Env *env, Value v) {
    if (!ast_pat_has_ascription(e->pat))
        return;
    Env *e2 = env_retain(env);
    SizeCtx sc = {0};
    bind_pat(&e2, e->pat, v_retain(v), &sc, e->pat->loc);
    push_sizes(&e2, &sc);
    env_release(e2);
}

static Value eval_loop(Expr *e, Env *env) {
    Value v = e->init ? eval(e->init, env) : pat_value(e->pat, env);
    switch (e->loop) {
    case LOOP_FOR: {
        Value bound = eval(e->cond, env);
        int64_t n = v_int(bound);
        check_loop_value(e, env, v);
        for (int64_t i = 0; i < n; i++)
            v = loop_step(e, env, v, e->loop_var, v_prim_i(bound.prim, i), NULL);
        check_loop_value(e, env, v);
        return v;
    }
    case LOOP_FOR_IN: {
        Value xs = eval(e->cond, env);
        if (xs.kind != VK_ARRAY)
            die("for-in loop over a non-array");
        check_loop_value(e, env, v);
        for (int64_t i = 0; i < xs.as.arr->len; i++)
            v = loop_step(e, env, v, NULL, v_retain(xs.as.arr->elems[i]), e->loop_pat);
        v_release(xs);
        check_loop_value(e, env, v);
        return v;
    }
    case LOOP_WHILE:
        for (;;) {
            Env *e2 = env_retain(env);
            SizeCtx sc = {0};
            bind_pat(&e2, e->pat, v_retain(v), &sc, e->pat->loc);
            push_sizes(&e2, &sc);
            Value c = eval(e->cond, e2);
            env_release(e2);
            if (!prim_as_bool(c))
                return v;
            v = loop_step(e, env, v, NULL, (Value){0}, NULL);
        }
    }
    die("bad loop kind");
}

/* match x case p -> e ...: the first case whose pattern x matches (the checker made sure
 * one does). */
static Value eval_match(Expr *e, Env *env) {
    Value v = eval(e->lhs, env);
    for (int i = 0; i < e->cases.len; i++) {
        Pat *p = e->cases.data[i];
        if (!pat_matches(p, v, env))
            continue;
        Env *e2 = env_retain(env);
        SizeCtx sc = {0};
        bind_pat(&e2, p, v, &sc, p->loc);
        push_sizes(&e2, &sc);
        Value r = eval(e->elems.data[i], e2);
        env_release(e2);
        return r;
    }
    die("match: no case matched");
}

/* ---- tuning parameters: #[param(NAME)] e ---- */

static Vec(const char *) tuning_names;
static Vec(int64_t) tuning_values;

int interp_read_tuning(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "weft: error: cannot open tuning file '%s'\n", path);
        return 1;
    }
    char line[1024];
    for (int n = 1; fgets(line, sizeof line, f); n++) {
        char *c = strstr(line, "--");
        if (c)
            *c = 0;
        char name[512];
        long long v;
        char rest[2];
        if (sscanf(line, " %511[^= \t] = %lld %1s", name, &v, rest) == 2) {
            vec_push(&tuning_names, intern(name));
            vec_push(&tuning_values, (int64_t)v);
        } else if (sscanf(line, " %1s", rest) == 1) {
            fprintf(stderr, "weft: error: %s:%d: expected NAME=VALUE\n", path, n);
            fclose(f);
            return 1;
        }
    }
    fclose(f);
    return 0;
}

/* The value the tuning file gives #[param(NAME)] among attrs, if any. */
static bool tuning_param(const AttrVec *attrs, int64_t *v) {
    for (int i = 0; i < attrs->len; i++) {
        const Attr *a = attrs->data[i];
        if (strcmp(a->name, "param") || a->args.len != 1)
            continue;
        for (int j = tuning_names.len - 1; j >= 0; j--)
            if (tuning_names.data[j] == a->args.data[0]->name) {
                *v = tuning_values.data[j];
                return true;
            }
    }
    return false;
}

/* ---- the evaluator ---- */

static Value eval_let(Expr *e, Env *env) {
    Value v = eval(e->lhs, env);
    Env *e2 = env_retain(env);
    SizeCtx sc = {0};
    bind_pat(&e2, e->pat, v, &sc, e->pat->loc);
    push_sizes(&e2, &sc);
    Value r = eval(e->body, e2);
    env_release(e2);
    return r;
}

static Value eval_letfun(Expr *e, Env *env) {
    Value f;
    if (e->params.len == 0) {
        f = eval(e->lhs, env);
    } else {
        Fun *fn = fun_new(FN_LETFUN, e->params.len);
        fn->expr = e;
        fn->env = env_retain(env);
        f = v_fun(fn);
    }
    Env *e2 = env_push(env, e->name, f);
    Value r = eval(e->body, e2);
    env_release(e2);
    return r;
}

static Value eval_tuple(Expr *e, Env *env) {
    Tuple *t = tuple_new(e->elems.len);
    for (int i = 0; i < e->elems.len; i++)
        t->elems[i] = eval(e->elems.data[i], env);
    return v_tuple(t);
}

static Value eval_array(Expr *e, Env *env) {
    if (!e->elems.len) /* []: the rows' shape its type gives, where known */
        return shape_empty(v_array(array_new(0)), e->type, env);
    Array *a = array_new(e->elems.len);
    for (int i = 0; i < e->elems.len; i++)
        a->elems[i] = eval(e->elems.data[i], env);
    return v_array(a);
}

static Value eval_lambda(Expr *e, Env *env) {
    Fun *f = fun_new(FN_LAMBDA, e->params.len);
    f->expr = e;
    f->env = env_retain(env);
    return v_fun(f);
}

static Value eval_project(Expr *e, Env *env) {
    Value tmp = {.kind = VK_DEAD};
    const Value *v = eval_borrow(e->lhs, env, &tmp);
    Value r = project(*v, e->fields.data[0]);
    v_release(tmp);
    return r;
}

Value eval(Expr *e, Env *env) {
    switch (e->kind) {
    case E_INT: return eval_int(e);
    case E_FLOAT: return eval_float(e);
    case E_BOOL: return v_bool(e->ival != 0);
    case E_CHAR: return v_prim_i(literal_prim(e, PRIM_U8), (int64_t)e->ival);
    case E_STRING: return eval_string(e);
    case E_VAR: return eval_var(e, env);
    case E_TUPLE: return eval_tuple(e, env);
    case E_RECORD: return eval_record(e, env);
    case E_ARRAY: return eval_array(e, env);
    case E_RANGE: return eval_range(e, env);
    case E_PROJECT: return eval_project(e, env);
    case E_INDEX: return eval_index(e, env);
    case E_APPLY: return eval_apply(e, env);
    case E_BINOP:
        if (e->op == BIN_AND || e->op == BIN_OR) {
            bool l = prim_as_bool(eval(e->lhs, env));
            if (l == (e->op == BIN_OR))
                return v_bool(l);
            return v_bool(prim_as_bool(eval(e->rhs, env)));
        } else {
            Value a = eval(e->lhs, env);
            Value b = eval(e->rhs, env);
            return apply_binop(e->op, a, b, e->loc);
        }
    case E_NEG: return scalar_neg(eval(e->lhs, env));
    case E_NOT: return scalar_not(eval(e->lhs, env));
    case E_SECTION: return eval_section(e, env);
    case E_LAMBDA: return eval_lambda(e, env);
    case E_LET: return eval_let(e, env);
    case E_LETFUN: return eval_letfun(e, env);
    case E_IF: return prim_as_bool(eval(e->cond, env)) ? eval(e->lhs, env) : eval(e->rhs, env);
    case E_LOOP: return eval_loop(e, env);
    case E_UPDATE: return eval_update(e, env);
    case E_RECUPDATE: { /* records are values: the original stays usable */
        Value r = eval(e->lhs, env);
        return recupdate_rec(r, &e->fields, 0, eval(e->rhs, env));
    }
    case E_ASCRIBE: {
        Value v = eval(e->lhs, env);
        SizeCtx sc = {0};
        check_type(e->texp, v, &sc, env, e->loc);
        return v;
    }
    case E_COERCE: {
        Value v = eval(e->lhs, env);
        NameVec exist = {0};
        check_coerce(e->texp, e->type, v, &exist, env, e->loc);
        return v;
    }
    case E_ATTR: {
        int64_t v;
        if (!tuning_param(&e->attrs, &v))
            return eval(e->lhs, env);
        Type *t = type_prune(e->lhs->type); /* the value in the expression's integer type */
        if (!t || t->kind != T_PRIM || !prim_is_int(t->prim))
            rt_error_at(e->loc, "a #[param] on a value of type %s: a tuning parameter is an integer", type_str(t));
        return v_prim_i(t->prim, v);
    }
    case E_OPEN:
    case E_PAREN: return eval(e->lhs, env);
    case E_ASSERT:
        if (!prim_as_bool(eval(e->cond, env)))
            interp_error(e->loc, "Assertion is false: %s", e->str);
        return eval(e->body, env);
    case E_HOLE: interp_error(e->loc, "Reached hole of type %s.", type_str(e->type));
    case E_CONSTR: {
        Tuple *t = tuple_new(e->args.len);
        for (int i = 0; i < e->args.len; i++)
            t->elems[i] = eval(e->args.data[i], env);
        return v_sum(e->name, t);
    }
    case E_MATCH: return eval_match(e, env);
    }
    die("eval: unknown expression kind %d", (int)e->kind);
}
