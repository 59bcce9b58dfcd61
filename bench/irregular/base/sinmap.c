/* sinmap.c — C baseline of bench/irregular/sinmap.fut: for every width n of ns, the f64 sum of
 * sin(j) for j = 0 .. n-1, added in order of j.  Sequential: width after width; built with
 * -fopenmp: the widths' offsets by a prefix sum (timed), then balanced by the j's of all widths
 * (fd_balanced, fdata.h).  Input: ns, [n]i64 (binary); output: [n]f64.
 */
#include "../fdata.h"
#include <math.h>

typedef struct { fd_value ns; int64_t *offs; double *sums, heads[FD_MAX_PARTS]; } job;

static void piece(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot) {
    job *jb = ctx;
    double s = 0;
    for (int64_t j = lo - jb->offs[row]; j < hi - jb->offs[row]; j++) s += sin((double)j);
    *(slot < 0 ? &jb->sums[row] : &jb->heads[slot]) = s;
}

static void combine(void *ctx, int64_t row, int slot) {
    job *jb = ctx;
    jb->sums[row] += jb->heads[slot];
}

static void run(void *ctx) {
    job *jb = ctx;
    const int64_t *ns = jb->ns.data, n = jb->ns.dims[0];
    jb->offs[0] = 0;
    for (int64_t i = 0; i < n; i++) jb->offs[i + 1] = jb->offs[i] + ns[i];
    fd_balanced(jb->offs, n, jb, piece, combine);
}

int main(int argc, char **argv) {
    fd_tool = "sinmap";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.ns = fd_expect(" i64", 1, 0, "ns");
    for (int64_t i = 0; i < j.ns.dims[0]; i++)
        if (((int64_t *)j.ns.data)[i] < 0) fd_die("negative width", NULL);
    j.offs = fd_alloc((size_t)(j.ns.dims[0] + 1) * 8);
    j.sums = fd_alloc((size_t)j.ns.dims[0] * 8);
    fd_time(o, NULL, run, &j);
    fd_write_array(stdout, " f64", j.ns.dims[0], j.sums);
    return fflush(stdout) != 0;
}
