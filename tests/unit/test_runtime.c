/* test_runtime.c — unit tests of rts/runtime.c's library functions (errors, tuning parameters,
 * tracked memory, types, time).  The command line is tested by tests/scripts/rts_runtime.sh.
 * rts: runtime.c values.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../rts/runtime.h"

static int passed, failed;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (cond) passed++;                                                   \
        else { failed++; printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } \
    } while (0)

static const wf_param_decl params[] = {{"a.thr", 10, false}, {"b.block", 256, false}};
static const wf_program prog = {NULL, 0, params, 2, NULL, NULL, NULL, NULL, NULL};

static void test_errors(void) {
    wf_ctx *ctx = wf_ctx_new(&prog);
    CHECK(!wf_failed(ctx) && wf_ctx_error(ctx) == NULL);
    CHECK(wf_error(ctx, "f.fut:3:7", "index %d out of bounds", 5) != 0);
    CHECK(wf_failed(ctx));
    CHECK(strcmp(wf_ctx_error(ctx), "f.fut:3:7: Error: index 5 out of bounds") == 0);
    CHECK(wf_error(ctx, "g.fut:1:1", "second") != 0); /* the first error wins */
    CHECK(strcmp(wf_ctx_error(ctx), "f.fut:3:7: Error: index 5 out of bounds") == 0);
    wf_ctx_clear_error(ctx);
    CHECK(!wf_failed(ctx) && wf_ctx_error(ctx) == NULL);
    wf_error(ctx, NULL, "division by zero");
    CHECK(strcmp(wf_ctx_error(ctx), "Error: division by zero") == 0);
    wf_ctx_free(ctx);
}

static void test_params(void) {
    wf_ctx *ctx = wf_ctx_new(&prog);
    CHECK(wf_param(ctx, 0) == 10 && wf_param(ctx, 1) == 256);
    CHECK(wf_param_index(ctx, "b.block") == 1 && wf_param_index(ctx, "nope") == -1);
    CHECK(wf_set_param(ctx, "a.thr", 99) == 0 && wf_param(ctx, 0) == 99);
    CHECK(wf_set_param(ctx, "nope", 1) == -1);
    CHECK(wf_cmp_le(ctx, 0, 99) && !wf_cmp_le(ctx, 0, 98));
    FILE *log = tmpfile();
    CHECK(log != NULL);
    if (log) {
        ctx->logging = true;
        ctx->log_file = log;
        CHECK(wf_cmp_le(ctx, 0, 100));
        CHECK(!wf_cmp_le(ctx, 1, 3));
        char buf[200] = {0};
        rewind(log);
        size_t n = fread(buf, 1, sizeof buf - 1, log);
        buf[n] = '\0';
        CHECK(strcmp(buf, "Compared a.thr <= 100: true.\nCompared b.block <= 3: false.\n") == 0);
        fclose(log);
    }
    wf_ctx_free(ctx);
}

static void test_memory(void) {
    wf_ctx *ctx = wf_ctx_new(&prog);
    void *a = wf_alloc(ctx, 1000, "m:1:1");
    void *b = wf_alloc(ctx, 0, "m:1:2");
    CHECK(a != NULL && b != NULL && ((uintptr_t)a % _Alignof(max_align_t)) == 0);
    CHECK(wf_mem_current(ctx) == 1000 && wf_mem_peak(ctx) == 1000);
    wf_free(ctx, a);
    void *c = wf_alloc(ctx, 300, "m:1:3");
    CHECK(wf_mem_current(ctx) == 300 && wf_mem_peak(ctx) == 1000);
    wf_free(ctx, c);
    wf_free(ctx, b);
    wf_free(ctx, NULL);
    CHECK(wf_mem_current(ctx) == 0);

    wf_value v;
    int64_t shape[2] = {3, 4};
    CHECK(wf_value_alloc(ctx, &v, WF_F32, 2, shape, "m:2:1") == 0);
    CHECK(v.prim == WF_F32 && v.rank == 2 && v.shape[1] == 4 && wf_mem_current(ctx) == 48);
    wf_free(ctx, v.data);
    int64_t huge[2] = {INT64_MAX / 2, 16};
    CHECK(wf_value_alloc(ctx, &v, WF_I64, 2, huge, "m:3:1") != 0 && v.data == NULL);
    CHECK(wf_failed(ctx) && strncmp(wf_ctx_error(ctx), "m:3:1: Error: out of memory", 27) == 0);
    wf_ctx_clear_error(ctx);
    CHECK(wf_alloc(ctx, (size_t)INT64_MAX, "m:4:1") == NULL && wf_failed(ctx));
    CHECK(strstr(wf_ctx_error(ctx), "m:4:1: Error: out of memory") == wf_ctx_error(ctx));
    CHECK(wf_mem_current(ctx) == 0);
    CHECK(wf_max_rss_bytes() > 0);
    wf_ctx_free(ctx);
}

/* Big blocks (1 MiB or more) start on a cache line, also when reused from the cache, and more
 * of them than the cache keeps are freed (ASan, in make check-asan, checks the frees).  Run last:
 * it leaves the block cache full, which test_block_cache must not find. */
static void test_big_alignment(void) {
    wf_ctx *ctx = wf_ctx_new(&prog);
    void *big[20];
    for (int i = 0; i < 20; i++) {
        big[i] = wf_alloc(ctx, ((size_t)1 << 20) + 8 * (size_t)i, "m:1:4");
        CHECK(big[i] != NULL && (uintptr_t)big[i] % 64 == 0);
        if (big[i]) memset(big[i], i, ((size_t)1 << 20) + 8 * (size_t)i);
    }
    for (int i = 0; i < 20; i++) wf_free(ctx, big[i]);
    void *again = wf_alloc(ctx, (size_t)1 << 20, "m:1:5");
    CHECK(again != NULL && (uintptr_t)again % 64 == 0);
    wf_free(ctx, again);
    CHECK(wf_mem_current(ctx) == 0);
    wf_ctx_free(ctx);
}

static void test_misc(void) {
    char buf[64];
    wf_type t1 = {WF_F32, 2, true, 1}, t2 = {WF_BOOL, 0, false, 0};
    CHECK(strcmp(wf_type_string(&t1, buf, sizeof buf), "*[][]f32") == 0);
    CHECK(strcmp(wf_type_string(&t2, buf, sizeof buf), "bool") == 0);
    CHECK(strcmp(wf_type_string(&t1, buf, 4), "*[]") == 0);
    int64_t t0 = wf_time_us(), t = wf_time_us();
    CHECK(t0 > 0 && t >= t0);
}

/* Big freed blocks are kept and reused (no page faults per run); counters count what was
 * asked for, not the block's capacity. */
static void test_block_cache(void) {
    wf_ctx *ctx = wf_ctx_new(&prog);
    char *a = wf_alloc(ctx, 2 << 20, "c:1:1");
    CHECK(a != NULL);
    a[0] = 1;
    wf_free(ctx, a);
    char *b = wf_alloc(ctx, (3 << 20) / 2, "c:1:2"); /* 1.5 MiB fits the 2 MiB block */
    CHECK(b == a && wf_mem_current(ctx) == (3 << 20) / 2);
    char *c = wf_alloc(ctx, 5 << 20, "c:1:3"); /* too big for anything cached */
    CHECK(c != NULL && c != a && wf_mem_current(ctx) == (3 << 20) / 2 + (5 << 20));
    wf_free(ctx, b);
    char *d = wf_alloc(ctx, 100 << 10, "c:1:4"); /* small: never from the cache */
    CHECK(d != NULL && d != a);
    wf_free(ctx, c);
    wf_free(ctx, d);
    CHECK(wf_mem_current(ctx) == 0 && wf_mem_peak(ctx) == (3 << 20) / 2 + (5 << 20) + 0);
    wf_ctx_free(ctx);
}

/* Each thread batches its counts per context; interleaved contexts stay separate, and peaks
 * reached between flushes are not lost. */
static void test_two_contexts(void) {
    wf_ctx *x = wf_ctx_new(&prog), *y = wf_ctx_new(&prog);
    void *a = wf_alloc(x, 1000, NULL);
    void *b = wf_alloc(y, 500, NULL);
    void *c = wf_alloc(x, 24, NULL);
    CHECK(wf_mem_current(x) == 1024 && wf_mem_current(y) == 500);
    wf_free(x, a);
    wf_free(x, c);
    wf_free(y, b);
    CHECK(wf_mem_current(x) == 0 && wf_mem_current(y) == 0);
    CHECK(wf_mem_peak(x) == 1024 && wf_mem_peak(y) == 500);
    wf_ctx_free(x);
    wf_ctx_free(y);
}

/* A jagged value's parts (values.h) written as text. */
static char *jagged_text(int rank, int levels, const wf_value *parts, bool binary) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    if (binary)
        wf_write_jagged_binary(f, rank, levels, parts);
    else
        wf_write_jagged_text(f, rank, levels, parts);
    fclose(f);
    return text;
}

static int read_parts(const char *text, size_t len, wf_prim prim, int rank, int levels, wf_value *parts, char *err) {
    wf_reader *r = wf_reader_from_string(text, len);
    int rc = wf_read_jagged(r, prim, rank, levels, parts);
    if (rc && err)
        snprintf(err, 200, "%s", wf_reader_error(r));
    wf_reader_free(r);
    return rc;
}

static void free_parts(wf_value *parts, int n) {
    for (int i = 0; i < n; i++)
        wf_value_free(&parts[i]);
}

/* Jagged values: text in, parts, text and binary out, binary back in; malformed ones refused. */
static void test_jagged(void) {
    wf_value p[3];
    char err[200] = "";
    const char *in = "[[1, 2, 3], [], [4]]";
    CHECK(read_parts(in, strlen(in), WF_I32, 2, 1, p, err) == 0);
    const int64_t *o = p[0].data;
    const int32_t *d = p[1].data;
    CHECK(p[0].shape[0] == 4 && o[0] == 0 && o[1] == 3 && o[2] == 3 && o[3] == 4);
    CHECK(p[1].rank == 1 && p[1].shape[0] == 4 && d[0] == 1 && d[3] == 4);
    char *t = jagged_text(2, 1, p, false);
    CHECK(t && strcmp(t, "[[1i32, 2i32, 3i32], empty([0]i32), [4i32]]") == 0);
    free(t);
    /* binary: version 3, read back to the same parts */
    char *bin = NULL;
    size_t blen = 0;
    FILE *f = open_memstream(&bin, &blen);
    wf_write_jagged_binary(f, 2, 1, p);
    fclose(f);
    CHECK(blen == 8 + 8 + 3 * 8 + 4 * 4 && bin[0] == 'b' && bin[1] == 3 && bin[2] == 2 && bin[3] == 1);
    wf_value q[2];
    CHECK(read_parts(bin, blen, WF_I32, 2, 1, q, err) == 0);
    CHECK(q[0].shape[0] == 4 && memcmp(q[0].data, p[0].data, 32) == 0 && memcmp(q[1].data, p[1].data, 16) == 0);
    free_parts(q, 2);
    CHECK(read_parts(bin, blen - 3, WF_I32, 2, 1, q, err) != 0 && strstr(err, "truncated"));
    free(bin);
    free_parts(p, 2);
    /* a regular value reads as a jagged one; one that is regular writes as a rectangular array */
    in = "[[1, 2], [3, 4]]";
    CHECK(read_parts(in, strlen(in), WF_I64, 2, 1, p, err) == 0);
    t = jagged_text(2, 1, p, false);
    CHECK(t && strcmp(t, "[[1i64, 2i64], [3i64, 4i64]]") == 0);
    free(t);
    free_parts(p, 2);
    /* two levels and a regular dimension after them; nested empties */
    in = "[[[[1, 2]], empty([0][2]i8)], []]";
    CHECK(read_parts(in, strlen(in), WF_I8, 4, 2, p, err) == 0);
    CHECK(p[0].shape[0] == 3 && p[1].shape[0] == 3 && p[2].rank == 2 && p[2].shape[0] == 1 && p[2].shape[1] == 2);
    t = jagged_text(4, 2, p, false);
    CHECK(t && strcmp(t, "[[[[1i8, 2i8]], empty([0][2]i8)], empty([0][0][2]i8)]") == 0);
    free(t);
    CHECK(wf_jagged_valid(4, 2, p, err, sizeof err));
    ((int64_t *)p[1].data)[1] = 5; /* past the data */
    CHECK(!wf_jagged_valid(4, 2, p, err, sizeof err));
    free_parts(p, 3);
    /* malformed: a regular dimension after the levels that differs, a wrong element type */
    in = "[[[1, 2]], [[3]]]";
    CHECK(read_parts(in, strlen(in), WF_I32, 3, 1, p, err) != 0 && strstr(err, "irregular"));
    in = "[[1.5]]";
    CHECK(read_parts(in, strlen(in), WF_I32, 2, 1, p, err) != 0);
}

int main(void) {
    test_errors();
    test_params();
    test_memory();
    test_block_cache();
    test_two_contexts();
    test_misc();
    test_jagged();
    test_big_alignment();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
