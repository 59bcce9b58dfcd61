/* segsum.c — C baseline of bench/irregular/segsum.fut: the sum of each row of a [][]i32 (i32,
 * wrapping as weft's i32 addition does; computed in uint32_t, where C defines the wrap).
 * Sequential: row after row; built with -fopenmp: balanced by elements (fd_balanced, fdata.h).
 * Input: the [][]i32 (binary, version 3); output: [rows]i32, binary.
 */
#include "../fdata.h"

typedef struct { fd_value xss; uint32_t *sums, heads[FD_MAX_PARTS]; } job;

static void piece(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot) {
    job *j = ctx;
    const int32_t *data = j->xss.data;
    uint32_t s = 0;
    for (int64_t k = lo; k < hi; k++) s += (uint32_t)data[k];
    *(slot < 0 ? &j->sums[row] : &j->heads[slot]) = s;
}

static void combine(void *ctx, int64_t row, int slot) {
    job *j = ctx;
    j->sums[row] += j->heads[slot];
}

static void run(void *ctx) {
    job *j = ctx;
    fd_balanced(j->xss.offs, j->xss.dims[0], j, piece, combine);
}

int main(int argc, char **argv) {
    fd_tool = "segsum";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.xss = fd_expect(" i32", 2, 1, "xss");
    j.sums = fd_alloc((size_t)j.xss.dims[0] * 4);
    fd_time(o, NULL, run, &j);
    fd_write_array(stdout, " i32", j.xss.dims[0], j.sums);
    return fflush(stdout) != 0;
}
