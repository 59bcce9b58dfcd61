/* scalar.c — the interpreter's primitive operations: its operators and scalar intrinsics
 * mapped onto the operators of src/scalar (scalar.h states the semantics), whose evaluation
 * is the C that compiled programs run.  Here: Values to and from Scalars, the operand type of
 * each operation, and division by zero as a run-time error.
 */
#include "internal.h"

bool prim_as_bool(Value v) { return v.as.i != 0; }

static Scalar scalar_of(Value v) {
    if (v.kind != VK_PRIM)
        die("scalar operation on a non-scalar value");
    switch (v.prim) {
    case PRIM_F32: return scalar_f32(v.as.f32);
    case PRIM_F64: return scalar_f64(v.as.f64);
    default: return scalar_int(v.prim, v.as.i);
    }
}

static Value value_of(Scalar s) {
    switch (s.prim) {
    case PRIM_F32: return v_f32(s.as.f32);
    case PRIM_F64: return v_f64(s.as.f64);
    default: return v_prim_i(s.prim, s.as.i);
    }
}

/* op on operands of type t (t2: convert's and bitcast's result type). */
static Value apply(COp op, PrimType t, PrimType t2, const Value *args, Loc loc) {
    Scalar a[3], r;
    for (int i = 0; i < core_ops[op].arity; i++)
        a[i] = scalar_of(args[i]);
    if (!scalar_eval(op, t, t2, a, &r))
        interp_error(loc, "division by zero");
    return value_of(r);
}

Value scalar_binop(BinOp op, Value a, Value b, Loc loc) {
    if (a.kind != VK_PRIM || b.kind != VK_PRIM)
        die("scalar_binop: non-scalar operand to %s", binop_name(op));
    COp c = binop_scalar_op(op);
    if (c == COP_COUNT)
        die("scalar_binop: %s on scalars", binop_name(op));
    if (a.prim != b.prim) /* only when literals were left untyped: widen to the other side */
        b = scalar_convert(b, a.prim);
    Value ab[2] = {a, b};
    return apply(c, a.prim, PRIM_NONE, ab, loc);
}

Value scalar_neg(Value a) { return apply(a.prim == PRIM_BOOL ? COP_NOT : COP_NEG, a.prim, PRIM_NONE, &a, (Loc){0}); }

Value scalar_not(Value a) { return apply(COP_NOT, a.prim, PRIM_NONE, &a, (Loc){0}); }

Value scalar_convert(Value v, PrimType to) { return apply(COP_CONVERT, v.prim, to, &v, (Loc){0}); }

Value scalar_to_bits(Value v) {
    PrimType to = v.prim == PRIM_F32 ? PRIM_U32 : v.prim == PRIM_F64 ? PRIM_U64 : v.prim;
    return apply(COP_BITCAST, v.prim, to, &v, (Loc){0});
}

Value scalar_from_bits(Value v, PrimType to) { return apply(COP_BITCAST, v.prim, to, &v, (Loc){0}); }

Value scalar_intrinsic(COp op, const Value *args, PrimType result, Loc loc) {
    PrimType t = args[0].prim;
    if (!scalar_op_defined(op, t))
        die("intrinsic %s applied to %s", core_ops[op].name, prim_name(t));
    Value r = apply(op, t, result, args, loc);
    /* popc, clz and ctz count in the operand's type; the prelude's return i32 */
    return result != PRIM_NONE && r.prim != result ? scalar_convert(r, result) : r;
}
