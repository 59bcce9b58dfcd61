/* cgen_soac.c — SOACs of the core IR as sequential C loops (the sequential C backend).
 *
 *   screma w xs scan.. reduce.. map f   one loop: f, then each scan operator (storing its running
 *                                       value), each reduce operator, then the map results
 *   scatter / hist                      the destinations are made unique (moved or copied), then
 *                                       written element by element; out-of-range indices skipped
 *   filter / partition                  outputs allocated with w elements, shrunk to the count
 * Lambdas are inlined (cg_lambda); their parameters reference the elements of the inputs.
 */
#include <string.h>

#include "cgen.h"

/* out[i] = v, where v is a borrowed C expression of type t (arrays take a reference). */
static void store(CGen *g, const char *out, CType t, const char *i, const char *v) {
    if (t.rank)
        cg_line(g, "WFA_ROW(%s, %s) = wfa_ref(%s);", out, i, v);
    else
        cg_line(g, "WFA_AT(%s, %s, %s) = %s;", cg_prim(t.prim), out, i, v);
}

static void alloc_out(CGen *g, const CParam *p, const char *w, const char *loc) {
    StrBuf dims = {0};
    cg_inner_dims(g, p->type, &dims);
    cg_line(g, "if (!(%s = wfa_new(ctx, %d, %d, %s, %s, %s))) return 1;", cg_name(p->name), p->type.rank,
            cg_esz(p->type.prim), w, dims.data, loc);
}

static const char **decl_tmps(CGen *g, const CTypeVec *ts, const char *base) {
    const char **names = xmalloc(sizeof *names * (size_t)(ts->len + 1));
    for (int i = 0; i < ts->len; i++) {
        names[i] = cg_fresh(g, base);
        cg_line(g, "%s %s WF_U = %s;", cg_ctype(ts->data[i]), names[i], ts->data[i].rank ? "NULL" : "0");
    }
    return names;
}

static void unref_tmps(CGen *g, const CTypeVec *ts, const char **names) {
    for (int i = 0; i < ts->len; i++)
        if (ts->data[i].rank)
            cg_line(g, "wfa_unref(ctx, %s);", names[i]);
}

/* The borrowed elements at index i of the SOAC's input arrays. */
static const char **input_elems(CGen *g, const CAtomVec *arrays, const char *i) {
    const char **args = xmalloc(sizeof *args * (size_t)(arrays->len + 1));
    for (int k = 0; k < arrays->len; k++)
        args[k] = cg_elem(g, cg_atom(g, arrays->data[k]), ctype_elem(cg_atom_type(g, arrays->data[k])), i);
    return args;
}

/* acc = op(acc, xs): accs are owned variables; xs borrowed expressions. */
static void apply_op(CGen *g, const COperator *op, const char **accs, const char **xs) {
    int k = op->nes.len;
    const char **args = xmalloc(sizeof *args * (size_t)(2 * k + 1));
    for (int j = 0; j < k; j++) {
        args[j] = accs[j];
        args[k + j] = xs[j];
    }
    cg_line(g, "{");
    g->indent++;
    const char **nx = decl_tmps(g, &op->lam->ret, "acc");
    cg_lambda(g, op->lam, args, nx);
    for (int j = 0; j < k; j++) {
        if (op->lam->ret.data[j].rank)
            cg_line(g, "wfa_unref(ctx, %s);", accs[j]);
        cg_line(g, "%s = %s;", accs[j], nx[j]);
    }
    g->indent--;
    cg_line(g, "}");
}

static void emit_screma(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const CLambda *f = e->lam;
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    cg_line(g, "int64_t %s = %s;", w, cg_atom(g, e->args.data[0]));
    /* accumulators, in the order of the operators */
    int nacc = 0;
    for (int j = 0; j < e->scans.len; j++)
        nacc += e->scans.data[j].nes.len;
    int nscan = nacc;
    for (int j = 0; j < e->reds.len; j++)
        nacc += e->reds.data[j].nes.len;
    const char **accs = xmalloc(sizeof *accs * (size_t)(nacc + 1));
    int a = 0;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &e->reds : &e->scans;
        for (int j = 0; j < ops->len; j++)
            for (int l = 0; l < ops->data[j].nes.len; l++, a++) {
                accs[a] = cg_fresh(g, "acc");
                CType t = ops->data[j].lam->params.data[l].type;
                cg_decl_init(g, t, accs[a], cg_atom(g, ops->data[j].nes.data[l]));
            }
    }
    /* outputs: scan arrays, then map arrays */
    for (int k = 0; k < s->pat.len; k++)
        if (k < nscan || k >= nacc)
            alloc_out(g, &s->pat.data[k], w, loc);
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    const char **r = decl_tmps(g, &f->ret, "r");
    cg_lambda(g, f, input_elems(g, &e->arrays, i), r);
    a = 0;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &e->reds : &e->scans;
        for (int j = 0; j < ops->len; j++) {
            int k = ops->data[j].nes.len;
            apply_op(g, &ops->data[j], accs + a, r + a);
            if (!pass)
                for (int l = 0; l < k; l++)
                    store(g, cg_name(s->pat.data[a + l].name), ctype_elem(s->pat.data[a + l].type), i, accs[a + l]);
            a += k;
        }
    }
    for (int k = nacc; k < s->pat.len; k++)
        store(g, cg_name(s->pat.data[k].name), ctype_elem(s->pat.data[k].type), i, r[k]);
    unref_tmps(g, &f->ret, r);
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    for (int k = 0; k < s->pat.len; k++) {
        if (k < nscan || k >= nacc) {
            if (s->pat.data[k].type.rank > 1)
                cg_line(g, "wfa_fix_shape(%s);", cg_name(s->pat.data[k].name));
        } else {
            cg_line(g, "%s = %s;", cg_name(s->pat.data[k].name), accs[k]);
        }
    }
    for (int k = 0; k < nscan; k++)
        if (s->pat.data[k].type.rank > 1)
            cg_line(g, "wfa_unref(ctx, %s);", accs[k]);
    g->indent--;
    cg_line(g, "}");
}

static void emit_scatter(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const CLambda *f = e->lam;
    int nd = e->dests.len, r = f->ret.len - nd;
    for (int d = 0; d < nd; d++)
        cg_take_unique(g, cg_name(s->pat.data[d].name), e->dests.data[d], loc);
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    cg_line(g, "int64_t %s = %s;", w, cg_atom(g, e->args.data[0]));
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    const char **res = decl_tmps(g, &f->ret, "r");
    cg_lambda(g, f, input_elems(g, &e->arrays, i), res);
    StrBuf ix = {0};
    for (int k = 0; k < r; k++)
        sb_printf(&ix, "%s%s", k ? ", " : "", res[k]);
    cg_line(g, "int64_t ix_[] = {%s};", ix.data);
    for (int d = 0; d < nd; d++) {
        const char *x = cg_name(s->pat.data[d].name);
        CType vt = f->ret.data[r + d];
        cg_line(g, "if (wfa_inb(%s, %d, ix_)) {", x, r);
        g->indent++;
        cg_line(g, "void *p_ = wfa_elem_w(ctx, &%s, %d, ix_, %s);", x, r, loc);
        cg_line(g, "if (!p_) return 1;");
        if (vt.rank) {
            cg_line(g, "wfa *old_ = *(wfa **)p_;");
            cg_line(g, "*(wfa **)p_ = wfa_ref(%s);", res[r + d]);
            cg_line(g, "wfa_unref(ctx, old_);");
        } else {
            cg_line(g, "*(%s *)p_ = %s;", cg_prim(vt.prim), res[r + d]);
        }
        g->indent--;
        cg_line(g, "}");
    }
    unref_tmps(g, &f->ret, res);
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    g->indent--;
    cg_line(g, "}");
}

static void emit_hist(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const CLambda *f = e->lam;
    const COperator *op = &e->reds.data[0];
    int nd = e->dests.len;
    for (int d = 0; d < nd; d++)
        cg_take_unique(g, cg_name(s->pat.data[d].name), e->dests.data[d], loc);
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    cg_line(g, "int64_t %s = %s;", w, cg_atom(g, e->args.data[0]));
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    const char **res = decl_tmps(g, &f->ret, "r");
    cg_lambda(g, f, input_elems(g, &e->arrays, i), res);
    const char *x0 = cg_name(s->pat.data[0].name);
    cg_line(g, "if (%s >= 0 && %s < %s->shape[0]) {", res[0], res[0], x0);
    g->indent++;
    const char **accs = xmalloc(sizeof *accs * (size_t)(nd + 1));
    for (int d = 0; d < nd; d++) {
        CType et = ctype_elem(s->pat.data[d].type);
        accs[d] = cg_fresh(g, "acc");
        cg_decl_init(g, et, accs[d], cg_elem(g, cg_name(s->pat.data[d].name), et, res[0]));
    }
    apply_op(g, op, accs, res + 1);
    for (int d = 0; d < nd; d++) {
        CType et = ctype_elem(s->pat.data[d].type);
        const char *x = cg_name(s->pat.data[d].name);
        if (et.rank) {
            cg_line(g, "wfa_unref(ctx, WFA_ROW(%s, %s));", x, res[0]);
            cg_line(g, "WFA_ROW(%s, %s) = %s;", x, res[0], accs[d]);
        } else {
            cg_line(g, "WFA_AT(%s, %s, %s) = %s;", cg_prim(et.prim), x, res[0], accs[d]);
        }
    }
    g->indent--;
    cg_line(g, "}");
    unref_tmps(g, &f->ret, res);
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    g->indent--;
    cg_line(g, "}");
}

static void emit_filter(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    int n = e->arrays.len;
    cg_line(g, "{");
    g->indent++;
    const char *w = cg_fresh(g, "w");
    const char *i = cg_fresh(g, "i");
    const char *c1 = cg_fresh(g, "c"), *c2 = cg_fresh(g, "c");
    cg_line(g, "int64_t %s = %s, %s WF_U = 0, %s WF_U = 0;", w, cg_atom(g, e->args.data[0]), c1, c2);
    for (int k = 0; k < s->pat.len; k++) {
        const char *in = cg_atom(g, e->arrays.data[k % n]);
        cg_line(g, "if (!(%s = wfa_new(ctx, %s->rank, %s->esz, %s, %s->shape + 1, %s))) return 1;",
                cg_name(s->pat.data[k].name), in, in, w, in, loc);
    }
    cg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->depth++;
    cg_line(g, "bool keep_ = false;");
    const char *dest = "keep_";
    const char **elems = input_elems(g, &e->arrays, i);
    cg_lambda(g, e->lam, elems, &dest);
    cg_line(g, "if (keep_) {");
    for (int k = 0; k < n; k++) {
        g->indent++;
        store(g, cg_name(s->pat.data[k].name), ctype_elem(cg_atom_type(g, e->arrays.data[k])), c1, elems[k]);
        g->indent--;
    }
    cg_line(g, "    %s++;", c1);
    if (e->partition) {
        cg_line(g, "} else {");
        for (int k = 0; k < n; k++) {
            g->indent++;
            store(g, cg_name(s->pat.data[n + k].name), ctype_elem(cg_atom_type(g, e->arrays.data[k])), c2, elems[k]);
            g->indent--;
        }
        cg_line(g, "    %s++;", c2);
    }
    cg_line(g, "}");
    g->depth--;
    g->indent--;
    cg_line(g, "}");
    for (int k = 0; k < s->pat.len; k++) {
        const char *x = cg_name(s->pat.data[k].name);
        cg_line(g, "%s->shape[0] = %s;", x, k < n ? c1 : c2);
        if (s->pat.data[k].type.rank > 1)
            cg_line(g, "wfa_fix_shape(%s);", x);
    }
    g->indent--;
    cg_line(g, "}");
}

void cg_soac(CGen *g, const CStm *s) {
    const char *loc = cg_loc(s->exp->loc);
    switch (s->exp->kind) {
    case CE_SCREMA: emit_screma(g, s, loc); return;
    case CE_SCATTER: emit_scatter(g, s, loc); return;
    case CE_HIST: emit_hist(g, s, loc); return;
    case CE_FILTER: emit_filter(g, s, loc); return;
    default: die("cg_soac: kind %d", (int)s->exp->kind);
    }
}
