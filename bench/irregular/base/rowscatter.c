/* rowscatter.c — C baseline of bench/irregular/rowscatter.fut: every row of a [][]i32 reversed
 * (element k of a row of n written at n - 1 - k of its row).  Sequential: row after row; built
 * with -fopenmp: balanced by elements (fd_balanced, fdata.h; a row split between threads needs
 * no combining: every element has its own place).
 * Input: the [][]i32 (binary, version 3); output: the reversed [][]i32, binary (version 3).
 */
#include "../fdata.h"

typedef struct { fd_value xss; int32_t *out; } job;

static void piece(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot) {
    (void)slot;
    job *j = ctx;
    const int32_t *data = j->xss.data;
    int64_t start = j->xss.offs[row], end = j->xss.offs[row + 1];
    for (int64_t k = lo; k < hi; k++) j->out[start + (end - 1 - k)] = data[k];
}

static void combine(void *ctx, int64_t row, int slot) { (void)ctx, (void)row, (void)slot; }

static void run(void *ctx) {
    job *j = ctx;
    fd_balanced(j->xss.offs, j->xss.dims[0], j, piece, combine);
}

int main(int argc, char **argv) {
    fd_tool = "rowscatter";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.xss = fd_expect(" i32", 2, 1, "xss");
    int64_t rows = j.xss.dims[0], total = j.xss.offs[rows];
    j.out = fd_alloc((size_t)total * 4 + 4);
    fd_time(o, NULL, run, &j);
    fd_write_jagged_header(stdout, " i32", rows, j.xss.lens);
    fd_write_bytes(stdout, j.out, (size_t)total * 4);
    return fflush(stdout) != 0;
}
