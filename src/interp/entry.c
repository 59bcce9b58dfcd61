/* entry.c — running an entry point: find it, read its arguments in Futhark's data format,
 * call it, print its results.
 *
 * An entry point is an `entry` declaration or a `def main` in the user's file.  Each parameter
 * must be a primitive type or a (possibly nested) array of one; its primitive type and rank
 * decide how the argument is read (rts/values.h).  A tuple result prints one component per
 * line.  Rectangular arrays go through wf_write_text / wf_write_binary; a jagged array is
 * printed as nested brackets (text only), with empty rows as empty([0]...t).
 */
#include <stdlib.h>
#include <string.h>

#include "../../rts/values.h"
#include "interp.h"
#include "internal.h"

/* ---- shapes: primitive type and rank of an entry parameter or result ---- */

typedef struct {
    PrimType prim; /* PRIM_NONE when not a primitive or array of primitives */
    int rank;
} Shape;

static Shape shape_of_type(Type *t) {
    Shape s = {PRIM_NONE, 0};
    for (t = type_prune(t); t && t->kind == T_ARRAY; t = type_prune(t->elem))
        s.rank++;
    if (t && t->kind == T_PRIM)
        s.prim = t->prim;
    return s;
}

static Shape shape_of_texp(TypeExp *t) {
    Shape s = {PRIM_NONE, 0};
    for (; t && (t->kind == TE_ARRAY || t->kind == TE_UNIQUE); t = t->elem)
        s.rank += t->kind == TE_ARRAY;
    if (t && t->kind == TE_NAME)
        s.prim = t->prim;
    return s;
}

/* Shape from the value itself, when no type is known (jagged arrays: the first path down). */
static Shape shape_of_value(Value v) {
    Shape s = {PRIM_NONE, 0};
    while (v.kind == VK_ARRAY) {
        s.rank++;
        if (v.as.arr->len == 0) {
            s.prim = PRIM_I32;
            return s;
        }
        v = v.as.arr->elems[0];
    }
    if (v.kind == VK_PRIM)
        s.prim = v.prim;
    return s;
}

static Shape param_shape(Pat *p) {
    if (p->type)
        return shape_of_type(p->type);
    while (p->kind == P_ASCRIBE) {
        Shape s = shape_of_texp(p->texp);
        if (s.prim != PRIM_NONE)
            return s;
        p = p->inner;
    }
    return (Shape){PRIM_NONE, 0};
}

/* The result type: the checked function type after its parameters, or the written one. */
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
    default: ((uint8_t *)data)[i] = v.as.i != 0; break;
    }
}

static Value from_wf(const wf_value *w, int dim, int64_t *pos) {
    if (dim == w->rank)
        return read_elem(w->prim, w->data, (*pos)++);
    if (w->shape[dim] == 0)
        return v_array(array_new_empty(w->rank - dim - 1, w->shape + dim + 1));
    Array *a = array_new(w->shape[dim]);
    for (int64_t i = 0; i < a->len; i++)
        a->elems[i] = from_wf(w, dim + 1, pos);
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
        print_jagged(out, a->elems[i], (Shape){s.prim, s.rank - 1});
    }
    fputc(']', out);
}

static int print_result(FILE *out, Value v, Shape s, bool binary) {
    if (s.prim == PRIM_NONE)
        s = shape_of_value(v);
    if (s.prim == PRIM_NONE) {
        fprintf(stderr, "weft: error: the entry point's result is not a primitive value or array\n");
        return 1;
    }
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
        fprintf(stderr, "weft: error: an irregular array cannot be written in binary format\n");
        return 1;
    }
    print_jagged(out, v, s);
    fputc('\n', out);
    return 0;
}

static int print_results(FILE *out, Value r, Decl *d, bool binary) {
    Type *t = result_type(d);
    TypeExp *te = d->ret;
    while (te && te->kind == TE_UNIQUE)
        te = te->elem;
    if (r.kind == VK_TUPLE) {
        for (int i = 0; i < r.as.tup->n; i++) {
            Shape s = {PRIM_NONE, 0};
            if (t && t->kind == T_TUPLE && i < t->elems.len)
                s = shape_of_type(t->elems.data[i]);
            else if (te && te->kind == TE_TUPLE && i < te->elems.len)
                s = shape_of_texp(te->elems.data[i]);
            if (print_result(out, r.as.tup->elems[i], s, binary))
                return 1;
        }
        return 0;
    }
    Shape s = t ? shape_of_type(t) : shape_of_texp(te);
    return print_result(out, r, s, binary);
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

static int read_args(Decl *d, FILE *in, Value *args) {
    wf_reader *r = wf_reader_new(in);
    int n = d->params.len;
    for (int i = 0; i < n; i++) {
        Pat *p = d->params.data[i];
        Shape s = param_shape(p);
        if (s.prim == PRIM_NONE) {
            fprintf(stderr, "weft: error: parameter %d of entry point %s is not a primitive value or array\n",
                    i + 1, d->name);
            return 1;
        }
        wf_value w = {0};
        if (wf_read_value(r, (wf_prim)s.prim, s.rank, &w)) {
            fprintf(stderr, "weft: error: reading argument %d of %s (expected %d argument%s): %s\n", i + 1,
                    d->name, n, n == 1 ? "" : "s", wf_reader_error(r));
            return 1;
        }
        int64_t pos = 0;
        args[i] = from_wf(&w, 0, &pos);
        wf_value_free(&w);
    }
    if (!wf_reader_at_end(r)) {
        fprintf(stderr, "weft: error: %s expects %d argument%s, but the input has more values\n", d->name, n,
                n == 1 ? "" : "s");
        return 1;
    }
    wf_reader_free(r);
    return 0;
}

int interp_run_entry(Program *prog, const char *entry, FILE *in, FILE *out, bool binary) {
    interp_user_file = prog->file ? intern(prog->file) : NULL;
    interp_prepare(prog);
    Decl *d = find_entry(prog, entry ? entry : "main");
    if (!d)
        return 1;
    DeclInfo *di = interp_decl(d);
    Value *args = xmalloc((size_t)(d->params.len + 1) * sizeof(Value));
    if (read_args(d, in, args))
        return 1;
    Value r = call_decl(di, args, d->loc);
    int rc = print_results(out, r, d, binary);
    v_release(r);
    fflush(out);
    return rc;
}
