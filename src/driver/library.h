/* library.h — `weft c --library` (and multicore, cuda): OUT.c, OUT.h and OUT.pc, a C library
 * instead of an executable (docs/LIBRARY.md); `--python` adds OUT.py over it (python.c).  Called by
 * compile.c once the program's C text is complete. */
#ifndef WEFT_DRIVER_LIBRARY_H
#define WEFT_DRIVER_LIBRARY_H

#include "../core/ir.h"

/* Write OUT.h (the public API of p's entry points), OUT.c (c_text, the runtime plus the
 * generated program as for an executable, without its main, followed by the API's
 * implementation) and OUT.pc (pkg-config's flags).  path is the source program, backend the
 * command ("c", "multicore", "cuda"), for comments and flags.  Returns the exit status. */
int library_write(const char *out, const char *path, const char *backend, const CProg *p, const char *c_text);

/* Write OUT.py: a Python module (cffi, NumPy) over the shared library libOUT.so built from OUT.c
 * (backend: "c" or "multicore"). */
int python_write(const char *out, const char *path, const char *backend, const CProg *p);

/* ---- the API's shape, shared by the C header and the Python module ---- */

/* An array type of the interface: a source parameter's or result's (type and jagged levels). */
typedef CExtern LibArray;
typedef Vec(LibArray) LibArrays;

LibArrays library_array_types(const CProg *p);  /* of every entry point, each once */
const char *library_array_name(LibArray a);     /* "f64_2d", "i32_2d_j1" */
const char *library_c_prim(PrimType t);         /* "double", "int32_t", "bool" */
const char *library_c_ident(const char *name);  /* an entry point's name as a C identifier */
const char *library_base_name(const char *out); /* OUT without its folder */
CExternVec library_params(const CFun *f);       /* an entry point's source parameters */
CExternVec library_results(const CFun *f);      /* and results */
/* The API's declarations for backend ("c", "multicore", "cuda") without preprocessor lines: the
 * header's body, and cffi's cdef. */
char *library_declarations(const CProg *p, const LibArrays *ts, const char *backend);

#endif
