/* module.c — Futhark's module system, elaborated away while the program is checked.
 *
 * A module is a table of bindings (values, types, submodules, module types) built by checking
 * its declarations; nothing of it reaches later stages: every definition, wherever it is
 * written, is checked once where it occurs and appended to one flat list of definitions (the
 * program check_program leaves behind), and every use of a name is resolved through the scopes
 * to the binding of the definition it means (Expr.binding), which is all the interpreter and
 * the internaliser follow.
 *
 *  - `module M = {...}`: the declarations are checked in a scope of their own; the ones not
 *    `local` are M's members, reached as M.x (and by `open M`).
 *  - A parametric module is a closure: its parameter, its body and the environment it was
 *    defined in.  Each application checks a fresh copy of the body (ast_clone_mod) in that
 *    environment with the parameter bound to the argument, so every instance has definitions of
 *    its own (as Futhark, which elaborates modules away by the same substitution).
 *  - Ascription `M : S` keeps the members S names (an error names a missing one) and checks
 *    them against their specs (types of values, parameters, definitions and liftedness of
 *    types, `with` refinements); type abstraction is not enforced (transparent ascription:
 *    programs Futhark accepts behave the same, the difference is only in which wrong programs
 *    are caught).  A parametric module never applied is checked once at the end, against a
 *    module made from its parameter's module type (check_unapplied).
 *  - One list of declarations defines a name once per name space (check_not_duplicate).
 *  - A file is a module: `import "f"` opens it locally, `module M = import "f"` names it.  Each
 *    file (syntax/import.c loads them) is checked once, in an environment of the prelude only.
 *  - The prelude's namespaces (def f32.sqrt, type i32.t) are modules, made as their members are
 *    declared.
 */
#include <string.h>

#include "check_int.h"

struct Module {
    const char *path;       /* what its definitions are qualified by (Decl.qual), or NULL */
    Vec(Binding *) vals;    /* its values and (BIND_MODULE) submodules, in definition order */
    Vec(TypeEntry *) types;
    Vec(SigEntry *) sigs;
    /* a parametric module: its parameter, body (a lambda when there are more parameters), the
     * type of its result (or NULL) and the environment of its definition */
    bool functor;
    bool applied;           /* a parametric module: applied somewhere (else check_unapplied) */
    ModParam param;
    ModExp *body;
    SigExp *result;
    EnvSnap closure;
};

static DeclVec out;         /* every definition and type abbreviation, in the order checked */
static EnvSnap prelude_env; /* the environment a file sees: the prelude's */
static const char *main_file;

typedef struct {
    Program *file;
    Module *mod;
} FileModule;
static Vec(FileModule) files; /* the files checked so far */

/* The declarations being checked (the innermost list) and which one: a use of a later
 * definition refers forward (mutual recursion).  Bindings made for such uses, by definition. */
static DeclVec *cur_decls;
static int cur_index;
typedef struct {
    Decl *decl;
    Binding *b;
} Forward;
static Vec(Forward) forwards;

Binding *tc_forward_ref(const char *name, Loc use) {
    for (int i = cur_decls ? cur_index + 1 : 0; cur_decls && i < cur_decls->len; i++) {
        Decl *d = cur_decls->data[i];
        if (d->kind != D_DEF || d->name != name || d->qual)
            continue;
        for (int j = 0; j < forwards.len; j++)
            if (forwards.data[j].decl == d)
                return forwards.data[j].b;
        Binding *b = tc_signature(d);
        if (!b)
            error_at(use, "'%s' is defined later (line %d): a function used before its definition needs types on "
                          "all its parameters and its result",
                     name, d->loc.line);
        vec_push(&forwards, ((Forward){d, b}));
        return b;
    }
    return NULL;
}

static Binding *forward_of(Decl *d) {
    for (int j = 0; j < forwards.len; j++)
        if (forwards.data[j].decl == d)
            return forwards.data[j].b;
    return NULL;
}

/* ---- members ---- */

Binding *module_value(Module *m, const char *name) {
    for (int i = m->vals.len - 1; i >= 0; i--)
        if (m->vals.data[i]->name == name && m->vals.data[i]->kind != BIND_MODULE)
            return m->vals.data[i];
    return NULL;
}

Module *module_submodule(Module *m, const char *name) {
    for (int i = m->vals.len - 1; i >= 0; i--)
        if (m->vals.data[i]->name == name && m->vals.data[i]->kind == BIND_MODULE)
            return m->vals.data[i]->mod;
    return NULL;
}

TypeEntry *module_type(Module *m, const char *name) {
    for (int i = m->types.len - 1; i >= 0; i--)
        if (m->types.data[i]->name == name)
            return m->types.data[i];
    return NULL;
}

SigEntry *module_sig(Module *m, const char *name) {
    for (int i = m->sigs.len - 1; i >= 0; i--)
        if (m->sigs.data[i]->name == name)
            return m->sigs.data[i];
    return NULL;
}

static Module *module_new(const char *path) {
    Module *m = xmalloc(sizeof *m);
    m->path = path;
    return m;
}

static Binding *module_binding(const char *name, Module *m, Loc loc) {
    Binding *b = xmalloc(sizeof *b);
    b->kind = BIND_MODULE;
    b->name = name;
    b->mod = m;
    b->loc = loc;
    return b;
}

/* The path of a member of a module at path (NULL: a file's top level). */
static const char *subpath(const char *path, const char *name) {
    return path ? intern(xsprintf("%s.%s", path, name)) : name;
}

/* Everything m has, in scope (open). */
static void open_module(Module *m) {
    for (int i = 0; i < m->vals.len; i++)
        tc_env_push(m->vals.data[i]);
    for (int i = 0; i < m->types.len; i++)
        tc_env_push_type(m->types.data[i]);
    for (int i = 0; i < m->sigs.len; i++)
        tc_env_push_sig(m->sigs.data[i]);
}

void tc_open_module(const char *path, Loc loc) {
    Module *m = tc_lookup_module(path);
    if (!m || m->functor)
        error_at(loc, "'%s' is not a module that can be opened", path);
    open_module(m);
}

/* Everything m has, as members of into too (a non-local open). */
static void export_all(Module *into, Module *m) {
    for (int i = 0; i < m->vals.len; i++)
        vec_push(&into->vals, m->vals.data[i]);
    for (int i = 0; i < m->types.len; i++)
        vec_push(&into->types, m->types.data[i]);
    for (int i = 0; i < m->sigs.len; i++)
        vec_push(&into->sigs, m->sigs.data[i]);
}

/* ---- module types ---- */

/* The specifications of a module type, includes expanded (refinements `with` add nothing:
 * ascription is transparent). */
typedef Vec(ModSpec *) SpecVec;

static void sig_specs(SigExp *s, SpecVec *out_specs) {
    switch (s->kind) {
    case SE_NAME: {
        SigEntry *se = tc_lookup_sig(s->name);
        if (!se)
            error_at(s->loc, "unknown module type '%s'", s->name);
        sig_specs(se->sig, out_specs);
        return;
    }
    case SE_SPECS:
        for (int i = 0; i < s->specs.len; i++) {
            ModSpec *sp = s->specs.data[i];
            if (sp->kind == SPEC_INCLUDE)
                sig_specs(sp->sig, out_specs);
            else
                vec_push(out_specs, sp);
        }
        return;
    case SE_WITH: sig_specs(s->base, out_specs); return;
    case SE_ARROW: return; /* a parametric module's type: its members are its instances' */
    }
}

static Module *ascribe(Module *m, SigExp *s, Loc loc);

/* The modules being ascribed, outermost first: a spec's type names mean their types (an inner
 * module type may name an outer one's `type t`). */
static Vec(Module *) ascribing;
static const char *ascribe_prefix = ""; /* "inner." while a module spec's module is ascribed */

static const char *spec_path(const char *name) { return xsprintf("%s%s", ascribe_prefix, name); }

static bool bound_name(NameVec *local, const char *name) {
    for (int i = 0; i < local->len; i++)
        if (local->data[i] == name)
            return true;
    return false;
}

/* Whether every name in a spec's type expression resolves here (local: the names the spec and
 * its arrows bind); a spec that names what is not in scope at the ascription (a type of the
 * module type's own surroundings) is left unchecked rather than misreported. */
static bool spec_texp_resolves(TypeExp *t, NameVec *local) {
    if (!t)
        return true;
    switch (t->kind) {
    case TE_NAME:
    case TE_APPLY:
        if (t->kind == TE_NAME && (t->prim != PRIM_NONE || prim_from_name(t->name) != PRIM_NONE))
            return true;
        if (!t->qual && bound_name(local, t->name))
            return true;
        if (!tc_env_lookup_type(t->qual, t->name))
            return false;
        for (int i = 0; i < t->dim_args.len; i++)
            if (t->dim_args.data[i].kind == DIM_EXPR ||
                (t->dim_args.data[i].kind == DIM_NAME && !bound_name(local, t->dim_args.data[i].name)))
                return false;
        break;
    case TE_ARRAY:
        if (t->dim.kind == DIM_EXPR || (t->dim.kind == DIM_NAME && !bound_name(local, t->dim.name)))
            return false;
        break;
    case TE_ARROW: {
        bool ok = spec_texp_resolves(t->elem, local);
        int n = local->len;
        if (t->name)
            vec_push(local, t->name);
        ok = ok && spec_texp_resolves(t->ret, local);
        local->len = n;
        return ok;
    }
    case TE_EXIST: {
        int n = local->len;
        for (int i = 0; i < t->fields.len; i++)
            vec_push(local, t->fields.data[i]);
        bool ok = spec_texp_resolves(t->elem, local);
        local->len = n;
        return ok;
    }
    default:
        break;
    }
    if (!spec_texp_resolves(t->elem, local))
        return false;
    for (int i = 0; i < t->elems.len; i++)
        if (!spec_texp_resolves(t->elems.data[i], local))
            return false;
    return true;
}

/* The type a spec's type expression denotes, its names meaning the ascribed modules' types and
 * its type parameters rigid; NULL where it names what is not in scope. */
/* While a module type's declaration is checked: a name its specs use that is not in scope is an
 * error (spec_type reports it) rather than a reason to leave the spec unchecked. */
static bool spec_strict;

static Type *spec_type_q(TypeParamVec *tparams, TypeExp *texp, Binding *quant) {
    Mark mk = tc_env_mark();
    for (int i = 0; i < ascribing.len; i++) {
        for (int j = 0; j < ascribing.data[i]->types.len; j++)
            tc_env_push_type(ascribing.data[i]->types.data[j]);
        for (int j = 0; spec_strict && j < ascribing.data[i]->vals.len; j++) /* [k], M.t of earlier specs */
            tc_env_push(ascribing.data[i]->vals.data[j]);
    }
    NameVec local = {0};
    for (int i = 0; i < tparams->len; i++) {
        TypeParam *tp = &tparams->data[i];
        vec_push(&local, tp->name);
        if (tp->is_size) {
            tc_env_bind_local(tp->name, type_prim(PRIM_I64), tp->loc)->is_size = true;
            if (quant)
                vec_push(&quant->svars, tp->name);
        } else {
            TypeEntry *pe = xmalloc(sizeof *pe);
            pe->name = tp->name;
            pe->type = type_param(tp->name);
            pe->type->lift = pe->lift = tp->lifted ? '^' : tp->size_lifted ? '~' : 0;
            pe->is_param = true;
            tc_env_push_type(pe);
            if (quant)
                vec_push(&quant->tvars, pe->type);
        }
    }
    Type *t = texp && (spec_strict || spec_texp_resolves(texp, &local)) ? tc_texp_to_type(texp) : NULL;
    tc_env_restore(mk);
    return t;
}

static Type *spec_type(TypeParamVec *tparams, TypeExp *texp) { return spec_type_q(tparams, texp, NULL); }

/* Uniqueness as the spec declares it: a value spec's function may not consume an argument the
 * spec does not declare unique (*t), nor declare a non-unique result where the spec promises a
 * unique one. */
static void check_spec_uniqueness(Binding *b, Type *dt, Type *st, ModSpec *sp, Loc loc) {
    dt = type_prune(dt);
    st = type_prune(st);
    while (dt->kind == T_ARROW && st->kind == T_ARROW) {
        if (type_prune(dt->param)->unique && !type_prune(st->param)->unique)
            error_at(loc, "the module's value \"%s\" consumes its argument of type %s, but its module type "
                     "(line %d) declares the parameter %s", spec_path(sp->name), type_str(dt->param), sp->loc.line,
                     type_str(st->param));
        dt = type_prune(dt->ret);
        st = type_prune(st->ret);
    }
    if (st->unique && !dt->unique && st->kind == T_ARRAY && b->decl && b->decl->ret) /* a written result type */
        error_at(loc, "the module's value \"%s\" returns %s, but its module type (line %d) declares a unique "
                 "result, %s", spec_path(sp->name), type_str(dt), sp->loc.line, type_str(st));
}

/* A value the module defines has the type its spec declares (at least as polymorphic: the
 * spec's type parameters are rigid, the definition's instantiated). */
static void check_val_spec(Binding *b, ModSpec *sp, Loc loc) {
    Type *st = spec_type(&sp->tparams, sp->texp);
    if (!st)
        return;
    Type *dt = tc_instantiate(b, NULL);
    tc_unify_why = NULL;
    if (!tc_unify(dt, st, false))
        error_at(loc, "the module's value \"%s\" has type %s, but its module type (line %d) declares "
                 "\"val %s : %s\"%s%s", spec_path(sp->name), type_str(dt), sp->loc.line, sp->name, type_str(st),
                 tc_unify_why ? ": " : "", tc_unify_why ? tc_unify_why : "");
    check_spec_uniqueness(b, dt, st, sp, loc);
}

/* A type the module defines has the spec's parameters (as many type and size parameters) and,
 * where the spec gives its definition (type s = t), that definition. */
static void check_type_spec(TypeEntry *te, ModSpec *sp, Loc loc) {
    if (te->is_param)
        return;
    int ntypes = 0, nsizes = 0;
    for (int i = 0; i < sp->tparams.len; i++) {
        if (sp->tparams.data[i].is_size)
            nsizes++;
        else
            ntypes++;
    }
    if (ntypes != te->tparams.len || nsizes != te->sparams.len)
        error_at(loc, "the module's type \"%s\" has %d type and %d size parameter(s), but its module type "
                 "(line %d) declares \"type %s\" with %d and %d", spec_path(sp->name), te->tparams.len, te->sparams.len,
                 sp->loc.line, sp->name, ntypes, nsizes);
    if (!sp->texp || ntypes || nsizes)
        return;
    Type *st = spec_type(&sp->tparams, sp->texp);
    tc_unify_why = NULL;
    if (st && !tc_unify(te->type, st, true))
        error_at(loc, "the module's type \"%s\" is %s, but its module type (line %d) declares it %s%s%s",
                 spec_path(sp->name), type_str(te->type), sp->loc.line, type_str(st), tc_unify_why ? ": " : "",
                 tc_unify_why ? tc_unify_why : "");
}

/* An anonymous size ([]) in t, or NULL (function types inside are not searched). */
static const TypeExp *anonymous_size(const TypeExp *t) {
    if (!t || t->kind == TE_ARROW)
        return NULL;
    if (t->kind == TE_ARRAY && t->dim.kind == DIM_ANY)
        return t;
    for (int i = 0; t->kind == TE_APPLY && i < t->dim_args.len; i++)
        if (t->dim_args.data[i].kind == DIM_ANY)
            return t;
    const TypeExp *a = anonymous_size(t->elem);
    for (int i = 0; !a && i < t->elems.len; i++)
        a = anonymous_size(t->elems.data[i]);
    return a;
}

/* A spec's parameters are distinct, as are the named parameters of a value spec's arrows; a
 * value spec's parameter types have no anonymous size (Futhark's rule: `val f [n] : [n]t -> r`
 * names it; a result's [] is an existential size). */
static void check_spec_params(ModSpec *sp) {
    for (TypeExp *t = sp->kind == SPEC_VAL ? sp->texp : NULL; t && t->kind == TE_ARROW; t = t->ret) {
        const TypeExp *a = anonymous_size(t->elem);
        if (a)
            error_at(a->loc, "the parameter type of \"%s\" has an anonymous size ([]): a value spec's parameter "
                     "sizes must be non-anonymous (name it: val %s [n] : [n]t -> ...)", sp->name, sp->name);
    }
    for (int i = 0; i < sp->tparams.len; i++)
        for (int j = 0; j < i; j++)
            if (sp->tparams.data[j].name == sp->tparams.data[i].name)
                error_at(sp->tparams.data[i].loc, "the parameter \"%s\" of \"%s\" is bound previously, at %d:%d",
                         sp->tparams.data[i].name, sp->name, sp->tparams.data[j].loc.line,
                         sp->tparams.data[j].loc.col);
    NameVec named = {0};
    for (TypeExp *t = sp->kind == SPEC_VAL ? sp->texp : NULL; t && t->kind == TE_ARROW; t = t->ret) {
        if (t->name && bound_name(&named, t->name))
            error_at(t->loc, "the parameter \"%s\" of \"%s\" is bound previously in its type", t->name, sp->name);
        if (t->name)
            vec_push(&named, t->name);
    }
}

/* The type spec that path (t, or inner.t through module specs) names in module type s, or
 * NULL; *refined is set when a `with` on the way refines it already. */
static ModSpec *sig_find_type(SigExp *s, const char *path, bool *refined) {
    switch (s->kind) {
    case SE_NAME: {
        SigEntry *se = tc_lookup_sig(s->name);
        return se ? sig_find_type(se->sig, path, refined) : NULL;
    }
    case SE_WITH:
        if (s->name == path)
            *refined = true;
        return sig_find_type(s->base, path, refined);
    case SE_ARROW:
        return NULL;
    case SE_SPECS:
        break;
    }
    const char *dot = strchr(path, '.');
    const char *head = dot ? intern(xstrndup(path, (size_t)(dot - path))) : path;
    for (int i = s->specs.len - 1; i >= 0; i--) {
        ModSpec *sp = s->specs.data[i];
        if (sp->kind == SPEC_INCLUDE) {
            ModSpec *r = sig_find_type(sp->sig, path, refined);
            if (r)
                return r;
        } else if (!dot && sp->kind == SPEC_TYPE && sp->name == path) {
            return sp;
        } else if (dot && sp->kind == SPEC_MODULE && sp->name == head) {
            return sig_find_type(sp->sig, intern(dot + 1), refined);
        }
    }
    return NULL;
}

/* `S with t 'a [n] = texp`: S has an abstract type t with the same parameters (kinds and
 * liftedness) to refine. */
static void check_with(SigExp *w) {
    bool refined = false;
    ModSpec *sp = sig_find_type(w->base, w->name, &refined);
    if (!sp)
        error_at(w->loc, "Cannot refine a type: the module type has no type \"%s\"", w->name);
    if (sp->texp || refined)
        error_at(w->loc, "Cannot refine a type: \"%s\" is not an abstract type: %s defines it already",
                 w->name, refined ? "an earlier refinement (with)" : xsprintf("its spec (line %d)", sp->loc.line));
    bool same = sp->tparams.len == w->tparams.len;
    for (int i = 0; same && i < w->tparams.len; i++) {
        TypeParam *a = &sp->tparams.data[i], *b = &w->tparams.data[i];
        same = a->is_size == b->is_size && a->lifted == b->lifted && a->size_lifted == b->size_lifted;
    }
    if (!same)
        error_at(w->loc, "Cannot refine a type: \"%s\" is declared (line %d) with other parameters than "
                 "the refinement gives it (their number, kinds and liftedness must agree)", w->name, sp->loc.line);
}

static void check_sig_params(SigExp *s) {
    if (!s)
        return;
    if (s->kind == SE_WITH)
        check_with(s);
    if (s->kind == SE_SPECS)
        for (int i = 0; i < s->specs.len; i++) {
            check_spec_params(s->specs.data[i]);
            check_sig_params(s->specs.data[i]->sig);
        }
    check_sig_params(s->base);
    check_sig_params(s->ret);
}

/* The type entry that path (t, inner.t) names in module m, or NULL. */
static TypeEntry *module_type_at(Module *m, const char *path) {
    const char *dot;
    while (m && (dot = strchr(path, '.'))) {
        m = module_submodule(m, intern(xstrndup(path, (size_t)(dot - path))));
        path = intern(dot + 1);
    }
    return m ? module_type(m, path) : NULL;
}

/* Each `with t = texp` of module type s holds of m: its t is texp (ascription is transparent
 * otherwise, but a refinement states what the type is). */
static void check_refinements(Module *m, SigExp *s, Loc loc) {
    if (s->kind == SE_NAME) {
        SigEntry *se = tc_lookup_sig(s->name);
        if (se)
            check_refinements(m, se->sig, loc);
        return;
    }
    if (s->kind != SE_WITH)
        return;
    check_refinements(m, s->base, loc);
    TypeEntry *te = module_type_at(m, s->name);
    NameVec local = {0};
    if (!te || s->tparams.len || te->tparams.len || te->sparams.len || !spec_texp_resolves(s->texp, &local))
        return;
    Type *want = tc_texp_to_type(s->texp);
    tc_unify_why = NULL;
    if (!tc_unify(te->type, want, true))
        error_at(loc, "the module type requires \"%s\" to be %s (line %d), but the module's is %s",
                 s->name, type_str(want), s->loc.line, type_str(te->type));
}

static int lift_rank(char lift) { return lift == '^' ? 2 : lift == '~' ? 1 : 0; }

static const char *lift_words(char lift) {
    return lift == '^' ? "lifted (type^: it may contain functions)"
         : lift == '~' ? "size-lifted (type~: its sizes may vary)"
                       : "non-lifted (type)";
}

/* A type the module defines may be no more lifted than its spec says (Futhark's rule: a
 * non-lifted abstract type may be an array element, a size-lifted one is at least not a
 * function). */
static bool has_unknown_size(Type *t) {
    t = type_prune(t);
    if (!t)
        return false;
    if (t->kind == T_ARRAY)
        return size_prune(t->dim)->kind == SIZE_ANY || has_unknown_size(t->elem);
    if (t->kind == T_ARROW)
        return has_unknown_size(t->param) || has_unknown_size(t->ret);
    for (int i = 0; i < t->elems.len; i++)
        if (has_unknown_size(t->elems.data[i]))
            return true;
    return false;
}

/* A definition with an unknown size ([]f32: weft accepts it written `type`) is size-lifted as
 * far as a spec is concerned: a non-lifted abstract type has one size (Futhark's rule). */
static void check_spec_sizes(TypeEntry *te, ModSpec *sp, Loc loc) {
    if (!te->is_param && !te->lift && !sp->lift && has_unknown_size(te->type))
        error_at(loc, "the module's type \"%s\" has an unknown size (%s), so it is size-lifted (type~), but its "
                 "module type (line %d) declares it %s", spec_path(sp->name), type_str(te->type), sp->loc.line,
                 lift_words(sp->lift));
}

static void check_spec_lift(TypeEntry *te, ModSpec *sp, Loc loc) {
    if (te->is_param || lift_rank(te->lift) <= lift_rank(sp->lift))
        return;
    error_at(loc, "the module's type \"%s\" is %s, but its module type (line %d) declares it %s",
             spec_path(sp->name), lift_words(te->lift), sp->loc.line, lift_words(sp->lift));
}

/* m restricted to what module type s specifies; an error at loc if m lacks some of it. */
static Module *ascribe(Module *m, SigExp *s, Loc loc) {
    if (m->functor || s->kind == SE_ARROW)
        return m;
    SpecVec specs = {0};
    check_sig_params(s);
    sig_specs(s, &specs);
    check_refinements(m, s, loc);
    Module *r = module_new(m->path);
    vec_push(&ascribing, m);
    for (int i = 0; i < specs.len; i++) {
        ModSpec *sp = specs.data[i];
        switch (sp->kind) {
        case SPEC_VAL: {
            Binding *b = module_value(m, sp->name);
            if (!b)
                error_at(loc, "the module does not define '%s', which its module type (line %d) requires",
                         spec_path(sp->name), sp->loc.line);
            check_val_spec(b, sp, loc);
            vec_push(&r->vals, b);
            break;
        }
        case SPEC_TYPE: {
            TypeEntry *te = module_type(m, sp->name);
            if (!te)
                error_at(loc, "the module does not define the type '%s', which its module type (line %d) requires",
                         spec_path(sp->name), sp->loc.line);
            check_spec_lift(te, sp, loc);
            check_type_spec(te, sp, loc);
            check_spec_sizes(te, sp, loc);
            vec_push(&r->types, te);
            break;
        }
        case SPEC_MODULE: {
            Module *sub = module_submodule(m, sp->name);
            if (!sub)
                error_at(loc, "the module does not define the module '%s', which its module type (line %d) requires",
                         spec_path(sp->name), sp->loc.line);
            if (sub->functor != (sp->sig->kind == SE_ARROW))
                error_at(loc, "the module's \"%s\" is %sa parametric module, but its module type (line %d) declares %s",
                         spec_path(sp->name), sub->functor ? "" : "not ", sp->loc.line,
                         sub->functor ? "a module" : "a parametric one");
            const char *outer = ascribe_prefix;
            ascribe_prefix = xsprintf("%s%s.", outer, sp->name);
            vec_push(&r->vals, module_binding(sp->name, ascribe(sub, sp->sig, loc), sp->loc));
            ascribe_prefix = outer;
            break;
        }
        case SPEC_INCLUDE: break;
        }
    }
    ascribing.len--;
    return r;
}

/* ---- parametric modules never applied ----
 * Futhark checks a parametric module's body once, its parameter's types abstract; weft checks
 * each application's copy instead (module.c's note), so a parametric module that is never
 * applied is checked here, at the end, against a module made from its parameter's module type:
 * its abstract types are type parameters of their own (named P.t), its values have their
 * specs' types.  Where that module cannot be made (a parametric abstract type, a parameter that
 * is itself parametric, a spec naming what is not in scope), the body goes unchecked. */

static void apply_refinements(Module *am, SigExp *s) {
    if (s->kind == SE_NAME) {
        SigEntry *se = tc_lookup_sig(s->name);
        if (se)
            apply_refinements(am, se->sig);
        return;
    }
    if (s->kind != SE_WITH)
        return;
    apply_refinements(am, s->base);
    TypeEntry *te = module_type_at(am, s->name);
    NameVec local = {0};
    if (te && !s->tparams.len && spec_texp_resolves(s->texp, &local))
        te->type = tc_texp_to_type(s->texp);
}

static bool add_type_spec(Module *am, ModSpec *sp, const char *name) {
    if (sp->tparams.len && !spec_strict)
        return false;
    TypeEntry *te = xmalloc(sizeof *te);
    te->name = sp->name;
    te->lift = sp->lift;
    Binding quant = {0}; /* a parametric type's parameters (only while spec_strict) */
    Type *def = spec_type_q(&sp->tparams, sp->texp, &quant);
    te->type = sp->texp ? def : type_param(intern(xsprintf("%s.%s", name, sp->name)));
    for (int j = 0; j < quant.tvars.len; j++)
        vec_push(&te->tparams, quant.tvars.data[j]);
    te->sparams = quant.svars;
    if (!te->type)
        return false;
    if (!sp->texp)
        te->type->lift = sp->lift;
    vec_push(&am->types, te);
    return true;
}

static Module *abstract_module(SigExp *s, const char *name);

static bool add_value_spec(Module *am, ModSpec *sp, const char *name) {
    if (sp->kind == SPEC_VAL) {
        Binding *b = xmalloc(sizeof *b);
        b->kind = BIND_DEF;
        b->name = sp->name;
        b->loc = sp->loc;
        b->type = spec_type_q(&sp->tparams, sp->texp, b);
        vec_push(&am->vals, b);
        return b->type != NULL;
    }
    if (sp->kind == SPEC_MODULE) {
        Module *sub = abstract_module(sp->sig, intern(xsprintf("%s.%s", name, sp->name)));
        if (sub)
            vec_push(&am->vals, module_binding(sp->name, sub, sp->loc));
        return sub || spec_strict; /* strict: a parametric module's spec is not checked here */
    }
    return true;
}

/* The module a module type describes, its abstract types type parameters of their own.  For a
 * parametric module's trial (check_unapplied) the types come first, then the `with`
 * refinements, then the values; a module type's own check (spec_strict) takes the specs in
 * order, each seeing those before it. */
static Module *abstract_module(SigExp *s, const char *name) {
    if (s->kind == SE_ARROW)
        return NULL;
    SpecVec specs = {0};
    sig_specs(s, &specs);
    Module *am = module_new(NULL);
    vec_push(&ascribing, am);
    bool ok = true;
    for (int pass = spec_strict ? 1 : 0; pass < 2 && ok; pass++) {
        for (int i = 0; i < specs.len && ok; i++) {
            ModSpec *sp = specs.data[i];
            bool is_type = sp->kind == SPEC_TYPE;
            if (!spec_strict && (pass == 0) != is_type)
                continue;
            ok = is_type ? add_type_spec(am, sp, name) : add_value_spec(am, sp, name);
        }
        if (pass == 0 && ok)
            apply_refinements(am, s);
    }
    ascribing.len--;
    return ok ? am : NULL;
}

static Vec(Module *) functors_made; /* in the user's program, for check_unapplied */
static Module *eval_mod(ModExp *me, const char *path);

static void check_unapplied(void) {
    for (int i = 0; i < functors_made.len; i++) {
        Module *f = functors_made.data[i];
        if (f->applied)
            continue;
        f->applied = true;
        EnvSnap saved = tc_env_save();
        tc_env_load(f->closure);
        Module *a = abstract_module(f->param.sig, f->param.name);
        if (a) {
            int out_len = out.len;
            tc_env_push(module_binding(f->param.name, a, f->param.loc));
            Module *r = eval_mod(ast_clone_mod(f->body), NULL);
            if (f->result)
                ascribe(r, f->result, f->body->loc);
            out.len = out_len; /* only checked: nothing of it reaches the program */
        }
        tc_env_load(saved);
    }
}

/* ---- module expressions ---- */

static void check_decls(DeclVec *ds, Module *into, const char *path);
static Module *eval_mod(ModExp *me, const char *path);

/* A parametric module: the first of params, and the rest as a lambda for its body. */
static Module *functor(ModParamVec *params, SigExp *result, ModExp *body, Loc loc) {
    Module *f = module_new(NULL);
    f->functor = true;
    f->param = params->data[0];
    f->result = result;
    f->body = body;
    if (params->len > 1) {
        ModExp *rest = xmalloc(sizeof *rest);
        rest->kind = ME_LAMBDA;
        rest->loc = loc;
        for (int i = 1; i < params->len; i++)
            vec_push(&rest->params, params->data[i]);
        rest->sig = result;
        rest->body = body;
        f->body = rest;
        f->result = NULL;
    }
    f->closure = tc_env_save();
    vec_push(&functors_made, f);
    return f;
}

/* f applied to a: a fresh copy of f's body checked in f's environment with its parameter a. */
static Module *apply_functor(Module *f, Module *a, const char *path, Loc loc) {
    if (!f->functor)
        error_at(loc, "this module is not a parametric module and cannot be applied");
    f->applied = true;
    ascribe(a, f->param.sig, loc); /* the argument has what the parameter's type requires */
    EnvSnap saved = tc_env_save();
    tc_env_load(f->closure);
    tc_env_push(module_binding(f->param.name, a, f->param.loc));
    Module *r = eval_mod(ast_clone_mod(f->body), path);
    if (f->result)
        r = ascribe(r, f->result, loc);
    tc_env_load(saved);
    return r;
}

/* The module a file is: its declarations checked (once) in the prelude's environment. */
static Module *file_module(Program *file) {
    for (int i = 0; i < files.len; i++)
        if (files.data[i].file == file) {
            if (!files.data[i].mod)
                die("import cycle not caught when loading %s", file->file);
            return files.data[i].mod;
        }
    vec_push(&files, ((FileModule){file, NULL}));
    int at = files.len - 1;
    EnvSnap saved = tc_env_save();
    tc_env_load(prelude_env);
    Module *m = module_new(NULL);
    check_decls(&file->decls, m, NULL);
    tc_env_load(saved);
    files.data[at].mod = m;
    return m;
}

static Module *eval_mod(ModExp *me, const char *path) {
    switch (me->kind) {
    case ME_NAME: {
        Module *m = tc_lookup_module(me->name);
        if (me->name == intern("intrinsics"))
            error_at(me->loc, "The 'intrinsics' module may not be used in module expressions.");
        if (!m)
            error_at(me->loc, "unknown module '%s'", me->name);
        return m;
    }
    case ME_STRUCT: {
        Module *m = module_new(path);
        Mark mark = tc_env_mark();
        check_decls(&me->decls, m, path);
        tc_env_restore(mark);
        return m;
    }
    case ME_IMPORT:
        if (!me->file)
            die("import \"%s\" was not loaded", me->path);
        return file_module(me->file);
    case ME_APPLY: {
        Module *f = eval_mod(me->fn, NULL);
        return apply_functor(f, eval_mod(me->arg, NULL), path, me->loc);
    }
    case ME_ASCRIBE: return ascribe(eval_mod(me->body, path), me->sig, me->loc);
    case ME_LAMBDA: return functor(&me->params, me->sig, me->body, me->loc);
    }
    die("eval_mod: bad kind %d", (int)me->kind);
}

/* ---- declarations ---- */

/* The prelude's namespace module (f32 in def f32.sqrt), made at its first member. */
static Module *namespace(const char *qual, Loc loc) {
    Module *m = tc_lookup_module(qual);
    if (!m) {
        m = module_new(qual);
        tc_env_push(module_binding(qual, m, loc));
    }
    return m;
}

/* Check d, a declaration of the module into (NULL: the top level of the program's main file) at
 * path, and bind what it defines. */
static void check_decl(Decl *d, Module *into, const char *path) {
    switch (d->kind) {
    case D_DEF: {
        if (d->is_entry && path)
            error_at(d->loc, "Entry points may only be declared at the top level of a file, not in a module (\"%s\" is "
                     "in %s); write it with 'def' there and an 'entry' outside that calls it", d->name, path);
        bool top = !into && !d->qual && d->loc.file == main_file;
        bool entry = top && (d->is_entry || !strcmp(d->name, "main"));
        const char *ns = d->qual;
        if (path)
            d->qual = path;
        Binding *pre = forward_of(d);
        if (ns && !path) {
            pre = xmalloc(sizeof *pre);
            pre->qual = ns;
        }
        Binding *b = tc_check_def(d, entry, pre);
        vec_push(&out, d);
        if (ns && !path) { /* the prelude's def f32.sqrt: a member of f32, not in scope as sqrt */
            vec_push(&namespace(ns, d->loc)->vals, b);
            return;
        }
        tc_env_push(b);
        if (into && !d->local)
            vec_push(&into->vals, b);
        return;
    }
    case D_TYPE: {
        const char *ns = d->qual;
        d->qual = NULL;
        TypeEntry *te = tc_check_type_decl(d);
        vec_push(&out, d);
        if (ns) {
            vec_push(&namespace(ns, d->loc)->types, te);
            return;
        }
        tc_env_push_type(te);
        if (into && !d->local)
            vec_push(&into->types, te);
        return;
    }
    case D_MODULE: {
        const char *sub = subpath(path, d->name);
        Module *m = d->mparams.len ? functor(&d->mparams, d->sig, d->mod, d->loc) : eval_mod(d->mod, sub);
        if (d->sig && !d->mparams.len)
            m = ascribe(m, d->sig, d->loc);
        Binding *b = module_binding(d->name, m, d->loc);
        tc_env_push(b);
        if (into && !d->local)
            vec_push(&into->vals, b);
        return;
    }
    case D_MODTYPE: {
        check_sig_params(d->sig);
        spec_strict = true; /* every name its specs use is in scope */
        abstract_module(d->sig, d->name);
        spec_strict = false;
        SigEntry *se = xmalloc(sizeof *se);
        se->name = d->name;
        se->sig = d->sig;
        tc_env_push_sig(se);
        if (into && !d->local)
            vec_push(&into->sigs, se);
        return;
    }
    case D_OPEN: {
        Module *m = eval_mod(d->mod, NULL);
        if (m->functor)
            error_at(d->loc, "a parametric module cannot be opened");
        open_module(m);
        if (into && !d->local)
            export_all(into, m);
        return;
    }
    case D_IMPORT: /* import "f" is local open import "f" */
        open_module(eval_mod(d->mod, NULL));
        return;
    }
}

static const char *decl_kind_word(DeclKind k) {
    return k == D_DEF ? "value" : k == D_TYPE ? "type" : k == D_MODULE ? "module" : "module type";
}

/* Futhark's rule: one list of declarations (a file, a module's body) defines a name once in
 * each name space (values, types, modules, module types); a later one is an error, not a
 * shadowing definition. */
static void check_not_duplicate(DeclVec *ds, int at) {
    Decl *d = ds->data[at];
    if (d->kind != D_DEF && d->kind != D_TYPE && d->kind != D_MODULE && d->kind != D_MODTYPE)
        return;
    for (int i = 0; i < at; i++) {
        Decl *e = ds->data[i];
        if (e->kind == d->kind && e->name == d->name)
            error_at(d->loc, "Duplicate definition of the %s \"%s\": it is also defined at %d:%d",
                     decl_kind_word(d->kind), d->name, e->loc.line, e->loc.col);
    }
}

static void check_decls(DeclVec *ds, Module *into, const char *path) {
    DeclVec *saved = cur_decls;
    int saved_index = cur_index;
    cur_decls = ds;
    for (int i = 0; i < ds->len; i++)
        check_not_duplicate(ds, i);
    for (cur_index = 0; cur_index < ds->len; cur_index++)
        check_decl(ds->data[cur_index], into, path);
    cur_decls = saved;
    cur_index = saved_index;
}

static int prelude_len; /* out.len after the prelude */

void check_prelude(Program *prog, int first_user) {
    for (int i = 0; i < first_user; i++)
        check_decl(prog->decls.data[i], NULL, NULL);
    prelude_env = tc_env_save();
    prelude_len = out.len;
}

int check_user(Program *prog, int first_user) {
    main_file = prog->file;
    out.len = prelude_len;
    tc_env_load(prelude_env);
    tc_level = 0;
    tc_texp_reset();
    files.len = forwards.len = 0;
    functors_made.len = 0;
    cur_decls = NULL;
    int user_at = out.len;
    DeclVec user = {0};
    for (int i = first_user; i < prog->decls.len; i++)
        vec_push(&user, prog->decls.data[i]);
    check_decls(&user, NULL, NULL);
    check_unapplied();
    prog->decls = out;
    return user_at;
}

int check_program(Program *prog, int first_user) {
    check_prelude(prog, first_user);
    return check_user(prog, first_user);
}
