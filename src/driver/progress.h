/* progress.h — progress lines of the long-running commands, `weft bench` and `weft autotune`
 * (progress.c). */
#ifndef WEFT_PROGRESS_H
#define WEFT_PROGRESS_H

#include <stdbool.h>

typedef struct {
    const char *tool; /* "bench", "autotune": the lines' prefix */
    bool shown;       /* stderr is a terminal: only then are the lines written */
    int done, total;  /* items (datasets) finished, and in all */
    double started;   /* now_seconds() at progress_begin */
} Progress;

/* Progress over total items, shown on stderr when stderr is a terminal (never when it is piped
 * or a file: logs and tests see no difference). */
Progress progress_begin(const char *tool, int total);
/* n more items finished (what: which): "TOOL: DONE/TOTAL WHAT, ELAPSED elapsed, about REST
 * left", the rest estimated from the mean time of the items so far. */
void progress_step(Progress *p, int n, const char *what);

#endif
