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
