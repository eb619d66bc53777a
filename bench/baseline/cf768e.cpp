// Codeforces 768E "Game of Stones": a move removes some stones from one heap,
// but never the same number twice from the same heap; whoever cannot move
// loses. A heap's position is (stones left, the set of counts already taken
// from it); counts above the stones left can never be taken again, so they
// are dropped (the Grundy program's `canonical`).
//
// Workload: the Grundy value of a fresh heap of every size s = 1..M (default
// M = 70; the problem allows heaps up to 60), by search over the positions.
// A position is (n, used) with used a 128-bit mask over 1..n; one hash memo
// per n, keyed by the mask; the mex over a 64-bit mask (a value is at most
// 15 for n < 128).
// Checksum: sum of sg(Stones(s)) for s = 1..M.
//   Grundy: print sum([sg(Stones(s)) for s in 1..M])
// Usage: cf768e [M]        (M <= 127)
//        stdout: "checksum <sum>"   stderr: "states <count>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {
using Mask = unsigned __int128;
struct MaskHash {
    size_t operator()(Mask m) const {
        const uint64_t lo = static_cast<uint64_t>(m), hi = static_cast<uint64_t>(m >> 64);
        return std::hash<uint64_t>{}(lo ^ (hi * 0x9e3779b97f4a7c15ULL));
    }
};
std::vector<std::unordered_map<Mask, uint8_t, MaskHash>> memo;  // memo[n][used]

int sg(int n, Mask used) {  // used has no bit above n; depth <= n
    auto& table = memo[n];
    if (auto it = table.find(used); it != table.end()) return it->second;
    uint64_t seen = 0;
    for (int k = 1; k <= n; ++k) {
        if (used >> k & 1) continue;
        const int rest = n - k;
        // Keep the counts that can still be taken: 1..rest, and add k if it can.
        const Mask keep = (used | Mask{1} << k) & ((Mask{2} << rest) - 1);
        seen |= uint64_t{1} << sg(rest, keep);
    }
    const int value = __builtin_ctzll(~seen);
    table.emplace(used, static_cast<uint8_t>(value));
    return value;
}
}  // namespace

int main(int argc, char** argv) {
    const long long M = argc > 1 ? std::atoll(argv[1]) : 70;
    if (M < 0 || M > 127) { std::fprintf(stderr, "usage: cf768e [M], 0 <= M <= 127\n"); return 2; }
    memo.resize(M + 1);
    long long sum = 0;
    for (int s = 1; s <= M; ++s) sum += sg(s, 0);
    long long states = 0;
    for (auto& table : memo) states += static_cast<long long>(table.size());
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
