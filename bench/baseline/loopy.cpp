// A loopy game: the outcome (win, loss or draw) of every vertex of a random
// digraph of N vertices, made by a hash: one vertex in ten is a sink, the
// others have three out-edges (the hash of the Grundy program).
//
// Workload: N = 10^6. The C++ is the textbook retrograde analysis (Winning
// Ways ch. 11; what Gamesman does for win/lose/draw): the edges and their
// reverse in flat arrays, sinks lost for the player to move, a vertex lost
// when every option is won, won when one option is lost; what is never
// settled is a draw.
// Checksum: P * 10^12 + N * 10^6 + D, the counts of lost, won and drawn
// vertices.
//   Grundy: outcome(Random(v)) for v in 0..N - 1
// Usage: loopy [N]          stdout: "checksum <c>"   stderr: "states <N>"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static uint64_t mix(uint64_t h) { return ((h ^ (h / 65536)) * 1540483477ull) % 4294967296ull; }

int main(int argc, char** argv) {
    const long long n = argc > 1 ? std::atoll(argv[1]) : 1000000LL;
    if (n <= 0 || n > 100000000) { std::fprintf(stderr, "usage: loopy [0 < N <= 10^8]\n"); return 2; }
    const uint32_t N = static_cast<uint32_t>(n);
    std::vector<uint32_t> first(N + 1), edges;
    edges.reserve(static_cast<size_t>(N) * 3);
    for (uint32_t v = 0; v < N; ++v) {
        first[v] = static_cast<uint32_t>(edges.size());
        if (mix(v) % 10 == 0) continue;
        for (uint64_t i = 0; i < 3; ++i) edges.push_back(static_cast<uint32_t>(mix((v * 2654435761ull + (i + 1) * 40503) % 4294967296ull) % N));
    }
    first[N] = static_cast<uint32_t>(edges.size());
    // Reverse edges, counted then filled.
    std::vector<uint32_t> rfirst(N + 1, 0), redges(edges.size());
    for (uint32_t w : edges) ++rfirst[w + 1];
    for (uint32_t v = 0; v < N; ++v) rfirst[v + 1] += rfirst[v];
    {
        std::vector<uint32_t> fill(rfirst.begin(), rfirst.end() - 1);
        for (uint32_t v = 0; v < N; ++v)
            for (uint32_t e = first[v]; e < first[v + 1]; ++e) redges[fill[edges[e]]++] = v;
    }
    std::vector<uint32_t> left(N);
    std::vector<uint8_t> result(N, 0);  // 0 draw, 1 lost (P), 2 won (N)
    std::vector<uint32_t> queue;
    queue.reserve(N);
    for (uint32_t v = 0; v < N; ++v) {
        left[v] = first[v + 1] - first[v];
        if (left[v] == 0) result[v] = 1, queue.push_back(v);
    }
    for (size_t q = 0; q < queue.size(); ++q) {
        const uint32_t w = queue[q];
        for (uint32_t e = rfirst[w]; e < rfirst[w + 1]; ++e) {
            const uint32_t u = redges[e];
            if (result[u]) continue;
            if (result[w] == 1) result[u] = 2, queue.push_back(u);
            else if (--left[u] == 0) result[u] = 1, queue.push_back(u);
        }
    }
    uint64_t count[3] = {0, 0, 0};
    for (uint32_t v = 0; v < N; ++v) ++count[result[v]];
    std::printf("checksum %llu\n", static_cast<unsigned long long>(count[1] * 1000000000000ull + count[2] * 1000000ull + count[0]));
    std::fprintf(stderr, "states %u\n", N);
    return 0;
}
