/* consume.c — uniqueness: in-place updates consume arrays, and a consumed array may not be
 * used again.
 *
 * Runs on each checked declaration.  Every local variable gets a record; an expression's
 * "aliases" are the variables whose storage its value may share (a let of a variable, a
 * slice, a projection, a call whose result is not unique, a function value and the arrays
 * its body refers to, an operator section and its operand).  Top-level constants used by the declaration get records too, and so
 * do the results of calls and loops whose parts may share storage with each other.
 * Consumption happens at
 *   a with [i] = v,  let a[i] = v,  passing a to a parameter of unique type (*[]t, or a
 *   tuple with unique components: those components),
 *   a loop whose body consumes its parameter or whose parameter is declared unique (this
 *   consumes the initial value: of a tuple of parameters, the components concerned),
 * and marks the consumed variables and everything aliasing them.  Errors (as Futhark's rules):
 *   - using a consumed variable (inside a loop: the loop's consumed initial value);
 *   - consuming a function parameter whose type is not unique, or a top-level constant;
 *   - consuming, inside a lambda or loop body, a variable bound outside it;
 *   - an in-place update whose value aliases the array it updates (a with [i] = a[j]);
 *   - a call whose consumed argument also reaches it another way (self-aliased), or a
 *     partial application consuming an existing array;
 *   - a declared unique result aliasing a non-unique parameter or another unique part of
 *     the result; a function's result aliasing a top-level constant.
 * Unlike Futhark, a lambda may update a parameter not declared unique (the update works on a
 * copy; tests/backend_c/memory.fut).  Branches of an `if` are analysed separately and their
 * consumptions merged.
 */
#include <stdlib.h>

#include "check_int.h"

typedef struct Var Var;
typedef Vec(Var *) VarSet;

struct Var {
    const char *name;
    Loc loc;
    bool consumed;
    Loc consumed_at;
    Var *consumed_via; /* the variable the consumption named (itself, or one it aliases) */
    bool consumable;
    bool nonunique_param;
    bool borrowed;  /* a lambda's parameter not declared unique */
    bool global;    /* a top-level constant (a definition without parameters) */
    Binding *binding; /* a global's definition */
    bool result;      /* stands for the value a call returned (name: "the result of ...") */
    int lambda_depth, loop_depth;
    int id;         /* its position in all_vars: those bound later have higher ids */
    VarSet aliases; /* the variables whose storage this one may share, itself included */
};

/* An expression's aliases; parts keeps the components of a tuple expression apart. */
typedef struct Alias Alias;
struct Alias {
    VarSet set;
    Vec(Alias *) parts;
    bool tuple;
};

static Vec(Var *) scope;    /* variables in scope, innermost last */
static Vec(Var *) all_vars; /* every variable of the declaration (for snapshots) */
static int lambda_depth, loop_depth;

static Alias *alias_new(void) { return xmalloc(sizeof(Alias)); }

static bool set_has(VarSet *s, Var *v) {
    for (int i = 0; i < s->len; i++)
        if (s->data[i] == v)
            return true;
    return false;
}

static void set_add_all(VarSet *into, VarSet *from) {
    for (int i = 0; i < from->len; i++)
        if (!set_has(into, from->data[i]))
            vec_push(into, from->data[i]);
}

/* All variables of an alias tree, flattened. */
static void alias_flat(Alias *a, VarSet *out) {
    if (!a)
        return;
    set_add_all(out, &a->set);
    for (int i = 0; i < a->parts.len; i++)
        alias_flat(a->parts.data[i], out);
}

static Alias *alias_of_set(VarSet *s) {
    Alias *a = alias_new();
    set_add_all(&a->set, s);
    return a;
}

static Var *lookup(const char *name) {
    for (int i = scope.len - 1; i >= 0; i--)
        if (scope.data[i]->name == name)
            return scope.data[i];
    return NULL;
}

static Var *bind(const char *name, Loc loc, Type *t, Alias *rhs, bool consumable) {
    Var *v = xmalloc(sizeof *v);
    v->name = name;
    v->loc = loc;
    v->consumable = consumable;
    v->lambda_depth = lambda_depth;
    v->loop_depth = loop_depth;
    v->id = all_vars.len;
    vec_push(&v->aliases, v);
    if (rhs && (type_has_array(t) || type_has_arrow(t)))
        alias_flat(rhs, &v->aliases);
    vec_push(&scope, v);
    vec_push(&all_vars, v);
    return v;
}

/* t is unique or has a unique component (a tuple or record of which some part is *[]t). */
static bool type_has_unique(Type *t) {
    t = type_prune(t);
    if (!t)
        return false;
    if (t->unique)
        return true;
    if (t->kind == T_TUPLE || t->kind == T_RECORD)
        for (int i = 0; i < t->elems.len; i++)
            if (type_has_unique(t->elems.data[i]))
                return true;
    return false;
}

/* The type a function of type t returns after n parameters. */
static Type *result_type(Type *t, int n) {
    t = type_prune(t);
    for (int i = 0; i < n && t && t->kind == T_ARROW; i++)
        t = type_prune(t->ret);
    return t;
}

/* A function's parameters are consumable when their type is unique.  A lambda's are always
 * (weft, unlike Futhark, lets a lambda update a parameter: the update works on a copy, see
 * tests/backend_c/memory.fut), but one not declared unique (ascribed: p is inside a type
 * ascription) is borrowed: a unique result may not alias it. */
typedef enum { PARAM_NONE, PARAM_FUN, PARAM_LAMBDA, PARAM_LOOP } ParamKind;

static void bind_pat_in(Pat *p, Alias *rhs, bool consumable, ParamKind kind, bool ascribed) {
    switch (p->kind) {
    case P_ID: {
        Type *t = type_prune(p->type);
        bool is_param = kind == PARAM_FUN;
        bool uniq = type_has_unique(t) && (kind != PARAM_LAMBDA || ascribed);
        Var *v = bind(p->name, p->loc, p->type, rhs, is_param ? uniq : consumable);
        v->nonunique_param = is_param && !uniq;
        v->borrowed = kind == PARAM_LAMBDA && !uniq;
        /* a loop parameter is always consumable here (Futhark: not where its declared type
         * is not unique); weft copies the initial value when it must */
        break;
    }
    case P_ASCRIBE:
        bind_pat_in(p->inner, rhs, consumable, kind, true);
        break;
    case P_TUPLE:
    case P_RECORD:
    case P_CONSTR:
        for (int i = 0; i < p->elems.len; i++) {
            Alias *sub = rhs;
            if (p->kind == P_TUPLE && rhs && rhs->tuple && rhs->parts.len == p->elems.len)
                sub = rhs->parts.data[i];
            bind_pat_in(p->elems.data[i], sub, consumable, kind, ascribed);
        }
        break;
    default:
        break;
    }
}

static void bind_pat(Pat *p, Alias *rhs, bool consumable, bool is_param) {
    bind_pat_in(p, rhs, consumable, is_param ? PARAM_FUN : PARAM_NONE, false);
}

/* A variable as messages name it: "x", or what a call's result is. */
static const char *var_desc(Var *v) {
    return v->result ? v->name : xsprintf("\"%s\"", v->name);
}

/* Which variable of the consumed set s to name when v is used later: v itself if it was
 * consumed directly, else the first one it aliases. */
static Var *consumed_name(VarSet *s, Var *v) {
    if (set_has(s, v))
        return v;
    for (int j = 0; j < v->aliases.len; j++)
        if (set_has(s, v->aliases.data[j]))
            return v->aliases.data[j];
    return v;
}

static void consume(Alias *a, Loc loc) {
    VarSet s = {0};
    alias_flat(a, &s);
    for (int i = 0; i < s.len; i++) {
        Var *v = s.data[i];
        if (v->global)
            error_at(loc, "Consuming \"%s\", a top-level constant, which is not consumable (its value "
                          "aliases the free variable \"%s\"; copy it first)", v->name, v->name);
        if (v->nonunique_param)
            error_at(loc, "Consuming \"%s\", which is not consumable: it is a parameter whose type is "
                          "not unique (declare it *t)", v->name);
        if (!v->consumable)
            error_at(loc, "Consuming \"%s\", which is not consumable here", v->name);
        if (v->lambda_depth < lambda_depth)
            error_at(loc, "Consuming %s inside a function, but it is bound outside it, "
                          "so it is not consumable there", v->result ? v->name : xsprintf("variable \"%s\"", v->name));
        if (v->loop_depth < loop_depth)
            error_at(loc, "Consuming %s inside a loop body, but it is bound outside the "
                          "loop, so it is not consumable there", v->result ? v->name : xsprintf("variable \"%s\"", v->name));
    }
    /* mark the consumed variables and every variable sharing storage with them */
    for (int i = 0; i < all_vars.len; i++) {
        Var *v = all_vars.data[i];
        if (v->consumed)
            continue;
        for (int j = 0; j < v->aliases.len; j++)
            if (set_has(&s, v->aliases.data[j])) {
                v->consumed = true;
                v->consumed_at = loc;
                v->consumed_via = consumed_name(&s, v);
                break;
            }
    }
}

static Alias *walk(Expr *e);


static Alias *walk_union(ExprVec *es) {
    Alias *a = alias_new();
    for (int i = 0; i < es->len; i++)
        alias_flat(walk(es->data[i]), &a->set);
    return a;
}

/* A value aliases something only if it holds arrays, or is a function (a closure keeps the
 * arrays it refers to). */
static Alias *maybe(Expr *e, Alias *a) {
    return type_has_array(e->type) || type_has_arrow(e->type) ? a : alias_new();
}

static Vec(Var *) globals; /* the top-level constants used by this declaration */

/* The functions being walked, innermost last: each collects the variables bound outside it
 * that its body refers to (what its closure aliases). */
typedef struct {
    int depth;
    VarSet *free;
} Capture;
static Vec(Capture) captures;

/* The loops being walked, innermost last: each collects the uses of variables bound outside
 * it (in its condition and body). */
typedef struct {
    Var *var;
    Loc loc;
} Use;
typedef Vec(Use) LoopUses;
typedef struct {
    int depth;
    LoopUses *uses;
} LoopFrame;
static Vec(LoopFrame) loops;

static void note_loop_use(Var *v, Loc loc) {
    for (int i = loops.len - 1; i >= 0 && loops.data[i].depth > v->loop_depth; i--)
        vec_push(loops.data[i].uses, ((Use){v, loc}));
}

static void note_free_use(Var *v) {
    for (int i = captures.len - 1; i >= 0 && captures.data[i].depth > v->lambda_depth; i--)
        set_add_all(captures.data[i].free, &v->aliases);
}

/* The variable standing for a top-level constant of array type, or NULL. */
static Var *global_var(Expr *e) {
    Binding *b = e->binding;
    if (!b || b->kind != BIND_DEF || !b->decl || b->decl->params.len || !type_has_array(e->type))
        return NULL;
    for (int i = 0; i < globals.len; i++)
        if (globals.data[i]->binding == b)
            return globals.data[i];
    Var *v = xmalloc(sizeof *v);
    v->name = e->name;
    v->binding = b;
    v->loc = e->loc;
    v->global = true;
    v->lambda_depth = v->loop_depth = -1;
    v->id = -1;
    vec_push(&v->aliases, v);
    vec_push(&globals, v);
    return v;
}

static Alias *walk_var(Expr *e) {
    Var *v = e->qual ? NULL : lookup(e->name);
    if (!v) {
        Var *g = global_var(e);
        if (g)
            note_free_use(g);
        return g ? alias_of_set(&g->aliases) : alias_new();
    }
    note_free_use(v);
    note_loop_use(v, e->loc);
    if (v->consumed && v->consumed_via && v->consumed_via != v)
        error_at(e->loc, "Using \"%s\", which aliases %s, but this was consumed at %d:%d", e->name,
                 var_desc(v->consumed_via), v->consumed_at.line, v->consumed_at.col);
    if (v->consumed)
        error_at(e->loc, "Using \"%s\", but this was consumed at %d:%d", e->name,
                 v->consumed_at.line, v->consumed_at.col);
    return maybe(e, alias_of_set(&v->aliases));
}

static Expr *strip(Expr *e) {
    while (e->kind == E_PAREN || e->kind == E_ATTR)
        e = e->lhs;
    return e;
}

/* A part of an argument that a call consumes, down to a tuple's components where known. */
typedef struct {
    Alias *a;
    Loc loc;
    int arg;
} Unit;
typedef Vec(Unit) UnitVec;

static void push_units(Alias *a, Loc loc, int arg, UnitVec *out) {
    if (a->tuple) {
        for (int i = 0; i < a->parts.len; i++)
            push_units(a->parts.data[i], loc, arg, out);
        return;
    }
    vec_push(out, ((Unit){a, loc, arg}));
}

/* Passing a value of alias a (argument arg) to a parameter of type pt: the parts whose type
 * is unique go to units (a tuple's components one by one when both sides are tuples); the
 * other parts' aliases go to seen (the call's result may alias them).  parts: whether the
 * uniqueness of pt's components is declared (a top-level definition's parameter) rather
 * than inferred. */
static void consumed_parts(Type *pt, Alias *a, Loc loc, int arg, Alias *seen, bool parts, UnitVec *units) {
    pt = type_prune(pt);
    if (pt->unique) {
        push_units(a, loc, arg, units);
        return;
    }
    if (!parts) {
        alias_flat(a, &seen->set);
        return;
    }
    if (pt->kind == T_TUPLE && type_has_unique(pt) && a->tuple && a->parts.len == pt->elems.len) {
        for (int i = 0; i < a->parts.len; i++)
            consumed_parts(pt->elems.data[i], a->parts.data[i], loc, arg, seen, parts, units);
        return;
    }
    if (type_has_unique(pt)) {
        push_units(a, loc, arg, units);
        return;
    }
    alias_flat(a, &seen->set);
}

static bool sets_meet(VarSet *a, VarSet *b) {
    for (int i = 0; i < a->len; i++)
        if (set_has(b, a->data[i]))
            return true;
    return false;
}

/* The first variable of a that b also has (a and b meet). */
static Var *first_shared(VarSet *a, VarSet *b) {
    for (int i = 0; i < a->len; i++)
        if (set_has(b, a->data[i]))
            return a->data[i];
    return NULL;
}

/* What a call consumes may reach it by no other way: not through another consumed part,
 * nor through an argument it only reads (seen[j] for argument j). */
static void check_self_alias(UnitVec *units, Alias **seen, int nargs, const char *fname) {
    for (int u = 0; u < units->len; u++) {
        VarSet mine = {0};
        alias_flat(units->data[u].a, &mine);
        for (int w = u + 1; w < units->len; w++) {
            VarSet other = {0};
            alias_flat(units->data[w].a, &other);
            Var *v = first_shared(&mine, &other);
            if (v)
                error_at(units->data[w].loc, "Argument is consumed and self-aliased: \"%s\" reaches %s "
                                             "through two consumed parts of its arguments", v->name, fname);
        }
        for (int j = 0; j < nargs; j++) {
            Var *v = first_shared(&mine, &seen[j]->set);
            if (v)
                error_at(units->data[u].loc, "Argument is consumed and self-aliased: \"%s\" reaches %s "
                                             "through argument %d too, which the call reads",
                         v->name, fname, j + 1);
        }
    }
}

/* The alias of a call's result of declared type rt that may alias args: its parts that are
 * not unique may also alias each other (a function returning (xs, xs)), so they share a
 * variable standing for the call's result. */
static Var *result_var(const char *desc, Loc loc) {
    Var *v = xmalloc(sizeof *v);
    v->name = desc;
    v->result = true;
    v->loc = loc;
    v->consumable = true;
    v->lambda_depth = lambda_depth;
    v->loop_depth = loop_depth;
    v->id = all_vars.len;
    vec_push(&v->aliases, v);
    vec_push(&all_vars, v);
    return v;
}

static Alias *call_result(Type *rt, Alias *args, const char *fname, Loc loc) {
    Var *v = result_var(xsprintf("the result of applying %s", fname), loc);
    rt = type_prune(rt);
    if (rt->kind != T_TUPLE) {
        Alias *a = alias_of_set(&args->set);
        vec_push(&a->set, v);
        return a;
    }
    Alias *t = alias_new();
    t->tuple = true;
    for (int i = 0; i < rt->elems.len; i++) {
        Type *et = type_prune(rt->elems.data[i]);
        Alias *a = alias_new();
        if (!et->unique && type_has_array(et)) {
            set_add_all(&a->set, &args->set);
            vec_push(&a->set, v);
        }
        vec_push(&t->parts, a);
    }
    return t;
}

static Alias *walk_apply(Expr *e) {
    Vec(Expr *) chain = {0};
    Expr *f = e;
    while (f->kind == E_APPLY || (f->kind == E_PAREN && strip(f)->kind == E_APPLY)) {
        if (f->kind == E_APPLY)
            vec_push(&chain, f);
        f = f->lhs;
    }
    Alias *head = walk(f); /* a function value: its result may alias what its closure does */
    ExprVec args = {0};
    for (int k = chain.len - 1; k >= 0; k--)
        for (int i = 0; i < chain.data[k]->args.len; i++)
            vec_push(&args, chain.data[k]->args.data[i]);
    Alias **as = xmalloc(sizeof(Alias *) * (size_t)(args.len + 1));
    for (int i = 0; i < args.len; i++)
        as[i] = walk(args.data[i]);
    /* uniqueness is read from the declared type: instantiation may lose it (*t with t := var) */
    Expr *fv = strip(f);
    Binding *b = fv->kind == E_VAR ? fv->binding : NULL;
    Type *ft = type_prune(b && b->type ? b->type : f->type);
    Alias **seen = xmalloc(sizeof(Alias *) * (size_t)(args.len + 1));
    UnitVec units = {0};
    int applied = 0;
    for (int i = 0; i < args.len; i++) {
        seen[i] = alias_new();
        if (!ft || ft->kind != T_ARROW)
            continue;
        consumed_parts(type_prune(ft->param), as[i], args.data[i]->loc, i, seen[i], b && b->kind == BIND_DEF,
                       &units);
        ft = type_prune(ft->ret);
        applied++;
    }
    const char *fname = fv->kind == E_VAR ? xsprintf("\"%s\"", fv->name) : "the function";
    check_self_alias(&units, seen, applied, fname);
    /* a partial application may consume only a fresh value (the function it yields owns it) */
    for (int u = 0; ft && ft->kind == T_ARROW && u < units.len; u++) {
        VarSet s = {0};
        alias_flat(units.data[u].a, &s);
        if (s.len)
            error_at(units.data[u].loc, "Partial application of %s consumes argument %d: the function it "
                                        "yields would contain a consumption of %s (it could run twice); "
                                        "give all the arguments at once",
                     fname, units.data[u].arg + 1, var_desc(s.data[0]));
    }
    for (int u = 0; u < units.len; u++)
        consume(units.data[u].a, units.data[u].loc);
    Alias *res = alias_new();
    VarSet closure = {0};
    alias_flat(head, &closure);
    for (int i = 0; i < closure.len; i++) /* a top-level function value's result is fresh */
        if (!closure.data[i]->global)
            vec_push(&res->set, closure.data[i]);
    for (int i = 0; i < applied; i++)
        alias_flat(seen[i], &res->set);
    if (ft && ft->unique)
        return alias_new();
    if (ft && ft->kind != T_ARROW && type_has_array(e->type))
        return call_result(ft, res, fname, e->loc);
    return maybe(e, res);
}

/* Where a function's result is computed: past the lets its body starts with. */
static Loc result_loc(Expr *e) {
    while (e->kind == E_LET || e->kind == E_LETFUN || e->kind == E_PAREN)
        e = e->kind == E_PAREN ? e->lhs : e->body;
    return e->loc;
}

static void check_result(Type *rt, Alias *a, Loc loc, const char *fname, bool declared);

/* A lambda or local function (name, of type t, with a declared return type or not): its
 * value aliases the arrays its body refers to from outside. */
static Alias *walk_lambda(PatVec *params, Expr *body, const char *name, Type *t, bool declared,
                          bool declared_unique) {
    int n = scope.len;
    lambda_depth++;
    Alias *free = alias_new();
    vec_push(&captures, ((Capture){lambda_depth, &free->set}));
    for (int i = 0; i < params->len; i++)
        bind_pat_in(params->data[i], NULL, true, PARAM_LAMBDA, false);
    Alias *res = walk(body);
    if (params->len) {
        /* a lambda's type has its body's type as result; the declared uniqueness is the texp's */
        Type *rt = t ? result_type(t, params->len) : NULL;
        if (rt && declared)
            rt = type_copy_unique(rt, declared_unique);
        check_result(rt, res, result_loc(body), name, declared && rt);
    }
    captures.len--;
    lambda_depth--;
    scope.len = n;
    return free;
}

static Alias *walk_let(Expr *e) {
    Alias *rhs = walk(e->lhs);
    int n = scope.len;
    bind_pat(e->pat, rhs, true, false);
    Alias *r = walk(e->body);
    scope.len = n;
    return r;
}

/* The branches of an if or a match (one runs): each is analysed from the consumption state
 * before them, and a variable is consumed after them if some branch consumed it.  scrutinee:
 * what a match's case patterns bind (NULL for if). */
static Alias *walk_branches(Expr **bodies, Pat **pats, int n, Alias *scrutinee, Expr *e) {
    int nv = all_vars.len;
    bool *before = xmalloc((size_t)nv + 1), *after = xmalloc((size_t)nv + 1);
    Loc *at = xmalloc(sizeof(Loc) * ((size_t)nv + 1));
    Var **via = xmalloc(sizeof(Var *) * ((size_t)nv + 1));
    for (int i = 0; i < nv; i++) {
        before[i] = after[i] = all_vars.data[i]->consumed;
        at[i] = all_vars.data[i]->consumed_at;
        via[i] = all_vars.data[i]->consumed_via;
    }
    Alias *r = alias_new();
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < nv; i++)
            all_vars.data[i]->consumed = before[i];
        int scope_at = scope.len;
        if (pats)
            bind_pat(pats[k], scrutinee, true, false);
        alias_flat(walk(bodies[k]), &r->set);
        scope.len = scope_at;
        for (int i = 0; i < nv; i++)
            if (all_vars.data[i]->consumed && !after[i]) {
                after[i] = true;
                at[i] = all_vars.data[i]->consumed_at;
                via[i] = all_vars.data[i]->consumed_via;
            }
    }
    for (int i = 0; i < nv; i++) {
        all_vars.data[i]->consumed = after[i];
        all_vars.data[i]->consumed_at = at[i];
        all_vars.data[i]->consumed_via = via[i];
    }
    return maybe(e, r);
}

static Alias *walk_if(Expr *e) {
    walk(e->cond);
    Expr *bodies[2] = {e->lhs, e->rhs};
    return walk_branches(bodies, NULL, 2, NULL, e);
}

static Alias *walk_match(Expr *e) {
    Alias *s = walk(e->lhs);
    return walk_branches(e->elems.data, e->cases.data, e->elems.len, s, e);
}

static bool any_consumed(int from, int to) {
    for (int i = from; i < to; i++)
        if (scope.data[i]->consumed)
            return true;
    return false;
}

/* How many variables bind_pat binds for p. */
static int pat_vars(Pat *p) {
    switch (p->kind) {
    case P_ID: return 1;
    case P_ASCRIBE: return pat_vars(p->inner);
    case P_TUPLE:
    case P_RECORD: {
        int n = 0;
        for (int i = 0; i < p->elems.len; i++)
            n += pat_vars(p->elems.data[i]);
        return n;
    }
    default: return 0;
    }
}

/* After a loop's body: consume the parts of the initial value init whose parameters (p, bound
 * from scope index *at on) the body consumed — a tuple's components one by one, so that
 * `loop (acc, x) = (copy a, xs)` consumes only what acc starts from — and add the aliases of
 * the other parts to kept (the loop's result may be them). */
/* Some part of p is ascribed a unique type (loop (x: *[]t) = ...); an inferred type does not
 * count. */
static bool pat_declared_unique(Pat *p) {
    switch (p->kind) {
    case P_ID: return false;
    case P_ASCRIBE: return type_has_unique(p->type) || pat_declared_unique(p->inner);
    case P_TUPLE:
    case P_RECORD:
        for (int i = 0; i < p->elems.len; i++)
            if (pat_declared_unique(p->elems.data[i]))
                return true;
        return false;
    default: return false;
    }
}

static void consume_loop_init(Pat *p, Alias *init, int *at, Loc loc, VarSet *kept, VarSet *consumed) {
    bool declared = pat_declared_unique(p);
    while (p->kind == P_ASCRIBE)
        p = p->inner;
    if (p->kind == P_TUPLE && init && init->tuple && init->parts.len == p->elems.len) {
        for (int i = 0; i < p->elems.len; i++)
            consume_loop_init(p->elems.data[i], init->parts.data[i], at, loc, kept, consumed);
        return;
    }
    int from = *at;
    *at += pat_vars(p);
    if (any_consumed(from, *at) || declared) {
        alias_flat(init, consumed);
        consume(init, loc);
    } else
        alias_flat(init, kept);
}

/* What a loop's result may alias, per component of its parameter pattern p: the variables
 * bound before the loop (id < first) that the body's result aliases, and the initial value's
 * part where its parameter is not consumed (the loop may run zero times).  Variables of the
 * body are dead after the loop. */
static Alias *loop_result(Pat *p, Alias *init, Alias *body, int *at, int first) {
    while (p->kind == P_ASCRIBE)
        p = p->inner;
    int n = p->elems.len;
    if (p->kind == P_TUPLE && body->tuple && body->parts.len == n) {
        Alias *r = alias_new();
        r->tuple = true;
        bool split = init && init->tuple && init->parts.len == n;
        for (int i = 0; i < n; i++)
            vec_push(&r->parts, loop_result(p->elems.data[i], split ? init->parts.data[i] : init,
                                            body->parts.data[i], at, first));
        return r;
    }
    int from = *at;
    *at += pat_vars(p);
    Alias *r = alias_new();
    VarSet flat = {0};
    alias_flat(body, &flat);
    for (int i = 0; i < flat.len; i++)
        if (flat.data[i]->id < first)
            vec_push(&r->set, flat.data[i]);
    if (!any_consumed(from, *at))
        alias_flat(init, &r->set);
    return r;
}

/* A loop's result res, whose body returned the tuple body: components that share a variable
 * of the body (id >= first: dead after the loop, so not in res) share storage after the loop
 * too, which a variable standing for the loop's result records. */
static Alias *link_shared_parts(Alias *res, Alias *body, int first, Loc loc) {
    if (!body->tuple)
        return res;
    int n = body->parts.len;
    if (!res->tuple) {
        Alias *t = alias_new();
        t->tuple = true;
        for (int i = 0; i < n; i++) {
            Alias *part = alias_new();
            alias_flat(res, &part->set);
            vec_push(&t->parts, part);
        }
        res = t;
    }
    if (res->parts.len != n)
        return res;
    Var *shared = NULL;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            VarSet a = {0}, b = {0};
            alias_flat(body->parts.data[i], &a);
            alias_flat(body->parts.data[j], &b);
            Var *v = first_shared(&a, &b);
            if (!v || v->id < first)
                continue;
            if (!shared)
                shared = result_var("the loop's result", loc);
            VarSet one = {0};
            vec_push(&one, shared);
            set_add_all(&res->parts.data[i]->set, &one);
            set_add_all(&res->parts.data[j]->set, &one);
        }
    return res;
}

/* The loop's initial value (consumed: what the loop consumes of it) may not be used inside
 * the loop: the parameter has taken its storage over. */
static void check_loop_uses(LoopUses *uses, VarSet *consumed, Loc at) {
    for (int i = 0; i < uses->len; i++) {
        Var *v = first_shared(&uses->data[i].var->aliases, consumed);
        if (v)
            error_at(uses->data[i].loc, "Using \"%s\" inside the loop, which aliases %s, but this was "
                                        "consumed by the loop's initial value at %d:%d",
                     uses->data[i].var->name, var_desc(v), at.line, at.col);
    }
}

static Alias *walk_loop(Expr *e) {
    Alias *init;
    if (e->init) {
        init = walk(e->init);
    } else {
        init = alias_new();
        /* loop x do ...: the parameters start from the variables of the same names */
        Pat *p = e->pat;
        while (p->kind == P_ASCRIBE)
            p = p->inner;
        if (p->kind == P_ID) {
            Var *v = lookup(p->name);
            if (v)
                set_add_all(&init->set, &v->aliases);
        }
    }
    int n = scope.len, first = all_vars.len;
    loop_depth++;
    bind_pat_in(e->pat, NULL, true, PARAM_LOOP, false);
    int nparams = scope.len;
    if (e->loop == LOOP_FOR)
        walk(e->cond);
    if (e->loop == LOOP_FOR_IN) {
        loop_depth--;
        Alias *xs = walk(e->cond);
        loop_depth++;
        bind_pat(e->loop_pat, xs, true, false);
    }
    if (e->loop == LOOP_FOR)
        bind(e->loop_var, e->loop_var_loc, type_prim(PRIM_I64), NULL, true);
    LoopUses uses = {0};
    vec_push(&loops, ((LoopFrame){loop_depth, &uses}));
    if (e->loop == LOOP_WHILE)
        walk(e->cond);
    Alias *body = walk(e->body);
    bool params_consumed = any_consumed(n, nparams) || pat_declared_unique(e->pat);
    loop_depth--;
    int at = n;
    Alias *res = link_shared_parts(loop_result(e->pat, init, body, &at, first), body, first, e->loc);
    if (params_consumed) {
        VarSet kept = {0};
        at = n;
        VarSet consumed = {0};
        Loc loc = e->init ? e->init->loc : e->pat->loc;
        consume_loop_init(e->pat, init, &at, loc, &kept, &consumed);
        check_loop_uses(&uses, &consumed, loc);
    }
    loops.len--;
    scope.len = n;
    return maybe(e, res);
}

static void walk_indices(DimIndexVec *idx) {
    for (int i = 0; i < idx->len; i++) {
        DimIndex *d = &idx->data[i];
        if (d->start)
            walk(d->start);
        if (d->end)
            walk(d->end);
        if (d->stride)
            walk(d->stride);
    }
}

/* The new value of an update: for a compound path (a with [i].f = v), the inner steps' lhs
 * re-read the base the outer update consumes, which is the one consumption of it: only their
 * indices and the value v are uses. */
static Alias *walk_update_value(Expr *rhs) {
    while (rhs->path_step) {
        walk_indices(&rhs->idx);
        rhs = rhs->rhs;
    }
    return walk(rhs);
}

/* The value an update writes may not share storage with the array it updates (a with [i] =
 * a[0], a row of a itself: Futhark's rule; write a copy). */
static void check_update_source(Alias *target, Alias *value, Expr *e) {
    VarSet t = {0}, v = {0};
    alias_flat(target, &t);
    alias_flat(value, &v);
    Var *shared = first_shared(&t, &v);
    if (shared)
        error_at(e->rhs->loc, "The value of this in-place update aliases %s, which the update consumes: "
                 "write a copy of it (copy ...)", var_desc(shared));
}

static Alias *walk_update(Expr *e) {
    walk_indices(&e->idx);
    Alias *value = walk_update_value(e->rhs);
    Alias *a = walk(e->lhs);
    check_update_source(a, value, e);
    consume(a, e->lhs->loc);
    return alias_new();
}

static Alias *walk(Expr *e) {
    if (!e)
        return alias_new();
    switch (e->kind) {
    case E_INT:
    case E_FLOAT:
    case E_BOOL:
    case E_CHAR:
    case E_STRING:
        return alias_new();
    case E_VAR:
        return walk_var(e);
    case E_TUPLE: {
        Alias *a = alias_new();
        a->tuple = true;
        for (int i = 0; i < e->elems.len; i++)
            vec_push(&a->parts, walk(e->elems.data[i]));
        return a;
    }
    case E_RECORD:
        return walk_union(&e->elems);
    case E_ARRAY:
        walk_union(&e->elems);
        return alias_new();
    case E_RANGE:
        walk(e->lhs);
        walk(e->mid);
        walk(e->rhs);
        return alias_new();
    case E_PROJECT: {
        Alias *a = walk(e->lhs);
        if (a->tuple) {
            char *end;
            long k = strtol(e->fields.data[0], &end, 10);
            if (!*end && k >= 0 && k < a->parts.len)
                return a->parts.data[k];
        }
        return maybe(e, a);
    }
    case E_INDEX: {
        Alias *a = walk(e->lhs);
        for (int i = 0; i < e->idx.len; i++) {
            walk(e->idx.data[i].start);
            walk(e->idx.data[i].end);
            walk(e->idx.data[i].stride);
        }
        return maybe(e, a);
    }
    case E_APPLY:
        return walk_apply(e);
    case E_BINOP:
        walk(e->lhs);
        walk(e->rhs);
        return alias_new();
    case E_NEG:
    case E_NOT:
        walk(e->lhs);
        return alias_new();
    case E_SECTION:
        /* (++) or (`f`) naming a local variable (an operator parameter): a use of it */
        if (e->section == SEC_FUN && !e->lhs && !e->rhs && !e->qual && lookup(e->name))
            return walk_var(e);
        if (e->section == SEC_FUN && !e->qual && lookup(e->name))
            walk_var(e);
        { /* (x `f`), (`f` y), (x +), (+ y): a function value holding its operand, as a lambda would */
            Alias *a = alias_new();
            alias_flat(walk(e->lhs), &a->set);
            alias_flat(walk(e->rhs), &a->set);
            return a;
        }
    case E_LAMBDA:
        return walk_lambda(&e->params, e->body, "a lambda", e->type, e->texp != NULL,
                           e->texp && e->texp->kind == TE_UNIQUE);
    case E_LET:
        return walk_let(e);
    case E_LETFUN: {
        int n = scope.len;
        Alias *closure = walk_lambda(&e->params, e->lhs, xsprintf("\"%s\"", e->name), NULL, false, false);
        scope.len = n;
        Var *f = bind(e->name, e->loc, NULL, NULL, true);
        alias_flat(closure, &f->aliases);
        Alias *r = walk(e->body);
        scope.len = n;
        return r;
    }
    case E_IF:
        return walk_if(e);
    case E_LOOP:
        return walk_loop(e);
    case E_UPDATE:
        return walk_update(e);
    case E_RECUPDATE: {
        Alias *a = walk(e->lhs);
        if (e->rhs->path_step) { /* r with a[i] = v: r.a is updated in place, r consumed */
            check_update_source(a, walk_update_value(e->rhs), e);
            consume(a, e->lhs->loc);
            return alias_new();
        }
        alias_flat(walk(e->rhs), &a->set);
        return a;
    }
    case E_ASCRIBE:
    case E_COERCE:
    case E_ATTR:
    case E_OPEN:
    case E_PAREN:
        return walk(e->lhs);
    case E_ASSERT:
        walk(e->cond);
        return walk(e->body);
    case E_CONSTR:
        return walk_union(&e->args);
    case E_MATCH:
        return walk_match(e);
    case E_HOLE:
        break;
    }
    return alias_new();
}


/* The result (alias a, type rt) of the function fname ("f" with its quotes, or "a lambda"): no part may alias a top-level constant;
 * where the return type is declared (declared), a unique part may alias nothing that is not
 * consumable (a parameter whose type is not unique), nor another part of the result. */
static void check_result(Type *rt, Alias *a, Loc loc, const char *fname, bool declared) {
    rt = rt ? type_prune(rt) : NULL;
    if (!a)
        return;
    if (rt && rt->kind == T_TUPLE && a->tuple && a->parts.len == rt->elems.len) {
        for (int i = 0; i < a->parts.len; i++) {
            check_result(rt->elems.data[i], a->parts.data[i], loc, fname, declared);
            if (!declared || !type_has_unique(rt->elems.data[i]))
                continue;
            VarSet mine = {0};
            alias_flat(a->parts.data[i], &mine);
            for (int j = 0; j < a->parts.len; j++) {
                VarSet other = {0};
                alias_flat(a->parts.data[j], &other);
                if (j != i && sets_meet(&mine, &other))
                    error_at(loc, "Unique-typed component %d of the result of %s is aliased to some other "
                                  "component (%d)", i, fname, j);
            }
        }
        return;
    }
    VarSet flat = {0};
    alias_flat(a, &flat);
    for (int i = 0; i < flat.len; i++) {
        Var *v = flat.data[i];
        if (v->global)
            error_at(loc, "the result of %s aliases the free variable \"%s\" (a top-level constant; "
                          "copy it)", fname, v->name);
        if (declared && rt && type_has_unique(rt) && (!v->consumable || v->borrowed))
            error_at(loc, "Unique-typed return value of %s is aliased to \"%s\", which is not "
                          "consumable (copy it)", fname, v->name);
    }
}

void tc_consume_check_decl(Decl *d) {
    scope.len = 0;
    all_vars.len = 0;
    globals.len = 0;
    captures.len = 0;
    loops.len = 0;
    lambda_depth = loop_depth = 0;
    for (int i = 0; i < d->tparams.len; i++)
        if (d->tparams.data[i].is_size)
            bind(d->tparams.data[i].name, d->tparams.data[i].loc, type_prim(PRIM_I64), NULL, false);
    for (int i = 0; i < d->params.len; i++)
        bind_pat(d->params.data[i], NULL, false, true);
    Alias *res = walk(d->body);
    if (d->params.len)
        check_result(result_type(d->type, d->params.len), res, result_loc(d->body), xsprintf("\"%s\"", d->name), d->ret != NULL);
}
