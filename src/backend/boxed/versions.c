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
#include "versions.h"

static bool exp_has_par(const CExp *e) {
    switch (e->kind) {
    case CE_SCREMA: return true;
    case CE_IF: return ver_body_has_par(e->body) || ver_body_has_par(e->body2);
    case CE_LOOP: return ver_body_has_par(e->body);
    default: return false;
    }
}

bool ver_body_has_par(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_has_par(b->stms.data[i].exp))
            return true;
    return false;
}

int ver_threshold(CVersions *v, const char *fun, const char *kind, int64_t dflt) {
    int k = v->names.len;
    vec_push(&v->names, xsprintf("%s.%s_%d", fun ? fun : "main", kind, k));
    vec_push(&v->defaults, dflt);
    return k;
}

void ver_vplan(CVersions *v, const char *fmt, va_list ap) {
    if (v->quiet)
        return;
    for (int i = 0; i < v->plan_depth; i++)
        sb_puts(&v->plan, "  ");
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    sb_puts(&v->plan, line);
    sb_putc(&v->plan, '\n');
}

void ver_plan(CVersions *v, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ver_vplan(v, fmt, ap);
    va_end(ap);
}

const char *ver_param_table(CVersions *v, StrBuf *out) {
    if (v->names.len == 0)
        return "NULL, 0";
    sb_puts(out, "static const wf_param_decl params[] = {\n");
    for (int i = 0; i < v->names.len; i++)
        sb_printf(out, "    {\"%s\", %lld},\n", v->names.data[i], (long long)v->defaults.data[i]);
    sb_puts(out, "};\n");
    return xsprintf("params, %d", v->names.len);
}

/* ---- the boxed generator's view of it ---- */

int cg_threshold(CGen *g, const char *kind, int64_t dflt) { return ver_threshold(g->ver, g->fun, kind, dflt); }

void cg_plan(CGen *g, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ver_vplan(g->ver, fmt, ap);
    va_end(ap);
}

const char *cg_param_table(CGen *g) { return ver_param_table(g->ver, g->out); }

/* Code paths through a body as the multicore backend compiles it at top level: a versioned
 * screma is 1 (the outer-parallel version) + the paths of its inner version's body; an if
 * takes one of its branches; statements in sequence multiply. */
static int64_t body_paths(const CBody *b, int nested);

static int64_t stm_paths(const CExp *e, int nested) {
    switch (e->kind) {
    case CE_SCREMA:
        if (nested < VER_MAX_NESTING && ver_body_has_par(e->lam->body))
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

int64_t ver_code_paths(const CFun *f) { return body_paths(f->body, 0); }
