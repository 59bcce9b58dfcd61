/* precompute.c — per-element work that a loop repeats, computed once before the loop, for the
 * CPU targets (docs/OPTIMISER.md, "precompute").
 *
 * A map inside a sequential loop often computes, for each element, values that depend only on
 * the element (an input array the loop does not change, typically `iota w`) and on values bound
 * outside the loop: `exp (-(f64.i64 (j - m)) * dx * dt)` in a map over `iota w` inside
 * `for i < h`, or the branching probabilities of a tree node.  Every iteration computes them
 * again.  This pass computes them once, before the loop, as arrays (one map over the same
 * invariant inputs) that the map reads as extra inputs: a load instead of an exp.
 *
 * For each screma S at the top level of a loop's body whose width is bound outside the loop,
 * on a copy of S's lambda:
 *  1. unroll: a for-loop of a small constant count with scalar merge parameters, at the top of
 *     the lambda, becomes its iterations, so that what depends on its index is per-element;
 *  2. find the per-element statements: at the top of the lambda, and in the branches of its
 *     ifs (nested ifs included: speculation, as they are computed before the loop for every
 *     element, the branch's or not), those that are invariant but for the element and cannot fail;
 *  3. split: the per-element values that variant code reads are the frontier; each frontier value
 *     whose statements cost at least PRECOMPUTE_MIN (cost: an exp, log, ... 16, a division 4,
 *     other operators 1) becomes an array computed before the loop, the most costly
 *     PRECOMPUTE_MAX of them; the lambda reads it where it computed the value (cleanup then
 *     drops the statements no longer read).
 * The copy replaces S's lambda only when step 3 made an array.  Statements that may fail never
 * move (the precomputing map runs even when the loop runs no iteration, and a guarded division
 * or index must stay under its guard); per-element means: no operand bound in the loop except
 * lambda parameters of arrays bound outside it.
 *
 * Not for the GPU (pipeline.c runs it for weft c and multicore only): there the arrays would take
 * the block memory seed 000's bins hold their elements in, and recomputing is cheap.
 */
#include <stdlib.h>
#include <string.h>

#include "opt.h"

enum {
    PRECOMPUTE_MIN = 8,    /* the least cost worth an array (a load and a store per element) */
    PRECOMPUTE_MAX = 8,    /* arrays per map at most */
    UNROLL_COUNT_MAX = 8,  /* a loop unrolled runs at most this many iterations */
    UNROLL_STMS_MAX = 512, /* and its iterations have at most this many statements in all */
};

typedef Vec(CStm) StmVec;

/* ---- costs ---- */

static int body_cost(const CBody *b);

static int exp_cost(const CExp *e) {
    switch (e->kind) {
    case CE_ATOM: return 0;
    case CE_OP:
        if (e->op == COP_DIV || e->op == COP_MOD || e->op == COP_QUOT || e->op == COP_REM ||
            e->op == COP_SQRT)
            return 4;
        if ((core_ops[e->op].flags & OPF_LIBM) && e->op != COP_MIN && e->op != COP_MAX)
            return 16;
        return 1;
    case CE_IF: {
        int a = body_cost(e->body), b = body_cost(e->body2);
        return 1 + (a > b ? a : b);
    }
    case CE_LOOP: {
        int64_t n = !e->cond && e->bound.kind == CA_CONST ? e->bound.ival : UNROLL_COUNT_MAX;
        int64_t c = 2 + n * body_cost(e->body);
        return c > 1 << 20 ? 1 << 20 : (int)c;
    }
    default: return e->lam ? 2 + body_cost(e->lam->body) * UNROLL_COUNT_MAX : 1;
    }
}

static int body_cost(const CBody *b) {
    int64_t c = 0;
    for (int i = 0; i < b->stms.len; i++)
        c += exp_cost(b->stms.data[i].exp);
    return c > 1 << 20 ? 1 << 20 : (int)c;
}

static int body_stms(const CBody *b) {
    int n = 0;
    for (int i = 0; i < b->stms.len; i++) {
        CBody **bs;
        int k = cexp_bodies(b->stms.data[i].exp, &bs);
        n++;
        for (int j = 0; j < k; j++)
            n += body_stms(bs[j]);
    }
    return n;
}

/* ---- per-element invariance ---- */

static bool scalar_results(const CStm *st) {
    for (int i = 0; i < st->pat.len; i++)
        if (st->pat.data[i].type.rank)
            return false;
    return true;
}

static bool has_while(const CExp *e) {
    if (e->kind == CE_LOOP && e->cond)
        return true;
    CBody **bs;
    int k = cexp_bodies(e, &bs);
    for (int j = 0; j < k; j++)
        for (int i = 0; i < bs[j]->stms.len; i++)
            if (has_while(bs[j]->stms.data[i].exp))
                return true;
    return false;
}

/* Whether st may move out of its loop: it reads nothing variant, cannot fail, binds scalars
 * only, neither calls nor writes anything and has no while-loop (which might not end). */
static bool per_element(CStm *st, const OMap *variant) {
    CExpKind k = st->exp->kind;
    return k != CE_APPLY && k != CE_UPDATE && k != CE_SCATTER && k != CE_HIST && scalar_results(st) &&
           !opt_may_fail(st->exp) && !opt_stm_reads(st, variant) && !has_while(st->exp);
}

static void mark_variant(const CStm *st, OMap *variant) {
    for (int i = 0; i < st->pat.len; i++)
        omap_put(variant, st->pat.data[i].name, (void *)1);
}

/* ---- 1. unrolling ---- */

static bool unrollable(const CExp *e) {
    if (e->kind != CE_LOOP || e->cond || e->bound.kind != CA_CONST || e->bound.ival < 1 ||
        e->bound.ival > UNROLL_COUNT_MAX)
        return false;
    for (int i = 0; i < e->params.len; i++)
        if (e->params.data[i].type.rank)
            return false;
    return e->bound.ival * body_stms(e->body) <= UNROLL_STMS_MAX;
}

static CAtom *atom_ptr(CAtom a) {
    CAtom *p = xmalloc(sizeof *p);
    *p = a;
    return p;
}

/* The iterations of the loop st, one after the other into out, then its pattern bound to the
 * last iteration's results. */
static void unroll(const CStm *st, StmVec *out) {
    const CExp *e = st->exp;
    CAtomVec cur = {0};
    for (int j = 0; j < e->params.len; j++)
        vec_push(&cur, e->args.data[j]);
    for (int64_t k = 0; k < e->bound.ival; k++) {
        CBody *b = core_clone_body(e->body);
        OMap subst = {0};
        omap_put(&subst, e->index, atom_ptr(catom_int(PRIM_I64, k)));
        for (int j = 0; j < e->params.len; j++)
            omap_put(&subst, e->params.data[j].name, atom_ptr(cur.data[j]));
        opt_subst_body(b, &subst);
        for (int i = 0; i < b->stms.len; i++)
            vec_push(out, b->stms.data[i]);
        for (int j = 0; j < cur.len; j++)
            cur.data[j] = b->result.data[j];
    }
    for (int j = 0; j < st->pat.len; j++) {
        CExp *a = cexp_new(CE_ATOM, e->loc);
        vec_push(&a->args, cur.data[j]);
        CParamVec pat = {0};
        vec_push(&pat, st->pat.data[j]);
        vec_push(out, ((CStm){pat, a}));
    }
}

static void unroll_small_loops(CBody *b) {
    StmVec out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        if (unrollable(b->stms.data[i].exp))
            unroll(&b->stms.data[i], &out);
        else
            vec_push(&out, b->stms.data[i]);
    }
    b->stms.data = out.data, b->stms.len = out.len, b->stms.cap = out.cap;
}

/* ---- 2 and 3. per-element statements, the frontier, the choice ---- */

typedef struct {
    OMap *variant; /* what is not per-element */
    OMap defs;     /* per-element name -> its statement (CStm *), branches included */
    OMap frontier; /* per-element names that variant code reads */
} Split;

typedef struct {
    Split *s;
    OMap *into;
} Reads;

static void reads_atom(OWalk *w, CAtom *a) {
    Reads *r = w->ctx;
    if (a->kind == CA_VAR && omap_has(&r->s->defs, a->var))
        omap_put(r->into, a->var, (void *)1);
}

static void reads_dim(OWalk *w, CDim *d) {
    Reads *r = w->ctx;
    if (omap_has(&r->s->defs, d->var))
        omap_put(r->into, d->var, (void *)1);
}

/* The per-element names statement st reads (all of it: nested bodies too), into into. */
static void stm_reads_defs(Split *s, CStm *st, OMap *into) {
    Reads r = {s, into};
    OWalk w = {reads_atom, reads_dim, &r};
    for (int i = 0; i < st->pat.len; i++)
        owalk_type(&w, &st->pat.data[i].type);
    owalk_exp(&w, st->exp);
}

static void atoms_read(Split *s, const CAtomVec *as) {
    for (int i = 0; i < as->len; i++)
        if (as->data[i].kind == CA_VAR && omap_has(&s->defs, as->data[i].var))
            omap_put(&s->frontier, as->data[i].var, (void *)1);
}

/* Statement by statement, in order: per-element ones into defs; from an `if` that is not, the
 * per-element statements of its branches too (speculation: computed before the loop, they run
 * for every element, the branch's or not; none can fail); what variant code reads of them into
 * the frontier; the names of the rest into variant. */
static void split_body(Split *s, CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        CStm *st = &b->stms.data[i];
        if (per_element(st, s->variant)) {
            for (int k = 0; k < st->pat.len; k++)
                omap_put(&s->defs, st->pat.data[k].name, st);
            continue;
        }
        if (st->exp->kind == CE_IF) {
            atoms_read(s, &st->exp->args); /* the condition */
            split_body(s, st->exp->body);
            split_body(s, st->exp->body2);
        } else {
            stm_reads_defs(s, st, &s->frontier);
        }
        mark_variant(st, s->variant);
    }
    atoms_read(s, &b->result);
}

/* The statements computing v (into in, their first names, value 1). */
static void cone(Split *s, const char *v, OMap *in) {
    CStm *st = omap_get(&s->defs, v);
    if (!st || omap_has(in, st->pat.data[0].name))
        return;
    omap_put(in, st->pat.data[0].name, (void *)1);
    OMap reads = {0};
    stm_reads_defs(s, st, &reads);
    for (int j = 0; j < reads.cap; j++)
        if (reads.keys[j])
            cone(s, reads.keys[j], in);
}

/* The cost of the statements of in, walking b in order. */
static int cone_cost_body(const CBody *b, const OMap *in) {
    int c = 0;
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        if (st->pat.len && omap_has(in, st->pat.data[0].name))
            c += exp_cost(st->exp);
        else if (st->exp->kind == CE_IF)
            c += cone_cost_body(st->exp->body, in) + cone_cost_body(st->exp->body2, in);
    }
    return c;
}

/* The statements of in, walking b in order (the order they are computed in). */
static void cone_stms(const CBody *b, const OMap *in, StmVec *out) {
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *st = &b->stms.data[i];
        if (st->pat.len && omap_has(in, st->pat.data[0].name))
            vec_push(out, *st);
        else if (st->exp->kind == CE_IF) {
            cone_stms(st->exp->body, in, out);
            cone_stms(st->exp->body2, in, out);
        }
    }
}

typedef struct {
    const char *name;
    CType type;
    int cost;
} Chosen;

static int by_cost(const void *a, const void *b) {
    const Chosen *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost > y->cost ? -1 : 1;
    return strcmp(x->name, y->name); /* names are unique: the same order on every run */
}

/* The frontier values of body worth an array, most costly first, in *out; returns how many. */
static int choose(Split *s, const CBody *body, Chosen **out) {
    Vec(Chosen) c = {0};
    for (int j = 0; j < s->frontier.cap; j++) {
        const char *v = s->frontier.keys[j];
        if (!v)
            continue;
        CStm *st = omap_get(&s->defs, v);
        OMap in = {0};
        cone(s, v, &in);
        int cost = cone_cost_body(body, &in);
        for (int k = 0; k < st->pat.len && cost >= PRECOMPUTE_MIN; k++)
            if (st->pat.data[k].name == v)
                vec_push(&c, ((Chosen){v, st->pat.data[k].type, cost}));
    }
    if (c.len > 1)
        qsort(c.data, (size_t)c.len, sizeof *c.data, by_cost);
    *out = c.data;
    return c.len < PRECOMPUTE_MAX ? c.len : PRECOMPUTE_MAX;
}

/* let pre.. = screma w (inputs) map \(params) -> (chosen values): the chosen values' statements
 * over the lambda's per-element parameters, renamed. */
static CStm precompute_map(Split *s, CExp *S, CLambda *lam, Chosen *ch, int n) {
    OMap in = {0};
    for (int i = 0; i < n; i++)
        cone(s, ch[i].name, &in);
    CLambda *pl = clambda_new();
    pl->body = cbody_new();
    CExp *m = cexp_new(CE_SCREMA, S->loc);
    vec_push(&m->args, S->args.data[0]);
    for (int i = 0; i < lam->params.len; i++) {
        if (omap_has(s->variant, lam->params.data[i].name))
            continue;
        vec_push(&pl->params, lam->params.data[i]);
        vec_push(&m->arrays, S->arrays.data[i]);
    }
    StmVec stms = {0};
    cone_stms(lam->body, &in, &stms);
    pl->body->stms.data = stms.data, pl->body->stms.len = stms.len, pl->body->stms.cap = stms.cap;
    CParamVec pat = {0};
    CDim w = cdim_of_atom(S->args.data[0]);
    for (int i = 0; i < n; i++) {
        vec_push(&pl->body->result, catom_var(ch[i].name));
        vec_push(&pl->ret, ch[i].type);
        vec_push(&pat, ((CParam){opt_fresh("pre"), ctype_outer(w, ch[i].type)}));
    }
    m->lam = core_clone_lambda(pl);
    return (CStm){pat, m};
}

/* S's lambda reads the precomputed arrays (pre's pattern) as extra inputs. */
static void read_precomputed(CExp *S, CLambda *lam, const CStm *pre, Chosen *ch, int n) {
    OMap subst = {0};
    for (int i = 0; i < n; i++) {
        CParam p = {opt_fresh(ch[i].name), ch[i].type};
        vec_push(&lam->params, p);
        vec_push(&S->arrays, catom_var(pre->pat.data[i].name));
        omap_put(&subst, ch[i].name, atom_ptr(catom_var(p.name)));
    }
    opt_subst_body(lam->body, &subst);
    S->lam = lam;
}

/* Steps 1-3 on the screma S of a loop's body whose variant names are in variant: the
 * precomputing map into before, when there is one. */
static bool try_precompute(CExp *S, const OMap *loop_variant, StmVec *before) {
    int names = opt_fresh_mark();
    CLambda *lam = core_clone_lambda(S->lam);
    OMap variant = {0}; /* the loop's, and the copy's */
    for (int i = 0; i < loop_variant->cap; i++)
        if (loop_variant->keys[i])
            omap_put(&variant, loop_variant->keys[i], (void *)1);
    for (int i = 0; i < lam->params.len; i++) {
        CAtom a = S->arrays.data[i];
        if (a.kind == CA_VAR && omap_has(&variant, a.var))
            omap_put(&variant, lam->params.data[i].name, (void *)1);
    }
    unroll_small_loops(lam->body);
    Split s = {&variant, {0}, {0}};
    split_body(&s, lam->body);
    Chosen *ch;
    int n = choose(&s, lam->body, &ch);
    if (!n) { /* the copy is dropped: the program is named as if it never was */
        opt_fresh_rewind(names);
        return false;
    }
    CStm pre = precompute_map(&s, S, lam, ch, n);
    read_precomputed(S, lam, &pre, ch, n);
    vec_push(before, pre);
    return true;
}

/* The scremas at the top of loop's body, whose width is bound outside it; whether one changed. */
static bool precompute_loop(CExp *loop, StmVec *before) {
    bool changed = false;
    OMap variant = {0};
    for (int i = 0; i < loop->params.len; i++)
        omap_put(&variant, loop->params.data[i].name, (void *)1);
    if (loop->index)
        omap_put(&variant, loop->index, (void *)1);
    for (int i = 0; i < loop->body->stms.len; i++) {
        CStm *st = &loop->body->stms.data[i];
        CExp *e = st->exp;
        if (e->kind == CE_SCREMA && !e->offsets.len &&
            !(e->args.data[0].kind == CA_VAR && omap_has(&variant, e->args.data[0].var)))
            changed |= try_precompute(e, &variant, before);
        mark_variant(st, &variant);
    }
    return changed;
}

static bool precompute_body(CBody *b) {
    bool changed = false;
    StmVec out = {0};
    for (int i = 0; i < b->stms.len; i++) {
        CExp *e = b->stms.data[i].exp;
        CBody **bs;
        int k = cexp_bodies(e, &bs);
        for (int j = 0; j < k; j++)
            changed |= precompute_body(bs[j]);
        if (e->kind == CE_LOOP)
            changed |= precompute_loop(e, &out);
        vec_push(&out, b->stms.data[i]);
    }
    b->stms.data = out.data, b->stms.len = out.len, b->stms.cap = out.cap;
    return changed;
}

bool core_precompute(CProg *p) {
    bool changed = false;
    for (int i = 0; i < p->funs.len; i++)
        changed |= precompute_body(p->funs.data[i]->body);
    return changed;
}
