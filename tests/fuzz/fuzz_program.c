/* fuzz_program.c — libFuzzer harnesses for the compiler's front end and the interpreter
 * (`make fuzz`), linked with weft's own objects.  Built twice:
 *
 *   fuzz_front   an input is a program: lexed, parsed and type-checked as `weft check` does;
 *   fuzz_interp  (-DFUZZ_INTERP) an input is a program, a NUL byte and the values of its `main`
 *                (text or binary): checked, then `main` interpreted as `weft run` does.
 *
 * A rejected program or input (error_at, fatal, rt_error_at: exit statuses 1 and 2) is a normal
 * result: util.c's error_exit_hook brings it back here by longjmp (or, on the interpreter's
 * thread, ends that thread), so one process checks many programs.  An internal error (die,
 * status 3), a crash or a sanitizer report is a finding.  The prelude is parsed and checked once;
 * each program is checked against it (check_user).  The compiler never frees its AST, so these
 * harnesses leak by design: run them with -detect_leaks=0 and in -fork mode, which restarts a
 * worker that has grown too big.  Seeds: tests/fuzz/seeds.sh.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/driver/driver.h"
#include "../../src/interp/interp.h"
#include "../../src/syntax/parser.h"
#include "../../src/types/check.h"
#include "../../src/util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Loaded prelude;
static pthread_t harness_thread;
static jmp_buf rejected;

static void on_error_exit(int status) {
    if (status != 1 && status != 2)
        abort(); /* die(): an internal compiler error is a finding */
    if (!pthread_equal(pthread_self(), harness_thread))
        pthread_exit(NULL); /* the interpreter's thread: interp_run_entry joins it */
    longjmp(rejected, 1);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    harness_thread = pthread_self();
    prelude = parse_prelude();
    check_prelude(prelude.prog, prelude.first_user_decl);
    error_exit_hook = on_error_exit; /* run with -close_fd_mask=2: rejections print messages */
    return 0;
}

/* A fresh program of the prelude's declarations and the user's text (NUL-terminated). */
static Loaded checked(const char *text, size_t len) {
    Loaded l = prelude;
    l.prog = xmalloc(sizeof *l.prog);
    for (int i = 0; i < prelude.prog->decls.len; i++)
        vec_push(&l.prog->decls, prelude.prog->decls.data[i]);
    Program *user = parse_user(&l, "fuzz/input.fut", text, len);
    resolve_imports(user);
    l.first_user_decl = check_user(l.prog, l.first_user_decl);
    return l;
}

#ifdef FUZZ_INTERP
static void run_main(Program *prog, const char *input, size_t len) {
    FILE *in = fmemopen((void *)input, len ? len : 1, "rb");
    FILE *out = fopen("/dev/null", "w");
    if (in && out)
        interp_run_entry(prog, "main", in, out, false);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = xmalloc(size + 1);
    memcpy(text, data, size);
    size_t len = size;
#ifdef FUZZ_INTERP
    char *nul = memchr(text, 0, size);
    if (!nul)
        return 0; /* a program without its input */
    len = (size_t)(nul - text);
#endif
    if (setjmp(rejected) == 0) {
        Loaded l = checked(text, len);
#ifdef FUZZ_INTERP
        run_main(l.prog, text + len + 1, size - len - 1);
#else
        (void)l;
#endif
    }
    return 0;
}
