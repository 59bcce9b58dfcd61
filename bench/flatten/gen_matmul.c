/* gen_matmul.c — inputs of bench/flatten/matmul.fut (seed 001 Figure 2) in Futhark's binary data
 * format: `gen_matmul N M` writes A, a [2^N][2^M]f32, and B, a [2^M][2^N]f32, of small integers
 * (-4..4, deterministic xorshift), so every dot product is exact in f32 for M <= 20.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state = 0x9e3779b97f4a7c15ULL;
static int small_int(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (int)(state % 9) - 4;
}

static void matrix(int64_t rows, int64_t cols) {
    putchar('b');
    putchar(2);
    putchar(2);
    fwrite(" f32", 1, 4, stdout);
    int64_t dims[2] = {rows, cols};
    fwrite(dims, 8, 2, stdout);
    for (int64_t i = 0; i < rows * cols; i++) {
        float v = (float)small_int();
        fwrite(&v, 4, 1, stdout);
    }
}

int main(int argc, char **argv) {
    char *end1, *end2;
    long n = argc == 3 ? strtol(argv[1], &end1, 10) : -1, m = argc == 3 ? strtol(argv[2], &end2, 10) : -1;
    if (argc != 3 || *end1 || *end2 || n < 0 || m < 0 || n + m > 30) {
        fprintf(stderr, "usage: gen_matmul N M   (A is 2^N x 2^M, B 2^M x 2^N; N + M <= 30)\n");
        return 2;
    }
    matrix((int64_t)1 << n, (int64_t)1 << m);
    matrix((int64_t)1 << m, (int64_t)1 << n);
    return ferror(stdout) ? 1 : 0;
}
