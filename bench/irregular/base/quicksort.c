/* quicksort.c — C baseline of examples/flatten/quicksort.fut: an [n]i32 sorted ascending.  An
 * in-place quicksort: the pivot the median of the first, middle and last elements, Hoare's
 * partition, insertion sort below 32 elements, recursion on the smaller part (depth O(lg n)).
 * Built with -fopenmp, the smaller part is sorted as an OpenMP task when it has more than 2^16
 * elements.  The timed part sorts a fresh copy of the input (copied before the clock starts, as
 * weft's harness copies its arguments).  Input: [n]i32 (binary); output: the sorted [n]i32.
 */
#include "../fdata.h"

typedef struct { fd_value xs; int32_t *work; } job;

static void insertion_sort(int32_t *a, int64_t n) {
    for (int64_t i = 1; i < n; i++) {
        int32_t x = a[i];
        int64_t j = i;
        for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}

static int32_t median3(int32_t a, int32_t b, int32_t c) {
    if (a > b) { int32_t t = a; a = b; b = t; }
    return c < a ? a : c > b ? b : c;
}

/* Hoare's partition around p: a[0..k) <= p <= a[k..n); 0 < k < n */
static int64_t partition(int32_t *a, int64_t n, int32_t p) {
    int64_t i = -1, j = n;
    for (;;) {
        do i++; while (a[i] < p);
        do j--; while (a[j] > p);
        if (i >= j) return j + 1;
        int32_t t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

static void sort(int32_t *a, int64_t n) {
    while (n > 32) {
        int64_t k = partition(a, n, median3(a[0], a[n / 2], a[n - 1]));
        int32_t *small = k < n - k ? a : a + k, *large = k < n - k ? a + k : a;
        int64_t ns = k < n - k ? k : n - k;
        if (ns > 65536) {
#pragma omp task firstprivate(small, ns)
            sort(small, ns);
        } else {
            sort(small, ns);
        }
        a = large;
        n -= ns;
    }
    insertion_sort(a, n);
}

static void copy_input(void *state) {
    job *j = state;
    memcpy(j->work, j->xs.data, (size_t)j->xs.count * 4);
}

static void run(void *state) {
    job *j = state;
#pragma omp parallel
#pragma omp single
    sort(j->work, j->xs.count);
}

int main(int argc, char **argv) {
    fd_tool = "quicksort";
    fd_options o = fd_parse(argc, argv);
    job j = {fd_expect(" i32", 1, 0, "xs"), NULL};
    j.work = fd_alloc((size_t)j.xs.count * 4);
    fd_time(o, copy_input, run, &j);
    fd_write_array(stdout, " i32", j.xs.count, j.work);
    return fflush(stdout) != 0;
}
