/* opt.h — the core optimiser (DESIGN.md step 5; docs/OPTIMISER.md): the pass list (passes.c),
 * one file per pass, and the helpers they share (src/core/walk.c, declared in ir.h).  Every pass rewrites a CProg in
 * place, keeps A-normal form and unique names, and leaves a program core_verify accepts.
 */
#ifndef WEFT_OPT_OPT_H
#define WEFT_OPT_OPT_H

#include "../core/ir.h"

/* ======== passes.c ======== */
typedef struct {
    const char *name; /* as in --after=NAME */
    void (*run)(CProg *p);
} CPass;

/* Runs the pipeline on p, stopping after the pass named stop_after (NULL or "all": every
 * pass).  With verify set, core_verify runs after every pass; the result is the number of
 * verification errors (0 when verify is off).  An unknown pass name is a fatal error. */
int core_optimise(CProg *p, const char *stop_after, bool verify);

/* ======== the passes ======== */
void core_simplify(CProg *p); /* simplify.c: folding, copy propagation, identities, dead branches */
void core_cse(CProg *p);      /* cse.c */
void core_dce(CProg *p);      /* dce.c: dead statements, loop parameters, map results */
void core_hoist(CProg *p);    /* hoist.c: loop-invariant statements out of loops and lambdas */
void core_fuse(CProg *p);     /* fuse.c: vertical and horizontal SOAC fusion */
void core_cleanup(CProg *p);  /* passes.c: nested concats, sizes sunk into ifs, counted filters, simplify, cse and dce again */
void core_count_filters(CProg *p); /* count.c: a filter only sized becomes a count */
void core_flatten_concats(CProg *p); /* concat.c: concat (concat a b) c as concat a b c */
void core_sink_into_ifs(CProg *p); /* ifsink.c: scalar reads of an if's arrays computed in its branches */
/* precompute.c: per-element invariant work of maps in loops, as arrays before the loops (CPU);
 * whether anything changed */
bool core_precompute(CProg *p);

#endif
