/* exhaust.c — exhaustiveness of pattern matching: does every value of a type match one of a
 * list of patterns?  `match` must cover its scrutinee's type, and a pattern binding a let,
 * a parameter or a loop must cover its type on its own (be irrefutable).  When they do not, a
 * value they miss is shown, as Futhark does ("#foo (#moo _ #none)").
 *
 * The usual algorithm over pattern matrices (Maranget, "Warnings for pattern matching"): a
 * row of patterns per case, a column per component of the value; the first column is split by
 * its constructors when they are all present (a sum type's constructors, true and false, the
 * one constructor of a tuple or record), otherwise only the rows with a wildcard there matter.
 * Numeric and character literals never cover their type.
 */
#include <stdlib.h>
#include <string.h>

#include "check_int.h"

typedef Vec(Pat *) Row; /* one case's patterns, a column each */
typedef Vec(Row) Matrix;
typedef Vec(Type *) Types;

static Pat *strip(Pat *p) {
    while (p && p->kind == P_ASCRIBE)
        p = p->inner;
    return p;
}

static bool is_wild(Pat *p) {
    p = strip(p);
    return p->kind == P_ID || p->kind == P_WILDCARD;
}

/* The constructors of type t, when a finite set covers it: a sum's, bool's, a tuple's or
 * record's one.  n = how many; names, or NULL for a product (its one constructor). */
typedef struct {
    int n;
    bool product;
    const char **names;
} Sig;

static Sig sig_of(Type *t) {
    static const char *bools[2];
    bools[0] = intern("false");
    bools[1] = intern("true");
    t = type_prune(t);
    switch (t->kind) {
    case T_SUM: return (Sig){t->fields.len, false, t->fields.data};
    case T_TUPLE:
    case T_RECORD: return (Sig){1, true, NULL};
    case T_PRIM:
        if (t->prim == PRIM_BOOL)
            return (Sig){2, false, bools};
        return (Sig){-1, false, NULL};
    default: return (Sig){-1, false, NULL};
    }
}

/* The constructor a (non-wildcard) pattern names: a sum constructor, "true"/"false", a
 * literal's text, or "" for a tuple or record. */
static const char *head_of(Pat *p) {
    p = strip(p);
    switch (p->kind) {
    case P_CONSTR: return p->name;
    case P_TUPLE:
    case P_RECORD: return intern("");
    case P_LITERAL: {
        Expr *l = p->lit;
        if (l->kind == E_BOOL)
            return intern(l->ival ? "true" : "false");
        bool neg = l->kind == E_NEG;
        if (neg)
            l = l->lhs;
        if (l->kind == E_FLOAT)
            return intern(xsprintf("%s%.17g", neg ? "-" : "", l->fval));
        return intern(xsprintf("%s%llu", neg ? "-" : "", (unsigned long long)l->ival));
    }
    default: return NULL;
    }
}

/* The component types of constructor c of t, appended to out. */
static void ctor_types(Type *t, const char *c, Types *out) {
    t = type_prune(t);
    if (t->kind == T_TUPLE || t->kind == T_RECORD) {
        for (int i = 0; i < t->elems.len; i++)
            vec_push(out, t->elems.data[i]);
        return;
    }
    int k = type_ctor_index(t, c);
    if (k < 0)
        return;
    Type *p = type_prune(t->elems.data[k]);
    for (int i = 0; i < p->elems.len; i++)
        vec_push(out, p->elems.data[i]);
}

/* The sub-patterns of p (which has constructor c) for the columns of c's components (n of
 * them): a record pattern's in its type's field order, wildcards for a wildcard. */
static void ctor_args(Pat *p, Type *t, int n, Row *out) {
    static Pat wild = {.kind = P_WILDCARD};
    p = strip(p);
    if (is_wild(p)) {
        for (int i = 0; i < n; i++)
            vec_push(out, &wild);
        return;
    }
    if (p->kind == P_RECORD) {
        t = type_prune(t);
        for (int i = 0; i < n; i++) {
            Pat *f = &wild;
            for (int j = 0; t->kind == T_RECORD && j < p->fields.len; j++)
                if (p->fields.data[j] == t->fields.data[i])
                    f = p->elems.data[j];
            vec_push(out, f);
        }
        return;
    }
    for (int i = 0; i < n; i++)
        vec_push(out, i < p->elems.len ? p->elems.data[i] : &wild);
}

/* The rows of m whose first pattern has constructor c (or is a wildcard), with it replaced by
 * its n sub-patterns. */
static Matrix specialise(Matrix *m, const char *c, Type *t, int n) {
    Matrix r = {0};
    for (int i = 0; i < m->len; i++) {
        Row *row = &m->data[i];
        Pat *p = row->data[0];
        if (!is_wild(p) && head_of(p) != c)
            continue;
        Row nr = {0};
        ctor_args(p, t, n, &nr);
        for (int j = 1; j < row->len; j++)
            vec_push(&nr, row->data[j]);
        vec_push(&r, nr);
    }
    return r;
}

/* A pattern (as text) shown in a witness: atoms bare, constructors with arguments parenthesised
 * where they are arguments themselves. */
typedef Vec(const char *) Witness;

/* A witness of m not covering values of types ts (a text per column), or false when m covers
 * them all. */
static bool missing(Matrix *m, Types *ts, Witness *w) {
    if (ts->len == 0) {
        if (m->len)
            return false;
        return true;
    }
    Type *t = ts->data[0];
    Sig sig = sig_of(t);
    /* the constructors the first column names */
    Vec(const char *) heads = {0};
    for (int i = 0; i < m->len; i++) {
        const char *h = is_wild(m->data[i].data[0]) ? NULL : head_of(m->data[i].data[0]);
        bool seen = !h;
        for (int j = 0; !seen && j < heads.len; j++)
            seen = heads.data[j] == h;
        if (!seen)
            vec_push(&heads, h);
    }
    bool complete = sig.n > 0 && heads.len == sig.n;
    if (complete || (sig.product && heads.len)) {
        int nc = sig.product ? 1 : sig.n;
        for (int k = 0; k < nc; k++) {
            const char *c = sig.product ? intern("") : sig.names[k];
            Types sub = {0};
            ctor_types(t, c, &sub);
            int arity = sub.len;
            for (int j = 1; j < ts->len; j++)
                vec_push(&sub, ts->data[j]);
            Matrix sm = specialise(m, c, t, arity);
            Witness sw = {0};
            if (!missing(&sm, &sub, &sw))
                continue;
            StrBuf sb = {0};
            if (sig.product) {
                sb_putc(&sb, '(');
                for (int j = 0; j < arity; j++)
                    sb_printf(&sb, "%s%s", j ? ", " : "", sw.data[j]);
                sb_putc(&sb, ')');
            } else {
                bool sumc = type_prune(t)->kind == T_SUM;
                if (arity)
                    sb_putc(&sb, '(');
                sb_printf(&sb, "%s%s", sumc ? "#" : "", c);
                for (int j = 0; j < arity; j++)
                    sb_printf(&sb, " %s", sw.data[j]);
                if (arity)
                    sb_putc(&sb, ')');
            }
            vec_push(w, sb.data);
            for (int j = arity; j < sw.len; j++)
                vec_push(w, sw.data[j]);
            return true;
        }
        return false;
    }
    /* the rows with a wildcard first decide; a missing value has a constructor none names */
    Matrix def = {0};
    for (int i = 0; i < m->len; i++)
        if (is_wild(m->data[i].data[0])) {
            Row nr = {0};
            for (int j = 1; j < m->data[i].len; j++)
                vec_push(&nr, m->data[i].data[j]);
            vec_push(&def, nr);
        }
    Types rest = {0};
    for (int j = 1; j < ts->len; j++)
        vec_push(&rest, ts->data[j]);
    Witness sw = {0};
    if (!missing(&def, &rest, &sw))
        return false;
    const char *first = "_";
    if (sig.n > 0 && !sig.product && heads.len) /* a constructor no row names */
        for (int k = 0; k < sig.n; k++) {
            bool named = false;
            for (int j = 0; j < heads.len; j++)
                named |= heads.data[j] == sig.names[k];
            if (!named) {
                Types sub = {0};
                ctor_types(t, sig.names[k], &sub);
                StrBuf sb = {0};
                bool sumc = type_prune(t)->kind == T_SUM;
                sb_printf(&sb, "%s%s%s", sub.len ? "(" : "", sumc ? "#" : "", sig.names[k]);
                for (int j = 0; j < sub.len; j++)
                    sb_puts(&sb, " _");
                if (sub.len)
                    sb_putc(&sb, ')');
                first = sb.data;
                break;
            }
        }
    vec_push(w, first);
    for (int j = 0; j < sw.len; j++)
        vec_push(w, sw.data[j]);
    return true;
}

/* A value of type t that none of the patterns matches, as text, or NULL. */
static const char *unmatched(PatVec *pats, Type *t) {
    Matrix m = {0};
    for (int i = 0; i < pats->len; i++) {
        Row r = {0};
        vec_push(&r, pats->data[i]);
        vec_push(&m, r);
    }
    Types ts = {0};
    vec_push(&ts, t);
    Witness w = {0};
    if (!missing(&m, &ts, &w))
        return NULL;
    const char *s = w.data[0];
    size_t n = strlen(s);
    return s[0] == '(' && s[n - 1] == ')' && s[1] == '#' ? xstrndup(s + 1, n - 2) : s;
}

void tc_check_exhaustive(Expr *match) {
    const char *miss = unmatched(&match->cases, match->lhs->type);
    if (miss)
        error_at(match->loc, "Unmatched cases in match expression: %s is not matched", miss);
}

void tc_check_irrefutable(Pat *p) {
    if (!p)
        return;
    PatVec one = {0};
    vec_push(&one, p);
    const char *miss = unmatched(&one, p->type);
    if (miss && !strcmp(miss, "_")) /* a literal: every other value */
        error_at(p->loc, "Refutable pattern: it matches only some values of its type (use match)");
    if (miss)
        error_at(p->loc, "Refutable pattern: a value such as %s does not match it (use match)", miss);
}
