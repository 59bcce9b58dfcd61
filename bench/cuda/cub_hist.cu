// cub_hist.cu — the baseline of bench/cuda/hist.sh: cub::DeviceHistogram::HistogramEven of n
// samples into k bins, the samples the hash of bench/cuda/hist.fut computed from the index
// (a transform iterator), timed with CUDA events.  Usage: cub_hist K N RUNS — prints the median
// ms and the first bins.
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

struct Hash {
    long long k;
    __device__ int operator()(long long i) const { return (int)((((unsigned)i * 2654435761u) >> 7) % (unsigned long long)k); }
};

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: cub_hist K N RUNS\n"); return 2; }
    long long k = atoll(argv[1]), n = atoll(argv[2]);
    int runs = atoi(argv[3]);
    thrust::counting_iterator<long long> idx(0);
    thrust::transform_iterator<Hash, thrust::counting_iterator<long long>, int> samples(idx, Hash{k});
    int *bins;
    CK(cudaMalloc(&bins, k * sizeof(int)));
    size_t need = 0;
    CK(cub::DeviceHistogram::HistogramEven(nullptr, need, samples, bins, (int)k + 1, 0, (int)k, (int)n));
    void *tmp;
    CK(cudaMalloc(&tmp, need ? need : 1));
    auto once = [&] { size_t b = need; CK(cub::DeviceHistogram::HistogramEven(tmp, b, samples, bins, (int)k + 1, 0, (int)k, (int)n)); };
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    once();
    std::vector<float> t;
    for (int r = 0; r < runs; r++) {
        CK(cudaEventRecord(a)); once(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    std::vector<int> h(k);
    CK(cudaMemcpy(h.data(), bins, k * sizeof(int), cudaMemcpyDeviceToHost));
    printf("cub %.4f ms bins %d %d %d\n", t[t.size() / 2], h[0], h[1], h[k - 1]);
    return 0;
}
