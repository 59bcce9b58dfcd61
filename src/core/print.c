/* print.c — the textual form of the core IR (grammar in docs/CORE.md).  parse.c reads it back;
 * print -> parse -> print is the identity, which tests/scripts/core_roundtrip.sh checks.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct {
    StrBuf *sb;
    int indent;
} P;

static void nl(P *p) {
    sb_putc(p->sb, '\n');
    for (int i = 0; i < p->indent; i++)
        sb_puts(p->sb, "  ");
}

void core_print_type(StrBuf *sb, CType t) {
    if (t.unique)
        sb_putc(sb, '*');
    for (int i = 0; i < t.rank; i++) {
        CDim d = t.dims[i];
        if (d.kind == CDIM_CONST)
            sb_printf(sb, "[%lld]", (long long)d.value);
        else if (d.kind == CDIM_VAR)
            sb_printf(sb, "[%s]", d.var);
        else
            sb_puts(sb, "[]");
    }
    sb_puts(sb, prim_name(t.prim));
}

void core_print_atom(StrBuf *sb, CAtom a) {
    if (a.kind == CA_VAR) {
        sb_puts(sb, a.var);
        return;
    }
    if (a.prim == PRIM_BOOL) {
        sb_puts(sb, a.ival ? "true" : "false");
    } else if (prim_is_float(a.prim)) {
        double v = a.fval;
        if (isnan(v))
            sb_printf(sb, "%s.nan", prim_name(a.prim));
        else if (isinf(v))
            sb_printf(sb, "%s%s.inf", v < 0 ? "-" : "", prim_name(a.prim));
        else {
            /* the shortest decimal that reads back to the same value */
            char buf[64];
            for (int prec = 1; prec <= 17; prec++) {
                snprintf(buf, sizeof buf, "%.*g", prec, v);
                double back = strtod(buf, NULL);
                if (a.prim == PRIM_F64 ? back == v
                                       : scalar_float_value(scalar_float(a.prim, back)) ==
                                             scalar_float_value(scalar_float(a.prim, v)))
                    break;
            }
            sb_puts(sb, buf);
            if (!strpbrk(buf, ".en"))
                sb_puts(sb, ".0");
            sb_puts(sb, prim_name(a.prim));
        }
    } else if (prim_is_signed(a.prim)) {
        sb_printf(sb, "%lld%s", (long long)a.ival, prim_name(a.prim));
    } else {
        int bits = prim_bits(a.prim);
        uint64_t v = (uint64_t)a.ival;
        if (bits < 64)
            v &= (1ull << bits) - 1;
        sb_printf(sb, "%llu%s", (unsigned long long)v, prim_name(a.prim));
    }
}

static void atoms(P *p, const CAtomVec *v) {
    sb_putc(p->sb, '(');
    for (int i = 0; i < v->len; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        core_print_atom(p->sb, v->data[i]);
    }
    sb_putc(p->sb, ')');
}

static void params(P *p, const CParamVec *v) {
    for (int i = 0; i < v->len; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        sb_printf(p->sb, "%s: ", v->data[i].name);
        core_print_type(p->sb, v->data[i].type);
    }
}

static void types(P *p, const CTypeVec *v) {
    sb_putc(p->sb, '(');
    for (int i = 0; i < v->len; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        core_print_type(p->sb, v->data[i]);
    }
    sb_putc(p->sb, ')');
}

static void string(StrBuf *sb, const char *s) {
    sb_putc(sb, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sb_printf(sb, "\\%c", c);
        else if (c == '\n')
            sb_puts(sb, "\\n");
        else if (c < 32 || c >= 127)
            sb_printf(sb, "\\x%02x", c);
        else
            sb_putc(sb, (char)c);
    }
    sb_putc(sb, '"');
}

static void body(P *p, const CBody *b);

static void lambda(P *p, const CLambda *l) {
    sb_puts(p->sb, "\\(");
    params(p, &l->params);
    sb_puts(p->sb, ") -> ");
    types(p, &l->ret);
    sb_putc(p->sb, ' ');
    body(p, l->body);
}

static void operator(P *p, const char *kw, const COperator *o) {
    nl(p);
    sb_printf(p->sb, "%s%s ", kw, o->comm ? " comm" : "");
    lambda(p, o->lam);
    sb_putc(p->sb, ' ');
    atoms(p, &o->nes);
}

static void atom(P *p, CAtom a) {
    sb_putc(p->sb, ' ');
    core_print_atom(p->sb, a);
}

static void slice(P *p, const CIndexVec *s) {
    sb_puts(p->sb, " [");
    for (int i = 0; i < s->len; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        core_print_atom(p->sb, s->data[i].start);
        if (s->data[i].is_slice) {
            sb_putc(p->sb, ':');
            core_print_atom(p->sb, s->data[i].end);
            sb_putc(p->sb, ':');
            core_print_atom(p->sb, s->data[i].stride);
        }
    }
    sb_putc(p->sb, ']');
}

/* Whether an expression can fail at run time, and so keeps its location in the text. */
static bool fallible(const CExp *e) {
    switch (e->kind) {
    case CE_ATOM:
    case CE_IF:
    case CE_LOOP:
    case CE_COPY:
    case CE_ARRAY:
    case CE_SEGOP:
    case CE_THRESHOLD:
    case CE_TUNING:
        return false;
    case CE_OP: return scalar_may_fail(e->op, e->prim);
    default: return true;
    }
}

static void expr(P *p, const CExp *e) {
    StrBuf *sb = p->sb;
    switch (e->kind) {
    case CE_ATOM: core_print_atom(sb, e->args.data[0]); break;
    case CE_OP:
        sb_printf(sb, "%s %s", core_ops[e->op].name, prim_name(e->prim));
        if (core_ops[e->op].flags & OPF_CONV)
            sb_printf(sb, " %s", prim_name(e->prim2));
        for (int i = 0; i < e->args.len; i++)
            atom(p, e->args.data[i]);
        break;
    case CE_IF:
        sb_puts(sb, "if");
        atom(p, e->args.data[0]);
        sb_puts(sb, " then ");
        body(p, e->body);
        sb_puts(sb, " else ");
        body(p, e->body2);
        break;
    case CE_LOOP:
        sb_puts(sb, "loop (");
        for (int i = 0; i < e->params.len; i++) {
            if (i)
                sb_puts(sb, ", ");
            sb_printf(sb, "%s: ", e->params.data[i].name);
            core_print_type(sb, e->params.data[i].type);
            sb_puts(sb, " = ");
            core_print_atom(sb, e->args.data[i]);
        }
        sb_putc(sb, ')');
        if (e->index) {
            sb_printf(sb, " for %s <", e->index);
            atom(p, e->bound);
        } else {
            sb_printf(sb, " while %s", e->cond);
        }
        sb_puts(sb, " do ");
        body(p, e->body);
        break;
    case CE_INDEX:
        sb_puts(sb, e->in_range ? "index_inrange" : "index");
        atom(p, e->args.data[0]);
        slice(p, &e->slice);
        break;
    case CE_UPDATE:
        sb_puts(sb, "update");
        atom(p, e->args.data[0]);
        slice(p, &e->slice);
        sb_puts(sb, " =");
        atom(p, e->args.data[1]);
        break;
    case CE_SIZE:
        sb_printf(sb, "size %d", e->dim);
        atom(p, e->args.data[0]);
        break;
    case CE_REARRANGE:
        sb_puts(sb, "rearrange (");
        for (int i = 0; i < e->perm.len; i++)
            sb_printf(sb, "%s%d", i ? ", " : "", e->perm.data[i]);
        sb_putc(sb, ')');
        atom(p, e->args.data[0]);
        break;
    case CE_IOTA:
    case CE_REPLICATE:
    case CE_FLATTEN:
    case CE_UNFLATTEN:
    case CE_CONCAT:
    case CE_COPY:
    case CE_ROTATE: {
        static const char *names[CE_COUNT] = {
            [CE_IOTA] = "iota",   [CE_REPLICATE] = "replicate", [CE_FLATTEN] = "flatten",
            [CE_UNFLATTEN] = "unflatten", [CE_CONCAT] = "concat", [CE_COPY] = "copy",
            [CE_ROTATE] = "rotate"};
        sb_puts(sb, names[e->kind]);
        for (int i = 0; i < e->args.len; i++)
            atom(p, e->args.data[i]);
        break;
    }
    case CE_ARRAY:
        sb_puts(sb, "array ");
        core_print_type(sb, e->type);
        sb_puts(sb, " [");
        for (int i = 0; i < e->args.len; i++) {
            if (i)
                sb_puts(sb, ", ");
            core_print_atom(sb, e->args.data[i]);
        }
        sb_putc(sb, ']');
        break;
    case CE_ASSERT:
        sb_puts(sb, "assert");
        atom(p, e->args.data[0]);
        sb_putc(sb, ' ');
        string(sb, e->msg);
        if (e->args.len > 1) {
            CAtomVec rest = {e->args.data + 1, e->args.len - 1, 0};
            sb_putc(sb, ' ');
            atoms(p, &rest);
        }
        break;
    case CE_APPLY:
        sb_printf(sb, "apply %s ", e->fname);
        atoms(p, &e->args);
        break;
    case CE_SEGOP: {
        static const char *const kinds[] = {"segmap", "segred", "segscan"};
        sb_printf(sb, "%s %s (", kinds[e->seg], e->level == SEG_GRID ? "grid" : "block");
        for (int i = 0; i < e->params.len; i++) {
            sb_printf(sb, "%s%s <", i ? ", " : "", e->params.data[i].name);
            if (e->irregular && i == e->params.len - 1) { /* j < seg O total */
                sb_puts(sb, " seg");
                atom(p, e->segs);
            }
            atom(p, e->args.data[i]);
        }
        sb_putc(sb, ')');
        if (e->binned) {
            sb_puts(sb, " bins ");
            atom(p, e->bins[0]);
            atom(p, e->bins[1]);
        }
        if (e->masked) {
            sb_puts(sb, " mask");
            atom(p, e->mask);
        }
        if (e->offsets.len) {
            sb_puts(sb, " concat ");
            atoms(p, &e->offsets);
        }
        p->indent += 2;
        for (int i = 0; i < e->scans.len; i++)
            operator(p, "scan", &e->scans.data[i]);
        for (int i = 0; i < e->reds.len; i++)
            operator(p, "reduce", &e->reds.data[i]);
        nl(p);
        body(p, e->body);
        p->indent -= 2;
        break;
    }
    case CE_THRESHOLD:
        sb_puts(sb, "threshold ");
        string(sb, e->msg);
        atom(p, e->args.data[0]);
        break;
    case CE_TUNING:
        sb_puts(sb, "tuning ");
        string(sb, e->msg);
        break;
    case CE_SCREMA:
        sb_puts(sb, "screma");
        atom(p, e->args.data[0]);
        sb_putc(sb, ' ');
        atoms(p, &e->arrays);
        p->indent += 2;
        for (int i = 0; i < e->scans.len; i++)
            operator(p, "scan", &e->scans.data[i]);
        for (int i = 0; i < e->reds.len; i++)
            operator(p, "reduce", &e->reds.data[i]);
        nl(p);
        sb_puts(sb, "map ");
        lambda(p, e->lam);
        if (e->offsets.len) {
            sb_puts(sb, " concat ");
            atoms(p, &e->offsets);
        }
        p->indent -= 2;
        break;
    case CE_SCATTER:
        sb_puts(sb, "scatter");
        atom(p, e->args.data[0]);
        sb_putc(sb, ' ');
        atoms(p, &e->dests);
        sb_putc(sb, ' ');
        atoms(p, &e->arrays);
        if (e->irregular) {
            sb_puts(sb, " rows");
            atom(p, e->segs);
        }
        p->indent += 2;
        nl(p);
        sb_puts(sb, "map ");
        lambda(p, e->lam);
        p->indent -= 2;
        break;
    case CE_HIST:
        sb_puts(sb, "hist");
        atom(p, e->args.data[0]);
        sb_putc(sb, ' ');
        atoms(p, &e->dests);
        sb_putc(sb, ' ');
        atoms(p, &e->arrays);
        if (e->irregular) {
            sb_puts(sb, " rows");
            atom(p, e->segs);
        }
        p->indent += 2;
        operator(p, "op", &e->reds.data[0]);
        nl(p);
        sb_puts(sb, "map ");
        lambda(p, e->lam);
        p->indent -= 2;
        break;
    case CE_FILTER:
        sb_puts(sb, e->partition ? "partition" : "filter");
        atom(p, e->args.data[0]);
        sb_putc(sb, ' ');
        atoms(p, &e->arrays);
        p->indent += 2;
        nl(p);
        sb_puts(sb, "map ");
        lambda(p, e->lam);
        p->indent -= 2;
        break;
    default: die("print: unknown expression kind %d", (int)e->kind);
    }
    if (fallible(e) && e->loc.file) {
        sb_puts(sb, " @");
        string(sb, e->loc.file);
        sb_printf(sb, ":%d:%d", e->loc.line, e->loc.col);
    }
}

static void body(P *p, const CBody *b) {
    sb_putc(p->sb, '{');
    p->indent++;
    for (int i = 0; i < b->stms.len; i++) {
        const CStm *s = &b->stms.data[i];
        nl(p);
        sb_puts(p->sb, "let ");
        if (s->pat.len == 0)
            sb_puts(p->sb, "()");
        params(p, &s->pat);
        sb_puts(p->sb, " = ");
        expr(p, s->exp);
    }
    nl(p);
    sb_puts(p->sb, "in ");
    atoms(p, &b->result);
    p->indent--;
    nl(p);
    sb_putc(p->sb, '}');
}

static void fun(P *p, const CFun *f) {
    sb_printf(p->sb, "%s %s ", f->is_entry ? "entry" : "fn", f->name);
    if (f->sizes.len) {
        sb_putc(p->sb, '[');
        for (int i = 0; i < f->sizes.len; i++)
            sb_printf(p->sb, "%s%s", i ? ", " : "", f->sizes.data[i]);
        sb_puts(p->sb, "] ");
    }
    sb_putc(p->sb, '(');
    params(p, &f->params);
    sb_puts(p->sb, ") -> ");
    types(p, &f->ret);
    sb_putc(p->sb, ' ');
    body(p, f->body);
    sb_putc(p->sb, '\n');
}

char *core_prog_str(const CProg *prog) {
    StrBuf sb = {0};
    P p = {&sb, 0};
    for (int i = 0; i < prog->thresholds.len; i++) {
        const CThreshold *t = &prog->thresholds.data[i];
        sb_puts(&sb, t->user ? "param " : "threshold ");
        string(&sb, t->name);
        if (t->user)
            sb_putc(&sb, '\n');
        else
            sb_printf(&sb, " = %lld\n", (long long)t->dflt);
    }
    if (prog->thresholds.len)
        sb_putc(&sb, '\n');
    for (int i = 0; i < prog->funs.len; i++) {
        if (i)
            sb_putc(&sb, '\n');
        fun(&p, prog->funs.data[i]);
    }
    if (!sb.data)
        return xstrdup("");
    return sb.data;
}

void core_print_prog(FILE *out, const CProg *prog) { fputs(core_prog_str(prog), out); }
