// Chomp on three rows, outcome only. A position is (a, b, c), the lengths of
// the bottom, middle and top rows (a >= b >= c >= 0, a >= 1); the bottom
// row's first square is poisoned. A move eats a square still on the board
// with every square above it and to its right: in the bottom row at column
// j (1 <= j < a; column 0 is the poison) it leaves (j, min(b, j), min(c, j)),
// in the middle row at j < b (a, j, min(c, j)), in the top row at j < c
// (a, b, j). The poisoned square alone, (1, 0, 0), has no move: the player to
// move loses.
//
// Workload: the outcome of every position with a <= N (default N = 200),
// from the bottom up (every option is smaller in a, then b, then c). Only
// P or N is asked, so a position's scan stops at its first P option, the
// options taken in the order above (bottom row, middle, top; j upwards). A
// byte per (a, b, c) in an (N + 1)^3 array.
// Checksum: the number of P-positions.
//   Grundy: print len([1 for a in 1..N, b in 0..a, c in 0..b
//                      where outcome(Chomp3(a, b, c)) == "P"])
// Usage: chomp3 [N]        stdout: "checksum <count>"   stderr: "states <count>"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 200;
    if (N < 1 || N > 2000) { std::fprintf(stderr, "usage: chomp3 [N], 1 <= N <= 2000\n"); return 2; }
    const long long N1 = N + 1;
    std::vector<uint8_t> wins(static_cast<size_t>(N1 * N1 * N1));  // 1: N-position
    auto at = [&](long long a, long long b, long long c) { return wins[(a * N1 + b) * N1 + c]; };
    long long p = 0, states = 0;
    for (long long a = 1; a <= N; ++a)
        for (long long b = 0; b <= a; ++b)
            for (long long c = 0; c <= b; ++c) {
                bool win = false;
                for (long long j = 1; j < a && !win; ++j) win = !at(j, std::min(b, j), std::min(c, j));
                for (long long j = 0; j < b && !win; ++j) win = !at(a, j, std::min(c, j));
                for (long long j = 0; j < c && !win; ++j) win = !at(a, b, j);
                wins[(a * N1 + b) * N1 + c] = win;
                p += !win;
                ++states;
            }
    std::printf("checksum %lld\n", p);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
