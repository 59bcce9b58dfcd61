/* rank_search.c — C baseline of examples/flatten/rank_search.fut's main: the k-th smallest
 * element (1-based) of every row of a jagged f32 array given as row lengths and flat data.
 * Per row: the row copied to scratch space, then Hoare's selection (quickselect, the median of
 * three as pivot, insertion sort below 16 elements).  Built with -fopenmp: rows in chunks of 16,
 * scheduled dynamically (one scratch buffer per thread).
 * Input: ks []i64, lens []i64, data []f32 (binary); output: [rows]f32.
 */
#include "../fdata.h"

typedef struct { fd_value ks, lens, data; int64_t *offs, longest; float *out; } job;

static void insertion_sort(float *a, int64_t n) {
    for (int64_t i = 1; i < n; i++) {
        float x = a[i];
        int64_t j = i;
        for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}

static float median3(float a, float b, float c) {
    if (a > b) { float t = a; a = b; b = t; }
    return c < a ? a : c > b ? b : c;
}

/* the element of rank k (0-based) of a[0..n), reordering a */
static float select_rank(float *a, int64_t n, int64_t k) {
    while (n > 16) {
        float p = median3(a[0], a[n / 2], a[n - 1]);
        int64_t i = -1, j = n;
        for (;;) { /* Hoare's partition: a[0..j] <= p <= a[j+1..n) */
            do i++; while (a[i] < p);
            do j--; while (a[j] > p);
            if (i >= j) break;
            float t = a[i]; a[i] = a[j]; a[j] = t;
        }
        if (k <= j) n = j + 1;
        else a += j + 1, n -= j + 1, k -= j + 1;
    }
    insertion_sort(a, n);
    return a[k];
}

static void run(void *ctx) {
    job *j = ctx;
    const int64_t *ks = j->ks.data, *lens = j->lens.data, rows = j->lens.count;
    const float *data = j->data.data;
#pragma omp parallel
    {
        float *scratch = fd_alloc((size_t)j->longest * 4);
#pragma omp for schedule(dynamic, 16)
        for (int64_t r = 0; r < rows; r++) {
            memcpy(scratch, data + j->offs[r], (size_t)lens[r] * 4);
            j->out[r] = select_rank(scratch, lens[r], ks[r] - 1);
        }
        free(scratch);
    }
}

int main(int argc, char **argv) {
    fd_tool = "rank_search";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.ks = fd_expect(" i64", 1, 0, "ks");
    j.lens = fd_expect(" i64", 1, 0, "lens");
    j.data = fd_expect(" f32", 1, 0, "data");
    int64_t rows = j.lens.count, *lens = j.lens.data, *ks = j.ks.data;
    if (j.ks.count != rows) fd_die("ks and lens differ in length", NULL);
    j.offs = fd_alloc((size_t)(rows + 1) * 8);
    j.offs[0] = 0;
    for (int64_t r = 0; r < rows; r++) {
        if (lens[r] < 1 || ks[r] < 1 || ks[r] > lens[r]) fd_die("a rank outside its row", NULL);
        j.offs[r + 1] = j.offs[r] + lens[r];
        j.longest = lens[r] > j.longest ? lens[r] : j.longest;
    }
    if (j.offs[rows] != j.data.count) fd_die("the lengths do not add up to the data's", NULL);
    j.out = fd_alloc((size_t)rows * 4);
    fd_time(o, NULL, run, &j);
    fd_write_array(stdout, " f32", rows, j.out);
    return fflush(stdout) != 0;
}
