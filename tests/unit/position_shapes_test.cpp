// Positions spelled as a 1-tuple, a list pattern, or a name holding a list
// of one fixed length compile on the int path like the tuple of their ints:
// the states keep their spelling, and results of another length or kind
// give the errors the generic path gives. Each game is checked against a
// twin that the int path does not take (a `terminal` it cannot compile,
// which never holds).
#include <catch2/catch.hpp>

#include <vector>

#include "interpreter/runtime/instance.hpp"
#include "run_program.hpp"

using grundy::testing::on_int_path;
using grundy::testing::output_of;
using grundy::testing::run_program;

namespace {

// The game `G { position P; body }`, and its twin `T` on the generic path.
std::string with_twin(const std::string& position, const std::string& body, const std::string& name) {
    return "game G { position " + position + "\n" + body + "}\n" + "game T { position " + position +
           "\n terminal when str(" + name + ") == \"x\" => lose\n" + body + "}\n";
}

// The program's output with `queries` asked of G, and of T.
void agree(const std::string& games, const std::string& queries) {
    auto ask = [&](const std::string& game) {
        std::string q = queries;
        for (std::size_t at = 0; (at = q.find("G(", at)) != std::string::npos; at += 2) q.replace(at, 2, game + "(");
        return run_program(games + q);
    };
    auto fast = ask("G"), slow = ask("T");
    auto as_g = [](std::string text, const std::string& from, const std::string& to) {
        for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
        return text;
    };
    const std::string slow_err = as_g(slow.err, "`T`", "`G`");
    CHECK(fast.out == as_g(slow.out, "T(", "G("));
    // The same message at the same column; the twin's line is further down.
    auto first = [](const std::string& err) {
        std::string line = err.substr(0, err.find('\n'));
        const std::size_t file = line.find(':');
        return file == std::string::npos ? line : line.substr(line.find(':', file + 1));
    };
    CHECK(first(fast.err) == first(slow_err));
}

// The states held in the table (as Values or keys; own ids are not) of
// each instance of game `name` once `program` has run.
std::vector<std::size_t> held_states(const std::string& program, const std::string& name) {
    grundy::Interpreter in;
    std::FILE* out = std::fopen("/dev/null", "w");
    in.set_output(out, out);
    in.run_text("test.game", program);
    std::fclose(out);
    std::vector<std::size_t> counts;
    for (const grundy::Instance* i : in.ctx.all_instances())
        if (i->game().name == name) counts.push_back(i->state_count());
    return counts;
}

}  // namespace

TEST_CASE("a 1-tuple and a one-name list pattern are int positions", "[shapes]") {
    const std::string one = with_twin("(n,)", " move k in 1..3 where k <= n => (n - k,)\n", "n");
    const std::string list = with_twin("[n]", " move k in 1..3 where k <= n => [n - k]\n", "n");
    CHECK(on_int_path(one, "G"));
    CHECK_FALSE(on_int_path(one, "T"));
    CHECK(on_int_path(list, "G"));
    const std::string queries =
        "print [sg(G(n)) for n in 0..12]\nprint sum([sg(G(n)) for n in 0..100000])\n"
        "print G(7), moves(G(2)), state(G(4))\nprint sg(G(-1)), G(5000000000), moves(G(5000000000))\n";
    agree(one, queries);
    agree(list, queries);
    CHECK(output_of(list + "print G(3), moves(G(3))\n") == "G([3]) [G([2]), G([1]), G([0])]\n");
    CHECK(output_of(one + "print moves(G(2))\n") == "[G(1), G(0)]\n");
}

TEST_CASE("list patterns of several names are int positions, tuple or list results alike", "[shapes]") {
    const std::string body =
        " canonical => sorted([a, b, c])\n"
        " move k in 1..a => [a - k, b, c]\n move k in 1..b => (a, b - k, c)\n move k in 1..c => [a, b, c - k]\n"
        " move k in 1..min(a, b) => [a - k, b - k, c]\n";
    const std::string games = with_twin("[a, b, c]", body, "a");
    CHECK(on_int_path(games, "G"));
    agree(games, "print [sg(G(a, b, c)) for a in 0..6, b in a..6, c in b..6]\nprint moves(G(2, 1, 3)), G(3, 2, 1)\n");
}

TEST_CASE("a result of another length or kind is the error it was", "[shapes]") {
    const std::string wrong_length =
        with_twin("(n,)", " move k in 1..3 where k <= n => if n == 4 then (n - k, 1) else (n - k,)\n", "n");
    const std::string wrong_kind = with_twin("[n]", " move k in 1..3 where k <= n => if n == 4 then n - k else [n - k]\n", "n");
    const std::string bad_index = with_twin("h", " move i in 0..2 where i < h[0] => [h[0] - 1, h[i]]\n", "h");
    for (const std::string& games : {wrong_length, wrong_kind}) {
        agree(games, "print sg(G(3))\nprint sg(G(6))\n");
        CHECK(run_program(games + "print sg(G(6))\n").err.find("does not fit the position pattern") != std::string::npos);
    }
    CHECK(on_int_path(bad_index, "G"));
    agree(bad_index, "print sg(G([1, 5]))\nprint sg(G([3, 5]))\n");
    CHECK(run_program(bad_index + "print sg(G([3, 5]))\n").err.find("index 2 is out of range for a list of length 2") !=
          std::string::npos);
}

TEST_CASE("a name holding a list of one fixed length is an int position", "[shapes]") {
    const std::string chomp = with_twin("r",
                                        " move j in 1..r[0] - 1 => [j, min(r[1], j), min(r[2], j)]\n"
                                        " move j in 0..r[1] - 1 => [r[0], j, min(r[2], j)]\n"
                                        " move j in 0..r[2] - 1 => [r[0], r[1], j]\n",
                                        "r");
    CHECK(on_int_path(chomp, "G"));
    agree(chomp,
          "print [outcome(G([a, b, c])) for a in 1..6, b in 0..a, c in 0..b]\n"
          "print moves(G([2, 1, 1])), sg(G([3, 1])), sg(G([2, 1, 1, 1]))\n");
    // update at a generator variable whose range stays inside the list, and
    // at a literal index; sorted(h) as canonical; len(h) a constant.
    const std::string heaps = with_twin("h",
                                        " canonical => sorted(h)\n"
                                        " move i in 0..len(h) - 1, k in 1..h[i] => update(h, i, h[i] - k)\n"
                                        " move k in 1..min(h[0], h[1]) => update(update(h, 0, h[0] - k), 1, h[1] - k)\n"
                                        " move k in 1..3 where k <= h[1] => [h[0], h[1] - k]\n",
                                        "h");
    CHECK(on_int_path(heaps, "G"));
    agree(heaps, "print [sg(G([a, b])) for a in 0..8, b in 0..8]\nprint moves(G([3, 2])), sg(G([4]))\n");
    // One int: `G([n])` over a range is a range query.
    const std::string one = with_twin("h", " move k in 1..3 where k <= h[0] => [h[0] - k]\n", "h");
    CHECK(on_int_path(one, "G"));
    agree(one, "print sum([sg(G([n])) for n in 0..100000])\nprint [sg(G([n])) for n in 0..9], sg(G(3))\n");
}

TEST_CASE("a list whose length only its position fixes is int code of that length", "[shapes]") {
    using grundy::testing::on_int_path_at_length;
    // The generators over the list's indices run over constants once the
    // length is known: one move per index, in order.
    const std::string heaps =
        with_twin("h",
                  " canonical => sorted(h)\n"
                  " move i in 0..len(h) - 1, k in 1..h[i] => update(h, i, h[i] - k)\n"
                  " move i in 0..len(h) - 2, j in i + 1..len(h) - 1, k in 1..min(h[i], h[j]) =>\n"
                  "     update(update(h, i, h[i] - k), j, h[j] - k)\n",
                  "h");
    for (std::size_t k = 1; k <= 8; ++k) CHECK(on_int_path_at_length(heaps, "G", k));
    CHECK_FALSE(on_int_path_at_length(heaps, "T", 3));
    CHECK_FALSE(on_int_path(heaps, "G"));  // no length of its own
    // The instance runs the first position's length; others run in lanes.
    agree(heaps,
          "print [sg(G([a, b, c])) for a in 0..5, b in 0..5, c in 0..5]\n"
          "print [sg(G([a, b])) for a in 0..6, b in 0..6], sg(G([])), sg(G([1, 2, 3, 4, 5, 6, 7, 8, 9]))\n"
          "print moves(G([3, 1, 2])), G([2, 1]), sg(G([2, 2, 2, 2])), G([1, 5, 4, 3, 2, 1, 0, 7])\n");
    agree(heaps, "print [sg(G([a, b])) for a in 0..6, b in 0..6]\nprint moves(G([3, 1, 2])), sg(G([3, 1, 2]))\n");
    agree(heaps, "print [outcome(G([n])) for n in 0..20], sum([sg(G([n])) for n in 0..1000])\n");
    // Errors: an index past the end, and two updates that both fail, the
    // inner one first (its value is the list's second item).
    const std::string past = with_twin("h", " move i in 0..len(h), k in 1..h[i] => update(h, i, h[i] - k)\n", "h");
    agree(past, "print sg(G([2, 1]))\n");
    CHECK(run_program(past + "print sg(G([2, 1]))\n").err.find("out of range") != std::string::npos);
    const std::string both = with_twin("h", " move where h[0] > 0 => update(update(h, 1, 10 / (h[1] - 3)), 0, 10 / (h[0] - 2))\n", "h");
    agree(both, "print sg(G([2, 3]))\n");
    agree(both, "print sg(G([1, 3]))\n");
    const std::string order = with_twin("h", " move where h[0] > 0 => update(update(h, 0, 10 / (h[0] - 2)), 1, 10 / (h[1] - 3))\n", "h");
    agree(order, "print sg(G([2, 3]))\n");
    // Updates at one index, or right to left: the values as lets, in order.
    const std::string back = with_twin("h",
                                       " start (a, b) => [a, b]\n"
                                       " move k in 1..h[0] => update(h, 0, h[0] - k)\n"
                                       " move k in 1..min(h[0], h[1]) => update(update(h, 1, h[1] - k), 0, h[0] - k)\n"
                                       " move where h[0] > 1 => update(update(h, 0, 7 / h[1]), 0, h[0] - 2)\n",
                                       "h");
    CHECK(on_int_path(back, "G"));
    agree(back, "print [sg(G(a, b)) for a in 0..6, b in 1..6]\nprint sg(G(3, 0))\n");
    // A let of the rules' around the list: the index and value keep their names' meaning.
    const std::string let = with_twin("h", " move i in 0..len(h) - 1, k in 1..h[i] => update(let k = 0 in h, i, h[i] - k)\n", "h");
    agree(let, "print sg(G([2, 3])), moves(G([2, 1]))\n");
    // A warning about the rules is given once, not once per length or unrolled move.
    const std::string xor_rules =
        "game G { position h\n move i in 0..len(h) - 1, k in 1..h[i] where k <= 2 ^ 3 + abs(2 ^ i) => update(h, i, h[i] - k) }\n"
        "print sg(G([3, 3]))\n";
    const std::string err = run_program(xor_rules).err;
    std::size_t warnings = 0;
    for (std::size_t at = 0; (at = err.find("warning:", at)) != std::string::npos; ++at) ++warnings;
    CHECK(warnings == 1);
}

TEST_CASE("lists of mixed lengths stay where they were", "[shapes]") {
    const std::string mixed = with_twin("h", " move where len(h) > 0 => [h[j] for j in 1..len(h) - 1]\n move where len(h) == 3 => [h[0] + 1]\n", "h");
    CHECK(output_of(mixed + "print sg(G([3, 4, 5]))\n") == output_of(mixed + "print sg(T([3, 4, 5]))\n"));
}

TEST_CASE("a split into tuple positions is int code and agrees with the generic path", "[position_shapes]") {
    using grundy::testing::generic_copy;
    // POJ 2311's sheets as tuples, and a 3-tuple game splitting into two.
    const std::string paper =
        "game Paper {\n    position (w, h)\n    canonical => (min(w, h), max(w, h))\n"
        "    move i in 2..w - 2 => split((i, h), (w - i, h))\n"
        "    move j in 2..h - 2 => split((w, j), (w, h - j))\n}\n";
    const std::string three =
        "game T {\n    position [a, b, c]\n"
        "    move k in 1..a - 1 where b > 0 => split([k, b - 1, c], [a - k, b, 0])\n"
        "    move k in 1..c => [a, b, c - k]\n}\n";
    CHECK(on_int_path(paper, "Paper"));
    CHECK(on_int_path(three, "T"));
    const std::string q1 = "print [outcome(Paper(w, h)) for w in 2..30, h in 2..30]\n"
                           "print sg(Paper(40, 37)), winning_moves(Paper(9, 7)), moves(Paper(5, 4))\n";
    const std::string q2 = "print [sg(T(a, b, c)) for a in 0..9, b in 0..3, c in 0..4]\n"
                           "print sg(T(12, 5, 3) + T(4, 1, 1)), outcome(misere(T(5, 2, 2)))\n";
    for (const auto& [game, name, queries] :
         {std::tuple{paper, "Paper", q1}, std::tuple{three, "T", q2}}) {
        const std::string out = output_of(game + queries);
        CHECK(out.find("error") == std::string::npos);
        CHECK(out == output_of(generic_copy(game + queries, name)));
    }
}

TEST_CASE("a split under `let` is stepped only when every part is affine", "[position_shapes]") {
    using grundy::testing::generic_copy;
    // k * k is not affine in k: its options are not evenly spaced.
    const std::string game =
        "game K { position n; move k in 1..isqrt(n) where k * k + k <= n => let r = k * k in split(r - 1, n - r - k) }\n";
    const std::string queries = "print [sg(K(n)) for n in 0..200]\n";
    CHECK(output_of(game + queries) == output_of(generic_copy(game + queries, "K")));
    // A sum of calls of a tuple game is its split.
    const std::string paper =
        "game P { position [w, h]\n    move i in 2..w - 2 => P(i, h) + P(w - i, h)\n"
        "    move j in 2..h - 2 => P(w, j) + P(w, h - j)\n}\n";
    const std::string q = "print [outcome(P(w, h)) for w in 2..25, h in 2..25]\n";
    CHECK(output_of(paper + q) == output_of(generic_copy(paper + q, "P")));
}

TEST_CASE("list positions too long or too large for one word agree with the generic path", "[position_shapes]") {
    using grundy::testing::generic_copy;
    // Chomp by column heights (lists of up to 30 items), and heaps past 15
    // (items of up to 8 bits): packed into runs of words.
    const std::string chomp =
        "game C {\n    position h\n    terminal when h == [1] => lose\n"
        "    move i in 0..len(h) - 1, j in 0..h[i] - 1 where i + j > 0 =>\n"
        "        [(if c >= i then min(h[c], j) else h[c]) for c in 0..len(h) - 1 where c < i or j > 0]\n}\n"
        "fn board(a, b, c) = [3 for x in 1..c] + [2 for x in c + 1..b] + [1 for x in b + 1..a]\n";
    const std::string heaps =
        "game H {\n    position h\n"
        "    move i in 0..min(len(h) - 1, 1), k in 1..h[i] where k <= 3 or k % 7 == 0 =>\n"
        "        [(if c == i then h[c] - k else h[c]) for c in 0..len(h) - 1]\n}\n";
    CHECK(on_int_path(chomp, "C"));
    CHECK(on_int_path(heaps, "H"));
    const std::string q1 = "print len([1 for a in 1..30, b in 0..a, c in 0..b where outcome(C(board(a, b, c))) == \"P\"])\n"
                           "print sg(C(board(20, 17, 3))), winning_moves(C(board(18, 2, 1)))\n";
    const std::string q2 = "print [sg(H([a, b, 40])) for a in 0..20, b in 14..18]\n"
                           "print sg(H([70, 300, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2])), moves(H([16, 0]))\n";
    for (const auto& [game, name, queries] : {std::tuple{chomp, "C", q1}, std::tuple{heaps, "H", q2}}) {
        const std::string out = output_of(game + queries);
        CHECK(out.find("error") == std::string::npos);
        CHECK(out == output_of(generic_copy(game + queries, name)));
    }
}

TEST_CASE("an index generator whose range a hoisted condition bounds is unrolled, guarded", "[shapes]") {
    using grundy::testing::on_int_path_at_length;
    // `where h[i] > 0 and h[j] > 0`: the first conjunct bounds j's range
    // (rewrite_rules' hoist), so j's end is known only within a few values.
    const std::string pairs =
        with_twin("hs",
                  " canonical => sorted(hs)\n"
                  " move i in 0..len(hs) - 1, k in 1..min(3, hs[i]) => update(hs, i, hs[i] - k)\n"
                  " move i in 0..len(hs) - 1, j in i + 1..len(hs) - 1 where hs[i] > 0 and hs[j] > 0 =>\n"
                  "     update(update(hs, i, hs[i] - 1), j, hs[j] - 1)\n",
                  "hs");
    for (std::size_t k = 1; k <= 8; ++k) CHECK(on_int_path_at_length(pairs, "G", k));
    agree(pairs, "print sum([sg(G([a, b, c, d])) for a in 0..6, b in a..6, c in b..6, d in c..6])\n"
                 "print moves(G([0, 2, 0, 1])), sg(G([1, 1])), sg(G([5, 0, 5, 0, 5]))\n");
    // A condition that may fail is not moved into the bound's guard: its
    // error comes where the rules raise it.
    const std::string failing =
        with_twin("hs",
                  " move i in 0..len(hs) - 1, j in i + 1..len(hs) - 1 where 6 / hs[i] > 1 and hs[j] > 0 =>\n"
                  "     update(update(hs, i, hs[i] - 1), j, hs[j] - 1)\n",
                  "hs");
    agree(failing, "print sg(G([2, 2, 2]))\n");
    agree(failing, "print sg(G([1, 3, 2]))\n");
    const std::string point =
        with_twin("hs", " move j in 0..(if 6 / hs[0] > 1 then 1 else 1) where hs[j] > 0 => update(hs, j, hs[j] - 1)\n", "hs");
    agree(point, "print sg(G([0, 2]))\n");
    CHECK(run_program(point + "print sg(G([0, 2]))\n").err.find("division by zero") != std::string::npos);
}

TEST_CASE("min and max of a list position, and a comprehension over it, are int code of its length", "[shapes]") {
    using grundy::testing::generic_copy;
    using grundy::testing::on_int_path_at_length;
    const std::string all_down =
        with_twin("h",
                  " canonical => sorted(h)\n"
                  " move i in 0..len(h) - 1, k in 1..h[i] => update(h, i, h[i] - k)\n"
                  " move where min(h) > 0 and max(h) < 40 => [x - 1 for x in h]\n",
                  "h");
    for (std::size_t k = 1; k <= 8; ++k) CHECK(on_int_path_at_length(all_down, "G", k));
    agree(all_down, "print sum([sg(G([a, b, c])) for a in 0..12, b in a..12, c in b..12])\n"
                    "print moves(G([3, 1, 2])), sg(G([1])), sg(G([41, 2]))\n");
    // The items in order: the first failing one's error.
    const std::string failing = with_twin("h", " move where h[0] > 0 => [x - 12 / x for x in h]\n", "h");
    agree(failing, "print sg(G([5, 0, 3]))\n");
    CHECK(run_program(failing + "print sg(G([5, 0, 3]))\n").err.find("division by zero") != std::string::npos);
    // A list or tuple written out, in a tuple game.
    const std::string written = "game W { position (a, b, c)\n"
                                " move where min([a, b, c]) > 0 => (a - 1, b - 1, c - 1)\n"
                                " move k in 1..max((a, b)) where k <= a => (a - k, b, c) }\n";
    CHECK(on_int_path(written, "W"));
    CHECK(output_of(written + "print [sg(W(a, b, 2)) for a in 0..5, b in 0..5]\n") ==
          output_of(generic_copy(written + "print [sg(W(a, b, 2)) for a in 0..5, b in 0..5]\n", "W")));
}

TEST_CASE("a canonical form sorting in descending order is int code", "[shapes]") {
    using grundy::testing::generic_copy;
    using grundy::testing::on_int_path_at_length;
    const std::string tuple = "game D { position (a, b, c)\n canonical => tuple(reversed(sorted([a, b, c])))\n"
                              " move k in 1..a => (a - k, b, c)\n move k in 1..b where k <= 3 => (a, b - k, c)\n"
                              " move where c > 1 => (a + 1, b, c - 2) }\n";
    CHECK(on_int_path(tuple, "D"));
    const std::string q = "print sum([sg(D(a, b, c)) for a in 0..9, b in 0..9, c in 0..9]), moves(D(1, 5, 3)), D(1, 2, 3)\n";
    CHECK(output_of(tuple + q) == output_of(generic_copy(tuple + q, "D")));
    const std::string list = with_twin("h",
                                       " canonical => reversed(sorted(h))\n"
                                       " move i in 0..len(h) - 1, k in 1..h[i] where k <= 2 or i == 0 => update(h, i, h[i] - k)\n",
                                       "h");
    for (std::size_t k = 1; k <= 8; ++k) {
        INFO("length " << k);
        CHECK(on_int_path_at_length(list, "G", k));
    }
    agree(list, "print sum([sg(G([a, b, c])) for a in 0..8, b in 0..8, c in 0..8]), moves(G([1, 4, 2])), G([1, 3, 2])\n");
}

TEST_CASE("an index that is a sum of unrolled variables and literals reads one int", "[shapes]") {
    using grundy::testing::on_int_path_at_length;
    // Staircase Nim: coins go down one stair; `h[i - 1]` at i = 0 is the last stair.
    const std::string stairs =
        with_twin("h",
                  " move k in 1..h[0] => update(h, 0, h[0] - k)\n"
                  " move i in 1..len(h) - 1, k in 1..h[i] => update(update(h, i, h[i] - k), i - 1, h[i - 1] + k)\n"
                  " move i in 0..len(h) - 1 where h[i] > 0 and h[i - 1] % 2 == 1 => update(h, i, h[i] - 1)\n",
                  "h");
    for (std::size_t k = 2; k <= 6; ++k) CHECK(on_int_path_at_length(stairs, "G", k));
    agree(stairs, "print sum([sg(G([a, b, c, d])) for a in 0..5, b in 0..5, c in 0..5, d in 0..5])\n"
                  "print moves(G([1, 2, 3])), sg(G([0, 4]))\n");
}

TEST_CASE("nested tuple positions are int positions; their states stay nested", "[shapes]") {
    const std::string body =
        " move k in 1..a => ((a - k, b), c)\n move k in 1..b => ((a, b - k), c)\n move k in 1..c => ((a, b), c - k)\n"
        " move k in 1..min(a, b) => if a > 3 then ((a - k, b - k), c) else let m = c in ((a - k, b - k), m)\n";
    const std::string games = with_twin("((a, b), c)", body, "a");
    CHECK(on_int_path(games, "G"));
    agree(games, "print sum([sg(G((a, b), c)) for a in 0..9, b in 0..9, c in 0..9])\n"
                 "print moves(G((2, 1), 3)), state(G([1, 2], 0)), G((3, 4), 5) == G([3, 4], 5)\n"
                 "print winning_moves(G((3, 5), 1)), sg(G((2, 3), -1))\n");
    CHECK(output_of(games + "print moves(G((1, 1), 1))\n") == "[G((0, 1), 1), G((1, 0), 1), G((1, 1), 0), G((0, 0), 1)]\n");
    // A state given as a Value is packed as its ints, as the int path
    // makes them: the table holds no Value.
    CHECK(held_states(games + "print sum([sg(G((a, b), c)) for a in 0..9, b in 0..9, c in 0..9])\n", "G") ==
          std::vector<std::size_t>{0});
    // Brackets, `_`, a canonical form, split and start, each in its place.
    const std::string more = with_twin("[(a, _), [c, d]]",
                                       " canonical => [(min(a, c), 0), [max(a, c), d]]\n"
                                       " move k in 1..a => [(a - k, 0), [c, d]]\n"
                                       " move k in 1..c where d > 0 => split([(a, 0), [c - k, d - 1]], [(k, 9), [0, 0]])\n",
                                       "a");
    CHECK(on_int_path(more, "G"));
    agree(more, "print [sg(G((a, 5), [c, d])) for a in 0..4, c in 0..4, d in 0..2]\nprint moves(G((3, 1), [2, 1]))\n");
    // Inner tuples of one item are nested too.
    const std::string ones = with_twin("((a,), b)", " move k in 1..a => ((a - k,), b)\n", "a");
    CHECK(on_int_path(ones, "G"));
    agree(ones, "print sg(G((2,), 1)), moves(G((2,), 1)), [sg(G((a,), b)) for a in 0..2, b in 0..1]\nprint sg(G(2, 1))\n");
    CHECK(run_program(ones + "print sg(G(2, 1))\n").err.find("does not fit the position pattern") != std::string::npos);
    // A result of another shape is the error it was.
    const std::string wrong = with_twin("((a, b), c)", " move k in 1..a => if a == 3 then (a - k, b, c) else ((a - k, b), c)\n", "a");
    agree(wrong, "print sg(G((2, 1), 1))\nprint sg(G((3, 1), 1))\n");
    CHECK(run_program(wrong + "print sg(G((3, 1), 1))\n").err.find("does not fit the position pattern") != std::string::npos);
}

TEST_CASE("a generic game's tuples of small ints are packed as the int path's", "[shapes]") {
    // Off the int path (`str` in `terminal`): the same values
    // as the int path's twin, and no state held as a Value; states of
    // negative ints, or holding a set, stay Values, each with one id.
    const std::string games =
        "fn square_from(n, i) = if i * i > n then false else if i * i == n then true else square_from(n, i + 1)\n"
        "game R { position ((a, b), c)\n terminal when str(a) == \"x\" or square_from(a + b + c, 0) => lose\n"
        " move k in 1..min(3, a) => ((a - k, b), c)\n move k in 1..min(3, b) => ((a, b - k), c)\n"
        " move where c > -2 => ((a, b), c - 1) }\n"
        "game I { position (a, b, c)\n terminal when a + b + c >= 0 and isqrt(a + b + c) ** 2 == a + b + c => lose\n"
        " move k in 1..min(3, a) => (a - k, b, c)\n move k in 1..min(3, b) => (a, b - k, c)\n"
        " move where c > -2 => (a, b, c - 1) }\n"
        "game S { position (n, s)\n move k in s where k <= n => (n - k, s - {k}) }\n";
    CHECK_FALSE(on_int_path(games, "R"));
    CHECK(on_int_path(games, "I"));
    CHECK(output_of(games + "print [sg(R((a, b), c)) for a in 0..6, b in 0..6, c in 0..6] =="
                            " [sg(I(a, b, c)) for a in 0..6, b in 0..6, c in 0..6], moves(R((2, 0), 0))\n"
                            "print [sg(S(n, {1, 2, 3})) for n in 0..8]\n") ==
          "true [R((1, 0), 0), R((0, 0), 0), R((2, 0), -1)]\n[0, 1, 1, 2, 0, 0, 1, 1, 1]\n");
    const auto held = held_states(games + "print sum([sg(R((a, b), c)) for a in 0..9, b in 0..9, c in 0..9])\n", "R");
    REQUIRE(held.size() == 1);
    CHECK(held[0] <= 2 * 10 * 10);  // c = -1 or -2: of 1,200 states
}
