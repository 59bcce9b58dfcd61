/* emit.c — the statement emitter (emit.h): which programs it takes, the program text, entry points,
 * bodies with their releases, and the statements that are not array operations or SOACs
 * (scalars, if, loop, assert, size).
 *
 * A body is emitted statement by statement.  After each statement, the owned arrays whose last
 * use (lifetime.c) it was are released, unless the statement moved them (an in-place update or
 * a loop's initial value consumed them).  Results go to their destinations: a variable of the
 * enclosing code, which receives a reference (moved from an owned variable at its last use,
 * otherwise a new one), or the row of a map's output, which receives a copy — or nothing at
 * all when the statement that made the result wrote it into that row already (the row was
 * passed down as the statement's destination, g->hints).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

/* ------------------------------------------------------------------ emitting */

void fg_line(FGen *g, const char *fmt, ...) {
    for (int i = 0; i < g->indent; i++)
        sb_puts(g->out, "    ");
    va_list ap;
    va_start(ap, fmt);
    char buf[2048];
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

const char *fg_fresh(FGen *g, const char *base) { return xsprintf("%s_%d", base, g->tmp++); }

const char *fg_atom(FGen *g, CAtom a) {
    if (a.kind != CA_VAR)
        return c_const(a);
    if (g->unit && omap_has(g->unit, a.var))
        return "INT64_C(1)";
    return c_name(a.var);
}

FVar *fg_var(FGen *g, const char *name) {
    FVar *v = omap_get(&g->vars, name);
    if (!v)
        die("fgen: unknown variable %s", name);
    return v;
}

CType fg_atom_type(FGen *g, CAtom a) { return a.kind == CA_CONST ? ctype_prim(a.prim) : fg_var(g, a.var)->type; }

FVar *fg_bind(FGen *g, const char *name, CType t, Own own) {
    FVar *v = xmalloc(sizeof *v);
    v->type = t;
    v->own = t.rank ? own : OWN_BORROWED;
    v->layout = omap_has(&g->layouts, name) ? LAYOUT_STRIDED : LAYOUT_DENSE;
    omap_put(&g->vars, name, v);
    return v;
}

const char *fg_view_type(FGen *g, PrimType p, int rank) {
    const char *n = intern(xsprintf("wfv_%s_%d", prim_name(p), rank));
    if (!omap_has(&g->type_done, n)) {
        omap_put(&g->type_done, n, (void *)1);
        sb_printf(g->types, "WFV_DEFINE(%s, %s, %d)\n", n, c_prim(p), rank);
    }
    return n;
}

const char *fg_ctype(FGen *g, CType t) { return t.rank ? fg_view_type(g, t.prim, t.rank) : c_prim(t.prim); }

void fg_decl_c(FGen *g, const char *cname, CType t) {
    if (t.rank) /* every path assigns it before it is read; zeroing would cost stores in hot loops */
        fg_line(g, "%s %s WF_U;", fg_ctype(g, t), cname);
    else
        fg_line(g, "%s %s WF_U = 0;", c_prim(t.prim), cname);
}

void fg_decl(FGen *g, CParam p) { fg_decl_c(g, c_name(p.name), p.type); }

bool fg_dense(FGen *g, const char *var) {
    /* device code addresses every array through its strides: kernels may get transposed copies */
    return !g->device && fg_var(g, var)->layout == LAYOUT_DENSE;
}

const char *fg_offset(FGen *g, const char *v, const char *var, const char **idx, int k) {
    FVar *fv = fg_var(g, var);
    int r = fv->type.rank;
    StrBuf sb = {0};
    if (k == 0)
        return "0";
    if (fg_dense(g, var)) {
        sb_puts(&sb, idx[0]);
        for (int j = 1; j < k; j++) {
            char *prev = sb.data;
            sb = (StrBuf){0};
            sb_printf(&sb, "(%s) * %s.n[%d] + (%s)", prev, v, j, idx[j]);
        }
        if (k < r) {
            char *prev = sb.data;
            sb = (StrBuf){0};
            sb_printf(&sb, "(%s)", prev);
            for (int j = k; j < r; j++)
                sb_printf(&sb, " * %s.n[%d]", v, j);
        }
        return sb.data;
    }
    for (int j = 0; j < k; j++)
        sb_printf(&sb, "%s(%s) * %s.s[%d]", j ? " + " : "", idx[j], v, j);
    return sb.data;
}

const char *fg_elem(FGen *g, const char *v, const char *var, const char **idx, int k) {
    return xsprintf("%s.p[%s]", v, fg_offset(g, v, var, idx, k));
}

void fg_row_view(FGen *g, const char *name, CType t, const char *v, const char *var, const char **idx, int k) {
    int r = fg_var(g, var)->type.rank;
    StrBuf ns = {0}, ss = {0};
    sb_puts(&ns, "");
    sb_puts(&ss, "");
    for (int j = k; j < r; j++) {
        sb_printf(&ns, "%s%s.n[%d]", j > k ? ", " : "", v, j);
        sb_printf(&ss, "%s%s.s[%d]", j > k ? ", " : "", v, j);
    }
    fg_line(g, "%s %s WF_U = {%s.p + (%s), %s.m, {%s}, {%s}};", fg_ctype(g, t), name, v, fg_offset(g, v, var, idx, k),
            v, ns.data, ss.data);
}

void fg_row_view_of(FGen *g, const char *dst, CType t, const char *v, const char *i) {
    fg_line(g, "%s.p = %s.p + (%s) * %s.s[0];", dst, v, i, v);
    fg_line(g, "%s.m = %s.m;", dst, v);
    for (int d = 0; d < t.rank; d++) {
        fg_line(g, "%s.n[%d] = %s.n[%d];", dst, d, v, d + 1);
        fg_line(g, "%s.s[%d] = %s.s[%d];", dst, d, v, d + 1);
    }
}

void fg_dense_strides(FGen *g, const char *dst, int r) {
    fg_line(g, "%s.s[%d] = 1;", dst, r - 1);
    for (int k = r - 2; k >= 0; k--)
        fg_line(g, "%s.s[%d] = %s.s[%d] * %s.n[%d];", dst, k, dst, k + 1, dst, k + 1);
}

void fg_fail(FGen *g, const char *cond, const char *err) { fg_line(g, "if (%s) WF_FAIL(%s);", cond, err); }

const char *fg_extents(const char *v, int from, int r) {
    StrBuf sb = {0};
    sb_puts(&sb, "");
    for (int k = from; k < r; k++)
        sb_printf(&sb, "%s%s.n[%d]", k > from ? ", " : "", v, k);
    return sb.data;
}

void fg_release(FGen *g, const char *v) { fg_line(g, "wf_unref(ctx, %s.m);", v); }

/* A new slot in the current scope; returns its C name. */
static const char *new_slot(FGen *g) {
    const char *n = fg_fresh(g, "slot");
    vec_push(&g->slots->names, n);
    return n;
}

Own fg_alloc_class(FGen *g, const char *var) {
    if (!g->iter || !var || omap_has(&g->escapes, var))
        return OWN_OWNED;
    return OWN_SCRATCH;
}

void fg_outer_strides(FGen *g, const char *dst, int r) {
    for (int k = r - 2; k >= 0; k--)
        fg_line(g, "%s.s[%d] = %s.s[%d] * %s.n[%d];", dst, k, dst, k + 1, dst, k + 1);
}

void fg_alloc(FGen *g, const char *dst, const char *var, CType t, const char *loc) {
    const char *hint = var ? omap_get(&g->hints, var) : NULL;
    const char *shared = (g->target->regions && !g->par) || g->blockmem ? "true" : "false";
    const char *count = xsprintf("wf_count_alloc(%d, %s.n)", t.rank, dst);
    int esz = c_esz(t.prim);
    if (hint) {
        int hr = (int)omap_int(&g->hint_ranks, var);
        fg_line(g, "if (%s == wf_count(%d, %s.n)) {", count, hr, hint);
        fg_line(g, "    %s.m = NULL; /* written in place: the destination's row */", dst);
        fg_line(g, "    %s.p = %s.p;", dst, hint);
        if (g->device) /* the row of a fresh array: evenly spaced too */
            fg_line(g, "    %s.s[%d] = %s.s[%d];", dst, t.rank - 1, hint, hr - 1);
        fg_line(g, "} else {");
        g->indent++;
    }
    const char *kind = fg_alloc_class(g, var) == OWN_SCRATCH ? "scratch" : "slot";
    if (g->iter && g->device)
        fg_line(g, "%s.m = wf_%s_get(ctx, &%s, %s, %d, %s, %s);", dst, kind, new_slot(g), count, esz, shared, loc);
    else if (g->iter) /* rts/flat.h: the fast path compares the count with what the slot has room for */
        fg_line(g, "%s.m = wf_%s_take(ctx, &%s, %s, %d, %s, %s);", dst, kind, new_slot(g), count, esz, shared, loc);
    else if (g->device)
        fg_line(g, "%s.m = wf_blk_new_el(ctx, %s, %d, %s, %s);", dst, count, esz, shared, loc);
    else
        fg_line(g, "%s.m = wf_blk_new(ctx, wf_bytes(%s, %d), %s, %s);", dst, count, esz, shared, loc);
    fg_line(g, "if (!%s.m) WF_FAIL(1);", dst);
    fg_line(g, "%s.p = (%s *)%s.m->data;", dst, c_prim(t.prim), dst);
    if (g->device)
        fg_line(g, "%s.s[%d] = wfd_step(ctx, %s, %d);", dst, t.rank - 1, shared, esz);
    if (hint) {
        g->indent--;
        fg_line(g, "}");
    }
    if (g->device)
        fg_outer_strides(g, dst, t.rank);
    else
        fg_dense_strides(g, dst, t.rank);
}

const char *fg_fresh_elem(FGen *g, const char *dst, int r, const char *i) {
    if (g->device)
        return xsprintf("%s.p[(%s) * %s.s[%d]]", dst, i, dst, r - 1);
    return xsprintf("%s.p[%s]", dst, i);
}

void fg_copy_into(FGen *g, const char *dst, int rd, const char *at, const char *src, CType t) {
    if (!at && t.rank == 1) { /* inline: rows are often short */
        fg_line(g, "for (int64_t k_ = 0; k_ < %s.n[0]; k_++)", src);
        fg_line(g, "    %s = %s.p[k_ * %s.s[0]];", fg_fresh_elem(g, dst, 1, "k_"), src, src);
        return;
    }
    fg_line(g, "wf_copy_step(%s.p + (%s) * %s.s[%d], %s.s[%d], %s.p, %d, %s.n, %s.s, %d);", dst, at ? at : "0", dst,
            rd - 1, dst, rd - 1, src, t.rank, src, src, c_esz(t.prim));
}

/* ------------------------------------------------------------------ bodies */

/* Whether the owned variable a may be moved by the current statement: it is bound by the
 * body being emitted, this statement is its last use, and the statement uses it once. */
bool fg_may_move(FGen *g, CAtom a) {
    if (a.kind != CA_VAR || !g->life || !g->stm)
        return false;
    FVar *v = fg_var(g, a.var);
    if (v->own == OWN_BORROWED || flife_last(g->life, a.var) != g->at)
        return false;
    OMap uses = {0};
    opt_count_exp(g->stm->exp, &uses);
    return omap_int(&uses, a.var) == 1;
}

void fg_moved(FGen *g, const char *var) { omap_put(&g->moved, var, (void *)1); }

/* Statements that fill fresh memory of their own with the whole result, which may as well be a
 * map output's row: these take a destination hint. */
static bool takes_hint(const CStm *s, int j) {
    switch (s->exp->kind) {
    case CE_SCREMA: {
        int accs = 0;
        for (int i = 0; i < s->exp->reds.len; i++)
            accs += s->exp->reds.data[i].nes.len;
        int nscan = 0;
        for (int i = 0; i < s->exp->scans.len; i++)
            nscan += s->exp->scans.data[i].nes.len;
        return j < nscan || j >= nscan + accs; /* scan and map outputs, not accumulators */
    }
    case CE_SEGOP: /* block level (cuda/block.c): written by the block's threads straight into the row */
        return s->exp->level == SEG_BLOCK && (s->exp->seg != SEG_RED || j >= fs_ops_results(&s->exp->reds));
    case CE_FILTER: return !s->exp->partition && s->pat.data[j].type.rank == 1; /* emit_filter */
    case CE_REPLICATE:
    case CE_IOTA:
    case CE_COPY:
    case CE_CONCAT:
    case CE_ROTATE: return true;
    default: return false;
    }
}

/* Pass the map-output rows among dests down to the statements that make those results. */
static void set_hints(FGen *g, const CBody *b, const FDest *dests) {
    for (int j = 0; j < b->result.len; j++) {
        CAtom a = b->result.data[j];
        if (dests[j].kind != DEST_ROW || a.kind != CA_VAR)
            continue;
        int uses = 0;
        for (int k = 0; k < b->result.len; k++)
            uses += b->result.data[k].kind == CA_VAR && b->result.data[k].var == a.var;
        if (uses != 1 || omap_has(&g->lazy_iotas, a.var))
            continue;
        for (int i = 0; i < b->stms.len; i++) {
            const CStm *s = &b->stms.data[i];
            for (int k = 0; k < s->pat.len; k++)
                if (s->pat.data[k].name == a.var && takes_hint(s, k)) {
                    omap_put(&g->hints, a.var, (void *)dests[j].name);
                    omap_put(&g->hint_ranks, a.var, (void *)(intptr_t)s->pat.data[k].type.rank);
                }
        }
    }
}

static void emit_stm(FGen *g, const CStm *s);

/* The ownership of a statement's array result j, unless the emitter bound it itself. */
static Own default_own(FGen *g, const CStm *s, int j) {
    switch (s->exp->kind) {
    case CE_ATOM:
    case CE_INDEX:
    case CE_REARRANGE: return OWN_BORROWED;
    case CE_IOTA:
        if (omap_has(&g->lazy_iotas, s->pat.data[0].name))
            return OWN_BORROWED;
        return fg_alloc_class(g, s->pat.data[0].name);
    case CE_IF:
    case CE_LOOP:
    case CE_APPLY: return OWN_OWNED;
    default: return fg_alloc_class(g, s->pat.data[j].name);
    }
}

static void release_if_owned(FGen *g, const char *var) {
    FVar *v = fg_var(g, var);
    if (v->own == OWN_OWNED && !omap_has(&g->moved, var))
        fg_release(g, c_name(var));
}

/* A block's result row written by its threads together (coop) or by one. */
static void copy_result_row(FGen *g, const char *dst, const char *v, CType t, bool coop) {
    if (!coop) {
        fg_copy_into(g, dst, t.rank, NULL, v, t);
        return;
    }
    if (t.rank == 1) {
        fg_line(g, "for (int64_t q_ = bj_; bj_ < bslotn_ && q_ < %s.n[0]; q_ += bslotn_)", v);
        fg_line(g, "    %s.p[q_ * %s.s[0]] = %s.p[q_ * %s.s[0]];", dst, dst, v, v);
        return;
    }
    fg_line(g, "if (bj_ == 0) {");
    g->indent++;
    fg_copy_into(g, dst, t.rank, NULL, v, t);
    g->indent--;
    fg_line(g, "}");
}

/* Whether the block of array variable var (a result of body b, whose parameters are params)
 * lives on after b without a reference of b's: a scratch array (its slot holds the block until
 * the site's next allocation), a parameter or a variable from outside b.  A view made in b may
 * be of an owned array that b releases. */
static bool outlives_body(FGen *g, const char *var, const CParam *params, int np) {
    FVar *v = fg_var(g, var);
    if (v->own == OWN_SCRATCH)
        return true;
    if (v->own != OWN_BORROWED)
        return false;
    if (flife_last(g->life, var) == -2)
        return true;
    for (int i = 0; i < np; i++)
        if (params[i].name == var)
            return true;
    return false;
}

/* The body's results into dests; coop: a block's results (block-level code), each element
 * written once by the block's threads. */
static void emit_results(FGen *g, const CBody *b, const CParam *params, int np, const FDest *dests, bool coop) {
    int n = b->result.len;
    for (int j = 0; j < n; j++) {
        CAtom a = b->result.data[j];
        CType t = fg_atom_type(g, a);
        const char *v = fg_atom(g, a);
        if (t.rank == 0) {
            fg_line(g, "%s%s = %s;", coop ? "if (bj_ == 0) " : "", dests[j].name, v);
            continue;
        }
        if (dests[j].kind == DEST_ROW) {
            fa_check_shape(g, v, dests[j].name, t.rank, "a map's result", "NULL");
            fg_line(g, "if (%s.p != %s.p) {", v, dests[j].name);
            g->indent++;
            copy_result_row(g, dests[j].name, v, t, coop);
            g->indent--;
            fg_line(g, "}");
            continue;
        }
        if (dests[j].kind == DEST_BORROW && outlives_body(g, a.var, params, np)) {
            fg_line(g, "%s = %s;", dests[j].name, v);
            omap_put(&g->unowned, dests[j].name, (void *)1);
            continue;
        }
        bool last_here = flife_last(g->life, a.var) == b->stms.len && fg_var(g, a.var)->own == OWN_OWNED &&
                         !omap_has(&g->moved, a.var);
        for (int k = j + 1; k < n && last_here; k++)
            last_here = !(b->result.data[k].kind == CA_VAR && b->result.data[k].var == a.var);
        fg_line(g, "%s = %s;", dests[j].name, v);
        if (last_here)
            fg_moved(g, a.var);
        else
            fg_line(g, "wf_ref(%s.m);", dests[j].name);
    }
}

void fg_body(FGen *g, const CBody *b, const CParam *params, int np, const FDest *dests) {
    bool coop = g->coop_results; /* this body's, not its statements' bodies' */
    g->coop_results = false;
    const FLife *life = memory_lifetimes(g->mem, b, params, np);
    const FLife *saved_life = g->life;
    const CStm *saved_stm = g->stm;
    int saved_at = g->at;
    OMap saved_moved = g->moved;
    g->life = life;
    g->moved = (OMap){0};
    int n = b->stms.len;
    /* the variables dying after each statement (index n: after the results) */
    Vec(const char *) *dying = xmalloc(sizeof *dying * (size_t)(n + 2));
    for (int k = 0; k < life->last.cap; k++)
        if (life->last.keys[k]) {
            int at = flife_last(life, life->last.keys[k]);
            vec_push(&dying[at < 0 ? n + 1 : at], life->last.keys[k]);
        }
    g->stm = NULL;
    for (int i = 0; i < np; i++)
        if (flife_last(life, params[i].name) == -1)
            release_if_owned(g, params[i].name);
    set_hints(g, b, dests);
    for (int i = 0; i < n; i++) {
        const CStm *s = &b->stms.data[i];
        /* an irregular segmap and the scatter or hist it feeds: one statement, the second's
         * (its index and statement, where its destinations are taken) */
        int nreps = 0;
        const CStm *into = fs_fused_from(g, b, i, &nreps), *saved_into = g->seg_into, *saved_reps = g->seg_reps;
        int last = into ? i + nreps + 1 : i, saved_nreps = g->seg_nreps;
        g->at = last;
        g->stm = into ? into : s;
        g->moved = (OMap){0};
        for (int k = i; k <= last; k++)
            for (int j = 0; j < b->stms.data[k].pat.len; j++)
                fg_decl(g, b->stms.data[k].pat.data[j]);
        bool host = !g->device && g->lam == 0;
        if (host && g->target->before)
            g->target->before(g, s);
        g->seg_into = into;
        g->seg_reps = s;
        g->seg_nreps = nreps;
        emit_stm(g, &b->stms.data[i + nreps]); /* the segmap, with its replicates */
        g->seg_into = saved_into;
        g->seg_reps = saved_reps;
        g->seg_nreps = saved_nreps;
        for (int k = i; k <= last; k++) {
            const CStm *t = &b->stms.data[k];
            for (int j = 0; j < t->pat.len; j++)
                if (!omap_get(&g->vars, t->pat.data[j].name))
                    fg_bind(g, t->pat.data[j].name, t->pat.data[j].type, default_own(g, t, j));
        }
        if (host && g->target->after)
            g->target->after(g, s);
        for (int k = i; k <= last; k++) {
            const CStm *t = &b->stms.data[k];
            for (int j = 0; j < t->pat.len; j++)
                if (flife_last(life, t->pat.data[j].name) == -1)
                    release_if_owned(g, t->pat.data[j].name);
            for (int d = 0; d < dying[k].len; d++)
                release_if_owned(g, dying[k].data[d]);
        }
        i = last;
    }
    g->at = n;
    g->stm = NULL;
    g->moved = (OMap){0};
    emit_results(g, b, params, np, dests, coop);
    for (int k = 0; k < dying[n].len; k++)
        release_if_owned(g, dying[n].data[k]);
    g->life = saved_life;
    g->stm = saved_stm;
    g->at = saved_at;
    g->moved = saved_moved;
}

void fg_lambda(FGen *g, const CLambda *lam, const char **args, const FDest *dests, bool results_escape) {
    (void)results_escape; /* the memory plan knows (src/memory/plan.c) */
    g->lam++;
    fg_line(g, "{");
    g->indent++;
    for (int i = 0; i < lam->params.len; i++) {
        CParam p = lam->params.data[i];
        fg_bind(g, p.name, p.type, OWN_BORROWED);
        fg_line(g, "%s %s WF_U = %s;", fg_ctype(g, p.type), c_name(p.name), args[i]);
    }
    fg_body(g, lam->body, lam->params.data, lam->params.len, dests);
    g->indent--;
    fg_line(g, "}");
    g->lam--;
}

/* ------------------------------------------------------------------ statements */

static FDest *var_dests(const CParamVec *pat) {
    FDest *d = xmalloc(sizeof *d * (size_t)(pat->len + 1));
    for (int i = 0; i < pat->len; i++)
        d[i] = (FDest){DEST_VAR, c_name(pat->data[i].name)};
    return d;
}

/* The arrays whose last use the if is pass into its branches (memory.h flife_handed): each
 * branch takes them over as its parameters, releasing, moving or updating them in place at its
 * own last use of them, so the if does not release them after it. */
/* Body b of an if run whatever the condition, under path (emit_speculated_if): its results
 * go to fresh variables, returned. */
static const char **speculated_branch(FGen *g, const CStm *s, const CBody *b, const char *path) {
    FDest *dests = xmalloc(sizeof *dests * (size_t)(s->pat.len + 1));
    const char **names = xmalloc(sizeof *names * (size_t)(s->pat.len + 1));
    for (int j = 0; j < s->pat.len; j++) {
        names[j] = fg_fresh(g, "br");
        fg_line(g, "%s %s WF_U = 0;", c_prim(s->pat.data[j].type.prim), names[j]);
        dests[j] = (FDest){DEST_VAR, names[j]};
    }
    const char *outer = g->defer_path;
    g->defer_path = outer ? xsprintf("(%s) & (%s)", outer, path) : path;
    fg_line(g, "{");
    g->indent++;
    fg_body(g, b, NULL, 0, dests);
    g->indent--;
    fg_line(g, "}");
    g->defer_path = outer;
    return names;
}

/* The C of `c ? a : b` (c a bool, a and b of type p) as bit operations: GCC 12 vectorises no
 * select of bools, nor one whose condition is the same in every iteration. */
static const char *bit_select(PrimType p, const char *c, const char *a, const char *b) {
    const char *m = xsprintf("-(uint64_t)%s", c), *nm = xsprintf("((uint64_t)%s - 1)", c);
    switch (p) {
    case PRIM_BOOL: return xsprintf("(%s & %s) | (!%s & %s)", c, a, c, b);
    case PRIM_F64: return xsprintf("wf_bits_f64((wf_f64_bits(%s) & %s) | (wf_f64_bits(%s) & %s))", a, m, b, nm);
    case PRIM_F32:
        return xsprintf("wf_bits_f32((uint32_t)((wf_f32_bits(%s) & %s) | (wf_f32_bits(%s) & %s)))", a, m, b, nm);
    default: return xsprintf("(%s)(((uint64_t)%s & %s) | ((uint64_t)%s & %s))", c_prim(p), a, m, b, nm);
    }
}

/* An if of scalars in a map loop whose index checks are deferred (emit_soac.c): both branches
 * run, each under its condition (the reads of a branch not taken read nothing: emit_array.c
 * deferred_elem), and the condition selects the results, so that the loop has no branch for
 * the C compiler to convert.  The branches do not narrow ranges (range.c fr_branch): an index
 * known good only where its branch is taken is checked. */
static void emit_speculated_if(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *c = fg_atom(g, e->args.data[0]);
    const char **th = speculated_branch(g, s, e->body, c);
    const char **el = speculated_branch(g, s, e->body2, xsprintf("!%s", c));
    for (int j = 0; j < s->pat.len; j++)
        fg_line(g, "%s = %s;", c_name(s->pat.data[j].name), bit_select(s->pat.data[j].type.prim, c, th[j], el[j]));
}

static void emit_if(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (g->defer_oob) {
        emit_speculated_if(g, s);
        return;
    }
    FDest *dests = var_dests(&s->pat);
    const FHanded *h = memory_handed(g->mem, g->life, g->at);
    fg_line(g, "if (%s) {", fg_atom(g, e->args.data[0]));
    g->indent++;
    FBranch narrowed = fr_branch(g, e->args.data[0], true);
    fg_body(g, e->body, h->vars.data, h->vars.len, dests);
    fr_branch_end(g, narrowed);
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    narrowed = fr_branch(g, e->args.data[0], false);
    fg_body(g, e->body2, h->vars.data, h->vars.len, dests);
    fr_branch_end(g, narrowed);
    g->indent--;
    fg_line(g, "}");
    for (int k = 0; k < h->vars.len; k++)
        fg_moved(g, h->vars.data[k].name);
}

/* How many times the ifs and loops of b (and b itself) read var as the array of an index with
 * a scalar result.  Uses elsewhere (SOAC lambdas) are not counted, so they stay disallowed. */
static int scalar_reads(const CBody *b, const char *var) {
    int n = 0;
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *e = s->exp;
        if (e->kind == CE_INDEX && e->args.data[0].kind == CA_VAR && e->args.data[0].var == var &&
            s->pat.data[0].type.rank == 0)
            n++;
        if (e->kind == CE_IF || e->kind == CE_LOOP)
            n += scalar_reads(e->body, var);
        if (e->kind == CE_IF)
            n += scalar_reads(e->body2, var);
    }
    return n;
}

/* Whether array parameter j of for-loop e stays unique from one iteration to the next once it
 * is: a top-level statement of the body updates it in place, the result of that is the body's
 * j-th result, and the parameter and the result are otherwise only read element by element (no
 * view or copy of either can take a reference).  Then it is made unique once, before the loop,
 * and its update needs no check. */
static bool stays_unique(const CExp *e, int j) {
    const CBody *b = e->body;
    const char *p = e->params.data[j].name;
    CAtom r = b->result.data[j];
    if (!e->index || !e->params.data[j].type.rank || r.kind != CA_VAR)
        return false;
    const CStm *upd = NULL;
    for (int i = 0; i < b->stms.len && !upd; i++) {
        const CStm *s = &b->stms.data[i];
        if (s->exp->kind == CE_UPDATE && s->exp->args.data[0].kind == CA_VAR && s->exp->args.data[0].var == p &&
            s->pat.data[0].name == r.var)
            upd = s;
    }
    if (!upd)
        return false;
    OMap uses = {0};
    opt_count_body((CBody *)b, &uses);
    int results = 0;
    for (int k = 0; k < b->result.len; k++)
        results += b->result.data[k].kind == CA_VAR && (b->result.data[k].var == p || b->result.data[k].var == r.var);
    return results == 1 && omap_int(&uses, p) == 1 + scalar_reads(b, p) &&
           omap_int(&uses, r.var) == 1 + scalar_reads(b, r.var);
}

/* Whether body b runs block segops (cuda/block.c), at its level or in its loops and ifs. */
bool fg_body_has_block(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        if (e->kind == CE_SEGOP && e->level == SEG_BLOCK)
            return true;
        if ((e->kind == CE_LOOP || e->kind == CE_IF) && fg_body_has_block(e->body))
            return true;
        if (e->kind == CE_IF && fg_body_has_block(e->body2))
            return true;
    }
    return false;
}

static void emit_loop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    int np = e->params.len;
    fg_line(g, "{");
    g->indent++;
    for (int i = 0; i < np; i++) {
        CParam p = e->params.data[i];
        CAtom init = e->args.data[i];
        bool move = p.type.rank && fg_may_move(g, init) && fg_var(g, init.var)->own == OWN_OWNED;
        fg_line(g, "%s %s WF_U = %s;", fg_ctype(g, p.type), c_name(p.name), fg_atom(g, init));
        if (move)
            fg_moved(g, init.var);
        else if (p.type.rank)
            fg_line(g, "wf_ref(%s.m);", c_name(p.name));
        fg_bind(g, p.name, p.type, OWN_OWNED);
    }
    /* A parameter that stays unique is made unique before the loop (when it runs), so that its
     * in-place update needs no check and the loop no copy (emit_array.c fa_take_unique). */
    bool *unique = xmalloc(sizeof *unique * (size_t)(np + 1));
    for (int i = 0; i < np; i++) {
        unique[i] = stays_unique(e, i);
        if (!unique[i])
            continue;
        CParam p = e->params.data[i];
        fg_line(g, "if (%s > 0 && !wf_blk_unique(%s.m)) {", fg_atom(g, e->bound), c_name(p.name));
        g->indent++;
        fa_copy_fresh_rare(g, c_name(p.name), NULL, p.type, true, c_loc(e->loc));
        g->indent--;
        fg_line(g, "}");
    }
    /* A bin's points meet at the barriers of the loop's block segops: it runs to the bin's
     * largest count, its body masked where the point's own count is passed (src/flatten/
     * bins.c), so the index says nothing of the count there. */
    bool to_bin_max = e->index && g->bins && fg_body_has_block(e->body);
    if (to_bin_max) {
        fg_bind(g, e->index, ctype_prim(PRIM_I64), OWN_BORROWED);
        const char *iv = c_name(e->index), *m = fg_fresh(g, "binmax");
        fg_line(g, "int64_t %s = wfb_bin_max(ctx, %s);", m, fg_atom(g, e->bound));
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", iv, iv, m, iv);
    } else if (e->index) {
        fg_bind(g, e->index, ctype_prim(PRIM_I64), OWN_BORROWED);
        const char *iv = c_name(e->index);
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", iv, iv, fg_atom(g, e->bound), iv);
        fr_index(g, e->index, e->bound);
        fr_enter(g, e->bound);
    } else {
        fg_line(g, "while (%s) {", c_name(e->cond));
    }
    g->indent++;
    g->iter++;
    FDest *dests = xmalloc(sizeof *dests * (size_t)(np + 1));
    for (int i = 0; i < np; i++) {
        CParam p = e->params.data[i];
        dests[i] = (FDest){DEST_VAR, fg_fresh(g, "nx")};
        fg_decl_c(g, dests[i].name, p.type);
    }
    for (int i = 0; i < np; i++)
        if (unique[i])
            omap_put(&g->unique_params, e->params.data[i].name, (void *)1);
    fg_line(g, "{");
    g->indent++;
    fg_body(g, e->body, e->params.data, np, dests);
    g->indent--;
    fg_line(g, "}");
    for (int i = 0; i < np; i++) {
        omap_put(&g->unique_params, e->params.data[i].name, NULL);
        fg_line(g, "%s = %s;", c_name(e->params.data[i].name), dests[i].name);
    }
    if (e->index && !to_bin_max)
        fr_leave(g);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    for (int i = 0; i < s->pat.len; i++)
        fg_line(g, "%s = %s;", c_name(s->pat.data[i].name), c_name(e->params.data[i].name));
    g->indent--;
    fg_line(g, "}");
}

/* The C name of the function f of a recursive definition. */
static const char *fun_cname(const char *f) { return xsprintf("fn_%s", f); }

/* A call of a function: fn(ctx, depth, arguments, &results); array arguments are lent (but for
 * unique parameters, `*[]t`: given a reference, moved at the argument's last use, so that the
 * callee can update them in place), array results come back owned.  Inside a function the call first checks the depth (rts/flat.h
 * wf_too_deep: the thread's stack, or on the device the depth itself), so that unbounded
 * recursion fails with the call's location instead of overflowing the stack. */
static void emit_call(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    StrBuf args = {0};
    sb_printf(&args, "ctx, %s", g->in_fun ? "wf_deeper(depth_)" : "1");
    const CFun *f = NULL;
    for (int i = 0; i < g->prog->funs.len; i++)
        if (g->prog->funs.data[i]->name == e->fname)
            f = g->prog->funs.data[i];
    for (int i = 0; i < e->args.len; i++) {
        CAtom a = e->args.data[i];
        sb_printf(&args, ", %s", fg_atom(g, a));
        if (!f->params.data[i].type.unique || a.kind != CA_VAR)
            continue;
        if (fg_may_move(g, a) && fg_var(g, a.var)->own == OWN_OWNED) /* a unique parameter: given a reference */
            fg_moved(g, a.var);
        else
            fg_line(g, "wf_ref(%s.m);", fg_atom(g, a));
    }
    for (int j = 0; j < s->pat.len; j++)
        sb_printf(&args, ", &%s", c_name(s->pat.data[j].name));
    if (g->in_fun)
        fg_fail(g, "wf_too_deep(depth_)",
                xsprintf("wf_error(ctx, %s, \"recursion too deep: the stack is exhausted\")", c_loc(e->loc)));
    fg_line(g, "{");
    fg_line(g, "    int rc_ = %s(%s);", fun_cname(e->fname), args.data);
    fg_line(g, "    if (rc_) WF_FAIL(rc_);");
    fg_line(g, "}");
}

static void emit_stm(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    const char *x = s->pat.len ? c_name(s->pat.data[0].name) : NULL;
    switch (e->kind) {
    case CE_ATOM:
        fg_line(g, "%s = %s;", x, fg_atom(g, e->args.data[0]));
        fr_op(g, s);
        return;
    case CE_OP: {
        const char *ops[3], *fails_if;
        for (int i = 0; i < e->args.len && i < 3; i++)
            ops[i] = fg_atom(g, e->args.data[i]);
        const char *ex = c_op_expr(e, ops, &fails_if);
        if (g->defer_oob && e->op == COP_EXP && e->prim == PRIM_F64) /* a loop that vectorises */
            ex = xsprintf("wf_exp64_vec(%s)", ops[0]);
        if (fails_if)
            fg_fail(g, fails_if, xsprintf("wf_error(ctx, %s, \"%s\")", loc, scalar_fail_message(e->op)));
        fg_line(g, "%s = (%s)%s;", x, c_prim(s->pat.data[0].type.prim), ex);
        fr_op(g, s);
        return;
    }
    case CE_IF: emit_if(g, s); return;
    case CE_LOOP: emit_loop(g, s); return;
    case CE_ASSERT:
    {
        StrBuf vals = {0};
        int *order = xmalloc(sizeof *order * (size_t)(4 * e->args.len + 8));
        const char *text = cassert_text(e->msg ? e->msg : "assertion failed", NULL, e->args.len - 1, true, order);
        for (const char *c = text; (c = strstr(c, "%lld")); c += 4)
            sb_printf(&vals, ", (long long)%s", fg_atom(g, e->args.data[1 + *order++]));
        fg_fail(g, xsprintf("!%s", fg_atom(g, e->args.data[0])),
                xsprintf("wf_error(ctx, %s, %s%s)", loc, c_string(text), vals.len ? vals.data : ""));
        return;
    }
    case CE_SIZE: fg_line(g, "%s = %s.n[%d];", x, fg_atom(g, e->args.data[0]), e->dim); return;
    case CE_THRESHOLD: /* incremental flattening: this version, or the other? */
        fg_line(g, "%s = wf_cmp_le(ctx, %d, %s); /* %s */", x, e->dim, fg_atom(g, e->args.data[0]), e->msg);
        return;
    case CE_TUNING: /* a #[param(NAME)]: set by the run, and its value */
        if (g->device)
            error_at(e->loc, "#[param(%s)] read in GPU code: not supported (the internaliser reads tuning "
                             "parameters at the top of entry points, on the host)", e->msg);
        fg_line(g, "%s = wf_param_is_set(ctx, %d); /* %s */", x, e->dim, e->msg);
        fg_line(g, "%s = wf_param(ctx, %d);", c_name(s->pat.data[1].name), e->dim);
        return;
    case CE_APPLY: emit_call(g, s); return;
    case CE_SCREMA:
    case CE_SCATTER:
    case CE_HIST:
    case CE_FILTER:
    case CE_SEGOP:
        if (g->target->runs && g->target->runs(g, s))
            g->target->run(g, s);
        else
            fu_soac(g, s);
        return;
    default: fa_exp(g, s); return;
    }
}

/* ------------------------------------------------------------------ functions */

/* Emit fn's code into the returned buffer with the current slot scope's declarations before it
 * and the slots' release after it (the caller puts it in place). */
void fg_slot_scope(FGen *g, void (*fn)(FGen *, void *), void *arg) {
    StrBuf *saved_out = g->out, body = {0};
    FSlots *saved_slots = g->slots, slots = {0};
    g->out = &body;
    g->slots = &slots;
    fn(g, arg);
    g->out = saved_out;
    g->slots = saved_slots;
    for (int i = 0; i < slots.names.len; i++)
        fg_line(g, g->device ? "wf_slot %s = {{NULL, NULL}};" : "wf_slot %s = {{NULL, NULL}, 0};",
                slots.names.data[i]);
    sb_puts(g->out, body.data ? body.data : "");
    for (int i = 0; i < slots.names.len; i++)
        fg_line(g, "wf_slot_free(ctx, &%s);", slots.names.data[i]);
}

/* Size parameters of an entry point from the shapes of its inputs (equal where several agree). */
static void bind_sizes(FGen *g, const CFun *f) {
    for (int s = 0; s < f->sizes.len; s++) {
        const char *sz = f->sizes.data[s];
        bool bound = false;
        for (int i = 0; i < f->params.len; i++) {
            CParam p = f->params.data[i];
            for (int k = 0; k < p.type.rank; k++) {
                CDim d = p.type.dims[k];
                if (d.kind != CDIM_VAR || d.var != sz)
                    continue;
                const char *ext = xsprintf("%s.n[%d]", c_name(p.name), k);
                if (!bound) {
                    fg_line(g, "int64_t %s WF_U = %s;", c_name(sz), ext);
                    fg_bind(g, sz, ctype_prim(PRIM_I64), OWN_BORROWED);
                    bound = true;
                } else {
                    fg_line(g, "if (%s != %s) return wf_error(ctx, NULL, \"size mismatch: size %s is %%lld here, "
                               "but %%lld elsewhere%s\", (long long)%s, (long long)%s);",
                            c_name(sz), ext, sz, ENTRY_SIZES_NOTE, ext, c_name(sz));
                }
            }
        }
        if (!bound) {
            fg_line(g, "int64_t %s WF_U = 0;", c_name(sz));
            fg_bind(g, sz, ctype_prim(PRIM_I64), OWN_BORROWED);
        }
    }
}

static void entry_params(FGen *g, const CFun *f) {
    for (int i = 0; i < f->params.len; i++) {
        CParam p = f->params.data[i];
        fg_bind(g, p.name, p.type, OWN_BORROWED);
        if (p.type.rank == 0) {
            fg_line(g, "%s %s WF_U = *(const %s *)args[%d].data;", c_prim(p.type.prim), c_name(p.name),
                    c_prim(p.type.prim), i);
            continue;
        }
        const char *v = c_name(p.name);
        fg_line(g, "%s %s WF_U = {0};", fg_ctype(g, p.type), v);
        fg_line(g, "%s.p = args[%d].data;", v, i);
        for (int k = 0; k < p.type.rank; k++)
            fg_line(g, "%s.n[%d] = args[%d].shape[%d];", v, k, i, k);
        fg_dense_strides(g, v, p.type.rank);
        /* A block of its own: on a mirrored target so that it can have a device copy; for a
         * unique parameter (*[]t), which the entry consumes as Futhark's do, so that updates
         * write the harness's fresh copy in place (external: the harness frees it). */
        if (g->target->mirrored || p.type.unique) {
            fg_line(g, "%s.m = wf_blk_wrap(ctx, %s.p, wf_bytes(wf_count(%d, %s.n), %d), NULL);", v, v, p.type.rank, v,
                    c_esz(p.type.prim));
            fg_line(g, "if (!%s.m) WF_FAIL(1);", v);
            fg_bind(g, p.name, p.type, OWN_OWNED);
        }
    }
}

/* f's body, its results into res_0, res_1, ... (declared here); params: the parameters bound at
 * its start, which it may own (released at their last use). */
static void body_to_results(FGen *g, const CFun *f, const CParam *params, int np) {
    FDest *dests = xmalloc(sizeof *dests * (size_t)(f->ret.len + 1));
    for (int i = 0; i < f->ret.len; i++) {
        dests[i] = (FDest){DEST_VAR, xsprintf("res_%d", i)};
        fg_decl_c(g, dests[i].name, f->ret.data[i]);
    }
    fg_line(g, "{");
    g->indent++;
    fg_body(g, f->body, params, np, dests);
    g->indent--;
    fg_line(g, "}");
}

static void entry_body(FGen *g, void *arg) {
    const CFun *f = arg;
    entry_params(g, f);
    bind_sizes(g, f);
    /* the unique array parameters are the body's to consume (their blocks, entry_params) */
    CParam *consumed = xmalloc(sizeof *consumed * (size_t)(f->params.len + 1));
    int nc = 0;
    for (int i = 0; i < f->params.len; i++)
        if (f->params.data[i].type.unique && f->params.data[i].type.rank)
            consumed[nc++] = f->params.data[i];
    body_to_results(g, f, consumed, nc);
    for (int i = 0; i < f->ret.len; i++) {
        CType t = f->ret.data[i];
        if (t.rank) {
            fg_line(g, "if (%s(ctx, &results[%d], %d, %d, res_%d.p, res_%d.m, res_%d.n, res_%d.s)) WF_FAIL(1);",
                    g->target->result_fn, i, (int)t.prim, t.rank, i, i, i, i);
        } else {
            fg_line(g, "if (wf_value_alloc(ctx, &results[%d], %d, 0, NULL, NULL)) WF_FAIL(1);", i, (int)t.prim);
            fg_line(g, "*(%s *)results[%d].data = res_%d;", c_prim(t.prim), i, i);
        }
    }
}

/* The generator's state for a new function f: nothing bound, f's memory plan. */
static void begin_function(FGen *g, const CFun *f) {
    g->vars = (OMap){0};
    g->layouts = (OMap){0};
    g->lazy_iotas = (OMap){0};
    g->hints = (OMap){0};
    g->hint_ranks = (OMap){0};
    g->escapes = (OMap){0};
    fr_reset(g);
    g->fun = f->name;
    g->mem = memory_fun(g->plan, f, &g->layouts, &g->lazy_iotas, &g->escapes);
}

static void emit_entry(FGen *g, const CFun *f, int no) {
    begin_function(g, f);
    fg_line(g, "static int entry_%d_body(wf_ctx *ctx, const wf_value *args, wf_value *results) {", no);
    g->indent++;
    fg_line(g, "(void)args;");
    fg_slot_scope(g, entry_body, (void *)f);
    fg_line(g, "return 0;");
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "static int entry_%d(wf_ctx *ctx, const wf_value *args, wf_value *results) {", no);
    fg_line(g, "    int rc = entry_%d_body(ctx, args, results);", no);
    fg_line(g, "    wf_blk_free_all(ctx); /* nothing when it succeeded; what it held when it failed */");
    fg_line(g, "    return rc;");
    fg_line(g, "}");
    fg_line(g, "%s", "");
}

/* ---- functions of recursive definitions ---- */

/* fn_NAME's signature: the context, the call depth, the parameters, pointers to the results. */
static const char *fun_signature(FGen *g, const CFun *f) {
    StrBuf sb = {0};
    sb_printf(&sb, "%sstatic int %s(%s *ctx, int64_t depth_", g->device ? "__device__ " : "", fun_cname(f->name),
              g->device ? "wfd_ctx" : "wf_ctx");
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, ", %s %s", fg_ctype(g, f->params.data[i].type), c_name(f->params.data[i].name));
    for (int i = 0; i < f->ret.len; i++)
        sb_printf(&sb, ", %s *out_%d", fg_ctype(g, f->ret.data[i]), i);
    sb_puts(&sb, ")");
    return sb.data;
}

static void fun_body(FGen *g, void *arg) {
    const CFun *f = arg;
    for (int i = 0; i < f->params.len; i++)
        fg_bind(g, f->params.data[i].name, f->params.data[i].type,
                f->params.data[i].type.unique ? OWN_OWNED : OWN_BORROWED);
    bind_sizes(g, f);
    body_to_results(g, f, f->params.data, f->params.len);
    for (int i = 0; i < f->ret.len; i++)
        fg_line(g, "*out_%d = res_%d;", i, i);
}

/* A function of a recursive definition, for the host or (g->device) for kernels: its body runs
 * sequentially where it is called (its SOACs as loops: lam > 0), its blocks shared on a target
 * with parallel regions (par 0: a region's threads may hold them).  A lifted function (CFun.host,
 * lift.c) is called from host code only: its flattened body's segops run as an entry's do, and
 * it has no device version. */
static void emit_function(FGen *g, const CFun *f) {
    begin_function(g, f);
    int saved_lam = g->lam, saved_iter = g->iter, saved_par = g->par;
    g->lam = f->host ? 0 : 1; /* a lifted function (lift.c) runs on the host: its segops in parallel */
    g->iter = 0;
    g->par = 0;
    g->in_fun = true;
    fg_line(g, "%s {", fun_signature(g, f));
    g->indent++;
    fg_line(g, "(void)depth_;");
    fg_slot_scope(g, fun_body, (void *)f);
    fg_line(g, "return 0;");
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "%s", "");
    g->in_fun = false;
    g->lam = saved_lam;
    g->iter = saved_iter;
    g->par = saved_par;
}

/* Every function of a recursive definition, prototypes first (they may call each other): into
 * the host code, and for a target with kernels into the device code as well. */
static void emit_functions(FGen *g, const CProg *p) {
    bool any = false;
    for (int i = 0; i < p->funs.len; i++)
        any |= !p->funs.data[i]->is_entry;
    if (g->kernels) /* the device threads' stack (rts/cuda_rt.h) */
        fg_line(g, "static bool wfk_has_recursion(void) { return %s; }", any ? "true" : "false");
    for (int pass = 0; pass < (g->kernels ? 2 : 1); pass++) {
        StrBuf *saved_out = g->out;
        g->device = pass == 1;
        if (g->device)
            g->out = g->kernels;
        for (int i = 0; i < p->funs.len; i++)
            if (!p->funs.data[i]->is_entry && !(g->device && p->funs.data[i]->host))
                fg_line(g, "%s;", fun_signature(g, p->funs.data[i]));
        for (int i = 0; i < p->funs.len; i++)
            if (!p->funs.data[i]->is_entry && !(g->device && p->funs.data[i]->host))
                emit_function(g, p->funs.data[i]);
        g->out = saved_out;
        g->device = false;
    }
}

/* The harness's types of an entry's parameters or results: the source's (ext, from the
 * represent pass: a jagged value is several core parameters), else one per core type. */
static int type_list(FGen *g, const char *name, const CExternVec *ext, int n, const CType *ts) {
    StrBuf sb = {0};
    int count = ext->len ? ext->len : n;
    for (int i = 0; i < count; i++) {
        CType t = ext->len ? ext->data[i].type : ts[i];
        int levels = ext->len ? ext->data[i].levels : 0;
        sb_printf(&sb, "%s{%d, %d, %s, %d}", i ? ", " : "", (int)t.prim, t.rank, t.unique ? "true" : "false", levels);
    }
    if (count == 0)
        sb_puts(&sb, "{0, 0, false, 0}");
    fg_line(g, "static const wf_type %s[] = {%s};", name, sb.data);
    return count;
}

int fg_target_param(FGen *g, const char *name, int64_t dflt) {
    for (int i = 0; i < g->target_params.len; i++)
        if (!strcmp(g->target_params.data[i].name, name))
            return g->prog->thresholds.len + i;
    vec_push(&g->target_params, ((CThreshold){name, dflt, false}));
    return g->prog->thresholds.len + g->target_params.len - 1;
}

const char *fg_param_table(FGen *g) {
    const CProg *p = g->prog;
    int n = p->thresholds.len + g->target_params.len;
    if (!n)
        return "NULL, 0";
    fg_line(g, "static const wf_param_decl params[] = {");
    for (int i = 0; i < n; i++) {
        const CThreshold *t = i < p->thresholds.len ? &p->thresholds.data[i] : &g->target_params.data[i - p->thresholds.len];
        fg_line(g, "    {%s, %lld, %s},", c_string(t->name), (long long)t->dflt, t->user ? "true" : "false");
    }
    fg_line(g, "};");
    return xsprintf("params, %d", n);
}

char *fgen_program(const CProg *p, const MemPlan *plan, const Target *t, bool no_tiling, char **kernels) {
    StrBuf out = {0}, types = {0}, kern = {0};
    FGen g = {0};
    g.out = &out;
    g.types = &types;
    g.target = t;
    g.plan = plan;
    if (t->kernels) {
        sb_puts(&kern, "/* ---- the program's kernels ---- */\n");
        g.kernels = &kern;
    }
    g.prog = p;
    g.no_tiling = no_tiling;
    fg_line(&g, "/* ---- the program ---- */");
    /* -DWF_VECTORISE_CHEAP in --cc: the program's code (not the runtime above) under gcc's
     * very-cheap vectoriser cost model, which leaves loops of unknown trip count scalar instead
     * of vectorising them behind run-time checks and epilogues.  That pays when SOAC loops run a
     * handful of times (OptionPricing's maps over 1-3 underlyings: 8-10 % faster) and loses
     * when they are long (a dot product of 16384 elements about 10 % slower, LocVolCalib 3 %,
     * and any map over a big array of compute stays scalar), so it is not the default. */
    fg_line(&g, "#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && defined(WF_VECTORISE_CHEAP)");
    fg_line(&g, "#pragma GCC optimize(\"vect-cost-model=very-cheap\")");
    fg_line(&g, "#endif");
    int ne = 0;
    StrBuf ents = {0};
    emit_functions(&g, p);
    for (int i = 0; i < p->funs.len; i++) {
        const CFun *f = p->funs.data[i];
        if (!f->is_entry)
            continue;
        emit_entry(&g, f, ne);
        CType *pts = xmalloc(sizeof *pts * (size_t)(f->params.len + 1));
        for (int j = 0; j < f->params.len; j++)
            pts[j] = f->params.data[j].type;
        int np = type_list(&g, xsprintf("entry_%d_params", ne), &f->ext_params, f->params.len, pts);
        int nr = type_list(&g, xsprintf("entry_%d_results", ne), &f->ext_ret, f->ret.len, f->ret.data);
        sb_printf(&ents, "%s{%s, %d, entry_%d_params, %d, entry_%d_results, entry_%d}", ne ? ",\n    " : "",
                  c_string(f->name), np, ne, nr, ne, ne);
        ne++;
    }
    if (ne == 0)
        sb_puts(&ents, "{NULL, 0, NULL, 0, NULL, NULL}");
    fg_line(&g, "static const wf_entry entries[] = {\n    %s\n};", ents.data);
    fg_line(&g, "static const wf_program program = {entries, %d, %s, %s};", ne, fg_param_table(&g), t->hooks);
    fg_line(&g, "int main(int argc, char **argv) { return %s(argc, argv, &program); }", t->main_fn ? t->main_fn : "wf_main");
    StrBuf all = {0};
    sb_puts(&all, "/* ---- view types ---- */\n");
    sb_puts(&all, types.data ? types.data : "");
    if (t->kernels) { /* the kernels use the host's view types: at the top of both files */
        StrBuf k = {0};
        sb_puts(&k, all.data);
        sb_puts(&k, kern.data);
        *kernels = k.data;
    }
    sb_puts(&all, out.data);
    return all.data;
}
