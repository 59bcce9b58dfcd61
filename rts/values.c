/* values.c — Futhark's text and binary data formats (see values.h for the API).
 *
 * Reading works on a byte buffer: a reader either owns a copy of a string or refills its buffer
 * from a FILE in large chunks, so parsing never touches stdio per character and never mallocs per
 * element.  The text lexer tracks line:col for messages.  A text value is one of
 *     literal    1  -3i8  2.5f32  1.5f16  1e-3  0x1F  0b101  1_000  true  f32.nan  -f64.inf  f16.inf
 *     array      [ value, ... ]             (nested to any depth)
 *     empty      empty([0][3]i32)
 * with whitespace and `--` comments between tokens.  A value starting with 'b' is binary:
 *     'b'  version (2)  rank (1 byte)  type (4 chars, " i32", "bool")  rank x i64 dims  data
 * all little-endian (an f16 is 2 bytes of IEEE binary16, " f16").
 *
 * Typed reads (wf_read_value) fill a flat row-major buffer and check rank, element type, range
 * and rectangularity.  Untyped reads (wf_read_trees) build wf_tree nodes, for `weft test`.
 *
 * Float comparison in trees follows `futhark test` (futhark-data's Compare): per top-level value,
 * the absolute tolerance is max(0.002, 0.002 * the largest finite expected magnitude in that
 * value); NaN equals NaN; infinities are equal when their signs agree.  (Futhark scales by the
 * largest signed value, which makes all-negative arrays strict; we use magnitudes.)
 */
#include "values.h"
#include "wf_half.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ primitive types */

static const char *const prim_names[WF_PRIM_COUNT] = {"i8",  "i16", "i32", "i64", "u8",  "u16",
                                                      "u32", "u64", "f32", "f64", "bool", "f16"};
static const char *const binary_names[WF_PRIM_COUNT] = {"  i8", " i16", " i32", " i64", "  u8", " u16",
                                                        " u32", " u64", " f32", " f64", "bool", " f16"};
static const size_t prim_sizes[WF_PRIM_COUNT] = {1, 2, 4, 8, 1, 2, 4, 8, 4, 8, 1, 2};

const char *wf_prim_name(wf_prim p) { return (unsigned)p < WF_PRIM_COUNT ? prim_names[p] : "?"; }
size_t wf_prim_size(wf_prim p) { return (unsigned)p < WF_PRIM_COUNT ? prim_sizes[p] : 0; }

static bool prim_is_signed(wf_prim p) { return p <= WF_I64; }
static bool prim_is_unsigned(wf_prim p) { return p >= WF_U8 && p <= WF_U64; }
static bool prim_is_int(wf_prim p) { return p <= WF_U64; }
static bool prim_is_float(wf_prim p) { return p == WF_F32 || p == WF_F64 || p == WF_F16; }
static int prim_bits(wf_prim p) { return (int)prim_sizes[p] * 8; }

static int prim_from_name(const char *s, size_t n) {
    for (int p = 0; p < WF_PRIM_COUNT; p++)
        if (strlen(prim_names[p]) == n && !memcmp(prim_names[p], s, n))
            return p;
    return -1;
}

void wf_value_free(wf_value *v) {
    if (!v)
        return;
    free(v->data);
    v->data = NULL;
}

/* Whether one of the sizes is zero: an array without elements, whatever the others (their
 * product may overflow). */
static bool has_zero_size(int rank, const int64_t *shape) {
    for (int i = 0; i < rank; i++)
        if (shape[i] == 0)
            return true;
    return false;
}

int64_t wf_value_count(const wf_value *v) {
    if (has_zero_size(v->rank, v->shape))
        return 0;
    int64_t n = 1;
    for (int i = 0; i < v->rank; i++)
        n *= v->shape[i];
    return n;
}

/* ------------------------------------------------------------------ the reader's buffer */

#define CHUNK (1 << 20)

struct wf_reader {
    FILE *f;          /* NULL when reading from a string */
    unsigned char *buf;
    size_t pos, len, cap;
    bool eof;         /* f has no more bytes */
    int line, col;
    char err[512];
};

static wf_reader *reader_alloc(void) {
    wf_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->line = r->col = 1;
    return r;
}

wf_reader *wf_reader_new(FILE *f) {
    wf_reader *r = reader_alloc();
    if (r)
        r->f = f;
    return r;
}

wf_reader *wf_reader_from_string(const char *text, size_t len) {
    wf_reader *r = reader_alloc();
    if (!r)
        return NULL;
    r->buf = malloc(len + 1);
    if (!r->buf) {
        free(r);
        return NULL;
    }
    memcpy(r->buf, text, len);
    r->len = r->cap = len;
    r->eof = true;
    return r;
}

void wf_reader_free(wf_reader *r) {
    if (!r)
        return;
    free(r->buf);
    free(r);
}

const char *wf_reader_error(const wf_reader *r) { return r->err; }

/* Read more bytes from the file; false when there are none.  Drops the consumed prefix. */
static bool refill(wf_reader *r) {
    if (!r->f || r->eof)
        return false;
    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->len -= r->pos;
        r->pos = 0;
    }
    if (r->cap - r->len < CHUNK) {
        size_t ncap = r->cap + CHUNK;
        unsigned char *nb = realloc(r->buf, ncap);
        if (!nb)
            return false;
        r->buf = nb;
        r->cap = ncap;
    }
    size_t got = fread(r->buf + r->len, 1, r->cap - r->len, r->f);
    r->len += got;
    if (got == 0)
        r->eof = true;
    return got > 0;
}

static int peek_slow(wf_reader *r) {
    while (r->pos >= r->len)
        if (!refill(r))
            return EOF;
    return r->buf[r->pos];
}

static inline int peek(wf_reader *r) { return r->pos < r->len ? r->buf[r->pos] : peek_slow(r); }

/* The byte after the next one, or EOF. */
static int peek2(wf_reader *r) {
    while (r->pos + 1 >= r->len)
        if (!refill(r))
            return EOF;
    return r->buf[r->pos + 1];
}

static inline void advance(wf_reader *r) {
    if (r->buf[r->pos++] == '\n') {
        r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
}

static void skip_space(wf_reader *r) {
    for (;;) {
        int c = peek(r);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance(r);
        } else if (c == '-' && peek2(r) == '-') {
            while ((c = peek(r)) != EOF && c != '\n')
                advance(r);
        } else {
            return;
        }
    }
}

bool wf_reader_at_end(wf_reader *r) {
    skip_space(r);
    return peek(r) == EOF;
}

static void set_err(wf_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_err(wf_reader *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------------ tokens */

typedef enum { TOK_EOF, TOK_PUNCT, TOK_WORD, TOK_BINARY } tok_kind;

#define TOK_MAX 128
typedef struct {
    tok_kind kind;
    int line, col;
    char text[TOK_MAX]; /* TOK_PUNCT: one char; TOK_WORD: the word (truncated when too long) */
    bool too_long;
} token;

static bool is_word_char(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

/* A sign may follow an exponent letter inside a decimal number: 1e-3, 2.5E+7. */
static bool sign_allowed(const char *t, size_t n) {
    const char *body = t[0] == '-' ? t + 1 : t;
    if (n == 0 || !(body[0] >= '0' && body[0] <= '9'))
        return false;
    if (body[0] == '0' && (body[1] == 'x' || body[1] == 'X'))
        return false;
    return t[n - 1] == 'e' || t[n - 1] == 'E';
}

static void next_token(wf_reader *r, token *t) {
    skip_space(r);
    t->line = r->line;
    t->col = r->col;
    t->too_long = false;
    t->text[0] = 0;
    int c = peek(r);
    if (c == EOF) {
        t->kind = TOK_EOF;
        return;
    }
    if (c == 'b' && !is_word_char(peek2(r))) {
        t->kind = TOK_BINARY;
        return;
    }
    if (!is_word_char(c) && c != '-') {
        t->kind = TOK_PUNCT;
        t->text[0] = (char)c;
        t->text[1] = 0;
        advance(r);
        return;
    }
    t->kind = TOK_WORD;
    size_t n = 0;
    for (;;) {
        c = peek(r);
        bool take = is_word_char(c) || (n == 0 && c == '-') ||
                    ((c == '-' || c == '+') && n < TOK_MAX - 1 && (t->text[n] = 0, sign_allowed(t->text, n)));
        if (!take)
            break;
        if (n < TOK_MAX - 1)
            t->text[n++] = (char)c;
        else
            t->too_long = true;
        advance(r);
    }
    t->text[n] = 0;
}

static const char *tok_show(const token *t) {
    switch (t->kind) {
    case TOK_EOF: return "end of input";
    case TOK_BINARY: return "a binary value";
    default: return t->text;
    }
}

/* ------------------------------------------------------------------ literals */

typedef enum { LIT_INT, LIT_FLOAT, LIT_BOOL } lit_kind;

typedef struct {
    lit_kind kind;
    bool neg;
    uint64_t mag;        /* LIT_INT: magnitude */
    bool overflow;       /* LIT_INT: magnitude exceeds 64 bits */
    bool b;              /* LIT_BOOL */
    int suffix;          /* wf_prim, or -1 */
    char num[TOK_MAX];   /* numeric text without underscores or suffix, with sign: for strtod */
} literal;

static int digit_value(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

static void add_digit(literal *l, unsigned base, int d) {
    if (l->mag > (UINT64_MAX - (uint64_t)d) / base)
        l->overflow = true;
    l->mag = l->mag * base + (uint64_t)d;
}

/* The suffix at s: "" (none) or a primitive type name.  False when it is neither. */
static bool parse_suffix(const char *s, literal *l) {
    if (!*s) {
        l->suffix = -1;
        return true;
    }
    l->suffix = prim_from_name(s, strlen(s));
    return l->suffix >= 0 && l->suffix != WF_BOOL;
}

static bool parse_special(const char *body, literal *l) {
    if (strlen(body) != 7 || body[0] != 'f' || body[3] != '.')
        return false;
    l->suffix = prim_from_name(body, 3);
    if (l->suffix < 0 || !prim_is_float((wf_prim)l->suffix))
        return false;
    l->kind = LIT_FLOAT;
    if (!strcmp(body + 4, "nan"))
        strcpy(l->num, "nan");
    else if (!strcmp(body + 4, "inf"))
        strcpy(l->num, l->neg ? "-inf" : "inf");
    else
        return false;
    return true;
}

/* 0x1F, 0b101 (base 16 or 2), with an optional integer suffix.  l->num gets the decimal value. */
static bool parse_based(const char *s, unsigned base, literal *l) {
    bool any = false;
    for (s += 2; *s; s++) {
        if (*s == '_')
            continue;
        int d = digit_value(*s);
        if (d >= (int)base)
            break;
        add_digit(l, base, d);
        any = true;
    }
    snprintf(l->num, sizeof l->num, "%s%llu", l->neg ? "-" : "", (unsigned long long)l->mag);
    return any && !l->overflow && (*s == 'i' || *s == 'u' || !*s) && parse_suffix(s, l);
}

/* Decimal: digits [. digits] [e [+-] digits] [suffix]. */
static bool parse_decimal(const char *s, literal *l, size_t k) {
    bool any = false;
    for (; (*s >= '0' && *s <= '9') || *s == '_'; s++)
        if (*s != '_') {
            add_digit(l, 10, *s - '0');
            l->num[k++] = *s;
            any = true;
        }
    if (!any)
        return false;
    if (*s == '.') {
        l->kind = LIT_FLOAT;
        l->num[k++] = *s++;
        bool frac = false;
        for (; (*s >= '0' && *s <= '9') || *s == '_'; s++)
            if (*s != '_') {
                l->num[k++] = *s;
                frac = true;
            }
        if (!frac)
            return false;
    }
    if (*s == 'e' || *s == 'E') {
        l->kind = LIT_FLOAT;
        l->num[k++] = *s++;
        if (*s == '+' || *s == '-')
            l->num[k++] = *s++;
        bool exp = false;
        for (; (*s >= '0' && *s <= '9') || *s == '_'; s++)
            if (*s != '_') {
                l->num[k++] = *s;
                exp = true;
            }
        if (!exp)
            return false;
    }
    l->num[k] = 0;
    if (!parse_suffix(s, l))
        return false;
    return !(l->kind == LIT_FLOAT && l->suffix >= 0 && !prim_is_float((wf_prim)l->suffix));
}

/* Parse a word token as a literal; false when it is not one. */
static bool parse_literal(const token *t, literal *l) {
    memset(l, 0, sizeof *l);
    l->suffix = -1;
    if (t->kind != TOK_WORD || t->too_long)
        return false;
    const char *s = t->text;
    l->neg = *s == '-';
    const char *body = s + l->neg;
    if (!l->neg && (!strcmp(body, "true") || !strcmp(body, "false"))) {
        l->kind = LIT_BOOL;
        l->b = body[0] == 't';
        l->suffix = WF_BOOL;
        return true;
    }
    if (parse_special(body, l))
        return true;
    size_t k = 0;
    if (l->neg)
        l->num[k++] = '-';
    l->kind = LIT_INT;
    if (body[0] == '0' && (body[1] == 'x' || body[1] == 'X'))
        return parse_based(body, 16, l);
    if (body[0] == '0' && (body[1] == 'b' || body[1] == 'B'))
        return parse_based(body, 2, l);
    return parse_decimal(body, l, k);
}

/* Does the integer literal fit in p?  Unsigned types accept only non-negative values.  A
 * literal with a type suffix is that type's value modulo 2^bits (-1u32 is 4294967295, 128i8 is
 * -128), as Futhark reads it: it fits when its magnitude has at most 64 bits. */
static bool int_fits(const literal *l, wf_prim p) {
    if (l->overflow)
        return false;
    if (l->suffix == (int)p)
        return true;
    int bits = prim_bits(p);
    if (prim_is_unsigned(p))
        return l->neg ? l->mag == 0 : (bits == 64 || l->mag < ((uint64_t)1 << bits));
    uint64_t lim = (uint64_t)1 << (bits - 1); /* |min| */
    return l->neg ? l->mag <= lim : l->mag < lim;
}

/* The literal's two's-complement bits (wrapped modulo 2^64). */
static int64_t int_signed(const literal *l) {
    return (int64_t)(l->neg ? (uint64_t)0 - l->mag : l->mag);
}

/* A decimal to half is rounded twice, to double and then to half: it differs from the decimal
 * rounded once only where the decimal is within 2^-53 of a tie between two halves (not on it). */
static double lit_double(const literal *l, wf_prim p) {
    if (p == WF_F32)
        return strtof(l->num, NULL);
    if (p == WF_F16)
        return wf_h2f(wf_d2h(strtod(l->num, NULL)));
    return strtod(l->num, NULL);
}

static void store_int(void *dst, wf_prim p, uint64_t bits) {
    switch (prim_sizes[p]) {
    case 1: { uint8_t x = (uint8_t)bits; memcpy(dst, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)bits; memcpy(dst, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)bits; memcpy(dst, &x, 4); break; }
    default: memcpy(dst, &bits, 8); break;
    }
}

static const char *article(wf_prim p) { return (p == WF_I8 || p == WF_I16 || p == WF_I32 || p == WF_I64 || prim_is_float(p)) ? "an" : "a"; }

/* Store the literal in token t as one element of type p; on failure set the reader's error. */
static int store_literal(wf_reader *r, const token *t, wf_prim p, void *dst) {
    literal l;
    bool ok = parse_literal(t, &l);
    if (ok) {
        if (p == WF_BOOL)
            ok = l.kind == LIT_BOOL;
        else if (prim_is_int(p))
            ok = l.kind == LIT_INT && (l.suffix < 0 || l.suffix == (int)p);
        else
            ok = l.kind != LIT_BOOL && (l.suffix < 0 || l.suffix == (int)p);
    }
    if (!ok) {
        set_err(r, "line %d, col %d: expected %s %s value but found '%s'", t->line, t->col, article(p),
                prim_names[p], tok_show(t));
        return 1;
    }
    if (p == WF_BOOL) {
        uint8_t b = l.b;
        memcpy(dst, &b, 1);
    } else if (prim_is_int(p)) {
        if (!int_fits(&l, p)) {
            set_err(r, "line %d, col %d: literal '%s' is out of range for %s", t->line, t->col, t->text,
                    prim_names[p]);
            return 1;
        }
        store_int(dst, p, (uint64_t)int_signed(&l));
    } else if (p == WF_F32) {
        float x = strtof(l.num, NULL);
        memcpy(dst, &x, 4);
    } else if (p == WF_F16) {
        uint16_t h = wf_d2h(strtod(l.num, NULL));
        memcpy(dst, &h, 2);
    } else {
        double x = strtod(l.num, NULL);
        memcpy(dst, &x, 8);
    }
    return 0;
}

/* ------------------------------------------------------------------ type strings for messages */

static void type_string(char *out, size_t n, wf_prim p, int rank) {
    size_t k = 0;
    for (int i = 0; i < rank && k + 3 < n; i++) {
        out[k++] = '[';
        out[k++] = ']';
    }
    snprintf(out + k, n - k, "%s", wf_prim_name(p));
}

/* ------------------------------------------------------------------ binary values */

typedef struct {
    int prim, rank;
    int64_t shape[WF_MAX_RANK];
} bin_header;

/* Copy up to n bytes to dst, straight from the file once the buffer is drained; how many. */
static size_t read_upto(wf_reader *r, void *dst, size_t n) {
    unsigned char *d = dst;
    size_t have = r->len - r->pos;
    size_t k = have < n ? have : n;
    memcpy(d, r->buf + r->pos, k);
    r->pos += k;
    if (k == n || !r->f || r->eof)
        return k;
    size_t got = fread(d + k, 1, n - k, r->f);
    if (got < n - k)
        r->eof = true;
    return k + got;
}

static bool read_bytes(wf_reader *r, void *dst, size_t n) { return read_upto(r, dst, n) == n; }

/* A new buffer of lead + n bytes whose last n are the next n bytes of input, or NULL with
 * *short_by set (they are not all there; 0 when out of memory).  A header may declare far more
 * than the input holds, so memory grows with the bytes that actually arrive: all of them when
 * the input is buffered, else in doubling steps (at most twice what was read). */
static unsigned char *read_payload(wf_reader *r, size_t lead, size_t n, size_t *short_by) {
    size_t have = r->len - r->pos;
    *short_by = 0;
    if ((!r->f || r->eof) && have < n) {
        *short_by = n - have;
        return NULL;
    }
    size_t step = have > CHUNK ? have : CHUNK, got = 0;
    unsigned char *buf = NULL;
    while (got < n) {
        size_t want = n - got < step ? n - got : step; /* this round's bytes */
        unsigned char *nb = realloc(buf, lead + got + want);
        if (!nb) {
            free(buf);
            return NULL;
        }
        buf = nb;
        size_t arrived = read_upto(r, buf + lead + got, want);
        got += arrived;
        if (arrived < want) {
            free(buf);
            *short_by = n - got;
            return NULL;
        }
        step = got;
    }
    if (!buf)
        buf = malloc(lead ? lead : 1);
    return buf;
}

static bool host_little_endian(void) {
    uint16_t x = 1;
    unsigned char c;
    memcpy(&c, &x, 1);
    return c == 1;
}

static void byteswap(void *data, size_t elem, int64_t count) {
    unsigned char *p = data;
    for (int64_t i = 0; i < count; i++, p += elem)
        for (size_t a = 0, b = elem - 1; a < b; a++, b--) {
            unsigned char t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
}

static int read_bin_header(wf_reader *r, bin_header *h) {
    unsigned char head[7];
    if (!read_bytes(r, head, 7)) {
        set_err(r, "binary value: truncated header");
        return 1;
    }
    if (head[1] != 2) {
        set_err(r, "binary value: unsupported format version %d (expected 2)", head[1]);
        return 1;
    }
    h->rank = head[2];
    if (h->rank > WF_MAX_RANK) {
        set_err(r, "binary value: rank %d exceeds the maximum %d", h->rank, WF_MAX_RANK);
        return 1;
    }
    h->prim = -1;
    for (int p = 0; p < WF_PRIM_COUNT; p++)
        if (!memcmp(head + 3, binary_names[p], 4))
            h->prim = p;
    if (h->prim < 0) {
        char name[5];
        for (int i = 0; i < 4; i++)
            name[i] = (head[3 + i] >= 32 && head[3 + i] < 127) ? (char)head[3 + i] : '?';
        name[4] = 0;
        set_err(r, "binary value: unknown type name '%s'", name);
        return 1;
    }
    if (h->rank && !read_bytes(r, h->shape, 8 * (size_t)h->rank)) {
        set_err(r, "binary value: truncated shape");
        return 1;
    }
    if (!host_little_endian())
        byteswap(h->shape, 8, h->rank);
    for (int i = 0; i < h->rank; i++)
        if (h->shape[i] < 0) {
            set_err(r, "binary value: negative dimension %" PRId64, h->shape[i]);
            return 1;
        }
    return 0;
}

/* Read a binary value's payload described by h into out. */
static int read_bin_data(wf_reader *r, const bin_header *h, wf_value *out) {
    out->prim = (wf_prim)h->prim;
    out->rank = h->rank;
    memcpy(out->shape, h->shape, sizeof h->shape);
    int64_t count = has_zero_size(h->rank, h->shape) ? 0 : 1; /* 0: the others may overflow */
    for (int i = 0; i < h->rank && count; i++) {
        if (count > INT64_MAX / h->shape[i]) {
            set_err(r, "binary value: shape too large");
            return 1;
        }
        count *= h->shape[i];
    }
    size_t elem = prim_sizes[h->prim];
    if ((uint64_t)count > SIZE_MAX / elem) {
        set_err(r, "binary value: shape too large");
        return 1;
    }
    size_t bytes = (size_t)count * elem, short_by;
    out->data = read_payload(r, 0, bytes, &short_by);
    if (out->data) {
        if (!host_little_endian())
            byteswap(out->data, elem, count);
        return 0;
    }
    if (short_by)
        set_err(r, "binary value: truncated data (expected %" PRId64 " elements of type %s, %zu bytes; the "
                   "input ends %zu bytes short)", count, prim_names[h->prim], bytes, short_by);
    else
        set_err(r, "binary value: out of memory (%zu bytes)", bytes);
    return 1;
}

static int read_binary_typed(wf_reader *r, wf_prim prim, int rank, wf_value *out) {
    bin_header h;
    if (read_bin_header(r, &h))
        return 1;
    if (h.prim != (int)prim || h.rank != rank) {
        char want[64], got[64];
        type_string(want, sizeof want, prim, rank);
        type_string(got, sizeof got, (wf_prim)h.prim, h.rank);
        set_err(r, "binary value: expected type %s but found %s", want, got);
        return 1;
    }
    return read_bin_data(r, &h, out);
}

/* ------------------------------------------------------------------ typed text values */

typedef struct {
    wf_reader *r;
    wf_prim prim;
    int rank;
    size_t elem;
    unsigned char *data;
    size_t count, cap; /* elements */
    int64_t shape[WF_MAX_RANK];
    bool known[WF_MAX_RANK];
    int64_t rows[WF_MAX_RANK]; /* arrays seen so far at each depth, for messages */
    int levels;                /* a jagged value: depths 1..levels may vary (wf_read_jagged) */
    int64_t *lens[WF_MAX_RANK]; /* their arrays' lengths, in order */
    int64_t nlens[WF_MAX_RANK], caplens[WF_MAX_RANK];
} text_ctx;

static void *push_elem(text_ctx *c) {
    if (c->count == c->cap) {
        size_t ncap = c->cap ? 2 * c->cap : 64;
        unsigned char *nd = realloc(c->data, ncap * c->elem);
        if (!nd)
            return NULL;
        c->data = nd;
        c->cap = ncap;
    }
    return c->data + c->elem * c->count++;
}

static int expect_found(text_ctx *c, const token *t, int depth) {
    char ty[64];
    type_string(ty, sizeof ty, c->prim, c->rank - depth);
    if (depth < c->rank)
        set_err(c->r, "line %d, col %d: expected an array of type %s but found '%s'", t->line, t->col, ty,
                tok_show(t));
    else
        set_err(c->r, "line %d, col %d: expected %s %s value but found '%s'", t->line, t->col, article(c->prim),
                ty, tok_show(t));
    return 1;
}

/* Record that the current array at depth has n elements; check against earlier rows. */
static int check_row(text_ctx *c, const token *open, int depth, int64_t n) {
    if (depth >= 1 && depth <= c->levels) { /* a jagged level: every length is kept */
        if (c->nlens[depth] == c->caplens[depth]) {
            int64_t cap = c->caplens[depth] ? 2 * c->caplens[depth] : 64;
            int64_t *nl = realloc(c->lens[depth], (size_t)cap * sizeof *nl);
            if (!nl) {
                set_err(c->r, "out of memory");
                return 1;
            }
            c->lens[depth] = nl;
            c->caplens[depth] = cap;
        }
        c->lens[depth][c->nlens[depth]++] = n;
        return 0;
    }
    c->rows[depth]++;
    if (!c->known[depth]) {
        c->known[depth] = true;
        c->shape[depth] = n;
        return 0;
    }
    if (c->shape[depth] != n) {
        set_err(c->r, "line %d, col %d: irregular array: row %" PRId64 " has %" PRId64 " elements, row 1 has %" PRId64,
                open->line, open->col, c->rows[depth], n, c->shape[depth]);
        return 1;
    }
    return 0;
}

/* The common case of a large input: a plain decimal integer, perhaps with its exact suffix.
 * False (nothing stored) for anything else; store_literal then handles it and its errors. */
static bool fast_int(const char *s, wf_prim p, void *dst) {
    bool neg = *s == '-';
    s += neg;
    uint64_t mag = 0;
    int digits = 0;
    for (; *s >= '0' && *s <= '9'; s++, digits++)
        mag = mag * 10 + (uint64_t)(*s - '0');
    if (digits == 0 || digits > 18 || (*s && strcmp(s, prim_names[p])))
        return false;
    literal l;
    l.neg = neg;
    l.mag = mag;
    l.overflow = false;
    l.suffix = *s ? (int)p : -1;
    if (!int_fits(&l, p))
        return false;
    store_int(dst, p, (uint64_t)int_signed(&l));
    return true;
}

static int parse_text(text_ctx *c, const token *t, int depth);

/* array := '[' [ value { ',' value } ] ']'   (t is the '[') */
static int parse_array(text_ctx *c, const token *open, int depth) {
    token t;
    int64_t n = 0;
    next_token(c->r, &t);
    if (!(t.kind == TOK_PUNCT && t.text[0] == ']')) {
        for (;;) {
            if (parse_text(c, &t, depth + 1))
                return 1;
            n++;
            next_token(c->r, &t);
            if (t.kind == TOK_PUNCT && t.text[0] == ']')
                break;
            if (!(t.kind == TOK_PUNCT && t.text[0] == ',')) {
                set_err(c->r, "line %d, col %d: expected ',' or ']' but found '%s'", t.line, t.col, tok_show(&t));
                return 1;
            }
            next_token(c->r, &t);
        }
    }
    return check_row(c, open, depth, n);
}

static int parse_empty_dims(wf_reader *r, const token *t0, int64_t *shape, int *rank, int *prim);

/* empty(...) as a row inside an array (weft prints the empty rows of a jagged array so) */
static int parse_inner_empty(text_ctx *c, const token *t, int depth) {
    int64_t shape[WF_MAX_RANK];
    int erank, eprim;
    if (parse_empty_dims(c->r, t, shape, &erank, &eprim))
        return 1;
    if (eprim != (int)c->prim || erank != c->rank - depth || shape[0] != 0) {
        char want[64];
        type_string(want, sizeof want, c->prim, c->rank - depth);
        set_err(c->r, "line %d, col %d: expected an empty array of type %s", t->line, t->col, want);
        return 1;
    }
    return check_row(c, t, depth, 0);
}

/* string := '"' { char | '\\' escape } '"'   (t is the opening quote): a []u8 of its bytes, as
 * Futhark's data format allows ("12" is [49u8, 50u8]); escapes \n \t \r \0 \\ \" \'. */
static int parse_string(text_ctx *c, const token *open, int depth) {
    int64_t n = 0;
    for (;;) {
        int ch = peek(c->r);
        if (ch == EOF || ch == '\n') {
            set_err(c->r, "line %d, col %d: a string without its closing '\"'", open->line, open->col);
            return 1;
        }
        advance(c->r);
        if (ch == '"')
            break;
        if (ch == '\\') {
            int e = peek(c->r);
            const char *from = "nrt0\\\"'", *to = "\n\r\t\0\\\"'";
            const char *at = e == EOF || e == 0 ? NULL : strchr(from, e);
            if (!at) {
                set_err(c->r, "line %d, col %d: unknown escape in a string", c->r->line, c->r->col);
                return 1;
            }
            advance(c->r);
            ch = (unsigned char)to[at - from];
        }
        unsigned char *dst = push_elem(c);
        if (!dst) {
            set_err(c->r, "out of memory");
            return 1;
        }
        *dst = (unsigned char)ch;
        n++;
    }
    return check_row(c, open, depth, n);
}

static int parse_text(text_ctx *c, const token *t, int depth) {
    if (depth < c->rank) {
        if (t->kind == TOK_PUNCT && t->text[0] == '[')
            return parse_array(c, t, depth);
        if (t->kind == TOK_PUNCT && t->text[0] == '"' && c->prim == WF_U8 && depth == c->rank - 1)
            return parse_string(c, t, depth);
        if (depth > 0 && t->kind == TOK_WORD && !strcmp(t->text, "empty"))
            return parse_inner_empty(c, t, depth);
        return expect_found(c, t, depth);
    }
    if (t->kind != TOK_WORD)
        return expect_found(c, t, depth);
    void *dst = push_elem(c);
    if (!dst) {
        set_err(c->r, "out of memory");
        return 1;
    }
    if (prim_is_int(c->prim) && fast_int(t->text, c->prim, dst))
        return 0;
    return store_literal(c->r, t, c->prim, dst);
}

/* empty := 'empty' '(' { '[' int ']' } prim ')'   (t is the word "empty") */
static int parse_empty_dims(wf_reader *r, const token *t0, int64_t *shape, int *rank, int *prim) {
    token t;
    next_token(r, &t);
    if (!(t.kind == TOK_PUNCT && t.text[0] == '(')) {
        set_err(r, "line %d, col %d: expected '(' after 'empty' but found '%s'", t.line, t.col, tok_show(&t));
        return 1;
    }
    *rank = 0;
    for (;;) {
        next_token(r, &t);
        if (!(t.kind == TOK_PUNCT && t.text[0] == '['))
            break;
        next_token(r, &t);
        literal l;
        if (!parse_literal(&t, &l) || l.kind != LIT_INT || l.neg || l.overflow || l.mag > INT64_MAX ||
            (l.suffix >= 0 && !prim_is_int((wf_prim)l.suffix))) {
            set_err(r, "line %d, col %d: expected a dimension but found '%s'", t.line, t.col, tok_show(&t));
            return 1;
        }
        if (*rank == WF_MAX_RANK) {
            set_err(r, "line %d, col %d: too many dimensions", t.line, t.col);
            return 1;
        }
        shape[(*rank)++] = (int64_t)l.mag;
        next_token(r, &t);
        if (!(t.kind == TOK_PUNCT && t.text[0] == ']')) {
            set_err(r, "line %d, col %d: expected ']' but found '%s'", t.line, t.col, tok_show(&t));
            return 1;
        }
    }
    *prim = t.kind == TOK_WORD ? prim_from_name(t.text, strlen(t.text)) : -1;
    if (*prim < 0) {
        set_err(r, "line %d, col %d: expected a type name but found '%s'", t.line, t.col, tok_show(&t));
        return 1;
    }
    next_token(r, &t);
    if (!(t.kind == TOK_PUNCT && t.text[0] == ')')) {
        set_err(r, "line %d, col %d: expected ')' but found '%s'", t.line, t.col, tok_show(&t));
        return 1;
    }
    if (!has_zero_size(*rank, shape)) {
        set_err(r, "line %d, col %d: empty() needs a shape with a zero dimension", t0->line, t0->col);
        return 1;
    }
    return 0;
}

static int read_empty_typed(wf_reader *r, const token *t0, wf_prim prim, int rank, wf_value *out) {
    int64_t shape[WF_MAX_RANK];
    int erank, eprim;
    if (parse_empty_dims(r, t0, shape, &erank, &eprim))
        return 1;
    if (eprim != (int)prim || erank != rank) {
        char want[64], got[64];
        type_string(want, sizeof want, prim, rank);
        type_string(got, sizeof got, (wf_prim)eprim, erank);
        set_err(r, "line %d, col %d: expected a value of type %s but found an empty array of type %s", t0->line,
                t0->col, want, got);
        return 1;
    }
    out->prim = prim;
    out->rank = rank;
    memcpy(out->shape, shape, sizeof(int64_t) * (size_t)rank);
    out->data = malloc(1);
    if (!out->data) {
        set_err(r, "out of memory");
        return 1;
    }
    return 0;
}

static int read_text_typed(wf_reader *r, const token *t, wf_prim prim, int rank, wf_value *out) {
    text_ctx c = {0};
    c.r = r;
    c.prim = prim;
    c.rank = rank;
    c.elem = prim_sizes[prim];
    if (parse_text(&c, t, 0)) {
        free(c.data);
        return 1;
    }
    out->prim = prim;
    out->rank = rank;
    for (int i = 0; i < rank; i++)
        out->shape[i] = c.known[i] ? c.shape[i] : 0;
    out->data = c.data ? (void *)c.data : malloc(1);
    if (!out->data) {
        set_err(r, "out of memory");
        return 1;
    }
    return 0;
}

int wf_read_value(wf_reader *r, wf_prim prim, int rank, wf_value *out) {
    memset(out, 0, sizeof *out);
    r->err[0] = 0;
    if ((unsigned)prim >= WF_PRIM_COUNT || rank < 0 || rank > WF_MAX_RANK) {
        set_err(r, "invalid type requested");
        return 1;
    }
    token t;
    next_token(r, &t);
    if (t.kind == TOK_EOF) {
        char ty[64];
        type_string(ty, sizeof ty, prim, rank);
        set_err(r, "line %d, col %d: expected a value of type %s but found end of input", t.line, t.col, ty);
        return 1;
    }
    if (t.kind == TOK_BINARY)
        return read_binary_typed(r, prim, rank, out);
    if (t.kind == TOK_WORD && !strcmp(t.text, "empty"))
        return read_empty_typed(r, &t, prim, rank, out);
    return read_text_typed(r, &t, prim, rank, out);
}

/* ------------------------------------------------------------------ jagged values */

static void free_parts(wf_value *parts, int n) {
    for (int i = 0; i < n; i++)
        wf_value_free(&parts[i]);
}

/* The offsets of a jagged level of n rows, uninitialised (n + 1 of them). */
static int offsets_part(wf_reader *r, wf_value *o, int64_t n) {
    o->prim = WF_I64;
    o->rank = 1;
    o->shape[0] = n + 1;
    o->data = (uint64_t)n < SIZE_MAX / sizeof(int64_t) ? malloc(sizeof(int64_t) * (size_t)(n + 1)) : NULL;
    if (!o->data) {
        set_err(r, "out of memory for the offsets of a jagged value's %" PRId64 " rows", n);
        return 1;
    }
    return 0;
}

/* The rows of a jagged value cost 8 bytes each (its offsets).  Rows the input spells out (text
 * brackets, binary lengths, elements) cost memory in proportion to it; the rows of an array
 * without elements given by its shape alone (empty([n][0]i32) for a [][]i32) would not, so at
 * most this many at each jagged level.  wf_write_jagged_text writes larger ones row by row. */
#define MAX_SHAPED_EMPTY_ROWS ((int64_t)1 << 24)

/* Whether a value of this shape without elements has few enough rows at each of its jagged
 * levels (the first `levels` dimensions) to be read as a jagged value. */
static bool shaped_empty_rows_fit(int levels, const int64_t *shape) {
    int64_t rows = 1;
    for (int k = 0; k < levels; k++) {
        if (shape[k] && rows > MAX_SHAPED_EMPTY_ROWS / shape[k])
            return false;
        rows *= shape[k];
    }
    return true;
}

/* A rectangular value v (rank >= levels + 1) as the parts of a jagged one: evenly spaced
 * offsets, its elements as the data (moved out of v). */
static int jagged_from_regular(wf_reader *r, wf_value *v, int levels, wf_value *parts) {
    if (has_zero_size(v->rank, v->shape) && !shaped_empty_rows_fit(levels, v->shape)) {
        set_err(r, "an array without elements given by its shape may have at most %" PRId64 " rows at each jagged "
                   "level (write larger ones row by row: [empty([0]...), ...])", MAX_SHAPED_EMPTY_ROWS);
        return 1;
    }
    int64_t rows = v->shape[0];
    for (int k = 0; k < levels; k++) {
        int64_t m = v->shape[k + 1];
        if (m && rows > INT64_MAX / m) { /* the rows of the data, when a later size is 0 */
            set_err(r, "a jagged value with %" PRId64 " x %" PRId64 " rows at level %d is too large", rows, m, k + 2);
            free_parts(parts, k);
            return 1;
        }
        if (offsets_part(r, &parts[k], rows)) {
            free_parts(parts, k);
            return 1;
        }
        int64_t *o = parts[k].data;
        for (int64_t i = 0; i <= rows; i++)
            o[i] = i * m;
        rows *= m;
    }
    wf_value *d = &parts[levels];
    d->prim = v->prim;
    d->rank = v->rank - levels;
    d->shape[0] = rows;
    for (int k = 1; k < d->rank; k++)
        d->shape[k] = v->shape[levels + k];
    d->data = v->data;
    v->data = NULL;
    return 0;
}

/* The parts from a text value parsed with c (c.levels set). */
static int jagged_from_text(text_ctx *c, int rank, int levels, wf_value *parts) {
    int64_t rows = c->known[0] ? c->shape[0] : 0;
    for (int k = 0; k < levels; k++) {
        int d = k + 1;
        if (c->nlens[d] != rows) { /* cannot happen: every row at depth d was counted */
            set_err(c->r, "internal error: jagged level %d has %lld rows, expected %lld", d, (long long)c->nlens[d],
                    (long long)rows);
            free_parts(parts, k);
            return 1;
        }
        if (offsets_part(c->r, &parts[k], rows)) {
            free_parts(parts, k);
            return 1;
        }
        int64_t *o = parts[k].data, acc = 0;
        for (int64_t i = 0; i < rows; i++) {
            o[i] = acc;
            acc += c->lens[d][i];
        }
        o[rows] = acc;
        rows = acc;
    }
    wf_value *dv = &parts[levels];
    dv->prim = c->prim;
    dv->rank = rank - levels;
    dv->shape[0] = rows;
    for (int k = 1; k < dv->rank; k++)
        dv->shape[k] = c->known[levels + k] ? c->shape[levels + k] : 0;
    dv->data = c->data ? (void *)c->data : malloc(1);
    c->data = NULL;
    if (!dv->data) {
        set_err(c->r, "out of memory");
        free_parts(parts, levels);
        return 1;
    }
    return 0;
}

/* version 3: 'b' 3 rank levels type, rows, the lengths of each level, the regular dimensions
 * after the levels, the data */
static int read_jagged_binary(wf_reader *r, wf_prim prim, int rank, int levels, wf_value *parts, int *any_rank,
                              int *any_levels) {
    unsigned char head[8];
    if (!read_bytes(r, head, 8)) {
        set_err(r, "binary value: truncated header");
        return 1;
    }
    if (head[1] == 2) { /* a rectangular value */
        bin_header h;
        h.rank = head[2];
        h.prim = -1;
        for (int p = 0; p < WF_PRIM_COUNT; p++)
            if (!memcmp(head + 3, binary_names[p], 4))
                h.prim = p;
        if (h.prim != (int)prim || h.rank != rank) {
            set_err(r, "binary value: expected a value of rank %d and type %s", rank, prim_names[prim]);
            return 1;
        }
        /* head[7] is the first byte of the shape */
        unsigned char rest[8 * WF_MAX_RANK];
        rest[0] = head[7];
        if (!read_bytes(r, rest + 1, 8 * (size_t)rank - 1)) {
            set_err(r, "binary value: truncated shape");
            return 1;
        }
        memcpy(h.shape, rest, 8 * (size_t)rank);
        if (!host_little_endian())
            byteswap(h.shape, 8, rank);
        for (int i = 0; i < rank; i++)
            if (h.shape[i] < 0) {
                set_err(r, "binary value: negative dimension %" PRId64, h.shape[i]);
                return 1;
            }
        wf_value v = {0};
        if (read_bin_data(r, &h, &v))
            return 1;
        int rc = jagged_from_regular(r, &v, levels, parts);
        wf_value_free(&v);
        return rc;
    }
    if (head[1] != 3) {
        set_err(r, "binary value: unsupported format version %d (expected 2 or 3)", head[1]);
        return 1;
    }
    if (rank < 0) { /* any jagged value: its type from the header (untyped reading) */
        rank = head[2];
        levels = head[3];
        int found = -1;
        for (int q = 0; q < WF_PRIM_COUNT; q++)
            if (!memcmp(head + 4, binary_names[q], 4))
                found = q;
        if (found < 0 || levels < 1 || rank <= levels || rank > WF_MAX_RANK) {
            set_err(r, "binary value: a malformed jagged header");
            return 1;
        }
        prim = (wf_prim)found;
        *any_rank = rank;
        *any_levels = levels;
    }
    if (head[2] != rank || head[3] != levels || memcmp(head + 4, binary_names[prim], 4)) {
        set_err(r, "binary value: expected a jagged value of rank %d, %d jagged levels and type %s", rank, levels,
                prim_names[prim]);
        return 1;
    }
    int64_t rows;
    if (!read_bytes(r, &rows, 8)) {
        set_err(r, "binary value: truncated shape");
        return 1;
    }
    if (!host_little_endian())
        byteswap(&rows, 8, 1);
    for (int k = 0; k < levels; k++) {
        if (rows < 0 || (uint64_t)rows >= SIZE_MAX / 8) {
            set_err(r, "binary value: bad row count %" PRId64, rows);
            free_parts(parts, k);
            return 1;
        }
        size_t short_by;
        int64_t *o = (int64_t *)read_payload(r, 8, 8 * (size_t)rows, &short_by);
        if (!o) {
            if (short_by)
                set_err(r, "binary value: truncated lengths of jagged level %d (expected %" PRId64
                           " rows; the input ends %zu bytes short)", k + 1, rows, short_by);
            else
                set_err(r, "binary value: out of memory for the %" PRId64 " rows of jagged level %d", rows, k + 1);
            free_parts(parts, k);
            return 1;
        }
        parts[k] = (wf_value){.prim = WF_I64, .rank = 1, .shape = {rows + 1}, .data = o};
        if (!host_little_endian())
            byteswap(o + 1, 8, rows);
        o[0] = 0;
        for (int64_t i = 1; i <= rows; i++) {
            if (o[i] < 0 || o[i] > INT64_MAX - o[i - 1]) {
                set_err(r, "binary value: bad length %" PRId64 " in jagged level %d", o[i], k + 1);
                free_parts(parts, k + 1);
                return 1;
            }
            o[i] += o[i - 1];
        }
        rows = o[rows];
    }
    bin_header h = {(int)prim, rank - levels, {0}};
    h.shape[0] = rows;
    if (rank - levels > 1 && !read_bytes(r, h.shape + 1, 8 * (size_t)(rank - levels - 1))) {
        set_err(r, "binary value: truncated shape");
        free_parts(parts, levels);
        return 1;
    }
    if (!host_little_endian())
        byteswap(h.shape + 1, 8, rank - levels - 1);
    for (int i = 1; i < h.rank; i++)
        if (h.shape[i] < 0) {
            set_err(r, "binary value: negative dimension %" PRId64, h.shape[i]);
            free_parts(parts, levels);
            return 1;
        }
    if (read_bin_data(r, &h, &parts[levels])) {
        free_parts(parts, levels);
        return 1;
    }
    return 0;
}

int wf_read_jagged(wf_reader *r, wf_prim prim, int rank, int levels, wf_value *parts) {
    memset(parts, 0, sizeof *parts * (size_t)(levels + 1));
    r->err[0] = 0;
    if ((unsigned)prim >= WF_PRIM_COUNT || levels < 1 || rank <= levels || rank > WF_MAX_RANK) {
        set_err(r, "invalid type requested");
        return 1;
    }
    token t;
    next_token(r, &t);
    if (t.kind == TOK_EOF) {
        char ty[64];
        type_string(ty, sizeof ty, prim, rank);
        set_err(r, "line %d, col %d: expected a value of type %s but found end of input", t.line, t.col, ty);
        return 1;
    }
    if (t.kind == TOK_BINARY)
        return read_jagged_binary(r, prim, rank, levels, parts, NULL, NULL);
    if (t.kind == TOK_WORD && !strcmp(t.text, "empty")) {
        wf_value v = {0};
        if (read_empty_typed(r, &t, prim, rank, &v))
            return 1;
        int rc = jagged_from_regular(r, &v, levels, parts);
        wf_value_free(&v);
        return rc;
    }
    text_ctx c = {0};
    c.r = r;
    c.prim = prim;
    c.rank = rank;
    c.elem = prim_sizes[prim];
    c.levels = levels;
    int rc = parse_text(&c, &t, 0) || jagged_from_text(&c, rank, levels, parts);
    free(c.data);
    for (int k = 0; k < WF_MAX_RANK; k++)
        free(c.lens[k]);
    return rc;
}

bool wf_jagged_valid(int rank, int levels, const wf_value *parts, char *why, size_t why_len) {
    int64_t lo = 0, hi = -1; /* the positions the level above spans */
    for (int k = 0; k < levels; k++) {
        const wf_value *o = &parts[k];
        if (o->prim != WF_I64 || o->rank != 1 || o->shape[0] < 1) {
            snprintf(why, why_len, "the offsets of level %d must be an i64 array of at least one entry", k + 1);
            return false;
        }
        const int64_t *x = o->data;
        if (k == 0) {
            lo = 0;
            hi = o->shape[0] - 1;
        }
        if (lo < 0 || hi >= o->shape[0] || lo > hi) {
            snprintf(why, why_len, "the offsets of level %d have %" PRId64 " entries; the level above needs %" PRId64,
                     k + 1, o->shape[0], hi + 1);
            return false;
        }
        for (int64_t i = lo; i < hi; i++)
            if (x[i] > x[i + 1]) {
                snprintf(why, why_len, "the offsets of level %d decrease at entry %" PRId64, k + 1, i + 1);
                return false;
            }
        int64_t nlo = x[lo], nhi = x[hi];
        lo = nlo;
        hi = nhi;
    }
    const wf_value *d = &parts[levels];
    if (d->rank != rank - levels || lo < 0 || hi > d->shape[0]) {
        snprintf(why, why_len, "the data (%" PRId64 " rows) does not hold the rows %" PRId64 "..%" PRId64, d->shape[0], lo, hi);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------ writing text */

/* Whether the text s reads back as x, a value of float type p. */
static bool reads_back(const char *s, double x, wf_prim p) {
    if (p == WF_F32)
        return strtof(s, NULL) == (float)x;
    if (p == WF_F16)
        return wf_d2h(strtod(s, NULL)) == wf_d2h(x);
    return strtod(s, NULL) == x;
}

/* x, a value of float type p (f16, f32, f64), as 1.5f16, f32.nan, -f64.inf. */
static void format_float(char *out, size_t n, double x, wf_prim p) {
    const char *name = prim_names[p];
    if (isnan(x)) {
        snprintf(out, n, "%s.nan", name);
        return;
    }
    if (isinf(x)) {
        snprintf(out, n, "%s%s.inf", x < 0 ? "-" : "", name);
        return;
    }
    /* The shortest %g precision that reads back to the same value. */
    int lo = p == WF_F16 ? 3 : p == WF_F32 ? 6 : 15, hi = p == WF_F16 ? 5 : p == WF_F32 ? 9 : 17;
    for (int prec = lo; prec <= hi; prec++) {
        snprintf(out, n, "%.*g", prec, x);
        if (prec == hi || reads_back(out, x, p))
            break;
    }
    if (!strpbrk(out, ".e"))
        strncat(out, ".0", n - strlen(out) - 1);
    strncat(out, name, n - strlen(out) - 1);
}

/* Format one element as text into out (at least 64 bytes). */
static void format_scalar(char *out, size_t n, wf_prim p, const void *e) {
    switch (p) {
    case WF_I8: { int8_t x; memcpy(&x, e, 1); snprintf(out, n, "%di8", x); break; }
    case WF_I16: { int16_t x; memcpy(&x, e, 2); snprintf(out, n, "%di16", x); break; }
    case WF_I32: { int32_t x; memcpy(&x, e, 4); snprintf(out, n, "%" PRId32 "i32", x); break; }
    case WF_I64: { int64_t x; memcpy(&x, e, 8); snprintf(out, n, "%" PRId64 "i64", x); break; }
    case WF_U8: { uint8_t x; memcpy(&x, e, 1); snprintf(out, n, "%uu8", x); break; }
    case WF_U16: { uint16_t x; memcpy(&x, e, 2); snprintf(out, n, "%uu16", x); break; }
    case WF_U32: { uint32_t x; memcpy(&x, e, 4); snprintf(out, n, "%" PRIu32 "u32", x); break; }
    case WF_U64: { uint64_t x; memcpy(&x, e, 8); snprintf(out, n, "%" PRIu64 "u64", x); break; }
    case WF_F32: { float x; memcpy(&x, e, 4); format_float(out, n, x, p); break; }
    case WF_F64: { double x; memcpy(&x, e, 8); format_float(out, n, x, p); break; }
    case WF_F16: { uint16_t x; memcpy(&x, e, 2); format_float(out, n, wf_h2f(x), p); break; }
    case WF_BOOL: { uint8_t x; memcpy(&x, e, 1); snprintf(out, n, "%s", x ? "true" : "false"); break; }
    default: snprintf(out, n, "?"); break;
    }
}

void wf_write_scalar_text(FILE *f, wf_prim prim, const void *elem) {
    char buf[80];
    format_scalar(buf, sizeof buf, prim, elem);
    fputs(buf, f);
}

/* An integer element with its suffix, without printf: the bulk of large outputs.  Returns the length. */
static size_t format_int_fast(char *out, wf_prim p, const unsigned char *e) {
    uint64_t u = 0;
    memcpy(&u, e, prim_sizes[p]); /* little-endian host: the low bytes */
    int bits = prim_bits(p);
    if (bits < 64)
        u &= ((uint64_t)1 << bits) - 1;
    bool neg = prim_is_signed(p) && ((u >> (bits - 1)) & 1);
    if (neg)
        u = (bits < 64 ? ((uint64_t)1 << bits) : 0) - u; /* magnitude, modulo 2^64 for i64 */
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    size_t k = 0;
    if (neg)
        out[k++] = '-';
    while (n)
        out[k++] = digits[--n];
    for (const char *q = prim_names[p]; *q;)
        out[k++] = *q++;
    return k;
}

/* Text output goes through a small buffer: stdio per element is the bottleneck on big arrays. */
typedef struct {
    FILE *f;
    size_t n;
    char buf[1 << 14];
} outbuf;

static void ob_flush(outbuf *o) {
    if (o->n)
        fwrite(o->buf, 1, o->n, o->f);
    o->n = 0;
}

static void ob_put(outbuf *o, const char *s, size_t n) {
    if (o->n + n > sizeof o->buf)
        ob_flush(o);
    memcpy(o->buf + o->n, s, n);
    o->n += n;
}

static void ob_elem(outbuf *o, wf_prim p, const unsigned char *e, bool fast) {
    char buf[80];
    size_t n;
    if (fast) {
        n = format_int_fast(buf, p, e);
    } else {
        format_scalar(buf, sizeof buf, p, e);
        n = strlen(buf);
    }
    ob_put(o, buf, n);
}

static const unsigned char *write_rows(outbuf *o, const wf_value *v, int depth, const unsigned char *p) {
    size_t elem = prim_sizes[v->prim];
    bool fast = prim_is_int(v->prim) && host_little_endian();
    ob_put(o, "[", 1);
    for (int64_t i = 0; i < v->shape[depth]; i++) {
        if (i)
            ob_put(o, ", ", 2);
        if (depth + 1 == v->rank) {
            ob_elem(o, v->prim, p, fast);
            p += elem;
        } else {
            p = write_rows(o, v, depth + 1, p);
        }
    }
    ob_put(o, "]", 1);
    return p;
}

void wf_write_text(FILE *f, const wf_value *v) {
    if (v->rank == 0) {
        wf_write_scalar_text(f, v->prim, v->data);
        return;
    }
    if (wf_value_count(v) == 0) {
        fputs("empty(", f);
        for (int i = 0; i < v->rank; i++)
            fprintf(f, "[%" PRId64 "]", v->shape[i]);
        fprintf(f, "%s)", prim_names[v->prim]);
        return;
    }
    outbuf o;
    o.f = f;
    o.n = 0;
    write_rows(&o, v, 0, v->data);
    ob_flush(&o);
}

/* ------------------------------------------------------------------ writing binary */

static void write_le(FILE *f, const void *data, size_t elem, int64_t count) {
    if (host_little_endian() || elem == 1) {
        fwrite(data, elem, (size_t)count, f);
        return;
    }
    const unsigned char *p = data;
    for (int64_t i = 0; i < count; i++, p += elem)
        for (size_t b = elem; b-- > 0;)
            fputc(p[b], f);
}

void wf_write_binary(FILE *f, const wf_value *v) {
    unsigned char head[3] = {'b', 2, (unsigned char)v->rank};
    fwrite(head, 1, 3, f);
    fwrite(binary_names[v->prim], 1, 4, f);
    write_le(f, v->shape, 8, v->rank);
    write_le(f, v->data, prim_sizes[v->prim], wf_value_count(v));
}

/* ------------------------------------------------------------------ writing jagged values */

/* Whether every row of each level spans as many positions as the first; its shape then. */
static bool jagged_shape(int rank, int levels, const wf_value *parts, int64_t *shape, int64_t *first) {
    int64_t lo = 0, hi = parts[0].shape[0] - 1;
    shape[0] = hi;
    bool regular = true;
    for (int k = 0; k < levels; k++) {
        const int64_t *o = parts[k].data;
        int64_t len = hi > lo ? o[lo + 1] - o[lo] : 0;
        for (int64_t i = lo; i < hi && regular; i++)
            regular = o[i + 1] - o[i] == len;
        shape[k + 1] = len;
        int64_t nlo = o[lo], nhi = o[hi];
        lo = nlo;
        hi = nhi;
    }
    *first = lo;
    for (int k = levels + 1; k < rank; k++)
        shape[k] = parts[levels].shape[k - levels];
    return regular;
}

static void write_jagged_rows(FILE *f, int rank, int levels, const wf_value *parts, int level, int64_t lo, int64_t hi) {
    const wf_value *d = &parts[levels];
    if (hi == lo) { /* an empty row: its jagged dimensions 0, the regular ones as they are */
        fputs("empty([0]", f);
        for (int k = level + 1; k < rank; k++)
            fprintf(f, "[%" PRId64 "]", k <= levels ? (int64_t)0 : d->shape[k - levels]);
        fprintf(f, "%s)", prim_names[d->prim]);
        return;
    }
    fputc('[', f);
    for (int64_t i = lo; i < hi; i++) {
        if (i > lo)
            fputs(", ", f);
        if (level < levels) {
            const int64_t *o = parts[level].data;
            write_jagged_rows(f, rank, levels, parts, level + 1, o[i], o[i + 1]);
            continue;
        }
        /* an element of the data: a scalar, or a regular array of the remaining dimensions */
        wf_value row = *d;
        row.rank = d->rank - 1;
        for (int k = 0; k < row.rank; k++)
            row.shape[k] = d->shape[k + 1];
        row.data = (unsigned char *)d->data + (size_t)(i * wf_value_count(&row)) * prim_sizes[d->prim];
        wf_write_text(f, &row);
    }
    fputc(']', f);
}

void wf_write_jagged_text(FILE *f, int rank, int levels, const wf_value *parts) {
    int64_t shape[WF_MAX_RANK], first;
    const wf_value *d = &parts[levels];
    bool regular = jagged_shape(rank, levels, parts, shape, &first);
    if (regular && (!has_zero_size(rank, shape) || shaped_empty_rows_fit(levels, shape))) { /* it reads back */
        wf_value v = *d;
        v.rank = rank;
        memcpy(v.shape, shape, sizeof(int64_t) * (size_t)rank);
        wf_value row = *d;
        row.rank = d->rank - 1;
        for (int k = 0; k < row.rank; k++)
            row.shape[k] = d->shape[k + 1];
        v.data = (unsigned char *)d->data + (size_t)(first * wf_value_count(&row)) * prim_sizes[d->prim];
        wf_write_text(f, &v);
        return;
    }
    write_jagged_rows(f, rank, levels, parts, 0, 0, parts[0].shape[0] - 1);
}

void wf_write_jagged_binary(FILE *f, int rank, int levels, const wf_value *parts) {
    const wf_value *d = &parts[levels];
    unsigned char head[4] = {'b', 3, (unsigned char)rank, (unsigned char)levels};
    fwrite(head, 1, 4, f);
    fwrite(binary_names[d->prim], 1, 4, f);
    int64_t lo = 0, hi = parts[0].shape[0] - 1;
    write_le(f, &hi, 8, 1);
    for (int k = 0; k < levels; k++) {
        const int64_t *o = parts[k].data;
        for (int64_t i = lo; i < hi; i++) {
            int64_t len = o[i + 1] - o[i];
            write_le(f, &len, 8, 1);
        }
        int64_t nlo = o[lo], nhi = o[hi];
        lo = nlo;
        hi = nhi;
    }
    write_le(f, d->shape + 1, 8, d->rank - 1);
    wf_value row = *d;
    row.rank = d->rank - 1;
    for (int k = 0; k < row.rank; k++)
        row.shape[k] = d->shape[k + 1];
    int64_t per = wf_value_count(&row);
    write_le(f, (const unsigned char *)d->data + (size_t)(lo * per) * prim_sizes[d->prim], prim_sizes[d->prim], (hi - lo) * per);
}

/* ------------------------------------------------------------------ untyped trees */

static wf_tree *tree_new(wf_reader *r) {
    wf_tree *t = calloc(1, sizeof *t);
    if (!t)
        set_err(r, "out of memory");
    return t;
}

void wf_tree_free(wf_tree *t) {
    if (!t)
        return;
    if (t->is_array) {
        for (int i = 0; i < t->len; i++)
            wf_tree_free(t->elems[i]);
        free(t->elems);
        free(t->shape);
    }
    free(t);
}

static int tree_push(wf_reader *r, wf_tree *a, wf_tree *e, int *cap) {
    if (a->len == *cap) {
        int ncap = *cap ? 2 * *cap : 4;
        wf_tree **ne = realloc(a->elems, sizeof *ne * (size_t)ncap);
        if (!ne) {
            set_err(r, "out of memory");
            return 1;
        }
        a->elems = ne;
        *cap = ncap;
    }
    a->elems[a->len++] = e;
    return 0;
}

/* The scalar held in one element of a typed buffer, as a tree leaf. */
static void leaf_from_elem(wf_tree *t, wf_prim p, const void *e) {
    t->prim = p;
    t->suffixed = true;
    if (p == WF_BOOL) {
        uint8_t b;
        memcpy(&b, e, 1);
        t->v.b = b != 0;
    } else if (p == WF_F32) {
        float x;
        memcpy(&x, e, 4);
        t->v.f = x;
    } else if (p == WF_F64) {
        memcpy(&t->v.f, e, 8);
    } else if (p == WF_F16) {
        uint16_t h;
        memcpy(&h, e, 2);
        t->v.f = wf_h2f(h);
    } else {
        uint64_t u = 0;
        memcpy(&u, e, prim_sizes[p]); /* little-endian host assumed for the low bytes */
        int bits = prim_bits(p);
        if (bits < 64 && prim_is_signed(p) && (u >> (bits - 1)) & 1)
            u |= ~(uint64_t)0 << bits;
        if (prim_is_signed(p))
            t->v.i = (int64_t)u;
        else
            t->v.u = u;
    }
}

/* The tree of an array without elements: one node holding its shape. */
static wf_tree *tree_without_elements(wf_reader *r, wf_prim p, int rank, const int64_t *shape) {
    wf_tree *t = tree_new(r);
    int64_t *s = malloc(sizeof *s * (size_t)rank);
    if (!t || !s) {
        free(t);
        free(s);
        set_err(r, "out of memory");
        return NULL;
    }
    memcpy(s, shape, sizeof *s * (size_t)rank);
    t->is_array = true;
    t->empty_prim = p;
    t->empty_rank = rank;
    t->shape = s;
    return t;
}

/* The tree of the elements at *data of the given remaining shape. */
static wf_tree *tree_from_shape(wf_reader *r, wf_prim p, int rank, const int64_t *shape, const unsigned char **data) {
    for (int i = 0; i < rank; i++)
        if (shape[i] == 0)
            return tree_without_elements(r, p, rank, shape);
    wf_tree *t = tree_new(r);
    if (!t)
        return NULL;
    if (rank == 0) {
        leaf_from_elem(t, p, *data);
        *data += prim_sizes[p];
        return t;
    }
    t->is_array = true;
    t->empty_prim = p;
    t->empty_rank = rank;
    int cap = 0;
    if (shape[0] > INT32_MAX) {
        set_err(r, "value too large to compare");
        wf_tree_free(t);
        return NULL;
    }
    for (int64_t i = 0; i < shape[0]; i++) {
        wf_tree *e = tree_from_shape(r, p, rank - 1, shape + 1, data);
        if (!e || tree_push(r, t, e, &cap)) {
            wf_tree_free(e);
            wf_tree_free(t);
            return NULL;
        }
    }
    return t;
}

static wf_tree *tree_from_value(wf_reader *r, const wf_value *v) {
    const unsigned char *p = v->data;
    return tree_from_shape(r, v->prim, v->rank, v->shape, &p);
}

static wf_tree *tree_leaf(wf_reader *r, const token *t) {
    literal l;
    if (!parse_literal(t, &l)) {
        set_err(r, "line %d, col %d: expected a value but found '%s'", t->line, t->col, tok_show(t));
        return NULL;
    }
    wf_tree *n = tree_new(r);
    if (!n)
        return NULL;
    n->suffixed = l.suffix >= 0;
    if (l.kind == LIT_BOOL) {
        n->prim = WF_BOOL;
        n->v.b = l.b;
    } else if (l.kind == LIT_FLOAT || (l.suffix >= 0 && prim_is_float((wf_prim)l.suffix))) {
        n->prim = l.suffix >= 0 ? (wf_prim)l.suffix : WF_F64;
        n->v.f = lit_double(&l, n->prim);
    } else {
        wf_prim p = l.suffix >= 0 ? (wf_prim)l.suffix : int_fits(&l, WF_I32) ? WF_I32 : int_fits(&l, WF_I64) ? WF_I64 : WF_U64;
        if (!int_fits(&l, p)) {
            set_err(r, "line %d, col %d: literal '%s' is out of range for %s", t->line, t->col, t->text,
                    prim_names[p]);
            free(n);
            return NULL;
        }
        n->prim = p;
        uint64_t bits = (uint64_t)int_signed(&l); /* wrapped to p's width (a suffixed literal) */
        int width = prim_bits(p);
        if (width < 64) {
            uint64_t mask = ((uint64_t)1 << width) - 1, sign = (uint64_t)1 << (width - 1);
            bits &= mask;
            if (prim_is_signed(p))
                bits = (bits ^ sign) - sign;
        }
        if (prim_is_signed(p))
            n->v.i = (int64_t)bits;
        else
            n->v.u = bits;
    }
    return n;
}

static wf_tree *tree_parse(wf_reader *r, const token *t, int depth);

/* An array whose '[' was t, nested in depth others: no deeper than a value's rank may be. */
static wf_tree *tree_array(wf_reader *r, const token *open, int depth) {
    if (depth >= WF_MAX_RANK) {
        set_err(r, "line %d, col %d: arrays nested deeper than %d", open->line, open->col, WF_MAX_RANK);
        return NULL;
    }
    wf_tree *a = tree_new(r);
    if (!a)
        return NULL;
    a->is_array = true;
    a->empty_prim = WF_PRIM_COUNT; /* unknown */
    a->empty_rank = 1;
    int cap = 0;
    token t;
    next_token(r, &t);
    if (t.kind == TOK_PUNCT && t.text[0] == ']')
        return a;
    for (;;) {
        wf_tree *e = tree_parse(r, &t, depth + 1);
        if (!e || tree_push(r, a, e, &cap)) {
            wf_tree_free(e);
            wf_tree_free(a);
            return NULL;
        }
        next_token(r, &t);
        if (t.kind == TOK_PUNCT && t.text[0] == ']')
            return a;
        if (!(t.kind == TOK_PUNCT && t.text[0] == ',')) {
            set_err(r, "line %d, col %d: expected ',' or ']' but found '%s'", t.line, t.col, tok_show(&t));
            wf_tree_free(a);
            return NULL;
        }
        next_token(r, &t);
    }
}

/* A jagged value's parts (values.h) as a tree: the rows lo..hi of level `level`. */
static wf_tree *tree_from_jagged(wf_reader *r, int rank, int levels, const wf_value *parts, int level, int64_t lo, int64_t hi) {
    const wf_value *d = &parts[levels];
    if (level == levels && hi > lo && d->rank > 1 && has_zero_size(d->rank - 1, d->shape + 1)) {
        /* rows without elements, however many: one node, as tree_from_shape makes */
        int64_t shape[WF_MAX_RANK] = {hi - lo};
        memcpy(shape + 1, d->shape + 1, sizeof *shape * (size_t)(d->rank - 1));
        return tree_without_elements(r, d->prim, d->rank, shape);
    }
    if (hi - lo > INT32_MAX) {
        set_err(r, "value too large to compare");
        return NULL;
    }
    wf_tree *a = tree_new(r);
    if (!a)
        return NULL;
    a->is_array = true;
    a->empty_prim = d->prim;
    a->empty_rank = rank - level;
    int cap = 0;
    for (int64_t i = lo; i < hi; i++) {
        wf_tree *e;
        if (level < levels) {
            const int64_t *o = parts[level].data;
            e = tree_from_jagged(r, rank, levels, parts, level + 1, o[i], o[i + 1]);
        } else {
            wf_value row = *d;
            row.rank = d->rank - 1;
            for (int k = 0; k < row.rank; k++)
                row.shape[k] = d->shape[k + 1];
            row.data = (unsigned char *)d->data + (size_t)(i * wf_value_count(&row)) * prim_sizes[d->prim];
            e = tree_from_value(r, &row);
        }
        if (!e || tree_push(r, a, e, &cap)) {
            wf_tree_free(e);
            wf_tree_free(a);
            return NULL;
        }
    }
    return a;
}

static wf_tree *tree_binary(wf_reader *r) {
    if (peek2(r) == 3) { /* a jagged value */
        wf_value parts[WF_MAX_RANK + 1];
        int rank = 0, levels = 0;
        if (read_jagged_binary(r, WF_I8, -1, 0, parts, &rank, &levels))
            return NULL;
        wf_tree *t = tree_from_jagged(r, rank, levels, parts, 0, 0, parts[0].shape[0] - 1);
        free_parts(parts, levels + 1);
        return t;
    }
    bin_header h;
    wf_value v = {0};
    if (read_bin_header(r, &h) || read_bin_data(r, &h, &v))
        return NULL;
    wf_tree *t = tree_from_value(r, &v);
    wf_value_free(&v);
    return t;
}

static wf_tree *tree_parse(wf_reader *r, const token *t, int depth) {
    if (t->kind == TOK_BINARY)
        return tree_binary(r);
    if (t->kind == TOK_PUNCT && t->text[0] == '[')
        return tree_array(r, t, depth);
    if (t->kind == TOK_WORD && !strcmp(t->text, "empty")) {
        int64_t shape[WF_MAX_RANK];
        int rank, prim;
        if (parse_empty_dims(r, t, shape, &rank, &prim))
            return NULL;
        const unsigned char *none = NULL;
        return tree_from_shape(r, (wf_prim)prim, rank, shape, &none);
    }
    if (t->kind == TOK_EOF || t->kind == TOK_PUNCT) {
        set_err(r, "line %d, col %d: expected a value but found '%s'", t->line, t->col, tok_show(t));
        return NULL;
    }
    return tree_leaf(r, t);
}

int wf_read_trees(wf_reader *r, wf_tree ***out) {
    wf_tree **vals = NULL;
    int n = 0, cap = 0;
    r->err[0] = 0;
    *out = NULL;
    for (;;) {
        token t;
        next_token(r, &t);
        if (t.kind == TOK_EOF)
            break;
        wf_tree *v = tree_parse(r, &t, 0);
        if (v && n == cap) {
            int ncap = cap ? 2 * cap : 4;
            wf_tree **nv = realloc(vals, sizeof *nv * (size_t)ncap);
            if (!nv) {
                set_err(r, "out of memory");
                wf_tree_free(v);
                v = NULL;
            } else {
                vals = nv;
                cap = ncap;
            }
        }
        if (!v) {
            for (int i = 0; i < n; i++)
                wf_tree_free(vals[i]);
            free(vals);
            return -1;
        }
        vals[n++] = v;
    }
    *out = vals;
    return n;
}

/* ------------------------------------------------------------------ printing and comparing trees */

static void leaf_string(char *out, size_t n, const wf_tree *t) {
    if (t->prim == WF_BOOL) {
        snprintf(out, n, "%s", t->v.b ? "true" : "false");
    } else if (prim_is_float(t->prim)) {
        if (t->prim == WF_F32) {
            float x = (float)t->v.f;
            format_scalar(out, n, WF_F32, &x);
        } else if (t->prim == WF_F16) {
            uint16_t h = wf_d2h(t->v.f);
            format_scalar(out, n, WF_F16, &h);
        } else {
            format_scalar(out, n, WF_F64, &t->v.f);
        }
        if (!t->suffixed && !isnan(t->v.f) && !isinf(t->v.f))
            out[strlen(out) - 3] = 0;
    } else if (prim_is_signed(t->prim)) {
        snprintf(out, n, "%" PRId64 "%s", t->v.i, t->suffixed ? prim_names[t->prim] : "");
    } else {
        snprintf(out, n, "%" PRIu64 "%s", t->v.u, t->suffixed ? prim_names[t->prim] : "");
    }
}

void wf_tree_print(FILE *f, const wf_tree *t) {
    if (!t->is_array) {
        char buf[80];
        leaf_string(buf, sizeof buf, t);
        fputs(buf, f);
        return;
    }
    if (t->shape) {
        fputs("empty(", f);
        for (int i = 0; i < t->empty_rank; i++)
            fprintf(f, "[%" PRId64 "]", t->shape[i]);
        fprintf(f, "%s)", prim_names[t->empty_prim]);
        return;
    }
    fputc('[', f);
    for (int i = 0; i < t->len; i++) {
        if (i)
            fputs(", ", f);
        wf_tree_print(f, t->elems[i]);
    }
    fputc(']', f);
}

#define FLOAT_TOLERANCE 0.002

static bool float_close(double expected, double actual, double abstol) {
    if (isnan(expected) || isnan(actual))
        return isnan(expected) && isnan(actual);
    if (isinf(expected) || isinf(actual))
        return expected == actual;
    return fabs(expected - actual) <= abstol;
}

static double leaf_as_double(const wf_tree *t) {
    if (prim_is_float(t->prim))
        return t->v.f;
    return prim_is_signed(t->prim) ? (double)t->v.i : (double)t->v.u;
}

static bool ints_equal(const wf_tree *a, const wf_tree *b) {
    bool sa = prim_is_signed(a->prim), sb = prim_is_signed(b->prim);
    if (sa && sb)
        return a->v.i == b->v.i;
    if (!sa && !sb)
        return a->v.u == b->v.u;
    const wf_tree *s = sa ? a : b, *u = sa ? b : a;
    return s->v.i >= 0 && (uint64_t)s->v.i == u->v.u;
}

/* Do the kinds of two leaves allow a comparison?  Unsuffixed integers match any number;
 * unsuffixed decimals match any float; suffixed literals must agree exactly. */
static bool leaf_kinds_match(const wf_tree *e, const wf_tree *a) {
    if (e->prim == WF_BOOL || a->prim == WF_BOOL)
        return e->prim == a->prim;
    if (e->suffixed && a->suffixed)
        return e->prim == a->prim;
    const wf_tree *loose = e->suffixed ? a : e, *other = e->suffixed ? e : a;
    if (prim_is_int(loose->prim))
        return true;
    return prim_is_float(other->prim);
}

static bool leaves_equal(const wf_tree *e, const wf_tree *a, double abstol) {
    if (e->prim == WF_BOOL)
        return e->v.b == a->v.b;
    if (prim_is_int(e->prim) && prim_is_int(a->prim))
        return ints_equal(e, a);
    return float_close(leaf_as_double(e), leaf_as_double(a), abstol);
}

/* The largest finite magnitude among the numeric leaves of t (0 when none). */
static double max_magnitude(const wf_tree *t) {
    if (!t->is_array) {
        if (t->prim == WF_BOOL)
            return 0;
        double x = fabs(leaf_as_double(t));
        return isfinite(x) ? x : 0;
    }
    double m = 0;
    for (int i = 0; i < t->len; i++) {
        double x = max_magnitude(t->elems[i]);
        if (x > m)
            m = x;
    }
    return m;
}

typedef struct {
    char path[256];
    size_t plen;
    double abstol; /* for floats, fixed per top-level value */
} cmp_path;

static void fail(const cmp_path *p, char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void fail(const cmp_path *p, char *why, size_t n, const char *fmt, ...) {
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->plen)
        snprintf(why, n, "at %s: %s", p->path, msg);
    else
        snprintf(why, n, "%s", msg);
}

static bool leaf_cmp(const wf_tree *e, const wf_tree *a, const cmp_path *p, char *why, size_t n) {
    char se[80], sa[80];
    leaf_string(se, sizeof se, e);
    leaf_string(sa, sizeof sa, a);
    if (!leaf_kinds_match(e, a)) {
        fail(p, why, n, "expected %s but got %s (type differs)", se, sa);
        return false;
    }
    if (!leaves_equal(e, a, p->abstol)) {
        fail(p, why, n, "expected %s but got %s", se, sa);
        return false;
    }
    return true;
}

/* Enter element i of the array at p (the path grows by "[i]"); path_leave(p, saved) returns. */
static size_t path_enter(cmp_path *p, int i) {
    size_t saved = p->plen;
    int k = snprintf(p->path + saved, sizeof p->path - saved, "[%d]", i);
    p->plen = saved + (k > 0 && (size_t)k < sizeof p->path - saved ? (size_t)k : 0);
    return saved;
}

static void path_leave(cmp_path *p, size_t saved) {
    p->plen = saved;
    p->path[saved] = 0;
}

/* "empty([0][3]i32)" */
static void empty_string(char *out, size_t n, const wf_tree *t) {
    size_t k = (size_t)snprintf(out, n, "empty(");
    for (int i = 0; i < t->empty_rank && k < n; i++)
        k += (size_t)snprintf(out + k, n - k, "[%" PRId64 "]", t->shape[i]);
    if (k < n)
        snprintf(out + k, n - k, "%s)", prim_names[t->empty_prim]);
}

/* Two arrays without elements: the same element type and shape. */
static bool empties_cmp(const wf_tree *e, const wf_tree *a, const cmp_path *p, char *why, size_t n) {
    bool same = e->empty_prim == a->empty_prim && e->empty_rank == a->empty_rank;
    for (int i = 0; same && i < e->empty_rank; i++)
        same = e->shape[i] == a->shape[i];
    if (same)
        return true;
    char se[160], sa[160];
    empty_string(se, sizeof se, e);
    empty_string(sa, sizeof sa, a);
    fail(p, why, n, "expected %s but got %s", se, sa);
    return false;
}

/* An array written as [...] against the shape of one without elements (rank sizes): the same
 * number of rows at every level the literal spells out; `[]` leaves the rest unknown. */
static bool literal_fits_shape(const wf_tree *lit, int rank, const int64_t *shape, bool lit_expected,
                               cmp_path *p, char *why, size_t n) {
    if (rank == 0 || !lit->is_array) {
        fail(p, why, n, "%s an array without elements, %s a value in it", lit_expected ? "got" : "expected",
             lit_expected ? "expected" : "got");
        return false;
    }
    if (lit->len != shape[0]) {
        fail(p, why, n, "expected %" PRId64 " elements but got %" PRId64, lit_expected ? (int64_t)lit->len : shape[0],
             lit_expected ? shape[0] : (int64_t)lit->len);
        return false;
    }
    for (int i = 0; i < lit->len; i++) {
        size_t saved = path_enter(p, i);
        if (!literal_fits_shape(lit->elems[i], rank - 1, shape + 1, lit_expected, p, why, n))
            return false;
        path_leave(p, saved);
    }
    return true;
}

static bool tree_cmp(const wf_tree *e, const wf_tree *a, cmp_path *p, char *why, size_t n) {
    if (e->is_array != a->is_array) {
        char s[80];
        leaf_string(s, sizeof s, e->is_array ? a : e);
        if (e->is_array)
            fail(p, why, n, "expected an array but got %s", s);
        else
            fail(p, why, n, "expected %s but got an array", s);
        return false;
    }
    if (!e->is_array)
        return leaf_cmp(e, a, p, why, n);
    if (e->shape && a->shape)
        return empties_cmp(e, a, p, why, n);
    if (e->shape || a->shape)
        return literal_fits_shape(e->shape ? a : e, e->shape ? e->empty_rank : a->empty_rank,
                                  e->shape ? e->shape : a->shape, a->shape != NULL, p, why, n);
    if (e->len != a->len) {
        fail(p, why, n, "expected %d elements but got %d", e->len, a->len);
        return false;
    }
    for (int i = 0; i < e->len; i++) {
        size_t saved = path_enter(p, i);
        if (!tree_cmp(e->elems[i], a->elems[i], p, why, n))
            return false;
        path_leave(p, saved);
    }
    return true;
}

bool wf_tree_equal(const wf_tree *expected, const wf_tree *actual, char *why, size_t why_len) {
    cmp_path p;
    p.path[0] = 0;
    p.plen = 0;
    char scratch[8];
    if (!why || why_len == 0) {
        why = scratch;
        why_len = sizeof scratch;
    }
    why[0] = 0;
    double mag = max_magnitude(expected);
    p.abstol = FLOAT_TOLERANCE * (mag > 1 ? mag : 1);
    return tree_cmp(expected, actual, &p, why, why_len);
}
