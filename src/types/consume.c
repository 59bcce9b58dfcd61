/* consume.c — uniqueness (stub, being written) */
#include "check_int.h"
void tc_consume_check_decl(Decl *d) { (void)d; }
