// Node Kayles on a fixed graph: a move picks a vertex still in play and
// removes it with its neighbours; whoever cannot move loses.
//
// The graph: vertices 0..V-1 (default V = 30) on a cycle, v joined to
// v + 1 and v - 1 (mod V), plus a chord from each vertex v with v % 3 == 0
// to v + 7 (mod V). A position is the set of vertices in play, a bit mask.
//
// Workload: the value of every opening move: the sum over the vertices v of
// sg(the whole graph minus v and its neighbours). Together they solve every
// position of the whole graph but the start. Memo: a hash map from the mask
// to the value (2^V bytes would be a gigabyte); the mex over a 64-bit mask.
// Checksum: sum over v of sg(all - {v} - adj[v]).
//   Grundy: print sum([sg(G(all - {v} - adj[v])) for v in all])
// Usage: nodekayles [V]    stdout: "checksum <sum>"   stderr: "states <count>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {
int V;
std::vector<uint32_t> closed;  // closed[v]: v and its neighbours
std::unordered_map<uint32_t, uint8_t> memo;

int sg(uint32_t s) {  // recursion depth <= V / 2
    if (s == 0) return 0;
    if (auto it = memo.find(s); it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (uint32_t rest = s; rest != 0; rest &= rest - 1) {
        const int v = __builtin_ctz(rest);
        seen |= uint64_t{1} << sg(s & ~closed[v]);
    }
    const int value = __builtin_ctzll(~seen);
    memo.emplace(s, static_cast<uint8_t>(value));
    return value;
}
}  // namespace

int main(int argc, char** argv) {
    const long long Vl = argc > 1 ? std::atoll(argv[1]) : 30;
    if (Vl < 3 || Vl > 32) { std::fprintf(stderr, "usage: nodekayles [V], 3 <= V <= 32\n"); return 2; }
    V = static_cast<int>(Vl);
    closed.assign(V, 0);
    auto join = [](int a, int b) { closed[a] |= 1u << b; closed[b] |= 1u << a; };
    for (int v = 0; v < V; ++v) {
        closed[v] |= 1u << v;
        join(v, (v + 1) % V);
        if (v % 3 == 0) join(v, (v + 7) % V);
    }
    memo.reserve(1 << 20);
    const uint32_t all = V == 32 ? ~0u : (1u << V) - 1;
    long long sum = 0;
    for (int v = 0; v < V; ++v) sum += sg(all & ~closed[v]);
    std::printf("checksum %lld\n", sum);
    std::fprintf(stderr, "states %zu\n", memo.size());
    return 0;
}
