/* regions.h — the OpenMP regions of weft multicore (regions.c) as the other files of the target
 * use them: a region's code written apart, and the chunks its threads take.
 */
#ifndef WEFT_BACKEND_MULTICORE_REGIONS_H
#define WEFT_BACKEND_MULTICORE_REGIONS_H

#include "../emit.h"
#include "../mpi_split.h"

/* A region's code is written apart (g->out is a buffer of its own until region_end), so that
 * its pragma can make the host variables it reads firstprivate (firstprivate.c). */
typedef struct {
    const char *fail, *out; /* the failure flag and the label at the end of the thread's code */
    const char *nt;
    const char *probe;      /* NULL, or its probe (region_probe): run first by the calling thread */
    StrBuf *host;           /* the code around the region */
} Region;

/* Declares the threads (a fresh C int, returned) of statement s's region over w iterations,
 * `points` points of its space in all (C expressions): 1, the calling thread alone, when their
 * work (points times each iteration's inner widths known before it) is below the tuning
 * parameter multicore.suff_region_work, so that a small segop costs no team's wake-up. */
const char *region_threads(FGen *g, const CStm *s, const char *w, const char *points);

/* A region of nt threads (a C expression) around the code emitted until region_end; a failure
 * inside it (WF_FAIL) leaves the thread's code and fails the function after the region. */
Region region_begin(FGen *g, const char *nt, const char *probe);
void region_end(FGen *g, Region r);

/* Chunks: w iterations cut into nc chunks, chunk c = [w c / nc, w (c + 1) / nc).  Thread t owns
 * chunks t nc / nt .. (t + 1) nc / nt - 1 and takes them in order from its counter ctr[t]; when
 * they are gone it takes the other threads' remaining ones from their counters (work stealing:
 * a thread that runs as fast as the others does exactly its static share, keeping the same
 * rows as in the previous region in its cache, and one slowed down gives its last chunks up).
 * ctr is declared before the region, shared. */
typedef struct {
    const char *w, *nt, *nc, *ctr;
    const char *base; /* NULL, or the first iteration: the chunks cut [base, base + w) (an MPI rank's part) */
    const char *probe; /* NULL, or the region's probe (region_probe) */
    bool probe_chunks; /* its pass takes whole chunks (a reduction's) rather than steps */
} Chunks;

/* Before the region: the chunks of w iterations for nt threads (per_thread of them each, at
 * most one per iteration, at least one) and the threads' counters. */
Chunks chunks_decl(FGen *g, const char *w, const char *nt, int per_thread);
/* In the thread: the loops over the chunks it takes, binding chunk index ci and its range
 * [lo, hi); close them with chunks_end. */
void chunks_begin(FGen *g, Chunks c, const char *ci, const char *lo, const char *hi);
void chunks_end(FGen *g, Chunks c);

/* A region over the chunks c of statement s whose work region_threads could not bound (an
 * iteration runs a while loop, or SOACs over widths it computes itself): declares its probe
 * (rts/flat.h wf_probe) and names it in c->probe, so that the calling thread runs the region
 * alone until it is done or the tuning parameter multicore.suff_region_us is spent, and the
 * team only the rest; pass c->probe to region_begin.  Its pass takes the first iterations in
 * steps that double (a map's points, independent), or by_chunks whole chunks (a reduction's,
 * each into its own accumulators).  Otherwise c->probe stays NULL. */
void region_probe(FGen *g, const CStm *s, Chunks *c, bool by_chunks);

/* regions.c */
/* Whether the SOAC statement runs as a parallel region here (outermost, multicore). */
bool fp_parallel(FGen *g, const CStm *s);
void fp_soac(FGen *g, const CStm *s);

/* firstprivate.c: the firstprivate clause (" firstprivate(a, b)", or "") of a parallel region
 * whose code is body: the program's variables it reads and neither declares nor assigns. */
const char *fp_firstprivate(FGen *g, const char *body);

/* segmented.c: an irregular segop (CExp.irregular) as a region over the flat space of its
 * points, cut into chunks by points rather than by segments. */
void fp_irregular_segop(FGen *g, const CStm *s);

#endif
