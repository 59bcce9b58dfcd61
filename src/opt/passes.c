/* passes.c — the optimiser's pipeline (DESIGN.md step 5): one table lists the passes in order,
 * each with the name `weft dev --print=opt --after=NAME` stops after.
 *
 * The core verifier runs after every pass for `weft dev --print=opt` and with --verify-passes
 * for the commands that compile (the pipeline's options, src/driver/driver.h).  There is no inlining pass: the internaliser
 * already inlines every call, and `apply` appears only in code later passes outline.
 */
#include <stdlib.h>
#include <string.h>

#include "opt.h"

/* simplify, CSE and DCE again, to clean up what hoisting and fusion leave behind; before them
 * the rewrites of arrays only sized (an if's results, concatenations, filters), after a DCE
 * (ifsink.c moves reads past statements only if those may not fail: dead ones would stop it) */
void core_cleanup(CProg *p) {
    core_flatten_concats(p);
    core_dce(p);
    core_sink_into_ifs(p);
    core_dce(p); /* what the branches computed only for the arrays the ifs no longer return */
    core_count_filters(p);
    core_simplify(p);
    core_cse(p);
    core_dce(p);
}

static const CPass passes[] = {
    {"simplify", core_simplify},
    {"cse", core_cse},
    {"dce", core_dce},
    {"hoist", core_hoist},
    {"fuse", core_fuse},
    {"cleanup", core_cleanup},
};
enum { NPASSES = sizeof(passes) / sizeof(passes[0]) };

int core_optimise(CProg *p, const char *stop_after, bool verify) {
    if (stop_after && !strcmp(stop_after, "all"))
        stop_after = NULL;
    if (stop_after) {
        int k = 0;
        while (k < NPASSES && strcmp(passes[k].name, stop_after))
            k++;
        if (k == NPASSES) {
            StrBuf sb = {0};
            for (int i = 0; i < NPASSES; i++)
                sb_printf(&sb, "%s, ", passes[i].name);
            fatal("unknown pass '%s' (known: %sall)", stop_after, sb.data);
        }
    }
    int errors = 0;
    for (int i = 0; i < NPASSES; i++) {
        passes[i].run(p);
        if (verify)
            errors += core_verify(p, passes[i].name);
        if (errors || (stop_after && !strcmp(passes[i].name, stop_after)))
            break;
    }
    return errors;
}
