/* flatten.h — DESIGN.md step 6: the core program's SOACs become segmented operations (the
 * segment IR, CE_SEGOP in src/core/ir.h) over map-nest contexts, with alternative versions
 * guarded by thresholds (incremental flattening, seed 001).  docs/FLATTENING.md describes the
 * rules; flatten.c implements them.
 */
#ifndef WEFT_FLATTEN_FLATTEN_H
#define WEFT_FLATTEN_FLATTEN_H

#include "../core/ir.h"

typedef enum {
    FLATTEN_NONE, /* no flattening: the program runs in sequence (weft c) */
    FLATTEN_CPU, /* levels: grid (all threads) and sequential; versions e_top / e_flat */
    FLATTEN_GPU, /* the same versions, thresholds defaulting to a GPU's parallelism */
} FlattenTarget;

/* Rewrites every function of p: screma at the top level of a function (and in its top-level
 * loops and branches) become segmap / segred / segscan over the map nests around them; inner
 * parallelism is distributed (map fission, map-loop interchange, ifs with invariant
 * conditions) or run sequentially inside the segop, with both choices kept as versions where
 * a threshold decides at run time.  scatter, hist, filter and screma that mix scans and
 * reductions stay as they are at the top level.  The thresholds are added to p->thresholds. */
void flatten_prog(CProg *p, FlattenTarget target);

/* rows.c: in a map at the host level of fun, a row made by `iota w`, `replicate w v` or a
 * concatenation, of a per-element width, becomes a map over `iota w`, which irregular.c
 * flattens by elements. */
void flatten_rows_as_maps(CFun *fun);

/* The represent pass (jagged.c): every jagged array becomes its offsets arrays and flat data
 * (docs/FLATTENING.md); afterwards the program has regular arrays only.  Entry points record
 * how their parameters and results are passed (CFun.ext_params, ext_ret). */
void jagged_represent(CProg *p);
/* The jagged levels of a type: the innermost dimension `[]` after the outer one (0: regular). */
int jagged_levels(CType t);

/* irregular.c: the full flattening of a map whose body runs an inner SOAC of a width that
 * varies per element (docs/FLATTENING.md, "Irregular nests").  irr_match: the map statement's
 * expression when it has that form (types: the function's; defs: its host bindings, the
 * expression of each variable bound alone), else NULL.  irr_prepare computes
 * the widths' total and largest (one reduction, into b) and returns the outer version's
 * parallelism (the total work over the largest element's); irr_flatten then (the widths'
 * offsets first, for its segops) binds out (fresh
 * names for the map's pattern) to the flattened version's results: segops, and for a filter
 * also host SOACs (its offsets, the scatter, the rest of the body as a map) for the caller to
 * flatten in turn.  iotas: the variables bound by iota (read as the index where a SOAC takes
 * them). */
typedef struct IrrMatch IrrMatch;
IrrMatch *irr_match(const CExp *e, const OMap *types, const OMap *defs);
CAtom irr_prepare(IrrMatch *m, CBuild *b, const OMap *iotas);
void irr_flatten(IrrMatch *m, CBuild *b, const OMap *iotas, CParamVec out);
/* How many times a point of the outer version a point of the flattened version costs on the
 * CPU, measured (docs/PERFORMANCE.md): flatten.c scales the outer version's parallelism by it
 * before the comparison, so that the flattened version is taken where its threads, this much
 * slower each, still beat the outer version's. */
int64_t irr_cpu_cost(const IrrMatch *m);
/* Whether irregular.c recomputes statement expression e at every point (cheap, and failing
 * only where the original would). */
bool irr_cheap(const CExp *e);
/* Whether operators ops use a variable of vars (a neutral element or an operator that varies
 * per element: such a SOAC is not made a segmented one). */
bool irr_ops_use(const COperatorVec *ops, const OMap *vars);

/* Helpers of irregular.c the other irregular rules share.  irr_element: copies of map e's
 * lambda parameters bound to its inputs at index i (an iota input: i itself), then copies of
 * the statements [0, upto) of its body that keep marks (NULL: all), into in; subst maps each
 * original name to its copy's atom (CAtom *).  irr_prune drops the statements of b whose
 * results nothing reads and that cannot fail.  irr_note_lambda (irr_note_body,
 * irr_note_params) records the types of everything l (b, ps) binds. */
void irr_element(const CExp *e, CBuild *in, CAtom i, int upto, const bool *keep, const OMap *iotas, OMap *subst);
void irr_prune(CBody *b);
void irr_note_lambda(OMap *types, const CLambda *l);
void irr_note_body(OMap *types, const CBody *b);
void irr_note_params(OMap *types, const CParamVec *ps);
/* A screma over idx (width w) whose lambda takes parameter i and runs in's statements (the
 * element's bindings), then c's (appended to in, the unread ones pruned), returning c's
 * results; added to b's expressions for the caller to bind. */
CExp *irr_index_map(CBuild *b, CBuild *in, CParam i, CBody *c, CAtom w, CAtom idx);
/* Whether a statement after statement s of body b consumes one of s's results. */
bool irr_consumed_after(const CBody *b, int s);

/* irr_control.c: seed 004's rules 8 and 9 (docs/FLATTENING.md, "Ifs and loops in irregular
 * maps"): a top-level map whose body runs cheap statements, then an if with a condition that
 * varies per element or a for loop with a count that varies per element (or carried arrays
 * of a width that does), with parallelism inside, then anything.  irr_control_match: its
 * description when the map expression e has that form, else NULL.  irr_control_flatten binds
 * out (fresh names for the map's pattern) to its flattened version, host statements for the
 * caller to flatten in turn: the elements split by the condition (the active ones of each
 * iteration packed), each side a map over its elements, the results merged back in order. */
typedef struct IrrCtl IrrCtl;
/* Whether e runs parallel work: a SOAC, or one in the bodies of its branches or loop. */
bool irr_runs_parallel(const CExp *e);
IrrCtl *irr_control_match(const CExp *e);
/* For a loop: its per-element counts, the largest, its carried rows' offsets (into b, for
 * irr_control_flatten), and the host iterations per 4096 points of the loops' work (the
 * elements' counts times the points of the rows their bodies rewrite): at or above a threshold
 * of 1, too little work per iteration to pay for the flattened version's steps.  {0} for an if. */
CAtom irr_control_prepare(IrrCtl *m, CBuild *b, const OMap *iotas);
void irr_control_flatten(IrrCtl *m, CBuild *b, const OMap *iotas, CParamVec out);

/* irr_split.c: a map statement st whose body runs, after cheap statements, a statement S that
 * is not cheap (a reduction or a map of a width that varies per element, a sequential if or
 * loop of scalars) and more parallel work after it, as two maps and what lies between them,
 * appended to b: first the prefix and S (its results one value per element, or rows flat at
 * the offsets of S's widths), then the prefix again, S's results read at the element and the
 * rest of the body, binding st's pattern.  False (nothing written) when st has not that form. */
bool irr_split(const CStm *st, CBuild *b, const OMap *iotas);

/* compact.c: a filter or partition of scalar elements at the host level of a GPU program as
 * flags, their scan and scatters (docs/FLATTENING.md, "Filters on the GPU"), appended to b
 * binding st's pattern; false (nothing written) for a filter of rows. */
bool compact_filter(const CStm *st, CBuild *b);

/* bins.c: seed 000's two-level version of a map whose inner SOACs have a per-element width
 * (docs/FLATTENING.md, "Bins").  bins_match: the map's expression when its body fits (GPU),
 * else NULL; bins_inspector: let (widths, counts) = a map over the elements computing each
 * one's width and loop count, into b, and *balance: 100 times the mean of the elements' work
 * (width times count) over the largest (100: all alike); bins_blockify: a clone of the map's lambda made block
 * level and uniform across a bin (loops and ifs around its SOACs masked). */
typedef struct BinsMatch BinsMatch;
BinsMatch *bins_match(const CExp *e);
void bins_inspector(BinsMatch *m, CBuild *b, CAtom *widths, CAtom *counts, CAtom *balance);
void bins_blockify(CLambda *lam, OMap *types, const OMap *iotas, Loc loc);
/* Whether body b can run at block level (e_middle's, a bin's): every screma at its top level
 * or in the bodies of its loops and ifs has scalar operators, no concatenated results and
 * passes soac_ok(e, arg); counted: loops around scremas are for-loops; no scatter, hist,
 * filter or segop at that level. */
bool block_level_ok(const CBody *b, bool counted, bool (*soac_ok)(const CExp *e, void *arg), void *arg);
/* The screma statement s as a segop over one dimension of a block's threads: its lambda's
 * parameters bound to the elements (rows) at the thread's index (the index itself for an
 * input in iotas, which may be NULL), then its body. */
CStm block_segop(const CStm *s, const OMap *iotas);

/* lift.c: function lifting (seed 004; docs/FLATTENING.md "Function lifting"), before the
 * represent pass: each recursive function whose recursive calls lifting reaches gets a lifted
 * version FUN_lifted (CFun.host) taking a batch of calls, and the maps over calls of it and the
 * calls at the top level of the entry points get it as a version beside the original, chosen by
 * a threshold on the number of calls. */
void lift_prog(CProg *p, FlattenTarget target);

/* The number of distinct code paths (combinations of versions) of each function, for reports. */
int64_t flatten_paths(const CFun *f);

#endif
