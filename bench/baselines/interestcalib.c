/* InterestCalib (FinPar) — hand-written sequential C11 baseline, double precision.
 *
 * Written from docs/INTERESTCALIB.md: the calibration of the five parameters of the G2++
 * short-rate model to a set of swaption quotes by a population search (DE-MCMC) whose random
 * numbers are a Sobol sequence.  Every step follows the spec's order of operations, so that the
 * search takes the same path as FinPar's double-precision build and as
 * examples/finpar/interestcalib.fut: FinPar's rule validates it against FinPar's references.
 *
 * Input (stdin): FinPar's text format (orig/InterestCalib-*.input.data) or weft's
 * (data/finpar/InterestCalib-*.in, examples/finpar/data): population size, iterations,
 * quote count (not used: the rows are counted), quotes [n][4], Hermite count, nodes, weights,
 * Sobol bit count, direction numbers.  Comments ("--", "//"), commas and type suffixes are
 * skipped.  Output (stdout): the winner's a, b, sigma, nu, rho, its log-likelihood and one row
 * [calibrated price, Black price, |difference| %] per quote, in weft's text format.
 *
 * Usage: interestcalib [-t FILE] [-r RUNS] [-p f32|f64] [-g POP] [-i ITERS] [-s STEP]
 *                      [--dump] [--ref REF] [--verify RESULT] < input
 *   -t FILE     the run time of the search (microseconds, parsing excluded), one line per run
 *   -r RUNS     run the search RUNS times
 *   -p f32      print the results with an f32 suffix (default f64)
 *   -g/-i/-s    a reduced dataset: POP genomes, ITERS iterations, every STEP-th quote;
 *   --dump      prints the (reduced) input in weft's text format and exits
 *   --ref REF   after the search, FinPar's validation rule against REF (FinPar's output format or
 *               weft's); "valid" or the reason on stderr, exit status 3 when not valid
 *   --verify RESULT   no search: RESULT's genome is priced again and RESULT's likelihood and
 *               prices are checked against the recomputation (exit 3 when they differ); with
 *               --ref, RESULT is then validated against REF as above
 *   --rule RESULT REF   only FinPar's rule on RESULT against REF (no input read)
 * Exit status 1: malformed input or usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ input */

static void die(const char *msg) {
    fprintf(stderr, "interestcalib: %s\n", msg);
    exit(1);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) die("out of memory");
    return p;
}

/* The next token of f: '[' or ']' (returned), or a number (stored in *x, returns 'n'), or EOF.
 * Whitespace, commas, comments and type suffixes are skipped. */
static int next_token(FILE *f, double *x) {
    int ch;
    for (;;) {
        ch = getc(f);
        if (ch == EOF) return EOF;
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ',') continue;
        if (ch == '-' || ch == '/') {
            int ch2 = getc(f);
            if (ch2 == ch) {
                while ((ch = getc(f)) != EOF && ch != '\n') {}
                continue;
            }
            ungetc(ch2, f);
            if (ch == '/') die("unexpected '/'");
        }
        break;
    }
    if (ch == '[' || ch == ']') return ch;
    char buf[128];
    int n = 0;
    while (ch != EOF && n < 127 && strchr("+-.0123456789eE", ch)) {
        buf[n++] = (char)ch;
        ch = getc(f);
    }
    buf[n] = 0;
    if (ch == 'i' || ch == 'u' || ch == 'f') /* a type suffix */
        while ((ch = getc(f)) != EOF && ch >= '0' && ch <= '9') {}
    if (ch != EOF) ungetc(ch, f);
    char *end;
    *x = strtod(buf, &end);
    if (n == 0 || *end) die("malformed number");
    return 'n';
}

static double read_scalar(FILE *f, const char *what) {
    double x;
    if (next_token(f, &x) != 'n') {
        fprintf(stderr, "interestcalib: expected a number: %s\n", what);
        exit(1);
    }
    return x;
}

/* A bracketed array of numbers, nested or not, flattened: its numbers, their count in *n and,
 * for a nested one, the length of its rows in *cols (0 for a flat one; rows must agree). */
static double *read_array(FILE *f, const char *what, int *n, int *cols) {
    double x;
    if (next_token(f, &x) != '[') {
        fprintf(stderr, "interestcalib: expected an array: %s\n", what);
        exit(1);
    }
    int cap = 64, depth = 1, row = 0;
    double *a = xmalloc(cap * sizeof *a);
    *n = 0;
    *cols = 0;
    while (depth > 0) {
        int t = next_token(f, &x);
        if (t == EOF) die("unexpected end of input in an array");
        if (t == '[') {
            if (++depth > 2) die("arrays of more than two dimensions");
            row = 0;
        } else if (t == ']') {
            if (--depth == 1) {
                if (*cols == 0) *cols = row;
                else if (row != *cols) die("rows of different lengths");
            }
        } else {
            if (*n == cap) {
                cap *= 2;
                a = realloc(a, cap * sizeof *a);
                if (!a) die("out of memory");
            }
            a[(*n)++] = x;
            row++;
        }
    }
    return a;
}

typedef struct {
    int pop, iters;        /* genomes, iterations of the search */
    int nq;                /* quotes */
    double *quotes;        /* [nq][4]: maturity (years), frequency (months), term (years), vol */
    int nherm;
    double *herm_x, *herm_w; /* Gauss-Hermite nodes and weights */
    int nbits;
    int *dirs;             /* Sobol direction numbers */
} dataset;

static void read_dataset(FILE *f, dataset *d) {
    int n, cols, nw;
    d->pop = (int)read_scalar(f, "population size");
    d->iters = (int)read_scalar(f, "iterations");
    (void)read_scalar(f, "number of quotes");
    d->quotes = read_array(f, "quotes", &n, &cols);
    if (cols != 4 || n % 4) die("the quotes are not rows of 4 numbers");
    d->nq = n / 4;
    d->nherm = (int)read_scalar(f, "number of Hermite nodes");
    d->herm_x = read_array(f, "Hermite nodes", &n, &cols);
    d->herm_w = read_array(f, "Hermite weights", &nw, &cols);
    if (n != d->nherm || nw != d->nherm) die("Hermite nodes and weights disagree with their count");
    d->nbits = (int)read_scalar(f, "number of Sobol bits");
    double *dirs = read_array(f, "Sobol direction numbers", &n, &cols);
    if (n != d->nbits || n < 1 || n > 30) die("Sobol direction numbers disagree with their count");
    d->dirs = xmalloc(n * sizeof *d->dirs);
    for (int i = 0; i < n; i++) d->dirs[i] = (int)dirs[i];
    free(dirs);
    if (d->pop < 3 || d->iters < 0 || d->nq < 1) die("need at least 3 genomes, 1 quote");
    for (int q = 0; q < d->nq; q++) {
        int months = (int)(12.0 * d->quotes[4 * q + 2] / d->quotes[4 * q + 1]);
        if (months < 1 || d->quotes[4 * q + 1] < 1) die("a quote without payments");
    }
}

/* A number in its shortest form that reads back as the same double (as the same float, rounded
 * to one, with the suffix f32). */
static void print_real(double x, const char *suffix) {
    char buf[40];
    int f32 = !strcmp(suffix, "f32");
    for (int digits = f32 ? 6 : 15; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, f32 ? (double)(float)x : x);
        if (f32 ? strtof(buf, NULL) == (float)x : strtod(buf, NULL) == x) break;
    }
    printf("%s%s%s", buf, strchr(buf, '.') || strchr(buf, 'e') ? "" : ".0", suffix);
}

static void print_reals(const double *xs, int n) {
    printf("[");
    for (int i = 0; i < n; i++) {
        if (i) printf(", ");
        print_real(xs[i], "f64");
    }
    printf("]\n");
}

static void dump(const dataset *d) {
    printf("%di32\n%di32\n%di32\n[", d->pop, d->iters, d->nq);
    for (int q = 0; q < d->nq; q++) {
        printf("%s[", q ? ",\n " : "");
        for (int k = 0; k < 4; k++) {
            if (k) printf(", ");
            print_real(d->quotes[4 * q + k], "f64");
        }
        printf("]");
    }
    printf("]\n%di32\n", d->nherm);
    print_reals(d->herm_x, d->nherm);
    print_reals(d->herm_w, d->nherm);
    printf("%di32\n[", d->nbits);
    for (int i = 0; i < d->nbits; i++) printf("%s%di32", i ? ", " : "", d->dirs[i]);
    printf("]\n");
}

/* ------------------------------------------------------------------ dates */

/* Dates are minutes since 1980-01-01 (FinPar's Date module), kept as doubles. */
enum { MINUTES_PER_DAY = 24 * 60 };

static int minutes_of_date(int year, int month, int day, int hour, int min) {
    int y = year + 4800, m = month - 2, c = year + 4900;
    if (month <= 2) { y -= 1; m += 12; c -= 1; }
    int days = (1461 * y) / 4 + (367 * m) / 12 - (3 * (c / 100)) / 4 + day - 32075 - 2444238;
    return days * MINUTES_PER_DAY + hour * 60 + min;
}

static void date_of_minutes(int minutes, int *year, int *month, int *day) {
    int l = minutes / MINUTES_PER_DAY + 68569 + 2444238;
    int n = (4 * l) / 146097;
    l -= (146097 * n + 3) / 4;
    int i = (4000 * (l + 1)) / 1461001;
    l = l - (1461 * i) / 4 + 31;
    int j = (80 * l) / 2447;
    *day = l - (2447 * j) / 80;
    l = j / 11;
    *month = j + 2 - 12 * l;
    *year = 100 * (n - 49) + i + l;
}

static int days_in_month(int year, int month) {
    if (month == 2) return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
    return (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
}

/* The date `months` months after t, at noon, its day clamped to the month's end. */
static double add_months(double t, double months) {
    int year, month, day;
    date_of_minutes((int)t, &year, &month, &day);
    month += (int)months;
    year += (month - 1) / 12;
    month = (month - 1) % 12 + 1;
    int last = days_in_month(year, month);
    return minutes_of_date(year, month, day < last ? day : last, 12, 0);
}

/* Years between two dates, actual/365. */
static double act365(double t1, double t2) { return (t1 - t2) / MINUTES_PER_DAY / 365.0; }

/* ------------------------------------------------------------------ model */

#define EPS0 1.0e-3
#define EPS 1.0e-5
#define INFTY 1.0e49
#define RATE 0.03
#define PI_ 3.1415926535897932384626433832795
#define MAX_DATE 168307199.0
#define MIN_DATE 3600.0
#define LOWER_TAIL -3.71901648545568 /* the normal quantile of 1e-4 */

static double today;

static double zc(double t) { return exp(-RATE * act365(t, today)); }

/* The Abramowitz-Stegun 7.1.26 polynomial of erf (the factor of exp(-x^2)). */
static double erf_poly(double x) {
    double t = 1.0 / (1.0 + 0.3275911 * x);
    double t2 = t * t, t3 = t * t2, t4 = t2 * t2, t5 = t2 * t3;
    return 0.254829592 * t + -0.284496736 * t2 + 1.421413741 * t3 + -1.453152027 * t4 +
           1.061405429 * t5;
}

/* The standard normal distribution function. */
static double normal_cdf(double x) {
    double u = x / sqrt(2.0);
    double e = u < 0.0 ? -(1.0 - erf_poly(-u) * exp(-(u * u))) : 1.0 - erf_poly(u) * exp(-(u * u));
    return 0.5 * (1.0 + e);
}

/* exp(e) * normal_cdf(x), without overflow for large e. */
static double normal_cdf_times_exp(double x, double e) {
    double u = fabs(x / sqrt(2.0));
    double r = 0.5 * erf_poly(u) * exp(e - u * u);
    return x >= 0.0 ? exp(e) - r : r;
}

typedef struct { double a, b, rho, nu, sigma; } genome;

static double bfun(double z, double tau) { return (1.0 - exp(-z * tau)) / z; }

static double tfun(double s, double x, double tau) {
    double e = exp(-x * tau);
    return s * s / (x * x) * (tau + 2.0 / x * e - 1.0 / (2.0 * x) * (e * e) - 3.0 / (2.0 * x));
}

/* V(tau), the variance of the integrated rate over tau years, and B_a(tau), B_b(tau). */
static double bigv(const genome *g, double tau, double *ba, double *bb) {
    *ba = bfun(g->a, tau);
    *bb = bfun(g->b, tau);
    double v = tfun(g->sigma, g->a, tau);
    v += tfun(g->nu, g->b, tau);
    v += 2.0 * g->rho * g->nu * g->sigma / (g->a * g->b) * (tau - *ba - *bb + bfun(g->a + g->b, tau));
    return v;
}

/* The drift of x (mx) and of y (my) under the T-forward measure, from today to T = t years
 * (Brigo and Mercurio's M_x(s, t) and M_y(s, t) with s = today and t = T). */
static void drifts(const genome *g, double t, double *mx, double *my) {
    double a = g->a, b = g->b, rho = g->rho, nu = g->nu, sigma = g->sigma;
    *mx = ((sigma * sigma) / (a * a) + (sigma * rho * nu) / (a * b)) * (1.0 - exp(-a * t)) -
          sigma * sigma / (2.0 * a * a) * (1.0 - exp(-a * (t + t))) -
          rho * sigma * nu / (b * (a + b)) * (1.0 - exp(-b * t - a * t));
    *my = (nu * nu / (b * b) + sigma * rho * nu / (a * b)) * (1.0 - exp(-b * t)) -
          nu * nu / (2.0 * b * b) * (1.0 - exp(-b * (t + t))) -
          sigma * rho * nu / (a * (a + b)) * (1.0 - exp(-a * t - b * t));
}

/* One quote, with everything that does not depend on the genome. */
typedef struct {
    int n;               /* payments */
    double maturity;     /* date */
    double tmat0;        /* years to maturity */
    double zc_mat;
    double black;        /* the quote's Black price */
    double *coupon;      /* [n] cash flow of payment i (1 + ... for the last) */
    double *tau0, *taum; /* [n] years from today / from the maturity to payment i's end */
    double *zc_end;      /* [n] */
} quote;

static void prepare_quote(const double *q, quote *s) {
    double mat_years = q[0], freq = q[1], term = q[2], vol = q[3];
    s->maturity = add_months(today, mat_years * 12.0);
    s->n = (int)(12.0 * term / freq);
    s->tmat0 = act365(s->maturity, today);
    s->zc_mat = zc(s->maturity);
    s->coupon = xmalloc(4 * s->n * sizeof(double));
    s->tau0 = s->coupon + s->n;
    s->taum = s->tau0 + s->n;
    s->zc_end = s->taum + s->n;
    double lvl = 0.0, t0 = MAX_DATE, tn = MIN_DATE;
    for (int i = 0; i < s->n; i++) {
        double beg = add_months(s->maturity, freq * i), end = add_months(beg, freq);
        lvl += zc(end) * act365(end, beg);
        t0 = fmin(t0, beg);
        tn = fmax(tn, end);
    }
    double strike = (zc(t0) - zc(tn)) / lvl;
    double d1 = 0.5 * vol * s->tmat0;
    s->black = lvl * strike * (normal_cdf(d1) - normal_cdf(-d1));
    for (int i = 0; i < s->n; i++) {
        double beg = add_months(s->maturity, freq * i), end = add_months(beg, freq);
        double c = act365(end, beg) * strike;
        s->coupon[i] = i == s->n - 1 ? 1.0 + c : c;
        s->tau0[i] = act365(end, today);
        s->taum[i] = act365(end, s->maturity);
        s->zc_end[i] = zc(end);
    }
}

/* Per-payment arrays of one (genome, quote) pricing. */
typedef struct { double *ci, *t1cs, *bai, *bbi, *aici, *log_aici, *scale, *scales; } payments;

/* The parameters of the bivariate normal (x, y) at the maturity. */
typedef struct { double mux, muy, sigmax, sigmay, rhoxy, rhoxyc, rhoxycs, b; } bivariate;

/* sum_i scales[i] exp(-bbi[i] y) - 1: its root in y is the exercise boundary at a given x. */
static double boundary_fn(int n, const double *scales, const double *bbi, double y) {
    double s = 0.0;
    for (int i = 0; i < n; i++) s += scales[i] * exp(-bbi[i] * y);
    return s - 1.0;
}

/* Brent's method on [lb, ub] with tolerance 1e-4 and at most 1000 steps (FinPar's variant:
 * the bracket test (3a+b)/4 > s || s > b as written).  *err is f at the root, or +-INFTY when
 * lb and ub do not bracket a root (by the sign of lb). */
static double brent(int n, const double *scales, const double *bbi, double lb, double ub, double *err) {
    const double tol = 1.0e-4;
    double a = lb, b = ub;
    double fa = boundary_fn(n, scales, bbi, a), fb = boundary_fn(n, scales, bbi, b);
    if (fa * fb >= 0.0) {
        *err = a >= 0.0 ? INFTY : -INFTY;
        return 0.0;
    }
    if (fabs(fa) < fabs(fb)) {
        double t = a; a = b; b = t;
        t = fa; fa = fb; fb = t;
    }
    double c = a, fc = fa, d = 0.0;
    int mflag = 1;
    for (int it = 0; it < 1000 && fb != 0.0 && fabs(b - a) >= tol; it++) {
        double s;
        if (fa == fc || fb == fc)
            s = b - fb * (b - a) / (fb - fa);
        else
            s = (a * fb * fc) / ((fa - fb) * (fa - fc)) + (b * fa * fc) / ((fb - fa) * (fb - fc)) +
                (c * fa * fb) / ((fc - fa) * (fc - fb));
        if (((3.0 * a + b) / 4.0 > s || s > b) || (mflag && fabs(b - c) / 2.0 <= fabs(s - b)) ||
            (!mflag && fabs(c - d) / 2.0 <= fabs(s - b)) || (mflag && fabs(b - c) <= tol) ||
            (!mflag && fabs(c - d) <= tol)) {
            mflag = 1;
            s = (a + b) / 2.0;
        } else {
            mflag = 0;
        }
        double fs = boundary_fn(n, scales, bbi, s);
        d = c;
        c = b;
        fc = fb;
        if (fa * fs < 0.0) { b = s; fb = fs; }
        else { a = s; fa = fs; }
        if (fabs(fa) < fabs(fb)) {
            double t = a; a = b; b = t;
            t = fa; fa = fb; fb = t;
        }
    }
    *err = fb;
    return b;
}

/* The exercise boundary y(x): the root of boundary_fn, bracketed first. */
static double exercise_boundary(int n, const bivariate *v, payments *p, double x) {
    double up = 0.0, lo = -INFTY;
    for (int i = 0; i < n; i++) {
        double baix = p->bai[i] * x;
        p->scales[i] = p->aici[i] * exp(-baix);
        up += p->scales[i];
        lo = fmax(lo, (p->log_aici[i] - baix) / p->bbi[i]);
    }
    double log_s = log(up), t = log_s / p->bbi[n - 1];
    if (t <= 0.0) up = t;
    else {
        t = log_s / p->bbi[0];
        up = 0.0 <= t ? t : -INFTY;
    }
    double yl = lo - EPS, yu = up + EPS;
    double y0 = v->sigmay * (v->rhoxy * (x - v->mux) / v->sigmax + LOWER_TAIL * v->rhoxycs) - v->rhoxyc / v->b + v->muy;
    double y1 = v->sigmay * (v->rhoxy * (x - v->mux) / v->sigmax - LOWER_TAIL * v->rhoxycs) + v->muy;
    if (y1 <= yl) return y1 + 1.0;
    if (yu <= y0) return y0 - 1.0;
    double err, root = brent(n, p->scales, p->bbi, fmax(yl, y0), fmin(yu, y1), &err);
    return err == -INFTY ? y0 - 1.0 : err == INFTY ? y1 + 1.0 : root;
}

/* The G2++ price of one swaption (Brigo-Mercurio 4.2.3), by Gauss-Hermite quadrature over x. */
static double swaption_price(const dataset *d, const genome *g, const quote *s, payments *p) {
    int n = s->n;
    double ba, bb;
    double v0_mat = bigv(g, s->tmat0, &ba, &bb);
    bivariate v;
    drifts(g, s->tmat0, &v.mux, &v.muy);
    v.mux = -v.mux;
    v.muy = -v.muy;
    double sqrt_bfun_a = sqrt(bfun(2.0 * g->a, s->tmat0)), sqrt_bfun_b = sqrt(bfun(2.0 * g->b, s->tmat0));
    v.rhoxy = g->rho * bfun(g->a + g->b, s->tmat0) / (sqrt_bfun_a * sqrt_bfun_b);
    v.sigmax = g->sigma * sqrt_bfun_a;
    v.sigmay = g->nu * sqrt_bfun_b;
    v.rhoxyc = 1.0 - v.rhoxy * v.rhoxy;
    v.rhoxycs = sqrt(v.rhoxyc);
    v.b = g->b;
    double sigmay_rhoxycs = v.sigmay * v.rhoxycs, t4 = (v.rhoxy * v.sigmay) / v.sigmax;
    for (int i = 0; i < n; i++) {
        double v0_end = bigv(g, s->tau0[i], &ba, &bb);
        double vt_end = bigv(g, s->taum[i], &ba, &bb);
        double expo = 0.5 * (vt_end - v0_end + v0_mat);
        double fact = s->coupon[i] * s->zc_end[i] / s->zc_mat;
        p->ci[i] = fact;
        p->t1cs[i] = bb * (v.mux * t4 - (v.muy - 0.5 * v.rhoxyc * v.sigmay * v.sigmay * bb)) + expo;
        p->bai[i] = ba;
        p->bbi[i] = bb;
        p->aici[i] = fact * exp(expo);
        p->log_aici[i] = log(fact) + expo;
        p->scale[i] = -(ba + bb * t4);
    }
    double eps = 0.5 * v.sigmax;
    double f = exercise_boundary(n, &v, p, v.mux);
    double gp = exercise_boundary(n, &v, p, v.mux + eps);
    double hm = exercise_boundary(n, &v, p, v.mux - eps);
    double df = 0.5 * (gp - hm) / eps;
    double sqrt2sigmax = sqrt(2.0) * v.sigmax, t2 = v.rhoxy / (v.sigmax * v.rhoxycs);
    double accum = 0.0;
    for (int j = 0; j < d->nherm; j++) {
        double xq = d->herm_x[j], wq = d->herm_w[j];
        double x = sqrt2sigmax * xq + v.mux;
        double yhat = f + df * (x - v.mux);
        double h1 = ((yhat - v.muy) / sigmay_rhoxycs) - t2 * (x - v.mux);
        double accum1 = 0.0;
        for (int i = 0; i < n; i++) {
            double h2 = h1 + p->bbi[i] * sigmay_rhoxycs;
            accum1 += p->ci[i] * normal_cdf_times_exp(-h2, p->t1cs[i] + p->scale[i] * x);
        }
        double tmp = sqrt(2.0) * xq;
        accum += wq * exp(-0.5 * tmp * tmp) * (normal_cdf(-h1) - accum1);
    }
    return s->zc_mat * (accum / sqrt(PI_));
}

/* log of the Cauchy density of `price` centred on `ref` (FinPar's likelihood of one quote). */
static double log_likelihood(double ref, double price) {
    double gamma = (fabs(ref) / 50.0) * 5.0 + 0.01;
    double x = (price - ref) / gamma;
    return log(1.0 / (PI_ * gamma * (1.0 + x * x)) + 1.0e-20);
}

/* The log-likelihood of a genome: the sum over the quotes, in order; prices[q] if not NULL. */
static double evaluate(const dataset *d, const quote *qs, payments *p, const genome *g, double *prices) {
    double sum = 0.0;
    for (int q = 0; q < d->nq; q++) {
        double price = swaption_price(d, g, &qs[q], p);
        if (prices) prices[q] = price;
        sum += log_likelihood(qs[q].black, price);
    }
    return sum;
}

/* ------------------------------------------------------------------ search */

/* The Sobol numbers in [0, 1), drawn in order from index 1 (FinPar's getSobolNum). */
typedef struct { const dataset *d; unsigned next; } sobol;

static double draw(sobol *r) {
    unsigned n = r->next++, gray = n ^ (n >> 1);
    int x = 0;
    for (int i = 0; i < r->d->nbits; i++)
        if (gray >> i & 1) x ^= r->d->dirs[i];
    return x / ((double)(1 << r->d->nbits) + 1.0);
}

/* The five genes in the order FinPar draws them: a, b, rho, nu, sigma. */
enum { GENES = 5 };
static const double gene_min[GENES] = {EPS0, EPS0, -1.0 + EPS0, EPS0, EPS0};
static const double gene_max[GENES] = {1.0 - EPS0, 1.0 - EPS0, 1.0 - EPS0, 0.2, 0.2};
#define AMPLITUDE_RATIO 0.005

static double *gene(genome *g, int k) {
    double *genes[GENES] = {&g->a, &g->b, &g->rho, &g->nu, &g->sigma};
    return genes[k];
}

static double clamp_gene(int k, double x) { return fmax(gene_min[k], fmin(gene_max[k], x)); }

/* A uniform move of gene k of cur by up to +-ratio/2 of its range, written to *prop (whose old
 * value gives the backward range, as in FinPar); returns the backward/forward range ratio. */
static double move_gene(sobol *r, int k, double cur, double *prop, double ratio) {
    double amp = fabs((gene_max[k] - gene_min[k]) * ratio), semi = amp / 2.0;
    double fwd = fmin(gene_max[k], cur + semi) - fmax(gene_min[k], cur - semi);
    double bwd = fmin(gene_max[k], *prop + semi) - fmax(gene_min[k], *prop - semi);
    double ratio_bf = semi > 0.0 ? bwd / fwd : 1.0;
    *prop = clamp_gene(k, cur + (amp * draw(r) - semi));
    return ratio_bf;
}

typedef struct {
    genome best;
    double loglik;
    double *prices; /* [nq] */
} outcome;

static void search(const dataset *d, const quote *qs, payments *p, outcome *out) {
    int pop = d->pop;
    genome *cur = xmalloc(pop * sizeof *cur), *prop = xmalloc(pop * sizeof *prop);
    double *lik = xmalloc(pop * sizeof *lik), *lik_prop = xmalloc(pop * sizeof *lik_prop);
    double *bf = xmalloc(pop * sizeof *bf);
    sobol r = {d, 1};
    for (int i = 0; i < pop; i++)
        for (int k = 0; k < GENES; k++)
            *gene(&cur[i], k) = draw(&r) * (gene_max[k] - gene_min[k]) + gene_min[k];
    memcpy(prop, cur, pop * sizeof *cur);
    for (int i = 0; i < pop; i++) lik[i] = evaluate(d, qs, p, &cur[i], NULL);
    for (int it = 0; it < d->iters; it++) {
        double move = draw(&r);
        if (move <= 0.5) { /* all genes (<= 0.2) or one gene, chosen at random */
            int only = move <= 0.2 ? -1 : (int)(draw(&r) * GENES);
            for (int i = 0; i < pop; i++) {
                bf[i] = 1.0;
                for (int k = 0; k < GENES; k++)
                    bf[i] *= move_gene(&r, k, *gene(&cur[i], k), gene(&prop[i], k),
                                       only < 0 || only == k ? AMPLITUDE_RATIO : 0.0);
            }
        } else { /* differential evolution: cur + gamma (cur[k] - cur[l]) + a small move */
            for (int i = 0; i < pop; i++) {
                int ub = pop - 1, k = (int)(draw(&r) * ub);
                if (k == i) { k = ub; ub -= 1; }
                int l = (int)(draw(&r) * ub);
                if (l == i || l == k) l = ub;
                double gamma = 2.38 / sqrt(2.0 * GENES) - 0.5 + draw(&r);
                for (int g = 0; g < GENES; g++) {
                    double amp = fabs((gene_max[g] - gene_min[g]) * (0.1 * AMPLITUDE_RATIO));
                    double x = *gene(&cur[i], g) + (amp * draw(&r) - amp / 2.0) +
                               gamma * (*gene(&cur[k], g) - *gene(&cur[l], g));
                    *gene(&prop[i], g) = clamp_gene(g, x);
                }
                bf[i] = 1.0;
            }
        }
        for (int i = 0; i < pop; i++) lik_prop[i] = evaluate(d, qs, p, &prop[i], NULL);
        for (int i = 0; i < pop; i++) {
            double u = draw(&r);
            if (u < fmin(1.0, exp(lik_prop[i] - lik[i]) * bf[i])) {
                cur[i] = prop[i];
                lik[i] = lik_prop[i];
            }
        }
    }
    int best = 0;
    for (int i = 1; i < pop; i++)
        if (lik[i] > lik[best]) best = i;
    if (isnan(lik[best]) || isinf(lik[best])) die("the best likelihood is not finite");
    out->best = cur[best];
    out->loglik = evaluate(d, qs, p, &cur[best], out->prices);
    free(cur); free(prop); free(lik); free(lik_prop); free(bf);
}

/* ------------------------------------------------------------------ results */

/* A result as printed: the genome's a, b, sigma, nu, rho, the log-likelihood and [nq][3]. */
typedef struct { double head[6]; double *rows; int nq; } result;

static void make_result(const dataset *d, const quote *qs, const outcome *o, result *r) {
    const genome *g = &o->best;
    double head[6] = {g->a, g->b, g->sigma, g->nu, g->rho, o->loglik};
    memcpy(r->head, head, sizeof head);
    r->nq = d->nq;
    r->rows = xmalloc(3 * d->nq * sizeof *r->rows);
    for (int q = 0; q < d->nq; q++) {
        double calib = o->prices[q], black = qs[q].black;
        r->rows[3 * q] = 10000.0 * calib;
        r->rows[3 * q + 1] = 10000.0 * black;
        r->rows[3 * q + 2] = 100.0 * fabs((calib - black) / black);
    }
}

static void print_result(const result *r, const char *suffix) {
    for (int k = 0; k < 6; k++) {
        print_real(r->head[k], suffix);
        printf("\n");
    }
    printf("[");
    for (int q = 0; q < r->nq; q++) {
        printf("%s[", q ? ",\n " : "");
        for (int k = 0; k < 3; k++) {
            if (k) printf(", ");
            print_real(r->rows[3 * q + k], suffix);
        }
        printf("]");
    }
    printf("]\n");
}

/* A result from path; nq its number of quotes, or any when nq < 0. */
static void read_result(const char *path, int nq, result *r) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "interestcalib: cannot open %s\n", path);
        exit(1);
    }
    for (int k = 0; k < 6; k++) r->head[k] = read_scalar(f, "a result's genome and likelihood");
    int n, cols;
    r->rows = read_array(f, "a result's prices", &n, &cols);
    fclose(f);
    if (cols != 3 || n % 3 || (nq >= 0 && n != 3 * nq)) {
        fprintf(stderr, "interestcalib: %s: expected %d rows of 3 prices\n", path, nq);
        exit(1);
    }
    r->nq = n / 3;
}

/* FinPar's validation rule (ParseInput.h, validate): the log-likelihood within 1.0 of the
 * reference's and not below it by more than 0.5; every quote's log-likelihood (from its printed
 * calibrated and Black prices) not below the reference's by more than 0.7. */
static int finpar_valid(const result *r, const result *ref) {
    double l = r->head[5], lref = ref->head[5];
    if (fabs(lref - l) > 1.0) {
        fprintf(stderr, "invalid: log-likelihood %f, reference %f: they differ by more than 1.0\n", l, lref);
        return 0;
    }
    if (l < lref && fabs(lref - l) > 0.5) {
        fprintf(stderr, "invalid: log-likelihood %f is below the reference's %f by more than 0.5\n", l, lref);
        return 0;
    }
    for (int q = 0; q < r->nq; q++) {
        double cur = log_likelihood(r->rows[3 * q + 1], r->rows[3 * q]);
        double best = log_likelihood(ref->rows[3 * q + 1], ref->rows[3 * q]);
        if (cur < best && best - cur > 0.7) {
            fprintf(stderr, "invalid: quote %d: log-likelihood %f, reference %f\n", q, cur, best);
            return 0;
        }
    }
    fprintf(stderr, "valid: log-likelihood %f, reference %f\n", l, lref);
    return 1;
}

/* Prices r's genome again; r's likelihood must agree within 1e-3 + 1e-6 relative and its
 * calibrated and Black prices within 1e-5 relative + 1e-4 (the f32 printing of weft's results). */
static int verify(const dataset *d, const quote *qs, payments *p, const result *r) {
    genome g = {r->head[0], r->head[1], r->head[4], r->head[3], r->head[2]};
    double *prices = xmalloc(d->nq * sizeof *prices);
    double l = evaluate(d, qs, p, &g, prices);
    int ok = fabs(l - r->head[5]) <= 1e-3 + 1e-6 * fabs(l);
    if (!ok) fprintf(stderr, "verify: log-likelihood %.9g, recomputed %.9g\n", r->head[5], l);
    for (int q = 0; q < d->nq && ok; q++) {
        double want[2] = {10000.0 * prices[q], 10000.0 * qs[q].black};
        for (int k = 0; k < 2; k++)
            if (fabs(r->rows[3 * q + k] - want[k]) > 1e-4 + 1e-5 * fabs(want[k])) {
                fprintf(stderr, "verify: quote %d, column %d: %.9g, recomputed %.9g\n", q, k,
                        r->rows[3 * q + k], want[k]);
                ok = 0;
            }
    }
    if (ok) fprintf(stderr, "verify: log-likelihood %.9g recomputed as %.9g\n", r->head[5], l);
    free(prices);
    return ok;
}

/* ------------------------------------------------------------------ main */

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* Keeps every step-th quote. */
static void thin_quotes(dataset *d, int step) {
    int n = 0;
    for (int q = 0; q < d->nq; q += step, n++) memmove(&d->quotes[4 * n], &d->quotes[4 * q], 4 * sizeof(double));
    d->nq = n;
}

static void usage(void) {
    fprintf(stderr, "usage: interestcalib [-t FILE] [-r RUNS] [-p f32|f64] [-g POP] [-i ITERS] [-s STEP]\n"
                    "                     [--dump] [--ref REF] [--verify RESULT] < input\n"
                    "       interestcalib --rule RESULT REF\n");
    exit(1);
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "--rule")) {
        result res, ref;
        read_result(argv[3], -1, &ref);
        read_result(argv[2], ref.nq, &res);
        return finpar_valid(&res, &ref) ? 0 : 3;
    }
    const char *tfile = NULL, *suffix = "f64", *ref_path = NULL, *verify_path = NULL;
    int runs = 1, do_dump = 0, pop = 0, iters = -1, step = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--dump")) { do_dump = 1; continue; }
        if (!v) usage();
        if (!strcmp(a, "-t")) tfile = v;
        else if (!strcmp(a, "-r")) runs = atoi(v);
        else if (!strcmp(a, "-p")) suffix = v;
        else if (!strcmp(a, "-g")) pop = atoi(v);
        else if (!strcmp(a, "-i")) iters = atoi(v);
        else if (!strcmp(a, "-s")) step = atoi(v);
        else if (!strcmp(a, "--ref")) ref_path = v;
        else if (!strcmp(a, "--verify")) verify_path = v;
        else usage();
        i++;
    }
    if (runs < 1 || step < 1 || pop < 0 || (strcmp(suffix, "f32") && strcmp(suffix, "f64"))) usage();
    dataset d;
    read_dataset(stdin, &d);
    if (pop) d.pop = pop;
    if (iters >= 0) d.iters = iters;
    if (d.pop < 3) die("need at least 3 genomes");
    thin_quotes(&d, step);
    if (do_dump) {
        dump(&d);
        return 0;
    }
    today = minutes_of_date(2012, 1, 1, 12, 0);
    quote *qs = xmalloc(d.nq * sizeof *qs);
    int longest = 1;
    for (int q = 0; q < d.nq; q++) {
        prepare_quote(&d.quotes[4 * q], &qs[q]);
        if (qs[q].n > longest) longest = qs[q].n;
    }
    double *scratch = xmalloc(8 * longest * sizeof *scratch);
    payments p = {scratch, scratch + longest, scratch + 2 * longest, scratch + 3 * longest,
                  scratch + 4 * longest, scratch + 5 * longest, scratch + 6 * longest, scratch + 7 * longest};
    result res, ref;
    if (ref_path) read_result(ref_path, d.nq, &ref);
    if (verify_path) {
        read_result(verify_path, d.nq, &res);
        if (!verify(&d, qs, &p, &res)) return 3;
        return ref_path && !finpar_valid(&res, &ref) ? 3 : 0;
    }
    FILE *tf = tfile ? fopen(tfile, "w") : NULL;
    if (tfile && !tf) die("cannot open the timing file");
    outcome o = {.prices = xmalloc(d.nq * sizeof(double))};
    for (int r = 0; r < runs; r++) {
        double t0 = now_us();
        search(&d, qs, &p, &o);
        double t1 = now_us();
        if (tf) fprintf(tf, "%.0f\n", t1 - t0);
        fprintf(stderr, "interestcalib: %.0f us\n", t1 - t0);
    }
    if (tf) fclose(tf);
    make_result(&d, qs, &o, &res);
    print_result(&res, suffix);
    return ref_path && !finpar_valid(&res, &ref) ? 3 : 0;
}
