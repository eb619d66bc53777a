// Rules are rewritten before they compile (compiler/rewrite_rules.cpp):
// small functions expanded in place, a sum of the game's own positions as
// split. The rewrite must keep what a program means, errors included, and
// must let every spelling of a game reach the same compiled form.
#include <catch2/catch.hpp>

#include "interpreter/compiler/int_jit.hpp"
#include "interpreter/compiler/int_nodes.hpp"
#include "run_program.hpp"

using grundy::testing::on_int_path;
using grundy::testing::output_of;
using grundy::testing::run_program;

namespace {

std::string error_line(const std::string& err) {
    return err.substr(0, err.find('\n'));
}

const std::string wythoff_moves =
    " move k in 1..a => (a - k, b)\n move k in 1..b => (a, b - k)\n move k in 1..min(a, b) => (a - k, b - k) }\n";

}  // namespace

TEST_CASE("spellings of one game compile alike and agree", "[rewrite]") {
    const std::string helpers =
        "fn lo(x, y) = if x < y then x else y\n"
        "fn hi(x, y) = if x < y then y else x\n"
        "fn ordered(x, y) = if x <= y then (x, y) else (y, x)\n";
    const std::string games[] = {
        "game A { position (a, b); canonical => (min(a, b), max(a, b))\n" + wythoff_moves,
        "game B { position (a, b); canonical => (lo(a, b), hi(a, b))\n" + wythoff_moves,
        "game C { position (a, b); canonical => ordered(a, b)\n" + wythoff_moves,
        "game D { position (a, b); canonical => (if a < b then a else b, if b > a then b else a)\n" + wythoff_moves,
        "game E { position (a, b); canonical => tuple(sorted([a, b]))\n" + wythoff_moves,
    };
    std::string program = helpers;
    for (auto& g : games) program += g;
    for (const char* name : {"A", "B", "C", "D", "E"}) CHECK(on_int_path(program, name));
    program += "check sg(A(a, b)) == sg(B(a, b)) and sg(B(a, b)) == sg(C(a, b)) and sg(C(a, b)) == sg(D(a, b))"
               " and sg(D(a, b)) == sg(E(a, b))"
               " for a in 0..60, b in 0..60\n"
               "print [(a, b) for a in 0..30, b in a..30 where outcome(C(a, b)) == \"P\"]\n";
    CHECK(output_of(program) == "[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23), (16, 26), (17, 28)]\n");
}

TEST_CASE("a canonical form that sorts three heaps is int code", "[rewrite]") {
    const std::string moves =
        " move k in 1..a => (a - k, b, c)\n move k in 1..b => (a, b - k, c)\n move k in 1..c => (a, b, c - k)\n"
        " move k in 1..min(a, b) => (a - k, b - k, c) }\n";
    const std::string program =
        "game S { position (a, b, c); canonical => tuple(sorted([a, b, c]))\n" + moves +
        "game M { position (a, b, c)\n canonical => (min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c))\n" +
        moves +
        "game L { position h; canonical => sorted(h)\n"
        " move i in 0..2, k in 1..h[i] => update(h, i, h[i] - k)\n"
        " move k in 1..min(h[0], h[1]) => [h[0] - k, h[1] - k, h[2]] }\n"
        "check sg(S(a, b, c)) == sg(M(a, b, c)) and sg(S(a, b, c)) == sg(L([a, b, c]))"
        " for a in 0..9, b in 0..9, c in 0..9\n"
        "print moves(S(2, 1, 1))\n";
    CHECK(on_int_path(program, "S"));
    CHECK(output_of(program) == "[S(0, 1, 2), S(1, 1, 1), S(0, 1, 1), S(0, 0, 2)]\n");
}

TEST_CASE("what several ints of a new state share is computed once", "[rewrite]") {
    // The trees as compiled (no native code, which would wrap them).
    grundy::jit_enabled = false;
    grundy::Interpreter in;
    std::FILE* null = std::fopen("/dev/null", "w");
    in.set_output(null, null);
    in.run_text("test.game",
                "game M { position (a, b, c)\n"
                " canonical => (min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c))\n"
                " move k in 1..a => (a - k, b, c)\n"
                " move k in 1..c => let m = min(b, c - k) in (a, m, b + c - k - m) }\n");
    std::fclose(null);
    grundy::jit_enabled = true;
    const grundy::CompiledGame* g = in.globals.game("M");
    REQUIRE(g);
    REQUIRE(g->fast);
    using grundy::intpath::LetInt;
    using grundy::intpath::Reg;
    const auto& canonical = g->fast->canonical;
    REQUIRE(canonical.size() == 3);
    // min and max once, before the first int; the last int is max's register.
    CHECK(dynamic_cast<const LetInt*>(canonical[0].get()));
    CHECK(dynamic_cast<const Reg*>(canonical[2].get()));
    // A `let` around the state's ints: its value once, in the first one's code.
    const auto& result = g->fast->moves[1].result;
    REQUIRE(result.size() == 3);
    CHECK(dynamic_cast<const LetInt*>(result[0].get()));
    CHECK(dynamic_cast<const Reg*>(result[1].get()));
    CHECK_FALSE(dynamic_cast<const LetInt*>(result[2].get()));
    // And the game is the one written: against its copy on the generic path.
    const std::string program =
        "game M { position (a, b, c)\n"
        " canonical => (min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c))\n"
        " move k in 1..a => (a - k, b, c)\n"
        " move k in 1..c => let m = min(b, c - k) in (a, m, b + c - k - m) }\n"
        "print [sg(M(a, b, c)) for a in 0..7, b in 0..7, c in 0..7], moves(M(3, 1, 2))\n";
    CHECK(output_of(program) == output_of(grundy::testing::generic_copy(program, "M")));
}

TEST_CASE("a canonical form of any spelling that sorts is a sort", "[rewrite]") {
    const std::string moves =
        " move k in 1..min(a, 3) => (a - k, b, c)\n move k in 1..min(b, 3) => (a, b - k, c)\n"
        " move k in 1..min(c, 3) => (a, b, c - k)\n move k in 1..min(a, b, 3) => (a - k, b - k, c) }\n";
    // (Moves of at most 3 keep the options of the large positions below few.)
    auto sorts = [&](const std::string& canonical) {
        grundy::Interpreter in;
        std::FILE* null = std::fopen("/dev/null", "w");
        in.set_output(null, null);
        in.run_text("test.game", "game G { position (a, b, c)\n canonical => " + canonical + "\n" + moves);
        std::fclose(null);
        const grundy::CompiledGame* g = in.globals.game("G");
        return g && g->fast && g->fast->sorted_all;
    };
    const std::string minmax = "(min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c))";
    const std::string ifs =
        "if a <= b then (if b <= c then (a, b, c) else if a <= c then (a, c, b) else (c, a, b))"
        " else (if a <= c then (b, a, c) else if b <= c then (b, c, a) else (c, b, a))";
    CHECK(sorts(minmax));
    CHECK(sorts(ifs));
    CHECK(sorts("(min(a, min(b, c)), max(min(a, b), min(max(a, b), c)), max(max(a, b), c))"));
    // Near misses: wrong where two ints tie, wrong for one order, a max where a min goes, not the
    // position's names alone.
    CHECK_FALSE(sorts("if a == c then (a, c, 0) else " + ifs));
    CHECK_FALSE(sorts("if a <= b then (if b <= c then (a, b, c) else if a <= c then (a, c, b) else (c, a, b))"
                      " else (if a <= c then (b, a, c) else if b <= c then (b, c, a) else (b, c, a))"));
    CHECK_FALSE(sorts("(min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), min(a, b, c))"));
    CHECK_FALSE(sorts("(min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c, 7))"));
    // Each agrees with its copy on the generic path, overflowing sums included.
    // A literal's size counts in the bound below which it sorts: these sums overflow for ints of 2.4 * 10^17.
    const std::string big = "(min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c) + 9000000000000000000 - 9000000000000000000)";
    for (const std::string& canonical : {minmax, ifs, big}) {
        const std::string program = "game G { position (a, b, c)\n canonical => " + canonical + "\n" + moves +
                                    "print [sg(G(a, b, c)) for a in 0..6, b in 0..6, c in 0..6], moves(G(3, 1, 2))\n"
                                    "print G(2, 5, 240000000000000000), moves(G(2, 5, 240000000000000000))\n"
                                    "print G(-5, 9223372036854775807, 3)\n"
                                    "print G(4611686018427387904, 4611686018427387904, 4611686018427387904)\n";
        auto fast = run_program(program), slow = run_program(grundy::testing::generic_copy(program, "G"));
        CHECK(fast.out == slow.out);
        auto after_line = [](const std::string& err) {  // the copy's lines are further down
            const std::string line = error_line(err);
            const auto file = line.find(':');
            return file == std::string::npos ? line : line.substr(line.find(':', file + 1));
        };
        CHECK(after_line(fast.err) == after_line(slow.err));
    }
}

TEST_CASE("a sum of the game's own positions is split", "[rewrite]") {
    const std::string program =
        "game K { position n; move t in 1..2, a in 0..n - t => K(a) + K(n - t - a) }\n"
        "game P(c) { position n; move t in 1..c, a in 0..n - t => P(c)(a) + P(c)(n - t - a) }\n"
        "game S { position n; move t in 1..2, a in 0..n - t => split(a, n - t - a) }\n"
        "check sg(K(n)) == sg(S(n)) and sg(P(2)(n)) == sg(S(n)) for n in 0..80\n"
        "print [sg(K(n)) for n in 0..11]\n";
    CHECK(on_int_path(program, "K"));
    CHECK(on_int_path(program, "P"));
    CHECK(output_of(program) == "[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]\n");
    // Another instance's positions, or a game with `start`, are other sums.
    const std::string other =
        "game Q(c) { position n; move a in 1..n - 1 => Q(c + 1)(a) + Q(c)(n - a) }\n"
        "game T { position n; start(m) => 2 * m; move a in 1..n - 1 => T(a) + T(n - a) }\n"
        "print [sg(Q(1)(n)) for n in 0..6], [sg(T(n)) for n in 0..3]\n";
    CHECK(output_of(other) == output_of(other + "fn unused() = 0\n"));
    CHECK(output_of(other) != "");
}

TEST_CASE("one of the game's own positions as a result is its state", "[rewrite]") {
    // Against the same rules through a top-level function (not expanded:
    // it reads the game by name), which stays a position made per option.
    const std::string games =
        "game A { position n; move k in 1..min(3, n) => A(n - k) }\n"
        "game B { position (x, y); move where x > 0 => B(x - 1, y); move where y > 1 => B(y - 2, x) }\n"
        "game C { position [x, y]; canonical => sorted([x, y]); move where x > 0 => C(x - 1, y + 1) }\n"
        "game D(s) { position n; move k in s where k <= n => D(s)(n - k) }\n"
        "fn a(n) = A(n)\nfn b(x, y) = B(x, y)\n"
        "game A2 { position n; move k in 1..min(3, n) => a(n - k) }\n"
        "game B2 { position (x, y); move where x > 0 => b(x - 1, y); move where y > 1 => b(y - 2, x) }\n";
    CHECK(on_int_path(games, "A"));
    CHECK(on_int_path(games, "B"));
    CHECK(output_of(games + "print moves(A(5)), moves(B(2, 3)), moves(C(1, 3)), moves(D({1, 2})(4))\n"
                            "print [sg(A(n)) for n in 0..12], [outcome(misere(A(n))) for n in 0..8]\n"
                            "print [sg(B(x, y)) for x in 0..5, y in 0..5], outcome(misere(B(3, 4)))\n"
                            "print [sg(C(x, y)) for x in 0..4, y in 0..4], [sg(D([2, 3])(n)) for n in 0..9]\n") ==
          "[A(4), A(3), A(2)] [B(1, 3), B(1, 2)] [C([0, 4])] [D({1, 2})(3), D({1, 2})(2)]\n"
          "[0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0] [\"N\", \"P\", \"N\", \"N\", \"N\", \"P\", \"N\", \"N\", \"N\"]\n"
          "[0, 0, 1, 0, 1, 0, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1] N\n"
          "[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0] [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]\n");
    CHECK(output_of(games + "check sg(A(n)) == sg(A2(n)) and outcome(misere(A(n))) == outcome(misere(A2(n))) for n in 0..40\n"
                            "check sg(B(x, y)) == sg(B2(x, y)) for x in 0..9, y in 0..9\nprint \"same\"\n") == "same\n");
}

TEST_CASE("an expanded call keeps the call's meaning", "[rewrite]") {
    // Arguments are evaluated before the body, even when the body does not
    // read them: the error still comes out.
    auto strict = run_program(
        "fn first(x, y) = x\n"
        "game G { position n; move k in 1..n => first(n - k, 1 / (k - 1)) }\n"
        "print sg(G(3))\n");
    CHECK(strict.status == grundy::status_error);
    CHECK(error_line(strict.err) == "test.game:2:55: error: division by zero");
    // A name in the body means what it means in the function, not a local
    // of the rule of the same name.
    CHECK(output_of("let k = 1\n"
                    "fn step(n) = n - k\n"
                    "game G { position n; move k in 2..n => step(k) }\n"
                    "print [sg(G(n)) for n in 0..8]\n") == "[0, 0, 1, 2, 3, 4, 5, 6, 7]\n");
    // Recursion stays a call.
    CHECK(output_of("fn tri(n) = if n == 0 then 0 else n + tri(n - 1)\n"
                    "game G { position n; move k in 1..3 where tri(k) <= n => n - tri(k) }\n"
                    "print [sg(G(n)) for n in 0..12]\n") == "[0, 1, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]\n");
    // A game's own function, with a rule parameter.
    CHECK(output_of("game G(m) { position n\n fn cap(x) = min(x, m)\n move k in 1..cap(n) => n - k }\n"
                    "print [sg(G(2)(n)) for n in 0..7]\n") == "[0, 1, 2, 0, 1, 2, 0, 1]\n");
}

TEST_CASE("a condition of the outer generators is tested once per outer binding", "[rewrite]") {
    // The library's octal games test the code's digit for k in a condition
    // of the (k, a) move: taken out of the inner loop, the game is int code.
    CHECK(on_int_path("import \"octal.game\"\ngame D(c) { position n\n"
                      " move k in 0..3, a in 1..(n - k) / 2 where (int(c[k]) & 4) != 0 => split(a, n - k - a) }\n",
                      "D"));
    CHECK(on_int_path("import \"octal.game\"\n", "Octal"));
    // Still only where the rules test it: never for an empty inner range
    // (k = 0 below), and in the order of the conjuncts (a condition after
    // one that reads the inner variable stays per binding).
    CHECK(output_of("game G { position n\n"
                    " move k in 0..n, a in 1..k where 10 / k > 0 => split(a - 1, n - k) }\n"
                    "print [sg(G(n)) for n in 0..6]\n") ==
          output_of("game G { position n\n"
                    " move k in 1..n, a in 1..k => split(a - 1, n - k) }\n"
                    "print [sg(G(n)) for n in 0..6]\n"));
    auto r = run_program("game G { position n\n"
                         " move k in 0..n, a in 0..k where 10 / k > 0 => split(a, n - k) }\n"
                         "print [sg(G(n)) for n in 0..6]\n");
    CHECK(r.status == grundy::status_error);
    CHECK(error_line(r.err) == "test.game:2:37: error: division by zero");
    CHECK(output_of("game G { position n\n"
                    " move k in 1..n, a in k..n - 1 where 10 / k > 0 and a > 0 => split(a - 1, k) }\n"
                    "print [sg(G(n)) for n in 0..9]\n") ==
          output_of("game G { position n\n"
                    " move k in 1..n, a in k..n - 1 where a > 0 and 10 / k > 0 => split(a - 1, k) }\n"
                    "print [sg(G(n)) for n in 0..9]\n"));
    // Input is read as often as the rules say.
    CHECK(output_of("game G { position n; move k in 1..n, a in 1..2 where read_int() > 0 => n - k }\n"
                    "print sg(G(2)), read_int()\n",
                    "1 1 1 1 1 1 7 8") == "2 7\n");  // six bindings: four of G(2), two of G(1)
}

TEST_CASE("a condition of the position alone in a one-generator move is tested once per state", "[rewrite]") {
    // A sink written as a condition (one vertex in seven has no move): the
    // same outcomes as when the condition comes after one on the variable,
    // which stays per option.
    const std::string moves = " => (v * 5 + i * 3 + 1) % 40 }\n";
    const std::string program = "game A { position v; move i in 0..2 where v % 7 != 0" + moves +
                                "game B { position v; move i in 0..2 where i >= 0 and v % 7 != 0" + moves +
                                "print [outcome(A(v)) for v in 0..39] == [outcome(B(v)) for v in 0..39]\n"
                                "print count([outcome(A(v)) for v in 0..39], \"D\")\n";
    CHECK(on_int_path(program, "A"));
    CHECK(output_of(program) == "true\n21\n");
    CHECK(output_of("game C { position n; move k in 1..n where n % 3 != 1 => n - k }\n"
                    "print [sg(C(n)) for n in 0..12]\n") == "[0, 0, 1, 2, 0, 3, 4, 0, 5, 6, 0, 7, 8]\n");
    // Never for an empty range (n = 0 below), and the error where the rules
    // raise it.
    CHECK(output_of("game G { position n\n move k in 1..n where 10 / (n - 3) != 7 => n - k }\n"
                    "print [sg(G(n)) for n in 0..2]\n") == "[0, 1, 2]\n");
    auto r = run_program("game G { position n\n move k in 1..n where 10 / (n - 3) != 7 => n - k }\n"
                         "print [sg(G(n)) for n in 0..5]\n");
    CHECK(r.status == grundy::status_error);
    CHECK(error_line(r.err) == "test.game:2:26: error: division by zero");
    // Input is read once per option, as the rules say.
    CHECK(output_of("game G { position n; move k in 1..n where read_int() > 0 => n - k }\n"
                    "print sg(G(2)), read_int()\n",
                    "1 1 1 7") == "2 7\n");  // three bindings: two of G(2), one of G(1)
}

TEST_CASE("let-in in a game's rules stays on the int path and agrees with the generic path", "[rewrite]") {
    const std::string lets =
        "game A { position n\n move k in 1..3 where let m = n - k in m >= 0 => let m = n - k in m - m % 2 }\n";
    const std::string plain = "game B { position n\n move k in 1..3 where n - k >= 0 => (n - k) - (n - k) % 2 }\n";
    CHECK(on_int_path(lets, "A"));
    CHECK(output_of(lets + "print [sg(A(n)) for n in 0..30]") ==
          output_of(plain + "print [sg(B(n)) for n in 0..30]"));
    // A split under let: each part under the binding, still int code.
    const std::string cut = "fn sheet(w, h) = w * 256 + h\n"
                            "game P { position n\n"
                            " move i in 2..n / 256 - 2 => let h = n % 256 in split(sheet(i, h), sheet(n / 256 - i, h))\n"
                            " move j in 2..n % 256 - 2 => let w = n / 256 in split(sheet(w, j), sheet(w, n % 256 - j)) }\n";
    const std::string tuples = "game Q { position (w, h)\n"
                               " move i in 2..w - 2 => split((i, h), (w - i, h))\n"
                               " move j in 2..h - 2 => split((w, j), (w, h - j)) }\n";
    CHECK(on_int_path(cut, "P"));
    CHECK(output_of(cut + "print [sg(P(sheet(w, h))) for w in 2..12, h in 2..12]") ==
          output_of(tuples + "print [sg(Q(w, h)) for w in 2..12, h in 2..12]"));
    // ** on the int path too.
    const std::string pow = "game C { position n\n move k in 0..5 where 2 ** k <= n => n - 2 ** k }\n";
    CHECK(on_int_path(pow, "C"));
    CHECK(output_of(pow + "print [sg(C(n)) for n in 0..20]") ==
          output_of("game D { position n\n move k in 0..5 where (1 << k) <= n => n - (1 << k) }\n"
                    "print [sg(D(n)) for n in 0..20]"));
}

TEST_CASE("a move over step tuples written out is one move per step", "[rewrite]") {
    // The same king as a list bound outside the game, which stays one move
    // over a list: options in the same order, the same values.
    const std::string steps = "[(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 1, 1)]";
    auto rule = [](const std::string& over) {
        return " move (dx, dy, dz) in " + over + " where x >= dx and y >= dy and z >= dz => (x - dx, y - dy, z - dz) }\n";
    };
    const std::string program = "game K { position (x, y, z)\n" + rule(steps) + "let steps = " + steps +
                                "\ngame L { position (x, y, z)\n" + rule("steps");
    CHECK(on_int_path(program, "K"));
    CHECK(output_of(program + "print [state(p) for p in moves(K(1, 2, 1))] == [state(p) for p in moves(L(1, 2, 1))],"
                              " len(moves(K(1, 2, 1)))\n"
                              "check sg(K(x, y, z)) == sg(L(x, y, z)) for x in 0..6, y in 0..6, z in 0..6\n") ==
          "true 7\n");
    // Later generators see the step's names, unless they bind their own;
    // `_` and negative steps; a step of another length is an error, as the
    // list's own would be.
    auto later = [](const std::string& over) {
        return " move (d, _, e) in " + over + ", d in 0..e where n - d - e >= 0 => n - d - e }\n";
    };
    const std::string shown = "[(1, 5, 2), (-1, 0, 3), (2, 0, 0)]";
    CHECK(output_of("game A { position n\n" + later(shown) + "let s = " + shown + "\ngame B { position n\n" +
                    later("s") + "print [[state(p) for p in moves(A(n))] == [state(p) for p in moves(B(n))] for n in 0..6]\n") ==
          "[true, true, true, true, true, true, true]\n");
    auto r = run_program("game A { position n\n move (a, b) in [(1, 0), (2, 0, 1)] where a <= n => n - a }\n"
                         "print sg(A(5))\n");
    CHECK(r.status == grundy::status_error);
    CHECK(error_line(r.err).find("test.game:2:7: error: cannot unpack (2, 0, 1) into the pattern (a, b)") == 0);
}

TEST_CASE("a let that unpacks a tuple written out binds its parts", "[rewrite]") {
    const std::string lets = "game A { position (a, b)\n"
                             " move k in 1..a => let (x, y) = (a - k, b + k / 2) in (x, y)\n"
                             " move k in 1..b => let [x, (y, _)] = [a + k / 2, (b - k, 1 / 0)] in (x, y) }\n";
    const std::string plain = "game B { position (a, b)\n move k in 1..a => (a - k, b + k / 2)\n"
                              " move k in 1..b => (a + k / 2, b - k) }\n";
    // 1 / 0 is computed, though nothing reads it.
    auto r = run_program(lets + "print sg(A(0, 1))\n");
    CHECK(r.status == grundy::status_error);
    CHECK(error_line(r.err) == "test.game:3:60: error: division by zero");
    const std::string fine = "game A { position (a, b)\n"
                             " move k in 1..a => let (x, y) = (a - k, b + k / 2) in (x, y)\n"
                             " move k in 1..b => let [x, (y, _)] = [a + k / 2, (b - k, 1)] in (x, y) }\n";
    CHECK(on_int_path(fine, "A"));
    CHECK(output_of(fine + "print [sg(A(a, b)) for a in 0..12, b in 0..12]") ==
          output_of(plain + "print [sg(B(a, b)) for a in 0..12, b in 0..12]"));
    // A part that reads a name bound before it reads the outer one: a swap.
    CHECK(output_of("game S { position (a, b)\n move k in 1..a => let (a, b) = (b, a - k) in (b, a) }\n"
                    "print moves(S(3, 5))\n") == "[S(2, 5), S(1, 5), S(0, 5)]\n");
}

TEST_CASE("a helper over the position's tuple folds to the tuple it builds", "[rewrite]") {
    // Staircase nim through a helper given the whole tuple and a stair.
    const std::string helper =
        "game S { position (a, b, c, d)\n"
        " fn down(t, i, k) = if i == 0 then update(t, 0, t[0] - k) else update(update(t, i, t[i] - k), i - 1, t[i - 1] + k)\n"
        " move k in 1..a => down((a, b, c, d), 0, k)\n move k in 1..b => down((a, b, c, d), 1, k)\n"
        " move k in 1..c => down((a, b, c, d), 2, k)\n move k in 1..d => down((a, b, c, d), 3, k) }\n";
    const std::string plain = "game P { position (a, b, c, d)\n move k in 1..a => (a - k, b, c, d)\n"
                              " move k in 1..b => (a + k, b - k, c, d)\n move k in 1..c => (a, b + k, c - k, d)\n"
                              " move k in 1..d => (a, b, c + k, d - k) }\n";
    CHECK(on_int_path(helper, "S"));
    CHECK(output_of(helper + plain + "check sg(S(a, b, c, d)) == sg(P(a, b, c, d)) for a in 0..5, b in 0..5, c in 0..5, d in 0..5\n"
                                     "print [state(p) for p in moves(S(1, 1, 0, 1))]\n") ==
          "[(0, 1, 0, 1), (2, 0, 0, 1), (1, 1, 1, 0)]\n");
    // An index or update out of range still fails; a negative index counts
    // from the end.
    auto r = run_program("game G { position (a, b); move k in 1..a => ((a, b)[2] - k, b) }\nprint sg(G(1, 1))\n");
    CHECK(r.status == grundy::status_error);
    CHECK(error_line(r.err) == "test.game:1:52: error: index 2 is out of range for a tuple of length 2");
    CHECK(output_of("game G { position (a, b); move k in 1..b => update((a, b), -1, (a, b)[-1] - k) }\n"
                    "print [state(p) for p in moves(G(1, 2))]\n") == "[(1, 1), (1, 0)]\n");
    // update() computes the new item after the tuple: its error comes second.
    const std::string both = "game G { position n; move k in 1..n => update((n - k, 10 / (k - 1)), 0, 5 / (k - 1)) }\n"
                             "print sg(G(1))\n";
    auto e = run_program(both);
    CHECK(e.status == grundy::status_error);
    CHECK(error_line(e.err) == "test.game:1:58: error: division by zero");
    // An item left out still fails; so does arithmetic of literals that
    // overflows.
    auto left = run_program("game G { position n; move k in 1..n => (n - k, 10 / (k - 1))[0] }\nprint sg(G(1))\n");
    CHECK(error_line(left.err) == "test.game:1:51: error: division by zero");
    auto over = run_program("game G { position n; move k in 1..n where k + 9223372036854775807 * 2 > 0 => n - k }\n"
                            "print sg(G(1))\n");
    CHECK(error_line(over.err).find("test.game:1:67: error: integer overflow") == 0);
    // A user function named update is not the builtin.
    CHECK(output_of("fn update(t, i, v) = (v, i)\n"
                    "game G { position (a, b); move k in 1..a => update((a - k, b), 0, b) }\n"
                    "print [state(p) for p in moves(G(2, 7))]\n") == "[(7, 0)]\n");
}

TEST_CASE("the folds take a list written out item by item, and the builtin update only", "[rewrite]") {
    // A range inside a list display is several items.
    CHECK(output_of("game G { position n\n move k in 1..n where [1..3][0] == 1 => n - k }\n"
                    "game H { position (a, b)\n move where a > 0 => (a - 1, [b, 0..1][1]) }\n"
                    "print sg(G(3)), moves(H(3, 4))\n") == "3 [H(2, 0)]\n");
    auto r = run_program("game G { position n\n move where n > 0 => let (x, y) = [0..1, n - 1] in y }\nprint sg(G(2))\n");
    CHECK(error_line(r.err) ==
          "test.game:2:26: error: cannot unpack [0, 1, 1] into the pattern (x, y): the list has 3 elements, the pattern 2");
    // `update` named by a top-level let or game is not the builtin.
    auto let = run_program("let update = 5\ngame G { position (a, b)\n move where a > 0 => update((a - 1, b), 0, 7) }\n"
                           "print moves(G(3, 4))\n");
    CHECK(error_line(let.err).find("test.game:3:22: error: cannot call an int: 5") == 0);
    CHECK(output_of("game update { position (x, y, z) }\ngame H { position (a, b)\n"
                    " move where a > 0 => update((a - 1, b), 0, 7) }\nprint moves(H(3, 4))\n") ==
          "[update((2, 4), 0, 7)]\n");
}

TEST_CASE("errors at a step's name point at its use; a hoisted condition fails as the where", "[rewrite]") {
    auto r = run_program("game G { position n; move (d, e) in [(1, 0), (2, 1)] where d => n - d }\nprint sg(G(3))\n");
    CHECK(error_line(r.err) == "test.game:1:60: error: a 'where' condition must be a bool, not an int: 1");
    auto w = run_program("game G { position n; move k in 1..n where 1 => n - k }\nprint sg(G(3))\n");
    CHECK(error_line(w.err) == "test.game:1:43: error: a 'where' condition must be a bool, not an int: 1");
}

namespace {

// `program` with each `ONE` and `TWO` a literal 1 and 2, and with them
// the names I and J of a top-level 1 and 2, which no rewrite reads as
// literals: the rules as written.
void same_as_written(const std::string& program, const std::string& queries) {
    auto fill = [&](bool literal) {
        std::string text = "let I = 1\nlet J = 2\n" + program;
        for (std::size_t at; (at = text.find("ONE")) != std::string::npos;) text.replace(at, 3, literal ? "1" : "I");
        for (std::size_t at; (at = text.find("TWO")) != std::string::npos;) text.replace(at, 3, literal ? "2" : "J");
        return text + "\n" + queries + "\n";
    };
    auto a = run_program(fill(true)), b = run_program(fill(false));
    INFO(fill(true));
    CHECK(a.out == b.out);
    CHECK(error_line(a.err) == error_line(b.err));
    CHECK(a.status == b.status);
    CHECK(!(a.out.empty() && a.err.empty()));
}

}  // namespace

TEST_CASE("a move over small ranges is one move per choice of values", "[rewrite]") {
    const std::string king =
        "game K { position (x, y, z)\n"
        " move dx in 0..min(ONE, x), dy in 0..min(ONE, y), dz in 0..min(z, ONE) where dx + dy + dz > 0 =>\n"
        "  (x - dx, y - dy, z - dz) }\n";
    same_as_written(king, "print moves(K(1, 2, 0)), moves(K(0, 0, 0)), moves(K(-1, 3, 1))\n"
                          "print sum([sg(K(x, y, z)) for x in 0..7, y in 0..7, z in 0..7])");
    // The king's moves as translations on a grid, as when written out.
    std::string unrolled = king;
    for (std::size_t at; (at = unrolled.find("ONE")) != std::string::npos;) unrolled.replace(at, 3, "1");
    CHECK(grundy::testing::compiled_game(unrolled, "K", [](const grundy::CompiledGame& g) { return g.fast && g.fast->grid; }));
    // Negative values, an end that reads an earlier name, `_`, a name
    // bound again, a guard that never holds, and a literal end alone.
    same_as_written("game D { position (x, y)\n"
                    " move dx in -1..ONE, dy in -ONE..min(ONE, x + dx) where dx + dy < 0 and x + dx >= 0 and y + dy >= 0 =>\n"
                    "  (x + dx, y + dy) }\n"
                    "game U { position n; move _ in 0..ONE, d in 1..min(TWO, n) => n - d }\n"
                    "game S { position n; move d in 0..ONE, d in 1..min(TWO, n - d) => n - d }\n"
                    "game E { position n; move a in 0..min(ONE, n - 9), b in 0..ONE where a + b > 0 and n >= a + b => n - a - b }",
                    "print moves(D(2, 1)), [sg(D(x, y)) for x in 0..6, y in 0..6]\n"
                    "print moves(U(3)), moves(S(3)), [sg(U(n)) for n in 0..9], [sg(S(n)) for n in 0..9], moves(E(20))\n"
                    "print [sg(E(n)) for n in 0..30]");
    // Errors in an end come where and when the loops meet them.
    same_as_written("game F { position n\n move a in 0..min(ONE, 10 / (n - 3)), b in 0..ONE where a + b > 0 and n > 0 => n - 1 }",
                    "print [sg(F(n)) for n in 0..2]\nprint sg(F(5))");
    same_as_written("game F { position n\n move a in 0..min(ONE, n), b in 0..min(ONE, 10 / (a - 1)) where n > a => n - a - 1 }",
                    "print sg(F(0))\nprint sg(F(4))");
    same_as_written("game F { position n; move a in 0..ONE, b in 0..ONE where a + b > 0 and 10 / (n - a) > 0 => n - 1 }",
                    "print sg(F(5))\nprint sg(F(1))");
}

TEST_CASE("conditions of literals fold as the rules would run them", "[rewrite]") {
    const std::string games =
        "let T = true\nlet F = false\n"
        "game A { position n\n move where TRUE and n > 0 => n - 1\n move where n > 1 and TRUE => n - 2\n"
        " move where FALSE and 1 / 0 > 0 => n - 3\n move where FALSE or n > 4 => n - 4\n move where n == 5 or FALSE => 0\n"
        " move where TRUE or 1 / 0 > 0 => n + 0 - n\n move where 1 > 2 => n - 1 }\n"
        "game B { position n; move where TRUE or 1 / 0 > 0 => n - 1; move where FALSE => n - 2 }\n";
    auto fill = [&](bool literal) {
        std::string text = games + "print moves(A(5)), [sg(A(n)) for n in 0..12], moves(B(5))\n";
        for (auto [from, to] : {std::pair{"TRUE", literal ? "true" : "T"}, std::pair{"FALSE", literal ? "false" : "F"}})
            for (std::size_t at; (at = text.find(from)) != std::string::npos;) text.replace(at, std::strlen(from), to);
        return text;
    };
    CHECK(on_int_path(fill(true), "A"));
    CHECK(output_of(fill(true)) == output_of(fill(false)));
    CHECK(output_of(fill(true)).find("error") == std::string::npos);
    // A side that is not surely a bool keeps its own error.
    auto a = run_program("game G { position n; move where true and n => n - 1 }\nprint sg(G(2))\n");
    auto b = run_program("let T = true\ngame G { position n; move where T and n => n - 1 }\nprint sg(G(2))\n");
    CHECK(a.status == grundy::status_error);
    CHECK(error_line(a.err).substr(error_line(a.err).find("error")) == error_line(b.err).substr(error_line(b.err).find("error")));
}

TEST_CASE("a condition that the move's variable lies in a range bounds the range", "[rewrite]") {
    // `T and ...` (T a top-level true) keeps the conjunct a test per value:
    // the rules as written.
    auto both = [](const std::string& rules, const std::string& queries) {
        auto fill = [&](const std::string& lead) {
            std::string text = "let T = true\n" + rules;
            for (std::size_t at; (at = text.find("LEAD")) != std::string::npos;) text.replace(at, 4, lead);
            return text + "\n" + queries + "\n";
        };
        auto a = run_program(fill("")), b = run_program(fill("T and "));
        INFO(fill(""));
        CHECK(a.out == b.out);
        // The same error in the same expression (the lead moves its column).
        auto message = [](const std::string& err) {
            const std::string line = error_line(err);
            const auto at = line.find(": error");
            return at == std::string::npos ? line : line.substr(0, line.find(':', 10)) + line.substr(at);
        };
        CHECK(message(a.err) == message(b.err));
        CHECK(a.status == b.status);
        CHECK(!(a.out.empty() && a.err.empty()));
    };
    const std::string games =
        "game A { position (a, b); move k in 1..a where LEAD k in 1..3 => (a - k, b) }\n"
        "game B { position (a, b)\n move k in 1..b where LEAD k in a - 2..b / 2 and (a + b) % 2 == 1 => (a, b - k)\n"
        " move where a > 0 => (a - 1, b) }\n"
        "game C { position (a, b); move k in 0..a where LEAD k in 5..2 => (0, 0); move where b > 0 => (a, b - 1) }\n"
        "game D { position n; move k in -3..n where LEAD k in -2..-1 => n + k }\n"
        "game E { position n; move k in 1..n where LEAD k not in 2..n / 2 => n - k }\n";
    both(games, "print moves(A(4, 9)), moves(B(3, 9)), [sg(A(a, b)) for a in 0..9, b in 0..2]\n"
                "print [sg(B(a, b)) for a in 0..20, b in 0..20], [sg(C(a, b)) for a in 0..6, b in 0..3]\n"
                "print [sg(D(n)) for n in 0..20], [sg(E(n)) for n in 0..30]");
    std::string plain = games;
    for (std::size_t at; (at = plain.find("LEAD")) != std::string::npos;) plain.erase(at, 4);
    for (const char* g : {"A", "B", "C", "D", "E"}) {
        INFO(g);
        CHECK(on_int_path(plain, g));
    }
    // An end that fails, reached only where the move's range is not empty.
    both("game G { position n; move k in 1..n where LEAD k in 1..10 / (n - 2) => n - k }",
         "print [sg(G(n)) for n in 0..1]\nprint sg(G(3))\nprint sg(G(2))");
}

TEST_CASE("tuples written out compare item by item on the int path", "[rewrite]") {
    // Against the same comparison with one side a top-level value, which
    // the int path does not take: the rules as written.
    auto both = [](const std::string& rules, const std::string& queries) {
        auto fill = [&](bool written) {
            std::string text = "let Z = (0, 0)\nlet L = [1, 2]\nlet W = (1, 0)\n" + rules;
            for (auto [from, to] : {std::pair{"ZERO", "(0, 0)"}, std::pair{"LIST", "[1, 2]"}, std::pair{"ONE", "(1, 0)"}}) {
                const std::string name = std::string(from) == "ZERO" ? "Z" : std::string(from) == "LIST" ? "L" : "W";
                for (std::size_t at; (at = text.find(from)) != std::string::npos;)
                    text.replace(at, std::strlen(from), written ? to : name);
            }
            return text + "\n" + queries + "\n";
        };
        auto a = run_program(fill(true)), b = run_program(fill(false));
        INFO(fill(true));
        CHECK(a.out == b.out);
        auto message = [](const std::string& err) {  // the text differs where a side is written out
            const std::string line = error_line(err);
            return line.find("error") == std::string::npos ? line : line.substr(line.find("error"));
        };
        CHECK(message(a.err) == message(b.err));
        CHECK(a.status == b.status);
        CHECK(!(a.out.empty() && a.err.empty()));
    };
    const std::string games =
        "game G { position (a, b); move k in 1..a where (a - k, b) != ZERO => (a - k, b)\n"
        " move k in 1..b where [a, b - k] != LIST and (b - k, a) == ONE or a > 3 => (a, b - k) }\n";
    both(games, "print [sg(G(a, b)) for a in 0..12, b in 0..12], moves(G(2, 3))");
    CHECK(on_int_path(std::string("game G { position (a, b); move k in 1..a where (a - k, b) != (0, 0) => (a - k, b)\n"
                                  " move k in 1..b where [a, b - k] != [1, 2] and (b - k, a) == (1, 0) or a > 3 => (a, b - k) }\n"),
                      "G"));
    // Items computed left to right, the left side first: the first error is
    // theirs (against the game kept off the int path; its copy has more
    // lines, so the line number is left out).
    auto column_and_message = [](const std::string& err) {
        const std::string line = error_line(err);
        const auto first = line.find(':'), second = line.find(':', first + 1);
        return first == std::string::npos || second == std::string::npos ? line : line.substr(second);
    };
    for (const char* program :
         {"game E {\n position (a, b); move where (a - 1, 10 / (b - 3)) == (1 / (a - 5), 0) => (a - 1, b) }\n"
          "print sg(E(5, 3))\n",
          "game E {\n position (a, b); move where (a - 1, b) == (1 / (a - 5), 0) and a > 0 => (a - 1, b) }\n"
          "print [sg(E(a, 0)) for a in 0..4]\nprint sg(E(5, 3))\n"}) {
        INFO(program);
        CHECK(on_int_path(program, "E"));
        auto a = run_program(program), b = run_program(grundy::testing::generic_copy(program, "E"));
        CHECK(a.out == b.out);
        CHECK(a.status == grundy::status_error);
        CHECK(column_and_message(a.err) == column_and_message(b.err));
    }
}

TEST_CASE("a sort of items written out is a network of min and max", "[rewrite]") {
    // Against the game kept off the int path, and against the sort of a
    // list that is not written out (`let xs = [...] in sorted(xs)`), which
    // no rewrite takes: the rules as written.
    const std::string program =
        "game A { position (a, b, c)\n"
        " move k in 1..max(a, b, c) => let [x, y, z] = sorted([a, b, c]) in (x, y, z - k)\n"
        " move where min(a, b, c) > 0 => let (x, y, z) = sorted([a, b, c]) in (x - 1, y, z) }\n"
        "game B { position (a, b, c)\n"
        " move k in 1..c => tuple(sorted([a, b, c - k]))\n"
        " move k in 1..b => list((a, b - k, c))\n"
        " move where a > 1 => tuple(sorted([c, a - 2, b])) }\n"
        "game C { position (a, b)\n"
        " move k in 1..b => let [x, y] = sorted([a + 1, b - k]) in (x - 1, y) }\n"
        "game D { position (a, b, c, d)\n"
        " move k in 1..d => tuple(sorted([b, d - k, a, c]))\n"
        " move where a > 0 and b > 0 => tuple(sorted([a - 1, b - 1, c, d])) }\n";
    const std::string queries =
        "print [sg(A(a, b, c)) for a in 0..5, b in 0..5, c in 0..5]\n"
        "print [sg(B(a, b, c)) for a in 0..5, b in 0..5, c in 0..5], moves(B(3, 1, 2))\n"
        "print [sg(C(a, b)) for a in 0..9, b in 0..9], moves(C(2, 5))\n"
        "print [sg(D(a, b, c, d)) for a in 0..3, b in 0..3, c in 0..3, d in 0..3], moves(D(1, 2, 0, 2))\n";
    for (const char* name : {"A", "B", "C", "D"}) {
        INFO(name);
        CHECK(on_int_path(program, name));
        CHECK(output_of(program + queries) == output_of(grundy::testing::generic_copy(program + queries, name)));
    }
    std::string written = program;
    for (std::size_t at; (at = written.find("sorted([")) != std::string::npos;) {
        const auto end = written.find("])", at);
        written.replace(at, end + 2 - at, "(let xs = [" + written.substr(at + 8, end - at - 8) + "] in sorted(xs))");
    }
    CHECK(output_of(written + queries) == output_of(program + queries));

    // A sort unpacked and packed again in the same order is the sort: a
    // canonical form that sorts the position.
    const std::string repack =
        "game R { position (a, b, c); canonical => let [x, y, z] = sorted([c, a, b]) in (x, y, z)\n"
        " move k in 1..c => (a, b, c - k)\n move k in 1..min(a, b) => (a - k, b - k, c) }\n"
        "game Q { position (a, b, c); canonical => let (x, y, z) = sorted([c, a, b]) in (x, z, y)\n"
        " move k in 1..c => (a, b, c - k)\n move k in 1..min(a, b) => (a - k, b - k, c) }\n";
    const std::string repack_queries = "print [sg(R(a, b, c)) for a in 0..6, b in 0..6, c in 0..6], moves(R(4, 1, 2))\n"
                                       "print [sg(Q(a, b, c)) for a in 0..6, b in 0..6, c in 0..6], moves(Q(4, 1, 2))\n";
    auto sorts = [&](const char* name) {
        return grundy::testing::compiled_game(repack, name, [](const grundy::CompiledGame& g) { return g.fast && g.fast->sorted_all; });
    };
    CHECK(sorts("R"));
    CHECK(!sorts("Q"));  // packed in another order: not a sort
    for (const char* name : {"R", "Q"})
        CHECK(output_of(repack + repack_queries) == output_of(grundy::testing::generic_copy(repack + repack_queries, name)));

    // Values of every kind sort as sorted() sorts them; min and max that
    // are not the builtins leave the sort alone.
    const std::string mixed =
        "game M { position n\n"
        " move where n > 0 => let [x, y, z] = sorted([{n}, n - 1, (n, 0)]) in x }\n"
        "print moves(M(3)), sg(M(4))\n";
    const std::string mixed_written =
        "game M { position n\n"
        " move where n > 0 => let [x, y, z] = (let xs = [{n}, n - 1, (n, 0)] in sorted(xs)) in x }\n"
        "print moves(M(3)), sg(M(4))\n";
    CHECK(output_of(mixed) == "[M(2)] 0\n");
    CHECK(output_of(mixed) == output_of(mixed_written));
    CHECK(output_of("fn max(a, b) = a + b\n" + mixed) == output_of("fn max(a, b) = a + b\n" + mixed_written));
    CHECK(output_of("fn max(a, b) = a + b\n" + std::string("game G { position (a, b); move k in 1..b => "
                                                        "tuple(sorted([a, b - k])) }\nprint moves(G(5, 3))\n")) ==
          "[G(2, 5), G(1, 5), G(0, 5)]\n");

    // The items run in order, before any comparison: the first error is
    // the first item's, as the call raises it.
    const std::string failing =
        "game E {\n position (a, b); move where a > 0 => tuple(sorted([10 / (a - 2), 10 / (b - 2)])) }\n"
        "print [sg(E(a, 3)) for a in 0..1]\nprint sg(E(2, 2))\n";
    CHECK(on_int_path(failing, "E"));
    auto a = run_program(failing), b = run_program(grundy::testing::generic_copy(failing, "E"));
    CHECK(a.out == b.out);
    CHECK(a.status == grundy::status_error);
    CHECK(error_line(a.err).find(":2:56: error: division by zero") != std::string::npos);
    CHECK(error_line(b.err).find(":56: error: division by zero") != std::string::npos);
    // A result that does not fit is reported at the call that made it.
    const std::string misfit =
        "game F {\n position (a, b); move where a > 0 => tuple(sorted([a - 1, b, 3])) }\nprint sg(F(1, 0))\n";
    CHECK(error_line(run_program(misfit).err) ==
          "test.game:2:39: error: the result (0, 0, 3) does not fit the position pattern (a, b) of `F`");
}

TEST_CASE("a move of a literal step is a translation, as over a list of one step", "[rewrite]") {
    const std::string program =
        "game A { position n; move where n >= 2 => n - 2; move five: where 5 <= n => n - 5\n"
        " move where n > 6 and n % 7 == 0 => n - 7 }\n"
        "game B { position n; move where n < 20 => 3 + n; move where n >= 1 => n - 1 }\n";
    const std::string queries =
        "print [sg(A(n)) for n in 0..60], moves(A(14)), winning_moves(A(9)), sum([sg(A(n)) for n in 0..3000])\n"
        "print [sg(B(n)) for n in 0..30], moves(B(3))\n";
    auto translations = [&](const char* name) {
        std::string out;
        grundy::testing::compiled_game(program, name, [&](const grundy::CompiledGame& g) {
            for (auto& m : g.fast->moves) out += m.translation ? 'T' : '-';
            return true;
        });
        return out;
    };
    CHECK(translations("A") == "TT-");  // `n % 7` is not a bound: the third stays a plain move
    CHECK(translations("B") == "-T");  // `n < 20` bounds no step: a condition left to each state
    for (const char* name : {"A", "B"})
        CHECK(output_of(program + queries) == output_of(grundy::testing::generic_copy(program + queries, name)));
    CHECK(output_of(program + queries).substr(0, 40) == "[0, 0, 1, 1, 0, 2, 1, 3, 0, 1, 1, 0, 0, ");
    // A condition that fails still fails at its place.
    const std::string failing =
        "game C {\n position n; move where n >= 2 => n - 2; move where n / (n - 3) >= 1 => n - 1 }\n"
        "print [sg(C(n)) for n in 0..2]\nprint sg(C(5))\n";
    auto a = run_program(failing);
    CHECK(a.out == "[0, 0, 1]\n");
    CHECK(error_line(a.err) == "test.game:2:55: error: division by zero");
}
