// Subtract-a-square, outcome only: a move takes a positive square number of
// stones (1, 4, 9, ...) from the heap; whoever cannot move loses.
//
// Workload: the outcome of every heap 0..N (default N = 300000), from the
// bottom up. Only P or N is asked, so a heap's scan stops at its first P
// option, taking k = 1, 2, ... (as the Grundy program lists its moves); a
// P-position scans all its isqrt(n) options. A byte per heap.
// Checksum: the number of P-positions among the heaps 0..N.
//   Grundy: print len([n for n in 0..N where outcome(Squares(n)) == "P"])
// Usage: pcount [N]        stdout: "checksum <count>"   stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 300000;
    if (N < 0) { std::fprintf(stderr, "usage: pcount [N >= 0]\n"); return 2; }
    std::vector<uint8_t> wins(static_cast<size_t>(N) + 1);  // 1: N-position
    long long p = 0;
    for (long long n = 0; n <= N; ++n) {
        bool win = false;
        for (long long k = 1; k * k <= n; ++k)
            if (!wins[n - k * k]) { win = true; break; }
        wins[n] = win;
        p += !win;
    }
    std::printf("checksum %lld\n", p);
    std::fprintf(stderr, "states %lld\n", N + 1);
    return 0;
}
