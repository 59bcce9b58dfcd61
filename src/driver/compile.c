/* compile.c — `weft c PROG.fut [-o OUT] [--cc CC] [--cflags FLAGS] [--rts-obj FILE.o]`: the
 * sequential C backend; `weft multicore` (the same with OpenMP regions) and `weft cuda`.
 *
 *   the pipeline (pipeline.c) for the target -> OUT.c (and OUT.cu) -> $CC (or nvcc) -> OUT
 *
 * OUT defaults to PROG without `.fut`.  The generated OUT.c is self-contained: the runtime
 * (rts/runtime.c, rts/values.c and their headers) and the arrays' runtime (rts/flat.h) are
 * pasted into it from copies embedded in bin/weft at build time
 * (build/rts_data.c), so no source tree is needed.  With --rts-obj FILE.o the runtime's .c files
 * are compiled once into FILE.o (built when missing, with the same command) and linked instead
 * of pasted: `weft test` uses this to compile hundreds of programs quickly.  --no-cc writes OUT.c
 * and stops (the compiler's own time, as `make bench` measures it).  CC defaults to $WEFT_CC
 * (a fallback for scripts), else `cc -O3 -march=native`; --cflags adds flags after it (weft
 * test's warnings); -lm is added.
 *
 * One floating-point semantics: compiled code computes what the interpreter computes, so the C
 * compiler may not contract `a * b + c` into a fused multiply-add (-ffp-contract=off, nvcc
 * --fmad=false) nor use fast-math, unless the user asks with --fp-contract or --fast-math.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver.h"
#include "library.h"

struct weft_embedded {
    const char *name;
    const char *text;
};
extern const struct weft_embedded weft_rts[]; /* build/rts_data.c */

static const char *rts_text(const char *base) {
    for (const struct weft_embedded *e = weft_rts; e->name; e++) {
        const char *slash = strrchr(e->name, '/');
        if (!strcmp(slash ? slash + 1 : e->name, base))
            return e->text;
    }
    die("embedded runtime file %s missing", base);
}

typedef Vec(const char *) Done;

/* Append file `base` to sb, replacing each `#include "X"` by X's text (each file once). */
static void paste(StrBuf *sb, const char *base, Done *done) {
    for (int i = 0; i < done->len; i++)
        if (!strcmp(done->data[i], base))
            return;
    vec_push(done, base);
    const char *t = rts_text(base);
    sb_printf(sb, "/* ---- %s ---- */\n", base);
    while (*t) {
        const char *nl = strchr(t, '\n');
        size_t n = nl ? (size_t)(nl - t) : strlen(t);
        if (!strncmp(t, "#include \"", 10)) {
            const char *q = memchr(t + 10, '"', n - 10);
            if (q) {
                paste(sb, xstrndup(t + 10, (size_t)(q - t - 10)), done);
                t += n + (nl != NULL);
                continue;
            }
        }
        sb_printf(sb, "%.*s\n", (int)n, t);
        t += n + (nl != NULL);
    }
}

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        fatal("cannot write '%s': %s", path, strerror(errno));
}

static int run_cc(const char *cmd) {
    int rc = system(cmd);
    if (rc != 0) {
        fprintf(stderr, "weft: error: C compiler failed: %s\n", cmd);
        return 1;
    }
    return 0;
}

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* ---- options shared by weft c, multicore and cuda ---- */

/* How floating-point arithmetic may be compiled: IEEE (the interpreter's results, bit for bit),
 * with fused multiply-adds (--fp-contract), or with the C compiler's fast-math (--fast-math). */
typedef enum { FP_IEEE, FP_CONTRACT, FP_FAST } FpMode;
static const char *const fp_cc_flags[] = {"-ffp-contract=off", "-ffp-contract=fast", "-ffast-math"};
static const char *const fp_nvcc_flags[] = {"--fmad=false -Xcompiler -ffp-contract=off",
                                            "--fmad=true -Xcompiler -ffp-contract=fast",
                                            "--use_fast_math -Xcompiler -ffast-math"};

typedef struct {
    const char *path, *out;
    bool no_cc;
    FpMode fp;
    PipelineOptions pipeline;
} Common;

/* Consume argv[*i] when it is an option every backend takes, or the program; false when it
 * is some other option. */
static bool common_option(const char *tool, int argc, char **argv, int *i, Common *c) {
    const char *v;
    if (!strcmp(argv[*i], "--no-cc"))
        c->no_cc = true;
    else if (!strcmp(argv[*i], "--fp-contract"))
        c->fp = FP_CONTRACT;
    else if (!strcmp(argv[*i], "--fast-math"))
        c->fp = FP_FAST;
    else if (!strcmp(argv[*i], "--verify-passes"))
        c->pipeline.verify_passes = true;
    else if ((v = option_arg(tool, argc, argv, i, "-o")))
        c->out = v;
    else if (argv[*i][0] == '-' && argv[*i][1])
        return false;
    else if (!c->path)
        c->path = argv[*i];
    else
        fatal("%s: more than one program given", tool);
    return true;
}

/* OUT: -o's, else PROG without .fut (PROG.out when it has no such suffix). */
static const char *output_name(const Common *c) {
    if (c->out)
        return c->out;
    size_t n = strlen(c->path);
    return n > 4 && !strcmp(c->path + n - 4, ".fut") ? xstrndup(c->path, n - 4) : xsprintf("%s.out", c->path);
}

/* The options every backend takes (common_option). */
#define COMMON_OPTIONS                                                                                    \
    "  -o OUT             the executable (default: PROG without .fut); OUT.c holds the generated C\n"     \
    "  --fp-contract      let the C compiler fuse a * b + c into one multiply-add (results may differ\n"   \
    "                     from the interpreter's in the last bits)\n"                                      \
    "  --fast-math        the C compiler's fast-math: fused multiply-adds, reassociation, ...\n"                \
    "  --no-cc            write the generated code and stop (no C compiler run)\n"                          \
    "  --verify-passes    verify the core program after every optimiser pass (a compiler check)\n"

#define COMPILE_USAGE(tool, mpi, what)                                                                    \
    tool " PROG.fut [-o OUT] [--cc CC] [--cflags FLAGS] [--fp-contract | --fast-math] [--rts-obj FILE.o] "  \
         "[--no-cc] [--library | --python] " mpi "[--verify-passes]\n" what "\n" COMMON_OPTIONS                \
    "  --cc CC            the C compiler command (default: $WEFT_CC, else cc -O3 -march=native)\n"          \
    "  --cflags FLAGS     flags added after CC\n"                                                           \
    "  --rts-obj FILE.o   link the runtime from FILE.o (compiled once, when missing) instead of pasting it\n" \
    "  --library          write OUT.c, OUT.h and OUT.pc: a C library of the entry points, no CC run\n"         \
    "                     (docs/LIBRARY.md)\n"                                                               \
    "  --python           the library, OUT.py (a Python module: cffi, NumPy) and libOUT.so, built by CC"

const char c_usage[] = COMPILE_USAGE("c", "", "compile to sequential C and build an executable (docs/EXECUTABLES.md)");
const char multicore_usage[] = COMPILE_USAGE("multicore", "[--mpi] ",
                                             "compile to C + OpenMP (parallel SOACs) and build an executable") "\n"
    "  --mpi              an executable for mpirun: host segops split across the ranks (docs/MPI.md);\n"
    "                     CC defaults to mpicc -O3 -march=native";

/* Consume argv[i] when it is an option of weft multicore only. */
static bool multicore_option(const char *arg, bool *mpi) {
    if (strcmp(arg, "--mpi"))
        return false;
    *mpi = true;
    return true;
}

/* --python: the C library, OUT.py over it and libOUT.so (beside OUT.py: the module loads it
 * from there) built by cc.  -z nodelete: Python unloads the library at exit, and with it the
 * OpenMP runtime it pulled in, while that runtime's idle threads may still be spinning in it
 * (a segmentation fault at exit, most runs of a multicore library). */
static int python_library(const char *cc, const char *out, const char *path, const char *tool, const CProg *p,
                          const char *c_text, bool no_cc) {
    if (library_write(out, path, tool, p, c_text) || python_write(out, path, tool, p))
        return 1;
    if (no_cc)
        return 0;
    const char *base = library_base_name(out);
    return run_cc(xsprintf("%s -fPIC -shared -Wl,-z,nodelete -o '%.*slib%s.so' '%s.c' -lm", cc, (int)(base - out), out, base, out));
}

/* weft c and weft multicore: the same pipeline, the multicore one with OpenMP regions. */
static int compile_cmd(int argc, char **argv, bool multicore) {
    const char *tool = multicore ? "multicore" : "c", *usage = multicore ? multicore_usage : c_usage;
    const char *cc = getenv("WEFT_CC"), *cflags = "", *rts_obj = NULL, *v;
    Common opt = {0};
    bool library = false, python = false; /* --library: library.c; --python: python.c */
    bool mpi = false;                      /* --mpi: backend/mpi_split.c, rts/wf_mpi.c */
    for (int i = 1; i < argc; i++) {
        if (multicore && multicore_option(argv[i], &mpi))
            continue;
        if (!strcmp(argv[i], "--library"))
            library = true;
        else if (!strcmp(argv[i], "--python"))
            python = true;
        else if ((v = option_arg(tool, argc, argv, &i, "--cc")))
            cc = v;
        else if ((v = option_arg(tool, argc, argv, &i, "--cflags")))
            cflags = v;
        else if ((v = option_arg(tool, argc, argv, &i, "--rts-obj")))
            rts_obj = v;
        else if (!common_option(tool, argc, argv, &i, &opt))
            option_unknown(tool, argv[i], usage);
    }
    if (!opt.path)
        fatal("usage: weft %s", usage);
    if (mpi && (library || python))
        fatal("multicore: --mpi makes an executable, not a library (docs/MPI.md)");
    if (mpi && !opt.no_cc && (!cc || !*cc)) {
        cc = "mpicc -O3 -march=native";
        fflush(NULL);
        if (system("mpicc --version > /dev/null 2>&1") != 0)
            fatal("multicore: --mpi needs an MPI C compiler, and mpicc was not found (Debian: apt-get install "
                  "libopenmpi-dev openmpi-bin; or give one with --cc)");
    }
    if (!cc || !*cc)
        cc = "cc -O3 -march=native";
    cc = xsprintf("%s %s%s%s%s", cc, fp_cc_flags[opt.fp], *cflags ? " " : "", cflags, multicore ? " -fopenmp" : "");
    const char *path = opt.path, *out = output_name(&opt);
    bool no_cc = opt.no_cc;

    const Target *target = mpi ? &target_multicore_mpi : multicore ? &target_multicore : &target_c;
    Compiled comp = pipeline(path, target, STAGE_CODE, &opt.pipeline);
    CProg *p = comp.core;
    char *code = comp.code;

    if (rts_obj && !no_cc && !exists(rts_obj)) {
        StrBuf rs = {0};
        Done done = {0};
        sb_puts(&rs, "/* the weft runtime, generated by weft c --rts-obj */\n");
        paste(&rs, "runtime.c", &done);
        paste(&rs, "values.c", &done);
        if (mpi)
            paste(&rs, "wf_mpi.c", &done);
        char *src = xsprintf("%s.%d.c", rts_obj, (int)getpid());
        char *tmp = xsprintf("%s.%d.o", rts_obj, (int)getpid());
        write_file(src, rs.data);
        int rc = run_cc(xsprintf("%s -c -o '%s' '%s'", cc, tmp, src));
        remove(src);
        if (rc || rename(tmp, rts_obj) != 0) {
            remove(tmp);
            return 1;
        }
    }

    StrBuf sb = {0};
    Done done = {0};
    sb_printf(&sb, "/* generated by weft %s from %s; do not edit */\n", multicore ? "multicore" : "c", path);
    if (multicore)
        sb_puts(&sb, "#define WF_ATOMIC_RC 1 /* heap arrays are shared between threads */\n");
    if (rts_obj) {
        paste(&sb, "runtime.h", &done);
    } else {
        paste(&sb, "runtime.c", &done);
        paste(&sb, "values.c", &done);
    }
    if (mpi) /* with --rts-obj, wf_mpi.c is in the object */
        paste(&sb, rts_obj ? "wf_mpi.h" : "wf_mpi.c", &done);
    paste(&sb, "flat.h", &done);
    if (multicore)
        paste(&sb, "mc.h", &done);
    sb_puts(&sb, code);
    if (python)
        return python_library(cc, out, path, tool, p, sb.data, no_cc);
    if (library)
        return library_write(out, path, tool, p, sb.data); /* OUT.c, OUT.h, OUT.pc; no compiler run */
    char *cfile = xsprintf("%s.c", out);
    write_file(cfile, sb.data);
    if (no_cc)
        return 0;
    return run_cc(xsprintf("%s -o '%s' '%s' %s%s%s -lm", cc, out, cfile, rts_obj ? "'" : "", rts_obj ? rts_obj : "",
                           rts_obj ? "'" : ""));
}

int cmd_c(int argc, char **argv) { return compile_cmd(argc, argv, false); }

const char cuda_usage[] =
    "cuda PROG.fut [-o OUT] [--cuda-arch ARCH] [--nvcc CMD] [--fp-contract | --fast-math] [--no-cc] [--no-tiling] "
    "[--library | --mpi] [--verify-passes]\n"
    "compile to host C + CUDA kernels (OUT.c, OUT.cu) and build them with nvcc\n" COMMON_OPTIONS
    "  --cuda-arch ARCH   nvcc's --gpu-architecture (default: sm_90)\n"
    "  --nvcc CMD         the nvcc command (default: $WEFT_NVCC, else nvcc -O3)\n"
    "  --no-tiling        no tiled kernels (backend/cuda/tile.c), to compare\n"
    "  --library          write OUT.c, OUT.cu, OUT.h and OUT.pc, a library of the entry points\n"
    "                     (docs/LIBRARY.md); no nvcc run\n"
    "  --mpi              an executable for mpirun, one GPU per rank: kernels split across the ranks\n"
    "                     (docs/MPI.md); built with mpicc --showme's flags";

/* The flags of Open MPI's `mpicc --showme:WHAT` (compile, link) for nvcc: -I, -D, -L and -l as
 * they are, -Wl,X as -Xlinker X, others through -Xcompiler; NULL when mpicc cannot tell. */
static char *mpi_flags_for_nvcc(const char *what) {
    fflush(NULL);
    FILE *f = popen(xsprintf("mpicc --showme:%s 2> /dev/null", what), "r");
    if (!f)
        return NULL;
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    if (pclose(f) != 0)
        return NULL;
    StrBuf sb = {0};
    sb_puts(&sb, "");
    for (char *t = strtok(buf, " \t\n"); t; t = strtok(NULL, " \t\n")) {
        if (!strncmp(t, "-I", 2) || !strncmp(t, "-D", 2) || !strncmp(t, "-L", 2) || !strncmp(t, "-l", 2))
            sb_printf(&sb, " '%s'", t);
        else if (!strncmp(t, "-Wl,", 4))
            sb_printf(&sb, " -Xlinker '%s'", t + 4);
        else
            sb_printf(&sb, " -Xcompiler '%s'", t);
    }
    return sb.data;
}

/* weft cuda: OUT.c (the host program: runtime, rts/flat.h, rts/flat_cuda.h and the program's
 * host code, launching its kernels) and OUT.cu (the device runtime and the kernels), built
 * with nvcc. */
int cmd_cuda(int argc, char **argv) {
    const char *arch = "sm_90", *nvcc = getenv("WEFT_NVCC"), *v;
    Common opt = {0};
    bool library = false, mpi = false; /* --mpi: mpi.c, rts/wf_mpi.c and wf_mpi_cuda.h */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--library"))
            library = true;
        else if (!strcmp(argv[i], "--mpi"))
            mpi = true;
        else if ((v = option_arg("cuda", argc, argv, &i, "--cuda-arch")))
            arch = v;
        else if ((v = option_arg("cuda", argc, argv, &i, "--nvcc")))
            nvcc = v;
        else if (!strcmp(argv[i], "--no-tiling"))
            opt.pipeline.no_tiling = true;
        else if (!common_option("cuda", argc, argv, &i, &opt))
            option_unknown("cuda", argv[i], cuda_usage);
    }
    if (!opt.path)
        fatal("usage: weft %s", cuda_usage);
    if (!nvcc || !*nvcc)
        nvcc = "nvcc -O3";
    const char *path = opt.path, *out = output_name(&opt);
    bool no_cc = opt.no_cc;
    char *mpi_cflags = "", *mpi_libs = "";
    if (mpi && library)
        fatal("cuda: --mpi makes an executable, not a library (docs/MPI.md)");
    if (mpi && !no_cc && (!(mpi_cflags = mpi_flags_for_nvcc("compile")) || !(mpi_libs = mpi_flags_for_nvcc("link"))))
        fatal("cuda: --mpi needs MPI, and `mpicc --showme:compile` (Open MPI's mpicc) failed or mpicc was not found "
              "(Debian: apt-get install libopenmpi-dev openmpi-bin)");
    Compiled comp = pipeline(path, mpi ? &target_cuda_mpi : &target_cuda, STAGE_CODE, &opt.pipeline);
    char *code = comp.code, *kernels = comp.kernels;

    StrBuf host = {0}, dev = {0};
    Done hdone = {0}, ddone = {0};
    sb_printf(&host, "/* generated by weft cuda from %s: the host program; do not edit */\n", path);
    paste(&host, "runtime.c", &hdone);
    paste(&host, "values.c", &hdone);
    if (mpi)
        paste(&host, "wf_mpi.c", &hdone);
    sb_puts(&host, "#define WF_CUDA 1 /* blocks have device copies: rts/flat_cuda.h */\n");
    paste(&host, "flat.h", &hdone);
    paste(&host, "cuda_rt.h", &hdone);
    paste(&host, "flat_cuda.h", &hdone);
    if (mpi)
        paste(&host, "wf_mpi_cuda.h", &hdone);
    sb_puts(&host, code);
    sb_printf(&dev, "/* generated by weft cuda from %s: the kernels; do not edit */\n", path);
    paste(&dev, "cuda_kernels.cuh", &ddone);
    paste(&dev, "flat_dev.cuh", &ddone);
    paste(&dev, "cuda_scan.cuh", &ddone);
    paste(&dev, "cuda_irregular.cuh", &ddone);
    sb_puts(&dev, "/* ---- the program's GPU regions ---- */\n");
    sb_puts(&dev, kernels);
    char *cfile = xsprintf("%s.c", out), *cufile = xsprintf("%s.cu", out);
    write_file(cufile, dev.data);
    if (library) /* OUT.c with the API, OUT.h, OUT.pc; no nvcc run */
        return library_write(out, path, "cuda", comp.core, host.data);
    write_file(cfile, host.data);
    if (no_cc)
        return 0;
    return run_cc(xsprintf("%s %s --gpu-architecture=%s%s -o '%s' '%s' '%s' -lm%s", nvcc, fp_nvcc_flags[opt.fp], arch,
                           mpi_cflags, out, cufile, cfile, mpi_libs));
}
int cmd_multicore(int argc, char **argv) { return compile_cmd(argc, argv, true); }
