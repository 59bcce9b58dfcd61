/* escape.c — which arrays made in an iteration may outlive it (slots: docs/BACKENDS.md).
 *
 * An array allocated inside a loop body or a SOAC lambda is either scratch — it dies within the
 * iteration, so its slot holds the only reference and the next iteration reuses the block, and
 * the variable itself holds none (no reference counting at all) — or it escapes: it is carried
 * to the next iteration (a loop body's result, an operator's new accumulator), so its variable
 * owns a reference and its slot alternates between two blocks.
 *
 * The analysis starts from the body's results when they escape and walks back through
 * everything that may share memory with an escaping value: the arrays that views and updates
 * are made of, the branch results of an if, the initial values of a loop, the destinations of
 * scatter and hist, the arguments of a call.  Treating an escaping array as scratch would still be correct (whoever
 * keeps it takes a reference, and a slot only reuses a block nobody else holds) but slower:
 * its slot would need a new block every iteration.
 */
#include "memory.h"

static void add(OMap *out, CAtom a, bool *changed) {
    if (a.kind == CA_VAR && !omap_has(out, a.var)) {
        omap_put(out, a.var, (void *)1);
        *changed = true;
    }
}

static bool escapes(const OMap *out, const CParamVec *pat) {
    for (int i = 0; i < pat->len; i++)
        if (omap_has(out, pat->data[i].name))
            return true;
    return false;
}

static void walk(const CBody *b, OMap *out, bool *changed) {
    for (int i = b->stms.len - 1; i >= 0; i--) {
        const CStm *s = &b->stms.data[i];
        const CExp *e = s->exp;
        if (e->kind == CE_IF) {
            for (int k = 0; k < s->pat.len; k++)
                if (omap_has(out, s->pat.data[k].name)) {
                    add(out, e->body->result.data[k], changed);
                    add(out, e->body2->result.data[k], changed);
                }
            walk(e->body, out, changed);
            walk(e->body2, out, changed);
            continue;
        }
        if (!escapes(out, &s->pat))
            continue;
        switch (e->kind) {
        case CE_ATOM:
        case CE_INDEX:
        case CE_UPDATE:
        case CE_REARRANGE:
        case CE_FLATTEN: add(out, e->args.data[0], changed); break;
        case CE_UNFLATTEN: add(out, e->args.data[2], changed); break;
        case CE_LOOP:
            for (int k = 0; k < s->pat.len; k++)
                if (omap_has(out, s->pat.data[k].name))
                    add(out, e->args.data[k], changed);
            break;
        case CE_SCATTER:
        case CE_HIST:
            for (int k = 0; k < e->dests.len; k++)
                add(out, e->dests.data[k], changed);
            break;
        case CE_APPLY: /* a result may be an argument */
            for (int k = 0; k < e->args.len; k++)
                add(out, e->args.data[k], changed);
            break;
        default: break;
        }
    }
}

void fesc_body(const CBody *b, bool results_escape, OMap *out) {
    bool changed = false;
    if (results_escape)
        for (int i = 0; i < b->result.len; i++)
            add(out, b->result.data[i], &changed);
    changed = true;
    while (changed) {
        changed = false;
        walk(b, out, &changed);
    }
}
