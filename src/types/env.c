/* env.c — the checker's scopes: a stack of value bindings (modules among them: they share
 * the values' name space), a stack of type names and a stack of module types.
 *
 * Top-level definitions are pushed once and stay; local scopes are delimited with
 * tc_env_mark()/tc_env_restore().  Lookup searches from the innermost binding outwards, so later
 * definitions shadow earlier ones.  A qualified name M.N.x is a member x of module N of module
 * M (types/module.c); the prelude's namespaces (f32, i64, intrinsics) are modules too.
 */
#include <string.h>

#include "check_int.h"

int tc_level;

static Vec(Binding *) vals;
static Vec(TypeEntry *) types;
static Vec(SigEntry *) sigs;

Mark tc_env_mark(void) { return (Mark){vals.len, types.len, sigs.len}; }

void tc_env_restore(Mark m) {
    vals.len = m.vals;
    types.len = m.types;
    sigs.len = m.sigs;
}

#define COPY_STACK(dst, src)                                                               \
    do {                                                                                   \
        (dst).len = 0;                                                                     \
        for (int i_ = 0; i_ < (src).len; i_++)                                             \
            vec_push(&(dst), (src).data[i_]);                                              \
    } while (0)

EnvSnap tc_env_save(void) {
    EnvSnap s = {0};
    COPY_STACK(s.vals, vals);
    COPY_STACK(s.types, types);
    COPY_STACK(s.sigs, sigs);
    return s;
}

void tc_env_load(EnvSnap s) {
    COPY_STACK(vals, s.vals);
    COPY_STACK(types, s.types);
    COPY_STACK(sigs, s.sigs);
}

void tc_env_push(Binding *b) { vec_push(&vals, b); }

Binding *tc_env_bind_local(const char *name, Type *t, Loc loc) {
    Binding *b = xmalloc(sizeof *b);
    b->kind = BIND_LOCAL;
    b->name = name;
    b->type = t;
    b->loc = loc;
    tc_env_push(b);
    return b;
}

Binding *tc_env_lookup_any(const char *name) {
    for (int i = vals.len - 1; i >= 0; i--)
        if (vals.data[i]->name == name)
            return vals.data[i];
    return NULL;
}

Binding *tc_env_lookup(const char *qual, const char *name) {
    if (qual) {
        Module *m = tc_lookup_module(qual);
        return m ? module_value(m, name) : NULL;
    }
    for (int i = vals.len - 1; i >= 0; i--)
        if (vals.data[i]->name == name && vals.data[i]->kind != BIND_MODULE)
            return vals.data[i];
    return NULL;
}

/* The module named by the first component of a path, in scope. */
static Module *scope_module(const char *name) {
    for (int i = vals.len - 1; i >= 0; i--)
        if (vals.data[i]->name == name && vals.data[i]->kind == BIND_MODULE)
            return vals.data[i]->mod;
    return NULL;
}

/* Split "M.N.x" at its first dot: *rest gets "N.x" (or NULL); returns "M" interned. */
static const char *path_head(const char *path, const char **rest) {
    const char *dot = strchr(path, '.');
    *rest = dot ? dot + 1 : NULL;
    return dot ? intern_n(path, (size_t)(dot - path)) : intern(path);
}

Module *tc_lookup_module(const char *path) {
    const char *rest, *head = path_head(path, &rest);
    Module *m = scope_module(head);
    while (m && rest) {
        head = path_head(rest, &rest);
        m = module_submodule(m, head);
    }
    return m;
}

void tc_env_push_type(TypeEntry *te) { vec_push(&types, te); }

TypeEntry *tc_env_lookup_type(const char *qual, const char *name) {
    if (qual) {
        Module *m = tc_lookup_module(qual);
        return m ? module_type(m, name) : NULL;
    }
    for (int i = types.len - 1; i >= 0; i--)
        if (types.data[i]->name == name)
            return types.data[i];
    return NULL;
}

void tc_env_push_sig(SigEntry *se) { vec_push(&sigs, se); }

SigEntry *tc_lookup_sig(const char *path) {
    const char *dot = strrchr(path, '.');
    if (dot) {
        Module *m = tc_lookup_module(intern_n(path, (size_t)(dot - path)));
        return m ? module_sig(m, intern(dot + 1)) : NULL;
    }
    const char *name = intern(path);
    for (int i = sigs.len - 1; i >= 0; i--)
        if (sigs.data[i]->name == name)
            return sigs.data[i];
    return NULL;
}

void tc_env_names_since(Mark m, NameVec *out) {
    for (int i = m.vals; i < vals.len; i++)
        vec_push(out, vals.data[i]->name);
}
