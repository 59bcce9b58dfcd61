/* runtime.h — the harness every generated weft executable links: command line, reading the
 * entry point's inputs from stdin, timing, printing results, run-time errors, tuning parameters
 * and tracked memory.  Plain C11 + POSIX; no exit() anywhere: wf_main returns the exit status.
 *
 * The generated program describes itself with a wf_program and calls wf_main:
 *
 *     static const wf_type f_params[] = {{WF_I32, 1, false, 0}};
 *     static const wf_type f_results[] = {{WF_I32, 0, false, 0}};
 *     static int f(wf_ctx *ctx, const wf_value *args, wf_value *res) { ... }
 *     static const wf_entry entries[] = {{"main", 1, f_params, 1, f_results, f}};
 *     static const wf_param_decl params[] = {{"main.suff_outer_par_0", 32768, false}};
 *     static const wf_program program = {entries, 1, params, 1, NULL, NULL, NULL, NULL, NULL};
 *     int main(int argc, char **argv) { return wf_main(argc, argv, &program); }
 *
 * Entry point contract (docs/EXECUTABLES.md has the details):
 *   - args[i] holds parameter i, results[j] must be filled with result j (a jagged parameter or
 *     result is levels + 1 consecutive values, wf_type.levels); every array block
 *     (the data of a wf_value, scalars included) is allocated with wf_alloc / wf_value_alloc.
 *   - Return 0 on success.  On failure return wf_error(...) (or the nonzero result of a failed
 *     wf_alloc); results are then ignored and must not hold live blocks.
 *   - The entry never frees its arguments.  Results may alias arguments (a consumed unique
 *     argument returned in place) or each other; the harness frees every distinct block once.
 * Exit statuses of wf_main: 0 success, 1 usage or input error, 2 run-time error of the program.
 */
#ifndef WF_RUNTIME_H
#define WF_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "values.h"

typedef struct wf_ctx wf_ctx;

typedef struct {
    wf_prim prim;
    int rank;    /* 0 = scalar */
    bool unique; /* `*[]i32`: the entry may consume (overwrite) this argument */
    int levels;  /* 0: rectangular; else a jagged value (values.h): the entry takes or gives it
                    as levels + 1 consecutive wf_values, its offsets arrays then its data */
} wf_type;
/* How many wf_values the n types take: one each, levels + 1 for a jagged one. */
int wf_type_values(const wf_type *t, int n);

typedef int (*wf_entry_fn)(wf_ctx *ctx, const wf_value *args, wf_value *results);

typedef struct {
    const char *name;
    int n_params;
    const wf_type *params;
    int n_results;
    const wf_type *results;
    wf_entry_fn fn;
} wf_entry;

/* A tuning parameter (threshold, block size, ...): read with wf_param(ctx, index).  A user
 * parameter (a #[param(NAME)] of the source) has no default: the program computes its own
 * value unless the run sets it (wf_param_is_set). */
typedef struct {
    const char *name;
    int64_t default_value;
    bool user;
} wf_param_decl;

typedef struct {
    const wf_entry *entries;
    int n_entries;
    const wf_param_decl *params;
    int n_params;
    /* Optional backend hooks (NULL = nothing to do).  init runs once after the command line
     * is parsed, fini once at the end (also after a failure of init); sync is called after
     * each entry call, inside the timed region (CUDA: wait for the device); stage before
     * each entry call, outside it, with the call's arguments (CUDA: copies them to the device),
     * and collect after it, outside it (CUDA: copies the results to the host), so that -t
     * times the computation and not the transfers, as Futhark's benchmarks do.  init, sync,
     * stage and collect return 0 or the result of wf_error. */
    int (*init)(wf_ctx *ctx);
    void (*fini)(wf_ctx *ctx);
    int (*sync)(wf_ctx *ctx);
    int (*stage)(wf_ctx *ctx, const wf_value *args, int n);
    int (*collect)(wf_ctx *ctx);
} wf_program;

/* The context: one per process (or per library user).  Generated code reads the fields
 * directly where speed matters; everything else goes through the functions below. */
struct wf_ctx {
    const wf_program *prog;
    int64_t *params;   /* current values of prog->params */
    bool *params_set;  /* which of them --param, --tuning or wf_set_param set */
    int num_threads;   /* --num-threads; 0 = as many as the machine offers */
    int device;        /* -d (CUDA device number) */
    int default_block_size; /* --default-block-size; 0 = the backend's default */
    bool debugging;    /* -D */
    bool profiling;    /* -P: backends report where the time went (cuda: per GPU region) */
    bool logging;      /* -L: wf_cmp_le logs to log_file */
    FILE *log_file;    /* stderr */
    void *backend;     /* free for the backend's init hook (device handles, ...) */
    struct {           /* the program's live memory blocks (rts/flat.h) */
        void *head;
        char lock;
    } blocks;
    int64_t mem_cur;   /* bytes live in wf_alloc blocks (updated atomically) */
    int64_t mem_peak;  /* highest mem_cur seen */
    int failed;        /* set by the first wf_error (atomically) */
    char *error;       /* its message "loc: Error: ..." (malloc'ed) */
};

/* Run the program: parse argv, read inputs, call the entry, print results.  Returns the exit
 * status (0, 1 or 2) for main to return. */
int wf_main(int argc, char **argv, const wf_program *prog);

/* A context with default parameters, for library use and tests; NULL when out of memory. */
wf_ctx *wf_ctx_new(const wf_program *prog);
void wf_ctx_free(wf_ctx *ctx);
/* The message of the first error since the last wf_ctx_clear_error, or NULL. */
const char *wf_ctx_error(const wf_ctx *ctx);
void wf_ctx_clear_error(wf_ctx *ctx);

/* ---- run-time errors ---- */
/* Record "loc: Error: message" as the context's error (the first one wins when several threads
 * fail) and return nonzero, so generated code can write `return wf_error(ctx, "f.fut:3:7",
 * "index %lld out of bounds for array of shape [%lld]", (long long)i, (long long)n);`.
 * loc may be NULL (no location prefix). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int wf_error(wf_ctx *ctx, const char *loc, const char *fmt, ...);
/* Whether an error has been recorded: parallel loops poll this to stop early. */
static inline bool wf_failed(const wf_ctx *ctx) {
    return __atomic_load_n(&ctx->failed, __ATOMIC_RELAXED) != 0;
}

/* ---- tuning parameters ---- */
static inline int64_t wf_param(const wf_ctx *ctx, int idx) { return ctx->params[idx]; }
static inline bool wf_param_is_set(const wf_ctx *ctx, int idx) { return ctx->params_set[idx]; }
/* Threshold comparison of incremental flattening: param <= value.  With -L it logs
 * "Compared NAME <= VALUE: true." to the log file. */
bool wf_cmp_le_log(wf_ctx *ctx, int idx, int64_t value);
static inline bool wf_cmp_le(wf_ctx *ctx, int idx, int64_t value) {
    if (ctx->logging) return wf_cmp_le_log(ctx, idx, value);
    return ctx->params[idx] <= value;
}
/* Set a parameter by name; returns 0, or -1 when no parameter has that name. */
int wf_set_param(wf_ctx *ctx, const char *name, int64_t value);
/* Index of a parameter, or -1. */
int wf_param_index(const wf_ctx *ctx, const char *name);

/* ---- memory ---- */
/* Tracked allocation of n bytes (n = 0 gives a valid block), aligned for any type.  On failure
 * records "loc: Error: out of memory ..." with wf_error and returns NULL. */
void *wf_alloc(wf_ctx *ctx, size_t n, const char *loc);
void wf_free(wf_ctx *ctx, void *p); /* p may be NULL */
/* Allocate v->data for prod(shape) elements of prim and fill in the other fields; returns 0,
 * or the nonzero result of wf_error on overflow or exhaustion (v->data is then NULL). */
int wf_value_alloc(wf_ctx *ctx, wf_value *v, wf_prim prim, int rank, const int64_t *shape,
                   const char *loc);
int64_t wf_mem_peak(const wf_ctx *ctx);    /* peak bytes in wf_alloc blocks */
int64_t wf_mem_current(const wf_ctx *ctx);
/* Adds the calling thread's uncounted allocations to ctx's counters (parallel code calls it at
 * the end of each thread's part of a region). */
void wf_mem_sync(wf_ctx *ctx);
int64_t wf_max_rss_bytes(void);            /* getrusage's max resident set size, or -1 */

/* ---- time ---- */
int64_t wf_time_us(void); /* CLOCK_MONOTONIC in microseconds */

/* Type as written in Futhark: "*[][]f32", "i64".  Writes at most len bytes; returns buf. */
char *wf_type_string(const wf_type *t, char *buf, size_t len);

#endif
