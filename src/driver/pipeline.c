/* pipeline.c — the compiler in one place: its stages as a table, run in order by `pipeline`
 * (every command that compiles goes through it), and the subcommands check, run and dev.
 *
 *   parse -> check -> internalise -> optimise -> represent -> flatten -> memory -> generate
 *
 * `weft dev --print=STAGE` prints the program after any stage (for a target: --target=).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../backend/emit.h"
#include "../flatten/flatten.h"
#include "../core/ir.h"
#include "../opt/opt.h"
#include "../interp/interp.h"
#include "../syntax/lexer.h"
#include "../syntax/parser.h"
#include "../types/types.h"
#include "../types/check.h"
#include "driver.h"
struct weft_embedded {
    const char *name;
    const char *text;
};
extern const struct weft_embedded weft_prelude[]; /* build/prelude_data.c */

static void append_decls(Program *into, Program *from) {
    for (int i = 0; i < from->decls.len; i++)
        vec_push(&into->decls, from->decls.data[i]);
}

Loaded parse_prelude(void) {
    Loaded l = {0};
    l.prog = xmalloc(sizeof *l.prog);
    for (const struct weft_embedded *p = weft_prelude; p->name; p++) {
        source_register(p->name, p->text);
        append_decls(l.prog, parse_program(p->name, p->text));
    }
    l.first_user_decl = l.prog->decls.len;
    return l;
}

Program *parse_user(Loaded *l, const char *path, const char *text, size_t len) {
    source_register(path, text);
    lex_reject_nul(path, text, len);
    Program *user = parse_program(path, text);
    l->prog->file = user->file;
    append_decls(l->prog, user);
    return user;
}

Loaded load_program(const char *path, const char *stop) {
    Loaded l = parse_prelude();
    size_t len = 0;
    char *text = read_file(path, &len);
    if (!text)
        fatal("cannot read '%s': %s", path, strerror(errno));
    Program *user = parse_user(&l, path, text, len);
    if (stop && !strcmp(stop, "parse"))
        return l;
    resolve_imports(user);
    l.first_user_decl = check_program(l.prog, l.first_user_decl);
    return l;
}

const StageInfo pipeline_stages[STAGE_COUNT] = {
    {"ast", "parse", "src/syntax: the program as parsed"},
    {"typed", "check", "src/types: every expression and pattern with its type"},
    {"core", "internalise", "src/core: the core IR, first-order and monomorphic"},
    {"opt", "optimise", "src/opt: simplify, cse, dce, hoist, fuse, cleanup (--after=PASS stops earlier)"},
    {"jagged", "represent", "src/flatten/jagged.c: jagged arrays as offsets and flat data"},
    {"seg", "flatten", "src/flatten: the segment IR, versions on thresholds, for the target"},
    {"mem", "memory", "src/memory: layouts, lifetimes, escapes"},
    {"code", "generate", "src/backend: the C text (and the CUDA kernels) for the target"},
};

int pipeline_stage(const char *name) {
    for (int i = 0; i < STAGE_COUNT; i++)
        if (!strcmp(pipeline_stages[i].name, name))
            return i;
    return -1;
}

static void verified(CProg *p, const char *after) {
    if (core_verify(p, after))
        die("the core program does not verify after %s", after);
}

Compiled pipeline(const char *path, const Target *t, Stage stop, const PipelineOptions *o) {
    static const PipelineOptions defaults = {0};
    if (!o)
        o = &defaults;
    Compiled c = {0};
    c.target = t;
    c.stop = stop;
    c.front = load_program(path, stop == STAGE_AST ? "parse" : "check");
    if (stop <= STAGE_TYPED)
        return c;
    c.core = core_internalise(c.front.prog, c.front.first_user_decl);
    verified(c.core, "internalise");
    if (stop == STAGE_CORE)
        return c;
    if (core_optimise(c.core, stop == STAGE_OPT ? o->after_pass : NULL, o->verify_passes || stop == STAGE_OPT))
        die("the optimised core program does not verify");
    if (stop == STAGE_OPT)
        return c;
    if (t->flatten != FLATTEN_GPU && core_precompute(c.core)) { /* a CPU rule */
        core_cleanup(c.core);
        verified(c.core, "precompute");
    }
    if (t->flatten != FLATTEN_NONE) {
        lift_prog(c.core, t->flatten);
        verified(c.core, "lift");
    }
    jagged_represent(c.core);
    verified(c.core, "represent");
    core_cleanup(c.core);
    verified(c.core, "the represent pass's cleanup");
    if (stop == STAGE_JAGGED)
        return c;
    flatten_prog(c.core, t->flatten);
    verified(c.core, "flatten");
    if (stop == STAGE_SEG)
        return c;
    c.plan = memory_plan(c.core);
    if (stop == STAGE_MEM)
        return c;
    c.code = fgen_program(c.core, c.plan, t, o->no_tiling, &c.kernels);
    return c;
}

CProg *load_optimised_core(const char *path) { return pipeline(path, &target_c, STAGE_OPT, NULL).core; }

const char check_usage[] = "check PROG.fut\n"
                           "parse and type-check only";

/* weft check PROG.fut */
int cmd_check(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1])
            option_unknown("check", argv[i], check_usage);
    if (argc != 2)
        fatal("usage: weft %s", check_usage);
    load_program(argv[1], "check");
    return 0;
}

const char run_usage[] =
    "run PROG.fut [-e ENTRY] [-b] [--tuning FILE]\n"
    "interpret: the entry point's arguments on stdin, its results on stdout\n"
    "  -e ENTRY       the entry point to run (default: main)\n"
    "  -b             print the results in the binary data format\n"
    "  --tuning FILE  NAME=VALUE lines: #[param(NAME)] values (docs/EXECUTABLES.md's format)";

/* weft run PROG.fut [-e ENTRY] [-b] [--tuning FILE] */
int cmd_run(int argc, char **argv) {
    const char *path = NULL, *entry = NULL, *tuning = NULL;
    bool binary = false;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = option_arg("run", argc, argv, &i, "-e")))
            entry = v;
        else if ((v = option_arg("run", argc, argv, &i, "--tuning")))
            tuning = v;
        else if (!strcmp(argv[i], "-b"))
            binary = true;
        else if (argv[i][0] == '-' && argv[i][1])
            option_unknown("run", argv[i], run_usage);
        else if (!path)
            path = argv[i];
        else
            fatal("run: more than one program given");
    }
    if (!path)
        fatal("usage: weft %s", run_usage);
    if (tuning && interp_read_tuning(tuning))
        return 1;
    Loaded l = load_program(path, "check");
    return interp_run_entry(l.prog, entry, stdin, stdout, binary);
}

/* The threshold report after the segment IR: the code paths of each function. */
static void print_paths(const CProg *p) {
    printf("\n");
    for (int i = 0; i < p->funs.len; i++) {
        int64_t n = flatten_paths(p->funs.data[i]);
        printf("-- %s: %lld code path%s\n", p->funs.data[i]->name, (long long)n, n == 1 ? "" : "s");
    }
    printf("-- %d threshold%s\n", p->thresholds.len, p->thresholds.len == 1 ? "" : "s");
}

static void print_user_ast(const Loaded *l, bool typed) {
    Program user = {0};
    user.file = l->prog->file;
    for (int i = l->first_user_decl; i < l->prog->decls.len; i++)
        vec_push(&user.decls, l->prog->decls.data[i]);
    ast_print_program(stdout, &user, typed ? type_str : NULL);
}

/* weft dev --print=core-parse FILE: a printed core program read back, verified, printed again. */
static int print_core_parse(const char *path, bool run, const char *entry) {
    char *text = read_file(path, NULL);
    if (!text)
        fatal("cannot read '%s': %s", path, strerror(errno));
    CProg *p = core_parse(path, text);
    if (core_verify(p, "core-parse"))
        return 1;
    if (run)
        return core_eval_entry(p, entry, stdin, stdout);
    core_print_prog(stdout, p);
    return 0;
}

static const Target *target_named(const char *name) {
    static const Target *const all[] = {&target_c, &target_multicore, &target_cuda};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (!strcmp(all[i]->name, name))
            return all[i];
    fatal("dev: unknown target '%s' (known: c, multicore, cuda)", name);
}

const char dev_usage[] =
    "dev --print=STAGE [--target=c|multicore|cuda] [--after=PASS|all] [--run [-e ENTRY]] [--verify-passes] "
    "[--no-tiling] PROG.fut\n"
    "print the program after a stage of the pipeline (src/driver/pipeline.c), or run a core stage's program\n"
    "  --print=STAGE      ast, typed, core, opt, jagged, seg, mem, code; core-parse: PROG is a printed\n"
    "                     core program, read back, verified and printed again\n"
    "  --target=T         the target of the stages after opt: c, multicore (the default) or cuda\n"
    "  --after=PASS|all   with --print=opt: stop the optimiser after PASS (simplify, cse, dce, hoist,\n"
    "                     fuse, cleanup)\n"
    "  --run              run the program of a core stage (core, opt, jagged, core-parse) with the core\n"
    "                     evaluator on arguments from stdin instead of printing it\n"
    "  -e ENTRY           with --run: the entry point (default: main, else the last one)\n"
    "  --verify-passes    verify the core program after every optimiser pass (always at --print=opt)\n"
    "  --no-tiling        no tiled CUDA kernels (--target=cuda --print=code), to compare";

/* weft dev: the program after a stage of the pipeline for target T (multicore by default: the
 * stages after `opt` depend on it).  --after=PASS stops the optimiser after that pass (with
 * --print=opt; `core-opt=PASS` and `--print=core --after=PASS` are the same); --run runs a core
 * stage's program with the core evaluator on arguments from stdin instead of printing it. */
int cmd_dev(int argc, char **argv) {
    const char *print = NULL, *path = NULL, *after = NULL, *entry = NULL, *v;
    const Target *t = &target_multicore;
    PipelineOptions o = {0};
    bool run = false;
    for (int i = 1; i < argc; i++) {
        if ((v = option_value(argv[i], "--print")))
            print = v;
        else if ((v = option_value(argv[i], "--after")))
            after = v;
        else if ((v = option_value(argv[i], "--target")))
            t = target_named(v);
        else if ((v = option_arg("dev", argc, argv, &i, "-e")))
            entry = v;
        else if (!strcmp(argv[i], "--run"))
            run = true;
        else if (!strcmp(argv[i], "--verify-passes"))
            o.verify_passes = true;
        else if (!strcmp(argv[i], "--no-tiling"))
            o.no_tiling = true;
        else if (argv[i][0] == '-' && argv[i][1])
            option_unknown("dev", argv[i], dev_usage);
        else if (!path)
            path = argv[i];
        else
            fatal("dev: unexpected argument '%s'", argv[i]);
    }
    if (!print || !path)
        fatal("usage: weft %s", dev_usage);
    if (entry && !run)
        fatal("dev: -e applies to --run");
    if (!strcmp(print, "core-parse"))
        return print_core_parse(path, run, entry);
    if (!strncmp(print, "core-opt", 8)) { /* the older spelling: core-opt, core-opt=PASS */
        after = print[8] == '=' ? print + 9 : "all";
        print = "opt";
    } else if (!strcmp(print, "core") && after) {
        print = "opt";
    }
    int stage = pipeline_stage(print);
    if (stage < 0)
        fatal("dev: unknown stage '%s'\nusage: weft %s", print, dev_usage);
    if (after && stage != STAGE_OPT)
        fatal("dev: --after applies to --print=opt");
    if (run && stage != STAGE_CORE && stage != STAGE_OPT && stage != STAGE_JAGGED)
        fatal("dev: --run applies to the core stages (core, opt, jagged)");
    o.after_pass = after && strcmp(after, "all") ? after : NULL;
    Compiled c = pipeline(path, t, (Stage)stage, &o);
    switch ((Stage)stage) {
    case STAGE_AST:
    case STAGE_TYPED: print_user_ast(&c.front, stage == STAGE_TYPED); return 0;
    case STAGE_CORE:
    case STAGE_OPT:
    case STAGE_JAGGED:
        if (run)
            return core_eval_entry(c.core, entry, stdin, stdout);
        core_print_prog(stdout, c.core);
        return 0;
    case STAGE_SEG:
        core_print_prog(stdout, c.core);
        print_paths(c.core);
        return 0;
    case STAGE_MEM: memory_print(stdout, c.core, c.plan); return 0;
    case STAGE_CODE:
        fputs(c.code, stdout);
        if (c.kernels)
            fputs(c.kernels, stdout);
        return 0;
    default: return 1;
    }
}
