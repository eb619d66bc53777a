// Chomp: a board of column heights h[0] >= h[1] >= ... >= 1; the bottom-left
// square (0, 0) is poisoned. A move picks a square (i, j) with i + j > 0 that
// is still on the board, and removes every square at column >= i and row >= j
// (so j == 0 drops the columns i.. entirely). [1], the poisoned square alone,
// has no move: the player to move loses. Columns never become empty inside the
// list and the empty board never arises.
//
// Workload: the full R x C board (default 9 rows, 9 columns) and every smaller
// rectangle r x c (1 <= r <= R, 1 <= c <= C). Each rectangle is a position
// reachable from the full board, so the memo holds exactly the positions of the
// full board (all Young diagrams inside it: C(R+C, R) - 1 of them).
// Checksum: sum of sg(Chomp(r, c)) for r in 1..R, c in 1..C.
//   The value of the full board alone goes to stderr as "root <sg>".
//   Grundy: print sum([sg(Chomp(r, c)) for r in 1..R, c in 1..C])
// Usage: chomp [R [C]]     (C defaults to R; R <= 15, C <= 16)
//        stdout: "checksum <sum>"   stderr: "states <count>", "root <sg>"
#include <bitset>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {
// A position packs column c's height into bits 4c..4c+3 (heights 1..15); the
// list ends at the first zero nibble. Up to 16 columns fit in 64 bits.
using Key = uint64_t;
constexpr int kMaxOptions = 256;  // at most R*C - 1 <= 15*16 - 1 options: mex < 256
std::unordered_map<Key, int> memo;

int height(Key k, int c) { return static_cast<int>((k >> (4 * c)) & 15); }

int solve(Key k) {
    auto it = memo.find(k);
    if (it != memo.end()) return it->second;
    int len = 0;
    while (len < 16 && height(k, len) > 0) ++len;
    std::bitset<kMaxOptions + 1> seen;
    for (int i = 0; i < len; ++i) {
        for (int j = 0; j < height(k, i); ++j) {
            if (i + j == 0) continue;
            Key next = 0;
            for (int c = 0; c < len; ++c) {
                int h = height(k, c);
                if (c >= i) {
                    if (j == 0) break;          // columns i.. are gone
                    if (h > j) h = j;
                }
                next |= static_cast<Key>(h) << (4 * c);
            }
            seen.set(static_cast<size_t>(solve(next)));
        }
    }
    int v = 0;
    while (seen.test(static_cast<size_t>(v))) ++v;
    memo.emplace(k, v);
    return v;
}

Key rectangle(int rows, int cols) {
    Key k = 0;
    for (int c = 0; c < cols; ++c) k |= static_cast<Key>(rows) << (4 * c);
    return k;
}
}  // namespace

int main(int argc, char** argv) {
    const long long R = argc > 1 ? std::atoll(argv[1]) : 9;
    const long long C = argc > 2 ? std::atoll(argv[2]) : R;
    if (R < 1 || R > 15 || C < 1 || C > 16) {
        std::fprintf(stderr, "usage: chomp [R [C]]  (1 <= R <= 15, 1 <= C <= 16)\n");
        return 2;
    }
    long long sum = 0;
    for (int r = 1; r <= R; ++r)
        for (int c = 1; c <= C; ++c) sum += solve(rectangle(r, c));
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %zu\nroot %d\n", memo.size(),
                 solve(rectangle(static_cast<int>(R), static_cast<int>(C))));
    return 0;
}
