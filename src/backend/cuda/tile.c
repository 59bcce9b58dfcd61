/* tile.c — block tiling of dot-product nests for weft cuda (seed 001 §3: moderate flattening's
 * version (2) "plus block tiling").
 *
 * A segmap over a two-dimensional space (i < n0, j < n1) whose body reads a row of a free
 * rank-2 array at i, a row of another at j, and folds them with one reduce-map over their
 * common length m — matrix multiplication's dot products — reads every row n1 (or n0) times.
 * The tiled kernel cuts the space into TILE x TILE thread blocks; the block walks the rows in
 * steps of KTILE columns, each step loading a TILE x KTILE tile of every row group into shared
 * memory (each element read once per block), then every thread folds its KTILE elements from
 * there, while the next step's elements are on their way into registers.  Each thread folds its elements in increasing order from the neutral element, so the
 * result is exactly the untiled kernel's.
 *
 * Only bodies that cannot fail or allocate qualify (the block's threads meet at barriers), and
 * only when the host sees the shapes agree (every row index in range, every row m long); the
 * launcher falls back to the untiled kernel otherwise, which reports what is wrong.
 *
 * kernels.c makes the kernel's spec and launcher; this file finds the pattern and writes the
 * spec's tile() method (rts/flat_dev.cuh wfd_run_tiled launches it).
 */
#include <string.h>

#include "cuda.h"

/* The row binding `x = index A [gtid_d]` of the body for variable name, or -1. */
static int row_binding(FGen *g, const CExp *seg, const char *name, FTileRow *row) {
    const CBody *b = seg->body;
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        const CExp *x = s->exp;
        if (s->pat.len != 1 || s->pat.data[0].name != name)
            continue;
        if (x->kind != CE_INDEX || x->slice.len != 1 || x->slice.data[0].is_slice ||
            x->slice.data[0].start.kind != CA_VAR || x->args.data[0].kind != CA_VAR)
            return -1;
        FVar *a = omap_get(&g->vars, x->args.data[0].var);
        if (!a || a->type.rank != 2 || s->pat.data[0].type.rank != 1)
            return -1;
        for (int d = 0; d < 2; d++)
            if (x->slice.data[0].start.var == seg->params.data[d].name) {
                row->array = x->args.data[0].var;
                row->dim = d;
                row->prim = a->type.prim;
                return i;
            }
        return -1;
    }
    return -1;
}

/* The tiled kernel runs the dot product's lambdas between barriers: nest.c's dot products have
 * lambdas of scalar operations that cannot fail, reading nothing of the segmap's body. */
bool ft_match(FGen *g, const CExp *e, FTile *t) {
    memset(t, 0, sizeof *t);
    if (e->kind != CE_SEGOP || e->seg != SEG_MAP || e->level != SEG_GRID || e->params.len != 2)
        return false;
    const CBody *b = e->body;
    const CExp *x = fn_dot_product(g, b, &e->params);
    if (!x)
        return false;
    int n = x->arrays.len;
    if (n < 1 || n > FT_MAX_ROWS || b->stms.len != n + 1)
        return false;
    bool used[FT_MAX_ROWS + 1] = {false};
    for (int q = 0; q < n; q++) {
        CAtom in = x->arrays.data[q];
        if (in.kind != CA_VAR)
            return false;
        int at = row_binding(g, e, in.var, &t->rows[q]);
        if (at < 0 || used[at])
            return false;
        used[at] = true;
    }
    t->nrows = n;
    t->screma = x;
    t->result = e->body->result.data[0].var;
    return true;
}

/* The host's condition for the tiled kernel: every row index in range, every row w long. */
const char *ft_host_condition(FGen *g, const FTile *t, const char **w) {
    StrBuf sb = {0};
    sb_printf(&sb, "%s >= 0", fg_atom(g, t->screma->args.data[0]));
    for (int q = 0; q < t->nrows; q++) {
        const char *a = c_name(t->rows[q].array);
        sb_printf(&sb, " && %s <= %s.n[0] && %s.n[1] == %s", w[t->rows[q].dim], a, a,
                  fg_atom(g, t->screma->args.data[0]));
    }
    return sb.data;
}

/* Shared memory of one row group's tile, in bytes: FT_TILE rows of FT_KTILE + 1 elements (the
 * padding: a warp reading FT_TILE rows at one column hits distinct banks). */
static int tile_bytes(PrimType p) { return (FT_TILE * (FT_KTILE + 1) * c_esz(p) + 15) / 16 * 16; }

int ft_smem_bytes(const FTile *t) {
    int at = 0;
    for (int q = 0; q < t->nrows; q++)
        at += tile_bytes(t->rows[q].prim);
    return at;
}

/* Each row group's part of a step, moved by thread lin_ in FT_KTILE / FT_TILE turns: element
 * (r_, c_) of the tile is row (origin + r_), column (k0 + c_), the threads taking the elements
 * so that neighbours touch neighbouring words of global memory (along the row when its elements
 * are adjacent, rm_, else down the column).  load: from global memory into the thread's
 * registers pre<q>_ (the step starting at column k0, a C expression; elements outside the rows
 * or past khi_ are never read); else: the registers into the tiles in shared memory. */
static void move_step(FGen *g, const FTile *t, const char *k0, bool load) {
    for (int q = 0; q < t->nrows; q++) {
        const FTileRow *r = &t->rows[q];
        const char *a = c_name(r->array);
        fg_line(g, "{");
        g->indent++;
        fg_line(g, "const bool rm_ = %s.s[1] == 1;", a);
        fg_line(g, "#pragma unroll");
        fg_line(g, "for (int p_ = 0; p_ < %d; p_++) {", FT_KTILE / FT_TILE);
        g->indent++;
        fg_line(g, "const int idx_ = lin_ + p_ * %d;", FT_TILE * FT_TILE);
        fg_line(g, "const int r_ = rm_ ? idx_ / %d : idx_ %% %d, c_ = rm_ ? idx_ %% %d : idx_ / %d;", FT_KTILE, FT_TILE,
                FT_KTILE, FT_TILE);
        if (load) {
            fg_line(g, "const int64_t row_ = %s + r_, col_ = %s + c_;", r->dim == 0 ? "i0_" : "j0_", k0);
            fg_line(g, "if (row_ < wd[%d] && col_ < khi_)", r->dim);
            fg_line(g, "    pre%d_[p_] = %s.p[row_ * %s.s[0] + col_ * %s.s[1]];", q, a, a, a);
        } else {
            fg_line(g, "tile%d_[r_ * %d + c_] = pre%d_[p_];", q, FT_KTILE + 1, q);
        }
        g->indent--;
        fg_line(g, "}");
        g->indent--;
        fg_line(g, "}");
    }
}

/* One element of the fold: the map lambda on the tiles' elements at column kk_, then the
 * operator on the accumulator and its result. */
static void fold_step(FGen *g, const FTile *t) {
    const CExp *x = t->screma;
    const COperator *op = &x->reds.data[0];
    const char *ty = c_prim(x->lam->ret.data[0].prim);
    const char **args = xmalloc(sizeof *args * (size_t)(t->nrows + 2));
    for (int q = 0; q < t->nrows; q++)
        args[q] = xsprintf("tile%d_[%s * %d + kk_]", q, t->rows[q].dim == 0 ? "ty_" : "tx_", FT_KTILE + 1);
    fg_line(g, "%s v_, nacc_;", ty);
    FDest dv = {DEST_VAR, "v_"}, da = {DEST_VAR, "nacc_"};
    fg_lambda(g, x->lam, args, &dv, true);
    const char *oargs[2] = {"acc_", "v_"};
    fg_lambda(g, op->lam, oargs, &da, true);
    fg_line(g, "acc_ = nacc_;");
}

/* The spec's tile() method's body (device mode, inside the method's braces): the block whose
 * first point is (i0_, j0_) folds columns klo_..khi_ of its rows, its tiles at sm_, into out (or
 * into part_, a partial result per point, when the columns are split over several blocks).
 * Steps of FT_KTILE columns: the registers hold the next step's elements, loaded while the block
 * folds the current one from shared memory. */
void ft_emit_tile_body(FGen *g, const FTile *t, const char *out) {
    const CExp *x = t->screma;
    const COperator *op = &x->reds.data[0];
    fg_line(g, "const int tx_ = (int)threadIdx.x, ty_ = (int)threadIdx.y, lin_ = ty_ * %d + tx_;", FT_TILE);
    fg_line(g, "const int64_t g0_ = i0_ + ty_, g1_ = j0_ + tx_;");
    fg_line(g, "const bool in_ = g0_ < wd[0] && g1_ < wd[1];");
    int at = 0;
    for (int q = 0; q < t->nrows; q++) {
        const char *ty = c_prim(t->rows[q].prim);
        fg_line(g, "%s *tile%d_ = (%s *)(sm_ + %d);", ty, q, ty, at);
        fg_line(g, "%s pre%d_[%d] = {0};", ty, q, FT_KTILE / FT_TILE);
        at += tile_bytes(t->rows[q].prim);
    }
    fg_line(g, "%s acc_ = %s;", c_prim(x->lam->ret.data[0].prim), fg_atom(g, op->nes.data[0]));
    move_step(g, t, "klo_", true);
    fg_line(g, "for (int64_t k0_ = klo_; k0_ < khi_; k0_ += %d) {", FT_KTILE);
    g->indent++;
    move_step(g, t, NULL, false);
    fg_line(g, "__syncthreads();");
    fg_line(g, "if (k0_ + %d < khi_) {", FT_KTILE);
    g->indent++;
    move_step(g, t, xsprintf("k0_ + %d", FT_KTILE), true);
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "if (in_) {");
    g->indent++;
    fg_line(g, "const int kn_ = khi_ - k0_ < %d ? (int)(khi_ - k0_) : %d;", FT_KTILE, FT_KTILE);
    fg_line(g, "#pragma unroll 8");
    fg_line(g, "for (int kk_ = 0; kk_ < kn_; kk_++) {");
    g->indent++;
    fold_step(g, t);
    g->indent--;
    fg_line(g, "}");
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "__syncthreads();");
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "if (in_ && part_)");
    fg_line(g, "    part_[g0_ * wd[1] + g1_] = acc_;");
    fg_line(g, "else if (in_)");
    fg_line(g, "    %s.p[g0_ * %s.s[0] + g1_ * %s.s[1]] = acc_;", out, out, out);
}

/* The spec's finish() method's body: point i_'s partial results (nparts_ of them, a plane of
 * wd[0] * wd[1] apart) folded in order with the operator into out. */
void ft_emit_finish_body(FGen *g, const FTile *t, const char *out) {
    const COperator *op = &t->screma->reds.data[0];
    const char *ty = c_prim(t->screma->lam->ret.data[0].prim);
    fg_line(g, "const int64_t plane_ = wd[0] * wd[1];");
    fg_line(g, "%s acc_ = parts_[i_];", ty);
    fg_line(g, "for (int64_t z_ = 1; z_ < nparts_; z_++) {");
    g->indent++;
    fg_line(g, "%s v_ = parts_[z_ * plane_ + i_], nacc_;", ty);
    const char *oargs[2] = {"acc_", "v_"};
    FDest da = {DEST_VAR, "nacc_"};
    fg_lambda(g, op->lam, oargs, &da, true);
    fg_line(g, "acc_ = nacc_;");
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "%s.p[(i_ / wd[1]) * %s.s[0] + (i_ %% wd[1]) * %s.s[1]] = acc_;", out, out, out);
}

/* The C type of the fold's accumulator and, in device mode, the fold's width. */
const char *ft_acc_type(const FTile *t) { return c_prim(t->screma->lam->ret.data[0].prim); }
const char *ft_width(FGen *g, const FTile *t) { return fg_atom(g, t->screma->args.data[0]); }
