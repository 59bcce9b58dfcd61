/* library.c — `weft c --library PROG.fut [-o OUT]` (and multicore, cuda): a C library instead of
 * an executable (docs/LIBRARY.md).
 *
 * OUT.h is the public API, self-contained (stdbool.h, stddef.h, stdint.h only):
 *   struct weft_context             weft_context_new / _free / _set_threads / _error
 *   struct weft_T_Kd                one per primitive type T and rank K >= 1 used by an entry
 *                                   point: weft_new_T_Kd, weft_values_T_Kd (a copy),
 *                                   weft_data_T_Kd (no copy), weft_shape_T_Kd, weft_free_T_Kd
 *   struct weft_T_Kd_jL             a jagged array of L jagged levels (docs/BACKENDS.md): made
 *                                   from its flat parts (weft_new_T_Kd_jL: the offsets of each
 *                                   level and the data, each copied whole) and read as them
 *                                   (weft_offsets_T_Kd_jL, weft_data_T_Kd_jL: pointers, no copy)
 *   weft_entry_NAME(ctx, outs..., ins...)   one per entry point; 0 or 1 (weft_context_error)
 *   weft cuda only: weft_context_new_device, weft_context_sync, weft_new_device_T_Kd and
 *                                   weft_values_device_T_Kd (regular arrays from and to device memory)
 * OUT.c is the text compile.c builds for an executable (runtime, rts/flat.h, generated program) with
 * the harness's `int main` line removed, then the API: an array object is a wf_value in a
 * malloc'ed struct; every entry call copies its inputs into fresh blocks (the entry may consume
 * them), runs the program's hooks around the wf_entry function as the harness does (weft cuda:
 * the inputs to the device, the results back) and moves the result blocks into new array objects.
 * OUT.pc gives pkg-config the flags a program built with OUT.c needs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "library.h"

static const char *const c_prim[PRIM_COUNT] = {
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
    "uint32_t", "uint64_t", "float", "double", "bool",
};

typedef LibArray Arr;

const char *library_c_prim(PrimType t) { return c_prim[t]; }

/* The API name of an array type: "f64_2d", "i32_2d_j1" (jagged, one level). */
const char *library_array_name(LibArray a) {
    return a.levels ? xsprintf("%s_%dd_j%d", prim_name(a.type.prim), a.type.rank, a.levels)
                    : xsprintf("%s_%dd", prim_name(a.type.prim), a.type.rank);
}

/* An entry point's name as a C identifier (weft names may contain '). */
const char *library_c_ident(const char *name) {
    char *s = xstrdup(name);
    for (char *c = s; *c; c++)
        if (!(*c == '_' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')))
            *c = '_';
    return s;
}

static void add_type(LibArrays *ts, Arr a) {
    if (a.type.rank == 0)
        return;
    for (int i = 0; i < ts->len; i++)
        if (ts->data[i].type.prim == a.type.prim && ts->data[i].type.rank == a.type.rank && ts->data[i].levels == a.levels)
            return;
    vec_push(ts, a);
}

/* The interface of f: its source parameters and results (ext_*; one per core one without). */
CExternVec library_params(const CFun *f) {
    if (f->ext_params.len || !f->params.len)
        return f->ext_params;
    CExternVec v = {0};
    for (int j = 0; j < f->params.len; j++)
        vec_push(&v, ((CExtern){f->params.data[j].type, 0}));
    return v;
}

CExternVec library_results(const CFun *f) {
    if (f->ext_ret.len || !f->ret.len)
        return f->ext_ret;
    CExternVec v = {0};
    for (int j = 0; j < f->ret.len; j++)
        vec_push(&v, ((CExtern){f->ret.data[j], 0}));
    return v;
}

/* Every array type of the entry points' parameters and results. */
LibArrays library_array_types(const CProg *p) {
    LibArrays ts = {0};
    for (int i = 0; i < p->funs.len; i++) {
        const CFun *f = p->funs.data[i];
        if (!f->is_entry)
            continue;
        CExternVec ps = library_params(f), rs = library_results(f);
        for (int j = 0; j < ps.len; j++)
            add_type(&ts, ps.data[j]);
        for (int j = 0; j < rs.len; j++)
            add_type(&ts, rs.data[j]);
    }
    return ts;
}

/* ---------------------------------------------------------------- declarations (OUT.h) */

/* The array functions' declarations (end: ";\n") or the start of their definitions. */
static void array_decls(StrBuf *sb, Arr a, const char *end) {
    const char *n = library_array_name(a), *c = c_prim[a.type.prim];
    int tail = a.type.rank - a.levels; /* the data's rank */
    sb_printf(sb, "struct weft_%s;\n", n);
    if (a.levels) {
        sb_printf(sb, "/* rows: the outer dimension; offsets%d..: the offsets of each level (rows + 1 entries for\n"
                      " * the first, one more than the previous level's rows for the others; the last level's\n"
                      " * are positions in the data); data: its rows with the dimensions d1.. after them. */\n",
                  1);
        sb_printf(sb, "struct weft_%s *weft_new_%s(struct weft_context *ctx, int64_t rows", n, n);
        for (int k = 1; k <= a.levels; k++)
            sb_printf(sb, ", const int64_t *offsets%d", k);
        sb_printf(sb, ", const %s *data", c);
        for (int d = 1; d < tail; d++)
            sb_printf(sb, ", int64_t d%d", d);
        sb_printf(sb, ")%s", end);
        sb_printf(sb, "/* level 1..%d: its offsets (*count entries), without a copy */\n", a.levels);
        sb_printf(sb, "const int64_t *weft_offsets_%s(struct weft_context *ctx, const struct weft_%s *arr, int level, "
                      "int64_t *count)%s", n, n, end);
        sb_printf(sb, "/* the data, without a copy; shape (%d entries) gets its shape */\n", tail);
        sb_printf(sb, "const %s *weft_data_%s(struct weft_context *ctx, const struct weft_%s *arr, int64_t *shape)%s",
                  c, n, n, end);
    } else {
        sb_printf(sb, "struct weft_%s *weft_new_%s(struct weft_context *ctx, const %s *data", n, n, c);
        for (int d = 0; d < a.type.rank; d++)
            sb_printf(sb, ", int64_t d%d", d);
        sb_printf(sb, ")%s", end);
        sb_printf(sb, "int weft_values_%s(struct weft_context *ctx, const struct weft_%s *arr, %s *out)%s", n, n, c, end);
        sb_printf(sb, "const int64_t *weft_shape_%s(struct weft_context *ctx, const struct weft_%s *arr)%s", n, n, end);
        sb_puts(sb, "/* its values in row-major order, without a copy (valid until it is freed) */\n");
        sb_printf(sb, "const %s *weft_data_%s(struct weft_context *ctx, const struct weft_%s *arr)%s", c, n, n, end);
    }
    sb_printf(sb, "int weft_free_%s(struct weft_context *ctx, struct weft_%s *arr)%s", n, n, end);
}

/* weft cuda: a regular array from device memory and its values into device memory (each a
 * cudaMemcpy through the array's host copy). */
static void device_new_signature(StrBuf *sb, Arr a) {
    const char *n = library_array_name(a);
    sb_printf(sb, "struct weft_%s *weft_new_device_%s(struct weft_context *ctx, const %s *dev", n, n, c_prim[a.type.prim]);
    for (int d = 0; d < a.type.rank; d++)
        sb_printf(sb, ", int64_t d%d", d);
    sb_puts(sb, ")");
}

static void device_values_signature(StrBuf *sb, Arr a) {
    const char *n = library_array_name(a);
    sb_printf(sb, "int weft_values_device_%s(struct weft_context *ctx, const struct weft_%s *arr, %s *dev)", n, n,
              c_prim[a.type.prim]);
}

static void device_decls(StrBuf *sb, Arr a) {
    sb_puts(sb, "/* weft cuda: from and to device memory (dev: a device pointer) */\n");
    device_new_signature(sb, a);
    sb_puts(sb, ";\n");
    device_values_signature(sb, a);
    sb_puts(sb, ";\n");
}

/* The C type of a parameter (in) or of a result pointer (out). */
static const char *param_ctype(Arr a, bool out) {
    if (a.type.rank == 0)
        return xsprintf("%s%s", c_prim[a.type.prim], out ? " *" : " ");
    return xsprintf("%sstruct weft_%s *%s", out ? "" : "const ", library_array_name(a), out ? "*" : "");
}

static void entry_signature(StrBuf *sb, const CFun *f) {
    CExternVec ps = library_params(f), rs = library_results(f);
    sb_printf(sb, "int weft_entry_%s(struct weft_context *ctx", library_c_ident(f->name));
    for (int j = 0; j < rs.len; j++)
        sb_printf(sb, ", %sout%d", param_ctype(rs.data[j], true), j);
    for (int j = 0; j < ps.len; j++)
        sb_printf(sb, ", %sin%d", param_ctype(ps.data[j], false), j);
    sb_puts(sb, ")");
}

/* The file name of OUT without its directory. */
const char *library_base_name(const char *out) {
    const char *slash = strrchr(out, '/');
    return slash ? slash + 1 : out;
}

/* WEFT_LIB_NAME_H for OUT = dir/name. */
static const char *guard_name(const char *out) {
    char *g = xsprintf("WEFT_LIB_%s_H", library_c_ident(library_base_name(out)));
    for (char *c = g; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    return g;
}

char *library_declarations(const CProg *p, const LibArrays *ts, const char *backend) {
    StrBuf sb = {0};
    bool cuda = !strcmp(backend, "cuda");
    sb_puts(&sb, "struct weft_context;\n"
                 "struct weft_context *weft_context_new(void); /* NULL when out of memory */\n"
                 "void weft_context_free(struct weft_context *ctx);\n"
                 "/* Threads of parallel regions (weft multicore --library); 0 = all the machine offers. */\n"
                 "void weft_context_set_threads(struct weft_context *ctx, int n);\n"
                 "/* The message of the last failed call (\"file:line:col: error: ...\"), or NULL. */\n"
                 "const char *weft_context_error(struct weft_context *ctx);\n\n");
    if (cuda)
        sb_puts(&sb, "/* weft cuda: a context on CUDA device `device` (weft_context_new: device 0). */\n"
                     "struct weft_context *weft_context_new_device(int device);\n"
                     "/* Waits for the device; nonzero when a kernel failed (weft_context_error). */\n"
                     "int weft_context_sync(struct weft_context *ctx);\n\n");
    for (int i = 0; i < ts->len; i++) {
        array_decls(&sb, ts->data[i], ";\n");
        if (cuda && !ts->data[i].levels)
            device_decls(&sb, ts->data[i]);
        sb_puts(&sb, "\n");
    }
    for (int i = 0; i < p->funs.len; i++) {
        if (!p->funs.data[i]->is_entry)
            continue;
        entry_signature(&sb, p->funs.data[i]);
        sb_puts(&sb, ";\n");
    }
    return sb.data;
}

static char *header_text(const char *out, const char *path, const char *backend, const CProg *p, const LibArrays *ts) {
    StrBuf sb = {0};
    sb_printf(&sb, "/* %s.h — generated by weft %s --library from %s; do not edit.\n", library_base_name(out), backend,
              path);
    sb_puts(&sb, " *\n"
                 " * Functions returning int return 0 on success and nonzero on failure, with the message in\n"
                 " * weft_context_error(ctx).  Array objects own their data; free each with its weft_free_*.\n"
                 " * Inputs are copied, never consumed.  A context runs one call at a time, and one context\n"
                 " * per process is supported; every symbol starting with wf_ in the .c file is internal.\n"
                 " */\n");
    sb_printf(&sb, "#ifndef %s\n#define %s\n\n", guard_name(out), guard_name(out));
    sb_puts(&sb, "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n");
    sb_puts(&sb, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    sb_puts(&sb, library_declarations(p, ts, backend));
    sb_puts(&sb, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
    return sb.data;
}

/* OUT.pc: pkg-config's flags for a program built with OUT.c (relative to the .pc's folder, so
 * the three files may move together). */
static char *pkgconfig_text(const char *out, const char *path, const char *backend) {
    const char *name = library_base_name(out);
    if (!strcmp(backend, "cuda"))
        return xsprintf("# %s.pc — generated by weft cuda --library from %s; do not edit.\n"
                        "# Build %s.c and %s.cu with nvcc `pkg-config --variable=nvccflags %s` `pkg-config\n"
                        "# --cflags %s`; link with `pkg-config --libs %s` (add -L for libcudart when needed).\n"
                        "prefix=${pcfiledir}\n"
                        "includedir=${prefix}\n"
                        "source=${prefix}/%s.c\n"
                        "kernels=${prefix}/%s.cu\n"
                        "nvccflags=--fmad=false -Xcompiler -ffp-contract=off\n\n"
                        "Name: %s\n"
                        "Description: the entry points of %s, compiled by weft cuda\n"
                        "Version: 1\n"
                        "Cflags: -I${includedir}\n"
                        "Libs: -lcudart -lm\n",
                        name, path, name, name, name, name, name, name, name, name, path);
    const char *omp = strcmp(backend, "multicore") ? "" : " -fopenmp";
    return xsprintf("# %s.pc — generated by weft %s --library from %s; do not edit.\n"
                    "# Build %s.c with `pkg-config --cflags %s`, link with `pkg-config --libs %s`.\n"
                    "prefix=${pcfiledir}\n"
                    "includedir=${prefix}\n"
                    "source=${prefix}/%s.c\n\n"
                    "Name: %s\n"
                    "Description: the entry points of %s, compiled by weft %s\n"
                    "Version: 1\n"
                    "Cflags: -I${includedir} -ffp-contract=off%s\n"
                    "Libs: -lm%s\n",
                    name, backend, path, name, name, name, name, name, path, backend, omp, omp);
}

/* ---------------------------------------------------------------- implementation (OUT.c) */

/* The part of the API that does not depend on the program. */
static const char api_common[] =
    "/* ---- the library API (weft c --library) ---- */\n"
    "struct weft_context { wf_ctx *wf; };\n"
    "#if defined(__GNUC__)\n#define WL_U __attribute__((unused)) /* programs without arrays */\n#else\n#define WL_U\n#endif\n"
    "\n"
    "/* A context on CUDA device `device` (weft cuda; other backends ignore it). */\n"
    "static struct weft_context *wl_context_new(int device) {\n"
    "    struct weft_context *c = malloc(sizeof *c);\n"
    "    if (!c) return NULL;\n"
    "    c->wf = wf_ctx_new(&program);\n"
    "    if (c->wf) c->wf->device = device;\n"
    "    if (c->wf && program.init && (program.init(c->wf) != 0 || wf_failed(c->wf))) {\n"
    "        if (program.fini) program.fini(c->wf);\n"
    "        wf_ctx_free(c->wf);\n"
    "        c->wf = NULL;\n"
    "    }\n"
    "    if (!c->wf) {\n"
    "        free(c);\n"
    "        return NULL;\n"
    "    }\n"
    "    return c;\n"
    "}\n"
    "\n"
    "struct weft_context *weft_context_new(void) { return wl_context_new(0); }\n"
    "\n"
    "void weft_context_free(struct weft_context *c) {\n"
    "    if (!c) return;\n"
    "    if (program.fini) program.fini(c->wf);\n"
    "    wf_ctx_free(c->wf);\n"
    "    free(c);\n"
    "}\n"
    "\n"
    "void weft_context_set_threads(struct weft_context *c, int n) { c->wf->num_threads = n > 0 ? n : 0; }\n"
    "\n"
    "const char *weft_context_error(struct weft_context *c) { return wf_ctx_error(c->wf); }\n"
    "\n"
    "/* A new array object holding a copy of data (NULL and an error on failure). */\n"
    "WL_U static wf_value *wl_new(wf_ctx *ctx, wf_prim prim, int rank, const int64_t *shape, const void *data) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    for (int d = 0; d < rank; d++)\n"
    "        if (shape[d] < 0) {\n"
    "            wf_error(ctx, NULL, \"negative dimension %lld in a new array\", (long long)shape[d]);\n"
    "            return NULL;\n"
    "        }\n"
    "    wf_value *v = malloc(sizeof *v);\n"
    "    if (!v) {\n"
    "        wf_error(ctx, NULL, \"out of memory\");\n"
    "        return NULL;\n"
    "    }\n"
    "    if (wf_value_alloc(ctx, v, prim, rank, shape, NULL)) {\n"
    "        free(v);\n"
    "        return NULL;\n"
    "    }\n"
    "    size_t n = (size_t)wf_value_count(v) * wf_prim_size(prim);\n"
    "    if (n && data) memcpy(v->data, data, n); /* NULL: the caller fills it */\n"
    "    return v;\n"
    "}\n"
    "\n"
    "WL_U static int wl_values(wf_ctx *ctx, const wf_value *v, void *out) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    if (!v) return wf_error(ctx, NULL, \"weft_values_*: NULL array\");\n"
    "    size_t n = (size_t)wf_value_count(v) * wf_prim_size(v->prim);\n"
    "    if (n) memcpy(out, v->data, n);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "static int wl_free(wf_ctx *ctx, wf_value *v) {\n"
    "    if (!v) return 0;\n"
    "    wf_free(ctx, v->data);\n"
    "    free(v);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* Argument i: a fresh copy of the array object in (the entry may consume its arguments). */\n"
    "WL_U static int wl_arg_array(wf_ctx *ctx, wf_value *arg, const wf_value *in, int i) {\n"
    "    if (!in) return wf_error(ctx, NULL, \"input %d is a NULL array\", i);\n"
    "    if (wf_value_alloc(ctx, arg, in->prim, in->rank, in->shape, NULL)) return 1;\n"
    "    size_t n = (size_t)wf_value_count(in) * wf_prim_size(in->prim);\n"
    "    if (n) memcpy(arg->data, in->data, n);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "WL_U static int wl_arg_scalar(wf_ctx *ctx, wf_value *arg, wf_prim prim, const void *x) {\n"
    "    if (wf_value_alloc(ctx, arg, prim, 0, NULL, NULL)) return 1;\n"
    "    memcpy(arg->data, x, wf_prim_size(prim));\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* Free every distinct block of vs[0..n) that is not among keep[0..nk) (jagged results too). */\n"
    "static void wl_free_blocks(wf_ctx *ctx, wf_value *vs, int n, wf_value *const *keep, int nk) {\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        bool skip = vs[i].data == NULL;\n"
    "        for (int j = 0; j < i && !skip; j++) skip = vs[j].data == vs[i].data;\n"
    "        for (int k = 0; k < nk && !skip; k++) skip = keep[k] && keep[k]->data == vs[i].data;\n"
    "        if (!skip) wf_free(ctx, vs[i].data);\n"
    "    }\n"
    "}\n"
    "\n"
    "/* Result j into a new array object outs[j] (a copy when an earlier result holds its block),\n"
    " * or into *souts[j] for a scalar. */\n"
    "static int wl_take(wf_ctx *ctx, wf_value *res, int j, wf_value **outs, void *const *souts) {\n"
    "    if (res[j].rank == 0) {\n"
    "        memcpy(souts[j], res[j].data, wf_prim_size(res[j].prim));\n"
    "        return 0;\n"
    "    }\n"

    "    bool shared = false;\n"
    "    for (int k = 0; k < j && !shared; k++) shared = outs[k] && outs[k]->data == res[j].data;\n"
    "    outs[j] = shared ? wl_new(ctx, res[j].prim, res[j].rank, res[j].shape, res[j].data) : malloc(sizeof(wf_value));\n"
    "    if (!outs[j]) return shared ? 1 : wf_error(ctx, NULL, \"out of memory\");\n"
    "    if (!shared) *outs[j] = res[j];\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* Run entry point no on args (bad: setting them up failed already), hand the results out\n"
    " * (wl_take) and free every block no result object keeps.  Returns 0 or 1. */\n"
    "static int wl_call(struct weft_context *c, int no, int bad, wf_value *vals, int np, int nr,\n"
    "                   wf_value **outs, void *const *souts) {\n"
    "    wf_ctx *ctx = c->wf;\n"
    "    const wf_entry *e = &entries[no];\n"
    "    wf_value *res = vals + np;\n"
    "    /* the backend's hooks, as the executables' harness calls them (weft cuda: the arguments\n"
    "     * to the device before, the results back to the host after) */\n"
    "    if (!bad && program.stage) bad = program.stage(ctx, vals, np) != 0;\n"
    "    if (!bad) bad = e->fn(ctx, vals, res) != 0 || wf_failed(ctx);\n"
    "    if (!bad && program.sync) bad = program.sync(ctx) != 0;\n"
    "    if (!bad && program.collect) bad = program.collect(ctx) != 0;\n"
    "    if (bad && !wf_failed(ctx)) wf_error(ctx, NULL, \"entry point '%s' failed\", e->name);\n"
    "    if (bad) { /* the results hold no live blocks after a failure (runtime.h) */\n"
    "        wl_free_blocks(ctx, vals, np, NULL, 0);\n"
    "        return 1;\n"
    "    }\n"
    "    for (int j = 0; j < nr && !bad; j++) bad = wl_take(ctx, res, j, outs, souts);\n"
    "    if (bad) {\n"
    "        for (int j = 0; j < nr; j++) {\n"
    "            if (outs[j] && outs[j]->data == res[j].data) outs[j]->data = NULL;\n"
    "            if (outs[j]) wl_free(ctx, outs[j]);\n"
    "            outs[j] = NULL;\n"
    "        }\n"
    "    }\n"
    "    wl_free_blocks(ctx, vals, np + nr, outs, nr);\n"
    "    return bad;\n"
    "}\n"
    "\n"
    "/* A jagged array's parts from the user's: the offsets of each level (their entries follow\n"
    " * from the level above) and the data, each copied whole, then checked (values.h). */\n"
    "WL_U static int wl_new_jagged(wf_ctx *ctx, wf_value *parts, wf_prim prim, int rank, int levels, int64_t rows,\n"
    "                              const int64_t *const *offs, const void *data, const int64_t *dims) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    memset(parts, 0, sizeof *parts * (size_t)(levels + 1));\n"
    "    for (int k = 0; k < levels; k++) {\n"
    "        if (rows < 0 || !offs[k]) return wf_error(ctx, NULL, \"jagged array: no offsets, or %lld rows, at level %d\", (long long)rows, k + 1);\n"
    "        int64_t n = rows + 1;\n"
    "        if (wf_value_alloc(ctx, &parts[k], WF_I64, 1, &n, NULL)) return 1;\n"
    "        memcpy(parts[k].data, offs[k], sizeof(int64_t) * (size_t)n);\n"
    "        rows = offs[k][rows];\n"
    "    }\n"
    "    int64_t shape[WF_MAX_RANK];\n"
    "    shape[0] = rows;\n"
    "    for (int d = 1; d < rank - levels; d++) shape[d] = dims[d - 1];\n"
    "    for (int d = 0; d < rank - levels; d++)\n"
    "        if (shape[d] < 0) return wf_error(ctx, NULL, \"jagged array: negative dimension %lld\", (long long)shape[d]);\n"
    "    if (wf_value_alloc(ctx, &parts[levels], prim, rank - levels, shape, NULL)) return 1;\n"
    "    size_t bytes = (size_t)wf_value_count(&parts[levels]) * wf_prim_size(prim);\n"
    "    if (bytes) memcpy(parts[levels].data, data, bytes);\n"
    "    char why[160];\n"
    "    if (!wf_jagged_valid(rank, levels, parts, why, sizeof why)) return wf_error(ctx, NULL, \"jagged array: %s\", why);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "WL_U static void wl_free_parts(wf_ctx *ctx, wf_value *parts, int n) {\n"
    "    for (int k = 0; k < n; k++) {\n"
    "        bool seen = false;\n"
    "        for (int q = 0; q < k; q++) seen = seen || parts[q].data == parts[k].data;\n"
    "        if (!seen) wf_free(ctx, parts[k].data);\n"
    "        parts[k].data = NULL;\n"
    "    }\n"
    "}\n";

/* weft cuda's part: its context's device, sync, device memory in and out (rts/cuda_rt.h). */
static const char api_cuda[] =
    "\nstruct weft_context *weft_context_new_device(int device) { return wl_context_new(device); }\n"
    "\n"
    "int weft_context_sync(struct weft_context *c) {\n"
    "    wf_ctx_clear_error(c->wf);\n"
    "    return program.sync(c->wf) != 0 || wf_failed(c->wf);\n"
    "}\n"
    "\n"
    "static wf_value *wl_new_device(wf_ctx *ctx, wf_prim prim, int rank, const int64_t *shape, const void *dev) {\n"
    "    wf_value *v = wl_new(ctx, prim, rank, shape, NULL);\n"
    "    size_t n = v ? (size_t)wf_value_count(v) * wf_prim_size(prim) : 0;\n"
    "    if (v && n && wfk_check(ctx, cudaMemcpy(v->data, dev, n, cudaMemcpyDeviceToHost), \"weft_new_device\")) {\n"
    "        wl_free(ctx, v);\n"
    "        return NULL;\n"
    "    }\n"
    "    return v;\n"
    "}\n"
    "\n"
    "static int wl_values_device(wf_ctx *ctx, const wf_value *v, void *dev) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    if (!v) return wf_error(ctx, NULL, \"weft_values_device_*: NULL array\");\n"
    "    size_t n = (size_t)wf_value_count(v) * wf_prim_size(v->prim);\n"
    "    return n ? wfk_check(ctx, cudaMemcpy(dev, v->data, n, cudaMemcpyHostToDevice), \"weft_values_device\") : 0;\n"
    "}\n";

/* weft cuda: the device functions of a regular array type. */
static void device_defs(StrBuf *sb, Arr a) {
    const char *n = library_array_name(a);
    StrBuf dims = {0};
    for (int d = 0; d < a.type.rank; d++)
        sb_printf(&dims, "%sd%d", d ? ", " : "", d);
    sb_puts(sb, "\n");
    device_new_signature(sb, a);
    sb_printf(sb, " {\n    return (struct weft_%s *)wl_new_device(ctx->wf, %d, %d, (int64_t[]){%s}, dev);\n}\n\n", n,
              (int)a.type.prim, a.type.rank, dims.data);
    device_values_signature(sb, a);
    sb_puts(sb, " {\n    return wl_values_device(ctx->wf, arr ? &arr->v : NULL, dev);\n}\n");
}

static void jagged_defs(StrBuf *sb, Arr a);

/* The four array functions, one definition each. */
static void array_defs(StrBuf *sb, Arr a) {
    if (a.levels) {
        jagged_defs(sb, a);
        return;
    }
    CType t = a.type;
    const char *n = library_array_name(a), *c = c_prim[t.prim];
    sb_printf(sb, "\nstruct weft_%s { wf_value v; };\n\n", n);
    sb_printf(sb, "struct weft_%s *weft_new_%s(struct weft_context *ctx, const %s *data", n, n, c);
    StrBuf dims = {0};
    for (int d = 0; d < t.rank; d++) {
        sb_printf(sb, ", int64_t d%d", d);
        sb_printf(&dims, "%sd%d", d ? ", " : "", d);
    }
    sb_printf(sb, ") {\n    return (struct weft_%s *)wl_new(ctx->wf, %d, %d, (int64_t[]){%s}, data);\n}\n\n", n,
              (int)t.prim, t.rank, dims.data);
    sb_printf(sb, "int weft_values_%s(struct weft_context *ctx, const struct weft_%s *arr, %s *out) {\n"
                  "    return wl_values(ctx->wf, arr ? &arr->v : NULL, out);\n}\n\n", n, n, c);
    sb_printf(sb, "const int64_t *weft_shape_%s(struct weft_context *ctx, const struct weft_%s *arr) {\n"
                  "    (void)ctx;\n    return arr ? arr->v.shape : NULL;\n}\n\n", n, n);
    sb_printf(sb, "const %s *weft_data_%s(struct weft_context *ctx, const struct weft_%s *arr) {\n"
                  "    (void)ctx;\n    return arr ? (const %s *)arr->v.data : NULL;\n}\n\n", c, n, n, c);
    sb_printf(sb, "int weft_free_%s(struct weft_context *ctx, struct weft_%s *arr) {\n"
                  "    return wl_free(ctx->wf, arr ? &arr->v : NULL);\n}\n", n, n);
}

/* A jagged array type: its parts in one object. */
static void jagged_defs(StrBuf *sb, Arr a) {
    const char *n = library_array_name(a), *c = c_prim[a.type.prim];
    int L = a.levels, tail = a.type.rank - L;
    sb_printf(sb, "\nstruct weft_%s { wf_value v[%d]; };\n\n", n, L + 1);
    sb_printf(sb, "struct weft_%s *weft_new_%s(struct weft_context *ctx, int64_t rows", n, n);
    StrBuf offs = {0}, dims = {0};
    for (int k = 1; k <= L; k++) {
        sb_printf(sb, ", const int64_t *offsets%d", k);
        sb_printf(&offs, "%soffsets%d", k > 1 ? ", " : "", k);
    }
    sb_printf(sb, ", const %s *data", c);
    for (int d = 1; d < tail; d++) {
        sb_printf(sb, ", int64_t d%d", d);
        sb_printf(&dims, "d%d, ", d);
    }
    sb_printf(sb, ") {\n"
                  "    struct weft_%s *arr = malloc(sizeof *arr);\n"
                  "    if (!arr) {\n"
                  "        wf_error(ctx->wf, NULL, \"out of memory\");\n"
                  "        return NULL;\n"
                  "    }\n"
                  "    if (wl_new_jagged(ctx->wf, arr->v, %d, %d, %d, rows, (const int64_t *const[]){%s}, data, "
                  "(const int64_t[]){%s0})) {\n"
                  "        wl_free_parts(ctx->wf, arr->v, %d);\n"
                  "        free(arr);\n"
                  "        return NULL;\n"
                  "    }\n"
                  "    return arr;\n}\n\n",
              n, (int)a.type.prim, a.type.rank, L, offs.data, dims.len ? dims.data : "", L + 1);
    sb_printf(sb, "const int64_t *weft_offsets_%s(struct weft_context *ctx, const struct weft_%s *arr, int level, "
                  "int64_t *count) {\n"
                  "    wf_ctx_clear_error(ctx->wf);\n"
                  "    if (!arr || level < 1 || level > %d) {\n"
                  "        wf_error(ctx->wf, NULL, \"weft_offsets_%s: no array, or no level %%d\", level);\n"
                  "        return NULL;\n"
                  "    }\n"
                  "    if (count) *count = arr->v[level - 1].shape[0];\n"
                  "    return arr->v[level - 1].data;\n}\n\n",
              n, n, L, n);
    sb_printf(sb, "const %s *weft_data_%s(struct weft_context *ctx, const struct weft_%s *arr, int64_t *shape) {\n"
                  "    wf_ctx_clear_error(ctx->wf);\n"
                  "    if (!arr) {\n"
                  "        wf_error(ctx->wf, NULL, \"weft_data_%s: no array\");\n"
                  "        return NULL;\n"
                  "    }\n"
                  "    if (shape) memcpy(shape, arr->v[%d].shape, sizeof(int64_t) * %d);\n"
                  "    return arr->v[%d].data;\n}\n\n",
              c, n, n, n, L, tail, L);
    sb_printf(sb, "int weft_free_%s(struct weft_context *ctx, struct weft_%s *arr) {\n"
                  "    if (!arr) return 0;\n"
                  "    wl_free_parts(ctx->wf, arr->v, %d);\n"
                  "    free(arr);\n"
                  "    return 0;\n}\n",
              n, n, L + 1);
}

/* weft_entry_NAME: set up the arguments (a jagged one is its parts), wl_call, hand out the
 * array results (a jagged one: its parts gathered into one object). */
static void entry_def(StrBuf *sb, const CFun *f, int no) {
    CExternVec ps = library_params(f), rs = library_results(f);
    int np = f->params.len, nr = f->ret.len;
    sb_puts(sb, "\n");
    entry_signature(sb, f);
    sb_printf(sb, " {\n    wf_value vals[%d];\n    memset(vals, 0, sizeof vals);\n", np + nr + 1);
    sb_printf(sb, "    wf_value *outs[%d] = {NULL};\n    void *souts[%d] = {NULL", nr + 1, nr + 1);
    for (int j = 0; j < rs.len; j++)
        for (int k = 0; k <= rs.data[j].levels; k++)
            sb_printf(sb, ", %s", rs.data[j].type.rank ? "NULL" : xsprintf("out%d", j));
    sb_puts(sb, "};\n");
    for (int j = 0; j < rs.len; j++)
        if (rs.data[j].type.rank)
            sb_printf(sb, "    *out%d = NULL;\n", j);
    sb_puts(sb, "    wf_ctx_clear_error(ctx->wf);\n    int bad = 0");
    for (int j = 0, at = 0; j < ps.len; at += ps.data[j].levels + 1, j++) {
        Arr a = ps.data[j];
        if (a.levels)
            for (int k = 0; k <= a.levels; k++)
                sb_printf(sb, "\n        || wl_arg_array(ctx->wf, &vals[%d], in%d ? &in%d->v[%d] : NULL, %d)", at + k, j,
                          j, k, j + 1);
        else if (a.type.rank)
            sb_printf(sb, "\n        || wl_arg_array(ctx->wf, &vals[%d], in%d ? &in%d->v : NULL, %d)", at, j, j, j + 1);
        else
            sb_printf(sb, "\n        || wl_arg_scalar(ctx->wf, &vals[%d], %d, &in%d)", at, (int)a.type.prim, j);
    }
    sb_printf(sb, ";\n    if (wl_call(ctx, %d, bad, vals, %d, %d, outs, souts + 1)) return 1;\n", no, np, nr);
    for (int j = 0, at = 0; j < rs.len; at += rs.data[j].levels + 1, j++) {
        Arr a = rs.data[j];
        if (!a.type.rank)
            continue;
        if (!a.levels) {
            sb_printf(sb, "    *out%d = (struct weft_%s *)outs[%d];\n", j, library_array_name(a), at);
            continue;
        }
        sb_printf(sb, "    *out%d = malloc(sizeof **out%d);\n", j, j);
        sb_printf(sb, "    for (int k = 0; k <= %d; k++) {\n"
                      "        if (*out%d) (*out%d)->v[k] = *outs[%d + k];\n"
                      "        else wf_free(ctx->wf, outs[%d + k]->data);\n"
                      "        free(outs[%d + k]);\n"
                      "    }\n",
                  a.levels, j, j, at, at, at);
        sb_printf(sb, "    if (!*out%d) return wf_error(ctx->wf, NULL, \"out of memory\") != 0;\n", j);
    }
    sb_puts(sb, "    return 0;\n}\n");
}

/* c_text without the harness's `int main(...) { return wf_main(...); }` line. */
static char *without_main(const char *c_text) {
    const char *m = strstr(c_text, "\nint main(int argc, char **argv)");
    if (!m)
        die("library: no main in the generated program");
    const char *end = strchr(m + 1, '\n');
    return xsprintf("%.*s%s", (int)(m + 1 - c_text), c_text, end ? end + 1 : "");
}

static char *source_text(const char *out, const char *backend, const CProg *p, const LibArrays *ts,
                         const char *c_text) {
    StrBuf sb = {0};
    sb_printf(&sb, "/* %s.c — a C library generated by weft %s --library; the API is in %s.h */\n",
              library_base_name(out), backend, library_base_name(out));
    sb_puts(&sb, without_main(c_text)); /* first: the runtime defines _POSIX_C_SOURCE */
    sb_printf(&sb, "\n#include \"%s.h\"\n\n", library_base_name(out));
    sb_puts(&sb, api_common);
    bool cuda = !strcmp(backend, "cuda");
    if (cuda)
        sb_puts(&sb, api_cuda);
    for (int i = 0; i < ts->len; i++) {
        array_defs(&sb, ts->data[i]);
        if (cuda && !ts->data[i].levels)
            device_defs(&sb, ts->data[i]);
    }
    for (int i = 0, no = 0; i < p->funs.len; i++)
        if (p->funs.data[i]->is_entry)
            entry_def(&sb, p->funs.data[i], no++);
    return sb.data;
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        fatal("cannot write '%s': %s", path, strerror(errno));
}

int library_write(const char *out, const char *path, const char *backend, const CProg *p, const char *c_text) {
    LibArrays ts = library_array_types(p);
    write_text(xsprintf("%s.h", out), header_text(out, path, backend, p, &ts));
    write_text(xsprintf("%s.c", out), source_text(out, backend, p, &ts, c_text));
    write_text(xsprintf("%s.pc", out), pkgconfig_text(out, path, backend));
    return 0;
}
