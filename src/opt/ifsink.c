/* ifsink.c — scalar reads of an if's array results moved into its branches, so that the if
 * returns the scalars and its arrays are no longer results (DCE then drops them):
 *
 *   let (r, s) = if c then { B1 in (a, x) }            let (r, s, n) = if c then { B1; let n1 = size 0 a in (a, x, n1) }
 *                else { B2 in (b, y) }          =>                       else { B2; let n2 = size 0 b in (b, y, n2) }
 *   let n = size 0 r   -- r read only here
 *
 * The statements moved are cheap scalar ones (an atom, an operator, `size`, a plain index)
 * that read a result of the if or of a statement moved before them, and nothing bound after
 * the if by a statement that stays.  One that may fail (an index, a division) moves only
 * while no statement between the if and it that stays may fail, so the first failure is the
 * same.  The if is rewritten only when some array result then has no reader left.
 *
 * Second, in a map whose results are concatenated by offsets (the represent pass's, whose
 * rows vary), statements after the body's last if that read its arrays — the represent
 * pass's views of a jagged row the if returns: its level lengths, its data slice — move into
 * both branches whole, so that the if's results are the map's results:
 *
 *   map (\x -> let r = if c then B1 else B2           map (\x -> let (l, d) = if c then { B1; T[r1] in (l1, d1) }
 *               let (l, d) = T[r] in (l, d)) xs   =>                          else { B2; T[r2] in (l2, d2) }
 *                                                                in (l, d)) xs
 *
 * for a tail T of at most TAIL_MAX statements with no if, loop or call of its own.
 *
 * Why: the represent pass's size slice of a map (docs/FLATTENING.md) reads the sizes of the
 * rows that an if of its body returns (quickhull's `split_edge`: one or two rows), and its
 * value map reads the rows' offsets; with the sizes computed in the branches, the slice's if
 * returns scalars, its branches' filters become counts (count.c), and with the views in the
 * branches the value map returns the if's rows: both are ifs of rule 8 (irr_control.c), which
 * partitions the elements by the condition and flattens each branch.  Part of core_cleanup.
 */
#include <stdlib.h>

#include "opt.h"

/* Whether statement st is one ifsink may move: a scalar from an atom, an operator, a size or
 * an index of plain indices. */
static bool movable(const CStm *st) {
    if (st->pat.len != 1 || st->pat.data[0].type.rank)
        return false;
    const CExp *e = st->exp;
    switch (e->kind) {
    case CE_ATOM:
    case CE_OP:
    case CE_SIZE:
        return true;
    case CE_INDEX:
        for (int k = 0; k < e->slice.len; k++)
            if (e->slice.data[k].is_slice)
                return false;
        return true;
    default:
        return false;
    }
}

/* Whether any key of a is in b. */
static bool meets(const OMap *a, const OMap *b) {
    for (int q = 0; q < a->cap; q++)
        if (a->keys[q] && omap_has(b, a->keys[q]))
            return true;
    return false;
}

/* The statements after the if at b's statement i to move into it (move[j] set), chosen as the
 * file's note says; whether there is any. */
static bool choose(const CBody *b, int i, bool *move) {
    OMap mine = {0}, after = {0};
    const CStm *s = &b->stms.data[i];
    for (int k = 0; k < s->pat.len; k++)
        omap_put(&mine, s->pat.data[k].name, (void *)1);
    bool barrier = false, any = false;
    for (int j = i + 1; j < b->stms.len; j++) {
        const CStm *t = &b->stms.data[j];
        bool fails = opt_stm_may_fail(t);
        move[j] = false;
        if (movable(t)) {
            OMap reads = {0};
            opt_count_exp(t->exp, &reads);
            if (meets(&reads, &mine) && !meets(&reads, &after) && (!fails || !barrier)) {
                move[j] = any = true;
                omap_put(&mine, t->pat.data[0].name, (void *)1);
                continue;
            }
        }
        barrier = barrier || fails;
        for (int k = 0; k < t->pat.len; k++)
            omap_put(&after, t->pat.data[k].name, (void *)1);
    }
    return any;
}

/* Whether moving the statements move[] leaves an array result of the if at statement i
 * without a reader (the statements that stay, nested bodies included, and b's results). */
static bool frees_an_array(CBody *b, int i, const bool *move) {
    OMap uses = {0};
    for (int j = i + 1; j < b->stms.len; j++)
        if (!move[j])
            opt_count_exp(b->stms.data[j].exp, &uses);
    for (int k = 0; k < b->result.len; k++)
        if (b->result.data[k].kind == CA_VAR)
            omap_add(&uses, b->result.data[k].var, 1);
    const CStm *s = &b->stms.data[i];
    for (int k = 0; k < s->pat.len; k++)
        if (s->pat.data[k].type.rank && !omap_int(&uses, s->pat.data[k].name))
            return true;
    return false;
}

/* A copy of e (movable: no nested bodies) whose variables subst renames. */
static CExp *copy_renamed(const CExp *e, const OMap *subst) {
    CExp *c = cexp_new(e->kind, e->loc);
    *c = *e;
    c->args = (CAtomVec){0};
    c->slice = (CIndexVec){0};
    for (int k = 0; k < e->args.len; k++)
        vec_push(&c->args, e->args.data[k]);
    for (int k = 0; k < e->slice.len; k++)
        vec_push(&c->slice, e->slice.data[k]);
    opt_subst_exp(c, subst);
    return c;
}

/* The statements move[] appended to branch br of if statement s, each under a fresh name,
 * their values added to br's results. */
static void move_into(const CBody *b, const CStm *s, CBody *br, const bool *move) {
    OMap subst = {0};
    for (int k = 0; k < s->pat.len; k++) {
        CAtom *a = xmalloc(sizeof *a);
        *a = br->result.data[k];
        omap_put(&subst, s->pat.data[k].name, a);
    }
    for (int j = 0; j < b->stms.len; j++) {
        if (!move[j])
            continue;
        const CStm *t = &b->stms.data[j];
        CParamVec pat = {0};
        vec_push(&pat, ((CParam){opt_fresh(t->pat.data[0].name), t->pat.data[0].type}));
        cbody_let(br, pat, copy_renamed(t->exp, &subst));
        CAtom *a = xmalloc(sizeof *a);
        *a = catom_var(pat.data[0].name);
        omap_put(&subst, t->pat.data[0].name, a);
        vec_push(&br->result, *a);
    }
}

enum { TAIL_MAX = 64 };

/* The index of the if of body b whose tail (every statement after it) moves into it, as the
 * file's note says; -1 if none. */
static int tail_if(const CBody *b) {
    int c = b->stms.len - 1;
    while (c >= 0 && b->stms.data[c].exp->kind != CE_IF) {
        CExpKind k = b->stms.data[c].exp->kind;
        if (k == CE_LOOP || k == CE_APPLY || b->stms.len - 1 - c >= TAIL_MAX)
            return -1;
        c--;
    }
    if (c < 0 || c == b->stms.len - 1)
        return -1;
    const CStm *s = &b->stms.data[c];
    OMap uses = {0};
    for (int j = c + 1; j < b->stms.len; j++)
        opt_count_exp(b->stms.data[j].exp, &uses);
    for (int k = 0; k < s->pat.len; k++)
        if (s->pat.data[k].type.rank && omap_has(&uses, s->pat.data[k].name))
            return c;
    return -1;
}

/* Branch br of the if s followed by a copy of tail (its variables renamed), whose results
 * become br's. */
static void append_tail(const CStm *s, CBody *br, const CBody *tail) {
    CBody *t = core_clone_body(tail);
    OMap subst = {0};
    for (int k = 0; k < s->pat.len; k++) {
        CAtom *a = xmalloc(sizeof *a);
        *a = br->result.data[k];
        omap_put(&subst, s->pat.data[k].name, a);
    }
    opt_subst_body(t, &subst);
    for (int j = 0; j < t->stms.len; j++)
        vec_push(&br->stms, t->stms.data[j]);
    br->result = t->result;
}

/* Map lambda l (of a map whose results are concatenated by offsets) with the tail after its
 * last if moved into the if (tail_if). */
static void tail_into_if(CLambda *l) {
    CBody *b = l->body;
    int c = tail_if(b);
    if (c < 0)
        return;
    CBody tail = {0};
    for (int j = c + 1; j < b->stms.len; j++)
        vec_push(&tail.stms, b->stms.data[j]);
    tail.result = b->result;
    CStm *s = &b->stms.data[c];
    append_tail(s, s->exp->body, &tail);
    append_tail(s, s->exp->body2, &tail);
    CParamVec pat = {0};
    CAtomVec res = {0};
    for (int k = 0; k < l->ret.len; k++) {
        vec_push(&pat, ((CParam){opt_fresh("r"), l->ret.data[k]}));
        vec_push(&res, catom_var(pat.data[k].name));
    }
    s->pat = pat;
    b->stms.len = c + 1;
    b->result = res;
}

static void sink_body(CBody *b);

static void sink_exp(CExp *e) {
    if (e->body)
        sink_body(e->body);
    if (e->body2)
        sink_body(e->body2);
    if (e->lam && e->kind == CE_SCREMA && e->offsets.len)
        tail_into_if(e->lam);
    if (e->lam)
        sink_body(e->lam->body);
    for (int j = 0; j < e->scans.len; j++)
        sink_body(e->scans.data[j].lam->body);
    for (int j = 0; j < e->reds.len; j++)
        sink_body(e->reds.data[j].lam->body);
}

static void sink_body(CBody *b) {
    for (int i = 0; i < b->stms.len; i++) {
        CStm *s = &b->stms.data[i];
        sink_exp(s->exp);
        if (s->exp->kind != CE_IF)
            continue;
        bool *move = xmalloc(sizeof *move * (size_t)(b->stms.len + 1));
        for (int j = 0; j <= i; j++)
            move[j] = false;
        if (choose(b, i, move) && frees_an_array(b, i, move)) {
            move_into(b, s, s->exp->body, move);
            move_into(b, s, s->exp->body2, move);
            for (int j = i + 1; j < b->stms.len; j++)
                if (move[j])
                    vec_push(&s->pat, b->stms.data[j].pat.data[0]);
            opt_remove_marked(b, move);
        }
        free(move);
    }
}

void core_sink_into_ifs(CProg *p) {
    for (int i = 0; i < p->funs.len; i++)
        sink_body(p->funs.data[i]->body);
}
