/* subprocess.h — child processes for `weft bench` and `weft autotune` (subprocess.c). */
#ifndef WEFT_SUBPROCESS_H
#define WEFT_SUBPROCESS_H

#include "../util.h"

/* Seconds on the monotonic clock. */
double now_seconds(void);

/* Run argv (argv[0] a path) with stdin from in_path (NULL: /dev/null) and stdout/stderr into
 * the files out_path and err_path, killing its process group after timeout_s seconds.
 * Returns NULL when it exited with status 0, else why not ("exit status 2", "timed out ..."). */
char *run_process(const char *const *argv, const char *in_path, const char *out_path, const char *err_path,
                  int timeout_s);

/* The first max_lines lines of a file, without the last newline (for short failure reports). */
char *first_lines(const char *path, int max_lines);

#endif
