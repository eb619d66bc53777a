// Kayles: a row of n pins; a move knocks down one pin or two adjacent pins,
// which may split the row into two rows (a disjunctive sum).
//
// Workload: the Grundy value of every row n = 0..N (default N = 20000), by the
// plain O(n^2) rule: sg(n) = mex { sg(a) ^ sg(n - t - a) : t in 1..2, 0 <= a <= n - t }.
// Every split is enumerated, as the game definition gives it (no a <= b
// symmetry trick, no use of the known period 12), so the work per move matches
// what a generic solver does.
// Checksum: sum of sg(n) for n = 0..N.
//   Grundy: print sum([sg(Kayles(n)) for n in 0..N])
// Usage: kayles [N]        stdout: "checksum <sum>"   stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 20000;
    if (N < 0) { std::fprintf(stderr, "usage: kayles [N >= 0]\n"); return 2; }

    std::vector<uint32_t> sg(static_cast<size_t>(N) + 1);
    // mark[v] == stamp means value v is an option of the current n. An xor of
    // two values below 2^b stays below 2^b, so the array grows with the maximum.
    std::vector<uint32_t> mark(64, 0);
    uint32_t maxv = 0;
    long long sum = 0;
    for (long long n = 0; n <= N; ++n) {
        const uint32_t stamp = static_cast<uint32_t>(n) + 1;
        for (long long t = 1; t <= 2; ++t)
            for (long long a = 0; a <= n - t; ++a)
                mark[sg[a] ^ sg[n - t - a]] = stamp;
        uint32_t v = 0;
        while (mark[v] == stamp) ++v;
        sg[n] = v;
        sum += v;
        if (v > maxv) {
            maxv = v;
            size_t cap = mark.size();
            while (cap <= 2 * static_cast<size_t>(maxv) + 1) cap *= 2;
            mark.resize(cap, 0);
        }
    }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", N + 1);
    return 0;
}
