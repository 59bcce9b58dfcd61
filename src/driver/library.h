/* library.h — `weft c --library`: OUT.c and OUT.h, a C library instead of an executable
 * (docs/BACKENDS.md).  Called by compile.c once the program's C text is complete. */
#ifndef WEFT_DRIVER_LIBRARY_H
#define WEFT_DRIVER_LIBRARY_H

#include "../core/ir.h"

/* Write OUT.h (the public API of p's entry points) and OUT.c (c_text, the runtime plus the
 * generated program as for an executable, without its main, followed by the API's
 * implementation).  path is the source program, for comments.  Returns the exit status. */
int library_write(const char *out, const char *path, const CProg *p, const char *c_text);

#endif
