/* dev.c — `weft dev --print=core PROG.fut` (internalise, verify, print) and
 * `weft dev --print=core-parse FILE` (parse a printed core program, verify, print it again:
 * tests/scripts/core_roundtrip.sh compares the two texts).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../driver/driver.h"
#include "ir.h"

int core_dev(const char *stage, const char *path) {
    CProg *p;
    if (!strcmp(stage, "core-parse")) {
        char *text = read_file(path, NULL);
        if (!text)
            fatal("cannot read '%s': %s", path, strerror(errno));
        p = core_parse(path, text);
    } else if (!strcmp(stage, "core")) {
        Loaded l = load_program(path, "check");
        p = core_internalise(l.prog, l.first_user_decl);
    } else {
        fatal("dev: unknown stage '%s' (known: ast, typed, core, core-parse)", stage);
    }
    int errors = core_verify(p, stage);
    if (errors && !getenv("WEFT_CORE_PRINT_BAD"))
        return 1;
    core_print_prog(stdout, p);
    return errors ? 1 : 0;
}
