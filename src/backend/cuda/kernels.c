/* kernels.c — the CUDA target (target_cuda): the flattened program's host code is the
 * emitter's sequential C, its segops run as CUDA kernels.
 *
 * A segop on the host becomes a kernel when it can: a segmap of any body, a segred or segscan
 * of scalar operators over one dimension (the single-pass scans and tree reductions of
 * rts/cuda_kernels.cuh), or over several (one thread per segment: rts/flat_dev.cuh).  Others
 * run on the host.  For a kernel the generator writes, into OUT.cu:
 *
 *   struct seg_N_args      what the kernel reads: the widths, the free scalars, device views of
 *                          the free arrays and of the outputs (the same struct in OUT.c);
 *   struct seg_N : args    the spec the kernel templates call: elem(i) runs the segop's body at
 *                          point i — the very code the host would run (emit*.c), compiled against
 *                          rts/flat_dev.cuh — writing map results into the outputs and handing
 *                          back the operands of the operators; red_op / scan_op the operators;
 *   wfk_launch_N           the launcher OUT.c calls (through wfc_launch, rts/flat_cuda.h).
 *
 * Memory (rts/flat_cuda.h): blocks have device copies, current or stale on either side.  Host
 * statements make the blocks they read current on the host first and mark the ones they write
 * stale on the device; a kernel uploads the stale inputs it reads and leaves its outputs on the
 * device.  Points that allocate arrays get per-thread arenas (retried bigger when too small).
 *
 * Coalescing (seed 003 3.5): a free array of rank >= 2 that the body reads row by row through
 * the innermost index of the space (each thread walking its own row) is passed to the kernel as
 * a transposed copy, its view's strides swapped: neighbouring threads then read neighbouring
 * words.  The body indexes such arrays through their strides.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../mpi_split.h"
#include "cuda.h"

/* ------------------------------------------------------------------ which segops */


/* Whether an operator of ops may allocate (a call of a function does): the kernels apply
 * operators (combine, red_op, scan_op) where a thread has no arena. */
static bool ops_allocate(const COperatorVec *ops) {
    for (int i = 0; i < ops->len; i++)
        if (opt_body_may_allocate(ops->data[i].lam->body))
            return true;
    return false;
}

/* A reduction over one dimension whose operators take arrays, or whose operands need arenas:
 * each thread folds a chunk of the points into accumulators of its own (in its arena, the
 * operators applied as on the host) and stores them in a row of per-thread totals, which the
 * host then folds in order. */
static bool chunked(const CExp *e) {
    return e->seg == SEG_RED && e->params.len == 1 &&
           (!coperators_scalar(&e->reds) || opt_body_may_allocate(e->body) || ops_allocate(&e->reds));
}

bool fc_kernel(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (g->device || g->lam)
        return false;
    if (e->kind == CE_SCATTER)
        return true;
    if (e->kind == CE_HIST) /* one destination of scalar bins: atomics */
        return e->dests.len == 1 && fs_hist_scalar(e) && !ops_allocate(&e->reds);
    if (e->kind != CE_SEGOP || e->level != SEG_GRID)
        return false;
    if (e->irregular) /* by points, without arenas (rts/cuda_irregular.cuh) */
        return (e->seg == SEG_MAP || (coperators_scalar(fs_seg_ops(e)) && !ops_allocate(fs_seg_ops(e)))) &&
               !opt_body_may_allocate(e->body);
    if (e->seg == SEG_MAP)
        return true;
    /* reductions and scans: scalar operators, operands computed without arenas; a reduction
     * over one dimension otherwise by chunks (below) */
    return (coperators_scalar(fs_seg_ops(e)) && !opt_body_may_allocate(e->body) && !ops_allocate(fs_seg_ops(e))) ||
           chunked(e);
}

/* A scan of a plain array: a one-dimensional segscan whose body reads element gtid of a free
 * dense array and hands it to a built-in operator.  The array's name, or NULL. */
static const char *plain_scan(FGen *g, const CExp *e) {
    if (e->kind != CE_SEGOP || e->seg != SEG_SCAN || e->params.len != 1 || e->scans.len != 1 ||
        fs_simple_op_code(&e->scans.data[0]) < 0 || e->body->stms.len != 1 || e->body->result.len != 1)
        return NULL;
    const CStm *s = &e->body->stms.data[0];
    const CExp *x = s->exp;
    if (x->kind != CE_INDEX || x->slice.len != 1 || x->slice.data[0].is_slice || x->args.data[0].kind != CA_VAR ||
        x->slice.data[0].start.kind != CA_VAR || x->slice.data[0].start.var != e->params.data[0].name ||
        e->body->result.data[0].kind != CA_VAR || e->body->result.data[0].var != s->pat.data[0].name)
        return NULL;
    FVar *a = omap_get(&g->vars, x->args.data[0].var);
    if (!a || a->type.rank != 1 || a->layout != LAYOUT_DENSE || a->type.prim != e->scans.data[0].lam->ret.data[0].prim)
        return NULL;
    return x->args.data[0].var;
}

/* ------------------------------------------------------------------ free variables */

typedef struct {
    Vec(const char *) names; /* bound outside, read by the segop */
    OMap transposed;         /* arrays passed transposed (coalescing) */
    OMap dense;              /* arrays passed as dense copies when their rows are strided */
} Free;

static void free_vars(FGen *g, const CExp *e, Free *fv) {
    OMap uses = {0};
    opt_count_exp((CExp *)e, &uses);
    for (int k = 0; k < uses.cap; k++) {
        const char *v = uses.keys[k];
        if (!v || !omap_get(&g->vars, v) || omap_has(&g->lazy_iotas, v))
            continue;
        vec_push(&fv->names, v);
    }
}

/* Coalescing: arrays of rank 2 that the body indexes by the fast index of the space (fast_dim:
 * the innermost, as a rule) in their first dimension, the row then read element by element. */
static void find_transposed(FGen *g, const CExp *e, int fast, Free *fv) {
    const char *inner = e->params.data[fast].name;
    for (int i = 0; i < e->body->stms.len; i++) {
        const CStm *s = &e->body->stms.data[i];
        const CExp *x = s->exp;
        if (x->kind != CE_INDEX || x->slice.len != 1 || x->slice.data[0].is_slice ||
            x->slice.data[0].start.kind != CA_VAR || x->slice.data[0].start.var != inner ||
            x->args.data[0].kind != CA_VAR || s->pat.data[0].type.rank != 1)
            continue;
        const char *a = x->args.data[0].var;
        FVar *v = omap_get(&g->vars, a);
        if (v && v->type.rank == 2)
            omap_put(&fv->transposed, a, (void *)1);
    }
}

/* Coalescing, the other way: arrays of rank 2 read at [x, inner] — the fast index of the
 * space in their last dimension, directly or through a row view — which neighbouring threads
 * read at neighbouring inner indices.  When the view's rows are strided (a transpose), the
 * kernel gets a dense copy (pass_view). */
static void find_dense(FGen *g, const CExp *e, int fast, Free *fv) {
    const char *inner = e->params.data[fast].name;
    OMap rows = {0}; /* row view -> the rank-2 array it is a row of */
    for (int i = 0; i < e->body->stms.len; i++) {
        const CStm *s = &e->body->stms.data[i];
        const CExp *x = s->exp;
        if (x->kind != CE_INDEX || x->args.data[0].kind != CA_VAR)
            continue;
        const char *a = x->args.data[0].var;
        FVar *v = omap_get(&g->vars, a);
        int n = x->slice.len;
        bool plain = true;
        for (int k = 0; k < n; k++)
            plain &= !x->slice.data[k].is_slice;
        if (!plain)
            continue;
        if (v && v->type.rank == 2 && n == 1 && v->layout != LAYOUT_DENSE) {
            omap_put(&rows, s->pat.data[0].name, (void *)a);
            continue;
        }
        CAtom last = x->slice.data[n - 1].start;
        if (last.kind != CA_VAR || last.var != inner)
            continue;
        const char *base = NULL;
        if (v && v->type.rank == 2 && n == 2 && v->layout != LAYOUT_DENSE)
            base = a;
        else if (n == 1 && omap_has(&rows, a))
            base = omap_get(&rows, a);
        if (base && !omap_has(&fv->transposed, base))
            omap_put(&fv->dense, base, (void *)1);
    }
}

/* ------------------------------------------------------------------ device code */

static bool body_loops(const CBody *b);

/* The space's dimensions a statement's uses depend on (a bit each), by masks: name -> bits. */
static intptr_t uses_mask(CExp *e, const OMap *masks) {
    OMap uses = {0};
    opt_count_exp(e, &uses);
    intptr_t m = 0;
    for (int i = 0; i < uses.cap; i++)
        if (uses.keys[i])
            m |= omap_int(masks, uses.keys[i]);
    return m;
}

static intptr_t atom_mask(CAtom a, const OMap *masks) { return a.kind == CA_VAR ? omap_int(masks, a.var) : 0; }

/* The dimensions the sizes of b's loops depend on (into *shape): the widths of its SOACs,
 * iotas and replicates and the bounds of its for-loops, nested ones included (a while-loop's
 * steps depend on its values: not counted).  masks gives each name the dimensions its value
 * depends on; a name bound inside a nested body gets its whole statement's. */
static void body_shape(CBody *b, OMap *masks, intptr_t *shape) {
    for (int i = 0; i < b->stms.len; i++) {
        CStm *st = &b->stms.data[i];
        CExp *e = st->exp;
        intptr_t m = uses_mask(e, masks);
        switch (e->kind) {
        case CE_SCREMA: case CE_SCATTER: case CE_HIST: case CE_FILTER: case CE_COUNT: case CE_IOTA:
        case CE_REPLICATE:
            *shape |= atom_mask(e->args.data[0], masks);
            break;
        case CE_LOOP:
            if (e->index)
                *shape |= atom_mask(e->bound, masks);
            break;
        default:
            break;
        }
        OMap inner = {0};
        opt_bound_exp(e, &inner);
        for (int j = 0; j < inner.cap; j++)
            if (inner.keys[j])
                omap_put(masks, inner.keys[j], (void *)m);
        if (e->body)
            body_shape(e->body, masks, shape);
        if (e->body2)
            body_shape(e->body2, masks, shape);
        if (e->lam)
            body_shape(e->lam->body, masks, shape);
        for (int p = 0; p < st->pat.len; p++)
            omap_put(masks, st->pat.data[p].name, (void *)m);
    }
}

/* The dimension of a segmap's space whose index neighbouring threads differ in: the innermost,
 * unless the sizes of the points' loops depend on it and not on another dimension, which then
 * goes fastest, so that the threads of a warp loop alike (InterestCalib's likelihood: a point
 * per genome and quote, its loops as long as the quote's payments; the genomes go fastest). */
static int fast_dim(const CExp *e) {
    int k = e->params.len;
    if (k < 2 || k > 30 || e->irregular || !body_loops(e->body))
        return k - 1;
    OMap masks = {0};
    for (int j = 0; j < k; j++)
        omap_put(&masks, e->params.data[j].name, (void *)((intptr_t)1 << j));
    intptr_t shape = 0;
    body_shape(e->body, &masks, &shape);
    if (!(shape & ((intptr_t)1 << (k - 1))))
        return k - 1;
    for (int j = k - 2; j >= 0; j--)
        if (!(shape & ((intptr_t)1 << j)))
            return j;
    return k - 1;
}

/* Whether a point running b loops: a loop, a SOAC or a call at its level or in its ifs.  Such
 * a segmap's points are long, and rts/flat_dev.cuh wfd_run_heavy_map launches it for that. */
static bool body_loops(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        switch (e->kind) {
        case CE_LOOP: case CE_SCREMA: case CE_SCATTER: case CE_HIST: case CE_FILTER: case CE_COUNT:
        case CE_APPLY: case CE_SEGOP:
            return true;
        case CE_IF:
            if (body_loops(e->body) || body_loops(e->body2))
                return true;
            break;
        default:
            break;
        }
    }
    return false;
}

typedef struct {
    const CStm *s;
    int no;             /* region number */
    const char *name;   /* seg_N */
    Free fv;
    int k;              /* dimensions of the space */
    int nops;
    CType *op_types;    /* the operators' operand types (scalars) */
    bool block;         /* a segmap with block-level segops: one thread block per point */
    bool binned;        /* ... or a bin of points (seed 000: src/flatten/bins.c) */
    bool split;         /* --mpi: the kernel runs the rank's units mn_ from mlo_ (../mpi_split.c) */
    int fast;           /* the dimension whose index neighbouring threads differ in (fast_dim) */
} Ker;

static void k_line(FGen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void k_line(FGen *g, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char buf[4096];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    StrBuf *saved = g->out;
    g->out = g->kernels;
    fg_line(g, "%s", buf);
    g->out = saved;
}

/* The args struct (emitted in both files). */
static const char *args_struct(FGen *g, const Ker *K) {
    const CStm *s = K->s;
    StrBuf sb = {0};
    sb_printf(&sb, "struct %s_args {\n    int64_t wd[%d];\n", K->name, K->k);
    if (K->split)
        sb_puts(&sb, "    int64_t mlo_, mn_; /* the rank's units (--mpi) */\n");
    if (K->block && !K->binned)
        sb_puts(&sb, "    int64_t bsize_; /* threads per block */\n");
    for (int i = 0; i < K->fv.names.len; i++) {
        FVar *v = fg_var(g, K->fv.names.data[i]);
        sb_printf(&sb, "    %s %s;\n", fg_ctype(g, v->type), c_name(K->fv.names.data[i]));
    }
    for (int j = 0; j < s->pat.len; j++)
        if (s->exp->kind != CE_SEGOP || fs_seg_dims(s->exp, j) > 0)
            sb_printf(&sb, "    %s %s;\n", fg_ctype(g, s->pat.data[j].type), c_name(s->pat.data[j].name));
    if (chunked(s->exp))
        for (int j = 0; j < K->nops; j++)
            sb_printf(&sb, "    %s tot_%d;\n", fg_ctype(g, ctype_outer(cdim_any(), K->op_types[j])), j);
    sb_puts(&sb, "};\n");
    if (K->nops && !chunked(s->exp)) {
        sb_printf(&sb, "struct %s_acc {", K->name);
        for (int j = 0; j < K->nops; j++)
            sb_printf(&sb, " %s v%d;", c_prim(K->op_types[j].prim), j);
        sb_puts(&sb, " };\n");
    }
    return sb.data;
}

/* Device emission state: the kernel file, device mode, one iteration deep. */
typedef struct {
    StrBuf *out;
    int indent, iter, lam, par;
    bool device;
} Saved;

static Saved enter_device(FGen *g) {
    Saved sv = {g->out, g->indent, g->iter, g->lam, g->par, g->device};
    g->out = g->kernels;
    g->indent = 2;
    g->iter = 1;
    g->lam = 1;
    g->par = 1;
    g->device = true;
    return sv;
}

static void leave_device(FGen *g, Saved sv) {
    g->out = sv.out;
    g->indent = sv.indent;
    g->iter = sv.iter;
    g->lam = sv.lam;
    g->par = sv.par;
    g->device = sv.device;
}

/* The launcher OUT.c calls (wfk_launch_N): the spec s made from the args struct. */
static void launcher_begin(FGen *g, const Ker *K) {
    k_line(g, "extern \"C\" int wfk_launch_%d(const wfk_launch *L, const void *a_, void *out_, char *arena, "
              "int64_t bytes, int64_t max_threads, unsigned long long *wanted) {",
           K->no);
    k_line(g, "    %s s;", K->name);
    k_line(g, "    *(%s_args *)&s = *(const %s_args *)a_;", K->name, K->name);
}

/* The launcher hands the points' arenas to the spec. */
static void launcher_arena(FGen *g) {
    k_line(g, "    s.arena = arena;");
    k_line(g, "    s.arena_bytes = bytes;");
    k_line(g, "    s.arena_slots = max_threads; /* the threads that get arenas (rts/flat_cuda.h wfc_launch) */");
    k_line(g, "    s.wanted = wanted;");
}

/* The body of elem(): the point's indices from the flat index i, then the segop's body with its
 * map results into the outputs and the operators' operands into *acc. */
static void elem_body(FGen *g, void *arg) {
    const Ker *K = arg;
    const CStm *s = K->s;
    const CExp *e = s->exp;
    int k = K->k;
    const char **idx = xmalloc(sizeof *idx * (size_t)(k + 1));
    if (k > 1)
        fg_line(g, "int64_t rest_ = i_;");
    /* the fast dimension first, then the others from the innermost out */
    int *order = xmalloc(sizeof *order * (size_t)(k + 1)), n = 0;
    order[n++] = K->fast;
    for (int j = k - 1; j >= 0; j--)
        if (j != K->fast)
            order[n++] = j;
    for (int at = 0; at < k; at++) {
        int j = order[at];
        idx[j] = c_name(e->params.data[j].name);
        fg_bind(g, e->params.data[j].name, ctype_prim(PRIM_I64), OWN_BORROWED);
        if (k == 1) {
            fg_line(g, "int64_t %s = i_;", idx[j]);
            break;
        }
        fg_line(g, "int64_t %s = wd[%d] ? rest_ %% wd[%d] : 0;", idx[j], j, j);
        if (at < k - 1)
            fg_line(g, "rest_ = wd[%d] ? rest_ / wd[%d] : 0;", j, j);
    }
    int nres = e->body->result.len;
    FDest *dests = xmalloc(sizeof *dests * (size_t)(nres + 1));
    for (int j = 0; j < nres; j++) {
        CAtom o;
        if (j < K->nops)
            dests[j] = (FDest){DEST_VAR, xsprintf("acc_->v%d", j)};
        else if (cexp_concat(e, j - K->nops, &o))
            dests[j] = (FDest){DEST_ROW, fs_concat_row(g, s->pat.data[j], o, idx[0])};
        else
            dests[j] = fs_out_dest(g, s->pat.data[j].name, s->pat.data[j].type, idx, k);
    }
    g->block = K->block;
    g->coop_results = K->block;
    g->bins = K->binned;
    fg_body(g, e->body, NULL, 0, dests);
    g->block = 0;
    g->bins = false;
}

/* Bind core variable var to the C expression x (an index). */
static void bind_index(FGen *g, const char *var, const char *x) {
    fg_bind(g, var, ctype_prim(PRIM_I64), OWN_BORROWED);
    fg_line(g, "int64_t %s = %s;", c_name(var), x);
}

/* The body of an irregular segop's irun(): segment seg_'s statements that depend on it only,
 * once, then its points j0_ + q_ * st_ (flat indices i0_ + q_ * st_), q_ < n_: map results into
 * the flat outputs, the operators' operands to sink_(q_, acc).  (st_: 1, or a warp's 32 lanes
 * taking every 32nd point of a long segment: rts/cuda_irregular.cuh, "striped pieces".) */
static void irun_body(FGen *g, void *arg) {
    const Ker *K = arg;
    const CStm *s = K->s;
    const CExp *e = s->exp;
    int pre = fs_segop_segment(g, s, "seg_");
    if (!pre)
        bind_index(g, e->params.data[0].name, "seg_");
    /* WFG_BATCH points at a time: their bodies first, then their operands to the sink, so that
     * the loads of a batch are in flight together (a body's checks branch out before its loads,
     * which would otherwise wait for the previous point's fold) */
    fg_line(g, "for (int q0_ = 0; q0_ < n_; q0_ += WFG_BATCH) {");
    g->indent++;
    fg_line(g, "Acc accs_[WFG_BATCH];");
    fg_line(g, "#pragma unroll");
    fg_line(g, "for (int b_ = 0; b_ < WFG_BATCH; b_++) {");
    g->indent++;
    fg_line(g, "int q_ = q0_ + b_;");
    fg_line(g, "if (q_ >= n_)");
    fg_line(g, "    break;");
    fg_line(g, "int64_t i_ = i0_ + (int64_t)q_ * st_;");
    fg_line(g, "dctx_ = wfd_point(kctx_, arena, arena_bytes, arena_slots, wanted); /* a fresh arena for each point */");
    fg_line(g, "Acc *acc_ = &accs_[b_];");
    fg_line(g, "(void)i_; (void)acc_;");
    bind_index(g, e->params.data[1].name, "j0_ + (int64_t)q_ * st_");
    int nres = e->body->result.len;
    FDest *dests = xmalloc(sizeof *dests * (size_t)(nres + 1));
    const char *flat = "i_";
    for (int j = 0; j < nres; j++)
        dests[j] = j < K->nops ? (FDest){DEST_VAR, xsprintf("acc_->v%d", j)}
                               : fs_out_dest(g, s->pat.data[j].name, s->pat.data[j].type, &flat, 1);
    g->iter++;
    fg_body(g, fs_segop_rest(e, pre), NULL, 0, dests);
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    fg_line(g, "#pragma unroll");
    fg_line(g, "for (int b_ = 0; b_ < WFG_BATCH; b_++)");
    fg_line(g, "    if (q0_ + b_ < n_)");
    fg_line(g, "        sink_(q0_ + b_, accs_[b_]);");
    g->indent--;
    fg_line(g, "}");
}

static void emit_op(FGen *g, const Ker *K, const char *fn, const COperatorVec *ops);

/* Whether operator lambda l's every result is a commutative operator, exact on its type (no
 * float: a different order of additions changes their bits), of its two operands' matching
 * components: `\(a, b) (c, d) -> (a + c, max b d)`. */
static bool lambda_commutes(const CLambda *l) {
    int n = l->params.len / 2;
    if (l->body->result.len != n || l->body->stms.len != n)
        return false;
    for (int k = 0; k < n; k++) {
        CAtom r = l->body->result.data[k];
        const CStm *st = &l->body->stms.data[k];
        const CExp *x = st->exp;
        if (r.kind != CA_VAR || st->pat.len != 1 || strcmp(st->pat.data[0].name, r.var) || x->kind != CE_OP ||
            x->args.len != 2 || prim_is_float(x->prim) || !scalar_commutative(x->op, x->prim))
            return false;
        const char *a = l->params.data[k].name, *b = l->params.data[n + k].name;
        CAtom u = x->args.data[0], v = x->args.data[1];
        if (u.kind != CA_VAR || v.kind != CA_VAR ||
            !((!strcmp(u.var, a) && !strcmp(v.var, b)) || (!strcmp(u.var, b) && !strcmp(v.var, a))))
            return false;
    }
    return true;
}

/* Whether every operator commutes exactly (lambda_commutes), so that a reduction may fold its
 * operands (a segred a segment's points) in any order.  (A reduce_comm's flag is not enough: it may be on floats.) */
static bool exact_commutative(const COperatorVec *ops) {
    for (int o = 0; o < ops->len; o++)
        if (!lambda_commutes(ops->data[o].lam))
            return false;
    return ops->len > 0;
}

/* An irregular segop's spec and launcher (rts/cuda_irregular.cuh). */
static void emit_irregular_spec(FGen *g, const Ker *K) {
    const CStm *s = K->s;
    const CExp *e = s->exp;
    const char *acc = K->nops ? xsprintf("%s_acc", K->name) : "wfk_none";
    const char *O = c_name(e->segs.var);
    k_line(g, "struct %s : %s_args {", K->name, K->name);
    k_line(g, "    typedef %s Acc;", acc);
    k_line(g, "    int64_t w, segs;");
    k_line(g, "    char *arena;");
    k_line(g, "    int64_t arena_bytes, arena_slots;");
    k_line(g, "    unsigned long long *wanted;");
    k_line(g, "    __device__ int64_t off(int64_t s_) const { return %s.p[s_ * %s.s[0]]; }", O, O);
    k_line(g, "    static constexpr bool comm = %s; /* a segred's operators commute exactly */",
           e->seg == SEG_RED && exact_commutative(fs_seg_ops(e)) ? "true" : "false");
    k_line(g, "    template <class F>");
    k_line(g, "    __device__ int irun(wfk_ctx *kctx_, int64_t seg_, int64_t j0_, int n_, int64_t i0_, F &sink_, int st_ = 1) const {");
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, arena, arena_bytes, arena_slots, wanted);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx;");
    Saved sv = enter_device(g);
    fg_slot_scope(g, irun_body, (void *)K);
    leave_device(g, sv);
    k_line(g, "        return 0;");
    k_line(g, "    }");
    if (K->nops) {
        emit_op(g, K, "scan_op", fs_seg_ops(e));
        k_line(g, "    __device__ void %s(int64_t i_, Acc v_) const {", e->seg == SEG_SCAN ? "scan_store" : "seg_store");
        for (int j = 0; j < K->nops; j++)
            k_line(g, "        %s.p[i_] = v_.v%d;", c_name(s->pat.data[j].name), j);
        k_line(g, "    }");
    }
    k_line(g, "};");
    launcher_begin(g, K);
    k_line(g, "    s.segs = s.wd[0];");
    k_line(g, "    s.w = s.wd[1];");
    launcher_arena(g);
    if (e->seg == SEG_MAP)
        k_line(g, "    (void)max_threads;\n    return wfg_run_map(L, s);");
    else
        k_line(g, "    (void)max_threads;\n    return wfg_run_%s<%s>(L, s);", e->seg == SEG_RED ? "red" : "scan", K->name);
    k_line(g, "}");
    k_line(g, "%s", "");
}

static void emit_op(FGen *g, const Ker *K, const char *fn, const COperatorVec *ops) {
    const char *T = xsprintf("%s_acc", K->name);
    k_line(g, "    __device__ int %s(wfk_ctx *kctx_, %s a_, %s b_, %s *out_) const {", fn, T, T, T);
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, NULL, 0, 0, wanted);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx;");
    Saved sv = enter_device(g);
    int at = 0;
    for (int o = 0; o < ops->len; o++) {
        const COperator *op = &ops->data[o];
        int n = op->nes.len;
        const char **args = xmalloc(sizeof *args * (size_t)(2 * n + 1));
        FDest *d = xmalloc(sizeof *d * (size_t)(n + 1));
        for (int j = 0; j < n; j++) {
            args[j] = xsprintf("a_.v%d", at + j);
            args[n + j] = xsprintf("b_.v%d", at + j);
            d[j] = (FDest){DEST_VAR, xsprintf("out_->v%d", at + j)};
        }
        fg_lambda(g, op->lam, args, d, true);
        at += n;
    }
    leave_device(g, sv);
    k_line(g, "        return 0;");
    k_line(g, "    }");
    k_line(g, "    __device__ %s %s_ne() const {", T, fn[0] == 'r' ? "red" : "scan");
    k_line(g, "        %s r_;", T);
    at = 0;
    for (int o = 0; o < ops->len; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++, at++)
            k_line(g, "        r_.v%d = %s;", at, fg_atom(g, ops->data[o].nes.data[j]));
    k_line(g, "        return r_;");
    k_line(g, "    }");
}

/* The body of chunk(): the thread's points lo..hi folded into its accumulators (as the host
 * would), which go to row t_ of the totals. */
static void chunk_body(FGen *g, void *arg) {
    const Ker *K = arg;
    const CStm *s = K->s;
    const CExp *e = s->exp;
    const char **accs = fs_decl_accs(g, &e->reds);
    const char *i = "i_";
    fg_line(g, "for (int64_t i_ = lo_; i_ < hi_; i_++) {");
    g->indent++;
    fs_segop_point(g, s, &i, accs);
    g->indent--;
    fg_line(g, "}");
    for (int j = 0; j < K->nops; j++) {
        CType t = K->op_types[j];
        const char *tot = xsprintf("tot_%d", j);
        if (t.rank == 0) {
            fg_line(g, "%s.p[t_] = %s;", tot, accs[j]);
            continue;
        }
        const char *row = fg_fresh(g, "trow");
        fg_line(g, "%s %s = {%s.p + t_ * %s.s[0], NULL, {0}, {0}};", fg_ctype(g, t), row, tot, tot);
        for (int d = 0; d < t.rank; d++) {
            fg_line(g, "%s.n[%d] = %s.n[%d];", row, d, tot, d + 1);
            fg_line(g, "%s.s[%d] = %s.s[%d];", row, d, tot, d + 1);
        }
        fa_check_shape(g, accs[j], row, t.rank, "a reduction's accumulator", "NULL");
        fg_copy_into(g, row, t.rank, NULL, accs[j], t);
    }
}

static void emit_chunked_spec(FGen *g, const Ker *K) {
    k_line(g, "struct %s : %s_args {", K->name, K->name);
    k_line(g, "    int64_t w;");
    k_line(g, "    char *arena;");
    k_line(g, "    int64_t arena_bytes, arena_slots;");
    k_line(g, "    unsigned long long *wanted;");
    k_line(g, "    __device__ int chunk(wfk_ctx *kctx_, int64_t t_, int64_t lo_, int64_t hi_) const {");
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, arena, arena_bytes, arena_slots, wanted);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx;");
    if (K->split) {
        k_line(g, "        lo_ += mlo_;");
        k_line(g, "        hi_ += mlo_;");
    }
    Saved sv = enter_device(g);
    fg_slot_scope(g, chunk_body, (void *)K);
    leave_device(g, sv);
    k_line(g, "        return 0;");
    k_line(g, "    }");
    k_line(g, "};");
    launcher_begin(g, K);
    k_line(g, "    (void)out_;");
    k_line(g, "    s.w = s.wd[0];");
    if (K->split)
        k_line(g, "    s.w = s.mn_;");
    launcher_arena(g);
    k_line(g, "    return wfd_run_chunks(L, s, s.tot_0.n[0], max_threads);");
    k_line(g, "}");
    k_line(g, "%s", "");
}

/* A segmap whose points run one per thread block (rts/flat_dev.cuh wfd_run_block_map), or a
 * bin of them per block (wfd_run_bin_map): belem() runs the point in every thread of the block
 * (in its own threads bslot0_ .. bslot0_ + bslotn_ for a bin; bj_ is the thread's place among
 * them), with the block's memory at blo_. */
static void emit_block_spec(FGen *g, const Ker *K) {
    k_line(g, "struct %s : %s_args {", K->name, K->name);
    k_line(g, "    typedef wfk_none Scan;");
    k_line(g, "    typedef wfk_none Red;");
    k_line(g, "    int64_t w;");
    k_line(g, "    char *arena;");
    k_line(g, "    int64_t arena_bytes, arena_slots;");
    k_line(g, "    unsigned long long *wanted;");
    k_line(g, "    wfb_mem bm;");
    k_line(g, "    __device__ int belem(wfk_ctx *kctx_, int64_t i_, char *blo_, volatile int *bfail_, int64_t *bused_,"
              " int64_t bslot0_, int64_t bslotn_) const {");
    k_line(g, "        const int64_t bj_ = (int64_t)threadIdx.x - bslot0_;");
    k_line(g, "        (void)bj_;");
    if (K->split) /* the run time counts the rank's points from 0 */
        k_line(g, "        i_ += mlo_;");
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, arena, arena_bytes, arena_slots, wanted);");
    k_line(g, "        wfb_enter(&dctx_, &bm, blo_, bfail_, bslot0_, bslotn_);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx;");
    Saved sv = enter_device(g);
    fg_slot_scope(g, elem_body, (void *)K);
    leave_device(g, sv);
    k_line(g, "        *bused_ = ctx->bbump - ctx->blo;");
    k_line(g, "        return 0;");
    k_line(g, "    }");
    k_line(g, "};");
    launcher_begin(g, K);
    k_line(g, "    (void)out_;");
    k_line(g, "    s.w = 1;");
    k_line(g, "    for (int j = 0; j < %d; j++) s.w *= s.wd[j];", K->k);
    if (K->split)
        k_line(g, "    s.w = s.mn_;");
    launcher_arena(g);
    if (K->binned) { /* split: the rank's points' widths and counts, packed into bins of its own */
        const CExp *e = K->s->exp;
        const char *at = K->split ? " + s.mlo_" : "";
        const char *counts =
            e->bins[1].kind == CA_VAR ? xsprintf("s.%s.p%s", c_name(e->bins[1].var), at) : "NULL";
        k_line(g, "    return wfd_run_bin_map(L, s, s.%s.p%s, %s, max_threads);", c_name(e->bins[0].var), at, counts);
    } else {
        k_line(g, "    return wfd_run_block_map(L, s, s.bsize_, max_threads);");
    }
    k_line(g, "}");
    k_line(g, "%s", "");
}

/* The threads per block of a block kernel: the widest block-level segop whose width the host
 * knows (a multiple of 32, at most 1024; 256 when none is known). */
static void block_size(FGen *g, const CBody *b, const char *bs, bool *known) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        if (e->kind == CE_SEGOP && e->level == SEG_BLOCK) {
            CAtom w = e->args.data[0];
            if (w.kind == CA_CONST || omap_get(&g->vars, w.var)) {
                fg_line(g, "if (%s > %s) %s = %s;", fg_atom(g, w), bs, bs, fg_atom(g, w));
                *known = true;
            }
        }
        if (e->kind == CE_LOOP || e->kind == CE_IF)
            block_size(g, e->body, bs, known);
        if (e->kind == CE_IF)
            block_size(g, e->body2, bs, known);
    }
}

/* The points of one unit of a split kernel (--mpi): a segmap's and a whole reduction's or
 * scan's units are points, a segred's or segscan's over several dimensions whole segments. */
static const char *unit_points(const Ker *K) {
    return K->s->exp->seg == SEG_MAP || K->k == 1 ? "1" : xsprintf("wd[%d]", K->k - 1);
}

static void emit_spec(FGen *g, const Ker *K) {
    const CStm *s = K->s;
    const CExp *e = s->exp;
    if (e->irregular) {
        emit_irregular_spec(g, K);
        return;
    }
    if (K->block) {
        emit_block_spec(g, K);
        return;
    }
    if (chunked(e)) {
        emit_chunked_spec(g, K);
        return;
    }
    const char *acc = K->nops ? xsprintf("%s_acc", K->name) : "wfk_none";
    const char *scan = e->seg == SEG_SCAN ? acc : "wfk_none", *red = e->seg == SEG_RED ? acc : "wfk_none";
    k_line(g, "struct %s : %s_args {", K->name, K->name);
    k_line(g, "    typedef %s Scan;", scan);
    k_line(g, "    typedef %s Red;", red);
    k_line(g, "    int64_t w, segs, inner;");
    k_line(g, "    char *arena;");
    k_line(g, "    int64_t arena_bytes, arena_slots;");
    k_line(g, "    unsigned long long *wanted;");
    k_line(g, "    __device__ int elem(wfk_ctx *kctx_, int64_t i_, Scan *sc_, Red *rd_) const {");
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, arena, arena_bytes, arena_slots, wanted);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx; (void)sc_; (void)rd_;");
    if (K->nops)
        k_line(g, "        %s *acc_ = %s;", acc, e->seg == SEG_SCAN ? "sc_" : "rd_");
    if (K->split)
        k_line(g, "        i_ += mlo_ * %s;", unit_points(K));
    Saved sv = enter_device(g);
    fg_slot_scope(g, elem_body, (void *)K);
    leave_device(g, sv);
    k_line(g, "        return 0;");
    k_line(g, "    }");
    if (e->seg == SEG_RED) {
        emit_op(g, K, "red_op", &e->reds);
        if (exact_commutative(&e->reds))
            k_line(g, "    static constexpr bool comm = true; /* the operators commute exactly */");
    }
    if (e->seg == SEG_SCAN) {
        emit_op(g, K, "scan_op", &e->scans);
        k_line(g, "    __device__ void scan_store(int64_t i_, Scan v_) const {");
        if (K->split)
            k_line(g, "        i_ += mlo_ * %s;", unit_points(K));
        for (int j = 0; j < K->nops; j++)
            k_line(g, "        %s.p[i_] = v_.v%d;", c_name(s->pat.data[j].name), j);
        k_line(g, "    }");
    }
    if (e->seg == SEG_RED && K->k > 1) {
        k_line(g, "    __device__ void seg_store(int64_t seg_, Red v_) const {");
        if (K->split)
            k_line(g, "        seg_ += mlo_;");
        for (int j = 0; j < K->nops; j++)
            k_line(g, "        %s.p[seg_] = v_.v%d;", c_name(s->pat.data[j].name), j);
        k_line(g, "    }");
    }
    k_line(g, "};");
    /* the launcher */
    launcher_begin(g, K);
    k_line(g, "    s.w = 1;");
    k_line(g, "    for (int j = 0; j < %d; j++) s.w *= s.wd[j];", K->k);
    k_line(g, "    s.inner = s.wd[%d];", K->k - 1);
    /* the segments, also when they are empty (each reduction then gives its neutral element) */
    k_line(g, "    s.segs = 1;");
    k_line(g, "    for (int j = 0; j < %d; j++) s.segs *= s.wd[j];", K->k - 1);
    if (K->split && K->k > 1 && e->seg != SEG_MAP) {
        k_line(g, "    s.segs = s.mn_;");
        k_line(g, "    s.w = s.mn_ * s.inner;");
    } else if (K->split) {
        k_line(g, "    s.w = s.mn_;");
    }
    launcher_arena(g);
    if (e->seg == SEG_MAP)
        k_line(g, "    return %s(L, s, max_threads);", body_loops(e->body) ? "wfd_run_heavy_map" : "wfd_run_map");
    else if (K->k > 1)
        k_line(g, "    return wfd_run_%s(L, s);", e->seg == SEG_SCAN ? "segscan" : "segred");
    else if (e->seg == SEG_RED)
        k_line(g, "    return wfk_run_reduce(L, s, out_);");
    else
        k_line(g, "    return wfk_run_scan(L, s, out_);");
    k_line(g, "}");
    k_line(g, "%s", "");
}

/* A tiled segmap's second spec (tile.c): tile() runs one block of points. */
typedef struct {
    const Ker *K;
    const FTile *t;
} TileArg;

static void tile_body(FGen *g, void *arg) {
    const TileArg *ta = arg;
    ft_emit_tile_body(g, ta->t, c_name(ta->K->s->pat.data[0].name));
}

static void finish_body(FGen *g, void *arg) {
    const TileArg *ta = arg;
    ft_emit_finish_body(g, ta->t, c_name(ta->K->s->pat.data[0].name));
}

/* A spec method `__device__ SIG const` whose point context has no arena; fn writes its body. */
static void device_method(FGen *g, const char *sig, void (*fn)(FGen *, void *), void *arg) {
    k_line(g, "    __device__ %s const {", sig);
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, NULL, 0, 0, wanted);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx;");
    Saved sv = enter_device(g);
    fg_slot_scope(g, fn, arg);
    leave_device(g, sv);
    k_line(g, "    }");
}

static void emit_tile_spec(FGen *g, const Ker *K, const FTile *t) {
    TileArg ta = {K, t};
    const char *acc = ft_acc_type(t);
    k_line(g, "struct %s_tile : %s_args {", K->name, K->name);
    k_line(g, "    typedef %s Acc;", acc);
    k_line(g, "    unsigned long long *wanted;");
    Saved sv = enter_device(g);
    const char *width = ft_width(g, t);
    leave_device(g, sv);
    k_line(g, "    __host__ __device__ int64_t width() const { return %s; }", width);
    device_method(g, "void tile(wfk_ctx *kctx_, int64_t i0_, int64_t j0_, int64_t klo_, int64_t khi_, Acc *part_, "
                     "unsigned char *sm_)",
                  tile_body, &ta);
    device_method(g, "void finish(wfk_ctx *kctx_, int64_t i_, const Acc *parts_, int64_t nparts_)", finish_body, &ta);
    k_line(g, "};");
    k_line(g, "extern \"C\" int wfk_launch_tile_%d(const wfk_launch *L, const void *a_, void *out_, char *arena, "
              "int64_t bytes, int64_t max_threads, unsigned long long *wanted) {",
           K->no);
    k_line(g, "    %s_tile s;", K->name);
    k_line(g, "    *(%s_args *)&s = *(const %s_args *)a_;", K->name, K->name);
    k_line(g, "    (void)out_; (void)arena; (void)bytes; (void)max_threads;");
    k_line(g, "    s.wanted = wanted;");
    k_line(g, "    return wfd_run_tiled(L, s, %d);", ft_smem_bytes(t));
    k_line(g, "}");
    k_line(g, "%s", "");
    sb_printf(g->types,
              "#ifndef __CUDACC__\nint wfk_launch_tile_%d(const wfk_launch *, const void *, void *, char *, int64_t, "
              "int64_t, unsigned long long *);\n#endif\n",
              K->no);
}

/* ------------------------------------------------------------------ host code */

/* The per-thread totals of a chunked reduction folded in order on the host into the results. */
static void fold_totals(FGen *g, const CStm *s, const Ker *K, const char **tots, const char *loc) {
    const COperatorVec *ops = &s->exp->reds;
    for (int j = 0; j < K->nops; j++) {
        fg_line(g, "wfc_dev_wrote(ctx, %s.m);", tots[j]);
        fg_fail(g, xsprintf("wfc_host(ctx, %s.m)", tots[j]), "1");
    }
    const char **acc = xmalloc(sizeof *acc * (size_t)(K->nops + 1)), **xs = xmalloc(sizeof *xs * (size_t)(K->nops + 1));
    for (int j = 0; j < K->nops; j++) {
        CType t = K->op_types[j];
        acc[j] = fg_fresh(g, "all");
        const char *zero = "INT64_C(0)";
        if (t.rank == 0) {
            fg_line(g, "%s %s = %s.p[0];", c_prim(t.prim), acc[j], tots[j]);
        } else {
            fg_decl_c(g, acc[j], t);
            fg_row_view_of(g, acc[j], t, tots[j], zero);
            fa_copy_fresh(g, acc[j], NULL, t, false, loc); /* private: the operators may update it */
        }
    }
    fg_line(g, "for (int64_t t_ = 1; t_ < %s.n[0]; t_++) {", tots[0]);
    g->indent++;
    g->iter++;
    for (int j = 0; j < K->nops; j++) {
        CType t = K->op_types[j];
        if (t.rank == 0) {
            xs[j] = xsprintf("%s.p[t_]", tots[j]);
        } else {
            xs[j] = fg_fresh(g, "row");
            fg_decl_c(g, xs[j], t);
            fg_row_view_of(g, xs[j], t, tots[j], "t_");
        }
    }
    int at = 0;
    for (int o = 0; o < ops->len; o++) {
        fs_apply_op(g, &ops->data[o], acc + at, xs + at);
        at += ops->data[o].nes.len;
    }
    g->iter--;
    g->indent--;
    fg_line(g, "}");
    for (int j = 0; j < K->nops; j++) {
        fg_release(g, tots[j]);
        fg_line(g, "%s = %s;", c_name(s->pat.data[j].name), acc[j]);
        fg_bind(g, s->pat.data[j].name, s->pat.data[j].type, OWN_OWNED);
    }
}

/* The view a kernel gets for host view variable var (dst: a field of the args struct). */
static void pass_view(FGen *g, const char *dst, const char *var, bool out, bool transposed, const char *loc);

/* A dense (row-major) copy on the device of the rank-2 view var when its rows are strided and
 * the condition `when` (C) holds — the kernel's threads then read a row at neighbouring words —
 * else the view as it is.  The copy is cached like the transposed ones. */
static void pass_dense(FGen *g, const char *dst, const char *var, const char *when, const char *loc) {
    const char *v = c_name(var);
    FVar *fv = fg_var(g, var);
    fg_line(g, "if (%s.s[1] != 1 && (%s)) {", v, when);
    g->indent++;
    const char *d = fg_fresh(g, "dev"), *n = fg_fresh(g, "n"), *st = fg_fresh(g, "s");
    fg_line(g, "int64_t %s[2] = {%s.n[1], %s.n[0]}, %s[2] = {%s.s[1], %s.s[0]};", n, v, v, st, v, v);
    /* the transpose of the transposed view: its dense copy */
    fg_line(g, "void *%s = wfc_dev_transposed(ctx, &%s.m, %s.p, %s, %s, %d, %s);", d, v, v, n, st,
            c_esz(fv->type.prim), loc);
    fg_fail(g, xsprintf("!%s", d), "1");
    fg_line(g, "%s = %s;", dst, v);
    fg_line(g, "%s.p = %s;", dst, d);
    fg_line(g, "%s.s[0] = %s.n[1];", dst, v);
    fg_line(g, "%s.s[1] = 1;", dst);
    fg_line(g, "%s.m = NULL;", dst);
    g->indent--;
    fg_line(g, "} else {");
    g->indent++;
    pass_view(g, dst, var, false, false, loc);
    g->indent--;
    fg_line(g, "}");
}

static void pass_view(FGen *g, const char *dst, const char *var, bool out, bool transposed, const char *loc) {
    const char *v = c_name(var);
    const char *d = fg_fresh(g, "dev");
    FVar *fv = fg_var(g, var);
    if (transposed) {
        /* a column-major copy on the device: neighbouring rows' elements side by side */
        fg_line(g, "void *%s = wfc_dev_transposed(ctx, &%s.m, %s.p, %s.n, %s.s, %d, %s);", d, v, v, v, v,
                c_esz(fv->type.prim), loc);
        fg_fail(g, xsprintf("!%s", d), "1");
        fg_line(g, "%s = %s;", dst, v);
        fg_line(g, "%s.p = %s;", dst, d);
        fg_line(g, "%s.s[0] = 1;", dst);
        fg_line(g, "%s.s[1] = %s.n[0];", dst, v);
        fg_line(g, "%s.m = NULL;", dst);
        return;
    }
    fg_line(g, "void *%s = %s(ctx, %s.m, %s);", d, out ? "wfc_dev_out" : "wfc_dev", v, loc);
    fg_fail(g, xsprintf("!%s", d), "1");
    fg_line(g, "%s = %s;", dst, v);
    fg_line(g, "%s.p = wfc_translate(%s.m, %s, %s.p);", dst, v, d, v);
    fg_line(g, "%s.m = NULL;", dst);
}

/* When neighbouring threads take neighbouring inner indices of the space (C condition, w the
 * widths): always for a segmap and over one dimension; a segred or segscan over several
 * dimensions when a warp or a block takes each segment, segments of 16 or more (rts/flat_dev.cuh
 * wfd_run_segred / wfd_run_segscan, their rules). */
static const char *neighbours_share_segment(const CExp *e, const char **w) {
    int k = e->params.len;
    if (e->seg == SEG_MAP || k == 1)
        return "1";
    return xsprintf("%s >= 16", w[k - 1]);
}

/* rts/cuda_scan.cuh's scan of a plain array. */
static void plain_scan_segop(FGen *g, const CStm *s, const char *arr) {
    const CExp *e = s->exp;
    int no = g->regions++;
    const char *loc = c_loc(e->loc);
    PrimType t = e->scans.data[0].lam->ret.data[0].prim;
    const char *T = c_prim(t);
    fg_line(g, "{");
    g->indent++;
    const char *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_segop_outputs(g, s, &w, loc);
    sb_printf(g->types, "struct scan_%d_args { const void *in; void *out; int64_t n; %s ne; };\n", no, T);
    sb_printf(g->types,
              "#ifndef __CUDACC__\nint wfk_launch_%d(const wfk_launch *, const void *, void *, char *, int64_t, "
              "int64_t, unsigned long long *);\n#endif\n",
              no);
    const char *a = fg_fresh(g, "args"), *in = c_name(arr), *out = c_name(s->pat.data[0].name);
    const char *din = fg_fresh(g, "dev"), *dout = fg_fresh(g, "dev");
    fg_line(g, "struct scan_%d_args %s;", no, a);
    fg_line(g, "void *%s = wfc_dev(ctx, %s.m, %s);", din, in, loc);
    fg_line(g, "void *%s = wfc_dev_out(ctx, %s.m, %s);", dout, out, loc);
    fg_fail(g, xsprintf("!%s || !%s", din, dout), "1");
    fg_line(g, "%s.in = wfc_translate(%s.m, %s, %s.p);", a, in, din, in);
    fg_line(g, "%s.out = wfc_translate(%s.m, %s, %s.p);", a, out, dout, out);
    fg_line(g, "%s.n = %s;", a, w);
    fg_line(g, "%s.ne = %s;", a, fg_atom(g, e->scans.data[0].nes.data[0]));
    fg_fail(g, xsprintf("wfc_launch(ctx, %d, %s, 0, (wfc_launch_fn)wfk_launch_%d, &%s, NULL)", no, loc, no, a), "1");
    fg_line(g, "wfc_dev_wrote(ctx, %s.m);", out);
    g->indent--;
    fg_line(g, "}");
    sb_printf(g->kernels,
              "extern \"C\" int wfk_launch_%d(const wfk_launch *L, const void *a_, void *out_, char *arena, int64_t "
              "bytes, int64_t max_threads, unsigned long long *wanted) {\n"
              "    (void)out_; (void)arena; (void)bytes; (void)max_threads; (void)wanted;\n"
              "    const scan_%d_args *a = (const scan_%d_args *)a_;\n"
              "    return wfs_scan<%s, %d>(L, (const %s *)a->in, (%s *)a->out, a->n, a->ne);\n}\n\n",
              no, no, no, T, fs_simple_op_code(&e->scans.data[0]), T, T);
}

/* ------------------------------------------------------------------ scatter and hist */

/* elem() of a scatter: iteration i_ writes its values (wfd_map_kernel runs it). */
static void scatter_elem(FGen *g, void *arg) {
    const Ker *K = arg;
    fs_scatter_iteration(g, K->s, "i_");
}

/* elem() of a hist: iteration i_'s bin and value into *bin_, *val_. */
static void hist_elem(FGen *g, void *arg) {
    const Ker *K = arg;
    const char *bin, **vals;
    fs_hist_values(g, K->s, "i_", &bin, &vals);
    fg_line(g, "*bin_ = %s;", bin);
    fg_line(g, "*val_ = %s;", vals[0]);
}

/* The spec of a scatter (a map over its iterations) or of a hist (rts/flat_dev.cuh
 * wfd_run_hist: elem gives an iteration's bin and value, combine folds a value into a bin
 * atomically, in global or in shared memory). */
static void emit_scatter_hist_spec(FGen *g, const Ker *K) {
    const CStm *s = K->s;
    const CExp *e = s->exp;
    bool hist = e->kind == CE_HIST;
    const char *B = hist ? c_prim(e->reds.data[0].lam->ret.data[0].prim) : NULL;
    const char *dest = c_name(s->pat.data[0].name);
    k_line(g, "struct %s : %s_args {", K->name, K->name);
    k_line(g, "    typedef wfk_none Scan;");
    k_line(g, "    typedef wfk_none Red;");
    k_line(g, "    int64_t w, nb;");
    k_line(g, "    char *arena;");
    k_line(g, "    int64_t arena_bytes, arena_slots;");
    k_line(g, "    unsigned long long *wanted;");
    if (hist) {
        k_line(g, "    typedef %s Bin;", B);
        k_line(g, "    __device__ int elem(wfk_ctx *kctx_, int64_t i_, int64_t *bin_, Bin *val_) const {");
    } else {
        k_line(g, "    __device__ int elem(wfk_ctx *kctx_, int64_t i_, Scan *sc_, Red *rd_) const {");
    }
    k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, arena, arena_bytes, arena_slots, wanted);");
    k_line(g, "        wfd_ctx *ctx = &dctx_;");
    k_line(g, "        (void)ctx;");
    Saved sv = enter_device(g);
    fr_enter(g, e->args.data[0]);
    fg_slot_scope(g, hist ? hist_elem : scatter_elem, (void *)K);
    fr_leave(g);
    leave_device(g, sv);
    k_line(g, "        return 0;");
    k_line(g, "    }");
    if (hist) {
        const COperator *op = &e->reds.data[0];
        k_line(g, "    __device__ int combine(wfk_ctx *kctx_, Bin *p_, Bin v_) const {");
        k_line(g, "        wfd_ctx dctx_ = wfd_point(kctx_, NULL, 0, 0, wanted);");
        k_line(g, "        wfd_ctx *ctx = &dctx_;");
        k_line(g, "        (void)ctx;");
        sv = enter_device(g);
        fs_hist_atomic(g, op, "*p_", "v_");
        leave_device(g, sv);
        k_line(g, "        return 0;");
        k_line(g, "    }");
        k_line(g, "    __device__ Bin ne() const { return %s; }", fg_atom(g, op->nes.data[0]));
        k_line(g, "    __device__ Bin *bin(int64_t b_) const { return %s.p + b_ * %s.s[0]; }", dest, dest);
    }
    k_line(g, "};");
    launcher_begin(g, K);
    k_line(g, "    (void)out_;");
    k_line(g, "    s.w = s.wd[0];");
    k_line(g, "    s.nb = s.%s.n[0];", dest);
    launcher_arena(g);
    k_line(g, "    return %s(L, s, max_threads);", hist ? "wfd_run_hist" : "wfd_run_map");
    k_line(g, "}");
    k_line(g, "%s", "");
}

/* A scatter or hist as a kernel: the destinations taken unique on the host (a copy, when one
 * is needed, is made there), then updated on the device. */
static void scatter_hist_kernel(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    Ker K = {s, g->regions++, NULL, {{0}, {0}, {0}}, 1, 0, NULL, false, false, false, 0};
    K.name = xsprintf("seg_%d", K.no);
    const char *loc = c_loc(e->loc);
    free_vars(g, e, &K.fv);
    int keep = 0; /* the consumed destinations are passed as the results */
    for (int i = 0; i < K.fv.names.len; i++) {
        bool dest = false;
        for (int j = 0; j < e->dests.len; j++)
            dest |= e->dests.data[j].kind == CA_VAR && e->dests.data[j].var == K.fv.names.data[i];
        if (!dest)
            K.fv.names.data[keep++] = K.fv.names.data[i];
    }
    K.fv.names.len = keep;
    fg_line(g, "{");
    g->indent++;
    const char *w = fg_fresh(g, "w");
    fg_line(g, "int64_t %s = %s;", w, fg_atom(g, e->args.data[0]));
    fs_check_inputs(g, e, w, loc);
    fs_take_dests(g, s, loc);
    sb_puts(g->types, args_struct(g, &K));
    const char *a = fg_fresh(g, "args");
    fg_line(g, "struct %s_args %s;", K.name, a);
    fg_line(g, "%s.wd[0] = %s;", a, w);
    for (int i = 0; i < K.fv.names.len; i++) {
        const char *v = K.fv.names.data[i];
        const char *field = xsprintf("%s.%s", a, c_name(v));
        if (fg_var(g, v)->type.rank == 0)
            fg_line(g, "%s = %s;", field, c_name(v));
        else
            pass_view(g, field, v, false, false, loc);
    }
    for (int j = 0; j < s->pat.len; j++) /* read and written: uploaded when stale */
        pass_view(g, xsprintf("%s.%s", a, c_name(s->pat.data[j].name)), s->pat.data[j].name, false, false, loc);
    fg_fail(g,
            xsprintf("wfc_launch(ctx, %d, %s, %d, (wfc_launch_fn)wfk_launch_%d, &%s, NULL)", K.no, loc,
                     opt_body_may_allocate(e->lam->body) ? 4096 : 0, K.no, a),
            "1");
    for (int j = 0; j < s->pat.len; j++)
        fg_line(g, "wfc_dev_wrote(ctx, %s.m);", c_name(s->pat.data[j].name));
    g->indent--;
    fg_line(g, "}");
    emit_scatter_hist_spec(g, &K);
    sb_printf(g->types,
              "#ifndef __CUDACC__\nint wfk_launch_%d(const wfk_launch *, const void *, void *, char *, int64_t, "
              "int64_t, unsigned long long *);\n#endif\n",
              K.no);
}

/* --mpi (../mpi_split.c): the rank's part of the kernel's units (when it takes one: not an
 * irregular kernel; *units the dimensions of the units), K->split when split.  A block kernel's
 * units are its points (a thread block each, or binned: the rank packs its own points' bins). */
static MpiPart mpi_split(FGen *g, Ker *K, const char **w, int *units) {
    const CExp *e = K->s->exp;
    if (!g->target->mpi || e->irregular)
        return mpi_whole("0");
    *units = e->seg == SEG_MAP ? K->k : K->k == 1 ? 1 : K->k - 1;
    const char *total = fg_fresh(g, "units");
    StrBuf t = {0};
    sb_puts(&t, "1");
    for (int j = 0; j < *units; j++)
        sb_printf(&t, " * %s", w[j]);
    fg_line(g, "int64_t %s WF_U = %s;", total, t.data); /* unused when the rows are not split */
    bool whole_fold = e->seg != SEG_MAP && K->k == 1; /* a whole reduction or scan */
    MpiPart part = whole_fold ? mpi_part_fold(g, K->s, fs_seg_ops(e), total) : mpi_part(g, K->s, total);
    K->split = part.split != NULL;
    return part;
}

/* --mpi, after a split kernel: a whole reduction's partial results folded across the ranks
 * (in rank order), a whole scan's outputs carried over from the ranks before (on the host),
 * and every output's rows exchanged. */
static void mpi_exchange(FGen *g, const Ker *K, MpiPart part, int units, const char *loc) {
    const CStm *s = K->s;
    const CExp *e = s->exp;
    const char **res = xmalloc(sizeof *res * (size_t)(K->nops + 1));
    for (int j = 0; j < K->nops; j++)
        res[j] = c_name(s->pat.data[j].name);
    if (e->seg == SEG_RED && K->k == 1)
        mpi_combine(g, part, &e->reds, res, loc);
    if (e->seg == SEG_SCAN && K->k == 1) { /* the carry is applied on the host */
        fg_line(g, "if (%s) {", part.split);
        g->indent++;
        for (int j = 0; j < K->nops; j++)
            fg_fail(g, xsprintf("wfc_host(ctx, %s.m)", res[j]), "1");
        g->indent--;
        fg_line(g, "}");
        mpi_scan_carry(g, s, part, &e->scans);
        fg_line(g, "if (%s) {", part.split);
        g->indent++;
        for (int j = 0; j < K->nops; j++)
            fg_line(g, "wfc_host_wrote(ctx, %s.m);", res[j]);
        g->indent--;
        fg_line(g, "}");
    }
    mpi_gather_rows(g, s, part, units);
}

void fc_segop(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (e->kind == CE_SCATTER || e->kind == CE_HIST) {
        scatter_hist_kernel(g, s);
        return;
    }
    const char *arr = plain_scan(g, e);
    if (arr) {
        plain_scan_segop(g, s, arr);
        return;
    }
    Ker K = {s, g->regions++, NULL, {{0}, {0}, {0}}, e->params.len, 0, NULL, false, false, false, e->params.len - 1};
    K.block = e->seg == SEG_MAP && fg_body_has_block(e->body);
    K.binned = K.block && e->binned;
    K.fast = e->seg == SEG_MAP && !K.block && !g->target->mpi ? fast_dim(e) : K.k - 1;
    K.name = xsprintf("seg_%d", K.no);
    const char *loc = c_loc(e->loc);
    const COperatorVec *ops = fs_seg_ops(e);
    K.nops = e->seg == SEG_MAP ? 0 : fs_ops_results(ops);
    K.op_types = xmalloc(sizeof *K.op_types * (size_t)(K.nops + 1));
    for (int o = 0, at = 0; o < ops->len && K.nops; o++)
        for (int j = 0; j < ops->data[o].nes.len; j++)
            K.op_types[at++] = ops->data[o].lam->ret.data[j];
    free_vars(g, e, &K.fv);
    FTile tile;
    bool tiled = !K.block && !e->irregular && !g->no_tiling && ft_match(g, e, &tile);
    if (tiled) /* tile.c's blocks walk the innermost index */
        K.fast = K.k - 1;
    if (!K.block && !e->irregular) { /* a block's threads walk a row together: its rows are coalesced as they are */
        find_transposed(g, e, K.fast, &K.fv);
        find_dense(g, e, K.fast, &K.fv);
    }
    fg_line(g, "{");
    g->indent++;
    const char **w = fs_segop_widths(g, e, loc);
    fs_segop_outputs(g, s, w, loc);
    int units = 0; /* --mpi: the dimensions of the units the ranks share */
    MpiPart part = mpi_split(g, &K, w, &units);
    tiled = tiled && !K.split;
    /* the struct, in both files */
    sb_puts(g->types, args_struct(g, &K)); /* the types are at the top of both files */
    /* the arguments */
    const char *a = fg_fresh(g, "args");
    fg_line(g, "struct %s_args %s;", K.name, a);
    for (int j = 0; j < K.k; j++)
        fg_line(g, "%s.wd[%d] = %s;", a, j, w[j]);
    if (K.split) {
        fg_line(g, "%s.mlo_ = %s;", a, part.lo);
        fg_line(g, "%s.mn_ = %s;", a, part.n);
    }
    if (K.block && !K.binned) { /* (a bin's block size comes from its points' widths: wfd_run_bin_map) */
        const char *bs = fg_fresh(g, "bs");
        bool known = false;
        fg_line(g, "int64_t %s = 0;", bs);
        block_size(g, e->body, bs, &known);
        fg_line(g, "%s = %s ? (%s + 31) / 32 * 32 : 256;", bs, known ? bs : "0", bs);
        fg_line(g, "%s.bsize_ = %s < 32 ? 32 : %s > 1024 ? 1024 : %s;", a, bs, bs, bs);
    }
    for (int i = 0; i < K.fv.names.len; i++) {
        const char *v = K.fv.names.data[i];
        FVar *fv = fg_var(g, v);
        const char *field = xsprintf("%s.%s", a, c_name(v));
        if (fv->type.rank == 0)
            fg_line(g, "%s = %s;", field, c_name(v));
        else if (omap_has(&K.fv.dense, v))
            pass_dense(g, field, v, neighbours_share_segment(e, w), loc);
        else
            pass_view(g, field, v, false, omap_has(&K.fv.transposed, v), loc);
    }
    for (int j = 0; j < s->pat.len; j++)
        if (fs_seg_dims(e, j) > 0)
            pass_view(g, xsprintf("%s.%s", a, c_name(s->pat.data[j].name)), s->pat.data[j].name, true, false, loc);
    /* chunked: the per-thread totals, then folded on the host */
    const char **tots = NULL;
    if (chunked(e)) {
        tots = xmalloc(sizeof *tots * (size_t)(K.nops + 1));
        const char *nt = fg_fresh(g, "nt");
        const char *pts = K.split ? part.n : w[0];
        StrBuf acc = {0}; /* the bytes of a thread's accumulators */
        sb_printf(&acc, "(int64_t)0");
        for (int o = 0, at = 0; o < ops->len; o++)
            for (int j = 0; j < ops->data[o].nes.len; j++, at++) {
                CType t = K.op_types[at];
                sb_printf(&acc, " + (int64_t)sizeof(%s)", c_prim(t.prim));
                const char *ne = t.rank ? fg_atom(g, ops->data[o].nes.data[j]) : NULL;
                for (int d = 0; d < t.rank; d++)
                    sb_printf(&acc, " * %s.n[%d]", ne, d);
            }
        fg_line(g, "int64_t %s = wfc_chunk_threads(ctx, %s, %s);", nt, pts, acc.data);
        int at = 0;
        for (int o = 0; o < ops->len; o++)
            for (int j = 0; j < ops->data[o].nes.len; j++, at++) {
                CType t = K.op_types[at];
                CType tt = ctype_outer(cdim_any(), t);
                const char *ne = fg_atom(g, ops->data[o].nes.data[j]);
                tots[at] = fg_fresh(g, "tots");
                fg_decl_c(g, tots[at], tt);
                fg_line(g, "%s.n[0] = %s;", tots[at], nt);
                for (int d = 0; d < t.rank; d++)
                    fg_line(g, "%s.n[%d] = %s.n[%d];", tots[at], d + 1, ne, d);
                fg_alloc(g, tots[at], NULL, tt, loc);
                const char *d = fg_fresh(g, "dev");
                fg_line(g, "void *%s = wfc_dev_out(ctx, %s.m, %s);", d, tots[at], loc);
                fg_fail(g, xsprintf("!%s", d), "1");
                fg_line(g, "%s.tot_%d = %s;", a, at, tots[at]);
                fg_line(g, "%s.tot_%d.p = %s;", a, at, d);
                fg_line(g, "%s.tot_%d.m = NULL;", a, at);
            }
    }
    const char *out = "NULL", *red = NULL;
    if (K.nops && e->seg == SEG_RED && K.k == 1 && !chunked(e)) {
        red = fg_fresh(g, "red");
        fg_line(g, "struct %s_acc %s;", K.name, red);
        out = xsprintf("&%s", red);
    }
    if (tiled) { /* the tiled kernel when the shapes agree, else the plain one reports it */
        fg_line(g, "if (%s) {", ft_host_condition(g, &tile, w));
        g->indent++;
        fg_fail(g, xsprintf("wfc_launch(ctx, %d, %s, 0, (wfc_launch_fn)wfk_launch_tile_%d, &%s, NULL)", K.no, loc,
                            K.no, a),
                "1");
        g->indent--;
        fg_line(g, "} else {");
        g->indent++;
    }
    fg_fail(g,
            xsprintf("wfc_launch(ctx, %d, %s, %d, (wfc_launch_fn)wfk_launch_%d, &%s, %s)", K.no, loc,
                     opt_body_may_allocate(e->body) || chunked(e) || K.block ? 4096 : 0, K.no, a, out),
            "1");
    if (tiled) {
        g->indent--;
        fg_line(g, "}");
    }
    if (chunked(e))
        fold_totals(g, s, &K, tots, loc);
    for (int j = 0; j < s->pat.len; j++)
        if (fs_seg_dims(e, j) > 0)
            fg_line(g, "wfc_dev_wrote(ctx, %s.m);", c_name(s->pat.data[j].name));
    if (K.nops && e->seg == SEG_RED && K.k == 1 && !chunked(e))
        for (int j = 0; j < K.nops; j++) {
            fg_line(g, "%s = %s.v%d;", c_name(s->pat.data[j].name), red, j);
            fg_bind(g, s->pat.data[j].name, s->pat.data[j].type, OWN_BORROWED);
        }
    if (K.split)
        mpi_exchange(g, &K, part, units, loc);
    g->indent--;
    fg_line(g, "}");
    emit_spec(g, &K);
    if (tiled)
        emit_tile_spec(g, &K, &tile);
    sb_printf(g->types,
              "#ifndef __CUDACC__\nint wfk_launch_%d(const wfk_launch *, const void *, void *, char *, int64_t, "
              "int64_t, unsigned long long *);\n#endif\n",
              K.no);
}

/* ------------------------------------------------------------------ coherence */

static bool touches_memory(FGen *g, const CExp *e) {
    switch (e->kind) {
    case CE_APPLY: /* a lifted function's statements bring its arrays to the host and mark what
                    * they wrote; any other runs its body as plain loops (emit.c emit_function),
                    * so its arguments come to the host first and its results are the host's */
        for (int i = 0; i < g->prog->funs.len; i++)
            if (g->prog->funs.data[i]->name == e->fname)
                return !g->prog->funs.data[i]->host;
        return true;
    case CE_ATOM:
    case CE_REARRANGE:
    case CE_SIZE:
    case CE_THRESHOLD:
    case CE_TUNING:
    case CE_IF:
    case CE_LOOP:
    case CE_OP:
    case CE_ASSERT: return false;
    default: return true;
    }
}

void fc_elem_to_host(FGen *g, const char *array, const char *elem) {
    fg_fail(g, xsprintf("wfc_host_elem(ctx, %s.m, &%s, sizeof %s)", array, elem, elem), "1");
}

/* Whether s reads one element of an array (all its indices plain, a scalar result). */
static bool element_read(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (e->kind != CE_INDEX || s->pat.data[0].type.rank > 0 || e->args.data[0].kind != CA_VAR)
        return false;
    for (int k = 0; k < e->slice.len; k++)
        if (e->slice.data[k].is_slice)
            return false;
    FVar *v = omap_get(&g->vars, e->args.data[0].var);
    return v && v->type.rank == e->slice.len && !omap_has(&g->lazy_iotas, e->args.data[0].var);
}

/* Before an element read in host code: that element to the host (when its indices are in
 * bounds; the statement itself reports those that are not), not the whole array. */
static void element_to_host(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const char *var = e->args.data[0].var, *v = fg_atom(g, e->args.data[0]);
    int k = e->slice.len;
    const char **idx = xmalloc(sizeof *idx * (size_t)(k + 1));
    StrBuf inside = {0};
    sb_puts(&inside, "1");
    for (int j = 0; j < k; j++) {
        idx[j] = fg_atom(g, e->slice.data[j].start);
        sb_printf(&inside, " && (uint64_t)(%s) < (uint64_t)%s.n[%d]", idx[j], v, j);
    }
    const char *elem = fg_elem(g, v, var, idx, k);
    fg_line(g, "if (%s)", inside.data);
    g->indent++;
    fc_elem_to_host(g, v, elem);
    g->indent--;
    free(idx);
}

void fc_before(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (!touches_memory(g, e) || fc_kernel(g, s))
        return;
    if (e->kind == CE_INDEX && s->pat.data[0].type.rank > 0)
        return; /* a view */
    if (element_read(g, s)) {
        element_to_host(g, s);
        return;
    }
    OMap uses = {0};
    opt_count_exp((CExp *)e, &uses);
    for (int k = 0; k < uses.cap; k++) {
        FVar *v = uses.keys[k] ? omap_get(&g->vars, uses.keys[k]) : NULL;
        if (v && v->type.rank && !omap_has(&g->lazy_iotas, uses.keys[k]))
            fg_fail(g, xsprintf("wfc_host(ctx, %s.m)", c_name(uses.keys[k])), "1");
    }
}

void fc_after(FGen *g, const CStm *s) {
    const CExp *e = s->exp;
    if (!touches_memory(g, e) || fc_kernel(g, s))
        return;
    if (e->kind == CE_INDEX && s->pat.data[0].type.rank > 0)
        return; /* a view: nothing written, and fc_before did not bring the block to the host */
    for (int j = 0; j < s->pat.len; j++)
        if (s->pat.data[j].type.rank && !omap_has(&g->lazy_iotas, s->pat.data[j].name))
            fg_line(g, "wfc_host_wrote(ctx, %s.m);", c_name(s->pat.data[j].name));
}

/* ------------------------------------------------------------------ the target */

/* A statement the CUDA target runs itself: a segop at block level in block-level code
 * (block.c), or a kernel (above). */
static bool cuda_runs(FGen *g, const CStm *s) {
    return (g->block && s->exp->kind == CE_SEGOP && s->exp->level == SEG_BLOCK) || fc_kernel(g, s);
}

static void cuda_run(FGen *g, const CStm *s) {
    if (g->block && s->exp->kind == CE_SEGOP && s->exp->level == SEG_BLOCK)
        fb_segop(g, s);
    else
        fc_segop(g, s);
}

/* weft cuda --mpi: kernels split across MPI ranks, one GPU each (../mpi_split.c, rts/wf_mpi_cuda.h) */
const Target target_cuda_mpi = {"cuda", FLATTEN_GPU, false, true, true, cuda_runs, cuda_run, fc_before, fc_after,
                                fc_elem_to_host, "wfc_result",
                                "wfc_mpi_init, wfc_mpi_fini, wfc_mpi_sync, wfc_mpi_stage, wfc_collect", true,
                                "wfc_mpi_main"};

const Target target_cuda = {"cuda", FLATTEN_GPU, false, true, true, cuda_runs, cuda_run, fc_before, fc_after, fc_elem_to_host,
                            "wfc_result", "wfk_init, wfc_fini, wfc_sync, wfc_stage, wfc_collect", false, NULL};
