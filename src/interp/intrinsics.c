/* intrinsics.c — native implementations of the prelude's `intrinsics.NAME` definitions.
 *
 * A prelude definition whose body is `intrinsics.NAME` is called here with its arguments
 * (owned; each implementation releases what it does not return).  Size agreement between
 * parameters declared with the same size ([n] on both arrays of zip) has already been checked
 * by eval.c from the declaration; the checks here cover what the signature cannot say
 * (negative sizes, unflatten's n*m, irregular transposes).  Intrinsics named after a scalar
 * operator of src/scalar (sqrt, min, popc, ...) go to scalar.c.
 */
#include <string.h>

#include "internal.h"

#define INTRINSICS(X)                                                                             \
    X(MAP, "map") X(REDUCE, "reduce") X(REDUCE_COMM, "reduce_comm") X(SCAN, "scan")               \
    X(FILTER, "filter") X(PARTITION, "partition") X(SCATTER, "scatter")                           \
    X(SCATTER_2D, "scatter_2d") X(HIST, "hist") X(REDUCE_BY_INDEX, "reduce_by_index")             \
    X(IOTA, "iota") X(REPLICATE, "replicate") X(LENGTH, "length") X(TRANSPOSE, "transpose")       \
    X(FLATTEN, "flatten") X(UNFLATTEN, "unflatten") X(CONCAT, "concat") X(ROTATE, "rotate")       \
    X(COPY, "copy") X(ZIP, "zip") X(MANIFEST, "manifest")                     \
    X(OPAQUE, "opaque") X(CONVERT, "convert") X(TO_BITS, "to_bits") X(FROM_BITS, "from_bits")

enum {
#define X(k, s) I_##k,
    INTRINSICS(X)
#undef X
    I_COUNT /* the scalar operators of src/scalar follow: I_COUNT + COp */
};

static const char *const intrinsic_names[] = {
#define X(k, s) s,
    INTRINSICS(X)
#undef X
};

int intrinsic_lookup(const char *name) {
    for (int i = 0; i < I_COUNT; i++)
        if (!strcmp(intrinsic_names[i], name))
            return i;
    int op = core_op_lookup(name);
    return op < 0 ? -1 : I_COUNT + op;
}

/* ---- helpers ---- */

static Array *arr(Value v, const char *what, Loc loc) {
    if (v.kind != VK_ARRAY)
        interp_error(loc, "%s: argument is not an array", what);
    return v.as.arr;
}

static Value call1(Value f, Value x, Loc loc) { return apply_fun(f, 1, &x, loc); }

static Value call2(Value f, Value x, Value y, Loc loc) {
    Value a[2] = {x, y};
    return apply_fun(f, 2, a, loc);
}

static void release_all(Value *args, int n) {
    for (int i = 0; i < n; i++)
        v_release(args[i]);
}

static void check_same_length(Array *a, Array *b, const char *what, Loc loc) {
    if (a->len != b->len)
        interp_error(loc, "size mismatch: %s of arrays with %lld and %lld elements", what,
                     (long long)a->len, (long long)b->len);
}

static int64_t nonneg_size(Value v, const char *what, Loc loc) {
    int64_t n = v_int(v);
    if (n < 0)
        interp_error(loc, "%s: negative size %lld", what, (long long)n);
    return n;
}

/* ---- second-order array combinators ---- */

static Value do_map(Value *a, Loc loc) {
    Array *xs = arr(a[1], "map", loc), *r = array_new(xs->len);
    for (int64_t i = 0; i < xs->len; i++)
        r->elems[i] = call1(a[0], v_retain(xs->elems[i]), loc);
    release_all(a, 2);
    return v_array(r);
}

static Value do_reduce(Value *a, Loc loc) {
    Array *xs = arr(a[2], "reduce", loc);
    Value acc = v_retain(a[1]);
    for (int64_t i = 0; i < xs->len; i++)
        acc = call2(a[0], acc, v_retain(xs->elems[i]), loc);
    release_all(a, 3);
    return acc;
}

static Value do_scan(Value *a, Loc loc) {
    Array *xs = arr(a[2], "scan", loc), *r = array_new(xs->len);
    Value acc = v_retain(a[1]);
    for (int64_t i = 0; i < xs->len; i++) {
        acc = call2(a[0], acc, v_retain(xs->elems[i]), loc);
        r->elems[i] = v_retain(acc);
    }
    v_release(acc);
    release_all(a, 3);
    return v_array(r);
}

/* Elements of xs for which p holds (keep == true) and the others. */
static Value do_partition(Value *a, bool both, Loc loc) {
    Array *xs = arr(a[1], "filter", loc);
    Array *yes = array_new(xs->len), *no = array_new(xs->len);
    int64_t ny = 0, nn = 0;
    for (int64_t i = 0; i < xs->len; i++) {
        Value c = call1(a[0], v_retain(xs->elems[i]), loc);
        if (prim_as_bool(c))
            yes->elems[ny++] = v_retain(xs->elems[i]);
        else
            no->elems[nn++] = v_retain(xs->elems[i]);
    }
    yes->len = ny;
    no->len = nn;
    release_all(a, 2);
    if (!both) {
        v_release(v_array(no));
        return v_array(yes);
    }
    return v_pair(v_array(yes), v_array(no));
}

static Value do_scatter(Value *a, Loc loc) {
    Value dest = a[0];
    Array *is = arr(a[1], "scatter", loc), *vs = arr(a[2], "scatter", loc);
    check_same_length(is, vs, "scatter", loc);
    arr(dest, "scatter", loc);
    array_make_unique(&dest);
    Array *d = dest.as.arr;
    for (int64_t j = 0; j < is->len; j++) {
        int64_t i = v_int(is->elems[j]);
        if (i >= 0 && i < d->len) {
            v_release(d->elems[i]);
            d->elems[i] = v_retain(vs->elems[j]);
        }
    }
    release_all(a + 1, 2);
    return dest;
}

static Value do_scatter_2d(Value *a, Loc loc) {
    Value dest = a[0];
    Array *is = arr(a[1], "scatter_2d", loc), *vs = arr(a[2], "scatter_2d", loc);
    check_same_length(is, vs, "scatter_2d", loc);
    arr(dest, "scatter_2d", loc);
    array_make_unique(&dest);
    Array *d = dest.as.arr;
    for (int64_t j = 0; j < is->len; j++) {
        Tuple *ij = is->elems[j].as.tup;
        int64_t r = v_int(ij->elems[0]), c = v_int(ij->elems[1]);
        if (r < 0 || r >= d->len)
            continue;
        Value *row = &d->elems[r];
        if (c < 0 || c >= arr(*row, "scatter_2d", loc)->len)
            continue;
        array_make_unique(row);
        v_release(row->as.arr->elems[c]);
        row->as.arr->elems[c] = v_retain(vs->elems[j]);
    }
    release_all(a + 1, 2);
    return dest;
}

/* Combine vs into the bins of dest (owned) with op. */
static Value histogram(Value dest, Value op, Array *is, Array *vs, const char *what, Loc loc) {
    check_same_length(is, vs, what, loc);
    array_make_unique(&dest);
    Array *d = dest.as.arr;
    for (int64_t j = 0; j < is->len; j++) {
        int64_t i = v_int(is->elems[j]);
        if (i >= 0 && i < d->len)
            d->elems[i] = call2(op, d->elems[i], v_retain(vs->elems[j]), loc);
    }
    return dest;
}

static Value do_hist(Value *a, Loc loc) { /* op ne k is vs */
    int64_t k = nonneg_size(a[2], "hist", loc);
    Array *d = array_new_at(k, loc);
    for (int64_t i = 0; i < k; i++)
        d->elems[i] = v_retain(a[1]);
    Value r = histogram(v_array(d), a[0], arr(a[3], "hist", loc), arr(a[4], "hist", loc), "hist", loc);
    release_all(a, 5);
    return r;
}

static Value do_reduce_by_index(Value *a, Loc loc) { /* dest op ne is vs */
    arr(a[0], "reduce_by_index", loc);
    Value r = histogram(a[0], a[1], arr(a[3], "reduce_by_index", loc), arr(a[4], "reduce_by_index", loc),
                        "reduce_by_index", loc);
    release_all(a + 1, 4);
    return r;
}

/* ---- array construction and rearrangement ---- */

static Value do_iota(Value *a, Loc loc) {
    int64_t n = v_int(a[0]);
    if (n < 0) /* Futhark's iota n is the range 0..1..<n, and fails as one */
        interp_error(loc, "Range 0..1..<%lld is invalid.", (long long)n);
    Array *r = array_new_at(n, loc);
    for (int64_t i = 0; i < n; i++)
        r->elems[i] = v_prim_i(a[0].prim, i);
    return v_array(r);
}

static Value do_replicate(Value *a, Loc loc) {
    int64_t n = nonneg_size(a[0], "replicate", loc);
    if (n == 0 && a[1].kind == VK_ARRAY) { /* [0][m]...: the empty array remembers m... */
        int64_t dims[64];
        int k = value_dims(a[1], dims, 64);
        v_release(a[1]);
        return v_array(array_new_empty(k, dims));
    }
    Array *r = array_new_at(n, loc);
    for (int64_t i = 0; i < n; i++)
        r->elems[i] = v_retain(a[1]);
    v_release(a[1]);
    return v_array(r);
}

static Value do_transpose(Value *a, Loc loc) {
    Array *xs = arr(a[0], "transpose", loc);
    int64_t n = xs->len, m = n ? arr(xs->elems[0], "transpose", loc)->len : array_inner_dim(xs, 0);
    for (int64_t i = 0; i < n; i++)
        if (arr(xs->elems[i], "transpose", loc)->len != m)
            interp_error(loc, "transpose of an irregular array (row %lld has %lld elements, row 0 has %lld)",
                         (long long)i, (long long)xs->elems[i].as.arr->len, (long long)m);
    Array *r = array_new_at(m, loc);
    for (int64_t j = 0; j < m; j++) {
        Array *row = array_new(n);
        for (int64_t i = 0; i < n; i++)
            row->elems[i] = v_retain(xs->elems[i].as.arr->elems[j]);
        r->elems[j] = v_array(row);
    }
    v_release(a[0]);
    return v_array(r);
}

static Value do_flatten(Value *a, Loc loc) {
    Array *xs = arr(a[0], "flatten", loc);
    int64_t total = 0;
    for (int64_t i = 0; i < xs->len; i++)
        total += arr(xs->elems[i], "flatten", loc)->len;
    Array *r = array_new(total);
    int64_t k = 0;
    for (int64_t i = 0; i < xs->len; i++) {
        Array *row = xs->elems[i].as.arr;
        for (int64_t j = 0; j < row->len; j++)
            r->elems[k++] = v_retain(row->elems[j]);
    }
    v_release(a[0]);
    return v_array(r);
}

/* The dimensions of array v inside its outer one, "[3][2]" (an empty array's as it remembers them). */
static void inner_shape(StrBuf *sb, Array *v) {
    Value row = v->len ? v->elems[0] : (Value){0};
    for (int k = 0; !v->len && k < v->eshape_n; k++)
        sb_printf(sb, "[%lld]", (long long)array_inner_dim(v, k));
    while (v->len && row.kind == VK_ARRAY) {
        sb_printf(sb, "[%lld]", (long long)row.as.arr->len);
        if (!row.as.arr->len) {
            inner_shape(sb, row.as.arr);
            return;
        }
        row = row.as.arr->elems[0];
    }
}

static Value do_unflatten(Value *a, Loc loc) {
    int64_t n = v_int(a[0]), m = v_int(a[1]);
    Array *xs = arr(a[2], "unflatten", loc);
    if (n < 0 || m < 0 || n * m != xs->len) { /* Futhark's words */
        StrBuf inner = {0};
        sb_puts(&inner, "");
        inner_shape(&inner, xs);
        interp_error(loc, "Cannot unflatten array of shape [%lld]%s to array of shape [%lld][%lld]%s",
                     (long long)xs->len, inner.data, (long long)n, (long long)m, inner.data);
    }
    Array *r = array_new(n);
    for (int64_t i = 0; i < n; i++) {
        Array *row = array_new(m);
        for (int64_t j = 0; j < m; j++)
            row->elems[j] = v_retain(xs->elems[i * m + j]);
        r->elems[i] = v_array(row);
    }
    v_release(a[2]);
    return v_array(r);
}

static Value do_concat(Value *a, Loc loc) {
    Array *x = arr(a[0], "concat", loc), *y = arr(a[1], "concat", loc), *r = array_new(x->len + y->len);
    for (int64_t i = 0; i < x->len; i++)
        r->elems[i] = v_retain(x->elems[i]);
    for (int64_t i = 0; i < y->len; i++)
        r->elems[x->len + i] = v_retain(y->elems[i]);
    release_all(a, 2);
    return v_array(r);
}

static Value do_rotate(Value *a, Loc loc) {
    Array *xs = arr(a[1], "rotate", loc), *r = array_new(xs->len);
    int64_t n = xs->len, sh = n ? ((v_int(a[0]) % n) + n) % n : 0;
    for (int64_t i = 0; i < n; i++)
        r->elems[i] = v_retain(xs->elems[(i + sh) % n]);
    v_release(a[1]);
    return v_array(r);
}

static Value do_zip(Value *a, Loc loc) {
    Array *x = arr(a[0], "zip", loc), *y = arr(a[1], "zip", loc);
    check_same_length(x, y, "zip", loc);
    Array *r = array_new(x->len);
    for (int64_t i = 0; i < x->len; i++)
        r->elems[i] = v_pair(v_retain(x->elems[i]), v_retain(y->elems[i]));
    release_all(a, 2);
    return v_array(r);
}

/* ---- dispatch ---- */

Value call_intrinsic(DeclInfo *di, Value *a, Loc loc) {
    int id = di->intrinsic;
    if (id < 0)
        interp_error(loc, "%s: unknown intrinsic %s", di->decl->name, di->decl->body->name);
    if (id >= I_COUNT)
        return scalar_intrinsic((COp)(id - I_COUNT), a, di->rprim, loc);
    switch (id) {
    case I_MAP: return do_map(a, loc);
    case I_REDUCE:
    case I_REDUCE_COMM: return do_reduce(a, loc);
    case I_SCAN: return do_scan(a, loc);
    case I_FILTER: return do_partition(a, false, loc);
    case I_PARTITION: return do_partition(a, true, loc);
    case I_SCATTER: return do_scatter(a, loc);
    case I_SCATTER_2D: return do_scatter_2d(a, loc);
    case I_HIST: return do_hist(a, loc);
    case I_REDUCE_BY_INDEX: return do_reduce_by_index(a, loc);
    case I_IOTA: return do_iota(a, loc);
    case I_REPLICATE: return do_replicate(a, loc);
    case I_LENGTH: {
        int64_t n = arr(a[0], "length", loc)->len;
        v_release(a[0]);
        return v_i64(n);
    }
    case I_TRANSPOSE: return do_transpose(a, loc);
    case I_FLATTEN: return do_flatten(a, loc);
    case I_UNFLATTEN: return do_unflatten(a, loc);
    case I_CONCAT: return do_concat(a, loc);
    case I_ROTATE: return do_rotate(a, loc);
    case I_ZIP: return do_zip(a, loc);
    case I_COPY:
    case I_MANIFEST:
    case I_OPAQUE: return a[0]; /* copy on write makes copy a no-op */
    case I_CONVERT:
        if (di->rprim == PRIM_NONE)
            die("%s: convert without a primitive result type", di->decl->name);
        return scalar_convert(a[0], di->rprim);
    case I_TO_BITS: return scalar_to_bits(a[0]);
    case I_FROM_BITS:
        if (di->rprim == PRIM_NONE)
            die("%s: from_bits without a primitive result type", di->decl->name);
        return scalar_from_bits(a[0], di->rprim);
    }
    die("call_intrinsic: id %d", id);
}
