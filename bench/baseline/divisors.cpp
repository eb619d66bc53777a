// Divisors: a board of numbers; a move removes a number x still on the board
// together with every divisor of x still on the board. A board with no numbers
// has no move: the player to move loses (normal play).
//
// Workload: the boards {1..n} for n = 1..N (default N = 22); the last is the
// full board of the workload. A position is a bitmask (bit x-1 = x is on the
// board) memoised in a flat array of 2^N entries. The move rule does not depend
// on n, so one memo serves every n.
// Checksum: sum of sg(Divisors(n)) for n = 1..N.
//   The value of the full board {1..N} alone goes to stderr as "root <sg>".
//   Grundy: print sum([sg(Divisors(n)) for n in 1..N])
// Usage: divisors [N]      (1 <= N <= 28)
//        stdout: "checksum <sum>"   stderr: "states <count>", "root <sg>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
int N;
std::vector<uint32_t> divmask;  // divmask[x]: bits of every divisor of x
std::vector<uint8_t> memo;      // 255 = not solved; a value is <= N options < 255
long long states = 0;

int solve(uint32_t s) {  // depth <= N: every move removes at least one number
    if (memo[s] != 255) return memo[s];
    uint64_t seen = 0;   // mex <= number of options <= N < 64
    for (int x = 1; x <= N; ++x)
        if (s >> (x - 1) & 1u) seen |= 1ull << solve(s & ~divmask[x]);
    ++states;
    return memo[s] = static_cast<uint8_t>(__builtin_ctzll(~seen));
}
}  // namespace

int main(int argc, char** argv) {
    const long long Nl = argc > 1 ? std::atoll(argv[1]) : 22;
    if (Nl < 1 || Nl > 28) { std::fprintf(stderr, "usage: divisors [1 <= N <= 28]\n"); return 2; }
    N = static_cast<int>(Nl);
    divmask.assign(N + 1, 0);
    for (int x = 1; x <= N; ++x)
        for (int d = 1; d <= x; ++d)
            if (x % d == 0) divmask[x] |= 1u << (d - 1);
    memo.assign(size_t{1} << N, 255);
    long long sum = 0;
    for (int n = 1; n <= N; ++n) sum += solve(static_cast<uint32_t>((uint64_t{1} << n) - 1));
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\nroot %d\n", states,
                 solve(static_cast<uint32_t>((uint64_t{1} << N) - 1)));
    return 0;
}
