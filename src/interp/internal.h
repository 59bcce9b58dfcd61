/* internal.h — what the interpreter's files share.  Nothing here is used outside src/interp/.
 *
 *   value.c       values, reference counts, environments
 *   scalar.c      primitive operations: operators and scalar intrinsics onto src/scalar
 *   eval.c        expressions, patterns, size checks, function application
 *   intrinsics.c  the prelude's `intrinsics.NAME` functions (SOACs, array and scalar builtins)
 *   entry.c       interp_run_entry: reading arguments, printing results
 *
 * Values.  A Value is a 16-byte tagged union.  Scalars are unboxed: integers are kept in 64 bits,
 * sign-extended for signed types and zero-extended for unsigned ones (every operation renormalises
 * to the type's width); f32 is kept as a float, so f32 arithmetic rounds after each operation.
 * Arrays, tuples, records and functions are heap objects with a reference count.  Arrays are
 * vectors of Values, so nested arrays are arrays of arrays and may be jagged.
 *
 * Ownership.  A function returning Value returns a reference the caller owns; "borrowed" means
 * the callee neither keeps nor releases it.  An object whose count is 1 is referenced from one
 * place only, so an update may happen in place; otherwise it is copied first (copy on write).
 * `a with [i] = v` moves `a` out of its environment slot (uniqueness makes `a` dead afterwards),
 * so loops that update an array are linear.
 *
 * Environments are reference-counted linked lists of (name, value) cells; names are interned so
 * lookup compares pointers.  Closures keep the environment they were created in.  Names not bound
 * locally are top-level definitions, resolved once per E_VAR before running (eval.c).
 */
#ifndef WEFT_INTERP_INTERNAL_H
#define WEFT_INTERP_INTERNAL_H

#include "../syntax/ast.h"
#include "../types/types.h"

typedef enum { VK_PRIM, VK_ARRAY, VK_TUPLE, VK_RECORD, VK_SUM, VK_FUN, VK_DEAD } ValueKind;

typedef struct Array Array;
typedef struct Tuple Tuple;
typedef struct Fun Fun;
typedef struct Env Env;

typedef struct {
    uint8_t kind; /* ValueKind */
    uint8_t prim; /* PrimType, for VK_PRIM */
    union {
        int64_t i;  /* signed integers and bool */
        uint64_t u; /* unsigned integers */
        float f32;
        double f64;
        Array *arr;
        Tuple *tup; /* tuples and records */
        Fun *fun;
    } as;
} Value;

/* An empty array of rank > 1 remembers its inner dimensions ([0][4]i32) in elems[0..eshape_n)
 * as i64 scalars, so that sizes and printing agree with the declared shape. */
struct Array {
    int rc;
    int eshape_n;
    int64_t len;
    Value elems[];
};

/* Tuples, records and values of sum types.  A record's fields are interned names sorted by
 * strcmp; a sum type's value is its constructor and the payload (elems). */
struct Tuple {
    int rc;
    int n;
    const char **fields; /* NULL for tuples and sums */
    const char *ctor;    /* VK_SUM: the constructor */
    Value elems[];
};

typedef enum {
    FN_DECL,    /* a top-level def (decl) */
    FN_LAMBDA,  /* expr is an E_LAMBDA */
    FN_LETFUN,  /* expr is an E_LETFUN */
    FN_SECTION, /* expr is an E_SECTION; extra[0] is the captured operand, if any */
    FN_COMPOSE, /* extra[0] then extra[1] (f >-> g) */
} FunKind;

typedef struct DeclInfo DeclInfo;

struct Fun {
    int rc;
    FunKind kind;
    int arity;
    DeclInfo *decl; /* FN_DECL */
    Expr *expr;
    Env *env;       /* captured environment */
    Value extra[2];
    int nargs;      /* arguments supplied so far (partial application) */
    Value *args;    /* arity slots */
    int64_t *sizes; /* FN_DECL, FN_LETFUN: its size parameters as the use site inferred them
                       (SIZE_UNKNOWN: not known there), or NULL; owned */
    int nsizes;     /* the length of sizes */
};

/* A size parameter whose value the use site did not determine. */
#define SIZE_UNKNOWN INT64_MIN

struct Env {
    int rc;
    const char *name;
    Value v;
    Env *next;
};

/* What the interpreter knows about one top-level definition. */
struct DeclInfo {
    Decl *decl;
    int index;     /* position in the program */
    bool is_intrinsic; /* body is intrinsics.NAME */
    int intrinsic;     /* intrinsic id (intrinsics.c), or -1 when NAME is unknown */
    int arity;         /* number of parameters */
    PrimType rprim;    /* primitive result type, if it is one (convert, from_bits) */
    uint32_t consumes; /* bit i: parameter i is unique (*t), so a variable passed to it is moved */
    int nsizes;        /* number of size parameters */
    bool inferred;     /* some size parameter is no parameter's array size: its value comes from
                          the use site (unflatten's n and m, rep's n) */
    bool evaluated, evaluating; /* constants (arity 0) are evaluated once */
    Value value;
};

/* ---- value.c ---- */
void *v_alloc(size_t n); /* zeroed heap memory for run-time objects (released with free) */
Value v_prim_i(PrimType p, int64_t i); /* normalises an integer to p's width */
Value v_bool(bool b);
Value v_f32(float f);
Value v_f64(double f);
Value v_float(PrimType p, double f); /* f16, f32 (rounded) or f64 */
Value v_i64(int64_t i);
Value v_unit(void);
Array *array_new(int64_t len); /* elems zeroed (VK_PRIM i8 0); caller fills them */
/* The same, NULL when len elements do not fit in memory (or their size overflows). */
Array *array_try_new(int64_t len);
/* The same, a run-time error at loc ("out of memory: an array of N elements") when they do not. */
Array *array_new_at(int64_t len, Loc loc);
Array *array_new_empty(int n, const int64_t *inner); /* length 0, inner dimensions given */
/* The dimensions of v (at most max; the first row's for nested arrays, an empty array's
 * remembered ones); returns how many. */
int value_dims(Value v, int64_t *dims, int max);
int64_t array_inner_dim(const Array *a, int k);     /* inner dimension k (0: rows) of an empty array */
Value v_array(Array *a);
Tuple *tuple_new(int n);
Value v_tuple(Tuple *t);
Value v_sum(const char *ctor, Tuple *payload); /* a sum type's value (payload's ctor set) */
Value v_pair(Value a, Value b); /* owned components */
Fun *fun_new(FunKind kind, int arity);
Value v_fun(Fun *f);

static inline Value v_retain(Value v) {
    switch (v.kind) {
    case VK_ARRAY: v.as.arr->rc++; break;
    case VK_TUPLE: case VK_RECORD: case VK_SUM: v.as.tup->rc++; break;
    case VK_FUN: v.as.fun->rc++; break;
    default: break;
    }
    return v;
}
void v_release_obj(Value v);
static inline void v_release(Value v) {
    if (v.kind != VK_PRIM && v.kind != VK_DEAD)
        v_release_obj(v);
}
/* Make *v (an owned array) uniquely referenced, copying its top level if it is shared. */
void array_make_unique(Value *v);

Env *env_push(Env *next, const char *name, Value v); /* takes v; retains next */
void env_release(Env *e);
static inline Env *env_retain(Env *e) {
    if (e)
        e->rc++;
    return e;
}
static inline Value *env_lookup(Env *e, const char *name) {
    for (; e; e = e->next)
        if (e->name == name)
            return &e->v;
    return NULL;
}

bool v_equal(Value a, Value b);
int64_t v_int(Value v); /* integer value of an integer scalar, as int64 */

/* ---- scalar.c ---- */
bool prim_as_bool(Value v);
/* Binary operator on scalars; division by zero is a run-time error at loc. */
Value scalar_binop(BinOp op, Value a, Value b, Loc loc);
Value scalar_neg(Value a);
Value scalar_not(Value a);
Value scalar_convert(Value v, PrimType to);
Value scalar_to_bits(Value v);
Value scalar_from_bits(Value v, PrimType to);
/* A scalar operator of the prelude's intrinsics ("sqrt", "atan2", "popc", ...) on args (of the
 * first one's type), its result converted to the declared result type (if not PRIM_NONE). */
Value scalar_intrinsic(COp op, const Value *args, PrimType result, Loc loc);

/* ---- eval.c ---- */
extern const char *interp_user_file; /* errors inside the prelude are reported at the user's call */
/* The stack the interpreter runs on starts at base and has size bytes: a call that would need
 * more of it is a run-time error ("recursion too deep"), not a crash. */
void interp_stack_start(void *base, size_t size);
_Noreturn void interp_error(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void interp_prepare(Program *prog);
DeclInfo *interp_decl(Decl *d);
Value eval(Expr *e, Env *env);
/* Apply a function value (borrowed) to n owned arguments. */
Value apply_fun(Value f, int n, Value *args, Loc loc);
/* Call a top-level definition with exactly its arity of owned arguments (arity 0: its value);
 * sizes: its size parameters as the use site inferred them, or NULL. */
Value call_decl(DeclInfo *di, Value *args, const int64_t *sizes, Loc loc);
Value call_entry(DeclInfo *di, Value *args, Loc loc);

/* ---- intrinsics.c ---- */
int intrinsic_lookup(const char *name); /* -1 if unknown */
Value call_intrinsic(DeclInfo *di, Value *args, Loc loc);

#endif
