/* parser.c — recursive-descent parser for weft's Futhark syntax (see ast.h for the tree).
 *
 * Design
 *  - The lexer (lexer.c) produces all tokens first; the parser walks the array with a cursor,
 *    so any lookahead is a plain index.
 *  - Expressions are parsed in layers, loosest first:
 *        expr    := with_e [(':' | ':>') type]*           ascription / coercion
 *        with_e  := range_e ...                           (see parse_with)
 *        range_e := binop [('..' binop)] ('..<'|'..>'|'...') binop
 *        binop   := precedence climbing over Futhark's operator table (binop_info)
 *        unary   := '-' unary | '!' unary | apply
 *        apply   := leading-keyword forms (let, if, loop, \, #[..]) | postfix postfix*
 *        postfix := atom ('[' index ']' | '.' field)*       no space before '[' or '.'
 *  - Operator precedence (loosest to tightest), following Futhark's classification by leading
 *    characters:  `f` (backticks) ; |> ; <| (right) ; || ; && ; == != < <= > >= >-> <-< ;
 *    & ^ | ; << >> >>> ; + - ++ ; * / % // %% ; ** (right) ; then application.
 *  - Qualified names: `a.b` (no spaces) is a qualified name when `a` is a namespace: a primitive
 *    type name (f32, i64, ...) or `intrinsics`.  Otherwise `a.b` is a field projection.
 *  - `a[i]` (no space before '[') is indexing; `f [1, 2]` is application to an array literal.
 *  - Sugar is removed as ast.h says: pipes become applications, `let a[i] = v` an update.
 *  - Parentheses are not kept in the tree (no E_PAREN); the printer re-adds them.
 *  - Recursion depth is bounded (MAX_DEPTH) so that deeply nested input gives an error, and
 *    chains of `let` are parsed iteratively so long function bodies do not count against it.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "parser.h"

#define MAX_DEPTH 2000
/* Longest left-nested chain (a + b + ..., a[i][j]..., let ... let ...) built by one loop:
 * later passes recurse over the tree, so its height must stay bounded too. */
#define MAX_CHAIN 20000

typedef struct {
    Token *toks;
    int pos, len;
    int depth;
    Token *negated_lit; /* an integer literal directly after unary minus */
} Parser;

/* ---- token helpers ---- */

static Token *peek(Parser *ps) {
    return &ps->toks[ps->pos];
}

static Token *peek_at(Parser *ps, int k) {
    int i = ps->pos + k;
    return &ps->toks[i < ps->len ? i : ps->len - 1];
}

static Token *next(Parser *ps) {
    Token *t = &ps->toks[ps->pos];
    if (t->kind != TOK_EOF)
        ps->pos++;
    return t;
}

static bool is_kw(const Token *t, const char *kw) {
    return t->kind == TOK_KEYWORD && t->text == intern(kw);
}

static bool is_op(const Token *t, const char *op) {
    return t->kind == TOK_OP && t->text == intern(op);
}

static _Noreturn void expected(Parser *ps, const char *what) {
    Token *t = peek(ps);
    error_at(t->loc, "Unexpected %s, expected %s", tok_describe(t), what);
}

static Token *expect(Parser *ps, TokKind k, const char *what) {
    if (peek(ps)->kind != k)
        expected(ps, what);
    return next(ps);
}

static void expect_kw(Parser *ps, const char *kw) {
    if (!is_kw(peek(ps), kw))
        expected(ps, xsprintf("'%s'", kw));
    next(ps);
}

static void expect_op(Parser *ps, const char *op) {
    if (!is_op(peek(ps), op))
        expected(ps, xsprintf("'%s'", op));
    next(ps);
}

static const char *expect_ident(Parser *ps, const char *what) {
    return expect(ps, TOK_IDENT, what)->text;
}

static void enter(Parser *ps) {
    if (++ps->depth > MAX_DEPTH)
        error_at(peek(ps)->loc, "expression nested too deeply");
}

static void leave(Parser *ps) {
    ps->depth--;
}

static void chain_step(Parser *ps, int *count) {
    if (++*count > MAX_CHAIN)
        error_at(peek(ps)->loc, "expression too long (more than %d chained terms)", MAX_CHAIN);
}

/* A namespace for qualified names: a primitive type name or `intrinsics`. */
static bool is_namespace(const char *name) {
    return prim_from_name(name) != PRIM_NONE || name == intern("intrinsics");
}

/* Is the token at offset k a qualified-name continuation: '.' ident with no spaces? */
static bool qualified_at(Parser *ps, int k) {
    Token *a = peek_at(ps, k), *dot = peek_at(ps, k + 1), *b = peek_at(ps, k + 2);
    return a->kind == TOK_IDENT && is_namespace(a->text) && dot->kind == TOK_DOT &&
           !dot->space_before && (b->kind == TOK_IDENT || b->kind == TOK_KEYWORD) &&
           !b->space_before;
}

static Expr *parse_expr(Parser *ps);
static Expr *parse_with(Parser *ps);
static Expr *parse_binop(Parser *ps, int min_prec);
static Pat *parse_pat_atom(Parser *ps);
static Pat *parse_pattern(Parser *ps);
static Expr *int_literal(Parser *ps, Token *t);
static Expr *float_literal(Token *t);
static TypeExp *parse_type(Parser *ps);
static TypeExp *parse_type_app(Parser *ps);
static TypeExp *parse_sum_type(Parser *ps);

/* ---- attributes ---- */

/* attr := (ident | int | keyword) ['(' attr {',' attr} ')'] */
static Attr *parse_attr(Parser *ps) {
    enter(ps);
    Token *t = peek(ps);
    if (t->kind != TOK_IDENT && t->kind != TOK_INT && t->kind != TOK_KEYWORD)
        expected(ps, "attribute name");
    next(ps);
    Attr *a = xmalloc(sizeof *a);
    a->name = t->text;
    a->loc = t->loc;
    if (peek(ps)->kind == TOK_LPAREN) {
        next(ps);
        if (peek(ps)->kind != TOK_RPAREN) {
            do
                vec_push(&a->args, parse_attr(ps));
            while (peek(ps)->kind == TOK_COMMA && next(ps));
        }
        expect(ps, TOK_RPAREN, "')'");
    }
    leave(ps);
    return a;
}

/* attrs := { '#[' attr ']' } */
static void parse_attrs(Parser *ps, AttrVec *out) {
    while (peek(ps)->kind == TOK_HASHBRACKET) {
        next(ps);
        vec_push(out, parse_attr(ps));
        expect(ps, TOK_RBRACKET, "']'");
    }
}

/* ---- types ---- */

/* dim := '[' [ident | int | expr] ']'   (the '[' is the current token) */
static DimExp parse_dim(Parser *ps) {
    DimExp d = {0};
    d.loc = next(ps)->loc;
    Token *t = peek(ps), *after = peek_at(ps, 1);
    if (t->kind == TOK_RBRACKET) {
        d.kind = DIM_ANY;
    } else if (t->kind == TOK_IDENT && after->kind == TOK_RBRACKET) {
        d.kind = DIM_NAME;
        d.name = next(ps)->text;
    } else if (t->kind == TOK_INT && (t->prim == PRIM_NONE || t->prim == PRIM_I64) &&
               after->kind == TOK_RBRACKET) {
        if (t->ival > (uint64_t)INT64_MAX)
            error_at(t->loc, "array size too large");
        d.kind = DIM_CONST;
        d.value = (int64_t)next(ps)->ival;
    } else {
        d.kind = DIM_EXPR;
        d.loc = t->loc;
        d.expr = parse_expr(ps);
    }
    expect(ps, TOK_RBRACKET, "']'");
    return d;
}

/* After a ',' of a list closed by `close`: false when the list ends there (a trailing comma). */
static bool more_after_comma(Parser *ps, TokKind close) {
    return peek(ps)->kind != close;
}

/* qualname := ident {'.' ident}   (no spaces around the dots); the path before the last name
 * goes to *qual ("M", "M.N"), NULL when there is none. */
static const char *parse_qualname(Parser *ps, const char **qual) {
    const char *name = expect_ident(ps, "a name");
    StrBuf path = {0};
    while (peek(ps)->kind == TOK_DOT && !peek(ps)->space_before && peek_at(ps, 1)->kind == TOK_IDENT &&
           !peek_at(ps, 1)->space_before) {
        sb_printf(&path, "%s%s", path.len ? "." : "", name);
        next(ps);
        name = next(ps)->text;
    }
    *qual = path.len ? intern(path.data) : NULL;
    return name;
}

/* Can the current token start a type argument of an alias application? */
static bool starts_type_arg(Parser *ps) {
    Token *t = peek(ps);
    return (t->kind == TOK_IDENT && t->text != intern("val")) || t->kind == TOK_LPAREN ||
           t->kind == TOK_LBRACE || t->kind == TOK_LBRACKET;
}

/* type_tuple := '(' [type {',' type}] ')'   — a single type in parentheses is just that type */
static TypeExp *parse_type_parens(Parser *ps) {
    Loc loc = next(ps)->loc;
    TypeExp *tup = texp_new(TE_TUPLE, loc);
    if (peek(ps)->kind != TOK_RPAREN) {
        do
            vec_push(&tup->elems, parse_type(ps));
        while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RPAREN));
    }
    expect(ps, TOK_RPAREN, "',' or ')'");
    return tup->elems.len == 1 ? tup->elems.data[0] : tup;
}

/* field_name := ident | decimal   (a record's field; {0: a, 1: b} is the tuple (a, b)) */
static const char *parse_record_field(Parser *ps) {
    Token *t = peek(ps);
    if (t->kind == TOK_INT && t->radix == 10 && t->prim == PRIM_NONE) {
        next(ps);
        return intern(xsprintf("%llu", (unsigned long long)t->ival));
    }
    return expect_ident(ps, "field name");
}

/* Fields 0, 1, ..., n-1 (n >= 2, any order): the positions of a tuple in perm (perm[i] is the
 * element written at position i), else false. */
static bool tuple_fields(const NameVec *fields, int *perm) {
    int n = fields->len;
    if (n < 2)
        return false;
    for (int i = 0; i < n; i++)
        perm[i] = -1;
    for (int i = 0; i < n; i++) {
        const char *f = fields->data[i];
        char *end;
        long k = strtol(f, &end, 10);
        if (*end || f[0] < '0' || f[0] > '9' || (f[0] == '0' && f[1]) || k >= n || perm[k] >= 0)
            return false;
        perm[k] = i;
    }
    return true;
}

/* type_record := '{' [field ':' type {',' field ':' type}] '}' */
static TypeExp *parse_type_record(Parser *ps) {
    TypeExp *r = texp_new(TE_RECORD, next(ps)->loc);
    if (peek(ps)->kind != TOK_RBRACE) {
        do {
            vec_push(&r->fields, parse_record_field(ps));
            expect(ps, TOK_COLON, "':'");
            vec_push(&r->elems, parse_type(ps));
        } while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RBRACE));
    }
    expect(ps, TOK_RBRACE, "',' or '}'");
    int perm[64];
    if (r->fields.len <= 64 && tuple_fields(&r->fields, perm)) {
        TypeExp *tup = texp_new(TE_TUPLE, r->loc);
        for (int i = 0; i < r->fields.len; i++)
            vec_push(&tup->elems, r->elems.data[perm[i]]);
        return tup;
    }
    return r;
}

/* type_atom := prim | qualname | '(' types ')' | '{' fields '}' */
static TypeExp *parse_type_atom(Parser *ps) {
    Token *t = peek(ps);
    if (t->kind == TOK_LPAREN)
        return parse_type_parens(ps);
    if (t->kind == TOK_LBRACE)
        return parse_type_record(ps);
    if (t->kind != TOK_IDENT)
        expected(ps, "a type");
    TypeExp *n = texp_new(TE_NAME, t->loc);
    n->name = parse_qualname(ps, &n->qual);
    n->prim = n->qual ? PRIM_NONE : prim_from_name(n->name);
    return n;
}

/* type_app := '*' type_app | '[' dim ']' type_app | name {type_arg} | type_atom
 * type_arg := '[' dim ']' | type_atom */
static TypeExp *parse_type_app(Parser *ps) {
    enter(ps);
    Token *t = peek(ps);
    TypeExp *r;
    if (is_op(t, "*")) {
        next(ps);
        r = texp_new(TE_UNIQUE, t->loc);
        r->elem = parse_type_app(ps);
    } else if (t->kind == TOK_LBRACKET) {
        r = texp_new(TE_ARRAY, t->loc);
        r->dim = parse_dim(ps);
        r->elem = peek(ps)->kind == TOK_CONSTR ? parse_sum_type(ps) : parse_type_app(ps);
    } else if (t->kind == TOK_IDENT) {
        r = parse_type_atom(ps);
        if (r->prim == PRIM_NONE && starts_type_arg(ps)) {
            r->kind = TE_APPLY;
            while (starts_type_arg(ps)) {
                if (peek(ps)->kind == TOK_LBRACKET)
                    vec_push(&r->dim_args, parse_dim(ps));
                else
                    vec_push(&r->elems, parse_type_atom(ps));
            }
        }
    } else {
        r = parse_type_atom(ps);
    }
    leave(ps);
    return r;
}

/* exist := '?' '[' ident ']' {'[' ident ']'} '.' type   (the '?' is current) */
static TypeExp *parse_exist_type(Parser *ps) {
    TypeExp *r = texp_new(TE_EXIST, next(ps)->loc);
    do {
        expect(ps, TOK_LBRACKET, "'[' after '?'");
        vec_push(&r->fields, expect_ident(ps, "a size name"));
        expect(ps, TOK_RBRACKET, "']'");
    } while (peek(ps)->kind == TOK_LBRACKET);
    expect(ps, TOK_DOT, "'.' after the existential sizes");
    r->elem = parse_type(ps);
    return r;
}

/* A constructor's payload item: a type atom or an array type (#some [n]i32). */
static bool starts_payload(Parser *ps) {
    TokKind k = peek(ps)->kind;
    return (k == TOK_IDENT && peek(ps)->text != intern("val")) || k == TOK_LPAREN || k == TOK_LBRACE ||
           k == TOK_LBRACKET;
}

/* sum := constructor {payload} {'|' constructor {payload}}   (the first constructor is current) */
static TypeExp *parse_sum_type(Parser *ps) {
    TypeExp *r = texp_new(TE_SUM, peek(ps)->loc);
    do {
        Token *c = expect(ps, TOK_CONSTR, "a constructor");
        vec_push(&r->fields, c->text);
        TypeExp *payload = texp_new(TE_TUPLE, c->loc);
        while (starts_payload(ps))
            vec_push(&payload->elems, peek(ps)->kind == TOK_LBRACKET ? parse_type_app(ps) : parse_type_atom(ps));
        vec_push(&r->elems, payload);
    } while (is_op(peek(ps), "|") && next(ps));
    return r;
}

/* type := '(' ident ':' type ')' '->' type | exist | sum | type_app ['->' type] */
static TypeExp *parse_type(Parser *ps) {
    enter(ps);
    TypeExp *r;
    Token *t = peek(ps);
    if (t->kind == TOK_QUESTION) {
        r = parse_exist_type(ps);
    } else if (t->kind == TOK_CONSTR) {
        r = parse_sum_type(ps);
    } else if (t->kind == TOK_LPAREN && peek_at(ps, 1)->kind == TOK_IDENT &&
        peek_at(ps, 2)->kind == TOK_COLON) {
        next(ps);
        r = texp_new(TE_ARROW, t->loc);
        r->name = next(ps)->text;
        next(ps);
        r->elem = parse_type(ps);
        expect(ps, TOK_RPAREN, "')'");
        if (!is_op(peek(ps), "->"))
            expected(ps, "'->' after a named parameter type");
        next(ps);
        r->ret = parse_type(ps);
    } else {
        r = parse_type_app(ps);
        if (is_op(peek(ps), "->")) {
            TypeExp *a = texp_new(TE_ARROW, r->loc);
            next(ps);
            a->elem = r;
            a->ret = parse_type(ps);
            r = a;
        }
    }
    leave(ps);
    return r;
}

/* ---- patterns ---- */

/* pat_record := '{' [field {',' field}] '}'  ;  field := field_name ['=' pattern] */
static Pat *parse_pat_record(Parser *ps) {
    Pat *p = pat_new(P_RECORD, next(ps)->loc);
    if (peek(ps)->kind != TOK_RBRACE) {
        do {
            Token *f = peek(ps);
            const char *name = parse_record_field(ps);
            vec_push(&p->fields, name);
            if (is_op(peek(ps), "=")) {
                next(ps);
                vec_push(&p->elems, parse_pattern(ps));
            } else {
                if (f->kind != TOK_IDENT)
                    expected(ps, "'=' after a numeric field");
                Pat *id = pat_new(P_ID, f->loc);
                id->name = name;
                vec_push(&p->elems, id);
            }
        } while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RBRACE));
    }
    expect(ps, TOK_RBRACE, "',' or '}'");
    int perm[64];
    if (p->fields.len <= 64 && tuple_fields(&p->fields, perm)) {
        Pat *tup = pat_new(P_TUPLE, p->loc);
        for (int i = 0; i < p->fields.len; i++)
            vec_push(&tup->elems, p->elems.data[perm[i]]);
        return tup;
    }
    return p;
}

/* pat_parens := '(' ')' | '(' pattern [':' type] {',' pattern [':' type]} ')' */
static Pat *parse_pat_parens(Parser *ps) {
    Pat *tup = pat_new(P_TUPLE, next(ps)->loc);
    if (peek(ps)->kind != TOK_RPAREN) {
        do
            vec_push(&tup->elems, parse_pattern(ps));
        while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RPAREN));
    }
    expect(ps, TOK_RPAREN, "',' or ')'");
    return tup->elems.len == 1 ? tup->elems.data[0] : tup;
}

static bool starts_pat_atom(Parser *ps);

/* A literal pattern (in a match's case): an integer, float, character or boolean, perhaps
 * negated. */
static bool starts_pat_literal(Parser *ps) {
    Token *t = peek(ps);
    if (is_op(t, "-"))
        t = peek_at(ps, 1);
    return t->kind == TOK_INT || t->kind == TOK_FLOAT || t->kind == TOK_CHAR || is_kw(t, "true") ||
           is_kw(t, "false");
}

/* pat_literal := ['-'] (int | float) | char | 'true' | 'false' */
static Pat *parse_pat_literal(Parser *ps) {
    Pat *p = pat_new(P_LITERAL, peek(ps)->loc);
    Token *t = next(ps);
    Expr *lit;
    if (is_op(t, "-")) {
        Token *n = next(ps);
        if (n->kind == TOK_INT)
            ps->negated_lit = n;
        lit = expr_new(E_NEG, t->loc);
        lit->lhs = n->kind == TOK_INT ? int_literal(ps, n) : float_literal(n);
    } else if (t->kind == TOK_INT) {
        lit = int_literal(ps, t);
    } else if (t->kind == TOK_FLOAT) {
        lit = float_literal(t);
    } else if (t->kind == TOK_CHAR) {
        lit = expr_new(E_CHAR, t->loc);
        lit->ival = t->ival;
    } else {
        lit = expr_new(E_BOOL, t->loc);
        lit->ival = is_kw(t, "true");
    }
    p->lit = lit;
    return p;
}

/* pat_atom := ident | '_' | '(' op ')' | pat_parens | pat_record | '#[' attr ']' pat_atom
 *           | constructor | pat_literal
 * '(' op ')' binds an operator (a parameter `((<=): t -> t -> bool)` used infix in the body). */
static Pat *parse_pat_atom(Parser *ps) {
    enter(ps);
    Token *t = peek(ps);
    Pat *p;
    if (t->kind == TOK_LPAREN && peek_at(ps, 1)->kind == TOK_OP && peek_at(ps, 2)->kind == TOK_RPAREN) {
        next(ps);
        p = pat_new(P_ID, t->loc);
        p->name = next(ps)->text;
        next(ps);
    } else if (t->kind == TOK_IDENT) {
        next(ps);
        if (t->text == intern("_")) {
            p = pat_new(P_WILDCARD, t->loc);
        } else {
            p = pat_new(P_ID, t->loc);
            p->name = t->text;
        }
    } else if (t->kind == TOK_LPAREN) {
        p = parse_pat_parens(ps);
    } else if (t->kind == TOK_LBRACE) {
        p = parse_pat_record(ps);
    } else if (t->kind == TOK_HASHBRACKET) {
        AttrVec attrs = {0};
        parse_attrs(ps, &attrs);
        p = parse_pat_atom(ps);
        for (int i = 0; i < attrs.len; i++)
            vec_push(&p->attrs, attrs.data[i]);
    } else if (t->kind == TOK_CONSTR) {
        next(ps);
        p = pat_new(P_CONSTR, t->loc);
        p->name = t->text;
    } else if (starts_pat_literal(ps)) {
        p = parse_pat_literal(ps);
    } else {
        expected(ps, "a pattern");
    }
    leave(ps);
    return p;
}

/* pattern := constructor {pat_atom} [':' type] | pat_atom [':' type] */
static Pat *parse_pattern(Parser *ps) {
    Pat *p;
    if (peek(ps)->kind == TOK_CONSTR) {
        Token *c = next(ps);
        p = pat_new(P_CONSTR, c->loc);
        p->name = c->text;
        while (starts_pat_atom(ps) || peek(ps)->kind == TOK_CONSTR || starts_pat_literal(ps))
            vec_push(&p->elems, parse_pat_atom(ps));
    } else {
        p = parse_pat_atom(ps);
    }
    if (peek(ps)->kind == TOK_COLON) {
        next(ps);
        Pat *a = pat_new(P_ASCRIBE, p->loc);
        a->inner = p;
        a->texp = parse_type(ps);
        return a;
    }
    return p;
}

static bool starts_pat_atom(Parser *ps) {
    TokKind k = peek(ps)->kind;
    return k == TOK_IDENT || k == TOK_LPAREN || k == TOK_LBRACE || k == TOK_HASHBRACKET;
}

/* type_params := { "'" ident | "'^" ident | "'~" ident | '[' ident ']' } */
static void parse_type_params(Parser *ps, TypeParamVec *out) {
    for (;;) {
        Token *t = peek(ps);
        TypeParam tp = {0};
        tp.loc = t->loc;
        if (t->kind == TOK_TICK || t->kind == TOK_TICK_HAT || t->kind == TOK_TICK_TILDE) {
            next(ps);
            tp.lifted = t->kind == TOK_TICK_HAT;
            tp.size_lifted = t->kind == TOK_TICK_TILDE;
            tp.name = expect_ident(ps, "type parameter name");
        } else if (t->kind == TOK_LBRACKET) {
            next(ps);
            tp.is_size = true;
            tp.name = expect_ident(ps, "size parameter name");
            expect(ps, TOK_RBRACKET, "']'");
        } else {
            return;
        }
        vec_push(out, tp);
    }
}

/* ---- literals ---- */

/* Range check of an integer literal against its suffix type; `negated` allows -128i8. */
static void check_int_range(Token *t, bool negated) {
    if (t->prim == PRIM_NONE)
        return;
    int bits = prim_bits(t->prim);
    uint64_t umax = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    uint64_t limit = umax;
    if (prim_is_signed(t->prim) && t->radix == 10)
        limit = (UINT64_C(1) << (bits - 1)) - (negated ? 0 : 1);
    if (t->ival > limit)
        error_at(t->loc, "integer literal %s out of range for type %s", t->text,
                 prim_name(t->prim));
}

/* Two's-complement bits of a suffixed literal: sign-extend signed hex/binary patterns. */
static uint64_t literal_bits(Token *t) {
    if (t->prim == PRIM_NONE || !prim_is_signed(t->prim) || prim_bits(t->prim) == 64)
        return t->ival;
    int bits = prim_bits(t->prim);
    uint64_t sign = UINT64_C(1) << (bits - 1);
    uint64_t v = t->ival & ((UINT64_C(1) << bits) - 1);
    return (v ^ sign) - sign;
}

static Expr *int_literal(Parser *ps, Token *t) {
    check_int_range(t, t == ps->negated_lit);
    Expr *e = expr_new(E_INT, t->loc);
    e->ival = literal_bits(t);
    e->prim = t->prim;
    e->bit_pattern = t->radix != 10;
    return e;
}

static Expr *float_literal(Token *t) {
    if (t->fval > prim_float_max(t->prim == PRIM_NONE ? PRIM_F64 : t->prim))
        error_at(t->loc, "float literal %s out of %s for type %s", t->text,
                 t->prim == PRIM_NONE ? "bounds" : "range", t->prim == PRIM_NONE ? "f64" : prim_name(t->prim));
    Expr *e = expr_new(E_FLOAT, t->loc);
    e->fval = t->fval;
    e->prim = t->prim;
    return e;
}

/* ---- expressions: atoms ---- */

static bool is_binop_token(Parser *ps, int k);
static int qualified_binop_at(Parser *ps);

/* index := [expr] [':' [expr] [':' [expr]]]  (inside a '[' ... ']' list) */
static DimIndex parse_dim_index(Parser *ps) {
    DimIndex d = {0};
    d.loc = peek(ps)->loc;
    TokKind k = peek(ps)->kind;
    if (k != TOK_COLON)
        d.start = parse_with(ps);
    if (peek(ps)->kind != TOK_COLON)
        return d;
    d.is_slice = true;
    next(ps);
    k = peek(ps)->kind;
    if (k != TOK_COLON && k != TOK_COMMA && k != TOK_RBRACKET)
        d.end = parse_with(ps);
    if (peek(ps)->kind == TOK_COLON) {
        next(ps);
        k = peek(ps)->kind;
        if (k != TOK_COMMA && k != TOK_RBRACKET)
            d.stride = parse_with(ps);
    }
    return d;
}

/* indices := '[' index {',' index} ']'   (the '[' is current) */
static void parse_indices(Parser *ps, DimIndexVec *out) {
    expect(ps, TOK_LBRACKET, "'['");
    do
        vec_push(out, parse_dim_index(ps));
    while (peek(ps)->kind == TOK_COMMA && next(ps));
    expect(ps, TOK_RBRACKET, "',' or ']'");
}

/* field := ident | int   (after a '.') */
static const char *parse_field_name(Parser *ps) {
    Token *t = peek(ps);
    if (t->kind == TOK_IDENT || (t->kind == TOK_INT && t->radix == 10 && t->prim == PRIM_NONE)) {
        next(ps);
        return t->kind == TOK_INT ? intern(xsprintf("%llu", (unsigned long long)t->ival)) : t->text;
    }
    if (t->kind == TOK_LPAREN)
        error_at(t->loc, "local opens M.(e) are not supported (modules are not): qualify each name, as in f32.sqrt x");
    expected(ps, "a field name");
}

/* The binary operator named by an operator token text, or -1. */
static int binop_of(const char *text) {
    for (int i = 0; i < BIN_COUNT; i++)
        if (!strcmp(binop_name((BinOp)i), text))
            return i;
    return -1;
}

/* `name` or `M.N.name` between backticks (the opening backtick is current). */
static void parse_backtick_name(Parser *ps, const char **qual, const char **name) {
    next(ps);
    *qual = NULL;
    Token *t = peek(ps);
    if (t->kind == TOK_IDENT)
        *name = parse_qualname(ps, qual);
    else if (t->kind == TOK_KEYWORD)
        *name = next(ps)->text;
    else
        error_at(t->loc, "expected a function name between backticks");
    expect(ps, TOK_BACKTICK, "'`'");
}

/* A path of projections and indexings after a value: `.f`, `[i]` (sections and updates). */
typedef struct {
    const char *field; /* a field step, or NULL for an index step */
    DimIndexVec idx;
    Loc loc;
} Step;
typedef Vec(Step) StepVec;

/* step := '[' indices ']' | '.' field   (first: the first step, which may be a bare field) */
static bool parse_step(Parser *ps, StepVec *out, bool first) {
    Token *t = peek(ps);
    Step st = {0};
    st.loc = t->loc;
    if (t->kind == TOK_LBRACKET && (first || !t->space_before)) {
        parse_indices(ps, &st.idx);
    } else if (first && (t->kind == TOK_IDENT || t->kind == TOK_INT)) {
        st.field = parse_field_name(ps);
    } else if (t->kind == TOK_DOT && (first || !t->space_before)) {
        next(ps);
        st.field = parse_field_name(ps);
    } else {
        return false;
    }
    vec_push(out, st);
    return true;
}

static Expr *apply_step(Expr *e, Step *st) {
    Expr *r = expr_new(st->field ? E_PROJECT : E_INDEX, st->loc);
    r->lhs = e;
    if (st->field)
        vec_push(&r->fields, st->field);
    else
        r->idx = ast_clone_indices(&st->idx);
    return r;
}

/* The name a section desugared to a lambda binds (a name no program is likely to use). */
#define SECTION_PARAM "section'"

/* section_field := '(' '.' step {step} ')'   ('(' consumed, the '.' current): (.a.b) and (.[i])
 * are sections of their own; a mixed path such as (.a[0]) or (.[0].f) becomes \x -> x.a[0]. */
static Expr *parse_field_section(Parser *ps, Loc loc) {
    StepVec steps = {0};
    Token *dot = peek(ps);
    next(ps);
    parse_step(ps, &steps, true);
    while (parse_step(ps, &steps, false))
        ;
    expect(ps, TOK_RPAREN, "')'");
    bool all_fields = true;
    for (int i = 0; i < steps.len; i++)
        all_fields &= steps.data[i].field != NULL;
    Expr *s = expr_new(E_SECTION, loc);
    if (all_fields) {
        s->section = SEC_FIELD;
        for (int i = 0; i < steps.len; i++)
            vec_push(&s->fields, steps.data[i].field);
        return s;
    }
    if (steps.len == 1) {
        s->section = SEC_INDEX;
        s->idx = steps.data[0].idx;
        return s;
    }
    Expr *lam = expr_new(E_LAMBDA, loc);
    Pat *x = pat_new(P_ID, dot->loc);
    x->name = intern(SECTION_PARAM);
    vec_push(&lam->params, x);
    Expr *body = expr_new(E_VAR, dot->loc);
    body->name = x->name;
    for (int i = 0; i < steps.len; i++)
        body = apply_step(body, &steps.data[i]);
    lam->body = body;
    return lam;
}

/* A built-in operator token (+, ==, ...) rather than a user-defined one (+^, >>=). */
static bool is_builtin_op(const Token *t) {
    return t->kind == TOK_OP && binop_of(t->text) >= 0;
}

static Expr *op_var(Token *t, const char *qual) {
    Expr *v = expr_new(E_VAR, t->loc);
    v->qual = qual;
    v->name = t->text;
    return v;
}

/* section_right := '(' op [expr] ')' | '(' '`' qualname '`' [expr] ')'
 * (the '(' has been consumed; the operator is current).  A built-in operator gives SEC_OP or
 * SEC_RIGHT; a user-defined one is its own name ((+^) is the variable +^) or a SEC_FUN. */
static Expr *parse_op_section(Parser *ps, Loc loc) {
    Expr *s = expr_new(E_SECTION, loc);
    Token *t = peek(ps);
    if (t->kind == TOK_BACKTICK) {
        s->section = SEC_FUN;
        parse_backtick_name(ps, &s->qual, &s->name);
    } else if (is_builtin_op(t)) {
        next(ps);
        s->section = SEC_OP;
        s->op = (BinOp)binop_of(t->text);
    } else {
        next(ps);
        if (peek(ps)->kind == TOK_RPAREN) {
            next(ps);
            return op_var(t, NULL);
        }
        s->section = SEC_FUN;
        s->name = t->text;
    }
    if (peek(ps)->kind != TOK_RPAREN) {
        s->rhs = parse_expr(ps);
        if (s->section == SEC_OP)
            s->section = SEC_RIGHT;
    }
    expect(ps, TOK_RPAREN, "')'");
    return s;
}

/* '(' quals op : the number of tokens of `M.N.op` at the cursor ('(' consumed), or 0. */
static int qualified_op_at(Parser *ps) {
    int k = 0;
    while (peek_at(ps, k)->kind == TOK_IDENT && peek_at(ps, k + 1)->kind == TOK_DOT &&
           !peek_at(ps, k + 1)->space_before && !peek_at(ps, k + 2)->space_before)
        k += 2;
    if (k == 0 || peek_at(ps, k)->kind != TOK_OP)
        return 0;
    return k + 1;
}

/* (M.N.op) is the operator op of module M.N as a value; (M.N.op e) a right section of it
 * ('(' consumed). */
static Expr *parse_qualified_op(Parser *ps, int ntoks, Loc loc) {
    StrBuf path = {0};
    for (int i = 0; i + 1 < ntoks; i += 2) {
        sb_printf(&path, "%s%s", path.len ? "." : "", next(ps)->text);
        next(ps);
    }
    Token *o = next(ps);
    if (peek(ps)->kind == TOK_RPAREN) {
        next(ps);
        return op_var(o, intern(path.data));
    }
    Expr *s = expr_new(E_SECTION, loc);
    s->section = SEC_FUN;
    s->qual = intern(path.data);
    s->name = o->text;
    s->rhs = parse_expr(ps);
    expect(ps, TOK_RPAREN, "')'");
    return s;
}

/* parens := '(' ')' | '(' expr {',' expr} ')' | '(' expr op ')' | sections */
static Expr *parse_parens(Parser *ps) {
    Loc loc = next(ps)->loc;
    Token *t = peek(ps);
    if (t->kind == TOK_RPAREN) {
        next(ps);
        return expr_new(E_TUPLE, loc);
    }
    if (t->kind == TOK_DOT)
        return parse_field_section(ps, loc);
    int qop = qualified_op_at(ps);
    if (qop)
        return parse_qualified_op(ps, qop, loc);
    if (t->kind == TOK_BACKTICK ||
        (t->kind == TOK_OP && is_binop_token(ps, 0) &&
         !(is_op(t, "-") && peek_at(ps, 1)->kind != TOK_RPAREN)))
        return parse_op_section(ps, loc);
    Expr *first = parse_expr(ps);
    /* left section: (e op), (e M.op) or (e `f`) */
    t = peek(ps);
    int qk = qualified_binop_at(ps);
    if (is_binop_token(ps, 0) || qk) {
        Expr *s = expr_new(E_SECTION, loc);
        s->lhs = first;
        if (t->kind == TOK_BACKTICK) {
            s->section = SEC_FUN;
            parse_backtick_name(ps, &s->qual, &s->name);
        } else if (qk) {
            StrBuf path = {0};
            for (int i = 0; i < qk; i += 2) {
                sb_printf(&path, "%s%s", path.len ? "." : "", next(ps)->text);
                next(ps);
            }
            s->section = SEC_FUN;
            s->qual = intern(path.data);
            s->name = next(ps)->text;
        } else if (is_builtin_op(t)) {
            next(ps);
            s->section = SEC_LEFT;
            s->op = (BinOp)binop_of(t->text);
        } else {
            next(ps);
            s->section = SEC_FUN;
            s->name = t->text;
        }
        expect(ps, TOK_RPAREN, "')'");
        return s;
    }
    if (t->kind != TOK_COMMA) {
        expect(ps, TOK_RPAREN, "')'");
        return first;
    }
    Expr *tup = expr_new(E_TUPLE, loc);
    vec_push(&tup->elems, first);
    while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RPAREN))
        vec_push(&tup->elems, parse_expr(ps));
    expect(ps, TOK_RPAREN, "',' or ')'");
    return tup->elems.len == 1 ? first : tup; /* (e,) is e */
}

/* array := '[' [expr {',' expr}] ']' */
static Expr *parse_array(Parser *ps) {
    Expr *a = expr_new(E_ARRAY, next(ps)->loc);
    if (peek(ps)->kind != TOK_RBRACKET) {
        do
            vec_push(&a->elems, parse_expr(ps));
        while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RBRACKET));
    }
    expect(ps, TOK_RBRACKET, "',' or ']'");
    return a;
}

/* record := '{' [field {',' field}] '}'  ;  field := field_name ['=' expr]
 * A record of the fields 0 .. n-1 is the tuple of them ({0 = a, 1 = b} is (a, b)). */
static Expr *parse_record(Parser *ps) {
    Expr *r = expr_new(E_RECORD, next(ps)->loc);
    if (peek(ps)->kind != TOK_RBRACE) {
        do {
            Token *f = peek(ps);
            const char *name = parse_record_field(ps);
            vec_push(&r->fields, name);
            if (is_op(peek(ps), "=")) {
                next(ps);
                vec_push(&r->elems, parse_expr(ps));
            } else {
                if (f->kind != TOK_IDENT)
                    expected(ps, "'=' after a numeric field");
                Expr *v = expr_new(E_VAR, f->loc);
                v->name = name;
                vec_push(&r->elems, v);
            }
        } while (peek(ps)->kind == TOK_COMMA && next(ps) && more_after_comma(ps, TOK_RBRACE));
    }
    expect(ps, TOK_RBRACE, "',' or '}'");
    int perm[64];
    if (r->fields.len <= 64 && tuple_fields(&r->fields, perm)) {
        Expr *tup = expr_new(E_TUPLE, r->loc);
        for (int i = 0; i < r->fields.len; i++)
            vec_push(&tup->elems, r->elems.data[perm[i]]);
        return tup;
    }
    return r;
}

/* name := ident | namespace '.' ident */
static Expr *parse_name(Parser *ps) {
    Expr *v = expr_new(E_VAR, peek(ps)->loc);
    if (qualified_at(ps, 0)) {
        v->qual = next(ps)->text;
        next(ps);
    }
    v->name = next(ps)->text;
    return v;
}

static bool starts_atom(Parser *ps) {
    Token *t = peek(ps);
    switch (t->kind) {
    case TOK_IDENT: case TOK_INT: case TOK_FLOAT: case TOK_CHAR: case TOK_STRING:
    case TOK_LPAREN: case TOK_LBRACKET: case TOK_LBRACE: case TOK_CONSTR: case TOK_HOLE:
        return true;
    case TOK_KEYWORD:
        return is_kw(t, "true") || is_kw(t, "false");
    default:
        return false;
    }
}

/* atom := literal | name | parens | array | record */
static Expr *parse_atom(Parser *ps) {
    Token *t = peek(ps);
    Expr *e;
    switch (t->kind) {
    case TOK_IDENT: return parse_name(ps);
    case TOK_INT: next(ps); return int_literal(ps, t);
    case TOK_FLOAT: next(ps); return float_literal(t);
    case TOK_CHAR:
        next(ps);
        e = expr_new(E_CHAR, t->loc);
        e->ival = t->ival;
        return e;
    case TOK_STRING:
        next(ps);
        e = expr_new(E_STRING, t->loc);
        e->str = t->str;
        e->ival = t->str_len;
        return e;
    case TOK_LPAREN: return parse_parens(ps);
    case TOK_LBRACKET: return parse_array(ps);
    case TOK_LBRACE: return parse_record(ps);
    case TOK_CONSTR: /* a constructor without payload; in head position, see parse_apply */
        next(ps);
        e = expr_new(E_CONSTR, t->loc);
        e->name = t->text;
        return e;
    case TOK_HOLE:
        next(ps);
        return expr_new(E_HOLE, t->loc);
    case TOK_KEYWORD:
        if (is_kw(t, "true") || is_kw(t, "false")) {
            next(ps);
            e = expr_new(E_BOOL, t->loc);
            e->ival = is_kw(t, "true");
            return e;
        }
        break;
    default:
        break;
    }
    expected(ps, "an expression");
}

/* The path M.N an expression written as names and projections spells, or NULL. */
static const char *expr_path(Expr *e) {
    if (e->kind == E_VAR)
        return e->qual ? intern(xsprintf("%s.%s", e->qual, e->name)) : e->name;
    if (e->kind != E_PROJECT)
        return NULL;
    const char *p = expr_path(e->lhs);
    return p ? intern(xsprintf("%s.%s", p, e->fields.data[0])) : NULL;
}

/* local_open := path '.' '(' expr ')'   (the '.' is current): e with module path opened */
static Expr *parse_local_open(Parser *ps, Expr *m) {
    const char *path = expr_path(m);
    if (!path)
        error_at(peek(ps)->loc, "only a module can be opened with '.('");
    next(ps);
    next(ps);
    Expr *o = expr_new(E_OPEN, m->loc);
    o->name = path;
    o->lhs = parse_expr(ps);
    expect(ps, TOK_RPAREN, "')'");
    return o;
}

/* postfix := atom { '[' indices ']' | '.' field | '.' '(' expr ')' }   (no space before '[' or '.') */
static Expr *parse_postfix(Parser *ps) {
    enter(ps);
    Expr *e = parse_atom(ps);
    for (int n = 0;; chain_step(ps, &n)) {
        Token *t = peek(ps);
        if (t->kind == TOK_LBRACKET && !t->space_before) {
            Expr *ix = expr_new(E_INDEX, e->loc);
            ix->lhs = e;
            parse_indices(ps, &ix->idx);
            e = ix;
        } else if (t->kind == TOK_DOT && !t->space_before && peek_at(ps, 1)->kind == TOK_LPAREN &&
                   !peek_at(ps, 1)->space_before) {
            e = parse_local_open(ps, e);
        } else if (t->kind == TOK_DOT && !t->space_before) {
            next(ps);
            Expr *pr = expr_new(E_PROJECT, e->loc);
            pr->lhs = e;
            vec_push(&pr->fields, parse_field_name(ps));
            e = pr;
        } else {
            break;
        }
    }
    leave(ps);
    return e;
}

/* ---- expressions: keyword forms ---- */

/* if := 'if' expr 'then' expr 'else' expr */
static Expr *parse_if(Parser *ps) {
    Expr *e = expr_new(E_IF, next(ps)->loc);
    e->cond = parse_expr(ps);
    expect_kw(ps, "then");
    e->lhs = parse_expr(ps);
    expect_kw(ps, "else");
    e->rhs = parse_expr(ps);
    return e;
}

/* lambda := '\' pat_atom {pat_atom} [':' type_app] '->' expr */
static Expr *parse_lambda(Parser *ps) {
    Expr *e = expr_new(E_LAMBDA, next(ps)->loc);
    do
        vec_push(&e->params, parse_pat_atom(ps));
    while (starts_pat_atom(ps));
    if (peek(ps)->kind == TOK_COLON) {
        next(ps);
        e->texp = parse_type_app(ps);
    }
    if (!is_op(peek(ps), "->"))
        expected(ps, e->texp ? "'->'" : "a parameter or '->'");
    next(ps);
    e->body = parse_expr(ps);
    return e;
}

/* loop := 'loop' pattern ['=' expr] ('for' ident '<' expr | 'for' pattern 'in' expr
 *                                     | 'while' expr) 'do' expr */
static Expr *parse_loop(Parser *ps) {
    Expr *e = expr_new(E_LOOP, next(ps)->loc);
    e->pat = parse_pattern(ps);
    if (is_op(peek(ps), "=")) {
        next(ps);
        e->init = parse_expr(ps);
    }
    if (is_kw(peek(ps), "for")) {
        next(ps);
        if (peek(ps)->kind == TOK_IDENT && is_op(peek_at(ps, 1), "<")) {
            e->loop = LOOP_FOR;
            e->loop_var_loc = peek(ps)->loc;
            e->loop_var = next(ps)->text;
            next(ps);
            e->cond = parse_expr(ps);
        } else {
            e->loop = LOOP_FOR_IN;
            e->loop_pat = parse_pattern(ps);
            expect_kw(ps, "in");
            e->cond = parse_expr(ps);
        }
    } else if (is_kw(peek(ps), "while")) {
        next(ps);
        e->loop = LOOP_WHILE;
        e->cond = parse_expr(ps);
    } else {
        expected(ps, e->init ? "'for' or 'while'" : "'=', 'for' or 'while'");
    }
    expect_kw(ps, "do");
    e->body = parse_expr(ps);
    return e;
}

/* Does the index list contain a slice? */
static bool has_slice(const DimIndexVec *idx) {
    for (int i = 0; i < idx->len; i++)
        if (idx->data[i].is_slice)
            return true;
    return false;
}

/* `base with steps[k..] = v` as updates of one kind each: a[i][j] merges into a[i, j] (when
 * [i] has no slice), and a mixed path such as a[i].f becomes a with [i] = (a[i] with f = v),
 * with base evaluated again for the inner value. */
static Expr *build_update(Expr *base, StepVec *steps, int k, Expr *v, Loc loc) {
    Step *st = &steps->data[k];
    Expr *u = expr_new(st->field ? E_RECUPDATE : E_UPDATE, loc);
    u->lhs = base;
    int j = k;
    if (st->field) {
        while (j < steps->len && steps->data[j].field)
            vec_push(&u->fields, steps->data[j++].field);
    } else {
        u->idx = ast_clone_indices(&st->idx);
        for (j = k + 1; j < steps->len && !steps->data[j].field && !has_slice(&u->idx); j++)
            for (int i = 0; i < steps->data[j].idx.len; i++)
                vec_push(&u->idx, steps->data[j].idx.data[i]);
    }
    if (j == steps->len) {
        u->rhs = v;
        return u;
    }
    Expr *inner = ast_clone_expr(base);
    for (int i = k; i < j; i++)
        inner = apply_step(inner, &steps->data[i]);
    u->rhs = build_update(inner, steps, j, v, loc);
    u->rhs->path_step = true;
    return u;
}

/* sizes := { '[' ident ']' }   (after `let`: the sizes a pattern binds) */
static void parse_size_binders(Parser *ps, TypeParamVec *out) {
    while (peek(ps)->kind == TOK_LBRACKET) {
        next(ps);
        TypeParam tp = {0};
        tp.loc = peek(ps)->loc;
        tp.is_size = true;
        tp.name = expect_ident(ps, "a size name");
        expect(ps, TOK_RBRACKET, "']'");
        vec_push(out, tp);
    }
}

/* One binding of a let chain, without its body:
 *   'let' ident step {step} '=' expr                     (in-place update: a[i], r.f, a[i].f)
 *   'let' (ident | '(' op ')') type_params pat_atom {pat_atom} [':' type] '=' expr
 *                                                          (local function)
 *   'let' sizes pattern '=' expr */
static Expr *parse_let_binding(Parser *ps) {
    Loc loc = next(ps)->loc;
    Token *t = peek(ps), *t1 = peek_at(ps, 1);
    if (t->kind == TOK_IDENT && (t1->kind == TOK_LBRACKET || t1->kind == TOK_DOT) &&
        !t1->space_before) {
        next(ps);
        StepVec steps = {0};
        while (parse_step(ps, &steps, false))
            ;
        expect_op(ps, "=");
        Expr *base = expr_new(E_VAR, t->loc);
        base->name = t->text;
        Expr *e = expr_new(E_LET, loc);
        e->pat = pat_new(P_ID, t->loc);
        e->pat->name = t->text;
        e->lhs = build_update(base, &steps, 0, parse_expr(ps), t->loc);
        return e;
    }
    bool op_name = t->kind == TOK_LPAREN && t1->kind == TOK_OP && peek_at(ps, 2)->kind == TOK_RPAREN;
    if (op_name || (t->kind == TOK_IDENT && t->text != intern("_") && !is_op(t1, "=") &&
                    t1->kind != TOK_COLON)) {
        Expr *e = expr_new(E_LETFUN, loc);
        if (op_name) {
            next(ps);
            e->name = next(ps)->text;
            next(ps);
        } else {
            e->name = next(ps)->text;
        }
        parse_type_params(ps, &e->tparams);
        while (starts_pat_atom(ps))
            vec_push(&e->params, parse_pat_atom(ps));
        if (e->params.len == 0)
            expected(ps, "'=' or a parameter");
        if (peek(ps)->kind == TOK_COLON) {
            next(ps);
            e->texp = parse_type(ps);
        }
        expect_op(ps, "=");
        e->lhs = parse_expr(ps);
        return e;
    }
    Expr *e = expr_new(E_LET, loc);
    parse_size_binders(ps, &e->tparams);
    e->pat = parse_pattern(ps);
    expect_op(ps, "=");
    e->lhs = parse_expr(ps);
    return e;
}

/* let := binding ('in' expr | let)   — `in` may be left out before another `let`.
 * Parsed iteratively: each binding's body is the next link of the chain. */
static Expr *parse_let(Parser *ps) {
    Expr *head = NULL, **hole = &head;
    for (int n = 0;; chain_step(ps, &n)) {
        Expr *b = parse_let_binding(ps);
        *hole = b;
        hole = &b->body;
        if (is_kw(peek(ps), "in"))
            next(ps);
        else if (!is_kw(peek(ps), "let"))
            expected(ps, "'in' or another 'let'");
        if (!is_kw(peek(ps), "let"))
            break;
    }
    *hole = parse_expr(ps);
    return head;
}

/* match := 'match' expr ('case' pattern '->' expr)+ */
static Expr *parse_match(Parser *ps) {
    Expr *e = expr_new(E_MATCH, next(ps)->loc);
    e->lhs = parse_expr(ps);
    if (!is_kw(peek(ps), "case"))
        expected(ps, "'case'");
    while (is_kw(peek(ps), "case")) {
        next(ps);
        vec_push(&e->cases, parse_pattern(ps));
        expect_op(ps, "->");
        vec_push(&e->elems, parse_expr(ps));
    }
    return e;
}

/* The source text of tokens [from, to), spaced as written (any run of blanks one space), without
 * one pair of parentheses around the whole. */
static char *source_text(Parser *ps, int from, int to) {
    if (to - from >= 2 && ps->toks[from].kind == TOK_LPAREN && ps->toks[to - 1].kind == TOK_RPAREN) {
        int depth = 0, k = from;
        for (; k < to; k++) {
            TokKind kk = ps->toks[k].kind;
            depth += kk == TOK_LPAREN ? 1 : kk == TOK_RPAREN ? -1 : 0;
            if (depth == 0)
                break;
        }
        if (k == to - 1) { /* the first '(' closes at the end */
            from++;
            to--;
        }
    }
    StrBuf sb = {0};
    for (int k = from; k < to; k++)
        sb_printf(&sb, "%s%s", k > from && ps->toks[k].space_before ? " " : "", ps->toks[k].text);
    return sb.data ? sb.data : xsprintf("%s", "");
}

/* assert := 'assert' postfix expr   (the condition's source text is kept for the failure
 * message, as Futhark's "Assertion is false: x % 2 != 0") */
static Expr *parse_assert(Parser *ps) {
    Expr *e = expr_new(E_ASSERT, next(ps)->loc);
    int from = ps->pos;
    e->cond = parse_postfix(ps);
    e->str = source_text(ps, from, ps->pos);
    e->body = parse_expr(ps);
    return e;
}

/* #[unsafe] e: the assertions written in e are not checked (as Futhark, whose other dynamic
 * checks it also drops; weft keeps those).  Each `assert c x` in e becomes x (the node takes
 * x's contents, so the tree is the one `x` alone would parse to). */
static void drop_asserts(Expr *e) {
    if (!e)
        return;
    while (e->kind == E_ASSERT)
        *e = *e->body;
    ast_each_child(e, drop_asserts);
}

/* attr_expr := '#[' attr ']' {'#[' attr ']'} expr */
static Expr *parse_attr_expr(Parser *ps) {
    Expr *e = expr_new(E_ATTR, peek(ps)->loc);
    parse_attrs(ps, &e->attrs);
    e->lhs = parse_expr(ps);
    for (int i = 0; i < e->attrs.len; i++)
        if (e->attrs.data[i]->name == intern("unsafe") && !e->attrs.data[i]->args.len)
            drop_asserts(e->lhs);
    return e;
}

/* Apply f to args, flattening nested applications (ast.h). */
static Expr *make_apply(Expr *f, Expr **args, int n, Loc loc) {
    Expr *a;
    if (f->kind == E_APPLY) {
        a = f;
    } else {
        a = expr_new(E_APPLY, loc);
        a->lhs = f;
    }
    for (int i = 0; i < n; i++)
        vec_push(&a->args, args[i]);
    return a;
}

/* apply := let | if | loop | match | assert | lambda | attr_expr | constructor {postfix}
 *        | postfix {postfix} [lambda] */
static Expr *parse_apply(Parser *ps) {
    Token *t = peek(ps);
    if (is_kw(t, "let"))
        return parse_let(ps);
    if (is_kw(t, "if"))
        return parse_if(ps);
    if (is_kw(t, "loop"))
        return parse_loop(ps);
    if (is_kw(t, "assert"))
        return parse_assert(ps);
    if (t->kind == TOK_BACKSLASH)
        return parse_lambda(ps);
    if (t->kind == TOK_HASHBRACKET)
        return parse_attr_expr(ps);
    if (is_kw(t, "match"))
        return parse_match(ps);
    if (t->kind == TOK_CONSTR) { /* #c a b: a constructor applied to its payload */
        Expr *c = parse_atom(ps);
        for (int n = 0; starts_atom(ps) && !qualified_binop_at(ps); chain_step(ps, &n))
            vec_push(&c->args, parse_postfix(ps));
        return c;
    }
    if (!starts_atom(ps))
        expected(ps, "an expression");
    Expr *f = parse_postfix(ps);
    for (int n = 0; starts_atom(ps) && !qualified_binop_at(ps); chain_step(ps, &n)) {
        Expr *arg = parse_postfix(ps);
        f = make_apply(f, &arg, 1, f->loc);
    }
    if (peek(ps)->kind == TOK_BACKSLASH) { /* f x \y -> e: a lambda as the last argument */
        Expr *lam = parse_lambda(ps);
        f = make_apply(f, &lam, 1, f->loc);
    }
    return f;
}

/* unary := '-' unary | '!' unary | apply */
static Expr *parse_unary(Parser *ps) {
    Token *t = peek(ps);
    if (is_op(t, "-") || is_op(t, "!")) {
        enter(ps);
        next(ps);
        Expr *e = expr_new(is_op(t, "-") ? E_NEG : E_NOT, t->loc);
        if (e->kind == E_NEG && peek(ps)->kind == TOK_INT)
            ps->negated_lit = peek(ps); /* -128i8 is in range although 128i8 is not */
        e->lhs = parse_unary(ps);
        leave(ps);
        return e;
    }
    return parse_apply(ps);
}

/* ---- binary operators ---- */

typedef struct {
    int prec;
    bool right;
} OpInfo;

/* Precedence by operator text (loosest = 1).  0: not a binary operator.  A user-defined
 * operator binds like the longest built-in operator it starts with (+^ as +, >>= as >>), or
 * as the comparisons when it starts with ! or = (as in Futhark). */
static OpInfo op_info(const char *s) {
    static const struct {
        const char *op;
        int prec;
        bool right;
    } table[] = {
        {"|>", 2, false}, {"<|", 3, true}, {"||", 4, false}, {"&&", 5, false},
        {"==", 6, false}, {"!=", 6, false}, {"<", 6, false}, {"<=", 6, false},
        {">", 6, false}, {">=", 6, false}, {">->", 6, false}, {"<-<", 6, false},
        {"&", 7, false}, {"^", 7, false}, {"|", 7, false},
        {"<<", 8, false}, {">>", 8, false}, {">>>", 8, false},
        {"+", 9, false}, {"-", 9, false}, {"++", 9, false},
        {"*", 10, false}, {"/", 10, false}, {"%", 10, false}, {"//", 10, false},
        {"%%", 10, false}, {"**", 11, true},
    };
    if (!strcmp(s, "=") || !strcmp(s, "->") || !strcmp(s, "!"))
        return (OpInfo){0, false};
    size_t best = 0;
    OpInfo r = {0, false};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        size_t n = strlen(table[i].op);
        if (n > best && !strncmp(table[i].op, s, n)) {
            best = n;
            r = (OpInfo){table[i].prec, table[i].right};
        }
    }
    if (!best && (s[0] == '!' || s[0] == '='))
        r = (OpInfo){6, false};
    return r;
}

#define PREC_BACKTICK 1

/* Is the token at offset k a binary operator (including a backtick name)? */
static bool is_binop_token(Parser *ps, int k) {
    Token *t = peek_at(ps, k);
    if (t->kind == TOK_BACKTICK)
        return true;
    return t->kind == TOK_OP && op_info(t->text).prec > 0;
}

/* `M.N.op` used infix (x f64.* y): the number of tokens before the operator, or 0. */
static int qualified_binop_at(Parser *ps) {
    int k = 0;
    while (peek_at(ps, k)->kind == TOK_IDENT && peek_at(ps, k + 1)->kind == TOK_DOT &&
           !peek_at(ps, k + 1)->space_before && !peek_at(ps, k + 2)->space_before)
        k += 2;
    return k && peek_at(ps, k)->kind == TOK_OP && op_info(peek_at(ps, k)->text).prec ? k : 0;
}

static OpInfo token_op_info(Parser *ps) {
    Token *t = peek(ps);
    if (t->kind == TOK_BACKTICK)
        return (OpInfo){PREC_BACKTICK, false};
    if (t->kind == TOK_OP)
        return op_info(t->text);
    int k = qualified_binop_at(ps);
    if (k)
        return op_info(peek_at(ps, k)->text);
    return (OpInfo){0, false};
}

/* Is the operator at the cursor the end of a left section "(e op)"? */
static bool op_ends_section(Parser *ps) {
    if (peek(ps)->kind == TOK_BACKTICK) {
        int k = 1;
        while (peek_at(ps, k)->kind == TOK_IDENT && peek_at(ps, k + 1)->kind == TOK_DOT)
            k += 2;
        return peek_at(ps, k + 2)->kind == TOK_RPAREN;
    }
    return peek_at(ps, qualified_binop_at(ps) + 1)->kind == TOK_RPAREN; /* (e op), (e M.op) */
}

/* Build `lhs op rhs` for the operator token `t` (pipes, backticks and user-defined operators
 * become applications). */
static Expr *make_binop(Expr *lhs, Token *t, const char *qual, const char *fname, Expr *rhs) {
    if (t->kind == TOK_BACKTICK) {
        Expr *f = expr_new(E_VAR, t->loc);
        f->qual = qual;
        f->name = fname;
        Expr *args[2] = {lhs, rhs};
        return make_apply(f, args, 2, lhs->loc);
    }
    if (t->text == intern("|>"))
        return make_apply(rhs, &lhs, 1, lhs->loc);
    if (t->text == intern("<|"))
        return make_apply(lhs, &rhs, 1, lhs->loc);
    if (!is_builtin_op(t)) { /* a user-defined operator is a function of two arguments */
        Expr *args[2] = {lhs, rhs};
        return make_apply(op_var(t, NULL), args, 2, lhs->loc);
    }
    Expr *e = expr_new(E_BINOP, lhs->loc);
    e->op = (BinOp)binop_of(t->text);
    e->lhs = lhs;
    e->rhs = rhs;
    return e;
}

/* binop := unary { op binop }   by precedence climbing; an operator directly followed by ')'
 * is left for the caller (a left section). */
static Expr *parse_binop(Parser *ps, int min_prec) {
    enter(ps);
    Expr *lhs = parse_unary(ps);
    for (int n = 0;; chain_step(ps, &n)) {
        OpInfo oi = token_op_info(ps);
        if (oi.prec == 0 || oi.prec < min_prec || op_ends_section(ps))
            break;
        Token *t = peek(ps);
        const char *qual = NULL, *fname = NULL;
        if (t->kind == TOK_BACKTICK) {
            parse_backtick_name(ps, &qual, &fname);
        } else if (t->kind == TOK_IDENT) { /* x M.op y: the function op of module M */
            StrBuf path = {0};
            while (peek(ps)->kind == TOK_IDENT) {
                sb_printf(&path, "%s%s", path.len ? "." : "", next(ps)->text);
                next(ps);
            }
            Token *o = next(ps);
            Expr *rhs = parse_binop(ps, oi.right ? oi.prec : oi.prec + 1);
            Expr *args[2] = {lhs, rhs};
            lhs = make_apply(op_var(o, intern(path.data)), args, 2, lhs->loc);
            continue;
        } else {
            next(ps);
        }
        Expr *rhs = parse_binop(ps, oi.right ? oi.prec : oi.prec + 1);
        lhs = make_binop(lhs, t, qual, fname, rhs);
    }
    leave(ps);
    return lhs;
}

/* range := binop [('..' binop)] ('..<' | '..>' | '...') binop */
static Expr *parse_range(Parser *ps) {
    Expr *start = parse_binop(ps, 1);
    TokKind k = peek(ps)->kind;
    if (k != TOK_DOTDOT && k != TOK_DOTDOTLT && k != TOK_DOTDOTGT && k != TOK_DOTDOTDOT)
        return start;
    Expr *r = expr_new(E_RANGE, start->loc);
    r->lhs = start;
    if (k == TOK_DOTDOT) {
        next(ps);
        r->mid = parse_binop(ps, 1);
        k = peek(ps)->kind;
        if (k != TOK_DOTDOTLT && k != TOK_DOTDOTGT && k != TOK_DOTDOTDOT)
            expected(ps, "'..<', '..>' or '...'");
    }
    next(ps);
    r->range = k == TOK_DOTDOTLT ? RANGE_UPTO_EXCL : k == TOK_DOTDOTGT ? RANGE_DOWNTO_EXCL
                                                                         : RANGE_INCL;
    r->rhs = parse_binop(ps, 1);
    return r;
}

/* with := range { 'with' step {step} '=' range }   (a[i], r.f, and paths such as a[i].f) */
static Expr *parse_with(Parser *ps) {
    enter(ps);
    Expr *e = parse_range(ps);
    for (int n = 0; is_kw(peek(ps), "with"); chain_step(ps, &n)) {
        Loc loc = next(ps)->loc;
        StepVec steps = {0};
        if (!parse_step(ps, &steps, true))
            expected(ps, "'[' or a field name after 'with'");
        while (parse_step(ps, &steps, false))
            ;
        expect_op(ps, "=");
        (void)loc;
        e = build_update(e, &steps, 0, parse_range(ps), e->loc);
    }
    leave(ps);
    return e;
}

/* expr := with { ':' type | ':>' type } */
static Expr *parse_expr(Parser *ps) {
    enter(ps);
    Expr *e = parse_with(ps);
    for (int n = 0; peek(ps)->kind == TOK_COLON || peek(ps)->kind == TOK_COERCE;
         chain_step(ps, &n)) {
        Expr *a = expr_new(next(ps)->kind == TOK_COLON ? E_ASCRIBE : E_COERCE, e->loc);
        a->lhs = e;
        a->texp = parse_type(ps);
        e = a;
    }
    leave(ps);
    return e;
}

/* ---- declarations ---- */

/* decl_name := ident | namespace '.' ident */
static void parse_decl_name(Parser *ps, Decl *d) {
    if (qualified_at(ps, 0)) {
        d->qual = next(ps)->text;
        next(ps);
        d->name = next(ps)->text;
        return;
    }
    d->name = expect_ident(ps, "a name");
}

/* An infix definition `def p1 op p2`: the operator after a first pattern, or NULL (the cursor
 * is left where it was). */
static const char *infix_def_op(Parser *ps) {
    Token *t = peek(ps);
    if (t->kind != TOK_IDENT && t->kind != TOK_LPAREN)
        return NULL;
    if (t->kind == TOK_IDENT && (qualified_at(ps, 0) || peek_at(ps, 1)->kind != TOK_OP))
        return NULL;
    int save = ps->pos;
    parse_pat_atom(ps);
    Token *op = peek(ps);
    ps->pos = save;
    if (op->kind != TOK_OP || is_op(op, "="))
        return NULL;
    return op->text;
}

/* def := ('def' | 'entry' | 'let') (decl_name | '(' op ')') type_params {pat_atom} [':' type] '=' expr
 *      | ('def' | 'entry' | 'let') pat_atom op pat_atom [':' type] '=' expr */
static Decl *parse_def(Parser *ps, AttrVec attrs) {
    Token *kw = next(ps);
    Decl *d = decl_new(D_DEF, kw->loc);
    d->attrs = attrs;
    d->is_entry = is_kw(kw, "entry");
    bool op_name = peek(ps)->kind == TOK_LPAREN && peek_at(ps, 1)->kind == TOK_OP &&
                   peek_at(ps, 2)->kind == TOK_RPAREN;
    if (!op_name && peek(ps)->kind == TOK_LPAREN) { /* (ns.op), in the prelude */
        next(ps);
        int qop = qualified_op_at(ps);
        ps->pos--;
        if (qop) {
            Loc at = next(ps)->loc;
            Expr *v = parse_qualified_op(ps, qop, at);
            d->qual = v->qual;
            d->name = v->name;
        }
    }
    const char *infix = op_name || d->name ? NULL : infix_def_op(ps);
    if (infix) {
        d->name = infix;
        vec_push(&d->params, parse_pat_atom(ps));
        if (!strcmp(infix, "!"))
            error_at(peek(ps)->loc, "'!' is a prefix operator: it cannot be used as infix (nor defined so)");
        next(ps);
        vec_push(&d->params, parse_pat_atom(ps));
    } else {
        if (op_name) {
            next(ps);
            d->name = next(ps)->text;
            next(ps);
        } else if (!d->name) {
            parse_decl_name(ps, d);
        }
        parse_type_params(ps, &d->tparams);
        /* a literal parameter (`def (-) a 1`) is parsed to be rejected as refutable by the checker */
        while (starts_pat_atom(ps) || (starts_pat_literal(ps) && !is_op(peek(ps), "-")))
            vec_push(&d->params, parse_pat_atom(ps));
    }
    if (d->name == intern("&&") || d->name == intern("||"))
        error_at(d->loc, "the operator '%s' cannot be redefined (it would not short-circuit)", d->name);
    if (peek(ps)->kind == TOK_COLON) {
        next(ps);
        d->ret = parse_type(ps);
    }
    if (!is_op(peek(ps), "="))
        expected(ps, d->ret ? "'='" : "a parameter, ':' or '='");
    next(ps);
    d->body = parse_expr(ps);
    return d;
}

/* typedecl := 'type' ['^' | '~'] ident type_params '=' type */
static Decl *parse_type_decl(Parser *ps, AttrVec attrs) {
    Decl *d = decl_new(D_TYPE, next(ps)->loc);
    d->attrs = attrs;
    if ((is_op(peek(ps), "^") || peek(ps)->kind == TOK_TILDE) && !peek(ps)->space_before)
        d->lift = is_op(next(ps), "^") ? '^' : '~';
    if (peek(ps)->kind != TOK_IDENT)
        expected(ps, "a type name");
    parse_decl_name(ps, d);
    parse_type_params(ps, &d->tparams);
    expect_op(ps, "=");
    d->ret = parse_type(ps);
    return d;
}

/* ---- modules ---- */

static Decl *parse_decl(Parser *ps);
static SigExp *parse_sig(Parser *ps);
static ModExp *parse_mod_exp(Parser *ps);

/* A qualified name as one path "M.N.x". */
static const char *parse_path(Parser *ps) {
    const char *qual, *name = parse_qualname(ps, &qual);
    return qual ? intern(xsprintf("%s.%s", qual, name)) : name;
}

/* string := a string literal (an import's path) */
static const char *parse_import_path(Parser *ps) {
    Token *t = expect(ps, TOK_STRING, "a file name in quotes");
    return intern(t->str);
}

/* spec := 'val' (name | '(' op ')' | op) type_params ':' type
 *       | ('type' | 'type^' | 'type~') name type_params ['=' type]
 *       | 'module' name ':' sig  |  'include' sig  |  '#[' attr ']' spec */
static ModSpec *parse_spec(Parser *ps) {
    AttrVec attrs = {0};
    parse_attrs(ps, &attrs);
    Token *t = peek(ps);
    ModSpec *sp = xmalloc(sizeof *sp);
    sp->loc = t->loc;
    if (t->kind == TOK_IDENT && t->text == intern("val")) {
        next(ps);
        sp->kind = SPEC_VAL;
        if (peek(ps)->kind == TOK_LPAREN && peek_at(ps, 1)->kind == TOK_OP) {
            next(ps);
            sp->name = next(ps)->text;
            expect(ps, TOK_RPAREN, "')'");
        } else if (peek(ps)->kind == TOK_OP) {
            sp->name = next(ps)->text;
        } else {
            sp->name = expect_ident(ps, "a name");
        }
        parse_type_params(ps, &sp->tparams);
        expect(ps, TOK_COLON, "':'");
        sp->texp = parse_type(ps);
    } else if (is_kw(t, "type")) {
        next(ps);
        if ((is_op(peek(ps), "^") || peek(ps)->kind == TOK_TILDE) && !peek(ps)->space_before)
            sp->lift = is_op(next(ps), "^") ? '^' : '~';
        sp->kind = SPEC_TYPE;
        sp->name = expect_ident(ps, "a type name");
        parse_type_params(ps, &sp->tparams);
        if (is_op(peek(ps), "=")) {
            next(ps);
            sp->texp = parse_type(ps);
        }
    } else if (is_kw(t, "module")) {
        next(ps);
        sp->kind = SPEC_MODULE;
        sp->name = expect_ident(ps, "a module name");
        expect(ps, TOK_COLON, "':'");
        sp->sig = parse_sig(ps);
    } else if (is_kw(t, "include")) {
        next(ps);
        sp->kind = SPEC_INCLUDE;
        sp->sig = parse_sig(ps);
    } else {
        expected(ps, "a specification ('val', 'type', 'module' or 'include')");
    }
    return sp;
}

/* sig_atom := path | '{' {spec} '}' | '(' sig ')' | '(' name ':' sig ')' '->' sig */
static SigExp *parse_sig_atom(Parser *ps) {
    Token *t = peek(ps);
    SigExp *s = xmalloc(sizeof *s);
    s->loc = t->loc;
    if (t->kind == TOK_LBRACE) {
        next(ps);
        s->kind = SE_SPECS;
        while (peek(ps)->kind != TOK_RBRACE && peek(ps)->kind != TOK_EOF)
            vec_push(&s->specs, parse_spec(ps));
        expect(ps, TOK_RBRACE, "a specification or '}'");
        return s;
    }
    if (t->kind == TOK_LPAREN && peek_at(ps, 1)->kind == TOK_IDENT && peek_at(ps, 2)->kind == TOK_COLON) {
        next(ps);
        s->kind = SE_ARROW;
        s->name = next(ps)->text;
        next(ps);
        s->base = parse_sig(ps);
        expect(ps, TOK_RPAREN, "')'");
        expect_op(ps, "->");
        s->ret = parse_sig(ps);
        return s;
    }
    if (t->kind == TOK_LPAREN) {
        next(ps);
        SigExp *inner = parse_sig(ps);
        expect(ps, TOK_RPAREN, "')'");
        return inner;
    }
    if (t->kind != TOK_IDENT)
        expected(ps, "a module type");
    s->kind = SE_NAME;
    s->name = parse_path(ps);
    return s;
}

static SigExp *parse_sig_arrow(Parser *ps, bool arrow);

static SigExp *parse_sig(Parser *ps) { return parse_sig_arrow(ps, true); }

/* sig := sig_atom {'with' path type_params '=' type} ['->' sig]   (the arrow only where a
 * parametric module's type may be: not as a module lambda's result, \(p: S): R -> body) */
static SigExp *parse_sig_arrow(Parser *ps, bool arrow) {
    enter(ps);
    SigExp *s = parse_sig_atom(ps);
    while (is_kw(peek(ps), "with")) {
        SigExp *w = xmalloc(sizeof *w);
        w->loc = next(ps)->loc;
        w->kind = SE_WITH;
        w->base = s;
        w->name = parse_path(ps);
        parse_type_params(ps, &w->tparams);
        expect_op(ps, "=");
        w->texp = parse_type(ps);
        s = w;
    }
    if (arrow && is_op(peek(ps), "->")) {
        SigExp *a = xmalloc(sizeof *a);
        a->loc = next(ps)->loc;
        a->kind = SE_ARROW;
        a->base = s;
        a->ret = parse_sig(ps);
        s = a;
    }
    leave(ps);
    return s;
}

/* The start of an argument of a module application.  Not `import`: after `module M = import
 * "a"` a next `import "b"` is a declaration (an imported argument needs parentheses). */
static bool starts_mod_atom(Parser *ps) {
    Token *t = peek(ps);
    return t->kind == TOK_IDENT || t->kind == TOK_LPAREN || t->kind == TOK_LBRACE;
}

/* mod_params := {'(' name ':' sig ')'} */
static void parse_mod_params(Parser *ps, ModParamVec *out) {
    while (peek(ps)->kind == TOK_LPAREN && peek_at(ps, 1)->kind == TOK_IDENT && peek_at(ps, 2)->kind == TOK_COLON) {
        next(ps);
        ModParam mp = {0};
        mp.loc = peek(ps)->loc;
        mp.name = next(ps)->text;
        next(ps);
        mp.sig = parse_sig(ps);
        expect(ps, TOK_RPAREN, "')'");
        vec_push(out, mp);
    }
}

/* mod_atom := path | '(' mod_exp ')' | '{' {decl} '}' | 'import' string */
static ModExp *parse_mod_atom(Parser *ps) {
    Token *t = peek(ps);
    ModExp *m = xmalloc(sizeof *m);
    m->loc = t->loc;
    if (t->kind == TOK_LBRACE) {
        next(ps);
        m->kind = ME_STRUCT;
        while (peek(ps)->kind != TOK_RBRACE && peek(ps)->kind != TOK_EOF)
            vec_push(&m->decls, parse_decl(ps));
        expect(ps, TOK_RBRACE, "a declaration or '}'");
    } else if (t->kind == TOK_LPAREN) {
        next(ps);
        m = parse_mod_exp(ps);
        expect(ps, TOK_RPAREN, "')'");
    } else if (is_kw(t, "import")) {
        next(ps);
        m->kind = ME_IMPORT;
        m->path = parse_import_path(ps);
    } else if (t->kind == TOK_IDENT) {
        m->kind = ME_NAME;
        m->name = parse_path(ps);
    } else {
        expected(ps, "a module");
    }
    return m;
}

/* mod_exp := '\' mod_params [':' sig] '->' mod_exp | mod_atom {mod_atom} [':' sig] */
static ModExp *parse_mod_exp(Parser *ps) {
    enter(ps);
    ModExp *m;
    if (peek(ps)->kind == TOK_BACKSLASH) {
        m = xmalloc(sizeof *m);
        m->loc = next(ps)->loc;
        m->kind = ME_LAMBDA;
        parse_mod_params(ps, &m->params);
        if (!m->params.len)
            expected(ps, "a parameter (name: module type)");
        if (peek(ps)->kind == TOK_COLON) {
            next(ps);
            m->sig = parse_sig_arrow(ps, false);
        }
        expect_op(ps, "->");
        m->body = parse_mod_exp(ps);
    } else {
        m = parse_mod_atom(ps);
        while (starts_mod_atom(ps)) {
            ModExp *a = xmalloc(sizeof *a);
            a->loc = m->loc;
            a->kind = ME_APPLY;
            a->fn = m;
            a->arg = parse_mod_atom(ps);
            m = a;
        }
    }
    while (peek(ps)->kind == TOK_COLON) {
        ModExp *a = xmalloc(sizeof *a);
        a->loc = next(ps)->loc;
        a->kind = ME_ASCRIBE;
        a->body = m;
        a->sig = parse_sig(ps);
        m = a;
    }
    leave(ps);
    return m;
}

/* module := 'module' 'type' name '=' sig
 *         | 'module' name mod_params [':' sig] '=' mod_exp */
static Decl *parse_module(Parser *ps, AttrVec attrs) {
    Decl *d = decl_new(D_MODULE, next(ps)->loc);
    d->attrs = attrs;
    if (is_kw(peek(ps), "type")) {
        next(ps);
        d->kind = D_MODTYPE;
        d->name = expect_ident(ps, "a module type name");
        expect_op(ps, "=");
        d->sig = parse_sig(ps);
        return d;
    }
    d->name = expect_ident(ps, "a module name");
    parse_mod_params(ps, &d->mparams);
    if (peek(ps)->kind == TOK_COLON) {
        next(ps);
        d->sig = parse_sig(ps);
    }
    expect_op(ps, "=");
    d->mod = parse_mod_exp(ps);
    return d;
}

/* decl := {'#[' attr ']'} (def | typedecl | module | 'open' mod_exp | 'import' string
 *         | 'local' decl) */
static Decl *parse_decl(Parser *ps) {
    enter(ps);
    AttrVec attrs = {0};
    parse_attrs(ps, &attrs);
    Token *t = peek(ps);
    Decl *d;
    if (is_kw(t, "def") || is_kw(t, "entry") || is_kw(t, "let")) {
        d = parse_def(ps, attrs);
    } else if (is_kw(t, "type")) {
        d = parse_type_decl(ps, attrs);
    } else if (is_kw(t, "module")) {
        d = parse_module(ps, attrs);
    } else if (is_kw(t, "open")) {
        d = decl_new(D_OPEN, next(ps)->loc);
        d->mod = parse_mod_exp(ps);
    } else if (is_kw(t, "import")) {
        d = decl_new(D_IMPORT, t->loc);
        d->mod = parse_mod_atom(ps);
    } else if (is_kw(t, "local")) {
        next(ps);
        d = parse_decl(ps);
        d->local = true;
    } else {
        expected(ps, "a declaration ('def', 'entry', 'let', 'type', 'module', 'open', 'import' or 'local')");
    }
    leave(ps);
    return d;
}

Program *parse_program(const char *file, const char *text) {
    TokenList tl = lex_file(file, text);
    Parser ps = {tl.toks, 0, tl.len, 0, NULL};
    Program *prog = xmalloc(sizeof *prog);
    prog->file = intern(file);
    while (peek(&ps)->kind != TOK_EOF)
        vec_push(&prog->decls, parse_decl(&ps));
    return prog;
}
