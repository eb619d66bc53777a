// Int islands (compiler/int_islands.hpp) against the generic nodes they
// stand for: random int and boolean expressions of a comprehension's
// variables, a function's parameters and globals, over ints chosen to
// overflow, divide by zero and shift past the ends, and over values that
// are not ints (the generic code runs, and reports the error). Output and errors must be the same with islands and
// without, with native code and without.
#include <catch2/catch.hpp>

#include <array>
#include <random>

#include "interpreter/compiler/int_islands.hpp"
#include "interpreter/compiler/int_jit.hpp"
#include "run_program.hpp"

namespace {

class ExprMaker {
public:
    explicit ExprMaker(std::uint64_t seed) : rng_(seed) {}
    std::string integer(int depth) {
        switch (depth <= 0 ? rng_() % 2 : rng_() % 7) {
            case 0: return leaf();
            case 1: return name();
            case 2: return "-" + integer(depth - 1);
            case 3: return "(if " + boolean(depth - 1) + " then " + integer(depth - 1) + " else " + integer(depth - 1) + ")";
            default: {
                static const char* ops[] = {" + ", " - ", " * ", " / ", " % ", " & ", " | ", " ^ ", " << ", " >> ", " ** "};
                return "(" + integer(depth - 1) + ops[rng_() % std::size(ops)] + integer(depth - 1) + ")";
            }
        }
    }
    std::string boolean(int depth) {
        switch (depth <= 0 ? 0 : rng_() % 5) {
            case 0: case 1: {
                static const char* ops[] = {" == ", " != ", " < ", " <= ", " > ", " >= "};
                return integer(depth - 1) + ops[rng_() % std::size(ops)] + integer(depth - 1);
            }
            case 2: return "(" + boolean(depth - 1) + " and " + boolean(depth - 1) + ")";
            case 3: return "(" + boolean(depth - 1) + " or " + boolean(depth - 1) + ")";
            default: return "not (" + boolean(depth - 1) + ")";
        }
    }

private:
    std::string leaf() {
        static const char* xs[] = {"0", "1", "2", "3", "7", "63", "64", "65536", "4294967296", "9223372036854775807"};
        return xs[rng_() % std::size(xs)];
    }
    std::string name() { return std::string(1, "abcgh"[rng_() % 5]); }  // g, h: globals
    std::mt19937_64 rng_;
};

// A program's output and errors with islands off, on, and on without native code.
std::array<std::string, 3> three_ways(const std::string& text) {
    std::array<std::string, 3> outputs;
    for (int run = 0; run < 3; ++run) {
        grundy::nodes::int_islands_enabled = run != 0;
        grundy::jit_enabled = run != 2;
        const auto r = grundy::testing::run_program(text);
        outputs[run] = r.out + "|" + r.err;
    }
    grundy::nodes::int_islands_enabled = true;
    grundy::jit_enabled = true;
    return outputs;
}

}  // namespace

TEST_CASE("int islands compute what the generic nodes compute", "[int_islands]") {
    const std::uint64_t made_before = grundy::nodes::int_islands_made();
    int failed = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        ExprMaker m(seed);
        const int depth = 1 + static_cast<int>(seed % 4);
        const std::string e = seed % 3 ? m.integer(depth) : m.boolean(depth);
        // c is not always an int: a bool, a string, a set (the generic code's error).
        static const char* cs[] = {"[0, 1, -1, 5]", "[2, -9223372036854775807, 62]", "[3, true]", "[1, \"x\"]", "[4, {1}]"};
        // h is not always an int either; a function's parameters are locals too.
        static const char* hs[] = {"7", "-9223372036854775807", "false"};
        const std::string text = std::string("let g = 3\nlet h = ") + hs[seed % std::size(hs)] + "\nfn f(a, b, c) = " + e +
                                 "\nprint [" + e + " for a in -3..3, b in [0, 1, -2, 63, 64, 9223372036854775807], c in " +
                                 cs[seed % std::size(cs)] + "]\nprint [f(a, 5, a * 3) for a in -4..4]\n";
        const auto outputs = three_ways(text);
        INFO(text);
        REQUIRE(outputs[1] == outputs[0]);
        REQUIRE(outputs[2] == outputs[0]);
        failed += outputs[0].find("error") != std::string::npos;
    }
    // Both sides reached: lists printed and errors, islands made.
    CHECK(failed > 40);
    CHECK(failed < 360);
    CHECK(grundy::nodes::int_islands_made() - made_before > 300);
}

TEST_CASE("an island keeps the generic code's errors and places", "[int_islands]") {
    // A move's result: the arm taken is checked against the position.
    const std::string move = "game G {\n    position (a, b)\n    move where a > 0 => if a > 1 then a - 1 else b + 1\n}\n"
                             "print sg(G(2, 3))\n";
    // A long chain: islands of its parts, the generic code above them.
    std::string chain = "let a = 2\nprint a";
    for (int i = 0; i < 2000; ++i) chain += i % 2 ? " + a" : " - 1";
    chain += "\n";
    for (const std::string& text : {move, chain}) {
        std::string outputs[2];
        for (bool islands : {false, true}) {
            grundy::nodes::int_islands_enabled = islands;
            const auto r = grundy::testing::run_program(text);
            outputs[islands] = r.out + "|" + r.err;
        }
        grundy::nodes::int_islands_enabled = true;
        INFO(text.substr(0, 200));
        CHECK(outputs[1] == outputs[0]);
    }
}

TEST_CASE("set comprehensions of int code compute what the generic nodes compute", "[int_islands]") {
    // Elements in 0..63 make the set from a mask; others (below 0, past 63,
    // errors, a name that holds no int, too many bindings) the generic loop.
    const std::uint64_t made_before = grundy::nodes::int_islands_made();
    int sets = 0, failed = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        ExprMaker m(seed);
        const int depth = 1 + static_cast<int>(seed % 3);
        const std::string element = seed % 4 ? "(" + m.integer(depth) + ") % 70" : m.integer(depth);
        static const char* gens[] = {"a in 0..9", "a in -2..g + 5, b in a..7", "a in c..c + 3", "a in 0..h * 10000",
                                     "a in 0..5, b in 0..a, c in b..4"};
        const std::string gen = gens[seed % std::size(gens)];
        const std::string where = seed % 3 ? " where " + m.boolean(depth) : "";
        static const char* hs[] = {"7", "2", "false"};
        const std::string text = std::string("let g = 3\nlet h = ") + hs[seed % std::size(hs)] +
                                 "\nfn f(c, b) = {" + element + " for " + gen + where + "}\n" +
                                 "print [f(c, 1) for c in [0, 2, 61]], f(5, -1)\nprint [len(f(c, c)) for c in 0..6]\n";
        const auto outputs = three_ways(text);
        INFO(text);
        REQUIRE(outputs[1] == outputs[0]);
        REQUIRE(outputs[2] == outputs[0]);
        const bool error = outputs[0].find("error") != std::string::npos;
        failed += error;
        sets += !error && outputs[0].find('{') != std::string::npos;
    }
    CHECK(failed > 20);
    CHECK(sets > 100);
    CHECK(grundy::nodes::int_islands_made() - made_before > 200);
}
