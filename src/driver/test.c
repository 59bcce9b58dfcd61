/* test.c — STUB */
#include "driver.h"
int cmd_test(int argc, char **argv) { (void)argc; (void)argv; return 1; }
