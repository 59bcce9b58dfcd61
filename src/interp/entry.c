/* entry.c — running an entry point: find it, read its arguments in Futhark's data format,
 * call it, print its results.
 *
 * An entry point is an `entry` declaration or a `def main` in the user's file.  A parameter or
 * result is read or printed as its leaves (below): one value per component of a tuple or
 * record, one array per component of an array of them, each a primitive type or a (possibly
 * nested) array of one, whose primitive type and rank decide how it is read (rts/values.h).
 * Rectangular arrays go through wf_write_text / wf_write_binary; a jagged array is printed as
 * nested brackets (text only), with empty rows as empty([0]...t).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../rts/values.h"
#include "interp.h"
#include "internal.h"

/* ---- shapes: primitive type and rank of an entry parameter's or result's leaf ---- */

typedef struct {
    PrimType prim;
    int rank;
    int levels; /* a parameter whose inner dimensions are unnamed (`[][]i32`) may be jagged: the
                   innermost such dimension (values.h wf_read_jagged); 0 otherwise */
} Shape;

/* The result type: the checked function type after its parameters. */
static Type *result_type(Decl *d) {
    if (!d->type)
        return NULL;
    Type *t = type_prune(d->type);
    for (int i = 0; i < d->params.len && t && t->kind == T_ARROW; i++)
        t = type_prune(t->ret);
    return t;
}

/* ---- conversion between wf_value and Value ---- */

static Value read_elem(wf_prim p, const void *data, int64_t i) {
    switch (p) {
    case WF_I8: return v_prim_i(PRIM_I8, ((const int8_t *)data)[i]);
    case WF_I16: return v_prim_i(PRIM_I16, ((const int16_t *)data)[i]);
    case WF_I32: return v_prim_i(PRIM_I32, ((const int32_t *)data)[i]);
    case WF_I64: return v_prim_i(PRIM_I64, ((const int64_t *)data)[i]);
    case WF_U8: return v_prim_i(PRIM_U8, ((const uint8_t *)data)[i]);
    case WF_U16: return v_prim_i(PRIM_U16, ((const uint16_t *)data)[i]);
    case WF_U32: return v_prim_i(PRIM_U32, ((const uint32_t *)data)[i]);
    case WF_U64: return v_prim_i(PRIM_U64, (int64_t)((const uint64_t *)data)[i]);
    case WF_F32: return v_f32(((const float *)data)[i]);
    case WF_F64: return v_f64(((const double *)data)[i]);
    case WF_F16: return (Value){.kind = VK_PRIM, .prim = PRIM_F16, .as.u = ((const uint16_t *)data)[i]};
    default: return v_bool(((const uint8_t *)data)[i] != 0);
    }
}

static void write_elem(wf_prim p, void *data, int64_t i, Value v) {
    switch (p) {
    case WF_I8: ((int8_t *)data)[i] = (int8_t)v.as.i; break;
    case WF_I16: ((int16_t *)data)[i] = (int16_t)v.as.i; break;
    case WF_I32: ((int32_t *)data)[i] = (int32_t)v.as.i; break;
    case WF_I64: ((int64_t *)data)[i] = v.as.i; break;
    case WF_U8: ((uint8_t *)data)[i] = (uint8_t)v.as.u; break;
    case WF_U16: ((uint16_t *)data)[i] = (uint16_t)v.as.u; break;
    case WF_U32: ((uint32_t *)data)[i] = (uint32_t)v.as.u; break;
    case WF_U64: ((uint64_t *)data)[i] = v.as.u; break;
    case WF_F32: ((float *)data)[i] = v.as.f32; break;
    case WF_F64: ((double *)data)[i] = v.as.f64; break;
    case WF_F16: ((uint16_t *)data)[i] = (uint16_t)v.as.u; break;
    default: ((uint8_t *)data)[i] = v.as.i != 0; break;
    }
}

/* The interpreter's value of w from dimension dim on, into *out; false when its rows do not fit
 * in memory (the interpreter holds every row, even of an array without elements). */
static bool from_wf(const wf_value *w, int dim, int64_t *pos, Value *out) {
    if (dim == w->rank) {
        *out = read_elem(w->prim, w->data, (*pos)++);
        return true;
    }
    if (w->shape[dim] == 0) {
        *out = v_array(array_new_empty(w->rank - dim - 1, w->shape + dim + 1));
        return true;
    }
    Array *a = array_try_new(w->shape[dim]);
    *out = a ? v_array(a) : (Value){0}; /* a scalar 0: nothing to release */
    if (!a)
        return false;
    for (int64_t i = 0; i < a->len; i++)
        if (!from_wf(w, dim + 1, pos, &a->elems[i]))
            return false; /* *out holds what was made, released by the caller */
    return true;
}

/* The rows lo..hi of level `level` of the jagged parts (values.h) as nested arrays. */
static Value from_jagged(const wf_value *parts, Shape s, int level, int64_t lo, int64_t hi) {
    const wf_value *d = &parts[s.levels];
    if (level == s.levels) { /* rows of the data: elements, or regular arrays of its dimensions */
        wf_value row = *d;
        row.rank = d->rank - 1;
        for (int k = 0; k < row.rank; k++)
            row.shape[k] = d->shape[k + 1];
        int64_t per = wf_value_count(&row);
        Array *a = array_new(hi - lo);
        for (int64_t i = lo; i < hi; i++) {
            int64_t pos = 0;
            row.data = (char *)d->data + (size_t)(i * per) * wf_prim_size(d->prim);
            if (!from_wf(&row, 0, &pos, &a->elems[i - lo]))
                rt_error_at((Loc){0}, "a row of a jagged argument has more rows than the interpreter can hold");
        }
        if (hi == lo) {
            int64_t dims[WF_MAX_RANK] = {0};
            for (int k = 0; k < row.rank; k++)
                dims[k] = row.shape[k];
            return v_array(array_new_empty(row.rank, dims));
        }
        return v_array(a);
    }
    if (hi == lo) { /* an empty level: its inner jagged dimensions 0 */
        int64_t dims[WF_MAX_RANK] = {0};
        for (int k = level + 1; k < s.rank; k++)
            dims[k - level - 1] = k <= s.levels ? 0 : d->shape[k - s.levels];
        return v_array(array_new_empty(s.rank - level - 1, dims));
    }
    const int64_t *o = parts[level].data;
    Array *a = array_new(hi - lo);
    for (int64_t i = lo; i < hi; i++)
        a->elems[i - lo] = from_jagged(parts, s, level + 1, o[i], o[i + 1]);
    return v_array(a);
}

/* Fill w's data from v; false if v is not rectangular with w's shape. */
static bool fill_wf(wf_value *w, Value v, int dim, int64_t *pos) {
    if (dim == w->rank) {
        if (v.kind != VK_PRIM)
            return false;
        write_elem(w->prim, w->data, (*pos)++, v);
        return true;
    }
    if (v.kind != VK_ARRAY || v.as.arr->len != w->shape[dim])
        return false;
    for (int64_t i = 0; i < v.as.arr->len; i++)
        if (!fill_wf(w, v.as.arr->elems[i], dim + 1, pos))
            return false;
    return true;
}

static bool to_wf(Value v, Shape s, wf_value *w) {
    w->prim = (wf_prim)s.prim;
    w->rank = s.rank;
    Value x = v;
    int64_t count = 1;
    for (int d = 0; d < s.rank; d++) {
        if (x.kind != VK_ARRAY)
            return false;
        w->shape[d] = x.as.arr->len;
        count *= w->shape[d];
        if (x.as.arr->len == 0) {
            for (int k = d + 1; k < s.rank; k++)
                w->shape[k] = array_inner_dim(x.as.arr, k - d - 1);
            break;
        }
        x = x.as.arr->elems[0];
    }
    w->data = calloc((size_t)(count ? count : 1), wf_prim_size(w->prim));
    int64_t pos = 0;
    if (!fill_wf(w, v, 0, &pos)) {
        free(w->data);
        return false;
    }
    return true;
}

/* ---- jagged values as parts (values.h) ---- */

typedef struct {
    Vec(int64_t) lens[WF_MAX_RANK];
    Vec(Value) rows; /* the elements of the last level */
} Parts;

/* Level `level` of v: each row's length, then its rows (or, at the last level, its elements). */
static void collect_parts(Value v, Shape s, int level, Parts *p) {
    Array *a = v.as.arr;
    for (int64_t i = 0; i < a->len; i++) {
        Array *x = a->elems[i].as.arr;
        vec_push(&p->lens[level], x->len);
        if (level == s.levels)
            for (int64_t j = 0; j < x->len; j++)
                vec_push(&p->rows, x->elems[j]);
        else
            collect_parts(a->elems[i], s, level + 1, p);
    }
}

static void to_jagged(Value v, Shape s, wf_value *parts) {
    Parts p = {0};
    collect_parts(v, s, 1, &p);
    int64_t rows = v.as.arr->len;
    for (int k = 0; k < s.levels; k++) {
        wf_value *o = &parts[k];
        *o = (wf_value){WF_I64, 1, {rows + 1}, calloc((size_t)rows + 1, sizeof(int64_t))};
        int64_t *x = o->data;
        for (int64_t i = 0; i < rows; i++)
            x[i + 1] = x[i] + p.lens[k + 1].data[i];
        rows = x[rows];
    }
    /* the data: the rows of the last level, each regular */
    wf_value *d = &parts[s.levels];
    Shape rs = {s.prim, s.rank - s.levels - 1, 0};
    d->prim = (wf_prim)s.prim;
    d->rank = s.rank - s.levels;
    d->shape[0] = rows;
    wf_value first = {0};
    if (p.rows.len && rs.rank)
        to_wf(p.rows.data[0], rs, &first);
    for (int k = 1; k < d->rank; k++)
        d->shape[k] = p.rows.len ? first.shape[k - 1] : 0;
    free(first.data);
    wf_value row = {0};
    row.prim = d->prim;
    row.rank = rs.rank;
    for (int k = 0; k < rs.rank; k++)
        row.shape[k] = d->shape[k + 1];
    int64_t per = wf_value_count(&row);
    d->data = calloc((size_t)(rows * per + 1), wf_prim_size(d->prim));
    for (int64_t i = 0; i < p.rows.len; i++) {
        int64_t pos = 0;
        row.data = (char *)d->data + (size_t)(i * per) * wf_prim_size(d->prim);
        fill_wf(&row, p.rows.data[i], 0, &pos);
    }
    for (int k = 0; k < WF_MAX_RANK; k++)
        free(p.lens[k].data);
    free(p.rows.data);
}

/* ---- printing ---- */

static void print_jagged(FILE *out, Value v, Shape s) {
    if (s.rank == 0) {
        wf_value w = {0};
        to_wf(v, s, &w);
        wf_write_scalar_text(out, w.prim, w.data);
        free(w.data);
        return;
    }
    Array *a = v.as.arr;
    if (a->len == 0) {
        fputs("empty([0]", out);
        for (int i = 1; i < s.rank; i++)
            fprintf(out, "[%lld]", (long long)array_inner_dim(a, i - 1));
        fprintf(out, "%s)", prim_name(s.prim));
        return;
    }
    fputc('[', out);
    for (int64_t i = 0; i < a->len; i++) {
        if (i)
            fputs(", ", out);
        print_jagged(out, a->elems[i], (Shape){s.prim, s.rank - 1, 0});
    }
    fputc(']', out);
}

static int print_result(FILE *out, Value v, Shape s, bool binary) {
    wf_value w = {0};
    if (to_wf(v, s, &w)) {
        if (binary)
            wf_write_binary(out, &w);
        else {
            wf_write_text(out, &w);
            fputc('\n', out);
        }
        wf_value_free(&w);
        return 0;
    }
    if (binary) {
        if (!s.levels) {
            fprintf(stderr, "weft: error: an irregular array cannot be written in binary format\n");
            return 1;
        }
        wf_value parts[WF_MAX_RANK + 1];
        to_jagged(v, s, parts);
        wf_write_jagged_binary(out, s.rank, s.levels, parts);
        for (int k = 0; k <= s.levels; k++)
            wf_value_free(&parts[k]);
        return 0;
    }
    print_jagged(out, v, s);
    fputc('\n', out);
    return 0;
}

/* ---- tuples and records: one value per component ----
 * As the compiled backends (and Futhark) do, an entry point takes and gives a tuple or record
 * as its components in order (a record's sorted by name), and an array of them as one array per
 * component (`[n](i64, bool)` is a `[n]i64` and a `[n]bool`), at any depth.  The leaves of a
 * type are those components: a primitive type and the rank of the arrays around it. */

typedef Vec(Shape) ShapeVec;

/* The leaves of t, under `rank` array dimensions; false for a type without a data format (a
 * function, an abstract type).  A sum type's value is given (opaque, as in Futhark, but with the
 * compiled backends' representation) as its constructor's index (u8) and every constructor's
 * payload, the others' blank. */
static bool type_leaves(Type *t, int rank, ShapeVec *out) {
    t = type_prune(t);
    if (!t)
        return false;
    switch (t->kind) {
    case T_PRIM: vec_push(out, ((Shape){t->prim, rank, 0})); return true;
    case T_ARRAY: {
        int first = out->len;
        if (!type_leaves(t->elem, rank + 1, out))
            return false;
        Size *d = size_prune(t->dim);
        if (rank > 0 && d->kind == SIZE_ANY) /* an unnamed inner dimension: rows may differ */
            for (int i = first; i < out->len; i++)
                if (out->data[i].levels < rank)
                    out->data[i].levels = rank;
        return true;
    }
    case T_SUM:
        vec_push(out, ((Shape){PRIM_U8, rank, 0}));
        /* fall through */
    case T_TUPLE:
    case T_RECORD:
        for (int i = 0; i < t->elems.len; i++)
            if (!type_leaves(t->elems.data[i], rank, out))
                return false;
        return true;
    default: return false;
    }
}

static int leaf_count(Type *t) {
    t = type_prune(t);
    if (t->kind == T_ARRAY)
        return leaf_count(t->elem);
    if (t->kind != T_TUPLE && t->kind != T_RECORD && t->kind != T_SUM)
        return 1;
    int n = t->kind == T_SUM;
    for (int i = 0; i < t->elems.len; i++)
        n += leaf_count(t->elems.data[i]);
    return n;
}

/* Whether t holds an array whose elements have no leaves (of () values): an argument cannot be
 * read as one (no data gives its length); a result gives nothing for it, as for (). */
static bool holds_leafless_array(Type *t) {
    t = type_prune(t);
    if (t->kind == T_ARRAY)
        return leaf_count(t->elem) == 0 || holds_leafless_array(t->elem);
    for (int i = 0; (t->kind == T_TUPLE || t->kind == T_RECORD) && i < t->elems.len; i++)
        if (holds_leafless_array(t->elems.data[i]))
            return true;
    return false;
}

/* Whether t is a primitive type or an array of one: a leaf by itself. */
static bool is_plain(Type *t) {
    t = type_prune(t);
    while (t && t->kind == T_ARRAY)
        t = type_prune(t->elem);
    return t && t->kind == T_PRIM;
}

/* The value of type t built from its leaves' values (borrowed), leaves[*k] on.  The
 * components of an array must have the same length: else a run-time error at loc, the entry
 * point, as on the compiled backends. */
static Value assemble(Type *t, Value *leaves, int *k, Loc loc) {
    t = type_prune(t);
    if (is_plain(t)) /* the leaf itself (an empty array keeps its inner sizes) */
        return v_retain(leaves[(*k)++]);
    if (t->kind == T_TUPLE || t->kind == T_RECORD) {
        Tuple *tp = tuple_new(t->elems.len);
        if (t->kind == T_RECORD)
            tp->fields = t->fields.data;
        for (int i = 0; i < t->elems.len; i++)
            tp->elems[i] = assemble(t->elems.data[i], leaves, k, loc);
        return v_tuple(tp);
    }
    if (t->kind == T_SUM) { /* the index, then the payloads: the index's constructor's is the value's */
        int64_t c = v_int(leaves[(*k)++]);
        if (c < 0 || c >= t->elems.len)
            interp_error(loc, "a value of a sum type with constructor index %lld (it has %d constructors)",
                         (long long)c, t->elems.len);
        Value v = {0};
        for (int i = 0; i < t->elems.len; i++) {
            Value p = assemble(t->elems.data[i], leaves, k, loc);
            if (i == c)
                v = v_sum(t->fields.data[i], p.as.tup);
            else
                v_release(p);
        }
        return v;
    }
    int first = *k, nl = leaf_count(t->elem);
    int64_t n = leaves[first].as.arr->len;
    for (int j = 1; j < nl; j++)
        if (leaves[first + j].as.arr->len != n)
            interp_error(loc, "size mismatch: the components of an array of tuples or records have different lengths");
    *k = first + nl;
    if (n == 0)
        return v_array(array_new_empty(0, NULL));
    Array *a = array_new(n);
    Value *row = xmalloc(sizeof *row * (size_t)(nl + 1));
    for (int64_t i = 0; i < n; i++) {
        for (int j = 0; j < nl; j++)
            row[j] = leaves[first + j].as.arr->elems[i];
        int kk = 0;
        a->elems[i] = assemble(t->elem, row, &kk, loc);
    }
    free(row);
    return v_array(a);
}

/* The sizes of the arrays around leaf `leaf` of t, appended to dims[*nd..]: the constant ones,
 * 0 for the others.  Returns the leaves of t left to skip (leaf - the leaves of t) when the
 * leaf lies after t. */
static int leaf_dims(Type *t, int leaf, int64_t *dims, int *nd) {
    t = type_prune(t);
    if (t->kind == T_PRIM)
        return leaf - 1;
    if (t->kind == T_ARRAY) {
        Size *d = size_prune(t->dim);
        int at = *nd;
        if (at < WF_MAX_RANK)
            dims[(*nd)++] = d && d->kind == SIZE_CONST ? d->value : 0;
        int rest = leaf_dims(t->elem, leaf, dims, nd);
        if (rest >= 0)
            *nd = at; /* not under this array */
        return rest;
    }
    for (int i = 0; i < t->elems.len && leaf >= 0; i++)
        leaf = leaf_dims(t->elems.data[i], leaf, dims, nd);
    return leaf;
}

/* The leaves of a blank value of type t (zeros, empty arrays), stored at out[*k] on: the
 * payloads of the constructors a sum type's value does not have. */
static void blank_leaves(Type *t, Value *out, int *k) {
    ShapeVec shapes = {0};
    type_leaves(t, 0, &shapes);
    for (int i = 0; i < shapes.len; i++) {
        Shape sh = shapes.data[i];
        int64_t dims[WF_MAX_RANK] = {0};
        out[(*k)++] = sh.rank ? v_array(array_new_empty(sh.rank - 1, dims))
                      : prim_is_float(sh.prim) ? v_float(sh.prim, 0)
                                               : v_prim_i(sh.prim, 0);
    }
    free(shapes.data);
}

/* The leaves' values of v, of type t, stored (owned) at out[*k] on: v itself for a primitive
 * type or an array of one; the arrays of each component for an array of tuples or records. */
static void disassemble(Type *t, Value v, Value *out, int *k) {
    t = type_prune(t);
    if (is_plain(t)) {
        out[(*k)++] = v_retain(v);
        return;
    }
    if (t->kind == T_TUPLE || t->kind == T_RECORD) {
        for (int i = 0; i < t->elems.len; i++)
            disassemble(t->elems.data[i], v.as.tup->elems[i], out, k);
        return;
    }
    if (t->kind == T_SUM) {
        int c = 0;
        while (c < t->fields.len && t->fields.data[c] != v.as.tup->ctor)
            c++;
        out[(*k)++] = v_prim_i(PRIM_U8, c);
        for (int i = 0; i < t->elems.len; i++) {
            if (i == c) {
                Value p = v_tuple(v.as.tup);
                p.kind = VK_TUPLE;
                disassemble(t->elems.data[i], p, out, k);
            } else {
                blank_leaves(t->elems.data[i], out, k);
            }
        }
        return;
    }
    int first = *k, nl = leaf_count(t->elem);
    int64_t n = v.as.arr->len;
    for (int j = 0; j < nl; j++) {
        if (n == 0) { /* an empty array of tuples remembers no inner sizes: the type's constants */
            int64_t dims[WF_MAX_RANK] = {0};
            int nd = 0;
            leaf_dims(t->elem, j, dims, &nd);
            out[first + j] = v_array(array_new_empty(nd, dims));
        } else
            out[first + j] = v_array(array_new(n));
    }
    Value *row = xmalloc(sizeof *row * (size_t)(nl + 1));
    for (int64_t i = 0; i < n; i++) {
        int kk = 0;
        disassemble(t->elem, v.as.arr->elems[i], row, &kk);
        for (int j = 0; j < nl; j++)
            out[first + j].as.arr->elems[i] = row[j];
    }
    free(row);
    *k = first + nl;
}

/* Prints the result r of type t, one value per leaf. */
static int print_leaves(FILE *out, Value r, Type *t, bool binary) {
    ShapeVec shapes = {0};
    if (!type_leaves(t, 0, &shapes)) {
        fprintf(stderr, "weft: error: the entry point's result has no data format (a function or an abstract type)\n");
        return 1;
    }
    Value *vals = xmalloc(sizeof *vals * (size_t)(shapes.len + 1));
    int k = 0, rc = 0;
    disassemble(t, r, vals, &k);
    for (int i = 0; i < shapes.len; i++) {
        if (!rc)
            rc = print_result(out, vals[i], shapes.data[i], binary);
        v_release(vals[i]);
    }
    free(vals);
    free(shapes.data);
    return rc;
}

static int print_results(FILE *out, Value r, Decl *d, bool binary) {
    return print_leaves(out, r, result_type(d), binary);
}

/* ---- finding the entry point ---- */

static bool is_entry(Decl *d) {
    return d->kind == D_DEF && !d->qual && d->loc.file == interp_user_file &&
           (d->is_entry || !strcmp(d->name, "main"));
}

static Decl *find_entry(Program *prog, const char *name) {
    Decl *found = NULL;
    for (int i = 0; i < prog->decls.len; i++) {
        Decl *d = prog->decls.data[i];
        if (is_entry(d) && !strcmp(d->name, name))
            found = d;
    }
    if (found)
        return found;
    StrBuf sb = {0};
    for (int i = 0; i < prog->decls.len; i++)
        if (is_entry(prog->decls.data[i]))
            sb_printf(&sb, "%s%s", sb.len ? ", " : "", prog->decls.data[i]->name);
    fprintf(stderr, "weft: error: no entry point '%s'; available: %s\n", name, sb.len ? sb.data : "(none)");
    return NULL;
}

/* Reads argument i of d, of type t, one value per leaf. */
static int read_arg(wf_reader *r, Decl *d, int i, Type *t, Value *arg) {
    int n = d->params.len;
    ShapeVec shapes = {0};
    if (!type_leaves(t, 0, &shapes) || holds_leafless_array(t)) {
        fprintf(stderr, "weft: error: parameter %d of entry point %s has no data format (a function, an abstract "
                        "type or an array of () values)\n",
                i + 1, d->name);
        return 1;
    }
    Value *leaves = xmalloc(sizeof *leaves * (size_t)(shapes.len + 1));
    int got = 0, rc = 0;
    for (; got < shapes.len; got++) {
        wf_value w = {0};
        Shape sh = shapes.data[got];
        if (sh.levels) {
            wf_value parts[WF_MAX_RANK + 1];
            if (!wf_read_jagged(r, (wf_prim)sh.prim, sh.rank, sh.levels, parts)) {
                leaves[got] = from_jagged(parts, sh, 0, 0, parts[0].shape[0] - 1);
                for (int q = 0; q <= sh.levels; q++)
                    wf_value_free(&parts[q]);
                continue;
            }
        }
        if (sh.levels || wf_read_value(r, (wf_prim)sh.prim, sh.rank, &w)) {
            fprintf(stderr, "weft: error: reading argument %d of %s (expected %d argument%s", i + 1, d->name, n,
                    n == 1 ? "" : "s");
            if (shapes.len > 1)
                fprintf(stderr, "; this one is %d values, one per component", shapes.len);
            fprintf(stderr, "): %s\n", wf_reader_error(r));
            rc = 1;
            break;
        }
        int64_t pos = 0;
        if (!from_wf(&w, 0, &pos, &leaves[got])) {
            fprintf(stderr, "weft: error: argument %d of %s: an array of shape ", i + 1, d->name);
            for (int k = 0; k < w.rank; k++)
                fprintf(stderr, "[%lld]", (long long)w.shape[k]);
            fprintf(stderr, " has more rows than the interpreter can hold (it keeps every row, even of an array "
                            "without elements; compiled programs do not)\n");
            rc = 1;
        }
        wf_value_free(&w);
        if (rc) {
            got++; /* what from_wf made is released below */
            break;
        }
    }
    int k = 0;
    if (!rc)
        *arg = assemble(t, leaves, &k, d->loc);
    for (int j = 0; j < got; j++)
        v_release(leaves[j]);
    free(leaves);
    free(shapes.data);
    return rc;
}

static int read_args(Decl *d, FILE *in, Value *args) {
    wf_reader *r = wf_reader_new(in);
    int n = d->params.len;
    for (int i = 0; i < n; i++) {
        if (read_arg(r, d, i, d->params.data[i]->type, &args[i]))
            return 1;
    }
    if (!wf_reader_at_end(r)) {
        fprintf(stderr, "weft: error: %s expects %d argument%s, but the input has more values\n", d->name, n,
                n == 1 ? "" : "s");
        return 1;
    }
    wf_reader_free(r);
    return 0;
}

/* The interpreter recurses as the program does (and a program may recurse deeply: a recursive
 * function over a long list), so it runs on a thread of its own with a large stack; eval.c
 * stops with an error before the stack is exhausted. */
#define INTERP_STACK ((size_t)1 << 30)

typedef struct {
    Program *prog;
    const char *entry;
    FILE *in, *out;
    bool binary;
    int rc;
} Run;

static int run_entry(Run *r) {
    interp_user_file = r->prog->file ? intern(r->prog->file) : NULL;
    interp_prepare(r->prog);
    Decl *d = find_entry(r->prog, r->entry ? r->entry : "main");
    if (!d)
        return 1;
    DeclInfo *di = interp_decl(d);
    Value *args = xmalloc((size_t)(d->params.len + 1) * sizeof(Value));
    if (read_args(d, r->in, args))
        return 1;
    Value v = call_entry(di, args, d->loc);
    int rc = print_results(r->out, v, d, r->binary);
    v_release(v);
    fflush(r->out);
    return rc;
}

static void *run_thread(void *arg) {
    Run *r = arg;
    char base;
    interp_stack_start(&base, INTERP_STACK);
    r->rc = run_entry(r);
    return NULL;
}

int interp_run_entry(Program *prog, const char *entry, FILE *in, FILE *out, bool binary) {
    Run r = {prog, entry, in, out, binary, 0};
    pthread_attr_t attr;
    pthread_t t;
    if (pthread_attr_init(&attr) || pthread_attr_setstacksize(&attr, INTERP_STACK) ||
        pthread_create(&t, &attr, run_thread, &r)) {
        char base; /* no thread: run on this one's (smaller) stack */
        interp_stack_start(&base, (size_t)4 << 20);
        return run_entry(&r);
    }
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    return r.rc;
}
