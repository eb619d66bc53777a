// One deep query: the Grundy value of a single heap of N stones in
// Subtract({1, 3, 4}) (a move takes 1, 3 or 4 stones), asked cold, with no
// smaller query before it.
//
// Workload: sg(N) (default N = 10^7). Every heap 0..N is a position below N,
// so the value needs them all; the C++ fills them from the bottom up (a
// byte per heap, a bit mask for the mex), which is what a programmer writes
// for one big heap.
// Checksum: sg(N).
//   Grundy: print sg(Subtract({1, 3, 4})(N))
// Usage: deep [N]          stdout: "checksum <sg>"   stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 10000000LL;
    if (N < 0) { std::fprintf(stderr, "usage: deep [N >= 0]\n"); return 2; }
    static const int S[] = {1, 3, 4};

    std::vector<uint8_t> sg(static_cast<size_t>(N) + 1);
    for (long long n = 0; n <= N; ++n) {
        uint32_t seen = 0;
        for (int k : S)
            if (k <= n) seen |= 1u << sg[n - k];
        sg[n] = static_cast<uint8_t>(__builtin_ctz(~seen));
    }
    std::printf("checksum %d\n", sg[N]);
    std::fprintf(stderr, "states %lld\n", N + 1);
    return 0;
}
