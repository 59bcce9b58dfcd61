/* parse.c — reads the textual form of the core IR (docs/CORE.md) back into a CProg.
 * Recursive descent over a small hand-written lexer; the grammar rule is above each function.
 * Only syntax is checked here; verify.c checks everything else.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef enum { T_EOF, T_IDENT, T_NUM, T_STR, T_PUNCT } TokKind;

typedef struct {
    const char *file, *src, *p;
    int line;
    const char *line_start;
    /* current token */
    TokKind kind;
    const char *text; /* T_IDENT: interned; T_STR: decoded; T_PUNCT: "->" or one character */
    CAtom num;        /* T_NUM */
    Loc loc;
    CProg *prog;      /* its thresholds, for CE_THRESHOLD */
} Lx;

static _Noreturn void perr(Lx *l, const char *what) {
    error_at(l->loc, "core: expected %s", what);
}

static void skip_space(Lx *l) {
    for (;;) {
        char c = *l->p;
        if (c == '\n') {
            l->p++;
            l->line++;
            l->line_start = l->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            l->p++;
        } else if (c == '-' && l->p[1] == '-') { /* comment */
            while (*l->p && *l->p != '\n')
                l->p++;
        } else {
            return;
        }
    }
}

static bool is_ident_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_ident(char c) { return is_ident_start(c) || (c >= '0' && c <= '9') || c == '\''; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* NUM ::= '-'? digits ('.' digits)? (e ('+'|'-')? digits)? PRIM | '-'? ('f16'|'f32'|'f64') '.' ('inf'|'nan') */
static void lex_number(Lx *l) {
    const char *s = l->p;
    bool neg = *s == '-';
    if (neg)
        s++;
    if (*s == 'f' && (s[1] == '1' || s[1] == '3' || s[1] == '6')) { /* f32.inf, f64.nan */
        PrimType p = s[1] == '1' ? PRIM_F16 : s[1] == '3' ? PRIM_F32 : PRIM_F64;
        if (!strncmp(s + 3, ".inf", 4))
            l->num = catom_float(p, neg ? -INFINITY : INFINITY);
        else if (!strncmp(s + 3, ".nan", 4))
            l->num = catom_float(p, NAN);
        else
            perr(l, "a number");
        l->p = s + 7;
        return;
    }
    const char *q = s;
    while (is_digit(*q))
        q++;
    bool is_float = false;
    if (*q == '.') {
        is_float = true;
        q++;
        while (is_digit(*q))
            q++;
    }
    if (*q == 'e') {
        is_float = true;
        q++;
        if (*q == '+' || *q == '-')
            q++;
        while (is_digit(*q))
            q++;
    }
    const char *suf = q;
    while (is_ident(*q))
        q++;
    if (q == suf && !is_float) { /* a plain integer: sizes, dimensions, locations */
        l->num = catom_int(PRIM_NONE, strtoll(l->p, NULL, 10));
        l->p = q;
        return;
    }
    PrimType p = prim_from_name(intern_n(suf, (size_t)(q - suf)));
    if (p == PRIM_NONE || p == PRIM_BOOL || (is_float && !prim_is_float(p)))
        perr(l, "a type suffix on a number");
    char *digits = xstrndup(l->p, (size_t)(suf - l->p));
    if (prim_is_float(p))
        l->num = catom_float(p, strtod(digits, NULL));
    else if (prim_is_signed(p))
        l->num = catom_int(p, strtoll(digits, NULL, 10));
    else
        l->num = catom_int(p, (int64_t)strtoull(digits, NULL, 10));
    l->p = q;
}

static void next(Lx *l) {
    skip_space(l);
    l->loc = (Loc){l->file, l->line, (int)(l->p - l->line_start) + 1};
    char c = *l->p;
    if (!c) {
        l->kind = T_EOF;
        l->text = "end of input";
        return;
    }
    if (is_digit(c) || (c == '-' && (is_digit(l->p[1]) || l->p[1] == 'f'))) {
        l->kind = T_NUM;
        lex_number(l);
        return;
    }
    if ((c == 'f') && (!strncmp(l->p, "f16.", 4) || !strncmp(l->p, "f32.", 4) || !strncmp(l->p, "f64.", 4))) {
        l->kind = T_NUM;
        lex_number(l);
        return;
    }
    if (is_ident_start(c)) {
        const char *s = l->p;
        while (is_ident(*l->p))
            l->p++;
        l->kind = T_IDENT;
        l->text = intern_n(s, (size_t)(l->p - s));
        return;
    }
    if (c == '"') {
        StrBuf sb = {0};
        l->p++;
        while (*l->p != '"') {
            if (!*l->p || *l->p == '\n')
                perr(l, "the end of the string");
            if (*l->p == '\\') {
                l->p++;
                if (*l->p == 'n') {
                    sb_putc(&sb, '\n');
                    l->p++;
                } else if (*l->p == 'x') {
                    char hex[3] = {l->p[1], l->p[2], 0};
                    sb_putc(&sb, (char)strtol(hex, NULL, 16));
                    l->p += 3;
                } else {
                    sb_putc(&sb, *l->p++);
                }
            } else {
                sb_putc(&sb, *l->p++);
            }
        }
        l->p++;
        l->kind = T_STR;
        l->text = sb.data ? sb.data : "";
        return;
    }
    l->kind = T_PUNCT;
    if (c == '-' && l->p[1] == '>') {
        l->text = "->";
        l->p += 2;
        return;
    }
    if (!strchr("()[]{},:=<\\*@", c))
        perr(l, "a token");
    l->text = intern_n(l->p, 1);
    l->p++;
}

static bool is_punct(Lx *l, const char *s) { return l->kind == T_PUNCT && !strcmp(l->text, s); }
static bool is_kw(Lx *l, const char *s) { return l->kind == T_IDENT && !strcmp(l->text, s); }

static bool accept(Lx *l, const char *s) {
    if (is_punct(l, s) || is_kw(l, s)) {
        next(l);
        return true;
    }
    return false;
}

static void expect(Lx *l, const char *s) {
    if (!accept(l, s))
        perr(l, xsprintf("'%s'", s));
}

static const char *ident(Lx *l) {
    if (l->kind != T_IDENT)
        perr(l, "a name");
    const char *s = l->text;
    next(l);
    return s;
}

/* A plain decimal integer (no type suffix): dimension sizes, perm entries, locations. */
static int64_t plain_int(Lx *l) {
    if (l->kind != T_NUM || l->num.prim != PRIM_NONE)
        perr(l, "an integer");
    int64_t v = l->num.ival;
    next(l);
    return v;
}

static PrimType prim(Lx *l) {
    if (l->kind != T_IDENT)
        perr(l, "a primitive type");
    PrimType p = prim_from_name(l->text);
    if (p == PRIM_NONE)
        perr(l, "a primitive type");
    next(l);
    return p;
}

/* type ::= '*'? ('[' (INT | NAME)? ']')* PRIM */
static CType type(Lx *l) {
    bool unique = accept(l, "*");
    Vec(CDim) dims = {0};
    while (accept(l, "[")) {
        if (l->kind == T_IDENT)
            vec_push(&dims, cdim_var(ident(l)));
        else if (l->kind == T_NUM)
            vec_push(&dims, cdim_const(plain_int(l)));
        else
            vec_push(&dims, cdim_any());
        expect(l, "]");
    }
    CType t = ctype_array(prim(l), dims.len, dims.data);
    t.unique = unique;
    return t;
}

/* atom ::= NAME | NUM | 'true' | 'false' */
static CAtom atom(Lx *l) {
    if (l->kind == T_NUM) {
        if (l->num.prim == PRIM_NONE)
            perr(l, "a type suffix on a constant");
        CAtom a = l->num;
        next(l);
        return a;
    }
    if (accept(l, "true"))
        return catom_bool(true);
    if (accept(l, "false"))
        return catom_bool(false);
    return catom_var(ident(l));
}

/* atoms ::= '(' (atom (',' atom)*)? ')' */
static CAtomVec atoms(Lx *l) {
    CAtomVec v = {0};
    expect(l, "(");
    if (!accept(l, ")")) {
        do
            vec_push(&v, atom(l));
        while (accept(l, ","));
        expect(l, ")");
    }
    return v;
}

/* param ::= NAME ':' type */
static CParam param(Lx *l) {
    CParam p;
    p.name = ident(l);
    expect(l, ":");
    p.type = type(l);
    return p;
}

/* params ::= (param (',' param)*)?   (up to the closing parenthesis) */
static CParamVec params(Lx *l) {
    CParamVec v = {0};
    if (is_punct(l, ")"))
        return v;
    do
        vec_push(&v, param(l));
    while (accept(l, ","));
    return v;
}

/* types ::= '(' (type (',' type)*)? ')' */
static CTypeVec types(Lx *l) {
    CTypeVec v = {0};
    expect(l, "(");
    if (!accept(l, ")")) {
        do
            vec_push(&v, type(l));
        while (accept(l, ","));
        expect(l, ")");
    }
    return v;
}

static CBody *body(Lx *l);

/* lambda ::= '\' '(' params ')' '->' types body */
static CLambda *lambda(Lx *l) {
    CLambda *lam = clambda_new();
    expect(l, "\\");
    expect(l, "(");
    lam->params = params(l);
    expect(l, ")");
    expect(l, "->");
    lam->ret = types(l);
    lam->body = body(l);
    return lam;
}

/* operator ::= KW 'comm'? lambda atoms */
static COperator operator(Lx *l) {
    COperator o = {0};
    o.comm = accept(l, "comm");
    o.lam = lambda(l);
    o.nes = atoms(l);
    return o;
}

/* slice ::= '[' (atom (':' atom ':' atom)?) (',' ...)* ']' */
static CIndexVec slice(Lx *l) {
    CIndexVec v = {0};
    expect(l, "[");
    if (!accept(l, "]")) {
        do {
            CIndex ix = {0};
            ix.start = atom(l);
            if (accept(l, ":")) {
                ix.is_slice = true;
                ix.end = atom(l);
                expect(l, ":");
                ix.stride = atom(l);
            }
            vec_push(&v, ix);
        } while (accept(l, ","));
        expect(l, "]");
    }
    return v;
}

static void push_atoms(Lx *l, CExp *e, int n) {
    for (int i = 0; i < n; i++)
        vec_push(&e->args, atom(l));
}

/* The name of a CE_THRESHOLD (user false) or CE_TUNING (user true): one of the program's
 * tuning parameters, declared at the top. */
static void tuning_name(Lx *l, CExp *e, bool user) {
    if (l->kind != T_STR)
        perr(l, user ? "a parameter's name" : "a threshold's name");
    e->msg = l->text;
    e->dim = -1;
    for (int i = 0; i < l->prog->thresholds.len; i++)
        if (!strcmp(l->prog->thresholds.data[i].name, e->msg) && l->prog->thresholds.data[i].user == user)
            e->dim = i;
    if (e->dim < 0)
        error_at(l->loc, "core: unknown %s \"%s\"", user ? "param" : "threshold", e->msg);
    next(l);
}

/* exp ::= atom | OP PRIM PRIM? atom* | if atom then body else body | loop ... | index atom slice
 *       | update atom slice '=' atom | size INT atom | iota atom | replicate atom atom
 *       | rearrange '(' INT,* ')' atom | flatten atom | unflatten atom atom atom
 *       | concat atom+ | copy atom | rotate atom atom | array type '[' atom,* ']'
 *       | assert atom atom* STRING | apply NAME atoms | threshold STRING atom | tuning STRING
 *       | screma atom atoms (scan operator)* (reduce operator)* map lambda
 *       | scatter atom atoms atoms map lambda | hist atom atoms atoms op operator map lambda
 *       | (filter | partition) atom atoms map lambda
 *   followed by an optional location '@' STRING ':' INT ':' INT */
static CExp *expr(Lx *l) {
    Loc loc = l->loc;
    if (l->kind != T_IDENT || !strcmp(l->text, "true") || !strcmp(l->text, "false")) {
        CExp *e = cexp_new(CE_ATOM, loc);
        vec_push(&e->args, atom(l));
        return e;
    }
    const char *kw = l->text;
    CExp *e;
    int op = core_op_lookup(kw);
    if (op >= 0) {
        next(l);
        e = cexp_new(CE_OP, loc);
        e->op = (COp)op;
        e->prim = prim(l);
        if (core_ops[op].flags & OPF_CONV)
            e->prim2 = prim(l);
        push_atoms(l, e, core_ops[op].arity);
    } else if (accept(l, "if")) {
        e = cexp_new(CE_IF, loc);
        push_atoms(l, e, 1);
        expect(l, "then");
        e->body = body(l);
        expect(l, "else");
        e->body2 = body(l);
    } else if (accept(l, "loop")) {
        e = cexp_new(CE_LOOP, loc);
        expect(l, "(");
        if (!is_punct(l, ")")) {
            do {
                vec_push(&e->params, param(l));
                expect(l, "=");
                vec_push(&e->args, atom(l));
            } while (accept(l, ","));
        }
        expect(l, ")");
        if (accept(l, "for")) {
            e->index = ident(l);
            expect(l, "<");
            e->bound = atom(l);
        } else {
            expect(l, "while");
            e->cond = ident(l);
        }
        expect(l, "do");
        e->body = body(l);
    } else if (is_kw(l, "index") || is_kw(l, "index_inrange")) {
        e = cexp_new(CE_INDEX, loc);
        e->in_range = is_kw(l, "index_inrange");
        next(l);
        push_atoms(l, e, 1);
        e->slice = slice(l);
    } else if (accept(l, "update")) {
        e = cexp_new(CE_UPDATE, loc);
        push_atoms(l, e, 1);
        e->slice = slice(l);
        expect(l, "=");
        push_atoms(l, e, 1);
    } else if (accept(l, "size")) {
        e = cexp_new(CE_SIZE, loc);
        e->dim = (int)plain_int(l);
        push_atoms(l, e, 1);
    } else if (accept(l, "iota")) {
        e = cexp_new(CE_IOTA, loc);
        push_atoms(l, e, 1);
    } else if (accept(l, "replicate")) {
        e = cexp_new(CE_REPLICATE, loc);
        push_atoms(l, e, 2);
    } else if (accept(l, "rearrange")) {
        e = cexp_new(CE_REARRANGE, loc);
        expect(l, "(");
        do
            vec_push(&e->perm, (int)plain_int(l));
        while (accept(l, ","));
        expect(l, ")");
        push_atoms(l, e, 1);
    } else if (accept(l, "flatten")) {
        e = cexp_new(CE_FLATTEN, loc);
        push_atoms(l, e, 1);
    } else if (accept(l, "unflatten")) {
        e = cexp_new(CE_UNFLATTEN, loc);
        push_atoms(l, e, 3);
    } else if (accept(l, "concat")) {
        e = cexp_new(CE_CONCAT, loc);
        do
            push_atoms(l, e, 1);
        while (l->kind == T_IDENT && strcmp(l->text, "let") && strcmp(l->text, "in"));
    } else if (accept(l, "copy")) {
        e = cexp_new(CE_COPY, loc);
        push_atoms(l, e, 1);
    } else if (accept(l, "rotate")) {
        e = cexp_new(CE_ROTATE, loc);
        push_atoms(l, e, 2);
    } else if (accept(l, "array")) {
        e = cexp_new(CE_ARRAY, loc);
        e->type = type(l);
        expect(l, "[");
        if (!accept(l, "]")) {
            do
                push_atoms(l, e, 1);
            while (accept(l, ","));
            expect(l, "]");
        }
    } else if (accept(l, "assert")) {
        e = cexp_new(CE_ASSERT, loc);
        push_atoms(l, e, 1);
        if (l->kind != T_STR)
            perr(l, "a message");
        e->msg = l->text;
        next(l);
        if (l->kind == T_PUNCT && !strcmp(l->text, "(")) {
            CAtomVec rest = atoms(l);
            for (int i = 0; i < rest.len; i++)
                vec_push(&e->args, rest.data[i]);
        }
    } else if (accept(l, "apply")) {
        e = cexp_new(CE_APPLY, loc);
        e->fname = ident(l);
        e->args = atoms(l);
    } else if (accept(l, "segmap") || accept(l, "segred") || accept(l, "segscan")) {
        /* segop LEVEL '(' NAME '<' atom (',' ...)* ')' ('scan' op)* ('reduce' op)* body */
        e = cexp_new(CE_SEGOP, loc);
        e->seg = !strcmp(kw, "segmap") ? SEG_MAP : !strcmp(kw, "segred") ? SEG_RED : SEG_SCAN;
        if (accept(l, "grid"))
            e->level = SEG_GRID;
        else if (accept(l, "block"))
            e->level = SEG_BLOCK;
        else
            perr(l, "grid or block");
        expect(l, "(");
        do {
            vec_push(&e->params, ((CParam){ident(l), ctype_prim(PRIM_I64)}));
            expect(l, "<");
            if (accept(l, "seg")) {
                e->irregular = true;
                e->segs = atom(l);
            }
            push_atoms(l, e, 1);
        } while (accept(l, ","));
        expect(l, ")");
        if (accept(l, "bins")) {
            e->binned = true;
            e->bins[0] = atom(l);
            e->bins[1] = atom(l);
        }
        if (accept(l, "mask")) {
            e->masked = true;
            e->mask = atom(l);
        }
        if (accept(l, "concat"))
            e->offsets = atoms(l);
        while (accept(l, "scan"))
            vec_push(&e->scans, operator(l));
        while (accept(l, "reduce"))
            vec_push(&e->reds, operator(l));
        e->body = body(l);
    } else if (accept(l, "threshold")) {
        e = cexp_new(CE_THRESHOLD, loc);
        tuning_name(l, e, false);
        push_atoms(l, e, 1);
    } else if (accept(l, "tuning")) {
        e = cexp_new(CE_TUNING, loc);
        tuning_name(l, e, true);
    } else if (accept(l, "screma")) {
        e = cexp_new(CE_SCREMA, loc);
        push_atoms(l, e, 1);
        e->arrays = atoms(l);
        while (accept(l, "scan"))
            vec_push(&e->scans, operator(l));
        while (accept(l, "reduce"))
            vec_push(&e->reds, operator(l));
        expect(l, "map");
        e->lam = lambda(l);
        if (accept(l, "concat"))
            e->offsets = atoms(l);
    } else if (accept(l, "scatter") || accept(l, "hist")) {
        bool hist = !strcmp(kw, "hist");
        e = cexp_new(hist ? CE_HIST : CE_SCATTER, loc);
        push_atoms(l, e, 1);
        e->dests = atoms(l);
        e->arrays = atoms(l);
        if (accept(l, "rows")) {
            e->irregular = true;
            e->segs = atom(l);
        }
        if (hist) {
            expect(l, "op");
            vec_push(&e->reds, operator(l));
        }
        expect(l, "map");
        e->lam = lambda(l);
    } else if (accept(l, "filter") || accept(l, "partition")) {
        e = cexp_new(CE_FILTER, loc);
        e->partition = !strcmp(kw, "partition");
        push_atoms(l, e, 1);
        e->arrays = atoms(l);
        expect(l, "map");
        e->lam = lambda(l);
    } else {
        e = cexp_new(CE_ATOM, loc);
        vec_push(&e->args, atom(l));
        return e;
    }
    if (accept(l, "@")) {
        if (l->kind != T_STR)
            perr(l, "a file name");
        const char *file = intern(l->text);
        next(l);
        expect(l, ":");
        int line = (int)plain_int(l);
        expect(l, ":");
        int col = (int)plain_int(l);
        e->loc = (Loc){file, line, col};
    } else {
        e->loc = (Loc){0};
    }
    return e;
}

/* stm ::= 'let' ('(' ')' | param (',' param)*) '=' exp */
static void stm(Lx *l, CBody *b) {
    expect(l, "let");
    CParamVec pat = {0};
    if (accept(l, "(")) {
        expect(l, ")");
    } else {
        do
            vec_push(&pat, param(l));
        while (accept(l, ","));
    }
    expect(l, "=");
    cbody_let(b, pat, expr(l));
}

/* body ::= '{' stm* 'in' atoms '}' */
static CBody *body(Lx *l) {
    CBody *b = cbody_new();
    expect(l, "{");
    while (is_kw(l, "let"))
        stm(l, b);
    expect(l, "in");
    b->result = atoms(l);
    expect(l, "}");
    return b;
}

/* fun ::= ('fn' | 'entry') NAME ('[' NAME (',' NAME)* ']')? '(' params ')' '->' types body */
static CFun *fun(Lx *l) {
    Loc loc = l->loc;
    bool entry = false;
    if (accept(l, "entry"))
        entry = true;
    else
        expect(l, "fn");
    CFun *f = cfun_new(ident(l), loc);
    f->is_entry = entry;
    if (accept(l, "[")) {
        do
            vec_push(&f->sizes, ident(l));
        while (accept(l, ","));
        expect(l, "]");
    }
    expect(l, "(");
    f->params = params(l);
    expect(l, ")");
    expect(l, "->");
    f->ret = types(l);
    f->body = body(l);
    return f;
}

/* prog ::= fun* */
CProg *core_parse(const char *file, const char *text) {
    Lx l = {0};
    l.file = intern(file);
    l.src = l.p = l.line_start = text;
    l.line = 1;
    source_register(l.file, text);
    next(&l);
    CProg *p = xmalloc(sizeof *p);
    l.prog = p;
    /* ('threshold' STRING '=' INT | 'param' STRING)* : the program's tuning parameters */
    for (;;) {
        bool user = accept(&l, "param");
        if (!user && !accept(&l, "threshold"))
            break;
        if (l.kind != T_STR)
            perr(&l, user ? "a parameter's name" : "a threshold's name");
        CThreshold t = {l.text, 0, user};
        next(&l);
        if (!user) {
            expect(&l, "=");
            t.dflt = plain_int(&l);
        }
        vec_push(&p->thresholds, t);
    }
    while (l.kind != T_EOF)
        vec_push(&p->funs, fun(&l));
    return p;
}
