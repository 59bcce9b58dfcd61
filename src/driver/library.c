/* library.c — `weft c --library PROG.fut [-o OUT]` (and multicore, cuda): a C library instead of
 * an executable (docs/LIBRARY.md).
 *
 * OUT.h is the public API, self-contained (stdbool.h, stddef.h, stdint.h only), the same for
 * every backend so that a program moves between them unchanged:
 *   struct weft_context             weft_context_new / _free / _set_threads / _error / _sync
 *   struct weft_config              weft_config_new / _free / _set_device / _set_threads,
 *                                   weft_context_new_config
 *   struct weft_T_Kd                one per primitive type T and rank K >= 1 used by an entry
 *                                   point: weft_new_T_Kd, weft_values_T_Kd (a copy),
 *                                   weft_data_T_Kd (no copy), weft_shape_T_Kd, weft_free_T_Kd
 *   struct weft_T_Kd_jL             a jagged array of L jagged levels (docs/BACKENDS.md): made
 *                                   from its flat parts (weft_new_T_Kd_jL: the offsets of each
 *                                   level and the data, each copied whole) and read as them
 *                                   (weft_offsets_T_Kd_jL, weft_data_T_Kd_jL: pointers, no copy)
 *   weft_entry_NAME(ctx, outs..., ins...)   one per entry point; 0 or 1 (weft_context_error)
 *   weft cuda only: WEFT_BACKEND_CUDA, weft_context_new_device, weft_context_transfers,
 *                                   weft_new_device_T_Kd and weft_values_device_T_Kd (regular
 *                                   arrays from and to device memory)
 * OUT.c is the text compile.c builds for an executable (runtime, rts/flat.h, generated program) with
 * the harness's `int main` line removed, then the API: the context, the backend's array objects
 * (wl_array: c and multicore, a wf_value in host memory; cuda, rts/flat_cuda.h's wfc_array, kept
 * on the device between calls) and the functions over them (api_host, api_cuda), then the part
 * all backends share (api_common): an entry call sets up its arguments (copies, or for cuda the
 * arrays' device copies), runs the program's wf_entry function and moves the result blocks into
 * new array objects.  OUT.pc gives pkg-config the flags a program built with OUT.c needs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "library.h"

static const char *const c_prim[PRIM_COUNT] = {
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
    "uint32_t", "uint64_t", "float", "double", "bool", "uint16_t", /* f16: its IEEE bits */
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
                 "struct weft_context *weft_context_new(void); /* NULL when out of memory (or no device) */\n"
                 "void weft_context_free(struct weft_context *ctx); /* after every array made in it */\n"
                 "/* Threads of parallel regions (weft multicore --library); 0 = all the machine offers. */\n"
                 "void weft_context_set_threads(struct weft_context *ctx, int n);\n"
                 "/* The message of the last failed call (\"file:line:col: error: ...\"), or NULL. */\n"
                 "const char *weft_context_error(struct weft_context *ctx);\n"
                 "/* Waits for the context's device (weft cuda; others have nothing to wait for); nonzero\n"
                 " * when a kernel failed (weft_context_error). */\n"
                 "int weft_context_sync(struct weft_context *ctx);\n\n"
                 "/* A context's settings: a CUDA device (weft cuda; default 0; others ignore it) and the\n"
                 " * threads of parallel regions (weft multicore; default 0: all). */\n"
                 "struct weft_config;\n"
                 "struct weft_config *weft_config_new(void); /* NULL when out of memory */\n"
                 "void weft_config_free(struct weft_config *cfg);\n"
                 "void weft_config_set_device(struct weft_config *cfg, int device);\n"
                 "void weft_config_set_threads(struct weft_config *cfg, int n);\n"
                 "struct weft_context *weft_context_new_config(const struct weft_config *cfg);\n\n");
    if (cuda)
        sb_puts(&sb, "/* weft cuda: a context on CUDA device `device` (weft_context_new: device 0). */\n"
                     "struct weft_context *weft_context_new_device(int device);\n"
                     "/* weft cuda: the bytes the context has copied from host to device and back so far\n"
                     " * (arrays' data and the runtime's own few bytes per kernel failure check). */\n"
                     "void weft_context_transfers(struct weft_context *ctx, int64_t *to_device, int64_t *to_host);\n\n");
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
                 " * Inputs are never consumed.  A context runs one call at a time; every symbol starting\n"
                 " * with wf_ in the .c file is internal.\n"
                 " */\n");
    sb_printf(&sb, "#ifndef %s\n#define %s\n\n", guard_name(out), guard_name(out));
    sb_puts(&sb, "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n");
    if (!strcmp(backend, "cuda")) /* for code portable across backends */
        sb_puts(&sb, "#define WEFT_BACKEND_CUDA 1 /* the device functions below exist */\n\n");
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

/* First: the context (its struct; the backend's part uses it). */
static const char api_context[] =
    "/* ---- the library API (docs/LIBRARY.md) ---- */\n"
    "struct weft_context { wf_ctx *wf; };\n"
    "#if defined(__GNUC__)\n#define WL_U __attribute__((unused)) /* programs without arrays */\n#else\n#define WL_U\n#endif\n"
    "static struct weft_context *wl_context_new(int device, int threads);\n"
    "WL_U static int wl_arg_value(wf_ctx *ctx, wf_value *arg, const wf_value *in, int i);\n";

/* The backend's part for weft c and weft multicore: arrays in host memory.  Each backend's part
 * defines wl_array (an array object; v: its value) and the functions the common part calls:
 * wl_enter (before a call does any work), wl_begin / wl_end (around an entry call's
 * arguments and results), wl_fill, wl_release, wl_values, wl_host_data, wl_arg_array,
 * wl_result, wl_copy_into, wl_to_host, and weft_context_sync. */
static const char api_host[] =
    "\n/* An array object: its value in host memory. */\n"
    "typedef struct { wf_value v; } wl_array;\n"
    "\n"
    "static int wl_enter(wf_ctx *ctx) { (void)ctx; return 0; }\n"
    "static void wl_begin(wf_ctx *ctx) { (void)ctx; }\n"
    "static void wl_end(wf_ctx *ctx) { (void)ctx; }\n"
    "\n"
    "int weft_context_sync(struct weft_context *c) {\n"
    "    wf_ctx_clear_error(c->wf);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* a's values from src (never device memory here; NULL: left undefined). */\n"
    "WL_U static int wl_fill(wf_ctx *ctx, wl_array *a, const void *src, bool src_dev) {\n"
    "    (void)ctx; (void)src_dev;\n"
    "    size_t n = (size_t)wf_value_count(&a->v) * wf_prim_size(a->v.prim);\n"
    "    if (n && src) memcpy(a->v.data, src, n);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "static void wl_release(wf_ctx *ctx, wl_array *a) { wf_free(ctx, a->v.data); }\n"
    "\n"
    "WL_U static int wl_values(wf_ctx *ctx, const wl_array *a, void *out, bool to_dev) {\n"
    "    (void)ctx; (void)to_dev;\n"
    "    size_t n = (size_t)wf_value_count(&a->v) * wf_prim_size(a->v.prim);\n"
    "    if (n) memcpy(out, a->v.data, n);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "WL_U static const void *wl_host_data(wf_ctx *ctx, const wl_array *a) { (void)ctx; return a->v.data; }\n"
    "\n"
    "/* Argument i: a fresh copy of in (the entry may consume its arguments). */\n"
    "WL_U static int wl_arg_array(wf_ctx *ctx, wf_value *arg, const wl_array *in, int i, bool unique, bool *borrowed) {\n"
    "    (void)unique;\n"
    "    *borrowed = false;\n"
    "    return wl_arg_value(ctx, arg, in ? &in->v : NULL, i);\n"
    "}\n"
    "\n"
    "static void wl_result(wf_ctx *ctx, wl_array *out, const wf_value *res) { (void)ctx; out->v = *res; }\n"
    "\n"
    "static int wl_copy_into(wf_ctx *ctx, wl_array *dst, const wl_array *src) { return wl_fill(ctx, dst, src->v.data, false); }\n"
    "\n"
    "WL_U static int wl_to_host(wf_ctx *ctx, wl_array *a) { (void)ctx; (void)a; return 0; }\n";

/* weft cuda's part (rts/flat_cuda.h wfc_array, wfc_lib_*): arrays that stay on the device; the
 * context's device made current by every call; device memory in and out. */
static const char api_cuda[] =
    "\n/* An array object: its value on the device and/or in host memory (rts/flat_cuda.h). */\n"
    "typedef wfc_array wl_array;\n"
    "\n"
    "static int wl_enter(wf_ctx *ctx) { return wfk_select(ctx); }\n"
    "static void wl_begin(wf_ctx *ctx) { wfc_lib_begin(ctx); }\n"
    "static void wl_end(wf_ctx *ctx) { wfc_lib_end(ctx); }\n"
    "\n"
    "int weft_context_sync(struct weft_context *c) {\n"
    "    wf_ctx_clear_error(c->wf);\n"
    "    return wl_enter(c->wf) || program.sync(c->wf) != 0 || wf_failed(c->wf);\n"
    "}\n"
    "\n"
    "WL_U static int wl_fill(wf_ctx *ctx, wl_array *a, const void *src, bool src_dev) { return wfc_lib_fill(ctx, a, src, src_dev); }\n"
    "static void wl_release(wf_ctx *ctx, wl_array *a) { wfc_lib_release(ctx, a); }\n"
    "WL_U static int wl_values(wf_ctx *ctx, const wl_array *a, void *out, bool to_dev) { return wfc_lib_values(ctx, a, out, to_dev); }\n"
    "\n"
    "/* The host copy, current (downloaded once; the object keeps it). */\n"
    "WL_U static const void *wl_host_data(wf_ctx *ctx, const wl_array *a) {\n"
    "    return wfc_lib_host(ctx, (wl_array *)a) ? NULL : a->v.data;\n"
    "}\n"
    "\n"
    "/* Argument i: in's device copy (uploaded once when in was made on the host), lent to the entry\n"
    " * when the parameter is not unique, else copied on the device. */\n"
    "WL_U static int wl_arg_array(wf_ctx *ctx, wf_value *arg, const wl_array *in, int i, bool unique, bool *borrowed) {\n"
    "    *borrowed = false;\n"
    "    if (!in) return wf_error(ctx, NULL, \"input %d is a NULL array\", i);\n"
    "    return wfc_lib_arg(ctx, arg, (wl_array *)in, unique, borrowed);\n"
    "}\n"
    "\n"
    "static void wl_result(wf_ctx *ctx, wl_array *out, const wf_value *res) { wfc_lib_result(ctx, out, res); }\n"
    "\n"
    "static int wl_copy_into(wf_ctx *ctx, wl_array *dst, const wl_array *src) {\n"
    "    return src->dev_ok ? wfc_lib_fill(ctx, dst, src->dev, true) : wfc_lib_fill(ctx, dst, src->v.data, false);\n"
    "}\n"
    "\n"
    "/* A jagged result's part: to the host (jagged arrays live there), its device copy released. */\n"
    "WL_U static int wl_to_host(wf_ctx *ctx, wl_array *a) {\n"
    "    if (wfc_lib_host(ctx, a)) return 1;\n"
    "    if (a->dev) wfk_release(ctx, a->dev);\n"
    "    a->dev = NULL;\n"
    "    a->dev_ok = false;\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "struct weft_context *weft_context_new_device(int device) { return wl_context_new(device, 0); }\n"
    "\n"
    "void weft_context_transfers(struct weft_context *c, int64_t *to_device, int64_t *to_host) {\n"
    "    if (to_device) *to_device = wfk_st(c->wf)->to_device;\n"
    "    if (to_host) *to_host = wfk_st(c->wf)->to_host;\n"
    "}\n";

/* The part every backend shares, over its wl_array and wl_* functions. */
static const char api_common[] =
    "\n/* A context on CUDA device `device` (weft cuda; other backends ignore it) with `threads`\n"
    " * threads for parallel regions (weft multicore; 0: all). */\n"
    "static struct weft_context *wl_context_new(int device, int threads) {\n"
    "    struct weft_context *c = malloc(sizeof *c);\n"
    "    if (!c) return NULL;\n"
    "    c->wf = wf_ctx_new(&program);\n"
    "    if (c->wf) {\n"
    "        c->wf->device = device;\n"
    "        c->wf->num_threads = threads > 0 ? threads : 0;\n"
    "    }\n"
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
    "struct weft_context *weft_context_new(void) { return wl_context_new(0, 0); }\n"
    "\n"
    "struct weft_config { int device, threads; };\n"
    "\n"
    "struct weft_config *weft_config_new(void) { return calloc(1, sizeof(struct weft_config)); }\n"
    "void weft_config_free(struct weft_config *cfg) { free(cfg); }\n"
    "void weft_config_set_device(struct weft_config *cfg, int device) { cfg->device = device; }\n"
    "void weft_config_set_threads(struct weft_config *cfg, int n) { cfg->threads = n > 0 ? n : 0; }\n"
    "\n"
    "struct weft_context *weft_context_new_config(const struct weft_config *cfg) {\n"
    "    return cfg ? wl_context_new(cfg->device, cfg->threads) : NULL;\n"
    "}\n"
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
    "static int wl_free(wf_ctx *ctx, wl_array *a) {\n"
    "    if (!a) return 0;\n"
    "    wl_enter(ctx);\n"
    "    wl_release(ctx, a);\n"
    "    free(a);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* A new array object holding a copy of src (device memory when src_dev; NULL: the caller\n"
    " * fills it), or NULL with an error. */\n"
    "static wl_array *wl_new(wf_ctx *ctx, wf_prim prim, int rank, const int64_t *shape, const void *src, bool src_dev) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    if (wl_enter(ctx)) return NULL;\n"
    "    for (int d = 0; d < rank; d++)\n"
    "        if (shape[d] < 0) {\n"
    "            wf_error(ctx, NULL, \"negative dimension %lld in a new array\", (long long)shape[d]);\n"
    "            return NULL;\n"
    "        }\n"
    "    wl_array *a = calloc(1, sizeof *a);\n"
    "    if (!a) {\n"
    "        wf_error(ctx, NULL, \"out of memory\");\n"
    "        return NULL;\n"
    "    }\n"
    "    if (wf_value_alloc(ctx, &a->v, prim, rank, shape, NULL)) {\n"
    "        free(a);\n"
    "        return NULL;\n"
    "    }\n"
    "    if (wl_fill(ctx, a, src, src_dev)) {\n"
    "        wl_free(ctx, a);\n"
    "        return NULL;\n"
    "    }\n"
    "    return a;\n"
    "}\n"
    "\n"
    "/* a's values into out (device memory when to_dev). */\n"
    "WL_U static int wl_read(wf_ctx *ctx, const wl_array *a, void *out, bool to_dev) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    if (!a) return wf_error(ctx, NULL, \"weft_values_*: NULL array\");\n"
    "    return wl_enter(ctx) || wl_values(ctx, a, out, to_dev);\n"
    "}\n"
    "\n"
    "WL_U static const void *wl_data(wf_ctx *ctx, const wl_array *a) {\n"
    "    wf_ctx_clear_error(ctx);\n"
    "    if (!a) {\n"
    "        wf_error(ctx, NULL, \"weft_data_*: NULL array\");\n"
    "        return NULL;\n"
    "    }\n"
    "    return wl_enter(ctx) ? NULL : wl_host_data(ctx, a);\n"
    "}\n"
    "\n"
    "/* Argument i: a fresh host copy of the value in. */\n"
    "WL_U static int wl_arg_value(wf_ctx *ctx, wf_value *arg, const wf_value *in, int i) {\n"
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
    "/* Free every distinct block of vs[0..n) that is not among keep[0..nk) (jagged results too)\n"
    " * nor borrowed (an argument whose data is the caller's array's). */\n"
    "static void wl_free_blocks(wf_ctx *ctx, wf_value *vs, int n, wl_array *const *keep, int nk, const bool *borrowed) {\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        bool skip = vs[i].data == NULL || (borrowed && borrowed[i]);\n"
    "        for (int j = 0; j < i && !skip; j++) skip = vs[j].data == vs[i].data;\n"
    "        for (int k = 0; k < nk && !skip; k++) skip = keep[k] && keep[k]->v.data == vs[i].data;\n"
    "        if (!skip) wf_free(ctx, vs[i].data);\n"
    "    }\n"
    "}\n"
    "\n"
    "/* Result j into a new array object outs[j] (a copy when an earlier result holds its block),\n"
    " * or into *souts[j] for a scalar.  (A result never is a borrowed argument's data: an entry\n"
    " * hands over no block it did not make, rts/flat.h wf_flat_result_whole.) */\n"
    "static int wl_take(wf_ctx *ctx, wf_value *res, int j, wl_array **outs, void *const *souts) {\n"
    "    if (res[j].rank == 0) {\n"
    "        memcpy(souts[j], res[j].data, wf_prim_size(res[j].prim));\n"
    "        return 0;\n"
    "    }\n"
    "    const wl_array *holder = NULL;\n"
    "    for (int k = 0; k < j && !holder; k++) holder = outs[k] && outs[k]->v.data == res[j].data ? outs[k] : NULL;\n"
    "    if (holder) {\n"
    "        outs[j] = wl_new(ctx, res[j].prim, res[j].rank, res[j].shape, NULL, false);\n"
    "        return !outs[j] || wl_copy_into(ctx, outs[j], holder);\n"
    "    }\n"
    "    outs[j] = calloc(1, sizeof(wl_array));\n"
    "    if (!outs[j]) return wf_error(ctx, NULL, \"out of memory\");\n"
    "    wl_result(ctx, outs[j], &res[j]);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* Run entry point no on args (bad: setting them up failed already), hand the results out\n"
    " * (wl_take) and free every block no result object keeps.  Returns 0 or 1. */\n"
    "static int wl_call(struct weft_context *c, int no, int bad, wf_value *vals, int np, int nr, const bool *borrowed,\n"
    "                   wl_array **outs, void *const *souts) {\n"
    "    wf_ctx *ctx = c->wf;\n"
    "    const wf_entry *e = &entries[no];\n"
    "    wf_value *res = vals + np;\n"
    "    if (!bad) bad = e->fn(ctx, vals, res) != 0 || wf_failed(ctx);\n"
    "    if (!bad && program.sync) bad = program.sync(ctx) != 0;\n"
    "    if (bad && !wf_failed(ctx)) wf_error(ctx, NULL, \"entry point '%s' failed\", e->name);\n"
    "    if (bad) { /* the results hold no live blocks after a failure (runtime.h) */\n"
    "        wl_end(ctx);\n"
    "        wl_free_blocks(ctx, vals, np, NULL, 0, borrowed);\n"
    "        return 1;\n"
    "    }\n"
    "    for (int j = 0; j < nr && !bad; j++) bad = wl_take(ctx, res, j, outs, souts);\n"
    "    if (bad) {\n"
    "        for (int j = 0; j < nr; j++) {\n"
    "            if (outs[j] && outs[j]->v.data == res[j].data) outs[j]->v.data = NULL;\n"
    "            wl_free(ctx, outs[j]);\n"
    "            outs[j] = NULL;\n"
    "        }\n"
    "    }\n"
    "    wl_end(ctx);\n"
    "    wl_free_blocks(ctx, vals, np + nr, outs, nr, borrowed);\n"
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

/* weft cuda: the device functions of a regular array type. */
static void device_defs(StrBuf *sb, Arr a) {
    const char *n = library_array_name(a);
    StrBuf dims = {0};
    for (int d = 0; d < a.type.rank; d++)
        sb_printf(&dims, "%sd%d", d ? ", " : "", d);
    sb_puts(sb, "\n");
    device_new_signature(sb, a);
    sb_printf(sb, " {\n    return (struct weft_%s *)wl_new(ctx->wf, %d, %d, (int64_t[]){%s}, dev, true);\n}\n\n", n,
              (int)a.type.prim, a.type.rank, dims.data);
    device_values_signature(sb, a);
    sb_puts(sb, " {\n    return wl_read(ctx->wf, arr ? &arr->a : NULL, dev, true);\n}\n");
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
    sb_printf(sb, "\nstruct weft_%s { wl_array a; };\n\n", n);
    sb_printf(sb, "struct weft_%s *weft_new_%s(struct weft_context *ctx, const %s *data", n, n, c);
    StrBuf dims = {0};
    for (int d = 0; d < t.rank; d++) {
        sb_printf(sb, ", int64_t d%d", d);
        sb_printf(&dims, "%sd%d", d ? ", " : "", d);
    }
    sb_printf(sb, ") {\n    return (struct weft_%s *)wl_new(ctx->wf, %d, %d, (int64_t[]){%s}, data, false);\n}\n\n", n,
              (int)t.prim, t.rank, dims.data);
    sb_printf(sb, "int weft_values_%s(struct weft_context *ctx, const struct weft_%s *arr, %s *out) {\n"
                  "    return wl_read(ctx->wf, arr ? &arr->a : NULL, out, false);\n}\n\n", n, n, c);
    sb_printf(sb, "const int64_t *weft_shape_%s(struct weft_context *ctx, const struct weft_%s *arr) {\n"
                  "    (void)ctx;\n    return arr ? arr->a.v.shape : NULL;\n}\n\n", n, n);
    sb_printf(sb, "const %s *weft_data_%s(struct weft_context *ctx, const struct weft_%s *arr) {\n"
                  "    return (const %s *)wl_data(ctx->wf, arr ? &arr->a : NULL);\n}\n\n", c, n, n, c);
    sb_printf(sb, "int weft_free_%s(struct weft_context *ctx, struct weft_%s *arr) {\n"
                  "    return wl_free(ctx->wf, arr ? &arr->a : NULL);\n}\n", n, n);
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

/* weft_entry_NAME: set up the arguments (a jagged one is its parts, copied; a regular one
 * wl_arg_array's, told whether the parameter is unique), wl_call, hand out the array results (a
 * jagged one: its parts gathered into one object, in host memory). */
static void entry_def(StrBuf *sb, const CFun *f, int no) {
    CExternVec ps = library_params(f), rs = library_results(f);
    int np = f->params.len, nr = f->ret.len;
    sb_puts(sb, "\n");
    entry_signature(sb, f);
    sb_printf(sb, " {\n    wf_value vals[%d];\n    memset(vals, 0, sizeof vals);\n", np + nr + 1);
    sb_printf(sb, "    bool borrowed[%d] = {false}; /* per value of vals */\n", np + nr + 1);
    sb_printf(sb, "    wl_array *outs[%d] = {NULL};\n    void *souts[%d] = {NULL", nr + 1, nr + 1);
    for (int j = 0; j < rs.len; j++)
        for (int k = 0; k <= rs.data[j].levels; k++)
            sb_printf(sb, ", %s", rs.data[j].type.rank ? "NULL" : xsprintf("out%d", j));
    sb_puts(sb, "};\n");
    for (int j = 0; j < rs.len; j++)
        if (rs.data[j].type.rank)
            sb_printf(sb, "    *out%d = NULL;\n", j);
    sb_puts(sb, "    wf_ctx_clear_error(ctx->wf);\n    if (wl_enter(ctx->wf)) return 1;\n    wl_begin(ctx->wf);\n    int bad = 0");
    for (int j = 0, at = 0; j < ps.len; at += ps.data[j].levels + 1, j++) {
        Arr a = ps.data[j];
        if (a.levels)
            for (int k = 0; k <= a.levels; k++)
                sb_printf(sb, "\n        || wl_arg_value(ctx->wf, &vals[%d], in%d ? &in%d->v[%d] : NULL, %d)", at + k, j,
                          j, k, j + 1);
        else if (a.type.rank)
            sb_printf(sb, "\n        || wl_arg_array(ctx->wf, &vals[%d], in%d ? &in%d->a : NULL, %d, entries[%d].params[%d].unique, "
                          "&borrowed[%d])", at, j, j, j + 1, no, j, at);
        else
            sb_printf(sb, "\n        || wl_arg_scalar(ctx->wf, &vals[%d], %d, &in%d)", at, (int)a.type.prim, j);
    }
    sb_printf(sb, ";\n    if (wl_call(ctx, %d, bad, vals, %d, %d, borrowed, outs, souts + 1)) return 1;\n", no, np, nr);
    for (int j = 0, at = 0; j < rs.len; at += rs.data[j].levels + 1, j++) {
        Arr a = rs.data[j];
        if (!a.type.rank)
            continue;
        if (!a.levels) {
            sb_printf(sb, "    *out%d = (struct weft_%s *)outs[%d];\n", j, library_array_name(a), at);
            continue;
        }
        sb_printf(sb, "    *out%d = malloc(sizeof **out%d);\n", j, j);
        sb_printf(sb, "    bad = !*out%d && wf_error(ctx->wf, NULL, \"out of memory\");\n", j);
        sb_printf(sb, "    for (int k = 0; k <= %d; k++) bad = bad || wl_to_host(ctx->wf, outs[%d + k]);\n", a.levels, at);
        sb_printf(sb, "    for (int k = 0; k <= %d; k++) {\n"
                      "        if (!bad) (*out%d)->v[k] = outs[%d + k]->v;\n"
                      "        else wl_release(ctx->wf, outs[%d + k]);\n"
                      "        free(outs[%d + k]);\n"
                      "    }\n",
                  a.levels, j, at, at, at);
        sb_printf(sb, "    if (bad) {\n        free(*out%d);\n        *out%d = NULL;\n        return 1;\n    }\n", j, j);
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
    bool cuda = !strcmp(backend, "cuda");
    sb_puts(&sb, api_context);
    sb_puts(&sb, cuda ? api_cuda : api_host);
    sb_puts(&sb, api_common);
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
