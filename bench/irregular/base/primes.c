/* primes.c — C baseline of examples/flatten/primes.fut's main: the primes up to n.  A
 * segmented sieve of Eratosthenes: the primes up to sqrt(n) by a plain sieve, then the range
 * 2..n in blocks of 2^18 numbers, each block crossed out by those primes (from the first
 * multiple >= p*p in the block) and its primes counted; the counts' prefix sums place each
 * block's primes in the output.  Built with -fopenmp: the blocks are shared out dynamically.
 * Input: n, i64 (binary); output: [m]i64.
 */
#include "../fdata.h"

#define BLOCK_SIZE (1 << 18)

typedef struct { int64_t n, *small, nsmall, nblocks, *counts, *out, count; } job;

/* the primes up to m into small[] (allocated), by a plain sieve; returns their number */
static int64_t small_primes(int64_t m, int64_t **small) {
    char *composite = calloc((size_t)m + 1, 1);
    *small = fd_alloc((size_t)(m + 1) * 8);
    if (!composite) fd_die("out of memory", NULL);
    int64_t k = 0;
    for (int64_t i = 2; i <= m; i++) {
        if (composite[i]) continue;
        (*small)[k++] = i;
        for (int64_t x = i * i; x <= m; x += i) composite[x] = 1;
    }
    free(composite);
    return k;
}

/* Sieves block b (the numbers lo .. lo + BLOCK_SIZE - 1, at most n); with out, writes its
 * primes there; returns how many there are. */
static int64_t sieve_block(const job *j, int64_t b, char *composite, int64_t *out) {
    int64_t lo = 2 + b * BLOCK_SIZE, hi = lo + BLOCK_SIZE - 1 < j->n ? lo + BLOCK_SIZE - 1 : j->n;
    memset(composite, 0, (size_t)(hi - lo + 1));
    for (int64_t i = 0; i < j->nsmall; i++) {
        int64_t p = j->small[i], x = p * p;
        if (x > hi) break;
        if (x < lo) x = (lo + p - 1) / p * p;
        for (; x <= hi; x += p) composite[x - lo] = 1;
    }
    int64_t k = 0;
    for (int64_t x = lo; x <= hi; x++)
        if (!composite[x - lo]) {
            if (out) out[k] = x;
            k++;
        }
    return k;
}

static void run(void *ctx) {
    job *j = ctx;
    free(j->small);
    int64_t root = 1;
    while ((root + 1) * (root + 1) <= j->n) root++;
    j->nsmall = small_primes(root, &j->small);
    j->nblocks = j->n < 2 ? 0 : (j->n - 2) / BLOCK_SIZE + 1;
    free(j->counts);
    j->counts = fd_alloc((size_t)(j->nblocks + 1) * 8);
#pragma omp parallel
    {
        char *composite = fd_alloc(BLOCK_SIZE);
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = 0; b < j->nblocks; b++) j->counts[b + 1] = sieve_block(j, b, composite, NULL);
#pragma omp single
        {
            j->counts[0] = 0;
            for (int64_t b = 0; b < j->nblocks; b++) j->counts[b + 1] += j->counts[b];
            free(j->out);
            j->count = j->counts[j->nblocks];
            j->out = fd_alloc((size_t)j->count * 8);
        }
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = 0; b < j->nblocks; b++) sieve_block(j, b, composite, j->out + j->counts[b]);
        free(composite);
    }
}

int main(int argc, char **argv) {
    fd_tool = "primes";
    fd_options o = fd_parse(argc, argv);
    static job j;
    fd_value n = fd_expect(" i64", 0, 0, "n");
    j.n = *(int64_t *)n.data;
    fd_time(o, NULL, run, &j);
    fd_write_array(stdout, " i64", j.count, j.out);
    return fflush(stdout) != 0;
}
