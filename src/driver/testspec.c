/* testspec.c — parse the Futhark test blocks of a program, and check a program's output
 * against a case's expected values (shared by `weft test` and `weft bench`).
 *
 * A test block is a run of comment lines whose first is `-- ==`; it holds
 *     entry: f g          tags { disable nobench ... }     structure ... { ... }     warning: REGEX
 *     error: REGEX                                  (no input: compiling must fail)
 *     ["name"] [compiled|nobench|train|random|script|no_BACKEND] input ({ values } | @ file)
 *         [output ({ values } | @ file) | auto output | error: REGEX]
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../rts/values.h"
#include "testspec.h"


/* A cursor over one block's text.  Comment markers are blanked out, so columns are kept and
 * offsets map back to lines of the file. */
typedef struct {
    const char *s;
    size_t pos;
    int first_line;
    Spec *spec;
} Scan;

static int scan_line(const Scan *sc, size_t pos) {
    int line = sc->first_line;
    for (size_t i = 0; i < pos && sc->s[i]; i++)
        line += sc->s[i] == '\n';
    return line;
}

static void scan_error(Scan *sc, const char *msg, const char *what) {
    if (!sc->spec->error)
        sc->spec->error = xsprintf("%s:%d: %s '%s' in test block", sc->spec->path, scan_line(sc, sc->pos), msg, what);
}

static void skip_ws(Scan *sc) {
    while (sc->s[sc->pos] == ' ' || sc->s[sc->pos] == '\t' || sc->s[sc->pos] == '\n' || sc->s[sc->pos] == '\r')
        sc->pos++;
}

static bool is_special(char c) { return c == '{' || c == '}' || c == '@' || c == '"'; }

/* The next word (maximal run of non-space, non-special characters); "" at a special or the end. */
static char *next_word(Scan *sc) {
    skip_ws(sc);
    size_t start = sc->pos;
    while (sc->s[sc->pos] && !strchr(" \t\r\n", sc->s[sc->pos]) && !is_special(sc->s[sc->pos]))
        sc->pos++;
    return xstrndup(sc->s + start, sc->pos - start);
}

static char *peek_word(Scan *sc) {
    size_t save = sc->pos;
    char *w = next_word(sc);
    sc->pos = save;
    return w;
}

static bool accept_char(Scan *sc, char c) {
    skip_ws(sc);
    if (sc->s[sc->pos] != c)
        return false;
    sc->pos++;
    return true;
}

/* The rest of the current line, trimmed. */
static char *rest_of_line(Scan *sc) {
    while (sc->s[sc->pos] == ' ' || sc->s[sc->pos] == '\t')
        sc->pos++;
    size_t start = sc->pos;
    while (sc->s[sc->pos] && sc->s[sc->pos] != '\n')
        sc->pos++;
    size_t end = sc->pos;
    while (end > start && strchr(" \t\r", sc->s[end - 1]))
        end--;
    return xstrndup(sc->s + start, end - start);
}

/* '{' text '}' with nested braces; returns the text between, or NULL. */
static char *braced(Scan *sc) {
    if (!accept_char(sc, '{'))
        return NULL;
    size_t start = sc->pos;
    int depth = 1;
    for (; sc->s[sc->pos]; sc->pos++) {
        if (sc->s[sc->pos] == '{')
            depth++;
        else if (sc->s[sc->pos] == '}' && --depth == 0)
            break;
    }
    if (!sc->s[sc->pos])
        return NULL;
    return xstrndup(sc->s + start, sc->pos++ - start);
}

static char *resolve(const Spec *spec, const char *file) {
    if (file[0] == '/')
        return xstrdup(file);
    return xsprintf("%s/%s", spec->dir, file);
}

/* '{' values '}'  |  '@' file */
static bool values_or_file(Scan *sc, char **text, bool *is_file, const char **written) {
    if (accept_char(sc, '@')) {
        char *w = next_word(sc);
        if (!*w)
            return false;
        *text = resolve(sc->spec, w);
        if (written)
            *written = w;
        *is_file = true;
        return true;
    }
    *is_file = false;
    *text = braced(sc);
    return *text != NULL;
}

/* What follows an input: output {..} | output @ f | auto output | error: regex | nothing. */
static void parse_expected(Scan *sc, Case *c) {
    char *w = peek_word(sc);
    bool is_file;
    if (!strcmp(w, "output")) {
        next_word(sc);
        if (!values_or_file(sc, &c->output, &is_file, NULL))
            scan_error(sc, "expected { values } or @ file after", "output");
        c->out = is_file ? OUT_FILE : OUT_TEXT;
    } else if (!strcmp(w, "auto")) {
        next_word(sc);
        if (strcmp(next_word(sc), "output"))
            scan_error(sc, "expected 'output' after", "auto");
        c->out = OUT_AUTO;
    } else if (!strcmp(w, "error:")) {
        next_word(sc);
        c->output = rest_of_line(sc);
        c->out = OUT_ERROR;
    } else {
        c->out = OUT_NONE;
    }
}

/* ["name"] {compiled|nobench|train|random|script|no_BACKEND} input ... ; w is the first word,
 * already read. */
static void parse_case(Scan *sc, Block *b, char *w, const char *name) {
    Case c = {0};
    c.line = scan_line(sc, sc->pos);
    c.name = name;
    c.in = IN_TEXT;
    for (;; w = next_word(sc)) {
        if (!strcmp(w, "compiled"))
            c.compiled = true;
        else if (!strcmp(w, "random"))
            c.in = IN_RANDOM;
        else if (!strcmp(w, "script"))
            c.in = IN_SCRIPT;
        else if (!strcmp(w, "nobench"))
            c.nobench = true;
        else if (!strcmp(w, "train"))
            c.train = true;
        else if (!strncmp(w, "no_", 3)) /* no_cuda, no_c, ...; no_python and others name backends */
            vec_push(&c.not_on, xstrdup(w + 3)); /* weft does not have */
        else
            break;
    }
    if (strcmp(w, "input")) {
        scan_error(sc, "expected 'input' but found", *w ? w : "end of block");
        return;
    }
    bool is_file;
    if (!values_or_file(sc, &c.input, &is_file, &c.input_file)) {
        scan_error(sc, "expected { values } or @ file after", "input");
        return;
    }
    if (is_file && c.in == IN_TEXT)
        c.in = IN_FILE;
    parse_expected(sc, &c);
    vec_push(&b->cases, c);
}

static void parse_tags(Scan *sc) {
    if (!accept_char(sc, '{')) {
        scan_error(sc, "expected '{' after", "tags");
        return;
    }
    for (;;) {
        char *w = next_word(sc);
        if (!*w)
            break;
        if (!strcmp(w, "disable"))
            sc->spec->disabled = true;
        else if (!strcmp(w, "nobench"))
            sc->spec->nobench = true;
    }
    if (!accept_char(sc, '}'))
        scan_error(sc, "expected '}' to close", "tags");
}

/* structure [backend] { ... } */
static void skip_structure(Scan *sc) {
    while (*peek_word(sc))
        next_word(sc);
    if (!braced(sc))
        scan_error(sc, "expected { ... } after", "structure");
    vec_push(&sc->spec->notes, xstrdup("structure tests are ignored"));
}

static char *quoted(Scan *sc) {
    accept_char(sc, '"');
    size_t start = sc->pos;
    while (sc->s[sc->pos] && sc->s[sc->pos] != '"' && sc->s[sc->pos] != '\n')
        sc->pos++;
    char *name = xstrndup(sc->s + start, sc->pos - start);
    if (sc->s[sc->pos] == '"')
        sc->pos++;
    return name;
}

static void parse_block(Spec *spec, const char *text, int first_line) {
    Scan sc = {text, 0, first_line, spec};
    Block b = {0};
    b.line = first_line;
    while (!spec->error) {
        skip_ws(&sc);
        if (!sc.s[sc.pos])
            break;
        const char *name = sc.s[sc.pos] == '"' ? quoted(&sc) : NULL;
        char *w = next_word(&sc);
        if (name) {
            parse_case(&sc, &b, w, name);
        } else if (!strcmp(w, "entry:")) {
            char *names = rest_of_line(&sc);
            for (char *tok = strtok(names, " \t"); tok; tok = strtok(NULL, " \t"))
                vec_push(&b.entries, intern(tok));
        } else if (!strcmp(w, "tags")) {
            parse_tags(&sc);
        } else if (!strcmp(w, "structure")) {
            skip_structure(&sc);
        } else if (!strcmp(w, "warning:")) {
            rest_of_line(&sc);
            vec_push(&spec->notes, xstrdup("warning: tests are ignored"));
        } else if (!strcmp(w, "error:")) {
            b.compile_error_line = scan_line(&sc, sc.pos);
            b.compile_error = rest_of_line(&sc);
        } else if (*w) {
            parse_case(&sc, &b, w, NULL);
        } else {
            scan_error(&sc, "unexpected", (char[]){sc.s[sc.pos], 0});
        }
    }
    if (b.entries.len == 0)
        vec_push(&b.entries, intern("main"));
    vec_push(&spec->blocks, b);
}

/* Is this line a comment whose text is exactly "=="? */
static bool is_block_start(const char *line, size_t n) {
    if (n < 2 || line[0] != '-' || line[1] != '-')
        return false;
    size_t i = 2;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i + 2 > n || line[i] != '=' || line[i + 1] != '=')
        return false;
    for (i += 2; i < n; i++)
        if (!strchr(" \t\r", line[i]))
            return false;
    return true;
}

static char *dir_of(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
}

/* Find every `-- ==` block of the program at path; a block runs while lines start with "--". */
Spec *testspec_read(const char *path) {
    Spec *spec = xmalloc(sizeof *spec);
    spec->path = xstrdup(path);
    spec->dir = dir_of(path);
    size_t len = 0;
    char *text = read_file(path, &len);
    if (!text) {
        spec->error = xsprintf("%s: cannot read: %s", path, strerror(errno));
        return spec;
    }
    text[len] = 0; /* read_file leaves an empty file's buffer unterminated */
    int lineno = 1;
    for (char *p = text; *p;) {
        char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        if (!is_block_start(p, n)) {
            p = eol ? eol + 1 : p + n;
            lineno++;
            continue;
        }
        StrBuf block = {0};
        sb_puts(&block, "");
        int first = lineno + 1;
        p = eol ? eol + 1 : p + n;
        lineno++;
        while (*p == '-' && p[1] == '-') {
            eol = strchr(p, '\n');
            n = eol ? (size_t)(eol - p) : strlen(p);
            sb_puts(&block, "  ");
            sb_printf(&block, "%.*s\n", (int)(n - 2), p + 2);
            p = eol ? eol + 1 : p + n;
            lineno++;
        }
        parse_block(spec, block.data, first);
        free(block.data);
    }
    free(text);
    return spec;
}


/* ------------------------------------------------------------------ checking outputs */

/* At most max bytes of s on one line, whitespace runs collapsed. */
char *testspec_shorten(const char *s, size_t max) {
    StrBuf sb = {0};
    sb_puts(&sb, "");
    bool space = false;
    for (; *s && sb.len < max; s++) {
        if (strchr(" \t\r\n", *s)) {
            space = sb.len > 0;
            continue;
        }
        if (space)
            sb_putc(&sb, ' ');
        space = false;
        sb_putc(&sb, *s);
    }
    if (*s)
        sb_puts(&sb, " ...");
    return sb.data;
}

static char *trees_to_string(wf_tree **t, int n) {
    if (n == 0)
        return xstrdup("(no values)");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return xstrdup("?");
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(' ', f);
        wf_tree_print(f, t[i]);
    }
    fclose(f);
    char *s = testspec_shorten(buf, 400);
    free(buf);
    return s;
}

/* Read values from a string or a file; NULL (with *err set) on failure. */
static int read_values(const char *text, size_t len, wf_tree ***out, char **err) {
    wf_reader *r = wf_reader_from_string(text, len);
    if (!r) {
        *err = xstrdup("out of memory");
        return -1;
    }
    int n = wf_read_trees(r, out);
    if (n < 0)
        *err = xstrdup(wf_reader_error(r));
    wf_reader_free(r);
    return n;
}

static void free_values(wf_tree **t, int n) {
    for (int i = 0; i < n; i++)
        wf_tree_free(t[i]);
    free(t);
}

char *testspec_compare_output(const Case *c, const char *actual_text, size_t actual_len) {
    size_t elen = 0;
    char *etext = c->out == OUT_FILE ? read_file(c->output, &elen) : xstrdup(c->output);
    if (!etext)
        return xsprintf("cannot read expected output %s: %s", c->output, strerror(errno));
    if (c->out != OUT_FILE)
        elen = strlen(etext);
    char *err = NULL, *why = NULL;
    wf_tree **e = NULL, **a = NULL;
    int ne = read_values(etext, elen, &e, &err);
    free(etext);
    if (ne < 0)
        return xsprintf("cannot parse the expected output: %s", err);
    int na = read_values(actual_text, actual_len, &a, &err);
    if (na < 0) {
        why = xsprintf("cannot parse the program's output: %s\n  actual:   %s", err, testspec_shorten(actual_text, 300));
        free_values(e, ne);
        return why;
    }
    char diff[512] = "";
    if (ne != na) {
        snprintf(diff, sizeof diff, "expected %d value%s but got %d", ne, ne == 1 ? "" : "s", na);
    } else {
        for (int i = 0; i < ne && !diff[0]; i++) {
            char d[400];
            if (wf_tree_equal(e[i], a[i], d, sizeof d))
                continue;
            if (ne > 1)
                snprintf(diff, sizeof diff, "value %d: %s", i + 1, d);
            else
                snprintf(diff, sizeof diff, "%s", d);
        }
    }
    if (diff[0])
        why = xsprintf("expected: %s\n  actual:   %s\n  %s", trees_to_string(e, ne), trees_to_string(a, na), diff);
    free_values(e, ne);
    free_values(a, na);
    return why;
}

char *testspec_case_name(const Case *c, int index) {
    if (c->name)
        return xstrdup(c->name);
    if (c->in == IN_FILE)
        return xstrdup(c->input_file);
    StrBuf sb = {0};
    sb_printf(&sb, "#%d (\"", index);
    bool space = false;
    int n = 0;
    for (const char *s = c->input; *s && n < 40; s++) {
        if (strchr(" \t\r\n", *s)) {
            space = n > 0;
            continue;
        }
        if (space) {
            sb_putc(&sb, ' ');
            n++;
        }
        space = false;
        sb_putc(&sb, *s == '"' ? '\'' : *s);
        n++;
    }
    sb_puts(&sb, "\")");
    return sb.data;
}
