// The outcome-only search (Solver::outcome_of) on hand-built graphs: random
// games with sums, cycles and a game's one-pass scan, asked in random
// orders mixed with values, against the values of a solver that was only
// asked for values; and the value arrays' code for an N-position.
#include <catch2/catch.hpp>

#include <random>

#include "interpreter/solver/solver.hpp"
#include "test_graphs.hpp"

using namespace grundy::solver;

namespace {

// A random game on states 0..n-1: each state's options are a few states
// (mostly smaller, so most of it is acyclic; `back` of them may be larger,
// making cycles), now and then a sum of two or the empty sum.
struct RandomGraph : GameGraph {
    std::uint32_t graph = 0;
    std::vector<std::vector<std::vector<StateId>>> moves;
    bool scan = false;  // answer try_outcome as an int-path game would
    const Solver* solver = nullptr;

    RandomGraph(std::mt19937_64& rng, StateId n, double back, double sums) : moves(n) {
        std::uniform_real_distribution<double> u(0, 1);
        for (StateId s = 0; s < n; ++s) {
            const int count = s == 0 ? 0 : static_cast<int>(rng() % 5);
            for (int i = 0; i < count; ++i) {
                std::vector<StateId> option;
                const int parts = u(rng) < sums ? (u(rng) < 0.2 ? 0 : 2) : 1;
                for (int p = 0; p < parts; ++p)
                    option.push_back(u(rng) < back ? static_cast<StateId>(rng() % n) : static_cast<StateId>(rng() % s));
                moves[s].push_back(option);
            }
        }
    }
    void expand(StateId s, OptionSink& out) override {
        for (const auto& option : moves[s]) {
            out.begin_option();
            for (StateId t : option) out.add(make_comp(graph, t));
        }
    }
    std::string describe(StateId s) const override { return "R(" + std::to_string(s) + ")"; }
    // A scan over the value arrays, as Instance::try_outcome reads them.
    bool try_outcome(StateId s, bool& p_position, Blocker& b) override {
        if (!scan) return false;
        for (const auto& option : moves[s])
            if (option.size() != 1) return false;
        for (const auto& option : moves[s]) {
            const std::uint32_t v = solver->value_arrays(graph)[0].get(option[0]);
            if (v == 0) {
                p_position = false;
                return true;
            }
            if (v < ValueArray::finite_limit || v == ValueArray::known_n) continue;
            b.found = true;
            b.state = option[0];
            return false;
        }
        p_position = true;
        return true;
    }
};

// The same value in two solvers: their codes of ∞{K} differ.
std::vector<std::uint32_t> value_of(Solver& s, Comp c) {
    const std::uint32_t v = s.grundy(c);
    if (Solver::is_finite(v)) return {v};
    std::vector<std::uint32_t> k{Solver::finite_limit};
    for (std::uint32_t x : s.infinite_set(v)) k.push_back(x);
    return k;
}

}  // namespace

TEST_CASE("outcome alone: random games agree with their values, asked in any order", "[outcome]") {
    std::mt19937_64 rng(20231);
    for (int round = 0; round < 300; ++round) {
        const StateId n = 2 + static_cast<StateId>(rng() % 60);
        // A cycle through a sum is an error (solver.hpp): sums only in acyclic games.
        const double back = round % 3 == 0 ? 0.1 : 0.0, sums = round % 4 == 1 && back == 0 ? 0.15 : 0.0;
        std::mt19937_64 make(rng());
        std::mt19937_64 again = make;
        RandomGraph ref_game(make, n, back, sums), game(again, n, back, sums);
        Solver ref, s;
        ref_game.graph = ref.add_graph(&ref_game);
        game.graph = s.add_graph(&game);
        game.scan = round % 2 == 0;
        game.solver = &s;
        std::vector<Solver::Outcome> expected(n);
        for (StateId x = 0; x < n; ++x) expected[x] = ref.outcome(ref.grundy(make_comp(ref_game.graph, x)));
        std::vector<StateId> order(n);
        for (StateId x = 0; x < n; ++x) order[x] = x;
        std::shuffle(order.begin(), order.end(), rng);
        for (StateId x : order) {
            const Comp c = make_comp(game.graph, x);
            INFO("round " << round << ", state " << x);
            if (rng() % 4 == 0) {
                CHECK(value_of(s, c) == value_of(ref, make_comp(ref_game.graph, x)));
            } else {
                CHECK(s.outcome_of(c) == expected[x]);
                if (rng() % 3 == 0) CHECK(value_of(s, c) == value_of(ref, make_comp(ref_game.graph, x)));
            }
        }
    }
}

TEST_CASE("outcome alone: an N-position's value is computed when asked after it", "[outcome]") {
    struct Nim : GameGraph {
        std::uint32_t graph = 0;
        void expand(StateId s, OptionSink& out) override { grundy::testing::nim_options(graph, s, out); }
        std::string describe(StateId s) const override { return "Nim(" + std::to_string(s) + ")"; }
    } nim;
    Solver s;
    nim.graph = s.add_graph(&nim);
    CHECK(s.outcome_of(make_comp(nim.graph, 300)) == Solver::Outcome::n);
    CHECK(s.outcome_of(make_comp(nim.graph, 0)) == Solver::Outcome::p);
    CHECK(s.value_arrays(nim.graph)[0].get(300) == ValueArray::known_n);
    CHECK(s.known(make_comp(nim.graph, 300)) >= Solver::known_limit);  // not a value
    CHECK(s.grundy(make_comp(nim.graph, 300)) == 300);
    CHECK(s.outcome_of(make_comp(nim.graph, 300)) == Solver::Outcome::n);
}

TEST_CASE("outcome alone: a cycle goes to the loopy solver, a sum to values", "[outcome]") {
    grundy::testing::LoopGraph loop;
    grundy::testing::KaylesGraph kayles;
    Solver s;
    loop.graph = s.add_graph(&loop);
    kayles.graph = s.add_graph(&kayles);
    CHECK(s.outcome_of(make_comp(loop.graph, 1)) == Solver::Outcome::draw);
    CHECK(s.outcome_of(make_comp(kayles.graph, 12)) == s.outcome(s.grundy(make_comp(kayles.graph, 12))));
    CHECK(s.outcome_of(make_comp(kayles.graph, 0)) == Solver::Outcome::p);
}

TEST_CASE("value arrays: the code of an N-position is no value, on narrow and wide pages", "[outcome]") {
    ValueArray a;
    CHECK_FALSE(a.set(5, ValueArray::known_n));
    CHECK(a.get(5) == ValueArray::known_n);
    ValueArray::PageView page = a.view(5);
    REQUIRE(page.narrow);
    CHECK(page.narrow[5] == ValueArray::narrow_known_n);
    CHECK_FALSE(page.full);
    CHECK(a.set(5, 7));  // it was known_n
    CHECK(a.get(5) == 7);
    CHECK_FALSE(a.set(6, 253));  // past a byte's values: widened
    CHECK(a.get(6) == 253);
    CHECK(a.get(5) == 7);
    CHECK_FALSE(a.set(7, ValueArray::known_n));
    CHECK(a.get(7) == ValueArray::known_n);
    CHECK(a.view(7).wide);
    CHECK(a.set(7, 0));
    CHECK(a.get(7) == 0);
}

TEST_CASE("value arrays: a page not made reads as unknown through the flat table, as a narrow page", "[outcome]") {
    ValueArray a;
    a.set(3 * ValueArray::page_size + 7, 5);
    std::uint32_t count = 0;
    const std::uintptr_t* flat = a.flat(count);
    REQUIRE(count == 4);
    for (std::uint32_t p = 0; p < 3; ++p) {
        CHECK((flat[p] & 1) == 0);  // the low bit would mark a wide page
        CHECK(ValueArray::read(flat[p], ValueArray::page_size - 1) == ValueArray::unknown);
    }
    CHECK(ValueArray::read(flat[3], 7) == 5);
}

TEST_CASE("value arrays: a draw's code is no value either, and the largest narrow value is one", "[outcome]") {
    ValueArray a;
    CHECK_FALSE(a.set(3, ValueArray::known_d));
    CHECK(a.get(3) == ValueArray::known_d);
    CHECK(a.view(3).narrow[3] == ValueArray::narrow_known_d);
    CHECK_FALSE(a.set(4, ValueArray::narrow_limit - 1));
    CHECK(a.get(4) == ValueArray::narrow_limit - 1u);
    CHECK(a.view(4).narrow);  // still a byte
    CHECK(a.set(3, 2));       // it was an outcome's code
    CHECK(a.get(3) == 2);
    CHECK(ValueArray::is_outcome_code(ValueArray::known_n));
    CHECK(ValueArray::is_outcome_code(ValueArray::known_d));
    CHECK_FALSE(ValueArray::is_outcome_code(ValueArray::on_path));
    CHECK_FALSE(ValueArray::is_outcome_code(ValueArray::unknown));
    CHECK_FALSE(ValueArray::is_outcome_code(0));
}
