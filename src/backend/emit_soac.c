/* emit_soac.c — SOACs and segops as sequential loops (the multicore target's threads run
 * these too, inside their chunk of a segop: multicore/regions.c).
 *
 *   screma w xs scan.. reduce.. map f   one loop: f writes its map results straight into the
 *                                       outputs' rows (or its values are copied there), then each
 *                                       scan operator updates its accumulator and stores it,
 *                                       each reduce operator updates its accumulator
 *   scatter / hist                      the destinations are taken unique (moved or copied), then
 *                                       written element by element; out-of-range indices skipped
 *   filter / partition                  outputs allocated with w elements, shortened to the count;
 *                                       rows of scalars written without a branch on the predicate
 *
 * Lambdas are inlined; array parameters are views of the inputs' rows, scalar ones their
 * elements, and an input that is an unbuilt iota gives the loop index.
 */
#include "emit.h"

/* The loop over index i < w (width: the atom w was set from); a block binding i = 0 where
 * the width is known to be 1 (unitver.c). */
void fs_loop_begin(FGen *g, CAtom width, const char *i, const char *w) {
    if (g->unit && width.kind == CA_VAR && omap_has(g->unit, width.var))
        fg_line(g, "{ const int64_t %s = 0; (void)%s; /* the width is 1 */", i, w);
    else
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
}

const char *fs_input_elem(FGen *g, CAtom a, const char *i) {
    if (omap_has(&g->lazy_iotas, a.var))
        return i;
    FVar *v = fg_var(g, a.var);
    const char *av = fg_atom(g, a);
    if (v->type.rank == 1)
        return fg_elem(g, av, a.var, &i, 1);
    StrBuf ns = {0}, ss = {0};
    sb_puts(&ns, "");
    sb_puts(&ss, "");
    for (int k = 1; k < v->type.rank; k++) {
        sb_printf(&ns, "%s%s.n[%d]", k > 1 ? ", " : "", av, k);
        sb_printf(&ss, "%s%s.s[%d]", k > 1 ? ", " : "", av, k);
    }
    return xsprintf("{%s.p + (%s), %s.m, {%s}, {%s}}", av, fg_offset(g, av, a.var, &i, 1), av, ns.data, ss.data);
}

/* The arguments of e's lambda at index i; a parameter that is the index lies in [0, width). */
static const char **input_elems(FGen *g, const CExp *e, const char *i) {
    const char **args = xmalloc(sizeof *args * (size_t)(e->arrays.len + 1));
    for (int k = 0; k < e->arrays.len; k++) {
        args[k] = fs_input_elem(g, e->arrays.data[k], i);
        if (omap_has(&g->lazy_iotas, e->arrays.data[k].var) && k < e->lam->params.len)
            fr_index(g, e->lam->params.data[k].name, e->args.data[0]);
    }
    return args;
}

void fs_check_inputs(FGen *g, const CExp *e, const char *w, const char *loc) {
    CDim wd = cdim_of_atom(e->args.data[0]);
    for (int k = 0; k < e->arrays.len; k++) {
        CAtom a = e->arrays.data[k];
        if (omap_has(&g->lazy_iotas, a.var))
            continue;
        if (wd.kind != CDIM_ANY && cdim_eq(fg_var(g, a.var)->type.dims[0], wd))
            continue; /* the type says so */
        const char *av = fg_atom(g, a);
        fg_fail(g, xsprintf("%s.n[0] != %s", av, w),
                xsprintf("wf_error(ctx, %s, \"size mismatch: an input of %%lld elements to a SOAC of width %%lld\", "
                         "(long long)%s.n[0], (long long)%s)",
                         loc, av, w));
    }
}

static const char *dim_c(CDim d) {
    switch (d.kind) {
    case CDIM_CONST: return xsprintf("INT64_C(%lld)", (long long)d.value);
    case CDIM_VAR: return c_name(d.var);
    default: die("fgen: an unknown inner dimension");
    }
}

void fs_alloc_output(FGen *g, CParam p, const char *w, const char *loc) {
    const char *x = c_name(p.name);
    fg_line(g, "%s.n[0] = %s;", x, w);
    for (int k = 1; k < p.type.rank; k++)
        fg_line(g, "%s.n[%d] = %s;", x, k, dim_c(p.type.dims[k]));
    fg_alloc(g, x, p.name, p.type, loc);
    fg_bind(g, p.name, p.type, fg_alloc_class(g, p.name));
}

/* Declare a temporary of type t (arrays: an owned view, to be released). */
static const char *decl_tmp(FGen *g, CType t, const char *base) {
    const char *n = fg_fresh(g, base);
    fg_decl_c(g, n, t);
    return n;
}

/* The result of operator op's j-th result when it may be built in the accumulator's own memory:
 * a map output (of scalars) of a screma in the operator's body that reads accumulator j only as
 * its input (each element read before the same element is written), used nowhere else.  So
 * `\acc x -> map2 (+) acc x` adds x into acc in place.  NULL otherwise. */
static const char *in_place_result(const COperator *op, int j) {
    const CLambda *lam = op->lam;
    CAtom r = lam->body->result.data[j];
    const char *acc = lam->params.data[j].name;
    if (r.kind != CA_VAR || lam->ret.data[j].rank != 1)
        return NULL;
    OMap uses = {0};
    opt_count_body(lam->body, &uses);
    if (omap_int(&uses, acc) != 1 || omap_int(&uses, r.var) != 1)
        return NULL;
    for (int i = 0; i < lam->body->stms.len; i++) {
        const CStm *s = &lam->body->stms.data[i];
        const CExp *e = s->exp;
        if (e->kind != CE_SCREMA)
            continue;
        int ops = 0;
        for (int o = 0; o < e->scans.len; o++)
            ops += e->scans.data[o].nes.len;
        for (int o = 0; o < e->reds.len; o++)
            ops += e->reds.data[o].nes.len;
        for (int k = ops; k < s->pat.len; k++) {
            if (s->pat.data[k].name != r.var)
                continue;
            for (int a = 0; a < e->arrays.len; a++)
                if (e->arrays.data[a].kind == CA_VAR && e->arrays.data[a].var == acc)
                    return r.var;
        }
    }
    return NULL;
}

bool fs_op_in_place(const COperator *op, int j) { return in_place_result(op, j) != NULL; }

/* accs = op(accs, xs); rows[j] (NULL, or rows NULL: none) names the scan output row that result j
 * is built in: the operator's in-place map writes it there, and the accumulator becomes a
 * borrowed view of that row (the next step reads it from there). */
static void apply_op_into(FGen *g, const COperator *op, const char **accs, const char **xs, const char **rows) {
    int k = op->nes.len;
    const char **args = xmalloc(sizeof *args * (size_t)(2 * k + 1));
    for (int j = 0; j < k; j++) {
        args[j] = accs[j];
        args[k + j] = xs[j];
    }
    fg_line(g, "{");
    g->indent++;
    FDest *nx = xmalloc(sizeof *nx * (size_t)(k + 1));
    for (int j = 0; j < k; j++) {
        nx[j] = (FDest){DEST_VAR, decl_tmp(g, op->lam->ret.data[j], "nacc")};
        const char *r = in_place_result(op, j);
        if (r) {
            omap_put(&g->hints, r, (void *)(rows && rows[j] ? rows[j] : accs[j]));
            omap_put(&g->hint_ranks, r, (void *)(intptr_t)1);
        }
    }
    fg_lambda(g, op->lam, args, nx, true);
    for (int j = 0; j < k; j++) {
        const char *r = in_place_result(op, j);
        if (r)
            omap_put(&g->hints, r, NULL);
        if (rows && rows[j]) {
            /* not built in the row only when its size differs: the shape check fails */
            fg_line(g, "if (%s.p != %s.p) {", nx[j].name, rows[j]);
            g->indent++;
            fa_check_shape(g, nx[j].name, rows[j], 1, "a scan's element", "NULL");
            fg_copy_into(g, rows[j], op->lam->ret.data[j].rank, NULL, nx[j].name, op->lam->ret.data[j]);
            fg_release(g, nx[j].name);
            g->indent--;
            fg_line(g, "}");
            fg_line(g, "%s = %s;", accs[j], rows[j]);
        } else if (op->lam->ret.data[j].rank == 0) {
            fg_line(g, "%s = %s;", accs[j], nx[j].name);
        } else if (r) {
            fg_line(g, "if (%s.p != %s.p) {", nx[j].name, accs[j]);
            fg_line(g, "    wf_unref(ctx, %s.m);", accs[j]);
            fg_line(g, "    %s = %s;", accs[j], nx[j].name);
            fg_line(g, "}");
        } else {
            fg_release(g, accs[j]);
            fg_line(g, "%s = %s;", accs[j], nx[j].name);
        }
    }
    g->indent--;
    fg_line(g, "}");
}

void fs_apply_op(FGen *g, const COperator *op, const char **accs, const char **xs) {
    apply_op_into(g, op, accs, xs, NULL);
}

/* The accumulators of ops; in_rows[k] (in_rows may be NULL) marks one built in its scan output's
 * rows (apply_op_into): it starts as a borrowed view of the neutral element. */
static const char **decl_accs(FGen *g, const COperatorVec *ops, const bool *in_rows) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    const char **accs = xmalloc(sizeof *accs * (size_t)(n + 1));
    int at = 0;
    for (int i = 0; i < ops->len; i++) {
        const COperator *op = &ops->data[i];
        for (int j = 0; j < op->nes.len; j++, at++) {
            CType t = op->lam->ret.data[j];
            accs[at] = fg_fresh(g, "acc");
            fg_line(g, "%s %s = %s;", fg_ctype(g, t), accs[at], fg_atom(g, op->nes.data[j]));
            if (in_rows && in_rows[at])
                continue;
            if (t.rank && fs_op_in_place(op, j)) /* a private copy, updated in place */
                fa_copy_fresh(g, accs[at], NULL, t, false, "NULL");
            else if (t.rank)
                fg_line(g, "wf_ref(%s.m);", accs[at]);
        }
    }
    return accs;
}

const char **fs_decl_accs(FGen *g, const COperatorVec *ops) { return decl_accs(g, ops, NULL); }

/* Whether the sequential loop of screma e (emit_screma) builds scan result j (counted over all
 * its scans) in the rows of its output: an array the operator computes in place (a map over the
 * accumulator), so step i reads row i - 1 and writes row i, with no accumulator of its own and
 * no copy into the output.  Host code only (block-level code writes rows differently). */
static bool scan_in_rows(const FGen *g, const CExp *e, int j) {
    if (g->device || g->block)
        return false;
    for (int o = 0; o < e->scans.len; o++) {
        const COperator *op = &e->scans.data[o];
        if (j < op->nes.len)
            return op->lam->ret.data[j].rank == 1 && fs_op_in_place(op, j);
        j -= op->nes.len;
    }
    return false;
}

/* Declare the view of row i of the scan output x (its elements: type t); returns its name. */
static const char *scan_row(FGen *g, const char *x, CType t, const char *i) {
    const char *row = fg_fresh(g, "srow");
    fg_line(g, "%s %s = {%s.p + (%s) * %s.s[0], %s.m, {0}, {0}};", fg_ctype(g, t), row, x, i, x, x);
    for (int k = 0; k < t.rank; k++) {
        fg_line(g, "%s.n[%d] = %s.n[%d];", row, k, x, k + 1);
        fg_line(g, "%s.s[%d] = %s.s[%d];", row, k, x, k + 1);
    }
    return row;
}

/* Store acc (type t) as element i of the scan output x. */
static void store_scan(FGen *g, const char *x, CType t, const char *i, const char *acc) {
    if (t.rank == 0) {
        fg_line(g, "%s = %s;", fg_fresh_elem(g, x, 1, i), acc);
        return;
    }
    const char *row = scan_row(g, x, t, i);
    fa_check_shape(g, acc, row, t.rank, "a scan's element", "NULL");
    fg_copy_into(g, row, t.rank, NULL, acc, t);
}

/* The body of one screma iteration at index i: the lambda (map outputs written into their
 * rows), then the operators on the accumulators accs (scans first), scan outputs stored (or
 * built in place where in_rows says: scan_in_rows). */
static void screma_iteration(FGen *g, const CStm *s, const char *i, const char **accs, const bool *in_rows) {
    const CExp *e = s->exp;
    const CLambda *lam = e->lam;
    int nres = lam->ret.len;
    int nops = 0;
    for (int o = 0; o < e->scans.len; o++)
        nops += e->scans.data[o].nes.len;
    int nscan = nops;
    for (int o = 0; o < e->reds.len; o++)
        nops += e->reds.data[o].nes.len;
    FDest *dests = xmalloc(sizeof *dests * (size_t)(nres + 1));
    for (int j = 0; j < nres; j++) {
        CType t = lam->ret.data[j];
        if (j < nops) {
            dests[j] = (FDest){DEST_BORROW, decl_tmp(g, t, "el")};
            continue;
        }
        CParam out = s->pat.data[j];
        const char *x = c_name(out.name);
        CAtom o;
        if (cexp_concat(e, j - nops, &o)) { /* row i is the part O[i]..O[i+1] of the flat output */
            dests[j] = (FDest){DEST_ROW, fs_concat_row(g, out, o, i)};
            continue;
        }
        if (t.rank == 0) {
            dests[j] = (FDest){DEST_VAR, fg_fresh_elem(g, x, 1, i)};
            continue;
        }
        const char *row = fg_fresh(g, "row");
        StrBuf ns = {0}, ss = {0};
    sb_puts(&ns, "");
    sb_puts(&ss, "");
        for (int k = 1; k < out.type.rank; k++) {
            sb_printf(&ns, "%s%s.n[%d]", k > 1 ? ", " : "", x, k);
            sb_printf(&ss, "%s%s.s[%d]", k > 1 ? ", " : "", x, k);
        }
        fg_line(g, "%s %s WF_U = {%s.p + (%s) * %s.s[0], %s.m, {%s}, {%s}};", fg_ctype(g, t), row, x, i, x, x, ns.data,
                ss.data);
        dests[j] = (FDest){DEST_ROW, row};
    }
    fg_lambda(g, lam, input_elems(g, e, i), dests, false);
    int at = 0;
    for (int o = 0; o < e->scans.len; o++) {
        const COperator *op = &e->scans.data[o];
        const char **xs = xmalloc(sizeof *xs * (size_t)(op->nes.len + 1));
        for (int j = 0; j < op->nes.len; j++)
            xs[j] = dests[at + j].name;
        const char **rows = xmalloc(sizeof *rows * (size_t)(op->nes.len + 1));
        for (int j = 0; j < op->nes.len; j++)
            rows[j] = in_rows && in_rows[at + j]
                          ? scan_row(g, c_name(s->pat.data[at + j].name), op->lam->ret.data[j], i)
                          : NULL;
        apply_op_into(g, op, accs + at, xs, rows);
        for (int j = 0; j < op->nes.len; j++)
            if (!rows[j])
                store_scan(g, c_name(s->pat.data[at + j].name), op->lam->ret.data[j], i, accs[at + j]);
        at += op->nes.len;
    }
    (void)nscan;
    for (int o = 0; o < e->reds.len; o++) {
        const COperator *op = &e->reds.data[o];
        const char **xs = xmalloc(sizeof *xs * (size_t)(op->nes.len + 1));
        for (int j = 0; j < op->nes.len; j++)
            xs[j] = dests[at + j].name;
        fs_apply_op(g, op, accs + at, xs);
        at += op->nes.len;
    }
    for (int j = 0; j < nops; j++)
        if (lam->ret.data[j].rank && !omap_has(&g->unowned, dests[j].name))
            fg_release(g, dests[j].name);
}

void fs_screma_iteration(FGen *g, const CStm *s, const char *i, const char **accs) {
    screma_iteration(g, s, i, accs, NULL);
}

/* Offset k of offsets o read by host code (an output's size): current on the host first. */
static const char *host_offset_at(FGen *g, CAtom o, const char *k) {
    const char *at = fs_offset_at(g, o, k);
    if (!g->device && g->target->elem_to_host)
        g->target->elem_to_host(g, fg_atom(g, o), at);
    return at;
}

/* Allocate the scan and map outputs of a screma (not the reduce results). */
void fs_screma_outputs(FGen *g, const CStm *s, const char *w, const char *loc) {
    const CExp *e = s->exp;
    int nscan = 0, nred = 0;
    for (int o = 0; o < e->scans.len; o++)
        nscan += e->scans.data[o].nes.len;
    for (int o = 0; o < e->reds.len; o++)
        nred += e->reds.data[o].nes.len;
    for (int j = 0; j < s->pat.len; j++) {
        CAtom o;
        if (cexp_concat(e, j - nscan - nred, &o))
            fs_alloc_output(g, s->pat.data[j], host_offset_at(g, o, w), loc);
        else if (j < nscan || j >= nscan + nred)
            fs_alloc_output(g, s->pat.data[j], w, loc);
    }
}

const char *fs_offset_at(FGen *g, CAtom o, const char *k) {
    const char *v = fg_atom(g, o);
    return xsprintf("%s.p[(%s) * %s.s[0]]", v, k, v);
}

const char *fs_concat_row(FGen *g, CParam out, CAtom o, const char *i) {
    const char *x = c_name(out.name), *row = fg_fresh(g, "row");
    const char *lo = fg_fresh(g, "lo");
    fg_line(g, "int64_t %s = %s;", lo, fs_offset_at(g, o, i));
    StrBuf ns = {0}, ss = {0};
    sb_printf(&ns, "%s - %s", fs_offset_at(g, o, xsprintf("(%s) + 1", i)), lo);
    sb_printf(&ss, "%s.s[0]", x);
    for (int k = 1; k < out.type.rank; k++) {
        sb_printf(&ns, ", %s.n[%d]", x, k);
        sb_printf(&ss, ", %s.s[%d]", x, k);
    }
    fg_line(g, "%s %s WF_U = {%s.p + %s * %s.s[0], %s.m, {%s}, {%s}};", fg_ctype(g, out.type), row, x, lo, x, x,
            ns.data, ss.data);
    return row;
}

/* ---- maps whose only failures are bad indices ---- */

/* Whether operator x is a call of the math library on floats (f64.exp is inline, min and max
 * are comparisons): the C compiler vectorises no loop with one. */
static bool libm_call(const CExp *x) {
    return prim_is_float(x->prim) && (core_ops[x->op].flags & OPF_LIBM) && x->op != COP_MIN && x->op != COP_MAX &&
           !(x->op == COP_EXP && x->prim == PRIM_F64);
}

/* Whether body b has scalar statements only (operators that cannot fail, indexing to an
 * element, ifs of such bodies): nothing to allocate or release, nothing that fails but an
 * index; and no call of the math library (the loop would not vectorise, and both branches of
 * its ifs would run for nothing). */
static bool scalar_body(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        const CExp *x = st->exp;
        for (int j = 0; j < st->pat.len; j++)
            if (st->pat.data[j].type.rank)
                return false;
        switch (x->kind) {
        case CE_ATOM:
        case CE_SIZE: break;
        case CE_OP:
            if (scalar_may_fail(x->op, x->prim) || libm_call(x))
                return false;
            break;
        case CE_INDEX:
            for (int k = 0; k < x->slice.len; k++)
                if (x->slice.data[k].is_slice)
                    return false;
            break;
        case CE_IF:
            if (!scalar_body(x->body) || !scalar_body(x->body2))
                return false;
            break;
        default: return false;
        }
    }
    return true;
}

static void bind_names(OMap *names, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        for (int j = 0; j < st->pat.len; j++)
            omap_put(names, st->pat.data[j].name, (void *)st);
        if (st->exp->kind == CE_IF) {
            bind_names(names, st->exp->body);
            bind_names(names, st->exp->body2);
        }
    }
}

static bool atom_in(const OMap *names, CAtom a) { return a.kind == CA_VAR && omap_has(names, a.var); }

static bool any_in(const OMap *names, const CAtomVec *atoms) {
    for (int k = 0; k < atoms->len; k++)
        if (atom_in(names, atoms->data[k]))
            return true;
    return false;
}

/* Add to loaded the variables of b whose values depend on an element read from an array (or
 * on a variable already in loaded). */
static void mark_loaded(OMap *loaded, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        const CExp *x = st->exp;
        bool l = x->kind == CE_INDEX || any_in(loaded, &x->args);
        if (x->kind == CE_IF) {
            mark_loaded(loaded, x->body);
            mark_loaded(loaded, x->body2);
            l = l || any_in(loaded, &x->body->result) || any_in(loaded, &x->body2->result);
        }
        for (int j = 0; l && j < st->pat.len; j++)
            omap_put(loaded, st->pat.data[j].name, (void *)st);
    }
}

/* Whether map s runs first with its index checks deferred: a plain map of scalar results
 * whose lambda is a scalar body, in host code.  Such a loop stops at no index (emit_array.c
 * deferred_elem): a bad one sets a flag, and the loop then runs again with the checks in place,
 * which fails at the first bad index as before (the iterations are pure: the second run
 * rewrites the same outputs).  The C compiler vectorises the first run, which it cannot do
 * with an exit in the loop. */
static bool defers_checks(FGen *g, const CExp *e) {
    if (g->device || g->target->kernels || g->target->mirrored || g->defer_oob || e->scans.len || e->reds.len ||
        e->offsets.len || !e->lam)
        return false;
    CAtom w = e->args.data[0];
    if (g->unit && w.kind == CA_VAR && omap_has(g->unit, w.var))
        return false;
    for (int j = 0; j < e->lam->ret.len; j++)
        if (e->lam->ret.data[j].rank)
            return false;
    return scalar_body(e->lam->body);
}

/* The loop of screma s over i < w (its index checks hoisted before it). */
static void screma_loop(FGen *g, const CStm *s, const char *i, const char *w, const char **accs, const bool *in_rows) {
    const CExp *e = s->exp;
    if (g->defer_oob) { /* no iteration reads what another writes: its outputs are fresh blocks */
        fg_line(g, "#if defined(__GNUC__) && !defined(__clang__)");
        fg_line(g, "#pragma GCC ivdep");
        fg_line(g, "#endif");
    }
    fs_loop_begin(g, e->args.data[0], i, w);
    g->indent++;
    g->iter++;
    fr_enter(g, e->args.data[0]);
    screma_iteration(g, s, i, accs, in_rows);
    if (g->defer_oob && g->defer_oks.len) { /* one update of the loop's flag: a reduction */
        StrBuf any = {0}, reset = {0};
        for (int k = 0; k < g->defer_oks.len; k++) {
            sb_printf(&any, "%s!%s", k ? " | " : "", g->defer_oks.data[k]);
            sb_printf(&reset, "%s%s = 1;", k ? " " : "", g->defer_oks.data[k]);
        }
        fg_line(g, "%s |= %s;", g->defer_oob, any.data);
        fg_line(g, "%s", reset.data);
    }
    fr_leave(g);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

/* The loop of map s, its index checks deferred (defers_checks), then, if an index was bad,
 * the loop with them; the first loop alone where every index was known good. */
static void deferred_loop(FGen *g, const CStm *s, const char *i, const char *w) {
    const char *bad = fg_fresh(g, "bad");
    StrBuf *out = g->out, first = {0};
    OMap inner = {0};
    const CLambda *lam = s->exp->lam;
    for (int k = 0; k < lam->params.len; k++)
        omap_put(&inner, lam->params.data[k].name, (void *)lam);
    bind_names(&inner, lam->body);
    OMap loaded = {0};
    for (int k = 0; k < lam->params.len && k < s->exp->arrays.len; k++)
        if (!omap_has(&g->lazy_iotas, s->exp->arrays.data[k].var))
            omap_put(&loaded, lam->params.data[k].name, (void *)lam);
    mark_loaded(&loaded, lam->body);
    g->defer_loaded = &loaded;
    g->out = &first;
    g->defer_oob = bad;
    g->defer_inner = &inner;
    g->defer_oks.len = 0;
    g->defer_nonempty.len = 0;
    g->indent++;
    screma_loop(g, s, i, w, NULL, NULL);
    g->indent--;
    g->defer_oob = NULL;
    g->defer_inner = NULL;
    g->defer_loaded = NULL;
    g->out = out;
    if (!g->defer_oks.len) {
        sb_puts(out, first.data);
        return;
    }
    StrBuf empty = {0};
    sb_puts(&empty, "0");
    for (int k = 0; k < g->defer_nonempty.len; k++)
        sb_printf(&empty, " || !(%s)", g->defer_nonempty.data[k]);
    fg_line(g, "int64_t %s = %s; /* a bad index (or an empty array read): run checked */", bad, empty.data);
    for (int k = 0; k < g->defer_oks.len; k++)
        fg_line(g, "int64_t %s = 1;", g->defer_oks.data[k]);
    g->defer_oks.len = 0;
    fg_line(g, "if (!%s) {", bad);
    sb_puts(out, first.data);
    fg_line(g, "}");
    fg_line(g, "if (%s) {", bad);
    g->indent++;
    screma_loop(g, s, i, w, NULL, NULL);
    g->indent--;
    fg_line(g, "}");
}

static void emit_screma(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    const char *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_check_inputs(g, e, w, loc);
    fs_screma_outputs(g, s, w, loc);
    bool interchanged = fn_interchange_begin(g, s, w);
    COperatorVec ops = {0};
    for (int o = 0; o < e->scans.len; o++)
        vec_push(&ops, e->scans.data[o]);
    for (int o = 0; o < e->reds.len; o++)
        vec_push(&ops, e->reds.data[o]);
    bool *in_rows = xmalloc(sizeof *in_rows * (size_t)(s->pat.len + 1));
    for (int j = 0; j < s->pat.len; j++)
        in_rows[j] = scan_in_rows(g, e, j);
    const char **accs = decl_accs(g, &ops, in_rows);
    const char *i = fg_fresh(g, "i");
    int checked = fr_hoist_checks(g, e, w);
    if (defers_checks(g, e))
        deferred_loop(g, s, i, w);
    else
        screma_loop(g, s, i, w, accs, in_rows);
    fr_unhoist(g, checked);
    int nscan = 0, at = 0;
    for (int o = 0; o < e->scans.len; o++) {
        const COperator *op = &e->scans.data[o];
        for (int j = 0; j < op->nes.len; j++)
            if (op->lam->ret.data[j].rank && !in_rows[at + j])
                fg_release(g, accs[at + j]);
        at += op->nes.len;
        nscan += op->nes.len;
    }
    for (int o = 0; o < e->reds.len; o++)
        for (int j = 0; j < e->reds.data[o].nes.len; j++, at++) {
            fg_line(g, "%s = %s;", c_name(s->pat.data[at].name), accs[at]);
            fg_bind(g, s->pat.data[at].name, s->pat.data[at].type, OWN_OWNED); /* the accumulator's reference */
        }
    (void)nscan;
    if (interchanged)
        fn_interchange_end(g);
}

/* ---- scatter and hist ---- */

/* The destinations, taken unique into the statement's results. */
void fs_take_dests(FGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    for (int j = 0; j < e->dests.len; j++) {
        fa_take_unique(g, c_name(s->pat.data[j].name), s->pat.data[j].name, e->dests.data[j], loc);
    }
}

/* The condition that indices idx[0..r) lie inside view x. */
static const char *in_bounds(const char *x, const char **idx, int r) {
    StrBuf sb = {0};
    sb_puts(&sb, "1");
    for (int k = 0; k < r; k++)
        sb_printf(&sb, " && (uint64_t)%s < (uint64_t)%s.n[%d]", idx[k], x, k);
    return sb.data;
}

/* Write value v (type vt) at the indices idx[0..r) of the destination result d. */
static void write_at(FGen *g, const char *dvar, const char **idx, int r, const char *v, CType vt, const char *loc) {
    const char *d = c_name(dvar);
    if (vt.rank == 0) {
        if (g->scatter_shared) /* threads may write one index (duplicates): a relaxed atomic
                                  store, as cheap as a plain one, and no data race */
            fg_line(g, "__atomic_store(&%s, &%s, __ATOMIC_RELAXED);", fg_elem(g, d, dvar, idx, r), v);
        else
            fg_line(g, "%s = %s;", fg_elem(g, d, dvar, idx, r), v);
        return;
    }
    const char *row = fg_fresh(g, "drow");
    fg_row_view(g, row, vt, d, dvar, idx, r);
    fa_check_shape(g, v, row, vt.rank, "a written value", loc);
    fg_line(g, "if (%s.p != %s.p)", v, row);
    fg_line(g, "    wf_copy_view(%s.p, %s.s, %s.p, %d, %s.n, %s.s, %d);", row, row, v, vt.rank, row, v, c_esz(vt.prim));
}

void fs_scatter_iteration(FGen *g, const CStm *s, const char *i) {
    const CExp *e = s->exp;
    const CLambda *lam = e->lam;
    int nd = e->dests.len, r = lam->ret.len - nd;
    const char *loc = c_loc(e->loc);
    FDest *dests = xmalloc(sizeof *dests * (size_t)(lam->ret.len + 1));
    for (int j = 0; j < lam->ret.len; j++)
        dests[j] = (FDest){DEST_VAR, decl_tmp(g, lam->ret.data[j], j < r ? "ix" : "val")};
    fg_lambda(g, lam, input_elems(g, e, i), dests, false);
    const char **idx = xmalloc(sizeof *idx * (size_t)(r + 1));
    for (int k = 0; k < r; k++)
        idx[k] = dests[k].name;
    for (int j = 0; j < nd; j++) {
        const char *dvar = s->pat.data[j].name;
        fg_line(g, "if (%s) {", in_bounds(c_name(dvar), idx, r));
        g->indent++;
        write_at(g, dvar, idx, r, dests[r + j].name, lam->ret.data[r + j], loc);
        g->indent--;
        fg_line(g, "}");
    }
    for (int j = r; j < lam->ret.len; j++)
        if (lam->ret.data[j].rank)
            fg_release(g, dests[j].name);
}

/* hist's lambda at index i: the bin (*bin) and one value per destination (*vals). */
void fs_hist_values(FGen *g, const CStm *s, const char *i, const char **bin, const char ***vals) {
    const CExp *e = s->exp;
    const CLambda *lam = e->lam;
    FDest *dests = xmalloc(sizeof *dests * (size_t)(lam->ret.len + 1));
    for (int j = 0; j < lam->ret.len; j++)
        dests[j] = (FDest){DEST_VAR, decl_tmp(g, lam->ret.data[j], j == 0 ? "bin" : "val")};
    fg_lambda(g, lam, input_elems(g, e, i), dests, false);
    *bin = dests[0].name;
    *vals = xmalloc(sizeof **vals * (size_t)(lam->ret.len + 1));
    for (int j = 1; j < lam->ret.len; j++)
        (*vals)[j - 1] = dests[j].name;
}

bool fs_hist_scalar(const CExp *e) {
    const CLambda *op = e->reds.data[0].lam;
    for (int j = 0; j < op->ret.len; j++)
        if (op->ret.data[j].rank)
            return false;
    return true;
}

void fs_hist_combine(FGen *g, const COperator *op, const char **bins, const char **vals) {
    int nd = op->nes.len;
    const char **args = xmalloc(sizeof *args * (size_t)(2 * nd + 1));
    FDest *nx = xmalloc(sizeof *nx * (size_t)(nd + 1));
    for (int j = 0; j < nd; j++) {
        args[j] = bins[j];
        args[nd + j] = vals[j];
        nx[j] = (FDest){DEST_VAR, decl_tmp(g, op->lam->ret.data[j], "nbin")};
    }
    fg_lambda(g, op->lam, args, nx, false);
    for (int j = 0; j < nd; j++)
        fg_line(g, "%s = %s;", bins[j], nx[j].name);
}

int fs_simple_op_code(const COperator *op) {
    const CLambda *l = op->lam;
    if (op->nes.len != 1 || l->params.len != 2 || l->body->stms.len != 1 || l->body->result.len != 1 ||
        l->ret.data[0].rank)
        return -1;
    const CStm *s = &l->body->stms.data[0];
    const CExp *e = s->exp;
    if (e->kind != CE_OP || e->args.len != 2 || e->args.data[0].kind != CA_VAR || e->args.data[1].kind != CA_VAR ||
        e->args.data[0].var != l->params.data[0].name || e->args.data[1].var != l->params.data[1].name ||
        l->body->result.data[0].kind != CA_VAR || l->body->result.data[0].var != s->pat.data[0].name)
        return -1;
    bool fl = prim_is_float(e->prim);
    if (e->prim == PRIM_BOOL || e->prim == PRIM_F16) /* f16: no C operator on its bits */
        return -1;
    switch (e->op) {
    case COP_ADD: return 0;
    case COP_MUL: return 1;
    case COP_MIN: return fl ? -1 : 2;
    case COP_MAX: return fl ? -1 : 3;
    case COP_AND: return fl ? -1 : 4;
    case COP_OR: return fl ? -1 : 5;
    case COP_XOR: return fl ? -1 : 6;
    default: return -1;
    }
}

/* The host's atomic `bin = bin OP v` for an integer +, &, | or ^ (a fetch-and-op), else NULL. */
static const char *host_fetch_op(const COperator *op, PrimType t) {
    if (prim_is_float(t))
        return NULL;
    switch (fs_simple_op_code(op)) {
    case 0: return "__atomic_fetch_add";
    case 4: return "__atomic_fetch_and";
    case 5: return "__atomic_fetch_or";
    case 6: return "__atomic_fetch_xor";
    default: return NULL;
    }
}

void fs_hist_atomic(FGen *g, const COperator *op, const char *bin, const char *val) {
    CType t = op->lam->ret.data[0];
    const char *T = c_prim(t.prim), *p = fg_fresh(g, "bp"), *old = fg_fresh(g, "old");
    fg_line(g, "{");
    g->indent++;
    fg_line(g, "%s *%s = &%s;", T, p, bin);
    const char *fetch = g->device ? NULL : host_fetch_op(op, t.prim);
    if (fetch) {
        fg_line(g, "(void)%s(%s, %s, __ATOMIC_RELAXED);", fetch, p, val);
    } else {
        /* compare and swap until no other thread changed the bin in between (the device
         * uses its native atomic where the operator has one) */
        if (g->device)
            fg_line(g, "if (!wfd_atomic_native(%d, %s, %s)) {", fs_simple_op_code(op), p, val);
        else
            fg_line(g, "{");
        g->indent++;
        fg_line(g, "%s %s = wf_atomic_read_%s(%s);", T, old, prim_name(t.prim), p);
        fg_line(g, "for (;;) {");
        g->indent++;
        const char *nb = decl_tmp(g, t, "nbin");
        FDest d = {DEST_VAR, nb};
        const char *args[2] = {old, val};
        fg_lambda(g, op->lam, args, &d, false);
        fg_line(g, "if (wf_cas_%s(%s, &%s, %s)) break;", prim_name(t.prim), p, old, nb);
        g->indent--;
        fg_line(g, "}");
        g->indent--;
        fg_line(g, "}");
    }
    g->indent--;
    fg_line(g, "}");
}

void fs_hist_iteration(FGen *g, const CStm *s, const char *i) {
    const CExp *e = s->exp;
    const COperator *op = &e->reds.data[0];
    int nd = e->dests.len;
    const char *loc = c_loc(e->loc);
    const char *bin, **vals;
    fs_hist_values(g, s, i, &bin, &vals);
    fg_line(g, "if (%s) {", in_bounds(c_name(s->pat.data[0].name), &bin, 1));
    g->indent++;
    const char **args = xmalloc(sizeof *args * (size_t)(2 * nd + 1));
    for (int j = 0; j < nd; j++) {
        const char *dvar = s->pat.data[j].name;
        CType bt = op->lam->ret.data[j];
        if (bt.rank == 0) {
            args[j] = fg_elem(g, c_name(dvar), dvar, &bin, 1);
        } else {
            const char *row = fg_fresh(g, "bin");
            fg_row_view(g, row, bt, c_name(dvar), dvar, &bin, 1);
            args[j] = row;
        }
        args[nd + j] = vals[j];
    }
    if (fs_hist_scalar(e)) {
        if (g->hist_atomic)
            fs_hist_atomic(g, op, args[0], vals[0]);
        else
            fs_hist_combine(g, op, args, vals);
    } else {
        FDest *nx = xmalloc(sizeof *nx * (size_t)(nd + 1));
        for (int j = 0; j < nd; j++)
            nx[j] = (FDest){DEST_VAR, decl_tmp(g, op->lam->ret.data[j], "nbin")};
        fg_lambda(g, op->lam, args, nx, false);
        for (int j = 0; j < nd; j++) {
            CType bt = op->lam->ret.data[j];
            if (bt.rank == 0) {
                fg_line(g, "%s = %s;", args[j], nx[j].name);
                continue;
            }
            fa_check_shape(g, nx[j].name, args[j], bt.rank, "an operator's result", loc);
            fg_line(g, "if (%s.p != %s.p)", nx[j].name, args[j]);
            fg_line(g, "    wf_copy_view(%s.p, %s.s, %s.p, %d, %s.n, %s.s, %d);", args[j], args[j], nx[j].name, bt.rank,
                    args[j], nx[j].name, c_esz(bt.prim));
            fg_release(g, nx[j].name);
        }
    }
    g->indent--;
    fg_line(g, "}");
    for (int j = 0; j < nd; j++)
        if (e->lam->ret.data[1 + j].rank)
            fg_release(g, vals[j]);
}

void fs_scatter_hist_loop(FGen *g, const CStm *s, const char *w) {
    const CExp *e = s->exp;
    const char *i = fg_fresh(g, "i");
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->iter++;
    fr_enter(g, e->args.data[0]);
    if (e->kind == CE_SCATTER)
        fs_scatter_iteration(g, s, i);
    else
        fs_hist_iteration(g, s, i);
    fr_leave(g);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

static void emit_scatter_hist(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    const char *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_check_inputs(g, e, w, loc);
    fs_take_dests(g, s, loc);
    fs_scatter_hist_loop(g, s, w);
}

/* ---- an irregular segmap fused with its scatter or hist ---- */

static bool identity_lambda(const CLambda *l) {
    if (l->body->stms.len || l->body->result.len != l->params.len)
        return false;
    for (int k = 0; k < l->params.len; k++)
        if (l->body->result.data[k].kind != CA_VAR || l->body->result.data[k].var != l->params.data[k].name)
            return false;
    return true;
}

/* Whether the consumer x can take each point's results as they come: a scatter of one index
 * into one-dimensional destinations, or a hist with its rows promised, one destination of
 * scalar bins; its lambda the identity. */
static bool fusable_consumer(const CExp *x) {
    if (x->kind == CE_HIST && !(x->irregular && x->dests.len == 1 && fs_hist_scalar(x)))
        return false;
    if (x->kind != CE_HIST && x->kind != CE_SCATTER)
        return false;
    if (x->lam->ret.len != x->dests.len + 1 || !identity_lambda(x->lam))
        return false;
    for (int j = 0; j < x->lam->ret.len; j++)
        if (x->lam->ret.data[j].rank)
            return false;
    return true;
}

/* Whether statements i .. i + r - 1 of b make the destinations of t, the consumer at i + r + 1:
 * replicates of scalars, in order, that nothing else reads. */
static bool fused_replicates(FGen *g, const CBody *b, int i, int r, const CStm *t) {
    if (r != t->exp->dests.len || !t->exp->irregular || i < 0)
        return false;
    for (int k = 0; k < r; k++) {
        const CStm *s = &b->stms.data[i + k];
        CAtom d = t->exp->dests.data[k];
        if (s->exp->kind != CE_REPLICATE || s->pat.len != 1 || s->pat.data[0].type.rank != 1 || d.kind != CA_VAR ||
            d.var != s->pat.data[0].name || flife_last(g->life, d.var) != i + r + 1)
            return false;
    }
    return true;
}

const CStm *fs_fused_from(FGen *g, const CBody *b, int i, int *nreps) {
    *nreps = 0;
    if (i < b->stms.len && b->stms.data[i].exp->kind == CE_REPLICATE)
        for (int r = 1; i + r + 1 < b->stms.len && b->stms.data[i + r - 1].exp->kind == CE_REPLICATE; r++) {
            const CStm *t = fs_fused_consumer(g, b, i + r);
            if (t && fused_replicates(g, b, i, r, t)) {
                *nreps = r;
                return t;
            }
        }
    return fs_fused_consumer(g, b, i);
}

const CStm *fs_fused_consumer(FGen *g, const CBody *b, int i) {
    if (g->device || g->block || g->target->kernels || g->target->mpi || !g->life || i + 1 >= b->stms.len)
        return NULL;
    const CStm *s = &b->stms.data[i], *t = &b->stms.data[i + 1];
    const CExp *e = s->exp, *x = t->exp;
    if (e->kind != CE_SEGOP || !e->irregular || e->seg != SEG_MAP || e->offsets.len || e->binned || e->masked ||
        e->level != SEG_GRID || !fusable_consumer(x))
        return NULL;
    if (!catom_eq(x->args.data[0], e->args.data[1]) || x->arrays.len != s->pat.len)
        return NULL;
    for (int k = 0; k < s->pat.len; k++) {
        CAtom a = x->arrays.data[k];
        if (a.kind != CA_VAR || a.var != s->pat.data[k].name || s->pat.data[k].type.rank != 1 ||
            flife_last(g->life, a.var) != i + 1)
            return NULL;
        for (int j = 0; j < k; j++)
            if (x->arrays.data[j].var == a.var)
                return NULL;
    }
    return t;
}

/* Bind the results of statement s, never made, so that nothing releases them. */
static void unmade_results(FGen *g, const CStm *s) {
    for (int k = 0; k < s->pat.len; k++) {
        const char *x = c_name(s->pat.data[k].name);
        fg_line(g, "%s.m = NULL; %s.p = NULL; %s.n[0] = 0; %s.s[0] = 1;", x, x, x, x);
        fg_bind(g, s->pat.data[k].name, s->pat.data[k].type, OWN_BORROWED);
    }
}

void fs_into_begin(FGen *g, const CStm *s, const char *loc) {
    const CStm *t = g->seg_into;
    if (g->seg_nreps == 0)
        fs_take_dests(g, t, loc);
    for (int k = 0; k < g->seg_nreps; k++) {
        const CStm *rep = &g->seg_reps[k];
        const char *n = fg_atom(g, rep->exp->args.data[0]);
        fg_fail(g, xsprintf("%s < 0", n), xsprintf("wf_negative_size(ctx, %s, %s)", loc, n));
        fs_alloc_output(g, t->pat.data[k], n, loc);
        unmade_results(g, rep);
    }
    unmade_results(g, s);
}

void fs_into_row(FGen *g, const char *seg, const char **lo, const char **hi) {
    CAtom r = g->seg_into->exp->segs;
    const char *R = fg_atom(g, r);
    if (fg_atom_type(g, r).rank) {
        *lo = xsprintf("%s.p[(%s) * %s.s[0]]", R, seg, R);
        *hi = xsprintf("%s.p[(%s + 1) * %s.s[0]]", R, seg, R);
    } else {
        *lo = xsprintf("(%s) * %s", seg, R);
        *hi = xsprintf("(%s + 1) * %s", seg, R);
    }
}

void fs_into_fill(FGen *g, const char *from, const char *to) {
    const char *q = fg_fresh(g, "q");
    for (int k = 0; k < g->seg_nreps; k++) {
        const char *x = c_name(g->seg_into->pat.data[k].name);
        fg_line(g, "for (int64_t %s = %s; %s < %s; %s++) %s = %s;", q, from, q, to, q,
                fg_fresh_elem(g, x, g->seg_into->pat.data[k].type.rank, q), fg_atom(g, g->seg_reps[k].exp->args.data[1]));
    }
}

void fs_into_point(FGen *g, const char **xs) {
    const CStm *t = g->seg_into;
    const CExp *e = t->exp;
    const char *loc = c_loc(e->loc);
    if (e->kind == CE_SCATTER) {
        for (int j = 0; j < e->dests.len; j++) {
            const char *dvar = t->pat.data[j].name;
            fg_line(g, "if (%s) {", in_bounds(c_name(dvar), xs, 1));
            g->indent++;
            write_at(g, dvar, xs, 1, xs[1 + j], e->lam->ret.data[1 + j], loc);
            g->indent--;
            fg_line(g, "}");
        }
        return;
    }
    const COperator *op = &e->reds.data[0];
    const char *dvar = t->pat.data[0].name, *bin;
    if (g->seg_priv) { /* the row's bins from seg_priv_lo, in the private buffer */
        const char *k = fg_fresh(g, "k");
        fg_line(g, "int64_t %s = %s - %s;", k, xs[0], g->seg_priv_lo);
        fg_line(g, "if ((uint64_t)%s < (uint64_t)%s) {", k, g->seg_priv_n);
        bin = xsprintf("%s[%s]", g->seg_priv, k);
    } else {
        fg_line(g, "if (%s) {", in_bounds(c_name(dvar), xs, 1));
        bin = fg_elem(g, c_name(dvar), dvar, xs, 1);
    }
    g->indent++;
    if (g->hist_atomic && !g->seg_priv)
        fs_hist_atomic(g, op, bin, xs[1]);
    else
        fs_hist_combine(g, op, &bin, xs + 1);
    g->indent--;
    fg_line(g, "}");
}

/* ---- filter and partition ---- */

static void emit_filter(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    int na = e->arrays.len, nout = s->pat.len;
    const char *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_check_inputs(g, e, w, loc);
    /* a filter whose outputs are all rows of map outputs (hints: a map's concatenated result,
     * whose row sizes were computed first): the kept elements written straight into the rows,
     * the others into a dummy once a row is full; a count other than the row's fails at once
     * with the map's shape check (nothing reads past the row) */
    const char **rows = xmalloc(sizeof *rows * (size_t)(nout + 1));
    const char **row_views = xmalloc(sizeof *row_views * (size_t)(nout + 1));
    bool direct = !e->partition;
    for (int j = 0; j < nout; j++) {
        rows[j] = omap_get(&g->hints, s->pat.data[j].name);
        direct = direct && rows[j] && s->pat.data[j].type.rank == 1;
    }
    for (int j = 0; j < nout; j++) {
        const char *x = c_name(s->pat.data[j].name), *in = fg_atom(g, e->arrays.data[j % na]);
        CType t = s->pat.data[j].type;
        fg_line(g, "%s.n[0] = %s;", x, w);
        for (int k = 1; k < t.rank; k++)
            fg_line(g, "%s.n[%d] = %s.n[%d];", x, k, in, k);
        if (direct) {
            fg_line(g, "%s.m = NULL; /* written in place: the destination's row */", x);
            fg_line(g, "%s.p = %s.p;", x, rows[j]);
            fg_line(g, "%s.s[0] = %s;", x, g->device ? xsprintf("%s.s[0]", rows[j]) : "1");
            row_views[j] = rows[j];
            rows[j] = xsprintf("%s.n[0]", rows[j]);
        } else {
            fg_alloc(g, x, s->pat.data[j].name, t, loc);
        }
    }
    const char *nt = fg_fresh(g, "kept"), *nf = fg_fresh(g, "left"), *i = fg_fresh(g, "i");
    fg_line(g, "int64_t %s = 0, %s WF_U = 0;", nt, nf);
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
    g->indent++;
    g->iter++;
    const char *keep = decl_tmp(g, ctype_prim(PRIM_BOOL), "keep");
    FDest d = {DEST_VAR, keep};
    fr_enter(g, e->args.data[0]);
    fg_lambda(g, e->lam, input_elems(g, e, i), &d, false);
    fr_leave(g);
    bool flat = true; /* every output of rank 1: written without a branch (below) */
    for (int j = 0; j < nout; j++)
        flat = flat && s->pat.data[j].type.rank == 1;
    if (flat && direct) {
        /* every element is written at the count's end while the row has room (a branch taken
         * until the row is full: predictable).  Not through a pointer that may be a local's
         * instead: nvcc's optimiser lost the stores of that form on the H200 (radix_buckets). */
        for (int k = 0; k < na; k++) {
            fg_line(g, "if (%s < %s)", nt, rows[k]);
            fg_line(g, "    %s = %s;", fg_fresh_elem(g, c_name(s->pat.data[k].name), 1, nt),
                    fs_input_elem(g, e->arrays.data[k], i));
        }
        fg_line(g, "%s += (int64_t)(%s != 0);", nt, keep);
    } else if (flat) {
        /* each element is written at both counts' ends and the count of its side moves on: no
         * branch on the condition (it mispredicts on data like a quicksort's, half of the
         * time).  In bounds: a count is at most i < w, each output's allocated length. */
        for (int part = 0; part < (e->partition ? 2 : 1); part++)
            for (int k = 0; k < na; k++)
                fg_line(g, "%s = %s;", fg_fresh_elem(g, c_name(s->pat.data[part * na + k].name), 1, part ? nf : nt),
                        fs_input_elem(g, e->arrays.data[k], i));
        fg_line(g, "%s += (int64_t)(%s != 0);", nt, keep);
        if (e->partition)
            fg_line(g, "%s += (int64_t)(%s == 0);", nf, keep);
    }
    for (int part = 0; part < (e->partition ? 2 : 1) && !flat; part++) {
        const char *cnt = part ? nf : nt;
        fg_line(g, part ? "} else {" : "if (%s) {", keep);
        g->indent++;
        for (int k = 0; k < na; k++) {
            const char *x = c_name(s->pat.data[part * na + k].name);
            CAtom in = e->arrays.data[k];
            CType t = s->pat.data[part * na + k].type;
            if (t.rank == 1)
                fg_line(g, "%s = %s;", fg_fresh_elem(g, x, 1, cnt), fs_input_elem(g, in, i));
            else
                fg_line(g, "wf_copy_step(%s.p + %s * %s.s[0], %s.s[%d], %s.p + (%s), %d, %s.n + 1, %s.s + 1, %d);", x, cnt,
                        x, x, t.rank - 1, fg_atom(g, in), fg_offset(g, fg_atom(g, in), in.var, &i, 1), t.rank - 1,
                        fg_atom(g, in), fg_atom(g, in), c_esz(t.prim));
        }
        fg_line(g, "%s++;", cnt);
        g->indent--;
        if (part == (e->partition ? 1 : 0))
            fg_line(g, "}");
    }
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    for (int j = 0; j < nout; j++) {
        fg_line(g, "%s.n[0] = %s;", c_name(s->pat.data[j].name), j < na ? nt : nf);
        if (direct)
            fa_check_shape(g, c_name(s->pat.data[j].name), row_views[j], 1, "a map's result", "NULL");
    }
}

/* ---- segops (the segment IR of src/flatten) ---- */

int fs_ops_results(const COperatorVec *ops) {
    int n = 0;
    for (int i = 0; i < ops->len; i++)
        n += ops->data[i].nes.len;
    return n;
}

const COperatorVec *fs_seg_ops(const CExp *e) { return e->seg == SEG_SCAN ? &e->scans : &e->reds; }

/* How many of the space's dimensions result j of a segop has in front of its element type. */
int fs_seg_dims(const CExp *e, int j) {
    int k = e->params.len;
    if (e->seg == SEG_RED && j < fs_ops_results(fs_seg_ops(e)))
        return k - 1;
    return e->irregular ? 1 : k; /* irregular: the flat space */
}

const char *fs_seg_start(FGen *g, const CExp *e, const char *i) { return fs_offset_at(g, e->segs, i); }

/* The widths of segop e's space as C variables.  A negative one fails, unless an outer one is
 * 0: then no point runs (the nest's inner map would never have been evaluated), and it counts
 * as 0. */
const char **fs_segop_widths(FGen *g, const CExp *e, const char *loc) {
    int k = e->params.len;
    const char **w = xmalloc(sizeof *w * (size_t)(k + 1));
    StrBuf runs = {0};
    sb_puts(&runs, "1");
    for (int j = 0; j < k; j++) {
        w[j] = fg_fresh(g, "w");
        fg_line(g, "int64_t %s = %s;", w[j], fg_atom(g, e->args.data[j]));
        fg_fail(g, xsprintf("%s%s < 0", j ? xsprintf("(%s) && ", runs.data) : "", w[j]),
                xsprintf("wf_negative_size(ctx, %s, %s)", loc, w[j]));
        if (j)
            fg_line(g, "if (%s < 0) %s = 0;", w[j], w[j]);
        sb_printf(&runs, " && %s > 0", w[j]);
    }
    return w;
}

void fs_segop_outputs(FGen *g, const CStm *s, const char **w, const char *loc) {
    const CExp *e = s->exp;
    int nops = fs_ops_results(fs_seg_ops(e));
    for (int j = 0; j < s->pat.len; j++) {
        CAtom o;
        if (cexp_concat(e, j - nops, &o)) { /* rows one after the other: O[w] of them */
            if (e->params.len != 1)
                die("fgen: a concatenated result of a segop over %d dimensions", e->params.len);
            fs_alloc_output(g, s->pat.data[j], host_offset_at(g, o, w[0]), loc);
            continue;
        }
        int drop = fs_seg_dims(e, j);
        if (drop == 0)
            continue; /* a reduction over the whole space: its accumulator */
        CParam p = s->pat.data[j];
        const char *x = c_name(p.name);
        /* an inner size the body computes (replicate k x) is negative only if a point runs */
        StrBuf runs = {0};
        sb_puts(&runs, "1");
        for (int k = 0; k < drop; k++)
            sb_printf(&runs, " && %s > 0", w[k]);
        for (int k = drop; k < p.type.rank; k++)
            if (p.type.dims[k].kind == CDIM_VAR) {
                const char *d = dim_c(p.type.dims[k]);
                fg_fail(g, xsprintf("(%s) && %s < 0", runs.data, d), xsprintf("wf_negative_size(ctx, %s, %s)", loc, d));
            }
        /* every point's result, one after the other (not a reduction's, one per segment) */
        bool flat = e->irregular && !(e->seg == SEG_RED && j < nops);
        for (int k = 0; k < p.type.rank; k++) {
            if (k < drop || p.type.dims[k].kind != CDIM_VAR)
                fg_line(g, "%s.n[%d] = %s;", x, k, k < drop ? (flat ? w[e->params.len - 1] : w[k]) : dim_c(p.type.dims[k]));
            else /* no point runs when it is negative */
                fg_line(g, "%s.n[%d] = %s < 0 ? 0 : %s;", x, k, dim_c(p.type.dims[k]), dim_c(p.type.dims[k]));
        }
        fg_alloc(g, x, p.name, p.type, loc);
        fg_bind(g, p.name, p.type, fg_alloc_class(g, p.name));
    }
}

/* The type of the j-th operand of the operators ops (counting the operands of all). */
static CType op_elem_type(const COperatorVec *ops, int j) {
    for (int o = 0; o < ops->len; o++) {
        if (j < ops->data[o].nes.len)
            return ops->data[o].lam->ret.data[j];
        j -= ops->data[o].nes.len;
    }
    die("fgen: an operator operand out of range");
}

/* Element (or row) idx[0..n) of output x (core variable var, of type t) as a destination. */
FDest fs_out_dest(FGen *g, const char *var, CType t, const char **idx, int n) {
    const char *x = c_name(var);
    if (t.rank == n)
        return (FDest){DEST_VAR, fg_elem(g, x, var, idx, n)};
    const char *row = fg_fresh(g, "row");
    fg_row_view(g, row, ctype_array(t.prim, t.rank - n, t.dims + n), x, var, idx, n);
    return (FDest){DEST_ROW, row};
}

/* Whether statement s of an irregular segop's body can run once per segment: a scalar or a
 * view, computed without the point's index in its segment (j). */
static bool per_segment(const CStm *s, const char *j) {
    switch (s->exp->kind) {
    case CE_ATOM:
    case CE_OP:
    case CE_SIZE:
    case CE_ASSERT: break;
    case CE_INDEX: break; /* a view, or an element */
    default: return false;
    }
    for (int k = 0; k < s->pat.len; k++)
        if (s->pat.data[k].type.rank > 0 && s->exp->kind != CE_INDEX)
            return false;
    OMap uses = {0};
    opt_count_exp(s->exp, &uses);
    return !omap_has(&uses, j);
}

int fs_segment_prefix(const CExp *e) {
    if (!e->irregular)
        return 0;
    const char *j = e->params.data[1].name;
    int n = 0;
    while (n < e->body->stms.len && per_segment(&e->body->stms.data[n], j))
        n++;
    return n;
}

/* Statements [from, to) of body b, as a body of their own; with b's results if asked. */
static CBody *body_slice(const CBody *b, int from, int to, bool results) {
    CBody *r = cbody_new();
    for (int i = from; i < to; i++)
        vec_push(&r->stms, b->stms.data[i]);
    if (results)
        r->result = b->result;
    return r;
}

const CBody *fs_segop_rest(const CExp *e, int from) {
    return from ? body_slice(e->body, from, e->body->stms.len, true) : e->body;
}

int fs_segop_segment(FGen *g, const CStm *s, const char *seg) {
    const CExp *e = s->exp;
    int n = fs_segment_prefix(e);
    if (n == 0)
        return 0;
    fg_bind(g, e->params.data[0].name, ctype_prim(PRIM_I64), OWN_BORROWED);
    fg_line(g, "int64_t %s WF_U = %s;", c_name(e->params.data[0].name), seg);
    fr_index(g, e->params.data[0].name, e->args.data[0]);
    g->iter++;
    g->lam++;
    fg_body(g, body_slice(e->body, 0, n, false), NULL, 0, NULL);
    g->lam--;
    g->iter--;
    return n;
}

void fs_segop_point(FGen *g, const CStm *s, const char **idx, const char **accs) { fs_segop_point_from(g, s, idx, accs, 0); }

void fs_segop_point_from(FGen *g, const CStm *s, const char **idx, const char **accs, int from) {
    const CExp *e = s->exp;
    int k = e->params.len, nres = e->body->result.len;
    const COperatorVec *ops = fs_seg_ops(e);
    int nops = fs_ops_results(ops);
    fg_line(g, "{");
    g->indent++;
    for (int j = from ? 1 : 0; j < k; j++) {
        fg_bind(g, e->params.data[j].name, ctype_prim(PRIM_I64), OWN_BORROWED);
        fg_line(g, "int64_t %s WF_U = %s;", c_name(e->params.data[j].name), idx[j]);
        fr_index(g, e->params.data[j].name, e->args.data[j]);
    }
    const CStm *into = g->seg_into;
    g->seg_into = NULL;
    FDest *dests = xmalloc(sizeof *dests * (size_t)(nres + 1));
    for (int j = 0; j < nres; j++) {
        CAtom o;
        if (into)
            dests[j] = (FDest){DEST_VAR, decl_tmp(g, ctype_elem(s->pat.data[j].type), j ? "val" : "ix")};
        else if (j < nops)
            dests[j] = (FDest){DEST_BORROW, decl_tmp(g, op_elem_type(ops, j), "el")};
        else if (cexp_concat(e, j - nops, &o))
            dests[j] = (FDest){DEST_ROW, fs_concat_row(g, s->pat.data[j], o, idx[0])};
        else if (e->irregular)
            dests[j] = fs_out_dest(g, s->pat.data[j].name, s->pat.data[j].type, &g->seg_flat, 1);
        else
            dests[j] = fs_out_dest(g, s->pat.data[j].name, s->pat.data[j].type, idx, k);
    }
    g->iter++;
    g->lam++;
    fg_body(g, fs_segop_rest(e, from), NULL, 0, dests);
    g->lam--;
    g->seg_into = into;
    if (into) {
        const char **xs = xmalloc(sizeof *xs * (size_t)(nres + 1));
        for (int j = 0; j < nres; j++)
            xs[j] = dests[j].name;
        fs_into_point(g, xs);
    }
    int at = 0;
    for (int o = 0; o < ops->len; o++) {
        const COperator *op = &ops->data[o];
        const char **xs = xmalloc(sizeof *xs * (size_t)(op->nes.len + 1));
        for (int j = 0; j < op->nes.len; j++)
            xs[j] = dests[at + j].name;
        fs_apply_op(g, op, accs + at, xs);
        if (e->seg == SEG_SCAN)
            for (int j = 0; j < op->nes.len; j++) {
                CParam out = s->pat.data[at + j];
                FDest d = e->irregular ? fs_out_dest(g, out.name, out.type, &g->seg_flat, 1)
                                       : fs_out_dest(g, out.name, out.type, idx, k);
                CType et = op->lam->ret.data[j];
                if (et.rank == 0) {
                    fg_line(g, "%s = %s;", d.name, accs[at + j]);
                } else {
                    fa_check_shape(g, accs[at + j], d.name, et.rank, "a scan's element", "NULL");
                    fg_copy_into(g, d.name, et.rank, NULL, accs[at + j], et);
                }
            }
        at += op->nes.len;
    }
    for (int j = 0; j < nops; j++)
        if (op_elem_type(ops, j).rank && !omap_has(&g->unowned, dests[j].name))
            fg_release(g, dests[j].name);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

void fs_segop_finish(FGen *g, const CStm *s, const char **idx, const char **accs) {
    const CExp *e = s->exp;
    int k = e->params.len;
    const COperatorVec *ops = fs_seg_ops(e);
    int at = 0;
    for (int o = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++, at++) {
            CType et = ops->data[o].lam->ret.data[j];
            CParam out = s->pat.data[at];
            if (e->seg == SEG_SCAN) {
                if (et.rank)
                    fg_release(g, accs[at]);
            } else if (k == 1) {
                fg_line(g, "%s = %s;", c_name(out.name), accs[at]);
                fg_bind(g, out.name, out.type, OWN_OWNED); /* the accumulator's reference */
            } else {
                FDest d = fs_out_dest(g, out.name, out.type, idx, k - 1);
                if (et.rank == 0) {
                    fg_line(g, "%s = %s;", d.name, accs[at]);
                } else {
                    fa_check_shape(g, accs[at], d.name, et.rank, "a reduction's result", "NULL");
                    fg_copy_into(g, d.name, et.rank, NULL, accs[at], et);
                    fg_release(g, accs[at]);
                }
            }
        }
}

/* An irregular segop in sequence: over the outer points, then the points of each one's
 * segment. */
static void emit_irregular_segop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *loc = c_loc(e->loc);
    const char **w = fs_segop_widths(g, e, loc);
    const char *idx[2] = {fg_fresh(g, "i"), fg_fresh(g, "j")};
    if (g->seg_into) { /* straight into the scatter's or hist's destinations, in order */
        fs_into_begin(g, s, loc);
    } else {
        fs_segop_outputs(g, s, w, loc);
    }
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", idx[0], idx[0], w[0], idx[0]);
    g->indent++;
    g->iter++;
    fr_enter(g, e->args.data[0]);
    const char *lo = fg_fresh(g, "lo"), *len = fg_fresh(g, "len");
    fg_line(g, "int64_t %s = %s;", lo, fs_seg_start(g, e, idx[0]));
    fg_line(g, "int64_t %s = %s - %s;", len, fs_seg_start(g, e, xsprintf("%s + 1", idx[0])), lo);
    const char **accs = e->seg == SEG_RED ? fs_decl_accs(g, fs_seg_ops(e)) : NULL;
    if (e->seg == SEG_SCAN)
        accs = fs_decl_accs(g, fs_seg_ops(e));
    if (g->seg_into && g->seg_nreps) { /* the row first (an empty segment's too) */
        const char *rlo, *rhi;
        fs_into_row(g, idx[0], &rlo, &rhi);
        fs_into_fill(g, rlo, rhi);
    }
    fg_line(g, "if (%s > 0) {", len); /* what depends on the segment only, once: if it has points */
    g->indent++;
    int pre = fs_segop_segment(g, s, idx[0]);
    fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", idx[1], idx[1], len, idx[1]);
    g->indent++;
    fr_enter(g, e->args.data[1]);
    const char *saved = g->seg_flat;
    g->seg_flat = xsprintf("(%s + %s)", lo, idx[1]);
    fs_segop_point_from(g, s, idx, accs, pre);
    g->seg_flat = saved;
    fr_leave(g);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    fs_segop_finish(g, s, idx, accs);
    fr_leave(g);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

/* A segop run in sequence: nested loops over its space. */
static void emit_segop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (e->irregular) {
        emit_irregular_segop(g, s);
        return;
    }
    int k = e->params.len;
    const char *loc = c_loc(e->loc);
    const char **w = fs_segop_widths(g, e, loc), **idx = xmalloc(sizeof *idx * (size_t)(k + 1));
    for (int j = 0; j < k; j++)
        idx[j] = fg_fresh(g, "i");
    fs_segop_outputs(g, s, w, loc);
    const char **accs = NULL;
    if (e->seg != SEG_MAP && k == 1)
        accs = fs_decl_accs(g, fs_seg_ops(e));
    int outer = e->seg == SEG_MAP ? k : k - 1;
    for (int j = 0; j < outer; j++) {
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", idx[j], idx[j], w[j], idx[j]);
        g->indent++;
        g->iter++;
        fr_enter(g, e->args.data[j]);
    }
    if (e->seg == SEG_MAP) {
        fs_segop_point(g, s, idx, NULL);
    } else {
        if (k > 1)
            accs = fs_decl_accs(g, fs_seg_ops(e));
        fg_line(g, "for (int64_t %s = 0; %s < %s; %s++) {", idx[k - 1], idx[k - 1], w[k - 1], idx[k - 1]);
        g->indent++;
        fr_enter(g, e->args.data[k - 1]);
        fs_segop_point(g, s, idx, accs);
        fr_leave(g);
        g->indent--;
        fg_line(g, "}");
        if (k > 1)
            fs_segop_finish(g, s, idx, accs);
    }
    for (int j = 0; j < outer; j++) {
        fr_leave(g);
        g->iter--;
        g->indent--;
        fg_line(g, "}");
    }
    if (e->seg != SEG_MAP && k == 1)
        fs_segop_finish(g, s, idx, accs);
}

void fs_soac(FGen *g, const CStm *s) {
    fg_line(g, "{");
    g->indent++;
    switch (s->exp->kind) {
    case CE_SCREMA: emit_screma(g, s); break;
    case CE_SCATTER:
    case CE_HIST: emit_scatter_hist(g, s); break;
    case CE_FILTER: emit_filter(g, s); break;
    case CE_SEGOP: emit_segop(g, s); break;
    default: die("fgen: not a SOAC");
    }
    g->indent--;
    fg_line(g, "}");
}
