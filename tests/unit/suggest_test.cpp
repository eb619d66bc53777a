// "Did you mean": the edit distance and the choice of a suggestion.
#include <catch2/catch.hpp>

#include "interpreter/support/suggest.hpp"

using grundy::closest;
using grundy::edit_distance;

TEST_CASE("edit distance counts an adjacent swap as one edit", "[suggest]") {
    CHECK(edit_distance("run", "run") == 0);
    CHECK(edit_distance("rn", "run") == 1);         // a deletion
    CHECK(edit_distance("pritn", "print") == 1);    // a swap
    CHECK(edit_distance("positon", "position") == 1);
    CHECK(edit_distance("tabel", "table") == 1);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("closest suggests only likely typos", "[suggest]") {
    const std::vector<std::string> commands = {"run", "test", "eval", "graph", "repl"};
    CHECK(closest("rn", commands) == "run");
    CHECK(closest("tset", commands) == "test");
    CHECK(closest("grpah", commands) == "graph");
    CHECK(closest("frobnicate", commands).empty());
    CHECK(closest("x", commands).empty());          // one or two letters: one edit at most
    CHECK(closest("run", commands).empty());        // the word itself is passed over
    // Equals: the first candidate wins.
    CHECK(closest("fi", {"if", "fn"}) == "if");
    CHECK(closest("fi", {"fn", "if"}) == "fn");
}
