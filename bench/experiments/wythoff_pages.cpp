// Experiment, not a benchmark: bench/baseline/wythoff.cpp with a choice of
// value layout, to tell whether Grundy's layout (each row in pages of 512
// values allocated apart, reached through a pointer table, their starts
// skewed 0 to 7 cache lines) costs cache misses by itself.
//   g++ -O2 -std=c++20 -o /tmp/wythoff_pages bench/experiments/wythoff_pages.cpp
//   valgrind --tool=cachegrind --cache-sim=yes --D1=49152,12,64 --LL=2097152,16,64
//       /tmp/wythoff_pages 300 MODE        (MODE 0: one array, 1: pages)
// On 2026-11-22: 1.97 M first-level misses in one array, 2.11 M in pages
// (docs/performance.md, "Where the time goes now").
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>
int main(int argc, char** argv) {
    const int N = atoi(argv[1]);
    const int mode = atoi(argv[2]);  // 0: one array; 1: rows as separate 512-value pages
    const size_t W = N + 1;
    std::vector<uint32_t> g;
    std::vector<uint32_t*> pages;  // pages[x * PP + y / 512]
    std::vector<std::unique_ptr<uint32_t[]>> own;
    const int PP = (N >> 9) + 1;
    if (mode == 0) g.assign(W * W, 0);
    else {
        pages.resize(W * PP);
        for (size_t x = 0; x < W; ++x)
            for (int p = 0; p < PP; ++p) {
                size_t skew = (own.size() % 8) * 16;
                own.push_back(std::make_unique<uint32_t[]>(512 + skew));
                pages[x * PP + p] = own.back().get() + skew;
            }
    }
    auto ref = [&](int x, int y) -> uint32_t& {
        if (mode == 0) return g[x * W + y];
        return pages[x * PP + (y >> 9)][y & 511];
    };
    auto at = [&](int x, int y) -> uint32_t { return x <= y ? ref(x, y) : ref(y, x); };
    std::vector<uint32_t> mark(3 * W + 2, 0);
    uint32_t stamp = 0;
    for (int a = 0; a <= N; ++a)
        for (int b = a; b <= N; ++b) {
            ++stamp;
            for (int k = 1; k <= a; ++k) mark[at(a - k, b)] = stamp;
            for (int k = 1; k <= b; ++k) mark[at(a, b - k)] = stamp;
            for (int k = 1; k <= a; ++k) mark[at(a - k, b - k)] = stamp;
            uint32_t v = 0;
            while (mark[v] == stamp) ++v;
            ref(a, b) = v;
        }
    long long sum = 0;
    for (int a = 0; a <= N; ++a)
        for (int b = 0; b <= N; ++b) sum += at(a, b);
    printf("checksum %lld\n", sum);
}
