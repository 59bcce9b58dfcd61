/* autotune.c — `weft autotune PROG.fut`: choose the thresholds of incremental flattening
 * (docs/FLATTENING.md) from timings on the program's training datasets, and write them to
 * PROG.fut.tuning for the executables' --tuning.
 *
 * The search exploits the branching tree that seed 001 §4.2 names as future work.  A compiled
 * program's only choices are the comparisons `threshold <= value` (-L logs each as it happens),
 * and a run is determined by their outcomes; so a run's *path* is the set of (threshold, value,
 * outcome) triples it logged, and a setting of the thresholds that gives every triple of a
 * measured path the same outcome follows that path again — it need not be run.  Per dataset:
 *
 *   run the defaults -> for each new path: time it, then for every threshold it compared and
 *   every distinct outcome pattern over the values it compared that threshold with (settings
 *   v1, v2, ..., vk, vk + 1 for the sorted values), queue the path's setting with that
 *   threshold changed -> a queued setting that follows a measured path is dropped unrun.
 *
 * With many parameters the paths can be exponentially many; then (more than CLIMB_ABOVE
 * parameters, or --search=climb) only the neighbours of each path that is the fastest when
 * measured (by 5 %) are queued, and of a path that is not, the thresholds that the best path
 * does not compare (a step that brings up new comparisons is judged with their outcomes tried
 * too): a climb from the defaults that never runs a measured path again.
 *
 * Every path is measured once: one run with -L to see it, then one warm-up and --runs timed
 * runs without logging (validated against the expected output when there is one; when those
 * take less than --min-time in all, again with as many runs as fill it); a path
 * whose run passes --timeout counts as infinitely slow, its comparisons until then its path.  The
 * tree search is complete: every setting follows some measured path (the one sharing the longest
 * prefix with it would otherwise have produced a candidate sharing a longer one).  Then the
 * thresholds: for each dataset's fastest path, the triples bound each threshold from below
 * (outcome false: t > v) and above (true: t <= v); where the datasets' bounds meet, the
 * geometric middle of the interval is a candidate setting — likewise for every combination of
 * paths within 2 % of each dataset's fastest — and so is every measured setting; the candidate
 * with the least sum over datasets of time / the dataset's best time wins, its times read off
 * the measured paths; candidates within 2 % of it tie, and of those the least flattened wins:
 * the one whose paths give up the least parallelism (the sum of the values compared with a
 * false outcome, each a step to a more flattened version past that much parallelism), then the
 * fewest comparisons (the first of equals).
 * Deterministic given the timings.  On a terminal, stderr gets a progress line per training
 * dataset (progress.c); never when piped.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "progress.h"
#include "subprocess.h"
#include "testspec.h"

typedef struct {
    const char *weft, *backend, *threads, *entry, *output, *tmpdir;
    const char *exe; /* --exe: tune this executable (built by the user, e.g. with other --cc flags) */
    int runs, timeout_s, max_runs;
    int min_time_ms; /* timed runs of a path shorter than this in all: again with more runs */
    const char *search; /* "tree", "climb" or NULL: tree up to CLIMB_ABOVE parameters */
    Vec(const char *) only; /* --dataset=TEXT */
} Options;

/* One comparison as logged: param <= value gave outcome. */
typedef struct {
    int param;
    int64_t value;
    bool outcome;
} Triple;

typedef Vec(Triple) Path; /* sorted by (param, value), no duplicates */

typedef struct {
    int64_t *setting; /* one value per parameter */
    Path path;
    double median_us;
} Measured;

typedef struct {
    char *name, *input; /* input: a file */
    const char *entry;
    const Case *kase;
    Vec(Measured) paths;
    int best; /* index into paths, -1 before any */
} Dataset;

typedef Vec(Dataset) Datasets;

typedef struct {
    const Options *o;
    const char *prog;
    char *dir, *exe, *out, *err, *times;
    int n_params;
    char **names;
    int64_t *defaults;
    int program_runs;
    bool truncated; /* --max-runs stopped the search */
} Tuner;

const char autotune_usage[] =
    "autotune [--backend=multicore|c|cuda] [--runs=N] [--num-threads=N] [--entry=E] [--dataset=TEXT]... "
    "[--max-runs=N] [--timeout=S] [--search=tree|climb] [--min-time=MS] [--exe=EXECUTABLE] [-o FILE] PROG.fut\n"
    "tune the flattening thresholds on the program's `train` datasets; writes PROG.fut.tuning\n"
    "  --backend=NAME     multicore (the default), c or cuda\n"
    "  --runs=N           timed runs per measured path (default: 5)\n"
    "  --num-threads=N    the executable's --num-threads\n"
    "  --entry=E          only entry point E\n"
    "  --dataset=TEXT     only the datasets whose name contains TEXT (repeatable)\n"
    "  --max-runs=N       stop the search after N program runs (default: 1000)\n"
    "  --timeout=S        a run longer than S seconds fails (default: 600)\n"
    "  --search=tree|climb  every path of the branching tree, or a climb from the defaults (default:\n"
    "                     tree, climb with many parameters)\n"
    "  --min-time=MS      repeat a run until it takes MS milliseconds in all (default: 300)\n"
    "  --exe=EXECUTABLE   tune this executable (compiled from PROG.fut) instead of compiling PROG\n"
    "  -o FILE            write the tuning file to FILE (default: PROG.fut.tuning)";

/* ------------------------------------------------------------------ settings */

static int64_t *setting_copy(const Tuner *t, const int64_t *s) {
    int64_t *c = xmalloc(sizeof *c * (size_t)(t->n_params + 1));
    memcpy(c, s, sizeof *c * (size_t)t->n_params);
    return c;
}

static bool setting_equal(const Tuner *t, const int64_t *a, const int64_t *b) {
    return memcmp(a, b, sizeof *a * (size_t)t->n_params) == 0;
}

/* Does the setting give every comparison of the path its recorded outcome? */
static bool follows(const int64_t *setting, const Path *p) {
    for (int i = 0; i < p->len; i++)
        if ((setting[p->data[i].param] <= p->data[i].value) != p->data[i].outcome)
            return false;
    return true;
}

/* The measured path a setting follows on a dataset, or -1. */
static int path_of(const Dataset *d, const int64_t *setting) {
    for (int i = 0; i < d->paths.len; i++)
        if (follows(setting, &d->paths.data[i].path))
            return i;
    return -1;
}

/* "name=value ..." of the parameters where the setting differs from the defaults. */
static char *describe(const Tuner *t, const int64_t *s) {
    StrBuf sb = {0};
    for (int i = 0; i < t->n_params; i++)
        if (s[i] != t->defaults[i])
            sb_printf(&sb, "%s%s=%" PRId64, sb.len ? " " : "", t->names[i], s[i]);
    if (!sb.len)
        sb_puts(&sb, "defaults");
    return sb.data;
}

static char *describe_path(const Tuner *t, const Path *p) {
    StrBuf sb = {0};
    for (int i = 0; i < p->len; i++)
        sb_printf(&sb, "%s%s<=%" PRId64 ":%c", i ? " " : "", t->names[p->data[i].param], p->data[i].value,
                  p->data[i].outcome ? 'T' : 'F');
    if (!sb.len)
        sb_puts(&sb, "no comparisons");
    return sb.data;
}

/* ------------------------------------------------------------------ running the program */

/* Run the executable on a dataset with extra arguments and a setting; NULL or why not. */
static char *run_program(Tuner *t, const Dataset *d, const int64_t *setting, const char *const *extra) {
    Vec(const char *) argv = {0};
    vec_push(&argv, t->exe);
    vec_push(&argv, "-e");
    vec_push(&argv, d->entry);
    if (t->o->threads) {
        vec_push(&argv, "--num-threads");
        vec_push(&argv, t->o->threads);
    }
    for (int i = 0; i < t->n_params; i++) {
        vec_push(&argv, "--param");
        vec_push(&argv, xsprintf("%s=%" PRId64, t->names[i], setting[i]));
    }
    for (; *extra; extra++)
        vec_push(&argv, *extra);
    vec_push(&argv, NULL);
    t->program_runs++;
    char *why = run_process(argv.data, d->input, t->out, t->err, t->o->timeout_s);
    free(argv.data);
    return why ? xsprintf("%s: %s", why, first_lines(t->err, 1)) : NULL;
}

static int param_index(const Tuner *t, const char *name) {
    for (int i = 0; i < t->n_params; i++)
        if (!strcmp(t->names[i], name))
            return i;
    return -1;
}

static int cmp_triple(const void *a, const void *b) {
    const Triple *x = a, *y = b;
    if (x->param != y->param)
        return x->param - y->param;
    return (x->value > y->value) - (x->value < y->value);
}

/* The comparisons of the log on t->err ("Compared NAME <= V: true."), as a path. */
static Path read_path(const Tuner *t) {
    Path p = {0};
    char *log = slurp(t->err, NULL);
    for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n")) {
        char name[256], result[16];
        long long v;
        if (sscanf(line, "Compared %255s <= %lld: %15s", name, &v, result) != 3)
            continue;
        int k = param_index(t, name);
        if (k < 0)
            fatal("autotune: the program compared an unknown parameter '%s'", name);
        Triple tr = {k, (int64_t)v, !strcmp(result, "true.")};
        bool seen = false;
        for (int i = 0; i < p.len && !seen; i++)
            seen = p.data[i].param == k && p.data[i].value == tr.value;
        if (!seen)
            vec_push(&p, tr);
    }
    free(log);
    if (p.len)
        qsort(p.data, (size_t)p.len, sizeof *p.data, cmp_triple);
    return p;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of_file(const char *path) {
    Vec(double) v = {0};
    char *s = slurp(path, NULL);
    for (char *p = strtok(s, "\n"); p; p = strtok(NULL, "\n"))
        vec_push(&v, strtod(p, NULL));
    free(s);
    if (!v.len)
        fatal("autotune: the program wrote no run times to %s", path);
    qsort(v.data, (size_t)v.len, sizeof *v.data, cmp_double);
    double m = v.len % 2 ? v.data[v.len / 2] : (v.data[v.len / 2 - 1] + v.data[v.len / 2]) / 2;
    free(v.data);
    return m;
}

static bool timed_out(const char *why) { return !strncmp(why, "timed out", 9); }

/* A path whose --runs timed runs take less than --min-time is timed again with more runs (at
 * most this many): sub-millisecond versions differ by less than their noise otherwise.  A run
 * also reads (and on the GPU uploads) its inputs, which its time leaves out; so the runs are
 * also at most as many as the first timed process's wall-clock time per run fits into
 * RETIME_WALL_S seconds (or half of --timeout, if less). */
#define MAX_RUNS_PER_PATH 400
#define RETIME_WALL_S 5.0

/* See the path a setting takes on a dataset (one run with -L), then time it; the new path's
 * index.  A run that fails or gives a wrong result is fatal: every version must be correct.
 * A run past --timeout is not: the path is recorded as infinitely slow, made of the
 * comparisons logged before it was stopped (a setting agreeing with them is taken to be as
 * slow, and never run). */
static int measure(Tuner *t, Dataset *d, const int64_t *setting) {
    const char *observe[] = {"-L", NULL};
    char *why = run_program(t, d, setting, observe);
    if (why && !timed_out(why))
        fatal("autotune: %s on %s with %s failed: %s", t->prog, d->name, describe(t, setting), why);
    Measured m = {setting_copy(t, setting), read_path(t), INFINITY};
    char runs[32];
    snprintf(runs, sizeof runs, "%d", t->o->runs);
    unlink(t->times);
    const char *timed[] = {"-r", runs, "-t", t->times, NULL};
    double started = now_seconds();
    if (!why && (why = run_program(t, d, setting, timed)) && !timed_out(why))
        fatal("autotune: %s on %s with %s failed: %s", t->prog, d->name, describe(t, setting), why);
    if (why) { /* too slow: the comparisons logged until then stand for its path */
        vec_push(&d->paths, m);
        printf("  [%3d runs] %s: path %d (%s)  timed out (> %d s)  with %s\n", t->program_runs, d->name,
               d->paths.len, describe_path(t, &m.path), t->o->timeout_s, describe(t, setting));
        fflush(stdout);
        return d->paths.len - 1;
    }
    if (d->kase->out == OUT_TEXT || d->kase->out == OUT_FILE) {
        size_t len = 0;
        char *out = slurp(t->out, &len);
        char *wrong = testspec_compare_output(d->kase, out, len);
        if (wrong)
            fatal("autotune: %s on %s with %s gives a wrong result:\n  %s", t->prog, d->name, describe(t, setting),
                  wrong);
        free(out);
    }
    m.median_us = median_of_file(t->times);
    /* short runs: time it again with enough runs for a median that noise does not decide */
    double want = ceil(t->o->min_time_ms * 1000.0 / fmax(m.median_us, 1));
    double per_run = (now_seconds() - started) / (t->o->runs + 1); /* the warm-up too */
    double fit = floor(fmin(RETIME_WALL_S, t->o->timeout_s / 2.0) / fmax(per_run, 1e-6));
    int more = (int)fmin(fmin(want, fit), MAX_RUNS_PER_PATH);
    if (m.median_us * t->o->runs < t->o->min_time_ms * 1000.0 && more > t->o->runs) {
        snprintf(runs, sizeof runs, "%d", more);
        unlink(t->times);
        if ((why = run_program(t, d, setting, timed)))
            fatal("autotune: %s on %s with %s failed: %s", t->prog, d->name, describe(t, setting), why);
        m.median_us = median_of_file(t->times);
    }
    vec_push(&d->paths, m);
    int k = d->paths.len - 1;
    if (d->best < 0 || m.median_us < d->paths.data[d->best].median_us)
        d->best = k;
    printf("  [%3d runs] %s: path %d (%s)  %.0f µs  with %s\n", t->program_runs, d->name, k + 1,
           describe_path(t, &m.path), m.median_us, describe(t, setting));
    fflush(stdout);
    return k;
}

/* ------------------------------------------------------------------ the search */

typedef Vec(int64_t *) Queue;

static bool queued(const Tuner *t, const Queue *q, const int64_t *s) {
    for (int i = 0; i < q->len; i++)
        if (setting_equal(t, q->data[i], s))
            return true;
    return false;
}

static bool compares(const Path *p, int param) {
    for (int i = 0; i < p->len; i++)
        if (p->data[i].param == param)
            return true;
    return false;
}

/* Queue the path's setting with one compared parameter moved to each other outcome pattern
 * over the values the path compared it with — only the parameters `known` does not compare,
 * when given. */
static void queue_neighbours(const Tuner *t, const Measured *m, const Path *known, Queue *q) {
    const Path *p = &m->path;
    for (int i = 0; i < p->len;) {
        int param = p->data[i].param, j = i;
        while (j < p->len && p->data[j].param == param)
            j++;
        if (known && compares(known, param)) {
            i = j;
            continue;
        }
        for (int k = i; k <= j; k++) { /* the value of triple k, or one past the largest */
            int64_t v = k < j ? p->data[k].value : p->data[j - 1].value + 1;
            int64_t *s = setting_copy(t, m->setting);
            s[param] = v;
            Path own = {p->data + i, j - i, 0};
            if (follows(s, &own) || queued(t, q, s))
                free(s);
            else
                vec_push(q, s);
        }
        i = j;
    }
}

/* Programs with more parameters than this are tuned by climbing unless --search says; a
 * climb steps to a path only when it is faster than the best before by this factor (timing
 * noise would otherwise walk it across a plateau of equally fast paths). */
#define CLIMB_ABOVE 6
#define CLIMB_GAIN 1.05

static bool climbing(const Tuner *t) {
    return t->o->search ? !strcmp(t->o->search, "climb") : t->n_params > CLIMB_ABOVE;
}

/* Measure the paths of one dataset, starting from the defaults: every path (the tree search),
 * or, climbing, the neighbours of each path that is the fastest so far when measured — the
 * number of paths can grow exponentially with the parameters, the climb's only with their
 * outcome patterns times the steps it takes. */
static void explore(Tuner *t, Dataset *d) {
    Queue q = {0};
    vec_push(&q, setting_copy(t, t->defaults));
    for (int next = 0; next < q.len; next++) {
        if (path_of(d, q.data[next]) >= 0)
            continue;
        if (t->program_runs >= t->o->max_runs) {
            t->truncated = true;
            break;
        }
        int best_before = d->best;
        double before = d->best >= 0 ? d->paths.data[d->best].median_us : INFINITY;
        int k = measure(t, d, q.data[next]);
        if (!climbing(t) || (k == d->best && d->paths.data[k].median_us * CLIMB_GAIN < before))
            queue_neighbours(t, &d->paths.data[k], NULL, &q);
        else if (best_before >= 0) /* not better: but the thresholds its step brought up are tried too */
            queue_neighbours(t, &d->paths.data[k], &d->paths.data[best_before].path, &q);
    }
    if (d->best < 0 && d->paths.len)
        fatal("autotune: every path of %s on %s ran past --timeout=%d", t->prog, d->name, t->o->timeout_s);
    if (d->best < 0)
        fatal("autotune: --max-runs=%d leaves no run for %s", t->o->max_runs, d->name);
}

/* ------------------------------------------------------------------ choosing the thresholds */

/* Scores within this factor of the best are a tie (timing noise): of those, the least flattened
 * program wins, which needs the least memory and the fewest kernels: the setting whose paths
 * give up the least parallelism — a false `suff_outer_par` leaves a map's outer version for a
 * flatter one although the map offered the compared value's parallelism (a false
 * `suff_intra_par`, the block-level version for the fully flattened one): the sum of the values
 * of the false outcomes, so that leaving 8192 parallel tiles weighs more than flattening a map
 * over one model — then the one making the fewest comparisons. */
#define TIE_FACTOR 1.02

/* The setting that gives each dataset i its path pick[i] wherever the datasets agree; NULL when
 * two datasets want opposite outcomes for one threshold and value range. */
static int64_t *combined_setting(const Tuner *t, const Dataset *ds, int n, const int *pick) {
    int64_t *s = setting_copy(t, t->defaults);
    for (int p = 0; p < t->n_params; p++) {
        int64_t lo = 0, hi = INT64_MAX; /* t must be in [lo, hi] */
        bool has_lo = false, has_hi = false;
        for (int i = 0; i < n; i++) {
            const Path *path = &ds[i].paths.data[pick[i]].path;
            for (int k = 0; k < path->len; k++) {
                const Triple *tr = &path->data[k];
                if (tr->param != p)
                    continue;
                if (tr->outcome && tr->value < hi)
                    hi = tr->value, has_hi = true;
                if (!tr->outcome && tr->value + 1 > lo)
                    lo = tr->value + 1, has_lo = true;
            }
        }
        if (lo > hi) {
            free(s);
            return NULL;
        }
        if (has_lo && has_hi)
            s[p] = (int64_t)llround(sqrt((double)lo * (double)hi));
        else if (has_lo)
            s[p] = s[p] > lo ? s[p] : lo;
        else if (has_hi)
            s[p] = s[p] < hi ? s[p] : hi;
        s[p] = s[p] < lo ? lo : s[p] > hi ? hi : s[p];
    }
    return s;
}

/* Sum over datasets of the setting's time over the dataset's best (lower is better; times
 * below the clock's 1 µs count as 1 µs); a path
 * not yet measured (only after --max-runs) is measured now if the budget allows, else INFINITY. */
static double score(Tuner *t, Dataset *ds, int n, const int64_t *s) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
        int k = path_of(&ds[i], s);
        if (k < 0 && t->program_runs < t->o->max_runs)
            k = measure(t, &ds[i], s);
        if (k < 0)
            return INFINITY;
        sum += fmax(ds[i].paths.data[k].median_us, 1) / fmax(ds[i].paths.data[ds[i].best].median_us, 1);
    }
    return sum;
}

/* Over the datasets, the comparisons the setting's paths make or (given_up) the sum of the values
 * compared with outcome false; INFINITY when a path is not measured. */
static double comparisons(const Dataset *ds, int n, const int64_t *s, bool given_up) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
        int k = path_of(&ds[i], s);
        if (k < 0)
            return INFINITY;
        const Path *path = &ds[i].paths.data[k].path;
        for (int j = 0; j < path->len; j++)
            sum += !given_up ? 1 : path->data[j].outcome ? 0 : (double)path->data[j].value;
    }
    return sum;
}

/* Candidates combining, per dataset, one of its paths within TIE_FACTOR of its fastest (the
 * fastest first), at most MAX_COMBINED combinations in all. */
#define MAX_COMBINED 4096

static void near_best_combinations(const Tuner *t, const Dataset *ds, int n, Queue *cands) {
    Vec(int) *near = xmalloc(sizeof *near * (size_t)(n + 1));
    int *at = xmalloc(sizeof *at * (size_t)(n + 1)), *pick = xmalloc(sizeof *pick * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        memset(&near[i], 0, sizeof near[i]);
        vec_push(&near[i], ds[i].best);
        for (int k = 0; k < ds[i].paths.len; k++)
            if (k != ds[i].best &&
                ds[i].paths.data[k].median_us <= ds[i].paths.data[ds[i].best].median_us * TIE_FACTOR)
                vec_push(&near[i], k);
        at[i] = 0;
    }
    for (int made = 0; made < MAX_COMBINED; made++) {
        for (int i = 0; i < n; i++)
            pick[i] = near[i].data[at[i]];
        int64_t *c = combined_setting(t, ds, n, pick);
        if (c && !queued(t, cands, c))
            vec_push(cands, c);
        int i = 0; /* the next combination, like an odometer */
        while (i < n && ++at[i] == near[i].len)
            at[i++] = 0;
        if (i == n)
            break;
    }
}

static int64_t *choose(Tuner *t, Dataset *ds, int n) {
    Queue cands = {0};
    vec_push(&cands, t->defaults);
    near_best_combinations(t, ds, n, &cands);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < ds[i].paths.len; k++)
            if (!queued(t, &cands, ds[i].paths.data[k].setting))
                vec_push(&cands, ds[i].paths.data[k].setting);
    double *sc = xmalloc(sizeof *sc * (size_t)cands.len), best_score = INFINITY;
    for (int i = 0; i < cands.len; i++) {
        sc[i] = score(t, ds, n, cands.data[i]);
        best_score = sc[i] < best_score ? sc[i] : best_score;
    }
    int best = 0;
    double best_given_up = INFINITY, best_cmps = INFINITY;
    for (int i = 0; i < cands.len; i++) {
        if (!(sc[i] <= best_score * TIE_FACTOR))
            continue;
        double given_up = comparisons(ds, n, cands.data[i], true), cmps = comparisons(ds, n, cands.data[i], false);
        if (given_up < best_given_up || (given_up == best_given_up && cmps < best_cmps))
            best = i, best_given_up = given_up, best_cmps = cmps;
    }
    return cands.data[best];
}

/* ------------------------------------------------------------------ datasets and parameters */

static bool selected(const Options *o, const char *name) {
    if (!o->only.len)
        return true;
    for (int i = 0; i < o->only.len; i++)
        if (strstr(name, o->only.data[i]))
            return true;
    return false;
}

static bool usable(const Case *c) {
    return (c->in == IN_TEXT || c->in == IN_FILE) && c->out != OUT_ERROR;
}

/* The datasets tagged `train` (all benchmark datasets when none is), as files. */
static Datasets training_datasets(Tuner *t, const Spec *spec) {
    Datasets ds = {0};
    for (int pass = 0; pass < 2 && !ds.len; pass++) {
        for (int b = 0; b < spec->blocks.len; b++) {
            const Block *blk = &spec->blocks.data[b];
            for (int e = 0; e < blk->entries.len; e++) {
                if (t->o->entry && strcmp(t->o->entry, blk->entries.data[e]))
                    continue;
                for (int i = 0; i < blk->cases.len; i++) {
                    const Case *c = &blk->cases.data[i];
                    char *name = testspec_case_name(c, i);
                    bool wanted = pass == 0 ? c->train : !c->nobench;
                    if (!usable(c) || !wanted || !selected(t->o, name)) {
                        free(name);
                        continue;
                    }
                    Dataset d = {name, c->input, blk->entries.data[e], c, {0}, -1};
                    if (c->in == IN_TEXT) {
                        d.input = xsprintf("%s/input-%d", t->dir, ds.len);
                        FILE *f = fopen(d.input, "w");
                        if (!f || fputs(c->input, f) < 0 || fclose(f) != 0)
                            fatal("autotune: cannot write %s", d.input);
                    }
                    vec_push(&ds, d);
                }
            }
        }
        if (pass == 0 && !ds.len)
            printf("%s: no dataset tagged `train`; tuning on its benchmark datasets\n", t->prog);
    }
    if (!ds.len)
        fatal("autotune: %s has no dataset to tune on", t->prog);
    return ds;
}

/* The program's parameters and defaults, from --print-params ("name=value" lines). */
static void read_params(Tuner *t) {
    const char *argv[] = {t->exe, "--print-params", NULL};
    t->program_runs++;
    char *why = run_process(argv, NULL, t->out, t->err, t->o->timeout_s);
    if (why)
        fatal("autotune: %s --print-params failed: %s", t->exe, why);
    char *text = slurp(t->out, NULL);
    Vec(char *) names = {0};
    Vec(int64_t) defaults = {0};
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = 0;
        vec_push(&names, xstrdup(line));
        vec_push(&defaults, (int64_t)strtoll(eq + 1, NULL, 10));
    }
    free(text);
    t->n_params = names.len;
    t->names = names.data;
    t->defaults = defaults.len ? defaults.data : xmalloc(sizeof(int64_t));
}

/* ------------------------------------------------------------------ report and file */

static void write_tuning(const Tuner *t, const Dataset *ds, int n, const int64_t *s) {
    FILE *f = fopen(t->o->output, "w");
    if (!f)
        fatal("autotune: cannot write %s: %s", t->o->output, strerror(errno));
    fprintf(f, "-- weft autotune %s --backend=%s%s%s: %d program runs\n", t->prog, t->o->backend,
            t->o->threads ? " --num-threads=" : "", t->o->threads ? t->o->threads : "", t->program_runs);
    for (int i = 0; i < n; i++) {
        int k = path_of(&ds[i], s);
        fprintf(f, "-- %s: %d paths, tuned %.0f µs, best %.0f µs\n", ds[i].name, ds[i].paths.len,
                k >= 0 ? ds[i].paths.data[k].median_us : NAN, ds[i].paths.data[ds[i].best].median_us);
    }
    for (int i = 0; i < t->n_params; i++)
        fprintf(f, "%s=%" PRId64 "\n", t->names[i], s[i]);
    if (fclose(f) != 0)
        fatal("autotune: cannot write %s: %s", t->o->output, strerror(errno));
}

static void report(const Tuner *t, const Dataset *ds, int n, const int64_t *s) {
    printf("Tuned %s (%s): %s\n", t->prog, t->o->backend, describe(t, s));
    for (int i = 0; i < n; i++) {
        int def = path_of(&ds[i], t->defaults), tuned = path_of(&ds[i], s);
        double td = def >= 0 ? ds[i].paths.data[def].median_us : NAN;
        double tt = tuned >= 0 ? ds[i].paths.data[tuned].median_us : NAN;
        printf("  %s: %d paths; defaults %.0f µs, tuned %.0f µs (%.2fx), best %.0f µs\n", ds[i].name,
               ds[i].paths.len, td, tt, fmax(td, 1) / fmax(tt, 1), ds[i].paths.data[ds[i].best].median_us);
    }
    printf("%d program runs%s; wrote %s\n", t->program_runs,
           t->truncated ? " (stopped by --max-runs: some paths not measured)" : "", t->o->output);
}

/* ------------------------------------------------------------------ the command line */

static const char *parse_args(int argc, char **argv, Options *o) {
    const char *prog = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if ((v = option_value(a, "--backend")))
            o->backend = v;
        else if ((v = option_value(a, "--runs")))
            o->runs = option_positive("autotune", v, "number of runs");
        else if ((v = option_value(a, "--num-threads")))
            o->threads = xsprintf("%d", option_positive("autotune", v, "number of threads"));
        else if ((v = option_value(a, "--entry")))
            o->entry = v;
        else if ((v = option_value(a, "--timeout")))
            o->timeout_s = option_positive("autotune", v, "timeout");
        else if ((v = option_value(a, "--min-time")))
            o->min_time_ms = option_nonnegative("autotune", v, "time in ms");
        else if ((v = option_value(a, "--max-runs")))
            o->max_runs = option_positive("autotune", v, "number of program runs");
        else if ((v = option_value(a, "--search"))) {
            if (strcmp(v, "tree") && strcmp(v, "climb"))
                fatal("autotune: --search must be tree or climb, not '%s'", v);
            o->search = v;
        } else if ((v = option_value(a, "--exe")))
            o->exe = v;
        else if ((v = option_value(a, "--dataset")))
            vec_push(&o->only, v);
        else if ((v = option_arg("autotune", argc, argv, &i, "-o")))
            o->output = v;
        else if (a[0] == '-' && a[1])
            option_unknown("autotune", a, autotune_usage);
        else if (prog)
            fatal("autotune: one program at a time\nusage: weft %s", autotune_usage);
        else
            prog = a;
    }
    if (!prog)
        fatal("autotune: no program given\nusage: weft %s", autotune_usage);
    if (access(prog, R_OK) != 0)
        fatal("autotune: cannot read %s: %s", prog, strerror(errno));
    if (strcmp(o->backend, "multicore") && strcmp(o->backend, "c") && strcmp(o->backend, "cuda"))
        fatal("autotune: unknown backend '%s' (multicore, c or cuda)", o->backend);
    return prog;
}

/* Compiling (nvcc takes a while on big programs) is not held to --timeout, meant for runs. */
#define COMPILE_TIMEOUT_S 1800

static void compile(Tuner *t) {
    const char *argv[] = {t->o->weft, t->o->backend, t->prog, "-o", t->exe, NULL};
    printf("Compiling %s with weft %s\n", t->prog, t->o->backend);
    fflush(stdout);
    char *why = run_process(argv, NULL, t->out, t->err, COMPILE_TIMEOUT_S);
    if (why)
        fatal("autotune: weft %s %s failed (%s): %s", t->o->backend, t->prog, why, first_lines(t->err, 3));
}

static void cleanup(const Tuner *t, int n_inputs) {
    const char *names[] = {"prog", "prog.c", "prog.cu", "stdout", "stderr", "times"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(xsprintf("%s/%s", t->dir, names[i]));
    for (int i = 0; i < n_inputs; i++)
        unlink(xsprintf("%s/input-%d", t->dir, i));
    rmdir(t->dir);
}

int cmd_autotune(int argc, char **argv) {
    Options o = {0};
    o.backend = "multicore";
    o.runs = 5;
    o.timeout_s = 600;
    o.max_runs = 1000;
    o.min_time_ms = 300;
    o.weft = self_exe_path() ? self_exe_path() : argv[0];
    o.tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    Tuner t = {0};
    t.o = &o;
    t.prog = parse_args(argc, argv, &o);
    if (!o.output)
        o.output = xsprintf("%s.tuning", t.prog);
    Spec *spec = testspec_read(t.prog);
    if (spec->error)
        fatal("autotune: %s", spec->error);
    t.dir = xsprintf("%s/weft-autotune-XXXXXX", o.tmpdir);
    if (!mkdtemp(t.dir))
        fatal("autotune: cannot create a temporary directory in %s: %s", o.tmpdir, strerror(errno));
    t.exe = o.exe ? xstrdup(o.exe) : xsprintf("%s/prog", t.dir);
    t.out = xsprintf("%s/stdout", t.dir);
    t.err = xsprintf("%s/stderr", t.dir);
    t.times = xsprintf("%s/times", t.dir);
    Datasets ds = training_datasets(&t, spec);
    if (o.exe && access(o.exe, X_OK) != 0)
        fatal("autotune: cannot run %s: %s", o.exe, strerror(errno));
    if (!o.exe)
        compile(&t);
    read_params(&t);
    printf("%d tuning parameters, %d training datasets, %d timed runs per path, %s search\n", t.n_params, ds.len,
           o.runs, climbing(&t) ? "climbing" : "tree");
    Progress progress = progress_begin("autotune", ds.len);
    for (int i = 0; i < ds.len; i++) {
        explore(&t, &ds.data[i]);
        progress_step(&progress, 1, xsprintf("%s (%d paths, %d runs so far)", ds.data[i].name, ds.data[i].paths.len,
                                             t.program_runs));
    }
    int64_t *chosen = choose(&t, ds.data, ds.len);
    write_tuning(&t, ds.data, ds.len, chosen);
    report(&t, ds.data, ds.len, chosen);
    cleanup(&t, ds.len);
    return 0;
}
