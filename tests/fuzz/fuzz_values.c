/* fuzz_values.c — libFuzzer harness for the data readers of rts/values.c (`make fuzz`).
 *
 * The first two bytes of an input pick what is asked for: byte 0 the primitive type (mod 11),
 * byte 1 the rank (bits 0-1: 0-3), the number of jagged levels (bits 2-3: 0-2, 0 when the rank is
 * too small for them) and whether the reader works on a string or refills from a FILE (bit 4).
 * The rest is the data, text or binary.  Every value read is checked and written back:
 *   - a rectangular value in binary must read back bit for bit;
 *   - a jagged value must pass wf_jagged_valid and read back bit for bit from its binary form;
 *   - the same bytes read as untyped trees (`weft test`'s path) must equal themselves.
 * Rejections are fine (they come with a message); crashes, leaks, sanitizer reports and a
 * failed round trip are findings.  Seeds: tests/fuzz/seeds.sh.
 */
#define _POSIX_C_SOURCE 200809L
#include "../../rts/values.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what) {
    fprintf(stderr, "fuzz_values: %s\n", what);
    abort();
}

static wf_reader *reader_for(const char *bytes, size_t len, int from_file, FILE **file) {
    *file = NULL;
    if (!from_file || len == 0)
        return wf_reader_from_string(bytes, len);
    *file = fmemopen((void *)bytes, len, "rb");
    return *file ? wf_reader_new(*file) : NULL;
}

static void close_reader(wf_reader *r, FILE *file) {
    wf_reader_free(r);
    if (file)
        fclose(file);
}

/* The binary form of what write() writes, in a malloc'ed buffer. */
typedef void (*Writer)(FILE *f, const void *what);

static char *written(Writer write, const void *what, size_t *len) {
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        fail("open_memstream failed");
    write(f, what);
    fclose(f);
    return buf;
}

static bool same_value(const wf_value *a, const wf_value *b) {
    if (a->prim != b->prim || a->rank != b->rank)
        return false;
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i])
            return false;
    size_t bytes = (size_t)wf_value_count(a) * wf_prim_size(a->prim);
    return bytes == 0 || !memcmp(a->data, b->data, bytes);
}

static void write_binary_value(FILE *f, const void *v) { wf_write_binary(f, v); }
static void write_text_value(FILE *f, const void *v) { wf_write_text(f, v); }

static void check_value_round_trip(const wf_value *v) {
    size_t len;
    char *bin = written(write_binary_value, v, &len);
    wf_reader *r = wf_reader_from_string(bin, len);
    wf_value back;
    if (wf_read_value(r, v->prim, v->rank, &back) || !same_value(v, &back))
        fail("a value written in binary does not read back the same");
    wf_value_free(&back);
    wf_reader_free(r);
    free(bin);
    free(written(write_text_value, v, &len)); /* the text writer must not crash */
}

typedef struct {
    int rank, levels;
    const wf_value *parts;
} Jagged;

static void write_binary_jagged(FILE *f, const void *j) {
    const Jagged *g = j;
    wf_write_jagged_binary(f, g->rank, g->levels, g->parts);
}

static void write_text_jagged(FILE *f, const void *j) {
    const Jagged *g = j;
    wf_write_jagged_text(f, g->rank, g->levels, g->parts);
}

static void check_jagged_round_trip(wf_prim prim, int rank, int levels, const wf_value *parts) {
    char why[256];
    if (!wf_jagged_valid(rank, levels, parts, why, sizeof why))
        fail("wf_read_jagged accepted a value that is not valid");
    Jagged j = {rank, levels, parts};
    size_t len;
    char *bin = written(write_binary_jagged, &j, &len);
    wf_reader *r = wf_reader_from_string(bin, len);
    wf_value back[3];
    if (wf_read_jagged(r, prim, rank, levels, back))
        fail("a jagged value written in binary does not read back");
    for (int k = 0; k <= levels; k++) {
        if (!same_value(&parts[k], &back[k]))
            fail("a jagged value written in binary does not read back the same");
        wf_value_free(&back[k]);
    }
    wf_reader_free(r);
    free(bin);
    free(written(write_text_jagged, &j, &len));
}

/* Typed reads until the input ends or is rejected. */
static void read_typed(const char *bytes, size_t len, wf_prim prim, int rank, int levels, int from_file) {
    FILE *file;
    wf_reader *r = reader_for(bytes, len, from_file, &file);
    if (!r)
        return;
    for (int n = 0; n < 64 && !wf_reader_at_end(r); n++) {
        if (levels) {
            wf_value parts[3];
            if (wf_read_jagged(r, prim, rank, levels, parts))
                break;
            check_jagged_round_trip(prim, rank, levels, parts);
            for (int k = 0; k <= levels; k++)
                wf_value_free(&parts[k]);
        } else {
            wf_value v;
            if (wf_read_value(r, prim, rank, &v))
                break;
            check_value_round_trip(&v);
            wf_value_free(&v);
        }
    }
    close_reader(r, file);
}

static void read_untyped(const char *bytes, size_t len) {
    wf_reader *r = wf_reader_from_string(bytes, len);
    if (!r)
        return;
    wf_tree **trees;
    int n = wf_read_trees(r, &trees);
    char why[256];
    for (int i = 0; i < n; i++) {
        if (!wf_tree_equal(trees[i], trees[i], why, sizeof why))
            fail("a tree does not equal itself");
        wf_tree_free(trees[i]);
    }
    free(trees);
    wf_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2)
        return 0;
    wf_prim prim = (wf_prim)(data[0] % WF_PRIM_COUNT);
    int rank = data[1] & 3, levels = (data[1] >> 2) & 3, from_file = (data[1] >> 4) & 1;
    if (levels > 2 || levels >= rank)
        levels = 0;
    const char *bytes = (const char *)data + 2;
    read_typed(bytes, size - 2, prim, rank, levels, from_file);
    read_untyped(bytes, size - 2);
    return 0;
}
