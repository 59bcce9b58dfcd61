/* subprocess.c — running the compiler and compiled programs as child processes, for
 * `weft bench` (bench.c) and `weft autotune` (autotune.c): stdin from a file, stdout and
 * stderr into files, a wall-clock limit that kills the whole process group.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "subprocess.h"

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

char *run_process(const char *const *argv, const char *in_path, const char *out_path, const char *err_path,
                  int timeout_s) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        fatal("fork failed: %s", strerror(errno));
    if (pid == 0) {
        setpgid(0, 0);
        int in = open(in_path ? in_path : "/dev/null", O_RDONLY);
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
            _exit(126);
        execv(argv[0], (char *const *)argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    double start = now_seconds();
    int st = 0;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            fatal("waitpid: %s", strerror(errno));
        if (now_seconds() - start > timeout_s) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            return xsprintf("timed out after %d s", timeout_s);
        }
        struct timespec ts = {0, 2 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (WIFSIGNALED(st))
        return xsprintf("killed by signal %d", WTERMSIG(st));
    if (WEXITSTATUS(st) != 0)
        return xsprintf("exit status %d", WEXITSTATUS(st));
    return NULL;
}

char *first_lines(const char *path, int max_lines) {
    char *s = slurp(path, NULL);
    char *p = s;
    for (int i = 0; p && *p; i++) {
        p = strchr(p, '\n');
        if (p && i + 1 == max_lines)
            *p = 0;
        else if (p)
            p++;
    }
    size_t n = strlen(s);
    if (n && s[n - 1] == '\n')
        s[n - 1] = 0;
    return s;
}

