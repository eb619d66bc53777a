// Evaluation: the language's features end to end through the interpreter.
#include <catch2/catch.hpp>

#include "run_program.hpp"

using grundy::testing::output_of;
using grundy::testing::run_program;

TEST_CASE("expressions and operators", "[eval]") {
    CHECK(output_of("print 7 / 2, -7 / 2, 7 % 3, -7 % 3, 5 ^ 3, 6 & 3, 6 | 1, 1 << 10, 1024 >> 3") ==
          "3 -4 1 2 6 2 7 1024 128\n");
    CHECK(output_of("print 1 < 2 and 2 < 3, not true or false, 3 in {1, 2, 3}, 4 not in [4]") ==
          "true false true false\n");
    CHECK(output_of("print if 1 > 2 then \"a\" else \"b\"") == "b\n");
    CHECK(output_of("print [1..4], {3, 1..2}, (1..3), len(0..9)") == "[1, 2, 3, 4] {1, 2, 3} 1..3 10\n");
    CHECK(output_of("print [1] + [2], {1} + {2}, {1, 2} - {2}, (1,) + (2,), \"a\" + \"b\"") ==
          "[1, 2] {1, 2} {1} (1, 2) ab\n");
    CHECK(output_of("print [5, 6, 7][-1], \"xyz\"[1]") == "7 y\n");
}

TEST_CASE("comprehensions bind generators left to right", "[eval]") {
    CHECK(output_of("print [(a, b) for a in 1..3, b in a..3 where a + b == 4]") == "[(1, 3), (2, 2)]\n");
    CHECK(output_of("print {x % 3 for x in 0..10}") == "{0, 1, 2}\n");
    CHECK(output_of("print [a + b for (a, b) in [(1, 2), (3, 4)]]") == "[3, 7]\n");
}

TEST_CASE("builtins", "[eval]") {
    CHECK(output_of("print len([1, 2]), min([3, 1]), max(2, 5), sum([1, 2, 3]), abs(-4), sorted({3, 1})") ==
          "2 1 5 6 4 [1, 3]\n");
    CHECK(output_of("print mex({0, 1, 3}), fib(10), is_fib(21), is_fib(22), update([1, 2], 0, 9)") ==
          "2 55 true false [9, 2]\n");
    CHECK(output_of("print isqrt(99), isqrt(100), isqrt(9223372036854775807)") == "9 10 3037000499\n");
    // Around 2^52, where isqrt leaves double's square root for long double's.
    CHECK(output_of("print [isqrt(n) for n in [4503599627370495, 4503599627370496, 4503599627370497, "
                    "9223372030926249001, 9223372030926249000]]") ==
          "[67108863, 67108864, 67108864, 3037000499, 3037000498]\n");
    // sum, min and max read their collection in place: ranges and strings
    // hand out items made on the fly; the first extreme item is kept.
    CHECK(output_of("print sum(1..10), sum([]), sum([[1], [2, 3]]), max(1..10), min(\"hello\"), max([3, 1, 3]), "
                    "min(4, 2, 9), max([(1, 2), (1, 3)]), sum([9223372036854775807, -1]), min([[1], [0, 5]])") ==
          "55 0 [1, 2, 3] 10 e 3 2 (1, 3) 9223372036854775806 [0, 5]\n");
    CHECK(run_program("print sum([9223372036854775807, 1])").status == grundy::status_error);
    CHECK(run_program("print max([])").status == grundy::status_error);
    // String equality: literals and outcome()'s answers are shared objects;
    // strings built at run time are compared by their text.
    CHECK(output_of("game S { position n; move k in 1..min(n, 2) => n - k }\n"
                    "print [outcome(S(n)) == \"P\" for n in 0..3], \"x\" + \"y\" == \"xy\", \"\" == \"\", "
                    "\"ab\" != \"ac\", \"ab\" == \"a\", str(12) == \"12\", outcome(S(4)) != \"N\"") ==
          "[true, false, false, true] true true true false true false\n");
    CHECK(output_of("print str(12) + \"!\", int(\"-42\"), any([false, true]), all([]), count([1, 1, 2], 1)") ==
          "12! -42 true true 2\n");
    // Shared objects (outcome()'s strings) and fresh equal ones, more kinds
    // than count() remembers at once.
    CHECK(output_of("game S { position n; move k in 1..min(2, n) => n - k }\n"
                    "let o = [outcome(S(n)) for n in 0..9] + [\"P\", (1, 2), [1], \"x\", {1}, \"P\", 1]\n"
                    "print count(o, \"P\"), count(o, \"N\"), count(o, (1, 2)), count(o, [1]), count(o, 1)") ==
          "6 6 1 1 1\n");
    // A string's characters are made one at a time: each compared afresh.
    CHECK(output_of("print count(\"abcab\", \"a\"), count(\"xyz\", \"x\")") == "2 1\n");
    CHECK(output_of("print period([1, 2, 1, 2, 1, 2, 1, 2]), period([0, 5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])") ==
          "(2, 0) (3, 2)\n");
    CHECK(output_of("print fib(92)") == "7540113804746346429\n");
    CHECK(run_program("print fib(93)").status == grundy::status_error);
}

TEST_CASE("functions recurse and see globals defined later", "[eval]") {
    CHECK(output_of("fn fact(n) = if n == 0 then 1 else n * fact(n - 1)\nprint fact(20)") == "2432902008176640000\n");
    CHECK(output_of("fn f() = limit * 2\nlet limit = 21\nprint f()") == "42\n");
    CHECK(output_of("fn even(n) = n == 0 or odd(n - 1)\nfn odd(n) = n != 0 and even(n - 1)\nprint even(1000)") ==
          "true\n");
}

TEST_CASE("let destructures tuples", "[eval]") {
    CHECK(output_of("let (a, (b, _)) = (1, (2, 3))\nprint a + b") == "3\n");
    CHECK(run_program("let (a, b) = (1, 2, 3)").err.find("cannot unpack (1, 2, 3) into the pattern (a, b)") !=
          std::string::npos);
}

TEST_CASE("for and if statements", "[eval]") {
    CHECK(output_of("for x in 1..3 { let y = x * x\n if y > 1 { print y } else { print \"one\" } }") ==
          "one\n4\n9\n");
}

TEST_CASE("standard input", "[eval]") {
    CHECK(output_of("let n = read_int()\nprint n, read_ints()", "3 1 2\n5") == "3 [1, 2, 5]\n");
    CHECK(run_program("print read_int()", "").err.find("no more integers") != std::string::npos);
}

TEST_CASE("a called value is evaluated once, also when it cannot be called", "[eval]") {
    // sg(f(x)) asks for the component first; an error must not evaluate f again.
    for (const char* query : {"sg", "outcome", "print"}) {
        const std::string q = query;
        const std::string call = q == "print" ? "print read_int()(3)" : "print " + q + "(read_int()(3))";
        const auto r = run_program(call + "\nprint read_int()", "7 8");
        CHECK(r.err.find("cannot call an int: 7") != std::string::npos);
        CHECK(r.err.find("cannot call an int: 8") == std::string::npos);
    }
    CHECK(output_of("game G { position n; move k in 1..n => n - k }\nlet rs = [G, G]\n"
                    "print sg(rs[read_int()](3)), read_int()",
                    "1 5") == "3 5\n");
}

TEST_CASE("games: values, outcomes, moves", "[eval]") {
    const std::string nim = "game Nim { position n; move k in 1..n => n - k }\n";
    CHECK(output_of(nim + "print sg(Nim(5)), outcome(Nim(0)), outcome(Nim(2))") == "5 P N\n");
    CHECK(output_of(nim + "print moves(Nim(2))") == "[Nim(1), Nim(0)]\n");
    CHECK(output_of(nim + "print winning_moves(Nim(1) + Nim(3))") == "[Nim(1) + Nim(1)]\n");
    CHECK(output_of(nim + "print moves(Nim(1) + Nim(1))") == "[Nim(0) + Nim(1)]\n");
    CHECK(output_of(nim + "print winning_moves(misere(Nim(2) + Nim(2)))") == "[]\n");
    CHECK(output_of(nim + "print winning_moves(misere(Nim(1) + Nim(2)))") == "[misere(Nim(1) + Nim(0))]\n");
    CHECK(output_of(nim + "print sum([Nim(1), Nim(2)]), sg(sum([Nim(h) for h in [1, 2, 3]]))") ==
          "Nim(1) + Nim(2) 0\n");
    CHECK(output_of(nim + "let N = Nim\nprint N(4), N") == "Nim(4) Nim\n");
}

TEST_CASE("rule parameters make separate instances", "[eval]") {
    const std::string sub = "game S(takes) { position n; move k in takes where k <= n => n - k }\n";
    CHECK(output_of(sub + "print [sg(S({1, 2})(n)) for n in 0..5], [sg(S({2})(n)) for n in 0..5]") ==
          "[0, 1, 2, 0, 1, 2] [0, 0, 1, 1, 0, 0]\n");
    CHECK(output_of(sub + "print S({1})(3)") == "S({1})(3)\n");
}

TEST_CASE("canonical forms merge equal positions", "[eval]") {
    CHECK(output_of("game W { position (a, b); canonical => (min(a, b), max(a, b))\n"
                    " move k in 1..a => (a - k, b)\n move k in 1..b => (a, b - k) }\n"
                    "print W(5, 2), W(2, 5) == W(5, 2), sg(W(2, 5))") == "W(2, 5) true 7\n");
}

TEST_CASE("terminal rules end play", "[eval]") {
    CHECK(output_of("game G { position n; terminal when n <= 2 => lose; move k in 1..n => n - k }\n"
                    "print [sg(G(n)) for n in 0..5]") == "[0, 0, 0, 1, 2, 3]\n");
}

TEST_CASE("sums across games and split", "[eval]") {
    CHECK(output_of("game A { position n; move where n > 0 => n - 1 }\n"
                    "game B { position n; move where n > 1 => split(n / 2, n - n / 2) }\n"
                    "game C { position n; move where n > 0 => A(n) + B(n) }\n"
                    "print sg(C(3)), moves(C(3)), moves(B(4))") ==
          "0 [A(3) + B(3)] [B(2) + B(2)]\n");
}

TEST_CASE("a move may ask for another position's value", "[eval]") {
    CHECK(output_of("game Nim { position n; move k in 1..n => n - k }\n"
                    "game Cold { position n; move k in 1..n where sg(Nim(n - k)) % 2 == 0 => n - k }\n"
                    "print [sg(Cold(n)) for n in 0..6]") == "[0, 1, 1, 2, 2, 3, 3]\n");
}

TEST_CASE("imports find the standard library and run definitions only", "[eval]") {
    CHECK(output_of("import \"nim.game\"\nprint sg(Nim(3) + Nim(5))") == "6\n");
}

TEST_CASE("failed asserts and checks are counted and do not stop the program", "[eval]") {
    auto r = run_program("assert 1 == 2\ncheck x < 3 for x in 0..5\nprint \"after\"");
    CHECK(r.status == grundy::status_failed);
    CHECK(r.out == "after\n");
    CHECK(r.err.find("assertion failed: the left side is 1, the right side is 2") != std::string::npos);
    CHECK(r.err.find("check failed for x = 3") != std::string::npos);
}

TEST_CASE("a runtime error stops the program with status 2", "[eval]") {
    auto r = run_program("print 1\nprint 1 / 0\nprint 2");
    CHECK(r.status == grundy::status_error);
    CHECK(r.out == "1\n");
}

TEST_CASE("a deep game needs no deep stack: this runs on the test's own thread", "[eval]") {
    CHECK(output_of("game Subtract(S) { position n; move k in S where k <= n => n - k }\n"
                    "print sg(Subtract({1, 2})(1000000))") == "1\n");
}

TEST_CASE("the int fast path and the generic path agree", "[eval]") {
    // Wythoff through the int path; the same game kept off it by a
    // `terminal` that asks the solver must give the same values.
    const std::string both =
        "game W { position (a, b); canonical => (min(a, b), max(a, b))\n"
        " move k in 1..a => (a - k, b)\n move k in 1..b => (a, b - k)\n move k in 1..min(a, b) => (a - k, b - k) }\n"
        "game N { position n; move k in 1..n => n - k }\n"
        "game L { position (a, b); canonical => (min(a, b), max(a, b))\n terminal when sg(N(1)) == 0 => lose\n"
        " move k in 1..a => (a - k, b)\n move k in 1..b => (a, b - k)\n move k in 1..min(a, b) => (a - k, b - k) }\n"
        "check sg(W(a, b)) == sg(L(a, b)) for a in 0..25, b in 0..25\n"
        "print moves(W(1, 2)), moves(L(1, 2))\n";
    CHECK(output_of(both) == "[W(0, 2), W(1, 1), W(0, 1)] [L(0, 2), L(1, 1), L(0, 1)]\n");  // equal moves once
}

TEST_CASE("reading input rejects what is not a 64-bit int", "[eval]") {
    CHECK(run_program("print read_int()", "99999999999999999999").err.find("does not fit in a 64-bit int") !=
          std::string::npos);
    CHECK(run_program("print read_int()", "twelve").err.find("is not an int") != std::string::npos);
}

TEST_CASE("the int path never hoists input: rules read it per state, as written", "[eval]") {
    CHECK(output_of("game G { position n; move where n > 0 and n <= read_int() => n - 1 }\n"
                    "print sg(G(3)), read_ints()",
                    "5 0") == "1 []\n");
}

TEST_CASE("folded any and all stop at the deciding element, as on a list", "[eval]") {
    CHECK(output_of("print any([x for x in [true, 1]]), all([x for x in [false, 1]])") == "true false\n");
    CHECK(output_of("print any([x > 3 for x in 0..9223372036854775807])") == "true\n");
}

TEST_CASE("ranges too long to count still index exactly", "[eval]") {
    CHECK(output_of("print (0..9223372036854775807)[5], (0..9223372036854775807)[-1]") == "5 9223372036854775807\n");
}

TEST_CASE("a wildcard in a table key shows as _", "[eval]") {
    CHECK(output_of("table x for (x, _) in [(1, 2)]") == "x for (x, _) in [(1, 2)]\n(x, _) = (1, _): 1\n");
}

TEST_CASE("review findings stay fixed", "[eval]") {
    // A huge constant range after `in` takes the generic path, not an error.
    CHECK(output_of("game G { position n; move k in 1..n where k in -1..9223372036854775807 => n - k }\n"
                    "print sg(G(3)), sg(G(3))") == "3 3\n");
    // An error inside a misère search leaves nothing marked: the retry reports the same error.
    auto r = run_program("game B { position n; move where n > 0 => n - 1; move where n == 1 => 10 / (n - 1) }\n"
                         "print outcome(misere(B(3)))");
    CHECK(r.err.find("division by zero") != std::string::npos);
    CHECK(output_of("print -1 << 63, -2 << 62") == "-9223372036854775808 -9223372036854775808\n");
    CHECK(run_program("print 1 << 63").err.find("integer overflow in '<<'") != std::string::npos);
    // `_` in a position pattern binds nothing on either path.
    CHECK(run_program("game P { position (a, _); move where a > 0 => (a - 1, _) }\nprint moves(P(3, 7))").err.find(
              "unknown name `_`") != std::string::npos);
}

TEST_CASE("a chain of + adds left to right; positions gather into one sum", "[eval]") {
    CHECK(grundy::testing::output_of(
              "game Nim { position n; move k in 1..n => n - k }\n"
              "print 1 + 2 + 3 + 4, \"a\" + \"b\" + \"c\", [1] + [2] + [3], {1} + {2} + {1}\n"
              "print Nim(1) + Nim(2) + Nim(3), sg(Nim(1) + Nim(2) + Nim(3)), outcome(misere(Nim(1) + Nim(1) + Nim(1)))\n"
              "print (Nim(1) + Nim(2)) + (Nim(3) + Nim(4)) + Nim(5)") ==
          "10 abc [1, 2, 3] {1, 2}\nNim(1) + Nim(2) + Nim(3) 0 P\nNim(1) + Nim(2) + Nim(3) + Nim(4) + Nim(5)\n");
    // Each error is at its own `+`, after the operands before it only.
    auto r = grundy::testing::run_program("game Nim { position n; move k in 1..n => n - k }\n"
                                          "print Nim(2) + Nim(3) + misere(Nim(1)) + read_int()");
    CHECK(r.err.find("test.game:2:23: error: cannot add misère positions") == 0);
    r = grundy::testing::run_program("print 1 + 2 + \"x\" + 4");
    CHECK(r.err.find("test.game:1:13: error: type mismatch: cannot apply '+' to an int and a string") == 0);
}

TEST_CASE("a query on a sum asks the solver for its components, as on the position", "[eval]") {
    using grundy::testing::output_of;
    using grundy::testing::run_program;
    const std::string nim = "game Nim { position n; move k in 1..n => n - k }\n";
    // Each query twice: on the sum written out, and on the same sum as a value.
    CHECK(output_of(nim + "let p = Nim(1) + Nim(2)\n"
                          "print sg(Nim(1) + Nim(2) + Nim(4)), sg(p + Nim(4)), outcome(Nim(3) + Nim(3)), outcome(p)\n"
                          "print outcome(misere(Nim(1) + Nim(1) + Nim(1))), outcome(misere(p + Nim(0) + Nim(1)))\n"
                          "let q = misere(Nim(1) + Nim(1))\nprint outcome(q), outcome(misere(Nim(2) + p))\n") ==
          "7 7 P N\nP N\nN N\n");
    // Operands read once, in order; a sum that is not all positions is
    // reported where the general path reports it.
    CHECK(output_of(nim + "print outcome(misere(Nim(read_int()) + Nim(read_int()))), read_int()", "1 1 9") ==
          "N 9\n");
    auto r = run_program(nim + "print outcome(misere(Nim(1) + 3))");
    CHECK(r.err.find("test.game:2:29: error:") == 0);
    CHECK(r.err.find("cannot apply '+' to a position and an int") != std::string::npos);
    CHECK(run_program(nim + "print outcome(misere([1] + [2]))").err.find(
              "test.game:2:15: error: misere() needs a position, not a list: [1, 2]") == 0);
    CHECK(run_program(nim + "print sg(1 + 2)").err.find("test.game:2:7: error: sg() needs a position, not an int: 3") ==
          0);
    r = run_program(nim + "print outcome(misere(Nim(1) + misere(Nim(2))))");
    CHECK(r.err.find("cannot add misère positions") != std::string::npos);
    r = run_program(nim + "print sg(misere(Nim(1) + Nim(2)))");
    CHECK(r.err.find("sg() is not defined under misère play") != std::string::npos);
}

TEST_CASE("misère search: which component's error comes out does not depend on the children's order", "[eval]") {
    // Both components fail on the way down. A sum's components' options
    // are made in order when the sum is first met, whichever child is
    // looked at first, so the error is the one the search has always met
    // first (B's here).
    auto r = grundy::testing::run_program(
        "game A { position n; move where n > 0 or 1 / n == 0 => n - 1 }\n"
        "game B { position n; move where n > 0 or 5 % n == 0 => n - 1 }\n"
        "print outcome(misere(A(2) + B(1)))");
    CHECK(r.err.find("test.game:2:44: error: division by zero in '%'") == 0);
}

TEST_CASE("isqrt and fib in rules run as int code, with the builtin's values and errors", "[eval]") {
    const std::string squares =
        "game S { position n; move k in 1..isqrt(n) => n - k * k }\n"
        "game L { position p; move k in 1..isqrt(p[0]) => [p[0] - k * k] }\n"
        "check sg(S(n)) == sg(L([n])) for n in 0..300\n"
        "print [n for n in 0..60 where outcome(S(n)) == \"P\"]\n";
    CHECK(output_of(squares) == "[0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57]\n");
    auto r = run_program("game S { position n; move k in 1..isqrt(n - 3) => n - k }\nprint sg(S(2))\n");
    CHECK(r.status == grundy::status_error);
    CHECK(r.err.substr(0, r.err.find('\n')) == "test.game:1:35: error: isqrt() of a negative number");
    CHECK(output_of("game F { position n; move k in 1..n where fib(k) <= n => n - fib(k) }\n"
                    "print [sg(F(n)) for n in 0..12]\n") == "[0, 1, 0, 2, 3, 1, 0, 2, 3, 4, 5, 1, 0]\n");
}

TEST_CASE("a start that is int code makes positions without the generic evaluator, alike", "[eval]") {
    const std::string kiki =
        "game K { position (r, c); start (n, m) => (n - 1, m - 1)\n"
        " move where c > 0 => (r, c - 1)\n move where r > 0 => (r - 1, c)\n"
        " move where r > 0 and c > 0 => (r - 1, c - 1) }\n"
        "game L { position p; start (n, m) => [n - 1, m - 1]\n"
        " move where p[1] > 0 => [p[0], p[1] - 1]\n move where p[0] > 0 => [p[0] - 1, p[1]]\n"
        " move where p[0] > 0 and p[1] > 0 => [p[0] - 1, p[1] - 1] }\n"
        "check sg(K(n, m)) == sg(L(n, m)) for n in 1..12, m in 1..12\n"
        "print K(3, 4), moves(K(2, 2))\n";
    CHECK(output_of(kiki) == "K(2, 3) [K(1, 0), K(0, 1), K(0, 0)]\n");
    auto r = run_program("game K { position (r, c); start (n, m) => (n / m, m)\n move where c > 0 => (r, c - 1) }\n"
                         "print sg(K(3, 0))\n");
    CHECK(r.status == grundy::status_error);
    CHECK(r.err.substr(0, r.err.find('\n')) == "test.game:1:46: error: division by zero");
}

TEST_CASE("long lists of few distinct values read alike packed or not", "[eval]") {
    // The same list three ways: built long with few values (packed), with
    // many (values), and from a packed one that then met many values.
    const std::string lists =
        "let a = [n % 5 for n in 0..2999]\n"
        "let b = [if n < 2999 then n % 5 else n for n in 0..2999]\n"
        "let c = [n % 5 for n in 0..2998] + [2999]\n"
        "game S { position n; move k in 1..2 where k <= n => n - k }\n"
        "let o = [outcome(S(n)) for n in 0..2999]\n";
    const std::string reads =
        "print len(a), sum(a), max(a), min(a), count(a, 4), a[1234], a[-1], a[10..14], 3 in a, 7 in a\n"
        "print len(b), sum(b), max(b), count(b, 4), b[1234], b[-1], b[2995..2999]\n"
        "print b == c, a == [n % 5 for n in 0..2999], sorted(a)[600], {x for x in a}\n"
        "print count(o, P), count(o, \"N\"), o[0..5], o[2999], len({o, o})\n"
        "print [n for n in 0..2999 where a[n] == 4][-1], sum([1 for x in o where x == P])\n";
    CHECK(output_of(lists + reads) ==
          "3000 6000 4 0 600 4 4 [0, 1, 2, 3, 4] true false\n"
          "3000 8995 2999 599 4 2999 [0, 1, 2, 3, 2999]\n"
          "true true 1 {0, 1, 2, 3, 4}\n"
          "1000 2000 [\"P\", \"N\", \"N\", \"P\", \"N\", \"N\"] N 1\n"
          "2999 1000\n");
}
