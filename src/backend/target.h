/* target.h — the one interface between the statement emitter (src/backend/emit*.c) and the
 * targets: sequential C (c/), C + OpenMP (multicore/), host C + CUDA kernels (cuda/).  The
 * emitter never names a target; it asks the Target it was given (QBE's Target idea).
 */
#ifndef WEFT_BACKEND_TARGET_H
#define WEFT_BACKEND_TARGET_H

#include <stdbool.h>

#include "../flatten/flatten.h"

typedef struct FGen FGen;

typedef struct Target {
    const char *name;      /* as on the command line: c, multicore, cuda */
    FlattenTarget flatten; /* how the pipeline flattens the program for it */
    bool regions;          /* parallel regions: blocks made outside them are shared (counted atomically) */
    bool mirrored;         /* blocks have device copies the host code keeps coherent */
    bool kernels;          /* device code goes to a file of its own (fgen_program's *kernels) */
    /* Whether the target runs statement s itself where the emitter is (an OpenMP region, a
     * kernel, block-level code), and doing so; NULL: never. */
    bool (*runs)(FGen *g, const CStm *s);
    void (*run)(FGen *g, const CStm *s);
    /* Host code around every host statement (NULL: none). */
    void (*before)(FGen *g, const CStm *s);
    void (*after)(FGen *g, const CStm *s);
    /* Host code that reads element `elem` (a C lvalue) of the view `array`, which the emitter
     * writes outside any statement's before/after (an output's size from its offsets); NULL:
     * host memory is always current. */
    void (*elem_to_host)(FGen *g, const char *array, const char *elem);
    const char *result_fn; /* the runtime function an entry's array result is handed over with */
    const char *hooks;     /* wf_program's backend hooks: init, fini, sync, stage, collect */
    /* SPMD over MPI ranks (mpi.c, docs/MPI.md): host segops split their space across
     * the ranks, which then exchange their parts; main is main_fn's (NULL: wf_main). */
    bool mpi;
    const char *main_fn;
} Target;

extern const Target target_c;         /* c/target.c */
extern const Target target_multicore; /* multicore/regions.c */
extern const Target target_cuda;      /* cuda/kernels.c */
extern const Target target_multicore_mpi; /* multicore/regions.c: weft multicore --mpi (mpi.c) */
extern const Target target_cuda_mpi;      /* cuda/kernels.c: weft cuda --mpi (mpi.c) */

#endif
