/* gen_irregular.c — random well-typed weft programs with irregular nested parallelism, for the
 * differential fuzzer tests/fuzz/irregular.sh (the interpreter's results are the reference for
 * the c and multicore backends under several threshold settings).
 *
 *   gen_irregular SEED   prints one program (entry `main`), then lines "--input: VALUES", one
 *                        per input set (comments to weft).
 *
 * A program is an outer `map` over an array of sizes (`ns: []i64`) or over the rows of a jagged
 * parameter (`xss: [][]i32`), perhaps with an invariant scalar `k` and array `ys`.  Its body is
 * a chain of lets (arrays shared by several SOACs) built from iota / replicate of per-element
 * sizes, map, map2, zip, reduce and scan (+, max, min, tuple operators), filter, partition,
 * scatter (one-to-one indices, some out of range) and hist (per-element or invariant widths,
 * empty ones too, some indices out of range),
 * loops of per-element trip counts, ifs on per-element data, indexing, slices, concat, reverse
 * and maps nested two and three levels deep; its result is a scalar, a regular row, a jagged
 * row or a pair of them.  Arithmetic is on i32 (exact; f64 only on small multiples of 0.5, so
 * exact too).  Sizes stay small and non-negative, indices in bounds, divisors non-zero: a
 * generated program should never fail at run time (the driver skips an input that does).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint32_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static int pick(int n) { return (int)(next_random() % (uint32_t)n); }
static int chance(int percent) { return pick(100) < percent; }

/* printf into a fresh string (never freed: one program per process) */
static char *fmt(const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    char *s = malloc((size_t)n + 1);
    if (!s) exit(1);
    va_start(args, format);
    vsnprintf(s, (size_t)n + 1, format, args);
    va_end(args);
    return s;
}

/* ---- scopes: the variables a body may use ---- */

enum { MAX_VARS = 24 };
typedef struct {
    const char *sizes[MAX_VARS];  /* i64, non-negative and small */
    int n_sizes;
    const char *ints[MAX_VARS];   /* i32 */
    int n_ints;
    const char *arrays[MAX_VARS]; /* []i32 */
    int n_arrays;
    int depth;                    /* lambdas around us */
} Env;

static int fresh_counter;
static const char *fresh(const char *prefix) { return fmt("%s%d", prefix, fresh_counter++); }

static void add_size(Env *e, const char *v) { if (e->n_sizes < MAX_VARS) e->sizes[e->n_sizes++] = v; }
static void add_int(Env *e, const char *v) { if (e->n_ints < MAX_VARS) e->ints[e->n_ints++] = v; }
static void add_array(Env *e, const char *v) { if (e->n_arrays < MAX_VARS) e->arrays[e->n_arrays++] = v; }

static char *gen_int(Env *e, int budget);
static char *gen_array(Env *e, int budget);
static char *gen_bool(Env *e, int budget);

/* a variable in scope, the most recent one half of the time (so that lets are used) */
static const char *any_array(Env *e) {
    if (!e->n_arrays) return NULL;
    return e->arrays[chance(50) ? e->n_arrays - 1 : pick(e->n_arrays)];
}

/* a non-negative i64 that stays small */
static char *gen_size(Env *e, int budget) {
    switch (pick(7)) {
    case 0: case 1:
        if (e->n_sizes) return fmt("%s", e->sizes[pick(e->n_sizes)]);
        return fmt("%d", pick(5));
    case 2: if (e->n_arrays) return fmt("length %s", any_array(e)); return fmt("%d", pick(4));
    case 3: return fmt("i64.i32 ((%s) & 7)", gen_int(e, budget - 1));
    case 4: return fmt("%d", pick(4));
    case 5: return fmt("((%s) %% %d)", gen_size(e, budget - 1), 2 + pick(6));
    default: return fmt("((%s) + %d) / 2", gen_size(e, budget - 1), pick(3));
    }
}

/* a lambda over one i32 element: \x -> ... with x in scope */
static char *gen_elem_fn(Env *e, int budget) {
    Env inner = *e;
    const char *x = fresh("x");
    add_int(&inner, x);
    inner.depth++;
    return fmt("(\\%s -> %s)", x, gen_int(&inner, budget - 1));
}

static char *gen_pred(Env *e, int budget) {
    Env inner = *e;
    const char *x = fresh("x");
    add_int(&inner, x);
    inner.depth++;
    switch (pick(3)) {
    case 0: return fmt("(\\%s -> %s %% %d == %d)", x, x, 2 + pick(2), pick(2));
    case 1: return fmt("(\\%s -> %s > %s)", x, x, gen_int(&inner, 1));
    default: return fmt("(\\%s -> %s)", x, gen_bool(&inner, budget - 1));
    }
}

/* an array of the same length as variable a */
static char *gen_same_length(Env *e, const char *a, int budget) {
    switch (pick(5)) {
    case 0: return fmt("%s", a);
    case 1: return fmt("reverse %s", a);
    case 2: return fmt("scan (+) 0 %s", a);
    case 3: return fmt("map (\\i -> i32.i64 i) (indices %s)", a);
    default: return fmt("map %s %s", gen_elem_fn(e, budget - 1), a);
    }
}

static const char *reduce_op(void) {
    switch (pick(4)) {
    case 0: return "(+) 0";
    case 1: return "i32.max i32.lowest";
    case 2: return "i32.min i32.highest";
    default: return "(\\a b -> if a < b then b else a) (-1000)";
    }
}

/* a reduction of an array to an i32, operators plain or on tuples */
static char *gen_reduction(Env *e, int budget) {
    const char *a = any_array(e);
    char *arr = a && chance(60) ? fmt("%s", a) : gen_array(e, budget - 1);
    switch (pick(6)) {
    case 0: case 1: return fmt("reduce %s (%s)", reduce_op(), arr);
    case 2: /* sum and count of a pair */
        if (!a) break;
        return fmt("(let (s, c) = reduce (\\(s1, c1) (s2, c2) -> (s1 + s2, c1 + c2)) (0, 0) "
                   "(zip %s (map (\\v -> if v > 0 then 1 else 0) %s)) in s * 3 + c)", a, a);
    case 3: /* argmax: value and first index */
        if (!a) break;
        return fmt("(let (v, i) = reduce (\\(v1, i1) (v2, i2) -> if v1 > v2 || (v1 == v2 && i1 < i2) "
                   "then (v1, i1) else (v2, i2)) (i32.lowest, -1) (zip %s (map i32.i64 (indices %s))) "
                   "in if i < 0 then 0 else v + i)", a, a);
    case 4: /* f64 on small multiples of 0.5: exact */
        return fmt("i32.f64 (2.0 * reduce (+) 0.0 (map (\\v -> f64.i32 (v %% 16) * 0.5) (%s)))", arr);
    default: break;
    }
    return fmt("reduce (+) 0 (map %s (%s))", gen_elem_fn(e, budget - 1), arr);
}

static char *gen_bool(Env *e, int budget) {
    switch (pick(4)) {
    case 0: return fmt("%s < %s", gen_int(e, budget - 1), gen_int(e, budget - 1));
    case 1: return fmt("%s %% 2 == 0", gen_int(e, budget - 1));
    case 2: return fmt("%s > %d", gen_size(e, budget - 1), pick(4));
    default: return fmt("(%s) == (%s)", gen_int(e, budget - 1), gen_int(e, budget - 1));
    }
}

static char *gen_int(Env *e, int budget) {
    if (budget <= 0 || chance(25)) {
        if (e->n_ints && chance(70)) return fmt("%s", e->ints[pick(e->n_ints)]);
        if (chance(30)) return fmt("(i32.i64 (%s))", gen_size(e, 0));
        return fmt("(%d)", pick(10) - 3);
    }
    switch (pick(12)) {
    case 0: return fmt("(%s + %s)", gen_int(e, budget - 1), gen_int(e, budget - 1));
    case 1: return fmt("(%s - %s)", gen_int(e, budget - 1), gen_int(e, budget - 1));
    case 2: return fmt("(%s * %d)", gen_int(e, budget - 1), pick(4) - 1);
    case 3: return fmt("(%s %s %d)", gen_int(e, budget - 1), chance(50) ? "/" : "%", 1 + pick(5));
    case 4: return fmt("(i32.max %s %s)", gen_int(e, budget - 1), gen_int(e, budget - 1));
    case 5: return fmt("(if %s then %s else %s)", gen_bool(e, budget - 1), gen_int(e, budget - 1),
                       gen_int(e, budget - 1));
    case 6: case 7: if (e->depth < 4) return fmt("(%s)", gen_reduction(e, budget - 1)); break;
    case 8: { /* indexing, guarded */
        const char *a = any_array(e);
        if (!a) break;
        return fmt("(if length %s > 0 then %s[i64.i32 (%s) %% length %s] else %d)", a, a,
                   gen_int(e, budget - 1), a, pick(5));
    }
    case 9: { /* a loop with a per-element trip count */
        const char *acc = fresh("acc"), *i = fresh("i");
        Env inner = *e;
        add_int(&inner, acc);
        add_size(&inner, i);
        return fmt("(loop %s = %s for %s < %s do %s)", acc, gen_int(e, budget - 1), i,
                   gen_size(e, budget - 1), gen_int(&inner, budget - 1));
    }
    case 10: return fmt("(i32.i64 (length (%s)))", gen_array(e, budget - 1));
    default: break;
    }
    return fmt("(%s + %d)", gen_int(e, budget - 1), pick(3));
}

/* a scatter with one-to-one indices (some out of range, ignored) */
static char *gen_scatter(Env *e, int budget) {
    const char *j = fresh("j");
    Env inner = *e;
    add_size(&inner, j);
    inner.depth++;
    char *dest = chance(50) ? fmt("replicate (%s) 0", gen_size(e, budget - 1))
                            : (any_array(e) ? fmt("copy %s", any_array(e)) : fmt("replicate 3 1"));
    char *k = gen_size(e, budget - 1);
    const char *kv = fresh("m");
    return fmt("(let %s = %s in scatter (%s) (map (\\%s -> if %s then %s + %d else -1) (iota %s)) "
               "(map (\\%s -> %s) (iota %s)))",
               kv, k, dest, j, gen_bool(&inner, 1), j, pick(3), kv, j, gen_int(&inner, budget - 1), kv);
}

static char *gen_hist(Env *e, int budget, const char *width) {
    const char *a = any_array(e);
    char *arr = a ? fmt("%s", a) : gen_array(e, budget - 1);
    static const char *ops[] = {"(+) 0", "i32.max 0", "i32.min 100"};
    return fmt("(let src = (%s) in hist %s (%s) (map (\\v -> i64.i32 v %% (%s + 1)) src) (map %s src))", arr,
               ops[pick(3)], width, width, gen_elem_fn(e, budget - 1));
}

/* an i32 array whose length depends on per-element data */
static char *gen_array(Env *e, int budget) {
    const char *a = any_array(e);
    if (budget <= 0 || chance(15)) {
        if (a && chance(70)) return fmt("%s", a);
        return fmt("map i32.i64 (iota (%s))", gen_size(e, 0));
    }
    switch (pick(18)) {
    case 0: return fmt("map i32.i64 (iota (%s))", gen_size(e, budget - 1));
    case 1: return fmt("replicate (%s) (%s)", gen_size(e, budget - 1), gen_int(e, budget - 1));
    case 2: { /* map over iota: a nested lambda (two or three levels with the outer map) */
        const char *i = fresh("i");
        Env inner = *e;
        add_size(&inner, i);
        add_int(&inner, fmt("(i32.i64 %s)", i));
        inner.depth++;
        return fmt("map (\\%s -> %s) (iota (%s))", i, gen_int(&inner, budget - 1),
                   gen_size(e, budget - 1));
    }
    case 3: return fmt("map %s (%s)", gen_elem_fn(e, budget - 1), gen_array(e, budget - 1));
    case 4:
        if (!a) break;
        return fmt("map2 (\\p q -> p * 2 + q) %s (%s)", a, gen_same_length(e, a, budget - 1));
    case 5: return fmt("scan %s (%s)", reduce_op(), gen_array(e, budget - 1));
    case 6:
        if (!a) break;
        return fmt("map (.0) (scan (\\(a1, b1) (a2, b2) -> (a1 + a2, i32.max b1 b2)) (0, i32.lowest) "
                   "(zip %s (%s)))", a, gen_same_length(e, a, budget - 1));
    case 7:
        if (!a) break;
        /* x_i = a_i * x_{i-1} + b_i with a_i in {0, 1}: a segmented sum, as a scan of pairs */
        return fmt("map (.1) (scan (\\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) "
                   "(zip (map (\\v -> if v %% 3 == 0 then 0 else 1) %s) (%s)))", a,
                   gen_same_length(e, a, budget - 1));
    case 8: return fmt("filter %s (%s)", gen_pred(e, budget - 1), gen_array(e, budget - 1));
    case 9: {
        char *p = gen_pred(e, budget - 1), *arr = gen_array(e, budget - 1);
        switch (pick(3)) {
        case 0: return fmt("(partition %s (%s)).0", p, arr);
        case 1: return fmt("(partition %s (%s)).1", p, arr);
        default: return fmt("(let (yes, no) = partition %s (%s) in concat no yes)", p, arr);
        }
    }
    case 10: return gen_scatter(e, budget - 1);
    case 11: return gen_hist(e, budget - 1, chance(50) ? gen_size(e, 0) : fmt("%d", 1 + pick(5)));
    case 12: { /* loop with a per-element trip count, size-preserving or growing */
        const char *acc = fresh("acc"), *i = fresh("i");
        Env inner = *e;
        add_array(&inner, acc);
        add_size(&inner, i);
        char *body = chance(50) ? fmt("map (\\y -> y + i32.i64 %s) %s", i, acc)
                                : fmt("concat %s [%s]", acc, gen_int(&inner, 1));
        return fmt("(loop %s = %s for %s < (%s) %% 5 do %s)", acc, gen_array(e, budget - 1), i,
                   gen_size(e, budget - 1), body);
    }
    case 13: return fmt("(if %s then %s else %s)", gen_bool(e, budget - 1), gen_array(e, budget - 1),
                        gen_array(e, budget - 1));
    case 14: {
        if (!a) break;
        switch (pick(4)) {
        case 0: return fmt("%s[length %s / 3 : length %s - length %s / 4]", a, a, a, a);
        case 1: return fmt("%s[0 : length %s / 2]", a, a);
        case 2: return fmt("%s[length %s / 2 :]", a, a);
        default: return fmt("reverse %s", a);
        }
    }
    case 15: return fmt("concat (%s) (%s)", gen_array(e, budget - 1), gen_array(e, budget - 1));
    case 16: { /* a map over an array whose body reduces an inner irregular array */
        if (!a || e->depth >= 3) break;
        const char *x = fresh("x");
        Env inner = *e;
        add_int(&inner, x);
        inner.depth++;
        return fmt("map (\\%s -> %s) %s", x, gen_reduction(&inner, budget - 1), a);
    }
    default: break;
    }
    return fmt("map i32.i64 (iota (%s))", gen_size(e, budget - 1));
}

/* a chain of lets, each an array or an int, then RESULT (called with the scope it built) */
static void gen_lets(Env *e, int count, int budget) {
    for (int k = 0; k < count; k++) {
        if (chance(65)) {
            const char *v = fresh("a");
            printf("    let %s = %s\n", v, gen_array(e, budget));
            add_array(e, v);
        } else {
            const char *v = fresh("s");
            printf("    let %s = %s\n", v, gen_int(e, budget));
            add_int(e, v);
        }
    }
}

typedef struct { char *text; } StrSum;

enum { R_SCALAR, R_ROW, R_JAGGED, R_JAGGED2, R_PAIR, N_RESULTS };
static const char *result_type[] = {"[]i32", "[][w]i32", "[][]i32", "[][][]i32", "([]i32, [][]i32)"};

static char *gen_result(Env *e, int kind, int budget) {
    switch (kind) {
    case R_SCALAR: return gen_int(e, budget);
    case R_ROW: { /* a regular row of invariant width w */
        switch (pick(3)) {
        case 0: return gen_hist(e, budget, "w");
        case 1: return fmt("scatter (replicate w 0) (map (\\j -> if j < w then j else -1) (iota (%s))) "
                           "(map (\\j -> i32.i64 j * 2) (iota (%s)))",
                           "length r0", "length r0");
        default: return fmt("map (\\c -> %s + i32.i64 c) (iota w)", gen_int(e, budget));
        }
    }
    case R_JAGGED: return gen_array(e, budget);
    case R_JAGGED2: {
        const char *i = fresh("i");
        Env inner = *e;
        add_size(&inner, i);
        inner.depth++;
        return fmt("map (\\%s -> %s) (iota (%s))", i, gen_array(&inner, budget - 1),
                   gen_size(e, 1));
    }
    default: return fmt("(%s, %s)", gen_int(e, budget), gen_array(e, budget));
    }
}

/* an array literal of i64 sizes or of i32 rows; one long row now and then */
static void print_sizes(int outer) {
    if (outer == 0) { printf("empty([0]i64)"); return; }
    printf("[");
    int long_one = chance(30) ? pick(outer + 1) : -1;
    for (int i = 0; i < outer; i++)
        printf("%s%di64", i ? ", " : "", i == long_one ? 15 + pick(20) : pick(7));
    printf("]");
}

/* a row of i32, or of f64 halves (exact in binary) */
static void print_row(int len, int floats) {
    if (len == 0) { printf(floats ? "empty([0]f64)" : "empty([0]i32)"); return; }
    printf("[");
    for (int i = 0; i < len; i++) {
        int v = pick(19) - 9;
        if (floats) printf("%s%s%d.%df64", i ? ", " : "", v < 0 ? "-" : "", abs(v) / 2, abs(v) % 2 * 5);
        else printf("%s%di32", i ? ", " : "", v);
    }
    printf("]");
}

static void print_jagged(int outer, int floats) {
    if (outer == 0) { printf(floats ? "empty([0][0]f64)" : "empty([0][0]i32)"); return; }
    printf("[");
    int long_one = chance(30) ? pick(outer) : -1;
    for (int i = 0; i < outer; i++) {
        printf("%s", i ? ", " : "");
        print_row(i == long_one ? 15 + pick(20) : pick(6), floats);
    }
    printf("]");
}

static int random_outer(void) {
    switch (pick(6)) {
    case 0: return 0;
    case 1: return 1;
    default: return 2 + pick(6);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: gen_irregular SEED\n"); return 2; }
    uint64_t seed = strtoull(argv[1], NULL, 10);
    rng_state = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    for (int i = 0; i < 4; i++) next_random();

    int jagged = chance(40), has_k = chance(50), has_ys = chance(30);
    int kind = pick(N_RESULTS);
    /* rows of f64 halves, taken as i32 (twice their value); jagged results back as f64 */
    int floats = jagged && chance(35);
    const char *rtype = floats && kind == R_JAGGED ? "[][]f64" : result_type[kind];
    int budget = 2 + pick(5);
    Env e = {0};

    printf("-- generated by tests/fuzz/gen_irregular.c, seed %llu\n", (unsigned long long)seed);
    printf("entry main %s%s%s%s : %s =\n",
           jagged ? (floats ? "(xss: [][]f64)" : "(xss: [][]i32)") : "(ns: []i64)",
           has_k ? " (k: i32)" : "", has_ys ? " (ys: []i32)" : "", kind == R_ROW ? " (w: i64)" : "",
           rtype);
    if (has_k) add_int(&e, "k");
    if (has_ys) add_array(&e, "ys");
    if (kind == R_ROW) add_size(&e, "w");
    e.depth = 1;
    if (jagged) {
        printf("  %smap (\\%s ->\n", kind == R_PAIR ? "unzip <| " : "", floats ? "fs" : "xs");
        if (floats) printf("    let xs = map (\\v -> i32.f64 (v * 2.0)) fs\n");
        printf("    let n = length xs\n");
        add_array(&e, "xs");
    } else {
        printf("  %smap (\\n ->\n", kind == R_PAIR ? "unzip <| " : "");
    }
    add_size(&e, "n");
    if (kind == R_ROW) {
        printf("    let r0 = %s\n", gen_array(&e, budget));
        add_array(&e, "r0");
    }
    gen_lets(&e, 1 + pick(4), budget);
    char *result = gen_result(&e, kind, budget);
    if (chance(60) && (kind == R_SCALAR || kind == R_JAGGED)) { /* every let used in the result */
        StrSum sum = {fmt("0")};
        for (int v = 0; v < e.n_ints; v++) sum.text = fmt("%s + %s", sum.text, e.ints[v]);
        for (int v = 0; v < e.n_arrays; v++)
            sum.text = fmt("%s + reduce (+) 0 %s", sum.text, e.arrays[v]);
        result = kind == R_SCALAR ? fmt("%s + %s", result, sum.text)
                                  : fmt("concat (%s) [%s]", result, sum.text);
    }
    if (floats && kind == R_JAGGED) result = fmt("map (\\v -> f64.i32 v * 0.5) (%s)", result);
    printf("    in %s)\n", result);
    const char *outer = jagged ? "xss" : "ns";
    if (chance(20))
        printf("  (filter (\\r -> %s %% 3 != 1) %s)\n", jagged ? "length r" : "r", outer);
    else
        printf("  %s\n", outer);
    for (int t = 0; t < 3; t++) {
        printf("--input: ");
        int n_outer = random_outer();
        if (jagged) print_jagged(n_outer, floats); else print_sizes(n_outer);
        if (has_k) printf(" %di32", pick(21) - 10);
        if (has_ys) { printf(" "); print_row(pick(6), 0); }
        if (kind == R_ROW) printf(" %di64", pick(6));
        printf("\n");
    }
    return 0;
}
