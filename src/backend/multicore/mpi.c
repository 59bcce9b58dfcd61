/* mpi.c — weft multicore --mpi (target_multicore_mpi, docs/MPI.md): the same program on every
 * MPI rank (SPMD), every rank holding the whole host state.  A host segop whose space regions.c
 * cuts into units (a segmap's points, the whole segments of a segred or segscan over several
 * dimensions, the elements of a whole reduction) runs only this rank's contiguous block of
 * units, [total r / K, total (r + 1) / K) (rts/wf_mpi.c wf_mpi_part), with the ordinary OpenMP
 * code; then the ranks exchange their blocks (wf_mpi_gather: the outputs' rows) or their
 * partial results (wf_mpi_allgather: every rank folds them in rank order with the program's
 * own operator, so non-commutative operators stay correct).  Everything else — scans over one
 * dimension, irregular segops, scatter, hist, sequential code — runs whole on every rank.
 *
 * Here only the decisions and the exchanges; regions.c calls them around its regions, and
 * without --mpi they emit nothing (the generated code does not change).
 */
#include "regions.h"

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
    for (int o = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++)
            if (ops->data[o].lam->ret.data[j].rank) /* array accumulators: whole on every rank */
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
        if (fs_seg_dims(s->exp, j) == 0)
            continue; /* a whole reduction's result: mpi_combine's */
        const char *x = c_name(p.name);
        StrBuf unit = {0}; /* elements per unit: the dimensions after the units' */
        sb_puts(&unit, "1");
        for (int d = k; d < p.type.rank; d++)
            sb_printf(&unit, " * %s.n[%d]", x, d);
        fg_line(g, "wf_mpi_gather(ctx, %s.p, %d, %s, %s);", x, c_esz(p.type.prim), part.total, unit.data);
    }
    g->indent--;
    fg_line(g, "}");
}

void mpi_combine(FGen *g, MpiPart part, const COperatorVec *ops, const char **accs) {
    if (!part.split)
        return;
    const char *nr = fg_fresh(g, "ranks"), *r = fg_fresh(g, "r");
    fg_line(g, "if (%s) {", part.split);
    g->indent++;
    fg_line(g, "int %s = wf_mpi_size();", nr);
    int nacc = fs_ops_results(ops);
    const char **all = xmalloc(sizeof *all * (size_t)(nacc + 1)), **xs = xmalloc(sizeof *xs * (size_t)(nacc + 1));
    for (int o = 0, a = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++, a++) {
            all[a] = fg_fresh(g, "partial");
            fg_line(g, "%s %s[%s];", c_prim(ops->data[o].lam->ret.data[j].prim), all[a], nr);
            fg_line(g, "wf_mpi_allgather(&%s, %s, sizeof %s);", accs[a], all[a], accs[a]);
            fg_line(g, "%s = %s[0];", accs[a], all[a]);
            xs[a] = xsprintf("%s[%s]", all[a], r);
        }
    fg_line(g, "for (int %s = 1; %s < %s; %s++) {", r, r, nr, r);
    g->indent++;
    g->iter++;
    for (int o = 0, a = 0; o < ops->len; a += ops->data[o].nes.len, o++)
        fs_apply_op(g, &ops->data[o], accs + a, xs + a);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
}

const Target target_multicore_mpi = {"multicore", FLATTEN_CPU, true, false, false, fp_parallel, fp_soac, NULL, NULL,
                                     NULL, "wf_flat_result", "wf_mpi_init, wf_mpi_fini, wf_mpi_sync, wf_mpi_stage, NULL",
                                     true, "wf_mpi_main"};
