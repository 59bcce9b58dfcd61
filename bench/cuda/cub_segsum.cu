// cub_segsum.cu — CUB's side of bench/cuda/irregular.sh, on a [][]i32 from bench/irregular/gen.c
// (binary version 3 on stdin, read by bench/irregular/fdata.h), with the data already on the
// device and the options of weft's executables (-r RUNS: one warm-up run, then RUNS timed ones;
// -t FILE: the µs of each, CUDA events around the call; -b: accepted, output is always binary):
//   cub_segsum segsum [-r RUNS] [-t FILE] [-b]   cub::DeviceSegmentedReduce::Sum of every row (i32,
//                                                i64 offsets); prints the sums, [rows]i32
//   cub_segsum memcpy [-r RUNS] [-t FILE] [-b]   a device-to-device copy of the values; no output
#include <cub/cub.cuh>
#include "../irregular/fdata.h"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) fd_die("CUDA", cudaGetErrorString(e_)); } while (0)

int main(int argc, char **argv) {
    fd_tool = "cub_segsum";
    bool segsum = argc > 1 && !strcmp(argv[1], "segsum");
    if (argc < 2 || (!segsum && strcmp(argv[1], "memcpy"))) {
        fprintf(stderr, "usage: cub_segsum segsum|memcpy [-r RUNS] [-t FILE] [-b] < input > output\n");
        return 1;
    }
    fd_options o = fd_parse(argc - 1, argv + 1);
    fd_value xss = fd_expect(" i32", 2, 1, "xss");
    int64_t rows = xss.dims[0], n = xss.count;
    int *values, *copy, *sums;
    int64_t *offs;
    CK(cudaMalloc(&values, (n ? n : 1) * 4));
    CK(cudaMalloc(&copy, (n ? n : 1) * 4));
    CK(cudaMalloc(&sums, (rows ? rows : 1) * 4));
    CK(cudaMalloc(&offs, (rows + 1) * 8));
    CK(cudaMemcpy(values, xss.data, n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(offs, xss.offs, (rows + 1) * 8, cudaMemcpyHostToDevice));
    void *tmp = nullptr;
    size_t tmp_bytes = 0;
    CK(cub::DeviceSegmentedReduce::Sum(nullptr, tmp_bytes, values, sums, rows, offs, offs + 1));
    CK(cudaMalloc(&tmp, tmp_bytes ? tmp_bytes : 1));
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    FILE *times = o.times ? fopen(o.times, "w") : nullptr;
    if (o.times && !times) fd_die("cannot write", o.times);
    for (int r = o.runs > 1 ? -1 : 0; r < o.runs; r++) {
        CK(cudaEventRecord(a));
        if (segsum) {
            size_t bytes = tmp_bytes;
            CK(cub::DeviceSegmentedReduce::Sum(tmp, bytes, values, sums, rows, offs, offs + 1));
        } else {
            CK(cudaMemcpyAsync(copy, values, n * 4, cudaMemcpyDeviceToDevice));
        }
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        if (times && r >= 0) fprintf(times, "%.3f\n", ms * 1000.0);
    }
    if (times && fclose(times) != 0) fd_die("cannot write", o.times);
    if (segsum) {
        int32_t *host = (int32_t *)fd_alloc(rows * 4);
        CK(cudaMemcpy(host, sums, rows * 4, cudaMemcpyDeviceToHost));
        fd_write_array(stdout, " i32", rows, host);
    }
    return fflush(stdout) != 0;
}
