/* opt.h — the core optimiser (DESIGN.md step 5; docs/OPTIMISER.md): the pass list (passes.c),
 * one file per pass, and the helpers they share (opt_util.c).  Every pass rewrites a CProg in
 * place, keeps A-normal form and unique names, and leaves a program core_verify accepts.
 */
#ifndef WEFT_CORE_OPT_H
#define WEFT_CORE_OPT_H

#include "ir.h"

/* ======== passes.c ======== */
typedef struct {
    const char *name; /* as in --after=NAME */
    void (*run)(CProg *p);
} CPass;

/* Runs the pipeline on p, stopping after the pass named stop_after (NULL or "all": every
 * pass).  With verify set, core_verify runs after every pass; the result is the number of
 * verification errors (0 when verify is off).  An unknown pass name is a fatal error. */
int core_optimise(CProg *p, const char *stop_after, bool verify);
/* Whether verification after every pass is on for normal compiles: WEFT_VERIFY_PASSES=1. */
bool core_verify_passes_wanted(void);

/* ======== the passes ======== */
void core_simplify(CProg *p); /* simplify.c: folding, copy propagation, identities, dead branches */
void core_cse(CProg *p);      /* cse.c */
void core_dce(CProg *p);      /* dce.c: dead statements, loop parameters, map results */
void core_hoist(CProg *p);    /* hoist.c: loop-invariant statements out of loops and lambdas */
void core_fuse(CProg *p);     /* fuse.c: vertical and horizontal SOAC fusion */

/* ======== eval.c ======== */
/* Runs the program's entry point (main, or the only one) on arguments read from in, as
 * `weft run` does, printing its results to out.  Fails like the program (exit 2). */
int core_eval_entry(const CProg *p, FILE *in, FILE *out);

/* ======== opt_util.c ======== */
/* A map from interned names (compared by pointer) to pointers / integers. */
typedef struct {
    const char **keys;
    void **vals;
    int cap, len;
} OMap;
void omap_put(OMap *m, const char *k, void *v);
void *omap_get(const OMap *m, const char *k); /* NULL when absent */
bool omap_has(const OMap *m, const char *k);
void omap_add(OMap *m, const char *k, intptr_t d); /* integer values: += d */
intptr_t omap_int(const OMap *m, const char *k);   /* 0 when absent */

/* A visitor over every use of a variable in an expression or body, nested bodies and lambdas
 * included: operand atoms (atom) and size variables of types (dim, CDIM_VAR only).  Binding
 * occurrences (patterns, parameters, loop indices) are not visited, but their types are. */
typedef struct OWalk OWalk;
struct OWalk {
    void (*atom)(OWalk *w, CAtom *a);
    void (*dim)(OWalk *w, CDim *d);
    void *ctx;
};
void owalk_exp(OWalk *w, CExp *e);
void owalk_body(OWalk *w, CBody *b);
void owalk_lambda(OWalk *w, CLambda *l);
void owalk_type(OWalk *w, CType *t);

/* Use counts of every variable in b (counts: name -> intptr_t), added to what is there. */
void opt_count_body(CBody *b, OMap *counts);
void opt_count_exp(CExp *e, OMap *counts);
/* Replaces every use of a variable that subst maps (name -> CAtom *), following chains; a
 * dimension becomes a constant when its variable maps to a constant. */
void opt_subst_exp(CExp *e, const OMap *subst);
void opt_subst_body(CBody *b, const OMap *subst);
void opt_subst_type(CType *t, const OMap *subst);
/* Every name bound in e's nested bodies and lambdas (into bound, value 1). */
void opt_bound_exp(CExp *e, OMap *bound);
/* Whether evaluating e may fail at run time (bounds, division by zero, asserts, sizes). */
bool opt_may_fail(const CExp *e);
/* Names e consumes (update, scatter/hist destinations, loop initial values of array type),
 * nested bodies included. */
void opt_consumed_exp(CExp *e, OMap *out);
/* Every name consumed anywhere in b, with everything such a name may share memory with
 * (views such as index and rearrange, if and loop results): what the passes must not share or
 * move. */
void opt_consumed_body(CBody *b, OMap *out);
/* Adds to out every name that a name in out may share memory with, by the statements of b. */
void opt_alias_closure(CBody *b, OMap *out);
/* A fresh name "BASE_oN", unique in the program (internaliser names end in _DIGITS). */
const char *opt_fresh(const char *base);
/* The iota arrays of f used only as inputs of screma, scatter and hist (into out, value 1):
 * backends need not build them, their elements are the SOAC's index. */
void opt_lazy_iotas(const CFun *f, OMap *out);
/* ======== clone.c ======== */
/* A deep copy in which every variable the body (lambda) binds has a fresh name. */
CBody *core_clone_body(const CBody *b);
CLambda *core_clone_lambda(const CLambda *l);

/* Statement and SOAC counts of a program (for reports). */
void opt_counts(const CProg *p, int *stms, int *soacs);

#endif
