/* main.c — `weft COMMAND ...`: dispatch to the subcommand's function (driver/), and the help:
 * `weft --help` lists every command with its options, `weft COMMAND --help` (or -h, anywhere
 * among its arguments) prints that command's usage; both exit 0.  `weft man PAGE`, left out of
 * the list, writes the manual pages from the same usage texts (driver/man.c). */
#include <stdio.h>
#include <string.h>

#include "driver/driver.h"

static const Command commands[] = {
    {"check", cmd_check, check_usage},
    {"run", cmd_run, run_usage},
    {"c", cmd_c, c_usage},
    {"multicore", cmd_multicore, multicore_usage},
    {"cuda", cmd_cuda, cuda_usage},
    {"test", cmd_test, test_usage},
    {"bench", cmd_bench, bench_usage},
    {"autotune", cmd_autotune, autotune_usage},
    {"dev", cmd_dev, dev_usage},
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

/* Each command's first two lines: its synopsis and what it does. */
static void usage(FILE *out) {
    fputs("usage: weft COMMAND [ARGS]   (weft COMMAND --help: its options in full)\n\ncommands:\n", out);
    for (int i = 0; i < NCOMMANDS; i++) {
        const char *synopsis_end = strchr(commands[i].usage, '\n');
        const char *what_end = strchr(synopsis_end + 1, '\n');
        if (!what_end)
            what_end = synopsis_end + strlen(synopsis_end);
        fprintf(out, "  weft %.*s\n      %.*s\n", (int)(synopsis_end - commands[i].usage), commands[i].usage,
                (int)(what_end - synopsis_end - 1), synopsis_end + 1);
    }
}

static bool asks_for_help(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return true;
    return false;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return 1;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "man")) /* hidden: the manual pages, for the build (driver/man.c) */
        return cmd_man(argc - 1, argv + 1, commands, NCOMMANDS);
    for (int i = 0; i < NCOMMANDS; i++) {
        if (strcmp(argv[1], commands[i].name))
            continue;
        if (asks_for_help(argc - 1, argv + 1)) {
            printf("usage: weft %s\n", commands[i].usage);
            return 0;
        }
        return commands[i].fn(argc - 1, argv + 1);
    }
    fprintf(stderr, "weft: error: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 1;
}
