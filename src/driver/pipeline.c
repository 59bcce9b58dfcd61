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

Loaded load_program(const char *path, const char *stop) {
    Loaded l = {0};
    l.prog = xmalloc(sizeof *l.prog);
    for (const struct weft_embedded *p = weft_prelude; p->name; p++) {
        source_register(p->name, p->text);
        append_decls(l.prog, parse_program(p->name, p->text));
    }
    l.first_user_decl = l.prog->decls.len;

    size_t len = 0;
    char *text = read_file(path, &len);
    if (!text)
        fatal("cannot read '%s': %s", path, strerror(errno));
    source_register(path, text);
    lex_reject_nul(path, text, len);
    Program *user = parse_program(path, text);
    l.prog->file = user->file;
    append_decls(l.prog, user);
    if (stop && !strcmp(stop, "parse"))
        return l;

    check_program(l.prog);
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

Compiled pipeline(const char *path, const Target *t, Stage stop, const char *after_pass) {
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
    if (core_optimise(c.core, stop == STAGE_OPT ? after_pass : NULL, core_verify_passes_wanted() || stop == STAGE_OPT))
        die("the optimised core program does not verify");
    if (stop == STAGE_OPT)
        return c;
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
    c.code = fgen_program(c.core, c.plan, t, &c.kernels);
    return c;
}

CProg *load_optimised_core(const char *path) { return pipeline(path, &target_c, STAGE_OPT, NULL).core; }

/* weft check PROG.fut */
int cmd_check(int argc, char **argv) {
    if (argc != 2)
        fatal("usage: weft check PROG.fut");
    load_program(argv[1], "check");
    return 0;
}

/* weft run PROG.fut [-e ENTRY] [-b] */
int cmd_run(int argc, char **argv) {
    const char *path = NULL, *entry = NULL;
    bool binary = false;
    for (int i = 1; i < argc; i++) {
        const char *v = option_arg("run", argc, argv, &i, "-e");
        if (v)
            entry = v;
        else if (!strcmp(argv[i], "-b"))
            binary = true;
        else if (argv[i][0] == '-' && argv[i][1])
            fatal("run: unknown option '%s'", argv[i]);
        else if (!path)
            path = argv[i];
        else
            fatal("run: more than one program given");
    }
    if (!path)
        fatal("usage: weft run PROG.fut [-e ENTRY] [-b]");
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
    ast_print_program(stdout, &user, typed);
}

/* weft dev --print=core-parse FILE: a printed core program read back, verified, printed again. */
static int print_core_parse(const char *path, bool run) {
    char *text = read_file(path, NULL);
    if (!text)
        fatal("cannot read '%s': %s", path, strerror(errno));
    CProg *p = core_parse(path, text);
    if (core_verify(p, "core-parse"))
        return 1;
    if (run)
        return core_eval_entry(p, stdin, stdout);
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

#define DEV_USAGE                                                                                          \
    "usage: weft dev --print=STAGE [--target=c|multicore|cuda] [--after=PASS|all] [--run] PROG.fut\n"       \
    "  STAGE: ast, typed, core, opt, jagged, seg, mem, code (the pipeline, src/driver/pipeline.c),\n"      \
    "         core-parse (a printed core program read back)"

/* weft dev --print=STAGE [--target=T] [--after=PASS] [--run] PROG.fut: the program after a stage
 * of the pipeline for target T (multicore by default: the stages after `opt` depend on it).
 * --after=PASS stops the optimiser after that pass (with --print=opt; `core-opt=PASS` and
 * `--print=core --after=PASS` are the same); --run runs a core stage's program with the core
 * evaluator on arguments from stdin instead of printing it. */
int cmd_dev(int argc, char **argv) {
    const char *print = NULL, *path = NULL, *after = NULL, *v;
    const Target *t = &target_multicore;
    bool run = false;
    for (int i = 1; i < argc; i++) {
        if ((v = option_value(argv[i], "--print")))
            print = v;
        else if ((v = option_value(argv[i], "--after")))
            after = v;
        else if ((v = option_value(argv[i], "--target")))
            t = target_named(v);
        else if (!strcmp(argv[i], "--run"))
            run = true;
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            puts(DEV_USAGE);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1])
            fatal("dev: unknown option '%s'\n" DEV_USAGE, argv[i]);
        else if (!path)
            path = argv[i];
        else
            fatal("dev: unexpected argument '%s'", argv[i]);
    }
    if (!print || !path)
        fatal(DEV_USAGE);
    if (!strcmp(print, "core-parse"))
        return print_core_parse(path, run);
    if (!strncmp(print, "core-opt", 8)) { /* the older spelling: core-opt, core-opt=PASS */
        after = print[8] == '=' ? print + 9 : "all";
        print = "opt";
    } else if (!strcmp(print, "core") && after) {
        print = "opt";
    }
    int stage = pipeline_stage(print);
    if (stage < 0)
        fatal("dev: unknown stage '%s'\n" DEV_USAGE, print);
    if (after && stage != STAGE_OPT)
        fatal("dev: --after applies to --print=opt");
    if (run && stage != STAGE_CORE && stage != STAGE_OPT && stage != STAGE_JAGGED)
        fatal("dev: --run applies to the core stages (core, opt, jagged)");
    Compiled c = pipeline(path, t, (Stage)stage, after && strcmp(after, "all") ? after : NULL);
    switch ((Stage)stage) {
    case STAGE_AST:
    case STAGE_TYPED: print_user_ast(&c.front, stage == STAGE_TYPED); return 0;
    case STAGE_CORE:
    case STAGE_OPT:
    case STAGE_JAGGED:
        if (run)
            return core_eval_entry(c.core, stdin, stdout);
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
