/* ir.c — the core IR's constructors, scopes, and the typing rules of
 * expressions (cexp_types), shared by the verifier and the internaliser so that both agree on
 * what each construct produces.  docs/CORE.md states the same rules in prose.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

/* ---- atoms, dims, types ---- */

CAtom catom_var(const char *name) { return (CAtom){.kind = CA_VAR, .var = name, .prim = PRIM_NONE}; }

CAtom catom_int(PrimType p, int64_t v) { return (CAtom){.kind = CA_CONST, .prim = p, .ival = v}; }

CAtom catom_float(PrimType p, double v) { return (CAtom){.kind = CA_CONST, .prim = p, .fval = v}; }

CAtom catom_bool(bool b) { return (CAtom){.kind = CA_CONST, .prim = PRIM_BOOL, .ival = b}; }

Scalar catom_scalar(CAtom a) {
    if (a.kind != CA_CONST)
        die("catom_scalar: %s is no constant", a.var);
    return prim_is_float(a.prim) ? scalar_float(a.prim, a.fval) : scalar_int(a.prim, a.ival);
}

CAtom catom_of_scalar(Scalar v) {
    switch (v.prim) {
    case PRIM_F32: return catom_float(v.prim, (double)v.as.f32);
    case PRIM_F64: return catom_float(v.prim, v.as.f64);
    case PRIM_F16: return catom_float(v.prim, scalar_float_value(v));
    case PRIM_BOOL: return catom_bool(v.as.i != 0);
    default: return catom_int(v.prim, v.as.i);
    }
}

bool coperators_scalar(const COperatorVec *ops) {
    for (int o = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].lam->ret.len; j++)
            if (ops->data[o].lam->ret.data[j].rank)
                return false;
    return true;
}

bool catom_eq(CAtom a, CAtom b) {
    if (a.kind != b.kind)
        return false;
    if (a.kind == CA_VAR)
        return a.var == b.var;
    if (a.prim != b.prim)
        return false;
    if (prim_is_float(a.prim))
        return a.fval == b.fval || (a.fval != a.fval && b.fval != b.fval);
    return a.ival == b.ival;
}

bool cexp_concat(const CExp *e, int j, CAtom *o) {
    if (j < 0 || j >= e->offsets.len || e->offsets.data[j].kind != CA_VAR)
        return false;
    if (o)
        *o = e->offsets.data[j];
    return true;
}

char *cassert_text(const char *msg, const int64_t *vals, int nvals, bool fmt, int *order) {
    StrBuf sb = {0};
    sb_puts(&sb, "");
    int next = 0, conv = 0;
    for (const char *c = msg; *c; c++) {
        int k = -1, used = 0;
        if (*c == '{' && sscanf(c, "{%d}%n", &k, &used) == 1 && used > 0 && k >= 0 && k < nvals) {
            c += used - 1;
        } else if (!strncmp(c, "%lld", 4) && next < nvals) {
            k = next++;
            c += 3;
        } else if (!strncmp(c, "%%", 2)) {
            sb_puts(&sb, fmt ? "%%" : "%");
            c++;
            continue;
        }
        if (k < 0) {
            if (*c == '%' && fmt)
                sb_putc(&sb, '%');
            sb_putc(&sb, *c);
            continue;
        }
        if (fmt) {
            sb_puts(&sb, "%lld");
            if (order)
                order[conv] = k;
            conv++;
        } else {
            sb_printf(&sb, "%lld", (long long)vals[k]);
        }
    }
    return sb.data;
}

CAtom cdim_atom(CDim d) {
    if (d.kind == CDIM_CONST)
        return catom_int(PRIM_I64, d.value);
    if (d.kind == CDIM_VAR)
        return catom_var(d.var);
    die("cdim_atom: an unknown dimension");
}

CDim cdim_const(int64_t v) { return (CDim){.kind = CDIM_CONST, .value = v}; }
CDim cdim_var(const char *v) { return (CDim){.kind = CDIM_VAR, .var = v}; }
CDim cdim_any(void) { return (CDim){.kind = CDIM_ANY}; }

bool cdim_eq(CDim a, CDim b) {
    if (a.kind != b.kind)
        return false;
    if (a.kind == CDIM_CONST)
        return a.value == b.value;
    if (a.kind == CDIM_VAR)
        return a.var == b.var;
    return true;
}

CDim cdim_of_atom(CAtom a) {
    if (a.kind == CA_VAR)
        return cdim_var(a.var);
    if (prim_is_int(a.prim))
        return cdim_const(a.ival);
    return cdim_any();
}

CType ctype_prim(PrimType p) { return (CType){.prim = p}; }

CType ctype_array(PrimType p, int rank, const CDim *dims) {
    CType t = {.prim = p, .rank = rank};
    if (rank) {
        t.dims = xmalloc(sizeof(CDim) * (size_t)rank);
        memcpy(t.dims, dims, sizeof(CDim) * (size_t)rank);
    }
    return t;
}

CType ctype_copy(CType t) {
    CType r = ctype_array(t.prim, t.rank, t.dims);
    r.unique = t.unique;
    return r;
}

CType ctype_elem(CType t) {
    if (t.rank == 0)
        die("ctype_elem of a scalar");
    return ctype_array(t.prim, t.rank - 1, t.dims + 1);
}

CType ctype_outer(CDim d, CType t) {
    CType r = {.prim = t.prim, .rank = t.rank + 1};
    r.dims = xmalloc(sizeof(CDim) * (size_t)r.rank);
    r.dims[0] = d;
    if (t.rank)
        memcpy(r.dims + 1, t.dims, sizeof(CDim) * (size_t)t.rank);
    return r;
}

bool ctype_eq(CType a, CType b) {
    if (a.prim != b.prim || a.rank != b.rank)
        return false;
    for (int i = 0; i < a.rank; i++)
        if (!cdim_eq(a.dims[i], b.dims[i]))
            return false;
    return true;
}

bool ctype_compat(CType a, CType b) {
    if (a.prim != b.prim || a.rank != b.rank)
        return false;
    for (int i = 0; i < a.rank; i++)
        if (a.dims[i].kind == CDIM_CONST && b.dims[i].kind == CDIM_CONST &&
            a.dims[i].value != b.dims[i].value)
            return false;
    return true;
}

/* ---- nodes ---- */

int cexp_bodies(const CExp *e, CBody ***out) {
    CBody **bs = xmalloc(sizeof *bs * (size_t)(3 + e->scans.len + e->reds.len));
    int n = 0;
    if (e->body)
        bs[n++] = e->body;
    if (e->body2)
        bs[n++] = e->body2;
    if (e->lam)
        bs[n++] = e->lam->body;
    for (int i = 0; i < e->scans.len; i++)
        bs[n++] = e->scans.data[i].lam->body;
    for (int i = 0; i < e->reds.len; i++)
        bs[n++] = e->reds.data[i].lam->body;
    *out = bs;
    return n;
}

CExp *cexp_new(CExpKind kind, Loc loc) {
    CExp *e = xmalloc(sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->prim = e->prim2 = PRIM_NONE;
    return e;
}

CBody *cbody_new(void) { return xmalloc(sizeof(CBody)); }
CLambda *clambda_new(void) { return xmalloc(sizeof(CLambda)); }

CFun *cfun_new(const char *name, Loc loc) {
    CFun *f = xmalloc(sizeof *f);
    f->name = name;
    f->loc = loc;
    return f;
}

void cbody_let(CBody *b, CParamVec pat, CExp *e) {
    CStm s = {pat, e};
    vec_push(&b->stms, s);
}

/* ---- scopes: open addressing on the interned pointer, with an undo log ---- */

static size_t hash_ptr(const void *p) {
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 29));
}

static int slot_of(CScope *s, const char *name) {
    size_t i = hash_ptr(name) & (size_t)(s->cap - 1);
    while (s->keys[i] && s->keys[i] != name)
        i = (i + 1) & (size_t)(s->cap - 1);
    return (int)i;
}

static void grow(CScope *s) {
    CScope n = {0};
    n.cap = s->cap ? 2 * s->cap : 64;
    n.keys = xmalloc(sizeof(char *) * (size_t)n.cap);
    n.vals = xmalloc(sizeof(CType) * (size_t)n.cap);
    for (int i = 0; i < s->cap; i++)
        if (s->keys[i]) {
            int j = slot_of(&n, s->keys[i]);
            n.keys[j] = s->keys[i];
            n.vals[j] = s->vals[i];
        }
    free(s->keys);
    free(s->vals);
    s->keys = n.keys;
    s->vals = n.vals;
    s->cap = n.cap;
}

/* Shadowing is not needed (names are unique), so an entry is simply present or not. */
void cscope_put(CScope *s, const char *name, CType t) {
    if (2 * (s->len + 1) > s->cap)
        grow(s);
    int i = slot_of(s, name);
    if (!s->keys[i]) {
        s->keys[i] = name;
        s->len++;
        vec_push(&s->log, name);
    }
    s->vals[i] = t;
}

bool cscope_get(CScope *s, const char *name, CType *out) {
    if (!s->cap)
        return false;
    int i = slot_of(s, name);
    if (!s->keys[i])
        return false;
    if (out)
        *out = s->vals[i];
    return true;
}

int cscope_mark(CScope *s) { return s->log.len; }

/* Remove the names bound since mark; re-insert the rest of each probe cluster. */
void cscope_pop(CScope *s, int mark) {
    if (s->log.len == mark)
        return;
    while (s->log.len > mark) {
        const char *name = s->log.data[--s->log.len];
        int i = slot_of(s, name);
        if (!s->keys[i])
            continue;
        s->keys[i] = NULL;
        s->len--;
        int j = (i + 1) & (s->cap - 1);
        while (s->keys[j]) {
            const char *k = s->keys[j];
            CType v = s->vals[j];
            s->keys[j] = NULL;
            int t = slot_of(s, k);
            s->keys[t] = k;
            s->vals[t] = v;
            j = (j + 1) & (s->cap - 1);
        }
    }
}

bool cscope_lookup(void *scope, const char *var, CType *out) { return cscope_get(scope, var, out); }

/* ---- typing rules ---- */

CType catom_type(CAtom a, CLookup lookup, void *ctx, bool *ok) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType t = {.prim = PRIM_NONE};
    if (!lookup(ctx, a.var, &t))
        *ok = false;
    return t;
}

typedef struct {
    CLookup lookup;
    void *ctx;
    const char *err;
} TyCtx;

static CType aty(TyCtx *c, CAtom a) {
    bool ok = true;
    CType t = catom_type(a, c->lookup, c->ctx, &ok);
    if (!ok && !c->err)
        c->err = xsprintf("variable %s is not in scope", a.var);
    return t;
}

static bool want_prim(TyCtx *c, CAtom a, PrimType p, const char *what) {
    CType t = aty(c, a);
    if (c->err)
        return false;
    if (t.rank != 0 || t.prim != p) {
        c->err = xsprintf("%s must be %s", what, prim_name(p));
        return false;
    }
    return true;
}

static bool want_array(TyCtx *c, CAtom a, int min_rank, CType *out, const char *what) {
    *out = aty(c, a);
    if (c->err)
        return false;
    if (out->rank < min_rank) {
        c->err = xsprintf("%s must be an array of rank >= %d", what, min_rank);
        return false;
    }
    return true;
}

static void push(CTypeVec *out, CType t) { vec_push(out, t); }

static void op_types(TyCtx *c, const CExp *e, CTypeVec *out) {
    const COpInfo *oi = &core_ops[e->op];
    if (e->args.len != oi->arity) {
        c->err = xsprintf("%s takes %d operands", oi->name, oi->arity);
        return;
    }
    PrimType p = e->prim;
    if (!scalar_op_defined(e->op, p)) {
        c->err = xsprintf("%s is not defined on %s", oi->name, p == PRIM_NONE ? "?" : prim_name(p));
        return;
    }
    for (int i = 0; i < e->args.len; i++) {
        PrimType want = (e->op == COP_SELECT && i == 0) ? PRIM_BOOL : p;
        if (!want_prim(c, e->args.data[i], want, "an operand"))
            return;
    }
    if (oi->flags & OPF_CONV) {
        if (e->prim2 == PRIM_NONE) {
            c->err = xsprintf("%s needs a result type", oi->name);
            return;
        }
        if (e->op == COP_BITCAST && prim_bits(p) != prim_bits(e->prim2)) {
            c->err = "bitcast between types of different sizes";
            return;
        }
        push(out, ctype_prim(e->prim2));
    } else {
        push(out, ctype_prim(scalar_result_type(e->op, p, e->prim2)));
    }
}

static void index_types(TyCtx *c, const CExp *e, CType at, CTypeVec *out) {
    if (e->slice.len > at.rank) {
        c->err = "too many indices";
        return;
    }
    CDim dims[64];
    int n = 0;
    for (int i = 0; i < e->slice.len; i++) {
        const CIndex *ix = &e->slice.data[i];
        if (!want_prim(c, ix->start, PRIM_I64, "an index"))
            return;
        if (!ix->is_slice)
            continue;
        if (!want_prim(c, ix->end, PRIM_I64, "a slice end") ||
            !want_prim(c, ix->stride, PRIM_I64, "a slice stride"))
            return;
        CDim d = cdim_any();
        if (ix->start.kind == CA_CONST && ix->start.ival == 0 && ix->stride.kind == CA_CONST &&
            ix->stride.ival == 1)
            d = cdim_of_atom(ix->end);
        else if (ix->start.kind == CA_CONST && ix->end.kind == CA_CONST && ix->stride.kind == CA_CONST &&
                 ix->stride.ival > 0 && ix->end.ival >= ix->start.ival)
            d = cdim_const((ix->end.ival - ix->start.ival + ix->stride.ival - 1) / ix->stride.ival);
        if (n < 64)
            dims[n++] = d;
    }
    for (int i = e->slice.len; i < at.rank && n < 64; i++)
        dims[n++] = at.dims[i];
    push(out, ctype_array(at.prim, n, dims));
}

static void soac_width(TyCtx *c, const CExp *e) {
    if (e->args.len != 1)
        c->err = "a SOAC takes its width as its one operand";
    else
        want_prim(c, e->args.data[0], PRIM_I64, "the width");
}

const char *cexp_types(const CExp *e, CLookup lookup, void *ctx, CTypeVec *out) {
    TyCtx c = {lookup, ctx, NULL};
    CType t;
    switch (e->kind) {
    case CE_ATOM:
        if (e->args.len != 1)
            return "an atom expression has one operand";
        t = aty(&c, e->args.data[0]);
        if (!c.err)
            push(out, t);
        break;
    case CE_OP: op_types(&c, e, out); break;
    case CE_IF: return "the types of an if are those of its pattern";
    case CE_SEGOP: return "the types of a segop are those of its pattern";
    case CE_THRESHOLD:
        t = aty(&c, e->args.data[0]);
        if (!c.err && (t.rank || t.prim != PRIM_I64))
            return "a threshold compares an i64";
        push(out, ctype_prim(PRIM_BOOL));
        break;
    case CE_TUNING:
        push(out, ctype_prim(PRIM_BOOL));
        push(out, ctype_prim(PRIM_I64));
        break;
    case CE_APPLY: return "the types of an apply are those of the function";
    case CE_LOOP:
        for (int i = 0; i < e->params.len; i++)
            push(out, e->params.data[i].type);
        break;
    case CE_INDEX:
        if (want_array(&c, e->args.data[0], 1, &t, "an indexed value"))
            index_types(&c, e, t, out);
        break;
    case CE_UPDATE: {
        if (!want_array(&c, e->args.data[0], 1, &t, "an updated value"))
            break;
        CTypeVec part = {0};
        index_types(&c, e, t, &part);
        if (c.err)
            break;
        CType v = aty(&c, e->args.data[1]);
        if (!c.err && !ctype_compat(v, part.data[0]))
            c.err = "the new value does not have the type of the updated part";
        if (!c.err) {
            CType r = ctype_copy(t);
            r.unique = false;
            push(out, r);
        }
        break;
    }
    case CE_SIZE:
        if (want_array(&c, e->args.data[0], e->dim + 1, &t, "the operand of size"))
            push(out, ctype_prim(PRIM_I64));
        break;
    case CE_IOTA:
        if (want_prim(&c, e->args.data[0], PRIM_I64, "the size of iota")) {
            CDim d = cdim_of_atom(e->args.data[0]);
            push(out, ctype_array(PRIM_I64, 1, &d));
        }
        break;
    case CE_REPLICATE:
        if (want_prim(&c, e->args.data[0], PRIM_I64, "the size of replicate")) {
            t = aty(&c, e->args.data[1]);
            if (!c.err)
                push(out, ctype_outer(cdim_of_atom(e->args.data[0]), t));
        }
        break;
    case CE_REARRANGE: {
        if (!want_array(&c, e->args.data[0], e->perm.len, &t, "the operand of rearrange"))
            break;
        unsigned seen = 0;
        for (int i = 0; i < e->perm.len; i++) {
            int k = e->perm.data[i];
            if (k < 0 || k >= e->perm.len || k >= 32 || (seen & (1u << k))) {
                c.err = "not a permutation";
                break;
            }
            seen |= 1u << k;
        }
        if (c.err)
            break;
        CType r = ctype_copy(t);
        for (int i = 0; i < e->perm.len; i++)
            r.dims[i] = t.dims[e->perm.data[i]];
        push(out, r);
        break;
    }
    case CE_FLATTEN:
        if (want_array(&c, e->args.data[0], 2, &t, "the operand of flatten")) {
            CType r = ctype_array(t.prim, t.rank - 1, t.dims + 1);
            r.dims[0] = (t.dims[0].kind == CDIM_CONST && t.dims[1].kind == CDIM_CONST)
                            ? cdim_const(t.dims[0].value * t.dims[1].value)
                            : cdim_any();
            push(out, r);
        }
        break;
    case CE_UNFLATTEN:
        if (want_prim(&c, e->args.data[0], PRIM_I64, "a size of unflatten") &&
            want_prim(&c, e->args.data[1], PRIM_I64, "a size of unflatten") &&
            want_array(&c, e->args.data[2], 1, &t, "the operand of unflatten")) {
            CType r = ctype_outer(cdim_of_atom(e->args.data[0]),
                                  ctype_outer(cdim_of_atom(e->args.data[1]), ctype_elem(t)));
            push(out, r);
        }
        break;
    case CE_CONCAT: {
        if (e->args.len < 1)
            return "concat of nothing";
        CType first;
        int64_t total = 0;
        bool all_const = true;
        for (int i = 0; i < e->args.len && !c.err; i++) {
            if (!want_array(&c, e->args.data[i], 1, &t, "an operand of concat"))
                break;
            if (i == 0) {
                first = ctype_copy(t);
            } else if (t.prim != first.prim || t.rank != first.rank) {
                c.err = "concat of arrays of different types";
            } else {
                /* rows of different (or unknown) shapes make a jagged result */
                for (int k = 1; k < t.rank; k++)
                    if (!cdim_eq(t.dims[k], first.dims[k]))
                        first.dims[k] = cdim_any();
            }
            if (t.dims[0].kind == CDIM_CONST)
                total += t.dims[0].value;
            else
                all_const = false;
        }
        if (c.err)
            break;
        CType r = ctype_copy(first);
        r.unique = false;
        r.dims[0] = all_const ? cdim_const(total) : cdim_any();
        push(out, r);
        break;
    }
    case CE_COPY:
        t = aty(&c, e->args.data[0]);
        if (!c.err) {
            CType r = ctype_copy(t);
            r.unique = false;
            push(out, r);
        }
        break;
    case CE_ROTATE:
        if (want_prim(&c, e->args.data[0], PRIM_I64, "the rotation") &&
            want_array(&c, e->args.data[1], 1, &t, "the operand of rotate")) {
            CType r = ctype_copy(t);
            r.unique = false;
            push(out, r);
        }
        break;
    case CE_ARRAY:
        for (int i = 0; i < e->args.len && !c.err; i++) {
            t = aty(&c, e->args.data[i]);
            if (!c.err && !ctype_compat(t, e->type))
                c.err = "an element of an array literal does not have the element type";
        }
        if (!c.err)
            push(out, ctype_outer(cdim_const(e->args.len), e->type));
        break;
    case CE_ASSERT:
        want_prim(&c, e->args.data[0], PRIM_BOOL, "an assertion");
        for (int i = 1; i < e->args.len && !c.err; i++)
            want_prim(&c, e->args.data[i], PRIM_I64, "a value of an assertion's message");
        break;
    case CE_SCREMA: {
        soac_width(&c, e);
        if (c.err)
            break;
        CDim w = cdim_of_atom(e->args.data[0]);
        int used = 0;
        for (int i = 0; i < e->scans.len; i++) {
            CLambda *l = e->scans.data[i].lam;
            for (int j = 0; j < l->ret.len; j++)
                push(out, ctype_outer(w, l->ret.data[j]));
            used += l->ret.len;
        }
        for (int i = 0; i < e->reds.len; i++) {
            CLambda *l = e->reds.data[i].lam;
            for (int j = 0; j < l->ret.len; j++)
                push(out, ctype_copy(l->ret.data[j]));
            used += l->ret.len;
        }
        if (!e->lam || e->lam->ret.len < used)
            return "the map lambda of a screma returns fewer values than its operators take";
        for (int j = used; j < e->lam->ret.len; j++) {
            CType r = e->lam->ret.data[j];
            if (cexp_concat(e, j - used, NULL)) /* the rows, one after the other */
                push(out, r.rank ? ctype_outer(cdim_any(), ctype_elem(r)) : r);
            else
                push(out, ctype_outer(w, r));
        }
        break;
    }
    case CE_SCATTER:
    case CE_HIST:
        soac_width(&c, e);
        for (int i = 0; i < e->dests.len && !c.err; i++) {
            if (want_array(&c, e->dests.data[i], 1, &t, "a destination")) {
                CType r = ctype_copy(t);
                r.unique = false;
                push(out, r);
            }
        }
        break;
    case CE_FILTER:
        soac_width(&c, e);
        for (int pass = 0; pass < (e->partition ? 2 : 1) && !c.err; pass++)
            for (int i = 0; i < e->arrays.len && !c.err; i++)
                if (want_array(&c, e->arrays.data[i], 1, &t, "an operand of filter"))
                    push(out, ctype_outer(cdim_any(), ctype_elem(t)));
        break;
    default: return "unknown expression kind";
    }
    return c.err;
}

