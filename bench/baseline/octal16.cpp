// The octal game 0.16 (take one token from a heap, leaving nothing or one
// heap; or take two, leaving two heaps) by the sparse-space method
// (sparse_space.hpp), until the Guy-Smith theorem proves its period:
// sg(m + p) == sg(m) for e <= m < 2 max(e, 1) + p + t (t = 2) proves it for
// every m >= e. Values are checked at every doubling of the heaps computed.
//
// Workload: prove the period of 0.16 (149459 from heap 105351).
// Checksum: p * 1000000 + e.
//   Grundy: import "octal.game"; let (p, e) = period(Octal("0.16")); print p * 1000000 + e
// Usage: octal16 [DIGITS]  (the code 0.DIGITS, default 16)
//   stdout: "checksum <p * 10^6 + e>"  stderr: "states <heaps computed>"
#include <algorithm>
#include <cstdlib>

#include "sparse_space.hpp"

int main(int argc, char** argv) {
    const std::string code = std::string("0.") + (argc > 1 ? argv[1] : "16");
    SparseSpace s;
    s.digit = octal_digits(code);
    const int64_t t = static_cast<int64_t>(s.digit.size()) - 1;
    for (size_t size = 256;; size *= 2) {
        while (s.g.size() < size) s.next();
        const auto n = static_cast<int64_t>(size);
        for (int64_t p = 1; 2 * p + t + 2 <= n; ++p) {
            int64_t e = n - p;
            while (e > 0 && s.g[e - 1] == s.g[e - 1 + p]) --e;
            if (n >= 2 * (std::max<int64_t>(e, 1) + p) + t) {
                std::printf("checksum %lld\n", static_cast<long long>(p * 1000000 + e));
                std::fprintf(stderr, "states %lld\n", static_cast<long long>(n));
                return 0;
            }
        }
        if (size > (size_t{1} << 26)) {
            std::fprintf(stderr, "no period proved below %zu\n", size);
            return 1;
        }
    }
}
