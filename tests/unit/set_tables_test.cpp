// Tabulated sets and lists read by index on the int path: rules whose moves
// read a set or an int of a rule parameter by the move's variable (`adj[v]`,
// `d[k]`, a game function of v) compile to int code, and a value the path
// cannot hold sends the instance back to the generic path with the same
// options, answers and errors.
#include <catch2/catch.hpp>

#include "run_program.hpp"

using grundy::testing::on_int_path;
using grundy::testing::output_of;
using grundy::testing::run_program;

namespace {

const std::string node_kayles = "game NK(adj) {\n    position s\n    move v in s => s - {v} - adj[v]\n}\n";

}  // namespace

TEST_CASE("sets and ints read from rule parameters by index are int code", "[set_tables]") {
    CHECK(on_int_path(node_kayles, "NK"));
    CHECK(on_int_path("game O(d) { position n; move k in 1..min(n, len(d) - 1) where (d[k] & 2) != 0 => n - k }", "O"));
    const std::string subtree =
        "game H(parent) {\n    position edges\n"
        "    fn within(w, v) = w == v or (w > 0 and within(parent[w], v))\n"
        "    fn subtree(v) = {w for w in 1..len(parent) - 1 where within(w, v)}\n"
        "    move v in edges => edges - subtree(v)\n}\n";
    CHECK(on_int_path(subtree, "H"));
    // A game function that asks the solver is not kept per value.
    const std::string asks =
        "game N { position n; move k in 1..n => n - k }\n"
        "game A(m) {\n    position s\n    fn near(v) = {w for w in 0..sg(N(v))}\n    move v in s => s - near(v)\n}\n";
    CHECK_FALSE(on_int_path(asks, "A"));
}

TEST_CASE("a set past the masks leaves the int path with the generic path's options", "[set_tables]") {
    // Vertex 2's set holds 70: its option is met after those of 0 and 1.
    const std::string program = node_kayles +
                                "let g = NK([{1}, {0, 2}, {1, 70}, {}])\n"
                                "print moves(g({0, 1, 2, 3}))\n"
                                "print sg(g({0, 1, 2, 3})), sg(g({0, 3}))\n";
    CHECK(output_of(program) ==
          "[NK([{1}, {0, 2}, {1, 70}, {}])({2, 3}), NK([{1}, {0, 2}, {1, 70}, {}])({3}), "
          "NK([{1}, {0, 2}, {1, 70}, {}])({0, 3}), NK([{1}, {0, 2}, {1, 70}, {}])({0, 1, 2})]\n"
          "3 0\n");
    // A list where a set belongs: the generic path's error, at the generic place.
    auto r = run_program(node_kayles + "print sg(NK([{1}, [0, 2], {1}])({0, 1, 2}))\n");
    CHECK(r.err.substr(0, r.err.find('\n')) == "test.game:3:28: error: type mismatch: cannot apply '-' to a set and a list");
}

TEST_CASE("an index past a rule parameter's list is the generic path's error", "[set_tables]") {
    auto r = run_program(node_kayles + "print sg(NK([{1}, {0, 2}])({0, 1, 2}))\n");
    CHECK(r.err.substr(0, r.err.find('\n')) == "test.game:3:33: error: index 2 is out of range for a list of length 2");
    const std::string octal = "game O(d) {\n    position n\n    move k in 1..min(n, 5) where d[-k] & 2 != 0 and k < n => n - k\n}\n";
    CHECK(output_of(octal + "print [sg(O(0..5)(n)) for n in 0..9]\n") == "[0, 0, 0, 0, 1, 1, 1, 2, 0, 0]\n");
    r = run_program(octal + "print [sg(O({0, 1, 2})(n)) for n in 0..9]\n");
    CHECK(r.err.substr(0, r.err.find('\n')) == "test.game:3:35: error: index -4 is out of range for a set of length 3");
    r = run_program(octal + "print [sg(O((0, 3, 2))(n)) for n in 0..5]\n");
    CHECK(r.err.substr(0, r.err.find('\n')) == "test.game:3:35: error: index -4 is out of range for a tuple of length 3");
}

TEST_CASE("a set comprehension over the position is its mask, as s minus the rest is", "[set_tables]") {
    const std::string games =
        "game K { position s; move x in s => {y for y in s where y != x and y != x + 1} }\n"
        "game M { position s; move x in s => s - {y for y in s where y == x or y == x + 1} }\n"
        "game E { position s; move x in s => {y for y in s where 10 / (y - 3) != x} }\n";
    const std::string queries =
        "print [sg(K(set(1..k))) for k in 0..14] == [sg(M(set(1..k))) for k in 0..14], [sg(K(set(1..k))) for k in 0..14]\n"
        "print moves(K({1, 2, 5})), sg(E({1, 2, 4}))\nprint sg(E({1, 3}))\n";
    const std::string program = games + queries;
    CHECK(grundy::testing::on_int_path(program, "K"));
    const auto a = grundy::testing::run_program(program);
    const auto b = grundy::testing::run_program(grundy::testing::generic_copy(program, "K"));
    CHECK(a.out == b.out);
    CHECK(a.out.find("true [0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2]") == 0);
    CHECK(a.status == grundy::status_error);
    CHECK(a.err.find("division by zero") != std::string::npos);
    CHECK(b.status == a.status);
}
