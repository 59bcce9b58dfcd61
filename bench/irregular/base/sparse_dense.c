/* sparse_dense.c — C baseline of examples/flatten/sparse_dense.fut's main: C = A B for a CSR
 * matrix A (row_ptr, cols, vals) and a dense [k][p]f32 B.  Per row of A: its row of C set to 0,
 * then for each non-zero (c, v) in order, v times row c of B added to it.  Built with -fopenmp:
 * rows in chunks of 64, scheduled dynamically.
 * Input: row_ptr []i64, cols []i64, vals []f32, B [k][p]f32 (binary); output: [rows][p]f32.
 */
#include "../fdata.h"

typedef struct { fd_value row_ptr, cols, vals, b; float *c; } job;

static void run(void *ctx) {
    job *j = ctx;
    const int64_t *offs = j->row_ptr.data, *cols = j->cols.data, rows = j->row_ptr.count - 1, p = j->b.dims[1];
    const float *vals = j->vals.data, *b = j->b.data;
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t r = 0; r < rows; r++) {
        float *out = j->c + r * p;
        for (int64_t q = 0; q < p; q++) out[q] = 0;
        for (int64_t k = offs[r]; k < offs[r + 1]; k++)
            for (int64_t q = 0; q < p; q++) out[q] += vals[k] * b[cols[k] * p + q];
    }
}

int main(int argc, char **argv) {
    fd_tool = "sparse_dense";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.row_ptr = fd_expect(" i64", 1, 0, "row_ptr");
    j.cols = fd_expect(" i64", 1, 0, "cols");
    j.vals = fd_expect(" f32", 1, 0, "vals");
    j.b = fd_expect(" f32", 2, 0, "B");
    const int64_t *offs = j.row_ptr.data, *cols = j.cols.data, rows = j.row_ptr.count - 1;
    if (rows < 0 || offs[0] != 0 || offs[rows] != j.cols.count || j.vals.count != j.cols.count)
        fd_die("row_ptr does not fit cols and vals", NULL);
    for (int64_t r = 0; r < rows; r++)
        if (offs[r + 1] < offs[r]) fd_die("row_ptr decreases", NULL);
    for (int64_t k = 0; k < j.cols.count; k++)
        if (cols[k] < 0 || cols[k] >= j.b.dims[0]) fd_die("a column index out of bounds", NULL);
    int64_t dims[2] = {rows, j.b.dims[1]};
    j.c = fd_alloc((size_t)(rows * dims[1]) * 4);
    fd_time(o, NULL, run, &j);
    fd_write_header(stdout, " f32", 2, dims);
    fd_write_bytes(stdout, j.c, (size_t)(rows * dims[1]) * 4);
    return fflush(stdout) != 0;
}
