// Misère play of one component (Solver::misere_outcome, misere_twin.cpp)
// on hand-built graphs against naive references: a DAG whose options are
// states of two graphs or the empty sum, one whose options are sums too
// (the search over sums takes those queries), and graphs with cycles,
// whose draws a retrograde analysis labels. Then int-path games, whose scan
// answers the twin, against the search over sums.
#include <catch2/catch.hpp>

#include <map>
#include <random>

#include "interpreter/solver/solver.hpp"
#include "run_program.hpp"
#include "test_graphs.hpp"

using namespace grundy::solver;

namespace {

// Two random games on states 0..n-1: each state's options are a few
// states of its own graph (graph 0's also of graph 1's), `sums` of them a
// sum of two, `empty` the empty sum, and `back` a state no smaller (cycles).
struct TwoGraphs {
    // Graph 0 and 1 share this many states; graph 1's options stay in 1.
    static constexpr StateId n = 40;
    std::vector<std::vector<std::vector<std::pair<int, StateId>>>> moves[2];

    TwoGraphs(std::mt19937_64& rng, double sums, double empty, double back) {
        std::uniform_real_distribution<double> u(0, 1);
        for (int g = 0; g < 2; ++g) {
            moves[g].resize(n);
            for (StateId s = 0; s < n; ++s) {
                const int count = static_cast<int>(rng() % 5);
                for (int i = 0; i < count; ++i) {
                    std::vector<std::pair<int, StateId>> option;
                    if (u(rng) < empty) {
                        moves[g][s].push_back(option);
                        continue;
                    }
                    const int parts = u(rng) < sums ? 2 : 1;
                    for (int p = 0; p < parts; ++p) {
                        const bool cycle = u(rng) < back;
                        if (!cycle && s == 0) break;
                        const StateId to = cycle ? static_cast<StateId>(rng() % n) : static_cast<StateId>(rng() % s);
                        const int in = g == 0 && u(rng) < 0.3 ? 1 : g;
                        option.emplace_back(in, to);
                    }
                    if (!option.empty()) moves[g][s].push_back(option);
                }
            }
        }
    }
};

struct Graph : GameGraph {
    const TwoGraphs* games = nullptr;
    int which = 0;
    std::uint32_t ids[2] = {0, 0};
    void expand(StateId s, OptionSink& out) override {
        for (const auto& option : games->moves[which][s]) {
            out.begin_option();
            for (auto [g, t] : option) out.add(make_comp(ids[g], t));
        }
    }
    std::string describe(StateId s) const override { return "G" + std::to_string(which) + "(" + std::to_string(s) + ")"; }
};

// Misère outcomes over multisets of (graph, state), by brute force:
// the player to move wins when no part has a move, or some move leaves a
// sum the opponent loses.
struct NaiveMisere {
    const TwoGraphs& games;
    std::map<std::vector<std::pair<int, StateId>>, bool> memo;
    bool wins(std::vector<std::pair<int, StateId>> sum) {
        std::sort(sum.begin(), sum.end());
        if (auto it = memo.find(sum); it != memo.end()) return it->second;
        bool any = false, win = false;
        for (std::size_t i = 0; i < sum.size() && !win; ++i)
            for (const auto& option : games.moves[sum[i].first][sum[i].second]) {
                any = true;
                auto next = sum;
                next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
                next.insert(next.end(), option.begin(), option.end());
                if (!wins(next)) {
                    win = true;
                    break;
                }
            }
        return memo[sum] = win || !any;
    }
};

// Misère outcomes of single states with cycles, by retrograde analysis:
// no moves is a win; a P option makes N; every option N makes P; the
// states never labelled are draws.
std::vector<Solver::Outcome> retrograde(const TwoGraphs& games, int g) {
    const StateId n = TwoGraphs::n;
    std::vector<int> label(2 * n, -1);  // index graph * n + state; 0 P, 1 N
    for (bool changed = true; changed;) {
        changed = false;
        for (int h = 0; h < 2; ++h)
            for (StateId s = 0; s < n; ++s) {
                int& l = label[h * n + s];
                if (l >= 0) continue;
                const auto& moves = games.moves[h][s];
                bool p_option = moves.empty(), all_n = !moves.empty();
                for (const auto& option : moves) {
                    const int o = option.empty() ? 1 : label[option[0].first * n + option[0].second];
                    p_option = p_option || o == 0;
                    all_n = all_n && o == 1;
                }
                if (p_option || all_n) l = p_option ? 1 : 0, changed = true;
            }
    }
    std::vector<Solver::Outcome> out;
    for (StateId s = 0; s < n; ++s) {
        const int l = label[g * n + s];
        out.push_back(l == 0 ? Solver::Outcome::p : l == 1 ? Solver::Outcome::n : Solver::Outcome::draw);
    }
    return out;
}

struct Setup {
    Solver solver;
    Graph g[2];
    explicit Setup(const TwoGraphs& games) {
        for (int i = 0; i < 2; ++i) g[i].games = &games, g[i].which = i;
        const std::uint32_t a = solver.add_graph(&g[0]), b = solver.add_graph(&g[1]);
        for (Graph& x : g) x.ids[0] = a, x.ids[1] = b;
    }
    Solver::Outcome misere(int graph, StateId s) {
        const Comp c = make_comp(g[graph].ids[graph], s);
        return solver.misere_outcome(std::span<const Comp>(&c, 1));
    }
};

}  // namespace

TEST_CASE("misère twin: one component's outcome, options in two graphs and empty sums", "[misere]") {
    for (unsigned seed = 1; seed <= 200; ++seed) {
        std::mt19937_64 rng(seed);
        TwoGraphs games(rng, 0.0, 0.15, 0.0);
        Setup s(games);
        NaiveMisere naive{games, {}};
        std::vector<StateId> order(TwoGraphs::n);
        for (StateId i = 0; i < TwoGraphs::n; ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), rng);
        for (StateId x : order) {
            const int g = static_cast<int>(rng() % 2);
            const bool wins = naive.wins({{g, x}});
            INFO("seed " << seed << ", G" << g << "(" << x << ")");
            REQUIRE(s.misere(g, x) == (wins ? Solver::Outcome::n : Solver::Outcome::p));
        }
    }
}

TEST_CASE("misère twin: options that are sums leave the query to the search over sums", "[misere]") {
    for (unsigned seed = 1; seed <= 200; ++seed) {
        std::mt19937_64 rng(seed);
        TwoGraphs games(rng, 0.2, 0.1, 0.0);
        Setup s(games);
        NaiveMisere naive{games, {}};
        // Smallest first, the twin answers some before it meets a sum;
        // largest first, it meets one part way down.
        for (StateId i = 0; i < TwoGraphs::n; ++i) {
            const StateId x = seed % 2 ? i : TwoGraphs::n - 1 - i;
            const bool wins = naive.wins({{0, x}});
            INFO("seed " << seed << ", G0(" << x << ")");
            REQUIRE(s.misere(0, x) == (wins ? Solver::Outcome::n : Solver::Outcome::p));
        }
    }
}

TEST_CASE("misère twin: cycles give draws, as a retrograde analysis labels them", "[misere]") {
    for (unsigned seed = 1; seed <= 200; ++seed) {
        std::mt19937_64 rng(seed);
        TwoGraphs games(rng, 0.0, 0.1, 0.25);
        Setup s(games);
        const int g = static_cast<int>(seed % 2);
        const std::vector<Solver::Outcome> want = retrograde(games, g);
        for (StateId x = 0; x < TwoGraphs::n; ++x) {
            INFO("seed " << seed << ", G" << g << "(" << x << ")");
            REQUIRE(s.misere(g, x) == want[x]);
        }
    }
}

TEST_CASE("misère twin: a game made after the twins, reached from an option", "[misere]") {
    // A(s) moves to B(s - 1) (B: Nim), A(0) has no move; B is added after
    // A's first misère question, so A's twin meets a graph with none yet.
    struct Later : GameGraph {
        std::uint32_t other = 0;
        void expand(StateId s, OptionSink& out) override {
            if (s == 0) return;
            out.begin_option();
            out.add(make_comp(other, s - 1));
        }
        std::string describe(StateId s) const override { return "A(" + std::to_string(s) + ")"; }
    } a;
    struct Nim : GameGraph {
        std::uint32_t graph = 0;
        void expand(StateId s, OptionSink& out) override { grundy::testing::nim_options(graph, s, out); }
        std::string describe(StateId s) const override { return "B(" + std::to_string(s) + ")"; }
    } b;
    Solver solver;
    const Comp a0 = make_comp(solver.add_graph(&a), 0);
    CHECK(solver.misere_outcome(std::span<const Comp>(&a0, 1)) == Solver::Outcome::n);
    a.other = b.graph = solver.add_graph(&b);
    // Misère Nim on one heap: P exactly at 1; A(s) is P when B(s - 1) is N.
    for (StateId s = 1; s <= 6; ++s) {
        const Comp c = make_comp(0, s);
        INFO("A(" << s << ")");
        CHECK(solver.misere_outcome(std::span<const Comp>(&c, 1)) == (s == 2 ? Solver::Outcome::n : Solver::Outcome::p));
    }
}

TEST_CASE("misère twin: a query that meets a sum needs no more states than the search over sums", "[misere]") {
    // G(1, 0) reaches 3,000 states of one component before a split.
    const std::string program = "game Z { position n; move where n > 0 => n - 1 }\n"
                                "game G { position (t, n)\n"
                                " move k in 1..2 where t == 0 and k <= n => (0, n - k)\n"
                                " move where t == 1 => (0, 3000)\n move where t == 1 => (2, 0)\n"
                                " move where t == 2 => split((0, 1), (0, 1)) }\n";
    const auto one = grundy::testing::run_program(program + "print outcome(misere(G(1, 0)))\n", "", 4000);
    const auto sum = grundy::testing::run_program(program + "print outcome(misere(G(1, 0) + Z(0)))\n", "", 4000);
    CHECK(one.err == "");
    CHECK(one.out == sum.out);
}

TEST_CASE("misère twin: int-path games agree with the search over sums", "[misere]") {
    // `+ Z()` adds a part with no moves: the same position, which the
    // search over sums decides.
    const std::string games = R"(
game Z { position n; move where n > 0 => n - 1 }
game H {
    position (a, b, c)
    canonical => tuple(sorted([a, b, c]))
    terminal when a + b + c == 2 and a == 0 => lose
    move k in 1..a => (a - k, b, c)
    move k in 1..b => (a, b - k, c)
    move k in 1..min(b, c) => (a, b - k, c - k)
}
game S { position n; move k in {2, 3, 7} where k <= n => n - k; move where n % 5 == 4 => n - 1 }
)";
    CHECK(grundy::testing::on_int_path(games, "H"));
    CHECK(grundy::testing::on_int_path(games, "S"));
    const std::string twin = grundy::testing::output_of(games + R"(
print [outcome(misere(H(a, b, c))) for a in 0..6, b in 0..6, c in 0..6]
print [outcome(misere(S(n))) for n in 0..80]
)");
    const std::string sums = grundy::testing::output_of(games + R"(
print [outcome(misere(H(a, b, c) + Z(0))) for a in 0..6, b in 0..6, c in 0..6]
print [outcome(misere(S(n) + Z(0))) for n in 0..80]
)");
    CHECK(twin == sums);
    CHECK(twin.find("\"P\"") != std::string::npos);
}
