/* mpi_split.h — the MPI decisions and exchanges (mpi_split.c) that the targets with --mpi emit around
 * their host segops: weft multicore --mpi (multicore/regions.c, segmented.c) and weft cuda --mpi
 * (cuda/kernels.c).  Without --mpi (Target.mpi false) they emit nothing.  docs/MPI.md.
 */
#ifndef WEFT_BACKEND_MPI_H
#define WEFT_BACKEND_MPI_H

#include "emit.h"

/* mpi_split.c (--mpi; elsewhere these emit nothing): a host segop's space of `total`
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
