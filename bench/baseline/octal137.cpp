// An octal game (take-and-break on heaps), as the library's Octal(code)
// defines it: in the code "d0.d1d2...", digit dk says what a move that
// removes k tokens from one heap may leave: 1 nothing (the k tokens were the
// whole heap), 2 one non-empty heap, 4 two non-empty heaps (the rest split
// as a + b with 1 <= a <= b; d0 = 4 splits a heap without removing any).
//
// Workload: the Grundy value of every heap 0..N (default N = 5000) of
// Dawson's chess, "0.137" (the default code), from the bottom up: every
// move the code allows, each split a + b with a <= b once, as the library
// enumerates them; a stamped mark array for the mex.
// Checksum: sum of sg(n) for n = 0..N.
//   Grundy: import "octal.game"; print sum([sg(Octal("0.137")(n)) for n in 0..N])
// Usage: octal137 [N [CODE]] stdout: "checksum <sum>"   stderr: "states <N+1>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 5000;
    const char* code = argc > 2 ? argv[2] : "0.137";
    const size_t len = std::strlen(code);
    if (N < 0 || len < 2 || code[1] != '.') { std::fprintf(stderr, "usage: octal137 [N [CODE]], CODE like 0.137\n"); return 2; }
    // digit[k] for k = 0..top.
    std::vector<int> digit{code[0] - '0'};
    for (size_t i = 2; i < len; ++i) digit.push_back(code[i] - '0');
    const long long top = static_cast<long long>(len) - 2;

    std::vector<uint32_t> sg(static_cast<size_t>(N) + 1);
    std::vector<uint32_t> mark(64, 0);
    uint32_t maxv = 0;
    long long sum = 0;
    for (long long n = 0; n <= N; ++n) {
        const uint32_t stamp = static_cast<uint32_t>(n) + 1;
        for (long long k = 0; k <= top && k <= n; ++k) {
            const int d = digit[k];
            if (k > 0 && (d & 1) && k == n) mark[0] = stamp;
            if (k > 0 && (d & 2) && k < n) mark[sg[n - k]] = stamp;
            if (d & 4)
                for (long long a = 1; a <= (n - k) / 2; ++a) mark[sg[a] ^ sg[n - k - a]] = stamp;
        }
        uint32_t v = 0;
        while (mark[v] == stamp) ++v;
        sg[n] = v;
        sum += v;
        if (v > maxv) {  // an xor of values below 2^b stays below 2^b
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
