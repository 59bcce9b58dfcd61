/* cgen.c — the sequential C backend: bodies, statements, scalar operators and array operations
 * of the core IR (docs/CORE.md) as C11, plus one C function per core function and a wrapper per
 * entry point for rts/runtime.h's wf_main.  SOACs are in cgen_soac.c.
 *
 * Every core variable becomes a C variable (v_NAME): a scalar of its primitive type or a `wfa *`
 * (src/backend/c/wfa.h) that owns one reference.  A body's arrays are released at its end, after
 * its results were referenced into the destinations.  Failures are `WF_FAIL(status)` after
 * wf_error: `return` in sequential code (all code of a function, lambdas included, is inlined
 * into one C function); inside an OpenMP region (cgen_soac.c) it records the failure and leaves
 * the region.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "cgen.h"
#include "../cexpr.h"
#include "kgen.h"

void cg_line(CGen *g, const char *fmt, ...) {
    for (int i = 0; i < g->indent; i++)
        sb_puts(g->out, "    ");
    va_list ap;
    va_start(ap, fmt);
    char buf[4096];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf) {
        char *big = xmalloc((size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        sb_puts(g->out, big);
    } else {
        sb_puts(g->out, buf);
    }
    sb_putc(g->out, '\n');
}

const char *cg_atom(CGen *g, CAtom a) {
    (void)g;
    return a.kind == CA_VAR ? c_name(a.var) : c_const(a);
}

const char *cg_ctype(CType t) { return t.rank > 0 ? "wfa *" : c_prim(t.prim); }

const char *cg_fresh(CGen *g, const char *base) { return xsprintf("%s_%d", base, g->tmp++); }

CType cg_atom_type(CGen *g, CAtom a) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType t;
    if (!cscope_get(&g->types, a.var, &t))
        die("cgen: unknown variable %s", a.var);
    return t;
}

void cg_bind(CGen *g, const char *var, CType t) {
    cscope_put(&g->types, var, t);
    CType d = {0};
    d.rank = g->depth;
    cscope_put(&g->depths, var, d);
}

void cg_decl_init(CGen *g, CType t, const char *v, const char *e) {
    if (t.rank > 0)
        cg_line(g, "wfa *%s WF_U = wfa_ref(%s);", v, e);
    else
        cg_line(g, "%s %s WF_U = %s;", c_prim(t.prim), v, e);
}

static const char *dim_c(CDim d) {
    switch (d.kind) {
    case CDIM_CONST: return xsprintf("INT64_C(%lld)", (long long)d.value);
    case CDIM_VAR: return c_name(d.var);
    default: return "0";
    }
}

void cg_inner_dims(CGen *g, CType t, StrBuf *sb) {
    (void)g;
    if (t.rank <= 1) {
        sb_puts(sb, "NULL");
        return;
    }
    sb_puts(sb, "(int64_t[]){");
    for (int k = 1; k < t.rank; k++)
        sb_printf(sb, "%s%s", k > 1 ? ", " : "", dim_c(t.dims[k]));
    sb_puts(sb, "}");
}

const char *cg_elem(CGen *g, const char *arr, CType elem, const char *i) {
    (void)g;
    if (elem.rank > 0)
        return xsprintf("WFA_ROW(%s, %s)", arr, i);
    return xsprintf("WFA_AT(%s, %s, %s)", c_prim(elem.prim), arr, i);
}

void cg_borrow(CGen *g, const char *var, CType t, const char *e) {
    cg_bind(g, var, t);
    omap_put(&g->borrowed, var, (void *)1);
    cg_line(g, "wfa *%s WF_U = %s;", c_name(var), e);
}

bool cg_stable(CGen *g, const char *var) {
    CType d;
    if (omap_has(&g->borrowed, var))
        return true;
    return cscope_get(&g->depths, var, &d) && d.rank < g->depth;
}

void cg_take_unique(CGen *g, const char *dst, CAtom a, const char *loc) {
    CType d;
    bool move = a.kind == CA_VAR && !omap_has(&g->borrowed, a.var) && cscope_get(&g->depths, a.var, &d) &&
                d.rank == g->depth;
    if (move) {
        cg_line(g, "%s = %s;", dst, c_name(a.var));
        cg_line(g, "%s = NULL;", c_name(a.var));
    } else {
        cg_line(g, "%s = wfa_ref(%s);", dst, cg_atom(g, a));
    }
    cg_line(g, "if (wfa_own(ctx, &%s, %s)) WF_FAIL(1);", dst, loc);
}

/* ------------------------------------------------------------------ scalar operators */

/* ------------------------------------------------------------------ statements */

/* int64_t NAME[] = {...}: the index list of an index/update; returns the C name. */
static const char *emit_spec(CGen *g, const CIndexVec *sl, bool *all_plain) {
    const char *n = cg_fresh(g, "sp");
    StrBuf sb = {0};
    *all_plain = true;
    for (int k = 0; k < sl->len; k++)
        *all_plain &= !sl->data[k].is_slice;
    for (int k = 0; k < sl->len; k++) {
        CIndex x = sl->data[k];
        if (*all_plain)
            sb_printf(&sb, "%s%s", k ? ", " : "", cg_atom(g, x.start));
        else if (x.is_slice)
            sb_printf(&sb, "%s1, %s, %s, %s", k ? ", " : "", cg_atom(g, x.start), cg_atom(g, x.end),
                      cg_atom(g, x.stride));
        else
            sb_printf(&sb, "%s0, %s, 0, 0", k ? ", " : "", cg_atom(g, x.start));
    }
    cg_line(g, "int64_t %s[] = {%s};", n, sb.data);
    return n;
}

static void emit_index(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const char *x = c_name(s->pat.data[0].name);
    CType rt = s->pat.data[0].type;
    const char *a = cg_atom(g, e->args.data[0]);
    CType at = cg_atom_type(g, e->args.data[0]);
    int n = e->slice.len;
    if (n == 0) {
        cg_line(g, "%s = wfa_ref(%s);", x, a);
        return;
    }
    if (n == 1 && at.rank == 1 && !e->slice.data[0].is_slice) {
        const char *i = cg_atom(g, e->slice.data[0].start);
        cg_line(g, "if ((uint64_t)%s >= (uint64_t)%s->shape[0]) WF_FAIL(wfa_oob(ctx, %s, 1, (int64_t[]){%s}, %s));", i,
                a, loc, i, a);
        cg_line(g, "%s = WFA_AT(%s, %s, %s);", x, c_prim(at.prim), a, i);
        return;
    }
    cg_line(g, "{");
    g->indent++;
    bool plain;
    const char *sp = emit_spec(g, &e->slice, &plain);
    if (plain) {
        cg_line(g, "void *p_ = wfa_elem(ctx, %s, %d, %s, %s);", a, n, sp, loc);
        cg_line(g, "if (!p_) WF_FAIL(1);");
        if (rt.rank == 0)
            cg_line(g, "%s = *(%s *)p_;", x, c_prim(rt.prim));
        else if (e->args.data[0].kind == CA_VAR && cg_stable(g, e->args.data[0].var))
            cg_line(g, "%s = *(wfa **)p_;", x); /* borrowed: see cg_body */
        else
            cg_line(g, "%s = wfa_ref(*(wfa **)p_);", x);
    } else {
        cg_line(g, "if (!(%s = wfa_slice(ctx, %s, %d, %s, %s))) WF_FAIL(1);", x, a, n, sp, loc);
    }
    g->indent--;
    cg_line(g, "}");
}

static void emit_update(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const char *x = c_name(s->pat.data[0].name);
    CType at = cg_atom_type(g, e->args.data[0]);
    CAtom v = e->args.data[1];
    CType vt = cg_atom_type(g, v);
    cg_take_unique(g, x, e->args.data[0], loc);
    int n = e->slice.len;
    cg_line(g, "{");
    g->indent++;
    bool plain;
    const char *sp = emit_spec(g, &e->slice, &plain);
    if (plain && n == at.rank) {
        cg_line(g, "void *p_ = wfa_elem_w(ctx, &%s, %d, %s, %s);", x, n, sp, loc);
        cg_line(g, "if (!p_) WF_FAIL(1);");
        cg_line(g, "*(%s *)p_ = %s;", c_prim(vt.prim), cg_atom(g, v));
    } else if (plain) {
        cg_line(g, "void *p_ = wfa_elem_w(ctx, &%s, %d, %s, %s);", x, n, sp, loc);
        cg_line(g, "if (!p_) WF_FAIL(1);");
        cg_line(g, "wfa *old_ = *(wfa **)p_;");
        cg_line(g, "*(wfa **)p_ = wfa_ref(%s);", cg_atom(g, v));
        cg_line(g, "wfa_unref(ctx, old_);");
    } else {
        /* the general form takes 4 entries per index */
        if (vt.rank == 0) {
            cg_line(g, "%s val_ = %s;", c_prim(vt.prim), cg_atom(g, v));
            cg_line(g, "if (wfa_update(ctx, &%s, %d, %s, NULL, &val_, %s)) WF_FAIL(1);", x, n, sp, loc);
        } else {
            cg_line(g, "if (wfa_update(ctx, &%s, %d, %s, %s, NULL, %s)) WF_FAIL(1);", x, n, sp, cg_atom(g, v), loc);
        }
    }
    g->indent--;
    cg_line(g, "}");
}

/* An array literal of scalar constants: a WFA_STATIC block in static storage. */
static bool emit_static_array(CGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (e->type.rank != 0 || e->args.len == 0)
        return false;
    StrBuf vals = {0};
    for (int i = 0; i < e->args.len; i++) {
        if (e->args.data[i].kind != CA_CONST)
            return false;
        sb_printf(&vals, "%s%s", i ? ", " : "", cg_atom(g, e->args.data[i]));
    }
    const char *d = cg_fresh(g, "cdata"), *sh = cg_fresh(g, "cshape"), *h = cg_fresh(g, "carr");
    cg_line(g, "static %s %s[%d] = {%s};", c_prim(e->type.prim), d, e->args.len, vals.data);
    cg_line(g, "static int64_t %s[1] = {%d};", sh, e->args.len);
    cg_line(g, "static wfa %s = {1, 1, %d, WFA_STATIC, WFA_DATA_INLINE, %s, %s, NULL};", h, c_esz(e->type.prim), sh, d);
    cg_line(g, "%s = &%s;", c_name(s->pat.data[0].name), h);
    return true;
}

/* Whether evaluating b builds arrays (binds a variable of array type, at any depth), other
 * than rows (index) and in-place updates, which allocate nothing when the array is unique. */
static bool body_allocates(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *e = s->exp;
        bool cheap = e->kind == CE_INDEX || e->kind == CE_UPDATE || e->kind == CE_ATOM;
        for (int j = 0; j < s->pat.len && !cheap; j++)
            if (s->pat.data[j].type.rank)
                return true;
        CBody **bs;
        int nb = cexp_bodies(e, &bs);
        bool inner = false;
        for (int j = 0; j < nb && !inner; j++)
            inner = body_allocates(bs[j]);
        free(bs);
        if (inner)
            return true;
    }
    return false;
}

static void emit_exp(CGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    const char *x = s->pat.len ? c_name(s->pat.data[0].name) : NULL;
    CType xt = s->pat.len ? s->pat.data[0].type : ctype_prim(PRIM_BOOL);
    StrBuf sb = {0};
    switch (e->kind) {
    case CE_ATOM:
        if (xt.rank > 0)
            cg_line(g, "%s = wfa_ref(%s);", x, cg_atom(g, e->args.data[0]));
        else
            cg_line(g, "%s = %s;", x, cg_atom(g, e->args.data[0]));
        return;
    case CE_OP: {
        const char *ops[3], *divisor;
        for (int i = 0; i < e->args.len && i < 3; i++)
            ops[i] = cg_atom(g, e->args.data[i]);
        const char *ex = c_op_expr(e, ops, &divisor);
        if (divisor)
            cg_line(g, "if (%s == 0) WF_FAIL(wf_error(ctx, %s, \"division by zero\"));", divisor, loc);
        cg_line(g, "%s = (%s)%s;", x, c_prim(xt.prim), ex);
        return;
    }
    case CE_IF: {
        const char **dests = xmalloc(sizeof *dests * (size_t)(s->pat.len + 1));
        for (int i = 0; i < s->pat.len; i++)
            dests[i] = c_name(s->pat.data[i].name);
        cg_line(g, "if (%s) {", cg_atom(g, e->args.data[0]));
        g->indent++;
        cg_body(g, e->body, dests);
        g->indent--;
        cg_line(g, "} else {");
        g->indent++;
        cg_body(g, e->body2, dests);
        g->indent--;
        cg_line(g, "}");
        return;
    }
    case CE_LOOP: {
        int np = e->params.len;
        const char **tmps = xmalloc(sizeof *tmps * (size_t)(np + 1));
        cg_line(g, "{");
        g->indent++;
        g->depth++;
        for (int i = 0; i < np; i++) {
            CParam p = e->params.data[i];
            cg_bind(g, p.name, p.type);
            cg_decl_init(g, p.type, c_name(p.name), cg_atom(g, e->args.data[i]));
        }
        if (e->index) {
            cg_bind(g, e->index, ctype_prim(PRIM_I64));
            const char *iv = c_name(e->index);
            cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", iv, iv, cg_atom(g, e->bound), iv);
        } else {
            cg_line(g, "while (%s) {", c_name(e->cond));
        }
        g->indent++;
        for (int i = 0; i < np; i++) {
            CParam p = e->params.data[i];
            tmps[i] = cg_fresh(g, "nx");
            cg_line(g, "%s %s WF_U = %s;", cg_ctype(p.type), tmps[i], p.type.rank ? "NULL" : "0");
        }
        /* inside an arena scope, each iteration gets its own: the new values of the loop
         * parameters are exported, so memory stays bounded by one iteration's */
        const char *mark = g->scope && body_allocates(e->body) ? cg_fresh(g, "lmk") : NULL;
        if (mark)
            cg_line(g, "wf_mark %s = wf_arena_begin();", mark);
        cg_line(g, "{");
        g->indent++;
        cg_body(g, e->body, tmps);
        g->indent--;
        cg_line(g, "}");
        if (mark) {
            for (int i = 0; i < np; i++)
                if (e->params.data[i].type.rank)
                    cg_line(g, "if (!(%s = wfa_export(ctx, %s, %s))) WF_FAIL(1);", tmps[i], tmps[i], loc);
            cg_line(g, "wf_arena_end(%s);", mark);
        }
        for (int i = 0; i < np; i++) {
            CParam p = e->params.data[i];
            if (p.type.rank)
                cg_line(g, "wfa_unref(ctx, %s);", c_name(p.name));
            cg_line(g, "%s = %s;", c_name(p.name), tmps[i]);
        }
        g->indent--;
        cg_line(g, "}");
        g->depth--;
        for (int i = 0; i < np; i++)
            cg_line(g, "%s = %s;", c_name(s->pat.data[i].name), c_name(e->params.data[i].name));
        g->indent--;
        cg_line(g, "}");
        return;
    }
    case CE_INDEX:
        if (g->kernel)
            kg_index(g, s, loc);
        else
            emit_index(g, s, loc);
        return;
    case CE_UPDATE: emit_update(g, s, loc); return;
    case CE_SIZE: {
        if (g->kernel) {
            kg_size(g, s);
            return;
        }
        const char *a = cg_atom(g, e->args.data[0]);
        if (e->dim == 0)
            cg_line(g, "%s = %s->shape[0];", x, a);
        else
            cg_line(g, "%s = wfa_size(%s, %d);", x, a, e->dim);
        return;
    }
    case CE_IOTA:
        if (omap_has(&g->lazy_iota, s->pat.data[0].name)) {
            const char *n = cg_atom(g, e->args.data[0]);
            cg_line(g, "/* %s: not built, its elements are the loop indices */", x);
            cg_line(g, "if (%s < 0) WF_FAIL(wf_error(ctx, %s, \"negative size %%lld\", (long long)%s));", n, loc, n);
            return;
        }
        cg_line(g, "if (!(%s = wfa_iota(ctx, %s, %s))) WF_FAIL(1);", x, cg_atom(g, e->args.data[0]), loc);
        return;
    case CE_REPLICATE: {
        CType vt = cg_atom_type(g, e->args.data[1]);
        if (vt.rank == 0) {
            cg_line(g, "{");
            cg_line(g, "    %s val_ = %s;", c_prim(vt.prim), cg_atom(g, e->args.data[1]));
            cg_line(g, "    if (!(%s = wfa_replicate_s(ctx, %s, %d, &val_, %s))) WF_FAIL(1);", x,
                    cg_atom(g, e->args.data[0]), c_esz(vt.prim), loc);
            cg_line(g, "}");
        } else {
            cg_line(g, "if (!(%s = wfa_replicate_a(ctx, %s, %s, %s))) WF_FAIL(1);", x, cg_atom(g, e->args.data[0]),
                    cg_atom(g, e->args.data[1]), loc);
        }
        return;
    }
    case CE_REARRANGE: {
        bool ident = true;
        for (int i = 0; i < e->perm.len; i++) {
            sb_printf(&sb, "%s%d", i ? ", " : "", e->perm.data[i]);
            ident &= e->perm.data[i] == i;
        }
        if (ident)
            cg_line(g, "%s = wfa_ref(%s);", x, cg_atom(g, e->args.data[0]));
        else
            cg_line(g, "if (!(%s = wfa_rearrange(ctx, %s, %d, (int[]){%s}, %s))) WF_FAIL(1);", x,
                    cg_atom(g, e->args.data[0]), e->perm.len, sb.data, loc);
        return;
    }
    case CE_FLATTEN:
        cg_line(g, "if (!(%s = wfa_flatten(ctx, %s, %s))) WF_FAIL(1);", x, cg_atom(g, e->args.data[0]), loc);
        return;
    case CE_UNFLATTEN:
        cg_line(g, "if (!(%s = wfa_unflatten(ctx, %s, %s, %s, %s))) WF_FAIL(1);", x, cg_atom(g, e->args.data[0]),
                cg_atom(g, e->args.data[1]), cg_atom(g, e->args.data[2]), loc);
        return;
    case CE_CONCAT:
        for (int i = 0; i < e->args.len; i++)
            sb_printf(&sb, "%s%s", i ? ", " : "", cg_atom(g, e->args.data[i]));
        cg_line(g, "if (!(%s = wfa_concat(ctx, %d, (wfa *[]){%s}, %s))) WF_FAIL(1);", x, e->args.len, sb.data, loc);
        return;
    case CE_COPY:
        cg_line(g, "if (!(%s = wfa_copy(ctx, %s, %s))) WF_FAIL(1);", x, cg_atom(g, e->args.data[0]), loc);
        return;
    case CE_ROTATE:
        cg_line(g, "if (!(%s = wfa_rotate(ctx, %s, %s, %s))) WF_FAIL(1);", x, cg_atom(g, e->args.data[0]),
                cg_atom(g, e->args.data[1]), loc);
        return;
    case CE_ARRAY: {
        CType et = e->type;
        if (emit_static_array(g, s))
            return;
        StrBuf dims = {0};
        CType whole = ctype_outer(cdim_const(e->args.len), et);
        cg_inner_dims(g, whole, &dims);
        cg_line(g, "if (!(%s = wfa_new(ctx, %d, %d, %d, %s, %s))) WF_FAIL(1);", x, et.rank + 1, c_esz(et.prim),
                e->args.len, dims.data, loc);
        for (int i = 0; i < e->args.len; i++) {
            if (et.rank)
                cg_line(g, "WFA_ROW(%s, %d) = wfa_ref(%s);", x, i, cg_atom(g, e->args.data[i]));
            else
                cg_line(g, "WFA_AT(%s, %s, %d) = %s;", c_prim(et.prim), x, i, cg_atom(g, e->args.data[i]));
        }
        if (et.rank)
            cg_line(g, "wfa_fix_shape(%s);", x);
        return;
    }
    case CE_ASSERT: {
        const char *vals[8];
        for (int i = 1; i < e->args.len && i <= 8; i++)
            vals[i - 1] = cg_atom(g, e->args.data[i]);
        cg_line(g, "if (!%s) WF_FAIL(%s);", cg_atom(g, e->args.data[0]), c_assert_error(e, loc, vals));
        return;
    }
    case CE_APPLY: {
        for (int i = 0; i < s->pat.len; i++)
            sb_printf(&sb, ", &%s", c_name(s->pat.data[i].name));
        for (int i = 0; i < e->args.len; i++)
            sb_printf(&sb, ", %s", cg_atom(g, e->args.data[i]));
        cg_line(g, "if (%s(ctx%s)) WF_FAIL(1);", xsprintf("f%s", c_name(e->fname)), sb.data);
        return;
    }
    case CE_SCREMA:
    case CE_SCATTER:
    case CE_HIST:
    case CE_FILTER: cg_soac(g, s); return;
    default: die("cgen: expression kind %d", (int)e->kind);
    }
}

/* Whether emit_index bound the statement's result without a reference: a row (not an element
 * or a slice) of an array that outlives the body. */
static bool borrows_row(CGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (e->kind != CE_INDEX || s->pat.data[0].type.rank == 0 || e->slice.len == 0 || e->args.data[0].kind != CA_VAR)
        return false;
    for (int k = 0; k < e->slice.len; k++)
        if (e->slice.data[k].is_slice)
            return false;
    return cg_stable(g, e->args.data[0].var);
}

void cg_body(CGen *g, const CBody *b, const char **dests) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        for (int j = 0; j < s->pat.len; j++) {
            CParam p = s->pat.data[j];
            cg_line(g, "%s %s WF_U = %s;", cg_ctype(p.type), c_name(p.name), p.type.rank ? "NULL" : "0");
            (void)0;
        }
        emit_exp(g, s);
        for (int j = 0; j < s->pat.len; j++)
            cg_bind(g, s->pat.data[j].name, s->pat.data[j].type);
        if (borrows_row(g, s))
            omap_put(&g->borrowed, s->pat.data[0].name, (void *)1);
    }
    for (int i = 0; i < b->result.len; i++) {
        CAtom a = b->result.data[i];
        CType t = cg_atom_type(g, a);
        if (t.rank)
            cg_line(g, "%s = wfa_ref(%s);", dests[i], cg_atom(g, a));
        else
            cg_line(g, "%s = %s;", dests[i], cg_atom(g, a));
    }
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        for (int j = 0; j < s->pat.len; j++)
            if (s->pat.data[j].type.rank && !omap_has(&g->borrowed, s->pat.data[j].name))
                cg_line(g, "wfa_unref(ctx, %s);", c_name(s->pat.data[j].name));
    }
}

void cg_lambda(CGen *g, const CLambda *lam, const char **args, const char **dests) {
    cg_line(g, "{");
    g->indent++;
    for (int i = 0; i < lam->params.len; i++) {
        CParam p = lam->params.data[i];
        if (p.type.rank) {
            cg_borrow(g, p.name, p.type, args[i]); /* the caller keeps args alive */
        } else {
            cg_bind(g, p.name, p.type);
            cg_decl_init(g, p.type, c_name(p.name), args[i]);
        }
    }
    cg_body(g, lam->body, dests);
    g->indent--;
    cg_line(g, "}");
}

/* ------------------------------------------------------------------ functions and entry points */

/* Size parameters: from the shapes of the array parameters (checked when several agree). */
static void bind_sizes(CGen *g, const CFun *f, bool entry) {
    for (int s = 0; s < f->sizes.len; s++) {
        const char *sz = f->sizes.data[s];
        bool bound = false;
        for (int i = 0; i < f->params.len; i++) {
            CParam p = f->params.data[i];
            for (int k = 0; k < p.type.rank; k++) {
                CDim d = p.type.dims[k];
                if (d.kind != CDIM_VAR || d.var != sz)
                    continue;
                const char *ext = k == 0 ? xsprintf("%s->shape[0]", c_name(p.name))
                                         : xsprintf("wfa_size(%s, %d)", c_name(p.name), k);
                if (!bound) {
                    cg_line(g, "int64_t %s WF_U = %s;", c_name(sz), ext);
                    cg_bind(g, sz, ctype_prim(PRIM_I64));
                    bound = true;
                } else if (entry) {
                    cg_line(g, "if (%s != %s) return wf_error(ctx, NULL, \"size mismatch: size %s is %%lld here, "
                               "but %%lld elsewhere\", (long long)%s, (long long)%s);",
                            c_name(sz), ext, sz, ext, c_name(sz));
                }
            }
        }
        if (!bound) {
            cg_line(g, "int64_t %s WF_U = 0;", c_name(sz));
            cg_bind(g, sz, ctype_prim(PRIM_I64));
        }
    }
}

static void fun_signature(StrBuf *sb, const CFun *f) {
    sb_printf(sb, "static int f%s(wf_ctx *ctx", c_name(f->name));
    for (int i = 0; i < f->ret.len; i++)
        sb_printf(sb, ", %s *out_%d", cg_ctype(f->ret.data[i]), i);
    for (int i = 0; i < f->params.len; i++)
        sb_printf(sb, ", %s arg_%d", cg_ctype(f->params.data[i].type), i);
    sb_puts(sb, ")");
}

static void emit_fun(CGen *g, const CFun *f) {
    opt_lazy_iotas(f, &g->lazy_iota);
    StrBuf sig = {0};
    fun_signature(&sig, f);
    cg_line(g, "%s {", sig.data);
    g->indent++;
    for (int i = 0; i < f->params.len; i++) {
        CParam p = f->params.data[i];
        cg_bind(g, p.name, p.type);
        cg_decl_init(g, p.type, c_name(p.name), xsprintf("arg_%d", i));
    }
    bind_sizes(g, f, false);
    const char **dests = xmalloc(sizeof *dests * (size_t)(f->ret.len + 1));
    for (int i = 0; i < f->ret.len; i++)
        dests[i] = xsprintf("(*out_%d)", i);
    cg_body(g, f->body, dests);
    for (int i = 0; i < f->params.len; i++)
        if (f->params.data[i].type.rank)
            cg_line(g, "wfa_unref(ctx, %s);", c_name(f->params.data[i].name));
    cg_line(g, "return 0;");
    g->indent--;
    cg_line(g, "}");
    cg_line(g, "%s", "");
}

static void emit_entry(CGen *g, const CFun *f, int no) {
    opt_lazy_iotas(f, &g->lazy_iota);
    cg_line(g, "static int entry_%d_body(wf_ctx *ctx, const wf_value *args, wf_value *results) {", no);
    g->indent++;
    cg_line(g, "(void)args;");
    for (int i = 0; i < f->params.len; i++) {
        CParam p = f->params.data[i];
        cg_bind(g, p.name, p.type);
        if (p.type.rank)
            cg_line(g, "wfa *%s WF_U = wfa_from_value(ctx, &args[%d]);", c_name(p.name), i);
        else
            cg_line(g, "%s %s WF_U = *(const %s *)args[%d].data;", c_prim(p.type.prim), c_name(p.name),
                    c_prim(p.type.prim), i);
    }
    for (int i = 0; i < f->params.len; i++)
        if (f->params.data[i].type.rank)
            cg_line(g, "if (!%s) WF_FAIL(1);", c_name(f->params.data[i].name));
    bind_sizes(g, f, true);
    const char **dests = xmalloc(sizeof *dests * (size_t)(f->ret.len + 1));
    for (int i = 0; i < f->ret.len; i++) {
        dests[i] = xsprintf("res_%d", i);
        cg_line(g, "%s res_%d = %s;", cg_ctype(f->ret.data[i]), i, f->ret.data[i].rank ? "NULL" : "0");
    }
    cg_line(g, "{");
    g->indent++;
    cg_body(g, f->body, dests);
    g->indent--;
    cg_line(g, "}");
    for (int i = 0; i < f->ret.len; i++) {
        CType t = f->ret.data[i];
        if (t.rank) {
            cg_line(g, "if (wfa_to_result(ctx, res_%d, %d, &results[%d])) WF_FAIL(1);", i, (int)t.prim, i);
        } else {
            cg_line(g, "if (wf_value_alloc(ctx, &results[%d], %d, 0, NULL, NULL)) WF_FAIL(1);", i, (int)t.prim);
            cg_line(g, "*(%s *)results[%d].data = res_%d;", c_prim(t.prim), i, i);
        }
    }
    for (int i = 0; i < f->params.len; i++)
        if (f->params.data[i].type.rank)
            cg_line(g, "wfa_unref(ctx, %s);", c_name(f->params.data[i].name));
    cg_line(g, "return 0;");
    g->indent--;
    cg_line(g, "}");
    cg_line(g, "static int entry_%d(wf_ctx *ctx, const wf_value *args, wf_value *results) {", no);
    cg_line(g, "    int rc = entry_%d_body(ctx, args, results);", no);
    cg_line(g, "    wf_arena_free_all(ctx); /* every thread's arena chunks */");
    cg_line(g, "    return rc;");
    cg_line(g, "}");
    cg_line(g, "%s", "");
}

static void type_list(CGen *g, const char *name, int n, const CType *ts) {
    StrBuf sb = {0};
    for (int i = 0; i < n; i++)
        sb_printf(&sb, "%s{%d, %d, %s}", i ? ", " : "", (int)ts[i].prim, ts[i].rank, ts[i].unique ? "true" : "false");
    if (n == 0)
        sb_puts(&sb, "{0, 0, false}");
    cg_line(g, "static const wf_type %s[] = {%s};", name, sb.data);
}

static char *program(const CProg *p, bool multicore, StrBuf *kernels, CVersions *ver) {
    StrBuf out = {0}, decls = {0};
    CGen g = {0};
    g.out = &out;
    g.decls = &decls;
    g.ver = ver;
    g.multicore = multicore;
    g.cuda = kernels != NULL;
    g.kernels = kernels;
    cg_line(&g, "/* ---- the program ---- */");
    for (int i = 0; i < p->funs.len; i++) {
        if (p->funs.data[i]->is_entry)
            continue;
        StrBuf sig = {0};
        fun_signature(&sig, p->funs.data[i]);
        cg_line(&g, "%s __attribute__((unused));", sig.data);
    }
    for (int i = 0; i < p->funs.len; i++) {
        if (p->funs.data[i]->is_entry)
            continue;
        CGen fg = g;
        memset(&fg.types, 0, sizeof fg.types);
        memset(&fg.depths, 0, sizeof fg.depths);
        memset(&fg.lazy_iota, 0, sizeof fg.lazy_iota);
        memset(&fg.borrowed, 0, sizeof fg.borrowed);
        fg.fun = p->funs.data[i]->name;
        cg_plan(&fg, "function %s (%lld code path%s):", fg.fun, (long long)cg_code_paths(p->funs.data[i]),
                cg_code_paths(p->funs.data[i]) == 1 ? "" : "s");
        ver->plan_depth++;
        emit_fun(&fg, p->funs.data[i]);
        ver->plan_depth--;
        g.tmp = fg.tmp;
        g.regions = fg.regions;
    }
    int ne = 0;
    for (int i = 0; i < p->funs.len; i++) {
        const CFun *f = p->funs.data[i];
        if (!f->is_entry)
            continue;
        CGen fg = g;
        memset(&fg.types, 0, sizeof fg.types);
        memset(&fg.depths, 0, sizeof fg.depths);
        memset(&fg.lazy_iota, 0, sizeof fg.lazy_iota);
        memset(&fg.borrowed, 0, sizeof fg.borrowed);
        fg.fun = f->name;
        cg_plan(&fg, "entry %s (%lld code path%s):", fg.fun, (long long)cg_code_paths(f), cg_code_paths(f) == 1 ? "" : "s");
        ver->plan_depth++;
        emit_entry(&fg, f, ne);
        ver->plan_depth--;
        g.tmp = fg.tmp;
        g.regions = fg.regions;
        CType *pts = xmalloc(sizeof *pts * (size_t)(f->params.len + 1));
        for (int j = 0; j < f->params.len; j++)
            pts[j] = f->params.data[j].type;
        type_list(&g, xsprintf("entry_%d_params", ne), f->params.len, pts);
        type_list(&g, xsprintf("entry_%d_results", ne), f->ret.len, f->ret.data);
        ne++;
    }
    StrBuf ents = {0};
    ne = 0;
    for (int i = 0; i < p->funs.len; i++) {
        const CFun *f = p->funs.data[i];
        if (!f->is_entry)
            continue;
        sb_printf(&ents, "%s{%s, %d, entry_%d_params, %d, entry_%d_results, entry_%d}", ne ? ",\n    " : "",
                  c_string(f->name), f->params.len, ne, f->ret.len, ne, ne);
        ne++;
    }
    if (ne == 0)
        sb_puts(&ents, "{NULL, 0, NULL, 0, NULL, NULL}");
    cg_line(&g, "static const wf_entry entries[] = {\n    %s\n};", ents.data);
    const char *params = cg_param_table(&g);
    if (g.cuda)
        cg_line(&g, "static const wf_program program = {entries, %d, %s, wfk_init, wfk_fini, wfk_sync, NULL, NULL};", ne, params);
    else
        cg_line(&g, "static const wf_program program = {entries, %d, %s, NULL, NULL, NULL, NULL, NULL};", ne, params);
    cg_line(&g, "int main(int argc, char **argv) { return wf_main(argc, argv, &program); }");
    StrBuf all = {0};
    sb_puts(&all, decls.data ? decls.data : "");
    sb_puts(&all, out.data ? out.data : "");
    return all.data ? all.data : xstrdup("");
}

char *cgen_program(const CProg *p, bool multicore) {
    CVersions ver = {0};
    return program(p, multicore, NULL, &ver);
}

char *cgen_plan(const CProg *p) {
    CVersions ver = {0};
    program(p, true, NULL, &ver);
    sb_printf(&ver.plan, "%d threshold%s\n", ver.names.len, ver.names.len == 1 ? "" : "s");
    for (int i = 0; i < ver.names.len; i++)
        sb_printf(&ver.plan, "  %s = %lld\n", ver.names.data[i], (long long)ver.defaults.data[i]);
    return ver.plan.data;
}

char *cgen_program_cuda(const CProg *p, char **kernels) {
    StrBuf k = {0};
    sb_puts(&k, "");
    CVersions ver = {0};
    char *host = program(p, false, &k, &ver);
    *kernels = k.data ? k.data : xstrdup("");
    return host;
}
