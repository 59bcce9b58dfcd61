/* check.c — STUB */
#include "check.h"
void check_program(Program *prog) { (void)prog; }
