/* kgen.h — GPU regions of weft cuda (kgen.c): outermost screma whose lambdas are scalar code
 * become CUDA kernels (docs/BACKENDS.md, "cuda").
 */
#ifndef WEFT_BACKEND_CUDA_KGEN_H
#define WEFT_BACKEND_CUDA_KGEN_H

#include "cgen.h"

typedef enum {
    KG_NONE,     /* not a GPU region: nothing emitted */
    KG_DONE,     /* the region is emitted */
    KG_FALLBACK, /* emitted `if (arrays regular) { region } else {`: the caller emits the
                    host version of the screma and closes the brace */
} KgResult;

/* The screma statement s (w: the C name of its width, already declared) as a GPU region. */
KgResult kg_screma(CGen *g, const CStm *s, const char *w, const char *loc);

/* Inside device code (g->kernel): an index of a kernel array, and a size of one. */
void kg_index(CGen *g, const CStm *s, const char *loc);
void kg_size(CGen *g, const CStm *s);
/* Element i of the rank-1 kernel array variable var (an inner reduce's input). */
const char *kg_elem(CGen *g, const char *var, const char *i);

/* The fixed parts of the .cu file, around the regions' text. */
const char *kg_file_tail(void);

#endif
