// Wythoff: two heaps (a, b); a move takes any number from one heap, or the
// same number from both.
//
// Workload: the Grundy value (not only the P-positions) of every (a, b) with
// 0 <= a, b <= N (default N = 500). Positions are canonical (min, max), as the
// Grundy program's `canonical` rule makes them, so (N+1)(N+2)/2 states are solved.
// Checksum: sum of sg(a, b) over all (N+1)^2 pairs (a, b), both orders.
//   Grundy: print sum([sg(Wythoff(a, b)) for a in 0..N, b in 0..N])
// Usage: wythoff [N]       stdout: "checksum <sum>"   stderr: "states <count>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long Nl = argc > 1 ? std::atoll(argv[1]) : 500;
    if (Nl < 0 || Nl > 100000) { std::fprintf(stderr, "usage: wythoff [0 <= N <= 100000]\n"); return 2; }
    const int N = static_cast<int>(Nl);
    const size_t W = static_cast<size_t>(N) + 1;

    // g[a * W + b] for a <= b. Row-major order over a, then b >= a, solves every
    // option first: (a-k, b) and (a-k, b-k) lie in earlier rows, (a, b-k) is
    // either earlier in this row or, canonically, (b-k, a) in an earlier row.
    std::vector<uint32_t> g(W * W, 0);
    auto at = [&](int x, int y) -> uint32_t { return x <= y ? g[x * W + y] : g[y * W + x]; };
    // An option count is at most a + b + min(a, b) <= 3N, so the mex is too.
    std::vector<uint32_t> mark(3 * W + 2, 0);
    uint32_t stamp = 0;
    long long states = 0;
    for (int a = 0; a <= N; ++a) {
        for (int b = a; b <= N; ++b) {
            ++stamp;
            for (int k = 1; k <= a; ++k) mark[at(a - k, b)] = stamp;
            for (int k = 1; k <= b; ++k) mark[at(a, b - k)] = stamp;
            for (int k = 1; k <= a; ++k) mark[at(a - k, b - k)] = stamp;
            uint32_t v = 0;
            while (mark[v] == stamp) ++v;
            g[a * W + b] = v;
            ++states;
        }
    }
    long long sum = 0;
    for (int a = 0; a <= N; ++a)
        for (int b = 0; b <= N; ++b) sum += at(a, b);
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
