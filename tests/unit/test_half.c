/* test_half.c — unit tests of the f16 conversions of rts/wf_scalar.h (wf_h2f, wf_d2h, wf_f2h),
 * which the interpreter, the constant folder, the generated C and the CUDA kernels all use:
 *  - every one of the 65536 half bit patterns widens to the value IEEE binary16 gives it
 *    (computed here from the fields with ldexp) and narrows back to the same bits (NaNs too);
 *  - narrowing rounds to nearest, ties to even, against a straightforward reference: the two
 *    neighbouring halves found by binary search in the table of all finite halves (with 2^16
 *    standing for infinity, as rounding to nearest treats it), the nearer one, of two equally
 *    near the one with the even bits; on every 257th float, on the midpoints between adjacent
 *    halves and the floats next to them, and on a million random doubles.
 *
 * Built by tests/run.sh as  cc -std=c11 tests/unit/test_half.c -lm:
 * rts: values.c
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../rts/wf_scalar.h"
#include "check.h"

/* The value of half h from its fields (NaN for a NaN). */
static double half_value(uint16_t h) {
    int sign = h >> 15, e = (h >> 10) & 31, m = h & 1023;
    double v = e == 31 ? (m ? NAN : INFINITY) : e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
    return sign ? -v : v;
}

/* magnitudes[b] for b = 0 .. 0x7c00: the finite non-negative halves, and 2^16 for 0x7c00. */
static double magnitudes[0x7c01];

static uint16_t reference_round(double x) {
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    double a = fabs(x);
    if (a >= 65536.0)
        return sign | 0x7c00;
    int lo = 0, hi = 0x7c00; /* magnitudes[lo] <= a < magnitudes[hi] */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (magnitudes[mid] <= a)
            lo = mid;
        else
            hi = mid;
    }
    double dlo = a - magnitudes[lo], dhi = magnitudes[hi] - a;
    int pick = dlo < dhi ? lo : dhi < dlo ? hi : (lo % 2 == 0 ? lo : hi);
    return (uint16_t)(sign | pick);
}

static int rounding_failures;
static void check_round(double x) {
    uint16_t want = reference_round(x);
    uint16_t got = wf_d2h(x);
    if (got != want && rounding_failures++ < 10)
        fprintf(stderr, "wf_d2h(%a) = 0x%04x, want 0x%04x\n", x, got, want);
    if ((double)(float)x == x && wf_f2h((float)x) != want && rounding_failures++ < 10)
        fprintf(stderr, "wf_f2h(%a) = 0x%04x, want 0x%04x\n", x, wf_f2h((float)x), want);
}

static uint64_t rng_state = 0x243f6a8885a308d3u;
static uint64_t next_random(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

int main(void) {
    for (int b = 0; b < 0x7c00; b++)
        magnitudes[b] = half_value((uint16_t)b);
    magnitudes[0x7c00] = 65536.0;

    /* every half: widened exactly, and back to the same bits */
    int wrong_value = 0, wrong_back = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        float f = wf_h2f((uint16_t)h);
        double want = half_value((uint16_t)h);
        if (isnan(want) ? !isnan(f) : ((double)f != want || !signbit(f) != !signbit(want)))
            wrong_value++;
        if (wf_f2h(f) != h || (!isnan(f) && wf_d2h((double)f) != h))
            wrong_back++;
    }
    CHECK(wrong_value == 0);
    CHECK(wrong_back == 0);

    /* every 257th float (all exponents, both signs), NaNs aside */
    for (uint64_t u = 0; u < UINT64_C(1) << 32; u += 257) {
        float f = wf_bits_f32((uint32_t)u);
        if (!isnan(f))
            check_round(f);
    }
    /* the midpoints between adjacent halves (ties: exact in float) and the floats around them */
    for (int b = 0; b < 0x7c00; b++) {
        double mid = (magnitudes[b] + magnitudes[b + 1]) / 2;
        float m = (float)mid;
        check_round(mid);
        check_round(-mid);
        check_round(nextafterf(m, 0));
        check_round(nextafterf(m, INFINITY));
        check_round(nextafter(mid, 0));
        check_round(nextafter(mid, INFINITY));
    }
    /* random doubles over the half's range and beyond */
    for (int i = 0; i < 1000000; i++) {
        uint64_t r = next_random();
        double x = ldexp((double)(r >> 11) * 0x1p-53 + 0.5, (int)(r & 63) - 40);
        check_round(r & 0x400 ? -x : x);
    }
    CHECK(rounding_failures == 0);

    /* named cases */
    CHECK(wf_d2h(1.0) == 0x3c00);
    CHECK(wf_d2h(-2.0) == 0xc000);
    CHECK(wf_d2h(65504.0) == 0x7bff);
    CHECK(wf_d2h(65519.99) == 0x7bff);
    CHECK(wf_d2h(65520.0) == 0x7c00); /* the tie between 65504 and 2^16 goes to infinity */
    CHECK(wf_d2h(1e300) == 0x7c00);
    CHECK(wf_d2h(-INFINITY) == 0xfc00);
    CHECK(wf_d2h(0x1p-24) == 0x0001);
    CHECK(wf_d2h(0x1p-25) == 0x0000);      /* the tie between 0 and 2^-24: to 0 (even) */
    CHECK(wf_d2h(0x1.8p-24) == 0x0002);    /* 1.5 * 2^-24: to 2 * 2^-24 (even) */
    CHECK(wf_d2h(0x1.0000001p-25) == 0x0001);
    CHECK(wf_d2h(-0x1p-30) == 0x8000);     /* a negative zero */
    CHECK(wf_d2h(0x1.ff8p-15) == 0x03ff);  /* the largest subnormal */
    CHECK(wf_d2h(0x1.ffcp-15) == 0x0400);  /* its tie with the smallest normal: to even */
    CHECK(wf_d2h(1.0 + 0x1p-11) == 0x3c00); /* tie: to even (1.0) */
    CHECK(wf_d2h(1.0 + 3 * 0x1p-11) == 0x3c02);
    CHECK(wf_d2h(NAN) == 0x7e00);
    CHECK((wf_d2h(-NAN) & 0x7fff) == 0x7e00);
    CHECK(wf_d2h(wf_bits_f64(UINT64_C(0x7ff0000000000001))) == 0x7e00); /* low payload: quiet NaN */
    CHECK(wf_h2f(0x7c01) != wf_h2f(0x7c01) && wf_f2h(wf_h2f(0x7c01)) == 0x7c01);
    CHECK(wf_h2f(0x0001) == 0x1p-24f);
    CHECK(wf_h2f(0xfbff) == -65504.0f);

    printf("test_half: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
