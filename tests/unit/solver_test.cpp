// The solver on hand-built graphs: values, sums, misère, cycles, limits,
// and deep games solved without recursion.
#include <catch2/catch.hpp>

#include <algorithm>

#include "interpreter/solver/solver.hpp"
#include "test_graphs.hpp"

using namespace grundy::solver;

namespace {

// Nim heaps: state n has options 0..n-1. Optionally a subtraction set.
struct Heap : GameGraph {
    std::uint32_t graph = 0;
    std::vector<std::uint32_t> takes;  // empty: any number
    int expansions = 0;
    void expand(StateId s, OptionSink& out) override {
        ++expansions;
        if (takes.empty()) {
            for (StateId k = 0; k < s; ++k) {
                out.begin_option();
                out.add(make_comp(graph, k));
            }
            return;
        }
        for (auto t : takes)
            if (t <= s) {
                out.begin_option();
                out.add(make_comp(graph, s - t));
            }
    }
    std::string describe(StateId s) const override { return "Heap(" + std::to_string(s) + ")"; }
};

using Kayles = grundy::testing::KaylesGraph;

using Loop = grundy::testing::LoopGraph;

}  // namespace

TEST_CASE("nim heaps have their size as value", "[solver]") {
    Solver s;
    Heap h;
    h.graph = s.add_graph(&h);
    for (StateId n = 0; n < 20; ++n) CHECK(s.grundy(make_comp(h.graph, n)) == n);
    std::vector<Comp> sum{make_comp(h.graph, 3), make_comp(h.graph, 4), make_comp(h.graph, 5)};
    CHECK(s.grundy(sum) == 2);
}

TEST_CASE("each state is expanded once", "[solver]") {
    Solver s;
    Heap h;
    h.takes = {1, 3, 4};
    h.graph = s.add_graph(&h);
    s.grundy(make_comp(h.graph, 1000));
    CHECK(h.expansions == 1001);
    s.grundy(make_comp(h.graph, 500));
    CHECK(h.expansions == 1001);
}

TEST_CASE("a deep game is solved without recursion", "[solver]") {
    Solver s;
    Heap h;
    h.takes = {1, 2};
    h.graph = s.add_graph(&h);
    CHECK(s.grundy(make_comp(h.graph, 2'000'000)) == 2'000'000 % 3);
}

TEST_CASE("Kayles matches the published sequence", "[solver]") {
    // OEIS A002186
    const std::uint32_t expected[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
                                      4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7};
    Solver s;
    Kayles k;
    k.graph = s.add_graph(&k);
    for (StateId n = 0; n < std::size(expected); ++n) CHECK(s.grundy(make_comp(k.graph, n)) == expected[n]);
}

TEST_CASE("misère nim follows Bouton's misère rule", "[solver]") {
    Solver s;
    Heap h;
    h.graph = s.add_graph(&h);
    for (StateId a = 0; a <= 4; ++a)
        for (StateId b = 0; b <= 4; ++b)
            for (StateId c = 0; c <= 4; ++c) {
                std::vector<Comp> sum{make_comp(h.graph, a), make_comp(h.graph, b), make_comp(h.graph, c)};
                bool all_small = a <= 1 && b <= 1 && c <= 1;
                bool p = all_small ? ((a ^ b ^ c) == 1) : ((a ^ b ^ c) == 0);
                INFO(a << " " << b << " " << c);
                CHECK(s.misere_p(sum) == p);
            }
}

TEST_CASE("a cycle with no way out is a draw: ∞{}", "[solver]") {
    Solver s;
    Loop l;
    l.graph = s.add_graph(&l);
    for (StateId v = 0; v < 3; ++v) {
        const std::uint32_t x = s.grundy(make_comp(l.graph, v));
        REQUIRE(Solver::is_infinite(x));
        CHECK(s.infinite_set(x).empty());
        CHECK(s.outcome(x) == Solver::Outcome::draw);
    }
}

TEST_CASE("the state limit ends a search cleanly", "[solver]") {
    Solver s;
    s.set_max_states(10);
    for (int i = 0; i < 10; ++i) s.charge_state();
    CHECK_THROWS_WITH(s.charge_state(), Catch::Contains("state limit"));
}

TEST_CASE("options lists each move as a sum", "[solver]") {
    Solver s;
    Kayles k;
    k.graph = s.add_graph(&k);
    auto opts = s.options(make_comp(k.graph, 3));
    CHECK(opts.size() == 5);  // 3 single pins, 2 pairs
    for (auto& o : opts) CHECK(o.size() == 2);
}

TEST_CASE("value arrays: the flat table's version changes with any of its entries", "[solver]") {
    // A column view (runtime/int_mex.cpp) keeps copies of flat entries
    // while the version stays.
    using grundy::solver::ValueArray;
    ValueArray a;
    std::uint64_t v = a.flat_version();
    auto changed = [&] {
        const bool c = a.flat_version() != v;
        v = a.flat_version();
        return c;
    };
    a.set(5, 1);
    CHECK(changed());  // a page made
    a.set(6, 2);
    CHECK_FALSE(changed());  // the same page, its entry unchanged
    std::uint32_t count = 0;
    const std::uintptr_t before = a.flat(count)[0];
    a.set(7, 300);
    CHECK(changed());  // the page widened: a new entry
    CHECK(a.flat(count)[0] != before);
    CHECK(a.get(5) == 1);
    CHECK(a.get(7) == 300);
    a.set(3 * ValueArray::page_size, 4);
    CHECK(changed());
    a.clear();
    CHECK(changed());
}

TEST_CASE("value arrays: a lone high id costs its page, and pages made early join the flat table", "[solver]") {
    using grundy::solver::ValueArray;
    ValueArray a;
    const std::uint32_t high = (std::uint32_t{1} << 17) * ValueArray::page_size + 100 * ValueArray::page_size + 3;
    a.set(high, 7);  // past 2^17 pages with one page made: not in the flat table
    CHECK(a.get(high) == 7);
    CHECK(a.memory_bytes() < (std::size_t{1} << 20));
    std::uint32_t count = 0;
    const std::uintptr_t* flat = a.flat(count);
    CHECK(count < (std::uint32_t{1} << 17));
    // Enough pages below it that the table may reach past it: it grows to
    // a page beyond, and the early page must then be read through it.
    for (std::uint32_t p = 0; p < 9000; ++p) a.set(p * ValueArray::page_size, p % 200);
    a.set(high + ValueArray::page_size, 9);
    flat = a.flat(count);
    REQUIRE(count > (high >> 9) + 1);
    CHECK(ValueArray::read(flat[high >> 9], high % ValueArray::page_size) == 7);
    CHECK(a.get(high) == 7);
    CHECK(a.get(high + ValueArray::page_size) == 9);
    CHECK(a.get(high + 1) == ValueArray::unknown);
    for (std::uint32_t p = 0; p < 9000; p += 97) CHECK(a.get(p * ValueArray::page_size) == p % 200);
}

TEST_CASE("value arrays: ids spread thinly past 2^17 pages are still read through the flat table", "[solver]") {
    // One page made in every 32 (a tuple's rows, mostly unused): the table
    // is no larger than the pages it finds, so it reaches them all.
    using grundy::solver::ValueArray;
    ValueArray a;
    const std::uint32_t last = (std::uint32_t{1} << 17) + 4096;
    for (std::uint32_t p = 0; p <= last; p += 32) a.set(p * ValueArray::page_size + 5, p % 250);
    std::uint32_t count = 0;
    const std::uintptr_t* flat = a.flat(count);
    REQUIRE(count > last);
    CHECK(ValueArray::read(flat[last], 5) == last % 250);
    CHECK(a.get(last * ValueArray::page_size + 5) == last % 250);
}
