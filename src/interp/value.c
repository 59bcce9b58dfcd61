/* value.c — the interpreter's values: constructors, reference counting, copy on write,
 * environments and structural equality.  See internal.h for the representation.
 *
 * Environment cells are recycled through a free list: a loop binds a few names per iteration,
 * and malloc/free for each would dominate tight scalar loops.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void *v_alloc(size_t n) {
    void *p = calloc(1, n ? n : 1);
    if (!p)
        fatal("out of memory (%zu bytes)", n);
    return p;
}

Value v_prim_i(PrimType p, int64_t i) {
    Value v = {.kind = VK_PRIM, .prim = (uint8_t)p};
    switch (p) {
    case PRIM_I8: v.as.i = (int8_t)i; break;
    case PRIM_I16: v.as.i = (int16_t)i; break;
    case PRIM_I32: v.as.i = (int32_t)i; break;
    case PRIM_I64: v.as.i = i; break;
    case PRIM_U8: v.as.u = (uint8_t)i; break;
    case PRIM_U16: v.as.u = (uint16_t)i; break;
    case PRIM_U32: v.as.u = (uint32_t)i; break;
    case PRIM_U64: v.as.u = (uint64_t)i; break;
    case PRIM_BOOL: v.as.i = i != 0; break;
    case PRIM_F32: v.as.f32 = (float)i; break;
    case PRIM_F64: v.as.f64 = (double)i; break;
    case PRIM_F16: v.as.u = scalar_float(PRIM_F16, (double)i).as.u; break;
    default: die("v_prim_i: bad primitive type %d", (int)p);
    }
    return v;
}

Value v_bool(bool b) { return (Value){.kind = VK_PRIM, .prim = PRIM_BOOL, .as.i = b}; }
Value v_f32(float f) { return (Value){.kind = VK_PRIM, .prim = PRIM_F32, .as.f32 = f}; }
Value v_f64(double f) { return (Value){.kind = VK_PRIM, .prim = PRIM_F64, .as.f64 = f}; }
Value v_float(PrimType p, double f) {
    return (Value){.kind = VK_PRIM, .prim = (uint8_t)p, .as.u = scalar_float(p, f).as.u};
}
Value v_i64(int64_t i) { return (Value){.kind = VK_PRIM, .prim = PRIM_I64, .as.i = i}; }
Value v_unit(void) { return v_tuple(tuple_new(0)); }

Array *array_try_new(int64_t len) {
    if (len < 0)
        die("array_new: negative length");
    if ((uint64_t)len > (SIZE_MAX - sizeof(Array)) / sizeof(Value))
        return NULL; /* the byte count would wrap around */
    Array *a = calloc(1, sizeof(Array) + (size_t)len * sizeof(Value));
    if (!a)
        return NULL;
    a->rc = 1;
    a->eshape_n = 0;
    a->len = len;
    return a;
}

Array *array_new(int64_t len) {
    Array *a = array_try_new(len);
    if (!a)
        fatal("out of memory (array of %lld elements)", (long long)len);
    return a;
}

Array *array_new_at(int64_t len, Loc loc) {
    Array *a = array_try_new(len);
    if (!a)
        interp_error(loc, "out of memory: an array of %lld elements", (long long)len);
    return a;
}

Array *array_new_empty(int n, const int64_t *inner) {
    Array *a = array_new(n);
    a->len = 0;
    a->eshape_n = n;
    for (int i = 0; i < n; i++)
        a->elems[i] = v_i64(inner[i]);
    return a;
}

int value_dims(Value v, int64_t *dims, int max) {
    int n = 0;
    while (v.kind == VK_ARRAY && n < max) {
        const Array *a = v.as.arr;
        dims[n++] = a->len;
        if (a->len == 0) {
            for (int k = 0; k < a->eshape_n && n < max; k++)
                dims[n++] = a->elems[k].as.i;
            break;
        }
        v = a->elems[0];
    }
    return n;
}

int64_t array_inner_dim(const Array *a, int k) {
    return a->len == 0 && k < a->eshape_n ? a->elems[k].as.i : 0;
}

Value v_array(Array *a) { return (Value){.kind = VK_ARRAY, .as.arr = a}; }

Tuple *tuple_new(int n) {
    Tuple *t = malloc(sizeof(Tuple) + (size_t)n * sizeof(Value));
    if (!t)
        fatal("out of memory");
    t->rc = 1;
    t->n = n;
    t->fields = NULL;
    memset(t->elems, 0, (size_t)n * sizeof(Value));
    return t;
}

Value v_tuple(Tuple *t) { return (Value){.kind = t->fields ? VK_RECORD : VK_TUPLE, .as.tup = t}; }

Value v_sum(const char *ctor, Tuple *payload) {
    payload->ctor = ctor;
    return (Value){.kind = VK_SUM, .as.tup = payload};
}

Value v_pair(Value a, Value b) {
    Tuple *t = tuple_new(2);
    t->elems[0] = a;
    t->elems[1] = b;
    return v_tuple(t);
}

Fun *fun_new(FunKind kind, int arity) {
    Fun *f = v_alloc(sizeof *f);
    f->rc = 1;
    f->kind = kind;
    f->arity = arity;
    f->args = arity ? v_alloc((size_t)arity * sizeof(Value)) : NULL;
    return f;
}

Value v_fun(Fun *f) { return (Value){.kind = VK_FUN, .as.fun = f}; }

static void free_array(Array *a) {
    for (int64_t i = 0; i < a->len; i++)
        v_release(a->elems[i]);
    free(a);
}

static void free_tuple(Tuple *t) {
    for (int i = 0; i < t->n; i++)
        v_release(t->elems[i]);
    free(t);
}

static void free_fun(Fun *f) {
    for (int i = 0; i < f->nargs; i++)
        v_release(f->args[i]);
    v_release(f->extra[0]);
    v_release(f->extra[1]);
    env_release(f->env);
    free(f->args);
    free(f->sizes);
    free(f);
}

void v_release_obj(Value v) {
    switch (v.kind) {
    case VK_ARRAY:
        if (--v.as.arr->rc == 0)
            free_array(v.as.arr);
        break;
    case VK_TUPLE:
    case VK_RECORD:
    case VK_SUM:
        if (--v.as.tup->rc == 0)
            free_tuple(v.as.tup);
        break;
    case VK_FUN:
        if (--v.as.fun->rc == 0)
            free_fun(v.as.fun);
        break;
    default: break;
    }
}

void array_make_unique(Value *v) {
    Array *a = v->as.arr;
    if (a->rc == 1)
        return;
    if (a->len == 0) {
        int64_t inner[64];
        for (int i = 0; i < a->eshape_n && i < 64; i++)
            inner[i] = a->elems[i].as.i;
        v->as.arr = array_new_empty(a->eshape_n < 64 ? a->eshape_n : 64, inner);
        a->rc--;
        return;
    }
    Array *b = array_new(a->len);
    for (int64_t i = 0; i < a->len; i++)
        b->elems[i] = v_retain(a->elems[i]);
    a->rc--;
    v->as.arr = b;
}

/* ---- environments ---- */

static Env *env_free_list;

Env *env_push(Env *next, const char *name, Value v) {
    Env *e = env_free_list;
    if (e)
        env_free_list = e->next;
    else
        e = xmalloc(sizeof *e);
    e->rc = 1;
    e->name = name;
    e->v = v;
    e->next = env_retain(next);
    return e;
}

void env_release(Env *e) {
    while (e && --e->rc == 0) {
        Env *next = e->next;
        v_release(e->v);
        e->next = env_free_list;
        env_free_list = e;
        e = next;
    }
}

/* ---- equality and scalars ---- */

bool v_equal(Value a, Value b) {
    if (a.kind != b.kind)
        return false;
    switch (a.kind) {
    case VK_PRIM: {
        Value r = scalar_binop(BIN_EQ, a, b, (Loc){0});
        return r.as.i != 0;
    }
    case VK_ARRAY:
        if (a.as.arr->len != b.as.arr->len)
            return false;
        for (int64_t i = 0; i < a.as.arr->len; i++)
            if (!v_equal(a.as.arr->elems[i], b.as.arr->elems[i]))
                return false;
        return true;
    case VK_TUPLE:
    case VK_RECORD:
    case VK_SUM:
        if (a.as.tup->n != b.as.tup->n || a.as.tup->ctor != b.as.tup->ctor)
            return false;
        for (int i = 0; i < a.as.tup->n; i++)
            if (!v_equal(a.as.tup->elems[i], b.as.tup->elems[i]))
                return false;
        return true;
    default:
        return false;
    }
}

int64_t v_int(Value v) {
    if (v.kind != VK_PRIM)
        die("v_int: not a scalar");
    switch (v.prim) {
    case PRIM_F32: return (int64_t)v.as.f32;
    case PRIM_F64: return (int64_t)v.as.f64;
    case PRIM_F16: return (int64_t)scalar_float_value((Scalar){PRIM_F16, {.u = v.as.u}});
    default: return v.as.i;
    }
}
