// Bounds on the ints of tuple states (IntGame::coord_bounds), and the
// direct ids they size (Instance::direct_widths): which ints the compiler
// finds bounded, and games packed so, past 15 bits an int, against the
// same rules kept off the int path.
#include <catch2/catch.hpp>

#include "interpreter/runtime/instance.hpp"
#include "run_program.hpp"

using grundy::CompiledGame;
using grundy::IntGame;
using grundy::testing::compiled_game;
using grundy::testing::generic_copy;
using grundy::testing::output_of;

namespace {

// The bounds of game G's ints, as "limit/params/floor" each ("-" when
// unbounded); empty when none is bounded.
std::string bounds_of(const std::string& program) {
    std::string out;
    compiled_game(program, "G", [&](const CompiledGame& g) {
        if (!g.fast) return false;
        for (const IntGame::CoordBound& b : g.fast->coord_bounds) {
            if (!out.empty()) out += " ";
            if (!b.bounded()) {
                out += "-";
                continue;
            }
            out += b.limit == INT64_MAX ? "inf" : std::to_string(b.limit);
            out += "/";
            for (std::uint32_t p : b.params)
                out += p & IntGame::CoordBound::hoisted_bit ? "h" + std::to_string(p & ~IntGame::CoordBound::hoisted_bit)
                                                            : std::to_string(p);
            out += "/" + std::to_string(b.floor);
        }
        return true;
    });
    return out;
}

}  // namespace

TEST_CASE("coordinate bounds: what the moves put in an int", "[coord_bounds]") {
    // A move's size, from a range ending in a literal or a rule argument.
    CHECK(bounds_of("game G { position (n, last); move k in 1..min(6, n) where k != last => (n - k, k) }") ==
          "- 6//0");
    CHECK(bounds_of("game G(M) { position (last, n); start n => (0, n)\n"
                    " move k in 1..min(M, n) where k != last => (k, n - k) }") == "inf/0/0 -");
    // A global's value, hoisted for the bound alone.
    CHECK(bounds_of("let M = 6\ngame G { position (n, last); move k in 1..min(M, n) where k != last => (n - k, k) }")
              .starts_with("- inf/h"));
    // A floor in min's second argument counts as in its first.
    for (const char* r : {"min(100, if n % 2 == 0 then 50 else M)", "min(if n % 2 == 0 then 50 else M, 100)"})
        CHECK(bounds_of(std::string("game G(M) { position (n, c); move where n > 0 => (n - 1, ") + r + ") }") ==
              "- 100/0/50");
    // A start's literal above the argument: the bound's floor.
    CHECK(bounds_of("game G(M) { position (last, n); start n => (5, n)\n"
                    " move k in 1..min(M, n) where k != last => (k, n - k) }") == "inf/0/5 -");
    // Kept as it was adds nothing; a literal list, `%`, `if` and max bound it.
    CHECK(bounds_of("game G { position (n, p, r); move k in {1, 3, 4} where k <= n => (n - k, if p == 0 then 1 "
                    "else 0, r)\n move where n > 0 => (n - 1, p, (r + n) % 5) }") == "- 1//0 4//0");
    CHECK(bounds_of("game G { position (n, m); move k in [2, 5] where k <= n => (n - k, max(k, 3) + 1) }") ==
          "- 6//0");
    // Another int's value, a position's own int changed: none. A helper
    // is written out in the rules before (rewrite_rules.cpp).
    CHECK(bounds_of("game G { position (a, b); move k in 1..a => (b, a - k) }") == "");
    CHECK(bounds_of("game G { position (n, c); move where n > 0 => (n - 1, c + 1) }") == "");
    CHECK(bounds_of("fn f(x) = x % 3\ngame G { position (n, c); move where n > 0 => (n - 1, f(n)) }") == "- 2//0");
    // A canonical form may move ints between places: none.
    CHECK(bounds_of("game G { position (n, c); canonical => (c, n); move where n > 0 => (n - 1, 1) }") == "");
}

TEST_CASE("coordinate bounds: games packed by them agree with the generic path", "[coord_bounds]") {
    const char* games[] = {
        // take 1 to 6, never what the opponent just took: n past 2^15
        // (and positions written by hand past the bound, interned)
        "game G { position (n, last)\n"
        " move k in 1..min(6, n) where k != last => (n - k, k) }\n"
        "print sum([sg(G(n, 0)) for n in 40000..40040]), sg(G(33000, 2)), outcome(G(50000, 0))\n"
        "print sg(G(9, 100)), sg(G(100, 3)), sg(G(40000, 9))\n",
        // the same with the bound a rule argument, the small int first
        "game G(M) { position (last, n); start n => (0, n)\n"
        " move k in 1..min(M, n) where k != last => (k, n - k) }\n"
        "let g = G(5)\nprint sum([sg(g(n)) for n in 35000..35030]), sg(G(2)(70000)), sg(G(40)(3000))\n",
        // the bound a global's value
        "let M = 4\ngame G { position (n, last); start n => (n, 0)\n"
        " move k in 1..min(M, n) where k != last => (n - k, k) }\n"
        "print sum([sg(G(n)) for n in 36000..36030])\n",
        // a parity flag and a counter mod 5 beside a heap
        "game G { position (n, p, r); start n => (n, 0, 0)\n"
        " move k in {1, 2, 5} where k <= n => (n - k, if p == 0 then 1 else 0, r)\n"
        " move where n > 1 and r < 4 => (n - 2, p, (r + 1) % 5) }\n"
        "print sum([sg(G(n)) for n in 20000..20040]), [sg(G(n)) for n in 0..30]\n",
    };
    for (const char* program : games) {
        INFO(program);
        const std::string want = output_of(generic_copy(program, "G"));
        CHECK(want.find("status") == std::string::npos);
        CHECK(output_of(program) == want);
    }
    // Each state its own id: none interned (with even shares of 15 bits,
    // the first game interns every state past n = 32767).
    for (const char* program : {games[0], games[2]})
        CHECK(compiled_game(program, "G", [](const CompiledGame& g) {
            return g.instances.size() == 1 && g.instances.begin()->second->state_count() <= 2;
        }));
    // The floor counts where the argument is less: 5 needs 3 bits, not 1.
    const std::string floor = "game G(M) { position (last, n); start n => (5, n)\n"
                              " move k in 1..min(M, n) where k != last => (k, n - k) }\n"
                              "print sg(G(1)(70000))\n";
    CHECK(output_of(floor) == output_of(generic_copy(floor, "G")));
    CHECK(compiled_game(floor, "G", [](const CompiledGame& g) {
        return g.instances.size() == 1 && g.instances.begin()->second->state_count() == 0;
    }));
}
