// Fibonacci Nim: one heap of n; the first move takes 1..n-1 stones, after that
// a move takes k in 1..min(n, limit) where limit is twice the previous take.
// State (n, limit), canonical (n, min(n, limit)); the start of n is (n, n - 1).
//
// Workload: the Grundy value of every start position n = 2..N (default N = 1000).
// A memoised depth-first search over the states reachable from those starts
// (depth <= N, so plain recursion is safe); the mex of each state is taken over
// all its min(n, limit) options, as the game definition gives them.
// Checksum: sum of sg(FibonacciNim(n)) for n = 2..N.
//   (Also: sg == 0 exactly when n is a Fibonacci number.)
//   Grundy: print sum([sg(FibonacciNim(n)) for n in 2..N])
// Usage: fibnim [N]        stdout: "checksum <sum>"   stderr: "states <count>"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
int N;
size_t W;                    // row width of the memo: limit in 0..N
std::vector<int32_t> memo;   // memo[n * W + limit], -1 = not solved yet
std::vector<uint32_t> mark;  // mex marks; an option count is <= N
uint32_t stamp = 0;
long long states = 0;

int32_t solve(int n, int limit) {
    limit = std::min(n, limit);
    int32_t& slot = memo[n * W + limit];
    if (slot >= 0) return slot;
    for (int k = 1; k <= limit; ++k) solve(n - k, 2 * k);  // children first
    ++stamp;                                               // then the mex, no recursion inside
    for (int k = 1; k <= limit; ++k)
        mark[memo[(n - k) * W + std::min(n - k, 2 * k)]] = stamp;
    int32_t v = 0;
    while (mark[v] == stamp) ++v;
    ++states;
    return slot = v;
}
}  // namespace

int main(int argc, char** argv) {
    const long long Nl = argc > 1 ? std::atoll(argv[1]) : 1000;
    if (Nl < 2 || Nl > 5000) { std::fprintf(stderr, "usage: fibnim [2 <= N <= 5000]\n"); return 2; }
    N = static_cast<int>(Nl);
    W = static_cast<size_t>(N) + 1;
    memo.assign(W * W, -1);
    mark.assign(W + 2, 0);
    long long sum = 0;
    for (int n = 2; n <= N; ++n) sum += solve(n, n - 1);
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
