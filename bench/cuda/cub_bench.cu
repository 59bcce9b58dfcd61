// cub_bench.cu — the baselines of bench/cuda/run.sh, timed with CUDA events on the same GPU
// and the same inputs as the weft programs (bench/cuda/gen.c writes them):
//   memcpy    device-to-device copy of the i32 input (bandwidth: bytes read + written)
//   sum       cub::DeviceScan::InclusiveSum of [N]i32                       (scan_i32.fut)
//   poly      cub::DeviceScan::InclusiveScan of (a_i, x) pairs, the polynomial operator (poly.fut)
//   mat2      cub::DeviceScan::InclusiveScan of [[x,1],[1,0]] 2x2 i32 matrices       (mat2.fut)
//   segsum    cub::DeviceSegmentedReduce::Sum of N/M segments of M i32 (M = 100)   (segred.fut)
// Usage: cub_bench N RUNS [M] — prints one line per benchmark: name, median ms, GB/s, and a
// checksum of the last element (compared with weft's output by run.sh).
#include <cub/cub.cuh>
#include <thrust/iterator/transform_iterator.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

struct Pair { float p, y; };
struct PolyOp { __device__ Pair operator()(const Pair &a, const Pair &b) const { return {a.p * b.y + b.p, a.y * b.y}; } };
struct ToPair { float x; __device__ Pair operator()(float a) const { return {a, x}; } };
struct Mat { int a, b, c, d; };
struct MatOp {
    __device__ Mat operator()(const Mat &l, const Mat &r) const {
        return {l.a * r.a + l.b * r.c, l.a * r.b + l.b * r.d, l.c * r.a + l.d * r.c, l.c * r.b + l.d * r.d};
    }
};
struct ToMat { __device__ Mat operator()(int x) const { return {x, 1, 1, 0}; } };

static uint64_t state = 0x9e3779b97f4a7c15ULL; // bench/cuda/gen.c's generator
static uint64_t next() { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state; }

template <class F> static float median_ms(int runs, F f) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    f(); // warm-up
    std::vector<float> t;
    for (int i = 0; i < runs; i++) {
        CK(cudaEventRecord(a)); f(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: cub_bench N RUNS [M]\n"); return 2; }
    long long n = atoll(argv[1]);
    int runs = atoi(argv[2]);
    long long m = argc > 3 ? atoll(argv[3]) : 100, nseg = n / m;
    std::vector<int> hi(n);
    for (long long i = 0; i < n; i++) hi[i] = (int)(next() & 15);
    state = 0x9e3779b97f4a7c15ULL;
    std::vector<float> hf(n);
    for (long long i = 0; i < n; i++) hf[i] = (float)((double)(next() >> 11) / 9007199254740992.0 * 2.0 - 1.0);
    int *di, *dout; float *df; Pair *dp; Mat *dm;
    CK(cudaMalloc(&di, n * 4)); CK(cudaMalloc(&dout, n * 4)); CK(cudaMalloc(&df, n * 4));
    CK(cudaMalloc(&dp, n * sizeof(Pair))); CK(cudaMalloc(&dm, n * sizeof(Mat)));
    CK(cudaMemcpy(di, hi.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(df, hf.data(), n * 4, cudaMemcpyHostToDevice));
    void *tmp = nullptr; size_t tmp_bytes = 0, need = 0;
    cub::DeviceScan::InclusiveSum(nullptr, need, di, dout, n); tmp_bytes = std::max(tmp_bytes, need);
    thrust::transform_iterator<ToPair, float *, Pair> pin(df, ToPair{0.5f});
    cub::DeviceScan::InclusiveScan(nullptr, need, pin, dp, PolyOp(), n); tmp_bytes = std::max(tmp_bytes, need);
    thrust::transform_iterator<ToMat, int *, Mat> min_(di, ToMat());
    cub::DeviceScan::InclusiveScan(nullptr, need, min_, dm, MatOp(), n); tmp_bytes = std::max(tmp_bytes, need);
    std::vector<long long> hoff(nseg + 1);
    for (long long i = 0; i <= nseg; i++) hoff[i] = i * m;
    long long *doff; int *dseg;
    CK(cudaMalloc(&doff, (nseg + 1) * sizeof(long long))); CK(cudaMalloc(&dseg, nseg * 4));
    CK(cudaMemcpy(doff, hoff.data(), (nseg + 1) * sizeof(long long), cudaMemcpyHostToDevice));
    cub::DeviceSegmentedReduce::Sum(nullptr, need, di, dseg, nseg, doff, doff + 1); tmp_bytes = std::max(tmp_bytes, need);
    CK(cudaMalloc(&tmp, tmp_bytes));
    double gb = 1e-9;
    float ms = median_ms(runs, [&] { CK(cudaMemcpyAsync(dout, di, n * 4, cudaMemcpyDeviceToDevice)); });
    printf("memcpy %.4f ms %.1f GB/s\n", ms, 2.0 * n * 4 * gb / (ms * 1e-3));
    ms = median_ms(runs, [&] { size_t b = tmp_bytes; CK(cub::DeviceScan::InclusiveSum(tmp, b, di, dout, n)); });
    int last; CK(cudaMemcpy(&last, dout + n - 1, 4, cudaMemcpyDeviceToHost));
    printf("sum %.4f ms %.1f GB/s last %d\n", ms, 2.0 * n * 4 * gb / (ms * 1e-3), last);
    ms = median_ms(runs, [&] { size_t b = tmp_bytes; CK(cub::DeviceScan::InclusiveScan(tmp, b, pin, dp, PolyOp(), n)); });
    Pair lp; CK(cudaMemcpy(&lp, dp + n - 1, sizeof lp, cudaMemcpyDeviceToHost));
    printf("poly %.4f ms %.1f GB/s last %g\n", ms, (4.0 + 8.0) * n * gb / (ms * 1e-3), lp.p);
    ms = median_ms(runs, [&] { size_t b = tmp_bytes; CK(cub::DeviceScan::InclusiveScan(tmp, b, min_, dm, MatOp(), n)); });
    Mat lm; CK(cudaMemcpy(&lm, dm + n - 1, sizeof lm, cudaMemcpyDeviceToHost));
    printf("mat2 %.4f ms %.1f GB/s last %d\n", ms, (4.0 + 16.0) * n * gb / (ms * 1e-3), lm.a);
    ms = median_ms(runs, [&] { size_t b = tmp_bytes; CK(cub::DeviceSegmentedReduce::Sum(tmp, b, di, dseg, nseg, doff, doff + 1)); });
    int ls; CK(cudaMemcpy(&ls, dseg + nseg - 1, 4, cudaMemcpyDeviceToHost));
    printf("segsum %.4f ms %.1f GB/s last %d\n", ms, 1.0 * nseg * m * 4 * gb / (ms * 1e-3), ls);
    return 0;
}
