/* ast.c — STUB */
#include "ast.h"
void ast_print_program(FILE *out, const Program *p, bool types) { (void)out; (void)p; (void)types; }
