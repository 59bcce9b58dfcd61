/* wf_scalar.h — scalar arithmetic with Futhark's semantics for generated code: integer
 * division and modulo rounding to minus infinity, powers, shifts that saturate, bit counts,
 * float-to-integer conversion without undefined behaviour, bit casts.  src/interp/scalar.c is
 * the reference.  Pasted (through wfa.h) into C programs, and into CUDA kernels (WF_HD makes
 * each function callable on the device too).
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
#ifdef __CUDA_ARCH__
#define WF_POPCOUNT(x) __popcll(x)
#define WF_CLZ(x) __clzll((long long)(x))
#define WF_CTZ(x) (__ffsll((long long)(x)) - 1)
#else
#define WF_POPCOUNT(x) __builtin_popcountll(x)
#define WF_CLZ(x) __builtin_clzll(x)
#define WF_CTZ(x) __builtin_ctzll(x)
#endif

/* f64.min and f64.max: fmin and fmax (a NaN operand gives the other operand), inline, where C
 * compilers call libm's functions.  Of equal operands (-0 and +0) the first, as glibc's.
 * Written so that x86 compilers emit minsd/maxsd and a conditional move, no branch (the
 * operands are often random: a branch would be mispredicted half the time). */
WF_HD static inline double wf_fmin64(double x, double y) {
#ifdef __CUDA_ARCH__
    return fmin(x, y);
#else
    double r = y < x ? y : x;
    return isnan(x) ? y : r;
#endif
}
WF_HD static inline double wf_fmax64(double x, double y) {
#ifdef __CUDA_ARCH__
    return fmax(x, y);
#else
    double r = y > x ? y : x;
    return isnan(x) ? y : r;
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

#endif
