/* irr_control.c — seed 004's rules 8 and 9: an if whose condition varies per element, or a for
 * loop whose count (or carried arrays' width) varies per element, inside a map, with
 * parallelism inside (docs/FLATTENING.md, "Ifs and loops in irregular maps"):
 *
 *     map (\x -> let p = prefix(x)                       -- cheap statements, recomputed
 *                let r = if c(p) then B1 else B2           -- rule 8
 *                      | loop (v = init) for k < cnt(p) do B(v, k)   -- rule 9
 *                in suffix(p, r)) xs                       -- anything
 *
 * Rule 8 (seed 004: partition the segments by the condition, flatten both branches, permute the
 * results back):
 *
 *     flag = map (\i -> c(prefix(xs[i]))) (iota n)           -- 1 or 0 per element
 *     O    = offsets of flag (exclusive scan, the count of 1s after it)
 *     It   = the elements where c holds, in order: scatter (replicate O[n] 0) at O[i]
 *     If   = the others: scatter (replicate (n - O[n]) 0) at i - O[i]
 *     rt   = map (\i -> prefix(xs[i]); B1) It               -- each side a map over its own
 *     rf   = map (\i -> prefix(xs[i]); B2) If               -- elements, flattened in turn
 *     r    = map (\i -> if flag[i] then rt[O[i]] else rf[i - O[i]]) (iota n)
 *
 * rows (a branch's jagged results) laid out by their sizes gathered through It and If, and
 * gathered back by an irregular segmap over the map result's own segments.
 *
 * Rule 9 (seed 004: the loop interchanged with the map, run to the largest count, its body
 * guarded by `k < cnt`, and that guard is rule 8's if with nothing to do on the false side):
 *
 *     cnt  = map (\i -> cnt(prefix(xs[i]))) (iota n);  maxc = reduce max 0 cnt
 *     V    = map (\i -> init(prefix(xs[i]))) (iota n)       -- one value per element; carried
 *                                                             -- arrays as rows, flat, at OV
 *     (_, V) = loop (A = iota n, V) for k < maxc do
 *              A' = the elements of A with k < cnt[i], packed as It above (the active set,
 *                   filtered from the last one: an iteration costs the active elements' work)
 *              nv = map (\i -> prefix(xs[i]); v = V at i; B(v, k)) A'  -- flattened in turn
 *              in (A', scatter V (A''s places) nv)     -- the inactive elements keep theirs
 *     r    = V; the suffix a map of its own:  map (\i -> prefix(xs[i]); v = V at i; suffix)
 *
 * A carried array that the body only updates at one index stays in place: the body returns
 * the index and the value, one scatter writes them.  Each piece recomputes the element's
 * prefix (cheap by construction: nothing is replicated); statements before the if or loop
 * that only the loop's initial values read need not be cheap (they run once, in the map of
 * the initial values).  The outer map keeps its outer-parallel version; flatten.c chooses with
 * a threshold on the number of elements and, for a loop, one on the work per host iteration
 * (irr_control_prepare).
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

struct IrrCtl {
    const CExp *map; /* the outer screma */
    int c;           /* the if or loop statement of its body */
    bool *needed;    /* the statements before c that the pieces recompute */
    int *upd;        /* a loop's carried arrays: the body statement that updates one in place, or -1 */
    /* a loop's, after irr_control_prepare: every element's count, the largest, and the
     * offsets of each carried array's rows ({0} for scalars) */
    CAtom all, cnt, maxc, *offs;
};

/* A value of the body carried between the pieces: one per element (offs unset), or a row per
 * element, the rows flat at offsets offs. */
typedef struct {
    const char *name; /* the original variable (a loop parameter, an if or loop result) */
    CType type;       /* its type at one element */
    CAtom flat, offs;
} Carried;

static bool made(CAtom a) { return a.kind == CA_VAR && a.var; }

static void subst_put(OMap *subst, const char *name, CAtom a) {
    CAtom *p = xmalloc(sizeof *p);
    *p = a;
    omap_put(subst, name, p);
}

static bool body_par(const CBody *b);

bool irr_runs_parallel(const CExp *e) {
    switch (e->kind) {
    case CE_SCREMA:
    case CE_FILTER:
    case CE_SCATTER:
    case CE_HIST: return true;
    case CE_IF: return body_par(e->body) || body_par(e->body2);
    case CE_LOOP: return body_par(e->body);
    default: return false;
    }
}

static bool body_par(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (irr_runs_parallel(b->stms.data[i].exp))
            return true;
    return false;
}

static bool inside(const OMap *bound, CAtom a) { return a.kind == CA_VAR && omap_has(bound, a.var); }

static void count_type(OMap *uses, CType t) {
    for (int k = 0; k < t.rank; k++)
        if (t.dims[k].kind == CDIM_VAR)
            omap_add(uses, t.dims[k].var, 1);
}

/* The statements before c that what follows reads (the if; the loop's count, body and carried
 * types, not its initial values; the statements after it; the results), transitively. */
static bool *needed_prefix(const CExp *e, int c) {
    const CBody *b = e->lam->body;
    CExp *x = b->stms.data[c].exp;
    OMap uses = {0};
    if (x->kind == CE_LOOP) {
        if (x->bound.kind == CA_VAR)
            omap_add(&uses, x->bound.var, 1);
        opt_count_body(x->body, &uses);
        for (int k = 0; k < x->params.len; k++)
            count_type(&uses, x->params.data[k].type);
    } else {
        opt_count_exp(x, &uses);
    }
    for (int k = c + 1; k < b->stms.len; k++)
        opt_count_exp(b->stms.data[k].exp, &uses);
    for (int k = 0; k < b->result.len; k++)
        if (b->result.data[k].kind == CA_VAR)
            omap_add(&uses, b->result.data[k].var, 1);
    bool *need = xmalloc(sizeof *need * (size_t)(c + 1));
    for (int k = c - 1; k >= 0; k--) {
        const CStm *s = &b->stms.data[k];
        need[k] = false;
        for (int q = 0; q < s->pat.len; q++)
            need[k] = need[k] || omap_has(&uses, s->pat.data[q].name);
        if (!need[k])
            continue;
        opt_count_exp(s->exp, &uses);
        for (int q = 0; q < s->pat.len; q++)
            count_type(&uses, s->pat.data[q].type);
    }
    return need;
}

/* Whether the loop's carried values can live between iterations as one value per element or
 * rows flat: scalars, or arrays whose outer size is fixed for the element (a constant or a
 * variable bound before the loop) and whose inner sizes are the same for every element. */
static bool carried_ok(const CExp *l, const OMap *bound) {
    for (int k = 0; k < l->params.len; k++) {
        CType t = l->params.data[k].type;
        if (t.rank && t.dims[0].kind == CDIM_ANY)
            return false;
        for (int d = 1; d < t.rank; d++)
            if (t.dims[d].kind == CDIM_ANY || (t.dims[d].kind == CDIM_VAR && omap_has(bound, t.dims[d].var)))
                return false;
    }
    return true;
}

/* Whether the loop varies per element: its count, or the width of a carried array (otherwise
 * flatten.c's G7 interchanges it with the map). */
static bool loop_varies(const CExp *l, const OMap *bound) {
    if (inside(bound, l->bound))
        return true;
    for (int k = 0; k < l->params.len; k++) {
        CType t = l->params.data[k].type;
        if (t.rank && t.dims[0].kind == CDIM_VAR && omap_has(bound, t.dims[0].var))
            return true;
    }
    return false;
}

/* Whether the map result that array r of the if is concatenates it by offsets, and nothing
 * after the if reads it (its rows are gathered back into the map's result only). */
static bool if_rows_ok(const CExp *e, int c, const char *r) {
    const CBody *b = e->lam->body;
    for (int k = c + 1; k < b->stms.len; k++) {
        OMap uses = {0};
        opt_count_exp(b->stms.data[k].exp, &uses);
        if (omap_has(&uses, r))
            return false;
    }
    bool returned = false;
    for (int j = 0; j < b->result.len; j++) {
        CAtom a = b->result.data[j], o;
        if (a.kind != CA_VAR || strcmp(a.var, r))
            continue;
        if (!cexp_concat(e, j, &o) || o.kind != CA_VAR)
            return false;
        returned = true;
    }
    return returned;
}

/* Whether carried array q of loop l is only updated in place at one index per iteration — the
 * body's new value for it is `p with [j] = v`, p read nowhere else — the statement doing it
 * (else -1).  Its row then stays where it is: each iteration writes v at j (one scatter of a
 * value per active element), the row never copied. */
static int update_stm(const CExp *l, int q) {
    const CParam *p = &l->params.data[q];
    CAtom r = l->body->result.data[q];
    if (p->type.rank != 1 || r.kind != CA_VAR)
        return -1;
    OMap uses = {0};
    opt_count_body(l->body, &uses);
    if (omap_int(&uses, p->name) != 1 || omap_int(&uses, r.var) != 1)
        return -1;
    for (int k = 0; k < l->body->stms.len; k++) {
        const CStm *s = &l->body->stms.data[k];
        const CExp *u = s->exp;
        if (s->pat.len != 1 || strcmp(s->pat.data[0].name, r.var))
            continue;
        bool ok = u->kind == CE_UPDATE && u->args.data[0].kind == CA_VAR && !strcmp(u->args.data[0].var, p->name) &&
                  u->slice.len == 1 && !u->slice.data[0].is_slice;
        return ok ? k : -1;
    }
    return -1;
}

/* Whether anything after statement c reads its results (the represent pass's size slices keep
 * a loop that only its indexing may make fail: nothing to flatten there). */
static bool results_read(const CBody *b, int c) {
    OMap uses = {0};
    for (int k = c + 1; k < b->stms.len; k++)
        opt_count_exp(b->stms.data[k].exp, &uses);
    for (int k = 0; k < b->result.len; k++)
        if (b->result.data[k].kind == CA_VAR)
            omap_add(&uses, b->result.data[k].var, 1);
    const CParamVec *pat = &b->stms.data[c].pat;
    for (int k = 0; k < pat->len; k++)
        if (omap_has(&uses, pat->data[k].name))
            return true;
    return false;
}

IrrCtl *irr_control_match(const CExp *e) {
    if (e->kind != CE_SCREMA || e->scans.len || e->reds.len)
        return NULL;
    const CBody *b = e->lam->body;
    OMap bound = {0};
    for (int i = 0; i < e->lam->params.len; i++)
        omap_put(&bound, e->lam->params.data[i].name, (void *)1);
    int c = 0;
    for (; c < b->stms.len; c++) {
        const CExp *x = b->stms.data[c].exp;
        if ((x->kind == CE_IF || x->kind == CE_LOOP) && irr_runs_parallel(x))
            break;
        for (int k = 0; k < b->stms.data[c].pat.len; k++)
            omap_put(&bound, b->stms.data[c].pat.data[k].name, (void *)1);
    }
    if (c == b->stms.len)
        return NULL;
    const CStm *S = &b->stms.data[c];
    const CExp *x = S->exp;
    if (x->kind == CE_IF) {
        if (!inside(&bound, x->args.data[0]))
            return NULL; /* an invariant condition: G8 */
        for (int k = 0; k < S->pat.len; k++)
            if (S->pat.data[k].type.rank && (S->pat.data[k].type.rank > 1 || !if_rows_ok(e, c, S->pat.data[k].name)))
                return NULL;
    } else if (!x->index || !carried_ok(x, &bound) || !loop_varies(x, &bound)) {
        return NULL;
    }
    if (irr_consumed_after(b, c) || !results_read(b, c)) /* a view of the flat results there */
        return NULL;
    bool *need = needed_prefix(e, c);
    for (int k = 0; k < c; k++)
        if (need[k] && !irr_cheap(b->stms.data[k].exp))
            return NULL;
    IrrCtl *m = xmalloc(sizeof *m);
    *m = (IrrCtl){e, c, need, NULL, {0}, {0}, {0}, NULL};
    if (x->kind == CE_LOOP) {
        m->upd = xmalloc(sizeof *m->upd * (size_t)(x->params.len + 1));
        for (int q = 0; q < x->params.len; q++)
            m->upd[q] = update_stm(x, q);
    }
    return m;
}

/* ------------------------------------------------------------------ pieces over the elements */

/* Row i of the rows flat at offs (its type t, sizes renamed by subst): a view. */
static CAtom row_at(CBuild *in, const Carried *cv, CAtom i, const OMap *subst) {
    CAtom start = cb_index1(in, cv->offs, i);
    CAtom end = cb_index1(in, cv->offs, cb_add(in, i, cb_i64(1)));
    CExp *x = cb_exp(in, CE_INDEX);
    vec_push(&x->args, cv->flat);
    vec_push(&x->slice, ((CIndex){true, start, end, cb_i64(1)}));
    CType t = ctype_copy(cv->type);
    t.unique = false;
    opt_subst_type(&t, subst);
    return cb_let(in, "row", t, x);
}

/* In body c (a copy), a view v that a statement consumes is copied just before the first such
 * statement (the statements before it, a reduction over the row say, read the view itself). */
static void copy_before_consumer(CBuild *in, CBody *c, const char *v) {
    int s = 0;
    for (; s < c->stms.len; s++) {
        OMap consumed = {0};
        opt_consumed_exp(c->stms.data[s].exp, &consumed);
        if (omap_has(&consumed, v))
            break;
    }
    if (s == c->stms.len)
        return;
    CBuild cp = cb_nested(in);
    CAtom copy = cb_copy(&cp, catom_var(v));
    OMap subst = {0};
    subst_put(&subst, v, copy);
    for (int k = s; k < c->stms.len; k++)
        opt_subst_exp(c->stms.data[k].exp, &subst);
    CBody tail = {{0}, c->result};
    opt_subst_body(&tail, &subst);
    vec_push(&c->stms, c->stms.data[0]); /* room for one more */
    for (int k = c->stms.len - 1; k > s; k--)
        c->stms.data[k] = c->stms.data[k - 1];
    c->stms.data[s] = cp.body->stms.data[0];
}

/* let pat = a map of width w over the elements idx lists (an iota: all of them): at element i
 * its prefix (the statements the pieces need; all of them when all), the carried values body
 * reads, at i, the renamings in subst, then a copy of body; its results the map's,
 * concatenated by offs[r] where that is set. */
static void element_map(IrrCtl *m, CBuild *b, CAtom w, CAtom idx, bool all, const Carried *cs, int ncs, OMap *subst,
                        const CBody *body, const CAtom *offs, CParamVec pat, const OMap *iotas) {
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    irr_element(m->map, &in, catom_var(i.name), m->c, all ? NULL : m->needed, iotas, subst);
    OMap reads = {0}, consumed = {0};
    opt_count_body((CBody *)body, &reads);
    opt_consumed_body((CBody *)body, &consumed);
    CAtomVec views = {0};
    for (int k = 0; k < ncs; k++) {
        const Carried *cv = &cs[k];
        if (!omap_has(&reads, cv->name))
            continue;
        CAtom v = made(cv->offs) ? row_at(&in, cv, catom_var(i.name), subst) : cb_index1(&in, cv->flat, catom_var(i.name));
        if (made(cv->offs) && omap_has(&consumed, cv->name))
            vec_push(&views, v);
        subst_put(subst, cv->name, v);
    }
    CBody *c = core_clone_body(body);
    opt_subst_body(c, subst);
    for (int k = 0; k < views.len; k++)
        copy_before_consumer(&in, c, views.data[k].var);
    CLambda view = {{0}, {0}, c};
    irr_note_lambda(in.types, &view);
    CExp *x = irr_index_map(b, &in, i, c, w, idx);
    bool concat = false;
    for (int r = 0; offs && r < pat.len; r++)
        concat = concat || made(offs[r]);
    for (int r = 0; concat && r < pat.len; r++)
        vec_push(&x->offsets, made(offs[r]) ? offs[r] : cb_i64(0));
    cb_let_pat(b, pat, x);
}

/* A body of no statements returning the atoms rs. */
static CBody *returning(const CAtom *rs, int n) {
    CBody *b = cbody_new();
    for (int k = 0; k < n; k++)
        vec_push(&b->result, rs[k]);
    return b;
}

static CParam fresh(CBuild *b, const char *base, CType t) {
    CParam p = {opt_fresh(base), t};
    cb_note(b, p.name, t);
    return p;
}

/* The elements whose flag is want (1 or 0), in order: flag and its offsets offs are over the w
 * elements elems lists (its positions qs: iota w), count of them have the flag: scatter
 * (replicate count 0) the element elems[q] at offs[q] (want 1) or q - offs[q] (want 0). */
static CAtom pack(CBuild *b, CAtom w, CAtom qs, CAtom elems, CAtom flag, CAtom offs, CAtom count, bool want) {
    CExp *x = cb_exp(b, CE_SCATTER);
    vec_push(&x->args, w);
    vec_push(&x->dests, cb_replicate(b, count, cb_i64(0)));
    vec_push(&x->arrays, qs);
    vec_push(&x->arrays, elems);
    CBuild in = cb_nested(b);
    CParam q = cb_param(&in, "q", ctype_prim(PRIM_I64)), i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom qv = catom_var(q.name);
    CAtom on = cb_op2(&in, COP_EQ, PRIM_I64, cb_index1(&in, flag, qv), cb_i64(want));
    CAtom before = cb_index1(&in, offs, qv);
    CAtom at = want ? before : cb_sub(&in, qv, before);
    CAtomVec res = {0};
    vec_push(&res, cb_select(&in, on, at, cb_i64(-1)));
    vec_push(&res, catom_var(i.name));
    CParamVec ps = {0};
    vec_push(&ps, q);
    vec_push(&ps, i);
    x->lam = cb_lambda(ps, &in, res);
    return cb_let(b, want ? "active" : "inactive", ctype_outer(cdim_of_atom(count), ctype_prim(PRIM_I64)), x);
}

/* The offsets of the rows (at offsets offs) of the elements idx lists (count of them). */
static CAtom sub_offsets(CBuild *b, CAtom offs, CAtom idx, CAtom count) {
    CBuild in = cb_nested(b);
    CParam q = cb_param(&in, "q", ctype_prim(PRIM_I64));
    CAtom i = cb_index1(&in, idx, catom_var(q.name));
    CAtom len = cb_sub(&in, cb_index1(&in, offs, cb_add(&in, i, cb_i64(1))), cb_index1(&in, offs, i));
    CAtomVec res = {0};
    vec_push(&res, len);
    CParamVec ps = {0};
    vec_push(&ps, q);
    CAtom qs = cb_iota(b, count);
    return cb_offsets(b, cb_map(b, count, &qs, 1, cb_lambda(ps, &in, res), NULL));
}

/* An irregular segmap over (i < n, j < seg offs), its indices in *gi and *gj; body to fill. */
static CExp *segmap_over(CBuild *b, CAtom n, CAtom offs, const char **gi, const char **gj) {
    CExp *x = cb_exp(b, CE_SEGOP);
    x->seg = SEG_MAP;
    x->level = SEG_GRID;
    x->irregular = true;
    x->segs = offs;
    *gi = fresh(b, "gtid", ctype_prim(PRIM_I64)).name;
    *gj = fresh(b, "gtid", ctype_prim(PRIM_I64)).name;
    vec_push(&x->params, ((CParam){*gi, ctype_prim(PRIM_I64)}));
    vec_push(&x->params, ((CParam){*gj, ctype_prim(PRIM_I64)}));
    vec_push(&x->args, n);
    vec_push(&x->args, cb_last(b, offs));
    return x;
}

/* The map's results: a result that is a carried value as it stands (one per element, or rows
 * laid out as the map concatenates them) is bound to its flat array; the others come from a
 * map over the elements running the statements after c, the carried values read at each. */
static void finish(IrrCtl *m, CBuild *b, const OMap *iotas, const Carried *cs, int ncs, CAtom all, CParamVec out) {
    const CExp *e = m->map;
    const CBody *body = e->lam->body;
    CParamVec rest_pat = {0};
    CAtomVec rest_res = {0}, rest_offs = {0};
    for (int j = 0; j < body->result.len; j++) {
        CAtom a = body->result.data[j], o = {0};
        bool concat = cexp_concat(e, j, &o);
        const Carried *cv = NULL;
        for (int k = 0; k < ncs && a.kind == CA_VAR; k++)
            if (!strcmp(cs[k].name, a.var) && concat == made(cs[k].offs))
                cv = &cs[k];
        if (cv) {
            CExp *x = cb_exp(b, CE_ATOM);
            vec_push(&x->args, cv->flat);
            CParamVec pat = {0};
            vec_push(&pat, out.data[j]);
            cb_let_pat(b, pat, x);
            continue;
        }
        vec_push(&rest_pat, out.data[j]);
        vec_push(&rest_res, a);
        vec_push(&rest_offs, concat ? o : (CAtom){0});
    }
    if (!rest_pat.len)
        return;
    CBody *suffix = cbody_new();
    for (int k = m->c + 1; k < body->stms.len; k++)
        vec_push(&suffix->stms, body->stms.data[k]);
    suffix->result = rest_res;
    OMap subst = {0};
    element_map(m, b, e->args.data[0], all, false, cs, ncs, &subst, suffix, rest_offs.data, rest_pat, iotas);
}

/* ------------------------------------------------------------------ rule 8: if */

/* Result r of the if, merged back in order from the two sides' results (sides[0] where the
 * flag is 1, at tpos[i], sides[1] at i - tpos[i]): a map for a scalar; for rows, an irregular
 * segmap over the map result's own segments, reading each side's rows at side_offs. */
static CAtom if_merge(CBuild *b, CAtom n, CAtom all, CAtom flag, CAtom tpos, const CAtom *sides, const CAtom *side_offs,
                      CAtom offs, CType t) {
    CBuild in = cb_nested(b);
    const char *gi = NULL, *gj = NULL;
    CExp *seg = NULL;
    CParam i = {0};
    if (made(offs)) {
        seg = segmap_over(b, n, offs, &gi, &gj);
    } else {
        i = cb_param(&in, "i", ctype_prim(PRIM_I64));
        gi = i.name;
    }
    CAtom iv = catom_var(gi);
    CAtom on = cb_op2(&in, COP_EQ, PRIM_I64, cb_index1(&in, flag, iv), cb_i64(1));
    CAtom k = cb_index1(&in, tpos, iv);
    CBuild side[2] = {cb_nested(&in), cb_nested(&in)};
    CAtom at[2] = {k, cb_sub(&side[1], iv, k)}, v[2];
    for (int s = 0; s < 2; s++) {
        CAtom pos = at[s];
        if (seg)
            pos = cb_add(&side[s], cb_index1(&side[s], side_offs[s], at[s]), catom_var(gj));
        v[s] = cb_index1(&side[s], sides[s], pos);
    }
    CAtom r = cb_if(&in, on, &side[0], v[0], &side[1], v[1], "merged");
    CAtomVec res = {0};
    vec_push(&res, r);
    if (!seg) {
        CParamVec ps = {0};
        vec_push(&ps, i);
        return cb_map(b, n, &all, 1, cb_lambda(ps, &in, res), NULL);
    }
    in.body->result = res;
    seg->body = in.body;
    return cb_let(b, "merged", ctype_outer(cdim_any(), ctype_elem(t)), seg);
}

/* The offsets (a variable) by which the map concatenates its result that is the if's array
 * result r (if_rows_ok found one). */
static CAtom result_offsets(const CExp *e, const char *r) {
    const CBody *b = e->lam->body;
    CAtom o = {0};
    for (int j = 0; j < b->result.len; j++)
        if (b->result.data[j].kind == CA_VAR && !strcmp(b->result.data[j].var, r) && cexp_concat(e, j, &o))
            return o;
    die("irr_control: no offsets for %s", r);
}

static void if_flatten(IrrCtl *m, CBuild *b, const OMap *iotas, CParamVec out) {
    const CExp *e = m->map;
    const CStm *S = &e->lam->body->stms.data[m->c];
    const CExp *x = S->exp;
    CAtom n = e->args.data[0];
    CAtom all = cb_iota(b, n);
    /* the flags, their offsets, the elements of each side */
    CBody *fb = cbody_new();
    CBuild fbb = {fb, b->loc, b->types};
    CAtom one = cb_select(&fbb, x->args.data[0], cb_i64(1), cb_i64(0));
    vec_push(&fb->result, one);
    CParamVec fpat = {0};
    vec_push(&fpat, fresh(b, "flag", ctype_outer(cdim_of_atom(n), ctype_prim(PRIM_I64))));
    OMap s0 = {0};
    element_map(m, b, n, all, false, NULL, 0, &s0, fb, NULL, fpat, iotas);
    CAtom flag = catom_var(fpat.data[0].name);
    CAtom tpos = cb_offsets(b, flag);
    CAtom count[2], idx[2];
    count[0] = cb_last(b, tpos);
    count[1] = cb_sub(b, n, count[0]);
    for (int s = 0; s < 2; s++)
        idx[s] = pack(b, n, all, all, flag, tpos, count[s], s == 0);
    /* each side a map over its elements; its rows laid out by their sizes in the result */
    int nr = S->pat.len;
    CAtom *res[2], *roffs[2];
    for (int s = 0; s < 2; s++) {
        res[s] = xmalloc(sizeof(CAtom) * (size_t)nr);
        roffs[s] = xmalloc(sizeof(CAtom) * (size_t)nr);
        CParamVec pat = {0};
        for (int r = 0; r < nr; r++) {
            CType t = S->pat.data[r].type;
            roffs[s][r] = t.rank ? sub_offsets(b, result_offsets(e, S->pat.data[r].name), idx[s], count[s]) : (CAtom){0};
            CType pt = t.rank ? ctype_outer(cdim_any(), ctype_elem(t)) : ctype_outer(cdim_of_atom(count[s]), t);
            vec_push(&pat, fresh(b, s ? "else" : "then", pt));
            res[s][r] = catom_var(pat.data[r].name);
        }
        OMap subst = {0};
        element_map(m, b, count[s], idx[s], false, NULL, 0, &subst, s ? x->body2 : x->body, roffs[s], pat, iotas);
    }
    /* merged back in order: the if's results, carried into the rest */
    Carried *cs = xmalloc(sizeof *cs * (size_t)nr);
    for (int r = 0; r < nr; r++) {
        CType t = S->pat.data[r].type;
        CAtom offs = t.rank ? result_offsets(e, S->pat.data[r].name) : (CAtom){0};
        CAtom sides[2] = {res[0][r], res[1][r]}, so[2] = {roffs[0][r], roffs[1][r]};
        CAtom v = if_merge(b, n, all, flag, tpos, sides, so, offs, t);
        cs[r] = (Carried){S->pat.data[r].name, t, v, offs};
    }
    finish(m, b, iotas, cs, nr, all, out);
}

/* ------------------------------------------------------------------ rule 9: loop */

/* The carried values of the loop written back: every element's new value (nv, one per active
 * element A lists, rows at offsets nv_offs) scattered into V at its place, in place; the
 * inactive elements keep theirs. */
static CAtom write_back(CBuild *b, const Carried *v, CAtom nv, CAtom A, CAtom count, CAtom nv_offs) {
    CAtom w = count, place = A;
    if (made(v->offs)) { /* rows: each point at its element's row in V */
        const char *gq, *gj;
        CExp *seg = segmap_over(b, count, nv_offs, &gq, &gj);
        CBuild in = cb_nested(b);
        CAtom i = cb_index1(&in, A, catom_var(gq));
        vec_push(&in.body->result, cb_add(&in, cb_index1(&in, v->offs, i), catom_var(gj)));
        seg->body = in.body;
        w = cb_last(b, nv_offs);
        place = cb_let(b, "place", ctype_outer(cdim_of_atom(w), ctype_prim(PRIM_I64)), seg);
    }
    CType et = ctype_elem(cb_type(b, v->flat));
    CExp *x = cb_exp(b, CE_SCATTER);
    vec_push(&x->args, w);
    vec_push(&x->dests, v->flat);
    vec_push(&x->arrays, place);
    vec_push(&x->arrays, nv);
    CBuild in = cb_nested(b);
    CParam p = cb_param(&in, "p", ctype_prim(PRIM_I64)), y = cb_param(&in, "y", et);
    CParamVec ps = {0};
    vec_push(&ps, p);
    vec_push(&ps, y);
    CAtomVec res = {0};
    vec_push(&res, catom_var(p.name));
    vec_push(&res, catom_var(y.name));
    x->lam = cb_lambda(ps, &in, res);
    CType t = ctype_copy(cb_type(b, v->flat));
    t.unique = false;
    return cb_let(b, "carried", t, x);
}

/* The loop body with the in-place updates of update-only carried arrays (m->upd) replaced by
 * their bounds checks: its results the index and the value written instead of the new row. */
static CBody *in_place_body(const IrrCtl *m, const CExp *l, CBuild *b) {
    CBody *nb = cbody_new();
    CBuild t = {nb, b->loc, b->types};
    for (int k = 0; k < l->body->stms.len; k++) {
        int q = 0;
        while (q < l->params.len && m->upd[q] != k)
            q++;
        if (q == l->params.len) {
            vec_push(&nb->stms, l->body->stms.data[k]);
            continue;
        }
        const CExp *u = l->body->stms.data[k].exp;
        t.loc = u->loc;
        CAtom at = u->slice.data[0].start, size = cb_size(&t, u->args.data[0], 0);
        CAtom vals[2] = {at, size};
        cb_assert(&t, cb_in_range(&t, at, size), "Index [{0}] out of bounds for array of shape [{1}].", vals, 2);
    }
    for (int q = 0; q < l->params.len; q++) {
        if (m->upd[q] < 0) {
            vec_push(&nb->result, l->body->result.data[q]);
            continue;
        }
        const CExp *u = l->body->stms.data[m->upd[q]].exp;
        vec_push(&nb->result, u->slice.data[0].start);
        vec_push(&nb->result, u->args.data[1]);
    }
    return nb;
}

/* An update-only carried array written in place: each active element's value val[q] at index
 * at[q] of its row (A[q] the element). */
static CAtom write_at(CBuild *b, const Carried *v, CAtom at, CAtom val, CAtom A, CAtom count) {
    CType et = ctype_elem(cb_type(b, v->flat));
    CExp *x = cb_exp(b, CE_SCATTER);
    vec_push(&x->args, count);
    vec_push(&x->dests, v->flat);
    vec_push(&x->arrays, A);
    vec_push(&x->arrays, at);
    vec_push(&x->arrays, val);
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64)), j = cb_param(&in, "j", ctype_prim(PRIM_I64));
    CParam y = cb_param(&in, "y", et);
    CParamVec ps = {0};
    vec_push(&ps, i);
    vec_push(&ps, j);
    vec_push(&ps, y);
    CAtomVec res = {0};
    vec_push(&res, cb_add(&in, cb_index1(&in, v->offs, catom_var(i.name)), catom_var(j.name)));
    vec_push(&res, catom_var(y.name));
    x->lam = cb_lambda(ps, &in, res);
    CType t = ctype_copy(cb_type(b, v->flat));
    t.unique = false;
    return cb_let(b, "carried", t, x);
}

/* One iteration k of the interchanged loop over the carried values vs (ncs of them): of the
 * elements still active (act, those with k - 1 < cnt[i]; the count never grows back), those
 * with k < cnt[i] packed (the loop's next act, its first result), the body a map over them, its
 * results written back.  An iteration's work is the active elements', not all of them. */
static CBody *loop_iteration(IrrCtl *m, CBuild *b, const OMap *iotas, const Carried *vs, int ncs, CAtom cnt,
                             const char *k, CAtom act) {
    const CExp *l = m->map->lam->body->stms.data[m->c].exp;
    CBuild in = cb_nested(b);
    CAtom w = cb_size(&in, act, 0);
    CBuild ab = cb_nested(&in);
    CParam i = cb_param(&ab, "i", ctype_prim(PRIM_I64));
    CAtom on = cb_op2(&ab, COP_LT, PRIM_I64, catom_var(k), cb_index1(&ab, cnt, catom_var(i.name)));
    CAtomVec ares = {0};
    vec_push(&ares, cb_select(&ab, on, cb_i64(1), cb_i64(0)));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtom flag = cb_map(&in, w, &act, 1, cb_lambda(ps, &ab, ares), NULL);
    CAtom apos = cb_offsets(&in, flag);
    CAtom count = cb_last(&in, apos);
    CAtom A = pack(&in, w, cb_iota(&in, w), act, flag, apos, count, true);
    vec_push(&in.body->result, A);
    /* the body's results: each carried value's new one (an update-only array's index and value) */
    CAtom *noffs = xmalloc(sizeof(CAtom) * (size_t)(2 * ncs));
    CParamVec pat = {0};
    for (int q = 0; q < ncs; q++) {
        CType ft = cb_type(&in, vs[q].flat);
        if (m->upd[q] >= 0) {
            noffs[pat.len] = (CAtom){0};
            vec_push(&pat, fresh(&in, "at", ctype_outer(cdim_of_atom(count), ctype_prim(PRIM_I64))));
            noffs[pat.len] = (CAtom){0};
            vec_push(&pat, fresh(&in, "next", ctype_outer(cdim_of_atom(count), ctype_elem(ft))));
            continue;
        }
        noffs[pat.len] = made(vs[q].offs) ? sub_offsets(&in, vs[q].offs, A, count) : (CAtom){0};
        CType pt = made(noffs[pat.len]) ? ft : ctype_outer(cdim_of_atom(count), ctype_elem(ft));
        vec_push(&pat, fresh(&in, "next", pt));
    }
    OMap subst = {0};
    subst_put(&subst, l->index, catom_var(k));
    element_map(m, &in, count, A, false, vs, ncs, &subst, in_place_body(m, l, &in), noffs, pat, iotas);
    for (int q = 0, r = 0; q < ncs; q++, r++) {
        CAtom nv = catom_var(pat.data[r].name);
        CAtom nw = m->upd[q] >= 0 ? write_at(&in, &vs[q], nv, catom_var(pat.data[++r].name), A, count)
                                  : write_back(&in, &vs[q], nv, A, count, noffs[r]);
        vec_push(&in.body->result, nw);
    }
    return in.body;
}

static void loop_flatten(IrrCtl *m, CBuild *b, const OMap *iotas, CParamVec out) {
    const CExp *e = m->map;
    const CStm *S = &e->lam->body->stms.data[m->c];
    const CExp *l = S->exp;
    CAtom n = e->args.data[0];
    CAtom all = m->all;
    int np = l->params.len;
    Carried *vs = xmalloc(sizeof *vs * (size_t)np);
    CParamVec ipat = {0};
    for (int q = 0; q < np; q++) {
        CType t = l->params.data[q].type;
        CType ft = t.rank ? ctype_outer(cdim_any(), ctype_elem(t)) : ctype_outer(cdim_of_atom(n), t);
        ft.unique = false;
        vs[q] = (Carried){l->params.data[q].name, t, {0}, m->offs[q]};
        vec_push(&ipat, fresh(b, "init", ft));
    }
    /* the initial values: the whole prefix (statements only they read run here, once) */
    CAtom *ioffs = xmalloc(sizeof(CAtom) * (size_t)(np + 1));
    for (int q = 0; q < np; q++)
        ioffs[q] = vs[q].offs;
    OMap s1 = {0};
    element_map(m, b, n, all, true, NULL, 0, &s1, returning(l->args.data, np), ioffs, ipat, iotas);
    /* loop (V = init) for k < maxc do one iteration */
    CExp *x = cb_exp(b, CE_LOOP);
    CParamVec lpat = {0};
    CParam act = fresh(b, "act", ctype_outer(cdim_any(), ctype_prim(PRIM_I64)));
    vec_push(&x->params, act);
    vec_push(&x->args, cb_iota(b, n)); /* every element, at first (its own array: the loop takes it) */
    vec_push(&lpat, fresh(b, "act", act.type));
    for (int q = 0; q < np; q++) {
        CParam v = fresh(b, l->params.data[q].name, ipat.data[q].type);
        vec_push(&x->params, v);
        vec_push(&x->args, catom_var(ipat.data[q].name));
        vs[q].flat = catom_var(v.name);
        vec_push(&lpat, fresh(b, S->pat.data[q].name, v.type));
    }
    x->index = fresh(b, l->index, ctype_prim(PRIM_I64)).name;
    x->bound = m->maxc;
    x->body = loop_iteration(m, b, iotas, vs, np, m->cnt, x->index, catom_var(act.name));
    cb_let_pat(b, lpat, x);
    /* the loop's results, carried into the rest */
    for (int q = 0; q < np; q++) {
        vs[q].name = S->pat.data[q].name;
        vs[q].type = S->pat.data[q].type;
        vs[q].flat = catom_var(lpat.data[q + 1].name);
    }
    finish(m, b, iotas, vs, np, all, out);
}

/* Iterations per 4096 points of work above which the outer version of a loop is taken
 * (irr_control_prepare). */
#define WORK_UNIT 4096

CAtom irr_control_prepare(IrrCtl *m, CBuild *b, const OMap *iotas) {
    const CExp *l = m->map->lam->body->stms.data[m->c].exp;
    if (l->kind != CE_LOOP)
        return (CAtom){0};
    CAtom n = m->map->args.data[0];
    m->all = cb_iota(b, n);
    int np = l->params.len;
    /* each element's count and carried rows' sizes */
    CAtomVec per = {0};
    vec_push(&per, l->bound);
    for (int q = 0; q < np; q++)
        if (l->params.data[q].type.rank)
            vec_push(&per, cdim_atom(l->params.data[q].type.dims[0]));
    CParamVec ppat = {0};
    for (int q = 0; q < per.len; q++)
        vec_push(&ppat, fresh(b, q ? "size" : "count", ctype_outer(cdim_of_atom(n), ctype_prim(PRIM_I64))));
    OMap s0 = {0};
    element_map(m, b, n, m->all, false, NULL, 0, &s0, returning(per.data, per.len), NULL, ppat, iotas);
    m->cnt = catom_var(ppat.data[0].name);
    m->maxc = cb_reduce(b, COP_MAX, PRIM_I64, cb_i64(0), m->cnt);
    m->offs = xmalloc(sizeof *m->offs * (size_t)(np + 1));
    for (int q = 0, a = 1; q < np; q++)
        m->offs[q] = l->params.data[q].type.rank ? cb_offsets(b, catom_var(ppat.data[a++].name)) : (CAtom){0};
    /* the work: every element's count times the points of its rows the body rewrites (1 at
     * least; an array updated in place at one index counts 1) */
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom points = cb_i64(0);
    for (int q = 0, a = 1; q < np; q++) {
        if (!l->params.data[q].type.rank)
            continue;
        CAtom size = cb_index1(&in, catom_var(ppat.data[a++].name), catom_var(i.name));
        if (m->upd[q] < 0)
            points = cb_add(&in, points, size);
    }
    points = cb_op2(&in, COP_MAX, PRIM_I64, points, cb_i64(1));
    CAtomVec res = {0};
    vec_push(&res, cb_mul(&in, cb_index1(&in, m->cnt, catom_var(i.name)), points));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtom work = cb_reduce(b, COP_ADD, PRIM_I64, cb_i64(0), cb_map(b, n, &m->all, 1, cb_lambda(ps, &in, res), NULL));
    /* the host iterations per WORK_UNIT points of work */
    CAtom per_unit = cb_op2(b, COP_QUOT, PRIM_I64, cb_mul(b, m->maxc, cb_i64(WORK_UNIT)),
                            cb_op2(b, COP_MAX, PRIM_I64, work, cb_i64(1)));
    return per_unit;
}

void irr_control_flatten(IrrCtl *m, CBuild *b, const OMap *iotas, CParamVec out) {
    if (m->map->lam->body->stms.data[m->c].exp->kind == CE_IF)
        if_flatten(m, b, iotas, out);
    else
        loop_flatten(m, b, iotas, out);
}
