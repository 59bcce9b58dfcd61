/* import.c — loading the files a program imports.
 *
 * `import "path"` and `module M = import "path"` name PATH.fut relative to the directory of the
 * importing file (an absolute path is taken as it is).  Every file is read and parsed once, its
 * own imports loaded in turn, and each ME_IMPORT node gets the parsed file (ModExp.file); the
 * type checker (types/module.c) checks each file once, as a module.  A file that cannot be read,
 * and a cycle of imports, are errors at the import that names them.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"

typedef struct {
    const char *key;  /* the file's real path (two spellings of one file are one file) */
    const char *name; /* as its first import named it, for messages */
    Program *prog;    /* NULL while it is being loaded (its imports are) */
} LoadedFile;

static Vec(LoadedFile) loaded;

static void resolve_decls(DeclVec *ds, const char *dir);

/* The directory part of a file name ("." when it has none). */
static const char *dir_of(const char *file) {
    const char *slash = strrchr(file, '/');
    return slash ? xstrndup(file, (size_t)(slash - file)) : ".";
}

/* "a.fut imports b.fut imports a.fut": the imports being loaded from `from` on. */
static const char *cycle_text(int from, const char *again) {
    StrBuf sb = {0};
    for (int i = from; i < loaded.len; i++)
        sb_printf(&sb, "%s imports ", loaded.data[i].name);
    sb_puts(&sb, again);
    return sb.data;
}

static Program *load(const char *path, const char *dir, Loc loc) {
    const char *file = path[0] == '/' ? xsprintf("%s.fut", path)
                       : strcmp(dir, ".") ? xsprintf("%s/%s.fut", dir, path)
                                          : xsprintf("%s.fut", path);
    char real[PATH_MAX];
    if (!realpath(file, real))
        error_at(loc, "cannot import \"%s\": %s: %s", path, file, strerror(errno));
    const char *key = intern(real);
    for (int i = 0; i < loaded.len; i++)
        if (loaded.data[i].key == key) {
            if (!loaded.data[i].prog)
                error_at(loc, "import cycle: %s", cycle_text(i, file));
            return loaded.data[i].prog;
        }
    char *text = read_file(file, NULL);
    if (!text)
        error_at(loc, "cannot import \"%s\": %s: %s", path, file, strerror(errno));
    file = intern(file);
    source_register(file, text);
    vec_push(&loaded, ((LoadedFile){key, file, NULL}));
    int at = loaded.len - 1;
    Program *p = parse_program(file, text);
    resolve_decls(&p->decls, dir_of(file));
    loaded.data[at].prog = p;
    return p;
}

static void resolve_mod(ModExp *m, const char *dir) {
    if (!m)
        return;
    switch (m->kind) {
    case ME_IMPORT: m->file = load(m->path, dir, m->loc); return;
    case ME_STRUCT: resolve_decls(&m->decls, dir); return;
    case ME_APPLY:
        resolve_mod(m->fn, dir);
        resolve_mod(m->arg, dir);
        return;
    case ME_ASCRIBE:
    case ME_LAMBDA: resolve_mod(m->body, dir); return;
    case ME_NAME: return;
    }
}

static void resolve_decls(DeclVec *ds, const char *dir) {
    for (int i = 0; i < ds->len; i++)
        resolve_mod(ds->data[i]->mod, dir);
}

void resolve_imports(Program *p) {
    const char *main = p->file;
    char real[PATH_MAX];
    if (main && realpath(main, real)) /* the main file is being loaded: importing it is a cycle */
        vec_push(&loaded, ((LoadedFile){intern(real), main, NULL}));
    resolve_decls(&p->decls, main ? dir_of(main) : ".");
    if (loaded.len && !loaded.data[0].prog && loaded.data[0].name == main)
        loaded.data[0].prog = p;
}
