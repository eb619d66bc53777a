// A move whose result sorts its ints (Move::sort_inputs): which results
// are taken for a sort, and the int path's values with them against the
// same rules kept off the int path.
#include <catch2/catch.hpp>

#include "interpreter/runtime/instance.hpp"
#include "run_program.hpp"

using grundy::testing::compiled_game;
using grundy::testing::generic_copy;
using grundy::testing::output_of;

namespace {

// Of game G's first move: -1 when its result is not taken for a sort, else
// whether it sorts in descending order.
int sort_of(const std::string& position, const std::string& result) {
    const std::string program = "game G { position " + position + "; move k in 1..a => " + result + " }\n";
    int out = -2;
    compiled_game(program, "G", [&](const grundy::CompiledGame& g) {
        if (!g.fast || g.fast->moves.empty()) return false;
        const auto& m = g.fast->moves[0];
        out = m.sort_inputs.empty() ? -1 : m.sort_descending;
        return true;
    });
    return out;
}

}  // namespace

TEST_CASE("a result that sorts its ints is taken for a sort, however written", "[int_mex]") {
    CHECK(sort_of("(a, b, c)", "tuple(sorted([a - k, b, c]))") == 0);
    CHECK(sort_of("(a, b, c)", "tuple(sorted([c, a - k, b + 2 * k]))") == 0);
    CHECK(sort_of("(a, b, c)", "tuple(reversed(sorted([a - k, b, c])))") == 1);
    CHECK(sort_of("[a, b, c]", "sorted([a - k, b, c])") == 0);
    CHECK(sort_of("(a, b, c)", "let [x, y, z] = sorted([a - k, b, c]) in (x, y, z)") == 0);
    CHECK(sort_of("(a, b, c, d)", "tuple(sorted([a - k, b, c, d - 1]))") == 0);
    // A network of one's own, descending, inputs bound first.
    CHECK(sort_of("(a, b, c)",
                  "let p = a - k in let q = b in let r = c in let x = max(p, q) in let y = min(p, q) in "
                  "let z = max(x, r) in let w = min(x, r) in let u = max(w, y) in let v = min(w, y) in (z, u, v)") == 1);
    // Not a sort: a compare-exchange left out, an output used twice, an
    // input that reads another wire, a names-only sort of two.
    CHECK(sort_of("(a, b, c)",
                  "let p = a - k in let q = b in let r = c in let x = min(p, q) in let y = max(p, q) in "
                  "let z = min(y, r) in let w = max(y, r) in (x, z, w)") == -1);
    CHECK(sort_of("(a, b, c)",
                  "let p = a - k in let q = b in let r = c in let x = min(p, q) in let y = max(p, q) in "
                  "let z = min(y, r) in let w = max(y, r) in let u = min(x, z) in let v = max(x, z) in (u, u, w)") == -1);
    CHECK(sort_of("(a, b, c)",
                  "let p = a - k in let q = p + b in let r = c in let x = min(p, q) in let y = max(p, q) in "
                  "let z = min(y, r) in let w = max(y, r) in let u = min(x, z) in let v = max(x, z) in (u, v, w)") == -1);
    CHECK(sort_of("(a, b, c)", "(a - k, b, c)") == -1);
    CHECK(sort_of("(a, b)", "tuple(sorted([a - k, b]))") == -1);
}

TEST_CASE("results that sort their ints: the int path agrees with the generic one", "[int_mex]") {
    // Moves whose slopes cross others' (2k, -k), sums that grow one part,
    // both orders, four ints, and canonical forms that sort, or do not.
    const std::string rules3 =
        "    move k in 1..a => SORT([a - k, b, c])\n"
        "    move k in 1..min(b, c) => SORT([a + 1, b - k, c - k])\n"
        "    move k in 1..c / 2 => SORT([a + k, b, c - 2 * k])\n"
        "    move k in 1..b => SORT([a, b - k, c])\n";
    auto with = [](std::string rules, const std::string& sort) {  // `sort` opens as many calls as ')' closes
        const std::string closing(static_cast<std::size_t>(std::count(sort.begin(), sort.end(), '(')), ')');
        for (std::size_t at; (at = rules.find("SORT(")) != std::string::npos;) {
            const std::size_t close = rules.find(')', at);
            rules.replace(at, close - at + 1, sort + "(" + rules.substr(at + 5, close - at - 5) + ")" + closing);
        }
        return rules;
    };
    const std::string query3 = "print sum([sg(G(a, b, c)) * (a + 2 * b + 3 * c) for a in 0..11, b in 0..11, c in 0..11])\n";
    const std::string games[] = {
        "game G { position (a, b, c)\n" + with(rules3, "tuple(sorted") + "\n}\n" + query3,
        "game G { position (a, b, c)\n" + with(rules3, "tuple(reversed(sorted") + "\n}\n" + query3,
        "game G { position (a, b, c)\n    canonical => tuple(sorted([a, b, c]))\n" +
            with(rules3, "tuple(reversed(sorted") + "\n}\n" + query3,
        "game G { position (a, b, c)\n    canonical => (c, b, a)\n" + with(rules3, "tuple(sorted") + "\n}\n" + query3,
        "game G { position (a, b, c, d)\n"
        "    move k in 1..a => tuple(sorted([a - k, b, c, d]))\n"
        "    move k in 1..min(a, d) => tuple(sorted([a - k, b + 1, c, d - k]))\n"
        "    move k in 1..d => tuple(reversed(sorted([a, b, c, d - k])))\n}\n"
        "print sum([sg(G(a, b, c, d)) * (a + 2 * b + 3 * c + 5 * d) for a in 0..6, b in 0..6, c in 0..6, d in 0..6])\n",
    };
    for (const std::string& program : games) {
        INFO(program);
        REQUIRE(grundy::testing::on_int_path(program, "G"));
        const std::string fast = output_of(program);
        CHECK(fast == output_of(generic_copy(program, "G")));
        CHECK(fast.find("status") == std::string::npos);
    }
}
