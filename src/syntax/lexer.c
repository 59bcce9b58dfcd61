/* lexer.c — turns source text into tokens (see lexer.h).
 *
 * Design: a single forward scan with a cursor (line, column); every token gets the location
 * of its first byte.  Operators are lexed by maximal munch over the operator characters
 * + - * / % = ! < > & | ^ (and '.' after the first); any such symbol is an operator token, the
 * built-in ones and user-defined ones (`+^`, `>>=`) alike, as in Futhark.
 * `--` always starts a comment (doc comments `-- |` included).
 *
 * Numbers: decimal, 0x hex, 0b binary, underscores anywhere after the first digit, decimal
 * floats (1.5, 1e-3), hex floats (0x1.8p3), and a type suffix (i8 .. u64, f32, f64).  A number
 * directly after a single '.' (as in the projection x.0.1) is lexed as digits only, so that
 * `0.1` there is two projections rather than a float.  Range checks against the suffix type
 * happen in the parser, which knows whether a unary minus precedes the literal.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"

typedef struct {
    const char *file;
    const char *src;
    const char *p;
    int line, col;
    Vec(Token) toks;
} Lexer;

static const char *const keywords[] = {
    "let", "in", "if", "then", "else", "loop", "for", "while", "do", "with", "def", "entry",
    "type", "true", "false", "module", "import", "open", "local", "match", "case", "include",
    "assert",
    NULL,
};


static Loc here(const Lexer *lx) {
    return (Loc){lx->file, lx->line, lx->col};
}

static void advance(Lexer *lx) {
    if (*lx->p == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    lx->p++;
}

static void advance_n(Lexer *lx, int n) {
    for (int i = 0; i < n && *lx->p; i++)
        advance(lx);
}

static bool is_ident_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

static bool is_ident_char(char c) {
    return is_ident_start(c) || is_digit(c) || c == '\'';
}

static bool is_op_char(char c) {
    return c && strchr("+-*/%=!<>&|^", c) != NULL;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Skip whitespace and comments; report whether anything was skipped. */
static bool skip_space(Lexer *lx) {
    bool any = false;
    for (;;) {
        char c = *lx->p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance(lx);
            any = true;
        } else if (c == '-' && lx->p[1] == '-') {
            while (*lx->p && *lx->p != '\n')
                advance(lx);
            any = true;
        } else {
            return any;
        }
    }
}

static Token *push(Lexer *lx, TokKind kind, Loc loc, bool space, const char *start) {
    Token t = {0};
    t.kind = kind;
    t.loc = loc;
    t.space_before = space;
    t.prim = PRIM_NONE;
    t.text = intern_n(start, (size_t)(lx->p - start));
    vec_push(&lx->toks, t);
    return &lx->toks.data[lx->toks.len - 1];
}

/* ---- numbers ---- */

/* Read a suffix such as i32 or f64 at the cursor, if present. */
static PrimType lex_suffix(Lexer *lx, Loc loc) {
    const char *p = lx->p;
    if ((*p != 'i' && *p != 'u' && *p != 'f') || !is_digit(p[1]))
        return PRIM_NONE;
    size_t n = 1;
    while (is_digit(p[n]))
        n++;
    char buf[8];
    if (n >= sizeof buf || is_ident_char(p[n]))
        error_at(loc, "invalid suffix on numeric literal");
    memcpy(buf, p, n);
    buf[n] = 0;
    PrimType t = prim_from_name(buf);
    if (t == PRIM_NONE || t == PRIM_BOOL)
        error_at(loc, "invalid suffix '%s' on numeric literal", buf);
    advance_n(lx, (int)n);
    return t;
}

/* Digits of the given radix with underscores; accumulates into *val, flags overflow. */
static int lex_digits(Lexer *lx, int radix, uint64_t *val, bool *overflow, StrBuf *text) {
    int count = 0;
    for (;;) {
        char c = *lx->p;
        int d = radix == 16 ? hex_value(c) : (is_digit(c) ? c - '0' : -1);
        if (c == '_' && count > 0) {
            advance(lx);
            continue;
        }
        if (d < 0 || d >= radix)
            return count;
        if (*val > (UINT64_MAX - (uint64_t)d) / (uint64_t)radix)
            *overflow = true;
        *val = *val * (uint64_t)radix + (uint64_t)d;
        if (text)
            sb_putc(text, c);
        advance(lx);
        count++;
    }
}

static void finish_number(Lexer *lx, Loc loc) {
    if (is_ident_char(*lx->p) || (*lx->p == '.' && is_digit(lx->p[1])))
        error_at(loc, "malformed numeric literal");
}

/* 0x... : a hex integer or a hex float 0x1.8p3 */
static void lex_hex(Lexer *lx, Loc loc, bool space, const char *start) {
    advance_n(lx, 2);
    uint64_t v = 0;
    bool ovf = false;
    int n = lex_digits(lx, 16, &v, &ovf, NULL);
    bool is_float = false;
    double mant = (double)v;
    if (*lx->p == '.' && hex_value(lx->p[1]) >= 0) {
        advance(lx);
        double scale = 1.0 / 16;
        for (; hex_value(*lx->p) >= 0 || *lx->p == '_'; advance(lx)) {
            if (*lx->p == '_')
                continue;
            mant += hex_value(*lx->p) * scale;
            scale /= 16;
        }
        is_float = true;
    }
    if (n == 0)
        error_at(loc, "malformed hexadecimal literal");
    if (*lx->p == 'p' || *lx->p == 'P') {
        advance(lx);
        bool neg = false;
        if (*lx->p == '+' || *lx->p == '-') {
            neg = *lx->p == '-';
            advance(lx);
        }
        uint64_t e = 0;
        bool eovf = false;
        if (lex_digits(lx, 10, &e, &eovf, NULL) == 0)
            error_at(loc, "missing exponent in hexadecimal float literal");
        if (eovf || e > 100000)
            e = 100000;
        mant = ldexp(mant, neg ? -(int)e : (int)e);
        is_float = true;
    } else if (is_float) {
        error_at(loc, "hexadecimal float literal needs a 'p' exponent");
    }
    PrimType suf = lex_suffix(lx, loc);
    if (!is_float && ovf)
        error_at(loc, "integer literal too large");
    Token *t;
    if (is_float || (suf != PRIM_NONE && prim_is_float(suf))) {
        if (!is_float)
            error_at(loc, "hexadecimal integer literal with a float suffix");
        t = push(lx, TOK_FLOAT, loc, space, start);
        t->fval = mant;
    } else {
        t = push(lx, TOK_INT, loc, space, start);
        t->ival = v;
        t->radix = 16;
    }
    t->prim = suf;
    finish_number(lx, loc);
}

static void lex_number(Lexer *lx, bool digits_only, bool space) {
    Loc loc = here(lx);
    const char *start = lx->p;
    if (!digits_only && lx->p[0] == '0' && (lx->p[1] == 'x' || lx->p[1] == 'X')) {
        lex_hex(lx, loc, space, start);
        return;
    }
    if (!digits_only && lx->p[0] == '0' && (lx->p[1] == 'b' || lx->p[1] == 'B')) {
        advance_n(lx, 2);
        uint64_t v = 0;
        bool ovf = false;
        if (lex_digits(lx, 2, &v, &ovf, NULL) == 0)
            error_at(loc, "malformed binary literal");
        if (ovf)
            error_at(loc, "integer literal too large");
        PrimType suf = lex_suffix(lx, loc);
        if (suf != PRIM_NONE && prim_is_float(suf))
            error_at(loc, "binary integer literal with a float suffix");
        Token *t = push(lx, TOK_INT, loc, space, start);
        t->ival = v;
        t->prim = suf;
        t->radix = 2;
        finish_number(lx, loc);
        return;
    }
    StrBuf text = {0};
    uint64_t v = 0;
    bool ovf = false;
    lex_digits(lx, 10, &v, &ovf, &text);
    if (digits_only) {
        if (ovf)
            error_at(loc, "integer literal too large");
        Token *t = push(lx, TOK_INT, loc, space, start);
        t->ival = v;
        t->radix = 10;
        return;
    }
    bool is_float = false;
    if (*lx->p == '.' && is_digit(lx->p[1])) {
        sb_putc(&text, '.');
        advance(lx);
        uint64_t dummy = 0;
        bool d_ovf = false;
        lex_digits(lx, 10, &dummy, &d_ovf, &text);
        is_float = true;
    }
    if ((*lx->p == 'e' || *lx->p == 'E') &&
        (is_digit(lx->p[1]) || ((lx->p[1] == '-' || lx->p[1] == '+') && is_digit(lx->p[2])))) {
        sb_putc(&text, 'e');
        advance(lx);
        if (*lx->p == '-' || *lx->p == '+') {
            sb_putc(&text, *lx->p);
            advance(lx);
        }
        uint64_t dummy = 0;
        bool d_ovf = false;
        lex_digits(lx, 10, &dummy, &d_ovf, &text);
        is_float = true;
    }
    PrimType suf = lex_suffix(lx, loc);
    sb_putc(&text, 0);
    Token *t;
    if (is_float || (suf != PRIM_NONE && prim_is_float(suf))) {
        if (suf != PRIM_NONE && !prim_is_float(suf))
            error_at(loc, "float literal with integer suffix '%s'", prim_name(suf));
        t = push(lx, TOK_FLOAT, loc, space, start);
        t->fval = strtod(text.data, NULL);
    } else {
        if (ovf)
            error_at(loc, "integer literal too large");
        t = push(lx, TOK_INT, loc, space, start);
        t->ival = v;
        t->radix = 10;
    }
    t->prim = suf;
    free(text.data);
    finish_number(lx, loc);
}

/* ---- characters and strings ---- */

/* Decode one (possibly escaped) byte of a char or string literal. */
static int lex_char_byte(Lexer *lx, Loc loc, char quote) {
    char c = *lx->p;
    if (!c || c == '\n')
        error_at(loc, "unterminated %s literal", quote == '"' ? "string" : "character");
    advance(lx);
    if (c != '\\')
        return (unsigned char)c;
    c = *lx->p;
    if (!c)
        error_at(loc, "unterminated %s literal", quote == '"' ? "string" : "character");
    advance(lx);
    switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case '0': return 0;
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'v': return '\v';
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    case 'x': {
        int h1 = hex_value(lx->p[0]), h2 = h1 >= 0 ? hex_value(lx->p[1]) : -1;
        if (h1 < 0 || h2 < 0)
            error_at(loc, "invalid \\x escape (two hex digits expected)");
        advance_n(lx, 2);
        return h1 * 16 + h2;
    }
    default:
        error_at(loc, "unknown escape sequence '\\%c'", c >= 32 && c < 127 ? c : '?');
    }
}

static void lex_string(Lexer *lx, bool space) {
    Loc loc = here(lx);
    const char *start = lx->p;
    advance(lx);
    StrBuf sb = {0};
    while (*lx->p != '"') {
        int b = lex_char_byte(lx, loc, '"');
        sb_putc(&sb, (char)b);
    }
    advance(lx);
    size_t n = sb.len;
    sb_putc(&sb, 0);
    Token *t = push(lx, TOK_STRING, loc, space, start);
    t->str = sb.data;
    t->str_len = n;
}

/* ' starts a character literal 'a' / '\n', or a type parameter 't / '^t / '~t. */
static void lex_quote(Lexer *lx, bool space) {
    Loc loc = here(lx);
    const char *start = lx->p;
    const char *p = lx->p;
    bool is_char = (p[1] == '\\') || (p[1] && p[1] != '\n' && p[2] == '\'');
    if ((unsigned char)p[1] >= 0x80)
        error_at(loc, "character literals must be a single byte (ASCII or an escape like '\\xe9')");
    if (!is_char) {
        if (p[1] == '^' || p[1] == '~') {
            advance_n(lx, 2);
            push(lx, p[1] == '^' ? TOK_TICK_HAT : TOK_TICK_TILDE, loc, space, start);
        } else {
            advance(lx);
            push(lx, TOK_TICK, loc, space, start);
        }
        return;
    }
    advance(lx);
    int b = lex_char_byte(lx, loc, '\'');
    if (*lx->p != '\'')
        error_at(loc, "unterminated character literal");
    advance(lx);
    Token *t = push(lx, TOK_CHAR, loc, space, start);
    t->ival = (uint64_t)b;
}

/* ---- operators and punctuation ---- */

static void lex_operator(Lexer *lx, bool space) {
    Loc loc = here(lx);
    const char *start = lx->p;
    size_t n = 0;
    while ((is_op_char(start[n]) || (n > 0 && start[n] == '.' && is_op_char(start[n + 1]))) &&
           !(start[n] == '-' && start[n + 1] == '-' && n > 0))
        n++;
    advance_n(lx, (int)n);
    push(lx, TOK_OP, loc, space, start);
}

/* #name: a constructor of a sum type (the token's text is the name without '#'). */
static void lex_constructor(Lexer *lx, bool space) {
    Loc loc = here(lx);
    advance(lx);
    const char *start = lx->p;
    while (is_ident_char(*lx->p))
        advance(lx);
    push(lx, TOK_CONSTR, loc, space, start);
}

static bool lex_punct(Lexer *lx, bool space) {
    Loc loc = here(lx);
    const char *start = lx->p, *p = lx->p;
    TokKind k;
    int n = 1;
    switch (*p) {
    case '(': k = TOK_LPAREN; break;
    case ')': k = TOK_RPAREN; break;
    case '[': k = TOK_LBRACKET; break;
    case ']': k = TOK_RBRACKET; break;
    case '{': k = TOK_LBRACE; break;
    case '}': k = TOK_RBRACE; break;
    case ',': k = TOK_COMMA; break;
    case '\\': k = TOK_BACKSLASH; break;
    case '`': k = TOK_BACKTICK; break;
    case ':':
        if (p[1] == '>') {
            k = TOK_COERCE;
            n = 2;
        } else {
            k = TOK_COLON;
        }
        break;
    case '#':
        if (is_ident_start(p[1]) && p[1] != '_') {
            lex_constructor(lx, space);
            return true;
        }
        if (p[1] != '[')
            error_at(loc, "unexpected character '#' (attributes are written #[...], constructors #name)");
        k = TOK_HASHBRACKET;
        n = 2;
        break;
    case '?':
        if (p[1] == '?' && p[2] == '?') {
            k = TOK_HOLE;
            n = 3;
        } else {
            k = TOK_QUESTION;
        }
        break;
    case '~': k = TOK_TILDE; break;
    case '.':
        if (p[1] == '.' && p[2] == '<') {
            k = TOK_DOTDOTLT;
            n = 3;
        } else if (p[1] == '.' && p[2] == '>') {
            k = TOK_DOTDOTGT;
            n = 3;
        } else if (p[1] == '.' && p[2] == '.') {
            k = TOK_DOTDOTDOT;
            n = 3;
        } else if (p[1] == '.') {
            k = TOK_DOTDOT;
            n = 2;
        } else {
            k = TOK_DOT;
        }
        break;
    default:
        return false;
    }
    advance_n(lx, n);
    push(lx, k, loc, space, start);
    return true;
}

static void lex_ident(Lexer *lx, bool space) {
    Loc loc = here(lx);
    const char *start = lx->p;
    while (is_ident_char(*lx->p))
        advance(lx);
    Token *t = push(lx, TOK_IDENT, loc, space, start);
    for (int i = 0; keywords[i]; i++)
        if (t->text == intern(keywords[i]))
            t->kind = TOK_KEYWORD;
}

static void lex_token(Lexer *lx, bool space) {
    char c = *lx->p;
    if (is_digit(c)) {
        /* after a lone '.', as in x.0.1, read digits only */
        bool after_dot = lx->p > lx->src && lx->p[-1] == '.' &&
                         !(lx->p - 1 > lx->src && lx->p[-2] == '.');
        lex_number(lx, after_dot && !space, space);
    } else if (is_ident_start(c)) {
        lex_ident(lx, space);
    } else if (c == '"') {
        lex_string(lx, space);
    } else if (c == '\'') {
        lex_quote(lx, space);
    } else if (is_op_char(c)) {
        lex_operator(lx, space);
    } else if (!lex_punct(lx, space)) {
        if (c >= 32 && c < 127)
            error_at(here(lx), "unexpected character '%c'", c);
        error_at(here(lx), "unexpected byte 0x%02x", (unsigned)(unsigned char)c);
    }
}

void lex_reject_nul(const char *file, const char *text, size_t len) {
    const char *nul = memchr(text, 0, len);
    if (!nul)
        return;
    Loc loc = {intern(file), 1, 1};
    for (const char *p = text; p < nul; p++) {
        loc.col = *p == '\n' ? 1 : loc.col + 1;
        loc.line += *p == '\n';
    }
    error_at(loc, "a NUL byte in the source (is this a text file?)");
}

TokenList lex_file(const char *file, const char *text) {
    Lexer lx = {0};
    lx.file = intern(file);
    lx.src = lx.p = text;
    lx.line = lx.col = 1;
    bool space = true;
    for (;;) {
        space = skip_space(&lx) || lx.p == lx.src;
        if (!*lx.p)
            break;
        lex_token(&lx, space);
    }
    push(&lx, TOK_EOF, here(&lx), true, lx.p);
    return (TokenList){lx.toks.data, lx.toks.len};
}

const char *tok_describe(const Token *t) {
    switch (t->kind) {
    case TOK_EOF: return "end of file";
    case TOK_STRING: return "string literal";
    case TOK_CONSTR: return xsprintf("\"#%s\"", t->text);
    default: return xsprintf("\"%s\"", t->text);
    }
}
