// Set positions whose new position is chosen by `if`, bound by `let`, or
// joined by `+`, and membership in set expressions of the position: int
// code (ListResult::Kind::choice, IntCompiler::membership), against the
// same rules kept off the int path: values, options in order, errors.
#include <catch2/catch.hpp>

#include "int_path_agree.hpp"

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

TEST_CASE("membership in a set built of the position is tested without building it", "[set_tables]") {
    const std::string game = "game T {\n    position s\n    move x in s, y in 0..x - 1 where ";
    const std::string tail = " => s - {x}\n}\nprint sum([sg(T({i for i in 0..5 where (m >> i) & 1 == 1})) for m in 0..63])\n";
    for (const char* where : {"y in s - {x}", "y not in s + {x, 0}", "y in (s | {0}) - {1}", "y in s & {x, 2}"})
        same_as_generic(game + where + tail);
    // Not of that kind (an item that is not a name or a literal): as before.
    same_as_generic(game + "y not in s + {x - 1}" + tail, false);
}
