/* main.c — `weft COMMAND ...`: dispatch to the subcommand's function (driver/). */
#include <stdio.h>
#include <string.h>

#include "driver/driver.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *help;
} commands[] = {
    {"check", cmd_check, "check PROG.fut            parse and type-check only"},
    {"run", cmd_run, "run PROG.fut [-e ENTRY] [-b]  interpret: arguments on stdin, results on stdout"},
    {"c", cmd_c, "c PROG.fut [-o OUT] [--cc CC]  compile to sequential C and build an executable"},
    {"cuda", cmd_cuda, "cuda PROG.fut [-o OUT] [--cuda-arch ARCH]  compile to host C + CUDA kernels (nvcc)"},
    {"multicore", cmd_multicore, "multicore PROG.fut [-o OUT] [--cc CC]  compile to C + OpenMP (parallel SOACs)"},
    {"test", cmd_test, "test [--backend=interp] PATH...  run the -- == blocks of programs"},
    {"bench", cmd_bench, "bench [--backend=c] [--runs=N] [--json=FILE] PROG.fut...  time compiled programs on their datasets"},
    {"autotune", cmd_autotune, "autotune [--backend=multicore] PROG.fut  tune the flattening thresholds on its `train` datasets"},
    {"dev", cmd_dev, "dev --print=ast|typed PROG.fut  dump a stage of the pipeline"},
};

static void usage(FILE *out) {
    fputs("usage: weft COMMAND [ARGS]\n\ncommands:\n", out);
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(out, "  weft %s\n", commands[i].help);
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
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "weft: error: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 1;
}
