/* check_int.h — private interface between the type checker's files (the files of types/).
 *
 *   env.c        scopes: value bindings, type names (aliases, type parameters)
 *   unify.c      unification with constraints (overloaded literals/operators, fields, equality)
 *   subst.c      instantiation, generalisation, size forgetting, final resolution (defaulting)
 *   texp.c       type expressions -> types
 *   check_pat.c  patterns
 *   check_expr.c expressions;  check_apply.c applications, operators and sections
 *   check.c      declarations; the final annotation walk
 *   module.c     the program: modules, module types, parametric modules, files (elaborated away)
 *   exhaust.c    exhaustiveness of match, irrefutability of binding patterns
 *   consume.c    uniqueness: no use after consumption
 *   recursion.c  what a recursive function may do (Futhark's rules)
 */
#ifndef WEFT_CHECK_INT_H
#define WEFT_CHECK_INT_H

#include "check.h"
#include "types.h"

/* ---- env.c ---- */
typedef struct {
    const char *name, *qual;
    Type *type;           /* alias body or the T_PARAM itself */
    bool is_param;        /* a type parameter in scope */
    Vec(Type *) tparams;  /* parametric alias: its type parameters (T_PARAM) ... */
    NameVec sparams;      /* ... and size parameters, in declaration order */
    TypeParamVec order;   /* declaration order of all parameters */
    TypeExp *texp;        /* an alias: its definition as written */
    char lift;            /* 0, '^' (type^ or '^t) or '~' (type~ or '~t) */
} TypeEntry;

/* A module type in scope: module type S = sig. */
typedef struct {
    const char *name;
    SigExp *sig;
} SigEntry;

typedef struct {
    int vals, types, sigs;
} Mark;

/* The whole environment, saved and restored around a parametric module's application (its
 * body sees the environment of its definition). */
typedef struct {
    Vec(Binding *) vals;
    Vec(TypeEntry *) types;
    Vec(SigEntry *) sigs;
} EnvSnap;

extern int tc_level; /* let-nesting level for generalisation */

Mark tc_env_mark(void);
void tc_env_restore(Mark m);
EnvSnap tc_env_save(void);
void tc_env_load(EnvSnap s);
Binding *tc_env_bind_local(const char *name, Type *t, Loc loc);
void tc_env_push(Binding *b);
/* A value: unqualified, the innermost binding of that name in scope; qualified (qual a module
 * path "M.N"), a member of that module.  NULL if none. */
Binding *tc_env_lookup(const char *qual, const char *name);
/* The innermost binding of name in the value/module name space, either kind. */
Binding *tc_env_lookup_any(const char *name);
void tc_env_push_type(TypeEntry *te);
TypeEntry *tc_env_lookup_type(const char *qual, const char *name);
void tc_env_push_sig(SigEntry *se);
/* The module or module type a path (M, M.N) names, or NULL. */
Module *tc_lookup_module(const char *path);
SigEntry *tc_lookup_sig(const char *path);
/* Names bound since mark m (value bindings), for forgetting sizes when a scope ends. */
void tc_env_names_since(Mark m, NameVec *out);

/* ---- unify.c ---- */
extern const char *tc_unify_why; /* extra detail of the last failure, or NULL */
/* Make a and b equal.  strict: constant sizes must agree; lenient: sizes never fail. */
bool tc_unify(Type *a, Type *b, bool strict);
/* t must be one of the primitive types in mask (t may be an overloaded variable). */
bool tc_require_prims(Type *t, unsigned mask);
bool tc_require_eq(Type *t);
/* t may not be (nor contain) a function type nor, at UNLIFTED_VALUE, a size-lifted type
 * parameter; variables in t take the constraint.  ctx names what asks ("an array element"). */
bool tc_require_unlifted(Type *t, int level, const char *ctx);
/* Type of field f of t; t may be a variable, which then gets a field constraint.  NULL if none. */
Type *tc_field_of(Type *t, const char *f);
/* The payload (a T_TUPLE of n types) of constructor c of t; t may be a variable, which then gets
 * the constraint to have c.  NULL if t cannot have c with n payloads. */
Type *tc_ctor_of(Type *t, const char *c, int n);
/* After tc_unify(a, b, false): a type like a where sizes that differ between a and b are unknown. */
Type *tc_join(Type *a, Type *b);
bool tc_size_same(Size *a, Size *b);
/* While a `let [k] p = e` binds k: k takes the size it first meets in e (tc_flex_end forgets all). */
void tc_flex_begin(const char *name);
/* The size the i-th binder (in tc_flex_begin order) has met, or NULL: nothing determines it. */
Size *tc_flex_met(int i);
void tc_flex_end(void);

/* ---- subst.c ---- */
typedef struct {
    Vec(Type *) tfrom;
    Vec(Type *) tto;
    NameVec sfrom;
    Vec(Size *) sto;
    bool fresh_param_sizes; /* give named arrow parameters fresh size variables */
} Subst;
Type *tc_subst_type(Type *t, Subst *s);
/* A fresh instance of b's type scheme; the sizes its size parameters get are recorded in
 * use->size_args (use may be NULL). */
Type *tc_instantiate(Binding *b, Expr *use);
/* Turn unconstrained variables above the current level into type parameters (added to tvars);
 * with tc_gen_sizes, unsolved sizes of a top-level function's parameters into size parameters
 * (added to svars). */
extern bool tc_gen_sizes;
extern bool tc_gen_types; /* false: only sizes are generalised (a local function) */
void tc_generalise(Type *t, Binding *b);
/* Copy of t where the size names in names (or every constant size, if consts) are unknown. */
Type *tc_forget_sizes(Type *t, NameVec *names, bool consts);
/* Deep copy without variables: defaults overloaded variables (i32, f64), unknown sizes to []. */
Type *tc_resolve_type(Type *t);
Size *tc_resolve_size(Size *s); /* unsolved variables (also inside expressions) unknown */

/* ---- texp.c ---- */
Type *tc_texp_to_type(TypeExp *te);
void tc_texp_reset(void); /* forget the quantifiers an error left open */
/* The size a checked i64 expression denotes: a variable in scope, a constant, arithmetic on
 * sizes or a call of a top-level function on sizes; anything else is unknown. */
Size *tc_size_of_expr(Expr *e);

/* ---- check_pat.c ---- */
/* Check p against expected (NULL: infer), set p->type, bind its names.  seen collects names
 * bound by one parameter list or pattern to catch duplicates (may be NULL). */
Type *tc_check_pat(Pat *p, Type *expected, NameVec *seen, bool is_param);
/* The name a simple parameter pattern binds (x, (x: t)), else NULL. */
const char *tc_pat_simple_name(Pat *p);
/* The size parameters among tps ([n], let [n]) are named apart from the names in seen (the
 * values the parameters or pattern bind): an error otherwise (Futhark's "also bound"). */
void tc_check_size_names_distinct(TypeParamVec *tps, NameVec *seen);

/* ---- check_expr.c ---- */
/* hint: the type the context expects (used to type lambda parameters early), or NULL. */
Type *tc_check_expr(Expr *e, Type *hint);
_Noreturn void tc_type_mismatch(Loc loc, const char *what, Type *expected, Type *got);
void tc_expect_type(Expr *e, Type *got, Type *expected, const char *what);
/* The type of t[idx...] (checks the indices); shared by indexing, updates and (.[i]). */
Type *tc_index_type(Type *t, DimIndexVec *idx, Loc loc);

/* ---- check_apply.c ---- */
Type *tc_check_apply(Expr *e);
Type *tc_check_binop(Expr *e);
Type *tc_check_section(Expr *e);
bool tc_user_op(Expr *e);
/* A function of type at consumes an argument that the function type ep (a parameter's or a
 * declared result's, before unification) does not: Futhark rejects passing it as one. */
bool tc_consumer_for_nonconsumer(Type *ep, Type *at); /* a built-in operator shadowed by a user's: e rewritten into a call */
/* The type of an operator used as a function: (+) : t -> t -> t. */
Type *tc_binop_fun_type(BinOp op);

/* ---- check.c ---- */
/* Check a definition (entry: an entry point of the program); its binding (not in scope yet):
 * pre, when a use before it made one (tc_signature). */
Binding *tc_check_def(Decl *d, bool entry, Binding *pre);
/* The binding of a definition from its annotations alone, or NULL if it lacks some. */
Binding *tc_signature(Decl *d);
/* Check a type abbreviation; its entry (not in scope yet). */
TypeEntry *tc_check_type_decl(Decl *d);
/* Check a function-like binder (def or local function): tparams, params, return type, body.
 * Returns the function type; fills b's quantifiers. */
Type *tc_check_function(TypeParamVec *tparams, PatVec *params, TypeExp *ret, Expr *body,
                     Binding *b, bool trusted);
/* Resolve every type in an expression tree (defaulting leftovers). */
void tc_resolve_expr(Expr *e);

/* ---- module.c ---- */
Binding *module_value(Module *m, const char *name);
Module *module_submodule(Module *m, const char *name);
TypeEntry *module_type(Module *m, const char *name);
SigEntry *module_sig(Module *m, const char *name);
/* Put the members of the module at path in scope (M.(e)); an error at loc if it is none. */
void tc_open_module(const char *path, Loc loc);
/* A use (at use) of name before its definition, later in the same declarations: the binding
 * of that definition from its annotations (mutual recursion; an error if it lacks some), or
 * NULL if there is none. */
Binding *tc_forward_ref(const char *name, Loc use);

/* ---- exhaust.c ---- */
void tc_check_exhaustive(Expr *match); /* its cases cover its scrutinee's type (types resolved) */
void tc_check_irrefutable(Pat *p);     /* a binding pattern covers its type */

/* ---- consume.c ---- */
void tc_consume_check_decl(Decl *d);

/* ---- recursion.c ---- */
/* Futhark's restrictions on a function recursive in its own body (checked after the body):
 * a first-order result; with a higher-order parameter, saturated self-calls that pass every
 * higher-order argument unchanged. */
void tc_check_recursion(Binding *b, const PatVec *params, Type **param_types, Type *result, Expr *body);

#endif
