/* values.h — Futhark's data formats (text and binary) for weft's runtime, the interpreter and the
 * test runner.  Plain C11 + libc; compiled into bin/weft and into every generated program.
 *
 * Typed reading (wf_read_value) is what entry points use: the caller knows the primitive type
 * and rank it expects; the value must be rectangular.  Untyped reading (wf_read_tree) is what
 * `weft test` uses to compare outputs: literals without suffix are allowed, nesting may be
 * irregular (weft prints jagged arrays as nested brackets).
 * The primitive types are numbered as PrimType in src/syntax/ast.h.
 */
#ifndef WF_VALUES_H
#define WF_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { WF_I8, WF_I16, WF_I32, WF_I64, WF_U8, WF_U16, WF_U32, WF_U64, WF_F32, WF_F64, WF_BOOL, WF_F16, WF_PRIM_COUNT } wf_prim;

const char *wf_prim_name(wf_prim p);  /* "i32" */
size_t wf_prim_size(wf_prim p);       /* bytes per element; bool is 1 byte */

/* A rectangular value: rank 0 is a scalar.  data holds prod(shape) elements, row-major. */
#define WF_MAX_RANK 16
typedef struct {
    wf_prim prim;
    int rank;
    int64_t shape[WF_MAX_RANK];
    void *data; /* malloc'ed; owned by the value */
} wf_value;
void wf_value_free(wf_value *v);
int64_t wf_value_count(const wf_value *v); /* number of elements */

/* ---- reading ---- */
typedef struct wf_reader wf_reader;
wf_reader *wf_reader_new(FILE *f);                               /* reads lazily from f */
wf_reader *wf_reader_from_string(const char *text, size_t len); /* copies text */
void wf_reader_free(wf_reader *r);
/* Read the next value, text or binary (detected per value).  Returns 0 on success; otherwise
 * nonzero, and wf_reader_error() describes what was expected and where (line:col for text). */
int wf_read_value(wf_reader *r, wf_prim prim, int rank, wf_value *out);
bool wf_reader_at_end(wf_reader *r); /* nothing but whitespace and -- comments left */
const char *wf_reader_error(const wf_reader *r);

/* ---- jagged values (docs/EXECUTABLES.md, "Jagged arrays") ----
 * A value of rank r whose dimensions 1..L may differ from row to row (an entry parameter or
 * result of type `[][]i32`: L = 1) travels as L + 1 rectangular values, its parts: the offsets
 * of each level (i64, rank 1: one more entry than the rows above, absolute positions in the
 * level below, the last level's in the data), then the data (rank r - L: all elements of the
 * last level, one after the other, with the regular dimensions after it).  The text format
 * writes it as nested brackets; the binary format as version 3 (see EXECUTABLES.md).
 * parts must hold levels + 1 values. */
int wf_read_jagged(wf_reader *r, wf_prim prim, int rank, int levels, wf_value *parts);
void wf_write_jagged_text(FILE *f, int rank, int levels, const wf_value *parts);
void wf_write_jagged_binary(FILE *f, int rank, int levels, const wf_value *parts);
/* Whether the parts describe a well-formed value (offsets non-decreasing, in range); on failure
 * a description in why. */
bool wf_jagged_valid(int rank, int levels, const wf_value *parts, char *why, size_t why_len);

/* ---- writing ---- */
void wf_write_text(FILE *f, const wf_value *v);   /* 1i32  [1i32, 2i32]  empty([0][3]f32)  true  f32.nan */
void wf_write_binary(FILE *f, const wf_value *v); /* Futhark binary format */
void wf_write_scalar_text(FILE *f, wf_prim prim, const void *elem); /* one element, as in wf_write_text */

/* ---- untyped trees, for comparing results in tests ---- */
typedef struct wf_tree wf_tree;
struct wf_tree {
    bool is_array;
    /* scalar */
    wf_prim prim;      /* inferred: suffix, or i32 / f64 for unsuffixed integer / decimal literals */
    bool suffixed;     /* whether the literal carried a type suffix (an unsuffixed one matches any type of its kind) */
    union { int64_t i; uint64_t u; double f; bool b; } v;
    /* array */
    int len;
    wf_tree **elems;
    wf_prim empty_prim; int empty_rank; /* for empty([0]...) */
    /* An array without elements read as a value (empty(...), binary, or one a dimension of
     * zero): its whole shape, empty_rank sizes; len 0 and no elems, however large the other
     * sizes.  NULL for arrays written as [...] (an empty [] has an unknown type). */
    int64_t *shape;
};
/* Read all values in the reader (text or binary) into trees; returns the count, or -1 on error. */
int wf_read_trees(wf_reader *r, wf_tree ***out);
void wf_tree_free(wf_tree *t);
/* Compare expected and actual with Futhark's float tolerance.  On mismatch returns false and
 * writes a short description of the first difference (path and both values) into why. */
bool wf_tree_equal(const wf_tree *expected, const wf_tree *actual, char *why, size_t why_len);
void wf_tree_print(FILE *f, const wf_tree *t);

#endif
