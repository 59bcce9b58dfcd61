/* check.h — the unit tests' CHECK(cond): records one pass, or one failure reported on stderr
 * with the file and line.  The test prints "NAME: N passed, N failed" from passed and failed
 * and exits non-zero on any failure (tests/run.sh sums the counts). */
#ifndef WEFT_UNIT_CHECK_H
#define WEFT_UNIT_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond) check_((cond), #cond, __FILE__, __LINE__)
static void check_(int ok, const char *what, const char *file, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
    }
}

#endif
