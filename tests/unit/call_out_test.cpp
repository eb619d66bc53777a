// A call of a pure user function that the rule rewrite leaves a call (a
// recursive one) keeps the game on the int path: the generic code runs the
// call with the registers it reads (intpath::CallOut). The answers, the
// order of the options and the errors are those of the generic path (each
// game is checked against its generic copy).
#include <catch2/catch.hpp>

#include "run_program.hpp"

using grundy::testing::generic_copy;
using grundy::testing::on_int_path;
using grundy::testing::output_of;
using grundy::testing::run_program;

namespace {

// The first line of an error past its line number, which the copy moves.
std::string first_line(const std::string& err) {
    std::string line = err.substr(0, err.find('\n'));
    const std::size_t file = line.find(':');
    return file == std::string::npos ? line : line.substr(line.find(':', file + 1));
}

void same_as_generic(const std::string& program, const std::string& name) {
    INFO(program);
    CHECK(on_int_path(program, name));
    auto fast = run_program(program), slow = run_program(generic_copy(program, name));
    CHECK(fast.out == slow.out);
    CHECK(fast.status == slow.status);
    CHECK(first_line(fast.err) == first_line(slow.err));
}

const std::string square = "fn square_from(n, i) = if i * i > n then false else if i * i == n then true"
                           " else square_from(n, i + 1)\n";

}  // namespace

TEST_CASE("a recursive helper keeps a game on the int path", "[call_out]") {
    // In `terminal`, in a condition, in a result; a game function and a
    // top-level one; a rule parameter read by the call.
    same_as_generic(square +
                        "game T { position (a, b)\n terminal when square_from(a + b, 0) => lose\n"
                        " move k in 1..min(3, a) => (a - k, b)\n move k in 1..min(3, b) => (a, b - k) }\n"
                        "print sum([sg(T(a, b)) for a in 0..40, b in 0..40]), moves(T(3, 2))\n",
                    "T");
    same_as_generic("game D(m) { position n\n fn digits(x) = if x < m then x else x % m + digits(x / m)\n"
                    " move k in 1..n where digits(k) % 2 == 1 => n - digits(k) }\n"
                    "print [sg(D(10)(n)) for n in 0..60], [sg(D(3)(n)) for n in 0..30]\n",
                    "D");
    same_as_generic(square + "game S { position n\n move k in 1..n where square_from(k, 0) => n - k }\n"
                             "print [n for n in 0..200 where outcome(S(n)) == P]\n",
                    "S");
}

TEST_CASE("a call-out's values are kept by its arguments, each for its own", "[call_out]") {
    // Many arguments, so that some share a place in the instance's cache.
    same_as_generic("fn h(x, d) = if d == 0 then x * 7919 % 1009 else h(x, d - 1)\n"
                    "game G { position n\n move k in 1..n where h(k + n % 3, 2) % 3 != 0 => n - k }\n"
                    "print sum([sg(G(n)) for n in 0..700])\n",
                    "G");
    // Two rulesets, two caches.
    same_as_generic("game D(m) { position n\n fn r(x) = if x < m then x else r(x - m)\n"
                    " move k in 1..3 where k <= n and r(n) != 1 => n - k }\n"
                    "print [sg(D(4)(n)) for n in 0..30], [sg(D(5)(n)) for n in 0..30], sg(D(4)(21))\n",
                    "D");
}

TEST_CASE("a call-out's errors and values of another kind are the generic path's", "[call_out]") {
    // An error inside the function, first met part way through the moves.
    same_as_generic("fn f(x) = if x == 0 then 0 else 10 / (x - 7) + f(x - 1)\n"
                    "game G { position n\n move k in 1..n where f(k) >= 0 => n - k }\n"
                    "print [sg(G(n)) for n in 0..6]\nprint sg(G(9))\n",
                    "G");
    // A value that is not an int, or not a bool, where the code needs one
    // (bodies too large to expand: the value is met only when they run).
    std::string large = "0";
    for (int i = 1; i <= 40; ++i) large += " + " + std::to_string(i);
    same_as_generic("fn f(x) = if x == 0 then " + large + " else if x == 5 then \"five\" else f(x - 1)\n"
                    "game G { position n\n move k in 1..n => n - k + f(k) }\n"
                    "print [sg(G(n)) for n in 0..4]\nprint sg(G(6))\n",
                    "G");
    same_as_generic("fn f(x) = if x == 0 then true else if x == 5 then " + large + " else f(x - 1)\n"
                    "game G { position n\n move k in 1..n where f(k) => n - k }\n"
                    "print [sg(G(n)) for n in 0..4]\nprint sg(G(6))\n",
                    "G");
}

TEST_CASE("a helper that reads input or asks the solver is not called out", "[call_out]") {
    const std::string reads = "fn f(x) = if x == 0 then read_int() else f(x - 1)\n"
                              "game G { position n\n move k in 1..n where f(k) > 0 => n - k }\n";
    CHECK_FALSE(on_int_path(reads, "G"));
    CHECK(output_of(reads + "print sg(G(2))\n", "1 1 1") == "2\n");
    const std::string asks = "game N { position n; move k in 1..n => n - k }\n"
                             "fn f(x) = if x == 0 then sg(N(3)) else f(x - 1)\n"
                             "game G { position n\n move k in 1..n where f(k) == 3 => n - k }\n";
    CHECK_FALSE(on_int_path(asks, "G"));
    // A top-level function of the same name as a game function is not the
    // one the game's code calls.
    const std::string shadow = "fn f(x) = read_int()\n"
                               "game G { position n\n fn f(x) = if x == 0 then 1 else f(x - 1)\n"
                               " move k in 1..n where f(k) > 0 => n - k }\n";
    CHECK(on_int_path(shadow, "G"));
    // Nor is the game's function the one a top-level function calls.
    CHECK_FALSE(on_int_path(shadow + "fn g(x) = f(x)\n"
                                     "game H { position n\n fn f(x) = 1\n move k in 1..n where g(k) > 0 => n - k }\n",
                            "H"));
    CHECK(output_of(shadow + "print [sg(G(n)) for n in 0..5]\n") == "[0, 1, 2, 3, 4, 5]\n");
}
