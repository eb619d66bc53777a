// Tuple positions with set coordinates, `(n, used)`: on the int path the
// sets are bit masks in registers (compiler/mask_nodes.hpp). Each game is
// also run with a `terminal` that asks the solver, which keeps it on the
// generic path: both must print the same, errors included.
#include <catch2/catch.hpp>

#include "run_program.hpp"

using grundy::testing::on_int_path;
using grundy::testing::output_of;
using grundy::testing::run_program;

namespace {

std::string generic(const std::string& program, const std::string& name) {
    std::string out = grundy::testing::generic_copy(program, name);
    REQUIRE(!out.empty());
    return out;
}

// The program's output (or its first error line) on both paths.
void same_both_ways(const std::string& program, const std::string& name) {
    INFO(program);
    REQUIRE(on_int_path(program, name));
    REQUIRE_FALSE(on_int_path(generic(program, name), name));
    auto fast = run_program(program), slow = run_program(generic(program, name));
    CHECK(fast.out == slow.out);
    auto first_line = [](const std::string& s) { return s.substr(0, s.find('\n')); };
    std::string fast_err = first_line(fast.err), slow_err = first_line(slow.err);
    // The generic copy has two more lines at the top, and one in the game.
    const bool has_terminal = program.find("terminal when ") != std::string::npos;
    auto unshift = [&](std::string e) {
        const auto colon = e.find(':'), next = e.find(':', colon + 1);
        if (colon == std::string::npos || next == std::string::npos) return e;
        const int line = std::stoi(e.substr(colon + 1, next - colon - 1));
        return e.substr(0, colon + 1) + std::to_string(line - (has_terminal ? 2 : 3)) + e.substr(next);
    };
    CHECK(fast_err == (slow_err.empty() ? slow_err : unshift(slow_err)));
    CHECK(fast.status == slow.status);
}

const std::string stones =
    "game Stones {\n"
    "    position (n, used)\n"
    "    start n => (n, {})\n"
    "    canonical => (n, {k for k in used where k <= n})\n"
    "    move k in 1..n where k not in used => (n - k, used + {k})\n"
    "}\n";

}  // namespace

TEST_CASE("a set coordinate of a tuple position is int code", "[set_coordinates]") {
    CHECK(on_int_path(stones, "Stones"));
    // Other spellings of the same rules.
    CHECK(on_int_path("game S { position (used, n); start n => ({}, n)\n"
                      "move k in 1..n where not (k in used) => (used | {k}, n - k) }",
                      "S"));
    CHECK(on_int_path("game S { position (n, used); start n => (n, {})\n"
                      "move k in 1..n where k not in used => let u = {k} + used in (n - k, u) }",
                      "S"));
    // A set used where an int belongs is not.
    CHECK_FALSE(on_int_path("game S { position (n, used); start n => (n, {})\n"
                            "move k in 1..n => (n - k, used + 1) }",
                            "S"));
}

TEST_CASE("set coordinates give the generic path's values and positions", "[set_coordinates]") {
    same_both_ways(stones + "print [sg(Stones(s)) for s in 0..24]\nprint moves(Stones(4))\n", "Stones");
    // Past 63 a mask cannot hold the set: those states go the generic way.
    same_both_ways(stones + "print [sg(Stones(s)) for s in 60..72]\n", "Stones");
    same_both_ways(stones + "print sg(Stones(80)), outcome(Stones(81)), winning_moves(Stones(9))\n", "Stones");
    // No `start`: positions given as written.
    const std::string bare =
        "game T { position (n, s)\n"
        "    move k in s where k <= n => (n - k, s - {k})\n"
        "    move k in 1..2 where len(s) < 4 and k <= n => (n - k, {x for x in s where x > k} | {k + 1}) }\n";
    same_both_ways(bare + "print sg(T(9, {1, 2, 3})), sg(T(12, {})), moves(T(5, {2, 4}))\n", "T");
    same_both_ways(bare + "print sg(T(9, {1, 100})), sg(T(3, {-1, 2}))\n", "T");
}

TEST_CASE("set builtins and comparisons on masks", "[set_coordinates]") {
    const std::string game =
        "game U(S) { position (n, s)\n"
        "    terminal when s == {} and n == 0 => lose\n"
        "    move k in 0..n - 1 where len(s) + k < 7 and sum(s) % 3 != 1 => (k, s + {max(s + {k}) + 1} - S)\n"
        "    move k in s where k != min(s) => (n, {x for x in s where x < k or x > k + 1})\n"
        "}\n";
    same_both_ways(game + "print [sg(U({2})(n, {0, 1})) for n in 0..8]\n", "U");
    same_both_ways(game + "print [sg(U({})(n, {5})) for n in 0..8], sg(U({1, 2})(3, {62, 63}))\n", "U");
    // An element outside 0..63 where the rules test membership: not in.
    same_both_ways(game + "print sg(U({70})(4, {1})), 3 in {1, 2}\n", "U");
    // min of an empty set: the generic path's error, where it is raised.
    const std::string empty =
        "game E { position (n, s)\n    move k in 1..n => (n - k, s - {min(s)}) }\n";
    same_both_ways(empty + "print sg(E(3, {1}))\n", "E");
    auto r = run_program(empty + "print sg(E(3, {1}))\n");
    CHECK(r.err.find("min() of an empty collection") != std::string::npos);
}

TEST_CASE("states with set coordinates print and compare as sets", "[set_coordinates]") {
    CHECK(output_of(stones + "print winning_moves(Stones(7))\nprint Stones(5) == Stones(5)\n") ==
          output_of(generic(stones, "Stones") + "print winning_moves(Stones(7))\nprint Stones(5) == Stones(5)\n"));
    // Two words a key: an int and a mask with its high bits set.
    const std::string wide =
        "game W { position (n, s)\n    move k in 1..n where 62 - k not in s => (n - k, s + {62 - k}) }\n";
    same_both_ways(wide + "print sg(W(9, {})), moves(W(3, {61}))\n", "W");
}
