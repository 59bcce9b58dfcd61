/* wf_scalar.h — scalar arithmetic with Futhark's semantics for generated code: integer
 * division and modulo rounding to minus infinity, powers, shifts that saturate, bit counts,
 * float-to-integer conversion without undefined behaviour, bit casts.  The C of each scalar
 * operator is src/scalar/scalar.h's table, which calls these helpers; the compiler includes
 * this file too and evaluates that same C (src/scalar/scalar.c), so the interpreter, the
 * constant folder and compiled programs agree to the bit.  Pasted into C programs, and into
 * CUDA kernels (WF_HD makes each function callable on the device too).
 *
 * Floating-point code here must give the same bits whatever the C compiler's flags: GCC
 * contracts a*b+c into a fused multiply-add where the target has one (-march=native), and
 * the compiler itself is built without, so a product never feeds an addition here except
 * through an explicit fma().
 */
#ifndef WF_SCALAR_H
#define WF_SCALAR_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define WF_HD __host__ __device__
#else
#define WF_HD
#endif
#include "wf_half.h"
#ifdef __CUDA_ARCH__
#define WF_POPCOUNT(x) __popcll(x)
#define WF_CLZ(x) __clzll((long long)(x))
#define WF_CTZ(x) (__ffsll((long long)(x)) - 1)
#else
#define WF_POPCOUNT(x) __builtin_popcountll(x)
#define WF_CLZ(x) __builtin_clzll(x)
#define WF_CTZ(x) __builtin_ctzll(x)
#endif

/* wf_fmin32, wf_fmax32, wf_fmin64, wf_fmax64: min and max of floats, C's fmin and fmax (a NaN
 * operand gives the other operand), inline where C compilers call libm's functions.  Of equal
 * operands (-0 and +0) the first: C leaves it open, and GCC, taking fmin as commutative, swaps
 * the operands of libm's (which gives the second) as it sees fit, so that the same fminf call
 * gave -0 in one program and +0 in another.  Written so that x86 compilers emit minsd/maxsd
 * and a conditional move, no branch (the operands are often random: a branch would be
 * mispredicted half the time).  On the device CUDA's (either zero). */
#ifdef __CUDA_ARCH__
#define WF_FMINMAX(T, BITS)                                                                  \
    WF_HD static inline T wf_fmin##BITS(T x, T y) { return fmin(x, y); }                   \
    WF_HD static inline T wf_fmax##BITS(T x, T y) { return fmax(x, y); }
#else
#define WF_FMINMAX(T, BITS)                                                                  \
    WF_HD static inline T wf_fmin##BITS(T x, T y) {                                        \
        T r = y < x ? y : x;                                                               \
        return isnan(x) ? y : r;                                                           \
    }                                                                                      \
    WF_HD static inline T wf_fmax##BITS(T x, T y) {                                        \
        T r = y > x ? y : x;                                                               \
        return isnan(x) ? y : r;                                                           \
    }
#endif
WF_FMINMAX(float, 32)
WF_FMINMAX(double, 64)

/* f64.exp on the host: 2^(k/32) from a table (as a double and the rest of it) times a degree-6
 * polynomial of the remainder r, |r| <= ln 2 / 64 (the degree-7 term is below 2^-61 of the
 * result), times 2^floor(k/32).  Within 0.55 ulp of the exact value (tests/unit/test_math.c;
 * glibc's exp is within 0.51), inline, where libm's costs a call: about half of libm's time.
 * The interpreter and the compiled programs both use it, so they agree to the bit (the fma()s:
 * see the top of the file; a single instruction with -march=native, libm's elsewhere).  On the
 * device CUDA's exp. */
#ifndef __CUDA_ARCH__
static const double wf_exp_table[64] = {
    0x1p+0, 0x0p+0, 0x1.059b0d3158574p+0, 0x1.d73e2a475b465p-55,
    0x1.0b5586cf9890fp+0, 0x1.8a62e4adc610bp-54, 0x1.11301d0125b51p+0, -0x1.6c51039449b3ap-54,
    0x1.172b83c7d517bp+0, -0x1.19041b9d78a76p-55, 0x1.1d4873168b9aap+0, 0x1.e016e00a2643cp-54,
    0x1.2387a6e756238p+0, 0x1.9b07eb6c70573p-54, 0x1.29e9df51fdee1p+0, 0x1.612e8afad1255p-55,
    0x1.306fe0a31b715p+0, 0x1.6f46ad23182e4p-55, 0x1.371a7373aa9cbp+0, -0x1.63aeabf42eae2p-54,
    0x1.3dea64c123422p+0, 0x1.ada0911f09ebcp-55, 0x1.44e086061892dp+0, 0x1.89b7a04ef80dp-59,
    0x1.4bfdad5362a27p+0, 0x1.d4397afec42e2p-56, 0x1.5342b569d4f82p+0, -0x1.07abe1db13cadp-55,
    0x1.5ab07dd485429p+0, 0x1.6324c054647adp-54, 0x1.6247eb03a5585p+0, -0x1.383c17e40b497p-54,
    0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54, 0x1.71f75e8ec5f74p+0, -0x1.16e4786887a99p-55,
    0x1.7a11473eb0187p+0, -0x1.41577ee04992fp-55, 0x1.82589994cce13p+0, -0x1.d4c1dd41532d8p-54,
    0x1.8ace5422aa0dbp+0, 0x1.6e9f156864b27p-54, 0x1.93737b0cdc5e5p+0, -0x1.75fc781b57ebcp-57,
    0x1.9c49182a3f09p+0, 0x1.c7c46b071f2bep-56, 0x1.a5503b23e255dp+0, -0x1.d2f6edb8d41e1p-54,
    0x1.ae89f995ad3adp+0, 0x1.7a1cd345dcc81p-54, 0x1.b7f76f2fb5e47p+0, -0x1.5584f7e54ac3bp-56,
    0x1.c199bdd85529cp+0, 0x1.11065895048ddp-55, 0x1.cb720dcef9069p+0, 0x1.503cbd1e949dbp-56,
    0x1.d5818dcfba487p+0, 0x1.2ed02d75b3707p-55, 0x1.dfc97337b9b5fp+0, -0x1.1a5cd4f184b5cp-54,
    0x1.ea4afa2a490dap+0, -0x1.e9c23179c2893p-54, 0x1.f50765b6e454p+0, 0x1.9d3e12dd8a18bp-54,
};
/* 2^(k/32) e^r for x = k ln2/32 + r, and e = floor(k/32): exp(x) is the result times 2^e. */
static inline double wf_exp64_mantissa(double x, int64_t *e) {
    const double shift = 0x1.8p52; /* adding it rounds to an integer held in the low bits */
    double kd = fma(x, 0x1.71547652b82fep+5, shift); /* x * 32 / ln 2 */
    uint64_t ki;
    memcpy(&ki, &kd, 8);
    kd -= shift;
    /* r = x - k ln2/32: the high part of ln2/32 has 36 bits, so k times it is exact */
    double r = fma(-kd, 0x1.cf79abc9e3b3ap-45, fma(-kd, 0x1.62e42fefap-6, x));
    /* p = r + r^2 (1/2 + r/6 + r^2 (1/24 + r/120 + r^2/720)) */
    double r2 = r * r;
    double p = fma(r2, fma(r2, fma(r2, 1.0 / 720, fma(r, 1.0 / 120, 1.0 / 24)), fma(r, 1.0 / 6, 0.5)), r);
    int64_t j = (int64_t)(ki & 31); /* signed and 64-bit: a vector gather's index */
    double t = wf_exp_table[2 * j], tail = wf_exp_table[2 * j + 1];
    *e = (int64_t)(ki - UINT64_C(0x4338000000000000)) >> 5;
    return t + fma(t, p, tail); /* in [0.98, 2) */
}
/* 2^e for a normal power of two (-1022 <= e <= 1023). */
static inline double wf_pow2_64(int64_t e) {
    uint64_t bits = (uint64_t)(1023 + e) << 52;
    double d;
    memcpy(&d, &bits, 8);
    return d;
}
#endif
/* exp without a branch, for the loops the C compiler vectorises (the generated code calls it
 * in maps whose checks are deferred, emit_soac.c; the table read becomes a gather): x is
 * clamped to [-746, 709.9] (beyond 709.9 exp is infinite, below -746 it rounds to zero) and
 * 2^e applied as two normal powers of two, so that a subnormal result is rounded once and a
 * large one overflows to infinity; where the one power of two is normal, the two give the same
 * bits as wf_exp64.  A NaN is returned as it is. */
WF_HD static inline double wf_exp64_vec(double x) {
#ifdef __CUDA_ARCH__
    return exp(x);
#else
    double xc = x > 709.9 ? 709.9 : x;
    xc = xc < -746.0 ? -746.0 : xc;
    int64_t e;
    double y = wf_exp64_mantissa(xc, &e);
    int64_t e1 = e / 2;
    double r = y * wf_pow2_64(e1) * wf_pow2_64(e - e1);
    return x != x ? x : r;
#endif
}
/* exp in scalar code: one power of two, the ends (|x| > 708, NaN) on wf_exp64_vec's path,
 * which gives the same bits (a call 15-25 % cheaper than wf_exp64_vec's where nothing
 * vectorises). */
WF_HD static inline double wf_exp64(double x) {
#ifdef __CUDA_ARCH__
    return exp(x);
#else
    if (__builtin_expect(!(fabs(x) <= 708.0), 0))
        return wf_exp64_vec(x);
    int64_t e;
    double y = wf_exp64_mantissa(x, &e);
    return y * wf_pow2_64(e);
#endif
}

WF_HD static inline int64_t wf_fdiv64(int64_t x, int64_t y) {
    if (y == -1)
        return (int64_t)(0 - (uint64_t)x);
    int64_t q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0)))
        q--;
    return q;
}
WF_HD static inline int64_t wf_fmod64(int64_t x, int64_t y) {
    if (y == -1)
        return 0;
    int64_t r = x % y;
    if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
    return r;
}
WF_HD static inline int64_t wf_quot64(int64_t x, int64_t y) { return y == -1 ? (int64_t)(0 - (uint64_t)x) : x / y; }
WF_HD static inline int64_t wf_rem64(int64_t x, int64_t y) { return y == -1 ? 0 : x % y; }
WF_HD static inline uint64_t wf_upow(uint64_t b, uint64_t e) {
    uint64_t r = 1;
    while (e) {
        if (e & 1)
            r *= b;
        b *= b;
        e >>= 1;
    }
    return r;
}
WF_HD static inline int64_t wf_spow(int64_t x, int64_t y) {
    if (y < 0)
        return x == 1 ? 1 : x == -1 ? ((y & 1) ? -1 : 1) : 0;
    return (int64_t)wf_upow((uint64_t)x, (uint64_t)y);
}
/* shifts: x already converted to 64 bits (sign- or zero-extended), bits = width */
WF_HD static inline int64_t wf_shl(int64_t x, int64_t y, int bits, bool sg) {
    return (sg && y < 0) || (uint64_t)y >= (uint64_t)bits ? 0 : (int64_t)((uint64_t)x << y);
}
WF_HD static inline int64_t wf_shr(int64_t x, int64_t y, int bits, bool sg) {
    if ((sg && y < 0) || (uint64_t)y >= (uint64_t)bits)
        return sg && x < 0 ? -1 : 0;
    return sg ? x >> y : (int64_t)((uint64_t)x >> y);
}
WF_HD static inline int64_t wf_ushr(int64_t x, int64_t y, int bits, bool sg) {
    if ((sg && y < 0) || (uint64_t)y >= (uint64_t)bits)
        return 0;
    uint64_t m = bits == 64 ? (uint64_t)x : (uint64_t)x & ((UINT64_C(1) << bits) - 1);
    return (int64_t)(m >> y);
}
WF_HD static inline uint64_t wf_mask(uint64_t x, int bits) { return bits == 64 ? x : x & ((UINT64_C(1) << bits) - 1); }
WF_HD static inline int wf_popc(uint64_t x, int bits) { return WF_POPCOUNT(wf_mask(x, bits)); }
WF_HD static inline int wf_clz(uint64_t x, int bits) {
    x = wf_mask(x, bits);
    return x == 0 ? bits : WF_CLZ(x) - (64 - bits);
}
WF_HD static inline int wf_ctz(uint64_t x, int bits) {
    x = wf_mask(x, bits);
    return x == 0 ? bits : WF_CTZ(x);
}
WF_HD static inline int64_t wf_mul_hi(int64_t x, int64_t y, int bits, bool sg) {
    if (bits == 64) {
        if (sg)
            return (int64_t)(((__int128)x * (__int128)y) >> 64);
        return (int64_t)(((unsigned __int128)(uint64_t)x * (unsigned __int128)(uint64_t)y) >> 64);
    }
    if (sg)
        return (x * y) >> bits;
    return (int64_t)(((uint64_t)x * (uint64_t)y) >> bits);
}
WF_HD static inline int64_t wf_f2i(double d, bool to_unsigned) {
    if (isnan(d) || isinf(d))
        return 0;
    d = trunc(d);
    if (to_unsigned && d >= 9223372036854775808.0)
        return d >= 18446744073709551616.0 ? 0 : (int64_t)(uint64_t)d;
    if (d >= 9223372036854775808.0 || d < -9223372036854775808.0)
        return 0;
    return (int64_t)d;
}
/* wf_bits_f32, wf_f32_bits, wf_bits_f64, wf_f64_bits: wf_half.h */

#endif
