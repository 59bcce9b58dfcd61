/* Portfolio generator for examples/hullwhite/hullwhite.fut (shared/specs/hullwhite.md).
 *
 * Usage: gen PORTFOLIO N [SEED] > file.in
 *   PORTFOLIO: uniform   all h = 600, w = 253 (s = 12)
 *              random    h ~ U{12..1200}, w ~ U{7, 9, ..., 511} (s = 12)
 *              skewed1   1 % with h in [1082,1200], w in [461,511]; the rest h in [12,131],
 *                        w in [7,59] (s = 12)
 *              skewed5   the same with 5 %
 *              finegrid  s in {12, 52, 100}, T ~ U[1,30] years (h = ceil(s*T)),
 *                        a ~ U[0.01,0.15] (widths up to 3681)
 *              small     h in [3,60], w in [3,21], s in {1,2,4,12}: quick tests, interpreter
 *   For s = 12 the mean reversion a is solved from the target width: the midpoint of the
 *   interval of a that gives jmax = (w-1)/2 with jmax = floor(0.184 / (1 - exp(-a/s))) + 1.
 *   Other fields: sigma ~ U[0.005,0.02], OAS 0..300 bp, strike in {95,100,102,105},
 *   coupon rate 1..5 % paid every cpn_freq steps (12 for s = 12: annual; s otherwise),
 *   kind (straight / callable / puttable), style (European / Bermudan / American) and the
 *   first exercise step uniform; two curves, Hull's table and a flat 4 %.
 * Writes the 14 arguments of main in Futhark text format.  Deterministic: the same
 * arguments give the same file (xorshift64*, seeded by SEED, default 1).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t st;
static uint64_t rnd(void) {
    st ^= st >> 12; st ^= st << 25; st ^= st >> 27;
    return st * 2685821657736338717ULL;
}
static double unif(void) { return (double)(rnd() >> 11) / 9007199254740992.0; }     /* [0,1) */
static long irange(long lo, long hi) { return lo + (long)(rnd() % (uint64_t)(hi - lo + 1)); } /* [lo,hi] */

static int jmax_of(double a, int s) { return (int)floor(0.184 / -(exp(-a / s) - 1.0)) + 1; }

/* a giving jmax = J at s steps per year */
static double a_for(int J, int s) {
    /* jmax = J  <=>  J-1 <= 0.184/(1-exp(-a/s)) < J; take the middle value J - 0.5 */
    double a = -log(1.0 - 0.184 / (J - 0.5)) * s;
    if (jmax_of(a, s) != J) { fprintf(stderr, "gen: cannot solve a for jmax %d\n", J); exit(1); }
    return a;
}

static const int days[17] = {0, 3, 31, 62, 94, 185, 367, 731, 1096, 1461, 1826, 2194, 2558, 2922, 3287, 3653, 36500};
static const double hull[17] = {0.0501772, 0.0501772, 0.0498284, 0.0497234, 0.0496157, 0.0499058,
                                 0.0509389, 0.0579733, 0.0630595, 0.0673464, 0.0694816, 0.0708807,
                                 0.0727527, 0.0730852, 0.0739790, 0.0749015, 0.0749015};

static void pr_i(const char *name, const int *x, long n) {
    (void)name;
    if (n == 0) { printf("empty([0]i32)\n"); return; }
    printf("[");
    for (long i = 0; i < n; i++) printf("%s%di32", i ? ", " : "", x[i]);
    printf("]\n");
}
static void pr_f(const char *name, const double *x, long n) {
    (void)name;
    if (n == 0) { printf("empty([0]f64)\n"); return; }
    printf("[");
    for (long i = 0; i < n; i++) printf("%s%.17gf64", i ? ", " : "", x[i]);
    printf("]\n");
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: gen uniform|random|skewed1|skewed5|finegrid|small N [SEED]\n");
        return 2;
    }
    const char *kindname = argv[1];
    long n = atol(argv[2]);
    st = 0x9E3779B97F4A7C15ULL ^ (argc > 3 ? strtoull(argv[3], NULL, 10) * 0xD1B54A32D192ED03ULL : 1ULL);
    if (!st) st = 1;
    for (int i = 0; i < 8; i++) rnd();
    int pf = !strcmp(kindname, "uniform") ? 0 : !strcmp(kindname, "random") ? 1
           : !strcmp(kindname, "skewed1") ? 2 : !strcmp(kindname, "skewed5") ? 3
           : !strcmp(kindname, "finegrid") ? 4 : !strcmp(kindname, "small") ? 5 : -1;
    if (pf < 0 || n < 0) { fprintf(stderr, "gen: unknown portfolio %s\n", kindname); return 2; }

    int *spy = malloc((size_t)(n + 1) * sizeof(int)), *steps = malloc((size_t)(n + 1) * sizeof(int));
    int *freq = malloc((size_t)(n + 1) * sizeof(int)), *kind = malloc((size_t)(n + 1) * sizeof(int));
    int *style = malloc((size_t)(n + 1) * sizeof(int)), *first = malloc((size_t)(n + 1) * sizeof(int));
    int *curve = malloc((size_t)(n + 1) * sizeof(int));
    double *a = malloc((size_t)(n + 1) * sizeof(double)), *sig = malloc((size_t)(n + 1) * sizeof(double));
    double *cpn = malloc((size_t)(n + 1) * sizeof(double)), *oas = malloc((size_t)(n + 1) * sizeof(double));
    double *strike = malloc((size_t)(n + 1) * sizeof(double));
    static const double strikes[4] = {95, 100, 102, 105};
    /* the skewed portfolios: exactly round(pct * n) big instruments, at random positions */
    long nbig = pf == 2 ? (n + 50) / 100 : pf == 3 ? (n * 5 + 50) / 100 : 0;
    char *big = calloc((size_t)(n + 1), 1);
    for (long placed = 0; placed < nbig;) {
        long q = irange(0, n - 1);
        if (!big[q]) { big[q] = 1; placed++; }
    }
    for (long q = 0; q < n; q++) {
        int s = 12, h, J;
        double aa;
        switch (pf) {
        case 0: h = 600; J = 126; break;
        case 1: h = (int)irange(12, 1200); J = (int)irange(3, 255); break;
        case 2: case 3:
            if (big[q]) { h = (int)irange(1082, 1200); J = (int)irange(230, 255); }
            else { h = (int)irange(12, 131); J = (int)irange(3, 29); }
            break;
        case 4: {
            static const int ss[3] = {12, 52, 100};
            s = ss[irange(0, 2)];
            double T = 1.0 + 29.0 * unif();
            h = (int)ceil(s * T);
            J = 0;
            break;
        }
        default: {
            static const int ss[4] = {1, 2, 4, 12};
            s = ss[irange(0, 3)];
            h = (int)irange(3, 60);
            J = (int)irange(1, 10);
            break;
        }
        }
        if (pf == 4) aa = 0.01 + 0.14 * unif();
        else aa = a_for(J, s);
        spy[q] = s; steps[q] = h; a[q] = aa;
        sig[q] = 0.005 + 0.015 * unif();
        freq[q] = s == 12 ? 12 : s <= 4 ? 1 : s;
        if (pf == 5) freq[q] = (int)irange(1, s > 1 ? s : 2);
        double rate = 0.01 * (double)irange(1, 5);
        cpn[q] = rate * 100.0 * freq[q] / s;
        oas[q] = 0.0001 * (double)irange(0, 300);
        kind[q] = (int)irange(0, 2);
        style[q] = (int)irange(0, 2);
        first[q] = style[q] == 0 ? (int)irange(1, h - 1) : (int)irange(0, h / 2);
        strike[q] = strikes[irange(0, 3)];
        curve[q] = (int)irange(0, 1);
    }
    printf("[");
    for (int i = 0; i < 17; i++) printf("%s%.17gf64", i ? ", " : "", days[i] / 365.0);
    printf("]\n[[");
    for (int i = 0; i < 17; i++) printf("%s%.17gf64", i ? ", " : "", hull[i]);
    printf("], [");
    for (int i = 0; i < 17; i++) printf("%s%.17gf64", i ? ", " : "", 0.04);
    printf("]]\n");
    pr_i("spy", spy, n); pr_i("steps", steps, n); pr_f("a", a, n); pr_f("sigma", sig, n);
    pr_f("coupon", cpn, n); pr_i("cpn_freq", freq, n); pr_f("oas", oas, n); pr_i("kind", kind, n);
    pr_i("style", style, n); pr_i("first_ex", first, n); pr_f("strike", strike, n);
    pr_i("curve", curve, n);
    return 0;
}
