// Grundy's game (split one heap into two heaps of different sizes) by the
// sparse-space method (sparse_space.hpp), as a researcher writes it: unlike
// the other baselines, this one uses the method's shortcut, since the
// interpreter's heap engine does.
//
// Workload: the Grundy value of every heap 0..N (default N = 874496, the
// heaps below 874,497: the largest value, 231, first at 763,622; the last
// P-position at 1,222).
// Checksum: sum of sg(n) for n = 0..N.
//   Grundy: import "octal.game"; print sum([sg(GrundysGame(n)) for n in 0..N])
// Usage: grundysparse [N]  stdout: "checksum <sum>"  stderr: "states <N+1>", the facts above
#include <cstdlib>

#include "sparse_space.hpp"

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 874496;
    SparseSpace s;
    s.digit = {4};  // d0 = 4: split without removing
    s.no_equal = true;
    long long sum = 0, last_p = 0, first_max = 0;
    for (long long n = 0; n <= N; ++n) {
        s.next();
        const uint32_t v = s.g.back();
        sum += v;
        if (v == 0) last_p = n;
        if (v > s.g[first_max]) first_max = n;
    }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\nmax %u at %lld, last P-position %lld, %zu rare heaps\n", N + 1,
                 s.g[first_max], first_max, last_p, s.rare.size());
    return 0;
}
