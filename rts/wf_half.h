/* wf_half.h — f16 (IEEE binary16) for the rest of the rts: its conversions to and from float and
 * double, bit by bit, so that the compiler (src/scalar, the value reader and writer), the
 * generated C and CUDA kernels round alike (no _Float16, no __half).  Included by wf_scalar.h
 * (the operators' C) and values.c; ISO C (values.c is built with -Wpedantic), host and device.
 */
#ifndef WF_HALF_H
#define WF_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#ifndef WF_HD
#ifdef __CUDACC__
#define WF_HD __host__ __device__
#else
#define WF_HD
#endif
#endif

/* The bits of floats and doubles, and back (also wf_scalar.h's bitcasts). */
WF_HD static inline float wf_bits_f32(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}
WF_HD static inline double wf_bits_f64(uint64_t u) {
    double f;
    memcpy(&f, &u, 8);
    return f;
}
WF_HD static inline uint32_t wf_f32_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
WF_HD static inline uint64_t wf_f64_bits(double f) {
    uint64_t u;
    memcpy(&u, &f, 8);
    return u;
}

/* f16 (IEEE binary16) is held as its 16 bits (uint16_t) and computed in float: an operation
 * converts its operands to float (exactly), computes there and rounds the result to half,
 * ties to even.  For + - * / and sqrt that is the correctly rounded half result (float has
 * more than 2*11+2 bits); math functions are float's, rounded.  Written here, bit by bit, so
 * that the compiler, the generated C and CUDA kernels convert alike (no _Float16, __half). */

/* The half with bits h as a float (exact). */
WF_HD static inline float wf_h2f(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1f) /* infinity, NaN (its payload kept) */
        return wf_bits_f32(sign | 0x7f800000u | (m << 13));
    if (e == 0) { /* zero, subnormal: m * 2^-24, exact in float */
        float f = (float)m * 0x1p-24f;
        return sign ? -f : f;
    }
    return wf_bits_f32(sign | ((e + 112) << 23) | (m << 13));
}
/* d rounded to half, to nearest, ties to even; beyond the range infinity; a NaN keeps its sign
 * and the top of its payload (a quiet NaN if nothing of it is left). */
WF_HD static inline uint16_t wf_d2h(double d) {
    uint64_t bits = wf_f64_bits(d), mant = bits & ((UINT64_C(1) << 52) - 1);
    uint16_t sign = (uint16_t)((bits >> 48) & 0x8000u);
    int exp = (int)((bits >> 52) & 0x7ff);
    if (exp == 0x7ff) {
        uint16_t payload = (uint16_t)(mant >> 42);
        return (uint16_t)(sign | 0x7c00u | (mant ? (payload ? payload : 0x200u) : 0));
    }
    if (fabs(d) >= 65520.0) /* halfway between 65504 (odd) and 2^16 and beyond: infinity */
        return (uint16_t)(sign | 0x7c00u);
    int e = exp - 1023;
    int shift = e >= -14 ? 42 : 28 - e; /* bits of the significand below the half's last one */
    if (exp == 0 || shift > 60)         /* below 2^-25: rounds to zero */
        return sign;
    uint64_t sig = mant | (UINT64_C(1) << 52), r = sig >> shift, rest = sig & ((UINT64_C(1) << shift) - 1),
             halfway = UINT64_C(1) << (shift - 1);
    if (rest > halfway || (rest == halfway && (r & 1)))
        r++;
    /* normal: the exponent field plus the significand (a carry to 2^11 steps the exponent) */
    return (uint16_t)(sign | (e >= -14 ? (uint64_t)(e + 15 - 1) * 0x400u + r : r));
}
/* f rounded to half.  A NaN is narrowed from its own bits: widening it to double would make a
 * signalling NaN quiet, and a half's NaN must come back as it was (wf_h2f). */
WF_HD static inline uint16_t wf_f2h(float f) {
    uint32_t bits = wf_f32_bits(f);
    if ((bits & 0x7fffffffu) > 0x7f800000u) {
        uint16_t payload = (uint16_t)((bits >> 13) & 0x3ffu);
        return (uint16_t)(((bits >> 16) & 0x8000u) | 0x7c00u | (payload ? payload : 0x200u));
    }
    return wf_d2h((double)f);
}

#endif
