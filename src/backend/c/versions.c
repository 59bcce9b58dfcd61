/* versions.c — incremental flattening for the multicore backend (seed 001, docs/FLATTENING.md).
 *
 * An outermost screma whose lambda has parallelism of its own (a screma in its body, its ifs or
 * its loops) is compiled twice, and a threshold picks one at run time:
 *
 *     if (FUN.suff_outer_par_K <= w)   the outer map in parallel, its inner parallelism run
 *                                      sequentially by each thread (moderate flattening)
 *     else                             the outer iterations in sequence, each one's inner
 *                                      SOACs parallel (and versioned again, if they nest)
 *
 * The thresholds are tuning parameters of the executable (--param, --tuning, --print-params,
 * -L logs each comparison), named after the function and numbered across the program.  This
 * file holds the registry of thresholds, the predicate that decides which SOACs get versions,
 * and the plan that `weft dev --print=seg` prints; cgen_soac.c emits the versions.
 */
#include <stdarg.h>
#include <stdio.h>

#include "cgen.h"

static bool exp_has_par(const CExp *e) {
    switch (e->kind) {
    case CE_SCREMA: return true;
    case CE_IF: return cg_body_has_par(e->body) || cg_body_has_par(e->body2);
    case CE_LOOP: return cg_body_has_par(e->body);
    default: return false;
    }
}

bool cg_body_has_par(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_has_par(b->stms.data[i].exp))
            return true;
    return false;
}

int cg_threshold(CGen *g, const char *kind, int64_t dflt) {
    CVersions *v = g->ver;
    int k = v->names.len;
    vec_push(&v->names, xsprintf("%s.%s_%d", g->fun ? g->fun : "main", kind, k));
    vec_push(&v->defaults, dflt);
    return k;
}

void cg_plan(CGen *g, const char *fmt, ...) {
    CVersions *v = g->ver;
    if (v->quiet)
        return;
    for (int i = 0; i < v->plan_depth; i++)
        sb_puts(&v->plan, "  ");
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    sb_puts(&v->plan, line);
    sb_putc(&v->plan, '\n');
}

const char *cg_param_table(CGen *g) {
    CVersions *v = g->ver;
    if (v->names.len == 0)
        return "NULL, 0";
    StrBuf sb = {0};
    for (int i = 0; i < v->names.len; i++)
        sb_printf(&sb, "%s{\"%s\", %lld}", i ? ",\n    " : "", v->names.data[i], (long long)v->defaults.data[i]);
    cg_line(g, "static const wf_param_decl params[] = {\n    %s\n};", sb.data);
    return xsprintf("params, %d", v->names.len);
}

/* Code paths through a body as the multicore backend compiles it at top level: a versioned
 * screma is 1 (the outer-parallel version) + the paths of its inner version's body; an if
 * takes one of its branches; statements in sequence multiply. */
static int64_t body_paths(const CBody *b, int nested);

static int64_t stm_paths(const CExp *e, int nested) {
    switch (e->kind) {
    case CE_SCREMA:
        if (nested < CG_MAX_VERSION_NESTING && cg_body_has_par(e->lam->body))
            return 1 + body_paths(e->lam->body, nested + 1);
        return 1;
    case CE_IF: return body_paths(e->body, nested) + body_paths(e->body2, nested);
    case CE_LOOP: return body_paths(e->body, nested);
    default: return 1;
    }
}

static int64_t body_paths(const CBody *b, int nested) {
    int64_t n = 1;
    for (int i = 0; i < b->stms.len; i++) {
        n *= stm_paths(b->stms.data[i].exp, nested);
        if (n > INT64_C(1) << 40)
            return INT64_C(1) << 40;
    }
    return n;
}

int64_t cg_code_paths(const CFun *f) { return body_paths(f->body, 0); }
