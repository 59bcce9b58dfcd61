/* python.c — `weft c --python PROG.fut [-o OUT]` (and multicore): OUT.py, a Python module over
 * the C library of library.c, compiled into libOUT.so beside it (compile.c).
 *
 * The module uses cffi's ABI mode — ffi.cdef of the header's declarations (library_declarations)
 * and ffi.dlopen of libOUT.so — so it needs no C compiler at import and no Python headers, only
 * Debian's python3-cffi and python3-numpy.  `Context` has one method per entry point: NumPy
 * arrays (or anything np.asarray takes) in, NumPy arrays out.  An input is handed to the library
 * by address (no copy when it is C-contiguous with the parameter's dtype; the library then
 * copies it, as its API promises); a result is a view of the library's own array object, freed
 * when the last view of it goes.  A jagged array is a tuple (offsets1, .., offsetsL, data).
 * The module's fixed part is `py_runtime` below; the rest is written per program.
 */
#include <string.h>

#include "driver.h"
#include "library.h"

/* The NumPy dtype of each primitive type (PRIM_TYPES' order). */
static const char *const numpy_dtype[PRIM_COUNT] = {
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "bool", "float16",
};

/* The part of every module that does not depend on the program: errors, the owner of a result's
 * memory, the conversions of inputs and results, the context. */
static const char py_runtime[] =
    "class WeftError(Exception):\n"
    "    \"\"\"A failed call; the message is the library's (file:line:col: error: ...).\"\"\"\n"
    "\n"
    "\n"
    "class _Owner:\n"
    "    \"\"\"One array object of the library, freed when the last NumPy view of it is gone.\"\"\"\n"
    "\n"
    "    def __init__(self, ctx, name, obj):\n"
    "        self.ctx, self.free, self.obj = ctx, getattr(_lib, \"weft_free_\" + name), obj\n"
    "\n"
    "    def __del__(self):\n"
    "        self.free(self.ctx._ptr, self.obj)\n"
    "\n"
    "\n"
    "class _Memory:\n"
    "    \"\"\"Memory of an owner as NumPy sees it (__array_interface__): np.asarray keeps it as the\n"
    "    array's base, so the owner lives as long as the array.\"\"\"\n"
    "\n"
    "    def __init__(self, owner, ptr, shape, dtype):\n"
    "        self.owner = owner\n"
    "        self.__array_interface__ = {\"version\": 3, \"shape\": tuple(shape), \"typestr\": _np.dtype(dtype).str,\n"
    "                                    \"data\": (int(_ffi.cast(\"uintptr_t\", ptr)), False)}\n"
    "\n"
    "\n"
    "def _view(owner, ptr, shape, dtype):\n"
    "    if 0 in shape or ptr == _ffi.NULL:\n"
    "        return _np.zeros(shape, dtype)\n"
    "    return _np.asarray(_Memory(owner, ptr, shape, dtype))\n"
    "\n"
    "\n"
    "def _dense(x, dtype, rank, what):\n"
    "    \"\"\"x as a C-contiguous array of dtype and rank: itself when it is one already.\"\"\"\n"
    "    if isinstance(x, _np.ndarray) and x.dtype != _np.dtype(dtype):\n"
    "        raise TypeError(\"%s: expected dtype %s, got %s\" % (what, dtype, x.dtype))\n"
    "    a = _np.ascontiguousarray(x, dtype=dtype)\n"
    "    if a.ndim != rank:\n"
    "        raise TypeError(\"%s: expected %d dimensions, got %d\" % (what, rank, a.ndim))\n"
    "    return a\n"
    "\n"
    "\n"
    "def _f16_bits(x):\n"
    "    \"\"\"An f16 argument as the C API takes it: its IEEE binary16 bits.\"\"\"\n"
    "    return int(_np.float16(x).view(_np.uint16))\n"
    "\n"
    "\n"
    "def _address(a, ctype):\n"
    "    return _ffi.cast(ctype + \" *\", _ffi.from_buffer(a))\n"
    "\n"
    "\n"
    "class _Context:\n"
    "    \"\"\"A context of the library: one per process; calls from one thread at a time.\"\"\"\n"
    "\n"
    "    def __init__(self, threads=0):\n"
    "        ptr = _lib.weft_context_new()\n"
    "        if ptr == _ffi.NULL:\n"
    "            raise WeftError(\"weft_context_new failed\")\n"
    "        _lib.weft_context_set_threads(ptr, threads)\n"
    "        self._ptr = _ffi.gc(ptr, _lib.weft_context_free)\n"
    "\n"
    "    def _check(self, rc):\n"
    "        if rc != 0:\n"
    "            msg = _lib.weft_context_error(self._ptr)\n"
    "            raise WeftError(_ffi.string(msg).decode() if msg != _ffi.NULL else \"failed\")\n"
    "\n"
    "    def _in(self, x, name, dtype, ctype, rank, levels, what):\n"
    "        \"\"\"A new array object of the library from x (freed by the caller).\"\"\"\n"
    "        if levels == 0:\n"
    "            a = _dense(x, dtype, rank, what)\n"
    "            obj = getattr(_lib, \"weft_new_\" + name)(self._ptr, _address(a, ctype), *a.shape)\n"
    "        else:\n"
    "            if not isinstance(x, tuple) or len(x) != levels + 1:\n"
    "                raise TypeError(\"%s: expected a tuple of %d offsets arrays and the data\" % (what, levels))\n"
    "            offs = [_dense(o, \"int64\", 1, what) for o in x[:levels]]\n"
    "            data = _dense(x[levels], dtype, rank - levels, what)\n"
    "            if len(offs[0]) == 0:\n"
    "                raise TypeError(\"%s: the first offsets array is empty\" % what)\n"
    "            obj = getattr(_lib, \"weft_new_\" + name)(self._ptr, len(offs[0]) - 1,\n"
    "                                                   *[_address(o, \"int64_t\") for o in offs],\n"
    "                                                   _address(data, ctype), *data.shape[1:])\n"
    "        if obj == _ffi.NULL:\n"
    "            self._check(1)\n"
    "        return obj\n"
    "\n"
    "    def _out(self, obj, name, dtype, rank, levels):\n"
    "        \"\"\"A result object as NumPy arrays viewing its memory (a tuple for a jagged one).\"\"\"\n"
    "        owner = _Owner(self, name, obj)\n"
    "        if levels == 0:\n"
    "            shape = getattr(_lib, \"weft_shape_\" + name)(self._ptr, obj)\n"
    "            return _view(owner, getattr(_lib, \"weft_data_\" + name)(self._ptr, obj), tuple(shape[0:rank]), dtype)\n"
    "        count = _ffi.new(\"int64_t *\")\n"
    "        parts = []\n"
    "        for level in range(1, levels + 1):\n"
    "            ptr = getattr(_lib, \"weft_offsets_\" + name)(self._ptr, obj, level, count)\n"
    "            parts.append(_view(owner, ptr, (count[0],), \"int64\"))\n"
    "        shape = _ffi.new(\"int64_t[]\", rank - levels)\n"
    "        ptr = getattr(_lib, \"weft_data_\" + name)(self._ptr, obj, shape)\n"
    "        parts.append(_view(owner, ptr, tuple(shape), dtype))\n"
    "        return tuple(parts)\n"
    "\n"
    "    def _call(self, fn, outs, ins, types):\n"
    "        \"\"\"Run entry fn: ins converted by types (name, dtype, ctype, rank, levels, or a\n"
    "        scalar's converter), the results from outs (cffi pointers).\"\"\"\n"
    "        args, made = [], []\n"
    "        try:\n"
    "            for i, (x, t) in enumerate(zip(ins, types)):\n"
    "                if callable(t):\n"
    "                    args.append(t(x))\n"
    "                else:\n"
    "                    made.append((t[0], self._in(x, *t, \"argument %d\" % (i + 1))))\n"
    "                    args.append(made[-1][1])\n"
    "            self._check(fn(self._ptr, *outs, *args))\n"
    "        finally:\n"
    "            for name, obj in made:\n"
    "                getattr(_lib, \"weft_free_\" + name)(self._ptr, obj)\n"
    "\n";

/* Python's keywords that a weft name may be: an entry point so named gets a "_" after it. */
static const char *py_name(const char *name) {
    static const char *const keywords[] = {"and", "as", "assert", "async", "await", "break", "class", "continue",
                                           "del", "elif", "except", "finally", "from", "global", "import", "is",
                                           "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
                                           "while", "with", "yield", "None", "True", "False", NULL};
    const char *id = library_c_ident(name);
    for (int i = 0; keywords[i]; i++)
        if (!strcmp(id, keywords[i]))
            return xsprintf("%s_", id);
    return id;
}

/* The Python converter of a scalar argument of type t. */
static const char *scalar_converter(PrimType t) {
    return t == PRIM_BOOL ? "bool" : prim_is_int(t) ? "int" : t == PRIM_F16 ? "_f16_bits" : "float";
}

/* The type description `_Context._call` takes for parameter a. */
static const char *param_type(LibArray a) {
    if (a.type.rank == 0)
        return scalar_converter(a.type.prim);
    return xsprintf("(\"%s\", \"%s\", \"%s\", %d, %d)", library_array_name(a), numpy_dtype[a.type.prim],
                    library_c_prim(a.type.prim), a.type.rank, a.levels);
}

/* The expression of result j (pointer outs[j]) as Python values. */
static const char *result_expr(LibArray a, int j) {
    if (a.type.rank == 0 && a.type.prim == PRIM_F16) /* the C API's bits */
        return xsprintf("_np.uint16(outs[%d][0]).view(_np.float16)", j);
    if (a.type.rank == 0)
        return xsprintf("_np.%s(outs[%d][0])", a.type.prim == PRIM_BOOL ? "bool_" : numpy_dtype[a.type.prim], j);
    return xsprintf("self._out(outs[%d][0], \"%s\", \"%s\", %d, %d)", j, library_array_name(a),
                    numpy_dtype[a.type.prim], a.type.rank, a.levels);
}

/* The method of entry point f: def NAME(self, x1, ..): its docstring, the results' pointers,
 * the call and the results (one value, or a tuple of them). */
static void entry_method(StrBuf *sb, const CFun *f) {
    CExternVec ps = library_params(f), rs = library_results(f);
    sb_printf(sb, "    def %s(self", py_name(f->name));
    for (int j = 0; j < ps.len; j++)
        sb_printf(sb, ", x%d", j + 1);
    sb_printf(sb, "):\n        \"\"\"entry point %s (weft_entry_%s)\"\"\"\n", f->name, library_c_ident(f->name));
    sb_puts(sb, "        outs = (");
    for (int j = 0; j < rs.len; j++) {
        LibArray a = rs.data[j];
        sb_printf(sb, "_ffi.new(\"%s\"), ",
                  a.type.rank ? xsprintf("struct weft_%s **", library_array_name(a))
                              : xsprintf("%s *", library_c_prim(a.type.prim)));
    }
    sb_puts(sb, ")\n        self._call(_lib.weft_entry_");
    sb_printf(sb, "%s, outs, (", library_c_ident(f->name));
    for (int j = 0; j < ps.len; j++)
        sb_printf(sb, "x%d, ", j + 1);
    sb_puts(sb, "), (");
    for (int j = 0; j < ps.len; j++)
        sb_printf(sb, "%s, ", param_type(ps.data[j]));
    sb_puts(sb, "))\n        return ");
    if (rs.len != 1)
        sb_puts(sb, "(");
    for (int j = 0; j < rs.len; j++)
        sb_printf(sb, "%s%s", j ? ", " : "", result_expr(rs.data[j], j));
    sb_puts(sb, rs.len == 1 ? "\n\n" : rs.len ? ",)\n\n" : ")\n\n");
}

static char *module_text(const char *out, const char *path, const char *backend, const CProg *p) {
    const char *name = library_base_name(out);
    LibArrays ts = library_array_types(p);
    StrBuf sb = {0};
    sb_printf(&sb, "\"\"\"%s — generated by weft --python from %s; do not edit.\n\n", name, path);
    sb_printf(&sb, "The entry points of %s as methods of Context, over lib%s.so (the C library %s.c, loaded\n"
                   "from this module's folder with cffi's ABI mode).  NumPy arrays in, NumPy arrays out: an\n"
                   "input is passed by address when it is C-contiguous with the parameter's dtype, a result is a\n"
                   "view of the library's memory; a jagged array is a tuple (offsets1, .., data).  Failures\n"
                   "raise WeftError.  docs/LIBRARY.md, \"Python\".\n\"\"\"\n",
              path, name, name);
    sb_puts(&sb, "import os\n\nimport numpy as _np\nfrom cffi import FFI\n\n_ffi = FFI()\n_ffi.cdef(r\"\"\"\n");
    sb_puts(&sb, library_declarations(p, &ts, backend));
    sb_printf(&sb, "\"\"\")\n_lib = _ffi.dlopen(os.path.join(os.path.dirname(os.path.abspath(__file__)), \"lib%s.so\"))\n\n\n",
              name);
    sb_puts(&sb, py_runtime);
    sb_puts(&sb, "\nclass Context(_Context):\n    \"\"\"Context(threads=0): the entry points of the program.\"\"\"\n\n");
    for (int i = 0; i < p->funs.len; i++)
        if (p->funs.data[i]->is_entry)
            entry_method(&sb, p->funs.data[i]);
    return sb.data;
}

int python_write(const char *out, const char *path, const char *backend, const CProg *p) {
    const char *file = xsprintf("%s.py", out), *text = module_text(out, path, backend, p);
    FILE *f = fopen(file, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        fatal("cannot write '%s'", file);
    return 0;
}
