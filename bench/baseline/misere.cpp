// A misere sum of Nim heaps: the last player to move LOSES.
//
// Workload: the misere outcome of every multiset of K Nim heaps with sizes
// 0..M (default K = 8, M = 15: C(K+M, M) = 490314 multisets), by brute-force
// search over the sums, NOT by the misere Nim formula. The canonical state is
// the sorted multiset of heap sizes with zeros dropped, stored as counts
// c[1..M] (sum <= K) and keyed by their base-(K+1) number in a hash memo (a
// flat array over all (K+1)^M numbers would be mostly empty: 9^15 for the
// default). Every state reached from a start is itself one of the starts, so
// exactly the C(K+M, M) multisets are solved.
// The empty sum has no move, so its mover has already won (N).
// Checksum: the number of P-positions (mover loses) among the multisets.
//   Grundy: print len([1 for h1 in 0..M, h2 in h1..M, ... where
//                      outcome(misere(Nim(h1) + ... + Nim(hK))) == "P"])
// Usage: misere [K [M]]    (K heaps, sizes 0..M)
//        stdout: "checksum <count>"   stderr: "states <count>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {
int K, M;
std::vector<long long> place;  // place[v] = (K+1)^(v-1): the digit of heap size v
std::unordered_map<long long, bool> memo;  // true: N (mover wins), false: P
long long states = 0;

// counts[v] = number of heaps of size v (v = 1..M); idx is their base-(K+1) index.
bool wins(std::vector<int>& counts, long long idx) {  // depth <= K*M
    if (auto it = memo.find(idx); it != memo.end()) return it->second;
    bool win = true;  // no heap left: the opponent moved last and lost
    bool any = false;
    for (int v = 1; v <= M && !(any && win); ++v) {
        if (counts[v] == 0) continue;
        for (int u = 0; u < v; ++u) {  // heap v becomes u (u = 0 drops it)
            if (!any) { any = true; win = false; }
            --counts[v];
            long long next = idx - place[v];
            if (u > 0) { ++counts[u]; next += place[u]; }
            const bool child = wins(counts, next);
            if (u > 0) --counts[u];
            ++counts[v];
            if (!child) { win = true; break; }
        }
    }
    ++states;
    memo.emplace(idx, win);
    return win;
}

// All multisets of `left` more heaps with sizes <= hi (zeros allowed).
long long count_p(std::vector<int>& counts, long long idx, int left, int hi) {
    if (left == 0) return wins(counts, idx) ? 0 : 1;
    long long p = 0;
    for (int h = 0; h <= hi; ++h) {
        if (h > 0) ++counts[h];
        p += count_p(counts, idx + (h > 0 ? place[h] : 0), left - 1, h);
        if (h > 0) --counts[h];
    }
    return p;
}
}  // namespace

int main(int argc, char** argv) {
    const long long Kl = argc > 1 ? std::atoll(argv[1]) : 8;
    const long long Ml = argc > 2 ? std::atoll(argv[2]) : 15;
    if (Kl < 0 || Ml < 0 || Kl > 30 || Ml > 30) { std::fprintf(stderr, "usage: misere [K [M]]\n"); return 2; }
    K = static_cast<int>(Kl);
    M = static_cast<int>(Ml);
    place.assign(M + 1, 0);
    long long size = 1;
    for (int v = 1; v <= M; ++v) {
        place[v] = size;
        if (size > INT64_MAX / (K + 1)) { std::fprintf(stderr, "misere: (K+1)^M does not fit in 63 bits\n"); return 2; }
        size *= K + 1;
    }
    std::vector<int> counts(M + 1, 0);
    const long long p = count_p(counts, 0, K, M);
    std::printf("checksum %lld\n", p);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
