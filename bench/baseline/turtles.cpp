// Turning Turtles: a row of K coins; a move turns one head to tails, and
// may also turn over one coin to its left, either way. Whoever cannot move
// loses.
//
// A position is the set of heads, a bit mask. Every option clears the
// highest coin it turns, so it is a smaller number than its position: the
// values are filled in order, 0 to 2^K - 1, a byte each. Mex over a
// 64-bit mask.
//
// Workload: the value of every position with one tail (the whole row less
// coin v, for each v); together they need every position of the row.
// Checksum: the sum of those values.
//   Grundy: print sum([sg(TurningTurtles(all - {v})) for v in all])
// Usage: turtles [K]    stdout: "checksum <sum>"   stderr: "states <count>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long K = argc > 1 ? std::atoll(argv[1]) : 20;
    if (K < 1 || K > 28) { std::fprintf(stderr, "usage: turtles [K], 1 <= K <= 28\n"); return 2; }
    const std::uint32_t count = std::uint32_t{1} << K;
    std::vector<std::uint8_t> sg(count);
    for (std::uint32_t m = 1; m < count; ++m) {
        std::uint64_t seen = 0;
        for (std::uint32_t heads = m; heads; heads &= heads - 1) {
            const int x = __builtin_ctz(heads);
            const std::uint32_t turned = m ^ (1u << x);
            seen |= std::uint64_t{1} << sg[turned];
            for (int y = 0; y < x; ++y) seen |= std::uint64_t{1} << sg[turned ^ (1u << y)];
        }
        sg[m] = static_cast<std::uint8_t>(__builtin_ctzll(~seen));
    }
    long long sum = 0;
    for (int v = 0; v < K; ++v) sum += sg[(count - 1) ^ (1u << v)];
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %u\n", count);
}
