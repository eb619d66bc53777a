// Games of translations on a grid (runtime/translation_grid.hpp,
// compiler/grid_rules.cpp, compiler/range_query_grid.cpp) against twins
// the analysis does not take: the same moves with a condition on two
// coordinates that always holds (` and TWIN`), so the kernels and the
// search solve them. Values, errors and their places must agree, whether
// a range query climbs (its grid rows), single queries descend (the
// solver's one-pass tries), or the states leave what a grid can hold.
#include <catch2/catch.hpp>

#include "interpreter/runtime/translation_grid.hpp"
#include "run_program.hpp"

using grundy::testing::run_program;

namespace {

// `program` with `TWIN` removed, and with it replaced by `twin`.
void same_as_twin(const std::string& program, const std::string& twin, std::uint64_t max_states = 0) {
    auto fill = [&](const std::string& with) {
        std::string text = program;
        for (std::size_t at; (at = text.find(" TWIN")) != std::string::npos;) text.replace(at, 5, with);
        return text;
    };
    const std::string grid = fill(""), plain = fill(" and " + twin);
    auto a = run_program(grid, "", max_states);
    auto b = run_program(plain, "", max_states);
    INFO(grid);
    CHECK(a.out == b.out);
    CHECK(a.err == b.err);
    CHECK(a.status == b.status);
    CHECK(!(a.out.empty() && a.err.empty()));
}

bool has_grid(const std::string& program, const std::string& name) {
    grundy::Interpreter in;
    std::FILE* out = std::fopen("/dev/null", "w");
    in.set_output(out, out);
    in.run_text("test.game", program);
    std::fclose(out);
    const grundy::CompiledGame* g = in.globals.game(name);
    return g && g->fast && g->fast->grid;
}

const std::string kiki =
    "game Kiki {\n"
    "    position (r, c)\n"
    "    start (n, m) => (n - 1, m - 1)\n"
    "    move where c > 0 TWIN => (r, c - 1)\n"
    "    move where r > 0 TWIN => (r - 1, c)\n"
    "    move where r > 0 and c > 0 TWIN => (r - 1, c - 1)\n"
    "}\n";

const std::string king =
    "game King {\n"
    "    position (r, c)\n"
    "    move dr in 0..1, dc in 0..2 where dr + dc > 0 and dr <= r and c - dc >= 0 TWIN => (r - dr, c - dc)\n"
    "    move where c + 1 < 9 and r >= 2 TWIN => (r - 2, c + 1)\n"
    "}\n";

const std::string heaps =
    "game H3(p) {\n"
    "    position (a, b, c)\n"
    "    move k in 1..3 where k <= a TWIN => (a - k, b, c)\n"
    "    move k in [1, p] where b >= k TWIN => (a, b - k, c)\n"
    "    move where 2 * c >= 4 and a < p + 3 TWIN => (a + 1, b, c - 2)\n"
    "}\n";

}  // namespace

TEST_CASE("the analysis takes translations on a grid and nothing else", "[grid]") {
    auto fill = [](std::string text) {
        for (std::size_t at; (at = text.find(" TWIN")) != std::string::npos;) text.erase(at, 5);
        return text;
    };
    CHECK(has_grid(fill(kiki), "Kiki"));
    CHECK(has_grid(fill(king), "King"));
    CHECK(has_grid(fill(heaps), "H3"));
    CHECK(has_grid("game P { position n; move where n >= 2 => n - 2 }", "P"));
    CHECK(has_grid("game L { position p; start (n, m) => [n, m]; move where p[1] > 0 => [p[0], p[1] - 1] }", "L"));
    // A generator over a few constants is one move per value: `p[k]` is then a coordinate.
    CHECK(has_grid("game L { position p; start (n, m) => [n, m]; move k in 0..1 where p[k] > 0 => update(p, k, p[k] - 1) }", "L"));
    CHECK_FALSE(has_grid("game L { position p; start (n, m) => [n, m]; move k in 0..p[0] where p[k] > 0 => [p[0], p[1] - 1] }", "L"));
    // Near misses: two coordinates in one condition, a condition that can
    // fail, `!=`, a canonical form, a result that is not x + d, a range
    // reading the position, a terminal condition, a sum.
    CHECK_FALSE(has_grid("game G { position (r, c); move where r > c => (r - 1, c) }", "G"));
    CHECK_FALSE(has_grid("game G { position (r, c); move where 10 / (c - 3) > 0 => (r, c - 1) }", "G"));
    CHECK_FALSE(has_grid("game G { position (r, c); move where c != 0 => (r, c - 1) }", "G"));
    CHECK_FALSE(has_grid("game G { position (r, c); canonical => (min(r, c), max(r, c)); move where c > 0 => (r, c - 1) }", "G"));
    CHECK_FALSE(has_grid("game G { position (r, c); move k in 1..c => (r, c - k) }", "G"));
    CHECK_FALSE(has_grid("game G { position (r, c); terminal when r == 3 => lose; move where c > 0 => (r, c - 1) }", "G"));
    CHECK_FALSE(has_grid("game G { position n; move k in 1..3 where k < n => split(k, n - k) }", "G"));
}

TEST_CASE("the analysis costs a game no place on the int path", "[grid]") {
    // The analysis compiles the bounds' sides again, hoisting their rule
    // parameters' sums into registers of their own: with 64 registers at
    // most, the second move would find none left; the rules are then
    // compiled once more without it.
    std::string where;
    for (int k = 1; k <= 31; ++k) where += (k > 1 ? " and c >= p + " : "c >= p + ") + std::to_string(k);
    const std::string program = "game G(p) { position (r, c); move where " + where +
                                " => (r, c - 1); move where r >= p + 40 => (r - 1, c) }\n"
                                "print sum([sg(G(0)(r, c)) for r in 0..50, c in 0..50])\n";
    CHECK(grundy::testing::on_int_path(program, "G"));
    CHECK(grundy::testing::output_of(program) == "696\n");
}

TEST_CASE("grid games' range queries and single queries agree with the kernels", "[grid]") {
    same_as_twin(kiki + "print sum([sg(Kiki(n, m)) for n in 1..60, m in 1..70])\n"
                        "print [sg(Kiki(n, m)) for n in 1..9, m in 1..9]\n"
                        "print [sg(Kiki(m, n)) for n in 3..7, m in n..12]\n"
                        "print sg(Kiki(300, 200)), sg(Kiki(2, 999))\n",
                 "r + c >= 0");
    same_as_twin(king + "print [sg(King(r, c)) for r in 0..20, c in 0..20]\n"
                        "print sum([sg(King(r, c)) for c in 0..30, r in 0..30])\n"
                        "print sg(King(200, 7)), [sg(King(r, r)) for r in 0..40]\n",
                 "r + c >= 0");
    same_as_twin(heaps + "print [sg(H3(2)(a, b, c)) for a in 0..7, b in 0..7, c in 0..7]\n"
                         "print sum([sg(H3(5)(a, b, c)) for c in 0..9, b in 0..9, a in 0..9])\n"
                         "print sg(H3(3)(40, 50, 60))\n",
                 "a + b + c >= 0");
    // A move that raises a coordinate below a cap: the box's upper side.
    same_as_twin("game Up { position (r, c); move where c < 3 and r > 0 TWIN => (r - 1, c + 2)\n"
                 "    move where r > 1 TWIN => (r - 2, c); move where c > 1 TWIN => (r, c - 2) }\n"
                 "print [sg(Up(r, c)) for r in 0..12, c in 0..12], sg(Up(30, 4))\n",
                 "r + c >= 0");
    // A list position of fixed length, and coordinates swapped: the row's
    // states a column apart.
    same_as_twin("game K { position p; start (n, m) => [n - 1, m - 1]; move where p[1] > 0 TWIN => [p[0], p[1] - 1]\n"
                 "    move where p[0] > 0 TWIN => [p[0] - 1, p[1]]; move where p[0] > 0 and p[1] > 0 TWIN => [p[0] - 1, p[1] - 1] }\n"
                 "print sum([sg(K(n, m)) for n in 1..40, m in 1..50]), sg(K(30, 20))\n",
                 "p[0] + p[1] >= 0");
    same_as_twin("game C { position (c, r); start (n, m) => (m - 1, n - 1); move where c > 0 TWIN => (c - 1, r)\n"
                 "    move where r > 1 TWIN => (c, r - 2); move where r > 0 and c > 0 TWIN => (c - 1, r - 1) }\n"
                 "print [sg(C(n, m)) for n in 1..30, m in 1..30]\n",
                 "r + c >= 0");
    // A guard `c <= min(L, e)` (small ranges unrolled) is `c <= e` where
    // c <= L, and never holds where c > L.
    same_as_twin("game M { position (x, y); move where 1 <= min(1, x) TWIN => (x - 1, y)\n"
                 "    move where 0 <= min(y - 1, 2) and 2 <= min(1, x) TWIN => (x - 2, y - 1); move where -1 <= min(x - 3, 0) TWIN => (x - 3, y) }\n"
                 "print [sg(M(x, y)) for x in 0..12, y in 0..12]\n",
                 "x + y >= 0");
    CHECK(has_grid("game M { position (x, y); move where 1 <= min(1, x) => (x - 1, y); move where 0 <= min(y - 1, 2) => (x, y - 1) }", "M"));
    CHECK_FALSE(has_grid("game M { position (x, y); move where 1 <= max(1, x) => (x - 1, y) }", "M"));
    // One int: the solver's one-pass tries (a descending query).
    same_as_twin("game P(p) { position n; move where n >= 2 TWIN => n - 2; move where n >= p TWIN => n - p }\n"
                 "print sg(P(7)(5000)), [sg(P(3)(n)) for n in 0..40], sg(P(1)(3000))\n",
                 "n * n >= 0");
    // Values past a byte and past 64: a grid of many steps.
    same_as_twin("game Big { position (r, c); move k in 1..300 where r >= k TWIN => (r - k, c) }\n"
                 "print sum([sg(Big(r, c)) for r in 0..400, c in 0..2])\n"
                 "print [sg(Big(r, 1)) for r in 250..270]\n",
                 "r + c >= 0");
}

TEST_CASE("grid games away from the grid: other ids, negative ints, errors and limits", "[grid]") {
    // Coordinates past what an id holds side by side (15 bits a pair),
    // and negative ones, interned: the kernels and the search take them.
    same_as_twin("game W { position (r, c); move where c > 0 TWIN => (r, c - 1); move where r >= 1 TWIN => (r - 1, c) }\n"
                 "print sum([sg(W(r, c)) for r in 32760..32770, c in 0..5])\n"
                 "print [sg(W(r, c)) for r in 0..3, c in 40000..40002]\n",
                 "r + c >= 0");
    same_as_twin("game N { position (r, c); start (x, y) => (x - 3, y); move where r > -3 TWIN => (r - 1, c); "
                 "move where c > 0 TWIN => (r, c - 1) }\n"
                 "print [sg(N(x, y)) for x in 0..6, y in 0..4]\n",
                 "r + c >= -100");
    // An option past the grid: (r, c + 1) from c = 2^15 - 1 is no own id.
    same_as_twin("game U { position (r, c); move where c < 32767 and r > 0 TWIN => (r - 1, c + 1) }\n"
                 "print [sg(U(r, c)) for r in 0..3, c in 32764..32767]\n",
                 "r + c >= 0");
    // A move whose option is never an own id (a vector past what an id
    // holds): where it applies, the kernels and the search take the state.
    same_as_twin("game V { position (a, b); move where a == 0 TWIN => (-2147483647, b); move where b > 0 TWIN => (a, b - 1) }\n"
                 "print [sg(V(a, b)) for a in 0..2, b in 0..3], sg(V(0, 0))\n",
                 "a + b >= -2147483647");
    same_as_twin("game O { position n; move where n == 0 TWIN => 2147483648; move where n > 0 TWIN => n - 1 }\n"
                 "print [sg(O(n)) for n in 0..5], sg(O(0))\n",
                 "str(n) != \"x\"");
    // A rule error at a state the query reaches (the rules as written
    // raise it, at their place), and a hoisted part that fails.
    same_as_twin("game E { position (r, c)\n"
                 "    move where c > 0 TWIN => (r, c - 1)\n"
                 "    move where r > 0 => (r - 1, c + 10 / (r - 5)) }\n"
                 "print sum([sg(E(r, c)) for r in 0..8, c in 0..3])\n",
                 "r + c >= 0");
    same_as_twin("game F(p) { position (r, c)\n"
                 "    move where c > 0 TWIN => (r, c - 1)\n"
                 "    move where r > 0 and 1 / p > 0 => (r - 1, c) }\n"
                 "print sum([sg(F(0)(r, c)) for r in 0..8, c in 0..3])\n",
                 "r + c >= 0");
    // An overflow in a result: reported where the rules reach it.
    same_as_twin("game O { position (r, c)\n"
                 "    move where c > 0 TWIN => (r, c - 1)\n"
                 "    move where r == 3 => (r + 9223372036854775807, c) }\n"
                 "print sum([sg(O(r, c)) for r in 0..4, c in 0..3])\n",
                 "r + c >= 0");
    // The state limit, met part way through a row.
    same_as_twin(kiki + "print sum([sg(Kiki(n, m)) for n in 1..30, m in 1..30])\n", "r + c >= 0", 500);
    // A loop: moves there and back.
    same_as_twin("game L { position (r, c); move where c > 0 TWIN => (r, c - 1); move where c == 0 and r < 2 TWIN => (r + 1, c)\n"
                 "    move where c == 0 and r > 0 TWIN => (r - 1, c) }\n"
                 "print [sg(L(r, c)) for r in 0..3, c in 0..3]\n",
                 "r + c >= 0");
    // Affine results that are not the position plus a vector: the
    // compiler takes them, the instance finds they are not.
    same_as_twin("game T { position (r, c); move where c > 0 TWIN => (c - 1, r); move where r > 0 TWIN => (r - 1, c) }\n"
                 "print [sg(T(r, c)) for r in 0..9, c in 0..9]\n",
                 "r + c >= 0");
}
