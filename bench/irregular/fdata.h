/* fdata.h — what the irregular benchmarks' generator (gen.c) and C baselines share: Futhark's
 * binary data format (version 2, and weft's version 3 for jagged arrays, docs/EXECUTABLES.md)
 * read from and written to stdio, a seeded random generator, the baselines' command line and
 * timing (`-r RUNS -t FILE`, as weft's executables: one untimed warm-up run, then RUNS timed
 * runs), and the split of a jagged array's elements into equal ranges for the OpenMP baselines.
 * Header-only, every function static inline: each tool is one C file that includes it (C11, and
 * C++ for bench/cuda/cub_segsum.cu).
 */
#ifndef FDATA_H
#define FDATA_H
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static const char *fd_tool = "fdata"; /* set by each tool: the prefix of its messages */

static inline void fd_die(const char *msg, const char *what) {
    fprintf(stderr, "%s: error: %s%s%s\n", fd_tool, msg, what ? ": " : "", what ? what : "");
    exit(1);
}

static inline void *fd_alloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) fd_die("out of memory", NULL);
    return p;
}

/* ---- random numbers: splitmix64, one stream per seed */

typedef struct { uint64_t s; } fd_rng;

static inline fd_rng fd_seed(uint64_t seed, uint64_t stream) {
    fd_rng r = {seed * 0x9e3779b97f4a7c15ULL + stream * 0xd1b54a32d192ed03ULL + 1};
    return r;
}
static inline uint64_t fd_next(fd_rng *r) {
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
/* uniform in (0, 1] */
static inline double fd_unit(fd_rng *r) { return (double)((fd_next(r) >> 11) + 1) / 9007199254740992.0; }
/* uniform in [lo, hi] */
static inline int64_t fd_range(fd_rng *r, int64_t lo, int64_t hi) {
    return lo + (int64_t)(fd_next(r) % (uint64_t)(hi - lo + 1));
}

/* ---- values in the binary format */

/* A value as read: a scalar (rank 0), an array of dims[0..rank) or a jagged [rows][]t (levels 1:
 * lens[rows] the row lengths, offs[rows+1] their exclusive scan).  count: the elements. */
typedef struct {
    char type[5];
    int rank, levels;
    int64_t dims[8];
    int64_t *lens, *offs;
    int64_t count;
    size_t elem;
    void *data;
} fd_value;

static inline size_t fd_elem_size(const char *type) {
    if (!strcmp(type, "bool") || !strcmp(type, "  i8") || !strcmp(type, "  u8")) return 1;
    if (!strcmp(type, " i16") || !strcmp(type, " u16") || !strcmp(type, " f16")) return 2;
    if (!strcmp(type, " i32") || !strcmp(type, " u32") || !strcmp(type, " f32")) return 4;
    if (!strcmp(type, " i64") || !strcmp(type, " u64") || !strcmp(type, " f64")) return 8;
    fd_die("unknown element type", type);
    return 0;
}

static inline void fd_read_exact(FILE *f, void *p, size_t bytes) {
    if (bytes && fread(p, 1, bytes, f) != bytes) fd_die("truncated binary value", NULL);
}

static inline void fd_skip_space(FILE *f) {
    int c;
    while ((c = getc(f)) == ' ' || c == '\n' || c == '\t' || c == '\r') {}
    if (c != EOF) ungetc(c, f);
}

/* The next value of f (version 2, or version 3 with one level); 0 at the end of the input. */
static inline int fd_read(FILE *f, fd_value *v) {
    memset(v, 0, sizeof *v);
    fd_skip_space(f);
    unsigned char head[4];
    int c = getc(f);
    if (c == EOF) return 0;
    if (c != 'b') fd_die("not a binary value (weft and the generator write binary: -b)", NULL);
    fd_read_exact(f, head, 2);
    int version = head[0];
    v->rank = head[1];
    if (version == 3) fd_read_exact(f, &head[2], 1), v->levels = head[2];
    else if (version != 2) fd_die("unsupported binary format version", NULL);
    if (v->rank > 8 || v->levels > 1) fd_die("unsupported rank or more than one jagged level", NULL);
    fd_read_exact(f, v->type, 4);
    v->elem = fd_elem_size(v->type);
    v->count = 1;
    if (v->levels == 1) {
        int64_t rows;
        fd_read_exact(f, &rows, 8);
        if (rows < 0) fd_die("negative row count", NULL);
        v->dims[0] = rows;
        v->lens = (int64_t *)fd_alloc((size_t)rows * 8);
        v->offs = (int64_t *)fd_alloc((size_t)(rows + 1) * 8);
        fd_read_exact(f, v->lens, (size_t)rows * 8);
        v->offs[0] = 0;
        for (int64_t i = 0; i < rows; i++) {
            if (v->lens[i] < 0) fd_die("negative row length", NULL);
            v->offs[i + 1] = v->offs[i] + v->lens[i];
        }
        fd_read_exact(f, &v->dims[1], (size_t)(v->rank - 2) * 8);
        v->count = v->offs[rows];
        for (int d = 1; d < v->rank - 1; d++) v->count *= v->dims[d];
    } else {
        fd_read_exact(f, v->dims, (size_t)v->rank * 8);
        for (int d = 0; d < v->rank; d++) v->count *= v->dims[d];
    }
    v->data = fd_alloc((size_t)v->count * v->elem);
    fd_read_exact(f, v->data, (size_t)v->count * v->elem);
    return 1;
}

/* The next value of stdin, which must have the given type and rank (levels: 0 or 1). */
static inline fd_value fd_expect(const char *type, int rank, int levels, const char *what) {
    fd_value v;
    if (!fd_read(stdin, &v)) fd_die("missing input", what);
    if (strcmp(v.type, type) || v.rank != rank || (v.levels && v.levels != levels))
        fd_die("input of the wrong type", what);
    if (levels == 1 && v.levels == 0) { /* a rectangular value (version 2) for a [][]t */
        v.levels = 1;
        v.lens = (int64_t *)fd_alloc((size_t)v.dims[0] * 8);
        v.offs = (int64_t *)fd_alloc((size_t)(v.dims[0] + 1) * 8);
        v.offs[0] = 0;
        for (int64_t i = 0; i < v.dims[0]; i++) v.lens[i] = v.dims[1], v.offs[i + 1] = v.offs[i] + v.dims[1];
    }
    return v;
}

/* A CSR matrix as the seed 004 demos take it: row_ptr []i64 (one more than its rows), cols []i64,
 * vals []f32.  fd_expect_csr reads it from stdin and checks its structure; fd_check_columns,
 * once the width is known (the values that follow), its column indices. */
typedef struct { fd_value row_ptr, cols, vals; int64_t rows; } fd_csr;

static inline fd_csr fd_expect_csr(void) {
    fd_csr m;
    m.row_ptr = fd_expect(" i64", 1, 0, "row_ptr");
    m.cols = fd_expect(" i64", 1, 0, "cols");
    m.vals = fd_expect(" f32", 1, 0, "vals");
    const int64_t *offs = (const int64_t *)m.row_ptr.data;
    m.rows = m.row_ptr.count - 1;
    if (m.rows < 0 || offs[0] != 0 || offs[m.rows] != m.cols.count || m.vals.count != m.cols.count)
        fd_die("row_ptr does not fit cols and vals", NULL);
    for (int64_t r = 0; r < m.rows; r++)
        if (offs[r + 1] < offs[r]) fd_die("row_ptr decreases", NULL);
    return m;
}

static inline void fd_check_columns(const fd_csr *m, int64_t ncols) {
    const int64_t *cols = (const int64_t *)m->cols.data;
    for (int64_t k = 0; k < m->cols.count; k++)
        if (cols[k] < 0 || cols[k] >= ncols) fd_die("a column index out of bounds", NULL);
}

static inline void fd_free(fd_value *v) {
    free(v->lens);
    free(v->offs);
    free(v->data);
}

static inline void fd_write_bytes(FILE *f, const void *p, size_t bytes) {
    if (bytes && fwrite(p, 1, bytes, f) != bytes) fd_die("cannot write the output", NULL);
}

/* version 2 header: rank and dims */
static inline void fd_write_header(FILE *f, const char *type, int rank, const int64_t *dims) {
    unsigned char head[3] = {'b', 2, (unsigned char)rank};
    fd_write_bytes(f, head, 3);
    fd_write_bytes(f, type, 4);
    fd_write_bytes(f, dims, (size_t)rank * 8);
}

/* a one-dimensional array of n elements */
static inline void fd_write_array(FILE *f, const char *type, int64_t n, const void *data) {
    fd_write_header(f, type, 1, &n);
    fd_write_bytes(f, data, (size_t)n * fd_elem_size(type));
}

static inline void fd_write_scalar(FILE *f, const char *type, const void *x) {
    fd_write_header(f, type, 0, NULL);
    fd_write_bytes(f, x, fd_elem_size(type));
}

/* version 3 header of a [rows][]t: the row lengths; the rows' data follows */
static inline void fd_write_jagged_header(FILE *f, const char *type, int64_t rows, const int64_t *lens) {
    unsigned char head[4] = {'b', 3, 2, 1};
    fd_write_bytes(f, head, 4);
    fd_write_bytes(f, type, 4);
    fd_write_bytes(f, &rows, 8);
    fd_write_bytes(f, lens, (size_t)rows * 8);
}

/* ---- the baselines' command line and timing */

typedef struct {
    int runs;
    const char *times;
} fd_options;

static inline fd_options fd_parse(int argc, char **argv) {
    fd_options o = {1, NULL};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-r") && i + 1 < argc) o.runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) o.times = argv[++i];
        else if (!strcmp(argv[i], "-b")) continue; /* binary output, as always (weft's flag) */
        else {
            fprintf(stderr, "usage: %s [-r RUNS] [-t FILE] [-b] < input > output\n", fd_tool);
            exit(1);
        }
    }
    if (o.runs < 1) fd_die("-r wants a positive number of runs", NULL);
    return o;
}

static inline int64_t fd_now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* Runs step(state) once untimed (when runs > 1) and `runs` times timed, writing the µs of each
 * timed run to o.times.  prepare(state), when given, runs before each run, untimed. */
static inline void fd_time(fd_options o, void (*prepare)(void *), void (*step)(void *), void *state) {
    FILE *t = o.times ? fopen(o.times, "w") : NULL;
    if (o.times && !t) fd_die("cannot write", o.times);
    for (int r = o.runs > 1 ? -1 : 0; r < o.runs; r++) {
        if (prepare) prepare(state);
        int64_t t0 = fd_now_us();
        step(state);
        int64_t us = fd_now_us() - t0;
        if (t && r >= 0) fprintf(t, "%lld\n", (long long)us);
    }
    if (t && fclose(t) != 0) fd_die("cannot write", o.times);
}

static inline int fd_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* ---- the element-balanced loop of the baselines: a jagged array's elements (its rows' offsets
 * offs[0..rows]) split into one equal range per thread, so that the work is balanced by elements
 * whatever the row lengths, as in weft's flattened versions.  Range t owns the rows that start in
 * it (the last range also the empty rows at the end) and does each of them up to its own end; the
 * row that started in an earlier range and runs on into range t is t's head.  piece(ctx, row, lo,
 * hi, slot) handles the elements lo..hi-1 of a row: slot -1 for an owned row (it sets the row's
 * result), else t (a head: it keeps a partial result in slot t); then, after the parallel loop,
 * combine(ctx, row, t) adds each head's partial result to its row, in range order.  Without
 * OpenMP there is one range: row after row. */

#define FD_MAX_PARTS 256

typedef void fd_piece_fn(void *ctx, int64_t row, int64_t lo, int64_t hi, int slot);
typedef void fd_combine_fn(void *ctx, int64_t row, int slot);

/* the first row r with offs[r] >= pos (rows when none) */
static inline int64_t fd_first_row_at(const int64_t *offs, int64_t rows, int64_t pos) {
    int64_t lo = 0, hi = rows;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (offs[mid] >= pos) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

static inline int64_t fd_min(int64_t a, int64_t b) { return a < b ? a : b; }

/* Range t of parts: its head row (-1 for none), then its owned rows; returns the head row. */
static inline int64_t fd_range_part(const int64_t *offs, int64_t rows, int t, int parts, void *ctx,
                                    fd_piece_fn *piece) {
    int64_t total = offs[rows], q = total / parts, rem = total % parts;
    int64_t begin = q * t + (t < rem ? t : rem), end = begin + q + (t < rem);
    int64_t first = fd_first_row_at(offs, rows, begin);
    int64_t last = t == parts - 1 ? rows : fd_first_row_at(offs, rows, end);
    int64_t head = first > 0 && begin < end && offs[first] > begin ? first - 1 : -1;
    if (head >= 0) piece(ctx, head, begin, fd_min(offs[first], end), t);
    for (int64_t r = first; r < last; r++) piece(ctx, r, offs[r], fd_min(offs[r + 1], end), -1);
    return head;
}

static inline void fd_balanced(const int64_t *offs, int64_t rows, void *ctx, fd_piece_fn *piece,
                               fd_combine_fn *combine) {
    int parts = fd_threads() < FD_MAX_PARTS ? fd_threads() : FD_MAX_PARTS;
    int64_t heads[FD_MAX_PARTS];
#pragma omp parallel for num_threads(parts) schedule(static, 1)
    for (int t = 0; t < parts; t++) heads[t] = fd_range_part(offs, rows, t, parts, ctx, piece);
    for (int t = 0; t < parts; t++)
        if (heads[t] >= 0) combine(ctx, heads[t], t);
}

#endif
