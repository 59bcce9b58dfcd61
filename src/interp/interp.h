/* interp.h — the reference interpreter over the type-checked AST. */
#ifndef WEFT_INTERP_H
#define WEFT_INTERP_H

#include "../syntax/ast.h"

/* Run entry point `entry` (NULL: "main") of a checked program: read its arguments from `in`
 * (Futhark text or binary data format), write its results to `out` (text, or binary if `binary`).
 * Returns 0 on success; bad input data is reported and returns 1; run-time failures
 * (bounds, sizes, division by zero, assert) exit with status 2 via rt_error_at(). */
int interp_run_entry(Program *prog, const char *entry, FILE *in, FILE *out, bool binary);

/* Read NAME=VALUE lines (`--` comments) setting tuning parameters: #[param(NAME)] e is VALUE
 * instead of e.  Names the program does not use (flattening thresholds) are ignored.  Returns 0,
 * or 1 after reporting a malformed file. */
int interp_read_tuning(const char *path);

#endif
