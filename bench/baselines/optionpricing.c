/* OptionPricing (FinPar) — hand-written sequential C11 baseline, double precision.
 *
 * Written from shared/specs/optionpricing.md.  Reads either a Futhark text-format
 * dataset (data/finpar/OptionPricing-*.in) or FinPar's own format
 * (orig/OptionPricing-*.input.data, which has four extra scalars after the
 * iteration count and // comments); the format is detected from the number of
 * leading scalars.  As in Futhark, an f32 literal stands for the nearest f32 value
 * (the computation itself is in double).  Prints one price per model in Futhark
 * text format on stdout.
 *
 * Usage: optionpricing [-t FILE] [-r RUNS] [-n ITERS] [-p f32|f64] [--dump] < data
 *   -t FILE  write the run time of the computation (microseconds, parsing
 *            excluded) to FILE, like Futhark executables; also printed on stderr.
 *   -r RUNS  run the computation RUNS times (the time of each run is written).
 *   -n ITERS override the number of Monte Carlo iterations.
 *   -p f32   print the prices with an f32 suffix (default f64).
 *   --dump   print the (possibly modified) input in Futhark text format and exit
 *            (used to make reduced datasets).
 *
 * The Sobol numbers use the recurrent (strength-reduced) form, which is the
 * natural choice for sequential code.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------- a small reader for the subset of Futhark's text format used here ---------- */

typedef struct {
    int rank;
    long shape[4];
    long n;        /* number of elements */
    double *data;  /* row-major */
    int is_int;    /* all elements were integer literals */
} value;

typedef struct { const char *s; size_t i, len; } reader;

static void die(const char *msg) { fprintf(stderr, "optionpricing: %s\n", msg); exit(1); }

static void skip_ws(reader *r) {
    for (;;) {
        while (r->i < r->len && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
                                 r->s[r->i] == '\r' || r->s[r->i] == ','))
            r->i++;
        if (r->i + 1 < r->len && ((r->s[r->i] == '-' && r->s[r->i + 1] == '-') ||
                                  (r->s[r->i] == '/' && r->s[r->i + 1] == '/'))) {
            while (r->i < r->len && r->s[r->i] != '\n') r->i++;
            continue;
        }
        return;
    }
}

/* Parse one value; elements are appended to *buf.  depth = current nesting. */
typedef struct { double *a; long n, cap; int all_int; } dbuf;

static void push(dbuf *b, double x) {
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 1024;
        b->a = realloc(b->a, (size_t)b->cap * sizeof *b->a);
        if (!b->a) die("out of memory");
    }
    b->a[b->n++] = x;
}

/* Returns the rank of the value parsed; fills shape[0..rank-1] (checks regularity). */
static int parse_elem(reader *r, dbuf *b, long *shape, int depth, int *rank_seen) {
    skip_ws(r);
    if (r->i >= r->len) die("unexpected end of input");
    if (r->s[r->i] == '[') {
        r->i++;
        long count = 0;
        int inner = -1;
        for (;;) {
            skip_ws(r);
            if (r->i >= r->len) die("unterminated array");
            if (r->s[r->i] == ']') { r->i++; break; }
            int k = parse_elem(r, b, shape, depth + 1, rank_seen);
            if (inner >= 0 && k != inner) die("irregular array");
            inner = k;
            count++;
        }
        if (depth >= 4) die("rank too high");
        if (inner < 0) { /* empty array: its rank is whatever was seen at this depth */
            inner = *rank_seen > depth + 1 ? *rank_seen - depth - 1 : 0;
            for (int d = depth + 1; d < depth + 1 + inner; d++) shape[d] = 0;
        }
        if (shape[depth] < 0) shape[depth] = count;
        else if (shape[depth] != count) die("irregular array");
        if (depth + 1 + inner > *rank_seen) *rank_seen = depth + 1 + inner;
        return inner + 1;
    }
    /* a number literal, optionally with a type suffix */
    char *end;
    const char *p = r->s + r->i;
    double x = strtod(p, &end);
    if (end == p) die("bad literal");
    for (const char *q = p; q < end; q++)
        if (*q == '.' || *q == 'e' || *q == 'E') b->all_int = 0;
    r->i += (size_t)(end - p);
    if (r->i < r->len && (r->s[r->i] == 'i' || r->s[r->i] == 'u' || r->s[r->i] == 'f')) {
        if (r->s[r->i] == 'f') {
            b->all_int = 0;
            if (r->s[r->i + 1] == '3') x = (double)(float)x; /* an f32 literal denotes an f32 value */
        }
        r->i++;
        while (r->i < r->len && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
    }
    push(b, x);
    return 0;
}

/* Returns 0 at end of input. */
static int read_value(reader *r, value *v) {
    skip_ws(r);
    if (r->i >= r->len) return 0;
    dbuf b = {0};
    b.all_int = 1;
    long shape[5] = {-1, -1, -1, -1, -1};
    int rank_seen = 0;
    int rank = parse_elem(r, &b, shape, 0, &rank_seen);
    v->rank = rank;
    v->n = 1;
    for (int d = 0; d < rank; d++) { v->shape[d] = shape[d]; v->n *= shape[d]; }
    if (v->n != b.n) die("irregular array");
    v->data = b.a;
    v->is_int = b.all_int;
    return 1;
}

static char *read_all(FILE *f, size_t *len) {
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    if (!s) die("out of memory");
    size_t k;
    while ((k = fread(s + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) { cap *= 2; s = realloc(s, cap); if (!s) die("out of memory"); }
    }
    *len = n;
    return s;
}

/* ---------- the problem ---------- */

typedef struct {
    int contract, num_iters;
    int dates, unds, models, bits;
    int32_t *dirvs;   /* [dates*unds][bits] */
    double *c;        /* [models][unds][unds] */
    double *vols;     /* [models][dates][unds] */
    double *drifts;   /* [models][dates][unds] */
    double *starts;   /* [models][unds] */
    double *detvals;  /* [models][ndet] */
    int ndet;
    double *discts;   /* [models][ncash] */
    int ncash;
    int *bi, *li, *ri;        /* [dates], 1-based, 0 = none */
    double *sd, *lw, *rw;     /* [dates] */
} problem;

static void expect(const value *v, int rank, const char *what) {
    if (v->rank != rank) { fprintf(stderr, "optionpricing: %s: expected rank %d, got %d\n", what, rank, v->rank); exit(1); }
}

static void load(const char *text, size_t len, problem *p) {
    reader r = {text, 0, len};
    value vals[32];
    int nv = 0;
    while (nv < 32 && read_value(&r, &vals[nv])) nv++;
    int lead = 0;
    while (lead < nv && vals[lead].rank == 0) lead++;
    int k;
    if (lead == 2 && nv == 11) k = 2;          /* Futhark format */
    else if (lead == 6 && nv == 15) k = 6;     /* FinPar format */
    else die("unrecognised input layout");
    p->contract = (int)vals[0].data[0];
    p->num_iters = (int)vals[1].data[0];
    value *dv = &vals[k], *c = &vals[k + 1], *vo = &vals[k + 2], *dr = &vals[k + 3], *st = &vals[k + 4],
          *de = &vals[k + 5], *di = &vals[k + 6], *bbi = &vals[k + 7], *bbd = &vals[k + 8];
    expect(dv, 2, "dirvs"); expect(c, 3, "md_c"); expect(vo, 3, "md_vols"); expect(dr, 3, "md_drifts");
    expect(st, 2, "md_starts"); expect(de, 2, "md_detvals"); expect(di, 2, "md_discts");
    expect(bbi, 2, "bb_inds"); expect(bbd, 2, "bb_data");
    p->models = (int)c->shape[0];
    p->unds = (int)c->shape[1];
    p->dates = (int)bbi->shape[1];
    p->bits = (int)dv->shape[1];
    if (dv->shape[0] != (long)p->dates * p->unds) die("dirvs has the wrong number of dimensions");
    if (vo->shape[1] != p->dates || dr->shape[1] != p->dates) die("vols/drifts: wrong number of dates");
    if (k == 6 && (vals[2].data[0] != p->dates || vals[3].data[0] != p->unds || vals[4].data[0] != p->models))
        die("header sizes disagree with the arrays");
    p->dirvs = malloc((size_t)dv->n * sizeof *p->dirvs);
    for (long i = 0; i < dv->n; i++) p->dirvs[i] = (int32_t)dv->data[i];
    p->c = c->data; p->vols = vo->data; p->drifts = dr->data; p->starts = st->data;
    p->detvals = de->data; p->ndet = (int)de->shape[1];
    p->discts = di->data; p->ncash = (int)di->shape[1];
    p->bi = malloc((size_t)p->dates * sizeof(int));
    p->li = malloc((size_t)p->dates * sizeof(int));
    p->ri = malloc((size_t)p->dates * sizeof(int));
    for (int i = 0; i < p->dates; i++) {
        p->bi[i] = (int)bbi->data[i];
        p->li[i] = (int)bbi->data[p->dates + i];
        p->ri[i] = (int)bbi->data[2 * p->dates + i];
    }
    p->sd = bbd->data; p->lw = bbd->data + p->dates; p->rw = bbd->data + 2 * p->dates;
}

static void print_array_f(FILE *f, const double *a, long n, const char *suffix) {
    fputc('[', f);
    int digits = strcmp(suffix, "f32") ? 17 : 9; /* enough to read the value back */
    for (long i = 0; i < n; i++) fprintf(f, "%s%.*g%s", i ? ", " : "", digits, a[i], suffix);
    fputc(']', f);
}

static void dump(const problem *p) {
    int D = p->dates * p->unds;
    printf("%di32\n%di32\n[", p->contract, p->num_iters);
    for (int d = 0; d < D; d++) {
        printf("%s[", d ? ", " : "");
        for (int b = 0; b < p->bits; b++) printf("%s%di32", b ? ", " : "", p->dirvs[d * p->bits + b]);
        printf("]");
    }
    printf("]\n");
    const double *arr3[3] = {p->c, p->vols, p->drifts};
    int inner[3][2] = {{p->unds, p->unds}, {p->dates, p->unds}, {p->dates, p->unds}};
    for (int a = 0; a < 3; a++) {
        printf("[");
        for (int m = 0; m < p->models; m++) {
            printf("%s[", m ? ", " : "");
            for (int i = 0; i < inner[a][0]; i++) {
                if (i) printf(", ");
                print_array_f(stdout, arr3[a] + ((long)m * inner[a][0] + i) * inner[a][1], inner[a][1], "f32");
            }
            printf("]");
        }
        printf("]\n");
    }
    const double *arr2[3] = {p->starts, p->detvals, p->discts};
    int w[3] = {p->unds, p->ndet, p->ncash};
    for (int a = 0; a < 3; a++) {
        printf("[");
        for (int m = 0; m < p->models; m++) {
            if (m) printf(", ");
            if (w[a] == 0) printf("empty([0]f32)");
            else print_array_f(stdout, arr2[a] + (long)m * w[a], w[a], "f32");
        }
        printf("]\n");
    }
    const int *ind[3] = {p->bi, p->li, p->ri};
    printf("[");
    for (int a = 0; a < 3; a++) {
        printf("%s[", a ? ", " : "");
        for (int i = 0; i < p->dates; i++) printf("%s%di32", i ? ", " : "", ind[a][i]);
        printf("]");
    }
    printf("]\n[");
    const double *bd[3] = {p->sd, p->lw, p->rw};
    for (int a = 0; a < 3; a++) {
        if (a) printf(", ");
        print_array_f(stdout, bd[a], p->dates, "f32");
    }
    printf("]\n");
}

/* Wichura's AS241 (PPND16): inverse of the standard normal distribution. */
static double poly7(const double *k, double x) {
    double r = k[7];
    for (int i = 6; i >= 0; i--) r = r * x + k[i];
    return r;
}

static const double A[8] = {3.387132872796366608, 133.14166789178437745, 1971.5909503065514427,
                            13731.693765509461125, 45921.953931549871457, 67265.770927008700853,
                            33430.575583588128105, 2509.0809287301226727};
static const double B[8] = {1.0, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077,
                            21213.794301586595867, 39307.89580009271061, 28729.085735721942674,
                            5226.495278852854561};
static const double C[8] = {1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055,
                            3.64784832476320460504, 1.27045825245236838258, 0.24178072517745061177,
                            0.0227238449892691845833, 7.7454501427834140764e-4};
static const double Dc[8] = {1.0, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455,
                             0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4,
                             1.05075007164441684324e-9};
static const double E[8] = {6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358,
                            0.29656057182850489123, 0.026532189526576123093, 0.0012426609473880784386,
                            2.71155556874348757815e-5, 2.01033439929228813265e-7};
static const double F[8] = {1.0, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525,
                            7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7,
                            2.04426310338993978564e-15};

static double ppnd(double u) {
    double q = u - 0.5;
    if (fabs(q) <= 0.425) {
        double r = 0.180625 - q * q;
        return q * poly7(A, r) / poly7(B, r);
    }
    double r = sqrt(-log(u < 1.0 - u ? u : 1.0 - u));
    double z;
    if (r <= 5.0) { double x = r - 1.6; z = poly7(C, x) / poly7(Dc, x); }
    else          { double x = r - 5.0; z = poly7(E, x) / poly7(F, x); }
    return q < 0.0 ? -z : z;
}

static double min3(double a, double b, double c) {
    double m = a < b ? a : b;
    return m < c ? m : c;
}

/* The payoff of one path S[dates][unds]; adds amount * discount to acc[m]. */
static double payoff(const problem *p, int m, const double *S) {
    const double *disc = p->discts + (long)m * p->ncash;
    int U = p->unds;
    switch (p->contract) {
    case 1: {
        double a = S[0] - 4000.0;
        if (a < 0.0) a = 0.0;
        return a * p->detvals[(long)m * p->ndet] * disc[0];
    }
    case 2: {
        for (int d = 0; d < 4; d++) {
            double f = min3(S[d * U] / 3758.05, S[d * U + 1] / 11840.0, S[d * U + 2] / 1200.0);
            if (f >= 1.0) return (1150.0 + 150.0 * d) * disc[d];
        }
        double x = min3(S[4 * U] / 3758.05, S[4 * U + 1] / 11840.0, S[4 * U + 2] / 1200.0);
        double amount = x >= 1.0 ? 1750.0 : x > 0.75 ? 1000.0 : 1000.0 * x;
        return amount * disc[4];
    }
    case 3: {
        double r = 100.0 * disc[0];
        int hit = 0;
        for (int d = 0; d < p->dates && !hit; d++)
            if (S[d * U] <= 2630.6349999999998 || S[d * U + 1] <= 8288.0 || S[d * U + 2] <= 840.0) hit = 1;
        const double *last = S + (long)(p->dates - 1) * U;
        if (hit && (last[0] < 3758.05 || last[1] < 11840.0 || last[2] < 1200.0))
            r += 1000.0 * min3(last[0] / 3758.05, last[1] / 11840.0, last[2] / 1200.0) * disc[1];
        else
            r += 1000.0 * disc[1];
        return r;
    }
    default:
        die("unknown contract");
        return 0.0;
    }
}

static void price(const problem *p, double *prices) {
    int D = p->dates * p->unds, U = p->unds, T = p->dates, M = p->models;
    uint32_t *v = calloc((size_t)D, sizeof *v);
    double *z = malloc((size_t)D * sizeof *z);
    double *W = malloc((size_t)T * sizeof *W);
    double *dW = malloc((size_t)D * sizeof *dW);  /* [dates][unds] */
    double *S = malloc((size_t)D * sizeof *S);    /* [dates][unds] */
    double *sum = calloc((size_t)M, sizeof *sum);
    const double scale = 1.0 / (double)(1 << 30);
    for (long k = 0; k < p->num_iters; k++) {
        /* Sobol: v holds the vector for gray(k); step to gray(k+1) by xoring the
           direction vector of the lowest zero bit of k. */
        int bit = 0;
        while ((k >> bit) & 1) bit++;
        if (bit >= p->bits) die("too many iterations for the direction vectors");
        for (int d = 0; d < D; d++) v[d] ^= (uint32_t)p->dirvs[d * p->bits + bit];
        for (int d = 0; d < D; d++) z[d] = ppnd((double)v[d] * scale);
        /* Brownian bridge, per underlying */
        for (int j = 0; j < U; j++) {
            W[p->bi[0] - 1] = p->sd[0] * z[j];
            for (int i = 1; i < T; i++) {
                double w = p->sd[i] * z[i * U + j];
                if (p->ri[i] != 0) w += p->rw[i] * W[p->ri[i] - 1];
                if (p->li[i] != 0) w += p->lw[i] * W[p->li[i] - 1];
                W[p->bi[i] - 1] = w;
            }
            dW[j] = W[0];
            for (int d = 1; d < T; d++) dW[d * U + j] = W[d] - W[d - 1];
        }
        for (int m = 0; m < M; m++) {
            const double *c = p->c + (long)m * U * U;
            const double *vol = p->vols + (long)m * T * U, *drift = p->drifts + (long)m * T * U;
            const double *start = p->starts + (long)m * U;
            for (int d = 0; d < T; d++)
                for (int j = 0; j < U; j++) {
                    double x = 0.0;
                    for (int l = 0; l <= j; l++) x += c[j * U + l] * dW[d * U + l];
                    double prev = d == 0 ? start[j] : S[(d - 1) * U + j];
                    S[d * U + j] = prev * exp(vol[d * U + j] * x + drift[d * U + j]);
                }
            sum[m] += payoff(p, m, S);
        }
    }
    for (int m = 0; m < M; m++) prices[m] = sum[m] / (double)p->num_iters;
    free(v); free(z); free(W); free(dW); free(S); free(sum);
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    const char *tfile = NULL, *suffix = "f64";
    int runs = 1, do_dump = 0;
    long iters = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-t") && i + 1 < argc) tfile = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-n") && i + 1 < argc) iters = atol(argv[++i]);
        else if (!strcmp(argv[i], "-p") && i + 1 < argc) suffix = argv[++i];
        else if (!strcmp(argv[i], "--dump")) do_dump = 1;
        else { fprintf(stderr, "usage: %s [-t FILE] [-r RUNS] [-n ITERS] [-p f32|f64] [--dump] < data\n", argv[0]); return 2; }
    }
    size_t len;
    char *text = read_all(stdin, &len);
    problem p;
    load(text, len, &p);
    if (iters > 0) p.num_iters = (int)iters;
    if (do_dump) { dump(&p); return 0; }
    double *prices = malloc((size_t)p.models * sizeof *prices);
    FILE *tf = tfile ? fopen(tfile, "w") : NULL;
    if (tfile && !tf) die("cannot open the timing file");
    for (int r = 0; r < runs; r++) {
        double t0 = now_us();
        price(&p, prices);
        double t1 = now_us();
        if (tf) fprintf(tf, "%.0f\n", t1 - t0);
        fprintf(stderr, "optionpricing: %.0f us\n", t1 - t0);
    }
    if (tf) fclose(tf);
    print_array_f(stdout, prices, p.models, suffix);
    putchar('\n');
    return 0;
}
