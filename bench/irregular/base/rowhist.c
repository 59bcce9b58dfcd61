/* rowhist.c — C baseline of bench/irregular/rowhist.fut: per row of a [][]i32 of values 0..15,
 * the sum of its values in 16 bins by value (i32, wrapping: computed in uint32_t).  Sequential:
 * row after row; built with -fopenmp: balanced by elements (fd_balanced, fdata.h), a row split
 * between threads summed into its own bins and a head's partial bins.
 * Input: the [][]i32 (binary, version 3); output: [rows][16]i32, binary.
 */
#include "../fdata.h"

#define BINS 16

typedef struct { fd_value xss; uint32_t *bins, heads[FD_MAX_PARTS][BINS]; } job;

static void piece(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot) {
    job *j = ctx;
    const int32_t *data = j->xss.data;
    uint32_t *b = slot < 0 ? &j->bins[row * BINS] : j->heads[slot];
    for (int k = 0; k < BINS; k++) b[k] = 0;
    for (int64_t k = lo; k < hi; k++)
        if (data[k] >= 0 && data[k] < BINS) b[data[k]] += (uint32_t)data[k];
}

static void combine(void *ctx, int64_t row, int slot) {
    job *j = ctx;
    for (int k = 0; k < BINS; k++) j->bins[row * BINS + k] += j->heads[slot][k];
}

static void run(void *ctx) {
    job *j = ctx;
    fd_balanced(j->xss.offs, j->xss.dims[0], j, piece, combine);
}

int main(int argc, char **argv) {
    fd_tool = "rowhist";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.xss = fd_expect(" i32", 2, 1, "xss");
    int64_t dims[2] = {j.xss.dims[0], BINS};
    j.bins = fd_alloc((size_t)(dims[0] * BINS) * 4 + 4);
    fd_time(o, NULL, run, &j);
    fd_write_header(stdout, " i32", 2, dims);
    fd_write_bytes(stdout, j.bins, (size_t)(dims[0] * BINS) * 4);
    return fflush(stdout) != 0;
}
