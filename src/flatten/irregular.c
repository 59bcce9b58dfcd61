/* irregular.c — full flattening of an irregular nest (seed 004; docs/FLATTENING.md, "Irregular
 * nests"): a map over n elements whose body runs an inner SOAC of a width that varies from
 * element to element.
 *
 *     map (\x -> let p = prefix(x)            -- scalars and views: cheap, recomputed
 *                let r = S (w(p)) ...          -- the inner SOAC: map / reduce / scan / redomap
 *                in suffix(p, r)) xs           -- scalars of the element
 *
 * (S may also be a filter or partition of scalars; then the suffix is anything that does not
 * consume r)
 *
 * becomes, load-balanced by the elements of the inner SOACs rather than by the rows:
 *
 *     W = map (\x -> w(prefix(x))) xs                       -- the size slice (rule 4's S)
 *     (total, max W) = reduce of W                          -- what chooses the version
 *     O = exclusive scan of W, with the total after it     -- the offsets (rule 4's B)
 *     r' = seg{map,red,scan} (i < n, j < seg O total) { prefix(xs[i]); S's lambda at j }
 *     rest = segmap (i < n) { prefix(xs[i]); suffix(p, r'[i]) }      -- when there is one
 *
 * Seed 004's rules are this one shape: a reduce in a map (rule 5) is the segred; a scan
 * (rule 1) the segscan, map in map (rule 2) the segmap; an iota of a computed length (rule 4)
 * read by the inner SOAC is the element index j, a replicate only it reads (rule 3) its value; a
 * scalar variant to the outer map (rule 6) is read through i, never replicated; indexing
 * variant to it (rule 7) is the prefix's view, read at j.  A map or scan result whose rows
 * vary is the flat output itself: the represent pass laid the outer map's rows out by the
 * same sizes.  A filter or partition as S (filter_flatten, below) scans per-point flags per
 * row, scatters the kept elements to new offsets, and leaves the rest of the body to a map of
 * its own over views of the result, which flatten.c translates in turn.  The outer map keeps
 * its outer-parallel version (flatten.c chooses with a threshold on irr_prepare's
 * parallelism: the total work over the largest element's, what one thread per element can
 * keep busy).
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

/* The forms of the inner statement S. */
typedef enum {
    IRR_SOAC,    /* a screma: map, reduce, scan, redomap, scanomap */
    IRR_FILTER,  /* a filter or partition */
    IRR_SCATTER, /* a scatter or hist into replicates of the prefix */
    IRR_PAIRS,   /* a map of a width invariant to the outer map whose lambda runs an irregular SOAC */
} IrrKind;

struct IrrMatch {
    const CExp *map;    /* the outer screma */
    int s;              /* the index of the inner statement S in its body */
    IrrKind kind;
    CAtom width;        /* the width of the inner SOAC (of S's lambda's, for IRR_PAIRS): bound in
                           the prefix or a parameter */
    OMap types;
    CAtom total;        /* the sum of the widths: after irr_prepare */
    CAtom offs;         /* the widths' offsets, the total after them: after irr_offsets */
    CAtom rows_offs;    /* the map's own offsets of a result that is S's (a map's) rows as they
                           are (CExp.offsets): the widths' offsets already; else none */
    CAtom tele_base;    /* telescoping widths (telescoping): element k's width is
                           A[s + k + 1] - A[s + k] for this A ... */
    CAtom tele_start;   /* ... and this s; else none */
};

static bool prefix_ok(const CExp *e);

/* Whether every statement of b is cheap (prefix_ok) and b returns scalars. */
static bool cheap_body(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        if (!prefix_ok(s->exp) || s->exp->kind == CE_IOTA || s->exp->kind == CE_REPLICATE)
            return false;
    }
    return true;
}

/* Statements recomputed at every point: cheap, and unable to fail where the original did not
 * (indexing fails the same way in both); an if of scalars whose branches are cheap. */
static bool prefix_ok(const CExp *e) {
    switch (e->kind) {
    case CE_IF: return cheap_body(e->body) && cheap_body(e->body2);
    case CE_ATOM:
    case CE_OP:
    case CE_SIZE:
    case CE_IOTA:
    case CE_REARRANGE:
    case CE_ASSERT: return true;
    case CE_INDEX: return true; /* elements and views */
    case CE_REPLICATE: return true; /* only as the inner SOAC's input or destination: replicates_ok */
    default: return false;
    }
}

bool irr_cheap(const CExp *e) { return prefix_ok(e); }

/* The replicate statement of body b[0, upto) that binds var, or NULL. */
static const CStm *replicate_of(const CBody *b, int upto, const char *var) {
    for (int i = 0; i < upto; i++) {
        const CStm *s = &b->stms.data[i];
        if (s->exp->kind == CE_REPLICATE && !strcmp(s->pat.data[0].name, var))
            return s;
    }
    return NULL;
}

static bool same_atom(CAtom a, CAtom b) {
    return a.kind == b.kind && (a.kind == CA_VAR ? !strcmp(a.var, b.var) : a.ival == b.ival);
}

/* How many of the atoms of v are the variable var. */
static int occurrences(const CAtomVec *v, const char *var) {
    int n = 0;
    for (int a = 0; a < v->len; a++)
        n += v->data[a].kind == CA_VAR && !strcmp(v->data[a].var, var);
    return n;
}

/* The replicates of the prefix b[0, s) are never built.  Rule 3: one that the inner SOAC S
 * (statement s) reads as an input, over its whole width, and nothing else reads: a point reads
 * the value.  A destination of a scatter or hist S that nothing else reads: the flat
 * destination replaces it. */
static bool replicates_ok(const CBody *b, int s) {
    const CExp *S = b->stms.data[s].exp;
    for (int i = 0; i < s; i++) {
        const CStm *r = &b->stms.data[i];
        if (r->exp->kind != CE_REPLICATE)
            continue;
        const char *v = r->pat.data[0].name;
        int as_input = occurrences(&S->arrays, v), as_dest = occurrences(&S->dests, v);
        if (as_input && !same_atom(r->exp->args.data[0], S->args.data[0]))
            return false;
        for (int k = 0; k < b->stms.len; k++) {
            OMap uses = {0};
            opt_count_exp(b->stms.data[k].exp, &uses);
            intptr_t used = omap_int(&uses, v);
            if (used > (k == s ? as_input + as_dest : 0))
                return false;
        }
        if (occurrences(&b->result, v))
            return false;
    }
    return true;
}

static bool suffix_ok(const CExp *e) { return e->kind == CE_ATOM || e->kind == CE_OP || e->kind == CE_ASSERT; }

/* Whether atom a is bound inside the lambda (its parameters and statements). */
static bool inside(const OMap *bound, CAtom a) { return a.kind == CA_VAR && omap_has(bound, a.var); }

static bool scalar_ops(const CExp *e) { return coperators_scalar(&e->scans) && coperators_scalar(&e->reds); }

/* Whether operators ops use a variable of vars, in a neutral element or in an operator's body:
 * a segmented operator is one for all the segments, so a neutral element or an operator that
 * varies per element (`reduce min n xs` with n the row's size) keeps its SOAC in the element's
 * thread (here and in flatten.c's regular nests). */
bool irr_ops_use(const COperatorVec *ops, const OMap *vars) {
    for (int o = 0; o < ops->len; o++) {
        const COperator *op = &ops->data[o];
        for (int k = 0; k < op->nes.len; k++)
            if (inside(vars, op->nes.data[k]))
                return true;
        OMap uses = {0};
        opt_count_body(op->lam->body, &uses);
        for (int k = 0; k < uses.cap; k++)
            if (uses.keys[k] && omap_has(vars, uses.keys[k]))
                return true;
    }
    return false;
}

/* Whether x, a statement of the outer map's body, is an inner SOAC irregular.c flattens: a screma
 * with scalar operators, or a filter / partition of scalar elements, of a width bound inside. */
static bool inner_soac(const CExp *x, const OMap *bound) {
    if ((x->kind != CE_SCREMA && x->kind != CE_FILTER) || !inside(bound, x->args.data[0]))
        return false;
    if (x->kind == CE_SCREMA)
        return scalar_ops(x) && !x->offsets.len && !irr_ops_use(&x->scans, bound) && !irr_ops_use(&x->reds, bound);
    for (int k = 0; k < x->lam->params.len; k++)
        if (x->lam->params.data[k].type.rank)
            return false;
    return true;
}

/* Whether an atom that {0} marks as absent is present (a constant, or a variable). */
static bool found(CAtom a) { return a.kind == CA_CONST || a.var; }

/* The size of the destinations of scatter or hist statement s of b when irregular.c flattens
 * it, else {0}: one index per value (a position in a row), scalar values, every destination a
 * replicate of the prefix of one size d (the same for all) and a value invariant to the map;
 * its width or d varies per element. */
static CAtom scatter_size(const CBody *b, int s, const OMap *bound) {
    const CExp *x = b->stms.data[s].exp;
    CAtom d = {0};
    if ((x->kind != CE_SCATTER && x->kind != CE_HIST) || x->lam->ret.len != x->dests.len + 1 ||
        (x->kind == CE_HIST && (!coperators_scalar(&x->reds) || irr_ops_use(&x->reds, bound))))
        return d;
    for (int k = 0; k < x->dests.len; k++) {
        CAtom a = x->dests.data[k];
        const CStm *r = a.kind == CA_VAR ? replicate_of(b, s, a.var) : NULL;
        if (!r || r->pat.data[0].type.rank != 1 || inside(bound, r->exp->args.data[1]) ||
            (k > 0 && !same_atom(d, r->exp->args.data[0])))
            return (CAtom){0};
        d = r->exp->args.data[0];
    }
    return inside(bound, x->args.data[0]) || inside(bound, d) ? d : (CAtom){0};
}

/* The width of an irregular SOAC at the top of the lambda of x, a map whose width is invariant
 * to the outer map (bound: what the outer lambda binds before x), when that width is bound in
 * the outer lambda: the irregular level under a regular one (IRR_PAIRS); else {0}. */
static CAtom pairs_width(const CExp *x, const OMap *bound) {
    if (x->kind != CE_SCREMA || x->scans.len || x->reds.len || x->offsets.len || inside(bound, x->args.data[0]))
        return (CAtom){0};
    const CBody *b = x->lam->body;
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *y = b->stms.data[i].exp;
        if ((y->kind == CE_SCREMA || y->kind == CE_FILTER) && inside(bound, y->args.data[0]))
            return y->args.data[0];
    }
    return (CAtom){0};
}

bool irr_consumed_after(const CBody *b, int s) {
    CBody *suf = cbody_new();
    for (int i = s + 1; i < b->stms.len; i++)
        vec_push(&suf->stms, b->stms.data[i]);
    OMap consumed = {0};
    opt_consumed_body(suf, &consumed);
    const CParamVec *pat = &b->stms.data[s].pat;
    for (int k = 0; k < pat->len; k++)
        if (omap_has(&consumed, pat->data[k].name))
            return true;
    return false;
}

/* After a filter, the rest of the body becomes a map of its own over the filter's flat output
 * (filter_rest): anything may follow, except what consumes a result of the filter (a view of
 * the flat output there). */
static bool filter_suffix_ok(const CBody *b, int s) { return !irr_consumed_after(b, s); }

static void note(OMap *types, const char *name, CType t) {
    CType *p = xmalloc(sizeof *p);
    *p = t;
    omap_put(types, name, p);
}

static void note_body(OMap *types, const CBody *b);

static void note_params(OMap *types, const CParamVec *ps) {
    for (int i = 0; i < ps->len; i++)
        note(types, ps->data[i].name, ps->data[i].type);
}

static void note_body(OMap *types, const CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        note_params(types, &s->pat);
        const CExp *e = s->exp;
        if (e->kind == CE_LOOP) {
            note_params(types, &e->params);
            if (e->index)
                note(types, e->index, ctype_prim(PRIM_I64));
        }
        if (e->kind == CE_SEGOP)
            note_params(types, &e->params);
        if (e->body)
            note_body(types, e->body);
        if (e->body2)
            note_body(types, e->body2);
        if (e->lam) {
            note_params(types, &e->lam->params);
            note_body(types, e->lam->body);
        }
        for (int k = 0; k < e->scans.len; k++) {
            note_params(types, &e->scans.data[k].lam->params);
            note_body(types, e->scans.data[k].lam->body);
        }
        for (int k = 0; k < e->reds.len; k++) {
            note_params(types, &e->reds.data[k].lam->params);
            note_body(types, e->reds.data[k].lam->body);
        }
    }
}

void irr_note_params(OMap *types, const CParamVec *ps) { note_params(types, ps); }
void irr_note_body(OMap *types, const CBody *b) { note_body(types, b); }

void irr_note_lambda(OMap *types, const CLambda *l) {
    note_params(types, &l->params);
    note_body(types, l->body);
}

/* Whether e cannot fail and does nothing but compute its results: a map qualifies when its
 * body does (the constant-width maps of an array literal's offsets, say). */
static bool pure_exp(const CExp *e) {
    if (e->kind == CE_SCREMA && !e->scans.len && !e->reds.len && !e->offsets.len) {
        for (int i = 0; i < e->lam->body->stms.len; i++)
            if (!pure_exp(e->lam->body->stms.data[i].exp))
                return false;
        return true;
    }
    return e->kind == CE_IOTA || e->kind == CE_REPLICATE || e->kind == CE_ATOM || e->kind == CE_SIZE ||
           e->kind == CE_REARRANGE || e->kind == CE_ARRAY || (e->kind == CE_INDEX && !opt_may_fail(e)) ||
           (e->kind == CE_OP && !scalar_may_fail(e->op, e->prim));
}

/* Drop the statements of b whose results nothing uses and that cannot fail (what a copied
 * prefix computes for the statements the copy does not need: the iota an inner map reads as
 * its index, views, sizes, small maps of those: the split maps' copies of a body, flatten.c). */
void irr_prune(CBody *b) {
    for (bool changed = true; changed;) {
        changed = false;
        OMap uses = {0};
        opt_count_body(b, &uses);
        for (int i = b->stms.len - 1; i >= 0; i--) {
            const CStm *s = &b->stms.data[i];
            bool pure = pure_exp(s->exp);
            bool used = false;
            for (int k = 0; k < s->pat.len; k++)
                used = used || omap_has(&uses, s->pat.data[k].name);
            if (!pure || used || !s->pat.len)
                continue;
            for (int k = i; k + 1 < b->stms.len; k++)
                b->stms.data[k] = b->stms.data[k + 1];
            b->stms.len--;
            changed = true;
        }
    }
}

CExp *irr_index_map(CBuild *b, CBuild *in, CParam i, CBody *c, CAtom w, CAtom idx) {
    for (int k = 0; k < c->stms.len; k++)
        vec_push(&in->body->stms, c->stms.data[k]);
    in->body->result = c->result;
    irr_prune(in->body);
    CParamVec ps = {0};
    vec_push(&ps, i);
    CExp *x = cb_exp(b, CE_SCREMA);
    vec_push(&x->args, w);
    vec_push(&x->arrays, idx);
    x->lam = cb_lambda(ps, in, c->result);
    return x;
}

/* Whether body b is S's pattern returned as it is, with nothing after S (statement s). */
static bool returns_s(const CBody *b, int s) {
    const CParamVec *pat = &b->stms.data[s].pat;
    if (s + 1 != b->stms.len || b->result.len != pat->len)
        return false;
    for (int k = 0; k < pat->len; k++)
        if (b->result.data[k].kind != CA_VAR || strcmp(b->result.data[k].var, pat->data[k].name))
            return false;
    return true;
}

/* Whether the statements after S (statement s of the outer map e's body) fit its kind: scalars
 * of the element after a screma, scatter or hist, whose rows are only results of the map (a
 * map's or scan's concatenated, a scatter's concatenated or of an invariant size d); anything
 * that does not consume the rows after a filter; nothing after a map of pairs. */
static bool suffix_fits(const CExp *e, int s, IrrKind kind, CAtom d, const OMap *bound) {
    const CBody *b = e->lam->body;
    const CStm *S = &b->stms.data[s];
    if (kind == IRR_FILTER)
        return filter_suffix_ok(b, s);
    if (kind == IRR_PAIRS)
        return returns_s(b, s) && !e->offsets.len;
    for (int i = s + 1; i < b->stms.len; i++)
        if (!suffix_ok(b->stms.data[i].exp))
            return false;
    OMap rows = {0};
    for (int k = 0; k < S->pat.len; k++)
        if (S->pat.data[k].type.rank)
            omap_put(&rows, S->pat.data[k].name, (void *)1);
    if (S->exp->scans.len && S->exp->reds.len)
        return false;
    for (int i = s + 1; i < b->stms.len; i++) {
        OMap uses = {0};
        opt_count_exp(b->stms.data[i].exp, &uses);
        for (int k = 0; k < uses.cap; k++)
            if (uses.keys[k] && omap_has(&rows, uses.keys[k]))
                return false;
    }
    for (int r = 0; r < b->result.len; r++) {
        CAtom a = b->result.data[r];
        bool regular_ok = kind == IRR_SCATTER && !inside(bound, d);
        if (a.kind == CA_VAR && omap_has(&rows, a.var) && !cexp_concat(e, r, NULL) && !regular_ok)
            return false;
    }
    return true;
}

/* The offsets e lays out a result by (CExp.offsets) when that result is S's, a map's, rows as
 * they are: the represent pass made them from the rows' sizes, so they are the offsets of S's
 * widths (a filter's rows, jagged.c; a view copied, flatten.c concats_as_maps).  None else. */
static CAtom rows_offsets(const CExp *e, int s, IrrKind kind) {
    const CStm *x = &e->lam->body->stms.data[s];
    if (kind != IRR_SOAC || x->exp->kind != CE_SCREMA || x->exp->scans.len || x->exp->reds.len || x->pat.len != 1)
        return (CAtom){0};
    for (int k = 0; k < e->offsets.len && k < e->lam->body->result.len; k++) {
        CAtom r = e->lam->body->result.data[k], o = e->offsets.data[k];
        if (o.kind == CA_VAR && r.kind == CA_VAR && !strcmp(r.var, x->pat.data[0].name))
            return o;
    }
    return (CAtom){0};
}

static const CExp *prefix_binding(const IrrMatch *m, const char *v);

/* The slice [s:e:1] of v when v is a one-dimensional view `arr[s:e:1]`, else NULL. */
static const CIndex *unit_slice(const CExp *v) {
    if (!v || v->kind != CE_INDEX || v->slice.len != 1 || v->args.data[0].kind != CA_VAR)
        return NULL;
    const CIndex *sl = &v->slice.data[0];
    return sl->is_slice && sl->stride.kind == CA_CONST && sl->stride.ival == 1 ? sl : NULL;
}

/* A one-dimensional view a = A[s:e:1] of defs (a host binding), its A and s. */
static bool unit_view(const OMap *defs, CAtom a, CAtom *base, CAtom *start) {
    const CExp *v = a.kind == CA_VAR ? omap_get(defs, a.var) : NULL;
    const CIndex *sl = unit_slice(v);
    if (!sl)
        return false;
    *base = v->args.data[0];
    *start = sl->start;
    return true;
}

/* Whether atom b is a + 1 (constants, or b bound by defs to an addition of a and 1). */
static bool is_successor(const OMap *defs, CAtom a, CAtom b) {
    if (a.kind == CA_CONST && b.kind == CA_CONST)
        return b.ival == a.ival + 1;
    const CExp *x = b.kind == CA_VAR ? omap_get(defs, b.var) : NULL;
    if (!x || x->kind != CE_OP || x->op != COP_ADD || x->args.len != 2)
        return false;
    CAtom u = x->args.data[0], w = x->args.data[1];
    return (same_atom(u, a) && w.kind == CA_CONST && w.ival == 1) || (same_atom(w, a) && u.kind == CA_CONST && u.ival == 1);
}

/* The bounds of a width that is end - start: `sub end start`, or the size of a view
 * `arr[start:end:1]` of the prefix (the slice's check makes it end - start). */
static bool width_bounds(const IrrMatch *m, CAtom w, CAtom *end, CAtom *start) {
    const CExp *x = w.kind == CA_VAR ? prefix_binding(m, w.var) : NULL;
    if (x && x->kind == CE_OP && x->op == COP_SUB && x->args.len == 2) {
        *end = x->args.data[0];
        *start = x->args.data[1];
        return true;
    }
    if (!x || x->kind != CE_SIZE || x->dim != 0 || x->args.data[0].kind != CA_VAR)
        return false;
    const CIndex *sl = unit_slice(prefix_binding(m, x->args.data[0].var));
    if (!sl)
        return false;
    *end = sl->end;
    *start = sl->start;
    return true;
}

/* Telescoping widths: element k's width is end - start, the map reading start from a view
 * A[s:...:1] and end from A[s + 1:...:1] of one array A (the rows of a jagged array: its
 * offsets).  The widths' offsets are then A[s + k] - A[s], exactly what their scan gives in
 * wrapping arithmetic: irr_offsets makes them by a map, not a scan.  A and s into m. */
static void telescoping(IrrMatch *m, const OMap *defs) {
    const CLambda *l = m->map->lam;
    CAtom end, start;
    if (m->map->arrays.len != l->params.len || !width_bounds(m, m->width, &end, &start))
        return;
    int hi = -1, lo = -1;
    for (int k = 0; k < l->params.len; k++) {
        const char *p = l->params.data[k].name;
        if (end.kind == CA_VAR && !strcmp(end.var, p))
            hi = k;
        if (start.kind == CA_VAR && !strcmp(start.var, p))
            lo = k;
    }
    CAtom lo_base, lo_start, hi_base, hi_start;
    if (hi < 0 || lo < 0 || !unit_view(defs, m->map->arrays.data[lo], &lo_base, &lo_start) ||
        !unit_view(defs, m->map->arrays.data[hi], &hi_base, &hi_start) || !same_atom(lo_base, hi_base) ||
        !is_successor(defs, lo_start, hi_start))
        return;
    m->tele_base = lo_base;
    m->tele_start = lo_start;
}

IrrMatch *irr_match(const CExp *e, const OMap *types, const OMap *defs) {
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len)
        return NULL;
    const CLambda *lam = e->lam;
    const CBody *b = lam->body;
    OMap bound = {0};
    for (int i = 0; i < lam->params.len; i++)
        omap_put(&bound, lam->params.data[i].name, (void *)1);
    int s = -1;
    IrrKind kind = IRR_SOAC;
    CAtom width = {0}, d = {0};
    for (int i = 0; i < b->stms.len && s < 0; i++) {
        const CExp *x = b->stms.data[i].exp;
        if (inner_soac(x, &bound)) {
            kind = x->kind == CE_FILTER ? IRR_FILTER : IRR_SOAC;
            s = i;
        } else if (found(d = scatter_size(b, i, &bound))) {
            kind = IRR_SCATTER;
            s = i;
        } else if (found(width = pairs_width(x, &bound))) {
            kind = IRR_PAIRS;
            s = i;
        } else if (!prefix_ok(x)) {
            return NULL;
        }
        if (s == i && kind != IRR_PAIRS)
            width = x->args.data[0];
        for (int k = 0; k < b->stms.data[i].pat.len && s < 0; k++)
            omap_put(&bound, b->stms.data[i].pat.data[k].name, (void *)1);
    }
    if (s < 0 || !replicates_ok(b, s) || !suffix_fits(e, s, kind, d, &bound))
        return NULL;
    IrrMatch *m = xmalloc(sizeof *m);
    *m = (IrrMatch){e, s, kind, width, {0}, {0}, {0}, rows_offsets(e, s, kind), {0}, {0}};
    telescoping(m, defs);
    /* the types the builders ask for: the function's, and everything the lambda binds */
    for (int k = 0; k < types->cap; k++)
        if (types->keys[k])
            omap_put(&m->types, types->keys[k], types->vals[k]);
    note_params(&m->types, &lam->params);
    note_body(&m->types, b);
    return m;
}

/* subst[name] = a */
static void subst_put(OMap *subst, const char *name, CAtom a) {
    CAtom *p = xmalloc(sizeof *p);
    *p = a;
    omap_put(subst, name, p);
}

/* A copy of map e's lambda parameters bound to its inputs at index i (an iota input: i itself),
 * then of the statements [0, upto) of its body that keep marks (NULL: all), into in; subst
 * renames the copies. */
void irr_element(const CExp *e, CBuild *in, CAtom i, int upto, const bool *keep, const OMap *iotas, OMap *subst) {
    CBody *pre = cbody_new();
    for (int k = 0; k < upto; k++)
        if (!keep || keep[k])
            vec_push(&pre->stms, e->lam->body->stms.data[k]);
    CLambda tmp = {e->lam->params, e->lam->ret, pre};
    CLambda *c = core_clone_lambda(&tmp);
    note_params(in->types, &c->params);
    note_body(in->types, c->body);
    for (int k = 0; k < c->params.len; k++) {
        CAtom arr = e->arrays.data[k];
        CExp *x;
        if (arr.kind == CA_VAR && omap_has(iotas, arr.var)) {
            x = cb_exp(in, CE_ATOM);
            vec_push(&x->args, i);
        } else {
            x = cb_exp(in, CE_INDEX);
            vec_push(&x->args, arr);
            vec_push(&x->slice, ((CIndex){false, i, {0}, {0}}));
        }
        CParamVec pat = {0};
        vec_push(&pat, c->params.data[k]);
        cbody_let(in->body, pat, x);
    }
    for (int k = 0; k < c->body->stms.len; k++)
        vec_push(&in->body->stms, c->body->stms.data[k]);
    /* the original names of the copies: the clone renamed params and patterns in order */
    for (int k = 0; k < c->params.len; k++)
        subst_put(subst, e->lam->params.data[k].name, catom_var(c->params.data[k].name));
    for (int k = 0, q = 0; k < upto; k++) {
        if (keep && !keep[k])
            continue;
        const CParamVec *op = &e->lam->body->stms.data[k].pat, *np = &c->body->stms.data[q++].pat;
        for (int r = 0; r < op->len; r++)
            subst_put(subst, op->data[r].name, catom_var(np->data[r].name));
    }
}

static void element_prefix(IrrMatch *m, CBuild *in, CAtom i, int upto, const OMap *iotas, OMap *subst) {
    irr_element(m->map, in, i, upto, NULL, iotas, subst);
}

/* A copy (fresh names) of the statements after S, returning result. */
static CBody *suffix_clone(const IrrMatch *m, CAtomVec result) {
    const CBody *body = m->map->lam->body;
    CBody *suf = cbody_new();
    for (int k = m->s + 1; k < body->stms.len; k++)
        vec_push(&suf->stms, body->stms.data[k]);
    suf->result = result;
    return core_clone_body(suf);
}

static CAtom renamed(const OMap *subst, CAtom a) {
    if (a.kind != CA_VAR)
        return a;
    CAtom *r = omap_get(subst, a.var);
    return r ? *r : a;
}

/* A size of element k, size an atom of the prefix (its slice, checked non-negative), into in. */
static CAtom element_size(IrrMatch *m, CBuild *in, CAtom k, CAtom size, const OMap *iotas) {
    OMap subst = {0};
    element_prefix(m, in, k, m->s, iotas, &subst);
    CAtom w = renamed(&subst, size);
    cb_assert(in, cb_op2(in, COP_LE, PRIM_I64, cb_i64(0), w), "negative size {0}", &w, 1);
    return w;
}

/* The width of element k's inner SOAC. */
static CAtom element_width(IrrMatch *m, CBuild *in, CAtom k, const OMap *iotas) {
    return element_size(m, in, k, m->width, iotas);
}

/* A screma over iota w (never built: the flattener reads its index) whose lambda gives an
 * element's width: with shift, \k -> if k == 0 then 0 else width(k - 1), scanned by +
 * (the offsets with the total after them); else \k -> (width(k), width(k)) reduced by + and
 * max (the total and the largest width, one pass).  Bound in hb; the result or results in r. */
static void width_soac(IrrMatch *m, CBuild *hb, CAtom w, bool shift, const OMap *iotas, CAtom *r) {
    CBuild in = cb_nested(hb);
    CParam k = cb_param(&in, "k", ctype_prim(PRIM_I64));
    CAtom width;
    if (shift) {
        CBuild first = cb_nested(&in), rest = cb_nested(&in);
        vec_push(&first.body->result, cb_i64(0));
        vec_push(&rest.body->result, element_width(m, &rest, cb_sub(&rest, catom_var(k.name), cb_i64(1)), iotas));
        irr_prune(rest.body);
        CExp *pick = cb_exp(&in, CE_IF);
        vec_push(&pick->args, cb_op2(&in, COP_EQ, PRIM_I64, catom_var(k.name), cb_i64(0)));
        pick->body = first.body;
        pick->body2 = rest.body;
        width = cb_let(&in, "w", ctype_prim(PRIM_I64), pick);
    } else {
        width = element_width(m, &in, catom_var(k.name), iotas);
        irr_prune(in.body);
    }
    CParamVec ps = {0};
    vec_push(&ps, k);
    CAtomVec res = {0};
    vec_push(&res, width);
    if (!shift)
        vec_push(&res, width);
    CExp *e = cb_exp(hb, CE_SCREMA);
    vec_push(&e->args, w);
    vec_push(&e->arrays, cb_iota(hb, w));
    e->lam = cb_lambda(ps, &in, res);
    COp ops[2] = {COP_ADD, COP_MAX};
    for (int i = 0; i < (shift ? 1 : 2); i++) {
        COperator o = {cb_op_lambda(hb, ops[i], PRIM_I64), {0}, true};
        vec_push(&o.nes, cb_i64(0));
        vec_push(shift ? &e->scans : &e->reds, o);
    }
    if (shift) {
        CDim d = cdim_of_atom(w);
        r[0] = cb_let(hb, "offs", ctype_array(PRIM_I64, 1, &d), e);
        return;
    }
    CParamVec pat = {0};
    const char *names[2] = {"total", "maxw"};
    for (int i = 0; i < 2; i++) {
        vec_push(&pat, ((CParam){opt_fresh(names[i]), ctype_prim(PRIM_I64)}));
        r[i] = catom_var(pat.data[i].name);
    }
    cb_let_pat(hb, pat, e);
}

/* The total of offsets O of n rows (O[n]) and the largest row, O[i + 1] - O[i], into r[0..2). */
static void rows_total_max(CBuild *hb, CAtom o, CAtom n, CAtom *r) {
    r[0] = cb_index1(hb, o, n);
    CBuild in = cb_nested(hb);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom len = cb_sub(&in, cb_index1(&in, o, cb_add(&in, catom_var(i.name), cb_i64(1))), cb_index1(&in, o, catom_var(i.name)));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtomVec res = {0};
    vec_push(&res, len);
    CExp *e = cb_exp(hb, CE_SCREMA);
    vec_push(&e->args, n);
    vec_push(&e->arrays, cb_iota(hb, n));
    e->lam = cb_lambda(ps, &in, res);
    COperator op = {cb_op_lambda(hb, COP_MAX, PRIM_I64), {0}, true};
    vec_push(&op.nes, cb_i64(0));
    vec_push(&e->reds, op);
    r[1] = cb_let(hb, "maxw", ctype_prim(PRIM_I64), e);
}

CAtom irr_prepare(IrrMatch *m, CBuild *host, const OMap *iotas) {
    const CExp *e = m->map;
    CBuild hb = *host;
    hb.types = &m->types;
    /* the widths (the size slice of the prefix) summed and their largest, in one reduction:
     * all the outer version needs (the offsets only the flattened one: irr_offsets) */
    CAtom tm[2];
    if (found(m->rows_offs))
        rows_total_max(&hb, m->rows_offs, e->args.data[0], tm);
    else
        width_soac(m, &hb, e->args.data[0], false, iotas, tm);
    m->total = tm[0];
    CAtom one = cb_select(&hb, cb_op2(&hb, COP_LT, PRIM_I64, tm[1], cb_i64(1)), cb_i64(1), tm[1]);
    /* what one thread per element keeps busy: the total work over the largest element's */
    return cb_op2(&hb, COP_QUOT, PRIM_I64, m->total, one);
}

/* O: the widths scanned as they are computed, shifted by one so that the scan of n + 1
 * elements is the offsets with the total after them (rule 4's B), into m->offs. */
static void irr_offsets(IrrMatch *m, CBuild *hb, const OMap *iotas) {
    if (found(m->rows_offs)) { /* the map's own offsets of S's rows */
        m->offs = m->rows_offs;
        return;
    }
    CAtom n1 = cb_add(hb, m->map->args.data[0], cb_i64(1));
    if (found(m->tele_base)) { /* A[s + k] - A[s], k <= n (irr_prepare has checked the widths) */
        CAtom first = cb_known_index1(hb, m->tele_base, m->tele_start);
        CBuild in = cb_nested(hb);
        CParam k = cb_param(&in, "k", ctype_prim(PRIM_I64));
        CAtom at = cb_known_index1(&in, m->tele_base, cb_add(&in, m->tele_start, catom_var(k.name)));
        CParamVec ps = {0};
        vec_push(&ps, k);
        CAtomVec res = {0};
        vec_push(&res, cb_sub(&in, at, first));
        CExp *e = cb_exp(hb, CE_SCREMA);
        vec_push(&e->args, n1);
        vec_push(&e->arrays, cb_iota(hb, n1));
        e->lam = cb_lambda(ps, &in, res);
        CDim d = cdim_of_atom(n1);
        m->offs = cb_let(hb, "offs", ctype_array(PRIM_I64, 1, &d), e);
        return;
    }
    width_soac(m, hb, n1, true, iotas, &m->offs);
}

/* A segop of the given kind over the irregular space (i < n, j < seg O total), its indices in
 * *gi and *gj; operators and body to be filled in. */
static CExp *irregular_segop(IrrMatch *m, CBuild *b, SegKind kind, const char **gi, const char **gj) {
    CExp *x = cb_exp(b, CE_SEGOP);
    x->seg = kind;
    x->level = SEG_GRID;
    x->irregular = true;
    x->segs = m->offs;
    *gi = opt_fresh("gtid");
    *gj = opt_fresh("gtid");
    vec_push(&x->params, ((CParam){*gi, ctype_prim(PRIM_I64)}));
    vec_push(&x->params, ((CParam){*gj, ctype_prim(PRIM_I64)}));
    note(b->types, *gi, ctype_prim(PRIM_I64));
    note(b->types, *gj, ctype_prim(PRIM_I64));
    vec_push(&x->args, m->map->args.data[0]);
    vec_push(&x->args, m->total);
    return x;
}

/* The statement of the prefix (S's first m->s statements) binding v alone, or NULL. */
static const CExp *prefix_binding(const IrrMatch *m, const char *v) {
    const CBody *b = m->map->lam->body;
    for (int k = 0; k < m->s; k++) {
        const CStm *st = &b->stms.data[k];
        if (st->pat.len == 1 && !strcmp(st->pat.data[0].name, v))
            return st->exp;
    }
    return NULL;
}

/* Whether S's width is the size of arr of the prefix — `size 0 arr`, or `e - s` where arr is a
 * view `[s:e]` known in range (a jagged row: jagged.c) — so that the index j of a point, below
 * its segment's width, lies inside arr (recomputed by the point's copy of the prefix). */
static bool width_is_size_of(const IrrMatch *m, const char *arr) {
    CAtom w = m->map->lam->body->stms.data[m->s].exp->args.data[0];
    const CExp *x = w.kind == CA_VAR ? prefix_binding(m, w.var) : NULL;
    if (!x)
        return false;
    if (x->kind == CE_SIZE)
        return x->dim == 0 && x->args.data[0].kind == CA_VAR && !strcmp(x->args.data[0].var, arr);
    if (x->kind != CE_OP || x->op != COP_SUB || x->args.len != 2)
        return false;
    const CExp *v = prefix_binding(m, arr);
    const CIndex *sl = unit_slice(v);
    return sl && v->in_range && same_atom(sl->start, x->args.data[1]) && same_atom(sl->end, x->args.data[0]);
}

/* The body at point (i, j), into in: the element's prefix at i, then S's lambda with its inputs
 * at j; its results the lambda's.  *elems (unless NULL): the lambda's parameters (the
 * elements). */
static void point_body(IrrMatch *m, CBuild *in, CAtom i, CAtom j, const OMap *iotas, CParamVec *elems) {
    const CExp *e = m->map;
    const CExp *se = e->lam->body->stms.data[m->s].exp;
    OMap subst = {0};
    element_prefix(m, in, i, m->s, iotas, &subst);
    CLambda *l = core_clone_lambda(se->lam);
    opt_subst_body(l->body, &subst); /* what it reads of the element: the prefix's copies */
    note_params(in->types, &l->params);
    note_body(in->types, l->body);
    for (int k = 0; k < l->params.len; k++) {
        CAtom arr = renamed(&subst, se->arrays.data[k]);
        bool lazy = arr.kind == CA_VAR && omap_has(iotas, se->arrays.data[k].var);
        const CStm *rep = se->arrays.data[k].kind == CA_VAR ? replicate_of(e->lam->body, m->s, se->arrays.data[k].var) : NULL;
        CExp *ix;
        if (lazy) {
            ix = cb_exp(in, CE_ATOM);
            vec_push(&ix->args, j);
        } else if (rep) { /* rule 3: the replicated value itself */
            ix = cb_exp(in, CE_ATOM);
            vec_push(&ix->args, renamed(&subst, rep->exp->args.data[1]));
        } else {
            ix = cb_exp(in, CE_INDEX);
            vec_push(&ix->args, arr);
            vec_push(&ix->slice, ((CIndex){false, j, {0}, {0}}));
            /* j is below the point's width, which is this array's size */
            ix->in_range = se->arrays.data[k].kind == CA_VAR && width_is_size_of(m, se->arrays.data[k].var);
        }
        CParamVec pat = {0};
        vec_push(&pat, l->params.data[k]);
        cbody_let(in->body, pat, ix);
    }
    for (int k = 0; k < l->body->stms.len; k++)
        vec_push(&in->body->stms, l->body->stms.data[k]);
    in->body->result = l->body->result;
    if (elems)
        *elems = l->params;
}

/* Whether lambda l runs a SOAC whose width it computes (varies from one of its points to the
 * next): then S, a map with l, is an irregular nest itself. */
static bool nests_irregular(const CLambda *l) {
    OMap bound = {0};
    for (int i = 0; i < l->params.len; i++)
        omap_put(&bound, l->params.data[i].name, (void *)1);
    for (int i = 0; i < l->body->stms.len; i++) {
        const CStm *s = &l->body->stms.data[i];
        if (s->exp->kind == CE_SCREMA && inside(&bound, s->exp->args.data[0]))
            return true;
        for (int k = 0; k < s->pat.len; k++)
            omap_put(&bound, s->pat.data[k].name, (void *)1);
    }
    return false;
}

/* S, a map whose lambda is an irregular nest itself (seed 004's rule 2 applied again, for nests
 * of three levels and more): a map over the total points, each finding its element i in II (the
 * segment of every point: an irregular segmap of i) and its j = k - O[i], for the flattener to
 * take as a top-level irregular map of its own. */
static CExp *nested_map(IrrMatch *m, CBuild *b, const OMap *iotas) {
    const char *gi, *gj;
    CExp *ii = irregular_segop(m, b, SEG_MAP, &gi, &gj);
    ii->body = cbody_new();
    vec_push(&ii->body->result, catom_var(gi));
    CDim d = cdim_of_atom(m->total);
    CAtom segs = cb_let(b, "seg_of", ctype_array(PRIM_I64, 1, &d), ii);
    CBuild in = cb_nested(b);
    CParam k = cb_param(&in, "k", ctype_prim(PRIM_I64));
    CAtom i = cb_index1(&in, segs, catom_var(k.name));
    CAtom j = cb_sub(&in, catom_var(k.name), cb_index1(&in, m->offs, i));
    point_body(m, &in, i, j, iotas, NULL);
    irr_prune(in.body);
    CParamVec ps = {0};
    vec_push(&ps, k);
    CExp *x = cb_exp(b, CE_SCREMA);
    vec_push(&x->args, m->total);
    vec_push(&x->arrays, cb_iota(b, m->total));
    x->lam = cb_lambda(ps, &in, in.body->result);
    return x;
}

/* The irregular segop of S over (i < n, j < seg O total) — or, when S is an irregular nest
 * itself, a map over the total points (nested_map) — its pattern bound in b. */
static CParamVec inner_segop(IrrMatch *m, CBuild *b, const OMap *iotas) {
    const CExp *e = m->map;
    const CStm *S = &e->lam->body->stms.data[m->s];
    const CExp *se = S->exp;
    CExp *x;
    if (!se->scans.len && !se->reds.len && nests_irregular(se->lam)) {
        x = nested_map(m, b, iotas);
    } else {
        const char *gi, *gj;
        x = irregular_segop(m, b, se->scans.len ? SEG_SCAN : se->reds.len ? SEG_RED : SEG_MAP, &gi, &gj);
        x->scans = se->scans;
        x->reds = se->reds;
        CBuild in = cb_nested(b);
        point_body(m, &in, catom_var(gi), catom_var(gj), iotas, NULL);
        irr_prune(in.body);
        x->body = in.body;
    }
    /* the pattern: reductions one per element, map and scan results flat */
    CParamVec pat = {0};
    int nred = 0;
    for (int o = 0; o < se->reds.len; o++)
        nred += se->reds.data[o].nes.len;
    for (int k = 0; k < S->pat.len; k++) {
        CType t = S->pat.data[k].type;
        CType pt = k < nred ? ctype_outer(cdim_of_atom(e->args.data[0]), t)
                            : ctype_outer(cdim_any(), ctype_elem(t));
        vec_push(&pat, ((CParam){opt_fresh(S->pat.data[k].name), pt}));
    }
    cb_let_pat(b, pat, x);
    return pat;
}

/* ------------------------------------------------------------------ filter and partition */

/* A filter (partition) in the map, over the points (i < n, j < seg O total):
 *
 *     pos  = segscan (+) over (i, j) { prefix(xs[i]); if p(x_j) then 1 else 0 }
 *     kept = map (\i -> pos at the row's last point, 0 for an empty row) (iota n)
 *     O'   = offsets of kept (of the rejected, W - kept, for a partition's second part)
 *     idx, x = segmap (i, j) { kept: O'[i] + pos - 1; rejected: -1 (the other part: the reverse) }
 *     ys   = scatter (replicate O'[n] 0) idx x
 *     rest = map (\i -> prefix(xs[i]); let ys_i = ys[O'[i]:O'[i+1]]; suffix) (iota n)
 *
 * ys and O' are the flat representation of the map's jagged result; the rest of the body reads
 * its row as a view (a further inner SOAC over it is an irregular nest again, flattened in turn
 * by flatten.c), its size as the count.  The scatter and its flat outputs are made only for the
 * parts the rest reads other than by their size. */

/* Whether an atom left zeroed ({0}) for a part that is not made was made after all. */
static bool made(CAtom a) { return a.kind == CA_VAR && a.var; }

/* Whether the rest of the body reads result k of the filter other than as `size 0` (which the
 * counts answer). */
static bool filter_row_read(const IrrMatch *m, int k) {
    const CBody *b = m->map->lam->body;
    const char *row = b->stms.data[m->s].pat.data[k].name;
    for (int i = m->s + 1; i < b->stms.len; i++) {
        const CExp *x = b->stms.data[i].exp;
        if (x->kind == CE_SIZE && x->dim == 0 && x->args.data[0].kind == CA_VAR && !strcmp(x->args.data[0].var, row))
            continue;
        OMap uses = {0};
        opt_count_exp(b->stms.data[i].exp, &uses);
        if (omap_has(&uses, row))
            return true;
    }
    for (int j = 0; j < b->result.len; j++)
        if (b->result.data[j].kind == CA_VAR && !strcmp(b->result.data[j].var, row))
            return true;
    return false;
}

/* pos: at every point, how many of its row's elements up to it the predicate keeps. */
static CAtom filter_positions(IrrMatch *m, CBuild *b, const OMap *iotas) {
    const char *gi, *gj;
    CExp *x = irregular_segop(m, b, SEG_SCAN, &gi, &gj);
    COperator plus = {cb_op_lambda(b, COP_ADD, PRIM_I64), {0}, true};
    vec_push(&plus.nes, cb_i64(0));
    vec_push(&x->scans, plus);
    CBuild in = cb_nested(b);
    point_body(m, &in, catom_var(gi), catom_var(gj), iotas, NULL);
    CAtom keep = in.body->result.data[0];
    CAtomVec flag = {0};
    vec_push(&flag, cb_select(&in, keep, cb_i64(1), cb_i64(0)));
    in.body->result = flag;
    irr_prune(in.body);
    x->body = in.body;
    return cb_let(b, "pos", ctype_outer(cdim_any(), ctype_prim(PRIM_I64)), x);
}

/* The elements each row keeps (counts[0]) and, for a partition, rejects (counts[1]). */
static void filter_counts(IrrMatch *m, CBuild *b, CAtom pos, CAtom *counts) {
    CAtom n = m->map->args.data[0];
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom start = cb_index1(&in, m->offs, catom_var(i.name));
    CAtom end = cb_index1(&in, m->offs, cb_add(&in, catom_var(i.name), cb_i64(1)));
    CBuild some = cb_nested(&in), none = cb_nested(&in);
    CAtom last = cb_index1(&some, pos, cb_sub(&some, end, cb_i64(1)));
    CAtom nonempty = cb_op2(&in, COP_LT, PRIM_I64, start, end);
    CAtomVec res = {0};
    vec_push(&res, cb_if(&in, nonempty, &some, last, &none, cb_i64(0), "kept"));
    if (m->map->lam->body->stms.data[m->s].exp->partition)
        vec_push(&res, cb_sub(&in, cb_sub(&in, end, start), res.data[0]));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtom idx = cb_iota(b, n);
    cb_map(b, n, &idx, 1, cb_lambda(ps, &in, res), counts);
}

/* Where every point goes: for each part with offsets offs[part] (a variable), its position in
 * that part's flat output, -1 at the points of the other part (idx[part]); and the elements
 * (*elems, one flat array per input of the filter). */
static void filter_places(IrrMatch *m, CBuild *b, const OMap *iotas, CAtom pos, const CAtom *offs, CAtom *idx,
                          CAtomVec *elems) {
    const char *gi, *gj;
    CExp *x = irregular_segop(m, b, SEG_MAP, &gi, &gj);
    CParamVec es;
    CBuild in = cb_nested(b);
    point_body(m, &in, catom_var(gi), catom_var(gj), iotas, &es);
    CAtom i = catom_var(gi), j = catom_var(gj);
    CAtom p = cb_add(&in, cb_index1(&in, m->offs, i), j);
    CAtom upto = cb_index1(&in, pos, p);
    /* the point before it in the row (p - 1 clamped: pos has a point p here) */
    CAtom prev = cb_index1(&in, pos, cb_op2(&in, COP_MAX, PRIM_I64, cb_sub(&in, p, cb_i64(1)), cb_i64(0)));
    CAtom before = cb_select(&in, cb_op2(&in, COP_EQ, PRIM_I64, j, cb_i64(0)), cb_i64(0), prev);
    CAtom keep = cb_op2(&in, COP_NE, PRIM_I64, upto, before);
    CAtomVec res = {0};
    CParamVec pat = {0};
    for (int part = 0; part < 2; part++) {
        if (!made(offs[part]))
            continue;
        CAtom start = cb_index1(&in, offs[part], i);
        /* kept: the row's start plus the kept ones before it; rejected: plus the rejected ones */
        CAtom at = part == 0 ? cb_add(&in, start, cb_sub(&in, upto, cb_i64(1))) : cb_add(&in, start, cb_sub(&in, j, upto));
        CAtom none = cb_i64(-1);
        vec_push(&res, part == 0 ? cb_select(&in, keep, at, none) : cb_select(&in, keep, none, at));
        idx[part] = catom_var(opt_fresh("place"));
        vec_push(&pat, ((CParam){idx[part].var, ctype_outer(cdim_any(), ctype_prim(PRIM_I64))}));
    }
    for (int k = 0; k < es.len; k++) {
        vec_push(&res, catom_var(es.data[k].name));
        CAtom el = catom_var(opt_fresh("elems"));
        vec_push(elems, el);
        vec_push(&pat, ((CParam){el.var, ctype_outer(cdim_any(), es.data[k].type)}));
    }
    in.body->result = res;
    irr_prune(in.body);
    x->body = in.body;
    cb_let_pat(b, pat, x);
}

/* The flat output of one part: scatter (replicate total 0) idx elems, one array per input. */
static void filter_scatter(IrrMatch *m, CBuild *b, CAtom offs, CAtom idx, const CAtomVec *elems, CAtom *rows) {
    CAtom total = cb_last(b, offs);
    CParamVec pat = {0};
    for (int k = 0; k < elems->len; k++) {
        rows[k] = catom_var(opt_fresh("filt"));
        vec_push(&pat, ((CParam){rows[k].var, ctype_outer(cdim_of_atom(total), ctype_elem(cb_type(b, elems->data[k])))}));
    }
    cb_scatter_places(b, m->total, total, idx, elems, &pat);
}

/* The rest of the body after the filter, as a map over the elements binding the outer map's
 * results that are not the filter's own (rest_pat, rest_res: the original results; offsets as
 * the outer map concatenates them): the element's prefix again, the filter's results read
 * as views of rows (those made) and their sizes as counts, then the suffix. */
static void filter_rest(IrrMatch *m, CBuild *b, const OMap *iotas, const CAtom *counts, const CAtom *offs,
                        const CAtom *rows, CParamVec rest_pat, CAtomVec rest_res, CAtomVec rest_offs, bool concat) {
    const CExp *e = m->map;
    const CBody *body = e->lam->body;
    const CStm *S = &body->stms.data[m->s];
    int na = S->exp->arrays.len;
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    OMap subst = {0};
    element_prefix(m, &in, catom_var(i.name), m->s, iotas, &subst);
    CAtom count[2];
    for (int k = 0; k < S->pat.len; k++) {
        int part = k / na;
        if (k % na == 0)
            count[part] = cb_index1(&in, counts[part], catom_var(i.name));
        if (!made(rows[k]))
            continue;
        CAtom start = cb_index1(&in, offs[part], catom_var(i.name));
        CAtom end = cb_index1(&in, offs[part], cb_add(&in, catom_var(i.name), cb_i64(1)));
        subst_put(&subst, S->pat.data[k].name, cb_slice(&in, rows[k], start, end));
    }
    CBody *c = suffix_clone(m, rest_res);
    for (int s = 0; s < c->stms.len; s++) { /* size 0 ys: the count */
        CExp *x = c->stms.data[s].exp;
        for (int k = 0; k < S->pat.len; k++) {
            if (x->kind != CE_SIZE || x->dim != 0 || x->args.data[0].kind != CA_VAR ||
                strcmp(x->args.data[0].var, S->pat.data[k].name))
                continue;
            CExp *n = cb_exp(&in, CE_ATOM);
            vec_push(&n->args, count[k / na]);
            c->stms.data[s].exp = n;
            break;
        }
    }
    opt_subst_body(c, &subst);
    note_body(in.types, c);
    CExp *x = irr_index_map(b, &in, i, c, e->args.data[0], cb_iota(b, e->args.data[0]));
    if (concat)
        x->offsets = rest_offs;
    cb_let_pat(b, rest_pat, x);
}

static void filter_flatten(IrrMatch *m, CBuild *b, const OMap *iotas, CParamVec out) {
    const CExp *e = m->map;
    const CBody *body = e->lam->body;
    const CStm *S = &body->stms.data[m->s];
    int na = S->exp->arrays.len, parts = S->exp->partition ? 2 : 1;
    bool read[2] = {false, false};
    for (int k = 0; k < S->pat.len; k++)
        read[k / na] = read[k / na] || filter_row_read(m, k);
    CAtom pos = filter_positions(m, b, iotas);
    CAtom counts[2], offs[2] = {{0}, {0}}, idx[2];
    filter_counts(m, b, pos, counts);
    CAtom *rows = xmalloc(sizeof *rows * (size_t)S->pat.len);
    memset(rows, 0, sizeof *rows * (size_t)S->pat.len);
    if (read[0] || read[1]) {
        for (int part = 0; part < parts; part++)
            if (read[part])
                offs[part] = cb_offsets(b, counts[part]);
        CAtomVec elems = {0};
        filter_places(m, b, iotas, pos, offs, idx, &elems);
        for (int part = 0; part < parts; part++)
            if (read[part])
                filter_scatter(m, b, offs[part], idx[part], &elems, rows + part * na);
    }
    /* the outer map's results: the filter's flat outputs, the rest from a map of their own */
    CParamVec rest_pat = {0};
    CAtomVec rest_res = {0}, rest_offs = {0};
    bool concat = false;
    for (int j = 0; j < body->result.len; j++) {
        CAtom a = body->result.data[j];
        int k = 0;
        while (k < S->pat.len && !(a.kind == CA_VAR && !strcmp(a.var, S->pat.data[k].name)))
            k++;
        if (k < S->pat.len) {
            CExp *x = cb_exp(b, CE_ATOM);
            vec_push(&x->args, rows[k]);
            CParamVec pat = {0};
            vec_push(&pat, out.data[j]);
            cb_let_pat(b, pat, x);
            continue;
        }
        CAtom o = cb_i64(0);
        concat = cexp_concat(e, j, &o) || concat;
        vec_push(&rest_pat, out.data[j]);
        vec_push(&rest_res, a);
        vec_push(&rest_offs, o);
    }
    if (rest_pat.len)
        filter_rest(m, b, iotas, counts, offs, rows, rest_pat, rest_res, rest_offs, concat);
}

/* ------------------------------------------------------------------ scatter and hist */

/* A scatter or hist S into destinations of size d per element (replicates of a value v), over
 * the points (i < n, j < seg O total) of its inputs:
 *
 *     D     = map (\i -> d(prefix(xs[i]))) (iota n);   OD = offsets of D
 *     place, vals = segmap over (i, j) { prefix(xs[i]); (idx, vals) = S's lambda at j;
 *                                        if 0 <= idx < D[i] then OD[i] + idx else -1 }
 *     rows  = scatter (replicate OD[n] v) place vals     -- hist: its operator, the same way
 *                                                      -- and `rows OD` (or d): row i's bins
 *
 * rows is the flat representation of the map's jagged result (its offsets are D scanned), or,
 * where d is invariant (*inv set to it, *regular to true), of a result the map concatenates
 * (rows at offsets i * d), which irr_flatten unflattens to [n][d] where the map does not.  Its
 * pattern (one per destination) is bound in b. */
static CParamVec scatter_rows(IrrMatch *m, CBuild *b, const OMap *iotas, CAtom *inv, bool *regular) {
    const CExp *e = m->map;
    const CStm *S = &e->lam->body->stms.data[m->s];
    const CExp *se = S->exp;
    CAtom n = e->args.data[0];
    const CStm *rep0 = replicate_of(e->lam->body, m->s, se->dests.data[0].var);
    CAtom d = rep0->exp->args.data[0];
    OMap bound = {0};
    irr_note_lambda(&bound, e->lam);
    bool jagged = d.kind == CA_VAR && omap_has(&bound, d.var);
    CAtom sizes = d, offs = {0}, total;
    if (!jagged) {
        total = cb_mul(b, n, d);
    } else { /* the rows' sizes and offsets (else row i starts at i * d) */
        CBuild in = cb_nested(b);
        CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
        CAtomVec res = {0};
        vec_push(&res, element_size(m, &in, catom_var(i.name), d, iotas));
        irr_prune(in.body);
        CParamVec ps = {0};
        vec_push(&ps, i);
        CAtom idx = cb_iota(b, n);
        sizes = cb_map(b, n, &idx, 1, cb_lambda(ps, &in, res), NULL);
        offs = cb_offsets(b, sizes);
        total = cb_last(b, offs);
    }
    /* every point's place in the flat destination (-1 outside its row), and its values; the
     * row's start and size first (statements of the segment only: once a piece of it) */
    const char *gi, *gj;
    CExp *x = irregular_segop(m, b, SEG_MAP, &gi, &gj);
    CBuild pin = cb_nested(b);
    CAtom at = catom_var(gi);
    CAtom start = jagged ? cb_index1(&pin, offs, at) : cb_mul(&pin, at, d);
    CAtom size = jagged ? cb_index1(&pin, sizes, at) : d;
    point_body(m, &pin, at, catom_var(gj), iotas, NULL);
    CAtomVec pres = pin.body->result;
    CAtom row = pres.data[0];
    CAtom place = cb_select(&pin, cb_in_range(&pin, row, size), cb_add(&pin, start, row), cb_i64(-1));
    CAtomVec pts = {0};
    CParamVec ppat = {0};
    vec_push(&pts, place);
    vec_push(&ppat, ((CParam){opt_fresh("place"), ctype_outer(cdim_any(), ctype_prim(PRIM_I64))}));
    for (int k = 1; k < pres.len; k++) {
        vec_push(&pts, pres.data[k]);
        vec_push(&ppat, ((CParam){opt_fresh("vals"), ctype_outer(cdim_any(), se->lam->ret.data[k])}));
    }
    pin.body->result = pts;
    irr_prune(pin.body);
    x->body = pin.body;
    /* the destinations first: the segmap and the flat scatter (hist) then run as one on the
     * CPU (emit_soac.c fs_fused_consumer), each point written as it comes */
    CAtomVec dests = {0};
    for (int k = 0; k < se->dests.len; k++) {
        const CStm *rep = replicate_of(e->lam->body, m->s, se->dests.data[k].var);
        vec_push(&dests, cb_replicate(b, total, rep->exp->args.data[1]));
    }
    cb_let_pat(b, ppat, x);
    /* the flat scatter (hist), an identity lambda over the places and values, with the promise
     * that segment i's points write (bin) into row i only (its rows: the offsets, or size d) */
    CExp *sc = cb_exp(b, se->kind);
    vec_push(&sc->args, m->total);
    sc->reds = se->reds;
    sc->dests = dests;
    sc->irregular = true;
    sc->segs = jagged ? offs : d;
    CBuild lin = cb_nested(b);
    CParamVec lps = {0};
    CAtomVec lres = {0};
    for (int k = 0; k < ppat.len; k++) {
        CParam v = cb_param(&lin, k ? "v" : "p", ctype_elem(ppat.data[k].type));
        vec_push(&lps, v);
        vec_push(&lres, catom_var(v.name));
        vec_push(&sc->arrays, catom_var(ppat.data[k].name));
    }
    sc->lam = cb_lambda(lps, &lin, lres);
    CParamVec flat = {0};
    for (int k = 0; k < se->dests.len; k++) {
        CType t = ctype_elem(S->pat.data[k].type);
        vec_push(&flat, ((CParam){opt_fresh("rows"), ctype_outer(cdim_of_atom(total), t)}));
    }
    cb_let_pat(b, flat, sc);
    *inv = d;
    *regular = !jagged;
    return flat;
}

/* ------------------------------------------------------------------ a map over pairs */

/* S, a map of width p invariant to the outer map whose lambda runs an irregular SOAC (the
 * irregular level under a regular one: examples/flatten/sparse_dense.fut's columns of a row), as
 * one map over the n * p pairs of an element and a point of S:
 *
 *     flat = map (\q -> let i = q / p; let j = q % p; prefix(xs[i]); S's lambda at j) (iota (n * p))
 *     out  = unflatten n p flat
 *
 * whose lambda is an irregular nest again (a SOAC of a width its prefix computes) for flatten.c
 * to take in turn: seed 004's rule 2 with the regular level moved out. */
static void pairs_flatten(IrrMatch *m, CBuild *b, const OMap *iotas, CParamVec out) {
    const CExp *e = m->map;
    const CStm *S = &e->lam->body->stms.data[m->s];
    CAtom n = e->args.data[0], p = S->exp->args.data[0];
    CAtom np = cb_mul(b, n, p);
    CBuild in = cb_nested(b);
    CParam q = cb_param(&in, "q", ctype_prim(PRIM_I64));
    CAtom i = cb_op2(&in, COP_QUOT, PRIM_I64, catom_var(q.name), p);
    CAtom j = cb_op2(&in, COP_REM, PRIM_I64, catom_var(q.name), p);
    point_body(m, &in, i, j, iotas, NULL);
    irr_prune(in.body);
    CParamVec ps = {0};
    vec_push(&ps, q);
    CExp *x = cb_exp(b, CE_SCREMA);
    vec_push(&x->args, np);
    vec_push(&x->arrays, cb_iota(b, np));
    x->lam = cb_lambda(ps, &in, in.body->result);
    CParamVec flat = {0};
    for (int k = 0; k < S->pat.len; k++)
        vec_push(&flat, ((CParam){opt_fresh("pairs"), ctype_outer(cdim_of_atom(np), S->exp->lam->ret.data[k])}));
    cb_let_pat(b, flat, x);
    for (int k = 0; k < out.len; k++) {
        CExp *u = cb_exp(b, CE_UNFLATTEN);
        vec_push(&u->args, n);
        vec_push(&u->args, p);
        vec_push(&u->args, catom_var(flat.data[k].name));
        CParamVec pat = {0};
        vec_push(&pat, out.data[k]);
        cb_let_pat(b, pat, u);
    }
}

/* A scatter's or hist's flattened point checks its place against its row (the outer version's
 * loop knows it) and its segment's row is filled apart from the points: about 1.2 to 2 times a
 * point of the outer version on the development machine, 1 thread (bench/irregular/
 * scatter_hist.sh, docs/PERFORMANCE.md); a pair recomputes its element's prefix after a
 * division: 2.5 to 7 times (sparse_dense). */
int64_t irr_cpu_cost(const IrrMatch *m) { return m->kind == IRR_SCATTER ? 2 : m->kind == IRR_PAIRS ? 4 : 1; }

void irr_flatten(IrrMatch *m, CBuild *b, const OMap *iotas, CParamVec out) {
    const CExp *e = m->map;
    const CBody *body = e->lam->body;
    const CStm *S = &body->stms.data[m->s];
    CBuild hb = *b;
    hb.types = &m->types;
    irr_offsets(m, &hb, iotas);
    if (m->kind == IRR_FILTER) {
        filter_flatten(m, &hb, iotas, out);
        return;
    }
    if (m->kind == IRR_PAIRS) {
        pairs_flatten(m, &hb, iotas, out);
        return;
    }
    CAtom inv = {0};
    bool regular = false;
    CParamVec r = m->kind == IRR_SCATTER ? scatter_rows(m, &hb, iotas, &inv, &regular) : inner_segop(m, &hb, iotas);
    /* the outer map's results: S's own, or scalars of the element (a segmap over i) */
    OMap of_s = {0};
    for (int k = 0; k < S->pat.len; k++)
        subst_put(&of_s, S->pat.data[k].name, catom_var(r.data[k].name));
    CParamVec rest_pat = {0};
    CAtomVec rest_res = {0}, rest_offs = {0};
    bool rest_concat = false;
    for (int j = 0; j < body->result.len; j++) {
        CAtom a = body->result.data[j];
        CAtom *from = a.kind == CA_VAR ? omap_get(&of_s, a.var) : NULL;
        if (from) {
            CAtom v = *from;
            if (regular && !cexp_concat(e, j, NULL)) /* rows of an invariant size: [n][d] */
                v = cb_unflatten(&hb, e->args.data[0], inv, v);
            CExp *x = cb_exp(&hb, CE_ATOM);
            vec_push(&x->args, v);
            CParamVec pat = {0};
            vec_push(&pat, out.data[j]);
            cb_let_pat(&hb, pat, x);
        } else { /* a row the outer map concatenates stays concatenated */
            CAtom o = cb_i64(0);
            rest_concat = cexp_concat(e, j, &o) || rest_concat;
            vec_push(&rest_pat, out.data[j]);
            vec_push(&rest_res, a);
            vec_push(&rest_offs, o);
        }
    }
    if (!rest_pat.len)
        return;
    /* segmap (i < n) { prefix; S's reductions at i; suffix } */
    CExp *x = cb_exp(&hb, CE_SEGOP);
    x->seg = SEG_MAP;
    x->level = SEG_GRID;
    if (rest_concat)
        x->offsets = rest_offs;
    const char *gi = opt_fresh("gtid");
    vec_push(&x->params, ((CParam){gi, ctype_prim(PRIM_I64)}));
    note(hb.types, gi, ctype_prim(PRIM_I64));
    vec_push(&x->args, e->args.data[0]);
    CBuild in = cb_nested(&hb);
    OMap subst = {0};
    element_prefix(m, &in, catom_var(gi), m->s, iotas, &subst);
    for (int k = 0; k < S->pat.len; k++) {
        if (!S->pat.data[k].type.rank)
            subst_put(&subst, S->pat.data[k].name, cb_index1(&in, catom_var(r.data[k].name), catom_var(gi)));
    }
    CBody *c = suffix_clone(m, rest_res);
    opt_subst_body(c, &subst);
    for (int k = 0; k < c->stms.len; k++)
        vec_push(&in.body->stms, c->stms.data[k]);
    in.body->result = c->result;
    irr_prune(in.body);
    x->body = in.body;
    cb_let_pat(&hb, rest_pat, x);
}
