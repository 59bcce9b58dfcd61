/* firstprivate.c — the host variables a parallel region reads, made firstprivate.
 *
 * OpenMP shares the variables of the code around a region: the outlined function reaches them
 * through pointers.  A store of a char-sized element (u8, i8, bool) may alias anything, an i64
 * element store any int64_t, so after such a store the C compiler reloads every shared view's
 * pointer, extents and strides, and every shared scalar, in every iteration of the region's
 * loops (a scan over u8 digits spent a third of its time on the reloads; nor could the loops be
 * vectorised).  A firstprivate copy is a local of the outlined function whose address nothing
 * takes: the compiler keeps it in registers.
 *
 * Which variables: those of the program (the generator's FGen.vars, by their C names) that the
 * region's code names, that it neither declares (a lambda or an operator emitted again inside
 * the region declares its variables anew; the outer name would not be in scope) nor assigns nor
 * passes by address (a thread's assignment would not be seen after the region; the region's
 * outputs are written through the views' pointers, which the copies share).  The region's code
 * is scanned as text: the generator names every program variable v_NAME (c_name), and declares
 * a variable as `TYPE v_NAME`, so a name preceded by another identifier is a declaration.
 */
#include <stdlib.h>
#include <string.h>

#include "regions.h"

static bool ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The identifier ending just before position at (skipping spaces), as [*start, at'), or false. */
static bool prev_ident(const char *text, size_t at, size_t *start, size_t *end) {
    while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t'))
        at--;
    size_t e = at;
    while (at > 0 && ident_char(text[at - 1]))
        at--;
    *start = at;
    *end = e;
    return e > at;
}

/* Whether the occurrence of a name at [s, e) declares it: another identifier right before it,
 * other than a keyword that may precede an expression. */
static bool declares(const char *text, size_t s) {
    size_t a, b;
    if (!prev_ident(text, s, &a, &b))
        return false;
    static const char *const keywords[] = {"return", "else", "case", "sizeof", "goto", "do"};
    for (size_t k = 0; k < sizeof keywords / sizeof *keywords; k++)
        if (b - a == strlen(keywords[k]) && !strncmp(text + a, keywords[k], b - a))
            return false;
    return true;
}

/* Whether the occurrence of a name at [s, e) has its address taken (`&x`, not `a && x`): a
 * callee may write through it.  An element's address through a view's pointer (`&x.p[i]`: an
 * atomic update of a scatter or hist) leaves the view as it is. */
static bool address_taken(const char *text, size_t s, size_t e) {
    if (!strncmp(text + e, ".p[", 3))
        return false;
    while (s > 0 && text[s - 1] == ' ')
        s--;
    return s > 0 && text[s - 1] == '&' && (s < 2 || text[s - 2] != '&');
}

/* Whether the occurrence of a name ending at e is assigned (`x = `, `x.f = `, `x.n[0] = `,
 * `x += `, `x++`): field selections and subscripts skipped, then an assignment operator.  An
 * element stored through a view's pointer (`x.p[i] = `) leaves the view as it is. */
static bool assigns(const char *text, size_t e) {
    const char *p = text + e;
    if (!strncmp(p, ".p[", 3))
        return false;
    for (;;) {
        if (*p == '.') {
            p++;
            while (ident_char(*p))
                p++;
        } else if (*p == '[') {
            int depth = 0;
            do {
                depth += *p == '[';
                depth -= *p == ']';
                p++;
            } while (*p && depth > 0);
        } else
            break;
    }
    while (*p == ' ')
        p++;
    if (p[0] == '=' && p[1] != '=')
        return true;
    if ((p[0] == '+' && p[1] == '+') || (p[0] == '-' && p[1] == '-'))
        return true;
    return strchr("+-*/%&|^", p[0]) && p[0] && p[1] == '=';
}

/* Per C name of a program variable: 1 while every occurrence so far is a plain use, -1 once one
 * declares it, assigns it or takes its address. */
typedef struct {
    OMap state;
    Vec(const char *) order; /* the names in order of first occurrence */
} Uses;

static void note_use(Uses *u, const char *name, bool plain) {
    intptr_t s = omap_int(&u->state, name);
    if (s == 0)
        vec_push(&u->order, name);
    if (s >= 0)
        omap_put(&u->state, name, (void *)(intptr_t)(plain ? 1 : -1));
}

const char *fp_firstprivate(FGen *g, const char *body) {
    OMap cnames = {0}; /* C names of the program's variables (interned) */
    for (int i = 0; i < g->vars.cap; i++)
        if (g->vars.keys[i])
            omap_put(&cnames, intern(c_name(g->vars.keys[i])), (void *)1);
    Uses u = {0};
    for (size_t i = 0; body[i];) {
        if (!ident_char(body[i]) || (i > 0 && ident_char(body[i - 1]))) {
            i++;
            continue;
        }
        size_t s = i;
        while (ident_char(body[i]))
            i++;
        if (i - s < 3 || body[s] != 'v' || body[s + 1] != '_')
            continue;
        char *tok = xmalloc(i - s + 1);
        memcpy(tok, body + s, i - s);
        tok[i - s] = 0;
        const char *name = intern(tok);
        free(tok);
        if (omap_has(&cnames, name))
            note_use(&u, name, !declares(body, s) && !assigns(body, i) && !address_taken(body, s, i));
    }
    StrBuf clause = {0};
    for (int k = 0; k < u.order.len; k++)
        if (omap_int(&u.state, u.order.data[k]) > 0)
            sb_printf(&clause, "%s%s", clause.len ? ", " : " firstprivate(", u.order.data[k]);
    if (clause.len)
        sb_puts(&clause, ")");
    return clause.len ? clause.data : "";
}
