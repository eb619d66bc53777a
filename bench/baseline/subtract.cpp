// Subtract({1, 3, 4}): a move takes 1, 3 or 4 stones from one heap.
//
// Workload: the Grundy value of every heap size n = 0..N (default N = 10^7).
// Checksum: sum of sg(n) for n = 0..N.
//   Grundy: print sum([sg(Subtract({1, 3, 4})(n)) for n in 0..N])
// Usage: subtract [N]      stdout: "checksum <sum>"   stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 10000000LL;
    if (N < 0) { std::fprintf(stderr, "usage: subtract [N >= 0]\n"); return 2; }
    static const int S[] = {1, 3, 4};

    // sg(n) <= |S| = 3, so one byte a value and a 32-bit mask for the mex.
    std::vector<uint8_t> sg(static_cast<size_t>(N) + 1);
    long long sum = 0;
    for (long long n = 0; n <= N; ++n) {
        uint32_t seen = 0;
        for (int k : S)
            if (k <= n) seen |= 1u << sg[n - k];
        sg[n] = static_cast<uint8_t>(__builtin_ctz(~seen));
        sum += sg[n];
    }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", N + 1);
    return 0;
}
