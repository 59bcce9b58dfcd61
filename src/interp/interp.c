/* interp.c — STUB */
#include "interp.h"
int interp_run_entry(Program *prog, const char *entry, FILE *in, FILE *out, bool binary) { (void)prog; (void)entry; (void)in; (void)out; (void)binary; return 1; }
