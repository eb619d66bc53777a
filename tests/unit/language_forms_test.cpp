// Patterns, `let ... in`, `**`, slices, fold and the builtins for judge
// programs, deep recursion, input, forget(): end to end.
#include <catch2/catch.hpp>

#include <string>

#include "run_program.hpp"

using grundy::testing::output_of;
using grundy::testing::run_program;

TEST_CASE("list and tuple patterns take tuples and lists of their length", "[forms]") {
    CHECK(output_of("let [a, b] = [1, 2]\nlet (c, d) = [3, 4]\nlet [e, f] = (5, 6)\nprint a, b, c, d, e, f") ==
          "1 2 3 4 5 6\n");
    CHECK(output_of("for [n, m] in [[1, 2], [3, 4]] { print n + m }") == "3\n7\n");
    CHECK(output_of("let [x, (y, [z, _])] = (1, [2, (3, 4)])\nprint x + y + z") == "6\n");
    CHECK(output_of("print [a * b for [a, b] in [(1, 2), [3, 4]]]") == "[2, 12]\n");
    auto r = run_program("let (a, b) = [1, 2, 3]");
    CHECK(r.err.find("cannot unpack [1, 2, 3] into the pattern (a, b): the list has 3 elements, the pattern 2") !=
          std::string::npos);
    r = run_program("let [a] = 5");
    CHECK(r.err.find("it takes a tuple or a list of 1 element") != std::string::npos);
}

TEST_CASE("a position pattern takes a list of its length as a tuple", "[forms]") {
    // One state whichever bracket the move used.
    CHECK(output_of("game W { position (a, b); move k in 1..a => [a - k, b] }\n"
                    "print sg(W(3, 1)), moves(W(2, 0)), state(W(1, 1)) == (1, 1)") ==
          "3 [W(1, 0), W(0, 0)] true\n");
}

TEST_CASE("let-in binds for its body, and its value stops at `in`", "[forms]") {
    CHECK(output_of("fn f(x) = let y = x + 1 in y * y\nprint f(3)") == "16\n");
    CHECK(output_of("print let k = 3 in k in [1, 2, 3]") == "true\n");
    CHECK(output_of("print let b = (3 in [1, 2]) in not b") == "true\n");
    CHECK(output_of("print let a = 1 not in [2] in a") == "true\n");
    CHECK(output_of("print let [p, q] = [5, 6] in p * q, let x = if true then 1 else 2 in x + 1") == "30 2\n");
    CHECK(output_of("let x = 10\nprint let x = 1 in x, x") == "1 10\n");
}

TEST_CASE("** is a checked power, binding as in Python", "[forms]") {
    CHECK(output_of("print 2 ** 10, -2 ** 2, (-2) ** 3, 2 ** 3 ** 2, 3 ** 0, 0 ** 0, 2 ** 62, (-2) ** 63") ==
          "1024 -4 -8 512 1 1 4611686018427387904 -9223372036854775808\n");
    CHECK(run_program("print 2 ** 63").err.find("integer overflow in '**'") != std::string::npos);
    CHECK(run_program("print 3 ** 40").err.find("integer overflow in '**'") != std::string::npos);
    CHECK(run_program("print 2 ** -1").err.find("a negative power (2 ** -1) is not an int") != std::string::npos);
    // A warning for ^ that looks like a power, and the program runs.
    auto r = run_program("print 10 ^ 9 + 7, 3 ^ 5");
    CHECK(r.out == "26 6\n");
    CHECK(r.err.find("warning: `^` is bitwise xor") != std::string::npos);
    CHECK(run_program("let x = 1\nprint 3 ^ 5, 2 ^ 3 & 4, 2 ^ x").err.empty());
}

TEST_CASE("slices take a..b inclusive, of the base's kind", "[forms]") {
    CHECK(output_of("let xs = [10, 20, 30, 40]\nprint xs[1..2], xs[0..-1], xs[3..3], xs[0..3] == xs") ==
          "[20, 30] [] [40] true\n");
    CHECK(output_of("print \"héllo\"[1..3], (1, 2, 3)[1..2], (5..20)[2..4], \"\"[0..-1]") == "éll (2, 3) 7..9 \n");
    for (const char* bad : {"[1, 2][1..2]", "[1, 2][-1..0]", "[1, 2][2..0]", "{1, 2}[0..1]"})
        CHECK(run_program(std::string("print ") + bad).status != grundy::status_ok);
}

TEST_CASE("fold, join, zip, enumerate, state", "[forms]") {
    CHECK(output_of("print fold(add, 0, [1, 2, 3, 4]), fold(mul, 1, 1..10), fold(xor, 0, [3, 4, 5])") ==
          "10 3628800 2\n");
    CHECK(output_of("fn longer(a, b) = if len(b) > len(a) then b else a\n"
                    "print fold(longer, \"\", [\"ab\", \"abc\", \"d\"]), fold(max, 0, []), fold(min, 9, [3, 5])") ==
          "abc 0 3\n");
    // A game's own function, folded inside the game's rules.
    CHECK(output_of("game G(S) { position n\n fn plus(a, b) = a + b\n"
                    " move k in S where fold(plus, 0, [k]) <= n => n - k }\nprint sg(G({1, 2})(5))") == "2\n");
    CHECK(output_of("print join([3, 4, 5], \" \"), join([], \",\"), join([[1], \"a\"], \"-\")") == "3 4 5  [1]-a\n");
    CHECK(output_of("print zip([1, 2, 3], \"ab\"), enumerate([\"x\"])") == "[(1, \"a\"), (2, \"b\")] [(0, \"x\")]\n");
    CHECK(output_of("game W { position (a, b); move k in 1..a => (a - k, b) }\ngame N { position n; move k in 1..n => n - k }\n"
                    "print state(W(3, 5)), state(winning_moves(W(3, 5))[0]), state(N(4)), state(winning_moves(N(4))[0])") ==
          "(3, 5) (0, 5) 4 0\n");
    CHECK(run_program("game N { position n; move k in 1..n => n - k }\nprint state(N(1) + N(2))")
              .err.find("not a sum of 2") != std::string::npos);
    CHECK(run_program("game N { position n; move k in 1..n => n - k }\nprint N(1)[0]").err.find("state(p)") !=
          std::string::npos);
    CHECK(run_program("let f = 3\nprint fold(f, 0, [1])").err.find("fold() takes first the name of a function") !=
          std::string::npos);
    CHECK(run_program("fn one(a) = a\nprint fold(one, 0, [1])").status != grundy::status_ok);
}

TEST_CASE("calls nest a million deep", "[forms]") {
    CHECK(output_of("fn count(n) = if n == 0 then 0 else 1 + count(n - 1)\nprint count(1000000)") == "1000000\n");
    // A runaway recursion ends at the budget (the command line's --max-stack).
    grundy::Interpreter in;
    in.ctx.set_stack_budget(std::uint64_t{16} << 20);
    char* err_buf = nullptr;
    std::size_t err_size = 0;
    std::FILE* err = open_memstream(&err_buf, &err_size);
    in.set_output(err, err);
    CHECK(in.run_text("test.game", "fn f(n) = f(n + 1)\nprint f(0)") == grundy::status_error);
    std::fclose(err);
    CHECK(std::string(err_buf, err_size).find("recursion is too deep: the nested calls fill the 16M of stack") !=
          std::string::npos);
    std::free(err_buf);
}

TEST_CASE("read_ints reads words across blocks", "[forms]") {
    std::string input;
    long long total = 0;
    for (int i = 0; i < 100000; ++i) {
        input += std::to_string(i * 7919LL - 300000) + (i % 10 ? " " : "\n");
        total += i * 7919LL - 300000;
    }
    CHECK(output_of("let xs = read_ints()\nprint len(xs), sum(xs)", input) ==
          "100000 " + std::to_string(total) + "\n");
    CHECK(output_of("print read_int(), read_ints()", "  12\n\n-3 4\t5 ") == "12 [-3, 4, 5]\n");
    CHECK(run_program("print read_ints()", "1 2x 3").err.find("the input \"2x\" is not an int") != std::string::npos);
}

TEST_CASE("forget drops a ruleset's values, and refuses while positions are held", "[forms]") {
    CHECK(output_of("game S(T) { position n; move k in T where k <= n => n - k }\n"
                    "for t in 1..3 { let g = S({1, t}); print sg(g(10)); forget(g) }\n"
                    "let g = S({1, 2})\nprint sg(g(4))") == "0\n1\n0\n1\n");
    auto r = run_program("game S(T) { position n; move k in T where k <= n => n - k }\n"
                         "let g = S({1})\nlet p = g(3)\nforget(g)");
    CHECK(r.err.find("1 position of S({1}) is still held") != std::string::npos);
    r = run_program("game S(T) { position n; move k in T where k <= n => n - k }\n"
                    "let g = S({1})\nforget(g)\nprint sg(g(3))");
    CHECK(r.err.find("S({1}) was forgotten") != std::string::npos);
}

TEST_CASE("a move of another kind than its position is reported at the move", "[forms]") {
    auto r = run_program("game H { position hs\n move i in 0..len(hs) - 1 where hs[i] > 0 => hs[i] - 1 }\n"
                         "print sg(H([2, 3]))");
    CHECK(r.err.find("this move of `H` from the position [2, 3] (a list) gives 1 (an int)") != std::string::npos);
}

TEST_CASE("a canonical form may change a move result's kind", "[forms]") {
    // Moves make lists from tuples; the canonical form makes them tuples again.
    CHECK(output_of("game H { position hs\n canonical => tuple(sorted(hs))\n"
                    " move i in 0..len(hs) - 1, k in 1..hs[i] => list(update(hs, i, hs[i] - k)) }\n"
                    "print sg(H((1, 2)))") == "3\n");
}

TEST_CASE("forget is refused inside a call, where a search may use the ruleset", "[forms]") {
    auto r = run_program("game S(T) { position n; move k in T where k <= n and forget(S(T)) => n - k }\n"
                         "print sg(S({1})(3))");
    CHECK(r.err.find("forget() must be called at a statement of its own") != std::string::npos);
    r = run_program("game S(T) { position n; move k in T where k <= n => n - k }\nfn f(g) = forget(g)\nprint f(S({1}))");
    CHECK(r.err.find("forget() must be called at a statement of its own") != std::string::npos);
}
