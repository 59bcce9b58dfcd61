/* cexpr.c — C names, types, constants and scalar operator expressions shared by the C-emitting
 * backends (cexpr.h).  The C of each operator is src/scalar's table (scalar_c_expr).
 */
#include <math.h>

#include "cexpr.h"

const char *c_name(const char *var) {
    StrBuf sb = {0};
    sb_puts(&sb, "v_");
    for (const char *p = var; *p; p++) {
        char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')
            sb_putc(&sb, c);
        else
            sb_printf(&sb, "_%02x", (unsigned char)c);
    }
    return sb.data;
}

const char *c_prim(PrimType p) { return prim_c_type(p); }

int c_esz(PrimType p) { return prim_bytes(p); }

const char *c_loc(Loc loc) {
    if (!loc.file)
        return "NULL";
    StrBuf sb = {0};
    sb_putc(&sb, '"');
    for (const char *p = loc.file; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_putc(&sb, '\\');
        if ((unsigned char)*p < 32)
            sb_printf(&sb, "\\%03o", (unsigned char)*p);
        else
            sb_putc(&sb, *p);
    }
    sb_printf(&sb, ":%d:%d\"", loc.line, loc.col);
    return sb.data;
}

const char *c_string(const char *s) {
    StrBuf sb = {0};
    sb_putc(&sb, '"');
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_putc(&sb, '\\');
        if ((unsigned char)*p < 32 || *p == '?')
            sb_printf(&sb, "\\%03o", (unsigned char)*p);
        else
            sb_putc(&sb, *p);
    }
    sb_putc(&sb, '"');
    return sb.data;
}

const char *c_const(CAtom a) {
    switch (a.prim) {
    case PRIM_BOOL: return a.ival ? "true" : "false";
    case PRIM_F32:
    case PRIM_F64: {
        const char *t = a.prim == PRIM_F32 ? "float" : "double";
        if (a.fval != a.fval)
            return xsprintf("((%s)NAN)", t);
        if (isinf(a.fval))
            return xsprintf(a.fval > 0 ? "((%s)INFINITY)" : "(-(%s)INFINITY)", t);
        return xsprintf("((%s)%a)", t, a.fval);
    }
    case PRIM_F16: /* its bits */
        return xsprintf("((uint16_t)0x%04x)", (unsigned)scalar_float(PRIM_F16, a.fval).as.u);
    case PRIM_I64:
        if (a.ival == INT64_MIN)
            return "INT64_MIN";
        return xsprintf("INT64_C(%lld)", (long long)a.ival);
    case PRIM_U64: return xsprintf("UINT64_C(%llu)", (unsigned long long)a.ival);
    default: return xsprintf("((%s)%lldLL)", c_prim(a.prim), (long long)a.ival);
    }
}

const char *c_op_expr(const CExp *e, const char *const *args, const char **fails_if) {
    const char *a[3];
    for (int i = 0; i < e->args.len && i < 3; i++)
        a[i] = args[i];
    /* x != x (NaN tests) without -Wtautological-compare.  Only where a warning can come: on
     * floats `x + 0` is a real addition (it turns -0.0 into 0.0), and in `x * x` it lengthened
     * every square's chain of dependent operations by one addition. */
    bool compare = e->op == COP_EQ || e->op == COP_NE || e->op == COP_LT || e->op == COP_LE || e->op == COP_GT ||
                   e->op == COP_GE;
    if (e->args.len > 1 && catom_eq(e->args.data[0], e->args.data[1]) && (compare || !prim_is_float(e->prim)))
        a[1] = xsprintf("(%s + 0)", a[1]);
    *fails_if = !scalar_may_fail(e->op, e->prim) ? NULL
                : e->op == COP_POW           ? xsprintf("%s < 0", a[1])
                                             : xsprintf("%s == 0", a[1]);
    return scalar_c_expr(e->op, e->prim, e->prim2, a);
}

