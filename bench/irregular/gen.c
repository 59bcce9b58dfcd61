/* gen.c — the inputs of the irregular benchmarks (bench/irregular/run.sh, bench/cuda/irregular.sh)
 * in Futhark's binary data format, jagged arrays in weft's version 3 (docs/EXECUTABLES.md);
 * deterministic: the same arguments give the same bytes.  Row lengths come in three shapes:
 *   uniform    1..199, uniformly
 *   skewed     1 % of the rows 5000..15000, the others 1..40 (each row independently)
 *   powerlaw   floor of a Pareto(alpha = 1.2, x_min = 1) draw, capped at 10^6 (mean about 5.3)
 *   spike      one row holding every element between 999 empty rows and 1000 empty rows
 *              (COUNT elems=N only: the extreme case of skew, and of empty rows)
 * COUNT is `rows=N` (N rows) or `elems=N` (rows until there are N elements, the last one cut).
 *
 *   gen jagged SHAPE COUNT SEED           [][]i32 of values 0..15 (bench/irregular/segsum.fut)
 *   gen sinmap FACTOR                     []i64: one width of 4.5e7 FACTOR, then 5e4 FACTOR
 *                                         widths of 100 (bench/irregular/sinmap.fut)
 *   gen i32 N SEED                        [N]i32 over the whole range (quicksort)
 *   gen i64 N                             the scalar N, i64 (primes)
 *   gen csr SHAPE COUNT COLS SEED         CSR row_ptr []i64, cols []i64 (0..COLS-1), vals []f32,
 *                                         x [COLS]f32 (csr_spmv main)
 *   gen csrdense SHAPE COUNT COLS P SEED  row_ptr, cols, vals and a dense B [COLS][P]f32
 *                                         (sparse_dense main)
 *   gen ranks SHAPE COUNT SEED            ks []i64 (1..the row's length), lens []i64, data []f32
 *                                         (rank_search main)
 *   gen points N SEED                     xs, ys [N]f64, uniform in the unit disc (quickhull)
 *   gen cmp FILE1 FILE2 ABS REL           compares two files of binary values: floats within
 *                                         ABS + REL |FILE2's|, the rest exactly; exit 0 when
 *                                         they match, else 1 naming the first difference
 *
 * The matrices' values and x are small integers (-2..2) in f32, so every sum of products is an
 * exact integer below 2^24 whatever the order of the additions (a row has at most 10^6
 * non-zeros): the C baselines and every weft version must agree bit for bit.
 */
#include "fdata.h"
#include <math.h>

enum shape { UNIFORM, SKEWED, POWERLAW, SPIKE };

static enum shape parse_shape(const char *s) {
    if (!strcmp(s, "uniform")) return UNIFORM;
    if (!strcmp(s, "skewed")) return SKEWED;
    if (!strcmp(s, "powerlaw")) return POWERLAW;
    if (!strcmp(s, "spike")) return SPIKE;
    fd_die("unknown shape (uniform, skewed, powerlaw or spike)", s);
    return UNIFORM;
}

static int64_t row_length(enum shape shape, fd_rng *r) {
    switch (shape) {
    case UNIFORM: return fd_range(r, 1, 199);
    case SKEWED: return fd_next(r) % 100 == 0 ? fd_range(r, 5000, 15000) : fd_range(r, 1, 40);
    case POWERLAW: {
        double x = floor(pow(fd_unit(r), -1.0 / 1.2));
        return x > 1e6 ? 1000000 : (int64_t)x;
    }
    case SPIKE: break;
    }
    return 1;
}

static int64_t parse_count(const char *s, const char *what) {
    char *end;
    long long n = strtoll(s, &end, 10);
    if (end == s || *end || n < 0) fd_die("expected a non-negative integer", what);
    return n;
}

/* Row lengths from COUNT ("rows=N" or "elems=N"); *rows receives their number. */
static int64_t *row_lengths(enum shape shape, const char *count, uint64_t seed, int64_t *rows) {
    int by_rows = !strncmp(count, "rows=", 5);
    if (!by_rows && strncmp(count, "elems=", 6)) fd_die("COUNT is rows=N or elems=N", count);
    int64_t n = parse_count(count + (by_rows ? 5 : 6), count);
    if (shape == SPIKE) {
        if (by_rows) fd_die("the spike shape takes elems=N", count);
        int64_t *lens = calloc(2000, 8);
        if (!lens) fd_die("out of memory", NULL);
        lens[999] = n;
        *rows = 2000;
        return lens;
    }
    fd_rng r = fd_seed(seed, 1);
    int64_t cap = by_rows ? n : 1024, len = 0, total = 0;
    int64_t *lens = fd_alloc((size_t)cap * 8);
    while (by_rows ? len < n : total < n) {
        if (len == cap) {
            cap *= 2;
            lens = realloc(lens, (size_t)cap * 8);
            if (!lens) fd_die("out of memory", NULL);
        }
        int64_t l = row_length(shape, &r);
        if (!by_rows && total + l > n) l = n - total;
        lens[len++] = l;
        total += l;
    }
    *rows = len;
    return lens;
}

static int64_t sum(const int64_t *xs, int64_t n) {
    int64_t s = 0;
    for (int64_t i = 0; i < n; i++) s += xs[i];
    return s;
}

/* the n values expr (of type T, for i = 0..n-1), written in blocks */
#define BLOCK 65536
#define WRITE_VALUES(T, n, i, expr)                                      \
    do {                                                                 \
        static T buf_[BLOCK];                                            \
        for (int64_t b_ = 0; b_ < (n); b_ += BLOCK) {                    \
            int64_t k_ = (n) - b_ < BLOCK ? (n) - b_ : BLOCK;            \
            for (int64_t i = b_; i < b_ + k_; i++) buf_[i - b_] = (expr); \
            fd_write_bytes(stdout, buf_, (size_t)k_ * sizeof(T));        \
        }                                                                \
    } while (0)

static void jagged(int argc, char **argv) {
    if (argc != 5) fd_die("usage: gen jagged SHAPE COUNT SEED", NULL);
    uint64_t seed = (uint64_t)parse_count(argv[4], "SEED");
    int64_t rows, *lens = row_lengths(parse_shape(argv[2]), argv[3], seed, &rows);
    fd_write_jagged_header(stdout, " i32", rows, lens);
    fd_rng r = fd_seed(seed, 2);
    WRITE_VALUES(int32_t, sum(lens, rows), i, (int32_t)(fd_next(&r) & 15));
    free(lens);
}

static void sinmap(int argc, char **argv) {
    if (argc != 3) fd_die("usage: gen sinmap FACTOR", NULL);
    double f = atof(argv[2]);
    if (!(f > 0)) fd_die("FACTOR must be positive", argv[2]);
    int64_t n = 1 + (int64_t)(5e4 * f), big = (int64_t)(4.5e7 * f);
    fd_write_header(stdout, " i64", 1, &n);
    fd_write_bytes(stdout, &big, 8);
    WRITE_VALUES(int64_t, n - 1, i, 100);
}

static void i64_scalar(int argc, char **argv) {
    if (argc != 3) fd_die("usage: gen i64 N", NULL);
    int64_t n = parse_count(argv[2], "N");
    fd_write_scalar(stdout, " i64", &n);
}

static void i32s(int argc, char **argv) {
    if (argc != 4) fd_die("usage: gen i32 N SEED", NULL);
    int64_t n = parse_count(argv[2], "N");
    fd_rng r = fd_seed((uint64_t)parse_count(argv[3], "SEED"), 3);
    fd_write_header(stdout, " i32", 1, &n);
    WRITE_VALUES(int32_t, n, i, (int32_t)(uint32_t)fd_next(&r));
}

/* a CSR matrix's row_ptr, cols (0..cols-1) and vals (-2..2); returns its row count */
static int64_t csr(const char *shape, const char *count, int64_t cols, uint64_t seed) {
    int64_t rows, *lens = row_lengths(parse_shape(shape), count, seed, &rows), nnz = sum(lens, rows);
    int64_t n = rows + 1, at = 0;
    fd_write_header(stdout, " i64", 1, &n);
    fd_write_bytes(stdout, &at, 8);
    WRITE_VALUES(int64_t, rows, i, at += lens[i]);
    fd_rng r = fd_seed(seed, 4);
    if (cols < 1 && nnz > 0) fd_die("COLS must be positive", NULL);
    fd_write_header(stdout, " i64", 1, &nnz);
    WRITE_VALUES(int64_t, nnz, i, (int64_t)(fd_next(&r) % (uint64_t)cols));
    fd_write_header(stdout, " f32", 1, &nnz);
    WRITE_VALUES(float, nnz, i, (float)fd_range(&r, -2, 2));
    free(lens);
    return rows;
}

static void csr_vector(int argc, char **argv) {
    if (argc != 6) fd_die("usage: gen csr SHAPE COUNT COLS SEED", NULL);
    int64_t cols = parse_count(argv[4], "COLS");
    uint64_t seed = (uint64_t)parse_count(argv[5], "SEED");
    csr(argv[2], argv[3], cols, seed);
    fd_rng r = fd_seed(seed, 5);
    fd_write_header(stdout, " f32", 1, &cols);
    WRITE_VALUES(float, cols, i, (float)fd_range(&r, -2, 2));
}

static void csr_dense(int argc, char **argv) {
    if (argc != 7) fd_die("usage: gen csrdense SHAPE COUNT COLS P SEED", NULL);
    int64_t dims[2] = {parse_count(argv[4], "COLS"), parse_count(argv[5], "P")};
    uint64_t seed = (uint64_t)parse_count(argv[6], "SEED");
    csr(argv[2], argv[3], dims[0], seed);
    fd_rng r = fd_seed(seed, 5);
    fd_write_header(stdout, " f32", 2, dims);
    WRITE_VALUES(float, dims[0] * dims[1], i, (float)fd_range(&r, -2, 2));
}

static void ranks(int argc, char **argv) {
    if (argc != 5) fd_die("usage: gen ranks SHAPE COUNT SEED", NULL);
    uint64_t seed = (uint64_t)parse_count(argv[4], "SEED");
    int64_t rows, *lens = row_lengths(parse_shape(argv[2]), argv[3], seed, &rows);
    fd_rng r = fd_seed(seed, 6);
    fd_write_header(stdout, " i64", 1, &rows);
    WRITE_VALUES(int64_t, rows, i, fd_range(&r, 1, lens[i] > 0 ? lens[i] : 1));
    fd_write_array(stdout, " i64", rows, lens);
    int64_t n = sum(lens, rows);
    fd_write_header(stdout, " f32", 1, &n);
    WRITE_VALUES(float, n, i, (float)(fd_unit(&r) * 2000.0 - 1000.0));
    free(lens);
}

static void points(int argc, char **argv) {
    if (argc != 4) fd_die("usage: gen points N SEED", NULL);
    int64_t n = parse_count(argv[2], "N");
    fd_rng r = fd_seed((uint64_t)parse_count(argv[3], "SEED"), 7);
    double *xy = fd_alloc((size_t)n * 16);
    for (int64_t i = 0; i < n; i++) { /* rejection sampling from the square */
        double x, y;
        do {
            x = fd_unit(&r) * 2 - 1;
            y = fd_unit(&r) * 2 - 1;
        } while (x * x + y * y > 1);
        xy[i] = x;
        xy[n + i] = y;
    }
    fd_write_array(stdout, " f64", n, xy);
    fd_write_array(stdout, " f64", n, xy + n);
    free(xy);
}

/* ---- gen cmp */

static double element(const fd_value *v, int64_t i) {
    const char *p = (const char *)v->data + (size_t)i * v->elem;
    if (!strcmp(v->type, " f32")) return *(const float *)p;
    if (!strcmp(v->type, " f64")) return *(const double *)p;
    int64_t x = 0;
    memcpy(&x, p, v->elem); /* little-endian integers and bools, sign-extended below */
    if (v->elem < 8 && v->type[1] == 'i' && (x >> (8 * v->elem - 1)) & 1) x -= (int64_t)1 << (8 * v->elem);
    return (double)x;
}

static int same_shape(const fd_value *a, const fd_value *b) {
    if (strcmp(a->type, b->type) || a->rank != b->rank || a->levels != b->levels || a->count != b->count) return 0;
    if (a->levels) return !memcmp(a->lens, b->lens, (size_t)a->dims[0] * 8);
    return !memcmp(a->dims, b->dims, (size_t)a->rank * 8);
}

static int cmp_values(const fd_value *a, const fd_value *b, int k, double abs_tol, double rel_tol) {
    if (!same_shape(a, b)) {
        fprintf(stderr, "gen cmp: value %d: different types or shapes (%s, %lld elements vs %s, %lld)\n", k,
                a->type, (long long)a->count, b->type, (long long)b->count);
        return 0;
    }
    int is_float = !strcmp(a->type, " f32") || !strcmp(a->type, " f64");
    if (!is_float) {
        if (!memcmp(a->data, b->data, (size_t)a->count * a->elem)) return 1;
        for (int64_t i = 0; i < a->count; i++)
            if (memcmp((char *)a->data + i * a->elem, (char *)b->data + i * b->elem, a->elem)) {
                fprintf(stderr, "gen cmp: value %d, element %lld: %.17g vs %.17g\n", k, (long long)i,
                        element(a, i), element(b, i));
                return 0;
            }
    }
    for (int64_t i = 0; i < a->count; i++) {
        double x = element(a, i), y = element(b, i);
        if (x == y || (isnan(x) && isnan(y)) || fabs(x - y) <= abs_tol + rel_tol * fabs(y)) continue;
        fprintf(stderr, "gen cmp: value %d, element %lld: %.17g vs %.17g\n", k, (long long)i, x, y);
        return 0;
    }
    return 1;
}

static int cmp(int argc, char **argv) {
    if (argc != 6) fd_die("usage: gen cmp FILE1 FILE2 ABS REL", NULL);
    FILE *f = fopen(argv[2], "rb"), *g = fopen(argv[3], "rb");
    if (!f || !g) fd_die("cannot open", !f ? argv[2] : argv[3]);
    double abs_tol = atof(argv[4]), rel_tol = atof(argv[5]);
    fd_value a, b;
    int k = 0, ok = 1;
    for (;; k++) {
        int ra = fd_read(f, &a), rb = fd_read(g, &b);
        if (!ra || !rb) {
            if (ra != rb) fprintf(stderr, "gen cmp: %s has more values than %s\n", ra ? argv[2] : argv[3], ra ? argv[3] : argv[2]);
            ok = ok && ra == rb;
            if (ra) fd_free(&a);
            if (rb) fd_free(&b);
            break;
        }
        ok = cmp_values(&a, &b, k, abs_tol, rel_tol);
        fd_free(&a);
        fd_free(&b);
        if (!ok) break;
    }
    fclose(f);
    fclose(g);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    fd_tool = "gen";
    const char *kind = argc > 1 ? argv[1] : "";
    if (!strcmp(kind, "jagged")) jagged(argc, argv);
    else if (!strcmp(kind, "sinmap")) sinmap(argc, argv);
    else if (!strcmp(kind, "i32")) i32s(argc, argv);
    else if (!strcmp(kind, "i64")) i64_scalar(argc, argv);
    else if (!strcmp(kind, "csr")) csr_vector(argc, argv);
    else if (!strcmp(kind, "csrdense")) csr_dense(argc, argv);
    else if (!strcmp(kind, "ranks")) ranks(argc, argv);
    else if (!strcmp(kind, "points")) points(argc, argv);
    else if (!strcmp(kind, "cmp")) return cmp(argc, argv);
    else {
        fprintf(stderr, "usage: gen jagged|sinmap|i32|i64|csr|csrdense|ranks|points|cmp ... (see bench/irregular/gen.c)\n");
        return 1;
    }
    if (fflush(stdout) != 0) fd_die("cannot write the output", NULL);
    return 0;
}
