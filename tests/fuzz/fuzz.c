/* fuzz.c — the fuzz smoke test: mutate programs from the test corpus and feed them to
 * `weft check` and `weft run`.  Error messages are fine; a crash is not.
 *
 *   fuzz WEFT SEED COUNT FILE...
 *
 * Each iteration picks a corpus file, applies 1-4 random mutations (delete, duplicate or swap a
 * token-sized span, insert a random operator/keyword/digit/byte, replace a number by an extreme
 * value), writes the mutant to a temporary file and runs `WEFT check` on it; if that succeeds it
 * also runs `WEFT run` with the original file's first `input { ... }` block on stdin.  A run
 * fails the smoke test when the process dies by a signal other than our time-out, exits with a
 * status other than 0, 1 or 2, or prints a sanitizer report.  The mutant that failed is kept
 * (tests/fuzz/out/crash-N.fut) so it can be replayed.  Deterministic for a given SEED.  Ends with
 * "fuzz: N passed, M failed": each mutant is one check, failed when it crashed weft.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    char *text;
    size_t len;
    char *input; /* the first input block's contents, or "" */
} Corpus;

static uint64_t rng_state;

static uint64_t rng(void) { /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}

static size_t pick(size_t n) { return n ? (size_t)(rng() % n) : 0; }

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n] = 0;
    *len = (size_t)n;
    return buf;
}

/* The text between the braces of the first "input {" of the test block, with "--" removed. */
static char *first_input(const char *text) {
    const char *p = strstr(text, "input {");
    if (!p)
        return strdup("");
    p += 7;
    size_t cap = 256, n = 0;
    char *out = malloc(cap);
    int depth = 1;
    for (; *p && depth > 0; p++) {
        if (*p == '{')
            depth++;
        if (*p == '}' && --depth == 0)
            break;
        if (p[0] == '-' && p[1] == '-' && (p == text || p[-1] == '\n' || p[-1] == ' ')) {
            p++;
            continue;
        }
        if (n + 2 > cap)
            out = realloc(out, cap *= 2);
        out[n++] = *p;
    }
    out[n] = 0;
    return out;
}

static const char *const inserts[] = {
    "(", ")", "[", "]", "{", "}", ",", "->", "\\x ->", "let", "in", "if", "then", "else", "loop",
    "for", "while", "do", "with", "map", "reduce", "scan", "iota", "0", "-1", "9223372036854775807",
    "1e308", "0x", "'", "\"", "#[", "..<", "...", ":>", ":", "*", "+", "==", "|>", "<|", ".", ".0",
    "_", "def", "entry", "\n", " ", "[]", "()", "i32", "f64", "[n]", "'t", "true", "!", "-", "**",
};

static size_t span_len(const char *s, size_t len, size_t at) {
    size_t n = 1;
    while (at + n < len && n < 12 && s[at + n] != ' ' && s[at + n] != '\n')
        n++;
    return n;
}

/* Apply one random mutation to buf (len bytes, capacity cap); returns the new length. */
static size_t mutate(char **buf, size_t len, size_t *cap) {
    size_t at = pick(len + 1);
    const char *ins = NULL;
    char tmp[2];
    size_t del = 0;
    switch (rng() % 6) {
    case 0: /* delete a span */
        if (at < len)
            del = span_len(*buf, len, at);
        break;
    case 1: /* insert a token */
        ins = inserts[pick(sizeof inserts / sizeof *inserts)];
        break;
    case 2: /* insert a random byte */
        tmp[0] = (char)(rng() & 0xff);
        tmp[1] = 0;
        ins = tmp[0] ? tmp : "@";
        break;
    case 3: { /* duplicate a span elsewhere */
        size_t from = pick(len);
        size_t n = from < len ? span_len(*buf, len, from) : 0;
        static char dup[16];
        memcpy(dup, *buf + from, n);
        dup[n] = 0;
        ins = dup;
        break;
    }
    case 4: /* swap a digit for an extreme */
        for (size_t i = at; i < len; i++)
            if ((*buf)[i] >= '0' && (*buf)[i] <= '9') {
                at = i;
                del = 1;
                ins = rng() % 2 ? "0" : "99999999999999999999";
                break;
            }
        break;
    default: /* truncate */
        return at;
    }
    size_t ilen = ins ? strlen(ins) : 0;
    if (at + del > len)
        del = len - at;
    if (len - del + ilen + 1 > *cap) {
        *cap = 2 * (len + ilen + 1);
        *buf = realloc(*buf, *cap);
    }
    memmove(*buf + at + ilen, *buf + at + del, len - at - del);
    if (ilen)
        memcpy(*buf + at, ins, ilen);
    return len - del + ilen;
}

static int write_file(const char *path, const char *data, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = fwrite(data, 1, len, f);
    return fclose(f) == 0 && w == len ? 0 : -1;
}

/* Run argv with stdin from in_path, stderr to err_path; returns the wait status, or -1 if it
 * timed out (then it was killed). */
static int run(char *const argv[], const char *in_path, const char *err_path, int timeout_s) {
    pid_t pid = fork();
    if (pid < 0)
        return -2;
    if (pid == 0) {
        int in = open(in_path, O_RDONLY);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int nul = open("/dev/null", O_WRONLY);
        if (in < 0 || err < 0 || nul < 0)
            _exit(126);
        dup2(in, 0);
        dup2(nul, 1);
        dup2(err, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        int status;
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return status;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec >= timeout_s) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        struct timespec nap = {0, 2000000};
        nanosleep(&nap, NULL);
    }
}

static int sanitizer_report(const char *err_path) {
    size_t n;
    char *err = slurp(err_path, &n);
    int bad = err && (strstr(err, "AddressSanitizer") || strstr(err, "runtime error:") ||
                      strstr(err, "LeakSanitizer") || strstr(err, "internal error"));
    free(err);
    return bad;
}

/* Was this run a crash?  Prints why. */
static int crashed(int status, const char *what, const char *err_path) {
    if (status == -1)
        return 0; /* time-out: the mutant may loop forever; not a crash */
    if (status == -2) {
        fprintf(stderr, "fuzz: fork failed: %s\n", strerror(errno));
        return 1;
    }
    if (WIFSIGNALED(status)) {
        printf("  %s: killed by signal %d\n", what, WTERMSIG(status));
        return 1;
    }
    int code = WEXITSTATUS(status);
    if (code > 2 || sanitizer_report(err_path)) {
        printf("  %s: exit status %d\n", what, code);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: fuzz WEFT SEED COUNT FILE...\n");
        return 2;
    }
    char *weft = argv[1];
    rng_state = strtoull(argv[2], NULL, 10) * 0x9E3779B97F4A7C15ull + 1;
    long count = strtol(argv[3], NULL, 10);
    int ncorpus = argc - 4;
    Corpus *corpus = calloc((size_t)ncorpus, sizeof *corpus);
    for (int i = 0; i < ncorpus; i++) {
        corpus[i].text = slurp(argv[4 + i], &corpus[i].len);
        if (!corpus[i].text) {
            fprintf(stderr, "fuzz: cannot read %s\n", argv[4 + i]);
            return 2;
        }
        corpus[i].input = first_input(corpus[i].text);
    }
    char dir[] = "/tmp/weft-fuzz-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    char prog[64], in[64], err[64];
    snprintf(prog, sizeof prog, "%s/m.fut", dir);
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    mkdir("tests/fuzz/out", 0755);
    int crashes = 0;
    for (long it = 0; it < count; it++) {
        Corpus *c = &corpus[pick((size_t)ncorpus)];
        size_t cap = c->len + 64, len = c->len;
        char *buf = malloc(cap);
        memcpy(buf, c->text, len);
        int nmut = 1 + (int)pick(4);
        for (int m = 0; m < nmut; m++)
            len = mutate(&buf, len, &cap);
        if (write_file(prog, buf, len) || write_file(in, c->input, strlen(c->input))) {
            fprintf(stderr, "fuzz: cannot write to %s\n", dir);
            return 2;
        }
        char *check_argv[] = {weft, "check", prog, NULL};
        int st = run(check_argv, "/dev/null", err, 5);
        int bad = crashed(st, "weft check", err);
        if (!bad && st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
            char *run_argv[] = {weft, "run", prog, NULL};
            bad = crashed(run(run_argv, in, err, 1), "weft run", err);
        }
        if (bad) {
            char keep[64];
            snprintf(keep, sizeof keep, "tests/fuzz/out/crash-%d.fut", crashes);
            write_file(keep, buf, len);
            printf("  mutant kept as %s (input: %s)\n", keep, c->input);
            crashes++;
        }
        free(buf);
    }
    unlink(prog);
    unlink(in);
    unlink(err);
    rmdir(dir);
    printf("fuzz: %ld passed, %d failed (of %ld mutants, those that crashed weft)\n", count - crashes, crashes, count);
    return crashes ? 1 : 0;
}
