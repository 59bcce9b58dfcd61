/* versions.h — incremental flattening for the multicore backends (seed 001, docs/FLATTENING.md):
 * the registry of a program's thresholds (tuning parameters FUN.KIND_K), the predicate that
 * decides which outermost SOACs get two versions, and the plan `weft dev --print=seg` prints.
 * Shared by the boxed (cgen_soac.c) and flat (src/backend/flat/fpar.c) code generators.
 */
#ifndef WEFT_BACKEND_C_VERSIONS_H
#define WEFT_BACKEND_C_VERSIONS_H

#include <stdarg.h>

#include "../../core/ir.h"

typedef struct CVersions {
    Vec(const char *) names; /* tuning parameters, in index order: FUN.suff_outer_par_K */
    Vec(int64_t) defaults;
    StrBuf plan;             /* `weft dev --print=seg` */
    int plan_depth;          /* nesting of the plan's lines */
    int nested;              /* versioned SOACs being emitted around the current one */
    int quiet;               /* emitting code the plan has described already */
} CVersions;

/* The default of suff_outer_par thresholds: outer parallelism of at least this many iterations
 * runs the outer map in parallel and its inner parallelism sequentially. */
#define VER_SUFF_OUTER_PAR_DEFAULT 16
/* Versioned SOACs nest at most this deep (the code of a body doubles at each level). */
#define VER_MAX_NESTING 3

/* Whether the body has parallelism of its own: a screma, directly or in its ifs and loops. */
bool ver_body_has_par(const CBody *b);
/* A new threshold FUN.KIND_K (K counts the program's thresholds); returns its index. */
int ver_threshold(CVersions *v, const char *fun, const char *kind, int64_t dflt);
/* A line of the plan at the current depth (printf format). */
void ver_plan(CVersions *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ver_vplan(CVersions *v, const char *fmt, va_list ap);
/* The program's wf_param_decl table, appended to out; returns the wf_program fields "params, N"
 * (or "NULL, 0" without thresholds). */
const char *ver_param_table(CVersions *v, StrBuf *out);
/* The number of distinct code paths (combinations of versions) through a function, capped at 2^40. */
int64_t ver_code_paths(const CFun *f);

#endif
