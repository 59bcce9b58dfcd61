/* cexpr.h — what every C-emitting backend writes the same way: C names of core variables, C
 * types of primitives, string literals of locations, scalar constants, and the C expression of
 * each scalar operator (src/scalar/scalar.h's table, whose helpers are in rts/wf_scalar.h).
 * Used by the statement emitter (src/backend/emit*.c: C, OpenMP and CUDA).
 */
#ifndef WEFT_BACKEND_C_CEXPR_H
#define WEFT_BACKEND_C_CEXPR_H

#include "../core/ir.h"

const char *c_name(const char *var);   /* v_NAME: the C name of a core variable */
const char *c_prim(PrimType p);        /* int32_t, double, bool, ... */
int c_esz(PrimType p);                 /* bytes per element */
const char *c_loc(Loc loc);            /* "file:line:col" as a C string literal, or NULL */
const char *c_string(const char *s);   /* a C string literal */
const char *c_const(CAtom a);          /* a scalar constant as a C expression */
/* The C expression of the scalar operator e applied to the C operands a[0..arity).  When the
 * operation can fail (scalar_may_fail: a zero divisor, a negative exponent), *fails_if is set
 * to the C condition under which it does, to be tested first (the caller emits the check with
 * e's location and scalar_fail_message); otherwise it is set to NULL. */
const char *c_op_expr(const CExp *e, const char *const *a, const char **fails_if);


#endif
