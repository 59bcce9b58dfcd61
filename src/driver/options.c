/* options.c — the command-line helpers the subcommands share (`--name=value` options and
 * counts), so that every tool reports a bad value the same way. */
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "driver.h"

const char *option_value(const char *arg, const char *name) {
    size_t n = strlen(name);
    return !strncmp(arg, name, n) && arg[n] == '=' ? arg + n + 1 : NULL;
}

static int option_count(const char *tool, const char *s, const char *what, long least) {
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < least || v > 1000000)
        fatal("%s: bad %s '%s'", tool, what, s);
    return (int)v;
}

int option_positive(const char *tool, const char *s, const char *what) { return option_count(tool, s, what, 1); }

int option_nonnegative(const char *tool, const char *s, const char *what) { return option_count(tool, s, what, 0); }

const char *option_arg(const char *tool, int argc, char **argv, int *i, const char *name) {
    if (strcmp(argv[*i], name))
        return NULL;
    if (*i + 1 >= argc)
        fatal("%s: option '%s' needs a value", tool, name);
    return argv[++*i];
}

void option_unknown(const char *tool, const char *arg, const char *usage) {
    fatal("%s: unknown option '%s'\nusage: weft %s", tool, arg, usage);
}
