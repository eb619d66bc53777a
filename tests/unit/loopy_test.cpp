// Loopy games against an oracle that knows nothing of their values: a plain
// win/lose/draw retrograde analysis of the product graph of a digraph and a
// Nim heap. By Smith's theory, p + *k is a P-position exactly when
// sg(p) == k, and a draw exactly when sg(p) is ∞{K} with k not in K.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "interpreter/solver/solver.hpp"
#include "run_program.hpp"
#include "test_graphs.hpp"

using namespace grundy::solver;

namespace {

struct Digraph : GameGraph {
    std::uint32_t graph = 0;
    std::vector<std::vector<StateId>> adj;
    void expand(StateId v, OptionSink& out) override {
        for (StateId w : adj[v]) {
            out.begin_option();
            out.add(make_comp(graph, w));
        }
    }
    std::string describe(StateId v) const override { return "v" + std::to_string(v); }
};

struct Heap : GameGraph {
    std::uint32_t graph = 0;
    void expand(StateId s, OptionSink& out) override { grundy::testing::nim_options(graph, s, out); }
    std::string describe(StateId s) const override { return "*" + std::to_string(s); }
};

enum class Result { p, n, draw };

// Win/lose/draw of every (vertex, heap) with heap < heaps: the player who
// cannot move loses; a position never settled is a draw.
std::vector<Result> retrograde(const std::vector<std::vector<StateId>>& adj, std::uint32_t heaps) {
    const std::size_t n = adj.size();
    auto id = [&](std::size_t v, std::uint32_t h) { return v * heaps + h; };
    std::vector<std::vector<std::size_t>> preds(n * heaps);
    std::vector<std::size_t> left(n * heaps);
    for (std::size_t v = 0; v < n; ++v)
        for (std::uint32_t h = 0; h < heaps; ++h) {
            for (StateId w : adj[v]) preds[id(w, h)].push_back(id(v, h));
            for (std::uint32_t g = 0; g < h; ++g) preds[id(v, g)].push_back(id(v, h));
            left[id(v, h)] = adj[v].size() + h;
        }
    std::vector<int> state(n * heaps, -1);  // 0 lose, 1 win
    std::vector<std::size_t> queue;
    for (std::size_t i = 0; i < n * heaps; ++i)
        if (left[i] == 0) state[i] = 0, queue.push_back(i);
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const std::size_t x = queue[q];
        for (std::size_t u : preds[x]) {
            if (state[u] != -1) continue;
            if (state[x] == 0) state[u] = 1, queue.push_back(u);
            else if (--left[u] == 0) state[u] = 0, queue.push_back(u);
        }
    }
    std::vector<Result> out(n * heaps);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = state[i] == 0 ? Result::p : state[i] == 1 ? Result::n : Result::draw;
    return out;
}

}  // namespace

TEST_CASE("loopy values agree with win/lose/draw analysis of p + *k", "[loopy]") {
    std::mt19937 rng(20240611);
    constexpr std::uint32_t heaps = 8;
    for (int trial = 0; trial < 400; ++trial) {
        const std::size_t n = 1 + rng() % 12;
        const int density = 1 + static_cast<int>(rng() % 4);
        std::vector<std::vector<StateId>> adj(n);
        for (std::size_t v = 0; v < n; ++v)
            for (std::size_t w = 0; w < n; ++w)
                if (static_cast<int>(rng() % 10) < density) adj[v].push_back(static_cast<StateId>(w));
        const auto oracle = retrograde(adj, heaps);
        Solver s;
        Digraph g;
        Heap h;
        g.adj = adj;
        g.graph = s.add_graph(&g);
        h.graph = s.add_graph(&h);
        // Ask in a random order: searches start from states others solved.
        std::vector<std::size_t> order(n);
        for (std::size_t v = 0; v < n; ++v) order[v] = v;
        std::shuffle(order.begin(), order.end(), rng);
        for (std::size_t v : order) {
            const std::uint32_t value = s.grundy(make_comp(g.graph, static_cast<StateId>(v)));
            for (std::uint32_t k = 0; k < heaps; ++k) {
                INFO("trial " << trial << ", vertex " << v << ", k " << k);
                const Result r = oracle[v * heaps + k];
                const bool p = Solver::is_finite(value) && value == k;
                bool draw = false;
                if (Solver::is_infinite(value)) {
                    auto set = s.infinite_set(value);
                    draw = !std::binary_search(set.begin(), set.end(), k);
                }
                CHECK((r == Result::p) == p);
                CHECK((r == Result::draw) == draw);
                // The sum's own value says the same.
                const Comp sum[] = {make_comp(g.graph, static_cast<StateId>(v)), make_comp(h.graph, k)};
                const auto o = s.outcome(s.grundy(std::span<const Comp>(sum)));
                CHECK((o == Solver::Outcome::p) == (r == Result::p));
                CHECK((o == Solver::Outcome::draw) == (r == Result::draw));
            }
        }
        // Remoteness: even exactly at P-positions, infinite exactly at draws.
        for (std::size_t v = 0; v < n; ++v) {
            const std::uint64_t far = s.remoteness(make_comp(g.graph, static_cast<StateId>(v)));
            const Result r = oracle[v * heaps];
            INFO("trial " << trial << ", vertex " << v);
            CHECK((far == Solver::draw_remoteness) == (r == Result::draw));
            if (r != Result::draw) CHECK((far % 2 == 0) == (r == Result::p));
        }
    }
}

// outcome() alone labels win, loss and draw without values (the loopy
// search for outcomes, the outcome search with drawn options); values asked
// before, between or after must agree with it and with the oracle.
TEST_CASE("outcomes alone agree with win/lose/draw analysis, and with values asked around them", "[loopy]") {
    std::mt19937 rng(20261126);
    for (int trial = 0; trial < 600; ++trial) {
        const std::size_t n = 1 + rng() % 14;
        const int density = 1 + static_cast<int>(rng() % 4);
        std::vector<std::vector<StateId>> adj(n);
        for (std::size_t v = 0; v < n; ++v)
            for (std::size_t w = 0; w < n; ++w)
                if (static_cast<int>(rng() % 12) < density) adj[v].push_back(static_cast<StateId>(w));
        const auto oracle = retrograde(adj, 1);
        Solver s;
        Digraph g;
        g.adj = adj;
        g.graph = s.add_graph(&g);
        std::vector<std::size_t> order(n);
        for (std::size_t v = 0; v < n; ++v) order[v] = v;
        std::shuffle(order.begin(), order.end(), rng);
        const int mode = trial % 3;  // values: never, some first, all after
        auto expect = [&](std::size_t v, Solver::Outcome o) {
            const Result r = oracle[v];
            CHECK((o == Solver::Outcome::p) == (r == Result::p));
            CHECK((o == Solver::Outcome::draw) == (r == Result::draw));
        };
        for (std::size_t v : order) {
            INFO("trial " << trial << ", vertex " << v << ", mode " << mode);
            const Comp c = make_comp(g.graph, static_cast<StateId>(v));
            if (mode == 1 && rng() % 3 == 0) expect(v, s.outcome(s.grundy(c)));
            expect(v, s.outcome_of(c));
        }
        if (mode != 2) continue;
        std::shuffle(order.begin(), order.end(), rng);
        for (std::size_t v : order) {
            INFO("trial " << trial << ", vertex " << v << ", values after");
            const Comp c = make_comp(g.graph, static_cast<StateId>(v));
            expect(v, s.outcome(s.grundy(c)));
            expect(v, s.outcome_of(c));
        }
    }
}

TEST_CASE("a self-loop and moves to *k for k in K give ∞{K}", "[loopy]") {
    for (unsigned mask = 0; mask < 8; ++mask) {
        // Vertices 0..2 are *0, *1, *2 (a chain of mex); vertex 3 loops.
        Digraph g;
        g.adj = {{}, {0}, {0, 1}, {3}};
        std::vector<std::uint32_t> k;
        for (StateId b = 0; b < 3; ++b)
            if (mask >> b & 1) g.adj[3].push_back(b), k.push_back(b);
        Solver s;
        g.graph = s.add_graph(&g);
        const std::uint32_t v = s.grundy(make_comp(g.graph, 3));
        REQUIRE(Solver::is_infinite(v));
        auto set = s.infinite_set(v);
        CHECK(std::vector<std::uint32_t>(set.begin(), set.end()) == k);
    }
}

TEST_CASE("Ferguson's figure 3.4: a cycle with a way out", "[loopy]") {
    // a -> b -> c -> a, c -> d, d -> e.
    Digraph g;
    g.adj = {{1}, {2}, {0, 3}, {4}, {}};
    Solver s;
    g.graph = s.add_graph(&g);
    CHECK(s.grundy(make_comp(g.graph, 4)) == 0);
    CHECK(s.grundy(make_comp(g.graph, 3)) == 1);
    for (StateId v = 0; v < 3; ++v) CHECK(s.outcome(s.grundy(make_comp(g.graph, v))) == Solver::Outcome::draw);
    CHECK(s.remoteness(make_comp(g.graph, 3)) == 1);
    CHECK(s.remoteness(make_comp(g.graph, 0)) == Solver::draw_remoteness);
}

TEST_CASE("sums of loopy values follow Smith's rules", "[loopy]") {
    Solver s;
    auto inf = [&](std::vector<std::uint32_t> k) { return s.infinite(k); };
    const std::uint32_t a = inf({0, 2});
    CHECK(s.nim_add(a, 3) == inf({1, 3}));
    CHECK(s.nim_add(5, a) == inf({5, 7}));
    CHECK(s.nim_add(a, a) == inf({}));
    CHECK(inf({70, 100}) == inf({70, 100}));
    CHECK(s.nim_add(inf({70, 100}), 1) == inf({71, 101}));
    CHECK(s.nim_add(6, 3) == 5);
}

TEST_CASE("a cycle through a sum's part is an error, and leaves nothing marked", "[loopy]") {
    // State 0 moves to 1 + 1; state 1 moves back to 0.
    struct Through : GameGraph {
        std::uint32_t graph = 0;
        void expand(StateId v, OptionSink& out) override {
            out.begin_option();
            if (v == 0) {
                out.add(make_comp(graph, 1));
                out.add(make_comp(graph, 1));
            } else {
                out.add(make_comp(graph, 0));
            }
        }
        std::string describe(StateId v) const override { return "T(" + std::to_string(v) + ")"; }
    } t;
    Solver s;
    t.graph = s.add_graph(&t);
    CHECK_THROWS_WITH(s.grundy(make_comp(t.graph, 0)), Catch::Contains("passes through a sum"));
    CHECK_THROWS_AS(s.grundy(make_comp(t.graph, 1)), SolveError);
}

TEST_CASE("loopy games in the language", "[loopy]") {
    auto r = grundy::testing::run_program(
        "game Pendulum { position n; move => 1 - n }\n"
        "print sg(Pendulum(0)), outcome(Pendulum(1)), remoteness(Pendulum(0))\n"
        "game Up { position n; move where n > 0 => n - 1; move where n < 5 => n + 2 }\n"
        "print [sg(Up(n)) for n in 0..7]\n"
        "print [outcome(Up(n)) for n in 0..7]\n");
    CHECK(r.err == "");
    CHECK(r.out.find("∞{} D ∞\n") == 0);
}

namespace {

// The generalized Sprague-Grundy labelling by its definition (Fraenkel and
// Yesha's rounds, as written, without counters): -1 for infinite.
std::vector<int> naive_labels(const std::vector<std::vector<StateId>>& adj) {
    const std::size_t n = adj.size();
    constexpr int none = -2, inf = -1;
    std::vector<int> lab(n, none);
    for (int m = 0; std::count(lab.begin(), lab.end(), none) > 0; ++m) {
        auto has = [&](std::size_t v, int x) {
            return std::any_of(adj[v].begin(), adj[v].end(), [&](StateId w) { return lab[w] == x; });
        };
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t u = 0; u < n; ++u) {
                if (lab[u] != none || has(u, m)) continue;
                bool ok = true;
                for (StateId w : adj[u])
                    if ((lab[w] == none || lab[w] == inf) && !has(w, m)) ok = false;
                if (ok) lab[u] = m, changed = true;
            }
        }
        for (std::size_t u = 0; u < n; ++u)
            if (lab[u] == none && !has(u, m)) lab[u] = inf;
    }
    return lab;
}

}  // namespace

TEST_CASE("large values inside a loopy search, against the definition", "[loopy]") {
    // Vertices 0..39: Nim heaps (every smaller vertex), values 0..39. The
    // rest: random edges among themselves and into the heaps, so that the
    // loopy search labels values past 31 and sets K holding them.
    std::mt19937 rng(7);
    for (int trial = 0; trial < 60; ++trial) {
        constexpr std::size_t heaps = 40;
        const std::size_t n = heaps + 2 + rng() % 10;
        std::vector<std::vector<StateId>> adj(n);
        for (StateId v = 0; v < heaps; ++v)
            for (StateId w = 0; w < v; ++w) adj[v].push_back(w);
        for (std::size_t v = heaps; v < n; ++v) {
            // The loopy part first: its search meets a cycle before it
            // solves the heaps, which are then labelled by the rounds.
            for (std::size_t w = heaps; w < n; ++w)
                if (rng() % 4 == 0) adj[v].push_back(static_cast<StateId>(w));
            const std::size_t low = rng() % heaps;
            for (StateId w = 0; w < low; ++w) adj[v].push_back(w);  // values 0..low-1 available
        }
        const auto expected = naive_labels(adj);
        Solver s;
        Digraph g;
        g.adj = adj;
        g.graph = s.add_graph(&g);
        // Ask a vertex of the loopy part first, so that its search labels the rest.
        s.grundy(make_comp(g.graph, static_cast<StateId>(n - 1)));
        for (std::size_t v = 0; v < n; ++v) {
            INFO("trial " << trial << ", vertex " << v);
            const std::uint32_t x = s.grundy(make_comp(g.graph, static_cast<StateId>(v)));
            if (expected[v] >= 0) {
                CHECK(x == static_cast<std::uint32_t>(expected[v]));
                continue;
            }
            REQUIRE(Solver::is_infinite(x));
            std::vector<std::uint32_t> k;
            for (StateId w : adj[v])
                if (expected[w] >= 0) k.push_back(static_cast<std::uint32_t>(expected[w]));
            std::sort(k.begin(), k.end());
            k.erase(std::unique(k.begin(), k.end()), k.end());
            auto set = s.infinite_set(x);
            CHECK(std::vector<std::uint32_t>(set.begin(), set.end()) == k);
        }
    }
}
