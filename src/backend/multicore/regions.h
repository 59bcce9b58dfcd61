/* regions.h — the OpenMP regions of weft multicore (regions.c) as the other files of the target
 * use them: a region's code written apart, and the chunks its threads take.
 */
#ifndef WEFT_BACKEND_MULTICORE_REGIONS_H
#define WEFT_BACKEND_MULTICORE_REGIONS_H

#include "../emit.h"

/* A region's code is written apart (g->out is a buffer of its own until region_end), so that
 * its pragma can make the host variables it reads firstprivate (firstprivate.c). */
typedef struct {
    const char *fail, *out; /* the failure flag and the label at the end of the thread's code */
    const char *nt;
    StrBuf *host;           /* the code around the region */
} Region;

/* Declares the threads (a fresh C int, returned) of statement s's region over w iterations,
 * `points` points of its space in all (C expressions): 1, the calling thread alone, when their
 * work (points times each iteration's inner widths known before it) is below the tuning
 * parameter multicore.suff_region_work, so that a small segop costs no team's wake-up. */
const char *region_threads(FGen *g, const CStm *s, const char *w, const char *points);

/* A region of nt threads (a C expression) around the code emitted until region_end; a failure
 * inside it (WF_FAIL) leaves the thread's code and fails the function after the region. */
Region region_begin(FGen *g, const char *nt);
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
} Chunks;

/* Before the region: the chunks of w iterations for nt threads (per_thread of them each, at
 * most one per iteration, at least one) and the threads' counters. */
Chunks chunks_decl(FGen *g, const char *w, const char *nt, int per_thread);
/* In the thread: the loops over the chunks it takes, binding chunk index ci and its range
 * [lo, hi); close them with chunks_end. */
void chunks_begin(FGen *g, Chunks c, const char *ci, const char *lo, const char *hi);
void chunks_end(FGen *g);

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

/* mpi.c (weft multicore --mpi; elsewhere these emit nothing): a host segop's space of `total`
 * units, [0, total), split across the MPI ranks.  The rank runs [lo, lo + n); split names the
 * C flag saying whether the space was split (NULL: never, lo is NULL and n is total). */
typedef struct {
    const char *lo, *n, *split, *total;
} MpiPart;
/* The part of a segop whose outputs' first k dimensions are the units' (a segmap's points, the
 * whole segments of a segred or segscan) */
MpiPart mpi_part(FGen *g, const CStm *s, const char *total);
/* ...of a whole reduction or scan by the operators ops (a scan: when their accumulators are
 * scalars) */
MpiPart mpi_part_fold(FGen *g, const CStm *s, const COperatorVec *ops, const char *total);
/* ...run whole on every rank */
MpiPart mpi_whole(const char *total);
/* After the region: every rank's rows of s's outputs over the units to every rank (k: the
 * dimensions of the units); the whole reductions' results accs of every rank folded in rank
 * order. */
void mpi_gather_rows(FGen *g, const CStm *s, MpiPart part, int k);
void mpi_combine(FGen *g, MpiPart part, const COperatorVec *ops, const char **accs, const char *loc);
/* After a whole scan's region: the rank's outputs prefixed with the totals of the ranks
 * before it, folded in rank order. */
void mpi_scan_carry(FGen *g, const CStm *s, MpiPart part, const COperatorVec *ops);
/* After an irregular segred over the rank's part of the points (segmented.c, its pieces
 * combined): each segment's result made whole by the rank its first point lies in (the ranks
 * after it that began inside the segment send their pieces, folded in rank order) and sent to
 * every rank.  O names the offsets view, n the number of segments. */
void mpi_segments(FGen *g, const CStm *s, MpiPart part, const char *O, const char *n);

#endif
