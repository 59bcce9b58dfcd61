/* types.h — semantic types, as inferred and checked by types/check*.c and read by later stages.
 *
 * The type checker owns this header and may add fields; the stable part used by the interpreter
 * and later passes is: kind, prim, elem/dim (arrays, one dimension per node), elems/fields
 * (tuples, records), param/ret (functions), unique, and the helper functions below.
 * Unification variables (T_VAR) are linked in place; always look through them with type_prune().
 * After check_program() no T_VAR or SIZE_VAR is left in the AST (they are resolved or defaulted).
 */
#ifndef WEFT_TYPES_H
#define WEFT_TYPES_H

#include "../syntax/ast.h"

typedef struct Size Size;

typedef enum {
    SIZE_ANY,   /* unknown / existential ([] in source, or the size of a filter result) */
    SIZE_CONST, /* a known constant */
    SIZE_NAME,  /* a named size: size parameter [n] or a variable of type i64 in scope */
    SIZE_VAR,   /* unification variable; see link */
    SIZE_EXPR,  /* an expression over sizes: [n*m], [n+1], [f n] (see below) */
} SizeKind;

/* A SIZE_EXPR is an arithmetic operator (op: + - * / % // %% **) on args[0], args[1], or, with
 * fn set, a call of that top-level function on args[0..n).  Unification matches such sizes
 * structurally, so unflatten's [n*m] learns n and m from an argument of size [a*b]. */
struct Size {
    SizeKind kind;
    int64_t value;    /* SIZE_CONST */
    const char *name; /* SIZE_NAME */
    Size *link;       /* SIZE_VAR once solved */
    int id;           /* SIZE_VAR: for printing */
    BinOp op;         /* SIZE_EXPR without fn */
    Decl *fn;         /* SIZE_EXPR: the function called, or NULL */
    int n;            /* SIZE_EXPR: number of args */
    Size **args;      /* SIZE_EXPR */
};

typedef enum {
    T_PRIM,
    T_ARRAY,  /* [dim]elem */
    T_TUPLE,  /* elems; the unit type is the empty tuple */
    T_RECORD, /* fields (sorted by name) parallel to elems */
    T_ARROW,  /* param -> ret */
    T_PARAM,  /* a rigid type parameter 't (inside a polymorphic function) */
    T_VAR,    /* unification variable; see link */
    T_SUM,    /* #c1 t.. | #c2 t..: constructors (fields, sorted) parallel to payloads (elems,
                 each a T_TUPLE of the constructor's payload types) */
} TypeKind;

/* Masks of primitive types, the constraint of an overloaded T_VAR (bit p = PRIM p allowed). */
#define PRIM_BIT(p) (1u << (p))
#define MASK_INT                                                                           \
    (PRIM_BIT(PRIM_I8) | PRIM_BIT(PRIM_I16) | PRIM_BIT(PRIM_I32) | PRIM_BIT(PRIM_I64) |     \
     PRIM_BIT(PRIM_U8) | PRIM_BIT(PRIM_U16) | PRIM_BIT(PRIM_U32) | PRIM_BIT(PRIM_U64))
#define MASK_FLOAT (PRIM_BIT(PRIM_F16) | PRIM_BIT(PRIM_F32) | PRIM_BIT(PRIM_F64))
#define MASK_NUM (MASK_INT | MASK_FLOAT)
#define MASK_PRIM (MASK_NUM | PRIM_BIT(PRIM_BOOL))

struct Type {
    TypeKind kind;
    PrimType prim;         /* T_PRIM */
    Type *elem;            /* T_ARRAY */
    Size *dim;             /* T_ARRAY: size of the outermost dimension */
    Vec(Type *) elems;     /* T_TUPLE, T_RECORD, T_SUM; T_VAR: types of the fields it must have */
    NameVec fields;        /* T_RECORD, T_SUM; T_VAR: fields (or constructors) it must have */
    Type *param, *ret;     /* T_ARROW */
    const char *param_name;/* T_ARROW with a named parameter ((n: i64) -> [n]t) */
    const char *name;      /* T_PARAM */
    bool unique;           /* *t */
    Type *link;            /* T_VAR once solved */
    int id;                /* T_VAR: for printing and constraints */

    /* checker-private */
    Size *param_size;      /* T_ARROW, instantiated: the size that stands for a named parameter's value */
    unsigned prims;        /* T_VAR: 0 = unconstrained, else the allowed primitive types (mask) */
    bool eq;               /* T_VAR: must be an equality type (no functions) */
    bool sum;              /* T_VAR: fields are constructors it must have (elems their payloads) */
    int level;             /* T_VAR: let-nesting level, for generalisation; T_PARAM: the level of
                              the function that binds it (0 where generalisation made it) */
    char lift;             /* T_PARAM: 0 ('t), '~' ('~t) or '^' ('^t: may be a function) */
    char unlifted;         /* T_VAR: 0, UNLIFTED_NOFUN or UNLIFTED_VALUE (see unify.c) */
    const char *unlifted_ctx; /* T_VAR: what asked for it ("an array element"), for messages */
};

/* Liftedness constraints of a T_VAR (Futhark's type parameter kinds): no function inside
 * (the result of an `if`, a loop parameter: a size-lifted type is fine), or a value type
 * (an array element, a 't parameter: neither functions nor size-lifted type parameters). */
#define UNLIFTED_NOFUN 1
#define UNLIFTED_VALUE 2

/* What an E_VAR refers to (Expr.binding). */
typedef enum {
    BIND_LOCAL,  /* a let-, lambda-, loop- or parameter-bound variable, or a size parameter */
    BIND_DEF,    /* a top-level def (decl), also one in a module */
    BIND_LETFUN, /* a local function (fun is the E_LETFUN) */
    BIND_MODULE, /* a module (mod): modules and values share a name space (types/module.c) */
} BindKind;

typedef struct Module Module;

typedef struct Binding Binding;
struct Binding {
    BindKind kind;
    const char *name, *qual;
    Type *type;          /* monotype, or the body of the type scheme */
    Loc loc;
    Decl *decl;          /* BIND_DEF */
    Expr *fun;           /* BIND_LETFUN */
    Module *mod;         /* BIND_MODULE */
    Vec(Type *) tvars;   /* quantified type parameters (T_PARAM nodes) */
    NameVec svars;       /* quantified size parameters */
    bool is_param;       /* a function parameter (for uniqueness) */
    bool is_size;        /* a size parameter [n] */
};

/* ---- types.c ---- */
Type *type_prune(Type *t);         /* follow T_VAR links */
Size *size_prune(Size *s);         /* follow SIZE_VAR links */
bool type_mentions_size(Type *t, const char *name); /* a dimension of t is or uses the size name (interned) */
bool size_mentions(Size *s, const char *name);
Type *type_prim(PrimType p);       /* shared instances for primitive types */
Type *type_array(Type *elem, Size *dim);
Type *type_tuple(int n, Type **elems);
Type *type_record(int n, const char **fields, Type **elems); /* sorts the fields */
Type *type_sum(int n, const char **ctors, Type **payloads);  /* sorts the constructors; payloads are T_TUPLEs */
int type_ctor_index(Type *t, const char *ctor);              /* a T_SUM's constructor, -1 if none */
Type *type_arrow(Type *param, Type *ret);
Type *type_param(const char *name);
Type *type_var(unsigned prims, int level);
Type *type_unit(void);
Size *size_any(void);
Size *size_const(int64_t v);
Size *size_name(const char *name);
Size *size_var(void);
Size *size_binop(BinOp op, Size *a, Size *b); /* an unknown operand: unknown (nothing folded: [2*3] is not [6]) */
/* The same, but one unknown operand (`filter`'s size in `filter p xs ++ ys`) is a size variable
 * open to what it meets, so that `f`'s `[a + b]` learns b from it (two unknowns: unknown). */
Size *size_binop_open(BinOp op, Size *a, Size *b);
Size *size_call(Decl *fn, int n, Size **args);
bool size_is_arith(BinOp op);      /* an operator a size expression may use */
/* The value of op on two i64 sizes (false: undefined, as division by zero). */
bool size_arith(BinOp op, int64_t a, int64_t b, int64_t *out);
int type_rank(Type *t);            /* number of array dimensions */
Type *type_base(Type *t);          /* element type below all array dimensions */
bool type_is_prim(Type *t, PrimType p);
bool type_has_array(Type *t);      /* contains an array (may alias) */
bool type_has_arrow(Type *t);      /* contains a function */
int type_field_index(Type *t, const char *field); /* record/tuple field, -1 if none */
Type *type_copy_unique(Type *t, bool unique);     /* shallow copy with the uniqueness flag set */
void type_print(StrBuf *sb, Type *t); /* Futhark syntax: [n][]f32, (i32, bool), {a: i32} */
char *type_str(Type *t);           /* allocated string of type_print */
void size_print(StrBuf *sb, Size *s);
char *size_words(Size *s);        /* allocated: a size as messages quote it (n + 1) */

#endif
