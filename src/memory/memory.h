/* memory.h — the memory plan (DESIGN.md step 7): what the emitter needs to know about each
 * function's arrays before it writes a line, computed as a stage of its own so that it can be
 * printed (`weft dev --print=mem`) and tested:
 *
 *   layout.c    which array variables may be strided views (the others are dense: indexed by
 *               their extents, so the C compiler sees unit strides)
 *   lifetime.c  per body: the statement after which each variable is dead (owned arrays are
 *               released there), views extending their base's life; the arrays an if hands
 *               over to its branches (dying in each at their last use there)
 *   escape.c    which arrays made in an iteration may outlive it (the others are scratch: their
 *               slot's block is reused by the next iteration, with no reference counting)
 *   plan.c      the plan of a program: all of the above for every function and body, and the
 *               iotas never built (their elements are the index of the SOACs they feed)
 */
#ifndef WEFT_MEMORY_MEMORY_H
#define WEFT_MEMORY_MEMORY_H

#include "../core/ir.h"

/* ======== layout.c ======== */
typedef enum { LAYOUT_DENSE, LAYOUT_STRIDED } Layout;
/* The strided array variables of f, into *out (absent: dense). */
void flayout_fun(const CFun *f, OMap *out);

/* ======== lifetime.c ======== */
/* For the variables bound by a body (its statements, and the parameters given): the index of
 * the statement after which each is dead, counting the uses of views of it (index, slices,
 * rearrange, reshapes, atoms) as its own uses.  -1: never used; stms.len: used by the
 * body's results. */
typedef struct {
    OMap last; /* name -> last index + 2 (0: not bound here) */
    int nstms;
} FLife;
FLife *flife_body(const CBody *b, const CParam *params, int nparams);
int flife_last(const FLife *l, const char *var); /* as above; -2 when var is not bound here */
/* The arrays an if hands over to its branches: those whose last use it is, in their binding
 * order, and for each the one of them it is a view of (or NULL). */
typedef struct {
    CParamVec vars;
    const char **bases;
} FHanded;
/* What statement at (an if) of body b, whose parameters are params and lifetimes l, hands over;
 * param_bases (or NULL) says which parameter each parameter is a view of (b a branch: its if's
 * FHanded.bases). */
FHanded *flife_handed(const CBody *b, const CParam *params, const char *const *param_bases, int nparams, const FLife *l,
                      int at);
/* The lifetimes of a branch given h: h's arrays are its parameters, views extending their bases. */
FLife *flife_branch(const CBody *b, const FHanded *h);

/* ======== escape.c ======== */
/* Adds to out the variables bound in iteration body b (and the bodies of its ifs) whose arrays
 * may outlive the iteration: b's results when results_escape (a loop body, an operator), and
 * everything those may share memory with. */
void fesc_body(const CBody *b, bool results_escape, OMap *out);

/* ======== plan.c ======== */
typedef struct MemFun MemFun;
typedef struct {
    Vec(MemFun *) funs;
} MemPlan;

/* The plan of every function of p (flattened or not: what the emitter will compile). */
MemPlan *memory_plan(const CProg *p);
/* The plan of function f (its layouts, lazy iotas and escapes into the given maps). */
MemFun *memory_fun(const MemPlan *m, const CFun *f, OMap *layouts, OMap *lazy_iotas, OMap *escapes);
/* The lifetimes of body b (with the parameters bound at its start): the plan's, computed and
 * kept on the first request for a body the plan did not walk. */
const FLife *memory_lifetimes(MemFun *mf, const CBody *b, const CParam *params, int nparams);
/* What the if at statement at of the body whose lifetimes are life (from memory_lifetimes)
 * hands over to its branches: their parameters (memory_lifetimes knows them as such). */
const FHanded *memory_handed(MemFun *mf, const FLife *life, int at);
/* weft dev --print=mem */
void memory_print(FILE *out, const CProg *p, const MemPlan *m);

#endif
