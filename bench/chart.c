/* chart.c — draws `make bench`'s results (bench/run.sh) as SVG charts.
 *
 *     chart RESULTS.json OUTDIR
 *
 * reads RESULTS.json (the format of docs/BENCH.md: {"benchmarks": [{"name", "baseline",
 * "results": [{"dataset", "variant", "median_us", "validated", "published"}, ...]}, ...]}) and
 * writes one grouped bar chart per benchmark, OUTDIR/NAME.svg (plain SVG 1.1): one group per
 * dataset, one bar per variant, the bar's height its median time (log scale when the times span
 * more than 30x, else linear from 0), each bar labelled with its time and, when the benchmark
 * names a baseline variant, its time over the baseline's ("0.84x"). Failed results are hatched
 * and marked FAIL, published (not measured) figures drawn pale with a dashed outline.
 * OUTDIR/index.html shows every chart.  The JSON reader is complete but small (objects, arrays,
 * strings with escapes, numbers, true/false/null); a malformed or unexpected file is reported as
 * "chart: FILE:LINE: error: ..." with exit status 1.  C11 with libc and libm only; POSIX for
 * mkdir.  Tested by tests/scripts/bench_chart.sh. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

/* ---------------------------------------------------------------- errors and memory */

static const char *input_name = "?";

static void fail_at(int line, const char *fmt, ...) {
    va_list ap;
    if (line > 0) fprintf(stderr, "chart: %s:%d: error: ", input_name, line);
    else fprintf(stderr, "chart: %s: error: ", input_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static void *xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (!p) fail_at(0, "out of memory");
    return p;
}

static char *xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

/* ---------------------------------------------------------------- JSON values */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jval {
    enum jtype type;
    int line;            /* where the value starts */
    int boolean;         /* J_BOOL */
    double num;          /* J_NUM */
    char *str;           /* J_STR */
    struct jval **items; /* J_ARR, J_OBJ: the elements or member values */
    char **keys;         /* J_OBJ: the member names */
    size_t n;
} jval;

static jval *jnew(enum jtype t, int line) {
    jval *v = xrealloc(NULL, sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = t;
    v->line = line;
    return v;
}

static void jfree(jval *v) {
    if (!v) return;
    for (size_t i = 0; i < v->n; i++) {
        jfree(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    free(v);
}

static void jpush(jval *v, char *key, jval *item) {
    v->items = xrealloc(v->items, (v->n + 1) * sizeof *v->items);
    if (v->type == J_OBJ) v->keys = xrealloc(v->keys, (v->n + 1) * sizeof *v->keys);
    v->items[v->n] = item;
    if (v->type == J_OBJ) v->keys[v->n] = key;
    v->n++;
}

/* the member KEY of object O, NULL when absent (or O is not an object) */
static jval *jget(const jval *o, const char *key) {
    if (!o || o->type != J_OBJ) return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->keys[i], key)) return o->items[i];
    return NULL;
}

/* ---------------------------------------------------------------- JSON reader */

#define MAX_DEPTH 64

typedef struct {
    const char *s;
    size_t pos, len;
    int line, depth;
} parser;

static int peek(const parser *p) { return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1; }

static void skip_ws(parser *p) {
    for (int c = peek(p); c == ' ' || c == '\t' || c == '\n' || c == '\r'; c = peek(p)) {
        if (c == '\n') p->line++;
        p->pos++;
    }
}

static const char *describe(int c) {
    static char buf[32];
    if (c < 0) return "end of file";
    if (c >= 0x20 && c < 0x7f) snprintf(buf, sizeof buf, "'%c'", c);
    else snprintf(buf, sizeof buf, "byte 0x%02x", (unsigned)c);
    return buf;
}

static void expect_char(parser *p, int want, const char *where) {
    skip_ws(p);
    if (peek(p) != want) fail_at(p->line, "expected '%c' %s, found %s", want, where, describe(peek(p)));
    p->pos++;
}

static jval *parse_value(parser *p);

/* growing byte buffer for strings */
typedef struct {
    char *b;
    size_t n, cap;
} strbuf;

static void buf_add(strbuf *b, char c) {
    if (b->n + 1 >= b->cap) {
        b->cap = b->cap ? 2 * b->cap : 32;
        b->b = xrealloc(b->b, b->cap);
    }
    b->b[b->n++] = c;
    b->b[b->n] = 0;
}

static void buf_utf8(strbuf *b, unsigned long cp) {
    if (cp < 0x80) buf_add(b, (char)cp);
    else if (cp < 0x800) {
        buf_add(b, (char)(0xc0 | (cp >> 6)));
        buf_add(b, (char)(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        buf_add(b, (char)(0xe0 | (cp >> 12)));
        buf_add(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
        buf_add(b, (char)(0x80 | (cp & 0x3f)));
    } else {
        buf_add(b, (char)(0xf0 | (cp >> 18)));
        buf_add(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
        buf_add(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
        buf_add(b, (char)(0x80 | (cp & 0x3f)));
    }
}

/* four hex digits after "\u" */
static unsigned long parse_hex4(parser *p) {
    unsigned long v = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(p);
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) fail_at(p->line, "bad \\u escape in string: %s is not a hex digit", describe(c));
        v = v * 16 + (unsigned long)d;
        p->pos++;
    }
    return v;
}

/* the code point of a \u escape (the "\u" already read), a surrogate pair included */
static unsigned long parse_unicode(parser *p) {
    unsigned long cp = parse_hex4(p);
    if (cp >= 0xdc00 && cp <= 0xdfff) fail_at(p->line, "bad \\u escape in string: lone low surrogate");
    if (cp >= 0xd800 && cp <= 0xdbff) {
        if (peek(p) != '\\' || p->pos + 1 >= p->len || p->s[p->pos + 1] != 'u')
            fail_at(p->line, "bad \\u escape in string: high surrogate without its low half");
        p->pos += 2;
        unsigned long lo = parse_hex4(p);
        if (lo < 0xdc00 || lo > 0xdfff) fail_at(p->line, "bad \\u escape in string: high surrogate without its low half");
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
    }
    if (cp == 0) fail_at(p->line, "\\u0000 in a string is not supported");
    return cp;
}

static void parse_escape(parser *p, strbuf *b) {
    int c = peek(p);
    p->pos++;
    switch (c) {
    case '"': buf_add(b, '"'); break;
    case '\\': buf_add(b, '\\'); break;
    case '/': buf_add(b, '/'); break;
    case 'b': buf_add(b, '\b'); break;
    case 'f': buf_add(b, '\f'); break;
    case 'n': buf_add(b, '\n'); break;
    case 'r': buf_add(b, '\r'); break;
    case 't': buf_add(b, '\t'); break;
    case 'u': buf_utf8(b, parse_unicode(p)); break;
    default: fail_at(p->line, "bad escape in string: \\ followed by %s", describe(c));
    }
}

/* a string's contents, the opening quote at p->pos */
static char *parse_chars(parser *p) {
    strbuf b = {0};
    int line = p->line;
    buf_add(&b, 0);
    b.n = 0; /* an empty string is "" */
    p->pos++;
    for (;;) {
        int c = peek(p);
        if (c < 0) fail_at(line, "unterminated string");
        p->pos++;
        if (c == '"') return b.b;
        if (c < 0x20) fail_at(p->line, "unescaped control character (%s) in string", describe(c));
        if (c == '\\') parse_escape(p, &b);
        else buf_add(&b, (char)c);
    }
}

static void skip_digits(parser *p) {
    while (peek(p) >= '0' && peek(p) <= '9') p->pos++;
}

/* JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static jval *parse_number(parser *p) {
    size_t start = p->pos;
    if (peek(p) == '-') p->pos++;
    if (peek(p) == '0') p->pos++;
    else if (peek(p) >= '1' && peek(p) <= '9') skip_digits(p);
    else fail_at(p->line, "bad number: expected a digit, found %s", describe(peek(p)));
    if (peek(p) == '.') {
        p->pos++;
        if (!(peek(p) >= '0' && peek(p) <= '9')) fail_at(p->line, "bad number: no digit after '.'");
        skip_digits(p);
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->pos++;
        if (peek(p) == '+' || peek(p) == '-') p->pos++;
        if (!(peek(p) >= '0' && peek(p) <= '9')) fail_at(p->line, "bad number: no digit in the exponent");
        skip_digits(p);
    }
    char tmp[64];
    size_t n = p->pos - start;
    if (n >= sizeof tmp) fail_at(p->line, "number too long");
    memcpy(tmp, p->s + start, n);
    tmp[n] = 0;
    jval *v = jnew(J_NUM, p->line);
    v->num = strtod(tmp, NULL);
    if (!isfinite(v->num)) fail_at(p->line, "number out of range: %s", tmp);
    return v;
}

static jval *parse_literal(parser *p) {
    static const struct { const char *word; enum jtype t; int b; } lits[] = {
        {"true", J_BOOL, 1}, {"false", J_BOOL, 0}, {"null", J_NULL, 0}};
    for (size_t i = 0; i < sizeof lits / sizeof lits[0]; i++) {
        size_t n = strlen(lits[i].word);
        if (p->len - p->pos >= n && !memcmp(p->s + p->pos, lits[i].word, n)) {
            int c = p->pos + n < p->len ? (unsigned char)p->s[p->pos + n] : ' ';
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') break;
            p->pos += n;
            jval *v = jnew(lits[i].t, p->line);
            v->boolean = lits[i].b;
            return v;
        }
    }
    fail_at(p->line, "unexpected %s (expected a JSON value)", describe(peek(p)));
    return NULL;
}

/* '[' or '{' at p->pos: the elements (members, name first) separated by ',' up to CLOSE */
static jval *parse_container(parser *p, enum jtype t, int close) {
    jval *v = jnew(t, p->line);
    if (++p->depth > MAX_DEPTH) fail_at(p->line, "nested deeper than %d levels", MAX_DEPTH);
    p->pos++;
    skip_ws(p);
    if (peek(p) == close) {
        p->pos++;
        p->depth--;
        return v;
    }
    for (;;) {
        char *key = NULL;
        skip_ws(p);
        if (t == J_OBJ) {
            if (peek(p) != '"') fail_at(p->line, "expected a member name (a string) in object, found %s", describe(peek(p)));
            key = parse_chars(p);
            expect_char(p, ':', "after a member name");
        }
        jpush(v, key, parse_value(p));
        skip_ws(p);
        if (peek(p) == close) break;
        if (peek(p) != ',')
            fail_at(p->line, "expected ',' or '%c' in %s, found %s", close, t == J_OBJ ? "object" : "array", describe(peek(p)));
        p->pos++;
    }
    p->pos++;
    p->depth--;
    return v;
}

static jval *parse_value(parser *p) {
    skip_ws(p);
    int c = peek(p);
    if (c == '{') return parse_container(p, J_OBJ, '}');
    if (c == '[') return parse_container(p, J_ARR, ']');
    if (c == '"') {
        int line = p->line;
        char *s = parse_chars(p);
        jval *v = jnew(J_STR, line);
        v->str = s;
        return v;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(p);
    if (c < 0) fail_at(p->line, "unexpected end of file (expected a JSON value)");
    return parse_literal(p);
}

static jval *parse_json(const char *text, size_t len) {
    parser p = {text, 0, len, 1, 0};
    jval *v = parse_value(&p);
    skip_ws(&p);
    if (p.pos < p.len) fail_at(p.line, "unexpected %s after the JSON value", describe(peek(&p)));
    return v;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) fail_at(0, "cannot read: %s", strerror(errno));
    char *s = NULL;
    size_t n = 0, cap = 0, got;
    do {
        if (n + 4096 > cap) s = xrealloc(s, cap = 2 * cap + 4096);
        got = fread(s + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    if (ferror(f)) fail_at(0, "cannot read: %s", strerror(errno));
    fclose(f);
    *len = n;
    return s;
}

/* ---------------------------------------------------------------- the results model */

typedef struct {
    const char *dataset, *variant;
    double median; /* µs; < 0: none */
    int validated; /* 1 true, 0 false, -1 null or absent */
    int published;
} result;

typedef struct {
    const char *name, *baseline; /* baseline: NULL for none */
    result *res;
    size_t n;
} benchmark;

typedef struct {
    const char *machine, *date;
    double runs, threads; /* < 0: not given */
    benchmark *b;
    size_t n;
    const char **variants; /* of all benchmarks, first seen first: they choose the colours */
    size_t nvariants;
} results;

/* member KEY of O, which must have type T (or be null when NULLABLE); NULL when absent */
static jval *member(const jval *o, const char *key, enum jtype t, int nullable, const char *what) {
    static const char *names[] = {"null", "true or false", "a number", "a string", "an array", "an object"};
    jval *v = jget(o, key);
    if (!v || v->type == t || (nullable && v->type == J_NULL)) return v;
    fail_at(v->line, "%s: \"%s\" must be %s%s", what, key, names[t], nullable ? " or null" : "");
    return NULL;
}

static const char *need_string(const jval *o, const char *key, const char *what) {
    jval *v = member(o, key, J_STR, 0, what);
    if (!v) fail_at(o->line, "%s has no \"%s\"", what, key);
    return v->str;
}

static result read_result(const jval *o, const char *bench) {
    char what[256];
    snprintf(what, sizeof what, "a result of benchmark \"%s\"", bench);
    if (o->type != J_OBJ) fail_at(o->line, "%s is not an object", what);
    result r = {need_string(o, "dataset", what), need_string(o, "variant", what), -1, -1, 0};
    jval *m = member(o, "median_us", J_NUM, 1, what), *v = member(o, "validated", J_BOOL, 1, what);
    jval *pub = member(o, "published", J_BOOL, 1, what);
    if (m && m->type == J_NUM) {
        if (m->num < 0) fail_at(m->line, "%s: \"median_us\" is negative", what);
        r.median = m->num;
    }
    if (v && v->type == J_BOOL) r.validated = v->boolean;
    r.published = pub && pub->type == J_BOOL && pub->boolean;
    return r;
}

static benchmark read_benchmark(const jval *o) {
    if (o->type != J_OBJ) fail_at(o->line, "a benchmark is not an object");
    benchmark b = {need_string(o, "name", "a benchmark"), NULL, NULL, 0};
    char what[256];
    snprintf(what, sizeof what, "benchmark \"%s\"", b.name);
    jval *base = member(o, "baseline", J_STR, 1, what), *rs = member(o, "results", J_ARR, 0, what);
    if (base && base->type == J_STR) b.baseline = base->str;
    if (!rs) fail_at(o->line, "%s has no \"results\"", what);
    b.res = xrealloc(NULL, rs->n * sizeof *b.res);
    for (b.n = 0; b.n < rs->n; b.n++) b.res[b.n] = read_result(rs->items[b.n], b.name);
    return b;
}

static results read_results(const jval *root) {
    if (root->type != J_OBJ) fail_at(root->line, "the results file is not a JSON object");
    results r = {"", "", -1, -1, NULL, 0, NULL, 0};
    jval *m = member(root, "machine", J_STR, 1, "the results"), *d = member(root, "date", J_STR, 1, "the results");
    jval *runs = member(root, "runs", J_NUM, 1, "the results"), *th = member(root, "threads", J_NUM, 1, "the results");
    jval *bs = member(root, "benchmarks", J_ARR, 0, "the results");
    if (m && m->type == J_STR) r.machine = m->str;
    if (d && d->type == J_STR) r.date = d->str;
    if (runs && runs->type == J_NUM) r.runs = runs->num;
    if (th && th->type == J_NUM) r.threads = th->num;
    if (!bs) fail_at(root->line, "the results have no \"benchmarks\" array");
    r.b = xrealloc(NULL, bs->n * sizeof *r.b);
    for (r.n = 0; r.n < bs->n; r.n++) r.b[r.n] = read_benchmark(bs->items[r.n]);
    return r;
}

/* ---------------------------------------------------------------- formatting */

/* X with about three significant digits */
static void fmt3(char *out, size_t n, double x) {
    if (x >= 100) snprintf(out, n, "%.0f", x);
    else if (x >= 10) snprintf(out, n, "%.1f", x);
    else if (x >= 1) snprintf(out, n, "%.2f", x);
    else if (x > 0) snprintf(out, n, "%.3g", x);
    else snprintf(out, n, "0");
}

/* a time in µs with its unit: "850 µs", "12.3 ms", "1.23 s" */
static void fmt_time(char *out, size_t n, double us) {
    char num[32];
    const char *unit = "\xc2\xb5s";
    if (us >= 999.5e3) us /= 1e6, unit = "s";
    else if (us >= 999.5) us /= 1e3, unit = "ms";
    if (unit[0] != 's' && unit[0] != 'm' && us >= 10) snprintf(num, sizeof num, "%.0f", us); /* whole µs */
    else fmt3(num, sizeof num, us);
    snprintf(out, n, "%s %s", num, unit);
}

/* a tick value in µs: "100 µs", "10 ms", "2.5 s" (%g: no trailing zeros) */
static void fmt_tick(char *out, size_t n, double us) {
    if (us >= 1e6) snprintf(out, n, "%g s", us / 1e6);
    else if (us >= 1e3) snprintf(out, n, "%g ms", us / 1e3);
    else snprintf(out, n, "%g \xc2\xb5s", us);
}

static void fmt_ratio(char *out, size_t n, double r) {
    if (r >= 100) snprintf(out, n, "%.0fx", r);
    else if (r >= 10) snprintf(out, n, "%.1fx", r);
    else snprintf(out, n, "%.2fx", r);
}

/* S as XML character data (attribute-safe) */
static void xml_text(FILE *f, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n') fputc(' ', f);
            else fputc(*s, f);
        }
    }
}

/* characters of a UTF-8 string (for text width estimates) */
static size_t text_len(const char *s) {
    size_t n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* ---------------------------------------------------------------- chart layout */

#define CHAR_W 6.4      /* estimated width of a character at font-size 11 */
#define BAR_W 22.0      /* a bar */
#define BAR_GAP 3.0     /* between the bars of a group */
#define GROUP_GAP 30.0  /* between groups */
#define PLOT_H 300.0    /* the value axis */
#define LABEL_ROOM 110.0 /* above the tallest bar, for its label */
#define TOP 64.0        /* title and subtitle */

/* Okabe and Ito's colour-blind safe colours (less yellow and black), then three more */
static const char *palette[] = {"#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9",
                                "#d55e00", "#7f7f7f", "#332288", "#882255", "#999933"};
#define NPAL (sizeof palette / sizeof palette[0])

/* the distinct strings among the datasets (WHICH 0) or variants (1) of B, in first-seen order */
static size_t distinct(const benchmark *b, int which, const char **out) {
    size_t n = 0;
    for (size_t i = 0; i < b->n; i++) {
        const char *s = which ? b->res[i].variant : b->res[i].dataset;
        size_t j = 0;
        while (j < n && strcmp(out[j], s)) j++;
        if (j == n) out[n++] = s;
    }
    return n;
}

static size_t index_of(const char **list, size_t n, const char *s) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i], s)) return i;
    return n;
}

typedef struct {
    const benchmark *b;
    const char **datasets, **variants;
    size_t nd, nv;
    size_t *colour_of; /* per variant: its palette index */
    int log;          /* log scale */
    double lo, hi;    /* the axis range: µs (linear) or decades (log) */
    double left, plot_w, bottom, group_w, label_h;
    int rotate_labels;
    double width, height;
} layout;

/* the value axis: log when the positive medians span more than 30x */
static void choose_scale(layout *L) {
    double mn = HUGE_VAL, mx = 0;
    for (size_t i = 0; i < L->b->n; i++) {
        double m = L->b->res[i].median;
        if (m > 0 && m < mn) mn = m;
        if (m > mx) mx = m;
    }
    if (mx <= 0) mn = mx = 1;
    L->log = mx / mn > 30;
    if (L->log) {
        L->lo = floor(log10(mn));
        L->hi = ceil(log10(mx));
        if (L->hi <= L->lo) L->hi = L->lo + 1;
        return;
    }
    double raw = mx / 5, mag = pow(10, floor(log10(raw))), step = mag;
    if (raw > 5 * mag) step = 10 * mag;
    else if (raw > 2 * mag) step = 5 * mag;
    else if (raw > mag) step = 2 * mag;
    L->lo = 0;
    L->hi = ceil(mx / step - 1e-9) * step;
}

/* the y coordinate of a time (µs) */
static double y_of(const layout *L, double us) {
    double f;
    if (L->log) f = us > 0 ? (log10(us) - L->lo) / (L->hi - L->lo) : 0;
    else f = us / L->hi;
    if (f < 0) f = 0;
    return L->bottom - f * PLOT_H;
}

/* each variant's colour: the same in every chart (its place among all variants), unless another
 * variant of this chart has it already */
static void choose_colours(layout *L, const results *R) {
    int used[NPAL] = {0};
    L->colour_of = xrealloc(NULL, (L->nv + 1) * sizeof *L->colour_of);
    for (size_t v = 0; v < L->nv; v++) {
        size_t c = index_of(R->variants, R->nvariants, L->variants[v]) % NPAL;
        for (size_t k = 0; k < NPAL && used[c]; k++) c = (c + 1) % NPAL;
        used[c] = 1;
        L->colour_of[v] = c;
    }
}

static void compute_layout(layout *L, const benchmark *b, const results *R) {
    memset(L, 0, sizeof *L);
    L->b = b;
    L->datasets = xrealloc(NULL, (b->n + 1) * sizeof *L->datasets);
    L->variants = xrealloc(NULL, (b->n + 1) * sizeof *L->variants);
    L->nd = distinct(b, 0, L->datasets);
    L->nv = distinct(b, 1, L->variants);
    choose_colours(L, R);
    choose_scale(L);
    size_t nv = L->nv ? L->nv : 1, longest = 0;
    L->group_w = (double)nv * BAR_W + (double)(nv - 1) * BAR_GAP;
    for (size_t i = 0; i < L->nd; i++)
        if (text_len(L->datasets[i]) > longest) longest = text_len(L->datasets[i]);
    L->rotate_labels = (double)longest * CHAR_W > L->group_w + GROUP_GAP - 6;
    /* rotated by -35 degrees: sin 35 = 0.57, cos 35 = 0.82 */
    L->label_h = L->rotate_labels ? 0.57 * (double)longest * CHAR_W + 20 : 24;
    double reach = L->rotate_labels ? 0.82 * (double)longest * CHAR_W - L->group_w / 2 - GROUP_GAP / 2 : 0;
    L->left = 90 > reach + 10 ? 90 : reach + 10;
    L->plot_w = (double)(L->nd ? L->nd : 1) * (L->group_w + GROUP_GAP);
    if (L->plot_w < 200) L->plot_w = 200;
    L->bottom = TOP + LABEL_ROOM + PLOT_H;
    size_t longest_v = 32; /* legend: the longest variant name, or its notes */
    for (size_t i = 0; i < L->nv; i++)
        if (text_len(L->variants[i]) + 12 > longest_v) longest_v = text_len(L->variants[i]) + 12;
    L->width = L->left + L->plot_w + 40 + (double)longest_v * CHAR_W + 30;
    L->height = L->bottom + L->label_h + 40;
    /* the subtitles: machine · date · median of N runs · N threads; the ratio's explanation */
    size_t sub = text_len(R->machine) + text_len(R->date) + 40;
    if (b->baseline && text_len(b->baseline) + 58 > sub) sub = text_len(b->baseline) + 58;
    if (L->width < L->left + (double)sub * CHAR_W + 20) L->width = L->left + (double)sub * CHAR_W + 20;
    if (L->width < 560) L->width = 560;
}

/* ---------------------------------------------------------------- SVG pieces */

static void svg_text(FILE *f, double x, double y, const char *anchor, const char *style, const char *s) {
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s%s>", x, y, anchor, *style ? " " : "", style);
    xml_text(f, s);
    fputs("</text>\n", f);
}

static void svg_header(FILE *f, const layout *L, const results *R) {
    const benchmark *b = L->b;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n<title>",
            L->width, L->height, L->width, L->height);
    xml_text(f, b->name);
    fputs("</title>\n<defs>\n"
          "<pattern id=\"fail\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" patternTransform=\"rotate(45)\">"
          "<rect width=\"6\" height=\"6\" fill=\"#ffffff\"/><rect width=\"3\" height=\"6\" fill=\"#c00000\"/></pattern>\n"
          "</defs>\n",
          f);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", L->width, L->height);
    char line[1024], extra[128] = "";
    snprintf(line, sizeof line, "%s: median time per dataset", b->name);
    svg_text(f, L->left, 24, "start", "font-size=\"16\" font-weight=\"bold\"", line);
    if (R->runs > 0) snprintf(extra, sizeof extra, " \xc2\xb7 median of %.0f run%s", R->runs, R->runs == 1 ? "" : "s");
    if (R->threads > 0) snprintf(extra + strlen(extra), sizeof extra - strlen(extra), " \xc2\xb7 %.0f threads", R->threads);
    snprintf(line, sizeof line, "%s%s%s%s", R->machine, *R->machine && *R->date ? " \xc2\xb7 " : "", R->date, extra);
    svg_text(f, L->left, 40, "start", "fill=\"#555555\"", line);
    if (b->baseline) {
        snprintf(line, sizeof line, "ratio on each bar: its time / %s's time (below 1x: faster)", b->baseline);
        svg_text(f, L->left, 55, "start", "fill=\"#555555\"", line);
    }
}

/* grid lines, tick labels and the axis titles */
static void svg_axes(FILE *f, const layout *L) {
    double x0 = L->left, x1 = L->left + L->plot_w;
    char s[64];
    if (L->log) {
        for (double d = L->lo; d <= L->hi + 1e-9; d += 1) {
            double y = y_of(L, pow(10, d));
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", x0, y, x1, y);
            fmt_tick(s, sizeof s, pow(10, d));
            svg_text(f, x0 - 6, y + 4, "end", "", s);
        }
    } else {
        double step = L->hi / 5;
        for (int i = 0; i <= 5; i++) {
            double y = y_of(L, step * i);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", x0, y, x1, y);
            fmt_tick(s, sizeof s, step * i);
            svg_text(f, x0 - 6, y + 4, "end", "", i ? s : "0");
        }
    }
    double top = L->bottom - PLOT_H;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n", x0, top, x0, L->bottom);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n", x0, L->bottom, x1, L->bottom);
    fprintf(f, "<text transform=\"translate(%.1f,%.1f) rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">%s</text>\n", x0 - 64,
            top + PLOT_H / 2, L->log ? "median time (log scale)" : "median time (linear scale, from 0)");
    svg_text(f, x0 + L->plot_w / 2, L->bottom + L->label_h + 22, "middle", "font-size=\"12\"", "dataset");
}

static const char *colour(const layout *L, size_t v) { return palette[L->colour_of[v]]; }

/* the result of variant V on dataset D, NULL when none */
static const result *find(const layout *L, const char *dataset, const char *variant) {
    for (size_t i = 0; i < L->b->n; i++)
        if (!strcmp(L->b->res[i].dataset, dataset) && !strcmp(L->b->res[i].variant, variant)) return &L->b->res[i];
    return NULL;
}

/* a bar's label: "FAIL · 12.3 ms · 0.84x" */
static void bar_label(const layout *L, const result *r, char *out, size_t n) {
    char t[64] = "n/a", q[64] = "";
    if (r->median >= 0) fmt_time(t, sizeof t, r->median);
    const result *base = L->b->baseline ? find(L, r->dataset, L->b->baseline) : NULL;
    if (base && base != r && base->median > 0 && base->validated != 0 && r->median >= 0) {
        q[0] = ' ', q[1] = '\xc2', q[2] = '\xb7', q[3] = ' ';
        fmt_ratio(q + 4, sizeof q - 4, r->median / base->median);
    }
    if (r->median < 0) snprintf(out, n, "%s", r->validated == 0 ? "FAIL" : "n/a");
    else snprintf(out, n, "%s%s%s", r->validated == 0 ? "FAIL \xc2\xb7 " : "", t, q);
}

static void svg_bar(FILE *f, const layout *L, const result *r, double x, size_t v) {
    double y = r->median >= 0 ? y_of(L, r->median) : L->bottom;
    if (r->median >= 0 && L->bottom - y < 2) y = L->bottom - 2; /* visible even at the axis */
    if (r->validated == 0 && L->bottom - y < 8) y = L->bottom - 8; /* a failed run without a time: a stub */
    const char *c = colour(L, v);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" ", x, y, BAR_W, L->bottom - y);
    if (r->validated == 0) fprintf(f, "fill=\"url(#fail)\" stroke=\"%s\" stroke-width=\"2\"", c);
    else if (r->published) fprintf(f, "fill=\"%s\" fill-opacity=\"0.4\" stroke=\"%s\" stroke-dasharray=\"4 2\"", c, c);
    else fprintf(f, "fill=\"%s\"", c);
    fputs(">", f);
    char label[256];
    bar_label(L, r, label, sizeof label);
    fputs("<title>", f);
    xml_text(f, r->variant);
    fputs(", ", f);
    xml_text(f, r->dataset);
    fputs(": ", f);
    xml_text(f, label);
    fputs("</title></rect>\n", f);
    fprintf(f, "<text transform=\"translate(%.1f,%.1f) rotate(-90)\" text-anchor=\"start\"%s>", x + BAR_W / 2 + 4, y - 4,
            r->validated == 0 ? " fill=\"#c00000\" font-weight=\"bold\"" : "");
    xml_text(f, label);
    fputs("</text>\n", f);
}

/* the bars of dataset D and its label under the axis */
static void svg_group(FILE *f, const layout *L, size_t d) {
    double gx = L->left + GROUP_GAP / 2 + (double)d * (L->group_w + GROUP_GAP);
    for (size_t v = 0; v < L->nv; v++) {
        const result *r = find(L, L->datasets[d], L->variants[v]);
        if (r) svg_bar(f, L, r, gx + (double)v * (BAR_W + BAR_GAP), v);
    }
    double cx = gx + L->group_w / 2, y = L->bottom + 16;
    if (!L->rotate_labels) {
        svg_text(f, cx, y, "middle", "", L->datasets[d]);
        return;
    }
    fprintf(f, "<text transform=\"translate(%.1f,%.1f) rotate(-35)\" text-anchor=\"end\">", cx + 4, y - 4);
    xml_text(f, L->datasets[d]);
    fputs("</text>\n", f);
}

static void legend_entry(FILE *f, double x, double y, const char *swatch_style, const char *text) {
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" %s/>\n", x, y - 11, swatch_style);
    svg_text(f, x + 20, y, "start", "", text);
}

static void svg_legend(FILE *f, const layout *L) {
    double x = L->left + L->plot_w + 30, y = L->bottom - PLOT_H + 10;
    int any_fail = 0, any_pub = 0;
    char style[128], text[512];
    for (size_t v = 0; v < L->nv; v++, y += 20) {
        snprintf(style, sizeof style, "fill=\"%s\"", colour(L, v));
        int is_base = L->b->baseline && !strcmp(L->b->baseline, L->variants[v]);
        snprintf(text, sizeof text, "%s%s", L->variants[v], is_base ? " (= 1x)" : "");
        legend_entry(f, x, y, style, text);
    }
    for (size_t i = 0; i < L->b->n; i++) {
        any_fail |= L->b->res[i].validated == 0;
        any_pub |= L->b->res[i].published;
    }
    y += 8;
    if (any_fail) {
        legend_entry(f, x, y, "fill=\"url(#fail)\" stroke=\"#333333\"", "FAIL: wrong or unchecked result");
        y += 20;
    }
    if (any_pub) legend_entry(f, x, y, "fill=\"#999999\" fill-opacity=\"0.4\" stroke=\"#333333\" stroke-dasharray=\"4 2\"",
                              "published figure, not measured");
}

/* ---------------------------------------------------------------- files */

/* a file name for benchmark NAME: letters, digits, '-', '_' and '.' kept, the rest '_' */
static char *file_stem(const char *name) {
    char *s = xstrdup(*name ? name : "benchmark");
    for (char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' ||
              (*p == '.' && p != s)))
            *p = '_';
    return s;
}

static FILE *open_out(const char *dir, const char *name, char *path, size_t n) {
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "chart: %s: error: cannot write: %s\n", path, strerror(errno));
        exit(1);
    }
    return f;
}

static void close_out(FILE *f, const char *path) {
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "chart: %s: error: write failed\n", path);
        exit(1);
    }
}

static void write_chart(const char *dir, const char *file, const benchmark *b, const results *R) {
    char path[4096];
    layout L;
    compute_layout(&L, b, R);
    FILE *f = open_out(dir, file, path, sizeof path);
    svg_header(f, &L, R);
    svg_axes(f, &L);
    for (size_t d = 0; d < L.nd; d++) svg_group(f, &L, d);
    if (!b->n) svg_text(f, L.left + L.plot_w / 2, L.bottom - PLOT_H / 2, "middle", "font-size=\"14\"", "no results");
    svg_legend(f, &L);
    fputs("</svg>\n", f);
    close_out(f, path);
    free(L.datasets);
    free(L.variants);
    free(L.colour_of);
}

/* R's variants, in the order first seen */
static void all_variants(results *R) {
    size_t total = 0;
    for (size_t i = 0; i < R->n; i++) total += R->b[i].n;
    R->variants = xrealloc(NULL, (total + 1) * sizeof *R->variants);
    R->nvariants = 0;
    for (size_t i = 0; i < R->n; i++)
        for (size_t j = 0; j < R->b[i].n; j++)
            if (index_of(R->variants, R->nvariants, R->b[i].res[j].variant) == R->nvariants)
                R->variants[R->nvariants++] = R->b[i].res[j].variant;
}

/* the SVG file names, "NAME.svg", made distinct ("NAME-2.svg") */
static char **file_names(const results *R) {
    char **names = xrealloc(NULL, (R->n + 1) * sizeof *names);
    for (size_t i = 0; i < R->n; i++) {
        char *stem = file_stem(R->b[i].name);
        names[i] = xrealloc(NULL, strlen(stem) + 32);
        sprintf(names[i], "%s.svg", stem);
        for (int k = 2; index_of((const char **)names, i, names[i]) < i; k++) sprintf(names[i], "%s-%d.svg", stem, k);
        free(stem);
    }
    return names;
}

static void write_index(const char *dir, const results *R, char **names) {
    char path[4096];
    FILE *f = open_out(dir, "index.html", path, sizeof path);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>weft benchmarks</title></head>\n"
          "<body style=\"font-family: Helvetica, Arial, sans-serif\">\n<h1>weft benchmarks</h1>\n<p>",
          f);
    xml_text(f, R->machine);
    fputs(" &middot; ", f);
    xml_text(f, R->date);
    if (R->runs > 0) fprintf(f, " &middot; median of %.0f run%s", R->runs, R->runs == 1 ? "" : "s");
    if (R->threads > 0) fprintf(f, " &middot; %.0f threads", R->threads);
    fputs("</p>\n", f);
    for (size_t i = 0; i < R->n; i++) {
        fputs("<h2>", f);
        xml_text(f, R->b[i].name);
        fprintf(f, "</h2>\n<p><img src=\"%s\" alt=\"", names[i]);
        xml_text(f, R->b[i].name);
        fputs("\"></p>\n", f);
    }
    fputs("</body>\n</html>\n", f);
    close_out(f, path);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: chart RESULTS.json OUTDIR\n");
        return 2;
    }
    input_name = argv[1];
    size_t len;
    char *text = read_file(argv[1], &len);
    jval *root = parse_json(text, len);
    results R = read_results(root);
    if (mkdir(argv[2], 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "chart: %s: error: cannot create: %s\n", argv[2], strerror(errno));
        return 1;
    }
    all_variants(&R);
    char **names = file_names(&R);
    for (size_t i = 0; i < R.n; i++) write_chart(argv[2], names[i], &R.b[i], &R);
    write_index(argv[2], &R, names);
    for (size_t i = 0; i < R.n; i++) {
        free(names[i]);
        free(R.b[i].res);
    }
    free(names);
    free(R.b);
    free(R.variants);
    jfree(root);
    free(text);
    return 0;
}
