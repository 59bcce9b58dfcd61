/* wf_mpi.c — the MPI side of `weft multicore --mpi` executables (wf_mpi.h, docs/MPI.md).
 * Pasted after runtime.c (its wait_policy is used here), only with --mpi.
 *
 * Every rank runs wf_main.  Ranks other than 0 write their results and messages nowhere
 * (stdout and stderr to /dev/null, -t's file too): rank 0 prints.  Rank 0 reads the whole of
 * stdin and broadcasts it; every rank then reads its inputs from that copy, so all hold the
 * same values.  A run-time failure of any rank aborts them all with MPI_Abort(2): rank 0 has
 * printed its message; another rank prints its own after a short pause, so that when every
 * rank fails alike (replicated code) rank 0's abort comes first and the message appears once.
 */
#include <limits.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wf_mpi.h"

/* The most bytes one collective call moves: its counts and displacements are ints (MPI 3).
 * Larger exchanges go as broadcasts from each rank in pieces of at most this many bytes;
 * tests/scripts/mpi.sh makes it small to run that path. */
#ifndef WF_MPI_MAX_BYTES
#define WF_MPI_MAX_BYTES INT_MAX
#endif

static int wf_mpi_rank_, wf_mpi_size_ = 1;
static int wf_mpi_stderr_ = -1; /* ranks > 0: the real stderr, for a failure's message */

int wf_mpi_size(void) { return wf_mpi_size_; }
int wf_mpi_rank(void) { return wf_mpi_rank_; }

static int64_t part_start(int64_t total, int r) {
    return (int64_t)((__int128)total * r / wf_mpi_size_);
}

bool wf_mpi_part(wf_ctx *ctx, int64_t total, int64_t *lo, int64_t *n) {
    (void)ctx;
    if (wf_mpi_size_ < 2 || total < 1)
        return false;
    *lo = part_start(total, wf_mpi_rank_);
    *n = part_start(total, wf_mpi_rank_ + 1) - *lo;
    return true;
}

/* Out of memory in an exchange: every rank stops. */
static void exchange_failed(wf_ctx *ctx) {
    wf_error(ctx, NULL, "out of memory (MPI exchange)");
    fprintf(stderr, "%s\n", wf_ctx_error(ctx));
    MPI_Abort(MPI_COMM_WORLD, 2);
}

/* Rank root's `bytes` bytes at p to every rank, in calls of at most WF_MPI_MAX_BYTES. */
static void bcast_pieces(char *p, int64_t bytes, int root) {
    for (int64_t at = 0; at < bytes; at += WF_MPI_MAX_BYTES) {
        int64_t n = bytes - at < WF_MPI_MAX_BYTES ? bytes - at : WF_MPI_MAX_BYTES;
        MPI_Bcast(p + at, (int)n, MPI_BYTE, root, MPI_COMM_WORLD);
    }
}

void wf_mpi_gather_at(wf_ctx *ctx, void *p, int64_t esz, const int64_t *starts) {
    int k = wf_mpi_size_;
    if (esz == 0 || starts[k] == 0)
        return;
    if (starts[k] > WF_MPI_MAX_BYTES / esz) { /* too big for one call: each rank's block broadcast */
        for (int r = 0; r < k; r++)
            bcast_pieces((char *)p + starts[r] * esz, (starts[r + 1] - starts[r]) * esz, r);
        return;
    }
    int *counts = malloc(sizeof *counts * (size_t)k), *displs = malloc(sizeof *displs * (size_t)k);
    if (!counts || !displs)
        exchange_failed(ctx);
    for (int r = 0; r < k; r++) {
        displs[r] = (int)starts[r];
        counts[r] = (int)(starts[r + 1] - starts[r]);
    }
    MPI_Datatype row;
    MPI_Type_contiguous((int)esz, MPI_BYTE, &row);
    MPI_Type_commit(&row);
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, p, counts, displs, row, MPI_COMM_WORLD);
    MPI_Type_free(&row);
    free(counts);
    free(displs);
}

void wf_mpi_gather(wf_ctx *ctx, void *p, int esz, int64_t total, int64_t unit) {
    int64_t *starts = malloc(sizeof *starts * (size_t)(wf_mpi_size_ + 1));
    if (!starts)
        exchange_failed(ctx);
    for (int r = 0; r <= wf_mpi_size_; r++)
        starts[r] = part_start(total, r);
    wf_mpi_gather_at(ctx, p, unit * esz, starts);
    free(starts);
}

int64_t wf_mpi_first_segment(const int64_t *O, int64_t stride, int64_t n, int64_t total, int q) {
    int64_t point = part_start(total, q), a = 0, b = n;
    while (a < b) {
        int64_t m = a + (b - a) / 2;
        if (O[m * stride] < point)
            a = m + 1;
        else
            b = m;
    }
    return a;
}

void wf_mpi_allgather(const void *mine, void *all, int bytes) {
    MPI_Allgather(mine, bytes, MPI_BYTE, all, bytes, MPI_BYTE, MPI_COMM_WORLD);
}

void *wf_mpi_allgather_new(wf_ctx *ctx, const void *mine, int64_t bytes) {
    int64_t range[2] = {-bytes, bytes};
    MPI_Allreduce(MPI_IN_PLACE, range, 2, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (-range[0] != range[1]) {
        wf_error(ctx, NULL, "MPI: the ranks' partial results have different shapes");
        fprintf(stderr, "%s\n", wf_ctx_error(ctx));
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *all = malloc((size_t)(bytes * wf_mpi_size_) + 1);
    if (!all)
        exchange_failed(ctx);
    if (bytes > WF_MPI_MAX_BYTES / wf_mpi_size_) { /* too big for one call: each rank's broadcast */
        if (bytes)
            memcpy(all + bytes * wf_mpi_rank_, mine, (size_t)bytes);
        for (int r = 0; r < wf_mpi_size_; r++)
            bcast_pieces(all + bytes * r, bytes, r);
        return all;
    }
    wf_mpi_allgather(mine, all, (int)bytes);
    return all;
}

/* Rank 0's stdin, read whole (NULL when out of memory); *len its bytes. */
static char *slurp_stdin(int64_t *len) {
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, stdin)) > 0) {
        n += got;
        if (n == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
        }
    }
    *len = (int64_t)n;
    return buf;
}

/* Every rank's stdin becomes a copy of rank 0's (a temporary file on fd 0). */
int wf_mpi_init(wf_ctx *ctx) {
    int64_t len = 0;
    char *buf = wf_mpi_rank_ == 0 ? slurp_stdin(&len) : NULL;
    if (wf_mpi_rank_ == 0 && !buf)
        len = -1;
    MPI_Bcast(&len, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
    if (len < 0)
        return wf_error(ctx, NULL, "out of memory (reading the input)");
    if (wf_mpi_rank_ != 0 && !(buf = malloc((size_t)len + 1)))
        return wf_error(ctx, NULL, "out of memory (the input from rank 0)"); /* the others wait: fini aborts */
    bcast_pieces(buf, len, 0);
    FILE *f = tmpfile();
    int ok = f && fwrite(buf, 1, (size_t)len, f) == (size_t)len && fflush(f) == 0 &&
             lseek(fileno(f), 0, SEEK_SET) == 0 && dup2(fileno(f), 0) == 0;
    free(buf);
    if (f)
        fclose(f);
    clearerr(stdin);
    return ok ? 0 : wf_error(ctx, NULL, "cannot keep the input from rank 0 in a temporary file");
}

void wf_mpi_fini(wf_ctx *ctx) {
    if (!wf_failed(ctx) || wf_mpi_size_ < 2)
        return;
    if (wf_mpi_rank_ > 0) {
        struct timespec pause = {0, 300 * 1000 * 1000};
        nanosleep(&pause, NULL);
        const char *msg = wf_ctx_error(ctx);
        if (wf_mpi_stderr_ >= 0 && msg && write(wf_mpi_stderr_, msg, strlen(msg)) >= 0)
            (void)!write(wf_mpi_stderr_, "\n", 1);
    }
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 2);
}

int wf_mpi_sync(wf_ctx *ctx) {
    (void)ctx;
    MPI_Barrier(MPI_COMM_WORLD);
    return 0;
}

int wf_mpi_stage(wf_ctx *ctx, const wf_value *args, int n) {
    (void)ctx, (void)args, (void)n;
    MPI_Barrier(MPI_COMM_WORLD);
    return 0;
}

/* Ranks > 0: results, messages and -t's file go nowhere. */
static void quiet_rank(int argc, char **argv) {
    wf_mpi_stderr_ = dup(2);
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
        return;
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "-t") || !strcmp(argv[i], "--write-runtime-to")) && i + 1 < argc)
            argv[++i] = "/dev/null";
        else if (!strncmp(argv[i], "--write-runtime-to=", 19))
            argv[i] = "--write-runtime-to=/dev/null";
        else if (!strncmp(argv[i], "-t", 2) && argv[i][2])
            argv[i] = "-t/dev/null";
    }
}

int wf_mpi_main(int argc, char **argv, const wf_program *prog) {
#ifdef _OPENMP
    wait_policy(argv); /* it may run the program again: before MPI starts */
#endif
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &wf_mpi_rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &wf_mpi_size_);
    if (wf_mpi_rank_ > 0)
        quiet_rank(argc, argv);
    int status = wf_main(argc, argv, prog);
    MPI_Finalize();
    return status;
}
