/* concat.c — nested concatenations as one: `let ab = concat a b ... let abc = concat ab c`, ab
 * read nowhere else and bound in the same body, becomes `let abc = concat a b c` (and ab is
 * gone), so that `xs ++ ys ++ zs` copies each element once instead of xs's and ys's twice (a
 * quicksort's result per call, docs/FLATTENING.md "Function lifting").  The one concatenation
 * checks the same sizes the two did.  Part of core_cleanup.
 */
#include <stdlib.h>

#include "opt.h"

static void flatten_concats(CBody *b, OMap *uses);

static void in_exp(CExp *e, OMap *uses) {
    if (e->body)
        flatten_concats(e->body, uses);
    if (e->body2)
        flatten_concats(e->body2, uses);
    if (e->lam)
        flatten_concats(e->lam->body, uses);
    for (int j = 0; j < e->scans.len; j++)
        flatten_concats(e->scans.data[j].lam->body, uses);
    for (int j = 0; j < e->reds.len; j++)
        flatten_concats(e->reds.data[j].lam->body, uses);
}

static void flatten_concats(CBody *b, OMap *uses) {
    OMap made = {0}; /* a concatenation's result at this level -> its statement's index + 1 */
    bool *gone = xmalloc(sizeof *gone * (size_t)(b->stms.len + 1));
    for (int i = 0; i < b->stms.len; i++) {
        gone[i] = false;
        CStm *st = &b->stms.data[i];
        CExp *e = st->exp;
        in_exp(e, uses);
        if (e->kind != CE_CONCAT)
            continue;
        CAtomVec args = {0};
        bool spliced = false;
        for (int k = 0; k < e->args.len; k++) {
            CAtom a = e->args.data[k];
            intptr_t at = a.kind == CA_VAR ? omap_int(&made, a.var) : 0;
            if (!at || omap_int(uses, a.var) != 1) {
                vec_push(&args, a);
                continue;
            }
            const CExp *inner = b->stms.data[at - 1].exp;
            for (int m = 0; m < inner->args.len; m++)
                vec_push(&args, inner->args.data[m]);
            gone[at - 1] = spliced = true;
        }
        if (spliced)
            e->args = args;
        if (st->pat.len == 1)
            omap_put(&made, st->pat.data[0].name, (void *)(intptr_t)(i + 1));
    }
    opt_remove_marked(b, gone);
    free(gone);
}

void core_flatten_concats(CProg *p) {
    for (int i = 0; i < p->funs.len; i++) {
        OMap uses = {0};
        opt_count_body(p->funs.data[i]->body, &uses);
        flatten_concats(p->funs.data[i]->body, &uses);
    }
}
