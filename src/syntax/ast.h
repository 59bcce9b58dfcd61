/* ast.h — the abstract syntax tree produced by the parser (syntax/parser.c) and annotated in place
 * by the type checker (types/check*.c).  Every node carries a source location.
 *
 * Conventions
 *  - Identifiers are interned (util.h intern()), so names compare with ==.
 *  - Qualified names such as f32.sqrt are one E_VAR with qual = "f32", name = "sqrt".
 *  - Syntactic sugar that has an obvious core meaning is removed by the parser:
 *      x |> f        -> E_APPLY(f, [x])          f <| x -> E_APPLY(f, [x])
 *      f a b         -> one E_APPLY with args [a, b] (nested applications are flattened)
 *      let a[i] = v in e      -> E_LET(pattern a, E_UPDATE(E_VAR a, [i], v), e)
 *      let f x = e1 in e2     -> E_LETFUN
 *      x.0 on tuples          -> E_PROJECT with field "0"
 *      (a, b) types/values    -> tuples are kept as tuples (not records) in the AST
 *    Operator sections stay sections (E_SECTION) so their types and messages are precise.
 *  - Fields marked [typed] are filled by the type checker; the parser leaves them NULL/0.
 */
#ifndef WEFT_AST_H
#define WEFT_AST_H

#include "../scalar/scalar.h"
#include "../util.h"

typedef struct Expr Expr;
typedef struct Pat Pat;
typedef struct TypeExp TypeExp;
typedef struct Decl Decl;
typedef struct Type Type; /* semantic types: types/types.h */
typedef struct Size Size; /* semantic sizes: types/types.h */


/* Binary operators, lowest to highest precedence groups as in Futhark:
 *   |>  <|  (lowest, handled as sugar) ;  ||  ;  &&  ;  == != < <= > >=  ;  & | ^  ;
 *   << >> >>>  ;  + -  ;  * / % // %%  ;  **  (right assoc) ; also ++ (concat, same level as + -? see parser),
 *   >-> and <-< function composition. */
#define BIN_OPS(X)                                                                  \
    X(ADD, "+") X(SUB, "-") X(MUL, "*") X(DIV, "/") X(MOD, "%") X(QUOT, "//")       \
    X(REM, "%%") X(POW, "**") X(EQ, "==") X(NEQ, "!=") X(LT, "<") X(LE, "<=")       \
    X(GT, ">") X(GE, ">=") X(AND, "&&") X(OR, "||") X(BAND, "&") X(BOR, "|")        \
    X(BXOR, "^") X(SHL, "<<") X(SHR, ">>") X(USHR, ">>>") X(CONCAT, "++")           \
    X(COMPOSE_FWD, ">->") X(COMPOSE_BWD, "<-<")

typedef enum {
#define X(k, s) BIN_##k,
    BIN_OPS(X)
#undef X
    BIN_COUNT
} BinOp;
const char *binop_name(BinOp op); /* in ast.c */
/* The scalar operator (scalar.h) of a binary operator on primitive operands: && and & are
 * `and`, || and | are `or`; COP_COUNT for ++ and the compositions. */
COp binop_scalar_op(BinOp op);

typedef Vec(Expr *) ExprVec;
typedef Vec(Pat *) PatVec;
typedef Vec(TypeExp *) TypeExpVec;
typedef Vec(const char *) NameVec;

/* ---- attributes: #[name], #[name(arg, ...)] — kept, printed, otherwise ignored for now ---- */
typedef struct Attr Attr;
struct Attr {
    const char *name;
    Vec(Attr *) args;
    Loc loc;
};
typedef Vec(Attr *) AttrVec;

/* ---- type expressions (syntax of types) ---- */

typedef enum {
    DIM_ANY,   /* []      : unknown / existential size */
    DIM_NAME,  /* [n]     : a size variable (size parameter or parameter name in scope) */
    DIM_CONST, /* [3]     : a constant */
    DIM_EXPR,  /* [n*m], [n+1], [M.k], [f n] : any expression of type i64 */
} DimKind;

typedef struct {
    DimKind kind;
    const char *name; /* DIM_NAME */
    int64_t value;    /* DIM_CONST */
    Expr *expr;       /* DIM_EXPR */
    Loc loc;
} DimExp;

typedef enum {
    TE_NAME,   /* i32, bool, a type alias `t`, or type parameter `t` (written 't at binding) */
    TE_ARRAY,  /* [dim]elem */
    TE_TUPLE,  /* (t1, t2, ...), () is the unit type (0 elems) */
    TE_RECORD, /* {a: t1, b: t2} */
    TE_UNIQUE, /* *t */
    TE_ARROW,  /* t1 -> t2, or (x: t1) -> t2 with named parameter (arrow_name) */
    TE_APPLY,  /* parametric alias applied: vec3 f32 ; name + args (types or [dims]) */
    TE_EXIST,  /* ?[n][m].t : sizes n, m (fields) existentially bound in elem */
    TE_SUM,    /* #a t1 t2 | #b : constructors (fields) parallel to payloads (elems, TE_TUPLEs) */
} TypeExpKind;

struct TypeExp {
    TypeExpKind kind;
    Loc loc;
    const char *name;         /* TE_NAME, TE_APPLY; TE_ARROW: optional parameter name */
    const char *qual;         /* TE_NAME, TE_APPLY: module path ("M", "M.N") of a qualified name */
    PrimType prim;            /* TE_NAME when the name is a primitive type, else PRIM_NONE */
    DimExp dim;               /* TE_ARRAY */
    TypeExp *elem;            /* TE_ARRAY, TE_UNIQUE (the inner type), TE_ARROW (parameter type) */
    TypeExp *ret;             /* TE_ARROW */
    TypeExpVec elems;         /* TE_TUPLE, TE_RECORD (field types), TE_APPLY (type arguments) */
    NameVec fields;           /* TE_RECORD field names, parallel to elems; TE_EXIST the sizes */
    Vec(DimExp) dim_args;     /* TE_APPLY size arguments [n] */
    TypeExp *expanded;        /* [typed] TE_NAME, TE_APPLY naming a type alias: its definition with
                                 the arguments in place of the parameters (NULL for others) */
};

/* ---- patterns ---- */

typedef enum {
    P_ID,       /* x */
    P_WILDCARD, /* _ */
    P_TUPLE,    /* (p1, p2, ...); () is the unit pattern */
    P_RECORD,   /* {a = p1, b} — a field without '=' binds the field name */
    P_ASCRIBE,  /* (p : t) */
    P_LITERAL,  /* 1, -2.5, 'a', true (in match cases): lit */
    P_CONSTR,   /* #name p1 p2 ... : name, elems (the payload) */
} PatKind;

struct Pat {
    PatKind kind;
    Loc loc;
    const char *name;  /* P_ID, P_CONSTR */
    PatVec elems;      /* P_TUPLE, P_RECORD (field patterns), P_CONSTR (payload) */
    Expr *lit;         /* P_LITERAL: an E_INT, E_FLOAT, E_BOOL or E_CHAR (negated: E_NEG of one) */
    NameVec fields;    /* P_RECORD field names, parallel to elems */
    Pat *inner;        /* P_ASCRIBE */
    TypeExp *texp;     /* P_ASCRIBE */
    AttrVec attrs;     /* #[attr] on a pattern */
    Type *type;        /* [typed] type of the matched value */
};

/* ---- expressions ---- */

typedef enum {
    E_INT,       /* integer literal: ival (bit pattern), prim = suffix or PRIM_NONE */
    E_FLOAT,     /* float literal: fval, prim = suffix or PRIM_NONE; also f32.inf written as literal? no: E_VAR */
    E_BOOL,      /* true / false: ival */
    E_CHAR,      /* 'a' : u8 literal (ival) */
    E_STRING,    /* "abc": [n]u8 */
    E_VAR,       /* name, optionally qual.name */
    E_TUPLE,     /* (e1, e2, ...); () is unit */
    E_RECORD,    /* {a = e1, b} ; fields parallel to elems (shorthand {b} has elems[i] = E_VAR b) */
    E_ARRAY,     /* [e1, e2, ...] */
    E_RANGE,     /* start [.. second] (..< | ..> | ...) end : lhs = start, mid = second or NULL, rhs = end */
    E_PROJECT,   /* lhs.field ; tuple projections use fields "0", "1", ... */
    E_INDEX,     /* lhs[idx, ...] with slices */
    E_APPLY,     /* fn arg1 arg2 ... : lhs = function, args */
    E_BINOP,     /* lhs op rhs */
    E_NEG,       /* -e  (lhs) */
    E_NOT,       /* !e  (lhs) : boolean not, or bitwise complement on integers */
    E_SECTION,   /* (op) / (e op) / (op e) / (.field.field) : see SectionKind */
    E_LAMBDA,    /* \p1 p2 ... : ret -> body : params, ret_texp, body */
    E_LET,       /* let [n] pat = rhs in body : tparams (sizes), pat, lhs = rhs, body */
    E_LETFUN,    /* let f 't [n] (p1) (p2) : ret = rhs in body : name, tparams, params, ret_texp, lhs = rhs, body */
    E_IF,        /* if cond then lhs else rhs */
    E_LOOP,      /* loop pat = init (for i < n | for p in xs | while c) do body */
    E_UPDATE,    /* lhs with [idx] = rhs   (in-place array update) */
    E_RECUPDATE, /* lhs with a.b.c = rhs   (record field update): fields = path */
    E_ASCRIBE,   /* lhs : texp */
    E_COERCE,    /* lhs :> texp */
    E_ATTR,      /* #[attr] lhs */
    E_PAREN,     /* (e) — kept only so the AST printer can round-trip; checker treats as lhs */
    E_CONSTR,    /* #name e1 e2 ... : a sum type's constructor applied to its payload (args) */
    E_MATCH,     /* match lhs (case cases[i] -> elems[i])... */
    E_ASSERT,    /* assert cond body : str = the condition as printed, for the failure message */
    E_OPEN,      /* M.(lhs) : lhs with module M (path in name) opened; an E_PAREN once checked */
    E_HOLE,      /* ??? : a typed hole, of whatever type its use gives it; evaluating it fails */
} ExprKind;

typedef enum {
    RANGE_UPTO_EXCL, /* a..<b  (or a..b..<c) */
    RANGE_DOWNTO_EXCL, /* a..>b */
    RANGE_INCL,        /* a...b */
} RangeKind;

typedef enum {
    SEC_OP,     /* (+)     : binop */
    SEC_LEFT,   /* (e +)   : lhs = e, i.e. \y -> e + y */
    SEC_RIGHT,  /* (+ e)   : rhs = e, i.e. \x -> x + e */
    SEC_FIELD,  /* (.a.b)  : fields = path */
    SEC_INDEX,  /* (.[i])  : idx */
    SEC_FUN,    /* (`f`) / (x `f`) / (`f` y): backtick-operator sections; lhs/rhs as above, fn name in name
                   (and its qualifier in qual: (`i32.max` 1) has qual "i32", name "max") */
} SectionKind;

typedef enum { LOOP_FOR, LOOP_FOR_IN, LOOP_WHILE } LoopKind;

/* One entry of an index list: either a plain index (i) or a slice (i:j:s, each part optional). */
typedef struct {
    bool is_slice;
    Expr *start, *end, *stride; /* plain index: start only */
    Loc loc;
} DimIndex;
typedef Vec(DimIndex) DimIndexVec;

/* Type and size parameters of a def / local function: 't, '^t (lifted), '~t, [n]. */
typedef struct {
    const char *name;
    bool is_size; /* [n] */
    bool lifted;  /* '^t */
    bool size_lifted; /* '~t */
    Loc loc;
} TypeParam;
typedef Vec(TypeParam) TypeParamVec;

struct Expr {
    ExprKind kind;
    Loc loc;
    Type *type;      /* [typed] type of the value (fully resolved after checking) */

    /* literals */
    uint64_t ival;   /* E_INT (two's-complement bits), E_BOOL, E_CHAR */
    double fval;     /* E_FLOAT */
    PrimType prim;   /* E_INT/E_FLOAT: suffix, PRIM_NONE if unsuffixed; [typed]: resolved literal type */
    bool bit_pattern; /* E_INT: written in hexadecimal or binary (a signed type takes any bits of its width) */
    bool path_step;   /* E_UPDATE, E_RECUPDATE: an inner step of a compound path (a with [i].f = v is
                         a with [i] = (a[i] with f = v)): its lhs reads the outer base again */
    const char *str; /* E_STRING (bytes, NUL-terminated; strlen may be < length if it holds NUL: use ival = length) */

    /* names */
    const char *qual; /* E_VAR, E_SECTION(SEC_FUN): "f32" in f32.sqrt, else NULL */
    const char *name; /* E_VAR, E_LETFUN, E_SECTION(SEC_FUN), E_CONSTR; may be an operator (+^) */

    /* children — which are used depends on kind, see ExprKind */
    Expr *lhs, *mid, *rhs, *body;
    Expr *cond;           /* E_IF condition; E_LOOP while-condition or for-bound (i < cond) or for-in array */
    ExprVec elems;        /* E_TUPLE, E_RECORD, E_ARRAY; E_MATCH: the bodies of the cases */
    ExprVec args;         /* E_APPLY, E_CONSTR */
    PatVec cases;         /* E_MATCH: the patterns of the cases */
    NameVec fields;       /* E_RECORD field names; E_PROJECT (one field); E_RECUPDATE/SEC_FIELD path */
    DimIndexVec idx;      /* E_INDEX, E_UPDATE, SEC_INDEX */
    BinOp op;             /* E_BINOP, E_SECTION */
    SectionKind section;  /* E_SECTION */
    RangeKind range;      /* E_RANGE */

    /* binders */
    Pat *pat;             /* E_LET, E_LOOP (loop parameter pattern) */
    PatVec params;        /* E_LAMBDA, E_LETFUN */
    TypeParamVec tparams; /* E_LETFUN; E_LET: the sizes of `let [n] p = e` */
    TypeExp *texp;        /* E_ASCRIBE, E_COERCE; E_LAMBDA/E_LETFUN: optional return type */
    LoopKind loop;        /* E_LOOP */
    const char *loop_var; /* E_LOOP for i < n: the name i */
    Pat *loop_pat;        /* E_LOOP for p in xs: pattern p */
    Loc loop_var_loc;
    Expr *init;           /* E_LOOP initial value; NULL when written `loop x do` (x's current value) */
    AttrVec attrs;        /* E_ATTR */

    /* [typed] annotations */
    void *binding;        /* E_VAR: the checker's binding record (types/check.h), NULL for builtins */
    int builtin;          /* E_VAR: builtin id (interp/builtins) when it names one, else -1 */
    Type *inst;           /* E_VAR of a polymorphic function: instantiated type (informational) */
    Vec(Size *) size_args; /* E_VAR: what the callee's size parameters are at this use, in order
                              (a name in scope, a constant, an expression over them, or unknown) */
};

/* ---- modules (elaborated away by the type checker, types/module.c) ---- */

typedef struct ModExp ModExp;
typedef struct SigExp SigExp;
typedef struct ModSpec ModSpec;
typedef struct Program Program;
typedef Vec(Decl *) DeclVec;

/* A parameter of a parametric module: (name: sig). */
typedef struct {
    const char *name;
    SigExp *sig;
    Loc loc;
} ModParam;
typedef Vec(ModParam) ModParamVec;

typedef enum {
    ME_NAME,    /* M, M.N : name (the path) */
    ME_STRUCT,  /* { decls } */
    ME_APPLY,   /* fn arg : a parametric module applied */
    ME_ASCRIBE, /* body : sig */
    ME_LAMBDA,  /* \(p: S)... [: sig] -> body : params, sig (optional), body */
    ME_IMPORT,  /* import "path" : path as written; file once loaded (syntax/import.c) */
} ModExpKind;

struct ModExp {
    ModExpKind kind;
    Loc loc;
    const char *name;   /* ME_NAME */
    DeclVec decls;      /* ME_STRUCT */
    ModExp *fn, *arg;   /* ME_APPLY */
    ModExp *body;       /* ME_ASCRIBE, ME_LAMBDA */
    SigExp *sig;        /* ME_ASCRIBE, ME_LAMBDA (result, optional) */
    ModParamVec params; /* ME_LAMBDA */
    const char *path;   /* ME_IMPORT */
    Program *file;      /* ME_IMPORT: the imported file, parsed */
};

typedef enum {
    SE_NAME,  /* S, M.S : name (the path) */
    SE_SPECS, /* { specs } */
    SE_WITH,  /* base with name tparams = texp (a type refined) */
    SE_ARROW, /* (name: param) -> ret, or param -> ret: a parametric module's type */
} SigExpKind;

struct SigExp {
    SigExpKind kind;
    Loc loc;
    const char *name;      /* SE_NAME; SE_WITH: the type refined (a path); SE_ARROW: optional */
    Vec(ModSpec *) specs;  /* SE_SPECS */
    SigExp *base;          /* SE_WITH; SE_ARROW: the parameter */
    SigExp *ret;           /* SE_ARROW */
    TypeParamVec tparams;  /* SE_WITH */
    TypeExp *texp;         /* SE_WITH */
};

typedef enum {
    SPEC_VAL,     /* val name tparams : texp */
    SPEC_TYPE,    /* type name tparams [= texp] (abstract without) */
    SPEC_MODULE,  /* module name : sig */
    SPEC_INCLUDE, /* include sig */
} SpecKind;

struct ModSpec {
    SpecKind kind;
    Loc loc;
    const char *name;
    TypeParamVec tparams;
    TypeExp *texp;
    SigExp *sig;
    char lift;   /* SPEC_TYPE: 0, '^' (type^) or '~' (type~) */
};

/* ---- declarations ---- */

typedef enum {
    D_DEF,     /* def / entry / let (top level) */
    D_TYPE,    /* type name 'a [n] = texp */
    D_MODULE,  /* module name (p: S)... [: sig] = mod : mparams, sig, mod */
    D_MODTYPE, /* module type name = sig */
    D_OPEN,    /* open mod */
    D_IMPORT,  /* import "path" : mod is the ME_IMPORT (local open import "path") */
} DeclKind;

struct Decl {
    DeclKind kind;
    Loc loc;
    const char *name;     /* a definition's, type's, module's or module type's name; may be
                             qualified in the prelude: "f32.sum" is name "sum", qual "f32" */
    const char *qual;     /* [typed] also the path of the module a definition is in */
    bool is_entry;
    bool local;           /* `local dec`: not visible outside the module */
    TypeParamVec tparams;
    PatVec params;
    TypeExp *ret;         /* optional return type (D_DEF) or the aliased type (D_TYPE) */
    char lift;            /* D_TYPE: 0 (type), '^' (type^: may hold functions) or '~' (type~) */
    Expr *body;           /* D_DEF */
    AttrVec attrs;
    Type *type;           /* [typed] the function's type (params -> ret) */
    ModParamVec mparams;  /* D_MODULE */
    SigExp *sig;          /* D_MODULE (optional ascription), D_MODTYPE */
    ModExp *mod;          /* D_MODULE, D_OPEN, D_IMPORT */
};

/* A parsed file.  After type checking, decls is the whole program with its modules elaborated
 * away: every definition (prelude, imported files, module members, parametric modules'
 * instances) at the top level, in the order they were checked. */
struct Program {
    DeclVec decls;
    const char *file;
};

/* ---- clone.c: deep copies (annotations left out) ---- */
Expr *ast_clone_expr(const Expr *e);
Pat *ast_clone_pat(const Pat *p);
TypeExp *ast_clone_texp(const TypeExp *t);
Decl *ast_clone_decl(const Decl *d);
ModExp *ast_clone_mod(const ModExp *m);
SigExp *ast_clone_sig(const SigExp *s);
DimIndexVec ast_clone_indices(const DimIndexVec *idx);

/* ---- ast.c: constructors and printing ---- */
Expr *expr_new(ExprKind kind, Loc loc);
Pat *pat_new(PatKind kind, Loc loc);
TypeExp *texp_new(TypeExpKind kind, Loc loc);
Decl *decl_new(DeclKind kind, Loc loc);
/* Print in re-parsable Futhark syntax (fully parenthesised). With a type printer (the type
 * checker's type_str, from the driver) and a checked AST, annotate binders and literals with their types (weft
 * dev --print=typed); NULL prints the program as written.  The printer is passed in so that
 * syntax/ needs nothing of types/, which comes after it. */
typedef char *(*AstTypeStr)(Type *t);
void ast_print_program(FILE *out, const Program *p, AstTypeStr types);
void ast_print_expr(FILE *out, const Expr *e, AstTypeStr types);
/* Is the size parameter `name` the size of some array a parameter pattern declares (outside
 * function types)?  If not, its value comes from the call site (types/, interp/, core/). */
bool ast_size_bound_by_params(const PatVec *params, const char *name);
/* Is t a bare type parameter 't of tps (not a size, not lifted: the arguments of '~t and '^t
 * may differ in sizes)?  Arguments of one such parameter have one shape (interp/, core/). */
bool ast_plain_type_param(const TypeParamVec *tps, const TypeExp *t);
/* Does the pattern have a type written anywhere in it ((xs: [n]i32), (k, ys: [k]f64))? */
bool ast_pat_has_ascription(const Pat *p);
/* Apply f to each subexpression of e (NULL ones skipped): lhs, mid, rhs, body, cond, init, the
 * elements, the arguments and the index parts, in that order. */
void ast_each_child(Expr *e, void (*f)(Expr *));

#endif
