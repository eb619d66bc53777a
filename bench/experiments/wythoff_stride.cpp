// Experiment, not a benchmark: bench/baseline/wythoff.cpp with its rows a
// chosen number of values apart, in memory reserved up front and filled on
// demand (as a dense array over a pair game's whole id range would be), to
// tell what the stride costs by itself. A stride that is a power of two
// puts a column's values in a few cache sets.
//   g++ -O2 -std=c++20 -o /tmp/wythoff_stride bench/experiments/wythoff_stride.cpp
//   /tmp/wythoff_stride N STRIDE      (STRIDE >= N + 1)
// On 2026-11-22, N = 1000, median CPU time of 5 runs in turn: stride 1001
// (the baseline's) 0.69 s, 32784 (2^15 + 16) 0.76 s, 1024 1.35 s, 32768
// 1.27 s.
#include <sys/mman.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: wythoff_stride N STRIDE\n");
        return 2;
    }
    const int N = std::atoi(argv[1]);
    const std::size_t P = std::strtoull(argv[2], nullptr, 0);
    if (N < 0 || P < static_cast<std::size_t>(N) + 1) {
        std::fprintf(stderr, "wythoff_stride: need N >= 0 and STRIDE >= N + 1\n");
        return 2;
    }
    const std::size_t bytes = (static_cast<std::size_t>(N) + 1) * P * sizeof(std::uint32_t);
    void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) {
        std::perror("mmap");
        return 1;
    }
    auto* g = static_cast<std::uint32_t*>(mem);
    auto at = [&](int x, int y) -> std::uint32_t { return x <= y ? g[x * P + y] : g[y * P + x]; };
    std::vector<std::uint32_t> mark(3 * static_cast<std::size_t>(N) + 2, 0);
    std::uint32_t stamp = 0;
    for (int a = 0; a <= N; ++a)
        for (int b = a; b <= N; ++b) {
            ++stamp;
            for (int k = 1; k <= a; ++k) mark[at(a - k, b)] = stamp;
            for (int k = 1; k <= b; ++k) mark[at(a, b - k)] = stamp;
            for (int k = 1; k <= a; ++k) mark[at(a - k, b - k)] = stamp;
            std::uint32_t v = 0;
            while (mark[v] == stamp) ++v;
            g[a * P + b] = v;
        }
    long long sum = 0;
    for (int a = 0; a <= N; ++a)
        for (int b = 0; b <= N; ++b) sum += at(a, b);
    std::printf("checksum %lld\n", sum);
    return 0;
}
