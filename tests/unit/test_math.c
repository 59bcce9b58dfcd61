/* test_math.c — unit tests of the math functions of rts/wf_scalar.h that replace
 * libm's (wf_exp64): the error against long double's exp, measured in units in the last place
 * of the double result, over a million arguments spread over exp's whole normal range and over
 * the small arguments where the remainder is all; at the ends (overflow, subnormal results,
 * zero) and for infinities and NaN, libm's own results; wf_exp64_vec, the same bits.
 *
 * Built by tests/run.sh as  cc -std=c11 tests/unit/test_math.c rts/values.c -lm:
 * rts: values.c
 * CHECK (check.h) records one pass or one failure; the program prints
 * "test_math: N passed, N failed" and exits non-zero on any failure.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../rts/wf_scalar.h"
#include "check.h"

/* A deterministic generator (xorshift64*), uniform in [lo, hi). */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static double uniform(double lo, double hi) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    uint64_t r = rng_state * 0x2545f4914f6cdd1du;
    return lo + (hi - lo) * (double)(r >> 11) * 0x1p-53;
}

/* |got - exact| in ulps of the double nearest the exact value. */
static double ulp_error(double got, long double exact) {
    double nearest = (double)exact;
    double ulp = nextafter(fabs(nearest), INFINITY) - fabs(nearest);
    return (double)(fabsl((long double)got - exact) / ulp);
}

static double worst_exp_error(double lo, double hi, int n) {
    double worst = 0;
    for (int i = 0; i < n; i++) {
        double x = uniform(lo, hi);
        double e = ulp_error(wf_exp64(x), expl((long double)x));
        if (e > worst)
            worst = e;
    }
    return worst;
}

static int same(double a, double b) { return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b)); }

int main(void) {
    /* glibc's exp is within 0.51 ulp; ours within 0.55 (long double's exp adds < 0.001) */
    CHECK(worst_exp_error(-708, 708, 400000) <= 0.56);
    CHECK(worst_exp_error(-5, 5, 400000) <= 0.56);
    CHECK(worst_exp_error(-0x1p-6, 0x1p-6, 200000) <= 0.56);
    CHECK(worst_exp_error(-1e-300, 1e-300, 1000) <= 0.5);
    /* the table's entries: exact powers of two where the remainder is zero */
    CHECK(wf_exp64(0.0) == 1.0);
    CHECK(wf_exp64(-0.0) == 1.0);
    CHECK(wf_exp64(1.0) == exp(1.0));
    CHECK(fabs(wf_exp64(M_LN2 * 5) - 32.0) <= 0x1p-47);
    /* the ends: overflow to infinity, subnormal results rounded once, zero; infinities, NaN */
    double ends[] = {709.78, 709.79, 709.9, 710, 1e10, -708.4, -720.5, -744.4, -745.1, -745.2, -746, -1e10,
                     INFINITY, -INFINITY, NAN, -NAN};
    for (unsigned i = 0; i < sizeof ends / sizeof *ends; i++)
        CHECK(same(wf_exp64(ends[i]), exp(ends[i])));
    CHECK(isinf(wf_exp64(710)) && wf_exp64(-746) == 0.0 && wf_exp64(-745.1) > 0.0);
    CHECK(worst_exp_error(700, 709.78, 100000) <= 0.56);
    CHECK(worst_exp_error(-708, -700, 100000) <= 0.56);
    CHECK(ulp_error(wf_exp64(708.0), expl(708.0L)) <= 0.56);
    CHECK(ulp_error(wf_exp64(-708.0), expl(-708.0L)) <= 0.56);
    /* subnormal results (and the smallest normal ones), in units of the smallest subnormal: the
     * 53-bit value rounded again to fewer bits, so up to 0.5 + 0.55 / 2 units */
    double worst_sub = 0;
    for (int i = 0; i < 100000; i++) {
        double x = uniform(-745.1, -708.4);
        double d = (double)(fabsl((long double)wf_exp64(x) - expl((long double)x)) / 0x1p-1074L);
        worst_sub = d > worst_sub ? d : worst_sub;
    }
    CHECK(worst_sub <= 0.78);
    /* wf_exp64_vec (no branch, for vectorised loops) gives wf_exp64's bits everywhere: the whole
     * range, the ends, random bit patterns (NaNs, infinities, subnormal arguments) */
    int differ = 0;
    for (int i = 0; i < 400000; i++) {
        double x = uniform(-760, 720);
        differ += !same(wf_exp64_vec(x), wf_exp64(x));
    }
    for (unsigned i = 0; i < sizeof ends / sizeof *ends; i++)
        differ += !same(wf_exp64_vec(ends[i]), wf_exp64(ends[i]));
    for (int i = 0; i < 400000; i++) {
        uniform(0, 1);
        uint64_t bits = rng_state * 0x2545f4914f6cdd1du;
        double x;
        memcpy(&x, &bits, 8);
        differ += !same(wf_exp64_vec(x), wf_exp64(x));
    }
    CHECK(differ == 0);
    printf("test_math: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
