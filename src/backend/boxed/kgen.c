/* kgen.c — GPU regions of weft cuda: an outermost screma (map, reduce or scan, fused with a
 * map) whose lambdas are scalar code becomes a CUDA kernel launch.
 *
 * Scalar code: every value the lambdas bind is a scalar; they may read arrays bound outside
 * (free arrays of primitive elements, any rank) and rows of the screma's inputs, by plain
 * indices, and use ifs, loops with scalar parameters, scalar operators, asserts, and reduces
 * (fused with maps) over rank-1 rows or arrays, which run sequentially in the thread — so
 * `map (\row -> reduce op ne row) xss` is one thread per segment.  Anything
 * else (building arrays, nested SOACs, calls) keeps the screma on the host (the C backend's
 * sequential code).  A screma with both scans and reduces stays on the host too.
 *
 * For region N the .cu file gets (rts/cuda_kernels.cuh has the kernels):
 *   struct wfk_env_N            its data: width, device pointers and shapes of the arrays it
 *                               reads, free scalars, neutral elements, output pointers
 *                               (the same declaration is in the host file)
 *   struct wfk_spec_N : env     elem / scan_op / red_op / *_ne / scan_store as device code
 *                               (the lambdas' bodies through cg_body with g->kernel set)
 *   wfk_launch_N                extern "C": runs wfk_run_map / _reduce / _scan on the spec
 * and the host file, in place of the screma: the env filled (arrays uploaded once, wfk_dev),
 * outputs allocated on both sides, the launch, the failures check (wfk_finish), the outputs
 * copied back.  Arrays of rank > 1 might be jagged at run time: the region is then guarded by
 * a regularity test, with the host version as the alternative (KG_FALLBACK).
 */
#include <string.h>

#include "kgen.h"

typedef struct {
    const char *ptr;   /* C expression of the element pointer */
    int rank;
    const char **dims; /* C expressions of the extents */
} KArr;

/* What the lambdas of a region use. */
typedef struct {
    CGen *g;
    OMap bound;      /* variables bound inside the lambdas */
    OMap row_rank;   /* row parameters -> rank (intptr_t) */
    OMap seen;       /* free variables already recorded */
    NameVec scalars; /* free scalar variables */
    NameVec arrays;  /* free array variables */
} Free;

/* ---- which screma are GPU regions ---- */

static bool use(Free *f, CAtom a) {
    if (a.kind != CA_VAR || omap_has(&f->bound, a.var) || omap_has(&f->seen, a.var))
        return true;
    omap_put(&f->seen, a.var, (void *)1);
    CType t = cg_atom_type(f->g, a);
    if (t.rank == 0) {
        vec_push(&f->scalars, a.var);
        return true;
    }
    if (omap_has(&f->g->lazy_iota, a.var))
        return false; /* never built */
    vec_push(&f->arrays, a.var);
    return true;
}

static bool use_all(Free *f, const CAtomVec *as) {
    for (int i = 0; i < as->len; i++)
        if (!use(f, as->data[i]))
            return false;
    return true;
}

static void bind(Free *f, const char *var) { omap_put(&f->bound, var, (void *)1); }

/* The rank of array variable v as the lambdas see it (0: not an array we can index). */
static int array_rank(Free *f, CAtom a) {
    if (a.kind != CA_VAR)
        return 0;
    if (omap_has(&f->row_rank, a.var))
        return (int)omap_int(&f->row_rank, a.var);
    if (omap_has(&f->bound, a.var))
        return 0;
    return cg_atom_type(f->g, a).rank;
}

static bool check_body(Free *f, const CBody *b);
static bool check_lambda(Free *f, const CLambda *lam);

/* A reduce (fused with a map) over rank-1 arrays inside a GPU region: it runs sequentially in
 * the thread (the pattern check of check_body keeps its results scalar: no scans, no map
 * outputs). */
static bool check_inner_reduce(Free *f, const CExp *e) {
    if (e->scans.len || !use(f, e->args.data[0]))
        return false;
    for (int k = 0; k < e->arrays.len; k++)
        if (array_rank(f, e->arrays.data[k]) != 1 || !use(f, e->arrays.data[k]))
            return false;
    for (int j = 0; j < e->reds.len; j++)
        if (!use_all(f, &e->reds.data[j].nes) || !check_lambda(f, e->reds.data[j].lam))
            return false;
    return check_lambda(f, e->lam);
}

static bool check_exp(Free *f, const CExp *e) {
    switch (e->kind) {
    case CE_ATOM:
    case CE_OP:
    case CE_ASSERT:
        return use_all(f, &e->args);
    case CE_IF:
        return use(f, e->args.data[0]) && check_body(f, e->body) && check_body(f, e->body2);
    case CE_LOOP:
        for (int i = 0; i < e->params.len; i++)
            if (e->params.data[i].type.rank)
                return false;
        if (!use_all(f, &e->args) || (e->index && !use(f, e->bound)))
            return false;
        for (int i = 0; i < e->params.len; i++)
            bind(f, e->params.data[i].name);
        if (e->index)
            bind(f, e->index);
        return check_body(f, e->body);
    case CE_INDEX: {
        int r = array_rank(f, e->args.data[0]);
        if (r == 0 || e->slice.len != r || !use(f, e->args.data[0]))
            return false;
        for (int i = 0; i < e->slice.len; i++)
            if (e->slice.data[i].is_slice || !use(f, e->slice.data[i].start))
                return false;
        return true;
    }
    case CE_SIZE:
        return array_rank(f, e->args.data[0]) > e->dim && use(f, e->args.data[0]);
    case CE_SCREMA:
        return check_inner_reduce(f, e);
    default:
        return false;
    }
}

static bool check_body(Free *f, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        for (int j = 0; j < s->pat.len; j++)
            if (s->pat.data[j].type.rank)
                return false;
        if (!check_exp(f, s->exp))
            return false;
        for (int j = 0; j < s->pat.len; j++)
            bind(f, s->pat.data[j].name);
    }
    return use_all(f, &b->result);
}

static bool check_lambda(Free *f, const CLambda *lam) {
    for (int i = 0; i < lam->params.len; i++) {
        CParam p = lam->params.data[i];
        bind(f, p.name);
        if (p.type.rank)
            omap_put(&f->row_rank, p.name, (void *)(intptr_t)p.type.rank);
    }
    for (int i = 0; i < lam->ret.len; i++)
        if (lam->ret.data[i].rank)
            return false;
    return check_body(f, lam->body);
}

/* The shape of a region: accumulators of scans and reduces (scalars), outputs. */
typedef struct {
    const CStm *s;
    const CExp *e;
    int nscan, nacc; /* scan accumulators first, then reduce ones */
} Region;

static bool region_ok(CGen *g, Region *r, Free *f) {
    const CExp *e = r->e;
    for (int j = 0; j < e->scans.len; j++)
        r->nscan += e->scans.data[j].nes.len;
    r->nacc = r->nscan;
    for (int j = 0; j < e->reds.len; j++)
        r->nacc += e->reds.data[j].nes.len;
    if (r->nscan && r->nacc > r->nscan)
        return false;
    for (int k = 0; k < r->s->pat.len; k++) {
        CType t = r->s->pat.data[k].type;
        bool array_out = k < r->nscan || k >= r->nacc;
        if (t.rank != (array_out ? 1 : 0))
            return false;
    }
    for (int k = 0; k < e->arrays.len; k++) {
        CAtom a = e->arrays.data[k];
        if (a.kind != CA_VAR)
            return false;
        bool iota = omap_has(&g->lazy_iota, a.var);
        if (!iota && cg_atom_type(g, a).rank != e->lam->params.data[k].type.rank + 1)
            return false;
    }
    if (!check_lambda(f, e->lam))
        return false;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &e->reds : &e->scans;
        for (int j = 0; j < ops->len; j++) {
            const COperator *op = &ops->data[j];
            for (int i = 0; i < op->lam->params.len; i++)
                if (op->lam->params.data[i].type.rank)
                    return false;
            if (!use_all(f, &op->nes) || !check_lambda(f, op->lam))
                return false;
        }
    }
    return true;
}

/* ---- the generated text ---- */

static const char *prim_of(CGen *g, const char *var) { return c_prim(cg_atom_type(g, (CAtom){CA_VAR, var, 0, 0, 0}).prim); }

static CType var_type(CGen *g, const char *var) { return cg_atom_type(g, (CAtom){CA_VAR, var, 0, 0, 0}); }

/* The kernel arrays of a region: inputs that are built (not lazy iota), then free arrays. */
typedef struct {
    NameVec vars;
} KArrays;

static KArrays kernel_arrays(CGen *g, const Region *r, const Free *f) {
    KArrays ka = {0};
    for (int k = 0; k < r->e->arrays.len; k++) {
        const char *v = r->e->arrays.data[k].var;
        if (!omap_has(&g->lazy_iota, v))
            vec_push(&ka.vars, v);
    }
    for (int k = 0; k < f->arrays.len; k++)
        vec_push(&ka.vars, f->arrays.data[k]);
    return ka;
}

/* The accumulator type of accumulator a (the first parameter types of the operators). */
static CType acc_type(const Region *r, int a) {
    int base = 0;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &r->e->reds : &r->e->scans;
        for (int j = 0; j < ops->len; j++) {
            int k = ops->data[j].nes.len;
            if (a < base + k)
                return ops->data[j].lam->params.data[a - base].type;
            base += k;
        }
    }
    die("kgen: accumulator %d", a);
}

static CAtom acc_ne(const Region *r, int a) {
    int base = 0;
    for (int pass = 0; pass < 2; pass++) {
        const COperatorVec *ops = pass ? &r->e->reds : &r->e->scans;
        for (int j = 0; j < ops->len; j++) {
            int k = ops->data[j].nes.len;
            if (a < base + k)
                return ops->data[j].nes.data[a - base];
            base += k;
        }
    }
    die("kgen: accumulator %d", a);
}

/* The declarations both files share: env, accumulator tuples. */
static void shared_decls(CGen *g, StrBuf *sb, int n, const Region *r, const Free *f, const KArrays *ka) {
    if (r->nscan) {
        sb_printf(sb, "typedef struct wfk_scan_%d {", n);
        for (int a = 0; a < r->nscan; a++)
            sb_printf(sb, " %s f%d;", c_prim(acc_type(r, a).prim), a);
        sb_printf(sb, " } wfk_scan_%d;\n", n);
    }
    if (r->nacc > r->nscan) {
        sb_printf(sb, "typedef struct wfk_red_%d {", n);
        for (int a = r->nscan; a < r->nacc; a++)
            sb_printf(sb, " %s f%d;", c_prim(acc_type(r, a).prim), a - r->nscan);
        sb_printf(sb, " } wfk_red_%d;\n", n);
    }
    sb_printf(sb, "typedef struct wfk_env_%d {\n    int64_t w;\n", n);
    for (int k = 0; k < ka->vars.len; k++) {
        CType t = var_type(g, ka->vars.data[k]);
        sb_printf(sb, "    const %s *a%d;", c_prim(t.prim), k);
        for (int d = 0; d < t.rank; d++)
            sb_printf(sb, " int64_t a%d_n%d;", k, d);
        sb_puts(sb, "\n");
    }
    for (int k = 0; k < f->scalars.len; k++)
        sb_printf(sb, "    %s s%d;\n", prim_of(g, f->scalars.data[k]), k);
    for (int a = 0; a < r->nacc; a++)
        sb_printf(sb, "    %s ne%d;\n", c_prim(acc_type(r, a).prim), a);
    for (int k = 0; k < r->s->pat.len; k++)
        if (k < r->nscan || k >= r->nacc)
            sb_printf(sb, "    %s *o%d;\n", c_prim(r->s->pat.data[k].type.prim), k);
    sb_printf(sb, "} wfk_env_%d;\n", n);
}

/* Device code: free scalars as locals, free arrays as kernel views. */
static void bind_free(CGen *g, const Free *f, const KArrays *ka, int first_free) {
    for (int k = 0; k < f->scalars.len; k++)
        cg_line(g, "%s %s WF_U = s%d;", prim_of(g, f->scalars.data[k]), c_name(f->scalars.data[k]), k);
    for (int k = first_free; k < ka->vars.len; k++) {
        CType t = var_type(g, ka->vars.data[k]);
        KArr *a = xmalloc(sizeof *a);
        a->ptr = xsprintf("a%d", k);
        a->rank = t.rank;
        a->dims = xmalloc(sizeof *a->dims * (size_t)t.rank);
        for (int d = 0; d < t.rank; d++)
            a->dims[d] = xsprintf("a%d_n%d", k, d);
        omap_put(&g->karrs, ka->vars.data[k], a);
    }
}

/* A row of kernel array k at index i: a view of rank-1 less. */
static void bind_row(CGen *g, const char *param, int k, int rank, const char *i) {
    KArr *a = xmalloc(sizeof *a);
    StrBuf row = {0};
    sb_puts(&row, "1");
    a->rank = rank - 1;
    a->dims = xmalloc(sizeof *a->dims * (size_t)rank);
    for (int d = 1; d < rank; d++) {
        a->dims[d - 1] = xsprintf("a%d_n%d", k, d);
        sb_printf(&row, " * a%d_n%d", k, d);
    }
    a->ptr = xsprintf("(a%d + %s * (%s))", k, i, row.data);
    omap_put(&g->karrs, param, a);
}

/* The device function elem: iteration i of the map lambda. */
static void emit_elem(CGen *g, const Region *r, const Free *f, const KArrays *ka, int nin_arrays) {
    const CLambda *lam = r->e->lam;
    cg_line(g, "__device__ int elem(wfk_ctx *ctx, int64_t i, Scan *sc_, Red *rd_) const {");
    g->indent++;
    cg_line(g, "(void)sc_; (void)rd_;");
    bind_free(g, f, ka, nin_arrays);
    int k_arr = 0;
    for (int k = 0; k < r->e->arrays.len; k++) {
        CParam p = lam->params.data[k];
        const char *v = r->e->arrays.data[k].var;
        cg_bind(g, p.name, p.type);
        if (omap_has(&g->lazy_iota, v)) {
            cg_line(g, "int64_t %s WF_U = i;", c_name(p.name));
            continue;
        }
        if (p.type.rank == 0)
            cg_line(g, "%s %s WF_U = a%d[i];", c_prim(p.type.prim), c_name(p.name), k_arr);
        else
            bind_row(g, p.name, k_arr, p.type.rank + 1, "i");
        k_arr++;
    }
    const char **res = xmalloc(sizeof *res * (size_t)(lam->ret.len + 1));
    for (int k = 0; k < lam->ret.len; k++) {
        res[k] = cg_fresh(g, "r");
        cg_line(g, "%s %s WF_U = 0;", c_prim(lam->ret.data[k].prim), res[k]);
    }
    cg_line(g, "{");
    g->indent++;
    cg_body(g, lam->body, res);
    g->indent--;
    cg_line(g, "}");
    for (int a = 0; a < r->nacc; a++)
        cg_line(g, "%s->f%d = %s;", a < r->nscan ? "sc_" : "rd_", a < r->nscan ? a : a - r->nscan, res[a]);
    for (int k = r->nacc; k < lam->ret.len; k++)
        cg_line(g, "o%d[i] = %s;", k, res[k]);
    cg_line(g, "return 0;");
    g->indent--;
    cg_line(g, "}");
}

/* scan_op / red_op: each operator on its accumulators; then *_ne and scan_store. */
static void emit_ops(CGen *g, const Region *r, const Free *f, const KArrays *ka, int nin_arrays, bool red) {
    const char *T = red ? "Red" : "Scan", *name = red ? "red" : "scan";
    int lo = red ? r->nscan : 0, hi = red ? r->nacc : r->nscan;
    const COperatorVec *ops = red ? &r->e->reds : &r->e->scans;
    cg_line(g, "__device__ int %s_op(wfk_ctx *ctx, const %s &x_, const %s &y_, %s *z_) const {", name, T, T, T);
    g->indent++;
    cg_line(g, "(void)ctx; (void)x_; (void)y_; (void)z_;");
    bind_free(g, f, ka, nin_arrays);
    int a = 0;
    for (int j = 0; j < ops->len; j++) {
        const COperator *op = &ops->data[j];
        int k = op->nes.len;
        const char **args = xmalloc(sizeof *args * (size_t)(2 * k + 1));
        const char **res = xmalloc(sizeof *res * (size_t)(k + 1));
        for (int l = 0; l < k; l++) {
            args[l] = xsprintf("x_.f%d", a + l);
            args[k + l] = xsprintf("y_.f%d", a + l);
        }
        cg_line(g, "{");
        g->indent++;
        for (int l = 0; l < k; l++) {
            res[l] = cg_fresh(g, "z");
            cg_line(g, "%s %s WF_U = 0;", c_prim(op->lam->ret.data[l].prim), res[l]);
        }
        cg_lambda(g, op->lam, args, res);
        for (int l = 0; l < k; l++)
            cg_line(g, "z_->f%d = %s;", a + l, res[l]);
        g->indent--;
        cg_line(g, "}");
        a += k;
    }
    cg_line(g, "return 0;");
    g->indent--;
    cg_line(g, "}");
    cg_line(g, "__device__ %s %s_ne() const {", T, name);
    g->indent++;
    cg_line(g, "%s z_;", T);
    for (int b = lo; b < hi; b++)
        cg_line(g, "z_.f%d = ne%d;", b - lo, b);
    cg_line(g, "return z_;");
    g->indent--;
    cg_line(g, "}");
    if (!red) {
        cg_line(g, "__device__ void scan_store(int64_t i, const Scan &v_) const {");
        for (int b = 0; b < r->nscan; b++)
            cg_line(g, "    o%d[i] = v_.f%d;", b, b);
        cg_line(g, "}");
    }
}

static void emit_spec(CGen *g, int n, const Region *r, const Free *f, const KArrays *ka, int nin_arrays) {
    StrBuf *host_out = g->out;
    int indent = g->indent;
    g->out = g->kernels;
    g->indent = 0;
    g->kernel++;
    g->scope++; /* no arena scopes in device code (inner reduces allocate nothing) */
    cg_line(g, "struct wfk_spec_%d : wfk_env_%d {", n, n);
    g->indent++;
    if (r->nscan)
        cg_line(g, "typedef wfk_scan_%d Scan;", n);
    else
        cg_line(g, "typedef wfk_none Scan;");
    if (r->nacc > r->nscan)
        cg_line(g, "typedef wfk_red_%d Red;", n);
    else
        cg_line(g, "typedef wfk_none Red;");
    emit_elem(g, r, f, ka, nin_arrays);
    if (r->nscan)
        emit_ops(g, r, f, ka, nin_arrays, false);
    if (r->nacc > r->nscan)
        emit_ops(g, r, f, ka, nin_arrays, true);
    g->indent--;
    cg_line(g, "};");
    const char *run = r->nscan ? "scan" : r->nacc ? "reduce" : "map";
    cg_line(g, "extern \"C\" int wfk_launch_%d(const wfk_launch *L, const wfk_env_%d *env, void *red_out) {", n, n);
    cg_line(g, "    wfk_spec_%d s;", n);
    cg_line(g, "    *(wfk_env_%d *)&s = *env;", n);
    cg_line(g, "    return wfk_run_%s(L, s, red_out);", run);
    cg_line(g, "}");
    cg_line(g, "%s", "");
    g->kernel--;
    g->scope--;
    g->out = host_out;
    g->indent = indent;
    memset(&g->karrs, 0, sizeof g->karrs);
}

/* Host code: fill the env, allocate outputs, launch, check, copy back. */
static void emit_host(CGen *g, int n, const Region *r, const Free *f, const KArrays *ka, const char *w,
                      const char *loc) {
    const CStm *s = r->s;
    cg_line(g, "wfk_env_%d en_;", n);
    cg_line(g, "memset(&en_, 0, sizeof en_);");
    cg_line(g, "en_.w = %s;", w);
    for (int k = 0; k < ka->vars.len; k++) {
        const char *v = c_name(ka->vars.data[k]);
        CType t = var_type(g, ka->vars.data[k]);
        cg_line(g, "if (!(en_.a%d = wfk_dev(ctx, %s, %s))) WF_FAIL(1);", k, v, loc);
        for (int d = 0; d < t.rank; d++)
            cg_line(g, "en_.a%d_n%d = %s->shape[%d];", k, d, v, d);
    }
    for (int k = 0; k < f->scalars.len; k++)
        cg_line(g, "en_.s%d = %s;", k, c_name(f->scalars.data[k]));
    for (int a = 0; a < r->nacc; a++)
        cg_line(g, "en_.ne%d = %s;", a, cg_atom(g, acc_ne(r, a)));
    for (int k = 0; k < s->pat.len; k++) {
        if (k >= r->nscan && k < r->nacc)
            continue;
        const char *v = c_name(s->pat.data[k].name);
        cg_line(g, "if (!(%s = wfa_new(ctx, 1, %d, %s, NULL, %s))) WF_FAIL(1);", v, c_esz(s->pat.data[k].type.prim), w,
                loc);
        cg_line(g, "if (!(en_.o%d = wfk_out(ctx, %s, %s))) WF_FAIL(1);", k, v, loc);
    }
    bool red = r->nacc > r->nscan;
    if (red)
        cg_line(g, "wfk_red_%d rd_;", n);
    cg_line(g, "wfk_begin(ctx);");
    cg_line(g, "if (wfk_finish(ctx, wfk_launch_%d(&wfk_g.launch, &en_, %s), %d, %s)) WF_FAIL(1);", n,
            red ? "&rd_" : "NULL", n, loc);
    for (int k = 0; k < s->pat.len; k++) {
        const char *v = c_name(s->pat.data[k].name);
        if (k >= r->nscan && k < r->nacc)
            cg_line(g, "%s = rd_.f%d;", v, k - r->nscan);
        else
            cg_line(g, "if (wfk_fetch(ctx, %s, %s)) WF_FAIL(1);", v, loc);
    }
}

KgResult kg_screma(CGen *g, const CStm *s, const char *w, const char *loc) {
    Region r = {s, s->exp, 0, 0};
    Free f = {.g = g};
    if (!region_ok(g, &r, &f))
        return KG_NONE;
    int n = g->regions++;
    KArrays ka = kernel_arrays(g, &r, &f);
    int nin_arrays = ka.vars.len - f.arrays.len;
    StrBuf decls = {0};
    shared_decls(g, &decls, n, &r, &f, &ka);
    sb_puts(g->kernels, decls.data);
    sb_puts(g->decls, decls.data);
    sb_printf(g->decls, "int wfk_launch_%d(const wfk_launch *L, const wfk_env_%d *env, void *red_out);\n", n, n);
    emit_spec(g, n, &r, &f, &ka, nin_arrays);
    StrBuf guard = {0};
    for (int k = 0; k < ka.vars.len; k++)
        if (var_type(g, ka.vars.data[k]).rank > 1)
            sb_printf(&guard, "%swfk_dense_ok(%s)", guard.len ? " && " : "", c_name(ka.vars.data[k]));
    cg_line(g, "/* GPU region %d: wfk_launch_%d */", n, n);
    if (guard.len) {
        cg_line(g, "if (%s) {", guard.data);
        g->indent++;
    }
    emit_host(g, n, &r, &f, &ka, w, loc);
    if (!guard.len)
        return KG_DONE;
    g->indent--;
    cg_line(g, "} else {");
    return KG_FALLBACK;
}

void kg_index(CGen *g, const CStm *s, const char *loc) {
    const CExp *e = s->exp;
    const KArr *a = omap_get(&g->karrs, e->args.data[0].var);
    if (!a)
        die("kgen: %s is not a kernel array", e->args.data[0].var);
    int n = e->slice.len;
    StrBuf ix = {0}, sh = {0}, test = {0}, off = {0};
    for (int k = 0; k < n; k++) {
        sb_printf(&ix, "%s%s", k ? ", " : "", cg_atom(g, e->slice.data[k].start));
        sb_printf(&sh, "%s%s", k ? ", " : "", a->dims[k]);
        sb_printf(&test, "%s(uint64_t)ix_[%d] >= (uint64_t)sh_[%d]", k ? " || " : "", k, k);
    }
    sb_puts(&off, "ix_[0]");
    for (int k = 1; k < n; k++) {
        StrBuf t = {0};
        sb_printf(&t, "(%s) * sh_[%d] + ix_[%d]", off.data, k, k);
        off = t;
    }
    cg_line(g, "{");
    cg_line(g, "    int64_t ix_[%d] = {%s}, sh_[%d] = {%s};", n, ix.data, n, sh.data);
    cg_line(g, "    if (%s) WF_FAIL(wfk_oob(ctx, %s, %d, ix_, %d, sh_));", test.data, loc, n, n);
    cg_line(g, "    %s = %s[%s];", c_name(s->pat.data[0].name), a->ptr, off.data);
    cg_line(g, "}");
}

const char *kg_elem(CGen *g, const char *var, const char *i) {
    const KArr *a = omap_get(&g->karrs, var);
    if (!a || a->rank != 1)
        die("kgen: %s is not a rank-1 kernel array", var);
    return xsprintf("%s[%s]", a->ptr, i);
}

void kg_size(CGen *g, const CStm *s) {
    const CExp *e = s->exp;
    const KArr *a = omap_get(&g->karrs, e->args.data[0].var);
    if (!a)
        die("kgen: %s is not a kernel array", e->args.data[0].var);
    cg_line(g, "%s = %s;", c_name(s->pat.data[0].name), a->dims[e->dim]);
}
