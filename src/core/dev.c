/* dev.c — `weft dev --print=core PROG.fut` (internalise, verify, print) and
 * `weft dev --print=core-parse FILE` (parse a printed core program, verify, print it again:
 * tests/scripts/core_roundtrip.sh compares the two texts).  `--print=core-opt` prints after the
 * optimiser (passes.c), `--print=core-opt=PASS` after the pass named PASS; the verifier runs
 * after every pass.  A stage ending in `-run` (`core-run`, `core-opt-run`, `core-opt=PASS-run`)
 * runs the result with the core evaluator (eval.c) on arguments from stdin instead of printing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../driver/driver.h"
#include "ir.h"
#include "../opt/opt.h"

int core_dev(const char *stage, const char *path) {
    CProg *p;
    const char *after = NULL;
    size_t len = strlen(stage);
    bool run = len > 4 && !strcmp(stage + len - 4, "-run");
    if (run)
        stage = intern_n(stage, len - 4);
    if (!strncmp(stage, "core-opt", 8) && (!stage[8] || stage[8] == '=')) {
        after = stage[8] ? stage + 9 : "all";
        stage = "core";
    }
    if (!strcmp(stage, "core-parse")) {
        char *text = read_file(path, NULL);
        if (!text)
            fatal("cannot read '%s': %s", path, strerror(errno));
        p = core_parse(path, text);
    } else if (!strcmp(stage, "core")) {
        Loaded l = load_program(path, "check");
        p = core_internalise(l.prog, l.first_user_decl);
    } else {
        fatal("dev: unknown stage '%s' (known: ast, typed, core, core-opt, core-opt=PASS, core-parse)", stage);
    }
    int errors = core_verify(p, stage);
    if (!errors && after)
        errors = core_optimise(p, after, true);
    if (errors && !getenv("WEFT_CORE_PRINT_BAD"))
        return 1;
    if (run)
        return core_eval_entry(p, stdin, stdout);
    core_print_prog(stdout, p);
    return errors ? 1 : 0;
}
