// Chomp on three rows, outcome only, a position the list of its column
// heights (each 1, 2 or 3, non-increasing, left to right), as the library's
// ChompBoard has it: the same game as chomp3, whose positions are the three
// row lengths. A move picks a square (i, j) still on the board with
// i + j > 0 and removes every square at column >= i and row >= j (j == 0
// drops columns i.. entirely); [1], the poisoned square alone, has no move:
// the player to move loses. Each option is a new list of up to N heights,
// where chomp3 writes three ints.
//
// Workload: the outcome of the board with rows a >= b >= c (bottom to top)
// for every a <= N (default N = 75), asked in that order, each solved top
// down with a hash memo; a position's scan stops at its first P option.
// A position packs its heights at 2 bits each, in three 64-bit words (up to
// 96 columns).
// Checksum: the number of P-positions among the boards asked.
//   Grundy: print len([1 for a in 1..N, b in 0..a, c in 0..b
//                      where outcome(ChompBoard(board(a, b, c))) == "P"])
// Usage: chompcols [N]     stdout: "checksum <count>"   stderr: "states <count>"
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

namespace {

constexpr int kMaxColumns = 96;
using Key = std::array<uint64_t, 3>;

struct KeyHash {
    size_t operator()(const Key& k) const {
        uint64_t h = k[0] * 0x9E3779B97F4A7C15ull;
        h ^= (k[1] + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
        h ^= (k[2] + 0x94D049BB133111EBull) * 0x85EBCA6B2E7A2D4Dull;
        return h ^ (h >> 31);
    }
};

std::unordered_map<Key, bool, KeyHash> memo;  // true: an N-position

int height(const Key& k, int c) { return static_cast<int>(k[c >> 5] >> (2 * (c & 31)) & 3); }
void set_height(Key& k, int c, int h) { k[c >> 5] |= static_cast<uint64_t>(h) << (2 * (c & 31)); }

bool wins(const Key& k) {
    if (auto it = memo.find(k); it != memo.end()) return it->second;
    int len = 0;
    while (len < kMaxColumns && height(k, len) > 0) ++len;
    bool win = false;
    for (int i = 0; i < len && !win; ++i)
        for (int j = 0; j < height(k, i) && !win; ++j) {
            if (i + j == 0) continue;
            Key next{};
            for (int c = 0; c < len; ++c) {
                int h = height(k, c);
                if (c >= i) {
                    if (j == 0) break;  // columns i.. are gone
                    if (h > j) h = j;
                }
                set_height(next, c, h);
            }
            win = !wins(next);
        }
    memo.emplace(k, win);
    return win;
}

}  // namespace

int main(int argc, char** argv) {
    const long long N = argc > 1 ? std::atoll(argv[1]) : 75;
    if (N < 1 || N > kMaxColumns) {
        std::fprintf(stderr, "usage: chompcols [N], 1 <= N <= %d\n", kMaxColumns);
        return 2;
    }
    long long p = 0;
    for (int a = 1; a <= N; ++a)
        for (int b = 0; b <= a; ++b)
            for (int c = 0; c <= b; ++c) {
                Key k{};
                int col = 0;
                for (int x = 0; x < c; ++x) set_height(k, col++, 3);
                for (int x = c; x < b; ++x) set_height(k, col++, 2);
                for (int x = b; x < a; ++x) set_height(k, col++, 1);
                p += !wins(k);
            }
    std::printf("checksum %lld\n", p);
    std::fprintf(stderr, "states %zu\n", memo.size());
    return 0;
}
