/* lift.c — function lifting (seed 004, docs/FLATTENING.md "Function lifting"), before the represent
 * pass, for the targets that flatten.
 *
 * A recursive function f (of a definition calling only itself) gets a lifted version f^ that
 * takes a batch of calls at once — each parameter an array of one argument per call, jagged
 * where the parameter is an array — and returns one result per call:
 *
 *   fn f^ [n] (ps: [n]t...) = if n == 0 then empty else LIFT(f's body over the batch)
 *
 * LIFT turns the body, run for every call of the batch, into maps over the batch (which the
 * flattener takes like any other: filters, reductions and scans inside them become segmented
 * operations over all the calls' rows) and host statements between them:
 *
 *   - statements up to the first recursive call: one map over the batch;
 *   - the recursive calls whose arguments do not depend on another call's result (the ones of a
 *     level: a quicksort's two halves) become ONE call of f^ on their arguments concatenated,
 *     its results sliced back per call site (the statements they need are hoisted before them);
 *   - an if whose branches make recursive calls: the calls split by its condition (a partition
 *     of their indices), each branch lifted over its own calls, the results gathered back in
 *     order (seed 004's rule 8); where both branches end in a call (a binary search), the if
 *     chooses the arguments and one call serves both sides;
 *   - the rest of the body again, with the calls' results as one more batch array each.
 *
 * What keeps a level from copying the batch: f^'s batch parameters are unique, so the caller
 * moves the batch it built for the call into f^, which frees it at its last use (not held while
 * the deeper levels run); and the sides of a split read their calls' values through the side's
 * indices (a Bind with `via`: the side's maps map over the indices and take views of the rows),
 * never gathered into copies.
 *
 * The empty batch returns at once (no call recurses), so the recursion of f^ ends where the
 * deepest call of f does.  An array parameter that every recursive call passes on unchanged is
 * f^'s as it is (once, not a row per call).  Call sites: in an entry point, a top-level map whose
 * lambda calls f (`map qsort rows`) and a top-level call of f (a batch of one) get the lifted
 * version beside the original one, chosen by a threshold ENTRY.suff_outer_par_K on the number
 * of calls (at or above it: the original, one thread per call).  Anything else — a call inside
 * a loop or a SOAC's lambda of f's body, mutual recursion, parameters or results of rank above
 * 1, consumed parameters, in-place updates — is not lifted: f runs as before, in the thread
 * that calls it (and a site lifting cannot take keeps only the original).
 */
#include <string.h>

#include "../opt/opt.h"
#include "flatten.h"

typedef struct {
    const char *var; /* a variable of one call's body */
    CAtom batch;     /* its values, one per call of the batch */
    bool lazy;       /* the batch's calls are batch[via[k]] (a side of a split: read as views,
                        not gathered) */
    CAtom via;
} Bind;
typedef Vec(Bind) Env;

typedef struct {
    CProg *prog;
    const CFun *f;      /* the function lifted */
    const char *lifted; /* f^'s name */
    OMap *types;        /* every variable's type (name -> CType *) */
    bool *inv;          /* per parameter of f: an array every recursive call passes on unchanged,
                           given to f^ once rather than a row per call */
    OMap subst;         /* in f^: such a parameter of f -> f^'s (CAtom *) */
} Lift;

/* ------------------------------------------------------------------ shapes */

static bool body_calls(const CBody *b, const char *fname, bool other);

static bool lambda_calls(const CLambda *l, const char *fname, bool other) {
    return l && body_calls(l->body, fname, other);
}

/* Whether e calls fname (other: calls a function other than fname), anywhere inside. */
static bool exp_calls(const CExp *e, const char *fname, bool other) {
    if (e->kind == CE_APPLY && (other ? strcmp(e->fname, fname) != 0 : !strcmp(e->fname, fname)))
        return true;
    if (e->body && body_calls(e->body, fname, other))
        return true;
    if (e->body2 && body_calls(e->body2, fname, other))
        return true;
    if (lambda_calls(e->lam, fname, other))
        return true;
    for (int k = 0; k < e->scans.len; k++)
        if (lambda_calls(e->scans.data[k].lam, fname, other))
            return true;
    for (int k = 0; k < e->reds.len; k++)
        if (lambda_calls(e->reds.data[k].lam, fname, other))
            return true;
    return false;
}

static bool body_calls(const CBody *b, const char *fname, bool other) {
    for (int i = 0; i < b->stms.len; i++)
        if (exp_calls(b->stms.data[i].exp, fname, other))
            return true;
    return false;
}

/* A type with every size unknown: a row of one call's value, whose size is that call's own. */
static CType anyify(CType t) {
    CType r = ctype_copy(t);
    for (int i = 0; i < r.rank; i++)
        r.dims[i] = cdim_any();
    r.unique = false;
    return r;
}

/* Whether every call of fname in b passes parameter k unchanged (the variable v). */
static bool passes_unchanged(const CBody *b, const char *fname, int k, const char *v) {
    for (int i = 0; i < b->stms.len; i++) {
        const CExp *e = b->stms.data[i].exp;
        if (e->kind == CE_APPLY && !strcmp(e->fname, fname) &&
            (e->args.data[k].kind != CA_VAR || strcmp(e->args.data[k].var, v) != 0))
            return false;
        if ((e->body && !passes_unchanged(e->body, fname, k, v)) || (e->body2 && !passes_unchanged(e->body2, fname, k, v)))
            return false;
    }
    return true;
}

/* An array parameter every recursive call passes on unchanged (a binary search's xs): f^ takes it
 * once, not a row per call (the batch would hold a copy per call). */
static bool invariant_param(const CFun *f, int i) {
    return f->params.data[i].type.rank && passes_unchanged(f->body, f->name, i, f->params.data[i].name);
}

static bool liftable_fun(const CFun *f) {
    if (f->is_entry || !f->params.len || !body_calls(f->body, f->name, false) || body_calls(f->body, f->name, true))
        return false;
    for (int i = 0; i < f->params.len; i++)
        if (f->params.data[i].type.rank > 1 || f->params.data[i].type.unique)
            return false;
    /* the batch's size comes from a parameter that varies from call to call */
    bool varies = false;
    for (int i = 0; i < f->params.len; i++)
        varies |= !invariant_param(f, i);
    if (!varies)
        return false;
    for (int i = 0; i < f->ret.len; i++)
        if (f->ret.data[i].rank > 1)
            return false;
    OMap consumed = {0};
    opt_consumed_body(f->body, &consumed);
    return consumed.len == 0;
}

/* ------------------------------------------------------------------ types */

static CType type_of(Lift *l, CAtom a) {
    if (a.kind == CA_CONST)
        return ctype_prim(a.prim);
    CType *t = omap_get(l->types, a.var);
    if (!t)
        die("lift: no type for %s", a.var);
    return *t;
}

/* ------------------------------------------------------------------ the batch's maps */

static void env_put(Env *env, const char *v, CAtom batch) { vec_push(env, ((Bind){v, batch, false, {0}})); }
static void env_put_via(Env *env, const char *v, CAtom batch, CAtom via) {
    vec_push(env, ((Bind){v, batch, true, via}));
}

/* Whether every atom of res is a variable of env: then batches are their batches. */
static bool passed_on(const CAtomVec *res, const Env *env, CAtom *batches) {
    for (int j = 0; j < res->len; j++) {
        bool found = false;
        for (int i = env->len - 1; i >= 0 && !found; i--)
            if (res->data[j].kind == CA_VAR && !strcmp(env->data[i].var, res->data[j].var)) {
                if (env->data[i].lazy) /* gathered by batch_map's map */
                    return false;
                batches[j] = env->data[i].batch;
                found = true;
            }
        if (!found)
            return false;
    }
    return true;
}

/* One map over the w calls of the batch running statements stms[0, n) of one call (copies, fresh
 * names) and returning res: their values for every call, into batches. */
static void batch_map(Lift *l, const CStm *stms, int n, const CAtomVec *res, const Env *env, CAtom w, CBuild *out,
                      CAtom *batches) {
    if (n == 0 && passed_on(res, env, batches)) /* no statement: the batches themselves */
        return;
    CBody *body = cbody_new();
    for (int i = 0; i < n; i++)
        vec_push(&body->stms, stms[i]);
    body->result = *res;
    OMap reads = {0};
    opt_count_body(body, &reads);
    CLambda *lam = clambda_new();
    CAtomVec ins = {0};
    OMap seen = {0};
    OMap vias = {0}; /* a lazy bind's index array -> the lambda's parameter for it */
    CBody *views = cbody_new(); /* the lazy binds' rows: views of their batches */
    CBuild vb = {views, l->f->loc, l->types};
    for (int i = env->len - 1; i >= 0; i--) {
        const char *v = env->data[i].var;
        if (!omap_has(&reads, v) || omap_has(&seen, v))
            continue;
        omap_put(&seen, v, (void *)1);
        CParam p = {v, anyify(type_of(l, catom_var(v)))};
        if (!env->data[i].lazy) {
            vec_push(&lam->params, p);
            vec_push(&ins, env->data[i].batch);
            continue;
        }
        CAtom via = env->data[i].via;
        const char *k = omap_get(&vias, via.var);
        if (!k) {
            k = opt_fresh("k");
            cb_note(&vb, k, ctype_prim(PRIM_I64));
            omap_put(&vias, via.var, (void *)k);
            vec_push(&lam->params, ((CParam){k, ctype_prim(PRIM_I64)}));
            vec_push(&ins, via);
        }
        CAtom row = cb_index1(&vb, env->data[i].batch, catom_var(k));
        CExp *cp = cb_exp(&vb, CE_ATOM);
        vec_push(&cp->args, row);
        CParamVec pat = {0};
        vec_push(&pat, p);
        cb_let_pat(&vb, pat, cp);
    }
    if (views->stms.len) { /* the views first, then the statements */
        for (int i = 0; i < body->stms.len; i++)
            vec_push(&views->stms, body->stms.data[i]);
        views->result = body->result;
        body = views;
    }
    if (!ins.len) { /* nothing of the call read: a map over its indices */
        vec_push(&lam->params, ((CParam){opt_fresh("call"), ctype_prim(PRIM_I64)}));
        vec_push(&ins, cb_iota(out, w));
    }
    for (int j = 0; j < res->len; j++)
        vec_push(&lam->ret, anyify(type_of(l, res->data[j])));
    lam->body = body;
    CLambda *cl = core_clone_lambda(lam);
    opt_subst_body(cl->body, &l->subst); /* f's invariant parameters: f^'s */
    cb_map(out, w, ins.data, ins.len, cl, batches);
}

/* Rows batch[idx[k]] for every k < size of idx (a gather). */
static CAtom gather(Lift *l, CAtom batch, CAtom idx, CAtom m, CBuild *out) {
    CBuild in = cb_nested(out);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom r = cb_index1(&in, batch, catom_var(i.name));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtomVec rs = {0};
    vec_push(&rs, r);
    CLambda *lam = cb_lambda(ps, &in, rs);
    lam->ret.data[0] = anyify(lam->ret.data[0]);
    (void)l;
    return cb_map(out, m, &idx, 1, lam, NULL);
}

static bool lift_stms(Lift *l, const CStm *stms, int n, const CAtomVec *res, Env env, CAtom w, CBuild *out,
                      CAtom *batches);

static bool env_has(const Env *env, const char *v) {
    for (int i = 0; i < env->len; i++)
        if (!strcmp(env->data[i].var, v))
            return true;
    return false;
}

/* Whether a statement of stms[0, n) binds v (at their level or inside). */
static bool bound_in(const CStm *stms, int n, const char *v) {
    OMap bound = {0};
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < stms[i].pat.len; k++)
            omap_put(&bound, stms[i].pat.data[k].name, (void *)1);
        opt_bound_exp(stms[i].exp, &bound);
    }
    return omap_has(&bound, intern(v));
}

/* Whether statement s reads a variable of names. */
static bool reads_any(const CStm *s, const OMap *names) {
    OMap r = {0};
    opt_count_exp(s->exp, &r);
    for (int k = 0; k < r.cap; k++)
        if (r.keys[k] && omap_has(names, r.keys[k]))
            return true;
    return false;
}

/* The variables bound by stms[0, n) that stms[n, total) or res read. */
static CParamVec live_after(const CStm *stms, int n, int total, const CAtomVec *res) {
    CBody b = {0};
    for (int i = 0; i < total; i++)
        vec_push(&b.stms, stms[i]);
    b.result = *res;
    return opt_liveouts(&b, 0, n);
}

/* The recursive calls of one level: stms[s..n) reordered as the statements that need no call's
 * result (hoisted: they run in the map before the calls), the calls whose arguments they give
 * (one call of f^ on all of them), then the rest. */
static bool lift_calls(Lift *l, const CStm *stms, int s, int n, const CAtomVec *res, Env env, CAtom w, CBuild *out,
                       CAtom *batches) {
    Vec(CStm) before = {0}, calls = {0}, after = {0};
    for (int i = 0; i < s; i++)
        vec_push(&before, stms[i]);
    OMap dep = {0}; /* variables that need a call's result */
    for (int i = s; i < n; i++) {
        const CStm *st = &stms[i];
        bool is_call = st->exp->kind == CE_APPLY && !strcmp(st->exp->fname, l->f->name);
        bool ready = !reads_any(st, &dep) && (is_call || !exp_calls(st->exp, l->f->name, false));
        if (ready && !is_call) {
            vec_push(&before, *st);
            continue;
        }
        if (ready)
            vec_push(&calls, *st);
        else
            vec_push(&after, *st);
        for (int k = 0; k < st->pat.len; k++)
            omap_put(&dep, st->pat.data[k].name, (void *)1);
    }
    if (!calls.len)
        return false;
    /* the map before: the hoisted statements, returning the calls' arguments and what is live */
    Vec(CStm) all = {0};
    for (int i = 0; i < before.len; i++)
        vec_push(&all, before.data[i]);
    for (int i = 0; i < calls.len; i++)
        vec_push(&all, calls.data[i]);
    for (int i = 0; i < after.len; i++)
        vec_push(&all, after.data[i]);
    CParamVec live = live_after(all.data, before.len, all.len, res);
    CAtomVec mres = {0};
    int np = l->f->params.len;
    /* an invariant parameter's argument: the same for every call of the level, bound outside
     * the batch (f^'s own parameter, or a variable outside the map at an entry point's site) */
    CAtom *inv_arg = xmalloc(sizeof *inv_arg * (size_t)np);
    for (int p = 0; p < np; p++) {
        if (!l->inv[p])
            continue;
        for (int c = 0; c < calls.len; c++) {
            CAtom a = calls.data[c].exp->args.data[p];
            CAtom *to = a.kind == CA_VAR ? omap_get(&l->subst, a.var) : NULL;
            if (to)
                a = *to;
            else if (a.kind == CA_VAR && (env_has(&env, a.var) || bound_in(before.data, before.len, a.var)))
                return false;
            if (c > 0 && !catom_eq(a, inv_arg[p]))
                return false;
            inv_arg[p] = a;
        }
    }
    for (int c = 0; c < calls.len; c++)
        for (int p = 0; p < np; p++)
            vec_push(&mres, l->inv[p] ? cb_i64(0) : calls.data[c].exp->args.data[p]);
    for (int i = 0; i < live.len; i++)
        vec_push(&mres, catom_var(live.data[i].name));
    CAtom *mb = xmalloc(sizeof *mb * (size_t)(mres.len + 1));
    batch_map(l, before.data, before.len, &mres, &env, w, out, mb);
    for (int i = 0; i < live.len; i++)
        env_put(&env, live.data[i].name, mb[calls.len * np + i]);
    /* one call of f^ on the level's arguments, concatenated */
    CExp *call = cb_exp(out, CE_APPLY);
    call->fname = l->lifted;
    for (int p = 0; p < np; p++) {
        if (l->inv[p]) {
            vec_push(&call->args, inv_arg[p]);
            continue;
        }
        CAtom *parts = xmalloc(sizeof *parts * (size_t)calls.len);
        for (int c = 0; c < calls.len; c++)
            parts[c] = mb[c * np + p];
        vec_push(&call->args, calls.len == 1 ? parts[0] : cb_concat(out, parts, calls.len));
    }
    CAtom total = cb_mul(out, w, cb_i64(calls.len));
    CParamVec rpat = {0};
    for (int r = 0; r < l->f->ret.len; r++) {
        CParam rp = {opt_fresh("lifted"), ctype_outer(cdim_of_atom(total), anyify(l->f->ret.data[r]))};
        vec_push(&rpat, rp);
        cb_note(out, rp.name, rp.type);
    }
    cb_let_pat(out, rpat, call);
    for (int c = 0; c < calls.len; c++)
        for (int r = 0; r < rpat.len; r++) {
            CAtom all_r = catom_var(rpat.data[r].name);
            CAtom part = calls.len == 1 ? all_r
                                        : cb_slice(out, all_r, cb_mul(out, w, cb_i64(c)), cb_mul(out, w, cb_i64(c + 1)));
            env_put(&env, calls.data[c].pat.data[r].name, part);
        }
    return lift_stms(l, after.data, after.len, res, env, w, out, batches);
}

/* stms[s] an if whose branches make recursive calls: the calls split by its condition, each
 * branch lifted over its own, the results gathered back in order; then the rest. */
static bool lift_if(Lift *l, const CStm *stms, int s, int n, const CAtomVec *res, Env env, CAtom w, CBuild *out,
                    CAtom *batches) {
    const CStm *st = &stms[s];
    const CExp *e = st->exp;
    CParamVec live = live_after(stms, s, n, res);
    CAtomVec mres = {0};
    vec_push(&mres, e->args.data[0]);
    for (int i = 0; i < live.len; i++)
        vec_push(&mres, catom_var(live.data[i].name));
    CAtom *mb = xmalloc(sizeof *mb * (size_t)(mres.len + 1));
    batch_map(l, stms, s, &mres, &env, w, out, mb);
    for (int i = 0; i < live.len; i++)
        env_put(&env, live.data[i].name, mb[1 + i]);
    CAtom flags = mb[0];
    /* the calls' indices split by the condition */
    CAtom iw = cb_iota(out, w);
    CExp *part = cb_exp(out, CE_FILTER);
    part->partition = true;
    vec_push(&part->args, w);
    vec_push(&part->arrays, iw);
    {
        CBuild in = cb_nested(out);
        CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
        CAtom c = cb_index1(&in, flags, catom_var(i.name));
        CParamVec ps = {0};
        vec_push(&ps, i);
        CAtomVec rs = {0};
        vec_push(&rs, c);
        part->lam = cb_lambda(ps, &in, rs);
    }
    CParam it = {opt_fresh("calls_true"), ctype_array(PRIM_I64, 1, (CDim[]){cdim_any()})};
    CParam iff = {opt_fresh("calls_false"), ctype_array(PRIM_I64, 1, (CDim[]){cdim_any()})};
    CParamVec ppat = {0};
    vec_push(&ppat, it);
    vec_push(&ppat, iff);
    cb_note(out, it.name, it.type);
    cb_note(out, iff.name, iff.type);
    cb_let_pat(out, ppat, part);
    /* each side over its own calls */
    CAtom sides[2] = {catom_var(it.name), catom_var(iff.name)};
    CAtom widths[2];
    CAtom *rb[2];
    for (int k = 0; k < 2; k++) {
        const CBody *br = k == 0 ? e->body : e->body2;
        widths[k] = cb_size(out, sides[k], 0);
        OMap reads = {0};
        opt_count_body((CBody *)br, &reads);
        Env side = {0};
        OMap seen = {0};
        for (int i = env.len - 1; i >= 0; i--) {
            const char *v = env.data[i].var;
            if (!omap_has(&reads, v) || omap_has(&seen, v))
                continue;
            omap_put(&seen, v, (void *)1);
            /* read through the side's indices where the side's maps read it (views, no copy) */
            CAtom via = env.data[i].lazy ? gather(l, env.data[i].via, sides[k], widths[k], out) : sides[k];
            env_put_via(&side, v, env.data[i].batch, via);
        }
        rb[k] = xmalloc(sizeof *rb[k] * (size_t)(br->result.len + 1));
        if (!lift_stms(l, br->stms.data, br->stms.len, &br->result, side, widths[k], out, rb[k]))
            return false;
    }
    /* each call's place on its side: the true ones before it, or the false ones */
    CBuild in = cb_nested(out);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CParam c = cb_param(&in, "c", ctype_prim(PRIM_BOOL));
    CLambda *lam_lens;
    {
        CBuild li = cb_nested(out);
        CParam cc = cb_param(&li, "c", ctype_prim(PRIM_BOOL));
        CAtom v = cb_select(&li, catom_var(cc.name), cb_i64(1), cb_i64(0));
        CParamVec ps = {0};
        vec_push(&ps, cc);
        CAtomVec rs = {0};
        vec_push(&rs, v);
        lam_lens = cb_lambda(ps, &li, rs);
    }
    CAtom ones = cb_map(out, w, &flags, 1, lam_lens, NULL);
    CAtom offs = cb_offsets(out, ones);
    /* the results gathered back: r[i] = c ? rt[O[i]] : rf[i - O[i]] */
    CParamVec ps = {0};
    vec_push(&ps, i);
    vec_push(&ps, c);
    CAtom before_true = cb_index1(&in, offs, catom_var(i.name));
    CAtom before_false = cb_sub(&in, catom_var(i.name), before_true);
    CAtomVec rs = {0};
    for (int r = 0; r < st->pat.len; r++) {
        CBuild tb = cb_nested(&in), fb = cb_nested(&in);
        CAtom x = cb_index1(&tb, rb[0][r], before_true);
        CAtom y = cb_index1(&fb, rb[1][r], before_false);
        CAtom v = cb_if(&in, catom_var(c.name), &tb, x, &fb, y, "res");
        CParam *vp = &in.body->stms.data[in.body->stms.len - 1].pat.data[0];
        vp->type = anyify(vp->type); /* the sides' rows differ in size */
        cb_note(&in, vp->name, vp->type);
        vec_push(&rs, v);
    }
    CLambda *merge = cb_lambda(ps, &in, rs);
    for (int r = 0; r < merge->ret.len; r++)
        merge->ret.data[r] = anyify(merge->ret.data[r]);
    CAtom margs[2] = {iw, flags};
    CAtom *merged = xmalloc(sizeof *merged * (size_t)(st->pat.len + 1));
    cb_map(out, w, margs, 2, merge, merged);
    for (int r = 0; r < st->pat.len; r++)
        env_put(&env, st->pat.data[r].name, merged[r]);
    return lift_stms(l, stms + s + 1, n - s - 1, res, env, w, out, batches);
}

/* Branch br of an if as S (no call), one call t = f(args), then T (no call, reading nothing S
 * binds): the index of the call, else -1. */
static int tail_call(Lift *l, const CBody *br) {
    int at = -1;
    for (int i = 0; i < br->stms.len; i++) {
        const CExp *e = br->stms.data[i].exp;
        if (e->kind == CE_APPLY && !strcmp(e->fname, l->f->name) && at < 0)
            at = i;
        else if (exp_calls(e, l->f->name, false))
            return -1;
    }
    if (at < 0)
        return -1;
    OMap bound = {0};
    for (int i = 0; i < at; i++)
        for (int k = 0; k < br->stms.data[i].pat.len; k++)
            omap_put(&bound, br->stms.data[i].pat.data[k].name, (void *)1);
    for (int i = at + 1; i < br->stms.len; i++)
        if (reads_any(&br->stms.data[i], &bound))
            return -1;
    for (int k = 0; k < br->result.len; k++)
        if (br->result.data[k].kind == CA_VAR && omap_has(&bound, br->result.data[k].var))
            return -1;
    return at;
}

/* An if st whose two branches each end in a call of f (tail_call) as three statements, so that
 * the calls of both sides are one call of f^ (rather than one per side, which would split the
 * batch at every level):
 *   let args = if c then { S1; in args1 } else { S2; in args2 }
 *   let t = f(args)
 *   let r = if c then { T1[t] } else { T2[t] }
 * False where st has not that form. */
static bool merge_branch_calls(Lift *l, const CStm *st, CStm out[3]) {
    const CExp *e = st->exp;
    if (e->kind != CE_IF)
        return false;
    int at[2] = {tail_call(l, e->body), tail_call(l, e->body2)};
    if (at[0] < 0 || at[1] < 0)
        return false;
    const CFun *f = l->f;
    CExp *args_if = cexp_new(CE_IF, e->loc);
    vec_push(&args_if->args, e->args.data[0]);
    CParamVec apat = {0};
    for (int p = 0; p < f->params.len; p++) {
        CParam a = {opt_fresh("arg"), anyify(f->params.data[p].type)};
        vec_push(&apat, a);
    }
    irr_note_params(l->types, &apat);
    CExp *call = cexp_new(CE_APPLY, e->loc);
    call->fname = f->name;
    const CStm *c0 = &e->body->stms.data[at[0]], *c1 = &e->body2->stms.data[at[1]];
    for (int p = 0; p < apat.len; p++) { /* an argument both calls pass (an invariant one): itself */
        CAtom a0 = c0->exp->args.data[p];
        bool same = catom_eq(a0, c1->exp->args.data[p]) && (a0.kind == CA_CONST || !bound_in(e->body->stms.data, at[0], a0.var));
        vec_push(&call->args, same ? a0 : catom_var(apat.data[p].name));
    }
    CParamVec tpat = {0};
    for (int r = 0; r < c0->pat.len; r++) {
        CParam t = {opt_fresh("rec"), anyify(c0->pat.data[r].type)};
        vec_push(&tpat, t);
    }
    irr_note_params(l->types, &tpat);
    CExp *res_if = cexp_new(CE_IF, e->loc);
    vec_push(&res_if->args, e->args.data[0]);
    for (int k = 0; k < 2; k++) {
        const CBody *br = k == 0 ? e->body : e->body2;
        const CStm *cs = &br->stms.data[at[k]];
        CBody *pre = cbody_new(), *post = cbody_new();
        for (int i = 0; i < at[k]; i++)
            vec_push(&pre->stms, br->stms.data[i]);
        pre->result = cs->exp->args;
        for (int i = at[k] + 1; i < br->stms.len; i++)
            vec_push(&post->stms, br->stms.data[i]);
        post->result = br->result;
        post = core_clone_body(post); /* T's statements get the one call's results */
        OMap sub = {0};
        for (int r = 0; r < cs->pat.len; r++) {
            CAtom *to = xmalloc(sizeof *to);
            *to = catom_var(tpat.data[r].name);
            omap_put(&sub, cs->pat.data[r].name, to);
        }
        opt_subst_body(post, &sub);
        irr_note_body(l->types, post);
        if (k == 0) {
            args_if->body = pre;
            res_if->body = post;
        } else {
            args_if->body2 = pre;
            res_if->body2 = post;
        }
    }
    out[0] = (CStm){apat, args_if};
    out[1] = (CStm){tpat, call};
    out[2] = (CStm){st->pat, res_if};
    return true;
}

/* The statements stms[0, n) of every call of the batch (w calls; env: their variables' values),
 * returning res: into out, the batches of res.  False where a recursive call is where lifting
 * cannot reach it (in a loop, a SOAC's lambda). */
static bool lift_stms(Lift *l, const CStm *stms, int n, const CAtomVec *res, Env env, CAtom w, CBuild *out,
                      CAtom *batches) {
    int s = 0;
    while (s < n && !exp_calls(stms[s].exp, l->f->name, false))
        s++;
    if (s == n) {
        batch_map(l, stms, n, res, &env, w, out, batches);
        return true;
    }
    const CExp *e = stms[s].exp;
    CStm merged[3];
    if (merge_branch_calls(l, &stms[s], merged)) {
        Vec(CStm) all = {0};
        for (int i = 0; i < s; i++)
            vec_push(&all, stms[i]);
        for (int i = 0; i < 3; i++)
            vec_push(&all, merged[i]);
        for (int i = s + 1; i < n; i++)
            vec_push(&all, stms[i]);
        return lift_calls(l, all.data, s + 1, all.len, res, env, w, out, batches);
    }
    if (e->kind == CE_APPLY)
        return lift_calls(l, stms, s, n, res, env, w, out, batches);
    if (e->kind == CE_IF)
        return lift_if(l, stms, s, n, res, env, w, out, batches);
    return false;
}

/* ------------------------------------------------------------------ f^ */

/* An empty value of an array of type t (w = 0 of them). */
static CAtom empty_of(CBuild *b, CAtom w, CType t) {
    CAtom zero = t.prim == PRIM_BOOL ? catom_bool(false)
                 : (t.prim == PRIM_F16 || t.prim == PRIM_F32 || t.prim == PRIM_F64) ? catom_float(t.prim, 0)
                                                                                     : catom_int(t.prim, 0);
    CAtom v = zero;
    for (int k = 0; k < t.rank; k++)
        v = cb_replicate(b, cb_i64(0), v);
    return cb_replicate(b, w, v);
}

static CFun *lift_fun(Lift *l) {
    const CFun *f = l->f;
    CFun *g = xmalloc(sizeof *g);
    memset(g, 0, sizeof *g);
    g->name = l->lifted;
    g->loc = f->loc;
    g->host = true;
    const char *n = opt_fresh("calls");
    vec_push(&g->sizes, n);
    CType *nt = xmalloc(sizeof *nt);
    *nt = ctype_prim(PRIM_I64);
    omap_put(l->types, n, nt);
    Env env = {0};
    for (int i = 0; i < f->params.len; i++) {
        CType pt = anyify(f->params.data[i].type);
        CParam p = {opt_fresh(f->params.data[i].name), l->inv[i] ? pt : ctype_outer(cdim_var(n), pt)};
        p.type.unique = !l->inv[i]; /* the batch is f^'s to free at its last use (the note above) */
        vec_push(&g->params, p);
        CType *t = xmalloc(sizeof *t);
        *t = p.type;
        omap_put(l->types, p.name, t);
        if (l->inv[i]) {
            CAtom *to = xmalloc(sizeof *to);
            *to = catom_var(p.name);
            omap_put(&l->subst, f->params.data[i].name, to);
        } else {
            env_put(&env, f->params.data[i].name, catom_var(p.name));
        }
    }
    for (int r = 0; r < f->ret.len; r++)
        vec_push(&g->ret, ctype_outer(cdim_any(), anyify(f->ret.data[r]))); /* n may be bound in the body (represent) */
    g->body = cbody_new();
    CBuild b = {g->body, f->loc, l->types};
    CAtom none = cb_op2(&b, COP_EQ, PRIM_I64, catom_var(n), cb_i64(0));
    CBuild tb = cb_nested(&b), eb = cb_nested(&b);
    CAtomVec empties = {0};
    for (int r = 0; r < f->ret.len; r++)
        vec_push(&empties, empty_of(&tb, catom_var(n), f->ret.data[r]));
    tb.body->result = empties;
    /* one call's statements: its sizes from its arguments, then f's body */
    Vec(CStm) stms = {0};
    for (int k = 0; k < f->sizes.len; k++) {
        const char *size = f->sizes.data[k];
        bool found = false;
        for (int i = 0; i < f->params.len && !found; i++)
            for (int d = 0; d < f->params.data[i].type.rank && !found; d++)
                if (f->params.data[i].type.dims[d].kind == CDIM_VAR && !strcmp(f->params.data[i].type.dims[d].var, size)) {
                    CExp *se = cexp_new(CE_SIZE, f->loc);
                    se->dim = d;
                    vec_push(&se->args, catom_var(f->params.data[i].name));
                    CParamVec pat = {0};
                    vec_push(&pat, ((CParam){size, ctype_prim(PRIM_I64)}));
                    vec_push(&stms, ((CStm){pat, se}));
                    found = true;
                }
        if (!found)
            return NULL;
    }
    for (int i = 0; i < f->body->stms.len; i++)
        vec_push(&stms, f->body->stms.data[i]);
    CAtom *rs = xmalloc(sizeof *rs * (size_t)(f->ret.len + 1));
    if (!lift_stms(l, stms.data, stms.len, &f->body->result, env, catom_var(n), &eb, rs))
        return NULL;
    for (int r = 0; r < f->ret.len; r++)
        vec_push(&eb.body->result, rs[r]);
    CExp *ife = cb_exp(&b, CE_IF);
    vec_push(&ife->args, none);
    ife->body = tb.body;
    ife->body2 = eb.body;
    CParamVec pat = {0};
    for (int r = 0; r < g->ret.len; r++) {
        CParam p = {opt_fresh("batch"), g->ret.data[r]};
        vec_push(&pat, p);
    }
    cb_let_pat(&b, pat, ife);
    for (int r = 0; r < pat.len; r++)
        vec_push(&g->body->result, catom_var(pat.data[r].name));
    return g;
}

/* ------------------------------------------------------------------ call sites */

typedef struct {
    CProg *prog;
    Vec(Lift) lifts; /* the lifted functions */
    CFun *entry;
    OMap types;
} Sites;

static const Lift *lift_called(Sites *s, const CBody *b) {
    for (int i = 0; i < s->lifts.len; i++)
        if (body_calls(b, s->lifts.data[i].f->name, false))
            return &s->lifts.data[i];
    return NULL;
}

/* let c = threshold "ENTRY.suff_outer_par_K" par */
static CAtom outer_guard(Sites *s, CBuild *b, CAtom par) {
    int k = s->prog->thresholds.len;
    /* The CPU: the original by default (any number of calls >= 1).  A lifted quicksort ran 2.6
     * times slower than one thread per call on the 2-core development machine (2M elements in
     * one call; docs/FLATTENING.md "Function lifting"): its levels make 2-3 times the passes
     * over the data, which only more cores repay; `weft autotune` or --param chooses it.  The
     * GPU: the original too — on an H200 the lifted quicksort of 2M i32 in one call took over
     * 40 s for 4 runs (first 14.9 s) against 0.77 s a run for the original, whose partitions
     * are top-level kernels (docs/PERFORMANCE.md); the lifted one there is --param's. */
    CThreshold t = {xsprintf("%s.suff_outer_par_%d", s->entry->name, k), 1, false};
    vec_push(&s->prog->thresholds, t);
    CExp *th = cb_exp(b, CE_THRESHOLD);
    th->dim = k;
    th->msg = s->prog->thresholds.data[k].name;
    vec_push(&th->args, par);
    return cb_let(b, "suff", ctype_prim(PRIM_BOOL), th);
}

/* The lifted version of map (or call) st, into body lifted, returning its results; false (nothing
 * usable) where the body cannot be lifted. */
static bool lifted_site(Sites *s, const CStm *st, CBuild *lb, CAtom *par) {
    const CExp *e = st->exp;
    CAtom *rs = xmalloc(sizeof *rs * (size_t)(st->pat.len + 1));
    if (e->kind == CE_SCREMA) {
        const Lift *l = lift_called(s, e->lam->body);
        Lift lc = *l;
        lc.types = &s->types;
        lc.subst = (OMap){0}; /* f's own parameters do not occur at the site */
        Env env = {0};
        for (int i = 0; i < e->lam->params.len; i++)
            env_put(&env, e->lam->params.data[i].name, e->arrays.data[i]);
        if (!lift_stms(&lc, e->lam->body->stms.data, e->lam->body->stms.len, &e->lam->body->result, env, e->args.data[0],
                       lb, rs))
            return false;
        *par = e->args.data[0];
    } else { /* a call: a batch of one */
        const Lift *l = NULL;
        for (int i = 0; i < s->lifts.len; i++)
            if (!strcmp(s->lifts.data[i].f->name, e->fname))
                l = &s->lifts.data[i];
        CExp *call = cb_exp(lb, CE_APPLY);
        call->fname = l->lifted;
        for (int i = 0; i < e->args.len; i++)
            vec_push(&call->args, l->inv[i] ? e->args.data[i] : cb_replicate(lb, cb_i64(1), e->args.data[i]));
        CParamVec rpat = {0};
        for (int r = 0; r < l->f->ret.len; r++) {
            CParam rp = {opt_fresh("lifted"), ctype_outer(cdim_const(1), anyify(l->f->ret.data[r]))};
            vec_push(&rpat, rp);
            cb_note(lb, rp.name, rp.type);
        }
        cb_let_pat(lb, rpat, call);
        for (int r = 0; r < rpat.len; r++)
            rs[r] = cb_index1(lb, catom_var(rpat.data[r].name), cb_i64(0));
        *par = cb_i64(1);
    }
    for (int r = 0; r < st->pat.len; r++)
        vec_push(&lb->body->result, rs[r]);
    return true;
}

static bool body_parallel(const CBody *b) {
    for (int i = 0; i < b->stms.len; i++)
        if (irr_runs_parallel(b->stms.data[i].exp))
            return true;
    return false;
}

static bool is_site(Sites *s, const CStm *st) {
    const CExp *e = st->exp;
    if (e->kind == CE_SCREMA)
        return !e->scans.len && !e->reds.len && !e->offsets.len && lift_called(s, e->lam->body);
    if (e->kind == CE_APPLY) /* one call: lifted where its body has parallel work to spread */
        for (int i = 0; i < s->lifts.len; i++)
            if (!strcmp(s->lifts.data[i].f->name, e->fname))
                return body_parallel(s->lifts.data[i].f->body);
    return false;
}

/* The call sites at the top level of an entry's body: each a version switch, the original call(s)
 * where the calls are many, else the lifted ones. */
static void lift_sites(Sites *s, CFun *entry) {
    s->entry = entry;
    s->types = (OMap){0};
    Lift tl = {s->prog, NULL, NULL, &s->types, NULL, {0}};
    irr_note_params(tl.types, &entry->params);
    irr_note_body(tl.types, entry->body);
    for (int k = 0; k < entry->sizes.len; k++) {
        CType *t = xmalloc(sizeof *t);
        *t = ctype_prim(PRIM_I64);
        omap_put(&s->types, entry->sizes.data[k], t);
    }
    CBody *nb = cbody_new();
    CBuild b = {nb, entry->loc, &s->types};
    for (int i = 0; i < entry->body->stms.len; i++) {
        CStm *st = &entry->body->stms.data[i];
        if (!is_site(s, st)) {
            vec_push(&nb->stms, *st);
            continue;
        }
        int mark = nb->stms.len;
        CBuild lb = cb_nested(&b);
        b.loc = st->exp->loc;
        lb.loc = st->exp->loc;
        CAtom par;
        if (!lifted_site(s, st, &lb, &par)) {
            nb->stms.len = mark;
            vec_push(&nb->stms, *st);
            continue;
        }
        CAtom cond = outer_guard(s, &b, par);
        CBody *orig = cbody_new();
        CParamVec opat = {0};
        for (int k = 0; k < st->pat.len; k++) {
            CParam p = {opt_fresh(st->pat.data[k].name), st->pat.data[k].type};
            vec_push(&opat, p);
            vec_push(&orig->result, catom_var(p.name));
        }
        cbody_let(orig, opat, st->exp);
        CExp *ife = cb_exp(&b, CE_IF);
        vec_push(&ife->args, cond);
        ife->body = orig;
        ife->body2 = lb.body;
        cb_let_pat(&b, st->pat, ife);
    }
    nb->result = entry->body->result;
    entry->body = nb;
}

void lift_prog(CProg *p, FlattenTarget target) {
    Sites s = {p, {0}, NULL, {0}};
    int nfuns = p->funs.len;
    for (int i = 0; i < nfuns; i++) {
        CFun *f = p->funs.data[i];
        if (!liftable_fun(f))
            continue;
        int mark = opt_fresh_mark();
        OMap *types = xmalloc(sizeof *types);
        *types = (OMap){0};
        Lift l = {p, f, intern(xsprintf("%s_lifted", f->name)), types, xmalloc(sizeof(bool) * (size_t)f->params.len), {0}};
        for (int k = 0; k < f->params.len; k++)
            l.inv[k] = invariant_param(f, k);
        irr_note_params(l.types, &f->params);
        irr_note_body(l.types, f->body);
        for (int k = 0; k < f->sizes.len; k++) {
            CType *t = xmalloc(sizeof *t);
            *t = ctype_prim(PRIM_I64);
            omap_put(types, f->sizes.data[k], t);
        }
        CFun *g = lift_fun(&l);
        if (!g) {
            opt_fresh_rewind(mark);
            continue;
        }
        vec_push(&p->funs, g);
        vec_push(&s.lifts, l);
    }
    if (!s.lifts.len)
        return;
    for (int i = 0; i < nfuns; i++)
        if (p->funs.data[i]->is_entry)
            lift_sites(&s, p->funs.data[i]);
    /* a lifted function no entry point calls (its calls elsewhere) goes */
    int kept = nfuns;
    for (int i = nfuns; i < p->funs.len; i++) {
        CFun *g = p->funs.data[i];
        bool called = false;
        for (int k = 0; k < nfuns && !called; k++)
            called = p->funs.data[k]->is_entry && body_calls(p->funs.data[k]->body, g->name, false);
        if (called)
            p->funs.data[kept++] = g;
    }
    p->funs.len = kept;
}
