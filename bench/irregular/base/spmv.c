/* spmv.c — C baseline of examples/flatten/csr_spmv.fut's main: y = A x for a CSR matrix A
 * (row_ptr, cols, vals) and a dense x, f32, each row's products added in order.  Sequential:
 * row after row; built with -fopenmp: balanced by non-zeros (fd_balanced, fdata.h).
 * Input: row_ptr []i64, cols []i64, vals []f32, x []f32 (binary); output: [rows]f32.
 */
#include "../fdata.h"

typedef struct { fd_csr a; fd_value x; float *y, heads[FD_MAX_PARTS]; } job;

static void piece(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot) {
    job *j = ctx;
    const int64_t *cols = j->a.cols.data;
    const float *vals = j->a.vals.data, *x = j->x.data;
    float s = 0;
    for (int64_t k = lo; k < hi; k++) s += vals[k] * x[cols[k]];
    *(slot < 0 ? &j->y[row] : &j->heads[slot]) = s;
}

static void combine(void *ctx, int64_t row, int slot) {
    job *j = ctx;
    j->y[row] += j->heads[slot];
}

static void run(void *ctx) {
    job *j = ctx;
    fd_balanced(j->a.row_ptr.data, j->a.rows, j, piece, combine);
}

int main(int argc, char **argv) {
    fd_tool = "spmv";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.a = fd_expect_csr();
    j.x = fd_expect(" f32", 1, 0, "x");
    fd_check_columns(&j.a, j.x.count);
    j.y = fd_alloc((size_t)j.a.rows * 4);
    fd_time(o, NULL, run, &j);
    fd_write_array(stdout, " f32", j.a.rows, j.y);
    return fflush(stdout) != 0;
}
