/* env.c — the checker's scopes: a stack of value bindings and a stack of type names.
 *
 * Top-level definitions are pushed once and stay; local scopes are delimited with
 * tc_env_mark()/tc_env_restore().  Lookup searches from the innermost binding outwards, so later
 * definitions shadow earlier ones.  Qualified names (f32.sqrt) match on both parts.
 */
#include "check_int.h"

int tc_level;

static Vec(Binding *) vals;
static Vec(TypeEntry *) types;

Mark tc_env_mark(void) { return (Mark){vals.len, types.len}; }

void tc_env_restore(Mark m) {
    vals.len = m.vals;
    types.len = m.types;
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

Binding *tc_env_lookup(const char *qual, const char *name) {
    for (int i = vals.len - 1; i >= 0; i--) {
        Binding *b = vals.data[i];
        if (b->name == name && b->qual == qual)
            return b;
    }
    return NULL;
}

void tc_env_push_type(TypeEntry *te) { vec_push(&types, te); }

TypeEntry *tc_env_lookup_type(const char *qual, const char *name) {
    for (int i = types.len - 1; i >= 0; i--)
        if (types.data[i]->name == name && types.data[i]->qual == qual)
            return types.data[i];
    return NULL;
}

void tc_env_names_since(Mark m, NameVec *out) {
    for (int i = m.vals; i < vals.len; i++)
        vec_push(out, vals.data[i]->name);
}
