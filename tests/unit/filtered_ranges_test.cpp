// A move over a range filtered by a condition of its variable alone: the
// int path's copy over the list of the values that pass
// (filtered_ranges.hpp), against the rules as written, errors included.
#include <catch2/catch.hpp>

#include "int_path_agree.hpp"
#include "interpreter/runtime/instance.hpp"

using grundy::testing::agree;
using grundy::testing::error_line;
using grundy::testing::generic_copy;
using grundy::testing::run_program;

namespace {

// Whether game G's first move runs over a list made once per instance,
// and whether it is a translation.
std::pair<bool, bool> listed(const std::string& move) {
    const std::string program = "let S = {2, 5, 7}\nfn allowed(k) = k == 2 or k == 5 or k == 7\n"
                                "game G { position n; " + move + " }\n";
    std::pair<bool, bool> out{false, false};
    grundy::testing::compiled_game(program, "G", [&](const grundy::CompiledGame& g) {
        if (!g.fast || g.fast->moves.empty()) return false;
        const auto& m = g.fast->moves[0];
        out = {!m.gens.empty() && m.gens[0].list >= 0, m.translation};
        return true;
    });
    return out;
}

}  // namespace

TEST_CASE("a range filtered by its variable alone runs over the values that pass", "[int_mex]") {
    using P = std::pair<bool, bool>;
    CHECK(listed("move k in 1..n where k <= 7 and allowed(k) => n - k") == P{true, true});
    CHECK(listed("move k in 1..7 where k in S and k <= n => n - k") == P{true, true});
    CHECK(listed("move k in 1..min(7, n) where k == 2 or k == 5 or k == 7 => n - k") == P{true, true});
    CHECK(listed("move k in 0..n where k < 9 and k % 3 != 1 and k * k <= n => n - k * k").first);
    // No literal bound, too many values, a condition that reads the state
    // first, a range end that may fail.
    CHECK_FALSE(listed("move k in 1..n where k in S => n - k").first);
    CHECK_FALSE(listed("move k in 1..100000 where k in S and k <= n => n - k").first);
    CHECK_FALSE(listed("move k in 1..7 where n > 3 and k in S => n - k").first);
    CHECK_FALSE(listed("move k in 1..7 where k + n > 3 => n - k").first);
    CHECK_FALSE(listed("move k in 1..min(7, n / 2) where k in S => n - k").first);
    CHECK_FALSE(listed("move k in -4611686018427387904..4611686018427387904 where k == 2 and k <= n => n - k").first);
}

TEST_CASE("filtered ranges: the int path agrees with the rules as written", "[int_mex]") {
    const char* moves[] = {
        "move k in 1..$n where k <= 7 and (k == 2 or k == 5 or k == 7) => S($n - k)",
        "move k in 1..7 where k in {2, 5, 7} and k <= $n => S($n - k)",
        "move k in 1..min(7, $n) where k % 3 != 1 => S($n - k)",
        "move k in 0..min($n, 12) where k < 10 and k not in {0, 4} and $n % (k + 1) != 2 => S($n - k)",
        "move k in 2..9 where k != 4 and k <= $n => S($n - k); move k in 1..min(3, $n) => S($n - k)",
    };
    for (const char* m : moves) {
        INFO(m);
        CHECK(agree(m, 400).substr(0, 5) == "true ");
    }
}

TEST_CASE("a filtered range whose condition fails fails where the rules test it", "[int_mex]") {
    // 12 % (k - 4) fails at k = 4, which only heaps of 4 or more reach.
    const std::string program =
        "game G { position n; move k in 1..min(n, 6) where 12 % (k - 4) == 0 or k == 1 => n - k }\n"
        "print [sg(G(n)) for n in 0..3]\n"
        "print sg(G(5))\n";
    const auto fast = run_program(program), slow = run_program(generic_copy(program, "G"));
    CHECK(fast.out == "[0, 1, 2, 3]\n");
    CHECK(fast.out == slow.out);
    REQUIRE(!fast.err.empty());
    CHECK(error_line(fast.err) == error_line(slow.err));
    CHECK(fast.err.find("test.game:3:7: note") != std::string::npos);  // at the second query
}
