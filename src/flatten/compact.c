/* compact.c — a filter or partition at the host level of a GPU program, as a compaction
 * (docs/FLATTENING.md, "Filters on the GPU"):
 *
 *     flags = map (\x -> if p x then 1 else 0) xs
 *     offs  = the exclusive scan of flags, the count kept after them (n + 1 entries)
 *     place = map (\i -> kept: offs[i]; rejected: -1) (iota n)   (a partition: also the
 *             rejected ones' places, i - offs[i], and -1 at the kept)
 *     ys    = scatter (replicate offs[n] 0) place xs             (one per part)
 *
 * The maps, the scan and the scatters become kernels; a filter statement has none in the CUDA
 * backend and would run on the host, its inputs copied there and back.  Elements are scalars
 * (one array per tuple component): a filter of rows stays as it is.
 */
#include "flatten.h"

/* The predicate as a map lambda of the flags: 1 where it holds, else 0. */
static CLambda *flag_lambda(CBuild *b, const CLambda *pred) {
    CLambda tmp = *pred;
    tmp.body = cbody_new();
    for (int i = 0; i < pred->body->stms.len; i++)
        vec_push(&tmp.body->stms, pred->body->stms.data[i]);
    CBuild in = cb_nested(b);
    in.body = tmp.body;
    CAtom flag = cb_select(&in, pred->body->result.data[0], cb_i64(1), cb_i64(0));
    vec_push(&tmp.body->result, flag);
    tmp.ret = (CTypeVec){0};
    vec_push(&tmp.ret, ctype_prim(PRIM_I64));
    return core_clone_lambda(&tmp);
}

/* Each element's place in part `part` (0: kept, 1: rejected), -1 where it goes to the other. */
static CAtom places(CBuild *b, CAtom n, CAtom flags, CAtom offs, int part) {
    CBuild in = cb_nested(b);
    CParam i = cb_param(&in, "i", ctype_prim(PRIM_I64));
    CAtom iv = catom_var(i.name);
    CAtom kept = cb_op2(&in, COP_EQ, PRIM_I64, cb_index1(&in, flags, iv), cb_i64(1));
    CAtom before = cb_index1(&in, offs, iv);
    CAtomVec res = {0};
    if (part == 0)
        vec_push(&res, cb_select(&in, kept, before, cb_i64(-1)));
    else
        vec_push(&res, cb_select(&in, kept, cb_i64(-1), cb_sub(&in, iv, before)));
    CParamVec ps = {0};
    vec_push(&ps, i);
    CAtom idx = cb_iota(b, n);
    return cb_map(b, n, &idx, 1, cb_lambda(ps, &in, res), NULL);
}

bool compact_filter(const CStm *s, CBuild *b) {
    const CExp *e = s->exp;
    if (e->kind != CE_FILTER)
        return false;
    for (int k = 0; k < e->arrays.len; k++)
        if (cb_type(b, e->arrays.data[k]).rank != 1)
            return false;
    CAtom n = e->args.data[0];
    CAtom flags = cb_map(b, n, e->arrays.data, e->arrays.len, flag_lambda(b, e->lam), NULL);
    CAtom offs = cb_offsets(b, flags);
    CAtom kept = cb_last(b, offs);
    CAtomVec xs = {0};
    for (int k = 0; k < e->arrays.len; k++)
        vec_push(&xs, e->arrays.data[k]);
    CParamVec part[2] = {{0}, {0}};
    for (int j = 0; j < s->pat.len; j++)
        vec_push(&part[j / xs.len], s->pat.data[j]);
    cb_scatter_places(b, n, kept, places(b, n, flags, offs, 0), &xs, &part[0]);
    if (e->partition)
        cb_scatter_places(b, n, cb_sub(b, n, kept), places(b, n, flags, offs, 1), &xs, &part[1]);
    return true;
}
