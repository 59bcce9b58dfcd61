/* texp.c — type expressions (syntax) to semantic types.
 *
 * Names resolve to primitive types, type parameters in scope, or type aliases (parametric
 * aliases are applied by substituting their parameters).  A size [n] must name a size
 * parameter or a variable in scope (usually an i64 parameter); [] is an unknown size.
 * In a named arrow parameter (n: i64) -> [n]t, n is in scope in the result.
 */
#include "check_int.h"

static Size *dim_to_size(DimExp *d) {
    switch (d->kind) {
    case DIM_ANY:
        return size_any();
    case DIM_CONST:
        return size_const(d->value);
    case DIM_NAME:
        if (!tc_env_lookup(NULL, d->name))
            error_at(d->loc, "unknown size '%s'", d->name);
        return size_name(d->name);
    }
    return size_any();
}

static Type *apply_alias(TypeEntry *te, TypeExp *t) {
    int ntypes = t->kind == TE_APPLY ? t->elems.len : 0;
    int nsizes = t->kind == TE_APPLY ? t->dim_args.len : 0;
    if (ntypes != te->tparams.len || nsizes != te->sparams.len)
        error_at(t->loc, "type '%s' expects %d type and %d size argument(s) but got %d and %d",
                 te->name, te->tparams.len, te->sparams.len, ntypes, nsizes);
    if (!ntypes && !nsizes)
        return te->type;
    Subst su = {0};
    for (int i = 0; i < ntypes; i++) {
        vec_push(&su.tfrom, te->tparams.data[i]);
        vec_push(&su.tto, tc_texp_to_type(t->elems.data[i]));
    }
    for (int i = 0; i < nsizes; i++) {
        vec_push(&su.sfrom, te->sparams.data[i]);
        vec_push(&su.sto, dim_to_size(&t->dim_args.data[i]));
    }
    return tc_subst_type(te->type, &su);
}

Type *tc_texp_to_type(TypeExp *t) {
    switch (t->kind) {
    case TE_NAME: {
        if (t->prim != PRIM_NONE)
            return type_prim(t->prim);
        PrimType p = prim_from_name(t->name);
        if (p != PRIM_NONE)
            return type_prim(p);
        TypeEntry *te = tc_env_lookup_type(t->name);
        if (!te)
            error_at(t->loc, "unknown type '%s'", t->name);
        if (te->is_param)
            return te->type;
        return apply_alias(te, t);
    }
    case TE_APPLY: {
        TypeEntry *te = tc_env_lookup_type(t->name);
        if (!te)
            error_at(t->loc, "unknown type '%s'", t->name);
        if (te->is_param)
            error_at(t->loc, "type parameter '%s' takes no arguments", t->name);
        return apply_alias(te, t);
    }
    case TE_ARRAY:
        return type_array(tc_texp_to_type(t->elem), dim_to_size(&t->dim));
    case TE_TUPLE: {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++)
            es[i] = tc_texp_to_type(t->elems.data[i]);
        return type_tuple(t->elems.len, es);
    }
    case TE_RECORD: {
        Type **es = xmalloc(sizeof(Type *) * (size_t)(t->elems.len + 1));
        for (int i = 0; i < t->elems.len; i++) {
            for (int j = 0; j < i; j++)
                if (t->fields.data[j] == t->fields.data[i])
                    error_at(t->elems.data[i]->loc, "duplicate field '%s' in record type",
                             t->fields.data[i]);
            es[i] = tc_texp_to_type(t->elems.data[i]);
        }
        return type_record(t->elems.len, t->fields.data, es);
    }
    case TE_UNIQUE:
        return type_copy_unique(tc_texp_to_type(t->elem), true);
    case TE_ARROW: {
        Type *p = tc_texp_to_type(t->elem);
        Mark m = tc_env_mark();
        if (t->name)
            tc_env_bind_local(t->name, p, t->loc);
        Type *r = type_arrow(p, tc_texp_to_type(t->ret));
        tc_env_restore(m);
        r->param_name = t->name;
        return r;
    }
    }
    die("tc_texp_to_type: bad kind %d", (int)t->kind);
}
