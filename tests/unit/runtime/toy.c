/* toy.c — a hand-written "generated program" for tests/scripts/rts_runtime.sh: four entry points
 * and two tuning parameters, driven through wf_main (rts/runtime.c).
 *   main  : []i32 -> i32                 sum of the array
 *   pair  : *[]i64 -> i64 -> ([]i64, i64)  adds k to each element in place; returns it and its length
 *   index : []f64 -> i64 -> f64           xs[i], with a bounds check
 *   ident : [][]f32 -> [][]f32            the argument itself (result aliases argument)
 *   alloc : i64 -> []u8                   n bytes of 7s (for out-of-memory and peak memory)
 */
#include <string.h>

#include "../../../rts/runtime.h"

enum { P_MAIN_PAR, P_PAIR_THRESHOLD };

static int e_main(wf_ctx *ctx, const wf_value *args, wf_value *res) {
    const int32_t *xs = args[0].data;
    int32_t s = 0;
    if (wf_cmp_le(ctx, P_MAIN_PAR, args[0].shape[0])) {
        for (int64_t i = args[0].shape[0] - 1; i >= 0; i--) s += xs[i]; /* "parallel" version */
    } else {
        for (int64_t i = 0; i < args[0].shape[0]; i++) s += xs[i];
    }
    if (wf_value_alloc(ctx, &res[0], WF_I32, 0, NULL, "toy.fut:2:3") != 0) return 1;
    *(int32_t *)res[0].data = s;
    return 0;
}

static int e_pair(wf_ctx *ctx, const wf_value *args, wf_value *res) {
    int64_t *xs = args[0].data, k = *(const int64_t *)args[1].data, n = args[0].shape[0];
    (void)wf_cmp_le(ctx, P_PAIR_THRESHOLD, n);
    for (int64_t i = 0; i < n; i++) xs[i] += k;
    if (wf_value_alloc(ctx, &res[1], WF_I64, 0, NULL, "toy.fut:5:3") != 0) return 1;
    *(int64_t *)res[1].data = n;
    res[0] = args[0]; /* consumed and returned in place */
    return 0;
}

static int e_index(wf_ctx *ctx, const wf_value *args, wf_value *res) {
    int64_t i = *(const int64_t *)args[1].data, n = args[0].shape[0];
    if (i < 0 || i >= n)
        return wf_error(ctx, "toy.fut:8:5-9", "index [%lld] out of bounds for array of shape [%lld]",
                        (long long)i, (long long)n);
    if (wf_value_alloc(ctx, &res[0], WF_F64, 0, NULL, "toy.fut:8:3") != 0) return 1;
    *(double *)res[0].data = ((const double *)args[0].data)[i];
    return 0;
}

static int e_ident(wf_ctx *ctx, const wf_value *args, wf_value *res) {
    (void)ctx;
    res[0] = args[0];
    return 0;
}

static int e_alloc(wf_ctx *ctx, const wf_value *args, wf_value *res) {
    int64_t n = *(const int64_t *)args[0].data;
    if (wf_value_alloc(ctx, &res[0], WF_U8, 1, &n, "toy.fut:14:3") != 0) return 1;
    memset(res[0].data, 7, (size_t)n);
    return 0;
}

static const wf_type t_i32_1d[] = {{WF_I32, 1, false, 0}}, t_i32[] = {{WF_I32, 0, false, 0}};
static const wf_type t_pair_in[] = {{WF_I64, 1, true, 0}, {WF_I64, 0, false, 0}};
static const wf_type t_pair_out[] = {{WF_I64, 1, false, 0}, {WF_I64, 0, false, 0}};
static const wf_type t_index_in[] = {{WF_F64, 1, false, 0}, {WF_I64, 0, false, 0}}, t_f64[] = {{WF_F64, 0, false, 0}};
static const wf_type t_f32_2d[] = {{WF_F32, 2, false, 0}};
static const wf_type t_i64[] = {{WF_I64, 0, false, 0}}, t_u8_1d[] = {{WF_U8, 1, false, 0}};

static const wf_entry entries[] = {
    {"main", 1, t_i32_1d, 1, t_i32, e_main},
    {"pair", 2, t_pair_in, 2, t_pair_out, e_pair},
    {"index", 2, t_index_in, 1, t_f64, e_index},
    {"ident", 1, t_f32_2d, 1, t_f32_2d, e_ident},
    {"alloc", 1, t_i64, 1, t_u8_1d, e_alloc},
};
static const wf_param_decl params[] = {{"main.suff_par_1", 32768, false}, {"pair.threshold", 100, false}};
static const wf_program program = {entries, 5, params, 2, NULL, NULL, NULL, NULL, NULL};

int main(int argc, char **argv) { return wf_main(argc, argv, &program); }
