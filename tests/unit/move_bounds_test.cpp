// Bounds a move's `where` puts on its variable (Move::Bound,
// intpath::narrow_by): each spelling against the same rules kept off the
// int path, errors included.
#include <catch2/catch.hpp>

#include "int_path_agree.hpp"
#include "interpreter/runtime/instance.hpp"

using grundy::testing::agree;
using grundy::testing::error_line;
using grundy::testing::output_of;

namespace {

// `move m in 1..n where <where>` on and off the int path: the same
// values, and the same error where the rules raise one.
void same_as_generic(const std::string& where) {
    const std::string program = "game O { position n; move m in 1..n where " + where +
                                " => n - m }\nprint [sg(O(n)) for n in 0..3]\nprint sg(O(9))\n";
    INFO(program);
    auto a = grundy::testing::run_program(program);
    auto b = grundy::testing::run_program(grundy::testing::generic_copy(program, "O"));
    CHECK(a.out == b.out);
    CHECK(a.err.empty() == b.err.empty());
    if (!a.err.empty() && !b.err.empty()) CHECK(error_line(a.err) == error_line(b.err));
}

// The coefficient of the first bound of game G's first move (0: none).
std::int64_t first_coef(const std::string& program) {
    std::int64_t coef = 0;
    grundy::testing::compiled_game(program, "G", [&](const grundy::CompiledGame& g) {
        if (g.fast && !g.fast->moves.empty() && !g.fast->moves[0].bounds.empty())
            coef = g.fast->moves[0].bounds[0].coef;
        return true;
    });
    return coef;
}

}  // namespace

TEST_CASE("a bound on the variable times a value of the state narrows the range", "[int_mex]") {
    // `m * s op e` and `e op s * m`, with s of either sign or zero and e
    // of either sign, strict or not: each against the generic path.
    const char* ops[] = {"<", "<=", ">", ">=", "=="};
    const char* scales[] = {"$n % 5 - 2", "3", "-2", "0"};
    const char* ends[] = {"$n - 7", "11 - 2 * $n", "$n / 3 - 1"};
    for (const char* op : ops)
        for (int form = 0; form < 4; ++form)
            for (int i = 0; i < 4; ++i) {
                const std::string sc = std::string("(") + scales[i] + ")", e = std::string("(") + ends[(form + i) % 3] + ")";
                const std::string scaled = form % 2 ? sc + " * m" : "m * " + sc;
                const std::string cond = form < 2 ? scaled + " " + op + " " + e : e + " " + op + " " + scaled;
                const std::string rules = "move m in 1..$n where " + cond + " => S($n - m)";
                INFO(rules);
                CHECK(agree(rules, 80).substr(0, 5) == "true ");
            }
    // A subtraction list, whose bounds are lines in n only when unscaled.
    CHECK(agree("move m in [1, 2, 3, 5, 8, 13] where 2 * m <= $n => S($n - m)", 400).substr(0, 5) == "true ");
    CHECK(agree("move m in [1, 2, 3, 5, 8, 13] where m * ($n % 3 + 1) <= $n => S($n - m)", 400).substr(0, 5) ==
          "true ");
    const std::string sub = "game T { position n; move m in [1, 2, 3, 5, 8, 13] where 2 * m <= n => n - m }\n"
                            "print [sg(T(n)) for n in 0..400]\n";
    CHECK(output_of(sub) == output_of(grundy::testing::generic_copy(sub, "T")));
    // The heap engine's pairs, and the tuple game whose bound is l / s.
    CHECK(agree("move a in 1..($n - 1) / 2 where a * ($n % 4 - 1) <= $n / 2 - 3 => split(S(a), S($n - a))", 300)
              .substr(0, 5) == "true ");
    const std::string euclid = "game E { position (s, l); canonical => (min(s, l), max(s, l))\n"
                               " move m in 1..l where s > 0 and m * s <= l => (s, l - m * s) }\n"
                               "print sum([sg(E(a, b)) for a in 0..40, b in 0..40]), sg(E(7, 1000))\n";
    CHECK(grundy::testing::on_int_path(euclid, "E"));
    CHECK(output_of(euclid) == output_of(grundy::testing::generic_copy(euclid, "E")));
    // x * s overflows at m = 4: the rules fail there, unless an earlier
    // bound stops m before it.
    for (const char* where : {"m * 2305843009213693952 >= 0", "m <= 3 and m * 2305843009213693952 >= 0",
                              "m * -2305843009213693952 <= -5"}) {
        same_as_generic(where);
    }
}


TEST_CASE("a comparison affine in the variable on both sides narrows the range", "[int_mex]") {
    // The bound made, its coefficient that of L - R.
    CHECK(first_coef("game G { position n; move m in 1..n where n - m > 3 => n - m }") == -1);
    CHECK(first_coef("game G { position n; move m in 1..n where n >= m + m => n - m }") == -2);
    CHECK(first_coef("game G { position n; move m in 1..n where m * -3 + n <= -(m - 5) => n - m }") == -2);
    CHECK(first_coef("game G { position n; move m in 1..n where 2 * m - m - m < n => n - m }") == 0);
    // L op R with L - R = c m + d, literal coefficients on either side,
    // c of either sign, against the generic path.
    const char* ops[] = {"<", "<=", ">", ">=", "=="};
    const char* forms[] = {
        "$n - m OP 3",           "$n OP m + m",          "2 * m - $n % 7 OP $n - m", "-m + $n / 2 OP 0",
        "($n - m) * 3 OP $n + 1", "$n - 2 * (m - 1) OP m", "m * -3 + $n OP -(m - 5)", "0 OP $n - m - m - m",
    };
    for (const char* op : ops)
        for (const char* form : forms) {
            std::string cond = form;
            cond.replace(cond.find("OP"), 2, op);
            const std::string rules = "move m in 1..$n where " + cond + " => S($n - m)";
            INFO(rules);
            CHECK(agree(rules, 80).substr(0, 5) == "true ");
        }
    // x cancels out (2 m - m - m): a test, not a bound; and after another bound.
    CHECK(agree("move m in 1..$n where 2 * m - m - m < $n % 3 => S($n - m)", 60).substr(0, 5) == "true ");
    CHECK(agree("move m in 1..$n where m <= 9 and $n - m - m >= 1 => S($n - m)", 60).substr(0, 5) == "true ");
    // A tuple game: the heaps' total stays positive.
    const std::string heaps = "game H { position (a, b, c); canonical => tuple(sorted([a, b, c]))\n"
                              " terminal when a + b + c <= 1 => lose\n"
                              " move k in 1..a where a + b + c - k > 0 => (a - k, b, c)\n"
                              " move k in 1..c where b - k + c >= 2 * k - a => (a, b, c - k) }\n"
                              "print len([0 for a in 0..12, b in a..12, c in b..12 where outcome(H(a, b, c)) == P]),"
                              " sum([sg(H(a, b, c)) for a in 0..12, b in a..12, c in b..12])\n";
    CHECK(grundy::testing::on_int_path(heaps, "H"));
    CHECK(output_of(heaps) == output_of(grundy::testing::generic_copy(heaps, "H")));
    // A side overflows for some m of the range: at its end, whichever end,
    // or not at all once an earlier bound stops m before it; and d, the
    // difference at m = 0, at the least int.
    for (const char* where : {"4611686018427387904 * 2 - m * 2 > 0", "m * 4611686018427387904 - 1 < 0",
                              "m <= 1 and m * 4611686018427387904 + n >= 0", "-9223372036854775807 - m < 0",
                              "9223372036854775807 - n + m > 0", "m - 9223372036854775807 - 1 <= 0"}) {
        same_as_generic(where);
    }
}
