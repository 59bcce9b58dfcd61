/* fpar.c — weft multicore on the flat backend: outermost SOACs as OpenMP parallel regions. */
#include "fgen.h"

bool fp_parallel(FGen *g, const CStm *s) {
    (void)g;
    (void)s;
    return false;
}

void fp_soac(FGen *g, const CStm *s) {
    (void)g;
    (void)s;
    die("fgen: parallel SOACs are not written yet");
}

const char *fp_param_table(FGen *g) {
    (void)g;
    return "NULL, 0";
}
