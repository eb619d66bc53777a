// Set positions whose new position is chosen by `if`, bound by `let`, or
// joined by `+`, and membership in set expressions of the position: int
// code (ListResult::Kind::choice, IntCompiler::membership), against the
// same rules kept off the int path: values, options in order, errors.
#include <catch2/catch.hpp>

#include <random>

#include "int_path_agree.hpp"
#include "interpreter/compiler/int_jit.hpp"

using grundy::testing::error_line;
using grundy::testing::generic_copy;
using grundy::testing::on_int_path;
using grundy::testing::run_program;

namespace {

// Turning Turtles on coins 0..K - 1 (Winning Ways, ch. 14) written with the
// result `result` for turning x and y < x.
std::string turtles(const std::string& result) {
    return "game T {\n    position s\n    move x in s => s - {x}\n    move x in s, y in 0..x - 1 => " + result +
           "\n}\n"
           "print sum([sg(T({i for i in 0..6 where (m >> i) & 1 == 1})) * (m % 7 + 1) for m in 0..127])\n"
           "print moves(T({1, 3, 4})), sg(T({0, 2, 5, 6}))\n"
           "print sg(T({3, 64, 66})), moves(T({2, 65}))\n";  // past a mask's 64 ints: built as lists
}

void same_as_generic(const std::string& program, bool int_code = true) {
    INFO(program);
    CHECK(on_int_path(program, "T") == int_code);
    const auto fast = run_program(program), slow = run_program(generic_copy(program, "T"));
    CHECK(fast.out == slow.out);
    CHECK(fast.status == slow.status);
    if (!fast.err.empty() && !slow.err.empty()) CHECK(error_line(fast.err) == error_line(slow.err));
    CHECK(fast.err.empty() == slow.err.empty());
}

}  // namespace

TEST_CASE("a set position's result chosen by if, bound by let or joined by + is int code", "[set_tables]") {
    same_as_generic(turtles("if y in s then s - {x, y} else s - {x} + {y}"));
    same_as_generic(turtles("if y not in s then (s - {x}) | {y} else s - {x} - {y}"));
    same_as_generic(turtles("let t = s - {x} in if y in t then t - {y} else t + {y}"));
    same_as_generic("fn flip(s, y) = if y in s then s - {y} else s + {y}\n" + turtles("flip(s - {x}, y)"));
    same_as_generic(turtles("if y in s - {x} & {1, 2, 3} then s - {x} else {y} + s - {x}"));
    same_as_generic(turtles("if y in {} then s else s - {x}"));
    // An arm that fails only where it is taken.
    same_as_generic(turtles("if y in s then s - {x, y} else s - {x} + {6 / (y - 2)}"));
}

TEST_CASE("a native scan that stopped at an unsolved option goes on from it", "[set_tables]") {
    // Queries from the top: a state's scan stops at each option not solved
    // yet, and its retry steps over the options before it, a whole inner
    // loop or its first elements at once.
    const std::string query = "print sg(T({0..13})), [sg(T({0..14} - {v})) for v in 0..14]\n";
    const std::string ranged =
        "game T {\n    position s\n    move x in s => s - {x}\n    move x in s, y in 0..x - 1 => "
        "if y in s then s - {x, y} else s - {x} + {y}\n}\n";
    const std::string elements =
        "game T {\n    position s\n    move x in s, y in s => "
        "if y < x then s - {x, y} + {y / 2} else s - {x}\n    move x in s => s - {x}\n}\n";
    for (const std::string& game : {ranged, elements}) {
        const std::string program = game + query;
        INFO(program);
        if (grundy::intpath::jit_available())
            CHECK(grundy::testing::compiled_game(program, "T", [](const grundy::CompiledGame& g) {
                return g.fast && g.fast->native_mex;
            }));
        const auto slow = run_program(generic_copy(program, "T"));
        for (bool native : {true, false}) {
            grundy::jit_enabled = native;
            const auto fast = run_program(program);
            CHECK(fast.out == slow.out);
            CHECK(fast.err == slow.err);
        }
        grundy::jit_enabled = true;
    }
}

TEST_CASE("a native walk whose where reads the set's elements", "[set_tables]") {
    // The walk calls the where's tree, which reads the position's ints:
    // they are loaded, not only its mask.
    for (const char* where : {"y < len(s) - 1", "y * 2 != len(s) + 1"})
        same_as_generic(turtles(std::string("s - {x} + {y}\n    move x in s, y in 0..x - 1 where ") + where +
                                " => s - {x, y}"));
}

TEST_CASE("a move's result made partly before its inner loop, partly in it", "[set_tables]") {
    // s - {x} is made once per x (hoisted), s - {y} per y: operations alike
    // but for an operand.
    same_as_generic(turtles("(s - {x}) & (s - {y})"));
    same_as_generic(turtles("(s - {x}) - {y} | ((s - {x}) & {y + 1})"));
    // A hoisted part that fails: the loop's code would fail alike.
    same_as_generic(turtles("(s - {x}) - {y} - {x * 9}"));
    // Both arms of an `if` made, a cmov choosing, the arm not taken failing.
    same_as_generic(turtles("if y in s then s - {x, y} else s - {x} + {60 / (y - 1)}"));
    same_as_generic(turtles("if x - y in s then (s - {x}) & (s - {y}) else s - {x} - {y * 5}"));
}

TEST_CASE("membership in a set built of the position is tested without building it", "[set_tables]") {
    const std::string game = "game T {\n    position s\n    move x in s, y in 0..x - 1 where ";
    const std::string tail = " => s - {x}\n}\nprint sum([sg(T({i for i in 0..5 where (m >> i) & 1 == 1})) for m in 0..63])\n";
    for (const char* where : {"y in s - {x}", "y not in s + {x, 0}", "y in (s | {0}) - {1}", "y in s & {x, 2}"})
        same_as_generic(game + where + tail);
    // Not of that kind (an item that is not a name or a literal): as before.
    same_as_generic(game + "y not in s + {x - 1}" + tail, false);
}

namespace {

// A random set expression of the position s and the move's x and y: set
// operations, `if`, `let`, filters; elements past a mask's 63, negative,
// or failing (a division by zero where y is 9).
class SetMaker {
public:
    explicit SetMaker(std::uint64_t seed) : rng_(seed) {}
    std::string set(int depth) {
        switch (depth <= 0 ? rng_() % 4 : rng_() % 10) {
            case 0: return "s";
            case 1: return "{x}";
            case 2: return "{y, " + item() + "}";
            case 3: return "{" + item() + "}";
            case 4: case 5: case 6: {
                static const char* ops[] = {" - ", " + ", " | ", " & "};
                return "(" + set(depth - 1) + ops[rng_() % 4] + set(depth - 1) + ")";
            }
            case 7: return "(if " + condition(depth - 1) + " then " + set(depth - 1) + " else " + set(depth - 1) + ")";
            case 8: {
                const std::string t = "t" + std::to_string(lets_++);
                return "(let " + t + " = " + set(depth - 1) + " in " + t + " - {y} | " + set(depth - 1) + " + " + t + ")";
            }
            default: return "{d for d in " + set(depth - 1) + " where d " + (rng_() % 2 ? "> " : "!= ") + item() + "}";
        }
    }

private:
    std::string item() {
        static const char* items[] = {"x", "y", "x + y", "y * 13", "x - 5", "63", "x + 60", "6 / (y - 9)", "0"};
        return items[rng_() % std::size(items)];
    }
    std::string condition(int depth) {
        switch (rng_() % 4) {
            case 0: return item() + " in " + set(depth);
            case 1: return item() + " not in " + set(depth);
            case 2: return "len(" + set(depth) + ") > 2";
            default: return set(depth) + " == s";
        }
    }
    std::mt19937_64 rng_;
    int lets_ = 0;
};

}  // namespace

TEST_CASE("random set results: masks in int code and native code agree with the generic path", "[set_tables]") {
    // Every option keeps only elements below x, an element of s, so the
    // game ends; positions with elements past 63 come from the queries.
    int on_path = 0, masked = 0, expanded = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const std::string result = SetMaker(seed).set(2 + static_cast<int>(seed % 3));
        static const char* wheres[] = {"", "where y + 59 not in s ", "where x - y in s or y == 0 ", "where y - 1 not in s "};
        const std::string program =
            "game T {\n    position s\n    move x in s => s - {x}\n    move x in s, y in 0..x - 1 " + std::string(wheres[seed % 4]) +
            "=> {d for d in " + result + " where d < x}\n}\n"
            "print outcome(T({0, 3, 5, 6})), outcome(T({1, 2, 4, 6, 7})), outcome(misere(T({1, 4, 6, 7})))\n"
            "print sum([sg(T({i for i in 0..6 where (m >> i) & 1 == 1})) * (m % 7 + 1) for m in 0..127])\n"
            "print moves(T({1, 3, 6})), sg(T({0, 2, 5, 6}))\n"
            "print sg(T({3, 64, 66})), moves(T({2, 65})), sg(T({1, 8, 11})), sg(T({-2, 4, 70}))\n"
            "print moves(T({0, 4, 5, 63})), sg(T({1, 5, 6, 63})), moves(T({4, 62}))\n";
        on_path += grundy::testing::on_int_path(program, "T");
        masked += grundy::testing::compiled_game(program, "T", [](const grundy::CompiledGame& g) {
            return g.fast && g.fast->moves.size() == 2 && g.fast->moves[1].list.mask;
        });
        expanded += grundy::testing::compiled_game(program, "T", [](const grundy::CompiledGame& g) {
            return g.fast && g.fast->native_expand && g.fast->native_mex;
        });
        const auto slow = run_program(generic_copy(program, "T"));
        for (bool native : {true, false}) {
            grundy::jit_enabled = native;
            const auto fast = run_program(program);
            INFO(program << (native ? "(native code)" : "(trees)"));
            CHECK(fast.out == slow.out);
            CHECK(fast.status == slow.status);
            if (!fast.err.empty() && !slow.err.empty()) CHECK(error_line(fast.err) == error_line(slow.err));
            CHECK(fast.err.empty() == slow.err.empty());
        }
        grundy::jit_enabled = true;
    }
    CHECK(on_path > 30);
    CHECK(masked > 25);
    // The whole expansion as native code (IntGame::native_expand), and
    // with its values read (native_mex).
    if (grundy::intpath::jit_available()) CHECK(expanded > 25);
}

TEST_CASE("a set built by int code goes to its state as the set would", "[set_tables]") {
    // Sets of ints below 30 are their own ids: the comprehension's mask is
    // the state, where the game has no canonical form and no `start`.
    const std::string moves = "    move x in s => s - {x}\n    move x in s, y in 0..x - 1 => "
                              "if y in s then s - {x, y} else s - {x} + {y}\n}\n";
    const std::string query =
        "print sum([sg(T({i for i in 0..6 where (m >> i) & 1 == 1})) * (m % 7 + 1) for m in 0..127])\n"
        "print [sg(T({i * 9 for i in 0..k})) for k in 0..4], [outcome(T({i for i in 26..k})) for k in 28..31]\n"
        "print moves(T({i + 1 for i in 0..3})), sg(T({i for i in 0..2 where i != 1}) + T({i for i in 3..4}))\n";
    for (const std::string& head : {std::string("game T {\n    position s\n"),
                                    std::string("game T {\n    position s\n    canonical => s - {3}\n"),
                                    std::string("game T {\n    position s\n    start t => t + {5}\n")}) {
        const std::string program = head + moves + query;
        same_as_generic(program, grundy::testing::on_int_path(program, "T"));
    }
}
