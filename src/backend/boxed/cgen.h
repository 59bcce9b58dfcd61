/* cgen.h — the sequential C backend: core IR -> one C11 source file (docs/BACKENDS.md).
 *
 *   cgen.c       bodies, statements, scalar operators, array operations, functions, entry points
 *   cgen_soac.c  SOACs (screma, scatter, hist, filter/partition) as sequential loops
 *
 * The generated code uses the array helpers of wfa.h (pasted into the output by the driver,
 * with rts/values.h and rts/runtime.h) and describes itself with a wf_program for wf_main.
 */
#ifndef WEFT_BACKEND_C_CGEN_H
#define WEFT_BACKEND_C_CGEN_H

#include "../../core/ir.h"
#include "../../opt/opt.h"
#include "../cexpr.h"
#include "versions.h"

/* The program's C code (without the runtime): functions, entry wrappers, wf_program, main.
 * multicore: outermost screma become OpenMP parallel loops (compile with -fopenmp). */
char *cgen_program(const CProg *p, bool multicore);
/* weft cuda: the host program (as cgen_program) and, in *kernels, the .cu text. */
char *cgen_program_cuda(const CProg *p, char **kernels);
/* `weft dev --print=seg`: the multicore backend's parallel structure, versions and their
 * thresholds (versions.c), as text. */
char *cgen_plan(const CProg *p);

/* ---- shared between cgen.c and cgen_soac.c ---- */
typedef struct CGen CGen;
struct CGen {
    StrBuf *out;
    StrBuf *decls;   /* file-scope definitions, placed before the functions (rts/mc.h instances) */
    int indent;
    int tmp;         /* counter for fresh C names */
    int depth;       /* nesting of loops and lambdas: a variable is moved (not copied) into an
                        update only at the depth where it was bound */
    CScope types;    /* variable -> core type */
    CScope depths;   /* variable -> depth (in .rank) */
    OMap lazy_iota;  /* iota arrays never built: only SOAC inputs, whose elements are the index */
    OMap borrowed;   /* array variables that own no reference (lambda parameters, rows of
                        arrays that outlive them): never released, never moved */
    int scope;       /* inside an arena scope (the iteration of an outermost SOAC) */
    bool multicore;  /* weft multicore: outermost SOACs become OpenMP parallel regions */
    int par;         /* inside a parallel region */
    /* weft cuda (src/backend/cuda/kgen.c) */
    bool cuda;       /* outermost screma with scalar lambdas become GPU regions */
    StrBuf *kernels; /* the .cu file's text: specs, kernels, launchers */
    int kernel;      /* emitting device code: arrays are kernel views (karrs) */
    OMap karrs;      /* array variable -> KArr (kgen.c) while kernel */
    int regions;     /* GPU regions so far */
    /* incremental flattening (versions.c) */
    CVersions *ver;  /* the program's thresholds and plan, shared by all its functions */
    const char *fun; /* the function being emitted: thresholds are named after it */
};

void cg_line(CGen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *cg_atom(CGen *g, CAtom a); /* C expression */
const char *cg_ctype(CType t);         /* wfa * or the scalar C type */
const char *cg_fresh(CGen *g, const char *base);
CType cg_atom_type(CGen *g, CAtom a);
void cg_bind(CGen *g, const char *var, CType t);
/* Declare v (owned) initialised from the borrowed expression e (arrays take a reference). */
void cg_decl_init(CGen *g, CType t, const char *v, const char *e);
void cg_inner_dims(CGen *g, CType t, StrBuf *sb); /* "(int64_t[]){d1, ...}" or "NULL" */
/* Emit a body: its statements, then results assigned (with references) to dests, then the
 * release of its own arrays. */
void cg_body(CGen *g, const CBody *b, const char **dests);
/* Bind the lambda's parameters to the borrowed C expressions args, run the body into dests. */
void cg_lambda(CGen *g, const CLambda *lam, const char **args, const char **dests);
/* The element i of array expression arr (element type t): a borrowed C expression. */
const char *cg_elem(CGen *g, const char *arr, CType elem, const char *i);
/* Move or reference the array atom a into the fresh owned variable dst, then make it unique. */
void cg_take_unique(CGen *g, const char *dst, CAtom a, const char *loc);

/* Bind the borrowed array variable v to the C expression e (no reference taken). */
void cg_borrow(CGen *g, const char *var, CType t, const char *e);
/* Whether the array variable may be borrowed from: it outlives the current body unchanged. */
bool cg_stable(CGen *g, const char *var);

void cg_soac(CGen *g, const CStm *s); /* cgen_soac.c */

/* ---- versions.c (versions.h): incremental flattening for the multicore backend ---- */
int cg_threshold(CGen *g, const char *kind, int64_t dflt);
void cg_plan(CGen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *cg_param_table(CGen *g);
#define cg_body_has_par ver_body_has_par
#define cg_code_paths ver_code_paths
#define CG_SUFF_OUTER_PAR_DEFAULT VER_SUFF_OUTER_PAR_DEFAULT
#define CG_MAX_VERSION_NESTING VER_MAX_NESTING

#endif
