/* progress.c — a line on a terminal per finished item of a long-running command (a dataset of
 * `weft bench`, a training dataset of `weft autotune`): how many are done, the time elapsed, and
 * what remains, estimated as the mean time per item so far times the items left.  The lines go
 * to stderr, and only when it is a terminal (isatty), so that piped output, logs and tests are
 * the same with or without them. */
#include <stdio.h>
#include <unistd.h>

#include "progress.h"
#include "subprocess.h"

Progress progress_begin(const char *tool, int total) {
    Progress p = {tool, isatty(STDERR_FILENO) == 1, 0, total, now_seconds()};
    return p;
}

/* A duration as people read it: 4.2 s, 75 s, 12 min 5 s, 2 h 3 min. */
static void format_duration(char *buf, size_t size, double s) {
    long whole = (long)(s + 0.5);
    if (s < 10)
        snprintf(buf, size, "%.1f s", s);
    else if (whole < 100)
        snprintf(buf, size, "%ld s", whole);
    else if (whole < 3600)
        snprintf(buf, size, "%ld min %ld s", whole / 60, whole % 60);
    else
        snprintf(buf, size, "%ld h %ld min", whole / 3600, whole / 60 % 60);
}

void progress_step(Progress *p, int n, const char *what) {
    p->done += n;
    if (!p->shown)
        return;
    double elapsed = now_seconds() - p->started;
    char spent[32], rest[32];
    format_duration(spent, sizeof spent, elapsed);
    if (p->done >= p->total) {
        fprintf(stderr, "%s: %d/%d %s, %s in all\n", p->tool, p->done, p->total, what, spent);
        return;
    }
    format_duration(rest, sizeof rest, elapsed / p->done * (p->total - p->done));
    fprintf(stderr, "%s: %d/%d %s, %s elapsed, about %s left\n", p->tool, p->done, p->total, what, spent, rest);
}
