/* gen.c — input files for the GPU benchmarks (bench/cuda/run.sh), in Futhark's binary data
 * format, deterministic (xorshift from a fixed seed):
 *   gen i32 N     one [N]i32 of small values (0..15), so sums wrap predictably
 *   gen f32 N X   one [N]f32 in [-1, 1) and the scalar X (f32): polynomial evaluation at X
 *   gen seg S M   one [S][M]i32, the same values as `gen i32 S*M` (segments of length M)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void header(int rank, const char *type, const int64_t *dims) {
    putchar('b');
    putchar(2);
    putchar(rank);
    fwrite(type, 1, 4, stdout);
    fwrite(dims, 8, (size_t)rank, stdout);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: gen i32 N | gen f32 N X | gen seg S M\n");
        return 2;
    }
    int64_t n = strtoll(argv[2], NULL, 10);
    if (!strcmp(argv[1], "i32")) {
        header(1, " i32", &n);
        for (int64_t i = 0; i < n; i++) {
            int32_t v = (int32_t)(next() & 15);
            fwrite(&v, 4, 1, stdout);
        }
    } else if (!strcmp(argv[1], "seg") && argc == 4) {
        int64_t dims[2] = {n, strtoll(argv[3], NULL, 10)};
        header(2, " i32", dims);
        for (int64_t i = 0; i < dims[0] * dims[1]; i++) {
            int32_t v = (int32_t)(next() & 15);
            fwrite(&v, 4, 1, stdout);
        }
    } else if (!strcmp(argv[1], "f32") && argc == 4) {
        header(1, " f32", &n);
        for (int64_t i = 0; i < n; i++) {
            float v = (float)((double)(next() >> 11) / 9007199254740992.0 * 2.0 - 1.0);
            fwrite(&v, 4, 1, stdout);
        }
        float x = strtof(argv[3], NULL);
        header(0, " f32", NULL);
        fwrite(&x, 4, 1, stdout);
    } else {
        fprintf(stderr, "gen: unknown kind '%s'\n", argv[1]);
        return 2;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
