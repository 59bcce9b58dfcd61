/* types.h — semantic types, as inferred and checked by types/check*.c and read by later stages.
 *
 * The type checker owns this header and may add fields; the stable part used by the interpreter
 * and later passes is: kind, prim, elem/dim (arrays, one dimension per node), elems/fields
 * (tuples, records), param/ret (functions), unique, and the helper functions below.
 * Unification variables (T_VAR) are linked in place; always look through them with type_prune().
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
} SizeKind;

struct Size {
    SizeKind kind;
    int64_t value;    /* SIZE_CONST */
    const char *name; /* SIZE_NAME */
    Size *link;       /* SIZE_VAR once solved */
    int id;           /* SIZE_VAR: for printing */
};

typedef enum {
    T_PRIM,
    T_ARRAY,  /* [dim]elem */
    T_TUPLE,  /* elems; the unit type is the empty tuple */
    T_RECORD, /* fields (sorted by name) parallel to elems */
    T_ARROW,  /* param -> ret */
    T_PARAM,  /* a rigid type parameter 't (inside a polymorphic function) */
    T_VAR,    /* unification variable; see link */
} TypeKind;

struct Type {
    TypeKind kind;
    PrimType prim;         /* T_PRIM */
    Type *elem;            /* T_ARRAY */
    Size *dim;             /* T_ARRAY: size of the outermost dimension */
    Vec(Type *) elems;     /* T_TUPLE, T_RECORD */
    NameVec fields;        /* T_RECORD */
    Type *param, *ret;     /* T_ARROW */
    const char *param_name;/* T_ARROW with a named parameter ((n: i64) -> [n]t) */
    const char *name;      /* T_PARAM */
    bool unique;           /* *t */
    Type *link;            /* T_VAR once solved */
    int id;                /* T_VAR: for printing and constraints */
};

/* ---- types.c ---- */
Type *type_prune(Type *t);         /* follow T_VAR links */
Size *size_prune(Size *s);         /* follow SIZE_VAR links */
Type *type_prim(PrimType p);       /* shared instances for primitive types */
Type *type_array(Type *elem, Size *dim);
Type *type_tuple(int n, Type **elems);
int type_rank(Type *t);            /* number of array dimensions */
Type *type_base(Type *t);          /* element type below all array dimensions */
void type_print(StrBuf *sb, Type *t); /* Futhark syntax: [n][]f32, (i32, bool), {a: i32} */
char *type_str(Type *t);           /* allocated string of type_print */

#endif
