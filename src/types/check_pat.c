/* check_pat.c — patterns: infer or check the type a pattern matches and bind its names.
 *
 * A pattern is checked against an expected type (from the value it matches, or from the
 * context of a lambda) or, with none, gets a fresh type variable per name.  Ascriptions
 * (p : t) fix the type; tuple patterns need tuples of the same length, record patterns
 * records with exactly their fields.  Every name may be bound once per pattern or
 * parameter list.
 */
#include "check_int.h"

void tc_check_size_names_distinct(TypeParamVec *tps, NameVec *seen) {
    for (int i = 0; i < tps->len; i++)
        for (int j = 0; tps->data[i].is_size && j < seen->len; j++)
            if (seen->data[j] == tps->data[i].name) {
                Binding *b = tc_env_lookup_any(seen->data[j]);
                error_at(tps->data[i].loc, "the size parameter [%s] has the name of a value: \"%s\" is also bound at %d:%d",
                         seen->data[j], seen->data[j], b ? b->loc.line : 0, b ? b->loc.col : 0);
            }
}

const char *tc_pat_simple_name(Pat *p) {
    while (p->kind == P_ASCRIBE)
        p = p->inner;
    return p->kind == P_ID ? p->name : NULL;
}

static void mismatch(Pat *p, Type *expected, Type *got) {
    error_at(p->loc, "pattern of type %s cannot match a value of type %s%s%s", type_str(got),
             type_str(expected), tc_unify_why ? ": " : "", tc_unify_why ? tc_unify_why : "");
}

static Type *fresh(void) { return type_var(0, tc_level); }

Type *tc_check_pat(Pat *p, Type *expected, NameVec *seen, bool is_param) {
    Type *t = expected;
    switch (p->kind) {
    case P_ID: {
        for (int i = 0; seen && i < seen->len; i++)
            if (seen->data[i] == p->name) {
                Binding *prev = tc_env_lookup_any(p->name);
                if (prev)
                    error_at(p->loc, "duplicate %s \"%s\": it is also bound at %d:%d", is_param ? "parameter" : "name",
                             p->name, prev->loc.line, prev->loc.col);
                error_at(p->loc, "duplicate %s \"%s\": it is also bound earlier", is_param ? "parameter" : "name",
                         p->name);
            }
        if (seen)
            vec_push(seen, p->name);
        if (!t)
            t = fresh();
        Binding *b = tc_env_bind_local(p->name, t, p->loc);
        b->is_param = is_param;
        break;
    }
    case P_WILDCARD:
        if (!t)
            t = fresh();
        break;
    case P_LITERAL: {
        Type *lt = tc_check_expr(p->lit, NULL);
        tc_unify_why = NULL;
        if (t && !tc_unify(t, lt, true))
            mismatch(p, t, lt);
        if (!t)
            t = lt;
        break;
    }
    case P_CONSTR: {
        if (!t)
            t = fresh();
        int n = p->elems.len;
        Type *payload = tc_ctor_of(t, p->name, n);
        if (!payload && type_ctor_index(t, p->name) >= 0)
            error_at(p->loc, "the pattern and the type %s differ in arity at constructor #%s", type_str(t), p->name);
        if (!payload)
            error_at(p->loc, "Cannot unify type with constructors (the pattern #%s with %d argument(s)) and %s: "
                             "the pattern cannot match such a value",
                     p->name, n, type_str(t));
        payload = type_prune(payload);
        for (int i = 0; i < n; i++)
            tc_check_pat(p->elems.data[i], payload->elems.data[i], seen, is_param);
        break;
    }
    case P_TUPLE: {
        int n = p->elems.len;
        Type *et = t ? type_prune(t) : NULL;
        if (et && et->kind == T_TUPLE && et->elems.len != n)
            error_at(p->loc, "tuple pattern with %d elements cannot match a value of type %s", n,
                     type_str(et));
        if (et && et->kind != T_TUPLE && et->kind != T_VAR)
            error_at(p->loc, "tuple pattern cannot match a value of type %s", type_str(et));
        Type **es = xmalloc(sizeof(Type *) * (size_t)(n + 1));
        for (int i = 0; i < n; i++) {
            Type *sub = et && et->kind == T_TUPLE ? et->elems.data[i] : NULL;
            es[i] = tc_check_pat(p->elems.data[i], sub, seen, is_param);
        }
        Type *tt = type_tuple(n, es);
        if (!t)
            t = tt;
        else if (!(et->kind == T_TUPLE) && !tc_unify(t, tt, true))
            mismatch(p, t, tt);
        break;
    }
    case P_RECORD: {
        int n = p->elems.len;
        Type *et = t ? type_prune(t) : NULL;
        if (et && et->kind != T_RECORD && et->kind != T_VAR)
            error_at(p->loc, "record pattern cannot match a value of type %s", type_str(et));
        Type **es = xmalloc(sizeof(Type *) * (size_t)(n + 1));
        for (int i = 0; i < n; i++) {
            const char *f = p->fields.data[i];
            for (int j = 0; j < i; j++)
                if (p->fields.data[j] == f)
                    error_at(p->elems.data[i]->loc, "Duplicate fields in pattern: '%s' appears twice", f);
            Type *sub = NULL;
            if (et && et->kind == T_RECORD) {
                int k = type_field_index(et, f);
                if (k < 0)
                    error_at(p->elems.data[i]->loc, "type %s has no field '%s'", type_str(et), f);
                sub = et->elems.data[k];
            }
            es[i] = tc_check_pat(p->elems.data[i], sub, seen, is_param);
        }
        Type *rt = type_record(n, p->fields.data, es);
        if (!t)
            t = rt;
        else if (!tc_unify(t, rt, true))
            mismatch(p, t, rt);
        break;
    }
    case P_ASCRIBE: {
        Type *at = tc_texp_to_type(p->texp);
        tc_unify_why = NULL;
        if (t && !tc_unify(at, t, true))
            mismatch(p, t, at);
        /* keep the ascribed type: it carries the uniqueness and the size names written */
        tc_check_pat(p->inner, at, seen, is_param);
        t = at;
        break;
    }
    }
    p->type = t;
    return t;
}
