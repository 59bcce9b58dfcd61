/* mpi_split.c — the MPI decisions and exchanges of `--mpi` (docs/MPI.md), shared by weft multicore
 * --mpi (multicore/regions.c, segmented.c) and weft cuda --mpi (cuda/kernels.c): the same
 * program on every MPI rank (SPMD), every rank holding the whole host state.  A host segop
 * whose space the target cuts into units (a segmap's points, the whole segments of a segred or
 * segscan over several dimensions, the elements of a whole reduction) runs only this rank's
 * contiguous block of units, [total r / K, total (r + 1) / K) (rts/wf_mpi.c wf_mpi_part), with
 * the target's ordinary code (OpenMP threads, a CUDA kernel); then the ranks exchange their
 * blocks (wf_mpi_gather: the outputs' rows; on a target whose blocks have device copies,
 * wfc_mpi_gather, rts/wf_mpi_cuda.h: the rank's rows from the device first) or their partial
 * results (wf_mpi_allgather: every rank folds them in rank order with the program's own
 * operator, so non-commutative operators stay correct).  An irregular segmap or segred splits
 * its points: a segment's result comes from the rank of its first point, with the pieces of the
 * ranks it runs on into.  Everything else runs whole on every rank (docs/MPI.md).
 *
 * Here only the decisions and the exchanges, in host code over host values; the targets call
 * them around their segops, and without --mpi they emit nothing (the generated code does not
 * change).
 */
#include "mpi_split.h"

/* Closes n blocks the code opened ("{" lines, indented). */
static void close_blocks(FGen *g, int n) {
    while (n-- > 0) {
        g->indent--;
        fg_line(g, "}");
    }
}

MpiPart mpi_whole(const char *total) { return (MpiPart){NULL, total, NULL, total}; }

/* The rank's part of [0, total) as C variables. */
static MpiPart part_decl(FGen *g, const char *total) {
    MpiPart p = {fg_fresh(g, "rank_lo"), fg_fresh(g, "rank_n"), fg_fresh(g, "split"), total};
    fg_line(g, "int64_t %s = 0, %s = %s;", p.lo, p.n, total);
    fg_line(g, "bool %s = wf_mpi_part(ctx, %s, &%s, &%s);", p.split, total, p.lo, p.n);
    return p;
}

/* Whether s's outputs over its units have rows of one length (a concatenated result's rows
 * have the lengths of its offsets: not split). */
static bool rows_split(const CStm *s) {
    for (int j = 0; j < s->pat.len; j++) {
        CAtom o;
        if (cexp_concat(s->exp, j - fs_ops_results(fs_seg_ops(s->exp)), &o))
            return false;
    }
    return true;
}

MpiPart mpi_part(FGen *g, const CStm *s, const char *total) {
    if (!g->target->mpi || !rows_split(s))
        return mpi_whole(total);
    return part_decl(g, total);
}

MpiPart mpi_part_fold(FGen *g, const CStm *s, const COperatorVec *ops, const char *total) {
    if (!g->target->mpi || !rows_split(s))
        return mpi_whole(total);
    for (int o = 0; o < ops->len && s->exp->seg == SEG_SCAN; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++)
            if (ops->data[o].lam->ret.data[j].rank) /* a scan of arrays: whole on every rank */
                return mpi_whole(total);
    return part_decl(g, total);
}

void mpi_gather_rows(FGen *g, const CStm *s, MpiPart part, int k) {
    if (!part.split)
        return;
    fg_line(g, "if (%s) {", part.split);
    g->indent++;
    for (int j = 0; j < s->pat.len; j++) {
        CParam p = s->pat.data[j];
        if (fs_seg_dims(s->exp, j) == 0 ||
            (s->exp->irregular && s->exp->seg == SEG_RED && j < fs_ops_results(&s->exp->reds)))
            continue; /* a whole reduction's result (mpi_combine's), an irregular one's (mpi_segments') */
        const char *x = c_name(p.name);
        StrBuf unit = {0}; /* elements per unit: the dimensions after the units' */
        sb_puts(&unit, "1");
        for (int d = k; d < p.type.rank; d++)
            sb_printf(&unit, " * %s.n[%d]", x, d);
        if (g->target->mirrored) /* the rank's rows are on the device */
            fg_fail(g, xsprintf("wfc_mpi_gather(ctx, %s.m, %s.p, %d, %s, %s)", x, x, c_esz(p.type.prim), part.total,
                                unit.data),
                    "1");
        else
            fg_line(g, "wf_mpi_gather(ctx, %s.p, %d, %s, %s);", x, c_esz(p.type.prim), part.total, unit.data);
    }
    g->indent--;
    fg_line(g, "}");
}

/* The type of the a-th accumulator of ops. */
static CType acc_type(const COperatorVec *ops, int a) {
    for (int o = 0; o < ops->len; a -= ops->data[o].nes.len, o++)
        if (a < ops->data[o].nes.len)
            return ops->data[o].lam->ret.data[a];
    die("mpi: an accumulator out of range");
}

static const char *acc_ctype(const COperatorVec *ops, int a) { return c_prim(acc_type(ops, a).prim); }

/* Every rank's value of the a-th accumulator, a scalar (*mine, a C lvalue), in a C array indexed
 * by rank (its name returned); nr names the number of ranks. */
static const char *gather_partials(FGen *g, const COperatorVec *ops, const char **mine, int a, const char *nr) {
    const char *all = fg_fresh(g, "partial");
    fg_line(g, "%s %s[%s];", acc_ctype(ops, a), all, nr);
    fg_line(g, "wf_mpi_allgather(&%s, %s, sizeof %s[0]);", *mine, all, all);
    return all;
}

/* accs = accs (+) all[a][r] for r in [from, to): the ranks' partials in rank order. */
static void fold_ranks(FGen *g, const COperatorVec *ops, const char **accs, const char **all, const char *from,
                       const char *to) {
    int nacc = fs_ops_results(ops);
    const char *r = fg_fresh(g, "r"), **xs = xmalloc(sizeof *xs * (size_t)(nacc + 1));
    for (int a = 0; a < nacc; a++)
        xs[a] = xsprintf("%s[%s]", all[a], r);
    fg_line(g, "for (int %s = %s; %s < %s; %s++) {", r, from, r, to, r);
    g->indent++;
    g->iter++;
    for (int o = 0, a = 0; o < ops->len; a += ops->data[o].nes.len, o++)
        fs_apply_op(g, &ops->data[o], accs + a, xs + a);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
}

/* An array accumulator's partial of every rank: acc (a view) copied dense, and all the ranks'
 * copies in a buffer of the ranks' elements one after the other; returns the dense copy's name
 * (its element count in `count`), the buffer's in *buf. */
static const char *gather_array(FGen *g, const char *acc, CType t, const char *loc, const char **buf,
                                const char **count) {
    const char *mine = fg_fresh(g, "mine");
    *buf = fg_fresh(g, "partials");
    *count = fg_fresh(g, "count");
    fg_line(g, "%s %s = %s;", fg_ctype(g, t), mine, acc);
    fa_copy_fresh(g, mine, NULL, t, false, loc);
    StrBuf n = {0};
    sb_puts(&n, "1");
    for (int d = 0; d < t.rank; d++)
        sb_printf(&n, " * %s.n[%d]", mine, d);
    fg_line(g, "int64_t %s = %s;", *count, n.data);
    fg_line(g, "%s *%s = wf_mpi_allgather_new(ctx, %s.p, %s * %d);", c_prim(t.prim), *buf, mine, *count, c_esz(t.prim));
    return mine;
}

/* x = rank r's partial of an array accumulator (gather_array), a fresh copy. */
static void array_partial(FGen *g, const char *x, CType t, const char *mine, const char *buf, const char *count,
                          const char *r, const char *loc) {
    fg_line(g, "%s = %s;", x, mine);
    fg_line(g, "%s.p = %s + (int64_t)%s * %s;", x, buf, r, count);
    fg_line(g, "%s.m = NULL;", x);
    fa_copy_fresh(g, x, NULL, t, false, loc);
}

void mpi_combine(FGen *g, MpiPart part, const COperatorVec *ops, const char **accs, const char *loc) {
    if (!part.split)
        return;
    int nacc = fs_ops_results(ops);
    const char *nr = fg_fresh(g, "ranks"), *r = fg_fresh(g, "r");
    fg_line(g, "if (%s) {", part.split);
    g->indent++;
    fg_line(g, "int %s = wf_mpi_size();", nr);
    const char **all = xmalloc(sizeof *all * (size_t)(nacc + 1)), **mine = xmalloc(sizeof *mine * (size_t)(nacc + 1)),
               **count = xmalloc(sizeof *count * (size_t)(nacc + 1)), **xs = xmalloc(sizeof *xs * (size_t)(nacc + 1));
    for (int a = 0; a < nacc; a++) {
        CType t = acc_type(ops, a);
        if (t.rank == 0) {
            all[a] = gather_partials(g, ops, accs + a, a, nr);
            fg_line(g, "%s = %s[0];", accs[a], all[a]);
            xs[a] = xsprintf("%s[%s]", all[a], r);
            continue;
        }
        mine[a] = gather_array(g, accs[a], t, loc, &all[a], &count[a]);
        fg_release(g, accs[a]);
        array_partial(g, accs[a], t, mine[a], all[a], count[a], "0", loc);
        xs[a] = fg_fresh(g, "x");
        fg_line(g, "%s %s;", fg_ctype(g, t), xs[a]);
    }
    fg_line(g, "for (int %s = 1; %s < %s; %s++) {", r, r, nr, r);
    g->indent++;
    g->iter++;
    for (int a = 0; a < nacc; a++)
        if (acc_type(ops, a).rank)
            array_partial(g, xs[a], acc_type(ops, a), mine[a], all[a], count[a], r, loc);
    for (int o = 0, a = 0; o < ops->len; a += ops->data[o].nes.len, o++)
        fs_apply_op(g, &ops->data[o], accs + a, xs + a);
    for (int a = 0; a < nacc; a++)
        if (acc_type(ops, a).rank)
            fg_release(g, xs[a]);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    for (int a = 0; a < nacc; a++)
        if (acc_type(ops, a).rank) {
            fg_line(g, "free(%s);", all[a]);
            fg_release(g, mine[a]);
        }
    g->indent--;
    fg_line(g, "}");
}

void mpi_scan_carry(FGen *g, const CStm *s, MpiPart part, const COperatorVec *ops) {
    if (!part.split)
        return;
    int nacc = fs_ops_results(ops);
    const char *nr = fg_fresh(g, "ranks"), *me = fg_fresh(g, "rank"), *i = fg_fresh(g, "i");
    const char *last = xsprintf("%s + %s - 1", part.lo, part.n);
    fg_line(g, "if (%s) {", part.split);
    g->indent++;
    fg_line(g, "int %s = wf_mpi_size(), %s = wf_mpi_rank();", nr, me);
    /* the rank's total: its last output, or the neutral element when it has none */
    const char **mine = xmalloc(sizeof *mine * (size_t)(nacc + 1)), **carry = xmalloc(sizeof *carry * (size_t)(nacc + 1)),
               **x = xmalloc(sizeof *x * (size_t)(nacc + 1)), **out = xmalloc(sizeof *out * (size_t)(nacc + 1));
    for (int o = 0, a = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++, a++) {
            const char *var = s->pat.data[a].name;
            mine[a] = fg_fresh(g, "mine");
            fg_line(g, "%s %s = %s > 0 ? %s : %s;", acc_ctype(ops, a), mine[a], part.n,
                    fg_elem(g, c_name(var), var, &last, 1), fg_atom(g, ops->data[o].nes.data[j]));
        }
    const char **all = xmalloc(sizeof *all * (size_t)(nacc + 1));
    for (int a = 0; a < nacc; a++)
        all[a] = gather_partials(g, ops, mine + a, a, nr);
    /* the carry into the rank: the totals of the ranks before it, applied to each output */
    fg_line(g, "if (%s > 0 && %s > 0) {", me, part.n);
    g->indent++;
    for (int a = 0; a < nacc; a++) {
        carry[a] = fg_fresh(g, "carry");
        fg_line(g, "%s %s = %s[0];", acc_ctype(ops, a), carry[a], all[a]);
    }
    fold_ranks(g, ops, carry, all, "1", me);
    fg_line(g, "for (int64_t %s = %s; %s < %s + %s; %s++) {", i, part.lo, i, part.lo, part.n, i);
    g->indent++;
    g->iter++;
    for (int a = 0; a < nacc; a++) {
        const char *var = s->pat.data[a].name;
        x[a] = fg_fresh(g, "x");
        out[a] = fg_elem(g, c_name(var), var, &i, 1);
        fg_line(g, "%s %s = %s;", acc_ctype(ops, a), x[a], carry[a]);
    }
    for (int o = 0, a = 0; o < ops->len; a += ops->data[o].nes.len, o++)
        fs_apply_op(g, &ops->data[o], x + a, out + a);
    for (int a = 0; a < nacc; a++)
        fg_line(g, "%s = %s;", out[a], x[a]);
    g->iter--;
    close_blocks(g, 3);
}

/* The rank's head: the segment holding its first point when that segment began on a rank
 * before (-1: none; -2: the rank has no points, a segment may run on across it), in C variable
 * head; first[q]: the first segment beginning on rank q or after (first[K] = n). */
static void segment_bounds(FGen *g, MpiPart part, const char *O, const char *n, const char *nr, const char *me,
                           const char *first, const char *head) {
    const char *q = fg_fresh(g, "q");
    fg_line(g, "int64_t %s[%s + 1], %s = %s > 0 ? -1 : -2;", first, nr, head, part.n);
    fg_line(g, "for (int %s = 0; %s < %s; %s++)", q, q, nr, q);
    fg_line(g, "    %s[%s] = wf_mpi_first_segment(%s.p, %s.s[0], %s, %s, %s);", first, q, O, O, n, part.total, q);
    fg_line(g, "%s[%s] = %s;", first, nr, n);
    fg_line(g, "if (%s > 0 && %s[%s] > 0 && %s.p[%s[%s] * %s.s[0]] > %s)", part.n, first, me, O, first, me, O, part.lo);
    fg_line(g, "    %s = %s[%s] - 1;", head, first, me);
}

void mpi_segments(FGen *g, const CStm *s, MpiPart part, const char *O, const char *n) {
    if (!part.split)
        return;
    const COperatorVec *ops = &s->exp->reds;
    int nacc = fs_ops_results(ops);
    const char *nr = fg_fresh(g, "ranks"), *me = fg_fresh(g, "rank"), *first = fg_fresh(g, "first"),
               *head = fg_fresh(g, "head"), *heads = fg_fresh(g, "heads"), *last = fg_fresh(g, "last"),
               *r = fg_fresh(g, "r");
    fg_line(g, "if (%s) {", part.split);
    g->indent++;
    fg_line(g, "int %s = wf_mpi_size(), %s = wf_mpi_rank();", nr, me);
    segment_bounds(g, part, O, n, nr, me, first, head);
    fg_line(g, "int64_t %s[%s];", heads, nr);
    fg_line(g, "wf_mpi_allgather(&%s, %s, sizeof %s);", head, heads, head);
    /* every rank's piece of its head segment (the neutral element when it has none) */
    const char **out = xmalloc(sizeof *out * (size_t)(nacc + 1)), **mine = xmalloc(sizeof *mine * (size_t)(nacc + 1)),
               **all = xmalloc(sizeof *all * (size_t)(nacc + 1)), **acc = xmalloc(sizeof *acc * (size_t)(nacc + 1));
    for (int o = 0, a = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++, a++) {
            const char *var = s->pat.data[a].name;
            mine[a] = fg_fresh(g, "mine");
            fg_line(g, "%s %s = %s >= 0 ? %s : %s;", acc_ctype(ops, a), mine[a], head,
                    fg_elem(g, c_name(var), var, &head, 1), fg_atom(g, ops->data[o].nes.data[j]));
            all[a] = gather_partials(g, ops, mine + a, a, nr);
        }
    /* the rank's last segment: the pieces of the ranks after it that began inside it */
    fg_line(g, "int64_t %s = %s[%s + 1] - 1;", last, first, me);
    fg_line(g, "if (%s >= %s[%s]) {", last, first, me);
    g->indent++;
    for (int a = 0; a < nacc; a++) {
        const char *var = s->pat.data[a].name;
        out[a] = fg_elem(g, c_name(var), var, &last, 1);
        acc[a] = fg_fresh(g, "acc");
        fg_line(g, "%s %s = %s;", acc_ctype(ops, a), acc[a], out[a]);
    }
    fg_line(g, "for (int %s = %s + 1; %s < %s && (%s[%s] == %s || %s[%s] == -2); %s++) {", r, me, r, nr, heads, r, last,
            heads, r, r);
    g->indent++;
    g->iter++;
    const char **xs = xmalloc(sizeof *xs * (size_t)(nacc + 1));
    for (int a = 0; a < nacc; a++)
        xs[a] = xsprintf("%s[%s]", all[a], r);
    for (int o = 0, a = 0; o < ops->len; a += ops->data[o].nes.len, o++)
        fs_apply_op(g, &ops->data[o], acc + a, xs + a);
    g->iter--;
    close_blocks(g, 1);
    for (int a = 0; a < nacc; a++)
        fg_line(g, "%s = %s;", out[a], acc[a]);
    close_blocks(g, 1);
    /* every rank's segments to every rank */
    for (int a = 0; a < nacc; a++) {
        const char *x = c_name(s->pat.data[a].name);
        fg_line(g, "wf_mpi_gather_at(ctx, %s.p, %d, %s);", x, c_esz(acc_type(ops, a).prim), first);
    }
    close_blocks(g, 1);
}
