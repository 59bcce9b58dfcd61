/* emit_array.c — the emitter's array expressions (every core expression that builds, views or
 * writes an array, SOACs aside).
 *
 * Views cost nothing: index (rows, elements, slices), rearrange and, on dense arrays, flatten
 * and unflatten only compute a pointer, extents and strides into the same block, and borrow it.
 * Everything else fills a new block (fg_alloc: from a slot inside iterations): iota, replicate,
 * copy, concat, rotate, array literals (static data when all elements are constants), and the
 * reshapes of strided arrays.  An update writes in place when the statement may move the array
 * (its last use) and nobody else holds the block; otherwise it writes a fresh copy.
 * Failures report the interpreter's messages at the expression's location.
 */
#include "emit.h"

static bool all_plain(const CIndexVec *sl) {
    for (int k = 0; k < sl->len; k++)
        if (sl->data[k].is_slice)
            return false;
    return true;
}

static const char **index_atoms(FGen *g, const CIndexVec *sl) {
    const char **idx = xmalloc(sizeof *idx * (size_t)(sl->len + 1));
    for (int k = 0; k < sl->len; k++)
        idx[k] = fg_atom(g, sl->data[k].start);
    return idx;
}

/* The C condition that some plain index of sl lies outside view v (of core variable var), the
 * indices known to lie inside its extents (range.c) left out; NULL when none is left.  *list:
 * the indices, as a C initialiser list. */
static const char *outside(FGen *g, const char *v, const char *var, const CIndexVec *sl, const char **list) {
    StrBuf cond = {0}, ixs = {0};
    sb_puts(&cond, "0");
    sb_puts(&ixs, "");
    int checked = 0;
    const CDim *dims = fg_var(g, var)->type.dims;
    for (int j = 0; j < sl->len; j++) {
        const char *ix = fg_atom(g, sl->data[j].start);
        sb_printf(&ixs, "%s%s", j ? ", " : "", ix);
        if (fr_in_extent(g, sl->data[j].start, var, j, dims[j]))
            continue;
        sb_printf(&cond, " || (uint64_t)(%s) >= (uint64_t)%s.n[%d]", ix, v, j);
        checked++;
    }
    *list = ixs.data;
    return checked ? cond.data : NULL;
}

/* Fail unless the plain indices sl lie inside view v (of core variable var, rank r). */
static void check_plain(FGen *g, const char *v, const char *var, const CIndexVec *sl, int r, const char *loc) {
    const char *list, *cond = outside(g, v, var, sl, &list);
    if (!cond)
        return;
    fg_line(g, "if (%s) {", cond);
    fg_line(g, "    int64_t ix_[] = {%s}, sh_[] = {%s};", list, fg_extents(v, 0, r));
    fg_line(g, "    WF_FAIL(wf_oob(ctx, %s, %d, ix_, %d, sh_));", loc, sl->len, r);
    fg_line(g, "}");
}

/* x = the element idx of v, in a map loop that runs on past a bad index (emit_soac.c): a bad
 * index clears a flag of its own (declared 1 before the loop, gathered into the loop's and
 * set again at the end of each iteration) and reads nothing (x keeps its 0), so that the C
 * compiler can vectorise the loop (a masked load where it checks).  In a branch that runs
 * whatever its if's condition (emit.c emit_speculated_if) the index is bad only where the
 * branch is taken, and nothing is read elsewhere. */
static void deferred_elem(FGen *g, const char *x, const char *v, const char *var, const CIndexVec *sl,
                          const char **idx) {
    const char *list, *cond = outside(g, v, var, sl, &list);
    if (!cond) {
        fg_line(g, "%s = %s;", x, fg_elem(g, v, var, idx, sl->len));
        return;
    }
    /* inb: the index is inside (the read may be done); ok: no failure here, the index inside
     * or its branch not taken (a branch not taken never reads outside either) */
    const char *ok = fg_fresh(g, "ok"), *inb = fg_fresh(g, "inb");
    fg_line(g, "int64_t %s = !(%s);", inb, cond);
    if (g->defer_path)
        fg_line(g, "%s = (!(%s)) | %s;", ok, g->defer_path, inb);
    else
        fg_line(g, "%s = %s;", ok, inb);
    vec_push(&g->defer_oks, ok);
    bool gather = false; /* an index read from an array: a gather */
    for (int j = 0; j < sl->len; j++)
        gather = gather || (sl->data[j].start.kind == CA_VAR && omap_has(g->defer_loaded, sl->data[j].start.var));
    if (!gather || omap_has(g->defer_inner, var)) { /* a masked load */
        fg_line(g, "if (%s)", inb);
        fg_line(g, "    %s = %s;", x, fg_elem(g, v, var, idx, sl->len));
        return;
    }
    /* a gather from an array from outside the loop: a read at index 0 where the index is bad,
       the loop running only if the array has an element (GCC 12 vectorises no masked gather) */
    const char **at = xmalloc(sizeof *at * (size_t)(sl->len + 1));
    for (int j = 0; j < sl->len; j++)
        at[j] = xsprintf("(%s & -%s)", idx[j], inb); /* inb is 0 or 1: no select to make a branch of */
    for (int j = 0; j < fg_var(g, var)->type.rank; j++)
        vec_push(&g->defer_nonempty, xsprintf("%s.n[%d] > 0", v, j));
    fg_line(g, "%s = %s;", x, fg_elem(g, v, var, at, sl->len));
}

/* The view dst (rank rank(v) - plain indices) of v[slice], checked. */
static void slice_view(FGen *g, const char *dst, const char *v, int r, const CIndexVec *sl, const char *loc) {
    StrBuf spec = {0}, cond = {0}, off = {0};
    sb_puts(&spec, "");
    sb_puts(&cond, "");
    sb_puts(&off, "");
    int k = sl->len;
    for (int j = 0; j < k; j++) {
        CIndex x = sl->data[j];
        const char *st = fg_atom(g, x.start);
        if (x.is_slice) {
            const char *en = fg_atom(g, x.end), *d = fg_atom(g, x.stride);
            sb_printf(&spec, "%s1, %s, %s, %s", j ? ", " : "", st, en, d);
            sb_printf(&cond, "%s!wf_slice_ok(%s, %s, %s, %s.n[%d])", j ? " || " : "", st, en, d, v, j);
            sb_printf(&off, " + (wf_slice_len(%s, %s, %s) > 0 ? %s : 0) * %s.s[%d]", st, en, d, st, v, j);
        } else {
            sb_printf(&spec, "%s0, %s, 0, 0", j ? ", " : "", st);
            sb_printf(&cond, "%s(uint64_t)(%s) >= (uint64_t)%s.n[%d]", j ? " || " : "", st, v, j);
            sb_printf(&off, " + (%s) * %s.s[%d]", st, v, j);
        }
    }
    fg_line(g, "if (%s) {", cond.data);
    fg_line(g, "    int64_t sp_[] = {%s}, sh_[] = {%s};", spec.data, fg_extents(v, 0, r));
    fg_line(g, "    WF_FAIL(wf_slice_bad(ctx, %s, %d, sp_, %d, sh_));", loc, k, r);
    fg_line(g, "}");
    fg_line(g, "%s.p = %s.p%s;", dst, v, off.data);
    fg_line(g, "%s.m = %s.m;", dst, v);
    int o = 0;
    for (int j = 0; j < k; j++) {
        CIndex x = sl->data[j];
        if (!x.is_slice)
            continue;
        const char *st = fg_atom(g, x.start), *en = fg_atom(g, x.end), *d = fg_atom(g, x.stride);
        fg_line(g, "%s.n[%d] = wf_slice_len(%s, %s, %s);", dst, o, st, en, d);
        fg_line(g, "%s.s[%d] = (%s) * %s.s[%d];", dst, o, d, v, j);
        o++;
    }
    for (int j = k; j < r; j++, o++) {
        fg_line(g, "%s.n[%d] = %s.n[%d];", dst, o, v, j);
        fg_line(g, "%s.s[%d] = %s.s[%d];", dst, o, v, j);
    }
}

/* dst = the row idx[0..k) of v (dst already declared). */
static void row_assign(FGen *g, const char *dst, const char *v, const char *var, const char **idx, int k, int r) {
    fg_line(g, "%s.p = %s.p + (%s);", dst, v, fg_offset(g, v, var, idx, k));
    fg_line(g, "%s.m = %s.m;", dst, v);
    for (int j = k; j < r; j++) {
        fg_line(g, "%s.n[%d] = %s.n[%d];", dst, j - k, v, j);
        fg_line(g, "%s.s[%d] = %s.s[%d];", dst, j - k, v, j);
    }
}

static void emit_index(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    CAtom a = e->args.data[0];
    const char *v = fg_atom(g, a), *x = c_name(s->pat.data[0].name);
    int r = fg_var(g, a.var)->type.rank, k = e->slice.len;
    if (k == 0) {
        fg_line(g, "%s = %s;", x, v);
        return;
    }
    if (!all_plain(&e->slice)) {
        slice_view(g, x, v, r, &e->slice, loc);
        fr_view(g, s);
        return;
    }
    const char **idx = index_atoms(g, &e->slice);
    if (k == r && g->defer_oob && !e->in_range) {
        deferred_elem(g, x, v, a.var, &e->slice, idx);
        return;
    }
    if (!e->in_range)
        check_plain(g, v, a.var, &e->slice, r, loc);
    if (k == r)
        fg_line(g, "%s = %s;", x, fg_elem(g, v, a.var, idx, k));
    else
        row_assign(g, x, v, a.var, idx, k, r);
}

void fa_check_shape(FGen *g, const char *src, const char *want, int r, const char *what, const char *loc) {
    StrBuf cond = {0};
    sb_puts(&cond, "0");
    for (int k = 0; k < r; k++)
        sb_printf(&cond, " || %s.n[%d] != %s.n[%d]", src, k, want, k);
    fg_line(g, "if (%s) {", cond.data);
    fg_line(g, "    int64_t got_[] = {%s}, want_[] = {%s};", fg_extents(src, 0, r), fg_extents(want, 0, r));
    fg_line(g, "    WF_FAIL(wf_shape_mismatch(ctx, %s, %s, %d, got_, want_));", loc, c_string(what), r);
    fg_line(g, "}");
}

/* The strides of view v of rank r as a C initialiser list. */
static const char *strides_of(const char *v, int r) {
    StrBuf sb = {0};
    sb_puts(&sb, "");
    for (int k = 0; k < r; k++)
        sb_printf(&sb, "%s%s.s[%d]", k ? ", " : "", v, k);
    return sb.data;
}

/* The copy of fa_copy_fresh; rare: on a path that seldom runs (an updated array that is not
 * unique), where it is a call (rts/flat.h wf_copy_cold), so that the C compiler neither sets up
 * an inline loop's vector bounds on the hot path nor keeps its values in registers. */
static void copy_fresh(FGen *g, const char *dst, const char *var, CType t, bool release_old, const char *loc,
                       bool rare) {
    const char *c = fg_fresh(g, "cp");
    bool host = g->target->mirrored && !g->device; /* host code of a target with device copies */
    if (host && t.rank == 1) { /* where the source is current: on the device, if only there */
        fg_line(g, "%s %s = %s;", fg_ctype(g, t), c, dst);
        fg_alloc(g, c, var, t, loc);
        fg_fail(g, xsprintf("wfc_copy1(ctx, %s.m, %s.p, %s.m, %s.p, %s.n[0], %s.s[0], %d)", c, c, dst, dst, dst, dst,
                            c_esz(t.prim)),
                "1");
        if (release_old)
            fg_release(g, dst);
        fg_line(g, "%s = %s;", dst, c);
        return;
    }
    if (host) /* else on the host */
        fg_fail(g, xsprintf("wfc_host(ctx, %s.m)", dst), "1");
    fg_line(g, "%s %s = %s;", fg_ctype(g, t), c, dst);
    fg_alloc(g, c, var, t, loc);
    if (rare && !g->device && t.rank == 1) {
        fg_line(g, "wf_copy1_cold(%s.p, %s.p, %s.n[0], %s.s[0], %d);", c, dst, dst, dst, c_esz(t.prim));
    } else if (rare && !g->device) {
        fg_line(g, "{");
        fg_line(g, "    int64_t n_[] = {%s}, s_[] = {%s};", fg_extents(dst, 0, t.rank), strides_of(dst, t.rank));
        fg_line(g, "    wf_copy_cold(%s.p, %s.p, %d, n_, s_, %d);", c, dst, t.rank, c_esz(t.prim));
        fg_line(g, "}");
    } else {
        fg_copy_into(g, c, t.rank, NULL, dst, t);
    }
    if (host)
        fg_line(g, "wfc_host_wrote(ctx, %s.m);", c);
    if (release_old)
        fg_release(g, dst);
    fg_line(g, "%s = %s;", dst, c);
}

void fa_copy_fresh(FGen *g, const char *dst, const char *var, CType t, bool release_old, const char *loc) {
    copy_fresh(g, dst, var, t, release_old, loc, false);
}

void fa_copy_fresh_rare(FGen *g, const char *dst, const char *var, CType t, bool release_old, const char *loc) {
    copy_fresh(g, dst, var, t, release_old, loc, true);
}

void fa_take_unique(FGen *g, const char *dst, const char *var, CAtom a, const char *loc) {
    FVar *src = fg_var(g, a.var);
    CType t = src->type;
    bool move = fg_may_move(g, a);
    /* the result holds the block as the consumed array did; a copy is made for it likewise */
    Own own = move ? src->own : fg_alloc_class(g, var);
    fg_line(g, "%s = %s;", dst, fg_atom(g, a));
    fg_line(g, "{");
    g->indent++;
    bool known = move && omap_get(&g->unique_params, a.var); /* made unique before its loop */
    if (move && own == OWN_OWNED) {
        fg_moved(g, a.var);
        if (!known) {
            fg_line(g, "if (!wf_blk_unique(%s.m)) {", dst);
            g->indent++;
            /* a copy of its own, allocated as an owned temporary */
            fa_copy_fresh_rare(g, dst, NULL, t, true, loc);
            g->indent--;
            fg_line(g, "}");
        }
    } else if (move) {
        /* scratch: in place when only the slot holds the block */
        fg_line(g, "if (!(%s.m && wf_blk_rc(%s.m) == 1)) {", dst, dst);
        g->indent++;
        fa_copy_fresh_rare(g, dst, var, t, false, loc);
        g->indent--;
        fg_line(g, "}");
    } else {
        /* the mark tests look for (tests/scripts/inplace_updates.sh) */
        fg_line(g, "/* %s copies %s: not its last use, or borrowed */", var, a.var);
        fa_copy_fresh(g, dst, var, t, false, loc);
    }
    g->indent--;
    fg_line(g, "}");
    fg_bind(g, var, t, own);
}

/* The value v (core type t) of an update of array x as a view that does not overlap x: v itself,
 * or, when it is a part of x's block (`xs with [1:4] = xs[0:3]`, written in place), a copy of
 * its own (which the caller releases when its block is not v's). */
static const char *value_apart(FGen *g, const char *v, const char *x, CType t, const char *loc) {
    const char *c = fg_fresh(g, "val");
    fg_line(g, "%s %s = %s;", fg_ctype(g, t), c, v);
    fg_line(g, "if (%s.m && %s.m == %s.m) {", c, c, x);
    g->indent++;
    fa_copy_fresh_rare(g, c, NULL, t, false, loc);
    g->indent--;
    fg_line(g, "}");
    return c;
}

static void emit_update(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    CAtom a = e->args.data[0], val = e->args.data[1];
    const char *x = c_name(s->pat.data[0].name), *v = fg_atom(g, val);
    CType t = s->pat.data[0].type, vt = fg_atom_type(g, val);
    int r = t.rank, k = e->slice.len;
    fa_take_unique(g, x, s->pat.data[0].name, a, loc);
    if (all_plain(&e->slice) && k == r) {
        const char **idx = index_atoms(g, &e->slice);
        check_plain(g, x, s->pat.data[0].name, &e->slice, r, loc);
        fg_line(g, "%s = %s;", fg_elem(g, x, s->pat.data[0].name, idx, k), v);
        return;
    }
    /* a row or a slice: copy the value into that part of x */
    CType part = vt;
    const char *tv = fg_fresh(g, "part");
    fg_line(g, "{");
    g->indent++;
    fg_line(g, "%s %s = {0};", fg_ctype(g, part), tv);
    if (all_plain(&e->slice)) {
        const char **idx = index_atoms(g, &e->slice);
        check_plain(g, x, s->pat.data[0].name, &e->slice, r, loc);
        row_assign(g, tv, x, s->pat.data[0].name, idx, k, r);
    } else {
        slice_view(g, tv, x, r, &e->slice, loc);
    }
    fg_fail(g, xsprintf("wf_count(%d, %s.n) != wf_count(%d, %s.n)", part.rank, tv, part.rank, v),
            xsprintf("wf_error(ctx, %s, \"size mismatch: the slice has %%lld elements but the value has %%lld\", "
                     "(long long)wf_count(%d, %s.n), (long long)wf_count(%d, %s.n))",
                     loc, part.rank, tv, part.rank, v));
    const char *src = value_apart(g, v, x, part, loc);
    fg_line(g, "wf_copy_view(%s.p, %s.s, %s.p, %d, %s.n, %s.s, %d);", tv, tv, src, part.rank, tv, src, c_esz(part.prim));
    fg_line(g, "if (%s.m != %s.m) wf_unref(ctx, %s.m);", src, v, src);
    g->indent--;
    fg_line(g, "}");
}

static void check_size(FGen *g, const char *n, const char *loc) {
    fg_fail(g, xsprintf("%s < 0", n), xsprintf("wf_negative_size(ctx, %s, %s)", loc, n));
}

static void emit_iota(FGen *g, const CStm *s, const char *loc) {
    const char *n = fg_atom(g, s->exp->args.data[0]), *x = c_name(s->pat.data[0].name);
    check_size(g, n, loc);
    if (omap_has(&g->lazy_iotas, s->pat.data[0].name)) {
        fg_line(g, "/* %s: not built, its elements are the loop indices */", x);
        return;
    }
    fg_line(g, "%s.n[0] = %s;", x, n);
    fg_alloc(g, x, s->pat.data[0].name, s->pat.data[0].type, loc);
    fg_line(g, "for (int64_t i_ = 0; i_ < %s; i_++)", n);
    fg_line(g, "    %s = i_;", fg_fresh_elem(g, x, 1, "i_"));
}

static void emit_replicate(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const char *n = fg_atom(g, e->args.data[0]), *v = fg_atom(g, e->args.data[1]);
    const char *x = c_name(s->pat.data[0].name);
    CType t = s->pat.data[0].type, vt = fg_atom_type(g, e->args.data[1]);
    check_size(g, n, loc);
    fg_line(g, "%s.n[0] = %s;", x, n);
    for (int k = 0; k < vt.rank; k++)
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, k + 1, v, k);
    fg_alloc(g, x, s->pat.data[0].name, t, loc);
    fg_line(g, "for (int64_t i_ = 0; i_ < %s; i_++)", n);
    if (vt.rank == 0)
        fg_line(g, "    %s = %s;", fg_fresh_elem(g, x, 1, "i_"), v);
    else
        fg_copy_into(g, x, t.rank, xsprintf("i_ * wf_count(%d, %s.n)", vt.rank, v), v, vt);
}

static void emit_rearrange(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *a = fg_atom(g, e->args.data[0]), *x = c_name(s->pat.data[0].name);
    fg_line(g, "%s = %s;", x, a);
    for (int i = 0; i < e->perm.len; i++) {
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, i, a, e->perm.data[i]);
        fg_line(g, "%s.s[%d] = %s.s[%d];", x, i, a, e->perm.data[i]);
    }
}

/* x (extents already set) as a view of array a's elements in row-major order: a itself when
 * a is laid out so (dense; on the device, evenly spaced: wf_is_uniform), else a fresh copy of
 * a (then x owns it; it also owns a reference when a is strided but happens to be laid out so). */
static void reshape_of(FGen *g, const CStm *s, CAtom a, const char *loc) {
    const char *av = fg_atom(g, a), *x = c_name(s->pat.data[0].name);
    CType t = s->pat.data[0].type, at = fg_var(g, a.var)->type;
    if (g->device) {
        fg_line(g, "%s.s[%d] = %s.s[%d];", x, t.rank - 1, av, at.rank - 1);
        fg_outer_strides(g, x, t.rank);
    } else {
        fg_dense_strides(g, x, t.rank);
    }
    if (fg_dense(g, a.var)) {
        fg_line(g, "%s.p = %s.p;", x, av);
        fg_line(g, "%s.m = %s.m;", x, av);
        fg_bind(g, s->pat.data[0].name, t, OWN_BORROWED);
        return;
    }
    fg_line(g, "if (wf_is_%s(%d, %s.n, %s.s)) {", g->device ? "uniform" : "dense", at.rank, av, av);
    fg_line(g, "    %s.p = %s.p;", x, av);
    fg_line(g, "    %s.m = %s.m;", x, av);
    fg_line(g, "    wf_ref(%s.m);", x);
    fg_line(g, "} else {");
    g->indent++;
    fg_alloc(g, x, NULL, t, loc);
    fg_copy_into(g, x, t.rank, "0", av, at);
    g->indent--;
    fg_line(g, "}");
    fg_bind(g, s->pat.data[0].name, t, OWN_OWNED); /* a reference either way */
}

static void emit_flatten(FGen *g, const CStm *s, const char *loc) {
    CAtom a = s->exp->args.data[0];
    const char *av = fg_atom(g, a), *x = c_name(s->pat.data[0].name);
    int r = fg_var(g, a.var)->type.rank;
    fg_fail(g, xsprintf("%s.n[0] != 0 && %s.n[1] > INT64_MAX / %s.n[0]", av, av, av),
            xsprintf("wf_error(ctx, %s, \"flatten: %%lld rows of %%lld elements are more than an array can hold\", "
                     "(long long)%s.n[0], (long long)%s.n[1])", loc, av, av));
    fg_line(g, "%s.n[0] = %s.n[0] * %s.n[1];", x, av, av);
    for (int k = 2; k < r; k++)
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, k - 1, av, k);
    reshape_of(g, s, a, loc);
}

static void emit_unflatten(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const char *n = fg_atom(g, e->args.data[0]), *m = fg_atom(g, e->args.data[1]);
    CAtom a = e->args.data[2];
    const char *av = fg_atom(g, a), *x = c_name(s->pat.data[0].name);
    int r = fg_var(g, a.var)->type.rank;
    StrBuf inner = {0}, dims = {0}; /* the dimensions inside the outer one, in both shapes */
    sb_puts(&inner, "");
    sb_puts(&dims, "");
    for (int k = 1; k < r; k++) {
        sb_puts(&inner, "[%lld]");
        sb_printf(&dims, ", (long long)%s.n[%d]", av, k);
    }
    fg_fail(g, xsprintf("%s < 0 || %s < 0 || %s * %s != %s.n[0]", n, m, n, m, av),
            xsprintf("wf_error(ctx, %s, \"Cannot unflatten array of shape [%%lld]%s to array of shape "
                     "[%%lld][%%lld]%s\", (long long)%s.n[0]%s, (long long)%s, (long long)%s%s)",
                     loc, inner.data, inner.data, av, dims.data, n, m, dims.data));
    fg_line(g, "%s.n[0] = %s;", x, n);
    fg_line(g, "%s.n[1] = %s;", x, m);
    for (int k = 1; k < r; k++)
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, k + 1, av, k);
    reshape_of(g, s, a, loc);
}

static void emit_concat(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const char *x = c_name(s->pat.data[0].name), *a0 = fg_atom(g, e->args.data[0]);
    CType t = s->pat.data[0].type;
    fg_line(g, "%s.n[0] = 0;", x);
    for (int i = 0; i < e->args.len; i++) {
        const char *ai = fg_atom(g, e->args.data[i]);
        fg_fail(g, xsprintf("%s.n[0] > INT64_MAX - %s.n[0]", ai, x),
                xsprintf("wf_error(ctx, %s, \"concatenation: %%lld rows and %%lld more are more than an array can "
                         "hold\", (long long)%s.n[0], (long long)%s.n[0])", loc, x, ai));
        fg_line(g, "%s.n[0] += %s.n[0];", x, ai);
        for (int k = 1; k < t.rank && i > 0; k++) {
            fg_line(g, "if (%s.n[%d] != %s.n[%d]) {", ai, k, a0, k);
            fg_line(g, "    int64_t got_[] = {%s}, want_[] = {%s};", fg_extents(ai, 1, t.rank),
                    fg_extents(a0, 1, t.rank));
            fg_line(g, "    WF_FAIL(wf_shape_mismatch(ctx, %s, \"concatenation of rows\", %d, got_, want_));", loc,
                    t.rank - 1);
            fg_line(g, "}");
        }
    }
    for (int k = 1; k < t.rank; k++)
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, k, a0, k);
    fg_alloc(g, x, s->pat.data[0].name, t, loc);
    fg_line(g, "{");
    g->indent++;
    fg_line(g, "int64_t at_ = 0;");
    for (int i = 0; i < e->args.len; i++) {
        const char *ai = fg_atom(g, e->args.data[i]);
        fg_copy_into(g, x, t.rank, "at_", ai, t);
        fg_line(g, "at_ += wf_count(%d, %s.n);", t.rank, ai);
    }
    g->indent--;
    fg_line(g, "}");
}

static void emit_copy(FGen *g, const CStm *s, const char *loc) {
    const char *x = c_name(s->pat.data[0].name), *a = fg_atom(g, s->exp->args.data[0]);
    CType t = s->pat.data[0].type;
    for (int k = 0; k < t.rank; k++)
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, k, a, k);
    fg_alloc(g, x, s->pat.data[0].name, t, loc);
    fg_copy_into(g, x, t.rank, "0", a, t);
}

static void emit_rotate(FGen *g, const CStm *s, const char *loc) {
    const char *r = fg_atom(g, s->exp->args.data[0]), *a = fg_atom(g, s->exp->args.data[1]);
    const char *x = c_name(s->pat.data[0].name);
    CType t = s->pat.data[0].type;
    for (int k = 0; k < t.rank; k++)
        fg_line(g, "%s.n[%d] = %s.n[%d];", x, k, a, k);
    fg_alloc(g, x, s->pat.data[0].name, t, loc);
    fg_line(g, "if (%s.n[0] > 0) {", x);
    fg_line(g, "    int64_t sh_ = ((%s %% %s.n[0]) + %s.n[0]) %% %s.n[0];", r, x, x, x);
    fg_line(g, "    for (int64_t i_ = 0; i_ < %s.n[0]; i_++) {", x);
    fg_line(g, "        int64_t from_ = i_ + sh_ < %s.n[0] ? i_ + sh_ : i_ + sh_ - %s.n[0];", x, x);
    if (t.rank == 1)
        fg_line(g, "        %s = %s.p[from_ * %s.s[0]];", fg_fresh_elem(g, x, 1, "i_"), a, a);
    else
        fg_line(g, "        wf_copy_step(%s.p + i_ * %s.s[0], %s.s[%d], %s.p + from_ * %s.s[0], %d, %s.n + 1, %s.s + 1, %d);",
                x, x, x, t.rank - 1, a, a, t.rank - 1, a, a, c_esz(t.prim));
    fg_line(g, "    }");
    fg_line(g, "}");
}

static const char *dim_c(CDim d) {
    switch (d.kind) {
    case CDIM_CONST: return xsprintf("INT64_C(%lld)", (long long)d.value);
    case CDIM_VAR: return c_name(d.var);
    default: return "0";
    }
}

static void emit_array(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const char *x = c_name(s->pat.data[0].name);
    CType et = e->type, t = s->pat.data[0].type;
    int n = e->args.len;
    bool consts = et.rank == 0 && n > 0;
    for (int i = 0; i < n && consts; i++)
        consts = e->args.data[i].kind == CA_CONST;
    if (consts && !g->target->mirrored) { /* static data (device copies are of blocks only) */
        StrBuf vals = {0};
        sb_puts(&vals, "");
        for (int i = 0; i < n; i++)
            sb_printf(&vals, "%s%s", i ? ", " : "", fg_atom(g, e->args.data[i]));
        const char *d = fg_fresh(g, "cdata");
        fg_line(g, "static const %s %s[%d] = {%s};", c_prim(et.prim), d, n, vals.data);
        fg_line(g, "%s.p = (%s *)%s;", x, c_prim(et.prim), d);
        fg_line(g, "%s.m = NULL;", x);
        fg_line(g, "%s.n[0] = %d;", x, n);
        fg_line(g, "%s.s[0] = 1;", x);
        fg_bind(g, s->pat.data[0].name, t, OWN_BORROWED);
        return;
    }
    fg_line(g, "%s.n[0] = %d;", x, n);
    for (int k = 0; k < et.rank; k++) {
        if (n > 0)
            fg_line(g, "%s.n[%d] = %s.n[%d];", x, k + 1, fg_atom(g, e->args.data[0]), k);
        else
            fg_line(g, "%s.n[%d] = %s;", x, k + 1, dim_c(et.dims[k]));
    }
    for (int i = 1; i < n && et.rank; i++) {
        const char *ai = fg_atom(g, e->args.data[i]), *a0 = fg_atom(g, e->args.data[0]);
        fa_check_shape(g, ai, a0, et.rank, "an array literal's element", loc);
    }
    fg_alloc(g, x, s->pat.data[0].name, t, loc);
    for (int i = 0; i < n; i++) {
        const char *ai = fg_atom(g, e->args.data[i]);
        if (et.rank == 0)
            fg_line(g, "%s = %s;", fg_fresh_elem(g, x, 1, xsprintf("%d", i)), ai);
        else
            fg_copy_into(g, x, t.rank, xsprintf("%d * wf_count(%d, %s.n)", i, et.rank, ai), ai, et);
    }
}

void fa_exp(FGen *g, const CStm *s) {
    const char *loc = c_loc(s->exp->loc);
    switch (s->exp->kind) {
    case CE_INDEX: emit_index(g, s, loc); return;
    case CE_UPDATE: emit_update(g, s, loc); return;
    case CE_IOTA: emit_iota(g, s, loc); return;
    case CE_REPLICATE: emit_replicate(g, s, loc); return;
    case CE_REARRANGE: emit_rearrange(g, s); return;
    case CE_FLATTEN: emit_flatten(g, s, loc); return;
    case CE_UNFLATTEN: emit_unflatten(g, s, loc); return;
    case CE_CONCAT: emit_concat(g, s, loc); return;
    case CE_COPY: emit_copy(g, s, loc); return;
    case CE_ROTATE: emit_rotate(g, s, loc); return;
    case CE_ARRAY: emit_array(g, s, loc); return;
    default: die("fgen: expression kind %d", (int)s->exp->kind);
    }
}
