// Kiki's game (HDU 2147) on a board: a coin moves one square left, one square
// down, or one square diagonally down and left; whoever cannot move loses.
// A position (r, c) counts the rows below the coin and the columns to its
// left; the start on an n x m board is (n - 1, m - 1).
//
// Workload: the Grundy value of every board n x m with 1 <= n <= N,
// 1 <= m <= M (default 2000 x 2000): every square of the N x M board, a
// 2-D table filled row by row (a byte per square, a bit mask for the mex).
// Checksum: sum of sg(Kiki(n, m)) over all the boards.
//   Grundy: print sum([sg(Kiki(n, m)) for n in 1..N, m in 1..M])
// Usage: board [N [M]]     (M defaults to N)
//        stdout: "checksum <sum>"   stderr: "states <N*M>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 2000;
    const long long M = argc > 2 ? std::atoll(argv[2]) : N;
    if (N < 1 || M < 1) { std::fprintf(stderr, "usage: board [N [M]], N, M >= 1\n"); return 2; }

    std::vector<uint8_t> sg(static_cast<size_t>(N * M));
    long long sum = 0;
    for (long long r = 0; r < N; ++r) {
        uint8_t* row = &sg[r * M];
        const uint8_t* below = r > 0 ? &sg[(r - 1) * M] : nullptr;
        for (long long c = 0; c < M; ++c) {
            uint32_t seen = 0;
            if (c > 0) seen |= 1u << row[c - 1];
            if (r > 0) seen |= 1u << below[c];
            if (r > 0 && c > 0) seen |= 1u << below[c - 1];
            row[c] = static_cast<uint8_t>(__builtin_ctz(~seen));
            sum += row[c];
        }
    }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", N * M);
    return 0;
}
