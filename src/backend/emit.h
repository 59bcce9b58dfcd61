/* emit.h — the statement emitter: core IR -> C11 for every target (docs/BACKENDS.md).  Arrays are
 * views into reference-counted memory blocks (rts/flat.h): one C struct per variable holding the
 * element pointer, the block, the extents and the strides.  Jagged arrays reach it as their
 * offsets arrays and flat data (the represent pass, src/flatten/jagged.c), so every array here
 * is regular.
 *
 *   emit.c        program, functions (of recursive definitions) and their calls, entry points,
 *                 bodies, scalar statements, if, loop
 *   emit_array.c  array expressions: index, update, iota, replicate, copy, concat, reshapes, ...
 *   emit_soac.c   SOACs and segops (screma, scatter, hist, filter/partition) as sequential loops
 *   range.c       bounds of i64 variables: indexing that cannot fail is not checked
 *   unitver.c     unit-width versions of loop nests
 *   nest.c        dot-product nests: recognised for every target, interchanged for the CPU
 *   cexpr.c       C names, types, constants and scalar operators
 * The memory plan (src/memory: dense layouts, lifetimes, escapes) is computed before and read
 * here; what runs in parallel is the Target's (target.h: c/, multicore/, cuda/).
 *
 * Memory (rts/flat.h): a variable either owns one reference to its block (OWNED: results of
 * allocations, of if/loop, loop parameters) or borrows (views, lambda parameters, entry
 * inputs).  An owned variable is released right after its last use, where "use" includes the
 * uses of the views taken from it in the same body; its last use may instead move the
 * reference (an in-place update, a loop's initial value, a body result).  Allocations inside a
 * loop or a SOAC iteration come from slots, reused from one iteration to the next.
 */
#ifndef WEFT_BACKEND_FLAT_FGEN_H
#define WEFT_BACKEND_FLAT_FGEN_H

#include "../core/ir.h"
#include "../opt/opt.h"
#include "../flatten/flatten.h"
#include "cexpr.h"
#include "../memory/memory.h"
#include "target.h"

/* ======== emit.c: the entry point of the backend ======== */

/* The program's C code (without the runtime) for target t: functions, entry wrappers,
 * wf_program, main; p flattened as t asks (t->flatten), plan its memory plan.  For a target with device code
 * (t->kernels), *kernels gets that code (the .cu text); otherwise kernels is untouched.
 * no_tiling (--no-tiling): no tiled kernels (backend/cuda/tile.c), to compare. */
char *fgen_program(const CProg *p, const MemPlan *plan, const Target *t, bool no_tiling, char **kernels);
/* The program's tuning parameters (its thresholds, then the target's): emits their table,
 * returns the wf_program fields. */
const char *fg_param_table(FGen *g);


/* ======== range.c (the functions are after FGen) ======== */
/* The bound `base + off` of an i64 value (base: a core variable; NULL: the constant off). */
typedef struct {
    const char *base;
    int64_t off;
} FLin;
/* The range of a variable before an if's branch narrowed it (range.c fr_branch). */
typedef struct {
    const char *var; /* NULL: nothing narrowed */
    void *range;
} FBranch;
/* An index known to lie in a dimension of that extent (checked once before an iteration). */
typedef struct {
    CAtom idx;
    CDim dim;
} FChecked;

/* ======== the generator's state, shared by emit*.c, range.c, unitver.c and the targets ======== */

/* How a variable holds its array's block: not at all (a view, a lambda parameter, an entry
 * input), with a reference of its own, or as scratch (made in an iteration that it does not
 * outlive: the allocation site's slot holds the only reference). */
typedef enum { OWN_BORROWED, OWN_OWNED, OWN_SCRATCH } Own;

typedef struct {
    CType type;
    Layout layout;
    Own own;
    bool lazy_iota; /* an iota never built: its elements are the loop index of the SOACs it feeds */
} FVar;

/* Where a body's result goes. */
typedef enum {
    DEST_VAR,  /* assign to the C variable name (arrays: the receiver owns a reference) */
    DEST_ROW,  /* copy into the dense memory of the view name (an array row of a map output) */
    DEST_BORROW, /* an operator's operand, used before the next iteration: as DEST_VAR, but an array
                    whose block outlives the body anyway (a scratch array of it, an array from
                    outside) is assigned without a reference (the name goes in FGen.unowned) */
} DestKind;
typedef struct {
    DestKind kind;
    const char *name;
} FDest;

/* Slots (rts/flat.h wf_slot) of the allocation sites in one scope: a function, or one thread's
 * part of a parallel region.  Declared at the scope's start, freed at its end. */
typedef struct {
    Vec(const char *) names;
} FSlots;

typedef struct FGen FGen;
struct FGen {
    StrBuf *out;
    StrBuf *types;     /* view struct definitions (WFV_DEFINE), emitted before the code */
    OMap type_done;    /* view struct names already defined */
    int indent;
    int tmp;           /* counter for fresh C names */
    const Target *target; /* the target the code is for (target.h) */
    bool device;       /* emitting a kernel's device code (cuda/kernels.c) */
    bool no_tiling;    /* --no-tiling: no tiled kernels (cuda/tile.c) */
    int block;         /* emitting block-level code: every thread of the block runs it (cuda/block.c) */
    bool blockmem;     /* new blocks go to the block's memory, shared by its threads (cuda/block.c) */
    bool bins;         /* block-level code of a binned segmap: each point has threads of its own
                          (bj_ of bslotn_ from bslot0_; cuda/block.c) */
    bool coop_results; /* the next body's results are written by the block's threads together */
    bool hist_atomic;  /* hist iterations combine into their bins atomically (other threads too) */
    bool scatter_shared; /* scatter iterations write where other threads may write too */
    StrBuf *kernels;   /* weft cuda: the .cu text */
    int regions;       /* weft cuda: kernels so far */
    int par;           /* inside a parallel region: new blocks are private to the thread */
    int iter;          /* inside an iteration (loop body, SOAC lambda): allocations use slots */
    int lam;           /* SOAC lambdas and segop bodies around the code being emitted (0: its
                          SOACs and segops may be parallel regions) */
    const CProg *prog; /* its thresholds */
    Vec(CThreshold) target_params; /* the target's own tuning parameters, after the program's */
    OMap vars;         /* core variable -> FVar * */
    const MemPlan *plan; /* the program's memory plan (src/memory) */
    MemFun *mem;       /* the current function's */
    OMap layouts;      /* its strided arrays */
    OMap lazy_iotas;   /* its iota arrays never built (opt_lazy_iotas) */
    OMap hints;        /* variable -> C name of the map-output row it may be built in */
    OMap hint_ranks;   /* variable -> rank of that row */
    OMap escapes;      /* its variables of iteration bodies whose arrays may outlive the iteration */
    /* loop parameters made unique before their loop (stays_unique): updated with no check */
    OMap unique_params;
    OMap ranges, lins; /* range.c: known bounds of i64 variables, variables = another + constant */
    OMap extents;      /* range.c: the outer extent of slice views a[c:e:1], as a linear form */
    OMap tests;        /* range.c: bool variables defined as `x == k` or `x != k` (i64 x, constant k) */
    Vec(FLin) runs;    /* range.c: bounds of the iterations around the code (each runs: >= 1) */
    Vec(FChecked) checked; /* range.c: indices checked before the iterations around the code */
    const char *defer_oob; /* emit_soac.c: a map loop that runs on past a bad index: the C flag
                              its index checks set instead of failing (emit_array.c) */
    Vec(const char *) defer_oks; /* the C flags of its deferred checks (1: good) */
    const char *defer_path; /* there: the C condition under which the code being emitted runs
                               (its ifs run both branches: emit.c), NULL: always */
    OMap *defer_inner; /* there: the variables its lambda binds (the others are the same in every
                          iteration) */
    OMap *defer_loaded; /* there: the variables whose values depend on an array's element */
    Vec(const char *) defer_nonempty; /* there: extents of arrays read, each > 0 for the loop to run */
    FSlots *slots;     /* the current slot scope */
    const char *fun;   /* the function being emitted */
    bool in_fun;       /* it is a function of a recursive definition (not an entry point): its calls
                          pass depth_ + 1 */
    /* the body being emitted: its lifetimes, the statement and its index, and the owned
     * variables the statement moved (they are not released after it) */
    const FLife *life;
    const CStm *stm;
    int at;
    OMap moved;
    OMap unowned; /* DEST_BORROW destinations given no reference: not released */
    OMap *unit;       /* unitver.c: i64 variables known to be 1 here (fg_atom reads them as 1) */
    bool unit_done;   /* unitver.c: inside a versioned nest (either version): no more versions */
    const char *seg_flat; /* an irregular segop's point being emitted: its flat index (C), where
                             its map and scan results go */
    /* An irregular segmap emitted fused with the scatter or hist that consumes its results
     * (fs_fused_consumer): each point's index and values go straight into the destination,
     * no arrays of them.  seg_priv: a hist's bins of one row folded into a private buffer
     * (C array seg_priv of seg_priv_n bins, the row's bins from seg_priv_lo), not the
     * destination; else g->hist_atomic says how the destination is updated. */
    const CStm *seg_into;
    const char *seg_priv, *seg_priv_lo, *seg_priv_n;
    /* The replicates that made seg_into's destinations (seg_nreps statements from seg_reps),
     * fused too: never made, each row filled with its value where it is written (0: the
     * destinations made before) */
    const CStm *seg_reps;
    int seg_nreps;
};

/* emit.c */
void fg_line(FGen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *fg_fresh(FGen *g, const char *base);
const char *fg_atom(FGen *g, CAtom a);            /* C expression of a scalar atom or a view */
FVar *fg_var(FGen *g, const char *name);          /* dies when unknown */
CType fg_atom_type(FGen *g, CAtom a);
FVar *fg_bind(FGen *g, const char *name, CType t, Own own); /* layout from g->layouts */
const char *fg_view_type(FGen *g, PrimType p, int rank);    /* defines it on first use */
const char *fg_ctype(FGen *g, CType t);            /* view struct or scalar C type */
/* Declare the C variable of a pattern element (or the C name cname), zero-initialised. */
void fg_decl(FGen *g, CParam p);
void fg_decl_c(FGen *g, const char *cname, CType t);
/* Emit a body: statements with their releases, then the results into dests. */
void fg_body(FGen *g, const CBody *b, const CParam *params, int nparams, const FDest *dests);
/* Bind the lambda's parameters (arrays borrowed) to the C expressions args and emit its body, an
 * iteration; its results outlive it when results_escape (operators: the new accumulators). */
void fg_lambda(FGen *g, const CLambda *lam, const char **args, const FDest *dests, bool results_escape);
/* How the array made for core variable var (NULL: a temporary the generator owns) is held. */
Own fg_alloc_class(FGen *g, const char *var);
/* A view variable's C element access `v.p[offset]` for the indices idx[0..k) (k = rank). */
const char *fg_elem(FGen *g, const char *v, const char *var, const char **idx, int k);
/* Whether var is known dense where the code is being emitted (indexing by extents). */
bool fg_dense(FGen *g, const char *var);
/* The C offset (in elements) of the indices idx[0..k) of view v (core variable var). */
const char *fg_offset(FGen *g, const char *v, const char *var, const char **idx, int k);
/* Declare the view `name` (of type t) = the row idx[0..k) of view v (core var var). */
void fg_row_view(FGen *g, const char *name, CType t, const char *v, const char *var, const char **idx, int k);
/* Whether body b runs block segops (cuda/block.c), at its level or in its loops and ifs. */
bool fg_body_has_block(const CBody *b);
/* A new block for the view dst of type t (the C variable of core variable var, or NULL), whose
 * extents are set: dst.m, dst.p and the strides of a fresh array, in a slot when inside an
 * iteration, or the map-output row hinted for var when its size fits.  A fresh array is
 * row-major with its elements evenly spaced: dense on the host; on the device its innermost
 * stride may be more than 1 (interleaved arenas, rts/flat_dev.cuh), so code that fills it
 * writes through fg_fresh_elem and fg_copy_into. */
void fg_alloc(FGen *g, const char *dst, const char *var, CType t, const char *loc);
/* Element i (a C expression: the row-major position) of the fresh array dst of rank r. */
const char *fg_fresh_elem(FGen *g, const char *dst, int r, const char *i);
/* Copy the view src (type t) into the fresh array dst of rank rd from its row-major position
 * at (a C expression; NULL: 0): a row or the whole. */
void fg_copy_into(FGen *g, const char *dst, int rd, const char *at, const char *src, CType t);
/* dst (declared, type t) = row i (C expression) of the view v (by its strides). */
void fg_row_view_of(FGen *g, const char *dst, CType t, const char *v, const char *i);
/* The strides of view dst of rank r but its innermost, row-major from its extents and that one. */
void fg_outer_strides(FGen *g, const char *dst, int r);
/* Fill in dense strides of view dst of rank r from its extents. */
void fg_dense_strides(FGen *g, const char *dst, int r);
/* Whether the statement being emitted may move the owned variable a (its last use, once). */
bool fg_may_move(FGen *g, CAtom a);
void fg_moved(FGen *g, const char *var);
/* Run fn with a new slot scope; its slots are declared before its code and freed after it. */
void fg_slot_scope(FGen *g, void (*fn)(FGen *, void *), void *arg);
/* Releases the reference of an owned view variable (C name). */
void fg_release(FGen *g, const char *v);
/* WF_FAIL(e): e is the failing expression (an int from wf_error, or 1). */
void fg_fail(FGen *g, const char *cond, const char *err);
/* The index (for wf_param, wf_cmp_le) of the target's tuning parameter name, added to the
 * program's table with default dflt when first asked for. */
int fg_target_param(FGen *g, const char *name, int64_t dflt);
/* The extents from..r-1 of view v as a C initialiser list, for a failure's message: the
 * reporters get a copy, so that v's address does not escape (the C compiler then keeps views
 * in registers instead of memory). */
const char *fg_extents(const char *v, int from, int r);

/* unitver.c: a SOAC run in sequence (fs_soac), as two versions when it is the outermost nest
 * of an iteration and its widths are variables from outside: all of them 1, and any. */
void fu_soac(FGen *g, const CStm *s);
/* emit_soac.c: the loop over index i < w (width: the atom w was set from); a block binding i = 0
 * where the width is known to be 1. */
void fs_loop_begin(FGen *g, CAtom width, const char *i, const char *w);

/* emit_array.c */
void fa_exp(FGen *g, const CStm *s); /* every non-SOAC array expression */
/* The view dst (of core variable var, which this binds) becomes atom a, moved when the statement
 * may (fg_may_move) and nobody else holds it, else a fresh copy: ready for in-place writes. */
void fa_take_unique(FGen *g, const char *dst, const char *var, CAtom a, const char *loc);
/* dst becomes a dense copy of itself in a new block allocated for core variable var (releasing
 * its old reference if asked). */
void fa_copy_fresh(FGen *g, const char *dst, const char *var, CType t, bool release_old, const char *loc);
/* The same on a path that seldom runs: the copy is a call, not an inline loop. */
void fa_copy_fresh_rare(FGen *g, const char *dst, const char *var, CType t, bool release_old, const char *loc);
/* Check that view src has the extents of view want (both rank r, dims from 1 of want if
 * skip_outer); fail with a size mismatch otherwise. */
void fa_check_shape(FGen *g, const char *src, const char *want_dims, int r, const char *what, const char *loc);

/* range.c */
void fr_reset(FGen *g); /* a new function */
/* var (an i64) lies in [0, bound). */
void fr_index(FGen *g, const char *var, CAtom bound);
/* The code emitted until fr_leave runs in an iteration over [0, bound) (so bound >= 1). */
void fr_enter(FGen *g, CAtom bound);
void fr_leave(FGen *g);
/* The facts a scalar statement gives (copies, additions and subtractions of constants). */
void fr_op(FGen *g, const CStm *s);
/* Whether 0 <= idx < dim is known where the code is being emitted. */
bool fr_in_bounds(FGen *g, CAtom idx, CDim dim);
/* The facts a slice view gives: x = a[c:e:1] (c constant) has e - c rows. */
void fr_view(FGen *g, const CStm *s);
/* Whether idx is known to lie inside extent j (of core type dim) of array var. */
bool fr_in_extent(FGen *g, CAtom idx, const char *var, int j, CDim dim);
/* In the branch of an if on cond (then: the branch where cond holds) until fr_branch_end with
 * what it returns: when cond is `x == k` or `x != k` with k the lowest value of i64 x's range,
 * x is k in one branch and above k in the other. */
FBranch fr_branch(FGen *g, CAtom cond, bool then);
void fr_branch_end(FGen *g, FBranch b);
/* Before the loop of screma e over w (a C name) iterations: the bounds checks of the indexing
 * at the start of its lambda that is the same in every iteration, done once (when w > 0);
 * they are known inside the loop until fr_unhoist(g, the returned mark). */
int fr_hoist_checks(FGen *g, const CExp *e, const char *w);
void fr_unhoist(FGen *g, int mark);

/* emit_soac.c: the sequential SOACs, and their pieces for multicore/regions.c */
void fs_soac(FGen *g, const CStm *s);
/* The lambda argument for element i of input a: the index (unbuilt iota), an element, or a row
 * view's initialiser. */
const char *fs_input_elem(FGen *g, CAtom a, const char *i);
/* Fail unless every input of e has w elements. */
void fs_check_inputs(FGen *g, const CExp *e, const char *w, const char *loc);
/* Allocate the SOAC output p: [w] ++ its row type. */
void fs_alloc_output(FGen *g, CParam p, const char *w, const char *loc);
/* The entry k (a C expression) of the offsets array o (concatenated map results, CExp.offsets). */
const char *fs_offset_at(FGen *g, CAtom o, const char *k);
/* The row of iteration i of the concatenated output out, whose offsets are o: a view of the
 * part O[i]..O[i+1] of its flat array (declared here; its C name returned). */
const char *fs_concat_row(FGen *g, CParam out, CAtom o, const char *i);
/* The scan and map outputs of a screma. */
void fs_screma_outputs(FGen *g, const CStm *s, const char *w, const char *loc);
/* Declare one accumulator per neutral element of ops, initialised to it (arrays referenced). */
const char **fs_decl_accs(FGen *g, const COperatorVec *ops);
/* Whether op's j-th result can be computed in its accumulator's memory (fs_decl_accs then
 * gives that accumulator a private copy of the neutral element). */
bool fs_op_in_place(const COperator *op, int j);
/* accs = op(accs, xs) (C names; array accumulators are owned, their old values released). */
void fs_apply_op(FGen *g, const COperator *op, const char **accs, const char **xs);
/* One iteration (index i, a C expression) of a screma, scatter or hist. */
void fs_screma_iteration(FGen *g, const CStm *s, const char *i, const char **accs);
void fs_scatter_iteration(FGen *g, const CStm *s, const char *i);
/* Segops: the operators, how many results feed them, how many space dimensions result j has. */
const COperatorVec *fs_seg_ops(const CExp *e);
int fs_ops_results(const COperatorVec *ops);
int fs_seg_dims(const CExp *e, int j);
/* An irregular segop (CExp.irregular): the start of the segment of outer point i (a C
 * expression) in the flat space, and the emission of the whole segop in sequence. */
const char *fs_seg_start(FGen *g, const CExp *e, const char *i);
/* The element or row idx[0..n) of the output var (of type t) as a destination. */
FDest fs_out_dest(FGen *g, const char *var, CType t, const char **idx, int n);
/* Allocate a segop's outputs (w: the C names of the space's widths). */
void fs_segop_outputs(FGen *g, const CStm *s, const char **w, const char *loc);
/* The space's widths as C variables, each checked (negative: fails unless an outer one is 0). */
const char **fs_segop_widths(FGen *g, const CExp *e, const char *loc);
/* The body at the point idx[0..k) (C expressions): map results into their outputs, operator
 * inputs combined into accs (scans: stored at the point). */
void fs_segop_point(FGen *g, const CStm *s, const char **idx, const char **accs);
/* An irregular segop's body begins with statements that depend on the point's segment only
 * (scalars and views: a row's bounds, its slice): how many (0 for other segops). */
int fs_segment_prefix(const CExp *e);
/* Those statements for segment seg (C), its index bound: before a loop over some of its
 * points, each then fs_segop_point_from(..., from = the count returned). */
int fs_segop_segment(FGen *g, const CStm *s, const char *seg);
void fs_segop_point_from(FGen *g, const CStm *s, const char **idx, const char **accs, int from);
/* The body from statement `from` on (the segment part emitted before). */
const CBody *fs_segop_rest(const CExp *e, int from);
/* After the innermost dimension (of the segment idx[0..k-1)): reductions stored (or, over a
 * one-dimensional space, bound to the results), scan accumulators released. */
void fs_segop_finish(FGen *g, const CStm *s, const char **idx, const char **accs);
/* The scatter or hist (statement i + 1 of body b) that statement i, an irregular segmap, feeds
 * when the two run as one (the segmap's results its inputs, read by nothing else: the
 * flattened scatter and hist of src/flatten/irregular.c), else NULL.  Host code of c and
 * multicore only; a scatter of one index, a hist with its `rows` promise, one destination and
 * scalar bins. */
const CStm *fs_fused_consumer(FGen *g, const CBody *b, int i);
/* The same, statements i .. i + *nreps - 1 the replicates of its destinations (*nreps > 0,
 * where its rows are promised: the rows filled as they are written), then the segmap. */
const CStm *fs_fused_from(FGen *g, const CBody *b, int i, int *nreps);
/* One point of a fused segmap (g->seg_into): its results xs (index, values) into the
 * destination (see seg_priv). */
void fs_into_point(FGen *g, const char **xs);
/* A fused segmap's start: the destinations taken (or, the replicates fused, allocated), its
 * results and the replicates' bound (never made: nothing releases them). */
void fs_into_begin(FGen *g, const CStm *s, const char *loc);
/* The bounds of row seg (C) of the destinations (their rows promise), into *lo and *hi. */
void fs_into_row(FGen *g, const char *seg, const char **lo, const char **hi);
/* The fused replicates' values written to elements [from, to) of the destinations. */
void fs_into_fill(FGen *g, const char *from, const char *to);
/* hist's iteration at i: its lambda, then the value combined into its bin (atomically under
 * g->hist_atomic: one destination of scalars only). */
void fs_hist_iteration(FGen *g, const CStm *s, const char *i);
/* hist's lambda at i: the bin (a C variable) and the values, one per destination. */
void fs_hist_values(FGen *g, const CStm *s, const char *i, const char **bin, const char ***vals);
/* Whether every bin of hist e is a scalar (no destination of rank > 1). */
bool fs_hist_scalar(const CExp *e);
/* bins[j] = op(bins, vals)[j]: scalar bins (lvalues). */
void fs_hist_combine(FGen *g, const COperator *op, const char **bins, const char **vals);
/* bin = op(bin, val) atomically, one scalar destination: a fetch-and-op or a native device
 * atomic where op has one, else a compare-and-swap loop. */
void fs_hist_atomic(FGen *g, const COperator *op, const char *bin, const char *val);
/* The built-in operator of op (\a b -> a OP b on one scalar type: 0 +, 1 *, 2 min, 3 max, 4 &,
 * 5 |, 6 ^; min and max of integers only), or -1. */
int fs_simple_op_code(const COperator *op);
/* scatter / hist after fs_take_dests: the loop over their w iterations. */
void fs_scatter_hist_loop(FGen *g, const CStm *s, const char *w);
/* scatter / hist: the destinations taken unique into the statement's results. */
void fs_take_dests(FGen *g, const CStm *s, const char *loc);
/* nest.c: dot-product nests (cuda/tile.c tiles them on the GPU) */
/* A lambda of scalars whose statements cannot fail: operations, atoms, ifs of such. */
bool fn_simple_lambda(const CLambda *lam);
/* Whether the lambda reads only its parameters, its own variables and variables bound outside
 * the nest (in g->vars and not in bound, which may be NULL). */
bool fn_lambda_closed(FGen *g, const CLambda *lam, const CParamVec *bound);
/* The reduce-map of b when b is a dot product: its one scalar result is its last statement's, a
 * screma with one reduce operator of one neutral element and no scan, whose lambdas are simple
 * and closed and whose width and neutral element are known outside the nest; else NULL. */
const CExp *fn_dot_product(FGen *g, const CBody *b, const CParamVec *bound);
/* When the screma s (its map over w, a C name, checked and its output allocated) is a map of
 * dot products over rows: emits `if (w is wide enough) { the interchanged loops } else {` and
 * returns true, the caller emitting the plain loops and then fn_interchange_end; else false,
 * nothing emitted. */
bool fn_interchange_begin(FGen *g, const CStm *s, const char *w);
/* Likewise for the rows [lo, hi) (C expressions) of segop s when it is a segmap over rows whose
 * body takes rows A[i] of arrays from outside and makes its result by a map of dot products (its
 * output allocated): the interchanged loops in blocks of rows, the caller emitting the plain
 * loops over [lo, hi) and then fn_interchange_end. */
bool fn_segmap_rows_begin(FGen *g, const CStm *s, const char *lo, const char *hi);
void fn_interchange_end(FGen *g);

#endif
