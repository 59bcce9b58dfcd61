/* sparse_dense.c — C baseline of examples/flatten/sparse_dense.fut's main: C = A B for a CSR
 * matrix A (row_ptr, cols, vals) and a dense [k][p]f32 B.  Per row of A: its row of C set to 0,
 * then for each non-zero (c, v) in order, v times row c of B added to it.  Built with -fopenmp:
 * rows in chunks of 64, scheduled dynamically.
 * Input: row_ptr []i64, cols []i64, vals []f32, B [k][p]f32 (binary); output: [rows][p]f32.
 */
#include "../fdata.h"

typedef struct { fd_csr a; fd_value b; float *c; } job;

static void run(void *ctx) {
    job *j = ctx;
    const int64_t *offs = j->a.row_ptr.data, *cols = j->a.cols.data, rows = j->a.rows, p = j->b.dims[1];
    const float *vals = j->a.vals.data, *b = j->b.data;
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
    j.a = fd_expect_csr();
    j.b = fd_expect(" f32", 2, 0, "B");
    fd_check_columns(&j.a, j.b.dims[0]);
    int64_t rows = j.a.rows, dims[2] = {rows, j.b.dims[1]};
    j.c = fd_alloc((size_t)(rows * dims[1]) * 4);
    fd_time(o, NULL, run, &j);
    fd_write_header(stdout, " f32", 2, dims);
    fd_write_bytes(stdout, j.c, (size_t)(rows * dims[1]) * 4);
    return fflush(stdout) != 0;
}
