// Machine-readable and picture outputs: state graphs as DOT, values and
// statement events as JSON.
#include <catch2/catch.hpp>

#include "interpreter/driver/json.hpp"
#include "interpreter/driver/state_graph.hpp"
#include "run_program.hpp"

using namespace grundy;

namespace {

// An interpreter with `defs` run, quiet, and the value of `expr`.
Value value_of(Interpreter& in, const std::string& defs, const std::string& expr) {
    in.set_output(stdout, stderr);
    REQUIRE(in.run_text("defs.game", defs) == status_ok);
    Value v;
    REQUIRE(in.eval(expr, v) == status_ok);
    return v;
}

const char* kayles = "game Kayles { position n; move t in 1..2, a in 0..n - t => split(a, n - t - a) }\n"
                     "game Nim { position n; move k in 1..n => n - k }\n";

}  // namespace

TEST_CASE("the state graph of a small position, as DOT", "[graph]") {
    Interpreter in;
    Value p = value_of(in, kayles, "Kayles(3)");
    CHECK(to_dot(explore(in.ctx, p, 100)) ==
          "// The states reachable from Kayles(3)\n"
          "// with their values. P-positions (the player to move loses) are doubled\n"
          "// and filled; parts of a sum with no moves left are left out.\n"
          "digraph grundy {\n"
          "  node [shape=ellipse, fontname=\"Helvetica\"];\n"
          "  n0 [label=\"Kayles(3)\\nsg 3\"];\n"
          "  n1 [label=\"Kayles(2)\\nsg 2\"];\n"
          "  n2 [label=\"Kayles(1) + Kayles(1)\\nsg 0\", peripheries=2, style=filled, fillcolor=\"#d9d9d9\"];\n"
          "  n3 [label=\"Kayles(1)\\nsg 1\"];\n"
          "  n4 [label=\"Kayles(0)\\nsg 0\", peripheries=2, style=filled, fillcolor=\"#d9d9d9\"];\n"
          "  n0 -> n1;\n"
          "  n0 -> n2;\n"
          "  n0 -> n3;\n"
          "  n1 -> n3;\n"
          "  n1 -> n4;\n"
          "  n2 -> n3;\n"
          "  n3 -> n4;\n"
          "}\n");
}

TEST_CASE("state graphs of sums, misère play, and the node limit", "[graph]") {
    Interpreter in;
    Value sum = value_of(in, kayles, "Nim(1) + Nim(1)");
    StateGraph g = explore(in.ctx, sum, 100);
    // Nim(1) + Nim(1) -> Nim(0) + Nim(1), drawn as Nim(1) -> Nim(0).
    REQUIRE(g.nodes.size() == 3);
    CHECK(g.nodes[0].label == "Nim(1) + Nim(1)");
    CHECK(g.nodes[0].p_position);
    CHECK(g.nodes[1].label == "Nim(1)");
    CHECK(!g.nodes[1].p_position);
    CHECK(g.nodes[2].label == "Nim(0)");
    CHECK(g.edges == std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}, {1, 2}});

    Value m;
    REQUIRE(in.eval("misere(Nim(1) + Nim(1))", m) == status_ok);
    StateGraph mg = explore(in.ctx, m, 100);
    REQUIRE(mg.nodes.size() == 3);
    CHECK(mg.nodes[0].value == "N");
    CHECK(mg.nodes[1].value == "P");  // misere(Nim(1)): the mover must take the last stone
    CHECK(mg.nodes[2].value == "N");

    Value big;
    REQUIRE(in.eval("Nim(50)", big) == status_ok);
    CHECK_THROWS_WITH(explore(in.ctx, big, 10), Catch::Contains("more than 10 nodes"));
    CHECK(explore(in.ctx, big, 51).nodes.size() == 51);
}

TEST_CASE("values as JSON", "[json]") {
    Interpreter in;
    value_of(in, kayles, "0");
    auto json = [&](const std::string& expr) {
        Value v;
        REQUIRE(in.eval(expr, v) == status_ok);
        return to_json(v);
    };
    CHECK(json("[1, -2, true, \"a\\\"b\\n\"]") == "[1, -2, true, \"a\\\"b\\n\"]");
    // Every kind keeps what tells it apart: tuples and sets are objects.
    CHECK(json("((1, 2), {3, 1}, [])") == R"j({"tuple": [{"tuple": [1, 2]}, {"set": [1, 3]}, []]})j");
    CHECK(json("Nim(3) + Kayles(2)") ==
          R"j({"position": "Nim(3) + Kayles(2)", "misere": false, "parts": [{"game": "Nim", "state": 3}, )j"
          R"j({"game": "Kayles", "state": 2}]})j");
    CHECK(json("misere(Nim(0))") ==
          R"j({"position": "misere(Nim(0))", "misere": true, "parts": [{"game": "Nim", "state": 0}]})j");
    CHECK(json("1..3") == R"j({"range": [1, 3]})j");
    CHECK(json("Kayles") == R"j({"ruleset": "Kayles", "game": "Kayles"})j");
    CHECK(json_string("tab\there\x01") == "\"tab\\there\\u0001\"");
}

TEST_CASE("statement events as JSON lines", "[json]") {
    Interpreter in;
    in.reporter.quiet = true;
    std::vector<std::string> lines;
    in.reporter.on_event = [&](const Event& e) { lines.push_back(event_json(in.sources, e)); };
    in.on_error = [&](const Diagnostic& d) { lines.push_back(error_json(in.sources, d)); };
    in.set_output(std::tmpfile(), std::tmpfile());
    Status s = in.run_text("p.game",
                           "print 1, [2], \"x\"\n"
                           "table n % 3 for n in 0..11\n"
                           "assert 1 == 2\n"
                           "check n < 5 for n in 0..9\n"
                           "print 1 / 0\n");
    CHECK(s == status_error);
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == R"({"event": "print", "file": "p.game", "line": 1, "values": [1, [2], "x"]})");
    CHECK(lines[1] == R"({"event": "table", "file": "p.game", "line": 2, "text": "n % 3 for n in 0..11", "vars": ["n"], )"
                      R"("rows": [[0, 0], [1, 1], [2, 2], [3, 0], [4, 1], [5, 2], [6, 0], [7, 1], [8, 2], [9, 0], )"
                      R"([10, 1], [11, 2]], "period": {"period": 3, "from": 0}})");
    CHECK(lines[2] == R"({"event": "assert", "file": "p.game", "line": 3, "passed": false, )"
                      R"("message": "assertion failed: the left side is 1, the right side is 2"})");
    CHECK(lines[3] == R"({"event": "check", "file": "p.game", "line": 4, "passed": false, )"
                      R"("message": "check failed for n = 5"})");
    CHECK(lines[4] == R"({"event": "error", "file": "p.game", "line": 5, "column": 9, "message": "division by zero"})");
}
