/* ir.h — the core IR (DESIGN.md step 4): what internalise.c produces from the typed AST and what
 * the optimiser, the flattener and the backends consume.  docs/CORE.md specifies it, with the
 * grammar of its textual form.  One header, in sections named after the file that owns them.
 *
 * In brief
 *  - A program is a list of functions (CFun); the entry points of the source are functions with
 *    is_entry set, then come the functions of recursive definitions, called by CE_APPLY
 *    (docs/CORE.md, "Functions and entry points").  Everything else of the source is inlined by the internaliser.
 *  - A-normal form: a body (CBody) is a sequence of statements `let x1: t1, ..., xk: tk = exp`
 *    and a result list of atoms.  Operands of expressions are atoms: a variable or a constant.
 *  - Monomorphic and first-order: there are no closures; SOACs carry explicit lambdas (CLambda).
 *  - Every variable has a primitive type or an array-of-primitive type (CType): tuples and
 *    records are flattened, arrays of tuples are tuples of arrays.
 *  - Variables are interned names (util.h intern()), unique within a function: a variable is
 *    bound exactly once (a let, a function/lambda parameter, a loop parameter or loop index).
 *  - Array types carry one CDim per dimension: a constant, an i64 variable in scope, or ANY
 *    (`[]`, not known statically; for an inner dimension possibly different in each element:
 *    jagged).  A dimension that names a variable is a fact the producer guarantees.
 *  - Memory: allocated with xmalloc and never freed (as the rest of the compiler).
 */
#ifndef WEFT_CORE_IR_H
#define WEFT_CORE_IR_H

#include "../syntax/ast.h"

typedef struct CBody CBody;
typedef struct CLambda CLambda;
typedef struct CExp CExp;
typedef struct CFun CFun;

/* ======== ir.c: types, atoms, constructors ======== */

typedef enum {
    CDIM_CONST, /* [3] */
    CDIM_VAR,   /* [n]  an i64 variable in scope */
    CDIM_ANY,   /* []   unknown statically; inner dimensions may be jagged */
} CDimKind;

typedef struct {
    CDimKind kind;
    int64_t value;   /* CDIM_CONST */
    const char *var; /* CDIM_VAR */
} CDim;

/* A primitive type (rank 0) or an array of one.  unique marks `*` on function parameters and
 * results (the callee may consume / the caller owns); elsewhere it is false. */
typedef struct {
    PrimType prim;
    int rank;
    CDim *dims; /* rank entries, outermost first */
    bool unique;
} CType;
typedef Vec(CType) CTypeVec;

typedef enum { CA_VAR, CA_CONST } CAtomKind;

/* An operand.  Constants are scalars: ival holds integers (two's complement bits, zero- or
 * sign-extended as the type says) and booleans (0/1), fval floats. */
typedef struct {
    CAtomKind kind;
    const char *var; /* CA_VAR */
    PrimType prim;   /* CA_CONST */
    int64_t ival;
    double fval;
} CAtom;
typedef Vec(CAtom) CAtomVec;

/* Scalar operators (COp, core_ops, core_op_lookup): the table of src/scalar/scalar.h. */

/* ---- expressions ---- */

typedef enum {
    CE_ATOM,      /* a                          : atom */
    CE_OP,        /* name t a b / convert t1 t2 a : op, prim, prim2 (CONVERT/BITCAST), args */
    CE_IF,        /* if c then B1 else B2       : args[0] = c, body, body2 (results = the pattern) */
    CE_LOOP,      /* loop (p = init, ...) for i < n do B / while c do B :
                     params (+ inits in args), index + args: see CLoop */
    CE_INDEX,     /* index a [i, s:e:d, ...]    : args[0] = array, slice */
    CE_UPDATE,    /* update a [i, s:e:d] = v    : args[0] = array (consumed), slice, args[1] = v */
    CE_SIZE,      /* size k a                   : dim = k, args[0] = array; extent of dimension k */
    CE_IOTA,      /* iota n                     : args[0] (i64) -> [n]i64 */
    CE_REPLICATE, /* replicate n v              : args[0] = n, args[1] = v */
    CE_REARRANGE, /* rearrange (1, 0, ...) a    : perm, args[0] */
    CE_FLATTEN,   /* flatten a                  : args[0]; the two outer dimensions combined (may be jagged) */
    CE_UNFLATTEN, /* unflatten n m a            : args = n, m, a */
    CE_CONCAT,    /* concat a b ...             : args (outer dimension) */
    CE_COPY,      /* copy a                     : args[0] */
    CE_ROTATE,    /* rotate r a                 : args = r, a */
    CE_ARRAY,     /* array t [a, b, ...]        : type = element type, args = elements */
    CE_ASSERT,    /* assert c "msg" (a, ...)    : args[0] = c, msg; binds nothing.  The message shows
                     the i64 operands args[1..] on failure: {k} names one, %lld the next
                     (cassert_text) */
    CE_APPLY,     /* apply f (a, b, ...)        : fname, args */
    /* the segment IR (src/flatten, docs/FLATTENING.md): after flattening only */
    CE_SEGOP,     /* segmap|segred|segscan LEVEL (i < w, ...) ops { B } : seg, level, params = the
                     space's indices (i64), args = their widths, scans/reds, body; offsets
                     (concatenated map results, as for CE_SCREMA) */
    CE_THRESHOLD, /* threshold "NAME" a : dim = the program's threshold, args[0] = the
                     parallelism (i64); bool result: the threshold's value <= a */
    CE_TUNING,    /* tuning "NAME" : dim = the program's tuning parameter, a #[param(NAME)] of the
                     source (CThreshold.user); two results: bool, whether the run sets it
                     (--param, --tuning), and i64, its value then */
    CE_SCREMA,    /* screma w (xs) scan.. reduce.. map lam [concat (o, _, ..)] : args[0] = w, arrays,
                     ops, lam, offsets */
    CE_SCATTER,   /* scatter w (dests) (xs) [rows R] lam : args[0] = w, dests, arrays, lam; rows:
                     see irregular below */
    CE_HIST,      /* hist w (dests) (xs) [rows R] op (nes) lam : args[0] = w, dests, ops[0], arrays, lam;
                     rows: see irregular below */
    CE_FILTER,    /* filter w (xs) lam / partition w (xs) lam : args[0] = w, arrays, lam, partition */
    CE_COUNT
} CExpKind;

/* One entry of an index list: a plain index, or a slice start:end:stride (all explicit; end
 * exclusive; stride may be negative, then end is below start). */
typedef struct {
    bool is_slice;
    CAtom start, end, stride; /* plain index: start */
} CIndex;
typedef Vec(CIndex) CIndexVec;

/* Segmented operations (CE_SEGOP).  The space is a map nest (i1 < w1, ..., ik < wk): the body
 * runs once per point with the indices bound.  segmap: each result j of the body becomes an
 * array [w1]...[wk] ++ its type.  segred: the body's first results feed the operators, which
 * combine them over the innermost dimension (one reduction per point of the outer k-1
 * dimensions: [w1]...[w(k-1)] ++ type); the remaining results are map results as in segmap.
 * segscan: likewise, but the scans keep every point: [w1]...[wk] ++ type.  The level is where
 * the operation runs: grid (all of the device, or all the threads of a CPU), or block (the
 * threads of one GPU thread block, arrays in its shared memory: inside a grid segmap only). */
typedef enum { SEG_MAP, SEG_RED, SEG_SCAN } SegKind;
typedef enum { SEG_GRID, SEG_BLOCK } SegLevel;

/* A reduction or scan operator: a lambda of 2k parameters (k accumulators, k elements) and k
 * results, with k neutral elements. */
typedef struct {
    CLambda *lam;
    CAtomVec nes;
    bool comm; /* declared commutative (reduce_comm, hist) */
} COperator;
typedef Vec(COperator) COperatorVec;

typedef struct {
    const char *name;
    CType type;
} CParam;
typedef Vec(CParam) CParamVec;

struct CExp {
    CExpKind kind;
    Loc loc;            /* source location: run-time messages of indexing, division, asserts... */
    CAtomVec args;      /* operands, see CExpKind */
    COp op;             /* CE_OP */
    PrimType prim;      /* CE_OP: operand type */
    PrimType prim2;     /* CE_OP convert/bitcast: result type */
    CType type;         /* CE_ARRAY: element type */
    CIndexVec slice;    /* CE_INDEX, CE_UPDATE */
    /* CE_INDEX: every index (slice) is known to lie inside its extent, so no bounds check is
     * emitted for plain indices and the statement cannot fail (set by the flattener where it
     * reads an inner SOAC's element j of the array whose size is that SOAC's width, j below
     * it, and by the represent pass where it reads a jagged value's offsets at its own rows;
     * printed `index_inrange`).  A fact about the values, so it survives cloning, CSE and
     * hoisting. */
    bool in_range;
    Vec(int) perm;      /* CE_REARRANGE */
    int dim;            /* CE_SIZE */
    const char *msg;    /* CE_ASSERT */
    const char *fname;  /* CE_APPLY */
    CBody *body, *body2;/* CE_IF then/else, CE_LOOP body */
    /* CE_LOOP: params are the merge parameters, args[i] their initial values; for-loops bind
     * index (i64, 0 <= index < bound); while-loops test the merge parameter named by cond
     * before each iteration. */
    CParamVec params;
    const char *index;  /* CE_LOOP for */
    CAtom bound;        /* CE_LOOP for */
    const char *cond;   /* CE_LOOP while: a merge parameter of type bool */
    /* SOACs: args[0] is the width w; arrays are the input arrays (outer size w). */
    CAtomVec arrays;
    CAtomVec dests;     /* CE_SCATTER, CE_HIST: destination arrays (consumed) */
    COperatorVec scans; /* CE_SCREMA */
    COperatorVec reds;  /* CE_SCREMA; CE_HIST: exactly one, the bin operator */
    CLambda *lam;       /* the map lambda of every SOAC; CE_FILTER: the predicate */
    bool partition;     /* CE_FILTER: also return the rejected elements */
    /* CE_SCREMA, CE_SEGOP: concatenated map results.  Empty, or one atom per map result (the
     * lambda's / body's results after the operators' inputs): a constant for an ordinary result
     * ([w] ++ its row type), or an offsets array O (i64, w + 1 entries, O[0] = 0,
     * non-decreasing) for a result whose rows have different sizes: row i is written at
     * O[i] .. O[i+1] of one flat array of O[w] rows, and must have O[i+1] - O[i] of them
     * (docs/FLATTENING.md, the represent pass). */
    CAtomVec offsets;
    /* CE_SEGOP: an irregular space (docs/FLATTENING.md, "Irregular nests").  Its innermost
     * dimension has a different extent at each point of the outer ones: at the outer point
     * whose flat index is f, segs[f+1] - segs[f] (segs: i64 offsets, one entry more than the
     * outer points, segs[0] = 0); its width atom is the total, segs[last].  Map and scan
     * results are then one flat array of every point's, in order ([total] ++ type); reductions
     * give one value per outer point.
     * CE_SCATTER and CE_HIST `rows R` (src/flatten/irregular.c scatter_rows): the inputs are the
     * results of the irregular segmap just before, and the points of its segment i write (bin)
     * only into row i of the destinations: [R[i], R[i+1]) for offsets R (an i64 array), [i*R, (i+1)*R)
     * for a row size R (an i64).  A promise for the targets (a row's bins private to the thread
     * that runs the segment, docs/FLATTENING.md); the meaning is the plain hist's. */
    bool irregular;
    CAtom segs;
    /* CE_SEGOP: a binned grid segmap (seed 000; docs/FLATTENING.md, "Bins"): its one dimension's
     * points are packed into thread blocks by their widths bins[0] (an [w]i64 array: the threads
     * each point wants) and sorted by their loop counts bins[1] ([w]i64, or the constant 0);
     * its body's block segops run over each point's own threads.  Its meaning is the plain
     * segmap's. */
    bool binned;
    CAtom bins[2];
    /* CE_SEGOP at block level: computes its points only where mask (bool) holds; elsewhere its
     * results are unspecified and never read (bin kernels' per-point loops and ifs). */
    bool masked;
    CAtom mask;
    SegKind seg;        /* CE_SEGOP */
    SegLevel level;     /* CE_SEGOP */
};

/* let x1: t1, ..., xk: tk = exp */
typedef struct {
    CParamVec pat;
    CExp *exp;
} CStm;

struct CBody {
    Vec(CStm) stms;
    CAtomVec result;
};

struct CLambda {
    CParamVec params;
    CTypeVec ret;
    CBody *body;
};

/* fn name [n, m] (x: [n]f32, ...) -> (t, ...) { body }.  sizes are implicit i64 parameters,
 * determined by the shapes of the array arguments (entry points: of the inputs). */
/* How an entry point's parameter or result of the source is passed after the represent pass
 * (src/flatten/jagged.c): as `parts` consecutive core parameters (results): one for a regular
 * value, levels + 1 for a jagged one (its offsets arrays, then its flat data). */
typedef struct {
    CType type;  /* the source type */
    int levels;  /* 0: regular; else the jagged levels (docs/FLATTENING.md) */
} CExtern;
typedef Vec(CExtern) CExternVec;

struct CFun {
    const char *name;
    bool is_entry;
    /* lift.c: a lifted function (a batch of calls of a recursive one), called from host code
     * only: flattened like an entry point, never called inside a kernel or parallel region */
    bool host;
    Loc loc;
    NameVec sizes;
    CParamVec params;
    CTypeVec ret;
    CBody *body;
    /* set by the represent pass (empty before it: one core parameter per source parameter) */
    CExternVec ext_params, ext_ret;
};

/* A tuning parameter of incremental flattening: its name (FUN.suff_outer_par_K, ...) and
 * default value; or (user) a #[param(NAME)] of the source, which has no default: where the run
 * does not set it, the program computes its own value (CE_TUNING). */
typedef struct {
    const char *name;
    int64_t dflt;
    bool user;
} CThreshold;

typedef struct {
    Vec(CFun *) funs;
    Vec(CThreshold) thresholds; /* referred to by CE_THRESHOLD's dim */
} CProg;

/* constructors and helpers */
CAtom catom_var(const char *name);
CAtom catom_int(PrimType p, int64_t v);
CAtom catom_float(PrimType p, double v);
CAtom catom_bool(bool b);
/* A constant atom's value, and the constant atom of a value. */
Scalar catom_scalar(CAtom a);
CAtom catom_of_scalar(Scalar v);
bool catom_eq(CAtom a, CAtom b);
/* Whether map result j (counting from the first map result) of a screma or segop is written
 * concatenated (see CExp.offsets); its offsets array then in *o. */
bool cexp_concat(const CExp *e, int j, CAtom *o);
/* An assertion's message (CE_ASSERT) with its values in: {k} names value k (of args[1..]), a
 * %lld the next one in order.  fmt: as a C printf format instead, one %lld per value shown (and
 * order[c] = which value the c-th shows, when order is given; vals unused), other % doubled. */
char *cassert_text(const char *msg, const int64_t *vals, int nvals, bool fmt, int *order);
/* Whether every operator of ops works on scalars (no array accumulators). */
bool coperators_scalar(const COperatorVec *ops);
CType ctype_prim(PrimType p);
CType ctype_array(PrimType p, int rank, const CDim *dims); /* copies dims */
CType ctype_elem(CType t);            /* drop the outer dimension */
CType ctype_outer(CDim d, CType t);   /* add an outer dimension */
CType ctype_copy(CType t);
bool ctype_eq(CType a, CType b);      /* same prim, rank and dims */
/* Same prim and rank, and no two dimensions that are different constants (other size
 * differences are checked at run time where they matter). */
bool ctype_compat(CType a, CType b);
CDim cdim_const(int64_t v);
CDim cdim_var(const char *v);
CDim cdim_any(void);
bool cdim_eq(CDim a, CDim b);
CDim cdim_of_atom(CAtom a);
CAtom cdim_atom(CDim d);              /* a constant or a variable; dies on ANY */           /* a constant or variable size; ANY for other constants */
CExp *cexp_new(CExpKind kind, Loc loc);
/* The bodies nested directly in e — if branches, the loop body, the SOAC lambda, operator
 * lambdas — in that order, into *out (xmalloc'ed); returns how many. */
int cexp_bodies(const CExp *e, CBody ***out);
CBody *cbody_new(void);
CLambda *clambda_new(void);
CFun *cfun_new(const char *name, Loc loc);
void cbody_let(CBody *b, CParamVec pat, CExp *e);

/* The types of an expression's results, from the types of its operands (lookup gives the type
 * of a variable in scope).  Dimensions the rules cannot know are ANY.  NULL msg on success;
 * otherwise a description of what is inconsistent. */
typedef bool (*CLookup)(void *ctx, const char *var, CType *out);
const char *cexp_types(const CExp *e, CLookup lookup, void *ctx, CTypeVec *out);
CType catom_type(CAtom a, CLookup lookup, void *ctx, bool *ok);


/* A map from interned names to types with nested scopes (verify.c, internalise.c). */
typedef struct {
    const char **keys;
    CType *vals;
    int cap, len;
    Vec(const char *) log; /* bound names, in order, for scope_pop */
} CScope;
void cscope_put(CScope *s, const char *name, CType t);
bool cscope_get(CScope *s, const char *name, CType *out);
int cscope_mark(CScope *s);
void cscope_pop(CScope *s, int mark);
bool cscope_lookup(void *scope, const char *var, CType *out); /* a CLookup over a CScope */

/* ======== print.c: the textual form (docs/CORE.md) ======== */
void core_print_prog(FILE *out, const CProg *p);
void core_print_type(StrBuf *sb, CType t);
void core_print_atom(StrBuf *sb, CAtom a);
char *core_prog_str(const CProg *p);

/* ======== parse.c: reads the textual form back ======== */
/* Parses text (named file in messages); a syntax error is reported with error_at. */
CProg *core_parse(const char *file, const char *text);

/* ======== verify.c ======== */
/* Checks scoping (defined before use, exactly once), operand types, lambda arities and types,
 * sizes in scope and results against return types.  Returns the number of errors; each is
 * printed to stderr prefixed by `what` (the pass that produced p). */
int core_verify(const CProg *p, const char *what);

/* ======== internalise.c ======== */
/* From a checked program (prelude first; user declarations from first_user) to core: one
 * function per entry point of the user's file (`entry` declarations, else `main`). */
CProg *core_internalise(Program *prog, int first_user);

/* ======== walk.c: visiting, substituting and asking questions of the IR ======== */
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
/* Whether st reads (an operand or a size in a type, its pattern's included) a name of names. */
bool opt_stm_reads(CStm *st, const OMap *names);
/* Every name bound in e's nested bodies and lambdas (into bound, value 1). */
void opt_bound_exp(CExp *e, OMap *bound);
/* Whether evaluating e may fail at run time (bounds, division by zero, asserts, sizes). */
bool opt_may_fail(const CExp *e);
/* opt_may_fail of statement st's expression, knowing its results' types (a concatenation of
 * vectors cannot fail). */
bool opt_stm_may_fail(const CStm *st);
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
/* The state of opt_fresh, and back to it: for a pass that throws away everything it made since
 * the mark (its names then come again), so that what it leaves unchanged is named as before. */
int opt_fresh_mark(void);
void opt_fresh_rewind(int mark);
/* The iota arrays of f used only as inputs of screma, scatter and hist (into out, value 1):
 * backends need not build them, their elements are the SOAC's index. */
void opt_lazy_iotas(const CFun *f, OMap *out);
/* The variables bound by body's statements [i, j) that its statements from j on or its results
 * read. */
CParamVec opt_liveouts(const CBody *body, int i, int j);
/* The iotas of b (at its level) nothing reads, dropped: a check that their size is not
 * negative is left in their place (the flattener reads an iota input as the index). */
void opt_remove_marked(CBody *b, const bool *gone); /* the statements of b whose gone[i] is set, removed */
/* Whether running b may allocate arrays: a statement binds an array that is not a view of
 * another (index, rearrange), or calls a function. */
bool opt_body_may_allocate(const CBody *b);
void opt_drop_dead_iotas(CBody *b);
/* ======== clone.c ======== */
/* A deep copy in which every variable the body (lambda) binds has a fresh name. */
CBody *core_clone_body(const CBody *b);
CLambda *core_clone_lambda(const CLambda *l);

/* Statement and SOAC counts of a program (for reports). */
void opt_counts(const CProg *p, int *stms, int *soacs);

/* ======== eval.c ======== */
/* Runs the program's entry point named entry (NULL: main, else the last one; weft dev -e) on
 * arguments read from in, as `weft run` does, printing its results to out.  Fails like the
 * program (exit 2). */
int core_eval_entry(const CProg *p, const char *entry, FILE *in, FILE *out);

/* ======== build.c: writing core IR from C ======== */
/* Statements are appended to body; new variables get fresh names and their types go into types
 * (name -> CType *), which the helpers also read (cb_type). */
typedef struct {
    CBody *body;
    Loc loc;
    OMap *types;
} CBuild;
CType cb_type(CBuild *b, CAtom a);
void cb_note(CBuild *b, const char *name, CType t);  /* record a type */
bool cb_lookup(void *ctx, const char *var, CType *out); /* a CLookup over the builder's types */
CExp *cb_exp(CBuild *b, CExpKind kind);
void cb_let_pat(CBuild *b, CParamVec pat, CExp *e);
CAtom cb_let(CBuild *b, const char *base, CType t, CExp *e);
CAtom cb_atom(CBuild *b, const char *base, CAtom a);  /* a copy of an atom under a new name */
CAtom cb_i64(int64_t v);
CAtom cb_op(CBuild *b, COp op, PrimType p, const CAtom *args, int n);
CAtom cb_op2(CBuild *b, COp op, PrimType p, CAtom x, CAtom y);
CAtom cb_add(CBuild *b, CAtom x, CAtom y); /* i64, folded on constants */
CAtom cb_sub(CBuild *b, CAtom x, CAtom y);
CAtom cb_mul(CBuild *b, CAtom x, CAtom y);
CAtom cb_select(CBuild *b, CAtom c, CAtom x, CAtom y);
CAtom cb_in_range(CBuild *b, CAtom i, CAtom n);    /* 0 <= i < n */
CAtom cb_index(CBuild *b, CAtom arr, const CAtom *idx, int n);
CAtom cb_index1(CBuild *b, CAtom arr, CAtom i);
CAtom cb_slice(CBuild *b, CAtom arr, CAtom start, CAtom end); /* arr[start:end] (outer) */
/* cb_index1 and cb_slice of an index or a slice the caller knows to lie inside the array (a
 * jagged value's own offsets read at its own rows): in_range set, no check. */
CAtom cb_known_index1(CBuild *b, CAtom arr, CAtom i);
CAtom cb_known_slice(CBuild *b, CAtom arr, CAtom start, CAtom end);
CAtom cb_size(CBuild *b, CAtom arr, int k);        /* from the type where it names the size */
CAtom cb_iota(CBuild *b, CAtom n);
CAtom cb_replicate(CBuild *b, CAtom n, CAtom v);
CAtom cb_concat(CBuild *b, const CAtom *xs, int n);
/* concat xs as a map over the positions of the result: each takes its element from the operand
 * its position falls in (a search over the operands' starts, which come first in b); its width
 * into *total.  The elementwise form, for code that runs it in parallel (a flattened nest). */
CExp *cb_concat_map(CBuild *b, const CAtom *xs, int n, CAtom *total);
CAtom cb_copy(CBuild *b, CAtom x);
CAtom cb_flatten(CBuild *b, CAtom x);
CAtom cb_unflatten(CBuild *b, CAtom n, CAtom m, CAtom x);
CAtom cb_last(CBuild *b, CAtom xs);                /* xs[size - 1] */
void cb_assert(CBuild *b, CAtom cond, const char *msg, const CAtom *vals, int nvals);
/* A builder for a nested body (a lambda's, a branch's), sharing b's types. */
CBuild cb_nested(CBuild *b);
CParam cb_param(CBuild *b, const char *base, CType t); /* a fresh parameter, its type noted */
CLambda *cb_lambda(CParamVec params, CBuild *inner, CAtomVec result);
/* let rs = map lam over arrays (width w); results[j] the j-th result (may be NULL); returns the first. */
CAtom cb_map(CBuild *b, CAtom w, const CAtom *arrays, int n, CLambda *lam, CAtom *results);
CAtom cb_reduce(CBuild *b, COp op, PrimType p, CAtom ne, CAtom xs); /* reduce with a scalar operator */
/* The results of operators ops: one per neutral element. */
int coperators_results(const COperatorVec *ops);
/* A screma statement with both scans and reductions as two: the scans with the map results,
 * and the reductions (a copy of the lambda, returning their inputs only). */
void cb_split_screma(const CStm *s, CStm *scan, CStm *red);
CLambda *cb_op_lambda(CBuild *b, COp op, PrimType p); /* (x, y) -> x OP y over one scalar type */
/* let v = if cond then { then's statements; x } else { els's statements; y }: one scalar or array
 * result; then and els are nested builders (cb_nested) of b. */
CAtom cb_if(CBuild *b, CAtom cond, CBuild *then, CAtom x, CBuild *els, CAtom y, const char *base);
/* The exclusive prefix sums of the i64 array lens, with the total appended: n + 1 entries, the
 * first 0 (the offsets of rows of those lengths, one after the other). */
/* let pat = scatter n (a zeroed array of size elements per array of xs) place xs: element i of
 * every array of xs to position place[i] of its destination (nowhere when out of range). */
void cb_scatter_places(CBuild *b, CAtom n, CAtom size, CAtom place, const CAtomVec *xs, const CParamVec *pat);
CAtom cb_offsets(CBuild *b, CAtom lens);


#endif
