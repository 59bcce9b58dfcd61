/* types.c — constructors, queries and printing of semantic types.
 *
 * Types are allocated from the global arena and shared freely; unification variables are
 * solved by setting `link`, so readers look through them with type_prune()/size_prune().
 * Printing uses Futhark's syntax; unsolved variables print as the class of types they stand
 * for ("a numeric type"), which keeps error messages readable, and otherwise as a type
 * parameter a user would write: a, b, c, ... in the order the process first prints them (a
 * message prints its types one after the other, so one variable keeps its name across them).
 */
#include <stdlib.h>
#include <string.h>

#include "types.h"

static int next_var_id;

/* The type t stands for: the end of its chain of links, to which every variable on the way is
 * then linked directly (path compression: a literal array's n element variables, each linked
 * to the next, would otherwise cost n steps per look-up and its checking n^2). */
Type *type_prune(Type *t) {
    Type *root = t;
    while (root && root->kind == T_VAR && root->link)
        root = root->link;
    while (t != root) {
        Type *next = t->link;
        t->link = root;
        t = next;
    }
    return root;
}

Size *size_prune(Size *s) { /* with path compression, as type_prune */
    Size *root = s, *last = NULL;
    while (root && root->kind == SIZE_VAR && root->link) {
        last = root;
        root = root->link;
    }
    /* a chain that ends unknown is kept to its last variable, which a later unification may
     * still solve (types/unify.c, prune_open) */
    Size *to = root && root->kind == SIZE_ANY && last ? last : root;
    while (s != to && s != root) {
        Size *next = s->link;
        s->link = to;
        s = next;
    }
    return root;
}

static Type *type_new(TypeKind kind) {
    Type *t = xmalloc(sizeof *t);
    t->kind = kind;
    t->prim = PRIM_NONE;
    return t;
}

Type *type_prim(PrimType p) {
    static Type *cache[PRIM_COUNT];
    if (p < 0 || p >= PRIM_COUNT)
        die("type_prim: bad primitive %d", (int)p);
    if (!cache[p]) {
        cache[p] = type_new(T_PRIM);
        cache[p]->prim = p;
    }
    return cache[p];
}

Type *type_array(Type *elem, Size *dim) {
    Type *t = type_new(T_ARRAY);
    t->elem = elem;
    t->dim = dim ? dim : size_any();
    return t;
}

Type *type_tuple(int n, Type **elems) {
    Type *t = type_new(T_TUPLE);
    for (int i = 0; i < n; i++)
        vec_push(&t->elems, elems[i]);
    return t;
}

Type *type_unit(void) { return type_tuple(0, NULL); }

Type *type_record(int n, const char **fields, Type **elems) {
    Type *t = type_new(T_RECORD);
    for (int i = 0; i < n; i++) {
        /* insertion sort by field name */
        int j = t->fields.len;
        vec_push(&t->fields, fields[i]);
        vec_push(&t->elems, elems[i]);
        while (j > 0 && strcmp(t->fields.data[j - 1], fields[i]) > 0) {
            t->fields.data[j] = t->fields.data[j - 1];
            t->elems.data[j] = t->elems.data[j - 1];
            j--;
        }
        t->fields.data[j] = fields[i];
        t->elems.data[j] = elems[i];
    }
    return t;
}

Type *type_sum(int n, const char **ctors, Type **payloads) {
    Type *t = type_record(n, ctors, payloads); /* the same sorted pairs */
    t->kind = T_SUM;
    return t;
}

int type_ctor_index(Type *t, const char *ctor) {
    t = type_prune(t);
    for (int i = 0; t->kind == T_SUM && i < t->fields.len; i++)
        if (t->fields.data[i] == ctor)
            return i;
    return -1;
}

Type *type_arrow(Type *param, Type *ret) {
    Type *t = type_new(T_ARROW);
    t->param = param;
    t->ret = ret;
    return t;
}

Type *type_param(const char *name) {
    Type *t = type_new(T_PARAM);
    t->name = name;
    return t;
}

Type *type_var(unsigned prims, int level) {
    Type *t = type_new(T_VAR);
    t->id = ++next_var_id;
    t->prims = prims;
    t->level = level;
    return t;
}

Size *size_any(void) {
    static Size any = {.kind = SIZE_ANY};
    return &any;
}

Size *size_const(int64_t v) {
    Size *s = xmalloc(sizeof *s);
    s->kind = SIZE_CONST;
    s->value = v;
    return s;
}

Size *size_name(const char *name) {
    Size *s = xmalloc(sizeof *s);
    s->kind = SIZE_NAME;
    s->name = name;
    return s;
}

Size *size_var(void) {
    Size *s = xmalloc(sizeof *s);
    s->kind = SIZE_VAR;
    s->id = ++next_var_id;
    return s;
}

bool size_is_arith(BinOp op) {
    switch (op) {
    case BIN_ADD: case BIN_SUB: case BIN_MUL: case BIN_DIV: case BIN_MOD: case BIN_QUOT:
    case BIN_REM: case BIN_POW:
        return true;
    default:
        return false;
    }
}

bool size_arith(BinOp op, int64_t a, int64_t b, int64_t *out) {
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case BIN_ADD: *out = (int64_t)(ua + ub); return true;
    case BIN_SUB: *out = (int64_t)(ua - ub); return true;
    case BIN_MUL: *out = (int64_t)(ua * ub); return true;
    case BIN_POW: {
        if (b < 0)
            return false;
        uint64_t r = 1;
        for (int64_t i = 0; i < b && i < 64; i++)
            r *= ua;
        *out = (int64_t)r;
        return true;
    }
    default:
        break;
    }
    if (b == 0 || (a == INT64_MIN && b == -1))
        return false;
    switch (op) {
    case BIN_QUOT: *out = a / b; return true;
    case BIN_REM: *out = a % b; return true;
    case BIN_DIV: *out = a / b - ((a % b != 0) && ((a < 0) != (b < 0))); return true;
    case BIN_MOD: *out = a % b + ((a % b != 0) && ((a < 0) != (b < 0)) ? b : 0); return true;
    default: return false;
    }
}

Size *size_binop(BinOp op, Size *a, Size *b) {
    Size *pa = size_prune(a), *pb = size_prune(b);
    if (pa->kind == SIZE_ANY || pb->kind == SIZE_ANY)
        return size_any();
    Size *s = xmalloc(sizeof *s);
    s->kind = SIZE_EXPR;
    s->op = op;
    s->n = 2;
    s->args = xmalloc(2 * sizeof *s->args);
    s->args[0] = a;
    s->args[1] = b;
    return s;
}

Size *size_binop_open(BinOp op, Size *a, Size *b) {
    bool ua = size_prune(a)->kind == SIZE_ANY, ub = size_prune(b)->kind == SIZE_ANY;
    if (ua == ub)
        return size_binop(op, a, b);
    Size *v = size_var();
    v->link = size_any();
    Size *s = size_binop(op, ua ? size_var() : a, ub ? size_var() : b);
    s->args[ua ? 0 : 1] = v;
    return s;
}

Size *size_call(Decl *fn, int n, Size **args) {
    for (int i = 0; i < n; i++)
        if (size_prune(args[i])->kind == SIZE_ANY)
            return size_any();
    Size *s = xmalloc(sizeof *s);
    s->kind = SIZE_EXPR;
    s->fn = fn;
    s->n = n;
    s->args = xmalloc((size_t)(n + 1) * sizeof *s->args);
    for (int i = 0; i < n; i++)
        s->args[i] = args[i];
    return s;
}

int type_rank(Type *t) {
    int r = 0;
    for (t = type_prune(t); t && t->kind == T_ARRAY; t = type_prune(t->elem))
        r++;
    return r;
}

Type *type_base(Type *t) {
    for (t = type_prune(t); t && t->kind == T_ARRAY; t = type_prune(t->elem))
        ;
    return t;
}

bool type_is_prim(Type *t, PrimType p) {
    t = type_prune(t);
    return t && t->kind == T_PRIM && t->prim == p;
}

bool type_has_arrow(Type *t) {
    t = type_prune(t);
    switch (t->kind) {
    case T_ARROW:
        return true;
    case T_ARRAY:
        return type_has_arrow(t->elem);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (type_has_arrow(t->elems.data[i]))
                return true;
        return false;
    default:
        return false;
    }
}

bool type_has_array(Type *t) {
    t = type_prune(t);
    if (!t)
        return false;
    switch (t->kind) {
    case T_ARRAY:
    case T_PARAM:
    case T_VAR:
        return true;
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (type_has_array(t->elems.data[i]))
                return true;
        return false;
    default:
        return false;
    }
}

int type_field_index(Type *t, const char *field) {
    t = type_prune(t);
    if (t->kind == T_RECORD) {
        for (int i = 0; i < t->fields.len; i++)
            if (t->fields.data[i] == field || !strcmp(t->fields.data[i], field))
                return i;
        return -1;
    }
    if (t->kind == T_TUPLE) {
        char *end;
        long k = strtol(field, &end, 10);
        if (*field && !*end && k >= 0 && k < t->elems.len)
            return (int)k;
    }
    return -1;
}

Type *type_copy_unique(Type *t, bool unique) {
    t = type_prune(t);
    if (t->unique == unique || t->kind == T_VAR) /* a variable cannot be copied: the flag is lost */
        return t;
    Type *c = xmalloc(sizeof *c);
    *c = *t;
    c->unique = unique;
    return c;
}

/* ---- printing ---- */

static void size_print_in(StrBuf *sb, Size *s, bool spaced);

/* A size as an operand of a size expression: compound ones in parentheses. */
static void size_print_operand(StrBuf *sb, Size *s, bool spaced) {
    s = size_prune(s);
    bool paren = s && s->kind == SIZE_EXPR;
    if (paren)
        sb_putc(sb, '(');
    size_print_in(sb, s, spaced);
    if (paren)
        sb_putc(sb, ')');
}

/* spaced: operators between spaces, as Futhark writes sizes in its messages (n + 1). */
static void size_print_in(StrBuf *sb, Size *s, bool spaced) {
    s = size_prune(s);
    if (!s)
        return;
    if (s->kind == SIZE_CONST) {
        sb_printf(sb, "%lld", (long long)s->value);
    } else if (s->kind == SIZE_NAME) {
        sb_puts(sb, s->name);
    } else if (s->kind == SIZE_EXPR && s->fn) {
        sb_puts(sb, s->fn->name);
        for (int i = 0; i < s->n; i++) {
            sb_putc(sb, ' ');
            size_print_operand(sb, s->args[i], spaced);
        }
    } else if (s->kind == SIZE_EXPR) {
        size_print_operand(sb, s->args[0], spaced);
        if (spaced)
            sb_putc(sb, ' ');
        sb_puts(sb, binop_name(s->op));
        if (spaced)
            sb_putc(sb, ' ');
        size_print_operand(sb, s->args[1], spaced);
    }
}

void size_print(StrBuf *sb, Size *s) { size_print_in(sb, s, false); }

char *size_words(Size *s) {
    StrBuf sb = {0};
    size_print_in(&sb, s, true);
    sb_putc(&sb, 0);
    return sb.data;
}

bool size_mentions(Size *s, const char *name) {
    s = size_prune(s);
    if (s && s->kind == SIZE_EXPR) {
        for (int i = 0; i < s->n; i++)
            if (size_mentions(s->args[i], name))
                return true;
        return false;
    }
    return s && s->kind == SIZE_NAME && s->name == name;
}

bool type_mentions_size(Type *t, const char *name) {
    t = type_prune(t);
    if (!t)
        return false;
    switch (t->kind) {
    case T_ARRAY:
        return size_mentions(t->dim, name) || type_mentions_size(t->elem, name);
    case T_TUPLE:
    case T_RECORD:
    case T_SUM:
        for (int i = 0; i < t->elems.len; i++)
            if (type_mentions_size(t->elems.data[i], name))
                return true;
        return false;
    case T_ARROW:
        return type_mentions_size(t->param, name) || type_mentions_size(t->ret, name);
    default:
        return false;
    }
}

static const char *var_class(Type *t) {
    if (t->fields.len)
        return t->sum ? "a sum type" : "a record type";
    if (t->prims == MASK_NUM)
        return "a numeric type";
    if (t->prims == MASK_INT)
        return "an integer type";
    if (t->prims == MASK_FLOAT)
        return "a floating-point type";
    if (t->prims == MASK_PRIM)
        return "a primitive type";
    if (t->prims)
        return "a primitive type";
    if (t->eq)
        return "an equality type";
    return NULL;
}

static void print_inner(StrBuf *sb, Type *t, bool arrow_param);
static int print_depth;

/* The names given to unsolved variables (by id), and the type parameters' names printed. */
static Vec(int) named_ids;
static Vec(const char *) var_names, printed_params;

static bool name_taken(const char *name) {
    for (int i = 0; i < printed_params.len; i++)
        if (!strcmp(printed_params.data[i], name))
            return true;
    for (int i = 0; i < var_names.len; i++)
        if (!strcmp(var_names.data[i], name))
            return true;
    return false;
}

/* Variable id's name: given when first printed, the first of a..z, a1..z1, a2.. not taken. */
static const char *var_name(int id) {
    for (int i = 0; i < named_ids.len; i++)
        if (named_ids.data[i] == id)
            return var_names.data[i];
    char *name = NULL;
    for (int n = 0; !name || name_taken(name); n++)
        name = n < 26 ? xsprintf("%c", 'a' + n) : xsprintf("%c%d", 'a' + n % 26, n / 26);
    vec_push(&named_ids, id);
    vec_push(&var_names, name);
    return name;
}

void type_print(StrBuf *sb, Type *t) { print_inner(sb, t, false); }

/* Unsolved variables: at the top, the class of types they stand for; nested in a larger type,
 * the type they default to (i32, f64), or a name. */
static void print_ctors(StrBuf *sb, Type *t);

static void print_var(StrBuf *sb, Type *t) {
    const char *cls = var_class(t);
    if (cls && print_depth == 1 && t->sum) { /* the constructors it was seen with, and their payloads */
        sb_puts(sb, "a sum type with ");
        print_ctors(sb, t);
    } else if (cls && print_depth == 1)
        sb_puts(sb, cls);
    else if (t->prims & PRIM_BIT(PRIM_I32))
        sb_puts(sb, "i32");
    else if (t->prims & PRIM_BIT(PRIM_F64))
        sb_puts(sb, "f64");
    else if (t->prims) {
        int p = 0;
        while (!(t->prims & PRIM_BIT(p)))
            p++;
        sb_puts(sb, prim_name((PrimType)p));
    } else
        sb_puts(sb, var_name(t->id));
}

static void print_type(StrBuf *sb, Type *t, bool arrow_param);

/* The constructors of a sum type (or of a variable seen with them) and their payloads. */
static void print_ctors(StrBuf *sb, Type *t) {
    for (int i = 0; i < t->elems.len && i < t->fields.len; i++) {
        sb_printf(sb, "%s#%s", i ? " | " : "", t->fields.data[i]);
        Type *p = type_prune(t->elems.data[i]);
        for (int j = 0; p->kind == T_TUPLE && j < p->elems.len; j++) {
            Type *x = type_prune(p->elems.data[j]);
            bool paren = x->kind == T_ARROW || x->kind == T_SUM || (x->kind == T_VAR && x->sum);
            sb_puts(sb, paren ? " (" : " ");
            print_inner(sb, x, false);
            if (paren)
                sb_putc(sb, ')');
        }
    }
}

static void print_inner(StrBuf *sb, Type *t, bool arrow_param) {
    print_depth++;
    print_type(sb, t, arrow_param);
    print_depth--;
}

static void print_type(StrBuf *sb, Type *t, bool arrow_param) {
    t = type_prune(t);
    if (!t) {
        sb_puts(sb, "?");
        return;
    }
    if (t->unique)
        sb_putc(sb, '*');
    switch (t->kind) {
    case T_PRIM:
        sb_puts(sb, prim_name(t->prim));
        break;
    case T_ARRAY:
        sb_putc(sb, '[');
        size_print(sb, t->dim);
        sb_putc(sb, ']');
        print_inner(sb, t->elem, true);
        break;
    case T_TUPLE:
        sb_putc(sb, '(');
        for (int i = 0; i < t->elems.len; i++) {
            if (i)
                sb_puts(sb, ", ");
            print_inner(sb, t->elems.data[i], false);
        }
        sb_putc(sb, ')');
        break;
    case T_RECORD:
        sb_putc(sb, '{');
        for (int i = 0; i < t->elems.len; i++) {
            sb_printf(sb, "%s%s: ", i ? ", " : "", t->fields.data[i]);
            print_inner(sb, t->elems.data[i], false);
        }
        sb_putc(sb, '}');
        break;
    case T_SUM: /* #bar i16 | #foo (i32, bool) */
        print_ctors(sb, t);
        break;
    case T_ARROW:
        if (arrow_param)
            sb_putc(sb, '(');
        if (t->param_name && type_mentions_size(t->ret, t->param_name)) {
            sb_printf(sb, "(%s: ", t->param_name);
            print_inner(sb, t->param, false);
            sb_putc(sb, ')');
        } else {
            print_inner(sb, t->param, true);
        }
        sb_puts(sb, " -> ");
        print_inner(sb, t->ret, false);
        if (arrow_param)
            sb_putc(sb, ')');
        break;
    case T_PARAM:
        vec_push(&printed_params, t->name);
        sb_puts(sb, t->name);
        break;
    case T_VAR:
        print_var(sb, t);
        break;
    }
}

char *type_str(Type *t) {
    StrBuf sb = {0};
    type_print(&sb, t);
    sb_putc(&sb, 0);
    return sb.data;
}
