/* scalar.c — the interpreter's primitive operations: its operators and scalar intrinsics
 * mapped onto the operators of src/scalar (scalar.h states the semantics), whose evaluation
 * is the C that compiled programs run.  Here: Values to and from Scalars, the operand type of
 * each operation, and division by zero as a run-time error.
 */
#include "internal.h"

bool prim_as_bool(Value v) { return v.as.i != 0; }

/* A scalar Value holds its value as a Scalar does (internal.h): the union is copied whole. */
static Scalar scalar_of(Value v) {
    if (v.kind != VK_PRIM)
        die("scalar operation on a non-scalar value");
    return (Scalar){(PrimType)v.prim, {.u = v.as.u}};
}

static Value value_of(Scalar s) { return (Value){.kind = VK_PRIM, .prim = (uint8_t)s.prim, .as.u = s.as.u}; }

/* op on the operands a (of type t; t2: convert's and bitcast's result type). */
static inline Value eval_scalars(COp op, PrimType t, PrimType t2, const Scalar *a, Loc loc) {
    Scalar r;
    if (!scalar_eval(op, t, t2, a, &r))
        interp_error(loc, "%s", scalar_fail_message(op));
    return value_of(r);
}

static Value apply(COp op, PrimType t, PrimType t2, const Value *args, Loc loc) {
    Scalar a[3];
    for (int i = 0; i < core_ops[op].arity; i++)
        a[i] = scalar_of(args[i]);
    return eval_scalars(op, t, t2, a, loc);
}

static Value apply1(COp op, PrimType t2, Value v) {
    Scalar a = scalar_of(v);
    return eval_scalars(op, a.prim, t2, &a, (Loc){0});
}

Value scalar_binop(BinOp op, Value a, Value b, Loc loc) {
    if (a.kind != VK_PRIM || b.kind != VK_PRIM)
        die("scalar_binop: non-scalar operand to %s", binop_name(op));
    COp c = binop_scalar_op(op);
    if (c == COP_COUNT)
        die("scalar_binop: %s on scalars", binop_name(op));
    if (a.prim != b.prim) /* only when literals were left untyped: widen to the other side */
        b = scalar_convert(b, a.prim);
    Scalar ab[2] = {scalar_of(a), scalar_of(b)};
    return eval_scalars(c, ab[0].prim, PRIM_NONE, ab, loc);
}

Value scalar_neg(Value a) { return apply1(a.prim == PRIM_BOOL ? COP_NOT : COP_NEG, PRIM_NONE, a); }

Value scalar_not(Value a) { return apply1(COP_NOT, PRIM_NONE, a); }

Value scalar_convert(Value v, PrimType to) { return apply1(COP_CONVERT, to, v); }

Value scalar_to_bits(Value v) {
    return apply1(COP_BITCAST, v.prim == PRIM_F32 ? PRIM_U32 : v.prim == PRIM_F64 ? PRIM_U64 : v.prim == PRIM_F16 ? PRIM_U16 : v.prim, v);
}

Value scalar_from_bits(Value v, PrimType to) { return apply1(COP_BITCAST, to, v); }

Value scalar_intrinsic(COp op, const Value *args, PrimType result, Loc loc) {
    Value r = apply(op, args[0].prim, result, args, loc);
    /* popc, clz and ctz count in the operand's type; the prelude's return i32 */
    return result != PRIM_NONE && r.prim != result ? scalar_convert(r, result) : r;
}
