/* testspec.h — the Futhark test blocks (`-- ==`) of a program, parsed into cases.
 * Shared by `weft test` (test.c) and `weft bench` (bench.c); the grammar is in testspec.c.
 */
#ifndef WEFT_TESTSPEC_H
#define WEFT_TESTSPEC_H

#include "../util.h"

typedef enum { IN_TEXT, IN_FILE, IN_RANDOM, IN_SCRIPT } InputKind;
typedef enum { OUT_NONE, OUT_TEXT, OUT_FILE, OUT_AUTO, OUT_ERROR } OutputKind;

typedef struct {
    int line;         /* in the .fut file */
    const char *name; /* "name" given before the input, or NULL */
    bool compiled;    /* only for compiled backends */
    bool nobench;     /* `nobench input`: not a benchmark dataset */
    bool train;       /* `train input`: a dataset `weft autotune` tunes on */
    Vec(const char *) not_on; /* `no_BACKEND input`: the backends that skip it (Futhark's words) */
    const char *input_file; /* IN_FILE: the path as written in the block */
    InputKind in;
    char *input;      /* IN_TEXT: the values; IN_FILE: path resolved against the program's folder */
    OutputKind out;
    char *output;     /* OUT_TEXT: values; OUT_FILE: path; OUT_ERROR: regex */
} Case;

typedef struct {
    int line;
    Vec(const char *) entries; /* default: main */
    Vec(Case) cases;
    char *compile_error;       /* regex when the block expects compilation to fail */
    int compile_error_line;
} Block;

typedef struct {
    const char *path, *dir;
    Vec(Block) blocks;
    bool disabled;
    bool nobench;       /* `tags { nobench }`: weft bench skips the program */
    Vec(char *) notes;  /* ignored features, shown with -v */
    char *error;        /* a malformed test block */
} Spec;

/* Read and parse every test block of the program at path; never NULL.  Problems (unreadable
 * file, malformed block) are in ->error. */
Spec *testspec_read(const char *path);

/* The program's output (actual) against the case's expected output (OUT_TEXT or OUT_FILE),
 * value by value with Futhark's float tolerance: NULL when they agree, else
 * "expected: ...\n  actual:   ...\n  <the first difference>" (or why a side cannot be read). */
char *testspec_compare_output(const Case *c, const char *actual, size_t actual_len);
/* A case's name as Futhark prints it: the "name" given, the input file as written in the
 * block, or `#index ("the first 40 characters of the values")`. */
char *testspec_case_name(const Case *c, int index);
/* At most max bytes of s on one line, whitespace runs collapsed. */
char *testspec_shorten(const char *s, size_t max);

#endif
