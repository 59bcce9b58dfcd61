/* spmv.c — C baseline of examples/flatten/csr_spmv.fut's main: y = A x for a CSR matrix A
 * (row_ptr, cols, vals) and a dense x, f32, each row's products added in order.  Sequential:
 * row after row; built with -fopenmp: balanced by non-zeros (fd_balanced, fdata.h).
 * Input: row_ptr []i64, cols []i64, vals []f32, x []f32 (binary); output: [rows]f32.
 */
#include "../fdata.h"

typedef struct { fd_value row_ptr, cols, vals, x; float *y, heads[FD_MAX_PARTS]; } job;

static void piece(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot) {
    job *j = ctx;
    const int64_t *cols = j->cols.data;
    const float *vals = j->vals.data, *x = j->x.data;
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
    fd_balanced(j->row_ptr.data, j->row_ptr.count - 1, j, piece, combine);
}

int main(int argc, char **argv) {
    fd_tool = "spmv";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.row_ptr = fd_expect(" i64", 1, 0, "row_ptr");
    j.cols = fd_expect(" i64", 1, 0, "cols");
    j.vals = fd_expect(" f32", 1, 0, "vals");
    j.x = fd_expect(" f32", 1, 0, "x");
    const int64_t *offs = j.row_ptr.data, *cols = j.cols.data, rows = j.row_ptr.count - 1;
    if (rows < 0 || offs[0] != 0 || offs[rows] != j.cols.count || j.vals.count != j.cols.count)
        fd_die("row_ptr does not fit cols and vals", NULL);
    for (int64_t r = 0; r < rows; r++)
        if (offs[r + 1] < offs[r]) fd_die("row_ptr decreases", NULL);
    for (int64_t k = 0; k < j.cols.count; k++)
        if (cols[k] < 0 || cols[k] >= j.x.count) fd_die("a column index out of bounds", NULL);
    j.y = fd_alloc((size_t)rows * 4);
    fd_time(o, NULL, run, &j);
    fd_write_array(stdout, " f32", rows, j.y);
    return fflush(stdout) != 0;
}
