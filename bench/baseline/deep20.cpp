// One deep query in a subtraction game of 20 values: a move takes k * k
// stones for some k in 1..20 (1, 4, 9, ..., 400). The Grundy value of a
// single heap of N stones, asked cold, with no smaller query before it.
//
// Workload: sg(N) (default N = 10^7). The C++ fills every heap 0..N from the
// bottom up (a byte per heap: a value is at most 20; a 32-bit mask for the
// mex).
// Checksum: sg(N).
//   Grundy: print sg(Subtract({k * k for k in 1..20})(N))
// Usage: deep20 [N]        stdout: "checksum <sg>"   stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 10000000LL;
    if (N < 0) { std::fprintf(stderr, "usage: deep20 [N >= 0]\n"); return 2; }
    int S[20];
    for (int k = 1; k <= 20; ++k) S[k - 1] = k * k;

    std::vector<uint8_t> sg(static_cast<size_t>(N) + 1);
    for (long long n = 0; n <= N; ++n) {
        uint32_t seen = 0;
        for (int k : S) {
            if (k > n) break;  // S is increasing
            seen |= 1u << sg[n - k];
        }
        sg[n] = static_cast<uint8_t>(__builtin_ctz(~seen));
    }
    std::printf("checksum %d\n", sg[N]);
    std::fprintf(stderr, "states %lld\n", N + 1);
    return 0;
}
