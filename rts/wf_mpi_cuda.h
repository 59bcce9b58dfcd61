/* wf_mpi_cuda.h — the CUDA side of `weft cuda --mpi` executables (docs/MPI.md): rts/wf_mpi.c's
 * harness and exchanges (rank 0's input to every rank, barriers around the timed runs, a
 * failure on any rank stopping them all) around the CUDA context of rts/cuda_rt.h and
 * rts/flat_cuda.h, with one GPU per rank.  Pasted into the host program after flat_cuda.h, only
 * with --mpi.
 *
 * Device: without -d/--device each rank takes the GPU of its rank among the ranks on its node
 * (MPI_Comm_split_type MPI_COMM_TYPE_SHARED), modulo the node's GPUs.  Exchanges are staged
 * through the host: a split kernel's outputs are on the device; wfc_mpi_gather copies the
 * rank's rows to the host, exchanges them (MPI_Allgatherv in place) and leaves the host copy
 * current and the device copy stale, so the next kernel that reads the array uploads it whole.
 * Plain host staging works with any MPI; a CUDA-aware one is not used.
 */
#include <mpi.h>

#include "wf_mpi.h"

static bool wfc_mpi_device_given; /* -d / --device on the command line */

/* After a split kernel: the array at host address p inside block b (its device copy holds this
 * rank's rows), `total` units of `unit` elements of esz bytes, made whole on every rank, on the
 * host.  A failed kernel stops here (the harness's fini then stops every rank). */
static int wfc_mpi_gather(wf_ctx *ctx, wf_blk *b, void *p, int esz, int64_t total, int64_t unit) {
    if (wfc_errors(ctx, "cuda"))
        return 1;
    if (b && !b->host_ok) {
        int64_t lo = 0, n = total;
        wf_mpi_part(ctx, total, &lo, &n);
        char *mine = (char *)p + lo * unit * esz;
        size_t bytes = (size_t)(n * unit * esz);
        if (bytes && wfk_copy(ctx, mine, wfc_translate(b, b->dev, mine), bytes, cudaMemcpyDeviceToHost, "cuda"))
            return 1;
    }
    wf_mpi_gather(ctx, p, esz, total, unit);
    if (b) {
        wfc_host_wrote(ctx, b);
        b->host_ok = true;
    }
    return 0;
}

/* The harness's hooks: rank 0's input to every rank, then the rank's GPU. */
static int wfc_mpi_init(wf_ctx *ctx) {
    if (wf_mpi_init(ctx))
        return 1;
    if (!wfc_mpi_device_given) {
        MPI_Comm node;
        int local = 0, n = 0;
        if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
            MPI_Comm_rank(node, &local);
            MPI_Comm_free(&node);
        }
        if (cudaGetDeviceCount(&n) == cudaSuccess && n > 0)
            ctx->device = local % n;
    }
    return wfk_init(ctx);
}

static void wfc_mpi_fini(wf_ctx *ctx) {
    wfc_fini(ctx);
    wf_mpi_fini(ctx);
}

/* The device's work done, then the slowest rank's (a barrier); a rank that failed skips the
 * barrier, and its fini stops the others. */
static int wfc_mpi_sync(wf_ctx *ctx) { return wfc_sync(ctx) || wf_mpi_sync(ctx); }

static int wfc_mpi_stage(wf_ctx *ctx, const wf_value *args, int n) {
    return wfc_stage(ctx, args, n) || wf_mpi_stage(ctx, args, n);
}

/* main: notes whether the device was chosen on the command line, then wf_mpi_main. */
static int wfc_mpi_main(int argc, char **argv, const wf_program *prog) {
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "-d", 2) || !strncmp(argv[i], "--device", 8))
            wfc_mpi_device_given = true;
    return wf_mpi_main(argc, argv, prog);
}
