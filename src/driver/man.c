/* man.c — `weft man [--date=YYYY-MM-DD] PAGE` and `weft man --list`: the manual pages weft(1)
 * and weft-COMMAND(1), in man(7), written from the very usage texts that `--help` prints
 * (driver.h: a synopsis line, a line saying what the command does, then one line per option,
 * longer descriptions continued on more deeply indented lines), so that the pages and the help
 * cannot drift.  `make man` writes every page into build/man/ (`make install` installs them);
 * tests/scripts/man.sh holds each page to its command's --help and to `mandoc -Tlint`.  The
 * command is left out of `weft --help`: it is for the build, not for users. */
#include <string.h>
#include <time.h>

#include "../util.h"
#include "driver.h"

static const char man_usage[] = "man [--date=YYYY-MM-DD] (weft | weft-COMMAND | COMMAND) | man --list\n"
                                "write a manual page in man(7) to stdout, or list the pages\n"
                                "  --date=DATE   the page's date (default: today; make man passes the last commit's)\n"
                                "  --list        print the pages' names, one a line";

/* ---- roff text ---- */

enum { ROFF_WIDTH = 78 }; /* source lines stay under 80 bytes (mandoc -Tlint's style) */

/* Text of len bytes with roff's special characters escaped: backslashes, and dashes (so that
 * options stay copyable).  Returns the number of bytes written. */
static size_t roff_escaped(FILE *out, const char *s, size_t len) {
    size_t written = 0;
    for (size_t i = 0; i < len; i++) {
        const char *e = s[i] == '\\' ? "\\e" : s[i] == '-' ? "\\-" : NULL;
        if (e)
            written += (size_t)fprintf(out, "%s", e);
        else
            written += (size_t)(fputc(s[i], out) != EOF);
    }
    return written;
}

/* Text lines of the words of s (len bytes), filled to ROFF_WIDTH: roff fills them again, so
 * only the words matter; a line that would start with a control character is protected. */
static void roff_fill(FILE *out, const char *s, size_t len) {
    size_t col = 0;
    for (size_t i = 0; i < len;) {
        if (s[i] == ' ') {
            i++;
            continue;
        }
        size_t w = 0;
        while (i + w < len && s[i + w] != ' ')
            w++;
        if (col > 0 && col + 1 + w > ROFF_WIDTH) {
            fputc('\n', out);
            col = 0;
        } else if (col > 0) {
            fputc(' ', out);
            col++;
        }
        if (col == 0 && (s[i] == '.' || s[i] == '\''))
            col += (size_t)fprintf(out, "\\&");
        col += roff_escaped(out, s + i, w);
        i += w;
    }
    fputc('\n', out);
}

/* A sentence of what-line text: capitalised, with a full stop. */
static void roff_sentence(FILE *out, const char *s, size_t len) {
    if (len == 0)
        return;
    char *t = xsprintf("%.*s%s", (int)len, s, s[len - 1] == '.' ? "" : ".");
    if (t[0] >= 'a' && t[0] <= 'z')
        t[0] = (char)(t[0] - 'a' + 'A');
    roff_fill(out, t, strlen(t));
}

/* ---- the usage texts ---- */

/* The line of text starting at s: its length (without the newline). */
static size_t line_len(const char *s) { return strcspn(s, "\n"); }
static const char *next_line(const char *s) {
    s += line_len(s);
    return *s ? s + 1 : s;
}

/* An option line is "  SPEC  DESCRIPTION": two spaces, the spec (single spaces allowed), a gap
 * of two or more spaces, the description; deeper indented lines continue the description. */
static bool is_option_line(const char *s) { return s[0] == ' ' && s[1] == ' ' && s[2] != ' ' && s[2] != '\n'; }

static void write_option(FILE *out, const char *line, const char **rest) {
    size_t n = line_len(line);
    const char *spec = line + 2, *gap = strstr(spec, "  ");
    if (!gap || gap > line + n)
        gap = line + n;
    const char *text = gap + strspn(gap, " ");
    fputs(".TP\n\\fB", out);
    roff_escaped(out, spec, (size_t)(gap - spec));
    fputs("\\fR\n", out);
    if (text < line + n)
        roff_fill(out, text, (size_t)(line + n - text));
    const char *s = next_line(line);
    for (; *s && !is_option_line(s); s = next_line(s)) {
        const char *cont = s + strspn(s, " ");
        roff_fill(out, cont, line_len(cont));
    }
    *rest = s;
}

/* ---- the pages ---- */

static void write_header(FILE *out, const char *title, const char *date) {
    fprintf(out, ".\\\" Written by `weft man` from weft's --help texts (src/driver/man.c); do not edit.\n");
    fprintf(out, ".TH %s 1 %s weft \"weft manual\"\n", title, date);
    fputs(".nh\n", out); /* options are words: never hyphenated */
}

static void write_see_also(FILE *out, const Command *commands, int n, const char *self) {
    fputs(".SH SEE ALSO\n", out);
    if (self)
        fputs(".BR weft (1),\n", out);
    int last = n - 1;
    if (self && !strcmp(commands[last].name, self))
        last--;
    for (int i = 0; i <= last; i++)
        if (!self || strcmp(commands[i].name, self))
            fprintf(out, ".BR weft\\-%s (1)%s\n", commands[i].name, i < last ? "," : "");
    fputs(".PP\nREADME.md and docs/ in weft's source tree, installed in share/doc/weft.\n", out);
}

/* weft-NAME(1): the command's usage, section by section. */
static void write_command_page(FILE *out, const Command *c, const Command *commands, int n, const char *date) {
    const char *synopsis = c->usage, *what = next_line(synopsis), *options = next_line(what);
    char *title = xsprintf("WEFT-%s", c->name);
    for (char *t = title; *t; t++)
        if (*t >= 'a' && *t <= 'z')
            *t = (char)(*t - 'a' + 'A');
    write_header(out, title, date);
    char *name_line = xsprintf("weft-%s - %.*s", c->name, (int)line_len(what), what);
    fputs(".SH NAME\n", out);
    roff_fill(out, name_line, strlen(name_line));
    size_t name_len = strlen(c->name);
    fprintf(out, ".SH SYNOPSIS\n.B weft %s\n", c->name);
    const char *args = synopsis + name_len + strspn(synopsis + name_len, " ");
    if (args < synopsis + line_len(synopsis))
        roff_fill(out, args, line_len(args));
    fputs(".SH DESCRIPTION\n", out);
    roff_sentence(out, what, line_len(what));
    fprintf(out, "\\fBweft %s \\-\\-help\\fR prints this page's options.\n", c->name);
    if (*options) {
        fputs(".SH OPTIONS\n", out);
        for (const char *s = options; *s;)
            if (is_option_line(s))
                write_option(out, s, &s);
            else
                s = next_line(s);
    }
    write_see_also(out, commands, n, c->name);
}

/* weft(1): what weft is, its commands (each command's first two usage lines, as `weft --help`
 * lists them), exit statuses. */
static void write_weft_page(FILE *out, const Command *commands, int n, const char *date) {
    write_header(out, "WEFT", date);
    fputs(".SH NAME\nweft \\- compiler for nested data\\-parallel array programs in Futhark's syntax\n"
          ".SH SYNOPSIS\n.B weft\n.I COMMAND\n[\\fIARGS\\fR]\n"
          ".SH DESCRIPTION\n",
          out);
    const char *intro = "weft checks programs written in Futhark's language (irregular nested arrays "
                       "allowed), runs them in a reference interpreter, and compiles them to "
                       "sequential C, to C with OpenMP, and to CUDA.  Each command has its own page,";
    roff_fill(out, intro, strlen(intro));
    fputs(".BR weft\\-COMMAND (1),\n"
          "and prints its options with \\fBweft\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR.\n"
          ".SH COMMANDS\n",
          out);
    for (int i = 0; i < n; i++) {
        const char *what = next_line(commands[i].usage);
        fputs(".TP\n\\fBweft ", out);
        roff_escaped(out, commands[i].usage, line_len(commands[i].usage));
        fputs("\\fR\n", out);
        roff_sentence(out, what, line_len(what));
    }
    fputs(".SH EXIT STATUS\n"
          ".TP\n0\nsuccess.\n"
          ".TP\n1\nan error in the program (with its file, line, column and a caret), in its\n"
          "data or on the command line.\n"
          ".TP\n2\na run\\-time failure of the program (weft run and compiled executables), with the\n"
          "source location of the failing expression.\n"
          ".TP\n3\nan internal error of weft.\n",
          out);
    write_see_also(out, commands, n, NULL);
}

/* The date for .TH: --date, else today's (the Makefile passes a reproducible one). */
static const char *page_date(const char *option) {
    if (option)
        return option;
    time_t t = time(NULL);
    struct tm tm;
    char buf[16];
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return xstrdup(buf);
}

static const Command *find_command(const char *page, const Command *commands, int n) {
    const char *name = strncmp(page, "weft-", 5) ? page : page + 5;
    for (int i = 0; i < n; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

int cmd_man(int argc, char **argv, const Command *commands, int n) {
    const char *date = NULL, *page = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: weft %s\n", man_usage);
            return 0;
        } else if (!strcmp(argv[i], "--list")) {
            puts("weft");
            for (int k = 0; k < n; k++)
                printf("weft-%s\n", commands[k].name);
            return 0;
        } else if ((v = option_value(argv[i], "--date")))
            date = v;
        else if (argv[i][0] == '-')
            option_unknown("man", argv[i], man_usage);
        else if (page)
            fatal("man: one page at a time\nusage: weft %s", man_usage);
        else
            page = argv[i];
    }
    if (!page)
        fatal("man: which page?\nusage: weft %s", man_usage);
    if (!strcmp(page, "weft")) {
        write_weft_page(stdout, commands, n, page_date(date));
        return 0;
    }
    const Command *c = find_command(page, commands, n);
    if (!c)
        fatal("man: no page '%s' (weft man --list names them)", page);
    write_command_page(stdout, c, commands, n, page_date(date));
    return 0;
}
