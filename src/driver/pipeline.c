/* pipeline.c — the front end in one readable function (load_program), and the subcommands that
 * use only the front end: check, run, dev.
 *
 *   read file -> parse prelude + program -> type check -> (interpret | dump a stage)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../backend/boxed/cgen.h"
#include "../backend/emit.h"
#include "../flatten/flatten.h"
#include "../core/ir.h"
#include "../opt/opt.h"
#include "../interp/interp.h"
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

    char *text = read_file(path, NULL);
    if (!text)
        fatal("cannot read '%s': %s", path, strerror(errno));
    source_register(path, text);
    Program *user = parse_program(path, text);
    l.prog->file = user->file;
    append_decls(l.prog, user);
    if (stop && !strcmp(stop, "parse"))
        return l;
    resolve_imports(user);
    l.first_user_decl = check_program(l.prog, l.first_user_decl);
    return l;
}

/* weft check PROG.fut */
int cmd_check(int argc, char **argv) {
    if (argc != 2)
        fatal("usage: weft check PROG.fut");
    load_program(argv[1], "check");
    return 0;
}

/* weft run PROG.fut [-e ENTRY] [-b] [--tuning FILE] */
int cmd_run(int argc, char **argv) {
    const char *path = NULL, *entry = NULL, *tuning = NULL;
    bool binary = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-e") && i + 1 < argc)
            entry = argv[++i];
        else if (!strcmp(argv[i], "--tuning") && i + 1 < argc)
            tuning = argv[++i];
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
        fatal("usage: weft run PROG.fut [-e ENTRY] [-b] [--tuning FILE]");
    if (tuning && interp_read_tuning(tuning))
        return 1;
    Loaded l = load_program(path, "check");
    return interp_run_entry(l.prog, entry, stdin, stdout, binary);
}

/* weft dev --print=seg: the optimised program's parallel structure as the multicore backend
 * compiles it: outermost SOACs, their versions and thresholds (src/backend/c/versions.c). */
static int print_seg(const char *path) {
    Loaded l = load_program(path, "check");
    CProg *p = core_internalise(l.prog, l.first_user_decl);
    if (core_verify(p, "internalise"))
        die("the core program does not verify");
    if (core_optimise(p, NULL, core_verify_passes_wanted()))
        die("the optimised core program does not verify");
    const char *why;
    if (!fgen_accepts(p, &why)) { /* the boxed backend's plan */
        fputs(cgen_plan(p), stdout);
        return 0;
    }
    flatten_prog(p, getenv("WEFT_FLATTEN_GPU") ? FLATTEN_GPU : FLATTEN_CPU);
    if (core_verify(p, "flatten"))
        die("the flattened program does not verify");
    core_print_prog(stdout, p);
    printf("\n");
    for (int i = 0; i < p->funs.len; i++) {
        int64_t n = flatten_paths(p->funs.data[i]);
        printf("-- %s: %lld code path%s\n", p->funs.data[i]->name, (long long)n, n == 1 ? "" : "s");
    }
    printf("-- %d threshold%s\n", p->thresholds.len, p->thresholds.len == 1 ? "" : "s");
    return 0;
}

/* weft dev --print=STAGE [--after=PASS] [--run] PROG.fut
 *   STAGE: ast, typed, core, core-parse (a core text file); --after=PASS prints the core program
 *   after that optimiser pass (all: after the whole optimiser); --run runs the core program with
 *   the arguments on stdin instead of printing it (core/eval.c). */
int cmd_dev(int argc, char **argv) {
    const char *print = NULL, *path = NULL, *after = NULL;
    bool run = false;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--print=", 8))
            print = argv[i] + 8;
        else if (!strncmp(argv[i], "--after=", 8))
            after = argv[i] + 8;
        else if (!strcmp(argv[i], "--run"))
            run = true;
        else if (!path)
            path = argv[i];
        else
            fatal("dev: unexpected argument '%s'", argv[i]);
    }
    if (!print || !path)
        fatal("usage: weft dev --print=ast|typed|core|core-parse|seg [--after=PASS|all] [--run] PROG.fut");
    if ((after || run) && strcmp(print, "core"))
        fatal("dev: --after and --run apply to --print=core");
    if (!strcmp(print, "seg"))
        return print_seg(path);
    if (!strncmp(print, "core", 4)) {
        const char *stage = print;
        if (after)
            stage = !strcmp(after, "all") ? "core-opt" : xsprintf("core-opt=%s", after);
        if (run)
            stage = xsprintf("%s-run", stage);
        return core_dev(stage, path);
    }
    bool typed = !strcmp(print, "typed");
    if (!typed && strcmp(print, "ast"))
        fatal("dev: unknown stage '%s' (known: ast, typed)", print);
    Loaded l = load_program(path, typed ? "check" : "parse");
    Program user = {0};
    user.file = l.prog->file;
    for (int i = l.first_user_decl; i < l.prog->decls.len; i++)
        vec_push(&user.decls, l.prog->decls.data[i]);
    ast_print_program(stdout, &user, typed);
    return 0;
}
