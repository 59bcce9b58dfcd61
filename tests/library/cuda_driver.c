/* cuda_driver.c — the device side of `weft cuda --library` on examples/library/portfolio.fut
 * (bench/cuda/library.sh runs it on a GPU; tests/scripts/cuda_library.sh only builds it): a
 * context on a chosen device, an array made from device memory, an entry call, its result
 * written into device memory and read back, weft_context_sync, and the values checked against
 * plain C.  Prints "ok" and exits 0, or names each failed check and exits 1. */
#include <cuda_runtime_api.h>
#include <stdio.h>

#include "portfolio.h"

enum { N = 4096 };

static int failures;

static void check(int cond, const char *what) {
    if (!cond) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

int main(int argc, char **argv) {
    int device = argc > 1 ? argv[1][0] - '0' : 0;
    struct weft_context *ctx = weft_context_new_device(device);
    if (!ctx) {
        printf("FAIL: weft_context_new_device(%d)\n", device);
        return 1;
    }
    static double spots[N], got[N];
    for (int i = 0; i < N; i++)
        spots[i] = 50 + (i * 37 % 101);
    double *dev_in = NULL, *dev_out = NULL;
    check(cudaMalloc((void **)&dev_in, sizeof spots) == cudaSuccess &&
              cudaMalloc((void **)&dev_out, sizeof spots) == cudaSuccess &&
              cudaMemcpy(dev_in, spots, sizeof spots, cudaMemcpyHostToDevice) == cudaSuccess,
          "cudaMalloc, cudaMemcpy");
    struct weft_f64_1d *in = weft_new_device_f64_1d(ctx, dev_in, N), *pay = NULL;
    double mean = 0;
    check(in != NULL, "weft_new_device_f64_1d");
    check(weft_entry_payoffs(ctx, &pay, &mean, in, 100.0) == 0, "weft_entry_payoffs");
    check(weft_context_sync(ctx) == 0, "weft_context_sync");
    check(pay && weft_values_device_f64_1d(ctx, pay, dev_out) == 0, "weft_values_device_f64_1d");
    check(cudaMemcpy(got, dev_out, sizeof got, cudaMemcpyDeviceToHost) == cudaSuccess, "cudaMemcpy back");
    double sum = 0;
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        double want = spots[i] > 100 ? spots[i] - 100 : 0;
        wrong += got[i] != want || (pay && weft_data_f64_1d(ctx, pay)[i] != want);
        sum += want;
    }
    check(wrong == 0, "payoffs: the values, on the device and on the host");
    check(mean > sum / N - 1e-9 && mean < sum / N + 1e-9, "payoffs: the mean");
    weft_free_f64_1d(ctx, in);
    weft_free_f64_1d(ctx, pay);
    cudaFree(dev_in);
    cudaFree(dev_out);
    weft_context_free(ctx);
    if (!failures)
        printf("ok\n");
    return failures != 0;
}
