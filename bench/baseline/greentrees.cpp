// Green Hackenbush on random rooted trees: a move deletes one edge, and every
// edge no longer connected to the ground falls with it; whoever cannot move
// loses. A tree of n nodes is a parent array (node 0 the ground, edge v joins
// node v to parent[v] < v), as the library's Hackenbush(parent) takes it; a
// position is the set of edges left, always a subtree that holds the ground.
//
// The trees: T trees (default 200) of n nodes each (default 17), drawn from
// the MINSTD generator x -> 48271 x mod (2^31 - 1), started at x = 1: the
// i-th number drawn (i = 1, 2, ...) is 48271^i mod (2^31 - 1), and node v of
// tree t (t = 0..T-1, v = 1..n-1) takes parent x_i % v with
// i = t * (n - 1) + v.
//
// Workload: sg of each tree, by search over the edge sets (no colon
// principle). An edge set is a bit mask; deleting edge v leaves
// mask & ~below[v] (below[v]: the edges of v's subtree, v's own included).
// One hash memo per tree; the mex over a 64-bit mask.
// Checksum: the sum of the trees' values.
//   Grundy: print sum([sg(Hackenbush(tree(t))()) for t in 0..T - 1])
// Usage: greentrees [T [n]]   stdout: "checksum <sum>"   stderr: "states <count>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {
std::vector<uint32_t> below;
std::unordered_map<uint32_t, uint8_t> memo;

int sg(uint32_t edges) {  // recursion depth <= n - 1
    if (edges == 0) return 0;
    if (auto it = memo.find(edges); it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (uint32_t rest = edges; rest != 0; rest &= rest - 1) {
        const int v = __builtin_ctz(rest);
        seen |= uint64_t{1} << sg(edges & ~below[v]);
    }
    const int value = __builtin_ctzll(~seen);
    memo.emplace(edges, static_cast<uint8_t>(value));
    return value;
}
}  // namespace

int main(int argc, char** argv) {
    const long long T = argc > 1 ? std::atoll(argv[1]) : 200;
    const long long n = argc > 2 ? std::atoll(argv[2]) : 17;
    if (T < 0 || n < 1 || n > 32) { std::fprintf(stderr, "usage: greentrees [T [n]], 1 <= n <= 32\n"); return 2; }
    uint64_t x = 1;
    long long sum = 0, states = 0;
    std::vector<int> parent(n);
    for (long long t = 0; t < T; ++t) {
        parent[0] = -1;
        for (int v = 1; v < n; ++v) {
            x = x * 48271 % 2147483647;
            parent[v] = static_cast<int>(x % v);
        }
        // below[v]: edge v and every edge above it (children have larger numbers).
        below.assign(n, 0);
        for (int v = static_cast<int>(n) - 1; v >= 1; --v) {
            below[v] |= 1u << v;
            if (parent[v] > 0) below[parent[v]] |= below[v];
        }
        memo.clear();
        const uint32_t all = n == 32 ? ~1u : ((1u << n) - 1) & ~1u;  // edges 1..n-1
        sum += sg(all);
        states += static_cast<long long>(memo.size()) + 1;  // and the empty set
    }
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %lld\n", states);
    return 0;
}
