/* util.c — allocation, vectors, string buffers, interning and located diagnostics.
 * See util.h for the conventions (error_at exits 1, rt_error_at exits 2, die is a compiler bug). */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void (*error_exit_hook)(int status);

static _Noreturn void error_exit(int status) {
    if (error_exit_hook)
        error_exit_hook(status); /* does not return */
    exit(status);
}

/* ---- allocation ---- */

static _Noreturn void out_of_memory(size_t n) {
    fprintf(stderr, "weft: error: out of memory (allocating %zu bytes)\n", n);
    error_exit(1);
}

void *xmalloc(size_t n) {
    void *p = calloc(1, n ? n : 1);
    if (!p)
        out_of_memory(n);
    return p;
}

void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory(n);
    return q;
}

char *xstrndup(const char *s, size_t n) {
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

static char *vformat(const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    char *buf = xmalloc((size_t)n + 1);
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    return buf;
}

char *xsprintf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    return s;
}

/* ---- string buffers ---- */

static void sb_reserve(StrBuf *sb, size_t extra) {
    if (sb->len + extra + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    sb->data = xrealloc(sb->data, cap);
    sb->cap = cap;
}

void sb_putc(StrBuf *sb, char c) {
    sb_reserve(sb, 1);
    sb->data[sb->len++] = c;
    sb->data[sb->len] = 0;
}

void sb_puts(StrBuf *sb, const char *s) {
    size_t n = strlen(s);
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n + 1);
    sb->len += n;
}

void sb_printf(StrBuf *sb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    sb_puts(sb, s);
    free(s);
}

/* ---- interning: open-addressing hash set of strings ---- */

static struct {
    const char **slots;
    size_t cap, count;
} interned;

static uint64_t hash_bytes(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static void intern_grow(void) {
    size_t cap = interned.cap ? interned.cap * 2 : 1024;
    const char **slots = xmalloc(cap * sizeof *slots);
    for (size_t i = 0; i < interned.cap; i++) {
        const char *s = interned.slots[i];
        if (!s)
            continue;
        size_t j = hash_bytes(s, strlen(s)) & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = s;
    }
    free(interned.slots);
    interned.slots = slots;
    interned.cap = cap;
}

const char *intern_n(const char *s, size_t n) {
    if (2 * (interned.count + 1) > interned.cap)
        intern_grow();
    size_t j = hash_bytes(s, n) & (interned.cap - 1);
    for (;;) {
        const char *t = interned.slots[j];
        if (!t)
            break;
        if (strncmp(t, s, n) == 0 && t[n] == 0)
            return t;
        j = (j + 1) & (interned.cap - 1);
    }
    const char *copy = xstrndup(s, n);
    interned.slots[j] = copy;
    interned.count++;
    return copy;
}

const char *intern(const char *s) { return intern_n(s, strlen(s)); }

/* ---- files ---- */

char *slurp(const char *path, size_t *len) {
    size_t n = 0;
    char *s = read_file(path, &n);
    if (!s) {
        n = 0;
        s = xstrdup("");
    }
    s[n] = 0;
    if (len)
        *len = n;
    return s;
}

const char *self_exe_path(void) {
    static char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return NULL;
    buf[n] = 0;
    return buf;
}

char *read_file(const char *path, size_t *len_out) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    StrBuf sb = {0};
    char buf[65536];
    size_t n;
    sb_reserve(&sb, 0);
    sb.data[0] = 0;
    errno = 0;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        sb_reserve(&sb, n);
        memcpy(sb.data + sb.len, buf, n);
        sb.len += n;
        sb.data[sb.len] = 0;
    }
    int failed = ferror(f) ? (errno ? errno : EIO) : 0; /* EISDIR for a directory */
    if (f != stdin)
        fclose(f);
    if (failed) {
        free(sb.data);
        errno = failed;
        return NULL;
    }
    if (len_out)
        *len_out = sb.len;
    return sb.data;
}

/* ---- diagnostics ---- */

typedef struct Source Source;
struct Source {
    const char *file;
    const char *text;
    Source *next;
};
static Source *sources;

void source_register(const char *file, const char *text) {
    Source *s = xmalloc(sizeof *s);
    s->file = intern(file);
    s->text = text;
    s->next = sources;
    sources = s;
}

static const char *source_text(const char *file) {
    for (Source *s = sources; s; s = s->next)
        if (s->file == file || (file && strcmp(s->file, file) == 0))
            return s->text;
    return NULL;
}

/* Print the source line of loc and a caret under its column (tabs kept so the caret aligns). */
static void print_caret(Loc loc) {
    const char *text = source_text(loc.file);
    if (!text || loc.line < 1)
        return;
    const char *p = text;
    for (int line = 1; line < loc.line && *p; p++)
        if (*p == '\n')
            line++;
    const char *end = strchr(p, '\n');
    int len = end ? (int)(end - p) : (int)strlen(p);
    if (len > 0 && p[len - 1] == '\r')
        len--;
    fprintf(stderr, "%5d | %.*s\n      | ", loc.line, len, p);
    for (int i = 1; i < loc.col && i <= len; i++)
        fputc(p[i - 1] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

void diag_vprint(Loc loc, const char *kind, const char *fmt, va_list ap) {
    fflush(stdout);
    if (loc.file)
        fprintf(stderr, "%s:%d:%d: %s: ", loc.file, loc.line, loc.col, kind);
    else
        fprintf(stderr, "weft: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    print_caret(loc);
}

void error_at(Loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(loc, "error", fmt, ap);
    va_end(ap);
    error_exit(1);
}

void warning_at(Loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(loc, "warning", fmt, ap);
    va_end(ap);
}

void rt_error_at(Loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(loc, "Error", fmt, ap); /* Futhark's word for a run-time error */
    va_end(ap);
    error_exit(2);
}

void fatal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fputs("weft: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    error_exit(1);
}

void die_at(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fprintf(stderr, "weft: internal error at %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    error_exit(3);
}

/* ---- OMap: open addressing on interned pointers ---- */

/* The hash of the name's characters, not of its address: passes that walk a map's slots (the
 * flattener's bindings, the emitter's uses) then visit the names in the same order on
 * every run, so the generated code does not change with where the allocator put the names. */
static size_t hash_name(const char *k) {
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a; a NULL name (a constant atom's) is never stored */
    for (const unsigned char *c = (const unsigned char *)k; c && *c; c++)
        h = (h ^ *c) * 0x100000001b3ull;
    return (size_t)(h ^ (h >> 29));
}

static int slot(const OMap *m, const char *k) {
    size_t i = hash_name(k) & (size_t)(m->cap - 1);
    while (m->keys[i] && m->keys[i] != k)
        i = (i + 1) & (size_t)(m->cap - 1);
    return (int)i;
}

void omap_put(OMap *m, const char *k, void *v) {
    if (2 * (m->len + 1) > m->cap) {
        OMap n = {0};
        n.cap = m->cap ? 2 * m->cap : 64;
        n.keys = xmalloc((size_t)n.cap * sizeof(*n.keys));
        n.vals = xmalloc((size_t)n.cap * sizeof(*n.vals));
        for (int i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                int s = slot(&n, m->keys[i]);
                n.keys[s] = m->keys[i];
                n.vals[s] = m->vals[i];
                n.len++;
            }
        *m = n;
    }
    int s = slot(m, k);
    if (!m->keys[s]) {
        m->keys[s] = k;
        m->len++;
    }
    m->vals[s] = v;
}

void *omap_get(const OMap *m, const char *k) {
    if (!m->cap)
        return NULL;
    int s = slot(m, k);
    return m->keys[s] ? m->vals[s] : NULL;
}

bool omap_has(const OMap *m, const char *k) { return m->cap && m->keys[slot(m, k)] != NULL; }

void omap_add(OMap *m, const char *k, intptr_t d) { omap_put(m, k, (void *)(omap_int(m, k) + d)); }

intptr_t omap_int(const OMap *m, const char *k) { return (intptr_t)omap_get(m, k); }
