/* wf_mpi.h — the MPI side of `weft multicore --mpi` executables (docs/MPI.md): every rank runs
 * the same program on the same, replicated data; a host segop runs only the rank's part of its
 * space and the ranks then exchange their parts.  Pasted only with --mpi (compiled by mpicc with
 * -DWF_MPI); rts/wf_mpi.c has the definitions.
 */
#ifndef WF_MPI_H
#define WF_MPI_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime.h"

int wf_mpi_size(void); /* the number of ranks */
int wf_mpi_rank(void); /* this one's, from 0 */

/* The rank's part [*lo, *lo + *n) of `total` units: contiguous blocks, rank r's from
 * total r / K.  Returns whether the space is split (several ranks and some units); when not,
 * *lo and *n are left as they are (0, total) and the rank runs it all. */
bool wf_mpi_part(wf_ctx *ctx, int64_t total, int64_t *lo, int64_t *n);

/* After a split: the array at p, `total` units of `unit` elements of esz bytes each, of which
 * this rank computed its part, made whole on every rank (every rank's part to every rank). */
void wf_mpi_gather(wf_ctx *ctx, void *p, int esz, int64_t total, int64_t unit);

/* The same for rank q's elements [starts[q], starts[q + 1]) of esz bytes each (K + 1 starts). */
void wf_mpi_gather_at(wf_ctx *ctx, void *p, int64_t esz, const int64_t *starts);

/* The first segment s in [0, n] whose offset O[s * stride] is at least rank q's first point of
 * `total` (binary search; O has n + 1 offsets, the last one total). */
int64_t wf_mpi_first_segment(const int64_t *O, int64_t stride, int64_t n, int64_t total, int q);

/* `bytes` bytes of every rank, in rank order: all[r * bytes ...] = rank r's mine. */
void wf_mpi_allgather(const void *mine, void *all, int bytes);
/* The same into a new buffer (free it), for partial results that are arrays; every rank's
 * `bytes` must be the same (else all ranks stop with an error). */
void *wf_mpi_allgather_new(wf_ctx *ctx, const void *mine, int64_t bytes);

/* The harness (wf_program's hooks and main, rts/runtime.h): MPI started around wf_main, rank
 * 0's input given to every rank (init), the runs timed from a common start to the end of the
 * slowest rank (stage, sync: barriers), a failure on any rank stopping them all (fini). */
int wf_mpi_main(int argc, char **argv, const wf_program *prog);
int wf_mpi_init(wf_ctx *ctx);
void wf_mpi_fini(wf_ctx *ctx);
int wf_mpi_sync(wf_ctx *ctx);
int wf_mpi_stage(wf_ctx *ctx, const wf_value *args, int n);

#endif
