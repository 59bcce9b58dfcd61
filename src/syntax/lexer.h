/* lexer.h — tokens of weft's Futhark syntax (lexer.c), consumed by parser.c.
 *
 * The lexer turns a whole file into an array of tokens up front, so the parser has unbounded
 * lookahead.  Each token records whether whitespace or a comment preceded it (space_before):
 * the parser needs that to tell indexing `a[i]` from application to an array literal `f [i]`,
 * and projection `r.x` from other uses of a dot.
 */
#ifndef WEFT_LEXER_H
#define WEFT_LEXER_H

#include "ast.h"

typedef enum {
    TOK_EOF,
    TOK_IDENT,    /* text: interned name (may contain primes: x') */
    TOK_KEYWORD,  /* text: interned keyword (let, in, if, ...) */
    TOK_INT,      /* ival: magnitude; prim: suffix or PRIM_NONE; radix: 10, 16 or 2 */
    TOK_FLOAT,    /* fval; prim: suffix or PRIM_NONE */
    TOK_CHAR,     /* ival: the byte */
    TOK_STRING,   /* str, str_len: the decoded bytes */
    TOK_OP,       /* text: interned operator (+, ==, |>, ->, =, !, ...; user-defined ones too) */
    TOK_LPAREN, TOK_RPAREN, TOK_LBRACKET, TOK_RBRACKET, TOK_LBRACE, TOK_RBRACE,
    TOK_COMMA, TOK_COLON, TOK_COERCE, /* : and :> */
    TOK_DOT, TOK_DOTDOT, TOK_DOTDOTLT, TOK_DOTDOTGT, TOK_DOTDOTDOT, /* . .. ..< ..> ... */
    TOK_BACKSLASH, TOK_BACKTICK, TOK_HASHBRACKET, /* \ ` #[ */
    TOK_TICK, TOK_TICK_HAT, TOK_TICK_TILDE,       /* ' '^ '~ (type parameters) */
    TOK_QUESTION, TOK_TILDE, TOK_HOLE,            /* ? (existential sizes) ~ (type~) ??? (a hole) */
    TOK_CONSTR,   /* #name: a sum type constructor; text: the name without '#' */
} TokKind;

typedef struct {
    TokKind kind;
    Loc loc;
    bool space_before;
    const char *text;   /* the token's source text (interned), for messages and names */
    uint64_t ival;
    double fval;
    PrimType prim;
    int radix;
    char *str;
    size_t str_len;
} Token;

typedef struct {
    Token *toks;
    int len; /* the last token is TOK_EOF */
} TokenList;

/* Lex a whole file.  Errors (bad characters, unterminated literals, malformed numbers) go
 * through error_at(). */
TokenList lex_file(const char *file, const char *text);

/* Reject text of len bytes when it holds a NUL byte (the lexer reads up to the first one, so
 * a NUL would silently end the program): an error at the byte's location. */
void lex_reject_nul(const char *file, const char *text, size_t len);

/* A description of a token for messages: 'let', 'x', end of file. */
const char *tok_describe(const Token *t);

#endif
