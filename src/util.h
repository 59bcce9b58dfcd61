/* util.h — containers, arenas, strings and diagnostics shared by every pass.
 *
 * Memory: the compiler allocates from one global arena (xmalloc/arena_*), freed at exit.
 * Diagnostics: error_at() prints "file:line:col: error: msg", the source line and a caret,
 * then exits with status 1.  die() is for internal errors (bugs) and prints __FILE__:__LINE__.
 * Run-time failures of the interpreter use rt_error_at() (exit status 2).
 */
#ifndef WEFT_UTIL_H
#define WEFT_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- util.c: allocation ---- */
void *xmalloc(size_t n);            /* zeroed; exits cleanly on out-of-memory */
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xsprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable vector of pointers-or-values.  Use: Vec(Expr *) v = {0}; vec_push(&v, e); v.data[i], v.len */
#define Vec(T) struct { T *data; int len, cap; }
#define vec_push(v, x)                                                                   \
    do {                                                                                 \
        if ((v)->len == (v)->cap) {                                                      \
            (v)->cap = (v)->cap ? 2 * (v)->cap : 4;                                      \
            (v)->data = xrealloc((v)->data, (size_t)(v)->cap * sizeof(*(v)->data));      \
        }                                                                                \
        (v)->data[(v)->len++] = (x);                                                     \
    } while (0)

/* String buffer. */
typedef struct {
    char *data;
    size_t len, cap;
} StrBuf;
void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Interned strings: equal names are pointer-equal.  Every identifier in the AST is interned. */
const char *intern(const char *s);
const char *intern_n(const char *s, size_t n);

/* Read a whole file; NULL (and errno set) when it cannot be read. */
char *read_file(const char *path, size_t *len_out);
/* A whole file, always NUL-terminated; "" when unreadable (outputs of subprocesses). */
char *slurp(const char *path, size_t *len);
/* The running executable's path (/proc/self/exe), or NULL when unknown. */
const char *self_exe_path(void);

/* ---- util.c: source locations and diagnostics ---- */
typedef struct {
    const char *file; /* interned path as given by the user */
    int line, col;    /* 1-based; col counts bytes */
} Loc;

/* Register a source text so that diagnostics can quote its lines. */
void source_register(const char *file, const char *text);

_Noreturn void error_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appended to a size error found while an entry point's arguments are bound (the interpreter
 * and compiled programs): Futhark's category for it, "invalid sizes". */
#define ENTRY_SIZES_NOTE " (the entry point's arguments have invalid sizes)"
void warning_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Like error_at, but a run-time failure: exit status 2. */
_Noreturn void rt_error_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Print "file:line:col: <kind>: msg" plus the caret to stderr without exiting. */
void diag_vprint(Loc loc, const char *kind, const char *fmt, va_list ap);
/* Error without a location (bad command line, unreadable file): "weft: error: msg", exit 1. */
_Noreturn void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Where those errors end (die included): NULL, the default, exits with the status; the fuzzing
 * harnesses (tests/fuzz/) set a function that longjmps, to check many programs in one process. */
extern void (*error_exit_hook)(int status);
/* Internal compiler error. */
#define die(...) die_at(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void die_at(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- OMap (util.c): a map from interned names (compared by pointer) to pointers / integers ---- */
typedef struct {
    const char **keys;
    void **vals;
    int cap, len;
} OMap;
void omap_put(OMap *m, const char *k, void *v);
void *omap_get(const OMap *m, const char *k); /* NULL when absent */
bool omap_has(const OMap *m, const char *k);
void omap_add(OMap *m, const char *k, intptr_t d); /* integer values: += d */
intptr_t omap_int(const OMap *m, const char *k);   /* 0 when absent */

#endif
