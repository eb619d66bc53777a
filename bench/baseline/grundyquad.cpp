// Grundy's game (split one heap into two heaps of different sizes), the
// plain quadratic loop: every split of every heap, a stamped mark array for
// the mex.
//
// Workload: the Grundy value of every heap 0..N (default N = 874496).
// Checksum: sum of sg(n) for n = 0..N (the same as grundysparse's).
//   Grundy: import "octal.game"; print sum([sg(GrundysGame(n)) for n in 0..N])
// Usage: grundyquad [N]  stdout: "checksum <sum>"  stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 874496;
    std::vector<uint32_t> sg(static_cast<size_t>(N) + 1), mark(512, 0);
    long long sum = 0;
    for (long long n = 0; n <= N; ++n) {
        const auto stamp = static_cast<uint32_t>(n) + 1;
        for (long long a = 1; 2 * a < n; ++a) mark[sg[a] ^ sg[n - a]] = stamp;
        uint32_t v = 0;
        while (mark[v] == stamp) ++v;
        if (2 * static_cast<size_t>(v) + 2 > mark.size()) mark.resize(4 * mark.size(), 0);
        sg[n] = v;
        sum += v;
    }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", N + 1);
    return 0;
}
