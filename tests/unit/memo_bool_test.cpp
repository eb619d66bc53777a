// Conditions of one register kept per value (intpath::MemoBool): which
// conditions are kept, and the int path with them against the same rules
// kept off the int path, errors included.
#include <catch2/catch.hpp>

#include "int_path_agree.hpp"
#include "interpreter/compiler/int_nodes.hpp"
#include "interpreter/runtime/instance.hpp"

using grundy::testing::agree;
using grundy::testing::error_line;
using grundy::testing::generic_copy;

namespace {

// Whether game G's first move's tests (its `where` as one, or the rest
// once bounds are taken) hold a kept condition at their root.
bool kept(const std::string& program) {
    bool out = false;
    grundy::testing::compiled_game(program, "G", [&](const grundy::CompiledGame& g) {
        if (!g.fast || g.fast->moves.empty()) return false;
        const auto& m = g.fast->moves[0];
        auto is_memo = [](const grundy::intpath::BoolPtr& b) {
            return dynamic_cast<const grundy::intpath::MemoBool*>(b.get()) != nullptr;
        };
        out = (m.where && is_memo(m.where)) || std::any_of(m.rest.begin(), m.rest.end(), is_memo);
        return true;
    });
    return out;
}

// How many conditions game G keeps.
std::uint32_t kept_count(const std::string& program) {
    std::uint32_t out = 0;
    grundy::testing::compiled_game(program, "G", [&](const grundy::CompiledGame& g) {
        out = g.fast ? g.fast->memo_bools : 0;
        return true;
    });
    return out;
}

// A range with no literal bound, which the int path keeps a range
// (filtered_ranges.hpp).
std::string sub(const std::string& where) {
    return "let S = {2, 5, 7}\ngame G { position n; move k in 1..n where " + where + " => n - k }\n";
}

}  // namespace

TEST_CASE("a condition of one register that tests enough is kept per value", "[int_mex]") {
    CHECK(kept(sub("k in S")));
    CHECK(kept(sub("k == 2 or k == 5 or k == 7")));
    CHECK(kept(sub("not (k == 1 or k % 3 == 0)")));
    CHECK(kept(sub("(k in S) and k <= n")));  // the part of k alone
    // One comparison is as quick as a read; two registers are not one.
    CHECK_FALSE(kept(sub("k % 3 == 1")));
    CHECK_FALSE(kept(sub("k == 2 or k == n - 1")));
}

TEST_CASE("kept conditions: the int path agrees with the generic one", "[int_mex]") {
    const char* wheres[] = {
        "k in {2, 5, 7}",
        "k == 2 or k == 5 or k == 7",
        "k not in {1, 4} and k % 2 == 1",
        "(k in {2, 3, 9} or k == 6) and $n % 3 != 1",
        "$n in {5, 6, 9, 10} or $n % 4 == 1 or k == 1",
        // past the kept values' table: tested each time
        "k == 1 or (k in {2, 3} and $n > 70000)",
    };
    for (const char* w : wheres) {
        const std::string rules = std::string("move k in 1..$n where ") + w + " => S($n - k)";
        INFO(rules);
        CHECK(agree(rules, 300).substr(0, 5) == "true ");
    }
    CHECK(agree("move k in 1..min(3, $n) where ($n in {70001, 70003} or $n % 5 == 0) or k == 1 => S($n - k)", 70010)
              .substr(0, 5) == "true ");
}

TEST_CASE("a kept condition in a traced result makes its comparisons as choices", "[int_mex]") {
    // An `if` of order comparisons of the variable in a result: a stretch
    // ends where the condition flips.
    const std::string programs[] = {
        "game G { position n; move k in 1..n => if k <= 2 or k >= 5 then n - k else n - 2 * k }\n"
        "print [sg(G(n)) for n in 0..12]\n",
        "game G { position (a, b); move k in 1..a => (a - k, if k >= 2 and k <= 3 then b + 5 else b)\n"
        "    move k in 1..b => (a, b - k) }\nprint sg(G(4, 0)), [sg(G(a, 1)) for a in 0..9]\n",
        "game G { position n; move k in 2..n => n - (if k > 1 and k > 7 then k else 1) }\n"
        "print [sg(G(n)) for n in 0..20]\n",
    };
    for (const std::string& program : programs) {
        INFO(program);
        CHECK(kept_count(program) == 1);
        CHECK(grundy::testing::output_of(program) == grundy::testing::output_of(generic_copy(program, "G")));
    }
    CHECK(grundy::testing::output_of(programs[0]) == "[0, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6]\n");
}

TEST_CASE("a kept condition that fails is not kept, and fails where the rules test it", "[int_mex]") {
    // 12 % (k - 4) fails at k = 4, reached from n = 4 on, after k = 1, 2, 3
    // are kept: the error is the generic path's, at the first query that
    // reaches it.
    const std::string program =
        "game G { position n; move k in 1..n where 12 % (k - 4) == 0 or k == 1 => n - k }\n"
        "print [sg(G(n)) for n in 0..3]\n"
        "print sg(G(5))\n";
    auto fast = grundy::testing::run_program(program);
    auto slow = grundy::testing::run_program(grundy::testing::generic_copy(program, "G"));
    CHECK(kept(program));
    CHECK(fast.out == slow.out);
    CHECK(fast.out == "[0, 1, 2, 3]\n");
    REQUIRE(!fast.err.empty());
    CHECK(error_line(fast.err) == error_line(slow.err));
    CHECK(error_line(fast.err) == "error: division by zero in '%'");
}
