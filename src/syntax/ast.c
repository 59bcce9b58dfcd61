/* ast.c — the operator table, node constructors, and the AST printer.
 *
 * The printer writes re-parsable Futhark syntax.  It distinguishes two contexts:
 *  - "full": the surrounding syntax delimits the expression (a let's right-hand side, a tuple
 *    element, a branch of if), so it is printed bare;
 *  - "atom": anywhere else (operands, arguments, indexed arrays), where every compound
 *    expression gets parentheses.
 * The parser drops parentheses, so parse(print(e)) has the same tree as e and printing it
 * again gives the same text (tests/scripts/ast_roundtrip.sh checks this).
 * With `types`, binders are printed as (x: t) and literals carry their resolved type suffix.
 */
#include <math.h>
#include <string.h>

#include "ast.h"

/* ---- tables ---- */

static const char *const binop_names[] = {
#define X(k, s) s,
    BIN_OPS(X)
#undef X
};

const char *binop_name(BinOp op) {
    if (op < 0 || op >= BIN_COUNT)
        return "?";
    return binop_names[op];
}

COp binop_scalar_op(BinOp op) {
    switch (op) {
    case BIN_ADD: return COP_ADD;
    case BIN_SUB: return COP_SUB;
    case BIN_MUL: return COP_MUL;
    case BIN_DIV: return COP_DIV;
    case BIN_MOD: return COP_MOD;
    case BIN_QUOT: return COP_QUOT;
    case BIN_REM: return COP_REM;
    case BIN_POW: return COP_POW;
    case BIN_EQ: return COP_EQ;
    case BIN_NEQ: return COP_NE;
    case BIN_LT: return COP_LT;
    case BIN_LE: return COP_LE;
    case BIN_GT: return COP_GT;
    case BIN_GE: return COP_GE;
    case BIN_AND:
    case BIN_BAND: return COP_AND;
    case BIN_OR:
    case BIN_BOR: return COP_OR;
    case BIN_BXOR: return COP_XOR;
    case BIN_SHL: return COP_SHL;
    case BIN_SHR: return COP_SHR;
    case BIN_USHR: return COP_USHR;
    default: return COP_COUNT;
    }
}

/* ---- constructors ---- */

Expr *expr_new(ExprKind kind, Loc loc) {
    Expr *e = xmalloc(sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->prim = PRIM_NONE;
    e->builtin = -1;
    return e;
}

Pat *pat_new(PatKind kind, Loc loc) {
    Pat *p = xmalloc(sizeof *p);
    p->kind = kind;
    p->loc = loc;
    return p;
}

TypeExp *texp_new(TypeExpKind kind, Loc loc) {
    TypeExp *t = xmalloc(sizeof *t);
    t->kind = kind;
    t->loc = loc;
    t->prim = PRIM_NONE;
    return t;
}

Decl *decl_new(DeclKind kind, Loc loc) {
    Decl *d = xmalloc(sizeof *d);
    d->kind = kind;
    d->loc = loc;
    return d;
}

/* ---- printer ---- */

typedef struct {
    FILE *out;
    bool types;
    int indent;
    AstTypeStr write_type; /* how to write a semantic type (the type checker's printer) */
} Printer;

static void print_full(Printer *pr, const Expr *e);
static void print_atom(Printer *pr, const Expr *e);
static void print_texp(Printer *pr, const TypeExp *t);
static void print_pat(Printer *pr, const Pat *p);

static void newline(Printer *pr) {
    fputc('\n', pr->out);
    for (int i = 0; i < pr->indent; i++)
        fputc(' ', pr->out);
}

static void print_dim(Printer *pr, const DimExp *d) {
    switch (d->kind) {
    case DIM_ANY: fputs("[]", pr->out); break;
    case DIM_NAME: fprintf(pr->out, "[%s]", d->name); break;
    case DIM_CONST: fprintf(pr->out, "[%lld]", (long long)d->value); break;
    case DIM_EXPR:
        fputc('[', pr->out);
        print_full(pr, d->expr);
        fputc(']', pr->out);
        break;
    }
}

/* A type in argument position: names, tuples and records bare, the rest parenthesised. */
static void print_texp_atom(Printer *pr, const TypeExp *t) {
    if (t->kind == TE_NAME || t->kind == TE_TUPLE || t->kind == TE_RECORD ||
        t->kind == TE_ARROW) {
        print_texp(pr, t);
    } else {
        fputc('(', pr->out);
        print_texp(pr, t);
        fputc(')', pr->out);
    }
}

/* The result of an arrow: a further unnamed arrow needs no parentheses (-> is right-assoc). */
static void print_arrow_ret(Printer *pr, const TypeExp *t) {
    if (t->kind == TE_ARROW && !t->name) {
        print_texp(pr, t->elem);
        fputs(" -> ", pr->out);
        print_arrow_ret(pr, t->ret);
    } else {
        print_texp(pr, t);
    }
}

static void print_texp(Printer *pr, const TypeExp *t) {
    FILE *o = pr->out;
    switch (t->kind) {
    case TE_NAME: fprintf(o, "%s%s%s", t->qual ? t->qual : "", t->qual ? "." : "", t->name); break;
    case TE_SUM:
        for (int i = 0; i < t->elems.len; i++) {
            fprintf(o, "%s#%s", i ? " | " : "", t->fields.data[i]);
            const TypeExp *p = t->elems.data[i];
            for (int j = 0; j < p->elems.len; j++) {
                fputc(' ', o);
                print_texp_atom(pr, p->elems.data[j]);
            }
        }
        break;
    case TE_EXIST:
        fputc('(', o);
        fputc('?', o);
        for (int i = 0; i < t->fields.len; i++)
            fprintf(o, "[%s]", t->fields.data[i]);
        fputc('.', o);
        print_texp(pr, t->elem);
        fputc(')', o);
        break;
    case TE_ARRAY:
        print_dim(pr, &t->dim);
        print_texp(pr, t->elem);
        break;
    case TE_TUPLE:
        fputc('(', o);
        for (int i = 0; i < t->elems.len; i++) {
            if (i)
                fputs(", ", o);
            print_texp(pr, t->elems.data[i]);
        }
        fputc(')', o);
        break;
    case TE_RECORD:
        fputc('{', o);
        for (int i = 0; i < t->elems.len; i++) {
            fprintf(o, "%s%s: ", i ? ", " : "", t->fields.data[i]);
            print_texp(pr, t->elems.data[i]);
        }
        fputc('}', o);
        break;
    case TE_UNIQUE:
        fputc('*', o);
        print_texp(pr, t->elem);
        break;
    case TE_ARROW: /* always parenthesised, so it is safe in any position */
        fputc('(', o);
        if (t->name) {
            fprintf(o, "(%s: ", t->name);
            print_texp(pr, t->elem);
            fputc(')', o);
        } else {
            print_texp(pr, t->elem);
        }
        fputs(" -> ", o);
        print_arrow_ret(pr, t->ret);
        fputc(')', o);
        break;
    case TE_APPLY:
        fprintf(o, "%s%s%s", t->qual ? t->qual : "", t->qual ? "." : "", t->name);
        for (int i = 0; i < t->dim_args.len; i++) {
            fputc(' ', o);
            print_dim(pr, &t->dim_args.data[i]);
        }
        for (int i = 0; i < t->elems.len; i++) {
            fputc(' ', o);
            print_texp_atom(pr, t->elems.data[i]);
        }
        break;
    }
}

static void print_type(Printer *pr, Type *t) {
    fputs(pr->write_type(t), pr->out);
}

static void print_attr(Printer *pr, const Attr *a) {
    fputs(a->name, pr->out);
    if (a->args.len) {
        fputc('(', pr->out);
        for (int i = 0; i < a->args.len; i++) {
            if (i)
                fputs(", ", pr->out);
            print_attr(pr, a->args.data[i]);
        }
        fputc(')', pr->out);
    }
}

static void print_attrs(Printer *pr, const AttrVec *attrs) {
    for (int i = 0; i < attrs->len; i++) {
        fputs("#[", pr->out);
        print_attr(pr, attrs->data[i]);
        fputs("] ", pr->out);
    }
}

static void print_name(Printer *pr, const char *qual, const char *name) {
    bool op = strchr("+-*/%=!<>&|^", name[0]) != NULL;
    fprintf(pr->out, "%s%s%s%s%s", op ? "(" : "", qual ? qual : "", qual ? "." : "", name, op ? ")" : "");
}

/* Patterns print in "atom" form: anything with an ascription is parenthesised. */
static void print_pat(Printer *pr, const Pat *p) {
    FILE *o = pr->out;
    print_attrs(pr, &p->attrs);
    bool annotate = pr->types && p->type && p->kind != P_ASCRIBE && p->kind != P_TUPLE &&
                    p->kind != P_RECORD;
    if (annotate)
        fputc('(', o);
    switch (p->kind) {
    case P_ID: print_name(pr, NULL, p->name); break;
    case P_WILDCARD: fputc('_', o); break;
    case P_LITERAL: print_full(pr, p->lit); break;
    case P_CONSTR:
        if (p->elems.len)
            fputc('(', o);
        fprintf(o, "#%s", p->name);
        for (int i = 0; i < p->elems.len; i++) {
            fputc(' ', o);
            print_pat(pr, p->elems.data[i]);
        }
        if (p->elems.len)
            fputc(')', o);
        break;
    case P_TUPLE:
        fputc('(', o);
        for (int i = 0; i < p->elems.len; i++) {
            if (i)
                fputs(", ", o);
            print_pat(pr, p->elems.data[i]);
        }
        fputc(')', o);
        break;
    case P_RECORD:
        fputc('{', o);
        for (int i = 0; i < p->elems.len; i++) {
            const Pat *f = p->elems.data[i];
            fprintf(o, "%s%s", i ? ", " : "", p->fields.data[i]);
            bool shorthand = f->kind == P_ID && f->name == p->fields.data[i] && f->attrs.len == 0 &&
                             !(pr->types && f->type);
            if (!shorthand) {
                fputs(" = ", o);
                print_pat(pr, f);
            }
        }
        fputc('}', o);
        break;
    case P_ASCRIBE: {
        /* the written type says it all: no second annotation on the inner pattern */
        bool types = pr->types;
        fputc('(', o);
        pr->types = false;
        print_pat(pr, p->inner);
        pr->types = types;
        fputs(": ", o);
        print_texp(pr, p->texp);
        fputc(')', o);
        break;
    }
    }
    if (annotate) {
        fputs(": ", o);
        print_type(pr, p->type);
        fputc(')', o);
    }
}

static void print_tparams(Printer *pr, const TypeParamVec *tps) {
    for (int i = 0; i < tps->len; i++) {
        const TypeParam *tp = &tps->data[i];
        if (tp->is_size)
            fprintf(pr->out, " [%s]", tp->name);
        else
            fprintf(pr->out, " '%s%s", tp->lifted ? "^" : "", tp->name);
    }
}

/* A name as written in an expression: an operator in parentheses, (+^) or (M.+^). */
static void print_escaped_byte(FILE *o, unsigned char c, char quote) {
    switch (c) {
    case '\n': fputs("\\n", o); break;
    case '\t': fputs("\\t", o); break;
    case '\r': fputs("\\r", o); break;
    case '\\': fputs("\\\\", o); break;
    default:
        if (c == (unsigned char)quote)
            fprintf(o, "\\%c", quote);
        else if (c >= 32 && c < 127)
            fputc(c, o);
        else
            fprintf(o, "\\x%02x", c);
    }
}

static void print_int(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    PrimType p = e->prim;
    const char *suffix = p == PRIM_NONE ? "" : prim_name(p);
    if (p != PRIM_NONE && prim_is_float(p)) {
        fprintf(o, "%llu%s", (unsigned long long)e->ival, suffix); /* e.g. 1f32 */
        return;
    }
    if (p != PRIM_NONE && prim_is_signed(p) && (int64_t)e->ival < 0) {
        int bits = prim_bits(p);
        uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
        fprintf(o, "0x%llx%s", (unsigned long long)(e->ival & mask), suffix);
        return;
    }
    fprintf(o, "%llu%s", (unsigned long long)e->ival, suffix);
}

static void print_float(Printer *pr, const Expr *e) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", e->fval);
    if (!strpbrk(buf, ".eni"))
        strcat(buf, ".0");
    fprintf(pr->out, "%s%s", buf, e->prim == PRIM_NONE ? "" : prim_name(e->prim));
}

static void print_indices(Printer *pr, const DimIndexVec *idx) {
    FILE *o = pr->out;
    fputc('[', o);
    for (int i = 0; i < idx->len; i++) {
        const DimIndex *d = &idx->data[i];
        if (i)
            fputs(", ", o);
        if (d->start)
            print_atom(pr, d->start);
        if (d->is_slice) {
            fputc(':', o);
            if (d->end)
                print_atom(pr, d->end);
            if (d->stride) {
                fputc(':', o);
                print_atom(pr, d->stride);
            }
        }
    }
    fputc(']', o);
}

static void print_fields(Printer *pr, const NameVec *f) {
    for (int i = 0; i < f->len; i++)
        fprintf(pr->out, "%s%s", i ? "." : "", f->data[i]);
}

static void print_section(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    fputc('(', o);
    switch (e->section) {
    case SEC_OP: fputs(binop_name(e->op), o); break;
    case SEC_LEFT:
        print_atom(pr, e->lhs);
        fprintf(o, " %s", binop_name(e->op));
        break;
    case SEC_RIGHT:
        fprintf(o, "%s ", binop_name(e->op));
        print_atom(pr, e->rhs);
        break;
    case SEC_FIELD:
        fputc('.', o);
        print_fields(pr, &e->fields);
        break;
    case SEC_INDEX:
        fputc('.', o);
        print_indices(pr, &e->idx);
        break;
    case SEC_FUN:
        if (e->lhs) {
            print_atom(pr, e->lhs);
            fputc(' ', o);
        }
        if (strchr("+-*/%=!<>&|^", e->name[0]))
            fputs(e->name, o); /* a user-defined operator */
        else
            fprintf(o, "`%s%s%s`", e->qual ? e->qual : "", e->qual ? "." : "", e->name);
        if (e->rhs) {
            fputc(' ', o);
            print_atom(pr, e->rhs);
        }
        break;
    }
    fputc(')', o);
}

static bool is_atomic(const Expr *e) {
    switch (e->kind) {
    case E_INT: case E_FLOAT: case E_BOOL: case E_CHAR: case E_STRING: case E_VAR:
    case E_TUPLE: case E_RECORD: case E_ARRAY: case E_PROJECT: case E_INDEX: case E_SECTION:
    case E_PAREN:
        return true;
    case E_CONSTR:
        return e->args.len == 0;
    case E_OPEN: case E_HOLE:
        return true;
    default:
        return false;
    }
}

static void print_atom(Printer *pr, const Expr *e) {
    if (is_atomic(e)) {
        print_full(pr, e);
    } else {
        fputc('(', pr->out);
        print_full(pr, e);
        fputc(')', pr->out);
    }
}

static void print_list(Printer *pr, const ExprVec *v, const char *open, const char *close) {
    fputs(open, pr->out);
    for (int i = 0; i < v->len; i++) {
        if (i)
            fputs(", ", pr->out);
        print_full(pr, v->data[i]);
    }
    fputs(close, pr->out);
}

static void print_record(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    fputc('{', o);
    for (int i = 0; i < e->elems.len; i++) {
        const Expr *v = e->elems.data[i];
        fprintf(o, "%s%s", i ? ", " : "", e->fields.data[i]);
        if (!(v->kind == E_VAR && !v->qual && v->name == e->fields.data[i])) {
            fputs(" = ", o);
            print_full(pr, v);
        }
    }
    fputc('}', o);
}

static void print_let(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    fputs("let ", o);
    if (e->kind == E_LETFUN) {
        print_name(pr, NULL, e->name);
        print_tparams(pr, &e->tparams);
        for (int i = 0; i < e->params.len; i++) {
            fputc(' ', o);
            print_pat(pr, e->params.data[i]);
        }
        if (e->texp) {
            fputs(" : ", o);
            print_texp(pr, e->texp);
        }
    } else {
        print_tparams(pr, &e->tparams);
        if (e->tparams.len)
            fputc(' ', o);
        print_pat(pr, e->pat);
    }
    fputs(" = ", o);
    pr->indent += 2;
    print_full(pr, e->lhs);
    pr->indent -= 2;
    fputs(" in", o);
    newline(pr);
    print_full(pr, e->body);
}

static void print_loop(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    fputs("loop ", o);
    print_pat(pr, e->pat);
    if (e->init) {
        fputs(" = ", o);
        print_full(pr, e->init);
    }
    switch (e->loop) {
    case LOOP_FOR: fprintf(o, " for %s < ", e->loop_var); break;
    case LOOP_FOR_IN:
        fputs(" for ", o);
        print_pat(pr, e->loop_pat);
        fputs(" in ", o);
        break;
    case LOOP_WHILE: fputs(" while ", o); break;
    }
    print_full(pr, e->cond);
    fputs(" do", o);
    pr->indent += 2;
    newline(pr);
    print_full(pr, e->body);
    pr->indent -= 2;
}

static void print_lambda(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    fputc('\\', o);
    for (int i = 0; i < e->params.len; i++) {
        if (i)
            fputc(' ', o);
        print_pat(pr, e->params.data[i]);
    }
    if (e->texp) {
        fputs(" : ", o);
        print_texp_atom(pr, e->texp);
    }
    fputs(" -> ", o);
    print_full(pr, e->body);
}

static void print_literal(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    switch (e->kind) {
    case E_INT: print_int(pr, e); break;
    case E_FLOAT: print_float(pr, e); break;
    case E_BOOL: fputs(e->ival ? "true" : "false", o); break;
    case E_CHAR:
        fputc('\'', o);
        print_escaped_byte(o, (unsigned char)e->ival, '\'');
        fputc('\'', o);
        break;
    case E_STRING:
        fputc('"', o);
        for (uint64_t i = 0; i < e->ival; i++)
            print_escaped_byte(o, (unsigned char)e->str[i], '"');
        fputc('"', o);
        break;
    default: break;
    }
}

static void print_full(Printer *pr, const Expr *e) {
    FILE *o = pr->out;
    switch (e->kind) {
    case E_INT: case E_FLOAT: case E_BOOL: case E_CHAR: case E_STRING:
        print_literal(pr, e);
        break;
    case E_VAR: print_name(pr, e->qual, e->name); break;
    case E_TUPLE: print_list(pr, &e->elems, "(", ")"); break;
    case E_RECORD: print_record(pr, e); break;
    case E_ARRAY: print_list(pr, &e->elems, "[", "]"); break;
    case E_RANGE:
        print_atom(pr, e->lhs);
        if (e->mid) {
            fputs("..", o);
            print_atom(pr, e->mid);
        }
        fputs(e->range == RANGE_UPTO_EXCL ? "..<" : e->range == RANGE_DOWNTO_EXCL ? "..>" : "...",
              o);
        print_atom(pr, e->rhs);
        break;
    case E_PROJECT:
        if (e->lhs->kind == E_INT || e->lhs->kind == E_FLOAT) {
            fputc('(', o);
            print_full(pr, e->lhs);
            fputc(')', o);
        } else {
            print_atom(pr, e->lhs);
        }
        fprintf(o, ".%s", e->fields.data[0]);
        break;
    case E_INDEX:
        print_atom(pr, e->lhs);
        print_indices(pr, &e->idx);
        break;
    case E_APPLY:
        print_atom(pr, e->lhs);
        for (int i = 0; i < e->args.len; i++) {
            fputc(' ', o);
            print_atom(pr, e->args.data[i]);
        }
        break;
    case E_BINOP:
        print_atom(pr, e->lhs);
        fprintf(o, " %s ", binop_name(e->op));
        print_atom(pr, e->rhs);
        break;
    case E_NEG: fputc('-', o); print_atom(pr, e->lhs); break;
    case E_NOT: fputc('!', o); print_atom(pr, e->lhs); break;
    case E_SECTION: print_section(pr, e); break;
    case E_LAMBDA: print_lambda(pr, e); break;
    case E_LET: case E_LETFUN: print_let(pr, e); break;
    case E_IF:
        fputs("if ", o);
        print_full(pr, e->cond);
        fputs(" then ", o);
        print_full(pr, e->lhs);
        fputs(" else ", o);
        print_full(pr, e->rhs);
        break;
    case E_LOOP: print_loop(pr, e); break;
    case E_UPDATE:
        print_atom(pr, e->lhs);
        fputs(" with ", o);
        print_indices(pr, &e->idx);
        fputs(" = ", o);
        print_atom(pr, e->rhs);
        break;
    case E_RECUPDATE:
        print_atom(pr, e->lhs);
        fputs(" with ", o);
        print_fields(pr, &e->fields);
        fputs(" = ", o);
        print_atom(pr, e->rhs);
        break;
    case E_ASCRIBE: case E_COERCE:
        print_atom(pr, e->lhs);
        fputs(e->kind == E_ASCRIBE ? " : " : " :> ", o);
        print_texp(pr, e->texp);
        break;
    case E_ATTR:
        print_attrs(pr, &e->attrs);
        print_full(pr, e->lhs);
        break;
    case E_PAREN:
        fputc('(', o);
        print_full(pr, e->lhs);
        fputc(')', o);
        break;
    case E_CONSTR:
        fprintf(o, "#%s", e->name);
        for (int i = 0; i < e->args.len; i++) {
            fputc(' ', o);
            print_atom(pr, e->args.data[i]);
        }
        break;
    case E_OPEN:
        fprintf(o, "%s.(", e->name);
        print_full(pr, e->lhs);
        fputc(')', o);
        break;
    case E_HOLE:
        fputs("???", o);
        break;
    case E_ASSERT:
        fputs("assert ", o);
        print_atom(pr, e->cond);
        fputc(' ', o);
        print_full(pr, e->body);
        break;
    case E_MATCH:
        fputs("match ", o);
        print_full(pr, e->lhs);
        pr->indent += 2;
        for (int i = 0; i < e->cases.len; i++) {
            newline(pr);
            fputs("case ", o);
            print_pat(pr, e->cases.data[i]);
            fputs(" -> ", o);
            print_atom(pr, e->elems.data[i]);
        }
        pr->indent -= 2;
        break;
    }
}

void ast_print_expr(FILE *out, const Expr *e, AstTypeStr types) {
    Printer pr = {out, types != NULL, 0, types};
    print_full(&pr, e);
}

static void print_decl(Printer *pr, const Decl *d);
static void print_sig(Printer *pr, const SigExp *s);

static void print_decls(Printer *pr, const DeclVec *ds) {
    for (int i = 0; i < ds->len; i++) {
        if (i)
            newline(pr);
        print_decl(pr, ds->data[i]);
    }
}

static void print_spec(Printer *pr, const ModSpec *sp) {
    FILE *o = pr->out;
    switch (sp->kind) {
    case SPEC_VAL:
        fputs("val ", o);
        print_name(pr, NULL, sp->name);
        print_tparams(pr, &sp->tparams);
        fputs(" : ", o);
        print_texp(pr, sp->texp);
        break;
    case SPEC_TYPE:
        fprintf(o, "type %s", sp->name);
        print_tparams(pr, &sp->tparams);
        if (sp->texp) {
            fputs(" = ", o);
            print_texp(pr, sp->texp);
        }
        break;
    case SPEC_MODULE:
        fprintf(o, "module %s : ", sp->name);
        print_sig(pr, sp->sig);
        break;
    case SPEC_INCLUDE:
        fputs("include ", o);
        print_sig(pr, sp->sig);
        break;
    }
}

/* Module types print parenthesised where they are not names or braces. */
static void print_sig(Printer *pr, const SigExp *s) {
    FILE *o = pr->out;
    switch (s->kind) {
    case SE_NAME: fputs(s->name, o); return;
    case SE_SPECS:
        fputc('{', o);
        pr->indent += 2;
        for (int i = 0; i < s->specs.len; i++) {
            newline(pr);
            print_spec(pr, s->specs.data[i]);
        }
        pr->indent -= 2;
        newline(pr);
        fputc('}', o);
        return;
    case SE_WITH:
        fputc('(', o);
        print_sig(pr, s->base);
        fprintf(o, " with %s", s->name);
        print_tparams(pr, &s->tparams);
        fputs(" = ", o);
        print_texp(pr, s->texp);
        fputc(')', o);
        return;
    case SE_ARROW:
        fputc('(', o);
        if (s->name) {
            fprintf(o, "(%s: ", s->name);
            print_sig(pr, s->base);
            fputc(')', o);
        } else {
            print_sig(pr, s->base);
        }
        fputs(" -> ", o);
        print_sig(pr, s->ret);
        fputc(')', o);
        return;
    }
}

static void print_mod_params(Printer *pr, const ModParamVec *ps) {
    for (int i = 0; i < ps->len; i++) {
        fprintf(pr->out, " (%s: ", ps->data[i].name);
        print_sig(pr, ps->data[i].sig);
        fputc(')', pr->out);
    }
}

/* Module expressions print parenthesised where they are not atoms. */
static void print_mod(Printer *pr, const ModExp *m) {
    FILE *o = pr->out;
    switch (m->kind) {
    case ME_NAME: fputs(m->name, o); return;
    case ME_IMPORT: fprintf(o, "(import \"%s\")", m->path); return;
    case ME_STRUCT:
        fputc('{', o);
        pr->indent += 2;
        newline(pr);
        print_decls(pr, &m->decls);
        pr->indent -= 2;
        newline(pr);
        fputc('}', o);
        return;
    case ME_APPLY:
        fputc('(', o);
        print_mod(pr, m->fn);
        fputc(' ', o);
        print_mod(pr, m->arg);
        fputc(')', o);
        return;
    case ME_ASCRIBE:
        fputc('(', o);
        print_mod(pr, m->body);
        fputs(" : ", o);
        print_sig(pr, m->sig);
        fputc(')', o);
        return;
    case ME_LAMBDA:
        fputs("(\\", o);
        print_mod_params(pr, &m->params);
        if (m->sig) {
            fputs(" : ", o);
            print_sig(pr, m->sig);
        }
        fputs(" -> ", o);
        print_mod(pr, m->body);
        fputc(')', o);
        return;
    }
}

static void print_decl(Printer *pr, const Decl *d) {
    FILE *o = pr->out;
    print_attrs(pr, &d->attrs);
    if (d->local)
        fputs("local ", o);
    switch (d->kind) {
    case D_TYPE:
        fprintf(o, "type %s%s%s", d->qual ? d->qual : "", d->qual ? "." : "", d->name);
        print_tparams(pr, &d->tparams);
        fputs(" = ", o);
        print_texp(pr, d->ret);
        newline(pr);
        return;
    case D_MODULE:
        fprintf(o, "module %s", d->name);
        print_mod_params(pr, &d->mparams);
        if (d->sig) {
            fputs(" : ", o);
            print_sig(pr, d->sig);
        }
        fputs(" = ", o);
        print_mod(pr, d->mod);
        newline(pr);
        return;
    case D_MODTYPE:
        fprintf(o, "module type %s = ", d->name);
        print_sig(pr, d->sig);
        newline(pr);
        return;
    case D_OPEN:
        fputs("open ", o);
        print_mod(pr, d->mod);
        newline(pr);
        return;
    case D_IMPORT:
        fprintf(o, "import \"%s\"", d->mod->path);
        newline(pr);
        return;
    case D_DEF:
        break;
    }
    fprintf(o, "%s ", d->is_entry ? "entry" : "def");
    print_name(pr, d->qual, d->name);
    print_tparams(pr, &d->tparams);
    for (int i = 0; i < d->params.len; i++) {
        fputc(' ', o);
        print_pat(pr, d->params.data[i]);
    }
    if (d->ret) {
        fputs(" : ", o);
        print_texp(pr, d->ret);
    }
    fputs(" =", o);
    pr->indent += 2;
    newline(pr);
    print_full(pr, d->body);
    pr->indent -= 2;
    newline(pr);
}

void ast_print_program(FILE *out, const Program *p, AstTypeStr types) {
    Printer pr = {out, types != NULL, 0, types};
    print_decls(&pr, &p->decls);
}

/* ---- queries ---- */

static bool texp_binds_size(const TypeExp *t, const char *name) {
    if (!t)
        return false;
    if (t->expanded)
        return texp_binds_size(t->expanded, name);
    switch (t->kind) {
    case TE_ARRAY:
        return (t->dim.kind == DIM_NAME && t->dim.name == name) || texp_binds_size(t->elem, name);
    case TE_UNIQUE:
    case TE_EXIST:
        return texp_binds_size(t->elem, name);
    case TE_TUPLE:
    case TE_RECORD:
        for (int i = 0; i < t->elems.len; i++)
            if (texp_binds_size(t->elems.data[i], name))
                return true;
        return false;
    default:
        return false;
    }
}

static bool pat_binds_size(const Pat *p, const char *name) {
    if (p->kind == P_ASCRIBE)
        return texp_binds_size(p->texp, name) || pat_binds_size(p->inner, name);
    for (int i = 0; i < p->elems.len; i++)
        if (pat_binds_size(p->elems.data[i], name))
            return true;
    return false;
}

bool ast_pat_has_ascription(const Pat *p) {
    if (!p)
        return false;
    if (p->kind == P_ASCRIBE)
        return true;
    for (int i = 0; i < p->elems.len; i++)
        if (ast_pat_has_ascription(p->elems.data[i]))
            return true;
    return false;
}

bool ast_size_bound_by_params(const PatVec *params, const char *name) {
    for (int i = 0; i < params->len; i++)
        if (pat_binds_size(params->data[i], name))
            return true;
    return false;
}

bool ast_plain_type_param(const TypeParamVec *tps, const TypeExp *t) {
    if (!tps || t->kind != TE_NAME || t->prim != PRIM_NONE || t->qual)
        return false;
    for (int i = 0; i < tps->len; i++) {
        const TypeParam *p = &tps->data[i];
        if (p->name == t->name)
            return !p->is_size && !p->lifted && !p->size_lifted;
    }
    return false;
}

void ast_each_child(Expr *e, void (*f)(Expr *)) {
    Expr *kids[] = {e->lhs, e->mid, e->rhs, e->body, e->cond, e->init};
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
        if (kids[i])
            f(kids[i]);
    for (int i = 0; i < e->elems.len; i++)
        f(e->elems.data[i]);
    for (int i = 0; i < e->args.len; i++)
        f(e->args.data[i]);
    for (int i = 0; i < e->idx.len; i++) {
        Expr *parts[] = {e->idx.data[i].start, e->idx.data[i].end, e->idx.data[i].stride};
        for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
            if (parts[k])
                f(parts[k]);
    }
}
