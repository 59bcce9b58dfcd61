/* LocVolCalib (FinPar) — hand-written sequential C11 baseline, double precision.
 *
 * Written from shared/specs/locvolcalib.md.  Reads the nine scalars
 * OUTER NUM_X NUM_Y NUM_T s0 t alpha nu beta, in Futhark text format
 * (data/finpar/LocVolCalib-SIZE.in) or FinPar's (orig/LocVolCalib-Size.input.data): both are
 * whitespace-separated literals with comments ("--" or "//"), type suffixes ignored.
 * Prints the OUTER prices in Futhark text format on stdout.
 *
 * Usage: locvolcalib [-t FILE] [-r RUNS] [-p f32|f64] [-o OUTER] [-x NUM_X]
 *                    [-y NUM_Y] [-T NUM_T] [--dump] < data
 *   -t FILE  write the run time of the computation (microseconds, parsing
 *            excluded) to FILE, like Futhark executables; also printed on stderr.
 *   -r RUNS  run the computation RUNS times.
 *   -p f32   print the prices with an f32 suffix (default f64).
 *   -o/-x/-y/-T  override a size (to make reduced datasets); --dump prints the
 *            (possibly modified) input in Futhark text format and exits.
 * Compile with -DREAL=float to run the whole computation in single precision,
 * and with -DTRIDAG_SCAN to use the scan formulation of tridag (both are only
 * for studying the accuracy of the Futhark program, which uses them).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef REAL
#define REAL double
#endif
typedef REAL real;

static void die(const char *msg) { fprintf(stderr, "locvolcalib: %s\n", msg); exit(1); }

/* Read the next numeric literal from f, skipping whitespace, commas and comments. */
static double next_number(FILE *f) {
    int ch;
    for (;;) {
        ch = getc(f);
        if (ch == EOF) die("unexpected end of input");
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ',') continue;
        if (ch == '-' || ch == '/') {
            int ch2 = getc(f);
            if (ch2 == ch) { /* comment */
                while ((ch = getc(f)) != EOF && ch != '\n') {}
                continue;
            }
            ungetc(ch2, f);
            if (ch == '/') die("unexpected '/'");
        }
        break;
    }
    char buf[128];
    int n = 0;
    while (ch != EOF && n < 127 && (ch == '-' || ch == '+' || ch == '.' || (ch >= '0' && ch <= '9') ||
                                    ch == 'e' || ch == 'E')) {
        buf[n++] = (char)ch;
        ch = getc(f);
    }
    buf[n] = 0;
    /* skip a type suffix such as i32 or f32 */
    int is_f32 = 0;
    if (ch == 'i' || ch == 'u' || ch == 'f') {
        int first = 1, kind = ch;
        while ((ch = getc(f)) != EOF && ch >= '0' && ch <= '9') {
            if (first && kind == 'f' && ch == '3') is_f32 = 1;
            first = 0;
        }
    }
    if (ch != EOF) ungetc(ch, f);
    char *end;
    double x = strtod(buf, &end);
    if (n == 0 || *end) die("bad literal");
    return is_f32 ? (double)(float)x : x; /* an f32 literal denotes an f32 value */
}

/* Finite-difference operators on the grid x[0..n-1]: D and DD, each [n][3]. */
static void init_operators(int n, const real *x, real *D, real *DD) {
    for (int i = 0; i < n; i++) {
        real *d = D + 3 * i, *dd = DD + 3 * i;
        if (i == 0) {
            real u = x[1] - x[0];
            d[0] = 0; d[1] = -1 / u; d[2] = 1 / u;
            dd[0] = dd[1] = dd[2] = 0;
        } else if (i == n - 1) {
            real l = x[n - 1] - x[n - 2];
            d[0] = -1 / l; d[1] = 1 / l; d[2] = 0;
            dd[0] = dd[1] = dd[2] = 0;
        } else {
            real l = x[i] - x[i - 1], u = x[i + 1] - x[i];
            d[0] = -u / l / (l + u);
            d[1] = (u / l - l / u) / (l + u);
            d[2] = l / u / (l + u);
            dd[0] = 2 / l / (l + u);
            dd[1] = -2 * (1 / l + 1 / u) / (l + u);
            dd[2] = 2 / u / (l + u);
        }
    }
}

#ifndef TRIDAG_SCAN
/* Thomas algorithm: solve a_i x_{i-1} + b_i x_i + c_i x_{i+1} = r_i; beta is scratch. */
static void tridag(int n, const real *a, const real *b, const real *c, const real *r, real *x, real *beta) {
    beta[0] = b[0];
    x[0] = r[0];
    for (int i = 1; i < n; i++) {
        real m = a[i] / beta[i - 1];
        beta[i] = b[i] - m * c[i - 1];
        x[i] = r[i] - m * x[i - 1];
    }
    x[n - 1] = x[n - 1] / beta[n - 1];
    for (int i = n - 2; i >= 0; i--) x[i] = (x[i] - c[i] * x[i + 1]) / beta[i];
}
#else
/* The same solver in its scan formulation (written sequentially here): the pivots
   from a scan of normalised 2x2 matrix products, then the two sweeps as scans of
   linear-function composition.  Mirrors examples/finpar/locvolcalib.fut. */
static void tridag(int n, const real *a, const real *b, const real *c, const real *r, real *x, real *beta) {
    real m0 = 1, m1 = 0, m2 = 0, m3 = 1; /* running product, identity */
    for (int i = 0; i < n; i++) {
        real e0 = b[i], e1 = i > 0 ? -a[i] * c[i - 1] : 0, e2 = 1, e3 = 0; /* M_i */
        real p0 = e0 * m0 + e1 * m2, p1 = e0 * m1 + e1 * m3, p2 = e2 * m0 + e3 * m2, p3 = e2 * m1 + e3 * m3;
        real s = fabs(p0) + fabs(p1) + fabs(p2) + fabs(p3);
        m0 = p0 / s; m1 = p1 / s; m2 = p2 / s; m3 = p3 / s;
        beta[i] = (m0 + m1) / (m2 + m3);
    }
    real sl = 1, of = 0; /* identity function x -> of + sl*x */
    for (int i = 0; i < n; i++) {
        real cs = i > 0 ? -a[i] / beta[i - 1] : 0, co = r[i];
        of = cs * of + co; sl = cs * sl;
        x[i] = of;
    }
    sl = 1; of = 0;
    for (int i = n - 1; i >= 0; i--) {
        real cs = i < n - 1 ? -c[i] / beta[i] : 0, co = x[i] / beta[i];
        of = cs * of + co; sl = cs * sl;
        x[i] = of;
    }
}
#endif

typedef struct { int outer, nx, ny, nt; double s0, t, alpha, nu, beta; } params;

static void compute(const params *P, double *res) {
    const int NX = P->nx, NY = P->ny, NT = P->nt;
    const real s0 = (real)P->s0, t = (real)P->t, alpha = (real)P->alpha, nu = (real)P->nu, beta = (real)P->beta;
    real *Time = malloc(sizeof(real) * NT), *X = malloc(sizeof(real) * NX), *Y = malloc(sizeof(real) * NY);
    real *Dx = malloc(sizeof(real) * 3 * NX), *Dxx = malloc(sizeof(real) * 3 * NX);
    real *Dy = malloc(sizeof(real) * 3 * NY), *Dyy = malloc(sizeof(real) * 3 * NY);
    real *R = malloc(sizeof(real) * NX * NY);  /* [NX][NY] */
    real *U = malloc(sizeof(real) * NY * NX);  /* [NY][NX] */
    real *V = malloc(sizeof(real) * NX * NY);  /* [NX][NY] */
    real *VarX = malloc(sizeof(real) * NY * NX); /* [NY][NX] */
    int nmax = NX > NY ? NX : NY;
    real *a = malloc(sizeof(real) * nmax), *b = malloc(sizeof(real) * nmax), *c = malloc(sizeof(real) * nmax);
    real *y = malloc(sizeof(real) * nmax), *scratch = malloc(sizeof(real) * nmax);

    for (int i = 0; i < NT; i++) Time[i] = t * (real)i / (real)(NT - 1);
    real dx = 20 * alpha * s0 * sqrt(t) / (real)NX;
    int indX = (int)floor(s0 / dx);
    for (int i = 0; i < NX; i++) X[i] = (real)(i - indX) * dx + s0;
    real dy = 10 * nu * sqrt(t) / (real)NY;
    int indY = NY / 2;
    for (int i = 0; i < NY; i++) Y[i] = (real)(i - indY) * dy + log(alpha);
    init_operators(NX, X, Dx, Dxx);
    init_operators(NY, Y, Dy, Dyy);
    (void)Dx; (void)Dy; /* MuX = MuY = 0: the first-derivative operators drop out */
    const real varY = nu * nu;

    for (int o = 0; o < P->outer; o++) {
        real strike = (real)0.001 * (real)o;
        for (int i = 0; i < NX; i++)
            for (int j = 0; j < NY; j++) {
                real v = X[i] - strike;
                R[i * NY + j] = v > 0 ? v : 0;
            }
        for (int g = NT - 2; g >= 0; g--) {
            for (int j = 0; j < NY; j++)
                for (int i = 0; i < NX; i++)
                    VarX[j * NX + i] = exp(2 * (beta * log(X[i]) + Y[j] - (real)0.5 * nu * nu * Time[g]));
            real dtInv = 1 / (Time[g + 1] - Time[g]);
            /* 1. explicit x */
            for (int j = 0; j < NY; j++)
                for (int i = 0; i < NX; i++) {
                    real h = (real)0.5 * VarX[j * NX + i];
                    real s = 0;
                    if (i > 0) s += R[(i - 1) * NY + j] * h * Dxx[3 * i];
                    s += R[i * NY + j] * h * Dxx[3 * i + 1];
                    if (i < NX - 1) s += R[(i + 1) * NY + j] * h * Dxx[3 * i + 2];
                    U[j * NX + i] = dtInv * R[i * NY + j] + (real)0.5 * s;
                }
            /* 2. explicit y */
            for (int i = 0; i < NX; i++)
                for (int j = 0; j < NY; j++) {
                    real h = (real)0.5 * varY;
                    real s = 0;
                    if (j > 0) s += R[i * NY + j - 1] * h * Dyy[3 * j];
                    s += R[i * NY + j] * h * Dyy[3 * j + 1];
                    if (j < NY - 1) s += R[i * NY + j + 1] * h * Dyy[3 * j + 2];
                    V[i * NY + j] = s;
                    U[j * NX + i] += s;
                }
            /* 3. implicit x */
            for (int j = 0; j < NY; j++) {
                for (int i = 0; i < NX; i++) {
                    real h = (real)0.5 * VarX[j * NX + i];
                    a[i] = (real)-0.5 * h * Dxx[3 * i];
                    b[i] = dtInv - (real)0.5 * h * Dxx[3 * i + 1];
                    c[i] = (real)-0.5 * h * Dxx[3 * i + 2];
                    y[i] = U[j * NX + i];
                }
                tridag(NX, a, b, c, y, U + j * NX, scratch);
            }
            /* 4. implicit y */
            for (int i = 0; i < NX; i++) {
                for (int j = 0; j < NY; j++) {
                    real h = (real)0.5 * varY;
                    a[j] = (real)-0.5 * h * Dyy[3 * j];
                    b[j] = dtInv - (real)0.5 * h * Dyy[3 * j + 1];
                    c[j] = (real)-0.5 * h * Dyy[3 * j + 2];
                    y[j] = dtInv * U[j * NX + i] - (real)0.5 * V[i * NY + j];
                }
                tridag(NY, a, b, c, y, R + i * NY, scratch);
            }
        }
        res[o] = R[indX * NY + indY];
    }
    free(Time); free(X); free(Y); free(Dx); free(Dxx); free(Dy); free(Dyy);
    free(R); free(U); free(V); free(VarX); free(a); free(b); free(c); free(y); free(scratch);
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    const char *tfile = NULL, *suffix = "f64";
    int runs = 1, do_dump = 0, ov[4] = {0, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-t") && i + 1 < argc) tfile = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-p") && i + 1 < argc) suffix = argv[++i];
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) ov[0] = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-x") && i + 1 < argc) ov[1] = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-y") && i + 1 < argc) ov[2] = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-T") && i + 1 < argc) ov[3] = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--dump")) do_dump = 1;
        else {
            fprintf(stderr, "usage: %s [-t FILE] [-r RUNS] [-p f32|f64] [-o OUTER] [-x NUM_X] [-y NUM_Y] [-T NUM_T] [--dump] < data\n", argv[0]);
            return 2;
        }
    }
    params P;
    P.outer = (int)next_number(stdin);
    P.nx = (int)next_number(stdin);
    P.ny = (int)next_number(stdin);
    P.nt = (int)next_number(stdin);
    P.s0 = next_number(stdin);
    P.t = next_number(stdin);
    P.alpha = next_number(stdin);
    P.nu = next_number(stdin);
    P.beta = next_number(stdin);
    if (ov[0]) P.outer = ov[0];
    if (ov[1]) P.nx = ov[1];
    if (ov[2]) P.ny = ov[2];
    if (ov[3]) P.nt = ov[3];
    if (P.outer < 1 || P.nx < 3 || P.ny < 3 || P.nt < 2) die("bad sizes");
    if (do_dump) {
        printf("%di32\n%di32\n%di32\n%di32\n%.9gf32\n%.9gf32\n%.9gf32\n%.9gf32\n%.9gf32\n",
               P.outer, P.nx, P.ny, P.nt, P.s0, P.t, P.alpha, P.nu, P.beta);
        return 0;
    }
    double *res = malloc(sizeof(double) * P.outer);
    FILE *tf = tfile ? fopen(tfile, "w") : NULL;
    if (tfile && !tf) die("cannot open the timing file");
    for (int r = 0; r < runs; r++) {
        double t0 = now_us();
        compute(&P, res);
        double t1 = now_us();
        if (tf) fprintf(tf, "%.0f\n", t1 - t0);
        fprintf(stderr, "locvolcalib: %.0f us\n", t1 - t0);
    }
    if (tf) fclose(tf);
    putchar('[');
    int digits = strcmp(suffix, "f32") ? 17 : 9; /* enough to read the value back */
    for (int o = 0; o < P.outer; o++) printf("%s%.*g%s", o ? ", " : "", digits, res[o], suffix);
    puts("]");
    return 0;
}
