/* driver.h — the command-line tools and the pipeline that ties the passes together. */
#ifndef WEFT_DRIVER_H
#define WEFT_DRIVER_H

#include "../backend/target.h"
#include "../core/ir.h"
#include "../memory/memory.h"
#include "../syntax/ast.h"

/* pipeline.c: the whole front end in one place.  Stops after `stop` ("parse" or "check"). */
typedef struct {
    Program *prog;      /* prelude declarations first, then the user's */
    int first_user_decl; /* index of the first declaration from the user's file */
} Loaded;
Loaded load_program(const char *path, const char *stop);
/* load_program's parts (tests/fuzz/fuzz_front.c checks many programs against one prelude):
 * the prelude parsed, and a user program's text (len bytes, NUL-terminated) appended to it. */
Loaded parse_prelude(void);
Program *parse_user(Loaded *l, const char *path, const char *text, size_t len);
/* The stages of the compiler, in order (pipeline.c's table). */
typedef enum {
    STAGE_AST,    /* parse */
    STAGE_TYPED,  /* type check */
    STAGE_CORE,   /* internalise */
    STAGE_OPT,    /* optimise */
    STAGE_JAGGED, /* represent: jagged arrays as offsets and flat data */
    STAGE_SEG,    /* flatten for the target */
    STAGE_MEM,    /* plan memory */
    STAGE_CODE,   /* generate */
    STAGE_COUNT
} Stage;
typedef struct {
    const char *name; /* as in weft dev --print=NAME */
    const char *pass; /* what the stage does */
    const char *what; /* where, and what it gives */
} StageInfo;
extern const StageInfo pipeline_stages[STAGE_COUNT];
int pipeline_stage(const char *name); /* -1 when unknown */

/* What the pipeline made, up to the stage it stopped after. */
typedef struct {
    const Target *target;
    Stage stop;
    Loaded front;  /* the checked (or parsed) program */
    CProg *core;   /* the core program after the last core stage run */
    MemPlan *plan;
    char *code, *kernels; /* the generated C, and the CUDA text for a target with kernels */
} Compiled;
/* The pipeline's switches: command-line options of the commands that compile. */
typedef struct {
    const char *after_pass; /* dev --after=PASS: the optimiser's pass to stop after at STAGE_OPT */
    bool verify_passes;     /* --verify-passes: the core program verified after every optimiser pass */
    bool no_tiling;         /* --no-tiling: no tiled kernels (backend/cuda/tile.c), to compare */
} PipelineOptions;
/* Runs the stages in order for target t up to stop with options o (NULL: the defaults),
 * verifying the core program after each core stage. */
Compiled pipeline(const char *path, const Target *t, Stage stop, const PipelineOptions *o);
/* The program at path, checked, internalised and optimised (the pipeline up to STAGE_OPT). */
CProg *load_optimised_core(const char *path);

/* One function per subcommand; each returns the process exit status. */
int cmd_check(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_dev(int argc, char **argv);
int cmd_test(int argc, char **argv);   /* test.c */
int cmd_bench(int argc, char **argv);  /* bench.c */
int cmd_autotune(int argc, char **argv); /* autotune.c */
int cmd_c(int argc, char **argv);      /* compile.c: the sequential C backend */
int cmd_multicore(int argc, char **argv); /* compile.c: C + OpenMP */
int cmd_cuda(int argc, char **argv);      /* compile.c: host C + CUDA kernels (nvcc) */

/* A subcommand: its name, its function and its usage text (main.c's table). */
typedef struct {
    const char *name;
    int (*fn)(int, char **);
    const char *usage; /* synopsis, what it does, its options (below; no final newline) */
} Command;
/* man.c: `weft man PAGE` writes weft(1) or weft-COMMAND(1) from the commands' usage texts. */
int cmd_man(int argc, char **argv, const Command *commands, int n);

/* Each subcommand's usage, beside its parser: the synopsis (its first line, every option in
 * it), a line saying what the command does, then one line per option.  `weft SUB --help` (or
 * -h) prints it, `weft --help` the first two lines of each, and an unknown option all of it. */
extern const char check_usage[], run_usage[], dev_usage[];   /* pipeline.c */
extern const char c_usage[], multicore_usage[], cuda_usage[]; /* compile.c */
extern const char test_usage[], bench_usage[], autotune_usage[];

/* options.c: `--name=value` (the value, or NULL when arg is another option) and a positive
 * count (at most 10^6; otherwise fatal "TOOL: bad WHAT 'S'"). */
const char *option_value(const char *arg, const char *name);
int option_positive(const char *tool, const char *s, const char *what);
int option_nonnegative(const char *tool, const char *s, const char *what);
/* The value of option NAME (`-o OUT`) when argv[*i] is NAME: the next argument (*i advanced
 * past it), fatal "TOOL: option 'NAME' needs a value" when there is none; NULL otherwise. */
const char *option_arg(const char *tool, int argc, char **argv, int *i, const char *name);
/* fatal "TOOL: unknown option 'ARG'" followed by the command's usage. */
_Noreturn void option_unknown(const char *tool, const char *arg, const char *usage);

#endif
