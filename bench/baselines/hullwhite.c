/* Hull-White one-factor trinomial-tree portfolio pricer — hand-written sequential C11
 * baseline and oracle for examples/hullwhite/hullwhite.fut.
 *
 * Written from shared/specs/hullwhite.md (exact moments, jmax = floor(0.184/(-M)) + 1,
 * alpha fitted to the curve by forward induction, backward induction of a fixed-coupon
 * bond with an embedded issuer call / holder put, European / Bermudan / American).
 * The formulation is deliberately different from the weft program's: the forward
 * induction pushes (scatters) each node's state price to its three successors, the
 * trees are only as wide as they grow (|j| <= min(i, jmax)), and the per-step
 * coupon / accrued / exercise bookkeeping is done with running counters.
 *
 * Input (stdin, Futhark text format), the 14 arguments of hullwhite.fut's main:
 *   curve_t [p]f64, curve_r [c][p]f64, spy [n]i32, steps [n]i32, a [n]f64,
 *   sigma [n]f64, coupon [n]f64, cpn_freq [n]i32, oas [n]f64, kind [n]i32,
 *   style [n]i32, first_ex [n]i32, strike [n]f64, curve [n]i32
 * Output: [n]f64, the prices per 100 face, in Futhark text format.
 *
 * Usage: hullwhite [-t FILE] [-r RUNS] < data
 *   -t FILE  write the time of each run of the computation (microseconds, parsing
 *            excluded) to FILE, one per line; also printed on stderr.
 *   -r RUNS  run the computation RUNS times.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *msg) { fprintf(stderr, "hullwhite: %s\n", msg); exit(1); }

/* ---------- a small reader for Futhark's text format (rank <= 2, numbers) ---------- */

typedef struct { const char *s; size_t i, n; } rd;
typedef struct { int rank; long shape[2]; long len; double *d; } val;

static void ws(rd *r) {
    for (;;) {
        while (r->i < r->n && strchr(" \t\r\n,", r->s[r->i])) r->i++;
        if (r->i + 1 < r->n && r->s[r->i] == '-' && r->s[r->i + 1] == '-') {
            while (r->i < r->n && r->s[r->i] != '\n') r->i++;
            continue;
        }
        return;
    }
}

static void add(val *v, long *cap, double x) {
    if (v->len == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        v->d = realloc(v->d, (size_t)*cap * sizeof *v->d);
        if (!v->d) die("out of memory");
    }
    v->d[v->len++] = x;
}

/* one element at nesting depth `depth`; returns its rank */
static int elem(rd *r, val *v, long *cap, int depth) {
    ws(r);
    if (r->i >= r->n) die("unexpected end of input");
    if (!strncmp(r->s + r->i, "empty(", 6)) { /* empty([0]t) or empty([k][0]t) */
        r->i += 6;
        int rank = 0;
        long dims[2] = {0, 0};
        while (r->s[r->i] == '[') {
            long d = strtol(r->s + r->i + 1, NULL, 10);
            if (rank < 2) dims[rank] = d;
            rank++;
            while (r->s[r->i] != ']') r->i++;
            r->i++;
        }
        while (r->i < r->n && r->s[r->i] != ')') r->i++;
        r->i++;
        for (int k = 0; k < rank && depth + k < 2; k++) v->shape[depth + k] = dims[k];
        return rank;
    }
    if (r->s[r->i] == '[') {
        r->i++;
        long count = 0;
        int inner = 0;
        for (;;) {
            ws(r);
            if (r->i >= r->n) die("unterminated array");
            if (r->s[r->i] == ']') { r->i++; break; }
            inner = elem(r, v, cap, depth + 1);
            count++;
        }
        if (depth >= 2) die("rank too high");
        v->shape[depth] = count;
        return inner + 1;
    }
    char *end;
    double x = strtod(r->s + r->i, &end);
    if (end == r->s + r->i) die("bad literal");
    r->i = (size_t)(end - r->s);
    while (r->i < r->n && (r->s[r->i] == 'i' || r->s[r->i] == 'u' || r->s[r->i] == 'f' ||
                           (r->s[r->i] >= '0' && r->s[r->i] <= '9')))
        r->i++;
    add(v, cap, x);
    return 0;
}

static val next(rd *r) {
    val v = {0, {0, 0}, 0, NULL};
    long cap = 0;
    v.rank = elem(r, &v, &cap, 0);
    return v;
}

/* ---------- the portfolio ---------- */

typedef struct {
    int p, c, n;
    double *ct, *cr;                 /* [p], [c][p] */
    int *spy, *steps, *freq, *kind, *style, *first, *curve;
    double *a, *sigma, *coupon, *oas, *strike;
} portfolio;

static int *ints(const val *v) {
    int *x = malloc((size_t)(v->len ? v->len : 1) * sizeof *x);
    for (long i = 0; i < v->len; i++) x[i] = (int)v->d[i];
    return x;
}

static void load(const char *text, size_t len, portfolio *pf) {
    rd r = {text, 0, len};
    val v[14];
    for (int k = 0; k < 14; k++) v[k] = next(&r);
    if (v[0].rank != 1 || v[1].rank != 2) die("curve_t must be [p]f64, curve_r [c][p]f64");
    pf->p = (int)v[0].shape[0];
    pf->c = (int)v[1].shape[0];
    if (v[1].shape[1] != pf->p) die("curve_r rows must have as many points as curve_t");
    pf->n = (int)v[2].shape[0];
    for (int k = 2; k < 14; k++)
        if (v[k].rank != 1 || v[k].shape[0] != pf->n) die("instrument arrays must all be [n]");
    pf->ct = v[0].d; pf->cr = v[1].d;
    pf->spy = ints(&v[2]); pf->steps = ints(&v[3]);
    pf->a = v[4].d; pf->sigma = v[5].d; pf->coupon = v[6].d;
    pf->freq = ints(&v[7]); pf->oas = v[8].d; pf->kind = ints(&v[9]);
    pf->style = ints(&v[10]); pf->first = ints(&v[11]); pf->strike = v[12].d;
    pf->curve = ints(&v[13]);
}

/* zero rate of curve row r at time t: linear in t, flat beyond the ends */
static double zero_rate(int p, const double *t, const double *r, double x) {
    if (x <= t[0]) return r[0];
    if (x >= t[p - 1]) return r[p - 1];
    int lo = 0, hi = p - 1; /* t[lo] < x < t[hi] */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (t[mid] <= x) lo = mid; else hi = mid;
    }
    return r[lo] + (r[hi] - r[lo]) * (x - t[lo]) / (t[hi] - t[lo]);
}

/* price of instrument q; work arrays of at least 2*(jmax+1)+1 doubles and h alphas */
static double price_one(const portfolio *pf, int q) {
    const int s = pf->spy[q], h = pf->steps[q];
    const double a = pf->a[q], sig = pf->sigma[q], dt = 1.0 / s;
    const double M = exp(-a * dt) - 1.0;
    const double V = sig * sig * (1.0 - exp(-2.0 * a * dt)) / (2.0 * a);
    const double dx = sqrt(3.0 * V);
    const int jmax = (int)floor(0.184 / -M) + 1;
    const int m = h < jmax ? h : jmax;   /* the widest level of this tree */
    const int w = 2 * m + 1;
    const double *crow = pf->cr + (long)pf->curve[q] * pf->p;

    double *Q = calloc((size_t)w, sizeof *Q), *Qn = calloc((size_t)w, sizeof *Qn);
    double *alpha = malloc((size_t)(h > 0 ? h : 1) * sizeof *alpha);
    double *Vc = malloc((size_t)w * sizeof *Vc), *Vn = malloc((size_t)w * sizeof *Vn);
    if (!Q || !Qn || !alpha || !Vc || !Vn) die("out of memory");

    /* forward induction: state prices, alpha fitted to P(0, (i+1) dt) */
    Q[m] = 1.0;
    for (int i = 0; i < h; i++) {
        int lim = i < jmax ? i : jmax;
        double sum = 0.0;
        for (int j = -lim; j <= lim; j++) sum += Q[j + m] * exp(-j * dx * dt);
        double t1 = (i + 1) * dt;
        double P = exp(-zero_rate(pf->p, pf->ct, crow, t1) * t1);
        alpha[i] = log(sum / P) / dt;
        int nl = i + 1 < jmax ? i + 1 : jmax;
        for (int j = -nl; j <= nl; j++) Qn[j + m] = 0.0;
        for (int j = -lim; j <= lim; j++) {
            int k = j == jmax ? j - 1 : j == -jmax ? j + 1 : j;
            double e = j * M + (j - k);
            double pu = 1.0 / 6 + (e * e + e) / 2, pm = 2.0 / 3 - e * e, pd = 1.0 / 6 + (e * e - e) / 2;
            double x = Q[j + m] * exp(-(alpha[i] + j * dx) * dt);
            Qn[k + 1 + m] += pu * x;
            Qn[k + m] += pm * x;
            Qn[k - 1 + m] += pd * x;
        }
        double *tmp = Q; Q = Qn; Qn = tmp;
    }

    /* backward induction */
    const double cpn = pf->coupon[q], oas = pf->oas[q], K = pf->strike[q];
    const int f = pf->freq[q] > 0 ? pf->freq[q] : h, kind = pf->kind[q], style = pf->style[q];
    const int first = pf->first[q];
    for (int j = -m; j <= m; j++) Vc[j + m] = 100.0 + cpn;
    for (int i = h - 1; i >= 0; i--) {
        int lim = i < jmax ? i : jmax;
        for (int j = -lim; j <= lim; j++) {
            int k = j == jmax ? j - 1 : j == -jmax ? j + 1 : j;
            double e = j * M + (j - k);
            double pu = 1.0 / 6 + (e * e + e) / 2, pm = 2.0 / 3 - e * e, pd = 1.0 / 6 + (e * e - e) / 2;
            Vn[j + m] = exp(-(alpha[i] + j * dx + oas) * dt) *
                        (pu * Vc[k + 1 + m] + pm * Vc[k + m] + pd * Vc[k - 1 + m]);
        }
        int paid = i > 0 && i % f == 0;  /* a coupon is paid at this step */
        int ex = 0;
        if (kind != 0 && i >= first) {
            if (style == 0) ex = i == first;
            else if (style == 1) ex = i % f == 0;
            else ex = 1;
        }
        if (ex) {
            /* accrued interest: the coupon period (c_prev, c_next] holding i; zero at a
               coupon step (the coupon of that step is added after the exercise test) */
            int cprev = i - i % f;
            int cnext = cprev + f < h ? cprev + f : h;
            double X = K + cpn * (double)(i - cprev) / (double)(cnext - cprev);
            for (int j = -lim; j <= lim; j++) {
                double v = Vn[j + m];
                Vn[j + m] = kind == 1 ? (v < X ? v : X) : (v > X ? v : X);
            }
        }
        if (paid)
            for (int j = -lim; j <= lim; j++) Vn[j + m] += cpn;
        double *tmp = Vc; Vc = Vn; Vn = tmp;
    }
    double res = Vc[m];
    free(Q); free(Qn); free(alpha); free(Vc); free(Vn);
    return res;
}

static char *slurp(FILE *f, size_t *len) {
    size_t cap = 1 << 16, n = 0, k;
    char *s = malloc(cap);
    if (!s) die("out of memory");
    while ((k = fread(s + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) { cap *= 2; s = realloc(s, cap); if (!s) die("out of memory"); }
    }
    *len = n;
    return s;
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    const char *tfile = NULL;
    int runs = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-t") && i + 1 < argc) tfile = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) runs = atoi(argv[++i]);
        else { fprintf(stderr, "usage: hullwhite [-t FILE] [-r RUNS] < data\n"); return 2; }
    }
    size_t len;
    char *text = slurp(stdin, &len);
    portfolio pf;
    load(text, len, &pf);
    for (int q = 0; q < pf.n; q++) {
        if (pf.spy[q] <= 0 || pf.steps[q] < 0 || !(pf.a[q] > 0) || !(pf.sigma[q] > 0))
            die("instrument with spy <= 0, steps < 0, a <= 0 or sigma <= 0");
        if (pf.curve[q] < 0 || pf.curve[q] >= pf.c) die("curve index out of range");
    }
    double *res = malloc((size_t)(pf.n ? pf.n : 1) * sizeof *res);
    FILE *tf = tfile ? fopen(tfile, "w") : NULL;
    if (tfile && !tf) die("cannot open the time file");
    for (int r = 0; r < (runs > 0 ? runs : 1); r++) {
        double t0 = now_us();
        for (int q = 0; q < pf.n; q++) res[q] = price_one(&pf, q);
        double t1 = now_us();
        if (tf) fprintf(tf, "%.0f\n", t1 - t0);
        if (tfile) fprintf(stderr, "hullwhite: %.0f us\n", t1 - t0);
    }
    if (tf) fclose(tf);
    if (pf.n == 0) { printf("empty([0]f64)\n"); return 0; }
    printf("[");
    for (int q = 0; q < pf.n; q++) printf("%s%.17gf64", q ? ", " : "", res[q]);
    printf("]\n");
    return 0;
}
