/* bench.c — `weft bench [options] PROG.fut...`: time compiled programs on their test datasets,
 * like `futhark bench`.
 *
 *   read the `-- ==` blocks (testspec.c) -> `weft BACKEND PROG --no-cc` (timed: compile_seconds)
 *   -> `weft BACKEND PROG -o TMP/prog` -> per (entry, dataset): run TMP/prog -e ENTRY -r RUNS
 *   -t TIMES --print-peak-mem < input -> validate stdout -> report -> optional JSON
 * --dataset=TEXT (repeatable) keeps the datasets whose name contains TEXT (bench/run.sh uses it
 * to pick the FinPar sizes).
 *
 * The executable does one warm-up run and RUNS timed runs (docs/EXECUTABLES.md); it writes one
 * microsecond figure per line to TIMES and prints `peak_mem_bytes=N` on stderr.  Its stdout (the
 * last run's results) is compared with the expected output with wf_tree_equal (Futhark's float
 * tolerance).  Datasets tagged `nobench`, `random`/`script` inputs, expected errors and programs
 * with `tags { nobench }` or `disable` are skipped.  The JSON is Futhark's shape plus a few fields:
 *   {"PROG.fut:ENTRY": {"datasets": {"NAME": {"runtimes": [..], "bytes": N, "median_us": M,
 *                                              "validated": true}}, "compile_seconds": S}}
 * Subprocesses get stdin from a file and stdout/stderr into files; one past --timeout is killed.
 * On a terminal, stderr gets a progress line per dataset (progress.c); never when piped.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../rts/values.h"
#include "driver.h"
#include "progress.h"
#include "subprocess.h"
#include "testspec.h"

typedef struct {
    const char *weft, *backend, *json, *entry, *threads, *tmpdir;
    int runs, timeout_s;
    bool skip_compiled;
    Vec(const char *) only; /* --dataset=TEXT: datasets whose name contains one of these */
} Options;

/* One benchmarked (program, entry, dataset). */
typedef struct {
    char *name;
    Vec(double) runtimes; /* µs */
    long long peak_bytes; /* -1: not reported */
    bool validated;
    char *error; /* why it failed, or NULL */
} Dataset;

typedef struct {
    char *key; /* PROG.fut:ENTRY */
    Vec(Dataset) datasets;
    double compile_seconds; /* < 0: not measured */
} Result;

typedef Vec(Result) Results;
typedef Vec(char *) Paths;

const char bench_usage[] =
    "bench [--backend=NAME] [--runs=N] [--json=FILE] [--num-threads=N] [--entry=E] [--skip-compiled] "
    "[--timeout=S] [--dataset=TEXT]... PROG.fut...\n"
    "time compiled programs on the datasets of their -- == blocks, like futhark bench\n"
    "  --backend=NAME     c (the default), multicore or cuda\n"
    "  --runs=N           timed runs per dataset, after one warm-up run (default: 10)\n"
    "  --json=FILE        write the results as JSON (futhark bench's shape) to FILE\n"
    "  --num-threads=N    the executables' --num-threads\n"
    "  --entry=E          only entry point E\n"
    "  --skip-compiled    skip the datasets marked compiled (the large ones)\n"
    "  --timeout=S        a run longer than S seconds fails (default: 600)\n"
    "  --dataset=TEXT     only the datasets whose name contains TEXT (repeatable)";

/* ------------------------------------------------------------------ subprocesses */

/* ------------------------------------------------------------------ compiling */

typedef struct {
    char *dir, *exe, *out, *err;
} Work;

static char *compile_program(const Options *o, const Work *w, const char *prog, double *compile_seconds) {
    char *c_file = xsprintf("%s/prog-nocc", w->dir);
    const char *nocc[] = {o->weft, o->backend, prog, "--no-cc", "-o", c_file, NULL};
    double t0 = now_seconds();
    char *why = run_process(nocc, NULL, w->out, w->err, o->timeout_s);
    *compile_seconds = why ? -1 : now_seconds() - t0;
    unlink(c_file);
    char *c_src = xsprintf("%s.c", c_file);
    unlink(c_src);
    const char *full[] = {o->weft, o->backend, prog, "-o", w->exe, NULL};
    why = run_process(full, NULL, w->out, w->err, o->timeout_s);
    if (why)
        return xsprintf("weft %s failed (%s): %s", o->backend, why, first_lines(w->err, 1));
    return NULL;
}

/* ------------------------------------------------------------------ validating */

/* ------------------------------------------------------------------ one dataset */

static void read_runtimes(const char *path, Dataset *d) {
    char *s = slurp(path, NULL);
    for (char *p = strtok(s, "\n"); p; p = strtok(NULL, "\n"))
        vec_push(&d->runtimes, strtod(p, NULL));
    free(s);
}

static long long stderr_figure(const char *err, const char *key) {
    const char *p = strstr(err, key);
    return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

static void run_dataset(const Options *o, const Work *w, const Case *c, const char *entry, Dataset *d) {
    char *in_path = c->input, *times = xsprintf("%s/times", w->dir);
    if (c->in != IN_FILE) {
        in_path = xsprintf("%s/input", w->dir);
        FILE *f = fopen(in_path, "w");
        if (!f || fputs(c->input, f) < 0 || fclose(f) != 0)
            fatal("bench: cannot write %s", in_path);
    } else if (access(in_path, R_OK) != 0) {
        d->error = xsprintf("cannot read the input file %s: %s", in_path, strerror(errno));
        return;
    }
    char runs[32];
    snprintf(runs, sizeof runs, "%d", o->runs);
    const char *argv[12] = {w->exe, "-e", entry, "-r", runs, "-t", times, "--print-peak-mem"};
    if (o->threads) {
        argv[8] = "--num-threads";
        argv[9] = o->threads;
    }
    unlink(times);
    char *why = run_process(argv, in_path, w->out, w->err, o->timeout_s);
    char *err = slurp(w->err, NULL);
    d->peak_bytes = stderr_figure(err, "peak_mem_bytes=");
    if (why) {
        d->error = xsprintf("%s: %s", why, first_lines(w->err, 1));
        return;
    }
    read_runtimes(times, d);
    if (c->out == OUT_TEXT || c->out == OUT_FILE) {
        size_t len = 0;
        char *out = slurp(w->out, &len);
        d->error = testspec_compare_output(c, out, len);
        d->validated = d->error == NULL;
        free(out);
    }
}

/* ------------------------------------------------------------------ statistics and reports */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const Dataset *d) {
    int n = d->runtimes.len;
    if (n == 0)
        return 0;
    double *s = xmalloc(sizeof *s * (size_t)n);
    memcpy(s, d->runtimes.data, sizeof *s * (size_t)n);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    double m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    free(s);
    return m;
}

static void print_dataset(const Dataset *d) {
    if (d->error) {
        printf("dataset %s:  FAILED\n  %s\n", d->name, d->error);
        return;
    }
    int n = d->runtimes.len;
    double sum = 0, lo = INFINITY, hi = 0, var = 0;
    for (int i = 0; i < n; i++) {
        double t = d->runtimes.data[i];
        sum += t;
        lo = t < lo ? t : lo;
        hi = t > hi ? t : hi;
    }
    double mean = n ? sum / n : 0;
    for (int i = 0; i < n; i++)
        var += (d->runtimes.data[i] - mean) * (d->runtimes.data[i] - mean);
    double sd = n ? sqrt(var / n) : 0;
    printf("dataset %s:  median %.0fµs  (mean %.0f, min %.0f, max %.0f, stddev %.1f%%)", d->name, median(d), mean,
           n ? lo : 0, hi, mean > 0 ? 100 * sd / mean : 0);
    if (d->peak_bytes >= 1024 * 1024)
        printf("  peak %.1f MiB", (double)d->peak_bytes / (1024.0 * 1024.0));
    else if (d->peak_bytes >= 0)
        printf("  peak %.1f KiB", (double)d->peak_bytes / 1024.0);
    printf("%s\n", d->validated ? "" : "  (not validated)");
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void json_dataset(FILE *f, const Dataset *d) {
    json_string(f, d->name);
    fputs(": {\"runtimes\": [", f);
    for (int i = 0; i < d->runtimes.len; i++)
        fprintf(f, "%s%.0f", i ? ", " : "", d->runtimes.data[i]);
    fprintf(f, "], \"bytes\": %lld, \"median_us\": %.1f, \"validated\": %s", d->peak_bytes, median(d),
            d->validated ? "true" : "false");
    if (d->error) {
        fputs(", \"error\": ", f);
        json_string(f, d->error);
    }
    fputc('}', f);
}

static void write_json(const char *path, const Results *rs) {
    FILE *f = fopen(path, "w");
    if (!f)
        fatal("bench: cannot write %s: %s", path, strerror(errno));
    fputs("{", f);
    for (int i = 0; i < rs->len; i++) {
        const Result *r = &rs->data[i];
        fputs(i ? ",\n " : "", f);
        json_string(f, r->key);
        fputs(": {\"datasets\": {", f);
        for (int j = 0; j < r->datasets.len; j++) {
            fputs(j ? ",\n    " : "\n    ", f);
            json_dataset(f, &r->datasets.data[j]);
        }
        fputs("},\n  \"compile_seconds\": ", f);
        if (r->compile_seconds >= 0)
            fprintf(f, "%.3f}", r->compile_seconds);
        else
            fputs("null}", f);
    }
    fputs("}\n", f);
    if (fclose(f) != 0)
        fatal("bench: cannot write %s: %s", path, strerror(errno));
}

/* ------------------------------------------------------------------ one program */

static bool dataset_selected(const Options *o, const Case *c, int index) {
    if (o->only.len == 0)
        return true;
    char *name = testspec_case_name(c, index);
    bool found = false;
    for (int i = 0; i < o->only.len && !found; i++)
        found = strstr(name, o->only.data[i]) != NULL;
    free(name);
    return found;
}

static bool case_benchmarkable(const Options *o, const Case *c, int index) {
    return !c->nobench && (c->in == IN_TEXT || c->in == IN_FILE) && c->out != OUT_ERROR &&
           !(c->compiled && o->skip_compiled) && dataset_selected(o, c, index);
}

static bool entry_wanted(const Options *o, const char *entry) { return !o->entry || !strcmp(o->entry, entry); }

static int count_benchmarkable(const Options *o, const Spec *spec) {
    int n = 0;
    for (int b = 0; b < spec->blocks.len; b++)
        for (int e = 0; e < spec->blocks.data[b].entries.len; e++)
            for (int i = 0; i < spec->blocks.data[b].cases.len; i++)
                n += entry_wanted(o, spec->blocks.data[b].entries.data[e]) &&
                     case_benchmarkable(o, &spec->blocks.data[b].cases.data[i], i);
    return n;
}

static Result *result_for(Results *rs, const char *prog, const char *entry, double compile_seconds) {
    char *key = xsprintf("%s:%s", prog, entry);
    for (int i = 0; i < rs->len; i++)
        if (!strcmp(rs->data[i].key, key))
            return &rs->data[i];
    Result r = {0};
    r.key = key;
    r.compile_seconds = compile_seconds;
    vec_push(rs, r);
    return &rs->data[rs->len - 1];
}

/* Benchmark every dataset of every entry of one block; returns the number of failures. */
static int bench_block(const Options *o, const Work *w, const char *prog, const Block *b, double cs, Results *rs,
                       Progress *progress) {
    int failures = 0;
    for (int e = 0; e < b->entries.len; e++) {
        const char *entry = b->entries.data[e];
        if (!entry_wanted(o, entry))
            continue;
        Result *r = NULL;
        for (int i = 0; i < b->cases.len; i++) {
            const Case *c = &b->cases.data[i];
            if (!case_benchmarkable(o, c, i))
                continue;
            if (!r) {
                r = result_for(rs, prog, entry, cs);
                printf("Results for %s (using %s, %d runs):\n", r->key, o->backend, o->runs);
            }
            Dataset d = {0};
            d.name = testspec_case_name(c, i);
            run_dataset(o, w, c, entry, &d);
            print_dataset(&d);
            fflush(stdout);
            progress_step(progress, 1, xsprintf("%s %s", r->key, d.name));
            failures += d.error != NULL;
            vec_push(&r->datasets, d);
        }
    }
    return failures;
}

/* Read a program's test blocks; a malformed block or no dataset to time is a usage error. */
static Spec *read_program(const Options *o, const char *prog) {
    Spec *spec = testspec_read(prog);
    if (spec->error)
        fatal("bench: %s", spec->error);
    if (!spec->disabled && !spec->nobench && count_benchmarkable(o, spec) == 0)
        fatal("bench: %s has no benchmarkable dataset%s%s", prog, o->entry ? " for entry " : "",
              o->entry ? o->entry : "");
    return spec;
}

static int bench_program(const Options *o, const Work *w, const char *prog, const Spec *spec, Results *rs,
                         Progress *progress) {
    if (spec->disabled || spec->nobench) {
        printf("%s: skipped (tags { %s })\n", prog, spec->disabled ? "disable" : "nobench");
        return 0;
    }
    double cs = -1;
    char *why = compile_program(o, w, prog, &cs);
    if (why) {
        printf("%s: FAILED to compile\n  %s\n", prog, why);
        progress_step(progress, count_benchmarkable(o, spec), xsprintf("%s (failed to compile)", prog));
        return 1;
    }
    if (cs >= 0)
        printf("Compiled %s with weft %s (compiler alone: %.3f s).\n", prog, o->backend, cs);
    int failures = 0;
    for (int b = 0; b < spec->blocks.len; b++)
        failures += bench_block(o, w, prog, &spec->blocks.data[b], cs, rs, progress);
    return failures;
}

/* ------------------------------------------------------------------ the command line */

static void parse_args(int argc, char **argv, Options *o, Paths *progs) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if ((v = option_value(a, "--backend")))
            o->backend = v;
        else if ((v = option_value(a, "--runs")))
            o->runs = option_positive("bench", v, "number of runs");
        else if ((v = option_value(a, "--json")))
            o->json = v;
        else if ((v = option_value(a, "--num-threads")))
            o->threads = xsprintf("%d", option_positive("bench", v, "number of threads"));
        else if ((v = option_value(a, "--entry")))
            o->entry = v;
        else if ((v = option_value(a, "--timeout")))
            o->timeout_s = option_positive("bench", v, "timeout");
        else if ((v = option_value(a, "--dataset")))
            vec_push(&o->only, v);
        else if (!strcmp(a, "--skip-compiled"))
            o->skip_compiled = true;
        else if (a[0] == '-' && a[1])
            option_unknown("bench", a, bench_usage);
        else
            vec_push(progs, (char *)a);
    }
    if (progs->len == 0)
        fatal("bench: no program given\nusage: weft %s", bench_usage);
    for (int i = 0; i < progs->len; i++)
        if (access(progs->data[i], R_OK) != 0)
            fatal("bench: cannot read %s: %s", progs->data[i], strerror(errno));
}

static Work make_work(const Options *o) {
    Work w;
    w.dir = xsprintf("%s/weft-bench-XXXXXX", o->tmpdir);
    if (!mkdtemp(w.dir))
        fatal("bench: cannot create a temporary directory in %s: %s", o->tmpdir, strerror(errno));
    w.exe = xsprintf("%s/prog", w.dir);
    w.out = xsprintf("%s/stdout", w.dir);
    w.err = xsprintf("%s/stderr", w.dir);
    return w;
}

static void remove_work(const Work *w) {
    const char *names[] = {"prog", "prog.c", "prog-nocc", "prog-nocc.c", "stdout", "stderr", "times", "input"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char *p = xsprintf("%s/%s", w->dir, names[i]);
        unlink(p);
        free(p);
    }
    rmdir(w->dir);
}

int cmd_bench(int argc, char **argv) {
    Options o = {0};
    o.backend = "c";
    o.runs = 10;
    o.timeout_s = 600;
    o.weft = self_exe_path() ? self_exe_path() : argv[0];
    o.tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    Paths progs = {0};
    parse_args(argc, argv, &o, &progs);
    Spec **specs = xmalloc(sizeof *specs * (size_t)progs.len);
    int datasets = 0;
    for (int i = 0; i < progs.len; i++) {
        specs[i] = read_program(&o, progs.data[i]);
        datasets += specs[i]->disabled || specs[i]->nobench ? 0 : count_benchmarkable(&o, specs[i]);
    }
    Progress progress = progress_begin("bench", datasets);
    Results rs = {0};
    int failures = 0;
    for (int i = 0; i < progs.len; i++) {
        Work w = make_work(&o);
        failures += bench_program(&o, &w, progs.data[i], specs[i], &rs, &progress);
        remove_work(&w);
    }
    if (o.json)
        write_json(o.json, &rs);
    return failures ? 1 : 0;
}
