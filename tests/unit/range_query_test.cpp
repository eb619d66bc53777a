// A query over a range, `[sg(G(n)) for n in a..b]` and its folds, runs as
// one call (compiler/range_query.cpp, Instance::grundy_range). Each case
// compares it with the same comprehension written so that it does not
// fuse (`where true`): values, errors and notes must be the same.
#include <catch2/catch.hpp>

#include "run_program.hpp"

using grundy::testing::run_program;
using grundy::testing::output_of;

namespace {

// `queries` ends each comprehension to compare with `)END`: fused as
// written, and with ` where true` (which does not fuse) instead of `)END`.
void same_both_ways(const std::string& games, const std::string& queries, std::uint64_t max_states = 0) {
    auto expand = [&](const std::string& tail) {
        std::string text = queries;
        for (std::size_t at; (at = text.find(")END")) != std::string::npos;) text.replace(at, 4, tail);
        // A first line that only a program that compiles prints.
        return "print \"compiled\"\n" + games + "\n" + text + "\n";
    };
    auto fused = run_program(expand(""), "", max_states);
    auto plain = run_program(expand(" where true"), "", max_states);
    INFO(expand(""));
    CHECK(plain.out.rfind("compiled\n", 0) == 0);
    CHECK(fused.out == plain.out);
    std::string plain_err = plain.err;  // its source lines show the ` where true`
    for (std::size_t at; (at = plain_err.find(" where true")) != std::string::npos;) plain_err.erase(at, 11);
    CHECK(fused.err == plain_err);
    CHECK(fused.status == plain.status);
}

const std::string subtract =
    "game Subtract(S) { position n; move k in S where k <= n => n - k }\n"
    "game Nim { position n; move k in 1..n => n - k }\n"
    "game Shifted(S) { position n; terminal when n < 2 => lose; move k in S where k < n and k >= 2 => n + 1 - k }\n"
    "game Twice(S) { position n; move k in S where 2 * k <= n => n - 2 * k }\n"
    "game Up(S) { position n; terminal when n >= 40 => lose; move k in S => n + k }\n"
    "let g = Subtract({1, 3, 4})";

}  // namespace

TEST_CASE("a range query gives what the loop gives", "[range_query]") {
    same_both_ways(subtract,
                   "print sum([sg(g(n)) for n in 0..5000)END]), len([sg(g(n)) for n in 0..77)END])\n"
                   "print max([sg(Nim(n)) for n in 0..600)END]), min([sg(Nim(n)) for n in 3..600)END])\n"
                   "print [sg(Subtract({2, 5})(n)) for n in 0..40)END]\n"
                   "print {sg(Shifted({1, 2, 5})(n)) for n in 0..60)END}, [sg(Twice([3, 1])(n)) for n in 0..30)END]\n"
                   "print [sg(Up({1, 3})(n)) for n in 0..45)END]");
}

TEST_CASE("a range query that starts high or runs past the pages solves what lies below", "[range_query]") {
    same_both_ways(subtract,
                   "print sum([sg(g(n)) for n in 100000..100700)END])\n"
                   "let h = Subtract({1, 600})\nprint sum([sg(h(n)) for n in 1000..3000)END])\n"
                   "print sum([sg(Nim(n)) for n in 300..700)END])");
}

TEST_CASE("a range query over what does not fuse runs as written", "[range_query]") {
    // Negative heaps (interned, not their own ids), an empty range, a game
    // with `start`, a tuple position, a callee that is not a game.
    same_both_ways(subtract + "\ngame Start { position n; start x => 2 * x; move k in 1..n => n - k }\n"
                              "game Pair { position (a, b); move k in 1..a => (a - k, b) }\n",
                   "game Down { position n; terminal when n < -5 => lose; move k in 1..2 => n - k }\n"
                   "print [sg(Down(n)) for n in -3..4)END], sum([sg(g(n)) for n in 5..1)END])\n"
                   "print [sg(Start(n)) for n in 0..6)END]\n"
                   "let p = Pair\nprint len([sg(p(n)) for n in 0..3)END])");
    same_both_ways("let g = 5", "print sum([sg(g(n)) for n in 0..3)END])");
    same_both_ways(subtract, "print min([sg(g(n)) for n in 4..3)END])");
    same_both_ways(subtract, "print any([sg(g(n)) for n in 0..3)END])");
}

TEST_CASE("errors in a range query's rules read as in the loop", "[range_query]") {
    // A rule error at n = 7, reached from the range's top and from below.
    same_both_ways("game E { position n; move k in 1..2 where k <= n => n - k; move where n == 7 => n / (n - 7) }",
                   "print sum([sg(E(n)) for n in 0..20)END])");
    same_both_ways("game E { position n; move k in {1, 2} where k <= 10 / (n - 7) => n - k }",
                   "print sum([sg(E(n)) for n in 0..20)END])");
    // A cycle, and results past what an int state can be. (C climbs from
    // n = 0 until the state limit, which is kept small: at the default of
    // 10^8 it took 7 GB and most of the unit tests' time.)
    same_both_ways("game C { position n; move k in {1, -1} where k <= n => n - k }",
                   "print sum([sg(C(n)) for n in 0..3)END])", 100000);
    same_both_ways("game O { position n; move k in {-9223372036854775807} => n - k }",
                   "print sum([sg(O(n)) for n in 0..3)END])");
}

TEST_CASE("translations are checked per instance", "[range_query]") {
    // 2 * n - k is not n + offset(k); n * k is not a sum of multiples.
    same_both_ways("game A(S) { position n; terminal when n > 50 => lose; move k in S where k <= n => 2 * n - k }\n"
                   "game B(S) { position n; move k in S where k <= n and n * k > 0 => n - n * k + n - 1 }",
                   "print [sg(A({1, 2})(n)) for n in 0..60)END], [sg(B({1, 2})(n)) for n in 0..60)END]");
    // Bounds as lines: two of them, a slope, and one that overflows past n = 1.
    same_both_ways("game L(S) { position n; move k in S where k >= 2 and k <= 3 * n - 5 => n - k }\n"
                   "game H(S) { position n; move k in S where k <= n * 4611686018427387904 => n - k }",
                   "print [sg(L([1, 2, 3, 7])(n)) for n in 0..80)END]\n"
                   "print [sg(H({1})(n)) for n in 0..1)END]\nprint [sg(H({1})(n)) for n in 0..5)END]");
}

TEST_CASE("review findings on range queries stay fixed", "[range_query]") {
    // Option values past 255 grow the marks while a loop holds them.
    same_both_ways("game T(A, B, C) { position n\n"
                   " move k in A where k <= n and k >= n - 255 => n - k\n"
                   " move k in B where k <= n and k >= 2 * n - 766 => n - k\n"
                   " move k in C where k <= n + 42 and k >= 556 - n => n + k - 556 }\n"
                   "let t = T([1..255], [256..511], [255, 555])",
                   "print [sg(t(n)) for n in 554..560)END]");
    CHECK(grundy::testing::output_of(
              "game T(A, B, C) { position n\n move k in A where k <= n and k >= n - 255 => n - k\n"
              " move k in B where k <= n and k >= 2 * n - 766 => n - k\n"
              " move k in C where k <= n + 42 and k >= 556 - n => n + k - 556 }\n"
              "let t = T([1..255], [256..511], [255, 555])\nprint [sg(t(n)) for n in 554..560 where true]") ==
          "[0, 1, 0, 1, 0, 1, 0]\n");
    // Options at 2^31 and past 2^32 are interned states, not ids.
    same_both_ways("game Up { position n; move k in {1} where k <= 2147483648 - n => n + k }\n"
                   "game G { position n; move k in {4294967295} where k <= 8589934592 - n => n + k }",
                   "print [sg(Up(n)) for n in 2147483646..2147483647)END], [sg(G(n)) for n in 3..4)END]");
    // A page of values past a byte: the states on it are read, not solved again.
    same_both_ways("game Subtract(S) { position n; move k in S where k <= n => n - k }\n"
                   "let g = Subtract({1..300})",
                   "print sum([sg(g(n)) for n in 0..1000)END])\nprint sum([sg(g(n)) for n in 0..1000)END])", 1500);
    // any() rejects an int before a later state's error is reached.
    same_both_ways("game G { position n; move k in 1..n where 10 / (3 - n) > -100 => n - k }",
                   "print any([sg(G(n)) for n in 0..5)END])");
}

TEST_CASE("a range's own loop counts its states as the solver does", "[range_query]") {
    // The limit met inside a batch, at its ends and at a page's.
    for (std::uint64_t limit : {1, 255, 256, 257, 511, 512, 513, 1999, 2001})
        same_both_ways(subtract, "print sum([sg(g(n)) for n in 0..2000)END])\nprint sum([sg(Nim(n)) for n in 0..9)END])",
                       limit);
    // Values past 63 (beside the bits of the small ones) and past a byte.
    same_both_ways("game Subtract(S) { position n; move k in S where k <= n => n - k }",
                   "print sum([sg(Subtract({1..100})(n)) for n in 0..3000)END])\n"
                   "print sum([sg(Subtract({1..64})(n)) for n in 0..300)END])\n"
                   "print sum([sg(Subtract({1..260})(n)) for n in 0..600)END])", 5000);
}

TEST_CASE("runs of a page's states stop where the hand-written loop could not go on", "[range_query]") {
    // States already known in the middle of a page, several families, a
    // bound that stops taking every k, and a terminal rule (no runs).
    same_both_ways(subtract +
                       "\ngame Two { position n; move k in {1, 3} where k <= n => n - k; move k in {7, 2} where k <= n => n - k }\n"
                       "game Window { position n; move k in {1, 3, 4} where k <= n and k >= n - 600 => n - k }\n"
                       "game End { position n; terminal when n == 700 => lose; move k in {1, 3, 4} where k <= n => n - k }",
                   "print sum([sg(g(n)) for n in 300..320)END]), sum([sg(g(n)) for n in 1000..1100)END])\n"
                   "print sum([sg(g(n)) for n in 0..3000)END])\n"
                   "print sum([sg(Two(n)) for n in 0..3000)END]), sum([sg(Window(n)) for n in 0..1500)END])\n"
                   "print [sg(End(n)) for n in 690..710)END]");
    // Known states between unknown ones (sg(e(1001)) solves the odd heaps
    // below it) are not solved, nor counted, again: 3001 states in all.
    for (std::uint64_t limit : {3000, 3001})
        same_both_ways(subtract + "\nlet e = Subtract({2, 4, 6})",
                       "print sg(e(1001)), sg(e(2001))\nprint sum([sg(e(n)) for n in 0..3000)END])", limit);
}

namespace {

const std::string boards =
    "game Kiki { position (r, c); start (n, m) => (n - 1, m - 1)\n"
    " move where c > 0 => (r, c - 1); move where r > 0 => (r - 1, c); move where r > 0 and c > 0 => (r - 1, c - 1) }\n"
    "game Heaps3 { position (a, b, c); canonical => tuple(sorted([a, b, c]))\n"
    " move k in 1..a => (a - k, b, c); move k in 1..b => (a, b - k, c); move k in 1..c => (a, b, c - k)\n"
    " move k in 1..min(a, b) => (a - k, b - k, c) }\n"
    "game Rows(S) { position (r, c); move k in S where k <= c => (r, c - k); move where r > 0 => (r - 1, c) }\n"
    "game Named { position (x, y); move where x > 0 => (x - 1, y + 1); move where y > 1 => (x, y - 2) }";

}  // namespace

TEST_CASE("a query over several ranges gives what the loop gives", "[range_query]") {
    same_both_ways(boards,
                   "print sum([sg(Kiki(n, m)) for n in 1..30, m in 1..40)END])\n"
                   "print [sg(Kiki(n, m)) for n in 1..4, m in n..5)END]\n"
                   "print sum([sg(Heaps3(a, b, c)) for a in 0..7, b in a..7, c in b..7)END])\n"
                   "print [sg(Heaps3(c, a, b)) for a in 0..3, b in 0..3, c in 2..3)END]\n"
                   "print [outcome(Kiki(m, n)) for n in 1..3, m in 1..3)END], {outcome(Heaps3(a, a, b)) for a in 0..3, b in 0..3)END}\n"
                   "let r = Rows({1, 3})\nprint max([sg(r(x, y)) for x in 0..5, y in 0..20)END]), len([sg(r(x, y)) for x in 3..1, y in 0..2)END])\n"
                   "print sum([sg(Rows([2, 5])(x, y)) for x in 0..4, y in 0..30)END])\n"
                   "print [sg(Named(x, y)) for x in 0..3, y in 0..4)END], [sg(Kiki(n, n)) for n in 1..3, n in 2..4)END]\n"
                   "print [outcome(Named(x, x)) for x in 0..6)END], min([sg(Named(y, x)) for x in 2..4, y in x..6)END])");
}

TEST_CASE("outcomes of a tuple game over several ranges give what the loop gives", "[range_query]") {
    // A pass per state with the state's ints at hand, where its options are
    // known (ascending), and the search where they are not (descending);
    // a terminal rule, and an error where the pass meets it.
    const std::string games =
        "game Chomp3 { position (a, b, c)\n terminal when a == 3 and b == 2 and c == 0 => lose\n"
        " move j in 1..a - 1 => (j, min(b, j), min(c, j))\n move j in 0..b - 1 => (a, j, min(c, j))\n"
        " move j in 0..c - 1 => (a, b, j) }\n"
        "game E { position (a, b)\n move j in 0..b - 1 => (a, j)\n move j in 0..a - 1 => (j, 10 / (b - 3)) }\n";
    same_both_ways(games,
                   "print [outcome(Chomp3(a, b, c)) for a in 1..14, b in 0..a, c in 0..b)END]\n"
                   "print [outcome(Chomp3(12, b, c)) for b in 0..12, c in 0..b)END]\n"
                   "print [outcome(E(a, b)) for a in 0..2, b in 0..5)END]\n"
                   "print [outcome(E(a, b)) for a in 0..5, b in 0..5)END]\n");
    const std::string filter = games + "print [(a, b, c) for a in 1..14, b in 0..a, c in 0..b where outcome(Chomp3(a, b, c)) == \"P\"]\n";
    CHECK(output_of(filter) == output_of(grundy::testing::generic_copy(filter, "Chomp3")));
    CHECK(output_of(filter).size() > 100);
}

TEST_CASE("errors and limits in a query over several ranges read as in the loop", "[range_query]") {
    // In `start`, in the rules, in a bound of an inner range, and calling
    // what is not a ruleset.
    same_both_ways("game S { position (a, b); start (n, m) => (n, 12 / (m - 3)); move where a > 0 => (a - 1, b) }\n"
                   "game E { position (a, b); move where a > 0 => (a - 1, b); move where b == 4 => (a, 10 / (a - 2)) }",
                   "print sum([sg(S(n, m)) for n in 0..3, m in 0..5)END])");
    same_both_ways("game E { position (a, b); move where a > 0 => (a - 1, b); move where b == 4 => (a, 10 / (a - 2)) }",
                   "print sum([sg(E(n, m)) for n in 0..3, m in 0..5)END])");
    same_both_ways(boards, "print sum([sg(Kiki(n, m)) for n in 1..4, m in 1..(8 / (3 - n)))END])");
    same_both_ways(boards + "\nlet p = 7", "print sum([sg(p(n, m)) for n in 1..4, m in 1..3)END])");
    // A cycle, and the state limit met at each of several points.
    same_both_ways("game C { position (a, b); move where a > 0 => (a - 1, b); move where b > 0 and a == 2 => (a + 1, b - 1); "
                   "move where a == 3 => (a - 1, b + 1) }",
                   "print sum([sg(C(a, b)) for a in 0..3, b in 0..3)END])");
    for (std::uint64_t limit : {1, 2, 40, 255, 256, 257, 700})
        same_both_ways(boards, "print sum([sg(Kiki(n, m)) for n in 1..20, m in 1..20)END])\n"
                               "print sum([sg(Heaps3(a, b, c)) for a in 0..6, b in a..6, c in b..6)END])",
                       limit);
}

TEST_CASE("a box walked against the order of its ids gives what the loop gives", "[range_query]") {
    // The innermost generator moves the high coordinate, 256 ids a step:
    // the box is solved row by row along the generator before it first.
    // Up: a move to a higher id, whose option the row has not reached.
    const std::string games =
        "game Kiki { position (c, r); start (n, m) => (m - 1, n - 1)\n"
        " move where c > 0 => (c - 1, r); move where r > 0 => (c, r - 1); move where r > 0 and c > 0 => (c - 1, r - 1) }\n"
        "game Up { position (c, r); move where c > 0 => (c - 1, r); move where r > 0 and c < 150 => (c + 1, r - 1) }\n"
        "game Far { position (c, r); move k in 1..3 where c >= 40 * k => (c - 40 * k, r); move where r > 1 => (c, r - 2) }\n"
        "let N = 150";
    same_both_ways(games,
                   "print sum([sg(Kiki(n, m)) for n in 1..N, m in 1..N)END]), sum([sg(Kiki(n, m)) for n in 1..N, m in 1..N)END])\n"
                   "print sum([sg(Up(m, n)) for n in 0..60, m in 0..N)END]), [sg(Up(m, n)) for n in 2..3, m in 140..N)END]\n"
                   "print sum([sg(Far(m, n)) for n in 0..N, m in 0..N)END])\n"
                   "print [sg(Kiki(n, m)) for k in 1..3, n in 1..k * 60, m in 1..N - k)END]");
    // Outcomes known first: states with a code and no value yet.
    same_both_ways(games, "print len([1 for n in 1..N, m in 1..N where outcome(Kiki(n, m)) == \"N\" and n + m > 200])\n"
                          "print sum([sg(Kiki(n, m)) for n in 1..N, m in 1..N)END])");
    for (std::uint64_t limit : {100, 22499, 22500, 22501, 30000})
        same_both_ways(games, "print sum([sg(Kiki(n, m)) for n in 1..N, m in 1..N)END])\n"
                              "print sum([sg(Kiki(n, m)) for n in 1..N + 50, m in 1..N)END])",
                       limit);
}

namespace {

// The same for a filter: `WHERE(c)` is `where c` fused, and `where c or
// false` (not a comparison, so not fused) as the loop as written.
void same_filtered(const std::string& games, const std::string& queries, std::uint64_t max_states = 0) {
    auto expand = [&](bool fused) {
        std::string text = queries;
        for (std::size_t at; (at = text.find("WHERE(")) != std::string::npos;) {
            std::size_t depth = 1, end = at + 6;
            for (; depth > 0; ++end) depth += text[end] == '(' ? 1 : text[end] == ')' ? -1 : 0;
            const std::string cond = text.substr(at + 6, end - at - 7);
            text.replace(at, end - at, "where " + cond + (fused ? "" : " or false"));
        }
        return "print \"compiled\"\n" + games + "\n" + text + "\n";
    };
    auto fused = run_program(expand(true), "", max_states);
    auto plain = run_program(expand(false), "", max_states);
    INFO(expand(true));
    CHECK(plain.out.rfind("compiled\n", 0) == 0);
    CHECK(fused.out == plain.out);
    CHECK(fused.status == plain.status);
    std::string plain_err = plain.err;  // its source lines show the ` or false`
    for (std::size_t at; (at = plain_err.find(" or false")) != std::string::npos;) plain_err.erase(at, 9);
    CHECK(fused.err == plain_err);
}

}  // namespace

TEST_CASE("a range query kept by a filter gives what the loop gives", "[range_query]") {
    const std::string games =
        subtract + "\n" + boards +
        "\ngame Squares { position n; move k in 1..isqrt(n) => n - k * k }\n"
        "game Loop { position n; move where n > 0 => n - 1; move where n % 3 == 1 => n + 1; move where n == 8 => n }";
    same_filtered(games,
                  "print len([n for n in 0..3000 WHERE(outcome(Squares(n)) == \"P\")])\n"
                  "print [n for n in 0..200 WHERE(\"P\" == outcome(Squares(n)))]\n"
                  "print sum([n * n for n in 0..500 WHERE(outcome(Squares(n)) != \"P\")])\n"
                  "print [n for n in 0..100 WHERE(sg(g(n)) == 2)], [n for n in 0..40 WHERE(0 != sg(Nim(n)))]\n"
                  "print [(a, b) for a in 0..12, b in a..12 WHERE(outcome(Kiki(a + 1, b + 1)) == \"P\")]\n"
                  "print {c - b for a in 0..5, b in a..5, c in b..5 WHERE(sg(Heaps3(a, b, c)) == 0)}\n"
                  "print [n for n in 0..12 WHERE(outcome(Loop(n)) == \"D\")], [n for n in 0..12 WHERE(sg(Loop(n)) != 1)]\n"
                  "print [n for n in 0..30 WHERE(outcome(Squares(n)) == 0)], [n for n in 0..9 WHERE(sg(Nim(n)) == \"P\")]");
    // The element runs only where the filter holds, and its error is the loop's.
    same_filtered(games, "print [10 / (n - 3) for n in 0..5 WHERE(outcome(Nim(n)) == \"N\")]");
    same_filtered(games, "print [10 / (n - 3) for n in 0..5 WHERE(outcome(Nim(n)) == \"P\")]");
    // Errors in the rules, calling what is not a ruleset, and the state limit.
    same_filtered("game E { position n; move k in 1..2 where k <= n => n - k; move where n == 7 => n / (n - 7) }",
                  "print len([n for n in 0..20 WHERE(outcome(E(n)) == \"P\")])");
    same_filtered("let g = 5", "print len([n for n in 0..3 WHERE(sg(g(n)) == 0)])");
    for (std::uint64_t limit : {1, 100, 2999})
        same_filtered(games, "print len([n for n in 0..3000 WHERE(outcome(Squares(n)) == \"P\")])", limit);
}

TEST_CASE("a filter through a helper function gives what the loop gives", "[range_query]") {
    const std::string games =
        subtract + "\n" + boards +
        "\ngame Squares { position n; move k in 1..isqrt(n) => n - k * k }\n"
        "game E { position n; move k in 1..2 where k <= n => n - k; move where n == 7 => n / (n - 7) }\n"
        "fn lost(n) = outcome(Squares(n)) == \"P\"\n"
        "fn zero(n) = 0 == sg(g(n))\n"
        "fn kiki(a, b) = outcome(Kiki(b, a)) != \"N\"\n"
        "fn either(h, n) = outcome(h(n)) == \"P\"\n"
        "fn e_lost(n) = sg(E(n)) == 0\n"
        "fn wide(n, m) = outcome(Squares(n)) == \"P\"\n";
    same_filtered(games,
                  "print len([n for n in 0..3000 WHERE(lost(n))]), [n for n in 0..60 WHERE(zero(n))]\n"
                  "print [(a, b) for a in 1..9, b in 1..9 WHERE(kiki(a, b))], [n for n in 0..40 WHERE(either(g, n))]\n"
                  "print [n for n in 0..40 WHERE(wide(n, n))], [n for n in 0..40 WHERE(lost(n + 0))]\n"
                  "print [(a, b) for a in 1..9, b in 1..6 WHERE(kiki(b, a))], [(k, n) for k in 0..2, n in 0..40 WHERE(lost(n))]");
    // An error in the rules is noted at the query in the helper's body.
    same_filtered(games, "print [n for n in 0..20 WHERE(e_lost(n))]");
    same_filtered(games, "print [n for n in 0..20 WHERE(wide(n, 10 / (n - 4)))]");
}

TEST_CASE("review findings on filters and outcome ranges stay fixed", "[range_query]") {
    // A state whose walk stops at an option never made (G(-1)) must not
    // take the blocker of the state before it.
    const std::string neg = "game G { position n\n move where n > 0 => n - 1\n move where n == 4 => -1\n"
                            " move where n == -1 => -2 }";
    same_both_ways(neg, "print [outcome(G(n)) for n in 0..6)END]\nprint outcome(G(4))");
    same_filtered(neg, "print [n for n in 0..6 WHERE(outcome(G(n)) == \"P\")]\nprint outcome(G(4))");
    // An element that queries another game (which makes its graph while
    // the range runs), one that uses up the state limit, and one that fails
    // before a later state's rules do.
    const std::string two = "game G { position n; move k in 1..2 where k <= n => n - k }\n"
                            "game H { position n; move k in {1, 3, 4} where k <= n => n - k }";
    same_filtered(two, "print [sg(H(n)) for n in 0..300 WHERE(outcome(G(n)) == \"P\")]");
    same_filtered("game G { position n\n move k in 1..2 where k <= n and n < 256 => n - k\n"
                  " move where n >= 256 and n < 3000 => 0\n move where n > 3000 => n - 1 }",
                  "print len([sg(G(n + 3000)) for n in 0..511 WHERE(outcome(G(n)) == \"P\")])", 600);
    same_filtered("game G { position n; move k in 1..2 where k <= n => if n == 10 then 1 / (n - 10) else n - k }",
                  "print [1 / (n - 3) for n in 0..20 WHERE(outcome(G(n)) == \"P\")]");
    same_both_ways("game G { position n; move k in 1..2 where k <= n => if n == 10 then 1 / (n - 10) else n - k }",
                   "print all([outcome(G(n)) for n in 0..20)END])");
}

TEST_CASE("a table kept by a filter claims no period", "[range_query]") {
    const auto r = grundy::testing::run_program(
        "game K { position n; move k in 1..2 where k <= n => n - k }\ntable n for n in 0..40 where sg(K(n)) == 0\n", "");
    CHECK(r.out.find("period") == std::string::npos);
}

TEST_CASE("outcomes over one range are solved in one loop, as the loop as written gives them", "[range_query]") {
    const std::string games =
        subtract +
        "\ngame Squares { position n; move k in 1..isqrt(n) => n - k * k }\n"
        "game Loop { position n; move where n > 0 => n - 1; move where n % 3 == 1 => n + 1; move where n == 8 => n }\n"
        "game Ends { position n; terminal when n % 7 == 3 => lose; move k in 1..isqrt(n) => n - k * k }\n"
        "game Far { position n; move k in 1..2 where n > 0 => n - k; move where n == 50 => 100000 }";
    // Values (a game of translations), outcomes alone, draws, terminal
    // rules, a climb to a state far above, folds that stop early.
    same_both_ways(games,
                   "print [outcome(g(n)) for n in 0..60)END], count([outcome(Squares(n)) for n in 0..5000)END], \"P\")\n"
                   "print [outcome(Loop(n)) for n in 0..20)END], [outcome(Ends(n)) for n in 0..80)END]\n"
                   "print [outcome(Far(n)) for n in 40..60)END], any([outcome(Squares(n)) == \"P\" for n in 1..9)END])\n"
                   "print [outcome(Squares(n)) for n in 3000..3010)END], [outcome(Nim(n)) for n in 5..1)END]");
    // Filters on values over one range, on a game of translations and not.
    same_filtered(games, "print [n for n in 0..300 WHERE(sg(Squares(n)) == 2)], [n for n in 0..99 WHERE(sg(g(n)) != 1)]\n"
                         "print len([n for n in 0..30 WHERE(sg(Loop(n)) == 0)])");
    // Errors in the rules, the limit, and in the consumer (an error of the
    // comprehension's own code has no note of the query).
    same_both_ways("game E { position n; move k in 1..2 where k <= n => n - k; move where n == 7 => n / (n - 7) }",
                   "print [outcome(E(n)) for n in 0..20)END]");
    for (std::uint64_t limit : {1, 300, 4999})
        same_both_ways(games, "print count([outcome(Squares(n)) for n in 0..5000)END], \"P\")", limit);
    same_both_ways(games, "print sum([outcome(Squares(n)) for n in 0..10)END])");
    same_filtered(games, "print [10 / (n - 3) for n in 0..9 WHERE(outcome(Squares(n)) == \"N\")]");
    // States known before the loop (values, outcomes, a draw) or solved
    // by the solver in it, read beside those the loop solves.
    same_both_ways(games + "\ngame Sq2 { position n; move k in 1..isqrt(n) => n - k * k; move where n == 2000 => n + 1 }",
                   "print sg(Squares(700)), outcome(Squares(1500)), [sg(Squares(n)) for n in 0..40 where n % 3 == 0]\n"
                   "print [outcome(Squares(n)) for n in 100..3000)END], count([outcome(Squares(n)) for n in 0..4000)END], \"P\")\n"
                   "print sg(Sq2(1999)), count([outcome(Sq2(n)) for n in 1990..2600)END], \"P\"), [outcome(Loop(n)) for n in 5..30)END]");
    same_both_ways(games, "print [outcome(Squares(n)) for n in 5000..5100)END]");
}

TEST_CASE("a loopy search met by a range query takes the range along, as the loop as written answers it", "[range_query]") {
    // Random digraphs by a hash (a tenth of the vertices sinks), a game
    // whose rules fail at one vertex only a later part of the range
    // reaches, and one that fails on a vertex the first search meets.
    const std::string games =
        "fn mix(h) = (h ^ (h / 65536)) * 1540483477 % 4294967296\n"
        "game R(N) { position v; move i in 0..2 where mix(v) % 10 != 0 => mix((v * 2654435761 + i * 40503) % 4294967296) % N }\n"
        "game Late { position v; move where v < 30 => (v * 7 + 1) % 30; move where v >= 30 => 60 / (v - 35) }\n"
        "game Far { position v; move where v < 30 => (v * 7 + 1) % 30; move where v == 3 => 100\n"
        "           move where v == 100 => 1 / (v - 100); move where v >= 30 and v < 100 => 60 / (v - 35) }\n"
        "game Both { position v; move where v > 0 => v - 1; move where v % 5 == 0 => v / (v - 12) + v + 1 }\n"
        "game Loop { position n; move where n > 0 => n - 1; move where n % 3 == 1 => n + 1; move where n == 8 => n }";
    same_both_ways(games,
                   "print [outcome(R(50)(v)) for v in 0..49)END], [sg(R(50)(v)) for v in 0..49)END]\n"
                   "print count([outcome(R(3000)(v)) for v in 0..2999)END], \"D\"), sum([1 for v in 0..999)END])\n"
                   "print outcome(R(400)(17)), sg(R(400)(230)), [outcome(R(400)(v)) for v in 10..300)END]\n"
                   "print [sg(R(400)(v)) for v in 0..399)END]\n"
                   "print any([outcome(Loop(n)) == \"D\" for n in 0..30)END]), [sg(Loop(n)) for n in 0..30)END]");
    same_both_ways(games, "print [outcome(Late(v)) for v in 0..40)END]");
    same_both_ways(games, "print [sg(Late(v)) for v in 0..40)END]");
    same_both_ways(games, "print [outcome(Both(v)) for v in 0..40)END]");
    same_both_ways(games, "print [outcome(Far(v)) for v in 0..40)END]");  // the root's search fails first, far up
    same_both_ways(games, "print [sg(Far(v)) for v in 0..40)END]");
    for (std::uint64_t limit : {20, 700, 2990, 3100})
        same_both_ways(games, "print count([outcome(R(3000)(v)) for v in 0..2999)END], \"P\")", limit);
    // A sum in the range whose part is the root; a range past what one
    // search takes along (2^20 states); many options at the first states.
    same_both_ways("game S { position n; move where n >= 3 => split(1, n - 2); move where n % 2 == 1 => n - 1\n"
                   "         move where n % 2 == 0 and n > 0 => n + 1 }\n"
                   "game Two { position n; move where n % 2 == 0 => n + 1; move where n % 2 == 1 => n - 1 }\n"
                   "game W { position n; move k in 0..300 where n < 512 => (n + k + 1) % 512; move where n >= 512 => n - 1 }",
                   "print [sg(S(n)) for n in 0..10)END], [outcome(S(n)) for n in 0..10)END]\n"
                   "print count([outcome(Two(n)) for n in 0..1100000)END], \"D\")\n"
                   "print count([outcome(W(n)) for n in 0..30000)END], \"D\")");
}

TEST_CASE("a query of nested positions gives what the loop gives", "[range_query]") {
    // A game of translations (the grid form), a game on the int path, one
    // whose pattern takes the tuple whole, and calls of another shape.
    const std::string games =
        "game K { position ((x, y), z)\n"
        " move (dx, dy, dz) in [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1)] where x >= dx and y >= dy and z >= dz =>"
        " ((x - dx, y - dy), z - dz) }\n"
        "game F { position (x, y, z)\n"
        " move (dx, dy, dz) in [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1)] where x >= dx and y >= dy and z >= dz =>"
        " (x - dx, y - dy, z - dz) }\n"
        "game W { position ([a, b], c)\n move k in 1..a => ([a - k, b], c)\n move k in 1..min(b, c) => ([a, b - k], c - k) }\n"
        "game P { position (p, c)\n move k in 1..c => (p, c - k) }\n";
    same_both_ways(games,
                   "print sum([sg(K((x, y), z)) for x in 0..12, y in 0..12, z in 0..12)END])\n"
                   "print [sg(K([x, y], z)) for x in 0..3, y in 0..3, z in 2..3)END]\n"
                   "print [outcome(W((a, b), c)) for a in 0..6, b in 0..6, c in 0..6)END]\n"
                   "print sum([sg(P((a, b), c)) for a in 0..3, b in 0..3, c in 0..9)END])\n"
                   "print sum([sg(W((a, -1), c)) for a in 0..3, c in 0..4)END])\n");
    CHECK(output_of(games + "print sum([sg(K((x, y), z)) for x in 0..12, y in 0..12, z in 0..12]) =="
                            " sum([sg(F(x, y, z)) for x in 0..12, y in 0..12, z in 0..12])\n") == "true\n");
    same_both_ways(games, "print [sg(F((x, y), z, x)) for x in 0..3, y in 0..3, z in 0..3)END]\n");
    same_both_ways(games, "print [sg(K(x, y)) for x in 0..3, y in 0..3)END]\n");
    same_both_ways(games, "print [sg(K(x, (y, z))) for x in 0..3, y in 0..3, z in 0..3)END]\n");
    same_both_ways(games, "print [sg(K((x, y, x), z)) for x in 0..3, y in 0..3, z in 0..3)END]\n");
}

TEST_CASE("a range query of misère outcomes gives what the loop gives", "[range_query]") {
    // One component under misère play: a list, a filter, tuples, a loopy
    // game's draws, a split game (the search over sums), and errors.
    same_both_ways(subtract +
                       "\ngame K { position n; move t in 1..2, a in 0..n - t => split(a, n - t - a) }\n"
                       "game W { position (a, b); move k in 1..a => (a - k, b); move k in 1..min(a, b) => (a - k, b - k)\n"
                       " move k in 1..b => (a, b - k) }\n"
                       "game L { position n; move where n > 0 => n - 1; move where n % 3 == 2 => n + 1 }\n"
                       "game E { position n; move k in 1..3 where k <= n => 10 / (n - k - 4) }",
                   "print [outcome(misere(g(n))) for n in 0..60)END]\n"
                   "print [outcome(misere(W(a, b)) ) for a in 0..30, b in 0..30)END]\n"
                   "print [outcome(misere(L(n))) for n in 0..12)END], [outcome(misere(K(n))) for n in 0..20)END]\n"
                   "print [outcome(misere(E(n))) for n in 0..9)END]");
    // Filters, against the same comparison made not to fuse (`== true`).
    const std::string filters = subtract +
                                "\ngame W { position (a, b); move k in 1..a => (a - k, b)\n"
                                " move k in 1..min(a, b) => (a - k, b - k); move k in 1..b => (a, b - k) }\n"
                                "print [n for n in 0..2000 where outcome(misere(Subtract({2, 3})(n))) == P]\n"
                                "print len([1 for a in 0..30, b in 0..30 where outcome(misere(W(a, b))) != N])\n";
    std::string plain = filters;
    for (const char* q : {"outcome(misere(Subtract({2, 3})(n))) == P", "outcome(misere(W(a, b))) != N"}) {
        const auto at = plain.find(q);
        plain.replace(at, std::string(q).size(), std::string("(") + q + ") == true");
    }
    CHECK(output_of(filters) == output_of(plain));
    CHECK(output_of(filters).find("[2, 3, 7, 8,") == 0);
}
