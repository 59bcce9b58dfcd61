/* runtime.c — the executable harness of generated weft programs (see runtime.h).
 *
 * Sections: errors, tuning parameters, memory, time and types, command line, wf_main.
 * wf_main reads the entry's inputs once; every run gets fresh copies of them in wf_alloc blocks
 * (outside the timed region), so an entry that consumes a unique argument cannot disturb the
 * next run.  Only the call of the entry function (and the backend's sync hook) is timed; the
 * backend's stage hook, before it, puts the copies where the entry wants them (weft cuda: on the
 * device), and its collect hook, after it, brings the results back (weft cuda: to the host), so
 * that -t times the computation, as Futhark's benchmarks do.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getline, clock_gettime */
#endif
#include "runtime.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* ======================================================================================
 * Errors
 * ====================================================================================== */

int wf_error(wf_ctx *ctx, const char *loc, const char *fmt, ...) {
    int expected = 0;
    if (!__atomic_compare_exchange_n(&ctx->failed, &expected, 1, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE))
        return 1; /* an earlier error stands */
    va_list ap;
    va_start(ap, fmt);
    int body = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (body < 0) body = 0;
    /* "Error" (Futhark's word for a run-time error), where compile-time errors say "error" */
    size_t head = loc ? strlen(loc) + strlen(": Error: ") : strlen("Error: ");
    char *msg = malloc(head + (size_t)body + 1);
    if (msg) {
        if (loc) snprintf(msg, head + 1, "%s: Error: ", loc);
        else snprintf(msg, head + 1, "Error: ");
        va_start(ap, fmt);
        vsnprintf(msg + head, (size_t)body + 1, fmt, ap);
        va_end(ap);
    }
    ctx->error = msg; /* NULL when even the message could not be allocated */
    return 1;
}

const char *wf_ctx_error(const wf_ctx *ctx) {
    if (!ctx->failed) return NULL;
    return ctx->error ? ctx->error : "Error: out of memory (while reporting an error)";
}

void wf_ctx_clear_error(wf_ctx *ctx) {
    free(ctx->error);
    ctx->error = NULL;
    ctx->failed = 0;
}

/* ======================================================================================
 * Context and tuning parameters
 * ====================================================================================== */

/* Sets the thresholds named *.suff_KIND_<k> (every *.suff_* threshold when kind is NULL) to v. */
static void set_thresholds(wf_ctx *ctx, const char *kind, size_t kind_len, int64_t v) {
    for (int i = 0; i < ctx->prog->n_params; i++) {
        const char *at = strstr(ctx->prog->params[i].name, ".suff_");
        if (!at || ctx->prog->params[i].user) continue;
        at += strlen(".suff_");
        if (!kind || (!strncmp(at, kind, kind_len) && at[kind_len] == '_')) {
            ctx->params[i] = v;
            ctx->params_set[i] = true;
        }
    }
}

/* --thresholds SPEC (a testing aid, docs/EXECUTABLES.md), or the environment variable
 * WEFT_THRESHOLDS, its alias: every threshold of incremental flattening (a parameter named
 * *.suff_*) set to N ("N"), or those of one kind each ("outer_par=N,intra_par=M"), so a test run
 * can force one version everywhere (0: always the outer-parallel version; outer_par=HUGE,
 * intra_par=0: the block-level ones).  Returns 0, or -1 (nothing set) when SPEC is neither form. */
static int apply_thresholds(wf_ctx *ctx, const char *spec) {
    for (int pass = 0; pass < 2; pass++) /* check the whole spec first, then set */
        for (const char *item = spec; *item;) {
            const char *comma = strchr(item, ','), *end_item = comma ? comma : item + strlen(item);
            const char *eq = memchr(item, '=', (size_t)(end_item - item));
            const char *num = eq ? eq + 1 : item;
            char *end;
            errno = 0;
            long long v = strtoll(num, &end, 10);
            if (end != end_item || end == num || errno || v < 0 || (!eq && (item != spec || comma))) return -1;
            if (pass == 1) set_thresholds(ctx, eq ? item : NULL, eq ? (size_t)(eq - item) : 0, (int64_t)v);
            item = comma ? comma + 1 : end_item;
        }
    return 0;
}

/* WEFT_THRESHOLDS, applied when the context is made (before the command line's options); a
 * malformed value is ignored with a warning. */
static void thresholds_from_environment(wf_ctx *ctx) {
    const char *s = getenv("WEFT_THRESHOLDS");
    if (s && *s && apply_thresholds(ctx, s) != 0)
        fprintf(stderr, "warning: WEFT_THRESHOLDS='%s' is neither N nor KIND=N,... (N >= 0); ignored\n", s);
}

wf_ctx *wf_ctx_new(const wf_program *prog) {
    wf_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->prog = prog;
    ctx->log_file = stderr;
    ctx->params = calloc(prog->n_params > 0 ? (size_t)prog->n_params : 1, sizeof(int64_t));
    ctx->params_set = calloc(prog->n_params > 0 ? (size_t)prog->n_params : 1, sizeof(bool));
    if (!ctx->params || !ctx->params_set) {
        free(ctx->params);
        free(ctx->params_set);
        free(ctx);
        return NULL;
    }
    for (int i = 0; i < prog->n_params; i++) ctx->params[i] = prog->params[i].default_value;
    thresholds_from_environment(ctx);
    return ctx;
}

void wf_ctx_free(wf_ctx *ctx) {
    if (!ctx) return;
    wf_mem_sync(ctx);
    free(ctx->params);
    free(ctx->params_set);
    free(ctx->error);
    free(ctx);
}

int wf_param_index(const wf_ctx *ctx, const char *name) {
    for (int i = 0; i < ctx->prog->n_params; i++)
        if (strcmp(ctx->prog->params[i].name, name) == 0) return i;
    return -1;
}

int wf_set_param(wf_ctx *ctx, const char *name, int64_t value) {
    int i = wf_param_index(ctx, name);
    if (i < 0) return -1;
    ctx->params[i] = value;
    ctx->params_set[i] = true;
    return 0;
}

bool wf_cmp_le_log(wf_ctx *ctx, int idx, int64_t value) {
    bool r = ctx->params[idx] <= value;
    fprintf(ctx->log_file, "Compared %s <= %" PRId64 ": %s.\n", ctx->prog->params[idx].name, value,
            r ? "true" : "false");
    return r;
}

/* ======================================================================================
 * Memory: each block carries its size in a header, so wf_free can keep the count.
 * ====================================================================================== */

typedef union {
    struct {
        size_t size; /* bytes asked for (what the counters count) */
        size_t cap;  /* bytes malloc'ed after the header */
    } s;
    max_align_t align;
} block_header;

/* Freed blocks of WF_CACHE_MIN bytes or more are kept (up to WF_CACHE_SLOTS of them) and
 * reused by allocations of between half and all of their capacity, as Futhark's runtime does:
 * big blocks come from mmap, and a program run repeatedly (-r) would otherwise take page
 * faults on every fresh block each run.  The cache is shared by all threads and contexts. */
#define WF_CACHE_MIN ((size_t)1 << 20)
#define WF_CACHE_SLOTS 16
static block_header *wf_cache[WF_CACHE_SLOTS];
static char wf_cache_lock;

static void cache_lock(void) {
    while (__atomic_test_and_set(&wf_cache_lock, __ATOMIC_ACQUIRE)) {
    }
}
static void cache_unlock(void) { __atomic_clear(&wf_cache_lock, __ATOMIC_RELEASE); }

static block_header *cache_take(size_t n) {
    block_header *best = NULL;
    int at = -1;
    cache_lock();
    for (int i = 0; i < WF_CACHE_SLOTS; i++) {
        block_header *h = wf_cache[i];
        if (h && h->s.cap >= n && h->s.cap / 2 <= n && (!best || h->s.cap < best->s.cap)) {
            best = h;
            at = i;
        }
    }
    if (best) wf_cache[at] = NULL;
    cache_unlock();
    return best;
}

/* Keeps h; false when the cache is full (the caller frees h). */
static bool cache_put(block_header *h) {
    bool kept = false;
    cache_lock();
    for (int i = 0; i < WF_CACHE_SLOTS && !kept; i++)
        if (!wf_cache[i]) {
            wf_cache[i] = h;
            kept = true;
        }
    cache_unlock();
    return kept;
}

/* Each thread counts its allocations in wf_mem_delta (for the context wf_mem_ctx) and adds
 * them to the context's counters only when they exceed WF_MEM_BATCH bytes either way, when it
 * switches contexts, and at wf_mem_sync: threads allocating at once would otherwise contend on
 * one cache line.  Generated parallel code calls wf_mem_sync at the end of each thread's part
 * of a region; wf_ctx_free calls it too, so no thread keeps a count for a freed context. */
#define WF_MEM_BATCH ((int64_t)1 << 18)
static _Thread_local wf_ctx *wf_mem_ctx;
static _Thread_local int64_t wf_mem_delta, wf_mem_delta_hi; /* and its highest value */

static void mem_flush(wf_ctx *ctx) {
    int64_t base = __atomic_fetch_add(&ctx->mem_cur, wf_mem_delta, __ATOMIC_RELAXED);
    int64_t cur = base + wf_mem_delta_hi;
    wf_mem_delta = wf_mem_delta_hi = 0;
    int64_t peak = __atomic_load_n(&ctx->mem_peak, __ATOMIC_RELAXED);
    while (cur > peak && !__atomic_compare_exchange_n(&ctx->mem_peak, &peak, cur, true,
                                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

void wf_mem_sync(wf_ctx *ctx) {
    if (wf_mem_ctx == ctx && ctx) mem_flush(ctx);
    if (wf_mem_ctx == ctx) wf_mem_ctx = NULL;
}

static void mem_count(wf_ctx *ctx, int64_t d) {
    if (wf_mem_ctx != ctx) {
        if (wf_mem_ctx) mem_flush(wf_mem_ctx);
        wf_mem_ctx = ctx;
    }
    wf_mem_delta += d;
    if (wf_mem_delta > wf_mem_delta_hi) wf_mem_delta_hi = wf_mem_delta;
    if (wf_mem_delta > WF_MEM_BATCH || wf_mem_delta < -WF_MEM_BATCH) mem_flush(ctx);
}

/* Blocks of WF_CACHE_MIN bytes or more start on a cache line (WF_BIG_ALIGN bytes), with their
 * header just before: the multicore scans' 32-byte non-temporal stores need 32-byte alignment
 * (rts/mc.h), and glibc's own large blocks are only 16-byte aligned. */
#define WF_BIG_ALIGN ((size_t)64)
_Static_assert(sizeof(block_header) <= 64, "a block header fits before a big block");
static block_header *block_new(size_t n) {
    block_header *h;
    if (n >= WF_CACHE_MIN) {
        void *raw = NULL;
        if (posix_memalign(&raw, WF_BIG_ALIGN, WF_BIG_ALIGN + n) != 0) return NULL;
        h = (block_header *)(void *)((char *)raw + WF_BIG_ALIGN) - 1;
    } else {
        h = malloc(sizeof *h + n);
        if (!h) return NULL;
    }
    h->s.cap = n;
    return h;
}
static void block_delete(block_header *h) {
    free(h->s.cap >= WF_CACHE_MIN ? (void *)((char *)(h + 1) - WF_BIG_ALIGN) : (void *)h);
}

void *wf_alloc(wf_ctx *ctx, size_t n, const char *loc) {
    block_header *h = NULL;
    if (n >= WF_CACHE_MIN) h = cache_take(n);
    if (!h && n <= SIZE_MAX - WF_BIG_ALIGN && n <= (size_t)INT64_MAX / 2) h = block_new(n);
    if (!h && n == SIZE_MAX) { /* wf_bytes's answer for a size that overflows */
        wf_error(ctx, loc, "out of memory: an array larger than the address space");
        return NULL;
    }
    if (!h) {
        wf_error(ctx, loc, "out of memory: cannot allocate %zu bytes (%" PRId64 " bytes in use)", n,
                 wf_mem_current(ctx));
        return NULL;
    }
    h->s.size = n;
    mem_count(ctx, (int64_t)n);
    return h + 1;
}

void wf_free(wf_ctx *ctx, void *p) {
    if (!p) return;
    block_header *h = (block_header *)p - 1;
    mem_count(ctx, -(int64_t)h->s.size);
    if (h->s.cap >= WF_CACHE_MIN && cache_put(h)) return;
    block_delete(h);
}

int wf_value_alloc(wf_ctx *ctx, wf_value *v, wf_prim prim, int rank, const int64_t *shape,
                   const char *loc) {
    v->prim = prim;
    v->rank = rank;
    v->data = NULL;
    size_t bytes = wf_prim_size(prim);
    bool no_elements = false; /* then no product of the other sizes matters, however large */
    for (int i = 0; i < rank; i++) {
        v->shape[i] = shape[i];
        if (shape[i] < 0)
            return wf_error(ctx, loc, "negative array dimension %" PRId64, shape[i]);
        no_elements |= shape[i] == 0;
    }
    for (int i = 0; i < rank && !no_elements; i++) {
        if (bytes > SIZE_MAX / (uint64_t)shape[i]) {
            char sh[WF_MAX_RANK * 24] = "";
            for (int k = 0, n = 0; k < rank; k++)
                n += snprintf(sh + n, sizeof sh - (size_t)n, "[%" PRId64 "]", shape[k]);
            return wf_error(ctx, loc, "out of memory: an array of shape %s%s is larger than the address space", sh,
                            wf_prim_name(prim));
        }
        bytes *= (size_t)shape[i];
    }
    if (no_elements)
        bytes = 0;
    v->data = wf_alloc(ctx, bytes, loc);
    return v->data ? 0 : 1;
}

int64_t wf_mem_peak(const wf_ctx *ctx) {
    wf_mem_sync((wf_ctx *)ctx); /* this thread's share */
    return __atomic_load_n(&ctx->mem_peak, __ATOMIC_RELAXED);
}
int64_t wf_mem_current(const wf_ctx *ctx) {
    return __atomic_load_n(&ctx->mem_cur, __ATOMIC_RELAXED) + (wf_mem_ctx == ctx ? wf_mem_delta : 0);
}

int64_t wf_max_rss_bytes(void) {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return -1;
    return (int64_t)ru.ru_maxrss * 1024; /* Linux reports KiB */
}

/* ======================================================================================
 * Time and types
 * ====================================================================================== */

int64_t wf_time_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

char *wf_type_string(const wf_type *t, char *buf, size_t len) {
    size_t k = 0;
    if (len == 0) return buf;
    buf[0] = '\0';
    if (t->unique && k + 1 < len) buf[k++] = '*';
    for (int i = 0; i < t->rank && k + 2 < len; i++) {
        buf[k++] = '[';
        buf[k++] = ']';
    }
    snprintf(buf + k, len - k, "%s", wf_prim_name(t->prim));
    return buf;
}

/* ======================================================================================
 * Command line
 * ====================================================================================== */

typedef enum {
    OPT_ENTRY, OPT_RUNTIME, OPT_RUNS, OPT_BINARY, OPT_NO_PRINT, OPT_THREADS, OPT_TUNING,
    OPT_PARAM, OPT_THRESHOLDS, OPT_PRINT_PARAMS, OPT_LOG, OPT_DEBUG, OPT_PEAK_MEM, OPT_DEVICE, OPT_BLOCK_SIZE, OPT_PROFILE, OPT_HELP
} opt_kind;

typedef struct {
    opt_kind kind;
    char short_name; /* 0: long only */
    const char *long_name;
    const char *arg; /* NULL: a flag */
    const char *help;
} opt_spec;

static const opt_spec options[] = {
    {OPT_ENTRY, 'e', "entry-point", "NAME", "the entry point to run (default: main)"},
    {OPT_RUNTIME, 't', "write-runtime-to", "FILE",
     "write the microseconds each run took to FILE, one line per run"},
    {OPT_RUNS, 'r', "runs", "N", "perform N timed runs after one untimed warm-up run"},
    {OPT_BINARY, 'b', "binary-output", NULL, "print results in the binary data format"},
    {OPT_NO_PRINT, 'n', "no-print-result", NULL, "do not print the results"},
    {OPT_THREADS, 0, "num-threads", "N", "use N threads in parallel code (multicore)"},
    {OPT_TUNING, 0, "tuning", "FILE", "read name=value tuning parameter settings from FILE"},
    {OPT_PARAM, 0, "param", "NAME=VALUE", "set a tuning parameter"},
    {OPT_THRESHOLDS, 0, "thresholds", "N|KIND=N,...",
     "set every flattening threshold (*.suff_*) to N, or those of a kind (outer_par, intra_par)"},
    {OPT_PRINT_PARAMS, 0, "print-params", NULL, "print every tuning parameter as name=value and exit"},
    {OPT_LOG, 'L', "log", NULL, "log tuning parameter comparisons and run times to stderr"},
    {OPT_DEBUG, 'D', "debugging", NULL, "perform expensive internal checks"},
    {OPT_PEAK_MEM, 0, "print-peak-mem", NULL,
     "print peak_mem_bytes=N and max_rss_bytes=N on stderr at the end"},
    {OPT_DEVICE, 'd', "device", "N", "use CUDA device N (cuda; default 0)"},
    {OPT_BLOCK_SIZE, 0, "default-block-size", "N", "threads per CUDA block (cuda; default 256)"},
    {OPT_PROFILE, 'P', "profile", NULL, "print the time of each GPU region on stderr at the end (cuda)"},
    {OPT_HELP, 'h', "help", NULL, "print this help and exit"},
};
#define N_OPTIONS ((int)(sizeof options / sizeof options[0]))

typedef struct {
    const char *progname;
    const char *entry;
    const char *runtime_file;
    int runs;
    bool warmup, binary, no_print, print_params, print_peak_mem, help;
} cli;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int usage_error(const cli *c, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "%s: error: ", c->progname);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for the options.\n", c->progname);
    return 1;
}

/* Parse a whole decimal integer in [lo, hi]; returns 0 on success. */
static int parse_int(const char *s, int64_t lo, int64_t hi, int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

/* Comma-separated list of parameter names, for error messages. */
static void list_params(FILE *f, const wf_program *prog) {
    if (prog->n_params == 0) {
        fprintf(f, "this program has no tuning parameters");
        return;
    }
    fprintf(f, "known parameters: ");
    for (int i = 0; i < prog->n_params; i++)
        fprintf(f, "%s%s", i ? ", " : "", prog->params[i].name);
}

/* Apply "name=value" (surrounding blanks allowed); where names the source for messages.
 * Returns 0, or 1 after printing an error. */
static int apply_assignment(wf_ctx *ctx, char *text, const char *where) {
    char *eq = strchr(text, '=');
    if (!eq) {
        fprintf(stderr, "%s: error: expected name=value, got '%s'\n", where, text);
        return 1;
    }
    *eq = '\0';
    char *name = text, *value = eq + 1;
    while (*name == ' ' || *name == '\t') name++;
    char *e = name + strlen(name);
    while (e > name && (e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
    while (*value == ' ' || *value == '\t') value++;
    e = value + strlen(value);
    while (e > value && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) *--e = '\0';
    int64_t v;
    int k = wf_param_index(ctx, name);
    bool user = k >= 0 && ctx->prog->params[k].user; /* a #[param]: any i64, as the interpreter reads */
    if (parse_int(value, user ? INT64_MIN : 0, INT64_MAX, &v) != 0) {
        fprintf(stderr, "%s: error: value of tuning parameter '%s' must be a%s integer, not '%s'\n",
                where, name, user ? "n" : " non-negative", value);
        return 1;
    }
    if (wf_set_param(ctx, name, v) != 0) {
        fprintf(stderr, "%s: error: unknown tuning parameter '%s' (", where, name);
        list_params(stderr, ctx->prog);
        fprintf(stderr, ")\n");
        return 1;
    }
    return 0;
}

/* Read a tuning file: name=value lines, `--` comments, blank lines.  Returns 0 or 1. */
static int read_tuning_file(wf_ctx *ctx, const cli *c, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return usage_error(c, "cannot open tuning file '%s': %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    int status = 0;
    for (int lineno = 1; status == 0 && getline(&line, &cap, f) >= 0; lineno++) {
        char *comment = strstr(line, "--");
        if (comment) *comment = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        if (line[strspn(line, " \t")] == '\0') continue;
        char where[4096];
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        status = apply_assignment(ctx, line, where);
    }
    if (status == 0 && ferror(f)) status = usage_error(c, "cannot read tuning file '%s'", path);
    free(line);
    fclose(f);
    return status;
}

/* Handle one option with its argument (NULL for flags).  Returns 0 or 1. */
static int handle_option(wf_ctx *ctx, cli *c, const opt_spec *o, const char *arg) {
    int64_t v;
    switch (o->kind) {
    case OPT_ENTRY: c->entry = arg; break;
    case OPT_RUNTIME: c->runtime_file = arg; break;
    case OPT_RUNS:
        if (parse_int(arg, 1, INT_MAX, &v) != 0)
            return usage_error(c, "--runs needs a positive integer, not '%s'", arg);
        c->runs = (int)v;
        c->warmup = true;
        break;
    case OPT_BINARY: c->binary = true; break;
    case OPT_NO_PRINT: c->no_print = true; break;
    case OPT_THREADS:
        if (parse_int(arg, 1, INT_MAX, &v) != 0)
            return usage_error(c, "--num-threads needs a positive integer, not '%s'", arg);
        ctx->num_threads = (int)v;
        break;
    case OPT_DEVICE:
        if (parse_int(arg, 0, INT_MAX, &v) != 0)
            return usage_error(c, "--device needs a non-negative integer, not '%s'", arg);
        ctx->device = (int)v;
        break;
    case OPT_BLOCK_SIZE:
        if (parse_int(arg, 32, 1024, &v) != 0 || v % 32 != 0)
            return usage_error(c, "--default-block-size needs a multiple of 32 in [32, 1024], not '%s'", arg);
        ctx->default_block_size = (int)v;
        break;
    case OPT_TUNING: return read_tuning_file(ctx, c, arg);
    case OPT_PARAM: {
        char *copy = malloc(strlen(arg) + 1);
        if (!copy) return usage_error(c, "out of memory");
        strcpy(copy, arg);
        int status = apply_assignment(ctx, copy, "--param");
        free(copy);
        return status;
    }
    case OPT_THRESHOLDS:
        if (apply_thresholds(ctx, arg) != 0)
            return usage_error(c, "--thresholds needs N or KIND=N,... (N >= 0), not '%s'", arg);
        break;
    case OPT_PRINT_PARAMS: c->print_params = true; break;
    case OPT_LOG: ctx->logging = true; break;
    case OPT_DEBUG: ctx->debugging = true; break;
    case OPT_PROFILE: ctx->profiling = true; break;
    case OPT_PEAK_MEM: c->print_peak_mem = true; break;
    case OPT_HELP: c->help = true; break;
    }
    return 0;
}

/* getopt_long-like parsing: -x, -xVALUE, -x VALUE, clusters of flags (-bn), --long,
 * --long=VALUE, --long VALUE, and `--` ending the options.  Options apply in order, so a later
 * --param overrides an earlier --tuning.  Returns 0 or 1. */
static int parse_args(wf_ctx *ctx, cli *c, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            if (i + 1 < argc) return usage_error(c, "unexpected argument '%s'", argv[i + 1]);
            break;
        }
        if (a[0] == '-' && a[1] == '-') {
            const char *name = a + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const opt_spec *o = NULL;
            for (int k = 0; k < N_OPTIONS; k++)
                if (strlen(options[k].long_name) == len && strncmp(options[k].long_name, name, len) == 0)
                    o = &options[k];
            if (!o) return usage_error(c, "unknown option '--%.*s'", (int)len, name);
            const char *arg = NULL;
            if (o->arg) {
                if (eq) arg = eq + 1;
                else if (i + 1 < argc) arg = argv[++i];
                else return usage_error(c, "option '--%s' needs an argument %s", o->long_name, o->arg);
            } else if (eq) {
                return usage_error(c, "option '--%s' takes no argument", o->long_name);
            }
            if (handle_option(ctx, c, o, arg) != 0) return 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            for (const char *p = a + 1; *p; p++) {
                const opt_spec *o = NULL;
                for (int k = 0; k < N_OPTIONS; k++)
                    if (options[k].short_name == *p) o = &options[k];
                if (!o) return usage_error(c, "unknown option '-%c'", *p);
                const char *arg = NULL;
                if (o->arg) {
                    if (p[1]) arg = p + 1;
                    else if (i + 1 < argc) arg = argv[++i];
                    else return usage_error(c, "option '-%c' needs an argument %s", *p, o->arg);
                }
                if (handle_option(ctx, c, o, arg) != 0) return 1;
                if (arg) break;
            }
        } else {
            return usage_error(c, "unexpected argument '%s' (inputs are read from standard input)", a);
        }
    }
    return 0;
}

/* "name : []i32 -> i64 -> ([]f32, bool)" */
static void print_entry_type(FILE *f, const wf_entry *e) {
    char buf[64];
    fprintf(f, "%s :", e->name);
    for (int i = 0; i < e->n_params; i++)
        fprintf(f, " %s ->", wf_type_string(&e->params[i], buf, sizeof buf));
    if (e->n_results == 1) {
        fprintf(f, " %s", wf_type_string(&e->results[0], buf, sizeof buf));
    } else {
        fprintf(f, " (");
        for (int j = 0; j < e->n_results; j++)
            fprintf(f, "%s%s", j ? ", " : "", wf_type_string(&e->results[j], buf, sizeof buf));
        fprintf(f, ")");
    }
    fprintf(f, "\n");
}

static void print_help(FILE *f, const cli *c, const wf_program *prog) {
    fprintf(f, "Usage: %s [OPTIONS]\n"
               "Reads the arguments of an entry point from standard input (Futhark's text or binary\n"
               "data format), runs it and prints its results on standard output, one per line.\n"
               "Exit status: 0 success, 1 bad usage or input, 2 run-time error of the program.\n\n"
               "Options:\n",
            c->progname);
    for (int k = 0; k < N_OPTIONS; k++) {
        const opt_spec *o = &options[k];
        char left[64];
        int n = o->short_name ? snprintf(left, sizeof left, "-%c, ", o->short_name)
                              : snprintf(left, sizeof left, "    ");
        snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s", o->long_name, o->arg ? " " : "",
                 o->arg ? o->arg : "");
        fprintf(f, "  %-30s %s\n", left, o->help);
    }
    fprintf(f, "\nEntry points:\n");
    for (int i = 0; i < prog->n_entries; i++) {
        fprintf(f, "  ");
        print_entry_type(f, &prog->entries[i]);
    }
    fprintf(f, "\nTuning parameters: %d (see --print-params)\n", prog->n_params);
}

/* ======================================================================================
 * wf_main
 * ====================================================================================== */

/* Print the context's error (or a generic one) for a failed entry. */
static void report_failure(const wf_ctx *ctx, const wf_entry *e) {
    const char *msg = wf_ctx_error(ctx);
    if (msg) fprintf(stderr, "%s\n", msg);
    else fprintf(stderr, "error: entry point '%s' failed\n", e->name);
}

/* Free every distinct non-NULL block among args and results. */
static void free_blocks(wf_ctx *ctx, wf_value *args, int n_args, wf_value *res, int n_res) {
    for (int i = 0; i < n_args + n_res; i++) {
        wf_value *v = i < n_args ? &args[i] : &res[i - n_args];
        void *p = v->data;
        if (!p) continue;
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = (j < n_args ? args[j].data : res[j - n_args].data) == p;
        if (seen) continue;
        wf_free(ctx, p);
    }
    for (int i = 0; i < n_args; i++) args[i].data = NULL;
    for (int i = 0; i < n_res; i++) res[i].data = NULL;
}

/* Fresh wf_alloc copies of the inputs.  Returns 0, or 1 with an error recorded. */
static int copy_inputs(wf_ctx *ctx, const wf_value *in, wf_value *args, int n) {
    for (int i = 0; i < n; i++) args[i].data = NULL;
    for (int i = 0; i < n; i++) {
        if (wf_value_alloc(ctx, &args[i], in[i].prim, in[i].rank, in[i].shape, NULL) != 0) return 1;
        memcpy(args[i].data, in[i].data, (size_t)wf_value_count(&in[i]) * wf_prim_size(in[i].prim));
    }
    return 0;
}

int wf_type_values(const wf_type *t, int n) {
    int k = 0;
    for (int i = 0; i < n; i++)
        k += t[i].levels + 1;
    return k;
}

/* Check that the entry filled its results as declared; returns 0, or 1 with an error. */
static int check_results(wf_ctx *ctx, const wf_entry *e, const wf_value *res) {
    for (int j = 0, at = 0; j < e->n_results; at += e->results[j].levels + 1, j++) {
        const wf_type *t = &e->results[j];
        bool ok = true;
        for (int k = 0; k < t->levels; k++)
            ok = ok && res[at + k].data && res[at + k].prim == WF_I64 && res[at + k].rank == 1;
        const wf_value *d = &res[at + t->levels];
        ok = ok && d->data && d->prim == t->prim && d->rank == t->rank - t->levels;
        char why[160];
        if (ok && t->levels && !wf_jagged_valid(t->rank, t->levels, res + at, why, sizeof why))
            return wf_error(ctx, NULL, "internal error: entry point '%s' returned a malformed jagged array as result %d: %s",
                            e->name, j + 1, why);
        if (!ok) {
            char buf[64];
            return wf_error(ctx, NULL, "internal error: entry point '%s' did not return a %s as result %d",
                            e->name, wf_type_string(t, buf, sizeof buf), j + 1);
        }
    }
    return 0;
}

/* Read the entry's arguments from stdin into in[]; returns 0, or 1 after printing an error. */
static int read_inputs(const wf_entry *e, wf_value *in) {
    wf_reader *r = wf_reader_new(stdin);
    if (!r) {
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    int status = 0;
    for (int i = 0, at = 0; i < e->n_params && status == 0; at += e->params[i].levels + 1, i++) {
        char buf[64];
        const wf_type *t = &e->params[i];
        int rc = t->levels ? wf_read_jagged(r, t->prim, t->rank, t->levels, &in[at])
                           : wf_read_value(r, t->prim, t->rank, &in[at]);
        if (rc != 0) {
            fprintf(stderr, "error: cannot read argument %d of %d of entry point '%s' (expected %s): %s\n",
                    i + 1, e->n_params, e->name, wf_type_string(t, buf, sizeof buf), wf_reader_error(r));
            status = 1;
        }
    }
    if (status == 0 && !wf_reader_at_end(r)) {
        fprintf(stderr, "error: entry point '%s' takes %d argument%s, but more input follows\n", e->name,
                e->n_params, e->n_params == 1 ? "" : "s");
        status = 1;
    }
    wf_reader_free(r);
    return status;
}

/* Run e as the command line asks; returns the exit status. */
static int run_entry(wf_ctx *ctx, const cli *c, const wf_entry *e, FILE *runtime_file) {
    int np = wf_type_values(e->params, e->n_params), nr = wf_type_values(e->results, e->n_results);
    wf_value *in = calloc((size_t)np + 1, sizeof *in);
    wf_value *args = calloc((size_t)np + 1, sizeof *args);
    wf_value *res = calloc((size_t)nr + 1, sizeof *res);
    int status = 0;
    if (!in || !args || !res) {
        fprintf(stderr, "error: out of memory\n");
        status = 1;
    }
    if (status == 0) status = read_inputs(e, in);
    int total = (c->warmup ? 1 : 0) + c->runs;
    for (int run = 0; run < total && status == 0; run++) {
        bool timed = run >= total - c->runs;
        if (copy_inputs(ctx, in, args, np) != 0 || (ctx->prog->stage && ctx->prog->stage(ctx, args, np) != 0)) {
            report_failure(ctx, e);
            status = 2;
            break;
        }
        for (int j = 0; j < nr; j++) res[j].data = NULL;
        int64_t t0 = wf_time_us();
        int rc = e->fn(ctx, args, res);
        if (rc == 0 && ctx->prog->sync) rc = ctx->prog->sync(ctx);
        int64_t t1 = wf_time_us();
        if (rc == 0 && ctx->prog->collect) rc = ctx->prog->collect(ctx);
        if (rc == 0 && !wf_failed(ctx)) rc = check_results(ctx, e, res);
        if (rc != 0 || wf_failed(ctx)) {
            report_failure(ctx, e);
            status = 2;
            break;
        }
        if (timed && runtime_file) {
            fprintf(runtime_file, "%" PRId64 "\n", t1 - t0);
            fflush(runtime_file);
        }
        if (ctx->logging)
            fprintf(ctx->log_file, "Run %d%s: %" PRId64 " us\n", run, timed ? "" : " (warm-up)", t1 - t0);
        if (run == total - 1 && !c->no_print) {
            for (int j = 0, at = 0; j < e->n_results && status == 0; at += e->results[j].levels + 1, j++) {
                const wf_type *t = &e->results[j];
                if (t->levels) {
                    if (c->binary)
                        wf_write_jagged_binary(stdout, t->rank, t->levels, &res[at]);
                    else
                        wf_write_jagged_text(stdout, t->rank, t->levels, &res[at]);
                    fputc('\n', stdout);
                } else if (c->binary) {
                    wf_write_binary(stdout, &res[at]);
                    fputc('\n', stdout);
                } else {
                    wf_write_text(stdout, &res[at]);
                    fputc('\n', stdout);
                }
            }
        }
        free_blocks(ctx, args, np, res, nr);
    }
    if (args && res) free_blocks(ctx, args, np, res, nr);
    if (in)
        for (int i = 0; i < np; i++) wf_value_free(&in[i]);
    free(in);
    free(args);
    free(res);
    return status;
}

#ifdef _OPENMP
#include <unistd.h>
/* OpenMP's threads wait for the next parallel region spinning by default; on a machine whose
 * cores are busy with other work a spinning thread holds a core another needs, and a program of
 * many short regions runs several times slower on 2 threads than on 1 (quickhull of 4M points on
 * the 2-core VM with one core busy: 1.15 s against 0.16 s; passive: 0.19 s).  The policy is read
 * once, before main, so an executable whose user chose none (OMP_WAIT_POLICY, or libgomp's
 * GOMP_SPINCOUNT / libomp's KMP_BLOCKTIME) runs itself again with OMP_WAIT_POLICY=passive;
 * when that cannot be done it goes on with the default. */
static void wait_policy(char **argv) {
    if (getenv("OMP_WAIT_POLICY") || getenv("GOMP_SPINCOUNT") || getenv("KMP_BLOCKTIME"))
        return;
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0)
        return;
    execv("/proc/self/exe", argv);
}
#endif

int wf_main(int argc, char **argv, const wf_program *prog) {
#ifdef _OPENMP
    wait_policy(argv);
#endif
    cli c = {argc > 0 && argv[0] ? argv[0] : "prog", "main", NULL, 1, false, false, false, false, false, false};
    wf_ctx *ctx = wf_ctx_new(prog);
    if (!ctx) {
        fprintf(stderr, "%s: error: out of memory\n", c.progname);
        return 1;
    }
    int status = parse_args(ctx, &c, argc, argv);
#ifdef _OPENMP
    if (status == 0 && ctx->logging)
        fprintf(stderr, "OpenMP wait policy: %s\n", getenv("OMP_WAIT_POLICY") ? getenv("OMP_WAIT_POLICY") : "the default");
#endif
    const wf_entry *e = NULL;
    if (status == 0 && c.help) {
        print_help(stdout, &c, prog);
        wf_ctx_free(ctx);
        return 0;
    }
    if (status == 0 && c.print_params) {
        for (int i = 0; i < prog->n_params; i++)
            if (prog->params[i].user && !ctx->params_set[i])
                printf("-- %s: not set (a #[param]: the program computes its value)\n", prog->params[i].name);
            else
                printf("%s=%" PRId64 "\n", prog->params[i].name, ctx->params[i]);
        wf_ctx_free(ctx);
        return 0;
    }
    if (status == 0) {
        for (int i = 0; i < prog->n_entries; i++)
            if (strcmp(prog->entries[i].name, c.entry) == 0) e = &prog->entries[i];
        if (!e) {
            fprintf(stderr, "%s: error: no entry point '%s'; entry points:", c.progname, c.entry);
            for (int i = 0; i < prog->n_entries; i++)
                fprintf(stderr, "%s %s", i ? "," : "", prog->entries[i].name);
            fprintf(stderr, "\n");
            status = 1;
        }
    }
    FILE *runtime_file = NULL;
    if (status == 0 && c.runtime_file) {
        runtime_file = fopen(c.runtime_file, "w");
        if (!runtime_file)
            status = usage_error(&c, "cannot open '%s' for writing: %s", c.runtime_file, strerror(errno));
    }
    if (status == 0 && prog->init) {
        if (prog->init(ctx) != 0 || wf_failed(ctx)) {
            const char *msg = wf_ctx_error(ctx);
            fprintf(stderr, "%s\n", msg ? msg : "error: initialisation failed");
            status = 2;
        }
        if (status == 0) status = run_entry(ctx, &c, e, runtime_file);
        if (prog->fini) prog->fini(ctx);
    } else if (status == 0) {
        status = run_entry(ctx, &c, e, runtime_file);
    }
    if (fflush(stdout) != 0 && status == 0) {
        fprintf(stderr, "%s: error: cannot write the results: %s\n", c.progname, strerror(errno));
        status = 1;
    }
    if (runtime_file && fclose(runtime_file) != 0 && status == 0) {
        fprintf(stderr, "%s: error: cannot write '%s'\n", c.progname, c.runtime_file);
        status = 1;
    }
    if (c.print_peak_mem && e)
        fprintf(stderr, "peak_mem_bytes=%" PRId64 "\nmax_rss_bytes=%" PRId64 "\n", wf_mem_peak(ctx),
                wf_max_rss_bytes());
    wf_ctx_free(ctx);
    return status;
}
