// A game of three heaps: a move takes any number of stones from one heap, or
// the same number from two heaps (Wythoff's game with a third heap). The
// order of the heaps does not matter, so a position is kept sorted,
// a <= b <= c, as the Grundy program's `canonical` says.
//
// Workload: the Grundy value of every sorted triple 0 <= a <= b <= c <= N
// (default N = 100), from the bottom up: every option of a triple is a
// smaller triple in the order a, b, c of the loops once sorted. A 3-D array
// (N + 1)^3 of 16-bit values (only the sorted cells are used) and a
// stamped mark array for the mex.
// Checksum: sum of sg(a, b, c) over the sorted triples.
//   Grundy: print sum([sg(Heaps3(a, b, c)) for a in 0..N, b in a..N, c in b..N])
// Usage: heaps3 [N]        stdout: "checksum <sum>"   stderr: "states <count>"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
long long N1;  // N + 1
std::vector<uint16_t> sg;
inline uint16_t value(long long a, long long b, long long c) {  // any order
    if (a > b) std::swap(a, b);
    if (b > c) std::swap(b, c);
    if (a > b) std::swap(a, b);
    return sg[(a * N1 + b) * N1 + c];
}
}  // namespace

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 100;
    if (N < 0 || N > 1000) { std::fprintf(stderr, "usage: heaps3 [N], 0 <= N <= 1000\n"); return 2; }
    N1 = N + 1;
    sg.assign(static_cast<size_t>(N1 * N1 * N1), 0);
    std::vector<uint32_t> mark(1024, 0);  // a value is at most its number of options < 6 (N + 1)
    uint32_t stamp = 0;
    long long sum = 0, states = 0;
    for (long long a = 0; a <= N; ++a)
        for (long long b = a; b <= N; ++b)
            for (long long c = b; c <= N; ++c) {
                ++stamp;
                for (long long k = 1; k <= a; ++k) mark[value(a - k, b, c)] = stamp;
                for (long long k = 1; k <= b; ++k) mark[value(a, b - k, c)] = stamp;
                for (long long k = 1; k <= c; ++k) mark[value(a, b, c - k)] = stamp;
                for (long long k = 1; k <= a; ++k) mark[value(a - k, b - k, c)] = stamp;  // min(a, b) = a
                for (long long k = 1; k <= a; ++k) mark[value(a - k, b, c - k)] = stamp;  // min(a, c) = a
                for (long long k = 1; k <= b; ++k) mark[value(a, b - k, c - k)] = stamp;  // min(b, c) = b
                uint32_t v = 0;
                while (mark[v] == stamp) ++v;
                sg[(a * N1 + b) * N1 + c] = static_cast<uint16_t>(v);
                sum += v;
                ++states;
                if (2 * static_cast<size_t>(v) + 8 > mark.size()) mark.resize(2 * mark.size(), 0);
            }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
